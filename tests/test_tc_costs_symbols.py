"""Symbols counted otherwise for cost reduction (docs/saga-rulings.md, "Costs", Sym-1; CR 10-6-5, 10-8-5):
compiled from the templates real card text uses, refused when malformed, written back as English, and played:
what the client offers and what a summon or a use pays.

The sentences and records are written for these tests; none is a real card's.
"""
from __future__ import annotations

import pytest

from bss_desktop.carddb.card_text import effect_text
from bss_desktop.carddb.errors import CardDataError
from bss_desktop.carddb.schema import card_from_dict
from bss_desktop.carddb.text_compile import compile_effect, compile_sentence
from bss_desktop.engine.commands import Summon, UseMagic
from helpers import first, imported_db, position, record, two_players

FAMILIES = ("Stoneback", "Sky Warden")
ON_MAGIC = "When you use a magic card, count each symbol on your Stoneback spirits as two symbols when calculating " \
           "cost reduction."
ON_SUMMON = "While summoning a Sky Warden spirit card, count each symbol on this spirit as two symbols."
RECOLOUR = "While summoning a Sky Warden spirit card that costs 4 or more, count the symbol on this nexus as three " \
           "white symbols."
TREAT = "While summoning a Sky Warden spirit from your hand, treat this spirit's symbol as two blue symbols."


def holder(details: str, condition: str = "N/A", **fields) -> dict:
    """ZS-001: a red Stoneback spirit (one red symbol) with the effect."""
    return record(**{"ID": "ZS-001", "name": "Test Beacon", "effects": [
        {"levels": [1, 2], "condition": condition, "keywords": [], "steps": [], "details": details}], **fields})


def warden(cost: int = 4, reduction=("red", "red", "red")) -> dict:
    return record(ID="ZS-002", name="Test Warden", cost=str(cost), reduction=list(reduction), color=["Red"],
                  subType=["Sky Warden"])


def bolt(reduction=("red", "red")) -> dict:
    return record(ID="ZS-003", name="Test Bolt", cardType="MAGIC", cost="3", reduction=list(reduction), symbols=[],
                  core_requirements=[],
                  effects=[{"levels": [], "condition": "N/A", "keywords": [], "steps": ["Main"],
                            "details": "Draw a card."}])


def game_of(db, p0: str):
    return position(two_players(p0, "{life: 5, reserve: 3}"), db=db)


# ---------------------------------------------------------------- compiled, written, refused


@pytest.mark.parametrize("card_type, text, do", [
    ("spirit", ON_MAGIC, {"target": {"type": "magic"}, "of": {"family": "Stoneback", "type": "spirit"}, "as": 2}),
    ("spirit", ON_SUMMON, {"target": {"family": "Sky Warden", "type": "spirit"}, "of": "this", "as": 2}),
    ("nexus", RECOLOUR, {"target": {"family": "Sky Warden", "cost_min": 4, "type": "spirit"}, "of": "this", "as": 3,
                         "color": "white"}),
    ("spirit", TREAT, {"target": {"family": "Sky Warden", "type": "spirit"}, "of": "this", "as": 2, "color": "blue"}),
])
def test_sym_1_compiles_symbols_counted_otherwise(card_type, text, do):
    r = compile_effect(card_type, "N/A", text, [], families=FAMILIES)
    assert r.effect == {"kind": "constant", "do": [{"count_symbols": do}]}


@pytest.mark.parametrize("text", [
    "When one of your spirits attacks, count each symbol on this spirit as two symbols.",
    "While summoning two Sky Warden spirit cards, count each symbol on this spirit as two symbols.",
    "While summoning a Sky Warden spirit card, count each symbol on this spirit as two symbols. Draw a card.",
])
def test_sym_1_other_moments_stay_manual(text):
    r = compile_effect("spirit", "N/A", text, [], families=FAMILIES)
    assert r.effect is None


def test_sym_1_written_back_as_english():
    db = imported_db(holder(ON_SUMMON))
    card = db["ZS-001"]
    assert effect_text(card.effects[0], card) == (
        "[LV1][LV2] Constant: For the cost reduction of Sky Warden spirit cards in your hand, each symbol on this spirit "
        "counts as 2 symbols.")


@pytest.mark.parametrize("value, field", [
    ({"of": "this"}, "effects[0].do[0].count_symbols.as"),
    ({"of": "this", "as": 0}, "effects[0].do[0].count_symbols.as"),
    ({"of": "this", "as": 11}, "effects[0].do[0].count_symbols.as"),
    ({"as": 2}, "effects[0].do[0].count_symbols.of"),
    ({"of": "it", "as": 2}, "effects[0].do[0].count_symbols.of"),
    ({"of": {"side": "opponent"}, "as": 2}, "effects[0].do[0].count_symbols.of"),
    ({"of": {"zone": "trash"}, "as": 2}, "effects[0].do[0].count_symbols.of"),
    ({"of": "this", "as": 2, "color": "pink"}, "effects[0].do[0].count_symbols.color"),
    ({"target": {"side": "opponent"}, "of": "this", "as": 2}, "effects[0].do[0].count_symbols.target"),
])
def test_sym_1_malformed_is_refused_naming_the_field(value, field):
    card = {"id": "ZS-009", "name": "Bad", "type": "spirit", "colors": ["red"], "cost": 3,
            "levels": [{"level": 1, "cores": 1, "bp": 1000}],
            "effects": [{"kind": "constant", "do": [{"count_symbols": value}]}]}
    with pytest.raises(CardDataError) as e:
        card_from_dict(card, file="(test)", set_id="ZS")
    assert e.value.field == field


def test_sym_1_a_triggered_count_is_refused():
    card = {"id": "ZS-009", "name": "Bad", "type": "spirit", "colors": ["red"], "cost": 3,
            "levels": [{"level": 1, "cores": 1, "bp": 1000}],
            "effects": [{"kind": "triggered", "trigger": "when_summoned",
                         "do": [{"count_symbols": {"of": "this", "as": 2}}]}]}
    with pytest.raises(CardDataError) as e:
        card_from_dict(card, file="(test)", set_id="ZS")
    assert e.value.field == "effects[0].do[0]"


# ---------------------------------------------------------------- played


def test_sym_1_played_this_spirits_symbol_counts_twice_for_the_summon_it_names():
    db = imported_db(holder(ON_SUMMON), warden())
    game = game_of(db, "{life: 5, reserve: 3, soul_core: trash, field: [ZS-001], hand: [ZS-002]}")
    w = first(game, 0, "ZS-002", "hand")
    assert game.cost_of(w) == 2  # 4, less two: the beacon's red symbol counts as two red ones
    assert any(isinstance(c, Summon) and c.card == w for c in game.legal_commands())
    game.apply(Summon(0, w, pay=(("reserve", 2),), place=(("reserve", 1),)))
    assert game.state.cards[w].zone == "field" and game.state.players[0].trash_cores == 2


def test_sym_1_played_other_cards_count_the_symbol_once():
    db = imported_db(holder(ON_SUMMON), bolt())
    game = game_of(db, "{life: 5, reserve: 3, soul_core: trash, field: [ZS-001], hand: [ZS-003]}")
    assert game.cost_of(first(game, 0, "ZS-003", "hand")) == 2  # a magic card: 3, less one


def test_sym_1_played_the_reduction_symbols_still_limit_it():
    db = imported_db(holder(ON_SUMMON), warden(reduction=("red",)))
    game = game_of(db, "{life: 5, reserve: 3, soul_core: trash, field: [ZS-001], hand: [ZS-002]}")
    assert game.cost_of(first(game, 0, "ZS-002", "hand")) == 3  # one reduction symbol: one symbol counts


def test_sym_1_played_a_recoloured_symbol_meets_reduction_symbols_of_that_colour():
    db = imported_db(holder(TREAT), warden(reduction=("blue", "blue", "red")))
    game = game_of(db, "{life: 5, reserve: 3, soul_core: trash, field: [ZS-001], hand: [ZS-002]}")
    assert game.cost_of(first(game, 0, "ZS-002", "hand")) == 2  # the red symbol counts as two blue ones


def test_sym_1_played_your_family_spirits_count_twice_when_you_use_a_magic_card():
    db = imported_db(holder(ON_MAGIC), bolt())
    game = game_of(db, "{life: 5, reserve: 1, soul_core: trash, field: [ZS-001], hand: [ZS-003], deck: [T-W0]}")
    spell = first(game, 0, "ZS-003", "hand")
    assert game.cost_of(spell) == 1  # the Stoneback beacon's red symbol counts as two
    game.apply(UseMagic(0, spell, pay=(("reserve", 1),)))
    assert game.state.cards[spell].zone == "trash"


def test_sym_1_played_the_symbols_stay_one_for_an_attack():
    db = imported_db(holder(ON_SUMMON))
    game = game_of(db, "{life: 5, reserve: 3, field: [ZS-001]}")
    assert len(game.symbols(game.state.players[0].field[0])) == 1
