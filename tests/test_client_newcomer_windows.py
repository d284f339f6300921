"""A newcomer's path through the windows (issue 25, items 12, 18, 20, 21), played from the player's side: buttons
clicked, actions triggered, keys pressed, file dialogs answered in the dialog, the window closed through its window.

The start screen keeps its width whatever game is chosen and fits the screen; Save / Load dialogs open in the
player's folders and remember the last one; loading a position over a game in progress asks first and is logged;
Ctrl+W and the close button ask about a game in progress (over the LAN the other player is told); the replay
closes on Esc and Ctrl+W; Resume follows the game chosen and says what its autosave holds; the chat's tab counts
unread lines; the end screen's first-player choice reads as one still to make; the game window opens maximised
with no band above the board.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import (QApplication, QFileDialog, QLineEdit, QMessageBox, QPushButton,  # noqa: E402
                               QTabBar)

from bss_desktop import paths  # noqa: E402
from bss_desktop.client.windows.game import GameWindow  # noqa: E402
from bss_desktop.client.windows.settings import AppSettings  # noqa: E402
from bss_desktop.engine.commands import ManualMove, Mulligan  # noqa: E402
from helpers import MAIN, new_game, position  # noqa: E402
from test_client import SANDBOX  # noqa: E402



@pytest.fixture
def home(tmp_path, monkeypatch):
    """The player's folders (settings, autosaves, saved games) in a scratch folder of the test's own."""
    monkeypatch.setenv("BSS_DESKTOP_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def _start(qtbot):
    from bss_desktop.app.main import StartWindow

    start = StartWindow()
    qtbot.addWidget(start)
    start.show()
    qtbot.waitExposed(start)
    return start


def _opened(qtbot, start):
    w = start.windows[-1]
    qtbot.addWidget(w)
    return w


def _window(qtbot, text=SANDBOX, *, sandbox=True, settings=None, **kw):
    w = GameWindow(position(text), sandbox=sandbox, animation_ms=0, settings=settings, **kw)
    qtbot.addWidget(w)
    w.resize(1280, 800)
    w.show()
    qtbot.waitExposed(w)
    return w


def _action(window, text: str):
    from PySide6.QtGui import QAction

    return next(a for a in window.findChildren(QAction) if a.text() == text)


def _file_dialog():
    return next(d for d in QApplication.topLevelWidgets() if isinstance(d, QFileDialog) and d.isVisible())


def _answer(dialog, path) -> None:
    """Type the path into the dialog's file name box and press its OK, as a player does (emits fileSelected)."""
    dialog.findChild(QLineEdit, "fileNameEdit").setText(str(path))
    dialog.setOption(QFileDialog.DontConfirmOverwrite)  # its "replace?" box would be a modal loop here
    dialog.accept()


def _press(qtbot, window, key, modifier=Qt.NoModifier) -> None:
    """A key pressed in `window` once it is the active window (a window's shortcuts answer only then)."""
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=3000)
    QTest.keyClick(window, key, modifier)


def _folder(dialog) -> Path:
    return Path(dialog.directory().absolutePath()).resolve()


# ---------------------------------------------------------------- item 12: the start screen keeps one width


def test_the_start_screen_keeps_its_size_for_every_game_chosen_and_fits_the_screen_with_every_button(qtbot, home):
    start = _start(qtbot)
    area = start.screen().availableGeometry()
    sizes = {}
    for index in list(range(start.game_box.count())) + [0]:  # every game, then back to the first
        start.game_box.setCurrentIndex(index)  # fires the chooser's own currentIndexChanged
        QApplication.processEvents()
        game = start.game_box.itemData(index)
        sizes.setdefault(game, set()).add((start.width(), start.height()))
        assert area.contains(start.frameGeometry()), (game, start.frameGeometry(), area)
        # every button the player may need is inside the window, and so on the screen
        for b in start.findChildren(QPushButton):
            if b.isVisibleTo(start):
                rect = b.rect().translated(b.mapTo(start, b.rect().topLeft()))
                assert start.rect().contains(rect), (game, b.text(), rect, start.rect())
        assert start.subtitle.width() <= start.centralWidget().width()
    assert len({s for shown in sizes.values() for s in shown}) == 1, sizes  # one size whatever the game


# ---------------------------------------------------------------- item 18: Save / Load dialogs, asking, closing


def test_save_and_load_dialogs_open_in_the_players_folders_and_remember_the_last_one_used(qtbot, home, tmp_path):
    settings = AppSettings()
    w = _window(qtbot, settings=settings)
    _action(w, "Save position…").trigger()
    dialog = _file_dialog()
    assert _folder(dialog) == paths.positions_dir().resolve() and paths.positions_dir().is_dir()
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    _answer(dialog, elsewhere / "mine.yaml")
    assert (elsewhere / "mine.yaml").is_file()
    _action(w, "Load position…").trigger()  # the folder last used for positions, also after a restart
    dialog = _file_dialog()
    assert _folder(dialog) == elsewhere.resolve()
    dialog.reject()
    assert AppSettings.load().folders["positions"] == str(elsewhere)
    _action(w, "Save game record…").trigger()  # records have a folder of their own
    dialog = _file_dialog()
    assert _folder(dialog) == paths.records_dir().resolve()
    dialog.reject()
    start = _start(qtbot)
    watch = next(b for b in start.findChildren(QPushButton) if b.text() == "Watch a saved game…")
    watch.click()
    dialog = _file_dialog()
    assert _folder(dialog) == paths.records_dir().resolve()
    dialog.reject()


def test_the_deck_builder_and_the_image_folder_dialogs_open_in_the_players_folders(qtbot, home):
    from bss_desktop.client.windows.settings import SettingsDialog

    start = _start(qtbot)
    start.builder_action.trigger()
    builder = _opened(qtbot, start)
    import_action = next(a for a in builder.findChildren(type(start.builder_action))
                         if a.text().startswith("Open or import"))
    import_action.trigger()
    dialog = _file_dialog()
    assert _folder(dialog) == paths.decks_dir().resolve()
    dialog.reject()
    settings_dialog = SettingsDialog(AppSettings(), start)
    qtbot.addWidget(settings_dialog)
    settings_dialog.show()
    next(b for b in settings_dialog.findChildren(QPushButton) if b.text() == "Browse…").click()
    dialog = _file_dialog()
    assert _folder(dialog) == paths.images_dir().resolve()
    dialog.reject()


def test_loading_a_position_over_a_game_in_progress_asks_first_and_the_log_names_the_file(qtbot, home, tmp_path):
    w = _window(qtbot)
    saved = tmp_path / "before-the-attack.yaml"
    assert w.save_position(str(saved))
    game = w.model.game
    w.controller.send(ManualMove(0, game.state.players[0].hand[0], "trash"))
    moved = w.model.game.state_hash()
    _action(w, "Load position…").trigger()
    _answer(_file_dialog(), saved)
    question = w.question
    assert question.isVisible() and "before-the-attack.yaml" in question.text()
    assert w.model.game.state_hash() == moved  # only asked
    question.no.click()
    assert w.model.game.state_hash() == moved and "Position loaded from" not in w.log.toPlainText()
    _action(w, "Load position…").trigger()
    _answer(_file_dialog(), saved)
    w.question.yes.click()
    loaded = w.model.game
    assert [loaded.state.cards[i].cid for i in loaded.state.players[0].hand] == ["T-R3", "T-MM"]
    assert "Position loaded from before-the-attack.yaml: turn 3" in w.log.toPlainText()


def test_a_file_that_is_no_position_is_refused_before_anything_is_asked(qtbot, home, tmp_path):
    w = _window(qtbot)
    bad = tmp_path / "notes.yaml"
    bad.write_text("turn: [oops\n")
    before = w.model.game.state_hash()
    _action(w, "Load position…").trigger()
    _answer(_file_dialog(), bad)
    assert getattr(w, "question", None) is None  # nothing to confirm
    assert "notes.yaml" in w.statusBar().currentMessage() and w.model.game.state_hash() == before


@pytest.mark.parametrize("sandbox", [False, True])
def test_ctrl_w_and_the_close_button_ask_before_leaving_a_game_in_progress(qtbot, home, sandbox):
    w = _window(qtbot, MAIN, sandbox=sandbox, seats=("human", "human"))
    _press(qtbot, w, Qt.Key_W, Qt.ControlModifier)
    assert w.isVisible() and w.question.isVisible()
    assert "Leave the game" in w.question.yes.text() and "not saved" in w.question.text()
    w.question.no.click()
    assert w.isVisible()
    w.windowHandle().close()  # the window manager's close button: Qt sends the window its close event
    assert w.isVisible() and w.question.isVisible()
    w.question.yes.click()
    assert not w.isVisible()


def test_a_finished_game_closes_on_ctrl_w_without_asking(qtbot, home):
    w = _window(qtbot, MAIN, sandbox=False, seats=("human", "ai"))
    w.controller.ai_delay_ms = 10 ** 6
    w.ask_concede()
    w.bar.panel.yes.click()
    assert w.model.game.result is not None
    w.result_dialog.close()
    _press(qtbot, w, Qt.Key_W, Qt.ControlModifier)
    assert not w.isVisible() and getattr(w, "question", None) is None


def test_the_replay_window_closes_on_esc_and_on_ctrl_w(qtbot, home):
    from bss_desktop.client.windows.replay import ReplayWindow
    from bss_desktop.engine.record import to_record

    game = position(MAIN)
    for key, modifier in ((Qt.Key_Escape, Qt.NoModifier), (Qt.Key_W, Qt.ControlModifier)):
        replay = ReplayWindow(to_record(game), game.db)
        qtbot.addWidget(replay)
        replay.show()
        qtbot.waitExposed(replay)
        _press(qtbot, replay, key, modifier)
        assert not replay.isVisible(), key


# ---------------------------------------------------------------- item 18: leaving a LAN game


def _lan_game(loop):
    from test_client_lan import _open, _windows

    host, join = _windows()
    loop.run_until_complete(_open(host, join))
    return host, join


@pytest.mark.parametrize("leaver", ["guest", "host"])
def test_leaving_a_lan_game_asks_first_and_the_other_player_is_told_by_name(qloop, qtbot, home, leaver):
    from test_client_lan import until

    host, join = _lan_game(qloop)
    hw, gw = host.window, join.window
    leaving, staying = (gw, hw) if leaver == "guest" else (hw, gw)
    name, other = ("Mio", "Aki") if leaver == "guest" else ("Aki", "Mio")
    _press(qtbot, leaving, Qt.Key_W, Qt.ControlModifier)
    assert leaving.isVisible() and leaving.question.isVisible()
    assert f"{other} is told that you left" in leaving.question.text()
    leaving.question.yes.click()
    assert not leaving.isVisible()

    async def told():
        await until(lambda: getattr(staying, "news", None) is not None, 10, "the notice that the other player left")

    qloop.run_until_complete(told())
    assert staying.news.isVisible() and staying.news.windowTitle() == f"{name} left the game"
    assert f"{name} left the game." in staying.news.text()
    assert f"[network] {name} left the game." in staying.log.toPlainText()
    staying.news.button(QMessageBox.Ok).click()
    if leaver == "host":  # the guest's session is over: its window closes without asking

        async def over():
            await until(lambda: join.remote.guest.finished.is_set(), 10, "the guest's session to end")

        qloop.run_until_complete(over())
        _press(qtbot, gw, Qt.Key_W, Qt.ControlModifier)
        assert not gw.isVisible()


def test_the_chat_tab_counts_lines_that_arrive_behind_the_game_log_until_it_is_opened(qloop, qtbot, home):
    from test_client_lan import until

    host, join = _lan_game(qloop)
    hw, gw = host.window, join.window
    tabs = next(t for t in hw.findChildren(QTabBar) if "Game log" in [t.tabText(i) for i in range(t.count())])
    titles = lambda: [tabs.tabText(i) for i in range(tabs.count())]  # noqa: E731
    assert titles() == ["Game log", "Chat"] and tabs.currentIndex() == 0  # the log's tab is in front
    for line in ("hello", "good luck"):  # the guest types in its chat
        QTest.keyClicks(gw.chat.edit, line)
        QTest.keyClick(gw.chat.edit, Qt.Key_Return)

    async def arrived():
        await until(lambda: "Mio: good luck" in hw.chat.view.toPlainText(), 10, "the chat at the host")

    qloop.run_until_complete(arrived())
    assert "Chat (2)" in titles()
    assert gw.chat_dock.windowTitle() == "Chat"  # the guest's own lines are never unread
    tabs.setCurrentIndex(titles().index("Chat (2)"))  # the player opens the chat's tab
    QApplication.processEvents()
    assert titles() == ["Game log", "Chat"]  # seen


# ---------------------------------------------------------------- item 20: Resume follows the chosen game


def _choose(start, game: str) -> None:
    start.game_box.setCurrentIndex(start.game_box.findData(game))


def test_resume_offers_only_the_chosen_games_autosave_and_each_game_keeps_its_own(qtbot, home):
    start = _start(qtbot)
    _choose(start, "eternal")
    start.sandbox.click()
    eternal = _opened(qtbot, start)
    for p in (0, 1):  # both keep their opening hands
        eternal.controller.send(Mulligan(p, False))
    eternal.close()
    start._update_resume()  # as when the start screen is activated again
    assert start.resume.isVisibleTo(start) and start.resume.text() == "Resume your last sandbox of Eternal (2 moves)"
    _choose(start, "bss")
    assert not start.resume.isVisibleTo(start)  # the Saga screen offers no Eternal sandbox
    start.hotseat.click()
    saga = _opened(qtbot, start)
    saga.controller.send(saga.model.game.legal_commands()[0])
    saga.close()
    start._update_resume()
    assert start.resume.text() == "Resume your last game (1 move)"
    _choose(start, "eternal")  # the Saga game did not take the Eternal sandbox's place
    assert start.resume.text() == "Resume your last sandbox of Eternal (2 moves)"
    start.resume.click()
    resumed = _opened(qtbot, start)
    assert resumed.model.game.profile.id == "eternal" and len(resumed.model.game.history) == 2


def test_a_battle_of_souls_match_resumes_at_its_battle_and_score_and_the_button_says_so(qtbot, home):
    start = _start(qtbot)
    _choose(start, "bos")
    start.sandbox.click()
    w = _opened(qtbot, start)
    for p in (0, 1):
        w.controller.send(Mulligan(p, False))
    _action(w, "Player 1 won this battle").trigger()  # the Match menu: the first battle is over
    w._match_panel.start_button.click()
    w.controller.send(Mulligan(w.model.game.pending.player, False))  # battle 2's first move
    w.close()
    start._update_resume()
    label = start.resume.text()
    assert label == "Resume your last sandbox of B.O.S.: battle 2 of 3, 1–0 (1 move in this battle)", label
    assert json.loads(start.autosave_path().read_text())["match"] == {"winners": [0]}
    start.resume.click()
    resumed = _opened(qtbot, start)
    assert resumed.match.winners == [0] and "1 – 0" in resumed.match_score.text()
    assert "battle 2 of 3" in resumed.match_score.text()


def test_an_autosave_with_a_malformed_match_score_is_named_and_not_offered(qtbot, home):
    start = _start(qtbot)
    _choose(start, "bos")
    start.sandbox.click()
    _opened(qtbot, start).close()
    path = start.autosave_path()
    data = json.loads(path.read_text())
    data["match"] = {"winners": [0, "me"]}
    path.write_text(json.dumps(data))
    start._update_resume()
    assert not start.resume.isVisibleTo(start)
    assert str(path) in start.notice.text() and "field 'match'" in start.notice.text()


# ---------------------------------------------------------------- item 21: the end screen, the game window


def test_the_rematchs_first_player_reads_as_a_choice_to_make_until_it_is_made(qtbot, home):
    w = GameWindow(new_game(), seats=("human", "ai"), animation_ms=0, settings=AppSettings(),
                   autosave=paths.autosave_dir() / "game.json")
    qtbot.addWidget(w)
    w.show()
    w.controller.ai_delay_ms = 10 ** 6
    w.ask_concede()
    w.bar.panel.yes.click()
    dialog = w.result_dialog
    assert dialog.first_prompt.text() == "You lost: choose whether you go first or second in the rematch."
    assert "chose" not in dialog.first_prompt.text() and not dialog.rematch.isEnabled()
    assert [b.text() for b in dialog.first_buttons] == ["I go first", "I go second"]
    dialog.first_buttons[1].click()
    assert dialog.first_prompt.text().startswith("You chose to go second.") and dialog.rematch.isEnabled()
    dialog.rematch.click()
    new = dialog.spawned
    qtbot.addWidget(new)
    assert new.model.game.state.first_player == 1
    assert new.settings is w.settings and new.autosave == w.autosave  # the rematch is autosaved too


def test_the_game_window_opens_maximised_with_the_board_at_the_top_of_its_view(qtbot, home):
    start = _start(qtbot)
    start.hotseat.click()
    w = _opened(qtbot, start)
    qtbot.waitExposed(w)
    QApplication.processEvents()
    assert w.isMaximized()
    top_left = w.view.mapFromScene(w.scene.sceneRect().topLeft())
    bottom_right = w.view.mapFromScene(w.scene.sceneRect().bottomRight())
    port = w.view.viewport().rect()
    assert top_left.y() <= 2, top_left  # no empty band above the board
    # the board fills the view one way or the other: its whole width or its whole height
    assert bottom_right.x() - top_left.x() >= port.width() - 4 or bottom_right.y() - top_left.y() >= port.height() - 4
