"""Bad input gets a clear error and loses nothing: a damaged settings file, autosave or deck list of the player's
names the file and the problem and the app still starts; the command line answers a bad file with one line and
exit status 2; the Settings dialog refuses a key that is already another action's.

Each test points the player's folders at its own scratch folder (BSS_DESKTOP_HOME, bss_desktop/paths.py)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import QEvent  # noqa: E402
from PySide6.QtGui import QKeySequence  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from bss_desktop import paths  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SHIPPED_DECKS = ROOT / "cards" / "decks"


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("BSS_DESKTOP_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def _start(qtbot):
    from bss_desktop.app.main import StartWindow

    w = StartWindow()
    qtbot.addWidget(w)
    return w


def _write(path: Path, text: str | bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


# ---------------------------------------------------------------- settings.json

def test_a_corrupt_settings_file_is_moved_aside_named_once_and_the_app_starts_with_defaults(qtbot, home):
    from bss_desktop.client.windows.settings import AppSettings

    broken = '{\n "animation_ms": 0,\n "quick_pay" true\n}\n'
    _write(paths.settings_file(), broken)
    _write(paths.settings_file().with_name("settings.json.bad"), "an older bad file")
    start = _start(qtbot)
    assert start.settings == AppSettings()  # the defaults
    notice = start.notice.text()
    assert start.notice.isVisibleTo(start)
    assert str(paths.settings_file()) in notice and "line 3 column 14: Expecting ':' delimiter" in notice
    assert "settings.json" in start.statusBar().currentMessage()
    # the damaged file is kept (an older .bad is not replaced), not overwritten by the defaults
    assert paths.settings_file().with_name("settings.json.bad").read_text() == "an older bad file"
    assert paths.settings_file().with_name("settings.json.bad.1").read_text() == broken
    assert "settings.json.bad.1" in notice
    start.settings.save()  # the first save writes the defaults; the kept copy stays
    assert paths.settings_file().with_name("settings.json.bad.1").read_text() == broken
    # told once: the next start finds good settings and says nothing
    again = _start(qtbot)
    assert again.settings.problem is None and not again.notice.isVisibleTo(again)


@pytest.mark.parametrize("text,words", [
    ("[1, 2]", "expected a JSON object"),
    ('"fast"', "expected a JSON object"),
    ("", "line 1 column 1: Expecting value"),
])
def test_settings_that_are_not_an_object_give_the_defaults_and_are_kept(tmp_path, text, words):
    from bss_desktop.client.windows.settings import AppSettings

    path = _write(tmp_path / "settings.json", text)
    loaded = AppSettings.load(path)
    assert loaded == AppSettings() and str(path) in loaded.problem and words in loaded.problem
    assert (tmp_path / "settings.json.bad").read_text() == text


def test_a_setting_of_the_wrong_type_is_named_and_the_others_are_kept(qtbot, home):
    original = json.dumps({"animation_ms": "fast", "quick_pay": True, "lan_name": "Ann", "sound": "yes"})
    _write(paths.settings_file(), original)
    start = _start(qtbot)
    s = start.settings
    assert s.animation_ms == 180 and s.quick_pay is True and s.lan_name == "Ann" and s.sound is True
    assert "settings.json: animation_ms: expected a whole number, got 'fast' — using 180" in s.problem
    assert "sound: expected true or false, got 'yes' — using true" in s.problem
    assert "animation_ms" in start.notice.text() and start.notice.isVisibleTo(start)
    # the file as it was is kept before anything rewrites it; the file itself now holds what is used
    assert paths.settings_file().with_name("settings.json.bad").read_text() == original
    assert json.loads(paths.settings_file().read_text())["quick_pay"] is True
    assert "problem" not in json.loads(paths.settings_file().read_text())


# ---------------------------------------------------------------- the autosave

def _autosave_with(record) -> str:
    return json.dumps({"format": "bss-autosave", "version": 1, "record": record, "seats": ["human", "ai"],
                       "sandbox": False})


@pytest.mark.parametrize("text,words", [
    ('{"format": "bss-autosave", "version": 1, "record": {"format": "bss-rec', "not valid JSON"),
    (_autosave_with(5), "field 'record': expected a game record"),
    (_autosave_with([1, 2]), "field 'record': expected a game record"),
    (_autosave_with({"format": "bss-record", "version": 1, "start": {}}), "field 'commands'"),
    ("[]", "expected a JSON object"),
    ('{"format": "something else"}', "field 'format'"),
])
def test_an_unreadable_autosave_is_named_kept_and_moved_aside_by_a_new_game(qtbot, home, text, words):
    path = _write(paths.autosave_dir() / "game.json", text)
    start = _start(qtbot)  # the app starts
    assert not start.resume.isVisibleTo(start)
    notice = start.notice.text()
    assert start.notice.isVisibleTo(start) and str(path) in notice and words in notice
    assert "can't be resumed" in notice
    assert path.read_text() == text  # kept as it is
    start._update_resume()  # as when the start screen is activated again: still said, still kept
    assert path.read_text() == text and words in start.notice.text()
    # a new game would autosave over it: the old file is kept as game.json.bad first
    _write(path.with_name("game.json.bad"), "an older one")
    start.hotseat.click()
    game_window = start.windows[-1]
    qtbot.addWidget(game_window)
    assert path.with_name("game.json.bad").read_text() == "an older one"
    assert path.with_name("game.json.bad.1").read_text() == text
    assert "game.json.bad.1" in start.statusBar().currentMessage()
    assert "autosave" not in start.notice.text()
    game_window.close()


def test_an_autosave_that_does_not_replay_says_so_and_is_kept(qtbot, home):
    from bss_desktop.carddb.database import load_default_db
    from bss_desktop.carddb.decks import shipped_decks
    from bss_desktop.engine.game import Game
    from bss_desktop.engine.record import to_record

    db = load_default_db()
    decks = shipped_decks(db)
    record = to_record(Game.new(db, [decks["red-saga"].cards, decks["blue-saga"].cards], 5, first_player=0))
    record["start"]["decks"][1][0] = "NO-SUCH-CARD"
    text = _autosave_with(record)
    path = _write(paths.autosave_dir() / "game.json", text)
    start = _start(qtbot)
    assert start.resume.isVisibleTo(start)  # it looks like a game
    opened = len(start.windows)
    start.resume.click()
    assert len(start.windows) == opened  # nothing opened
    assert not start.resume.isVisibleTo(start)
    for shown in (start.notice.text(), start.statusBar().currentMessage()):
        assert str(path) in shown and "does not replay" in shown and "NO-SUCH-CARD" in shown
    assert path.read_text() == text
    start._update_resume()  # activated again: the same file is still not offered
    assert not start.resume.isVisibleTo(start) and "does not replay" in start.notice.text()


# ---------------------------------------------------------------- the player's deck lists

def _deck_with_unknown_card_on_line_3() -> str:
    entries = [line for line in (SHIPPED_DECKS / "red-saga.txt").read_text().splitlines()
               if line.strip() and not line.startswith("#")]
    entries = [e for e in entries if not e.lower().startswith(("deck", "name"))]
    return "\n".join(["Deck: Foo", entries[0], "4 XX-1", *entries[2:]]) + "\n"


def test_a_broken_deck_list_stays_in_the_lists_marked_and_is_not_played_until_fixed(qtbot, home):
    deck_file = _write(paths.decks_dir() / "foo.txt", _deck_with_unknown_card_on_line_3())
    start = _start(qtbot)
    why = "foo.txt line 3: unknown card 'XX-1'"
    for box in (start.deck_a, start.deck_b):
        i = box.findData("my-foo")
        assert i >= 0, "the broken deck is still listed"
        assert box.itemText(i).startswith("⚠ my-foo — broken: ") and why in box.itemText(i)
        assert str(deck_file) in box.itemData(i, 3)  # Qt.ToolTipRole: the file and every problem
    assert why in start.statusBar().currentMessage()
    start.deck_a.setCurrentIndex(start.deck_a.findData("my-foo"))  # the player chooses it
    assert str(deck_file) in start.deck_a.toolTip() and "line 3: unknown card 'XX-1'" in start.deck_a.toolTip()
    assert why in start.statusBar().currentMessage()
    opened = len(start.windows)
    for button in (start.vs_ai, start.hotseat, start.sandbox):
        button.click()
        assert len(start.windows) == opened, button.text()  # no game with a broken deck
        message = start.statusBar().currentMessage()
        assert "my-foo can't be played" in message and str(deck_file) in message and "XX-1" in message
    # fixed while the app runs: read again when the start screen is activated again
    deck_file.write_text((SHIPPED_DECKS / "red-saga.txt").read_text())
    QApplication.sendEvent(start, QEvent(QEvent.WindowActivate))
    i = start.deck_a.findData("my-foo")
    assert start.deck_a.currentIndex() == i and not start.deck_a.itemText(i).startswith("⚠")
    assert "my-foo" in start.decks and "my-foo" not in start.broken_decks
    start.hotseat.click()
    assert len(start.windows) == opened + 1
    game_window = start.windows[-1]
    qtbot.addWidget(game_window)
    assert game_window.model.game.start["deck_names"][0] == "my-foo"
    game_window.close()


def test_user_deck_files_report_the_file_and_line_of_a_broken_list(tmp_path):
    from bss_desktop.carddb.database import load_default_db
    from bss_desktop.carddb.decks import user_deck_files

    _write(tmp_path / "foo.txt", _deck_with_unknown_card_on_line_3())
    _write(tmp_path / "short.txt", "4 " + _deck_with_unknown_card_on_line_3().splitlines()[1].split(None, 1)[1])
    _write(tmp_path / "binary.txt", b"\xff\xfe\x00")
    decks, broken = user_deck_files(load_default_db(), tmp_path)
    assert decks == {}
    assert broken["foo"].summary() == "foo.txt line 3: unknown card 'XX-1'"
    assert broken["short"].summary().startswith("short.txt: breaks the deck rules")
    assert broken["binary"].summary().startswith("binary.txt: not a UTF-8 text file")


# ---------------------------------------------------------------- the command line

def _cli(*args, cwd):
    env = dict(os.environ, PYTHONPATH=str(ROOT), QT_QPA_PLATFORM="offscreen")
    return subprocess.run([sys.executable, "-m", "bss_desktop.cli", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=120)


def _bad_files(folder: Path) -> dict[str, Path]:
    deck = _deck_with_unknown_card_on_line_3()
    record_unknown_card = {"format": "bss-record", "version": 1, "start": {"seed": 1, "decks": [["NOPE-1"], []]},
                           "commands": []}
    return {
        "missing.json": folder / "missing.json",
        "truncated.json": _write(folder / "truncated.json", '{"format": "bss-record", "version": 1, "sta'),
        "list.json": _write(folder / "list.json", "[1, 2, 3]"),
        "unknown-card.json": _write(folder / "unknown-card.json", json.dumps(record_unknown_card)),
        "binary.json": _write(folder / "binary.json", b"\xff\xfe\x00\x01"),
        "deck.txt": _write(folder / "deck.txt", deck),
        "missing.txt": folder / "missing.txt",
        "short.txt": _write(folder / "short.txt", "Deck: short\n" + deck.splitlines()[1] + "\n"),
        "missing.yaml": folder / "missing.yaml",
        "bad.yaml": _write(folder / "bad.yaml", "turn: [1\nplayers: {\n"),
        "list.yaml": _write(folder / "list.yaml", "- 1\n- 2\n"),
        "unknown-card.yaml": _write(folder / "unknown-card.yaml", "turn: 1\nturn_player: 0\nplayers:\n"
                                    "  - {life: 5, reserve: 3, hand: [NOPE-1]}\n  - {life: 5, reserve: 3}\n"),
        "settings-5.yaml": _write(folder / "settings-5.yaml", "turn: 1\nturn_player: 0\nsettings: 5\n"
                                  "players: [{life: 5, reserve: 3}, {life: 5, reserve: 3}]\n"),
        "host-autosave.json": _write(folder / "host-autosave.json", json.dumps({"record": 5})),
    }


CLI_CASES = [
    (("replay", "missing.json"), "missing.json", "no such file"),
    (("replay", "truncated.json"), "truncated.json", "not valid JSON"),
    (("replay", "list.json"), "list.json", "JSON object"),
    (("replay", "unknown-card.json"), "unknown-card.json", "NOPE-1"),
    (("replay", "binary.json", "--verify"), "binary.json", "not a text file"),
    (("simulate", "--games", "1", "--decks", "red-vanilla,deck.txt"), "deck.txt", "line 3: unknown card 'XX-1'"),
    (("simulate", "--games", "1", "--decks", "missing.txt,red-vanilla"), "missing.txt", "no such file"),
    (("simulate", "--games", "1", "--decks", "red-vanilla,short.txt"), "short.txt", "deck rules"),
    (("simulate", "--games", "1", "--decks", "red-vanilla,binary.json"), "binary.json", "not a text file"),
    (("host", "--headless", "--port", "0", "--resume", "missing.json"), "missing.json", "no such file"),
    (("host", "--headless", "--port", "0", "--resume", "truncated.json"), "truncated.json", "not valid JSON"),
    (("host", "--headless", "--port", "0", "--resume", "list.json"), "list.json", "not a host autosave"),
    (("host", "--headless", "--port", "0", "--resume", "host-autosave.json"), "host-autosave.json",
     "not a host autosave"),
    (("host", "--headless", "--port", "0", "--deck", "deck.txt"), "deck.txt", "unknown card 'XX-1'"),
    (("--screenshot", "out.png", "--position", "missing.yaml"), "missing.yaml", "no such file"),
    (("--screenshot", "out.png", "--position", "bad.yaml"), "bad.yaml", "not valid YAML"),
    (("--screenshot", "out.png", "--position", "list.yaml"), "list.yaml", "mapping"),
    (("--screenshot", "out.png", "--position", "unknown-card.yaml"), "unknown-card.yaml", "NOPE-1"),
    (("--screenshot", "out.png", "--position", "settings-5.yaml"), "settings-5.yaml", "not a position"),
]


@pytest.mark.parametrize("args,name,words", CLI_CASES, ids=[" ".join(c[0]) for c in CLI_CASES])
def test_the_command_line_answers_a_bad_file_with_one_line_and_status_2(tmp_path, home, args, name, words):
    _bad_files(tmp_path)
    done = _cli(*args, cwd=tmp_path)
    err = done.stderr.strip()
    assert done.returncode == 2, (done.returncode, done.stderr)
    assert "Traceback" not in done.stderr and len(err.splitlines()) == 1, done.stderr
    assert name in err and words.lower() in err.lower(), err
    assert done.stdout == ""
    assert not (tmp_path / "out.png").exists()


# ---------------------------------------------------------------- the Settings dialog

def test_the_settings_dialog_refuses_a_key_that_is_already_another_actions(qtbot, home):
    from bss_desktop.client.windows.settings import AppSettings, SettingsDialog

    settings = AppSettings()
    dialog = SettingsDialog(settings)
    qtbot.addWidget(dialog)
    dialog.open()
    assert dialog.ok_button.isEnabled() and not dialog.key_problem.isVisibleTo(dialog)
    dialog.key_edits["end_step"].setKeySequence(QKeySequence("K"))  # Keep the opening hand is K
    problem = dialog.key_problem.text()
    assert dialog.key_problem.isVisibleTo(dialog)
    assert "End the main / attack step: K is already the key for Keep the opening hand" in problem
    assert not dialog.ok_button.isEnabled()
    dialog.ok_button.click()
    assert dialog.isVisible() and settings.hotkeys == {} and not paths.settings_file().exists()  # nothing stored
    dialog.key_edits["keep"].setKeySequence(QKeySequence("J"))  # resolved: Keep moves to J
    assert dialog.ok_button.isEnabled() and not dialog.key_problem.isVisibleTo(dialog)
    dialog.ok_button.click()
    assert not dialog.isVisible()
    assert settings.key("end_step") == "K" and settings.key("keep") == "J"
    assert AppSettings.load().hotkeys == {"end_step": "K", "keep": "J"}


def test_a_settings_file_with_two_actions_on_one_key_keeps_the_defaults_for_them(tmp_path):
    from bss_desktop.client.windows.settings import AppSettings

    path = _write(tmp_path / "settings.json", json.dumps({"hotkeys": {"end_step": "K", "undo": "Ctrl+U"}}))
    loaded = AppSettings.load(path)
    assert loaded.key("end_step") == "E" and loaded.key("keep") == "K" and loaded.key("undo") == "Ctrl+U"
    assert "hotkeys: end_step: K is also another action's key — using E" in loaded.problem
