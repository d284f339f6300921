"""Compiled text, family "misc" (text_compile/templates/misc.py), the tail of issue 28: conditions on the card "it"
names and on the state of a player's spirits, blockers with effects listed, and more.

The sentences are written for these tests in the templates real card text uses; none is a real card's text.
"""
from __future__ import annotations

import pytest
import yaml

from bss_desktop.carddb.card_text import effect_text
from bss_desktop.carddb.errors import CardDataError
from bss_desktop.carddb.schema import card_from_dict, card_to_dict
from bss_desktop.carddb.text_compile import compile_effect, compile_sentence
from bss_desktop.engine import stats
from bss_desktop.engine.commands import Attack, Block, EndAttack, EndMain, Pass, Summon, UseMagic
from bss_desktop.engine.errors import IllegalCommand
from helpers import answer, cids, first, imported_db, position, record, two_players
from test_text_compile_played import effect, game_of, magic, nexus

FAMS = ("Stoneback", "Sky Warden")

CURSER = record(ID="ZT-004", name="Curser", effects=[{"levels": [1, 2], "condition": "N/A", "steps": [],
                                                      "keywords": [{"keyword_name": "Curse"}], "details": "N/A"}])


@pytest.mark.parametrize("text, ops", [
    ("It can't be blocked by your opponent's spirits with effects listed for this turn.",
     [{"restrict": {"target": "it", "cannot": "be_blocked", "_duration": "turn", "by": {"no_effects": False}}}]),
    ("If it is a Sky Warden spirit, it gains Confront during this turn.",
     [{"grant": {"target": "it", "keyword": "confront", "_duration": "turn"},
       "if": {"it": {"family": "Sky Warden", "type": "spirit"}}}]),
    ("If none of your opponent's spirits are exhausted, select two of them.",
     [{"select": {"count": 2},
       "if": {"count": {"cards": {"exhausted": True, "side": "opponent", "type": "spirit"}}, "count_max": 0}}]),
    ("If none of your spirits are refreshed, draw a card.",
     [{"draw": 1, "if": {"count": {"cards": {"exhausted": False, "side": "you", "type": "spirit"}}, "count_max": 0}}]),
])
def test_compiled_tail_misc_conditions_and_filters(text, ops):
    s = compile_sentence(text, FAMS)
    assert s.ok, s.why
    assert s.ops == ops


def test_ruling_other_6_of_them_with_nothing_named_before_it_stays_by_hand():
    assert not compile_sentence("Select one of them.", FAMS).ok
    assert not compile_sentence("If you control a spirit, select one of them.", FAMS).ok


# ---------------------------------------------------------------- played


def test_cr_10_13_played_it_cannot_be_blocked_by_spirits_with_effects_listed():
    db = imported_db(effect("At the start of the step, select 1 of your other Stoneback spirits. It can't be "
                            "blocked by your opponent's spirits with effects listed for this turn.",
                            "During Your Attack Step"),
                     record(ID="ZT-003", name="Rock Pup"),  # a Stoneback, no effects
                     CURSER)
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001, ZT-003]}",
                   "{life: 5, reserve: 3, field: [ZT-004, T-R1]}")
    pup = first(game, 0, "ZT-003")
    game.apply(EndMain(0))  # the attack step starts: the only other Stoneback is selected
    curser, red_pup = game.state.players[1].field
    game.apply(Attack(0, pup))
    game.apply(Pass(1))
    game.apply(Pass(0))
    with pytest.raises(IllegalCommand):
        game.apply(Block(1, curser))  # its card lists an effect: kept out
    game.apply(Block(1, red_pup))  # a card with no effects listed blocks
    assert game.state.battle.blocker == red_pup


@pytest.mark.parametrize("pick, confront", [("ZT-002", True), ("T-R1", False)])
def test_cr_2_5_played_if_it_is_a_family_spirit_it_gains_a_keyword(pick, confront):
    db = imported_db(magic("Select 1 of your spirits. It gains 3000 BP during this turn. If it is a Sky Warden "
                           "spirit, it gains Confront during this turn."),
                     record(ID="ZT-002", name="Cliff Warden", subType=["Sky Warden"]))
    game = game_of(db, "{life: 5, reserve: 4, hand: [ZT-001], field: [ZT-002, T-R1]}", "{life: 5, reserve: 3}")
    target = first(game, 0, pick)
    game.apply(UseMagic(0, game.state.players[0].hand[0]))
    answer(game, [target])
    assert stats.bp(game, target) == 4000
    assert game.has_keyword(target, "confront") is confront


@pytest.mark.parametrize("exhausted, cores", [(False, 2), (True, 3)])
def test_ruling_other_6_played_if_none_of_their_spirits_are_exhausted_select_one_of_them(exhausted, cores):
    db = imported_db(effect("During Your Start Step If none of your opponent's spirits are exhausted, select 1 of "
                            "them. Remove all but 2 of its cores and place them into their reserve."))
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001]}",
                   "{life: 5, reserve: 0, field: [{card: T-R3, cores: 3}, {card: T-R1, exhausted: %s}]}"
                   % str(exhausted).lower(),
                   turn_player=1, step="attack")
    knight = first(game, 1, "T-R3")
    game.apply(EndAttack(1))  # the opponent's end step, then this player's turn begins with its start step
    if not exhausted:
        answer(game, [knight])
    assert game.state.cards[knight].cores == cores


def test_ruling_other_1_compiled_your_blocking_spirits_are_the_blocker_in_the_opponents_turn():
    e = compile_effect("nexus", "During Opponent's Attack Step", "Your blocking spirits gain 3000 BP.")
    assert e.effect == {"kind": "constant", "condition": {"step": "attack", "your_turn": False},
                        "do": [{"bp": {"target": "blocker", "add": 3000}}]}
    # under a label of the player's own turn the two turns contradict: by hand
    assert not compile_effect("nexus", "During Your Attack Step", "Your blocking spirits gain 3000 BP.").automated
    # "if ..." never replaces the turn: the sentence is whole
    assert not compile_sentence("If you control a nexus, your blocking spirits gain 3000 BP.", FAMS).ok


def test_ruling_other_1_played_your_blocking_spirits_gain_bp_the_attacker_does_not():
    db = imported_db(effect("Your blocking spirits gain 3000 BP.", "During Opponent's Attack Step",
                            cardType="NEXUS", name="Test Nexus",
                            core_requirements=[{"level": 1, "cores": 0}, {"level": 2, "cores": 2}]))
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001, T-B2]}",
                   "{life: 5, reserve: 3, field: [T-R3]}", turn_player=1, step="attack")
    guard, knight = first(game, 0, "T-B2"), first(game, 1, "T-R3")
    assert stats.bp(game, guard) == 2000
    game.apply(Attack(1, knight))
    game.apply(Pass(0))
    game.apply(Pass(1))
    game.apply(Block(0, guard))
    assert (stats.bp(game, guard), stats.bp(game, knight)) == (5000, 3000)


def test_ruling_other_1_played_your_blocking_spirits_gain_nothing_when_the_opponent_blocks():
    db = imported_db(effect("Your blocking spirits gain 3000 BP.", cardType="NEXUS", name="Test Nexus",
                            core_requirements=[{"level": 1, "cores": 0}, {"level": 2, "cores": 2}]))
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001, T-R3]}",
                   "{life: 5, reserve: 3, field: [T-B2]}", step="attack")
    knight, guard = first(game, 0, "T-R3"), first(game, 1, "T-B2")
    game.apply(Attack(0, knight))
    game.apply(Pass(1))
    game.apply(Pass(0))
    game.apply(Block(1, guard))
    assert (stats.bp(game, guard), stats.bp(game, knight)) == (2000, 3000)  # their blocker is not "yours"

MILL_THEN = ("Discard the top card of your deck. If it is not a spirit card, select 1 of your opponent's spirits. "
             "Remove 2 cores from it and place them into their reserve.")


def test_ruling_other_2_compiled_if_it_is_not_a_spirit_card_after_a_discard_from_the_deck():
    e = compile_effect("magic", "N/A", MILL_THEN, ["Main"])
    assert e.effect["do"] == [
        {"mill": {"count": 1, "side": "you"}},
        {"select": {}, "if": {"count": {"discarded": {"type": "spirit"}}, "count_max": 0}, "if_done": True},
        {"core_remove": {"target": "it", "count": 2}}]
    # "it" is a selected card, not a discarded one: by hand
    assert not compile_effect("magic", "N/A", "Select 1 of your spirits. If it is not a spirit card, draw a "
                                              "card.", ["Main"]).automated
    assert not compile_sentence("If it is not a magic card, draw a card and discard a card.", FAMS).ok


@pytest.mark.parametrize("deck, trashed, cores", [
    ("[T-MM, T-W0]", ["ZT-001", "T-MM"], 1),  # a magic card on top: two cores come off
    ("[T-R1, T-MM]", ["ZT-001", "T-R1"], 3),  # a spirit card on top: nothing more
    ("[]", ["ZT-001"], 3),  # nothing discarded: no "it", nothing more
])
def test_ruling_other_2_played_if_the_discarded_card_is_not_a_spirit_card(deck, trashed, cores):
    db = imported_db(magic(MILL_THEN))
    game = game_of(db, f"{{life: 5, reserve: 4, hand: [ZT-001], deck: {deck}}}",
                   "{life: 5, reserve: 0, field: [{card: T-R3, cores: 3}]}")
    knight = first(game, 1, "T-R3")
    game.apply(UseMagic(0, first(game, 0, "ZT-001", "hand")))
    assert game.pending.kind != "choose"  # the only spirit is selected without asking
    assert sorted(game.state.cards[i].cid for i in game.state.players[0].trash) == sorted(trashed)
    assert game.state.cards[knight].cores == cores


# ---------------------------------------------------------------- "remove up to N cores" (core_remove up_to)

UP_TO = ("Select 1 of your opponent's exhausted spirits. Remove up to 2 cores from it and place them into "
         "their reserve.")


def test_cr_1_3_5_compiled_remove_up_to_n_cores_from_it():
    s = compile_sentence("Remove up to four cores from it and place them into their reserve.", FAMS)
    assert s.ok and s.ops == [{"core_remove": {"target": "it", "up_to": 4}}]
    s = compile_sentence("Remove up to 2 cores from it and place them into the void.", FAMS)
    assert s.ok and s.ops == [{"core_remove": {"target": "it", "up_to": 2, "to": "void"}}]


def _up_to_game():
    db = imported_db(magic(UP_TO))
    game = game_of(db, "{life: 5, reserve: 4, hand: [ZT-001]}",
                   "{life: 5, reserve: 0, field: [{card: T-R3, cores: 4, exhausted: true}, {card: T-G4, cores: 2}]}")
    game.apply(UseMagic(0, first(game, 0, "ZT-001", "hand")))  # the only exhausted spirit: selected without asking
    return game, first(game, 1, "T-R3")


def test_ruling_other_3_played_remove_up_to_two_cores_the_controller_chooses_how_many():
    game, knight = _up_to_game()
    c = game.pending
    assert c.kind == "choose" and c.player == 0 and c.info["kind"] == "x" and c.info["options"] == [0, 1, 2]
    answer(game, 2)
    assert game.state.cards[knight].cores == 2 and game.state.players[1].reserve == 2
    assert game.state.cards[first(game, 1, "T-G4")].cores == 2  # the refreshed one is untouched


def test_ruling_other_3_played_remove_up_to_n_cores_zero_is_a_choice():
    game, knight = _up_to_game()
    answer(game, 0)
    assert game.state.cards[knight].cores == 4 and game.state.players[1].reserve == 0


def test_ruling_other_3_played_remove_up_to_n_cores_no_more_than_the_card_has():
    db = imported_db(magic(UP_TO))
    game = game_of(db, "{life: 5, reserve: 4, hand: [ZT-001]}",
                   "{life: 5, reserve: 0, field: [{card: T-R3, cores: 1, exhausted: true}]}")
    knight = first(game, 1, "T-R3")
    game.apply(UseMagic(0, first(game, 0, "ZT-001", "hand")))
    assert game.pending.info["options"] == [0, 1]
    answer(game, 1)
    assert game.state.cards[knight].zone == "trash"  # no core left: destroyed (CR 9-3-2-1)


def test_cr_1_3_5_remove_up_to_round_trips_and_reads_as_english():
    directive = {"core_remove": {"target": {"side": "opponent"}, "up_to": 3, "to": "void"}}
    card = card_from_dict({"id": "X-1", "name": "X", "type": "magic", "colors": ["red"], "cost": 1,
                           "timing": ["main"], "effects": [{"kind": "magic", "timing": ["main"], "do": [directive]}]})
    d = card_to_dict(card)
    assert card_from_dict(yaml.safe_load(yaml.safe_dump(d))) == card
    assert d["effects"][0]["do"][0]["core_remove"]["up_to"] == 3
    assert "up to 3 cores" in effect_text(card.effects[0], card)


@pytest.mark.parametrize("value, where, field", [
    ({"target": "it", "up_to": 0}, "do", "do[1].core_remove.up_to"),
    ({"target": "it", "up_to": "many"}, "do", "do[1].core_remove.up_to"),
    ({"target": "it", "up_to": 2, "count": 1}, "do", "do[1].core_remove.up_to"),
    ({"target": "it", "up_to": 2, "keep": 1}, "do", "do[1].core_remove.up_to"),
    ({"target": "this", "up_to": 2}, "cost", "cost[0]"),
])
def test_cr_1_3_5_a_malformed_up_to_is_refused_naming_the_field(value, where, field):
    e = {"kind": "activated", "timing": ["main"], "do": [{"draw": 1}]} if where == "cost" else \
        {"kind": "triggered", "trigger": "when_summoned", "do": [{"select": {}}, {"core_remove": value}]}
    if where == "cost":
        e["cost"] = [{"core_remove": value}]
        field = "cost[0]"
    card = {"id": "X-1", "name": "X", "type": "spirit", "colors": ["red"], "cost": 1,
            "levels": [{"level": 1, "cores": 1, "bp": 1000}], "effects": [e]}
    with pytest.raises(CardDataError) as err:
        card_from_dict(card, file="x.yaml", set_id="X")
    assert field in str(err.value.field)


# ---------------------------------------------------------------- a core that is not the soul core (CR 4-11-3)


@pytest.mark.parametrize("text", [
    "Remove 1 core that is not a {CORE} from it and place it into the void.",
    'Remove 1 core that is not a "Soul Core" from it and place it into the void.',
])
def test_ruling_other_5_compiled_a_core_that_is_not_the_soul_core_into_the_void(text):
    s = compile_sentence(text, FAMS)
    assert s.ok and s.ops == [{"core_remove": {"target": "it", "count": 1, "to": "void"}}]


def test_cr_8_5_6_a_core_that_is_not_the_soul_core_into_a_reserve_stays_by_hand():
    # a reserve takes the soul core too: the words would exclude it, the vocabulary can't
    assert not compile_sentence("Remove a core that is not a {CORE} from it and place it into their reserve.", FAMS).ok
    assert not compile_sentence('Remove a core that is not a "Link" from it and place it into the void.', FAMS).ok


def test_ruling_other_5_played_a_core_that_is_not_the_soul_core_leaves_the_soul_core_on_it():
    db = imported_db(magic("Select 1 of your opponent's spirits. Remove 1 core that is not a {CORE} from it and "
                           "place it into the void."))
    game = game_of(db, "{life: 5, reserve: 4, hand: [ZT-001]}",
                   "{life: 5, reserve: 0, soul_core: field, field: [{card: T-R3, cores: 1, soul_core: true}]}")
    knight = first(game, 1, "T-R3")
    game.apply(UseMagic(0, first(game, 0, "ZT-001", "hand")))
    assert game.pending.kind != "choose"  # no choice of core or soul core: only a core goes
    assert game.state.cards[knight].zone == "field" and game.state.cards[knight].cores == 0
    assert game.state.players[1].soul == knight


# ---------------------------------------------------------------- a spirit type gained (grant family; ruling Other-4)


@pytest.mark.parametrize("text, ops", [
    ("It gains Sky Warden spirit type during this turn.",
     [{"grant": {"target": "it", "family": "Sky Warden", "_duration": "turn"}}]),
    ("During this turn, all of your spirits gain Stoneback spirit type.",
     [{"grant": {"target": {"side": "you", "all": True}, "family": "Stoneback", "_duration": "turn"}}]),
])
def test_ruling_other_4_compiled_it_gains_a_spirit_type(text, ops):
    s = compile_sentence(text, FAMS)
    assert s.ok, s.why
    assert s.ops == ops


def test_ruling_other_4_a_constant_spirit_type_grant_stays_by_hand():
    e = compile_effect("spirit", "N/A", "All of your spirits gain Stoneback spirit type.", families=FAMS)
    assert not e.automated and "grant.family" in e.why


def test_ruling_other_4_played_the_gained_spirit_type_is_seen_by_filters_until_the_turn_ends():
    from bss_desktop.carddb.effects import Target
    from bss_desktop.rules.bss.targets import matches

    db = imported_db(magic("Select 1 of your opponent's spirits. It gains Sky Warden spirit type during this turn."),
                     effect("Destroy all of your opponent's Sky Warden spirits.", ID="ZT-002", cardType="MAGIC",
                            name="Warden Bane", core_requirements=[], steps=["Main"]))
    game = game_of(db, "{life: 5, reserve: 4, hand: [ZT-001, ZT-002], field: [T-R1]}",
                   "{life: 5, reserve: 3, field: [T-G4, T-B2]}")
    stag, guard = first(game, 1, "T-G4"), first(game, 1, "T-B2")
    warden = Target(family="Sky Warden", side="any")
    game.apply(UseMagic(0, first(game, 0, "ZT-001", "hand")))
    answer(game, [stag])
    assert matches(game, stag, warden, 0, stag) and not matches(game, guard, warden, 0, guard)
    game.apply(UseMagic(0, first(game, 0, "ZT-002", "hand")))
    assert game.state.cards[stag].zone == "trash" and game.state.cards[guard].zone == "field"


def test_ruling_other_4_played_the_gained_spirit_type_ends_with_the_turn():
    from bss_desktop.rules.bss import misc

    db = imported_db(magic("Select 1 of your opponent's spirits. It gains Sky Warden spirit type during this turn."))
    game = game_of(db, "{life: 5, reserve: 4, hand: [ZT-001]}", "{life: 5, reserve: 3, field: [T-G4]}")
    stag = first(game, 1, "T-G4")
    game.apply(UseMagic(0, first(game, 0, "ZT-001", "hand")))
    assert misc.gained_families(game, stag) == {"sky warden"}
    game.apply(EndMain(0))
    game.apply(EndAttack(0))
    assert game.state.turn_player == 1 and misc.gained_families(game, stag) == set()


def test_ruling_other_4_a_spirit_type_grant_round_trips_and_reads_as_english():
    directive = {"grant": {"target": {"side": "opponent"}, "family": "Sky Warden", "duration": "turn"}}
    card = card_from_dict({"id": "X-1", "name": "X", "type": "magic", "colors": ["red"], "cost": 1,
                           "timing": ["main"], "effects": [{"kind": "magic", "timing": ["main"], "do": [directive]}]})
    d = card_to_dict(card)
    assert card_from_dict(yaml.safe_load(yaml.safe_dump(d))) == card
    assert d["effects"][0]["do"][0]["grant"]["family"] == "Sky Warden"
    assert "the Sky Warden spirit type" in effect_text(card.effects[0], card)


@pytest.mark.parametrize("grant, kind, field", [
    ({"target": "this", "family": ""}, "triggered", "do[0].grant.family"),
    ({"target": "this", "family": 3}, "triggered", "do[0].grant.family"),
    ({"target": "this", "family": "Dragon", "keyword": "curse"}, "triggered", "do[0].grant.family"),
    ({"target": "this", "family": "Dragon"}, "constant", "do[0].grant.family"),
])
def test_ruling_other_4_a_malformed_spirit_type_grant_is_refused_naming_the_field(grant, kind, field):
    e = {"kind": kind, "do": [{"grant": grant}], **({"trigger": "when_summoned"} if kind == "triggered" else {})}
    card = {"id": "X-1", "name": "X", "type": "spirit", "colors": ["red"], "cost": 1,
            "levels": [{"level": 1, "cores": 1, "bp": 1000}], "effects": [e]}
    with pytest.raises(CardDataError) as err:
        card_from_dict(card, file="x.yaml", set_id="X")
    assert field in str(err.value.field)


# ---------------------------------------------------------------- cores from one selected spirit (CR 9-3-2-1)

FROM_ONE = ("Remove 2 cores from 1 of your opponent's spirits and place them into their reserve. If you destroy "
            "your opponent's spirit with this effect, place 1 core from the void into your reserve.")


def test_cr_9_3_2_1_compiled_remove_cores_from_one_of_their_spirits():
    e = compile_effect("magic", "N/A", FROM_ONE, ["Main"])
    assert e.effect["do"] == [{"select": {}}, {"core_remove": {"target": "it", "count": 2}},
                              {"core_gain": {"count": 1, "to": "reserve"}, "if": {"it_destroyed": True}}]
    assert not compile_sentence("Remove a core from two of your opponent's spirits and place them into their "
                                "reserve.", FAMS).ok  # from each, or shared? by hand


@pytest.mark.parametrize("cores, destroyed, reserve", [(2, True, 5), (3, False, 4)])
def test_cr_9_3_2_1_played_remove_cores_from_one_of_their_spirits_if_you_destroy_it(cores, destroyed, reserve):
    db = imported_db(magic(FROM_ONE))
    game = game_of(db, "{life: 5, reserve: 4, hand: [ZT-001]}",
                   f"{{life: 5, reserve: 0, field: [{{card: T-R3, cores: {cores}}}]}}")
    knight = first(game, 1, "T-R3")
    game.apply(UseMagic(0, first(game, 0, "ZT-001", "hand")))
    assert (game.state.cards[knight].zone == "trash") is destroyed
    assert game.state.players[0].reserve == reserve  # (the magic card cost nothing)


# ---------------------------------------------------------------- the directive before: "otherwise", no soul core

THAT_CARD = ("Discard the top card of your opponent's deck. If that card is a magic card, draw a card. Otherwise, "
             "place 2 cores from the void onto this spirit.")


def test_ruling_other_7_compiled_if_that_card_is_and_otherwise():
    e = compile_effect("spirit", "When Summoned", THAT_CARD)
    magic_card = {"count": {"discarded": {"type": "magic"}}}
    assert e.effect["do"] == [{"mill": {"count": 1, "side": "opponent"}},
                              {"draw": 1, "if": {**magic_card, "count_min": 1}},
                              {"core_charge": {"target": "this", "count": 2}, "if": {**magic_card, "count_max": 0}}]


def test_ruling_other_7_otherwise_after_something_with_no_count_condition_stays_by_hand():
    e = compile_effect("spirit", "When Summoned", "If it is your turn, draw a card. Otherwise, place 2 cores from the "
                                                  "void onto this spirit.")
    assert not e.automated and "otherwise" in e.why
    e = compile_effect("spirit", "When Summoned", "Draw a card. Otherwise, place 2 cores from the void onto this "
                                                  "spirit.")
    assert not e.automated


@pytest.mark.parametrize("deck, drawn, cores", [("[T-MM, T-W0]", 1, 1), ("[T-R1, T-W0]", 0, 3), ("[]", 0, 3)])
def test_ruling_other_7_played_if_that_card_is_a_magic_card_otherwise(deck, drawn, cores):
    db = imported_db(effect(THAT_CARD, "When Summoned"))
    game = game_of(db, "{life: 5, reserve: 3, soul_core: trash, hand: [ZT-001]}",
                   f"{{life: 5, reserve: 3, deck: {deck}}}")
    hand = len(game.state.players[0].hand)
    game.apply(Summon(0, first(game, 0, "ZT-001", "hand")))
    if game.pending.kind == "choose":
        answer(game, game.pending.info["options"][:game.pending.info["min"]])
    spirit = first(game, 0, "ZT-001")
    assert len(game.state.players[0].hand) == hand - 1 + drawn
    assert game.state.cards[spirit].cores == cores


NO_SOUL = ("Place 3 cores from your trash onto this spirit. You can't place a \"Soul Core\" on this spirit with "
           "this effect.")


def test_cr_8_5_6_compiled_you_cannot_place_a_soul_core_with_this_effect():
    e = compile_effect("spirit", "When Summoned", NO_SOUL)
    assert e.effect["do"] == [{"core_charge": {"target": "this", "count": 3, "from": "trash", "soul_core": False}}]
    e = compile_effect("spirit", "When Summoned", "At the end of this turn, place 2 cores from your trash onto "
                                                  "this spirit. You can't place a \"Soul Core\" on this spirit with "
                                                  "this effect.")
    assert e.effect["do"] == [{"later": {"at": "turn_end", "do": [
        {"core_charge": {"target": "this", "count": 2, "from": "trash", "soul_core": False}}]}}]
    assert e.sentences[0].ops[0]["later"]["do"][0]["core_charge"].get("soul_core") is None  # (read as printed)
    assert not compile_effect("spirit", "When Summoned", "Draw a card. You can't place a \"Soul Core\" on this "
                                                         "spirit with this effect.").automated


def test_cr_8_5_6_played_you_cannot_place_a_soul_core_with_this_effect():
    db = imported_db(effect(NO_SOUL, "When Summoned"))
    game = game_of(db, "{life: 5, reserve: 1, trash_cores: 2, soul_core: trash, hand: [ZT-001]}", "{life: 5}")
    game.apply(Summon(0, first(game, 0, "ZT-001", "hand")))
    if game.pending.kind == "choose":
        answer(game, game.pending.info["options"][:game.pending.info["min"]])
    spirit = first(game, 0, "ZT-001")
    p0 = game.state.players[0]
    assert p0.soul == "trash" and p0.trash_cores == 0  # both regular cores came, the soul core stayed
    assert game.state.cards[spirit].cores == 3  # its LV1 core and the two from the trash


# ---------------------------------------------------------------- "during this turn" under a this-turn condition

THIS_TURN = "If one of your spirits has been destroyed this turn, this spirit gains 1000 BP during this turn."


def test_ruling_other_8_compiled_a_constant_effect_during_this_turn_under_a_this_turn_condition():
    e = compile_effect("spirit", "N/A", THIS_TURN)
    assert e.effect == {"kind": "constant", "condition": {"count": {"destroyed": {"side": "you"}}, "count_min": 1},
                        "do": [{"bp": {"target": "this", "add": 1000}}]}
    # a condition that can stop holding within the turn: "during this turn" would say more, by hand
    assert not compile_effect("spirit", "N/A", "If you have 3 or fewer life, this spirit gains 1000 BP during this "
                                               "turn.").automated


def test_ruling_other_8_played_bp_from_the_destruction_until_the_turn_ends():
    db = imported_db(effect(THIS_TURN),
                     effect("Destroy all of your spirits that cost 1.", ID="ZT-002", cardType="MAGIC",
                            name="Pup Bane", core_requirements=[], steps=["Main"]))
    game = game_of(db, "{life: 5, reserve: 4, hand: [ZT-002], field: [ZT-001, T-R1]}", "{life: 5, reserve: 3}")
    spirit = first(game, 0, "ZT-001")
    assert stats.bp(game, spirit) == 1000
    game.apply(UseMagic(0, first(game, 0, "ZT-002", "hand")))
    assert cids(game, game.state.players[0].field) == ["ZT-001"] and stats.bp(game, spirit) == 2000
    game.apply(EndMain(0))
    game.apply(EndAttack(0))  # the turn ends: the count of this turn's destructions starts again
    assert game.state.turn_player == 1 and stats.bp(game, spirit) == 1000


# ---------------------------------------------------------------- "spirits refreshed by this effect" (ref changed)

REFRESHED = "Select 2 of your spirits and refresh them. Spirits refreshed by this effect can't attack for this turn."


def test_ruling_other_9_compiled_spirits_refreshed_by_this_effect():
    e = compile_effect("magic", "N/A", REFRESHED, ["Main"])
    assert e.effect["do"] == [{"refresh": {"side": "you", "count": 2}},
                              {"restrict": {"target": "changed", "cannot": "attack"}}]
    for text in ("Select 3 of your spirits. Spirits refreshed by this effect can't block.",
                 "You may select 3 of your spirits and refresh them. Spirits refreshed by this effect can't block.",
                 "Select 1 of your spirits and exhaust it. Spirits refreshed by this effect can't block."):
        assert not compile_effect("magic", "N/A", text, ["Main"]).automated, text


def test_ruling_other_9_played_only_the_spirits_the_effect_refreshed_cannot_attack():
    db = imported_db(magic(REFRESHED))
    game = game_of(db, "{life: 5, reserve: 4, hand: [ZT-001], field: [{card: T-R3, exhausted: true}, T-G4]}",
                   "{life: 5, reserve: 3}")
    knight, stag = first(game, 0, "T-R3"), first(game, 0, "T-G4")
    game.apply(UseMagic(0, first(game, 0, "ZT-001", "hand")))  # both selected: the only two
    assert not game.state.cards[knight].exhausted
    game.apply(EndMain(0))
    with pytest.raises(IllegalCommand):
        game.apply(Attack(0, knight))  # refreshed by the effect
    game.apply(Attack(0, stag))  # it was refreshed already: not refreshed by this effect (CR 1-3-2-1)
    assert game.state.battle.attacker == stag


def test_ruling_other_9_changed_round_trips_and_reads_as_english():
    do = [{"exhaust": {}}, {"restrict": {"target": "changed", "cannot": "block", "duration": "turn"}}]
    card = card_from_dict({"id": "X-1", "name": "X", "type": "magic", "colors": ["red"], "cost": 1,
                           "timing": ["main"], "effects": [{"kind": "magic", "timing": ["main"], "do": do}]})
    d = card_to_dict(card)
    assert card_from_dict(yaml.safe_load(yaml.safe_dump(d))) == card
    assert d["effects"][0]["do"][1]["restrict"]["target"] == "changed"
    assert "refreshed or exhausted this way" in effect_text(card.effects[0], card)


@pytest.mark.parametrize("do, field", [
    ([{"restrict": {"target": "changed", "cannot": "attack"}}], "do[0].restrict.target"),
    ([{"draw": 1}, {"restrict": {"target": "changed", "cannot": "attack"}}], "do[1].restrict.target"),
])
def test_ruling_other_9_changed_without_an_exhaust_or_refresh_before_is_refused_naming_the_field(do, field):
    card = {"id": "X-1", "name": "X", "type": "magic", "colors": ["red"], "cost": 1, "timing": ["main"],
            "effects": [{"kind": "magic", "timing": ["main"], "do": do}]}
    with pytest.raises(CardDataError) as err:
        card_from_dict(card, file="x.yaml", set_id="X")
    assert field in str(err.value.field)


# ---------------------------------------------------------------- 【Swift】 given to cards in the hand (Other-10)

HAND_SWIFT = "All Sky Warden spirit cards in your hand gain Swift."


def test_ruling_other_10_compiled_spirit_cards_in_your_hand_gain_swift():
    e = compile_effect("spirit", "During Either Attack Step", HAND_SWIFT, families=FAMS)
    assert e.effect == {"kind": "constant", "condition": {"step": "attack"}, "do": [{"grant": {
        "target": {"side": "you", "family": "Sky Warden", "all": True, "zone": "hand"}, "keyword": "swift"}}]}
    for text in ("All Sky Warden spirit cards in your hand gain Curse.", "All magic cards in your hand gain Swift."):
        assert not compile_sentence(text, FAMS).ok, text


def test_ruling_other_10_played_a_spirit_card_given_swift_in_the_hand_is_summoned_in_a_flash_window():
    db = imported_db(effect(HAND_SWIFT, "During Either Attack Step"),
                     record(ID="ZT-002", name="Cliff Warden", subType=["Sky Warden"], cost="1", reduction=[]))
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-002, T-R1], field: [ZT-001]}",
                   "{life: 5, reserve: 3, field: [T-R3]}", turn_player=1, step="attack")
    warden, pup = first(game, 0, "ZT-002", "hand"), first(game, 0, "T-R1", "hand")
    game.apply(Attack(1, first(game, 1, "T-R3")))  # the defending player's flash window
    summons = [c.card for c in game.legal_commands() if isinstance(c, Summon)]
    assert warden in summons and pup not in summons
    with pytest.raises(IllegalCommand):
        game.apply(Summon(0, pup))  # no 【Swift】 (CR 11-9-1)
    game.apply(Summon(0, warden))
    assert game.state.cards[warden].zone == "field"


def test_ruling_other_10_played_without_the_giving_spirit_a_card_in_the_hand_has_no_swift():
    db = imported_db(effect(HAND_SWIFT, "During Either Attack Step"),
                     record(ID="ZT-002", name="Cliff Warden", subType=["Sky Warden"], cost="1", reduction=[]))
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-002, ZT-001]}",
                   "{life: 5, reserve: 3, field: [T-R3]}", turn_player=1, step="attack")
    warden = first(game, 0, "ZT-002", "hand")
    game.apply(Attack(1, first(game, 1, "T-R3")))
    with pytest.raises(IllegalCommand):
        game.apply(Summon(0, warden))  # the giving spirit is in the hand, not on the field (CR 8-1-4)


# ---------------------------------------------------------------- your spirits' colours and costs (Other-11)

SAME_COST = ("During Your Start Step If all of your spirits cost the same, select 1 of your opponent's spirits. "
             "Reduce its BP by 3000 during this turn.")
ONLY_YELLOW = "If you only have yellow spirits, all of your spirits gain 2000 BP."


def test_ruling_other_11_compiled_same_cost_and_only_one_colour():
    assert compile_sentence("If all of the spirits on your field cost the same amount, draw 2 cards.", FAMS).ops == [
        {"draw": 2, "if": {"same_cost": True}}]
    e = compile_effect("nexus", "During Your Attack Step", ONLY_YELLOW)
    assert e.effect["condition"] == {"step": "attack", "your_turn": True, "count": {
        "cards": {"side": "you", "type": "spirit", "not_colors": ["yellow"]}}, "count_max": 0}
    assert not compile_sentence("If you only have yellow Stoneback spirits on your field, draw a card.", FAMS).ok


@pytest.mark.parametrize("mine, bp", [("[T-R1, T-R1]", 1000), ("[T-R1, T-R3]", 4000), ("[]", 1000)])
def test_ruling_other_11_played_if_all_the_spirits_on_your_field_cost_the_same(mine, bp):
    db = imported_db(nexus(SAME_COST))
    game = game_of(db, f"{{life: 5, reserve: 3, field: [ZT-001, {mine[1:-1]}]}}".replace(", ]", "]"),
                   "{life: 5, reserve: 3, field: [T-G4]}", turn_player=1, step="attack")
    stag = first(game, 1, "T-G4")
    game.apply(EndAttack(1))  # this player's start step
    assert stats.bp(game, stag) == bp


@pytest.mark.parametrize("mine, bp", [("T-Y3", 4000), ("T-R1", 2000)])
def test_ruling_other_11_played_if_you_only_have_yellow_spirits(mine, bp):
    db = imported_db(nexus(ONLY_YELLOW, "During Your Attack Step"))
    game = game_of(db, f"{{life: 5, reserve: 3, field: [ZT-001, T-Y2, {mine}]}}", "{life: 5, reserve: 3}",
                   step="attack")
    assert stats.bp(game, first(game, 0, "T-Y2")) == bp


def test_ruling_other_11_same_cost_round_trips_reads_as_english_and_is_refused_malformed():
    effect_d = {"kind": "constant", "condition": {"same_cost": True}, "do": [{"bp": {"target": {"side": "you",
                                                                                               "all": True},
                                                                                    "add": 1000}}]}
    card = card_from_dict({"id": "X-1", "name": "X", "type": "nexus", "colors": ["red"], "cost": 1,
                           "levels": [{"level": 1, "cores": 0}], "effects": [effect_d]})
    d = card_to_dict(card)
    assert card_from_dict(yaml.safe_load(yaml.safe_dump(d))) == card and d["effects"][0]["condition"] == {
        "same_cost": True}
    assert "all the spirits on your field cost the same" in effect_text(card.effects[0], card)
    bad = {**effect_d, "condition": {"same_cost": "yes"}}
    with pytest.raises(CardDataError) as err:
        card_from_dict({"id": "X-1", "name": "X", "type": "nexus", "colors": ["red"], "cost": 1,
                        "levels": [{"level": 1, "cores": 0}], "effects": [bad]}, file="x.yaml", set_id="X")
    assert "condition.same_cost" in str(err.value.field)


@pytest.mark.parametrize("mine, bp", [("[SG1-237, SG1-003, SG1-003]", 3000), ("[SG1-237, SG1-003, SG1-005]", 2000)])
def test_ruling_other_11_played_the_shipped_evenscale_altar(mine, bp):
    from bss_desktop.carddb import load_default_db
    from bss_desktop.carddb.card_text import card_text

    db = load_default_db()
    assert "all the spirits on your field cost the same" in card_text(db["SG1-237"])
    game = position(two_players(f"{{life: 5, reserve: 3, field: {mine}}}", "{life: 5, reserve: 3}", step="attack"),
                    db=db, filler="SG1-001")
    assert stats.bp(game, first(game, 0, "SG1-003")) == bp  # (SG1-003 costs 2, SG1-005 costs 3)


@pytest.mark.parametrize("text", [
    "Discard the top card of your deck. If it is green, draw a card.",  # "it": the discarded card, not a selection
    "Discard the top card of your deck. If it is a Stoneback spirit, draw a card.",
    "Select 1 of your spirits. Discard the top card of your deck. If it is green, draw a card.",
])
def test_cr_8_5_3_if_it_is_with_no_selection_to_name_it_stays_by_hand(text):
    e = compile_effect("magic", "N/A", text, ["Main"], families=FAMS)
    assert not e.automated and "no selection" in e.why
    assert not compile_effect("spirit", "When Summoned", "If it is green, draw a card.").automated
