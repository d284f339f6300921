"""A hostile peer against a Battle of Souls match over TCP on 127.0.0.1 (net/match.py; BOS Getting Started, digest
§3.2 need 9: best of 3, the loser chooses first or second, side-deck swaps one for one with the side deck's count
kept). Every refusal ends that connection with an error naming why; the host keeps serving its match, and the
honest guest plays the battle afterwards."""
from __future__ import annotations

import asyncio
import pytest
from lan import run
from test_net_hostile_bounds import RawPeer
from test_net_match import BOS, DB, DECKS, play_battle, start_match
from test_net_table import SANDBOX, guest_does, lan_sandbox, settle

from bss_desktop.net import handshake
from bss_desktop.protocol import fairness

EVIL = "99" * 32


def hello(battle):
    msg = handshake.hello(DB, SANDBOX, "Evil", BOS)
    return msg if battle is None else {**msg, "battle": battle}


async def hostile_battle(port, battle, *, first=None, deck=None, side=None, extra=()) -> list[dict]:
    """A raw guest for `battle`: its hello, then (`first`) its choice, its commitment to `deck` and `side`, the
    deck, its share; everything the host says before it hangs up."""
    peer = await RawPeer.connect(port)
    await peer.send(hello(battle))
    said = [await peer.recv()]
    if said[-1] is None or said[-1]["type"] != "hello":
        return said + await peer.until_closed()
    if first is not None:
        await peer.send({"type": "first", "battle": battle, "first": first})
    if deck is not None:
        await peer.send({"type": "commit", "share_hash": fairness.commitment(EVIL),
                         "deck_hash": fairness.deck_hash(deck, EVIL, side)})
        await peer.send({"type": "deck", "cards": deck, "name": "evil", "side": side})
        await peer.send({"type": "reveal", "share": EVIL})
    for m in extra:
        await peer.send(m)
    said += await peer.until_closed()
    peer.close()
    return said


def refusal(said) -> str:
    errors = [m for m in said if m and m["type"] == "error"]
    assert errors, said
    return errors[-1]["message"]


async def after_battle_one(loser: int):
    """Battle 1 played and conceded by `loser`; the host has made its choices for battle 2 (it goes first if it
    chooses)."""
    hm, gm, server, port = await start_match()
    await play_battle(hm, gm, port, loser=loser)
    hm.next_battle(0 if hm.match.chooser() == 0 else None, [], [])
    return hm, gm, server, port


async def honest_battle_two(hm, gm, port, first=None):
    """The honest guest's battle 2 still starts after the hostile connection was refused (and is conceded by the
    winner of battle 1: one all)."""
    gm.next_battle(first, [], [])
    await play_battle(hm, gm, port, loser=hm.match.winners[0])
    assert hm.match.battle == 3 and hm.match.wins() == gm.match.wins()


def test_bos_loser_chooses_a_guest_that_won_cannot_choose_who_goes_first():
    """BOS Getting Started: the loser of a battle chooses; the guest won battle 1, so its 'first' is refused."""
    async def go():
        hm, gm, server, port = await after_battle_one(loser=0)
        said = await hostile_battle(port, 2, first=1, deck=DECKS[1].cards, side=DECKS[1].side)
        assert "the loser of battle 1 chooses who goes first" in refusal(said) and "player 1, not you" in refusal(said)
        assert hm.session.game is None  # no battle was dealt
        await honest_battle_two(hm, gm, port)
        server.close()

    run(go())


def test_bos_side_swaps_that_change_the_side_decks_count_are_refused():
    """BOS §Side Deck: one for one, the side deck's count the same before and after."""
    async def go():
        hm, gm, server, port = await after_battle_one(loser=1)
        deck, side = list(DECKS[1].cards), list(DECKS[1].side)
        said = await hostile_battle(port, 2, first=1, deck=deck + side[:1], side=side[1:])
        assert "one for one" in refusal(said) and "side_swap" in refusal(said)
        assert hm.session.game is None
        await honest_battle_two(hm, gm, port, first=1)
        server.close()

    run(go())


def test_bos_a_swap_bringing_in_a_card_not_in_the_side_deck_is_refused():
    async def go():
        hm, gm, server, port = await after_battle_one(loser=1)
        deck, side = list(DECKS[1].cards), list(DECKS[1].side)
        stranger = next(c for c in DECKS[0].cards if c not in deck and c not in side)
        said = await hostile_battle(port, 2, first=1, deck=[stranger] + deck[1:], side=side)
        assert f"not in player 2's side deck: {stranger}" in refusal(said)
        # and the swap that keeps the count but whose side deck does not hold what left the deck
        said = await hostile_battle(port, 2, first=1, deck=[side[0]] + deck[1:], side=side)
        assert "side deck is not the last battle's with the swapped cards" in refusal(said)
        await honest_battle_two(hm, gm, port, first=1)
        server.close()

    run(go())


@pytest.mark.parametrize("battle,words", [(3, "this side's match is at battle 2, not battle 3"),
                                          (None, "this side plays a match")])
def test_bos_a_guest_naming_another_battle_is_refused(battle, words):
    async def go():
        hm, gm, server, port = await after_battle_one(loser=1)
        said = await hostile_battle(port, battle)
        assert words in refusal(said)
        await honest_battle_two(hm, gm, port, first=0)
        server.close()

    run(go())


def test_bos_messages_out_of_order_are_refused_without_crashing_the_host():
    """A 'first' during the battle, a claim for another battle (ignored), an oversize side deck."""
    async def go():
        hm, gm, server, port = await after_battle_one(loser=1)
        deck, side = list(DECKS[1].cards), list(DECKS[1].side)
        said = await hostile_battle(port, 2, deck=deck, side=side * 9)  # 63 cards: past a message's 60
        assert "'deck' message: field 'side': at most 60 items" in refusal(said)
        said = await hostile_battle(port, 2, first=1, deck=deck, side=side,
                                    extra=[{"type": "claim", "battle": 7},
                                           {"type": "first", "battle": 2, "first": 0}])
        assert "a guest does not send 'first' messages during the game" in refusal(said)
        assert hm.session.game is not None and hm.session.game.state.first_player == 1  # its one choice counted
        server.close()

    run(go())


def test_bos_an_oversize_frame_in_a_battles_handshake_is_refused_from_its_header():
    async def go():
        hm, gm, server, port = await after_battle_one(loser=1)
        peer = await RawPeer.connect(port)
        await peer.send(hello(2))
        assert (await peer.recv())["type"] == "hello"
        peer.write_text("x" * 70_000)
        said = await peer.until_closed()
        assert "exceeds the 65536-byte limit" in refusal(said)
        await honest_battle_two(hm, gm, port, first=0)
        server.close()

    run(go())


def test_a_claim_in_a_sandbox_that_is_no_match_is_refused():
    async def go():
        host, guest, frames, server, playing = await lan_sandbox(BOS)
        await host.started.wait()
        await settle(host, guest)
        guest._send_match({"type": "claim", "battle": 1})
        await asyncio.wait_for(playing, 10)
        assert "'claim' message: this is no match" in guest.error
        server.close()

    run(go())


def test_bos_a_host_cannot_make_the_guest_play_a_swap_it_did_not_make():
    """The record's copy of the guest's deck and side deck must be what it sent (its audit): a host that swaps a
    card of the guest's for it fails the audit."""
    def tamper(game):
        if game.start["first_player"] is not None:  # battle 2
            sides = game.start["sides"][1]
            game.start["decks"][1][0], sides[0] = sides[0], game.start["decks"][1][0]

    async def go():
        hm, gm, server, port = await start_match(tamper=tamper)
        await play_battle(hm, gm, port, loser=1)
        gm.next_battle(1, [], [])
        hm.next_battle(None, [], [])
        link = await __import__("bss_desktop.net.link", fromlist=["connect"]).connect("127.0.0.1", port)
        playing = asyncio.ensure_future(gm.session.play_over(link))
        await asyncio.wait_for(hm.session.started.wait(), 10)
        await settle(hm.session, gm.session)
        hm.session.apply(__import__("bss_desktop.engine.commands", fromlist=["Concede"]).Concede(0))
        await asyncio.wait_for(playing, 30)
        report = gm.session.report
        assert report is not None and not report.ok
        assert any("your side section is not the one you sent" in p for p in report.problems)
        assert not gm.settle() and "audit failed" in gm.problem and gm.match.wins() == [1, 0]
        server.close()

    run(go())


def test_bos_the_guest_checks_the_hosts_swaps_when_the_record_reveals_them():
    """The host's deck of battle 2 must be one-for-one swaps of its battle-1 deck (the guest learns both with the
    records, each bound by the host's commitment)."""
    async def go():
        hm, gm, server, port = await start_match()
        await play_battle(hm, gm, port, loser=1)
        gm.next_battle(1, [], [])
        side = hm.match.sides[0]
        hm.match.decks[0] = [side[0]] + hm.match.decks[0][1:]  # a card from nowhere: its side deck keeps it
        hm.next_battle(None, [], [])
        link = await __import__("bss_desktop.net.link", fromlist=["connect"]).connect("127.0.0.1", port)
        playing = asyncio.ensure_future(gm.session.play_over(link))
        await asyncio.wait_for(hm.session.started.wait(), 10)
        await settle(hm.session, gm.session)
        hm.session.apply(__import__("bss_desktop.engine.commands", fromlist=["Concede"]).Concede(0))
        await asyncio.wait_for(playing, 30)
        assert gm.session.report.ok  # the battle itself was fair
        assert not gm.settle() and "the host's deck for battle 2" in gm.problem
        assert "side deck is not the last battle's" in gm.problem
        server.close()

    run(go())


def test_the_protocol_version_is_5_for_matches():
    from bss_desktop.protocol.messages import PROTOCOL_VERSION, validate

    assert PROTOCOL_VERSION == 5
    with pytest.raises(Exception, match="field 'battle': must be between 0 and 9"):
        validate({"type": "first", "battle": 10, "first": 0})
    with pytest.raises(Exception, match="field 'first': must be between 0 and 1"):
        validate({"type": "first", "battle": 2, "first": 2})
    with pytest.raises(Exception, match="field 'battle': a match's battles are numbered 1 to 9"):
        validate({"type": "claim", "battle": 0})


def test_bos_a_match_battles_guest_autosave_keeps_its_side_deck_and_first_player_checked(tmp_path):
    """The guest's autosave of a battle keeps what its audit needs of the match (its side deck, who the loser chose
    to go first); a malformed one is named when read."""
    import json

    from bss_desktop.net.guest import GuestSession

    save = tmp_path / "lan-guest.json"

    async def go():
        hm, gm, server, port = await start_match()
        gm.kw["autosave"] = save
        await play_battle(hm, gm, port, loser=1)
        gm.next_battle(1, [], [])
        hm.next_battle(None, [], [])
        from bss_desktop.net.link import connect

        link = await connect("127.0.0.1", port)
        playing = asyncio.ensure_future(gm.session.play_over(link))
        await asyncio.wait_for(hm.session.started.wait(), 10)
        await settle(hm.session, gm.session)
        data = json.loads(save.read_text())
        playing.cancel()
        server.close()
        return data

    data = run(go())
    assert data["side"] == list(DECKS[1].side) and data["first_player"] == 1
    data["address"] = ["127.0.0.1", 1]
    save.write_text(json.dumps(data))
    again = GuestSession.restore(save, DB)
    assert again.received.guest_side == list(DECKS[1].side) and again.received.first_player == 1
    for field, bad in (("side", [7]), ("side", "S"), ("first_player", 2), ("first_player", True)):
        save.write_text(json.dumps({**data, field: bad}))
        with pytest.raises(ValueError, match=f"field '{field}' is malformed"):
            GuestSession.restore(save, DB)


def test_bos_a_battle_waits_for_the_hosts_choices_and_then_refuses_a_guest_that_waited_too_long():
    """Between battles the host's player makes its own choices first: a guest that connects meanwhile waits (up to
    the bound), then is told so; the host's match is unharmed."""
    async def go():
        hm, gm, server, port = await start_match(ready_timeout=0.3)
        await play_battle(hm, gm, port, loser=1)
        said = await hostile_battle(port, 2)
        assert "the host's player has not started the next battle" in refusal(said)
        hm.next_battle(None, [], [])
        await honest_battle_two(hm, gm, port, first=0)
        server.close()

    run(go())
