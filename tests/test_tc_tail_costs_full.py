"""The tail of issue 28, family "costs": "[If <condition>, ]you may treat all of this card's reduction symbols as
fulfilled when summoning this card from your hand" (docs/saga-rulings.md, Costs: Full-1): compiled, refused when
malformed, written back as English, and played from positions.

The sentences and records are written for these tests; none is a real card's.
"""
from __future__ import annotations

import pytest

from bss_desktop.carddb.card_text import effect_text
from bss_desktop.carddb.errors import CardDataError
from bss_desktop.carddb.schema import card_from_dict
from bss_desktop.carddb.text_compile import compile_effect
from bss_desktop.engine.commands import Summon
from bss_desktop.engine.errors import IllegalCommand
from helpers import first, imported_db, position, record, two_players

FULL = ("If you have 3 or fewer life, you may treat all of this card's reduction symbols as fulfilled when summoning "
        "this card from your hand.")


def spirit(details: str = FULL) -> dict:
    """ZT-001 costing 5 with three red reduction symbols."""
    return record(cost="5", reduction=["red", "red", "red"],
                  effects=[{"levels": [1, 2], "condition": "N/A", "keywords": [], "steps": [], "details": details}])


def test_full_1_compiles_the_reduction_fulfilled_under_a_condition():
    r = compile_effect("spirit", "N/A", FULL, [])
    assert r.effect == {"kind": "constant", "condition": {"life_max": 3},
                        "do": [{"cost": {"target": "this", "reduction": "full"}}]}


def test_full_1_written_back_as_english():
    db = imported_db(spirit())
    card = db["ZT-001"]
    assert effect_text(card.effects[0], card) == (
        "[LV1][LV2] Constant: while your life is 3 or less, all of this card's reduction symbols are fulfilled when "
        "you summon or place it from your hand.")


@pytest.mark.parametrize("cost, field", [
    ({"target": "this", "reduction": "half"}, "effects[0].do[0].cost.reduction"),
    ({"target": "this", "reduction": "full", "set": 2}, "effects[0].do[0].cost"),
    ({"target": {"side": "you"}, "reduction": "full"}, "effects[0].do[0].cost"),
])
def test_full_1_malformed_reductions_are_refused_naming_the_field(cost, field):
    card = {"id": "ZX-009", "name": "Bad", "type": "spirit", "colors": ["red"], "cost": 3,
            "levels": [{"level": 1, "cores": 1, "bp": 1000}], "effects": [{"kind": "constant", "do": [{"cost": cost}]}]}
    with pytest.raises(CardDataError) as e:
        card_from_dict(card, file="(test)", set_id="ZX")
    assert e.value.field.startswith(field)


def _game(life: int):
    db = imported_db(spirit())
    game = position(two_players(f"{{life: {life}, reserve: 3, soul_core: trash, hand: [ZT-001]}}",
                                "{life: 5, reserve: 3}"), db=db)
    return game, first(game, 0, "ZT-001", "hand")


def test_full_1_played_with_the_condition_its_cost_of_5_is_reduced_by_all_3_symbols():
    game, card = _game(3)  # no symbol on the field, yet all three reduction symbols count (CR 2-7-3)
    game.apply(Summon(0, card, pay=(("reserve", 2),), place=(("reserve", 1),)))
    st = game.state
    assert st.cards[card].zone == "field" and st.players[0].reserve == 0 and st.players[0].trash_cores == 2


def test_full_1_played_without_the_condition_it_costs_5():
    game, card = _game(4)
    with pytest.raises(IllegalCommand):
        game.apply(Summon(0, card, pay=(("reserve", 2),), place=(("reserve", 1),)))
    assert game.state.cards[card].zone == "hand"
