"""Nexuses that lose their effects: "all nexuses lose their LV1 effects and cannot regain them", "all LV1 nexuses
lose their effects ..." (directive `lose_effects`, constant effects only; docs/saga-rulings.md, "Nexuses, symbols
and levels").

While such an effect is active, the effects of the nexuses it names are not there: their constant effects apply to
nothing (continuous.active_constants leaves them out), their triggered effects do not trigger and their activated
effects cannot be activated. An effect "listed for LVn" is one whose levels include LVn (or that lists no level).
Which nexuses lose them is read with their printed levels (a constant effect's own filters read no constant
effect, as continuous.py's do). An effect that takes effects away is never taken away itself.

Reads only; continuous.py imports it (continuous.effect_lost asks it about one effect).
"""
from __future__ import annotations

OP = "lose_effects"


def possible(game) -> bool:
    """Whether a card of this game has such an effect (Game._index_cards): else nothing is ever lost."""
    return OP in getattr(game, "_constant_ops", ())


def drop_lost(game, active: list, applies) -> list:
    """`active` ((source, controller, effect) of the constant effects whose level and condition hold) without the
    effects of cards that lost them. `applies`: continuous._applies."""
    losses = [(src, p, d) for src, p, e in active for d in e.do if d.op == OP]
    if not losses:
        return active
    return [(iid, p, e) for iid, p, e in active
            if any(d.op == OP for d in e.do) or not lost(game, iid, e.levels, losses, applies)]


def lost(game, iid: int, levels: tuple, losses, applies) -> bool:
    """Whether card `iid` has lost its effect listed for `levels` (empty: every level) to one of `losses`
    ((source, controller, directive) of the active effects that take effects away; continuous.effect_lost)."""
    was = game._in_constants
    game._in_constants = True  # the nexuses named are read without constant effects: no effect reads itself
    try:
        for src, p, d in losses:
            if (d.level is None or not levels or d.level in levels) and applies(game, d.target, iid, p, src):
                return True
        return False
    finally:
        game._in_constants = was
