"""A LAN sandbox of every game over TCP on 127.0.0.1: the handshake agrees on the game and its profile, both
sides' moves on the profile's table sync, what the profile hides never reaches the other seat, and the guest's
audit of the whole game passes (BOS = ../shared/rules/004)."""
from __future__ import annotations

import asyncio
import json

import pytest
from helpers import own_profile
from lan import run, tcp_server

from bss_desktop.carddb.database import game_db
from bss_desktop.carddb.deck_formats import game_decks
from bss_desktop.engine.commands import (
    Concede,
    ManualCounter,
    ManualDeck,
    ManualMove,
    ManualTracker,
    Mulligan,
)
from bss_desktop.engine.settings import Ruleset
from bss_desktop.net.guest import GuestSession
from bss_desktop.net.host import HostSession
from bss_desktop.net.link import connect
from bss_desktop.table import get_profile

SANDBOX = Ruleset(sandbox=True)


def record(link, frames):
    recv = link.recv

    async def recording(timeout=None):
        msg = await recv(timeout)
        frames.append(msg)
        return msg

    link.recv = recording


async def lan_sandbox(profile, guest_profile=None):
    db = game_db(profile)
    by_name = game_decks(db, profile)
    names = ["iron-legion", "shadow-court"] if profile.id == "bos" else sorted(by_name)[:2]  # (no card in common)
    decks = [by_name[n] for n in names]
    host = HostSession(db, decks[0].cards, name="Aki", settings=SANDBOX, profile=profile)
    guest = GuestSession(db, decks[1].cards, name="Mio", settings=SANDBOX,
                         profile=profile if guest_profile is None else guest_profile)
    server, port = await tcp_server(host)
    frames: list[dict] = []
    link = await connect("127.0.0.1", port)
    record(link, frames)
    playing = asyncio.ensure_future(guest.play_over(link))
    return host, guest, frames, server, playing


async def finish(host, playing, server):
    """The host concedes; the guest's session ends (and audits the game)."""
    host.apply(Concede(0))
    await asyncio.wait_for(playing, 20)
    server.close()


async def settle(host, guest, rounds=400):
    for _ in range(rounds):
        await asyncio.sleep(0.005)
        if host.game is not None and guest.seq == len(host.game.history):
            return


async def guest_does(host, guest, command: dict):
    refused = []
    guest.on_refused = lambda rule, message: refused.append((rule, message))
    n = len(host.game.history)
    guest.send_command(command)
    for _ in range(400):
        await asyncio.sleep(0.005)
        if refused or (len(host.game.history) > n and guest.seq == len(host.game.history)):
            break
    return refused


def test_bos_lan_sandbox_syncs_the_table_hides_face_down_cards_and_passes_the_audit():
    bos = get_profile("bos")

    async def go():
        host, guest, frames, server, playing = await lan_sandbox(bos)
        await host.started.wait()
        await settle(host, guest)
        game = host.game
        assert game.profile is bos and guest.view["players"][0]["trackers"] == {"sp": 8000}
        tactic = next(i for i in game.state.players[0].deck if game.db[game.state.cards[i].cid].type == "tactic")
        secret = game.state.cards[tactic].cid
        host.apply(ManualMove(0, tactic, "tactic"))  # BOS §Tactic Cards: set face down
        fighter = next(i for i in game.state.players[0].hand if game.db[game.state.cards[i].cid].type == "fighter")
        host.apply(ManualMove(0, fighter, "fighter"))
        host.apply(ManualCounter(0, fighter, "kill", 2))
        await settle(host, guest)
        theirs = guest.view["players"][0]
        assert theirs["areas"]["tactic"][0]["cid"] is None and theirs["areas"]["tactic"][0]["down"] is True
        assert theirs["areas"]["fighter"][0]["counters"] == {"kill": 2}
        # the guest's own moves on the table: a transfer of Soul Points, a fighter token, a mill to its discard
        assert not await guest_does(host, guest, {"type": "manual_tracker", "player": 1, "owner": 1, "name": "sp",
                                                  "op": "transfer", "amount": 700})
        assert not await guest_does(host, guest, {"type": "manual_card_token", "player": 1, "owner": 1,
                                                  "name": "Wisp", "stats": [["atk", 500], ["rst", 500]]})
        assert not await guest_does(host, guest, {"type": "manual_deck", "player": 1, "owner": 1, "to": "discard",
                                                  "count": 2})
        assert [game.state.table.trackers[p]["sp"] for p in (0, 1)] == [8700, 7300]
        mine = guest.view["players"][1]
        assert mine["trackers"] == {"sp": 7300} and len(mine["areas"]["discard"]) == 2
        assert mine["areas"]["fighter"][0]["cid"].startswith("TOKEN-")
        # the host's face-down tactic never reached the guest: not in any frame, by its identity
        sent = json.dumps(frames)
        hidden = {c.cid for c in game.state.cards.values() if c.owner == 0 and c.zone in ("tactic", "deck", "hand")}
        shown = {c.cid for c in game.state.cards.values() if c.zone not in ("tactic", "deck", "hand", "removed")}
        shown |= {c.cid for c in game.state.cards.values() if c.owner == 1}  # (the guest's own cards it may see)
        assert secret in hidden - shown
        assert not [cid for cid in hidden - shown if f'"{cid}"' in sent]
        await finish(host, playing, server)
        return guest

    guest = run(go())
    assert guest.report.ok, guest.report.problems


def test_a_guest_of_another_game_is_refused_with_what_differs():
    async def go():
        host, guest, frames, server, playing = await lan_sandbox(get_profile("bos"), get_profile("standard"))
        await asyncio.wait_for(playing, 10)
        server.close()
        return guest.error, frames, host.game

    why, _, game = run(go())
    assert game is None and "plays the game 'bos' and you chose 'standard'" in why


@pytest.mark.parametrize("game", ["standard", "eternal"])
def test_battle_spirits_sister_games_lan_sandbox_hides_hands_and_decks(game):
    profile = get_profile(game)

    async def go():
        host, guest, frames, server, playing = await lan_sandbox(profile)
        await host.started.wait()
        await settle(host, guest)
        g = host.game
        card = g.state.players[0].hand[0]
        host.apply(ManualMove(0, card, "exile"))
        host.apply(ManualDeck(0, 0, "hand", 1))
        await settle(host, guest)
        assert guest.view["players"][0]["areas"]["exile"][0]["cid"] == g.state.cards[card].cid
        hidden = {g.state.cards[i].cid for i in g.state.players[0].hand + g.state.players[0].deck}
        seen = {c.cid for c in g.state.cards.values() if c.owner == 0 and c.zone not in ("hand", "deck")}
        sent = json.dumps(frames)
        assert not [cid for cid in hidden - seen if f'"{cid}"' in sent]
        await finish(host, playing, server)
        return guest

    guest = run(go())
    assert guest.report.ok, guest.report.problems


def test_a_game_of_the_players_own_plays_over_the_lan_with_no_python_change():
    with own_profile() as duel:
        async def go():
            host, guest, _, server, playing = await lan_sandbox(duel)
            await host.started.wait()
            await settle(host, guest)
            assert not await guest_does(host, guest, {"type": "manual_tracker", "player": 1, "owner": 1,
                                                      "name": "mana", "op": "adjust", "amount": 2})
            card = guest.view["players"][1]["hand"][0]["card"]
            assert not await guest_does(host, guest, {"type": "manual_move", "player": 1, "card": card,
                                                      "to": "graveyard"})
            host.apply(ManualTracker(0, 0, "mana", "adjust", -1))
            await settle(host, guest)
            assert [pv["trackers"]["mana"] for pv in guest.view["players"]] == [2, 5]
            assert len(guest.view["players"][1]["areas"]["graveyard"]) == 1
            await finish(host, playing, server)
            return guest

        guest = run(go())
        assert guest.report.ok, guest.report.problems


@pytest.mark.parametrize("change, field", [
    (lambda pv: pv.update(areas="fighter"), "view.players[0].areas"),
    (lambda pv: pv.update(counts={}), "view.players[0].counts"),
    (lambda pv: pv["areas"].update(fighter=[{"card": 1, "cid": 5, "exhausted": False}]),
     "view.players[0].areas.fighter[0].cid"),
    (lambda pv: pv["areas"]["discard"].append(7) or pv["counts"].update(discard=1), "view.players[0].areas.discard[0]"),
    (lambda pv: pv["areas"]["fighter"][0].update(counters={str(i): 1 for i in range(9)}),
     "view.players[0].areas.fighter[0].counters"),
    (lambda pv: pv["areas"]["fighter"][0].update(on="fighter[0]"), "view.players[0].areas.fighter[0].on"),
    (lambda pv: pv.update(trackers={"sp": "8000"}), "view.players[0].trackers"),
    (lambda pv: pv.pop("opening"), "view.players[0].opening"),
    (lambda pv: pv["opening"].update(mulligans="2"), "view.players[0].opening.mulligans"),
    (lambda pv: pv["opening"].update(follow=1), "view.players[0].opening.follow"),
])
def test_a_hostile_hosts_malformed_table_view_is_refused_naming_the_field(change, field):
    """What a host sends of a profile's table is checked before the guest's board reads it (bounded, typed)."""
    from bss_desktop.engine.position import game_from_position
    from bss_desktop.protocol.messages import MessageError, check_view

    bos = get_profile("bos")
    db = game_db(bos)
    warrior = next(c.id for c in db.values() if c.extra.get("class") == "Warrior")
    game = game_from_position({"game": "bos", "turn": 2, "turn_player": 0, "players": [
        {"deck": [warrior] * 3, "fighter": [warrior]}, {"deck": [warrior] * 3}]}, db, settings=SANDBOX)
    view = game.view(1)
    check_view(view)
    change(view["players"][0])
    with pytest.raises(MessageError) as e:
        check_view(view)
    assert e.value.field == field


def test_a_card_carries_at_most_eight_kinds_of_counter():
    from bss_desktop.engine.errors import IllegalCommand
    from bss_desktop.engine.position import game_from_position

    bos = get_profile("bos")
    db = game_db(bos)
    warrior = next(c.id for c in db.values() if c.extra.get("class") == "Warrior")
    game = game_from_position({"game": "bos", "turn": 2, "turn_player": 0, "players": [
        {"deck": [warrior] * 3, "fighter": [warrior]}, {"deck": [warrior] * 3}]}, db, settings=SANDBOX)
    card = game.zone_cards(0, "fighter")[0]
    for i in range(8):
        game.apply(ManualCounter(1, card, "counter", 1, f"c{i}"))
    with pytest.raises(IllegalCommand, match="at most 8 kinds"):
        game.apply(ManualCounter(1, card, "counter", 1, "c8"))


def test_bos_lan_opening_hands_use_the_mulligan_helper_and_the_audit_replays_it():
    """BOS Getting Started 5 over TCP on 127.0.0.1: a shown hand reaches the other seat, a hand with 2 Warriors is
    refused a mulligan unless it follows the other player's, and the first turn waits until both keep."""
    bos = get_profile("bos")
    db = game_db(bos)
    cards = [c for c in db.values() if not c.token]
    warriors = [c.id for c in cards if c.extra.get("class") == "Warrior"]
    others = [c.id for c in cards if c.type in ("equipment", "tactic")]
    host_deck, guest_deck = (others * 4)[:40], (warriors * 4)[:40]  # never / always 2 Warriors in hand

    async def go():
        host = HostSession(db, host_deck, name="Aki", settings=SANDBOX, profile=bos)
        guest = GuestSession(db, guest_deck, name="Mio", settings=SANDBOX, profile=bos)
        server, port = await tcp_server(host)
        link = await connect("127.0.0.1", port)
        frames: list[dict] = []
        record(link, frames)
        playing = asyncio.ensure_future(guest.play_over(link))
        await host.started.wait()
        await settle(host, guest)
        game = host.game
        assert game.state.stage == "mulligan" and guest.view["pending"]["kind"] == "mulligan"
        if game.pending.player == 1:  # the guest decides first: five Warriors, so no mulligan of its own
            refused = await guest_does(host, guest, {"type": "mulligan", "player": 1, "redraw": True})
            assert refused and refused[0][0] == "BOS Rule Update 2"
            assert not await guest_does(host, guest, {"type": "mulligan", "player": 1, "redraw": False})
        shown = sorted(game.state.cards[i].cid for i in game.state.players[0].hand)
        host.apply(Mulligan(0, True))
        await settle(host, guest)
        reveal = [e for f in frames if f.get("type") == "events"
                  for e in f["events"] if e["kind"] == "manual" and e.get("what") == "reveal"]
        assert reveal and sorted(reveal[-1]["cids"]) == shown  # the host's hand, shown to the guest
        assert guest.view["players"][1]["opening"] == {"mulligans": 0, "kept": False, "follow": True}
        assert not await guest_does(host, guest, {"type": "mulligan", "player": 1, "redraw": True})  # it follows
        assert game.state.table.mulligans == [1, 1] and game.state.stage == "mulligan"
        while game.state.stage == "mulligan":
            if game.pending.player == 0:
                host.apply(Mulligan(0, False))
            else:
                assert not await guest_does(host, guest, {"type": "mulligan", "player": 1, "redraw": False})
        await settle(host, guest)
        assert guest.view["turn"] == 1 and guest.view["pending"]["kind"] == "main"
        first = game.state.step
        assert not await guest_does(host, guest, {"type": "manual_step", "player": 1, "to": ""})  # the turn moves on
        assert game.state.step != first and guest.view["step"] == game.state.step
        refused = await guest_does(host, guest, {"type": "manual_step", "player": 1, "to": "x" * 5000})
        assert refused and "to" in refused[0][1]  # a malformed step is refused by the host, naming the field
        await finish(host, playing, server)
        return guest

    guest = run(go())
    assert guest.report.ok, guest.report.problems


@pytest.mark.parametrize("event, field", [
    ({"what": "step", "step": "draw", "turn": "3", "turn_player": 0}, "events[0].turn"),
    ({"what": "step", "step": "draw", "turn": 3, "turn_player": 2}, "events[0].turn_player"),
    ({"what": "order", "owner": 0, "zone": "trash", "cards": "1,2"}, "events[0].cards"),
    ({"what": "random_card", "owner": 0}, "events[0].count"),
])
def test_a_hostile_hosts_malformed_table_event_is_refused_naming_the_field(event, field):
    """The sandbox's new moves (a step, a pile's order, a random card) reach the guest as typed events only."""
    from bss_desktop.protocol.messages import MessageError, check_events

    with pytest.raises(MessageError) as e:
        check_events([{"kind": "manual", "player": 0, **event}])
    assert e.value.field == field


def test_a_guest_reorders_its_own_pile_by_its_aliases_and_picks_random_cards_only_from_its_own_hand():
    """Over the LAN the guest names cards by the aliases it was shown: a new order of its Standard removed area
    (STD 4-9: its owner orders it) reaches the host's engine as the real cards; a random card is picked from the
    guest's own hand only (the other player's hand stays out of reach)."""
    std = get_profile("standard")

    async def go():
        host, guest, frames, server, playing = await lan_sandbox(std)
        await host.started.wait()
        await settle(host, guest)
        game = host.game
        for _ in range(3):
            alias = guest.view["players"][1]["hand"][0]["card"]
            assert not await guest_does(host, guest, {"type": "manual_move", "player": 1, "card": alias,
                                                      "to": "exile"})
        real = list(game.zone_cards(1, "exile"))
        shown = [e["card"] for e in guest.view["players"][1]["areas"]["exile"]]
        assert not await guest_does(host, guest, {"type": "manual_order", "player": 1, "owner": 1, "zone": "exile",
                                                  "cards": shown[::-1]})
        assert game.zone_cards(1, "exile") == real[::-1]
        assert [e["card"] for e in guest.view["players"][1]["areas"]["exile"]] == shown[::-1]
        refused = await guest_does(host, guest, {"type": "manual_order", "player": 1, "owner": 1, "zone": "exile",
                                                 "cards": [shown[0], shown[1], 999_999]})
        assert refused and "cards[2]" in refused[0][1]
        refused = await guest_does(host, guest, {"type": "manual_random_card", "player": 1, "owner": 0})
        assert refused and "your own hand" in refused[0][1]
        assert not await guest_does(host, guest, {"type": "manual_random_card", "player": 1, "owner": 1})
        await finish(host, playing, server)
        return guest

    guest = run(go())
    assert guest.report.ok, guest.report.problems
