"""Templates: phrases of no other family — cores taken from or placed on the cards a selection chose, selections
written with their families after "that are", and the like."""
from __future__ import annotations

import copy

from lark import Token

from ..not_supported import NotSupported  # noqa: F401  (raised by the rules below)

# the labels a "with a "..." effect" filter names -> the trigger of such an effect (EFFECT_LABEL_TRIGGERS)
_EFFECT_LABELS = {"when summoned": "when_summoned", "when placed": "when_placed", "when attacks": "when_attacks",
                  "when blocks": "when_blocks", "when destroyed": "when_destroyed",
                  "when destroyed by opponent": "when_destroyed_by_opponent", "when the battle ends": "when_battle_ends"}
_KEYWORD_WORDS = {"atfield": "at_field"}  # the normalised word -> the vocabulary's keyword name

GRAMMAR = r"""
// cores from each of the selected spirits (CR 10-5: cores removed go where the text says)
%extend core_remove: "remove" count core_word "from" each_selected "and place" moved_cores "into" core_to -> m_remove_each_selected
                   | "remove all but" count core_word "from" each_selected "and place" moved_cores "into" core_to -> m_keep_each_selected
                   | "remove all but" count "of its cores and place" moved_cores "into" core_to -> m_keep_of_its
each_selected: "each of them" | "each of those spirits" | "each of the selected spirits"
moved_cores: "them" | "it" | "the cores" | "those cores"
// a core from the void onto each of the selected spirits
%extend core_dest: "each of those spirits" -> cd_it
                 | "each of the selected spirits" -> cd_it
// "select 1 of your spirits that are Stoneback, Sky Warden, or Tidecaller": a family among these
%extend filter: ("that is" | "that are") families -> m_f_families
// all but N cores off every spirit, both players' (CR 10-5)
%extend core_remove: "remove all but" count core_word ("each from all" | "from each") descr filters? "and place" it "into" core_to -> m_keep_each_all
// "place 1 from it into their reserve": the word "core" left out, as some printings do
                   | "place" count "from" it "into" core_to -> m_place_from_it
// "select 1 your opponent's spirits": the "of" left out, as some printings do
%extend selection: amount owner descr filters? -> sel_of
// "if there is a "Soul Core" on it" (it: this card), and "if ..., you may ..."
%extend condition: "there is a" QUOTED "on it" -> c_soul_core
%extend sentence: "if" condition ","? "you may" statement -> m_if_may
// "that does not have 【Astral】", "with a "When Summoned" effect" / "that have "When Attacks" effects"
%extend filter: ("that does not have" | "that do not have" | "without") KEYWORD -> m_f_no_keyword
              | ("with a" | "that has a" | "with" | "that have" | "that has") QUOTED ("effect" | "effects") -> m_f_has_effect
// the lowest or highest cost or BP among the cards that fit (Target.extreme)
%extend filter: "that costs the least" -> m_f_cost_least
              | "that costs the most" -> m_f_cost_most
              | "with the lowest bp" -> m_f_bp_least
              | "with the highest bp" -> m_f_bp_most
%extend selection: "your" extreme_words descr filters? -> m_sel_your_extreme
                 | "their" descr filters? -> m_sel_their
extreme_words: "lowest cost" -> m_f_cost_least
             | "highest cost" -> m_f_cost_most
             | "lowest bp" -> m_f_bp_least
             | "highest bp" -> m_f_bp_most
// draws: "draw cards until you have N cards in your hand", "you and your opponent each draw N cards",
// "your opponent draws N cards"
%extend action: m_draw_until | m_draw_each | m_draw_opponent
m_draw_until: "draw cards until you have" NUMBER card_word "in your hand"
m_draw_each: ("you and your opponent each draw" | "each player draws" | "both players draw") count card_word
m_draw_opponent: "your opponent draws" count card_word
// "you may destroy it to ...": the selected card destroyed, and if it is, the rest (CR 8-1-8)
%extend sentence: "you may destroy it to" statement -> m_may_destroy_it_to
// "for each of your spirits with only 1 core on it"
%extend per: ("for each of your" | "for every one of your") descr filters? -> per_yours
// "For each spirit you control, remove 1 core from the selected spirit ...": the count written first
%extend sentence: ("for each" | "for every") descr filters? ("you control" | "on your field") "," statement -> m_per_first
// the card "it" names: "if it is green, ...", "if it is not green", "if it has 3000 or fewer BP" (Condition.it)
%extend condition: "it is" COLOUR -> m_c_it_colour
                 | "it is not" COLOUR -> m_c_it_not_colour
                 | "it has" NUMBER ("or fewer" | "or less") "bp" -> m_c_it_bp_max
                 | "it has" NUMBER "or more bp" -> m_c_it_bp_min
// "... at the start of the step" right after a statement: the core's `sentence "at the start of the step"` needs the
// statement reduced first, which timing.py's `statement "at the end of this turn"` (shifting "at") would hide
%extend sentence: statement "at the start of the step" -> at_step_last
// "(When Destroyed) Return this card to your hand.": from the trash, where the destroyed card is (CR 10-15-1)
%extend action: m_this_card_to_hand
m_this_card_to_hand: "return this card to your hand"
// "... cannot be blocked by your opponent's spirits with effects listed": cards whose text lists an effect or a
// keyword (Target.no_effects false; nexus.py says "with any effects listed")
%extend filter: "with effects listed" -> m_f_effects_listed
// "if it is a Dragon spirit, ...": the card "it" names is a spirit of that family (Condition.it, CR 2-5)
%extend condition: "it is" ("a" | "an") descr -> m_c_it_descr
// "if none of your spirits are refreshed, select 2 of them": none of those cards is in that state; "them"
// are the cards the condition named (CR 8-5-3)
%extend condition: "none of" owner descr ("are" | "is") m_state -> m_c_none_are
m_state: "exhausted" -> adj_exhausted
       | "refreshed" -> adj_refreshed
%extend selection: amount "of them" -> m_sel_of_them
// "your blocking spirits gain 3000 BP": the spirit blocking in the battle, while it is yours (one battle at a time,
// CR 7-1; the turn player attacks, the other player blocks, CR 7-1-3): a whole sentence, so no "if" replaces the turn
%extend sentence: m_your_battling ("gains" | "gain") NUMBER "bp" duration? -> m_battling_bp
m_your_battling: ("your blocking spirits" | "your blocking spirit") -> m_your_blocker
               | ("your attacking spirits" | "your attacking spirit") -> m_your_attacker
// "If it is not a magic card, ..." after a discard of the top card of a deck: the card that discard put into the
// trash (count `discarded`), and only when a card was discarded (`if_done`: an empty deck discards none, CR 1-3-2)
%extend sentence: "if it is not" ("a" | "an") card_descr filters? "," statement -> m_if_discarded_not
// "remove up to 2 cores from it and place them into the void": 0 to N, chosen (core_remove `up_to`, CR 1-3-5)
%extend core_remove: "remove up to" count core_word "from" it "and place" it "into" core_to -> m_remove_up_to
// "remove N cores that are not a {CORE} from it ... into the void" ({CORE}: the soul core's symbol): the
// void never takes the soul core unless the effect names it (CR 4-11-3), so this is any core into the void
%extend core_remove: "remove" count core_word (not_soul | m_not_soul_symbol) "from" it "and place" it "into" core_to -> m_remove_not_soul
m_not_soul_symbol: ("that is not a" | "that are not a") "{core}"
// "it gains Dragon spirit type during this turn": a spirit type for a while (grant `family`, CR 2-5-3; Other-4)
%extend action: m_gains_family
m_gains_family: subject ("gains" | "gain") FAMILY ("spirit type" | "spirit types") duration?
              | duration ","? subject ("gains" | "gain") FAMILY ("spirit type" | "spirit types") -> m_gains_family_first
// "remove 2 cores from 1 of your opponent's spirits and place them into the void": select it, then the cores
%extend core_remove: "remove" count core_word "from" count "of" owner descr filters? "and place" it "into" core_to -> m_remove_from_one
// "if you destroy your opponent's spirit with this effect, ..." (sentences.py `if_destroyed`)
%extend destroyed: "your opponent's spirit"
// "If that card is a magic card, draw 2 cards." after a discard from the top of a deck: the discarded card
%extend sentence: "if that card is" ("a" | "an") card_descr filters? "," statement -> m_if_discarded_is
// "Otherwise, ...": when the condition of the directive before does not hold (ruling Other-7); only actions that
// can't be read as the core's "otherwise, return it to ..." after a reveal
%extend sentence: "otherwise" "," m_otherwise_act -> m_otherwise
?m_otherwise_act: core_to_card | draw | void_cores | void_to_life
// "you can't place a "Soul Core" on this spirit with this effect": the cores the directive before places from
// your trash are regular cores only (`core_charge` `soul_core: false`, CR 8-5-6)
%extend sentence: ("you cannot place a" | "you can't place a") QUOTED "on this spirit with this effect" -> m_no_soul_placed
// "spirits refreshed by this effect can't block": those the refresh before it changed (ref
// `changed`; ruling Other-9)
%extend sentence: m_changed_words ("cannot" | "can't") CANNOT_WHAT duration? -> m_changed_cannot
m_changed_words: ("spirits" | "the spirits" | "the spirit") m_changed_how "by this effect"
m_changed_how: "refreshed" -> v_refresh
             | "exhausted" -> v_exhaust
// "All Dragon spirit cards in your hand gain 【Swift】": a constant grant to hand cards (CR 11-9-1 reads it when
// the card is summoned in a flash window; ruling Other-10)
%extend action: m_hand_gains
m_hand_gains: "all" card_descr filters? "in your hand" ("gains" | "gain") KEYWORD duration?
// "if you only have yellow spirits on your field": none of your spirits is of another colour (CR 2-4)
%extend condition: "you only have" descr ("on your field")? -> m_c_only_colour
// "if all of your spirits cost the same" (condition same_cost, ruling Other-11)
%extend condition: ("all the spirits on your field" | "all of the spirits on your field" | "all spirits on your field" | "all of your spirits") ("cost" | "have") "the same" ("amount" | "cost")? -> m_c_same_cost
"""


class Rules:
    """Transformer methods of the rules in GRAMMAR (see templates/__init__.py)."""

    def m_remove_each_selected(self, count, _w, _each, _moved, to):
        # "it" is every card the previous selection chose: the count comes off each of them
        return [{"core_remove": {"target": "it", **self._core_to(count, to)}}]

    def m_keep_each_selected(self, count, _w, _each, _moved, to):
        d = self._core_to(count, to)
        return [{"core_remove": {"target": "it", "keep": d.pop("count"), **d}}]

    def m_keep_of_its(self, count, _moved, to):
        return self.m_keep_each_selected(count, None, None, None, to)

    def each_selected(self, *_):
        return None

    def moved_cores(self, *_):
        return None

    def m_f_families(self, families):
        return families

    def m_f_no_keyword(self, kw):
        return {"no_keyword": _KEYWORD_WORDS.get(str(kw), str(kw))}

    def m_f_has_effect(self, q):
        label = self.norm.quoted[int(str(q)[1:])]
        trigger = _EFFECT_LABELS.get(" ".join(label.lower().replace("this spirit ", "").split()))
        if trigger is None:
            raise NotSupported(f"a filter on effects labelled {label!r}")
        return {"has_effect": trigger}

    def m_f_cost_least(self):
        return {"extreme": "cost_least"}

    def m_f_cost_most(self):
        return {"extreme": "cost_most"}

    def m_f_bp_least(self):
        return {"extreme": "bp_least"}

    def m_f_bp_most(self):
        return {"extreme": "bp_most"}

    def m_sel_your_extreme(self, extreme, descr, filters=None):
        return self._target({}, "you", descr, [extreme, *(filters or [])])

    def m_sel_their(self, descr, filters=None):
        # "select their spirit": card text says "their" of the opponent's cards, never of yours
        return self._target({}, "opponent", descr, filters)

    def m_draw_until(self, n, _w):
        return [{"draw": {"until": int(n)}}]

    def m_draw_each(self, count, _w):
        return [{"draw": {"count": count, "side": "each"}}]

    def m_draw_opponent(self, count, _w):
        return [{"draw": {"count": count, "side": "opponent"}}]

    def m_may_destroy_it_to(self, ops):
        return self.may([{"destroy": "it"}, *ops])

    def m_per_first(self, descr, *rest):
        filters = rest[0] if len(rest) == 2 else None
        ops = rest[-1]
        if len(ops) != 1:
            raise NotSupported("a count written first for more than one action")
        (name, value), = ((k, v) for k, v in ops[0].items() if k not in ("may", "if_done", "if"))
        if not isinstance(value, dict) or "count" not in value or "for_each" in value:
            raise NotSupported(f"'for each ...' on {name!r}")
        per = self.per_yours(descr, filters)
        return [{**ops[0], name: {**value, "for_each": per}}]

    def m_c_it_colour(self, colour):
        return {"it": {"colors": [str(colour)]}}

    def m_c_it_not_colour(self, colour):
        return {"it": {"colors": [str(colour)]}, "it_not": True}

    def m_c_it_bp_max(self, n):
        return {"it": {"bp_max": int(n)}}

    def m_c_it_bp_min(self, n):
        return {"it": {"bp_min": int(n)}}

    def m_keep_each_all(self, count, _w, descr, *rest):
        filters = rest[0] if len(rest) == 3 else None
        d = self._core_to(count, rest[-1])
        t = self._target({"all": True}, "any", descr, filters)
        return [{"core_remove": {"target": t, "keep": d.pop("count"), **d}}]

    def m_place_from_it(self, count, _it, to):
        return [{"core_remove": {"target": "it", **self._core_to(count, to)}}]

    def m_if_may(self, cond, ops):
        return self.if_first(cond, self.may(ops))

    def m_f_effects_listed(self):
        return {"no_effects": False}

    def m_c_it_descr(self, descr):
        return {"it": dict(descr)}  # the type stays: "if it is a spirit" is false of a nexus

    def m_c_none_are(self, side, descr, state):
        t = self._target({}, side, descr, [state])
        t.update(side=side, type=descr.get("type", "spirit"))
        self._them = (side, descr)  # "select 1 of them" after it: the cards it named (m_sel_of_them)
        return {"count": {"cards": t}, "count_max": 0}

    def m_sel_of_them(self, amount):
        side, descr = getattr(self, "_them", (None, None))
        if side is None:  # "them" names no cards a condition of this sentence named
            raise NotSupported("'of them' with nothing named before it")
        return self._target(amount, side, descr, None)

    def m_your_blocker(self):
        return ("blocker", False)

    def m_your_attacker(self):
        return ("attacker", True)

    def m_battling_bp(self, battling, number, duration=None):
        ref, your_turn = battling
        return [{**self.bp_change(ref, number, *([duration] if duration else []))[0], "if": {"your_turn": your_turn}}]

    def m_if_discarded_not(self, descr, *rest):
        filters = rest[0] if len(rest) == 2 else None
        t = {**self._target({}, "any", descr, filters), "type": descr["type"]}
        t.pop("side", None)
        if t["type"] == "any":
            raise NotSupported("'if it is not a card'")
        cond = {"count": {"discarded": t}, "count_max": 0}
        ops = rest[-1]
        if len(ops) != 1 or set(ops[0]) & {"if", "if_done", "may"}:  # if_done: of the directive just before it
            raise NotSupported("'if it is not ...' on more than one plain action")
        return [{**ops[0], "if": cond, "if_done": True, "_after": "mill"}]

    def m_remove_up_to(self, count, _w, _it, _it2, to):
        d = self._core_to(count, to)
        return [{"core_remove": {"target": "it", "up_to": d.pop("count"), **d}}]

    def m_not_soul_symbol(self):  # (the quoted form is deck.py's not_soul)
        return None

    def m_remove_not_soul(self, count, _w, _soul, _it, _it2, to):
        if to != "void":  # a reserve or a trash takes the soul core too (CR 8-5-6): the vocabulary can't exclude it
            raise NotSupported("cores that are not the soul core into a reserve or a trash")
        return [{"core_remove": {"target": "it", **self._core_to(count, to)}}]

    def m_gains_family(self, subject, fam, duration=None):
        name = self.norm.families[int(str(fam)[1:])]
        return [{"grant": {"target": subject, "family": name, "_duration": duration}}]

    def m_gains_family_first(self, duration, subject, fam):
        return self.m_gains_family(subject, fam, duration)

    def m_remove_from_one(self, count, _w, n, side, descr, *rest):
        if n != 1:  # "from 2 of ...": from each, or shared between them? the words don't say
            raise NotSupported("cores removed from more than one selected spirit")
        filters = rest[0] if len(rest) == 3 else None
        return [{"select": self._target({}, side, descr, filters)},
                {"core_remove": {"target": "it", **self._core_to(count, rest[-1])}}]

    def _discarded_is(self, descr, filters):
        t = {**self._target({}, "any", descr, filters), "type": descr["type"]}
        t.pop("side", None)
        if t["type"] == "any":
            raise NotSupported("'if that card is a card'")
        return t

    def m_if_discarded_is(self, descr, *rest):
        filters = rest[0] if len(rest) == 2 else None
        cond = {"count": {"discarded": self._discarded_is(descr, filters)}, "count_min": 1}
        ops = rest[-1]
        if len(ops) != 1 or set(ops[0]) & {"if", "if_done", "may"}:
            raise NotSupported("'if that card is ...' on more than one plain action")
        return [{**ops[0], "if": cond, "_after": "mill"}]  # (no card discarded: no card is one: false)

    def m_otherwise(self, ops):
        if len(ops) != 1 or set(ops[0]) & {"if", "if_done", "may"}:
            raise NotSupported("'otherwise' on more than one plain action")
        return [{**ops[0], "_with_before": "otherwise"}]

    def m_no_soul_placed(self, q):
        self._soul(q, "a card other than the soul core kept off a spirit")
        return [{"_with_before": "no_soul"}]

    def m_changed_words(self, how):
        return how

    def m_changed_cannot(self, how, what, duration=None):
        return [{"restrict": {"target": "changed", "cannot": str(what), "_duration": duration},
                 "_with_before": "changed_by_" + how}]

    def m_hand_gains(self, descr, *rest):
        kw = next(r for r in rest if isinstance(r, Token) and r.type == "KEYWORD")
        filters = next((r for r in rest if isinstance(r, list)), None)
        duration = next((r for r in rest if isinstance(r, str) and not isinstance(r, Token)), None)
        if str(kw) != "swift":  # (the only keyword a card in the hand uses there)
            raise NotSupported(f"cards in the hand gaining {kw}")
        if descr.get("type") != "spirit":
            raise NotSupported("cards other than spirit cards in the hand gaining 【Swift】")
        t = {**self._target({"all": True}, "you", descr, filters), "zone": "hand"}
        return [{"grant": {"target": t, "keyword": "swift", "_duration": duration}}]

    def m_c_only_colour(self, descr):
        colours = descr.get("colors", [])
        if set(descr) != {"colors", "type"} or descr["type"] != "spirit" or len(colours) != 1:
            raise NotSupported("'you only have ...' of something other than spirits of one colour")
        return {"count": {"cards": {"side": "you", "type": "spirit", "not_colors": colours}}, "count_max": 0}

    def m_c_same_cost(self, *_):
        return {"same_cost": True}

    def m_this_card_to_hand(self):
        # only a destroyed card's own effect means the card in the trash: text_compile checks the trigger
        return [{"recover": "this", "_destroyed_card": True}]


def _inverse(cond) -> dict | None:
    """The condition that holds exactly when `cond` does not: a count with one bound only."""
    if not isinstance(cond, dict) or set(cond) - {"count", "count_min", "count_max"} or "count" not in cond:
        return None
    if "count_min" in cond and "count_max" not in cond:
        return {"count": cond["count"], "count_max": cond["count_min"] - 1}
    if "count_max" in cond and "count_min" not in cond:
        return {"count": cond["count"], "count_min": cond["count_max"] + 1}
    return None


def _charges_from_trash_onto_this(op: dict) -> dict | None:
    """The `core_charge` value of a directive placing cores from your trash onto this card (itself, or the one a
    `later` waits with), or None."""
    if set(op) - {"core_charge", "later", "if", "may", "if_done"}:
        return None
    if "later" in op and isinstance(op["later"], dict) and len(op["later"].get("do", [])) == 1:
        return _charges_from_trash_onto_this(op["later"]["do"][0])
    charge = op.get("core_charge")
    if isinstance(charge, dict) and charge.get("from") == "trash" and charge.get("target") == "this":
        return charge
    return None


# directives after which "it" names what they chose or made (text_compile._SELECTING)
_SELECTING = ("select", "destroy", "exhaust", "refresh", "bounce", "to_deck_bottom", "to_deck_top", "attack_spirit",
              "token")


def _it_is_selected(out: list) -> bool:
    """Whether "it" in a condition ("if it is green") names cards an earlier directive of the effect chose (what
    Condition.it reads), with no discard from a deck since (after which "it" reads as the discarded card)."""
    for op in reversed(out):
        name = next((k for k in op if k not in ("may", "if_done", "if") and not k.startswith("_")), None)
        value = op.get(name)
        if name == "mill":
            return False
        if (name in _SELECTING and isinstance(value, dict)) or (
                isinstance(value, dict) and isinstance(value.get("target"), dict)):
            return True
    return False


def with_before(out: list, op: dict):
    """A directive whose words change or read the directive before it (text_compile `_assemble`): (directives so far,
    the directive to add or None), or why it can't be said."""
    if "_with_before" not in op:  # "if it is green, ...": "it" must be cards a selection chose (Condition.it)
        return (out, op) if _it_is_selected(out) else "'if it is ...' with no selection before it to name 'it'"
    what = op.pop("_with_before")
    prev = out[-1] if out else {}
    if what == "otherwise":  # ruling Other-7: the condition before it, turned round
        inverse = _inverse(prev.get("if"))
        if inverse is None or "if" in op or set(prev) & {"may", "if_done"}:
            return "'otherwise' after something other than an action under a count condition"
        return out, {**op, "if": inverse}
    if what == "no_soul":  # "you cannot place a soul core on this spirit with this effect" (CR 8-5-6)
        if op or _charges_from_trash_onto_this(prev) is None:
            return "'you cannot place a soul core with this effect' after something other than cores from your trash"
        prev = copy.deepcopy(prev)  # (the sentence's own directives stay as they were read)
        _charges_from_trash_onto_this(prev)["soul_core"] = False
        return [*out[:-1], prev], None
    if what.startswith("changed_by_"):  # ruling Other-9: the cards that directive changed, when it surely ran
        verb = what[len("changed_by_"):]
        if verb not in prev or set(prev) & {"may", "if", "if_done"}:
            return f"'{verb}ed by this effect' after something other than a plain {verb}"
        return out, op
    return f"words about the directive before of an unknown kind ({what})"


def lasts_the_turn(cond) -> bool:
    """Whether a constant effect's condition, once it holds, holds until the turn ends and no longer: "if N of your
    spirits have been destroyed this turn" (a count of this turn's events with a lower bound only). Under it "...
    during this turn" says nothing more (ruling Other-8)."""
    if not isinstance(cond, dict) or set(cond) != {"count", "count_min"} or not isinstance(cond["count"], dict):
        return False
    return set(cond["count"]) <= {"destroyed", "effect_draws"} and len(cond["count"]) == 1 and cond["count_min"] >= 1
