"""Template families: the grammar rules and transformer methods of one kind of phrase each, kept apart so that
each can grow on its own.

A family module holds `GRAMMAR` (lark rules, written like grammar.py's: literals whole, split when the grammar is
built; new alternatives of the core rules through `%extend`, e.g. ``%extend action: my_rule``) and `Rules`, a mixin
of transformer methods named after its rules (sentences.py's `_Build` inherits them, so `self._target` and the
other helpers of the core are at hand; raise `NotSupported` for what the vocabulary can't say).
"""
from __future__ import annotations

from importlib import import_module

FAMILIES = ("link", "tokens", "costs", "protection", "deck", "nexus", "timing", "misc")

_MODULES = [import_module(f"{__name__}.{name}") for name in FAMILIES]
GRAMMARS: tuple[str, ...] = tuple(m.GRAMMAR for m in _MODULES)
RULES: tuple[type, ...] = tuple(m.Rules for m in _MODULES)

__all__ = ["FAMILIES", "GRAMMARS", "RULES"]
