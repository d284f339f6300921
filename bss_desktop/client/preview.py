"""The card preview dock: a large card face with the card's full text under it.

    preview = CardPreview()
    preview.show_card(card, level=2, bp=7000, printed_bp=5000)
    preview.clear()

The face is drawn by card_art (or a user image through the FaceCache) as large
as the widget allows at the card's 63:88 aspect, sharp on high-DPI screens.
"""
from __future__ import annotations

import html
import math

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QLabel, QSizePolicy, QVBoxLayout, QWidget

from bss_desktop.carddb.card_text import card_text

from .card_art import CARD_ASPECT, COLOR_HEX, FaceCache, displayable_text

__all__ = ["CardPreview"]

_TYPE_NAMES = {"spirit": "Spirit", "nexus": "Nexus", "magic": "Magic"}


class _FaceView(QWidget):
    """Paints the face fitted into its rectangle (top-centred); re-renders at the size it is shown at."""

    def __init__(self, cache: FaceCache, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._cache = cache
        self._card = None
        self._level = self._bp = self._printed = None
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(72, 100)

    def sizeHint(self) -> QSize:
        return QSize(300, round(300 / CARD_ASPECT))

    def set_card(self, card, level=None, bp=None, printed_bp=None) -> None:
        self._card, self._level, self._bp, self._printed = card, level, bp, printed_bp
        self.update()

    def face_rect(self) -> QRectF:
        """Where the face is drawn: the largest 63:88 rectangle in the widget, centred horizontally, at the top."""
        w, h = self.width(), self.height()
        fw = min(w, h * CARD_ASPECT)
        fw = max(1, int(fw))
        fh = max(1, round(fw / CARD_ASPECT))
        if fh > h:
            fh = h
        return QRectF((w - fw) // 2, 0, fw, fh)

    def pixmap(self):
        """The pixmap currently shown (None without a card)."""
        if self._card is None:
            return None
        r = self.face_rect()
        return self._cache.get(self._card, int(r.width()), int(r.height()), self._level, self._bp, self._printed,
                               self.devicePixelRatioF())

    def paintEvent(self, event) -> None:  # noqa: N802 - Qt API
        p = QPainter(self)
        try:
            pm = self.pixmap()
            r = self.face_rect()
            if pm is None:
                p.setRenderHint(QPainter.RenderHint.Antialiasing)
                pen = QPen(QColor(COLOR_HEX["muted"]), 1.5, Qt.PenStyle.DashLine)
                p.setPen(pen)
                p.setBrush(Qt.BrushStyle.NoBrush)
                radius = r.width() * 0.046
                p.drawRoundedRect(r.adjusted(2, 2, -2, -2), radius, radius)
                p.drawText(r, Qt.AlignmentFlag.AlignCenter, "No card")
            else:
                p.drawPixmap(r.topLeft(), pm)
        finally:
            p.end()


class CardPreview(QWidget):
    """A large card face plus the card's name, current level/BP and full text."""

    def __init__(self, parent: QWidget | None = None, *, cache: FaceCache | None = None) -> None:
        super().__init__(parent)
        self.cache = cache if cache is not None else FaceCache(max_entries=64)
        self._card = None
        self.face_view = _FaceView(self.cache, self)
        self.title_label = QLabel(self)
        self.title_label.setTextFormat(Qt.TextFormat.RichText)
        self.title_label.setWordWrap(True)
        self.status_label = QLabel(self)
        self.status_label.setTextFormat(Qt.TextFormat.RichText)
        self.status_label.setWordWrap(True)
        self.text_label = QLabel(self)
        self.text_label.setTextFormat(Qt.TextFormat.PlainText)  # 【】 and ① as card_text writes them
        self.text_label.setWordWrap(True)
        self.text_label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.text_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        for label in (self.title_label, self.status_label, self.text_label):
            label.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.setSpacing(4)
        layout.addWidget(self.face_view, 1)
        layout.addWidget(self.title_label)
        layout.addWidget(self.status_label)
        layout.addWidget(self.text_label)
        layout.addStretch(0)  # below the text once the face is as wide as the dock
        self.clear()

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt API
        # the face is never taller than the dock's width allows, so the text stays right under it; a maximum
        # (not a fixed height) leaves the dock free to shrink
        m = self.layout().contentsMargins()
        width = max(1, event.size().width() - m.left() - m.right())
        self.face_view.setMaximumHeight(max(self.face_view.minimumHeight(), math.ceil(width / CARD_ASPECT)))
        super().resizeEvent(event)

    @property
    def card(self):
        """The card shown, or None."""
        return self._card

    def show_card(self, card, level: int | None = None, bp: int | None = None, printed_bp: int | None = None) -> None:
        """Show `card`; `level` / `bp` / `printed_bp` describe it on the field (None in hand or in a deck list)."""
        self._card = card
        self.face_view.set_card(card, level, bp, printed_bp)
        title = f"<b>{html.escape(card.name)}</b>"
        if card.additional_name:
            title += f" <i>— {html.escape(card.additional_name)}</i>"
        kind = _TYPE_NAMES.get(card.type, card.type.title())
        if card.token:
            kind = "Token " + kind
        meta = [kind, f"cost {card.cost}", "/".join(c.capitalize() for c in card.colors)]
        if card.families:
            meta.append(" / ".join(card.families))
        meta.append(card.id)
        title += f"<br><span style='color:{COLOR_HEX['muted']}'>{html.escape(' · '.join(m for m in meta if m))}</span>"
        self.title_label.setText(title)
        self.status_label.setText(self._status(card, level, bp, printed_bp))
        self.status_label.setVisible(bool(self.status_label.text()))
        self.text_label.setText(displayable_text(card_text(card), self.text_label.font()))
        self.text_label.setVisible(True)

    def clear(self) -> None:
        self._card = None
        self.face_view.set_card(None)
        self.title_label.setText("")
        self.status_label.setText("")
        self.status_label.setVisible(False)
        self.text_label.setText("")

    @staticmethod
    def _status(card, level, bp, printed_bp) -> str:
        parts = []
        if level is not None:
            parts.append(f"<b>LV{level}</b>" if level else "<b>LV0</b>")
        if bp is not None:
            printed = printed_bp
            if printed is None and level is not None and card.has_level(level):
                printed = card.bp_at(level)
            if printed is not None and bp != printed:
                color = COLOR_HEX["up"] if bp > printed else COLOR_HEX["down"]
                sign = "+" if bp > printed else "−"
                parts.append(f"<b style='color:{color}'>BP {bp}</b> ({sign}{abs(bp - printed)}, printed {printed})")
            else:
                parts.append(f"<b>BP {bp}</b>")
        return " · ".join(parts)
