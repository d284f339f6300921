"""Battle of Souls' new commands (Deploy, SetCard, UseCard, DeclareAttack) are a new input surface of the LAN: a
guest may send them to any host. Against a real host on 127.0.0.1 (a game of Battle Spirits Saga, whose rules have
no such actions), a hostile guest's well-formed ones are refused as no action of the game, its malformed ones
naming the field; the game is unchanged and the host stands."""
from __future__ import annotations

import pytest
from lan import run
from test_net_hostile_bounds import _hostile_guest

BOS_COMMANDS = [
    {"type": "deploy", "player": 1, "card": 1, "sacrifices": [2]},
    {"type": "set_card", "player": 1, "card": 1},
    {"type": "use_card", "player": 1, "card": 1, "effect": 1, "targets": [3], "sacrifices": [], "discards": []},
    {"type": "declare_attack", "player": 1, "fighter": 1, "target": None},
]


def test_a_saga_host_refuses_each_battle_of_souls_command_and_the_game_is_unchanged():
    async def script(peer, host):
        before = host.game.state_hash()
        out = []
        for seq, cmd in enumerate(BOS_COMMANDS, 1):  # card 1 and 2: the guest's own hand as its window numbers it
            await peer.send({"type": "command", "seq": seq, "prev": host.chain, "command": cmd})
            reply = await peer.recv()
            while reply is not None and reply["type"] != "refused":
                reply = await peer.recv()
            out.append(reply)
        return before, out

    host, _, (before, replies) = run(_hostile_guest(script))
    assert [r["type"] for r in replies] == ["refused"] * 4
    for r in replies:  # Battle Spirits Saga has no such action
        assert "(Battle Spirits Saga has no such action)" in r["message"], r
    assert host.game.state_hash() == before and not host.game.history


@pytest.mark.parametrize("cmd, field", [
    ({"type": "deploy", "player": 1, "card": 41, "sacrifices": list(range(6))}, "sacrifices"),
    ({"type": "use_card", "player": 1, "card": 41, "targets": list(range(13))}, "targets"),
    ({"type": "use_card", "player": 1, "card": 41, "effect": "all"}, "effect"),
    ({"type": "use_card", "player": 1, "card": 41, "discards": [[1]] * 3}, "discards[0]"),
    ({"type": "declare_attack", "player": 1, "fighter": [1] * 1000}, "fighter"),
    ({"type": "set_card", "player": 1, "card": 41, "face": "down"}, "face"),
])
def test_a_malformed_battle_of_souls_command_is_refused_naming_the_field(cmd, field):
    async def script(peer, host):
        await peer.send({"type": "command", "seq": 1, "prev": host.chain, "command": cmd})
        reply = await peer.recv()
        while reply is not None and reply["type"] not in ("refused", "error"):
            reply = await peer.recv()
        return reply

    host, _, said = run(_hostile_guest(script))
    assert said is not None and said["type"] in ("refused", "error"), said
    assert f"'{field}'" in said["message"], said
    assert not host.game.history
