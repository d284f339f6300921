"""Looking through a deck in the sandbox: all of it, or the top N; move or reveal what you pick."""
from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
)

from bss_desktop.carddb.cards import display_name
from bss_desktop.engine.commands import ManualMove, ManualReveal, ManualShuffle


class DeckViewer(QDialog):
    """Non-modal (shown with show(), never exec()): the board stays live while it is open."""

    def __init__(self, controller, owner: int, top: int | None = None, parent=None):
        super().__init__(parent)
        self.controller, self.owner, self.top = controller, owner, top
        what = f"top {top} cards" if top else "whole deck"
        self.setWindowTitle(f"Player {owner + 1}'s deck — {what} (top first)")
        lay = QVBoxLayout(self)
        self.list = QListWidget()
        self.list.setIconSize(QSize(60, 84))
        self.list.setSelectionMode(QListWidget.ExtendedSelection)
        lay.addWidget(self.list, 1)
        row = QHBoxLayout()
        for label, slot in (("To hand", lambda: self._move("hand")), ("To field", lambda: self._move("field")),
                            ("To trash", lambda: self._move("trash")),
                            ("To the bottom", lambda: self._move("deck", True)), ("Reveal", self._reveal),
                            ("Shuffle and close", self._shuffle)):
            b = QPushButton(label)
            b.clicked.connect(slot)
            row.addWidget(b)
        lay.addLayout(row)
        self.resize(560, 520)
        self.refill()

    def cards(self) -> list[int]:
        return self.controller.deck_cards(self.owner, self.top)  # top first

    def refill(self, *_events) -> None:
        game = self.controller.game
        faces = self.controller.scene.faces
        keep = set(self.chosen())  # a refill after each move keeps what the player had selected
        self.list.clear()
        for iid in self.cards():
            card = game.db[game.state.cards[iid].cid]
            item = QListWidgetItem(QIcon(faces.get(card, 120, 168)), f"{display_name(card)}  ({card.id})")
            item.setData(Qt.UserRole, iid)
            self.list.addItem(item)
            item.setSelected(iid in keep)

    def chosen(self) -> list[int]:
        return [it.data(Qt.UserRole) for it in self.list.selectedItems()]

    def _move(self, zone: str, bottom: bool = False) -> None:
        for iid in self.chosen():
            self.controller.send(ManualMove(self.controller.viewer, iid, zone, bottom))
        self.refill()

    def _reveal(self) -> None:
        if self.chosen():
            self.controller.send(ManualReveal(self.controller.viewer, tuple(self.chosen())))

    def _shuffle(self) -> None:
        self.controller.send(ManualShuffle(self.controller.viewer, self.owner))  # CR 12-3-3: a viewed deck is shuffled
        self.close()
