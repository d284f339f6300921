"""What a Battle of Souls host adds to a guest's batches is a new input surface: the view's "rules" (the chain, the
attack, a Replay, deploys left) and the game's own events (Soul Points, kill tokens, tokens made by effects, the
chain's activations). A hostile host on 127.0.0.1 that sends them malformed or oversized is refused by the guest,
naming the field, without a crash."""
from __future__ import annotations

import json

import pytest
from lan import run
from test_net_hostile_bounds import _against

GOOD_RULES = {"phase": "main1", "window": "", "priority": None, "replay": None, "fight": None, "chain": [],
              "deploys_left": [1, 1]}
LINK = {"controller": 0, "card": 3, "effect": 0, "targets": [], "negated": False}


def _rules(**change):
    return {**GOOD_RULES, **change}


BAD_RULES = [
    (_rules(chain=[LINK] * 65), "view.rules.chain"),
    (_rules(chain=[{**LINK, "effect": "all"}]), "view.rules.chain[0].effect"),
    (_rules(chain=[{**LINK, "targets": list(range(13))}]), "view.rules.chain[0].targets"),
    (_rules(chain=[{**LINK, "controller": 2}]), "view.rules.chain[0].controller"),
    (_rules(chain=["a link"]), "view.rules.chain[0]"),
    (_rules(fight={"attacker": 3, "target": "you", "player": 0}), "view.rules.fight.target"),
    (_rules(phase="x" * 21), "view.rules.phase"),
    (_rules(deploys_left=[1, 10 ** 9]), "view.rules.deploys_left"),
    ({k: v for k, v in GOOD_RULES.items() if k != "priority"}, "view.rules.priority"),
    ("the rules", "view.rules"),
]


@pytest.mark.parametrize("rules, field", BAD_RULES, ids=[f for _, f in BAD_RULES])
def test_a_malformed_rules_view_ends_the_connection_naming_the_field(rules, field):
    async def script(evil, peer):
        view = json.loads(json.dumps(evil.view0))
        view["rules"] = rules
        await peer.send(evil.batch(1, view=view))

    guest, evil, report, _ = run(_against(script, decide=False))
    assert report is None and guest.error and field in guest.error, guest.error
    assert evil.said and evil.said[-1]["code"] == "message"


BAD_EVENTS = [
    ({"kind": "sp", "player": 0, "amount": -500, "why": "battle", "sp": "lots"}, "events[0].sp"),
    ({"kind": "token", "player": 0, "card": 9, "cid": "T", "name": "x" * 41, "atk": 800, "rst": 800},
     "events[0].name"),
    ({"kind": "activate", "player": 0, "card": 3, "effect": 0, "chain": 1, "targets": ["all"]}, "events[0].targets"),
    ({"kind": "attack", "player": 0, "card": 3, "target": "face"}, "events[0].target"),
    ({"kind": "kill_token", "card": 3}, "events[0].count"),
    ({"kind": "battle", "attacker": 3, "target": None, "atk": 1500, "rest": "yes"}, "events[0].rest"),
]


@pytest.mark.parametrize("event, field", BAD_EVENTS, ids=[f for _, f in BAD_EVENTS])
def test_a_malformed_battle_of_souls_event_ends_the_connection_naming_the_field(event, field):
    async def script(evil, peer):
        await peer.send(evil.batch(1, events=[event]))

    guest, evil, report, _ = run(_against(script, decide=False))
    assert report is None and guest.error and field in guest.error, guest.error
