"""Keywords granted on a condition about keywords (CR 10-13-1, 11-2-1): "All of your spirits with 【Awaken】 gain
【Confront】". Reading whether a spirit has 【Confront】 asks which grants apply to it, and that grant's filter asks
whether the spirit has 【Awaken】, which asks the grants again: the engine recursed until Python gave up
(RecursionError between continuous.keywords_of and has_keyword, audit issue 25 item 10). Granted keywords are now
found once, as a fixed point (continuous.granted_keywords).

Every card here is written for these tests, in the shapes the importer produces."""
from __future__ import annotations

import pytest
import yaml

from bss_desktop.engine import Attack, Block, IllegalCommand, Pass
from bss_desktop.rules.bss import continuous
from helpers import position


def spirit(cid, name, *keywords, bp=3000):
    return {"id": cid, "name": name, "type": "spirit", "colors": ["red"], "cost": 1, "symbols": ["red"],
            "keywords": list(keywords), "levels": [{"level": 1, "cores": 1, "bp": bp}]}


def banner(cid, name, *grants, condition=None):
    """A nexus whose constant effect gives `keyword` to your spirits with `having` (each grant a pair)."""
    do = [{"grant": {"target": {"side": "you", "all": True, "keyword": having}, "keyword": keyword}}
          for having, keyword in grants]
    effect = {"kind": "constant", "do": do}
    if condition is not None:
        effect["condition"] = condition
    return {"id": cid, "name": name, "type": "nexus", "colors": ["red"], "cost": 1, "symbols": ["red"],
            "levels": [{"level": 1, "cores": 0}], "effects": [effect]}


CARDS = [
    spirit("GK-AWK", "Wake Drake", "awaken"),
    spirit("GK-PLN", "Plain Drake"),
    spirit("GK-BLK", "Wall Golem", bp=1000),
    banner("GK-WAKE", "Banner of Waking", ("awaken", "confront")),
    banner("GK-CLASH", "Banner of Clashing", ("confront", {"crush": 1})),
    banner("GK-LOOP", "Banner of Echoes", ("confront", "awaken")),
    # a condition that reads keywords: while you control a spirit with Confront, your spirits with Awaken gain Armor
    banner("GK-WARD", "Banner of Warding", ("awaken", {"armor": ["purple"]}),
           condition={"control": {"side": "you", "keyword": "confront"}}),
]


def game_with(p0_field, p1_field=(), *, step="attack"):
    players = [{"life": 5, "reserve": 3, "field": list(p0_field)}, {"life": 5, "reserve": 3, "field": list(p1_field)}]
    return position(yaml.safe_dump({"turn": 4, "turn_player": 0, "step": step, "cards": CARDS, "players": players},
                                   sort_keys=False))


def one(game, p, cid):
    (iid,) = [i for i in game.state.players[p].field if game.state.cards[i].cid == cid]
    return iid


def names(game, iid):
    return sorted({k.name for k in continuous.keywords_of(game, iid)})


def test_cr_10_13_1_a_spirit_with_awaken_gains_confront_from_a_grant_that_reads_awaken():
    game = game_with(["GK-AWK", "GK-PLN", "GK-WAKE"])
    assert names(game, one(game, 0, "GK-AWK")) == ["awaken", "confront"]
    assert names(game, one(game, 0, "GK-PLN")) == []  # control: no Awaken, nothing granted
    with game.reading():  # inside a read-only pass the fixed point is found once and kept for the pass
        assert continuous.has_keyword(game, one(game, 0, "GK-AWK"), "confront")
        assert not continuous.has_keyword(game, one(game, 0, "GK-PLN"), "confront")


def test_cr_11_2_1_a_granted_confront_forces_the_block_in_play():
    game = game_with(["GK-AWK", "GK-WAKE"], ["GK-BLK"])
    game.apply(Attack(0, one(game, 0, "GK-AWK")))
    game.apply(Pass(1))
    game.apply(Pass(0))
    assert game.pending.kind == "block"
    before = game.state_hash()
    with pytest.raises(IllegalCommand) as refused:
        game.apply(Block(1, None))
    assert refused.value.rule == "CR 11-2-1" and game.state_hash() == before
    assert Block(1, None) not in game.legal_commands()
    game.apply(Block(1, one(game, 1, "GK-BLK")))


def test_cr_11_2_1_control_a_spirit_without_awaken_gains_nothing_and_need_not_be_blocked():
    game = game_with(["GK-PLN", "GK-WAKE"], ["GK-BLK"])
    game.apply(Attack(0, one(game, 0, "GK-PLN")))
    game.apply(Pass(1))
    game.apply(Pass(0))
    assert Block(1, None) in game.legal_commands()
    game.apply(Block(1, None))
    assert game.state.players[1].life == 4


def test_cr_10_13_1_a_granted_keyword_passes_a_second_grant_along():
    """Awaken -> Confront (one banner) -> Crush (another): the second reads what the first gave."""
    game = game_with(["GK-AWK", "GK-PLN", "GK-WAKE", "GK-CLASH"])
    assert names(game, one(game, 0, "GK-AWK")) == ["awaken", "confront", "crush"]
    assert continuous.keyword_value(game, one(game, 0, "GK-AWK"), "crush") == 1
    assert names(game, one(game, 0, "GK-PLN")) == []


def test_cr_10_13_1_grants_that_read_each_other_settle_without_recursion():
    """Awaken gives Confront, Confront gives Awaken: a spirit with one has both; one with neither gains neither."""
    game = game_with(["GK-AWK", "GK-PLN", "GK-WAKE", "GK-LOOP"])
    assert names(game, one(game, 0, "GK-AWK")) == ["awaken", "confront"]
    assert names(game, one(game, 0, "GK-PLN")) == []


def test_cr_8_1_4_a_condition_that_reads_a_granted_keyword_sees_it():
    """The warding banner is active while you control a spirit with Confront, which only the waking banner gives."""
    with_waking = game_with(["GK-AWK", "GK-WAKE", "GK-WARD"])
    assert names(with_waking, one(with_waking, 0, "GK-AWK")) == ["armor", "awaken", "confront"]
    without = game_with(["GK-AWK", "GK-WARD"])  # control: nothing gives Confront, so no Armor either
    assert names(without, one(without, 0, "GK-AWK")) == ["awaken"]


def test_granted_keywords_in_a_played_game_and_its_clone_agree():
    game = game_with(["GK-AWK", "GK-WAKE", "GK-CLASH"], ["GK-BLK"])
    twin = game.clone()
    for g in (game, twin):
        assert names(g, one(g, 0, "GK-AWK")) == ["awaken", "confront", "crush"]
    assert game.legal_commands() == twin.legal_commands()
