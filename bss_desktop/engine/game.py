"""The Game: one door in (`apply`), decisions out (`pending`, `legal_commands`).

The engine is a state machine over *stages* (state.STAGE_STEP). Automatic
stages (core step, draw step, battle resolution, ...) run inside `_run()`
until the game needs a player's decision; decision stages wait for a command.
Every command handler validates everything before it changes anything, so an
illegal command raises `IllegalCommand` and leaves the state byte-for-byte as
it was.
"""
from __future__ import annotations

import reprlib
from dataclasses import replace
from typing import NamedTuple

from . import continuous, costs, stats, table_cards
from .commands import (Activate, Attack, Awaken, Block, Choose, Command, Concede, CoreMove, EndAttack, EndMain,
                       ManualAttach, ManualCardToken, ManualCores, ManualCounter, ManualDeck, ManualExhaust, ManualFlip,
                       ManualLook, ManualMove, ManualNote, ManualOrder, ManualRandom, ManualRandomCard, ManualReveal,
                       ManualShuffle, ManualSide, ManualStep, ManualSummon, ManualToken, ManualTracker, ManualTurn,
                       ManualUse, MoveCores,
                       Mulligan, Pass, PlaceNexus, ContractOpening,
                       SetBurst, Summon, UseMagic, CHOICE, field_problem)
from .errors import IllegalCommand
from .events import Event
from .resolution import COLLECTORS, Resolution
from .rng import Rng
from .settings import Ruleset
from .state import Activation, Battle, Card, Cause, GameState, Player, Result
from .hand_helpers import HandHelpers
from .manual_moves import ManualMoves
from .table_moves import TableMoves
from .table_turn import HANDLERS as TURN_HANDLERS
from ..table import opening
from .targets import condition_holds
from ..limits import MAX_EVENTS_PER_COMMAND

STARTING_LIFE = 5  # CR 5-2-3
STARTING_RESERVE = 3  # CR 5-2-4 (plus the soul core)
OPENING_HAND = 4  # CR 5-2-5

DECISION_STAGES = ("mulligan", "main", "attack", "flash", "block")

# The rule that asks for each kind of choice inside an effect (Pending.info["kind"]): a command that is not its
# answer is refused naming it, and so is an answer of the wrong type.
CHOICE_RULES = {"target": "CR 8-5-3", "may": "CR 8-1-8", "order": "CR 8-5-2-4", "x": "CR 4-6-2",
                "substitute": "CR 8-9-2", "cores": "CR 8-5-6", "effect": "CR 10-8-3"}
_CHOICE_WORDS = {"target": "which cards", "may": "whether to do it", "order": "which effect resolves first",
                 "x": "the value of X", "substitute": "whether to substitute the destruction",
                 "cores": "which cores", "effect": "which effect to use"}
_DURING_A_CHOICE = (Choose, Concede)


class Pending(NamedTuple):
    """Who must decide what. kind: mulligan | main | attack | flash | block | choose
    (a choice inside an effect: info["kind"] is order, may, x, target, substitute, cores or effect)."""

    kind: str
    player: int
    info: dict


# More effects than this activating and resolving in one chain (the queue never empty between them) is an infinite
# loop (CR 12-1). One nobody can end — no decision at all, or only decisions that cannot stop it, such as the order
# of simultaneous effects — is a draw (CR 12-1-1-1); a player who can end it does so at their "may" (CR 12-1-1-2: the
# number of yeses is the number they declare), and going past this too is a draw. No real action comes near it:
# the busiest chains of the shipped sets resolve a few dozen.
LOOP_LIMIT = 1000

_new = object.__new__
_pending = tuple.__new__  # Pending(kind, player, info) without the named tuple's Python-level __new__
_SELF_CAUSE = (Cause("self", 0), Cause("self", 1))  # each player's own action (causes are values)
_flags_by_cards: dict = {}  # (id(db), card ids) -> (db, Game._card_flags(...)): the same decks meet again and again
_valid_decks: dict = {}  # (id(db), deck) -> db: decks Game.new found legal (simulations play the same ones again)
# Game.clone: attributes the copy shares (immutable, or read-only: the card database and its effect index) ...
_CLONE_SHARED = frozenset({"db", "_defs", "settings", "_fx_cache", "has_effects", "has_constants",
                           "has_level_constants", "has_cost_constants", "_constant_ops", "_constant_keywords",
                           "_pure_reads", "_bp_lowering", "_triggers", "_keywords", "_trigger_cids", "_op_cids",
                           "_cost_cids", "_activated_cids", "_grant_cycles", "_soul_summon", "_answer", "_resolved",
                           "profile"})
# ... and those it copies or starts afresh
_CLONE_COPIED = frozenset({"state", "start", "names", "inline_cards", "_db_owned", "history", "hashes", "log_events",
                           "_events", "record_hashes", "_touched", "_pending", "_constants_memo", "_in_constants",
                           "_kw_approx"})


_made: dict = {}  # (command class, *fields) -> the command legal_commands offers (commands are frozen values)
_well_formed: dict = {}  # id(command) -> command: the ones of _made, whose fields field_problem found well formed


class _Defs(dict):
    """Card id -> definition, from a game's card database (Game._defs): a plain dict lookup for the engine's many reads
    (the database's own lookup is a Python method), each filled from the database when first read."""

    __slots__ = ("db",)

    def __init__(self, db):
        super().__init__()
        self.db = db

    def __missing__(self, cid):
        d = self[cid] = self.db[cid]  # an unknown id fails here as it would in the database
        return d


_db_caches: dict = {}  # id(db) -> (db, its _Defs, its card id -> CardFx): what games of one database share


def _caches_of(db) -> tuple:
    """A database's definition lookup (Game._defs) and effect index (Game._fx_cache, card id -> continuous.CardFx),
    shared by every game of that database: both are read-only views of it, and a database only ever gains cards."""
    hit = _db_caches.get(id(db))
    if hit is None or hit[0] is not db:
        if len(_db_caches) >= 64:
            _db_caches.clear()
        hit = _db_caches[id(db)] = (db, _Defs(db), _FxIndex(db))
    return hit[1], hit[2]


class _FxIndex(dict):
    """Card id -> its continuous.CardFx (Game._fx_cache), indexed when first read."""

    __slots__ = ("db",)

    def __init__(self, db):
        super().__init__()
        self.db = db

    def __missing__(self, cid):
        fx = self[cid] = continuous.index_card(self.db[cid])
        return fx


def _offer(cls, *fields):
    """The command legal_commands lists, made once and reused: a random game offers the same few thousand again and
    again, and apply need not check the fields of one it checked when it was made. Only the engine calls this, with
    fields of the right types (so True never stands for 1 in a key)."""
    key = (cls, *fields)
    cmd = _made.get(key)
    if cmd is None:
        if len(_made) >= 20000:
            _made.clear()
            _well_formed.clear()
        cmd = _made[key] = cls(*fields)
        if field_problem(cmd) is None:
            _well_formed[id(cmd)] = cmd
    return cmd


def _reserve_offer(kind: str, p: int, iid: int, pay: int, place: int):
    """The summon, placement or magic use legal_commands offers when the reserve's cores alone pay `pay` and place
    `place` (costs._auto_select's answer then: those cores, from the reserve), made once (as _offer)."""
    key = (kind, p, iid, pay, place)
    cmd = _made.get(key)
    if cmd is None:
        pay_sel = (("reserve", pay),) if pay else ()
        place_sel = (("reserve", place),) if place else ()
        if kind == "magic":
            cmd = _offer(UseMagic, p, iid, pay_sel, False)
        elif kind == "nexus":
            cmd = _offer(PlaceNexus, p, iid, pay_sel, False, place_sel, False)
        else:
            cmd = _offer(Summon, p, iid, pay_sel, False, place_sel, False, None)
        _made[key] = cmd
    return cmd


_moves: dict = {}  # (player, field card) -> its four one-core moves (_card_moves)


def _card_moves(p: int, iid: int) -> tuple:
    """The core moves legal_commands offers for a field card: a core from the reserve onto it, the soul core from the
    reserve onto it, a core from it to the reserve, the soul core from it to the reserve (made once, as _offer)."""
    if len(_moves) >= 4096:
        _moves.clear()
    moves = _moves[(p, iid)] = (_offer(MoveCores, p, (CoreMove("reserve", iid, 1, False),)),
                                _offer(MoveCores, p, (CoreMove("reserve", iid, 0, True),)),
                                _offer(MoveCores, p, (CoreMove(iid, "reserve", 1, False),)),
                                _offer(MoveCores, p, (CoreMove(iid, "reserve", 0, True),)))
    return moves


def _plain_copy(v):
    """A copy of plain data (dicts and lists of JSON-like values; tuples and scalars are immutable)."""
    if type(v) is dict:
        return {k: _plain_copy(x) for k, x in v.items()}
    if type(v) is list:
        return [_plain_copy(x) for x in v]
    return v


def profile_of(start: dict):
    """The game profile a game's start names (`game:`, in a position too); Battle Spirits Saga when none."""
    from ..table.profiles import get_profile

    position = start.get("position")
    name = start.get("game") or (position.get("game") if isinstance(position, dict) else None) or "bss"
    return get_profile(name)


class Game(Resolution, ManualMoves, TableMoves, HandHelpers):
    def __init__(self, db, state: GameState, settings: Ruleset | None = None, *,
                 start: dict | None = None, record_hashes: bool = True, profile=None):
        self.profile = profile or profile_of(start or {})  # the game on the table (table/profile.py)
        self.db = db
        self._defs, self._fx_cache = _caches_of(db)  # (replaced whenever self.db is)
        self.state = state
        self.settings = settings or Ruleset()
        self.start = start or {}
        self.names: list[str | None] = [None, None]  # players' display names (positions may carry them)
        self.inline_cards: list = []  # card definitions a position brought along (saved back with it)
        self._db_owned = False  # True once this game works on its own copy of the card database
        self.history: list[Command] = []
        self.record_hashes = record_hashes
        self.hashes: list[str] = []
        self.log_events: list[Event] = []  # events of game creation (setup), before any command
        self._events: list[Event] = self.log_events
        self._touched: dict[int, Cause] = {}  # cards that lost cores in the current action, and who caused it
        self._soul_summon: int | None = None  # the card just summoned with the soul core in its payment
        self._pending: list = []  # triggers collected since the last flush (resolution.py)
        self._answer = None  # the answer to a choice, until resolution consumes it
        self._in_constants = False  # guards BP filters inside constant effects against recursion
        self._constants_memo = None  # the active constant effects, during a read-only pass (reading())
        self._kw_approx = None  # keywords granted so far, while continuous.granted_keywords finds its fixed point
        self._index_cards()
        self._resolved: Command | None = None  # the command being applied, with automatic choices filled in
        if record_hashes:
            self.hashes.append(state.hash())

    # ------------------------------------------------------------------ creation

    def _index_cards(self) -> None:
        """What the cards in this game need the engine to look for (flags that keep vanilla games fast)."""
        db = self.db
        cids = frozenset({c.cid for c in self.state.cards.values()})
        key = (id(db), cids)
        hit = _flags_by_cards.get(key)
        if hit is None or hit[0] is not db:  # (a database only ever gains cards: its answer for these ids holds)
            if len(_flags_by_cards) >= 1024:
                _flags_by_cards.clear()
            hit = _flags_by_cards[key] = (db, self._card_flags(cids))
        (self.has_effects, self.has_constants, self.has_level_constants, self.has_cost_constants, self._constant_ops,
         self._constant_keywords, self._pure_reads, self._bp_lowering, self._triggers, self._keywords,
         self._trigger_cids, self._op_cids, self._cost_cids, self._activated_cids, self._grant_cycles) = hit[1]

    def _card_flags(self, cids) -> tuple:
        db = self.db
        has_effects = any(db[c].effects or db[c].keywords or self._tokens_of(c) for c in cids)
        has_constants = any(self.fx(c).constants for c in cids) if has_effects else False
        # constant level effects are rare and read on every level: only looked for when a card has one
        has_level_constants = has_constants and any(
            d.op == "level" for c in cids for _, e in self.fx(c).constants for d in e.do)
        # likewise constant cost and reduction changes, read whenever a cost is computed
        has_cost_constants = has_constants and any(
            d.op in ("cost", "reduction") for c in cids for _, e in self.fx(c).constants for d in e.do)
        # The constant effects any card of this game (or a token one makes) has: what they can do, the keywords they
        # give; and whether their conditions read only what no constant effect changes (not BP, keywords, or levels
        # that constant effects alter). Then every read gives the same answer in any order, inside a read-only pass or
        # not, so a read whose answer is known may be skipped (continuous.py).
        defs = continuous.with_tokens([db[c] for c in cids]) if has_effects else []
        every = [continuous.index_card(d) for d in defs]
        constants = [e for fx in every for _, e in fx.constants] if has_constants else []
        constant_ops = frozenset(d.op for e in constants for d in e.do)
        constant_keywords = frozenset(d.keyword.name for e in constants for d in e.do
                                      if d.op == "grant" and d.keyword is not None)
        pure_reads = not has_level_constants and not any(continuous.reads_effects(e.condition) for e in constants)
        bp_lowering = any(d.op == "bp" and not continuous.raises_only(d) for e in constants for d in e.do)
        # the triggers some effect of this game waits for: an event no effect waits for triggers nothing
        triggers = frozenset(t for fx in every for t in continuous.trigger_names(fx))
        keywords = frozenset(name for fx in every for name in fx.keyword_names)  # printed ones
        # trigger -> the card ids with a (manual) triggered effect waiting for it
        trigger_cids: dict = {}
        for d, fx in zip(defs, every):
            for t in set(fx.triggered) | set(fx.manual_triggered):
                trigger_cids.setdefault(t, set()).add(d.id)
            # ("step", s): the cards with an effect "at the start of step s" or, for "end", "at the end of the turn"
            for by in (fx.triggered, fx.manual_triggered):
                for _, e in by.get("start_of_step", ()):
                    trigger_cids.setdefault(("step", e.step), set()).add(d.id)
                if by.get("end_of_turn"):
                    trigger_cids.setdefault(("step", "end"), set()).add(d.id)
        trigger_cids = {t: frozenset(ids) for t, ids in trigger_cids.items()}
        # op -> the card ids with a constant effect that does it; those with one on costs; with an activated effect
        op_cids: dict = {}
        for d, fx in zip(defs, every):
            for op in fx.constant_ops:
                op_cids.setdefault(op, set()).add(d.id)
        op_cids = {op: frozenset(ids) for op, ids in op_cids.items()}
        cost_cids = op_cids.get("cost", frozenset()) | op_cids.get("reduction", frozenset())
        activated_cids = frozenset(d.id for d, fx in zip(defs, every) if fx.activated)
        # a constant grant that can depend on keywords or BP (its target's filter, or any constant's condition): then
        # granted keywords are found as a fixed point (continuous.granted_keywords), never by reading themselves
        grant_cycles = "grant" in constant_ops and (not pure_reads or any(
            continuous.reads_effects_target(d.target) for e in constants for d in e.do if d.op == "grant"))
        return (has_effects, has_constants, has_level_constants, has_cost_constants, constant_ops, constant_keywords,
                pure_reads, bp_lowering, triggers, keywords, trigger_cids, op_cids, cost_cids, activated_cids,
                grant_cycles)

    def _tokens_of(self, cid: str) -> bool:
        return any(d.op == "token" for e in self._defs[cid].effects for d in e.do)

    @classmethod
    def new(cls, db, decks: list[list[str]], seed: int, *, first_player: int | None = None,
            settings: Ruleset | None = None, validate_decks: bool = True, record_hashes: bool = True,
            deck_names: list[str] | None = None, profile=None, sides: list[list[str]] | None = None) -> "Game":
        """Set up a game (CR 5-2): shuffle, 5 life, 3 cores + soul core, draw 4, decide player one.

        `profile`: another game's table (table/profile.py; None: Battle Spirits Saga), set up as its profile's
        `setup:` says, for the sandbox; `sides`: each player's side deck, for a game whose profile has one."""
        from ..table.profiles import get_profile

        profile = profile or get_profile("bss")
        if len(decks) != 2:
            raise ValueError("a game needs exactly two decks (CR 1-1-1)")
        if validate_decks and profile.id == "bss":  # CR 5-1-1-1: every violation, for each deck
            from ..carddb.decks import DeckListError, validate_deck

            for i, deck in enumerate(decks):
                key = (id(db), tuple(deck))
                if _valid_decks.get(key) is db:
                    continue  # found legal with this database before (a database only ever gains cards)
                problems = validate_deck(deck, db)
                if problems:
                    raise DeckListError([(None, m) for m in problems], source=f"player {i + 1}'s deck")
                if len(_valid_decks) >= 256:
                    _valid_decks.clear()
                _valid_decks[key] = db
        cards: dict[int, Card] = {}
        players = [Player(), Player()]
        iid = 0
        for owner, deck in enumerate(decks):
            for cid in dict.fromkeys(deck):
                db[cid]  # unknown ids fail here, naming the first in the deck's order
            ids = players[owner].deck
            for cid in deck:
                iid += 1
                card = cards[iid] = _new(Card)  # Card(iid, cid, owner, "deck"), without the dataclass's __init__
                card.iid, card.cid, card.owner, card.zone, card.exhausted, card.cores, card.removal = (
                    iid, cid, owner, "deck", False, 0, None)
                ids.append(iid)
        state = GameState(cards=cards, players=players, rng=Rng(seed))
        start = {"seed": seed, "first_player": first_player, "decks": [list(d) for d in decks]}
        if deck_names:
            start["deck_names"] = list(deck_names)
        if profile.id != "bss":
            start["game"] = profile.id
            if sides and any(sides):
                start["sides"] = [list(s) for s in sides]
        game = cls(db, state, settings, start=start, record_hashes=False, profile=profile)
        if profile.id != "bss":
            game._setup_table(first_player, sides or [[], []])
        else:
            game._setup(first_player)
        game.record_hashes = record_hashes
        if record_hashes:
            game.hashes.append(state.hash())
        return game

    def _setup_table(self, first_player: int | None, sides: list[list[str]]) -> None:
        """Set up another game's table (its profile's `setup:`): shuffle, its pieces and trackers, its hand."""
        from ..table.state import NATIVE_PIECE_ZONES, Table, needs_table

        st, profile = self.state, self.profile
        if needs_table(profile):
            st.table = Table.for_profile(profile)
        zone = (profile.deck_rules["side"] or {}).get("zone")  # side deck; Eternal's token cards (ETR §Token Cards)
        if zone in profile.zones and any(sides):
            iid = max(st.cards, default=0)
            for owner, side in enumerate(sides):
                for cid in side:
                    self.db[cid]  # unknown ids fail here
                    iid += 1
                    st.cards[iid] = Card(iid, cid, owner, zone)
                    st.table.areas[owner][zone].append(iid)
        for p, player in enumerate(st.players):
            st.rng.shuffle(player.deck)
            self._emit("shuffle", player=p)
        soul_at = None
        for zone, counts in profile.setup["pieces"].items():
            for piece, n in counts.items():
                if profile.pieces[piece].unique:
                    soul_at = zone if n else soul_at
                    continue
                for player, table_pieces in zip(st.players, st.table.pieces if st.table else [{}, {}]):
                    if zone in NATIVE_PIECE_ZONES:
                        setattr(player, zone, getattr(player, zone) + n)
                    else:
                        table_pieces[zone] += n
                    st.cores_in_play += n
        for player in st.players:
            player.soul = soul_at if "soul_core" in profile.pieces else None
        for p in (0, 1):
            if not self._contract_asked(p):  # a contract card to take first: no hand yet (table_cards.py)
                self._draw(p, profile.setup["hand"])
        if first_player is None:
            first_player = st.rng.below(2)
        if first_player not in (0, 1):
            raise ValueError("first_player must be 0, 1 or None")
        st.first_player = st.turn_player = st.decider = first_player
        st.stage = "mulligan"
        self._emit("setup", first_player=first_player)

    def _setup(self, first_player: int | None) -> None:
        st = self.state
        for p, player in enumerate(st.players):
            st.rng.shuffle(player.deck)  # CR 5-2-2
            self._emit("shuffle", player=p)
        for player in st.players:
            player.life = STARTING_LIFE  # CR 5-2-3
            player.reserve = STARTING_RESERVE  # CR 5-2-4
            player.soul = "reserve"
            st.cores_in_play += STARTING_LIFE + STARTING_RESERVE
        for p in (0, 1):
            self._draw(p, OPENING_HAND)  # CR 5-2-5
        if first_player is None:
            first_player = st.rng.below(2)  # CR 5-2-6: a random method decides
        if first_player not in (0, 1):
            raise ValueError("first_player must be 0, 1 or None")
        st.first_player = st.turn_player = st.decider = first_player
        st.stage = "mulligan"
        self._emit("setup", first_player=first_player)

    # ------------------------------------------------------------------ queries

    @property
    def over(self) -> bool:
        return self.state.result is not None

    @property
    def result(self) -> Result | None:
        return self.state.result

    @property
    def pending(self) -> Pending | None:
        """The decision the game waits for, or None when it is over."""
        st = self.state
        if st.result is not None:
            return None
        c = st.choice
        if c is not None:
            info = {"kind": c.kind, "options": list(c.options), "min": c.min, "max": c.max, "prompt": c.prompt,
                    "source": c.source}
            if c.kind == "order":  # which card each waiting effect comes from, to name the options
                by_ts = {a.ts: a.source for a in st.queue}
                info["sources"] = [by_ts.get(ts) for ts in c.options]
            elif c.kind == "substitute" and st.pending_destruction:  # the card whose effect each option is
                iid, cause = st.pending_destruction[0]
                info["sources"] = [src for src, _, _ in continuous.substitutions(self, iid, cause)]
            elif c.kind == "cores":  # how many cores each place (0 the reserve, a card, -1 the soul core) holds
                info["counts"] = list(c.counts)
            if c.limit is not None:  # target: the combined BP the chosen cards may have at most
                info["limit"] = c.limit
            return _pending(Pending, ("choose", c.player, info))
        s = st.stage
        if s == "mulligan":
            return _pending(Pending, ("mulligan", st.decider, {}))
        if s == "main" or s == "attack":
            return _pending(Pending, (s, st.turn_player, {}))
        b = st.battle
        if s == "flash":
            return _pending(Pending, ("flash", b.priority, {"window": b.window, "attacker": b.attacker,
                                                            "blocker": b.blocker, "passes": b.passes}))
        if s == "block":
            return _pending(Pending, ("block", b.defending_player, {"attacker": b.attacker}))
        raise AssertionError(f"no decision at stage {s!r}")  # _run stops only at decision stages

    def deciding_player(self) -> int | None:
        """pending.player, without building pending's info (a simulator asks it before every command)."""
        decision = self._decision()
        return None if decision is None else decision[1]

    def _decision(self) -> tuple | None:
        """(kind, player) of `pending`, without its info: what the engine itself asks, many times per command."""
        st = self.state
        if st.result is not None:
            return None
        if st.choice is not None:
            return "choose", st.choice.player
        s = st.stage
        if s == "main" or s == "attack":
            return s, st.turn_player
        if s == "flash":
            return s, st.battle.priority
        if s == "block":
            return s, 1 - st.battle.attacking_player  # the defending player
        if s == "mulligan":
            return s, st.decider
        raise AssertionError(f"no decision at stage {s!r}")  # _run stops only at decision stages

    def level(self, iid: int) -> int:
        return stats.level(self, iid)

    def bp(self, iid: int) -> int:
        return stats.bp(self, iid)

    def symbols(self, iid: int) -> tuple:
        if self.state.table is not None:  # a Brave's symbols on its spirit, side B's (table_cards.py)
            return table_cards.symbols(self, iid)
        return self._defs[self.state.cards[iid].cid].symbols  # stats.symbols, for this game's own database

    def cores_on(self, iid: int) -> int:
        return stats.cores_on(self.state, iid)

    def card_def(self, iid: int):
        return self._defs[self.state.cards[iid].cid]

    def cost_of(self, iid: int) -> int:
        """What it costs the card's owner to summon/place/use this card now, after reduction."""
        card = self.state.cards[iid]
        return costs.net_cost(self, card.owner, self._defs[card.cid], iid=iid)

    def state_hash(self) -> str:
        return self.state.hash()

    def view(self, player: int) -> dict:
        """What `player` may see: see view.py."""
        from .view import view

        with self.reading():
            return view(self, player)

    def clone(self, *, cids: dict | None = None) -> "Game":
        """An independent copy of this game (the card database is shared: it is read-only), for search.

        `cids`: card instance id -> card id, identities to replace in the copy (a world re-dealt from what a
        player may know, ai/knowledge.py). The copy keeps no history and records no hashes.

        Written out attribute by attribute (GameState.copy) rather than with copy.deepcopy: many times faster.
        Every attribute of a game is in _CLONE_SHARED or _CLONE_COPIED (tests/test_engine_clone.py holds it)."""
        twin = _new(type(self))
        d = twin.__dict__
        d.update(self.__dict__)  # immutable values and what is shared: db, settings, _fx_cache, _answer, _resolved ...
        d["state"] = self.state.copy()
        d["start"] = _plain_copy(self.start)
        d["names"] = self.names[:]
        d["inline_cards"] = self.inline_cards[:]  # frozen card definitions
        # the database is shared from now on: a token either game makes by hand goes to a copy of its own
        self._db_owned = d["_db_owned"] = False
        d["history"], d["hashes"], d["log_events"] = [], [], []
        d["_events"] = d["log_events"]
        d["record_hashes"] = False
        d["_touched"] = self._touched.copy()  # iid -> Cause (immutable)
        d["_pending"] = self._pending[:]  # tuples
        d["_constants_memo"], d["_in_constants"], d["_kw_approx"] = None, False, None  # (the original's pass only)
        if cids:
            cards = twin.state.cards
            for iid, cid in cids.items():
                cards[iid].cid = cid
            twin._index_cards()
        return twin

    def reading(self) -> _Reading:
        """A read-only pass (a context manager): nothing changes inside it, so the active constant effects are found
        once, and each card's level and BP (stats.pass_memo)."""
        return _Reading(self)

    def legal_commands(self) -> list[Command]:
        """Every legal command for the pending decision, with automatic core choices.

        Summons, placements and magic use carry the default payment and placement
        (costs.auto_select); core moves are listed as single-core moves. Larger core
        moves and other payments are legal too: build the command yourself.
        `Concede` is always legal for either player and is not listed.
        """
        if self._constants_memo is not None:
            return self._legal_commands()
        # a read-only pass (reading()), written out as this is the hottest one; opened without constant effects too,
        # for the payments it works out (costs.auto_select)
        self._constants_memo = []
        try:
            return self._legal_commands()
        finally:
            self._constants_memo = None

    def _legal_commands(self) -> list[Command]:
        pend = self._decision()
        if pend is None:
            return []
        st = self.state
        kind, p = pend
        player = st.players[p]
        out: list[Command] = []
        if kind == "mulligan":
            if st.table is not None and st.table.contract[p]:  # take a contract card or not (table_cards.py)
                return [*(_offer(ContractOpening, p, cid) for cid in self._contract_cids(p)),
                        _offer(ContractOpening, p)]
            if self.profile.rules is None and self._table_redraw_refused(p):
                return [_offer(Mulligan, p, False)]
            return [_offer(Mulligan, p, False), _offer(Mulligan, p, True)]
        if kind == "choose":
            return self.choice_commands(Choose)
        if kind == "main":
            can_burst = player.burst_set_turn != st.turn
            symbols = costs.field_symbols(self, p)
            cards, defs, fx_cache = st.cards, self._defs, self._fx_cache
            net_cost, auto_select = costs.net_cost, costs.auto_select
            plain, reductions = self._plain_costs(), costs.reductions_on(symbols)
            autos: dict = {}  # the same payment is asked for again by cards of the same cost
            most = None  # costs.most_cores, found when a card's cost is more than the reserve holds
            for iid in player.hand:
                cid = cards[iid].cid
                d = defs[cid]
                t = d.type
                if t == "magic" and not self._magic_timing_ok(d.magic_timing, "main"):
                    pass
                elif t == "spirit" and self.has_effects and "ascend" in fx_cache[cid].keyword_names:
                    option = self._summon_option(p, iid, d, net_cost(self, p, d, symbols, iid), False)
                    if option is not None:
                        out.append(option)
                else:  # magic, or _summon_option without 【Ascend】, written out
                    cost = self._hand_cost(p, d, iid, symbols, plain, reductions)
                    levels = d.levels
                    lv1 = 0 if t == "magic" or not levels else levels[0].cores  # (CardDef.lv1_cores)
                    if 0 < cost + lv1 <= player.reserve:  # the reserve's cores alone: costs._auto_select's answer
                        out.append(_reserve_offer(t, p, iid, cost, lv1))
                    else:
                        key = (cost, lv1)
                        auto = autos.get(key, autos)
                        if auto is autos:
                            if most is None:
                                most = costs.most_cores(self, p)
                            # more than every core the player has: auto_select's None, without its search
                            auto = autos[key] = auto_select(self, p, cost, lv1) if cost + lv1 <= most else None
                        if auto is None:
                            pass
                        elif t == "magic":
                            out.append(_offer(UseMagic, p, iid, auto[0], auto[1]))
                        elif t == "nexus":
                            out.append(_offer(PlaceNexus, p, iid, *auto))
                        else:
                            out.append(_offer(Summon, p, iid, *auto, None))
                if can_burst and d.burst:
                    out.append(_offer(SetBurst, p, iid))
            if self.has_effects:
                out.extend(self._legal_effect_commands(p, "main"))
            soul = player.soul
            for iid in player.field:
                moves = _moves.get((p, iid)) or _card_moves(p, iid)
                if player.reserve:
                    out.append(moves[0])
                if soul == "reserve":
                    out.append(moves[1])
                if cards[iid].cores:
                    out.append(moves[2])
                if soul == iid:
                    out.append(moves[3])
            out.append(_offer(EndMain, p))
        elif kind == "attack":
            for iid in player.field:
                c = st.cards[iid]
                if not c.exhausted and self._defs[c.cid].type == "spirit" and not (
                        self.has_effects and continuous.restricted(self, iid, "cannot_attack")):
                    out.append(_offer(Attack, p, iid))
            out.append(_offer(EndAttack, p))
        elif kind == "flash":
            out.append(_offer(Pass, p))
            symbols = plain = reductions = None  # (found when a card needs them: most hands hold nothing to use now)
            cards, defs, fx_cache = st.cards, self._defs, self._fx_cache
            for iid in player.hand:
                cid = cards[iid].cid
                d = defs[cid]
                if d.type == "magic" and "flash" in d.magic_timing:
                    if plain is None:
                        if symbols is None:
                            symbols = costs.field_symbols(self, p)
                        plain, reductions = self._plain_costs(), costs.reductions_on(symbols)
                    cost = self._hand_cost(p, d, iid, symbols, plain, reductions)
                    if 0 < cost <= player.reserve:  # the reserve's cores alone: costs._auto_select's answer
                        out.append(_reserve_offer("magic", p, iid, cost, 0))
                        continue
                    auto = costs.auto_select(self, p, cost, 0)
                    if auto is not None:
                        out.append(_offer(UseMagic, p, iid, auto[0], auto[1]))
                elif d.type == "spirit" and self.has_effects and "swift" in fx_cache[cid].keyword_names:
                    if symbols is None:
                        symbols = costs.field_symbols(self, p)
                    option = self._summon_option(p, iid, d, costs.net_cost(self, p, d, symbols, iid), True)
                    if option is not None:
                        out.append(option)
            if self.has_effects:
                out.extend(self._legal_effect_commands(p, "flash"))
        elif kind == "block":
            blockers = [iid for iid in player.field if self._can_block(iid)]
            if not blockers or not self._must_block():
                out.append(_offer(Block, p, None))
            out.extend(_offer(Block, p, iid) for iid in blockers)
        return out

    # ------------------------------------------------------------------ the one door

    def apply(self, cmd: Command) -> list[Event]:
        """Apply a command and return its events, or raise IllegalCommand leaving the state unchanged.

        Before any rule looks at it, every field of the command is checked for its type and shape
        (commands.field_problem, the same checks command_from_dict makes); while an effect waits for a
        choice, only its answer (Choose) or a concession is accepted.
        """
        handler = _HANDLERS.get(type(cmd))
        if handler is None:
            raise IllegalCommand("CR 6-6-1-2-1", f"unknown command {reprlib.repr(cmd)}")
        if self.state.result is not None:
            raise IllegalCommand("CR 1-2-1", "the game is over")
        # every field's type and shape, before any rule looks at it (done already for a command legal_commands made)
        bad = None if _well_formed.get(id(cmd)) is cmd else field_problem(cmd)
        if bad is not None:
            path, rule, message = bad
            if path == "player":
                raise IllegalCommand(rule, f"a command's player is 0 (player 1) or 1 (player 2): {message}")
            raise IllegalCommand(self._choice_rule() if rule == CHOICE else rule, f"{cmd.kind}: field '{path}': {message}")
        c = self.state.choice
        if c is not None and type(cmd) not in _DURING_A_CHOICE:
            # the game is inside an effect's resolution (CR 8-5-2-4, 8-5-3) or a destruction's substitution
            # (CR 8-9-2, 10-1-3-2): only the answer (or a concession, CR 1-2-4) comes next
            raise IllegalCommand(CHOICE_RULES.get(c.kind, "CR 8-5-3"),
                                 f"{cmd.kind} is not possible now: player {c.player + 1} must first answer the "
                                 f"effect's choice ({_CHOICE_WORDS.get(c.kind, c.kind)})")
        if type(cmd) is Choose and type(cmd.value) is list:
            cmd = replace(cmd, value=tuple(cmd.value))  # Choose's documented list form, recorded as a tuple
        events: list[Event] = []
        self._events = events
        st = self.state
        if st.choice is None and not st.queue and not st.pending_destruction:
            # a new action: who took which cores lasts until its checkpoint, however many choices lie between
            # (CR 9-3-2, 9-3-2-1, 10-1-1-1), so only here does the record start afresh
            self._touched = {}
        self._resolved = cmd
        handler(self, cmd)  # validates, then mutates; may resolve automatic choices into self._resolved
        self._run()
        # records keep the concrete command, so replays never depend on how defaults are computed
        self.history.append(self._resolved)
        if self.record_hashes:
            self.hashes.append(self.state.hash())
        return events

    # ------------------------------------------------------------------ helpers

    def _emit(self, kind: str, **data) -> None:
        ev = _new(Event)  # Event(kind, **data) without packing the keywords a second time
        ev.kind = kind
        ev.data = data
        self._events.append(ev)
        if self.has_effects:  # (Resolution._collect, written out)
            check = _CHECKS[kind]
            if check is not None:
                check(self, data)

    def _choice_rule(self) -> str:
        """The rule that asks for the pending choice (CR 8-5-3 when there is none)."""
        c = self.state.choice
        return "CR 8-5-3" if c is None else CHOICE_RULES.get(c.kind, "CR 8-5-3")

    def _expect(self, cmd: Command, kinds: tuple, rule: str, what: str) -> str:
        """Refuse `cmd` unless the pending decision is one of `kinds` and belongs to its player; answer its kind."""
        kind, player = self._decision()
        if kind not in kinds:
            raise IllegalCommand(rule, f"{what} is not possible now: the game waits for {_describe(self.pending)}")
        if player != cmd.player:
            raise IllegalCommand(rule, f"{what}: it is player {player + 1}'s decision, not player {cmd.player + 1}'s")
        return kind

    def _own_card(self, player: int, iid, zone: str, rule: str, what: str) -> Card:
        card = self.state.cards.get(iid) if isinstance(iid, int) and not isinstance(iid, bool) else None
        if card is None or card.owner != player or card.zone != zone:
            where = {"hand": "in your hand", "field": "on your field"}[zone]
            raise IllegalCommand(rule, f"{what}: card {iid!r} is not {where}")
        return card

    def _magic_timing_ok(self, timing, window: str) -> bool:
        """Whether a magic card (or one of its effects) with this timing may be used in `window` (CR 8-1-6-1)."""
        if window == "main":
            return "main" in timing or (self.settings.flash_in_main and "flash" in timing)
        return "flash" in timing

    def _draw(self, p: int, n: int = 1) -> None:
        """Draw n cards one at a time (CR 4-5-3); from an empty deck nothing happens (CR 1-3-2)."""
        player = self.state.players[p]
        for _ in range(n):
            if not player.deck:
                return
            iid = player.deck.pop()
            player.hand.append(iid)
            self.state.cards[iid].zone = "hand"
            self._emit("draw", player=p, card=iid)

    def _move_card(self, iid: int, dst: str, reason: str, *, bottom: bool = False) -> None:
        """Move a card between zones of its owner (CR 3-1-6), as a new card (CR 3-1-4)."""
        st = self.state
        card = st.cards[iid]
        player = st.players[card.owner]
        src = card.zone
        if src == "burst":
            player.burst = None
        elif src not in ("resolving", "removed", "token"):
            try:
                getattr(player, src).remove(iid)
            except AttributeError:  # a zone of the game's profile (table/state.py)
                st.table.areas[card.owner][src].remove(iid)
        if src == "field":
            self._forget(iid)
        if card.exhausted:
            card.exhausted = False
        if dst == "burst":
            player.burst = iid
        elif dst not in ("resolving", "removed"):
            try:
                zone = getattr(player, dst)
            except AttributeError:
                zone = st.table.areas[card.owner][dst]
            if bottom:
                zone.insert(0, iid)
            else:
                zone.append(iid)
        card.zone = dst
        if st.table is None:
            self._emit("card_moved", card=iid, cid=card.cid, owner=card.owner, src=src, dst=dst, reason=reason)
        else:
            self._table_moved(iid, src, dst, reason)

    def _table_moved(self, iid: int, src: str, dst: str, reason: str) -> None:
        """A card changed zone: it is a new card (CR 3-1-4), so its marks go; a card entering a zone of face-down
        cards is face down (the move says so, so a redacted move never shows its face); what was attached to it
        goes where its zone says (a Battle of Souls equipment is destroyed with its fighter), or stays, detached;
        a token leaving the table's token zone leaves the game."""
        table, profile, card = self.state.table, self.profile, self.state.cards[iid]
        table.marks.pop(iid, None)
        zone = profile.zones.get(dst)
        if zone is not None and zone.face == "down" and zone.visibility == "public":
            table.mark(iid).down = True
            self._emit("card_moved", card=iid, cid=card.cid, owner=card.owner, src=src, dst=dst, reason=reason,
                       down=True)
        else:
            self._emit("card_moved", card=iid, cid=card.cid, owner=card.owner, src=src, dst=dst, reason=reason)
        for other in table.attached_to(iid):
            table.marks[other].on = None
            table.tidy(other)
            if self._combined_goes(other, src, dst):  # a Brave leaves with its spirit (table_cards.py)
                continue
            goes = profile.zones[self.state.cards[other].zone].dies_with_host
            if goes is not None:
                self._move_card(other, goes, "with_host")
        self._turn_card_moved(iid, src, dst)
        tokens = profile.tokens  # (a token leaving the field: _leave_field, CR 4-12-3)
        if src == tokens["zone"] != "field" and dst not in ("removed", src) and tokens["vanish_on_leave"] \
                and self._defs[self.state.cards[iid].cid].token:
            self._move_card(iid, "removed", "token")  # BOS §Fighter tokens: removed instead

    def _forget(self, iid: int) -> None:
        """A card leaving the field becomes a new card: effects on it end (CR 3-1-4)."""
        st = self.state
        if st.continuous:
            st.continuous = [e for e in st.continuous if iid not in e.targets or len(e.targets) > 1]
            for e in st.continuous:
                if iid in e.targets:
                    e.targets = e.targets - {iid}
        if st.grants:
            st.grants = [g for g in st.grants if iid not in g.targets or len(g.targets) > 1]
            for g in st.grants:
                if iid in g.targets:
                    g.targets = g.targets - {iid}
        st.raid_uses.pop(iid, None)

    def _move_cores(self, p: int, src, dst, n: int, soul: bool, reason: str, cause: Cause | None,
                    dst_player: int | None = None) -> None:
        """Move n regular cores (and the soul core, if `soul`) from src to dst (CR 1-3-2-2: same place = nothing)."""
        if src == dst and (dst_player is None or dst_player == p):
            return
        q = p if dst_player is None else dst_player
        if n:
            st = self.state
            player = st.players[p]
            if src == "reserve":  # take them ...
                player.reserve -= n
            elif src == "life":
                player.life -= n
            elif src == "trash":
                player.trash_cores -= n
            elif src == "void":
                st.cores_in_play += n
            else:
                st.cards[src].cores -= n
                if cause is not None:
                    self._touched[src] = cause
            player = st.players[q]
            if dst == "reserve":  # ... and put them
                player.reserve += n
            elif dst == "life":
                player.life += n
            elif dst == "trash":
                player.trash_cores += n
            elif dst == "void":
                st.cores_in_play -= n
            else:
                st.cards[dst].cores += n
        if soul:
            player = self.state.players[p]
            if isinstance(src, int) and cause is not None:
                self._touched[src] = cause
            player.soul = dst
        if n or soul:
            if dst_player is None:
                self._emit("cores_moved", player=p, src=src, dst=dst, count=n, soul=soul, reason=reason)
            else:
                self._emit("cores_moved", player=p, src=src, dst=dst, count=n, soul=soul, reason=reason,
                           dst_player=q)

    def _move_selection(self, p: int, sel, soul: bool, dst, reason: str, cause: Cause) -> None:
        soul_src = self.state.players[p].soul
        for loc, n in sel:
            self._move_cores(p, loc, dst, n, soul and loc == soul_src, reason, cause)
        if soul and soul_src not in {loc for loc, _ in sel}:
            self._move_cores(p, soul_src, dst, 0, True, reason, cause)

    def _set_exhausted(self, iid: int, exhausted: bool) -> None:
        card = self.state.cards[iid]
        if card.exhausted != exhausted:  # CR 1-3-2-1: an existing condition is not established again
            card.exhausted = exhausted
            self._emit("exhaust", card=iid, exhausted=exhausted)

    # ------------------------------------------------------------------ gameplay management (CR 9)

    def _manage(self) -> None:
        """Checkpoint gameplay management, repeated until nothing more happens (CR 4-7-2, 9-1-2).

        Runs after each complete action (ruling 2 in design.md), never in the middle of one,
        so swapping a soul core for a core in one move does not destroy the card.
        """
        st = self.state
        waiting = {i for i, _ in st.pending_destruction} if st.pending_destruction else ()
        while st.result is None and st.choice is None:
            doomed = self._doomed_at_a_glance(waiting)
            if doomed is None:
                with self.reading():
                    doomed = self._doomed(waiting)
            if not doomed:
                break
            self._destroy(doomed)
            waiting = {i for i, _ in st.pending_destruction}
        self._check_winner()

    def _doomed_at_a_glance(self, waiting) -> list[tuple[int, Cause]] | None:
        """What _doomed finds, when no spirit's BP needs computing; None if one's does.

        A spirit's BP can be 0 or less only if it is printed so or an effect lowers it: a resolved effect on it, a
        constant effect of a field card that lowers BP (or a constant level effect). Without these its BP is its
        printed BP at its level, or more (stats._bp). Reads nothing else, so it needs no read-only pass."""
        st = self.state
        cards, players = st.cards, st.players
        if self.has_level_constants:
            return None
        affected = {i for e in st.continuous for i in e.targets} if st.continuous else ()
        if self._bp_lowering:  # a card of this game has such a constant effect: is one on the field?
            fx = self._fx_cache
            if any(fx[cards[i].cid].lowers_bp for pl in players for i in pl.field):
                return None
        doomed: list[tuple[int, Cause]] = []
        fx_cache = self._fx_cache
        for p in (st.turn_player, 1 - st.turn_player):
            for iid in players[p].field:
                if iid in waiting:
                    continue
                card = cards[iid]
                fx = fx_cache[card.cid]
                cores = card.cores + (1 if players[card.owner].soul == iid else 0)  # stats.cores_on
                if cores < fx.lv1_cores:  # CR 9-3-2
                    doomed.append((iid, self._touched.get(iid) or Cause("rule")))  # as _doomed
                elif fx.spirit and (iid in affected or not fx.bp_positive):
                    return None
        return doomed

    def _doomed(self, waiting) -> list[tuple[int, Cause]]:
        """Field cards the checkpoint destroys now, with their causes (CR 9-3-2, 9-4-2)."""
        st = self.state
        doomed: list[tuple[int, Cause]] = []
        for p in (st.turn_player, 1 - st.turn_player):
            for iid in st.players[p].field:
                if iid in waiting:
                    continue
                card = st.cards[iid]
                d = self._defs[card.cid]
                if stats.cores_on(st, iid) < d.lv1_cores:  # CR 9-3-2
                    # CR 9-3-2: the action that took its cores decides destroyed vs self-destroyed
                    cause = self._touched.get(iid) or Cause("rule")
                    doomed.append((iid, cause))
                elif d.type == "spirit" and stats.bp(self, iid) <= 0:  # CR 9-4-2
                    touched = self._touched.get(iid)
                    # CR 9-4-2-3: the owner's own action lowered its level; else an effect did (9-4-2-1/2)
                    cause = touched if touched is not None and touched.kind == "self" else self._bp_cause(iid)
                    doomed.append((iid, cause))
        return doomed

    def _destroy(self, doomed: list[tuple[int, Cause]], substitutions: bool = True) -> None:
        """Destroy cards simultaneously (CR 10-1-3); self-destruction skips substitutions and triggers.

        A card a substitution effect could save waits in state.pending_destruction while its
        owner decides (CR 10-1-3-2, 8-9-2); the others are destroyed now.
        """
        st = self.state
        if substitutions and self.has_constants:
            now = []
            for iid, cause in doomed:
                if not cause.self_destruction and continuous.substitutions(self, iid, cause):
                    st.pending_destruction.append((iid, cause))
                else:
                    now.append((iid, cause))
            doomed = now
        for iid, cause in doomed:
            # CR 10-1-3-3: destruction is confirmed; "when destroyed" effects trigger (resolution._collect)
            self._emit("destroyed", card=iid, cause=list(cause), self_destruction=cause.self_destruction)
        for iid, cause in doomed:  # CR 10-1-3-4: card to the trash and its cores to the reserve at once
            card = st.cards[iid]
            owner = st.players[card.owner]
            self._move_cores(card.owner, iid, "reserve", card.cores, owner.soul == iid, "destroyed", None)
            card.removal = cause
            token = self._defs[card.cid].token
            self._move_card(iid, "removed" if token else "trash", "destroyed")  # CR 4-12-3
        if st.pending_destruction and st.choice is None:
            self._next_substitution()

    def _check_winner(self) -> None:
        """Establish a winner (CR 9-2): interrupting, so it is checked after every change of life or deck-out."""
        st = self.state
        if st.result is not None or st.table is not None and self.profile.rules is None:
            return  # (a game with no rules module is a sandbox: the players say who won)
        a, b = st.players
        lost_a, lost_b = a.life <= 0 or a.deck_out, b.life <= 0 or b.deck_out
        if not lost_a and not lost_b:
            return
        winners = [p for p, lost in ((0, lost_b), (1, lost_a)) if lost]
        if len(winners) == 2:
            self._end_game(None, "both players fulfilled a victory condition (CR 1-2-3)")
        else:
            w = winners[0]
            loser = st.players[1 - w]
            why = "life reduced to 0 (CR 1-2-1-1-1)" if loser.life <= 0 else "no cards in deck at the start step (CR 1-2-1-1-2)"
            self._end_game(w, why)

    def _end_game(self, winner: int | None, reason: str) -> None:
        st = self.state
        st.result = Result(winner, reason)
        st.stage = "game_over"
        self._emit("game_over", winner=winner, reason=reason)
        for p, player in enumerate(st.players):  # CR 3-8-5: set bursts are turned face up
            if player.burst is not None:
                self._emit("burst_revealed", player=p, card=player.burst, cid=st.cards[player.burst].cid)

    # ------------------------------------------------------------------ automatic stages

    def _bp_cause(self, iid: int) -> Cause:
        """Who brought `iid`'s BP to 0 or less (CR 9-4-2-1, 9-4-2-2): the latest effect that lowered its BP or
        level, named by its controller and source card, so "destroyed by the opponent" holds for it (CR 10-15-1)."""
        st = self.state
        latest = None
        for e in st.continuous:  # resolved effects, latest last (CR 8-8-1-4)
            lowers = e.value < 0 if e.op == "add" else e.value <= 0
            if iid in e.targets and lowers and (latest is None or e.ts > latest.ts):
                latest = e
        if latest is not None and latest.source in st.cards:
            return Cause("effect_bp", st.cards[latest.source].owner, latest.source)
        if self.has_constants:  # a constant "-N BP" or "BP becomes N" of a card on the field
            from .continuous import _constant_hits

            for src, p, d in _constant_hits(self, iid, "bp"):
                if isinstance(d.amount, int) and (d.amount <= 0 if d.mode == "set" else d.amount < 0):
                    return Cause("effect_bp", p, src)
        return Cause("effect_bp")

    def _run(self) -> None:
        """Advance until a player must decide: resolve waiting effects first (CR 8-5-2-4), then the flow."""
        st = self.state
        while st.result is None:
            if len(self._events) > MAX_EVENTS_PER_COMMAND:  # the work budget: however the cards are written
                self._loop_draw(f"more than {MAX_EVENTS_PER_COMMAND:,} events in one command")
                return
            if self._pending:
                self._flush_triggers()
            if st.choice is not None:
                return
            activating = self._activation_waiting() if st.queue else None
            if activating is not None:  # an effect pays its cost before anything resolves (CR 8-5-2-2)
                if self._count_chain():
                    return
                self._activate(activating)
                continue
            if st.pending_destruction and not (st.queue and st.queue[-1].ref[0] == "substitute"):
                self._next_substitution()  # (a substitution being performed finishes first)
                continue
            if st.queue:
                if self._count_chain():
                    return
                self._resolve_next()
                continue
            st.chain = 0  # nothing waits: the chain of effects is over
            stage = _AUTO_STAGES[st.stage]
            if stage is None:
                return
            stage(self)

    def _count_chain(self) -> bool:
        """One more step of the current chain of effects; True if that makes it an infinite loop (CR 12-1)."""
        st = self.state
        st.chain += 1
        if st.chain > LOOP_LIMIT:
            self._loop_draw()
            return True
        return False

    def _loop_draw(self, what: str = f"more than {LOOP_LIMIT} effects in one chain") -> None:
        """CR 12-1-1-1: effects keep activating each other (or one command's effects have done more than any real
        game needs) and nobody ended the loop: the game is a draw, naming the card whose effect was at work."""
        st = self.state
        source = st.queue[-1].source if st.queue else None
        by = f", {self._defs[st.cards[source].cid].name}'s effect among them" if source is not None else ""
        st.queue.clear()
        st.pending_destruction.clear()
        self._pending = []
        self._end_game(None, f"an infinite loop neither player ended: {what}{by} (CR 12-1-1-1)")

    def _begin_step(self, step: str) -> None:
        # CR 6-x-1: effects worded "at the start of the step" activate here (effects issue).
        self._emit("step", turn=self.state.turn, player=self.state.turn_player, step=step)

    def _stage_start(self) -> None:
        st = self.state
        self._begin_step("start")
        if not st.players[st.turn_player].deck:  # CR 6-2-2, 9-2-4
            st.players[st.turn_player].deck_out = True
            self._check_winner()
            return
        st.stage = "core"

    def _stage_core(self) -> None:
        st = self.state
        if st.turn > 1:  # CR 6-3-3: no core step on player one's first turn
            self._begin_step("core")
            self._move_cores(st.turn_player, "void", "reserve", 1, False, "core_step", None)  # CR 6-3-2
        st.stage = "draw"

    def _stage_draw(self) -> None:
        self._begin_step("draw")
        self._draw(self.state.turn_player)  # CR 6-4-2
        self.state.stage = "refresh"

    def _stage_refresh(self) -> None:
        st = self.state
        p = st.turn_player
        player = st.players[p]
        self._begin_step("refresh")
        for iid in player.field:  # CR 6-5-2
            self._set_exhausted(iid, False)
        self._move_cores(p, "trash", "reserve", player.trash_cores, player.soul == "trash", "refresh_step", None)
        st.stage = "main_start"

    def _stage_main_start(self) -> None:
        self._begin_step("main")
        self.state.stage = "main"

    def _stage_attack_start(self) -> None:
        self._begin_step("attack")
        self.state.stage = "attack"

    def _stage_end_start(self) -> None:
        self._begin_step("end")  # CR 6-8-1-1: end-of-turn triggers activate here (effects issue)
        self.state.stage = "end_cleanup"

    def _stage_end_cleanup(self) -> None:
        st = self.state
        # CR 6-8-1-2: "during this turn" effects become inactive
        if st.continuous:
            st.continuous = [e for e in st.continuous if e.duration != "turn"]
        if st.grants:
            st.grants = [g for g in st.grants if g.duration != "turn"]
        st.raid_uses.clear()  # CR 11-12-1: 【Raid】 counts per turn
        self._manage()
        if st.result is not None or st.queue or st.choice is not None:
            return
        st.turn += 1  # CR 6-8-1-3
        st.turn_player = 1 - st.turn_player
        st.stage = "start"

    def _stage_battle_resolve(self) -> None:
        st = self.state
        b = st.battle
        field = st.cards
        if b.blocked:  # CR 7-1-5-2-1
            a_on = field[b.attacker].zone == "field"
            d_on = b.blocker is not None and field[b.blocker].zone == "field"
            if a_on and d_on:
                abp, dbp = stats.bp(self, b.attacker), stats.bp(self, b.blocker)
                doomed = []
                if abp <= dbp:
                    doomed.append((b.attacker, Cause("battle", b.defending_player, b.blocker)))
                if dbp <= abp:
                    doomed.append((b.blocker, Cause("battle", b.attacking_player, b.attacker)))
                self._emit("battle_result", attacker_bp=abp, blocker_bp=dbp)
                self._destroy(doomed)
        elif field[b.attacker].zone == "field":  # CR 7-1-5-3-1 (ruling 3: the attacked player's life)
            defender = st.players[b.defending_player]
            damage = min(len(stats.symbols(self, b.attacker)), defender.life)
            self._emit("damage", player=b.defending_player, amount=damage, attacker=b.attacker)
            self._move_cores(b.defending_player, "life", "reserve", damage, False, "damage", None)
            self._check_winner()  # interrupting (CR 9-2-1)
            if st.result is not None:
                return
            if damage > 0 and self.has_keyword(b.attacker, "blessed"):  # CR 11-7-1; only one (11-7-2)
                self._emit("keyword", card=b.attacker, keyword="blessed")
                self._move_cores(b.attacking_player, "void", "life", 1, False, "blessed", None)
        self._manage()
        st.stage = "battle_end"

    def _stage_battle_end(self) -> None:
        st = self.state
        b = st.battle
        if b.cursed and b.blocker is not None and st.cards[b.blocker].zone == "field":
            # CR 11-3-1 (ruling 4: even if the cursed attacker lost): the blocker is destroyed
            b.cursed = False
            self._emit("keyword", card=b.attacker, keyword="curse")
            self._destroy([(b.blocker, Cause("effect", b.attacking_player, b.attacker))])
            return  # a substitution choice may be pending; this stage runs again
        if b.luster:  # CR 11-6-1: magic its owner used this battle returns from the trash (11-6-2)
            b.luster = False
            for iid in b.magic_used:
                if st.cards[iid].zone == "trash":
                    self._move_card(iid, "hand", "luster")
        self._emit("battle_end", attacker=b.attacker, blocker=b.blocker)  # CR 7-1-6-1 triggers
        if st.continuous:  # CR 7-1-6-2
            st.continuous = [e for e in st.continuous if e.duration != "battle"]
        if st.grants:
            st.grants = [g for g in st.grants if g.duration != "battle"]
        st.battle = None
        self._manage()
        st.stage = "attack"  # CR 7-1-6-3

    # ------------------------------------------------------------------ command handlers

    def _h_mulligan(self, cmd: Mulligan) -> None:
        self._expect(cmd, ("mulligan",), opening.rule(self.profile), "mulligan")  # Saga: CR 5-2-7
        if self.profile.rules is None:
            return self._table_mulligan(cmd)
        st = self.state
        p = cmd.player
        player = st.players[p]
        self._emit("mulligan", player=p, redraw=cmd.redraw)
        if cmd.redraw:  # hand to the bottom, draw 4, shuffle (CR 5-2-7)
            for iid in list(player.hand):
                self._move_card(iid, "deck", "mulligan", bottom=True)
            self._draw(p, OPENING_HAND)
            st.rng.shuffle(player.deck)
            self._emit("shuffle", player=p)
        else:
            self._draw(p, 1)
        player.mulligan = cmd.redraw
        other = 1 - p
        if st.players[other].mulligan is None:
            st.decider = other
        else:
            st.turn = 1  # CR 5-2-8
            st.turn_player = st.first_player
            st.stage = "start"

    def _table_mulligan(self, cmd: Mulligan) -> None:
        """The opening hand of a game with no rules module, as its profile's `setup.mulligan` says (table/opening.py):
        keep (its keep bonus drawn), or redraw up to `max` times when the hand is `eligible`; a `reveal` shows the
        hand first. With `agreement` (Battle of Souls) the first turn waits until both players keep in a row: a
        mulligan gives the other player a new say, and with `follow` they may take one too."""
        st, setup = self.state, self.profile.setup
        m = setup["mulligan"]
        p, other = cmd.player, 1 - cmd.player
        player, table = st.players[p], st.table
        done = table.mulligans[p] if table is not None else 0
        self._contract_answered(p)
        if cmd.redraw:
            why = self._table_redraw_refused(p)
            if why is not None:
                field = "max" if done >= m["max"] else "eligible"
                raise IllegalCommand(opening.rule(self.profile, field), why)
        if table is not None:
            table.follow[p] = False
        self._emit("mulligan", player=p, redraw=cmd.redraw)
        if not cmd.redraw:
            player.mulligan = False
            if m["agreement"]:
                table.kept[p] = True
                return self._table_opening_agreed()
            if setup["keep_bonus"]:
                self._draw(p, setup["keep_bonus"])
            return self._table_opening_next(p)
        if m["reveal"] and player.hand:  # shown to the other player before it goes back
            self._emit("manual", player=p, what="reveal", cards=list(player.hand),
                       cids=[st.cards[i].cid for i in player.hand])
        if m["procedure"] == "bottom_then_shuffle":
            for iid in list(player.hand):
                self._move_card(iid, "deck", "mulligan", bottom=True)
            self._draw(p, setup["hand"])
            st.rng.shuffle(player.deck)
        else:  # the hand shuffled back in, then a new hand
            for iid in list(player.hand):
                self._move_card(iid, "deck", "mulligan")
            st.rng.shuffle(player.deck)
            self._draw(p, setup["hand"])
        self._emit("shuffle", player=p)
        player.mulligan = True
        if table is not None:
            table.mulligans[p] += 1
        last = done + 1 >= m["max"]
        if m["agreement"]:
            table.kept[p] = last  # after the last mulligan this hand is kept
            if table.mulligans[other] < m["max"]:
                table.kept[other] = False  # the other player has a new say (and may follow)
                table.follow[other] = m["follow"]
            return self._table_opening_agreed(prefer=other)
        if not last:
            return  # the same player decides again
        if setup["keep_bonus"]:
            self._draw(p, setup["keep_bonus"])
        self._table_opening_next(p)

    def _table_redraw_refused(self, p: int) -> str | None:
        """Why player `p` may not redraw their opening hand now (table/opening.py), or None."""
        from ..table.opening import may_redraw

        st, table = self.state, self.state.table
        hand = [self._defs[st.cards[i].cid] for i in st.players[p].hand]
        done, follow = (table.mulligans[p], table.follow[p]) if table is not None else (0, False)
        return may_redraw(self.profile, hand, done, follow)

    def _table_opening_next(self, p: int) -> None:
        """Player `p` has their hand: the other player decides, or the first turn begins."""
        st = self.state
        other = 1 - p
        if st.players[other].mulligan is None:
            st.decider = other
        else:  # the first turn: the sandbox plays the steps by hand (ManualStep)
            self._table_first_turn()

    def _table_first_turn(self) -> None:
        st = self.state
        st.turn, st.turn_player, st.stage = 1, st.first_player, "main"
        if st.table is not None:
            st.table.step = st.table.first_step(self.profile, 1)

    def _table_opening_agreed(self, prefer: int | None = None) -> None:
        """`mulligan.agreement`: the next player not yet satisfied decides (`prefer` first); when both keep, the keep
        bonuses are drawn and the first turn begins."""
        st, table = self.state, self.state.table
        waiting = [q for q in ((prefer, 1 - prefer) if prefer is not None else (1 - st.decider, st.decider))
                   if not table.kept[q]]
        if waiting:
            st.decider = waiting[0]
            return
        bonus = self.profile.setup["keep_bonus"]
        for q in (0, 1):
            if bonus:
                self._draw(q, bonus)
            if st.players[q].mulligan is None:
                st.players[q].mulligan = False
        self._table_first_turn()

    def _h_summon(self, cmd) -> None:
        st = self.state
        is_spirit = isinstance(cmd, Summon)
        verb = "summon" if is_spirit else "place"
        r = "10-6" if is_spirit else "10-7"
        window = self._expect(cmd, ("main", "flash"), "CR 6-6-1-2-1", verb)
        p = cmd.player
        card = self._own_card(p, cmd.card, "hand", "CR 10-6-1" if is_spirit else "CR 10-7-1", verb)
        d = self._defs[card.cid]
        if d.type != ("spirit" if is_spirit else "nexus"):
            raise IllegalCommand(f"CR {r}-1", f"{d.name} is a {d.type} card, not a {'spirit' if is_spirit else 'nexus'}")
        swift = window == "flash"
        if swift and not (is_spirit and any(k.name == "swift" for k in d.keywords)):
            raise IllegalCommand("CR 11-9-1", "only a spirit with 【Swift】 can be summoned in a flash window")
        ascend = self._ascend_target(cmd, d) if is_spirit else None
        cost = costs.net_cost(self, p, d, iid=card.iid)  # CR 10-6-5: fixed before payment (ruling 7)
        pool, soul_ok = self._summon_pool(p, ascend, swift)
        pay, pay_soul, place, place_soul = self._selections(cmd, cost, d.lv1_cores, r, pool=pool, soul_ok=soul_ok)
        paid = costs.take(pool, pay, pay_soul, soul_ok, what="payment", rule="CR 10-6-6" if is_spirit else "CR 10-7-6")
        if paid != cost:
            raise IllegalCommand(f"CR {r}-6", f"{d.name} costs {cost} after reduction; the payment has {paid} core(s)")
        placed = costs.take(pool, place, place_soul, soul_ok and not pay_soul, what="placement",
                            rule="CR 10-6-7" if is_spirit else "CR 10-7-7")
        if placed < d.lv1_cores:
            raise IllegalCommand(f"CR {r}-7", f"{d.name} needs at least {d.lv1_cores} core(s) for LV1; {placed} placed")
        # ---- valid: perform it
        if (pay, pay_soul, place, place_soul) != (cmd.pay, cmd.pay_soul, cmd.place, cmd.place_soul) or (
                is_spirit and ascend != cmd.ascend) or type(pay) is not type(cmd.pay) or (
                type(place) is not type(cmd.place)):
            self._resolved = replace(cmd, pay=pay, pay_soul=pay_soul, place=place, place_soul=place_soul,
                                     **({"ascend": ascend} if is_spirit else {}))
        # else the command is concrete already (as legal_commands makes them): it is its own record
        cause = _SELF_CAUSE[p]  # cores the owner pays or moves: self-destruction (CR 10-1-1-1)
        self._emit("reveal", player=p, card=card.iid, cid=card.cid)  # CR 10-6-3
        if ascend is not None:
            asc = st.cards[ascend]
            self._move_cores(p, ascend, "reserve", asc.cores, st.players[p].soul == ascend, "ascend", cause)
        self._move_selection(p, pay, pay_soul, "trash", "pay", cause)  # CR 10-6-6
        self._move_card(card.iid, "field", "summon" if is_spirit else "place")  # CR 10-6-7, 3-5-3
        self._move_selection(p, place, place_soul, card.iid, "place", cause)
        self._announce_manual(card.iid)  # what it does while on the field, before its "when summoned" (CR 10-6-7)
        self._soul_summon = card.iid if pay_soul else None  # "if you spend a soul core as part of its cost"
        self._on_summoned(card.iid)
        self._manage()
        if swift and st.result is None:  # the other player may now act (CR 7-1-2-1)
            st.battle.passes, st.battle.priority = 0, 1 - p

    def _selections(self, cmd, cost: int, lv1: int, r: str, *, pool: dict, soul_ok: bool):
        """The command's payment and placement, with the automatic default for a half it left out.

        A default half uses only the cores the given half leaves. `r` is "10-6" or "10-7";
        `pool` the cores the action may use (not changed).
        """
        pay, pay_soul, place, place_soul = cmd.pay, cmd.pay_soul, cmd.place, cmd.place_soul
        if pay is not None and place is not None:
            return pay, pay_soul, place, place_soul
        p = cmd.player
        pool = dict(pool)  # (the caller's stays as it is)
        if pay is not None:
            costs.take(pool, pay, pay_soul, soul_ok, what="payment", rule=f"CR {r}-6")
            auto = costs.auto_select(self, p, 0, lv1, pool=pool, soul_free=not pay_soul)
        elif place is not None:
            costs.take(pool, place, place_soul, soul_ok, what="placement", rule=f"CR {r}-7")
            auto = costs.auto_select(self, p, cost, 0, pool=pool, soul_free=not place_soul)
        else:
            auto = costs.auto_select(self, p, cost, lv1, pool=pool, soul_free=soul_ok)
        if auto is None:
            raise IllegalCommand(f"CR {r}-6", f"not enough cores: this needs {cost} to pay"
                                 + (f" and {lv1} to place" if lv1 else ""))
        if pay is None:
            pay, pay_soul = auto[0], auto[1]
        if place is None:
            place, place_soul = auto[2], auto[3]
        return pay, pay_soul, place, place_soul

    def _h_use_magic(self, cmd: UseMagic) -> None:
        st = self.state
        window = self._expect(cmd, ("main", "flash"), "CR 8-1-6-1", "using magic")
        p = cmd.player
        card = self._own_card(p, cmd.card, "hand", "CR 10-8-1", "use magic")
        d = self._defs[card.cid]
        if d.type != "magic":
            raise IllegalCommand("CR 10-8-1", f"{d.name} is not a magic card")
        if not self._magic_timing_ok(d.magic_timing, window):
            label = "/".join(sorted(d.magic_timing)) or "no timing"
            where = "the main step (ruling 1: flash effects are not used in the main step)" if window == "main" \
                else "a flash window"
            raise IllegalCommand("CR 8-1-6-1", f"{d.name} is {label} magic and cannot be used in {where}")
        cost = costs.net_cost(self, p, d, iid=card.iid)
        if cmd.pay is None:
            auto = costs.auto_select(self, p, cost, 0)
            if auto is None:
                raise IllegalCommand("CR 10-8-6", f"not enough cores: {d.name} costs {cost}")
            pay, pay_soul = auto[0], auto[1]
        else:
            pay, pay_soul = cmd.pay, cmd.pay_soul
        pool = costs.core_pool(self, p)
        paid = costs.take(pool, pay, pay_soul, costs.soul_available(self, p), what="payment", rule="CR 10-8-6")
        if paid != cost:
            raise IllegalCommand("CR 10-8-6", f"{d.name} costs {cost} after reduction; the payment has {paid} core(s)")
        # ---- valid
        if (pay, pay_soul) != (cmd.pay, cmd.pay_soul) or type(pay) is not type(cmd.pay):
            self._resolved = replace(cmd, pay=pay, pay_soul=pay_soul)
        self._emit("reveal", player=p, card=card.iid, cid=card.cid)  # CR 10-8-3
        self._move_selection(p, pay, pay_soul, "trash", "pay", Cause("self", p))
        self._move_card(card.iid, "resolving", "use")  # CR 10-8-7: not counted, not observable
        self._emit("magic_used", player=p, card=card.iid, cid=card.cid, window=window)
        self._announce_manual(card.iid)
        # CR 10-8-3: the effects usable in this window, each by its own timing; with several its player selects one.
        # It resolves, then the card goes to the trash (10-8-8)
        usable = [i for i, e in self.fx(card.cid).magic if self._magic_timing_ok(e.timing, window)]
        if usable:
            self._use_magic_effects(card.iid, p, usable, pay_soul)
        else:
            self._move_card(card.iid, "trash", "resolved")
        b = st.battle
        if b is not None and p == b.attacking_player:
            b.magic_used.append(card.iid)
        self._manage()
        if window == "flash" and st.result is None:  # the other player may now act (CR 7-1-2-1)
            b.passes = 0
            b.priority = 1 - p

    def _h_set_burst(self, cmd: SetBurst) -> None:
        st = self.state
        self._expect(cmd, ("main",), "CR 6-6-1-2-2", "setting a burst")
        p = cmd.player
        player = st.players[p]
        card = self._own_card(p, cmd.card, "hand", "CR 6-6-1-2-2", "set a burst")
        d = self._defs[card.cid]
        if not d.burst:
            raise IllegalCommand("CR 3-8-4", f"{d.name} has no burst effect and cannot be set")
        if player.burst_set_turn == st.turn:
            raise IllegalCommand("CR 6-6-1-2-2", "only one burst card may be set per turn")
        if player.burst is not None:  # CR 3-8-3: the earlier card is discarded
            self._move_card(player.burst, "trash", "discard")
        self._move_card(card.iid, "burst", "set_burst")
        player.burst_set_turn = st.turn
        self._emit("burst_set", player=p)  # "when a burst is set" effects (the card stays face down, CR 3-8-2)

    def _h_move_cores(self, cmd: MoveCores) -> None:
        st = self.state
        self._expect(cmd, ("main",), "CR 6-6-1-2-3", "moving cores")
        p = cmd.player
        player = st.players[p]
        if not isinstance(cmd.moves, tuple) or not cmd.moves:
            raise IllegalCommand("CR 6-6-1-2-3", "a core move needs at least one move")
        pool = costs.core_pool(self, p)
        soul = player.soul
        for i, m in enumerate(cmd.moves):
            if not isinstance(m, CoreMove):
                raise IllegalCommand("CR 6-6-1-2-3", f"move {i + 1} is not a core move")
            for loc in (m.src, m.dst):
                if loc not in pool:
                    raise IllegalCommand("CR 6-6-1-2-3", f"move {i + 1}: cores move only among your reserve and "
                                                         f"your field cards, not {loc!r}")
            if m.src == m.dst:
                raise IllegalCommand("CR 1-3-2-2", f"move {i + 1}: a core cannot move to where it already is")
            if not isinstance(m.count, int) or m.count < 0 or (m.count == 0 and not m.soul):
                raise IllegalCommand("CR 1-3-2-3", f"move {i + 1}: move at least one core")
            if m.count > pool[m.src]:
                where = "your reserve" if m.src == "reserve" else f"card {m.src}"
                raise IllegalCommand("CR 6-6-1-2-3", f"move {i + 1}: {where} has {pool[m.src]} core(s), not {m.count}")
            if m.soul and soul != m.src:
                raise IllegalCommand("CR 6-6-1-2-3", f"move {i + 1}: your soul core is not at {m.src!r}")
            pool[m.src] -= m.count
            pool[m.dst] += m.count
            if m.soul:
                soul = m.dst
        # ---- valid: the moves form one action; management runs once after it (ruling 2)
        cause = Cause("self", p)
        for m in cmd.moves:
            self._move_cores(p, m.src, m.dst, m.count, m.soul, "move", cause)
        self._manage()

    def _h_end_main(self, cmd: EndMain) -> None:
        self._expect(cmd, ("main",), "CR 6-6-1-2-5", "ending the main step")
        # CR 6-7-2: no attack step on player one's first turn
        self.state.stage = "end_start" if self.state.turn == 1 else "attack_start"

    def _h_attack(self, cmd: Attack) -> None:
        st = self.state
        self._expect(cmd, ("attack",), "CR 7-1-1-1", "attacking")
        p = cmd.player
        card = self._own_card(p, cmd.spirit, "field", "CR 7-1-1-1", "attack")
        if self._defs[card.cid].type != "spirit":
            raise IllegalCommand("CR 7-1-1-1", "only spirits attack")
        if card.exhausted:
            raise IllegalCommand("CR 7-1-1-1", "only a refreshed spirit can attack")
        if self.has_effects and continuous.restricted(self, card.iid, "cannot_attack"):
            raise IllegalCommand("CR 1-3-3", "an effect says this spirit cannot attack")
        self._set_exhausted(card.iid, True)
        st.battle = Battle(card.iid, p, 1 - p)  # (attacker, attacking_player, priority)
        self._emit("attack", player=p, card=card.iid)
        # CR 7-1-1-2: "when attacks" triggers activate here (effects issue)
        st.stage = "flash"  # CR 7-1-2-1: the attacked player acts first

    def _h_end_attack(self, cmd: EndAttack) -> None:
        self._expect(cmd, ("attack",), "CR 6-7-3-2", "ending the attack step")
        self.state.stage = "end_start"

    def _h_pass(self, cmd: Pass) -> None:
        st = self.state
        self._expect(cmd, ("flash",), "CR 7-1-2-1", "passing")
        b = st.battle
        self._emit("pass", player=cmd.player, window=b.window)
        b.passes += 1
        if b.passes < 2:
            b.priority = 1 - b.priority
        elif b.window == 1:  # two passes in a row end the window (CR 7-1-2-1)
            # CR 7-1-3-1: a block is declared against the attacking spirit; one that has left the field (a burst
            # returned it to the hand) leaves nothing to block, and its attack does nothing (CR 7-1-5-3-1)
            st.stage = "block" if st.cards[b.attacker].zone == "field" else "battle_resolve"
        else:
            st.stage = "battle_resolve"

    def _h_block(self, cmd: Block) -> None:
        st = self.state
        self._expect(cmd, ("block",), "CR 7-1-3-1", "blocking")
        b = st.battle
        if cmd.spirit is None:  # no block: no second flash window (CR 7-1-3-1)
            if self._must_block():
                raise IllegalCommand("CR 11-2-1", "the attacker has 【Confront】: you must block with a spirit that can")
            self._emit("block", player=cmd.player, card=None)
            st.stage = "battle_resolve"
            return
        card = self._own_card(cmd.player, cmd.spirit, "field", "CR 7-1-3-1", "block")
        if self._defs[card.cid].type != "spirit":
            raise IllegalCommand("CR 7-1-3-1", "only spirits block")
        if card.exhausted:
            raise IllegalCommand("CR 7-1-3-1", "only a refreshed spirit can block")
        if self.has_effects:
            if continuous.restricted(self, card.iid, "cannot_block"):
                raise IllegalCommand("CR 1-3-3", "an effect says this spirit cannot block")
            if continuous.astral_active(self, b.attacker) and not continuous.astral_active(self, card.iid):
                raise IllegalCommand("CR 11-14-1", "the attacker has 【Astral】: only a spirit with 【Astral】 can block it")
            if continuous.unblockable_by(self, b.attacker, card.iid):
                raise IllegalCommand("CR 1-3-3", "an effect says the attacker cannot be blocked by this spirit")
        self._set_exhausted(card.iid, True)
        b.blocker = card.iid
        b.blocked = True
        self._emit("block", player=cmd.player, card=card.iid)
        # CR 7-1-3-2: "when blocks" triggers activate here (effects issue)
        b.window, b.passes, b.priority = 2, 0, cmd.player  # CR 7-1-4-1: the blocker first
        st.stage = "flash"

    def _can_block(self, iid: int) -> bool:
        """Whether `iid` may block the current attacker (CR 7-1-3-1, 11-14-1, restrictions)."""
        card = self.state.cards[iid]
        if card.exhausted or self._defs[card.cid].type != "spirit":
            return False
        if self.has_effects:
            if continuous.restricted(self, iid, "cannot_block"):
                return False
            attacker = self.state.battle.attacker
            if continuous.astral_active(self, attacker) and not continuous.astral_active(self, iid):
                return False
            if continuous.unblockable_by(self, attacker, iid):
                return False
        return True

    def _must_block(self) -> bool:
        """CR 11-2-1: against 【Confront】 the defender must block if any spirit can."""
        b = self.state.battle
        return (self.has_effects and continuous.has_keyword(self, b.attacker, "confront")
                and any(self._can_block(i) for i in self.state.players[b.defending_player].field))

    def _ascend_target(self, cmd, d) -> int | None:
        """CR 11-8-1: the spirit whose cores a 【Ascend】 summon sends to the reserve."""
        asc = [k for k in d.keywords if k.name == "ascend"] if self.has_effects and d.keywords else []
        if not asc:
            if cmd.ascend is not None:
                raise IllegalCommand("CR 11-8-1", f"{d.name} has no 【Ascend】")
            return None
        p = cmd.player
        fits = [i for i in self.state.players[p].field if self._defs[self.state.cards[i].cid].type == "spirit"
                and (asc[0].condition is None or continuous.matches(self, i, asc[0].condition, p, None))]
        if cmd.ascend is None:
            if not fits:
                raise IllegalCommand("CR 11-8-1", f"{d.name} needs a spirit for its 【Ascend】 and you have none that fits")
            return fits[0]
        if cmd.ascend not in fits:
            raise IllegalCommand("CR 11-8-1", f"card {cmd.ascend!r} is not one of your spirits that fits 【Ascend】")
        return cmd.ascend

    def _summon_pool(self, p: int, ascend: int | None, swift: bool) -> tuple[dict, bool]:
        """The cores a summon may pay and place with, and whether the soul core is among them."""
        pool = costs.core_pool(self, p)
        soul_ok = costs.soul_available(self, p)
        if ascend is not None:  # CR 11-8-1: its cores go to the reserve first, and may then pay and be placed
            pool["reserve"] += pool.pop(ascend)
        if swift:  # CR 11-9-1: from the reserve only
            pool = {"reserve": pool["reserve"]}
            soul_ok = self.state.players[p].soul == "reserve"
        return pool, soul_ok

    def _summon_option(self, p: int, iid: int, d, cost: int, swift: bool):
        """The summon/placement legal_commands offers for a hand card, or None if it cannot be made."""
        ascend = None
        if self.has_effects and d.type == "spirit" and "ascend" in self.fx(d.id).keyword_names:
            try:
                ascend = self._ascend_target(Summon(p, iid), d)
            except IllegalCommand:
                return None
        if ascend is None and not swift:
            # the player's whole pool and their soul core if available: auto_select's own default, the same answer
            auto = costs.auto_select(self, p, cost, d.lv1_cores)
        else:
            pool, soul_ok = self._summon_pool(p, ascend, swift)
            auto = costs.auto_select(self, p, cost, d.lv1_cores, pool=pool, soul_free=soul_ok)
        if auto is None:
            return None
        if d.type == "nexus":
            return _offer(PlaceNexus, p, iid, *auto)
        return _offer(Summon, p, iid, *auto, ascend)

    def _queue(self, source: int, ref: tuple, controller: int, phase: str = "new") -> Activation:
        """An activation of its own (CR 8-5-2-3): it resolves before anything already waiting."""
        st = self.state
        a = Activation(ts=st.next_ts, group=st.next_group, source=source, ref=ref, controller=controller,
                       phase=phase, lki_level=stats.level(self, source) if st.cards[source].zone == "field" else 0)
        st.next_ts += 1
        st.next_group += 1
        st.queue.append(a)
        return a

    def _announce_manual(self, iid: int) -> None:
        """As a card is played, tell both players which of its constant, activated and magic effects they resolve
        by hand. Its manual triggered effects and bursts are told when their trigger fires (resolution.py)."""
        effects = self._fx_cache[self.state.cards[iid].cid].announced
        if effects:
            card = self.state.cards[iid]
            self._emit("manual_effect", card=iid, cid=card.cid, player=card.owner, texts=[e.text for _, e in effects],
                       effects=[i for i, _ in effects])

    def _activated_ok(self, p: int, iid: int, idx: int, window: str) -> str | None:
        """Why effect `idx` of `iid` cannot be activated now, or None if it can (CR 8-1-3)."""
        d = self._defs[self.state.cards[iid].cid]
        if not (isinstance(idx, int) and not isinstance(idx, bool) and 0 <= idx < len(d.effects)):
            return f"{d.name} has no effect {idx!r}"
        e = d.effects[idx]
        if e.kind != "activated" or e.manual:
            return f"effect {idx} of {d.name} is not an automated activated effect"
        if window == "main":
            if not ("main" in e.timing or (self.settings.flash_in_main and "flash" in e.timing)):
                return f"effect {idx} of {d.name} is a flash effect (ruling 1: not in the main step)"
        elif "flash" not in e.timing:
            return f"effect {idx} of {d.name} is a main effect, not usable in a flash window"
        if not continuous.level_ok(e.levels, stats.level(self, iid)):
            return f"{d.name} is not at a level that has this effect (CR 2-10-2)"
        if not condition_holds(self, e.condition, iid, p):
            return "its condition is not met (CR 8-3-3)"
        probe = Activation(0, 0, iid, ("effect", idx), p)
        if e.cost and not self._cost_payable(probe, e.cost, any_x=True):
            return "its cost cannot be paid (CR 8-4-2-3)"
        return None

    def _plain_costs(self) -> bool:
        """Whether no constant effect changes costs now, so a card's cost is its printed cost less what its player's
        field symbols reduce it by (costs.net_cost without cost_changes): for the costs of a whole hand."""
        return not self.has_cost_constants or (self._pure_reads and (
            not any(self.state.cards[i].cid in self._cost_cids for pl in self.state.players for i in pl.field)
            or not continuous.cost_directives(self)))  # (no field card has such an effect: none is active)

    def _hand_cost(self, p: int, d, iid: int, symbols: tuple, plain: bool, reductions: dict) -> int:
        """costs.net_cost of hand card `iid` (definition `d`) of player `p`; `plain` and `reductions` as
        _plain_costs and costs.reductions_on(symbols) answer."""
        if not plain:
            return costs.net_cost(self, p, d, symbols, iid)
        if d.reduction:
            reduced = reductions.get(d.reduction)
            if reduced is None:
                reduced = reductions[d.reduction] = costs.reduction(d, symbols)
            return max(0, d.cost - reduced)
        return max(0, d.cost)

    def _legal_effect_commands(self, p: int, window: str) -> list:
        st = self.state
        out = []
        awaken_ok = (window == "flash" or self.settings.flash_in_main) and not (
            # no card can have 【Awaken】: none prints it, no constant effect or resolved one gives it (_may_have)
            self._pure_reads and "awaken" not in self._keywords and "awaken" not in self._constant_keywords
            and not any(g.what == "keyword" and g.keyword.name == "awaken" for g in st.grants))
        activated = self._activated_cids  # (the cards of this game with an activated effect)
        if not activated and not awaken_ok:
            return out
        fx_cache = self._fx_cache
        for iid in st.players[p].field:
            cid = st.cards[iid].cid
            if cid in activated:
                for idx, _ in fx_cache[cid].activated:
                    if self._activated_ok(p, iid, idx, window) is None:
                        out.append(Activate(p, iid, idx))
            if awaken_ok and fx_cache[cid].keywords and continuous.has_keyword(self, iid, "awaken"):
                donors = [i for i in st.players[p].field if i != iid and st.cards[i].cores]
                if donors:
                    out.append(Awaken(p, iid, ((donors[0], 1),)))
        return out

    def _h_activate(self, cmd: Activate) -> None:
        st = self.state
        window = self._expect(cmd, ("main", "flash"), "CR 8-1-3-1", "activating an effect")
        p = cmd.player
        card = self._own_card(p, cmd.card, "field", "CR 8-1-3", "activate")
        why = self._activated_ok(p, card.iid, cmd.effect, window)
        if why is not None:
            raise IllegalCommand("CR 8-1-3", why)
        self._emit("activate", player=p, card=card.iid, effect=cmd.effect)
        self._queue(card.iid, ("effect", cmd.effect), p, phase="pay")  # its cost is paid first (CR 8-5-2-2)
        if window == "flash":  # the other player may now act (CR 7-1-2-1)
            st.battle.passes, st.battle.priority = 0, 1 - p

    def _h_awaken(self, cmd: Awaken) -> None:
        st = self.state
        windows = ("flash", "main") if self.settings.flash_in_main else ("flash",)
        window = self._expect(cmd, windows, "CR 11-1-1", "【Awaken】")
        p = cmd.player
        card = self._own_card(p, cmd.card, "field", "CR 11-1-1", "【Awaken】")
        if not continuous.has_keyword(self, card.iid, "awaken"):
            raise IllegalCommand("CR 11-1-1", f"{self._defs[card.cid].name} has no active 【Awaken】")
        pool = {i: st.cards[i].cores for i in st.players[p].field if i != card.iid}
        soul = st.players[p].soul
        soul_ok = isinstance(soul, int) and soul != card.iid and soul in pool
        moved = costs.take(pool, cmd.sources, cmd.soul, soul_ok, what="【Awaken】", rule="CR 11-1-1")
        if moved < 1:
            raise IllegalCommand("CR 11-1-1", "【Awaken】 moves at least one core")
        # ---- valid: cards left below LV1 are self-destroyed, without "when destroyed" effects (CR 11-1-1)
        self._emit("keyword", card=card.iid, keyword="awaken")
        self._move_selection(p, cmd.sources, cmd.soul, card.iid, "awaken", Cause("self", p))
        self._manage()
        if window == "flash" and st.result is None:
            st.battle.passes, st.battle.priority = 0, 1 - p

    def _own_db(self):
        """This game's card database, to add a card made in play to: never one others share (a copy of its own)."""
        if not self._db_owned:
            self.db = self.db.copy()
            self._defs, self._fx_cache = _caches_of(self.db)
            self._db_owned = True
        return self.db

    def _h_concede(self, cmd: Concede) -> None:
        # CR 1-2-4, 1-2-5: any time, at once, unaffected by effects
        self._emit("concede", player=cmd.player)
        self._end_game(1 - cmd.player, f"player {cmd.player + 1} conceded (CR 1-2-4)")


class _Reading:
    """Game.reading(): opens a read-only pass unless one is open (or the game has no constant effects to find)."""

    __slots__ = ("game", "opened")

    def __init__(self, game):
        self.game = game
        self.opened = False

    def __enter__(self):
        game = self.game
        if game._constants_memo is None and game.has_constants:
            game._constants_memo = []
            self.opened = True

    def __exit__(self, *exc) -> None:
        if self.opened:
            self.game._constants_memo = None
            self.opened = False


def _describe(pend: Pending | None) -> str:
    if pend is None:
        return "nothing (the game is over)"
    what = {"mulligan": "a mulligan decision", "main": "a main step action", "attack": "an attack or the end of the attack step",
            "flash": "a flash effect or a pass", "block": "a block decision",
            "choose": "the answer to an effect's choice"}.get(pend.kind, pend.kind)
    return f"{what} from player {pend.player + 1}"


_HANDLERS = {
    ManualMove: Game._h_manual_move, ManualCores: Game._h_manual_cores, ManualExhaust: Game._h_manual_exhaust,
    ManualShuffle: Game._h_manual_shuffle, ManualDeck: Game._h_manual_deck, ManualLook: Game._h_manual_look, ManualRandom: Game._h_manual_random, ManualNote: Game._h_manual_note,
    ManualReveal: Game._h_manual_reveal, ManualToken: Game._h_manual_token,
    ManualFlip: Game._h_manual_flip, ManualSide: Game._h_manual_side, ManualTurn: Game._h_manual_turn, ManualCounter: Game._h_manual_counter,
    ManualAttach: Game._h_manual_attach, ManualTracker: Game._h_manual_tracker, ContractOpening: Game._h_contract_opening,
    ManualCardToken: Game._h_manual_card_token, ManualStep: Game._h_manual_step,
    ManualOrder: Game._h_manual_order, ManualRandomCard: Game._h_manual_random_card,
    ManualUse: Game._h_manual_use, ManualSummon: Game._h_manual_summon, **TURN_HANDLERS,
    Activate: Game._h_activate, Awaken: Game._h_awaken, Choose: Game._h_choose,
    Mulligan: Game._h_mulligan, Summon: Game._h_summon, PlaceNexus: Game._h_summon, UseMagic: Game._h_use_magic,
    SetBurst: Game._h_set_burst, MoveCores: Game._h_move_cores, EndMain: Game._h_end_main, Attack: Game._h_attack,
    EndAttack: Game._h_end_attack, Pass: Game._h_pass, Block: Game._h_block, Concede: Game._h_concede,
}


class _OrNone(dict):
    """A lookup table whose missing keys answer None (and are remembered): a subscript, cheaper than .get()."""

    __slots__ = ()

    def __missing__(self, key) -> None:
        self[key] = None


_CHECKS = _OrNone(COLLECTORS)  # event kind -> what looks at it for triggers (Resolution._collect), or None

_AUTO_STAGES = _OrNone({
    "start": Game._stage_start, "core": Game._stage_core, "draw": Game._stage_draw, "refresh": Game._stage_refresh,
    "main_start": Game._stage_main_start, "attack_start": Game._stage_attack_start,
    "end_start": Game._stage_end_start, "end_cleanup": Game._stage_end_cleanup,
    "battle_resolve": Game._stage_battle_resolve, "battle_end": Game._stage_battle_end,
})
