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

// a template real cards use: "all of your <cards> gain a {<colour>_symbol} reduction symbol" (CR 2-7)
%extend action: reduction_gain
reduction_gain: "all of" owner card_descr ("gain" | "gains") "a" SYMBOL_ICON "reduction symbol"
SYMBOL_ICON.2: /\{(red|purple|green|white|yellow|blue)_symbol\}/

// "if <the soul core paid>, select a spirit with N or fewer BP instead" / "..., it gains N BP instead": the sentence
// before it, changed when the condition holds (see `instead`)
%extend sentence: "if" condition ","? action "instead"              -> if_instead

// "when you summon a spirit and spend the soul core as part of its summoning cost" / "when you spend the soul core
// as part of a magic card's cost": the trigger, and its condition on that card's payment (CR 10-6-6, 10-8-6)
%extend watch_event: "you summon" count descr filters? "and spend a" QUOTED "as part of its summoning cost" -> you_summon_soul
                   | "you spend a" QUOTED "as part of a magic card's cost"     -> you_use_soul

// "this card costs N in your hand if/when ..." / "when summoning this card, if ..., this card costs N" / "when using
// this magic card, it costs N if ...": its own cost, determined in the hand (CR 10-6-4, 10-8-4)
%extend action: cost_in_hand
cost_in_hand: "this card costs" NUMBER "in your hand"
%extend sentence: "when summoning this card" "," "if" condition "," "this card costs" NUMBER -> cost_in_hand_summoning
                | "when using this magic card" "," "it costs" NUMBER "if" condition    -> cost_in_hand_using
%extend condition: "you use it during your main step"                 -> c_main_use
                 | "your opponent has a burst card set"               -> c_opp_burst
                 | "you have a burst card set"                        -> c_burst

// "<spirits> cannot attack unless they pay N core": an attack's cost (Tax-1)
// (a sentence after the whole statement, as timing.py's "... unless N ... has been destroyed this turn": both shift
// "unless" after the statement, so neither hides the other)
%extend sentence: statement "unless they pay" count core_word -> cannot_unless_pay

// "reduce the cost of the first <magic card> you use each turn by N" / "reduce the cost of the next <magic card> you
// use from your hand this turn by N" (docs/saga-rulings.md, Costs: Next-1)
%extend action: first_magic_cheaper | next_magic_cheaper
first_magic_cheaper: "reduce the cost of the first" card_descr "you use each turn by" NUMBER
next_magic_cheaper: "reduce the cost of the next" card_descr "you use from your hand this turn by" NUMBER

// "when you use a magic card, count each symbol on your <spirits> as N symbols [when calculating cost reduction]" /
// "while summoning a <card>, count each symbol on this spirit as N symbols" / "..., count the symbol on this nexus
// as N <colour> symbols" / "..., treat this spirit's symbol as N <colour> symbols" (docs/saga-rulings.md, Sym-1)
%extend sentence: "when" watch_event "," symbols_counted                -> symbols_when_used
                | "while summoning" count card_descr filters? ("from your hand")? "," symbols_counted -> symbols_while_summoning
                | "while summoning" count descr filters? ("from your hand")? "," symbols_counted -> symbols_while_summoning
symbols_counted: "count each symbol on" symbols_of "as" NUMBER "symbols" ("when calculating cost reduction")? -> counted_as
               | "count the symbol on" symbols_of "as" NUMBER COLOUR "symbols" ("when calculating cost reduction")? -> counted_as
               | "treat" symbols_whose "symbol as" NUMBER COLOUR "symbols" ("when calculating cost reduction")? -> counted_as
symbols_of: "this spirit"                                              -> sym_this
          | "this nexus"                                               -> sym_this
          | "your" descr                                               -> sym_yours
symbols_whose: "this spirit's"                                         -> sym_this
             | "this nexus's"                                          -> sym_this

// "if <condition>, you may <destroy/exhaust/discard ...> to <do>": under a condition, something the player may do,
// and what follows only if they do
%extend sentence: "if" condition ","? "you may" cost_part "to" statement -> if_may_do
// ... and after "at the start of the step," / "when ...,"
%extend after_when: "if" condition ","? "you may" cost_part "to" statement -> if_may_do

// "you may pay N of this spirit's cores for it to gain N BP [and <keyword>] [during this turn]": cores paid from
// this spirit (to the trash, CR 3-4-1, 8-4-2), and "it" is the spirit that paid them (Costs: Pay-1)
%extend cost_part: "pay" count "of this spirit's cores"                -> cost_pay_own_cores
%extend sentence: "you may" cost_part "for it to" own_gain               -> may_cost_for_it
own_gain: ("gain" | "gains") NUMBER "bp and" KEYWORD duration?           -> own_gain_bp_kw
        | ("gain" | "gains") NUMBER "bp" duration?                       -> own_gain_bp
        | ("gain" | "gains") KEYWORD duration?                           -> own_gain_kw

// "you may discard N cards from the top of your deck to ...": the cards discarded from your deck as the cost
// (CR 10-2-1, 8-4-2-3; Costs: Mill-1)
%extend cost_part: "discard" count card_descr "from the top of your deck"  -> cost_mill

// "you may pay a "Soul Core" to ...", "you may pay 1 soul core to ...", "you may pay this spirit's "Soul Core" to
// ...": the soul core itself paid (Costs: Soul-1)
%extend cost_part: "pay" count QUOTED                                    -> cost_pay_soul
                 | "pay" count "soul" core_word                          -> cost_pay_soul_plain
                 | "pay this spirit's" QUOTED                            -> cost_pay_soul_this

// "you may remove all but N cores from this spirit and place them into your reserve to ...": this spirit's cores
// beyond N (Costs: Keep-1); "you may return N of your <nexuses> to the bottom of your deck to ...": cards of yours
// returned as the cost (Costs: Bottom-1)
%extend cost_part: "remove all but" count core_word "from this spirit and place them into your reserve" -> cost_keep_this
                 | "return" count "of your" descr filters? "to the bottom of your deck"         -> cost_to_bottom

// "you may exhaust 1 of your token spirits or nexuses to ...": one refreshed card of yours of either kind (target key
// alternative, as nexus.py's "1 of A, or 1 of B")
%extend cost_part: "exhaust" count "of your" descr filters? "or" kind_word  -> cost_exhaust_either

// "summon this card from your trash [exhausted] without paying its cost": a destroyed card's own effect (its trigger
// checked as "return this card to your hand"'s, CR 10-15-1; Costs: Revive-1)
%extend action: ("summon" | "place") "this card from your trash" free_cost -> summon_this_from_trash
              | ("summon" | "place") "this card from your trash exhausted" free_cost -> summon_this_exhausted
// "place/summon this card without paying its cost" in a spirit or nexus card's burst: from the burst area (the
// vocabulary refuses it in any other effect; Costs: Burst-1)
              | ("summon" | "place") "this card" free_cost                      -> summon_this_burst

// the revealed card by its cost: "reveal the top card of your deck. if it costs N, add it to your hand. if it does
// not, discard it." (one search, CR 12-2), and "place/summon a <card> that costs N or fewer from the revealed cards
// without paying its cost": taken onto the field, its LV1 cores from the reserve (CR 10-6-1, 10-7-1)
%extend sentence: "if it costs" NUMBER "," "add it to your hand"        -> take_if_costs
                | "if it does not" ","? rest_it                         -> rest
%extend action: ("place" | "summon") amount card_descr filters? "from" "among"? "the revealed cards" free_cost -> revealed_free

// "you may place all [the] cores from 1 of your <spirits> onto this spirit to ...": another spirit's cores moved onto
// this one as the cost (Costs: Onto-1)
%extend cost_part: "place all" "the"? "cores from" count "of your" descr filters? "onto this spirit" -> cost_cores_onto_this

// "[if <condition>, ]you may treat all of this card's reduction symbols as fulfilled when summoning this card from
// your hand": its own reduction in the hand (Costs: Full-1)
%extend action: "you may treat all of this card's reduction symbols as fulfilled when summoning this card from your hand" -> full_reduction

// "summon a <card> from your hand by using cores from your reserve to pay its cost and place cores onto it": paid
// as from the hand, from the reserve only (Costs: Reserve-1)
%extend action: "summon" amount card_descr filters? "from your hand by using cores from your reserve to pay its cost and place cores onto it" -> summon_from_reserve

// "summon a <card> from your hand/trash": summoned by the effect as from the hand, its cost paid (CR 10-6-2 to 10-6-7: the
// summoning the text names, "without paying its cost" the only way to skip the payment; Costs: Paid-1)
%extend action: "summon" amount card_descr filters? from_zone                -> summon_paid

// "you may return 1 of your spirits to your hand. if you do, reveal the top N cards of your deck. you may summon up
// to N spirit cards with agile from the revealed cards ...": your own card back to the hand, the reveal after it
// only if it went (CR 8-4-1's "no X, no Y" as the text says it), and 【Agile】 as a filter (Costs: Agile)
%extend action: "return" count "of your" descr filters? "to your hand"     -> return_own_to_hand
%extend sentence: "if you do" ","? "reveal the top" count? card_word "of your deck" -> if_done_reveal
%extend filter: "with agile"                                               -> f_agile

// "you may place N cores from this spirit into your trash to ...": paid to the trash (Costs: Pay-1); "when you
// destroy a spirit with this effect, if <condition>, ...": the core's "if you destroy ... with this effect" under a
// condition of its own
%extend cost_part: "place" count core_word "from this spirit into your trash" -> cost_pay_own_cores
%extend sentence: "when you destroy" destroyed? "with this effect" "," "if" condition ","? statement -> when_destroyed_if

// "... to make your opponent select N of their spirits and destroy/exhaust it": they choose among their own
// spirits (CR 8-5-3), as "your opponent selects N of their spirits and destroys it" says
%extend action: "your opponent select" selection "and" their_order it    -> their_select_act
their_order: "destroy"                                                   -> v_destroy
           | "exhaust"                                                   -> v_exhaust
"""


def instead(ops: list[dict]) -> list[dict] | str:
    """Each "... instead" sentence (`_instead`: its directive and condition) folded into the directive before it:
    that one under the opposite condition, and a copy changed as the sentence says under the condition. Only a
    condition on the soul core's payment, whose opposite the vocabulary says (CR 10-6-6), and only a change of a
    selection's filters (its card chosen the same way) or of the number a BP change adds. A reason string when the
    sentence can't be folded so."""
    out: list[dict] = []
    for op in ops:
        if "_instead" not in op:
            out.append(op)
            continue
        cond, (new,) = op["if"], op["_instead"]
        if set(cond) != {"soul_paid"}:
            return "'... instead' under a condition other than the soul core's payment"
        if not out or len(set(out[-1]) - {"may"}) != 1:
            return "'... instead' after a directive with conditions of its own"
        old = out.pop()
        name = next(k for k in old if k != "may")
        changed = _changed(name, old[name], new)
        if isinstance(changed, str):
            return changed
        out.append({**old, "if": {"soul_paid": not cond["soul_paid"]}})
        out.append({**old, name: changed, "if": dict(cond)})
    return out


def own_cost_only(sentences) -> bool:
    """Whether an effect's sentences only say its card's own cost in the hand: on a magic card such an effect is a
    constant one, not its magic effect (it works from the hand, docs/saga-rulings.md, Costs: Own-1)."""
    ops = [op for s in sentences for op in s.ops]
    return bool(ops) and all(isinstance(op.get("cost"), dict) and op["cost"].get("target") == "this" for op in ops)


_FILTERS = ("bp_max", "bp_min", "cost_max", "cost_min", "cores_max", "cores_min", "level_max")
_SELECTING = ("destroy", "exhaust", "refresh", "bounce", "to_deck_bottom", "to_deck_top")  # act on what they select


def _changed(name: str, old, new: dict):
    """The directive value `old` of `name`, changed as the "instead" sentence's directive `new` says."""
    if "select" in new and name in _SELECTING and isinstance(old, dict):
        sel = dict(new["select"])
        sel.pop("side", None)  # "select a spirit ... instead": the same selection, whose side the first one says
        if sel.get("type", "spirit") != old.get("type", "spirit") or set(sel) - {"type"} - set(_FILTERS):
            return "'select ... instead' that changes more than a filter of the selection"
        if not set(sel) - {"type"} or not set(sel) - {"type"} <= set(old):
            return "'select ... instead' with a filter the first selection does not have"
        return {**old, **sel}
    if "bp" in new and name == "bp" and isinstance(old, dict):
        b = new["bp"]
        if b.get("target") != old.get("target") or set(b) - {"target", "add", "_duration"} or "for_each" in old \
                or b.get("_duration") not in (None, old.get("_duration")):
            return "'... gains N BP instead' of another card or span"
        return {**old, "add": b["add"]}
    return "'... instead' of something other than a selection's filter or a BP change"


class Rules:
    """Transformer methods of the rules in GRAMMAR (see templates/__init__.py)."""

    @_inline
    def c_soul_unpaid(self, q, _cost):
        self._soul(q, "a cost paid with something other than the soul core")
        return {"soul_paid": False}

    @_inline
    def if_instead(self, cond, ops):
        if len(ops) != 1:
            raise NotSupported("'... instead' of more than one thing")
        return [{"_instead": ops, "if": cond}]

    _MAY_DO = ("destroy", "exhaust", "discard")  # what "you may X to Y" does as an effect too: X, then Y if done

    @_inline
    def if_may_do(self, cond, cost, ops):
        """The condition decided as the effect resolves, for each directive (a cost would be paid before it is
        known: an effect's own condition on the soul core's payment is read on resolution, targets.py): X the
        player may do, then Y "if you do" (CR 8-4-1 says the same of a cost: no X, no Y). The condition is read
        once, on X: Y follows X's doing, so Y's refreshing this spirit does not undo "if this spirit is exhausted"
        for the Z after it."""
        (name,) = cost
        if name not in self._MAY_DO:
            raise NotSupported(f"'if ..., you may {name} to ...'")
        if any("if" in op for op in ops):  # a condition of its own on Y as well: not what this template reads
            raise NotSupported("'if ..., you may ... to ...' with a second condition")
        return [{**cost, "may": True, "if": dict(cond)}] + [{**op, "if_done": True} for op in ops]

    @_inline
    def cost_pay_own_cores(self, count, *_):  # cores paid go to the trash (CR 3-4-1); also the core grammar's
        # "pay N cores from this spirit/nexus"
        return {"core_remove": {"target": "this", "count": count, "to": "trash"}}

    @_inline
    def cost_mill(self, count, descr):
        if set(descr) != {"type"} or descr["type"] != "any":
            raise NotSupported("cards of a kind discarded from the top of a deck")
        return {"mill": {"count": count, "side": "you"}}

    @_inline
    def cost_pay_soul(self, count, q):
        self._soul(q, "a cost of a quoted card other than the soul core")
        if count != 1:
            raise NotSupported("more than one soul core")
        return {"pay_soul": "you"}

    @_inline
    def cost_pay_soul_plain(self, count, _w):
        if count != 1:
            raise NotSupported("more than one soul core")
        return {"pay_soul": "you"}

    @_inline
    def cost_pay_soul_this(self, q):
        self._soul(q, "a cost of a quoted card other than the soul core")
        return {"pay_soul": "this"}

    @_inline
    def cost_keep_this(self, count, _w):
        return {"core_remove": {"target": "this", "keep": count, "to": "reserve"}}

    @_inline
    def cost_to_bottom(self, count, descr, filters=None):
        return {"to_deck_bottom": self._target({} if count == 1 else {"count": count}, "you", descr, filters)}

    @_inline
    def cost_exhaust_either(self, count, descr, *rest):
        filters = rest[0] if len(rest) == 2 else None
        if count != 1:
            raise NotSupported("one of two kinds of card, more than one card")
        first = self.cost_exhaust_yours(count, descr, filters)["exhaust"]
        other = {k: v for k, v in self._target({}, "you", self.descr(rest[-1]), None).items() if k != "side"}
        return {"exhaust": {**first, "alternative": other}}

    def summon_this_burst(self, *_):
        return [{"summon": {"target": "this", "from": "burst", "cores": "reserve"}}]

    def summon_this_exhausted(self, *_):
        return self.summon_this_from_trash(exhausted=True)

    def summon_this_from_trash(self, *_, exhausted: bool = False):
        return [{"summon": {"target": "this", "cores": "reserve", **({"exhausted": True} if exhausted else {})},
                 "_destroyed_card": True}]

    @_inline
    def take_if_costs(self, n):
        return [{"_take": {"type": "any", "cost_min": int(n), "cost_max": int(n), "count": 1}}]

    @_inline
    def revealed_free(self, amount, descr, *rest):
        filters = next((r for r in rest if isinstance(r, list)), None)
        t = {k: v for k, v in self._target(amount, "you", descr, filters).items() if k != "side"}
        if t.get("type", "spirit") not in ("spirit", "nexus"):  # (_target leaves "spirit" unsaid)
            raise NotSupported("only spirit and nexus cards go onto the field")
        if not any(k in t for k in ("count", "up_to", "any_number", "all")):
            t["count"] = 1
        return [{"_take": t, "_search": {"to": "field", "cores": "reserve"}}]

    @_inline
    def cost_cores_onto_this(self, count, descr, filters=None):
        t = self._target({}, "you", descr, filters)
        if count != 1 or t.get("type", "spirit") != "spirit":
            raise NotSupported("the cores of something other than one spirit moved onto this one")
        return {"cores_onto_this": t}

    def full_reduction(self, *_):
        return [{"cost": {"target": "this", "reduction": "full"}}]

    @_inline
    def summon_from_reserve(self, amount, descr, filters=None):
        t = {k: v for k, v in self._target(amount, "you", descr, filters).items() if k != "side"}
        if t.get("type") == "any":  # a card summoned is a spirit card (CR 10-6-1; a nexus is placed, CR 10-7-1)
            t["type"] = "spirit"
        if t.get("type", "spirit") != "spirit" or any(k in t for k in ("count", "up_to", "any_number", "all")):
            raise NotSupported("summoning other than one spirit card, its cost paid")
        return [{"summon": {"target": {**t, "zone": "hand"}, "pay": "reserve"}}]

    @_inline
    def summon_paid(self, amount, descr, *rest):
        zone = rest[-1]
        filters = rest[0] if len(rest) == 2 else None
        t = {k: v for k, v in self._target(amount, "you", descr, filters).items() if k != "side"}
        if t.get("type") == "any":  # a card summoned is a spirit card (CR 10-6-1)
            t["type"] = "spirit"
        if t.get("type", "spirit") != "spirit" or any(k in t for k in ("count", "up_to", "any_number", "all")):
            raise NotSupported("summoning, its cost paid, other than one spirit card")
        return [{"summon": {"target": {**t, "zone": zone}, "pay": True}}]

    @_inline
    def return_own_to_hand(self, count, descr, filters=None):
        return [{"bounce": self._target({} if count == 1 else {"count": count}, "you", descr, filters)}]

    @_inline
    def if_done_reveal(self, *args):
        count = args[0] if len(args) == 2 else 1
        return [{"_reveal": count, "if_done": True}]

    @_inline
    def f_agile(self):
        return {"keyword": "agile"}

    def when_destroyed_if(self, *args):
        cond, ops = args[-2], args[-1]
        return [{**ops[0], "_if_destroyed": True, "if": dict(cond)}] + [{**op, "if": dict(cond)} for op in ops[1:]]

    @_inline
    def may_cost_for_it(self, cost, ops):
        """"for it to ...": only when the cost names this spirit, whose gain it is (the ops name "this")."""
        if not (isinstance(cost.get("core_remove"), dict) and cost["core_remove"].get("target") == "this"):
            raise NotSupported("'... for it to ...' after a cost that does not name this spirit")
        return [{"_cost": cost}] + ops

    @_inline
    def own_gain_bp_kw(self, n, kw, dur=None):
        return self.gains_bp_and_keyword("this", n, kw, dur)

    @_inline
    def own_gain_bp(self, n, dur=None):
        return self.bp_change("this", n, *([dur] if dur else []))

    @_inline
    def own_gain_kw(self, kw, dur=None):
        return self.gains_keyword("this", kw, dur)

    @_inline
    def you_summon_soul(self, count, descr, *rest):
        filters, q = (rest[0], rest[1]) if len(rest) == 2 else (None, rest[0])
        self._soul(q, "a summoning cost paid with something other than the soul core")
        return {**self.you_summon(count, descr, filters), "condition": {"soul_paid": True}}

    @_inline
    def you_use_soul(self, q):
        self._soul(q, "a cost paid with something other than the soul core")
        return {"trigger": "you_use_magic", "condition": {"soul_paid": True}}

    @_inline
    def cost_in_hand(self, n):
        return [{"cost": {"target": "this", "set": int(n)}}]

    @_inline
    def cost_in_hand_summoning(self, cond, n):
        return [{"cost": {"target": "this", "set": int(n)}, "if": cond}]

    @_inline
    def cost_in_hand_using(self, n, cond):
        return [{"cost": {"target": "this", "set": int(n)}, "if": cond}]

    @_inline
    def c_opp_burst(self):  # CR 10-9-1
        return {"burst_set": "opponent"}

    @_inline
    def c_burst(self):
        return {"burst_set": "you"}

    @_inline
    def c_main_use(self):  # "... when you use it during your main step": its cost is determined then (CR 10-8-4)
        return {"step": "main", "your_turn": True}

    @_inline
    def cannot_unless_pay(self, ops, n, _w):
        r = ops[0].get("restrict") if len(ops) == 1 and set(ops[0]) == {"restrict"} else None
        if not isinstance(r, dict) or r.get("cannot") != "attack" or r.get("by") or r.get("_duration") is not None \
                or not isinstance(r.get("target"), dict) or not r["target"].get("all"):
            raise NotSupported("a cost of something other than an attack, or of the attack of one card")
        return [{"restrict": {"target": r["target"], "cannot": "attack", "unless_pay": n, "_duration": None}}]

    def _magic_only(self, descr) -> dict:
        t = {k: v for k, v in descr.items() if k != "type"}
        if descr.get("type") != "magic" or set(t) - {"colors", "family", "families"}:
            raise NotSupported("a cost change for the first/next card other than a magic card")
        return t

    @_inline
    def first_magic_cheaper(self, descr, n):
        t = self._magic_only(descr)
        return [{"cost": {"target": {"type": "magic", **t}, "add": -int(n)}, "if": {"magic_used_max": 0}}]

    @_inline
    def next_magic_cheaper(self, descr, n):
        return [{"cost_next": {"target": self._magic_only(descr), "add": -int(n)}}]

    @_inline
    def sym_this(self):
        return "this"

    @_inline
    def sym_yours(self, descr):
        t = {k: v for k, v in self._target({}, "you", descr, None).items() if k != "side"}
        return {**t, "type": t.get("type", "spirit")}

    @_inline
    def counted_as(self, of, n, colour=None):
        out = {"of": of, "as": int(n)}
        if colour is not None:
            out["color"] = str(colour)
        return out

    @_inline
    def symbols_when_used(self, event, counted):
        if event.get("trigger") != "you_use_magic":
            raise NotSupported("symbols counted otherwise at a moment other than using a magic card")
        t = {"type": "magic", **event.get("watch", {})}
        return [{"count_symbols": {"target": t, **counted}}]

    @_inline
    def symbols_while_summoning(self, count, descr, *rest):
        counted = rest[-1]
        filters = next((r for r in rest[:-1] if isinstance(r, list)), None)
        if count != 1:
            raise NotSupported("summoning several cards at once")
        t = {k: v for k, v in self._target({}, "you", descr, filters).items() if k != "side"}
        t["type"] = t.get("type", "spirit")
        if t["type"] not in ("spirit", "nexus") or t.get("type") == "any":
            raise NotSupported("summoning something other than a spirit or nexus card")
        return [{"count_symbols": {"target": t, **counted}}]

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
