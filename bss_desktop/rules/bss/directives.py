"""Directives at run time: what each word of the effect vocabulary does (CR 8-2, 8-5-3, 10, 12-3).

`Directives` is mixed into `Game` (through `Resolution`). `_directive(a, d)`
performs one directive of activation `a`: its modifiers first ("if you do",
"if ...", "you may"), then `_do_<op>`. A handler returns `WAIT` while a player
decides (a choice is pending; the directive runs again with the answer) or
whether it did something (for a following "if you do"). Selections made for a
directive are kept on the activation (`a.cur`) across its choices, and the last
selection is what "it" refers to (`a.selected`).
"""
from __future__ import annotations

from dataclasses import replace

from ...engine import stats, table_cards
from . import continuous, counting, link, misc, protection, reactions
from ...limits import MAX_ZONE_CARDS
from ...engine.state import Card, Cause, Continuous, Grant
from .targets import candidates, condition_holds, count_value, matches

WAIT = object()  # a handler's answer while a player decides


def _filtered(t) -> bool:
    """Whether a target asks for cards with particular information (CR 8-5-3-5: in a private area the chooser may
    then ignore cards that fit)."""
    return t.type != "any" or any(getattr(t, k) not in (None, (), False) for k in (
        "bp_max", "bp_min", "cost_max", "cost_min", "level_max", "level_min", "colors", "family", "exhausted", "keyword", "keywords",
        "name_has", "costs", "families", "token", "same_cost", "colors_min", "name_not",
        "name_is", "colors_max"))


class Directives:
    # ------------------------------------------------------------------ protections (protection.py)

    def _guarded(self) -> bool:
        """Whether a protection could apply now (targets.candidates asks before _unselectable)."""
        return protection.any_protection(self)

    def _unselectable(self, iid: int, source: int) -> bool:
        """A restriction says `iid` cannot be selected by the effects of cards like `source` (ruling P1)."""
        return protection.protected(self, iid, "be_selected", source)

    # ------------------------------------------------------------------ amounts

    def _amount(self, a, d) -> int:
        """The directive's number now: N, X (CR 4-6-3), or N for each one counted beyond the first `minus` (never
        fewer than none: a negative count does not do the opposite, CR 1-3-2-3)."""
        v = d.amount
        if v == "X":
            v = a.x
        elif v == "-X":
            v = -a.x
        elif v is None:
            v = 1
        if d.per is not None:
            v = v * max(0, count_value(self, d.per, a.source, a.controller, a) - d.minus)
            if d.most is not None:  # "a maximum of N" (counting.py, ruling C-13)
                v = min(v, d.most)
        return v

    # ------------------------------------------------------------------ selecting (CR 8-5-3)

    def _ref(self, a, ref: str) -> int | None:
        b = self.state.battle
        if ref == "this":
            return a.source
        if ref == "attacker":
            return b.attacker if b else None
        if ref == "blocker":
            return b.blocker if b else None
        if ref == "linked":  # docs/saga-rulings.md "Link"
            return link.partner(self, a.source)
        return a.trigger_card

    def _select_now(self, a, t) -> list[int]:
        """Cards a reference or an "all" target means, without asking (CR 8-8-1-4: fixed now)."""
        if t.ref == "it":
            return list(a.selected)
        if t.ref == "changed":  # rules/bss/misc.py
            return [i for i in (a.changed or ()) if self.state.cards[i].zone == t.zone]
        if t.ref is not None:
            iid = self._ref(a, t.ref)
            return [iid] if iid is not None and self.state.cards[iid].zone == t.zone else []
        return candidates(self, t, a.controller, a.source, selecting=t.mode != "all")

    def _select(self, a, t, prompt: str = ""):
        """The cards a directive acts on, or None while a player is asked (CR 8-5-3). Kept for the directive."""
        if a.cur is not None:
            return a.cur
        t = counting.fixed_target(self, a, t)  # "BP equal to or fewer than the selected spirit" (ruling C-4)
        if t.ref is not None or t.mode == "all":
            chosen = self._select_now(a, t)
        elif t.side == "each":
            chosen = self._select_each(a, t, prompt)
        else:  # "your opponent selects 1 of their spirits": they choose among their own
            chooser = 1 - a.controller if t.chooser == "opponent" else a.controller
            chosen = self._pick(a, t, candidates(self, t, a.controller, a.source), chooser, prompt)
        if chosen is None:
            return None
        a.cur = list(chosen)
        return a.cur

    def _pick(self, a, t, cands: list, chooser: int, prompt: str):
        """Choose among `cands` as the target's mode says; None while `chooser` is asked."""
        n = counting.selection_count(a, t, None if t.per is None else count_value(  # N, X, or N for each one
            self, t.per, a.source, a.controller, a))  # counted as it is made (ruling C-1)
        if t.total_bp_max is not None:  # "a combined total of N BP or less": no card above N can be among them
            cands = [i for i in cands if stats.bp(self, i) <= t.total_bp_max]
        if t.total_cost_max is not None:  # "a combined total of N or fewer cost": their printed costs
            cands = [i for i in cands if self._defs[self.state.cards[i].cid].cost <= t.total_cost_max]
        if t.mode == "exact":  # CR 8-5-3-1, 8-5-3-3
            lo = hi = min(n, len(cands))
            if t.zone == "hand" and (chooser != a.controller or _filtered(t)):
                lo = 0  # CR 8-5-3-5: a private area; the chooser need not find cards with the information asked
            if len(cands) <= n and lo == hi:  # fewer than needed: all of them
                return list(cands)
        elif t.mode == "up_to":  # CR 8-5-3-2
            lo, hi = 0, min(n, len(cands))
        else:  # any number
            lo, hi = 0, len(cands)
        if hi == 0:
            return []  # CR 8-5-3-4
        ans = self._take_answer("target")
        if ans is None:
            if t.total_cost_max is not None:
                self._ask("target", chooser, cands, lo, hi, prompt=prompt, source=a.source, limit=t.total_cost_max,
                          limit_by="cost")
            else:
                self._ask("target", chooser, cands, lo, hi, prompt=prompt, source=a.source, limit=t.total_bp_max)
            return None
        return list(ans)

    def _select_each(self, a, t, prompt: str):
        """"Each player selects ...": the turn player first, then the opponent (CR 1-3-4), each among their own
        cards; the directive then acts on all of them at once."""
        tp = self.state.turn_player
        while len(a.picks) < 2:
            p = (tp, 1 - tp)[len(a.picks)]
            own = replace(t, side="you" if p == a.controller else "opponent")
            chosen = self._pick(a, own, candidates(self, own, a.controller, a.source), p, prompt)
            if chosen is None:
                return None
            a.picks.append(list(chosen))
        out = a.picks[0] + a.picks[1]
        a.picks = []
        return out

    # ------------------------------------------------------------------ performing one directive

    def _directive(self, a, d):
        """Perform one directive: WAIT while a player decides, else whether it did something."""
        if d.if_done and not a.acted:  # "if you do, ...": the directive before it did nothing
            return False
        if d.cond is not None and not condition_holds(self, d.cond, a.source, a.controller, a):
            return False
        if d.may and not a.asked:  # CR 8-1-8
            ans = self._take_answer("may")
            if ans is None:
                from ...carddb.card_text import directive_text

                text = directive_text(d, self._defs[self.state.cards[a.source].cid])
                self._ask("may", a.controller, [True, False], prompt=f"you may: {text}", source=a.source)
                return WAIT
            if not ans:
                return False
            a.asked = True
        return getattr(self, "_do_" + d.op)(a, d)

    def _run_directives(self, a, directives) -> bool:
        """Perform directives from a.step; False while a choice (or another effect's activation) comes first."""
        st = self.state
        while a.step < len(directives):
            d = directives[a.step]
            if d.after:  # STD 5-19-3/4: "after this effect resolves, ..."
                if a.shortfall:  # the part before it was not all done: the rest of the effect is not
                    a.step = len(directives)
                    break
                newer = [x for x in st.queue if x is not a and x.ts > a.ts]
                if newer:  # the triggers the part before caused resolve first: this effect waits under them
                    st.queue.remove(a)
                    st.queue.insert(st.queue.index(newer[0]), a)
                    return False
            done = self._directive(a, d)
            if done is WAIT:
                return False
            a.acted = done is not False
            if not a.acted and not a.shortfall and any(x.after for x in directives[a.step + 1:]):
                a.shortfall = True
            if d.target is not None and d.target.ref is None:
                a.selected = list(a.cur or ())  # what "it" refers to from now on
            if d.op in counting.STRIKING_OPS and a.cur and "destroyed_by_this" in self._reads:
                a.struck = counting.struck(a, a.cur)  # "for each spirit destroyed by this effect" (ruling C-2)
            a.cur, a.picks, a.asked = None, [], False
            a.step += 1
            self._flush_triggers()
            if st.result is not None or st.choice is not None or self._activation_waiting() is not None:
                return False
        return True

    def _must_hold(self, a, directives) -> bool:
        """STD 5-19-5: every directive marked `must` can be done in full now (its number of cards is there), or
        the effect does nothing."""
        st = self.state
        for d in directives:
            if not d.must:
                continue
            if d.target is None:  # draw, discard, mill: cards of a deck or a hand
                n = self._amount(a, d)
                p = a.controller if (d.side or ("you" if d.op != "mill" else "opponent")) == "you" else 1 - a.controller
                pile = st.players[p].hand if d.op == "discard" else st.players[p].deck
                if len(pile) < n:
                    return False
            elif len(candidates(self, d.target, a.controller, a.source)) < d.target.count:
                return False
        return True

    def _on_field(self, a, d, prompt: str):
        """The selected cards still on the field (continuous effects apply to field cards, CR 8-8-1-4), or WAIT."""
        chosen = self._select(a, d.target, prompt=prompt)
        if chosen is None:
            return WAIT
        return [i for i in chosen if self.state.cards[i].zone == "field"]

    def _targets_then(self, a, d, fn, prompt=""):
        chosen = self._select(a, d.target, prompt=prompt)
        if chosen is None:
            return WAIT
        done = False
        changed = []
        for iid in chosen:
            if fn(iid) is not False:
                done = True
                changed.append(iid)
        if "changed" in self._reads:  # "spirits refreshed by this effect" (rules/bss/misc.py)
            a.changed = changed
        return done

    # ------------------------------------------------------------------ cores (CR 8-5-6)

    def _split_cores(self, a, place, owner: int, n: int, to: str):
        """How `n` cores taken from `place` (a card, or "reserve") split into regular cores and the soul core:
        (regular, soul), or WAIT while the cores' controller chooses core or soul core (CR 8-5-6). The soul core
        never goes into a life or the void this way (CR 4-11-3)."""
        st = self.state
        player = st.players[owner]
        regular = {"reserve": player.reserve, "trash": player.trash_cores}.get(place)
        regular = st.cards[place].cores if regular is None else regular
        soul_here = player.soul == place and to not in ("void", "life")
        if not soul_here or n <= 0:
            return min(n, regular), False
        if regular < n:  # as many as there are (CR 1-3-2): the soul core is among them
            return regular, True
        ans = self._take_answer("cores")
        if ans is None:
            code = {"reserve": 0, "trash": -2}.get(place, place)  # -2: the trash's core section (CR 3-4-1)
            where = {"reserve": "your reserve", "trash": "your trash"}.get(place) or \
                self._defs[st.cards[place].cid].name
            self._ask("cores", owner, [code, -1], n, n, source=a.source, counts=[regular, 1],
                      prompt=f"{n} core(s) leave {where}: regular cores or the soul core? (CR 8-5-6)")
            return WAIT
        souls = list(ans).count(-1)
        return n - souls, souls > 0

    # ------------------------------------------------------------------ the directives

    def _do_draw(self, a, d):
        drew = False
        st = self.state
        players = (a.controller, 1 - a.controller) if d.side == "each" else \
            (1 - a.controller,) if d.side == "opponent" else (a.controller,)
        for p in players:  # "you and your opponent each draw": you first (CR 1-3-4)
            if d.keep is not None:  # "draw cards until you have N cards in your hand" (or as many as counted, C-8)
                n = d.keep - len(st.players[p].hand) + (
                    count_value(self, d.per, a.source, a.controller, a) if d.per is not None else 0)
            else:
                n = self._amount(a, d)
            if n <= 0:  # CR 4-5-3, 1-3-2-3: zero or fewer times is not at all
                continue
            before = len(st.players[p].hand)
            self._draw(p, n)
            drew = True
            if p == a.controller and len(st.players[p].hand) > before:  # ruling T2: a draw of the player's own
                if "effect_draws" in self._reads:  # effect (your effect making your opponent draw is not theirs)
                    st.effect_draws[p] += 1
                self._fire_side(1 - p, "opponent_draws_by_effect")
                self._fire_side(p, "you_draw_by_effect")  # "when you draw a card with one of your effects"
        return drew

    def _discard_cands(self, a, d, p: int) -> list:
        """The cards of player `p`'s hand a discard may take (those of the kind it names, "discard a nexus card")."""
        hand = list(self.state.players[p].hand)
        if protection.any_protection(self):  # "your opponent's effects cannot discard cards from your hand" (P13)
            hand = [i for i in hand if not protection.protected(self, i, "be_discarded", a.source)]
        if d.target is None:
            return hand
        t = replace(d.target, side="you" if p == a.controller else "opponent")
        return [i for i in hand if matches(self, i, t, a.controller, a.source)]

    def _do_discard(self, a, d):
        """Each discarding player chooses from their own hand, the turn player first (CR 1-3-4, 10-2-2): they
        see it, so they discard as many as asked while they can; a filtered discard may come up short (CR 8-5-3-5)."""
        any_number = d.mode == "any_number"  # "discard any number of cards" (ruling C-6)
        n = len(self.state.players[a.controller].hand) if any_number else self._amount(a, d)
        if n <= 0:
            return False
        tp = self.state.turn_player
        who = {"opponent": [1 - a.controller], "each": [tp, 1 - tp]}.get(d.side or "you", [a.controller])
        while len(a.picks) < len(who):
            p = who[len(a.picks)]
            cands = self._discard_cands(a, d, p)
            hi = min(n, len(cands))
            lo = 0 if d.target is not None or any_number else hi
            if lo == hi:
                chosen = list(cands) if hi == len(cands) else None
            else:
                chosen = None
            if chosen is None:
                ans = self._take_answer("target")
                if ans is None:
                    self._ask("target", p, cands, lo, hi, prompt=f"discard {n}", source=a.source)
                    return WAIT
                chosen = list(ans)
            a.picks.append(chosen)
        done = False
        for chosen in a.picks:
            for iid in chosen:
                self._move_card(iid, "trash", "discard")  # CR 10-2-2
                done = True
        if "discarded_from_hand" in self._reads:  # "for each card you discarded" (counting.py, ruling C-6)
            a.dropped = [*(a.dropped or ()), *(i for chosen in a.picks for i in chosen)]
        a.picks = []
        return done

    def _do_mill(self, a, d):
        p = a.controller if d.side == "you" else 1 - a.controller
        deck = self.state.players[p].deck
        milled = []  # "the discarded cards" from now on (count "discarded", recover among: discarded), kept on the
        # activation only where a card of this game reads them (its state as it was otherwise)
        for _ in range(self._amount(a, d)):  # CR 1-3-2: as many as possible
            if not deck:
                break
            milled.append(deck[-1])
            self._move_card(deck[-1], "trash", "mill")
        if "discarded" in self._reads:
            a.discarded = milled
        reactions.deck_discarded(self, a, p, milled)  # "when your opponent's effect discards N or more cards"
        return bool(milled)

    def _do_destroy(self, a, d):
        chosen = self._select(a, d.target, prompt="destroy")
        if chosen is None:
            return WAIT
        src_def = self._defs[self.state.cards[a.source].cid]
        guarded = protection.any_protection(self)
        doomed = []
        for iid in chosen:
            if self.state.cards[iid].zone != "field":
                continue
            owner = self.state.cards[iid].owner
            # CR 11-13-1 (ruling 5): 【A.T. Field】 with the soul core stops the opponent's spirits' destruction effects
            if (owner != a.controller and src_def.type == "spirit" and self.state.players[owner].soul == iid
                    and continuous.has_keyword(self, iid, "at_field")):
                self._emit("destruction_prevented", card=iid, by="at_field")
                continue
            if guarded and protection.protected(self, iid, "be_destroyed", a.source):  # protection.py
                self._emit("destruction_prevented", card=iid, by="restriction")
                continue
            # "effect_quiet": the opponent's "When Destroyed" effects are not triggered by it (protection.py, P10)
            doomed.append((iid, Cause("effect_quiet" if d.quiet else "effect", a.controller, a.source)))
        if doomed and "destroyed_symbols" in self._reads:  # their last state on the field (counting.py, C-12)
            a.last = {**(a.last or {}), **counting.last_symbols(self, [i for i, _ in doomed])}
        if doomed:
            self._destroy(doomed)
        return bool(doomed)

    def _do_exhaust(self, a, d):
        return self._targets_then(a, d, lambda i: self._exhaust(i, True), "exhaust")

    def _do_refresh(self, a, d):
        return self._targets_then(a, d, lambda i: self._exhaust(i, False), "refresh")

    def _exhaust(self, iid: int, exhausted: bool) -> bool:
        card = self.state.cards[iid]
        if card.zone != "field":
            return False
        table = self.state.table
        if not exhausted and table is not None and iid in table.marks and table.marks[iid].turn == "heavy_exhausted":
            # STD 5-14-2: refreshing a heavy exhausted card makes it exhausted; its "when refreshed" effects trigger
            table.marks[iid].turn = None
            table.tidy(iid)
            self._emit("exhaust", card=iid, exhausted=True, heavy=True)
            return True
        if card.exhausted == exhausted:
            return False  # CR 1-3-2-1: a state that already exists is not established again
        self._set_exhausted(iid, exhausted)
        return True

    def _do_heavy_exhaust(self, a, d):
        return self._targets_then(a, d, self._heavy_exhaust, "heavy exhaust")

    def _heavy_exhaust(self, iid: int) -> bool:
        """STD 5-16-1, 5-5-1-3: the field card turns heavy exhausted (the table's `heavy_exhausted` orientation); it
        counts as exhausted, and "when exhausted" effects trigger (5-16-1), whether it was refreshed or exhausted. A
        card heavy exhausted already is not heavy exhausted again (CR 1-3-2-1). A game without that orientation
        (Battle Spirits Saga) has no such state: the card is exhausted."""
        st = self.state
        card = st.cards[iid]
        if card.zone != "field":
            return False
        table = st.table
        if table is None or "heavy_exhausted" not in self.profile.orientations:
            return self._exhaust(iid, True)
        mark = table.marks.get(iid)
        if mark is not None and mark.turn == "heavy_exhausted":
            return False
        table.mark(iid).turn = "heavy_exhausted"
        card.exhausted = True
        self._emit("exhaust", card=iid, exhausted=True, heavy_exhausted=True)
        return True

    def _do_remove_from_game(self, a, d):
        """STD 4-9: the cards go to their owner's removed-from-game area (the profile's `exile` zone), a field card's
        cores to its owner's reserve (CR 3-5-5); in a game without that area (Battle Spirits Saga) they leave the
        game ("removed", as a token does)."""
        st = self.state
        zone = "field" if d.target.ref is not None else d.target.zone
        dst = "exile" if st.table is not None and "exile" in self.profile.zones else "removed"

        def go(iid):
            card = st.cards[iid]
            if card.zone != zone:
                return False
            if zone == "field":
                self._leave_field(iid, dst, "remove_from_game")
            else:
                self._move_card(iid, dst, "remove_from_game")
            return True
        return self._targets_then(a, d, go, "remove from the game")

    def _do_select(self, a, d):
        chosen = self._select(a, d.target, prompt="select")
        return WAIT if chosen is None else bool(chosen)

    def _leave_field(self, iid: int, dst: str, reason: str, bottom: bool = False) -> None:
        """A field card goes elsewhere: its cores to its owner's reserve (CR 3-5-5); a token leaves the game."""
        st = self.state
        card = st.cards[iid]
        owner = st.players[card.owner]
        to = "reserve" if st.table is None else table_cards.cores_leave_to(self, card)  # a Grandwalker's: the void
        self._move_cores(card.owner, iid, to, card.cores, owner.soul == iid and to == "reserve", reason, None)
        if owner.soul == iid:  # the soul core never goes to the void (CR 4-11-3)
            self._move_cores(card.owner, iid, "reserve", 0, True, reason, None)
        if self._defs[card.cid].token:  # CR 4-12-3; a token card of the token pool goes back there (ETR)
            dst = (table_cards.token_home(self, card) or "removed") if st.table is not None else "removed"
        self._move_card(iid, dst, reason, bottom=bottom)

    def _send(self, a, d, dst: str, reason: str, bottom: bool = False):
        """Move the target's cards (field, hand or trash) to their owner's hand or deck."""
        zone = "field" if d.target.ref is not None else d.target.zone
        kept = ()
        if zone == "field" and protection.any_protection(self):  # protection.py: read before any card moves
            chosen = self._select(a, d.target, prompt=reason.replace("_", " "))
            if chosen is None:
                return WAIT
            kept = {i for i in chosen if protection.protected(self, i, "be_returned", a.source)}

        def go(iid):
            card = self.state.cards[iid]
            if card.zone != zone or card.zone == dst or iid in kept:
                return False
            if zone == "field":
                self._leave_field(iid, dst, reason, bottom=bottom)
            else:
                self._move_card(iid, dst, reason, bottom=bottom)
            return True
        return self._targets_then(a, d, go, reason.replace("_", " "))

    def _do_bounce(self, a, d):
        return self._send(a, d, "hand", "bounce" if d.target.zone == "field" else "recover")

    def _do_to_deck_bottom(self, a, d):
        return self._send(a, d, "deck", "to_deck", bottom=True)

    def _do_to_deck_top(self, a, d):
        if d.side == "owner":
            return self._top_or_bottom(a, d)
        return self._send(a, d, "deck", "to_deck_top")

    def _top_or_bottom(self, a, d):
        """"Your opponent returns it to either the top or bottom of their deck": each card's owner chooses, card by
        card (a.picks: the answers so far, True the top), then the cards go."""
        chosen = self._select(a, d.target, prompt="to the top or the bottom of its owner's deck")
        if chosen is None:
            return WAIT
        st = self.state
        zone = "field" if d.target.ref is not None else d.target.zone
        while len(a.picks) < len(chosen):
            card = st.cards[chosen[len(a.picks)]]
            if card.zone != zone:
                a.picks.append(None)
                continue
            ans = self._take_answer("may")
            if ans is None:
                name = self._defs[card.cid].name
                self._ask("may", card.owner, [True, False], source=a.source,
                          prompt=f"put {name} on the top of your deck? (no: on the bottom)")
                return WAIT
            a.picks.append(ans)
        done = False
        for iid, top in zip(chosen, a.picks):
            if top is None or st.cards[iid].zone != zone:
                continue
            if zone == "field":
                self._leave_field(iid, "deck", "to_deck" if not top else "to_deck_top", bottom=not top)
            else:
                self._move_card(iid, "deck", "to_deck" if not top else "to_deck_top", bottom=not top)
            done = True
        return done

    def _add_continuous(self, layer: int, op: str, value: int, targets, duration: str, source: int,
                        level: int | None = None) -> None:
        st = self.state
        st.continuous.append(Continuous(st.next_ts, layer, op, value, frozenset(targets), duration, source, level))
        st.next_ts += 1

    def _do_bp(self, a, d):
        chosen = self._on_field(a, d, "BP")
        if chosen is WAIT or not chosen:
            return chosen if chosen is WAIT else False
        value = self._amount(a, d)
        if d.level is not None:  # CR 8-8-1-3-3: redefine the BP of a level
            self._add_continuous(2, "set", value, chosen, d.duration, a.source, d.level)
        elif d.mode == "set":  # CR 8-8-1-3-4
            self._add_continuous(3, "set", value, chosen, d.duration, a.source)
        else:  # CR 8-8-1-3-5
            self._add_continuous(4, "add", value, chosen, d.duration, a.source)
        self._emit("bp_changed", cards=chosen, source=a.source)
        return True

    def _do_level(self, a, d):
        chosen = self._on_field(a, d, "level")
        if chosen is WAIT:
            return WAIT
        if chosen:  # CR 8-8-1-3-2
            value = "max" if d.amount == "max" else self._amount(a, d)  # "its highest level"
            self._add_continuous(1, d.mode, value, chosen, d.duration, a.source)
        return bool(chosen)

    def _do_symbol(self, a, d):  # CR 8-8: changes to information
        """"Treat it as having two red symbols during this turn", "it gains a green symbol": its colours, read
        through stats.changed_symbols."""
        chosen = self._on_field(a, d, "symbols")
        if chosen is WAIT:
            return WAIT
        if chosen:
            self._add_continuous(stats.SYMBOLS_LAYER, d.mode, d.colors, chosen, d.duration, a.source)
        return bool(chosen)

    def _do_core_charge(self, a, d):
        n = self._amount(a, d)
        if n <= 0:
            return False
        if d.cores_from == "trash":
            return self._charge_from_trash(a, d, n)

        placed = []

        def go(iid):
            if self.state.cards[iid].zone != "field":
                return False
            self._move_cores(self.state.cards[iid].owner, "void", iid, n, False, "effect", None)
            if self.state.cards[iid].owner == a.controller:
                placed.append(iid)
        done = self._targets_then(a, d, go, "put cores on")
        if placed:  # on one of their own spirits, with one of their effects
            self._fire_side(1 - a.controller, "opponent_places_void_cores")
        return done

    def _do_core_remove(self, a, d):
        chosen = self._select(a, d.target, prompt="remove cores from")
        if chosen is None:
            return WAIT
        n = self._amount(a, d) if d.keep is None else 0
        if n <= 0 and d.keep is None:
            return False
        st = self.state
        # core or soul core, decided card by card before any core moves; "up to N": how many, likewise (tuples)
        decided = {p[0] for p in a.picks if isinstance(p, list)}
        guarded = protection.any_protection(self)
        for iid in chosen:
            if iid in decided or st.cards[iid].zone != "field":
                continue
            if guarded and protection.protected(self, iid, "lose_cores", a.source):  # protection.py
                continue
            owner = st.cards[iid].owner
            if d.keep is not None:  # "all but N": as many as it has beyond N, the soul core counted (CR 4-11)
                n = st.cards[iid].cores + (st.players[owner].soul == iid) - d.keep
                if n <= 0:
                    continue
            if d.mode == "up_to":
                n = misc.up_to_cores(self, a, d, iid, WAIT)
                if n is WAIT:
                    return WAIT
                if n <= 0:
                    continue
            split = self._split_cores(a, iid, owner, n, d.to)
            if split is WAIT:
                return WAIT
            a.picks.append([iid, split[0], split[1]])
        cause = Cause("effect_cores", a.controller, a.source)  # CR 9-3-2-1: destroyed by the effect
        done = False
        for iid, regular, soul in (p for p in a.picks if isinstance(p, list)):
            if st.cards[iid].zone == "field" and (regular or soul):
                self._move_cores(st.cards[iid].owner, iid, d.to, regular, soul, "effect", cause)
                done = True
        return done

    def _do_life_gain(self, a, d):
        n = self._amount(a, d)
        if d.cores_from in ("reserve", "trash"):  # as many as it holds; never the soul core (CR 1-3-2, 4-11-3)
            player = self.state.players[a.controller]
            n = min(n, player.reserve if d.cores_from == "reserve" else player.trash_cores)
        if n <= 0:
            return False
        self._move_cores(a.controller, d.cores_from or "void", "life", n, False, "effect", None)
        return True

    def _do_core_gain(self, a, d):
        """Cores from the void into your reserve or trash (CR 4-5), or from your trash into your reserve."""
        n = self._amount(a, d)
        if n <= 0:
            return False
        if d.cores_from == "trash":
            return self._trash_cores_to(a, d, n, "reserve")
        self._move_cores(a.controller, "void", d.to or "reserve", n, False, "effect", None)
        if (d.to or "reserve") == "reserve":  # into their reserve, with one of their effects
            self._fire_side(1 - a.controller, "opponent_places_void_cores")
        return True

    def _trash_cores_to(self, a, d, n: int, dst) -> bool | object:
        """Up to `n` cores of your trash (as many as it holds, CR 1-3-2) to `dst` (your reserve, or a card: only
        one of yours takes the soul core); the soul core among them if you choose it, unless the text excludes it
        (CR 8-5-6). WAIT while you choose."""
        p = a.controller
        player = self.state.players[p]
        own = dst == "reserve" or self.state.cards[dst].owner == p
        if d.no_soul or not own or player.soul != "trash":
            regular, soul = min(n, player.trash_cores), False
        else:
            split = self._split_cores(a, "trash", p, n, "field" if dst != "reserve" else "reserve")
            if split is WAIT:
                return WAIT
            regular, soul = split
        if not (regular or soul):
            return False
        self._move_cores(p, "trash", dst, regular, soul, "effect", None)
        return True

    def _charge_from_trash(self, a, d, n: int):
        """"Place N cores from your trash onto it": card by card, each from what the trash still holds."""
        chosen = self._select(a, d.target, prompt="put cores on")
        if chosen is None:
            return WAIT
        st = self.state
        if not a.picks:
            a.picks = [[i for i in chosen if st.cards[i].zone == "field"], False]  # [still to charge, done]
        todo = a.picks[0]
        while todo:
            r = self._trash_cores_to(a, d, n, todo[0])
            if r is WAIT:
                return WAIT
            a.picks[1] = r or a.picks[1]
            todo.pop(0)
        return a.picks[1]

    def _do_life_damage(self, a, d):
        """Cores from a life to its player's reserve (or trash, `to`); both players at once may both reach 0: a draw
        (CR 1-2-3)."""
        n = self._amount(a, d)
        if n <= 0:
            return False
        c = a.controller
        players = {"opponent": (1 - c,), "you": (c,), "both": (self.state.turn_player, 1 - self.state.turn_player)}
        done = False
        for p in players[d.player or "opponent"]:
            k = min(n, self.state.players[p].life)
            if k:
                self._move_cores(p, "life", "trash" if d.to == "trash" else "reserve", k, False, "effect_damage", None)
                done = True
        self._check_winner()  # interrupting (CR 9-2-1), once for both
        return done

    def _do_token(self, a, d):
        if d.token_ref is not None:  # named by name: the token table's stats, LV1 cores as a summon's (tokens.py)
            if d.token is None:  # no stats (cards not loaded through player_db): the players make it by hand
                from ...carddb.card_text import directive_text

                card = self.state.cards[a.source]
                self._emit("manual_effect", card=a.source, cid=card.cid, player=a.controller,
                           texts=[directive_text(d, self._defs[card.cid])], effects=[])
                return False
            from .tokens import summon_named

            return summon_named(self, a, d, WAIT)
        st = self.state
        tok = d.token
        field = st.players[a.controller].field
        for _ in range(self._amount(a, d)):
            if len(field) >= MAX_ZONE_CARDS:  # as many as a zone holds, no more (CR 1-3-2; bss_desktop/limits.py)
                break
            iid = max(st.cards) + 1
            st.cards[iid] = Card(iid, tok.id, a.controller, "token")
            self._move_card(iid, "field", "token")  # CR 4-12-1
            if d.token_exhausted:  # "summon ... exhausted": it is put onto the field exhausted
                self._set_exhausted(iid, True)
            self._move_cores(a.controller, "void", iid, tok.lv1_cores, False, "token", None)
            self._on_summoned(iid)
        return True

    def _do_feast(self, a, d):  # 【Feast】: rules/bss/feast.py (docs/saga-rulings.md, "Feast and Chain")
        if d.token is None:  # its tokens' stats not given (cards not loaded through player_db): done by hand
            from ...carddb.card_text import directive_text

            card = self.state.cards[a.source]
            self._emit("manual_effect", card=a.source, cid=card.cid, player=a.controller,
                       texts=[directive_text(d, self._defs[card.cid])], effects=[])
            return False
        from .feast import perform_feast

        return perform_feast(self, a, d, WAIT)

    def _put_onto_field(self, a, iid: int, cores_from: str, exhausted: bool = False, quiet: bool = False):
        """Summon or place a card "without paying its cost" (CR 10-6-1, 10-7-1): onto the field with its LV1
        cores from the void or its owner's reserve; from a reserve too small it is not put onto the field
        (ruling 9). WAIT while the owner chooses core or soul core from the reserve (CR 8-5-6)."""
        st = self.state
        card = st.cards[iid]
        d = self._defs[card.cid]
        need = d.lv1_cores
        split = (need, False)
        if cores_from == "reserve":
            have = st.players[card.owner].reserve + (1 if st.players[card.owner].soul == "reserve" else 0)
            if have < need:
                return False
            split = self._split_cores(a, "reserve", card.owner, need, "field")
            if split is WAIT:
                return WAIT
        self._emit("reveal", player=card.owner, card=iid, cid=card.cid)  # CR 10-6-3
        self._move_card(iid, "field", "summon" if d.type == "spirit" else "place")
        if exhausted:  # "summon it exhausted": placed so (CR 3-5-3)
            card.exhausted = True
        self._move_cores(card.owner, cores_from, iid, split[0], split[1], "place", Cause("self", card.owner))
        self._announce_manual(iid)
        self._soul_summon = None  # nothing paid for it (a soul core spent on an earlier summon of it is not this one's)
        self._on_summoned(iid, quiet=quiet)
        return True

    def _do_summon(self, a, d):
        chosen = self._select(a, d.target, prompt="summon" if d.paid else "summon without paying its cost")
        if chosen is None:
            return WAIT
        if d.paid:
            return self._summon_paying(a, d, chosen)
        if not a.picks:  # the cards still to put onto the field, in order (kept across a core-or-soul-core choice)
            a.picks = [i for i in chosen if self.state.cards[i].zone == d.target.zone]
        done = False
        while a.picks:
            r = self._put_onto_field(a, a.picks[0], d.cores_from, d.exhausted, d.muted)
            if r is WAIT:
                return WAIT
            done = r or done
            a.picks.pop(0)
        return done

    def _summon_paying(self, a, d, chosen):
        """"Select a spirit card from your trash and summon it": summoned as from the hand, its cost (after
        reduction) paid from your reserve and field cards, then its LV1 cores placed from them (CR 10-6-2 to
        10-6-7); not at all when you have too few cores for both. a.picks: [the card, the payment once chosen]."""
        from . import costs

        st = self.state
        p = a.controller
        if not a.picks:
            cards = [i for i in chosen if st.cards[i].zone == d.target.zone]
            if not cards:
                return False
            a.picks = [cards[0], None]
        iid = a.picks[0]
        card_def = self._defs[st.cards[iid].cid]
        if a.picks[1] is None:
            cost = costs.net_cost(self, p, card_def, iid=iid)  # CR 10-6-4, 10-6-5
            player = st.players[p]
            only = d.cores_from == "reserve"  # "by using cores from your reserve" (Costs: Reserve-1)
            have = player.reserve + (0 if only else sum(st.cards[i].cores for i in player.field)) + (
                1 if player.soul == "reserve" or (not only and player.soul in player.field) else 0)
            if have < cost + card_def.lv1_cores:
                return False
            pay = self._card_payment(a, cost, f"pay {cost} core(s) to summon {card_def.name} (CR 10-6-6)",
                                     reserve_only=only)
            if pay is WAIT:
                return WAIT
            self._emit("reveal", player=p, card=iid, cid=st.cards[iid].cid)  # CR 10-6-3
            a.picks[1] = self._pay_with(p, pay)  # whether the soul core paid
        place = self._card_payment(a, card_def.lv1_cores,
                                   f"{card_def.lv1_cores} core(s) onto {card_def.name} for its LV1 (CR 10-6-7)",
                                   reserve_only=d.cores_from == "reserve")
        if place is WAIT:
            return WAIT
        if place is None:  # cores the payment took from the field are no longer there: as many as there are
            place = []
        self._move_card(iid, "field", "summon" if card_def.type == "spirit" else "place")
        if d.exhausted:
            st.cards[iid].exhausted = True  # placed exhausted, not exhausted afterwards (CR 3-5-3)
        self._move_chosen(p, place, iid, "place")  # its LV1 cores onto it (CR 10-6-7)
        self._announce_manual(iid)
        self._soul_summon = iid if a.picks[1] else None  # "if you spend a soul core as part of its cost"
        self._on_summoned(iid, quiet=d.muted)
        return True

    def _do_search(self, a, d):
        """Reveal (or look at, CR 12-3-1) the top cards of your deck; take some to the hand or onto the field."""
        st = self.state
        deck = st.players[a.controller].deck
        if a.cur is None:  # the cards are turned over once, before any choice
            look = d.look
            if d.look_instead is not None and condition_holds(self, d.look_instead[0], a.source, a.controller, a):
                look = d.look_instead[1]  # "if ..., reveal the top N cards instead"
            if d.per is not None:  # "reveal 1 card from the top of your deck for each ...": counted now
                look *= max(0, count_value(self, d.per, a.source, a.controller) - d.minus)
            a.cur = deck[-look:][::-1] if 0 < look < len(deck) else deck[::-1] if look else []
            if d.reveal:
                for iid in a.cur:
                    self._emit("reveal", player=a.controller, card=iid, cid=st.cards[iid].cid, why="search")  # 12-2
            else:
                self._emit("look", player=a.controller, owner=a.controller, zone="deck", count=len(a.cur),
                           cards=list(a.cur), cids=[st.cards[i].cid for i in a.cur])
        looked = a.cur
        t = d.target
        if not a.picks:
            fits = [i for i in looked if continuous.matches(self, i, t, a.controller, a.source)]
            if d.into == "field":
                fits = [i for i in fits if self._defs[st.cards[i].cid].type in ("spirit", "nexus")]
            n = a.x if t.count == "X" else t.count
            hi = len(fits) if t.mode in ("all", "any_number") else min(n, len(fits))
            # revealed cards are public: an exact count must be taken; looked-at ones may be passed over (CR 8-5-3-5)
            lo = hi if t.mode in ("exact", "all") and d.reveal else 0
            if hi == 0 or (lo == hi and len(fits) <= hi):
                taken = fits[:hi]
            else:
                ans = self._take_answer("target")
                if ans is None:
                    where = {"field": "onto your field", "bottom": "to the bottom of your deck (the last one "
                             "goes lowest)", "top": "to the top of your deck (the last one ends on top)",
                             "trash": "to your trash (discarded)"}.get(d.into, "to your hand")
                    self._ask("target", a.controller, fits, lo, hi, prompt=f"take {where}", source=a.source)
                    return WAIT
                taken = list(ans)
            a.picks = [taken, list(taken)]  # [everything taken, what is still to be moved(, the rest to put back)]
        taken, todo = a.picks[0], a.picks[1]
        while todo:
            iid = todo[0]
            if d.into == "field":
                if self._put_onto_field(a, iid, d.cores_from) is WAIT:
                    return WAIT
            elif d.into in ("bottom", "top"):  # "place any number of them on the bottom of your deck": in the order
                if not d.reveal and _filtered(t):  # chosen; CR 12-2-1: shown when the text asks for particular cards
                    self._emit("reveal", player=a.controller, card=iid, cid=st.cards[iid].cid, why="taken")
                self._move_card(iid, "deck", "search_rest", bottom=d.into == "bottom")
            elif d.into == "trash":  # "discard any number of them": from the deck into the trash (CR 3-4-1)
                self._move_card(iid, "trash", "mill")
            else:
                if not d.reveal:  # CR 8-5-3-5, 12-2-1: a card taken from a private area is shown
                    self._emit("reveal", player=a.controller, card=iid, cid=st.cards[iid].cid, why="taken")
                self._move_card(iid, "hand", "search")
            todo.pop(0)
        if len(a.picks) == 2:  # the rest, still to put back (kept across the choices of their order)
            a.picks.append([i for i in looked if i not in taken and st.cards[i].zone == "deck"])
        rest = a.picks[2]
        if d.to in ("bottom", "top_any"):
            # "... on the bottom of your deck in any order": its controller puts them back one by one (CR 12-3-3:
            # the text says what is done instead of a shuffle, and the order is theirs to choose; "top" keeps them
            # where they are, in the same order)
            while rest:
                ans = rest[:1] if len(rest) == 1 else self._take_answer("target")
                if ans is None:
                    where = "under your deck (the last one goes lowest)" if d.to == "bottom" else \
                        "on top of your deck (the last one ends on top)"
                    self._ask("target", a.controller, rest, 1, 1, prompt=f"put back {where}", source=a.source)
                    return WAIT
                (iid,) = ans
                self._move_card(iid, "deck", "search_rest", bottom=d.to == "bottom")
                rest.remove(iid)
        elif d.to == "trash":
            for iid in rest:
                self._move_card(iid, "trash", "search_rest", bottom=True)
        elif d.to == "shuffle":  # CR 12-3-3
            self._shuffle(a.controller)
        a.cur = list(taken)  # what "it" refers to afterwards: the cards taken
        return bool(taken)

    def _shuffle(self, p: int, rng=None) -> None:
        (rng or self.state.rng).shuffle(self.state.players[p].deck)  # CR 3-2-4
        self._emit("shuffle", player=p)

    def _do_look(self, a, d):
        """Look at the top cards of a deck, or the opponent's hand: only this effect's controller sees them
        (CR 12-3-1); a deck is then shuffled (CR 12-3-3)."""
        st = self.state
        p = a.controller if d.side == "you" else 1 - a.controller
        player = st.players[p]
        cards = player.deck[::-1][:d.look] if d.to == "deck" else list(player.hand)
        if not cards:
            return False
        self._emit("look", player=a.controller, owner=p, zone=d.to, count=len(cards), cards=cards,
                   cids=[st.cards[i].cid for i in cards])
        if d.to == "deck":
            self._shuffle(p)
        return True

    def _do_recover(self, a, d):
        if (d.among == "discarded" or d.target.same_cost == "it") and a.cur is None:
            st = self.state
            t = d.target
            if t.same_cost == "it":  # "... that cost the same as that spirit": the printed cost (CR 2-6)
                costs_of = {self._defs[st.cards[i].cid].cost for i in a.selected}
                t = replace(t, same_cost=None)
            pool = (a.discarded or ()) if d.among == "discarded" else \
                candidates(self, replace(t, mode="all"), a.controller, a.source)
            cands = [i for i in pool if st.cards[i].zone == "trash" and matches(self, i, t, a.controller, a.source)
                     and (d.target.same_cost != "it" or self._defs[st.cards[i].cid].cost in costs_of)]
            chosen = cands if d.target.mode == "all" else self._pick(a, d.target, cands, a.controller,
                                                                        "return to your hand")
            if chosen is None:
                return WAIT
            a.cur = list(chosen)
        chosen = self._select(a, d.target, prompt="return to your hand")
        if chosen is None:
            return WAIT
        for iid in chosen:
            self._move_card(iid, "hand", "recover")
        return bool(chosen)

    def _grant(self, a, chosen, what: str, duration: str, keyword=None, by=None) -> None:
        st = self.state
        st.grants.append(Grant(st.next_ts, frozenset(chosen), what, keyword, duration, a.source, by))
        st.next_ts += 1

    def _do_grant(self, a, d):
        chosen = self._on_field(a, d, "give a keyword")
        if chosen is WAIT:
            return WAIT
        if chosen and d.family is not None:  # a spirit type for a while (rules/bss/misc.py)
            self._grant(a, chosen, "family", d.duration, keyword=d.family)
        elif chosen:
            self._grant(a, chosen, "keyword", d.duration, keyword=d.keyword)
        return bool(chosen)

    def _do_restrict(self, a, d):
        chosen = self._on_field(a, d, f"cannot {d.cannot.replace('_', ' ')}")
        if chosen is WAIT:
            return WAIT
        if chosen:
            self._grant(a, chosen, "cannot_" + d.cannot, d.duration, by=d.by)
        return bool(chosen)

    def _do_later(self, a, d):
        """"Destroy this spirit when the battle ends", "at the end of this turn, ...": the directives wait for that
        moment (resolution.fire_later), then resolve as an effect of this card (CR 7-1-6-1, 6-8-1-1)."""
        st = self.state
        if a.ref[0] not in ("effect", "burst") or a.phase != "do" or (d.at == "battle_end" and st.battle is None):
            return False  # (no battle to wait for: its moment never comes)
        st.delayed.append((d.at, a.source, a.ref[1], a.step, a.controller))
        return True

    def _do_during(self, a, d):
        """"During this turn, when 1 of your Dragon spirits ..., draw a card": a trigger that lasts this turn or
        battle (resolution._fire_temporary), on the cards selected before ("when that spirit ...") or any that fit."""
        st = self.state
        if a.ref[0] not in ("effect", "burst") or a.phase != "do" or (d.duration == "battle" and st.battle is None):
            return False
        watched = None
        if d.target is not None:
            watched = frozenset(i for i in a.selected if st.cards[i].zone == "field")
            if not watched:
                return False
        st.temporary.append((a.source, a.ref[1], a.step, a.controller, d.duration, watched))
        return True

    def _do_end_attack_step(self, a, d):
        # "end the attack step": between its battles (CR 7-1-6-3) the step ends as if its player ended it
        # (CR 6-7-3-2); in a battle, or outside the attack step, nothing happens
        st = self.state
        if st.stage != "attack" or st.battle is not None:
            return False
        st.stage = "end_start"
        return True

    def _do_spare_battle(self, a, d):
        # neither spirit of the battle being fought is destroyed by comparing BP: whichever spirits fight this battle
        # when BP are compared (CR 7-1-5-2-1); outside a battle nothing happens
        if self.state.battle is None:
            return False
        self._grant(a, (), "spare_battle", "battle")  # (ends with the battle, CR 7-1-6-2)
        return True

    def _do_must_attack(self, a, d):  # a constant-only word: read where attack steps end (timing.must_attack)
        return False

    def _do_allow(self, a, d):  # "that spirit can block while exhausted" (continuous.allowed)
        chosen = self._on_field(a, d, "can block while exhausted")
        if chosen is WAIT:
            return WAIT
        if chosen:
            self._grant(a, chosen, "can_" + d.can, d.duration, by=d.by)
        return bool(chosen)

    def _do_cost_next(self, a, d):
        """"Reduce the cost of the next ... magic card you use from your hand this turn": remembered until it is
        used (costs.py; docs/saga-rulings.md, Costs: Next-1)."""
        self.state.cost_next.append((a.controller, d.target, d.amount))
        return True

    def _do_attack_spirit(self, a, d):
        """CR 10-10-1: the attacked spirit immediately blocks; then the flash window after blocking."""
        st = self.state
        b = st.battle
        if b is None or b.attacker != a.source or b.blocked or st.cards[a.source].zone != "field":
            return False
        chosen = self._select(a, d.target, prompt="the spirit to attack")
        if chosen is None:
            return WAIT
        chosen = [i for i in chosen if st.cards[i].zone == "field" and st.cards[i].owner == b.defending_player]
        if not chosen:
            return False
        b.blocker, b.blocked = chosen[0], True
        self._emit("block", player=b.defending_player, card=chosen[0], forced=True)
        b.window, b.passes, b.priority = 2, 0, b.defending_player
        st.stage = "flash"
        return True

    def _do_link(self, a, d):
        """docs/saga-rulings.md Link-8: one of your spirits with 【Link】 may link with the spirit named, whatever its
        【Link】 condition (its cost still paid, one link per battle)."""
        iid = self._ref(a, d.target.ref)
        if iid is None:
            return False
        done = link.offer(self, a.controller, iid, matches, waive=True, source=a.source)
        return WAIT if done is None else done

    def _do_pay_cores(self, a, d):
        """A payment as a substitution's replacement ("instead send 2 cores from your reserve to your trash"): from
        the reserve only; continuous.substitutions offers it only when the reserve can pay it all."""
        n = self._amount(a, d)
        split = self._split_cores(a, "reserve", a.controller, n, "trash")
        if split is WAIT:
            return WAIT
        self._move_cores(a.controller, "reserve", "trash", split[0], split[1], "pay", Cause("self", a.controller))
        return True

    # constant-only words: they act where they are read (costs.py, _destroy)

    def _do_substitute(self, a, d):
        return False

    def _do_cost(self, a, d):
        return False

    def _do_reduction(self, a, d):
        return False
