"""Templates: token spirits summoned by effects (CR 4-12).

"Summon N of your <Name> Tokens [exhausted]" names a token whose annotation (its stats, CR 4-12-2) the community
records do not carry: it compiles to a token named by name, ``{token: {ref: <Name>, count: N}}``, whose stats come
from the player's token table (carddb/token_table.py) and whose LV1 cores are placed as a summon's, from the
player's field and reserve (CR 10-6-7; docs/saga-rulings.md, Tokens). The tokens summoned are what a following
"them" names ("Place a core from the void onto each of them").
"""
from __future__ import annotations

from lark import Token, v_args

from ..not_supported import NotSupported  # noqa: F401  (raised by the rules below)

_NOT_A_NAME = frozenset({"opponent", "opponents", "their", "your", "each", "all", "other", "any", "the", "this", "that",
                        "those", "these", "and", "or", "of", "spirit", "spirits", "nexus", "nexuses", "card", "cards"})

GRAMMAR = r"""
%extend action: token_summon
%extend cost_part: select_act -> cost_selected
%extend adjective: "non-token"                                 -> adj_non_token
%extend filter: ("that are not tokens" | "that is not a token") -> f_not_token

token_summon: "summon" count "of your" token_name token_word
token_name: (WORD | FAMILY | COLOUR)+
token_word: ("tokens" | "token")                               -> tw_plain
          | ("tokens" | "token") "exhausted"                   -> tw_exhausted
          | "tokensexhausted"                                  -> tw_exhausted
"""


class Rules:
    """Transformer methods of the rules in GRAMMAR (see templates/__init__.py). Each is decorated as _Build's own
    are (a rule's children its arguments): lark's class decorator on _Build leaves inherited methods alone."""

    @v_args(inline=True)
    def token_summon(self, count, name, exhausted):
        out = {"ref": name, "count": count}
        if exhausted:
            out["exhausted"] = True
        return [{"token": out}]

    @v_args(inline=True)
    def cost_selected(self, ops):
        """"You may select 1 of your nexuses and destroy it to ...": a cost of destroying (or exhausting) your own
        card, chosen as the cost is paid (CR 8-4-1), the same cost as "destroy 1 of your nexuses"."""
        (op,) = ops
        (name, t), = op.items()
        if name not in ("destroy", "exhaust") or not isinstance(t, dict) or t.get("side") != "you" \
                or set(t) - {"side", "type", "count", "family", "families", "colors", "token", "other", "cost_max",
                             "cost_min", "bp_max", "bp_min", "level_min", "level_max"}:
            raise NotSupported("a selected cost other than destroying or exhausting your own cards")
        if name == "exhaust" and t.get("exhausted") is not None:
            raise NotSupported("an exhaust cost names refreshed cards: it can only exhaust those")
        return {name: t}

    @v_args(inline=True)
    def token_name(self, *words):
        parts = []
        for w in words:
            if isinstance(w, Token) and w.type == "FAMILY":  # a family's name as the card data writes it
                parts.append(self.norm.families[int(str(w)[1:])])
            elif "'" in w or str(w) in _NOT_A_NAME:  # "your opponent's ... tokens": not a token of yours by name
                raise NotSupported(f"'{w}' in a token's name")
            else:
                parts.append(str(w).capitalize())
        return " ".join(parts)

    @v_args(inline=True)
    def adj_non_token(self, *_words):  # "your non-token spirits" (CR 4-12)
        return {"token": False}

    @v_args(inline=True)
    def f_not_token(self, *_words):  # "... that are not tokens"
        return {"token": False}

    @v_args(inline=True)
    def tw_plain(self, *_words):  # (a word the WORD pattern also reads is kept in the tree)
        return False

    @v_args(inline=True)
    def tw_exhausted(self, *_words):
        return True
