"""Card file validation, card_to_dict round trips and the CardDB mapping."""
from __future__ import annotations

import pickle
import textwrap

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from bss_desktop.carddb import (
    CardDataError,
    CardDB,
    card_from_dict,
    card_to_dict,
    load_default_db,
    load_set_file,
)
from bss_desktop.carddb.cards import COLORS, CardDef, Level

HEADER = "set: {id: TST, name: Test Set}\ncards:\n"

GOOD_SPIRIT = """\
  - id: TST-001
    name: Test Whelp
    type: spirit
    colors: [red]
    cost: 1
    reduction: [red]
    symbols: [red]
    families: [Dragon]
    levels:
      - {level: 1, cores: 1, bp: 1000}
      - {level: 2, cores: 3, bp: 3000}
"""


def write_set(tmp_path, cards_yaml: str, name: str = "test.yaml", header: str = HEADER):
    path = tmp_path / name
    path.write_text(header + cards_yaml, encoding="utf-8")
    return path


def spirit(**overrides) -> dict:
    d = {
        "id": "TST-001", "name": "Test Whelp", "type": "spirit", "colors": ["red"], "cost": 1,
        "reduction": ["red"], "symbols": ["red"], "families": ["Dragon"],
        "levels": [{"level": 1, "cores": 1, "bp": 1000}, {"level": 2, "cores": 3, "bp": 3000}],
    }
    d.update(overrides)
    return d


# -- good cards -------------------------------------------------------------

def test_a_good_set_file_loads(tmp_path):
    (card,) = load_set_file(write_set(tmp_path, GOOD_SPIRIT))
    assert card == CardDef(
        id="TST-001", name="Test Whelp", type="spirit", colors=("red",), cost=1,
        reduction=("red",), symbols=(("red",),), families=("Dragon",),
        levels=(Level(1, 1, 1000), Level(2, 3, 3000)), set="TST",
    )


def test_each_card_type_converts():
    nexus = card_from_dict({
        "id": "TST-002", "name": "Test Nexus", "type": "nexus", "colors": ["blue"], "cost": 3,
        "reduction": ["blue", "blue"], "symbols": ["blue"],
        "levels": [{"level": 1, "cores": 0}, {"level": 2, "cores": 2}],
    })
    assert nexus.levels == (Level(1, 0, None), Level(2, 2, None))
    assert nexus.lv1_cores == 0
    magic = card_from_dict({
        "id": "TST-003", "name": "Test Magic", "type": "magic", "colors": ["white", "green"], "cost": 4,
        "reduction": ["white", "white", "green"], "timing": ["flash", "main"], "burst": True,
    })
    assert magic.magic_timing == frozenset({"main", "flash"})
    assert magic.levels == () and magic.burst and magic.reduction == ("white", "white", "green")
    dual = card_from_dict(spirit(symbols=["red/green", "red"]))
    assert dual.symbols == (("red", "green"), ("red",)) and dual.symbol_count == 2


def test_inline_card_carries_its_own_set():
    assert card_from_dict(spirit(set="PROMO")).set == "PROMO"
    with pytest.raises(CardDataError) as e:
        card_from_dict(spirit(set="PROMO"), set_id="TST")
    assert e.value.field == "set"


# -- bad cards: every error names file, card, field and line ------------------

BAD_CARDS = [
    # (description, yaml for the card, card id, field, words in the message)
    ("bp not an integer", GOOD_SPIRIT.replace("bp: 3000", "bp: abc"), "TST-001", "levels[1].bp", "expected an integer, got 'abc'"),
    ("typo in a key", GOOD_SPIRIT.replace("cost: 1", "cots: 1"), "TST-001", "cots", "did you mean 'cost'"),
    ("missing name", GOOD_SPIRIT.replace("    name: Test Whelp\n", ""), "TST-001", "name", "missing"),
    ("unknown type", GOOD_SPIRIT.replace("type: spirit", "type: creature"), "TST-001", "type", "'creature'"),
    ("unknown colour", GOOD_SPIRIT.replace("colors: [red]", "colors: [red, orange]"), "TST-001", "colors[1]", "'orange'"),
    ("colours not a list", GOOD_SPIRIT.replace("colors: [red]", "colors: red"), "TST-001", "colors", "expected a list"),
    ("negative cost", GOOD_SPIRIT.replace("cost: 1", "cost: -1"), "TST-001", "cost", "at least 0"),
    ("cost as text", GOOD_SPIRIT.replace("cost: 1", "cost: '1'"), "TST-001", "cost", "expected an integer"),
    ("bad reduction colour", GOOD_SPIRIT.replace("reduction: [red]", "reduction: [red, pink]"), "TST-001", "reduction[1]", "'pink'"),
    ("bad dual symbol", GOOD_SPIRIT.replace("symbols: [red]", "symbols: [red/orange]"), "TST-001", "symbols[0]", "'orange'"),
    ("symbol repeats a colour", GOOD_SPIRIT.replace("symbols: [red]", "symbols: [red/red]"), "TST-001", "symbols[0]", "repeats"),
    ("levels not starting at 1", GOOD_SPIRIT.replace("level: 1,", "level: 2,").replace("level: 2, cores: 3", "level: 3, cores: 3"), "TST-001", "levels[0].level", "first level must be 1"),
    ("core counts going down", GOOD_SPIRIT.replace("cores: 3", "cores: 1"), "TST-001", "levels[1].cores", "go up"),
    ("spirit without bp", GOOD_SPIRIT.replace(", bp: 3000", ""), "TST-001", "levels[1].bp", "missing"),
    ("zero bp", GOOD_SPIRIT.replace("bp: 1000", "bp: 0"), "TST-001", "levels[0].bp", "at least 1"),
    ("spirit LV1 with no cores", GOOD_SPIRIT.replace("cores: 1,", "cores: 0,"), "TST-001", "levels[0].cores", "at least 1"),
    ("unknown level key", GOOD_SPIRIT.replace("bp: 1000}", "bp: 1000, power: 3}"), "TST-001", "levels[0].power", "unknown field"),
    ("spirit with timing", GOOD_SPIRIT + "    timing: [main]\n", "TST-001", "timing", "only magic"),
    ("burst not a bool", GOOD_SPIRIT + "    burst: sometimes\n", "TST-001", "burst", "true or false"),
    ("effects not a list", GOOD_SPIRIT + "    effects: {kind: constant}\n", "TST-001", "effects", "expected a list"),
    ("unknown effect action", GOOD_SPIRIT + "    effects: [{kind: triggered, trigger: when_summoned, do: [{teleport: 1}]}]\n",
     "TST-001", "effects[0].do[0].teleport", "unknown action"),
    ("bad target filter", GOOD_SPIRIT + "    effects: [{kind: triggered, trigger: when_attacks, do: [{destroy: {bp_max: lots}}]}]\n",
     "TST-001", "effects[0].do[0].destroy.bp_max", "whole number"),
    ("unknown trigger", GOOD_SPIRIT + "    effects: [{kind: triggered, trigger: when_sneezes, do: [{draw: 1}]}]\n",
     "TST-001", "effects[0].trigger", "expected one of"),
    ("manual effect without text", GOOD_SPIRIT + "    effects: [{kind: constant, manual: true}]\n",
     "TST-001", "effects[0].text", "by hand"),
    ("X without x_max", GOOD_SPIRIT + "    effects: [{kind: triggered, trigger: when_summoned, do: [{draw: X}]}]\n",
     "TST-001", "effects[0].x_max", "x_max"),
    ("keyword without its value", GOOD_SPIRIT + "    keywords: [armor]\n", "TST-001", "keywords[0]", "needs a value"),
    ("unknown keyword", GOOD_SPIRIT + "    keywords: [{flying: 1}]\n", "TST-001", "keywords[0].flying", "expected one of"),
    ("family twice", GOOD_SPIRIT.replace("[Dragon]", "[Dragon, Dragon]"), "TST-001", "families[1]", "twice"),
    ("set on a card in a set file", GOOD_SPIRIT + "    set: TST\n", "TST-001", "set", "top-level"),
    ("key written twice", GOOD_SPIRIT + "    cost: 2\n", "TST-001", "cost", "appears twice"),
    ("missing id", GOOD_SPIRIT.replace("id: TST-001", "idx: TST-001"), None, "id", "missing"),
    ("id with a space", GOOD_SPIRIT.replace("id: TST-001", "id: TST 001"), None, "id", "expected an id"),
    ("nexus with bp", """\
  - id: TST-010
    name: Bad Nexus
    type: nexus
    colors: [green]
    cost: 2
    symbols: [green]
    levels:
      - {level: 1, cores: 0}
      - {level: 2, cores: 2, bp: 3000}
""", "TST-010", "levels[1].bp", "no BP"),
    ("magic with levels", """\
  - id: TST-011
    name: Bad Magic
    type: magic
    colors: [blue]
    cost: 2
    timing: [main]
    levels:
      - {level: 1, cores: 1}
""", "TST-011", "levels", "no levels"),
    ("magic without timing", """\
  - id: TST-012
    name: Bad Magic
    type: magic
    colors: [blue]
    cost: 2
""", "TST-012", "timing", "missing"),
    ("magic with a bad timing", """\
  - id: TST-013
    name: Bad Magic
    type: magic
    colors: [blue]
    cost: 2
    timing: [main, instant]
""", "TST-013", "timing[1]", "'instant'"),
    ("duplicate id in one file", GOOD_SPIRIT + GOOD_SPIRIT.replace("Test Whelp", "Other"), "TST-001", "id", "duplicate card id"),
]


def _line_of(text: str, needle: str, occurrence: int = 1) -> int:
    """1-based line of the `occurrence`-th line containing `needle`."""
    hits = [i for i, line in enumerate(text.splitlines(), start=1) if needle in line]
    return hits[occurrence - 1]


@pytest.mark.parametrize("desc, card_yaml, card_id, field, words", BAD_CARDS, ids=[c[0] for c in BAD_CARDS])
def test_every_validation_error_names_file_card_and_field(tmp_path, desc, card_yaml, card_id, field, words):
    path = write_set(tmp_path, card_yaml, name="bad.yaml")
    with pytest.raises(CardDataError) as info:
        load_set_file(path)
    err = info.value
    assert err.file == str(path)
    assert err.card_id == card_id
    assert err.field == field
    assert words in err.message
    assert isinstance(err.line, int) and 3 <= err.line <= len((HEADER + card_yaml).splitlines())
    text = str(err)
    assert text.startswith(f"{path}: line {err.line}: ")
    assert f"field {field!r}" in text
    if card_id:
        assert f"card {card_id}: " in text


def test_error_line_points_at_the_bad_field(tmp_path):
    card_yaml = GOOD_SPIRIT.replace("bp: 3000", "bp: abc")
    with pytest.raises(CardDataError) as info:
        load_set_file(write_set(tmp_path, card_yaml))
    assert info.value.line == _line_of(HEADER + card_yaml, "bp: abc")
    assert str(info.value).endswith("card TST-001: field 'levels[1].bp': expected an integer, got 'abc'")


def test_duplicate_key_line_is_the_second_occurrence(tmp_path):
    card_yaml = GOOD_SPIRIT + "    cost: 2\n"
    with pytest.raises(CardDataError) as info:
        load_set_file(write_set(tmp_path, card_yaml))
    assert info.value.line == _line_of(HEADER + card_yaml, "cost:", 2)


def test_yaml_syntax_error_reports_its_line(tmp_path):
    card_yaml = GOOD_SPIRIT.replace("    cost: 1\n", "    cost: 1\n   - broken: [\n")
    path = write_set(tmp_path, card_yaml)
    with pytest.raises(CardDataError) as info:
        load_set_file(path)
    err = info.value
    assert "YAML syntax error" in err.message
    assert err.file == str(path)
    # PyYAML reports the line where it noticed the problem: at or just after the broken line
    broken = _line_of(HEADER + card_yaml, "broken")
    assert broken <= err.line <= broken + 1
    assert f"line {err.line}" in str(err)


@pytest.mark.parametrize(
    "text, field, words",
    [
        ("", None, "empty"),
        ("- just a list\n", None, "top level"),
        ("cards: []\n", None, "missing 'set"),
        ("set: {id: TST, name: T}\n", None, "missing 'cards:'"),
        ("set: {id: TST, name: T}\ncards: []\nextra: 1\n", "extra", "unknown top-level"),
        ("set: {id: TST, title: T}\ncards: []\n", "set.title", "unknown field"),
        ("set: {id: 'T T', name: T}\ncards: []\n", "set.id", "set id"),
        ("set: {id: TST, name: T}\ncards: {a: 1}\n", "cards", "list of cards"),
        ("set: {id: TST, name: T}\ncards:\n  - just text\n", None, "mapping of card fields"),
    ],
)
def test_bad_file_structure(tmp_path, text, field, words):
    path = tmp_path / "s.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(CardDataError) as info:
        load_set_file(path)
    assert info.value.file == str(path)
    assert info.value.field == field
    assert words in info.value.message


def test_card_from_dict_without_a_file():
    with pytest.raises(CardDataError) as info:
        card_from_dict(spirit(cost=True))
    err = info.value
    assert (err.file, err.card_id, err.field, err.line) == (None, "TST-001", "cost", None)
    assert str(err) == "card TST-001: field 'cost': expected an integer, got true"


def test_card_data_error_format_and_pickle():
    err = CardDataError("expected an integer, got 'abc'", file="cards/sets/core.yaml", card_id="CORE-007", field="levels[1].bp")
    assert str(err) == "cards/sets/core.yaml: card CORE-007: field 'levels[1].bp': expected an integer, got 'abc'"
    again = pickle.loads(pickle.dumps(err.with_context(line=14)))
    assert (again.file, again.card_id, again.field, again.line) == ("cards/sets/core.yaml", "CORE-007", "levels[1].bp", 14)
    assert str(again) == "cards/sets/core.yaml: line 14: card CORE-007: field 'levels[1].bp': expected an integer, got 'abc'"


# -- round trips ----------------------------------------------------------------

def test_card_to_dict_round_trip_examples():
    cards = [
        card_from_dict(spirit()),
        card_from_dict(spirit(id="TST-001A", additional_name="Other Name", rarity="R", text="Flavour.", set="P1")),
        card_from_dict(spirit(symbols=["red/green"], colors=["red", "green"])),
        card_from_dict({"id": "T-TOKEN", "name": "Test Token", "type": "spirit", "colors": ["green"], "cost": 0,
                        "symbols": ["green"], "levels": [{"level": 1, "cores": 1, "bp": 1000}], "token": True}),
        card_from_dict({"id": "T-M", "name": "M", "type": "magic", "colors": ["red"], "cost": 0, "timing": ["flash"], "burst": True}),
    ]
    for card in cards:
        d = card_to_dict(card)
        assert card_from_dict(d) == card
        assert card_to_dict(card_from_dict(d)) == d
        # and through YAML text, as positions store it
        assert card_from_dict(yaml.safe_load(yaml.safe_dump(d))) == card


RICH_CARD = """
id: TST-100
name: Rich Dragon
type: spirit
colors: [red]
cost: 5
symbols: [red]
levels: [{level: 1, cores: 1, bp: 5000}, {level: 2, cores: 3, bp: 7000}]
keywords: [confront, {crush: 1, levels: [2]}, {armor: [blue, white]}, {immortal: {family: Dragon}},
           {astral: opponent_turn}, {gale: 2}, at_field]
effects:
  - kind: triggered
    trigger: when_summoned
    optional: true
    do: [{destroy: {side: opponent, bp_max: 4000}}, {draw: 1}]
    chain: {color: red, do: [{core_charge: {target: this, count: 1}}]}
  - kind: triggered
    trigger: start_of_step
    step: main
    whose: opponent
    levels: [2]
    cost: [{pay_cores: 1}]
    do: [{bp: {target: {side: you, all: true, family: Dragon}, add: 2000, duration: turn}}]
  - kind: constant
    condition: {attacking: true, control: {side: you, type: nexus}, control_min: 2}
    do: [{grant: {target: this, keyword: {raid: 1}, duration: permanent}}]
  - kind: constant
    do: [{substitute: {event: destroyed, target: this, by_opponent: true, instead: [{core_remove: {target: this, count: 2}}]}}]
  - kind: activated
    timing: [flash]
    x_max: 3
    cost: [{pay_cores: X}]
    do: [{token: {name: Ember Drake, colors: [red], families: [Dragon], bp: 2000, symbols: [red], count: X}}]
  - kind: triggered
    trigger: when_attacks
    do: [{search: {look: 4, take: {type: spirit, family: Dragon}, rest: trash}}, {recover: {type: magic, up_to: 2}},
         {restrict: {target: {side: opponent, up_to: 1}, cannot: block, duration: battle}}, {mill: {count: 2, side: opponent}}]
  - kind: triggered
    trigger: when_destroyed
    manual: true
    text: Tell a story about this dragon.
"""


def test_cards_with_effects_and_keywords_round_trip_exactly():
    import yaml

    card = card_from_dict(yaml.safe_load(RICH_CARD), file="rich.yaml")
    assert len(card.effects) == 7 and len(card.keywords) == 7
    assert card_from_dict(card_to_dict(card)) == card


def test_token_definitions_become_token_cards_in_the_db():
    import yaml

    from bss_desktop.carddb.database import CardDB

    db = CardDB([card_from_dict(yaml.safe_load(RICH_CARD))])
    token = db["TST-100-TK1"]
    assert token.token and token.name == "Ember Drake" and token.levels[0].bp == 2000  # CR 4-12-2


_colors = st.sampled_from(COLORS)


@st.composite
def card_defs(draw):
    card_type = draw(st.sampled_from(["spirit", "nexus", "magic"]))
    levels: tuple[Level, ...] = ()
    if card_type != "magic":
        n = draw(st.integers(1, 4))
        numbers = sorted(draw(st.sets(st.integers(2, 9), min_size=n - 1, max_size=n - 1)))
        start = 1 if card_type == "spirit" else 0
        cores = sorted(draw(st.sets(st.integers(start, 12), min_size=n, max_size=n)))
        levels = tuple(
            Level(num, c, draw(st.integers(1, 30000)) if card_type == "spirit" else None)
            for num, c in zip([1, *numbers], cores)
        )
    text = st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc", "Zs", "Zl", "Zp")), min_size=1, max_size=8)
    return CardDef(
        id=draw(st.from_regex(r"[A-Z][A-Z0-9]{0,4}-[0-9]{3}[A-Z]?", fullmatch=True)),
        name=draw(text),
        type=card_type,
        colors=tuple(draw(st.lists(_colors, min_size=1, max_size=3, unique=True))),
        cost=draw(st.integers(0, 10)),
        reduction=tuple(draw(st.lists(_colors, max_size=3))),
        symbols=tuple(tuple(s) for s in draw(st.lists(st.lists(_colors, min_size=1, max_size=2, unique=True), max_size=3))),
        families=tuple(draw(st.lists(text, max_size=3, unique=True))),
        levels=levels,
        additional_name=draw(st.one_of(st.just(""), text)),
        rarity=draw(st.sampled_from(["", "C", "U", "R", "M"])),
        set=draw(st.sampled_from(["", "CORE", "P1"])),
        magic_timing=frozenset(draw(st.sets(st.sampled_from(["main", "flash"]), min_size=1))) if card_type == "magic" else frozenset(),
        burst=draw(st.booleans()),
        text=draw(st.one_of(st.just(""), st.text(max_size=20))),
        token=draw(st.booleans()),
    )


@settings(max_examples=200, deadline=None)
@given(card_defs())
def test_card_to_dict_round_trip_property(card):
    assert card_from_dict(card_to_dict(card)) == card


# -- CardDB -------------------------------------------------------------------

def _db() -> CardDB:
    return CardDB([
        card_from_dict(spirit()),
        card_from_dict(spirit(id="TST-001A", additional_name="Alt")),
        card_from_dict(spirit(id="TST-002", name="Other Beast")),
    ])


def test_card_db_mapping():
    db = _db()
    assert len(db) == 3
    assert list(db) == ["TST-001", "TST-001A", "TST-002"]
    assert "TST-002" in db and "NOPE-1" not in db
    assert db["TST-002"].name == "Other Beast"
    assert db.get("NOPE-1") is None
    with pytest.raises(KeyError, match="NOPE-1"):
        db["NOPE-1"]


def test_card_db_by_name_is_case_insensitive_and_ignores_additional_names():
    db = _db()
    assert [c.id for c in db.by_name("test whelp")] == ["TST-001", "TST-001A"]
    assert [c.id for c in db.by_name("OTHER BEAST")] == ["TST-002"]
    assert db.by_name("Alt") == []


def test_card_db_add():
    db = _db()
    db.add(card_from_dict(spirit()))  # the same card again is fine
    assert len(db) == 3
    with pytest.raises(ValueError, match="TST-001.*cost"):
        db.add(card_from_dict(spirit(cost=2)))
    with pytest.raises(TypeError):
        db.add({"id": "X"})


def test_content_hash_is_stable_and_tracks_changes():
    a = _db()
    b = CardDB(reversed([a[i] for i in a]))  # same cards, different insertion order
    assert a.content_hash() == b.content_hash()
    assert len(a.content_hash()) == 64 and int(a.content_hash(), 16) >= 0
    changed = CardDB([card_from_dict(spirit(cost=2)), a["TST-001A"], a["TST-002"]])
    assert changed.content_hash() != a.content_hash()
    a.add(card_from_dict(spirit(id="TST-003", name="New")))
    assert a.content_hash() != b.content_hash()  # the cached hash is dropped on add


def test_from_files_rejects_an_id_defined_in_two_files(tmp_path):
    first = write_set(tmp_path, GOOD_SPIRIT, name="a.yaml")
    second = write_set(tmp_path, GOOD_SPIRIT, name="b.yaml")
    with pytest.raises(CardDataError) as info:
        CardDB.from_files([first, second])
    msg = str(info.value)
    assert str(first) in msg and str(second) in msg and "TST-001" in msg
    assert info.value.card_id == "TST-001"


def test_default_db_is_cached_and_read_only():
    db = load_default_db()
    assert load_default_db() is db
    with pytest.raises(TypeError, match="copy"):
        db.add(card_from_dict(spirit()))
    mine = db.copy()
    mine.add(card_from_dict(spirit()))
    assert "TST-001" in mine and "TST-001" not in db


def test_non_utf8_file(tmp_path):
    path = tmp_path / "latin.yaml"
    path.write_bytes((HEADER + GOOD_SPIRIT.replace("Test Whelp", "Caf\xe9")).encode("latin-1"))
    with pytest.raises(CardDataError, match="UTF-8"):
        load_set_file(path)


def test_bom_and_crlf_are_fine(tmp_path):
    path = tmp_path / "win.yaml"
    path.write_bytes(("\ufeff" + HEADER + GOOD_SPIRIT).replace("\n", "\r\n").encode("utf-8"))
    (card,) = load_set_file(path)
    assert card.id == "TST-001"


def test_multiline_text_is_kept(tmp_path):
    card_yaml = GOOD_SPIRIT + "    text: |\n      First line.\n      Second line.\n"
    (card,) = load_set_file(write_set(tmp_path, card_yaml))
    assert card.text == "First line.\nSecond line.\n"
    assert card_from_dict(card_to_dict(card)) == card


def test_set_file_may_be_written_in_any_yaml_style(tmp_path):
    flow = textwrap.dedent("""\
        {set: {id: TST, name: T}, cards: [{id: TST-9, name: N, type: magic, colors: [red], cost: 0, timing: [main]}]}
        """)
    path = tmp_path / "flow.yaml"
    path.write_text(flow, encoding="utf-8")
    (card,) = load_set_file(path)
    assert card.set == "TST" and card.magic_timing == frozenset({"main"})
