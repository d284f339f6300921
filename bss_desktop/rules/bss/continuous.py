"""What keywords, grants and constant effects say about a card right now (CR 8-1-4, 8-8, 10-13, 11).

Reads only. A card's printed effects are indexed once per card id (`CardFx`),
so games without effects pay nothing for this.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ...engine import stats
from ...engine.stats import ACTIVE, BY_OP, GRANTS
from . import lost_effects
from .targets import condition_holds, count_value, matches
from . import link


@dataclass
class CardFx:
    """A card definition's effects, sorted by how the engine uses them (and a few facts it reads all the time)."""

    keywords: tuple = ()
    constants: list = field(default_factory=list)  # (index, Effect)
    triggered: dict = field(default_factory=dict)  # trigger -> [(index, Effect)]
    activated: list = field(default_factory=list)  # (index, Effect)
    bursts: list = field(default_factory=list)  # (index, Effect)
    magic: list = field(default_factory=list)  # (index, Effect)
    # manual effects never resolve here; triggered ones and bursts are announced when their trigger fires
    manual_triggered: dict = field(default_factory=dict)  # trigger -> [(index, Effect)]
    manual_bursts: list = field(default_factory=list)  # (index, Effect)
    keyword_names: frozenset = frozenset()  # the names of its printed keywords
    # its manual constant, activated and magic effects, told to both players as it is played (Game._announce_manual)
    announced: tuple = ()  # (index, Effect)
    constant_ops: frozenset = frozenset()  # what its constant effects do (Directive.op)
    lowers_bp: bool = False  # has a constant effect that may lower BP or set it (not only raise it)
    # read of the card itself by gameplay management after every action (Game._doomed_at_a_glance)
    lv1_cores: int = 0
    spirit: bool = False
    bp_positive: bool = False  # its printed BP is above 0 at every level it has

    @property
    def any(self) -> bool:
        return bool(self.keywords or self.constants or self.triggered or self.activated or self.bursts)


_indexed: dict = {}  # id(card definition) -> (the definition, its CardFx): every game of a process shares them


def index_card(card_def) -> CardFx:
    """The card's effects sorted by use. Card definitions are frozen, so each is indexed once per process (a
    CardFx is never changed once made)."""
    hit = _indexed.get(id(card_def))
    if hit is not None and hit[0] is card_def:
        return hit[1]
    if len(_indexed) >= 8192:
        _indexed.clear()
    fx = _index_card(card_def)
    _indexed[id(card_def)] = (card_def, fx)  # the definition is kept, so its id is not reused while here
    return fx


def _index_card(card_def) -> CardFx:
    fx = CardFx(keywords=card_def.keywords)
    for i, e in enumerate(card_def.effects):
        if e.manual:  # resolved by the players by hand
            if e.kind == "triggered":
                fx.manual_triggered.setdefault(e.trigger, []).append((i, e))
            elif e.kind == "burst":
                fx.manual_bursts.append((i, e))
        elif e.kind == "constant":
            fx.constants.append((i, e))
        elif e.kind == "triggered":
            fx.triggered.setdefault(e.trigger, []).append((i, e))
        elif e.kind == "activated":
            fx.activated.append((i, e))
        elif e.kind == "burst":
            fx.bursts.append((i, e))
        elif e.kind == "magic":
            fx.magic.append((i, e))
    fx.keyword_names = frozenset(k.name for k in fx.keywords)
    fx.announced = tuple((i, e) for i, e in enumerate(card_def.effects)
                         if e.manual and e.kind not in ("triggered", "burst"))
    fx.constant_ops = frozenset(d.op for _, e in fx.constants for d in e.do)
    fx.lv1_cores, fx.spirit = card_def.lv1_cores, card_def.type == "spirit"
    fx.bp_positive = bool(card_def.levels) and all((lv.bp or 0) > 0 for lv in card_def.levels)
    fx.lowers_bp = any(d.op == "bp" and not raises_only(d) for _, e in fx.constants for d in e.do)
    return fx


def raises_only(d) -> bool:
    """Whether a constant "bp" directive can only add to BP (constant_bp: no redefinition, no "becomes", an amount of
    0 or more, or X, which a constant effect skips)."""
    return d.level is None and d.mode != "set" and (not isinstance(d.amount, int) or d.amount >= 0)


def with_tokens(card_defs) -> list:
    """These card definitions and those of the tokens their effects make (CR 4-12), tokens' tokens too."""
    from ...carddb.schema import card_tokens

    out, seen, todo = [], set(), list(card_defs)
    while todo:
        d = todo.pop()
        if id(d) in seen:
            continue
        seen.add(id(d))
        out.append(d)
        todo.extend(card_tokens(d))
    return out


def trigger_names(fx: CardFx) -> set:
    """Every trigger its (manual) triggered effects and bursts wait for."""
    names = set(fx.triggered) | set(fx.manual_triggered)
    names.update(e.trigger for _, e in fx.bursts)
    names.update(e.trigger for _, e in fx.manual_bursts)
    return names


def reads_effects(cond) -> bool:
    """Whether a condition reads what constant effects change: BP or keywords of the cards it counts or looks for
    (their levels only change by constant level effects, which Game._index_cards looks for apart)."""
    if cond is None:
        return False
    targets = [t for t in (cond.control, cond.count.cards if cond.count is not None else None) if t is not None]
    return any(reads_effects_target(t) for t in targets)


def reads_effects_target(t) -> bool:
    """Whether a target filter reads what constant effects change: BP or keywords."""
    return t is not None and (t.bp_max is not None or t.bp_min is not None or t.keyword is not None or bool(t.keywords)
                              or reads_effects_target(t.alternative))


def level_ok(levels: tuple, level: int) -> bool:
    """CR 2-10-2: a card has the effects of its current level; no levels listed = every level."""
    return not levels or level in levels


def active_constants(game):
    """Every constant effect that applies now: (source iid, controller, effect) (CR 8-1-4-2).

    Inside a read-only pass (Game.reading) the list is computed once for the whole pass."""
    memo = game._constants_memo
    if memo is None:
        return _active_constants(game)
    if not memo:
        stats.pass_memo(game)
    found = memo[ACTIVE]
    if found is None:
        found = _active_constants(game)
        if memo[ACTIVE] is None:
            memo[ACTIVE] = found
        else:  # found again while it was being found: keep the first, as before
            found = memo[ACTIVE]
    return found


def _active_constants(game) -> list:
    st = game.state
    cards = st.cards
    fx_cache = game._fx_cache
    out = []
    for p in (0, 1):
        for iid in st.players[p].field:
            cid = cards[iid].cid
            fx = fx_cache[cid]
            if not fx.constants:
                continue
            lv = stats.level(game, iid)
            for _, e in fx.constants:
                if (not e.levels or lv in e.levels) and condition_holds(game, e.condition, iid, p):  # level_ok
                    out.append((iid, p, e))
    for iid, _, lv in st.pending_cards:  # a card in a pending state: its constant effects work on (STD 10-2-2-4)
        fx = fx_cache[cards[iid].cid]
        p = cards[iid].owner
        for _, e in fx.constants:
            if (not e.levels or lv in e.levels) and condition_holds(game, e.condition, iid, p):
                out.append((iid, p, e))
    if out and lost_effects.possible(game):  # nexuses that lost their effects (lost_effects.py)
        out = lost_effects.drop_lost(game, out, _applies)
    return out


def _directives(game, op: str) -> list:
    """The directives of kind `op` of every active constant effect: (source, controller, directive), in order."""
    pure = game._pure_reads
    if pure and op not in game._constant_ops:
        return []  # no card of this game has one (Game._index_cards): nothing to find
    memo = game._constants_memo
    if memo is not None:
        if not memo:
            stats.pass_memo(game)
        by_op = memo[BY_OP]
        found = by_op.get(op)
        if found is None:
            found = by_op[op] = _of_op(active_constants(game), op) if not pure or _on_field(game, op) else []
        return found
    if pure and not _on_field(game, op):
        return []
    return _of_op(_active_constants(game), op)


def _on_field(game, op: str) -> bool:
    """Whether a field card has a constant effect that does `op` (active or not): only then can one be active.
    Reads no more than the field's card ids, so where reads may be skipped (Game._pure_reads) this answers for
    _directives without finding the active effects."""
    cids = game._op_cids.get(op)  # the cards of this game with such an effect (Game._index_cards)
    if cids:
        cards = game.state.cards
        for player in game.state.players:
            for iid in player.field:
                if cards[iid].cid in cids:
                    return True
        if game.state.pending_cards:  # (Standard's pending state: rules/standard/pending.py)
            return any(cards[e[0]].cid in cids for e in game.state.pending_cards)
    return False


def _of_op(active: list, op: str) -> list:
    return [(src, p, d) for src, p, e in active for d in e.do if d.op == op] if active else []


def _constant_hits(game, iid: int, op: str):
    """Constant-effect directives of kind `op` that apply to card `iid`: (source, controller, directive), each looked
    at as the caller goes through them (callers go through them at once; most often there are none to look at)."""
    directives = _directives(game, op)
    return _hits(game, iid, directives) if directives else ()


def _hits(game, iid: int, directives: list):
    for src, p, d in directives:
        if _applies(game, d.target, iid, p, src):
            yield src, p, d


def _applies(game, t, iid: int, controller: int, source: int) -> bool:
    if t.ref == "this":
        return iid == source
    if t.ref is not None:
        b = game.state.battle
        if t.ref == "linked":  # docs/saga-rulings.md "Link"
            return iid == link.partner(game, source)
        ref = None if b is None else (b.attacker if t.ref == "attacker" else b.blocker if t.ref == "blocker" else None)
        return iid == ref
    zone = game.state.cards[iid].zone
    if zone == "resolving" and t.zone == "hand":
        zone = "hand"  # a magic card being used is still its player's hand card for what it costs (CR 10-8-7)
    return zone == t.zone and matches(game, iid, t, controller, source)


def _amount(game, d, source: int, controller: int):
    """A constant directive's number now: N, or N for each one counted ("+1000 BP for each ...", beyond the first
    `minus`); None for X."""
    if not isinstance(d.amount, int):
        return None
    if d.per is None:
        return d.amount
    return d.amount * max(0, count_value(game, d.per, source, controller) - d.minus)


def constant_bp(game, iid: int) -> tuple[list, list, list]:
    """Constant BP effects on `iid`: (level redefinitions as (level, value), values set, values added), for layers
    ②, ③ and ④ (CR 8-8-1-3-3…5). A redefinition "this spirit's LV1 BP becomes 5000" holds at that level only."""
    redefs, sets, adds = [], [], []
    for src, p, d in _directives(game, "bp"):  # as _constant_hits(game, iid, "bp"), without the generator
        if _applies(game, d.target, iid, p, src):
            value = _amount(game, d, src, p)
            if value is None:
                continue
            if d.level is not None:
                redefs.append((d.level, value))
            elif d.mode == "set":
                sets.append(value)
            else:
                adds.append(value)
    return redefs, sets, adds


def constant_levels(game, iid: int) -> list:
    """Constant level effects on `iid` (layer ①, CR 8-8-1-3-2): (mode, value) in order, e.g. "the opponent's
    spirits are treated as LV1" = ("set", 1)."""
    return [(d.mode, d.amount) for src, p, d in _directives(game, "level")
            if (isinstance(d.amount, int) or d.amount == "max") and _applies(game, d.target, iid, p, src)]


def effect_lost(game, iid: int, levels: tuple) -> bool:
    """Whether field card `iid` has lost its effect listed for `levels` (empty: every level) to an active
    "lose_effects" constant effect (lost_effects.py): then it does not trigger and cannot be activated."""
    if not lost_effects.possible(game) or game.state.cards[iid].zone != "field":
        return False
    return lost_effects.lost(game, iid, levels, _directives(game, lost_effects.OP), _applies)


def constant_symbols(game, iid: int) -> list:  # CR 8-8: changes to information
    """Constant symbol effects on `iid`: (mode, colours) in order, e.g. "treat this spirit as having two red
    symbols" = ("set", ("red", "red")), "this nexus gains a green symbol" = ("add", ("green",))."""
    return [(d.mode, d.colors) for src, p, d in _directives(game, "symbol") if _applies(game, d.target, iid, p, src)]


def keywords_of(game, iid: int, name: str | None = None) -> list:
    """Keywords `iid` has now. On the field only those of its current level, plus granted ones
    (CR 10-13-1); elsewhere every printed keyword (CR 10-13-2)."""
    if name is not None and not _may_have(game, iid, name):
        return []
    st = game.state
    card = st.cards[iid]
    printed = game.fx(card.cid).keywords
    if card.zone != "field":
        out = [k for k in printed if name is None or k.name == name]
        if card.zone == "hand" and game.has_constants and "grant" in game._constant_ops:
            # "all Dragon spirit cards in your hand gain 【Swift】" (docs/saga-rulings.md Other-10)
            out.extend(d.keyword for _, _, d in _constant_hits(game, iid, "grant")
                       if name is None or d.keyword.name == name)
        return out
    lv = stats.level(game, iid)
    out = [k for k in printed if (name is None or k.name == name) and level_ok(k.levels, lv)]
    for g in st.grants:
        if g.what == "keyword" and iid in g.targets and (name is None or g.keyword.name == name):
            out.append(g.keyword)
    if game.has_constants and "grant" in game._constant_ops:  # (no constant grant: nothing to add, and a constant
        # whose condition looks for keywords, "unless you control a spirit with 【Link】", is not read from inside itself)
        if game._grant_cycles:  # grants that may depend on keywords: read off their fixed point
            granted = granted_keywords(game).get(iid, ())
            out.extend(k for k in granted if name is None or k.name == name)
        else:
            for _, _, d in _constant_hits(game, iid, "grant"):
                if name is None or d.keyword.name == name:
                    out.append(d.keyword)
    return out


# Rounds of granted_keywords before it settles for what it has: grants that only add settle in as many rounds as
# there are keywords to pass along; one that takes away what it depends on ("spirits without X gain X") never does.
GRANT_ROUNDS = 16


def granted_keywords(game) -> dict:
    """Card -> the keywords active constant effects give it (CR 10-13-1), when a grant can depend on keywords: "your
    spirits with 【Awaken】 gain 【Confront】". Found once as a fixed point, never by recursion: each round reads
    keywords as the previous round left them (game._kw_approx, which keywords_of answers from meanwhile), until a
    round changes nothing. Inside a read-only pass the answer is kept for the pass."""
    if game._kw_approx is not None:
        return game._kw_approx  # asked from inside a round: what the rounds have found so far
    memo = stats.pass_memo(game)
    if memo is not None and memo[GRANTS] is not None:
        return memo[GRANTS]
    approx: dict = {}
    game._kw_approx, game._constants_memo = approx, None  # (the active constants depend on the rounds' keywords)
    try:
        for _ in range(GRANT_ROUNDS):
            found: dict = {}
            for src, p, d in _of_op(_active_constants(game), "grant"):
                for player in game.state.players:
                    for iid in player.field:
                        if _applies(game, d.target, iid, p, src):
                            found.setdefault(iid, []).append(d.keyword)
            if found == approx:
                break
            approx.clear()
            approx.update(found)
    finally:
        game._kw_approx, game._constants_memo = None, memo
    if memo is not None:
        memo[GRANTS] = approx
    return approx


def has_keyword(game, iid: int, name: str) -> bool:
    if name == "astral":
        return astral_active(game, iid)
    return bool(keywords_of(game, iid, name))


def _may_have(game, iid: int, name: str) -> bool:
    """False when `iid` cannot have keyword `name` whatever its level: not printed on it, granted by no resolved effect
    and by no constant effect of this game (Game._index_cards), when reads may be skipped."""
    if not game._pure_reads or name in game._constant_keywords:
        return True
    cid = game.state.cards[iid].cid
    fx = game._fx_cache[cid]
    if name in fx.keyword_names:
        return True
    for g in game.state.grants:
        if g.what == "keyword" and g.keyword.name == name:
            return True
    return False


def keyword_value(game, iid: int, name: str) -> int | None:
    """The one number a keyword acts with: the largest 【Gale】, 【Crush】 or 【Raid】 (CR 11-10-3, 11-11-4, 11-12-3)."""
    values = [k.value or 0 for k in keywords_of(game, iid, name)]
    return max(values) if values else None


def astral_active(game, iid: int) -> bool:
    """CR 11-14: 【Astral】 is active always, during its controller's turn, during the opponent's turn, or while
    this spirit attacks (the active timing printed on the card, CR 11-14-2)."""
    st = game.state
    owner = st.cards[iid].owner
    mine = st.turn_player == owner
    for k in keywords_of(game, iid, "astral"):
        if k.timing == "always" or (k.timing == "your_turn" and mine) or (k.timing == "opponent_turn" and not mine):
            return True
        if k.timing == "attacking" and st.battle is not None and st.battle.attacker == iid:
            return True
    return False


def restricted(game, iid: int, what: str) -> bool:
    """Whether `iid` cannot attack / cannot block now ("cannot_attack" / "cannot_block")."""
    for g in game.state.grants:
        if g.what == what and iid in g.targets:
            return True
    if game.has_constants:
        for _, _, d in _constant_hits(game, iid, "restrict"):
            if "cannot_" + d.cannot == what and d.amount is None:  # (with unless_pay: attack_tax)
                return True
    return False


def allowed(game, iid: int, what: str, against: int | None = None) -> bool:
    """Whether an effect lets `iid` do what the rules alone would not ("block_exhausted": block while exhausted,
    CR 1-3-1 over CR 7-1-3-1), against the attacker `against` (an effect may name which attackers)."""
    owner = game.state.cards[iid].owner
    for g in game.state.grants:
        if g.what == "can_" + what and iid in g.targets and (
                g.by is None or (against is not None and matches(game, against, g.by, owner, iid))):
            return True
    if game.has_constants:
        for src, p, d in _constant_hits(game, iid, "allow"):
            if d.can == what and (d.by is None or (against is not None and matches(game, against, d.by, p, src))):
                return True
    return False
def attack_tax(game, iid: int) -> int:
    """How many cores `iid`'s controller must pay for it to attack: "cannot attack unless they pay N core", each
    such active effect its own cost (docs/saga-rulings.md, Costs: Tax-1)."""
    if not game.has_constants:
        return 0
    return sum(d.amount for _, _, d in _constant_hits(game, iid, "restrict")
               if d.cannot == "attack" and d.amount is not None)


def unblockable_by(game, attacker: int, blocker: int) -> bool:
    """Whether an effect says `attacker` cannot be blocked by spirits like `blocker` ("cannot be blocked by spirits
    with 3000 BP or less"; no filter: by any spirit)."""
    owner = game.state.cards[attacker].owner
    for g in game.state.grants:
        if g.what == "cannot_be_blocked" and attacker in g.targets and (
                g.by is None or matches(game, blocker, g.by, owner, attacker)):
            return True
    if game.has_constants:
        for src, p, d in _constant_hits(game, attacker, "restrict"):
            if d.cannot == "be_blocked" and (d.by is None or matches(game, blocker, d.by, p, src)):
                return True
    return False


def cost_changes(game, iid: int) -> tuple[int, tuple]:
    """Constant effects on the cost of card `iid` (in a hand, a trash, being used): how much they add to its cost
    (CR 10-6-4) and the reduction symbols they give it (CR 2-7)."""
    memo = game._constants_memo
    if memo is None:  # the active effects once for both kinds (outside a pass, _directives would find them twice)
        if game._pure_reads and not _on_field(game, "cost") and not _on_field(game, "reduction"):
            return 0, ()  # (as _directives would answer)
        active = _active_constants(game)
        changes, reductions = _of_op(active, "cost"), _of_op(active, "reduction")
    else:
        by_op = (memo or stats.pass_memo(game))[BY_OP]  # (as _directives finds them, without calling it when it has)
        changes = by_op.get("cost")
        if changes is None:
            changes = by_op["cost"] = _directives(game, "cost")
        reductions = by_op.get("reduction")
        if reductions is None:
            reductions = by_op["reduction"] = _directives(game, "reduction")
    if not changes and not reductions:
        return 0, ()
    delta, extra = 0, ()
    for src, p, d in changes:
        if d.mode == "add" and _applies(game, d.target, iid, p, src):  # (set, full: a card's own, costs.own_cost)
            delta += d.amount
    for src, p, d in reductions:
        if _applies(game, d.target, iid, p, src):
            extra += d.colors
    return delta, extra


def cost_directives(game) -> bool:
    """Whether a constant effect changes costs or gives reduction symbols now (cost_changes has work to do)."""
    return bool(_directives(game, "cost") or _directives(game, "reduction") or _directives(game, "count_symbols"))


def _can_pay(game, player: int, directives, source: int | None = None) -> bool:
    p = game.state.players[player]
    if any(d.op == "exhaust" and d.target is not None and d.target.ref == "this" for d in directives) and (
            source is None or game.state.cards[source].exhausted):
        return False  # "you may exhaust this nexus to ... instead": only a refreshed one (ruling P21)
    cards = sum(d.amount for d in directives if d.op == "discard" and d.side in (None, "you") and
                isinstance(d.amount, int))
    if cards and len(p.hand) < cards:  # "you may discard a card to ... instead" (ruling P20)
        return False
    need = sum(d.amount for d in directives if d.op == "pay_cores" and isinstance(d.amount, int))
    if not need:
        return True
    return p.reserve + (1 if p.soul == "reserve" else 0) >= need


def substitution_effect(game, src: int, d):
    """The index and the effect of card `src` that holds substitution directive `d`."""
    effects = game._defs[game.state.cards[src].cid].effects
    return next((i, e) for i, e in enumerate(effects) if any(x is d for x in e.do))


def substitutions(game, iid: int, cause) -> list:
    """Substitution effects that could replace destroying `iid` (CR 8-9, 10-1-3-2): (source, controller, directive)."""
    if not game.has_constants:
        return []
    owner = game.state.cards[iid].owner
    out = []
    for src, p, d in _constant_hits(game, iid, "substitute"):
        if d.event not in ("destroyed", "trash") or p != owner:  # trash: destroyed into the hand instead (P21)
            continue
        if d.by_opponent and cause.player != 1 - owner:
            continue
        if d.by_effect and cause.kind not in ("effect", "effect_quiet"):
            continue  # only a destruction effect (CR 10-14-1): not a battle, cores, BP or 【Curse】 (ruling P17)
        if not _can_pay(game, p, d.instead, src):
            continue  # a replacement its controller cannot pay in full is no substitution (CR 8-9-1)
        if game.state.effect_uses:  # "once per turn, when ... would be destroyed, ..." applied already (ruling P20)
            i, e = substitution_effect(game, src, d)
            if e.limit == "once_per_turn" and (src, i) in game.state.effect_uses:
                continue
        out.append((src, p, d))
    return out


stats.use_constant_readers(constant_levels, constant_bp, constant_symbols)  # stats reads constant effects without importing this module
