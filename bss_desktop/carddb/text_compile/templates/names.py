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
// "exhaust 1 of your Stone Haven nexuses": the cards of that name, of the kind the text calls them
%extend descr: QUOTED (kind_spirit | kind_nexus)                  -> nm_descr_named
// "if you control a Stone Haven": a card of that name on your field
%extend condition: "you control" count QUOTED                     -> nm_c_control_named
// "for every Stone Haven you control": the cards of that name on your field
%extend per: ("for each" | "for every") QUOTED ("you control" | "on your field") -> nm_per_named
// "place 3 cores from your trash that are not a soul core onto this spirit for every Stone Haven you control"
%extend action: nm_trash_cores_per
nm_trash_cores_per: "place" count core_word "from your trash" not_soul? ("onto" | "on") core_dest per
// "If you control a Stone Haven, when this spirit's attack reduces your opponent's life, exhaust ...": the trigger,
// its effect under the condition, as timing.py's "if ..., refresh it when ..." (if_when_last) reads it
%extend sentence: "if" condition "," "when" watch_event "," after_when -> nm_if_when_first
// "select a Stoneback spirit card that costs 5 or fewer in your hand and summon it without paying its cost": as
// "summon a ... from your hand without paying its cost" (a template real cards use after a family name)
%extend action: nm_summon_from_hand
nm_summon_from_hand: "select" amount card_descr filters? ("in" | "from") "your hand and summon" it free_cost
// "if you control a Stoneback nexus and you have 3 or fewer life": both hold
%extend condition: "you control" count descr filters? "and" condition -> nm_c_control_and
// "place a core from your trash that is not a soul core into your life" (never the soul core, CR 4-11-3)
%extend action: "place" count core_word "from your trash" not_soul? "into your life" -> nm_trash_to_life
// "While summoning or placing a Stoneback card, treat this spirit's color and symbol color as red and blue as well",
// "..., this nexus gains a yellow symbol": for that card's cost reduction (docs/saga-rulings.md, names N-2)
%extend sentence: "while summoning or placing" count card_descr filters? "," nm_sym_more -> nm_while_summoning_placing
nm_sym_more: "treat" ("this spirit's" | "this nexus's") "color and symbol color as" nm_colours "as well" -> nm_sym_also
           | ("this spirit" | "this nexus") ("gains" | "gain") count COLOUR ("symbol" | "symbols") -> nm_sym_gain
nm_colours: COLOUR (("and" | "," | ", and") COLOUR)*
// "When one of your Stoneback spirits is destroyed, look at the top 2 cards of your deck." (then what is done with it)
%extend sentence: "when" watch_event "," ("view" | "look at") "the top" count? card_word "of your deck" -> nm_when_view
                | "when" watch_event "," "reveal the top" count? card_word "of your deck" -> nm_when_reveal
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
    def nm_noun_named(self, q):  # "a <Name>": a card of that name, of the type the cards of that name have (CR 2-1)
        name = self._card_name(q)
        kind = self.norm.names[int(str(q)[1:])]
        return {"type": kind if kind in ("spirit", "nexus", "magic") else "any", "name_is": name}

    @_inline
    def nm_descr_named(self, q, kind):  # "<Name> nexuses": the kind the text names must be its cards' own
        t = self.nm_noun_named(q)
        if t["type"] not in ("any", kind["type"]):
            raise NotSupported(f"a {t['type']} card name called a {kind['type']}")
        return {**t, "type": kind["type"]}

    @_inline
    def nm_c_control_named(self, count, q):
        t = {k: v for k, v in self.nm_per_named(q)["cards"].items() if k != "side"}
        return self.c_control(count, t, None)

    @_inline
    def nm_per_named(self, q):  # the cards of that name on your field: spirits or nexuses (CR 2-1, 3-5-1)
        t = self.nm_noun_named(q)
        if t["type"] not in ("spirit", "nexus"):
            raise NotSupported("cards on the field of a name the import knows no spirit or nexus of")
        return {"cards": {"side": "you", **t}}

    @_inline
    def nm_trash_cores_per(self, count, w, *rest):  # the cores of your trash, so many for each card counted
        per = rest[-1]
        op = self.trash_cores_onto(count, w, *rest[:-1])[0]
        return [{"core_charge": {**op["core_charge"], "for_each": per}}]

    @_inline
    def nm_summon_from_hand(self, amount, descr, *rest):  # your hand: you choose among your own (CR 8-5-3-5)
        filters = next((r for r in rest if isinstance(r, list)), None)
        if amount:
            raise NotSupported("more than one card selected from your hand to summon")
        return [{"select": {**self._target(amount, "you", descr, filters), "zone": "hand"}}, {"summon": "it"}]

    @_inline
    def nm_c_control_and(self, count, descr, *rest):  # both conditions at once: one condition with both parts
        filters = rest[0] if len(rest) == 2 else None
        first, second = self.c_control(count, descr, filters), rest[-1]
        if set(first) & set(second):
            raise NotSupported("two conditions on the same thing")
        return {**first, **second}

    @_inline
    def nm_trash_to_life(self, count, _w, *_not_soul):  # the soul core never goes into the life this way (4-11-3)
        return [{"life_gain": {"count": count, "from": "trash"}}]

    @_inline
    def nm_colours(self, *colours):
        return [str(c) for c in colours]

    @_inline
    def nm_sym_also(self, names):
        if len(set(names)) != len(names):
            raise NotSupported("a colour named twice")
        return {"also": names}

    @_inline
    def nm_sym_gain(self, count, colour):
        if not 1 <= count <= 10:
            raise NotSupported(f"{count} symbols at once")
        return {"gain": [str(colour)] * count}

    @_inline
    def nm_while_summoning_placing(self, count, descr, *rest):  # spirits summoned and nexuses placed (CR 10-6, 10-7)
        more = rest[-1]
        filters = next((r for r in rest[:-1] if isinstance(r, list)), None)
        if count != 1:
            raise NotSupported("summoning or placing several cards at once")
        t = {k: v for k, v in self._target({}, "you", descr, filters).items() if k != "side"}
        kinds = ("spirit", "nexus") if t.get("type", "spirit") == "any" else (t.get("type", "spirit"),)
        if set(kinds) - {"spirit", "nexus"}:
            raise NotSupported("summoning or placing a magic card")
        return [{"count_symbols": {"target": {**t, "type": k}, "of": "this", **more}} for k in kinds]

    @_inline
    def nm_when_view(self, event, *args):  # the trigger the text writes, then the cards looked at (CR 12-3-1)
        return [{"_trigger": event}] + self.view(*args)

    @_inline
    def nm_when_reveal(self, event, *args):
        return [{"_trigger": event}] + self.reveal(*args)

    @_inline
    def nm_if_when_first(self, cond, event, ops):
        return self.if_when_last(cond, ops, event)
