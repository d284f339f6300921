"""The card preview dock: a large card face with the card's full text under it (scrolled when the dock is short).

    preview = CardPreview(profile=game.profile)
    preview.show_card(card, level=2, bp=7000, printed_bp=5000)
    preview.clear()

The face is drawn by the game's painter (client/faces: Battle Spirits, or Battle of Souls with its class, ATK and
RST), or a user image through the FaceCache, as large as the widget allows at the card's 63:88 aspect, sharp on
high-DPI screens. The line under the name says what the game prints: a Battle Spirits card's type, cost, colours
and families; another game's card its type and its own fields (a fighter's class, ATK and RST).
"""
from __future__ import annotations

import html
import math

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import (
    QFrame,
    QLabel,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from bss_desktop.carddb.card_text import card_text
from bss_desktop.carddb.cards import display_name
from bss_desktop.client.faces.cache import FaceCache, faces_for
from bss_desktop.client.faces.draw import CARD_ASPECT, COLOR_HEX, displayable_text
from bss_desktop.client.faces.special_symbols import describe as describe_special

__all__ = ["CardPreview"]

_TYPE_NAMES = {"spirit": "Spirit", "nexus": "Nexus", "magic": "Magic"}


class _FaceView(QWidget):
    """Paints the face fitted into its rectangle (top-centred); re-renders at the size it is shown at."""

    def __init__(self, cache: FaceCache, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._cache = cache
        self._card = None
        self._level = self._bp = self._printed = None
        self._stats = None  # another game's numbers as modified on the table: ((field, value), ...)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(72, 100)

    def sizeHint(self) -> QSize:
        return QSize(300, round(300 / CARD_ASPECT))

    def set_card(self, card, level=None, bp=None, printed_bp=None, stats=None) -> None:
        self._card, self._level, self._bp, self._printed, self._stats = card, level, bp, printed_bp, stats
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
                               self.devicePixelRatioF(), stats=self._stats)

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


class _TextArea(QScrollArea):
    """The name, status and full text under the face: as tall as its text needs when the dock has the room, and
    scrolled when it has not, so a long text is never cut off."""

    def __init__(self, body: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWidget(body)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt API
        width = max(1, self.viewport().width())
        # at most a little over half the dock: the face keeps the rest (it shows the whole text too, smaller)
        share = int(self.parentWidget().height() * 0.55) if self.parentWidget() is not None else 10 ** 6
        return QSize(width, min(self.widget().heightForWidth(width) + 2, max(60, share)))

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt API
        return QSize(60, 60)  # a few lines, and the scroll bar for the rest


class CardPreview(QWidget):
    """A large card face plus the card's name, current level/BP and full text."""

    def __init__(self, parent: QWidget | None = None, *, cache: FaceCache | None = None, profile=None) -> None:
        super().__init__(parent)
        from bss_desktop.client.faces import painter_for
        from bss_desktop.table.profiles import get_profile

        self.profile = profile or get_profile("bss")  # the game whose cards it shows
        self.cache = cache if cache is not None else faces_for(max_entries=64,
                                                               painter=painter_for(self.profile.cards.face))
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
        body = QWidget()
        body_layout = QVBoxLayout(body)
        body_layout.setContentsMargins(0, 0, 0, 0)
        body_layout.setSpacing(4)
        for label in (self.title_label, self.status_label, self.text_label):
            label.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
            body_layout.addWidget(label)
        body_layout.addStretch(1)  # the text stays under the face when there is room to spare
        self.text_area = _TextArea(body, self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.setSpacing(4)
        layout.addWidget(self.face_view, 1)
        layout.addWidget(self.text_area)
        self.clear()

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt API
        # the face is never taller than the dock's width allows, so the text stays right under it; a maximum
        # (not a fixed height) leaves the dock free to shrink
        m = self.layout().contentsMargins()
        width = max(1, event.size().width() - m.left() - m.right())
        self.face_view.setMaximumHeight(max(self.face_view.minimumHeight(), math.ceil(width / CARD_ASPECT)))
        self.text_area.updateGeometry()  # its share of the height follows the dock's
        super().resizeEvent(event)

    @property
    def card(self):
        """The card shown, or None."""
        return self._card

    def show_card(self, card, level: int | None = None, bp: int | None = None, printed_bp: int | None = None,
                  symbols: tuple | None = None, stats: dict | None = None) -> None:
        """Show `card`; `level` / `bp` / `printed_bp` describe it on the field (None in hand or in a deck list);
        `symbols`: all its symbols when a Brave adds its own (ETR §Brave), else None; `stats` another game's numbers
        on its table and where they come from (engine/table_stats.breakdown)."""
        self._card = card
        modified = tuple(sorted((k, b["value"]) for k, b in (stats or {}).items() if b["value"] != b["printed"]))
        self.face_view.set_card(card, level, bp, printed_bp, modified or None)
        title = f"<b>{html.escape(display_name(card))}</b>"
        if card.additional_name:
            title += f" <i>— {html.escape(card.additional_name)}</i>"
        meta = self._meta(card)
        title += f"<br><span style='color:{COLOR_HEX['muted']}'>{html.escape(' · '.join(m for m in meta if m))}</span>"
        self.title_label.setText(title)
        status = self._status(card, level, bp, printed_bp)
        if symbols:
            names = " + ".join("/".join(s) if isinstance(s, (tuple, list)) else str(s) for s in symbols)
            status += f"{' · ' if status else ''}symbols {html.escape(names)} (with its Brave)"
        self.status_label.setText(status + self._stat_lines(stats))
        self.status_label.setVisible(bool(self.status_label.text()))
        # a Battle Spirits card's text is made from its effects (what the engine does); another game's is printed
        text = card.text if self.profile.cards.shape == "plain" else card_text(card)
        self.text_label.setText(displayable_text(text, self.text_label.font()))
        self.text_label.setVisible(True)
        self.text_area.verticalScrollBar().setValue(0)  # a new card is read from its top
        self.text_area.updateGeometry()

    def _meta(self, card) -> list[str]:
        """The line under the name: a Battle Spirits card's type, cost, colours and families; another game's card
        (its profile's `shape: plain`) its type and its own fields, e.g. Fighter · Warrior · ATK 1200 · RST 800."""
        if self.profile.cards.shape == "plain":
            spec = self.profile.cards.types.get(card.type, {})
            kind = spec.get("label") or card.type.title()
            meta = ["Token " + kind if card.token else kind]
            for name in (*spec.get("fields", ()), *spec.get("optional", ())):
                value, field = card.extra.get(name), self.profile.cards.fields[name]
                if value is not None and field.kind in ("enum", "int"):
                    shown = f"{value:+}" if field.modifies else value  # a bonus: ATK bonus +500
                    meta.append(str(value) if field.kind == "enum" else f"{field.label or name} {shown}")
            return meta + [card.id]
        kind = _TYPE_NAMES.get(card.type, card.type.title())
        if card.token:
            kind = "Token " + kind
        meta = [kind, f"cost {card.cost}", "/".join(c.capitalize() for c in card.colors)]
        if card.families:
            meta.append(" / ".join(card.families))
        return meta + [describe_special(card), card.id]  # Eternal's God / Ultimate symbols ("" for none)

    def clear(self) -> None:
        self._card = None
        self.face_view.set_card(None)
        self.title_label.setText("")
        self.status_label.setText("")
        self.status_label.setVisible(False)
        self.text_label.setText("")
        self.text_area.updateGeometry()

    def _stat_lines(self, stats: dict | None) -> str:
        """A line per stat: "ATK 1800 (printed 1500: +300 Oathsteel Blade, +0 manual)", coloured when it differs
        from the printed value (BOS glossary: Original ATK/RST)."""
        lines = []
        for name, b in (stats or {}).items():
            label = html.escape(self.profile.cards.fields[name].label or name)
            if b["value"] == b["printed"] and all(n == 0 for _, n in b["parts"]):
                lines.append(f"<b>{label} {b['value']}</b>")
                continue
            color = COLOR_HEX["up"] if b["value"] > b["printed"] else COLOR_HEX["down"] \
                if b["value"] < b["printed"] else COLOR_HEX["muted"]
            parts = ", ".join(f"{n:+} {html.escape(src)}" for src, n in b["parts"])
            lines.append(f"<b style='color:{color}'>{label} {b['value']}</b> (printed {b['printed']}: {parts})")
        return "<br>".join(lines)

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
