"""The use-magic and summon helpers (ManualUse, ManualSummon: issue 26 part A) over TCP on 127.0.0.1, in an Eternal
LAN sandbox (Standard plays by its rules module): a seat uses or summons its own hand cards (ETR §Using Magic,
§Main Step Actions); a hostile guest naming the host's
hidden hand cards, or sending malformed helpers, and a hostile host naming the guest's, are refused without crashing
and without changing the game (design ruling 12); a malformed helper event from a hostile host is refused by the guest.
"""
from __future__ import annotations

import pytest
from lan import run
from test_net_table import finish, guest_does, lan_sandbox, settle

from bss_desktop.engine.commands import ManualStep, ManualSummon, ManualUse, Mulligan
from bss_desktop.engine.errors import IllegalCommand, NeedsConsent
from bss_desktop.table import get_profile


async def _guests_main_step(host, guest):
    """Both keep their hands, then the turn moves on by hand to the guest's main step."""
    game = host.game
    while game.state.stage == "mulligan":
        if game.pending.player == 0:
            host.apply(Mulligan(0, False))
        else:
            assert not await guest_does(host, guest, {"type": "mulligan", "player": 1, "redraw": False})
    await settle(host, guest)
    for _ in range(40):
        if game.state.turn_player == 1 and game.state.table.step == "main":
            break
        host.apply(ManualStep(0))
    await settle(host, guest)
    assert game.state.turn_player == 1 and game.state.table.step == "main"


def test_etr_lan_helpers_a_hostile_guest_and_a_hostile_host_are_refused_an_honest_summon_is_not():
    etr = get_profile("eternal")

    async def go():
        host, guest, frames, server, playing = await lan_sandbox(etr)
        await host.started.wait()
        await settle(host, guest)
        game = host.game
        await _guests_main_step(host, guest)
        theirs = game.state.players[0].hand[0]  # the host's hidden hand card
        before = game.state_hash()
        attacks = [
            {"type": "manual_use", "player": 1, "card": 999_999},  # no card the guest can see
            {"type": "manual_summon", "player": 1, "card": 999_999, "level": 1},
            {"type": "manual_summon", "player": 1, "card": 1, "level": -1},
            {"type": "manual_summon", "player": 1, "card": 1, "level": "3"},
            {"type": "manual_summon", "player": 1, "card": 1, "level": 10 ** 12},
            {"type": "manual_use", "player": 1, "card": [1] * 5000},
            {"type": "manual_use", "player": 1, "card": 1, "pay": [["reserve", 1]]},
            {"type": "manual_use", "player": 0, "card": 1},  # in the host's name
        ]
        refusals = []
        for cmd in attacks:
            refused = await guest_does(host, guest, cmd)
            assert refused, cmd
            refusals.append(refused[0])
        assert game.state_hash() == before
        for cmd in (ManualUse(0, game.state.players[1].hand[0]), ManualSummon(0, game.state.players[1].hand[0])):
            with pytest.raises(IllegalCommand) as e:
                host.apply(cmd)  # the guest's hidden hand card: never even asked
            assert not isinstance(e.value, NeedsConsent) and e.value.rule == "ruling 12"
        assert game.state_hash() == before and game.state.cards[theirs].zone == "hand"
        def summonable():
            return next((c for c in guest.view["players"][1]["hand"] if game.db[c["cid"]].type == "spirit"
                         and game.db[c["cid"]].lv1_cores <= game.state.players[1].reserve), None)

        for _ in range(20):  # the guest draws by hand until it holds a spirit it can summon
            if summonable() is not None:
                break
            assert not await guest_does(host, guest, {"type": "manual_deck", "player": 1, "owner": 1, "to": "hand",
                                                      "count": 1})
            await settle(host, guest)
        spirit = summonable()
        if spirit is not None:  # the guest's own spirit, summoned at its lowest level
            assert not await guest_does(host, guest, {"type": "manual_summon", "player": 1, "card": spirit["card"]})
            await settle(host, guest)
            assert any(c["cid"] == spirit["cid"] for c in guest.view["players"][1]["field"])
        await finish(host, playing, server)
        return guest, refusals, spirit

    guest, refusals, spirit = run(go())
    assert spirit is not None, "the guest's deck had no spirit it could summon in hand"
    assert guest.report.ok, guest.report.problems
    assert len(refusals) == 8


@pytest.mark.parametrize("event, field", [
    ({"what": "summon", "card": 3, "level": "2", "cores": 2}, "events[0].level"),
    ({"what": "summon", "card": 3, "level": 2}, "events[0].cores"),
    ({"what": "use", "card": "x", "timing": "main", "step": "main"}, "events[0].card"),
    ({"what": "use", "card": 3, "timing": ["main"], "step": "main"}, "events[0].timing"),
])
def test_a_hostile_hosts_malformed_helper_event_is_refused_naming_the_field(event, field):
    from bss_desktop.protocol.messages import MessageError, check_events

    with pytest.raises(MessageError) as e:
        check_events([{"kind": "manual", "player": 0, **event}])
    assert e.value.field == field
