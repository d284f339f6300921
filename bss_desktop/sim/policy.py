"""A seeded random-legal player, for the simulator, benchmarks and headless LAN games.

It picks uniformly among *kinds* of command first and then among commands of that
kind, so games look like games (spirits get summoned, attacks happen) instead of
endless single-core shuffles; every choice is still a legal command.
"""
from __future__ import annotations

from ..engine.commands import KIND_OF, Block, Mulligan
from ..engine.rng import Rng

# relative weight of each kind of command when several kinds are legal
WEIGHTS = {"summon": 8, "place_nexus": 4, "use_magic": 2, "set_burst": 2, "move_cores": 1, "end_main": 3,
           "attack": 6, "end_attack": 2, "pass": 6, "block": 3, "mulligan": 1,
           # Battle of Souls (rules/bos/)
           "deploy": 8, "declare_attack": 6, "set_card": 3, "use_card": 3}


class RandomPolicy:
    def __init__(self, seed: int):
        self.rng = Rng(seed)

    def choose(self, game):
        options = game.legal_commands()
        by_kind: dict[str, list] = {}
        for cmd in options:
            t = type(cmd)  # (cmd.kind is KIND_OF[type(cmd)])
            if t is Block and cmd.spirit is None:
                kind = "no_block"
            elif t is Mulligan and cmd.redraw:
                kind = "redraw"
            else:
                kind = KIND_OF[t]
            if kind in by_kind:
                by_kind[kind].append(cmd)
            else:
                by_kind[kind] = [cmd]
        key = tuple(by_kind)
        table = _TABLES.get(key)
        if table is None:  # the kinds in sorted order with their weights (a few dozen combinations occur)
            kinds = sorted(by_kind)
            weights = [WEIGHTS.get(k, 2) for k in kinds]
            table = _TABLES[key] = (tuple(zip(kinds, weights)), sum(weights))
        pairs, total = table
        pick = self.rng.below(total)
        for kind, w in pairs:
            if pick < w:
                group = by_kind[kind]
                return group[self.rng.below(len(group))]
            pick -= w
        raise AssertionError("unreachable")


_TABLES: dict = {}  # the kinds of the options, in the order met -> ((kind, weight) sorted by kind, total weight)


__all__ = ["RandomPolicy"]
