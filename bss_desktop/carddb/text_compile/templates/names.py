"""Templates: card names written without quotation marks (a nexus or spirit named by its printed name) and the effects
that name them.

normalise.py turns a printed card name the import knows into a name placeholder (``q0`` ...), quoted or not, and
records which placeholders are card names (`Normalised.names`); the rules here read those as the target key
`name_is` (a card of that card name, CR 2-1). A quoted word that is no card name the import knows (the soul core, an
effect's label) is never read as one. docs/saga-rulings.md "Card names without quotation marks".
"""
from __future__ import annotations

from lark import v_args

from ..not_supported import NotSupported

GRAMMAR = r"""
// "a Stoneback card other than Stone Pup": a name the import knows came through as a name placeholder
%extend filter: "other than" QUOTED                               -> nm_name_not
// "select a Stone Pup from your trash", "reveal 1 Stone Pup from the cards you viewed": the card of that name
%extend card_noun: QUOTED                                         -> nm_noun_named
"""


_inline = v_args(inline=True)  # lark's class decorator on _Build skips inherited methods: each is decorated here


class Rules:
    """Transformer methods of the rules in GRAMMAR (see templates/__init__.py)."""

    def _card_name(self, q) -> str:
        """The card name a placeholder stands for; a quoted word that names no known card is refused."""
        i = int(str(q)[1:])
        if i not in self.norm.names:
            raise NotSupported(f"{self.norm.quoted[i]!r} is no card name the import knows")
        return self.norm.quoted[i].strip()

    @_inline
    def nm_name_not(self, q):  # "other than <Name>": not a card of that name (CR 2-1)
        return {"name_not": self._card_name(q)}

    @_inline
    def nm_noun_named(self, q):  # "a <Name>": a card of that name, of whatever kind its name's cards are (CR 2-1)
        return {"type": "any", "name_is": self._card_name(q)}
