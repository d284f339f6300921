"""An attack's cost: "... cannot attack unless they pay N core" (docs/saga-rulings.md, "Costs", Tax-1): compiled,
refused when malformed in a set file, written back as English, and played: what the client offers, what the
attack pays.

The sentences and records are written for these tests; none is a real card's.
"""
from __future__ import annotations

import pytest

from bss_desktop.carddb.card_text import effect_text
from bss_desktop.carddb.errors import CardDataError
from bss_desktop.carddb.schema import card_from_dict
from bss_desktop.carddb.text_compile import compile_effect, compile_sentence
from bss_desktop.engine.commands import Attack
from bss_desktop.engine.errors import IllegalCommand
from helpers import imported_db, position, record, two_players

TAX = "Your opponent's spirits that cost 2 or fewer cannot attack unless they pay 1 core."


def gate(details: str = TAX, cid: str = "ZX-001") -> dict:
    return record(ID=cid, name="Test Gate", cardType="NEXUS", cost="3", reduction=[], symbols=["red"],
                  core_requirements=[{"level": 1, "cores": 0}],
                  effects=[{"levels": [1], "condition": "N/A", "keywords": [], "steps": [], "details": details}])


def attack_game(p0: str, gates: str = "[ZX-001]", *records):
    """Player 0 attacks; player 1 holds the gate(s)."""
    db = imported_db(gate(), *records)
    return position(two_players(p0, f"{{life: 5, reserve: 3, field: {gates}}}", step="attack"), db=db)


def attacks(game) -> list[int]:
    return [c.spirit for c in game.legal_commands() if isinstance(c, Attack)]


# ---------------------------------------------------------------- compiled, written, refused


def test_tax_1_compiles_an_attacks_cost():
    r = compile_effect("nexus", "N/A", TAX, [])
    assert r.effect == {"kind": "constant", "do": [
        {"restrict": {"target": {"all": True, "cost_max": 2}, "cannot": "attack", "unless_pay": 1}}]}


@pytest.mark.parametrize("text", [
    "Your opponent's spirits cannot block unless they pay one core.",  # a cost of something else
    "This spirit cannot attack unless they pay one core.",  # one card, not the spirits of a side
])
def test_tax_1_other_costs_stay_manual(text):
    assert not compile_sentence(text).ok


def test_tax_1_a_triggered_attack_cost_is_refused():
    r = compile_effect("spirit", "When Summoned", TAX, [])
    assert r.effect is None and "unless_pay" in r.why


def test_tax_1_written_back_as_english():
    db = imported_db(gate())
    card = db["ZX-001"]
    assert effect_text(card.effects[0], card) == (
        "[LV1] Constant: All your opponent's spirits with cost 2 or less cannot attack unless their controller pays 1 "
        "core from their reserve.")


@pytest.mark.parametrize("restrict, field", [
    ({"target": {"all": True}, "cannot": "block", "unless_pay": 1}, "effects[0].do[0].restrict.unless_pay"),
    ({"target": {"all": True}, "cannot": "attack", "unless_pay": 0}, "effects[0].do[0].restrict.unless_pay"),
    ({"target": {"all": True}, "cannot": "attack", "unless_pay": "1"}, "effects[0].do[0].restrict.unless_pay"),
])
def test_tax_1_malformed_attack_costs_are_refused_naming_the_field(restrict, field):
    card = {"id": "ZX-009", "name": "Bad", "type": "nexus", "colors": ["red"], "cost": 3,
            "levels": [{"level": 1, "cores": 0}], "effects": [{"kind": "constant", "do": [{"restrict": restrict}]}]}
    with pytest.raises(CardDataError) as e:
        card_from_dict(card, file="(test)", set_id="ZX")
    assert e.value.field == field


# ---------------------------------------------------------------- played


def test_tax_1_played_the_attack_is_offered_and_pays_one_core_from_the_reserve():
    game = attack_game("{life: 5, reserve: 2, soul_core: trash, field: [T-R1]}")
    pup = game.state.players[0].field[0]
    assert attacks(game) == [pup]
    game.apply(Attack(0, pup))
    assert game.state.players[0].reserve == 1 and game.state.players[0].trash_cores == 1
    assert game.state.battle is not None and game.state.battle.attacker == pup


def test_tax_1_played_with_nothing_in_the_reserve_the_spirit_cannot_attack():
    game = attack_game("{life: 5, reserve: 0, soul_core: trash, field: [T-R1]}")
    pup = game.state.players[0].field[0]
    assert attacks(game) == []
    with pytest.raises(IllegalCommand):
        game.apply(Attack(0, pup))


def test_tax_1_played_the_soul_core_pays_only_when_no_regular_core_is_left():
    game = attack_game("{life: 5, reserve: 0, soul_core: reserve, field: [T-R1]}")
    game.apply(Attack(0, game.state.players[0].field[0]))
    assert game.state.players[0].soul == "trash"
    game = attack_game("{life: 5, reserve: 1, soul_core: reserve, field: [T-R1]}")
    game.apply(Attack(0, game.state.players[0].field[0]))
    assert game.state.players[0].soul == "reserve" and game.state.players[0].reserve == 0


def test_tax_1_played_a_spirit_the_effect_does_not_name_attacks_for_free():
    game = attack_game("{life: 5, reserve: 0, soul_core: trash, field: [T-G4]}")  # cost 4
    stag = game.state.players[0].field[0]
    assert attacks(game) == [stag]
    game.apply(Attack(0, stag))
    assert game.state.players[0].trash_cores == 0


def test_tax_1_played_two_effects_are_two_costs():
    db_gate2 = gate(cid="ZX-002")
    game = attack_game("{life: 5, reserve: 2, soul_core: trash, field: [T-R1]}", "[ZX-001, ZX-002]", db_gate2)
    game.apply(Attack(0, game.state.players[0].field[0]))
    assert game.state.players[0].reserve == 0 and game.state.players[0].trash_cores == 2


def test_tax_1_played_its_own_controllers_spirits_attack_for_free():
    db = imported_db(gate())
    game = position(two_players("{life: 5, reserve: 0, soul_core: trash, field: [T-R1, ZX-001]}",
                                "{life: 5, reserve: 3}", step="attack"), db=db)
    pup = game.state.players[0].field[0]
    assert pup in attacks(game)


def test_tax_1_played_under_a_during_opponents_attack_step_label():
    labelled = record(ID="ZX-003", name="Test Gate", cardType="NEXUS", cost="3", reduction=[], symbols=["red"],
                      core_requirements=[{"level": 1, "cores": 0}],
                      effects=[{"levels": [1], "condition": "During Opponent's Attack Step", "keywords": [],
                                "steps": [], "details": TAX}])
    db = imported_db(labelled)
    game = position(two_players("{life: 5, reserve: 0, soul_core: trash, field: [T-R1]}",
                                "{life: 5, reserve: 3, field: [ZX-003]}", step="attack"), db=db)
    assert attacks(game) == []  # player 0's attack step is the gate holder's opponent's
    game = position(two_players("{life: 5, reserve: 0, soul_core: trash, field: [T-R1, ZX-003]}",
                                "{life: 5, reserve: 3}", step="attack"), db=db)
    assert attacks(game) == [game.state.players[0].field[0]]  # its controller's own spirits attack for free
