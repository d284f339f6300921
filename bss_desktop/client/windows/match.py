"""Between the battles of a match (table/match.py): the score, who goes first, and the side-deck swaps.

Non-modal (show(), never exec()). The loser of the last battle chooses to go first or second (a profile's
`match.loser_chooses`); each player may swap cards between deck and side deck one for one (`match.side_swap`):
pick a deck card and a side-deck card, Swap. Start battle N hands the choices to the window, which applies them
to the match and sets the next battle up.

Over the LAN (`mine`: this machine's seat) each player sees only its own swaps; of the other player's side deck only
its count (BOS Getting Started: checked face down), and the choice of who goes first only if it lost the last battle.
"""
from __future__ import annotations

from collections import Counter

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QButtonGroup,
    QDialog,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
)

from bss_desktop.carddb.cards import display_name
from bss_desktop.table.match import swapped


class SwapBox(QGroupBox):
    """One player's deck and side deck, and the swaps asked so far (one for one)."""

    def __init__(self, title: str, deck: list[str], side: list[str], db, parent=None):
        super().__init__(title, parent)
        self.db, self.deck0, self.side0 = db, list(deck), list(side)
        self.out: list[str] = []  # deck -> side deck
        self.into: list[str] = []  # side deck -> deck
        grid = QGridLayout(self)
        grid.addWidget(QLabel("Deck"), 0, 0)
        grid.addWidget(QLabel("Side deck"), 0, 2)
        self.deck_list, self.side_list = QListWidget(), QListWidget()
        self.deck_list.setObjectName("SwapDeck")
        self.side_list.setObjectName("SwapSide")
        grid.addWidget(self.deck_list, 1, 0)
        grid.addWidget(self.side_list, 1, 2)
        buttons = QVBoxLayout()
        self.swap_button = QPushButton("Swap ⇄")
        self.swap_button.setToolTip("The selected deck card goes to the side deck, the selected side-deck card "
                                    "into the deck")
        self.swap_button.clicked.connect(lambda _=False: self.swap())
        self.reset_button = QPushButton("Reset")
        self.reset_button.clicked.connect(lambda _=False: self.reset())
        buttons.addStretch(1)
        buttons.addWidget(self.swap_button)
        buttons.addWidget(self.reset_button)
        buttons.addStretch(1)
        grid.addLayout(buttons, 1, 1)
        self.count = QLabel()
        grid.addWidget(self.count, 2, 0, 1, 3)
        self.refill()

    def current(self) -> tuple[list[str], list[str]]:
        return swapped(self.deck0, self.side0, self.out, self.into)

    def _fill(self, widget: QListWidget, cards: list[str]) -> None:
        keep = widget.currentItem().data(Qt.UserRole) if widget.currentItem() is not None else None
        widget.clear()
        for cid, n in sorted(Counter(cards).items(), key=lambda kv: (self.db[kv[0]].name, kv[0])):
            item = QListWidgetItem(f"{n}×  {display_name(self.db[cid])}")
            item.setData(Qt.UserRole, cid)
            widget.addItem(item)
            if cid == keep:
                widget.setCurrentItem(item)

    def refill(self) -> None:
        deck, side = self.current()
        self._fill(self.deck_list, deck)
        self._fill(self.side_list, side)
        swaps = ", ".join(f"{display_name(self.db[o])} ⇄ {display_name(self.db[i])}" for o, i in zip(self.out, self.into))
        self.count.setText(f"Deck {len(deck)} · side deck {len(side)} (as before)"
                           + (f". Swapped: {swaps}" if swaps else ""))
        self.reset_button.setEnabled(bool(self.out))

    def swap(self) -> bool:
        a, b = self.deck_list.currentItem(), self.side_list.currentItem()
        if a is None or b is None:
            self.count.setText("Select a card in the deck and one in the side deck, then Swap.")
            return False
        self.out.append(a.data(Qt.UserRole))
        self.into.append(b.data(Qt.UserRole))
        self.refill()
        return True

    def reset(self) -> None:
        self.out, self.into = [], []
        self.refill()


class MatchPanel(QDialog):
    """The match between two battles. `started(first_player)` when the players are ready."""

    started = Signal(int)

    def __init__(self, window, match, db, names: list[str], mine: int | None = None, computer: int | None = None):
        """`mine`: this machine's seat over the LAN; `computer`: the seat the computer plays (a match in rules mode
        against it: it goes first when it lost, and keeps its deck)."""
        super().__init__(window)
        self.match, self.names, self.mine = match, names, mine
        self.setWindowTitle(f"Match — battle {match.battle} next")
        lay = QVBoxLayout(self)
        w = match.wins()
        last = match.winners[-1]
        score = QLabel(f"<b>{names[last]}</b> won battle {len(match.winners)}. Match: {names[0]} {w[0]} – {w[1]} "
                       f"{names[1]} (best of {match.best_of}: {match.needed} wins).")
        score.setWordWrap(True)
        lay.addWidget(score)
        self.first = QButtonGroup(self)
        chooser = match.chooser()
        row = QHBoxLayout()
        if chooser is not None and chooser == computer:
            row.addWidget(QLabel(f"{names[chooser]} lost it and goes first."))
            options = ((f"{names[chooser]} goes first", chooser),)
        elif chooser is not None and mine is not None and chooser != mine:
            row.addWidget(QLabel(f"{names[chooser]} lost it and chooses who goes first, on their machine."))
            options = ()
        elif chooser is not None:
            row.addWidget(QLabel(f"{'You' if chooser == mine else names[chooser]} lost it and "
                                 f"choose{'' if chooser == mine else 's'}:"))
            options = ((f"{names[chooser]} goes first", chooser), (f"{names[chooser]} goes second", 1 - chooser))
        else:
            row.addWidget(QLabel("Who goes first:"))
            options = ((f"{names[0]}", 0), (f"{names[1]}", 1))
        for i, (text, player) in enumerate(options):
            button = QRadioButton(text)
            button.setChecked(i == 0)
            self.first.addButton(button, player)
            row.addWidget(button)
        row.addStretch(1)
        lay.addLayout(row)
        self.boxes: list[SwapBox] = []
        self.box_of: dict[int, SwapBox] = {}
        if match.side_swap == "one_for_one":
            for p in (0, 1):
                if p == computer:
                    lay.addWidget(QLabel(f"{names[p]} keeps its deck; its side deck holds {len(match.sides[p])} "
                                         "card(s)."))
                    continue
                if mine is not None and p != mine:  # the other machine's: its count only, face down
                    lay.addWidget(QLabel(f"{names[p]} swaps on their machine: their side deck holds "
                                         f"{len(match.sides[p])} card(s), face down, before and after."))
                    continue
                box = SwapBox(f"{names[p]}: swap cards with the side deck, one for one", match.decks[p],
                              match.sides[p], db)
                self.boxes.append(box)
                self.box_of[p] = box
                lay.addWidget(box, 1)
        self.start_button = QPushButton(f"Start battle {match.battle}")
        self.start_button.setDefault(True)
        self.start_button.clicked.connect(lambda _=False: self._start())
        lay.addWidget(self.start_button, 0, Qt.AlignRight)
        self.resize(720, 560 if self.boxes else 160)

    def swaps(self, player: int) -> tuple[list[str], list[str]]:
        box = self.box_of.get(player)
        if box is None:
            return [], []
        return list(box.out), list(box.into)

    def _start(self) -> None:
        self.started.emit(self.first.checkedId())
        self.close()
