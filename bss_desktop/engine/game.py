"""The Game: one door in (`apply`), decisions out (`pending`, `legal_commands`), for every game.

`Game` holds what all games share: the state and the table, the manual moves, events, the record, clones, hashes.
A game's rules live in a *rules module* (bss_desktop/rules/<name>/, named by the profile's `rules:`), a subclass
of `Game` that owns setup, steps, the actions each step allows, costs, battles, effect timing, gameplay management
and the end of the game. `Game(...)` and `Game.new(...)` make an instance of the module's class for the profile they
are given (rules/__init__.py), so everything above the engine works with any module without knowing which.

The engine is a state machine over *stages* (state.stage). Automatic stages run inside the module's `_run()` until
the game needs a player's decision; decision stages wait for a command. Every command handler validates everything
before it changes anything, so an illegal command raises `IllegalCommand` and leaves the state byte-for-byte as it
was.
"""
from __future__ import annotations

import reprlib
from dataclasses import replace
from typing import NamedTuple

from . import citations, stats, table_cards
from .commands import (Choose, Command, Concede, Mulligan, ContractOpening, ManualAttach, ManualCardToken, ManualCores,
                       ManualCounter, ManualDeck, ManualExhaust, ManualFlip, ManualLook, ManualMove, ManualNote,
                       ManualOrder, ManualRandom, ManualRandomCard, ManualReveal, ManualShuffle, ManualSide, ManualStep,
                       ManualSummon, ManualToken, ManualTracker, ManualTurn, ManualUse, CHOICE, field_problem)
from .errors import IllegalCommand
from .events import Event
from .hand_helpers import HandHelpers
from .manual_moves import ManualMoves
from .offers import well_formed
from .rng import Rng
from .settings import Ruleset
from .state import Card, Cause, GameState, Player, Result
from .table_moves import TableMoves
from .table_turn import HANDLERS as TURN_HANDLERS
from ..table import opening

DECISION_STAGES = ("mulligan", "main", "attack", "flash", "block")
_DURING_A_CHOICE = (Choose, Concede)
_CHOICE_WORDS = {"target": "which cards", "may": "whether to do it", "order": "which effect resolves first",
                 "x": "the value of X", "substitute": "whether to substitute the destruction",
                 "cores": "which cores", "effect": "which effect to use"}


class Pending(NamedTuple):
    """Who must decide what. kind: mulligan | main | attack | flash | block | choose
    (a choice inside an effect: info["kind"] is order, may, x, target, substitute, cores or effect)."""

    kind: str
    player: int
    info: dict


_new = object.__new__
_pending = tuple.__new__  # Pending(kind, player, info) without the named tuple's Python-level __new__
# Game.clone: attributes the copy shares (immutable, or read-only: the card database) ... (a rules module adds its own
# to its class's CLONE_SHARED and CLONE_COPIED, and copies them in _cloned)
_CLONE_SHARED = frozenset({"db", "_defs", "settings", "_resolved", "profile", "cites"})
# ... and those it copies or starts afresh
_CLONE_COPIED = frozenset({"state", "start", "names", "inline_cards", "_db_owned", "history", "hashes", "log_events",
                           "_events", "record_hashes", "_touched"})


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


_db_defs: dict = {}  # id(db) -> (db, its _Defs): what games of one database share


def per_db(cache: dict, db, make):
    """What `make(db)` gives, made once per card database and shared by every game of it (a read-only view of the
    database, which only ever gains cards); `cache` holds the last 64."""
    hit = cache.get(id(db))
    if hit is None or hit[0] is not db:
        if len(cache) >= 64:
            cache.clear()
        hit = cache[id(db)] = (db, make(db))
    return hit[1]


def defs_of(db) -> _Defs:
    """A database's definition lookup (Game._defs)."""
    return per_db(_db_defs, db, _Defs)


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

    from ..table.profiles import with_rules

    position = start.get("position")
    name = start.get("game") or (position.get("game") if isinstance(position, dict) else None) or "bss"
    profile = get_profile(name)
    ruled = with_rules(profile)
    return ruled if start.get("rules") is not None and start.get("rules") == ruled.rules else profile


class Game(ManualMoves, TableMoves, HandHelpers):
    """What every game shares; a rules module's class (a subclass) adds the game's rules."""

    # command class -> the name of the method that handles it; a rules module adds its own commands' handlers
    HANDLERS: dict = {
        ManualMove: "_h_manual_move", ManualCores: "_h_manual_cores", ManualExhaust: "_h_manual_exhaust",
        ManualShuffle: "_h_manual_shuffle", ManualDeck: "_h_manual_deck", ManualLook: "_h_manual_look",
        ManualRandom: "_h_manual_random", ManualNote: "_h_manual_note", ManualReveal: "_h_manual_reveal",
        ManualToken: "_h_manual_token", ManualFlip: "_h_manual_flip", ManualSide: "_h_manual_side",
        ManualTurn: "_h_manual_turn", ManualCounter: "_h_manual_counter", ManualAttach: "_h_manual_attach",
        ManualTracker: "_h_manual_tracker", ContractOpening: "_h_contract_opening",
        ManualCardToken: "_h_manual_card_token", ManualStep: "_h_manual_step", ManualOrder: "_h_manual_order",
        ManualRandomCard: "_h_manual_random_card", ManualUse: "_h_manual_use", ManualSummon: "_h_manual_summon",
        **{cls: f.__name__ for cls, f in TURN_HANDLERS.items()}, Concede: "_h_concede", Mulligan: "_h_mulligan",
    }
    # topic -> the rule of the game's own document that the shared core cites for it (engine/citations.py): a rules
    # module words every topic; `self.cites` adds the profile's words
    CITES: dict = {}
    bp_zero_destroys = False  # whether the game's rules destroy a spirit at 0 BP or less
    CLONE_SHARED = _CLONE_SHARED
    CLONE_COPIED = _CLONE_COPIED
    STAGES: dict = {}  # stage -> the name of the method that runs it by itself (a rules module's automatic stages)
    _handlers: dict = {}  # command class -> its handler (the class's own methods, found once per class)
    _stages: dict = {}  # stage -> its method, or None for a stage that waits for a decision

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        cls._handlers = {t: getattr(cls, name) for t, name in cls.HANDLERS.items()}
        cls._stages = _OrNone({stage: getattr(cls, name) for stage, name in cls.STAGES.items()})

    def __new__(cls, *args, profile=None, start=None, **kwargs):
        """`Game(...)`: an instance of the rules module's class for the game's profile (rules/__init__.py)."""
        if cls is Game:
            from ..rules import game_class

            cls = game_class(profile or profile_of(start or {}))
        return _new(cls)

    def __init__(self, db, state: GameState, settings: Ruleset | None = None, *,
                 start: dict | None = None, record_hashes: bool = True, profile=None):
        self.profile = profile or profile_of(start or {})  # the game on the table (table/profile.py)
        self.cites = citations.merged(type(self), self.profile)  # topic -> the rule this game cites for it
        self.db = db
        self._defs = defs_of(db)  # (replaced whenever self.db is)
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
        self._resolved: Command | None = None  # the command being applied, with automatic choices filled in
        self._touched: dict[int, Cause] = {}  # cards that lost cores in the current action, and who caused it
        self._start_rules()
        if record_hashes:
            self.hashes.append(state.hash())

    # ------------------------------------------------------------------ creation

    @classmethod
    def new(cls, db, decks: list[list[str]], seed: int, *, first_player: int | None = None,
            settings: Ruleset | None = None, validate_decks: bool = True, record_hashes: bool = True,
            deck_names: list[str] | None = None, profile=None, sides: list[list[str]] | None = None) -> "Game":
        """Set up a game as its rules module says (`_setup`): shuffle, life, cores, hands, who goes first.

        `profile`: the game (table/profile.py; None: Battle Spirits Saga); a profile with no rules module is set up
        as its `setup:` says, for the sandbox; `sides`: each player's side deck, for a game whose profile has one."""
        from ..table.profiles import get_profile

        profile = profile or get_profile("bss")
        if cls is Game:
            from ..rules import game_class

            cls = game_class(profile)
        if len(decks) != 2:
            raise ValueError("a game needs exactly two decks")
        if validate_decks:
            cls._validate_decks(db, decks, profile)
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
            if profile.rules is not None and get_profile(profile.id).rules is None:
                start["rules"] = profile.rules  # its rules mode's module (table.profiles.RULES_APART)
            if sides and any(sides):
                start["sides"] = [list(s) for s in sides]
        game = cls(db, state, settings, start=start, record_hashes=False, profile=profile)
        game._setup(first_player, sides or [[], []])
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
            elif c.kind == "substitute":  # the card whose effect each option is
                info["sources"] = self._substitute_sources()
            elif c.kind == "cores":  # how many cores each place (0 the reserve, a card, -1 the soul core) holds
                info["counts"] = list(c.counts)
            if c.limit is not None:  # target: the combined BP (or cost: limit_by) the chosen cards may have at most
                info["limit"] = c.limit
                if c.limit_by != "bp":
                    info["limit_by"] = c.limit_by
            return _pending(Pending, ("choose", c.player, info))
        s = st.stage
        if s == "mulligan":
            return _pending(Pending, ("mulligan", st.decider, {}))
        if s == "main" or s == "attack":
            return _pending(Pending, (s, st.turn_player, {}))
        if s == "second_main":  # (Standard's Second Main Step: the same decision as the main step)
            return _pending(Pending, ("main", st.turn_player, {}))
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
        if s == "second_main":
            return "main", st.turn_player
        raise AssertionError(f"no decision at stage {s!r}")  # _run stops only at decision stages

    def level(self, iid: int) -> int:
        return stats.level(self, iid)

    def bp(self, iid: int) -> int:
        return stats.bp(self, iid)

    def symbols(self, iid: int) -> tuple:
        if self.state.table is not None:  # a Brave's symbols on its spirit, side B's (table_cards.py)
            return table_cards.symbols(self, iid)
        own = stats.changed_symbols(self, iid, self._defs[self.state.cards[iid].cid].symbols)  # (its own database)
        b = self.state.battle
        if b is not None and b.link is not None and stats._battle_symbols is not None:
            return own + tuple(stats._battle_symbols(self, iid))  # gained in the battle (stats.use_battle_gains)
        return own

    def cores_on(self, iid: int) -> int:
        return stats.cores_on(self.state, iid)

    def card_def(self, iid: int):
        return self._defs[self.state.cards[iid].cid]

    def state_hash(self) -> str:
        return self.state.hash()

    def view(self, player: int) -> dict:
        """What `player` may see: see view.py."""
        from .view import view

        with self.reading():
            return view(self, player)

    def clone(self, *, cids: dict | None = None, may_hold: frozenset | None = None) -> "Game":
        """An independent copy of this game (the card database is shared: it is read-only), for search.

        `cids`: card instance id -> card id, identities to replace in the copy (a world re-dealt from what a
        player may know, ai/knowledge.py). `may_hold`: card ids the copy's cards are dealt from (with theirs now):
        a module indexes for that set, the same for every copy dealt from it, instead of for each copy's own cards.
        The copy keeps no history and records no hashes.

        Written out attribute by attribute (GameState.copy) rather than with copy.deepcopy: many times faster.
        Every attribute of a game is in its class's CLONE_SHARED or CLONE_COPIED (tests/test_engine_clone.py holds
        it)."""
        twin = _new(type(self))
        d = twin.__dict__
        d.update(self.__dict__)  # immutable values and what is shared: db, settings, _resolved ...
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
        self._cloned(d)
        if cids:
            cards = twin.state.cards
            for iid, cid in cids.items():
                cards[iid].cid = cid
            twin._cards_changed(may_hold)
        return twin

    # ------------------------------------------------------------------ the one door

    def apply(self, cmd: Command) -> list[Event]:
        """Apply a command and return its events, or raise IllegalCommand leaving the state unchanged.

        Before any rule looks at it, every field of the command is checked for its type and shape
        (commands.field_problem, the same checks command_from_dict makes); while an effect waits for a
        choice, only its answer (Choose) or a concession is accepted.
        """
        handler = self._handlers.get(type(cmd))
        if handler is None:
            raise IllegalCommand(self.cites["command"], f"unknown command {reprlib.repr(cmd)}"
                                 + (f" ({self.profile.name} has no such action)" if isinstance(cmd, Command) else ""))
        if self.state.result is not None:
            raise IllegalCommand(self.cites["over"], "the game is over")
        # every field's type and shape, before any rule looks at it (done already for a command legal_commands made)
        bad = None if well_formed(id(cmd)) is cmd else field_problem(cmd)
        if bad is not None:
            path, topic, message = bad
            rule = self._choice_rule() if topic == CHOICE else self.cites.get(topic, topic)  # (a design ruling: as is)
            if path == "player":
                raise IllegalCommand(rule, f"a command's player is 0 (player 1) or 1 (player 2): {message}")
            raise IllegalCommand(rule, f"{cmd.kind}: field '{path}': {message}")
        c = self.state.choice
        if c is not None and type(cmd) not in _DURING_A_CHOICE:
            # the game is inside an effect's resolution: only the answer (or a concession) comes next
            raise IllegalCommand(self._choice_rule(),
                                 f"{cmd.kind} is not possible now: player {c.player + 1} must first answer the "
                                 f"effect's choice ({_CHOICE_WORDS.get(c.kind, c.kind)})")
        if type(cmd) is Choose and type(cmd.value) is list:
            cmd = replace(cmd, value=tuple(cmd.value))  # Choose's documented list form, recorded as a tuple
        events: list[Event] = []
        self._events = events
        st = self.state
        if st.choice is None and not st.queue and not st.pending_destruction:
            # a new action: who took which cores lasts until its checkpoint, however many choices lie between,
            # so only here does the record start afresh
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

    def _draw(self, p: int, n: int = 1) -> None:
        """Draw n cards one at a time; from an empty deck nothing happens (cites["impossible"])."""
        player = self.state.players[p]
        for _ in range(n):
            if not player.deck:
                return
            iid = player.deck.pop()
            player.hand.append(iid)
            self.state.cards[iid].zone = "hand"
            self._emit("draw", player=p, card=iid)

    def _move_card(self, iid: int, dst: str, reason: str, *, bottom: bool = False, down: bool = False) -> None:
        """Move a card between zones of its owner (cites["owners_areas"]), as a new card; `down`: it arrives face
        down in a zone that holds cards either way (a Battle of Souls equipment card set)."""
        st = self.state
        card = st.cards[iid]
        player = st.players[card.owner]
        src = card.zone
        if src == "burst":
            player.burst = None
        elif src not in ("resolving", "removed", "pending", "token"):  # (state.OFF_LIST: zones of no list)
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
        elif dst not in ("resolving", "removed", "pending"):
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
            self._table_moved(iid, src, dst, reason, down)

    def _table_moved(self, iid: int, src: str, dst: str, reason: str, down: bool = False) -> None:
        """A card changed zone: it is a new card, so its marks go; a card entering a zone of face-down
        cards is face down (the move says so, so a redacted move never shows its face); what was attached to it
        goes where its zone says (a Battle of Souls equipment is destroyed with its fighter), or stays, detached;
        a token leaving the table's token zone leaves the game."""
        table, profile, card = self.state.table, self.profile, self.state.cards[iid]
        table.marks.pop(iid, None)
        zone = profile.zones.get(dst)
        if zone is not None and (zone.face == "down" or down) and zone.visibility == "public":
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
        tokens = profile.tokens  # (a token leaving the field: _leave_field)
        if src == tokens["zone"] != "field" and dst not in ("removed", src) and tokens["vanish_on_leave"] \
                and self._defs[self.state.cards[iid].cid].token:
            self._move_card(iid, "removed", "token")  # BOS §Fighter tokens: removed instead

    def _move_cores(self, p: int, src, dst, n: int, soul: bool, reason: str, cause: Cause | None,
                    dst_player: int | None = None) -> None:
        """Move n regular cores (and the soul core, if `soul`) from src to dst (cites["same_place"]: nothing)."""
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
        if card.exhausted != exhausted:  # an existing condition is not established again (cites["already_so"])
            card.exhausted = exhausted
            self._emit("exhaust", card=iid, exhausted=exhausted)

    # ------------------------------------------------------------------ gameplay management

    # ------------------------------------------------------------------ automatic stages

    # ------------------------------------------------------------------ command handlers

    def _h_mulligan(self, cmd: Mulligan) -> None:
        self._expect(cmd, ("mulligan",), opening.rule(self.profile), "mulligan")
        self._table_mulligan(cmd)

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

    def _own_db(self):
        """This game's card database, to add a card made in play to: never one others share (a copy of its own)."""
        if not self._db_owned:
            self.db = self.db.copy()
            self._defs = defs_of(self.db)
            self._db_owned = True
            self._db_changed()
        return self.db

    def _h_concede(self, cmd: Concede) -> None:
        # any time, at once, unaffected by effects
        self._emit("concede", player=cmd.player)
        self._end_game(1 - cmd.player, f"player {cmd.player + 1} conceded ({self.cites['concede']})")

    def _end_game(self, winner: int | None, reason: str) -> None:
        st = self.state
        st.result = Result(winner, reason)
        st.stage = "game_over"
        self._emit("game_over", winner=winner, reason=reason)

    # ------------------------------------------------------------------ what a rules module provides

    @classmethod
    def _validate_decks(cls, db, decks: list[list[str]], profile) -> None:
        """Refuse decks the game's deck rules do not allow (a DeckListError naming every problem)."""

    def _start_rules(self) -> None:
        """The module's own attributes of a new game (the card database is `self.db`)."""

    def _setup(self, first_player: int | None, sides: list[list[str]]) -> None:
        """Set the game up: the table's `setup:` unless the module has its own."""
        self._setup_table(first_player, sides)

    def _run(self) -> None:
        """Advance until a player must decide (a module's automatic steps and effects)."""

    def _manage(self) -> None:
        """Gameplay management after an action (none without rules)."""

    def _check_winner(self) -> None:
        """End the game if a player has won (without rules, the players say who won)."""

    def _forget(self, iid: int) -> None:
        """A card left the field: what the module remembers about it there ends."""

    def rules_view(self) -> dict | None:
        """What the rules module shows both players of its own state (engine/view.py's "rules"), or None."""
        return None

    def rule_stats(self, iid: int) -> dict | None:
        """{stat: value} of card `iid`'s numbers that its rules module changed from the printed ones (what views
        show), or None where the table's own sum of attachments and counters says it (engine/table_stats.py)."""
        return None

    def private_choice(self) -> bool:
        """Whether the pending choice's options are its chooser's alone to see (a search of their own deck)."""
        return False

    def invariants(self) -> list[str] | None:
        """What the rules module checks of its own state between commands (engine/invariants.py), or None: the
        shared checks of effects waiting to resolve apply."""
        return None

    def legal_commands(self) -> list[Command]:
        """Every legal command for the pending decision (the module's `_legal_commands`)."""
        return self._legal_commands()

    def _legal_commands(self) -> list[Command]:
        return []

    def reading(self):
        """A read-only pass (a context manager) during which a module may remember what it reads."""
        return _NO_PASS

    def _emit(self, kind: str, **data) -> None:
        ev = _new(Event)  # Event(kind, **data) without packing the keywords a second time
        ev.kind = kind
        ev.data = data
        self._events.append(ev)

    # what a payment panel offers besides cores (a rules module's own ways to pay; none by default)

    def soul_magic_ok(self, cmd) -> bool:
        """Whether `cmd` (a UseMagic) may be paid with the soul core alone (Standard's 《Soul Magic》)."""
        return False

    def succession_cards(self, cmd) -> list[int]:
        """The cards `cmd` (a Summon, PlaceNexus or UseMagic) may remove for 《Succession》, in the order to take them."""
        return []

    def cost_with(self, cmd) -> int:
        """What `cmd`'s card costs with `cmd`'s own choices (its Succession cards), after reduction."""
        return self.cost_of(cmd.card)

    @classmethod
    def cited(cls, text: str) -> str:
        """`text` (a refusal, a reason, a log line) with its rule numbers in the game's own document's words."""
        return text

    def _choice_rule(self) -> str:
        """The rule that asks for the pending choice."""
        return self.cites["choice"]

    def _substitute_sources(self) -> list:
        """The cards whose substitution effect each option of a pending "substitute" choice is."""
        return []

    def _cloned(self, d: dict) -> None:
        """Clone: copy the module's own attributes into the copy's `__dict__` `d` (shared ones are there)."""

    def _cards_changed(self, may_hold: frozenset | None = None) -> None:
        """Clone with other identities: some card ids changed (a module re-reads what it indexed, for `may_hold`
        when given: a superset of the card ids in play, see clone)."""

    def _db_changed(self) -> None:
        """This game now has a database of its own (a module re-reads what it took from the old one)."""


class _OrNone(dict):
    """A lookup table whose missing keys answer None (and are remembered): a subscript, cheaper than .get()."""

    __slots__ = ()

    def __missing__(self, key) -> None:
        self[key] = None


class _NoPass:
    __slots__ = ()

    def __enter__(self):
        return None

    def __exit__(self, *exc) -> None:
        return None


_NO_PASS = _NoPass()


def _describe(pend: Pending | None) -> str:
    if pend is None:
        return "nothing (the game is over)"
    what = {"mulligan": "a mulligan decision", "main": "a main step action", "attack": "an attack or the end of the attack step",
            "flash": "a flash effect or a pass", "block": "a block decision",
            "choose": "the answer to an effect's choice"}.get(pend.kind, pend.kind)
    return f"{what} from player {pend.player + 1}"


Game._handlers = {t: getattr(Game, name) for t, name in Game.HANDLERS.items()}
