"""What a game's profile puts on the table beyond Battle Spirits Saga's own areas (no Qt).

The rules engine keeps Battle Spirits Saga's areas itself (deck, hand, trash, field, burst; life, reserve, the
trash's cores and the void: engine/state.py). A profile may declare more: other zones of cards (a Battle of Souls
fighter zone, Standard's removed-from-game area), zones of pieces (Eternal's Count), numeric trackers (Soul
Points), and marks on cards (face down, counters, what a card is attached to, an orientation other than upright
or sideways). `Table` holds those for one game; `GameState.table` is None in a game whose profile has none, so a
Battle Spirits Saga game's state, hash and speed are what they were.
"""
from __future__ import annotations

from dataclasses import dataclass, field

NATIVE_CARD_ZONES = ("deck", "hand", "trash", "field", "burst")  # lists the engine keeps (engine.state.Player)
NATIVE_PIECE_ZONES = ("life", "reserve", "trash_cores", "void")  # counts the engine keeps
CORE_PLACE = {"trash_cores": "trash"}  # a native piece zone's name in engine core moves (ManualCores)

_new = object.__new__


def needs_table(profile) -> bool:
    """Whether a game of `profile` has anything the engine's own areas do not hold."""
    extra_zones = [z for z in profile.zones if z not in NATIVE_CARD_ZONES + NATIVE_PIECE_ZONES]
    odd_turns = [o for o in profile.orientations.values() if o.angle not in (0, 90)]
    two_sided = [f for f in profile.cards.fields.values() if f.kind == "face"]
    face_down = [z for z in profile.zones.values() if z.face != "up" and z.visibility == "public"]
    attach = [z for z in profile.zones.values() if z.attach_to]
    mulligan = profile.setup["mulligan"]
    helper = mulligan["max"] > 1 or mulligan["agreement"] or mulligan["eligible"] is not None  # counted, checked
    helper = helper or profile.setup["contract"] is not None  # a contract opening to answer (ETR §Contract Card)
    return bool(extra_zones or profile.trackers or profile.card_counters or odd_turns or face_down or attach
                or two_sided or helper)


@dataclass(slots=True)
class Mark:
    """What is on or about one card besides its zone: reset when it changes zone (it is a new card, CR 3-1-4)."""

    down: bool = False  # face down
    counters: dict = field(default_factory=dict)  # counter name (or "counter:<label>" for a free-named one) -> n
    on: int | None = None  # the card it is attached to
    turn: str | None = None  # an orientation other than upright / sideways (heavy exhausted)
    back: bool = False  # a two-sided card shows its other side (ETR §Rebirth: side B)
    attacked: bool = False  # attacked this turn (profile turn_rules.attack_mark; cleared as the turn ends)
    set_this_turn: bool = False  # set face down this turn (turn_rules.set_wait; cleared as the turn ends)

    def empty(self) -> bool:
        return not (self.down or self.counters or self.on is not None or self.turn or self.back or self.attacked
                    or self.set_this_turn)

    def __copy__(self) -> Mark:
        m = _new(Mark)
        m.down, m.counters, m.on, m.turn, m.back = self.down, dict(self.counters), self.on, self.turn, self.back
        m.attacked, m.set_this_turn = self.attacked, self.set_this_turn
        return m

    def to_dict(self) -> dict:
        d = {}
        if self.down:
            d["down"] = True
        if self.counters:
            d["counters"] = dict(sorted(self.counters.items()))
        if self.on is not None:
            d["on"] = self.on
        if self.turn:
            d["turn"] = self.turn
        if self.back:
            d["back"] = True
        if self.attacked:
            d["attacked"] = True
        if self.set_this_turn:
            d["set_this_turn"] = True
        return d


@dataclass(slots=True)
class Table:
    areas: list  # per player: {zone: [iid, ...]} for the profile's card zones the engine keeps no list of (bottom first)
    pieces: list  # per player: {zone: n} for the profile's piece zones the engine keeps no count of
    trackers: list  # per player: {tracker: value}
    marks: dict = field(default_factory=dict)  # iid -> Mark (only cards with something on them)
    mulligans: list = field(default_factory=lambda: [0, 0])  # opening hands redrawn by each player
    kept: list = field(default_factory=lambda: [False, False])  # satisfied with their hand (setup.mulligan.agreement)
    follow: list = field(default_factory=lambda: [False, False])  # may take the other's mulligan (mulligan.follow)
    step: str = ""  # the turn's step, one of the profile's `steps` ("" before the first turn)
    contract: list = field(default_factory=lambda: [False, False])  # still to say whether to take a contract card
    deck_out: list = field(default_factory=lambda: [False, False])  # could not draw: lost (turn_rules.deck_out)

    @classmethod
    def for_profile(cls, profile) -> Table:
        areas = [{z.name: [] for z in profile.card_zones() if z.name not in NATIVE_CARD_ZONES} for _ in (0, 1)]
        pieces = [{z.name: 0 for z in profile.piece_zones() if z.name not in NATIVE_PIECE_ZONES} for _ in (0, 1)]
        trackers = [{t.name: t.start for t in profile.trackers.values()} for _ in (0, 1)]
        return cls(areas, pieces, trackers)

    def first_step(self, profile, turn: int) -> str:
        """The step a turn begins with: the profile's first, past those its first turn skips."""
        skip = profile.first_turn_skip if turn == 1 else ()
        return next((s for s in profile.steps if s not in skip), profile.steps[0])

    def mark(self, iid: int) -> Mark:
        m = self.marks.get(iid)
        if m is None:
            m = self.marks[iid] = Mark()
        return m

    def tidy(self, iid: int) -> None:
        m = self.marks.get(iid)
        if m is not None and m.empty():
            del self.marks[iid]

    def attached_to(self, host: int) -> list[int]:
        return sorted(i for i, m in self.marks.items() if m.on == host)

    def copy(self) -> Table:
        t = _new(Table)
        t.areas = [{z: ids[:] for z, ids in a.items()} for a in self.areas]
        t.pieces = [dict(p) for p in self.pieces]
        t.trackers = [dict(p) for p in self.trackers]
        t.marks = {i: m.__copy__() for i, m in self.marks.items()}
        t.mulligans, t.kept, t.follow, t.step = self.mulligans[:], self.kept[:], self.follow[:], self.step
        t.contract = self.contract[:]
        t.deck_out = self.deck_out[:]
        return t

    def to_dict(self) -> dict:
        d = {"areas": self.areas, "pieces": self.pieces, "trackers": self.trackers, "mulligans": self.mulligans,
             "kept": self.kept, "follow": self.follow, "step": self.step,
             "marks": {str(i): m.to_dict() for i, m in sorted(self.marks.items())}}
        if any(self.contract):  # only while one is asked: the hashes of other games stay as they were
            d["contract"] = self.contract
        if any(self.deck_out):
            d["deck_out"] = self.deck_out
        return d


def other_side(card) -> tuple[str, object] | None:
    """(field name, side B) of a two-sided card (a profile field of kind `face`), or None."""
    from dataclasses import is_dataclass

    for name, value in card.extra.items():
        if is_dataclass(value) and hasattr(value, "name"):
            return name, value
    return None
