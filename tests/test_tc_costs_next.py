"""The first and the next magic card used (docs/saga-rulings.md, "Costs", Next-1): "reduce the cost of the first
magic card you use each turn by N" and "reduce the cost of the next ... magic card you use from your hand this turn
by N" compiled, refused when malformed, written back as English, and played: what the client offers and pays.

The sentences and records are written for these tests; none is a real card's.
"""
from __future__ import annotations

import pytest

from bss_desktop.carddb.card_text import effect_text
from bss_desktop.carddb.errors import CardDataError
from bss_desktop.carddb.schema import card_from_dict
from bss_desktop.carddb.text_compile import compile_effect, compile_sentence
from bss_desktop.engine.commands import EndAttack, EndMain, Summon, UseMagic
from helpers import first, imported_db, position, record, two_players

FIRST = "Reduce the cost of the first magic card you use each turn by 2."
NEXT = "Reduce the cost of the next blue magic card you use from your hand this turn by 2."


def spirit(details: str, condition: str = "N/A") -> dict:
    return record(ID="ZN-001", name="Test Clerk", cost="0", reduction=[],
                  effects=[{"levels": [1, 2], "condition": condition, "keywords": [], "steps": [],
                            "details": details}])


def spell(cid: str, color: str = "Blue", cost: int = 3) -> dict:
    return record(ID=cid, name=f"Test Spell {cid}", cardType="MAGIC", color=[color], cost=str(cost), reduction=[],
                  symbols=[], core_requirements=[],
                  effects=[{"levels": [], "condition": "N/A", "keywords": [], "steps": ["Main"],
                            "details": "Draw a card."}])


def game_of(db, p0: str):
    return position(two_players(p0, "{life: 5, reserve: 3}"), db=db)


# ---------------------------------------------------------------- compiled, written, refused


def test_next_1_compiles_the_first_magic_card_each_turn():
    r = compile_effect("spirit", "N/A", FIRST, [])
    assert r.effect == {"kind": "constant", "condition": {"magic_used_max": 0},
                        "do": [{"cost": {"target": {"type": "magic"}, "add": -2}}]}


def test_next_1_compiles_the_next_magic_card_from_the_hand():
    r = compile_effect("spirit", "When Summoned", NEXT, [])
    assert r.effect["do"] == [{"cost_next": {"target": {"colors": ["blue"]}, "add": -2}}]


@pytest.mark.parametrize("text", [
    "Reduce the cost of the next spirit card you use from your hand this turn by 1.",
    "Reduce the cost of the first magic card that costs 3 or more you use each turn by 1.",
])
def test_next_1_other_cards_stay_manual(text):
    assert not compile_sentence(text).ok


def test_next_1_written_back_as_english():
    db = imported_db(spirit(NEXT, "When Summoned"))
    card = db["ZN-001"]
    assert effect_text(card.effects[0], card) == (
        "[LV1][LV2] (When Summoned) The next Blue magic card you use from your hand this turn costs 2 less.")
    db = imported_db(spirit(FIRST))
    card = db["ZN-001"]
    assert "while you have used no magic card this turn, magic cards in your hand cost 2 less" in effect_text(
        card.effects[0], card)


@pytest.mark.parametrize("effect, field", [
    ({"kind": "constant", "do": [{"cost_next": {"add": -1}}]}, "effects[0].do[0].cost_next"),
    ({"kind": "triggered", "trigger": "when_summoned", "do": [{"cost_next": {"target": {"type": "spirit"},
                                                                             "add": -1}}]},
     "effects[0].do[0].cost_next.target"),
    ({"kind": "triggered", "trigger": "when_summoned", "do": [{"cost_next": {"target": {"side": "opponent"},
                                                                             "add": -1}}]},
     "effects[0].do[0].cost_next.target"),
    ({"kind": "triggered", "trigger": "when_summoned", "do": [{"cost_next": {"target": {}}}]},
     "effects[0].do[0].cost_next.add"),
    ({"kind": "constant", "condition": {"magic_used_max": -1}, "do": [{"cost": {"target": {}, "add": -1}}]},
     "effects[0].condition.magic_used_max"),
])
def test_next_1_malformed_is_refused_naming_the_field(effect, field):
    card = {"id": "ZN-009", "name": "Bad", "type": "spirit", "colors": ["red"], "cost": 3,
            "levels": [{"level": 1, "cores": 1, "bp": 1000}], "effects": [effect]}
    with pytest.raises(CardDataError) as e:
        card_from_dict(card, file="(test)", set_id="ZN")
    assert e.value.field.startswith(field), e.value.field


# ---------------------------------------------------------------- played


def test_next_1_played_only_the_first_magic_card_of_the_turn_costs_less():
    db = imported_db(spirit(FIRST), spell("ZN-002"), spell("ZN-003"))
    game = game_of(db, "{life: 5, reserve: 4, soul_core: trash, field: [ZN-001], hand: [ZN-002, ZN-003], "
                       "deck: [T-W0, T-W0, T-W0]}")
    a, b = first(game, 0, "ZN-002", "hand"), first(game, 0, "ZN-003", "hand")
    assert game.cost_of(a) == 1 and game.cost_of(b) == 1
    game.apply(UseMagic(0, a, pay=(("reserve", 1),)))
    assert game.cost_of(b) == 3  # the second magic card of the turn
    game.apply(UseMagic(0, b, pay=(("reserve", 3),)))
    assert game.state.players[0].reserve == 0


def test_next_1_played_the_count_starts_again_each_turn():
    db = imported_db(spirit(FIRST), spell("ZN-002"), spell("ZN-003"))
    game = game_of(db, "{life: 5, reserve: 4, soul_core: trash, field: [ZN-001], hand: [ZN-002, ZN-003], "
                       "deck: [T-W0, T-W0, T-W0]}")
    game.apply(UseMagic(0, first(game, 0, "ZN-002", "hand"), pay=(("reserve", 1),)))
    assert game.state.magic_uses == {0: 1}
    game.apply(EndMain(0))
    game.apply(EndAttack(0))
    assert game.state.turn_player == 1 and game.state.magic_uses == {}


def test_next_1_played_the_next_blue_magic_card_costs_less_once():
    db = imported_db(spirit(NEXT, "When Summoned"), spell("ZN-002"), spell("ZN-003"), spell("ZN-004", "Red"))
    game = game_of(db, "{life: 5, reserve: 6, soul_core: trash, hand: [ZN-001, ZN-002, ZN-003, ZN-004], "
                       "deck: [T-W0, T-W0, T-W0]}")
    clerk = first(game, 0, "ZN-001", "hand")
    a, b, red = (first(game, 0, c, "hand") for c in ("ZN-002", "ZN-003", "ZN-004"))
    assert game.cost_of(a) == 3
    game.apply(Summon(0, clerk, pay=(), place=(("reserve", 1),)))
    assert game.cost_of(a) == 1 and game.cost_of(b) == 1 and game.cost_of(red) == 3  # blue ones only
    assert any(isinstance(c, UseMagic) and c.card == a for c in game.legal_commands())
    game.apply(UseMagic(0, a, pay=(("reserve", 1),)))
    assert game.cost_of(b) == 3 and game.state.cost_next == []  # spent by the first blue one used


def test_next_1_played_an_unspent_next_change_ends_with_the_turn():
    db = imported_db(spirit(NEXT, "When Summoned"), spell("ZN-002"))
    game = game_of(db, "{life: 5, reserve: 3, soul_core: trash, hand: [ZN-001, ZN-002], deck: [T-W0, T-W0]}")
    game.apply(Summon(0, first(game, 0, "ZN-001", "hand"), pay=(), place=(("reserve", 1),)))
    assert len(game.state.cost_next) == 1
    game.apply(EndMain(0))
    game.apply(EndAttack(0))
    assert game.state.cost_next == [] and game.state.turn_player == 1
