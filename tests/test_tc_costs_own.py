"""A card's own cost in the hand (docs/saga-rulings.md, "Costs", Own-1; CR 10-6-4, 10-7-4, 10-8-4): compiled from
the templates real card text uses, refused when malformed in a set file, written back as English, and played:
what the client offers (`legal_commands`, `cost_of`) and what a summon or a use pays.

The sentences and records are written for these tests; none is a real card's.
"""
from __future__ import annotations

import pytest

from bss_desktop.carddb.card_text import effect_text
from bss_desktop.carddb.errors import CardDataError
from bss_desktop.carddb.schema import card_from_dict
from bss_desktop.carddb.text_compile import compile_effect
from bss_desktop.engine.commands import Summon, UseMagic
from helpers import first, imported_db, position, record, two_players


def spirit(details: str, cost: int = 5, **fields) -> dict:
    return record(**{"ID": "ZO-001", "name": "Test Climber", "cost": str(cost), "reduction": [],
                     "effects": [{"levels": [], "condition": "N/A", "keywords": [], "steps": [],
                                  "details": details}], **fields})


def spell(details: str, cost: int = 5) -> dict:
    return record(ID="ZO-002", name="Test Rite", cardType="MAGIC", cost=str(cost), reduction=[], symbols=[],
                  core_requirements=[],
                  effects=[{"levels": [], "condition": "N/A", "keywords": [], "steps": [], "details": details},
                           {"levels": [], "condition": "N/A", "keywords": [], "steps": ["Main"],
                            "details": "Draw a card."}])


def game_of(db, p0: str, p1: str = "{life: 5, reserve: 3}", **kw):
    return position(two_players(p0, p1, **kw), db=db)


# ---------------------------------------------------------------- compiled


@pytest.mark.parametrize("card_type, text, condition", [
    ("spirit", "This card costs 2 in your hand if you control a nexus.", {"control": {"side": "you", "type": "nexus"}}),
    ("spirit", "This card costs 2 in your hand if you don't control any spirits.",
     {"count": {"cards": {"side": "you", "type": "spirit"}}, "count_max": 0}),
    ("spirit", "When summoning this card, if your opponent controls a Stoneback spirit, this card costs 2.",
     {"control": {"family": "Stoneback", "side": "opponent"}}),
    ("magic", "This card costs 2 in your hand when you use it during your main step.",
     {"step": "main", "your_turn": True}),
    ("magic", "When using this magic card, it costs 2 if you have 3 or fewer life.", {"life_max": 3}),
])
def test_own_1_compiles_a_cards_own_cost_in_the_hand(card_type, text, condition):
    r = compile_effect(card_type, "N/A", text, ["Main"] if card_type == "magic" else [], families=("Stoneback",))
    assert r.effect == {"kind": "constant", "condition": condition, "do": [{"cost": {"target": "this", "set": 2}}]}


def test_own_1_a_magic_cards_own_cost_beside_something_else_stays_magic_and_is_refused():
    r = compile_effect("magic", "N/A", "This card costs 2 in your hand. Draw a card.", ["Main"])
    assert r.effect is None


def test_own_1_written_back_as_english():
    db = imported_db(spirit("This card costs 2 in your hand if you control a nexus."))
    card = db["ZO-001"]
    assert effect_text(card.effects[0], card) == "Constant: while you control a nexus, this card costs 2 in your hand."


# ---------------------------------------------------------------- hostile set files


def _card(effect: dict, card_type: str = "spirit") -> dict:
    c = {"id": "ZO-009", "name": "Bad", "type": card_type, "colors": ["red"], "cost": 5, "effects": [effect]}
    if card_type == "magic":
        c["timing"] = ["main"]
        c["effects"].append({"kind": "magic", "do": [{"draw": 1}]})
    else:
        c["levels"] = [{"level": 1, "cores": 1, "bp": 1000}]
    return c


@pytest.mark.parametrize("effect, field", [
    ({"kind": "constant", "do": [{"cost": {"target": "this"}}]}, "effects[0].do[0].cost.set"),
    ({"kind": "constant", "do": [{"cost": {"target": "this", "set": -1}}]}, "effects[0].do[0].cost.set"),
    ({"kind": "constant", "do": [{"cost": {"target": "this", "set": "2"}}]}, "effects[0].do[0].cost.set"),
    ({"kind": "constant", "do": [{"cost": {"target": "this", "set": 2, "add": 1}}]}, "effects[0].do[0].cost.add"),
    ({"kind": "constant", "do": [{"cost": {"target": {"type": "magic"}, "set": 2}}]}, "effects[0].do[0].cost.set"),
    ({"kind": "triggered", "trigger": "when_summoned", "do": [{"cost": {"target": "this", "set": 2}}]},
     "effects[0].do[0]"),
])
def test_own_1_malformed_own_costs_are_refused_naming_the_field(effect, field):
    with pytest.raises(CardDataError) as e:
        card_from_dict(_card(effect), file="(test)", set_id="ZO")
    assert e.value.field == field


def test_own_1_a_magic_cards_constant_effect_must_say_only_its_own_cost():
    bad = {"kind": "constant", "do": [{"bp": {"target": {"all": True}, "add": 1000}}]}
    with pytest.raises(CardDataError) as e:
        card_from_dict(_card(bad, "magic"), file="(test)", set_id="ZO")
    assert e.value.field == "effects[0].kind"
    good = {"kind": "constant", "do": [{"cost": {"target": "this", "set": 2}}]}
    assert card_from_dict(_card(good, "magic"), file="(test)", set_id="ZO").effects[0].kind == "constant"


# ---------------------------------------------------------------- played


def test_own_1_played_with_a_nexus_the_spirit_costs_what_its_text_says_and_is_offered_so():
    db = imported_db(spirit("This card costs 2 in your hand if you control a nexus."))
    game = game_of(db, "{life: 5, reserve: 3, soul_core: trash, hand: [ZO-001], field: [T-NX]}")
    climber = first(game, 0, "ZO-001", "hand")
    assert game.cost_of(climber) == 2  # not its printed 5
    assert any(isinstance(c, Summon) and c.card == climber for c in game.legal_commands())
    game.apply(Summon(0, climber, pay=(("reserve", 2),), place=(("reserve", 1),)))
    assert game.state.cards[climber].zone == "field" and game.state.players[0].trash_cores == 2


def test_own_1_played_without_the_condition_it_costs_its_printed_cost():
    db = imported_db(spirit("This card costs 2 in your hand if you control a nexus."))
    game = game_of(db, "{life: 5, reserve: 3, soul_core: trash, hand: [ZO-001]}")
    climber = first(game, 0, "ZO-001", "hand")
    assert game.cost_of(climber) == 5
    assert not any(isinstance(c, Summon) and c.card == climber for c in game.legal_commands())


def test_own_1_played_reduction_applies_after_it_and_another_cards_own_cost_changes_nothing():
    tax = record(ID="ZO-003", name="Test Toll", cardType="NEXUS", cost="3", reduction=[], symbols=["red"],
                 core_requirements=[{"level": 1, "cores": 0}],
                 effects=[{"levels": [1], "condition": "N/A", "keywords": [], "steps": [],
                           "details": "This card costs 9 in your hand."}])
    climber = spirit("This card costs 2 in your hand if you control a nexus.", reduction=["red"])
    db = imported_db(climber, tax)
    game = game_of(db, "{life: 5, reserve: 3, soul_core: trash, hand: [ZO-001], field: [ZO-003]}")
    # 2, less one for the nexus's red symbol meeting its red reduction symbol (CR 10-6-5)
    assert game.cost_of(first(game, 0, "ZO-001", "hand")) == 1


def test_own_1_played_it_does_not_work_on_the_field():
    db = imported_db(spirit("This card costs 2 in your hand."))
    game = game_of(db, "{life: 5, reserve: 3, field: [ZO-001, T-R3]}")
    from bss_desktop.rules.bss import costs

    assert costs.own_cost(game, game.state.players[0].field[0], db["ZO-001"]) is None


def test_own_1_played_a_magic_card_used_in_the_main_step_costs_its_own_cost():
    db = imported_db(spell("This card costs 1 in your hand when you use it during your main step."))
    game = game_of(db, "{life: 5, reserve: 1, soul_core: trash, hand: [ZO-002], deck: [T-W0, T-W0]}")
    rite = first(game, 0, "ZO-002", "hand")
    assert game.cost_of(rite) == 1
    assert any(isinstance(c, UseMagic) and c.card == rite for c in game.legal_commands())
    game.apply(UseMagic(0, rite, pay=(("reserve", 1),)))
    assert game.state.cards[rite].zone == "trash" and len(game.state.players[0].hand) == 1


def test_own_1_played_a_magic_card_in_the_opponents_turn_costs_its_printed_cost():
    db = imported_db(spell("This card costs 1 in your hand when you use it during your main step."))
    game = game_of(db, "{life: 5, reserve: 1, soul_core: trash, hand: [ZO-002]}", turn_player=1)
    assert game.cost_of(first(game, 0, "ZO-002", "hand")) == 5


# ---------------------------------------------------------------- "if your opponent has a burst card set" (CR 10-9-1)

BURST = "When using this magic card, it costs 2 if your opponent has a burst card set."


def test_own_1_compiles_a_cost_while_the_opponent_has_a_burst_set():
    r = compile_effect("magic", "N/A", BURST, ["Main"])
    assert r.effect == {"kind": "constant", "condition": {"burst_set": "opponent"},
                        "do": [{"cost": {"target": "this", "set": 2}}]}


def test_own_1_a_malformed_burst_set_condition_is_refused_naming_the_field():
    bad = {"kind": "constant", "condition": {"burst_set": "both"}, "do": [{"cost": {"target": "this", "set": 2}}]}
    with pytest.raises(CardDataError) as e:
        card_from_dict(_card(bad), file="(test)", set_id="ZO")
    assert e.value.field == "effects[0].condition.burst_set"


@pytest.mark.parametrize("burst, cost", [("burst: T-MM", 2), ("", 5)])
def test_own_1_played_the_cost_follows_the_opponents_burst(burst, cost):
    db = imported_db(spell(BURST))
    theirs = "{life: 5, reserve: 3" + (", " + burst if burst else "") + "}"
    game = game_of(db, "{life: 5, reserve: 5, soul_core: trash, hand: [ZO-002]}", theirs)
    assert game.cost_of(first(game, 0, "ZO-002", "hand")) == cost
