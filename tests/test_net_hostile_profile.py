"""The profile a host plays, not the one it claims, over TCP on 127.0.0.1; and a LAN sandbox audited whenever it ends.

Before, a host that announced the shipped Battle of Souls digest while playing 12,000 starting Soul Points was shown
as it was, and a sandbox was audited only if someone conceded: closing the window (or losing the link) left nothing to
audit. Now the guest deals a game of its own profile and compares the opening before the first move
(protocol/fairness.py opening_problems), and a sandbox that ends as a window closes is audited like a concession: the
host reveals its share and sends the record (at once, or when the guest comes back), and the guest replays it with
its own profile (BOS = ../shared/rules/004).
"""
from __future__ import annotations

import asyncio
import dataclasses

from lan import run, tcp_server
from test_net_table import SANDBOX, guest_does, lan_sandbox, settle

from bss_desktop.carddb.database import game_db
from bss_desktop.carddb.deck_formats import game_decks
from bss_desktop.engine.commands import ManualMove
from bss_desktop.net.guest import GuestSession
from bss_desktop.net.host import HostSession
from bss_desktop.table import get_profile

BOS = get_profile("bos")


def _bos_with(**tracker) -> object:
    """Battle of Souls with its Soul Points changed, keeping the shipped profile's digest (what the host claims)."""
    sp = dataclasses.replace(BOS.trackers["sp"], **tracker)
    evil = dataclasses.replace(BOS, trackers={"sp": sp})
    assert evil.digest == BOS.digest
    return evil


async def _evil_sandbox(evil):
    """A host playing `evil`, a guest playing the shipped profile, over TCP."""
    db = game_db(BOS)
    decks = list(game_decks(db, BOS).values())
    host = HostSession(db, decks[0].cards, name="Aki", settings=SANDBOX, profile=evil)
    guest = GuestSession(db, decks[1].cards, name="Mio", settings=SANDBOX, profile=BOS, reconnect_for=3.0)
    server, port = await tcp_server(host)
    return host, guest, server, port


def test_a_host_claiming_the_shipped_profile_while_playing_12000_soul_points_is_refused_before_the_first_move():
    async def go():
        host, guest, server, port = await _evil_sandbox(_bos_with(start=12000))
        sent = []
        guest.decide = lambda s: sent.append(s.seq)  # it would decide (its mulligan) once the opening is accepted
        report = await asyncio.wait_for(guest.run("127.0.0.1", port), 20)
        server.close()
        return report, guest, host, sent

    report, guest, host, sent = run(go())
    assert report is None and not sent and guest.sent == 0  # no move was ever made
    assert "the host plays another game than the one it claims" in guest.error
    assert "players[0].trackers.sp: the host's game has 12000, your profile of Battle of Souls gives 8000" in \
        guest.error
    assert not host.game.history


def test_a_sandbox_ends_when_the_host_closes_its_window_and_is_audited():
    async def go():
        host, guest, frames, server, playing = await lan_sandbox(BOS)
        await host.started.wait()
        await settle(host, guest)
        card = host.game.state.players[0].hand[0]
        host.apply(ManualMove(0, card, "discard"))
        assert not await guest_does(host, guest, {"type": "manual_deck", "player": 1, "owner": 1, "to": "discard",
                                                  "count": 2})
        host.close()  # the host's window closes: no concession
        await asyncio.wait_for(playing, 20)
        server.close()
        return guest, host

    guest, host = run(go())
    assert guest.report is not None and guest.report.ok, (guest.error, guest.report)
    assert host.ended and guest.received.ended


def test_a_profile_difference_that_shows_only_later_fails_the_audit_when_the_window_closes():
    """The opening is the same (Soul Points start at 8000), but the host's Battle of Souls is won at 9000: the
    guest's transfer past it gives a winning mark its own profile never gives, and the audit says so."""
    async def go():
        host, guest, server, port = await _evil_sandbox(_bos_with(win_at=9000))
        running = asyncio.ensure_future(guest.run("127.0.0.1", port))
        await host.started.wait()
        await settle(host, guest)
        assert not await guest_does(host, guest, {"type": "manual_tracker", "player": 1, "owner": 0, "name": "sp",
                                                  "op": "transfer", "amount": 1500})
        host.close()
        report = await asyncio.wait_for(running, 20)
        server.close()
        return report

    report = run(go())
    assert report is not None and not report.ok
    assert "what you were shown differs from a replay of the record" in report.line()


def test_a_sandbox_ends_when_the_guest_closes_its_window_and_the_host_hears_the_audit():
    async def go():
        host, guest, frames, server, playing = await lan_sandbox(BOS)
        await host.started.wait()
        await settle(host, guest)
        assert not await guest_does(host, guest, {"type": "manual_deck", "player": 1, "owner": 1, "to": "hand",
                                                  "count": 1})
        guest.close("the player closed the window")
        await asyncio.wait_for(playing, 20)
        for _ in range(100):
            if host.audit_result is not None:
                break
            await asyncio.sleep(0.02)
        server.close()
        return guest, host

    guest, host = run(go())
    assert guest.report is not None and guest.report.ok, (guest.error, guest.report)
    assert host.audit_result is not None and host.audit_result["ok"] and "Mio closed the sandbox" in host.ended


def test_a_sandbox_whose_link_was_lost_is_audited_when_the_guest_comes_back():
    async def go():
        host, guest, server, port = await _evil_sandbox(BOS)
        running = asyncio.ensure_future(guest.run("127.0.0.1", port))
        await host.started.wait()
        await settle(host, guest)
        assert not await guest_does(host, guest, {"type": "manual_deck", "player": 1, "owner": 1, "to": "hand",
                                                  "count": 1})
        guest.link.close()  # the link is lost...
        await asyncio.sleep(0.05)
        host.close()  # ...and the host's player closes the window meanwhile: the sandbox ends
        report = await asyncio.wait_for(running, 20)  # the guest reconnects and is sent the record
        server.close()
        return report, host

    report, host = run(go())
    assert report is not None and report.ok, report
    assert host.ended
