"""Looking at a deck by hand (a ManualLook), in the sandbox and in rules mode ("by hand" for text the engine does
not automate): how many cards, and whether the deck is shuffled afterwards — CR 12-3-3: "unless the text of an
effect specifies some other action, cards in private areas are returned after being viewed and all of the cards
in that area must then be reordered randomly by shuffling".

The decision bar asks first (`ask_look`: top N or the whole deck, "then shuffle the deck", checked by default in
rules mode); the cards looked at open in a non-modal viewer. After a shuffled look the viewer still lists what
was seen (the events say it), but nothing can be taken from it: those cards are back in a shuffled deck.
"""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QWidget,
)

from bss_desktop.client.windows.deck_viewer import DeckViewer
from bss_desktop.engine.commands import ManualLook

SHUFFLE_TEXT = "then shuffle the deck (CR 12-3-3)"


class LookViewer(DeckViewer):
    """The deck viewer for one look; after a shuffled look it only shows what was seen."""

    def __init__(self, controller, owner: int, top: int | None = None, shuffled: bool = False, parent=None):
        self.shuffled = shuffled
        super().__init__(controller, owner, top, parent=parent)
        if shuffled:
            self.setWindowTitle(self.windowTitle().replace("(top first)", "— looked at, then shuffled back "
                                                                          "(CR 12-3-3)"))
            note = QLabel("The deck was shuffled after the look (CR 12-3-3): these cards are back in it, in an "
                          "unknown order. To take a card, look without shuffling, then use Shuffle and close.")
            note.setWordWrap(True)
            self.layout().insertWidget(0, note)
            self.note = note
            for b in self.findChildren(QPushButton):  # nothing can be taken from a shuffled deck's look
                b.setEnabled(False)
                b.hide()
            close = QPushButton("Close")
            close.clicked.connect(self.close)
            self.layout().addWidget(close)
            self.close_button = close
        self.list.setMouseTracking(True)
        self.list.itemEntered.connect(self._hover)

    def _hover(self, item) -> None:
        """Hovering a card shows it in the card panel (the looker's own deck: they may see it)."""
        iid = item.data(Qt.UserRole)
        game = self.controller.game
        card = game.state.cards.get(iid)
        if card is not None and getattr(self.controller, "covered", False) is False:
            self.controller.hovered.emit(game.db[card.cid], None)


class LookPanel(QWidget):
    """In the decision bar: look at the top N cards or the whole deck, and shuffle afterwards or not."""

    def __init__(self, whose: str, deck_count: int, top: int, shuffle: bool, forced: bool = False):
        """`forced`: a search of the whole deck ends with a shuffle (the profile's `search_shuffles`)."""
        super().__init__()
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(QLabel(f"<b>Look at {whose} deck</b> (by hand): the top"))
        self.spin = QSpinBox()
        self.spin.setRange(0, max(0, deck_count))
        self.spin.setSpecialValueText("all")  # 0: the whole deck
        self.spin.setValue(min(top, deck_count))
        self.spin.setSuffix(" card(s)")
        lay.addWidget(self.spin)
        self.shuffle = QCheckBox(SHUFFLE_TEXT)
        self.shuffle.setChecked(shuffle)
        self.shuffle.setFocusPolicy(Qt.NoFocus)
        lay.addWidget(self.shuffle)
        if forced:  # searching the whole deck (the spin at "all") shuffles it afterwards, as the game says
            def force(value: int) -> None:
                if value == 0:
                    self.shuffle.setChecked(True)
                self.shuffle.setEnabled(value != 0)
                self.shuffle.setToolTip("A search of the whole deck ends with a shuffle" if value == 0 else "")

            self.spin.valueChanged.connect(force)
            force(self.spin.value())
        self.look = QPushButton("Look  [Enter]")
        self.look.setProperty("primary", True)
        self.look.setFocusPolicy(Qt.NoFocus)
        self.cancel = QPushButton("Cancel")
        self.cancel.setFocusPolicy(Qt.NoFocus)
        lay.addWidget(self.look)
        lay.addWidget(self.cancel)
        lay.addStretch(1)

    def top(self) -> int | None:
        return self.spin.value() or None


class DeckLooks:
    """For a controller (rules mode or sandbox): asking, sending and showing looks at a deck by hand.

    Needs `game`, `viewer`, `bar`, `scene`, `model`, `status`, `send(cmd)`."""

    def _init_looks(self) -> None:
        self._looks: dict[int, list[int]] = {}  # owner -> the cards of our latest look at that deck, top first
        self._look_shuffled: dict[int, bool] = {}
        self._deck_viewer = None

    def note_looks(self, events) -> None:
        """Remember the cards our own looks showed (a LAN guest learns them only from these events)."""
        for e in events:
            d = e.data
            if e.kind == "manual" and d.get("what") == "look" and d.get("cards") is not None \
                    and d.get("player") == self.viewer:
                self._looks[d["owner"]] = list(d["cards"])

    def ask_look(self, owner: int, top: int = 3, shuffle: bool = False) -> LookPanel:
        """Ask in the decision bar how many cards to look at and whether to shuffle afterwards, then look."""
        me = self.viewer
        whose = "your" if owner == me else f"Player {owner + 1}'s"
        count = len(self.game.state.players[owner].deck)
        deck = self.game.profile.zones.get("deck")
        panel = LookPanel(whose, count, top, shuffle, forced=deck is not None and deck.search_shuffles)

        def look():
            n, shuffled = panel.top(), panel.shuffle.isChecked()
            self.bar.set_panel(None)
            self.open_deck(owner, n, shuffle=shuffled)

        panel.look.clicked.connect(look)
        panel.spin.lineEdit().returnPressed.connect(look)
        panel.cancel.clicked.connect(lambda: self.bar.set_panel(None))
        self.bar.set_panel(panel)
        panel.spin.setFocus()
        return panel

    def open_deck(self, owner: int, top: int | None = None, shuffle: bool = False):
        """Look at a deck (all of it, or the top N) in a window: a ManualLook, so the log says who looked;
        `shuffle`: the deck is shuffled right after (CR 12-3-3)."""
        lan_seat = getattr(self, "lan_seat", None)
        if lan_seat is None and getattr(self, "seats", None) is not None and "remote" in self.seats:
            lan_seat = self.viewer  # a rules-mode LAN board: our own seat
        if lan_seat is not None and owner != lan_seat:
            self.status.emit("You may look only at your own deck; its owner can reveal cards to you (CR 3-2-2).")
            return None
        self._looks.pop(owner, None)
        self._look_shuffled[owner] = shuffle
        if not self.send(ManualLook(self.viewer, owner, top or 0, shuffle)):
            return None
        self.close_deck_viewer()
        views = self.scene.views()
        viewer = LookViewer(self, owner, top, shuffle, parent=views[0] if views else None)
        self.model.changed.connect(viewer.refill)  # over the LAN the cards arrive with the host's answer
        viewer.finished.connect(lambda _=0: self.model.changed.disconnect(viewer.refill))
        self._deck_viewer = viewer
        viewer.show()
        return viewer

    def close_deck_viewer(self) -> None:
        if self._deck_viewer is not None:
            self._deck_viewer.close()
            self._deck_viewer = None

    def deck_cards(self, owner: int, top: int | None = None) -> list[int]:
        """The deck cards being looked at, top first: those our latest look showed (still in the deck, unless the
        deck was shuffled right after the look: then all of them, as seen)."""
        looked = self._looks.get(owner)
        if looked is None:
            return []
        if self._look_shuffled.get(owner):
            return list(looked)
        cards = self.game.state.cards
        return [i for i in looked if getattr(cards.get(i), "zone", None) == "deck"]
