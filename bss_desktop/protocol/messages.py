"""Protocol messages and their schemas. Pure Python; nothing here imports Qt.

Every message is a JSON object with a "type" and the fields its schema lists,
nothing more. `validate(message)` checks it completely before anything acts on
it and raises MessageError naming the message and the field; a command inside a
"command" message is then parsed with engine.commands.command_from_dict, which
names its own fields. What a guest builds from a batch is checked too before it
is used: `check_view` (the view after the patch) and `parse_commands` (the legal
commands). The bounds a peer cannot exceed (nesting, chat, the record, the game's
length) are below, under "Limits"; docs/lan.md lists them all.
"""
from __future__ import annotations

import re
import time
import unicodedata

from ..limits import MAX_ZONE_CARDS  # one bound on a zone for the engine and the guest

PROTOCOL_VERSION = 5  # 2: salted command chain, the guest command an undo took back ("rewind".undone);
#                      3: card definitions exchanged when the two card databases differ (net/cards.py);
#                      4: patches splice lists (what changed only), random results mixed from both sides'
#                         shares, requests to the owner of a thing, the profile checked, the sandbox's end audited;
#                      5: a match of battles (net/match.py): the battle in the hello, side decks with the decks, the
#                         loser's choice ("first"), a claim of a battle's win the other seat agrees to by conceding;
#                         the deck's side section in every game whose profile has one (Eternal's token cards too)
MAX_BATTLES = 9  # a match's battles (best of 3 plays at most 3; a profile's best_of is bounded by the same number)
_HEX64 = re.compile(r"[0-9a-f]{64}\Z")

# field -> (kind, limit): kinds int (max value), str (max length), hex64, bool, dict, list (max items)
SCHEMAS: dict[str, dict[str, tuple[str, int]]] = {
    # handshake: both sides say who they are; the host answers with the guest's seat. A game other than Battle
    # Spirits Saga is named, with the digest of its profile (profiles/*.yaml): both sides must have the same one
    "hello": {"protocol": ("int", 10**6), "app": ("str", 40), "cards": ("hex64", 0), "ruleset": ("dict", 0),
              "name": ("str", 40), "game": ("str", 40), "profile": ("hex64", 0),
              "battle": ("int", MAX_BATTLES)},  # a match's battle (net/match.py): both sides must name the same
    "welcome": {"seat": ("int", 1), "name": ("str", 40), "next": ("int", 10**9)},
    # fairness (protocol/fairness.py): commitments, the guest's share and deck, the host's share at the end
    "commit": {"share_hash": ("hex64", 0), "deck_hash": ("hex64", 0)},
    "reveal": {"share": ("hex64", 0)},
    "deck": {"cards": ("list", 60), "name": ("str", 60), "side": ("list", 60)},  # side: side deck, tokens
    # a match (net/match.py, table/match.py): the loser of the last battle says who goes first in this one, before
    # either share is revealed; "claim": a seat says it won the battle, and the other agrees by conceding it
    "first": {"battle": ("int", MAX_BATTLES), "first": ("int", 1)},
    "claim": {"battle": ("int", MAX_BATTLES)},
    "claim_answer": {"battle": ("int", MAX_BATTLES), "accept": ("bool", 0)},
    # card definitions, when the two card databases differ (net/cards.py: the guest's digests, then definitions
    # each way with both players' consent, then the host's account of what was exchanged)
    "have": {"digests": ("list", 3000), "more": ("bool", 0)},
    "cards": {"cards": ("list", 60), "want": ("list", 60), "more": ("bool", 0)},
    "cards_ok": {"digest": ("hex64", 0), "deck_cards": ("hex64", 0)},
    # play: the guest's commands (seq counts them; prev is the chain head seen) and the host's batches
    "command": {"seq": ("int", 10**9), "prev": ("hex64", 0), "command": ("dict", 0)},
    "refused": {"seq": ("int", 10**9), "rule": ("str", 40), "message": ("str", 500)},
    "events": {"seq": ("int", 10**9), "chain": ("hex64", 0), "events": ("list", 2000), "patch": ("list", 2000),
               "view_hash": ("hex64", 0), "legal": ("list", 2000)},
    "resume": {"game": ("hex64", 0), "seq": ("int", 10**9)},
    # the sandbox's undo: asked by one side, agreed by the other; the host then rewinds the guest's view
    "undo": {"seq": ("int", 10**9)},
    "undo_answer": {"seq": ("int", 10**9), "accept": ("bool", 0)},
    "rewind": {"seq": ("int", 10**9), "chain": ("hex64", 0), "patch": ("list", 2000), "view_hash": ("hex64", 0),
               "legal": ("list", 2000), "undone": ("int", 10**9)},  # undone: the guest's command number, 0 = the host's
    # design ruling 12: a move on the other seat's public things the profile does not let a seat make unasked is a
    # request its owner answers. The host asks the guest with "ask" (the command as the guest would send it); the
    # guest asks by sending the command, which the host turns into a question. "consent" answers either: the id is
    # the host's number for its request, or the guest's number for the command it asked with
    "ask": {"id": ("int", 10**9), "command": ("dict", 0)},
    "consent": {"id": ("int", 10**9), "accept": ("bool", 0)},
    # design ruling 13: the host's random result (its command, without shares) asks the guest for a fresh share
    "random": {"id": ("int", 10**9), "command": ("dict", 0)},
    "random_share": {"id": ("int", 10**9), "share": ("hex64", 0)},
    # the end of a LAN sandbox without a result (a window closed): the guest asks, the host says it (then reveals
    # its share and sends the record, which the guest audits as it would a concession)
    "end": {"reason": ("str", 300)},
    # the end: the host's record, in parts small enough for a frame
    "record": {"head": ("dict", 0), "commands": ("list", 2000), "more": ("bool", 0)},
    "audit": {"ok": ("bool", 0), "message": ("str", 500)},
    "chat": {"text": ("str", 300)},
    "error": {"code": ("str", 40), "message": ("str", 500)},
    "ping": {"t": ("int", 2**53)},
    "pong": {"t": ("int", 2**53)},
    "bye": {"reason": ("str", 300)},
}


# ---------------------------------------------------------------- limits (every bound a peer controls)

MAX_DEPTH = 32  # levels of objects and lists in one message (the message is level 1; a real batch has 9)
CHAT_RATE = 2.0  # chat messages a second a peer may send on average...
CHAT_BURST = 20  # ...and at once: beyond, it is dropped ("flood")
CHAT_SEND_RATE, CHAT_SEND_BURST = CHAT_RATE, CHAT_BURST // 2  # this side's own chat: never trips the peer's limit
REQUEST_RATE = 5.0  # undo requests and answers, pings and pongs a second a peer may send on average...
REQUEST_BURST = 30  # ...and at once (a guest pings every 5 s, an undo waits for the other player)
RANDOM_RATE = 20.0  # random moves a second a peer may ask a share for (or answer) on average (design ruling 13)...
RANDOM_BURST = 100  # ...and at once: a player who shuffles and rolls by hand stays far below
MAX_GAME_COMMANDS = 20_000  # a batch numbered beyond it is refused (the simulator calls a game this long stuck;
#                             random games end within ~200 commands)
MAX_RECORD_COMMANDS = MAX_GAME_COMMANDS  # the commands of the record at the end of the game
MAX_RECORD_BYTES = 6_000_000  # its commands as JSON: 20,000 of the largest (~300 bytes: a 200-character note, a
#                               60-card reveal; random games average ~135 bytes a command, at most 162)
MAX_RECORD_PARTS = 160  # "record" messages: the host cuts them at 40,000 bytes, so 6 MB takes 150


class MessageError(ValueError):
    """A message that does not fit its schema; `field` names the offending field, `kind` the message."""

    def __init__(self, field: str, message: str, kind: str = ""):
        text = f"field '{field}': {message}" if field else message
        super().__init__(f"'{kind}' message: {text}" if kind else text)
        self.field = field
        self.message = message
        self.kind = kind


class LimitError(MessageError):
    """A message this side refuses because it goes past a limit on how much a peer may send ("flood" when too
    many come too fast, "too_large" when a record or a game grows past its bound); `code` says which."""

    def __init__(self, code: str, field: str, message: str, kind: str = ""):
        super().__init__(field, message, kind)
        self.code = code


class RateLimit:
    """A token bucket: `allow()` is True for up to `burst` events at once and `rate` a second on average."""

    def __init__(self, rate: float, burst: int, clock=time.monotonic):
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens = float(burst)
        self.last = clock()

    def allow(self) -> bool:
        now = self.clock()
        self.tokens = min(float(self.burst), self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


def chat_limit() -> RateLimit:
    """What a peer's chat may be: CHAT_BURST at once, CHAT_RATE a second."""
    return RateLimit(CHAT_RATE, CHAT_BURST)


def request_limit() -> RateLimit:
    return RateLimit(REQUEST_RATE, REQUEST_BURST)


def one_line(text: str) -> str:
    """Text from a peer as one line to show: any run of white space (newlines included) is one space, other
    control and format characters (escape sequences, bidirectional overrides, zero widths) are left out."""
    if text.isprintable() and "  " not in text:
        return text.strip()
    out = []
    for ch in text:
        if ch.isspace():
            out.append(" ")
        elif unicodedata.category(ch) not in ("Cc", "Cf", "Cs", "Co", "Cn"):
            out.append(ch)
    return " ".join("".join(out).split())


def validate(msg) -> dict:
    """The message, if it fits its schema exactly; otherwise MessageError."""
    if not isinstance(msg, dict):
        raise MessageError("", "a message is a JSON object")
    kind = msg.get("type")
    schema = SCHEMAS.get(kind) if isinstance(kind, str) else None
    if schema is None:
        shown = repr(kind)[:40]
        raise MessageError("type", f"unknown message type {shown}")
    try:
        _validate(kind, schema, msg)
    except MessageError as e:
        if isinstance(e, LimitError):
            raise LimitError(e.code, e.field, e.message, kind) from None
        raise MessageError(e.field, e.message, kind) from None
    return msg


OPTIONAL = {"hello": ("game", "profile", "battle"), "deck": ("side",)}  # fields a message may leave out (a Battle
#                                                  Spirits Saga game's hello; a game without a side section)


def _validate(kind: str, schema: dict, msg: dict) -> None:
    extra = [k for k in msg if k != "type" and k not in schema]
    if extra:
        raise MessageError(str(extra[0])[:40], f"not a field of a '{kind}' message")
    for name, (field_kind, limit) in schema.items():
        if name not in msg:
            if name in OPTIONAL.get(kind, ()):
                continue
            raise MessageError(name, "missing")
        _check(name, msg[name], field_kind, limit)
        if field_kind in ("dict", "list") and not _shallow(msg[name], MAX_DEPTH - 2):
            raise MessageError(name, f"nested more than {MAX_DEPTH} levels deep (the limit)")
    if kind == "hello" and msg["protocol"] != PROTOCOL_VERSION:
        raise MessageError("protocol", f"this app speaks protocol {PROTOCOL_VERSION}, the peer {msg['protocol']}")
    for key in ("cards", "side") if kind == "deck" else ():
        if not all(isinstance(c, str) and 0 < len(c) <= 40 for c in msg.get(key, ())):
            raise MessageError(key, "expected card ids (text of at most 40 characters)")
    if kind in ("hello", "first", "claim", "claim_answer") and msg.get("battle") == 0:
        raise MessageError("battle", f"a match's battles are numbered 1 to {MAX_BATTLES}")
    if kind in ("events", "rewind", "resume") and msg["seq"] > MAX_GAME_COMMANDS:
        raise LimitError("too_large", "seq", f"command {msg['seq']:,} is past the {MAX_GAME_COMMANDS:,} commands a "
                                             f"game may have (the limit)")
    if kind == "events":
        check_events(msg["events"])
    if kind in ("events", "rewind"):
        _check_patch(msg["patch"])
        for i, c in enumerate(msg["legal"]):
            if not isinstance(c, dict):
                raise MessageError(f"legal[{i}]", f"expected a command object, got {type(c).__name__}")
    if kind == "record":
        for i, c in enumerate(msg["commands"]):
            if not isinstance(c, dict):
                raise MessageError(f"commands[{i}]", f"expected a command object, got {type(c).__name__}")


_CONTAINERS = (dict, list)


def _shallow(value, levels: int) -> bool:
    """Whether `value` holds objects and lists at most `levels` levels below itself (walked level by level, with
    no recursion, so a nesting bomb costs no stack)."""
    level = [value]
    for _ in range(levels + 1):
        nxt = []
        for x in level:
            if type(x) is dict:
                nxt.extend(v for v in x.values() if type(v) in _CONTAINERS)
            elif type(x) is list:
                nxt.extend(v for v in x if type(v) in _CONTAINERS)
        if not nxt:
            return True
        level = nxt
    return False


def _check_patch(ops: list) -> None:
    """Each operation is [path, value] or a splice [path, items, start, stop] (protocol/stream.py `diff`)."""
    for n, op in enumerate(ops):
        if not (type(op) is list and len(op) in (2, 4) and type(op[0]) is list and len(op[0]) <= MAX_DEPTH
                and all(type(k) is str or (type(k) is int and k >= 0) for k in op[0])):
            raise MessageError(f"patch[{n}]", "expected [path, value] or [path, items, start, stop], the path a "
                                              "list of keys and indexes")
        if len(op) == 4 and not (type(op[1]) is list and type(op[2]) is int and type(op[3]) is int
                                 and 0 <= op[2] <= op[3]):
            raise MessageError(f"patch[{n}]", "a splice is [path, items, start, stop] with 0 <= start <= stop")


def _check(name: str, value, kind: str, limit: int) -> None:
    if kind == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            raise MessageError(name, f"expected a whole number, got {type(value).__name__}")
        if not 0 <= value <= limit:
            raise MessageError(name, f"must be between 0 and {limit}")
    elif kind == "str":
        if not isinstance(value, str):
            raise MessageError(name, f"expected text, got {type(value).__name__}")
        if len(value) > limit:
            raise MessageError(name, f"at most {limit} characters")
    elif kind == "hex64":
        if not isinstance(value, str) or not _HEX64.match(value):
            raise MessageError(name, "expected 64 lowercase hexadecimal digits")
    elif kind == "bool":
        if not isinstance(value, bool):
            raise MessageError(name, f"expected true or false, got {type(value).__name__}")
    elif kind == "dict":
        if not isinstance(value, dict):
            raise MessageError(name, f"expected an object, got {type(value).__name__}")
    elif kind == "list":
        if not isinstance(value, list):
            raise MessageError(name, f"expected a list, got {type(value).__name__}")
        if len(value) > limit:
            raise MessageError(name, f"at most {limit} items")


# ---------------------------------------------------------------- what a guest builds from a batch

def _int(v) -> bool:
    return type(v) is int


def _opt_int(v) -> bool:
    return v is None or type(v) is int


def _seat(v) -> bool:
    return type(v) is int and v in (0, 1)


def _text(v) -> bool:
    return type(v) is str


def _bool(v) -> bool:
    return type(v) is bool


def _scalar(v) -> bool:
    return v is None or type(v) in (str, int, float, bool)


def _loc(v) -> bool:  # where cores are: a card (by alias) or a pile
    return type(v) is int or v in ("life", "reserve", "trash", "void")


def _ints(v) -> bool:
    return type(v) is list and all(type(x) is int for x in v)


def _opt_ints(v) -> bool:
    return v is None or (type(v) is list and all(x is None or type(x) is int for x in v))


def _texts(v) -> bool:
    return type(v) is list and all(type(x) is str for x in v)


# the fields the guest's board and game log read, by event kind (engine/events.py, gamelog.describe); an event may
# carry more, and a kind not listed here is shown as nothing, so it needs only its "kind"
EVENT_FIELDS = {
    "setup": {"first_player": _seat},
    "shuffle": {"player": _seat},
    "mulligan": {"player": _seat, "redraw": _bool},
    "draw": {"player": _seat, "card": _opt_int},
    "step": {"turn": _int, "player": _seat, "step": _text},
    "card_moved": {"card": _opt_int, "owner": _seat, "src": _text, "dst": _text, "reason": _text},
    "magic_used": {"player": _seat, "cid": _scalar},
    "cores_moved": {"player": _seat, "src": _loc, "dst": _loc, "count": _int, "soul": _bool, "reason": _text},
    "exhaust": {"card": _opt_int, "exhausted": _bool},
    "destroyed": {"card": _opt_int, "cause": lambda v: type(v) is list and len(v) >= 1 and _scalar(v[0]),
                  "self_destruction": _bool},
    "depleted": {"card": _opt_int, "cause": lambda v: type(v) is list and len(v) >= 1 and _scalar(v[0])},
    "battle_resolution": {"attacker": _opt_int, "blocker": _opt_int},
    "attack": {"player": _seat, "card": _opt_int},
    "block": {"player": _seat, "card": _opt_int},
    "battle_result": {"attacker_bp": _scalar, "blocker_bp": _scalar},
    "damage": {"player": _seat, "amount": _int},
    "activate": {"player": _seat, "card": _opt_int},
    "keyword": {"keyword": _text, "card": _opt_int},
    "linked": {"player": _seat, "card": _opt_int, "attacker": _opt_int},
    "manual_effect": {"texts": _texts},
    "substituted": {"card": _opt_int},
    "destruction_prevented": {"card": _opt_int},
    "effect_fizzled": {"card": _opt_int},
    "cost_paid": {"card": _opt_int},
    "burst_set": {"player": _seat},
    "reveal": {"player": _seat, "card": _opt_int},
    "look": {"player": _seat, "owner": _seat, "count": _int, "cards": _opt_ints},
    "concede": {"player": _seat},
    "game_over": {"winner": lambda v: v is None or _seat(v), "reason": _text},
    "manual": {"player": _seat, "what": _text},
    "card_face": {"card": _opt_int, "owner": _seat, "down": _bool},
    "capacity": {"player": _seat, "zone": _text, "count": _int, "max": _int, "label": _text},
    "tracker_mark": {"player": _seat, "name": _text, "value": lambda v: type(v) is int, "mark": _text,
                     "at": lambda v: type(v) is int},
    "deck_out": {"player": _seat, "rule": _text},  # the turn's table (engine/table_turn.py)
    "table_warning": {"player": _seat, "what": _text, "rule": _text},
    # Battle of Souls (rules/bos/; its log: rules/bos/log.py)
    "turn": {"player": _seat, "turn": _int},
    "deploy": {"player": _seat, "card": _opt_int},
    "sacrifice": {"player": _seat, "card": _opt_int},
    "set_card": {"player": _seat, "card": _opt_int, "zone": _text},
    "trigger": {"player": _seat, "card": _opt_int, "effect": _int},
    "resolve": {"card": _opt_int, "effect": _int},
    "negated": {"card": _opt_int, "effect": _int},
    "replay": {"player": _seat, "card": _opt_int},
    "attack_ended": {"card": _opt_int},
    "battle": {"attacker": _opt_int, "target": _opt_int, "atk": _int},
    "destroy": {"card": _opt_int},
    "kill_token": {"card": _opt_int, "count": _int},
    "sp": {"player": _seat, "amount": _int, "why": _text,
           "sp": lambda v: type(v) is list and len(v) == 2 and all(type(x) is int for x in v)},
    "discard": {"player": _seat, "card": _opt_int},
    "search": {"player": _seat, "card": _opt_int},
    "token": {"player": _seat, "card": _opt_int, "cid": lambda v: type(v) is str and 0 < len(v) <= 80,
              "name": lambda v: type(v) is str and 0 < len(v) <= 40, "atk": _int, "rst": _int},
    "modify": {"card": _opt_int, "stat": _text, "amount": _int, "until": _text},
    "position": {"card": _opt_int, "to": _text},
    "attach": {"card": _opt_int, "host": _opt_int},
    "extra_deploy": {"player": _seat, "count": _int},
}
# fields a kind's event may carry (one game's and not another's): checked when there (the log reads them so)
EVENT_OPTIONAL = {
    "attack": {"target": _opt_int},  # Battle of Souls: the fighter attacked (None: directly)
    "activate": {"effect": _int, "chain": _int, "targets": _opt_ints},
    "trigger": {"targets": _opt_ints},
    "battle": {"against": _int, "rest": _bool},
    "destroy": {"battle": _bool},
}
MANUAL_FIELDS = {  # a "manual" event (sandbox moves), by its "what"
    "move": {"card": _opt_int, "to": _text},
    "cores": {"owner": _seat, "src": _loc, "dst": _loc, "count": _int, "soul": _bool},
    "exhaust": {"card": _opt_int, "exhausted": _bool},
    "deck": {"owner": _seat, "to": _text, "count": _int},
    "look": {"owner": _seat, "count": _int, "cards": _opt_ints},
    "shuffle": {"owner": _seat},
    "random": {"sides": _int, "result": _int},
    "token": {"owner": _seat, "card": _opt_int, "cid": _text, "name": _text, "color": _text, "bp": _opt_int},
    "note": {"text": _text},
    "reveal": {"cids": lambda v: type(v) is list and all(_scalar(x) for x in v)},
    # the table of another game's profile (engine/table_moves.py)
    "flip": {"card": _opt_int, "down": _bool},
    "side": {"card": _opt_int, "back": _bool, "name": _text},
    "turn": {"card": _opt_int, "to": _text},
    "counter": {"card": _opt_int, "name": _text, "label": lambda v: type(v) is str and len(v) <= 40,
                "delta": lambda v: type(v) is int, "count": _int},
    "attach": {"card": _opt_int, "host": _opt_int},
    "contract": {"take": _bool},
    "step": {"step": _text, "turn": _int, "turn_player": _seat},
    "order": {"owner": _seat, "zone": _text, "cards": _opt_ints},
    "random_card": {"owner": _seat, "count": _int},
    "use": {"card": _opt_int, "timing": _text, "step": _text},  # the use-magic and summon helpers
    "summon": {"card": _opt_int, "level": _int, "cores": _int},
    "tracker": {"owner": _seat, "name": _text, "op": _text, "amount": lambda v: type(v) is int,
                "before": lambda v: type(v) is list and len(v) == 2 and all(type(x) is int for x in v),
                "after": lambda v: type(v) is list and len(v) == 2 and all(type(x) is int for x in v)},
    "card_token": {"owner": _seat, "card": _opt_int, "cid": _text, "name": _text, "type": _text,
                   "stats": lambda v: type(v) is list and len(v) <= 16 and all(
                       type(x) is list and len(x) == 2 and type(x[0]) is str and type(x[1]) in (int, str)
                       and len(str(x[1])) <= 40 for x in v)},
    # the turn's table (engine/table_turn.py)
    "ready": {"owner": _seat, "zone": _text, "to": _text, "cards": _opt_ints},
    "attacked": {"card": _opt_int, "attacked": _bool},
    "browse": {"owner": _seat, "zone": _text},
}


def check_events(events: list) -> None:
    """Every event of a batch is an object with a kind, and has the fields the board and the log read, of the
    right types (MessageError naming e.g. 'events[3].owner')."""
    for i, e in enumerate(events):
        if type(e) is not dict:
            raise MessageError(f"events[{i}]", f"expected an event object, got {type(e).__name__}")
        kind = e.get("kind")
        if type(kind) is not str or not 0 < len(kind) <= 40:
            raise MessageError(f"events[{i}].kind", "expected the event's kind (text of 1 to 40 characters)")
        fields = EVENT_FIELDS.get(kind)
        if fields is None:
            continue
        _fields(e, fields, f"events[{i}]")
        for name, ok in EVENT_OPTIONAL.get(kind, {}).items():
            if name in e and not ok(e[name]):
                raise MessageError(f"events[{i}].{name}", f"not a valid value ({_shown(e[name])})")
        if kind == "manual" and e["what"] in MANUAL_FIELDS:
            _fields(e, MANUAL_FIELDS[e["what"]], f"events[{i}]")
        if kind == "look" or (kind == "manual" and e["what"] == "look"):
            if e["cards"] is not None and not (
                    type(e.get("cids")) is list and len(e["cids"]) == len(e["cards"])
                    and all(type(c) is str for c in e["cids"])):
                raise MessageError(f"events[{i}].cids", "expected a card id for each card looked at")


def _fields(obj: dict, fields: dict, where: str) -> None:
    for name, ok in fields.items():
        if name not in obj:
            raise MessageError(f"{where}.{name}", "missing")
        if not ok(obj[name]):
            raise MessageError(f"{where}.{name}", f"not a valid value ({_shown(obj[name])})")


def _shown(v) -> str:
    text = repr(v)
    return text if len(text) <= 40 else text[:39] + "…"


CHOICE_KINDS = ("order", "may", "x", "target", "substitute", "cores", "effect",  # a choice inside an effect
                "discard", "search")  # Battle of Souls: the end phase's discards, a search of one's deck
DECISION_KINDS = ("mulligan", "main", "attack", "flash", "block", "chain") + CHOICE_KINDS


def _card_entry(**extra):
    return {"card": _int, "cid": lambda v: type(v) is str and 0 < len(v) <= 40, **extra}


_HAND = _card_entry()
_FIELD = _card_entry(cores=_int, exhausted=_bool, level=_opt_int, bp=_opt_int)
_LEAVING = _card_entry(cores=_int, level=_int)
_PLAYER = {"life": _int, "reserve": _int, "trash_cores": _int, "soul": lambda v: v is None or type(v) in (str, int),
           "deck_count": _int, "hand_count": _int, "hand": lambda v: v is None or type(v) is list,
           "trash": lambda v: type(v) is list, "field": lambda v: type(v) is list,
           "burst": lambda v: v is None or type(v) is dict, "burst_set_this_turn": _bool}
_VIEW = {"viewer": _seat, "turn": _int, "turn_player": _seat, "first_player": lambda v: v is None or _seat(v),
         "step": _text, "pending": lambda v: v is None or type(v) is dict,
         "battle": lambda v: v is None or type(v) is dict, "result": lambda v: v is None or type(v) is dict,
         "players": lambda v: type(v) is list and len(v) == 2}
_PENDING = {  # by kind: what the decision bar reads
    "flash": {"window": _int, "attacker": _opt_int, "blocker": _opt_int},
    "block": {"attacker": _opt_int},
}
_CHOICE = {"prompt": _text, "min": _int, "max": _int, "source": _opt_int, "options": lambda v: v is None or
           type(v) is list}


MAX_TABLE_ZONES = 40  # a profile's zones (table/profile.py bounds them the same)
MAX_COUNTER_KINDS = 8  # kinds of counter on one card (engine/table_moves.py bounds them the same)
MAX_SYMBOLS = 24  # symbols of a spirit with its Brave (ETR §Brave): a card has a few
MAX_CONTRACT_CARDS = 40  # different contract cards a sandbox deck offers at the opening (a legal deck: 1)
_AREA_ENTRY = {"card": _int, "cid": lambda v: v is None or (type(v) is str and 0 < len(v) <= 40), "exhausted": _bool}


def _check_marks(c: dict, where: str) -> None:
    """A card's marks from another game's profile, when it has some: face down, counters, attached to, turned."""
    if "down" in c and not _bool(c["down"]):
        raise MessageError(f"{where}.down", "expected true or false")
    if "counters" in c:
        counters = c["counters"]
        if type(counters) is not dict or len(counters) > MAX_COUNTER_KINDS or not all(
                type(k) is str and len(k) <= 90 and type(n) is int and 0 < abs(n) <= 999 for k, n in counters.items()):
            raise MessageError(f"{where}.counters", f"expected up to {MAX_COUNTER_KINDS} counters and their numbers")
    if "stats" in c and not _names_to_ints(c["stats"], MAX_TABLE_ZONES):  # ATK/RST as modified (engine/table_stats.py)
        raise MessageError(f"{where}.stats", "expected each modified stat's current value")
    if "on" in c and not _int(c["on"]):
        raise MessageError(f"{where}.on", "expected the card it is attached to")
    if "turn" in c and not _text(c["turn"]):
        raise MessageError(f"{where}.turn", "expected an orientation's name")
    if "back" in c and not _bool(c["back"]):
        raise MessageError(f"{where}.back", "expected true or false")
    if "symbols" in c and not (type(c["symbols"]) is list and len(c["symbols"]) <= MAX_SYMBOLS and all(
            type(s) is list and 0 < len(s) <= 6 and all(type(x) is str and 0 < len(x) <= 20 for x in s)
            for s in c["symbols"])):
        raise MessageError(f"{where}.symbols", f"expected up to {MAX_SYMBOLS} symbols, each its colours")


def _names_to_ints(v, limit: int) -> bool:
    return type(v) is dict and len(v) <= limit and all(
        type(k) is str and 0 < len(k) <= 40 and type(n) is int and abs(n) <= 10**12 for k, n in v.items())


def _check_table(pv: dict, where: str) -> None:
    """What another game's profile adds to a player's view (engine/view.py): its zones, counts, pieces, trackers."""
    areas, counts = pv["areas"], pv.get("counts")
    if type(areas) is not dict or len(areas) > MAX_TABLE_ZONES:
        raise MessageError(f"{where}.areas", f"expected up to {MAX_TABLE_ZONES} zones")
    if not _names_to_ints(counts, MAX_TABLE_ZONES) or set(counts) != set(areas):
        raise MessageError(f"{where}.counts", "expected how many cards each zone holds")
    for zone, entries in areas.items():
        if type(zone) is not str or not 0 < len(zone) <= 40:
            raise MessageError(f"{where}.areas", "expected zone names")
        if entries is None:
            continue
        if type(entries) is not list or len(entries) > MAX_ZONE_CARDS or len(entries) != counts[zone]:
            raise MessageError(f"{where}.areas.{zone}", "expected its cards (as many as its count)")
        for i, c in enumerate(entries):
            if type(c) is not dict:
                raise MessageError(f"{where}.areas.{zone}[{i}]", f"expected a card, got {type(c).__name__}")
            _fields(c, _AREA_ENTRY, f"{where}.areas.{zone}[{i}]")
            _check_marks(c, f"{where}.areas.{zone}[{i}]")
    for key in ("pieces", "trackers"):
        if not _names_to_ints(pv.get(key), MAX_TABLE_ZONES):
            raise MessageError(f"{where}.{key}", "expected names and whole numbers")
    opening = pv.get("opening")
    if type(opening) is not dict:
        raise MessageError(f"{where}.opening", "expected the opening hand's mulligans")
    _fields(opening, {"mulligans": _int, "kept": _bool, "follow": _bool}, f"{where}.opening")
    contract = opening.get("contract", [])
    if type(contract) is not list or len(contract) > MAX_CONTRACT_CARDS or not all(
            type(c) is str and 0 < len(c) <= 40 for c in contract):
        raise MessageError(f"{where}.opening.contract", "expected the ids of the contract cards it may take")


def check_view(view) -> None:
    """A seat's view (engine/view.py, as redaction.py sends it) has every field the guest's board reads, of the
    right type: MessageError naming the field, e.g. 'view.players[1].field[0].cid'."""
    if type(view) is not dict:
        raise MessageError("view", f"expected an object, got {type(view).__name__}")
    _fields(view, _VIEW, "view")
    for p, pv in enumerate(view["players"]):
        where = f"view.players[{p}]"
        if type(pv) is not dict:
            raise MessageError(where, f"expected an object, got {type(pv).__name__}")
        _fields(pv, _PLAYER, where)
        for zone, entry in (("hand", _HAND), ("trash", _HAND), ("field", _FIELD)):
            if pv[zone] is not None and len(pv[zone]) > MAX_ZONE_CARDS:
                raise MessageError(f"{where}.{zone}", f"more than {MAX_ZONE_CARDS} cards (the most a zone holds)")
            for i, c in enumerate(pv[zone] or ()):
                if type(c) is not dict:
                    raise MessageError(f"{where}.{zone}[{i}]", f"expected a card, got {type(c).__name__}")
                _fields(c, entry, f"{where}.{zone}[{i}]")
        burst = pv["burst"]
        if burst is not None and "card" in burst:
            _fields(burst, _HAND, f"{where}.burst")
        for i, c in enumerate(pv["field"]):
            _check_marks(c, f"{where}.field[{i}]")
        if "leaving" in pv:  # cards in a pending state (engine/view.py): a few, each like a field card
            leaving = pv["leaving"]
            if type(leaving) is not list or not 0 < len(leaving) <= MAX_ZONE_CARDS:
                raise MessageError(f"{where}.leaving", f"expected 1 to {MAX_ZONE_CARDS} cards")
            for i, c in enumerate(leaving):
                if type(c) is not dict:
                    raise MessageError(f"{where}.leaving[{i}]", f"expected a card, got {type(c).__name__}")
                _fields(c, _LEAVING, f"{where}.leaving[{i}]")
        if "areas" in pv:
            _check_table(pv, where)
    battle = view["battle"]
    if battle is not None:
        _fields(battle, {"attacker": _opt_int, "blocker": _opt_int}, "view.battle")
        if "link" in battle:  # the spirit linked with the attacker (Saga's 【Link】): another card on a field
            _check_link(view, battle)
    result = view["result"]
    if result is not None:
        _fields(result, {"winner": lambda v: v is None or _seat(v), "reason": _text}, "view.result")
    if "rules" in view:
        _check_rules(view["rules"])
    pend = view["pending"]
    if pend is not None:
        _fields(pend, {"kind": _text, "player": _seat}, "view.pending")
        kind = pend["kind"]
        if kind not in DECISION_KINDS:
            raise MessageError("view.pending.kind", f"not a decision this app knows ({_shown(kind)})")
        if kind in CHOICE_KINDS:
            _fields(pend, _CHOICE, "view.pending")
            options = pend["options"]
            if pend["player"] == view["viewer"] and options is None:
                raise MessageError("view.pending.options", "missing: the choice is yours")
            if options is not None and kind != "may" and not _ints(options):
                raise MessageError("view.pending.options", "expected a list of whole numbers")
            if "sources" in pend and not _opt_ints(pend["sources"]):
                raise MessageError("view.pending.sources", "expected a list of cards")
            if "counts" in pend and not (_ints(pend["counts"]) and options is not None
                                         and len(pend["counts"]) == len(options)):
                raise MessageError("view.pending.counts", "expected how many cores each place holds")
            if kind == "cores" and options is not None and "counts" not in pend:
                raise MessageError("view.pending.counts", "missing: how many cores each place holds")
            if "limit" in pend and not _int(pend["limit"]):
                raise MessageError("view.pending.limit", "expected a whole number")
            if "limit_by" in pend and pend["limit_by"] not in ("bp", "cost"):
                raise MessageError("view.pending.limit_by", "expected bp or cost")
        else:
            _fields(pend, _PENDING.get(kind, {}), "view.pending")


MAX_CHAIN = 64  # activations on one chain a view may show (each player's cards on the field are few)
MAX_TARGETS = 12  # targets of one activation (engine/commands.py bounds them the same)
_RULES = {"phase": lambda v: type(v) is str and len(v) <= 20, "window": lambda v: type(v) is str and len(v) <= 20,
          "priority": lambda v: v is None or _seat(v), "replay": _opt_int,
          "fight": lambda v: v is None or type(v) is dict, "chain": lambda v: type(v) is list and len(v) <= MAX_CHAIN,
          "deploys_left": lambda v: type(v) is list and len(v) == 2 and all(type(x) is int and -99 <= x <= 99
                                                                             for x in v)}
_LINK = {"controller": _seat, "card": _opt_int, "effect": lambda v: type(v) is int and 0 <= v <= 99,
         "targets": lambda v: _opt_ints(v) and len(v) <= MAX_TARGETS, "negated": _bool}


def _check_rules(rules) -> None:
    """A rules module's public state in the view (Battle of Souls: engine/view.py "rules"), every field bounded."""
    if type(rules) is not dict:
        raise MessageError("view.rules", f"expected an object, got {type(rules).__name__}")
    _fields(rules, _RULES, "view.rules")
    if rules["fight"] is not None:
        _fields(rules["fight"], {"attacker": _opt_int, "target": _opt_int, "player": _seat}, "view.rules.fight")
    for i, link in enumerate(rules["chain"]):
        if type(link) is not dict:
            raise MessageError(f"view.rules.chain[{i}]", f"expected an activation, got {type(link).__name__}")
        _fields(link, _LINK, f"view.rules.chain[{i}]")


def _check_link(view: dict, battle: dict) -> None:
    link = battle["link"]
    if not _int(link):
        raise MessageError("view.battle.link", f"not a valid value ({_shown(link)})")
    if link == battle["attacker"]:
        raise MessageError("view.battle.link", "a spirit is not linked with itself")
    if not any(type(c) is dict and c.get("card") == link for p in view["players"] for c in p["field"]):
        raise MessageError("view.battle.link", f"not a card on a field ({_shown(link)})")


def parse_commands(items: list, field: str = "legal") -> list:
    """The commands of a list (a batch's legal commands), parsed: MessageError naming e.g. 'legal[2].card'."""
    from ..engine.commands import CommandFormatError, command_from_dict

    out = []
    for i, d in enumerate(items):
        try:
            out.append(command_from_dict(d))
        except CommandFormatError as e:
            inner, text = getattr(e, "field", ""), str(e)
            if text.startswith(f"field '{inner}': "):
                text = text[len(f"field '{inner}': "):]
            raise MessageError(f"{field}[{i}]" + (f".{inner}" if inner else ""), text) from None
    return out
