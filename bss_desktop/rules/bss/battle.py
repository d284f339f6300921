"""Battle Spirits Saga's battles (CR 7): attack, flash windows, block, BP comparison or life damage, the end of
the battle."""
from __future__ import annotations

from ...engine import stats
from ...engine.commands import Attack, Block, EndAttack, Pass
from ...engine.errors import IllegalCommand
from ...engine.state import Battle, Cause
from . import continuous, costs, protection, timing
from . import destroytrig  # ruling T4's module: when_higher_bp (CR 7-1-5-2-1)


class SagaBattle:
    """SagaGame's the attack step's battles."""

    def _h_attack(self, cmd: Attack) -> None:
        st = self.state
        self._expect(cmd, ("attack",), "CR 7-1-1-1", "attacking")
        p = cmd.player
        card = self._own_card(p, cmd.spirit, "field", "CR 7-1-1-1", "attack")
        if self._defs[card.cid].type != "spirit":
            raise IllegalCommand("CR 7-1-1-1", "only spirits attack")
        if card.exhausted:
            raise IllegalCommand("CR 7-1-1-1", "only a refreshed spirit can attack")
        if self.has_effects and continuous.restricted(self, card.iid, "cannot_attack"):
            raise IllegalCommand("CR 1-3-3", "an effect says this spirit cannot attack")
        tax = continuous.attack_tax(self, card.iid) if self.has_effects else 0
        if tax:  # "cannot attack unless they pay N core": paid as the attack is declared (saga-rulings, Tax-1)
            if not costs.tax_payable(self, p, tax):
                raise IllegalCommand("CR 1-3-3", f"an effect says this spirit cannot attack unless you pay {tax} "
                                                 "core(s) from your reserve")
            costs.pay_tax(self, p, tax)
        self._set_exhausted(card.iid, True)
        st.battle = Battle(card.iid, p, 1 - p)  # (attacker, attacking_player, priority)
        self._emit("attack", player=p, card=card.iid)
        # CR 7-1-1-2: "when attacks" triggers activate here (effects issue)
        st.stage = "flash"  # CR 7-1-2-1: the attacked player acts first

    def _h_end_attack(self, cmd: EndAttack) -> None:
        self._expect(cmd, ("attack",), "CR 6-7-3-2", "ending the attack step")
        if self.has_effects and timing.must_attack(self, cmd.player):
            raise IllegalCommand("CR 1-3-1", "an effect says a spirit that can attack must attack")
        self.state.stage = "end_start"

    def _h_pass(self, cmd: Pass) -> None:
        st = self.state
        self._expect(cmd, ("flash",), "CR 7-1-2-1", "passing")
        b = st.battle
        self._emit("pass", player=cmd.player, window=b.window)
        b.passes += 1
        if b.passes < 2:
            b.priority = 1 - b.priority
        elif b.window == 1:  # two passes in a row end the window (CR 7-1-2-1)
            # CR 7-1-3-1: a block is declared against the attacking spirit; one that has left the field (a burst
            # returned it to the hand) leaves nothing to block, and its attack does nothing (CR 7-1-5-3-1)
            st.stage = "block" if st.cards[b.attacker].zone == "field" else "battle_resolve"
        else:
            st.stage = "battle_resolve"

    def _h_block(self, cmd: Block) -> None:
        st = self.state
        self._expect(cmd, ("block",), "CR 7-1-3-1", "blocking")
        b = st.battle
        if cmd.spirit is None:  # no block: no second flash window (CR 7-1-3-1)
            if self._must_block():
                raise IllegalCommand("CR 11-2-1", "the attacker has 【Confront】: you must block with a spirit that can")
            self._emit("block", player=cmd.player, card=None)
            st.stage = "battle_resolve"
            return
        card = self._own_card(cmd.player, cmd.spirit, "field", "CR 7-1-3-1", "block")
        if self._defs[card.cid].type != "spirit":
            raise IllegalCommand("CR 7-1-3-1", "only spirits block")
        if card.exhausted and not (self.has_effects and continuous.allowed(self, card.iid, "block_exhausted",
                                                                           b.attacker)):
            raise IllegalCommand("CR 7-1-3-1", "only a refreshed spirit can block")
        if self.has_effects:
            if continuous.restricted(self, card.iid, "cannot_block"):
                raise IllegalCommand("CR 1-3-3", "an effect says this spirit cannot block")
            if continuous.astral_active(self, b.attacker) and not continuous.astral_active(self, card.iid):
                raise IllegalCommand("CR 11-14-1", "the attacker has 【Astral】: only a spirit with 【Astral】 can block it")
            if continuous.unblockable_by(self, b.attacker, card.iid):
                raise IllegalCommand("CR 1-3-3", "an effect says the attacker cannot be blocked by this spirit")
        self._set_exhausted(card.iid, True)
        b.blocker = card.iid
        b.blocked = True
        self._emit("block", player=cmd.player, card=card.iid)
        # CR 7-1-3-2: "when blocks" triggers activate here (effects issue)
        b.window, b.passes, b.priority = 2, 0, cmd.player  # CR 7-1-4-1: the blocker first
        st.stage = "flash"

    def _can_block(self, iid: int) -> bool:
        """Whether `iid` may block the current attacker (CR 7-1-3-1, 11-14-1, restrictions)."""
        card = self.state.cards[iid]
        if self._defs[card.cid].type != "spirit":
            return False
        if card.exhausted and not (self.has_effects and continuous.allowed(self, iid, "block_exhausted",
                                                                           self.state.battle.attacker)):
            return False
        if self.has_effects:
            if continuous.restricted(self, iid, "cannot_block"):
                return False
            attacker = self.state.battle.attacker
            if continuous.astral_active(self, attacker) and not continuous.astral_active(self, iid):
                return False
            if continuous.unblockable_by(self, attacker, iid):
                return False
        return True

    def _must_block(self) -> bool:
        """CR 11-2-1: against 【Confront】 the defender must block if any spirit can."""
        b = self.state.battle
        return (self.has_effects and continuous.has_keyword(self, b.attacker, "confront")
                and any(self._can_block(i) for i in self.state.players[b.defending_player].field))

    def _stage_battle_resolve(self) -> None:
        st = self.state
        b = st.battle
        field = st.cards
        if b.blocked:  # CR 7-1-5-2-1
            a_on = field[b.attacker].zone == "field"
            d_on = b.blocker is not None and field[b.blocker].zone == "field"
            if a_on and d_on:
                abp, dbp = stats.bp(self, b.attacker), stats.bp(self, b.blocker)
                doomed = []
                if abp <= dbp:
                    doomed.append((b.attacker, Cause("battle", b.defending_player, b.blocker)))
                if dbp <= abp:
                    doomed.append((b.blocker, Cause("battle", b.attacking_player, b.attacker)))
                self._emit("battle_result", attacker_bp=abp, blocker_bp=dbp)
                if self.has_effects:  # "... if it has higher BP than your opponent's spirit when comparing BP"
                    destroytrig.on_battle_result(self, abp, dbp)
                if doomed and self.has_effects and protection.any_protection(self):  # "cannot be destroyed in battle"
                    kept = [x for x in doomed if protection.protected(self, x[0], "be_destroyed_in_battle")]
                    for iid, _ in kept:
                        self._emit("destruction_prevented", card=iid, by="restriction")
                    doomed = [x for x in doomed if x not in kept]
                self._destroy(doomed)
        elif field[b.attacker].zone == "field":  # CR 7-1-5-3-1 (ruling 3: the attacked player's life)
            defender = st.players[b.defending_player]
            damage = min(len(stats.symbols(self, b.attacker)), defender.life)
            if damage and self.has_effects and protection.any_protection(self) and protection.protected(
                    self, b.attacker, "reduce_life"):
                damage = 0  # an effect says its attacks cannot reduce life (protection.py)
            if damage == defender.life and self.has_effects and protection.any_protection(self) and \
                    protection.protected(self, b.attacker, "reduce_life_to_zero"):
                damage -= 1  # "... cannot reduce your life to 0": as much as it can (ruling P15, CR 1-3-2)
            if damage > 1 and self.has_effects and protection.any_protection(self) and \
                    protection.protected(self, b.attacker, "reduce_life_beyond_one"):
                damage = 1  # "your life can only be reduced by 1 each time you take damage ..." (ruling P19)
            self._emit("damage", player=b.defending_player, amount=damage, attacker=b.attacker)
            self._move_cores(b.defending_player, "life", "reserve", damage, False, "damage", None)
            self._check_winner()  # interrupting (CR 9-2-1)
            if st.result is not None:
                return
            if damage > 0 and self.has_keyword(b.attacker, "blessed"):  # CR 11-7-1; only one (11-7-2)
                self._emit("keyword", card=b.attacker, keyword="blessed")
                self._move_cores(b.attacking_player, "void", "life", 1, False, "blessed", None)
        self._manage()
        st.stage = "battle_end"

    def _stage_battle_end(self) -> None:
        st = self.state
        b = st.battle
        if b.cursed and b.blocker is not None and st.cards[b.blocker].zone == "field":
            # CR 11-3-1 (ruling 4: even if the cursed attacker lost): the blocker is destroyed
            b.cursed = False
            self._emit("keyword", card=b.attacker, keyword="curse")
            # "effect_curse": an effect, yet no destruction effect (CR 10-14-1: none worded "destroy"; ruling P17)
            self._destroy([(b.blocker, Cause("effect_curse", b.attacking_player, b.attacker))])
            return  # a substitution choice may be pending; this stage runs again
        if b.luster:  # CR 11-6-1: magic its owner used this battle returns from the trash (11-6-2)
            b.luster = False
            for iid in b.magic_used:
                if st.cards[iid].zone == "trash":
                    self._move_card(iid, "hand", "luster")
        self._emit("battle_end", attacker=b.attacker, blocker=b.blocker)  # CR 7-1-6-1 triggers
        if st.continuous:  # CR 7-1-6-2
            st.continuous = [e for e in st.continuous if e.duration != "battle"]
        if st.grants:
            st.grants = [g for g in st.grants if g.duration != "battle"]
        st.battle = None
        self._manage()
        st.stage = "attack"  # CR 7-1-6-3
