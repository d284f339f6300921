"""Reactions to what either player's cards and effects do, compiled from card text (templates/reactions.py) and
played (rules/bss/reactions.py): a spirit summoned with a "When Summoned" effect (CR 10-6-7), cores placed into a
reserve or onto a card (ruling R-1, docs/saga-rulings.md "Reactions to the other player's actions"), cards
discarded from a deck (ruling R-2, CR 11-11-1).

The sentences are written for these tests in the templates real card text uses; none is a real card's text.
"""
from __future__ import annotations

import pytest

from bss_desktop.carddb.card_text import trigger_label
from bss_desktop.carddb.effects import EffectSyntax, effect_to_dict, parse_effect
from bss_desktop.carddb.text_compile import compile_effect
from bss_desktop.engine.commands import Attack, Block, CoreMove, MoveCores, Pass, Summon, UseMagic
from helpers import answer, cids, effect, first, imported_db, position, record, two_players

FAMILIES = ("Stoneback", "Sky Warden")


def compiled(details: str, condition: str = "N/A", card_type: str = "spirit", steps=()):
    if card_type == "magic" and not steps:
        steps = ("Main",)
    return compile_effect(card_type, condition, details, list(steps), families=FAMILIES)


def nexus(details: str, condition: str = "N/A", steps=(), **fields) -> dict:
    return effect(details, condition, steps, cardType="NEXUS", name="Test Nexus",
                  core_requirements=[{"level": 1, "cores": 0}, {"level": 2, "cores": 2}], **fields)


def magic(details: str, steps=("Main",), **fields) -> dict:
    return effect(details, steps=list(steps), **{"cardType": "MAGIC", "name": "Test Magic", "core_requirements": [],
                                                 **fields})


def game_of(db, p0: str, p1: str, **kw):
    return position(two_players(p0, p1, **kw), db=db)


def hand_size(game, p: int) -> int:
    return len(game.state.players[p].hand)


# ---------------------------------------------------------------- compiled


@pytest.mark.parametrize("details,condition,card_type,expected", [
    ('When your opponent summons a spirit with a "When Summoned" effect, discard the top 3 cards of their deck.',
     "N/A", "nexus",
     {"kind": "triggered", "trigger": "opponent_summons", "watch": {"has_effect": "when_summoned"},
      "do": [{"mill": {"count": 3, "side": "opponent"}}]}),
    ('Place a core from the void onto this nexus when your opponent summons a spirit with a "When Summoned" '
     "effect.", "During Opponent's Turn", "nexus",
     {"kind": "triggered", "trigger": "opponent_summons", "watch": {"has_effect": "when_summoned"},
      "condition": {"your_turn": False}, "do": [{"core_charge": {"target": "this", "count": 1}}]}),
    ("When your opponent summons a spirit, draw a card.", "N/A", "spirit",
     {"kind": "triggered", "trigger": "opponent_summons", "do": [{"draw": 1}]}),
])
def test_cr_10_6_7_compiled_when_your_opponent_summons_a_spirit_with_an_effect(details, condition, card_type,
                                                                                expected):
    assert compiled(details, condition, card_type).effect == expected


@pytest.mark.parametrize("details,condition,expected", [
    ("When a core is placed into your reserve, select 1 of your opponent's spirits. Treat it as LV1 during this "
     "turn.", "During Either Attack Step",
     {"kind": "triggered", "trigger": "cores_placed_in_reserve", "condition": {"step": "attack"},
      "do": [{"select": {}}, {"level": {"target": "it", "set": 1}}]}),
    ("When a core is placed onto this spirit, your opponent selects 1 of their refreshed spirits. Exhaust it.",
     "While This Spirit Attacks",
     {"kind": "triggered", "trigger": "when_cores_placed", "condition": {"attacking": True},
      "do": [{"select": {"exhausted": False, "chooser": "opponent"}}, {"exhaust": "it"}]}),
    ("Draw a card when a core is placed onto this spirit.", "N/A",
     {"kind": "triggered", "trigger": "when_cores_placed", "do": [{"draw": 1}]}),
])
def test_ruling_r_1_compiled_a_core_placed_into_your_reserve_or_onto_this_spirit(details, condition, expected):
    assert compiled(details, condition).effect == expected


@pytest.mark.parametrize("details,condition,expected", [
    ("When a magic card is discarded from your opponent's deck, select 1 of your Sky Warden spirits. Treat it as "
     "its highest level during this turn.", "During Your Turn",
     {"kind": "triggered", "trigger": "opponent_card_milled", "watch": {"type": "magic"},
      "condition": {"your_turn": True},
      "do": [{"select": {"side": "you", "family": "Sky Warden"}}, {"level": {"target": "it", "set": "max"}}]}),
    ("When a spirit card is discarded by your Crush effect, select 1 of your spirits. Place a core from the void "
     "onto it.", "During Your Attack Step",
     {"kind": "triggered", "trigger": "your_crush_milled", "watch": {"type": "spirit"},
      "condition": {"step": "attack", "your_turn": True},
      "do": [{"select": {"side": "you"}}, {"core_charge": {"target": "it", "count": 1}}]}),
    ("When a magic card is discarded by your Crush effect, draw a card. Then, discard a card.", "N/A",
     {"kind": "triggered", "trigger": "your_crush_milled", "watch": {"type": "magic"},
      "do": [{"draw": 1}, {"discard": 1}]}),
])
def test_ruling_r_2_compiled_a_card_discarded_from_your_opponents_deck(details, condition, expected):
    assert compiled(details, condition).effect == expected


@pytest.mark.parametrize("details", [
    "When 2 cores are placed into your reserve, draw a card.",  # a count of cores the engine does not keep
    "When a card is discarded from your opponent's deck, draw a card.",  # any card: the watch names one type
    "When a magic card is discarded by your Gale effect, draw a card.",  # Gale discards nothing
    "When 2 magic cards are discarded from your opponent's deck, draw a card.",
])
def test_ruling_r_1_and_r_2_refused_what_the_engine_does_not_watch(details):
    assert not compiled(details).automated


# ---------------------------------------------------------------- played: a summon (CR 10-6-7)


def test_cr_10_6_7_played_your_opponent_summons_a_spirit_with_a_when_summoned_effect():
    db = imported_db(nexus('When your opponent summons a spirit with a "When Summoned" effect, draw a card.'),
                     effect("Draw a card.", "When Summoned", ID="ZT-002", name="Eager Scout"))
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001], deck: [T-W0, T-W0]}",
                   "{life: 5, reserve: 6, hand: [ZT-002, T-W0], deck: [T-R1, T-R1]}", turn_player=1)
    game.apply(Summon(1, first(game, 1, "T-W0", "hand")))  # no "When Summoned" effect: nothing
    assert hand_size(game, 0) == 0
    game.apply(Summon(1, first(game, 1, "ZT-002", "hand")))
    while game.pending.kind == "choose":  # the order of the two triggers (CR 8-5-2-4)
        answer(game, game.pending.info["options"][0])
    assert hand_size(game, 0) == 1 and hand_size(game, 1) == 1  # each drew: the watcher, and the scout's own


# ---------------------------------------------------------------- played: cores placed (ruling R-1)


def test_ruling_r_1_played_a_core_moved_into_your_reserve_triggers_once_per_move():
    db = imported_db(nexus("When a core is placed into your reserve, draw a card."))
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001, {card: T-R3, cores: 4}], deck: [T-W0, T-W0, T-W0]}",
                   "{life: 5, reserve: 3}")
    knight = game.state.players[0].field[1]
    game.apply(MoveCores(0, (CoreMove("reserve", knight),)))  # into the spirit: nothing placed into the reserve
    assert hand_size(game, 0) == 0
    # one action of two parts, both into the reserve: one event (CR 8-6-3)
    game.apply(MoveCores(0, (CoreMove(knight, "reserve"), CoreMove(knight, "reserve", 2))))
    assert hand_size(game, 0) == 1 and game.state.players[0].reserve == 5


def test_ruling_r_1_played_a_core_placed_onto_this_spirit_but_not_by_its_own_summon():
    db = imported_db(effect("When a core is placed onto this spirit, draw a card."))
    game = game_of(db, "{life: 5, reserve: 4, hand: [ZT-001], field: [{card: T-R3, cores: 2}], "
                       "deck: [T-W0, T-W0, T-W0]}", "{life: 5, reserve: 3}")
    game.apply(Summon(0, first(game, 0, "ZT-001", "hand")))  # its summon places its LV1 core (CR 10-6-7)
    spirit = first(game, 0, "ZT-001", "field")
    assert game.state.cards[spirit].cores >= 1 and hand_size(game, 0) == 0
    knight = game.state.players[0].field[0]
    game.apply(MoveCores(0, (CoreMove(knight, spirit),)))  # placed onto it on the field
    assert hand_size(game, 0) == 1
    game.apply(MoveCores(0, (CoreMove(spirit, "reserve"),)))  # cores leaving it place nothing on it
    assert hand_size(game, 0) == 1


# ---------------------------------------------------------------- played: cards discarded from a deck (ruling R-2)


def test_ruling_r_2_played_magic_cards_discarded_from_your_opponents_deck_trigger_once_per_discard():
    db = imported_db(nexus("When a magic card is discarded from your opponent's deck, draw a card."),
                     magic("Discard the top 3 cards of your opponent's deck.", ID="ZT-003", name="Deep Cut"))
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-003, ZT-003], field: [ZT-001], "
                       "deck: [T-W0, T-W0, T-W0]}",
                   "{life: 5, reserve: 3, deck: [T-MM, T-R1, T-MF, T-R3, T-R3, T-R3]}")
    game.apply(UseMagic(0, first(game, 0, "ZT-003", "hand")))  # two magic cards among three: one event
    assert cids(game, game.state.players[1].trash) == ["T-MM", "T-R1", "T-MF"]
    assert hand_size(game, 0) == 2  # the other Deep Cut, and one draw
    game.apply(UseMagic(0, first(game, 0, "ZT-003", "hand")))  # no magic card among them: nothing
    assert hand_size(game, 0) == 1


def test_ruling_r_2_played_a_spirit_card_discarded_by_your_crush():
    db = imported_db(nexus("When a spirit card is discarded by your Crush effect, draw a card.",
                           "During Your Attack Step"),
                     magic("Discard the top card of your opponent's deck.", ID="ZT-003", name="Small Cut"))
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001, KW-CRU], deck: [T-W0, T-W0]}",
                   "{life: 5, reserve: 3, deck: [T-MM, T-R1, T-R3, T-R3]}", step="attack")
    crusher = game.state.players[0].field[1]
    game.apply(Attack(0, crusher))  # 【Crush】 at LV1 with 1: the top 2 cards (CR 11-11-1)
    while game.pending.kind == "choose":
        answer(game, game.pending.info["options"][0])
    assert cids(game, game.state.players[1].trash)[:2] == ["T-MM", "T-R1"]
    assert hand_size(game, 0) == 1


def test_ruling_r_2_played_an_effects_discard_is_not_your_crush():
    db = imported_db(nexus("When a spirit card is discarded by your Crush effect, draw a card."),
                     magic("Discard the top 2 cards of your opponent's deck.", ID="ZT-003", name="Small Cut"))
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-003], field: [ZT-001], deck: [T-W0, T-W0]}",
                   "{life: 5, reserve: 3, deck: [T-R1, T-R3, T-R3]}")
    game.apply(UseMagic(0, first(game, 0, "ZT-003", "hand")))
    assert len(game.state.players[1].trash) == 2 and hand_size(game, 0) == 0


# ---------------------------------------------------------------- exhausted by an effect (ruling R-3)


@pytest.mark.parametrize("details,condition,expected", [
    ("When 1 of your effects exhausts 1 of your opponent's spirits, select 1 of your spirits. It gains 2000 BP "
     "during this turn.", "During Either Attack Step",
     {"kind": "triggered", "trigger": "your_effect_exhausts_opponent_spirit", "condition": {"step": "attack"},
      "do": [{"select": {"side": "you"}}, {"bp": {"target": "it", "add": 2000}}]}),
    ("When 1 of your opponent's spirits is exhausted by a Gale effect, select 1 of your opponent's spirits and "
     "exhaust it.", "During Your Attack Step",
     {"kind": "triggered", "trigger": "opponent_spirit_exhausted_by_gale",
      "condition": {"step": "attack", "your_turn": True}, "do": [{"exhaust": {}}]}),
    ("When this spirit or 1 of your other spirits is summoned, draw a card.", "N/A",
     {"kind": "triggered", "trigger": "your_spirit_summoned", "do": [{"draw": 1}]}),
    ("When this spirit or 1 of your other spirits attacks, draw a card.", "N/A",
     {"kind": "triggered", "trigger": "your_spirit_attacks", "do": [{"draw": 1}]}),
])
def test_ruling_r_3_compiled_exhausted_by_an_effect_and_this_spirit_or_another(details, condition, expected):
    assert compiled(details, condition).effect == expected


@pytest.mark.parametrize("details", [
    "When this spirit or 1 of your opponent's spirits attacks, draw a card.",  # two triggers, not one
    "When this spirit or 1 of your other spirits is destroyed, draw a card.",  # not fired for a destroyed card
    "When 1 of your opponent's spirits is exhausted by a Crush effect, draw a card.",
    "When 1 of your effects exhausts 1 of your spirits, draw a card.",
    "When 2 of your effects exhaust 1 of your opponent's spirits, draw a card.",
])
def test_ruling_r_3_refused_what_the_engine_does_not_watch(details):
    assert not compiled(details).automated


def test_ruling_r_3_played_your_effect_exhausts_an_opponents_spirit_a_block_does_not():
    db = imported_db(nexus("When 1 of your effects exhausts 1 of your opponent's spirits, draw a card."),
                     magic("Select 1 of your opponent's spirits and exhaust it.", steps=("Main", "Flash"),
                           ID="ZT-003", name="Hold Still"))
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-003], field: [ZT-001, T-R5], deck: [T-W0, T-W0]}",
                   "{life: 5, reserve: 3, field: [T-R1, T-B2]}", step="attack")
    titan = game.state.players[0].field[1]
    pup, guard = game.state.players[1].field
    game.apply(Attack(0, titan))
    game.apply(Pass(1))
    game.apply(Pass(0))
    game.apply(Block(1, guard))  # the block exhausts the blocker by the rules of battle (CR 7-1-3)
    assert game.state.cards[guard].exhausted and hand_size(game, 0) == 1
    game.apply(Pass(1))
    game.apply(UseMagic(0, first(game, 0, "ZT-003", "hand")))
    answer(game, [pup])
    assert game.state.cards[pup].exhausted
    assert hand_size(game, 0) == 1  # the magic card left the hand, one card drawn


def test_ruling_r_3_played_an_opponents_spirit_exhausted_by_gale():
    db = imported_db(nexus("When 1 of your opponent's spirits is exhausted by a Gale effect, draw a card.",
                           "During Your Attack Step"))
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001, KW-GAL], deck: [T-W0, T-W0]}",
                   "{life: 5, reserve: 3, field: [T-R1, T-B2, T-R3]}", step="attack")
    falcon = game.state.players[0].field[1]
    pup, guard, knight = game.state.players[1].field
    game.apply(Attack(0, falcon))
    game.apply(Pass(1))
    game.apply(Pass(0))
    game.apply(Block(1, knight))  # 【Gale】 2: the blocking player exhausts 2 of their refreshed spirits
    while game.pending.kind == "choose":
        answer(game, game.pending.info["options"][:2] if game.pending.info.get("max", 1) > 1
               else game.pending.info["options"][0])
    assert game.state.cards[pup].exhausted and game.state.cards[guard].exhausted
    assert hand_size(game, 0) == 1  # two spirits, one exhaustion: one draw (CR 8-6-3)


def test_ruling_r_3_played_this_spirit_or_one_of_your_other_spirits_is_summoned():
    db = imported_db(effect("When this spirit or 1 of your other spirits is summoned, draw a card."))
    game = game_of(db, "{life: 5, reserve: 5, hand: [ZT-001, T-W0], deck: [T-W0, T-W0, T-W0]}",
                   "{life: 5, reserve: 3}")
    game.apply(Summon(0, first(game, 0, "ZT-001", "hand")))  # this spirit
    assert hand_size(game, 0) == 2
    game.apply(Summon(0, first(game, 0, "T-W0", "hand")))  # another
    assert hand_size(game, 0) == 2


# ---------------------------------------------------------------- the cards this effect discarded (ruling R-2)


def test_ruling_r_2_compiled_when_a_magic_card_is_discarded_by_this_effect():
    assert compiled("Discard the top 3 cards of your opponent's deck. When a magic card is discarded by this "
                    "effect, select 1 of your spirits and place a core from the void onto it.",
                    card_type="magic").effect == {
        "kind": "magic", "timing": ["main"],
        "do": [{"mill": {"count": 3, "side": "opponent"}},
               {"select": {"side": "you"}, "if": {"count": {"discarded": {"type": "magic"}}, "count_min": 1}},
               {"core_charge": {"target": "it", "count": 1},
                "if": {"count": {"discarded": {"type": "magic"}}, "count_min": 1}}]}
    assert not compiled("Discard the top 3 cards of your opponent's deck. When 2 magic cards are discarded by this "
                        "effect, draw a card.", card_type="magic").automated


def test_ruling_r_2_played_when_a_magic_card_is_discarded_by_this_effect_once_however_many():
    db = imported_db(magic("Discard the top 3 cards of your opponent's deck. When a magic card is discarded by this "
                           "effect, draw a card.", ID="ZT-003", name="Deep Cut"))
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-003, ZT-003], deck: [T-W0, T-W0, T-W0]}",
                   "{life: 5, reserve: 3, deck: [T-MM, T-R1, T-MF, T-R3, T-R3, T-R3]}")
    game.apply(UseMagic(0, first(game, 0, "ZT-003", "hand")))  # two magic cards among them: one draw
    assert hand_size(game, 0) == 2
    game.apply(UseMagic(0, first(game, 0, "ZT-003", "hand")))  # none among them: nothing
    assert hand_size(game, 0) == 1


# ---------------------------------------------------------------- blocked by a kind of spirit (CR 7-1-3-2)


def test_cr_7_1_3_2_compiled_when_this_spirit_is_blocked_by_one_of_your_opponents_spirits():
    assert compiled("When this spirit is blocked by 1 of your opponent's spirits that costs 4 or fewer, return the "
                    "blocking spirit to the bottom of their deck.", "While This Spirit Attacks").effect == {
        "kind": "triggered", "trigger": "opponent_blocks", "watch": {"cost_max": 4}, "condition": {"attacking": True},
        "do": [{"to_deck_bottom": "blocker"}]}
    assert compiled("When this spirit is blocked by 1 of your opponent's spirits, draw a card.").effect == {
        "kind": "triggered", "trigger": "opponent_blocks", "condition": {"attacking": True}, "do": [{"draw": 1}]}
    assert not compiled("When this spirit is blocked by 1 of your spirits, draw a card.").automated


@pytest.mark.parametrize("blocker,returned", [("T-R3", True), ("T-R5", False)])
def test_cr_7_1_3_2_played_return_the_blocking_spirit_that_costs_little_to_the_bottom_of_its_deck(blocker, returned):
    db = imported_db(effect("When this spirit is blocked by 1 of your opponent's spirits that costs 4 or fewer, "
                            "return the blocking spirit to the bottom of their deck.", "While This Spirit Attacks"))
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001, T-R1]}",
                   f"{{life: 5, reserve: 3, field: [{blocker}], deck: [T-W0, T-W0]}}", step="attack")
    spirit, pup = game.state.players[0].field
    guard = game.state.players[1].field[0]
    game.apply(Attack(0, spirit))
    game.apply(Pass(1))
    game.apply(Pass(0))
    game.apply(Block(1, guard))
    deck = game.state.players[1].deck
    assert (game.state.cards[guard].zone == "deck" and deck[0] == guard) is returned


def test_cr_7_1_3_2_played_another_of_your_spirits_blocked_is_not_this_spirit_blocked():
    db = imported_db(effect("When this spirit is blocked by 1 of your opponent's spirits, return the blocking spirit "
                            "to the bottom of their deck."))
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001, T-R1]}",
                   "{life: 5, reserve: 3, field: [T-R3], deck: [T-W0, T-W0]}", step="attack")
    pup = game.state.players[0].field[1]
    knight = game.state.players[1].field[0]
    game.apply(Attack(0, pup))
    game.apply(Pass(1))
    game.apply(Pass(0))
    game.apply(Block(1, knight))
    assert game.state.cards[knight].zone == "field"


# ---------------------------------------------------------------- every card's cores to its owner's reserve (CR 3-5-5)


def test_cr_3_5_5_compiled_remove_all_cores_from_all_other_spirits_and_nexuses():
    assert compiled("At the start of the step, remove all cores from all other spirits and nexuses and place them "
                    "into their owners' reserves.", "During Your Start Step").effect == {
        "kind": "triggered", "trigger": "start_of_step", "step": "start", "whose": "you",
        "do": [{"core_remove": {"target": {"side": "any", "type": "any", "all": True, "other": True}, "keep": 0}}]}
    assert not compiled("Remove all cores from all other spirits and nexuses and place them into the void.",
                        "When Summoned").automated


def test_cr_3_5_5_played_at_the_start_of_your_start_step_every_other_card_loses_its_cores():
    db = imported_db(effect("At the start of the step, remove all cores from all other spirits and nexuses and place "
                            "them into their owners' reserves.", "During Your Start Step"))
    game = game_of(db, "{life: 5, reserve: 0, field: [ZT-001, {card: T-R3, cores: 2}, {card: T-NX, cores: 2}], "
                       "deck: [T-W0, T-W0, T-W0]}",
                   "{life: 5, reserve: 0, field: [{card: T-B2, cores: 3}], deck: [T-W0, T-W0, T-W0]}",
                   turn_player=1, step="attack")
    spirit, knight, forge = game.state.players[0].field
    guard = game.state.players[1].field[0]
    from bss_desktop.engine.commands import EndAttack
    game.apply(EndAttack(1))  # the opponent's turn ends; my start step (CR 6-2)
    st = game.state
    assert st.turn_player == 0
    assert st.cards[knight].zone == "trash" and st.cards[guard].zone == "trash"  # no cores: destroyed (CR 9-3-2-1)
    assert st.cards[forge].zone == "field" and st.cards[forge].cores == 0  # a nexus needs none at LV1
    assert st.cards[spirit].zone == "field" and st.cards[spirit].cores == 1
    assert st.players[1].reserve == 3  # its owner's reserve (CR 3-5-5)


# ---------------------------------------------------------------- a spirit emptied by Awaken (CR 11-1-1)


@pytest.mark.parametrize("details,expected", [
    ('If this spirit has a "Soul Core" on it, draw a card when you reduce 1 of your spirit\'s cores to zero with an '
     "Awaken effect.",
     {"kind": "triggered", "trigger": "your_spirit_emptied_by_awaken",
      "condition": {"step": "attack", "your_turn": True}, "do": [{"draw": 1, "if": {"soul_core": True}}]}),
])
def test_cr_11_1_1_compiled_when_you_reduce_a_spirits_cores_to_zero_with_awaken(details, expected):
    assert compiled(details, "During Your Attack Step").effect == expected
    assert not compiled("Draw a card when you reduce 1 of your spirit's cores to zero with a Crush effect.").automated
    # the attack step ended by an effect: the step reads "end" before its effects resolve, so a "During Your Attack
    # Step" effect could not resolve (left by hand)
    assert not compiled("When your opponent's effect ends the attack step, they must discard a card.",
                        "During Your Attack Step").automated



def test_cr_11_1_1_played_draw_when_your_awaken_leaves_one_of_your_spirits_without_cores():
    db = imported_db(effect("Draw a card when you reduce 1 of your spirit's cores to zero with an Awaken effect.",
                            "During Your Attack Step"))
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001, {card: KW-AWK, cores: 1}, {card: T-R1, cores: 1}, "
                       "{card: T-R3, cores: 2}], deck: [T-W0, T-W0]}", "{life: 5, reserve: 3}", step="attack")
    spirit, wyrm, pup, knight = game.state.players[0].field
    game.apply(Attack(0, spirit))
    game.apply(Pass(1))
    from bss_desktop.engine.commands import Awaken
    game.apply(Awaken(0, wyrm, ((knight, 1),)))  # one core left on the knight: nothing
    assert hand_size(game, 0) == 0
    game.apply(Pass(1)) if game.pending.player == 1 else None
    game.apply(Awaken(0, wyrm, ((pup, 1),)))  # the pup's last core
    assert game.state.cards[pup].zone == "trash" and hand_size(game, 0) == 1


# ---------------------------------------------------------------- a battle with one of your spirits ends (CR 7-1-6-1)


def test_cr_7_1_6_1_compiled_when_a_battle_with_one_of_your_spirits_ends():
    assert compiled("When a battle with 1 of your spirits with Ascend ends, you may pay 3 cores from this nexus to "
                    "refresh that spirit.", card_type="nexus").effect == {
        "kind": "triggered", "trigger": "your_spirit_battle_ends", "watch": {"keyword": "ascend"},
        "cost": [{"core_remove": {"target": "this", "count": 3, "to": "trash"}}], "optional": True,
            "do": [{"refresh": "trigger"}]}  # paid cores go to the trash (CR 3-4-1)
    assert not compiled("When a battle with 1 of your opponent's spirits ends, draw a card.").automated


def test_cr_7_1_6_1_played_refresh_your_red_spirit_when_its_battle_ends():
    db = imported_db(nexus("When a battle with 1 of your red spirits ends, you may pay 2 cores from this nexus to "
                           "refresh that spirit."))
    game = game_of(db, "{life: 5, reserve: 3, field: [{card: ZT-001, cores: 4}, T-R1, T-B2]}",
                   "{life: 5, reserve: 3}", step="attack")
    forge, pup, guard = game.state.players[0].field
    game.apply(Attack(0, guard))  # a blue spirit's battle: nothing
    game.apply(Pass(1))
    game.apply(Pass(0))
    game.apply(Block(1, None))
    assert game.pending.kind != "choose" and game.state.cards[guard].exhausted
    game.apply(Attack(0, pup))
    game.apply(Pass(1))
    game.apply(Pass(0))
    game.apply(Block(1, None))
    answer(game, True)  # CR 8-4-1: its cost paid if its controller wants
    assert not game.state.cards[pup].exhausted and game.state.cards[forge].cores == 2
    assert game.state.players[1].life == 3


def test_cr_7_1_6_1_played_a_battle_your_spirit_blocks_in_is_one_with_your_spirit():
    db = imported_db(nexus("When a battle with 1 of your red spirits ends, draw a card."))
    game = game_of(db, "{life: 5, reserve: 3, field: [T-G4]}",
                   "{life: 5, reserve: 3, field: [ZT-001, T-R3], deck: [T-W0, T-W0]}", step="attack")
    stag = game.state.players[0].field[0]
    knight = game.state.players[1].field[1]
    game.apply(Attack(0, stag))
    game.apply(Pass(1))
    game.apply(Pass(0))
    game.apply(Block(1, knight))
    game.apply(Pass(1))
    game.apply(Pass(0))  # 3000 BP against 4000: the knight is destroyed, the battle still was its
    assert game.state.cards[knight].zone == "trash" and hand_size(game, 1) == 1


# ---------------------------------------------------------------- N or more cards discarded from your deck (ruling R-5)


def test_ruling_r_5_compiled_when_your_opponents_effect_discards_3_or_more_cards_from_your_deck():
    assert compiled("When your opponent's effect discards 3 or more cards from your deck, draw a card.",
                    "During Opponent's Turn").effect == {
        "kind": "triggered", "trigger": "opponent_effect_mills_you", "condition": {"your_turn": False}, "count": 3,
        "do": [{"draw": 1}]}


@pytest.mark.parametrize("magic_text,by_opponent,drawn", [
    ("Discard the top 3 cards of your opponent's deck.", True, 1),
    ("Discard the top 2 cards of your opponent's deck.", True, 0),  # fewer than 3
    ("Discard the top 3 cards of your deck.", False, 0),  # their own effect
])
def test_ruling_r_5_played_one_discard_of_3_or_more_cards_by_your_opponents_effect(magic_text, by_opponent, drawn):
    db = imported_db(nexus("When your opponent's effect discards 3 or more cards from your deck, draw a card."),
                     magic(magic_text, ID="ZT-003", name="Deep Cut"))
    mine = "{life: 5, reserve: 3, field: [ZT-001], deck: [T-W0, T-W0, T-W0, T-W0, T-W0, T-W0]}"
    theirs = "{life: 5, reserve: 3, hand: [ZT-003], deck: [T-R1, T-R1, T-R1, T-R1]}"
    if by_opponent:
        game = game_of(db, mine, theirs, turn_player=1)
    else:  # I discard my own deck
        game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-003], field: [ZT-001], "
                           "deck: [T-W0, T-W0, T-W0, T-W0, T-W0, T-W0]}", "{life: 5, reserve: 3}")
    p = 1 if by_opponent else 0
    game.apply(UseMagic(p, first(game, p, "ZT-003", "hand")))
    assert len(game.state.players[0].trash) >= 2
    assert hand_size(game, 0) == drawn


def test_ruling_r_5_played_the_opponents_crush_is_one_discard():
    db = imported_db(nexus("When your opponent's effect discards 2 or more cards from your deck, draw a card."))
    game = game_of(db, "{life: 5, reserve: 3, field: [KW-CRU]}",
                   "{life: 5, reserve: 3, field: [ZT-001], deck: [T-W0, T-W0, T-W0, T-W0]}", step="attack")
    game.apply(Attack(0, game.state.players[0].field[0]))  # 【Crush】 at LV1 with 1: 2 cards (CR 11-11-1)
    assert len(game.state.players[1].trash) == 2 and hand_size(game, 1) == 1


# ---------------------------------------------------------------- at the start of the step, summon from the hand (CR 6-8-1)


def test_cr_10_6_compiled_you_may_summon_a_spirit_card_with_swift_from_your_hand():
    assert compiled("At the start of the step, you may summon a spirit card with Swift from your hand.",
                    "During Opponent's End Step").effect == {
        "kind": "triggered", "trigger": "start_of_step", "step": "end", "whose": "opponent",
        "do": [{"summon": {"target": {"keyword": "swift", "zone": "hand"}, "pay": True}, "may": True}]}
    # "without paying its cost" stays the free summon of the core grammar
    assert compiled("Summon a spirit card from your hand without paying its cost.", "When Summoned").effect["do"] == [
        {"summon": {"target": {"zone": "hand"}, "cores": "reserve"}}]
    assert not compiled("Summon 2 spirit cards from your hand.", "When Summoned").automated


def test_cr_10_6_played_at_the_start_of_your_opponents_end_step_summon_a_swift_spirit_paying_its_cost():
    db = imported_db(nexus("At the start of the step, you may summon a spirit card with Swift from your hand.",
                           "During Opponent's End Step"))
    game = game_of(db, "{life: 5, reserve: 4, hand: [KW-SWF, T-R1], field: [ZT-001], deck: [T-W0, T-W0]}",
                   "{life: 5, reserve: 3, deck: [T-W0, T-W0, T-W0]}", turn_player=1, step="attack")
    from bss_desktop.engine.commands import EndAttack
    game.apply(EndAttack(1))  # the opponent's end step starts (CR 6-8-1)
    answer(game, True)  # "you may" (CR 8-1-8); the only Swift card is taken
    while game.pending.kind == "choose":  # its payment and LV1 core, from the reserve as any summon's (CR 10-6-6)
        c = game.state.choice
        answer(game, [0] * c.min if c.kind == "cores" else c.options[0])
    hawk = first(game, 0, "KW-SWF", "field")
    assert game.state.cards[hawk].zone == "field" and "KW-SWF" not in cids(game, game.state.players[0].hand)
    assert "T-R1" in cids(game, game.state.players[0].hand)  # not a Swift card: left in the hand


# ---------------------------------------------------------------- this card discarded from your deck (ruling R-2)


@pytest.mark.parametrize("card_type,steps", [("magic", []), ("spirit", [])])
def test_ruling_r_2_compiled_when_this_card_is_discarded_from_your_deck_by_your_opponents_effect(card_type, steps):
    r = compile_effect(card_type, "N/A", "When this card is discarded from your deck by your opponent's effect, "
                       "return it from your trash to your hand.", steps, families=FAMILIES)
    assert r.effect == {"kind": "triggered", "trigger": "when_milled_by_opponent", "do": [{"recover": "this"}]}


def test_ruling_r_2_refused_other_triggers_on_a_magic_card():
    r = compile_effect("magic", "N/A", "When your opponent summons a spirit, draw a card.", [], families=FAMILIES)
    assert not r.automated
    with pytest.raises(EffectSyntax) as err:  # hostile: a magic card's triggered effect on a trigger of the field
        parse_effect({"kind": "triggered", "trigger": "opponent_summons", "do": [{"draw": 1}]}, "effects[0]",
                     card_type="magic")
    assert err.value.field == "effects[0].kind"
    parse_effect({"kind": "triggered", "trigger": "when_milled_by_opponent", "do": [{"draw": 1}]}, "effects[0]",
                 card_type="magic")


def _keeper():
    return record(ID="ZT-004", name="Keeper Scroll", cardType="MAGIC", core_requirements=[], effects=[
        {"levels": [], "condition": "N/A", "keywords": [], "steps": [],
         "details": "When this card is discarded from your deck by your opponent's effect, return it from your trash "
                    "to your hand."},
        {"levels": [], "condition": "N/A", "keywords": [], "steps": ["Main"], "details": "Draw a card."}])


@pytest.mark.parametrize("by_opponent", [True, False])
def test_ruling_r_2_played_a_magic_card_discarded_from_your_deck_by_your_opponent_returns_to_your_hand(by_opponent):
    db = imported_db(_keeper(), magic("Discard the top 2 cards of your opponent's deck.", ID="ZT-003",
                                      name="Deep Cut"),
                     magic("Discard the top 2 cards of your deck.", ID="ZT-005", name="Self Cut"))
    if by_opponent:
        game = game_of(db, "{life: 5, reserve: 3, deck: [T-W0, ZT-004, T-W0]}",
                       "{life: 5, reserve: 3, hand: [ZT-003]}", turn_player=1)
        game.apply(UseMagic(1, first(game, 1, "ZT-003", "hand")))
    else:
        game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-005], deck: [T-W0, ZT-004, T-W0]}",
                       "{life: 5, reserve: 3}")
        game.apply(UseMagic(0, first(game, 0, "ZT-005", "hand")))
    keeper = [i for i, c in game.state.cards.items() if c.cid == "ZT-004"][0]
    assert game.state.cards[keeper].zone == ("hand" if by_opponent else "trash")


# ---------------------------------------------------------------- this spirit or one of a kind; does not duplicate (R-6)


def test_ruling_r_3_compiled_this_spirit_or_one_of_your_kind_of_spirits():
    assert compiled("When this spirit or 1 of your Sky Warden spirits attacks, draw a card.").effect == {
        "kind": "triggered", "trigger": "your_spirit_attacks", "watch": {"family": "Sky Warden", "or_this": True},
        "do": [{"draw": 1}]}
    assert compiled("When this spirit or 1 of your red or purple spirits attacks, draw a card.").effect == {
        "kind": "triggered", "trigger": "your_spirit_attacks", "watch": {"colors": ["red", "purple"], "or_this": True},
        "do": [{"draw": 1}]}


def test_ruling_r_3_played_this_spirit_or_one_of_your_kind_of_spirits_attacks():
    db = imported_db(effect("When this spirit or 1 of your blue spirits attacks, draw a card."))
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001, T-B2, T-G4], deck: [T-W0, T-W0, T-W0]}",
                   "{life: 5, reserve: 3}", step="attack")
    spirit, guard, stag = game.state.players[0].field
    for attacker, drawn in ((stag, 0), (spirit, 1), (guard, 2)):  # a green one; this red one; a blue one
        game.apply(Attack(0, attacker))
        game.apply(Pass(1))
        game.apply(Pass(0))
        game.apply(Block(1, None))
        assert hand_size(game, 0) == drawn


def test_ruling_r_6_compiled_this_effect_does_not_duplicate():
    assert compiled("When an effect on 1 of your Sky Warden spirits discards a card from your opponent's deck, draw "
                    "a card. This effect does not duplicate.", card_type="nexus").effect == {
        "kind": "triggered", "trigger": "your_spirit_effect_mills_opponent", "watch": {"family": "Sky Warden"},
        "limit": "unstackable", "do": [{"draw": 1}]}


def test_ruling_r_6_played_two_copies_that_do_not_duplicate_activate_once():
    db = imported_db(nexus("When an effect on 1 of your spirits discards a card from your opponent's deck, draw a "
                           "card. This effect does not duplicate."),
                     effect("Discard the top 2 cards of your opponent's deck.", "When Summoned", ID="ZT-002",
                            name="Digger"))
    game = game_of(db, "{life: 5, reserve: 5, hand: [ZT-002], field: [ZT-001, ZT-001], deck: [T-W0, T-W0, T-W0]}",
                   "{life: 5, reserve: 3, deck: [T-R1, T-R1, T-R1]}")
    game.apply(Summon(0, first(game, 0, "ZT-002", "hand")))  # its effect discards 2: one event (CR 8-6-3)
    assert len(game.state.players[1].trash) == 2
    assert hand_size(game, 0) == 1  # two copies, one activation (STD 12-3-2)


def test_ruling_r_3_played_a_magic_cards_discard_is_not_an_effect_on_one_of_your_spirits():
    db = imported_db(nexus("When an effect on 1 of your spirits discards a card from your opponent's deck, draw a "
                           "card."),
                     magic("Discard the top 2 cards of your opponent's deck.", ID="ZT-003", name="Deep Cut"))
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-003], field: [ZT-001], deck: [T-W0, T-W0]}",
                   "{life: 5, reserve: 3, deck: [T-R1, T-R1, T-R1]}")
    game.apply(UseMagic(0, first(game, 0, "ZT-003", "hand")))
    assert len(game.state.players[1].trash) == 2 and hand_size(game, 0) == 0


# ---------------------------------------------------------------- a spirit card placed into your trash (ruling R-7)


def test_ruling_r_7_compiled_the_first_time_a_spirit_card_is_placed_into_your_trash_each_turn():
    assert compiled("The first time a spirit card is placed into your trash each turn, this spirit gains 3000 BP "
                    "during this turn.", "During Your Turn").effect == {
        "kind": "triggered", "trigger": "your_spirit_card_to_trash", "condition": {"your_turn": True},
        "limit": "first_time", "do": [{"bp": {"target": "this", "add": 3000}}]}
    assert not compiled("When a magic card is placed into your trash, draw a card.").automated


def test_ruling_r_7_played_the_first_spirit_card_placed_into_your_trash_each_turn():
    db = imported_db(effect("The first time a spirit card is placed into your trash each turn, this spirit gains "
                            "3000 BP during this turn.", "During Your Turn"),
                     magic("Discard the top 2 cards of your deck.", ID="ZT-003", name="Self Cut"))
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-003, ZT-003, ZT-003], field: [ZT-001], "
                       "deck: [T-MM, T-MF, T-R1, T-R3, T-G4, T-B2]}", "{life: 5, reserve: 3}")
    spirit = game.state.players[0].field[0]
    game.apply(UseMagic(0, first(game, 0, "ZT-003", "hand")))  # two magic cards, and the used one: no spirit card
    assert game.bp(spirit) == 1000
    game.apply(UseMagic(0, first(game, 0, "ZT-003", "hand")))  # two spirit cards at once: the first of the turn
    assert game.bp(spirit) == 4000
    game.apply(UseMagic(0, first(game, 0, "ZT-003", "hand")))  # two more: not the first of the turn
    assert cids(game, game.state.players[0].trash).count("T-G4") == 1
    assert game.bp(spirit) == 4000  # once a turn


# ---------------------------------------------------------------- the vocabulary


@pytest.mark.parametrize("effect_dict,label", [
    ({"kind": "triggered", "trigger": "cores_placed_in_reserve", "do": [{"draw": 1}]},
     "(When a core is placed into your reserve)"),
    ({"kind": "triggered", "trigger": "when_cores_placed", "do": [{"draw": 1}]},
     "(When a core is placed onto this card)"),
    ({"kind": "triggered", "trigger": "opponent_card_milled", "watch": {"type": "magic"}, "do": [{"draw": 1}]},
     "(When a magic card is discarded from your opponent's deck)"),
    ({"kind": "triggered", "trigger": "your_crush_milled", "watch": {"type": "magic"}, "do": [{"draw": 1}]},
     "(When a magic card is discarded by your 【Crush】)"),
    ({"kind": "triggered", "trigger": "opponent_summons", "watch": {"has_effect": "when_summoned"},
      "do": [{"draw": 1}]},
     '(When your opponent summons a spirit with a "When Summoned" effect)'),
    ({"kind": "triggered", "trigger": "your_spirit_battle_ends", "watch": {"colors": ["red"]}, "do": [{"draw": 1}]},
     "(When a battle with one of your Red spirits ends)"),
    ({"kind": "triggered", "trigger": "your_spirit_emptied_by_awaken", "do": [{"draw": 1}]},
     "(When your 【Awaken】 leaves one of your spirits without cores)"),
    ({"kind": "triggered", "trigger": "when_milled_by_opponent", "do": [{"draw": 1}]},
     "(When this card is discarded from your deck by your opponent's effect)"),
    ({"kind": "triggered", "trigger": "your_spirit_attacks", "watch": {"family": "Sky Warden", "or_this": True},
      "do": [{"draw": 1}]},
     "(When this spirit or one of your Sky Warden spirits attacks)"),
    ({"kind": "triggered", "trigger": "your_spirit_effect_mills_opponent", "watch": {"family": "Sky Warden"},
      "limit": "unstackable", "do": [{"draw": 1}]},
     "(When an effect of one of your Sky Warden spirits discards a card from your opponent's deck)"),
    ({"kind": "triggered", "trigger": "your_spirit_card_to_trash", "limit": "first_time", "do": [{"draw": 1}]},
     "(When a spirit card is placed into your trash)"),
    ({"kind": "triggered", "trigger": "opponent_effect_mills_you", "count": 3, "do": [{"draw": 1}]},
     "(When your opponent's effect discards 3 or more cards from your deck)"),
    ({"kind": "triggered", "trigger": "your_effect_exhausts_opponent_spirit", "do": [{"draw": 1}]},
     "(When one of your effects exhausts one of your opponent's spirits)"),
    ({"kind": "triggered", "trigger": "opponent_spirit_exhausted_by_gale", "watch": {"cost_max": 3},
      "do": [{"draw": 1}]},
     "(When one of your opponent's spirits with cost 3 or less is exhausted by 【Gale】)"),
])
def test_ruling_r_1_to_r_3_triggers_read_as_english_and_write_back(effect_dict, label):
    e = parse_effect(effect_dict, "effects[0]", card_type="spirit")
    assert effect_to_dict(e) == effect_dict
    assert trigger_label(e) == label


@pytest.mark.parametrize("effect_dict,field", [
    ({"kind": "triggered", "trigger": "opponent_summons", "watch": {"has_effect": "when_sleeping"},
      "do": [{"draw": 1}]}, "effects[0].watch.has_effect"),
    ({"kind": "triggered", "trigger": "cores_placed_in_reserve", "watch": {"type": "magic"}, "do": [{"draw": 1}]},
     "effects[0].watch"),
    ({"kind": "constant", "trigger": "when_cores_placed", "do": [{"draw": 1}]}, "effects[0].trigger"),
    ({"kind": "triggered", "trigger": "your_crush_milled", "watch": {"type": "magic", "flavour": 1},
      "do": [{"draw": 1}]}, "effects[0].watch"),
    ({"kind": "burst", "trigger": "your_effect_exhausts_opponent_spirit", "do": [{"draw": 1}]}, "effects[0].trigger"),
    ({"kind": "triggered", "trigger": "opponent_effect_mills_you", "count": 0, "do": [{"draw": 1}]},
     "effects[0].count"),
    ({"kind": "triggered", "trigger": "when_milled_by_opponent", "watch": {"type": "magic"}, "do": [{"draw": 1}]},
     "effects[0].watch"),
    ({"kind": "triggered", "trigger": "your_spirit_attacks", "watch": {"or_this": "yes"}, "do": [{"draw": 1}]},
     "effects[0].watch.or_this"),
    ({"kind": "triggered", "trigger": "opponent_card_milled", "watch": {"type": "magic"}, "count": 2,
      "do": [{"draw": 1}]}, "effects[0].count"),
    ({"kind": "triggered", "trigger": "opponent_spirit_exhausted_by_gale", "watch": {"cost_max": "three"},
      "do": [{"draw": 1}]}, "effects[0].watch"),
])
def test_ruling_r_1_to_r_3_hostile_malformed_words_are_refused_naming_the_field(effect_dict, field):
    with pytest.raises(EffectSyntax) as err:
        parse_effect(effect_dict, "effects[0]", card_type="spirit")
    assert err.value.field.startswith(field)
