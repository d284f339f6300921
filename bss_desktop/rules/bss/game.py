"""Battle Spirits Saga's rules module (Comprehensive Rules v1.6.0; CR = its rule numbers): the game class.

`SagaGame` is the engine's `Game` with Saga's rules: setup and turn (turn.py), battles (battle.py), the actions of
the main step and flash windows (actions.py), what each decision allows (legal.py), gameplay management and the
end of the game (management.py), and the effects of the cards (resolution.py with directives, effect costs,
continuous effects, targets and costs). Battle Spirits Standard's module builds on it.
"""
from __future__ import annotations

from ...engine.commands import (Activate, Attack, Awaken, Block, Choose, EndAttack, EndMain, MoveCores, Mulligan, Pass,
                                PlaceNexus, SetBurst, Summon, UseMagic)
from ...engine.events import Event
from ...engine.game import Game, _OrNone, per_db
from ...engine.state import Activation
from ...engine import stats
from . import cites, continuous, costs, link
from .actions import SagaActions
from .battle import SagaBattle
from .legal import SagaLegal
from .management import SagaManagement
from .resolution import COLLECTORS, Resolution
from .turn import SagaTurn

# The rule that asks for each kind of choice inside an effect (Pending.info["kind"]): a command that is not its
# answer is refused naming it, and so is an answer of the wrong type.
CHOICE_RULES = {"target": "CR 8-5-3", "may": "CR 8-1-8", "order": "CR 8-5-2-4", "x": "CR 4-6-2",
                "substitute": "CR 8-9-2", "cores": "CR 8-5-6", "effect": "CR 10-8-3"}

_new = object.__new__
_valid_decks: dict = {}  # (id(db), game, deck) -> db: decks SagaGame found legal (simulations play the same ones again)
_flags_by_cards: dict = {}  # (id(db), card ids) -> (db, SagaGame._card_flags(...)): the same decks meet again and again


class _FxIndex(dict):
    """Card id -> its continuous.CardFx (SagaGame._fx_cache), indexed when first read."""

    __slots__ = ("db",)

    def __init__(self, db):
        super().__init__()
        self.db = db

    def __missing__(self, cid):
        fx = self[cid] = continuous.index_card(self.db[cid])
        return fx


_db_fx: dict = {}  # id(db) -> (db, its _FxIndex): what games of one database share


def _fx_of(db) -> _FxIndex:
    """A database's effect index (card id -> continuous.CardFx)."""
    return per_db(_db_fx, db, _FxIndex)


class SagaGame(SagaTurn, SagaBattle, SagaActions, SagaLegal, SagaManagement, Resolution, Game):
    """A game of Battle Spirits Saga (and, played by hand, of a profile without rules: the sandbox)."""

    HANDLERS = {**Game.HANDLERS, Activate: "_h_activate", Awaken: "_h_awaken", Choose: "_h_choose",
                Mulligan: "_h_mulligan", Summon: "_h_summon", PlaceNexus: "_h_summon", UseMagic: "_h_use_magic",
                SetBurst: "_h_set_burst", MoveCores: "_h_move_cores", EndMain: "_h_end_main", Attack: "_h_attack",
                EndAttack: "_h_end_attack", Pass: "_h_pass", Block: "_h_block"}
    CITES = cites.CITES  # the topics the shared core cites, in CR numbers
    bp_zero_destroys = True  # CR 9-4-2
    # what a clone shares (read-only: the effect index and the flags found from it; values) and copies afresh
    CLONE_SHARED = Game.CLONE_SHARED | {
        "_fx_cache", "has_effects", "has_constants", "has_level_constants", "has_cost_constants", "_constant_ops",
        "_constant_keywords", "_pure_reads", "_bp_lowering", "_triggers", "_keywords", "_trigger_cids", "_op_cids", "_reads",
        "_cost_cids", "_activated_cids", "_grant_cycles", "_soul_summon", "_answer"}
    CLONE_COPIED = Game.CLONE_COPIED | {"_pending", "_constants_memo", "_in_constants", "_kw_approx"}

    @classmethod
    def _validate_decks(cls, db, decks: list[list[str]], profile) -> None:
        """The game's deck rules (CR 5-1-1-1; a module built on this one: its profile's, STD 6-1-1): every violation,
        for each deck. A profile without rules is a sandbox: its decks as they are."""
        if profile.rules is None:
            return
        from ...carddb.deck_rules import rules_of
        from ...carddb.decks import DeckListError, validate_deck

        for i, deck in enumerate(decks):
            key = (id(db), profile.id, tuple(deck))
            if _valid_decks.get(key) is db:
                continue  # found legal with this database before (a database only ever gains cards)
            problems = validate_deck(deck, db, rules_of(profile))
            if problems:
                raise DeckListError([(None, m) for m in problems], source=f"player {i + 1}'s deck")
            if len(_valid_decks) >= 256:
                _valid_decks.clear()
            _valid_decks[key] = db

    def _start_rules(self) -> None:
        self._fx_cache = _fx_of(self.db)  # (replaced whenever self.db is)
        self._soul_summon: int | None = None  # the card just summoned (or magic used) with the soul core in its payment
        self._pending: list = []  # triggers collected since the last flush (resolution.py)
        self._answer = None  # the answer to a choice, until resolution consumes it
        self._in_constants = False  # guards BP filters inside constant effects against recursion
        self._constants_memo = None  # the active constant effects, during a read-only pass (reading())
        self._kw_approx = None  # keywords granted so far, while continuous.granted_keywords finds its fixed point
        self._index_cards()

    @property
    def flash_in_main(self) -> bool:
        """Whether Flash effects may be used in the main step: ruling 1 (design.md), a setting."""
        return self.settings.flash_in_main

    def _cloned(self, d: dict) -> None:
        d["_pending"] = self._pending[:]  # tuples
        d["_constants_memo"], d["_in_constants"], d["_kw_approx"] = None, False, None  # (the original's pass only)

    def _cards_changed(self, may_hold: frozenset | None = None) -> None:
        self._index_cards(may_hold)

    def _db_changed(self) -> None:
        self._fx_cache = _fx_of(self.db)

    def _choice_rule(self) -> str:
        """The rule that asks for the pending choice (CR 8-5-3 when there is none)."""
        c = self.state.choice
        return "CR 8-5-3" if c is None else CHOICE_RULES.get(c.kind, "CR 8-5-3")

    def _substitute_sources(self) -> list:
        st = self.state
        if not st.pending_destruction:
            return []
        iid, cause = st.pending_destruction[0]
        return [src for src, _, _ in continuous.substitutions(self, iid, cause)]

    def legal_commands(self) -> list:
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

    def _index_cards(self, may_hold: frozenset | None = None) -> None:
        """What the cards in this game need the engine to look for (flags that keep vanilla games fast).

        With `may_hold` (a superset of the ids in play: every card a sampled world may be dealt), the flags of that
        set: they only make the engine look for more than it needs (the same play), and every world dealt from one
        pool shares them, where each world's own cards missed the cache (1.4 ms a world, a sixth of Hard's time)."""
        db = self.db
        cids = frozenset({c.cid for c in self.state.cards.values()})
        if may_hold is not None and cids <= may_hold:
            cids = may_hold
        key = (id(db), cids)
        hit = _flags_by_cards.get(key)
        if hit is None or hit[0] is not db:  # (a database only ever gains cards: its answer for these ids holds)
            if len(_flags_by_cards) >= 1024:
                _flags_by_cards.clear()
            hit = _flags_by_cards[key] = (db, self._card_flags(cids))
        (self.has_effects, self.has_constants, self.has_level_constants, self.has_cost_constants, self._constant_ops,
         self._constant_keywords, self._pure_reads, self._bp_lowering, self._triggers, self._keywords,
         self._trigger_cids, self._op_cids, self._cost_cids, self._activated_cids, self._grant_cycles,
         self._reads) = hit[1]

    def _card_flags(self, cids) -> tuple:
        db = self.db
        has_effects = any(db[c].effects or db[c].keywords or self._tokens_of(c) for c in cids)
        has_constants = any(self.fx(c).constants for c in cids) if has_effects else False
        # constant level effects are rare and read on every level: only looked for when a card has one
        has_level_constants = has_constants and any(
            d.op == "level" for c in cids for _, e in self.fx(c).constants for d in e.do)
        # likewise constant cost and reduction changes, read whenever a cost is computed
        has_cost_constants = has_constants and any(
            d.op in ("cost", "reduction", "count_symbols") for c in cids for _, e in self.fx(c).constants for d in e.do)
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
        pure_reads = not has_level_constants and "symbol" not in constant_ops and not any(
            continuous.reads_effects(e.condition) for e in constants)  # (symbol changes: as level ones)
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
        cost_cids = op_cids.get("cost", frozenset()) | op_cids.get("reduction", frozenset()) | op_cids.get(
            "count_symbols", frozenset())
        activated_cids = frozenset(d.id for d, fx in zip(defs, every) if fx.activated)
        # a constant grant that can depend on keywords or BP (its target's filter, or any constant's condition): then
        # granted keywords are found as a fixed point (continuous.granted_keywords), never by reading themselves
        grant_cycles = "grant" in constant_ops and (not pure_reads or any(
            continuous.reads_effects_target(d.target) for e in constants for d in e.do if d.op == "grant"))
        # the turn's counters a card of this game reads ("if N of your spirits has been destroyed this turn", "the
        # first magic card you use each turn"): only those are kept, so the state of other games stays as it was
        reads = frozenset(_counters_read(defs))
        return (has_effects, has_constants, has_level_constants, has_cost_constants, constant_ops, constant_keywords,
                pure_reads, bp_lowering, triggers, keywords, trigger_cids, op_cids, cost_cids, activated_cids,
                grant_cycles, reads)

    def _tokens_of(self, cid: str) -> bool:
        return any(d.op == "token" for e in self._defs[cid].effects for d in e.do)

    def cost_of(self, iid: int) -> int:
        """What it costs the card's owner to summon/place/use this card now, after reduction."""
        card = self.state.cards[iid]
        return costs.net_cost(self, card.owner, self._defs[card.cid], iid=iid)

    def reading(self) -> "_Reading":
        """A read-only pass (a context manager): nothing changes inside it, so the active constant effects are found
        once, and each card's level and BP (stats.pass_memo)."""
        return _Reading(self)

    def _emit(self, kind: str, **data) -> None:
        ev = _new(Event)  # Event(kind, **data) without packing the keywords a second time
        ev.kind = kind
        ev.data = data
        self._events.append(ev)
        if self.has_effects:  # (Resolution._collect, written out)
            check = _CHECKS[kind]
            if check is not None:
                check(self, data)

    def _magic_timing_ok(self, timing, window: str) -> bool:
        """Whether a magic card (or one of its effects) with this timing may be used in `window` (CR 8-1-6-1)."""
        if window == "main":
            return "main" in timing or (self.flash_in_main and "flash" in timing)
        return "flash" in timing

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
        link.forget(self, iid)  # docs/saga-rulings.md "Link": a spirit of a link leaving the field ends it
        if st.effect_uses:  # a new card has its 〔Once per turn〕 again (STD 4-1-4, 12-3-1)
            st.effect_uses = {u for u in st.effect_uses if u[0] != iid}

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


class _Reading:
    """SagaGame.reading(): opens a read-only pass unless one is open (or the game has no constant effects to find)."""

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


_CHECKS = _OrNone(COLLECTORS)  # event kind -> what looks at it for triggers (Resolution._collect), or None
GAME = SagaGame


_reads_by_def: dict = {}  # id(card definition) -> (definition, what _reads_of found): definitions are frozen


def _counters_read(defs) -> set:
    """The per-turn counters and records these cards' effects read (see _reads_of). Each definition is walked once
    per process: a search samples thousands of worlds, each with another mix of cards, and walking every card's
    effects for each was most of the time a Hard decision took."""
    found: set = set()
    for d in defs:
        hit = _reads_by_def.get(id(d))
        if hit is None or hit[0] is not d:
            if len(_reads_by_def) >= 50_000:  # (a re-imported card pool brings new definitions: keep the old ones not)
                _reads_by_def.clear()
            hit = _reads_by_def[id(d)] = (d, frozenset(_reads_of(d)))
        found |= hit[1]
    return found


def _reads_of(d) -> set:
    """The per-turn counters and records a card's effects read: "destroyed", "effect_draws" and "discarded" (a
    count of that kind; "discarded" also a recover among them), "magic_uses" (the condition magic_used_max),
    "life_lost" (the condition life_lost: the turn's life reductions are logged), "life_kept" (the condition
    life_kept: the lives at the start of the turn are logged); found
    anywhere in its effects, nested directives included."""
    from dataclasses import fields, is_dataclass

    from ...carddb.effects import Condition, Count, Target

    found: set = set()
    seen: set = set()

    def walk(x) -> None:
        if isinstance(x, (tuple, list)):
            for y in x:
                walk(y)
            return
        if not is_dataclass(x) or id(x) in seen:
            return
        seen.add(id(x))
        if isinstance(x, Count) and x.what in ("destroyed", "effect_draws", "discarded", "destroyed_by_this",
                                               "discarded_from_hand", "destroyed_symbols"):
            found.add(x.what)
        if getattr(x, "cost_vs", None) is not None and x.cost_vs[0] == "discarded_from_hand":  # counting.py, C-11
            found.add("discarded_from_hand")
        if getattr(x, "among", None) == "discarded":  # recover among the discarded cards
            found.add("discarded")
        if isinstance(x, Condition) and x.magic_used_max is not None:
            found.add("magic_uses")
        if isinstance(x, Condition) and x.life_lost is not None:  # "if you did not lose life this turn" (ruling P14)
            found.add("life_lost")
        if isinstance(x, Condition) and x.life_kept is not None:  # the lives at the start of the turn (ruling P18)
            found.add("life_kept")
        if isinstance(x, Target) and x.ref == "changed":  # "spirits refreshed by this effect" (rules/bss/misc.py)
            found.add("changed")
        for f in fields(x):
            walk(getattr(x, f.name))

    walk(d.effects)
    return found
