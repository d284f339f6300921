"""Compiled text, family "counting" (text_compile/templates/counting.py, rules/bss/counting.py): selections whose
number is counted as they are made, "for each spirit destroyed by this effect", "for every level this spirit has",
and filters on the battle and on colours (docs/saga-rulings.md "Counted amounts and relative filters").

The sentences are written for these tests in the templates real card text uses; none is a real card's text.
"""
from __future__ import annotations

import pytest

from bss_desktop.carddb.card_text import effect_text
from bss_desktop.carddb.effects import directive_to_dict, parse_directive
from bss_desktop.carddb.errors import CardDataError
from bss_desktop.carddb.schema import card_from_dict
from bss_desktop.carddb.text_compile import compile_effect, compile_sentence
from bss_desktop.engine import stats
from bss_desktop.engine.commands import Attack, Summon, UseMagic
from helpers import answer, imported_db, position, two_players
from test_text_compile_played import effect, magic

FAMS = ("Stoneback", "Sky Warden")


# ---------------------------------------------------------------- compiled


@pytest.mark.parametrize("text, ops", [
    ("Select 2 of your opponent's spirits for each magic card discarded this way.",
     [{"select": {"count": 2, "for_each": {"discarded": {"type": "magic"}}}}]),
    ("Select 1 of your opponent's spirits for each of your Stoneback spirits with 5000 or more BP and destroy them.",
     [{"destroy": {"for_each": {"cards": {"side": "you", "family": "Stoneback", "bp_min": 5000, "type": "spirit"}}}}]),
    ("Your opponent selects 1 of their nexuses for each of your other spirits with 2000 or more BP and destroys "
     "them.",
     [{"destroy": {"type": "nexus", "chooser": "opponent",
                   "for_each": {"cards": {"side": "you", "other": True, "bp_min": 2000, "type": "spirit"}}}}]),
])
def test_ruling_c1_compiled_a_selection_counted_for_each(text, ops):
    s = compile_sentence(text, FAMS)
    assert s.ok, s.why
    assert s.ops == ops


@pytest.mark.parametrize("text, ops", [
    ("Discard the top 2 cards of your opponent's deck for each spirit destroyed by this effect.",
     [{"mill": {"count": 2, "side": "opponent", "for_each": {"destroyed_by_this": {"side": "any"}}}}]),
    ("Place 2 cores from the void onto this spirit for each of your opponent's spirits destroyed by this effect.",
     [{"core_charge": {"target": "this", "count": 2, "for_each": {"destroyed_by_this": {"side": "opponent"}}}}]),
])
def test_ruling_c2_compiled_for_each_spirit_destroyed_by_this_effect(text, ops):
    s = compile_sentence(text, FAMS)
    assert s.ok, s.why
    assert s.ops == ops


def test_ruling_c3_compiled_for_every_level_a_selection_of_that_many():
    s = compile_sentence("For every level this spirit has, select 1 of your opponent's spirits with 4000 or "
                         "fewer BP and exhaust it.", FAMS)
    assert s.ok, s.why
    assert s.ops == [{"exhaust": {"bp_max": 4000, "for_each": {"level": "this"}}}]


@pytest.mark.parametrize("text, ops", [
    ("Select 1 of your spirits that is not currently attacking and exhaust it.",
     [{"exhaust": {"side": "you", "attacking": False}}]),
    ("Select 1 of your attacking or blocking spirits.", [{"select": {"side": "you", "in_battle": True}}]),
    ("Select 1 of your opponent's spirits with only one color and destroy it.",
     [{"destroy": {"colors_max": 1}}]),
])
def test_cr_7_1_compiled_battle_and_colour_filters(text, ops):
    s = compile_sentence(text, FAMS)
    assert s.ok, s.why
    assert s.ops == ops


@pytest.mark.parametrize("text, ops", [
    ("Select 1 of your opponent's spirits with BP equal to or fewer than this spirit and exhaust it.",
     [{"exhaust": {"bp_vs": {"of": "this", "cmp": "at_most"}}}]),
    ("Exhaust all of your opponent's spirits with BP equal to this spirit's BP.",
     [{"exhaust": {"all": True, "bp_vs": {"of": "this", "cmp": "equal"}}}]),
    ("Select 1 of your opponent's spirits with BP equal to or fewer than the selected Stoneback spirit and "
     "destroy it.", [{"destroy": {"bp_vs": {"of": "it", "cmp": "at_most"}}}]),
    ("Select 1 of your opponent's spirits with fewer BP than that spirit and exhaust it.",
     [{"exhaust": {"bp_vs": {"of": "it", "cmp": "below"}}}]),
])
def test_ruling_c4_compiled_bp_compared_with_another_spirits(text, ops):
    s = compile_sentence(text, FAMS)
    assert s.ok, s.why
    assert s.ops == ops


def test_ruling_c4_this_spirits_bp_in_its_when_destroyed_effect_is_its_last_bp():
    r = compile_effect("spirit", "When Destroyed", "Select 1 of your opponent's spirits with BP equal to or fewer "
                       "than this one and destroy it.", families=FAMS)
    assert r.automated, r.why
    assert r.effect["do"] == [{"destroy": {"bp_vs": {"of": "this", "cmp": "at_most"}}}]


@pytest.mark.parametrize("text, ops", [
    ("For each magic card with a cost of 3 or more in your trash, remove a core from it and place it into their "
     "reserve.",
     [{"core_remove": {"target": "it", "count": 1, "for_each": {
         "cards": {"side": "you", "type": "magic", "cost_min": 3, "zone": "trash"}}}}]),
    ("They are treated as LV2 during this turn.", [{"level": {"target": "it", "set": 2, "_duration": "turn"}}]),
])
def test_ruling_c1_compiled_a_count_of_the_trash_written_first_and_they_treated_as_a_level(text, ops):
    s = compile_sentence(text, FAMS)
    assert s.ok, s.why
    assert s.ops == ops


@pytest.mark.parametrize("text, ops", [
    ("Discard a number of cards from the top of your deck equal to that spirit's cost and exhaust that spirit.",
     [{"mill": {"count": 1, "side": "you", "for_each": {"cost": "it"}}}, {"exhaust": "it"}]),
])
def test_ruling_c5_compiled_a_number_equal_to_the_selected_spirits_cost(text, ops):
    s = compile_sentence(text, FAMS)
    assert s.ok, s.why
    assert s.ops == ops


@pytest.mark.parametrize("text, ops", [
    ("Discard any number of cards from your hand.", [{"discard": {"any_number": True}}]),
    ("Discard any number of cards and place 2 cores from that spirit into their trash for each card you discarded.",
     [{"discard": {"any_number": True}},
      {"core_remove": {"target": "it", "count": 2, "to": "trash",
                       "for_each": {"discarded_from_hand": {"type": "any"}}}}]),
    ("For each spirit card discarded, select 1 of your opponent's spirits.",
     [{"select": {"for_each": {"discarded_from_hand": {"type": "spirit"}}}}]),
    ("Discard any number of them.", [{"_take": {"type": "any", "any_number": True}, "_search": {"to": "trash"}}]),
])
def test_ruling_c6_compiled_any_number_of_cards_discarded_and_counted(text, ops):
    s = compile_sentence(text, FAMS)
    assert s.ok, s.why
    assert s.ops == ops


def test_ruling_c6_cards_discarded_this_way_with_no_discard_before_stay_by_hand():
    # "this way" names the cards a discard before it discarded: with none, the count would say nothing
    r = compile_effect("magic", "N/A", "Select 1 of your opponent's spirits for each spirit card discarded this "
                       "way.", ["Main"], families=FAMS)
    assert not r.automated
    r = compile_effect("magic", "N/A", "Discard the top 2 cards of your deck. Select 1 of your opponent's spirits "
                       "for each card you discarded.", ["Main"], families=FAMS)
    assert not r.automated  # the mill discarded from the deck, not from a hand


def test_ruling_c7_compiled_the_number_you_control_against_your_opponents():
    s = compile_sentence("If the number of Stoneback spirits you control is equal to or fewer than your opponent's, "
                         "draw 2 cards.", FAMS)
    assert s.ok, s.why
    assert s.ops == [{"draw": 2, "if": {
        "count": {"cards": {"side": "you", "family": "Stoneback", "type": "spirit"}},
        "count_vs": {"cmp": "at_most", "count": {"cards": {"side": "opponent", "family": "Stoneback",
                                                           "type": "spirit"}}}}}]


def test_ruling_c8_compiled_draw_until_your_hand_is_as_big_as_your_opponents():
    r = compile_effect("spirit", "When Summoned", "You may discard a magic card to draw cards until you have the same "
                       "number of cards in your hand as your opponent has in theirs.", families=FAMS)
    assert r.automated, r.why
    assert r.effect["do"] == [{"draw": {"until_as": {"cards": {"side": "opponent", "zone": "hand", "type": "any"}}}}]


@pytest.mark.parametrize("text, ops", [
    ("Return that spirit and all spirits that cost the same as that spirit to their hands.",
     [{"bounce": {"side": "any", "all": True, "same_cost": "it"}}]),
    ("Exhaust all of your opponent's spirits that cost the same as that spirit.",
     [{"exhaust": {"all": True, "same_cost": "it"}}]),
])
def test_ruling_c9_compiled_the_same_cost_as_the_selected_spirit(text, ops):
    s = compile_sentence(text, FAMS)
    assert s.ok, s.why
    assert s.ops == ops


def test_ruling_c9_that_spirit_and_all_others_of_another_kind_stays_by_hand():
    # two returns that the text makes one: only when that spirit is one of "all" is it a single return
    assert not compile_sentence("Return that spirit and all spirits with 3000 or less BP to their owners' hands.",
                                FAMS).ok


def test_ruling_c10_compiled_as_many_cores_as_the_number_of_its_keyword():
    r = compile_effect("nexus", "During Your Main Step", "When 1 of your spirits with Raid is summoned, place a "
                       "number of cores from the void onto that spirit equal to the number specified in its Raid "
                       "effect.", families=FAMS)
    assert r.automated, r.why
    assert r.effect["do"] == [{"core_charge": {"target": "trigger", "count": 1, "for_each": {
        "keyword_value": {"keyword": "raid", "of": "trigger"}}}}]
    # after a selection "that spirit" is the selected one, not the trigger's: by hand
    r = compile_effect("magic", "N/A", "Select 1 of your spirits. Place a number of cores from the void onto that "
                       "spirit equal to the number specified in its Gale effect.", ["Main"], families=FAMS)
    assert not r.automated


@pytest.mark.parametrize("text, ops", [
    ("If 3 or more spirits are destroyed by this effect, draw 2 cards.",
     [{"draw": 2, "if": {"count": {"destroyed_by_this": {"side": "any"}}, "count_min": 3}}]),
    ("Place 2 cores from the void into your reserve for each of your opponent's spirits destroyed by this effect.",
     [{"core_gain": {"count": 2, "to": "reserve", "for_each": {"destroyed_by_this": {"side": "opponent"}}}}]),
])
def test_ruling_c2_compiled_conditions_and_amounts_on_the_spirits_destroyed_by_this_effect(text, ops):
    s = compile_sentence(text, FAMS)
    assert s.ok, s.why
    assert s.ops == ops


def test_ruling_c11_compiled_a_cost_higher_than_the_discarded_cards():
    r = compile_effect("magic", "N/A", "Discard a card. Select 1 of your opponent's spirits that costs more than "
                       "the card discarded by this effect and exhaust it.", ["Main"], families=FAMS)
    assert r.automated, r.why
    assert r.effect["do"][1] == {"exhaust": {"cost_vs": {"of": "discarded_from_hand", "cmp": "above"}}}
    r = compile_effect("magic", "N/A", "Select 1 of your opponent's spirits that costs more than the card "
                       "discarded by this effect and exhaust it.", ["Main"], families=FAMS)
    assert not r.automated  # nothing discarded before it


@pytest.mark.parametrize("text, cond", [
    ("Draw 2 cards if you have fewer life than your opponent.", {"less_life": True}),  # protection.py's condition
    ("If you have fewer cards in your hand than your opponent has in theirs, draw 2 cards.",
     {"count": {"cards": {"zone": "hand", "type": "any", "side": "you"}},
      "count_vs": {"cmp": "below", "count": {"cards": {"zone": "hand", "type": "any", "side": "opponent"}}}}),
])
def test_ruling_c7_compiled_fewer_than_your_opponent(text, cond):
    s = compile_sentence(text, FAMS)
    assert s.ok, s.why
    assert s.ops == [{"draw": 2, "if": cond}]


def test_ruling_c12_compiled_for_each_symbol_on_the_destroyed_spirit():
    r = compile_effect("magic", "N/A", "Select 1 of your opponent's spirits and destroy it. Then, your opponent "
                       "draws 1 card for each symbol on the destroyed spirit.", ["Main"], families=FAMS)
    assert r.automated, r.why
    assert r.effect["do"][1] == {"draw": {"count": 1, "side": "opponent", "for_each": {"destroyed_symbols": {}}}}
    r = compile_effect("magic", "N/A", "Select 1 of your opponent's spirits and exhaust it. Then, your opponent "
                       "draws 1 card for each symbol on the destroyed spirit.", ["Main"], families=FAMS)
    assert not r.automated  # nothing destroyed before it


@pytest.mark.parametrize("text", [
    "Select any number of your opponent's spirits for each spirit card discarded this way.",  # not a number
    "Select 1 of your opponent's spirits with only 2 colors.",  # only one colour has a word
    "Discard the top 1 card of your opponent's deck for each Stoneback spirit destroyed by this effect.",  # a kind
    "Place a core from the void onto this spirit for each core on it.",  # counted on the card that gets them
])
def test_counting_phrases_the_vocabulary_cannot_say_stay_by_hand(text):
    assert not compile_sentence(text, FAMS).ok


def test_ruling_c1_the_written_card_text_says_the_count():
    card = card_from_dict({"id": "EX-1", "name": "Ex", "type": "magic", "colors": ["red"], "cost": 0,
                           "timing": ["main"], "effects": [{"kind": "magic", "do": [
                               {"exhaust": {"for_each": {"cards": {"side": "you", "bp_min": 3000}}}},
                               {"mill": {"count": 1, "for_each": {"destroyed_by_this": {"side": "opponent"}}}},
                               {"refresh": {"side": "you", "attacking": False, "colors_max": 1}},
                               {"select": {"side": "you", "in_battle": True, "for_each": {"level": "this"}}},
                               {"exhaust": {"bp_vs": {"of": "it", "cmp": "at_most"}}},
                               {"mill": {"count": 1, "for_each": {"cost": "it"}, "most": 3}},
                               {"discard": {"any_number": True}},
                               {"draw": {"count": 1, "for_each": {"discarded_from_hand": {"type": "spirit"}}}},
                               {"draw": {"until_as": {"cards": {"side": "opponent", "zone": "hand", "type": "any"}}}}]}]},
                         file="(test)", set_id="EX")
    text = effect_text(card.effects[0], card)
    assert "Exhaust 1 opponent's spirit for each spirit with 3000 BP or more on your field." in text
    assert "for each of your opponent's spirits destroyed by this effect" in text
    assert "not attacking" in text and "only one color" in text and "attacking or blocking" in text
    assert "for each level of this card" in text
    assert "BP equal to or less than the selected card's" in text
    assert "for each point of the selected card's cost, 3 at most" in text
    assert "Discard any number of cards from your hand." in text
    assert "for each spirit card discarded by this effect" in text
    assert "Draw cards until you have as many cards in your hand as there are cards in your opponent's hand." in text
    # and back: the written directives read the same
    for d in card.effects[0].do:
        assert parse_directive(directive_to_dict(d), "x") == d


# ---------------------------------------------------------------- played


def _choice(game):
    return game.state.choice


def test_ruling_c1_played_the_selection_takes_one_for_each_magic_card_the_mill_discarded():
    db = imported_db(magic("Discard the top 3 cards of your deck. Select 1 of your opponent's spirits for each "
                           "magic card discarded this way and exhaust them."))
    game = position(two_players(
        "{life: 5, reserve: 4, hand: [ZT-001], deck: [T-R1, T-MM, T-W0, T-MF]}",
        "{life: 5, reserve: 0, field: [T-G4, T-R3, T-B2]}"), db=db)
    stag, knight, guard = game.state.players[1].field
    game.apply(UseMagic(0, game.state.players[0].hand[0]))
    discarded = [game.db[game.state.cards[i].cid].type for i in game.state.players[0].trash
                 if game.state.cards[i].cid != "ZT-001"]
    magics = discarded.count("magic")
    assert len(discarded) == 3 and magics >= 1
    ch = _choice(game)
    assert (ch.kind, ch.player, ch.min, ch.max) == ("target", 0, magics, magics)  # CR 8-5-3-1: exactly that many
    answer(game, [stag, knight][:magics])
    ex = [game.state.cards[i].exhausted for i in (stag, knight, guard)]
    assert ex.count(True) == magics


def test_ruling_c1_played_your_opponent_selects_one_for_each_of_your_spirits_counted_from_your_side():
    db = imported_db(magic("Your opponent selects 1 of their spirits for each of your spirits with 3000 or more "
                           "BP and exhausts them."))
    game = position(two_players(
        "{life: 5, reserve: 4, hand: [ZT-001], field: [T-R3, T-R5, T-R1]}",  # 3000, 5000 and 1000 BP: two count
        "{life: 5, reserve: 0, field: [T-G4, T-R3, T-B2]}"), db=db)
    stag, knight, guard = game.state.players[1].field
    game.apply(UseMagic(0, game.state.players[0].hand[0]))
    ch = _choice(game)
    assert (ch.kind, ch.player, ch.min, ch.max) == ("target", 1, 2, 2)  # they choose, two of theirs
    answer(game, [stag, guard])
    assert [game.state.cards[i].exhausted for i in (stag, knight, guard)] == [True, False, True]


def test_ruling_c1_cr_8_5_3_4_played_a_count_of_none_selects_nothing():
    db = imported_db(magic("Select 1 of your opponent's spirits for each of your spirits with 6000 or more BP "
                           "and exhaust them."))
    game = position(two_players("{life: 5, reserve: 4, hand: [ZT-001], field: [T-R1]}",
                                "{life: 5, reserve: 0, field: [T-G4]}"), db=db)
    stag = game.state.players[1].field[0]
    game.apply(UseMagic(0, game.state.players[0].hand[0]))
    assert game.state.choice is None or game.state.choice.kind != "target"
    assert not game.state.cards[stag].exhausted


def test_ruling_c2_cr_9_3_2_1_played_spirits_left_below_lv1_by_the_core_removal_are_counted():
    db = imported_db(magic("Remove one core from each of your opponent's spirits and place them into their "
                           "reserve. Discard the top 1 card of your opponent's deck for each spirit destroyed by this "
                           "effect."))
    game = position(two_players(
        "{life: 5, reserve: 4, hand: [ZT-001]}",
        "{life: 5, reserve: 0, deck: [T-W0, T-W0, T-W0, T-W0], "
        "field: [{card: T-B2, cores: 2}, {card: T-G4, cores: 3}, {card: T-R1, cores: 1}]}"), db=db)
    guard, stag, pup = game.state.players[1].field
    deck = len(game.state.players[1].deck)
    game.apply(UseMagic(0, game.state.players[0].hand[0]))
    cards = game.state.cards
    # the guard (LV1: 2 cores) and the pup are left below LV1: destroyed by the effect; the stag keeps 2 cores
    assert (cards[guard].zone, cards[pup].zone, cards[stag].zone) == ("trash", "trash", "field")
    assert len(game.state.players[1].deck) == deck - 2


def test_ruling_c2_cr_9_4_2_played_a_spirit_left_at_0_bp_by_the_effect_is_counted():
    db = imported_db(magic("Select 1 of your opponent's spirits. Reduce its BP by 2000 during this turn. Discard the "
                           "top 1 card of your opponent's deck for each spirit destroyed by this effect."))
    game = position(two_players("{life: 5, reserve: 4, hand: [ZT-001]}",
                                "{life: 5, reserve: 0, deck: [T-W0, T-W0], field: [T-R1, T-G4]}"), db=db)
    pup, stag = game.state.players[1].field  # 1000 and 4000 BP
    deck = len(game.state.players[1].deck)
    game.apply(UseMagic(0, game.state.players[0].hand[0]))
    answer(game, [pup])
    assert game.state.cards[pup].zone == "trash"
    assert len(game.state.players[1].deck) == deck - 1


def test_ruling_c2_played_only_that_sides_destroyed_spirits_are_counted():
    db = imported_db(magic("Remove one core from each spirit and place them into their owners' reserves. Discard "
                           "the top 1 card of your opponent's deck for each of your opponent's spirits destroyed by "
                           "this effect."))
    game = position(two_players(
        "{life: 5, reserve: 4, hand: [ZT-001], field: [{card: T-R1, cores: 1}, {card: T-W0, cores: 1}]}",
        "{life: 5, reserve: 0, deck: [T-W0, T-W0, T-W0], field: [{card: T-R1, cores: 1}, {card: T-G4, cores: 3}]}"),
        db=db)
    deck = len(game.state.players[1].deck)
    game.apply(UseMagic(0, game.state.players[0].hand[0]))
    assert not game.state.players[0].field  # both of yours destroyed too, yet not counted
    assert len(game.state.players[1].deck) == deck - 1


def test_ruling_c2_played_a_destruction_counts_and_a_spirit_not_destroyed_does_not():
    db = imported_db(effect("Select 1 of your opponent's spirits and destroy it. Then, place 2 cores from the void "
                            "onto this spirit for each spirit destroyed by this effect.", "When This Spirit Attacks"))
    game = position(two_players("{life: 5, reserve: 4, field: [{card: ZT-001, cores: 1}]}",
                                "{life: 5, reserve: 0, field: [T-G4, T-R3]}", step="attack"), db=db)
    me = game.state.players[0].field[0]
    stag = game.state.players[1].field[0]
    game.apply(Attack(0, me))
    answer(game, [stag])
    assert game.state.cards[stag].zone == "trash"
    assert stats.cores_on(game.state, me) == 3  # 1 + 2 for the one destroyed


def test_ruling_c3_played_one_selection_of_as_many_as_the_spirits_level():
    db = imported_db(effect("For every level this spirit has, select 1 of your opponent's spirits with 4000 or "
                            "fewer BP and exhaust it.", "When This Spirit Attacks"))
    game = position(two_players("{life: 5, reserve: 4, field: [{card: ZT-001, cores: 3}]}",  # LV2
                                "{life: 5, reserve: 0, field: [T-G4, T-R3, T-B2, T-R5]}", step="attack"), db=db)
    me = game.state.players[0].field[0]
    stag, knight, guard, titan = game.state.players[1].field
    assert stats.level(game, me) == 2
    game.apply(Attack(0, me))
    ch = _choice(game)
    assert (ch.kind, ch.min, ch.max) == ("target", 2, 2)
    assert titan not in ch.options  # 5000 BP
    answer(game, [stag, guard])
    assert [game.state.cards[i].exhausted for i in (stag, knight, guard, titan)] == [True, False, True, False]


def test_cr_7_1_played_not_currently_attacking_leaves_the_attacker_out():
    db = imported_db(effect("Select 1 of your spirits that is not currently attacking and exhaust it.",
                            "When This Spirit Attacks"))
    game = position(two_players("{life: 5, reserve: 4, field: [{card: ZT-001, cores: 1}, T-R1]}",
                                "{life: 5, reserve: 0}", step="attack"), db=db)
    me, pup = game.state.players[0].field
    game.apply(Attack(0, me))
    # the pup is the only one that fits: selected without asking (CR 8-5-3-1)
    assert game.state.cards[pup].exhausted
    assert game.state.choice is None or game.state.choice.kind != "target"


def test_cr_7_1_played_attacking_or_blocking_is_the_battles_spirit():
    db = imported_db(effect("Select 1 of your attacking or blocking spirits. It gains 2000 BP during this turn.",
                            "When This Spirit Attacks"))
    game = position(two_players("{life: 5, reserve: 4, field: [{card: ZT-001, cores: 1}, T-R1]}",
                                "{life: 5, reserve: 0}", step="attack"), db=db)
    me, pup = game.state.players[0].field
    game.apply(Attack(0, me))
    assert stats.bp(game, me) == 3000 and stats.bp(game, pup) == 1000


def test_cr_2_4_played_with_only_one_color_leaves_a_two_colour_spirit_out():
    db = imported_db(magic("Select 1 of your opponent's spirits with only one color and destroy it."))
    game = position(two_players("{life: 5, reserve: 4, hand: [ZT-001]}",
                                "{life: 5, reserve: 0, field: [T-D2, T-G4]}"), db=db)
    sprite, stag = game.state.players[1].field
    game.apply(UseMagic(0, game.state.players[0].hand[0]))
    assert game.state.cards[stag].zone == "trash" and game.state.cards[sprite].zone == "field"


def test_ruling_c4_played_bp_equal_to_this_spirits_bp_as_it_resolves():
    db = imported_db(effect("Exhaust all of your opponent's spirits with BP equal to this spirit's BP.",
                            "When This Spirit Attacks"))
    game = position(two_players("{life: 5, reserve: 4, field: [{card: ZT-001, cores: 3}]}",  # LV2: 3000 BP
                                "{life: 5, reserve: 0, field: [T-R3, T-P3, T-G4, T-R1]}", step="attack"), db=db)
    me = game.state.players[0].field[0]
    knight, shade, stag, pup = game.state.players[1].field  # 3000, 3000, 4000, 1000 BP
    game.apply(Attack(0, me))
    assert [game.state.cards[i].exhausted for i in (knight, shade, stag, pup)] == [True, True, False, False]


def test_ruling_c4_cr_8_10_1_played_a_when_destroyed_effect_compares_with_the_cards_last_bp():
    spirit = effect("Select 1 of your opponent's spirits with BP equal to or fewer than this one and exhaust it.",
                    "When Destroyed")
    spell = effect("Select 1 of your spirits and destroy it.", steps=["Main", "Flash"], cardType="MAGIC",
                   name="Test Magic", core_requirements=[], ID="ZT-002")
    db = imported_db(spirit, spell)
    game = position(two_players("{life: 5, reserve: 4, hand: [ZT-002], field: [{card: ZT-001, cores: 3}]}",
                                "{life: 5, reserve: 0, field: [T-R3, T-G4, T-R1]}"), db=db)
    me = game.state.players[0].field[0]
    knight, stag, pup = game.state.players[1].field  # 3000, 4000, 1000 BP
    assert stats.bp(game, me) == 3000  # LV2
    game.apply(UseMagic(0, game.state.players[0].hand[0]))
    assert game.state.cards[me].zone == "trash"
    ch = game.state.choice
    assert ch.kind == "target" and set(ch.options) == {knight, pup}  # its last BP on the field, 3000 (not LV1's)
    answer(game, [knight])
    assert game.state.cards[knight].exhausted


def test_ruling_c4_played_bp_equal_to_or_fewer_than_the_selected_spirit():
    db = imported_db(magic("Select 1 of your spirits. Select 1 of your opponent's spirits with BP equal to or "
                           "fewer than the selected spirit and exhaust it."))
    game = position(two_players("{life: 5, reserve: 4, hand: [ZT-001], field: [T-R3, T-R5]}",
                                "{life: 5, reserve: 0, field: [T-G4, T-B2, T-R1]}"), db=db)
    knight, titan = game.state.players[0].field
    stag, guard, pup = game.state.players[1].field  # 4000, 2000, 1000 BP
    game.apply(UseMagic(0, game.state.players[0].hand[0]))
    answer(game, [knight])  # 3000 BP
    ch = game.state.choice
    assert ch.kind == "target" and set(ch.options) == {guard, pup}  # the stag has more BP than the knight
    answer(game, [guard])
    assert [game.state.cards[i].exhausted for i in (stag, guard, pup)] == [False, True, False]


def test_ruling_c5_played_as_many_cards_as_the_selected_spirits_printed_cost():
    db = imported_db(magic("Your opponent selects 1 of their spirits. Discard a number of cards from the top of "
                           "your opponent's deck equal to that spirit's cost and exhaust that spirit."))
    game = position(two_players("{life: 5, reserve: 4, hand: [ZT-001]}",
                                "{life: 5, reserve: 0, deck: [T-W0, T-W0, T-W0, T-W0, T-W0, T-W0], "
                                "field: [T-G4, T-B2]}"), db=db)
    stag, guard = game.state.players[1].field
    deck = len(game.state.players[1].deck)
    game.apply(UseMagic(0, game.state.players[0].hand[0]))
    assert game.state.choice.player == 1  # they choose
    answer(game, [stag])  # cost 4
    assert len(game.state.players[1].deck) == deck - 4
    assert game.state.cards[stag].exhausted and not game.state.cards[guard].exhausted


def test_ruling_c6_played_discard_any_number_then_one_core_for_each_card_discarded():
    db = imported_db(magic("Select 1 of your opponent's spirits. Then, discard any number of cards and place 1 core "
                           "from that spirit into their trash for each card you discarded."))
    game = position(two_players("{life: 5, reserve: 4, hand: [ZT-001, T-R1, T-W0, T-MM]}",
                                "{life: 5, reserve: 0, field: [{card: T-G4, cores: 4}]}"), db=db)
    stag = game.state.players[1].field[0]
    spell, pup, wisp, spark = game.state.players[0].hand
    game.apply(UseMagic(0, spell))
    ch = game.state.choice  # the stag, the only candidate, is selected without asking (CR 8-5-3-1)
    assert ch.kind == "target" and (ch.min, ch.max) == (0, 3) and set(ch.options) == {pup, wisp, spark}
    answer(game, [pup, spark])
    assert game.state.cards[pup].zone == "trash" and game.state.cards[wisp].zone == "hand"
    assert game.state.cards[stag].cores == 2  # 4 - 1 for each of the 2 discarded
    assert game.state.players[1].trash_cores == 2


def test_ruling_c6_played_discarding_none_selects_none():
    db = imported_db(magic("Discard any number of cards from your hand. For each card discarded, select 1 of your opponent's "
                           "spirits. Remove 1 core from each of them and place them into their reserve."))
    game = position(two_players("{life: 5, reserve: 4, hand: [ZT-001, T-R1]}",
                                "{life: 5, reserve: 0, field: [{card: T-G4, cores: 3}]}"), db=db)
    stag = game.state.players[1].field[0]
    game.apply(UseMagic(0, game.state.players[0].hand[0]))
    answer(game, [])  # none discarded (any number: none too)
    assert game.state.cards[stag].cores == 3


@pytest.mark.parametrize("mine, theirs, draws", [(2, 2, True), (1, 3, True), (3, 2, False)])
def test_ruling_c7_played_the_counts_are_compared_as_the_effect_resolves(mine, theirs, draws):
    db = imported_db(magic("If the number of spirits you control is equal to or fewer than your opponent, draw a "
                           "card."))
    game = position(two_players(
        "{life: 5, reserve: 4, hand: [ZT-001], deck: [T-W0, T-W0], field: [%s]}" % ", ".join(["T-R1"] * mine),
        "{life: 5, reserve: 0, field: [%s]}" % ", ".join(["T-G4"] * theirs)), db=db)
    hand = len(game.state.players[0].hand)
    game.apply(UseMagic(0, game.state.players[0].hand[0]))
    assert len(game.state.players[0].hand) == hand - 1 + (1 if draws else 0)


@pytest.mark.parametrize("theirs, drawn", [(4, 3), (1, 0)])
def test_ruling_c8_played_draw_until_your_hand_is_as_big_as_your_opponents(theirs, drawn):
    db = imported_db(magic("Draw cards until you have the same number of cards in your hand as your opponent has in "
                           "theirs."))
    game = position(two_players(
        "{life: 5, reserve: 4, hand: [ZT-001, T-R1], deck: [T-W0, T-W0, T-W0, T-W0, T-W0]}",
        "{life: 5, reserve: 0, hand: [%s]}" % ", ".join(["T-G4"] * theirs)), db=db)
    deck = len(game.state.players[0].deck)
    game.apply(UseMagic(0, game.state.players[0].hand[0]))  # the magic card leaves the hand: 1 card left in it
    assert len(game.state.players[0].deck) == deck - drawn
    assert len(game.state.players[0].hand) == max(1, theirs)


@pytest.mark.parametrize("take", [True, False])
def test_ruling_c9_played_that_spirit_and_every_spirit_of_its_cost_return_at_once(take):
    db = imported_db(magic("You may select 1 of your spirits. Return that spirit and all spirits that cost the same "
                           "as that spirit to their hands."))
    game = position(two_players("{life: 5, reserve: 4, hand: [ZT-001], field: [T-R3, T-R1]}",
                                "{life: 5, reserve: 0, field: [T-P3, T-G4]}"), db=db)
    knight, pup = game.state.players[0].field
    shade, stag = game.state.players[1].field  # cost 3 and 4
    game.apply(UseMagic(0, game.state.players[0].hand[0]))
    answer(game, take)  # you may
    if take:
        answer(game, [knight])  # cost 3
    zones = [game.state.cards[i].zone for i in (knight, pup, shade, stag)]
    assert zones == (["hand", "field", "hand", "field"] if take else ["field"] * 4)


def _gale_db(details: str):
    from test_text_compile_played import nexus

    db = imported_db(nexus(details, "During Your Main Step"))
    for cid, kws in (("GX-1", [{"gale": 2}, {"gale": 3}]), ("GX-2", [])):
        db.add(card_from_dict({"id": cid, "name": f"Gust {cid}", "type": "spirit", "colors": ["red"], "cost": 0,
                               "symbols": ["red"], "keywords": kws,
                               "levels": [{"level": 1, "cores": 1, "bp": 1000}, {"level": 2, "cores": 6, "bp": 3000}]},
                              file="(test)", set_id="GX"), source="(test)")
    return db


def test_ruling_c10_cr_11_10_3_played_cores_onto_the_summoned_spirit_as_many_as_its_largest_gale():
    from bss_desktop.engine.commands import Summon
    from helpers import first

    db = _gale_db("When 1 of your spirits with Gale is summoned, place a number of cores from the void onto that "
                  "spirit equal to the number specified in its Gale effect.")
    game = position(two_players("{life: 5, reserve: 4, hand: [GX-1, GX-2], field: [{card: ZT-001, cores: 0}]}",
                                "{life: 5, reserve: 0}"), db=db)
    game.apply(Summon(0, first(game, 0, "GX-2", "hand")))  # no Gale: not watched
    plain = first(game, 0, "GX-2")
    game.apply(Summon(0, first(game, 0, "GX-1", "hand")))
    gust = first(game, 0, "GX-1")
    assert stats.cores_on(game.state, gust) == stats.cores_on(game.state, plain) + 3  # Gale 3, the larger


@pytest.mark.parametrize("cores, draws", [((1, 1, 3), True), ((1, 3, 3), False)])
def test_ruling_c2_played_a_condition_on_how_many_this_effect_destroyed(cores, draws):
    db = imported_db(magic("Remove 1 core from each of your opponent's spirits and place them into their reserve. If "
                           "2 or more spirits are destroyed by this effect, draw a card."))
    field = ", ".join(f"{{card: T-R1, cores: {n}}}" for n in cores)
    game = position(two_players("{life: 5, reserve: 4, hand: [ZT-001], deck: [T-W0, T-W0]}",
                                "{life: 5, reserve: 0, field: [%s]}" % field), db=db)
    hand = len(game.state.players[0].hand)
    game.apply(UseMagic(0, game.state.players[0].hand[0]))
    assert len(game.state.players[0].hand) == hand - 1 + (1 if draws else 0)


@pytest.mark.parametrize("discard, fits", [("T-R1", {"stag", "shade", "guard"}), ("T-R3", {"stag"})])
def test_ruling_c11_played_a_cost_higher_than_the_card_the_effect_discarded(discard, fits):
    db = imported_db(magic("Discard a card. Select 1 of your opponent's spirits that costs more than the card "
                           "discarded by this effect and exhaust it."))
    game = position(two_players("{life: 5, reserve: 4, hand: [ZT-001, T-R1, T-R3]}",
                                "{life: 5, reserve: 0, field: [T-G4, T-P3, T-B2]}"), db=db)
    names = dict(zip(game.state.players[1].field, ("stag", "shade", "guard")))  # costs 4, 3, 2
    game.apply(UseMagic(0, game.state.players[0].hand[0]))
    answer(game, [first_of(game, discard)])
    ch = game.state.choice
    if len(fits) == 1:  # the only one that fits: selected without asking (CR 8-5-3-1)
        assert ch is None or ch.kind != "target"
        assert {names[i] for i in names if game.state.cards[i].exhausted} == fits
    else:
        assert ch.kind == "target" and {names[i] for i in ch.options} == fits


def first_of(game, cid):
    return next(i for i in game.state.players[0].hand if game.state.cards[i].cid == cid)


@pytest.mark.parametrize("mine, theirs, gains", [(3, 5, True), (5, 5, False), (5, 3, False)])
def test_ruling_c7_played_less_life_than_your_opponent(mine, theirs, gains):
    db = imported_db(magic("Place 1 core from the void into your life if you have less life than your opponent."))
    game = position(two_players(f"{{life: {mine}, reserve: 4, hand: [ZT-001]}}",
                                f"{{life: {theirs}, reserve: 0}}"), db=db)
    game.apply(UseMagic(0, game.state.players[0].hand[0]))
    assert game.state.players[0].life == mine + (1 if gains else 0)


@pytest.mark.parametrize("target, draws", [("titan", 2), ("pup", 1)])
def test_ruling_c12_cr_8_10_1_played_the_destroyed_spirits_symbols_as_it_last_was(target, draws):
    db = imported_db(magic("Select 1 of your opponent's spirits and destroy it. Then, your opponent draws 1 card "
                           "for each symbol on the destroyed spirit."))
    game = position(two_players("{life: 5, reserve: 4, hand: [ZT-001]}",
                                "{life: 5, reserve: 0, deck: [T-W0, T-W0, T-W0, T-W0, T-W0, T-W0], "
                                "field: [T-R5, T-R1]}"), db=db)
    titan, pup = game.state.players[1].field  # 2 symbols, 1 symbol
    hand = len(game.state.players[1].hand)
    game.apply(UseMagic(0, game.state.players[0].hand[0]))
    answer(game, [titan if target == "titan" else pup])
    assert len(game.state.players[1].hand) == hand + draws


def test_ruling_c1_played_bp_reduced_for_each_spirit_you_control_counted_as_it_resolves():
    s = compile_sentence("Reduce its BP by 1000 for each Stoneback spirit you control during this turn.", FAMS)
    assert s.ok, s.why
    assert s.ops == [{"bp": {"target": "it", "add": -1000, "_duration": "turn",
                             "for_each": {"cards": {"side": "you", "family": "Stoneback", "type": "spirit"}}}}]
    db = imported_db(magic("Select 1 of your opponent's spirits. Reduce its BP by 1500 for each spirit you control "
                           "during this turn."))
    game = position(two_players("{life: 5, reserve: 4, hand: [ZT-001, T-W0], field: [T-R1, T-R3, T-W0]}",
                                "{life: 5, reserve: 0, field: [T-R5]}"), db=db)
    titan = game.state.players[1].field[0]  # 5000 BP
    spell, wisp = game.state.players[0].hand
    game.apply(UseMagic(0, spell))
    assert stats.bp(game, titan) == 500  # 3 spirits: -4500
    game.apply(Summon(0, wisp))
    assert len(game.state.players[0].field) == 4
    assert stats.bp(game, titan) == 500  # counted once, as it resolved


def test_ruling_c13_compiled_a_maximum_joins_the_counted_discard_before_it():
    r = compile_effect("magic", "N/A", "Discard the top 2 cards of your opponent's deck for each spirit you control. "
                       "You can discard a maximum of 5 cards with this effect.", ["Main"], families=FAMS)
    assert r.automated, r.why
    assert r.effect["do"] == [{"mill": {"count": 2, "side": "opponent", "for_each": {"cards": {
        "side": "you", "type": "spirit"}}, "most": 5}}]
    for text in ("Draw a card. You can discard a maximum of 5 cards with this effect.",  # no discard before it
                 "You can discard a maximum of 5 cards with this effect.",
                 "Discard the top 2 cards of your opponent's deck. You can discard a maximum of 5 cards with this "
                 "effect."):  # not counted: the vocabulary's cap goes with for_each
        assert not compile_effect("magic", "N/A", text, ["Main"], families=FAMS).automated, text


@pytest.mark.parametrize("spirits, milled", [(2, 4), (3, 5)])
def test_ruling_c13_played_the_counted_discard_is_cut_to_the_maximum(spirits, milled):
    db = imported_db(magic("Discard the top 2 cards of your opponent's deck for each spirit you control. You can "
                           "discard a maximum of 5 cards with this effect."))
    game = position(two_players(
        "{life: 5, reserve: 4, hand: [ZT-001], field: [%s]}" % ", ".join(["T-R1"] * spirits),
        "{life: 5, reserve: 0, deck: [T-W0, T-W0, T-W0, T-W0, T-W0, T-W0, T-W0, T-W0]}"), db=db)
    deck = len(game.state.players[1].deck)
    game.apply(UseMagic(0, game.state.players[0].hand[0]))
    assert len(game.state.players[1].deck) == deck - milled


def test_ruling_c2_a_whole_effect_compiles_from_its_sentences():
    r = compile_effect("spirit", "When This Spirit Attacks",
                       "Select 1 of your opponent's spirits and destroy it. Discard the top 1 card of your "
                       "opponent's deck for each spirit destroyed by this effect.", families=FAMS)
    assert r.automated, r.why
    assert r.effect["do"][1] == {"mill": {"count": 1, "side": "opponent",
                                          "for_each": {"destroyed_by_this": {"side": "any"}}}}


# ---------------------------------------------------------------- hostile input (set files, a peer's cards)


@pytest.mark.parametrize("op, field", [
    ({"select": {"for_each": {"level": "that"}}}, "effects[0].do[0].select.for_each.level"),
    ({"select": {"for_each": "many"}}, "effects[0].do[0].select.for_each"),
    ({"select": {"for_each": {"level": "this"}, "all": True}}, "effects[0].do[0].select.for_each"),
    ({"select": {"for_each": {"level": "this"}, "count": "X"}}, "effects[0].do[0].select.for_each"),
    ({"select": {"for_each": {"destroyed_by_this": {"side": "both"}}}},
     "effects[0].do[0].select.for_each.destroyed_by_this.side"),
    ({"mill": {"for_each": {"destroyed_by_this": {"whose": "you"}}}}, "effects[0].do[0].mill.for_each.destroyed_by_this.whose"),
    ({"draw": 1, "if": {"control": {"for_each": {"level": "this"}}}}, "effects[0].do[0].if.control.for_each"),
    ({"recover": {"for_each": {"level": "this"}}}, "effects[0].do[0].recover.for_each"),
    ({"destroy": {"colors_max": 0}}, "effects[0].do[0].destroy.colors_max"),
    ({"destroy": {"attacking": "yes"}}, "effects[0].do[0].destroy.attacking"),
    ({"destroy": {"in_battle": 2}}, "effects[0].do[0].destroy.in_battle"),
    ({"destroy": {"bp_vs": {"of": "that", "cmp": "equal"}}}, "effects[0].do[0].destroy.bp_vs.of"),
    ({"select": {"for_each": {"cost": "this"}}}, "effects[0].do[0].select.for_each.cost"),
    ({"discard": {"any_number": "yes"}}, "effects[0].do[0].discard.any_number"),
    ({"discard": {"any_number": False}}, "effects[0].do[0].discard.any_number"),
    ({"discard": {"any_number": True, "count": 2}}, "effects[0].do[0].discard.any_number"),
    ({"discard": {"any_number": True, "side": "opponent"}}, "effects[0].do[0].discard.any_number"),
    ({"select": {"for_each": {"discarded_from_hand": "spirit"}}}, "effects[0].do[0].select.for_each.discarded_from_hand"),
    ({"select": {"for_each": {"discarded_from_hand": {"zone": "hand"}}}},
     "effects[0].do[0].select.for_each.discarded_from_hand.zone"),
    ({"select": {"for_each": {"discarded_from_hand": {}}}}, "effects[0].do[0].select"),  # no discard before it
    ({"draw": {"for_each": {"discarded": {}}}}, "effects[0].do[0].draw"),  # no mill before it
    ({"draw": {"until_as": {"hands": {}}}}, "effects[0].do[0].draw.until_as.hands"),
    ({"mill": {"count": 2, "most": 4}}, "effects[0].do[0].mill.most"),  # no for_each
    ({"mill": {"for_each": {"level": "this"}, "most": 0}}, "effects[0].do[0].mill.most"),
    ({"mill": {"for_each": {"level": "this"}, "most": "lots"}}, "effects[0].do[0].mill.most"),
    ({"bounce": {"all": True, "same_cost": "it"}}, "effects[0].do[0].bounce.same_cost"),  # nothing selected before
    ({"mill": {"for_each": {"keyword_value": {"keyword": "armor", "of": "this"}}}},
     "effects[0].do[0].mill.for_each.keyword_value.keyword"),
    ({"mill": {"for_each": {"keyword_value": {"keyword": "gale", "of": "it"}}}},
     "effects[0].do[0].mill.for_each.keyword_value.of"),
    ({"mill": {"for_each": {"keyword_value": {"keyword": "gale", "of": "trigger"}}}}, "effects[0].do[0].mill"),
    ({"destroy": {"cost_vs": {"of": "the_discard", "cmp": "above"}}}, "effects[0].do[0].destroy.cost_vs.of"),
    ({"draw": {"for_each": {"destroyed_symbols": {"side": "you"}}}}, "effects[0].do[0].draw.for_each.destroyed_symbols.side"),
    ({"draw": {"for_each": {"destroyed_symbols": {}}}}, "effects[0].do[0].draw"),  # nothing destroyed before it
    ({"destroy": {"cost_vs": {"of": "it", "cmp": "higher"}}}, "effects[0].do[0].destroy.cost_vs.cmp"),
    ({"destroy": {"cost_vs": {"of": "discarded_from_hand", "cmp": "above"}}}, "effects[0].do[0].destroy.cost_vs.of"),
    ({"draw": 1, "if": {"control": {"cost_vs": {"of": "it", "cmp": "above"}}}}, "effects[0].do[0].if.control.cost_vs"),
    ({"core_remove": {"target": {"same_cost": "it"}}}, "effects[0].do[0].core_remove"),
    ({"draw": {"until_as": {"cards": {"zone": "hand"}}, "count": 2}}, "effects[0].do[0].draw.until_as"),
    ({"draw": {"until_as": {"cards": {"zone": "hand"}}, "side": "each"}}, "effects[0].do[0].draw.until_as"),
    ({"draw": 1, "if": {"count": {"cards": {}}, "count_vs": {"cmp": "fewer", "count": {"cards": {}}}}},
     "effects[0].do[0].if.count_vs.cmp"),
    ({"draw": 1, "if": {"count": {"cards": {}}, "count_vs": {"cmp": "at_most"}}}, "effects[0].do[0].if.count_vs.count"),
    ({"draw": 1, "if": {"count": {"cards": {}}, "count_vs": {"cmp": "at_most", "count": {"hands": {}}}}},
     "effects[0].do[0].if.count_vs.count.hands"),
    ({"draw": 1, "if": {"count_vs": {"cmp": "at_most", "count": {"cards": {}}}}}, "effects[0].do[0].if.count"),
    ({"destroy": {"bp_vs": {"of": "this", "cmp": "more"}}}, "effects[0].do[0].destroy.bp_vs.cmp"),
    ({"destroy": {"bp_vs": "this"}}, "effects[0].do[0].destroy.bp_vs"),
    ({"destroy": {"bp_vs": {"of": "it", "cmp": "equal"}}}, "effects[0].do[0].destroy.bp_vs.of"),  # nothing chosen
    ({"draw": 1, "if": {"control": {"bp_vs": {"of": "it", "cmp": "equal"}}}}, "effects[0].do[0].if.control.bp_vs.of"),
])
def test_a_set_file_or_a_peers_card_with_a_bad_count_or_filter_is_refused_naming_the_field(op, field):
    card = {"id": "EVIL-001", "name": "Evil", "type": "magic", "colors": ["red"], "cost": 0, "timing": ["main"],
            "effects": [{"kind": "magic", "do": [op]}]}
    with pytest.raises(CardDataError) as e:
        card_from_dict(card, file="(peer)", set_id="EVIL")
    assert e.value.field == field


def test_a_peers_when_depleted_effect_comparing_with_its_own_bp_is_refused():
    card = {"id": "EVIL-001", "name": "Evil", "type": "spirit", "colors": ["red"], "cost": 0,
            "levels": [{"level": 1, "cores": 1, "bp": 1000}],
            "effects": [{"kind": "triggered", "trigger": "when_depleted", "do": [
                {"destroy": {"bp_vs": {"of": "this", "cmp": "at_most"}}}]}]}
    with pytest.raises(CardDataError) as e:
        card_from_dict(card, file="(peer)", set_id="EVIL")
    assert e.value.field == "effects[0].do[0].destroy.bp_vs"


def test_a_peers_cost_discarding_any_number_is_refused():
    card = {"id": "EVIL-001", "name": "Evil", "type": "spirit", "colors": ["red"], "cost": 0,
            "levels": [{"level": 1, "cores": 1, "bp": 1000}],
            "effects": [{"kind": "activated", "timing": ["main"], "cost": [{"discard": {"any_number": True}}],
                         "do": [{"draw": 1}]}]}
    with pytest.raises(CardDataError):
        card_from_dict(card, file="(peer)", set_id="EVIL")


def test_a_peers_cost_with_a_counted_selection_is_refused():
    card = {"id": "EVIL-001", "name": "Evil", "type": "spirit", "colors": ["red"], "cost": 0,
            "levels": [{"level": 1, "cores": 1, "bp": 1000}],
            "effects": [{"kind": "activated", "timing": ["main"], "cost": [{"exhaust": {
                "side": "you", "for_each": {"level": "this"}}}], "do": [{"draw": 1}]}]}
    with pytest.raises(CardDataError):
        card_from_dict(card, file="(peer)", set_id="EVIL")
