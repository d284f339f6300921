"""The tail of issue 28, family "costs": optional costs of the templates real cards use — cores paid from this
spirit "for it to" gain (CR 8-4, 3-4-1), cards discarded from the top of your own deck as a cost (CR 10-2-1,
8-4-2-3; docs/saga-rulings.md, Costs: Mill-1), and "to make your opponent select ... and destroy it" (CR 8-5-3):
compiled, refused when malformed, written back as English, and played from positions.

The sentences and records are written for these tests; none is a real card's.
"""
from __future__ import annotations

import pytest

from bss_desktop.carddb.card_text import effect_text
from bss_desktop.carddb.errors import CardDataError
from bss_desktop.carddb.schema import card_from_dict
from bss_desktop.carddb.text_compile import compile_effect, compile_sentence
from bss_desktop.engine import stats
from bss_desktop.engine.commands import Attack
from helpers import answer, cids, imported_db, position, record, two_players


def effect(details: str, condition: str = "N/A", **fields) -> dict:
    """ZT-001 (a red Stoneback spirit, 1000 / 3000 BP at LV1 / LV2) with one effect at both levels."""
    return record(effects=[{"levels": [1, 2], "condition": condition, "keywords": [], "steps": [],
                            "details": details}], **fields)


def game_of(db, p0: str, p1: str, **kw):
    return position(two_players(p0, p1, **kw), db=db)


def hand(game, p: int) -> list[str]:
    return cids(game, game.state.players[p].hand)


# ---------------------------------------------------------------- "pay N of this spirit's cores for it to ..."

PAY = "You may pay 2 of this spirit's cores for it to gain 4000 BP and Luster during this turn."


def test_cr_8_4_compiles_cores_paid_from_this_spirit_for_it_to_gain():
    r = compile_effect("spirit", "When This Spirit Attacks", PAY, [])
    assert r.effect == {"kind": "triggered", "trigger": "when_attacks", "optional": True,
                        "cost": [{"core_remove": {"target": "this", "count": 2, "to": "trash"}}],
                        "do": [{"bp": {"target": "this", "add": 4000}},
                               {"grant": {"target": "this", "keyword": "luster"}}]}


@pytest.mark.parametrize("text, do", [
    ("You may pay one of this spirit's cores for it to gain 2000 BP during this turn.",
     [{"bp": {"target": "this", "add": 2000}}]),
    ("You may pay 3 of this spirit's cores for it to gain Confront during this turn.",
     [{"grant": {"target": "this", "keyword": "confront"}}]),
])
def test_cr_8_4_compiles_the_other_gains_for_it(text, do):
    r = compile_effect("spirit", "When This Spirit Attacks", text, [])
    assert r.effect["do"] == do and r.effect["cost"][0]["core_remove"]["to"] == "trash"


def test_cr_8_4_for_it_to_after_a_cost_of_another_card_stays_manual():
    # "it" would be the nexus exhausted, not this spirit: not said
    s = compile_sentence("You may exhaust one of your nexuses for it to gain 2000 BP during this turn.")
    assert not s.ok and "for it to" in s.why


def test_cr_8_4_cores_paid_for_it_written_back_as_english():
    db = imported_db(effect(PAY, "When This Spirit Attacks"))
    card = db["ZT-001"]
    text = effect_text(card.effects[0], card)
    assert text.startswith("[LV1][LV2] (When Attacks) You may send 2 cores from this spirit to its owner's trash to ")
    assert "+4000 BP this turn" in text and "【Luster】" in text


def _attacking(cores: int):
    db = imported_db(effect(PAY, "When This Spirit Attacks"))
    game = game_of(db, f"{{life: 5, reserve: 0, soul_core: trash, field: [{{card: ZT-001, cores: {cores}}}]}}",
                   "{life: 5, reserve: 3}", step="attack")
    spirit = game.state.players[0].field[0]
    game.apply(Attack(0, spirit))
    return game, spirit


def test_cr_3_4_1_played_cores_paid_from_this_spirit_go_to_the_trash_and_it_gains():
    game, spirit = _attacking(5)
    trash = game.state.players[0].trash_cores
    answer(game, True)  # CR 8-4-1: asked whether to pay
    assert game.state.cards[spirit].cores == 3 and game.state.players[0].trash_cores == trash + 2
    assert stats.bp(game, spirit) == 3000 + 4000 and game.has_keyword(spirit, "luster")


def test_cr_8_4_1_played_declined_nothing_is_paid_and_nothing_gained():
    game, spirit = _attacking(5)
    answer(game, False)
    assert game.state.cards[spirit].cores == 5 and stats.bp(game, spirit) == 3000
    assert not game.has_keyword(spirit, "luster")


def test_cr_8_4_2_3_played_with_too_few_cores_on_it_nothing_is_asked():
    game, spirit = _attacking(1)
    assert game.pending is None or game.pending.kind != "choose" or game.pending.info.get("kind") != "may"
    assert game.state.cards[spirit].cores == 1 and stats.bp(game, spirit) == 1000


# ---------------------------------------------------------------- a cost from the top of your deck (Mill-1)

MILL = "You may discard 2 cards from the top of your deck to draw a card."


@pytest.mark.parametrize("text, count", [(MILL, 2), ("You may discard a card from the top of your deck to draw "
                                                      "a card.", 1)])
def test_mill_1_compiles_cards_discarded_from_your_deck_as_a_cost(text, count):
    r = compile_effect("spirit", "When Summoned", text, [])
    assert r.effect == {"kind": "triggered", "trigger": "when_summoned", "optional": True,
                        "cost": [{"mill": {"count": count, "side": "you"}}], "do": [{"draw": 1}]}


def test_mill_1_cards_of_a_kind_from_the_deck_stay_manual():
    s = compile_sentence("You may discard 2 magic cards from the top of your deck to draw a card.")
    assert not s.ok and "kind" in s.why


def test_mill_1_a_cost_from_the_deck_written_back_as_english():
    db = imported_db(effect(MILL, "When Summoned"))
    card = db["ZT-001"]
    assert "discard 2 cards from the top of your deck to draw 1 card" in effect_text(card.effects[0], card).lower()


@pytest.mark.parametrize("cost, field", [
    ([{"mill": {"count": 2, "side": "opponent"}}], "effects[0].cost[0]"),  # a cost names your own cards
    ([{"mill": {"count": 2}}], "effects[0].cost[0]"),  # a mill's side defaults to the opponent's deck
    ([{"mill": {"count": 0, "side": "you"}}], "effects[0].cost[0].mill.count"),
    ([{"mill": {"count": 2, "side": "you", "for_each": {"cards": {"zone": "hand"}}}}], "effects[0].cost[0]"),
])
def test_mill_1_malformed_deck_costs_are_refused_naming_the_field(cost, field):
    card = {"id": "ZX-009", "name": "Bad", "type": "spirit", "colors": ["red"], "cost": 3,
            "levels": [{"level": 1, "cores": 1, "bp": 1000}],
            "effects": [{"kind": "triggered", "trigger": "when_summoned", "optional": True, "cost": cost,
                         "do": [{"draw": 1}]}]}
    with pytest.raises(CardDataError) as e:
        card_from_dict(card, file="(test)", set_id="ZX")
    assert e.value.field == field


def _summon_with_deck(deck: str):
    from bss_desktop.engine.commands import Summon
    from helpers import first

    db = imported_db(effect(MILL, "When Summoned"))
    game = game_of(db, f"{{life: 5, reserve: 3, soul_core: trash, hand: [ZT-001], deck: {deck}}}",
                   "{life: 5, reserve: 3}")
    card = first(game, 0, "ZT-001", "hand")
    game.apply(Summon(0, card, pay=(), place=(("reserve", 1),)))
    return game


def test_mill_1_played_two_cards_from_the_top_of_your_deck_then_a_draw():
    game = _summon_with_deck("[T-R1, T-B2, T-G4]")  # the first listed is the top
    answer(game, True)  # CR 8-4-1: asked whether to pay
    st = game.state
    assert cids(game, st.players[0].trash) == ["T-R1", "T-B2"] and hand(game, 0) == ["T-G4"]


def test_mill_1_played_with_fewer_cards_in_the_deck_than_the_cost_nothing_is_asked_or_taken():
    game = _summon_with_deck("[T-R1]")  # CR 8-4-2-3: all of it or the effect does not activate
    assert game.pending is None or game.pending.kind != "choose"
    assert cids(game, game.state.players[0].deck) == ["T-R1"] and hand(game, 0) == []


# ---------------------------------------------------------------- "to make your opponent select ... and destroy it"

MAKE = ("You may destroy one of your other spirits to make your opponent select one of their spirits and destroy "
        "it.")


@pytest.mark.parametrize("text, do", [
    (MAKE, [{"destroy": {"chooser": "opponent"}}]),
    ("You may destroy one of your other spirits to make your opponent select 2 of their spirits and exhaust them.",
     [{"exhaust": {"count": 2, "chooser": "opponent"}}]),
])
def test_cr_8_5_3_compiles_your_opponent_made_to_select_their_own(text, do):
    r = compile_effect("spirit", "When This Spirit Attacks", text, [])
    assert r.effect["cost"] == [{"destroy": {"side": "you", "other": True}}] and r.effect["do"] == do


def test_cr_8_5_3_played_your_opponent_chooses_which_of_their_spirits_is_destroyed():
    db = imported_db(effect(MAKE, "When This Spirit Attacks"))
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001, T-R1]}", "{life: 5, reserve: 3, field: [T-G4, T-B2]}",
                   step="attack")
    spirit, pup = game.state.players[0].field
    stag, fish = game.state.players[1].field
    game.apply(Attack(0, spirit))
    answer(game, True)  # the cost: the only other spirit of theirs is destroyed
    assert game.state.cards[pup].zone == "trash"
    assert game.pending.player == 1  # CR 8-5-3: the opponent chooses among their own spirits
    answer(game, [fish])
    assert game.state.cards[fish].zone == "trash" and game.state.cards[stag].zone == "field"


# ---------------------------------------------------------------- "exhaust 1 of your token spirits or nexuses"

EITHER = ("You may exhaust one of your token spirits or nexuses to select one of your opponent's spirits and "
          "exhaust it.")


def test_cr_8_4_compiles_an_exhaust_cost_of_either_kind():
    r = compile_effect("spirit", "When This Spirit Attacks", EITHER, [])
    assert r.effect["cost"] == [{"exhaust": {"side": "you", "token": True, "alternative": {"type": "nexus"}}}]
    assert r.effect["do"] == [{"exhaust": {}}]


def test_cr_8_4_an_exhaust_cost_of_either_kind_for_more_than_one_card_stays_manual():
    s = compile_sentence("You may exhaust 2 of your spirits or nexuses to draw a card.")
    assert not s.ok and "more than one card" in s.why


def test_cr_8_4_played_an_exhaust_cost_of_either_kind_offers_only_those_cards():
    db = imported_db(effect(EITHER, "When This Spirit Attacks"))
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001, T-R1, T-NX, T-NX2]}",
                   "{life: 5, reserve: 3, field: [T-G4]}", step="attack")
    spirit, pup, forge, tower = game.state.players[0].field
    stag = game.state.players[1].field[0]
    game.apply(Attack(0, spirit))
    answer(game, True)
    assert sorted(game.pending.info["options"]) == sorted([forge, tower])  # not the spirit that is no token
    answer(game, [tower])
    if game.pending is not None and game.pending.kind == "choose":
        answer(game, [stag])
    st = game.state
    assert st.cards[tower].exhausted and not st.cards[pup].exhausted and st.cards[stag].exhausted


# ---------------------------------------------------------------- "pay N cores from this spirit/nexus" (CR 3-4-1)


@pytest.mark.parametrize("text", ["You may pay 2 cores from this spirit to draw a card.",
                                  "You may pay one core from this nexus to draw a card."])
def test_cr_3_4_1_cores_paid_from_this_card_go_to_the_trash(text):
    s = compile_sentence(text)
    assert s.ops[0]["_cost"]["core_remove"]["to"] == "trash"


def test_cr_3_4_1_cores_removed_from_this_spirit_still_go_to_the_reserve():
    s = compile_sentence("You may remove 1 core from this spirit to draw a card.")
    assert "to" not in s.ops[0]["_cost"]["core_remove"]  # the reserve, the directive's default


def test_cr_3_4_1_played_cores_paid_from_this_spirit_end_in_the_trash_not_the_reserve():
    db = imported_db(effect("You may pay 2 cores from this spirit to draw a card.", "When This Spirit Attacks"))
    game = game_of(db, "{life: 5, reserve: 0, soul_core: trash, field: [{card: ZT-001, cores: 4}], deck: [T-W0]}",
                   "{life: 5, reserve: 3}", step="attack")
    spirit = game.state.players[0].field[0]
    trash = game.state.players[0].trash_cores
    game.apply(Attack(0, spirit))
    answer(game, True)
    st = game.state
    assert st.cards[spirit].cores == 2 and st.players[0].reserve == 0 and st.players[0].trash_cores == trash + 2
    assert hand(game, 0) == ["T-W0"]


# ---------------------------------------------------------------- "when you destroy a spirit with this effect, if ..."

WHEN_IF = ("You may place 3 cores from this spirit into your trash to select one of your opponent's spirits. Remove 2 "
           "cores from it and place them into your opponent's reserve. When you destroy a spirit with this effect, "
           "if you control a nexus, remove a core from your opponent's life and place it into their reserve.")


def test_cr_9_3_2_1_compiles_a_destruction_by_this_effect_under_a_condition():
    r = compile_effect("spirit", "When This Spirit Attacks", WHEN_IF, [])
    assert r.effect["cost"] == [{"core_remove": {"target": "this", "count": 3, "to": "trash"}}]
    assert r.effect["do"] == [{"select": {}}, {"core_remove": {"target": "it", "count": 2}},
                              {"life_damage": 1, "if": {"control": {"side": "you", "type": "nexus"},
                                                        "it_destroyed": True}}]


@pytest.mark.parametrize("opp_field, nexus, life", [
    ("[T-B2]", True, 4),  # Blue Guard (LV1: 2 cores) loses both: destroyed by this effect (CR 9-3-2-1)
    ("[{card: T-B2, cores: 4}]", True, 5),  # keeps 2: not destroyed
    ("[T-B2]", False, 5),  # destroyed, but no nexus of yours
])
def test_cr_9_3_2_1_played_the_life_only_when_destroyed_and_the_condition_holds(opp_field, nexus, life):
    db = imported_db(effect(WHEN_IF, "When This Spirit Attacks"))
    mine = "[{card: ZT-001, cores: 5}" + (", T-NX]" if nexus else "]")
    game = game_of(db, f"{{life: 5, reserve: 0, soul_core: trash, field: {mine}}}",
                   f"{{life: 5, reserve: 0, soul_core: trash, field: {opp_field}}}", step="attack")
    game.apply(Attack(0, game.state.players[0].field[0]))
    while game.pending is not None and game.pending.kind == "choose":
        answer(game, True if game.pending.info.get("kind") == "may" else game.pending.info["options"][:1])
    assert game.state.players[1].life == life
