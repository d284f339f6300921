"""docs/card-format.md: every effect example shows exactly the text card_text.py generates for it,
and the "Effects and keywords" section names every word of the vocabulary in carddb/effects.py."""
from __future__ import annotations

import re
from dataclasses import fields
from pathlib import Path

import pytest
import yaml

from bss_desktop.carddb.card_text import card_text
from bss_desktop.carddb.effects import (
    BURST_TRIGGERS, COST_OPS, DURATIONS, KEYWORDS, KINDS, MODES, OPS, REFS, STEPS, TRIGGERS, WHOSE, Condition, Target,
)
from bss_desktop.carddb.schema import card_from_dict

DOC = Path(__file__).resolve().parent.parent / "docs" / "card-format.md"
BODY = r"((?:(?!```)[\s\S])*?)"  # a fenced block's body: anything up to the next fence
PAIR = re.compile(rf"```yaml\n{BODY}```\n\n```text\n{BODY}```")
BASE = {
    "spirit": {"levels": [{"level": 1, "cores": 1, "bp": 3000}, {"level": 2, "cores": 3, "bp": 5000},
                          {"level": 3, "cores": 5, "bp": 7000}]},
    "nexus": {"levels": [{"level": 1, "cores": 0}, {"level": 2, "cores": 2}]},
    "magic": {"timing": ["main"]},
}


def examples(text: str | None = None) -> list[tuple[str, str]]:
    """(yaml fragment, expected text) for every yaml block directly followed by a text block."""
    return PAIR.findall(text if text is not None else DOC.read_text(encoding="utf-8"))


def render(fragment: str) -> str:
    data = yaml.safe_load(fragment)
    card_type = data.get("type", "spirit")
    card = card_from_dict({"id": "DOC-1", "name": "Doc Example", "type": card_type, "colors": ["red"], "cost": 3,
                           **BASE[card_type], **data})
    return card_text(card)


def section() -> str:
    text = DOC.read_text(encoding="utf-8")
    return text[text.index("## Effects and keywords"):text.index("## Deck lists")]


def test_there_are_examples():
    assert len(examples(section())) >= 10


@pytest.mark.parametrize("fragment,expected", examples())
def test_every_example_shows_its_generated_text(fragment, expected):
    assert render(fragment) == expected.rstrip("\n")


@pytest.mark.parametrize("group,words", [
    ("kinds", KINDS), ("triggers", TRIGGERS + BURST_TRIGGERS), ("steps", STEPS), ("whose", WHOSE),
    ("durations", DURATIONS), ("keywords", KEYWORDS), ("directives", tuple(OPS)), ("cost directives", COST_OPS),
    ("references", REFS), ("modes", MODES), ("target keys", tuple(f.name for f in fields(Target))),
    ("condition keys", tuple(f.name for f in fields(Condition))),
    ("directive modifiers", ("may", "if_done", "if")),
    ("amount words", ("for_each", "minus", "cards", "cores", "symbols")),
    ("effect keys", ("kind", "do", "levels", "trigger", "step", "whose", "watch", "timing", "condition", "optional",
                     "cost", "x_max", "chain", "manual", "text", "then_use")),
])
def test_the_section_documents_every_word(group, words):
    text = section()
    missing = [w for w in words if f"`{w}`" not in text]
    assert not missing, f"{group} not documented in docs/card-format.md: {missing}"
