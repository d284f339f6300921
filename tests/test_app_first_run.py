"""The first five minutes: where files go, the guided first game, Help, autosave and resume, crash reports,
and the player's own deck lists. The player's folders point to a scratch folder (tests/conftest.py)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pytestqt")

from bss_desktop import paths  # noqa: E402
from bss_desktop.engine.commands import EndMain, Mulligan  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("BSS_DESKTOP_HOME", str(tmp_path))
    return tmp_path


def test_paths_prints_every_folder_under_the_players_home(home):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-m", "bss_desktop.cli", "--paths"], env=env, capture_output=True,
                         text=True, timeout=60).stdout
    for name in ("settings", "imported cards", "your decks", "card images", "saved games", "autosaves", "log"):
        line = next(x for x in out.splitlines() if x.startswith(name + ":"))
        assert str(home) in line


def _start(qtbot):
    from bss_desktop.app.main import StartWindow

    w = StartWindow()
    qtbot.addWidget(w)
    return w


def test_the_guided_first_game_opens_against_the_computer_with_a_guide_that_follows_the_game(qtbot, home):
    start = _start(qtbot)
    start.guided_game()
    game_window = start.windows[-1]
    qtbot.addWidget(game_window)
    assert game_window.guide is not None and game_window.seats == ("human", "ai")
    game = game_window.model.game
    text = game_window.guide.toPlainText()
    if game.pending.player == 0:
        assert "opening hand" in text and "CR 5-2-7" in text
        game_window.controller.send(Mulligan(0, False))
        qtbot.waitUntil(lambda: game.pending is None or game.pending.player == 0 and game.pending.kind != "mulligan",
                        timeout=10000)
    else:
        assert "computer is deciding" in text


def test_the_guide_names_the_gestures_and_rules_for_each_decision():
    from helpers import position

    from bss_desktop.client.windows.guide import hint

    main = position("""
        turn: 3
        turn_player: 0
        step: main
        players:
          - {life: 5, reserve: 6, hand: [T-R1, T-MM], deck: [T-R1, T-R1], field: [{card: T-R3, cores: 1}]}
          - {life: 5, reserve: 3, hand: [T-B2], deck: [T-B2, T-B2], field: [{card: T-B2, cores: 2}]}
        """)
    assert "Drag a highlighted <b>spirit or nexus</b>" in hint(main, 0) and "CR 10-6-7" in hint(main, 0)
    assert "computer is deciding" in hint(main, 1)
    main.apply(EndMain(0))
    text = hint(main, 0)
    assert "attack step" in text and "CR 7-1-1" in text


def test_help_menu_has_a_rules_summary_with_cr_references_and_the_hotkeys(qtbot, home):
    from bss_desktop.client.windows.help import RULES, about_html, hotkeys_html

    start = _start(qtbot)
    menus = [a.text() for a in start.menuBar().actions()]
    assert "&Help" in menus
    assert "50 to 60 cards" in RULES and "CR 5-1-1-1" in RULES
    assert "CR 7-1-5-2-1" in RULES and "10-6-7" in RULES and "CR 5-2-7" in RULES and "CR 6-7" in RULES
    keys = hotkeys_html({"pass": "Space", "end_step": "E", "keep": "K"})
    assert "Space" in keys and "Pass (flash window)" in keys and "End the main / attack step" in keys
    assert str(home) in about_html() and "bss-desktop --paths" in about_html()


def test_every_command_is_autosaved_and_the_start_screen_resumes_the_game_exactly(qtbot, home):
    start = _start(qtbot)
    assert not start.resume.isVisibleTo(start)
    start.new_game(("human", "human"))
    w = start.windows[-1]
    qtbot.addWidget(w)
    game = w.model.game
    for _ in range(3):
        w.controller.send(game.legal_commands()[0])
    qtbot.waitUntil(lambda: start.autosave_path().is_file() and len(json.loads(
        start.autosave_path().read_text())["record"]["commands"]) == 3, timeout=5000)
    start._update_resume()
    assert start.resume.isVisibleTo(start) and "3 moves" in start.resume.text()
    start.resume_game()
    again = start.windows[-1]
    qtbot.addWidget(again)
    assert again is not w and again.model.game.state_hash() == game.state_hash()
    assert again.seats == ("human", "human")


def test_an_uncaught_error_is_logged_and_the_dialog_names_the_log_and_the_autosave(qtbot, home):
    import logging

    from bss_desktop.app import crash

    crash.setup_logging()
    try:
        raise RuntimeError("a card the board cannot draw")
    except RuntimeError:
        message = crash.report(*sys.exc_info())
    for h in logging.getLogger().handlers:
        h.flush()
    assert str(paths.log_file()) in message and "resume" in message
    logged = paths.log_file().read_text()
    assert "a card the board cannot draw" in logged and "Traceback" in logged
    assert crash.report.box.detailedText().startswith("Traceback")
    crash.report.box.close()
    for h in list(logging.getLogger().handlers):
        if isinstance(h, logging.handlers.RotatingFileHandler):
            logging.getLogger().removeHandler(h)


def test_the_players_own_deck_lists_are_offered_and_a_broken_one_is_named(qtbot, home):
    decks = paths.decks_dir()
    decks.mkdir(parents=True)
    shipped = (ROOT / "cards" / "decks" / "red-saga.txt").read_text()
    (decks / "my-red.txt").write_text(shipped)
    (decks / "broken.txt").write_text("4 NO-SUCH-CARD\n")
    start = _start(qtbot)
    assert "my-my-red" in start.decks
    assert start.deck_a.findData("my-my-red") >= 0
    shown = start.statusBar().currentMessage()
    assert "broken.txt" in shown and "line 1" in shown
