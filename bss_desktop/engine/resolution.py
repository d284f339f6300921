"""Effects at run time: triggers, the resolution queue, choices and directives (CR 8, 10, 11).

`Resolution` is mixed into `Game`. Events the game emits are checked for
triggers (`_collect`); triggered effects wait in `state.queue`, newest group
first; the turn player orders simultaneous ones (CR 8-5-2-4); each resolves
directive by directive in written order (CR 1-3-7), stopping at `state.choice`
whenever a player must choose and resuming when they answer (`Choose`).
"""
from __future__ import annotations

from itertools import combinations

from ..carddb.effects import BURST_TRIGGERS
from . import continuous, costs, stats
from .errors import IllegalCommand
from .state import Activation, Card, Cause, Choice, Continuous, Grant
from .targets import candidates, condition_holds, has_symbol

MAX_TARGET_OPTIONS = 64  # legal_commands lists at most this many target combinations
DECOY = ("burst", None)  # a burst asked at a moment its condition does not match (ask_every_burst_moment)


class Resolution:
    # ------------------------------------------------------------------ index and queries

    def fx(self, cid: str):
        """The effects of card `cid`, indexed for the engine (cached per game)."""
        fx = self._fx_cache.get(cid)
        if fx is None:
            fx = self._fx_cache[cid] = continuous.index_card(self.db[cid])
        return fx

    def keywords_of(self, iid: int, name: str | None = None) -> list:
        return continuous.keywords_of(self, iid, name) if self.has_effects else []

    def has_keyword(self, iid: int, name: str) -> bool:
        return self.has_effects and continuous.has_keyword(self, iid, name)

    # ------------------------------------------------------------------ triggers (CR 8-6)

    def _fire(self, iid: int, trigger: str, trigger_card: int | None = None) -> None:
        """Queue `iid`'s effects with `trigger` whose level and condition hold (CR 8-6-2)."""
        st = self.state
        card = st.cards[iid]
        lv = stats.level(self, iid) if card.zone == "field" else 0
        for i, e in self.fx(card.cid).triggered.get(trigger, ()):
            if card.zone == "field" and not continuous.level_ok(e.levels, lv):
                continue
            if not condition_holds(self, e.condition, iid, card.owner):
                continue
            self._pending.append((iid, ("effect", i), card.owner, trigger_card, lv))

    def _fire_side(self, p: int, trigger: str, trigger_card: int | None = None, exclude: int | None = None) -> None:
        """Triggers of every field card of player `p`, and their set burst (CR 10-9-1)."""
        player = self.state.players[p]
        for iid in player.field:
            if iid != exclude:
                self._fire(iid, trigger, trigger_card)
        if player.burst is not None:
            matched = False
            for i, e in self.fx(self.state.cards[player.burst].cid).bursts:
                if e.trigger == trigger:
                    self._pending.append((player.burst, ("burst", i), p, trigger_card, 0))
                    matched = True
            if not matched and trigger in BURST_TRIGGERS and self.settings.ask_every_burst_moment:
                # CR 3-8-2: its owner is asked all the same, so the flow does not tell whether it matched
                self._pending.append((player.burst, DECOY, p, trigger_card, 0))

    def _keyword_trigger(self, iid: int, name: str, controller: int, trigger_card: int | None = None,
                         value: int = 0) -> None:
        self._pending.append((iid, ("keyword", name), controller, trigger_card, value))

    def _on_summoned(self, iid: int) -> None:
        """After a summon or placement is complete (CR 10-6-7, 10-7-7)."""
        if not self.has_effects:
            return
        card = self.state.cards[iid]
        self._fire(iid, "when_summoned" if self.db[card.cid].type == "spirit" else "when_placed")
        if self.db[card.cid].type == "spirit":
            self._fire_side(1 - card.owner, "opponent_summons", iid)

    def _collect(self, ev) -> None:
        """Check one event for triggers (called by _emit when the game has effects)."""
        k = ev.kind
        st = self.state
        if k == "attack":
            a = ev["card"]
            self._fire(a, "when_attacks")
            self._fire(a, "when_attacks_or_blocks")
            self._fire_side(1 - ev["player"], "opponent_attacks", a)
            crush = continuous.keyword_value(self, a, "crush")
            if crush is not None:  # CR 11-11-1
                self._keyword_trigger(a, "crush", ev["player"], value=crush)
            raid = continuous.keyword_value(self, a, "raid")
            if raid is not None and st.raid_uses.get(a, 0) < raid:  # CR 11-12-1
                self._keyword_trigger(a, "raid", ev["player"], value=raid)
            st.battle.luster = continuous.has_keyword(self, a, "luster")  # CR 11-6-1
        elif k == "block" and ev["card"] is not None:
            blocker, attacker = ev["card"], st.battle.attacker
            self._fire(blocker, "when_blocks")
            self._fire(blocker, "when_attacks_or_blocks")
            self._fire(attacker, "when_blocked")
            if continuous.has_keyword(self, attacker, "curse"):  # CR 11-3-1: only one activates (11-3-2)
                st.battle.cursed = True
            gale = continuous.keyword_value(self, attacker, "gale")
            if gale is not None:  # CR 11-10-1: the blocking player exhausts their spirits
                self._keyword_trigger(attacker, "gale", ev["player"], value=gale)
        elif k == "destroyed" and not ev["self_destruction"]:
            iid = ev["card"]
            card = st.cards[iid]
            owner = card.owner
            by = ev["cause"][1]
            self._fire(iid, "when_destroyed")  # CR 10-15-1, with its last state (CR 8-10)
            if by == 1 - owner:
                self._fire(iid, "when_destroyed_by_opponent")
            if self.db[card.cid].type == "spirit":
                self._fire_side(owner, "your_spirit_destroyed", iid, exclude=iid)
                self._fire_side(1 - owner, "opponent_spirit_destroyed", iid)
                for t in st.players[owner].trash:  # CR 11-4-1: 【Immortal】 works from the trash
                    for kw in continuous.keywords_of(self, t, "immortal"):
                        if kw.condition is None or continuous.matches(self, iid, kw.condition, owner, t):
                            self._keyword_trigger(t, "immortal", owner, iid)
                            break
        elif k == "cores_moved" and ev["src"] == "life" and ev["count"] > 0:
            self._fire_side(ev["player"], "life_reduced")
        elif k == "step":
            tp = ev["player"]
            for p in (0, 1):
                whose = "you" if p == tp else "opponent"
                for iid in st.players[p].field:
                    fx = self.fx(st.cards[iid].cid)
                    for trig in ("start_of_step", "end_of_turn"):
                        for i, e in fx.triggered.get(trig, ()):
                            if trig == "start_of_step" and e.step != ev["step"]:
                                continue
                            if trig == "end_of_turn" and ev["step"] != "end":
                                continue
                            if e.whose not in (whose, "any"):
                                continue
                            lv = stats.level(self, iid)
                            if continuous.level_ok(e.levels, lv) and condition_holds(self, e.condition, iid, p):
                                self._pending.append((iid, ("effect", i), p, None, lv))
        elif k == "battle_end":
            for iid in (ev["attacker"], ev["blocker"]):
                if iid is not None and st.cards[iid].zone == "field":
                    self._fire(iid, "when_battle_ends")

    def _flush_triggers(self) -> None:
        """Put collected triggers into the queue as one simultaneous group, each once (CR 8-6-3).

        While an effect is resolving, new ones wait under it: it finishes first (CR 8-5-2-4)."""
        if not self._pending:
            return
        if self.settings.ask_every_burst_moment:
            self._one_prompt_per_burst()
        st = self.state
        seen = set()
        group = st.next_group
        st.next_group += 1
        new = []
        for iid, ref, controller, trigger_card, lv in self._pending:
            if (iid, ref) in seen:
                continue
            seen.add((iid, ref))
            value = lv if ref[0] == "keyword" else 0
            a = Activation(ts=st.next_ts, group=group, source=iid, ref=ref, controller=controller,
                           trigger_card=trigger_card, lki_level=lv if ref[0] != "keyword" else 0, phase="new",
                           value=value)
            st.next_ts += 1
            new.append(a)
        self._pending = []
        if st.queue and st.queue[-1].phase != "new":  # the resolving effect stays on top
            st.queue[-1:-1] = new
        else:
            st.queue.extend(new)

    def _one_prompt_per_burst(self) -> None:
        """ask_every_burst_moment: in one simultaneous group each set burst is asked once, at the place of its
        first burst moment: its matching burst effects if any, else one decoy. So the group (its size, its order,
        who is asked) is the same whether or not the burst's condition matched, whichever moments coincide."""
        first: dict[int, int] = {}
        real: dict[int, list] = {}
        for n, entry in enumerate(self._pending):
            iid, ref = entry[0], entry[1]
            if ref[0] == "burst":
                first.setdefault(iid, n)
                if ref != DECOY:
                    real.setdefault(iid, []).append(entry)
        if not first:
            return
        out = []
        for n, entry in enumerate(self._pending):
            iid, ref = entry[0], entry[1]
            if ref[0] != "burst":
                out.append(entry)
            elif first[iid] == n:
                out.extend(real.get(iid) or [entry])
        self._pending = out

    def _asking_decoy(self, c) -> bool:
        """Whether the pending "may" asks about a burst whose condition was not met (it can only be declined)."""
        q = self.state.queue
        return (c.kind == "may" and bool(q) and q[-1].ref == DECOY and q[-1].phase == "may"
                and q[-1].source == c.source)

    # ------------------------------------------------------------------ choices

    def _ask(self, kind: str, player: int, options: list, lo: int = 0, hi: int = 0, prompt: str = "",
             source: int | None = None) -> None:
        self.state.choice = Choice(kind, player, list(options), lo, hi, prompt, source)

    def _take_answer(self, kind: str):
        """The answer to the pending choice of this kind, once; None if there is none."""
        if self._answer is not None and self._answer[0] == kind:
            value = self._answer[1]
            self._answer = None
            return value
        return None

    def _h_choose(self, cmd) -> None:
        st = self.state
        c = st.choice
        if c is None:
            raise IllegalCommand("CR 8-5-3", "there is no choice to make now")
        if cmd.player != c.player:
            raise IllegalCommand("CR 8-5-3", f"this choice is player {c.player + 1}'s")
        v = cmd.value
        if c.kind == "may":
            if not isinstance(v, bool):
                raise IllegalCommand("CR 8-1-8", "answer true (do it) or false (don't)")
            if v and self._asking_decoy(c):
                raise IllegalCommand("CR 10-9-3", "this burst's condition is not met now, so it cannot be activated: "
                                                  "answer no (you are asked anyway so that your opponent cannot tell, "
                                                  "CR 3-8-2)")
        elif c.kind in ("order", "x"):
            if isinstance(v, bool) or v not in c.options:
                raise IllegalCommand("CR 8-5-2-4" if c.kind == "order" else "CR 4-6-2",
                                     f"choose one of {c.options}, not {v!r}")
        elif c.kind == "substitute":
            if v is not None and (isinstance(v, bool) or v not in c.options):
                raise IllegalCommand("CR 8-9-2", f"choose one of {c.options} or null (no substitution)")
        elif c.kind == "target":
            if isinstance(v, int) and not isinstance(v, bool):
                v = (v,)
            if not isinstance(v, (list, tuple)) or any(isinstance(x, bool) or not isinstance(x, int) for x in v):
                raise IllegalCommand("CR 8-5-3", "answer with a list of card ids")
            if len(set(v)) != len(v) or any(x not in c.options for x in v):
                raise IllegalCommand("CR 8-5-3", f"choose among {c.options}")
            if not c.min <= len(v) <= c.max:
                rule = "CR 8-5-3-1" if c.min == c.max else "CR 8-5-3-2"
                raise IllegalCommand(rule, f"choose {c.min}" + (f" to {c.max}" if c.max != c.min else "") + " card(s)")
            v = tuple(v)
        self._emit("chose", player=cmd.player, choice=c.kind, value=list(v) if isinstance(v, tuple) else v)
        st.choice = None
        if c.kind == "substitute":
            self._answer_substitution(v)
        else:
            self._answer = (c.kind, v)

    def choice_commands(self, Choose) -> list:
        c = self.state.choice
        p = c.player
        if c.kind == "may":
            return [Choose(p, False)] if self._asking_decoy(c) else [Choose(p, True), Choose(p, False)]
        if c.kind in ("order", "x"):
            return [Choose(p, v) for v in c.options]
        if c.kind == "substitute":
            return [Choose(p, v) for v in c.options] + [Choose(p, None)]
        out = []
        for n in range(c.min, c.max + 1):
            for combo in combinations(c.options, n):
                out.append(Choose(p, tuple(combo)))
                if len(out) >= MAX_TARGET_OPTIONS:
                    return out
        return out

    # ------------------------------------------------------------------ the queue (CR 8-5-2-4)

    def _resolve_next(self) -> None:
        st = self.state
        top = st.queue[-1]
        if top.phase == "new":
            group = [a for a in st.queue if a.group == top.group and a.phase == "new"]
            if len(group) > 1:
                pick = self._take_answer("order")
                if pick is None:  # the turn player picks which resolves first, whoever controls it
                    self._ask("order", st.turn_player, [a.ts for a in group], prompt="which effect resolves first")
                    return
                chosen = next(a for a in group if a.ts == pick)
                st.queue.remove(chosen)
                st.queue.append(chosen)
                top = chosen
            top.phase = "may"
        self._resolve(top)
        if top.phase == "done":
            st.queue.remove(top)
            self._after_resolution(top)

    def _effect_of(self, a: Activation):
        kind, key = a.ref
        if kind == "keyword" or a.ref == DECOY:
            return None
        return self.db[self.state.cards[a.source].cid].effects[key]

    def _resolve(self, a: Activation) -> None:
        st = self.state
        e = self._effect_of(a)
        if a.ref[0] == "keyword":
            self._resolve_keyword(a)
            return
        if a.phase == "may":
            optional = a.ref[0] == "burst" or e.optional  # a burst may be activated at will (CR 10-9-3)
            if a.ref[0] == "burst" and st.cards[a.source].zone != "burst":
                a.phase = "done"  # it left the burst area before it could be activated
                return
            if optional:
                ans = self._take_answer("may")
                if ans is None:
                    self._ask("may", a.controller, [True, False], prompt="activate?" if a.ref[0] == "burst" else "use this effect?",
                              source=a.source)
                    return
                if not ans or a.ref == DECOY:  # a decoy does nothing, whatever the answer
                    a.phase = "done"
                    return
            if a.ref[0] == "burst":  # CR 8-5-2-1: turn the burst face up
                self._move_card(a.source, "resolving", "burst_activated")
            a.phase = "x"
        if a.phase == "x":
            if e.x_max:
                ans = self._take_answer("x")
                if ans is None:  # CR 4-6-2: the controller decides X
                    self._ask("x", a.controller, list(range(0, e.x_max + 1)), prompt="choose X", source=a.source)
                    return
                a.x = ans
            a.phase = "cost"
        if a.phase == "cost":
            if e.cost and not self._pay_effect_cost(a, e.cost):  # CR 8-4-2-3, 8-4-2-4
                self._emit("effect_fizzled", card=a.source, reason="cost")
                a.phase = "done"
                return
            a.phase, a.step = "do", 0
        if a.phase == "do":
            if not self._run_directives(a, e.do):
                return
            a.phase, a.step = "chain", 0
        if a.phase == "chain":
            # CR 11-15-3: 【Chain】 continues the effect if you have a symbol of its colour
            if e.chain and (a.step > 0 or has_symbol(self, a.controller, e.chain_color)):
                if not self._run_directives(a, e.chain):
                    return
            a.phase = "done"

    def _run_directives(self, a: Activation, directives) -> bool:
        """Perform directives from a.step; False if a choice is pending."""
        while a.step < len(directives):
            if not self._directive(a, directives[a.step]):
                return False
            a.step += 1
            self._flush_triggers()
            if self.state.result is not None or self.state.choice is not None:
                return self.state.choice is None and self.state.result is None
        return True

    def _after_resolution(self, a: Activation) -> None:
        st = self.state
        card = st.cards[a.source]
        if a.ref[0] == "burst" and card.zone == "resolving":
            self._move_card(a.source, "trash", "resolved")  # CR 10-9-4
        elif a.ref[0] == "effect" and card.zone == "resolving" and self.db[card.cid].type == "magic":
            self._move_card(a.source, "trash", "resolved")  # CR 10-8-8
        self._emit("resolved", card=a.source, ref=list(a.ref))
        self._manage()  # ruling 2: gameplay management after each resolved effect

    # ------------------------------------------------------------------ costs (CR 8-4)

    def _cost_payable(self, a: Activation, cost) -> bool:
        st = self.state
        p = a.controller
        need_cores = 0
        for d in cost:
            n = a.x if d.amount == "X" else d.amount
            if d.op == "pay_cores":
                need_cores += n
            elif d.op == "discard" and len(st.players[p].hand) < n:
                return False
            elif d.op == "exhaust":
                t = self._select_now(a, d.target)
                if not t or any(st.cards[i].exhausted for i in t):
                    return False
            elif d.op == "core_remove":
                t = self._select_now(a, d.target)
                if not t or any(stats.cores_on(st, i) < n for i in t):
                    return False
        return need_cores == 0 or costs.auto_select(self, p, need_cores, 0) is not None

    def _pay_effect_cost(self, a: Activation, cost) -> bool:
        if not self._cost_payable(a, cost):
            return False
        cause = Cause("self", a.controller)
        for d in cost:
            n = a.x if d.amount == "X" else d.amount
            if d.op == "pay_cores":
                pay, pay_soul, _, _ = costs.auto_select(self, a.controller, n, 0)
                self._move_selection(a.controller, pay, pay_soul, "trash", "pay", cause)
            elif d.op == "discard":
                hand = self.state.players[a.controller].hand
                for iid in list(hand[:n]):
                    self._move_card(iid, "trash", "discard")
            elif d.op == "exhaust":
                for iid in self._select_now(a, d.target):
                    self._set_exhausted(iid, True)
            elif d.op == "core_remove":
                for iid in self._select_now(a, d.target):
                    self._remove_cores(iid, n, d.to, cause)
        return True

    # ------------------------------------------------------------------ selecting (CR 8-5-3)

    def _ref(self, a: Activation, ref: str) -> int | None:
        b = self.state.battle
        if ref == "this":
            return a.source
        if ref == "attacker":
            return b.attacker if b else None
        if ref == "blocker":
            return b.blocker if b else None
        return a.trigger_card

    def _select_now(self, a: Activation, t) -> list[int]:
        """Cards a reference or an "all" target means, without asking (CR 8-8-1-4: fixed now)."""
        if t.ref is not None:
            iid = self._ref(a, t.ref)
            return [iid] if iid is not None and self.state.cards[iid].zone == t.zone else []
        cands = candidates(self, t, a.controller, a.source, selecting=t.mode != "all")
        if t.mode == "all":
            return cands
        n = a.x if t.count == "X" else t.count
        return cands[:n]

    def _select(self, a: Activation, t, chooser: int | None = None, prompt: str = ""):
        """The cards a directive acts on, or None while the chooser is asked (CR 8-5-3)."""
        if t.ref is not None or t.mode == "all":
            return self._select_now(a, t)
        chooser = a.controller if chooser is None else chooser
        cands = candidates(self, t, a.controller, a.source)
        n = a.x if t.count == "X" else t.count
        if t.mode == "exact":
            lo = hi = min(n, len(cands))
            if t.zone == "hand" and chooser != a.controller:
                lo = 0
            if len(cands) <= n and lo == hi:  # CR 8-5-3-1: fewer than needed: all of them
                return cands
        elif t.mode == "up_to":  # CR 8-5-3-2
            lo, hi = 0, min(n, len(cands))
        else:  # any number
            lo, hi = 0, len(cands)
        if hi == 0:
            return []  # CR 8-5-3-4
        if self._auto_choose:
            return cands[:hi]
        ans = self._take_answer("target")
        if ans is None:
            self._ask("target", chooser, cands, lo, hi, prompt=prompt, source=a.source)
            return None
        return list(ans)

    # ------------------------------------------------------------------ directives

    def _amount(self, a: Activation, d) -> int:
        v = d.amount
        if v == "X":
            return a.x
        if v == "-X":
            return -a.x
        return v if v is not None else 1

    def _directive(self, a: Activation, d) -> bool:
        """Perform one directive; False while waiting for a choice."""
        handler = getattr(self, "_do_" + d.op)
        return handler(a, d) is not False

    def _targets_then(self, a, d, fn, prompt=""):
        chosen = self._select(a, d.target, prompt=prompt)
        if chosen is None:
            return False
        for iid in chosen:
            fn(iid)
        return True

    def _do_draw(self, a, d):
        self._draw(a.controller, self._amount(a, d))

    def _do_discard(self, a, d):
        from ..carddb.effects import Target

        n = self._amount(a, d)
        t = Target(side="you", type="any", zone="hand", count=n)
        chosen = self._select(a, t, prompt=f"discard {n}")
        if chosen is None:
            return False
        for iid in chosen:
            self._move_card(iid, "trash", "discard")  # CR 10-2-2

    def _do_mill(self, a, d):
        p = a.controller if d.side == "you" else 1 - a.controller
        deck = self.state.players[p].deck
        for _ in range(self._amount(a, d)):  # CR 1-3-2: as many as possible
            if not deck:
                break
            self._move_card(deck[-1], "trash", "mill")

    def _do_destroy(self, a, d):
        chosen = self._select(a, d.target, prompt="destroy")
        if chosen is None:
            return False
        src_def = self.db[self.state.cards[a.source].cid]
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
            doomed.append((iid, Cause("effect", a.controller, a.source)))
        if doomed:
            self._destroy(doomed)

    def _do_exhaust(self, a, d):
        return self._targets_then(a, d, lambda i: self._set_exhausted(i, True), "exhaust")

    def _do_refresh(self, a, d):
        return self._targets_then(a, d, lambda i: self._set_exhausted(i, False), "refresh")

    def _leave_field(self, iid: int, dst: str, reason: str, bottom: bool = False) -> None:
        """A field card goes elsewhere: its cores to its owner's reserve (CR 3-5-5); a token leaves the game."""
        st = self.state
        card = st.cards[iid]
        owner = st.players[card.owner]
        self._move_cores(card.owner, iid, "reserve", card.cores, owner.soul == iid, reason, None)
        if self.db[card.cid].token:
            dst = "removed"  # CR 4-12-3
        self._move_card(iid, dst, reason, bottom=bottom)

    def _do_bounce(self, a, d):
        def go(iid):
            if self.state.cards[iid].zone == "field":
                self._leave_field(iid, "hand", "bounce")
        return self._targets_then(a, d, go, "return to hand")

    def _do_to_deck_bottom(self, a, d):
        def go(iid):
            if self.state.cards[iid].zone == "field":
                self._leave_field(iid, "deck", "to_deck", bottom=True)
        return self._targets_then(a, d, go, "put on the bottom of the deck")

    def _add_continuous(self, layer: int, op: str, value: int, targets, duration: str, source: int,
                        level: int | None = None) -> None:
        st = self.state
        st.continuous.append(Continuous(st.next_ts, layer, op, value, frozenset(targets), duration, source, level))
        st.next_ts += 1

    def _do_bp(self, a, d):
        chosen = self._select(a, d.target, prompt="BP")
        if chosen is None:
            return False
        chosen = [i for i in chosen if self.state.cards[i].zone == "field"]
        if not chosen:
            return
        value = self._amount(a, d)
        if d.level is not None:  # CR 8-8-1-3-3: redefine the BP of a level
            self._add_continuous(2, "set", value, chosen, d.duration, a.source, d.level)
        elif d.mode == "set":  # CR 8-8-1-3-4
            self._add_continuous(3, "set", value, chosen, d.duration, a.source)
        else:  # CR 8-8-1-3-5
            self._add_continuous(4, "add", value, chosen, d.duration, a.source)
        self._emit("bp_changed", cards=chosen, source=a.source)

    def _do_level(self, a, d):
        chosen = self._select(a, d.target, prompt="level")
        if chosen is None:
            return False
        chosen = [i for i in chosen if self.state.cards[i].zone == "field"]
        if chosen:  # CR 8-8-1-3-2
            self._add_continuous(1, d.mode, self._amount(a, d), chosen, d.duration, a.source)

    def _do_core_charge(self, a, d):
        n = self._amount(a, d)

        def go(iid):
            if self.state.cards[iid].zone == "field":
                self._move_cores(self.state.cards[iid].owner, "void", iid, n, False, "effect", None)
        return self._targets_then(a, d, go, "put cores on")

    def _remove_cores(self, iid: int, n: int, to: str, cause: Cause) -> None:
        """Take n cores off a card to its owner's reserve/trash/void; regular cores first, then the soul
        core, which never goes to the void this way (CR 4-11-3)."""
        st = self.state
        card = st.cards[iid]
        owner = st.players[card.owner]
        regular = min(n, card.cores)
        soul = n > regular and owner.soul == iid and to != "void"
        self._move_cores(card.owner, iid, to, regular, soul, "effect", cause)

    def _do_core_remove(self, a, d):
        n = self._amount(a, d)
        cause = Cause("effect_cores", a.controller, a.source)  # CR 9-3-2-1: destroyed by the effect

        def go(iid):
            if self.state.cards[iid].zone == "field":
                self._remove_cores(iid, n, d.to, cause)
        return self._targets_then(a, d, go, "remove cores from")

    def _do_life_gain(self, a, d):
        self._move_cores(a.controller, "void", "life", self._amount(a, d), False, "effect", None)

    def _do_life_damage(self, a, d):
        opp = 1 - a.controller
        n = min(self._amount(a, d), self.state.players[opp].life)
        self._move_cores(opp, "life", "reserve", n, False, "effect_damage", None)
        self._check_winner()

    def _do_token(self, a, d):
        st = self.state
        tok = d.token
        for _ in range(self._amount(a, d)):
            iid = max(st.cards) + 1
            st.cards[iid] = Card(iid, tok.id, a.controller, "token")
            self._move_card(iid, "field", "token")  # CR 4-12-1
            self._move_cores(a.controller, "void", iid, tok.lv1_cores, False, "token", None)
            self._on_summoned(iid)

    def _do_search(self, a, d):
        st = self.state
        deck = st.players[a.controller].deck
        looked = deck[-d.look:][::-1] if d.look < len(deck) else deck[::-1]
        t = d.target
        n = a.x if t.count == "X" else t.count
        fits = [i for i in looked if continuous.matches(self, i, t, a.controller, a.source)]
        if fits and self._auto_choose:
            taken = fits[:n]
        elif fits:
            ans = self._take_answer("target")
            if ans is None:  # CR 8-5-3-5: a private area: the chooser may take fewer
                self._ask("target", a.controller, fits, 0, min(n, len(fits)), prompt="add to your hand",
                          source=a.source)
                return False
            taken = list(ans)
        else:
            taken = []
        for iid in taken:
            self._emit("reveal", player=a.controller, card=iid, cid=st.cards[iid].cid)  # CR 12-2-1
            self._move_card(iid, "hand", "search")
        for iid in looked:
            if iid not in taken:
                self._move_card(iid, "deck" if d.to == "bottom" else "trash", "search_rest", bottom=True)

    def _do_recover(self, a, d):
        chosen = self._select(a, d.target, prompt="return to your hand")
        if chosen is None:
            return False
        for iid in chosen:
            self._move_card(iid, "hand", "recover")

    def _do_grant(self, a, d):
        chosen = self._select(a, d.target, prompt="give a keyword")
        if chosen is None:
            return False
        chosen = [i for i in chosen if self.state.cards[i].zone == "field"]
        if chosen:
            st = self.state
            st.grants.append(Grant(st.next_ts, frozenset(chosen), "keyword", d.keyword, d.duration, a.source))
            st.next_ts += 1

    def _do_restrict(self, a, d):
        chosen = self._select(a, d.target, prompt=f"cannot {d.cannot}")
        if chosen is None:
            return False
        chosen = [i for i in chosen if self.state.cards[i].zone == "field"]
        if chosen:
            st = self.state
            st.grants.append(Grant(st.next_ts, frozenset(chosen), "cannot_" + d.cannot, None, d.duration, a.source))
            st.next_ts += 1

    def _do_attack_spirit(self, a, d):
        """CR 10-10-1: the attacked spirit immediately blocks; then the flash window after blocking."""
        st = self.state
        b = st.battle
        if b is None or b.attacker != a.source or b.blocked or st.cards[a.source].zone != "field":
            return
        chosen = self._select(a, d.target, prompt="the spirit to attack")
        if chosen is None:
            return False
        chosen = [i for i in chosen if st.cards[i].zone == "field" and st.cards[i].owner == b.defending_player]
        if not chosen:
            return
        b.blocker, b.blocked = chosen[0], True
        self._emit("block", player=b.defending_player, card=chosen[0], forced=True)
        b.window, b.passes, b.priority = 2, 0, b.defending_player
        st.stage = "flash"

    def _do_pay_cores(self, a, d):  # only in costs; paid by _pay_effect_cost
        return

    def _do_substitute(self, a, d):  # constant effects only; applied by _destroy
        return

    # ------------------------------------------------------------------ keywords that resolve (CR 11)

    def _resolve_keyword(self, a: Activation) -> None:
        st = self.state
        name = a.ref[1]
        if name == "crush":  # CR 11-11-1: level + modifier from the top of the opponent's deck
            lv = stats.level(self, a.source) if st.cards[a.source].zone == "field" else a.lki_level
            n = lv + (continuous.keyword_value(self, a.source, "crush") or 0) if st.cards[a.source].zone == "field" \
                else lv
            deck = st.players[1 - a.controller].deck
            for _ in range(n):
                if not deck:
                    break
                self._move_card(deck[-1], "trash", "crush")
            a.phase = "done"
        elif name == "raid":  # CR 11-12-1: may exhaust one of your nexuses to refresh the attacker
            nexuses = [i for i in st.players[a.controller].field
                       if self.db[st.cards[i].cid].type == "nexus" and not st.cards[i].exhausted]
            if not nexuses or st.cards[a.source].zone != "field" or not st.cards[a.source].exhausted:
                a.phase = "done"
                return
            ans = self._take_answer("target")
            if ans is None:
                self._ask("target", a.controller, nexuses, 0, 1, prompt="【Raid】: exhaust a nexus to refresh",
                          source=a.source)
                return
            if ans:
                self._set_exhausted(ans[0], True)
                self._set_exhausted(a.source, False)
                st.raid_uses[a.source] = st.raid_uses.get(a.source, 0) + 1
            a.phase = "done"
        elif name == "gale":  # CR 11-10-1: the blocking player exhausts N of their refreshed spirits
            spirits = [i for i in st.players[a.controller].field
                       if self.db[st.cards[i].cid].type == "spirit" and not st.cards[i].exhausted]
            n = a.value
            if len(spirits) <= n:
                chosen = spirits
            else:
                ans = self._take_answer("target")
                if ans is None:
                    self._ask("target", a.controller, spirits, n, n, prompt=f"【Gale】: exhaust {n}", source=a.source)
                    return
                chosen = list(ans)
            for i in chosen:
                self._set_exhausted(i, True)
            a.phase = "done"
        elif name == "immortal":  # CR 11-4-1, ruling 6: summon it from the trash, paying its cost
            card = st.cards[a.source]
            if card.zone != "trash":
                a.phase = "done"
                return
            d = self.db[card.cid]
            cost = costs.net_cost(self, a.controller, d)
            auto = costs.auto_select(self, a.controller, cost, d.lv1_cores)
            if auto is None:
                a.phase = "done"
                return
            ans = self._take_answer("may")
            if ans is None:
                self._ask("may", a.controller, [True, False], prompt="【Immortal】: summon it from the trash?",
                          source=a.source)
                return
            if ans:
                pay, pay_soul, place, place_soul = auto
                cause = Cause("self", a.controller)
                self._move_selection(a.controller, pay, pay_soul, "trash", "pay", cause)
                self._move_card(a.source, "field", "summon")
                self._move_selection(a.controller, place, place_soul, a.source, "place", cause)
                self._on_summoned(a.source)
            a.phase = "done"
        else:
            a.phase = "done"

    # ------------------------------------------------------------------ substitution (CR 8-9, 10-1-3-2)

    def _answer_substitution(self, value) -> None:
        st = self.state
        iid, cause = st.pending_destruction.pop(0)
        if value is None:
            self._destroy([(iid, cause)], substitutions=False)
        else:
            src, controller, d = continuous.substitutions(self, iid, cause)[value]
            self._emit("substituted", card=iid, source=src)  # CR 10-5-1: it stays on the field
            a = Activation(ts=0, group=0, source=src, ref=("substitute", 0), controller=controller)
            for sub in d.instead:
                self._directive_now(a, sub)
        self._next_substitution()

    def _directive_now(self, a: Activation, d) -> None:
        """Perform a substitution's directive at once: any selection takes the first candidates."""
        self._auto_choose = True
        try:
            self._directive(a, d)
        finally:
            self._auto_choose = False

    def _next_substitution(self) -> None:
        st = self.state
        while st.pending_destruction:
            iid, cause = st.pending_destruction[0]
            card = st.cards[iid]
            options = continuous.substitutions(self, iid, cause) if card.zone == "field" else []
            if options:
                self._ask("substitute", card.owner, list(range(len(options))),
                          prompt=f"{self.db[card.cid].name} would be destroyed: substitute?", source=iid)
                return
            st.pending_destruction.pop(0)
            if card.zone == "field":
                self._destroy([(iid, cause)], substitutions=False)
        self._manage()
