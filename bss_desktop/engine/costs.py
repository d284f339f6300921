"""Costs: reduction, paying and placing cores (CR 2-7, 2-8, 10-6, 10-7, 10-8).

A core selection names where regular cores come from — `(("reserve", 2), (17, 1))`
— plus whether the player's soul core is included. Payments and placements may
only use cores in the player's reserve or on cards on their field
(CR 10-6-6, 10-6-7).
"""
from __future__ import annotations

from ..carddb.cards import CardDef
from . import stats
from .errors import IllegalCommand


def reduction(card: CardDef, symbols: list[tuple[str, ...]]) -> int:
    """How much `card`'s cost is reduced by the symbols on its player's field (CR 2-7-3, 10-6-5).

    Each symbol matching one of the card's reduction symbols reduces the cost by one,
    matched one to one by colour, so at most one per printed reduction symbol. A dual
    colour symbol counts as whichever colour its player chooses (CR 2-8-2-2); the player
    is assumed to choose the largest reduction, found as a small bipartite matching.
    """
    if not card.reduction:
        return 0
    capacity: dict[str, int] = {}
    for c in card.reduction:
        capacity[c] = capacity.get(c, 0) + 1
    matched = 0
    duals: list[tuple[str, ...]] = []
    for sym in symbols:
        if len(sym) == 1:
            c = sym[0]
            if capacity.get(c, 0) > 0:
                capacity[c] -= 1
                matched += 1
        else:
            duals.append(tuple(c for c in sym if c in capacity))
    duals = [d for d in duals if d]
    if duals:
        matched += _match_duals(duals, capacity)
    return matched


def _match_duals(duals: list[tuple[str, ...]], capacity: dict) -> int:
    """Maximum matching of dual symbols to remaining reduction capacity (Kuhn's algorithm)."""
    slots = [c for c, n in capacity.items() for _ in range(n)]
    owner: list[int | None] = [None] * len(slots)

    def augment(i: int, seen: set) -> bool:
        for s, colour in enumerate(slots):
            if colour in duals[i] and s not in seen:
                seen.add(s)
                if owner[s] is None or augment(owner[s], seen):
                    owner[s] = i
                    return True
        return False

    return sum(1 for i in range(len(duals)) if augment(i, set()))


def field_symbols(game, player: int) -> list[tuple[str, ...]]:
    """Every symbol on `player`'s field (spirits and nexuses, refreshed or exhausted)."""
    out: list[tuple[str, ...]] = []
    for iid in game.state.players[player].field:
        out.extend(game.symbols(iid))
    return out


def net_cost(game, player: int, card: CardDef, symbols: list | None = None) -> int:
    """The cost after reduction (CR 10-6-4, 10-6-5); never below zero (CR 1-3-6).

    `symbols`: the player's field symbols, when the caller already has them.
    """
    if symbols is None:
        symbols = field_symbols(game, player)
    return max(0, card.cost - reduction(card, symbols))


def core_pool(game, player: int) -> dict:
    """Regular cores available for paying or placing: reserve and own field cards."""
    p = game.state.players[player]
    pool = {"reserve": p.reserve}
    for iid in p.field:
        pool[iid] = game.state.cards[iid].cores
    return pool


def soul_available(game, player: int) -> bool:
    """Whether the soul core is somewhere it may pay or be placed from (reserve or own field)."""
    soul = game.state.players[player].soul
    return soul == "reserve" or (isinstance(soul, int) and soul in game.state.players[player].field)


def take(pool: dict, sel, soul: bool, soul_ok: bool, *, what: str, rule: str) -> int:
    """Check `sel` against `pool` and subtract it; returns the number of cores taken.

    Raises IllegalCommand naming `rule` if a location is not the player's reserve or
    field card, a count is not a whole number of zero or more (CR 1-3-5), or a location
    holds fewer cores than asked for. `pool` is modified only on success.
    """
    wanted: dict = {}
    for loc, n in sel:
        if isinstance(loc, bool) or not isinstance(loc, (str, int)) or loc not in pool:
            raise IllegalCommand(rule, f"{what}: cores can only come from your reserve or your field cards, not {loc!r}")
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise IllegalCommand(rule, f"{what}: {n!r} is not a number of cores (CR 1-3-5: a whole number, 0 or more)")
        wanted[loc] = wanted.get(loc, 0) + n
    for loc, n in wanted.items():
        if n > pool[loc]:
            where = "your reserve" if loc == "reserve" else f"card {loc}"
            raise IllegalCommand(rule, f"{what}: {where} has {pool[loc]} core(s), not {n}")
    if soul and not soul_ok:
        raise IllegalCommand(rule, f"{what}: your soul core is not available (it is not in your reserve or on your "
                                   "field, or it is already used for this action)")
    for loc, n in wanted.items():
        pool[loc] -= n
    return sum(wanted.values()) + (1 if soul else 0)


def _field_lv1(game, player: int) -> list:
    """The LV1 cores of each of `player`'s field cards, in field order (once per read-only pass)."""
    memo = stats.pass_memo(game)
    if memo is not None:
        found = memo[stats.FIELD_LV1].get(player)
        if found is not None:
            return found
    db, cards = game.db, game.state.cards
    found = [db[cards[iid].cid].lv1_cores for iid in game.state.players[player].field]
    if memo is not None:
        memo[stats.FIELD_LV1][player] = found
    return found


def auto_select(game, player: int, pay_n: int, place_n: int, *, pool: dict | None = None,
                soul_free: bool = True):
    """The default way to pay `pay_n` cores and then place `place_n` on a new card.

    Takes cores in this order: reserve; cores on field cards above what their LV1
    needs (so nothing falls below LV1); the soul core; and only then cores that
    leave a card below LV1 (self-destroying it, CR 10-1-1-1), cheapest card first.
    `pool` (regular cores per location, default: all of the player's) and `soul_free`
    restrict it to what another part of the same action has not used.
    Returns (pay_sel, pay_soul, place_sel, place_soul), or None if the player
    has too few cores.
    """
    memo = stats.pass_memo(game)
    if memo is None:
        return _auto_select(game, player, pay_n, place_n, pool, soul_free)
    key = (player, pay_n, place_n, soul_free, None if pool is None else tuple(pool.items()))
    cache = memo[stats.AUTO_SELECT]
    if key in cache:  # inside a read-only pass the same question has the same answer
        return cache[key]
    found = cache[key] = _auto_select(game, player, pay_n, place_n, pool, soul_free)
    return found


def _auto_select(game, player: int, pay_n: int, place_n: int, pool: dict | None, soul_free: bool):
    st = game.state
    p = st.players[player]
    if pool is None:
        pool = core_pool(game, player)
    need = pay_n + place_n
    if need == 0:
        return (), False, (), False
    soul_loc = p.soul if soul_free and soul_available(game, player) else None
    soul_card = soul_loc if isinstance(soul_loc, int) else None
    # the cores in the order they are taken, as runs: (loc, how many, is the soul core)
    runs: list = []
    found = 0
    reserve = pool["reserve"]
    if reserve > 0:
        runs.append(("reserve", reserve, False))
        found = reserve
    db, cards = game.db, st.cards
    left: dict = {}  # regular cores still on each field card after taking its surplus
    for iid, lv1 in zip(p.field, _field_lv1(game, player)):
        # what stays on the card if nothing else is taken: its unused regular cores, and the soul core if free
        have = pool.get(iid, 0)
        keep = lv1 - 1 if soul_card == iid else lv1  # regular cores it needs to stay at LV1
        surplus = have - keep if keep > 0 else have  # min(have, have - keep)
        if surplus > 0:
            runs.append((iid, surplus, False))
            found += surplus
        else:
            surplus = 0
        left[iid] = have - surplus
    soul_taken = False
    if found < need and soul_loc is not None:
        # the soul core, unless taking it drops its card below LV1
        if soul_card is None or left[soul_card] >= db[cards[soul_card].cid].lv1_cores:
            runs.append((soul_loc, 1, True))
            found += 1
            soul_taken = True
    if found < need:
        for iid in sorted(p.field, key=lambda i: (db[cards[i].cid].cost, i)):
            n = left[iid]
            if n > 0:
                runs.append((iid, n, False))
                found += n
        if soul_loc is not None and not soul_taken:
            runs.append((soul_loc, 1, True))
            found += 1
    if found < need:
        return None
    # the first `need` cores are chosen (as a slice [:need] would take them)
    souls = False
    regular: list = []  # runs of chosen regular cores, in order
    n_regular = 0
    rest = need if need >= 0 else found + need
    for loc, n, is_soul in runs:
        if rest <= 0:
            break
        n = min(n, rest)
        rest -= n
        if is_soul:
            souls = True
        else:
            regular.append((loc, n))
            n_regular += n
    # the soul core, if used, goes onto the new card rather than into the trash
    place_soul = souls and place_n > 0
    pay_soul = souls and not place_soul
    k = pay_n - (1 if pay_soul else 0)  # the first k regular cores pay (as a slice [:k] would take them)
    k = min(n_regular, k if k >= 0 else max(0, n_regular + k))
    pay: dict = {}
    place: dict = {}
    for loc, n in regular:
        if k > 0:
            t = min(n, k)
            k -= t
            n -= t
            pay[loc] = pay.get(loc, 0) + t
        if n > 0:
            place[loc] = place.get(loc, 0) + n
    return tuple(pay.items()), pay_soul, tuple(place.items()), place_soul
