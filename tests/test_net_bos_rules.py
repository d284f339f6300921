"""Battle of Souls in rules mode over the LAN, on 127.0.0.1 only: the host's rules module arbitrates, each seat sees
only what it may (the other hand, both decks and the other's face-down equipment and tactics hide their identity;
set this turn is known to both), the guest's end-of-game audit replays the record by Battle of Souls' rules; a
hostile host's malformed rules view is refused naming the field."""
from __future__ import annotations

import asyncio

from lan import run, tcp_server

from bss_desktop.carddb.database import game_db
from bss_desktop.carddb.deck_formats import game_decks
from bss_desktop.net.guest import GuestSession
from bss_desktop.net.headless import play_host_seat, random_guest
from bss_desktop.net.host import HostSession
from bss_desktop.net.link import connect
from bss_desktop.rules.bos import GAME as BosGame
from bss_desktop.sim.policy import RandomPolicy
from bss_desktop.table.profiles import get_profile, with_rules

BOS = with_rules(get_profile("bos"))
DB = game_db(BOS)
DECKS = game_decks(DB, BOS)


def sessions():
    a, b = DECKS["iron-legion"], DECKS["shadow-court"]
    host = HostSession(DB, a.cards, name="Aki", profile=BOS, share="11" * 32, side=a.side)
    guest = GuestSession(DB, b.cards, name="Mio", profile=BOS, share="22" * 32, side=b.side)
    return host, guest


def test_a_whole_lan_battle_by_the_rules_hides_the_hosts_hidden_cards_and_passes_the_audit():
    async def go():
        host, guest = sessions()
        guest.decide = random_guest(5)
        leaks = []

        def watch(_events):  # what the guest's board reads of the host's side
            view = guest.view
            if view is None:
                return
            theirs = view["players"][0]
            leaks.extend(c for c in theirs["hand"] or () if isinstance(c, dict) and "cid" in c)
            for zone in ("tactic", "equipment"):
                leaks.extend(c for c in (theirs["areas"].get(zone) or ()) if c.get("down") and c["cid"] is not None)

        guest.on_events = watch
        server, port = await tcp_server(host)
        link = await connect("127.0.0.1", port)
        playing = asyncio.ensure_future(guest.play_over(link))
        await asyncio.wait_for(asyncio.gather(play_host_seat(host, RandomPolicy(3)), guest.finished.wait()), 120)
        await asyncio.wait_for(playing, 20)
        server.close()
        return host, guest, leaks

    host, guest, leaks = run(go())
    assert isinstance(host.game, BosGame) and host.game.over
    assert "BOS" in host.game.result.reason
    assert guest.report.ok, guest.report.problems
    assert not leaks


def test_a_match_of_three_battles_by_the_rules_over_the_lan():
    """BOS §How to Battle over the LAN, each battle played by the rules to its end (no claims: the rules decide), each
    dealt afresh and audited by the guest; the loser chooses who goes first; the score is the same on both sides."""
    from bss_desktop.engine.settings import Ruleset
    from bss_desktop.net.link import serve
    from bss_desktop.net.match import GuestMatch, HostMatch

    a, b = DECKS["iron-legion"], DECKS["shadow-court"]

    async def battle(hm, gm, port, seed):
        gm.session.decide = random_guest(seed)
        link = await connect("127.0.0.1", port)
        playing = asyncio.ensure_future(gm.session.play_over(link))
        await asyncio.wait_for(play_host_seat(hm.session, RandomPolicy(seed)), 60)
        await asyncio.wait_for(playing, 30)
        for _ in range(400):
            await asyncio.sleep(0.005)
            if hm.session.audit_result is not None:
                break
        assert gm.session.report is not None and gm.session.report.ok, gm.session.report
        gm.settle()
        hm.settle()
        return hm.session.game

    async def go():
        hm = HostMatch(DB, a.cards, a.side, profile=BOS, name="Aki", settings=Ruleset())
        gm = GuestMatch(DB, b.cards, b.side, profile=BOS, name="Mio", settings=Ruleset())
        server = await serve(hm.handle, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        games = []
        seed = 1
        while not hm.match.over:
            g = await battle(hm, gm, port, seed)
            assert isinstance(g, BosGame) and g.over and "BOS" in g.result.reason
            games.append(g)
            assert hm.match.wins() == gm.match.wins()
            if hm.match.over:
                break
            chooser = hm.match.chooser()
            assert chooser == 1 - g.result.winner  # the loser chooses
            gm.next_battle(1 if chooser == 1 else None, [], [])
            hm.next_battle(0 if chooser == 0 else None, [], [])
            seed += 1
        server.close()
        return hm, gm, games

    hm, gm, games = run(go())
    assert hm.match.over and gm.match.over and hm.match.winner == gm.match.winner
    assert max(hm.match.wins()) == 2 and 2 <= len(games) <= 3
    assert len({g.start["seed"] for g in games}) == len(games)  # a fresh deal each battle
    for g, nxt in zip(games, games[1:]):
        assert nxt.state.first_player == 1 - g.result.winner  # the loser chose to go first
