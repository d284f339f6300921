"""Templates: Feast (the Supsprite tokens it summons and upgrades) and Chain's colour-gated follow-ups.

- "activate Feast [N times | once | twice]": `{feast: N}`, 【Feast】 performed N times by the effect that says it
  (rules/bss/feast.py; docs/saga-rulings.md, "Feast and Chain", Feast-1 to Feast-6). Its condition ("if you don't
  control any token spirits, activate Feast") is the core grammar's;
- "if you destroy 1 of your opponent's spirits via reducing its BP to 0 with this effect, ...": after a BP reduction,
  what follows only if that spirit is destroyed by it (ruling Feast-7);
- "activate Feast once for each <cards> you control / your opponent controls": `{feast: {count: 1, for_each: ...}}`,
  the number counted once, as Feast starts (Feast-1).
"""
from __future__ import annotations

from lark import v_args

from ..not_supported import NotSupported  # noqa: F401  (raised by the rules below)

GRAMMAR = r"""
%extend action: feast_act
%extend sentence: "if you destroy" destroyed via_bp "with this effect" ","? statement -> if_destroyed_by_bp
via_bp: "via reducing" ("its" | "their") "bp to" NUMBER
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
    def if_destroyed_by_bp(self, _destroyed, number, ops):
        """"Reduce its BP by N. If you destroy 1 of your opponent's spirits via reducing its BP to 0 with this effect,
        ...": the spirit the BP reduction lowered to 0 or less is destroyed by it (CR 9-4; ruling Feast-7): what
        follows is done only if the card selected is at 0 BP or less, or already gone, as it comes."""
        if int(number) != 0:
            raise NotSupported("a destruction by BP lowered to other than 0")
        first, *rest = ops
        if "if" in first:
            raise NotSupported("a condition of its own after 'if you destroy ... via reducing its BP'")
        return [{**first, "if": {"it_destroyed": True}, "_after": "bp"}, *rest]

    @_inline
    def via_bp(self, number):
        return number

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
