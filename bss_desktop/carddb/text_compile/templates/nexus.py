"""Templates: nexuses, symbols and levels (CR 4-3, 4-9)."""
from __future__ import annotations

from lark import Token, v_args

from ..not_supported import NotSupported

GRAMMAR = r"""
// "your opponent's LV2 or LV3 spirits": levels next to each other, one range (CR 4-4)
%extend adjective: "lv" NUMBER "or lv" NUMBER                  -> adj_levels
// "spirits that are LV2": that level exactly
%extend filter: ("that is" | "that are") "lv" NUMBER            -> f_level_exact
// "spirits with one symbol": that many symbols, exactly (CR 2-8-3)
%extend filter: ("with" | "that has" | "that have") NUMBER ("symbol" | "symbols") -> f_symbols
// "spirits with no effects listed": cards whose text lists no effect and no keyword (docs/saga-rulings.md)
%extend filter: "with no effects listed"                        -> f_no_effects
// "place a core from the void onto each of your spirits with no effects listed"
%extend core_dest: "each of" owner descr filters                -> cd_each_filtered
// "select 1 of your opponent's spirits with 3000 or fewer BP, or 1 of their nexuses, and destroy it": one card of
// either kind (target key alternative)
either: count "of" owner descr filters?
%extend selection: amount "of" owner descr filters? "or" either -> sel_either
%extend select_act: "select" selection "," "or" either "," "and" verb_on_it -> select_either_act
// "nexuses that are not red": of none of these colours (CR 2-4-1-2)
%extend filter: ("that is not" | "that are not") COLOUR         -> f_not_colour
// symbols changed (CR 8-8): "treat this spirit as having two red symbols", "count this spirit's symbol as two red
// symbols", "this nexus gains a green symbol", "it gains one additional green symbol during this battle"
symbol_set: "treat" subject "as having" count COLOUR symbol_word duration?
          | ("treat" | "count") own_symbol "as" count COLOUR symbol_word duration? -> symbol_as
symbol_add: subject ("gains" | "gain") count "additional"? COLOUR symbol_word duration?
          | "this nexus" ("gains" | "gain") count "additional"? COLOUR symbol_word duration? -> symbol_add_this
own_symbol: "this spirit's symbol"                              -> poss_this
          | "this nexus's symbol"                               -> poss_this
symbol_word: "symbol" | "symbols"
%extend action: symbol_set | symbol_add
// "all of your red spirits gain 1000 BP and all of your green spirits gain 1000 BP": after "gain N BP", an "and"
// would otherwise be read as the start of "and <keyword>" only (gains_bp_and_keyword)
%extend action: subject ("gains" | "gain") NUMBER "bp" "and" statement -> bp_and_then
// "when you place a blue nexus": a nexus placed (CR 10-7-7)
%extend watch_event: "you place" count descr filters?            -> you_place
// "that are LV2 or higher"
%extend filter: ("that is" | "that are") "lv" NUMBER "or higher" -> f_level_min
// "all nexuses lose their LV1 effects and cannot regain them", "all LV1 nexuses lose their effects ..."
lose_effects: subject lose_what
            | "all" descr filters? lose_what                     -> lose_effects_any
lose_what: ("lose" | "loses") ("their" | "its") ("lv" NUMBER)? "effects" ("and cannot regain them")? duration?
%extend action: lose_effects
// "spirits with any effects listed"
%extend filter: "with any effects listed"                       -> f_effects_listed
// "During this turn, treat it as its highest level", "during this turn, treat it as LV3": the span written first
%extend level_set: duration ","? "treat" subject "as" ("its" | "their") "highest level" -> level_top_dur_first
                 | duration ","? "treat" subject "as lv" NUMBER -> level_set_dur_first
// "if you have 4 or more other LV1 spirits": as "if you control ..."
%extend condition: "you have" NUMBER "or more" descr filters?    -> c_have_min
// "select any number of your opponent's nexuses with a combined total of 7 or fewer cost" (CR 2-6: printed costs)
%extend selection: amount "of" owner descr "with a combined total of" NUMBER ("or fewer cost" | "or less cost") -> sel_total_cost
%extend selection: amount "of"? card_descr "with a combined total of" NUMBER ("or fewer cost" | "or less cost") place_from -> sel_trash_total_cost
// "return them to your opponent's hand": the hand of the spirits' owner (CR 4-2: the owner controls)
%extend hand_of: "your opponent's hand"
"""


class Rules:
    """Transformer methods of the rules in GRAMMAR (see templates/__init__.py)."""

    def adj_levels(self, a, b):
        lo, hi = sorted((int(a), int(b)))
        if hi - lo > 1:  # "LV1 or LV3" leaves LV2 out: no one range says it
            raise NotSupported("two levels that are not next to each other")
        return {"level_min": lo, "level_max": hi}

    def f_no_effects(self):
        return {"no_effects": True}

    def cd_each_filtered(self, side, descr, filters):
        return self._target({"all": True}, side, descr, filters)

    def either(self, count, side, descr, filters=None):
        return count, self._target({}, side, descr, filters)

    def sel_either(self, amount, side, descr, *rest):
        filters = rest[0] if len(rest) == 2 else None
        return self._either(self._target(amount, side, descr, filters), rest[-1])

    def select_either_act(self, sel, alt, verb):
        return self.select_act(self._either(sel, alt), verb)

    def _either(self, first, alt):
        count, other = alt
        if "alternative" in first:
            raise NotSupported("three kinds of card to select from")
        if count != 1 or any(k in first for k in ("count", "up_to", "any_number", "all")):
            raise NotSupported("one of two kinds of card, more than one card")
        if other.get("side", "opponent") != first.get("side", "opponent"):
            raise NotSupported("one card of either player's, of two kinds")
        other.pop("side", None)
        return {**first, "alternative": other}

    def f_not_colour(self, colour):
        return {"not_colors": [str(colour)]}

    def symbol_word(self, *_):
        return None

    def _symbol(self, subject, mode, count, colour, duration):
        if not 1 <= count <= 10:
            raise NotSupported(f"{count} symbols at once")
        if isinstance(subject, dict) and subject.get("symbols") is not None:
            raise NotSupported("symbols changed on the cards with so many symbols")
        return [{"symbol": {"target": subject, mode: [str(colour)] * count, "_duration": duration}}]

    def symbol_set(self, subject, count, colour, _w, duration=None):
        return self._symbol(subject, "set", count, colour, duration)

    def symbol_as(self, subject, count, colour, _w, duration=None):  # "its symbol as two": the one it prints
        return self._symbol(subject, "set", count, colour, duration)

    def symbol_add(self, subject, count, colour, _w, duration=None):
        return self._symbol(subject, "add", count, colour, duration)

    def symbol_add_this(self, count, colour, _w, duration=None):
        return self._symbol("this", "add", count, colour, duration)

    def bp_and_then(self, subject, number, ops):
        return self.bp_change(subject, number) + ops

    def you_place(self, count, descr, filters=None):
        if count != 1:
            raise NotSupported(f"placing {count} nexuses at once")
        watch = self._target({}, "you", descr, filters)
        watch.pop("side", None)
        if watch.pop("type", "spirit") != "nexus":
            raise NotSupported("placing something other than a nexus")
        return {"trigger": "your_nexus_placed", **({"watch": watch} if watch else {})}

    def f_level_min(self, n):
        return {"level_min": int(n)}

    def lose_what(self, *rest):
        level = next((int(r) for r in rest if isinstance(r, Token) and r.type == "NUMBER"), None)
        duration = next((r for r in rest if isinstance(r, str) and not isinstance(r, Token)), None)
        return level, duration

    def lose_effects_any(self, descr, *rest):
        filters = rest[0] if len(rest) == 2 else None
        return self.lose_effects(self._target({"all": True}, "any", descr, filters), rest[-1])

    def lose_effects(self, subject, what):
        level, duration = what
        if duration is not None:
            raise NotSupported("effects lost for a time (only while a constant effect is active)")
        if not isinstance(subject, dict) or subject.get("type") != "nexus" or not subject.get("all"):
            raise NotSupported("effects lost by cards other than all of some nexuses")
        return [{"lose_effects": {"target": subject, **({"level": level} if level is not None else {})}}]

    def f_effects_listed(self):
        return {"no_effects": False}

    def level_top_dur_first(self, duration, subject):
        return self.level_top(subject, duration)

    def level_set_dur_first(self, duration, subject, number):
        return self.level_set(subject, number, duration)

    def c_have_min(self, n, descr, filters=None):
        return self.c_control_min(n, descr, filters)

    def sel_total_cost(self, amount, side, descr, number):
        if amount != {"any_number": True} and "up_to" not in amount:
            raise NotSupported("a combined cost total with an exact count")
        t = self._target(amount, side, descr, None)
        t["total_cost_max"] = int(number)
        return t

    def sel_trash_total_cost(self, amount, descr, number, _from):
        t = self.sel_trash(amount, descr)
        if "any_number" not in t and "up_to" not in t:
            raise NotSupported("a combined cost total with an exact count")
        t["total_cost_max"] = int(number)
        return t

    def f_symbols(self, n):
        return {"symbols": int(n)}

    def f_level_exact(self, n):
        return {"level_min": int(n), "level_max": int(n)}


def _inline(cls):
    """Each method's children as arguments, as _Build's own have them: lark's v_args on _Build wraps only the methods
    _Build defines itself, never those of a mixin, so they are wrapped here, one by one."""
    for name, fn in list(vars(cls).items()):
        if not name.startswith("_") and callable(fn):
            setattr(cls, name, v_args(inline=True)(fn))
    return cls


_inline(Rules)
