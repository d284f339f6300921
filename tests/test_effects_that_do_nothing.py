"""Effects that would read as card text yet do nothing are refused when the card loads, naming file, card, line
and field (the rules-fidelity issue, defect 8)."""
from __future__ import annotations

import pytest

from bss_desktop.carddb import CardDataError, load_set_file

HEADER = "set: {id: TST, name: Test Set}\ncards:\n"
MAGIC = """\
  - id: TST-100
    name: Quiet Spell
    type: magic
    colors: [red]
    cost: 1
    timing: [main]
    effects:
      - kind: magic
        do: [%s]
"""
SPIRIT = """\
  - id: TST-101
    name: Quiet Whelp
    type: spirit
    colors: [red]
    cost: 1
    symbols: [red]
    levels: [{level: 1, cores: 1, bp: 1000}]
    effects:
      - kind: triggered
        trigger: when_summoned
        do: [%s]
"""

CASES = [
    # CR 8-4: a payment of cores is a cost; inside do: it would print "send 2 cores…" and move none
    ("pay_cores in do", SPIRIT % "{pay_cores: 2}", "TST-101", "effects[0].do[0]", "is a cost"),
    # a magic card is not on the field: "this" gets no BP, level or keyword
    ("bp on this magic", MAGIC % "{bp: {target: this, add: 2000}}", "TST-100", "effects[0].do[0]", "not on the field"),
    ("grant on this magic", MAGIC % "{grant: {target: this, keyword: {crush: 1}}}", "TST-100", "effects[0].do[0]",
     "not on the field"),
    # returning a hand card to the hand moves nothing (from the field or the trash it is implemented: see
    # test_vocabulary_moves.py)
    ("bounce from the hand", SPIRIT % "{bounce: {side: you, zone: hand}}", "TST-101", "effects[0].do[0]",
     "is there already"),
    # nobody may look through a deck (CR 3-2-2): deck cards are counted, never selected
    ("deck cards selected", SPIRIT % "{to_deck_bottom: {side: opponent, zone: deck}}", "TST-101",
     "effects[0].do[0]", "never selected"),
    # "it" with nothing selected before it would act on nothing
    ("it with no selection", SPIRIT % "{bp: {target: it, add: 1000}}", "TST-101", "effects[0].do[0]",
     "none did"),
]


@pytest.mark.parametrize("desc, card_yaml, card_id, field, words", CASES, ids=[c[0] for c in CASES])
def test_an_effect_that_would_do_nothing_is_refused_when_the_card_loads(tmp_path, desc, card_yaml, card_id, field,
                                                                       words):
    path = tmp_path / "quiet.yaml"
    path.write_text(HEADER + card_yaml, encoding="utf-8")
    with pytest.raises(CardDataError) as info:
        load_set_file(path)
    err = info.value
    assert err.file == str(path) and err.card_id == card_id
    assert err.field.endswith(field) or field in err.field, err.field
    assert words in err.message and isinstance(err.line, int)


def test_the_same_directives_used_as_intended_still_load(tmp_path):
    path = tmp_path / "fine.yaml"
    path.write_text(HEADER + (MAGIC % "{bp: {target: {side: you}, add: 2000}}") + (SPIRIT % "{bounce: {side: opponent}}"),
                    encoding="utf-8")
    assert [c.id for c in load_set_file(path)] == ["TST-100", "TST-101"]
