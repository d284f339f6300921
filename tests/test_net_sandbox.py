"""The manual sandbox over the LAN: both players' free moves synced, hidden information still enforced
(CR 3-2-2 decks, 3-3-3 hands), undo only with the other side's consent, and the audit still passing."""
from __future__ import annotations

import asyncio
import json

from lan import DB, deck, record_frames, run

from bss_desktop.engine.commands import Concede, ManualDeck
from bss_desktop.engine.settings import Ruleset
from bss_desktop.net.guest import GuestSession
from bss_desktop.net.host import HostSession
from bss_desktop.net.link import memory_pair

SANDBOX = Ruleset(sandbox=True)


async def _sandbox():
    host = HostSession(DB, deck("red-saga"), name="Aki", settings=SANDBOX)
    guest = GuestSession(DB, deck("blue-saga"), name="Mio", settings=SANDBOX)
    frames = []
    host_end, guest_end = memory_pair()
    record_frames(guest_end, frames.append)
    serving = asyncio.ensure_future(host.handle(host_end))
    playing = asyncio.ensure_future(guest.play_over(guest_end))
    await host.started.wait()
    await _settle(guest, 0)
    return host, guest, frames, serving, playing


async def _settle(guest, seq=None, rounds=200):
    for _ in range(rounds):
        await asyncio.sleep(0)
        if seq is not None and guest.seq >= seq:
            return


async def _guest_does(host, guest, command: dict):
    n = len(host.game.history)
    refused = []
    guest.on_refused = lambda rule, message: refused.append((rule, message))
    guest.send_command(command)
    for _ in range(400):
        await asyncio.sleep(0)
        if len(host.game.history) > n and guest.seq == len(host.game.history) or refused:
            break
    return refused


def test_a_lan_sandbox_syncs_both_sides_free_moves():
    async def go():
        host, guest, frames, serving, playing = await _sandbox()
        in_hand = len(host.game.state.players[0].hand)
        host.apply(ManualDeck(0, 0, "hand", 2))  # the host draws two by hand
        assert not await _guest_does(host, guest, {"type": "manual_deck", "player": 1, "owner": 1, "to": "trash",
                                                   "count": 3})
        await _settle(guest, len(host.game.history))
        v = guest.view["players"]
        assert v[0]["hand_count"] == in_hand + 2 and v[0]["hand"] is None  # counts only for the host's hand
        assert len(v[1]["trash"]) == 3 and all(e["cid"] for e in v[1]["trash"])  # milled cards are public
        assert host.game.state.players[1].trash == [host.stream.window.real[e["card"]] for e in v[1]["trash"]]
        serving.cancel()
        playing.cancel()

    run(go())


def test_cr_3_2_2_a_guest_looks_at_its_own_deck_and_moves_a_card_it_saw():
    async def go():
        host, guest, frames, serving, playing = await _sandbox()
        assert not await _guest_does(host, guest, {"type": "manual_look", "player": 1, "owner": 1, "top": 3})
        look = [e for e in frames[-1]["events"] if e.get("what") == "look"][0]
        top3 = host.game.state.players[1].deck[::-1][:3]
        assert look["cids"] == [host.game.state.cards[i].cid for i in top3]
        second = look["cards"][1]
        # while it looks, the seen cards keep their names: it can take the second one into its hand
        assert not await _guest_does(host, guest, {"type": "manual_move", "player": 1, "card": second, "to": "hand",
                                                   "bottom": False, "cores": 0})
        assert top3[1] in host.game.state.players[1].hand
        # a shuffle ends the look: the remaining cards can no longer be named
        assert not await _guest_does(host, guest, {"type": "manual_shuffle", "player": 1, "owner": 1})
        await _settle(guest, len(host.game.history))
        refused = await _guest_does(host, guest, {"type": "manual_move", "player": 1, "card": look["cards"][0],
                                                  "to": "hand", "bottom": False, "cores": 0})
        assert refused and refused[0][0] == "hidden"
        serving.cancel()
        playing.cancel()

    run(go())


def test_a_guest_cannot_look_at_the_host_deck_and_the_host_deck_never_reaches_it():
    async def go():
        host, guest, frames, serving, playing = await _sandbox()
        refused = await _guest_does(host, guest, {"type": "manual_look", "player": 1, "owner": 0, "top": 0})
        assert refused and "own deck" in refused[0][1]
        host.apply(__import__("bss_desktop.engine.commands", fromlist=["ManualLook"]).ManualLook(0, 0, 5))
        await _settle(guest, len(host.game.history))
        look = [e for e in frames[-1]["events"] if e.get("what") == "look"][0]
        assert look["cards"] is None and "cids" not in look and look["count"] == 5
        host_deck = {host.game.state.cards[i].cid for i in host.game.state.players[0].deck}
        text = json.dumps(frames[-1])
        assert not any(cid in text for cid in host_deck - {c["cid"] for c in guest.view["players"][1]["hand"]})
        serving.cancel()
        playing.cancel()

    run(go())


def test_undo_needs_the_other_side_consent_and_rewinds_both_views():
    async def go():
        host, guest, frames, serving, playing = await _sandbox()
        asked = []
        host.on_undo_request = asked.append
        before_view = json.loads(json.dumps(guest.view))
        assert not await _guest_does(host, guest, {"type": "manual_deck", "player": 1, "owner": 1, "to": "hand",
                                                   "count": 1})
        n = len(host.game.history)
        # the guest asks; the host declines: nothing changes
        guest.request_undo()
        await _settle(guest)
        assert asked == [n]
        host.answer_undo(False)
        await _settle(guest)
        assert len(host.game.history) == n
        # asked again and agreed: both sides are back where they were
        guest.request_undo()
        await _settle(guest)
        host.answer_undo(True)
        await _settle(guest)
        assert len(host.game.history) == n - 1 and guest.seq == n - 1
        assert guest.view == before_view == host.stream.window.view(host.game)
        # the host asks; a guest with nobody to ask declines by itself
        host.apply(ManualDeck(0, 0, "hand", 1))
        await _settle(guest, len(host.game.history))
        assert host.request_undo() is None
        await _settle(guest)
        assert len(host.game.history) == n  # declined
        guest.on_undo_request = lambda seq: guest.answer_undo(True)
        assert host.request_undo() is None
        await _settle(guest)
        assert len(host.game.history) == n - 1 and guest.seq == n - 1
        # the game goes on and ends; the audit of the final record passes despite the undone commands
        host.apply(Concede(0))
        await asyncio.wait_for(playing, 10)
        serving.cancel()
        return guest

    guest = run(go())
    assert guest.report.ok, guest.report.problems


def test_undo_is_refused_in_rules_mode():
    async def go():
        host = HostSession(DB, deck("red-saga"))
        guest = GuestSession(DB, deck("blue-saga"))
        host_end, guest_end = memory_pair()
        serving = asyncio.ensure_future(host.handle(host_end))
        playing = asyncio.ensure_future(guest.play_over(guest_end))
        await host.started.wait()
        why = host.request_undo()
        statuses = []
        host.on_status = statuses.append
        host.on_undo_request = lambda seq: (_ for _ in ()).throw(AssertionError("must not be asked"))
        guest.request_undo()
        await _settle(guest)
        serving.cancel()
        playing.cancel()
        return why, statuses

    why, statuses = run(go())
    assert "only in the sandbox" in why
    assert any("only in the sandbox" in s for s in statuses)
