"""A zone of many cards over the LAN: batches carry what changed, and one bound on a zone (MAX_ZONE_CARDS) is shared
by the engine and the guest. Before, each fighter token made every later batch resend the whole zone (55 KB a
batch at 995 tokens) and at 1,000 cards the guest refused the honest host's batch, so the game could not go on.
Played over TCP on 127.0.0.1 (BOS = ../shared/rules/004, §Fighter tokens)."""
from __future__ import annotations

import asyncio
import json

from lan import run
from test_net_table import finish, guest_does, lan_sandbox, settle

from bss_desktop.limits import MAX_ZONE_CARDS
from bss_desktop.protocol import messages
from bss_desktop.protocol.stream import apply_patch, diff
from bss_desktop.table import get_profile


def test_one_bound_on_a_zone_for_the_engine_and_the_guest():
    assert messages.MAX_ZONE_CARDS is MAX_ZONE_CARDS  # the very same constant, not two equal numbers


def test_a_patch_of_a_list_that_grew_or_shrank_carries_the_change_only():
    old = {"zone": [{"card": i, "cid": f"T-{i}"} for i in range(500)], "n": 1}
    for new in ({"zone": old["zone"] + [{"card": 999, "cid": "T-999"}], "n": 1},      # one more at the end
                {"zone": old["zone"][:200] + old["zone"][201:], "n": 2},              # one fewer in the middle
                {"zone": [{"card": -1, "cid": "X"}] + old["zone"], "n": 1},           # one in front
                {"zone": old["zone"][:-3], "n": 1},                                   # three off the end
                {"zone": [], "n": 1}):
        ops = diff(old, new)
        assert apply_patch(old, ops) == new
        assert len(json.dumps(ops)) < 400, ops


def test_tokens_up_to_the_bound_keep_every_batch_small_and_the_game_goes_on():
    bos = get_profile("bos")

    async def go():
        host, guest, frames, server, playing = await lan_sandbox(bos)
        await host.started.wait()
        await settle(host, guest)
        token = {"type": "manual_card_token", "player": 1, "owner": 1, "name": "Wisp",
                 "stats": [["atk", 500], ["rst", 500]]}
        for n in range(MAX_ZONE_CARDS):
            assert not await guest_does(host, guest, token), n
        assert len(guest.view["players"][1]["areas"]["fighter"]) == MAX_ZONE_CARDS
        batches = [json.dumps(m) for m in frames if m["type"] == "events"]
        assert len(batches) >= MAX_ZONE_CARDS and max(len(b) for b in batches[-MAX_ZONE_CARDS:]) < 3000
        # one more is refused by the engine on the command that would pass the bound, naming it; nothing changed
        before = host.game.state_hash()
        refused = await guest_does(host, guest, token)
        assert refused and refused[0][0] == "MAX_ZONE_CARDS" and "at most 1,000" in refused[0][1]
        assert host.game.state_hash() == before
        # the game goes on: a transfer of Soul Points, then the end, audited
        assert not await guest_does(host, guest, {"type": "manual_tracker", "player": 1, "owner": 1, "name": "sp",
                                                  "op": "transfer", "amount": 100})
        await settle(host, guest)
        assert guest.view["players"][1]["trackers"] == {"sp": 7900}
        await finish(host, playing, server)
        return guest

    guest = run(go())
    assert guest.error is None and guest.report.ok, (guest.error, guest.report and guest.report.problems)
