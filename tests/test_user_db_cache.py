"""The cache of parsed imported cards (bss_desktop/carddb/user_db.py): used when it fits the set files, rebuilt
when they change, ignored when corrupt, stale or from another version — never an error; broken set files are still
errors naming the file."""
from __future__ import annotations

import os
import pickle
from pathlib import Path

import pytest

from bss_desktop.carddb import user_db
from bss_desktop.carddb.errors import CardDataError
from bss_desktop.carddb.importer import import_cards

GOOD = Path(__file__).parent / "data_import" / "good"


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.setenv("BSS_DESKTOP_HOME", str(tmp_path / "home"))
    dest = tmp_path / "imported"
    import_cards(GOOD, dest)
    return dest


def parses(monkeypatch) -> list:
    """Every set file load_set_file parses from now on."""
    calls = []
    real = user_db.load_set_file

    def spy(path):
        calls.append(Path(path).name)
        return real(path)

    monkeypatch.setattr(user_db, "load_set_file", spy)
    return calls


def test_the_second_load_comes_from_the_cache_and_is_the_same_db(folder, monkeypatch):
    calls = parses(monkeypatch)
    first = user_db.load_user_db(user_dir=folder)
    assert calls == sorted(p.name for p in folder.glob("*.yaml"))
    assert user_db.cache_file(folder).is_file()
    calls.clear()
    second = user_db.load_user_db(user_dir=folder)
    assert calls == []
    assert dict(second) == dict(first) and second.content_hash() == first.content_hash()
    assert all(second.source_of(i) == first.source_of(i) for i in first)
    second.add(second["FX01-001"])  # writable, like the uncached one


def test_an_edited_set_file_is_parsed_again(folder, monkeypatch):
    user_db.load_user_db(user_dir=folder)
    path = folder / "FX01.yaml"
    text = path.read_text().replace("name: Cinder Wyrmling", "name: Cinder Wyrmling Two")
    assert "Two" in text
    stat = path.stat()
    path.write_text(text)
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))  # same time; the contents tell
    calls = parses(monkeypatch)
    db = user_db.load_user_db(user_dir=folder)
    assert calls and db["FX01-001"].name == "Cinder Wyrmling Two"


def test_a_new_or_removed_file_is_seen(folder):
    user_db.load_user_db(user_dir=folder)
    (folder / "FX02-Promo.yaml").unlink()
    db = user_db.load_user_db(user_dir=folder)
    assert not any(i.startswith("FX02") for i in db)


@pytest.mark.parametrize("garbage", [b"", b"not a pickle", pickle.dumps({"key": "other"}), pickle.dumps([1, 2])])
def test_a_corrupt_or_foreign_cache_is_rebuilt(folder, monkeypatch, garbage):
    first = user_db.load_user_db(user_dir=folder)
    user_db.cache_file(folder).write_bytes(garbage)
    calls = parses(monkeypatch)
    again = user_db.load_user_db(user_dir=folder)
    assert calls and dict(again) == dict(first)
    calls.clear()
    user_db.load_user_db(user_dir=folder)
    assert calls == []  # rebuilt


def test_another_app_version_does_not_use_the_cache(folder, monkeypatch):
    import bss_desktop

    user_db.load_user_db(user_dir=folder)
    monkeypatch.setattr(bss_desktop, "__version__", "999")
    calls = parses(monkeypatch)
    user_db.load_user_db(user_dir=folder)
    assert calls


def test_a_broken_file_is_still_an_error_naming_it(folder):
    user_db.load_user_db(user_dir=folder)
    (folder / "bad.yaml").write_text("set: {id: BAD, name: Bad}\ncards: [{id: B-1}]\n")
    with pytest.raises(CardDataError, match="bad.yaml"):
        user_db.load_user_db(user_dir=folder)


def test_an_unwritable_cache_folder_is_no_error(folder, monkeypatch, tmp_path):
    blocker = tmp_path / "blocked"
    blocker.write_text("a file where the cache folder would be")
    monkeypatch.setattr(user_db, "cache_file", lambda d: blocker / "carddb" / "x.pickle")
    db = user_db.load_user_db(user_dir=folder)
    assert "FX01-001" in db


def test_the_importer_names_still_work(folder, monkeypatch):
    from bss_desktop.carddb import importer
    from bss_desktop.carddb.player_db import player_db

    monkeypatch.setattr(importer, "user_cards_dir", lambda: folder)
    assert "FX01-001" in importer.load_user_db()
    db, problem = player_db()
    assert problem is None and "FX01-001" in db


def test_the_bench_synthetic_import_loads_and_is_cached(tmp_path, monkeypatch):
    from bss_desktop.bench.client import write_synthetic_import

    monkeypatch.setenv("BSS_DESKTOP_HOME", str(tmp_path))
    n = write_synthetic_import(str(tmp_path), n=60)
    folder = tmp_path / "data" / "cards" / "imported"
    db = user_db.load_user_db(user_dir=folder)
    assert sum(c.id.startswith("SYN-") for c in db.values()) == n and db.card_id_of("SYN-0010_p2") == "SYN-0010"
    assert user_db.cache_file(folder).is_file()
