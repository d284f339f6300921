"""The player's token table (carddb/token_table.py, docs/saga-rulings.md Tokens ruling 2): read and checked like a
set file (a malformed entry names the file, the line and the field; the app still starts), written by
`bss-desktop tokens set`, and the named token form of the vocabulary refused when malformed, naming its field.

The token names are made up for these tests.
"""
from __future__ import annotations

import pytest

from bss_desktop import cli
from bss_desktop.carddb.errors import CardDataError
from bss_desktop.carddb.player_db import player_db, with_token_table
from bss_desktop.carddb.schema import card_from_dict
from bss_desktop.carddb.token_table import load_token_table, save_token, token_key
from helpers import imported_db, record

GOOD = "Gadget:\n  colors: [white]\n  families: [Machine]\n  bp: 2000\n  symbols: [white, white/green]\n"


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("BSS_DESKTOP_HOME", str(tmp_path))
    return tmp_path


def table_file(home, text: str):
    path = home / "data" / "cards" / "tokens.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def maker(count: int = 1) -> dict:
    return record(effects=[{"levels": [1, 2], "condition": "When Summoned", "keywords": [], "steps": [],
                            "details": f"Summon {count} of your Gadget Tokens."}])


def test_cr_4_12_2_a_table_entry_is_a_cost_0_spirit_token_with_one_level(home):
    table = load_token_table(table_file(home, GOOD))
    tok = table["gadget"]
    assert (tok.name, tok.type, tok.cost, tok.colors, tok.families, tok.token) == (
        "Gadget Token", "spirit", 0, ("white",), ("Machine",), True)
    assert tok.symbols == (("white",), ("white", "green")) and [(lv.number, lv.cores, lv.bp) for lv in tok.levels] == [
        (1, 1, 2000)]
    assert token_key("  gadget   TOKENS ") == "gadget" and token_key("Brass Clock Kin Token") == "brass clock kin"


def test_no_table_or_an_empty_one_is_no_tokens(home):
    assert load_token_table(home / "nowhere.yaml") == {}
    assert load_token_table(table_file(home, "")) == {}


@pytest.mark.parametrize("text, field, line", [
    ("Gadget: {colors: [pink], bp: 1000}\n", "Gadget.colors[0]", 1),
    ("Gadget:\n  colors: [white]\n", "Gadget.bp", 2),
    ("Gadget:\n  colors: [white]\n  bp: -5\n", "Gadget.bp", 3),
    ("Gadget:\n  colors: [white]\n  bp: 1000\n  speed: 3\n", "Gadget.speed", 4),
    ("Gadget:\n  colors: [white]\n  bp: 1000\n  cores: 0\n", "Gadget.cores", 4),
    ("Gadget:\n  colors: [white]\n  bp: 1000\n  cores: 99\n", "Gadget.cores", 4),
    ("Gadget:\n  colors: []\n  bp: 1000\n", "Gadget.colors", 2),
    ("Gadget:\n  bp: 1000\n", "Gadget.colors", 2),
    ("Gadget:\n  colors: [white]\n  bp: 1000\n  symbols: [white/white]\n", "Gadget.symbols[0]", 4),
    ("Gadget:\n  colors: [white]\n  bp: 1000\n  families: 7\n", "Gadget.families", 4),
    ("Gadget: [white]\n", "Gadget", 1),
    ("Gadget: {colors: [white], bp: 1000}\nGadget Token: {colors: [red], bp: 1000}\n", "Gadget Token", 2),
    ("Gadget: {colors: [white], bp: 1000}\nGadget: {colors: [red], bp: 1000}\n", "Gadget", 2),
    ("'': {colors: [white], bp: 1000}\n", "", 1),
    (f"{'X' * 61}: {{colors: [white], bp: 1000}}\n", "X" * 61, 1),
])
def test_hostile_a_malformed_token_table_names_the_file_the_line_and_the_field(home, text, field, line):
    path = table_file(home, text)
    with pytest.raises(CardDataError) as e:
        load_token_table(path)
    assert e.value.file == str(path) and e.value.field == field and e.value.line == line, str(e.value)


@pytest.mark.parametrize("text", ["- Gadget\n", "Gadget: {colors: [white\n", "just words\n", "\xff\xfe"])
def test_hostile_a_table_that_is_no_mapping_of_tokens_names_the_file(home, text):
    path = home / "data" / "cards" / "tokens.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.encode("latin-1"))
    with pytest.raises(CardDataError) as e:
        load_token_table(path)
    assert e.value.file == str(path)


def test_hostile_a_broken_table_leaves_the_named_tokens_manual_and_the_app_starts(home):
    table_file(home, "Gadget: {colors: [pink], bp: 1000}\n")
    db, problem = with_token_table(imported_db(maker()))
    assert problem is not None and "tokens.yaml" in problem and "Gadget.colors[0]" in problem and "\n" not in problem
    assert db["ZT-001"].effects[0].manual


def test_tokens_ruling_2_player_db_fills_in_the_tables_stats(home):
    table_file(home, GOOD)
    db, problem = with_token_table(imported_db(maker(2)))
    assert problem is None
    d = db["ZT-001"].effects[0].do[0]
    assert not db["ZT-001"].effects[0].manual and d.token.levels[0].bp == 2000 and d.amount == 2
    _, problem = player_db()  # no imported sets: nothing to fill in, nothing wrong
    assert problem is None


@pytest.mark.parametrize("token, field", [
    ({"ref": ""}, "effects[0].do[0].token.ref"),
    ({"ref": 5}, "effects[0].do[0].token.ref"),
    ({"ref": "X" * 61}, "effects[0].do[0].token.ref"),
    ({"ref": "Gadget", "exhausted": "yes"}, "effects[0].do[0].token.exhausted"),
    ({"ref": "Gadget", "count": 0}, "effects[0].do[0].token.count"),
    ({"ref": "Gadget", "bp": 1000}, "effects[0].do[0].token.bp"),
    ({"name": "Drake", "bp": 1000, "exhausted": 1}, "effects[0].do[0].token.exhausted"),
])
def test_hostile_a_malformed_named_token_is_refused_naming_its_field(token, field):
    with pytest.raises(CardDataError) as e:
        card_from_dict({"id": "ZZ-1", "name": "Maker", "type": "spirit", "colors": ["white"], "cost": 1,
                        "levels": [{"level": 1, "cores": 1, "bp": 1000}],
                        "effects": [{"kind": "triggered", "trigger": "when_summoned", "do": [{"token": token}]}]})
    assert e.value.field == field, str(e.value)


def test_save_token_writes_an_entry_and_refuses_a_bad_one_or_a_broken_table(home):
    path = home / "t.yaml"
    save_token("Gadget", {"colors": ["white"], "bp": 2000}, path)
    save_token("Brass Kin", {"colors": ["red", "green"], "bp": 3000, "cores": 2, "symbols": ["red/green"]}, path)
    save_token("gadget token", {"colors": ["blue"], "bp": 1000}, path)  # the same token: replaced
    table = load_token_table(path)
    assert sorted(table) == ["brass kin", "gadget"] and table["gadget"].colors == ("blue",)
    assert table["brass kin"].levels[0].cores == 2 and table["brass kin"].symbols == (("red", "green"),)
    with pytest.raises(CardDataError) as e:
        save_token("Gadget", {"colors": ["blue"], "bp": "lots"}, path)
    assert e.value.field == "Gadget.bp"
    path.write_text("Gadget: {colors: [pink], bp: 1}\n", encoding="utf-8")
    with pytest.raises(CardDataError):
        save_token("Other", {"colors": ["blue"], "bp": 1000}, path)
    assert "pink" in path.read_text(encoding="utf-8")  # not written over


def run(capsys, *argv):
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_tokens_command_sets_and_lists_token_stats(home, capsys):
    code, out, err = run(capsys, "tokens", "set", "Gadget", "--colors", "white,green", "--bp", "2000",
                         "--families", "Machine", "--symbols", "green")
    assert code == 0 and "Gadget Token: white/green, BP 2000, LV1 1 core, Machine, symbols green" in out
    code, out, err = run(capsys, "tokens")
    assert code == 0 and "no imported card summons a token by name" in out and "Gadget Token" in out
    code, out, err = run(capsys, "tokens", "set", "Gadget", "--colors", "pink", "--bp", "2000")
    assert code == 2 and "Gadget.colors[0]" in err and "Traceback" not in err
    table_file(home, "Gadget: {colors: [pink], bp: 1}\n")
    code, out, err = run(capsys, "tokens")
    assert code == 1 and "tokens.yaml" in err


def test_tokens_ruling_2_cards_coverage_counts_the_compiled_text_and_names_the_tokens_without_stats():
    from bss_desktop.carddb.coverage import coverage, coverage_lines
    from bss_desktop.carddb.token_table import token_card

    db = imported_db(maker())
    report = coverage(db, frozenset(), {})
    entry = next(e for e in report["cards"] if e["id"] == "ZT-001")
    assert entry["automated"] and report["tokens"] == [{"name": "Gadget", "cards": ["ZT-001"], "stats": False}]
    assert any("without stats" in line and "Gadget (1 card)" in line for line in coverage_lines(report))
    # the base figure says how many of its automated cards wait for a token's stats
    assert report["base"]["automated"] >= 1 and report["base"]["token_stats_missing"] == 1
    assert any("1 summons a token your token table has no stats for" in line for line in coverage_lines(report))
    table = {"gadget": token_card("Gadget", {"colors": ["white"], "bp": 1000})}
    report = coverage(db, frozenset(), table)
    assert report["tokens"][0]["stats"] and not any("without stats" in line for line in coverage_lines(report))
    assert report["base"]["token_stats_missing"] == 0 and not any("no stats for" in line
                                                                  for line in coverage_lines(report))
