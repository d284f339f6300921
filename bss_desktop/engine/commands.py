"""Commands: what a player asks the engine to do.

Every way of changing a game goes through `Game.apply(command)`: the client,
the simulator, the network and the tests. Commands are small frozen
dataclasses with a JSON form (`to_dict` / `command_from_dict`) used by game
records and the network protocol.

Core locations (`Loc`) are "reserve" or the instance id of a card on the
player's own field. Core selections are tuples of `(loc, count)` pairs for
regular cores plus a flag for the player's soul core, wherever it is.
"""
from __future__ import annotations

from dataclasses import MISSING, dataclass, fields
from typing import Union

Loc = Union[str, int]
CoreSel = tuple  # tuple[tuple[Loc, int], ...]


@dataclass(frozen=True, slots=True)
class Command:
    player: int

    @property
    def kind(self) -> str:
        return _KIND_OF[type(self)]

    def to_dict(self) -> dict:
        d = {"type": self.kind}
        for f in fields(self):
            v = getattr(self, f.name)
            if f.name in _SEL_FIELDS and v is not None:
                v = [[loc, n] for loc, n in v]
            elif f.name == "moves":
                v = [[m.src, m.dst, m.count, m.soul] for m in v]
            elif f.name in ("value", "cards") and isinstance(v, tuple):
                v = list(v)
            d[f.name] = v
        return d


@dataclass(frozen=True, slots=True)
class Mulligan(Command):
    """CR 5-2-7: redraw (hand to the bottom, draw 4, shuffle) or keep and draw 1."""

    redraw: bool


@dataclass(frozen=True, slots=True)
class Summon(Command):
    """CR 10-6: summon a spirit from hand. `pay`/`place` None = the automatic default.

    In a flash window only a 【Swift】 spirit, paid and placed from the reserve (CR 11-9-1).
    `ascend`: the spirit whose cores 【Ascend】 sends to the reserve (CR 11-8-1).
    """

    card: int
    pay: CoreSel | None = None
    pay_soul: bool = False
    place: CoreSel | None = None
    place_soul: bool = False
    ascend: int | None = None


@dataclass(frozen=True, slots=True)
class PlaceNexus(Command):
    """CR 10-7: place a nexus from hand."""

    card: int
    pay: CoreSel | None = None
    pay_soul: bool = False
    place: CoreSel | None = None
    place_soul: bool = False


@dataclass(frozen=True, slots=True)
class UseMagic(Command):
    """CR 10-8: use a magic card from hand (main step, or a flash window for flash magic)."""

    card: int
    pay: CoreSel | None = None
    pay_soul: bool = False


@dataclass(frozen=True, slots=True)
class SetBurst(Command):
    """CR 6-6-1-2-2, 3-8-3: set a card with a burst effect face down."""

    card: int


@dataclass(frozen=True, slots=True)
class CoreMove:
    src: Loc
    dst: Loc
    count: int = 1  # regular cores
    soul: bool = False  # also move the soul core (it must be at src)


@dataclass(frozen=True, slots=True)
class MoveCores(Command):
    """CR 6-6-1-2-3: move cores among your reserve and your field cards, as one action."""

    moves: tuple  # tuple[CoreMove, ...]


@dataclass(frozen=True, slots=True)
class EndMain(Command):
    """CR 6-6-1-2-5."""


@dataclass(frozen=True, slots=True)
class Attack(Command):
    """CR 7-1-1-1: exhaust a refreshed spirit and attack."""

    spirit: int


@dataclass(frozen=True, slots=True)
class EndAttack(Command):
    """CR 6-7-3-2: end the attack step."""


@dataclass(frozen=True, slots=True)
class Pass(Command):
    """CR 7-1-2-1: pass in a flash window."""


@dataclass(frozen=True, slots=True)
class Block(Command):
    """CR 7-1-3-1: block with a refreshed spirit, or `spirit=None` to not block."""

    spirit: int | None


@dataclass(frozen=True, slots=True)
class Activate(Command):
    """CR 8-1-3: activate the `effect`-th effect (an activated effect) of one of your field cards."""

    card: int
    effect: int


@dataclass(frozen=True, slots=True)
class Awaken(Command):
    """CR 11-1-1: move cores from your other field cards onto a card with 【Awaken】."""

    card: int
    sources: CoreSel = ()
    soul: bool = False


@dataclass(frozen=True, slots=True)
class Choose(Command):
    """Answer a choice inside resolution (see Game.pending.info): a list of card ids for
    targets, true/false for "may", a number for X, an activation for order, an index or None
    for a substitution."""

    value: object = None


@dataclass(frozen=True, slots=True)
class ManualMove(Command):
    """A move made by hand to resolve an effect the engine does not automate (logged as manual).

    Moves `card` to its owner's `to` zone (hand, deck, trash, field, burst); `bottom` puts it
    under the deck; a card put onto the field takes `cores` from its owner's reserve. Cores on
    a card leaving the field go to its owner's reserve (CR 3-5-5).
    `side`: in the sandbox only, the player whose area it goes to; the card changes sides (rules mode keeps
    every card in its owner's areas, CR 3-1-6).
    """

    card: int
    to: str
    bottom: bool = False
    cores: int = 0
    side: int | None = None


@dataclass(frozen=True, slots=True)
class ManualCores(Command):
    """Move `owner`'s cores by hand: `count` regular cores (and the soul core if `soul`) from
    `src` to `dst` (life, reserve, trash, void, or a card of theirs on the field)."""

    owner: int
    src: Loc
    dst: Loc
    count: int = 1
    soul: bool = False


@dataclass(frozen=True, slots=True)
class ManualExhaust(Command):
    """Exhaust or refresh a field card by hand."""

    card: int
    exhausted: bool


@dataclass(frozen=True, slots=True)
class ManualShuffle(Command):
    """Shuffle `owner`'s deck by hand (CR 3-2-4), with the game's random generator."""

    owner: int


@dataclass(frozen=True, slots=True)
class ManualDeck(Command):
    """Take the top `count` cards of `owner`'s deck by hand without naming them (nobody may look at a deck,
    CR 3-2-2): to the hand (a draw, CR 4-5-3) or to the trash (a mill)."""
    owner: int
    to: str = "hand"
    count: int = 1


@dataclass(frozen=True, slots=True)
class ManualLook(Command):
    """Look at `owner`'s deck by hand (the top `top` cards, or all of it with 0), to resolve a search or a look
    the engine does not automate; only your own deck unless in the sandbox (CR 3-2-2). Who looks learns the cards;
    the other player learns how many."""
    owner: int
    top: int = 0


@dataclass(frozen=True, slots=True)
class ManualRandom(Command):
    """Flip a coin (`sides` 2) or roll a die (`sides` 6, or any number up to 100) with the game's generator,
    so the result is recorded and replays the same."""

    sides: int = 6


@dataclass(frozen=True, slots=True)
class ManualNote(Command):
    """A note for both players (up to 200 characters), kept in the game's record and log."""

    text: str = ""


@dataclass(frozen=True, slots=True)
class ManualReveal(Command):
    """Show cards to both players (CR 12-2): their identities enter the log."""

    cards: tuple = ()


@dataclass(frozen=True, slots=True)
class ManualToken(Command):
    """Put a token spirit onto `owner`'s field by hand (CR 4-12): its name, colour and BP; LV1 needs one core,
    which comes from the void."""

    owner: int
    name: str = "Token"
    color: str = "white"
    bp: int = 1000


@dataclass(frozen=True, slots=True)
class Concede(Command):
    """CR 1-2-4: either player, at any time."""


ALL_COMMANDS = (Mulligan, Summon, PlaceNexus, UseMagic, SetBurst, MoveCores, EndMain,
                Attack, EndAttack, Pass, Block, Activate, Awaken, Choose, ManualMove, ManualCores, ManualExhaust,
                ManualShuffle, ManualDeck, ManualLook, ManualRandom, ManualNote, ManualReveal, ManualToken, Concede)
_KIND_OF = {
    Mulligan: "mulligan", Summon: "summon", PlaceNexus: "place_nexus", UseMagic: "use_magic",
    SetBurst: "set_burst", MoveCores: "move_cores", EndMain: "end_main", Attack: "attack",
    EndAttack: "end_attack", Pass: "pass", Block: "block", Activate: "activate", Awaken: "awaken",
    Choose: "choose", ManualMove: "manual_move", ManualCores: "manual_cores", ManualExhaust: "manual_exhaust",
    ManualShuffle: "manual_shuffle", ManualDeck: "manual_deck", ManualLook: "manual_look", ManualRandom: "manual_random", ManualNote: "manual_note",
    ManualReveal: "manual_reveal", ManualToken: "manual_token", Concede: "concede",
}
_BY_KIND = {v: k for k, v in _KIND_OF.items()}
_SEL_FIELDS = ("pay", "place", "sources")


class CommandFormatError(ValueError):
    """A command dictionary with a missing or mistyped field; `field` names it."""

    def __init__(self, field: str, message: str):
        super().__init__(f"field '{field}': {message}")
        self.field = field


def _loc(value, field: str) -> Loc:
    if value == "reserve" or (isinstance(value, int) and not isinstance(value, bool)):
        return value
    raise CommandFormatError(field, f"expected 'reserve' or a card id, got {value!r}")


def _int(value, field: str, *, minimum: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise CommandFormatError(field, f"expected an integer, got {value!r}")
    if minimum is not None and value < minimum:
        raise CommandFormatError(field, f"must be at least {minimum}, got {value}")
    return value


def _bool(value, field: str) -> bool:
    if not isinstance(value, bool):
        raise CommandFormatError(field, f"expected true or false, got {value!r}")
    return value


def _sel(value, field: str):
    if value is None:
        return None
    if not isinstance(value, (list, tuple)):
        raise CommandFormatError(field, f"expected a list of [location, count] pairs, got {value!r}")
    out = []
    for i, pair in enumerate(value):
        if not isinstance(pair, (list, tuple)) or len(pair) != 2:
            raise CommandFormatError(f"{field}[{i}]", f"expected [location, count], got {pair!r}")
        out.append((_loc(pair[0], f"{field}[{i}][0]"), _int(pair[1], f"{field}[{i}][1]", minimum=0)))
    return tuple(out)


def command_from_dict(d: dict) -> Command:
    """Parse and type-check a command's JSON form; raises CommandFormatError naming the field."""
    if not isinstance(d, dict):
        raise CommandFormatError("", f"expected an object, got {type(d).__name__}")
    kind = d.get("type")
    cls = _BY_KIND.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise CommandFormatError("type", f"unknown command type {kind!r}")
    names = {f.name for f in fields(cls)}
    extra = set(d) - names - {"type"}
    if extra:
        raise CommandFormatError(sorted(extra)[0], f"not a field of '{kind}'")
    kw = {}
    for f in fields(cls):
        if f.name not in d:
            if _required(cls, f.name):
                raise CommandFormatError(f.name, "missing")
            continue
        v = d[f.name]
        if f.name == "player":
            v = _int(v, "player")
            if v not in (0, 1):
                raise CommandFormatError("player", f"must be 0 or 1, got {v}")
        elif f.name in ("src", "dst"):
            v = v if v in ("life", "reserve", "trash", "void") else _loc(v, f.name)
        elif f.name == "to":
            if v not in ("hand", "deck", "trash", "field", "burst"):
                raise CommandFormatError("to", f"expected hand, deck, trash, field or burst, got {v!r}")
        elif f.name == "cards":
            if not isinstance(v, list) or len(v) > 60:
                raise CommandFormatError("cards", "expected a list of up to 60 card ids")
            v = tuple(_int(x, f"cards[{i}]") for i, x in enumerate(v))
        elif f.name == "text":
            if not isinstance(v, str) or len(v) > 200:
                raise CommandFormatError("text", "expected text of at most 200 characters")
        elif f.name in ("name", "color"):
            if not isinstance(v, str) or not v.strip() or len(v) > 60:
                raise CommandFormatError(f.name, "expected text of 1 to 60 characters")
        elif f.name == "side":
            if v is not None and _int(v, "side") not in (0, 1):
                raise CommandFormatError("side", f"must be 0, 1 or null, got {v}")
        elif f.name in ("owner", "count", "cores", "sides", "bp", "top"):
            v = _int(v, f.name, minimum=0)
        elif f.name in ("bottom", "exhausted"):
            v = _bool(v, f.name)
        elif f.name in ("card", "spirit", "ascend", "effect"):
            v = None if (v is None and (cls is Block or f.name == "ascend")) else _int(v, f.name)
        elif f.name in _SEL_FIELDS:
            v = _sel(v, f.name)
        elif f.name in ("pay_soul", "place_soul", "redraw", "soul"):
            v = _bool(v, f.name)
        elif f.name == "value":
            v = _choice_value(v)
        elif f.name == "moves":
            if not isinstance(v, (list, tuple)) or not v:
                raise CommandFormatError("moves", "expected a non-empty list of [src, dst, count, soul]")
            moves = []
            for i, m in enumerate(v):
                if not isinstance(m, (list, tuple)) or len(m) != 4:
                    raise CommandFormatError(f"moves[{i}]", f"expected [src, dst, count, soul], got {m!r}")
                moves.append(CoreMove(_loc(m[0], f"moves[{i}][0]"), _loc(m[1], f"moves[{i}][1]"),
                                      _int(m[2], f"moves[{i}][2]", minimum=0), _bool(m[3], f"moves[{i}][3]")))
            v = tuple(moves)
        kw[f.name] = v
    return cls(**kw)


def _choice_value(v):
    """A Choose value: null, true/false, a whole number, or a list of whole numbers."""
    if v is None or isinstance(v, bool):
        return v
    if isinstance(v, int):
        return v
    if isinstance(v, list) and len(v) <= 200 and all(isinstance(x, int) and not isinstance(x, bool) for x in v):
        return tuple(v)
    raise CommandFormatError("value", f"expected null, true/false, a number or a list of numbers, got {v!r}")


def _required(cls, name: str) -> bool:
    for f in fields(cls):
        if f.name == name:
            return f.default is MISSING and f.default_factory is MISSING
    return False
