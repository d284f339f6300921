"""The player's card pictures, for faces: found by card id, scaled once per width and kept (on disk and in memory).

    pictures = CardPictures()                       # the imported cards' index + <data>/images/<id>.png
    pictures.image(card, 400)                       # QImage at least 400 px wide (or the picture's own width), or None

Where a card's picture comes from, first found first: the pictures index written by `import-cards`
(carddb/pictures.py: the card's id, then its printings'), then a file ``<id>.png`` / ``.jpg`` in the player's
images folder (the "Card images" setting).

Nothing is read until a face is first drawn (the index is loaded then; start-up reads no picture). A picture is
decoded once per thumbnail width (THUMB_WIDTHS: the smallest at least as wide as the face) with its size checked
first — a file whose header says more than MAX_PICTURE_SIDE pixels a side is never decoded — and the thumbnail
is kept in ``<data>/thumbnails`` (bss_desktop/paths.py) under a key of the file's path, modification time, size
and the width, so the next start reads a small file instead of decoding the picture again. Decoded thumbnails
stay in memory up to MEMORY_BYTES, least recently used dropped first. A picture that can't be read is drawn as
the card's drawn face, never an error.
"""
from __future__ import annotations

import hashlib
import os
import stat
from collections import OrderedDict
from pathlib import Path

from PySide6.QtCore import QSize
from PySide6.QtGui import QImage, QImageReader

from bss_desktop.carddb.pictures import MAX_PICTURE_BYTES, MAX_PICTURE_SIDE, read_index

__all__ = ["CardPictures", "MEMORY_BYTES", "THUMB_WIDTHS"]

THUMB_WIDTHS = (128, 256, 512, 1024)  # a grid icon, a table card, the Card panel, a zoomed or HiDPI preview
MEMORY_BYTES = 96 * 1024 * 1024  # decoded thumbnails kept: ~200 table-sized ones (256x357x4 = 0.37 MB)
DISK_BYTES = 512 * 1000 * 1000  # the thumbnail folder is trimmed (oldest first) when it grows past this
_SUFFIXES = (".png", ".jpg", ".jpeg", ".PNG", ".JPG", ".JPEG")


def _bucket(width: int) -> int:
    for w in THUMB_WIDTHS:
        if w >= width:
            return w
    return THUMB_WIDTHS[-1]


class CardPictures:
    """Pictures of cards by id, decoded lazily through a thumbnail cache; see the module's docstring.

    index_dir: the imported cards' folder whose pictures.json is read (default: the user's; False: none).
    image_dir: a folder of ``<card id>.png`` / ``.jpg`` (the "Card images" setting; None: none).
    thumbs_dir: where thumbnails are kept (default: <data>/thumbnails; False: in memory only).
    """

    def __init__(self, index_dir=None, image_dir=None, thumbs_dir=None, memory_bytes: int = MEMORY_BYTES) -> None:
        self._index_dir = index_dir
        self._index: dict[str, str] | None = None  # loaded on the first look-up
        self.index_problem: str | None = None
        self._image_dir = Path(image_dir) if image_dir else None
        self._thumbs_dir = thumbs_dir
        self._memory = max(1, int(memory_bytes))
        self._images: OrderedDict[tuple, QImage] = OrderedDict()  # (path, width) -> thumbnail
        self._bytes = 0
        self._paths: dict[str, Path | None] = {}  # card id -> its picture file (None: none)
        self._failed: set[tuple] = set()  # (path, mtime, size): read and refused once, not again
        self._trimmed = False
        self.decoded = 0  # pictures decoded from their files (not from a thumbnail): for tests and the bench
        self.problems: list[str] = []  # pictures that could not be read, one line each (the log)

    # -- where pictures are
    @property
    def image_dir(self) -> Path | None:
        return self._image_dir

    @image_dir.setter
    def image_dir(self, value) -> None:
        self._image_dir = Path(value) if value else None
        self.forget()

    def forget(self) -> None:
        """Look everything up again (after an import, or another images folder)."""
        self._index = None
        self._paths.clear()
        self._images.clear()
        self._bytes = 0
        self._failed.clear()

    def _index_of(self) -> dict[str, str]:
        if self._index is None:
            if self._index_dir is False:
                self._index = {}
            else:
                folder = self._index_dir
                if folder is None:
                    from bss_desktop.carddb import importer  # its user_cards_dir() names the folder, as player_db

                    folder = importer.user_cards_dir()
                self._index, self.index_problem = read_index(folder)
        return self._index

    def path_of(self, card) -> Path | None:
        """The picture file for `card` (a CardDef, or an id), or None."""
        card_id = card if isinstance(card, str) else card.id
        if card_id in self._paths:
            return self._paths[card_id]
        found = None
        index = self._index_of()
        ids = [card_id] + ([] if isinstance(card, str) else [p.id for p in getattr(card, "printings", ())])
        for i in ids:
            if i in index:
                found = Path(index[i])
                break
        if found is None and self._image_dir is not None and ".." not in card_id and "/" not in card_id:
            for suffix in _SUFFIXES:
                candidate = self._image_dir / f"{card_id}{suffix}"
                if candidate.is_file():
                    found = candidate
                    break
        self._paths[card_id] = found
        return found

    def has(self, card) -> bool:
        return self.path_of(card) is not None

    # -- thumbnails
    def image(self, card, width: int) -> QImage | None:
        """`card`'s picture at least `width` px wide where the picture is that wide (a thumbnail width of
        THUMB_WIDTHS), or None: no picture, or one that can't be read."""
        path = self.path_of(card)
        if path is None:
            return None
        bucket = _bucket(max(1, int(width)))
        key = (str(path), bucket)
        img = self._images.get(key)
        if img is not None:
            self._images.move_to_end(key)
            return img
        try:
            st = path.stat()
        except OSError as e:
            self._note(path, f"cannot read it ({e.strerror or e})")
            return None
        stamp = (str(path), st.st_mtime_ns, st.st_size)
        if stamp in self._failed:
            return None
        if not stat.S_ISREG(st.st_mode):
            return self._refuse(stamp, path, "not a file")
        if st.st_size > MAX_PICTURE_BYTES:
            return self._refuse(stamp, path, "larger than a card picture")
        thumb_file = self._thumb_file(stamp, bucket)
        img = QImage(str(thumb_file)) if thumb_file is not None and thumb_file.is_file() else QImage()
        if img.isNull():
            img = self._decode(path, bucket, stamp)
            if img is None:
                return None
            if thumb_file is not None:
                self._keep(img, thumb_file)
        self._images[key] = img
        self._bytes += img.sizeInBytes()
        while self._bytes > self._memory and len(self._images) > 1:
            _, old = self._images.popitem(last=False)
            self._bytes -= old.sizeInBytes()
        return img

    def _decode(self, path: Path, bucket: int, stamp: tuple) -> QImage | None:
        reader = QImageReader(str(path))
        reader.setDecideFormatFromContent(True)
        reader.setAutoTransform(True)
        size = reader.size()  # from the header: nothing decoded yet
        if not size.isValid() or size.isEmpty():
            return self._refuse(stamp, path, f"not a picture ({reader.errorString()})")
        if max(size.width(), size.height()) > MAX_PICTURE_SIDE:
            return self._refuse(stamp, path, f"{size.width()}x{size.height()} pixels: larger than a card picture")
        if size.width() > bucket:
            reader.setScaledSize(QSize(bucket, max(1, round(size.height() * bucket / size.width()))))
        img = reader.read()
        if img.isNull():
            return self._refuse(stamp, path, f"not a picture ({reader.errorString()})")
        self.decoded += 1
        fmt = QImage.Format.Format_ARGB32_Premultiplied if img.hasAlphaChannel() else QImage.Format.Format_RGB32
        return img.convertToFormat(fmt)

    def _refuse(self, stamp: tuple, path: Path, why: str) -> None:
        self._failed.add(stamp)
        self._note(path, why)
        return None

    def _note(self, path: Path, why: str) -> None:
        line = f"{path}: {why}: the card is drawn"
        if line not in self.problems:
            self.problems.append(line)
            import logging

            logging.getLogger(__name__).warning("card picture %s", line)

    def _folder(self) -> Path | None:
        if self._thumbs_dir is False:
            return None
        if self._thumbs_dir is None:
            from bss_desktop.paths import thumbnails_dir

            return thumbnails_dir()
        return Path(self._thumbs_dir)

    def _thumb_file(self, stamp: tuple, bucket: int) -> Path | None:
        folder = self._folder()
        if folder is None:
            return None
        key = hashlib.sha1(f"{stamp[0]}\0{stamp[1]}\0{stamp[2]}\0{bucket}".encode("utf-8", "surrogatepass"))
        return folder / f"{key.hexdigest()[:32]}.png"

    def _keep(self, img: QImage, file: Path) -> None:
        """Write a thumbnail (a failure only costs decoding the picture again next time)."""
        try:
            file.parent.mkdir(parents=True, exist_ok=True)
            if not self._trimmed:
                self._trimmed = True
                _trim(file.parent, DISK_BYTES)
            tmp = file.with_name(file.name + f".{os.getpid()}.tmp")
            if img.save(str(tmp), "PNG", 80):  # light compression: quick to write and to read
                os.replace(tmp, file)
            else:
                tmp.unlink(missing_ok=True)
        except OSError:
            pass


def _trim(folder: Path, limit: int) -> None:
    """Remove the oldest thumbnails until the folder holds at most 3/4 of `limit` bytes (when it holds more)."""
    try:
        entries = [(e.stat().st_mtime, e.stat().st_size, e.path) for e in os.scandir(folder) if e.is_file()]
    except OSError:
        return
    total = sum(s for _, s, _ in entries)
    if total <= limit:
        return
    for _, size, p in sorted(entries):
        try:
            os.unlink(p)
        except OSError:
            continue
        total -= size
        if total <= limit * 3 // 4:
            break
