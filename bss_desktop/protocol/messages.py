"""Protocol messages and their schemas. Pure Python; nothing here imports Qt.

Every message is a JSON object with a "type" and the fields its schema lists,
nothing more. `validate(message)` checks it completely before anything acts on
it and raises MessageError naming the field; a command inside a "command"
message is then parsed with engine.commands.command_from_dict, which names its
own fields.
"""
from __future__ import annotations

import re

PROTOCOL_VERSION = 1
_HEX64 = re.compile(r"[0-9a-f]{64}\Z")

# field -> (kind, limit): kinds int (max value), str (max length), hex64, bool, dict, list (max items)
SCHEMAS: dict[str, dict[str, tuple[str, int]]] = {
    # handshake: both sides say who they are; the host answers with the guest's seat
    "hello": {"protocol": ("int", 10**6), "app": ("str", 40), "cards": ("hex64", 0), "ruleset": ("dict", 0),
              "name": ("str", 40)},
    "welcome": {"seat": ("int", 1), "name": ("str", 40), "next": ("int", 10**9)},
    # fairness (protocol/fairness.py): commitments, the guest's share and deck, the host's share at the end
    "commit": {"share_hash": ("hex64", 0), "deck_hash": ("hex64", 0)},
    "reveal": {"share": ("hex64", 0)},
    "deck": {"cards": ("list", 60), "name": ("str", 60)},
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
               "legal": ("list", 2000)},
    # the end: the host's record, in parts small enough for a frame
    "record": {"head": ("dict", 0), "commands": ("list", 2000), "more": ("bool", 0)},
    "audit": {"ok": ("bool", 0), "message": ("str", 500)},
    "chat": {"text": ("str", 300)},
    "error": {"code": ("str", 40), "message": ("str", 500)},
    "ping": {"t": ("int", 2**53)},
    "pong": {"t": ("int", 2**53)},
    "bye": {"reason": ("str", 300)},
}


class MessageError(ValueError):
    """A message that does not fit its schema; `field` names the offending field."""

    def __init__(self, field: str, message: str):
        super().__init__(f"field '{field}': {message}" if field else message)
        self.field = field
        self.message = message


def validate(msg) -> dict:
    """The message, if it fits its schema exactly; otherwise MessageError."""
    if not isinstance(msg, dict):
        raise MessageError("", "a message is a JSON object")
    kind = msg.get("type")
    schema = SCHEMAS.get(kind) if isinstance(kind, str) else None
    if schema is None:
        shown = repr(kind)[:40]
        raise MessageError("type", f"unknown message type {shown}")
    extra = [k for k in msg if k != "type" and k not in schema]
    if extra:
        raise MessageError(str(extra[0])[:40], f"not a field of a '{kind}' message")
    for name, (field_kind, limit) in schema.items():
        if name not in msg:
            raise MessageError(name, "missing")
        _check(name, msg[name], field_kind, limit)
    if kind == "hello" and msg["protocol"] != PROTOCOL_VERSION:
        raise MessageError("protocol", f"this app speaks protocol {PROTOCOL_VERSION}, the peer {msg['protocol']}")
    if kind == "deck" and not all(isinstance(c, str) and 0 < len(c) <= 40 for c in msg["cards"]):
        raise MessageError("cards", "expected card ids (text of at most 40 characters)")
    return msg


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
