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

import atexit
import hashlib
import os
import stat
import threading
import time
import weakref
from collections import OrderedDict
from pathlib import Path

from PySide6.QtCore import QObject, QRunnable, QSize, QThreadPool, Signal, Slot
from PySide6.QtGui import QImage, QImageReader

from bss_desktop.carddb.pictures import MAX_PICTURE_BYTES, MAX_PICTURE_SIDE, read_index

__all__ = ["CardPictures", "MEMORY_BYTES", "THUMB_WIDTHS"]

THUMB_WIDTHS = (128, 256, 512, 1024)  # a grid icon, a table card, the Card panel, a zoomed or HiDPI preview
MEMORY_BYTES = 96 * 1024 * 1024  # decoded thumbnails kept: ~200 table-sized ones (256x357x4 = 0.37 MB)
DISK_BYTES = 512 * 1000 * 1000
# a picture file this small decodes in well under a millisecond: read at once rather than in the background (a
# scanned card is 0.1-2 MB; a small icon-sized image of the player's own is a few KB)
SMALL_FILE_BYTES = 32 * 1000  # the thumbnail folder is trimmed (oldest first) when it grows past this
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
        self.seconds = 0.0  # time spent in this thread finding and reading pictures (the bench's start-up figure)
        self._pending: set[tuple] = set()  # (path, width) decoded in the background
        self._signals: _Signals | None = None
        self._listeners: "weakref.WeakSet" = weakref.WeakSet()  # FaceCaches: picture_ready(path) when one is in
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
        self._pending.clear()  # what is decoding now is dropped when it comes in

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
                if self.index_problem:
                    import logging

                    logging.getLogger(__name__).warning("card pictures: %s", self.index_problem)
        return self._index

    def path_of(self, card, printing: str | None = None) -> Path | None:
        """The picture file for `card` (a CardDef, or an id), or None: the printing's (an alternate art a deck list
        named) if it has one, else the card's own, else one of its printings'."""
        if printing and printing != (card if isinstance(card, str) else card.id):
            found = self.path_of(printing)
            if found is not None:
                return found
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
    def image(self, card, width: int, printing: str | None = None) -> QImage | None:
        """`card`'s picture at least `width` px wide where the picture is that wide (a thumbnail width of
        THUMB_WIDTHS), or None: no picture, or one that can't be read. Decodes it here if need be."""
        return self._get(card, width, wait=True, printing=printing)[0]

    def fetch(self, card, width: int, printing: str | None = None) -> tuple[QImage | None, str | None]:
        """As `image`, without waiting for a picture to be decoded: (picture, None); (None, its path) while it is
        decoded in the background — every listener's ``picture_ready(path)`` is called once it is in; (None, None)
        when there is none (or it can't be read). A thumbnail already made is read here (a small file)."""
        return self._get(card, width, wait=False, printing=printing)

    def add_listener(self, listener) -> None:
        self._listeners.add(listener)

    def _get(self, card, width: int, *, wait: bool, printing=None) -> tuple[QImage | None, str | None]:
        t0 = time.perf_counter()
        try:
            return self._lookup(card, width, wait, printing)
        finally:
            self.seconds += time.perf_counter() - t0

    def _lookup(self, card, width: int, wait: bool, printing) -> tuple[QImage | None, str | None]:
        path = self.path_of(card, printing)
        if path is None:
            return None, None
        bucket = _bucket(max(1, int(width)))
        key = (str(path), bucket)
        img = self._images.get(key)
        if img is not None:
            self._images.move_to_end(key)
            return img, None
        if key in self._pending:
            if not wait:
                return None, str(path)
            self._pending.discard(key)  # decoded here; the background one is dropped when it comes in
        try:
            st = path.stat()
        except OSError as e:
            self._note(path, f"cannot read it ({e.strerror or e})")
            return None, None
        stamp = (str(path), st.st_mtime_ns, st.st_size)
        if stamp in self._failed:
            return None, None
        if not stat.S_ISREG(st.st_mode):
            return self._refuse(stamp, path, "not a file"), None
        if st.st_size > MAX_PICTURE_BYTES:
            return self._refuse(stamp, path, "larger than a card picture"), None
        thumb_file = self._thumb_file(stamp, bucket)
        img = QImage(str(thumb_file)) if thumb_file is not None and thumb_file.is_file() else QImage()
        if img.isNull():
            if not wait and st.st_size > SMALL_FILE_BYTES:
                self._start(key, path, bucket, stamp, thumb_file)
                return None, str(path)
            img, problem = decode_picture(path, bucket)
            if img is None:
                return self._refuse(stamp, path, problem), None
            self.decoded += 1
            if thumb_file is not None:
                self._keep(img, thumb_file)
        self._remember(key, img)
        return img, None

    def _remember(self, key: tuple, img: QImage) -> None:
        old = self._images.pop(key, None)
        if old is not None:
            self._bytes -= old.sizeInBytes()
        self._images[key] = img
        self._bytes += img.sizeInBytes()
        while self._bytes > self._memory and len(self._images) > 1:
            _, old = self._images.popitem(last=False)
            self._bytes -= old.sizeInBytes()

    # -- decoding in the background
    def _start(self, key: tuple, path: Path, bucket: int, stamp: tuple, thumb_file: Path | None) -> None:
        if self._signals is None:
            self._signals = _Signals()
            self._signals.done.connect(self._signals.deliver)
            self._signals.callback = self._arrived
        self._pending.add(key)
        if thumb_file is not None and not self._trimmed:
            self._trimmed = True
            _trim(thumb_file.parent, DISK_BYTES)
        _pool().start(_DecodeJob(key, path, bucket, stamp, thumb_file, self._signals))

    def _arrived(self, key: tuple, stamp: tuple, img, problem: str) -> None:
        if key not in self._pending:
            return  # forgotten meanwhile (another folder, an import), or decoded in the foreground
        self._pending.discard(key)
        if img is None:
            self._refuse(stamp, Path(key[0]), problem)
        else:
            self.decoded += 1
            self._remember(key, img)
        for listener in list(self._listeners):
            listener.picture_ready(key[0])

    @property
    def decoding(self) -> int:
        """How many pictures are being decoded in the background."""
        return len(self._pending)

    def wait_for_decoding(self, timeout_ms: int = 10000) -> bool:
        """Wait until every picture started in the background is in (tests, the bench)."""
        from PySide6.QtCore import QCoreApplication

        end = time.monotonic() + timeout_ms / 1000
        while self._pending and time.monotonic() < end:
            _pool().waitForDone(20)
            QCoreApplication.processEvents()
        return not self._pending

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
        if not self._trimmed:
            self._trimmed = True
            _trim(file.parent, DISK_BYTES)
        keep_thumbnail(img, file)


def decode_picture(path: Path, bucket: int) -> tuple[QImage | None, str]:
    """The picture at `path` decoded at most `bucket` px wide, its size checked from its header first: (image, "")
    or (None, why not). Safe in any thread."""
    reader = QImageReader(str(path))
    reader.setDecideFormatFromContent(True)
    reader.setAutoTransform(True)
    size = reader.size()  # from the header: nothing decoded yet
    if not size.isValid() or size.isEmpty():
        return None, f"not a picture ({reader.errorString()})"
    if max(size.width(), size.height()) > MAX_PICTURE_SIDE:
        return None, f"{size.width()}x{size.height()} pixels: larger than a card picture"
    if size.width() > bucket:
        reader.setScaledSize(QSize(bucket, max(1, round(size.height() * bucket / size.width()))))
    img = reader.read()
    if img.isNull():
        return None, f"not a picture ({reader.errorString()})"
    fmt = QImage.Format.Format_ARGB32_Premultiplied if img.hasAlphaChannel() else QImage.Format.Format_RGB32
    return img.convertToFormat(fmt), ""


def keep_thumbnail(img: QImage, file: Path) -> None:
    """Write a thumbnail (a failure only costs decoding the picture again next time). Safe in any thread."""
    try:
        file.parent.mkdir(parents=True, exist_ok=True)
        tmp = file.with_name(file.name + f".{os.getpid()}.{threading.get_ident()}.tmp")
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


class _Signals(QObject):
    """Brings a decoded picture from the decoding thread to the GUI thread (a queued signal to this object)."""

    done = Signal(object)

    def __init__(self):
        super().__init__()
        self.callback = None

    @Slot(object)
    def deliver(self, result) -> None:
        if self.callback is not None:
            self.callback(*result)


class _DecodeJob(QRunnable):
    def __init__(self, key, path, bucket, stamp, thumb_file, signals) -> None:
        super().__init__()
        self.args = (key, path, bucket, stamp, thumb_file)
        self.signals = signals

    def run(self) -> None:
        key, path, bucket, stamp, thumb_file = self.args
        try:
            img, problem = decode_picture(path, bucket)
            if img is not None and thumb_file is not None:
                keep_thumbnail(img, thumb_file)
        except Exception as e:  # noqa: BLE001 - a picture never takes the app down
            img, problem = None, f"cannot read it ({e})"
        self.signals.done.emit((key, stamp, img, problem))


_POOL: list = []


def _pool() -> QThreadPool:
    """One thread decodes pictures (two cores are shared with the game, the computer player and the network)."""
    if not _POOL:
        pool = QThreadPool()
        pool.setMaxThreadCount(1)
        _POOL.append(pool)
        atexit.register(_stop_pool)
    return _POOL[0]


def _stop_pool() -> None:
    for pool in _POOL:
        pool.clear()
        pool.waitForDone(3000)
