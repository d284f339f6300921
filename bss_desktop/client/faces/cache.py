"""FaceCache: faces drawn once per size and kept (least recently used dropped); a player's own image of a card
(<card id>.png or .jpg in their images folder) replaces its drawn face; another game's painter draws its faces.
"""
from __future__ import annotations

from collections import OrderedDict
from pathlib import Path

from PySide6.QtGui import (
    QImage,
    QPixmap,
)

from .battle_spirits import render_face, render_image_face
from .pieces import core_pixmap, render_back
from .table_face import render_table_face

_IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".PNG", ".JPG", ".JPEG")


class FaceCache:
    """Rendered faces, backs and cores by (card id, size, level, BP, dpr), least recently used first out.

    image_dir: a folder of user card images; ``<card id>.png`` / ``.jpg`` there replaces the drawn face.
    """

    def __init__(self, image_dir: str | Path | None = None, max_entries: int = 512, painter=None) -> None:
        # another game's faces (client/faces/__init__.py painter_for): painter(card, w, h, table=, dpr=) -> QPixmap
        self.painter = painter
        self._max = max(1, int(max_entries))
        self._cache: OrderedDict[tuple, QPixmap] = OrderedDict()
        self._images: dict[str, QImage | None] = {}
        self._image_dir: Path | None = None
        self.image_dir = image_dir
        self.hits = 0
        self.misses = 0

    # -- user images
    @property
    def image_dir(self) -> Path | None:
        return self._image_dir

    @image_dir.setter
    def image_dir(self, value: str | Path | None) -> None:
        self._image_dir = Path(value) if value else None
        self.clear()

    def user_image(self, card_id: str) -> QImage | None:
        """The user's image for `card_id`, or None (looked up once per id)."""
        if self._image_dir is None:
            return None
        if card_id not in self._images:
            found = None
            for suffix in _IMAGE_SUFFIXES:
                path = self._image_dir / f"{card_id}{suffix}"
                if path.is_file():
                    img = QImage(str(path))
                    if not img.isNull():
                        found = img
                        break
            self._images[card_id] = found
        return self._images[card_id]

    # -- cache
    def clear(self) -> None:
        self._cache.clear()
        self._images.clear()

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
            printed_bp: int | None = None, dpr: float = 1.0, stats: tuple | None = None) -> QPixmap:
        """`stats`: another game's numbers as modified on the table ((field, value), ...), for its painter."""
        width, height, dpr = int(width), int(height), float(dpr or 1.0)
        key = ("face", card.id, width, height, level, bp, printed_bp, dpr) + ((stats,) if stats else ())

        def make():
            if self.painter is not None:
                return self.painter(card, width, height, table=False, dpr=dpr, **({"stats": stats} if stats else {}))
            image = self.user_image(card.id)
            if image is not None:
                return render_image_face(image, card, width, height, level=level, bp=bp, printed_bp=printed_bp,
                                         dpr=dpr)
            return render_face(card, width, height, level=level, bp=bp, printed_bp=printed_bp, dpr=dpr)

        return self._lookup(key, make)

    def table(self, card, width: int, height: int, level: int | None = None, bp: int | None = None,
              printed_bp: int | None = None, dpr: float = 1.0, stats: tuple | None = None) -> QPixmap:
        """The table face of `card` (`render_table_face`), over the player's own image of it when there is one."""
        width, height, dpr = int(width), int(height), float(dpr or 1.0)
        key = ("table", card.id, width, height, level, bp, printed_bp, dpr) + ((stats,) if stats else ())
        if self.painter is not None:
            return self._lookup(key, lambda: self.painter(card, width, height, table=True, dpr=dpr,
                                                          **({"stats": stats} if stats else {})))
        return self._lookup(key, lambda: render_table_face(card, width, height, level=level, bp=bp,
                                                           printed_bp=printed_bp, dpr=dpr,
                                                           image=self.user_image(card.id)))

    def back(self, width: int, height: int, dpr: float = 1.0) -> QPixmap:
        width, height, dpr = int(width), int(height), float(dpr or 1.0)
        return self._lookup(("back", width, height, dpr), lambda: render_back(width, height, dpr))

    def core(self, size: int, soul: bool = False, dpr: float = 1.0) -> QPixmap:
        size, dpr = int(size), float(dpr or 1.0)
        return self._lookup(("core", size, bool(soul), dpr), lambda: core_pixmap(size, soul, dpr))
