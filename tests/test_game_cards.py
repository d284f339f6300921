"""Cards and decks of every game: each game's set is checked against its profile's card types and fields, and its
decks against its profile's deck rules (Standard STD 6-1-1, Eternal ETR §Deck, Battle of Souls BOS §Getting
Started). The records here are written for these tests."""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from bss_desktop.carddb.database import game_db, load_set_file
from bss_desktop.carddb.deck_formats import read_deck
from bss_desktop.carddb.deck_rules import DECK_RULES, deck_issues
from bss_desktop.carddb.errors import CardDataError
from bss_desktop.resources import cards_dir
from bss_desktop.table import get_profile

GAMES = ("standard", "eternal", "bos")


@pytest.mark.parametrize("game", GAMES)
def test_each_game_ships_a_set_of_40_or_more_and_legal_decks(game):
    profile = get_profile(game)
    db = game_db(profile)
    assert len([c for c in db.values() if not c.token]) >= 40
    assert {c.type for c in db.values()} == set(profile.cards.types)  # the set uses every type of its game
    decks = sorted((cards_dir() / profile.cards.decks).glob("*.txt"))
    assert len(decks) == {"standard": 4, "bos": 4}.get(game, 2)  # Standard: two more decks for the second wave
    # (issue 27); Battle of Souls: Brine Corsairs and Thornwood Wardens with the automated set (issue 30)
    for path in decks:
        imported = read_deck(path.read_text(), db)
        assert imported.kept == [], path
        assert deck_issues(imported.deck.cards, db, DECK_RULES[game], imported.side) == [], path


def test_bos_cards_carry_class_atk_rst_and_sub_types():
    db = game_db(get_profile("bos"))
    fighters = [c for c in db.values() if c.type == "fighter"]
    assert all({"class", "atk", "rst"} <= set(c.extra) for c in fighters)
    assert {c.extra["class"] for c in fighters} == {"Warrior", "Elite Warrior", "Warlord", "Legendary Warrior"}
    assert {c.extra["subtype"] for c in db.values() if c.type == "equipment"} == {"One-Turn", "Continuous", "Attached"}
    assert any(c.token for c in fighters)  # fighter tokens (BOS §Fighter tokens)


def test_eternal_cards_use_its_types_and_two_sides():
    db = game_db(get_profile("eternal"))
    ultimates = [c for c in db.values() if c.type == "ultimate"]
    assert ultimates and all(c.levels[0].number == 3 for c in ultimates)  # ETR §Ultimate: LV3 and up
    backs = [c for c in db.values() if "back" in c.extra]
    assert len(backs) >= 2 and all(c.extra["back"].name != c.name for c in backs)
    assert {c.extra.get("nexus_kind") for c in db.values() if c.type == "nexus"} >= {"grandwalker", "grandstone"}


def _set(tmp_path, game: str, card: str) -> Path:
    f = tmp_path / "mine.yaml"
    f.write_text(f"set: {{id: MINE, name: Mine}}\ngame: {game}\ncards:\n{card}")
    return f


@pytest.mark.parametrize("card, field, words", [
    ("  - {id: M-1, name: Ox, type: fighter, class: Warrior, atk: 1250, rst: 800}\n", "atk", "multiple of 100"),
    ("  - {id: M-1, name: Ox, type: fighter, class: Warlord, atk: 1200}\n", "rst", "missing"),
    ("  - {id: M-1, name: Ox, type: fighter, class: Knight, atk: 1200, rst: 800}\n", "class", "Warrior"),
    ("  - {id: M-1, name: Ox, type: spirit}\n", "type", "fighter, equipment"),
    ("  - {id: M-1, name: Ox, type: tactic, subtype: Continuous, colors: [red]}\n", "colors", "unknown field"),
])
def test_a_bos_card_error_names_file_line_card_and_field(tmp_path, card, field, words):
    f = _set(tmp_path, "bos", card)
    with pytest.raises(CardDataError) as e:
        load_set_file(f, get_profile("bos"))
    assert e.value.field == field and words in e.value.message and "mine.yaml" in str(e.value)
    assert e.value.line == 4


def test_an_eternal_side_b_error_names_its_field(tmp_path):
    f = _set(tmp_path, "eternal", """  - id: M-1
    name: Ash Knight
    type: spirit
    colors: [red]
    cost: 3
    levels: [{level: 1, cores: 1, bp: 3000}]
    back: {name: Ash Lord, type: spirit, levels: [{level: 1, cores: 1}]}
""")
    with pytest.raises(CardDataError) as e:
        load_set_file(f, get_profile("eternal"))
    assert e.value.field == "back.levels[0].bp"


def test_a_set_of_another_game_is_refused_by_name(tmp_path):
    f = _set(tmp_path, "bos", "  - {id: M-1, name: Ox, type: battlefield}\n")
    with pytest.raises(CardDataError, match="for the game 'bos', not 'bss'"):
        load_set_file(f)
    assert load_set_file(f, get_profile("bos"))[0].type == "battlefield"


def _ids(db, name: str, name_id=None) -> list[str]:
    return [c.id for c in db.values() if c.name == name and c.extra.get("name_id") == name_id]


def test_standard_counts_same_name_ids_as_different_names():
    """STD 2-1-4, 6-1-1-2-1: a same-name card with a different (or no) id number is a different name."""
    db = game_db(get_profile("standard"))
    rules = DECK_RULES["standard"]
    pairs = Counter((c.name) for c in db.values() if not c.token)
    name = next(n for n, k in pairs.items() if k >= 2)
    plain = _ids(db, name)[0]
    numbered = next(c.id for c in db.values() if c.name == name and c.extra.get("name_id"))
    filler = [c.id for c in db.values() if not c.token and c.name != name]
    base = [i for i in filler for _ in range(3)][:34]
    assert deck_issues(base + [plain] * 3 + [numbered] * 3, db, rules) == []
    issues = deck_issues(base + [plain] * 4 + [numbered] * 2, db, rules)
    assert [i.kind for i in issues] == ["copies"] and "at most 3" in issues[0].message
    assert issues[0].rule == "STD 6-1-1"


def test_bos_allows_three_legendary_warriors_at_most_and_a_side_deck_of_15():
    db = game_db(get_profile("bos"))
    rules = DECK_RULES["bos"]
    legend = [c.id for c in db.values() if c.extra.get("class") == "Legendary Warrior"]
    warriors = [c.id for c in db.values() if c.extra.get("class") == "Warrior" and not c.token]
    base = [i for i in warriors for _ in range(4)][:37]
    assert deck_issues(base + legend[:3], db, rules) == []
    issues = deck_issues(base + legend[:4], db, rules)
    assert [i.kind for i in issues] == ["group"] and "4 Legendary Warriors; at most 3" in issues[0].message
    side = [i for i in warriors for _ in range(2)][:16]
    issues = deck_issues(base + legend[:3], db, rules, side=side)
    assert "Side deck: 16 cards; it takes 0 to 15" in " ".join(i.message for i in issues)
    token = next(c.id for c in db.values() if c.token)
    assert [i.kind for i in deck_issues(base + legend[:3] + [token], db, rules)] == ["token"]
