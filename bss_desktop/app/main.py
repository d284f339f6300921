"""Starting the Qt app under qasync, the start screen, and the offscreen screenshot."""
from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

import PySide6  # noqa: F401  - import PySide6 before qasync so qasync picks this binding
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QApplication, QComboBox, QFormLayout, QHBoxLayout, QLabel, QMainWindow, QPushButton,
                               QVBoxLayout, QWidget)

import qasync  # noqa: E402

from .. import __version__
from ..resources import assets_dir
from ..table.profiles import with_rules

DEMO_POSITIONS = {"bss": "positions/demo.yaml", "standard": "positions/demo-standard.yaml"}  # by game profile
DEMO_POSITION = DEMO_POSITIONS["bss"]  # --screenshot's default (it takes no game of its own)
LEVEL_TIPS = {
    "easy": "Easy: plays at random among the legal moves, but never destroys its own spirits when it need not",
    "normal": "Normal: tries each move to the end of its turn and keeps the best (thinks a fraction of a second)",
    "hard": "Hard: searches many possible games over the cards it cannot see (thinks a few seconds)",
}


SAGA_SUBTITLE = "A tabletop for two: the rules engine keeps the game legal while you play with the mouse."
START_WIDTH, START_HEIGHT = 860, 560  # the start screen's size, whatever the game chosen (every line fits it)


def _add_row(lay, *buttons) -> None:
    """Buttons side by side at their own widths, on a row of `lay` of their own."""
    row = QHBoxLayout()
    for b in buttons:
        row.addWidget(b)
    row.addStretch(1)
    lay.addLayout(row)


class StartWindow(QMainWindow):
    """New local game (against the computer or hot-seat), or a look at a shipped position."""

    def __init__(self):
        super().__init__()
        from ..carddb.decks import shipped_decks
        from ..client.windows.settings import AppSettings

        from ..table.profiles import get_profile

        self.settings = AppSettings.load()  # a damaged file gives the defaults and settings.problem (told below)
        from ..client.faces.cache import set_card_faces

        set_card_faces(self.settings.card_faces)  # pictures or drawn faces, in every window it opens
        self.db, problem = _card_db()
        self.saga_db = self.db  # Battle Spirits Saga's cards with the player's imported ones (the other games': theirs)
        self.profile = get_profile("bss")  # the game chosen (the start screen's first choice)
        self.decks = shipped_decks(self.db)
        self.broken_decks: dict = {}  # "my-<name>" -> BrokenDeck: the player's lists that can't be played, and why
        self._read_user_decks()  # the player's own lists, beside the shipped ones
        self.autosave_problem: str | None = None  # why the autosave can't be resumed (None: it can, or there is none)
        self._resume_failed: dict = {}  # autosave path -> (its size and time, why) after a resume that failed
        self.windows: list = []
        self.token_dialog = None  # the dialog asking for a token's stats, while it is up (ask_token_stats)
        self.setWindowTitle(f"bss_desktop {__version__} — Battle Spirits Saga")
        self.setStyleSheet("""
            QMainWindow, QWidget#Start { background: #1d2433; }
            QLabel { color: #e8ecf4; font-size: 14px; }
            QLabel#Title { font-size: 30px; font-weight: 600; }
            QComboBox { font-size: 14px; padding: 4px 8px; }
            QPushButton { background: #2d3a55; color: #f1f4fa; border: 1px solid #4a5b80; border-radius: 8px;
                          padding: 10px 18px; font-size: 15px; }
            QPushButton:hover { background: #3b4c70; }
            QPushButton:disabled { color: #7b8599; background: #232b3d; }
        """)
        central = QWidget(objectName="Start")
        lay = QVBoxLayout(central)
        lay.setContentsMargins(40, 28, 40, 28)
        self.title = title = QLabel("Battle Spirits Saga", objectName="Title")
        lay.addWidget(title)
        game_row = QHBoxLayout()
        game_row.addWidget(QLabel("Game"))
        self.game_box = QComboBox(objectName="Game")
        from ..table.profiles import all_profiles

        for prof in all_profiles():
            mode = "" if prof.rules else "  (sandbox)"
            self.game_box.addItem(prof.name + mode, prof.id)
            self.game_box.setItemData(self.game_box.count() - 1, prof.rules_document, Qt.ToolTipRole)
        self.game_box.currentIndexChanged.connect(lambda _index: self._game_chosen())
        game_row.addWidget(self.game_box)
        game_row.addStretch(1)
        lay.addLayout(game_row)
        self.subtitle = QLabel(SAGA_SUBTITLE)
        self.subtitle.setWordWrap(True)  # another game's longer line wraps: the screen keeps its width
        lay.addWidget(self.subtitle)
        # what could not be read (the settings, the autosave): said plainly, with the file and the problem
        self.notice = QLabel(objectName="Notice")
        self.notice.setWordWrap(True)
        self.notice.setTextFormat(Qt.PlainText)
        self.notice.setTextInteractionFlags(Qt.TextSelectableByMouse)
        self.notice.setStyleSheet("color: #fbbf24;")
        self.notice.hide()
        self._notices: dict[str, str] = {}
        lay.addWidget(self.notice)
        self.guided = QPushButton("First game? Play a guided game against the computer")
        self.guided.setStyleSheet("background: #c2410c; border-color: #ea580c;")
        self.guided.clicked.connect(self.guided_game)
        self.resume = QPushButton("Resume your last game")
        self.resume.clicked.connect(self.resume_game)
        for b in (self.guided, self.resume):  # a line each: the resume button's text grows with what it resumes
            _add_row(lay, b)
        form = QFormLayout()
        self.deck_a, self.deck_b = QComboBox(), QComboBox()
        for box in (self.deck_a, self.deck_b):  # a long deck name (a broken list's reason) never widens the screen
            box.setSizeAdjustPolicy(QComboBox.AdjustToMinimumContentsLengthWithIcon)
            box.setMinimumContentsLength(32)
        self._fill_deck_boxes()
        self.deck_b.setCurrentIndex(min(1, self.deck_b.count() - 1))
        for box in (self.deck_a, self.deck_b):
            self._deck_tooltip(box)
            box.currentIndexChanged.connect(lambda _index, box=box: self._deck_chosen(box))
        form.addRow(QLabel("Your deck"), self.deck_a)
        form.addRow(QLabel("Opponent's deck"), self.deck_b)
        # the text the computer skips (effects the engine does not automate) in the deck it will play, said before
        # the game starts
        self.skip_note = QLabel(objectName="SkipNote")
        self.skip_note.setWordWrap(True)
        self.skip_note.setTextFormat(Qt.PlainText)
        self.skip_note.setStyleSheet("color: #fbbf24; font-size: 13px;")
        self.skip_note.hide()
        form.addRow("", self.skip_note)  # under the computer's deck
        self.level = QComboBox(objectName="Level")
        self._fill_levels()
        self.level.currentIndexChanged.connect(lambda _index: self._level_chosen())
        form.addRow(QLabel("The computer's level"), self.level)
        lay.addLayout(form)
        self.deck_b.currentIndexChanged.connect(lambda _index: self._update_skip_note())
        self._update_skip_note()
        self.vs_ai = QPushButton("Play against the computer")
        self.vs_ai.clicked.connect(lambda: self.new_game(("human", "ai")))
        self.hotseat = QPushButton("Hot-seat: two players, one computer")
        self.hotseat.clicked.connect(lambda: self.new_game(("human", "human")))
        self.sandbox = QPushButton("Sandbox: free moves, undo, positions")
        self.sandbox.clicked.connect(self.open_sandbox)
        self.demo = QPushButton("Open the demo position")
        self.demo.clicked.connect(self.open_demo)
        self.host_button = QPushButton("Host a LAN game")
        self.host_button.clicked.connect(lambda: self.open_lan("host"))
        self.join_button = QPushButton("Join a LAN game")
        self.join_button.clicked.connect(lambda: self.open_lan("join"))
        self.builder_button = QPushButton("Deck builder: browse the cards, build and test decks")
        self.builder_button.setObjectName("DeckBuilder")
        self.builder_button.clicked.connect(lambda _checked=False: self.open_deck_builder())
        watch = QPushButton("Watch a saved game…")
        watch.clicked.connect(lambda _checked=False: self.open_record())  # `checked` is not a path
        settings_button = QPushButton("Settings…")
        settings_button.clicked.connect(self.open_settings)
        # rows of at most ~650 px: the screen fits a small laptop's width whatever the game chosen
        for buttons in ((self.vs_ai, self.hotseat), (self.sandbox, self.demo),
                        (self.host_button, self.join_button, settings_button), (self.builder_button, watch)):
            _add_row(lay, *buttons)
        lay.addStretch(1)
        self.setCentralWidget(central)
        self._update_resume()
        from ..client.windows.help import add_help_menu
        from ..client.windows.settings import DEFAULT_HOTKEYS

        decks_menu = self.menuBar().addMenu("&Decks")
        self.builder_action = decks_menu.addAction("Deck builder…")
        self.builder_action.setShortcut("Ctrl+D")
        self.builder_action.triggered.connect(lambda _checked=False: self.open_deck_builder())
        add_help_menu(self, lambda: {a: self.settings.key(a) for a in DEFAULT_HOTKEYS})
        if self.settings.problem:
            self._set_notice("settings", f"There is a problem with your settings: {self.settings.problem}")
        self._note_profile_problems()
        if problem:  # the shipped cards still play; the notice stays until the file is fixed and the app restarted
            problem = problem[0].upper() + problem[1:]
            self._set_notice("cards", problem)
            self.statusBar().showMessage(problem, 20000)
        elif self.settings.problem:
            self.statusBar().showMessage(f"Settings: {self.settings.problem}", 20000)
        elif self.autosave_problem:
            self.statusBar().showMessage(f"The autosave could not be read: {self.autosave_problem}", 20000)
        elif self.broken_decks:
            first = next(iter(self.broken_decks.values()))
            self.statusBar().showMessage(f"Some of your deck lists are broken (marked ⚠ in the lists): "
                                         f"{first.summary()}", 20000)
        self._open_sized()

    def _open_sized(self) -> None:
        """START_WIDTH wide and tall enough for any game's contents, clamped to the screen and centred: choosing
        another game changes neither (the description wraps, the buttons' rows fit)."""
        from ..client.windows.screen_fit import open_sized

        open_sized(self, START_WIDTH, max(START_HEIGHT, self.sizeHint().height()))

    # ------------------------------------------------------------------ the game chosen

    def _game_chosen(self) -> None:
        """Another game on the table: its cards and decks in the lists; what it cannot do yet (rules mode, LAN
        games, the deck builder, for a game without a rules module) greyed with why."""
        from ..carddb.database import game_db
        from ..carddb.deck_formats import game_decks, player_game_decks
        from ..table.profiles import get_profile

        self.profile = get_profile(self.game_box.currentData() or "bss")
        saga = self.profile.id == "bss"
        self.title.setText(self.profile.name)
        self.setWindowTitle(f"bss_desktop {__version__} — {self.profile.name}")
        self.db = self.saga_db if saga else game_db(self.profile)
        self.decks.clear()  # in place: the LAN windows hold this dict too
        self.decks.update(game_decks(self.db, self.profile))
        self.broken_decks = {}
        if saga:
            self._read_user_decks()
        else:
            self.decks.update(player_game_decks(self.db, self.profile))
        self._fill_deck_boxes()
        self.deck_b.setCurrentIndex(min(1, self.deck_b.count() - 1))
        ruled = with_rules(self.profile).rules is not None  # a rules module plays it: against the computer, hot-seat
        why = "" if ruled else f"{self.profile.name} has no rules module yet: play it in the sandbox"
        for w in (self.guided, self.vs_ai, self.hotseat, self.level):
            w.setEnabled(ruled)
            w.setToolTip(why)
        demo = self.profile.id in DEMO_POSITIONS  # a game with a demo position of its own: opened on its rules
        self.demo.setEnabled(demo)
        self.demo.setToolTip(f"A game of {self.profile.name} in progress, to play on from here" if demo else
                             f"{self.profile.name} has no demo position yet")
        self.guided.setVisible(ruled and self.profile.rules is not None)  # the guided game teaches Saga's rules mode
        self.subtitle.setText(SAGA_SUBTITLE if saga else
                              f"A tabletop for two: {self.profile.name}'s rules keep the game legal while you "
                              "play with the mouse, against the computer, hot-seat or over the LAN." if ruled else
                              f"A tabletop for two: {self.profile.name}'s table, its cards and decks; no rule is "
                              f"enforced yet, so the players keep the game, in the sandbox or over the LAN.")
        for w in (self.host_button, self.join_button):  # a game with no rules module: a LAN sandbox
            w.setToolTip("" if saga else f"A LAN sandbox of {self.profile.name}")
        self.sandbox.setText("Sandbox: free moves, undo, positions" if saga else
                             f"Sandbox of {self.profile.short}: free moves, undo, positions")
        self._update_resume()  # the chosen game's autosave, if there is one

    def _note_profile_problems(self) -> None:
        """A game profile of the player's that could not be read is left out of the games (table/profiles.py);
        the notice names its file and why, so that it can be fixed."""
        from ..table.profiles import profile_problems

        problems = profile_problems()
        self._set_notice("profiles", problems and (
            "A game of yours was left out: " + "; ".join(str(e) for e in problems.values())))

    def _set_notice(self, kind: str, text: str | None) -> None:
        """One line of the start screen's notice per kind of problem; the notice shows while there is one."""
        if text:
            self._notices[kind] = text
        else:
            self._notices.pop(kind, None)
        self.notice.setText("\n".join(self._notices.values()))
        self.notice.setVisible(bool(self._notices))

    # ------------------------------------------------------------------ the deck lists

    def _read_user_decks(self) -> bool:
        """(Re)read the player's deck folder into self.decks ("my-<name>") and self.broken_decks; True if changed."""
        from ..carddb.player_db import MY_PREFIX, player_decks

        if self.profile.id != "bss":
            return False  # the player's deck folder holds Battle Spirits Saga decks
        decks, broken = player_decks(self.db)
        mine = {k: v for k, v in decks.items() if k.startswith(MY_PREFIX)}
        old_mine = {k: v for k, v in self.decks.items() if k.startswith(MY_PREFIX)}
        if mine == old_mine and {k: str(b) for k, b in broken.items()} == {
                k: str(b) for k, b in self.broken_decks.items()}:
            return False
        for k in old_mine:
            if k not in mine:
                del self.decks[k]  # in place: the LAN windows hold this dict too
        self.decks.update(mine)
        self.broken_decks = broken
        return True

    def _fill_deck_boxes(self) -> None:
        """Every deck in both lists; a broken list of the player's is there too, marked ⚠ with why, not playable."""
        from PySide6.QtGui import QColor

        names = sorted([*self.decks, *self.broken_decks], key=lambda n: (not n.endswith("saga"), n))
        for box in (self.deck_a, self.deck_b):
            chosen = box.currentData()
            box.blockSignals(True)
            box.clear()
            for n in names:
                if n in self.decks:
                    box.addItem(f"{self.decks[n].name}  ({n})", n)
                    continue
                broken = self.broken_decks[n]
                box.addItem(f"⚠ {n} — broken: {broken.summary()}", n)
                box.setItemData(box.count() - 1, str(broken), Qt.ToolTipRole)
                box.setItemData(box.count() - 1, QColor("#fbbf24"), Qt.ForegroundRole)
            if chosen is not None and box.findData(chosen) >= 0:
                box.setCurrentIndex(box.findData(chosen))
            box.blockSignals(False)
            self._deck_tooltip(box)
        if hasattr(self, "skip_note"):  # (the start screen's first fill comes before the note)
            self._update_skip_note()

    def _deck_tooltip(self, box) -> None:
        broken = self.broken_decks.get(box.currentData())
        box.setToolTip(f"Can't be played until the file is fixed: {broken}" if broken else "")

    def _deck_chosen(self, box) -> None:
        self._deck_tooltip(box)
        broken = self.broken_decks.get(box.currentData())
        if broken:
            self.statusBar().showMessage(f"{box.currentData()} can't be played until the file is fixed: "
                                         f"{broken.summary()}", 20000)

    # ------------------------------------------------------------------ the computer's level, and what it skips

    def _fill_levels(self) -> None:
        """Easy / Normal / Hard, the one chosen last selected (Normal at first); a level this version lacks is
        greyed."""
        from PySide6.QtGui import QStandardItemModel

        from ..ai import LEVEL_NAMES, LEVELS
        from ..client.controllers.thinking import available_levels

        there = available_levels()
        box = self.level
        box.blockSignals(True)
        box.clear()
        for level in LEVELS:
            ok = level in there
            box.addItem(LEVEL_NAMES[level] + ("" if ok else " (not in this version)"), level)
            box.setItemData(box.count() - 1, LEVEL_TIPS[level], Qt.ToolTipRole)
            if not ok:
                model = box.model()
                if isinstance(model, QStandardItemModel):
                    model.item(box.count() - 1).setEnabled(False)
        wanted = self.settings.ai_level if self.settings.ai_level in there else \
            next((x for x in ("normal", "easy", "hard") if x in there), "normal")
        box.setCurrentIndex(max(0, box.findData(wanted)))
        box.setToolTip(LEVEL_TIPS.get(box.currentData(), ""))
        box.blockSignals(False)

    def chosen_level(self) -> str:
        return self.level.currentData() or "normal"

    def _level_chosen(self) -> None:
        """Remembered in the settings for the next time."""
        level = self.chosen_level()
        self.level.setToolTip(LEVEL_TIPS.get(level, ""))
        if self.settings.ai_level == level:
            return
        self.settings.ai_level = level
        try:
            self.settings.save()
        except OSError as e:
            self.statusBar().showMessage(f"Could not save the settings: {e.strerror or e}", 10000)

    def _update_skip_note(self) -> None:
        """Name the cards of the computer's deck whose text it will skip (text resolved by hand: the computer makes
        no manual move), or hide the line."""
        from ..ai.manual_text import skipped_line, skipped_text

        deck = self.decks.get(self.deck_b.currentData())
        ruled = with_rules(self.profile).rules
        names = skipped_text(self.db, deck.cards) if deck is not None and ruled else []
        self.skip_note.setText(skipped_line(names))
        self.skip_note.setToolTip("\n".join(names) if len(names) > 4 else "")
        self.skip_note.setVisible(bool(names))

    def _chosen_decks(self):
        """The two chosen decks, or None after saying why one of them can't be played."""
        chosen = self.deck_a.currentData(), self.deck_b.currentData()
        for name in chosen:
            if name not in self.decks:
                broken = self.broken_decks.get(name)
                why = f"fix the file first: {broken}" if broken else "it is no longer there"
                self.statusBar().showMessage(f"The deck {name} can't be played: {why}", 30000)
                return None
        return chosen

    def event(self, event) -> bool:
        from PySide6.QtCore import QEvent

        if event.type() == QEvent.WindowActivate and self._read_user_decks():
            self._fill_deck_boxes()  # the player may have fixed (or broken) a deck file meanwhile
        return super().event(event)

    # ------------------------------------------------------------------ the game in progress (autosaved)

    def autosave_path(self):
        """The chosen game's autosave: each game has its own (game.json for Battle Spirits Saga, game-<id>.json for
        the others), so a sandbox of another game never takes the place of a Saga game in progress."""
        from ..paths import autosave_dir

        return autosave_dir() / ("game.json" if self.profile.id == "bss" else f"game-{self.profile.id}.json")

    def _saved(self):
        """The autosave of a game that did not finish, or None; self.autosave_problem then says why an autosave
        that is there can't be resumed (naming the file). The file itself is never changed here."""
        path = self.autosave_path()
        self.autosave_problem = None
        data, problem = _read_autosave(path)
        if problem is None and path in self._resume_failed:
            stamp, why = self._resume_failed[path]
            if stamp == _file_stamp(path):
                problem = why  # the very file that failed to resume
            else:
                del self._resume_failed[path]
        if problem is not None:
            self.autosave_problem = f"{path}: {problem}"
            return None
        if data is None or "result" in data["record"]:
            return None  # no autosave, or the game was finished
        start = data["record"]["start"]
        if start.get("game", "bss") != self.profile.id:
            return None  # another game's (an older version kept every game in one file): not offered for this one
        return data

    def _update_resume(self) -> None:
        """The Resume button offers the chosen game's autosave, and says what it holds."""
        data = self._saved()
        self.resume.setVisible(data is not None)
        if data is not None:
            self.resume.setText(self._resume_label(data))
        self._set_notice("autosave", self.autosave_problem and (
            f"Your last game can't be resumed: the autosave {self.autosave_problem}. The file is kept as it is; "
            f"a new game keeps it as {self.autosave_path().name}.bad before it autosaves."))

    def _resume_label(self, data: dict) -> str:
        """What the autosave holds, truthfully: the game or sandbox, its moves, and in a match (Battle of Souls) the
        battle being played and the score, since each battle's record starts again from its first move."""
        what = "sandbox" if data.get("sandbox") else "game"
        if self.profile.id != "bss":
            what = f"{what} of {self.profile.short}"
        n = len(data["record"]["commands"])
        moves = f"{n} move{'' if n == 1 else 's'}"
        winners = (data.get("match") or {}).get("winners") or []
        best_of = (self.profile.match or {}).get("best_of", 1)
        if not winners or best_of < 2:
            return f"Resume your last {what} ({moves})"
        score = f"{winners.count(0)}–{winners.count(1)}"
        if max(winners.count(0), winners.count(1)) > best_of // 2:
            return f"Resume your last {what}: the match is over, {score}"
        if n == 0:
            moves = "no move yet"
        return f"Resume your last {what}: battle {len(winners) + 1} of {best_of}, {score} ({moves} in this battle)"

    def _db_of(self, record: dict):
        """The cards of the game a record names: Battle Spirits Saga's (the player's), or another game's."""
        from ..carddb.database import game_db
        from ..table.profiles import get_profile
        from ..table.schema import ProfileError

        start = record.get("start") if isinstance(record, dict) else None
        name = start.get("game", "bss") if isinstance(start, dict) else "bss"
        if name == "bss" or not isinstance(name, str):
            return self.saga_db
        try:
            return game_db(get_profile(name))
        except ProfileError:
            return self.saga_db  # the replay names the unknown game

    def resume_game(self) -> None:
        """The autosaved game, replayed to exactly where it stood."""
        from ..client.windows.game import GameWindow
        from ..engine.errors import IllegalCommand, RecordError
        from ..engine.record import replay

        data = self._saved()
        if data is None:
            self._update_resume()
            return
        try:
            game = replay(data["record"], self._db_of(data["record"]), verify=False)
        except (RecordError, IllegalCommand, KeyError, TypeError, ValueError, AttributeError, IndexError) as e:
            why = f"it does not replay: {e}"
            self._resume_failed[self.autosave_path()] = (_file_stamp(self.autosave_path()), why)
            self._update_resume()
            self.statusBar().showMessage(f"The autosaved game cannot be resumed: {self.autosave_problem}", 30000)
            return
        seats = tuple(data.get("seats") or ("human", "ai"))
        from ..ai import LEVELS

        level = data.get("level") if data.get("level") in LEVELS else "normal"  # an older autosave has none
        name = "" if self.profile.id == "bss" else f" of {self.profile.name}"
        self._show(GameWindow(game, seats=seats, sandbox=bool(data.get("sandbox")), settings=self.settings,
                              autosave=self.autosave_path(), level=level,
                              title=f"bss_desktop — sandbox{name}" if data.get("sandbox") else "",
                              match_winners=(data.get("match") or {}).get("winners")))

    def _new_autosave(self):
        """Where a new game autosaves. An autosave that can't be resumed is first kept as game.json.bad (never
        overwritten); if even that fails, the new game is not autosaved rather than lose the file."""
        from ..client.windows.settings import keep_aside

        path = self.autosave_path()
        self._saved()
        if self.autosave_problem is None or not path.exists():
            return path
        try:
            kept = keep_aside(path, move=True)
        except OSError as e:
            self.statusBar().showMessage(f"This game is not autosaved: the old autosave {path} could not be kept "
                                         f"aside ({e.strerror or e})", 30000)
            return None
        self._resume_failed.pop(path, None)
        self._update_resume()
        self.statusBar().showMessage(f"The autosave that could not be resumed is kept as {kept}", 30000)
        return path

    def guided_game(self) -> None:
        """Two simple preconstructed decks against the computer, with the Guide panel."""
        from ..client.windows.game import GameWindow
        from ..engine.game import Game
        from ..engine.rng import seed_from

        chosen = ("red-vanilla", "blue-vanilla") if {"red-vanilla", "blue-vanilla"} <= set(self.decks) else \
            self._chosen_decks()
        if chosen is None:
            return
        a, b = chosen
        game = Game.new(self.db, [self.decks[a].cards, self.decks[b].cards], seed_from("guided", os.getpid()),
                        deck_names=[a, b], settings=self.settings.ruleset(), profile=self.profile)
        self._show(GameWindow(game, seats=("human", "ai"), settings=self.settings, guide=True,
                              autosave=self._new_autosave(), title="bss_desktop — a guided first game",
                              level=self.chosen_level()))

    def open_lan(self, which: str, *, port: int | None = None, address: str = "", resume=None):
        """The host or join window (their network work runs on the qasync loop); `resume`: a host autosave to
        resume at once (bss-desktop host --resume FILE)."""
        from ..client.windows.lan import DEFAULT_PORT, HostWindow, JoinWindow
        from ..paths import autosave_dir

        if which == "host":
            window = HostWindow(self.db, self.decks, self.settings, port=DEFAULT_PORT if port is None else port,
                                autosave=Path(resume) if resume else autosave_dir() / "lan-host.json",
                                profile=self.profile)
            if resume:  # once the event loop runs (the resume starts the host's network task)
                from PySide6.QtCore import QTimer

                QTimer.singleShot(0, window.resume)
        else:
            window = JoinWindow(self.db, self.decks, self.settings, address=address,
                                autosave=autosave_dir() / "lan-guest.json", profile=self.profile)
        window.gameOpened.connect(self._show)
        self.windows.append(window)
        window.resize(560, 360)
        window.show()
        return window

    def new_game(self, seats) -> None:
        from ..client.windows.game import GameWindow
        from ..engine.game import Game
        from ..engine.rng import seed_from

        chosen = self._chosen_decks()
        if chosen is None:
            return
        a, b = chosen
        self.ask_token_stats(self.decks[a].cards + self.decks[b].cards)
        seed = seed_from("local", a, b, os.getpid(), len(self.windows))
        game = Game.new(self.db, [self.decks[a].cards, self.decks[b].cards], seed, deck_names=[a, b],
                        settings=self.settings.ruleset(), profile=with_rules(self.profile),
                        sides=[self.decks[a].side, self.decks[b].side])  # (a game played in matches swaps with them)
        self._show(GameWindow(game, seats=seats, settings=self.settings, autosave=self._new_autosave(),
                              level=self.chosen_level()))

    def ask_token_stats(self, card_ids) -> None:
        """Before a game: ask once for the stats of each token these cards summon by name that the player's token
        table lacks (client/windows/token_stats.py); those saved take effect at once (Tokens ruling 2)."""
        from ..carddb.errors import CardDataError
        from ..carddb.importer import load_user_db
        from ..carddb.token_table import load_token_table, missing_tokens

        if self.db is not self.saga_db:
            return
        try:  # the cards as imported (cached) and the table as it is now
            missing = missing_tokens(load_user_db(), load_token_table(), card_ids)
        except (CardDataError, OSError):  # told on the start screen already: the game starts, those by hand
            return
        saved = False
        for name, users in missing.items():
            from ..client.windows.token_stats import TokenStatsDialog

            self.token_dialog = TokenStatsDialog(name, users, self)
            saved = self.token_dialog.exec() == TokenStatsDialog.Accepted or saved
        self.token_dialog = None
        if saved:  # the cards again, with the table's new stats (player_db: a broken table is told, never fatal)
            self.db, problem = _card_db()
            self.saga_db = self.db
            if problem:
                self.statusBar().showMessage(problem[0].upper() + problem[1:], 30000)

    def open_sandbox(self) -> None:
        """A sandbox with the two chosen decks, set up as for a game: Battle Spirits Saga's players keep their
        hands; a game without a rules module opens with its mulligan helper (table/opening.py)."""
        from ..client.windows.game import GameWindow
        from ..engine.commands import Mulligan
        from ..engine.game import Game
        from ..engine.rng import seed_from
        from ..engine.settings import Ruleset

        chosen = self._chosen_decks()
        if chosen is None:
            return
        a, b = chosen
        da, db_ = self.decks[a], self.decks[b]
        game = Game.new(self.db, [da.cards, db_.cards], seed_from("sandbox", a, b, os.getpid()),
                        first_player=0, settings=Ruleset(sandbox=True), deck_names=[a, b], profile=self.profile,
                        sides=[da.side, db_.side])
        if self.profile.rules is not None:  # its rules mode plays the opening; a sandbox-only game's helper asks
            game.apply(Mulligan(0, False))
            game.apply(Mulligan(1, False))
        name = "" if self.profile.id == "bss" else f" of {self.profile.name}"
        self._show(GameWindow(game, sandbox=True, title=f"bss_desktop — sandbox{name}", settings=self.settings,
                              autosave=self._new_autosave()))

    # ------------------------------------------------------------------ the deck builder

    def open_deck_builder(self, key: str | None = None):
        """The deck builder (one window, raised if open); `key` opens that deck in it."""
        from ..client.deck_builder import DeckBuilderWindow

        window = next((w for w in self.windows if isinstance(w, DeckBuilderWindow) and w.isVisible()
                       and w.profile is self.profile), None)
        if window is None:
            window = DeckBuilderWindow(self.db, self.decks, self.settings, launcher=self, game=self.profile.id)
            window.deckSaved.connect(self._deck_saved)
            window.open_deck(key or self.deck_a.currentData())
            self._show(window)
        else:
            if key:
                window.open_deck(key)
            window.raise_()
            window.activateWindow()
        return window

    def _deck_saved(self, key: str) -> None:
        """A deck saved in the builder is in the lists at once (chosen as your deck if it can be played)."""
        if self.profile.id != "bss":
            from ..carddb.deck_formats import player_game_decks

            self.decks.update(player_game_decks(self.db, self.profile))
        self._read_user_decks()
        self._fill_deck_boxes()
        if key in self.decks:
            self.deck_a.setCurrentIndex(max(0, self.deck_a.findData(key)))

    def play_deck(self, cards: list[str], name: str, mode: str, *, key: str | None = None):
        """Start a game with a deck from the builder: "ai" against the computer (your opponent's deck and level as
        chosen here), "goldfish" the deck alone in the sandbox, "host" / "join" a LAN window with it chosen."""
        from ..client.windows.game import GameWindow
        from ..engine.game import Game
        from ..engine.rng import seed_from

        if mode in ("host", "join"):
            window = self.open_lan(mode)
            index = window.deck.findData(key)
            if index >= 0:
                window.deck.setCurrentIndex(index)
            return window
        if mode == "goldfish":
            from ..engine.commands import Mulligan
            from ..engine.settings import Ruleset

            # the deck alone (the other side has no cards): draw, play and look at openings by hand
            game = Game.new(self.db, [list(cards), []], seed_from("goldfish", name, os.getpid(), len(self.windows)),
                            first_player=0, settings=Ruleset(sandbox=True), deck_names=[name, "nobody"],
                            validate_decks=False, profile=self.profile)
            game.apply(Mulligan(0, False))
            game.apply(Mulligan(1, False))
            window = GameWindow(game, sandbox=True, title=f"bss_desktop — goldfish: {name}", settings=self.settings)
            self._show(window)
            return window
        other = self.deck_b.currentData()
        if other not in self.decks:
            other = next(iter(self.decks))
        self.ask_token_stats(list(cards) + self.decks[other].cards)
        seed = seed_from("local", name, other, os.getpid(), len(self.windows))
        game = Game.new(self.db, [list(cards), self.decks[other].cards], seed, deck_names=[key or name, other],
                        settings=self.settings.ruleset(), profile=self.profile)
        window = GameWindow(game, seats=("human", "ai"), settings=self.settings, autosave=self._new_autosave(),
                            level=self.chosen_level())
        self._show(window)
        return window

    def open_demo(self) -> None:
        from ..client.windows.game import GameWindow
        from ..engine.position import load_position_file

        game = load_position_file(assets_dir() / DEMO_POSITIONS[self.profile.id], self.db)  # the chosen game's cards
        self._show(GameWindow(game, seats=("human", "human"), settings=self.settings))

    def open_record(self, path=None) -> None:
        """A saved game record in the replay viewer."""
        from ..client.windows.replay import ReplayWindow
        from ..engine.errors import RecordError
        from ..engine.record import load_record

        if path is None:  # the player's saved games folder (or the folder last used)
            from ..client.windows.file_dialogs import ask_path

            ask_path(self, "Watch a saved game", "Game records (*.json)", self.open_record, kind="records",
                     settings=self.settings)
            return
        try:
            record = load_record(path)
            window = ReplayWindow(record, self.db, title=f"bss_desktop — replay of {Path(path).name}",
                                  settings=self.settings)
        except RecordError as e:  # not a record, too large, nested too deep: named with its file
            self.statusBar().showMessage(str(e), 10000)
            return
        except (OSError, UnicodeDecodeError) as e:
            from ..command_line import read_problem

            self.statusBar().showMessage(read_problem(path, e), 10000)
            return
        self._show(window)

    def open_settings(self) -> None:
        from ..client.windows.settings import SettingsDialog

        self._dialog = SettingsDialog(self.settings, self)
        self._dialog.open()  # not exec(): no nested event loop under qasync

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        from PySide6.QtCore import QEvent

        if event.type() == QEvent.ActivationChange and self.isActiveWindow():
            self._update_resume()  # a game closed meanwhile may now be resumable

    def _show(self, window) -> None:
        """Open a window inside the screen: its saved geometry or 1440x900, clamped (client/windows/screen_fit.py)."""
        from ..client.windows.screen_fit import open_sized

        self.windows.append(window)
        if hasattr(window, "deckBuilderRequested"):
            window.deckBuilderRequested.connect(self.open_deck_builder)
        if hasattr(window, "restore_geometry"):
            window.restore_geometry()
        else:
            open_sized(window, 1440, 900)
        window.show()


def app_icon():
    from PySide6.QtGui import QIcon

    return QIcon(str(assets_dir() / "icon" / "bss-desktop.svg"))


def _card_db():
    """The player's cards (carddb/player_db.py): the shipped ones plus the imported ones, or the shipped ones alone and
    why (LAN peers compare databases, so both sides load the same way)."""
    from ..carddb.player_db import player_db

    return player_db()


def _file_stamp(path):
    try:
        st = path.stat()
    except OSError:
        return None
    return st.st_size, st.st_mtime_ns


def _read_autosave(path):
    """(the autosave's data, None), (None, None) if there is none, or (None, what is wrong with it)."""
    import json

    from ..data_files import DataFileError, load_json, read_text
    from ..engine.errors import RecordError
    from ..engine.record import MAX_RECORD_FILE_BYTES, check_record

    try:
        text = read_text(path, limit=MAX_RECORD_FILE_BYTES, what="an autosave")  # a game record and its seats
    except FileNotFoundError:
        return None, None
    except OSError as e:
        return None, f"cannot read it ({e.strerror or e})"
    except UnicodeDecodeError:
        return None, "not a text file"
    except DataFileError as e:
        return None, e.detail
    try:
        data = load_json(text, source=str(path))
    except DataFileError as e:
        return None, e.detail
    except json.JSONDecodeError as e:
        return None, f"not valid JSON, perhaps cut short (line {e.lineno} column {e.colno}: {e.msg})"
    if not isinstance(data, dict):
        return None, f"expected a JSON object ({{...}}), got {type(data).__name__}"
    if data.get("format") != "bss-autosave":
        return None, f"field 'format': expected 'bss-autosave', got {data.get('format')!r}"
    if data.get("version") != 1:
        return None, f"field 'version': this app reads version 1, got {data.get('version')!r}"
    record = data.get("record")
    if not isinstance(record, dict):
        return None, f"field 'record': expected a game record (a JSON object), got {record!r:.40}"
    try:
        check_record(record, source="field 'record'")
    except RecordError as e:
        return None, str(e)
    seats = data.get("seats")
    if seats is not None and not (isinstance(seats, list) and len(seats) == 2
                                  and all(s in ("human", "ai") for s in seats)):
        return None, f"field 'seats': expected two of 'human' and 'ai', got {seats!r:.40}"
    match = data.get("match")  # a match of battles (Battle of Souls): who won each battle played so far
    if match is not None and not (isinstance(match, dict) and isinstance(match.get("winners"), list)
                                  and len(match["winners"]) <= 9 and all(type(w) is int and w in (0, 1) for w in match["winners"])):
        return None, f"field 'match': expected {{\"winners\": [0 or 1 per battle played]}}, got {match!r:.40}"
    return data, None


def run(start: str | None = None, port: int | None = None, address: str = "", resume=None) -> int:
    """The app; `start` "host" or "join" opens that LAN window at once (bss-desktop host / join); `resume` a host
    autosave to resume (bss-desktop host --resume FILE)."""
    from ..client.windows.theme import apply_dark_theme
    from . import crash

    crash.setup_logging()
    crash.install()
    app = QApplication.instance() or QApplication(sys.argv)
    app.setApplicationName("bss_desktop")
    app.setDesktopFileName("bss-desktop")  # matches packaging/bss-desktop.desktop
    app.setWindowIcon(app_icon())
    apply_dark_theme(app)
    window = StartWindow()
    window.show()
    if start in ("host", "join"):
        window.open_lan(start, port=port, address=address, resume=resume)
    closed = asyncio.Event()
    app.aboutToQuit.connect(closed.set)

    async def main():
        await closed.wait()

    # Python 3.11: asyncio.run has no loop_factory, asyncio.Runner does
    with asyncio.Runner(loop_factory=qasync.QEventLoop) as runner:
        runner.get_loop().set_exception_handler(crash.loop_handler)
        runner.run(main())
    return 0


def screenshot(path: str, position: str | None = None, size=(1280, 800)) -> int:
    """Render the game window on a busy position offscreen and save it as a PNG."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    app = QApplication.instance() or QApplication(sys.argv)
    from ..client.windows.theme import apply_dark_theme

    apply_dark_theme(app)
    from ..client.windows.game import GameWindow
    from ..engine.errors import PositionError
    from ..engine.position import load_position_file

    db, cards_problem = _card_db()  # a position may hold the player's imported cards
    if cards_problem:
        print(f"warning: {cards_problem}", file=sys.stderr)
    source = Path(position) if position else assets_dir() / DEMO_POSITION
    try:
        game = load_position_file(source, db)
    except PositionError as e:  # one line naming the file and the field: a bad position is no crash
        problem = f"field '{e.field}': {e.message}" if e.field else e.message
    except FileNotFoundError:
        problem = "no such file"
    except OSError as e:
        problem = f"cannot read it ({e.strerror or e})"
    except UnicodeDecodeError:
        problem = "not a text file"
    except (KeyError, TypeError, AttributeError, IndexError, ValueError) as e:  # a shape the checks missed
        problem = f"not a position this app can read ({type(e).__name__}: {e})"
    else:
        problem = None
    if problem is not None:
        print(f"{source}: {problem}".replace("\n", " "), file=sys.stderr)
        return 2
    window = GameWindow(game, seats=("human", "human"), animation_ms=0)
    window.resize(*size)
    field = game.state.players[game.state.turn_player].field
    if field:  # show a card in the preview dock, as when a player hovers one
        window.controller.on_card_hovered(field[0])
    return _show_and_grab(app, window, path)


def screenshot_sandbox(path: str, game: str = "bss", size=(1366, 768)) -> int:
    """A sandbox of `game` in mid-game (app/demo_table.py), rendered offscreen and saved as a PNG."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    app = QApplication.instance() or QApplication(sys.argv)
    from ..client.windows.game import GameWindow
    from ..client.windows.theme import apply_dark_theme
    from ..table.profiles import get_profile
    from ..table.schema import ProfileError
    from .demo_table import mid_game

    apply_dark_theme(app)
    try:
        profile = get_profile(game)
    except ProfileError as e:
        print(f"--game {game}: {e.message}", file=sys.stderr)
        return 2
    window = GameWindow(mid_game(profile), sandbox=True, animation_ms=0,
                        title=f"bss_desktop — sandbox of {profile.name}")
    window.resize(*size)
    return _show_and_grab(app, window, path)


def _show_and_grab(app, window, path) -> int:
    """Show a game window, fit its board to it once laid out, and save it as a PNG (`_save_grab`)."""
    window.show()
    for _ in range(3):
        app.processEvents()
    window.view.fitInView(window.scene.sceneRect(), Qt.KeepAspectRatio)
    app.processEvents()
    return _save_grab(window, path)


def _save_grab(window, path) -> int:
    """The window as a PNG at `path`, then closed; the exit status for --screenshot."""
    ok = window.grab().save(str(path), "PNG")
    window.close()
    if not ok:
        print(f"could not write {path}", file=sys.stderr)
        return 1
    print(f"saved {path}")
    return 0


def screenshot_deck_builder(path: str, size=(1366, 768), deck: str = "red-saga", game: str = "bss") -> int:
    """Render the deck builder of `game` offscreen (a shipped deck open, its statistics shown), save it as a PNG."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    app = QApplication.instance() or QApplication(sys.argv)
    from ..carddb.player_db import player_decks
    from ..client.deck_builder import DeckBuilderWindow
    from ..client.windows.theme import apply_dark_theme

    apply_dark_theme(app)
    if game != "bss":
        from ..carddb.database import game_db
        from ..carddb.deck_formats import game_decks
        from ..table.profiles import get_profile
        from ..table.schema import ProfileError

        try:
            profile = get_profile(game)
        except ProfileError as e:
            print(f"--game {game}: {e.message}", file=sys.stderr)
            return 2
        db = game_db(profile)
        decks = game_decks(db, profile)
    else:
        db, cards_problem = _card_db()
        if cards_problem:
            print(f"warning: {cards_problem}", file=sys.stderr)
        decks, _broken = player_decks(db)
    window = DeckBuilderWindow(db, decks, game=game)
    window.resize(*size)
    window.open_deck(deck if deck in decks else next(iter(decks), None))
    window.tabs.setCurrentWidget(window.stats)
    window.show()
    for _ in range(3):
        app.processEvents()
    return _save_grab(window, path)
