"""The player's own card pictures: found at import beside the card list, checked, and recorded by path.

    found, notes = find_pictures(images_dir, {"BSS01-001": "images/BSS01/BSS01-001.png", "BSS01-002": ""})
    write_index(cards_folder, found)            # <imported cards>/pictures.json: card or printing id -> file
    index = read_index(cards_folder)            # what the client draws faces from (client/faces/pictures.py)

The community app keeps its pictures as ``images/<SET>/<ID>.png`` beside its ``json/`` folder; any folder of
pictures named by card id (``<ID>.png`` / ``.jpg``, at any depth) is read the same way. Nothing is copied: the
index holds each picture's absolute path (a card list's pictures are hundreds of megabytes, and they are the
player's files, not ours); if the folder moves, its cards are drawn again until the player imports with
``--images`` pointing at the new place. Paths are the player's machine's: they live in this index, never in the
card data (set files, deck lists, LAN messages), so nothing about them leaves the machine.

Every picture is checked before it is recorded, without decoding it: a regular file inside the pictures folder
(a symbolic link pointing out of it, a link loop or an ``image`` field with ``..`` is refused), at most
MAX_PICTURE_BYTES, a PNG or JPEG by its first bytes, at most MAX_PICTURE_SIDE pixels a side by its header. What
is refused is named in the import report; the card is imported all the same (with its drawn face).

Pure Python: no Qt.
"""
from __future__ import annotations

import json
import os
import struct
from pathlib import Path

from ..data_files import MB, DataFileError, load_json, read_text

__all__ = ["INDEX_NAME", "MAX_PICTURE_BYTES", "MAX_PICTURE_SIDE", "PICTURE_SUFFIXES", "PictureRefused",
           "default_images_dir", "find_pictures", "picture_header", "read_index", "write_index"]

INDEX_NAME = "pictures.json"
PICTURE_SUFFIXES = (".png", ".jpg", ".jpeg")
# A scanned card is ~750x1050 px and 0.3-2 MB as PNG; a 4,000 px side is a print-quality scan. Anything larger is
# not a card picture (or is a decompression bomb): refused before a pixel is decoded.
MAX_PICTURE_BYTES = 40 * MB
MAX_PICTURE_SIDE = 4096
# pictures.json: ~100 bytes an entry; every card ever printed (~5,000 with their alternate arts) is ~1 MB
MAX_INDEX_BYTES = 16 * MB
_MAX_FILES_SCANNED = 200_000  # a pictures folder with more files than this is not one (the user's home folder?)


class PictureRefused(Exception):
    """A picture that is not recorded, and why (one line of the import report)."""


# ------------------------------------------------------------------ headers


def picture_header(path: str | Path) -> tuple[str, int, int]:
    """(format, width, height) of a PNG or JPEG file read from its header only (a few bytes, or a JPEG's marker
    headers); PictureRefused if it is not one or its size is out of bounds."""
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > MAX_PICTURE_BYTES:
            raise PictureRefused(f"{size / MB:.0f} MB: larger than a card picture ({MAX_PICTURE_BYTES // MB} MB "
                                 "at most)")
        with open(path, "rb") as f:
            head = f.read(24)
            if head.startswith(b"\x89PNG\r\n\x1a\n") and len(head) >= 24 and head[12:16] == b"IHDR":
                fmt, (w, h) = "png", struct.unpack(">II", head[16:24])
            elif head.startswith(b"\xff\xd8"):
                f.seek(2)
                fmt, (w, h) = "jpeg", _jpeg_size(f)
            else:
                raise PictureRefused("not a PNG or JPEG picture")
    except OSError as e:
        raise PictureRefused(f"cannot read it ({e.strerror or e})") from None
    if w <= 0 or h <= 0:
        raise PictureRefused(f"a {fmt.upper()} with no pixels ({w}x{h})")
    if max(w, h) > MAX_PICTURE_SIDE:
        raise PictureRefused(f"{w}x{h} pixels: larger than a card picture ({MAX_PICTURE_SIDE} px a side at most)")
    return fmt, w, h


def _jpeg_size(f) -> tuple[int, int]:
    """The frame size of a JPEG open at its second marker: the first SOF marker's width and height, found by
    reading each marker's header and skipping its body (EXIF, thumbnails) unread."""
    for _ in range(10_000):
        marker = f.read(2)
        if len(marker) < 2:
            break
        if marker[0] != 0xFF:
            raise PictureRefused("a JPEG whose markers are broken")
        kind = marker[1]
        while kind == 0xFF:  # fill bytes
            nxt = f.read(1)
            if not nxt:
                raise PictureRefused("a JPEG without a frame size")
            kind = nxt[0]
        if kind in (0xD8, 0x01) or 0xD0 <= kind <= 0xD7:  # markers without a length
            continue
        raw = f.read(2)
        if len(raw) < 2:
            break
        (length,) = struct.unpack(">H", raw)
        if length < 2:
            raise PictureRefused("a JPEG whose markers are broken")
        if 0xC0 <= kind <= 0xCF and kind not in (0xC4, 0xC8, 0xCC):
            body = f.read(5)
            if len(body) < 5:
                break
            h, w = struct.unpack(">HH", body[1:5])
            return w, h
        f.seek(length - 2, 1)
    raise PictureRefused("a JPEG without a frame size")


# ------------------------------------------------------------------ finding them


def default_images_dir(path: str | Path) -> Path | None:
    """The pictures folder beside a card list at `path`: ``PATH/images``, else an ``images`` folder beside one of
    PATH's parents (the community app: ``<root>/json/Sets`` -> ``<root>/images``), three levels up at most."""
    path = Path(path)
    start = path if path.is_dir() else path.parent
    for folder in [start, *list(start.parents)[:3]]:
        candidate = folder / "images"
        if candidate.is_dir():
            return candidate
    return None


def _safe_id(card_id: str) -> bool:
    return bool(card_id) and ".." not in card_id and not any(c in card_id for c in "/\\:\0")


def _scan(root: Path) -> tuple[dict[str, list[Path]], list[str]]:
    """Every picture file under `root` by name (stem, lower case) -> paths, without following links to folders
    (a link loop can't trap the scan)."""
    found: dict[str, list[Path]] = {}
    notes: list[str] = []
    count = 0
    for folder, dirs, files in os.walk(root, followlinks=False):
        dirs.sort()
        for name in sorted(files):
            count += 1
            if count > _MAX_FILES_SCANNED:
                notes.append(f"more than {_MAX_FILES_SCANNED} files under {root}: the rest were not looked at")
                return found, notes
            stem, suffix = os.path.splitext(name)
            if suffix.lower() in PICTURE_SUFFIXES:
                found.setdefault(stem.lower(), []).append(Path(folder) / name)
    return found, notes


def _inside(path: Path, root: Path) -> Path:
    """`path` resolved; PictureRefused if it leads out of `root` (a link, ``..``) or nowhere (a loop, missing)."""
    try:
        real = path.resolve(strict=True)
    except RuntimeError:  # Python < 3.13 names a loop so
        raise PictureRefused("a symbolic link loop") from None
    except OSError as e:
        if e.errno == 40:  # ELOOP
            raise PictureRefused("a symbolic link loop") from None
        raise PictureRefused(f"cannot read it ({e.strerror or e})") from None
    if real != root and root not in real.parents:
        raise PictureRefused("it leads out of the pictures folder")
    if not real.is_file():
        raise PictureRefused("not a file")
    return real


def find_pictures(images_dir: str | Path, cards: dict[str, str]) -> tuple[dict[str, Path], list[tuple[str, str]]]:
    """The picture of each card or printing id in `cards` (id -> the ``image`` path its record gave, or "") found
    in `images_dir`: (id -> the picture's absolute path, [(id or "", why something was skipped)]).

    A record's own ``image`` path is tried first (relative to the folder holding `images_dir`, as the community app
    writes them: ``images/BSS01/BSS01-001.png``), then a file named ``<id>.png`` / ``.jpg`` anywhere in the folder
    (``<SET>/<id>`` first). Ids without a picture are not noted: the report counts them."""
    root = Path(images_dir)
    try:
        root = root.resolve(strict=True)
    except (OSError, RuntimeError) as e:
        return {}, [("", f"{images_dir}: cannot read the pictures folder ({getattr(e, 'strerror', None) or e})")]
    if not root.is_dir():
        return {}, [("", f"{images_dir}: not a folder")]
    by_name, notes = _scan(root)
    out_notes: list[tuple[str, str]] = [("", n) for n in notes]
    found: dict[str, Path] = {}
    for card_id, given in cards.items():
        if not _safe_id(card_id):
            out_notes.append((card_id, "an id that can't name a file (it holds '..', '/', '\\' or ':'): no picture"))
            continue
        candidates: list[tuple[Path, str]] = []
        given = (given or "").strip().replace("\\", "/")
        if given:
            parts = Path(given).parts
            if Path(given).is_absolute() or ".." in parts:
                out_notes.append((card_id, f"its image path {given!r} leads out of the pictures folder: not used"))
            else:
                rel = parts[1:] if parts and parts[0].lower() == root.name.lower() else parts
                if rel:
                    candidates.append((root.joinpath(*rel), given))
        set_prefix = card_id.rsplit("-", 1)[0].lower() if "-" in card_id else ""
        named = sorted(by_name.get(card_id.lower(), []),
                       key=lambda p: (p.stem != card_id, p.parent.name.lower() != set_prefix, str(p)))
        candidates += [(p, str(p.relative_to(root))) for p in named]
        problem = None
        for cand, shown in candidates:
            if not os.path.lexists(cand):
                continue
            try:
                real = _inside(cand, root)
                picture_header(real)
            except PictureRefused as e:
                problem = problem or f"{shown}: {e}"
                continue
            found[card_id] = real
            break
        if card_id not in found and problem:
            out_notes.append((card_id, problem))
    return found, out_notes


# ------------------------------------------------------------------ the index


def index_file(folder: str | Path) -> Path:
    return Path(folder) / INDEX_NAME


def read_index(folder: str | Path) -> tuple[dict[str, str], str | None]:
    """The pictures recorded for the imported cards of `folder`: (id -> path, a problem with the file or None). A
    damaged index is never an error: the cards are drawn, and the problem says why."""
    path = index_file(folder)
    try:
        text = read_text(path, limit=MAX_INDEX_BYTES, what="a pictures index")
    except FileNotFoundError:
        return {}, None
    except (OSError, UnicodeDecodeError) as e:
        return {}, f"{path}: cannot read it ({getattr(e, 'strerror', None) or e})"
    except DataFileError as e:
        return {}, f"{path}: {e.detail}"
    try:
        data = load_json(text, source=str(path))
    except (DataFileError, json.JSONDecodeError) as e:
        return {}, f"{path}: not a pictures index ({e})"
    pictures = data.get("pictures") if isinstance(data, dict) else None
    if not isinstance(pictures, dict):
        return {}, f"{path}: not a pictures index (no 'pictures' object)"
    good = {k: v for k, v in pictures.items() if isinstance(k, str) and isinstance(v, str) and _safe_id(k)}
    bad = len(pictures) - len(good)
    return good, (f"{path}: {bad} entr{'y' if bad == 1 else 'ies'} that are not an id and a path, ignored"
                  if bad else None)


def write_index(folder: str | Path, found: dict[str, Path], *, forget: set[str] = frozenset()) -> dict[str, str]:
    """Merge `found` into `folder`'s pictures index (ids in `forget` are dropped: re-imported without a picture);
    returns the whole index as written."""
    old, _ = read_index(folder)
    merged = {k: v for k, v in old.items() if k not in forget}
    merged.update({k: str(v) for k, v in found.items()})
    path = index_file(folder)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps({"format": 1, "pictures": dict(sorted(merged.items()))}, indent=0, ensure_ascii=False),
                   encoding="utf-8")
    tmp.replace(path)
    return merged
