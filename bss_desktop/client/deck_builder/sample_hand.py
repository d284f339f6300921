"""A sample opening of the deck being edited, dealt as the rules deal it (carddb/deck_stats.SampleHand): a new hand
of 4, keep (draw 1) or mulligan once (CR 5-2-7), then "draw next" to see the turns that follow."""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from bss_desktop.carddb.cards import display_name
from bss_desktop.carddb.deck_stats import SampleHand
from bss_desktop.client.faces.draw import CARD_ASPECT

FACE_W = 104
PER_ROW = 3


class _Face(QLabel):
    hovered = Signal(str)

    def __init__(self, card_id: str, pixmap, parent=None) -> None:
        super().__init__(parent)
        self.card_id = card_id
        self.setPixmap(pixmap)
        self.setMouseTracking(True)

    def enterEvent(self, event) -> None:
        self.hovered.emit(self.card_id)
        super().enterEvent(event)


class SampleHandView(QWidget):
    cardHovered = Signal(str)

    def __init__(self, db, faces, parent=None) -> None:
        super().__init__(parent)
        self.db, self.faces = db, faces
        self.cards: list[str] = []
        self.rules = None
        self.sample: SampleHand | None = None
        self.seed: int | None = None  # tests fix it; None: a new shuffle every time
        lay = QVBoxLayout(self)
        lay.setContentsMargins(6, 6, 6, 6)
        row = QHBoxLayout()
        self.new_button = QPushButton("New hand", objectName="NewHand")
        self.keep_button = QPushButton("Keep (+1)", objectName="Keep")
        self.mulligan_button = QPushButton("Mulligan", objectName="Mulligan")
        self.draw_button = QPushButton("Draw next", objectName="DrawNext")
        self.new_button.clicked.connect(self.new_hand)
        self.keep_button.clicked.connect(self.keep)
        self.mulligan_button.clicked.connect(self.mulligan)
        self.draw_button.clicked.connect(self.draw_next)
        self.keep_button.setToolTip("Keep the opening hand and draw 1 more (CR 5-2-7)")
        self.mulligan_button.setToolTip("The hand goes to the bottom of the deck, draw 4, shuffle; once (CR 5-2-7)")
        for b in (self.new_button, self.keep_button, self.mulligan_button, self.draw_button):
            row.addWidget(b)
        lay.addLayout(row)
        self.status = QLabel(objectName="HandStatus")
        self.status.setWordWrap(True)
        lay.addWidget(self.status)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        self.faces_box = QWidget()
        self.grid = QGridLayout(self.faces_box)
        self.grid.setAlignment(Qt.AlignTop | Qt.AlignLeft)
        scroll.setWidget(self.faces_box)
        lay.addWidget(scroll, 1)
        self._buttons()

    def set_deck(self, cards: list[str], rules) -> None:
        """The deck changed: the next hand is dealt from it (the hand shown stays until then)."""
        self.cards, self.rules = [c for c in cards if c in self.db], rules
        if rules is not None and rules.game != "bss":  # the game's own opening (its profile's setup)
            self.keep_button.setText(f"Keep (+{rules.keep_bonus})" if rules.keep_bonus else "Keep")
            self.keep_button.setToolTip("Keep the opening hand" + (f" and draw {rules.keep_bonus} more"
                                                                   if rules.keep_bonus else ""))
            how = "shuffled into the deck, then a new hand" if rules.mulligan_shuffles_first else \
                "to the bottom of the deck, a new hand, then shuffle"
            self.mulligan_button.setToolTip(f"The hand goes {how}; up to {rules.mulligans} time(s) ({rules.rule})")
        self._buttons()

    def new_hand(self) -> None:
        r = self.rules
        if r is None or len(self.cards) < r.hand:
            self.sample = None
            self.status.setText(f"Add at least {r.hand if r else 4} cards to deal a hand.")
            self._show()
            return
        self.sample = SampleHand(self.cards, seed=self.seed, hand=r.hand, keep_bonus=r.keep_bonus,
                                 mulligans=r.mulligans, mulligan_shuffles_first=r.mulligan_shuffles_first)
        if self.seed is not None:
            self.seed += 1  # the next "New hand" is another hand, still reproducible
        self.status.setText(f"Opening hand: {r.hand} cards. Keep to draw {r.keep_bonus}, or mulligan.")
        self._show()

    def keep(self) -> None:
        if self.sample is None:
            return
        drawn = self.sample.keep()
        self.status.setText(f"Kept: drew {len(drawn)} — {len(self.sample.hand)} cards in hand.")
        self._show()

    def mulligan(self) -> None:
        if self.sample is None:
            return
        try:
            self.sample.mulligan()
        except ValueError as e:
            self.status.setText(str(e))
            return
        self.status.setText(self.sample.log[-1] if self.sample.log else "Mulligan.")
        self._show()

    def draw_next(self) -> None:
        if self.sample is None:
            return
        card = self.sample.draw_next()
        self.status.setText(f"Drew {display_name(self.db[card])} — {len(self.sample.hand)} in hand, "
                            f"{len(self.sample.library)} left." if card else "The deck is empty.")
        self._show()

    def refresh_faces(self) -> None:
        """Show the hand's faces again (pictures turned on or off: client/faces/cache.py set_card_faces)."""
        self._show()

    def _show(self) -> None:
        while self.grid.count():
            w = self.grid.takeAt(0).widget()
            if w is not None:
                w.hide()  # gone from the screen now, not at the next event-loop turn
                w.deleteLater()
        hand = self.sample.hand if self.sample else []
        h = round(FACE_W / CARD_ASPECT)
        for i, card_id in enumerate(hand):
            face = _Face(card_id, self.faces.get(self.db[card_id], FACE_W, h))
            face.setToolTip(display_name(self.db[card_id]))
            face.hovered.connect(self.cardHovered.emit)
            self.grid.addWidget(face, i // PER_ROW, i % PER_ROW)
        self._buttons()

    def hand(self) -> list[str]:
        return list(self.sample.hand) if self.sample else []

    def _buttons(self) -> None:
        s = self.sample
        self.keep_button.setEnabled(bool(s) and not s.decided)
        self.mulligan_button.setEnabled(bool(s) and not s.decided and s.mulligans_left > 0)
        self.draw_button.setEnabled(bool(s) and s.decided and bool(s.library))  # CR 5-2-7: keep or mulligan first
