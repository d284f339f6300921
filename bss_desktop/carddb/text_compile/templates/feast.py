"""Templates: Feast (the Supsprite tokens it summons and upgrades) and Chain's colour-gated follow-ups.

- "activate Feast [N times | once | twice]": `{feast: N}`, 【Feast】 performed N times by the effect that says it
  (rules/bss/feast.py; docs/saga-rulings.md, "Feast and Chain", Feast-1 to Feast-6). Its condition ("if you don't
  control any token spirits, activate Feast") is the core grammar's;
- "activate Feast once for each <cards> you control / your opponent controls": `{feast: {count: 1, for_each: ...}}`,
  the number counted once, as Feast starts (Feast-1).
"""
from __future__ import annotations

from lark import v_args

from ..not_supported import NotSupported  # noqa: F401  (raised by the rules below)

GRAMMAR = r"""
%extend action: feast_act
feast_act: "activate feast" feast_times?
         | "activate feast" "once" per                         -> feast_per
feast_times: count ("times" | "time")                          -> ft_count
           | "once"                                            -> ft_once
           | "twice"                                           -> ft_twice
"""

_inline = v_args(inline=True)  # (the core's _Build inlines the methods it defines itself, not a mixin's)


class Rules:
    """Transformer methods of the rules in GRAMMAR (see templates/__init__.py)."""

    @_inline
    def feast_act(self, times=1):  # "activate Feast [N times]" (ruling Feast-1)
        if not isinstance(times, int) or times < 1:
            raise NotSupported("Feast activated other than a number of times")
        return [{"feast": times}]

    @_inline
    def feast_per(self, per):  # "activate Feast once for each spirit your opponent controls" (Feast-1)
        return [{"feast": {"count": 1, "for_each": per}}]

    @_inline
    def ft_count(self, n):
        return n

    @_inline
    def ft_once(self, *_):
        return 1

    @_inline
    def ft_twice(self, *_):
        return 2
