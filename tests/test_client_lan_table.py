"""A Battle of Souls LAN sandbox through the app's windows, host and guest in one process over 127.0.0.1 under
qasync: each board is its profile's table, moves made on either board reach both, and a face-down tactic shows
its back on the other seat's board (BOS §Tactic Cards). Screenshots of both seats when BSS_DOC_SHOTS is set."""
from __future__ import annotations

import asyncio
import os

import pytest

pytest.importorskip("pytestqt")
import qasync  # noqa: F401  (PySide6 is already imported by pytest-qt)
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel
from test_client_lan import open_lan_boards, until

from bss_desktop.app.demo_table import fits_zone
from bss_desktop.carddb.database import game_db
from bss_desktop.carddb.deck_formats import game_decks
from bss_desktop.engine.commands import ManualCounter, ManualDeck, ManualMove, ManualTracker
from bss_desktop.table import get_profile

BOS = get_profile("bos")
DB = game_db(BOS)
DECKS = game_decks(DB, BOS)


@pytest.fixture
def loop(qloop):
    return qloop


async def open_boards():
    host, join = await open_lan_boards(DB, DECKS, BOS, "iron-legion", "shadow-court", sandbox=True)
    assert host.sandbox.isChecked() and host.window.sandbox  # by hand (its rules mode is the box unticked)
    assert "Battle of Souls" in host.windowTitle()
    return host, join


def test_bos_lan_sandbox_boards_of_both_seats(loop, qtbot):
    async def go():
        host, join = await open_boards()
        hw, gw = host.window, join.window
        for w in (hw, gw):
            w.resize(1366, 768)
            w.show()
        session, remote = host.session, join.remote
        game, seat = session.game, remote.guest.seat
        assert ("fighter", "bottom") in gw.scene.zones and ("sp", "top") in gw.scene.trackers
        # the opening (BOS Getting Started 5): each seat answers its own hand from its board's bar
        out = os.environ.get("BSS_DOC_SHOTS")
        while game.state.stage == "mulligan":
            n = len(game.history)
            mine = game.pending.player == 0
            board, other = (hw, gw) if mine else (gw, hw)
            await until(lambda b=board: "Opening hand — You" in b.bar.label.text(), what="the opening bar")
            assert "waiting for the other player" in other.bar.label.text()
            if out and n == 0:
                await asyncio.sleep(1.0)  # the opening hands' draw animation ends
                board.grab().save(os.path.join(out, "lan-bos-opening.png"), "PNG")
            next(b for b in board.bar.buttons if b.text().startswith("Keep")).click()
            await until(lambda n=n: len(game.history) > n and remote.guest.seq == len(game.history))
        # who starts comes from the LAN seed, shared by both machines: either seat may
        starter = game.state.turn_player
        assert ("turn 1, your turn" if starter == seat else "turn 1, Aki's turn") in gw.bar.label.text()
        assert ("turn 1, your turn" if starter == 0 else "turn 1, Mio's turn") in hw.bar.label.text()
        assert "Next step" in [b.text().split("  ")[0] for b in gw.bar.buttons]
        # the host sets a tactic face down, deploys fighters, and its fighter gets kill tokens
        me = game.state.players[0]
        tactic = next(i for i in me.deck if fits_zone(DB, game.state.cards[i].cid, "tactic"))
        host.window.controller.send(ManualMove(0, tactic, "tactic"))
        for iid in [i for i in me.deck if fits_zone(DB, game.state.cards[i].cid, "fighter")][:3]:
            host.window.controller.send(ManualMove(0, iid, "fighter"))
        fighter = game.zone_cards(0, "fighter")[0]
        host.window.controller.send(ManualCounter(0, fighter, "kill", 3))
        # the guest, from its own board: deploys two fighters, rests one, and pays Soul Points
        gc = gw.controller

        def fighters_in_hand():
            return [i for i in remote.game.state.players[seat].hand
                    if DB[remote.game.state.cards[i].cid].type == "fighter"][:2]

        for _ in range(20):  # the deal is random (a LAN game's seed): draw until two fighters are in hand
            if len(fighters_in_hand()) == 2:
                break
            n = len(game.history)
            gc.send(ManualDeck(seat, seat, "hand", 1))
            await until(lambda n=n: len(game.history) > n and remote.guest.seq == len(game.history))
        mine = fighters_in_hand()
        assert len(mine) == 2
        for iid in mine:
            n = len(game.history)
            gc.on_card_dropped(iid, "fighter", "bottom")
            await until(lambda n=n: len(game.history) > n and remote.guest.seq == len(game.history))
        n = len(game.history)
        gc.on_card_activated(mine[0])  # a double-click: rest position
        await until(lambda: len(game.history) > n and remote.guest.seq == len(game.history))
        n = len(game.history)
        gc.send(ManualTracker(seat, seat, "sp", "transfer", 900))
        await until(lambda: len(game.history) > n and remote.guest.seq == len(game.history))
        await asyncio.sleep(0.3)
        rested = session.stream.window.real[mine[0]]  # the guest names cards by the aliases the host gave it
        assert game.state.cards[rested].zone == "fighter" and game.state.cards[rested].exhausted
        assert [game.state.table.trackers[p]["sp"] for p in (0, 1)] == [8900, 7100]
        # the guest's board: the host's tactic is a back, its fighter carries its kill tokens
        window = session.stream.window
        assert tactic not in window.alias or gw.scene.cards[window.alias[tactic]].card is None
        assert dict(gw.scene.cards[window.alias[fighter]].marks[1]) == {"kill": 3}
        assert gw.scene.trackers[("sp", "bottom")].value == 7100
        # the host's board: its own tactic face up for it, veiled as face down
        assert hw.scene.cards[tactic].card is not None and hw.scene.cards[tactic].marks[0] is True
        return hw, gw

    hw, gw = loop.run_until_complete(go())
    out = os.environ.get("BSS_DOC_SHOTS")
    if out:
        hw.grab().save(os.path.join(out, "lan-bos-host.png"), "PNG")
        gw.grab().save(os.path.join(out, "lan-bos-guest.png"), "PNG")


async def keep_openings(hw, gw, game, remote):
    while game.state.stage == "mulligan":
        n = len(game.history)
        board = hw if game.pending.player == 0 else gw
        await until(lambda b=board: "Opening hand — You" in b.bar.label.text(), what="the opening bar")
        next(b for b in board.bar.buttons if b.text().startswith("Keep")).click()
        await until(lambda n=n: len(game.history) > n and remote.guest.seq == len(game.history))


def test_a_move_on_the_other_seats_things_is_asked_in_its_owners_bar(loop, qtbot):
    """Design ruling 12 through the windows: the guest drags the host's face-up fighter to the host's discard pile;
    the host's bar asks (Allow / Refuse) and, allowed, the host's engine makes the move in the host's name. Then the
    host asks the guest the same, answered from the guest's bar; both logs say who asked."""
    async def go():
        host, join = await open_boards()
        hw, gw = host.window, join.window
        session, remote = host.session, join.remote
        game, seat = session.game, remote.guest.seat
        await keep_openings(hw, gw, game, remote)
        me, them = game.state.players[0], game.state.players[seat]
        mine = next(i for i in me.deck if fits_zone(DB, game.state.cards[i].cid, "fighter"))
        hw.controller.send(ManualMove(0, mine, "fighter"))
        theirs = next(i for i in them.deck if fits_zone(DB, game.state.cards[i].cid, "fighter"))
        n = len(game.history)
        gw.controller.send(ManualDeck(seat, seat, "hand", len(them.deck)))  # the guest draws its whole deck
        await until(lambda: len(game.history) > n and remote.guest.seq == len(game.history))
        alias = session.stream.window.alias[theirs]
        n = len(game.history)
        gw.controller.on_card_dropped(alias, "fighter", "bottom")
        await until(lambda: len(game.history) > n and remote.guest.seq == len(game.history))
        # the guest drops the host's fighter on the host's discard pile: the host is asked
        gw.controller.on_card_dropped(session.stream.window.alias[mine], "discard", "top")
        await until(lambda: getattr(hw, "request_panel", None) is not None, what="the host to be asked")
        assert "Mio asks you to move" in hw.request_panel.findChild(QLabel).text()
        assert game.state.cards[mine].zone == "fighter"
        n = len(game.history)
        qtbot.mouseClick(hw.request_panel.allow, Qt.LeftButton)
        await until(lambda: len(game.history) > n and remote.guest.seq == len(game.history))
        assert game.state.cards[mine].zone == "discard" and game.history[-1].player == 0
        await until(lambda: "made the move you asked for" in gw.log.toPlainText(), what="the guest told")
        # the host drops the guest's fighter on the guest's discard pile: the guest is asked, and refuses
        hw.controller.on_card_dropped(theirs, "discard", "top")
        await until(lambda: getattr(gw, "request_panel", None) is not None, what="the guest to be asked")
        assert "Aki asks you to move" in gw.request_panel.findChild(QLabel).text()
        qtbot.mouseClick(gw.request_panel.refuse, Qt.LeftButton)
        await until(lambda: "refused the move you asked for" in hw.log.toPlainText(), what="the host told")
        assert game.state.cards[theirs].zone == "fighter"
        assert "Aki asks you to move" in gw.log.toPlainText() and "Mio asks you to move" in hw.log.toPlainText()

    loop.run_until_complete(go())
