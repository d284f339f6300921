"""Counted amounts and relative filters: numbers and references an effect reads as it resolves.

docs/saga-rulings.md "Counted amounts and relative filters": a selection of "1 ... for each ..." takes its number
when it is made (ruling C-1, CR 8-5-3), and "for each spirit destroyed by this effect" counts the spirits the
resolving effect has destroyed so far, those its core removal left below their LV1 cores among them (ruling C-2,
CR 9-3-2-1). Functions here read the game; they never change it (`struck` only says what to keep on the
activation).
"""
from __future__ import annotations

from ...engine import stats

# the directives whose cards an effect may destroy: a destruction, or cores removed below LV1 (CR 9-3-2-1)
STRIKING_OPS = ("destroy", "core_remove")
_BY_EFFECT = ("effect", "effect_quiet", "effect_cores")  # the causes of a destruction by an effect (CR 10-1-2)


def selection_count(game, a, t) -> int:
    """How many cards target `t` selects now: its count (or X), times what its `for_each` counts as the
    selection is made (ruling C-1)."""
    n = a.x if t.count == "X" else t.count
    if t.per is not None:
        from .targets import count_value

        n = n * max(0, count_value(game, t.per, a.source, a.controller, a))
    return n


def struck(a, chosen) -> list:
    """The cards the resolving effect's destroy / core_remove directives have acted on so far, with `chosen`."""
    return list(dict.fromkeys([*(a.struck or ()), *chosen]))


def destroyed_by_this(game, a, side: str, controller: int) -> int:
    """The spirits of `side` the resolving effect `a` has destroyed: destroyed by one of its destruction
    directives (in the trash, or gone from the game as a token, CR 4-12-3), or left by its core removal with fewer
    cores than their LV1 needs, which the effect destroys as it ends (CR 9-3-2-1) (ruling C-2)."""
    if a is None or not a.struck:
        return 0
    st = game.state
    n = 0
    for iid in a.struck:
        card = st.cards[iid]
        d = game.db[card.cid]
        if d.type != "spirit":
            continue
        if (side == "you" and card.owner != controller) or (side == "opponent" and card.owner == controller):
            continue
        if card.zone == "field":
            n += stats.cores_on(st, iid) < d.lv1_cores
        elif card.removal is not None and card.removal.kind in _BY_EFFECT and card.removal.source == a.source:
            n += 1
    return n


def level_of_this(game, source: int | None, a) -> int:
    """"For every level this spirit has": its level on the field now (CR 2-10), or, gone from the field since its
    effect activated, its level then (last known information, CR 8-10) (ruling C-3)."""
    if source is None:
        return 0
    if game.state.cards[source].zone == "field":
        return stats.level(game, source)
    return a.lki_level if a is not None else 0
