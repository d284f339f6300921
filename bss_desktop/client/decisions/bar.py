"""The decision bar: what the game waits for, from whom, and the buttons to answer.

Its contents sit in a horizontal strip that scrolls rather than widening the window: a long prompt, many buttons
or a wide panel (a payment, a token) never push the window past the screen. Above the strip, a tray of card faces
(client/decisions/choice_picker.py) shows the cards a choice offers that the board does not draw (a deck's revealed cards,
a trash below its top card); it scrolls sideways too.
"""
from __future__ import annotations

import time

from PySide6.QtCore import QEvent, QRectF, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QKeySequence, QPainter, QPen
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

# A key press this soon after the buttons changed is ignored: a key meant for the decision that just ended (a pass
# pressed twice, say) must not answer the next one.
KEY_GUARD_MS = 350


class _KeyButton(QPushButton):
    """A decision button whose keyboard shortcut is ignored for a moment after the decision changes."""

    def __init__(self, text: str, bar: "DecisionBar"):
        super().__init__(text)
        self._bar = bar

    def event(self, e) -> bool:  # noqa: N802 - Qt API
        if e.type() == QEvent.Shortcut and self._bar.keys_guarded():
            self._bar.keyIgnored.emit(self.text())
            return True
        return super().event(e)


class Spinner(QWidget):
    """A small turning arc: something is being worked on (the computer thinking)."""

    STEP_MS = 60

    def __init__(self, size: int = 18, parent=None):
        super().__init__(parent)
        self.setFixedSize(size, size)
        self.angle = 0
        self.timer = QTimer(self)
        self.timer.setInterval(self.STEP_MS)
        self.timer.timeout.connect(self._turn)

    def _turn(self) -> None:
        self.angle = (self.angle + 30) % 360
        self.update()

    def showEvent(self, event) -> None:  # noqa: N802 - Qt API
        self.timer.start()
        super().showEvent(event)

    def hideEvent(self, event) -> None:  # noqa: N802 - Qt API
        self.timer.stop()
        super().hideEvent(event)

    def paintEvent(self, event) -> None:  # noqa: N802 - Qt API
        p = QPainter(self)
        p.setRenderHint(QPainter.Antialiasing)
        r = QRectF(self.rect()).adjusted(2.5, 2.5, -2.5, -2.5)
        p.setPen(QPen(QColor(255, 255, 255, 45), 3))
        p.drawEllipse(r)
        p.setPen(QPen(QColor("#fb923c"), 3, Qt.SolidLine, Qt.RoundCap))
        p.drawArc(r, -self.angle * 16, 100 * 16)
        p.end()


class BusyIndicator(QWidget):
    """A turning spinner and a line ("The computer is thinking…")."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("BusyIndicator")
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 0, 8, 0)
        lay.setSpacing(8)
        self.spinner = Spinner()
        self.label = QLabel()
        self.label.setTextFormat(Qt.PlainText)
        self.label.setStyleSheet("color: #fdba74; font-weight: 600;")
        lay.addWidget(self.spinner)
        lay.addWidget(self.label)
        self.setSizePolicy(QSizePolicy.Fixed, QSizePolicy.Preferred)
        self.hide()

    def set_text(self, text: str | None) -> None:
        if text:
            self.label.setText(text)
            if self.isHidden():
                self.show()
        elif not self.isHidden():
            self.hide()

    @property
    def text(self) -> str:
        return "" if self.isHidden() else self.label.text()


class _Strip(QScrollArea):
    """Scrolls its row sideways when it is wider than the window, and never asks the window to grow."""

    bar = None  # the DecisionBar: it knows how tall the row is at the width it has

    def _row_height(self) -> int:
        return self.bar.content_height() if self.bar is not None else self.widget().minimumSizeHint().height()

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt API
        inner = self.widget().sizeHint()
        return QSize(inner.width(), self._row_height() + self._bar_height())

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt API
        return QSize(120, self._row_height() + self._bar_height())

    def _bar_height(self) -> int:
        needed = self.widget().minimumSizeHint().width() > self.viewport().width()
        return self.horizontalScrollBar().sizeHint().height() if needed else 0

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        self.updateGeometry()  # the scroll bar may have come or gone


class _PanelOverlay(QScrollArea):
    """Where a panel (a payment, a token, a count) is shown: over the bottom of the board, from the bar's bottom edge
    up, as tall as the panel needs (scrolled past half the window). The bar keeps its height and the board its
    place and size, so a card aimed at before the panel opened is still where the pointer goes (issue 25)."""

    def __init__(self, bar: "DecisionBar", parent: QWidget):
        super().__init__(parent)
        self.bar = bar
        self.setObjectName("DecisionPanel")
        self.setFrameShape(QFrame.NoFrame)
        self.setWidgetResizable(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarAsNeeded)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarAsNeeded)
        inner = QWidget(objectName="DecisionPanelRow")
        inner.setAttribute(Qt.WA_StyledBackground, True)
        self.row = QHBoxLayout(inner)
        self.row.setContentsMargins(12, 8, 12, 8)
        self.setWidget(inner)
        self.setStyleSheet(bar.styleSheet() + """
            #DecisionPanel, #DecisionPanelRow { background: #141a26; }
            #DecisionPanel { border-top: 1px solid #2f3b52; }""")
        inner.installEventFilter(self)
        self.hide()

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt API
        if event.type() == QEvent.LayoutRequest:  # the panel grew or shrank (a payment's warning came or went)
            QTimer.singleShot(0, self.place)
        return False

    def needed_height(self) -> int:
        """How tall the panel is at the bar's width, with the row's margins (and a sideways scroll bar if it is
        wider than the bar)."""
        panel, row = self.bar.panel, self.widget()
        if panel is None:
            return 0
        width = self.bar.width()
        h = row.heightForWidth(width) if row.hasHeightForWidth() else -1
        h = max(h, row.minimumSizeHint().height(), row.sizeHint().height())
        if row.minimumSizeHint().width() > width:
            h += self.horizontalScrollBar().sizeHint().height()
        return h + 2 * self.frameWidth()

    def place(self) -> None:
        """Over the bar and the board above it: bottom edge on the bar's, the bar's width."""
        bar, parent = self.bar, self.parentWidget()
        if bar.panel is None or parent is None:
            return
        most = max(bar.height(), int(parent.height() * 0.55))
        h = max(bar.height(), min(self.needed_height(), most))
        self.setGeometry(bar.x(), bar.y() + bar.height() - h, bar.width(), h)
        self.raise_()


class DecisionBar(QWidget):
    chosen = Signal(object)  # the command of the pressed button
    keyIgnored = Signal(str)  # a shortcut pressed while the keys were guarded (the button's text)
    cardToggled = Signal(object)  # a card of the tray clicked (its key)
    cardHovered = Signal(object)  # the pointer entered a card of the tray
    cardZoomed = Signal(object, bool)  # the middle button pressed (True) or released on a card of the tray

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("DecisionBar")
        self.setAttribute(Qt.WA_StyledBackground, True)  # so the style sheet paints the bar's background
        self.setStyleSheet("""
            #DecisionBar, #DecisionRow { background: #141a26; }
            #DecisionBar { border-top: 1px solid #2f3b52; }
            QLabel, QCheckBox { color: #e8ecf4; font-size: 14px; }
            QPushButton { background: #2d3a55; color: #f1f4fa; border: 1px solid #4a5b80; border-radius: 6px;
                          padding: 6px 14px; font-size: 13px; }
            QPushButton:hover { background: #3b4c70; }
            QPushButton:disabled { color: #7b8599; background: #232b3d; }
            QPushButton[primary="true"] { background: #c2410c; border-color: #fb923c; }
            QPushButton[primary="true"]:hover { background: #ea580c; }
            QPushButton[primary="true"]:disabled { background: #4a2616; color: #a8948a; border-color: #6b3a22; }
            QPushButton[hint="true"] { border: 3px solid #22d3ee; background: #155e75; }
            #CardTray, #CardTrayRow { background: #141a26; }
        """)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(0)
        from bss_desktop.client.decisions.choice_picker import CardTray

        self.tray = CardTray()
        self.tray.hide()
        self.tray.toggled.connect(self.cardToggled)
        self.tray.hovered.connect(self.cardHovered)
        self.tray.zoomed.connect(self.cardZoomed)
        outer.addWidget(self.tray)
        row = QWidget(objectName="DecisionRow")
        row.setAttribute(Qt.WA_StyledBackground, True)
        rows = QVBoxLayout(row)
        rows.setContentsMargins(12, 8, 12, 8)
        rows.setSpacing(6)
        # the prompt goes above the buttons when beside them it would get too little room (long option texts)
        self.top = QWidget(objectName="DecisionTop")
        self.top_row = QHBoxLayout(self.top)
        self.top_row.setContentsMargins(0, 0, 0, 0)
        self.top.hide()
        rows.addWidget(self.top)
        self.layout_ = QHBoxLayout()
        self.layout_.setContentsMargins(0, 0, 0, 0)
        rows.addLayout(self.layout_)
        self._rows = rows
        self.label = QLabel()
        self.label.setTextFormat(Qt.RichText)
        self.label.setWordWrap(True)  # long prompts wrap instead of widening the window
        self.label.setMinimumWidth(200)
        self.label.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Preferred)
        self.layout_.addWidget(self.label, 1)
        # the computer thinking (or a hint being thought about): beside the prompt, before the buttons
        self.busy = BusyIndicator()
        self.layout_.addWidget(self.busy)
        self._gap = QWidget()  # pushes the buttons to the right while the prompt is above them
        self._gap.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Fixed)
        self._gap.setFixedHeight(0)
        self._gap.hide()
        self.stacked = False  # the prompt is above the buttons
        self.strip = _Strip()
        self.strip.bar = self
        self.strip.setWidget(row)
        self.strip.setWidgetResizable(True)
        self.strip.setFrameShape(QFrame.NoFrame)
        self.strip.setVerticalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.strip.setHorizontalScrollBarPolicy(Qt.ScrollBarAsNeeded)
        self.strip.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Fixed)
        outer.addWidget(self.strip)
        self.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Fixed)
        self.buttons: list[QPushButton] = []
        self._spec = None
        self._armed = 0.0  # when the buttons last changed (monotonic seconds)
        self.key_guard_ms = KEY_GUARD_MS
        self.panel: QWidget | None = None
        self.panel_area: _PanelOverlay | None = None  # where panels float over the board (made on first use)
        self._hinted = None  # the command a hint suggests: its button is marked

    def _tray_height(self) -> int:
        return self.tray.tray_height() if not self.tray.isHidden() else 0

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt API
        return QSize(120, self.strip.minimumSizeHint().height() + self._tray_height())

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt API
        return QSize(self.strip.sizeHint().width(), self.strip.minimumSizeHint().height() + self._tray_height())

    # ------------------------------------------------------------------ the tray of cards

    def show_cards(self, heading: str, entries: list, selected, faces, selectable: bool = True) -> None:
        """Show card faces above the buttons: `entries` are (key, CardDef or None, caption); `selected` the chosen
        keys; `selectable` False: cards only shown. The faces are sized to the window: readable, yet leaving most
        of the height to the board."""
        top = self.window()
        height = top.height() if top is not None and top is not self else 800
        face = max(110, min(200, round(height * 0.19)))
        self.tray.show_cards(heading, entries, selected, faces, face, selectable)
        if self.tray.isHidden():
            self.tray.show()
        self._refit()

    def hide_cards(self) -> None:
        if not self.tray.isHidden() or self.tray.tiles:
            self.tray.clear()
            self.tray.hide()
            self._refit()

    def keys_guarded(self) -> bool:
        return (time.monotonic() - self._armed) * 1000 < self.key_guard_ms

    def set_state(self, text: str, buttons: list) -> None:
        """`buttons`: (label, command, shortcut or None, primary[, tooltip]) tuples; a None command is a
        disabled label."""
        if self.label.text() != text:
            self.label.setText(text)
        if buttons == self._spec:
            return  # unchanged: keep the widgets (rebuilding them costs more than a whole board sync)
        self._spec = list(buttons)
        self._armed = time.monotonic()
        for b in self.buttons:
            b.setShortcut(QKeySequence())  # at once: a button waiting for deletion must not take its key
            b.hide()  # nor take room in the row meanwhile
            b.deleteLater()
        self.buttons = []
        for label, cmd, shortcut, primary, *tip in buttons:
            b = _KeyButton(label + (f"  [{shortcut}]" if shortcut else ""), self)
            b.setProperty("primary", bool(primary))
            b.setEnabled(cmd is not None)
            if tip and tip[0]:
                b.setToolTip(tip[0])
            if shortcut:
                b.setShortcut(QKeySequence(shortcut))
            b.cmd = cmd
            b.clicked.connect(lambda _=False, c=cmd: self.chosen.emit(c))
            # never focused: Space or Enter on a focused button would answer whatever decision comes next
            b.setFocusPolicy(Qt.NoFocus)
            self.layout_.addWidget(b)
            if self.panel is not None:
                b.hide()  # (after addWidget: a parentless widget shown would become a window of its own)
            elif self.isVisible():
                b.show()  # at once, not on the next turn of the event loop: its key works as soon as it is seen
            self.buttons.append(b)
        self.mark_hint(self._hinted)
        self._refit()

    def set_busy(self, text: str | None) -> None:
        """Show the busy indicator with `text` ("The computer is thinking…"), or hide it (None)."""
        was = self.busy.isHidden()
        self.busy.set_text(text)
        if was != self.busy.isHidden():
            self._refit()

    def mark_hint(self, cmd) -> None:
        """Mark the button that answers with `cmd` (a hint), or none (None)."""
        self._hinted = cmd
        for b in self.buttons:
            on = cmd is not None and getattr(b, "cmd", None) == cmd
            if bool(b.property("hint")) != on:
                b.setProperty("hint", on)
                b.style().unpolish(b)
                b.style().polish(b)

    def hinted_button(self):
        """The button a hint marked, or None."""
        return next((b for b in self.buttons if b.property("hint")), None)

    def set_panel(self, panel: QWidget | None) -> None:
        """Show a panel (e.g. a payment) in place of the prompt and buttons, or None to go back.

        In a window the panel floats over the board from the bar's bottom edge up (`_PanelOverlay`): the bar keeps
        its height, so the board neither shrinks nor moves when a panel opens or grows. A bar on its own (no
        parent) shows it in its row."""
        if self.panel is not None:
            self.panel.hide()
            self.panel.deleteLater()
        self.panel = panel
        for w in [self.label] + self.buttons:
            w.setVisible(panel is None)
        area = self._panel_area()
        if panel is not None:
            if area is not None:
                area.row.addWidget(panel, 1)
                panel.show()
                area.show()
                area.place()
            else:
                self.layout_.addWidget(panel, 1)
                if self.isVisible():
                    panel.show()  # at once: its height counts from now on (content_height)
            panel.setFocus()
        elif area is not None:
            area.hide()
        self._refit()

    def _panel_area(self) -> _PanelOverlay | None:
        if self.panel_area is None and self.parentWidget() is not None:
            self.panel_area = _PanelOverlay(self, self.parentWidget())
        return self.panel_area

    def _floating(self) -> bool:
        """A panel is open over the board (the bar's row keeps the prompt's and buttons' room)."""
        return self.panel is not None and self.panel_area is not None

    def _in_row(self) -> bool:
        """A panel takes the bar's row."""
        return self.panel is not None and not self._floating()

    def moveEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().moveEvent(event)
        if self._floating():
            self.panel_area.place()

    def _refit(self) -> None:
        self._arrange()
        self.strip.updateGeometry()
        self.tray.updateGeometry()
        self.updateGeometry()
        if self._floating():
            self.panel_area.place()

    # ------------------------------------------------------------------ fitting the prompt

    def _inner_width(self) -> int:
        """The width the row's contents get (the bar's, less the row's margins)."""
        m = self._rows.contentsMargins()
        return max(200, self.width() - m.left() - m.right())

    def _buttons_width(self) -> int:
        shown = [] if self._in_row() else self.buttons
        if not self.busy.isHidden():
            shown = shown + [self.busy]
        return sum(b.sizeHint().width() for b in shown) + self.layout_.spacing() * len(shown)

    def _arrange(self) -> None:
        """The prompt beside the buttons, or above them when beside them it would be squeezed (long options)."""
        inner = self._inner_width()
        stacked = bool(self.buttons) and not self._in_row() and \
            inner - self._buttons_width() < max(360, int(inner * 0.4))
        if stacked == self.stacked:
            return
        self.stacked = stacked
        if stacked:
            self.layout_.removeWidget(self.label)
            self.top_row.addWidget(self.label)
            self.layout_.insertWidget(0, self._gap, 1)
            self._gap.show()
            self.top.show()
        else:
            self.top_row.removeWidget(self.label)
            self.layout_.removeWidget(self._gap)
            self._gap.hide()
            self.layout_.insertWidget(0, self.label, 1)
            self.top.hide()
        self.label.setVisible(self.panel is None)

    def content_height(self) -> int:
        """How tall the row is at the bar's width: a wrapped prompt is as tall as its lines."""
        m = self._rows.contentsMargins()
        margins = m.top() + m.bottom()
        if self._in_row():
            inner = self._inner_width()
            panel = self.panel
            h = panel.heightForWidth(inner) if panel.hasHeightForWidth() else -1
            return max(h, panel.minimumSizeHint().height(), panel.sizeHint().height(),
                       self.layout_.minimumSize().height()) + margins
        inner = self._inner_width()
        bh = max((b.sizeHint().height() for b in self.buttons), default=0)
        if self.stacked:
            return self.label.heightForWidth(inner) + self._rows.spacing() + bh + margins
        width = max(self.label.minimumWidth(), inner - self._buttons_width())
        return max(self.label.heightForWidth(width), bh) + margins

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self._refit()
        if self._floating():
            self.panel_area.place()

    def button_labels(self) -> list[str]:
        return [b.text() for b in self.buttons]
