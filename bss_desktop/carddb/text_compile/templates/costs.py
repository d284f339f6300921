"""Templates: costs that change, reduction symbols, Agile, Feast, soul-core costs (CR 5-2-3, 10-6)."""
from __future__ import annotations

from lark import v_args

# each method inline like the core's (_Build's class decorator does not reach the methods of its bases)
_inline = v_args(inline=True)

from ..not_supported import NotSupported  # noqa: F401  (raised by the rules below)

GRAMMAR = r"""
// "if you do not spend the soul core as part of this spirit's summoning cost, ..." (CR 10-6-6)
%extend condition: "you do not spend a" QUOTED "as part of" own_cost   -> c_soul_unpaid
                 | "you don't spend a" QUOTED "as part of" own_cost    -> c_soul_unpaid

// "all of your magic cards gain a {white_symbol} reduction symbol" (CR 2-7)
%extend action: reduction_gain
reduction_gain: "all of" owner card_descr ("gain" | "gains") "a" SYMBOL_ICON "reduction symbol"
SYMBOL_ICON.2: /\{(red|purple|green|white|yellow|blue)_symbol\}/
"""


class Rules:
    """Transformer methods of the rules in GRAMMAR (see templates/__init__.py)."""

    @_inline
    def c_soul_unpaid(self, q, _cost):
        self._soul(q, "a cost paid with something other than the soul core")
        return {"soul_paid": False}

    @_inline
    def reduction_gain(self, side, descr, icon):
        """Cards of yours gain a reduction symbol while the effect is active: the cards named in your hand (and
        being used or summoned from it), which is where a cost is paid from (CR 2-7-3, 10-6-5)."""
        if side != "you":
            raise NotSupported("reduction symbols for cards other than your own")
        t = {k: v for k, v in descr.items() if not (k == "type" and v == "any")}
        if set(t) - {"type", "family", "families", "color", "colors"}:
            raise NotSupported(f"reduction symbols for cards described by {sorted(t)}")
        colour = str(icon)[1:].split("_", 1)[0]
        return [{"reduction": {"target": t, "add": [colour]}}]
