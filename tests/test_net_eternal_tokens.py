"""Eternal's token cards over the LAN (ETR §Token Cards: prepared outside the deck, kept in the token pool until an
effect puts one on the field) on TCP 127.0.0.1: each seat's section travels with its deck, committed in the deck
hash (protocol/fairness.py deck_hash), checked by the host against the deck rules (token cards only, at most the
profile's max) and dealt into its owner's token pool, which the other seat sees only as a count. A hostile guest
is refused naming the field without crashing the host; a host that deals or records other tokens than the guest
sent is caught by the guest's opening check or its audit. A Battle of Souls sandbox that is no match sends its side
decks the same way (BOS §Side Deck)."""
from __future__ import annotations

import asyncio
import json

import pytest
from lan import run, tcp_server
from test_net_hostile_bounds import RawPeer
from test_net_table import SANDBOX, record, settle

from bss_desktop.carddb.database import game_db
from bss_desktop.carddb.deck_formats import game_decks
from bss_desktop.engine.commands import Concede
from bss_desktop.engine.game import Game
from bss_desktop.net import handshake
from bss_desktop.net import host as host_module
from bss_desktop.net.guest import GuestSession
from bss_desktop.net.host import HostSession
from bss_desktop.net.link import connect
from bss_desktop.protocol import fairness
from bss_desktop.table import get_profile

ETR = get_profile("eternal")
DB = game_db(ETR)
DECKS = list(game_decks(DB, ETR).values())
HOST_TOKENS = ["ETR1-019", "ETR1-019"]  # the shipped set's token cards (cards/eternal/sets/eternal1.yaml)
GUEST_TOKENS = ["ETR1-035", "ETR1-048"]
EVIL = "99" * 32


def test_the_shipped_eternal_set_has_the_token_cards_these_tests_use():
    assert all(DB[c].token for c in HOST_TOKENS + GUEST_TOKENS)
    assert not DB[DECKS[1].cards[0]].token


async def eternal_lan(host_side=HOST_TOKENS, guest_side=GUEST_TOKENS, **host_kw):
    host = HostSession(DB, DECKS[0].cards, name="Aki", settings=SANDBOX, profile=ETR, side=host_side, **host_kw)
    guest = GuestSession(DB, DECKS[1].cards, name="Mio", settings=SANDBOX, profile=ETR, side=guest_side)
    server, port = await tcp_server(host)
    frames: list[dict] = []
    link = await connect("127.0.0.1", port)
    record(link, frames)
    playing = asyncio.ensure_future(guest.play_over(link))
    return host, guest, frames, server, port, playing


def pool(game, seat):
    return sorted(game.state.cards[i].cid for i in game.state.table.areas[seat]["token_pool"])


def test_etr_token_cards_each_seat_deals_its_own_token_pool_the_other_sees_a_count_and_the_audit_passes():
    """ETR §Token Cards over the LAN: both sections dealt (the host's from the deck its player chose, the
    guest's as it sent it); the token pool has owner visibility, so neither the guest's view nor any frame before
    the record names the host's token cards; the guest's audit of the whole game passes."""
    async def go():
        host, guest, frames, server, port, playing = await eternal_lan()
        await asyncio.wait_for(host.started.wait(), 10)
        await settle(host, guest)
        game = host.game
        assert pool(game, 0) == sorted(HOST_TOKENS) and pool(game, 1) == sorted(GUEST_TOKENS)
        assert game.start["sides"] == [HOST_TOKENS, GUEST_TOKENS]
        mine, theirs = guest.view["players"][1], guest.view["players"][0]
        assert sorted(c["cid"] for c in mine["areas"]["token_pool"]) == sorted(GUEST_TOKENS)
        assert theirs["areas"].get("token_pool") is None and theirs["counts"]["token_pool"] == 2
        assert not [m for m in frames if HOST_TOKENS[0] in json.dumps(m)]  # hidden until the record reveals it
        host.apply(Concede(0))
        await asyncio.wait_for(playing, 30)
        server.close()
        return guest

    guest = run(go())
    assert guest.error is None and guest.report is not None and guest.report.ok, guest.report.problems


def test_etr_a_game_without_token_cards_sends_an_empty_section_and_passes_the_audit():
    async def go():
        host, guest, frames, server, port, playing = await eternal_lan(host_side=None, guest_side=None)
        await asyncio.wait_for(host.started.wait(), 10)
        await settle(host, guest)
        assert host.guest_side == [] and pool(host.game, 0) == pool(host.game, 1) == []
        host.apply(Concede(0))
        await asyncio.wait_for(playing, 30)
        server.close()
        return guest

    guest = run(go())
    assert guest.report is not None and guest.report.ok, guest.report.problems


# ------------------------------------------------------------------ a hostile guest

def _hello(profile):
    return handshake.hello(game_db(profile), SANDBOX, "Evil", profile)


async def hostile(port, profile=ETR, *, deck=None, side=None, committed=None, raw_deck=None) -> list[dict]:
    """A raw guest: its hello, its commitment to `deck` and `committed` (else `side`), its deck message (`raw_deck`
    as given, else with `side` when not None), its share; everything the host says before it hangs up."""
    peer = await RawPeer.connect(port)
    await peer.send(_hello(profile))
    said = [await peer.recv()]
    deck = list(DECKS[1].cards) if deck is None else deck
    side_hash = side if committed is None else committed
    await peer.send({"type": "commit", "share_hash": fairness.commitment(EVIL),
                     "deck_hash": fairness.deck_hash(deck, EVIL, side_hash if isinstance(side_hash, list) else None)})
    msg = {"type": "deck", "cards": deck, "name": "evil"}
    await peer.send(raw_deck if raw_deck is not None else msg if side is None else {**msg, "side": side})
    await peer.send({"type": "reveal", "share": EVIL})
    said += await peer.until_closed()
    peer.close()
    return said


def refusal(said) -> str:
    errors = [m for m in said if m and m["type"] == "error"]
    assert errors, said
    return errors[-1]["message"]


NOT_A_TOKEN = DECKS[1].cards[0]


@pytest.mark.parametrize("side,committed,words", [
    ([GUEST_TOKENS[0], NOT_A_TOKEN], None,
     [f"'deck' message: field 'side'", f"{NOT_A_TOKEN}", "is not a token card", "ETR"]),
    (GUEST_TOKENS * 15 + GUEST_TOKENS[:1], None,  # 31: one over the profile's max (deck_rules.side.max: 30)
     ["'deck' message: field 'side'", "Token cards: 31 cards; it takes 0 to 30"]),
    (GUEST_TOKENS, GUEST_TOKENS[:1], ["your deck is not the one you committed to", "fields 'cards' and 'side'"]),
    (None, None, ["'deck' message: field 'side'", "sends its token cards with the deck"]),
    ("ETR1-035", None, ["'deck' message: field 'side'"]),  # not a list
    (GUEST_TOKENS * 31, None, ["'deck' message: field 'side': at most 60 items"]),  # past any message's bound
    ([35], None, ["'deck' message: field 'side'", "card ids"]),
    (["x" * 41], None, ["'deck' message: field 'side'", "card ids"]),
    (["ETR1-999"], None, ["'deck' message: field 'side'", "unknown card 'ETR1-999'"]),
])
def test_etr_token_sections_a_hostile_guest_sends_are_refused_naming_the_field(side, committed, words):
    """ETR §Token Cards, the deck rules (carddb/deck_rules.py deck_issues: token cards only, at most
    deck_rules.side.max) and the commitment (protocol/fairness.py): each bad section is refused with an error
    naming the field, the host deals nothing, and then serves the honest guest."""
    async def go():
        host2 = HostSession(DB, DECKS[0].cards, name="Aki", settings=SANDBOX, profile=ETR, side=HOST_TOKENS)
        server2, port2 = await tcp_server(host2)
        raw = {"type": "deck", "cards": list(DECKS[1].cards), "name": "evil", "side": side} \
            if side is not None and not isinstance(side, list) else None
        said = await hostile(port2, side=side if raw is None else None, committed=committed, raw_deck=raw)
        why = refusal(said)
        assert all(w in why for w in words), why
        assert host2.game is None
        honest = GuestSession(DB, DECKS[1].cards, name="Mio", settings=SANDBOX, profile=ETR, side=GUEST_TOKENS)
        link = await connect("127.0.0.1", port2)
        playing2 = asyncio.ensure_future(honest.play_over(link))
        await asyncio.wait_for(host2.started.wait(), 10)
        assert pool(host2.game, 1) == sorted(GUEST_TOKENS)
        host2.apply(Concede(0))
        await asyncio.wait_for(playing2, 30)
        server2.close()

    run(go())


def test_a_side_section_in_a_game_without_one_is_refused_naming_the_field():
    """Standard has no section outside the deck (its profile has no deck_rules.side): a 'side' field is refused."""
    std = get_profile("standard")
    db = game_db(std)
    decks = list(game_decks(db, std).values())

    async def go():
        host = HostSession(db, decks[0].cards, name="Aki", settings=SANDBOX, profile=std, side=["x"])
        assert host.side is None  # nor does the host bring one
        server, port = await tcp_server(host)
        said = await hostile(port, std, deck=list(decks[1].cards), side=[decks[1].cards[0]])
        server.close()
        return refusal(said), host.game

    why, game = run(go())
    assert f"'deck' message: field 'side': {std.name} has no side section" in why
    assert game is None


# ------------------------------------------------------------------ a hostile host

def test_etr_a_host_that_deals_the_guest_other_token_cards_is_caught_by_the_opening_check(monkeypatch):
    """The guest sees its own token pool (owner visibility): other tokens than it sent are refused before the
    first move (protocol/fairness.py opening_problems), naming the zone and both sections."""
    class Cheat(Game):
        @classmethod
        def new(cls, db, decks, seed, **kw):
            kw["sides"] = [kw["sides"][0], [GUEST_TOKENS[0]] * 2]
            return Game.new(db, decks, seed, **kw)

    monkeypatch.setattr(host_module, "Game", Cheat)  # the host's engine only; the guest's check deals its own

    async def go():
        host, guest, frames, server, port, playing = await eternal_lan()
        await asyncio.wait_for(playing, 30)
        server.close()
        return guest

    guest = run(go())
    assert guest.error is not None and "players[1].areas.token_pool: the host dealt you" in guest.error
    assert f"you sent {', '.join(sorted(GUEST_TOKENS))}" in guest.error


def test_etr_a_host_whose_record_names_other_token_cards_fails_the_guests_audit():
    """The deal is honest but the record (what the audit replays) gives the guest other tokens: the audit says so."""
    def tamper(game):
        game.start["sides"][1] = [GUEST_TOKENS[0]] * 2

    async def go():
        host, guest, frames, server, port, playing = await eternal_lan(tamper=tamper)
        await asyncio.wait_for(host.started.wait(), 10)
        await settle(host, guest)
        host.apply(Concede(0))
        await asyncio.wait_for(playing, 30)
        server.close()
        return guest

    guest = run(go())
    report = guest.report
    assert report is not None and not report.ok
    assert any("your side section is not the one you sent" in p for p in report.problems), report.problems


def test_etr_a_host_that_commits_to_other_token_cards_than_it_deals_fails_the_guests_audit():
    """The host's section is hidden until the record reveals it; then it must be the one it committed to."""
    async def go():
        host, guest, frames, server, port, playing = await eternal_lan()
        await asyncio.wait_for(host.started.wait(), 10)
        await settle(host, guest)
        host.game.start["sides"][0] = [GUEST_TOKENS[1]]  # the record claims another section than committed
        host.apply(Concede(0))
        await asyncio.wait_for(playing, 30)
        server.close()
        return guest

    guest = run(go())
    assert guest.report is not None and not guest.report.ok
    assert any("the host's deck is not the one it committed to" in p for p in guest.report.problems)


def test_bos_a_sandbox_that_is_no_match_deals_both_side_decks_too():
    """BOS §Side Deck outside a match: the section travels the same way (its profile declares deck_rules.side),
    each side deck in its owner's `side` zone, the other seat sees a count; the audit passes."""
    bos = get_profile("bos")
    db = game_db(bos)
    decks = list(game_decks(db, bos).values())
    assert decks[0].side and decks[1].side

    async def go():
        host = HostSession(db, decks[0].cards, name="Aki", settings=SANDBOX, profile=bos, side=decks[0].side)
        guest = GuestSession(db, decks[1].cards, name="Mio", settings=SANDBOX, profile=bos, side=decks[1].side)
        server, port = await tcp_server(host)
        playing = asyncio.ensure_future(guest.play_over(await connect("127.0.0.1", port)))
        await asyncio.wait_for(host.started.wait(), 10)
        await settle(host, guest)
        st = host.game.state
        assert host.match is None and host.game.start["sides"] == [decks[0].side, decks[1].side]
        assert [sorted(st.cards[i].cid for i in st.table.areas[p]["side"]) for p in (0, 1)] == \
            [sorted(decks[0].side), sorted(decks[1].side)]
        theirs = guest.view["players"][0]
        assert theirs["areas"].get("side") is None and theirs["counts"]["side"] == len(decks[0].side)
        host.apply(Concede(0))
        await asyncio.wait_for(playing, 30)
        server.close()
        return guest

    guest = run(go())
    assert guest.report is not None and guest.report.ok, guest.report.problems
