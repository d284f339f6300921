"""Choosing cards that are not on the board, and cores place by place.

`CardTray` is a strip of card faces shown in the decision bar while a target choice offers cards the board does
not draw: cards revealed or looked at from a deck, cards in a trash below its top card, cards in a hand. A click
toggles a card (the chosen ones carry a green frame and a tick, as on the board), hovering shows it in the card
panel, holding the middle button shows it full size over the board. It never takes the keyboard focus and never
widens the window (it scrolls sideways).

`CoresPanel` answers a "cores" choice with many possible answers (CR 8-5-6): how many cores from each place,
and whether the soul core is among them.
"""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import (
    QCheckBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from bss_desktop.client.board.items import HIGHLIGHT, SELECTED

CAPTION_H = 18  # the line under a card: where it is


class CardTile(QWidget):
    """One card of the tray: its face, a frame (yellow: can be chosen; green with a tick: chosen), a caption."""

    clicked = Signal(object)  # the key
    entered = Signal(object)
    zoomed = Signal(object, bool)  # the key, True while the middle button is held

    def __init__(self, key, card, faces, caption: str, height: int, parent=None):
        super().__init__(parent)
        self.key, self.card, self.faces, self.caption = key, card, faces, caption
        self.selected = False
        self.selectable = True
        self.dimmed = False  # not a choice, shown among the choices (greyed)
        self._face_h = height
        self.setFocusPolicy(Qt.NoFocus)
        self.setCursor(Qt.PointingHandCursor)
        self.setAttribute(Qt.WA_Hover, True)
        self.setToolTip(f"{card.name} — click to choose it or take it back; hold the middle button to see it large"
                        if card is not None else "a hidden card")
        self.setFixedSize(self.sizeHint())

    def face_size(self) -> tuple[int, int]:
        h = self._face_h
        return round(h * 63 / 88), h

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt API
        w, h = self.face_size()
        return QSize(w + 8, h + 8 + CAPTION_H)

    def set_height(self, height: int) -> None:
        if height != self._face_h:
            self._face_h = height
            self.setFixedSize(self.sizeHint())
            self.update()

    def set_selected(self, on: bool) -> None:
        if on != self.selected:
            self.selected = on
            self.update()

    def paintEvent(self, event) -> None:  # noqa: N802 - Qt API
        w, h = self.face_size()
        p = QPainter(self)
        try:
            p.setRenderHint(QPainter.Antialiasing)
            dpr = self.devicePixelRatioF()
            face = QRectF(4, 4, w, h)
            if self.card is not None:
                pix = self.faces.table(self.card, w, h, dpr=dpr)
            else:
                pix = self.faces.back(w, h, dpr)
            p.drawPixmap(face.topLeft(), pix)
            if self.dimmed:
                p.fillRect(face, QColor(10, 14, 22, 150))
            if self.selected or self.selectable:
                p.setBrush(Qt.NoBrush)
                p.setPen(QPen(SELECTED if self.selected else HIGHLIGHT, 3.5 if self.selected else 2.0))
                p.drawRoundedRect(face.adjusted(-2, -2, 2, 2), 6, 6)
            if self.selected:  # a tick in a green disc, top right
                r = max(9.0, w * 0.11)
                disc = QRectF(face.right() - 2 * r - 4, face.top() + h * 0.22, 2 * r, 2 * r)  # under the name
                p.setPen(QPen(QColor("#14532d"), 1.5))
                p.setBrush(SELECTED)
                p.drawEllipse(disc)
                p.setPen(QPen(QColor("#052e16"), max(2.0, r * 0.28), Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin))
                x, y, s = disc.x(), disc.y(), disc.width()
                p.drawPolyline([QPointF(x + s * 0.27, y + s * 0.52), QPointF(x + s * 0.44, y + s * 0.7),
                                QPointF(x + s * 0.75, y + s * 0.32)])
            p.setPen(QColor("#4ade80") if self.selected else QColor("#cbd5e1"))
            f = QFont(self.font())
            f.setPixelSize(12)
            f.setBold(self.selected)
            p.setFont(f)
            text = ("✓ " if self.selected else "") + self.caption
            caption = QRectF(0, h + 8, w + 8, CAPTION_H)
            p.drawText(caption, Qt.AlignHCenter | Qt.AlignVCenter,
                       p.fontMetrics().elidedText(text, Qt.ElideRight, int(caption.width())))
        finally:
            p.end()

    def mousePressEvent(self, event) -> None:  # noqa: N802 - Qt API
        if event.button() == Qt.LeftButton:
            self.clicked.emit(self.key)
        elif event.button() == Qt.MiddleButton:
            self.zoomed.emit(self.key, True)
        event.accept()

    def mouseReleaseEvent(self, event) -> None:  # noqa: N802 - Qt API
        if event.button() == Qt.MiddleButton:
            self.zoomed.emit(self.key, False)
        event.accept()

    def enterEvent(self, event) -> None:  # noqa: N802 - Qt API
        self.entered.emit(self.key)
        super().enterEvent(event)


class CardTray(QScrollArea):
    """The strip of cards: a heading, then the tiles in a row that scrolls sideways."""

    toggled = Signal(object)
    hovered = Signal(object)
    zoomed = Signal(object, bool)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("CardTray")
        self.setFrameShape(QFrame.NoFrame)
        self.setWidgetResizable(True)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarAsNeeded)
        self.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Fixed)
        self.setFocusPolicy(Qt.NoFocus)
        inner = QWidget(objectName="CardTrayRow")
        inner.setAttribute(Qt.WA_StyledBackground, True)
        self.row = QHBoxLayout(inner)
        self.row.setContentsMargins(12, 6, 12, 0)
        self.row.setSpacing(6)
        self.heading = QLabel()
        self.heading.setWordWrap(True)
        self.heading.setFixedWidth(150)
        self.heading.setAlignment(Qt.AlignLeft | Qt.AlignTop)
        self.heading.setStyleSheet("color: #e8ecf4; font-size: 13px;")
        self.row.addWidget(self.heading, 0, Qt.AlignTop)
        self.row.addStretch(1)
        self.setWidget(inner)
        self.tiles: list[CardTile] = []
        self.face_height = 150
        self._keys: tuple = ()

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt API
        return QSize(self.widget().sizeHint().width(), self.tray_height())

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt API
        return QSize(120, self.tray_height())

    def tray_height(self) -> int:
        m = self.row.contentsMargins()
        needed = self.widget().minimumSizeHint().width() > self.viewport().width()
        bar = self.horizontalScrollBar().sizeHint().height() if needed else 0
        return self.face_height + 8 + CAPTION_H + m.top() + m.bottom() + bar

    def show_cards(self, heading: str, entries: list, selected, faces, face_height: int,
                   selectable: bool = True) -> None:
        """`entries`: (key, CardDef or None, caption) in order; `selected`: the chosen keys; `selectable`: False
        for cards only shown (nothing to choose)."""
        self.heading.setText(heading)
        keys = (selectable,) + tuple((e[0], getattr(e[1], "id", None), *e[2:]) for e in entries)
        if keys != self._keys or face_height != self.face_height:
            self.face_height = face_height
            for t in self.tiles:
                t.deleteLater()
            self.tiles = []
            for i, (key, card, caption, *rest) in enumerate(entries):
                tile = CardTile(key, card, faces, caption, face_height)
                if rest and not rest[0]:  # shown beside cards that can be chosen, but not a choice itself
                    tile.selectable, tile.dimmed = False, True
                    tile.setCursor(Qt.ArrowCursor)
                    tile.setToolTip(f"{card.name} — looked at, not a card you can choose here" if card is not None
                                    else "a hidden card")
                if not selectable:
                    tile.selectable = False
                    tile.setCursor(Qt.ArrowCursor)
                    tile.setToolTip(f"{card.name} — hold the middle button to see it large" if card is not None
                                    else "a hidden card")
                tile.clicked.connect(self.toggled)
                tile.entered.connect(self.hovered)
                tile.zoomed.connect(self.zoomed)
                self.row.insertWidget(1 + i, tile, 0, Qt.AlignTop)
                self.tiles.append(tile)
            self._keys = keys
        chosen = set(selected)
        for t in self.tiles:
            t.set_selected(t.key in chosen)
        self.updateGeometry()

    def clear(self) -> None:
        for t in self.tiles:
            t.deleteLater()
        self.tiles = []
        self._keys = ()

    def tile(self, key) -> CardTile | None:
        return next((t for t in self.tiles if t.key == key), None)

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        self.updateGeometry()  # the scroll bar may have come or gone


class CoresPanel(QWidget):
    """How many cores from each place (CR 8-5-6), for a "cores" choice with more answers than buttons can show.
    Starts at the default answer (regular cores first, the soul core kept); Confirm sends the legal answer that
    takes the same cores, and is greyed until the numbers make one."""

    chosen = Signal(object)  # the Choose command

    def __init__(self, text: str, info: dict, answers: list, default, name, confirm_key: str | None = None):
        super().__init__()
        self.info, self.answers = info, list(answers)
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.label = QLabel(text)
        self.label.setTextFormat(Qt.RichText)
        self.label.setWordWrap(True)
        self.label.setMinimumWidth(220)
        self.label.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Preferred)
        lay.addWidget(self.label, 1)
        self.spins: dict = {}
        self.soul: QCheckBox | None = None
        start = list(default.value) if default is not None else []
        for place, count in zip(info["options"], info.get("counts") or [0] * len(info["options"])):
            if place == -1:
                self.soul = QCheckBox("the soul core")
                self.soul.setChecked(-1 in start)
                self.soul.setFocusPolicy(Qt.NoFocus)
                self.soul.toggled.connect(self._check)
                lay.addWidget(self.soul)
                continue
            box = QWidget()
            col = QVBoxLayout(box)
            col.setContentsMargins(0, 0, 0, 0)
            col.setSpacing(0)
            cap = QLabel(name(place))
            cap.setStyleSheet("font-size: 11px; color: #aab4c8;")
            spin = QSpinBox()
            spin.setRange(0, max(0, count))
            spin.setValue(start.count(place))
            spin.setFocusPolicy(Qt.NoFocus)
            spin.valueChanged.connect(self._check)
            col.addWidget(cap)
            col.addWidget(spin)
            lay.addWidget(box)
            self.spins[place] = spin
        self.ok = QPushButton("Confirm" + (f"  [{confirm_key}]" if confirm_key else ""))
        self.ok.setProperty("primary", True)
        self.ok.setFocusPolicy(Qt.NoFocus)
        if confirm_key:
            from PySide6.QtGui import QKeySequence

            self.ok.setShortcut(QKeySequence(confirm_key))
        self.ok.clicked.connect(self._confirm)
        lay.addWidget(self.ok)
        self._check()

    def value(self) -> tuple:
        out = []
        for place, spin in self.spins.items():
            out += [place] * spin.value()
        if self.soul is not None and self.soul.isChecked():
            out.append(-1)
        return tuple(out)

    def answer(self):
        """The legal answer taking these cores, or None."""
        want = sorted(self.value(), key=repr)
        return next((c for c in self.answers if sorted(tuple(c.value), key=repr) == want), None)

    def _check(self, *_):
        n = self.info["max"]
        have = len(self.value())
        ok = self.answer() is not None
        self.ok.setEnabled(ok)
        self.ok.setToolTip("" if ok else f"choose {n} core(s): {have} chosen")

    def _confirm(self) -> None:
        cmd = self.answer()
        if cmd is not None:
            self.chosen.emit(cmd)
