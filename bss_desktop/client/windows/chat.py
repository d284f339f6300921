"""The chat panel: table talk beside the game log.

In a local game it is a shared note pad for the players at the table; a
network session connects `message` to the peer and calls `append` for what
arrives (the LAN issue). The pane keeps the last CHAT_LINES lines: a peer
cannot grow it without bound (the session also limits how fast it may chat).
"""
from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QLineEdit, QPlainTextEdit, QVBoxLayout, QWidget

CHAT_LINES = 1000  # lines the pane keeps; older ones go


class ChatPanel(QWidget):
    message = Signal(str)  # text the local player sent
    unreadChanged = Signal(int)  # lines that arrived out of sight (its tab behind the log's); 0 once seen

    def __init__(self, parent=None):
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 4, 4, 4)
        self.view = QPlainTextEdit(readOnly=True)
        self.view.setMaximumBlockCount(CHAT_LINES)
        self.view.setStyleSheet("background: #141a26; color: #d7dce6; font-size: 12px;")
        self.edit = QLineEdit()
        self.edit.setMaxLength(300)
        self.edit.setPlaceholderText("Say something — Enter to send")
        self.edit.returnPressed.connect(self._send)
        lay.addWidget(self.view, 1)
        lay.addWidget(self.edit)
        self.unread = 0
        self.in_sight = False  # the panel's tab is the one shown (its dock's visibilityChanged says so: set_in_sight)

    def _send(self) -> None:
        text = self.edit.text().strip()
        self.edit.clear()
        if text:
            self.message.emit(text)

    def append(self, who: str, text: str, mine: bool = False) -> None:
        """A line said at the table; another player's (not `mine`) counts as unread while the panel is out of sight."""
        self.view.appendPlainText(f"{who}: {text}")
        if not (mine or self.in_sight):  # its tab is behind the game log's: the tab counts what was not seen
            self.unread += 1
            self.unreadChanged.emit(self.unread)

    def set_in_sight(self, shown: bool) -> None:
        """The panel's tab came to the front (every line is seen) or went behind another."""
        self.in_sight = shown
        if shown and self.unread:
            self.unread = 0
            self.unreadChanged.emit(0)
