"""FaceCache: faces drawn once per size and kept (least recently used dropped); the card's picture (imported with
the cards, or <card id>.png / .jpg in the player's images folder: client/faces/pictures.py) replaces its drawn
face while pictures are on (the "Card faces" setting); another game's painter draws its faces.

Every view draws its faces through a FaceCache (the board, the hand, the zoom, the Card panel, the deck builder's
grid and lists, the replay); `faces_for(settings)` makes one as the settings say, and `set_card_faces` switches
every open one between pictures and drawn faces at once.
"""
from __future__ import annotations

import weakref
from collections import OrderedDict
from pathlib import Path

from PySide6.QtGui import (
    QImage,
    QPixmap,
)

from .battle_spirits import render_face, render_image_face
from .pictures import CardPictures
from .pieces import core_pixmap, render_back
from .table_face import render_table_face

CARD_FACES = ("pictures", "drawn")  # the "Card faces" setting's values
_LIVE: "weakref.WeakSet[FaceCache]" = weakref.WeakSet()
_STATE = {"pictures": True}  # what new caches show: the setting, as the app last applied it
_SHARED: dict[tuple, CardPictures] = {}  # one picture store per images folder: one index, one memory budget
_PLACEHOLDERS: dict[tuple, QImage] = {}  # card colours -> what a picture being decoded shows meanwhile


def _placeholder(card) -> QImage:
    """What a face shows for a moment while its picture is decoded in the background: the card's colours, dark,
    under the same banners (name, cost, level, BP) the picture gets; drawing it costs nothing, unlike the drawn
    face, which would be drawn only to be thrown away."""
    from PySide6.QtCore import QPointF
    from PySide6.QtGui import QColor, QLinearGradient, QPainter

    from .draw import _card_colors, _mix

    cols = _card_colors(card)
    key = tuple(c.rgba() for c in cols)
    img = _PLACEHOLDERS.get(key)
    if img is None:
        img = QImage(63, 88, QImage.Format.Format_RGB32)
        p = QPainter(img)
        try:
            g = QLinearGradient(QPointF(0, 0), QPointF(63, 88))
            dark = QColor("#141820")
            for i, c in enumerate(cols):
                g.setColorAt(i / max(1, len(cols) - 1), _mix(c, dark, 0.55))
            g.setColorAt(1, _mix(cols[-1], dark, 0.8))
            p.fillRect(0, 0, 63, 88, g)
        finally:
            p.end()
        _PLACEHOLDERS[key] = img
    return img


def shared_pictures(image_dir=None) -> CardPictures:
    """The app's picture store for `image_dir` (the "Card images" folder; None: the imported cards' pictures only)."""
    from bss_desktop.carddb import importer  # its user_cards_dir() holds the pictures index, as player_db reads it

    index_dir = importer.user_cards_dir()
    key = (str(Path(image_dir)) if image_dir else "", str(index_dir))
    found = _SHARED.get(key)
    if found is None:
        found = _SHARED[key] = CardPictures(index_dir=index_dir, image_dir=image_dir or None)
    return found


def set_card_faces(mode: str) -> None:
    """"pictures" or "drawn", for every open view and every one opened later; the open views repaint at once."""
    if mode not in CARD_FACES:
        raise ValueError(f"card faces: expected one of {', '.join(CARD_FACES)}, got {mode!r}")
    _STATE["pictures"] = mode == "pictures"
    for cache in list(_LIVE):
        cache.show_pictures = _STATE["pictures"]
    _repaint_open_views()


def set_image_dir(image_dir) -> None:
    """The player's images folder changed (the "Card images" setting): every open view looks there from now on."""
    store = shared_pictures(image_dir)
    for cache in list(_LIVE):
        if cache.painter is None:
            cache.pictures = store
            cache.clear()
    _repaint_open_views()


def _repaint_open_views(only: set | None = None) -> None:
    """Repaint every open window's faces (`only`: the windows drawing with one of these FaceCaches)."""
    from PySide6.QtWidgets import QAbstractItemView, QApplication, QGraphicsView, QWidget

    app = QApplication.instance()
    if app is None:
        return
    for top in QApplication.topLevelWidgets():
        widgets = [top, *top.findChildren(QWidget)]
        views = top.findChildren(QGraphicsView)
        lists = top.findChildren(QAbstractItemView)
        if only is not None and not _draws_with([*widgets, *(v.scene() for v in views), *(v.model() for v in lists)],
                                                only):
            continue
        top.update()
        for view in views:
            if view.scene() is not None:
                for item in view.scene().items():
                    item.update()  # drops the item's device cache: its face is fetched again
            view.resetCachedContent()
            view.viewport().update()
        for view in lists:
            view.viewport().update()
        for panel in widgets:  # lists that hold their faces as icons make them again
            refresh = getattr(panel, "refresh_faces", None)
            if callable(refresh):
                refresh()


def _draws_with(objects, caches: set) -> bool:
    """Whether a widget, scene or list model of a window draws with one of `caches`."""
    for w in objects:
        for name in ("faces", "cache", "_cache"):
            found = getattr(w, name, None)
            if isinstance(found, FaceCache) and found in caches:
                return True
    return False


_REPAINT: list = []  # the timer that repaints the open views once pictures decoded in the background are in
_DIRTY: "weakref.WeakSet[FaceCache]" = weakref.WeakSet()  # the caches whose faces were made again meanwhile


def _repaint_soon(cache: "FaceCache") -> None:
    """Repaint the windows drawing with `cache` a little later: pictures come in one after another, the windows
    repaint once."""
    from PySide6.QtCore import QTimer

    _DIRTY.add(cache)
    if not _REPAINT:
        timer = QTimer()
        timer.setSingleShot(True)
        timer.setInterval(80)
        timer.timeout.connect(_repaint_dirty)
        _REPAINT.append(timer)
    if not _REPAINT[0].isActive():
        _REPAINT[0].start()


def _repaint_dirty() -> None:
    caches = set(_DIRTY)
    _DIRTY.clear()
    if caches:
        _repaint_open_views(caches)


def faces_for(settings=None, *, image_dir=None, **kwargs) -> "FaceCache":
    """A FaceCache as the player's settings say: their images folder ("Card images"; default <data>/images) and
    whether pictures are shown ("Card faces"). `image_dir` when there are no settings. Pictures not yet made into
    thumbnails are decoded in the background: the card's colours under its banners show until the picture is in."""
    kwargs.setdefault("background", True)
    if settings is not None:
        from bss_desktop import paths  # (as settings.user_images_dir does: client/faces does not import windows/)

        image_dir = getattr(settings, "image_dir", "") or image_dir or paths.images_dir()
        kwargs.setdefault("show_pictures", getattr(settings, "card_faces", "pictures") != "drawn")
    return FaceCache(pictures=shared_pictures(image_dir), **kwargs)


class FaceCache:
    """Rendered faces, backs and cores by (card id, size, level, BP, dpr), least recently used first out.

    image_dir: a folder of user card images; ``<card id>.png`` / ``.jpg`` there replaces the drawn face.
    pictures: the picture store (client/faces/pictures.py; default: one of its own for `image_dir`).
    show_pictures: pictures replace drawn faces (default: the "Card faces" setting as last applied).
    background: a picture without a thumbnail yet is decoded in another thread, its face showing the card's
    colours under the banners meanwhile (made again, and the open views repainted, when it is in); else it is
    decoded when asked for.
    """

    def __init__(self, image_dir: str | Path | None = None, max_entries: int = 512, painter=None,
                 pictures: CardPictures | None = None, show_pictures: bool | None = None,
                 background: bool = False) -> None:
        # another game's faces (client/faces/__init__.py painter_for): painter(card, w, h, table=, dpr=) -> QPixmap
        self.painter = painter
        self._max = max(1, int(max_entries))
        self._cache: OrderedDict[tuple, QPixmap] = OrderedDict()
        self.background = background
        self._provisional: dict[str, list[tuple]] = {}  # picture path -> faces drawn while it was decoding
        self._pictures = None
        self.pictures = pictures if pictures is not None else CardPictures(image_dir=image_dir)
        if pictures is not None and image_dir:
            self.pictures.image_dir = image_dir
        self._show = _STATE["pictures"] if show_pictures is None else bool(show_pictures)
        self.hits = 0
        self.misses = 0
        _LIVE.add(self)

    # -- pictures
    @property
    def pictures(self) -> CardPictures:
        return self._pictures

    @pictures.setter
    def pictures(self, store: CardPictures) -> None:
        self._pictures = store
        store.add_listener(self)
        self.clear()

    def picture_ready(self, path: str) -> None:
        """A picture decoded in the background is in: the faces drawn without it are made again."""
        keys = self._provisional.pop(path, ())
        for key in keys:
            self._cache.pop(key, None)
        if keys:
            _repaint_soon(self)

    @property
    def image_dir(self) -> Path | None:
        return self.pictures.image_dir

    @image_dir.setter
    def image_dir(self, value: str | Path | None) -> None:
        self.pictures.image_dir = value
        self.clear()

    @property
    def show_pictures(self) -> bool:
        return self._show

    @show_pictures.setter
    def show_pictures(self, value: bool) -> None:
        if bool(value) != self._show:
            self._show = bool(value)
            self.clear()

    def picture(self, card, width: int, key: tuple | None = None, printing: str | None = None) -> QImage | None:
        """The picture a face of `card` `width` physical pixels wide shows, or None (drawn face). In the background
        mode, a placeholder while it is decoded; the face `key` is then made again once it is in."""
        if not self._show or self.painter is not None:
            return None
        if not self.background:
            return self.pictures.image(card, width, printing)
        img, pending = self.pictures.fetch(card, width, printing)
        if pending is not None:
            if key is not None:
                self._provisional.setdefault(pending, []).append(key)
            return _placeholder(card)
        return img

    def user_image(self, card_id: str) -> QImage | None:
        """The player's picture of `card_id` (its largest thumbnail), or None."""
        return self.pictures.image(card_id, 10 ** 6)

    # -- cache
    def clear(self) -> None:
        self._cache.clear()
        self._provisional.clear()

    def __len__(self) -> int:
        return len(self._cache)

    def _lookup(self, key: tuple, make) -> QPixmap:
        pm = self._cache.get(key)
        if pm is not None:
            self._cache.move_to_end(key)
            self.hits += 1
            return pm
        self.misses += 1
        pm = make()
        self._cache[key] = pm
        while len(self._cache) > self._max:
            self._cache.popitem(last=False)
        return pm

    def get(self, card, width: int, height: int, level: int | None = None, bp: int | None = None,
            printed_bp: int | None = None, dpr: float = 1.0, stats: tuple | None = None,
            printing: str | None = None) -> QPixmap:
        """`stats`: another game's numbers as modified on the table ((field, value), ...), for its painter.
        `printing`: the alternate art a deck list named, whose picture is shown if it has one."""
        width, height, dpr = int(width), int(height), float(dpr or 1.0)
        key = ("face", card.id, width, height, level, bp, printed_bp, dpr) + ((stats,) if stats else ()) + \
            ((printing,) if printing else ())

        def make():
            if self.painter is not None:
                return self.painter(card, width, height, table=False, dpr=dpr, **({"stats": stats} if stats else {}))
            image = self.picture(card, round(width * dpr), key, printing)
            if image is not None:
                return render_image_face(image, card, width, height, level=level, bp=bp, printed_bp=printed_bp,
                                         dpr=dpr)
            return render_face(card, width, height, level=level, bp=bp, printed_bp=printed_bp, dpr=dpr)

        return self._lookup(key, make)

    def table(self, card, width: int, height: int, level: int | None = None, bp: int | None = None,
              printed_bp: int | None = None, dpr: float = 1.0, stats: tuple | None = None) -> QPixmap:
        """The table face of `card` (`render_table_face`), over its picture when there is one."""
        width, height, dpr = int(width), int(height), float(dpr or 1.0)
        key = ("table", card.id, width, height, level, bp, printed_bp, dpr) + ((stats,) if stats else ())
        if self.painter is not None:
            return self._lookup(key, lambda: self.painter(card, width, height, table=True, dpr=dpr,
                                                          **({"stats": stats} if stats else {})))
        return self._lookup(key, lambda: render_table_face(card, width, height, level=level, bp=bp,
                                                           printed_bp=printed_bp, dpr=dpr,
                                                           image=self.picture(card, round(width * dpr), key)))

    def back(self, width: int, height: int, dpr: float = 1.0) -> QPixmap:
        width, height, dpr = int(width), int(height), float(dpr or 1.0)
        return self._lookup(("back", width, height, dpr), lambda: render_back(width, height, dpr))

    def core(self, size: int, soul: bool = False, dpr: float = 1.0) -> QPixmap:
        size, dpr = int(size), float(dpr or 1.0)
        return self._lookup(("core", size, bool(soul), dpr), lambda: core_pixmap(size, soul, dpr))
