"""The game window: the board, the decision bar, the card preview and the game log."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (QDockWidget, QHBoxLayout, QLabel, QMainWindow, QMessageBox, QPlainTextEdit,
                               QPushButton, QStackedWidget, QVBoxLayout, QWidget)

from bss_desktop.client.board.scene import BoardScene
from bss_desktop.client.board.view import BoardView
from bss_desktop.client.windows.chat import ChatPanel
from bss_desktop.client.controllers.game import Controller
from bss_desktop.client.decisions.bar import DecisionBar
from bss_desktop.client.controllers.model import GameModel, LocalSession
from bss_desktop.client.windows.preview import CardPreview


class CoverScreen(QWidget):
    """Hot-seat: hides the board between turns so hands stay private."""

    def __init__(self, on_reveal):
        super().__init__()
        self.setStyleSheet("background: #10141d; color: #e8ecf4;")
        lay = QVBoxLayout(self)
        lay.addStretch(1)
        self.label = QLabel()
        self.label.setAlignment(Qt.AlignCenter)
        self.label.setStyleSheet("font-size: 24px; background: transparent;")
        lay.addWidget(self.label)
        self.button = QPushButton()
        self.button.setStyleSheet("font-size: 16px; padding: 10px 24px; background: #c2410c; border-radius: 8px;")
        self.button.clicked.connect(on_reveal)
        lay.addWidget(self.button, 0, Qt.AlignCenter)
        lay.addStretch(1)

    def ask(self, player: int, name: str | None = None) -> None:
        who = name or f"Player {player + 1}"
        self.label.setText(f"Pass the computer to {who}.")
        self.button.setText(f"I am {who} — show my side")


class GameWindow(QMainWindow):
    deckBuilderRequested = Signal()  # Decks → Deck builder…: the start screen opens it

    def __init__(self, game, *, seats=("human", "ai"), title: str = "", image_dir=None, animation_ms: int = 180,
                 sandbox: bool = False, settings=None, session=None, guide: bool = False, autosave=None,
                 level: str | None = None, match_winners=None):
        super().__init__()
        self.setWindowTitle(title or f"bss_desktop — {game.profile.name}")
        self.game = game
        self.settings = settings
        if settings is not None:
            animation_ms = settings.animation_ms
        from bss_desktop.client.faces import painter_for
        from bss_desktop.client.faces.cache import faces_for

        # the player's own pictures or the drawn faces (a LAN game too: pictures never travel, each side its own)
        self.faces = faces_for(settings, image_dir=image_dir, painter=painter_for(game.profile.cards.face))
        self.scene = BoardScene(game.db, self.faces, self, profile=game.profile)
        self.scene.animation_ms = animation_ms
        self.view = BoardView(self.scene)
        # the board sits at the top of its view: height the board can't use goes below it, not in a band above
        self.view.setAlignment(Qt.AlignHCenter | Qt.AlignTop)
        self.scene.watch_keys(self)  # the zoom key works whichever widget of the window has the focus
        self.bar = DecisionBar()
        self.cover = CoverScreen(self._reveal)
        self.stack = QStackedWidget()
        self.stack.addWidget(self.view)
        self.stack.addWidget(self.cover)
        central = QWidget()
        lay = QVBoxLayout(central)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(0)
        lay.addWidget(self.stack, 1)
        lay.addWidget(self.bar)
        self.setCentralWidget(central)

        # the game's own faces and fields; the player's pictures as the board shows them (a cache of its own: the
        # panel's sizes change as its dock is resized, the board's stay)
        self.preview = CardPreview(profile=game.profile, cache=faces_for(
            settings, image_dir=image_dir, max_entries=64, painter=painter_for(game.profile.cards.face)))
        dock = QDockWidget("Card", self)
        dock.setObjectName("CardDock")
        dock.setWidget(self.preview)
        self.addDockWidget(Qt.RightDockWidgetArea, dock)
        self.log = QPlainTextEdit(readOnly=True)
        self.log.setStyleSheet("background: #141a26; color: #d7dce6; font-size: 12px;")
        log_dock = QDockWidget("Game log", self)
        log_dock.setObjectName("LogDock")
        log_dock.setWidget(self.log)
        self.addDockWidget(Qt.RightDockWidgetArea, log_dock)
        self.chat = ChatPanel()
        self.chat_dock = chat_dock = QDockWidget("Chat", self)
        chat_dock.setObjectName("ChatDock")
        chat_dock.setWidget(self.chat)
        # lines that arrived while the chat was behind the game log: counted on its tab until it is opened
        # (a tab behind another stays "visible" in Qt, moved out of sight: its dock's visibilityChanged tells)
        chat_dock.visibilityChanged.connect(self.chat.set_in_sight)
        self.chat.unreadChanged.connect(lambda n: chat_dock.setWindowTitle(f"Chat ({n})" if n else "Chat"))
        self.addDockWidget(Qt.RightDockWidgetArea, chat_dock)
        self.tabifyDockWidget(log_dock, chat_dock)
        log_dock.raise_()
        self.guide = None
        if guide:  # the guided first game: what to do now, and the rule
            from bss_desktop.client.windows.guide import GuidePanel

            self.guide = GuidePanel()
            guide_dock = QDockWidget("Guide", self)
            guide_dock.setObjectName("GuideDock")
            guide_dock.setWidget(self.guide)
            self.addDockWidget(Qt.RightDockWidgetArea, guide_dock)
            self.splitDockWidget(dock, guide_dock, Qt.Vertical)
            self.resizeDocks([dock, guide_dock], [300, 300], Qt.Vertical)
        for d in (dock, log_dock):
            d.setMinimumWidth(260)
        self.resizeDocks([dock, log_dock], [300, 300], Qt.Horizontal)

        self.session = session or LocalSession(game)  # a LAN session has the same shape (client/controllers/model.py)
        self.model = GameModel(self.session, self)
        self.seats, self.sandbox = tuple(seats), sandbox
        from bss_desktop.ai import LEVELS

        if level is None:  # the level the player chose last (the start screen), else Normal
            level = getattr(settings, "ai_level", None) if settings is not None else None
        self.level = level if level in LEVELS else "normal"  # the computer's level (kept by a rematch and autosave)
        self.autosave = autosave  # the game in progress is written here after every command (bss_desktop/paths.py)
        if autosave is not None:  # connected before the board: a command is on disk before its events are shown
            self.model.changed.connect(lambda _events: self.save_now())
        if sandbox:
            from bss_desktop.client.controllers.sandbox import SandboxController

            lan_seat = getattr(self.session, "seat", None)  # a LAN session plays one seat
            self.controller = SandboxController(self.model, self.scene, self.bar, parent=self, seat=lan_seat)
            self.controller.gameReplaced.connect(self._set_game)
        else:
            cls = Controller
            if self.model.game.profile.rules == "bos":  # Battle of Souls' own gestures (client/controllers/bos.py)
                from bss_desktop.client.controllers.bos import BosController as cls
            self.controller = cls(self.model, self.scene, self.bar, seats=seats, level=self.level, parent=self)
        from bss_desktop.client.windows.settings import sounds_dir
        from bss_desktop.client.board.sound import SoundPlayer

        self.sound = SoundPlayer(settings is not None and settings.sound, sounds_dir())
        self.model.changed.connect(self.sound.events)
        if settings is not None:
            self.controller.quick_pay = settings.quick_pay
            self.controller.keys = {action: settings.key(action) for action in self.controller.keys}
            self.controller.auto_pass = getattr(settings, "auto_pass", False)
            self.controller.pass_phase_windows = getattr(settings, "bos_pass_phase_windows", False)
            if hasattr(self.controller, "ai_delay_ms"):
                self.controller.ai_delay_ms = settings.ai_delay_ms
            self.controller.refresh()
        self.controller.status.connect(lambda text: self.statusBar().showMessage(text, 8000))
        self.bar.keyIgnored.connect(lambda text: self.statusBar().showMessage(
            f"Key ignored: the decision had just changed — press it again for “{text}”.", 4000))
        if hasattr(self.controller, "unhovered"):
            self.controller.unhovered.connect(self.preview.clear)
        if hasattr(self.controller, "gameOver"):
            self.controller.gameOver.connect(self._game_over)
        if hasattr(self.controller, "pileShown"):  # the other player showed their pile (browse_opponent: ask)
            self.controller.pileShown.connect(self.open_zone)
        # locally the table talks among itself; a LAN session also sends `message` to the other player
        self.chat.message.connect(lambda text: self.chat.append(self._my_name(), text, mine=True))
        if hasattr(self.session, "say"):
            self.chat.message.connect(self.session.say)
        self.controller.logLines.connect(self._log)
        self.controller.hovered.connect(self._preview)
        self.controller.viewerChanged.connect(self._cover)
        self._log(self._setup_lines())
        if "position" in game.start:
            st = game.state
            who = (game.names or [None, None])[st.turn_player] or f"Player {st.turn_player + 1}"
            self.log.appendPlainText(f"Position loaded: turn {st.turn}, {who}'s {self.model.game.profile.step_label(st.step).lower()} step.")
        self._menus()
        self._restore_match(match_winners)
        self.statusBar().showMessage("Hover a card to see it; right-click a card for what you can do with it.")
        if self.guide is not None or autosave is not None:
            self.model.changed.connect(self._after_command)
            if hasattr(self.controller, "gameReplaced"):  # a sandbox undo rebuilds the game without events
                self.controller.gameReplaced.connect(lambda _game: self._after_command([], save=True))
            self._after_command([], save=True)

    def _after_command(self, _events, save: bool = False) -> None:
        if self.guide is not None:
            self.guide.follow(self.model.game, self.controller.viewer, self.controller.keys)
        if save and self.autosave is not None:  # (after a command, save_now ran before the board redrew)
            self.save_now()

    def save_now(self) -> None:
        """Autosave: the record (which replays to this very state), the seats and the mode, written, flushed,
        fsynced and atomically replaced — a crash, even kill -9, loses no command whose events were shown."""
        import json

        from bss_desktop.engine.record import to_record
        from bss_desktop.paths import write_atomically

        data = {"format": "bss-autosave", "version": 1, "record": to_record(self.model.game),
                "seats": list(self.seats), "sandbox": self.sandbox, "level": self.level}
        if getattr(self, "match", None) is not None:  # each battle is a game of its own: the score is kept beside it
            data["match"] = {"winners": list(self.match.winners)}
        try:
            write_atomically(self.autosave, json.dumps(data), durable=True)
        except OSError as e:
            self.statusBar().showMessage(f"Could not autosave to {self.autosave}: {e}", 10000)

    def _my_name(self) -> str:
        names = getattr(self.model.game, "names", None) or [None, None]
        return names[self.controller.viewer] or f"Player {self.controller.viewer + 1}"

    def _setup_lines(self):
        from bss_desktop.gamelog import describe

        viewer = getattr(self.controller, "log_viewer", self.controller.viewer)
        return [t for t in (describe(self.game, e, viewer) for e in self.game.log_events) if t]

    def _menus(self) -> None:
        game_menu = self.menuBar().addMenu("&Game")
        # triggered(bool) would pass `checked` into a slot's first parameter: each slot is called with none
        for label, shortcut, slot in (("Save position…", "Ctrl+S", self.save_position),
                                      ("Load position…", "Ctrl+O", self.load_position),
                                      ("Save game record…", "Ctrl+Shift+S", self.save_record)):
            action = QAction(label, self)
            action.setShortcut(shortcut)
            action.triggered.connect(lambda _checked=False, f=slot: f())
            game_menu.addAction(action)
        self.hint_action = None
        if isinstance(self.controller, Controller) and not self.lan:  # against the computer or hot-seat
            hint = QAction("Hint: what would the computer play here?", self)
            hint.setShortcut(self.controller.keys.get("hint", "H"))
            hint.setStatusTip("The Hard level thinks about your decision and shows its move; nothing is played")
            hint.triggered.connect(lambda _checked=False: self.controller.request_hint())
            game_menu.addAction(hint)
            self.hint_action = hint
            self.controller.decisionChanged.connect(self._update_hint_action)
            self._update_hint_action()
        if not getattr(self.controller, "hotseat", False) and isinstance(self.controller, Controller):
            concede = QAction("Concede…", self)
            concede.triggered.connect(lambda _checked=False: self.ask_concede())
            game_menu.addAction(concede)
        quit_action = QAction("Close", self)
        quit_action.setShortcut("Ctrl+W")
        quit_action.triggered.connect(lambda _checked=False: self.ask_close())
        game_menu.addAction(quit_action)
        self._match_menu()
        view_menu = self.menuBar().addMenu("&View")
        from bss_desktop.client.windows.zone_viewer import viewable_zones

        for zone in viewable_zones(self.model.game.profile):  # Battle Spirits Saga: the two trashes
            for whose, owner in (("Your", "me"), ("Opponent's", "other")):
                action = QAction(f"{whose} {zone.label.lower()}", self)
                action.triggered.connect(lambda _checked=False, o=owner, z=zone.name: self.show_zone(o, z))
                view_menu.addAction(action)
        decks_menu = self.menuBar().addMenu("&Decks")
        builder = QAction("Deck builder…", self)
        builder.setShortcut("Ctrl+D")
        builder.triggered.connect(lambda _checked=False: self.deckBuilderRequested.emit())
        decks_menu.addAction(builder)
        from bss_desktop.client.windows.help import add_help_menu

        add_help_menu(self, lambda: self.controller.keys)

    def restore_geometry(self) -> None:
        """The saved geometry (clamped to the screen), or maximised the first time: the board gets the whole screen,
        at 1366x768 as at 1920x1080."""
        from bss_desktop.client.windows.screen_fit import open_sized

        saved = self.settings.geometry.get("game") if self.settings is not None else None
        saved = saved if isinstance(saved, str) else None
        open_sized(self, 1440, 900, saved)  # the size it has when un-maximised
        if saved is None:
            self.setWindowState(self.windowState() | Qt.WindowMaximized)

    def _update_hint_action(self) -> None:
        if self.hint_action is not None:
            self.hint_action.setEnabled(self.controller.hint_available())

    # ------------------------------------------------------------------ leaving the game

    def in_progress(self) -> bool:
        """A game still being played here: leaving it asks first. Not once it is over, nor for a LAN guest whose
        session has already ended (the host left, or the connection is gone for good)."""
        guest = getattr(self.session, "guest", None)
        if guest is not None and guest.finished.is_set():
            return False
        return self.model.game.result is None

    def ask_close(self) -> None:
        """Ctrl+W (Game → Close): a game in progress asks first; a finished one closes."""
        if self.in_progress():
            self.ask_leave()
        else:
            self.close()

    def ask_leave(self) -> QMessageBox:
        """Leave the game in progress? Says what becomes of it (autosaved or not; over the LAN, the other player is
        told)."""
        return self.ask("Leave the game?", self._leaving_text(), "Leave the game", "Keep playing", self.close)

    def _leaving_text(self) -> str:
        other = self._player(1 - self.controller.viewer)
        if self.lan and getattr(self.session, "guest", None) is None:  # the host
            told = f"{other} is told that you left. " if getattr(self.session, "link", None) is not None else ""
            return (f"{told}The game stays in your autosave: Host a LAN game → Resume the interrupted game carries "
                    f"on from here, and {other} rejoins it.")
        if self.lan:
            return (f"{other} is told that you left. While {other} keeps the game open you can come back to it: "
                    f"Join a LAN game → Rejoin the interrupted game.")
        what = "sandbox" if self.sandbox else "game"
        if self.autosave is not None:
            return f"This {what} is autosaved: “Resume your last …” on the start screen carries on from here."
        return f"This {what} is not saved: Game → Save position… keeps it to load again later."

    def close(self) -> bool:
        """Closing from the app's own code (a rematch, a finished game, a confirmed leave) closes at once; the
        window's close button reaches closeEvent without this and asks first about a game in progress."""
        self._leave_agreed = True
        return super().close()

    def ask(self, title: str, text: str, yes: str, no: str, then) -> QMessageBox:
        """A question with two answers beside the board, shown with open() (no nested event loop under qasync):
        `then()` if the player answers `yes`; `no` (or Esc) leaves everything as it was. Plain text: it may name
        the other player."""
        box = QMessageBox(QMessageBox.Question, title, text, QMessageBox.NoButton, self)
        box.setTextFormat(Qt.PlainText)
        box.yes = box.addButton(yes, QMessageBox.AcceptRole)
        box.no = box.addButton(no, QMessageBox.RejectRole)
        box.setDefaultButton(box.yes)
        box.setEscapeButton(box.no)
        box.yes.clicked.connect(lambda _checked=False: then())
        self.question = box
        box.open()
        return box

    def tell(self, title: str, text: str) -> QMessageBox:
        """News the player must not miss (the other player left), in a box beside the board; plain text."""
        box = QMessageBox(QMessageBox.Information, title, text, QMessageBox.Ok, self)
        box.setTextFormat(Qt.PlainText)
        self.news = box
        box.open()
        return box

    def closeEvent(self, event) -> None:
        if not getattr(self, "_leave_agreed", False) and self.in_progress():
            event.ignore()  # the window's close button on a game in progress: asked first
            self.ask_leave()
            return
        if hasattr(self.controller, "shutdown"):  # the computer stops thinking; its worker thread is done with
            self.controller.shutdown()
        if hasattr(self.session, "close"):  # a LAN game: hang up and say why, and stop listening
            self.session.close()
            if getattr(self, "server", None) is not None:
                self.server.close()
        if self.settings is not None:
            self.settings.geometry["game"] = bytes(self.saveGeometry().toHex()).decode()
            self.settings.save()
        super().closeEvent(event)

    def _set_game(self, game) -> None:
        self.game = game

    def _ask_path(self, title: str, kind: str, name: str, filters: str, save: bool, then) -> None:
        """A file dialog in the player's folder for `kind` (or the one last used); then(path) when chosen."""
        from bss_desktop.client.windows.file_dialogs import ask_path

        ask_path(self, title, filters, then, kind=kind, settings=self.settings, save=save, name=name)

    @property
    def lan(self) -> bool:
        return hasattr(self.session, "say")  # a LAN session (host or guest) talks to the other machine

    def _not_over_lan(self, what: str) -> bool:
        """Positions hold every hidden card, so a LAN game neither saves nor loads them (the other player's hand
        would be in the file, or the two machines would part ways)."""
        if self.lan:
            self.statusBar().showMessage(f"{what} is not possible in a LAN game: a position holds the hidden cards.",
                                         10000)
            return True
        return False

    def save_position(self, path=None) -> bool:
        """Save the position (docs/position-format.md); possible between actions of the main or attack step."""
        from bss_desktop.engine.errors import PositionError
        from bss_desktop.engine.position import save_position

        if self._not_over_lan("Saving a position"):
            return False
        if path is None:
            self._ask_path("Save position", "positions", "position.yaml", "Positions (*.yaml *.yml)", True,
                           self.save_position)
            return False
        try:
            save_position(self.model.game, path)
        except PositionError as e:
            self.statusBar().showMessage(f"Cannot save the position now: {e}", 8000)
            return False
        self.statusBar().showMessage(f"Position saved to {path}", 8000)
        return True

    def load_position(self, path=None) -> bool:
        """Load a position (docs/position-format.md) in place of the game. Without a path the player picks the file,
        and a game in progress is asked about before the position replaces it; with one it is loaded now. The log
        says which file was loaded. True once it is on the board."""
        if self._not_over_lan("Loading a position"):
            return False
        if path is None:
            self._ask_path("Load position", "positions", "", "Positions (*.yaml *.yml *.json)", False,
                           self._position_chosen)
            return False
        game = self._read_position(path)
        if game is None:
            return False
        self._put_position(game, path)
        return True

    def _position_chosen(self, path: str) -> None:
        """The file picked in the Load dialog: read first (a file that is no position asks nothing), then over a
        game in progress the player confirms (the position replaces the board)."""
        game = self._read_position(path)
        if game is None:
            return
        if not self.in_progress():
            self._put_position(game, path)
            return
        self.ask("Load the position?", f"The position in {Path(path).name} replaces the game on the board: the game "
                 f"in progress is lost unless you saved it.", "Load the position", "Keep the game",
                 lambda: self._put_position(game, path))

    def _read_position(self, path):
        """The game at the position in `path`, or None after saying what is wrong (naming the file)."""
        from bss_desktop.engine.errors import PositionError
        from bss_desktop.engine.position import load_position_file

        try:
            return load_position_file(path, self.model.game.db, settings=self.model.game.settings)
        except PositionError as e:
            self.statusBar().showMessage(str(e), 10000)
        except (OSError, UnicodeDecodeError) as e:
            self.statusBar().showMessage(f"{path}: cannot read it ({getattr(e, 'strerror', None) or e})", 10000)
        return None

    def _put_position(self, game, path) -> None:
        """The loaded position on the board in place of the game, said in the log and the status bar."""
        if hasattr(self.controller, "load"):
            self.controller.load(game)
        else:  # rules mode: a new game from that position
            self.model.session.game = game
            self.game = game
            self.controller.refresh()
        st = game.state
        who = (game.names or [None, None])[st.turn_player] or f"Player {st.turn_player + 1}"
        self._log([f"— Position loaded from {Path(path).name}: turn {st.turn}, {who}'s {st.step} step —"])
        self.statusBar().showMessage(f"Loaded {path}", 8000)

    def save_record(self, path=None) -> bool:
        """Save the game's record. Over the LAN, only once the game is over (a record holds every hidden card);
        the guest saves the host's record it audited."""
        import json

        from bss_desktop.engine.record import save_record

        game = self.model.game
        if self.lan and game.result is None:
            self.statusBar().showMessage("The record of a LAN game can be saved when the game is over: until then "
                                         "it holds the hidden cards.", 10000)
            return False
        guest = getattr(self.session, "guest", None)  # a LAN guest saves the host's record it audited
        if guest is not None and guest.record is None:
            self.statusBar().showMessage("The host's record has not arrived yet.", 10000)
            return False
        if path is None:
            self._ask_path("Save game record", "records", "game.json", "Game records (*.json)", True,
                           self.save_record)
            return False
        if guest is not None:
            from bss_desktop.paths import write_atomically

            write_atomically(Path(path), json.dumps(guest.record, indent=1))
        else:
            save_record(game, path)
        self.statusBar().showMessage(f"Game record saved to {path}", 8000)
        return True

    def ask_concede(self) -> None:
        """Conceding (CR 1-2-4) ends the game: the decision bar asks first (no modal dialog)."""
        if self.model.game.result is not None:
            return
        panel = QWidget()
        row = QHBoxLayout(panel)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(QLabel(f"<b>Concede this game?</b> Your opponent wins at once "
                             f"({self.model.game.cites['concede']})."))
        yes, no = QPushButton("Concede"), QPushButton("Keep playing  [Esc]")
        yes.clicked.connect(lambda: (self.bar.set_panel(None), self._concede()))
        no.clicked.connect(lambda: self.bar.set_panel(None))
        no.setShortcut("Escape")
        row.addWidget(yes)
        row.addWidget(no)
        row.addStretch(1)
        panel.yes, panel.no = yes, no
        self.bar.set_panel(panel)

    def _concede(self) -> None:
        from bss_desktop.engine.commands import Concede

        self.controller.send(Concede(self.controller.viewer))

    def _game_over(self, result) -> None:
        """The result screen: who won and why, rematch, save the record, watch the replay. A battle of a match in
        rules mode counts for the match first; the match goes on to its next battle until a player has won it."""
        from bss_desktop.client.windows.result import ResultDialog

        if getattr(self, "match", None) is not None and not self.sandbox and result.winner is not None \
                and not self.match.over:
            self.end_battle(result.winner)
            if not self.match.over:
                return

        self.result_dialog = ResultDialog(self, result)
        self.result_dialog.show()  # not exec(): no nested event loop under qasync

    # ------------------------------------------------------------------ a match of battles (table/match.py)

    def _match_menu(self) -> None:
        """A game played in matches (its profile's `match:`, Battle of Souls: best of 3) on this machine has a Match
        menu with the score. In the sandbox the players say who won each battle; in rules mode the rules do. Between
        battles the loser chooses to go first or second (the computer, if it lost, goes first) and each player may
        swap side-deck cards (windows/match.py)."""
        from functools import partial

        from bss_desktop.carddb.deck_rules import limit_problems, rules_of
        from bss_desktop.table.match import Match

        game = self.model.game
        m, decks = game.profile.match, game.start.get("decks")
        self.match = None
        if not (not self.lan and m and m["best_of"] > 1 and decks and all(decks)):
            return
        self.match = Match.for_profile(game.profile, decks, game.start.get("sides"),
                                        partial(limit_problems, db=game.db, rules=rules_of(game.profile)))
        menu = self.menuBar().addMenu("&Match")
        self.match_score = menu.addAction("")
        self.match_score.setEnabled(False)
        self.match_actions = []
        if self.sandbox:
            menu.addSeparator()
            for p in (0, 1):
                action = QAction(f"{self._player(p)} won this battle", self)
                action.triggered.connect(lambda _checked=False, p=p: self.end_battle(p))
                menu.addAction(action)
                self.match_actions.append(action)
        self._match_shown()

    def _restore_match(self, winners) -> None:
        """A resumed match (its autosave's `match`): the battles already played count again."""
        from bss_desktop.table.match import MatchError

        if not winners or getattr(self, "match", None) is None:
            return
        try:
            for winner in winners:
                self.match.record(winner)
        except MatchError as e:  # an autosave whose score this profile's match can't hold: the match starts over
            self.match.winners.clear()
            self.statusBar().showMessage(f"The match's score could not be restored: {e}", 15000)
        self._match_shown()

    def _player(self, p: int) -> str:
        names = getattr(self.model.game, "names", None) or [None, None]
        computer = not self.sandbox and self.seats[p] == "ai"
        return names[p] or ("The computer" if computer else f"Player {p + 1}")

    def _match_shown(self) -> None:
        match = self.match
        w = match.wins()
        where = (f"{self._player(match.winner)} won the match" if match.over
                 else f"battle {match.battle} of {match.best_of}")
        self.match_score.setText(f"Match: {self._player(0)} {w[0]} – {w[1]} {self._player(1)} ({where})")
        for action in self.match_actions:
            action.setEnabled(not match.over)

    def end_battle(self, winner: int) -> None:
        """The battle being played went to `winner` (BOS: a battle ends when one player wins; no draws)."""
        from bss_desktop.client.windows.match import MatchPanel
        from bss_desktop.table.match import MatchError

        match = self.match
        try:
            match.record(winner)
        except MatchError as e:
            self.statusBar().showMessage(str(e), 8000)
            return
        w = match.wins()
        self._log([f"— {self._player(winner)} wins battle {len(match.winners)}: {w[0]} – {w[1]} in the match —"])
        self._match_shown()
        if match.over:
            text = f"{self._player(match.winner)} wins the match {max(w)} – {min(w)}."
            self._log([text])
            self.statusBar().showMessage(text, 30000)
            return
        computer = next((p for p in (0, 1) if self.seats[p] == "ai"), None) if not self.sandbox else None
        panel = MatchPanel(self, match, self.model.game.db, [self._player(0), self._player(1)], computer=computer)
        panel.started.connect(lambda first: self._next_battle(panel, first))
        self._match_panel = panel
        panel.show()

    def _next_battle(self, panel, first: int) -> None:
        from bss_desktop.engine.game import Game
        from bss_desktop.engine.rng import seed_from
        from bss_desktop.engine.settings import Ruleset
        from bss_desktop.table.match import MatchError

        match, old = self.match, self.model.game
        try:
            for p in (0, 1):
                match.swap(p, *panel.swaps(p))
        except MatchError as e:
            self.statusBar().showMessage(str(e), 10000)
            return
        game = Game.new(old.db, match.decks, seed_from("match", old.start.get("seed"), match.battle),
                        first_player=first, settings=Ruleset(sandbox=True) if self.sandbox else old.settings,
                        deck_names=old.start.get("deck_names"), profile=old.profile, sides=match.sides)
        game.names = old.names
        if not self.sandbox:  # rules mode: a window for the next battle, the match's score carried over
            window = type(self)(game, seats=self.seats, settings=self.settings, autosave=self.autosave,
                                title=self.windowTitle(), level=self.level, match_winners=list(match.winners))
            window.restore_geometry()
            window.show()
            self._spawned = window  # kept alive with the window that made it
            self.close()
            return
        self.controller.redo_stack.clear()
        self.controller._replace(game, f"Battle {match.battle} begins: {self._player(first)} goes first.")
        self._log([f"— Battle {match.battle}: {self._player(first)} goes first —", *self._setup_lines()])
        self._match_shown()

    def show_zone(self, whose: str, zone: str = "trash") -> None:
        """Look through a pile (a trash is public to both players, CR 3-4-2), in the order the cards went there."""
        from bss_desktop.client.windows.zone_viewer import ZoneViewer

        me = self.controller.viewer
        owner = me if whose == "me" else 1 - me
        if self.controller.covered:
            return
        ask = getattr(self.controller, "ask_browse", None)
        if ask is not None and not ask(owner, zone):
            return  # asked first (BOS §Public Knowledge): it opens when its owner shows it (pileShown)
        self.open_zone(owner, zone)

    def open_zone(self, owner: int, zone: str) -> None:
        from bss_desktop.client.windows.zone_viewer import ZoneViewer

        viewer = ZoneViewer(self, owner, zone)
        self._zone_viewer = viewer
        self.model.changed.connect(viewer.refill)
        viewer.finished.connect(lambda _=0: self.model.changed.disconnect(viewer.refill))
        viewer.show()

    def _log(self, lines) -> None:
        from bss_desktop.gamelog import MANUAL_MARK

        for line in lines:
            self.log.appendPlainText(line)
        if lines:  # always show the newest line
            bar = self.log.verticalScrollBar()
            bar.setValue(bar.maximum())
        manual = [line for line in lines if line.startswith(MANUAL_MARK)]
        if manual:  # an effect to resolve by hand now: said where the player looks too, not only in the log
            self.statusBar().showMessage(manual[-1].strip(), 30000)

    def _preview(self, card, info) -> None:
        if info:
            self.preview.show_card(card, level=info.get("level"), bp=info.get("bp"), symbols=info.get("symbols"),
                                   stats=info.get("stats"))
        else:
            self.preview.show_card(card)

    def _cover(self, player: int) -> None:
        """Hot-seat: hide everything either player holds hidden until the next player takes the seat — the
        board, the card panel, open viewers — and let no key or click reach the game meanwhile."""
        if not self.controller.hotseat:
            return
        self.controller.covered = True
        self.preview.clear()
        for w in (getattr(self, "_zone_viewer", None), getattr(self.controller, "_menu", None)):
            if w is not None:
                w.close()
        self.bar.set_panel(None)
        self.cover.ask(player, (getattr(self.model.game, "names", None) or [None, None])[player])
        self.stack.setCurrentWidget(self.cover)  # the controller's refresh goes on to show the bar waiting
        self.cover.button.setFocus()

    def _reveal(self) -> None:
        self.controller.covered = False
        self.stack.setCurrentWidget(self.view)
        self.view.fitInView(self.scene.sceneRect(), Qt.KeepAspectRatio)
        self.controller.refresh()
        self.view.setFocus()
