"""Templates: replacement ('would be ... instead'), immunity ('cannot be selected'), life (CR 8-x).

Immunity: "X cannot be selected / be destroyed / have its cores removed / be returned ... by your opponent's
effects", "X cannot be destroyed in battle" -> `restrict` with the protections of rules/bss/protection.py (`by`: whose
effects). Life: "attacks from X cannot reduce your life", "neither player's life can be reduced by an attack from a
spirit ..." -> `restrict ... reduce_life`; "when your life is reduced by an attack from one of your opponent's
spirits ..." -> the trigger `opponent_spirit_reduces_life`.
"""
from __future__ import annotations

from lark import Token, v_args

from ..not_supported import NotSupported

GRAMMAR = r"""
%extend action: prot_action
%extend sentence: "your opponent's" QUOTED "effects are not triggered by this effect" -> prot_quiet
                | QUOTED "effects on" owner descr filters? "are not triggered" duration? -> prot_muted
                | QUOTED "effects on" owner descr filters? "blocking" owner descr filters? "are not triggered" duration? -> prot_muted_blocks
                | QUOTED "effects on the spirit summoned by this effect are not triggered" -> prot_summon_quiet
// "when your Dragon spirits would be destroyed by your opponent's destruction effects, they remain on the field
// exhausted instead": a substitution (CR 8-9-1, 10-1-3-2; ruling P17)
%extend sentence: "when your" descr filters? "would be destroyed by" prot_destruction "," ("they remain" | "it remains") "on the field exhausted instead" -> prot_remain_yours
                | "when this spirit would be destroyed by" prot_destruction "," "it remains on the field exhausted instead" -> prot_remain_this
                | "when" count "of" owner descr filters? "would be destroyed" "," "you may discard" count card_word "to return it to your hand instead" -> prot_discard_to_save
                | "when" count "of" owner descr filters? "would be destroyed" "," "you may exhaust this nexus to return the spirit card to your hand instead of placing it into your trash" -> prot_to_hand
// "if 1 of your spirits with Ascend has higher BP than your opponent's spirit when it compares BP during battle
// resolution, ...": the comparison's trigger (CR 7-1-5-2-1)
%extend sentence: "if" count "of" owner descr filters? "has higher bp than your opponent's spirit when it compares bp" ("during battle resolution")? "," statement -> prot_higher_bp
%extend watch_event: "your life is reduced by an attack from" count "of" owner descr filters? -> prot_life_watch
                   | "your life is reduced by" count "of" owner descr filters? -> prot_life_watch
                   | "your life increases"                     -> prot_life_gained
                   | "you lose life"                           -> prot_life_lost
                   | "your opponent's spirit is destroyed" by_battle -> prot_opp_destroyed_in_battle
                   | count "of" owner descr filters? "is destroyed by your opponent's" ("effect" | "effects") -> prot_nexus_destroyed
                   | count "of" owner descr filters? "has its cores reduced to zero by your opponent's" ("effect" | "effects") -> prot_cores_zeroed
%extend life_damage: ("place" | "send") count core_word "from your opponent's life into their trash" -> prot_life_to_trash
%extend condition: "you have" ("less" | "fewer") "life than your opponent" -> c_less_life
                 | "you did not lose life this turn"             -> c_no_life_lost
                 | "you lost life this turn"                     -> c_life_lost
                 | "your life total is the same or higher than it was at the start of the turn" -> c_life_kept
%extend condition: ("this spirit is" | "this nexus is") "exhausted"  -> c_this_exhausted
                 | ("this spirit is" | "this nexus is") "refreshed"  -> c_this_refreshed
// "when this spirit reduces your opponent's life": with its attack (ruling P12, CR 7-1-5-3-1)
%extend self_event: "reduces your opponent's life"              -> prot_self_reduces
%extend filter: "that has" NUMBER ("or fewer" | "or less") "bp"  -> f_bp_max
              | "that has" NUMBER "or more bp"                   -> f_bp_min

prot_action: subject prot_pred                                        -> prot_subject
           | duration ","? subject prot_pred                          -> prot_dur_subject
           | "this nexus" prot_pred                                   -> prot_this
           | owner descr "and nexuses" filters? prot_pred             -> prot_yours_any
           | owner descr "and" owner descr prot_pred                  -> prot_both_sides
           | duration ","? owner descr "and" owner descr prot_pred    -> prot_dur_both_sides
           | ("its" | "their") "cores" ("cannot" | "can't") "be removed by" prot_effects duration? -> prot_its_cores
           | prot_effects ("cannot" | "can't") "remove cores from" prot_from duration? -> prot_effects_remove
           | prot_effects ("cannot" | "can't") "discard cards from your hand" duration? -> prot_no_discard
           | "neither player's life can be reduced by an attack from" ("a spirit" | "spirits") filters? duration? -> prot_no_life
           | "attacks from" owner descr filters? ("cannot" | "can't") "reduce your life" duration? -> prot_attacks_from
           | "attacks from" owner descr filters? ("cannot" | "can't") "reduce your life to" NUMBER duration? -> prot_attacks_to_zero
           | "your life can only be reduced by" NUMBER "each time you take damage from an attack by" count "of" owner descr filters? -> prot_one_at_a_time
           | "remove" count core_word not_soul? "from this spirit and place" it "into your life" -> prot_cores_to_life
           | duration ","? "your life" ("cannot" | "can't") "be reduced by" prot_its_attacks -> prot_dur_its_attacks
           | "your life" ("cannot" | "can't") "be reduced by" prot_its_attacks duration? -> prot_its_attacks_dur
           | "neither" prot_one "nor" prot_one "can be destroyed by" prot_destruction prot_or_battle? ", and they" ("cannot" | "can't") "have their cores removed by" prot_effects -> prot_neither

prot_one: "this spirit"                                               -> po_this
        | "any" descr filters?                                        -> po_any
prot_or_battle: "or as the result of battle"

prot_pred: ("cannot" | "can't") "be selected by" prot_effects duration?         -> pp_selected
         | ("cannot" | "can't") "be destroyed by" prot_destruction "or as the result of battle" duration? -> pp_destroyed_or_battle
         | ("cannot" | "can't") "be destroyed by" prot_destruction duration?    -> pp_destroyed
         | ("cannot" | "can't") "be destroyed in battle" duration?              -> pp_battle
         | ("cannot" | "can't") "be returned to your hand or deck by" prot_effects duration? -> pp_returned
         | ("cannot" | "can't") "have" ("its" | "their") "cores removed by" prot_effects duration? -> pp_cores

prot_its_attacks: "that spirit's attacks" | "its attacks" | "the attacks of that spirit"

// the effects kept out, by their cards (protection.py `by`)
prot_effects: "your opponent's effects"                               -> pe_any
            | "your opponent's magic effects"                         -> pe_magic
            | "the"? "effects of your opponent's" prot_kinds          -> pe_of
prot_destruction: "your opponent's destruction effects"              -> pe_any
                | "the"? "destruction effects" ("on" | "of") "your opponent's" prot_kinds -> pe_of
prot_kinds: prot_kind  // one kind: "spirits or magic" stays manual (and "or" is free for "or as the result of battle")
prot_kind: "spirits"                                                  -> pk_spirit
         | "spirits with a" QUOTED ("on them" | "on it")              -> pk_spirit_with
         | ("magic" | "magic cards")                                  -> pk_magic
         | "nexuses"                                                  -> pk_nexus

// "... cannot remove cores from this spirit or any spirit with ...", "... from your other Dragon spirits"
prot_from: subject                                                    -> pf_subject
         | "this spirit or any spirit" filters?                      -> pf_this_or_any
"""


class Rules:
    """Transformer methods of the rules in GRAMMAR (see templates/__init__.py)."""

    # ---------------------------------------------------------------- immunity (rules/bss/protection.py)
    def prot_subject(self, subject, pred):
        return self._prot(subject, pred)

    def prot_dur_subject(self, duration, subject, pred):
        preds = pred if isinstance(pred, list) else [pred]
        if any(dur is not None for _, _, dur in preds):
            raise NotSupported("two durations")
        return self._prot(subject, [(cannot, by, duration) for cannot, by, _ in preds])

    def prot_this(self, pred):
        return self._prot("this", pred)

    def prot_yours_any(self, side, descr, *args):  # "your spirits and nexuses ...": every card of yours on the field
        pred = args[-1]
        filters = args[0] if len(args) == 2 else None
        if side != "you" or descr != {"type": "spirit"}:
            raise NotSupported("spirits and nexuses other than all of yours")
        t = self._target({"all": True}, "you", {"type": "any"}, filters)
        return self._prot(t, pred)

    def _both_sides(self, side_a, descr_a, side_b, descr_b):  # "your spirits and your opponent's spirits"
        if {side_a, side_b} != {"you", "opponent"} or descr_a != descr_b or descr_a != {"type": "spirit"}:
            raise NotSupported("two kinds of cards in one protection")
        return self._target({"all": True}, "any", {"type": "spirit"}, None)

    def prot_both_sides(self, side_a, descr_a, side_b, descr_b, pred):
        return self._prot(self._both_sides(side_a, descr_a, side_b, descr_b), pred)

    def prot_dur_both_sides(self, duration, side_a, descr_a, side_b, descr_b, pred):
        return self.prot_dur_subject(duration, self._both_sides(side_a, descr_a, side_b, descr_b), pred)

    def prot_its_cores(self, by, duration=None):  # "its cores cannot be removed by ...": "it"
        return self._prot("it", ("lose_cores", by, duration))

    def prot_effects_remove(self, by, targets, duration=None):
        return [op for t in targets for op in self._prot(t, ("lose_cores", by, duration))]

    def prot_no_discard(self, by, duration=None):
        """"Your opponent's effects cannot discard cards from your hand" (ruling P13): every card in your hand, while
        the effect is active (a hand changes: a constant effect only, as the vocabulary says)."""
        if duration is not None:
            raise NotSupported("cards kept in a hand for a while: only a constant effect keeps the hand's cards")
        return self._prot({"side": "you", "zone": "hand", "type": "any", "all": True}, ("be_discarded", by, None))

    def pf_subject(self, subject):
        return [subject]

    def pf_this_or_any(self, filters=None):  # "this spirit or any spirit with ...": this one, and any (either side's)
        return ["this", self._target({"all": True}, "any", {"type": "spirit"}, filters)]

    def _prot(self, subject, pred):
        if isinstance(pred, list):  # "cannot be destroyed by ... or as the result of battle": two protections
            return [op for p in pred for op in self._prot(subject, p)]
        cannot, by, duration = pred
        out = {"target": subject, "cannot": cannot, "_duration": duration}
        if by is not None:
            out["by"] = by
        return [{"restrict": out}]

    def pp_selected(self, by, duration=None):
        return ("be_selected", by, duration)

    def pp_destroyed(self, by, duration=None):
        return ("be_destroyed", by, duration)

    def pp_destroyed_or_battle(self, by, duration=None):
        return [("be_destroyed", by, duration), ("be_destroyed_in_battle", None, duration)]

    def prot_neither(self, a, b, by, *rest):
        """"Neither A nor B can be destroyed by ... (or as the result of battle), and they cannot have their cores
        removed by ...": each protection for each of the two."""
        battle = len(rest) == 2
        cores_by = rest[-1]
        preds = [("be_destroyed", by, None)] + ([("be_destroyed_in_battle", None, None)] if battle else []) + [
            ("lose_cores", cores_by, None)]
        return self._prot(a, preds) + self._prot(b, preds)

    def prot_or_battle(self, *_):
        return True

    def po_this(self):
        return "this"

    def po_any(self, descr, filters=None):  # "any white nexus with ...": anyone's
        return self._target({"all": True}, "any", descr, filters)

    def pp_battle(self, duration=None):
        return ("be_destroyed_in_battle", None, duration)

    def pp_returned(self, by, duration=None):
        return ("be_returned", by, duration)

    def pp_cores(self, by, duration=None):
        return ("lose_cores", by, duration)

    def pe_any(self):
        return {"type": "any"}

    def pe_magic(self):
        return {"type": "magic"}

    def pe_of(self, kinds):
        return kinds

    def prot_kinds(self, kind):
        if isinstance(kind, tuple):
            return {"type": kind[0], **kind[1]}
        return {"type": kind}

    def pk_spirit(self, *_):
        return "spirit"

    def pk_spirit_with(self, q):  # "your opponent's spirits with a "Soul Core" on them"
        self._soul(q)
        return ("spirit", {"soul_core": True})

    def pk_magic(self, *_):
        return "magic"

    def pk_nexus(self, *_):
        return "nexus"

    def prot_quiet(self, q):  # ruling P10: the destructions of this effect trigger none of them (CR 10-15-1)
        if self.norm.quoted[int(str(q)[1:])].strip().lower() != "when destroyed":
            raise NotSupported("effects other than \"When Destroyed\" ones that are not triggered")
        return [{"_quiet": True}]

    def c_this_exhausted(self):  # "if this spirit is exhausted" (CR 4-4)
        return {"exhausted": True}

    def c_less_life(self):  # "if you have less life than your opponent": the two lives compared (CR 3-7)
        return {"less_life": True}

    def c_no_life_lost(self):  # "if you did not lose life this turn" (ruling P14)
        return {"life_lost": False}

    def c_life_kept(self):  # ruling P18
        return {"life_kept": True}

    def c_life_lost(self):
        return {"life_lost": True}

    def c_this_refreshed(self):
        return {"exhausted": False}

    def prot_muted(self, q, side, descr, *rest):
        """""When Destroyed" effects on your opponent's spirits are not triggered" (ruling P11)."""
        self.prot_quiet(q)
        filters = next((r for r in rest if isinstance(r, list)), None)
        duration = next((r for r in rest if isinstance(r, str)), None)
        return self._prot(self._target({"all": True}, side, descr, filters), ("trigger_when_destroyed", None, duration))

    def prot_summon_quiet(self, q):  # ruling P22: the summon before it, its own "When Summoned" effects quiet
        if self.norm.quoted[int(str(q)[1:])].strip().lower() not in ("when summoned", "when this spirit is summoned"):
            raise NotSupported("effects other than \"When Summoned\" ones not triggered on a summoned spirit")
        return [{"_quiet_summon": True}]

    def prot_muted_blocks(self, q, side, descr, *rest):
        """""When This Spirit Blocks" effects on your opponent's spirits blocking your Dragon spirits are not
        triggered" (ruling P16): the blockers' own effects of that label, when they block one of those."""
        if self.norm.quoted[int(str(q)[1:])].strip().lower() not in ("when this spirit blocks", "when blocks"):
            raise NotSupported("effects other than \"When This Spirit Blocks\" ones not triggered on blockers")
        args = list(rest)
        duration = args.pop() if args and isinstance(args[-1], str) else None
        filters = args.pop(0) if args and isinstance(args[0], list) else None
        a_side, a_descr, *a_rest = args
        a_filters = a_rest[0] if a_rest else None
        if side != "opponent" or a_side != "you":
            raise NotSupported("blockers other than your opponent's blocking yours")
        blockers = self._target({"all": True}, side, descr, filters)
        attackers = self._target({}, a_side, a_descr, a_filters)
        if blockers.get("type", "spirit") != "spirit" or attackers.get("type", "spirit") != "spirit":
            raise NotSupported("cards other than spirits blocking or blocked")
        out = self._prot(blockers, ("trigger_when_blocks", None, duration))
        out[0]["restrict"]["by"] = attackers
        return out

    # ---------------------------------------------------------------- substitution (CR 8-9-1; ruling P17)
    def _remain(self, target, by):
        if by != {"type": "any"}:
            raise NotSupported("a substitution for the destruction effects of some kinds of cards only")
        return [{"substitute": {"target": target, "by_opponent": True, "by_effect": True,
                                "instead": [{"exhaust": "trigger"}]}}]

    def prot_remain_yours(self, descr, *rest):  # "when your Dragon spirits would be destroyed by ..."
        filters = rest[0] if len(rest) == 2 else None
        t = self._target({}, "you", descr, filters)
        if t.get("type", "spirit") != "spirit":
            raise NotSupported("cards other than spirits remaining on the field exhausted")
        return self._remain(t, rest[-1])

    def prot_remain_this(self, by):
        return self._remain("this", by)

    def prot_to_hand(self, count, side, descr, filters=None):
        """"When one of your yellow spirits would be destroyed, you may exhaust this nexus to return the spirit card to
        your hand instead of placing it into your trash" (ruling P21): destroyed, into the hand."""
        if count != 1 or side != "you":
            raise NotSupported("a destroyed card into the hand: other than one of your spirits")
        t = self._target({}, "you", descr, filters)
        if t.get("type", "spirit") != "spirit":
            raise NotSupported("cards other than spirits into the hand instead of the trash")
        return [{"substitute": {"event": "trash", "target": t, "instead": [{"exhaust": "this"}]}}]

    def prot_discard_to_save(self, count, side, descr, *rest):
        """"(Once per turn,) when one of your Serpent spirits would be destroyed, you may discard a card to return it
        to your hand instead" (ruling P20): a substitution whose replacement discards, then returns that spirit."""
        filters = rest[0] if len(rest) == 3 else None
        n = rest[-2]
        if count != 1 or side != "you":
            raise NotSupported("a substitution for other than one of your spirits")
        t = self._target({}, "you", descr, filters)
        if t.get("type", "spirit") != "spirit":
            raise NotSupported("cards other than spirits returned instead")
        return [{"substitute": {"target": t, "instead": [{"discard": n}, {"bounce": "trigger"}]}}]

    # ---------------------------------------------------------------- life (CR 7-1-5-3-1)
    def prot_no_life(self, *args):  # "neither player's life can be reduced by an attack from a spirit ..."
        filters = next((a for a in args if isinstance(a, list)), None)
        duration = next((a for a in args if isinstance(a, str)), None)
        return self._prot(self._target({"all": True}, "any", {"type": "spirit"}, filters),
                          ("reduce_life", None, duration))

    def prot_attacks_from(self, side, descr, *rest):  # "attacks from your opponent's spirits ... cannot reduce your life"
        if side != "opponent":
            raise NotSupported("attacks from your own spirits reducing your own life")
        filters = next((a for a in rest if isinstance(a, list)), None)
        duration = next((a for a in rest if isinstance(a, str)), None)
        t = self._target({"all": True}, side, descr, filters)
        if t.get("type", "spirit") != "spirit":
            raise NotSupported("attacks from cards other than spirits")
        return self._prot(t, ("reduce_life", None, duration))

    def prot_attacks_to_zero(self, side, descr, *rest):  # "... cannot reduce your life to 0 during this turn" (P15)
        n = next(int(r) for r in rest if isinstance(r, Token) and r.type == "NUMBER")
        if n != 0:
            raise NotSupported("a life that cannot be reduced to a number other than 0")
        ops = self.prot_attacks_from(side, descr, *[r for r in rest if not isinstance(r, Token)])
        return [{"restrict": {**op["restrict"], "cannot": "reduce_life_to_zero"}} for op in ops]

    def prot_one_at_a_time(self, n, count, side, descr, filters=None):  # ruling P19
        if int(n) != 1 or count != 1:
            raise NotSupported("a life reduced by a number other than 1 at a time")
        ops = self.prot_attacks_from(side, descr, *([filters] if filters else []))
        return [{"restrict": {**op["restrict"], "cannot": "reduce_life_beyond_one"}} for op in ops]

    def prot_cores_to_life(self, count, _w, *rest):  # never the soul core into a life (CR 4-11-3): "not a soul core"
        return [{"core_remove": {"target": "this", "count": count, "to": "life"}}]

    def prot_dur_its_attacks(self, duration, _its):  # "during this turn, your life cannot be reduced by its attacks"
        return self._prot("it", ("reduce_life", None, duration))

    def prot_its_attacks_dur(self, _its, duration=None):
        return self._prot("it", ("reduce_life", None, duration))

    def prot_its_attacks(self, *_):
        return None

    def prot_self_reduces(self):  # ruling P12: a spirit reduces life by its attack's damage (CR 7-1-5-3-1, 11-7-1)
        return "when_attack_reduces_life"

    def prot_life_gained(self):  # "when your life increases" (ruling P9)
        return {"trigger": "life_gained"}

    def prot_opp_destroyed_in_battle(self, _battle=None):  # "when your opponent's spirit is destroyed via comparing BP"
        return {"trigger": "opponent_spirit_destroyed_in_battle"}  # any one of theirs (CR 7-1-5-2-1)

    def prot_nexus_destroyed(self, count, side, descr, filters=None):
        """"When one of your yellow nexuses is destroyed by your opponent's effect": a nexus is destroyed only by
        effects (it fights no battle), so by the opponent (CR 10-15-1)."""
        if count != 1 or side != "you" or descr.get("type") != "nexus":
            raise NotSupported("destroyed by your opponent's effect: other than one of your nexuses")
        watch = self._target({}, "you", descr, filters)
        watch.pop("side", None)
        watch.pop("type", None)
        return {"trigger": "your_nexus_destroyed_by_opponent", **({"watch": watch} if watch else {})}

    def prot_higher_bp(self, count, side, descr, *rest):
        """"If one of your spirits with Ascend has higher BP than your opponent's spirit when it compares BP during
        battle resolution, ...": a trigger on the comparison (CR 7-1-5-2-1), whichever spirit is then destroyed."""
        ops = rest[-1]
        filters = rest[0] if len(rest) == 2 else None
        if count != 1 or side != "you":
            raise NotSupported("higher BP of other than one of your spirits")
        watch = self._target({}, "you", descr, filters)
        watch.pop("side", None)
        if watch.pop("type", "spirit") != "spirit":
            raise NotSupported("only spirits compare BP")
        return [{"_trigger": {"trigger": "your_spirit_higher_bp", **({"watch": watch} if watch else {})}}] + ops

    def prot_cores_zeroed(self, count, side, descr, filters=None):  # CR 9-3-2-1, 4-11
        if count != 1 or side != "you":
            raise NotSupported("cores reduced to zero: other than one of your spirits")
        watch = self._target({}, "you", descr, filters)
        watch.pop("side", None)
        if watch.pop("type", "spirit") != "spirit":
            raise NotSupported("cores reduced to zero on cards other than spirits")
        return {"trigger": "your_spirit_cores_zeroed", **({"watch": watch} if watch else {})}

    def prot_life_to_trash(self, count, _w=None):  # "place a core from your opponent's life into their trash"
        return [{"life_damage": {"count": count, "to": "trash"}}]

    def prot_life_lost(self):  # "when you lose life": the label's trigger, written in the text
        return {"trigger": "life_reduced"}

    def prot_life_watch(self, count, side, descr, filters=None):
        """"When your life is reduced by an attack from one of your opponent's spirits ...": the trigger watches the
        attacker (CR 7-1-5-3-1)."""
        if count != 1 or side != "opponent":
            raise NotSupported("life reduced by an attack from other than one of your opponent's spirits")
        watch = self._target({}, "opponent", descr, filters)
        if watch.pop("type", "spirit") != "spirit":
            raise NotSupported("attacks from cards other than spirits")
        return {"trigger": "opponent_spirit_reduces_life", **({"watch": watch} if watch else {})}


# the core's @v_args(inline=True) reaches only the methods _Build itself defines: these get theirs one by one
for _name, _fn in list(vars(Rules).items()):
    if callable(_fn) and not _name.startswith("_"):
        setattr(Rules, _name, v_args(inline=True)(_fn))
