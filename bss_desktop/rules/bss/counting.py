"""Counted amounts and relative filters: numbers and references an effect reads as it resolves.

docs/saga-rulings.md "Counted amounts and relative filters": a selection of "1 ... for each ..." takes its number
when it is made (ruling C-1, CR 8-5-3), and "for each spirit destroyed by this effect" counts the spirits the
resolving effect has destroyed so far, those its core removal left below their LV1 cores among them (ruling C-2,
CR 9-3-2-1). Functions here read the game; they never change it (`struck` only says what to keep on the
activation).
"""
from __future__ import annotations

from dataclasses import replace

from ...engine import stats

# the directives whose cards an effect may destroy: a destruction, cores removed below LV1 (CR 9-3-2-1), BP lowered
# to 0 (CR 9-4-2)
STRIKING_OPS = ("destroy", "core_remove", "bp", "level")
_BY_EFFECT = ("effect", "effect_quiet", "effect_cores", "effect_bp")  # a destruction by an effect (CR 10-1-2)


def selection_count(a, t, counted: int | None) -> int:
    """How many cards target `t` selects now: its count (or X), times what its `for_each` counts as the
    selection is made (`counted`, ruling C-1)."""
    n = a.x if t.count == "X" else t.count
    if t.per is not None:
        n = n * max(0, counted or 0)
    return n


def struck(a, chosen) -> list:
    """The cards the resolving effect's destroy / core_remove directives have acted on so far, with `chosen`."""
    return list(dict.fromkeys([*(a.struck or ()), *chosen]))


def destroyed_by_this(game, a, side: str, controller: int) -> int:
    """The spirits of `side` the resolving effect `a` has destroyed: destroyed by one of its destruction
    directives (in the trash, or gone from the game as a token, CR 4-12-3), or left by its core removal with fewer
    cores than their LV1 needs or by its BP change with 0 BP or less, which the effect destroys as it ends (CR
    9-3-2-1, 9-4-2) (ruling C-2)."""
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
        if card.zone == "field":  # destroyed by the effect at the checkpoint that follows it (CR 9-3-2-1, 9-4-2)
            n += stats.cores_on(st, iid) < d.lv1_cores or stats.bp(game, iid) <= 0
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


def bp_of_reference(game, a, of: str, source: int | None) -> int | None:
    """The BP a target's `bp_vs` compares with (ruling C-4): this card's, or the one card the effect's last
    selection chose (`a`: the resolving effect); None when that card is not one spirit on the field now."""
    st = game.state
    if of == "this":
        iid = source
    else:
        chosen = list(a.selected) if a is not None else []
        iid = chosen[0] if len(chosen) == 1 else None
    if iid is None or st.cards[iid].zone != "field" or game.db[st.cards[iid].cid].type != "spirit":
        return None
    return stats.bp(game, iid)


def bp_fits(bp: int, ref: int | None, cmp: str) -> bool:
    """Whether a BP fits "equal to or fewer than" (at_most), "equal to" or "fewer than" (below) the reference's."""
    if ref is None:
        return False  # no card to compare with: none fits
    return bp <= ref if cmp == "at_most" else bp == ref if cmp == "equal" else bp < ref


def reads_own_bp(e) -> bool:
    """Whether an effect compares BP with the BP of its own card (BP equal to or fewer than this one).

    Then its When Destroyed effect keeps the last BP of the card on the field,
    its last state (CR 8-10-1, ruling C-4).
    """
    return any(d.target is not None and d.target.bp_vs is not None and d.target.bp_vs[0] == "this"
               for d in (*e.do, *e.chain))


def fixed_target(game, a, t):
    """`t` with its comparisons with "it" made fixed as the selection is made (a card's BP against the selected
    card's, ruling C-4; its cost the same as the selected card's, C-9): the filter every candidate is then read
    against."""
    if t.same_cost == "it":  # "all spirits that cost the same as that spirit": its printed cost (CR 2-6, C-9)
        costs = {game.db[game.state.cards[i].cid].cost for i in a.selected}
        t = replace(t, same_cost=None, **({"costs": tuple(sorted(costs))} if costs else {"cost_min": 1, "cost_max": 0}))
    if t.cost_vs is not None:  # "that costs more than the card discarded by this effect" (ruling C-11)
        t = replace(t, cost_vs=None, **_cost_bounds(game, a, t))
    if t.bp_vs is None:
        return t
    if t.bp_vs[0] == "it":
        ref = bp_of_reference(game, a, "it", a.source)
    elif game.state.cards[a.source].zone != "field":  # this card, gone since: its last BP there (CR 8-10-1)
        ref = a.lki[2] if a.lki is not None and len(a.lki) > 2 else None
    else:
        return t  # this card on the field: read as each candidate is (targets.matches)
    return replace(t, bp_vs=None, **_as_bounds(t, ref, t.bp_vs[1]))


def _as_bounds(t, ref: int | None, cmp: str) -> dict:
    lo, hi = t.bp_min, t.bp_max
    if ref is None:
        return {"bp_min": 1, "bp_max": 0}  # nothing fits
    top = ref if cmp in ("at_most", "equal") else ref - 1
    hi = top if hi is None else min(hi, top)
    if cmp == "equal":
        lo = ref if lo is None else max(lo, ref)
    return {"bp_min": lo, "bp_max": hi}


def cost_of_selected(game, a) -> int:
    """A number of cards equal to the cost of that spirit.

    The printed cost (CR 2-6) of the cards the last selection of the effect chose, wherever they are now (a cost
    is printed: the same on the field and in the trash), added up when it chose several; none chosen, 0 (ruling
    C-5).
    """
    if a is None:
        return 0
    st = game.state
    return sum(game.db[st.cards[i].cid].cost for i in a.selected)


def keyword_value(game, c, source: int | None, a) -> int:
    """"The number specified in its Gale effect": the number of that keyword on the card (this card, or the card
    the trigger is about), the largest when it has several (CR 11-10-3), 0 when it has none (ruling C-10)."""
    iid = source if c.place == "this" else (a.trigger_card if a is not None else None)
    if iid is None:
        return 0
    return max((k.value or 0 for k in game.keywords_of(iid, c.keyword)), default=0)


def _cost_bounds(game, a, t) -> dict:
    """The cost_min / cost_max for a cost compared with the printed cost of the one card the effect selected
    or discarded from a hand (ruling C-11); with no such card, or several, nothing fits."""
    st = game.state
    of, cmp = t.cost_vs
    cards = list(a.selected) if of == "it" else list(a.dropped or ())
    if len(cards) != 1:
        return {"cost_min": 1, "cost_max": 0}
    ref = game.db[st.cards[cards[0]].cid].cost
    lo, hi = t.cost_min, t.cost_max
    if cmp in ("above", "equal"):
        bound = ref + 1 if cmp == "above" else ref
        lo = bound if lo is None else max(lo, bound)
    if cmp in ("at_most", "equal", "below"):
        bound = ref - 1 if cmp == "below" else ref
        hi = bound if hi is None else min(hi, bound)
    return {"cost_min": lo, "cost_max": hi}


def last_symbols(game, iids) -> dict:
    """The symbols each card has on the field now, as a destruction takes it (its last state, ruling C-12)."""
    return {i: len(stats.symbols(game, i)) for i in iids}


def destroyed_symbols(game, a) -> int:
    """For each symbol on the destroyed spirit: the symbols the cards the last selection chose had on the field
    as this effect destroyed them (last state, CR 8-10-1); a card it did not destroy has none (ruling C-12)."""
    if a is None or not a.last:
        return 0
    st = game.state
    n = 0
    for iid in a.selected:
        card = st.cards[iid]
        if iid in a.last and card.zone != "field" and card.removal is not None and \
                card.removal.kind in _BY_EFFECT and card.removal.source == a.source:
            n += a.last[iid]
    return n
