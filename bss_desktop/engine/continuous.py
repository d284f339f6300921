"""What keywords, grants and constant effects say about a card right now (CR 8-1-4, 8-8, 10-13, 11).

Reads only. A card's printed effects are indexed once per card id (`CardFx`),
so games without effects pay nothing for this.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from . import stats
from .targets import condition_holds, count_value, matches


@dataclass
class CardFx:
    """A card definition's effects, sorted by how the engine uses them."""

    keywords: tuple = ()
    constants: list = field(default_factory=list)  # (index, Effect)
    triggered: dict = field(default_factory=dict)  # trigger -> [(index, Effect)]
    activated: list = field(default_factory=list)  # (index, Effect)
    bursts: list = field(default_factory=list)  # (index, Effect)
    magic: list = field(default_factory=list)  # (index, Effect)
    # manual effects never resolve here; triggered ones and bursts are announced when their trigger fires
    manual_triggered: dict = field(default_factory=dict)  # trigger -> [(index, Effect)]
    manual_bursts: list = field(default_factory=list)  # (index, Effect)

    @property
    def any(self) -> bool:
        return bool(self.keywords or self.constants or self.triggered or self.activated or self.bursts)


def index_card(card_def) -> CardFx:
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
    return fx


def level_ok(levels: tuple, level: int) -> bool:
    """CR 2-10-2: a card has the effects of its current level; no levels listed = every level."""
    return not levels or level in levels


def active_constants(game):
    """Every constant effect that applies now: (source iid, controller, effect) (CR 8-1-4-2).

    Inside a read-only pass (Game.reading) the list is computed once for the whole pass."""
    memo = stats.pass_memo(game)
    if memo is None:
        return list(_active_constants(game))
    found = memo[stats.ACTIVE]
    if found is None:
        found = list(_active_constants(game))
        if memo[stats.ACTIVE] is None:
            memo[stats.ACTIVE] = found
        else:  # found again while it was being found: keep the first, as before
            found = memo[stats.ACTIVE]
    return found


def _active_constants(game):
    st = game.state
    for p in (0, 1):
        for iid in st.players[p].field:
            fx = game.fx(st.cards[iid].cid)
            if not fx.constants:
                continue
            lv = stats.level(game, iid)
            for _, e in fx.constants:
                if level_ok(e.levels, lv) and condition_holds(game, e.condition, iid, p):
                    yield iid, p, e


def _directives(game, op: str) -> list:
    """The directives of kind `op` of every active constant effect: (source, controller, directive), in order."""
    memo = stats.pass_memo(game)
    if memo is not None:
        by_op = memo[stats.BY_OP]
        found = by_op.get(op)
        if found is None:
            found = by_op[op] = [(src, p, d) for src, p, e in active_constants(game) for d in e.do if d.op == op]
        return found
    return [(src, p, d) for src, p, e in active_constants(game) for d in e.do if d.op == op]


def _constant_hits(game, iid: int, op: str):
    """Constant-effect directives of kind `op` that apply to card `iid`: (source, controller, directive)."""
    for src, p, d in _directives(game, op):
        if _applies(game, d.target, iid, p, src):
            yield src, p, d


def _applies(game, t, iid: int, controller: int, source: int) -> bool:
    if t.ref == "this":
        return iid == source
    if t.ref is not None:
        b = game.state.battle
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


def keywords_of(game, iid: int, name: str | None = None) -> list:
    """Keywords `iid` has now. On the field only those of its current level, plus granted ones
    (CR 10-13-1); elsewhere every printed keyword (CR 10-13-2)."""
    st = game.state
    card = st.cards[iid]
    printed = game.fx(card.cid).keywords
    if card.zone != "field":
        return [k for k in printed if name is None or k.name == name]
    lv = stats.level(game, iid)
    out = [k for k in printed if (name is None or k.name == name) and level_ok(k.levels, lv)]
    for g in st.grants:
        if g.what == "keyword" and iid in g.targets and (name is None or g.keyword.name == name):
            out.append(g.keyword)
    if game.has_constants:
        for _, _, d in _constant_hits(game, iid, "grant"):
            if name is None or d.keyword.name == name:
                out.append(d.keyword)
    return out


def has_keyword(game, iid: int, name: str) -> bool:
    if name == "astral":
        return astral_active(game, iid)
    return bool(keywords_of(game, iid, name))


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
            if "cannot_" + d.cannot == what:
                return True
    return False


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
    delta, extra = 0, ()
    for _, _, d in _constant_hits(game, iid, "cost"):
        delta += d.amount
    for _, _, d in _constant_hits(game, iid, "reduction"):
        extra += d.colors
    return delta, extra


def _can_pay(game, player: int, directives) -> bool:
    need = sum(d.amount for d in directives if d.op == "pay_cores" and isinstance(d.amount, int))
    if not need:
        return True
    p = game.state.players[player]
    return p.reserve + (1 if p.soul == "reserve" else 0) >= need


def substitutions(game, iid: int, cause) -> list:
    """Substitution effects that could replace destroying `iid` (CR 8-9, 10-1-3-2): (source, controller, directive)."""
    if not game.has_constants:
        return []
    owner = game.state.cards[iid].owner
    out = []
    for src, p, d in _constant_hits(game, iid, "substitute"):
        if d.event != "destroyed" or p != owner:
            continue
        if d.by_opponent and cause.player != 1 - owner:
            continue
        if not _can_pay(game, p, d.instead):
            continue  # a replacement its controller cannot pay in full is no substitution (CR 8-9-1)
        out.append((src, p, d))
    return out
