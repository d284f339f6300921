"""The shipped card set and decks: they load, round-trip, and the decks are legal."""
from __future__ import annotations

import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from bss_desktop.carddb import (
    card_from_dict,
    card_to_dict,
    check_deck,
    deck_to_text,
    load_default_db,
    parse_deck_list,
    shipped_decks,
    validate_deck,
)
from bss_desktop.carddb.cards import COLORS
from bss_desktop.resources import cards_dir

ROOT = Path(__file__).resolve().parent.parent
EXPECTED_DECKS = {"red-vanilla", "blue-vanilla", "green-vanilla", "white-vanilla",
                  "red-saga", "purple-saga", "white-saga", "yellow-saga", "green-saga", "blue-saga"}


@pytest.fixture(scope="module")
def db():
    return load_default_db()


def test_default_db_loads(db):
    assert len(db) >= 40
    assert any(card.set == "CORE" for card in db.values())
    # every card names its set, and its id starts with the set's id (tokens: their maker's id)
    assert all(card.id.startswith(card.set + "-") for card in db.values() if not card.token)
    assert all(card.token for card in db.values() if not card.set)
    assert db.source_of("CORE-001") == "cards/sets/core.yaml"


@pytest.mark.parametrize("card_id", sorted(load_default_db()))
def test_every_shipped_card_round_trips(db, card_id):
    card = db[card_id]
    assert card_from_dict(card_to_dict(card)) == card


def test_every_colour_has_spirits_a_nexus_and_a_magic(db):
    for color in COLORS:
        types = Counter(c.type for c in db.values() if color in c.colors)
        assert types["spirit"] >= 5, color
        assert types["nexus"] >= 1 and types["magic"] >= 1, color


def test_shipped_cards_are_sane_and_the_core_set_is_vanilla(db):
    for card in db.values():
        if card.set == "CORE":
            assert card.effects == () and card.text == "" and not card.token
        if card.token:
            continue
        assert not any(e.manual for e in card.effects), f"{card.id}: shipped cards are fully automated"
        assert 0 <= card.cost <= 8
        assert len(card.reduction) <= max(card.cost, 0)
        if card.type == "spirit":
            assert card.symbols and all(lv.bp for lv in card.levels)
        if card.type == "nexus":
            assert card.levels[0].cores == 0 and len(card.symbols) == 1
            assert all(lv.bp is None for lv in card.levels)
        if card.type == "magic":
            assert card.levels == () and card.magic_timing


def test_shipped_set_shows_off_the_format(db):
    cards = list(db.values())
    assert sum(1 for c in cards if any(len(s) == 2 for s in c.symbols)) >= 3  # double colour symbols
    assert any(c.symbol_count == 2 for c in cards)
    assert sum(1 for c in cards if c.type == "magic" and c.burst) >= 2
    timings = {c.magic_timing for c in cards if c.type == "magic"}
    assert {frozenset({"main"}), frozenset({"flash"}), frozenset({"main", "flash"})} <= timings
    shared = [c for c in cards if c.additional_name]
    assert shared and all(len(db.by_name(c.name)) >= 2 for c in shared)


def test_content_hash_is_the_same_in_a_fresh_process(db):
    code = "from bss_desktop.carddb import load_default_db; print(load_default_db().content_hash())"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == db.content_hash()


def test_shipped_decks_exist(db):
    assert set(shipped_decks(db)) == EXPECTED_DECKS


@pytest.mark.parametrize("stem", sorted(EXPECTED_DECKS))
def test_every_shipped_deck_is_legal(db, stem):
    deck = shipped_decks(db)[stem]
    assert validate_deck(deck.cards, db) == []
    check_deck(deck, db)
    assert len(deck.cards) == 50
    assert deck.name and deck.name != stem  # each file has a Deck: line
    types = Counter(db[i].type for i in deck.cards)
    assert 2 <= types["nexus"] <= 4 and types["magic"] >= 1 and types["spirit"] > 25
    main_color = stem.split("-")[0]
    assert sum(1 for i in deck.cards if main_color in db[i].colors) > len(deck.cards) / 2


@pytest.mark.parametrize("stem", sorted(EXPECTED_DECKS))
def test_shipped_decks_are_in_the_export_format(db, stem):
    path = cards_dir() / "decks" / f"{stem}.txt"
    text = path.read_text(encoding="utf-8")
    lines = [line for line in text.splitlines() if line.strip()]
    assert lines[0].startswith("# ")
    deck = shipped_decks(db)[stem]
    assert parse_deck_list(deck_to_text(deck, db), db).cards == deck.cards


def test_carddb_never_imports_qt():
    code = (
        "import sys\n"
        "import bss_desktop.carddb, bss_desktop.carddb.schema, bss_desktop.carddb.database, bss_desktop.carddb.decks\n"
        "bss_desktop.carddb.load_default_db()\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('PySide6', 'shiboken6', 'qasync'))\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
