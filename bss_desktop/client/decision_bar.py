"""The decision bar: what the game waits for, from whom, and the buttons to answer.

Its contents sit in a horizontal strip that scrolls rather than widening the window: a long prompt, many buttons
or a wide panel (a payment, a token) never push the window past the screen.
"""
from __future__ import annotations

import time

from PySide6.QtCore import QEvent, QSize, Qt, Signal
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QScrollArea, QSizePolicy, QWidget

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


class _Strip(QScrollArea):
    """Scrolls its row sideways when it is wider than the window, and never asks the window to grow."""

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt API
        inner = self.widget().sizeHint()
        return QSize(inner.width(), inner.height() + self._bar_height())

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt API
        return QSize(120, self.widget().minimumSizeHint().height() + self._bar_height())

    def _bar_height(self) -> int:
        needed = self.widget().minimumSizeHint().width() > self.viewport().width()
        return self.horizontalScrollBar().sizeHint().height() if needed else 0

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        self.updateGeometry()  # the scroll bar may have come or gone


class DecisionBar(QWidget):
    chosen = Signal(object)  # the command of the pressed button
    keyIgnored = Signal(str)  # a shortcut pressed while the keys were guarded (the button's text)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("DecisionBar")
        self.setAttribute(Qt.WA_StyledBackground, True)  # so the style sheet paints the bar's background
        self.setStyleSheet("""
            #DecisionBar, #DecisionRow { background: #141a26; }
            #DecisionBar { border-top: 1px solid #2f3b52; }
            QLabel { color: #e8ecf4; font-size: 14px; }
            QPushButton { background: #2d3a55; color: #f1f4fa; border: 1px solid #4a5b80; border-radius: 6px;
                          padding: 6px 14px; font-size: 13px; }
            QPushButton:hover { background: #3b4c70; }
            QPushButton:disabled { color: #7b8599; background: #232b3d; }
            QPushButton[primary="true"] { background: #c2410c; border-color: #fb923c; }
            QPushButton[primary="true"]:hover { background: #ea580c; }
        """)
        outer = QHBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        row = QWidget(objectName="DecisionRow")
        row.setAttribute(Qt.WA_StyledBackground, True)
        self.layout_ = QHBoxLayout(row)
        self.layout_.setContentsMargins(12, 8, 12, 8)
        self.label = QLabel()
        self.label.setTextFormat(Qt.RichText)
        self.label.setWordWrap(True)  # long prompts wrap instead of widening the window
        self.label.setMinimumWidth(200)
        self.label.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Preferred)
        self.layout_.addWidget(self.label, 1)
        self.strip = _Strip()
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

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt API
        return QSize(120, self.strip.minimumSizeHint().height())

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt API
        return QSize(self.strip.sizeHint().width(), self.strip.minimumSizeHint().height())

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
            b.clicked.connect(lambda _=False, c=cmd: self.chosen.emit(c))
            # never focused: Space or Enter on a focused button would answer whatever decision comes next
            b.setFocusPolicy(Qt.NoFocus)
            self.layout_.addWidget(b)
            if self.panel is not None:
                b.hide()  # (after addWidget: a parentless widget shown would become a window of its own)
            self.buttons.append(b)
        self._refit()

    def set_panel(self, panel: QWidget | None) -> None:
        """Show a panel (e.g. a payment) in place of the prompt and buttons, or None to go back."""
        if self.panel is not None:
            self.panel.hide()
            self.panel.deleteLater()
        self.panel = panel
        for w in [self.label] + self.buttons:
            w.setVisible(panel is None)
        if panel is not None:
            self.layout_.addWidget(panel, 1)
            panel.setFocus()
        self._refit()

    def _refit(self) -> None:
        self.strip.updateGeometry()
        self.updateGeometry()

    def button_labels(self) -> list[str]:
        return [b.text() for b in self.buttons]
