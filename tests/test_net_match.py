"""Battle of Souls matches over the LAN (net/match.py; BOS Getting Started, digest §3.2 need 9): the best 2 of 3
battles between two machines on 127.0.0.1, each battle its own fair deal and audit; the loser of a battle chooses
first or second in its own window; each player's side-deck swaps are its own, one for one, committed by hash and
re-checked; the score is the same on both sides and the match ends after 2 wins."""
from __future__ import annotations

import asyncio
from collections import Counter

from lan import run
from test_net_table import SANDBOX, settle

from bss_desktop.carddb.database import game_db
from bss_desktop.carddb.deck_formats import game_decks
from bss_desktop.engine.commands import Concede
from bss_desktop.net.link import connect, serve
from bss_desktop.net.match import GuestMatch, HostMatch
from bss_desktop.table import get_profile

BOS = get_profile("bos")
DB = game_db(BOS)
DECKS = list(game_decks(DB, BOS).values())


async def start_match(**host_kw):
    """A match's host serving on 127.0.0.1 and its guest: (host match, guest match, server, port)."""
    hm = HostMatch(DB, DECKS[0].cards, DECKS[0].side, profile=BOS, name="Aki", settings=SANDBOX, **host_kw)
    gm = GuestMatch(DB, DECKS[1].cards, DECKS[1].side, profile=BOS, name="Mio", settings=SANDBOX)
    server = await serve(hm.handle, "127.0.0.1", 0)
    return hm, gm, server, server.sockets[0].getsockname()[1]


async def play_battle(hm, gm, port, loser: int):
    """The guest connects for the battle being set up; both settle; `loser` concedes; the guest audits."""
    link = await connect("127.0.0.1", port)
    playing = asyncio.ensure_future(gm.session.play_over(link))
    await asyncio.wait_for(hm.session.started.wait(), 10)
    await settle(hm.session, gm.session)
    if loser == 0:
        hm.session.apply(Concede(0))
    else:
        gm.session.send_command({"type": "concede", "player": 1})
    await asyncio.wait_for(playing, 30)
    for _ in range(200):
        await asyncio.sleep(0.005)
        if hm.session.audit_result is not None:
            break
    assert gm.session.report is not None and gm.session.report.ok, gm.session.report
    gm.settle()
    hm.settle()  # (once the guest's audit came, the host's handler has counted the battle already)
    return hm.session.game


def first_swap(deck, side):
    return [deck[0]], [side[0]]


def test_bos_match_over_the_lan_best_of_three_losers_choice_and_swaps_on_each_machine():
    """BOS Getting Started: best 2 of 3; the loser chooses first or second; side-deck swaps one for one (the side
    deck's count the same); each battle dealt from fresh shares of both sides and audited by the guest."""
    async def go():
        hm, gm, server, port = await start_match()
        g1 = await play_battle(hm, gm, port, loser=1)
        assert hm.match.wins() == gm.match.wins() == [1, 0]
        assert hm.match.chooser() == gm.match.chooser() == 1  # the guest lost: it chooses
        out, into = first_swap(gm.match.decks[1], gm.match.sides[1])
        gm.next_battle(1, out, into)  # Mio goes first, and swaps one card
        hout, hinto = first_swap(hm.match.decks[0], hm.match.sides[0])
        hm.next_battle(None, hout, hinto)
        g2 = await play_battle(hm, gm, port, loser=0)
        theirs = gm.session.view["players"][0]  # BOS Getting Started: the side deck is checked face down
        assert theirs["areas"].get("side") is None and theirs["counts"]["side"] == len(DECKS[0].side)
        assert g2.state.first_player == 1 and g2.start["first_player"] == 1
        assert g2.start["seed"] != g1.start["seed"]  # fresh shares: a fresh deal
        assert Counter(g2.start["decks"][1]) == Counter(DECKS[1].cards) - Counter(out) + Counter(into)
        assert Counter(g2.start["sides"][1]) == Counter(DECKS[1].side) - Counter(into) + Counter(out)
        assert len(g2.start["sides"][0]) == len(DECKS[0].side)
        assert hm.match.wins() == gm.match.wins() == [1, 1] and hm.match.chooser() == 0
        hm.next_battle(0, [], [])  # Aki lost: it chooses to go first
        gm.next_battle(None, [], [])
        g3 = await play_battle(hm, gm, port, loser=1)
        assert g3.state.first_player == 0
        assert hm.match.over and gm.match.over and hm.match.winner == gm.match.winner == 0
        assert hm.match.wins() == gm.match.wins() == [2, 1]
        server.close()

    run(go())


def test_bos_a_claimed_battle_is_won_only_when_the_other_seat_agrees_by_conceding():
    """CR 1-2-4 (a concession) decides a battle: a seat's claim is refused and the battle goes on, or agreed to by
    the other seat's own concession (in the record the guest audits); a claim for another battle is not asked."""
    async def go():
        hm, gm, server, port = await start_match()
        link = await connect("127.0.0.1", port)
        playing = asyncio.ensure_future(gm.session.play_over(link))
        await asyncio.wait_for(hm.session.started.wait(), 10)
        await settle(hm.session, gm.session)
        asked, told = [], []
        hm.session.on_claim = asked.append
        gm.session.on_status = told.append
        assert gm.session.claim() is None
        for _ in range(200):
            await asyncio.sleep(0.005)
            if asked:
                break
        assert asked == [1]
        hm.session.answer_claim(False)
        for _ in range(200):
            await asyncio.sleep(0.005)
            if told:
                break
        assert told == ["Aki does not agree that you won battle 1"] and not hm.session.game.over
        gm.session._send_match({"type": "claim", "battle": 2})  # not the battle being played: nothing is asked
        assert gm.session.claim() is None
        for _ in range(200):
            await asyncio.sleep(0.005)
            if len(asked) == 2:
                break
        assert asked == [1, 1]
        hm.session.answer_claim(True)  # Aki agrees: it concedes battle 1
        await asyncio.wait_for(playing, 30)
        assert gm.session.report.ok and gm.session.record["commands"][-1] == {"type": "concede", "player": 0}
        gm.settle()
        assert hm.match.wins() == gm.match.wins() == [0, 1]
        server.close()

    run(go())
