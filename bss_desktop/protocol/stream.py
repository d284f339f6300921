"""What the host sends one seat after each command, and how that seat rebuilds its view from it.

A batch is an "events" message: the command's sequence number, the head of the
command hash chain, the redacted events, a patch that turns the seat's previous
view into the new one, the hash of the new view, and (when the seat must decide)
its legal commands with cards named by alias. Patches carry only what changed (a
zone that gains a card sends that card: `diff`), so a batch stays small however
full the table is; the view hash lets the seat check at once that its view
matches the host's.

`SeatStream` makes batches on the host. The guest replays the same stream from
the record after the game to audit every batch it received (fairness.audit). The
chain head a batch carries is salted per command (fairness.command_salt), so it
tells the seat nothing about a command it may not see.
"""
from __future__ import annotations

import hashlib
import json

from .redaction import SeatWindow, view_hash


class PatchError(ValueError):
    """A patch that does not fit the view it is applied to."""


def diff(old, new, path=()) -> list:
    """Operations that turn `old` into `new`, carrying only what changed: dicts with the same keys and lists of the
    same length are walked into; a list that grew or shrank gets one splice [path, items, start, stop] (its items
    start..stop replaced by `items`: what lies between the common head and the common tail), so a zone that gains a
    card sends that card, not the zone; anything else that changed is replaced whole, [path, value]. Values compare
    as JSON does, by type too: Python's `True == 1` would leave a choice [true] where the host has [1], and the
    seat's view hash would not match."""
    if isinstance(old, dict) and isinstance(new, dict) and old.keys() == new.keys():
        return [op for k in new for op in diff(old[k], new[k], path + (k,))]
    if isinstance(old, list) and isinstance(new, list):
        if len(old) == len(new):
            return [op for i in range(len(new)) for op in diff(old[i], new[i], path + (i,))]
        return [_splice(old, new, path)]
    if type(old) is type(new) and old == new:
        return []
    return [[list(path), new]]


def _same(a, b) -> bool:
    return not diff(a, b)


def _splice(old: list, new: list, path: tuple) -> list:
    """[path, items, start, stop]: old[start:stop] = items turns `old` into `new` (lengths differ)."""
    head, most = 0, min(len(old), len(new))
    while head < most and _same(old[head], new[head]):
        head += 1
    tail = 0
    while tail < most - head and _same(old[-1 - tail], new[-1 - tail]):
        tail += 1
    return [list(path), new[head:len(new) - tail], head, len(old) - tail]


def apply_patch(view, ops: list):
    """`view` with the operations of `diff` applied (the original is not changed)."""
    if not isinstance(ops, list):
        raise PatchError("a patch is a list of [path, value] or [path, items, start, stop] operations")
    view = json.loads(json.dumps(view)) if view is not None else None
    for n, op in enumerate(ops):
        splice = isinstance(op, list) and len(op) == 4
        if not (isinstance(op, list) and len(op) in (2, 4) and isinstance(op[0], list)):
            raise PatchError(f"operation {n}: expected [path, value] or [path, items, start, stop]")
        path, value = op[0], op[1]
        if splice:
            view = _splice_at(view, path, value, op[2], op[3], n)
            continue
        if not path:
            view = value
            continue
        parent, key = _walk(view, path, n)
        parent[key] = value
    return view


def _walk(view, path: list, n: int):
    """(the container holding the last key of `path`, that key); PatchError if the path is not in the view."""
    node = view
    for i, key in enumerate(path):
        ok = (isinstance(node, dict) and isinstance(key, str) and key in node) or (
            isinstance(node, list) and isinstance(key, int) and not isinstance(key, bool) and 0 <= key < len(node))
        if not ok:
            raise PatchError(f"operation {n}: path {path!r} does not exist in the view")
        if i == len(path) - 1:
            return node, key
        node = node[key]
    raise PatchError(f"operation {n}: an empty path")


def _splice_at(view, path: list, items, start, stop, n: int):
    target = view
    if path:
        parent, key = _walk(view, path, n)
        target = parent[key]
    if not isinstance(target, list) or not isinstance(items, list):
        raise PatchError(f"operation {n}: a splice needs a list at {path!r} and a list of items")
    if not (type(start) is int and type(stop) is int and 0 <= start <= stop <= len(target)):
        raise PatchError(f"operation {n}: splice bounds {start!r}..{stop!r} do not fit a list of {len(target)}")
    target[start:stop] = items
    return view


def batch_digest(events: list, vhash: str, legal: list) -> str:
    """What a seat keeps of each batch for the audit: the events it was told, the view it ended with and the
    commands it was offered (a host that hid a legal choice from it is caught like one that lied about events)."""
    data = json.dumps([events, legal], sort_keys=True, separators=(",", ":"), ensure_ascii=False) + vhash
    return hashlib.sha256(data.encode("utf-8")).hexdigest()


class SeatStream:
    """The batches one seat receives: the host sends them; the guest's audit recomputes them."""

    def __init__(self, game, seat: int):
        self.seat = seat
        self.window = SeatWindow.for_game(game, seat)
        self.last_view: dict | None = None

    def batch(self, game, events, seq: int, chain: str) -> dict:
        """The "events" message for the command numbered `seq` (0 = the game's setup)."""
        redacted = self.window.events(events)
        view = self.window.view(game)
        patch = diff(self.last_view, view)
        self.last_view = view
        pend = game.pending
        legal = []
        if pend is not None and pend.player == self.seat:
            choice = pend.info.get("kind") if pend.kind == "choose" else None
            legal = [self.window.command_from_engine(c, choice) for c in game.legal_commands()]
        return {"type": "events", "seq": seq, "chain": chain, "events": redacted, "patch": patch,
                "view_hash": view_hash(view), "legal": legal}
