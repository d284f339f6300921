"""Imported card text compiled into the effect vocabulary (bss_desktop/carddb/text_compile).

Every sentence here is written for these tests in the templates real card text uses; none is a real card's text.
A template is checked twice: compiled (what directives it says) and, for the main ones, played from a concrete
position with the outcome the text states. An effect with one sentence the compiler does not know stays manual as a
whole, never half automated.
"""
from __future__ import annotations

import pytest

from bss_desktop.carddb.text_compile import compile_effect, compile_sentence
from bss_desktop.engine import stats
from bss_desktop.engine.commands import Attack, Block, Pass, SetBurst, Summon, UseMagic
from bss_desktop.engine.errors import IllegalCommand
from helpers import answer, cids, first, imported_db, position, record, two_players

FAMILIES = ("Stoneback", "Sky Warden")
_card = record


def _db_with(*records):
    return imported_db(*records, families=FAMILIES)


def _game(db, p0: str, p1: str, **kw):
    return position(two_players(p0, p1, **kw), db=db)


def ops(sentence: str):
    s = compile_sentence(sentence, FAMILIES)
    assert s.ok, s.why
    return s.ops


# ---------------------------------------------------------------- one sentence, one template

@pytest.mark.parametrize("sentence, expected", [
    ("Draw a card.", [{"draw": 1}]),
    ("Draw two cards.", [{"draw": 2}]),
    ("Discard a card.", [{"discard": 1}]),
    ("Discard the top three cards of your opponent's deck.", [{"mill": {"count": 3, "side": "opponent"}}]),
    ("Discard the top card of your deck.", [{"mill": {"count": 1, "side": "you"}}]),
    ("Select one of your opponent's spirits with 6,000 or fewer BP and destroy it.", [{"destroy": {"bp_max": 6000}}]),
    ("Select one of your opponent's spirits that costs 3 or fewer and return it to their hand.",
     [{"bounce": {"cost_max": 3}}]),
    ("Select one of your opponent's exhausted spirits and destroy it.", [{"destroy": {"exhausted": True}}]),
    ("Select one of your opponent's spirits and exhaust it.", [{"exhaust": {}}]),
    ("Select up to two of your spirits and refresh them.", [{"refresh": {"side": "you", "up_to": 2}}]),
    ("Select one of your opponent's nexuses and destroy it.", [{"destroy": {"type": "nexus"}}]),
    ("Select any number of your opponent's spirits with a combined total of 8000 or fewer BP and destroy them.",
     [{"destroy": {"any_number": True, "total_bp_max": 8000}}]),
    ("Select one of your Stoneback spirits.", [{"select": {"side": "you", "family": "Stoneback"}}]),
    ("Your other stoneback spirits gain 1000 BP.",  # families are matched without case
     [{"bp": {"target": {"side": "you", "other": True, "family": "stoneback", "all": True}, "add": 1000,
              "_duration": None}}]),
    ("Select a spirit.", [{"select": {"side": "any"}}]),
    ("Select one of your opponent's spirits with \"Gear\" in its card name and destroy it.",
     [{"destroy": {"name_has": "Gear"}}]),
    ("Select one of your opponent's spirits with Confront and return it to the bottom of their deck.",
     [{"to_deck_bottom": {"keyword": "confront"}}]),
    ("It gains 2000 BP during this turn.", [{"bp": {"target": "it", "add": 2000, "_duration": "turn"}}]),
    ("This spirit gains 1000 BP.", [{"bp": {"target": "this", "add": 1000, "_duration": None}}]),
    ("Reduce its BP by 3000 during this turn.", [{"bp": {"target": "it", "add": -3000, "_duration": "turn"}}]),
    ("All of your spirits gain 1000 BP during this turn.",
     [{"bp": {"target": {"side": "you", "all": True}, "add": 1000, "_duration": "turn"}}]),
    ("Treat it as LV1 during this turn.", [{"level": {"target": "it", "set": 1, "_duration": "turn"}}]),
    ("It gains Confront during this turn.",
     [{"grant": {"target": "it", "keyword": "confront", "_duration": "turn"}}]),
    ("That spirit cannot block during this battle.",
     [{"restrict": {"target": "it", "cannot": "block", "_duration": "battle"}}]),
    ("This spirit cannot be blocked during this turn.",
     [{"restrict": {"target": "this", "cannot": "be_blocked", "_duration": "turn"}}]),
    ("Remove two cores from it and place them into their reserve.",
     [{"core_remove": {"target": "it", "count": 2}}]),
    ("Place a core from the void onto this spirit.", [{"core_charge": {"target": "this", "count": 1}}]),
    ("Place a core from the void into your reserve.", [{"core_gain": {"count": 1, "to": "reserve"}}]),
    ("Place a core from the void into your life.", [{"life_gain": 1}]),
    ("Destroy all of your opponent's spirits with 2000 or fewer BP.",
     [{"destroy": {"bp_max": 2000, "all": True}}]),
    ("Select a magic card from your trash and return it to your hand.",
     [{"bounce": {"side": "you", "type": "magic", "zone": "trash"}}]),
    ("If you have 2 or fewer life, draw a card.", [{"draw": 1, "if": {"life_max": 2}}]),
    ("Draw a card if you have 3 or fewer cards in your hand.",
     [{"draw": 1, "if": {"count": {"cards": {"zone": "hand", "type": "any", "side": "you"}}, "count_max": 3}}]),
    ("You may draw a card.", [{"draw": 1, "may": True}]),
    ("If you do, draw two cards.", [{"draw": 2, "if_done": True}]),
    # the opponent selects among their own (chooser), all cores but N (keep)
    ("Your opponent selects one of their refreshed spirits and exhausts it.",
     [{"exhaust": {"exhausted": False, "chooser": "opponent"}}]),
    ("Your opponent selects two of their spirits.", [{"select": {"count": 2, "chooser": "opponent"}}]),
    ("Remove all but one core from it and place them into their reserve.",
     [{"core_remove": {"target": "it", "keep": 1}}]),
    # families named together, selections followed by what happens to them
    ("Select one of your Stoneback or Sky Warden spirits.", [{"select": {"side": "you",
                                                                       "families": ["Stoneback", "Sky Warden"]}}]),
    ("Select one of your nexuses and place a core from the void onto it.",
     [{"select": {"side": "you", "type": "nexus"}}, {"core_charge": {"target": "it", "count": 1}}]),
    # everyone's spirits, restrictions with their blockers, both restrictions
    ("Spirits with 3000 or fewer BP cannot attack during this turn.",
     [{"restrict": {"target": {"side": "any", "all": True, "bp_max": 3000}, "cannot": "attack",
                    "_duration": "turn"}}]),
    ("This spirit cannot be blocked by your opponent's spirits that cost 3 or fewer.",
     [{"restrict": {"target": "this", "cannot": "be_blocked", "_duration": None, "by": {"cost_max": 3}}}]),
    ("It cannot attack or block during this turn.",
     [{"restrict": {"target": "it", "cannot": "attack", "_duration": "turn"}},
      {"restrict": {"target": "it", "cannot": "block", "_duration": "turn"}}]),
    ("Return all spirits with 3000 or fewer BP to their owners' hands.",
     [{"bounce": {"side": "any", "all": True, "bp_max": 3000}}]),
    ("Remove one core from each of your opponent's exhausted spirits and place them into their reserve.",
     [{"core_remove": {"target": {"exhausted": True, "all": True}, "count": 1}}]),
    # the soul core and core counts as filters and conditions (CR 4-11)
    ("Select one of your opponent's spirits with a \"Soul Core\" on it and destroy it.",
     [{"destroy": {"soul_core": True}}]),
    ("If this spirit has a  on it, draw a card.", [{"draw": 1, "if": {"soul_core": True}}]),  # the icon lost
    ("Exhaust all of your opponent's spirits with 1 or fewer cores.", [{"exhaust": {"all": True, "cores_max": 1}}]),
    ("Draw two cards if you spend a \"Soul Core\" as part of this spirit's summoning cost.",
     [{"draw": 2, "if": {"soul_paid": True}}]),
    ("If you control 2 or fewer spirits, treat this spirit as LV3.",
     [{"level": {"target": "this", "set": 3, "_duration": None},
       "if": {"count": {"cards": {"side": "you", "type": "spirit"}}, "count_max": 2}}]),
    # a granted keyword's reminder after a colon is not a second sentence
    ("It gains Confront during this turn: While This Spirit Attacks Confront",
     [{"grant": {"target": "it", "keyword": "confront", "_duration": "turn"}}]),
    ("Select one of your token spirits and refresh it.", [{"refresh": {"side": "you", "token": True}}]),
    ("Remove two of its cores and place them into their reserve.", [{"core_remove": {"target": "it", "count": 2}}]),
    ("This spirit gains Curse if it has a \"Soul Core\" on it.",
     [{"grant": {"target": "this", "keyword": "curse", "_duration": None}, "if": {"soul_core": True}}]),
    ("Treat this spirit as a LV3 spirit if you only have 2 or fewer spirits on your field.",
     [{"level": {"target": "this", "set": 3, "_duration": None},
       "if": {"count": {"cards": {"side": "you", "type": "spirit"}}, "count_max": 2}}]),
    ("This spirit gains 1000 BP for every Stoneback spirit you control.",
     [{"bp": {"target": "this", "add": 1000, "_duration": None,
              "for_each": {"cards": {"side": "you", "family": "Stoneback", "type": "spirit"}}}}]),
    # costs: destroying your own cards, discarding a kind of card (CR 8-4)
    ("You may destroy this nexus to draw two cards.", [{"_cost": {"destroy": "this"}}, {"draw": 2}]),
    ("You may destroy one of your other spirits to draw a card.",
     [{"_cost": {"destroy": {"side": "you", "other": True}}}, {"draw": 1}]),
    ("You may discard a nexus card from your hand to draw a card.",
     [{"_cost": {"discard": {"count": 1, "of": {"type": "nexus"}}}}, {"draw": 1}]),
    ("You may discard a red card to make all of your spirits gain 2000 BP for this turn.",
     [{"_cost": {"discard": {"count": 1, "of": {"colors": ["red"]}}}},
      {"bp": {"target": {"side": "you", "all": True}, "add": 2000, "_duration": "turn"}}]),
    # discards from other hands (CR 10-2-2, 1-3-4)
    ("Your opponent selects a card from their hand and discards it.", [{"discard": {"count": 1, "side": "opponent"}}]),
    ("Your opponent discards two cards.", [{"discard": {"count": 2, "side": "opponent"}}]),
    ("Both players discard two cards.", [{"discard": {"count": 2, "side": "each"}}]),
    # selections without "select", levels, keywords
    ("Refresh one of your spirits that costs 3 or fewer.", [{"refresh": {"side": "you", "cost_max": 3}}]),
    ("Refresh any of your spirits with a \"Soul Core\" on them.",
     [{"refresh": {"side": "you", "any_number": True, "soul_core": True}}]),
    ("All of your LV1 spirits gain 1000 BP.",
     [{"bp": {"target": {"side": "you", "level_min": 1, "level_max": 1, "all": True}, "add": 1000, "_duration": None}}]),
    ("Select one of your opponent's spirits that costs 5 or 6 and destroy it.", [{"destroy": {"costs": [5, 6]}}]),
    ("Select one of your opponent's spirits with Confront or Curse and return it to their hand.",
     [{"bounce": {"keywords": ["confront", "curse"]}}]),
    ("It loses 2000 BP during this turn.", [{"bp": {"target": "it", "add": -2000, "_duration": "turn"}}]),
    ("All of your spirits gain 1000 BP and Confront.",
     [{"bp": {"target": {"side": "you", "all": True}, "add": 1000, "_duration": None}},
      {"grant": {"target": {"side": "you", "all": True}, "keyword": "confront", "_duration": None}}]),
    ("Treat it as its highest level during this turn.",
     [{"level": {"target": "it", "set": "max", "_duration": "turn"}}]),
    ("All of your Stoneback spirits are treated as their highest level during this turn.",
     [{"level": {"target": {"side": "you", "family": "Stoneback", "all": True}, "set": "max", "_duration": "turn"}}]),
    ("During this turn, reduce the BP of all of your opponent's spirits by 1000 for each nexus they control.",
     [{"bp": {"target": {"all": True}, "add": -1000, "_duration": "turn",
              "for_each": {"cards": {"type": "nexus", "side": "opponent"}}}}]),
    ("Return this spirit to your hand.", [{"bounce": "this"}]),
    # conditions
    ("If your opponent has 10 or more cards in their trash, draw 2 cards.",
     [{"draw": 2, "if": {"count": {"cards": {"zone": "trash", "type": "any", "side": "opponent"}}, "count_min": 10}}]),
    ("If you have ten or more symbols, destroy all of your opponent's spirits.",
     [{"destroy": {"all": True}, "if": {"count": {"symbols": {}}, "count_min": 10}}]),
    ("If your opponent has 4 or more life, treat this spirit as LV3.",
     [{"level": {"target": "this", "set": 3, "_duration": None},
       "if": {"count": {"cores": {"place": "life", "side": "opponent"}}, "count_min": 4}}]),
    ("If it is your opponent's turn, draw a card.", [{"draw": 1, "if": {"your_turn": False}}]),
    ("Exhaust this spirit if you do not control a nexus.",
     [{"exhaust": "this", "if": {"count": {"cards": {"side": "you", "type": "nexus"}}, "count_max": 0}}]),
    ("Draw a card if your opponent doesn't control any refreshed spirits.",
     [{"draw": 1, "if": {"count": {"cards": {"exhausted": False, "side": "opponent", "type": "spirit"}},
                         "count_max": 0}}]),
    ("Draw a card if your opponent has a spirit with only one core on it.",
     [{"draw": 1, "if": {"control": {"cores_min": 1, "cores_max": 1, "side": "opponent"}}}]),
    ("If your opponent controls two or more spirits, draw a card.",
     [{"draw": 1, "if": {"control": {"side": "opponent"}, "control_min": 2}}]),
    ("This spirit gains Confront when you have 3 or fewer life.",
     [{"grant": {"target": "this", "keyword": "confront", "_duration": None}, "if": {"life_max": 3}}]),
    ("If a spirit card with \"Crag\" in its card name is in your trash, this spirit gains Confront.",
     [{"grant": {"target": "this", "keyword": "confront", "_duration": None},
       "if": {"count": {"cards": {"side": "you", "name_has": "Crag", "zone": "trash"}}, "count_min": 1}}]),
    ("If you destroy a spirit with this effect, draw a card.", [{"draw": 1, "_if_destroyed": True}]),
    # triggers about this spirit, any of yours, the start of the step
    ("When this spirit is blocked, draw a card.", [{"_trigger": {"trigger": "when_blocked"}}, {"draw": 1}]),
    ("Draw a card when you reduce your opponent's life.",
     [{"_trigger": {"trigger": "your_spirit_reduces_life"}}, {"draw": 1}]),
    ("Place a core from the void onto this spirit when its attack reduces your opponent's life.",
     [{"_trigger": {"trigger": "when_attack_reduces_life"}}, {"core_charge": {"target": "this", "count": 1}}]),
    ("When you summon a Stoneback spirit, draw a card.",
     [{"_trigger": {"trigger": "your_spirit_summoned", "watch": {"family": "Stoneback"}}}, {"draw": 1}]),
    ("At the start of the step, refresh all of your Stoneback spirits.",
     [{"_trigger": {"trigger": "start_of_step"}}, {"refresh": {"side": "you", "family": "Stoneback", "all": True}}]),
    ("Refresh this spirit when you use a magic card that costs 4 or more.",
     [{"_trigger": {"trigger": "you_use_magic", "watch": {"cost_min": 4}}}, {"refresh": "this"}]),
    ("When your opponent uses a magic card, select one of your opponent's spirits after that card's effect resolves "
     "and exhaust it.", [{"_trigger": {"trigger": "opponent_uses_magic"}}, {"exhaust": {}}]),
    ("When one of your blue nexuses is exhausted, draw a card.",
     [{"_trigger": {"trigger": "your_nexus_exhausted", "watch": {"colors": ["blue"]}}}, {"draw": 1}]),
    # the top card, the life, the trash, the blocker, keywords with a value
    ("If it is a Stoneback spirit card, add it to your hand.", [{"_take": {"family": "Stoneback", "type": "spirit",
                                                                           "count": 1}}]),
    ("Otherwise, discard it.", [{"_rest": "trash"}]),
    ("If it is not, return it to the top of your deck.", [{"_rest": "top"}]),
    ("Place a core from your reserve into your life.", [{"life_gain": {"count": 1, "from": "reserve"}}]),
    ("Return it from your trash to your hand.", [{"recover": "it"}]),
    ("Treat the blocking spirit as LV1 during the battle.",
     [{"level": {"target": "blocker", "set": 1, "_duration": "battle"}}]),
    ("It gains Gale:2 during this turn : While This Spirit Attacks Gale:2",
     [{"grant": {"target": "it", "keyword": {"gale": 2}, "_duration": "turn"}}]),
    ("It gains Armor: Red, Purple during this turn: Armor: Red, Purple",
     [{"grant": {"target": "it", "keyword": {"armor": ["red", "purple"]}, "_duration": "turn"}}]),
    ("Then, if you have two or fewer cards in your hand, draw a card.",
     [{"draw": 1, "if": {"count": {"cards": {"zone": "hand", "type": "any", "side": "you"}}, "count_max": 2},
       "_then": True}]),
    ("During this turn, this spirit gains Swift.", [{"grant": {"target": "this", "keyword": "swift",
                                                               "_duration": "turn"}}]),
    ("During this turn, all of your spirits that cost 3 or fewer cannot be blocked by your opponent's spirits that "
     "cost 4 or more.", [{"restrict": {"target": {"side": "you", "all": True, "cost_max": 3}, "cannot": "be_blocked",
                                       "_duration": "turn", "by": {"cost_min": 4}}}]),
])
def test_a_sentence_in_a_template_compiles_to_its_directives(sentence, expected):
    assert ops(sentence) == expected


@pytest.mark.parametrize("sentence", [
    "Shuffle your trash into your deck.",  # a move the vocabulary has no word for
    "Select one of your opponent's spirits with 3000 or fewer BP and banish it.",  # an unknown verb
    "Draw a card for every spirit you control.",  # no template yet
    "Both players shuffle their hands into their decks.",  # no template yet
    "Select one of your opponent's spirits with Confront or Bloodcurse and destroy it.",  # not a CR 11 keyword
])
def test_a_sentence_in_no_template_is_not_recognised_and_says_why(sentence):
    s = compile_sentence(sentence, FAMILIES)
    assert not s.ok and s.why


def test_the_search_sentences_make_one_search():
    r = compile_effect("spirit", "When Summoned", "Reveal the top three cards of your deck. Add one Stoneback card "
                       "from the revealed cards to your hand. Return the remaining cards to the bottom of your deck "
                       "in any order.", families=FAMILIES)
    assert r.automated, r.why
    # "add one": exactly one if one is there (CR 8-5-3-1), not "up to one"
    assert r.effect["do"] == [{"search": {"look": 3, "take": {"family": "Stoneback", "count": 1}, "rest": "bottom"}}]


def test_one_unknown_sentence_keeps_the_whole_effect_manual():
    r = compile_effect("spirit", "When This Spirit Attacks", "Draw a card. Shuffle your trash into your deck.")
    assert not r.automated and "Shuffle your trash" in r.why
    assert r.manual["manual"] and r.manual["trigger"] == "when_attacks"
    assert [s.ok for s in r.sentences] == [True, False]


# ---------------------------------------------------------------- frames: the label and steps

@pytest.mark.parametrize("condition, steps, card_type, expected", [
    ("When Summoned", [], "spirit", {"kind": "triggered", "trigger": "when_summoned"}),
    ("When This Spirit Attacks", [], "spirit", {"kind": "triggered", "trigger": "when_attacks"}),
    ("When This Spirit Blocks", [], "spirit", {"kind": "triggered", "trigger": "when_blocks"}),
    ("When Destroyed By Opponent", [], "spirit", {"kind": "triggered", "trigger": "when_destroyed_by_opponent"}),
    ("When Placed", [], "nexus", {"kind": "triggered", "trigger": "when_placed"}),
    ("While This Spirit Attacks", [], "spirit", {"kind": "constant", "condition": {"attacking": True}}),
    ("During Your Attack Step", [], "nexus", {"kind": "constant", "condition": {"step": "attack", "your_turn": True}}),
    ("During Opponent's Turn", [], "spirit", {"kind": "constant", "condition": {"your_turn": False}}),
    ("N/A", ["Flash"], "spirit", {"kind": "activated", "timing": ["flash"]}),
    ("During Either Attack Step", ["Main", "Flash"], "spirit",
     {"kind": "activated", "timing": ["main", "flash"], "condition": {"step": "attack"}}),
    ("N/A", ["Main", "Flash"], "magic", {"kind": "magic", "timing": ["main", "flash"]}),
    ("End of Opponent's Turn", [], "spirit", {"kind": "triggered", "trigger": "end_of_turn", "whose": "opponent"}),
])
def test_the_frame_comes_from_the_condition_label_and_the_steps(condition, steps, card_type, expected):
    r = compile_effect(card_type, condition, "Draw a card." if card_type != "nexus" or condition != "During Your "
                       "Attack Step" else "All of your spirits gain 1000 BP.", steps)
    assert r.frame.effect_keys() == expected


def test_an_n_a_label_is_read_from_the_start_of_the_text():
    r = compile_effect("spirit", "N/A", "When Summoned Draw a card.")
    assert r.automated and r.effect["trigger"] == "when_summoned" and r.effect["do"] == [{"draw": 1}]


def test_a_burst_label_names_its_burst_trigger():
    r = compile_effect("magic", "When You Lose Life", "Draw a card.", burst=True)
    assert r.effect["kind"] == "burst" and r.effect["trigger"] == "life_reduced"


def test_a_chain_keyword_continues_the_effect_with_its_own_sentences():
    r = compile_effect("spirit", "When This Spirit Attacks", "Draw a card. Chain Red: Place a core from the void "
                       "onto this spirit.", chain_colors=["Red"])
    assert r.automated, r.why
    assert r.effect["chain"] == {"color": "red", "do": [{"core_charge": {"target": "this", "count": 1}}]}


# ---------------------------------------------------------------- played from a position

def test_played_when_summoned_destroy_an_opponents_spirit_with_bp_or_less():
    db = _db_with(_card(effects=[{"levels": [1, 2], "condition": "When Summoned", "keywords": [], "steps": [],
                                  "details": "Select one of your opponent's spirits with 3,000 or fewer BP and "
                                             "destroy it."}]))
    game = _game(db, "{life: 5, reserve: 3, hand: [ZT-001]}", "{life: 5, reserve: 3, field: [T-R3, T-G4]}")
    knight, stag = game.state.players[1].field
    game.apply(Summon(0, first(game, 0, "ZT-001", "hand")))
    # only Red Knight (3000 BP) can be selected: no choice to make
    assert game.state.cards[knight].zone == "trash" and game.state.cards[stag].zone == "field"


def test_played_select_then_remove_cores_from_it():
    db = _db_with(_card(effects=[{"levels": [1, 2], "condition": "When Summoned", "keywords": [], "steps": [],
                                  "details": "Select one of your opponent's spirits. Remove two cores from it and "
                                             "place them into their reserve."}]))
    game = _game(db, "{life: 5, reserve: 3, hand: [ZT-001]}",
                 "{life: 5, reserve: 0, field: [{card: T-R3, cores: 4}, {card: T-B2, cores: 2}]}")
    knight, guard = game.state.players[1].field
    game.apply(Summon(0, first(game, 0, "ZT-001", "hand")))
    answer(game, [knight])
    assert game.state.cards[knight].cores == 2 and game.state.players[1].reserve == 2


def test_played_when_attacks_the_opponents_spirit_loses_bp_this_turn_and_is_destroyed_at_zero():
    db = _db_with(_card(effects=[{"levels": [1, 2], "condition": "When This Spirit Attacks", "keywords": [],
                                  "steps": [], "details": "Select one of your opponent's spirits. Reduce its BP by "
                                                          "1000 during this turn."}]))
    game = _game(db, "{life: 5, reserve: 3, field: [ZT-001]}", "{life: 5, reserve: 3, field: [T-R1, T-R3]}",
                 step="attack")
    pup, knight = game.state.players[1].field
    game.apply(Attack(0, first(game, 0, "ZT-001")))
    answer(game, [pup])
    # Red Pup (1000 BP) drops to 0: destroyed by the effect (CR 9-4-2-1)
    assert game.state.cards[pup].zone == "trash" and game.state.cards[knight].zone == "field"


def _reveal_three_and_summon(rest: str):
    """ZT-001 summoned: "Reveal the top three cards of your deck. Add up to one Stoneback card from the revealed cards
    to your hand. Return the remaining cards <rest>" (the deck: T-W0, T-R1, Stoneback Pup, T-R3, top first)."""
    db = _db_with(_card(effects=[{"levels": [1, 2], "condition": "When Summoned", "keywords": [], "steps": [],
                                  "details": "Reveal the top three cards of your deck. Add up to one Stoneback "
                                             "card from the revealed cards to your hand. Return the remaining cards "
                                             f"{rest}"}]),
                  _card(ID="ZT-002", name="Stoneback Pup", effects=[]))
    game = _game(db, "{life: 5, reserve: 3, hand: [ZT-001], deck: [T-W0, T-R1, ZT-002, T-R3]}",
                 "{life: 5, reserve: 3}")
    game.apply(Summon(0, first(game, 0, "ZT-001", "hand")))
    return game


def test_played_reveal_add_a_family_card_and_the_rest_to_the_bottom():
    game = _reveal_three_and_summon("to the bottom of your deck in any order.")
    assert game.pending.info["min"] == 0  # "up to one"
    answer(game, game.pending.info["options"])
    p0 = game.state.players[0]  # a position lists a deck top first; the engine keeps the top last
    assert cids(game, p0.hand) == ["ZT-002"]
    # "in any order": the player puts the two back one by one, here T-W0 first, so T-R1 lies lowest (CR 12-3-3)
    assert game.pending.info["kind"] == "target" and cids(game, game.pending.info["options"]) == ["T-W0", "T-R1"]
    answer(game, [first(game, 0, "T-W0", "deck")])
    assert cids(game, p0.deck) == ["T-R1", "T-W0", "T-R3"]


def test_played_reveal_the_rest_back_on_top_in_any_order_is_ordered_by_the_player():
    game = _reveal_three_and_summon("to the top of your deck in any order.")
    answer(game, game.pending.info["options"])
    p0 = game.state.players[0]
    assert cids(game, game.pending.info["options"]) == ["T-W0", "T-R1"]
    answer(game, [first(game, 0, "T-W0", "deck")])  # on top first, then T-R1 on top of it
    assert cids(game, p0.deck)[::-1] == ["T-R1", "T-W0", "T-R3"]  # top first


def test_played_reveal_the_rest_back_on_top_in_the_same_order_asks_nothing():
    """Control: "to the top of your deck" without "in any order" keeps them as they were."""
    game = _reveal_three_and_summon("to the top of your deck.")
    answer(game, game.pending.info["options"])
    assert game.pending is None or game.pending.kind != "choose"
    assert cids(game, game.state.players[0].deck)[::-1] == ["T-W0", "T-R1", "T-R3"]


def test_played_a_core_from_the_void_into_your_reserve():
    db = _db_with(_card(effects=[{"levels": [1, 2], "condition": "When Summoned", "keywords": [], "steps": [],
                                  "details": "Place two cores from the void into your reserve."}]))
    game = _game(db, "{life: 5, reserve: 3, hand: [ZT-001]}", "{life: 5, reserve: 3}")
    reserve = game.state.players[0].reserve
    game.apply(Summon(0, first(game, 0, "ZT-001", "hand")))
    # one core went onto the summoned spirit (LV1), two came from the void
    assert game.state.players[0].reserve == reserve - 1 + 2


def test_played_a_burst_after_the_opponents_when_summoned_effect_resolves():
    # CR 10-9: a burst whose condition is the opponent's "When Summoned" effect: it waits for that effect to resolve
    burst = _card(ID="ZT-010", name="Test Burst", cardType="MAGIC", core_requirements=[], cost="3", effects=[
        {"levels": [], "condition": "When Opponent Resolves a Spirit's \"When Summoned\" Effect",
         "keywords": [{"keyword_name": "Burst", "keyword_modifier": None}], "steps": [],
         "details": "Draw two cards."},
        {"levels": [], "condition": "N/A", "keywords": [], "steps": ["Main"], "details": "Draw a card."}])
    drawer = _card(ID="ZT-011", name="Test Drawer", effects=[
        {"levels": [1, 2], "condition": "When Summoned", "keywords": [], "steps": [], "details": "Draw a card."}])
    plain = _card(ID="ZT-012", name="Test Plain", effects=[])
    db = _db_with(burst, drawer, plain)
    game = _game(db, "{life: 5, reserve: 6, hand: [ZT-011, ZT-012]}",
                 "{life: 5, reserve: 3, hand: [], burst: ZT-010, deck: [T-W0, T-W0, T-W0]}")
    game.apply(Summon(0, first(game, 0, "ZT-012", "hand")))  # no "When Summoned" effect: no burst moment
    assert game.state.players[1].burst is not None
    game.apply(Summon(0, first(game, 0, "ZT-011", "hand")))
    assert game.pending is not None and game.pending.player == 1  # its owner is asked (CR 10-9-3)
    answer(game, True)
    assert len(game.state.players[1].hand) == 2


# ---------------------------------------------------------------- --explain

def test_import_cards_explain_shows_each_sentence_and_why_the_rest_stays_manual(tmp_path, capsys):
    import json

    from bss_desktop.cli import main

    rec = _card(effects=[
        {"levels": [1, 2], "condition": "When Summoned", "keywords": [], "steps": [],
         "details": "Select one of your opponent's spirits with 3,000 or fewer BP and destroy it."},
        {"levels": [2], "condition": "When This Spirit Attacks", "keywords": [], "steps": [],
         "details": "Draw a card. Shuffle your trash into your deck."}])
    path = tmp_path / "ZT-001.json"
    path.write_text(json.dumps(rec))
    assert main(["import-cards", str(path), "--explain", "ZT-001"]) == 0
    out = capsys.readouterr().out
    assert "effects[0]: When Summoned -> triggered when_summoned" in out
    assert "=> automated: (When Summoned) Destroy 1 opponent's spirit with 3000 BP or less." in out
    assert "  ok  Draw a card.\n        -> [{draw: 1}]" in out
    assert "  no  Shuffle your trash into your deck." in out and "=> manual: not recognised" in out
    assert main(["import-cards", str(path), "--explain", "ZT-999"]) == 2
    assert "no record with ID 'ZT-999'" in capsys.readouterr().err


def test_compiled_effects_that_do_not_fit_together_leave_the_card_imported_by_hand(tmp_path):
    # the burst says "then use its flash effect", but the card's only magic effect is a Main one: the compiled card
    # would be refused, so the whole card is imported with manual effects instead of being lost
    import json

    from bss_desktop.carddb.importer import import_cards

    rec = _card(ID="ZT-020", cardType="MAGIC", core_requirements=[], cost="3", effects=[
        {"levels": [], "condition": "When You Lose Life", "keywords": [{"keyword_name": "Burst",
                                                                       "keyword_modifier": None}],
         "steps": [], "details": "Draw a card. You may then pay this card's cost to activate its flash effect."},
        {"levels": [], "condition": "N/A", "keywords": [], "steps": ["Main"], "details": "Draw two cards."}])
    (tmp_path / "in.json").write_text(json.dumps(rec))
    report = import_cards(tmp_path / "in.json", tmp_path / "out", write=False)
    assert not report.refused
    (card,) = report.cards
    assert [e.manual for e in card.effects] == [True, True] and card.effects[0].kind == "burst"


def test_played_your_opponent_selects_one_of_their_spirits_and_destroys_it():
    # the choice is theirs (pending player 1), among their own spirits only
    db = _db_with(_card(effects=[{"levels": [1, 2], "condition": "When Summoned", "keywords": [], "steps": [],
                                  "details": "Your opponent selects one of their spirits and destroys it."}]))
    game = _game(db, "{life: 5, reserve: 3, hand: [ZT-001], field: [T-R1]}",
                 "{life: 5, reserve: 3, field: [T-R3, T-G4]}")
    knight, stag = game.state.players[1].field
    game.apply(Summon(0, first(game, 0, "ZT-001", "hand")))
    assert game.pending.kind == "choose" and game.pending.player == 1
    assert set(game.pending.info["options"]) == {knight, stag}
    answer(game, [stag])
    assert game.state.cards[stag].zone == "trash" and game.state.cards[knight].zone == "field"


def test_played_remove_all_but_one_core_from_the_selected_spirit():
    db = _db_with(_card(effects=[{"levels": [1, 2], "condition": "When Summoned", "keywords": [], "steps": [],
                                  "details": "Select one of your opponent's spirits. Remove all but one core from it "
                                             "and place them into their reserve."}]))
    game = _game(db, "{life: 5, reserve: 3, hand: [ZT-001]}", "{life: 5, reserve: 0, field: [{card: T-R3, cores: 4}]}")
    knight = game.state.players[1].field[0]
    game.apply(Summon(0, first(game, 0, "ZT-001", "hand")))
    assert game.state.cards[knight].cores == 1 and game.state.players[1].reserve == 3


def test_played_destroy_the_opponents_spirit_with_the_soul_core_on_it():
    db = _db_with(_card(effects=[{"levels": [1, 2], "condition": "When Summoned", "keywords": [], "steps": [],
                                  "details": "Select one of your opponent's spirits with a \"Soul Core\" on it and "
                                             "destroy it."}]))
    game = _game(db, "{life: 5, reserve: 3, hand: [ZT-001]}",
                 "{life: 5, reserve: 3, soul_core: field, "
                 "field: [{card: T-R3, cores: 2}, {card: T-G4, cores: 1, soul_core: true}]}")
    knight, stag = game.state.players[1].field
    game.apply(Summon(0, first(game, 0, "ZT-001", "hand")))  # only one spirit qualifies: no choice
    assert game.state.cards[stag].zone == "trash" and game.state.cards[knight].zone == "field"


@pytest.mark.parametrize("soul,drawn", [(True, 2), (False, 0)])
def test_played_draw_if_the_soul_core_paid_for_the_summon(soul, drawn):
    # CR 10-6-6: the soul core can be part of the payment; the effect reads whether it was
    db = _db_with(_card(cost="2", effects=[{"levels": [1, 2], "condition": "When Summoned", "keywords": [],
                                            "steps": [], "details": "If you spend a \"Soul Core\" as part of this "
                                                                    "spirit's summoning cost, draw two cards."}]))
    game = _game(db, "{life: 5, reserve: 4, hand: [ZT-001], deck: [T-W0, T-W0, T-W0]}", "{life: 5, reserve: 3}")
    hand = len(game.state.players[0].hand)
    pay = (("reserve", 1),) if soul else (("reserve", 2),)
    game.apply(Summon(0, first(game, 0, "ZT-001", "hand"), pay=pay, pay_soul=soul, place=(("reserve", 1),)))
    assert len(game.state.players[0].hand) == hand - 1 + drawn


def test_played_this_spirit_cannot_be_blocked_by_cheap_spirits():
    db = _db_with(_card(effects=[{"levels": [1, 2], "condition": "N/A", "keywords": [], "steps": [],
                                  "details": "This spirit cannot be blocked by your opponent's spirits that cost 3 or "
                                             "fewer."}]))
    game = _game(db, "{life: 5, reserve: 3, field: [ZT-001]}", "{life: 5, reserve: 3, field: [T-R3, T-G4]}",
                 step="attack")
    knight, stag = game.state.players[1].field
    game.apply(Attack(0, first(game, 0, "ZT-001")))
    game.apply(Pass(1))
    game.apply(Pass(0))
    with pytest.raises(IllegalCommand):
        game.apply(Block(1, knight))  # cost 3: kept out
    game.apply(Block(1, stag))  # cost 4 blocks
    assert game.state.battle.blocker == stag


def test_played_return_everyones_small_spirits_to_their_owners_hands():
    db = _db_with(_card(cardType="MAGIC", core_requirements=[], cost="2", effects=[
        {"levels": [], "condition": "N/A", "keywords": [], "steps": ["Main"],
         "details": "Return all spirits with 3000 or fewer BP to their owners' hands."}]))
    game = _game(db, "{life: 5, reserve: 5, hand: [ZT-001], field: [T-R1, T-G4]}",
                 "{life: 5, reserve: 3, field: [T-R3, T-G4]}")
    game.apply(UseMagic(0, first(game, 0, "ZT-001", "hand")))
    assert cids(game, game.state.players[0].field) == ["T-G4"] and cids(game, game.state.players[1].field) == ["T-G4"]
    assert "T-R1" in cids(game, game.state.players[0].hand) and "T-R3" in cids(game, game.state.players[1].hand)


def test_played_remove_a_core_from_each_exhausted_opponents_spirit():
    db = _db_with(_card(effects=[{"levels": [1, 2], "condition": "When Summoned", "keywords": [], "steps": [],
                                  "details": "Remove one core from each of your opponent's exhausted spirits and place "
                                             "them into their reserve."}]))
    game = _game(db, "{life: 5, reserve: 3, hand: [ZT-001]}",
                 "{life: 5, reserve: 0, field: [{card: T-R3, cores: 2, exhausted: true}, {card: T-G4, cores: 2}]}")
    knight, stag = game.state.players[1].field
    game.apply(Summon(0, first(game, 0, "ZT-001", "hand")))
    assert game.state.cards[knight].cores == 1 and game.state.cards[stag].cores == 2


@pytest.mark.parametrize("spirits,level", [(1, 3), (3, 1)])
def test_played_treated_as_lv3_while_you_control_two_or_fewer_spirits(spirits, level):
    db = _db_with(_card(core_requirements=[{"level": 1, "battlePoints": 1000, "cores": 1},
                                           {"level": 3, "battlePoints": 6000, "cores": 5}],
                        effects=[{"levels": [1, 3], "condition": "N/A", "keywords": [], "steps": [],
                                  "details": "If you control two or fewer spirits, treat this spirit as LV3."}]))
    others = ", ".join(["T-W0"] * (spirits - 1))
    game = _game(db, f"{{life: 5, reserve: 3, field: [ZT-001{', ' + others if others else ''}]}}",
                 "{life: 5, reserve: 3}")
    assert stats.level(game, first(game, 0, "ZT-001")) == level


def test_played_it_after_a_condition_on_this_spirit_is_this_spirit():
    # "If this spirit has the soul core on it, it gains ...": no selection, so "it" is the card itself
    r = compile_effect("spirit", "N/A", "If this spirit has a \"Soul Core\" on it, it cannot be blocked.", [],
                       families=FAMILIES)
    assert r.effect["do"] == [{"restrict": {"target": "this", "cannot": "be_blocked"}}], r.why
    assert r.effect["condition"] == {"soul_core": True}


def test_played_select_a_spirit_card_from_your_trash_and_summon_it_without_paying_its_cost():
    # CR 10-6-1: no cost paid; its LV1 cores come from your reserve (ruling 9)
    db = _db_with(_card(effects=[{"levels": [1, 2], "condition": "When Summoned", "keywords": [], "steps": [],
                                  "details": "Select a spirit card from your trash that costs 3 or fewer. Summon it "
                                             "without paying its cost."}]))
    game = _game(db, "{life: 5, reserve: 3, hand: [ZT-001], trash: [T-R3, T-G4]}", "{life: 5, reserve: 3}")
    game.apply(Summon(0, first(game, 0, "ZT-001", "hand")))  # Red Knight (cost 3) is the only one: no choice
    answer(game, [0])  # its LV1 core leaves the reserve: a regular core, not the soul core (CR 8-5-6)
    p0 = game.state.players[0]
    assert cids(game, p0.field) == ["ZT-001", "T-R3"] and cids(game, p0.trash) == ["T-G4"]
    assert p0.reserve == 3 - 1 - 1  # one core onto ZT-001, one onto Red Knight


def test_played_you_may_exhaust_one_of_your_nexuses_to_refresh_this_spirit():
    db = _db_with(_card(effects=[{"levels": [1, 2], "condition": "When This Spirit Attacks", "keywords": [],
                                  "steps": [], "details": "You may exhaust one of your nexuses to refresh this "
                                                          "spirit."}]))
    game = _game(db, "{life: 5, reserve: 3, field: [ZT-001, T-NX]}", "{life: 5, reserve: 3}", step="attack")
    spirit, forge = game.state.players[0].field
    game.apply(Attack(0, spirit))
    answer(game, True)  # CR 8-4-1: "you may ... to": its player is asked
    assert game.state.cards[forge].exhausted and not game.state.cards[spirit].exhausted


def test_played_refresh_one_of_your_token_spirits_only():
    # CR 4-12: a token is a spirit; "your token spirits" leaves the others out
    db = _db_with(_card(effects=[{"levels": [1, 2], "condition": "When Summoned", "keywords": [], "steps": [],
                                  "details": "Select one of your token spirits and refresh it."}]))
    game = _game(db, "{life: 5, reserve: 3, hand: [ZT-001], field: [{card: T-R1, exhausted: true}]}",
                 "{life: 5, reserve: 3}")
    pup = game.state.players[0].field[0]
    game.apply(Summon(0, first(game, 0, "ZT-001", "hand")))
    assert game.state.cards[pup].exhausted  # Red Pup is no token: nothing to select (CR 8-5-3-4)
