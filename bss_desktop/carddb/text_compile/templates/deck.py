"""Templates: the top and bottom of a deck, looking, revealing, the trash (CR 12-2)."""
from __future__ import annotations

from lark import v_args

from ..not_supported import NotSupported

GRAMMAR = r"""
// ---------------------------------------------------------------- the revealed cards (CR 12-2)
%extend sentence: "then" ","? "reveal the top" count? card_word "of your deck"      -> then_reveal
                | "add" take filters "from" "among"? "the revealed cards to your hand" -> add_revealed_filtered
                | "you may add" take filters? "from" "among"? "the revealed cards to your hand" -> may_add_revealed
                | "if you add a card to your hand with this effect" ","? statement -> if_added
                | "reveal" take "from the top of your deck" per                 -> reveal_per
                | "you may reveal the top" count? card_word "of your deck"    -> may_reveal
                | "if" condition ","? "reveal the top" count? card_word "instead" -> reveal_instead
                | "if it has the same cost as any of your spirits" "," "add it to your hand" -> take_if_same_cost
%extend filter: ("with" | "that has") "the same cost as any of your spirits" -> f_same_cost
              | "with" NUMBER "or more colors"                  -> f_colors_min
              | "other than" (WORD | FAMILY)+                   -> f_name_not
%extend sentence: "reveal the top" count? card_word "of your deck" "when" watch_event -> reveal_when
%extend action: "discard" count card_descr "from the top of" whose_deck -> mill_from_top
%extend whose_deck: "their deck"                                -> deck_opponent
%extend cost_part: "discard" count card_descr filters ("from your hand")? -> cost_discard_filtered
%extend condition: "you have" NUMBER "or more" card_descr filters? "in your trash" -> c_trash_min
%extend verb_on_it: "add" it "to your hand"                     -> add_it_on

// ---------------------------------------------------------------- viewed cards (CR 12-3-1, 12-2-1)
%extend sentence: "view the top" count? card_word "of your deck"                      -> view
                | "reveal" take filters? "from the cards you viewed and add" it "to your hand" -> take_viewed
                | "you may" ("place" | "put") viewed_amount "of them" ("at" | "on" | "to") "the bottom of your deck" ("in any order")? -> may_bottom_viewed
                | "view the top" card_word "of your deck and return it to either the top or the bottom of your deck" -> view_top_or_bottom
                | "look at the top" count? card_word "of your deck"            -> view
                | "if" condition ","? ("view" | "look at") "the top" count? card_word "of your deck" -> if_view
                | "if" condition ","? "reveal the top" count? card_word "of your deck" -> if_reveal
                | "discard" viewed_amount "of them"                            -> discard_viewed
                | "you may" ("place" | "put") amount card_descr filters? "from the revealed cards" ("on" | "to") "the"? "top of your deck" -> may_top_revealed
                | "return the viewed card to the top of your deck or discard it" -> top_or_discard_viewed
                | "view the top" card_word "of your deck" ","? "then return it to the top of your deck" -> view_keep_top
viewed_amount: "any number"                                    -> amount_any
             | "up to" count                                   -> amount_up_to

// ---------------------------------------------------------------- the discarded cards (CR 3-4-1; ruling, deck)
%extend condition: count card_descr filters? ("is among" | "are among") "the discarded cards" -> c_among_discarded
                 | "no" card_descr filters? ("is among" | "are among") "the discarded cards" -> c_none_discarded
%extend action: draw_per_discarded | add_discarded | return_from_them | recover_same_cost
draw_per_discarded: "draw" count card_word "for each" card_descr filters? "among the discarded cards"
add_discarded: "add" take filters? "from the discarded cards to your hand"
return_from_them: "return" take filters? "from them to your hand"
recover_same_cost: "return" take "from your trash to your hand" same_as_it
                 | "return all" card_descr "from your trash to your hand" same_as_it -> recover_all_same_cost
same_as_it: ("that cost" | "that costs") "the same as" ("that spirit" | "it" | "the selected spirit")

// ---------------------------------------------------------------- summoning a selected card (CR 10-6, 10-7)
%extend action: summon_paid
%extend then_on_it: summon_paid
summon_paid: ("summon" | "place") it                          -> summon_paying
           | ("summon" | "place") it "exhausted"               -> summon_paying_exhausted
           | "summon" it "exhausted" free_cost                 -> summon_exhausted_free

// ---------------------------------------------------------------- cores from the trash (CR 3-4-1, 8-5-6)
%extend action: trash_cores_onto | trash_cores_to_reserve
trash_cores_onto: "place" count core_word "from your trash" not_soul? ("onto" | "on") core_dest
trash_cores_to_reserve: "place" count core_word "from your trash" not_soul? "into your reserve"
not_soul: ("that are not a" | "that is not a") QUOTED

// ---------------------------------------------------------------- cards to the bottom of the deck (CR 3-2)
%extend action: hand_to_bottom | their_top_or_bottom
their_top_or_bottom: "your opponent returns" it "to either the top or" "the"? "bottom of their deck"
hand_to_bottom: "return" count card_word "from your hand to the bottom of your deck" ("in any order")?
%extend selection: amount "of" card_descr filters? place_from filters? -> sel_trash_amount_of
"""


_inline = v_args(inline=True)  # lark's class decorator on _Build skips inherited methods: each is decorated here


class Rules:
    """Transformer methods of the rules in GRAMMAR (see templates/__init__.py)."""

    # ---------------------------------------------------------------- the revealed cards
    @_inline
    def then_reveal(self, *args):  # "Draw 2 cards. Then, reveal the top 3 cards ...": goes with what came before
        return [{**self.reveal(*args)[0], "_then": True}]

    @_inline
    def add_revealed_filtered(self, take, filters):  # "add all spirit cards with Swift from the revealed cards"
        t = dict(take)
        for f in filters:
            for k, v in f.items():
                if k in t:
                    raise NotSupported(f"two '{k}' filters")
                t[k] = v
        return [{"_take": t}]

    @_inline
    def may_add_revealed(self, take, filters=None):  # "you may add 1 ...": up to that many (CR 8-1-8, 8-5-3-2)
        t = dict(take)
        if set(t) & {"all", "any_number", "up_to"}:
            raise NotSupported("'you may add' with a number that is not exact")
        t["up_to"] = t.pop("count")
        return self.add_revealed_filtered(t, filters or [])

    @_inline
    def reveal_per(self, take, per):  # "reveal 1 card from the top of your deck for each ...": counted as it resolves
        if set(take) != {"type", "count"} or take["type"] != "any":
            raise NotSupported("revealing cards of a kind from the top of a deck")
        if "cards" not in per:
            raise NotSupported("revealing cards for each of something other than cards")
        return [{"_reveal": take["count"], "_search": {"for_each": per}}]

    @_inline
    def take_if_same_cost(self):  # "Reveal the top card ... If it has the same cost as any of your spirits, add it"
        return [{"_take": {"type": "any", "count": 1, "same_cost": "your_spirits"}}]

    @_inline
    def f_same_cost(self):
        return {"same_cost": "your_spirits"}

    @_inline
    def f_name_not(self, *words):  # "a Stoneback card other than Stone Pup": not a card of that card name (CR 2-1)
        # a word the import knows as a family name came through as one (f0 ...): its own spelling, the rest titled
        return {"name_not": " ".join(self.norm.families[int(str(w)[1:])] if w.type == "FAMILY" else str(w).title()
                                     for w in words)}

    @_inline
    def f_colors_min(self, n):  # "a magic card with 2 or more colors"
        if int(n) < 2:
            raise NotSupported("1 or more colors: every card has one")
        return {"colors_min": int(n)}

    @_inline
    def reveal_instead(self, cond, *args):  # "If ..., reveal the top 5 cards instead.": after the search it changes
        return [{"_search_after": {"instead": {"if": cond, "look": self.reveal(*args)[0]["_reveal"]}}}]

    @_inline
    def may_reveal(self, *args):  # "you may reveal the top 3 cards of your deck": the whole search is optional
        return [{**self.reveal(*args)[0], "may": True}]

    @_inline
    def c_trash_min(self, n, descr, filters=None):  # "if you have 10 or more Stoneback cards in your trash"
        t = {**self._target({}, "you", descr, filters), "zone": "trash"}
        return {"count": {"cards": t}, "count_min": int(n)}

    @_inline
    def add_it_on(self, _it):  # "select a magic card from your trash and add it to your hand"
        return ("bounce", {})

    @_inline
    def reveal_when(self, *args):  # "Reveal the top 2 cards of your deck when ...": the trigger the text writes
        return [{"_trigger": args[-1]}] + self.reveal(*args[:-1])

    @_inline
    def cost_discard_filtered(self, count, descr, filters):  # "you may discard a spirit card that costs 1 to ..."
        t = dict(descr)
        for f in filters:
            for k, v in f.items():
                if k in t:
                    raise NotSupported(f"two '{k}' filters")
                t[k] = v
        return self.cost_discard_of(count, t)

    @_inline
    def if_added(self, ops):  # "if you add a card to your hand with this effect, ...": the search took one
        return [{**ops[0], "if_done": True, "_after": "search"}] + ops[1:]

    @_inline
    def mill_from_top(self, count, descr, side):  # "discard 4 cards from the top of your deck": "discard the top 4"
        if descr != {"type": "any"}:
            raise NotSupported("discarding cards of a kind from the top of a deck")
        return self.mill(count, None, side)

    # ---------------------------------------------------------------- viewed cards
    @_inline
    def view(self, *args):  # "view the top N cards of your deck": only you see them (CR 12-3-1)
        return [{**self.reveal(*args)[0], "_search": {"reveal": False}}]

    @_inline
    def take_viewed(self, take, *rest):  # "reveal 1 magic card from the cards you viewed and add it to your hand"
        filters = next((r for r in rest if isinstance(r, list)), [])
        if set(take) & {"all", "any_number"}:
            raise NotSupported("revealing all or any number of the viewed cards")
        return self.add_revealed_filtered(take, filters)

    @_inline
    def may_bottom_viewed(self, amount):  # "you may place any number of them on the bottom of your deck"
        return [{"_take": {"type": "any", **amount}, "_search": {"to": "bottom"}}]

    @_inline
    def if_view(self, cond, *args):  # "If ..., look at the top 2 cards of your deck.": the search goes with it
        return [{**op, "if": cond} for op in self.view(*args)]

    @_inline
    def if_reveal(self, cond, *args):
        return [{**op, "if": cond} for op in self.reveal(*args)]

    @_inline
    def view_top_or_bottom(self, _w):  # the top card, seen by you alone, stays on top or goes under the deck
        return [{"_reveal": 1, "_search": {"reveal": False}}, {"_take": {"type": "any", "up_to": 1},
                                                              "_search": {"to": "bottom"}}, {"_rest": "top"}]

    # ---------------------------------------------------------------- the discarded cards
    def _discarded(self, descr, filters) -> dict:
        t = dict(descr)
        for f in filters or []:
            for k, v in f.items():
                if k in t:
                    raise NotSupported(f"two '{k}' filters")
                t[k] = v
        return t

    @_inline
    def c_among_discarded(self, count, descr, filters=None):  # "if a Stoneback card is among the discarded cards"
        return {"count": {"discarded": self._discarded(descr, filters)}, "count_min": count}

    @_inline
    def c_none_discarded(self, descr, filters=None):  # "if no magic cards are among the discarded cards"
        return {"count": {"discarded": self._discarded(descr, filters)}, "count_max": 0}

    @_inline
    def draw_per_discarded(self, count, _w, descr, filters=None):  # "draw a card for each ... among the discarded"
        return [{"draw": {"count": count, "for_each": {"discarded": self._discarded(descr, filters)}}}]

    @_inline
    def add_discarded(self, take, filters=None):  # "add 1 ... from the discarded cards to your hand"
        t = self._discarded(take, filters)
        if t.get("type") == "any":
            del t["type"]
        return [{"recover": {**t, "among": "discarded"}}]

    @_inline
    def recover_same_cost(self, take, _it=None):  # "return all magic cards from your trash to your hand that cost the
        t = {k: v for k, v in take.items() if not (k == "type" and v == "any")}  # same as that spirit"
        return [{"recover": {**t, "same_cost": "it"}}]

    @_inline
    def recover_all_same_cost(self, descr, _it=None):
        return self.recover_same_cost({**descr, "all": True})

    @_inline
    def same_as_it(self, *_):
        return None

    @_inline
    def return_from_them(self, take, filters=None):  # "discard the top N cards of your deck and return 1 ... from
        return [{**self.add_discarded(take, filters)[0], "_after": "mill"}]  # them to your hand": what it discarded

    @_inline
    def discard_viewed(self, amount):  # "discard any number of them": from the deck into the trash
        return [{"_take": {"type": "any", **amount}, "_search": {"to": "trash"}}]

    @_inline
    def may_top_revealed(self, amount, descr, filters=None):  # "you may place a magic card from the revealed cards
        if set(amount) - {"count"}:                                 # on top of your deck"
            raise NotSupported("'you may place' with a number that is not exact")
        t = self.add_revealed_filtered({**descr, "up_to": amount.get("count", 1)}, filters or [])[0]
        return [{**t, "_search": {"to": "top"}}]

    @_inline
    def view_keep_top(self, _w):  # "view the top card of your deck, then return it to the top": seen, and it stays
        return [{"_reveal": 1, "_search": {"reveal": False}}, {"_take": {"type": "any", "up_to": 1},
                                                              "_search": {"to": "top"}}, {"_rest": "top"}]

    @_inline
    def top_or_discard_viewed(self):  # the viewed card: discarded, or back on top
        return [{"_take": {"type": "any", "up_to": 1}, "_search": {"to": "trash"}}, {"_rest": "top"}]

    # ---------------------------------------------------------------- summoning a selected card
    @_inline
    def summon_paying(self, _it):  # "summon it": as any summon, its cost paid (CR 10-6-6, 10-6-7)
        return [{"summon": "it", "_summon": {"pay": True}}]

    @_inline
    def summon_paying_exhausted(self, _it):  # "summon it exhausted": placed exhausted (CR 3-5-3)
        return [{"summon": "it", "_summon": {"pay": True, "exhausted": True}}]

    @_inline
    def summon_exhausted_free(self, _it, _free):  # "summon it exhausted without paying its cost"
        return [{"summon": "it", "_summon": {"exhausted": True}}]

    # ---------------------------------------------------------------- cores from the trash
    @_inline
    def not_soul(self, q):  # "... that are not a Soul Core"
        self._soul(q, "cores that are not something other than the soul core")
        return {"soul_core": False}

    @_inline
    def trash_cores_onto(self, count, _w, *rest):
        dest = rest[-1]
        if dest not in ("it", "this"):
            raise NotSupported("cores from your trash onto several cards")
        return [{"core_charge": {"target": dest, "count": count, "from": "trash", **_no_soul(rest)}}]

    @_inline
    def trash_cores_to_reserve(self, count, _w, *rest):
        return [{"core_gain": {"count": count, "from": "trash", **_no_soul(rest)}}]

    # ---------------------------------------------------------------- cards to the bottom of the deck
    @_inline
    def hand_to_bottom(self, count, _w):  # your own hand: you choose them, and so their order (CR 3-2)
        return [{"to_deck_bottom": {"side": "you", "zone": "hand", "type": "any", **({"count": count} if count != 1
                                                                                       else {})}}]

    @_inline
    def their_top_or_bottom(self, _it):  # "your opponent returns it to either the top or bottom of their deck"
        return [{"to_deck_top": {"target": "it", "or_bottom": "owner"}}]

    @_inline
    def sel_trash_amount_of(self, amount, descr, *rest):  # "select any number of cards from your trash"
        return self.sel_trash(amount, descr, *rest)


def _no_soul(rest) -> dict:
    return next((r for r in rest if isinstance(r, dict)), {})
