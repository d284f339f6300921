"""Templates: triggers on what either player's cards and effects do (cores placed, cards discarded from the deck, cards summoned, magic used, spirits exhausted or blocked) and the step-start moments."""
from __future__ import annotations

from ..not_supported import NotSupported  # noqa: F401  (raised by the rules below)

GRAMMAR = r"""
// "when your opponent summons a spirit with a "When Summoned" effect, ..." (CR 10-6-7): the watched spirit's printed
// effects (the filter of templates/misc.py), read as its summon completes
%extend watch_event: "your opponent summons" count descr filters?   -> rx_opponent_summons

// "when a core is placed into your reserve, ..." (CR 6-6-1-2-3, 3-5-5, 6-3-2, 6-5-2: every move of cores into it),
// "when a core is placed onto this spirit, ..." (ruling R-1: not the cores its own summon places on it)
%extend watch_event: count core_word ("is" | "are") "placed" ("into" | "in") "your reserve" -> rx_reserve_cores
                   | count core_word ("is" | "are") "placed" ("onto" | "on") rx_this      -> rx_cores_on_this
rx_this: "this spirit" | "this nexus" | "this card"

// "when this card is discarded from your deck by your opponent's effect, ..." (ruling R-2: from the trash, where the
// discard put it; "it" is this card)
%extend sentence: "when this card is discarded from your deck by your opponent's" ("effect" | "effects") "," after_when -> rx_milled_self
// "when a magic card is discarded from your opponent's deck, ..." (ruling R-2), "when a spirit card is discarded by
// your Crush effect, ..." (CR 11-11-1, ruling R-2)
%extend watch_event: count card_descr filters? ("is" | "are") "discarded from your opponent's deck" -> rx_opp_milled
                   | count card_descr filters? ("is" | "are") "discarded by your" KEYWORD ("effect" | "effects") -> rx_kw_milled

// "when this spirit or 1 of your other spirits is summoned / attacks / blocks / is blocked, ...": one of your
// spirits, this one too, for the events the engine fires for this spirit as for the others (CR 10-6-7, 7-1-1, 7-1-3)
%extend watch_event: "this spirit or" count "of" owner descr filters? event -> rx_this_or

// "when 1 of your effects exhausts 1 of your opponent's spirits, ..." (ruling R-3: an effect of one of your cards,
// as it resolves), "when 1 of your opponent's spirits is exhausted by a Gale effect, ..." (CR 11-10-1, ruling R-3)
%extend watch_event: count "of your" ("effects" | "effect") ("exhausts" | "exhaust") count "of" owner descr filters? -> rx_effect_exhausts
                   | count "of" owner descr filters? "is exhausted by" ("a" | "an") KEYWORD ("effect" | "effects") -> rx_exhausted_by_kw

// "Discard the top 4 cards of your opponent's deck. When a magic card is discarded by this effect, ...": the cards
// this effect's discard took, read once it is done (CR 8-6-3: once, however many fit): "if a magic card is among
// the discarded cards" (templates/deck.py's condition)
%extend sentence: "when" count card_descr filters? ("is" | "are") "discarded by this effect" "," after_when -> rx_when_discarded_here

// "remove all cores from all other spirits and nexuses and place them into their owners' reserves" (CR 3-5-5: a
// card's cores go to its owner's reserve; a spirit left with none is destroyed, CR 9-3-2-1)
%extend core_remove: "remove all cores from all" rx_other? "spirits and nexuses and place" it "into" core_to -> rx_strip_field
rx_other: "other"

// "when this spirit is blocked by 1 of your opponent's spirits that costs 7 or fewer, ..." (CR 7-1-3-2): one of the
// opponent's spirits (the watch) blocks while this spirit attacks; "return the blocking spirit to the bottom of
// their deck" (the battle's blocker, CR 7-1-3)
%extend watch_event: "this spirit is blocked by" count "of" owner descr filters? -> rx_blocked_by
%extend action: "return" blocking_spirit "to the bottom of" deck_of -> rx_blocker_to_bottom

// "draw a card when you reduce 1 of your spirit's cores to zero with an Awaken effect" (CR 11-1-1: the cores it
// moves off your other spirits)
%extend watch_event: "you reduce" count "of your" ("spirit's" | "spirits'") "cores to" ("zero" | "0") "with" ("a" | "an") KEYWORD ("effect" | "effects") -> rx_emptied_by_kw

// "when a battle with 1 of your spirits with Ascend ends, ..." (CR 7-1-6-1): the battle one of your spirits
// attacked or blocked in ends; "that spirit" is that spirit
%extend watch_event: "a battle with" count "of" owner descr filters? "ends" -> rx_battle_with_ends

// "when your opponent's effect discards 3 or more cards from your deck, ..." (ruling R-5: one discard of that many;
// the number is the effect's `count`)
%extend sentence: "when your opponent's" ("effect" | "effects") ("discards" | "discard") NUMBER "or more" card_word "from your deck" "," after_when -> rx_when_opp_mills_you

// "(at the start of the step,) you may summon a spirit card with Swift from your hand": costs.py's summon_paid
// "when an effect on 1 of your Angel spirits discards a card from your opponent's deck, ..." (ruling R-2, R-3: the
// resolving effect's card, one of your spirits the watch fits); "this effect does not duplicate" (ruling R-6)
%extend watch_event: "an effect on" count "of" owner descr filters? ("discards" | "discard") count card_word "from your opponent's deck" -> rx_spirit_effect_mills
%extend sentence: "this effect does not duplicate" -> rx_no_duplicate
// "when a spirit card is placed into your trash, ...", "the first time a spirit card is placed into your trash each
// turn, ..." (ruling R-7: from anywhere; ruling T3)
%extend watch_event: count card_descr filters? ("is" | "are") "placed into your trash" -> rx_to_trash
%extend first_event: count card_descr filters? ("is" | "are") "placed into your trash" -> rx_to_trash
// "1 of your red or purple spirits": either colour (a card of several colours is each of them, CR 2-4-1-2)
%extend adjective: COLOUR "or" COLOUR -> rx_colour_or
"""


def first_trigger(sentences) -> str | None:
    """The trigger the first sentence writes first (its `_trigger` mark), if any."""
    ops = sentences[0].ops if sentences else []
    return ops[0]["_trigger"].get("trigger") if ops and "_trigger" in ops[0] else None


class Rules:
    """Transformer methods of the rules in GRAMMAR (see templates/__init__.py)."""

    def rx_milled_self(self, ops):  # ruling R-2: "it" before any selection is this card, a magic card's too
        from .. import _unselected_it

        return [{"_trigger": {"trigger": "when_milled_by_opponent"}}] + _unselected_it(ops, False, "this")[0]

    def rx_opponent_summons(self, count, descr, filters=None):  # CR 10-6-7
        return self._watch(count, "opponent", descr, filters, "summoned")

    def rx_reserve_cores(self, count, *_):
        if count != 1:
            raise NotSupported("a trigger on several cores placed at once")
        return {"trigger": "cores_placed_in_reserve"}

    def rx_cores_on_this(self, count, *_):
        if count != 1:
            raise NotSupported("a trigger on several cores placed at once")
        return {"trigger": "when_cores_placed"}

    def rx_this(self, *_):
        return None

    def _rx_milled_watch(self, count, descr, filters, trigger):
        if count != 1:
            raise NotSupported("a trigger on several cards discarded at once")
        watch = self._target({}, "you", descr, filters)
        watch.pop("side", None)
        kind = descr.get("type", "spirit")
        if kind == "any":
            raise NotSupported("a discard from the deck watching any card (the vocabulary watches one card type)")
        return {"trigger": trigger, "watch": {"type": kind, **watch}}  # the type said: a watch is never left empty

    def rx_opp_milled(self, count, descr, filters=None):
        return self._rx_milled_watch(count, descr, filters, "opponent_card_milled")

    def rx_kw_milled(self, count, descr, *rest):
        filters = rest[0] if len(rest) == 2 else None
        if str(rest[-1]) != "crush":
            raise NotSupported(f"cards discarded by a {rest[-1]} effect")
        return self._rx_milled_watch(count, descr, filters, "your_crush_milled")

    _RX_THIS_TOO = ("attacks", "blocks", "blocked", "summoned")  # the engine fires these for this spirit as well

    def rx_this_or(self, count, side, descr, *rest):
        filters = rest[0] if len(rest) == 2 else None
        event = rest[-1]
        rest_descr = {k: v for k, v in descr.items() if k not in ("other", "type")}
        if side != "you" or descr.get("type", "spirit") != "spirit":
            raise NotSupported("'this spirit or' one of your opponent's cards")
        if event not in self._RX_THIS_TOO:
            raise NotSupported(f"'this spirit or 1 of your other spirits' {event}: not fired for this spirit")
        if not rest_descr and not filters:  # "this spirit or 1 of your other spirits": any of yours
            return self._watch(count, "you", {"type": "spirit"}, None, event)
        # "this spirit or 1 of your Dragon spirits": this spirit whatever it is, the others if Dragons
        event_dict = self._watch(count, "you", {"type": "spirit", **rest_descr}, filters, event)
        return {**event_dict, "watch": {**event_dict.get("watch", {}), "or_this": True}}

    def _rx_opponents_spirit(self, count, side, descr, filters, trigger):
        if count != 1 or side != "opponent":
            raise NotSupported("an exhaustion watched on other than one of your opponent's spirits")
        watch = self._target({}, "opponent", descr, filters)
        if watch.pop("type", "spirit") != "spirit":
            raise NotSupported("an exhaustion of cards other than spirits")
        return {"trigger": trigger, **({"watch": watch} if watch else {})}

    def rx_effect_exhausts(self, effects, count, side, descr, filters=None):
        if effects != 1:
            raise NotSupported("an exhaustion by several effects at once")
        return self._rx_opponents_spirit(count, side, descr, filters, "your_effect_exhausts_opponent_spirit")

    def rx_exhausted_by_kw(self, count, side, descr, *rest):
        filters = rest[0] if len(rest) == 2 else None
        if str(rest[-1]) != "gale":
            raise NotSupported(f"an exhaustion by a {rest[-1]} effect")
        return self._rx_opponents_spirit(count, side, descr, filters, "opponent_spirit_exhausted_by_gale")

    def rx_when_discarded_here(self, count, descr, *rest):
        filters = rest[0] if len(rest) == 2 else None
        if count != 1:
            raise NotSupported("several cards discarded by this effect at once")
        return self.if_first(self.c_among_discarded(count, descr, filters), rest[-1])

    def rx_other(self, *_):
        return True

    def rx_strip_field(self, *rest):
        other, to = rest[0] is True, rest[-1]
        if to != "reserve":
            raise NotSupported("cores removed from every card into somewhere other than their owners' reserves")
        t = {"side": "any", "type": "any", "all": True, **({"other": True} if other else {})}
        return [{"core_remove": {"target": t, "keep": 0}}]

    def rx_blocked_by(self, count, side, descr, filters=None):
        if count != 1 or side != "opponent":
            raise NotSupported("blocked by other than one of your opponent's spirits")
        watch = self._target({}, "opponent", descr, filters)
        if watch.pop("type", "spirit") != "spirit":
            raise NotSupported("blocked by cards other than spirits")
        return {"trigger": "opponent_blocks", **({"watch": watch} if watch else {}), "condition": {"attacking": True}}

    def rx_blocker_to_bottom(self, *_):
        return [{"to_deck_bottom": "blocker"}]

    def rx_emptied_by_kw(self, count, kw):
        if count != 1 or str(kw) != "awaken":
            raise NotSupported(f"cores reduced to zero by {kw}, or several spirits' at once")
        return {"trigger": "your_spirit_emptied_by_awaken"}

    def rx_battle_with_ends(self, count, side, descr, filters=None):
        if count != 1 or side != "you":
            raise NotSupported("a battle end watched on other than one of your spirits")
        watch = self._target({}, "you", descr, filters)
        watch.pop("side", None)
        if watch.pop("type", "spirit") != "spirit":
            raise NotSupported("a battle with cards other than spirits")
        return {"trigger": "your_spirit_battle_ends", **({"watch": watch} if watch else {})}

    def rx_when_opp_mills_you(self, n, _w, ops):
        return [{"_trigger": {"trigger": "opponent_effect_mills_you"}}, {"_effect_keys": {"count": int(n)}}] + ops

    def rx_spirit_effect_mills(self, count, side, descr, *rest):
        filters = rest[0] if len(rest) == 3 else None
        if count != 1 or side != "you" or rest[-2] != 1:
            raise NotSupported("a discard watched on other than one effect of one of your spirits, one card")
        watch = self._target({}, "you", descr, filters)
        watch.pop("side", None)
        if watch.pop("type", "spirit") != "spirit":
            raise NotSupported("an effect on cards other than spirits")
        return {"trigger": "your_spirit_effect_mills_opponent", **({"watch": watch} if watch else {})}

    def rx_no_duplicate(self):  # ruling R-6: 〔Unstackable〕 (STD 12-3-2)
        return [{"_limit": "unstackable"}]

    def rx_colour_or(self, a, b):
        return {"colors": [str(a), str(b)]}

    def rx_to_trash(self, count, descr, filters=None):  # ruling R-7
        if count != 1 or descr.get("type") != "spirit":
            raise NotSupported("cards other than one spirit card placed into the trash")
        watch = self._target({}, "you", descr, filters)
        watch.pop("side", None)
        return {"trigger": "your_spirit_card_to_trash", **({"watch": watch} if watch else {})}
