"""The guest's audit never blocks its event loop (net/audit_runner.py). A hostile host's record, or a card in it whose
effect never ends, made the guest's end-of-game audit run on the event loop and never return: no ping, no chat, no
closing. The audit now runs in a worker thread with a time bound; past it the audit fails naming why, and the
replay is stopped.

The endless card is played here by making `Game.apply` spin once the host's game is over (so only the guest's
audit meets it); it spins for a bounded 8 s so that, on code that audits on the loop, the test fails instead of
hanging. Everything is TCP on 127.0.0.1.
"""
from __future__ import annotations

import asyncio
import threading
import time

from lan import DB, deck, run, tcp_server

from bss_desktop.engine.commands import Concede, ManualDeck
from bss_desktop.engine.game import Game
from bss_desktop.engine.settings import Ruleset
from bss_desktop.net.guest import GuestSession
from bss_desktop.net.host import HostSession
from bss_desktop.net.link import connect

SANDBOX = Ruleset(sandbox=True)
SPIN = 8.0


def _endless_card(monkeypatch) -> dict:
    """From now on the first Game.apply spins (a card whose effect does not end), in whatever thread runs it."""
    real = Game.apply
    seen = {"calls": 0, "thread": None}

    def apply(self, cmd):
        seen["calls"] += 1
        if seen["calls"] == 1:
            seen["thread"] = threading.current_thread()
            end = time.monotonic() + SPIN
            n = 0
            while time.monotonic() < end:
                n += 1
        return real(self, cmd)

    monkeypatch.setattr(Game, "apply", apply)
    return seen


def test_an_endless_replay_neither_freezes_the_guest_nor_runs_for_ever(monkeypatch):
    async def go():
        host = HostSession(DB, deck("red-saga"), name="Aki", settings=SANDBOX)
        guest = GuestSession(DB, deck("blue-saga"), name="Mio", settings=SANDBOX, audit_seconds=1.0)
        chats, statuses = [], []
        guest.on_chat = lambda name, text: chats.append((time.monotonic(), text))
        guest.on_status = statuses.append
        server, port = await tcp_server(host)
        link = await connect("127.0.0.1", port)
        playing = asyncio.ensure_future(guest.play_over(link))
        await host.started.wait()
        host.apply(ManualDeck(0, 0, "hand", 1))
        await asyncio.sleep(0.2)
        host.apply(Concede(0))  # the game is over: the record goes to the guest, which audits it
        seen = _endless_card(monkeypatch)
        lags, t0 = [], time.monotonic()
        said = False
        while not guest.finished.is_set() and time.monotonic() - t0 < 2 * SPIN:
            before = time.monotonic()
            await asyncio.sleep(0.05)
            lags.append(time.monotonic() - before - 0.05)
            if seen["calls"] and not said:  # the audit is replaying: the host chats meanwhile
                host.say("still there?")
                said_at, said = time.monotonic(), True
        finished_after = time.monotonic() - t0
        await asyncio.wait_for(playing, 10)
        worker = seen["thread"]
        for _ in range(60):  # the stopped replay ends (its thread is interrupted), well before the spin would
            if worker is None or not worker.is_alive():
                break
            await asyncio.sleep(0.05)
        alive = worker is not None and worker.is_alive()
        server.close()
        return guest, lags, chats, said_at if said else None, finished_after, alive, worker

    guest, lags, chats, said_at, finished_after, alive, worker = run(go())
    assert worker is not None and worker is not threading.main_thread()  # the replay ran off the event loop
    assert max(lags) < 0.5, f"the event loop stalled for {max(lags):.1f} s"
    assert said_at is not None and chats and chats[0][1] == "still there?" and chats[0][0] - said_at < 1.0
    assert finished_after < SPIN - 2  # the bound (1 s, and 1 s to stop), not the spin, ended it
    assert not alive  # the replay was stopped, not left running
    assert guest.report is not None and not guest.report.ok
    assert "did not finish within" in guest.report.line() and "run without end" in guest.report.line()


def test_closing_the_window_during_an_endless_audit_ends_it_at_once(monkeypatch):
    async def go():
        host = HostSession(DB, deck("red-saga"), name="Aki", settings=SANDBOX)
        guest = GuestSession(DB, deck("blue-saga"), name="Mio", settings=SANDBOX, audit_seconds=30.0)
        server, port = await tcp_server(host)
        link = await connect("127.0.0.1", port)
        playing = asyncio.ensure_future(guest.play_over(link))
        await host.started.wait()
        await asyncio.sleep(0.1)
        host.apply(Concede(0))
        seen = _endless_card(monkeypatch)
        for _ in range(200):
            if seen["calls"]:
                break
            await asyncio.sleep(0.02)
        t0 = time.monotonic()
        guest.close("the player closed the window")
        await asyncio.wait_for(playing, 5)
        closed_after = time.monotonic() - t0
        worker = seen["thread"]
        for _ in range(60):
            if not worker.is_alive():
                break
            await asyncio.sleep(0.05)
        server.close()
        return closed_after, worker.is_alive()

    closed_after, alive = run(go())
    assert closed_after < 1.0 and not alive
