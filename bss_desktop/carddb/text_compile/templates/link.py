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
%extend sentence: "when this spirit is linked" "," after_when  -> when_self_linked
%extend watch_event: count "of" owner descr filters? "is linked" -> watch_linked
%extend watch_event: "your opponent blocks"                    -> opponent_blocks
%extend sentence: "if you summon a spirit with this effect" ","? statement -> if_summoned
%extend action: count "spirit may link with this spirit regardless of its link conditions" -> link_waived
%extend action: subject "may link regardless of their link cost conditions" -> link_any_cost
%extend sentence: statement "unless you control" count descr filters? -> unless_control
%extend condition: "this spirit is linked"                     -> c_linked
                 | "this spirit is not linked"                 -> c_not_linked
                 | "that spirit is linked"                     -> c_it_linked
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
    def when_self_linked(self, ops):  # "when this spirit is linked, ..." (ruling Link-7)
        return self.when_first({"trigger": "when_linked"}, ops)

    @_inline
    def watch_linked(self, count, side, descr, filters=None):  # "when one of your Android spirits is linked"
        if count != 1 or side != "you":
            raise NotSupported("a trigger on a spirit other than one of yours being linked")
        watch = self._target({}, side, descr, filters)
        watch.pop("side", None)
        if watch.pop("type", "spirit") != "spirit":
            raise NotSupported("only spirits are linked")
        return {"trigger": "your_spirit_linked", **({"watch": watch} if watch else {})}

    @_inline
    def opponent_blocks(self):  # "when your opponent blocks": one of your spirits' attack is blocked (CR 7-1-3)
        return {"trigger": "your_spirit_blocked"}

    @_inline
    def if_summoned(self, ops):  # "if you summon a spirit with this effect, ...": the summon before it did something
        return self.if_done(ops)  # (the sentence follows the summon it speaks of: "if you do")

    @_inline
    def link_waived(self, count):  # "1 spirit may link with this spirit regardless of its link conditions" (Link-8)
        if count != 1:
            raise NotSupported("more than one spirit linking")
        return [{"link": "this"}]

    @_inline
    def link_any_cost(self, subject):  # "all of your X spirits may link regardless of their link cost conditions"
        """Their 【Link】 admits any of your attacking spirits (ruling Link-8): 【Link】 with no condition, given to those of
        them that have 【Link】 (a spirit without it does not link)."""
        if not isinstance(subject, dict) or not subject.get("all") or subject.get("side") != "you" or "keyword" in subject:
            raise NotSupported("link conditions waived for cards other than all of your spirits of a kind")
        target = {**subject, "keyword": "link"}
        return [{"grant": {"target": target, "keyword": {"link": {"side": "you"}}, "_duration": None}}]

    @_inline
    def unless_control(self, ops, count, descr, filters=None):
        """"... unless you control a spirit with Link": only while you control none of them."""
        if count != 1:
            raise NotSupported("'unless you control' more than one card")
        t = self._target({}, "you", descr, filters)
        t.setdefault("type", "spirit")
        return self.if_first({"count": {"cards": t}, "count_max": 0}, ops)

    @_inline
    def c_linked(self, *_):
        return {"linked": True}

    @_inline
    def c_it_linked(self, *_):  # "if that spirit is linked": the card selected is the linked spirit (Link-6); a
        return {"it": {"linked": True}}  # vocabulary without conditions on the selected card refuses it (manual)

    @_inline
    def c_not_linked(self, *_):
        return {"linked": False}
