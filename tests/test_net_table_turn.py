"""Battle of Souls' turn table over TCP on 127.0.0.1 (profile turn_rules, engine/table_turn.py).

BOS §Public Knowledge: "You are allowed to pick up and verify the cards in your opponent's
discard pile but you must ask their permission first" (profile `zones.discard.browse_opponent: ask`). A seat's look
at the other's discard pile is a request (design ruling 12's request and consent, engine/reach.py): the owner
answers Allow or Refuse; allowed, the owner shows the pile in their own name (ManualBrowse), and that event is what
opens the viewer on the asker's side (client/controllers/sandbox.py, pileShown). A hostile peer's consent to a
request never made changes nothing and crashes nothing."""
from __future__ import annotations

import asyncio

from lan import run
from test_net_table import finish, guest_does, lan_sandbox, settle

from bss_desktop.engine.commands import ManualBrowse, ManualMove
from bss_desktop.engine.errors import NeedsConsent
from bss_desktop.table import get_profile

import pytest

BOS = get_profile("bos")


def _browses(batches) -> list[dict]:
    return [{k: e[k] for k in ("player", "owner", "zone")} for msg in batches for e in msg["events"]
            if e.get("kind") == "manual" and e.get("what") == "browse"]


def test_bos_public_knowledge_a_guest_asks_to_look_through_the_hosts_discard_pile():
    async def go():
        host, guest, frames, server, playing = await lan_sandbox(BOS)
        await host.started.wait()
        await settle(host, guest)
        game = host.game
        host_asked, batches = [], []
        host.on_move_request = host_asked.append
        guest.on_batch = lambda msg, view: batches.append(msg)
        refused = await guest_does(host, guest, {"type": "manual_browse", "player": 1, "owner": 0,
                                                 "zone": "discard"})
        assert refused and refused[0][0] == "bos profile: browse_opponent" and "permission" in refused[0][1]
        assert host_asked == [ManualBrowse(0, 0, "discard")]  # asked of the host, to make in its own name
        n = len(game.history)
        host.answer_request(False)  # Refuse: nothing is shown
        await settle(host, guest)
        assert len(game.history) == n and _browses(batches) == []
        await guest_does(host, guest, {"type": "manual_browse", "player": 1, "owner": 0, "zone": "discard"})
        host.answer_request(True)  # Allow: the host shows it; the guest's batch carries the event that opens it
        await settle(host, guest)
        assert _browses(batches) == [{"player": 0, "owner": 0, "zone": "discard"}]
        assert game.history[-1] == ManualBrowse(0, 0, "discard")
        # its own pile: nobody is asked
        assert not await guest_does(host, guest, {"type": "manual_browse", "player": 1, "owner": 1,
                                                  "zone": "discard"})
        # the host asks the guest's pile: a request to the guest, refused as it stands
        with pytest.raises(NeedsConsent):
            host.apply(ManualBrowse(0, 1, "discard"))
        await finish(host, playing, server)
        return guest

    guest = run(go())
    assert guest.report.ok, guest.report.problems


def test_bos_a_hostile_guests_consent_to_a_request_never_made_changes_nothing():
    """A consent the host never asked for (a made-up id, or before any request) is refused by being ignored: no
    move, no browse, no crash; the game goes on and the audit passes."""
    async def go():
        host, guest, frames, server, playing = await lan_sandbox(BOS)
        await host.started.wait()
        await settle(host, guest)
        game = host.game
        before, n = game.state.hash(), len(game.history)
        for ident in (1, 999_999, 0):
            await guest.link.send({"type": "consent", "id": ident, "accept": True})
        await asyncio.sleep(0.2)
        assert game.state.hash() == before and len(game.history) == n and host.request is None
        assert host.link is not None and not host.link.closed  # still connected
        # a malformed browse from the guest is refused naming the field, and nothing changes
        refused = await guest_does(host, guest, {"type": "manual_browse", "player": 1, "owner": 0, "zone": "Deck!"})
        assert refused and "zone" in refused[0][1]
        refused = await guest_does(host, guest, {"type": "manual_browse", "player": 1, "owner": 1, "zone": "deck"})
        assert refused and "has no public pile 'deck'" in refused[0][1]
        assert game.state.hash() == before
        await finish(host, playing, server)
        return guest

    guest = run(go())
    assert guest.report.ok, guest.report.problems


def test_bos_the_turns_commands_over_the_lan_deck_out_ready_and_attack_marks_with_hostile_ones_refused():
    """A guest's deck-out (BOS §Draw Phase) reaches both sides and the audit; readying or marking the other seat's
    fighters is the owner's to do (a request, ruling 12); marking a face-down card of theirs is refused outright;
    a malformed command names its field. Nothing is applied that was refused."""
    async def go():
        host, guest, frames, server, playing = await lan_sandbox(BOS)
        await host.started.wait()
        await settle(host, guest)
        game = host.game
        host.on_move_request = lambda cmd: None
        # the host's fighter and face-down tactic, by its own moves
        hand = game.state.players[0].hand + game.state.players[0].deck
        fighter = next(i for i in hand if game.db[game.state.cards[i].cid].type == "fighter")
        tactic = next(i for i in hand if game.db[game.state.cards[i].cid].type == "tactic")
        host.apply(ManualMove(0, fighter, "fighter"))
        host.apply(ManualMove(0, tactic, "tactic"))
        await settle(host, guest)
        alias = host.stream.window.alias
        before = game.state.hash()
        refused = await guest_does(host, guest, {"type": "manual_ready", "player": 1, "owner": 0})
        assert refused and "is asked" in refused[0][1]
        refused = await guest_does(host, guest, {"type": "manual_attacked", "player": 1, "card": alias[fighter],
                                                 "attacked": True})
        assert refused and "is asked" in refused[0][1]
        host.request = None  # (the host's player lets those requests lapse)
        refused = await guest_does(host, guest, {"type": "manual_attacked", "player": 1, "card": alias[tactic],
                                                 "attacked": True})
        assert refused and refused[0][0] == "ruling 12" and "is asked" not in refused[0][1]  # face down: never
        refused = await guest_does(host, guest, {"type": "manual_attacked", "player": 1, "card": 123456,
                                                 "attacked": True})
        assert refused  # a card the guest has no alias for: refused
        refused = await guest_does(host, guest, {"type": "manual_attacked", "player": 1, "card": alias[fighter],
                                                 "attacked": "yes"})
        assert refused and "attacked" in refused[0][1]
        assert game.state.hash() == before
        # the guest draws one more card than its deck holds: it draws them all, then loses (BOS §Draw Phase)
        n = len(game.state.players[1].deck)
        assert not await guest_does(host, guest, {"type": "manual_deck", "player": 1, "owner": 1, "to": "hand",
                                                  "count": n + 1})
        await settle(host, guest)
        assert game.state.table.deck_out == [False, True] and guest.view["players"][1]["deck_out"] is True
        await finish(host, playing, server)
        return guest

    guest = run(go())
    assert guest.report.ok, guest.report.problems
