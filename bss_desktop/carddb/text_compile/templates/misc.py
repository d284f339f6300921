"""Templates: phrases of no other family — cores taken from or placed on the cards a selection chose, selections
written with their families after "that are", and the like."""
from __future__ import annotations

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

    def m_this_card_to_hand(self):
        # only a destroyed card's own effect means the card in the trash: text_compile checks the trigger
        return [{"recover": "this", "_destroyed_card": True}]
