"""The tail of issue 28, family "costs": "you may summon a <card> from your hand by using cores from your reserve to
pay its cost and place cores onto it" (docs/saga-rulings.md, Costs: Reserve-1): compiled, refused when malformed,
written back as English, and played from positions.

The sentences and records are written for these tests; none is a real card's.
"""
from __future__ import annotations

import pytest

from bss_desktop.carddb.card_text import effect_text
from bss_desktop.carddb.errors import CardDataError
from bss_desktop.carddb.schema import card_from_dict
from bss_desktop.carddb.text_compile import compile_effect, compile_sentence
from bss_desktop.engine.commands import Summon
from helpers import answer, first, imported_db, position, record, two_players

RESERVE = ("You may summon a green card from your hand by using cores from your reserve to pay its cost and place "
           "cores onto it.")


def effect(details: str = RESERVE, condition: str = "When Summoned", **fields) -> dict:
    return record(effects=[{"levels": [1, 2], "condition": condition, "keywords": [], "steps": [],
                            "details": details}], **fields)


def test_reserve_1_compiles_a_summon_paid_from_the_reserve_only():
    r = compile_effect("spirit", "When Summoned", RESERVE, [])
    assert r.effect["do"] == [{"summon": {"target": {"colors": ["green"], "type": "spirit", "zone": "hand"},
                                          "pay": "reserve"}, "may": True}]


def test_reserve_1_compiles_in_a_magic_cards_burst_with_its_follow_up():
    r = compile_effect("magic", "When Opponent Destroys Your Spirit",
                       RESERVE + " You may then pay this card's cost to activate its flash effect.", [], burst=True)
    assert r.effect["kind"] == "burst" and r.effect["then_use"] == "flash"
    assert r.effect["do"][0]["summon"]["pay"] == "reserve"


@pytest.mark.parametrize("text", [
    "You may summon 2 green cards from your hand by using cores from your reserve to pay its cost and place cores "
    "onto it.",  # more than one card
    "You may summon a magic card from your hand by using cores from your reserve to pay its cost and place cores "
    "onto it.",  # not a spirit card
])
def test_reserve_1_other_summons_stay_manual(text):
    assert not compile_sentence(text).ok


def test_reserve_1_written_back_as_english():
    db = imported_db(effect())
    card = db["ZT-001"]
    assert effect_text(card.effects[0], card) == (
        "[LV1][LV2] (When Summoned) You may summon 1 Green spirit card from your hand, paying its cost and placing "
        "its LV1 cores with cores from your reserve only.")


@pytest.mark.parametrize("summon, field", [
    ({"target": {"zone": "hand"}, "pay": "field"}, "effects[0].do[0].summon.pay"),
    ({"target": {"zone": "hand"}, "pay": "reserve", "cores": "reserve"}, "effects[0].do[0].summon.cores"),
    ({"target": {"zone": "hand", "up_to": 2}, "pay": "reserve"}, "effects[0].do[0].summon.target"),
])
def test_reserve_1_malformed_summons_are_refused_naming_the_field(summon, field):
    card = {"id": "ZX-009", "name": "Bad", "type": "spirit", "colors": ["red"], "cost": 3,
            "levels": [{"level": 1, "cores": 1, "bp": 1000}],
            "effects": [{"kind": "triggered", "trigger": "when_summoned", "do": [{"summon": summon}]}]}
    with pytest.raises(CardDataError) as e:
        card_from_dict(card, file="(test)", set_id="ZX")
    assert e.value.field == field


def _summoned(reserve: int):
    """ZT-001 (cost 0, a red symbol) is summoned with one core from the reserve; Green Stag (cost 4, reduced by 1
    by that red symbol, LV1: 1 core) waits in the hand; Red Pup holds 3 cores on the field."""
    db = imported_db(effect())
    game = position(two_players(f"{{life: 5, reserve: {reserve}, soul_core: trash, hand: [ZT-001, T-G4], "
                                "field: [{card: T-R1, cores: 3}]}", "{life: 5, reserve: 3}"), db=db)
    game.apply(Summon(0, first(game, 0, "ZT-001", "hand"), pay=(), place=(("reserve", 1),)))
    return game


def test_reserve_1_played_the_cost_and_the_lv1_cores_come_from_the_reserve():
    game = _summoned(5)  # 4 left: 3 pay, 1 for its LV1
    answer(game, True)
    while game.pending is not None and game.pending.kind == "choose":
        answer(game, game.pending.info["options"][0])
    st = game.state
    stag = next(i for i in st.players[0].field if st.cards[i].cid == "T-G4")
    assert st.cards[stag].cores == 1 and st.players[0].reserve == 0
    assert st.cards[first(game, 0, "T-R1")].cores == 3  # the field's cores are not used


def test_reserve_1_played_too_few_in_the_reserve_nothing_is_summoned_though_the_field_has_cores():
    game = _summoned(4)  # 3 left: too few, though Red Pup's 3 would be enough for a summon from the hand
    while game.pending is not None and game.pending.kind == "choose":
        answer(game, True if game.pending.info.get("kind") == "may" else game.pending.info["options"][0])
    st = game.state
    assert first(game, 0, "T-G4", "hand") and st.players[0].reserve == 3 and st.cards[first(game, 0, "T-R1")].cores == 3


# ---------------------------------------------------------------- "summon a <card> from your hand": paid (Paid-1)

PAID = "You may summon a green spirit card from your hand."


@pytest.mark.parametrize("text, target", [
    (PAID, {"colors": ["green"], "zone": "hand"}),
    ("You may summon a spirit card with Swift from your hand.", {"keyword": "swift", "zone": "hand"}),
    ("You may summon a Stoneback or Sky Warden spirit card from your trash.",
     {"families": ["Stoneback", "Sky Warden"], "zone": "trash"}),
])
def test_paid_1_compiles_a_summon_by_an_effect_that_pays_its_cost(text, target):
    s = compile_sentence(text, ("Stoneback", "Sky Warden"))
    assert s.ops == [{"summon": {"target": target, "pay": True}, "may": True}]


@pytest.mark.parametrize("text", [
    "You may summon 2 spirit cards from your hand.",  # a paid summon is of one card
    "You may summon a magic card from your hand.",
])
def test_paid_1_other_summons_stay_manual(text):
    assert not compile_sentence(text).ok


def test_paid_1_without_paying_its_cost_stays_the_free_summon():
    s = compile_sentence("Summon a spirit card from your hand without paying its cost.")
    assert s.ops == [{"summon": {"target": {"zone": "hand"}, "cores": "reserve"}}]


def test_paid_1_played_the_cost_is_paid_from_the_reserve_and_the_field():
    db = imported_db(effect(PAID))
    game = position(two_players("{life: 5, reserve: 3, soul_core: trash, hand: [ZT-001, T-G4], "
                                "field: [{card: T-R1, cores: 3}]}", "{life: 5, reserve: 3}"), db=db)
    pup = first(game, 0, "T-R1")
    game.apply(Summon(0, first(game, 0, "ZT-001", "hand"), pay=(), place=(("reserve", 1),)))
    answer(game, True)
    answer(game, [first(game, 0, "T-G4", "hand")])  # the player chooses it among their hand (CR 8-5-3-5)
    assert game.pending.info["kind"] == "cores" and 0 in game.pending.info["options"]
    answer(game, [0, 0, pup])  # its cost of 3 (4, less a red symbol): the reserve's 2 and one of Red Pup's
    answer(game, [pup])  # its LV1 core (CR 10-6-7)
    st = game.state
    stag = next(i for i in st.players[0].field if st.cards[i].cid == "T-G4")
    assert st.cards[stag].cores == 1 and st.players[0].reserve == 0 and st.cards[pup].cores == 1
