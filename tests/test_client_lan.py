"""The app's LAN windows: host and join in one process over 127.0.0.1, under qasync, played through the boards.

Scene-level checks: the guest's board shows its own hand and only backs for the host's,
commands from either board reach the host's engine, chat crosses, a refusal names its rule,
and the game ends with the guest's audit shown in its log.
"""
from __future__ import annotations

import asyncio
import os

import pytest

pytest.importorskip("pytestqt")
import qasync  # noqa: E402  (PySide6 is already imported by pytest-qt)

from lan import until  # noqa: E402,F401  (the LAN tests' wait; test_lan_first_hour and others import it from here)
from bss_desktop.carddb.database import load_default_db  # noqa: E402
from bss_desktop.carddb.decks import shipped_decks  # noqa: E402
from bss_desktop.engine.commands import Attack  # noqa: E402
from bss_desktop.sim.policy import RandomPolicy  # noqa: E402

DB = load_default_db()
DECKS = shipped_decks(DB)


@pytest.fixture
def loop(qloop):
    return qloop



async def open_lan_boards(db, decks, profile, host_deck: str, guest_deck: str, *, click: bool = False,
                          sandbox: bool = False):
    """Host and guest windows of `profile`'s game on 127.0.0.1 in this process (Aki hosts `host_deck`, Mio joins
    with `guest_deck`), started and connected until both boards are open. `click`: through the windows' own
    buttons (else their start methods, as a click calls them); `sandbox`: both tick the sandbox box."""
    from bss_desktop.client.windows.lan import HostWindow, JoinWindow

    host = HostWindow(db, decks, bind="127.0.0.1", port=0, profile=profile)
    host.name.setText("Aki")
    host.deck.setCurrentIndex(host.deck.findData(host_deck))
    join = JoinWindow(db, decks, profile=profile)
    join.name.setText("Mio")
    join.deck.setCurrentIndex(join.deck.findData(guest_deck))
    for w in (host, join) if sandbox else ():
        if not w.sandbox.isChecked():
            w.sandbox.click()
    host.start_button.click() if click else host.start()
    await until(lambda: host.server is not None, what="the host to listen")
    join.address.setText(f"127.0.0.1:{host.server.sockets[0].getsockname()[1]}")
    join.join_button.click() if click else join.start()
    await until(lambda: host.window is not None and join.window is not None, what="both boards")
    return host, join

def _windows():
    from bss_desktop.client.windows.lan import HostWindow, JoinWindow

    host = HostWindow(DB, DECKS, bind="127.0.0.1", port=0)
    host.name.setText("Aki")
    host.deck.setCurrentIndex(host.deck.findData("red-saga"))
    join = JoinWindow(DB, DECKS)
    join.name.setText("Mio")
    join.deck.setCurrentIndex(join.deck.findData("blue-saga"))
    return host, join


async def _play(host, join, moves: int, seeds=(5, 6), until_=None):
    """Both boards play `moves` commands through their controllers (a random player on each side), or until
    `until_()` holds."""
    session = host.session
    policies = {0: RandomPolicy(seeds[0]), join.remote.guest.seat: RandomPolicy(seeds[1])}
    windows = {0: host.window, join.remote.guest.seat: join.window}
    for _ in range(moves):
        await until(lambda: join.remote.guest.seq == len(session.game.history), 10, "the guest to catch up")
        if session.game.over or (until_ is not None and until_()):
            break
        pend = session.game.pending
        w = windows[pend.player]
        await until(lambda: w.controller.my_decision() and w.model.game.legal_commands(), 10,
                    f"seat {pend.player}'s board to offer its decision")
        n = len(session.game.history)
        assert w.controller.send(policies[pend.player].choose(w.model.game))
        await until(lambda: len(session.game.history) > n, 10, "the host to apply the command")


async def _open(host, join):
    host.start()
    await until(lambda: host.server is not None, what="the host to listen")
    port = host.server.sockets[0].getsockname()[1]
    assert f"port {port}" in host.info.text()
    join.address.setText(f"127.0.0.1:{port}")
    join.start()
    await until(lambda: host.window is not None and join.window is not None, what="both boards")
    for w in (host.window, join.window):
        w.resize(1280, 800)
        w.show()
    return host.window, join.window


def test_host_and_join_windows_open_boards_where_the_guest_sees_only_its_own_hand(loop, qtbot):
    async def go():
        host, join = _windows()
        hw, gw = await _open(host, join)
        guest_seat = join.remote.guest.seat
        g_scene = gw.scene
        hand = gw.model.game.state.players[guest_seat].hand
        assert len(hand) == 4 and all(gw.model.game.state.cards[i].cid for i in hand)
        # the guest's own hand cards are faces, the host's hand is backs only (CR 3-3-3)
        assert all(i in g_scene.cards for i in hand)
        host_hand_backs = [k for k in g_scene.cards if isinstance(k, tuple) and k[0] == "hidden"]
        view = gw.model.game.view(guest_seat)
        assert view["players"][1 - guest_seat]["hand"] is None
        assert view["players"][1 - guest_seat]["hand_count"] == 4
        assert "LAN game with Aki" in gw.windowTitle() and "LAN game with Mio" in hw.windowTitle()
        return host_hand_backs

    loop.run_until_complete(go())


def test_both_boards_play_a_game_through_their_controllers_and_the_guest_audit_shows(loop, qtbot, tmp_path):
    async def go():
        host, join = _windows()
        hw, gw = await _open(host, join)
        session, remote = host.session, join.remote
        await _play(host, join, 400, (3, 4))
        assert session.game.over
        await until(lambda: "audit passed" in gw.log.toPlainText(), 20, "the guest's audit in its log")
        # both boards end on the same result
        assert gw.model.game.result.winner == session.game.result.winner
        assert gw.model.game.view(remote.guest.seat) == session.stream.window.view(session.game)
        # the guest saves the record it audited, and it replays to the host's final state
        saved = tmp_path / "lan-game.json"
        assert gw.save_record(str(saved))
        from bss_desktop.engine.record import load_record, replay

        assert replay(load_record(saved), DB).state_hash() == session.game.state_hash()
        return hw, gw

    hw, gw = loop.run_until_complete(go())
    assert "Game over" in gw.bar.label.text()
    # both players see the result screen: "You win!" on one side, the winner's name on the other; no rematch
    # over the LAN (a new game needs a new handshake), the record and the replay on both
    headlines = {hw.result_dialog.headline.text(), gw.result_dialog.headline.text()}
    if hw.model.game.result.winner is None:  # (a random game now and then ends with both players winning at once)
        assert headlines == {"A draw."}
    else:
        winner = hw.model.game.names[hw.model.game.result.winner]
        assert headlines == {"You win!", f"{winner} wins."}
    for w in (hw, gw):
        assert w.result_dialog.isVisible() and not w.result_dialog.rematch.isVisible()
        assert w.result_dialog.watch.isVisible()


def test_chat_crosses_and_a_refused_guest_command_names_the_rule(loop, qtbot):
    async def go():
        host, join = _windows()
        hw, gw = await _open(host, join)
        gw.chat.message.emit("good luck")
        await until(lambda: "Mio: good luck" in hw.chat.view.toPlainText(), what="chat at the host")
        hw.chat.message.emit("you too")
        await until(lambda: "Aki: you too" in gw.chat.view.toPlainText(), what="chat at the guest")
        seat = join.remote.guest.seat
        messages = []
        gw.statusBar().messageChanged.connect(messages.append)
        await until(lambda: join.remote.guest.legal or hw.controller.my_decision(), what="a decision")
        if not join.remote.guest.legal:  # let the host keep its hand so the guest decides next
            hw.controller.send(hw.model.game.legal_commands()[0])
            await until(lambda: join.remote.guest.legal, what="the guest's decision")
        before = host.session.game.state_hash()
        # positions and records would carry hidden cards: refused over the LAN while the game goes on
        assert not gw.save_position("/tmp/never.yaml") and not hw.load_position("/tmp/never.yaml")
        assert not gw.save_record("/tmp/never.json") and not hw.save_record("/tmp/never.json")
        assert any("LAN game" in m or "game is over" in m for m in messages)
        gw.controller.send(Attack(seat, 999))  # no such card, and not the time to attack
        await until(lambda: any("Not allowed" in m for m in messages), what="the refusal in the status bar")
        assert host.session.game.state_hash() == before

    loop.run_until_complete(go())


def test_screenshots_of_a_lan_game_for_the_docs(loop, qtbot, tmp_path):
    """Renders both boards mid-game; writes docs/lan-*.png when BSS_DOC_SHOTS is set."""
    async def go():
        host, join = _windows()
        hw, gw = await _open(host, join)
        await _play(host, join, 24)
        await asyncio.sleep(0.3)
        gw.chat.message.emit("nice summon!")
        await until(lambda: "nice summon" in hw.chat.view.toPlainText())
        return hw, gw, join, host

    hw, gw, join, host = loop.run_until_complete(go())
    out = os.environ.get("BSS_DOC_SHOTS")
    folder = tmp_path if not out else __import__("pathlib").Path(out)
    for name, w in (("lan-guest", gw), ("lan-host", hw), ("lan-join", join), ("lan-host-wait", host)):
        assert w.grab().save(str(folder / f"{name}.png"), "PNG")


def test_a_lan_sandbox_syncs_free_moves_looks_at_own_deck_and_undoes_by_agreement(loop, qtbot):
    async def go():
        host, join = _windows()
        host.sandbox.setChecked(True)
        join.sandbox.setChecked(True)
        hw, gw = await _open(host, join)
        session, remote = host.session, join.remote
        seat = remote.guest.seat
        assert "LAN sandbox" in gw.windowTitle()
        gc = gw.controller
        # a double-click on our deck draws a card unseen; the host's board shows the guest's hand growing
        n = len(session.game.history)
        in_hand = len(session.game.state.players[seat].hand)
        gc.on_card_activated(("deck", seat))
        await until(lambda: len(session.game.history) > n and remote.guest.seq == len(session.game.history))
        assert len(session.game.state.players[seat].hand) == in_hand + 1
        assert hw.model.game.view(0)["players"][seat]["hand_count"] == in_hand + 1
        # the other side's deck cannot be searched from here (CR 3-2-2)
        assert gc.open_deck(1 - seat) is None
        # our own deck: the viewer fills when the host's answer arrives, and a card moves to the hand
        viewer = gc.open_deck(seat, top=3)
        await until(lambda: viewer.list.count() == 3, what="the looked-at cards")
        top = session.game.state.players[seat].deck[-1]
        viewer.list.item(0).setSelected(True)
        n = len(session.game.history)
        viewer._move("hand")
        await until(lambda: len(session.game.history) > n and remote.guest.seq == len(session.game.history))
        assert top in session.game.state.players[seat].hand
        viewer.close()
        # the guest asks to undo; the host's board asks its player, who allows it: both go back
        before = len(session.game.history)
        gc.undo()
        await until(lambda: getattr(hw, "undo_panel", None) is not None, what="the host to be asked")
        hw.undo_panel.allow.click()
        await until(lambda: len(session.game.history) == before - 1 and remote.guest.seq == before - 1,
                    what="both sides rewound")
        assert top not in session.game.state.players[seat].hand
        assert gw.model.game.view(seat) == session.stream.window.view(session.game)
        assert len(gw.model.game.state.players[seat].hand) == in_hand + 1
        gw.resize(1280, 800)
        await asyncio.sleep(0.2)
        return gw

    gw = loop.run_until_complete(go())
    out = os.environ.get("BSS_DOC_SHOTS")
    if out:
        gw.grab().save(os.path.join(out, "lan-sandbox.png"), "PNG")


def test_discovery_lists_a_hosted_game_over_loopback_and_picking_it_fills_the_address(loop, qtbot):
    """Discovery through the injectable transport, on 127.0.0.1 only (never broadcast in tests)."""
    from bss_desktop.client.windows.lan import HostWindow, JoinWindow

    async def go():
        join = JoinWindow(DB, DECKS, discovery_bind=("127.0.0.1", 0))
        join.look.setChecked(True)
        await until(lambda: join.browser is not None and join.browser.bound_port, what="the browser to listen")
        host = HostWindow(DB, DECKS, bind="127.0.0.1", port=0,
                          discovery_target=("127.0.0.1", join.browser.bound_port))
        host.name.setText("Aki")
        host.sandbox.setChecked(True)
        host.announce.setChecked(True)
        host.start()
        await until(lambda: join.found.count() == 1, what="the game in the list")
        port = host.server.sockets[0].getsockname()[1]
        item = join.found.item(0)
        assert "Aki" in item.text() and "sandbox" in item.text()
        join._pick(item)
        assert join.address.text() == f"127.0.0.1:{port}" and join.sandbox.isChecked()
        assert host.announcer.target == ("127.0.0.1", join.browser.bound_port)

    loop.run_until_complete(go())


def test_a_restarted_host_resumes_its_autosaved_game_and_the_guest_comes_back(loop, qtbot, tmp_path):
    from bss_desktop.client.windows.lan import HostWindow

    save = tmp_path / "lan-autosave.json"

    async def go():
        host, join = _windows()
        host.autosave = save
        hw, gw = await _open(host, join)
        session = host.session
        await _play(host, join, 12, (8, 9))
        played = len(session.game.history)
        port = hw.server.sockets[0].getsockname()[1]
        # the host's app dies: its board, server and connection go away
        hw.server.close()
        session.link.writer.transport.abort()
        session.on_status = None
        await hw.server.wait_closed()
        hw.hide()
        # started again: the host window offers the autosaved game
        again = HostWindow(DB, DECKS, bind="127.0.0.1", port=port, autosave=save)
        assert again.resume_button.isVisibleTo(again)
        again.resume()
        await until(lambda: again.window is not None, what="the resumed board")
        await until(lambda: again.session.link is not None and join.remote.guest.seq == played, 30,
                    "the guest to reconnect")
        assert len(again.session.game.history) == played
        assert gw.model.game.view(join.remote.guest.seat) == again.session.stream.window.view(again.session.game)
        # and play goes on from both boards
        pend = again.session.game.pending
        w = again.window if pend.player == 0 else gw
        await until(lambda: w.controller.my_decision() and w.model.game.legal_commands(), 10)
        w.controller.send(w.model.game.legal_commands()[0])
        await until(lambda: len(again.session.game.history) == played + 1, 10)

    loop.run_until_complete(go())


def test_the_guest_summons_through_its_payment_panel_and_the_host_engine_applies_that_payment(loop, qtbot):
    from bss_desktop.engine.commands import Summon

    async def go():
        host, join = _windows()
        hw, gw = await _open(host, join)
        session, guest = host.session, join.remote.guest
        seat = guest.seat
        def guest_may_summon():
            pend = session.game.pending
            return pend is not None and pend.kind == "main" and pend.player == seat and any(
                isinstance(c, Summon) and c.pay for c in gw.model.game.legal_commands())

        await _play(host, join, 300, (11, 12), until_=guest_may_summon)
        if not guest_may_summon():
            pytest.skip("no summon came up for the guest in this game")
        summons = [c for c in gw.model.game.legal_commands() if isinstance(c, Summon) and c.pay]
        card = summons[0].card
        gw.controller.quick_pay = False
        assert gw.controller.play(card)
        panel = gw.bar.panel
        await until(lambda: panel.ok.isEnabled(), what="a payment the panel accepts")
        cost = gw.model.game.cost_of(card)
        assert f"cost {cost}" in panel.findChildren(type(panel.summary))[0].text() or panel.cost == cost
        n = len(session.game.history)
        panel._confirm()
        await until(lambda: len(session.game.history) == n + 1, what="the host to apply the summon")
        applied = session.game.history[-1]
        real = session.stream.window.real.get(card, None)
        assert isinstance(applied, Summon) and applied.player == seat
        assert session.game.state.cards[applied.card].zone == "field"
        assert sum(c for _, c in applied.pay) + applied.pay_soul == cost
        assert real is None or applied.card == real

    loop.run_until_complete(go())


def test_a_guest_whose_app_restarts_rejoins_the_game_from_the_join_window(loop, qtbot, tmp_path):
    from bss_desktop.client.windows.lan import JoinWindow

    save = tmp_path / "lan-guest.json"

    async def go():
        host, join = _windows()
        join.autosave = save
        hw, gw = await _open(host, join)
        session = host.session
        await _play(host, join, 10, (21, 22))
        await until(lambda: join.remote.guest.seq == len(session.game.history), what="the guest's last batch")
        played = len(session.game.history)
        # the guest's app goes away (its window closes: it says goodbye; the game waits for it)
        gw.close()
        join.stop()
        await until(lambda: session.link is None, what="the host to notice")
        again = JoinWindow(DB, DECKS, autosave=save)
        assert again.rejoin_button.isVisibleTo(again)
        again.rejoin()
        await until(lambda: again.window is not None and session.link is not None, what="the guest back")
        gw2 = again.window
        assert gw2.model.game.view(again.remote.guest.seat) == session.stream.window.view(session.game)
        assert len(session.game.history) == played
        join.remote, join.window = again.remote, gw2  # play on from the new board
        await _play(host, join, 6, (23, 24))
        assert len(session.game.history) > played

    loop.run_until_complete(go())
