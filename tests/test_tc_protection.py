"""The protection family of the text compiler (templates/protection.py): what a card cannot undergo, attacks that
cannot reduce life, and the trigger on a life reduced by an opponent's spirit's attack — each sentence compiled to
its directives, the new vocabulary written back and refused when malformed.

The sentences are written for these tests in the templates real card text uses; none is a real card's text.
"""
from __future__ import annotations

import pytest

from bss_desktop.carddb.card_text import effect_text
from bss_desktop.carddb.effects import (PROTECTIONS, RESTRICTIONS, EffectSyntax, effect_to_dict, parse_effect)
from bss_desktop.carddb.text_compile import compile_effect, compile_sentence

FAMILIES = ("Stoneback", "Sky Warden")


def ops(sentence: str):
    s = compile_sentence(sentence, FAMILIES)
    assert s.ok, s.why
    return s.ops


def restrict(target, cannot, by=None, duration=None):
    out = {"target": target, "cannot": cannot, "_duration": duration}
    if by is not None:
        out["by"] = by
    return {"restrict": out}


# ---------------------------------------------------------------- ruling P1: cannot be selected


@pytest.mark.parametrize("sentence,expected", [
    ("This nexus cannot be selected by your opponent's effects.", restrict("this", "be_selected", {"type": "any"})),
    ("This nexus cannot be selected by the effects of your opponent's magic cards.",
     restrict("this", "be_selected", {"type": "magic"})),
    ("Your Stoneback spirits cannot be selected by the effects of your opponent's spirits.",
     restrict({"side": "you", "family": "Stoneback", "all": True}, "be_selected", {"type": "spirit"})),
    ("Your spirits and nexuses with a \"Soul Core\" on them cannot be selected by the effects of your opponent's "
     "spirits.",
     restrict({"side": "you", "type": "any", "all": True, "soul_core": True}, "be_selected", {"type": "spirit"})),
    ("This spirit cannot be selected by the effects of your opponent's nexuses during this battle.",
     restrict("this", "be_selected", {"type": "nexus"}, "battle")),
])
def test_ruling_p1_cannot_be_selected_compiles(sentence, expected):
    assert ops(sentence) == [expected]


def test_ruling_p1_the_effects_of_two_kinds_of_cards_stay_manual():
    assert not compile_sentence("This nexus cannot be selected by the effects of your opponent's spirits or magic.").ok


# ---------------------------------------------------------------- rulings P2, P3: cannot be destroyed


@pytest.mark.parametrize("sentence,expected", [
    ("This spirit cannot be destroyed by your opponent's destruction effects during this battle.",
     restrict("this", "be_destroyed", {"type": "any"}, "battle")),
    ("Your Sky Warden spirits cannot be destroyed by destruction effects on your opponent's spirits.",
     restrict({"side": "you", "family": "Sky Warden", "all": True}, "be_destroyed", {"type": "spirit"})),
    ("During this turn, it cannot be destroyed by the destruction effects of your opponent's spirits.",
     restrict("it", "be_destroyed", {"type": "spirit"}, "turn")),
    ("During this turn, your spirits and your opponent's spirits cannot be destroyed in battle.",
     restrict({"side": "any", "all": True}, "be_destroyed_in_battle", None, "turn")),
    ("This spirit cannot be destroyed in battle.", restrict("this", "be_destroyed_in_battle")),
])
def test_ruling_p2_p3_cannot_be_destroyed_compiles(sentence, expected):
    assert ops(sentence) == [expected]


def test_ruling_p2_two_durations_stay_manual():
    s = compile_sentence("During this turn, it cannot be destroyed by the destruction effects of your opponent's "
                         "nexuses during this battle.")
    assert not s.ok


# ---------------------------------------------------------------- rulings P4, P5: cores, returns


@pytest.mark.parametrize("sentence,expected", [
    ("Your opponent's effects cannot remove cores from this spirit or any spirit with 3 or more cores on it.",
     [restrict("this", "lose_cores", {"type": "any"}),
      restrict({"side": "any", "all": True, "cores_min": 3}, "lose_cores", {"type": "any"})]),
    ("Your opponent's effects cannot remove cores from your other Stoneback spirits.",
     [restrict({"side": "you", "other": True, "family": "Stoneback", "all": True}, "lose_cores", {"type": "any"})]),
    ("All of your blue spirits that cost 3 or more cannot have their cores removed by your opponent's effects.",
     [restrict({"side": "you", "colors": ["blue"], "all": True, "cost_min": 3}, "lose_cores", {"type": "any"})]),
    ("Your exhausted Stoneback spirits cannot be returned to your hand or deck by your opponent's effects.",
     [restrict({"side": "you", "exhausted": True, "family": "Stoneback", "all": True}, "be_returned",
               {"type": "any"})]),
])
def test_ruling_p4_p5_cores_and_returns_compile(sentence, expected):
    assert ops(sentence) == expected


def test_ruling_p4_a_condition_on_both_parts_of_a_sentence():
    assert ops("If this spirit has a \"Soul Core\" on it, it cannot be selected by the effects of your opponent's "
               "magic cards, and its cores cannot be removed by the effects of your opponent's spirits.") == [
        {**restrict("it", "be_selected", {"type": "magic"}), "if": {"soul_core": True}},
        {**restrict("it", "lose_cores", {"type": "spirit"}), "if": {"soul_core": True}}]


# ---------------------------------------------------------------- ruling P6: attacks that cannot reduce life


@pytest.mark.parametrize("sentence,expected", [
    ("Neither player's life can be reduced by an attack from a spirit that has 3000 or fewer BP.",
     restrict({"side": "any", "all": True, "bp_max": 3000}, "reduce_life")),
    ("Attacks from your opponent's spirits with 4000 or fewer BP cannot reduce your life during this turn.",
     restrict({"all": True, "bp_max": 4000}, "reduce_life", None, "turn")),
    ("Your life cannot be reduced by its attacks during this turn.",
     restrict("it", "reduce_life", None, "turn")),
])
def test_ruling_p6_attacks_that_cannot_reduce_life_compile(sentence, expected):
    assert ops(sentence) == [expected]


def test_ruling_p6_attacks_from_your_own_spirits_stay_manual():
    assert not compile_sentence("Attacks from your spirits cannot reduce your life during this turn.").ok


# ---------------------------------------------------------------- ruling P8: the trigger


def test_cr_7_1_5_3_1_when_your_life_is_reduced_by_an_attack_compiles_to_a_watched_trigger():
    c = compile_effect("nexus", "N/A", "Draw 2 cards when your life is reduced by an attack from one of your "
                                       "opponent's Stoneback spirits that costs 5 or fewer.", families=FAMILIES)
    assert c.effect == {"kind": "triggered", "trigger": "opponent_spirit_reduces_life",
                        "watch": {"family": "Stoneback", "cost_max": 5}, "do": [{"draw": 2}]}
    c = compile_effect("nexus", "N/A", "When your life is reduced by an attack from one of your opponent's spirits "
                                       "with 2000 or fewer BP, remove a core from that spirit and place it into your "
                                       "opponent's reserve.", families=FAMILIES)
    assert c.effect["do"] == [{"core_remove": {"target": "trigger", "count": 1}}]


def test_cr_7_1_5_3_1_two_attackers_stay_manual():
    c = compile_effect("nexus", "N/A", "Draw a card when your life is reduced by an attack from 2 of your opponent's "
                                       "spirits.")
    assert not c.automated


def test_the_core_templates_still_read_your_spirits():
    assert ops("Your spirits gain 4000 BP during this turn.")[0]["bp"]["add"] == 4000
    assert ops("Your spirits cannot block during this turn.")[0]["restrict"]["cannot"] == "block"


# ---------------------------------------------------------------- the vocabulary: written back, English, refused


@pytest.mark.parametrize("directive,text", [
    ({"restrict": {"target": "this", "cannot": "be_selected", "by": {"type": "magic"}}},
     "This spirit cannot be selected by the effects of your opponent's magic cards."),
    ({"restrict": {"target": {"side": "you", "all": True}, "cannot": "be_destroyed", "by": {"type": "spirit"}}},
     "All your spirits cannot be destroyed by the destruction effects of your opponent's spirits."),
    ({"restrict": {"target": "this", "cannot": "lose_cores"}},
     "This spirit cannot have cores removed by your opponent's effects."),
    ({"restrict": {"target": "this", "cannot": "be_returned", "by": {"side": "any"}}},
     "This spirit cannot be returned to the hand or deck by any player's effects."),
    ({"restrict": {"target": "this", "cannot": "be_destroyed_in_battle"}}, "This spirit cannot be destroyed in battle."),
    ({"restrict": {"target": {"side": "any", "all": True, "bp_max": 2000}, "cannot": "reduce_life"}},
     "The attacks of all spirits with 2000 BP or less cannot reduce life."),
])
def test_the_protections_are_written_back_and_read_as_english(directive, text):
    e = parse_effect({"kind": "constant", "do": [directive]}, "e", card_type="spirit")
    assert parse_effect(effect_to_dict(e), "e", card_type="spirit") == e

    class Card:
        type = "spirit"
    assert effect_text(e, Card()).endswith(text)


def test_the_trigger_is_written_back():
    e = parse_effect({"kind": "triggered", "trigger": "opponent_spirit_reduces_life", "watch": {"bp_max": 3000},
                      "do": [{"draw": 1}]}, "e", card_type="nexus")
    assert effect_to_dict(e)["trigger"] == "opponent_spirit_reduces_life"
    assert effect_text(e).startswith("(When your life is reduced by an attack from one of your opponent's spirits")


@pytest.mark.parametrize("value,field", [
    ({"target": "this", "cannot": "be_invisible"}, "e.do[0].restrict.cannot"),
    ({"target": "this", "cannot": "be_selected", "by": {"bp_max": 1000}}, "e.do[0].restrict.by.bp_max"),
    ({"target": "this", "cannot": "be_selected", "by": {"side": "each"}}, "e.do[0].restrict.by.side"),
    ({"target": "this", "cannot": "be_selected", "by": {"type": "token"}}, "e.do[0].restrict.by.type"),
    ({"target": "this", "cannot": "be_selected", "by": "this"}, "e.do[0].restrict.by"),
    ({"target": "this", "cannot": "reduce_life", "by": {"type": "magic"}}, "e.do[0].restrict.by"),
    ({"target": "this", "cannot": "be_destroyed_in_battle", "by": {}}, "e.do[0].restrict.by"),
])
def test_hostile_a_malformed_protection_is_refused_naming_the_field(value, field):
    with pytest.raises(EffectSyntax) as err:
        parse_effect({"kind": "constant", "do": [{"restrict": value}]}, "e", card_type="spirit")
    assert err.value.field == field


def test_hostile_a_watch_on_the_life_trigger_is_checked():
    with pytest.raises(EffectSyntax) as err:
        parse_effect({"kind": "triggered", "trigger": "opponent_spirit_reduces_life", "watch": {"side": "you"},
                      "do": [{"draw": 1}]}, "e", card_type="nexus")
    assert err.value.field.startswith("e.watch")


def test_every_restriction_is_documented():
    import re
    from pathlib import Path

    doc = (Path(__file__).parent.parent / "docs" / "card-format.md").read_text(encoding="utf-8")
    rows = [line for line in doc.splitlines() if line.startswith("| `restrict`")]
    assert all(re.search(rf"\b{w}\b", "".join(rows)) for w in RESTRICTIONS)
    assert set(PROTECTIONS) < set(RESTRICTIONS)


def test_ruling_p9_draw_a_card_when_your_life_increases_compiles():
    c = compile_effect("spirit", "During Your Attack Step", "Draw 2 cards when your life increases.")
    assert c.effect == {"kind": "triggered", "trigger": "life_gained", "condition": {"step": "attack", "your_turn": True},
                        "do": [{"draw": 2}]}
    e = parse_effect(c.effect, "e", card_type="spirit")
    assert effect_text(e) == "(When your life increases) If it is your attack step, draw 2 cards."


def test_cr_8_1_4_1_one_condition_on_every_part_of_a_constant_effect_is_the_effects_own():
    c = compile_effect("spirit", "N/A", "If this spirit has a \"Soul Core\" on it, it cannot be selected by the "
                                        "effects of your opponent's nexuses, and its cores cannot be removed by your "
                                        "opponent's effects.")
    assert c.effect == {"kind": "constant", "condition": {"soul_core": True}, "do": [
        {"restrict": {"target": "this", "cannot": "be_selected", "by": {"type": "nexus"}}},
        {"restrict": {"target": "this", "cannot": "lose_cores", "by": {"type": "any"}}}]}
    c = compile_effect("spirit", "N/A", "If you have 3 or fewer life, this spirit gains 1000 BP. All of your spirits "
                                        "gain 2000 BP.")
    assert not c.automated and "one of its parts" in c.why


def test_ruling_p2_p3_p4_neither_this_nor_any_nexus_compiles_to_each_protection_for_each():
    by = {"type": "any"}
    nexuses = {"side": "any", "colors": ["blue"], "type": "nexus", "all": True, "soul_core": True}
    assert ops("Neither this spirit nor any blue nexus with a \"Soul Core\" on it can be destroyed by your opponent's "
               "destruction effects or as the result of battle, and they cannot have their cores removed by your "
               "opponent's effects.") == [
        restrict("this", "be_destroyed", by), restrict("this", "be_destroyed_in_battle"),
        restrict("this", "lose_cores", by), restrict(nexuses, "be_destroyed", by),
        restrict(nexuses, "be_destroyed_in_battle"), restrict(nexuses, "lose_cores", by)]
    assert ops("During this battle, this spirit cannot be destroyed by the destruction effects of your opponent's "
               "spirits or as the result of battle.") == [
        restrict("this", "be_destroyed", {"type": "spirit"}, "battle"),
        restrict("this", "be_destroyed_in_battle", None, "battle")]


# ---------------------------------------------------------------- ruling P10: "When Destroyed" effects not triggered


def test_ruling_p10_not_triggered_by_this_effect_marks_every_destruction_before_it():
    c = compile_effect("spirit", "When Summoned", "Destroy all of your opponent's spirits with 3500 or fewer BP. Your "
                                                  "opponent's \"When Destroyed\" effects are not triggered by this "
                                                  "effect.")
    assert c.effect["do"] == [{"destroy": {"all": True, "bp_max": 3500}, "quiet": True}]
    e = parse_effect(c.effect, "e", card_type="spirit")
    assert effect_to_dict(e)["do"][0]["quiet"] is True
    assert effect_text(e).endswith("Your opponent's \"When Destroyed\" effects are not triggered by this destruction.")


@pytest.mark.parametrize("text", [
    "Draw a card. Your opponent's \"When Destroyed\" effects are not triggered by this effect.",
    "Destroy all of your opponent's spirits with 3500 or fewer BP. Your opponent's \"When Summoned\" effects are not "
    "triggered by this effect.",
    "Destroy all of your opponent's spirits with 3500 or fewer BP. If you have 3 or fewer life, your opponent's "
    "\"When Destroyed\" effects are not triggered by this effect.",
])
def test_ruling_p10_other_shapes_stay_manual(text):
    assert not compile_effect("spirit", "When Summoned", text).automated


@pytest.mark.parametrize("directive,field", [
    ({"draw": 1, "quiet": True}, "e.do[0].quiet"),
    ({"destroy": {}, "quiet": "yes"}, "e.do[0].quiet"),
])
def test_hostile_a_malformed_quiet_is_refused_naming_the_field(directive, field):
    with pytest.raises(EffectSyntax) as err:
        parse_effect({"kind": "triggered", "trigger": "when_summoned", "do": [directive]}, "e", card_type="spirit")
    assert err.value.field == field


def test_hostile_quiet_is_no_part_of_a_cost():
    with pytest.raises(EffectSyntax) as err:
        parse_effect({"kind": "triggered", "trigger": "when_attacks", "optional": True,
                      "cost": [{"destroy": {"side": "you"}, "quiet": True}], "do": [{"draw": 1}]}, "e",
                     card_type="spirit")
    assert err.value.field == "e.cost[0]"


# ---------------------------------------------------------------- the condition "if this spirit is exhausted / refreshed"


def test_cr_4_4_if_this_spirit_is_refreshed_is_a_condition_on_its_state():
    c = compile_effect("spirit", "N/A", "If this spirit is refreshed, your Stoneback spirits cannot be selected by "
                                        "your opponent's effects.", families=FAMILIES)
    assert c.effect["condition"] == {"exhausted": False}
    e = parse_effect(c.effect, "e", card_type="spirit")
    assert effect_to_dict(e)["condition"] == {"exhausted": False}

    class Card:
        type = "spirit"
    assert effect_text(e, Card()).startswith("Constant: while this spirit is refreshed, ")
    assert ops("If this nexus is exhausted, draw a card.") == [{"draw": 1, "if": {"exhausted": True}}]


def test_hostile_a_malformed_exhausted_condition_is_refused_naming_the_field():
    with pytest.raises(EffectSyntax) as err:
        parse_effect({"kind": "constant", "condition": {"exhausted": "no"}, "do": [
            {"restrict": {"target": "this", "cannot": "be_selected"}}]}, "e", card_type="spirit")
    assert err.value.field == "e.condition.exhausted"


# ---------------------------------------------------------------- ruling P11: "When Destroyed" effects on cards


def test_ruling_p11_when_destroyed_effects_on_your_opponents_spirits_compile_to_a_restriction():
    c = compile_effect("nexus", "During Either Attack Step", "\"When Destroyed\" effects on your opponent's Stoneback "
                                                              "spirits are not triggered.", families=FAMILIES)
    assert c.effect == {"kind": "constant", "condition": {"step": "attack"}, "do": [
        {"restrict": {"target": {"family": "Stoneback", "all": True}, "cannot": "trigger_when_destroyed"}}]}
    e = parse_effect(c.effect, "e", card_type="nexus")
    assert effect_text(e).endswith("the \"When Destroyed\" effects on all your opponent's Stoneback spirits are not "
                                   "triggered.")
    assert not compile_sentence("\"When Summoned\" effects on your opponent's spirits are not triggered.").ok


@pytest.mark.parametrize("effect,field", [
    ({"kind": "constant", "do": [{"restrict": {"target": "this", "cannot": "lose_cores", "by": {"cost_max": 3}}}]},
     "effects[0].do[0].restrict.by.cost_max"),
    ({"kind": "constant", "condition": {"exhausted": 1}, "do": [{"restrict": {"target": "this", "cannot": "attack"}}]},
     "effects[0].condition.exhausted"),
    ({"kind": "triggered", "trigger": "when_summoned", "do": [{"exhaust": {}, "quiet": True}]}, "effects[0].do[0].quiet"),
    ({"kind": "triggered", "trigger": "life_gained", "watch": {"cost_max": 3}, "do": [{"draw": 1}]}, "effects[0].watch"),
])
def test_hostile_a_card_file_with_a_malformed_protection_is_refused_naming_the_card_and_field(effect, field):
    from bss_desktop.carddb.errors import CardDataError
    from bss_desktop.carddb.schema import card_from_dict

    card = {"id": "EVIL-002", "name": "Warden", "type": "spirit", "colors": ["red"], "cost": 0, "symbols": ["red"],
            "levels": [{"level": 1, "cores": 1, "bp": 1000}], "effects": [effect]}
    with pytest.raises(CardDataError) as err:
        card_from_dict(card, file="evil.yaml", set_id="EVIL")
    assert err.value.field == field and "EVIL-002" in str(err.value)


def test_ruling_p1_the_effects_of_spirits_with_the_soul_core_on_them():
    assert ops("Your Stoneback spirits cannot be selected by the effects of your opponent's spirits with a \"Soul Core\" "
               "on them.") == [restrict({"side": "you", "family": "Stoneback", "all": True}, "be_selected",
                                        {"type": "spirit", "soul_core": True})]


def test_when_you_lose_life_written_in_the_text_is_the_life_reduced_trigger():
    c = compile_effect("spirit", "N/A", "When you lose life, draw a card and refresh this spirit.")
    assert c.effect == {"kind": "triggered", "trigger": "life_reduced", "do": [{"draw": 1}, {"refresh": "this"}]}


def test_hostile_a_magic_card_protecting_this_is_refused():
    with pytest.raises(EffectSyntax) as err:
        parse_effect({"kind": "magic", "timing": ["main"], "do": [{"restrict": {"target": "this",
                                                                                 "cannot": "be_selected"}}]},
                     "e", card_type="magic")
    assert err.value.field == "e.do[0]"
    assert not compile_effect("magic", "N/A", "This spirit cannot be selected by your opponent's effects during this "
                                              "turn.", ["Main"]).automated
