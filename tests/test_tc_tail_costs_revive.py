"""The tail of issue 28, family "costs": "(When Destroyed) you may <cost> to summon this card from your trash
without paying its cost" (docs/saga-rulings.md, Costs: Revive-1): compiled, refused when malformed, written back as
English, and played from positions.

The sentences and records are written for these tests; none is a real card's.
"""
from __future__ import annotations

import pytest

from bss_desktop.carddb.card_text import effect_text
from bss_desktop.carddb.errors import CardDataError
from bss_desktop.carddb.schema import card_from_dict
from bss_desktop.carddb.text_compile import compile_effect
from bss_desktop.engine.commands import Attack, Block, Pass
from helpers import answer, imported_db, position, record, two_players

REVIVE = "You may destroy one of your nexuses to summon this card from your trash without paying its cost."


def effect(details: str, condition: str = "When Destroyed", **fields) -> dict:
    return record(effects=[{"levels": [1, 2], "condition": condition, "keywords": [], "steps": [],
                            "details": details}], **fields)


@pytest.mark.parametrize("condition, trigger", [("When Destroyed", "when_destroyed"),
                                                ("When Destroyed By Opponent", "when_destroyed_by_opponent")])
def test_revive_1_compiles_this_card_summoned_from_the_trash(condition, trigger):
    r = compile_effect("spirit", condition, REVIVE, [])
    assert r.effect == {"kind": "triggered", "trigger": trigger, "optional": True,
                        "cost": [{"destroy": {"side": "you", "type": "nexus"}}],
                        "do": [{"summon": {"target": "this", "cores": "reserve"}}]}


def test_revive_1_compiles_a_nexus_placed_exhausted():
    r = compile_effect("nexus", "When Destroyed", "You may pay one core to place this card from your trash exhausted "
                                                  "without paying its cost.", [])
    assert r.effect["do"] == [{"summon": {"target": "this", "cores": "reserve", "exhausted": True}}]


@pytest.mark.parametrize("condition", ["When Summoned", "When This Spirit Attacks"])
def test_revive_1_outside_the_cards_own_when_destroyed_effect_stays_manual(condition):
    # elsewhere "this card" is not in the trash when the effect resolves (CR 10-15-1)
    assert compile_effect("spirit", condition, REVIVE, []).effect is None


def test_revive_1_written_back_as_english():
    db = imported_db(effect(REVIVE))
    card = db["ZT-001"]
    assert effect_text(card.effects[0], card) == (
        "[LV1][LV2] (When Destroyed) You may destroy 1 of your nexuses to summon this card from your trash without "
        "paying its cost, with its LV1 cores from your reserve.")


def _card(effect_: dict, card_type: str = "spirit") -> dict:
    card = {"id": "ZX-009", "name": "Bad", "type": card_type, "colors": ["red"], "cost": 3, "effects": [effect_]}
    if card_type == "magic":
        card["timing"] = ["main"]
    else:
        card["levels"] = [{"level": 1, "cores": 1, "bp": 1000}]
    return card


@pytest.mark.parametrize("card, field", [
    (_card({"kind": "triggered", "trigger": "when_destroyed", "do": [{"summon": {"target": "this", "pay": True}}]}),
     "effects[0].do[0].summon.pay"),
    (_card({"kind": "triggered", "trigger": "when_destroyed",
            "do": [{"summon": {"target": "this", "cores": "hand"}}]}), "effects[0].do[0].summon.cores"),
    (_card({"kind": "magic", "timing": ["main"], "do": [{"summon": {"target": "this"}}]}, "magic"),
     "effects[0].do[0].summon.target"),
    (_card({"kind": "activated", "timing": ["main"], "cost": [{"pay_cores": 1}],
            "do": [{"summon": {"target": "this"}}]}), "effects[0].do[0].summon.target"),
])
def test_revive_1_malformed_summons_of_this_card_are_refused_naming_the_field(card, field):
    with pytest.raises(CardDataError) as e:
        card_from_dict(card, file="(test)", set_id="ZX")
    assert e.value.field == field


def _destroyed_in_battle(p0: str):
    """Player 0's ZT-001 (1000 BP) attacks and is blocked by a 4000 BP spirit: destroyed by comparing BP."""
    db = imported_db(effect(REVIVE))
    game = position(two_players(p0, "{life: 5, reserve: 3, field: [T-G4]}", step="attack"), db=db)
    spirit = game.state.players[0].field[0]
    game.apply(Attack(0, spirit))
    game.apply(Pass(1))
    game.apply(Pass(0))
    game.apply(Block(1, game.state.players[1].field[0]))
    game.apply(Pass(1))
    game.apply(Pass(0))
    return game, spirit


def test_revive_1_played_the_nexus_destroyed_and_this_card_back_from_the_trash():
    game, spirit = _destroyed_in_battle("{life: 5, reserve: 2, soul_core: trash, field: [ZT-001, T-NX]}")
    forge = game.state.players[0].field[-1]
    assert game.state.cards[spirit].zone == "trash"
    answer(game, True)  # CR 8-4-1: asked whether to pay; the only nexus pays
    st = game.state
    assert st.cards[forge].zone == "trash"
    # its core went to the reserve as it was destroyed (CR 3-5-5); one comes back onto it for its LV1
    assert st.cards[spirit].zone == "field" and st.cards[spirit].cores == 1 and st.players[0].reserve == 2


def test_revive_1_played_without_a_nexus_nothing_is_asked_and_the_card_stays_in_the_trash():
    game, spirit = _destroyed_in_battle("{life: 5, reserve: 2, soul_core: trash, field: [ZT-001]}")
    assert game.pending is None or game.pending.kind != "choose"
    assert game.state.cards[spirit].zone == "trash"


# ---------------------------------------------------------------- a burst's own card placed (Burst-1)

BURST = "Place this card without paying its cost."


def burst_nexus() -> dict:
    return record(ID="ZX-001", name="Test Burst Nexus", cardType="NEXUS", cost="4", reduction=[],
                  core_requirements=[{"level": 1, "cores": 0}, {"level": 2, "cores": 2}],
                  effects=[{"levels": [], "condition": "When Opponent Destroys Your Spirit",
                            "keywords": [{"keyword_name": "Burst", "keyword_modifier": None}], "steps": [],
                            "details": BURST}])


def test_burst_1_compiles_this_card_placed_from_its_burst():
    r = compile_effect("nexus", "When Opponent Destroys Your Spirit", BURST, [], burst=True)
    assert r.effect == {"kind": "burst", "trigger": "your_spirit_destroyed_by_opponent",
                        "do": [{"summon": {"target": "this", "from": "burst", "cores": "reserve"}}]}


@pytest.mark.parametrize("condition", ["When Summoned", "When Destroyed"])
def test_burst_1_outside_a_burst_this_card_placed_stays_manual(condition):
    r = compile_effect("nexus", condition, BURST, [])
    assert r.effect is None and "Burst-1" in r.why


def test_burst_1_written_back_as_english():
    db = imported_db(burst_nexus())
    card = db["ZX-001"]
    assert effect_text(card.effects[0], card) == ("Burst (after your opponent destroys your spirit): Place this card "
                                                 "from the burst area without paying its cost, with its LV1 cores "
                                                 "from your reserve.")


def test_burst_1_a_summon_from_the_burst_in_a_triggered_effect_is_refused_naming_the_field():
    card = _card({"kind": "triggered", "trigger": "when_destroyed",
                  "do": [{"summon": {"target": "this", "from": "burst"}}]})
    with pytest.raises(CardDataError) as e:
        card_from_dict(card, file="(test)", set_id="ZX")
    assert e.value.field == "effects[0].do[0].summon.target"


@pytest.mark.parametrize("value, field", [
    ({"target": {"zone": "trash"}, "from": "burst"}, "effects[0].do[0].summon.from"),
    ({"target": "this", "from": "hand"}, "effects[0].do[0].summon.from"),
])
def test_burst_1_malformed_from_is_refused_naming_the_field(value, field):
    card = _card({"kind": "triggered", "trigger": "when_destroyed", "do": [{"summon": value}]})
    with pytest.raises(CardDataError) as e:
        card_from_dict(card, file="(test)", set_id="ZX")
    assert e.value.field == field


def test_burst_1_played_the_burst_nexus_goes_onto_the_field_not_to_the_trash():
    db = imported_db(burst_nexus())
    game = position(two_players("{life: 5, reserve: 3, field: [T-G4]}",
                                "{life: 5, reserve: 3, field: [T-R1], burst: ZX-001}", step="attack"), db=db)
    stag, pup = game.state.players[0].field[0], game.state.players[1].field[0]
    game.apply(Attack(0, stag))
    game.apply(Pass(1))
    game.apply(Pass(0))
    game.apply(Block(1, pup))
    game.apply(Pass(1))
    game.apply(Pass(0))  # Red Pup is destroyed by comparing BP: player 1's burst triggers (CR 10-9-1)
    assert game.state.cards[pup].zone == "trash"
    answer(game, True)  # activated (CR 10-9-3)
    st = game.state
    nexus = next(i for i in st.players[1].field if st.cards[i].cid == "ZX-001")  # on the field: placed (CR 10-7-1)
    assert st.cards[nexus].zone == "field" and nexus in st.players[1].field and st.players[1].burst is None
