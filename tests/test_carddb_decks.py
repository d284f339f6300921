"""Deck list parsing, writing and deck legality (CR 5-1)."""
from __future__ import annotations

import pickle

import pytest

from bss_desktop.carddb import (
    CardDB,
    Deck,
    DeckListError,
    DeckProblem,
    card_from_dict,
    check_deck,
    deck_to_text,
    load_deck_file,
    parse_deck_list,
    validate_deck,
)


def _spirit(card_id: str, name: str, **extra) -> dict:
    d = {"id": card_id, "name": name, "type": "spirit", "colors": ["red"], "cost": 1,
         "symbols": ["red"], "levels": [{"level": 1, "cores": 1, "bp": 1000}]}
    d.update(extra)
    return d


@pytest.fixture
def db() -> CardDB:
    cards = [
        _spirit("CORE-001", "Ember Whelp"),
        _spirit("CORE-001A", "Ember Whelp", additional_name="Hearthguard Crest"),
        _spirit("CORE-002", "Cinderclaw Drake"),
        _spirit("CORE-003", "Dragon: Reborn"),  # a card name containing a colon
        _spirit("TOK-001", "Antling Token", token=True),
    ]
    # plenty of distinct filler cards for legal 50-card decks
    cards += [_spirit(f"FILL-{n:03}", f"Filler {n}") for n in range(1, 17)]
    return CardDB(card_from_dict(c) for c in cards)


def filler(n: int) -> list[str]:
    """`n` legal filler copies (4 per name)."""
    return [f"FILL-{i // 4 + 1:03}" for i in range(n)]


# -- formats -------------------------------------------------------------------

def test_count_and_id(db):
    assert parse_deck_list("4 CORE-001\n2 CORE-002", db).cards == ["CORE-001"] * 4 + ["CORE-002"] * 2


@pytest.mark.parametrize("line", ["3x CORE-002", "3X CORE-002", "3 x CORE-002", "3× CORE-002", "3x   CORE-002  "])
def test_count_with_x(db, line):
    assert parse_deck_list(line, db).cards == ["CORE-002"] * 3


def test_community_export_format(db):
    deck = parse_deck_list("4x CORE-001: Ember Whelp\n1x CORE-001A: Ember Whelp\n2x CORE-002: cinderclaw drake", db)
    assert deck.cards == ["CORE-001"] * 4 + ["CORE-001A"] + ["CORE-002"] * 2


def test_export_name_may_include_the_additional_name(db):
    assert parse_deck_list("1x CORE-001A: Ember Whelp (Hearthguard Crest)", db).cards == ["CORE-001A"]


def test_by_card_name(db):
    assert parse_deck_list("2 Cinderclaw Drake\n1x cinderclaw DRAKE", db).cards == ["CORE-002"] * 3


def test_card_name_with_a_colon(db):
    assert parse_deck_list("2 Dragon: Reborn", db).cards == ["CORE-003"] * 2


def test_bracketed_list_one_line(db):
    assert parse_deck_list("[CORE-001, CORE-001, CORE-002]", db).cards == ["CORE-001", "CORE-001", "CORE-002"]


def test_bracketed_list_over_several_lines_with_quotes_and_comments(db):
    text = '[\n  "CORE-001", CORE-002,  # first two\n  \'CORE-002\',\n  CORE-001A\n]\n1 CORE-003'
    assert parse_deck_list(text, db).cards == ["CORE-001", "CORE-002", "CORE-002", "CORE-001A", "CORE-003"]


def test_comments_blank_lines_and_deck_name(db):
    text = """
    # My deck
    // exported from somewhere
    Deck: Red Blaze

    4x CORE-001: Ember Whelp   # the best one
    2 CORE-002 // two of these
    """
    deck = parse_deck_list(text, db, source="mine.txt")
    assert deck.name == "Red Blaze"
    assert deck.source == "mine.txt"
    assert deck.cards == ["CORE-001"] * 4 + ["CORE-002"] * 2


@pytest.mark.parametrize("line", ["name: Quick Deck", "Deck name: Quick Deck", "DECK:Quick Deck"])
def test_deck_name_spellings(db, line):
    assert parse_deck_list(f"{line}\n1 CORE-001", db).name == "Quick Deck"


def test_default_name(db):
    assert parse_deck_list("1 CORE-001", db).name == "Untitled deck"
    assert parse_deck_list("1 CORE-001", db, default_name="x").name == "x"


def test_cards_keep_file_order(db):
    assert parse_deck_list("1 CORE-002\n[CORE-001]\n1 CORE-002", db).cards == ["CORE-002", "CORE-001", "CORE-002"]


def test_empty_list_parses_to_an_empty_deck(db):
    assert parse_deck_list("# nothing yet\n", db).cards == []


# -- problems: all of them, with line numbers -------------------------------------

def test_every_problem_is_reported_at_once_with_its_line(db):
    text = "\n".join([
        "Deck: Broken",                     # 1
        "4x CORE-001: Ember Whelp",         # 2  fine
        "4x XYZ-001",                       # 3  unknown id
        "0 CORE-002",                       # 4  bad count
        "four CORE-002",                    # 5  bad syntax
        "4x CORE-002: Ember Whelp",         # 6  name mismatch
        "2 Ember Whelp",                    # 7  ambiguous name
        "4.5 CORE-002",                     # 8  bad count
        "[CORE-002, NOPE-9,",               # 9  unknown inside a bracket list
        " CORE-002]",                       # 10 fine
        "Deck: Again",                      # 11 name not first
        "3",                                # 12 count without a card
    ])
    with pytest.raises(DeckListError) as info:
        parse_deck_list(text, db, source="broken.txt")
    problems = info.value.problems
    assert [p.line for p in problems] == [3, 4, 5, 6, 7, 8, 9, 11, 12]
    messages = {p.line: p.message for p in problems}
    assert messages[3] == "unknown card 'XYZ-001'"
    assert "bad count" in messages[4] and "bad count" in messages[8]
    assert "can't read" in messages[5]
    assert "'Cinderclaw Drake', not 'Ember Whelp'" in messages[6]
    assert "CORE-001, CORE-001A" in messages[7]
    assert "NOPE-9" in messages[9]
    assert "first line" in messages[11]
    text_lines = str(info.value).splitlines()
    assert text_lines[0] == "broken.txt: 9 problems:"
    assert "line 3: unknown card 'XYZ-001'" in text_lines


def test_unknown_id_suggests_the_right_case(db):
    with pytest.raises(DeckListError, match="did you mean 'CORE-002'"):
        parse_deck_list("1 core-002", db)


@pytest.mark.parametrize(
    "text, line, words",
    [
        ("1 CORE-001\n[CORE-001, CORE-002", 2, "never closed"),
        ("[CORE-001,, CORE-002]", 1, "empty entry"),
        ("[CORE-001] 2 CORE-002", 1, "after ']'"),
        ("61 CORE-001", 1, "expected 1 to 60"),
        ("-1 CORE-001", 1, "bad count"),
        ("4xCORE-001", 1, "can't read"),
        ("Deck:\n1 CORE-001", 1, "empty"),
        ("4 CORE-001:", 1, "not ''"),
    ],
)
def test_bad_lines(db, text, line, words):
    with pytest.raises(DeckListError) as info:
        parse_deck_list(text, db)
    (problem,) = info.value.problems
    assert problem.line == line
    assert words in problem.message


def test_deck_list_error_str_and_pickle():
    err = DeckListError([DeckProblem(12, "unknown card 'XYZ-001'"), (None, "CR 5-1-1-1: the deck has 48 cards; it needs 50 to 60")])
    assert str(err) == "line 12: unknown card 'XYZ-001'\nCR 5-1-1-1: the deck has 48 cards; it needs 50 to 60"
    again = pickle.loads(pickle.dumps(err))
    assert again.problems == err.problems and str(again) == str(err)


# -- legality (CR 5-1-1-1) ----------------------------------------------------------

def test_legal_deck_has_no_problems(db):
    assert validate_deck(filler(50), db) == []
    assert validate_deck(filler(60), db) == []
    check_deck(filler(55), db)


@pytest.mark.parametrize("size", [0, 49, 61])
def test_cr_5_1_1_1_deck_size(db, size):
    problems = validate_deck(filler(size), db)
    assert problems == [f"CR 5-1-1-1: the deck has {size} cards; it needs 50 to 60"]


def test_cr_5_1_1_1_at_most_four_copies(db):
    ids = filler(46) + ["CORE-002"] * 5
    assert validate_deck(ids, db) == ["CR 5-1-1-1: 5 cards named 'Cinderclaw Drake' (CORE-002 x5); at most 4"]
    assert validate_deck(filler(46) + ["CORE-002"] * 4, db) == []


def test_cr_5_1_1_1_1_additional_names_share_the_copy_limit(db):
    # CORE-001 and CORE-001A have the same card name; the additional name doesn't
    # make a different card (CR 2-1-2), so together they may number at most four.
    assert validate_deck(filler(46) + ["CORE-001"] * 2 + ["CORE-001A"] * 2, db) == []
    ids = filler(44) + ["CORE-001"] * 4 + ["CORE-001A"] * 2
    assert validate_deck(ids, db) == [
        "CR 5-1-1-1: 6 cards named 'Ember Whelp' (CORE-001 x4, CORE-001A x2); at most 4"
    ]


def test_tokens_cant_be_in_a_deck(db):
    problems = validate_deck(filler(49) + ["TOK-001"], db)
    assert len(problems) == 1 and "TOK-001" in problems[0] and "token" in problems[0]


def test_all_legality_problems_together(db):
    ids = ["CORE-002"] * 5 + ["XYZ-1"] + ["TOK-001"]
    problems = validate_deck(ids, db)
    assert problems == [
        "unknown card 'XYZ-1'",
        "CR 5-1-1-1: TOK-001 'Antling Token' is a token; tokens can't be in a deck",
        "CR 5-1-1-1: the deck has 7 cards; it needs 50 to 60",
        "CR 5-1-1-1: 5 cards named 'Cinderclaw Drake' (CORE-002 x5); at most 4",
    ]


def test_check_deck_raises_every_problem_without_lines(db):
    deck = Deck(name="Small", cards=["CORE-002"] * 5, source="small.txt")
    with pytest.raises(DeckListError) as info:
        check_deck(deck, db)
    assert [p.line for p in info.value.problems] == [None, None]
    assert str(info.value).splitlines()[0] == "small.txt: 2 problems:"


# -- writing and files -----------------------------------------------------------------

def test_deck_to_text_round_trip(db):
    deck = Deck(name="Round Trip", cards=["CORE-002", "CORE-002", "CORE-001A"] + filler(8))
    text = deck_to_text(deck, db)
    assert text.splitlines()[:3] == ["Deck: Round Trip", "2x CORE-002: Cinderclaw Drake", "1x CORE-001A: Ember Whelp"]
    again = parse_deck_list(text, db)
    assert again.name == deck.name and again.cards == deck.cards


def test_load_deck_file_names_the_deck_after_the_file(db, tmp_path):
    path = tmp_path / "my-deck.txt"
    path.write_text("1 CORE-001\n", encoding="utf-8")
    deck = load_deck_file(path, db)
    assert deck.name == "my-deck" and deck.cards == ["CORE-001"] and deck.source == str(path)
    path.write_bytes("\ufeffDeck: Windows\r\n1 CORE-001\r\n".encode("utf-8"))  # BOM and CRLF
    assert load_deck_file(path, db).name == "Windows"
    path.write_text("1 CORE-001\n2 BAD-1\n", encoding="utf-8")
    with pytest.raises(DeckListError) as info:
        load_deck_file(path, db)
    assert info.value.source == str(path) and info.value.problems[0].line == 2
