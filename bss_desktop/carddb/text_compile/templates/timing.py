"""Templates: timings and triggers: step timings, battle ends, once per turn, the opponent's actions."""
from __future__ import annotations

from lark import v_args

from ..not_supported import NotSupported  # noqa: F401  (raised by the rules below)

GRAMMAR = r"""
// "when the battle ends, ...", "... when the battle ends" (CR 7-1-6-1): a trigger written in the text
%extend watch_event: "the battle ends"                          -> battle_ends
                   | "this battle ends"                         -> battle_ends

// "once per turn, ..." / "... once per turn" / "this effect may only be used once per turn" (ruling T1)
%extend sentence: "once per turn" ","? sentence                 -> once_first
                | sentence "once per turn"                      -> once_last
                | "this effect" ("may" | "can") "only be" ("used" | "activated") "once per turn" -> once_alone
%extend after_when: "once per turn" ","? after_when             -> once_first

// "when you reduce your opponent's life with an attack from 1 of your <kind> spirits, ..." (CR 7-1-5-3-1)
%extend watch_event: "you reduce your opponent's life with an attack from" count "of" owner descr filters? -> watch_attack_from

// "when your opponent uses a magic card from their hand, ..." (CR 10-8-1; not after a burst, CR 10-9)
%extend watch_event: "your opponent uses" count card_descr filters? "from their hand" -> opponent_uses_from_hand
                   | "you use" count card_descr filters? "from your hand" -> you_use_from_hand
// "if this spirit has a "Soul Core" on it, refresh it when ...": the trigger, its effect under the condition
%extend sentence: "if" condition "," statement "when" watch_event -> if_when_last
// "... reduces your opponent's life, discard the top 4 cards of their deck": the opponent's
%extend whose_deck: "their deck"                                -> deck_opponent
// "reduce the spirit's BP by 2000": the spirit selected before
%extend poss_it: "the spirit's"

// "when your opponent draws (a card) (outside of their draw step), ..." (ruling T2); "they must discard a card"
%extend watch_event: "your opponent draws" drawn_cards?              -> opponent_draws
                   | "your opponent draws" drawn_cards? "outside" "of"? "their draw step" -> opponent_draws_outside
                   | "your opponent uses" count "of their" ("effect" | "effects") "to draw" drawn_cards -> opponent_draws_by_effect
                   | count core_word ("is" | "are") ("added to" | "placed into" | "put into") "your opponent's life" -> opponent_life_gained
                   | count card_descr filters? "is discarded from your hand" -> watch_discarded
                   | "your opponent places" count core_word "with" count "of their effects from the void onto" count "of their spirits or into their reserve" -> opp_places_void_cores
drawn_cards: count card_word | card_word
%extend action: "they must discard" count card_word ("from their hand")? -> opponent_discards

// "when 1 of your opponent's spirits is returned to their hand (or their deck), ..."
%extend watch_event: count "of" owner descr filters? returned_to  -> watch_returned
returned_to: ("is returned" | "returns") "to their hand"        -> ret_hand
           | ("is returned" | "returns") "to their hand or" "their"? "deck" -> ret_hand_or_deck

// "when 1 of your <kind> spirits is destroyed by an effect", "when you destroy 1 of your spirits with 1 of your
// effects" (CR 10-1-2)
%extend watch_event: count "of" owner descr filters? "is destroyed by an effect" -> watch_destroyed_by_effect
                   | "you destroy" count "of" owner descr filters? "with" count "of your effects" -> watch_you_destroy
                   | "you destroy" count "of" owner descr filters? "with your effects" -> watch_you_destroy

// "when 1 of your <kind> spirits is destroyed in battle" (CR 7-1-5-2-1)
%extend watch_event: count "of" owner descr filters? "is destroyed in battle" -> watch_destroyed_in_battle

// "when 1 of your <kind> spirits is destroyed, draw a card if you have 5 or fewer cards in your hand"
%extend after_when: statement "if" condition                     -> if_last

// "return 1 of your opponent's attacking spirits to their hand": the attacker, in your opponent's turn (CR 7-1-1)
%extend action: "return" count "of your opponent's attacking spirits to" hand_of -> bounce_their_attacker

// "remove 1 core from the blocking spirit and place it into your opponent's reserve" (CR 7-1-3: the battle's blocker)
%extend core_remove: "remove" count core_word "from" blocking_spirit "and place" it "into" core_to -> remove_blocker
                   | "remove all but" count core_word "from" blocking_spirit "and place" it "into" core_to -> keep_blocker
blocking_spirit: "the blocking spirit" | "your opponent's blocking spirit"

// "select 1 of your opponent's spirits and reduce its BP by 2000 during this turn"
%extend then_on_it: bp_reduce

// "that spirit can block while exhausted during this turn", "it can block your opponent's spirits with 2 or fewer
// cores on them even if exhausted" (CR 1-3-1 over CR 7-1-3-1)
%extend action: allow_block | allow_block_by
allow_block: subject ("can" | "may") "block" exhausted_too duration?
allow_block_by: subject ("can" | "may") "block" "all of"? owner descr filters? exhausted_too duration?
exhausted_too: "while exhausted" | "even if exhausted" | "even while exhausted"
// "the first time your life is reduced each turn, ...", "the first time 1 of your purple spirits is destroyed each
// turn, ..." (ruling T3)
%extend sentence: "the first time" first_event "each turn" "," after_when -> first_time
?first_event: "your life is reduced"                             -> fe_life
            | count "of" owner descr filters? event              -> watch_of

// "each turn, the first spirit you control that attacks gains Curse during this turn" (ruling T3)
%extend sentence: "each turn" ","? "the first" descr "you control that attacks" ("gains" | "gain") KEYWORD duration? -> first_attacker_gains
                | "the first" descr "that attacks each turn" ("gains" | "gain") KEYWORD duration? -> first_attacker_gains

// "During Your Draw Step Draw 1 additional card. After your draw, discard a card." (CR 6-4-2: after that draw)
%extend sentence: "during your draw step" ","? "draw" count "additional" card_word -> additional_draw
                | "after your draw" "," statement                -> after_your_draw

// "that spirit will not refresh during their next refresh step" (CR 6-5-2)
no_refresh: subject ("will not" | "does not" | "do not") "refresh during" refresh_whose "next refresh step"
refresh_whose: ("their" | "its owner's" | "their owner's")    -> of_owner
             | "your opponent's"                               -> of_opponent
%extend action: no_refresh

// "when this battle ends, end the attack step" (CR 6-7-3-2)
%extend action: "end the attack step"                           -> end_attack_step

// "this spirit must attack if able" (CR 1-3-1 over CR 6-7-3-2)
%extend action: subject "must attack if able"                    -> must_attack_if_able

// "... you may return that spirit card from your trash to your hand": the card a watched trigger happened to
%extend action: "return that spirit card from your trash to your hand" -> recover_that
// "if 1 of your nexuses has a "Soul Core" on it, ..."
%extend condition: count "of" owner descr "has a" QUOTED "on it"   -> c_one_has_soul

// "if 1 or more of your spirits has been destroyed this turn, ...", "... unless a spirit has been destroyed this turn"
?destroyed_this_turn: count "of" owner descr has_been_destroyed -> c_destroyed
                    | NUMBER "or more of" owner descr has_been_destroyed -> c_destroyed_min
                    | count "spirit" has_been_destroyed           -> c_destroyed_any
has_been_destroyed: ("has" | "have") "been destroyed this turn"
%extend condition: destroyed_this_turn                          -> c_same
                 | "your opponent used an effect they control to draw" drawn_cards "this turn" -> c_opp_effect_draw
%extend sentence: statement "unless" destroyed_this_turn        -> unless_destroyed

// "at the end of this turn, ...", "... at the end of this turn" (CR 6-8-1-1): it waits for that moment
%extend sentence: "at the end of this turn" ","? statement      -> later_turn
                | statement "at the end of this turn"           -> later_turn

// "if there is a "Soul Core" on this spirit, ...", "... cannot be blocked by any of your opponent's spirits with ..."
%extend condition: "there is a" QUOTED "on this spirit"            -> c_soul_core
%extend blockers: "by any of" owner descr filters?               -> blockers_of

// "this spirit gains Raid: 1 : When This Spirit Attacks Raid: 1": the keyword's reminder, the label it prints
%extend sentence: sentence ":" "when this spirit attacks" KEYWORD ":"? NUMBER -> keyword_reminder

// "when you use a magic card, ... after the effect resolves" (CR 8-5-2-4: it waits for that card's effect anyway)
%extend sentence: "when" watch_event "," after_when "after the effect resolves" -> when_magic_resolved

// "during this turn, when 1 of your <kind> spirits destroys ... via comparing BP, refresh it", "during this battle,
// when that spirit ...", "during this turn, draw a card when ...": a trigger lasting the turn or the battle
%extend sentence: duration ","? "when" during_event "," after_when -> during_first
                | duration ","? draw "when" during_event       -> during_last
// "select 1 of your opponent's spirits. If it attacks or blocks during this turn, ...": whoever's spirit it is
%extend sentence: "if it" it_acts duration "," statement        -> if_it_acts
it_acts: "attacks"                                             -> acts_attack
       | "blocks"                                              -> acts_block
       | "attacks or blocks"                                   -> acts_either
?during_event: watch_event
             | "that spirit destroys" count "of your opponent's spirits" by_battle -> that_wins
             | "that spirit destroys an opponent's spirit" by_battle -> that_wins

// how, and by what, one of your opponent's spirits was destroyed (rules/bss/destroytrig.py; ruling T4), templates
// real cards use: "when N of your opponent's spirits is destroyed via reducing its BP to 0" (CR 9-4-2), "... when N of
// your effects destroys N of your opponent's spirits via reducing its cores to zero" (CR 9-3-2-1), "when this spirit
// destroys N of your opponent's spirits", "when N of your <kind> spirits destroys ...", "when an effect on N of your
// spirits that costs N or more destroys ...", "when N of your spirits or magic that costs N or more destroys ..."
%extend watch_event: count "of" owner descr filters? "is destroyed via reducing its bp to" NUMBER -> watch_bp_zero
                   | "an opponent's spirit is destroyed via reducing its bp to" NUMBER -> opp_bp_zero
                   | count "of your effects destroys" count "of" owner descr filters? "via reducing its cores to" cores_zero -> watch_cores_zero
                   | "this spirit destroys" destroyed_opp  -> self_destroys
                   | count "of" owner descr filters? "destroys" destroyed_opp -> watch_destroys
                   | "an effect on" count "of" owner descr filters? "destroys" destroyed_opp -> watch_effect_destroys
                   | count "of" owner descr "or magic" filters? "destroys" destroyed_opp -> watch_spirit_or_magic_destroys
destroyed_opp: count "of your opponent's spirits"
             | "an opponent's spirit"
cores_zero: "zero" | NUMBER
// "... when N of your spirits that costs N is destroyed in battle via comparing BP with N of your opponent's spirits"
%extend watch_event: count "of" owner descr filters? "is destroyed in battle via comparing bp with" count "of your opponent's spirits" -> watch_destroyed_in_battle

// "when a spirit is summoned from your trash", "when N of your <kind> spirits is summoned from your trash" (CR 10-6-1)
%extend watch_event: count "spirit is summoned from your trash"  -> summoned_from_trash
                   | count "of" owner descr filters? "is summoned from your trash" -> watch_summoned_from_trash

// "when you draw a card with N of your effects, ..." (ruling T2, the player's own draws)
%extend watch_event: "you draw" one_card "with" count "of your effects" -> you_draw_by_effect
one_card: "a card"
// "when <condition> and <event>, ...": the condition holds as it triggers (CR 8-6-2)
%extend sentence: "when" condition "and" watch_event "," after_when -> when_cond_and

// "<statement> if it has higher BP than your opponent's spirit when comparing BP during battle resolution"
%extend sentence: statement "if it has higher bp than your opponent's spirit when comparing bp during battle resolution" -> if_higher_bp
// "when N of your spirits destroys N of your opponent's spirits <filter> in battle, ..." (`watch`: the destroyed one)
%extend watch_event: count "of" owner descr "destroys" count "of your opponent's spirits" filters by_battle -> wins_against
// "... when N of your spirits that is LVN or higher is destroyed by N of your opponent's spirits" (ruling T4);
// "when your opponent's effect discards a card from your deck, ...": the trigger opponent_effect_mills_you of the
// reactions family (its ruling R-5), for one card or more
%extend watch_event: count "of" owner descr filters? "is destroyed by" count "of your opponent's spirits" -> watch_destroyed_by_their_spirit
                   | "your opponent's effect discards" one_card "from your deck" -> opponent_effect_mills
// "when <event>, (you may) summon this spirit card from your trash (exhausted) without paying its cost": an effect
// that works from the trash (ruling T6)
%extend sentence: "when" watch_event "," "you may" trash_summon       -> when_trash_summon_may
                | "when" watch_event "," trash_summon                 -> when_trash_summon
trash_summon: "summon this spirit card from your trash" trash_exhausted? free_cost
trash_exhausted: "exhausted"
// neither battling spirit is destroyed by comparing BP in the battle the magic card is used in (CR 7-1-5-2-1)
%extend sentence: "neither spirit is destroyed when resolving the battle in which this magic card was used" -> spare_battle
// "when N of your spirits is summoned with <keyword>" (Swift only, CR 11-9-1)
%extend watch_event: count "of" owner descr filters? "is summoned with" KEYWORD -> watch_summoned_with

// "select 1 of your opponent's exhausted spirits and attack it", "you may attack that spirit" (CR 10-10-1)
%extend verb_on_it: "attack" it                                 -> attack_on
"""

ONCE = {"_limit": "once_per_turn"}


def _inline(cls):
    """Each method with its children as arguments, as _Build's own are: lark's v_args on _Build leaves the
    methods it inherits (a mixin's) unwrapped, so they are wrapped here."""
    for name, fn in list(vars(cls).items()):
        if callable(fn) and not name.startswith("_"):
            setattr(cls, name, v_args(inline=True)(fn))
    return cls


@_inline
class Rules:
    """Transformer methods of the rules in GRAMMAR (see templates/__init__.py)."""

    def battle_ends(self):  # CR 7-1-6-1: "when the battle ends"; framing keeps it to a battle this card fights
        return {"trigger": "when_battle_ends"}

    def once_first(self, ops):  # ruling T1: once a turn for each card (the vocabulary's `limit: once_per_turn`)
        return [{**ONCE}] + ops

    def once_last(self, ops):
        return self.once_first(ops)

    def once_alone(self):
        return [{**ONCE}]

    def opponent_uses_from_hand(self, count, descr, filters=None):
        return self.you_use(count, descr, filters, "opponent_uses_magic_from_hand")

    def _own_watch(self, count, side, descr, filters, trigger):
        if count != 1 or side != "you":
            raise NotSupported("a destruction by an effect watching other than one of your spirits")
        watch = self._target({}, "you", descr, filters)
        watch.pop("side", None)
        if watch.pop("type", "spirit") != "spirit":
            raise NotSupported("a destruction by an effect of cards other than spirits")
        return {"trigger": trigger, **({"watch": watch} if watch else {})}

    def watch_destroyed_by_effect(self, count, side, descr, filters=None):
        return self._own_watch(count, side, descr, filters, "your_spirit_destroyed_by_effect")

    def watch_you_destroy(self, count, side, descr, *rest):
        filters = next((r for r in rest if isinstance(r, list)), None)
        if any(isinstance(r, int) and r != 1 for r in rest):
            raise NotSupported("a destruction by several effects at once")
        return self._own_watch(count, side, descr, filters, "your_spirit_destroyed_by_your_effect")

    def watch_destroyed_in_battle(self, count, side, descr, *rest):
        filters = next((r for r in rest if isinstance(r, list)), None)
        if any(isinstance(r, int) and r != 1 for r in rest):  # "... with 1 of your opponent's spirits"
            raise NotSupported("a battle with several spirits")
        return self._own_watch(count, side, descr, filters, "your_spirit_destroyed_in_battle")

    # ruling T4 (rules/bss/destroytrig.py): how, and by what, one of your opponent's spirits was destroyed

    def _watched_spirit(self, count, side, descr, filters, want: str, trigger: str):
        """One spirit of `want`'s side ("1 of your opponent's spirits"), `watch` the rest of what the text says."""
        if count != 1 or side != want:
            raise NotSupported(f"'{trigger}' watching other than one of {'your' if want == 'you' else 'their'} "
                               "spirits")
        watch = self._target({}, side, descr, filters)
        watch.pop("side", None)
        if watch.pop("type", "spirit") != "spirit":
            raise NotSupported(f"'{trigger}' watching cards other than spirits")
        return {"trigger": trigger, **({"watch": watch} if watch else {})}

    def watch_bp_zero(self, count, side, descr, *rest):  # CR 9-4-2
        filters = next((r for r in rest if isinstance(r, list)), None)
        if int(rest[-1]) != 0:
            raise NotSupported("a destruction by BP reduced to other than 0")
        return self._watched_spirit(count, side, descr, filters, "opponent", "opponent_spirit_destroyed_bp_zero")

    def opp_bp_zero(self, n):
        return self.watch_bp_zero(1, "opponent", {"type": "spirit"}, n)

    def cores_zero(self, n=None):
        return 0 if n is None else int(n)

    def watch_cores_zero(self, effects, count, side, descr, *rest):  # CR 9-3-2-1
        filters = next((r for r in rest if isinstance(r, list)), None)
        if effects != 1 or rest[-1] != 0:
            raise NotSupported("a destruction by several effects, or by cores reduced to other than zero")
        return self._watched_spirit(count, side, descr, filters, "opponent", "opponent_spirit_destroyed_cores_by_you")

    def destroyed_opp(self, count=1):
        if count != 1:
            raise NotSupported("several of your opponent's spirits destroyed at once")
        return None

    def self_destroys(self, _d):  # ruling T4: in battle with it, or by one of its effects
        return {"trigger": "when_destroys"}

    def watch_destroys(self, count, side, descr, *rest):
        filters = next((r for r in rest if isinstance(r, list)), None)
        return self._watched_spirit(count, side, descr, filters, "you", "your_spirit_destroys")

    def watch_spirit_or_magic_destroys(self, count, side, descr, *rest):  # "1 of your spirits or magic that ..."
        filters = next((r for r in rest if isinstance(r, list)), None)
        if count != 1 or side != "you" or descr != {"type": "spirit"}:
            raise NotSupported("'spirits or magic' other than one of your spirits or magic cards")
        watch = self._target({}, "you", {"type": "any"}, filters)
        watch.pop("side", None)
        if watch.pop("type", "any") != "any" or any(k in watch for k in ("bp_max", "bp_min", "level_max",
                                                                          "exhausted", "soul_core", "cores_min",
                                                                          "cores_max")):
            raise NotSupported("a filter 'spirits or magic' cannot share (a spirit's BP, level, cores)")
        return {"trigger": "your_spirit_or_magic_destroys", **({"watch": watch} if watch else {})}

    def one_card(self, *_):
        return None

    def you_draw_by_effect(self, _card, count):
        if count != 1:
            raise NotSupported("draws by several of your effects at once")
        return {"trigger": "you_draw_by_effect"}

    def when_cond_and(self, cond, event, ops):  # a condition of the trigger: the effect's own (CR 8-6-2)
        if event["trigger"] in ("when_battle_ends", "start_of_step"):  # (framed apart: the condition would be lost)
            raise NotSupported(f"a condition beside {event['trigger']}")
        if set(cond) & set(event.get("condition", {})) or any(k.startswith("_") for op in ops for k in op):
            raise NotSupported("a condition with the trigger beside another of the same, a cost or a limit")
        return self.when_first({**event, "condition": {**event.get("condition", {}), **cond}}, ops)

    def if_higher_bp(self, ops):  # CR 7-1-5-2-1: this spirit's BP compared with the one it battles
        return self.when_first({"trigger": "when_higher_bp"}, ops)

    def watch_summoned_with(self, count, side, descr, *rest):
        filters = next((r for r in rest if isinstance(r, list)), None)
        if str(rest[-1]).lower() != "swift":
            raise NotSupported(f"summoned with {rest[-1]}")
        return self._watched_spirit(count, side, descr, filters, "you", "your_spirit_summoned_with_swift")

    def wins_against(self, count, side, descr, n, filters, _by=None):
        if count != 1 or side != "you" or descr != {"type": "spirit"}:
            raise NotSupported("a battle won by other than one of your spirits")
        if n != 1:
            raise NotSupported("several of your opponent's spirits destroyed at once")
        return self._watched_spirit(n, "opponent", {"type": "spirit"}, filters, "opponent",
                                    "your_spirit_wins_battle_against")

    def watch_destroyed_by_their_spirit(self, count, side, descr, *rest):
        filters = next((r for r in rest if isinstance(r, list)), None)
        if rest[-1] != 1:
            raise NotSupported("a destruction by several of your opponent's spirits at once")
        return self._watched_spirit(count, side, descr, filters, "you", "your_spirit_destroyed_by_opponent_spirit")

    def opponent_effect_mills(self, _card):  # CR 10-2-1
        return {"trigger": "opponent_effect_mills_you"}

    _IN_TRASH = {"opponent_spirit_destroyed_bp_zero": "trash_opponent_spirit_destroyed_bp_zero"}

    def trash_exhausted(self):
        return True

    def trash_summon(self, *rest):  # ruling T6: its LV1 cores from your reserve, as "summon it without paying its cost"
        return {"summon": {"target": "this", "cores": "reserve", **({"exhausted": True} if True in rest else {})}}

    def when_trash_summon(self, event, op, may=False):
        trigger = self._IN_TRASH.get(event["trigger"])
        if trigger is None or set(event) - {"trigger"}:
            raise NotSupported(f"this card summoned from the trash on {event['trigger']}")
        return [{"_trigger": {"trigger": trigger}}, {**op, **({"may": True} if may else {})}]

    def when_trash_summon_may(self, event, op):
        return self.when_trash_summon(event, op, may=True)

    def spare_battle(self):
        return [{"spare_battle": True}]

    def summoned_from_trash(self, count):  # CR 10-6-1: only your spirit cards are summoned from your trash
        if count != 1:
            raise NotSupported("several spirits summoned from the trash at once")
        return {"trigger": "your_spirit_summoned_from_trash"}

    def watch_summoned_from_trash(self, count, side, descr, filters=None):
        return self._watched_spirit(count, side, descr, filters, "you", "your_spirit_summoned_from_trash")

    def watch_effect_destroys(self, count, side, descr, *rest):
        filters = next((r for r in rest if isinstance(r, list)), None)
        return self._watched_spirit(count, side, descr, filters, "you", "your_spirit_effect_destroys")

    def bounce_their_attacker(self, count, _hand):
        if count != 1:
            raise NotSupported("more than the one attacking spirit")
        return [{"bounce": "attacker", "if": {"your_turn": False}}]

    def watch_returned(self, count, side, descr, *rest):
        if count != 1 or side != "opponent" or descr != {"type": "spirit"} or len(rest) != 1:
            raise NotSupported("a return to the hand watching other than one of your opponent's spirits")
        return {"trigger": rest[0]}

    def ret_hand(self, *_):
        return "opponent_spirit_returned_to_hand"

    def ret_hand_or_deck(self, *_):
        return "opponent_spirit_returned"

    def drawn_cards(self, *_):
        return None

    def opponent_draws(self, *_):
        return {"trigger": "opponent_draws"}

    def opponent_draws_by_effect(self, count, *_):
        if count != 1:
            raise NotSupported("draws by several of their effects at once")
        return {"trigger": "opponent_draws_by_effect"}

    def if_when_last(self, cond, ops, event):
        return self.when_first(event, self.if_first(cond, ops))

    def watch_discarded(self, count, descr, filters=None):  # CR 10-2-2
        if count != 1:
            raise NotSupported("several cards discarded at once")
        watch = self._target({}, "you", descr, filters)
        watch.pop("side", None)
        return {"trigger": "your_card_discarded", "watch": watch}

    def opp_places_void_cores(self, *counts):
        if any(isinstance(c, int) and c != 1 for c in counts):
            raise NotSupported("cores placed by several effects, or on several spirits, at once")
        return {"trigger": "opponent_places_void_cores"}

    def opponent_life_gained(self, *_):
        return {"trigger": "opponent_life_gained"}

    def opponent_draws_outside(self, *_):
        return {"trigger": "opponent_draws_outside_draw_step"}

    def you_use_from_hand(self, count, descr, filters=None):
        return self.you_use(count, descr, filters, "you_use_magic_from_hand")

    def blocking_spirit(self, *_):
        return None

    def remove_blocker(self, count, _w, _b, _it, to):
        return [{"core_remove": {"target": "blocker", **self._core_to(count, to)}}]

    def keep_blocker(self, count, _w, _b, _it, to):
        d = self._core_to(count, to)
        return [{"core_remove": {"target": "blocker", "keep": d.pop("count"), **d}}]

    def fe_life(self):
        return {"trigger": "life_reduced"}

    def first_time(self, event, ops):
        from ...effects import FIRST_TIME_TRIGGERS

        if event["trigger"] not in FIRST_TIME_TRIGGERS:
            raise NotSupported(f"'the first time ... each turn' on {event['trigger']}")
        return [{"_trigger": event}, {"_limit": "first_time"}] + ops

    def first_attacker_gains(self, descr, kw, duration=None):
        watch = {k: v for k, v in descr.items() if k != "type"}
        if descr.get("type") != "spirit":
            raise NotSupported("the first attacker of a kind other than spirits")
        event = {"trigger": "your_spirit_attacks", **({"watch": watch} if watch else {})}
        return self.first_time(event, self.gains_keyword("it", kw, duration))

    def additional_draw(self, count, _w):
        return [{"_trigger": {"trigger": "draw_step_draw"}}, {"draw": count}]

    def after_your_draw(self, ops):  # "after your draw" (the sentences of an effect happen in order anyway)
        return ops

    def of_owner(self, *_):
        return "owner"

    def of_opponent(self, *_):
        return "opponent"

    def no_refresh(self, subject, whose):  # the refresh step of the spirit's owner (CR 6-5-2)
        if whose == "opponent" and not (isinstance(subject, dict) and subject.get("side", "opponent") == "opponent"):
            raise NotSupported("'your opponent's next refresh step' for spirits that may not be theirs")
        return [{"restrict": {"target": subject, "cannot": "refresh_step"}}]

    def end_attack_step(self):
        return [{"end_attack_step": True}]

    def must_attack_if_able(self, subject):
        return [{"must_attack": subject}]

    def recover_that(self):  # "it" named by the assembler: the trigger card (or refused)
        return [{"recover": "it"}]

    def exhausted_too(self, *_):
        return None

    def allow_block(self, subject, _ex=None, duration=None):
        return [{"allow": {"target": subject, "can": "block_exhausted", "_duration": duration}}]

    def allow_block_by(self, subject, side, descr, *rest):
        filters = next((r for r in rest if isinstance(r, list)), None)
        duration = next((r for r in rest if isinstance(r, str)), None)
        if side != "opponent":
            raise NotSupported("blocking spirits other than the opponent's")
        by = self._target({}, "opponent", descr, filters)
        if by.get("type", "spirit") != "spirit":
            raise NotSupported("blocking cards other than spirits")
        by.pop("type", None)
        return [{"allow": {"target": subject, "can": "block_exhausted", **({"by": by} if by else {}),
                           "_duration": duration}}]

    def c_one_has_soul(self, count, side, descr, q):
        self._soul(q)
        if side != "you":
            raise NotSupported("a soul core on an opponent's card")
        t = self._target({}, "you", descr, None)
        return {"control": {**t, "soul_core": True}, **({"control_min": count} if count != 1 else {})}

    def keyword_reminder(self, ops, kw, n):
        want = {str(kw): int(n)}
        if not any(isinstance(op.get("grant"), dict) and op["grant"].get("keyword") == want for op in ops):
            raise NotSupported("a keyword's reminder after an effect that does not give it")
        return ops

    def when_magic_resolved(self, event, ops):
        if event.get("trigger") not in ("you_use_magic", "opponent_uses_magic", "opponent_uses_magic_from_hand",
                                        "you_use_magic_from_hand"):
            raise NotSupported("'after the effect resolves' after a trigger other than a magic card's use")
        return self.when_first(event, ops)

    def that_wins(self, *_):  # "when that spirit destroys ...": the spirit selected before (CR 7-1-5-2-1)
        return {"trigger": "your_spirit_wins_battle", "_that": True}

    def during_first(self, duration, event, ops):
        return self._during(duration, event, ops)

    def during_last(self, duration, ops, event):
        return self._during(duration, event, ops)

    def _during(self, duration, event, ops):
        from ...effects import DURING_TRIGGERS

        if event["trigger"] not in DURING_TRIGGERS:
            raise NotSupported(f"a trigger lasting this {duration} on {event['trigger']}")
        if any(k.startswith("_") for op in ops for k in op):
            raise NotSupported("a cost or a trigger inside a trigger lasting a while")
        do, selected = [], False
        for op in ops:  # "it" before any selection: the spirit the trigger happened to
            name = next(k for k in op if k not in ("may", "if_done", "if"))
            value = op[name]
            if not selected and value == "it":
                op = {**op, name: "trigger"}
            elif not selected and isinstance(value, dict) and value.get("target") == "it":
                op = {**op, name: {**value, "target": "trigger"}}
            if isinstance(value, dict) and (name == "select" or isinstance(value.get("target"), dict)):
                selected = True
            do.append(op)
        out = {"duration": duration, "trigger": event["trigger"]}
        if event.get("watch"):
            out["watch"] = event["watch"]
        if event.get("_that"):
            out["target"] = "it"
        return [{"during": {**out, "do": do}}]

    def acts_attack(self):
        return ("attacks",)

    def acts_block(self):
        return ("blocks",)

    def acts_either(self):
        return ("attacks", "blocks")

    def if_it_acts(self, acts, duration, ops):
        """Triggers on the selected cards (`target: it`), on both sides' events: only the side whose spirit it is
        ever fires them (resolution._fire_temporary)."""
        names = {"attacks": ("your_spirit_attacks", "opponent_attacks"),
                 "blocks": ("your_spirit_blocks", "opponent_blocks")}
        out = []
        for act in acts:
            for trigger in names[act]:
                out += self._during(duration, {"trigger": trigger, "_that": True}, ops)
        return out

    def later_turn(self, ops):
        return [{"later": {"at": "turn_end", "do": ops}}]

    def has_been_destroyed(self, *_):
        return None

    def c_destroyed(self, count, side, descr, *_):  # spirits destroyed this turn (not self-destructions, 10-1-1-1)
        if descr != {"type": "spirit"}:
            raise NotSupported("a count of destroyed spirits of one kind")
        return {"count": {"destroyed": {"side": side}}, "count_min": count}

    def c_destroyed_min(self, n, side, descr, *_):
        return self.c_destroyed(int(n), side, descr)

    def c_destroyed_any(self, count, *_):
        return {"count": {"destroyed": {"side": "any"}}, "count_min": count}

    def c_opp_effect_draw(self, *_):  # ruling T2: a draw one of their own effects made
        return {"count": {"effect_draws": {"side": "opponent"}}, "count_min": 1}

    def c_same(self, cond):
        return cond

    def unless_destroyed(self, ops, cond):  # "unless N ... has been destroyed": while fewer than N have
        inverted = {"count": cond["count"], "count_max": cond["count_min"] - 1}
        return [{**op, "if": inverted} for op in ops]

    def attack_on(self, _it):  # CR 10-10-1: this (attacking) spirit attacks the selected spirit, which blocks
        return ("attack_spirit", {})


# triggers that resolve while the battle this spirit fights goes on: "... when the battle ends" waits for its end
_IN_BATTLE = ("when_attacks", "when_blocks", "when_attacks_or_blocks", "when_blocked")


def battle_end_frame(frame, sentences):
    """"... when the battle ends" written in an effect (the first sentence starts with its `_trigger` mark).

    Under a "While This Spirit Attacks/Blocks" label: the trigger of the battle this spirit attacks (or blocks) in
    ending (CR 7-1-6-1), the label's "while" read as the battle ends, not again when the effect resolves after it
    (a condition would be, CR 8-3-3). Under a "When This Spirit Attacks/Blocks" label: what the effect does waits
    for the end of that battle (`later`, CR 7-1-6-1), whatever the spirit's level is then; so does a magic card's
    (used in a battle; outside one nothing waits). Elsewhere the text means
    a battle no trigger of the vocabulary names: (frame, why not)."""
    from dataclasses import replace

    first = sentences[0]
    sentences[0] = replace(first, ops=first.ops[1:])
    if (frame.kind == "triggered" and frame.trigger in _IN_BATTLE or frame.kind == "magic") and not frame.condition:
        ops = [op for s in sentences for op in s.ops]
        if not ops or any(k.startswith("_") for op in ops for k in op) or any(s.effect_keys for s in sentences):
            return frame, "'when the battle ends' with a cost, a limit or a note of its own"
        sentences[0] = replace(sentences[0], ops=[{"later": {"at": "battle_end", "do": ops}}])
        for n in range(1, len(sentences)):
            sentences[n] = replace(sentences[n], ops=[])
        return frame, ""
    cond = dict(frame.condition)
    attacking, blocking = cond.pop("attacking", None), cond.pop("blocking", None)
    if frame.kind != "constant" or frame.timing or (attacking, blocking) not in ((True, None), (None, True)):
        return frame, "'when the battle ends' on a card whose label puts it in no battle"
    trigger = "when_attack_ends" if attacking else "when_block_ends"
    return replace(frame, kind="triggered", trigger=trigger, condition=cond), ""
