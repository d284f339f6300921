"""The tail of issue 28, family "costs": "you may place all cores from 1 of your <spirits> onto this spirit to ..."
as an effect cost (docs/saga-rulings.md, Costs: Onto-1): compiled, refused when malformed, written back as
English, and played from positions.

The sentences and records are written for these tests; none is a real card's.
"""
from __future__ import annotations

import pytest

from bss_desktop.carddb.card_text import effect_text
from bss_desktop.carddb.errors import CardDataError
from bss_desktop.carddb.schema import card_from_dict
from bss_desktop.carddb.text_compile import compile_effect, compile_sentence
from bss_desktop.engine.commands import Activate, Attack, Pass
from bss_desktop.engine.errors import IllegalCommand
from helpers import imported_db, position, record, two_players

ONTO = "You may place all cores from one of your Stoneback spirits onto this spirit to refresh this spirit."


def flash(details: str = ONTO, **fields) -> dict:
    return record(effects=[{"levels": [1, 2], "condition": "N/A", "keywords": [], "steps": ["Flash"],
                            "details": details}], **fields)


def test_onto_1_compiles_another_spirits_cores_moved_onto_this_one_as_a_cost():
    r = compile_effect("spirit", "N/A", ONTO, ["Flash"], families=("Stoneback",))
    assert r.effect == {"kind": "activated", "timing": ["flash"], "optional": True,
                        "cost": [{"cores_onto_this": {"side": "you", "family": "Stoneback"}}],
                        "do": [{"refresh": "this"}]}


@pytest.mark.parametrize("text", [
    "You may place all cores from 2 of your spirits onto this spirit to draw a card.",  # more than one spirit
    "You may place all cores from one of your nexuses onto this spirit to draw a card.",  # not a spirit
])
def test_onto_1_other_sources_stay_manual(text):
    assert not compile_sentence(text).ok


def test_onto_1_written_back_as_english():
    db = imported_db(flash())
    card = db["ZT-001"]
    assert effect_text(card.effects[0], card) == (
        "[LV1][LV2] Flash: You may move all cores from 1 of your Stoneback spirits onto this spirit to refresh this "
        "spirit.")


def _card(effect_: dict, card_type: str = "spirit") -> dict:
    card = {"id": "ZX-009", "name": "Bad", "type": card_type, "colors": ["red"], "cost": 3, "effects": [effect_]}
    if card_type == "magic":
        card["timing"] = ["main"]
    else:
        card["levels"] = [{"level": 1, "cores": 0 if card_type == "nexus" else 1,
                           **({} if card_type == "nexus" else {"bp": 1000})}]
    return card


def _act(cost) -> dict:
    return {"kind": "activated", "timing": ["flash"], "cost": cost, "do": [{"refresh": "this"}]}


@pytest.mark.parametrize("card, field", [
    (_card(_act([{"cores_onto_this": {"side": "opponent"}}])), "effects[0].cost[0].cores_onto_this"),
    (_card(_act([{"cores_onto_this": {"side": "you", "count": 2}}])), "effects[0].cost[0].cores_onto_this"),
    (_card(_act([{"cores_onto_this": {"side": "you", "type": "nexus"}}])), "effects[0].cost[0].cores_onto_this"),
    (_card(_act([{"cores_onto_this": "this"}])), "effects[0].cost[0].cores_onto_this"),
    (_card(_act([{"cores_onto_this": {"side": "you"}}]), "nexus"), "effects[0].cost[0].cores_onto_this"),
    (_card({"kind": "triggered", "trigger": "when_attacks", "do": [{"cores_onto_this": {"side": "you"}}]}),
     "effects[0].do[0]"),  # a cost only
])
def test_onto_1_malformed_costs_are_refused_naming_the_field(card, field):
    with pytest.raises(CardDataError) as e:
        card_from_dict(card, file="(test)", set_id="ZX")
    assert e.value.field == field


def _game(field: str, soul: str = "trash"):
    """Player 0's Red Pup (T-R1, the last field card) attacks; player 1 passes: player 0 is in a flash window."""
    db = imported_db(flash(), record(ID="ZT-002", name="Other Stoneback"))
    game = position(two_players(f"{{life: 5, reserve: 0, soul_core: {soul}, field: {field}}}",
                                "{life: 5, reserve: 3}", step="attack"), db=db)
    game.apply(Attack(0, game.state.players[0].field[-1]))
    game.apply(Pass(1))
    return game


def test_onto_1_played_the_cores_move_the_emptied_spirit_is_self_destroyed_and_this_one_refreshes():
    game = _game("[{card: ZT-001, cores: 1, exhausted: true}, {card: ZT-002, cores: 2}, {card: T-R1, cores: 2}]")
    this, other, pup = game.state.players[0].field
    game.apply(Activate(0, this, 0))  # the only other Stoneback pays: nothing to choose
    st = game.state
    assert st.cards[this].cores == 3 and not st.cards[this].exhausted
    assert st.cards[other].zone == "trash" and st.cards[other].removal.kind == "self"  # CR 9-3-2
    assert st.cards[pup].cores == 2  # not a Stoneback (the attacker): untouched


def test_onto_1_played_the_soul_core_moves_with_the_others():
    game = _game("[{card: ZT-001, cores: 1, exhausted: true}, {card: ZT-002, cores: 1, soul_core: true}, T-R1]",
                 "field")
    this, other, _ = game.state.players[0].field
    game.apply(Activate(0, this, 0))
    st = game.state
    assert st.players[0].soul == this and st.cards[this].cores == 2 and st.cards[other].zone == "trash"


def test_onto_1_played_this_spirit_alone_cannot_pay_with_its_own_cores():
    game = _game("[{card: ZT-001, cores: 3, exhausted: true}, {card: T-R1, cores: 2}]")
    this = game.state.players[0].field[0]
    with pytest.raises(IllegalCommand):
        game.apply(Activate(0, this, 0))
    assert game.state.cards[this].exhausted
