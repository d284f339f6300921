"""Every start-screen button and every menu action of every window, fired the way Qt fires them.

Buttons are clicked with QAbstractButton.click(), actions triggered with QAction.trigger() and their shortcuts
pressed with QTest.keyClick; file dialogs are answered through the dialog itself (selectFile + accept, which emits
fileSelected). Windows and widgets are found with findChildren, so a new button or action is covered without
editing this file. Any exception raised in a slot fails the test (a slot that takes Qt's `checked` argument for a
path, say). Network: the LAN windows listen and announce on loopback only.
"""
from __future__ import annotations

import json
import sys

import pytest

pytest.importorskip("pytestqt")

import shiboken6  # noqa: E402
from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtGui import QAction, QKeySequence  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QAbstractButton, QApplication, QFileDialog, QLineEdit  # noqa: E402


@pytest.fixture
def loopback_only(monkeypatch, qloop):
    """The LAN windows bind, listen and announce on 127.0.0.1 only (never a broadcast or another address)."""
    from bss_desktop.client.windows import lan
    from bss_desktop.net import discovery

    monkeypatch.setitem(lan.HostWindow.__init__.__kwdefaults__, "bind", "127.0.0.1")
    monkeypatch.setitem(lan.HostWindow.__init__.__kwdefaults__, "discovery_target", ("127.0.0.1", 47999))
    monkeypatch.setitem(lan.JoinWindow.__init__.__kwdefaults__, "discovery_bind", ("127.0.0.1", 0))
    monkeypatch.setitem(discovery.Announcer.__init__.__kwdefaults__, "target", ("127.0.0.1", 47999))
    monkeypatch.setitem(discovery.Browser.__init__.__kwdefaults__, "bind", ("127.0.0.1", 0))
    return qloop


@pytest.fixture
def errors(monkeypatch):
    """Exceptions raised inside slots (PySide reports them through sys.excepthook)."""
    caught: list[str] = []

    def hook(kind, value, tb):
        import traceback

        caught.append("".join(traceback.format_exception(kind, value, tb)))

    monkeypatch.setattr(sys, "excepthook", hook)
    return caught


def _settle(loop, ms: int = 30) -> None:
    import asyncio

    QApplication.processEvents()
    loop.run_until_complete(asyncio.sleep(ms / 1000))
    QApplication.processEvents()


class Driver:
    """Fires everything in a window, answers the file dialogs it opens, and goes into the windows it opens."""

    def __init__(self, loop, files: dict, qtbot):
        self.loop, self.files, self.qtbot = loop, files, qtbot
        self.done_windows: list = []
        self.fired: list[str] = []
        self.rematches = 0

    def answer_dialogs(self) -> None:
        for d in QApplication.topLevelWidgets():
            if isinstance(d, QFileDialog) and d.isVisible():
                title = d.windowTitle()
                path = next((p for key, p in self.files.items() if key in title), self.files["default"])
                self.fired.append(f"file dialog '{title}' -> {path.name}")
                if d.fileMode() == QFileDialog.Directory:
                    d.setDirectory(str(path))
                else:  # typed into the dialog's file name box, as a player does
                    d.findChild(QLineEdit, "fileNameEdit").setText(str(path))
                d.setOption(QFileDialog.DontConfirmOverwrite)  # its "replace?" box would be a modal loop here
                d.accept()  # emits fileSelected / fileSelected of a directory, as the player's OK does
                if d.isVisible():  # it refused the answer (no such file): cancel, as the player would
                    self.fired.append(f"file dialog '{title}' cancelled")
                    d.reject()
                _settle(self.loop)

    def _alive(self, w) -> bool:
        return w is not None and shiboken6.isValid(w)

    def click_buttons(self, window) -> None:
        seen = set()
        for _ in range(6):  # buttons come and go (the decision bar): a few rounds until nothing new shows
            fresh = [b for b in window.findChildren(QAbstractButton) if id(b) not in seen and b.window() is window]
            if not fresh:
                break
            fresh.sort(key=lambda b: b.text().startswith("Close"))  # the ones that end the window last
            for b in fresh:
                seen.add(id(b))
                if not (self._alive(b) and b.isVisible() and b.isEnabled()):
                    continue
                if b.text() == "Rematch":
                    if self.rematches:
                        continue  # one rematch shows it works; each would open another game
                    self.rematches += 1
                self.fired.append(f"button '{b.text()}' in {type(window).__name__}")
                b.click()
                _settle(self.loop)
                self.answer_dialogs()
                if not self._alive(window):
                    return

    def fire_actions(self, window) -> None:
        actions = [a for a in window.findChildren(QAction) if a.text() and not a.isSeparator() and a.menu() is None
                   and not any(isinstance(p, QFileDialog) for p in _ancestors(a))]
        actions.sort(key=lambda a: a.text() in ("Close", "Concede…"))  # those last
        for a in actions:
            if not (self._alive(a) and self._alive(window)) or not a.isEnabled():
                continue
            self.fired.append(f"action '{a.text()}' in {type(window).__name__}")
            if a.text() == "Close":
                continue  # pressed through its shortcut below
            a.trigger()
            _settle(self.loop)
            self.answer_dialogs()

    def press_shortcuts(self, window) -> None:
        """Every action's keyboard shortcut, Ctrl+W (Close) last."""
        actions = [a for a in window.findChildren(QAction) if a.text() and not a.isSeparator() and a.menu() is None
                   and not any(isinstance(p, QFileDialog) for p in _ancestors(a))]
        actions.sort(key=lambda a: a.text() == "Close")
        for a in actions:
            if not (self._alive(a) and self._alive(window)) or a.shortcut().isEmpty():
                continue
            combo = a.shortcut()[0]
            window.activateWindow()
            self.fired.append(f"shortcut {a.shortcut().toString()} in {type(window).__name__}")
            QTest.keyClick(window, combo.key(), combo.keyboardModifiers())
            _settle(self.loop)
            self.answer_dialogs()

    def exercise(self, window) -> None:
        if window in self.done_windows or not self._alive(window):
            return
        self.done_windows.append(window)  # kept alive: ids of deleted windows could be reused
        _settle(self.loop)
        self.click_buttons(window)
        if self._alive(window):
            self.fire_actions(window)
        if self._alive(window):
            self.click_buttons(window)  # what the actions opened in the window (the concede question, say)
        if self._alive(window):
            self.press_shortcuts(window)

    def exercise_all(self, first) -> None:
        """`first`, then every window that opens meanwhile (games, LAN, replays, settings, help, results…)."""
        self.exercise(first)
        for _ in range(200):
            todo = [w for w in QApplication.topLevelWidgets() if self._alive(w) and w.isVisible()
                    and not isinstance(w, QFileDialog) and w.windowTitle() and w not in self.done_windows]
            if not todo:
                return
            self.exercise(todo[0])


def _ancestors(obj):
    p = obj.parent()
    while p is not None:
        yield p
        p = p.parent()


def _record_file(tmp_path):
    """A finished game's record, with the shipped cards."""
    from bss_desktop.carddb.database import load_default_db
    from bss_desktop.carddb.decks import shipped_decks
    from bss_desktop.engine.game import Game
    from bss_desktop.engine.record import save_record
    from bss_desktop.sim.policy import RandomPolicy

    db = load_default_db()
    decks = shipped_decks(db)
    a, b = sorted(decks)[:2]
    game = Game.new(db, [decks[a].cards, decks[b].cards], 11, deck_names=[a, b])
    policy = RandomPolicy(11)
    while not game.over and len(game.history) < 3000:
        game.apply(policy.choose(game))
    path = tmp_path / "watched.json"
    save_record(game, path)
    return path


def _deck_file(tmp_path):
    """A deck list to import in the deck builder (a shipped deck's file, copied)."""
    from bss_desktop.resources import cards_dir

    path = tmp_path / "imported-deck.txt"
    path.write_text((cards_dir() / "decks" / "red-saga.txt").read_text(encoding="utf-8"), encoding="utf-8")
    return path


def run_everything(qtbot, loop, tmp_path):
    from bss_desktop.app.main import StartWindow

    files = {"Watch": _record_file(tmp_path), "Save position": tmp_path / "saved-position.yaml",
             "Load position": tmp_path / "saved-position.yaml", "Save game record": tmp_path / "saved-record.json",
             "Card image folder": tmp_path, "deck list": _deck_file(tmp_path), "default": tmp_path / "anything.json"}
    start = StartWindow()
    qtbot.addWidget(start)
    start.show()
    driver = Driver(loop, files, qtbot)
    driver.exercise_all(start)
    return start, driver


def test_every_button_action_and_shortcut_of_every_window_works(qtbot, loopback_only, errors, tmp_path):
    start, driver = run_everything(qtbot, loopback_only, tmp_path)
    assert errors == [], "\n".join(errors)
    fired = "\n".join(driver.fired)
    # the start screen's buttons and the windows they open were all driven
    for what in ("button 'Play against the computer'", "button 'Hot-seat: two players, one computer'",
                 "button 'Sandbox: free moves, undo, positions'", "button 'Watch a saved game…'",
                 "button 'Settings…'", "button 'Host a LAN game'", "button 'Join a LAN game'",
                 "action 'Save position…' in GameWindow", "action 'Load position…' in GameWindow",
                 "action 'Save game record…' in GameWindow", "shortcut Ctrl+S in GameWindow",
                 "in ReplayWindow", "in SettingsDialog", "in HostWindow", "in JoinWindow",
                 "in ResultDialog", "button 'Concede'", "button 'Rematch'", "button 'Watch the replay'",
                 "file dialog 'Watch a saved game'", "file dialog 'Save position'", "file dialog 'Load position'",
                 "file dialog 'Save game record'"):
        assert what in fired, f"{what!r} was never fired:\n{fired}"
    # the file actions did their job: the files exist and hold what they should
    assert (tmp_path / "saved-position.yaml").is_file()
    assert json.loads((tmp_path / "saved-record.json").read_text())["commands"] is not None


def test_the_every_action_test_catches_a_slot_that_takes_qts_checked_argument(qtbot, loopback_only, errors,
                                                                                tmp_path, monkeypatch):
    """The regression this test exists for: triggered(bool) connected straight to save_position(path=None)."""
    from bss_desktop.client.windows import game as main_window

    def broken_menus(self):
        menu = self.menuBar().addMenu("&Game")
        action = QAction("Save position…", self)
        action.setShortcut(QKeySequence("Ctrl+S"))
        action.triggered.connect(self.save_position)  # Qt passes `checked` (False) as the path
        menu.addAction(action)

    monkeypatch.setattr(main_window.GameWindow, "_menus", broken_menus)
    from bss_desktop.app.main import StartWindow

    start = StartWindow()
    qtbot.addWidget(start)
    start.show()
    start.vs_ai.click()
    driver = Driver(loopback_only, {"default": tmp_path / "x.yaml"}, qtbot)
    driver.exercise(start.windows[-1])
    assert any("TypeError" in e and "not bool" in e for e in errors), errors
