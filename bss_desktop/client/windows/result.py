"""The end of a game: who won and why, then a rematch, the record, or the replay.

Shown with show() (never exec(): no nested event loop under qasync). A rematch uses the same decks with a new
seed; the player who lost chooses who goes first.
"""
from __future__ import annotations

import os

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget


class ResultDialog(QDialog):
    def __init__(self, window, result):
        super().__init__(window)
        self.window_ = window
        self.result = result
        controller = window.controller
        game = window.model.game
        self.setWindowTitle("Game over")
        self.setStyleSheet("QLabel#Headline { font-size: 22px; font-weight: 600; }")
        lay = QVBoxLayout(self)
        headline = controller.winner_text(result) if hasattr(controller, "winner_text") else (
            "A draw" if result.winner is None else f"Player {result.winner + 1} wins")
        self.headline = QLabel(headline + ("!" if headline == "You win" else "."), objectName="Headline")
        lay.addWidget(self.headline)
        turns = game.state.turn if hasattr(game, "state") else None
        reason = controller.named(result.reason) if hasattr(controller, "named") else result.reason
        why = f"{reason[:1].upper()}{reason[1:]}." if reason else ""
        self.reason = QLabel(why + (f" The game lasted {turns} turns." if turns else ""))
        self.reason.setWordWrap(True)
        lay.addWidget(self.reason)
        row = QHBoxLayout()
        self.rematch = QPushButton("Rematch")
        self.rematch.setToolTip("The same decks, a new shuffle; the player who lost chooses who goes first")
        self.rematch.clicked.connect(self.start_rematch)
        self.save = QPushButton("Save the record…")
        self.save.clicked.connect(lambda: window.save_record())
        self.watch = QPushButton("Watch the replay")
        self.watch.clicked.connect(self.watch_replay)
        close = QPushButton("Close")
        close.clicked.connect(self.close)
        self.first = self._first_player_choice(result, controller, window)
        start = getattr(game, "start", None) or {}  # a LAN guest's game knows no start (only the host has it)
        self.from_position = "decks" not in start  # a game from a position: the position again
        can_rematch = not window.lan and not window.sandbox and bool(start)
        if self.from_position:
            self.rematch.setToolTip("The same position again, from the start")
        self.rematch.setVisible(can_rematch)
        self.first.setVisible(can_rematch and not self.from_position)
        self.rematch.setEnabled(self.from_position or self.first_choice is not None)
        if not self.rematch.isEnabled():
            self.rematch.setToolTip("Choose who goes first, then play the rematch")
        lay.addWidget(self.first)
        for b in (self.rematch, self.save, self.watch, close):
            row.addWidget(b)
        lay.addLayout(row)
        lay.setAlignment(Qt.AlignTop)
        self.spawned = None

    def _first_player_choice(self, result, controller, window) -> QWidget:
        """Who goes first in the rematch: the player who lost chooses (the computer, if it lost, goes first itself).
        Until the choice is made it reads as one to make, with a button per answer, and Rematch waits for it."""
        loser = None if result.winner is None else 1 - result.winner
        seats = getattr(controller, "seats", ("human", "human"))
        box = QWidget()
        box.setStyleSheet("QPushButton:checked { background: #c2410c; border: 1px solid #ea580c; color: white; }")
        lay = QVBoxLayout(box)
        lay.setContentsMargins(0, 8, 0, 0)
        self.first_prompt = QLabel()
        self.first_prompt.setTextFormat(Qt.PlainText)
        self.first_prompt.setWordWrap(True)
        lay.addWidget(self.first_prompt)
        self.first_choice = None  # the seat that goes first in the rematch, once chosen
        self.first_buttons: list[QPushButton] = []
        if loser is not None and seats[loser] == "ai":
            self.first_choice = loser
            self.first_prompt.setText("The computer lost: it goes first in the rematch.")
            return box
        if loser is None:
            prompt, options = "A draw: choose who goes first in the rematch.", [
                ("Player 1 goes first", 0, "Player 1 goes first."), ("Player 2 goes first", 1, "Player 2 goes first.")]
        elif loser == controller.viewer and not getattr(controller, "hotseat", False):
            prompt, options = "You lost: choose whether you go first or second in the rematch.", [
                ("I go first", loser, "You chose to go first."), ("I go second", 1 - loser, "You chose to go second.")]
        else:
            who = window._player(loser)
            prompt, options = f"{who} lost: {who} chooses whether to go first or second in the rematch.", [
                (f"{who} goes first", loser, f"{who} chose to go first."),
                (f"{who} goes second", 1 - loser, f"{who} chose to go second.")]
        self.first_prompt.setText(prompt)
        row = QHBoxLayout()
        for label, seat, chosen in options:
            button = QPushButton(label)
            button.setCheckable(True)
            button.clicked.connect(lambda _checked=False, b=button, seat=seat, chosen=chosen:
                                   self.choose_first(b, seat, chosen))
            row.addWidget(button)
            self.first_buttons.append(button)
        row.addStretch(1)
        lay.addLayout(row)
        return box

    def choose_first(self, button: QPushButton, seat: int, chosen: str) -> None:
        """A first-player button: the choice is made (and said so); the rematch may start."""
        self.first_choice = seat
        for b in self.first_buttons:
            b.setChecked(b is button)
        self.first_prompt.setText(f"{chosen} Press Rematch to play.")
        self.rematch.setEnabled(True)
        self.rematch.setToolTip("The same decks, a new shuffle")
        self.rematch.setFocus()  # Enter plays it

    def _record(self):
        """The game's record: the host's audited one for a LAN guest, else this game's."""
        guest = getattr(getattr(self.window_, "session", None), "guest", None)
        if guest is not None:
            return guest.record
        from bss_desktop.engine.record import to_record

        return to_record(self.window_.model.game)

    def start_rematch(self):
        from bss_desktop.engine.game import Game
        from bss_desktop.engine.rng import seed_from

        w = self.window_
        game = w.model.game
        start = game.start or {}
        if "decks" not in start:  # the window's game now (a position loaded after the dialog opened: that one again)
            from bss_desktop.engine.record import replay, to_record

            new = replay(to_record(game), game.db, verify=False, stop=0)
            new.names, new.inline_cards = game.names, game.inline_cards
        else:
            seed = seed_from("rematch", os.getpid(), id(self), game.state_hash())
            new = Game.new(game.db, [list(d) for d in start["decks"]], seed,
                           first_player=self.first_choice, settings=game.settings,
                           deck_names=start.get("deck_names"), profile=game.profile)
        # a game window like the one that ended (no import back up to it), autosaved where it was
        window = type(w)(new, seats=w.seats, settings=w.settings, autosave=w.autosave,
                         title=w.windowTitle(), guide=w.guide is not None, level=getattr(w, "level", None))
        window.restore_geometry()
        window.show()
        self.spawned = window
        w._spawned = window  # kept alive with the window that made it
        self.close()
        w.close()
        return window

    def watch_replay(self):
        from bss_desktop.client.windows.replay import ReplayWindow
        from bss_desktop.client.windows.screen_fit import open_sized

        record = self._record()
        if record is None:
            self.window_.statusBar().showMessage("The host's record has not arrived yet.", 8000)
            return None
        window = ReplayWindow(record, self.window_.model.game.db, title="bss_desktop — replay of the last game",
                              settings=getattr(self.window_, "settings", None))
        open_sized(window, 1440, 900)
        window.show()
        self.spawned = window
        self.window_._spawned = window
        return window
