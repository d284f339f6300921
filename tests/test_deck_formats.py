"""Deck lists in every format players use (carddb.deck_formats): what a player opens, pastes or imports is read
leniently (a bad line is kept with its line number, never dropped), and what the deck builder saves or exports reads
back unchanged."""
from __future__ import annotations

import csv
import io
import json
import re
from collections import Counter

import pytest

from bss_desktop.carddb import (
    CardDef,
    Deck,
    DeckListError,
    Level,
    load_default_db,
    parse_deck_list,
    shipped_decks,
)
from bss_desktop.carddb.cards import Printing
from bss_desktop.carddb.deck_formats import (
    CSV_HEADER,
    EXTENSIONS,
    FORMATS,
    KeptLine,
    read_deck,
    write_deck,
)
from bss_desktop.resources import cards_dir

TEXT_FORMATS = ["text", "ids", "names", "tts"]
SHIPPED_FILES = sorted((cards_dir() / "decks").glob("*.txt"))


@pytest.fixture(scope="module")
def db():
    return load_default_db()


def invented(card_id: str, name: str, **extra) -> CardDef:
    """A card made up for a test (not a real card): a red spirit."""
    return CardDef(id=card_id, name=name, type="spirit", colors=("red",), cost=3, symbols=(("red",),),
                   levels=(Level(1, 1, 3000),), rarity="C", set="ZZZ", **extra)


@pytest.fixture
def wider_db(db):
    """The shipped cards plus two made-up ones: one with an alternate art, one whose name has quotes."""
    more = db.copy()
    more.add(invented("ZZZ-001", "Invented Wyvern", printings=(Printing("ZZZ-001_p1"),)))
    more.add(invented("ZZZ-002", 'The "Quoted" Golem'))
    return more


def same_deck(a: Deck, b: Deck) -> None:
    assert b.name == a.name
    assert list(b.counts().items()) == list(a.counts().items())  # same cards, counts, order of first appearance
    assert b.printings == a.printings


def problems(kept: list[KeptLine]) -> list[tuple[str, str]]:
    return [(k.text, k.problem) for k in kept]


def csv_rows(*rows: list) -> str:
    out = io.StringIO()
    csv.writer(out, lineterminator="\r\n").writerows(rows)
    return out.getvalue()


# -- the menu ---------------------------------------------------------------------------------------------------------

def test_export_menu_lists_every_format_in_order_with_its_file_extension():
    assert list(FORMATS) == ["text", "ids", "names", "tts", "csv", "json"]
    assert FORMATS["text"] == "4x ID: Name (community deck builder)"
    assert FORMATS["tts"] == "[ID, ID, …] (Tabletop Simulator)"
    assert EXTENSIONS == {"text": ".txt", "ids": ".txt", "names": ".txt", "tts": ".txt", "csv": ".csv",
                          "json": ".json"}


def test_an_unknown_export_format_is_refused_by_name(db):
    with pytest.raises(ValueError, match="'xml'.*text, ids, names, tts, csv, json"):
        write_deck(Deck("X", ["CORE-002"]), db, "xml")


# -- round trips ----------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("fmt", list(FORMATS))
@pytest.mark.parametrize("path", SHIPPED_FILES, ids=[p.stem for p in SHIPPED_FILES])
def test_every_shipped_deck_exports_and_imports_unchanged(db, path, fmt):
    opened = read_deck(path.read_text(encoding="utf-8"), db, default_name=path.stem)
    same_deck(shipped_decks(db)[path.stem], opened.deck)  # the lenient reader reads what the game reads
    assert opened.kept == [] and opened.side == [] and opened.notes.startswith(opened.deck.name + ":")

    exported = write_deck(opened.deck, db, fmt, notes=opened.notes)
    # CSV has no room for a name: the deck builder names the file after the deck and passes its stem back
    again = read_deck(exported, db, default_name=opened.deck.name if fmt == "csv" else "Untitled deck")
    same_deck(opened.deck, again.deck)
    assert again.kept == [] and again.side == []
    assert again.notes == ("" if fmt == "csv" else opened.notes)
    assert again.format == fmt
    rewritten = write_deck(again.deck, db, fmt, notes=again.notes)
    assert without_time(rewritten) == without_time(exported)  # writing it again gives the same file


def without_time(exported: str) -> str:
    """The export without the JSON's time of export."""
    return re.sub(r'"exported_at": "[^"]*"', "", exported)


@pytest.mark.parametrize("fmt", list(FORMATS))
def test_side_deck_printings_notes_and_kept_lines_survive_every_format(wider_db, fmt):
    deck = Deck("Odds & Ends", ["ZZZ-001", "CORE-002", "ZZZ-001", "CORE-001A", "ZZZ-002"],
                printings={"ZZZ-001": "ZZZ-001_p1"})
    kept = [
        KeptLine(3, "4x BSS09-001: Some Card", "unknown card 'BSS09-001'", "line 3"),
        KeptLine(5, "[BSS09-002]", "unknown card 'BSS09-002'", "line 5"),
        KeptLine(6, "2 Ember Whelp", "card name 'Ember Whelp' matches several cards (CORE-001, CORE-001A); "
                                     "write the id instead", "line 6"),
        KeptLine(7, "Great against blue decks!", "x", "line 7"),
        KeptLine(None, '{"card_id": "BSS09-003", "count": 2}', "unknown card 'BSS09-003'", "cards[4]"),
        KeptLine(9, '4,BSS09-004,"Some ""Other"" Card",Spirit,Red,C,3,main', "unknown card 'BSS09-004'", "line 9"),
    ]
    notes = "Made up for a test.\n\nSecond paragraph: 'quotes', \"double\" # and // marks."
    exported = write_deck(deck, wider_db, fmt, kept=kept, side=["CORE-003", "ZZZ-002", "CORE-003"], notes=notes)
    again = read_deck(exported, wider_db, default_name="Odds & Ends")
    same_deck(deck, again.deck)
    assert list(Counter(again.side).items()) == [("CORE-003", 2), ("ZZZ-002", 1)]
    assert again.notes == ("" if fmt == "csv" else notes)
    # each kept line is checked again: the same text, the problem found now (the stray text's is the reader's own)
    assert [k.text for k in again.kept] == [k.text for k in kept]
    assert [k.problem for k in again.kept][:3] == [k.problem for k in kept][:3]
    assert again.kept[3].problem.startswith("can't read 'Great against blue decks!'")
    assert [k.problem for k in again.kept][4:] == [k.problem for k in kept][4:]
    assert all(k.where for k in again.kept)


@pytest.mark.parametrize("fmt", TEXT_FORMATS)
def test_a_saved_deck_with_kept_lines_and_a_side_deck_still_loads_in_the_game(db, fmt):
    deck = shipped_decks(db)["red-vanilla"]
    saved = write_deck(deck, db, fmt, kept=[KeptLine(2, "4x BSS09-001: Some Card", "unknown card 'BSS09-001'")],
                       side=["CORE-009"], notes="Red Blaze: notes.")
    assert parse_deck_list(saved, db).cards == deck.cards  # kept lines and the side deck are comments to the game


def test_a_deck_name_with_comment_marks_keeps_them(db):
    for name in ("Deck #2", "Red // Green", '"Quoted"'):
        for fmt in FORMATS:
            text = write_deck(Deck(name, ["CORE-002"]), db, fmt)
            assert read_deck(text, db, default_name=name).deck.name == name, (name, fmt)


def test_a_card_missing_from_the_card_db_is_written_and_comes_back_as_a_kept_line(db):
    deck = Deck("Old deck", ["CORE-002", "GONE-001", "GONE-001"])
    for fmt in FORMATS:
        again = read_deck(write_deck(deck, db, fmt), db, default_name="Old deck")
        assert again.deck.cards == ["CORE-002"], fmt
        assert again.kept and {k.problem for k in again.kept} == {"unknown card 'GONE-001'"}, fmt


def test_names_export_writes_the_id_for_a_name_two_cards_share(db):
    deck = Deck("Whelps", ["CORE-001", "CORE-001A", "CORE-002"])
    assert write_deck(deck, db, "names").splitlines() == [
        "Deck: Whelps", "1x CORE-001: Ember Whelp", "1x CORE-001A: Ember Whelp", "1 Cinderclaw Drake"]


def test_tts_export_is_one_entry_per_copy_in_deck_order(db):
    deck = Deck("Table", ["CORE-002", "CORE-003", "CORE-002"])
    assert write_deck(deck, db, "tts") == "Deck: Table\n[CORE-002, CORE-003, CORE-002]\n"


def test_text_export_shape(wider_db):
    deck = Deck("Shape", ["CORE-002", "ZZZ-001", "CORE-002"], printings={"ZZZ-001": "ZZZ-001_p1"})
    kept = [KeptLine(7, "4x BSS09-001: Some Card", "unknown card 'BSS09-001'", "line 7")]
    assert write_deck(deck, wider_db, "text", kept=kept, side=["CORE-003"], notes="Two lines\nof notes") == (
        "# Two lines\n"
        "# of notes\n"
        "Deck: Shape\n"
        "2x CORE-002: Cinderclaw Drake\n"
        "1x ZZZ-001_p1: Invented Wyvern\n"
        "\n"
        "# kept (line 7: unknown card 'BSS09-001'): 4x BSS09-001: Some Card\n"
        "\n"
        "# Side deck\n"
        "# 1x CORE-003: Scorchwing Raptor\n"
    )


# -- the community app's exports ------------------------------------------------------------------------------------

def test_community_txt_with_a_sideboard(db):
    text = ("=== Sunforge Test ===\n"
            "=== Main ===\n"
            "4x SG1-001: Emberling Hatchling\n"
            "3x SG1-002: Cinder Squire\n"
            "\n"
            "=== Sideboard ===\n"
            "2x SG1-134: Kindled Watchfire\n")
    opened = read_deck(text, db)
    assert opened.deck.name == "Sunforge Test" and opened.format == "text"
    assert opened.deck.cards == ["SG1-001"] * 4 + ["SG1-002"] * 3
    assert opened.side == ["SG1-134"] * 2 and opened.kept == []


def test_community_csv_with_quoted_names_and_a_sideboard(wider_db):
    text = ('Count,CardID,Name,Type,Color,Rarity,Cost,Section\r\n'
            '4,CORE-002,"Cinderclaw Drake",Spirit,Red,C,2,main\r\n'
            '2,ZZZ-002,"The ""Quoted"" Golem",Spirit,Red,C,3,main\r\n'
            '1,CORE-005,"Emberhorn Stag",Spirit,Red/Green,U,3,sideboard\r\n')
    opened = read_deck(text, wider_db, default_name="my-export")
    assert opened.deck.name == "my-export" and opened.format == "csv"
    assert opened.deck.cards == ["CORE-002"] * 4 + ["ZZZ-002"] * 2
    assert opened.side == ["CORE-005"] and opened.kept == []


def test_community_csv_without_a_section_column(db):
    text = "Count,CardID,Name,Type,Color,Rarity,Cost\n3,CORE-003,Scorchwing Raptor,Spirit,Red,U,3\n"
    assert read_deck(text, db).deck.cards == ["CORE-003"] * 3


def test_csv_export_is_the_community_shape(wider_db):
    deck = Deck("x", ["ZZZ-002", "CORE-005", "ZZZ-002"])
    rows = list(csv.reader(io.StringIO(write_deck(deck, wider_db, "csv", side=["CORE-002"]))))
    assert rows == [
        list(CSV_HEADER),
        ["2", "ZZZ-002", 'The "Quoted" Golem', "Spirit", "Red", "C", "3", "main"],
        ["1", "CORE-005", "Emberhorn Stag", "Spirit", "Red/Green", "U", "3", "main"],
        ["1", "CORE-002", "Cinderclaw Drake", "Spirit", "Red", "C", "2", "sideboard"],
    ]
    assert '"The ""Quoted"" Golem"' in write_deck(deck, wider_db, "csv")  # RFC 4180 quoting


@pytest.mark.parametrize("version", [1, 2])
def test_community_json_v1_and_v2(db, version):
    data = {"version": version, "name": "Frozen Test", "exported_at": "2025-03-01T10:00:00Z",
            "cards": [{"card_id": "SG1-043", "count": 4}, {"card_id": "SG1-045", "count": 2}]}
    if version == 2:
        data["sideboard"] = [{"card_id": "SG1-142", "count": 1}]
    opened = read_deck(json.dumps(data), db)
    assert opened.deck.name == "Frozen Test" and opened.format == "json"
    assert opened.deck.cards == ["SG1-043"] * 4 + ["SG1-045"] * 2
    assert opened.side == (["SG1-142"] if version == 2 else []) and opened.kept == []


def test_json_export_is_the_community_v2_shape(db):
    deck = Deck("Frozen Test", ["SG1-043", "SG1-043", "SG1-045"])
    data = json.loads(write_deck(deck, db, "json", side=["SG1-142"], notes="Walls."))
    assert data["format"] == "bss-deck" and data["version"] == 2 and data["name"] == "Frozen Test"
    assert data["exported_at"].endswith("+00:00") and data["notes"] == "Walls." and data["kept"] == []
    assert data["cards"] == [{"card_id": "SG1-043", "count": 2}, {"card_id": "SG1-045", "count": 1}]
    assert data["sideboard"] == [{"card_id": "SG1-142", "count": 1}]


# -- one bad line among good ones ------------------------------------------------------------------------------------

BAD_TEXT_LINES = {
    "unknown id": ("4x BSS09-001: Cinderclaw Drake", "unknown card 'BSS09-001'"),
    "unknown name": ("4 Cinderclaw Drak", "unknown card 'Cinderclaw Drak'"),
    "ambiguous name": ("2 Ember Whelp", "card name 'Ember Whelp' matches several cards (CORE-001, CORE-001A)"),
    "id with a wrong name": ("4x CORE-004: Cinderclaw Drake", "CORE-004 is 'Kilnback Tortoise', not 'Cinderclaw Drake'"),
    "zero count": ("0x CORE-004: Kilnback Tortoise", "bad count 0"),
    "fractional count": ("4.5 CORE-004", "bad count '4.5'"),
    "stray text": ("Great against blue decks!", "can't read 'Great against blue decks!'"),
    "name line not first": ("Deck: Another Name", "the deck name must be the first line"),
}


@pytest.mark.parametrize("case", list(BAD_TEXT_LINES))
def test_a_pasted_list_with_one_bad_line_keeps_it_with_its_line_number(db, case):
    bad, problem = BAD_TEXT_LINES[case]
    text = f"Deck: Typo\n4x CORE-002: Cinderclaw Drake\n\n{bad}\n3 CORE-003\n1 Emberhorn Stag\n"
    opened = read_deck(text, db)
    assert opened.deck.name == "Typo"
    assert opened.deck.cards == ["CORE-002"] * 4 + ["CORE-003"] * 3 + ["CORE-005"]
    [kept] = opened.kept
    assert (kept.line, kept.where, kept.text) == (4, "line 4", bad)
    assert problem in kept.problem


def test_community_txt_with_a_typo_in_the_sideboard(db):
    text = ("=== Sunforge Test ===\n=== Main ===\n4x SG1-001: Emberling Hatchling\n"
            "=== Sideboard ===\n2x SG1-134: Kindled Watchfire\n1x SG1-999: Kindled Watchfir\n")
    opened = read_deck(text, db)
    assert opened.deck.cards == ["SG1-001"] * 4 and opened.side == ["SG1-134"] * 2
    assert problems(opened.kept) == [("1x SG1-999: Kindled Watchfir", "unknown card 'SG1-999'")]
    assert opened.kept[0].line == 6


def test_a_tts_list_over_several_lines_keeps_its_unknown_entry(db):
    text = "Deck: Table\n[CORE-002, CORE-002,\n 'BSS09-001', CORE-003]  // from the table\n"
    opened = read_deck(text, db)
    assert opened.deck.cards == ["CORE-002", "CORE-002", "CORE-003"] and opened.format == "tts"
    assert [(k.line, k.text, k.problem) for k in opened.kept] == [(3, "['BSS09-001']", "unknown card 'BSS09-001'")]


def test_a_tts_list_never_closed_keeps_its_cards_and_says_so(db):
    opened = read_deck("[CORE-002, CORE-003\n", db)
    assert opened.deck.cards == ["CORE-002", "CORE-003"]
    assert [(k.line, k.problem) for k in opened.kept] == [(1, "'[' is never closed with ']'")]
    again = read_deck(write_deck(opened.deck, db, "tts", kept=opened.kept), db)
    assert again.deck.cards == opened.deck.cards and problems(again.kept) == problems(opened.kept)


BAD_CSV_ROWS = {
    "unknown id": (["4", "BSS09-001", "Cinderclaw Drake"], "unknown card 'BSS09-001'"),
    "unknown name": (["4", "", "Cinderclaw Drak"], "unknown card 'Cinderclaw Drak'"),
    "ambiguous name": (["2", "", "Ember Whelp"], "card name 'Ember Whelp' matches several cards"),
    "id with a wrong name": (["4", "CORE-004", "Cinderclaw Drake"], "CORE-004 is 'Kilnback Tortoise'"),
    "bad count": (["four", "CORE-004", "Kilnback Tortoise"], "bad count 'four'"),
    "stray text": (["Total: 8 cards"], "bad count 'Total: 8 cards'"),
    "unknown section": (["1", "CORE-004", "Kilnback Tortoise", "", "", "", "", "maybe"], "unknown section 'maybe'"),
}


@pytest.mark.parametrize("case", list(BAD_CSV_ROWS))
def test_a_community_csv_with_one_bad_row_keeps_it_with_its_line(db, case):
    bad, problem = BAD_CSV_ROWS[case]
    text = csv_rows(list(CSV_HEADER),
                    ["4", "CORE-002", "Cinderclaw Drake", "Spirit", "Red", "C", "2", "main"],
                    bad,
                    ["3", "CORE-003", "Scorchwing Raptor", "Spirit", "Red", "U", "3", "main"],
                    ["1", "CORE-005", "Emberhorn Stag", "Spirit", "Red/Green", "U", "3", "sideboard"])
    opened = read_deck(text, db, default_name="typo")
    assert opened.deck.cards == ["CORE-002"] * 4 + ["CORE-003"] * 3 and opened.side == ["CORE-005"]
    [kept] = opened.kept
    assert (kept.line, kept.where) == (3, "line 3")
    assert kept.text == text.splitlines()[2] and problem in kept.problem


BAD_JSON_ENTRIES = {
    "unknown id": ({"card_id": "BSS09-001", "count": 4}, "unknown card 'BSS09-001'"),
    "bad count": ({"card_id": "CORE-004", "count": "four"}, "bad count 'four'"),
    "no count": ({"card_id": "CORE-004"}, "no count"),
    "no id": ({"count": 2}, "no card id or name"),
    "not an object": ("CORE-004", "expected an object"),
}


@pytest.mark.parametrize("case", list(BAD_JSON_ENTRIES))
def test_a_community_json_with_one_bad_entry_keeps_it_with_where_it_was(db, case):
    bad, problem = BAD_JSON_ENTRIES[case]
    data = {"version": 2, "name": "Typo", "exported_at": "2025-03-01T10:00:00Z",
            "cards": [{"card_id": "CORE-002", "count": 4}, bad, {"card_id": "CORE-003", "count": 3}],
            "sideboard": [{"card_id": "CORE-005", "count": 1}]}
    opened = read_deck(json.dumps(data, indent=2), db)
    assert opened.deck.cards == ["CORE-002"] * 4 + ["CORE-003"] * 3 and opened.side == ["CORE-005"]
    [kept] = opened.kept
    assert (kept.line, kept.where, kept.text) == (None, "cards[1]", json.dumps(bad))
    assert problem in kept.problem


@pytest.mark.parametrize("text, field", [
    ('{"version": 2, "name": "No cards"}', "'cards' is missing"),
    ('{"cards": {"CORE-002": 4}}', "'cards' must be a list, not an object"),
    ('{"cards": [], "sideboard": "CORE-002"}', "'sideboard' must be a list, not text"),
    ('{"cards": [], "name": 7}', "'name' must be text, not a number"),
    ('{"cards": [\n{"card_id": "CORE-002" "count": 4}]}', "line 2: not valid JSON"),
])
def test_json_that_is_not_a_deck_is_refused_naming_the_field(db, text, field):
    with pytest.raises(DeckListError) as info:
        read_deck(text, db, source="broken.json")
    assert field in str(info.value) and "broken.json" in str(info.value)


# -- kept lines come back, and resolve once the card exists ---------------------------------------------------------

@pytest.mark.parametrize("fmt", list(FORMATS))
def test_kept_lines_survive_a_save_and_resolve_once_the_card_is_imported(db, fmt):
    pasted = "=== Wyvern Test ===\n=== Main ===\n4x CORE-002: Cinderclaw Drake\n2x ZZZ-003: Invented Drake\n"
    opened = read_deck(pasted, db)
    assert problems(opened.kept) == [("2x ZZZ-003: Invented Drake", "unknown card 'ZZZ-003'")]

    saved = write_deck(opened.deck, db, fmt, kept=opened.kept)
    reopened = read_deck(saved, db, default_name="Wyvern Test")
    assert reopened.deck.cards == ["CORE-002"] * 4 and problems(reopened.kept) == problems(opened.kept)
    assert problems(read_deck(write_deck(reopened.deck, db, fmt, kept=reopened.kept), db).kept) == problems(
        opened.kept)  # and again: saving twice changes nothing

    later = db.copy()
    later.add(invented("ZZZ-003", "Invented Drake"))  # the player imported the card meanwhile
    resolved = read_deck(saved, later, default_name="Wyvern Test")
    assert resolved.deck.cards == ["CORE-002"] * 4 + ["ZZZ-003"] * 2 and resolved.kept == []


# -- what files from other places look like ---------------------------------------------------------------------------

def test_windows_file_with_bom_crlf_blank_lines_and_both_comment_styles(db):
    text = ("\ufeff# Fire and leaves.\r\n"
            "// Second line of notes.\r\n"
            "\r\n"
            "Deck: Windows Deck   # named here\r\n"
            "\r\n"
            "// Spirits\r\n"
            "4x CORE-002: Cinderclaw Drake   // the drake\r\n"
            "   \r\n"
            "# more\r\n"
            "[CORE-003,\r\n"
            "  CORE-003]\r\n"
            "2 Mossback Pup\r\n"
            "9x CORE-999\r\n")
    opened = read_deck(text, db)
    assert opened.deck.name == "Windows Deck"
    assert opened.notes == "Fire and leaves.\nSecond line of notes."
    assert opened.deck.cards == ["CORE-002"] * 4 + ["CORE-003"] * 2 + ["CORE-030"] * 2
    assert [(k.line, k.text) for k in opened.kept] == [(13, "9x CORE-999")]


def test_csv_from_a_spreadsheet_with_bom_semicolons_and_other_column_names(db):
    text = "\ufeffCard Name;Qty;Card ID\r\n\r\nCinderclaw Drake;4;CORE-002\r\n;2;CORE-003\r\n"
    opened = read_deck(text, db)
    assert opened.format == "csv" and opened.deck.cards == ["CORE-002"] * 4 + ["CORE-003"] * 2


def test_json_with_a_bom(db):
    assert read_deck('\ufeff{"cards": [{"card_id": "CORE-002", "count": 1}]}', db).deck.cards == ["CORE-002"]


def test_a_json_array_of_ids_is_read_as_a_tts_list(db):
    opened = read_deck('["CORE-002", "CORE-003"]', db)
    assert opened.format == "tts" and opened.deck.cards == ["CORE-002", "CORE-003"]


def test_the_recognised_format_of_a_pasted_list(db):
    assert read_deck("4 CORE-002\n1 CORE-003", db).format == "ids"
    assert read_deck("4 Cinderclaw Drake\n1x CORE-001: Ember Whelp", db).format == "names"
    assert read_deck("4x CORE-002\n1 Cinderclaw Drake", db).format == "names"
    assert read_deck("4x CORE-002: Cinderclaw Drake", db).format == "text"
    assert read_deck("", db).format == "text"
