"""Battle of Souls' card vocabulary as data (carddb/bos_effects.py): a malformed effect names its field and the card
still refuses to load; the text a card prints is written from its effects; the new commands' JSON forms are checked
field by field (hostile input, design: "bad input gets a clear error")."""
from __future__ import annotations

import pytest
from bos_position import BOS, bos, ids, player

from bss_desktop.carddb.bos_effects import effect_text, read_effects
from bss_desktop.carddb.errors import CardDataError
from bss_desktop.carddb.game_cards import card_from_record, record_of
from bss_desktop.engine.commands import (CommandFormatError, DeclareAttack, Deploy, SetCard, UseCard,
                                         command_from_dict)
from bss_desktop.engine.errors import IllegalCommand

FIGHTER = {"id": "X-1", "name": "Test Fighter", "type": "fighter", "class": "Warrior", "atk": 1000, "rst": 1000}
OK = {"kind": "ignition", "target": {"side": "own"}, "do": [{"op": "modify", "amount": 300}]}


@pytest.mark.parametrize("effects, field, words", [
    ("not a list", "effects", "list of up to 8"),
    ([OK] * 9, "effects", "list of up to 8"),
    ([{**OK, "kind": "spell"}], "effects[0].kind", "expected one of"),
    ([{**OK, "colour": "red"}], "effects[0].colour", "unknown field"),
    ([{**OK, "when": "deployed"}], "effects[0].when", "only a trigger"),
    ([{"kind": "trigger", "do": [{"op": "draw"}]}], "effects[0].when", "names its moment"),
    ([{"kind": "trigger", "when": "at_dawn", "do": [{"op": "draw"}]}], "effects[0].when", "expected one of"),
    ([{**OK, "cost": {"sp": 250}}], "effects[0].cost.sp", "multiple of 100"),
    ([{**OK, "cost": {"sp": -100}}], "effects[0].cost.sp", "from 0"),
    ([{**OK, "cost": {"sacrifice": 4}}], "effects[0].cost.sacrifice", "from 0 to 3"),
    ([{**OK, "cost": {"souls": 1}}], "effects[0].cost.souls", "unknown field"),
    ([{"kind": "continuous", "cost": {"sp": 100}, "do": [{"op": "modify", "amount": 100, "who": "self"}]}],
     "effects[0].cost", "has no cost"),
    ([{**OK, "target": {"count": 0}}], "effects[0].target.count", "from 1 to 5"),
    ([{**OK, "target": {"side": "both"}}], "effects[0].target.side", "expected one of"),
    ([{**OK, "target": {"zone": "set", "class": "Warrior"}}], "effects[0].target", "no class or position"),
    ([{"kind": "continuous", "target": {}, "do": [{"op": "modify", "amount": 100, "who": "self"}]}],
     "effects[0].target", "targets nothing"),
    ([{**OK, "do": []}], "effects[0].do", "1 to 8 actions"),
    ([{**OK, "do": [{"op": "fireball"}]}], "effects[0].do[0].op", "expected one of"),
    ([{**OK, "do": [{"op": "modify", "amount": 0}]}], "effects[0].do[0].amount", "other than 0"),
    ([{**OK, "do": [{"op": "modify", "amount": 150}]}], "effects[0].do[0].amount", "multiple of 100"),
    ([{**OK, "do": [{"op": "modify", "amount": 100, "stat": "def"}]}], "effects[0].do[0].stat", "atk, rst"),
    ([{"kind": "ignition", "do": [{"op": "destroy"}]}], "effects[0].do[0].who", "names none"),
    ([{"kind": "ignition", "do": [{"op": "negate"}]}], "effects[0].do[0].op", "answers another activation"),
    ([{"kind": "continuous", "do": [{"op": "destroy", "who": "self"}]}], "effects[0].do[0].op", "continuous"),
    ([{"kind": "ignition", "do": [{"op": "piercing", "who": "self"}]}], "effects[0].do[0].op", "continuous"),
    ([{"kind": "ignition", "do": [{"op": "search", "name": "spell"}]}], "effects[0].do[0].name", "card type"),
    ([{"kind": "ignition", "do": [{"op": "token", "atk": 500}]}], "effects[0].do[0].name", "has a name"),
    ([{"kind": "ignition", "do": [{"op": "token", "name": "x" * 41}]}], "effects[0].do[0].name", "at most 40"),
    ([{"kind": "ignition", "do": [{"op": "draw", "count": 6}]}], "effects[0].do[0].count", "from 1 to 5"),
    ([{"kind": "ignition", "do": [{"op": "damage", "amount": 10 ** 9}]}], "effects[0].do[0].amount", "10000"),
    ([{**OK, "once_per_turn": "yes"}], "effects[0].once_per_turn", "true or false"),
])
def test_a_malformed_effect_names_its_field(effects, field, words):
    with pytest.raises(CardDataError) as e:
        card_from_record({**FIGHTER, "effects": effects}, BOS)
    assert e.value.field == field and words in str(e.value), (e.value.field, str(e.value))
    assert "X-1" in str(e.value)


def test_a_card_with_effects_has_no_text_of_its_own():
    with pytest.raises(CardDataError) as e:
        card_from_record({**FIGHTER, "text": "Draw a card.", "effects": [OK]}, BOS)
    assert e.value.field == "text"


def test_effects_only_where_the_profile_lets_a_card_type_have_them():
    bad = {"id": "X-2", "name": "Odd", "type": "battlefield", "effects": [{"kind": "gibberish"}]}
    with pytest.raises(CardDataError) as e:
        card_from_record(bad, BOS)
    assert e.value.field == "effects[0].kind"


@pytest.mark.parametrize("effect, text", [
    (OK, "Ignition: Target 1 fighter you control; that fighter gains 300 ATK until the end of this turn."),
    ({"kind": "ignition", "once_per_turn": True, "cost": {"sp": 300}, "target": {"side": "own", "class": "Warrior"},
      "do": [{"op": "modify", "amount": 400}]},
     "Ignition: Once per turn, pay 300 SP: Target 1 Warrior you control; that fighter gains 400 ATK until the end "
     "of this turn."),
    ({"kind": "trigger", "when": "destroyed", "do": [{"op": "damage", "amount": 300}]},
     "Trigger: When this fighter is destroyed: Deal 300 damage to your opponent's SP."),
    ({"kind": "continuous", "do": [{"op": "modify", "stat": "rst", "amount": -200, "who": "opponent_fighters"}]},
     "Continuous: Fighters your opponent controls lose 200 RST."),
    ({"kind": "activation", "do": [{"op": "negate"}]}, "Negate the activation this responds to."),
    ({"kind": "quick", "cost": {"sacrifice": 1, "discard": 2}, "target": {"zone": "set", "count": 2},
      "do": [{"op": "destroy"}, {"op": "draw"}]},
     "Quick: Sacrifice 1 fighter you control and discard 2 cards: Target 2 set cards your opponent controls; "
     "destroy those cards, then draw 1 card."),
])
def test_the_text_is_written_from_the_effects(effect, text):
    assert effect_text(read_effects([effect])[0]) == text


def test_a_card_round_trips_through_its_record():
    rec = {**FIGHTER, "effects": [OK, {"kind": "trigger", "when": "deployed", "do": [{"op": "draw", "count": 2}]}]}
    card = card_from_record(rec, BOS)
    again = card_from_record(record_of(card), BOS)
    assert again == card and again.text == card.text and "Draw 2 cards." in card.text


@pytest.mark.parametrize("d, field", [
    ({"type": "deploy", "player": 0, "card": "3"}, "card"),
    ({"type": "deploy", "player": 0, "card": 3, "sacrifices": [1, 2, 3, 4, 5, 6]}, "sacrifices"),
    ({"type": "deploy", "player": 0, "card": 3, "sacrifices": ["a"]}, "sacrifices[0]"),
    ({"type": "set_card", "player": 2, "card": 3}, "player"),
    ({"type": "use_card", "player": 0, "card": 3, "effect": -1}, "effect"),
    ({"type": "use_card", "player": 0, "card": 3, "targets": list(range(13))}, "targets"),
    ({"type": "use_card", "player": 0, "card": 3, "discards": [True]}, "discards[0]"),
    ({"type": "use_card", "player": 0, "card": 3, "cost": 5}, "cost"),
    ({"type": "declare_attack", "player": 0, "fighter": None}, "fighter"),
    ({"type": "declare_attack", "player": 0, "fighter": 1, "target": "them"}, "target"),
])
def test_the_new_commands_json_names_the_bad_field(d, field):
    with pytest.raises(CommandFormatError) as e:
        command_from_dict(d)
    assert e.value.field == field


@pytest.mark.parametrize("cmd", [
    Deploy(0, 1, (999,)), Deploy(1, 1), Deploy(0, 10 ** 9), SetCard(0, -5), UseCard(0, 1, 7),
    UseCard(0, 1, 0, (1, 1)), UseCard(1, 2), DeclareAttack(0, 1, 2), UseCard(0, 2, 0, (), (1,)),
])
def test_an_illegal_command_names_the_rule_and_changes_nothing(cmd):
    g = bos(player(hand=["T-W1", "T-TC-DMG"], fighter=["T-W2"]), player(fighter=["T-W1"]))
    before = g.state_hash()
    with pytest.raises(IllegalCommand) as e:
        g.apply(cmd)
    assert e.value.rule.startswith("BOS") and g.state_hash() == before
    assert ids(g, 0, "hand")
