"""`bss-desktop cards coverage`: which cards' effects the engine automates (bss_desktop/carddb/coverage.py)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from bss_desktop import cli
from bss_desktop.carddb import importer
from bss_desktop.carddb.coverage import coverage, coverage_lines
from bss_desktop.carddb.database import load_default_db
from bss_desktop.carddb.importer import import_cards, load_user_db

GOOD = Path(__file__).parent / "data_import" / "good"
SHIPPED = frozenset(load_default_db())  # the shipped cards' ids: counted apart from the base cards


@pytest.fixture
def user_dir(tmp_path, monkeypatch):
    """An imported FX01/FX02 set in a user data folder of the test's own."""
    dest = tmp_path / "imported"
    import_cards(GOOD, dest)
    monkeypatch.setattr(importer, "user_cards_dir", lambda: dest)
    return dest


def run(capsys, *argv):
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_shipped_cards_coverage_counts_every_non_token_card():
    db = load_default_db()
    report = coverage(db)
    cards = [c for c in db.values() if not c.token]
    assert report["total"]["cards"] == len(cards)
    assert report["total"]["automated"] == sum(not any(e.manual for e in c.effects) for c in cards)
    assert report["sets"]["CORE"] == {"cards": 44, "automated": 44, "partly manual": 0, "manual": 0}  # the vanilla core set
    assert sum(s["cards"] for s in report["sets"].values()) == len(cards)
    assert all(not e["manual"] for e in report["cards"] if e["automated"])


def test_coverage_lists_the_manual_effects_of_imported_cards(user_dir):
    report = coverage(load_user_db())
    by_id = {e["id"]: e for e in report["cards"]}
    assert by_id["FX01-002"]["automated"] and by_id["FX01-002"]["manual"] == []  # keywords only
    assert by_id["FX01-011"]["automated"] and by_id["FX01-011"]["effects"] == 0  # vanilla
    assert by_id["FX01-001"]["automated"]  # "(When Summoned) Draw 1 card." compiles
    raider = by_id["FX01-010"]
    assert not raider["automated"] and raider["manual"] == [
        {"index": 0, "kind": "activated", "text": "Flash: Return this spirit to the top of your deck. (resolved by hand)"}]
    assert report["sets"]["FX01"] == {"cards": 12, "automated": 8, "partly manual": 2, "manual": 2}
    # manual: every effect is; partly manual: a keyword (or another effect) is automated beside a manual effect
    assert by_id["FX01-006"]["status"] == "manual" and by_id["FX01-010"]["status"] == "partly manual"
    assert {"phrase": "return this spirit to the top of your deck", "effects": 1} in report["unrecognised"]
    assert report["sets"]["FX02-Promo"] == {"cards": 2, "automated": 1, "partly manual": 0, "manual": 1}


def test_coverage_lines_end_with_the_totals_per_set(user_dir):
    report = coverage(load_user_db())
    lines = coverage_lines(report)
    assert "CORE: 44/44 automated, 0 partly manual, 0 manual" in lines
    assert "FX01: 8/12 automated, 2 partly manual, 2 manual" in lines and "FX02-Promo: 1/2 automated, 0 partly manual, 1 manual" in lines
    t = report["total"]
    assert lines[-2] == (f"total: {t['automated']}/{t['cards']} automated, {t['partly manual']} partly manual, "
                         f"{t['manual']} manual")
    assert lines[-1].startswith("base cards: ")
    i = next(i for i, line in enumerate(lines) if line.startswith("FX01-010 "))
    assert lines[i].endswith("Quickfin Raider: 1 of 1 effect manual")
    assert lines[i + 1].strip() == "effects[0]: Flash: Return this spirit to the top of your deck. (resolved by hand)"
    assert any(line.startswith("FX01-002 ") and line.endswith("Tidewall Turtle: automated") for line in lines)
    assert any(line.startswith("FX01-011 ") and line.endswith("Plain Pebble: automated (vanilla)") for line in lines)


def test_cards_coverage_command(capsys, user_dir):
    code, out, err = run(capsys, "cards", "coverage")
    assert code == 0, err
    assert "CORE: 44/44 automated" in out and "FX01: 8/12 automated" in out
    assert "effects[0]: Flash: Return this spirit to the top of your deck. (resolved by hand)" in out


def test_cards_coverage_json(capsys, user_dir):
    code, out, _ = run(capsys, "cards", "coverage", "--json")
    assert code == 0
    data = json.loads(out)
    assert data == json.loads(json.dumps(coverage(load_user_db(), SHIPPED), ensure_ascii=False))
    assert data["sets"]["FX01"] == {"cards": 12, "automated": 8, "partly manual": 2, "manual": 2}
    assert {"id", "name", "set", "effects", "keywords", "automated", "manual"} <= set(data["cards"][0])


def test_cards_coverage_without_imports(capsys, tmp_path, monkeypatch):
    monkeypatch.setattr(importer, "user_cards_dir", lambda: tmp_path / "nothing")
    code, out, _ = run(capsys, "cards", "coverage", "--json")
    assert code == 0 and json.loads(out) == coverage(load_default_db(), SHIPPED)
    assert json.loads(out)["base"] == {"cards": 0, "automated": 0, "partly manual": 0, "manual": 0,
                                       "token_stats_missing": 0}
    code, out, _ = run(capsys, "cards", "coverage")
    assert out.rstrip().splitlines()[-1] == "base cards: none imported (bss-desktop import-cards PATH)"


def test_cards_coverage_reports_a_broken_user_file(capsys, tmp_path, monkeypatch):
    (tmp_path / "bad.yaml").write_text("set: {id: BAD, name: Bad}\ncards: [{id: B-1}]\n")
    monkeypatch.setattr(importer, "user_cards_dir", lambda: tmp_path)
    code, out, err = run(capsys, "cards", "coverage")
    assert code == 1 and out == "" and "bad.yaml" in err and "B-1" in err


def test_the_base_card_figure_counts_imported_cards_once_apart_from_shipped_sets_and_alternate_arts(capsys, user_dir):
    """The figure the real pool is measured by: each imported card once; the shipped sets (CORE, SG1, ...) and an
    alternate art imported as a card of its own (<ID>_pN, importer.py) are not base cards."""
    from dataclasses import replace

    db = {c.id: c for c in load_user_db().values()}
    raider = db["FX01-010"]  # partly manual
    db["FX01-010_p1"] = replace(raider, id="FX01-010_p1")  # an alternate art with rules of its own
    report = coverage(db, SHIPPED)
    imported = [e for e in report["cards"] if e["id"] not in SHIPPED and not e["id"].endswith("_p1")]
    assert report["base"]["cards"] == len(imported) == 14  # FX01 (12) and FX02-Promo (2)
    assert report["base"]["automated"] == 9 and report["base"]["partly manual"] == 2 and report["base"]["manual"] == 3
    assert report["total"]["cards"] == report["base"]["cards"] + len(SHIPPED - {c for c in SHIPPED if db[c].token}) + 1
    code, out, _ = run(capsys, "cards", "coverage")
    assert code == 0
    assert out.rstrip().splitlines()[-1] == ("base cards: 9/14 automated (64.3 %), 2 partly manual, 3 manual (imported "
                                             "cards; shipped sets and alternate arts apart)")
