"""Starting the Qt app under qasync.

The board itself arrives with the client work; until then the window lets a
player watch the engine play a complete game between two shipped decks, with
the game log and rule references.
"""
from __future__ import annotations

import asyncio
import sys

import PySide6  # noqa: F401  - import PySide6 before qasync so qasync picks this binding
from PySide6.QtWidgets import (QApplication, QComboBox, QHBoxLayout, QLabel, QMainWindow, QPlainTextEdit,
                               QPushButton, QVBoxLayout, QWidget)

import qasync  # noqa: E402

from .. import __version__
from ..gamelog import describe


class StartWindow(QMainWindow):
    def __init__(self):
        super().__init__()
        from ..carddb.database import load_default_db
        from ..carddb.decks import shipped_decks

        self.db = load_default_db()
        self.decks = shipped_decks(self.db)
        self.setWindowTitle(f"bss_desktop {__version__} — Battle Spirits Saga")
        central = QWidget()
        layout = QVBoxLayout(central)
        layout.addWidget(QLabel("<h2>Battle Spirits Saga</h2><p>Watch the rules engine play a complete game "
                                "between two preconstructed decks. The table you play on with the mouse comes next.</p>"))
        row = QHBoxLayout()
        self.deck_a, self.deck_b = QComboBox(), QComboBox()
        for box in (self.deck_a, self.deck_b):
            box.addItems(sorted(self.decks))
        if self.deck_b.count() > 1:
            self.deck_b.setCurrentIndex(1)
        self.play = QPushButton("Play a demo game")
        self.play.clicked.connect(self.play_demo)
        row.addWidget(self.deck_a)
        row.addWidget(QLabel("vs"))
        row.addWidget(self.deck_b)
        row.addWidget(self.play)
        layout.addLayout(row)
        self.log = QPlainTextEdit(readOnly=True)
        layout.addWidget(self.log)
        self.setCentralWidget(central)
        self.resize(900, 640)

    def play_demo(self):
        from ..engine.game import Game
        from ..engine.rng import seed_from
        from ..sim.policy import RandomPolicy

        a, b = self.deck_a.currentText(), self.deck_b.currentText()
        seed = seed_from("demo", a, b, self.log.blockCount())
        game = Game.new(self.db, [self.decks[a].cards, self.decks[b].cards], seed, record_hashes=False)
        lines = [f"{a} (player 1 seat) vs {b}; seed {seed}"] + [describe(game, e, 0) for e in game.log_events]
        policies = [RandomPolicy(seed + 1), RandomPolicy(seed + 2)]
        while not game.over:
            for event in game.apply(policies[game.pending.player].choose(game)):
                text = describe(game, event, None)
                if text:
                    lines.append(text)
        self.log.setPlainText("\n".join(line for line in lines if line))


def run() -> int:
    app = QApplication.instance() or QApplication(sys.argv)
    window = StartWindow()
    window.show()
    closed = asyncio.Event()
    app.aboutToQuit.connect(closed.set)

    async def main():
        await closed.wait()

    # Python 3.11: asyncio.run has no loop_factory, asyncio.Runner does
    with asyncio.Runner(loop_factory=qasync.QEventLoop) as runner:
        runner.run(main())
    return 0
