"""Keywords of imported cards (CR 11): both community shapes, list and number modifiers, and the effect's condition.

Every record here is written for the test (invented names); the shapes are those of the community JSON:
``{keyword_name, keyword_modifier}`` and ``{keyword, target, value}``; a modifier is text, a number or a list.
"""
from __future__ import annotations

import pytest

from bss_desktop.carddb.card_text import card_text, keyword_text
from bss_desktop.carddb.effects import Keyword, Target, parse_keyword
from bss_desktop.carddb.importer import OUTSIDE_CR, convert_record, import_cards
from bss_desktop.carddb.schema import card_from_dict, card_to_dict


def record(*effects, **changes):
    base = {"name": "Probe", "ID": "KT-001", "set": "KT", "color": ["Purple"], "cost": "4", "cardType": "SPIRIT",
            "subType": ["GRAVE KNIGHT"],
            "core_requirements": [{"level": 1, "battlePoints": 3000, "cores": 1},
                                  {"level": 2, "battlePoints": 5000, "cores": 3}],
            "effects": list(effects)}
    return {**base, **changes}


def kw_effect(name, modifier=None, condition="N/A", levels=(), shape="name"):
    entry = ({"keyword_name": name, "keyword_modifier": modifier} if shape == "name"
             else {"keyword": name, "target": None, "value": modifier})
    return {"levels": list(levels), "condition": condition, "keywords": [entry], "details": "N/A", "steps": []}


def convert(*effects, **changes):
    data, _, notes, _ = convert_record(record(*effects, **changes))
    return card_from_dict(data), notes


YOU = {"side": "you"}


@pytest.mark.parametrize("name,modifier,condition,expected", [
    # CR 11-5-2: 【Armor】 colours as a list
    ("Armor", ["Red", "Purple"], "N/A", Keyword("armor", colors=("red", "purple"))),
    ("Armor", ["White"], "N/A", Keyword("armor", colors=("white",))),
    # CR 11-4-2: 【Immortal】 costs as a list: a spirit with cost 4 or 5; "During Either Attack Step" limits it
    ("Immortal", [4, 5], "During Either Attack Step",
     Keyword("immortal", condition=Target(**YOU, costs=(4, 5)), timing="attack_step")),
    ("Immortal", [0, 1, 2], "N/A", Keyword("immortal", condition=Target(**YOU, costs=(0, 1, 2)))),
    ("Immortal", "Cost 3/6", "N/A", Keyword("immortal", condition=Target(**YOU, costs=(3, 6)))),
    # CR 11-8-2: 【Ascend】 a number is "cost N or more"; a list names families (either one), colours or tokens
    ("Ascend", 6, "N/A", Keyword("ascend", condition=Target(**YOU, cost_min=6))),
    ("Ascend", "4", "N/A", Keyword("ascend", condition=Target(**YOU, cost_min=4))),
    ("Ascend", ["Hollow Wing"], "N/A", Keyword("ascend", condition=Target(**YOU, family="Hollow Wing"))),
    ("Ascend", ["Hollow Wing", "Marsh Kin"], "N/A",
     Keyword("ascend", condition=Target(**YOU, families=("Hollow Wing", "Marsh Kin")))),
    ("Ascend", ["Hollow Wing", "Hollow Wing"], "N/A", Keyword("ascend", condition=Target(**YOU, family="Hollow Wing"))),
    ("Ascend", ["Token"], "N/A", Keyword("ascend", condition=Target(**YOU, token=True))),
    ("Ascend", ["Blue", "Green"], "N/A", Keyword("ascend", condition=Target(**YOU, colors=("blue", "green")))),
    ("Ascend", ["EX-7"], "N/A", Keyword("ascend", condition=Target(**YOU, family="EX-7"))),
    # numbers for Gale, Raid and Crush (CR 11-10-2, 11-12-2, 11-11-2)
    ("Gale", 2, "While This Spirit Attacks", Keyword("gale", value=2)),
    ("Raid", 1, "When This Spirit Attacks", Keyword("raid", value=1)),
    ("Crush", 1, "When This Spirit Attacks", Keyword("crush", value=1)),
    ("Crush", None, "When This Spirit Attacks", Keyword("crush", value=0)),  # CR 11-11-3
    # keywords that act only while their spirit attacks: the condition adds nothing (CR 11-2-1, 11-3-1, 11-6-1,
    # 11-7-1)
    ("Confront", None, "While This Spirit Attacks", Keyword("confront")),
    ("Curse", None, "While This Spirit Attacks", Keyword("curse")),
    ("Luster", None, "While This Spirit Attacks", Keyword("luster")),
    ("Blessed", None, "While This Spirit Attacks", Keyword("blessed")),
    ("Awaken", None, "N/A", Keyword("awaken")),
    ("Swift", None, "N/A", Keyword("swift")),
    ("A.T. Field", None, "N/A", Keyword("at_field")),
    # CR 11-14-2: 【Astral】's active timing comes from the condition
    ("Astral", None, "N/A", Keyword("astral")),
    ("Astral", None, "During Opponent's Turn", Keyword("astral", timing="opponent_turn")),
    ("Astral", None, "During Your Turn", Keyword("astral", timing="your_turn")),
    ("Astral", None, "While This Spirit Attacks", Keyword("astral", timing="attacking")),
])
@pytest.mark.parametrize("shape", ["name", "keyword"])
def test_keyword_is_mapped(name, modifier, condition, expected, shape):
    card, notes = convert(kw_effect(name, modifier, condition, shape=shape))
    assert card.keywords == (expected,)
    assert [n.mapped for n in notes] == [True] and notes[0].text == keyword_text(expected)
    assert not card.effects  # a keyword-only effect: the keyword says it all
    again = card_from_dict(card_to_dict(card))  # the set file says the same
    assert again.keywords == card.keywords


def test_the_levels_of_the_effect_become_the_keyword_levels():
    card, _ = convert(kw_effect("Astral", None, "During Opponent's Turn", levels=[2]))
    assert card.keywords == (Keyword("astral", timing="opponent_turn", levels=(2,)),)
    assert card_text(card) == "[LV2] 【Astral: During Opponent's Turn】"


def test_the_generated_text_of_the_new_conditions():
    card, _ = convert(kw_effect("Immortal", [4, 5], "During Either Attack Step"),
                      kw_effect("Ascend", ["Hollow Wing", "Marsh Kin"]), kw_effect("Astral", None,
                                                                                  "While This Spirit Attacks"))
    assert card_text(card).splitlines() == ["(During Either Attack Step) 【Immortal: Cost 4 or 5】",
                                            "【Ascend: Hollow Wing/Marsh Kin】",
                                            "【Astral: While This Spirit Attacks】"]
    card, _ = convert(kw_effect("Ascend", 6), kw_effect("Immortal", [7]))
    assert card_text(card).splitlines() == ["【Ascend: Cost 6 or more】", "【Immortal: Cost 7】"]


def test_the_new_keyword_forms_read_from_a_set_file():
    assert parse_keyword({"immortal": {"costs": [5, 4]}, "timing": "attack_step"}, "k") == \
        Keyword("immortal", condition=Target(side="you", costs=(4, 5)), timing="attack_step")
    assert parse_keyword({"ascend": {"families": ["A", "B"]}}, "k").condition.families == ("A", "B")
    assert parse_keyword({"ascend": {"token": True}}, "k").condition.token is True
    assert parse_keyword({"astral": "attacking"}, "k").timing == "attacking"
    from bss_desktop.carddb.effects import EffectSyntax
    with pytest.raises(EffectSyntax):
        parse_keyword({"gale": 2, "timing": "attack_step"}, "k")  # only Immortal takes a timing
    with pytest.raises(EffectSyntax):
        parse_keyword({"immortal": {"costs": []}}, "k")


@pytest.mark.parametrize("name,modifier,condition,why", [
    # a condition that limits a keyword beyond its own rule is never dropped: the keyword stays text
    ("Confront", None, "During Your Turn", "condition"),
    ("Armor", ["Red"], "While This Spirit Attacks", "condition"),
    ("Immortal", [4], "During Your Turn", "condition"),
    ("Ascend", ["Red", "Hollow Wing"], "N/A", "mixed"),
    ("Ascend", [4, 5], "N/A", "costs"),
    ("Armor", ["Red", "Pink"], "N/A", "colours"),
    ("Gale", "lots", "N/A", "number"),
    ("Astral", "Sometimes", "N/A", "timing"),
    ("Astral", "During Your Turn", "During Opponent's Turn", "disagree"),
])
def test_keyword_stays_text_with_its_reason(name, modifier, condition, why):
    card, notes = convert({**kw_effect(name, modifier, condition), "details": ""})
    assert not card.keywords
    (note,) = notes
    assert not note.mapped and why in note.reason and not note.outside_cr
    (effect,) = card.effects
    assert effect.manual and note.text in effect.text


@pytest.mark.parametrize("name,modifier", [("Feast", 1), ("Bloodcurse", None),
                                           ("Moonwalk", None)])
def test_keywords_outside_cr_11_stay_text_in_their_own_section(tmp_path, name, modifier):
    import json

    path = tmp_path / "c.json"
    path.write_text(json.dumps(record(kw_effect(name, modifier), {"levels": [], "condition": "N/A", "keywords": [
        {"keyword_name": "Gale", "keyword_modifier": 1}], "details": "N/A"})))
    report = import_cards(path, tmp_path / "out")
    (card,) = report.cards
    assert card.keywords == (Keyword("gale", value=1),)
    assert card.effects[0].manual and name in card.effects[0].text
    (note,) = report.text_keywords
    assert note.outside_cr and (name.lower() in OUTSIDE_CR or name == "Moonwalk")
    lines = report.lines()
    head = lines.index("Keywords outside CR v1.6.0 §11, kept as text (resolved by hand): 1")
    assert lines[head + 1].startswith("  KT-001 Probe: 【" + name)
    assert not any(line.startswith("Keywords kept as text") for line in lines)


def test_both_shapes_in_one_card_and_a_bad_entry_is_refused():
    card, notes = convert({"levels": [], "condition": "N/A", "details": "N/A", "keywords": [
        {"keyword": "A.T. Field", "target": None, "value": None},
        {"keyword_name": "Armor", "keyword_modifier": ["Red", "Purple"]}]})
    assert card.keywords == (Keyword("at_field"), Keyword("armor", colors=("red", "purple")))
    from bss_desktop.carddb.importer import RecordRefused
    with pytest.raises(RecordRefused) as info:
        convert_record(record({"keywords": [{"value": 2}]}))
    assert info.value.field == "effects[0].keywords[0]"
    with pytest.raises(RecordRefused):
        convert_record(record({"keywords": [{"keyword": "Gale", "target": "Blue", "value": 2}]}))
