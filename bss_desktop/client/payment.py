"""Paying for a card: where the cost's cores come from and how many go onto it (CR 10-6-6, 10-6-7).

The panel opens pre-filled with the automatic choice (reserve first, never a
spirit below LV1 unless unavoidable); Enter accepts it. The player can change
how many cores each source pays and places, and what the soul core does. The
engine checks the result; a refusal names the rule and the panel stays open.
"""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QComboBox, QGridLayout, QHBoxLayout, QLabel, QPushButton, QSpinBox, QVBoxLayout, QWidget

from ..engine import costs


class PaymentPanel(QWidget):
    confirmed = Signal(object)  # the command
    cancelled = Signal()

    def __init__(self, game, cmd, parent=None):
        super().__init__(parent)
        self.game, self.cmd = game, cmd
        st = game.state
        p = cmd.player
        card = game.db[st.cards[cmd.card].cid]
        self.card_def = card
        self.cost = game.cost_of(cmd.card)
        self.lv1 = card.lv1_cores if card.type != "magic" else 0
        self.places = card.type != "magic"
        player = st.players[p]
        # only places that hold cores can pay or place (CR 10-6-6, 10-6-7)
        self.sources = [("reserve", "Reserve", player.reserve)] + [
            (iid, game.db[st.cards[iid].cid].name, st.cards[iid].cores) for iid in player.field if st.cards[iid].cores]
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        reduced = card.cost - self.cost
        verb = {"spirit": "Summon", "nexus": "Place", "magic": "Use"}[card.type]
        head = QLabel(f"<b>{verb} {card.name}</b> — cost {self.cost}"
                      + (f" ({card.cost} − {reduced} reduction, CR 2-7-3)" if reduced else "")
                      + (f"; LV1 needs {self.lv1} core(s)" if self.places else ""))
        lay.addWidget(head)
        grid = QGridLayout()  # one column per source: name, then how many it pays and places
        grid.setHorizontalSpacing(10)
        grid.setVerticalSpacing(2)
        grid.addWidget(QLabel("pay"), 1, 0)
        if self.places:
            grid.addWidget(QLabel("place"), 2, 0)
        self.pay_boxes, self.place_boxes = {}, {}
        for col, (loc, name, have) in enumerate(self.sources, start=1):
            title = QLabel(f"{name} ({have})")
            title.setMaximumWidth(130)
            title.setToolTip(name)
            grid.addWidget(title, 0, col)
            self.pay_boxes[loc] = self._count_box(have)
            grid.addWidget(self.pay_boxes[loc], 1, col)
            if self.places:
                self.place_boxes[loc] = self._count_box(have)
                grid.addWidget(self.place_boxes[loc], 2, col)
        self.soul = QComboBox()
        self.soul_ok = costs.soul_available(game, p)
        self.soul.addItems(["soul core stays", "soul core pays"] + (["soul core onto it"] if self.places else []))
        self.soul.setEnabled(self.soul_ok)
        self.soul.currentIndexChanged.connect(self._update)
        grid.addWidget(self.soul, 1, len(self.sources) + 1)
        grid.setColumnStretch(len(self.sources) + 2, 1)
        lay.addLayout(grid)
        row = QHBoxLayout()
        self.summary = QLabel()
        row.addWidget(self.summary, 1)
        self.ok = QPushButton("Pay  [Enter]")
        self.ok.setProperty("primary", True)
        self.ok.clicked.connect(self._confirm)
        cancel = QPushButton("Cancel  [Esc]")
        cancel.clicked.connect(self.cancelled.emit)
        row.addWidget(self.ok)
        row.addWidget(cancel)
        lay.addLayout(row)
        for key, slot in (("Return", self._confirm), ("Enter", self._confirm), ("Escape", self.cancelled.emit)):
            QShortcut(QKeySequence(key), self, activated=slot)
        self._fill_automatic()

    def _count_box(self, most: int) -> QSpinBox:
        """How many cores one source pays or places: 0 to what it holds."""
        box = QSpinBox()
        box.setRange(0, most)
        box.setFixedWidth(64)
        box.valueChanged.connect(self._update)
        return box

    def _fill_automatic(self) -> None:
        auto = costs.auto_select(self.game, self.cmd.player, self.cost, self.lv1)
        if auto is None:
            self._update()
            return
        pay, pay_soul, place, place_soul = auto
        for loc, n in pay:
            self.pay_boxes[loc].setValue(n)
        for loc, n in place:
            self.place_boxes[loc].setValue(n)
        self.soul.setCurrentIndex(2 if place_soul else 1 if pay_soul else 0)
        self._update()

    def selection(self):
        pay = tuple((loc, b.value()) for loc, b in self.pay_boxes.items() if b.value())
        place = tuple((loc, b.value()) for loc, b in self.place_boxes.items() if b.value())
        soul = self.soul.currentIndex() if self.soul_ok else 0
        return pay, soul == 1, place, soul == 2

    def _update(self) -> None:
        pay, pay_soul, place, place_soul = self.selection()
        paid = sum(n for _, n in pay) + pay_soul
        placed = sum(n for _, n in place) + place_soul
        over = [name for loc, name, have in self.sources
                if self.pay_boxes[loc].value() + (self.place_boxes[loc].value() if self.places else 0) > have]
        text = f"paying {paid} of {self.cost}"
        if self.places:
            lv = self.card_def.level_for(placed) if self.card_def.levels else 0
            text += f"; placing {placed} → LV{lv}" if lv else f"; placing {placed} (below LV1)"
        if over:
            text += f" — more cores than {', '.join(over)} has"
        self.summary.setText(text)
        self.ok.setEnabled(paid == self.cost and placed >= self.lv1 and not over)

    def _confirm(self) -> None:
        if not self.ok.isEnabled():
            return
        pay, pay_soul, place, place_soul = self.selection()
        if self.places:
            cmd = type(self.cmd)(self.cmd.player, self.cmd.card, pay, pay_soul, place, place_soul)
        else:
            cmd = type(self.cmd)(self.cmd.player, self.cmd.card, pay, pay_soul)
        self.confirmed.emit(cmd)
