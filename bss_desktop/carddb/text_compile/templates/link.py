"""Templates: Link and what a linked spirit does (BSS06): docs/saga-rulings.md, "Link".

- "a spirit (card) with Link": 【Link】 as a keyword filter, like any other (CR 10-13);
- "the linked spirit" (the spirit this one is linked with, ruling Link-6): a subject ("the linked spirit gains
  【Curse】", "... gains 2000 BP") and a card acted on ("refresh the linked spirit");
- "linked" as an adjective ("all of your linked spirits gain 2000 BP"): a spirit in a link (ruling Link-6);
- "if this spirit is linked": the condition that this card is in a link.
"""
from __future__ import annotations

from lark import v_args

from ..not_supported import NotSupported  # noqa: F401  (raised by the rules below)

GRAMMAR = r"""
%extend KEYWORD: /link\b/
%extend subject: "the linked spirit"                           -> subj_linked
%extend self_verb: verb_word "the linked spirit"               -> verb_linked
%extend adjective: "linked"                                    -> adj_linked
%extend free_cost: FREE_COST
%extend condition: "this spirit is linked"                     -> c_linked
                 | "this spirit is not linked"                 -> c_not_linked
FREE_COST.3: /without paying (its|their) costs?\b/
"""


_inline = v_args(inline=True)  # (the core's _Build inlines the methods it defines itself, not a mixin's)


class Rules:
    """Transformer methods of the rules in GRAMMAR (see templates/__init__.py)."""

    @_inline
    def subj_linked(self, *_):
        return "linked"

    @_inline
    def verb_linked(self, verb):
        return [{verb: "linked"}]

    @_inline
    def adj_linked(self, *_):
        return {"linked": True}

    @_inline
    def c_linked(self, *_):
        return {"linked": True}

    @_inline
    def c_not_linked(self, *_):
        return {"linked": False}
