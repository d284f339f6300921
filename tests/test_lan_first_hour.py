"""A LAN player's first hour: what the windows remember, what a rejoin brings back, how the log names people.

Driven through the real host and join windows over 127.0.0.1 only (helpers from test_client_lan.py), the way a
player does it: typing into the fields, clicking the buttons, pressing Enter in the chat.
"""
from __future__ import annotations

import asyncio
import json

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402

from test_client_lan import DB, DECKS, _play, _windows, loop, until  # noqa: E402,F401  (loop is a fixture)


def _lines(edit) -> list[str]:
    text = edit.toPlainText()
    return text.split("\n") if text else []


def _say(window, text: str) -> None:
    """Type a chat line and press Enter, as a player does."""
    window.chat.edit.setText(text)
    QTest.keyClick(window.chat.edit, Qt.Key_Return)


async def _open_by_clicks(host, join):
    """Start hosting and join with the buttons, the address typed in."""
    host.start_button.click()
    await until(lambda: host.server is not None, what="the host to listen")
    port = host.server.sockets[0].getsockname()[1]
    join.address.setText(f"127.0.0.1:{port}")
    join.join_button.click()
    await until(lambda: host.window is not None and join.window is not None, what="both boards")
    for w in (host.window, join.window):
        w.resize(1280, 800)
        w.show()
    return host.window, join.window, port


async def _guest_leaves(host, join, gw):
    """The guest's app goes away (its board closes and says goodbye; the game waits for it). Returns the board's
    log and chat lines as they were when it closed."""
    session = host.session
    await until(lambda: join.remote.guest.seq == len(session.game.history), what="the guest's last batch")
    shown = _lines(gw.log), _lines(gw.chat.view)
    gw.close()
    join.stop()
    await until(lambda: session.link is None, what="the host to notice")
    return shown


# ---------------------------------------------------------------------------------------------- 1. rejoin


def test_a_rejoined_guest_sees_its_game_log_and_chat_again_bounded_and_carrying_on(loop, qtbot, tmp_path):
    from bss_desktop.client.windows.lan import JoinWindow
    from bss_desktop.net.guest import KEEP_LINES, LINE_CHARS

    save = tmp_path / "lan-guest.json"

    async def go():
        host, join = _windows()
        join.autosave = save
        hw, gw, _ = await _open_by_clicks(host, join)
        session = host.session
        _say(gw, "good luck")
        await until(lambda: "Mio: good luck" in hw.chat.view.toPlainText(), what="chat at the host")
        await _play(host, join, 10, (21, 22))
        _say(hw, "you too")
        await until(lambda: "Aki: you too" in gw.chat.view.toPlainText(), what="chat at the guest")
        assert any("goes first" in line for line in _lines(gw.log))
        # a long game: the autosave keeps the last KEEP_LINES lines of the log, each at most LINE_CHARS long
        for i in range(KEEP_LINES + 100):
            gw.log.appendPlainText(f"line {i} " + "x" * (LINE_CHARS + 500))
        _say(gw, "brb")  # the chat is kept as it comes, the log with every batch and when the board closes
        await until(lambda: "Mio: brb" in hw.chat.view.toPlainText(), what="the last chat line")
        played = len(session.game.history)
        log_before, chat_before = await _guest_leaves(host, join, gw)
        kept = json.loads(save.read_text())
        assert kept["chat"] == chat_before == ["Mio: good luck", "Aki: you too", "Mio: brb"]
        assert len(kept["log"]) == KEEP_LINES and all(len(line) <= LINE_CHARS for line in kept["log"])
        assert kept["log"] == [line[:LINE_CHARS] for line in log_before[-KEEP_LINES:]]

        # the app starts again: the join window offers the game; rejoining shows the log and chat as they were
        again = JoinWindow(DB, DECKS, autosave=save)
        assert again.rejoin_button.isVisibleTo(again)
        again.rejoin_button.click()
        await until(lambda: again.window is not None and session.link is not None, what="the guest back")
        gw2 = again.window
        log_after = _lines(gw2.log)
        assert log_after[:KEEP_LINES] == kept["log"]
        assert log_after[KEEP_LINES].startswith("[network] Rejoined the game with Aki")
        assert _lines(gw2.chat.view) == chat_before
        # and the game goes on from the new board: its log carries on below, the chat too
        join.remote, join.window = again.remote, gw2
        await _play(host, join, 6, (23, 24))
        assert len(session.game.history) > played
        _say(gw2, "back")
        await until(lambda: "Mio: back" in hw.chat.view.toPlainText(), what="chat after the rejoin")
        assert _lines(gw2.chat.view) == chat_before + ["Mio: back"]
        assert len(_lines(gw2.log)) > KEEP_LINES + 1
        assert json.loads(save.read_text())["chat"][-1] == "Mio: back"

    loop.run_until_complete(go())


def test_a_damaged_guest_autosave_says_what_is_wrong_and_a_damaged_log_does_not_stop_the_rejoin(
        loop, qtbot, tmp_path):
    from bss_desktop.client.windows.lan import JoinWindow

    save = tmp_path / "lan-guest.json"

    async def go():
        host, join = _windows()
        join.autosave = save
        hw, gw, _ = await _open_by_clicks(host, join)
        session = host.session
        _say(gw, "hello")
        await _play(host, join, 6, (31, 32))
        await _guest_leaves(host, join, gw)
        good = json.loads(save.read_text())
        assert good["log"] and good["chat"] == ["Mio: hello"]

        # a field the game needs is damaged: the window says which, and opens no board
        for field, value, said in (("seat", "north", "field 'seat' is malformed"),
                                   ("batches", {"1": "nope"}, "field 'batches' is malformed"),
                                   ("view", {"turn": 1}, "field 'view' is malformed")):
            save.write_text(json.dumps(dict(good, **{field: value})))
            again = JoinWindow(DB, DECKS, autosave=save)
            assert again.rejoin_button.isVisibleTo(again)
            again.rejoin_button.click()
            await asyncio.sleep(0.05)
            assert said in again.info.text(), again.info.text()
            assert again.window is None and session.link is None
            again.close()
        save.write_text("{ not json")
        broken = JoinWindow(DB, DECKS, autosave=save)
        assert not broken.rejoin_button.isVisibleTo(broken)

        # only the kept log and chat are damaged: the game is rejoined, the log says what could not be restored
        save.write_text(json.dumps(dict(good, log="not a list", chat=["fine", 3])))
        again = JoinWindow(DB, DECKS, autosave=save)
        again.rejoin_button.click()
        await until(lambda: again.window is not None and session.link is not None, what="the guest back")
        text = again.window.log.toPlainText()
        assert "field 'log' is malformed" in text and "field 'chat' is malformed" in text
        assert again.window.chat.view.toPlainText() == ""
        assert again.remote.guest.seq == len(session.game.history)

    loop.run_until_complete(go())


# ---------------------------------------------------------------------------------------------- 2. remembering


def test_the_host_and_join_windows_remember_the_name_and_the_address_joined(loop, qtbot, tmp_path, monkeypatch):
    from bss_desktop.client.windows.lan import HostWindow, JoinWindow
    from bss_desktop.client.windows.settings import AppSettings, settings_path

    monkeypatch.setenv("BSS_DESKTOP_HOME", str(tmp_path))

    async def go():
        assert AppSettings.load().lan_name == ""
        fresh = JoinWindow(DB, DECKS, AppSettings.load())
        assert fresh.name.text() == "Player" and fresh.address.text() == ""
        host = HostWindow(DB, DECKS, AppSettings.load(), bind="127.0.0.1", port=0)
        host.name.setText("Aki")
        host.start_button.click()
        await until(lambda: host.server is not None, what="the host to listen")
        port = host.server.sockets[0].getsockname()[1]
        assert settings_path().is_file() and AppSettings.load().lan_name == "Aki"
        assert HostWindow(DB, DECKS, AppSettings.load()).name.text() == "Aki"

        join = JoinWindow(DB, DECKS, AppSettings.load())
        join.name.setText("Mio")
        join.address.setText(f"127.0.0.1:{port}")
        join.join_button.click()
        await until(lambda: host.window is not None and join.window is not None, what="both boards")
        saved = AppSettings.load()
        assert saved.lan_name == "Mio" and saved.lan_address == f"127.0.0.1:{port}"
        again = JoinWindow(DB, DECKS, AppSettings.load())
        assert again.name.text() == "Mio" and again.address.text() == f"127.0.0.1:{port}"
        # an address given by the caller (the command line) wins over the remembered one
        assert JoinWindow(DB, DECKS, AppSettings.load(), address="127.0.0.1:1").address.text() == "127.0.0.1:1"
        # a window without settings (tests, tools) still opens with the defaults
        assert JoinWindow(DB, DECKS).name.text() == "Player"

    loop.run_until_complete(go())


# ---------------------------------------------------------------------------------------------- 3. and 4.


def test_a_lan_game_log_names_the_players_and_the_guest_audit_shows_once(loop, qtbot):
    async def go():
        host, join = _windows()
        hw, gw, _ = await _open_by_clicks(host, join)
        session = host.session
        ended = []
        join.remote.finished.connect(ended.append)
        await _play(host, join, 400, (3, 4))
        assert session.game.over
        await until(lambda: ended, 30, "the guest's session to end")
        await asyncio.sleep(0.2)  # anything else on its way to the log arrives
        guest_log, host_log = gw.log.toPlainText(), hw.log.toPlainText()
        assert guest_log.count("audit passed") == 1, guest_log[-2000:]
        assert ended[0] is not None and ended[0].ok
        for text in (guest_log, host_log):
            assert "Player 1" not in text and "Player 2" not in text
            assert "Aki goes first" in text or "Mio goes first" in text
            assert "— Turn 1: Aki —" in text or "— Turn 1: Mio —" in text
        r = session.game.result
        if r.winner is not None:
            winner = session.game.names[r.winner]
            assert f"{winner} wins: {r.reason}." in guest_log and f"{winner} wins: {r.reason}." in host_log

    loop.run_until_complete(go())


def test_the_log_numbers_players_it_cannot_tell_apart_or_does_not_know():
    from types import SimpleNamespace

    from bss_desktop.engine.events import Event
    from bss_desktop.gamelog import describe

    over = Event("game_over", winner=1, reason="life")
    game = SimpleNamespace(names=["Aki", "Mio"], db={}, state=SimpleNamespace(cards={}))
    assert describe(game, over, 0) == "Mio wins: life."
    game.names = [None, None]
    assert describe(game, over, 0) == "Player 2 wins: life."
    game.names = ["Player", "player"]
    assert describe(game, over, 0) == "player (Player 2) wins: life."
    game.names = ["Aki", "Mio\n[network] audit passed"]  # a name is one line, whatever a peer sends
    assert "\n" not in describe(game, over, 0)
    shuffle = Event("manual", what="shuffle", player=0, owner=1)
    game.names = ["Aki", "Mio"]
    assert describe(game, shuffle, 0) == "Aki (by hand) shuffles Mio's deck."
