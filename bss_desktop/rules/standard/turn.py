"""Battle Spirits Standard's setup, opening hands and turn (STD 6-2, 7): eight steps with the Second Main Step, the
first turn's skips, and an end step whose "this turn" effects end before its triggers."""
from __future__ import annotations

from ...engine.commands import EndAttack, EndMain, Mulligan
from ...table.state import Table, needs_table

OPENING_HAND = 4  # STD 6-2-1-5; no card more for keeping it (6-2-1-7, 6-2-1-8)


class StandardTurn:
    """StandardGame's setup, mulligan and steps (the rest of the turn is Saga's: SagaTurn)."""

    # the Second Main Step; battle resolution in two (STD 8-1-5-1: its 『戰鬥結算時』 effects, then the result)
    STAGES = {"second_main_start": "_stage_second_main_start", "battle_resolve": "_stage_battle_resolution",
              "battle_compare": "_stage_battle_resolve"}

    def _setup(self, first_player: int | None, sides: list) -> None:
        """STD 6-2-1-2…6: as Saga's (SagaTurn._deal: 5 life, 3 cores and the soul core, 4 cards), on a table with
        the removed-from-game area (STD 4-9) and heavy exhaust (5-16)."""
        if needs_table(self.profile):
            self.state.table = Table.for_profile(self.profile)
        self._deal(first_player)

    def _h_mulligan(self, cmd: Mulligan) -> None:
        """STD 6-2-1-7, 6-2-1-8: from the first player, each may redraw once: the hand goes into the deck, the deck is
        shuffled (by its owner, then the opponent: one shuffle of the seeded generator), then 4 are drawn. Keeping
        draws nothing more (no keep bonus)."""
        self._expect(cmd, ("mulligan",), "STD 6-2-1-7", "mulligan")
        st = self.state
        p = cmd.player
        player = st.players[p]
        self._emit("mulligan", player=p, redraw=cmd.redraw)
        if cmd.redraw:
            for iid in list(player.hand):
                self._move_card(iid, "deck", "mulligan")
            st.rng.shuffle(player.deck)
            self._emit("shuffle", player=p)
            self._draw(p, OPENING_HAND)
        player.mulligan = cmd.redraw
        other = 1 - p
        if st.players[other].mulligan is None:
            st.decider = other
        else:
            st.turn = 1  # STD 6-2-1-9
            st.turn_player = st.first_player
            st.stage = "start"

    def _h_end_main(self, cmd: EndMain) -> None:
        """The end of the main step (STD 7-6-1-2-4) or of the Second Main Step (7-8-1). On the first player's first
        turn the attack step and the Second Main Step are skipped (STD 7-7-2, 7-8-2)."""
        st = self.state
        self._expect(cmd, ("main",), "STD 7-6-1-2-4", "ending the main step")
        if st.stage == "second_main" or st.turn == 1:
            st.stage = "end_start"
        else:
            st.stage = "attack_start"

    def _h_end_attack(self, cmd: EndAttack) -> None:
        self._expect(cmd, ("attack",), "STD 7-7-3-2", "ending the attack step")
        self.state.stage = "second_main_start"  # STD 7-1-1, 7-8

    def _stage_refresh(self) -> None:
        """STD 7-5-2: the turn player's field cards are refreshed and the trash's cores (the soul core among them) go
        back to the reserve; a heavy exhausted card only becomes exhausted (5-14-2)."""
        st = self.state
        p = st.turn_player
        player = st.players[p]
        self._begin_step("refresh")
        marks = st.table.marks if st.table is not None else {}
        for iid in player.field:
            mark = marks.get(iid)
            if mark is not None and mark.turn == "heavy_exhausted":
                mark.turn = None
                st.table.tidy(iid)
                self._emit("exhaust", card=iid, exhausted=True, heavy=True)  # heavy exhausted → exhausted
            else:
                self._set_exhausted(iid, False)
        self._move_cores(p, "trash", "reserve", player.trash_cores, player.soul == "trash", "refresh_step", None)
        st.stage = "main_start"

    def _stage_battle_resolution(self) -> None:
        """STD 8-1-5-1: battle resolution begins with the 『戰鬥結算時』 effects of the battling spirits; then the BP
        comparison or the life damage (Saga's battle_resolve, as the stage battle_compare)."""
        b = self.state.battle
        self._emit("battle_resolution", attacker=b.attacker, blocker=b.blocker if b.blocked else None)
        self.state.stage = "battle_compare"

    def _stage_second_main_start(self) -> None:
        self._begin_step("second_main")  # STD 7-8-1: the same actions as the main step
        self.state.stage = "second_main"

    def _stage_end_start(self) -> None:
        """STD 7-9-1-1: effects lasting "this turn" or "until the end of the turn" end first; then the end step's
        triggers (and, after them, those at the end of the turn, 7-9-1-2) resolve."""
        self._expire("turn")
        self._begin_step("end")
        self.state.stage = "end_cleanup"

    def _expire(self, duration: str) -> None:
        st = self.state
        if st.continuous:
            st.continuous = [e for e in st.continuous if e.duration != duration]
        if st.grants:
            st.grants = [g for g in st.grants if g.duration != duration]
