"""A game profile: one game's table, pieces, trackers, steps, setup, deck rules and cards, as data (no Qt).

The profile files live in the shipped `profiles/` folder (docs/profile-format.md documents every field);
`table.profiles` finds, merges (`extends:`) and checks them. This module holds the shape (`PROFILE`, checked
field by field with `table.schema`) and the frozen objects the rest of the app reads:

    from bss_desktop.table import get_profile
    bos = get_profile("bos")
    bos.zones["fighter"].capacity      # 5
    bos.trackers["sp"].win_at          # 16000
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field

from .schema import Bool, Dict, Enum, Int, List, Map, Name, Num, Opt, Str

VISIBILITY = ("public", "owner", "none")  # who sees a zone's cards: both players, their owner, nobody
ORDER = ("none", "owner", "all")  # who may reorder a zone's cards
FACES = ("up", "down", "any")
DISPLAYS = ("row", "fan", "pile", "box")  # how the board lays a zone out: spread, a hand fan, a stack, a piece box
TRACKER_OPS = ("adjust", "transfer", "pay_each_opponent")
CLEAR_ON = ("battle_destruction", "leave_field")
MULLIGANS = ("bottom_then_shuffle", "shuffle_then_draw", "reshuffle")
CARD_SHAPES = ("battle_spirits", "plain")  # the Battle Spirits card record (docs/card-format.md), or name+fields
FIELD_KINDS = ("int", "text", "enum", "bool", "face", "level", "effects")  # level: one of the card's own levels;
# effects: the card's effects in its game's vocabulary (Battle of Souls: carddb/bos_effects.py)
COLUMNS = ("left", "centre", "right")

# ------------------------------------------------------------------ the shape of a profile file

_ZONE = Map({
    "label": Str(required=True, max_len=40),
    "owner": Enum("player", "shared", default="player"),
    "holds": Enum("cards", "pieces", default="cards"),
    "visibility": Enum(*VISIBILITY, default="public"),
    "count_public": Bool(True),
    "ordered": Bool(False),
    "reorder": Enum(*ORDER, default="owner"),
    "capacity": Opt(Int(minimum=1, maximum=100)),
    "face": Enum(*FACES, default="up"),
    "peek": Enum("owner", "none", default="owner"),
    "attach_to": List(Name(), unique=True),
    "dies_with_host": Opt(Name()),
    "out_of_game": Bool(False),
    "pieces_on_cards": Bool(False),
    "search_shuffles": Bool(False),
    "browse_opponent": Enum("yes", "ask", default="yes"),
    "display": Enum(*DISPLAYS, default="row"),
    "card_scale": Opt(Num(minimum=0.2, maximum=1.0)),
})

_FIELD = Map({
    "label": Str(max_len=40),
    "kind": Enum(*FIELD_KINDS, required=True),
    "values": List(Str(max_len=60), unique=True),
    "min": Opt(Int()),
    "max": Opt(Int()),
    "step": Opt(Int(minimum=1)),
    "modifies": Opt(Name()),  # an attached card's value of this field adds to its host's field named here
})

PROFILE = Map({
    "id": Name(required=True),
    "name": Str(required=True, max_len=60),
    "short": Str(max_len=20),
    "extends": Opt(Name()),
    "rules": Opt(Name()),
    "rules_document": Str(max_len=200, default=""),
    "cards": Map({
        "sets": Str(required=True, max_len=100),
        "decks": Str(required=True, max_len=100),
        "shape": Enum(*CARD_SHAPES, required=True),
        "types": Dict(Map({"label": Str(max_len=40), "fields": List(Name(), unique=True),
                           "levels": Enum("bp", "plain", "none", default="none"),
                           "first_level": Int(1, minimum=1, maximum=10),
                           # a card of this type combines with one of its owner's field cards (ETR §Brave)
                           "combines": Opt(Map({"with": List(Name(), min_len=1, unique=True, required=True),
                                                "bp": Opt(Name()), "rule": Str(max_len=60, default="")})),
                           # the values of an enum field this type may take (BOS: a tactic is never Attached)
                           "values": Dict(List(Str(max_len=60), min_len=1, unique=True), max_len=10),
                           "optional": List(Name(), unique=True)}), max_len=30),
        "fields": Dict(_FIELD, max_len=40),
        # the cores of a field card whose card field `field` is `value` go to the void when it leaves (ETR §Grandwalker)
        "void_cores": Opt(Map({"field": Name(required=True), "value": Str(required=True, max_len=60),
                               "rule": Str(max_len=60, default="")})),
        "face": Name(required=True),
    }, required=True),
    "zones": Dict(_ZONE, max_len=40),
    "group_caps": List(Map({"zones": List(Name(), min_len=2, unique=True), "max": Int(minimum=1, required=True),
                            "label": Str(max_len=80)})),
    "capacity_policy": Enum("warn", "block", default="warn"),
    "pieces": Dict(Map({
        "label": Str(required=True, max_len=40),
        "unique": Bool(False),
        "supply": Opt(Name()),
        "barred": List(Name(), unique=True),
        "rule": Str(max_len=60, default=""),  # the rule that bars it, named when a move is refused
    }), max_len=10),
    "trackers": Dict(Map({
        "label": Str(required=True, max_len=40),
        "start": Int(0),
        "min": Opt(Int()),
        "win_at": Opt(Int()),
        "lose_at": Opt(Int()),
        "step": Int(1, minimum=1),
        "ops": List(Enum(*TRACKER_OPS), unique=True, default=("adjust",)),
    }), max_len=10),
    "card_counters": Dict(Map({
        "label": Str(required=True, max_len=40),
        "movable": Bool(True),
        "clear_on": List(Enum(*CLEAR_ON), unique=True),
        "free_label": Bool(False),
        "max": Int(99, minimum=1, maximum=999),
        "stat": Opt(Name()),  # a signed modifier of this int card field (ATK), each counter worth `step` of it
        "step": Int(1, minimum=1, maximum=10000),
    }), max_len=10),
    "orientations": Dict(Map({
        "label": Str(required=True, max_len=40),
        "angle": Enum(0, 90, 180, 270, required=True),
        "default": Bool(False),
        "means": Str(max_len=120, default=""),
    }), max_len=6),
    # design ruling 12 (a LAN game): what a seat may do without asking to the other seat's PUBLIC things; anything
    # else on the other's things is a request its owner accepts or refuses (engine/reach.py)
    "opponent_moves": Map({
        "trackers": Dict(List(Enum(*TRACKER_OPS), unique=True, min_len=1), max_len=10),  # tracker -> its ops
        "counters": List(Name(), unique=True, max_len=10),  # card_counters kinds, on the other's public cards
        "turn": List(Name(), unique=True, max_len=6),  # orientations the other's public cards may be given
        "cards": List(List(Name(), min_len=2, max_len=2), max_len=40),  # [from zone, to zone] of their cards
        "cores": List(List(Name(), min_len=2, max_len=2), max_len=40),  # [from, to] of their cores ("card": on one)
    }, default={}),
    "tokens": Map({"label": Str(max_len=40, default="Token"), "zone": Opt(Name()),
                   "vanish_on_leave": Bool(True)}, default={}),
    "randomizers": Dict(Map({"label": Str(required=True, max_len=40),
                             "sides": Int(required=True, minimum=2, maximum=100)}), max_len=6),
    "steps": List(Name(), min_len=1, unique=True, required=True),
    "flash_in_main": Bool(False),  # Flash magic may be used in the main step(s) too (STD 9-1-7-1-2)
    "first_turn_skip": List(Name(), unique=True),
    "setup": Map({
        "hand": Int(4, minimum=0, maximum=20),
        "keep_bonus": Int(0, minimum=0, maximum=5),
        "mulligan": Map({"max": Int(1, minimum=0, maximum=5),
                         "procedure": Enum(*MULLIGANS, default="bottom_then_shuffle"),
                         # who may call one: fewer than `fewer_than` cards of the hand with `field` = `value`
                         "eligible": Opt(Map({"field": Name(required=True), "value": Str(required=True, max_len=60),
                                              "fewer_than": Int(required=True, minimum=1, maximum=20),
                                              "label": Str(max_len=120, default="")})),
                         "reveal": Bool(False),  # a mulligan shows the hand to the other player first
                         "agreement": Bool(False),  # the first turn waits until every player keeps in a row
                         "follow": Bool(False),  # a player may take the other's mulligan too
                         "rule": Str(max_len=60, default="")}, default={}),  # the rule its refusals cite
        "pieces": Dict(Dict(Int(minimum=0, maximum=100)), max_len=10),
        # ETR §Contract Card: instead of the hand, draw `draw` and take a card whose bool field `field` is true
        "contract": Opt(Map({"field": Name(required=True), "draw": Int(3, minimum=0, maximum=20),
                             "rule": Str(max_len=60, default="")})),
    }, default={}),
    "deck_rules": Map({
        "rule": Str(max_len=60, default=""),
        "min": Int(required=True, minimum=1, maximum=500),
        "max": Opt(Int(minimum=1, maximum=500)),
        "copies": Int(required=True, minimum=1, maximum=99),
        "copies_by": Enum("name", "name_id", "id", default="name"),
        "tokens_allowed": Bool(False),
        "side": Opt(Map({"min": Int(0, minimum=0), "max": Int(required=True, minimum=0, maximum=100),
                         # cards brought outside the deck: what the section is called, the zone it is dealt into
                         # at setup, and which cards it takes (ETR §Token Cards: Eternal's token cards)
                         "label": Str(max_len=40, default="Side deck"), "zone": Name(default="side"),
                         "cards": Enum("any", "tokens", default="any")})),
        "group_limits": List(Map({"field": Name(required=True), "value": Str(required=True, max_len=60),
                                  "max": Int(required=True, minimum=0), "label": Str(max_len=80),
                                  "distinct": Opt(Int(minimum=1, maximum=99))})),  # at most N different cards
    }, required=True),
    # what a sandbox's turn remembers and reminds (table/turn_rules.py, engine/table_turn.py; none: nothing)
    "turn_rules": Map({
        "deck_out": Opt(Map({"rule": Str(required=True, max_len=60)})),  # a draw from an empty deck loses
        "ready": Opt(Map({"step": Name(required=True), "zone": Name(required=True),
                          "orientation": Name(required=True), "rule": Str(max_len=60, default="")})),
        "hand_limit": Opt(Map({"step": Name(required=True), "over": Int(required=True, minimum=0, maximum=100),
                               "down_to": Int(required=True, minimum=0, maximum=100),
                               "rule": Str(max_len=60, default="")})),
        "attack_mark": Opt(Map({"zone": Name(required=True), "rule": Str(max_len=60, default="")})),
        "set_wait": Dict(Str(max_len=60), max_len=10),  # zone -> the rule: not activated the turn it was set
        "step_bans": List(Map({"step": Name(required=True), "zone": Name(required=True),
                               "rule": Str(max_len=60, default="")}), max_len=10),
    }, default={}),
    # topic -> the rule of this game's document the app cites for it (engine/citations.py; over its rules module's)
    "cites": Dict(Str(required=True, max_len=80), max_len=100),
    "match": Opt(Map({"best_of": Int(1, minimum=1, maximum=9), "loser_chooses": Bool(False),
                      "side_swap": Enum("none", "one_for_one", default="none")})),
    "layout": Map({
        "columns": Map({"left": Int(190, minimum=0, maximum=800), "right": Int(262, minimum=0, maximum=800)},
                       default={}),
        "left": Map({"from": Enum("centre", "edge", default="edge"),
                     "rows": List(List(Name(), min_len=1, max_len=4))}, default={}),
        "centre": Map({"from": Enum("centre", "edge", default="edge"),
                       "rows": List(List(Name(), min_len=1, max_len=4))}, default={}),
        "right": Map({"from": Enum("centre", "edge", default="edge"),
                      "rows": List(List(Name(), min_len=1, max_len=4))}, default={}),
        "shared": Map({c: Opt(Name()) for c in COLUMNS}, default={}),
    }, required=True),
})


# ------------------------------------------------------------------ what the app reads

@dataclass(frozen=True)
class Zone:
    name: str
    label: str
    owner: str = "player"  # "player": each player has one; "shared": one on the table
    holds: str = "cards"  # "cards" or "pieces" (cores and the like)
    visibility: str = "public"  # who sees the cards' faces: public / owner / none
    count_public: bool = True
    ordered: bool = False  # the order matters (a deck, a discard pile whose order must not change)
    reorder: str = "owner"  # who may reorder it: none / owner / all
    capacity: int | None = None
    face: str = "up"  # how a card enters: up / down / any (the player chooses)
    peek: str = "owner"  # who may look at a face-down card here
    attach_to: tuple[str, ...] = ()  # zones whose cards this zone's cards may attach to
    dies_with_host: str | None = None  # where an attached card goes when its host leaves (None: it stays, unattached)
    out_of_game: bool = False  # side deck, removed from play
    pieces_on_cards: bool = False  # cards here may carry pieces (cores on a spirit)
    search_shuffles: bool = False  # looking through it ends with a shuffle
    browse_opponent: str = "yes"  # "ask": looking at the opponent's pile needs their permission
    display: str = "row"
    card_scale: float | None = None

    @property
    def hidden_from_opponent(self) -> bool:
        return self.visibility != "public"


@dataclass(frozen=True)
class CardField:
    name: str
    kind: str
    label: str = ""
    values: tuple[str, ...] = ()
    min: int | None = None
    max: int | None = None
    step: int | None = None
    modifies: str | None = None  # the host's field this field adds to while its card is attached


@dataclass(frozen=True)
class Cards:
    sets: str  # folders under the shipped cards/ folder
    decks: str
    shape: str
    types: dict  # type -> {"label", "fields": (field names the type requires), "levels": bp/plain/none, "first_level",
    #                       "combines": None or {"with": (host types), "bp": int field added to the host's BP, "rule"}}
    fields: dict  # name -> CardField
    face: str  # which card face painter draws this game's cards
    void_cores: dict | None = None  # {"field", "value", "rule"}: whose cores go to the void on leaving the field


@dataclass(frozen=True)
class Piece:
    name: str
    label: str
    unique: bool = False  # one per player (the soul core)
    supply: str | None = None  # the zone pieces come from when made by hand
    barred: tuple[str, ...] = ()  # zones this piece may never enter
    rule: str = ""  # the rule that bars them (STD 5-7-3), or "" (the profile's field is named)


@dataclass(frozen=True)
class Tracker:
    name: str
    label: str
    start: int = 0
    min: int | None = None
    win_at: int | None = None
    lose_at: int | None = None
    step: int = 1
    ops: tuple[str, ...] = ("adjust",)


@dataclass(frozen=True)
class CardCounter:
    name: str
    label: str
    movable: bool = True
    clear_on: tuple[str, ...] = ()
    free_label: bool = False
    max: int = 99
    stat: str | None = None  # a signed modifier of this card field: -max..max counters, each worth `step`
    step: int = 1


@dataclass(frozen=True)
class Orientation:
    name: str
    label: str
    angle: int
    default: bool = False
    means: str = ""


@dataclass(frozen=True)
class Randomizer:
    name: str
    label: str
    sides: int


@dataclass(frozen=True)
class OpponentMoves:
    """What a seat may do, without asking, to the other seat's public things (design ruling 12; engine/reach.py):
    tracker ops by tracker, counter kinds, orientations, card moves (from zone, to zone) and core moves (from, to;
    "card" for a card's cores, "trash" for the trash's cores)."""

    trackers: dict = field(default_factory=dict)  # name -> (ops)
    counters: tuple[str, ...] = ()
    turn: tuple[str, ...] = ()
    cards: tuple[tuple[str, str], ...] = ()
    cores: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, eq=False)  # one object per game, compared and hashed by identity (caches key on it)
class Profile:
    id: str
    name: str
    short: str
    rules: str | None  # the rules module that enforces the game; None: sandbox only
    rules_document: str
    cards: Cards
    zones: dict  # name -> Zone, in the file's order
    group_caps: tuple  # ({"zones": (...), "max": n, "label": str}, ...)
    capacity_policy: str
    pieces: dict  # name -> Piece
    trackers: dict  # name -> Tracker
    card_counters: dict  # name -> CardCounter
    orientations: dict  # name -> Orientation
    tokens: dict
    randomizers: dict  # name -> Randomizer
    steps: tuple[str, ...]
    first_turn_skip: tuple[str, ...]
    setup: dict
    deck_rules: dict
    match: dict | None
    layout: dict
    source: str = ""  # the file it was read from (and its parents), for messages
    digest: str = ""  # sha256 of the checked, merged profile: two machines playing a game over LAN compare it
    extends: tuple[str, ...] = field(default=(), compare=False)  # its ancestors, nearest first
    opponent_moves: OpponentMoves = field(default_factory=OpponentMoves)  # design ruling 12 (engine/reach.py)
    flash_in_main: bool = False  # the use-magic helper takes Flash magic in a main step (engine/hand_helpers.py)
    turn_rules: dict = field(default_factory=dict)  # the checked `turn_rules` mapping (engine/table_turn.py)
    cites: dict = field(default_factory=dict)  # topic -> the rule cited for it (engine/citations.py)

    @property
    def title(self) -> str:
        return self.name

    @staticmethod
    def step_label(step: str) -> str:
        """A step's name as a player reads it: main1 -> "Main 1", second_main -> "Second main"."""
        words = step.replace("_", " ")
        if words[-1:].isdigit() and not words[-2:-1].isspace():
            words = words[:-1].rstrip() + " " + words[-1]
        return words[:1].upper() + words[1:]

    def card_zones(self) -> list[Zone]:
        return [z for z in self.zones.values() if z.holds == "cards"]

    def piece_zones(self) -> list[Zone]:
        return [z for z in self.zones.values() if z.holds == "pieces"]

    def default_orientation(self) -> Orientation:
        return next(o for o in self.orientations.values() if o.default)

    def caps_for(self, zone: str) -> list[tuple[tuple[str, ...], int, str]]:
        """The capacity limits a card entering `zone` must respect: its own, then each group it belongs to."""
        out = []
        z = self.zones.get(zone)
        if z is not None and z.capacity is not None:
            out.append(((zone,), z.capacity, z.label))
        for cap in self.group_caps:
            if zone in cap["zones"]:
                out.append((cap["zones"], cap["max"], cap["label"] or " + ".join(cap["zones"])))
        return out


def build(data: dict, source: str, ancestors: tuple[str, ...]) -> Profile:
    """The frozen profile from a checked, merged mapping."""
    def named(cls, mapping):
        return {k: cls(name=k, **v) for k, v in mapping.items()}

    zones = {}
    for name, z in data["zones"].items():
        zones[name] = Zone(name=name, **z)
    cards = data["cards"]
    return Profile(
        id=data["id"], name=data["name"], short=data["short"] or data["name"], rules=data["rules"],
        rules_document=data["rules_document"],
        cards=Cards(sets=cards["sets"], decks=cards["decks"], shape=cards["shape"], types=cards["types"],
                    fields=named(CardField, cards["fields"]), face=cards["face"],
                    void_cores=cards["void_cores"]),
        zones=zones, group_caps=data["group_caps"], capacity_policy=data["capacity_policy"],
        pieces=named(Piece, data["pieces"]), trackers=named(Tracker, data["trackers"]),
        card_counters=named(CardCounter, data["card_counters"]), orientations=named(Orientation, data["orientations"]),
        tokens=data["tokens"], randomizers=named(Randomizer, data["randomizers"]), steps=data["steps"],
        first_turn_skip=data["first_turn_skip"], setup=data["setup"], deck_rules=data["deck_rules"],
        match=data["match"], layout=data["layout"], source=source, extends=ancestors,
        opponent_moves=OpponentMoves(**data["opponent_moves"]), flash_in_main=data["flash_in_main"],
        turn_rules=data["turn_rules"], cites=data["cites"],
        digest=hashlib.sha256(json.dumps(data, sort_keys=True, default=list).encode()).hexdigest(),
    )
