"""The game state: every piece and where it is.

Plain mutable dataclasses, owned by a `Game`; nothing outside the engine
mutates them. Cards are instances (`Card`) with a stable instance id (`iid`)
and an owner; regular cores are counts per location, and each player's one
soul core has a tracked location (cites["soul_core"]).

Core locations: "life", "reserve", "trash" (the trash's core section),
"void", or the iid of a card on the field.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import NamedTuple

from ..carddb.effects import target_to_dict
from .rng import Rng

_new = object.__new__

# Zones a card can be in (cites["areas"]); "resolving" is a magic card waiting to
# resolve, "removed" a token that left the field (cites["tokens"]) and "pending" a card that left the field and waits
# there, with its cores, for the effects its leaving triggered (a rules module's pending state: GameState.pending_cards).
ZONES = ("deck", "hand", "trash", "field", "burst", "resolving", "removed", "pending")
OFF_LIST = ("resolving", "removed", "pending")  # zones of no player's list

# Turn steps in order (cites["steps"]).
STEPS = ("start", "core", "draw", "refresh", "main", "attack", "end")


class Cause(NamedTuple):
    """Why a card left the field or lost cores: the cause record (the rules module says which causes its game has).

    kind: "battle" (BP comparison), "effect" (a destruction effect; "effect_quiet": one that triggers none of the
    destroyed cards' owner's effects that wait for a destruction; "effect_curse": a keyword's destruction at the end
    of a battle, by an effect yet by no destruction effect),
    "effect_cores" / "effect_bp" (an effect removed cores or lowered BP/level),
    "self" (the owner's own action or cost payment: self-destruction),
    "rule" (anything else the rules do).
    """

    kind: str
    player: int | None = None  # who caused it
    source: int | None = None  # iid of the card whose effect caused it

    @property
    def self_destruction(self) -> bool:
        return self.kind == "self"


@dataclass(slots=True)
class Card:
    iid: int
    cid: str
    owner: int
    zone: str
    exhausted: bool = False
    cores: int = 0  # regular cores on this card; the soul core is tracked on the player
    removal: Cause | None = None  # how it last left the field

    def __copy__(self) -> Card:
        c = _new(Card)
        c.iid, c.cid, c.owner, c.zone, c.exhausted, c.cores, c.removal = (
            self.iid, self.cid, self.owner, self.zone, self.exhausted, self.cores, self.removal)
        return c


@dataclass(slots=True)
class Player:
    deck: list[int] = field(default_factory=list)  # top of the deck is the LAST element
    hand: list[int] = field(default_factory=list)
    trash: list[int] = field(default_factory=list)  # bottom first
    field: list[int] = field(default_factory=list)
    burst: int | None = None
    life: int = 0
    reserve: int = 0
    trash_cores: int = 0
    soul: object = "reserve"  # the soul core's location (cites["soul_core"])
    burst_set_turn: int = 0  # turn number of the last burst set (cites["set_burst"])
    mulligan: bool | None = None  # None until decided (cites["mulligan"])
    deck_out: bool = False  # had no deck at the start of their start step

    def __copy__(self) -> Player:
        p = _new(Player)
        p.deck, p.hand, p.trash, p.field = self.deck[:], self.hand[:], self.trash[:], self.field[:]
        p.burst, p.life, p.reserve, p.trash_cores = self.burst, self.life, self.reserve, self.trash_cores
        p.soul = self.soul
        p.burst_set_turn, p.mulligan, p.deck_out = self.burst_set_turn, self.mulligan, self.deck_out
        return p


@dataclass(slots=True)
class Battle:
    """The battle in progress."""

    attacker: int
    attacking_player: int
    priority: int  # who may act in the current flash window
    window: int = 1  # 1: before blocking, 2: after blocking
    passes: int = 0  # passes in a row (two end the window)
    blocker: int | None = None
    blocked: bool = False
    magic_used: list[int] = field(default_factory=list)  # magic its attacker's owner used (【Luster】)
    cursed: bool = False  # a 【Curse】 attacker was blocked: destroy the blocker at the end
    luster: bool = False  # the attacker had 【Luster】 when it attacked
    link: int | None = None  # the spirit linked with the attacker for this battle (a module's linking mechanism)

    @property
    def defending_player(self) -> int:
        return 1 - self.attacking_player

    def __copy__(self) -> Battle:
        b = _new(Battle)
        b.attacker, b.attacking_player, b.priority, b.window, b.passes = (
            self.attacker, self.attacking_player, self.priority, self.window, self.passes)
        b.blocker, b.blocked, b.magic_used, b.cursed, b.luster, b.link = (
            self.blocker, self.blocked, self.magic_used[:], self.cursed, self.luster, self.link)
        return b


@dataclass(slots=True)
class Continuous:
    """A continuous effect directive that alters card information.

    layer 1 alters level, 2 redefines printed BP, 3 sets BP, 4 adds to BP (rules/bss/continuous.py), 5 sets or
    adds symbols (`value`: their colours, stats.changed_symbols);
    within a layer they apply in timestamp order. `targets` is the set of iids fixed when a
    non-constant effect resolved. `duration`: "turn" (until the end step),
    "battle" or "permanent".
    """

    ts: int
    layer: int
    op: str  # "set" or "add"
    value: int | str | tuple  # a number, or "max" (a level set to the card's highest level), or symbol colours
    targets: frozenset
    duration: str = "turn"
    source: int | None = None
    level: int | None = None  # layer 2: the level whose BP is redefined (None = the current level)

    def __copy__(self) -> Continuous:  # targets is a frozenset: shared
        e = _new(Continuous)
        e.ts, e.layer, e.op, e.value, e.targets, e.duration, e.source, e.level = (
            self.ts, self.layer, self.op, self.value, self.targets, self.duration, self.source, self.level)
        return e


@dataclass(slots=True)
class Grant:
    """A keyword or restriction given to cards for a while: what is "keyword", "cannot_attack",
    "cannot_block" or "cannot_be_blocked"."""

    ts: int
    targets: frozenset
    what: str
    keyword: object = None  # carddb.effects.Keyword for keyword grants
    duration: str = "turn"
    source: int | None = None
    by: object = None  # cannot_be_blocked: the blockers it keeps out (a carddb.effects.Target filter)

    def __copy__(self) -> Grant:  # targets is a frozenset, keyword and by frozen card data: shared
        g = _new(Grant)
        g.ts, g.targets, g.what, g.keyword, g.duration, g.source, g.by = (
            self.ts, self.targets, self.what, self.keyword, self.duration, self.source, self.by)
        return g


@dataclass(slots=True)
class Activation:
    """An activated effect waiting to resolve or resolving.

    ref: ("effect", i) for the source card's i-th effect, ("keyword", name) for a keyword's
    triggered part, ("burst", i) for a burst, ("magic", None) for a magic card whose player still selects
    which effect to use, ("substitute", i, j) for the replacement directive j of the source's
    effect i, ("later", i, j) for what directive j of the source's effect i left for a later moment,
    ("during", i, j) for what directive j of the source's effect i does each time its trigger comes.

    `phase` is where it stands. Activating: "select" (which magic effect), "activate" (may its
    controller pay the cost: "you may ... to ..."), "pay" (X, then each part of the cost, `step`
    the next part). Waiting: "new" (ordered with its group). Resolving: "may", "x", "do",
    "chain" (`step` the next directive), "then_use" (a burst's follow-up), "done".
    """

    ts: int
    group: int  # activations sharing a group activated simultaneously
    source: int
    ref: tuple
    controller: int
    trigger_card: int | None = None
    lki_level: int = 0  # the source's level when it activated (its last known information)
    phase: str = "may"
    step: int = 0
    x: int = 0
    value: int = 0  # a keyword's number (Crush modifier, Gale count, Raid uses)
    x_chosen: bool = False  # X was fixed when the cost was paid
    paid: bool = False  # its cost is paid
    soul_paid: bool = False  # the soul core was among what paid its cost (or its magic card's cost)
    asked: bool = False  # the current directive's "may" was answered yes (or the follow-up's)
    cur: list | None = None  # the cards the current directive selected, kept across its choices (cites["choice"])
    selected: list = field(default_factory=list)  # what the last selecting directive chose: "it"
    picks: list = field(default_factory=list)  # a directive's decisions so far: each player's picks, core splits
    acted: bool = False  # the last directive did something ("if you do")
    shortfall: bool = False  # a directive before did nothing: "after this effect resolves" does not (Standard)
    # the source's last state on the field when it triggered on leaving it: (cores on it, the soul core among them,
    # and its BP when its effect compares with it)
    # (rules/bss/resolution.LEAVING_TRIGGERS)
    lki: tuple | None = None
    discarded: list | None = None  # the cards its last mill discarded from a deck ("the discarded cards")
    struck: list | None = None  # the cards its destructions and core removals acted on ("destroyed by this effect")
    dropped: list | None = None  # the cards it discarded from a hand ("for each card you discarded")
    last: dict | None = None  # card id -> its symbols on the field as the effect destroyed it ("the destroyed spirit")
    changed: list | None = None  # the cards its last exhaust or refresh changed ("spirits refreshed by this effect")

    def hash_data(self) -> list:
        data = [self.ts, self.group, self.source, list(self.ref), self.controller, self.trigger_card, self.lki_level,
                self.phase, self.step, self.x, self.value, self.x_chosen, self.paid, self.soul_paid, self.asked,
                self.cur, self.selected, self.picks, self.acted]
        if self.lki is not None:  # (hashed only when there is one: the hashes of other records stay as they were)
            data.append(list(self.lki))
        if self.shortfall:  # (likewise: only an effect with "after this effect resolves" keeps it)
            data.append("shortfall")
        if self.discarded is not None:  # (likewise: only an effect that discarded from a deck keeps them)
            data.append(["discarded", *self.discarded])
        if self.struck is not None:  # (likewise: only an effect that counts what it destroyed keeps them)
            data.append(["struck", *self.struck])
        if self.dropped is not None:  # (likewise: only an effect that counts its discards keeps them)
            data.append(["dropped", *self.dropped])
        if self.last is not None:  # (likewise: only an effect that reads what it destroyed keeps it)
            data.append(["last", *sorted(self.last.items())])
        if self.changed is not None:  # (likewise: only an effect that reads them keeps them)
            data.append(["changed", *self.changed])
        return data

    def __copy__(self) -> Activation:
        a = _new(Activation)
        a.ts, a.group, a.source, a.ref, a.controller, a.trigger_card, a.lki_level = (
            self.ts, self.group, self.source, self.ref, self.controller, self.trigger_card, self.lki_level)
        a.phase, a.step, a.x, a.value, a.x_chosen, a.paid, a.soul_paid, a.asked, a.acted, a.lki = (
            self.phase, self.step, self.x, self.value, self.x_chosen, self.paid, self.soul_paid, self.asked, self.acted,
            self.lki)
        a.shortfall = self.shortfall
        a.cur = None if self.cur is None else self.cur[:]
        a.selected = self.selected[:]
        a.discarded = None if self.discarded is None else self.discarded[:]
        a.struck = None if self.struck is None else self.struck[:]
        a.dropped = None if self.dropped is None else self.dropped[:]
        a.last = None if self.last is None else dict(self.last)
        a.changed = None if self.changed is None else self.changed[:]
        # picks holds card ids, core splits [iid, regular, soul] or lists of card ids (rules/bss/directives.py)
        a.picks = [x[:] if type(x) is list else x for x in self.picks]
        return a


@dataclass(slots=True)
class Choice:
    """A decision inside resolution: who chooses what (cites["choice"])."""

    kind: str  # order | may | x | target | substitute | cores | effect
    player: int
    options: list
    min: int = 0
    max: int = 0
    prompt: str = ""
    source: int | None = None
    counts: list | None = None  # cores: how many cores each option (place) holds
    limit: int | None = None  # target: the chosen cards' combined BP (or cost) may be at most this
    limit_by: str = "bp"  # what `limit` adds up: "bp" or "cost"

    def hash_data(self) -> list:
        return [self.kind, self.player, self.options, self.min, self.max, self.source, self.counts, self.limit] + (
            [self.limit_by] if self.limit_by != "bp" else [])

    def __copy__(self) -> Choice:
        c = _new(Choice)
        c.kind, c.player, c.options, c.min, c.max, c.prompt, c.source, c.limit, c.limit_by = (
            self.kind, self.player, self.options[:], self.min, self.max, self.prompt, self.source, self.limit,
            self.limit_by)
        c.counts = None if self.counts is None else self.counts[:]
        return c


@dataclass(slots=True)
class Result:
    winner: int | None  # None: a draw
    reason: str

    def __copy__(self) -> Result:
        return Result(self.winner, self.reason)


@dataclass(slots=True)
class GameState:
    cards: dict[int, Card]
    players: list[Player]
    rng: Rng
    first_player: int = 0
    turn: int = 0  # 1 = player one's first turn
    turn_player: int = 0
    stage: str = "mulligan"
    decider: int = 0  # who decides during "mulligan"
    battle: Battle | None = None
    continuous: list[Continuous] = field(default_factory=list)
    grants: list[Grant] = field(default_factory=list)
    queue: list[Activation] = field(default_factory=list)  # waiting to resolve; the newest group first
    choice: Choice | None = None  # a pending decision inside resolution
    pending_destruction: list = field(default_factory=list)  # (iid, Cause) waiting on a substitution choice
    raid_uses: dict = field(default_factory=dict)  # iid -> times 【Raid】 refreshed it this turn
    effect_uses: set = field(default_factory=set)  # (iid, effect) used this turn: 〔Once per turn〕 (Standard)
    spirits_destroyed: list = field(default_factory=lambda: [0, 0])  # each player's spirits destroyed this turn
    effect_draws: list = field(default_factory=lambda: [0, 0])  # each player's draws by their own effects this turn
    # effects waiting for a later moment ("... when the battle ends", "at the end of this turn"): (moment, source,
    # effect index, directive index, controller), in the order they were made
    delayed: list = field(default_factory=list)
    magic_uses: dict = field(default_factory=dict)  # player -> magic cards they used this turn
    cost_next: list = field(default_factory=list)  # (player, Target, amount) for the next magic card used this turn
    # effects that wait for a trigger while they last ("during this turn, when ..."): (source, effect index,
    # directive index, controller, duration, the cards watched or None: any that fit)
    temporary: list = field(default_factory=list)
    # this turn's events "the first time ... each turn" counts: ("life", player) / ("destroyed", owner, card, by the
    # opponent) / ("attack", player, card), in order
    turn_log: list = field(default_factory=list)
    # cards in the "pending" zone, in the order they entered it: (iid, where it goes next, the level it keeps)
    pending_cards: list = field(default_factory=list)
    next_group: int = 1
    next_ts: int = 1
    cores_in_play: int = 0  # regular cores taken out of the void, so core totals can be audited
    chain: int = 0  # effects activated and resolved since the queue was last empty (an infinite loop's count)
    result: Result | None = None
    table: object = None  # table.state.Table: what another game's profile adds (None: Battle Spirits Saga's table)
    # what a rules module keeps of its own beyond these (Battle of Souls: rules/bos/state.py), with copy() and
    # to_dict(); None for the modules that need none, so their hashes stay as they were
    rules: object = None

    @property
    def step(self) -> str:
        """The turn step (cites["steps"]) the current stage belongs to, or "setup"; another game's, its table's step."""
        if self.table is not None and self.table.step:
            return self.table.step
        return STAGE_STEP.get(self.stage, "setup")

    def to_dict(self) -> dict:
        """A canonical plain-data form of everything that matters for the hash."""
        return {
            "cards": [
                [c.iid, c.cid, c.owner, c.zone, c.exhausted, c.cores, list(c.removal) if c.removal else None]
                for c in sorted(self.cards.values(), key=lambda c: c.iid)
            ],
            "players": [
                {"deck": p.deck, "hand": p.hand, "trash": p.trash, "field": p.field, "burst": p.burst,
                 "life": p.life, "reserve": p.reserve, "trash_cores": p.trash_cores, "soul": p.soul,
                 "burst_set_turn": p.burst_set_turn, "mulligan": p.mulligan, "deck_out": p.deck_out}
                for p in self.players
            ],
            "rng": self.rng.state,
            "first_player": self.first_player,
            "turn": self.turn,
            "turn_player": self.turn_player,
            "stage": self.stage,
            "decider": self.decider,
            "battle": None if self.battle is None else {
                "attacker": self.battle.attacker, "attacking_player": self.battle.attacking_player,
                "priority": self.battle.priority, "window": self.battle.window, "passes": self.battle.passes,
                "blocker": self.battle.blocker, "blocked": self.battle.blocked,
                "magic_used": self.battle.magic_used, "cursed": self.battle.cursed, "luster": self.battle.luster,
                **({"link": self.battle.link} if self.battle.link is not None else {})},
            "continuous": [[e.ts, e.layer, e.op, e.value, sorted(e.targets), e.duration, e.source, e.level]
                           for e in self.continuous],
            "grants": [[g.ts, sorted(g.targets), g.what, repr(g.keyword), g.duration, g.source, _filter_key(g.by)]
                       for g in self.grants],
            "queue": [a.hash_data() for a in self.queue],
            "choice": None if self.choice is None else self.choice.hash_data(),
            "pending_destruction": [[i, list(c)] for i, c in self.pending_destruction],
            "raid_uses": sorted(self.raid_uses.items()),
            "next_group": self.next_group,
            "next_ts": self.next_ts,
            "cores_in_play": self.cores_in_play,
            "chain": self.chain,
            "result": None if self.result is None else [self.result.winner, self.result.reason],
            **({} if self.table is None else {"table": self.table.to_dict()}),
            **({} if self.rules is None else {"rules": self.rules.to_dict()}),
            **({"effect_uses": sorted(map(list, self.effect_uses))} if self.effect_uses else {}),
            **({"spirits_destroyed": self.spirits_destroyed} if any(self.spirits_destroyed) else {}),
            **({"effect_draws": self.effect_draws} if any(self.effect_draws) else {}),
            **({"delayed": [list(d) for d in self.delayed]} if self.delayed else {}),
            **({"magic_uses": sorted(self.magic_uses.items())} if self.magic_uses else {}),
            **({"cost_next": [[p, _filter_key(t), n] for p, t, n in self.cost_next]} if self.cost_next else {}),
            **({"turn_log": [list(x) for x in self.turn_log]} if self.turn_log else {}),
            **({"temporary": [[*t[:5], None if t[5] is None else sorted(t[5])] for t in self.temporary]}
               if self.temporary else {}),
            **({"pending_cards": [list(e) for e in self.pending_cards]} if self.pending_cards else {}),
        }

    def hash(self) -> str:
        data = json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(data.encode()).hexdigest()

    def copy(self) -> GameState:
        """An independent copy of everything (what copy.deepcopy would make, written out: it is many times faster,
        and search copies states all the time). Frozen values — Cause, frozensets, card data — are shared."""
        s = _new(GameState)
        s.cards = {iid: c.__copy__() for iid, c in self.cards.items()}
        s.players = [p.__copy__() for p in self.players]
        s.rng = Rng(self.rng.state)
        s.first_player, s.turn, s.turn_player, s.stage, s.decider = (
            self.first_player, self.turn, self.turn_player, self.stage, self.decider)
        s.battle = None if self.battle is None else self.battle.__copy__()
        s.continuous = [e.__copy__() for e in self.continuous]
        s.grants = [g.__copy__() for g in self.grants]
        s.queue = [a.__copy__() for a in self.queue]
        s.choice = None if self.choice is None else self.choice.__copy__()
        s.pending_destruction = self.pending_destruction[:]  # (iid, Cause) pairs: immutable
        s.raid_uses = self.raid_uses.copy()
        s.effect_uses = self.effect_uses.copy()
        s.spirits_destroyed = self.spirits_destroyed[:]
        s.effect_draws = self.effect_draws[:]
        s.delayed = self.delayed[:]  # (tuples)
        s.magic_uses = self.magic_uses.copy()
        s.cost_next = self.cost_next[:]  # (tuples of frozen values)
        s.temporary = self.temporary[:]  # (tuples of frozen values)
        s.turn_log = self.turn_log[:]  # (tuples)
        s.pending_cards = self.pending_cards[:]  # (tuples)
        s.next_group, s.next_ts = self.next_group, self.next_ts
        s.cores_in_play, s.chain = self.cores_in_play, self.chain
        s.result = None if self.result is None else self.result.__copy__()
        s.table = None if self.table is None else self.table.copy()
        s.rules = None if self.rules is None else self.rules.copy()
        return s


# Stage → turn step. Stages are the engine's resumable points inside a turn.
STAGE_STEP = {
    "start": "start", "core": "core", "draw": "draw", "refresh": "refresh",
    "main_start": "main", "main": "main", "second_main_start": "second_main", "second_main": "second_main",
    "attack_start": "attack", "attack": "attack", "flash": "attack", "block": "attack",
    "battle_resolve": "attack", "battle_compare": "attack", "battle_end": "attack",
    "end_start": "end", "end_cleanup": "end",
    "game_over": "end",
}


def _filter_key(t):
    """A card filter as the hash reads it: its written form (target_to_dict: fields at their defaults left out), so a
    field the vocabulary gains later leaves the hashes of games that do not use it as they were; None as before."""
    return "None" if t is None else target_to_dict(t)
