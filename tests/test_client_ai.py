"""The computer opponent in the app: its level chosen on the start screen and kept, its thinking off the GUI thread
with an indicator, answers for a game that moved on dropped, a clean close while it thinks, the by-hand text it
skips named before the game, and the Hint key. Each test that plays a level runs for every level of ai.LEVELS this
version has (a level still being written is skipped until it lands)."""
from __future__ import annotations

import json
import threading
import time

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from bss_desktop import ai, paths  # noqa: E402
from bss_desktop.client.controllers.game import THINKING, THINKING_HINT  # noqa: E402
from bss_desktop.client.windows.game import GameWindow  # noqa: E402
from bss_desktop.engine.commands import Concede, EndMain, Summon  # noqa: E402
from helpers import MAIN, position, test_db  # noqa: E402


def needs(level: str) -> None:
    """Skip the test while `level` is not in this version (it raises ImportError until it lands)."""
    try:
        ai.make_player(level, 0, 1)
    except ImportError:
        pytest.skip(f"the {level} level is not in this version yet")


@pytest.fixture
def home(tmp_path, monkeypatch):
    """The player's folders (settings, decks, imported cards, autosaves) in a scratch folder of the test's own."""
    monkeypatch.setenv("BSS_DESKTOP_HOME", str(tmp_path))
    return tmp_path


# the computer (seat 1) is to play its main step; the player (seat 0) decides next
AI_MAIN = """
    turn: 3
    turn_player: 1
    players:
      - life: 5
        reserve: 4
        hand: [T-R3, T-R5]
        field: [{card: T-R1, cores: 1}]
      - life: 5
        reserve: 4
        hand: [T-B2, T-R1]
        field: [{card: T-B2, cores: 2}]
"""


def window(qtbot, text, *, seats=("human", "ai"), level="easy", delay=0, players=None):
    """A game window on a position; `players`: seat -> stand-in for the computer's player, set before the event
    loop runs (the computer starts thinking on its first turn of the loop)."""
    game = position(text)
    w = GameWindow(game, seats=seats, animation_ms=0, level=level)
    qtbot.addWidget(w)
    w.controller.ai_delay_ms = delay
    for seat, p in (players or {}).items():
        w.controller.ai[seat] = p
    w.resize(1280, 800)
    w.show()
    qtbot.waitExposed(w)
    return w, game


def activate(qtbot, w):
    w.activateWindow()  # window shortcuts reach only the active window, as on a desktop
    qtbot.waitUntil(lambda: QApplication.activeWindow() is w, timeout=3000)


class Recording:
    """The computer's player, recording the thread each decision was thought on."""

    def __init__(self, inner):
        self.inner, self.threads = inner, []

    def choose(self, game):
        self.threads.append(threading.current_thread())
        return self.inner.choose(game)


class Waiting:
    """The computer's player, waiting for the test to let it answer (polling: a stop reaches it at once)."""

    def __init__(self, inner, forever: bool = False):
        self.inner, self.forever = inner, forever
        self.go = threading.Event()
        self.calls = 0
        self.stopped = False
        self.answers = []

    def choose(self, game):
        self.calls += 1
        try:
            end = time.monotonic() + (60 if self.forever else 10)
            while not self.go.is_set() and time.monotonic() < end:
                time.sleep(0.005)
        except BaseException:
            self.stopped = True
            raise
        cmd = self.inner.choose(game)
        self.answers.append(cmd)
        return cmd


# ---------------------------------------------------------------- the level: chosen, remembered, kept


def _start(qtbot):
    from bss_desktop.app.main import StartWindow

    w = StartWindow()
    qtbot.addWidget(w)
    return w


def _opened(qtbot, start):
    w = start.windows[-1]
    qtbot.addWidget(w)
    return w


@pytest.mark.parametrize("level", ai.LEVELS)
def test_the_level_chosen_on_the_start_screen_plays_and_is_remembered(qtbot, home, level):
    needs(level)
    from bss_desktop.client.windows.settings import AppSettings

    start = _start(qtbot)
    assert [start.level.itemData(i) for i in range(start.level.count())] == list(ai.LEVELS)
    start.level.setCurrentIndex(start.level.findData(level))
    start.vs_ai.click()
    w = _opened(qtbot, start)
    assert w.level == level and w.controller.level == level and w.controller.ai_level == {1: level}
    assert AppSettings.load().ai_level == level  # the next start screen offers it again
    again = _start(qtbot)
    assert again.level.currentData() == level
    start.guided.click()  # the guided game plays the chosen level too
    assert _opened(qtbot, start).controller.level == level


def test_the_level_is_normal_at_first_and_a_bad_stored_one_falls_back_to_normal(qtbot, home):
    from bss_desktop.client.windows.settings import AppSettings

    assert _start(qtbot).level.currentData() in ("normal", "easy")  # Normal, or Easy while Normal is not there
    assert AppSettings().ai_level == "normal"
    paths.settings_file().parent.mkdir(parents=True, exist_ok=True)
    paths.settings_file().write_text(json.dumps({"ai_level": "grandmaster", "sound": False}))
    s = AppSettings.load()
    assert s.ai_level == "normal" and s.sound is False
    assert "ai_level" in s.problem and "grandmaster" in s.problem
    paths.settings_file().write_text(json.dumps({"ai_level": "grandmaster"}))  # (load kept the file fixed)
    start = _start(qtbot)  # no crash; the notice names the field
    assert start.level.currentData() in ("normal", "easy")
    assert "ai_level" in start.notice.text()
    paths.settings_file().write_text(json.dumps({"ai_level": 3}))
    assert AppSettings.load().ai_level == "normal"


def test_a_rematch_and_a_resumed_game_keep_the_level_and_an_old_autosave_resumes_with_normal(qtbot, home):
    needs("normal")
    start = _start(qtbot)
    start.level.setCurrentIndex(start.level.findData("easy"))
    start.vs_ai.click()
    w = _opened(qtbot, start)
    w.controller.ai_delay_ms = 10 ** 6  # the computer keeps still
    saved = json.loads(start.autosave_path().read_text())
    assert saved["level"] == "easy"
    w.close()
    start._update_resume()
    start.resume.click()
    resumed = _opened(qtbot, start)
    assert resumed is not w and resumed.level == "easy" and resumed.controller.level == "easy"
    resumed.close()
    # an autosave written before the level was saved: it still resumes, against Normal
    del saved["level"]
    start.autosave_path().write_text(json.dumps(saved))
    start._update_resume()
    start.resume.click()
    old = _opened(qtbot, start)
    assert old.level == "normal" and old.controller.level == "normal"
    old.close()
    # the rematch keeps the level
    w, game = window(qtbot, MAIN, level="easy", delay=10 ** 6)
    w.ask_concede()
    w.bar.panel.yes.click()
    assert game.result is not None
    w.result_dialog.first_buttons[0].click()  # who lost chooses who goes first
    w.result_dialog.rematch.click()
    assert w._spawned.level == "easy" and w._spawned.controller.level == "easy"
    qtbot.addWidget(w._spawned)


def test_a_level_missing_from_this_version_plays_the_next_one_and_says_so(qtbot, monkeypatch):
    real = ai.make_player

    def make_player(level, seat, seed=1, **options):
        if level in ("normal", "hard"):
            raise ImportError(f"no module named bss_desktop.ai.{level}")
        return real(level, seat, seed, **options)

    monkeypatch.setattr(ai, "make_player", make_player)
    w, game = window(qtbot, MAIN, level="hard", delay=10 ** 6)
    assert w.controller.level == "hard" and w.controller.ai_level == {1: "easy"}
    qtbot.waitUntil(lambda: "not in this version" in w.statusBar().currentMessage(), timeout=3000)
    assert w.statusBar().currentMessage() == "The Hard level is not in this version: the computer plays Easy."


# ---------------------------------------------------------------- thinking off the GUI thread


@pytest.mark.parametrize("level", ai.LEVELS)
def test_the_computer_thinks_on_a_worker_thread_and_plays_its_turn(qtbot, level):
    needs(level)
    game = position(AI_MAIN)
    w = GameWindow(game, seats=("human", "ai"), animation_ms=0, level=level)
    qtbot.addWidget(w)
    w.controller.ai_delay_ms = 0
    player = Recording(w.controller.ai[1])
    w.controller.ai[1] = player
    w.show()
    qtbot.waitUntil(lambda: game.over or game.pending.player == 0, timeout=60000)
    assert player.threads and all(t is not threading.main_thread() for t in player.threads)
    assert len(game.history) >= 1 and all(c.player == 1 for c in game.history)
    assert w.statusBar().currentMessage().startswith("The computer:")  # its action, where the player looks
    assert not w.bar.busy.isVisible()


def test_the_indicator_shows_while_the_computer_thinks_and_the_board_stays_responsive(qtbot):
    player = Waiting(ai.make_player("easy", 1, 3))
    w, game = window(qtbot, AI_MAIN, players={1: player})
    qtbot.waitUntil(lambda: player.calls == 1, timeout=5000)
    assert w.bar.busy.isVisible() and w.bar.busy.text == THINKING
    angle = w.bar.busy.spinner.angle
    # the board answers meanwhile: hovering a card shows it in the card panel, the log scrolls, the spinner turns
    mine = game.state.players[0].field[0]
    w.scene.cardHovered.emit(mine)
    assert w.preview.card is not None and w.preview.card.id == "T-R1"
    w.log.verticalScrollBar().setValue(0)
    qtbot.wait(200)
    assert w.bar.busy.spinner.angle != angle and game.history == [] and player.calls == 1
    player.go.set()
    qtbot.waitUntil(lambda: game.over or game.pending.player == 0, timeout=10000)
    qtbot.waitUntil(lambda: not w.bar.busy.isVisible(), timeout=3000)
    assert game.history and not w.controller.thinker.busy()


def test_the_computer_keeps_its_pace_counted_from_when_it_began_to_think(qtbot):
    class Slow:  # thinks a quarter of a second over each decision
        def __init__(self, inner):
            self.inner = inner

        def choose(self, game):
            time.sleep(0.25)
            return self.inner.choose(game)

    w, game = window(qtbot, AI_MAIN, delay=300, players={1: Slow(ai.make_player("easy", 1, 3))})
    sent = []
    w.model.changed.connect(lambda _events: sent.append(time.monotonic()))
    qtbot.waitUntil(lambda: len(sent) >= 3 or game.over or game.pending.player == 0, timeout=10000)
    gaps = [b - a for a, b in zip(sent, sent[1:])]
    assert len(sent) >= 2
    assert min(gaps) >= 0.28  # a player can follow each action with its log line
    assert min(gaps) < 0.5  # the think counts towards the pause: 0.3 s, not 0.25 + 0.3


def test_an_answer_for_a_game_that_changed_meanwhile_is_dropped(qtbot):
    player = Waiting(ai.make_player("easy", 1, 3))
    w, game = window(qtbot, AI_MAIN, players={1: player})
    qtbot.waitUntil(lambda: player.calls == 1, timeout=5000)
    w.ask_concede()  # the player concedes while the computer thinks (Concede is always legal, CR 1-2-4)
    w.bar.panel.yes.click()
    assert game.result is not None and [type(c) for c in game.history] == [Concede]
    player.go.set()
    qtbot.waitUntil(lambda: not w.controller.thinker.busy(), timeout=5000)
    qtbot.wait(50)
    assert [type(c) for c in game.history] == [Concede]  # the answer came back and was not played
    assert player.answers or player.stopped
    assert not w.bar.busy.isVisible()


def test_a_new_game_while_the_computer_thinks_gets_new_players_and_the_old_answer_is_dropped(qtbot, tmp_path):
    player = Waiting(ai.make_player("easy", 1, 3))
    w, game = window(qtbot, AI_MAIN, players={1: player})
    qtbot.waitUntil(lambda: player.calls == 1, timeout=5000)
    path = tmp_path / "p.yaml"
    from bss_desktop.engine.position import save_position

    save_position(position(MAIN), path)
    assert w.load_position(str(path))  # a new game, the player's to move
    player.go.set()
    qtbot.waitUntil(lambda: not w.controller.thinker.busy(), timeout=5000)
    new = w.model.game
    assert new is not game and new.history == [] and game.history == []
    assert w.controller.ai[1] is not player  # one player per seat and game


def test_closing_the_window_while_the_computer_thinks_leaves_no_thread_running(qtbot):
    player = Waiting(ai.make_player("easy", 1, 3), forever=True)
    w, game = window(qtbot, AI_MAIN, players={1: player})
    qtbot.waitUntil(lambda: player.calls == 1, timeout=5000)
    assert w.controller.thinker.running()
    began = time.monotonic()
    w.close()
    assert time.monotonic() - began < 3  # the think is stopped, not waited for to its end
    assert player.stopped and not w.controller.thinker.running() and not w.controller.thinker.busy()
    assert w.controller.thinker.pool.activeThreadCount() == 0
    qtbot.wait(50)  # nothing arrives afterwards
    assert game.history == []


# ---------------------------------------------------------------- the by-hand text the computer skips


def test_skipped_text_names_the_cards_with_manual_effects_once_each_sorted():
    from bss_desktop.ai.manual_text import skipped_line, skipped_text

    db = test_db()
    assert skipped_text(db, ["T-R1", "E-MANUAL", "E-MANUAL", "T-B2", "NO-SUCH"]) == ["Odd Relic"]
    assert skipped_text(db, ["T-R1", "T-B2"]) == []
    assert skipped_line([]) == ""
    assert skipped_line(["A", "B", "C"]) == "The computer will skip the by-hand text of these cards: A, B, C"
    assert skipped_line(list("ABCDEFG")).endswith("A, B, C, D and 3 more")


MANUAL_SET = """
set: {id: TMAN, name: "Test manual cards"}
cards:
  - id: TMAN-001
    name: Riddle Sphinx
    type: spirit
    colors: [red]
    cost: 1
    symbols: [red]
    levels:
      - {level: 1, cores: 1, bp: 1000}
    effects:
      - {kind: triggered, trigger: when_summoned, manual: true, text: "Ask your opponent a riddle."}
"""


def test_the_start_screen_names_the_cards_whose_by_hand_text_the_computer_will_skip(qtbot, home):
    from bss_desktop.carddb.importer import user_cards_dir

    user_cards_dir().mkdir(parents=True, exist_ok=True)
    (user_cards_dir() / "tman.yaml").write_text(MANUAL_SET)
    paths.decks_dir().mkdir(parents=True, exist_ok=True)
    shipped = (paths.Path(__file__).resolve().parent.parent / "cards" / "decks" / "red-saga.txt").read_text()
    (paths.decks_dir() / "riddles.txt").write_text(shipped + "\n4x TMAN-001: Riddle Sphinx\n")
    start = _start(qtbot)
    assert "my-riddles" in start.decks, start.broken_decks
    start.show()
    start.deck_b.setCurrentIndex(start.deck_b.findData("red-saga"))
    assert not start.skip_note.isVisible()  # the shipped decks have no such card
    start.deck_b.setCurrentIndex(start.deck_b.findData("my-riddles"))
    assert start.skip_note.isVisible()
    assert start.skip_note.text() == "The computer will skip the by-hand text of these cards: Riddle Sphinx"
    start.deck_a.setCurrentIndex(start.deck_a.findData("my-riddles"))  # only the computer's deck counts
    start.deck_b.setCurrentIndex(start.deck_b.findData("blue-saga"))
    assert not start.skip_note.isVisible()


# ---------------------------------------------------------------- the Hint key


def _hint_action(w):
    return next(a for a in w.menuBar().actions()[0].menu().actions() if a.text().startswith("Hint"))


def test_the_hint_key_and_menu_show_the_suggested_card_and_say_it_without_playing_it(qtbot, monkeypatch):
    threads = []

    def fake_hint(game, seat, seed=1, **options):
        threads.append(threading.current_thread())
        return next(c for c in game.legal_commands() if isinstance(c, Summon) and game.card_def(c.card).id == "T-R3")

    monkeypatch.setattr(ai, "hint", fake_hint)
    w, game = window(qtbot, MAIN, delay=10 ** 6)
    activate(qtbot, w)
    assert _hint_action(w).isEnabled() and _hint_action(w).shortcut().toString() == "H"
    card = next(k for k in game.state.players[0].hand if game.card_def(k).id == "T-R3")
    name = game.card_def(card).name
    QTest.keyClick(w, Qt.Key_H)
    qtbot.waitUntil(lambda: w.controller.hint is not None, timeout=5000)
    assert threads and threads[0] is not threading.main_thread()
    assert w.scene.hinted() == {card} and w.scene.cards[card].hint_mark
    assert w.statusBar().currentMessage() == f"Hint: summon {name}"
    assert game.history == []  # a hint plays nothing
    assert not w.bar.busy.isVisible()
    # the hint clears when the game moves on
    w.bar.buttons[0].click()  # End main step
    assert game.history == [EndMain(0)] and w.controller.hint is None and w.scene.hinted() == set()


def test_a_hint_for_a_decision_bar_answer_marks_its_button_and_the_menu_asks_for_it_too(qtbot, monkeypatch):
    gate = threading.Event()

    def fake_hint(game, seat, seed=1, **options):
        gate.wait(5)
        return EndMain(seat)

    monkeypatch.setattr(ai, "hint", fake_hint)
    w, game = window(qtbot, MAIN, delay=10 ** 6)
    _hint_action(w).trigger()
    qtbot.waitUntil(lambda: w.bar.busy.isVisible(), timeout=3000)
    assert w.bar.busy.text == THINKING_HINT
    gate.set()
    qtbot.waitUntil(lambda: w.controller.hint is not None, timeout=5000)
    assert w.bar.hinted_button() is w.bar.buttons[0] and w.bar.buttons[0].text().startswith("End main step")
    assert w.statusBar().currentMessage() == "Hint: end the main step"
    assert w.scene.hinted() == set() and game.history == [] and not w.bar.busy.isVisible()


def test_the_hint_of_the_real_computer_suggests_a_legal_move(qtbot):
    w, game = window(qtbot, MAIN, delay=10 ** 6)
    activate(qtbot, w)
    legal = game.legal_commands()
    QTest.keyClick(w, Qt.Key_H)
    qtbot.waitUntil(lambda: w.controller.hint is not None, timeout=30000)
    hinted = w.controller.hint
    assert hinted in legal or game.clone().apply(hinted) is not None  # legal (perhaps with a payment of its own)
    assert w.statusBar().currentMessage().startswith("Hint: ") and game.history == []
    assert w.scene.hinted() == set(w.controller.hint_cards(w.controller.hint))


def test_no_hint_while_the_computer_decides_nor_in_the_sandbox(qtbot):
    w, game = window(qtbot, AI_MAIN, delay=10 ** 6)
    assert not _hint_action(w).isEnabled()
    w.controller.request_hint()  # (as the action would, if it were enabled)
    assert w.controller.hint is None and "your own decisions" in w.statusBar().currentMessage()
    box = GameWindow(position(MAIN.replace("turn: 3", "turn: 3\n    settings: {sandbox: true}")), sandbox=True,
                     animation_ms=0)
    qtbot.addWidget(box)
    assert box.hint_action is None
    hot, _ = window(qtbot, MAIN, seats=("human", "human"))
    assert _hint_action(hot).isEnabled()  # hot-seat: for the player whose decision it is


def test_the_settings_list_the_hint_key():
    from bss_desktop.client.windows.settings import DEFAULT_HOTKEYS, HOTKEY_NAMES, AppSettings, SettingsDialog

    assert DEFAULT_HOTKEYS["hint"] == "H" and "hint" in HOTKEY_NAMES
    dialog = SettingsDialog(AppSettings())
    assert dialog.key_edits["hint"].keySequence().toString() == "H"


# ---------------------------------------------------------------- a whole game against Easy


def test_a_whole_game_against_easy_played_through_the_decision_bar_ends_with_a_result(qtbot):
    from bss_desktop.carddb.database import load_default_db
    from bss_desktop.carddb.decks import shipped_decks
    from bss_desktop.engine.game import Game

    db = load_default_db()
    decks = shipped_decks(db)
    game = Game.new(db, [decks["red-saga"].cards, decks["blue-saga"].cards], 11)
    w = GameWindow(game, seats=("human", "ai"), animation_ms=0, level="easy")
    qtbot.addWidget(w)
    w.controller.ai_delay_ms = 0
    w.show()
    me = ai.make_player("easy", 0, 5)  # the player's choices, made with the buttons where the bar offers them
    clicked = 0
    deadline = time.monotonic() + 120
    while not game.over and time.monotonic() < deadline:
        if game.pending.player == 0 and not w.controller.thinker.busy():
            cmd = me.choose(game.clone())
            button = next((b for b in w.bar.buttons if b.isEnabled() and b.cmd == cmd), None)
            if button is not None:
                button.click()
                clicked += 1
            else:
                w.controller.send(cmd)
        else:
            qtbot.wait(2)  # the computer thinks on its thread
    assert game.over and clicked > 0
    assert any(c.player == 1 for c in game.history)
    qtbot.waitUntil(lambda: getattr(w, "result_dialog", None) is not None, timeout=3000)
    assert w.bar.label.text().startswith("<b>Game over.</b>") and not w.bar.busy.isVisible()
    text = w.log.toPlainText()
    assert "wins" in text or "draw" in text


# ---------------------------------------------------------------- headless LAN players (bss-desktop host/join --policy)


def test_join_headless_refuses_the_levels_that_need_the_hosts_seat(capsys):
    from bss_desktop import cli

    for level in ("normal", "hard"):
        assert cli.main(["join", "127.0.0.1:1", "--headless", "--policy", level]) == 2
        err = capsys.readouterr().err.strip()
        assert len(err.splitlines()) == 1 and f"--policy {level} needs the host's seat" in err


def test_the_easy_guest_never_takes_the_last_lv1_cores_off_its_own_card():
    from bss_desktop.engine.commands import CoreMove, MoveCores, command_from_dict
    from bss_desktop.net.headless import destroys_own_card, easy_guest, guest_player

    game = position(MAIN)  # seat 0: T-R1 with its one (LV1) core, 4 cores in the reserve
    view, db = game.view(0), game.db
    pup = game.state.players[0].field[0]
    off = MoveCores(0, (CoreMove(pup, "reserve", 1),))
    on = MoveCores(0, (CoreMove("reserve", pup, 1),))
    assert destroys_own_card(off, view, 0, db) and not destroys_own_card(on, view, 0, db)
    assert not destroys_own_card(EndMain(0), view, 0, db)

    class Session:  # what a guest session offers a headless player: its view, the legal commands, the batch
        seat, view = 0, game.view(0)
        legal = [off.to_dict(), on.to_dict()]

    picks = set()
    for seq in range(40):
        Session.seq = seq
        picks.add(command_from_dict(easy_guest(seq, db)(Session)))
    assert picks == {on}  # the random guest would pick the other one about half the time
    with pytest.raises(ValueError, match="needs the host's seat"):
        guest_player("normal", 1, db)


@pytest.mark.parametrize("level", ["easy", "normal"])  # (the host's seat makes any level alike; Hard's game is slow)
def test_a_headless_host_plays_a_level_against_an_easy_guest_and_both_agree(level):
    needs(level)
    import os
    import re
    import subprocess
    import sys

    root = paths.Path(__file__).resolve().parent.parent
    env = dict(os.environ, PYTHONPATH=str(root), PYTHONUNBUFFERED="1")

    def cli(*args):
        return subprocess.Popen([sys.executable, "-m", "bss_desktop.cli", *args], cwd=root, env=env,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

    host = cli("host", "--port", "0", "--bind", "127.0.0.1", "--headless", "--policy", level, "--seed", "3")
    try:
        m = re.match(r"listening on port (\d+)$", host.stdout.readline().strip())
        assert m, host.stderr.read()
        guest = cli("join", f"127.0.0.1:{m.group(1)}", "--headless", "--policy", "easy", "--seed", "4")
        g_out, g_err = guest.communicate(timeout=600)
        h_out, h_err = host.communicate(timeout=120)
    finally:
        host.kill()
    assert guest.returncode == 0 and host.returncode == 0, g_out + g_err + h_out + h_err
    final = re.compile(r"^final hash: ([0-9a-f]{64})$", re.M)
    assert final.search(g_out).group(1) == final.search(h_out).group(1)
    assert "audit passed" in g_out


def test_when_the_computer_ends_its_turn_the_status_says_so_not_the_players_draw(qtbot):
    # the computer (seat 1) is in its attack step with nothing that can attack: its one action ends its turn
    game = position("""
        turn: 4
        turn_player: 1
        step: attack
        players:
          - {life: 5, reserve: 4, hand: [T-R3], field: []}
          - {life: 5, reserve: 4, hand: [], field: [{card: T-R1, cores: 1, exhausted: true}]}
    """)
    w = GameWindow(game, seats=("human", "ai"), animation_ms=0, level="easy")
    qtbot.addWidget(w)
    w.controller.ai_delay_ms = 0
    w.show()
    qtbot.waitUntil(lambda: game.pending.player == 0, timeout=10000)
    message = w.statusBar().currentMessage()
    assert message.startswith("The computer: ends its turn — Turn 5"), message
    assert "draws" not in message
