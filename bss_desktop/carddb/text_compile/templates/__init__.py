"""Template families: the grammar rules and transformer methods of one kind of phrase each, kept apart so that
each can grow on its own.

A family module holds `GRAMMAR` (lark rules, written like grammar.py's: literals whole, split when the grammar is
built; new alternatives of the core rules through `%extend`, e.g. ``%extend action: my_rule``) and `Rules`, the
transformer methods named after its rules (sentences.py copies them into `_Build`, so `self._target` and the other
helpers of the core are at hand and a rule's children come as arguments; raise `NotSupported` for what the
vocabulary can't say). A name defined twice, by two families or by a family and the core, fails at import.
"""
from __future__ import annotations

from importlib import import_module

FAMILIES = ("link", "tokens", "costs", "protection", "deck", "nexus", "timing", "misc", "reactions", "counting", "names",
            "feast")

_MODULES = [import_module(f"{__name__}.{name}") for name in FAMILIES]
GRAMMARS: tuple[str, ...] = tuple(m.GRAMMAR for m in _MODULES)


def _methods() -> dict:
    """Every family's transformer methods by name; two families defining one name is a bug caught at import."""
    out: dict = {}
    for m in _MODULES:
        for name, fn in vars(m.Rules).items():
            if name.startswith("__"):
                continue
            if name in out:
                raise ImportError(f"template method {name!r} is defined by two families")
            out[name] = fn
    return out


METHODS: dict = _methods()

__all__ = ["FAMILIES", "GRAMMARS", "METHODS"]
