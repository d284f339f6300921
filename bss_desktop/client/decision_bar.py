"""The decision bar: what the game waits for, from whom, and the buttons to answer."""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QWidget


class DecisionBar(QWidget):
    chosen = Signal(object)  # the command of the pressed button

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("DecisionBar")
        self.setAttribute(Qt.WA_StyledBackground, True)  # so the style sheet paints the bar's background
        self.setStyleSheet("""
            #DecisionBar { background: #141a26; border-top: 1px solid #2f3b52; }
            QLabel { color: #e8ecf4; font-size: 14px; }
            QPushButton { background: #2d3a55; color: #f1f4fa; border: 1px solid #4a5b80; border-radius: 6px;
                          padding: 6px 14px; font-size: 13px; }
            QPushButton:hover { background: #3b4c70; }
            QPushButton[primary="true"] { background: #c2410c; border-color: #fb923c; }
            QPushButton[primary="true"]:hover { background: #ea580c; }
        """)
        self.layout_ = QHBoxLayout(self)
        self.layout_.setContentsMargins(12, 8, 12, 8)
        self.label = QLabel()
        self.label.setTextFormat(Qt.RichText)
        self.label.setWordWrap(True)  # long prompts wrap instead of widening the window
        self.label.setMinimumWidth(200)
        self.layout_.addWidget(self.label, 1)
        self.buttons: list[QPushButton] = []
        self._spec = None
        self.panel: QWidget | None = None

    def set_state(self, text: str, buttons: list) -> None:
        """`buttons`: (label, command, shortcut or None, primary) tuples; a None command is a disabled label."""
        if self.label.text() != text:
            self.label.setText(text)
        if buttons == self._spec:
            return  # unchanged: keep the widgets (rebuilding them costs more than a whole board sync)
        self._spec = list(buttons)
        for b in self.buttons:
            b.deleteLater()
        self.buttons = []
        for label, cmd, shortcut, primary in buttons:
            b = QPushButton(label + (f"  [{shortcut}]" if shortcut else ""))
            b.setProperty("primary", bool(primary))
            b.setEnabled(cmd is not None)
            if shortcut:
                b.setShortcut(QKeySequence(shortcut))
            b.clicked.connect(lambda _=False, c=cmd: self.chosen.emit(c))
            self.layout_.addWidget(b)
            self.buttons.append(b)

    def set_panel(self, panel: QWidget | None) -> None:
        """Show a panel (e.g. a payment) in place of the prompt and buttons, or None to go back."""
        if self.panel is not None:
            self.panel.deleteLater()
        self.panel = panel
        for w in [self.label] + self.buttons:
            w.setVisible(panel is None)
        if panel is not None:
            self.layout_.addWidget(panel, 1)
            panel.setFocus()

    def button_labels(self) -> list[str]:
        return [b.text() for b in self.buttons]
