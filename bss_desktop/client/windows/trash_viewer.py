"""Looking through a trash: both are public (CR 3-4-2), so either player may look at any time."""
from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QDialog, QLabel, QListWidget, QListWidgetItem, QVBoxLayout


class TrashViewer(QDialog):
    """Non-modal (show(), never exec()); refills as the game goes on; hovering a card shows it in the card panel."""

    def __init__(self, window, owner: int):
        super().__init__(window)
        self.window_, self.owner = window, owner
        lay = QVBoxLayout(self)
        self.heading = QLabel()
        lay.addWidget(self.heading)
        self.list = QListWidget()
        self.list.setIconSize(QSize(60, 84))
        self.list.setMouseTracking(True)
        self.list.itemEntered.connect(self._hover)
        lay.addWidget(self.list, 1)
        self.resize(420, 520)
        self.refill()

    def cards(self) -> list:
        """(card id, CardDef) of the trash, newest first."""
        game = self.window_.model.game
        view = game.view(self.window_.controller.viewer)
        return [(c["card"], game.db[c["cid"]]) for c in reversed(view["players"][self.owner]["trash"])]

    def refill(self, *_events) -> None:
        me = self.window_.controller.viewer
        whose = "Your" if self.owner == me else "Your opponent's"
        cards = self.cards()
        self.setWindowTitle(f"{whose} trash")
        self.heading.setText(f"{whose} trash: {len(cards)} card(s), newest first (public, CR 3-4-2)")
        faces = self.window_.faces
        self.list.clear()
        for iid, card in cards:
            item = QListWidgetItem(QIcon(faces.get(card, 120, 168)), f"{card.name}  ({card.id})")
            item.setData(Qt.UserRole, iid)
            self.list.addItem(item)

    def _hover(self, item) -> None:
        self.window_.controller.on_card_hovered(item.data(Qt.UserRole))
