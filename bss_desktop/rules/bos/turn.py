"""Battle of Souls' turn (BOS §Turn Structure): Draw → Ready → Main Phase I → Battle Phase → Main Phase II → End,
the opening, the hand limit and winning. A mixin of BosGame.

Stages: `draw`, `ready`, `main1`, `battle_start`, `main2`, `end`, `end_limit`, `next_turn` run by themselves;
`main` (a main phase), `battle` (the battle step), `chain` (a window) and `mulligan` wait for a player.
"""
from __future__ import annotations

from ...engine.errors import IllegalCommand
from ...engine.state import Choice
from . import cites as C
from .stats import fighters

WIN_AT = 16_000  # BOS §Winning a Battle
HAND_OVER, HAND_DOWN_TO = 7, 6  # BOS §End Phase ("more than 7 ... until you only have 6": BOS ruling 6)


class BosTurn:
    # ------------------------------------------------------------------ the opening

    def _table_first_turn(self) -> None:
        """Both players keep their hands (BOS Rule Update 2): the first player's first turn begins."""
        self.state.turn = 0
        self._begin_turn(self.state.first_player)

    def _begin_turn(self, p: int) -> None:
        st, r = self.state, self.state.rules
        st.turn += 1
        st.turn_player = p
        r.deploys = r.extra_deploys = 0
        r.uses = set()
        r.fight, r.replay = None, None
        for iid, m in list(st.table.marks.items()):  # one attack per fighter per turn (BOS §Battle Step)
            if m.attacked or m.set_this_turn:
                m.attacked = m.set_this_turn = False
                st.table.tidy(iid)
        self._emit("turn", player=p, turn=st.turn)
        self._phase("draw")

    def _phase(self, name: str) -> None:
        st = self.state
        st.rules.phase = st.table.step = name
        st.stage = name if name in ("draw", "ready", "end") else {"main1": "main", "main2": "main",
                                                                   "battle": "battle"}[name]
        self._emit("step", player=st.turn_player, step=name, turn=st.turn)

    # ------------------------------------------------------------------ advancing

    def _run(self) -> None:
        """Advance through the automatic stages until a player must decide (or the battle is won)."""
        st = self.state
        n = 0
        while st.result is None and st.choice is None:
            n += 1
            if n > 10_000:  # (each stage moves on; a loop here is an engine bug, never a player's doing)
                raise AssertionError("Battle of Souls: the turn does not advance")
            if (st.rules.triggers or st.rules.chain) and st.stage != "chain":
                self._chain_triggers()  # (the waiting triggers, then their window)
                continue
            stage = st.stage
            if stage == "chain":
                if not self._window_step():
                    return
            elif stage == "draw":
                self._draw_phase()
            elif stage == "ready":
                self._ready_phase()
            elif stage == "main1":
                self._phase("main1")
            elif stage == "battle_start":
                self._battle_start()
            elif stage == "main2":
                self._phase("main2")
            elif stage == "fight":
                self._after_attack_window()
            elif stage == "damage":
                self._damage_step()
            elif stage == "end":
                self._end_phase()
            elif stage == "end_limit":
                self._hand_limit()
            elif stage == "next_turn":
                self._end_turn()
            else:
                return  # main, battle, mulligan: a player decides

    def _draw_phase(self) -> None:
        """BOS §Draw Phase: draw 1; a player who cannot, loses. Then face-down tactics may be activated."""
        p = self.state.turn_player
        if not self._draw_or_lose(p, 1, C.DRAW):
            return
        self._open_window("open", "ready", p)
        self.state.rules.phase = "draw"

    def _draw_or_lose(self, p: int, n: int, rule: str) -> bool:
        """Draw `n`; a player who must draw from an empty deck loses the battle (BOS §Winning a Battle, BOS ruling
        10: an effect's draw too, unless the setting `bos_phase_draw_only` reads the rule book the other way)."""
        deck = self.state.players[p].deck
        effect = rule != C.DRAW
        for _ in range(n):
            if not deck and effect and self.settings.bos_phase_draw_only:
                return True  # nothing to draw: nothing happens (the other reading of ruling 10)
            if not deck:
                self._end_game(1 - p, f"player {p + 1} cannot draw a card: their deck is empty ({rule})")
                return False
            self._draw(p, 1)
        return True

    def _ready_phase(self) -> None:
        """BOS §Ready Phase: the ready-phase effects, then every rest-position fighter to attack position."""
        st = self.state
        p = st.turn_player
        self._phase("ready")
        self._fire_all("ready_phase", p)
        for iid in fighters(self, p):
            if st.cards[iid].exhausted:
                self._set_exhausted(iid, False)
        self._open_window("open", "main1", p)

    def _h_end_main(self, cmd) -> None:
        self._expect(cmd, ("main",), C.MAIN, "ending the main phase")
        st = self.state
        if st.rules.phase == "main1":
            st.stage = "battle_start"
        else:
            st.stage = "end"
        self._emit("end_main", player=cmd.player, phase=st.rules.phase)

    def _battle_start(self) -> None:
        """BOS §Battle Phase: the first player has no battle phase on their first turn; Main Phase II follows
        whether a battle phase was conducted or not (BOS ruling 5)."""
        st = self.state
        if st.turn == 1:
            self._phase("main2")
            return
        self._phase("battle")

    def _h_end_attack(self, cmd) -> None:
        self._expect(cmd, ("attack",), C.BATTLE, "ending the battle phase")
        self.state.rules.replay = None
        self._emit("end_attack", player=cmd.player)
        self.state.stage = "main2"

    def _end_phase(self) -> None:
        """BOS §End Phase: "during the end phase" effects, a window, then the hand limit."""
        p = self.state.turn_player
        self._phase("end")
        self._fire_all("end_phase", p)
        self._open_window("open", "end_limit", p)

    def _hand_limit(self) -> None:
        """BOS §End Phase: a hand of more than 7 is discarded down to 6 (BOS ruling 6), one card at a time, chosen by
        its player."""
        st = self.state
        p = st.turn_player
        hand = st.players[p].hand
        if len(hand) > HAND_OVER or (st.rules.phase == "end_limit" and len(hand) > HAND_DOWN_TO):
            st.rules.phase = "end_limit"
            st.choice = Choice("discard", p, hand[:], 1, 1,
                               f"Discard down to {HAND_DOWN_TO} cards ({len(hand) - HAND_DOWN_TO} more)")
            return
        st.rules.phase = "end"
        st.stage = "next_turn"

    def _h_choose(self, cmd) -> None:
        st = self.state
        c = st.choice
        if c is None:
            raise IllegalCommand(C.END, "there is no choice to answer")
        if cmd.player != c.player:
            raise IllegalCommand(C.END, f"it is player {c.player + 1}'s choice, not player {cmd.player + 1}'s")
        value = cmd.value
        if type(value) is int and type(value) is not bool:
            value = (value,)
        if c.kind == "search":  # BOS §Search Your Deck: the card to the hand, the deck shuffled
            if type(value) is not tuple or len(value) != 1 or value[0] not in c.options:
                raise IllegalCommand(C.SEARCH, f"choose 1 of the cards the search may find, got {value!r}")
            st.choice = None
            self._emit("search", player=c.player, card=value[0])
            self._move_card(value[0], "hand", "search")
            st.rng.shuffle(st.players[c.player].deck)
            self._emit("shuffle", player=c.player)
            return
        if c.kind == "target":  # a trigger's targets (chain.py)
            if type(value) is not tuple or len(value) != c.min or len(set(value)) != c.min \
                    or any(v not in c.options for v in value):
                raise IllegalCommand(C.CHAINS, f"choose {c.min} of the cards it can target, got {value!r}")
            st.choice = None
            ctrl, iid, idx = st.rules.triggers.pop(0)
            self._push_trigger(ctrl, iid, idx, value)
            return
        if type(value) is not tuple or len(value) != 1 or value[0] not in c.options:
            raise IllegalCommand(C.END, f"choose 1 card of your hand to discard, got {value!r}")
        st.choice = None
        self._emit("discard", player=c.player, card=value[0], rule=C.END)
        self._move_card(value[0], "discard", "discard")
        self._fire("sent_to_discard", value[0])

    def _end_turn(self) -> None:
        st, r = self.state, self.state.rules
        r.mods = [m for m in r.mods if m[3] != "turn"]  # "until the end of this turn"
        self._begin_turn(1 - st.turn_player)

    # ------------------------------------------------------------------ Soul Points and winning

    def sp(self, p: int) -> int:
        return self.state.table.trackers[p]["sp"]

    def _transfer(self, loser: int, amount: int, why: str) -> int:
        """Move `amount` SP from `loser` to the other player (BOS §Determining Damage: "subtracted from your
        opponent's SP ... and added to your own"): never more than the loser has, so the two always make 16,000."""
        trackers = self.state.table.trackers
        amount = max(0, min(amount, trackers[loser]["sp"]))
        if not amount:
            return 0
        trackers[loser]["sp"] -= amount
        trackers[1 - loser]["sp"] += amount
        self._emit("sp", player=loser, amount=-amount, why=why, sp=[trackers[0]["sp"], trackers[1]["sp"]])
        self._check_winner()
        return amount

    def _check_winner(self) -> None:
        """BOS §Winning a Battle: the first to 16,000 SP wins; a player at 0 has lost (BOS ruling 9: every change of
        SP is a transfer, so the two happen together)."""
        st = self.state
        if st.result is not None or st.table is None:
            return
        for p in (0, 1):
            if self.sp(p) >= WIN_AT or self.sp(1 - p) <= 0:
                self._end_game(p, f"player {p + 1} reached {self.sp(p)} SP ({C.WIN})")
                return
