"""Battle Spirits Standard in rules mode over the LAN, on 127.0.0.1 only: the host's Standard rules module arbitrates,
each seat sees only what it may (the other hand and both decks are counts), the guest's end-of-game audit replays
the record with Standard's rules; a hostile guest's commands Standard does not have (a burst: STD 4-1-1), or
malformed ones, are refused naming the rule, without crashing and without changing the game."""
from __future__ import annotations

import asyncio

from lan import run, tcp_server
from test_net_table import guest_does, settle

from bss_desktop.carddb.database import game_db
from bss_desktop.engine.commands import Concede, EndMain, Mulligan
from bss_desktop.carddb.deck_formats import game_decks
from bss_desktop.net.guest import GuestSession
from bss_desktop.net.headless import play_host_seat, random_guest
from bss_desktop.net.host import HostSession
from bss_desktop.net.link import connect
from bss_desktop.rules.standard import StandardGame
from bss_desktop.sim.policy import RandomPolicy
from bss_desktop.table import get_profile

STD = get_profile("standard")
DB = game_db(STD)
DECKS = game_decks(DB, STD)


def sessions():
    host = HostSession(DB, DECKS["crimson-vanguard"].cards, name="Aki", profile=STD, share="11" * 32)
    guest = GuestSession(DB, DECKS["tidal-archive"].cards, name="Mio", profile=STD, share="22" * 32)
    return host, guest


def test_std_a_whole_lan_game_by_the_rules_hides_the_hosts_hand_and_passes_the_guests_audit():
    async def go():
        host, guest = sessions()
        guest.decide = random_guest(5)
        seen_hidden = []

        def watch(_events):  # what the guest's board reads: the host's hand and both decks are counts
            view = guest.view
            if view is not None:
                seen_hidden.extend(c for c in view["players"][0]["hand"] if isinstance(c, dict) and "cid" in c)

        guest.on_events = watch
        server, port = await tcp_server(host)
        link = await connect("127.0.0.1", port)
        playing = asyncio.ensure_future(guest.play_over(link))
        await asyncio.wait_for(asyncio.gather(play_host_seat(host, RandomPolicy(3)), guest.finished.wait()), 120)
        await asyncio.wait_for(playing, 20)
        server.close()
        return host, guest, seen_hidden

    host, guest, seen_hidden = run(go())
    assert isinstance(host.game, StandardGame) and host.game.over
    assert "STD" in host.game.result.reason
    assert guest.report.ok, guest.report.problems
    assert not seen_hidden


def test_std_a_hostile_guests_burst_and_malformed_commands_are_refused_and_change_nothing():
    async def go():
        host, guest = sessions()
        server, port = await tcp_server(host)
        link = await connect("127.0.0.1", port)
        playing = asyncio.ensure_future(guest.play_over(link))
        await host.started.wait()
        await settle(host, guest)
        game = host.game
        while game.state.stage == "mulligan":  # both keep; the host's first turn ends
            await settle(host, guest)
            if game.pending.player == 0:
                host.apply(Mulligan(0, False))
            else:
                assert not await guest_does(host, guest, {"type": "mulligan", "player": 1, "redraw": False})
        await settle(host, guest)
        if game.state.turn_player == 0:
            host.apply(EndMain(0))
            await settle(host, guest)
        assert game.state.turn_player == 1 and game.pending.kind == "main"
        mine = guest.view["players"][1]["hand"][0]["card"]  # the guest's own card, by the id its view gives it
        before = game.state_hash()
        attacks = [
            {"type": "set_burst", "player": 1, "card": mine},  # Standard has no burst area (STD 4-1-1)
            {"type": "end_main", "player": 0},  # in the host's name
            {"type": "summon", "player": 1, "card": 10 ** 6},  # no card the guest can see
            {"type": "use_magic", "player": 1, "card": mine, "pay": [["reserve", 10 ** 9]]},
            {"type": "mulligan", "player": 1, "redraw": True},  # the opening is over
            {"type": "summon", "player": 1, "card": mine, "exile": [10 ** 6]},  # Succession: no card it can see
            {"type": "summon", "player": 1, "card": mine, "exile": [1] * 5000},  # a huge list
            {"type": "use_magic", "player": 1, "card": mine, "exile": "all"},
        ]
        refusals = []
        for cmd in attacks:
            refused = await guest_does(host, guest, cmd)
            assert refused, cmd
            refusals.append(refused[0])
        assert game.state_hash() == before
        host.apply(Concede(0))
        await asyncio.wait_for(playing, 20)
        server.close()
        return guest, refusals

    guest, refusals = run(go())
    assert refusals[0][0] == "STD 7-6-1-2-1" and "no such action" in refusals[0][1]
    assert all(not rule.startswith("CR ") for rule, _ in refusals), refusals
    assert guest.report.ok, guest.report.problems
