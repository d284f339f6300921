"""Reading card information through continuous effects: level, BP, symbols (the layers of rules/bss/continuous.py).

BP is computed in the order of the layers: ① level-altering effects,
② effects that redefine printed BP, ③ effects that set BP, ④ effects that add
to or subtract from BP; within each layer in timestamp order. Intermediate
values may go negative; the result is floored at zero.

Inside a read-only pass (Game.reading) nothing changes, so each card's level and
BP are computed once per pass and remembered in the pass's memo (see `pass_memo`).
"""
from __future__ import annotations

from . import table_cards

# slots of the read-only pass's memo (Game._constants_memo while a pass is open)
ACTIVE, BY_OP, LEVELS, BPS, BPS_INNER, AUTO_SELECT, AUTO_SOURCES, GRANTS = range(8)

# The readers of constant level and BP effects live in rules/bss/continuous.py, which imports this module: it hands them over
# when it loads (`use_constant_readers`), so the import points one way. A game with constant effects has loaded it.
_constant_bp = None  # continuous.constant_bp
_constant_levels = None  # continuous.constant_levels
_constant_symbols = None  # continuous.constant_symbols
SYMBOLS_LAYER = 5  # resolved effects that change symbols (Continuous.value: the colours)


# What a spirit gains during a battle from another card (a module's mechanism, e.g. Saga's linked spirits): BP and
# symbols added, handed over the same way (`use_battle_gains`); read only while a battle is in progress
_battle_bp = None  # (game, iid) -> BP added
_battle_symbols = None  # (game, iid) -> symbols added


def use_battle_gains(bp, symbols) -> None:
    """A module's readers of the BP and symbols a spirit gains in a battle from another card."""
    global _battle_bp, _battle_symbols
    _battle_bp, _battle_symbols = bp, symbols


def use_constant_readers(levels, bp, symbols=None) -> None:
    """continuous.py's readers of constant level, BP (layers ① to ④) and symbol effects."""
    global _constant_levels, _constant_bp, _constant_symbols
    _constant_levels, _constant_bp, _constant_symbols = levels, bp, symbols


def pass_memo(game):
    """The caches of the current read-only pass (Game.reading), or None outside one.

    Slots: ACTIVE (the active constant effects, or None until found), BY_OP (their directives by op),
    LEVELS and BPS (card -> value), BPS_INNER (BP as a constant effect's own filter reads it),
    AUTO_SELECT (the arguments of costs.auto_select -> its answer), AUTO_SOURCES (the cores it may take from a pool),
    GRANTS (continuous.granted_keywords, or None until found).
    A game-like object without passes (a guest's RemoteGame) has no memo."""
    memo = getattr(game, "_constants_memo", None)
    if memo is None:
        return None
    if not memo:
        memo.extend((None, {}, {}, {}, {}, {}, {}, None))
    return memo


def cores_on(state, iid: int) -> int:
    """Cores on a card, the soul core included (cites["levels"])."""
    card = state.cards[iid]
    return card.cores + (1 if state.players[card.owner].soul == iid else 0)


def _effects_on(state, iid: int, layer: int):
    return [e for e in state.continuous if e.layer == layer and iid in e.targets]


def level(game, iid: int) -> int:
    """Current level: the highest level whose cores are met (cites["levels"]), then layer ① effects."""
    memo = getattr(game, "_constants_memo", None)
    if memo is None or game._in_constants:  # inside a constant effect's filter: the level without constants,
        return _level(game, iid)  # never kept as the card's level
    cache = (memo or pass_memo(game))[LEVELS]
    lv = cache.get(iid)
    if lv is None:
        lv = cache[iid] = _level(game, iid)
    return lv


def _level(game, iid: int) -> int:
    state = game.state
    card = state.cards[iid]
    card_def = game.db[card.cid] if state.table is None else table_cards.shown_def(game, iid)  # side B (ETR §Rebirth)
    soul = state.players[card.owner].soul == iid
    lv = card_def.level_for(card.cores + soul)
    if soul and card_def.extra:  # 《Super Unleash》: that level with the soul core on it; not an effect (Standard)
        lv = max(lv, card_def.extra.get("super_unleash", 0))
    if lv <= 0:
        return lv  # below LV1 it is destroyed at the checkpoint whatever the effects say (cites["level_zero"])
    constants = getattr(game, "has_level_constants", False) and not game._in_constants
    if not state.continuous and not constants:
        return lv
    changed = False
    if constants:  # constant level effects first, then resolved ones in timestamp order
        game._in_constants = True  # a constant effect's own filters read the printed level, not itself
        try:
            for mode, value in _constant_levels(game, iid):
                lv, changed = _level_change(lv, mode, value, card_def), True
        finally:
            game._in_constants = False
    for e in _effects_on(state, iid, 1) if state.continuous else ():
        lv, changed = _level_change(lv, e.op, e.value, card_def), True
    if changed:
        top = card_def.levels[-1].number if card_def.levels else 0
        lv = max(1, min(lv, top))
    return lv


def _level_change(lv: int, mode: str, value, card_def) -> int:
    """One layer-① change: set (to a number, or "max": the card's highest level) or add."""
    if mode == "set":
        return card_def.levels[-1].number if value == "max" and card_def.levels else value if value != "max" else lv
    return lv + value


def bp(game, iid: int) -> int:
    """Current BP of a spirit on the field, through the layers."""
    memo = getattr(game, "_constants_memo", None)
    if memo is None:
        return _bp(game, iid)
    cache = (memo or pass_memo(game))[BPS_INNER if game._in_constants else BPS]
    value = cache.get(iid)
    if value is None:
        value = _bp(game, iid)
        cache[iid] = value
    return value


def _bp(game, iid: int) -> int:
    state = game.state
    lv = level(game, iid)
    if state.table is None:
        value = game.db[state.cards[iid].cid].bp_at(lv)
    else:  # side B's BP (ETR §Rebirth), plus a combined Brave's (ETR §Brave)
        value = table_cards.shown_def(game, iid).bp_at(lv) + table_cards.brave_bp(game, iid)
    gain = 0  # gained from another card in a battle: added after the layers, before the floor at 0
    if _battle_bp is not None and state.battle is not None and state.battle.link is not None:
        gain = _battle_bp(game, iid)
    constants = game.has_constants and not game._in_constants
    if not state.continuous and not constants:
        return max(0, value + gain) if gain else value
    const_redefs, const_sets, const_adds = (), (), ()
    if constants:
        game._in_constants = True  # a constant effect's own BP filter reads printed BP, not itself
        try:
            const_redefs, const_sets, const_adds = _constant_bp(game, iid)
        finally:
            game._in_constants = False
    for at, v in const_redefs:  # a constant "LVn BP becomes v" holds at level n only
        if at == lv:
            value = v
    if state.continuous:
        for e in _effects_on(state, iid, 2):  # redefine printed (level) BP
            if e.level is None or e.level == lv:
                value = e.value if e.op == "set" else value + e.value
    for v in const_sets:  # BP becomes a value; constant effects apply from before
        value = v
    if state.continuous:
        for e in _effects_on(state, iid, 3):
            value = e.value
    value += sum(const_adds)  # + / - BP
    if state.continuous:
        for e in _effects_on(state, iid, 4):
            value += e.value
    return max(0, value + gain)  # a number is never below 0


def bp_breakdown(game, iid: int) -> dict:
    """Printed BP at the current level and the modified BP, for display."""
    card_def = game.db[game.state.cards[iid].cid] if game.state.table is None else table_cards.shown_def(game, iid)
    lv = level(game, iid)
    return {"level": lv, "printed": card_def.bp_at(lv), "bp": bp(game, iid)}


def symbols(game, iid: int) -> tuple:
    """The card's symbols, through the effects that change them (`changed_symbols`), and those it gains in a
    battle from another card (use_battle_gains)."""
    own = changed_symbols(game, iid, game.db[game.state.cards[iid].cid].symbols)
    b = game.state.battle
    if _battle_symbols is not None and b is not None and b.link is not None:
        return own + tuple(_battle_symbols(game, iid))
    return own


def changed_symbols(game, iid: int, printed: tuple) -> tuple:
    """`printed` (the card's symbols) through the effects that change them: the effects that set them ("treat it as
    having two red symbols"), constant ones first, then resolved ones in timestamp order; then those that add to them
    ("it gains a green symbol") in the same order. Inside a constant effect's own condition or filter, the printed
    symbols (as levels and BP there)."""
    state = game.state
    constants = (_constant_symbols is not None and "symbol" in getattr(game, "_constant_ops", ())
                 and not game._in_constants)
    if not constants and not state.continuous:
        return printed
    changes = []
    if constants:
        game._in_constants = True
        try:
            changes = _constant_symbols(game, iid)
        finally:
            game._in_constants = False
    if state.continuous:
        changes = changes + [(e.op, e.value) for e in _effects_on(state, iid, SYMBOLS_LAYER)]
    if not changes:
        return printed
    out = tuple(printed)
    for mode, colors in changes:
        if mode == "set":
            out = tuple((c,) for c in colors)
    for mode, colors in changes:
        if mode == "add":
            out += tuple((c,) for c in colors)
    return out
