"""Paying for a card: where the cost's cores come from and how many go onto it (CR 10-6-6, 10-6-7).

The panel opens pre-filled with the automatic choice (reserve first, never a
spirit or nexus below LV1 unless unavoidable, then as few as possible); Enter
accepts it. The player can change how many cores each source pays and places,
and what the soul core does. Whenever the selection would leave field cards
below their LV1 cores, a red line names each of them (self-destruction, CR 9-3-2,
10-1-1-1), the Pay button says how many it destroys, and Enter does not accept
it: the player clicks the button deliberately. The engine checks the result; a
refusal names the rule and the panel stays open.
"""
from __future__ import annotations

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from bss_desktop.engine.commands import UseMagic
from bss_desktop.rules.bss import costs

WARNING_STYLE = "color: #f87171; font-weight: 600;"  # red, readable on the decision bar's dark background


class WrappedLabel(QLabel):
    """Plain text that wraps at spaces within about `chars` average characters, and is never cut off.

    It is never narrower than its longest word, and asks for the height its text needs at its narrowest
    width, so a layout that gives it at least its minimum size shows all of it (in whatever font the
    surrounding style sheet sets: the sizes follow the current font).
    """

    def __init__(self, text: str = "", chars: int = 18, parent=None):
        super().__init__(text, parent)
        self.chars = chars
        self.setTextFormat(Qt.PlainText)
        self.setWordWrap(True)

    def _narrowest(self) -> int:
        fm = self.fontMetrics()
        text = self.text()
        if not text:
            return 0
        longest = max((fm.horizontalAdvance(w) for w in text.split()), default=0)
        full = max(fm.horizontalAdvance(line) for line in text.split("\n"))
        return min(full, max(longest, fm.averageCharWidth() * self.chars)) + 2  # +2: rounding of glyph widths

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt API
        if not self.text():
            return QSize(0, 0)
        m = self.contentsMargins()
        w = self._narrowest() + m.left() + m.right()
        return QSize(w, self.heightForWidth(w))

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt API
        return self.minimumSizeHint()


def _names(names: list[str]) -> str:
    """'A', 'A and B', 'A, B and C'."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


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
        self.exile: tuple = ()  # the cards 《Succession》 removes (a game's own way to pay: Game.succession_cards)
        self.ex_cards = game.succession_cards(cmd)
        self.lv1 = card.lv1_cores if card.type != "magic" else 0
        self.places = card.type != "magic"
        player = st.players[p]
        # only places that hold cores can pay or place (CR 10-6-6, 10-6-7)
        self.sources = [("reserve", "Reserve", player.reserve)] + [
            (iid, game.db[st.cards[iid].cid].name, st.cards[iid].cores) for iid in player.field if st.cards[iid].cores]
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        verb = {"spirit": "Summon", "nexus": "Place", "magic": "Use"}[card.type]
        self.verb = verb
        self.head = head = QLabel()
        self._head()
        lay.addWidget(head)
        extras = QHBoxLayout()  # the game's own ways to pay: Standard's Soul Magic and Succession
        if game.soul_magic_ok(cmd):
            self.soul_magic = QPushButton("《Soul Magic》: pay with the soul core alone")
            self.soul_magic.setToolTip(game.cited("You have a symbol of its colour on your field: the soul core "
                                                  "alone pays its cost (STD 12-2-1-2-1)"))
            self.soul_magic.clicked.connect(lambda: self.confirmed.emit(UseMagic(p, cmd.card, (), True)))
            extras.addWidget(self.soul_magic)
        if self.ex_cards:
            extras.addWidget(QLabel("《Succession》: remove"))
            self.succession = QSpinBox()
            self.succession.setRange(0, len(self.ex_cards))
            self.succession.setToolTip("EX-symbol cards of your trash removed from the game, each satisfying one "
                                       "reduction symbol (STD 12-2-1-3)")
            self.succession.valueChanged.connect(self._succession_changed)
            extras.addWidget(self.succession)
            extras.addWidget(QLabel(f"EX card(s) of your trash (of {len(self.ex_cards)})"))
        if extras.count():
            extras.addStretch(1)
            lay.addLayout(extras)
        grid = QGridLayout()  # one column per source: name, then how many it pays and places
        grid.setHorizontalSpacing(10)
        grid.setVerticalSpacing(2)
        grid.addWidget(QLabel("pay"), 1, 0)
        if self.places:
            grid.addWidget(QLabel("place"), 2, 0)
        self.pay_boxes, self.place_boxes, self.titles = {}, {}, {}
        for col, (loc, name, have) in enumerate(self.sources, start=1):
            # the whole name, wrapped onto more lines rather than cut off
            soul = " + soul core" if loc == player.soul else ""  # it counts towards LV1 too (CR 2-10-3)
            title = self.titles[loc] = WrappedLabel(f"{name} ({have}{soul})", chars=18)
            title.setAlignment(Qt.AlignLeft | Qt.AlignBottom)
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
        self.soul.setSizeAdjustPolicy(QComboBox.AdjustToContents)  # never narrower than its longest choice
        self.soul.setEnabled(self.soul_ok)
        self.soul.currentIndexChanged.connect(self._update)
        grid.addWidget(self.soul, 1, len(self.sources) + 1)
        grid.setColumnStretch(len(self.sources) + 2, 1)
        lay.addLayout(grid)
        # the cards this selection self-destroys (CR 9-3-2, 10-1-1-1); hidden when it destroys none
        self.warning = WrappedLabel(chars=52)
        self.warning.setStyleSheet(WARNING_STYLE)
        self.warning.setVisible(False)
        line = QHBoxLayout()  # as wide as its wrapped text, not the whole panel: readable in a narrow, scrolling bar
        line.addWidget(self.warning)
        line.addStretch(1)
        lay.addLayout(line)
        self.doomed: list[int] = []
        row = QHBoxLayout()  # the buttons right after the summary: in sight when a narrow bar scrolls the panel
        self.summary = QLabel()
        row.addWidget(self.summary)
        self.ok = QPushButton("Pay  [Enter]")
        self.ok.setProperty("primary", True)
        self.ok.clicked.connect(self._confirm)  # a click pays even when it destroys: the player chose it
        cancel = QPushButton("Cancel  [Esc]")
        cancel.clicked.connect(self.cancelled.emit)
        row.addWidget(self.ok)
        row.addWidget(cancel)
        row.addStretch(1)
        lay.addLayout(row)
        for key, slot in (("Return", self._confirm_key), ("Enter", self._confirm_key), ("Escape", self.cancelled.emit)):
            QShortcut(QKeySequence(key), self, activated=slot)
        self._fill_automatic()

    def _head(self) -> None:
        card = self.card_def
        reduced = card.cost - self.cost
        self.head.setText(f"<b>{self.verb} {card.name}</b> — cost {self.cost}"
                          + (f" ({card.cost} − {reduced} reduction, {self.game.cited('CR 2-7-3')})" if reduced else "")
                          + (f"; LV1 needs {self.lv1} core(s)" if self.places else ""))

    def _succession_changed(self, k: int) -> None:
        """How many EX cards 《Succession》 removes: the cost, and the automatic payment of it, again."""
        from dataclasses import replace

        self.exile = tuple(self.ex_cards[:k])
        self.cost = self.game.cost_with(replace(self.cmd, exile=self.exile))
        self._head()
        for box in (*self.pay_boxes.values(), *self.place_boxes.values()):
            box.setValue(0)
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
        self._show_destroyed(costs.destroyed_by_payment(self.game, self.cmd.player, pay, pay_soul, place, place_soul))

    def _show_destroyed(self, doomed: list[int]) -> None:
        """Name the cards this selection leaves below LV1 (CR 9-3-2, 10-1-1-1) and say so on the Pay button."""
        self.doomed = doomed
        st, db = self.game.state, self.game.db
        for loc, title in self.titles.items():
            style = WARNING_STYLE if loc in doomed else ""
            if title.styleSheet() != style:
                title.setStyleSheet(style)
        text = ""
        if doomed:
            names = _names([db[st.cards[iid].cid].name for iid in doomed])
            they = "it loses its last cores" if len(doomed) == 1 else "they lose their last cores"
            text = (f"Paying this way destroys {names}: {they} (self-destruction, CR 10-1-1-1). "
                    "Enter will not accept this; click the button to pay anyway.")
            self.ok.setText(f"Pay and destroy {len(doomed)}")
            self.ok.setToolTip(f"Destroys {names} (CR 10-1-1-1)")
        else:
            self.ok.setText("Pay  [Enter]")
            self.ok.setToolTip("")
        if text != self.warning.text():
            self.warning.setText(text)
            self.warning.setHidden(not text)
            self._refit()

    def _refit(self) -> None:
        """The warning line came, went or changed: let every enclosing widget ask for a new size again
        (a scroll area hosting the panel does not learn by itself that its content grew)."""
        w = self
        while w is not None:
            w.updateGeometry()
            w = w.parentWidget()

    def _confirm_key(self) -> None:
        """Enter/Return: accept only a payment that destroys nothing; a self-destroying one needs the button."""
        if self.doomed:
            return
        self._confirm()

    def _confirm(self) -> None:
        if not self.ok.isEnabled():
            return
        pay, pay_soul, place, place_soul = self.selection()
        if self.places:
            cmd = type(self.cmd)(self.cmd.player, self.cmd.card, pay, pay_soul, place, place_soul, exile=self.exile)
        else:
            cmd = type(self.cmd)(self.cmd.player, self.cmd.card, pay, pay_soul, exile=self.exile)
        self.confirmed.emit(cmd)
