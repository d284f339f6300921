"""The player's card database: the shipped cards plus the imported set files, with a cache of what was parsed.

    db = load_user_db()                    # shipped + <user data>/cards/imported/*.yaml
    db = load_user_db(user_dir=folder)     # shipped + folder/*.yaml

Parsing ~1,500 imported cards (YAML, then every card checked by the schema) takes most of a second; the app
starts with them, so the parsed cards are kept in the user cache folder (bss_desktop/paths.py: ``cache/carddb/``),
one pickle per imported folder. The cache is used only when it was made by this app version and Python, from
set files with the same names, sizes, modification times and contents (sha256), and from the same shipped set
files; anything else — stale, corrupt, unreadable, another version — is ignored and rebuilt, never an error. The
set files stay the truth: a broken one is still a `CardDataError` naming it, exactly as without the cache.

Pure Python (PyYAML, platformdirs): no Qt, no text compiler.
"""
from __future__ import annotations

import hashlib
import os
import pickle
import sys
from pathlib import Path

from ..data_files import MB, read_bytes
from .database import MAX_SET_FILE_BYTES, CardDB, load_default_db, load_set_file

__all__ = ["CACHE_FORMAT", "cache_file", "load_user_db", "user_cards_dir"]

CACHE_FORMAT = 3  # bump when what the cache holds changes shape (2: Directive.token_ref, token_exhausted;
# 3: issue 28's new Target, Directive, Count and Condition fields)


def user_cards_dir() -> Path:
    """Where imported set files live: ``<user data dir>/cards/imported`` (bss_desktop/paths.py)."""
    from ..paths import cards_dir

    return cards_dir()


def cache_file(user_dir: Path) -> Path:
    """The cache of the imported cards of `user_dir`: one file per folder, in the user cache folder."""
    from ..paths import cache_dir

    key = hashlib.sha256(str(user_dir.resolve()).encode("utf-8", "surrogatepass")).hexdigest()[:16]
    return cache_dir() / "carddb" / f"imported-{key}.pickle"


def _stamp(paths) -> list:
    """(name, size, mtime) of each file: cheap, and checked before the contents are hashed."""
    out = []
    for p in paths:
        st = p.stat()
        out.append((p.name, st.st_size, st.st_mtime_ns))
    return out


def _key(user_files: list[Path]) -> dict:
    """What the cache must have been made from. The shipped sets are identified by their files' stamps (they come
    with the app; a development checkout may edit them without a new version)."""
    from .. import __version__
    from ..resources import cards_dir

    shipped = sorted((cards_dir() / "sets").rglob("*.yaml"))
    return {"format": CACHE_FORMAT, "app": __version__, "python": sys.version_info[:2],
            "shipped": [(str(p), *s[1:]) for p, s in zip(shipped, _stamp(shipped))],
            "files": _stamp(user_files)}


def _digest(user_files: list[Path], texts: dict[Path, bytes] | None = None) -> str:
    h = hashlib.sha256()
    for p in user_files:
        data = texts[p] if texts is not None else read_bytes(p, limit=MAX_SET_FILE_BYTES, what="a card set file")
        h.update(p.name.encode("utf-8", "surrogatepass") + b"\0" + hashlib.sha256(data).digest())
    return h.hexdigest()


def _read_cache(path: Path, key: dict, user_files: list[Path]):
    """The cached [(file, [CardDef])] if it fits `key` and the files' contents; None otherwise (never raises)."""
    try:
        # pickled cards take less room than their YAML (~0.8 times): a cache far larger than its files is not read
        limit = 2 * sum(size for _, size, _ in key["files"]) + MB
        blob = pickle.loads(read_bytes(path, limit=limit, what="the card cache"))
        if not isinstance(blob, dict) or blob.get("key") != key:
            return None
        if blob.get("digest") != _digest(user_files):  # same stamps, but is it the same text?
            return None
        sets = blob["sets"]
        if [name for name, _ in sets] != [p.name for p in user_files]:
            return None
        return sets
    except Exception:  # noqa: BLE001 - a corrupt or foreign cache is only a slower start
        return None


def _write_cache(path: Path, key: dict, digest: str, sets) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        with open(tmp, "wb") as f:
            pickle.dump({"key": key, "digest": digest, "sets": sets}, f, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, path)
    except Exception:  # noqa: BLE001 - a read-only or full cache folder: start without a cache
        try:
            tmp.unlink()  # type: ignore[possibly-undefined]
        except Exception:  # noqa: BLE001
            pass


def load_user_db(base_db: CardDB | None = None, user_dir: str | Path | None = None, *,
                 cache: bool = True) -> CardDB:
    """A writable copy of `base_db` (default: the shipped cards) plus every imported set file in `user_dir`
    (default: `user_cards_dir()`). An imported card whose ID (or printing id) is already taken is a
    `CardDataError` naming both files.

    With the shipped cards as the base and `cache` true, the parsed imported cards come from the cache when it
    fits the files (see the module's docstring) and are stored there when it did not.
    """
    db = (base_db if base_db is not None else load_default_db()).copy()
    folder = Path(user_dir) if user_dir is not None else user_cards_dir()
    if not folder.is_dir():
        return db
    files = sorted(folder.glob("*.yaml"))
    if not files:
        return db
    use_cache = cache and base_db is None
    sets = None
    if use_cache:
        try:
            key = _key(files)
            path = cache_file(folder)
        except OSError:
            use_cache = False
        else:
            sets = _read_cache(path, key, files)
    if sets is None:
        sets = [(p.name, load_set_file(p)) for p in files]  # a broken file raises here, cache or not
        if use_cache:
            _write_cache(path, key, _digest(files), sets)
    for (name, cards), p in zip(sets, files):
        for card in cards:
            db.add_from_file(card, str(p))
    return db
