"""Costs: reduction, paying and placing cores (CR 2-7, 2-8, 10-6, 10-7, 10-8).

A core selection names where regular cores come from — `(("reserve", 2), (17, 1))`
— plus whether the player's soul core is included. Payments and placements may
only use cores in the player's reserve or on cards on their field
(CR 10-6-6, 10-6-7).
"""
from __future__ import annotations

from ...carddb.cards import CardDef
from ...engine import stats
from .continuous import cost_changes
from .targets import condition_holds, matches
from ...engine.errors import IllegalCommand
from ...engine.state import Cause


# triggers on another card's summon or use whose `soul_paid` condition reads that card's payment (CR 10-6-6,
# 10-8-6): "when you summon a spirit and spend the soul core as part of its summoning cost"
SOUL_SEEN_TRIGGERS = ("your_spirit_summoned", "you_use_magic")


def reduction(card: CardDef, symbols: list[tuple[str, ...]], extra: tuple = ()) -> int:
    """How much `card`'s cost is reduced by the symbols on its player's field (CR 2-7-3, 10-6-5).

    `extra`: reduction symbols an effect adds to the card while it is active.

    Each symbol matching one of the card's reduction symbols reduces the cost by one,
    matched one to one by colour, so at most one per printed reduction symbol. A dual
    colour symbol counts as whichever colour its player chooses (CR 2-8-2-2); the player
    is assumed to choose the largest reduction, found as a small bipartite matching.
    """
    if not card.reduction and not extra:
        return 0
    capacity: dict[str, int] = {}
    for c in card.reduction + tuple(extra):
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


def field_symbols(game, player: int) -> tuple[tuple[str, ...], ...]:
    """Every symbol on `player`'s field (spirits and nexuses, refreshed or exhausted)."""
    out: list[tuple[str, ...]] = []
    for iid in game.state.players[player].field:
        out.extend(game.symbols(iid))
    return tuple(out)


_reductions: dict = {}  # (reduction symbols, field symbols, extra) -> reduction(): asked again and again


_by_field: dict = {}  # field symbols -> {reduction symbols -> reduction()}: reductions_on


def reductions_on(symbols: tuple) -> dict:
    """A dictionary remembering reduction(card, symbols) by the card's reduction symbols (CardDef.reduction), for
    these field symbols, to fill and read (the same fields and cards meet again and again)."""
    found = _by_field.get(symbols)
    if found is None:
        if len(_by_field) >= 4096:
            _by_field.clear()
        found = _by_field[symbols] = {}
    return found


def _reduction(card: CardDef, symbols, extra: tuple) -> int:
    key = (card.reduction, symbols if type(symbols) is tuple else tuple(symbols), extra)
    found = _reductions.get(key)
    if found is None:
        if len(_reductions) >= 4096:
            _reductions.clear()
        found = _reductions[key] = reduction(card, key[1], extra)
    return found


_OWN: dict = {}  # id(CardDef) -> (the CardDef, its own-cost effects): read for every hand card, again and again


def own_cost_effects(card: CardDef) -> tuple:
    """`card`'s constant effects that say its own cost in the hand ({cost: {target: this, set: N}}): (effect,
    directive) pairs."""
    hit = _OWN.get(id(card))
    if hit is None or hit[0] is not card:
        if len(_OWN) >= 4096:
            _OWN.clear()
        found = tuple((e, d) for e in card.effects if e.kind == "constant" and not e.manual
                      for d in e.do if d.op == "cost" and d.mode in ("set", "full"))
        hit = _OWN[id(card)] = (card, found)
    return hit[1]


def own_cost(game, iid: int, card: CardDef) -> int | None:
    """"This card costs N in your hand [if ...]": the cost card `iid` has while its owner determines it in the hand
    (or using it from there), if one of its own effects says so and its condition holds (CR 10-6-4, 10-7-4,
    10-8-4; docs/saga-rulings.md, Costs: Own-1); else None. Its levels do not matter: it is not on the field."""
    found = own_cost_effects(card)
    if not found:
        return None
    c = game.state.cards[iid]
    if c.zone not in ("hand", "resolving"):  # "resolving": a magic card being used is still a hand card (10-8-7)
        return None
    for e, d in found:
        if d.mode == "set" and (e.condition is None or condition_holds(game, e.condition, iid, c.owner)):
            return d.amount
    return None


def own_full_reduction(game, iid: int, card: CardDef) -> bool:
    """"You may treat all of this card's reduction symbols as fulfilled when summoning this card from your hand [if
    ...]": whether card `iid`, in its owner's hand, has every reduction symbol fulfilled now (docs/saga-rulings.md,
    Costs: Full-1)."""
    c = game.state.cards[iid]
    if c.zone not in ("hand", "resolving"):
        return False
    return any(d.mode == "full" and (e.condition is None or condition_holds(game, e.condition, iid, c.owner))
               for e, d in own_cost_effects(card))


def net_cost(game, player: int, card: CardDef, symbols: list | None = None, iid: int | None = None) -> int:
    """The cost after reduction (CR 10-6-4, 10-6-5); never below zero (CR 1-3-6).

    `symbols`: the player's field symbols, when the caller already has them. `iid`: the card being paid for, so
    constant effects that change its cost or add reduction symbols apply (e.g. "your opponent's magic cards cost
    1 more").
    """
    if symbols is None:
        symbols = field_symbols(game, player)
    cost, extra = card.cost, ()
    if iid is not None and getattr(game, "has_cost_constants", False):
        own = own_cost(game, iid, card)  # its own "this card costs N" first, then what other effects add
        delta, extra = cost_changes(game, iid)
        cost = max(0, (card.cost if own is None else own) + delta)  # CR 1-3-6
    if iid is not None and game.state.cost_next:
        cost = max(0, cost + next_change(game, iid))
    if not card.reduction and not extra:
        return max(0, cost)
    if iid is not None and getattr(game, "has_cost_constants", False):
        if own_full_reduction(game, iid, card):  # every reduction symbol fulfilled (Costs: Full-1; CR 2-7-3)
            return max(0, cost - len(card.reduction) - len(extra))
        counted = counted_symbols(game, player, iid)
        if counted is not None:
            symbols = counted
    return max(0, cost - _reduction(card, symbols, extra))


def counted_symbols(game, player: int, iid: int):
    """`player`'s field symbols as the cost reduction of card `iid` counts them when constant effects say some count
    otherwise ("count each symbol on this spirit as two symbols", "treat this nexus's symbol as three white
    symbols": docs/saga-rulings.md, Costs: Sym-1); None when none does."""
    from .continuous import _constant_hits

    hits = [(src, p, d) for src, p, d in _constant_hits(game, iid, "count_symbols") if p == player]
    if not hits:
        return None
    out: list = []
    for f in game.state.players[player].field:
        syms = tuple(game.symbols(f))
        for src, p, d in hits:  # the first effect naming the card decides (one way of counting a symbol)
            if (f == src) if d.by.ref == "this" else matches(game, f, d.by, p, src):
                if d.mode == "also":  # each symbol of these colours as well (saga-rulings: names, N-2)
                    syms = tuple(tuple(dict.fromkeys((*s, *d.colors))) for s in syms)
                elif d.mode == "gain":  # these symbols more (N-2)
                    syms = syms + tuple((c,) for c in d.colors)
                else:
                    syms = tuple((d.colors if d.colors else s) for s in syms for _ in range(d.amount))
                break
        out.extend(syms)
    return tuple(out)


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


def most_cores(game, player: int) -> int:
    """The most cores auto_select could ever find for `player` (its default pool): the reserve's, every field card's
    (destroying them all) and the soul core where it may pay: what _sources' `found + spare` add up to. A cost
    above this needs no search: auto_select answers None."""
    p = game.state.players[player]
    cards = game.state.cards
    n = p.reserve
    for iid in p.field:
        n += cards[iid].cores
    return n + (1 if soul_available(game, player) else 0)


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


def auto_select(game, player: int, pay_n: int, place_n: int, *, pool: dict | None = None,
                soul_free: bool = True):
    """The default way to pay `pay_n` cores and then place `place_n` on a new card.

    Never leaves a field card below its LV1 cores (self-destroying it, CR 9-3-2, 10-1-1-1)
    when a payment and placement that spare every card exist. Takes cores in this order:
    reserve; cores on field cards above what their LV1 needs, the soul core counting as
    one of the cores on the card it sits on (CR 2-10-3); the soul core. Only if these are
    too few does it self-destroy cards: the fewest cards possible, then the cheapest,
    taking their cores before the other cards' surplus (they go to the reserve anyway).
    `pool` (regular cores per location, default: all of the player's) and `soul_free`
    restrict it to what another part of the same action has not used: a field card
    missing from `pool` gives nothing (a 【Ascend】 card whose cores went to the reserve,
    CR 11-8-1; a 【Swift】 summon's field, CR 11-9-1), and the soul core on such a card
    is free; with `soul_free` false the soul core is taken to be used elsewhere already.
    Returns (pay_sel, pay_soul, place_sel, place_soul), or None if the player
    has too few cores.
    """
    memo = getattr(game, "_constants_memo", None)  # (stats.pass_memo, written out)
    if memo is None:
        return _auto_select(game, player, pay_n, place_n, pool, soul_free, None)
    key = (player, pay_n, place_n, soul_free, None if pool is None else tuple(pool.items()))
    cache = (memo or stats.pass_memo(game))[stats.AUTO_SELECT]
    if key in cache:  # inside a read-only pass the same question has the same answer
        return cache[key]
    found = cache[key] = _auto_select(game, player, pay_n, place_n, pool, soul_free, memo)
    return found


def _auto_select(game, player: int, pay_n: int, place_n: int, pool: dict | None, soul_free: bool, memo):
    need = pay_n + place_n
    if need == 0:
        return (), False, (), False
    if memo is None:
        runs, head, kept, found, soul_loc, spare = _sources(game, player, pool, soul_free)
    else:  # the sources depend on the pool only: one pass asks for many costs from the same pool
        key = (player, soul_free, None if pool is None else tuple(pool.items()))
        sources = memo[stats.AUTO_SOURCES].get(key)
        if sources is None:
            sources = memo[stats.AUTO_SOURCES][key] = _sources(game, player, pool, soul_free)
        runs, head, kept, found, soul_loc, spare = sources
    if runs and runs[0][0] == "reserve" and not runs[0][2] and runs[0][1] >= need > 0 and pay_n >= 0 and place_n >= 0:
        # the reserve's regular cores alone are enough: what the general way below gives then, found directly
        return (("reserve", pay_n),) if pay_n else (), False, (("reserve", place_n),) if place_n else (), False
    if found < need:
        if need - found > spare:
            return None  # even destroying every card would free too few (as _fewest_destroyed finds)
        if pool is None:
            pool = core_pool(game, player)
        # too few without self-destroying cards (CR 9-3-2, 10-1-1-1): as few as possible, then the cheapest
        chosen = _fewest_destroyed(game, kept, need - found) if kept else None
        if chosen is None:
            return None
        gone = {iid for iid, _, _ in chosen}
        # their cores are taken first: they go to the reserve anyway, and the cards that stay keep their surplus
        runs = (runs[:head] + [(iid, pool[iid], False) for iid, _, _ in chosen if pool[iid]]
                + [r for r in runs[head:] if r[0] not in gone])
        found += sum(keep for _, keep, _ in chosen)
        if any(soul for _, _, soul in chosen):  # the soul core kept its card at LV1; now it may go too
            runs.append((soul_loc, 1, True))
            found += 1
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


def _sources(game, player: int, pool: dict | None, soul_free: bool) -> tuple:
    """What auto_select may take without destroying anything, in the order it takes it — runs of (loc, how many,
    is the soul core) — where the cores of cards lost anyway would go (`head`), the cards that keep cores to stay
    at LV1 (`kept`: (iid, regular cores kept, holds the soul core), or None), how many cores the runs hold,
    where the soul core is if it may be used, and how many cores destroying every card of `kept` would free. Read
    only: callers build new lists from these."""
    st = game.state
    p = st.players[player]
    cards = st.cards
    reserve = p.reserve if pool is None else pool["reserve"]
    defs = getattr(game, "_defs", None)  # a Game's own fast lookup (Game._defs), or the database
    if defs is None:
        defs = game.db
    soul_loc = p.soul if soul_free and soul_available(game, player) else None
    soul_card = soul_loc if isinstance(soul_loc, int) else None
    runs: list = []
    found = 0
    if reserve > 0:
        runs.append(("reserve", reserve, False))
        found = reserve
    head = len(runs)  # where the cores of cards that are lost anyway go: right after the reserve
    soul_spare = soul_loc is not None  # the soul core may go without any card falling below LV1
    kept = None
    for iid in p.field:
        card = cards[iid]
        have = card.cores if pool is None else pool.get(iid)  # pool None: the player's own (core_pool)
        levels = defs[card.cid].levels
        lv1 = levels[0].cores if levels else 0  # (CardDef.lv1_cores)
        if have is None:  # not in the pool: nothing comes from it (its soul core, if any, is free: see above)
            continue
        if lv1 <= 0:  # never below LV1 (a nexus needing no core): every core on it is surplus
            if have:
                runs.append((iid, have, False))
                found += have
            continue
        soul = soul_card == iid
        keep = lv1 - 1 if soul else lv1  # CR 2-10-3: the soul core counts as one of the cores on its card
        if keep > have:  # below LV1 whatever is taken (only with a restricted pool): its cores are free
            if have:
                runs.insert(head, (iid, have, False))
                head += 1
                found += have
            continue
        if soul:
            soul_spare = False  # taking it would drop its card below LV1 (a regular core may go instead)
        if have > keep:
            runs.append((iid, have - keep, False))
            found += have - keep
        if kept is None:
            kept = []
        kept.append((iid, keep, soul))
    if soul_spare:
        runs.append((soul_loc, 1, True))
        found += 1
    spare = 0  # what destroying every card of `kept` would free
    for _, keep, soul in kept or ():
        spare += keep + soul
    return runs, head, kept, found, soul_loc, spare


def _fewest_destroyed(game, kept: list, short: int):
    """Which cards of `kept` to self-destroy for `short` more cores: the fewest, then the cheapest (by cost).

    Destroying a card frees the regular cores it kept and the soul core if it held it: its LV1 cores.
    Returns a list of `kept` entries, or None if even all of them are too few.
    """
    db, cards = game.db, game.state.cards
    cands = sorted((db[cards[e[0]].cid].cost, e[0], e[1] + e[2], e) for e in kept)
    if sum(c[2] for c in cands) < short:
        return None
    for cost, iid, gives, e in cands:  # one card is often enough: the cheapest that is
        if gives >= short:
            return [e]
    most, total = 0, 0
    for gives in sorted((c[2] for c in cands), reverse=True):  # the fewest cards: those giving the most
        most += 1
        total += gives
        if total >= short:
            break
    # 0/1 knapsack: (cards, cores capped at short) -> the cheapest (total cost, candidate indices)
    best: dict = {(0, 0): (0, ())}
    for i, (cost, _, gives, _) in enumerate(cands):
        for (n, got), (paid, which) in list(best.items()):
            if n == most:
                continue
            key = (n + 1, min(short, got + gives))
            value = (paid + cost, which + (i,))
            old = best.get(key)
            if old is None or value < old:
                best[key] = value
    return [cands[i][3] for i in best[(most, short)][1]]


def destroyed_by_payment(game, player: int, pay, pay_soul: bool, place=(), place_soul: bool = False) -> list:
    """The field cards of `player` that this payment and placement leave below their LV1 cores.

    The checkpoint after the action destroys them: self-destruction, since the owner's own cost payment
    took the cores (CR 9-3-2, 10-1-1-1). The soul core counts as a core on the card it sits on (CR 2-10-3),
    so paying or placing it can destroy its card too. Nexuses count like spirits (often LV1 needs 0 cores).
    Counts are read as given (a selection taking more than a card holds leaves it below LV1 as well).
    Returns instance ids in field order.
    """
    st = game.state
    owner = st.players[player]
    taken: dict = {}
    for loc, n in tuple(pay or ()) + tuple(place or ()):
        if isinstance(loc, int) and not isinstance(loc, bool) and isinstance(n, int):
            taken[loc] = taken.get(loc, 0) + n
    soul_goes = bool(pay_soul or place_soul)
    out = []
    for iid in owner.field:
        card = st.cards[iid]
        left = card.cores - taken.get(iid, 0) + (1 if owner.soul == iid and not soul_goes else 0)
        if left < game.db[card.cid].lv1_cores:
            out.append(iid)
    return out


def _next_hits(game, iid: int) -> list:
    """The "next magic card you use from your hand this turn" changes waiting for card `iid` (Costs: Next-1)."""
    c = game.state.cards[iid]
    if c.zone != "hand":  # from the hand only (a burst's card, resolving, is not used from there)
        return []
    return [e for e in game.state.cost_next if e[0] == c.owner and matches(game, iid, e[1], c.owner, None)]


def next_change(game, iid: int) -> int:
    """What the waiting "next magic card" changes add to hand card `iid`'s cost."""
    return sum(n for _, _, n in _next_hits(game, iid))


def magic_used(game, player: int, iid: int) -> None:
    """Player `player` uses magic card `iid` (its cost just paid): one more this turn, and the "next magic card"
    changes it met are spent (Costs: Next-1). Called before the card leaves the hand."""
    st = game.state
    if "magic_uses" in game._reads:  # (only a game whose cards read it keeps the count: its state as it was)
        st.magic_uses[player] = st.magic_uses.get(player, 0) + 1
    if st.cost_next:
        hits = _next_hits(game, iid)
        if hits:
            st.cost_next = [e for e in st.cost_next if not any(e is h for h in hits)]


def tax_payable(game, player: int, n: int) -> bool:
    """Whether `player` can pay an attack's cost of `n` cores from their reserve (Costs: Tax-1)."""
    p = game.state.players[player]
    return p.reserve + (1 if p.soul == "reserve" else 0) >= n


def pay_tax(game, player: int, n: int) -> None:
    """Pay an attack's cost of `n` cores from the reserve to the trash: regular cores first, the soul core only
    when they are too few (Costs: Tax-1); the owner's own payment (CR 10-1-1-1)."""
    p = game.state.players[player]
    regular = min(n, p.reserve)
    soul = n > regular
    game._move_cores(player, "reserve", "trash", regular, soul, "pay", Cause("self", player))


def core_answers(places: list, counts: list, n: int, limit: int) -> list[tuple]:
    """The different ways to take n cores from places holding counts (one entry per core), at most `limit` of them,
    the first places first (a cores choice's legal answers: resolution.py, tokens.py)."""
    out: list[tuple] = []

    def walk(i: int, left: int, acc: tuple) -> None:
        if len(out) >= limit:
            return
        if left == 0:
            out.append(acc)
            return
        if i == len(places) or sum(counts[i:]) < left:
            return
        for k in range(min(left, counts[i]), -1, -1):
            walk(i + 1, left - k, acc + (places[i],) * k)

    walk(0, n, ())
    return out
