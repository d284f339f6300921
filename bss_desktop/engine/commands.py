"""Commands: what a player asks the engine to do.

Every way of changing a game goes through `Game.apply(command)`: the client,
the simulator, the network and the tests. Commands are small frozen
dataclasses with a JSON form (`to_dict` / `command_from_dict`) used by game
records and the network protocol.

Core locations (`Loc`) are "reserve" or the instance id of a card on the
player's own field. Core selections are tuples of `(loc, count)` pairs for
regular cores plus a flag for the player's soul core, wherever it is.

Constructing a command checks nothing (legal_commands builds many, cheaply);
`Game.apply` checks every field's type first (`field_problem`, below: players
are 0 or 1, whole numbers are ints and not bools, flags are real bools,
sequences are tuples of the right shape, words come from their allowed set,
None only where a field allows it) and refuses a malformed command with the
game's rule for that field. `command_from_dict` makes the same checks on JSON.
"""
from __future__ import annotations

import reprlib
from dataclasses import MISSING, dataclass, fields
from typing import Union

from ..limits import MAX_ZONE_CARDS

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
            elif f.name in ("value", "cards", "mix", "exile", "sacrifices", "targets", "discards") \
                    and isinstance(v, tuple):
                if f.name in ("mix", "exile") and not v:
                    continue  # written only when there is one: records of local games stay as they were
                v = list(v)
            elif f.name == "stats":
                v = [list(p) for p in v]
            d[f.name] = v
        return d


@dataclass(frozen=True, slots=True)
class Mulligan(Command):
    """The mulligan (cites["mulligan"]): redraw (hand to the bottom, draw 4, shuffle) or keep and draw 1."""

    redraw: bool


@dataclass(frozen=True, slots=True)
class Summon(Command):
    """Summon a spirit from hand (cites["summon"]). `pay`/`place` None = the automatic default.

    In a flash window only a 【Swift】 spirit, paid and placed from the reserve.
    `ascend`: the spirit whose cores 【Ascend】 sends to the reserve (cites["ascend"]).
    """

    card: int
    pay: CoreSel | None = None
    pay_soul: bool = False
    place: CoreSel | None = None
    place_soul: bool = False
    ascend: int | None = None
    exile: tuple = ()  # 《Succession》: EX-symbol cards of your trash removed from the game


@dataclass(frozen=True, slots=True)
class PlaceNexus(Command):
    """Place a nexus from hand (cites["nexus"])."""

    card: int
    pay: CoreSel | None = None
    pay_soul: bool = False
    place: CoreSel | None = None
    place_soul: bool = False
    exile: tuple = ()  # 《Succession》 (cites["reduction"])


@dataclass(frozen=True, slots=True)
class UseMagic(Command):
    """Use a magic card from hand (main step, or a flash window for flash magic)."""

    card: int
    pay: CoreSel | None = None
    pay_soul: bool = False
    exile: tuple = ()  # 《Succession》 (cites["reduction"])


@dataclass(frozen=True, slots=True)
class SetBurst(Command):
    """Set a card with a burst effect face down (cites["set_burst"])."""

    card: int


@dataclass(frozen=True, slots=True)
class CoreMove:
    src: Loc
    dst: Loc
    count: int = 1  # regular cores
    soul: bool = False  # also move the soul core (it must be at src)


@dataclass(frozen=True, slots=True)
class MoveCores(Command):
    """Move cores among your reserve and your field cards, as one action."""

    moves: tuple  # tuple[CoreMove, ...]


@dataclass(frozen=True, slots=True)
class EndMain(Command):
    """End the main step."""


@dataclass(frozen=True, slots=True)
class Attack(Command):
    """Exhaust a refreshed spirit and attack."""

    spirit: int


@dataclass(frozen=True, slots=True)
class EndAttack(Command):
    """End the attack step."""


@dataclass(frozen=True, slots=True)
class Pass(Command):
    """Pass in a flash window."""


@dataclass(frozen=True, slots=True)
class Block(Command):
    """Block with a refreshed spirit, or `spirit=None` to not block."""

    spirit: int | None


@dataclass(frozen=True, slots=True)
class Activate(Command):
    """Activate the `effect`-th effect (an activated effect) of one of your field cards."""

    card: int
    effect: int


@dataclass(frozen=True, slots=True)
class Awaken(Command):
    """Move cores from your other field cards onto a card with 【Awaken】."""

    card: int
    sources: CoreSel = ()
    soul: bool = False


@dataclass(frozen=True, slots=True)
class Choose(Command):
    """Answer a choice inside resolution (see Game.pending.info): a tuple (or list) of card ids
    for targets, true/false for "may", a number for X, an activation for order, an index or None
    for a substitution. The game records a list as a tuple."""

    value: object = None


@dataclass(frozen=True, slots=True)
class ManualMove(Command):
    """A move made by hand to resolve an effect the engine does not automate (logged as manual).

    Moves `card` to its owner's `to` zone (hand, deck, trash, field, burst); `bottom` puts it
    under the deck; a card put onto the field takes `cores` from its owner's reserve. Cores on
    a card leaving the field go to its owner's reserve.
    `side`: in the sandbox only, the player whose area it goes to; the card changes sides (rules mode keeps
    every card in its owner's areas, cites["owners_areas"]).
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


# `mix` (design ruling 13): over the LAN, a random result a player's choice triggers comes from two fresh shares, one
# from each side (commit, then reveal: protocol/fairness.py), never from the game's generator, whose state the host
# knows; a local game leaves it empty. Table moves: engine/table_moves.py `_rng_for`.


@dataclass(frozen=True, slots=True)
class ManualShuffle(Command):
    """Shuffle `owner`'s deck by hand, with the game's random generator (or both LAN sides' `mix`)."""

    owner: int
    mix: tuple = ()


@dataclass(frozen=True, slots=True)
class ManualDeck(Command):
    """Take the top `count` cards of `owner`'s deck by hand without naming them (nobody may look at a deck,
    cites["deck_hidden"]): to the hand (a draw) or to the trash (a mill)."""
    owner: int
    to: str = "hand"
    count: int = 1


@dataclass(frozen=True, slots=True)
class ManualLook(Command):
    """Look at `owner`'s deck by hand (the top `top` cards, or all of it with 0), to resolve a search or a look
    the engine does not automate; only your own deck unless in the sandbox (cites["deck_hidden"]). Who looks learns the cards;
    the other player learns how many. `shuffle`: then shuffle that deck, as cites["look_shuffle"] says unless the text says
    otherwise (the board offers it; records made before it existed read it as false)."""
    owner: int
    top: int = 0
    shuffle: bool = False
    mix: tuple = ()  # the shuffle's shares over the LAN


@dataclass(frozen=True, slots=True)
class ManualRandom(Command):
    """Flip a coin (`sides` 2) or roll a die (`sides` 6, or any number up to 100) with the game's generator,
    so the result is recorded and replays the same."""

    sides: int = 6
    mix: tuple = ()


@dataclass(frozen=True, slots=True)
class ManualNote(Command):
    """A note for both players (up to 200 characters), kept in the game's record and log."""

    text: str = ""


@dataclass(frozen=True, slots=True)
class ManualReveal(Command):
    """Show cards to both players (cites["reveal"]): their identities enter the log."""

    cards: tuple = ()


@dataclass(frozen=True, slots=True)
class ManualToken(Command):
    """Put a token spirit onto `owner`'s field by hand (cites["tokens"]): its name, colour and BP; LV1 needs one core,
    which comes from the void."""

    owner: int
    name: str = "Token"
    color: str = "white"
    bp: int = 1000


# ---- the table of a game profile (table/): what other games' sandboxes do with their cards, counters and numbers


@dataclass(frozen=True, slots=True)
class ManualFlip(Command):
    """Turn a card face down or face up where its game's profile allows face-down cards (a Battle of Souls
    tactic); its owner may still look at it, the other player sees its back."""

    card: int
    down: bool = True


@dataclass(frozen=True, slots=True)
class ManualSide(Command):
    """Show a two-sided card's other side (`back`: side B, Eternal's Rebirth) or its front again. A card that changes
    zone shows its front (a new card)."""

    card: int
    back: bool = True


@dataclass(frozen=True, slots=True)
class ManualTurn(Command):
    """Give a card one of its game's orientations by name (heavy_exhausted, rest, ...: profile `orientations`)."""

    card: int
    to: str = ""


@dataclass(frozen=True, slots=True)
class ManualCounter(Command):
    """Put `delta` counters of the profile's kind `name` on a card (a negative delta takes them off); a kind
    with free_label takes the name written on it (`label`: "Ember")."""

    card: int
    name: str = ""
    delta: int = 1
    label: str = ""


@dataclass(frozen=True, slots=True)
class ManualAttach(Command):
    """Attach a card to `host` (equipment to a fighter: profile `attach_to`), or detach it (host None)."""

    card: int
    host: int | None = None


@dataclass(frozen=True, slots=True)
class ManualTracker(Command):
    """Change `owner`'s tracker `name` (Soul Points): "adjust" by `amount` (negative lowers it), "transfer"
    `amount` from `owner` to the other player (zero-sum), "pay_each_opponent" `amount` to each opponent."""

    owner: int
    name: str = ""
    op: str = "adjust"
    amount: int = 0


@dataclass(frozen=True, slots=True)
class ManualStep(Command):
    """Move the turn on by hand in a game without a rules module: to step `to` of its profile's `steps`, or ("") to
    the next one; past the last step the other player's turn begins (a first turn skips `first_turn_skip`)."""

    to: str = ""


@dataclass(frozen=True, slots=True)
class ManualOrder(Command):
    """Put the cards of `owner`'s public `zone` in a new order (`cards`, bottom first: a permutation of the zone's
    cards), where the zone's profile lets this player reorder it (`zones.<zone>.reorder`: the owner, or both)."""

    owner: int
    zone: str = ""
    cards: tuple = ()


@dataclass(frozen=True, slots=True)
class ManualRandomCard(Command):
    """A card of `owner`'s hand chosen at random by the game's generator, and revealed (a random discard, a random
    card taken): the result is recorded and replays the same."""

    owner: int
    mix: tuple = ()


@dataclass(frozen=True, slots=True)
class ManualCardToken(Command):
    """Make a token card of a plain game (a Battle of Souls fighter token) in its profile's token zone: its name
    and its number fields (`stats`: (("atk", 500), ("rst", 500)))."""

    owner: int
    name: str = "Token"
    stats: tuple = ()


@dataclass(frozen=True, slots=True)
class ManualUse(Command):
    """The use-magic helper of a game without a rules module: magic `card` from the player's hand, used where its
    timing fits the step (cites["magic_timing"]), goes to the trash; its cost is paid by hand."""

    card: int


@dataclass(frozen=True, slots=True)
class ManualSummon(Command):
    """The summon helper of a game without a rules module: `card` (a spirit, an Ultimate) from the player's hand to
    the field in a main step, with `level`'s cores from the reserve (0: its lowest level; an Ultimate's is LV3)."""

    card: int
    level: int = 0


@dataclass(frozen=True, slots=True)
class ContractOpening(Command):
    """ETR §Contract Card, §Game Setup: before seeing an opening hand, take the contract card `cid` from your deck,
    draw the profile's `setup.contract.draw` (3) and add it; or ("") draw the whole hand as usual."""

    cid: str = ""


@dataclass(frozen=True, slots=True)
class ManualReady(Command):
    """Turn every card of `owner`'s zone that the profile's `turn_rules.ready` names to its orientation at once (BOS
    §Ready Phase: all of a player's rest-position fighters to attack position)."""

    owner: int


@dataclass(frozen=True, slots=True)
class ManualAttacked(Command):
    """Mark (or unmark) a card of the profile's `turn_rules.attack_mark` zone as having attacked this turn (BOS
    §Battle Step: one attack per fighter per turn; attacking does not turn it). The mark goes when the turn ends."""

    card: int
    attacked: bool = True


@dataclass(frozen=True, slots=True)
class ManualBrowse(Command):
    """`player` looks through `owner`'s public pile `zone`, or (player == owner) shows it to the other player: the
    log says so. A pile whose profile says `browse_opponent: ask` is the owner's to show (BOS §Public Knowledge)."""

    owner: int
    zone: str = ""


@dataclass(frozen=True, slots=True)
class Concede(Command):
    """Concede: either player, at any time (cites["concede"])."""


# ---------------------------------------------------------------- Battle of Souls (rules/bos/): its own actions


@dataclass(frozen=True, slots=True)
class Deploy(Command):
    """Deploy a fighter from the hand in attack position (BOS §Main Phase I); `sacrifices`: the fighters its class
    asks for (BOS §Fighter Classes: an Elite Warrior one Warrior, a Legendary Warrior three)."""

    card: int
    sacrifices: tuple = ()


@dataclass(frozen=True, slots=True)
class SetCard(Command):
    """Set an equipment or tactic card from the hand face down (BOS §Equipment Zone, §Tactic Zone)."""

    card: int


@dataclass(frozen=True, slots=True)
class UseCard(Command):
    """Activate a card or one of its effects (BOS §Chains): an equipment card from the hand or set, a set tactic, a
    battlefield from the hand (`effect` 0: the card itself), or the `effect`-th effect of a fighter or battlefield you
    control (1 the first). `targets`: the cards it targets, chosen as it is activated; `sacrifices` and `discards`:
    the fighters and hand cards its cost takes (BOS §Pay a Cost: paid before it is activated)."""

    card: int
    effect: int = 0
    targets: tuple = ()
    sacrifices: tuple = ()
    discards: tuple = ()


@dataclass(frozen=True, slots=True)
class DeclareAttack(Command):
    """Declare an attack (BOS §Battle Step): `fighter` attacks the opponent's fighter `target`, or (None) the
    opponent directly when they have no fighter."""

    fighter: int
    target: int | None = None


TABLE_COMMANDS = (ManualFlip, ManualSide, ManualTurn, ManualCounter, ManualAttach, ManualTracker, ManualCardToken,
                  ManualStep, ManualOrder, ManualRandomCard, ManualUse, ManualSummon, ContractOpening)
TABLE_COMMANDS += (ManualReady, ManualAttacked, ManualBrowse)  # the turn's table (engine/table_turn.py)
BOS_COMMANDS = (Deploy, SetCard, UseCard, DeclareAttack)  # Battle of Souls' own actions (rules/bos/)
ALL_COMMANDS = (Mulligan, Summon, PlaceNexus, UseMagic, SetBurst, MoveCores, EndMain,
                Attack, EndAttack, Pass, Block, Activate, Awaken, Choose, ManualMove, ManualCores, ManualExhaust,
                ManualShuffle, ManualDeck, ManualLook, ManualRandom, ManualNote, ManualReveal, ManualToken, Concede)
# every command there is: Battle Spirits Saga's, then the table's (games of other profiles, sandbox only)
COMMANDS = ALL_COMMANDS + TABLE_COMMANDS + BOS_COMMANDS
_KIND_OF = {
    Mulligan: "mulligan", Summon: "summon", PlaceNexus: "place_nexus", UseMagic: "use_magic",
    SetBurst: "set_burst", MoveCores: "move_cores", EndMain: "end_main", Attack: "attack",
    EndAttack: "end_attack", Pass: "pass", Block: "block", Activate: "activate", Awaken: "awaken",
    Choose: "choose", ManualMove: "manual_move", ManualCores: "manual_cores", ManualExhaust: "manual_exhaust",
    ManualShuffle: "manual_shuffle", ManualDeck: "manual_deck", ManualLook: "manual_look", ManualRandom: "manual_random", ManualNote: "manual_note",
    ManualReveal: "manual_reveal", ManualToken: "manual_token", Concede: "concede",
    ManualFlip: "manual_flip", ManualSide: "manual_side", ManualTurn: "manual_turn", ManualCounter: "manual_counter",
    ManualAttach: "manual_attach", ManualTracker: "manual_tracker", ManualCardToken: "manual_card_token",
    ManualStep: "manual_step", ManualOrder: "manual_order", ManualRandomCard: "manual_random_card",
    ManualUse: "manual_use", ManualSummon: "manual_summon",
    ContractOpening: "contract_opening",
}
_KIND_OF.update({ManualReady: "manual_ready", ManualAttacked: "manual_attacked", ManualBrowse: "manual_browse"})
_KIND_OF.update({Deploy: "deploy", SetCard: "set_card", UseCard: "use_card", DeclareAttack: "declare_attack"})
KIND_OF = _KIND_OF  # command class -> its kind (Command.kind), for readers that sort many commands by kind
_BY_KIND = {v: k for k, v in _KIND_OF.items()}
_SEL_FIELDS = ("pay", "place", "sources")

# ---------------------------------------------------------------- field types (one schema for apply and JSON)
#
# Every field of every command has a checker and the topic (engine/citations.py) of the rule a wrong value of it
# breaks; "ruling N" is a design ruling. `field_problem(cmd)` runs them: Game.apply refuses a command whose fields
# have the wrong types before anything else (IllegalCommand naming the game's rule for that topic), and `command_from_dict` turns JSON into
# the same dataclass and refuses it by the same checks (CommandFormatError naming the field). So a dictionary
# parses exactly when the command built from its values directly passes apply's checks, and it gives that command.
# Checks are cheap: one type test per field (sizes are bounded, so a huge list costs nothing).
# Value *ranges* that depend on the game (is that card in your hand, is 3 among the options) are the handlers'.

MAX_SELECTION = 64  # (loc, count) pairs in a payment, placement or awakening; core moves in one MoveCores
MAX_CHOICE = 200  # card ids in a target answer
MAX_REVEAL = 60  # cards revealed at once
# MAX_ZONE_CARDS (bss_desktop/limits.py): cards one zone may hold: the engine refuses a command that would pass it
# (table_moves.py room_in), an effect makes no more tokens than fit, and the LAN guest checks every view by it
# (protocol/messages.py): one number both sides share, so an honest host never sends a batch its guest refuses
CORE_PLACES = ("life", "reserve", "trash", "void")  # where a manual core move may take cores from or put them
ZONES = ("hand", "deck", "trash", "field", "burst")  # where a manual move may put a card (a profile may add zones)
MAX_NAME = 40  # a zone's, counter's or tracker's name
MAX_AMOUNT = 1_000_000  # a tracker change
MAX_STATS = 8
CHOICE = "choice"  # the rule of Choose's value: that of the pending choice (Game.apply fills it in)

# A checker returns None, or (path suffix, message), or (path suffix, message, rule overriding the field's).
# Messages quote values with reprlib (short, even for a huge or deeply nested value).


_repr = reprlib.Repr()  # (keyword arguments need Python 3.12)
_repr.maxlevel, _repr.maxtuple, _repr.maxlist, _repr.maxstring, _repr.maxother = 3, 4, 4, 40, 40
_r = _repr.repr


def _c_int(v):
    if type(v) is not int:
        return "", f"expected a whole number, got {_r(v)}"


def _c_count(v):
    if type(v) is not int:
        return "", f"expected a whole number, got {_r(v)}"
    if v < 0:
        return "", f"must be 0 or more, got {_r(v)}"


def _c_player(v):
    if type(v) is not int or v not in (0, 1):
        return "", f"expected player 0 or 1, got {_r(v)}"


def _c_opt_player(v):
    if v is not None and (type(v) is not int or v not in (0, 1)):
        return "", f"expected player 0, 1 or null, got {_r(v)}"


def _c_opt_int(v):
    if v is not None and type(v) is not int:
        return "", f"expected a whole number or null, got {_r(v)}"


def _c_bool(v):
    if type(v) is not bool:
        return "", f"expected true or false, got {_r(v)}"


def _c_loc(v):
    """A core location on the player's side: "reserve" or a card id."""
    if type(v) is not int and not (type(v) is str and v == "reserve"):
        return "", f"expected 'reserve' or a card id, got {_r(v)}"


def _c_core_place(v):
    if type(v) is not int and not _is_name(v):
        return "", f"expected life, reserve, trash, void (or another zone of pieces) or a card id, got {_r(v)}"


def _c_sel(v):
    """A core selection: a tuple of (location, count) pairs."""
    if type(v) is not tuple or len(v) > MAX_SELECTION:
        return "", f"expected a list of up to {MAX_SELECTION} [location, count] pairs, got {_r(v)}"
    for i, pair in enumerate(v):
        if type(pair) is not tuple or len(pair) != 2:
            return f"[{i}]", f"expected [location, count], got {_r(pair)}"
        loc, n = pair
        if type(loc) is not int and not (type(loc) is str and loc == "reserve"):
            return f"[{i}][0]", f"expected 'reserve' or a card id, got {_r(loc)}"
        if type(n) is not int or n < 0:
            return f"[{i}][1]", f"expected a whole number of cores, 0 or more, got {_r(n)}"


def _c_opt_sel(v):
    if v is not None:
        return _c_sel(v)


def _c_moves(v):
    if type(v) is not tuple or not v or len(v) > MAX_SELECTION:
        return "", f"expected a list of 1 to {MAX_SELECTION} core moves [src, dst, count, soul], got {_r(v)}"
    for i, m in enumerate(v):
        if type(m) is not CoreMove:
            return f"[{i}]", f"expected a core move [src, dst, count, soul], got {_r(m)}"
        for j, loc in ((0, m.src), (1, m.dst)):
            if type(loc) is not int and not (type(loc) is str and loc == "reserve"):
                return f"[{i}][{j}]", f"expected 'reserve' or a card id, got {_r(loc)}"
        if type(m.count) is not int or m.count < 0:
            return f"[{i}][2]", f"expected a whole number of cores, 0 or more, got {_r(m.count)}", "nothing_moved"
        if type(m.soul) is not bool:
            return f"[{i}][3]", f"expected true or false, got {_r(m.soul)}"


def _c_choice_value(v):
    """null, true/false, a whole number, or a tuple (or list) of whole numbers; the shape each kind of choice
    takes is checked by Choose's handler."""
    if v is None or type(v) is bool or type(v) is int:
        return None
    if (type(v) is tuple or type(v) is list) and len(v) <= MAX_CHOICE:
        for x in v:
            if type(x) is not int:
                return "", f"expected null, true/false, a number or a list of numbers, got {_r(v)}"
        return None
    return "", f"expected null, true/false, a number or a list of up to {MAX_CHOICE} numbers, got {_r(v)}"


def _is_name(v) -> bool:
    """A zone, counter or tracker name as profiles write them (the game's profile says which exist)."""
    return type(v) is str and 0 < len(v) <= MAX_NAME and v.isascii() and (v.replace("_", "a").isalnum()) \
        and v[0].isalpha() and v == v.lower()


def _c_zone(v):
    if not _is_name(v):
        return "", f"expected a zone such as hand, deck, trash, field or burst, got {_r(v)}"


def _c_deck_to(v):
    # unseen cards from a deck go to the hand or the trash, or to a zone another game's profile has (its discard
    # pile): never to Battle Spirits' field, burst or deck
    if not _is_name(v) or v in ("deck", "field", "burst"):
        return "", f"expected hand or trash (or a zone of the game's profile), got {_r(v)}"


def _c_opt_cid(v):
    if type(v) is not str or len(v) > 40:
        return "", f"expected a card id of at most 40 characters (or nothing), got {_r(v)}"


def _c_name(v):
    if not _is_name(v):
        return "", f"expected a name of lower-case letters, digits and _, got {_r(v)}"


def _c_opt_label(v):
    if type(v) is not str or len(v) > 40:
        return "", "expected text of at most 40 characters"


def _c_opt_name(v):
    if v != "" and not _is_name(v):
        return "", f"expected a step's name (or nothing: the next step), got {_r(v)}"


def _c_delta(v):
    if type(v) is not int or not -99 <= v <= 99 or v == 0:
        return "", f"expected a whole number from -99 to 99 other than 0, got {_r(v)}"


def _c_amount(v):
    if type(v) is not int or not -MAX_AMOUNT <= v <= MAX_AMOUNT:
        return "", f"expected a whole number from -{MAX_AMOUNT} to {MAX_AMOUNT}, got {_r(v)}"


def _c_op(v):
    if type(v) is not str or v not in ("adjust", "transfer", "pay_each_opponent"):
        return "", f"expected adjust, transfer or pay_each_opponent, got {_r(v)}"


def _c_stats(v):
    if type(v) is not tuple or len(v) > MAX_STATS:
        return "", f"expected a list of up to {MAX_STATS} [field, number] pairs, got {_r(v)}"
    for i, pair in enumerate(v):
        if type(pair) is not tuple or len(pair) != 2 or not _is_name(pair[0]) or type(pair[1]) is not int \
                or not 0 <= pair[1] <= MAX_AMOUNT:
            return f"[{i}]", f"expected [field, number from 0 to {MAX_AMOUNT}], got {_r(pair)}"


def _card_ids(v, least: int, most: int):
    if type(v) is not tuple or not least <= len(v) <= most:
        return "", f"expected a list of {'up to' if not least else f'{least} to'} {most} card ids, got {_r(v)}"
    for i, x in enumerate(v):
        if type(x) is not int:
            return f"[{i}]", f"expected a card id, got {_r(x)}"


def _c_cards(v):
    return _card_ids(v, 0, MAX_REVEAL)


def _c_order(v):
    return _card_ids(v, 1, MAX_ZONE_CARDS)


MIX_SHARES = 2  # a random result's shares: the host's and the guest's


MAX_SUCCESSION = 12  # 《Succession》 removes at most one card per reduction symbol


MAX_SACRIFICES = 5  # a fighter zone holds five (BOS §Fighter Zone)
MAX_TARGETS = 12  # cards one activation targets: every fighter, equipment and tactic of both fields and more


def _c_sacrifices(v):
    return _card_ids(v, 0, MAX_SACRIFICES)


def _c_targets(v):
    return _card_ids(v, 0, MAX_TARGETS)


def _c_exile(v):
    return None if v == () else _card_ids(v, 0, MAX_SUCCESSION)  # (most commands name none)


def _c_mix(v):
    if type(v) is not tuple or len(v) > MIX_SHARES:
        return "", f"expected a list of up to {MIX_SHARES} shares, got {_r(v)}"
    for i, x in enumerate(v):
        if type(x) is not str or len(x) != 64 or x.strip("0123456789abcdef"):
            return f"[{i}]", "expected 64 lowercase hexadecimal digits"


def _c_note(v):
    if type(v) is not str or len(v) > 200:
        return "", "expected text of at most 200 characters"


def _c_label(v):
    if type(v) is not str or not v.strip() or len(v) > 60:
        return "", "expected text of 1 to 60 characters"


def _c_level(v):
    if type(v) is not int or not 0 <= v <= 99:
        return "", f"expected a level from 1 to 99 (or 0: the lowest), got {_r(v)}"


def _schema(*entries):
    return (("player", _c_player, "players"),) + entries


SCHEMA = {
    Mulligan: _schema(("redraw", _c_bool, "mulligan")),
    Summon: _schema(("card", _c_int, "summon"), ("pay", _c_opt_sel, "summon_pay"), ("pay_soul", _c_bool, "summon_pay"),
                    ("place", _c_opt_sel, "summon_place"), ("place_soul", _c_bool, "summon_place"),
                    ("ascend", _c_opt_int, "ascend"), ("exile", _c_exile, "reduction")),
    PlaceNexus: _schema(("card", _c_int, "nexus"), ("pay", _c_opt_sel, "nexus_pay"),
                        ("pay_soul", _c_bool, "nexus_pay"), ("place", _c_opt_sel, "nexus_place"),
                        ("place_soul", _c_bool, "nexus_place"), ("exile", _c_exile, "reduction")),
    UseMagic: _schema(("card", _c_int, "magic"), ("pay", _c_opt_sel, "magic_pay"), ("pay_soul", _c_bool, "magic_pay"),
                      ("exile", _c_exile, "reduction")),
    SetBurst: _schema(("card", _c_int, "set_burst")),
    MoveCores: _schema(("moves", _c_moves, "move_cores")),
    EndMain: _schema(),
    Attack: _schema(("spirit", _c_int, "attack")),
    EndAttack: _schema(),
    Pass: _schema(),
    Block: _schema(("spirit", _c_opt_int, "block")),
    Activate: _schema(("card", _c_int, "activate"), ("effect", _c_int, "activate")),
    Awaken: _schema(("card", _c_int, "awaken"), ("sources", _c_sel, "awaken"), ("soul", _c_bool, "awaken")),
    Choose: _schema(("value", _c_choice_value, CHOICE)),
    ManualMove: _schema(("card", _c_int, "areas"), ("to", _c_zone, "areas"), ("bottom", _c_bool, "areas"),
                        ("cores", _c_count, "numbers"), ("side", _c_opt_player, "players")),
    ManualCores: _schema(("owner", _c_player, "players"), ("src", _c_core_place, "areas"),
                         ("dst", _c_core_place, "areas"), ("count", _c_count, "nothing_moved"),
                         ("soul", _c_bool, "soul_core")),
    ManualExhaust: _schema(("card", _c_int, "orientation"), ("exhausted", _c_bool, "orientation")),
    ManualShuffle: _schema(("owner", _c_player, "players"), ("mix", _c_mix, "ruling 13")),
    ManualDeck: _schema(("owner", _c_player, "players"), ("to", _c_deck_to, "deck_hidden"), ("count", _c_count, "numbers")),
    ManualLook: _schema(("owner", _c_player, "players"), ("top", _c_count, "numbers"),
                        ("shuffle", _c_bool, "look_shuffle"), ("mix", _c_mix, "ruling 13")),
    ManualRandom: _schema(("sides", _c_count, "numbers"), ("mix", _c_mix, "ruling 13")),
    ManualNote: _schema(("text", _c_note, "by_hand")),
    ManualReveal: _schema(("cards", _c_cards, "reveal")),
    ManualToken: _schema(("owner", _c_player, "players"), ("name", _c_label, "tokens"),
                         ("color", _c_label, "colours"), ("bp", _c_count, "tokens")),
    Concede: _schema(),
    ManualFlip: _schema(("card", _c_int, "areas"), ("down", _c_bool, "areas")),
    ManualSide: _schema(("card", _c_int, "areas"), ("back", _c_bool, "areas")),
    ManualTurn: _schema(("card", _c_int, "orientation"), ("to", _c_name, "orientation")),
    ManualCounter: _schema(("card", _c_int, "areas"), ("name", _c_name, "areas"), ("delta", _c_delta, "numbers"),
                           ("label", _c_opt_label, "areas")),
    ManualAttach: _schema(("card", _c_int, "areas"), ("host", _c_opt_int, "areas")),
    ManualTracker: _schema(("owner", _c_player, "players"), ("name", _c_name, "players"), ("op", _c_op, "players"),
                           ("amount", _c_amount, "numbers")),
    ManualCardToken: _schema(("owner", _c_player, "players"), ("name", _c_label, "tokens"),
                             ("stats", _c_stats, "tokens")),
    ManualStep: _schema(("to", _c_opt_name, "steps")),
    ManualOrder: _schema(("owner", _c_player, "players"), ("zone", _c_zone, "areas"),
                         ("cards", _c_order, "areas")),
    ManualRandomCard: _schema(("owner", _c_player, "players"), ("mix", _c_mix, "ruling 13")),
    ManualUse: _schema(("card", _c_int, "areas")),
    ManualSummon: _schema(("card", _c_int, "areas"), ("level", _c_level, "levels")),
    ContractOpening: _schema(("cid", _c_opt_cid, "contract")),
}
SCHEMA.update({  # Battle of Souls (rules/bos/)
    Deploy: _schema(("card", _c_int, "summon"), ("sacrifices", _c_sacrifices, "summon")),
    SetCard: _schema(("card", _c_int, "summon_step")),
    UseCard: _schema(("card", _c_int, "activate"), ("effect", _c_count, "activate"), ("targets", _c_targets, "activate"),
                     ("sacrifices", _c_sacrifices, "activate"), ("discards", _c_sacrifices, "activate")),
    DeclareAttack: _schema(("fighter", _c_int, "attack"), ("target", _c_opt_int, "attack")),
})
SCHEMA.update({  # the turn's table (engine/table_turn.py)
    ManualReady: _schema(("owner", _c_player, "players")),
    ManualAttacked: _schema(("card", _c_int, "areas"), ("attacked", _c_bool, "areas")),
    ManualBrowse: _schema(("owner", _c_player, "players"), ("zone", _c_zone, "areas")),
})
assert set(SCHEMA) == set(COMMANDS) and all(
    [name for name, _, _ in SCHEMA[cls]] == [f.name for f in fields(cls)] for cls in COMMANDS)


def field_problem(cmd) -> tuple[str, str, str] | None:
    """The first field of `cmd` with a value of the wrong type or shape, as (field path, topic, message), or None.

    `cmd` must be an instance of one of COMMANDS (exactly, not a subclass). The topic of a Choose value is
    CHOICE: the caller names the rule of the pending choice.
    """
    for name, check, rule in SCHEMA[type(cmd)]:
        bad = check(getattr(cmd, name))
        if bad is not None:
            return name + bad[0], (bad[2] if len(bad) > 2 else rule), bad[1]
    return None


class CommandFormatError(ValueError):
    """A command dictionary with a missing or mistyped field; `field` names it."""

    def __init__(self, field: str, message: str):
        super().__init__(f"field '{field}': {message}")
        self.field = field


def _from_json(name: str, v):
    """A JSON value as the Python value the dataclass holds: lists become tuples, core moves CoreMoves.

    Only the structure is converted here; whether the result has the right types is field_problem's to say.
    """
    if name in _SEL_FIELDS:
        if isinstance(v, list) and len(v) <= MAX_SELECTION:
            return tuple(tuple(p) if isinstance(p, list) else p for p in v)
    elif name == "moves":
        if isinstance(v, list) and len(v) <= MAX_SELECTION:
            return tuple(CoreMove(*m) if isinstance(m, list) and len(m) == 4 else m for m in v)
    elif name in ("cards", "value", "mix", "exile", "sacrifices", "targets", "discards"):
        if isinstance(v, list):
            return tuple(v)
    elif name == "stats":
        if isinstance(v, list) and len(v) <= MAX_STATS:
            return tuple(tuple(p) if isinstance(p, list) else p for p in v)
    return v


def command_from_dict(d: dict) -> Command:
    """Parse and type-check a command's JSON form; raises CommandFormatError naming the field.

    The checks are Game.apply's own (field_problem), so what parses is what apply accepts as well formed.
    """
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
        if f.name in d:
            kw[f.name] = _from_json(f.name, d[f.name])
        elif f.default is MISSING and f.default_factory is MISSING:
            raise CommandFormatError(f.name, "missing")
    cmd = cls(**kw)
    bad = field_problem(cmd)
    if bad is not None:
        raise CommandFormatError(bad[0], bad[2])
    return cmd
