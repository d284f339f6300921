"""Effects at run time: triggers, the resolution queue, choices, keywords and substitution (CR 8, 10, 11).

`Resolution` is mixed into `Game`. Events the game emits are checked for
triggers (`_collect`); triggered effects wait in `state.queue`, newest group
first, once activated (their cost paid, effect_costs.py); the turn player orders
simultaneous ones (CR 8-5-2-4); each resolves directive by directive in written
order (CR 1-3-7, directives.py), stopping at `state.choice` whenever a player
must choose and resuming when they answer (`Choose`).
"""
from __future__ import annotations

from dataclasses import replace
from itertools import combinations

from ...carddb.effects import BURST_TRIGGERS, Effect
from ...engine import stats
from . import agile, continuous, costs, counting, link, protection, reactions, timing
from .directives import WAIT, Directives
from . import destroytrig, summon_origin  # rulings T4, T6; CR 10-6-1, 11-9-1
from .effect_costs import EffectCosts
from ...engine.errors import IllegalCommand
from ...limits import MAX_TARGET_OPTIONS
from ...engine.state import STEPS, Activation, Cause, Choice
from .targets import condition_holds, has_symbol, matches

_STEP_KEYS = {step: ("step", step) for step in STEPS}  # Game._trigger_cids' keys for step triggers, made once
DECOY = ("burst", None)  # a burst asked at a moment its condition does not match (ask_every_burst_moment)
# triggers that fire as their card leaves the field: the effect reads the card's last state there (CR 8-10)
LEAVING_TRIGGERS = ("when_destroyed", "when_destroyed_by_opponent", "when_depleted")


class Resolution(Directives, EffectCosts):
    # ------------------------------------------------------------------ index and queries

    def fx(self, cid: str):
        """The effects of card `cid`, indexed for the engine (cached per card database)."""
        return self._fx_cache[cid]  # (indexed on first read: game._FxIndex)

    def keywords_of(self, iid: int, name: str | None = None) -> list:
        return continuous.keywords_of(self, iid, name) if self.has_effects else []

    def has_keyword(self, iid: int, name: str) -> bool:
        return self.has_effects and continuous.has_keyword(self, iid, name)

    # ------------------------------------------------------------------ triggers (CR 8-6)

    def _fire(self, iid: int, trigger: str, trigger_card: int | None = None) -> None:
        """Queue `iid`'s effects with `trigger` whose level and condition hold (CR 8-6-2); announce its manual ones."""
        cid = self.state.cards[iid].cid
        if cid not in self._trigger_cids.get(trigger, ()):
            return  # its card has no (manual) triggered effect waiting for it (Game._index_cards)
        fx = self._fx_cache[cid]
        found = fx.triggered.get(trigger)
        if found:
            for i, e in found:
                self._fire_one(iid, i, e, trigger_card)
        manual = fx.manual_triggered.get(trigger)
        if manual:
            self._announce_triggered(iid, manual, trigger)

    def _fire_one(self, iid: int, i: int, e, trigger_card: int | None = None) -> None:
        card = self.state.cards[iid]
        if self._watched(iid, e, trigger_card) and self._trigger_holds(iid, e, card.owner):
            on_field = card.zone == "field"
            lv = stats.level(self, iid) if on_field else 0
            # CR 8-10: a card leaving the field is read as it last was there ("if this spirit has a Soul Core on it")
            lki = (stats.cores_on(self.state, iid), self.state.players[card.owner].soul == iid) \
                if on_field and e.trigger in LEAVING_TRIGGERS else None
            if lki is not None and counting.reads_own_bp(e):  # "BP equal to or fewer than this one" (ruling C-4)
                lki = (*lki, stats.bp(self, iid))
            self._pending.append((iid, ("effect", i), card.owner, trigger_card, lv, lki))

    def _watched(self, iid: int, e, trigger_card: int | None) -> bool:
        """Whether the card the event happened to is one `e` watches ("when one of your Dragon spirits attacks");
        read with the trigger card's state as the event happens (a destroyed card's last state, CR 8-10)."""
        if e.watch is None:
            return True
        if trigger_card is None:
            return False
        return matches(self, trigger_card, replace(e.watch, side="any"), self.state.cards[iid].owner, iid)

    def _trigger_holds(self, iid: int, e, player: int) -> bool:
        """Whether `iid`'s effect `e` activates now that its trigger fired: the level it needs on the field
        (CR 2-10-2; a card that left the field keeps its last state, CR 8-10) and its condition (CR 8-6-2)."""
        card = self.state.cards[iid]
        if card.zone == "field" and not continuous.level_ok(e.levels, stats.level(self, iid)):
            return False
        if card.zone == "field" and continuous.effect_lost(self, iid, e.levels):
            return False  # a nexus that lost its effects (lost_effects.py)
        return condition_holds(self, e.condition, iid, player)

    def _announce_triggered(self, iid: int, effects, trigger: str, player: int | None = None) -> None:
        """Manual triggered effects of `iid` whose trigger just fired, and whose level and condition hold: their
        moment has come (CR 8-6-2), so both players are told the text to resolve by hand. They never enter the
        queue: the engine does not know what they do."""
        card = self.state.cards[iid]
        hits = [(i, e) for i, e in effects if self._trigger_holds(iid, e, card.owner if player is None else player)]
        if hits:
            self._emit("manual_effect", card=iid, cid=card.cid, player=card.owner, texts=[e.text for _, e in hits],
                       effects=[i for i, _ in hits], trigger=trigger)

    def _fire_temporary(self, p: int, trigger: str, trigger_card: int | None) -> None:
        """The while-lasting triggers of player `p` ("during this turn, when ...", directives.`_do_during`) waiting
        for `trigger` on a card like `trigger_card`."""
        st = self.state
        for source, i, j, controller, _, watched in st.temporary:
            if controller != p or trigger_card is None or (watched is not None and trigger_card not in watched):
                continue
            d = self._defs[st.cards[source].cid].effects[i].do[j]
            if d.trigger == trigger and (d.by is None or matches(
                    self, trigger_card, replace(d.by, side="any"), controller, source)):
                self._pending.append((source, ("during", i, j), controller, trigger_card, 0, None))

    def _fire_side(self, p: int, trigger: str, trigger_card: int | None = None, exclude: int | None = None,
                   skip=()) -> None:
        """Triggers of every field card of player `p`, and their set burst (CR 10-9-1)."""
        if self.state.temporary:
            self._fire_temporary(p, trigger, trigger_card)
        player = self.state.players[p]
        if trigger not in self._triggers and (player.burst is None or trigger not in BURST_TRIGGERS
                                              or not self.settings.ask_every_burst_moment):
            return  # no effect of this game waits for it, and no burst is asked about all the same (below)
        watching = self._trigger_cids.get(trigger)
        if watching:  # (only the cards with an effect waiting for it can trigger: _fire)
            cards = self.state.cards
            for iid in player.field:
                if iid != exclude and cards[iid].cid in watching and iid not in skip:
                    self._fire(iid, trigger, trigger_card)
        if player.burst is not None:
            matched = False
            fx = self.fx(self.state.cards[player.burst].cid)
            for i, e in fx.bursts:
                if e.trigger == trigger and self._watched(player.burst, e, trigger_card):
                    self._pending.append((player.burst, ("burst", i), p, trigger_card, 0, None))
                    matched = True
            manual = [(i, e) for i, e in fx.manual_bursts if e.trigger == trigger] if fx.manual_bursts else ()
            if manual:  # CR 10-9-2: its condition is met; its owner may activate it, by hand (redacted to them)
                self._emit("manual_effect", card=player.burst, cid=self.state.cards[player.burst].cid, player=p,
                           texts=[e.text for _, e in manual], effects=[i for i, _ in manual], trigger=trigger,
                           burst=True)
            if not matched and trigger in BURST_TRIGGERS and self.settings.ask_every_burst_moment:
                # CR 3-8-2: its owner is asked all the same, so the flow does not tell whether it matched (a manual
                # burst too: its announcement goes to its owner alone)
                self._pending.append((player.burst, DECOY, p, trigger_card, 0, None))

    def _keyword_trigger(self, iid: int, name: str, controller: int, trigger_card: int | None = None,
                         value: int = 0) -> None:
        self._pending.append((iid, ("keyword", name), controller, trigger_card, value, None))

    def _on_summoned(self, iid: int, quiet: bool = False) -> None:
        """After a summon or placement is complete (CR 10-6-7, 10-7-7); `quiet`: its own "When Summoned" effects are
        not triggered by this summon (ruling P22)."""
        if not self.has_effects:
            return
        card = self.state.cards[iid]
        if not quiet:
            self._fire(iid, "when_summoned" if self._defs[card.cid].type == "spirit" else "when_placed")
        if self._defs[card.cid].type == "spirit":
            self._fire_side(card.owner, "your_spirit_summoned", iid)
            summon_origin.on_summoned(self, iid, card.owner)  # "summoned from your trash" (CR 10-6-1)
            self._fire_side(1 - card.owner, "opponent_summons", iid)
        else:  # CR 10-7-7: a nexus placed
            self._fire_side(card.owner, "your_nexus_placed", iid)

    def _collect(self, ev) -> None:
        """Check one event for triggers (Game._emit does this for every event when the game has effects)."""
        check = COLLECTORS.get(ev.kind)
        if check is not None:
            check(self, ev.data)

    # one method per kind of event that can trigger something (COLLECTORS); `ev` is the event's fields

    def _on_attack(self, ev: dict) -> None:
        st = self.state
        a = ev["card"]
        if timing.counts_first_times(self, ("your_spirit_attacks",)):
            st.turn_log.append(("attack", ev["player"], a))
        self._fire(a, "when_attacks")
        self._fire(a, "when_attacks_or_blocks")
        self._fire_side(ev["player"], "your_spirit_attacks", a)
        self._fire_side(1 - ev["player"], "opponent_attacks", a)
        crush = continuous.keyword_value(self, a, "crush")
        if crush is not None:  # CR 11-11-1
            self._keyword_trigger(a, "crush", ev["player"], value=crush)
        raid = continuous.keyword_value(self, a, "raid")
        if raid is not None and st.raid_uses.get(a, 0) < raid:  # CR 11-12-1
            self._keyword_trigger(a, "raid", ev["player"], value=raid)
        st.battle.luster = continuous.has_keyword(self, a, "luster")  # CR 11-6-1
        link.on_attack(self, a, ev["player"], matches)  # 【Link】 (docs/saga-rulings.md "Link")

    def _on_block(self, ev: dict) -> None:
        if ev["card"] is None:
            return
        st = self.state
        blocker, attacker = ev["card"], st.battle.attacker
        if not protection.blocks_muted(self, blocker, attacker):  # ruling P16 (CR 10-11-2: both labels)
            self._fire(blocker, "when_blocks")
            self._fire(blocker, "when_attacks_or_blocks")
        self._fire(attacker, "when_blocked")
        self._fire_side(ev["player"], "your_spirit_blocks", blocker)  # the event's player is the blocker's
        self._fire_side(1 - ev["player"], "opponent_blocks", blocker)
        self._fire_side(1 - ev["player"], "your_spirit_blocked", attacker)
        if continuous.has_keyword(self, attacker, "curse"):  # CR 11-3-1: only one activates (11-3-2)
            st.battle.cursed = True
        gale = continuous.keyword_value(self, attacker, "gale")
        if gale is not None:  # CR 11-10-1: the blocking player exhausts their spirits
            self._keyword_trigger(attacker, "gale", ev["player"], value=gale)

    def _on_destroyed(self, ev: dict) -> None:
        if ev["self_destruction"]:
            return
        st = self.state
        iid = ev["card"]
        card = st.cards[iid]
        owner = card.owner
        by = ev["cause"][1]
        # ruling P10: a destruction "not triggering your opponent's 'When Destroyed' effects" triggers none of that
        # player's effects that wait for a destruction (CR 10-15-1)
        quiet = 1 - by if ev["cause"][0] == "effect_quiet" and by is not None else None
        mute = protection.muted(self)  # ruling P11: the "When Destroyed" effects on these are not triggered
        if owner != quiet and iid not in mute:
            self._fire(iid, "when_destroyed")  # CR 10-15-1, with its last state (CR 8-10)
            if by == 1 - owner:
                self._fire(iid, "when_destroyed_by_opponent")
        if self._defs[card.cid].type == "nexus" and by == 1 - owner and owner != quiet:  # (by an effect: CR 10-15-1)
            self._fire_side(owner, "your_nexus_destroyed_by_opponent", iid, exclude=iid, skip=mute)
        if self._defs[card.cid].type == "spirit":
            if "destroyed" in self._reads:  # "if N of your spirits has been destroyed this turn"
                st.spirits_destroyed[owner] += 1
            if timing.counts_first_times(self, ("your_spirit_destroyed", "your_spirit_destroyed_by_opponent")):
                st.turn_log.append(("destroyed", owner, iid, by == 1 - owner))
            if owner != quiet:
                self._fire_side(owner, "your_spirit_destroyed", iid, exclude=iid, skip=mute)
                if by == 1 - owner:
                    self._fire_side(owner, "your_spirit_destroyed_by_opponent", iid, exclude=iid, skip=mute)
                if ev["cause"][0] == "battle":  # by comparing BP (CR 7-1-5-2-1)
                    self._fire_side(owner, "your_spirit_destroyed_in_battle", iid, exclude=iid, skip=mute)
                if ev["cause"][0] in ("effect", "effect_quiet", "effect_cores", "effect_bp", "effect_curse"):  # by an
                    # effect (CR 10-1-2)
                    self._fire_side(owner, "your_spirit_destroyed_by_effect", iid, exclude=iid, skip=mute)
                    if by == owner:
                        self._fire_side(owner, "your_spirit_destroyed_by_your_effect", iid, exclude=iid, skip=mute)
            if 1 - owner != quiet:
                self._fire_side(1 - owner, "opponent_spirit_destroyed", iid, skip=mute)
                if ev["cause"][0] == "battle":  # by comparing BP (CR 7-1-5-2-1)
                    self._fire_side(1 - owner, "opponent_spirit_destroyed_in_battle", iid, skip=mute)
            winner = ev["cause"][2]
            if ev["cause"][0] == "battle" and winner is not None:
                # CR 7-1-5-2-1: it destroyed this one by comparing BP; in a tie it is destroyed too and its
                # effect still triggers, with its last state (CR 8-10), like a "when destroyed" effect
                self._fire(winner, "when_wins_battle", iid)
                self._fire_side(st.cards[winner].owner, "your_spirit_wins_battle", winner)
            destroytrig.on_destroyed(self, iid, owner, ev["cause"], quiet, mute)  # how and by what (ruling T4)
            # CR 11-4-1: 【Immortal】 works from the trash, where a card has its printed keywords (CR 10-13-2)
            for t in st.players[owner].trash if "immortal" in self._keywords and owner != quiet else ():
                for kw in continuous.keywords_of(self, t, "immortal"):
                    if kw.timing == "attack_step" and st.step != "attack":  # a printed limit on the trigger
                        continue
                    if kw.condition is None or continuous.matches(self, iid, kw.condition, owner, t):
                        self._keyword_trigger(t, "immortal", owner, iid)
                        break

    def _on_depleted(self, ev: dict) -> None:
        """STD 5-11: a card is depleted (Battle Spirits Standard's rule processing emits it before the card moves).
        Its "when depleted" effects read it as it was on the field (CR 8-10) at its level before depletion
        (STD 10-2-2-3: the event's `level`, the level it had before it lost its cores; at least Lv1)."""
        st = self.state
        iid = ev["card"]
        card = st.cards[iid]
        owner = card.owner
        if card.cid in self._trigger_cids.get("when_depleted", ()):
            fx = self._fx_cache[card.cid]
            lv = max(1, ev.get("level") or stats.level(self, iid))
            lki = (stats.cores_on(st, iid), st.players[owner].soul == iid)
            for i, e in fx.triggered.get("when_depleted", ()):
                if continuous.level_ok(e.levels, lv) and condition_holds(self, e.condition, iid, owner):
                    self._pending.append((iid, ("effect", i), owner, None, lv, lki))
            hits = [(i, e) for i, e in fx.manual_triggered.get("when_depleted", ())
                    if continuous.level_ok(e.levels, lv) and condition_holds(self, e.condition, iid, owner)]
            if hits:
                self._emit("manual_effect", card=iid, cid=card.cid, player=owner, texts=[e.text for _, e in hits],
                           effects=[i for i, _ in hits], trigger="when_depleted")
        if self._defs[card.cid].type == "spirit":
            self._fire_side(owner, "your_spirit_depleted", iid, exclude=iid)
            self._fire_side(1 - owner, "opponent_spirit_depleted", iid)

    def _on_cores_moved(self, ev: dict) -> None:
        if ev["src"] == "life" and ev["count"] > 0:
            if "life_lost" in self._reads or timing.counts_first_times(self, ("life_reduced",)):
                self.state.turn_log.append(("life", ev["player"]))
            self._fire_side(ev["player"], "life_reduced")
        if ev["dst"] == "life" and ev["count"] > 0:  # ruling P9: a life increases when cores are placed into it
            gainer = ev.get("dst_player", ev["player"])
            self._fire_side(gainer, "life_gained")
            self._fire_side(1 - gainer, "opponent_life_gained")  # "when a core is added to your opponent's life"
        if self._triggers.intersection(reactions.CORE_TRIGGERS):  # (reactions.py: cores placed somewhere)
            reactions.cores_moved(self, ev)
        src = ev["src"]
        if type(src) is int and ev["reason"] == "effect" and "your_spirit_cores_zeroed" in self._triggers:
            self._cores_zeroed(src)
        if "cores_reach" in self._triggers:  # (a card of this game triggers on its cores reaching a count)
            dst = ev["dst"]
            if type(dst) is int:
                self._cores_reach(dst)

    def _cores_zeroed(self, iid: int) -> None:
        """"When one of your spirits has its cores reduced to zero by your opponent's effect": its opponent's effect
        (an effect_cores cause, CR 9-3-2-1) just took its last core, the soul core counted (CR 4-11)."""
        st = self.state
        card = st.cards[iid]
        cause = self._touched.get(iid)
        if card.zone != "field" or stats.cores_on(st, iid) or cause is None or cause.kind != "effect_cores" or \
                cause.player != 1 - card.owner or self._defs[card.cid].type != "spirit":
            return
        self._fire_side(card.owner, "your_spirit_cores_zeroed", iid)

    def _cores_reach(self, iid: int) -> None:
        """STD 13-1-1: cores were put on card `iid`; its "when this card has N or more cores" effects trigger if it
        now has N or more, even if it had them before (never when cores leave it)."""
        card = self.state.cards[iid]
        if card.zone != "field" or card.cid not in self._trigger_cids.get("cores_reach", ()):
            return
        n = stats.cores_on(self.state, iid)
        for i, e in self._fx_cache[card.cid].triggered.get("cores_reach", ()):
            if n >= e.reach:
                self._fire_one(iid, i, e)

    def _on_exhaust(self, ev: dict) -> None:  # only a change of state is an event (CR 1-3-2-1)
        if "heavy" in ev:  # STD 5-14-2: a heavy exhausted card refreshed (it becomes exhausted): a refresh
            self._fire(ev["card"], "when_refreshed")
            return
        self._fire(ev["card"], "when_exhausted" if ev["exhausted"] else "when_refreshed")
        if ev["exhausted"] and self._triggers.intersection(reactions.EXHAUST_TRIGGERS):  # (reactions.py)
            reactions.exhausted(self, ev)
        card = self.state.cards[ev["card"]]
        if ev["exhausted"] and self._defs[card.cid].type == "nexus":
            self._fire_side(card.owner, "your_nexus_exhausted", ev["card"])

    def _on_damage(self, ev: dict) -> None:
        if ev["amount"] > 0:  # CR 7-1-5-3-1: the attack reduced the opponent's life
            self._fire(ev["attacker"], "when_attack_reduces_life")
            self._fire_side(1 - ev["player"], "your_spirit_reduces_life", ev["attacker"])
            self._fire_side(ev["player"], "opponent_spirit_reduces_life", ev["attacker"])

    def _on_burst_set(self, ev: dict) -> None:
        if "burst_set" not in self._triggers:
            return  # no effect of this game waits for it
        st = self.state
        setter = ev["player"]
        for p in (0, 1):
            whose = "you" if p == setter else "opponent"
            for iid in st.players[p].field:
                fx = self.fx(st.cards[iid].cid)
                for i, e in fx.triggered.get("burst_set", ()):
                    if e.whose in (whose, "any"):
                        self._fire_one(iid, i, e)
                self._announce_triggered(iid, [(i, e) for i, e in fx.manual_triggered.get("burst_set", ())
                                               if e.whose in (whose, "any")], "burst_set")

    def _on_step(self, ev: dict) -> None:
        if ev["step"] == "end":
            self._fire_later("turn_end")  # "at the end of this turn" (CR 6-8-1-1)
        watching = self._trigger_cids.get(_STEP_KEYS.get(ev["step"]))
        if not watching:
            return  # no effect of this game waits for this step (Game._index_cards)
        st = self.state
        cards, fx_cache = st.cards, self._fx_cache
        tp = ev["player"]
        for p in (0, 1):
            whose = "you" if p == tp else "opponent"
            for iid in st.players[p].field:
                cid = cards[iid].cid
                if cid not in watching:  # nothing of it waits for this step
                    continue
                fx = fx_cache[cid]
                for trig in ("start_of_step", "end_of_turn"):
                    if trig == "end_of_turn" and ev["step"] != "end":
                        continue

                    def now(e, trig=trig):
                        return (trig != "start_of_step" or e.step == ev["step"]) and e.whose in (whose, "any")
                    for i, e in fx.triggered.get(trig, ()):
                        if now(e) and self._trigger_holds(iid, e, p):
                            self._pending.append((iid, ("effect", i), p, None, stats.level(self, iid), None))
                    if trig in fx.manual_triggered:
                        self._announce_triggered(iid, [(i, e) for i, e in fx.manual_triggered[trig] if now(e)], trig, p)

    def _on_resolved(self, ev: dict) -> None:
        if ev["card"] is None or ev["ref"][0] != "effect":
            return
        card = self.state.cards[ev["card"]]  # a spirit's "when summoned" effect has resolved (its burst moment)
        effects = self._defs[card.cid].effects
        i = ev["ref"][1]
        if isinstance(i, int) and i < len(effects) and effects[i].trigger == "when_summoned":
            self._fire_side(1 - card.owner, "opponent_summon_effect", ev["card"])

    def _on_magic_used(self, ev: dict) -> None:  # CR 10-8: its effect resolves first, these wait under it (CR 8-5-2-4)
        self._fire_side(ev["player"], "you_use_magic", ev["card"])
        self._fire_side(1 - ev["player"], "opponent_uses_magic", ev["card"])
        if ev["window"] != "burst":  # used from the hand (CR 10-8-1), not as a burst's follow-up (CR 10-9)
            self._fire_side(ev["player"], "you_use_magic_from_hand", ev["card"])
            self._fire_side(1 - ev["player"], "opponent_uses_magic_from_hand", ev["card"])

    def _on_card_moved(self, ev: dict) -> None:
        """A spirit returned from the field to its owner's hand or deck ("when one of your opponent's spirits is
        returned to their hand or deck"): the opponent's effects waiting for it trigger."""
        if self._triggers.intersection(reactions.MILL_TRIGGERS):  # (reactions.py: discarded from a deck)
            reactions.card_moved(self, ev)
        if ev["src"] == "hand" and ev["dst"] == "trash" and ev["reason"] == "discard":  # CR 10-2-2
            self._fire_side(ev["owner"], "your_card_discarded", ev["card"])
            return
        if ev["src"] != "field" or ev["dst"] not in ("hand", "deck") or self._defs[ev["cid"]].type != "spirit":
            return
        self._fire_side(1 - ev["owner"], "opponent_spirit_returned", ev["card"])
        if ev["dst"] == "hand":
            self._fire_side(1 - ev["owner"], "opponent_spirit_returned_to_hand", ev["card"])

    def _on_draw(self, ev: dict) -> None:
        """Ruling T2 (docs/saga-rulings.md): a player's draw triggers their opponent's "when your opponent draws"
        effects; the cards one draw takes are one event (triggers collected together activate once, CR 8-6-3)."""
        p = ev["player"]
        self._fire_side(1 - p, "opponent_draws")
        st = self.state
        if st.step != "draw" or st.turn_player != p:
            self._fire_side(1 - p, "opponent_draws_outside_draw_step")

    def _on_battle_resolution(self, ev: dict) -> None:
        """STD 8-1-5-1: 『戰鬥結算時』 effects of the battling spirits, before the BP comparison or the life damage
        (Battle Spirits Standard's battle emits it; Saga's has no such timing)."""
        for iid in (ev["attacker"], ev["blocker"]):
            if iid is not None and self.state.cards[iid].zone == "field":
                self._fire(iid, "at_battle_resolution")

    def _on_battle_result(self, ev: dict) -> None:
        """CR 7-1-5-2-1: the BP of the battling spirits compared; the one with the higher BP (none in a tie)."""
        b = self.state.battle
        if b is None or b.blocker is None or ev["attacker_bp"] == ev["blocker_bp"]:
            return
        higher, player = (b.attacker, b.attacking_player) if ev["attacker_bp"] > ev["blocker_bp"] else (
            b.blocker, b.defending_player)
        self._fire_side(player, "your_spirit_higher_bp", higher)

    def _on_linked(self, ev: dict) -> None:  # docs/saga-rulings.md "Link", Link-7
        self._fire(ev["card"], "when_links")
        self._fire(ev["attacker"], "when_linked")
        self._fire_side(ev["player"], "your_spirit_linked", ev["attacker"])

    def _on_battle_end(self, ev: dict) -> None:
        self._fire_later("battle_end")  # "... when the battle ends" (CR 7-1-6-1)
        if self.state.temporary:  # "during this battle, when ...": the battle is over (CR 7-1-6-2)
            self.state.temporary = [t for t in self.state.temporary if t[4] != "battle"]
        for iid, role in ((ev["attacker"], "when_attack_ends"), (ev["blocker"], "when_block_ends")):
            if iid is not None and self.state.cards[iid].zone == "field":
                self._fire(iid, "when_battle_ends")
                self._fire(iid, role)  # its part in the battle, read as the battle ends (CR 7-1-6-1)
        reactions.battle_ended(self, ev["attacker"], ev["blocker"])  # "when a battle with one of your spirits ends"
        if "agile" in self._keywords:  # 【Agile】 cards in the hands (agile.py, docs/saga-rulings.md)
            agile.battle_ended(self, ev["attacker"], ev["blocker"])

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
        stacked: set = set()  # 〔Unstackable〕 effects activating at this timing (STD 12-3-2)
        for iid, ref, controller, trigger_card, lv, lki in self._pending:
            if (iid, ref) in seen:
                continue
            seen.add((iid, ref))
            value = lv if ref[0] == "keyword" else 0
            e = self._effect_of_ref(iid, ref) if ref[0] == "effect" else None
            if e is not None and e.limit == "first_time":
                if not timing.first_time(self, e, controller, trigger_card):
                    continue
            elif e is not None and e.limit is not None and not self._limit_allows(iid, ref[1], e, controller,
                                                                                  stacked):
                continue
            # a set burst is first activated, or not, at its owner's will (activate_burst); the others wait, or pay
            phase = self._start_phase(e) if ref[0] == "effect" else "burst" if ref[0] == "burst" else "new"
            a = Activation(ts=st.next_ts, group=group, source=iid, ref=ref, controller=controller,
                           trigger_card=trigger_card, lki_level=lv if ref[0] != "keyword" else 0, phase=phase,
                           value=value, lki=lki)
            if iid == self._soul_summon and ref[0] == "effect" and \
                    self._effect_of_ref(iid, ref).trigger in ("when_summoned", "when_placed"):
                a.soul_paid = True  # the soul core was part of its summoning payment (CR 10-6-6)
            elif e is not None and e.trigger in costs.SOUL_SEEN_TRIGGERS and e.condition is not None \
                    and e.condition.soul_paid is not None:
                # "when you summon a spirit / use a magic card and spend the soul core as part of its cost": the
                # payment of the card the event happened to (CR 10-6-6, 10-8-6); otherwise it does not trigger
                a.soul_paid = trigger_card is not None and trigger_card == self._soul_summon
                if a.soul_paid != e.condition.soul_paid:
                    continue
            st.next_ts += 1
            new.append(a)
        self._pending = []
        top = st.queue[-1] if st.queue else None
        # the resolving effect stays on top: one already started, or a magic card's effect about to resolve (its
        # card is "resolving" from its use on, CR 10-8: "when you use a magic card" effects wait for it)
        if top is not None and (top.phase != "new" or st.cards[top.source].zone == "resolving"):
            st.queue[-1:-1] = new
        else:
            st.queue.extend(new)

    # ------------------------------------------------------------------ 〔Once per turn〕, 〔Unstackable〕 (STD 12-3)

    def _limit_allows(self, iid: int, idx: int, e, controller: int, stacked: set) -> bool:
        """Whether triggered effect `idx` of `iid` may activate now, its restriction tag recorded if so: 〔Once per
        turn〕 once a turn for each card (same-name copies each once, STD 12-3-1-2); 〔Unstackable〕 once among the
        same-name cards of its controller at one timing, the first of them (12-3-2); both for the combined tag
        (12-3-3). A card of another name has another effect (12-3-1-3, 12-3-2-2)."""
        st = self.state
        once = e.limit != "unstackable"
        if once and (iid, idx) in st.effect_uses:
            return False
        if e.limit != "once_per_turn":
            key = (controller, self._defs[st.cards[iid].cid].name, idx)
            if key in stacked:
                return False
            stacked.add(key)
        if once:
            st.effect_uses.add((iid, idx))
        return True

    def limit_refusal(self, p: int, iid: int, idx: int, e) -> str | None:
        """Why activated effect `idx` of `iid` cannot be activated now because of its restriction tag, or None: used
        this turn by this card (〔Once per turn〕, STD 12-3-1), or the same effect of a same-name card of player p is
        waiting to resolve at this timing (〔Unstackable〕, 12-3-2)."""
        st = self.state
        if e.limit != "unstackable" and (iid, idx) in st.effect_uses:
            return "〔Once per turn〕: this card has used that effect this turn (STD 12-3-1-1)"
        if e.limit != "once_per_turn" and st.queue:
            name = self._defs[st.cards[iid].cid].name
            ref = ("effect", idx)
            if any(a.controller == p and a.ref == ref and self._defs[st.cards[a.source].cid].name == name
                   for a in st.queue):
                return "〔Unstackable〕: that effect of a card of the same name waits to resolve at this timing " \
                       "(STD 12-3-2-1)"
        return None

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
        if c.kind != "may" or not self.state.queue:
            return False
        a = self._activation_waiting()
        return a is not None and a.ref == DECOY and a.phase == "burst" and a.source == c.source

    def _activate_burst(self, a: Activation) -> None:
        """CR 10-9-2, 10-9-3: a set burst whose moment came is activated at its owner's will, decided first and in
        secret. Only a burst that activates is turned face up, pays its cost and waits with the other effects that
        activated (CR 8-5-2-1…3), so one that does not is never ordered (CR 8-5-2-4) nor named. Over a LAN its owner
        is asked at every burst moment whether or not it matched (ask_every_burst_moment), and a burst that did not
        match (a decoy) or whose cost cannot be paid can only be declined; a declined burst and a decoy read the
        same (CR 3-8-2)."""
        st = self.state
        e = self._effect_of(a)
        if st.cards[a.source].zone != "burst":  # it left the burst area before it could be activated
            self._keep_burst_set(a)
            return
        if e is not None and e.cost and not self._cost_payable(a, e.cost, any_x=True):
            # CR 8-4-2-4: it cannot activate, and stays set; over a LAN its owner is asked all the same
            if not self.settings.ask_every_burst_moment:
                self._keep_burst_set(a)
                return
            a.ref, e = DECOY, None
        ans = self._take_answer("may")
        if ans is None:  # the question never names the face-down card (CR 3-8-2), nor tells a decoy apart
            self._ask("may", a.controller, [True, False], prompt="activate your burst? (CR 10-9-3)", source=a.source)
            return
        if not ans or a.ref == DECOY:  # a decoy does nothing, whatever the answer
            self._keep_burst_set(a)
            return
        self._move_card(a.source, "resolving", "burst_activated")  # CR 8-5-2-1: turned face up
        a.phase, a.step = ("pay", 0) if e.cost else ("new", 0)  # then its cost (CR 8-5-2-2), then it waits

    def _keep_burst_set(self, a: Activation) -> None:
        """A burst asked about that does not activate: it stays set, and the moment passes (ruling 8)."""
        self.state.queue.remove(a)
        a.phase = "done"
        self._after_resolution(a)

    # ------------------------------------------------------------------ choices

    def _ask(self, kind: str, player: int, options: list, lo: int = 0, hi: int = 0, prompt: str = "",
             source: int | None = None, counts: list | None = None, limit: int | None = None,
             limit_by: str = "bp") -> None:
        self.state.choice = Choice(kind, player, list(options), lo, hi, prompt, source, counts, limit, limit_by)

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
        elif c.kind in ("order", "x", "effect"):
            if isinstance(v, bool) or v not in c.options:
                rule = {"order": "CR 8-5-2-4", "x": "CR 4-6-2", "effect": "CR 10-8-3"}[c.kind]
                raise IllegalCommand(rule, f"choose one of {c.options}, not {v!r}")
        elif c.kind == "cores":  # one entry per core: a place (0 the reserve, a card), -1 the soul core (CR 8-5-6)
            if isinstance(v, int) and not isinstance(v, bool):
                v = (v,)
            if not isinstance(v, (list, tuple)) or any(isinstance(x, bool) or not isinstance(x, int) for x in v):
                raise IllegalCommand("CR 8-5-6", "answer with a list of core places, one per core")
            if not c.min <= len(v) <= c.max:
                raise IllegalCommand("CR 8-5-6", f"choose {c.min} core(s)")
            for place in set(v):
                if place not in c.options:
                    raise IllegalCommand("CR 8-5-6", f"cores come from {c.options}, not {place!r}")
                if list(v).count(place) > c.counts[c.options.index(place)]:
                    raise IllegalCommand("CR 1-3-2", f"{place!r} holds only {c.counts[c.options.index(place)]} core(s)")
            v = tuple(sorted(v, key=c.options.index))
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
            if c.limit is not None and self._limit_total(c, v) > c.limit:
                what = "BP" if c.limit_by == "bp" else "cost"
                raise IllegalCommand("CR 8-5-3", f"the cards chosen have {self._limit_total(c, v)} {what} together; "
                                                 f"at most {c.limit}")
            v = tuple(v)
        self._emit("chose", player=cmd.player, choice=c.kind, value=list(v) if isinstance(v, tuple) else v)
        st.choice = None
        if c.kind == "substitute":
            self._answer_substitution(v)
        else:
            self._answer = (c.kind, v)

    def _limit_total(self, c, cards) -> int:
        """What a target choice's `limit` bounds: the chosen cards' combined BP, or their printed costs."""
        if c.limit_by == "cost":
            return sum(self._defs[self.state.cards[i].cid].cost for i in cards)
        return self._bp_total(cards)

    def _bp_total(self, cards) -> int:
        return sum(stats.bp(self, i) for i in cards)

    def choice_commands(self, Choose) -> list:
        c = self.state.choice
        p = c.player
        if c.kind == "may":
            return [Choose(p, False)] if self._asking_decoy(c) else [Choose(p, True), Choose(p, False)]
        if c.kind in ("order", "x", "effect"):
            return [Choose(p, v) for v in c.options]
        if c.kind == "substitute":
            return [Choose(p, v) for v in c.options] + [Choose(p, None)]
        if c.kind == "cores":
            return [Choose(p, v) for v in costs.core_answers(c.options, c.counts, c.min, MAX_TARGET_OPTIONS)]
        out = []
        for n in range(c.min, c.max + 1):
            for combo in combinations(c.options, n):
                if c.limit is not None and self._limit_total(c, combo) > c.limit:
                    continue
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
                if pick is None:  # the turn player picks which resolves first, whoever controls it (CR 8-5-2-4)
                    self._ask("order", self._order_chooser(group), [a.ts for a in group],
                              prompt="which effect resolves first")
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
        return self._effect_of_ref(a.source, a.ref)

    def _effect_of_ref(self, source: int, ref: tuple):
        """The effect an activation performs: a printed effect, or a substitution's replacement (CR 8-9-1)."""
        kind = ref[0]
        if kind in ("keyword", "magic") or ref == DECOY:
            return None
        effects = self._defs[self.state.cards[source].cid].effects
        if kind == "substitute":
            return Effect("constant", do=effects[ref[1]].do[ref[2]].instead)
        if kind in ("later", "during"):  # what a `later` / `during` directive left for its moment
            return Effect("triggered", do=effects[ref[1]].do[ref[2]].instead)
        return effects[ref[1]]

    def _fire_later(self, at: str) -> None:
        """The effects waiting for this moment activate, together."""  # CR 7-1-6-1, 6-8-1-1
        st = self.state
        if not st.delayed:
            return
        now = [x for x in st.delayed if x[0] == at]
        st.delayed = [x for x in st.delayed if x[0] != at]
        for _, source, i, j, controller in now:
            self._pending.append((source, ("later", i, j), controller, None, 0, None))

    def _resolve(self, a: Activation) -> None:
        st = self.state
        e = self._effect_of(a)
        if a.ref[0] == "keyword":
            self._resolve_keyword(a)
            return
        if a.phase == "may":
            # "you may": asked as it resolves; an effect with a cost was asked when it activated, and a burst when
            # its owner activated it (activate_burst)
            if a.ref[0] != "burst" and e.optional and not a.paid:
                ans = self._take_answer("may")
                if ans is None:
                    self._ask("may", a.controller, [True, False], source=a.source,
                              prompt=f"use {self._defs[st.cards[a.source].cid].name}'s effect? (CR 8-1-8)")
                    return
                if not ans:
                    a.phase = "done"
                    return
            a.phase = "x"
        if a.phase == "x":
            if e.x_max and not a.x_chosen:
                ans = self._take_answer("x")
                if ans is None:  # CR 4-6-2: the controller decides X
                    self._ask("x", a.controller, list(range(0, e.x_max + 1)), prompt="choose X", source=a.source)
                    return
                a.x, a.x_chosen = ans, True
            a.phase, a.step = "do", 0
            # "if ..." is read as the effect resolves (CR 8-3-3); a condition on its cost only now can be known
            if e.condition is not None and not condition_holds(self, e.condition, a.source, a.controller, a):
                self._emit("effect_fizzled", card=a.source, reason="condition")
                a.phase = "done"
                return
            if e.musts and not self._must_hold(a, e.do):  # STD 5-19-5: "must": in full, or nothing at all
                self._emit("effect_fizzled", card=a.source, reason="must")
                a.phase = "done"
                return
        if a.phase == "do":
            if not self._run_directives(a, e.do):
                return
            a.phase, a.step = "chain", 0
        if a.phase == "chain":
            # CR 11-15-3: 【Chain】 continues the effect if you have a symbol of its colour
            if e.chain and (a.step > 0 or has_symbol(self, a.controller, e.chain_color)):
                if not self._run_directives(a, e.chain):
                    return
            a.phase, a.step = ("chain1", 0) if e.more_chains else ("then_use", 0)
        while a.phase.startswith("chain"):  # each further 【Chain】 in turn, by its own colour (Chain-1)
            k = int(a.phase[5:])
            color, chain = e.more_chains[k - 1]
            if a.step > 0 or has_symbol(self, a.controller, color):
                if not self._run_directives(a, chain):
                    return
            a.phase, a.step = (f"chain{k + 1}", 0) if k < len(e.more_chains) else ("then_use", 0)
        if a.phase == "then_use":
            if e.then_use and not self._burst_follow_up(a, e):
                return
            a.phase = "done"

    def _burst_follow_up(self, a: Activation, e) -> bool:
        """CR 10-9: after its burst effect, "you may pay this card's cost to use its [Flash] effect". False while
        its player decides."""
        st = self.state
        card = st.cards[a.source]
        d = self._defs[card.cid]
        usable = [i for i, m in self.fx(card.cid).magic if e.then_use in m.timing]
        if card.zone != "resolving" or not usable:
            return True
        cost = costs.net_cost(self, a.controller, d, iid=a.source)  # reduced as for any use (CR 10-8-5)
        player = st.players[a.controller]
        have = player.reserve + sum(st.cards[i].cores for i in player.field) + (
            1 if player.soul == "reserve" or player.soul in player.field else 0)
        if have < cost:
            return True
        if not a.asked:
            ans = self._take_answer("may")
            if ans is None:
                self._ask("may", a.controller, [True, False], source=a.source,
                          prompt=f"pay {cost} core(s) to use {d.name}'s {e.then_use.capitalize()} effect? (CR 10-9)")
                return False
            if not ans:
                return True
            a.asked = True
        chosen = self._card_payment(a, cost, f"pay {cost} core(s) for {d.name} (CR 10-8-6)")
        if chosen is WAIT:
            return False
        if chosen is None:
            return True
        soul = self._pay_with(a.controller, chosen)
        costs.magic_used(self, a.controller, a.source)  # (not from the hand: no "next magic card" change is spent)
        self._soul_summon = a.source if soul else None  # (as actions.py's use of a magic card)
        self._emit("magic_used", player=a.controller, card=a.source, cid=card.cid, window="burst")
        self._use_magic_effects(a.source, a.controller, usable, soul)
        return True

    def _use_magic_effects(self, iid: int, p: int, usable: list, soul_paid: bool) -> Activation:
        """A magic card's usable effects: the one there is, or its player selects one (CR 10-8-3)."""
        ref = ("effect", usable[0]) if len(usable) == 1 else ("magic", None)
        a = self._queue(iid, ref, p, phase=self._start_phase(self._effect_of_ref(iid, ref)) if len(usable) == 1
                        else "select")
        a.soul_paid = soul_paid
        if len(usable) > 1:
            a.picks = list(usable)
        return a

    def _after_resolution(self, a: Activation) -> None:
        st = self.state
        card = st.cards[a.source]
        waiting = any(q.source == a.source for q in st.queue)  # e.g. the effect a burst goes on to use (CR 10-9)
        if card.zone == "resolving" and not waiting and (
                a.ref[0] == "burst" or (a.ref[0] == "effect" and self._defs[card.cid].type == "magic")):
            self._move_card(a.source, "trash", "resolved")  # CR 10-9-4, 10-8-8
        self._emit("resolved", card=a.source, ref=list(a.ref))
        self._manage()  # ruling 2: gameplay management after each resolved effect

    # ------------------------------------------------------------------ keywords that resolve (CR 11)

    def _resolve_keyword(self, a: Activation) -> None:
        st = self.state
        name = a.ref[1]
        if name == "crush":  # CR 11-11-1: level + modifier from the top of the opponent's deck
            lv = stats.level(self, a.source) if st.cards[a.source].zone == "field" else a.lki_level
            n = lv + (continuous.keyword_value(self, a.source, "crush") or 0) if st.cards[a.source].zone == "field" \
                else lv
            deck = st.players[1 - a.controller].deck
            crushed = []
            for _ in range(n):
                if not deck:
                    break
                crushed.append(deck[-1])
                self._move_card(deck[-1], "trash", "crush")
            reactions.deck_discarded(self, a, 1 - a.controller, crushed)  # one discard (ruling R-5)
            a.phase = "done"
        elif name == "raid":  # CR 11-12-1: may exhaust one of your nexuses to refresh the attacker
            nexuses = [i for i in st.players[a.controller].field
                       if self._defs[st.cards[i].cid].type == "nexus" and not st.cards[i].exhausted]
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
        elif name == "link":  # docs/saga-rulings.md "Link"
            if not link.resolve(self, a, matches):
                return
            a.phase = "done"
        elif name == "gale":  # CR 11-10-1: the blocking player exhausts N of their refreshed spirits
            spirits = [i for i in st.players[a.controller].field
                       if self._defs[st.cards[i].cid].type == "spirit" and not st.cards[i].exhausted]
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
            d = self._defs[card.cid]
            cost = costs.net_cost(self, a.controller, d, iid=a.source)
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
                self._soul_summon = a.source if pay_soul else None  # (as a summon from the hand)
                self._on_summoned(a.source)
            a.phase = "done"
        elif name == "agile":  # from the hand: agile.py (docs/saga-rulings.md, Agile-2, Agile-3)
            agile.resolve(self, a)
        else:
            a.phase = "done"

    # ------------------------------------------------------------------ substitution (CR 8-9, 10-1-3-2)

    def _answer_substitution(self, value) -> None:
        """The owner's answer (CR 8-9-2): destroy it, or perform the chosen substitution's replacement instead — an
        effect of its own, resolved now, whose selections its controller makes (CR 8-5-3)."""
        st = self.state
        iid, cause = st.pending_destruction.pop(0)
        if value is None:
            self._destroy([(iid, cause)], substitutions=False)
            self._next_substitution()
            return
        src, controller, d = continuous.substitutions(self, iid, cause)[value]
        if d.event == "trash":  # ruling P21: destroyed all the same, into its owner's hand instead of the trash
            self._set_exhausted(src, True)  # its cost: "exhaust this nexus" (effects.py, continuous._can_pay)
            self._destroy([(iid, cause)], substitutions=False, to="hand")
            self._next_substitution()
            return
        self._emit("substituted", card=iid, source=src)  # CR 10-5-1: it stays on the field
        effects = self._defs[st.cards[src].cid].effects
        i, j = next((i, j) for i, e in enumerate(effects) for j, x in enumerate(e.do) if x is d)
        if effects[i].limit == "once_per_turn":  # applied: not again this turn (ruling P20, T1)
            st.effect_uses.add((src, i))
        st.queue.append(Activation(ts=st.next_ts, group=st.next_group, source=src, ref=("substitute", i, j),
                                   controller=controller, trigger_card=iid, phase="do"))
        st.next_ts += 1
        st.next_group += 1  # Game._run resolves it before the next destruction waiting on a choice

    def _order_chooser(self, group) -> int:
        """Who orders simultaneous effects: the turn player, whoever controls them (CR 8-5-2-4)."""
        return self.state.turn_player

    def _substitution_chooser(self, card, options) -> int:
        """Who decides a destruction's substitution: the destroyed card's owner (CR 8-9-2)."""
        return card.owner

    def _next_substitution(self) -> None:
        st = self.state
        while st.pending_destruction:
            iid, cause = st.pending_destruction[0]
            card = st.cards[iid]
            options = continuous.substitutions(self, iid, cause) if card.zone == "field" else []
            if options:
                self._ask("substitute", self._substitution_chooser(card, options), list(range(len(options))),
                          prompt=f"{self._defs[card.cid].name} would be destroyed: substitute?", source=iid)
                return
            st.pending_destruction.pop(0)
            if card.zone == "field":
                self._destroy([(iid, cause)], substitutions=False)
        self._manage()


# the kinds of event that can trigger something, and the method that checks each (Resolution._collect)
COLLECTORS = {
    "attack": Resolution._on_attack, "block": Resolution._on_block, "destroyed": Resolution._on_destroyed,
    "depleted": Resolution._on_depleted, "cores_moved": Resolution._on_cores_moved, "exhaust": Resolution._on_exhaust,
    "damage": Resolution._on_damage,
    "burst_set": Resolution._on_burst_set, "step": Resolution._on_step, "resolved": Resolution._on_resolved,
    "magic_used": Resolution._on_magic_used, "battle_end": Resolution._on_battle_end,
    "battle_resolution": Resolution._on_battle_resolution, "linked": Resolution._on_linked,
    "battle_result": Resolution._on_battle_result,
    "draw": Resolution._on_draw, "card_moved": Resolution._on_card_moved,
}

