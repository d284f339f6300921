"""Alternate arts (``<ID>_pN``) are printings of one card (CR 2-1: one card name, one card): the importer keeps them
on their card (``printings:``, with the image), deck lists may name them, names resolve to the one card, and the
coverage report counts the card once. Records here are invented, in the community JSON shape."""
from __future__ import annotations

import json

import pytest

from bss_desktop.carddb.coverage import coverage
from bss_desktop.carddb.database import CardDB, load_set_file
from bss_desktop.carddb.decks import parse_deck_list
from bss_desktop.carddb.errors import CardDataError
from bss_desktop.carddb.importer import import_cards, load_user_db
from bss_desktop.carddb.schema import card_from_dict, card_to_dict


def record(cid, **changes):
    base = {"name": "Rain Needle", "ID": cid, "set": "PP", "image": f"images/PP/{cid}.png", "color": ["Blue"],
            "cost": "3", "cardType": "SPIRIT", "subType": ["SKY FISH"], "rarity": "C",
            "core_requirements": [{"level": 1, "battlePoints": 2000, "cores": 1}],
            "effects": [{"levels": [1], "condition": "N/A", "details": "N/A", "steps": [],
                         "keywords": [{"keyword_name": "Gale", "keyword_modifier": 1}]}]}
    return {**base, **changes}


@pytest.fixture
def imported(tmp_path):
    src = tmp_path / "in"
    src.mkdir()
    recs = [record("PP-001"), record("PP-001_p1", rarity="SAGA"), record("PP-001_p2", rarity="X"),
            record("PP-002", name="Stone Crab", subType=["CRAB"]),
            record("PP-002_p1", name="Stone Crab", subType=["CRAB"], cost="4")]  # its stats differ: a card
    for r in recs:
        (src / f"{r['ID']}.json").write_text(json.dumps(r))
    dest = tmp_path / "out"
    report = import_cards(src, dest)
    return report, load_user_db(user_dir=dest), dest


def test_alternate_arts_are_printings_of_their_card(imported):
    report, db, dest = imported
    assert [c.id for c in report.cards] == ["PP-001", "PP-002", "PP-002_p1"]
    card = db["PP-001"]
    assert [(p.id, p.image, p.rarity) for p in card.printings] == [
        ("PP-001_p1", "images/PP/PP-001_p1.png", "SAGA"), ("PP-001_p2", "images/PP/PP-001_p2.png", "X")]
    assert "PP-001_p1" not in db and db.card_id_of("PP-001_p1") == "PP-001" and db.card_id_of("PP-001") == "PP-001"
    assert [c.id for c in db.by_name("rain needle")] == ["PP-001"]  # one name, one card
    assert report.printings == [("PP-001_p1", "PP-001"), ("PP-001_p2", "PP-001")]
    text = str(report)
    assert "Alternate arts: 2 printings of 1 card" in text
    assert "Alternate arts imported as cards of their own: 1" in text
    assert "  PP-002_p1: it differs from PP-002 in cost" in text
    saved = {c.id: c for c in load_set_file(dest / "PP.yaml")}
    assert saved["PP-001"].printings == card.printings  # written in the set file


def test_a_printing_survives_the_set_file_round_trip_and_does_not_change_the_content_hash(imported):
    _, db, _ = imported
    card = db["PP-001"]
    assert card_from_dict(card_to_dict(card)) == card
    bare = CardDB([card.__class__(**{**{f: getattr(card, f) for f in card.__slots__ if f != "printings"},
                                     "printings": ()})])
    assert bare.content_hash() == CardDB([card]).content_hash()  # alternate art changes no rule of play


def test_a_deck_list_naming_a_printing_is_the_card(imported):
    _, db, _ = imported
    deck = parse_deck_list("2 PP-001_p1\n1x PP-001_p2: Rain Needle\n1 Rain Needle\n[PP-001]\n", db)
    assert deck.cards == ["PP-001"] * 5
    assert deck.printings == {"PP-001": "PP-001_p1"}  # kept for display


def test_coverage_counts_a_card_once(imported):
    _, db, _ = imported
    report = coverage(db)
    ids = [e["id"] for e in report["cards"] if e["set"] == "PP"]
    assert ids == ["PP-001", "PP-002", "PP-002_p1"]
    assert report["sets"]["PP"]["cards"] == 3


def test_a_printing_imported_later_joins_its_card_in_the_destination(tmp_path):
    dest = tmp_path / "out"
    (tmp_path / "a.json").write_text(json.dumps(record("PP-001")))
    import_cards(tmp_path / "a.json", dest)
    (tmp_path / "b.json").write_text(json.dumps(record("PP-001_p3")))
    report = import_cards(tmp_path / "b.json", dest)
    assert report.cards == [] and report.printings == [("PP-001_p3", "PP-001")]
    db = load_user_db(user_dir=dest)
    assert [p.id for p in db["PP-001"].printings] == ["PP-001_p3"]
    import_cards(tmp_path / "a.json", dest)  # re-importing the card keeps its printings
    assert [p.id for p in load_user_db(user_dir=dest)["PP-001"].printings] == ["PP-001_p3"]


def test_a_printing_without_its_card_is_a_card_and_the_report_says_why(tmp_path):
    (tmp_path / "b.json").write_text(json.dumps(record("PP-009_p1")))
    report = import_cards(tmp_path / "b.json", tmp_path / "out")
    assert [c.id for c in report.cards] == ["PP-009_p1"]
    assert report.own_printings == [("PP-009_p1", "no card PP-009 to be a printing of")]


def test_a_printing_id_taken_by_a_card_is_an_error_naming_the_file(tmp_path, imported):
    _, _, dest = imported
    (dest / "zz.yaml").write_text("set: {id: ZZ, name: Z}\ncards:\n  - {id: PP-001_p1, name: Other, type: magic, "
                                  "colors: [red], cost: 1, timing: [main]}\n")
    with pytest.raises(CardDataError, match="PP-001_p1"):
        load_user_db(user_dir=dest)


def test_bad_printings_are_refused_with_their_field():
    base = {"id": "PP-1", "name": "X", "type": "magic", "colors": ["red"], "cost": 1, "timing": ["main"]}
    for bad, field in (([{"id": "has space"}], "printings[0].id"), ([{"id": "PP-1_p1", "art": 1}], "printings[0].art"),
                       ("PP-1_p1", "printings"), ([{"id": "PP-1_p1"}, {"id": "PP-1_p1"}], "printings[1].id")):
        with pytest.raises(CardDataError) as info:
            card_from_dict({**base, "printings": bad})
        assert info.value.field == field
