"""Templates: amounts that are counted ("for each ...", "a number of ... equal to ...") and filters relative to another card ("BP equal to or fewer than this spirit", "costs more than the discarded card").

Counted when the effect resolves (rules/bss/counting.py; docs/saga-rulings.md "Counted amounts and relative
filters"): a selection "1 of ... for each ..." (ruling C-1), "for each spirit destroyed by this effect" (C-2),
"for every level this spirit has" (C-3), BP compared with this spirit's or the selected spirit's (C-4), "equal to
that spirit's cost" (C-5), "discard any number of cards" and the cards discarded (C-6), a count compared with the
opponent's (C-7), "draw cards until you have as many as your opponent" (C-8), "that spirit and all spirits that
cost the same" (C-9), "the number specified in its Gale effect" (C-10), "costs more than the card discarded by
this effect" (C-11), "for each symbol on the destroyed spirit" (C-12), "a maximum of N cards" (C-13). Filters on
the battle ("not currently attacking", "attacking or blocking") and on colours ("with only one color") are read
as the selection is made.
"""
from __future__ import annotations

from ..not_supported import NotSupported  # noqa: F401  (raised by the rules below)

GRAMMAR = r"""
%extend selection: amount "of" owner descr filters? per        -> sel_of_per

%extend per: ("for each" | "for every") descr "destroyed by this effect" -> per_destroyed_here
           | ("for each" | "for every") "of" owner descr "destroyed by this effect" -> per_destroyed_here_of
           | ("for each" | "for every") card_descr "discarded this way" -> per_discarded_way
           | ("for each" | "for every") card_descr ("you discarded" | "discarded") -> per_hand_discarded
           | ("for each" | "for every") "symbol on the destroyed spirit" -> per_destroyed_symbols

%extend action: counted_mill | counted_charge | equal_mill | discard_any | counted_remove | draw_as_many
%extend action: bounce_it_and_all | equal_charge | counted_gain | counted_draw_opponent | counted_bp_reduce

counted_gain: "place" count core_word "from the void into your" RESERVE_OR_TRASH per
counted_draw_opponent: "your opponent draws" count card_word per
// "reduce its BP by N for each <cards> you control <duration>": counted as it resolves
counted_bp_reduce: "reduce" possessive "bp by" NUMBER per duration?
// "You can discard a maximum of 12 cards with this effect.": a cap on the counted discard before it (ruling C-13)
%extend sentence: "you can discard a maximum of" NUMBER card_word "with this effect" -> most_milled
// "if 2 or more spirits are destroyed by this effect, ..." (ruling C-2)
%extend condition: NUMBER "or more" descr ("are" | "were") "destroyed by this effect" -> c_destroyed_here_min

// "place a number of cores from the void onto <it> equal to the number specified in its <keyword> effect" (C-10)
equal_charge: "place a number of cores from the void onto" core_dest "equal to the number specified in its" KEYWORD "effect"

// "return that spirit and all spirits that cost the same as that spirit to <hands>" (ruling C-9)
bounce_it_and_all: "return" it "and all" descr filters "to" hand_of

// "draw cards until you have the same number of cards in your hand as your opponent has in theirs" (ruling C-8)
draw_as_many: "draw cards until you have the same number of cards in your hand as your opponent has in theirs"

// "discard any number of cards" (ruling C-6); its words up to "of" are deck.py's "discard any number of them"
discard_any: "discard" viewed_amount "of cards" ("from your hand")?
// "place 1 core from that spirit into their trash for each card you discarded"
counted_remove: ("remove" | "place") count core_word "from" it "into" core_to per
// "For each card discarded, select 1 of your opponent's spirits.": the count written first (ruling C-6)
%extend sentence: ("for each" | "for every") card_descr ("you discarded" | "discarded") "," statement -> per_hand_first

// "discard a number of cards from the top of your opponent's deck equal to that spirit's cost" (ruling C-5)
equal_mill: "discard a number of cards from the top of" whose_deck "equal to" equal_what
equal_what: ("that spirit's cost" | "its cost" | "the cost of that spirit" | "the selected spirit's cost") -> equal_cost_it

counted_mill: "discard the top" count? card_word "of" whose_deck per
counted_charge: "place" count core_word "from the void" ("onto" | "on") core_dest per

%extend sentence: level_per "," select_act                    -> per_select_first
level_per: "for every level this spirit has"                  -> per_level_this

// "For each spirit card that costs 2 in your trash, remove a core from it ...": the count written first
%extend sentence: ("for each" | "for every") card_descr filters? "in your trash" "," statement -> per_trash_first
// "They are treated as LV1 during this turn.": the cards selected before
%extend sentence: "they are treated as" "being"? "lv" NUMBER duration? -> they_level_set

// "if the number of spirits you control is equal to or fewer than your opponent's" (ruling C-7)
%extend condition: "the number of" descr filters? "you control is equal to or fewer than" ("your opponent" | "your opponent's" | "theirs") -> c_count_vs_opponent
                 | "you have fewer cards in your hand than your opponent has in theirs" -> c_hand_below_opponent

%extend filter: "with only" NUMBER ("color" | "colors")        -> f_colors_only
              | "with bp equal to or fewer than" bp_ref        -> f_bp_at_most_ref
              | "with bp equal to or less than" bp_ref         -> f_bp_at_most_ref
              | "with bp equal to" bp_ref                      -> f_bp_equal_ref
              | "with fewer bp than" bp_ref                    -> f_bp_below_ref
              | "with less bp than" bp_ref                     -> f_bp_below_ref
              | ("that is" | "that are") "not currently attacking" -> f_not_attacking
              | ("that cost the same as" | "that costs the same as") it -> f_same_cost_it
              | ("that costs more than" | "that cost more than") "the card discarded by this effect" -> f_cost_above_discarded
bp_ref: ("this spirit's bp" | "this spirit")                   -> bp_ref_this
      | "this" NUMBER                                          -> bp_ref_this_one
      | "the selected" adjective* families? (kind_spirit | "spirit's bp") -> bp_ref_it
      | ("that spirit's bp" | "that spirit")                   -> bp_ref_it

%extend adjective: "attacking or blocking"                    -> adj_in_battle
"""


class Rules:
    # ---------------------------------------------------------------- "1 of ... for each ..." (ruling C-1)
    def sel_of_per(self, amount, side, descr, *rest):
        per = rest[-1]
        filters = rest[0] if len(rest) == 2 else None
        return self._per_selection(self._target(amount, side, descr, filters), per)

    def _per_selection(self, t: dict, per: dict) -> dict:
        if any(k in t for k in ("any_number", "all", "total_bp_max", "total_cost_max")) or t.get("count") == "X":
            raise NotSupported("a counted number of cards that is not a plain number")
        if per == {"cores": "this"}:
            raise NotSupported("cores counted on a card a selection names")
        return {**t, "for_each": per}

    def per_select_first(self, per, ops):
        """"For every level this spirit has, select 1 of your opponent's spirits ... and destroy it": one
        selection of that many (ruling C-3)."""
        if len(ops) != 1 or not isinstance(next(iter(ops[0].values())), dict):
            raise NotSupported("a counted selection followed by more than its own action")
        (op, sel), = ops[0].items()
        if op == "select" or "target" in sel:
            raise NotSupported("a counted selection whose action is not on the selected cards")
        return [{op: self._per_selection(sel, per)}]

    def per_trash_first(self, descr, *rest):
        """"For each spirit card ... in your trash, <one action with a number>": that number for each of them."""
        filters = rest[0] if len(rest) == 2 else None
        ops = rest[-1]
        if len(ops) != 1:
            raise NotSupported("a count written first for more than one action")
        (name, value), = ((k, v) for k, v in ops[0].items() if k not in ("may", "if_done", "if"))
        if not isinstance(value, dict) or "count" not in value or "for_each" in value or "keep" in value:
            raise NotSupported(f"'for each ...' on {name!r}")
        t = {**self._target({}, "you", descr, filters), "zone": "trash"}
        t.setdefault("type", "spirit")
        return [{**ops[0], name: {**value, "for_each": {"cards": t}}}]

    def they_level_set(self, number, duration=None):  # "They are treated as LV1 during this turn."
        return self.level_set("it", number, duration)

    # ---------------------------------------------------------------- what is counted
    def per_destroyed_here(self, descr):  # "for each spirit destroyed by this effect" (ruling C-2)
        if descr != {"type": "spirit"}:
            raise NotSupported("destroyed cards of a kind counted")
        return {"destroyed_by_this": {"side": "any"}}

    def per_destroyed_here_of(self, side, descr):  # "for each of your opponent's spirits destroyed by this effect"
        if descr != {"type": "spirit"}:
            raise NotSupported("destroyed cards of a kind counted")
        return {"destroyed_by_this": {"side": side}}

    def per_discarded_way(self, descr):  # "for each spirit card discarded this way": the effect's last mill
        if descr.get("type") not in ("spirit", "magic", "nexus", "any"):
            raise NotSupported("discarded cards of that kind")
        return {"discarded": descr}

    def per_hand_discarded(self, descr):  # "for each card you discarded": from a hand, by this effect (ruling C-6)
        return {"discarded_from_hand": descr}

    def per_hand_first(self, descr, ops):
        """"For each card discarded, select 1 ...": the first directive's selection, or number, counted."""
        per = self.per_hand_discarded(descr)
        if not ops:
            raise NotSupported("nothing after the count")
        (name, value), = ((k, v) for k, v in ops[0].items() if k not in ("may", "if_done", "if"))
        if not isinstance(value, dict):
            raise NotSupported(f"'for each ...' on {name!r}")
        if "target" not in value and name in ("select", "destroy", "exhaust", "refresh", "bounce"):
            value = self._per_selection(value, per)
        elif "count" in value and "for_each" not in value and "keep" not in value:
            value = {**value, "for_each": per}
        else:
            raise NotSupported(f"'for each ...' on {name!r}")
        return [{**ops[0], name: value}] + ops[1:]

    def per_level_this(self):  # "for every level this spirit has" (ruling C-3)
        return {"level": "this"}

    # ---------------------------------------------------------------- amounts counted
    def counted_mill(self, *args):
        per = args[-1]
        ops = self.mill(*args[:-1])
        ops[0]["mill"]["for_each"] = per
        return ops

    def counted_charge(self, count, _w, dest, per):
        if per.get("cores") == "this":
            raise NotSupported("cores counted on the card that gets them")
        return [{"core_charge": {"target": dest, "count": count, "for_each": per}}]

    def discard_any(self, amount, *_):  # "discard any number of cards" (ruling C-6)
        if amount != {"any_number": True}:
            raise NotSupported("a discard of up to N cards")
        return [{"discard": {"any_number": True}}]

    def counted_remove(self, count, _w, _it, to, per):
        return [{"core_remove": {"target": "it", **self._core_to(count, to), "for_each": per}}]

    def bounce_it_and_all(self, _it, descr, filters, _hand):
        """"Return that spirit and all spirits that cost the same as that spirit ...": that spirit is one of them, so
        one return of all of them at once (ruling C-9)."""
        t = self._target({"all": True}, "any", descr, filters)
        if t.get("same_cost") != "it" or set(t) - {"side", "all", "same_cost", "type"}:
            raise NotSupported("'that spirit and all ...' other than all that cost the same as it")
        return [{"bounce": t}]

    def equal_charge(self, dest, kw):
        """The number on the card the cores go onto: "that spirit" in an effect triggered by one of several spirits
        (the vocabulary refuses it elsewhere), or this spirit (ruling C-10)."""
        word = str(kw)
        if word not in ("gale", "raid", "crush"):
            raise NotSupported(f"the number of {word}")
        of = {"it": "trigger", "this": "this"}.get(dest) if isinstance(dest, str) else None
        if of is None:
            raise NotSupported("a keyword's number on cards a selection names")
        return [{"core_charge": {"target": dest, "count": 1,
                                 "for_each": {"keyword_value": {"keyword": word, "of": of}}}}]

    def counted_gain(self, count, _w, where, per):
        return [{"core_gain": {"count": count, "to": str(where), "for_each": per}}]

    def most_milled(self, n, _w):  # joined to the counted discard from a deck before it (__init__._assemble)
        return [{"_amend": {"_of": "mill", "most": int(n)}}]

    def counted_draw_opponent(self, count, _w, per):  # "your opponent draws 2 cards for each ..."
        return [{"draw": {"count": count, "side": "opponent", "for_each": per}}]

    def counted_bp_reduce(self, subject, number, per, duration=None):
        out = self.bp_reduce(subject, number, duration)
        out[0]["bp"]["for_each"] = per
        return out

    def per_destroyed_symbols(self):  # "for each symbol on the destroyed spirit" (ruling C-12)
        return {"destroyed_symbols": {}}

    def c_destroyed_here_min(self, n, descr):
        if descr != {"type": "spirit"}:
            raise NotSupported("destroyed cards of a kind counted")
        return {"count": {"destroyed_by_this": {"side": "any"}}, "count_min": int(n)}

    def draw_as_many(self):  # as many as the opponent's hand holds when it resolves (ruling C-8)
        return [{"draw": {"until_as": {"cards": {"side": "opponent", "zone": "hand", "type": "any"}}}}]

    def equal_mill(self, side, per):  # as many as the number counted: 1 for each (ruling C-5)
        return [{"mill": {"count": 1, "side": side, "for_each": per}}]

    def equal_cost_it(self, *_):
        return {"cost": "it"}

    def c_count_vs_opponent(self, descr, *rest):  # the same cards counted on each side (ruling C-7)
        filters = rest[0] if rest and isinstance(rest[0], list) else None
        mine = self._target({}, "you", descr, filters)
        mine.setdefault("type", "spirit")
        theirs = {**mine, "side": "opponent"}
        return {"count": {"cards": mine}, "count_vs": {"cmp": "at_most", "count": {"cards": theirs}}}

    def c_hand_below_opponent(self):  # "if you have fewer cards in your hand than your opponent has in theirs"
        return {"count": {"cards": {"zone": "hand", "type": "any", "side": "you"}},
                "count_vs": {"cmp": "below", "count": {"cards": {"zone": "hand", "type": "any", "side": "opponent"}}}}

    # ---------------------------------------------------------------- filters
    def f_colors_only(self, n):  # "with only one color" (CR 2-4)
        if int(n) != 1:
            raise NotSupported("only N colours, N other than one")
        return {"colors_max": 1}

    def f_bp_at_most_ref(self, ref):  # "with BP equal to or fewer than this spirit" (ruling C-4)
        return {"bp_vs": {"of": ref, "cmp": "at_most"}}

    def f_bp_equal_ref(self, ref):
        return {"bp_vs": {"of": ref, "cmp": "equal"}}

    def f_bp_below_ref(self, ref):
        return {"bp_vs": {"of": ref, "cmp": "below"}}

    def bp_ref_this(self, *_):
        return "this"

    def bp_ref_this_one(self, n):  # "this one" (normalised "this 1")
        if int(n) != 1:
            raise NotSupported("'this N' other than this one")
        return "this"

    def bp_ref_it(self, *_):
        return "it"

    def f_same_cost_it(self, _it):  # "that cost the same as that spirit" (ruling C-9)
        return {"same_cost": "it"}

    def f_cost_above_discarded(self):  # ruling C-11
        return {"cost_vs": {"of": "discarded_from_hand", "cmp": "above"}}

    def f_not_attacking(self):  # "that is not currently attacking" (CR 7-1)
        return {"attacking": False}

    def adj_in_battle(self):  # "your attacking or blocking spirits" (CR 7-1)
        return {"in_battle": True}
