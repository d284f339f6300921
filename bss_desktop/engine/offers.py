"""The commands `legal_commands` offers, made once and reused (every rules module makes its offers here).

A random game offers the same few thousand commands again and again; `apply` need not check the fields of one
whose fields were checked when it was made (`well_formed`)."""
from __future__ import annotations

from .commands import field_problem

_made: dict = {}  # (command class, *fields) -> the command legal_commands offers (commands are frozen values)
_well_formed: dict = {}  # id(command) -> command: the ones of _made, whose fields field_problem found well formed
well_formed = _well_formed.get  # well_formed(id(cmd)) is cmd: its fields were checked when it was made


def offer(cls, *fields):
    """The command `cls(*fields)`, made once. Only the engine calls this, with fields of the right types (so True
    never stands for 1 in a key)."""
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


made = _made.get  # made(key): a command remembered under `key` by `remember`, or None (a dict lookup, no call)


def remember(key, cmd) -> None:
    """Remember `cmd` (made by `offer`) under a key of the caller's own (a shortcut to it)."""
    _made[key] = cmd
