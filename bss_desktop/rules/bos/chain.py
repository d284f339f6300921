"""Activations and the chain (BOS §Equipment and Tactic Card Chains, §Actions Which Cannot Be Chained To, §Pay a
Cost). A mixin of BosGame.

An activation's cost is paid first and never refunded (BOS §Pay a Cost); the card or effect then goes on the chain
and the other player may respond: a **window**. Each player in turn may activate in response or pass; two passes in
a row close it, and the chain resolves last in, first out. A window opens after every activation, after an attack
is declared, in the damage step (only tactics and effects that change ATK or RST, until damage is calculated: BOS
§Damage Step Rules), after the draw, in the ready phase and at the end phase. Deploying, sacrificing, changing
position and paying costs open none. A player with nothing they could activate passes without being asked (BOS
ruling 12). Trigger effects go on a chain of their own once the action that fired them is over, the turn player's on
top (BOS §If Both Players Conduct Actions Simultaneously).
"""
from __future__ import annotations

from ...carddb.bos_effects import Target
from ...engine.errors import IllegalCommand
from ...engine.state import Choice
from . import cites as C
from .state import Link
from .stats import controller, effects, face_down, fighters, kind

FIELD_ZONES = ("fighter", "equipment", "tactic", "battlefield")


class BosChain:
    # ------------------------------------------------------------------ what a UseCard is

    def _use_context(self, p: int) -> str | None:
        """Where player `p` may activate now: "main" (their main phase, nothing on the chain), "battle" (their
        battle step), "window" (they hold priority in a window), or None."""
        st, r = self.state, self.state.rules
        if st.choice is not None or st.result is not None:
            return None
        if st.stage == "chain":
            return "window" if r.priority == p else None
        if p != st.turn_player:
            return None
        return {"main": "main", "battle": "battle"}.get(st.stage)

    def _use_effect(self, cmd):
        """(how, the Effect or None) for UseCard `cmd`, or raise naming why it is no activation of the card."""
        st = self.state
        card = st.cards.get(cmd.card)
        if card is None or card.owner != cmd.player:
            raise IllegalCommand(C.CHAINS, f"activating: card {cmd.card!r} is not yours")
        k, zone = kind(self, cmd.card), card.zone
        fx = effects(self, cmd.card)
        if cmd.effect == 0:
            how = {("hand", "equipment"): "equip", ("equipment", "equipment"): "equip_set",
                   ("tactic", "tactic"): "tactic", ("hand", "battlefield"): "battlefield"}.get((zone, k))
            if how is None or (how in ("equip_set", "tactic") and not face_down(self, cmd.card)):
                raise IllegalCommand(C.CHAINS, f"activating: {self._name(cmd.card)} is not a card you can activate "
                                               f"from your {zone}")
            return how, next((e for e in fx if e.kind == "activation"), None)
        if zone not in FIELD_ZONES or face_down(self, cmd.card) or not 1 <= cmd.effect <= len(fx):
            raise IllegalCommand(C.IGNITION, f"activating: {self._name(cmd.card)} has no effect {cmd.effect} you can "
                                             "activate on the field")
        e = fx[cmd.effect - 1]
        if e.kind not in ("ignition", "quick"):
            raise IllegalCommand(C.IGNITION, f"activating: effect {cmd.effect} of {self._name(cmd.card)} is a "
                                             f"{e.kind} effect, not one you activate")
        return e.kind, e

    def _use_problem(self, cmd) -> tuple | None:
        """(rule, why) `cmd` (a UseCard) cannot be done now, or None."""
        try:
            how, e = self._use_effect(cmd)
        except IllegalCommand as err:
            return err.rule, err.message
        bad = self._timing_problem(cmd, how, e)
        if bad is not None:
            return bad
        why = self._targets_problem(cmd, how, e)
        if why is not None:
            return C.CHAINS, f"activating: {why}"
        return self._cost_problem(cmd, e)

    def _timing_problem(self, cmd, how: str, e) -> tuple | None:
        """(rule, why) the card or effect of `cmd` cannot be activated now, whatever its targets and payment."""
        st, r, p = self.state, self.state.rules, cmd.player
        where = self._use_context(p)
        if where is None:
            return C.CHAINS, "activating: not now (it is not your main phase or battle step, and you hold no " \
                             "priority in a window)"
        damage = st.stage == "chain" and r.window == "damage"
        if how in ("equip", "equip_set", "battlefield", "ignition") and where != "main":
            rule = {"ignition": C.IGNITION, "battlefield": C.BATTLEFIELD}.get(how, C.CHAINS)
            return rule, f"activating: {'an ignition effect' if how == 'ignition' else 'this card'} only in your " \
                         "main phase, with nothing on the chain"
        if how in ("equip_set", "tactic") and r.set_turn.get(cmd.card, 0) >= st.turn:
            return (C.TACTICS if how == "tactic" else C.EQUIPMENT_ZONE), \
                "activating: a card set face down cannot be activated the turn it was set"
        if damage and how != "tactic" and not (e is not None and e.changes_stats_only):
            return C.DAMAGE, "activating: in the damage step only tactic cards and effects that change ATK or RST"
        if how == "equip":
            room = self._room_problem(p, "equipment")
            if room is not None:
                return room
        if e is not None and (e.once_per_turn or (how in ("ignition", "quick") and e.cost
                                                  and kind(self, cmd.card) == "battlefield")) \
                and (cmd.card, cmd.effect) in r.uses:
            return (C.BATTLEFIELD_COST if kind(self, cmd.card) == "battlefield" else C.IGNITION), \
                "activating: once per turn, and it has been used this turn"
        if e is not None and any(a.op == "negate" for a in e.do) and not r.chain:
            return C.CHAINS, "activating: there is no activation on the chain to negate"
        for a in () if e is None else e.do:
            if a.op == "search" and not self.searchable(p, a.name):
                return C.SEARCH, f"activating: there is no {a.name} card in your deck to search for"
        if e is not None and e.cost.sp and self.sp(p) < e.cost.sp:
            return C.COST, f"activating: it costs {e.cost.sp} SP and you have {self.sp(p)}"
        return None

    def _target_spec(self, how: str, e, card: int):
        """What the activation targets: its effect's target, or for an Attached equipment card the fighter it is
        attached to (one you control)."""
        if how in ("equip", "equip_set") and self._defs[self.state.cards[card].cid].extra.get("subtype") == "Attached":
            return Target(side="own")
        return None if e is None else e.target

    def legal_targets(self, p: int, spec) -> list[int]:
        """The cards `spec` (a carddb.bos_effects.Target) lets player `p` target."""
        st = self.state
        sides = {"own": (p,), "opponent": (1 - p,), "any": (p, 1 - p)}[spec.side]
        out = []
        for q in sides:
            if spec.zone == "fighter":
                for iid in fighters(self, q):
                    d = self._defs[st.cards[iid].cid].extra
                    if spec.cls and d.get("class") != spec.cls:
                        continue
                    if spec.position and (st.cards[iid].exhausted != (spec.position == "rest")):
                        continue
                    out.append(iid)
            else:
                out.extend(st.table.areas[q]["equipment"] + st.table.areas[q]["tactic"])
        return out

    def _targets_problem(self, cmd, how: str, e) -> str | None:
        spec = self._target_spec(how, e, cmd.card)
        if spec is None:
            return None if not cmd.targets else "it targets nothing"
        legal = self.legal_targets(cmd.player, spec)
        if len(cmd.targets) != spec.count or len(set(cmd.targets)) != spec.count:
            return f"it targets {spec.count} card(s), and {len(legal)} can be targeted" if len(legal) >= spec.count \
                else f"it needs {spec.count} target(s), and only {len(legal)} can be targeted"
        for t in cmd.targets:
            if t not in legal:
                return f"card {t!r} cannot be targeted by it"
        return None

    def _cost_problem(self, cmd, e) -> tuple | None:
        """BOS §Pay a Cost: what the command names pays the effect's cost exactly."""
        st, p = self.state, cmd.player
        cost = None if e is None else e.cost
        sp, sac, dis = (0, 0, 0) if not cost else (cost.sp, cost.sacrifice, cost.discard)
        if sp and self.sp(p) < sp:
            return C.COST, f"activating: it costs {sp} SP and you have {self.sp(p)}"
        mine = [i for i in fighters(self, p) if i != cmd.card]
        if len(cmd.sacrifices) != sac or len(set(cmd.sacrifices)) != sac or any(i not in mine
                                                                             for i in cmd.sacrifices):
            return C.COST, f"activating: its cost sacrifices {sac} other fighter(s) you control"
        hand = [i for i in st.players[p].hand if i != cmd.card]
        if len(cmd.discards) != dis or len(set(cmd.discards)) != dis or any(i not in hand for i in cmd.discards):
            return C.COST, f"activating: its cost discards {dis} other card(s) from your hand"
        return None

    # ------------------------------------------------------------------ activating

    def _h_use_card(self, cmd) -> None:
        bad = self._use_problem(cmd)
        if bad is not None:
            raise IllegalCommand(*bad)
        how, e = self._use_effect(cmd)
        st, r, p = self.state, self.state.rules, cmd.player
        # the cost first, never refunded (BOS §Pay a Cost)
        for iid in cmd.sacrifices:
            self._emit("sacrifice", player=p, card=iid, rule=C.COST)
            self._leave(iid, "discard", "sacrifice")
        for iid in cmd.discards:
            self._emit("discard", player=p, card=iid, rule=C.COST)
            self._move_card(iid, "discard", "cost")
            self._fire("sent_to_discard", iid)
        if e is not None and e.cost.sp:
            self._transfer(p, e.cost.sp, "cost")
            if st.result is not None:
                return
        if how == "equip":
            self._move_card(cmd.card, "equipment", "activate")
        elif how == "battlefield":
            for old in list(st.table.areas[p]["battlefield"]):  # one battlefield: the old one goes (BOS ruling 4)
                self._emit("destroy", player=p, card=old, rule=C.BATTLEFIELD)
                self._leave(old, "discard", "destroyed")
            self._move_card(cmd.card, "battlefield", "activate")
        elif how in ("equip_set", "tactic"):
            m = st.table.mark(cmd.card)
            m.down = m.set_this_turn = False
            st.table.tidy(cmd.card)
            r.set_turn.pop(cmd.card, None)
            self._emit("card_face", card=cmd.card, owner=p, down=False, cid=st.cards[cmd.card].cid)  # (turned up)
        if e is not None and (e.once_per_turn or (e.cost and kind(self, cmd.card) == "battlefield")):
            r.uses.add((cmd.card, cmd.effect))
        r.chain.append(Link(p, cmd.card, cmd.effect, tuple(cmd.targets)))
        self._emit("activate", player=p, card=cmd.card, cid=st.cards[cmd.card].cid, effect=cmd.effect,
                   targets=list(cmd.targets), chain=len(r.chain))
        if st.stage == "chain":
            r.passes, r.priority = 0, 1 - p
        else:
            self._open_window("chain", st.stage, 1 - p)

    # ------------------------------------------------------------------ windows

    def _open_window(self, moment: str, resume: str, first: int) -> None:
        st, r = self.state, self.state.rules
        r.window, r.resume, r.priority, r.passes = moment, resume, first, 0
        st.stage = "chain"

    def _h_pass(self, cmd) -> None:
        self._expect(cmd, ("chain",), C.CHAINS, "passing")
        self._emit("pass", player=cmd.player)
        self._pass(cmd.player)

    def _pass(self, p: int) -> None:
        r = self.state.rules
        r.passes += 1
        r.priority = 1 - p

    def _window_step(self) -> bool:
        """In a window: close it after two passes in a row, pass for a player who could activate nothing, or wait
        (False) for the player who holds priority."""
        r = self.state.rules
        if r.passes >= 2:
            self._close_window()
            return True
        if self.responses(r.priority, any_one=True):
            return False
        self._pass(r.priority)
        return True

    def _close_window(self) -> None:
        """Both passed: the chain resolves, last in first out (BOS §Chains); then the game goes on."""
        st, r = self.state, self.state.rules
        if r.resolving is not None:  # an effect paused by a choice inside it goes on where it stopped
            link, start = r.resolving
            r.resolving = None
            self._resolve(link, start)
        while r.chain and st.result is None and st.choice is None:
            self._resolve(r.chain.pop())
        if st.result is not None or st.choice is not None:
            return
        resume = r.resume
        r.window, r.resume, r.priority, r.passes = "", "", None, 0
        st.stage = resume

    # ------------------------------------------------------------------ resolving

    def _resolve(self, link: Link, start: int = 0) -> None:
        """Resolve `link` from its `start`-th action (a choice inside an effect pauses it: state.resolving)."""
        st = self.state
        card = st.cards[link.card]
        e = None
        if link.effect:
            fx = effects(self, link.card)
            e = fx[link.effect - 1] if link.effect <= len(fx) else None
        else:
            e = next((x for x in effects(self, link.card) if x.kind == "activation"), None)
        if link.negated:
            self._emit("negated", card=link.card, effect=link.effect, rule=C.CHAINS)
        else:
            if not start:
                self._emit("resolve", card=link.card, effect=link.effect)
            if e is not None and not self._do(link, e, start):
                return  # paused by a choice
        if link.effect or link.trigger or st.result is not None:
            return
        # the card's own activation: where the card goes now (BOS §Equipment Cards, §Tactic Cards)
        if card.zone not in ("equipment", "tactic"):
            return
        sub = self._defs[card.cid].extra.get("subtype")
        if link.negated or sub == "One-Turn":
            self._move_card(link.card, "discard", "used")
            self._fire("sent_to_discard", link.card)
        elif sub == "Attached":
            host = link.targets[0] if link.targets else None
            if host is not None and st.cards[host].zone == "fighter" and controller(self, host) == link.controller:
                st.table.mark(link.card).on = host
                self._emit("attach", card=link.card, host=host)
            else:  # the fighter is gone: nothing to attach to
                self._move_card(link.card, "discard", "no_host")
                self._fire("sent_to_discard", link.card)

    # ------------------------------------------------------------------ triggers

    def _fire(self, when: str, iid: int) -> None:
        """Card `iid`'s trigger effects of the moment `when` wait to go on a chain."""
        for i, e in enumerate(effects(self, iid)):
            if e.kind == "trigger" and e.when == when:
                self.state.rules.triggers.append([self.state.cards[iid].owner, iid, i + 1])

    def _fire_all(self, when: str, p: int) -> None:
        """The trigger effects of `when` of every face-up card player `p` controls."""
        for zone in FIELD_ZONES:
            for iid in list(self.state.table.areas[p][zone]):
                if not face_down(self, iid):
                    self._fire(when, iid)

    def _chain_triggers(self) -> None:
        """Put the waiting triggers on a chain: the turn player's last, so theirs resolve first; a trigger that
        targets asks its controller for its targets (a Choice), and without any it does not go on."""
        st, r = self.state, self.state.rules
        tp = st.turn_player
        r.triggers.sort(key=lambda t: t[0] == tp)  # (stable: each player's in the order they fired)
        while r.triggers:
            ctrl, iid, idx = r.triggers[0]
            e = effects(self, iid)[idx - 1]
            if e.target is not None:
                legal = self.legal_targets(ctrl, e.target)
                if len(legal) < e.target.count:
                    r.triggers.pop(0)
                    self._emit("effect_fizzled", card=iid, effect=idx, reason="no_target")
                    continue
                st.choice = Choice("target", ctrl, legal, e.target.count, e.target.count,
                                   f"Choose {e.target.count} target(s) for {self._name(iid)}", source=iid)
                return
            r.triggers.pop(0)
            self._push_trigger(ctrl, iid, idx, ())
        if r.chain:
            self._open_window("chain", st.stage, 1 - r.chain[-1].controller)

    def _push_trigger(self, ctrl: int, iid: int, idx: int, targets: tuple) -> None:
        r = self.state.rules
        r.chain.append(Link(ctrl, iid, idx, targets, trigger=True))
        if self.state.stage == "chain":  # (triggered while a window was open: it joins that chain)
            r.passes, r.priority = 0, 1 - ctrl
        self._emit("trigger", player=ctrl, card=iid, effect=idx, targets=list(targets))

    def _name(self, iid: int) -> str:
        return self._defs[self.state.cards[iid].cid].name
