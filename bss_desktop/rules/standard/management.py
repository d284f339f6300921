"""Battle Spirits Standard's rule processing (STD 10): depletion instead of Saga's destruction for a card below its
Lv1 cost, no destruction at 0 BP, and a game that ends the moment life reaches 0 (STD 1-3-7). Who won is found as in
Saga (STD 1-3-1…3, 10-2-1 say the same as CR 9-2; the reason is worded in STD numbers by StandardGame._end_game)."""
from __future__ import annotations

from ...engine import stats
from ...engine.state import Cause


class StandardManagement:
    """StandardGame's rule processing and the end of the game."""

    def _manage(self) -> None:
        """Rule processing after each action and each resolved effect (STD 10-1-2), until nothing more happens.

        A spirit or nexus with fewer cores than its Lv1 cost is *depleted* (STD 5-11), never destroyed (5-10-2,
        5-11-2): no "when destroyed" effect and no substitution for destruction applies to it. A nexus's Lv1 cost is
        0, so a nexus is never depleted (STD 3-3-3-3). A spirit at 0 BP or less stays: 001 has no rule that destroys
        it (digest §2.3 row 38)."""
        st = self.state
        waiting = {i for i, _ in st.pending_destruction} if st.pending_destruction else ()
        while st.result is None and st.choice is None:
            gone = self._depleted_now(waiting)
            if not gone:
                break
            self._deplete(gone)
        self._levels_before.clear()  # (the next action's cores come off cards at their levels then)
        self._check_winner()

    def _depleted_now(self, waiting) -> list[tuple[int, Cause]]:
        """Field spirits below their Lv1 cost, with who depleted them (STD 10-2-2-8…10): the effect that took their
        cores (or changed their Lv1 cost), or their owner, whose own action or payment did (Cause kinds
        "depleted_effect" and "depleted_self")."""
        st = self.state
        out = []
        for iid, d in self._field_cards(waiting):
            if d.type != "nexus" and stats.cores_on(st, iid) < d.lv1_cores:  # (a nexus never: STD 3-3-3-3)
                touched = self._touched.get(iid)
                if touched is None or touched.kind == "self":
                    cause = Cause("depleted_self", st.cards[iid].owner)  # STD 10-2-2-10 (or no one: a rule)
                else:
                    cause = Cause("depleted_effect", touched.player, touched.source)  # STD 10-2-2-8, 10-2-2-9
                out.append((iid, cause))
        return out

    def _deplete(self, gone: list[tuple[int, Cause]]) -> None:
        """STD 5-11-1: the depleted cards leave the field together, into the pending state (pending.py)."""
        for iid, cause in gone:  # with the level it had before it lost its cores (STD 10-2-2-3)
            self._emit("depleted", card=iid, cause=list(cause), level=self._levels_before.get(iid, 1))
        for iid, cause in gone:
            self._put_away(iid, cause, "depleted")

    def _move_cores(self, p: int, src, dst, n: int, soul: bool, reason: str, cause, dst_player=None) -> None:
        if type(src) is int and src not in self._levels_before and self.state.cards[src].zone == "field":
            self._levels_before[src] = self.level(src)  # a depletion it leads to keeps this level (10-2-2-3)
        super()._move_cores(p, src, dst, n, soul, reason, cause, dst_player)
        if src == "life" and n and self.state.players[p].life <= 0:
            self._check_winner()  # STD 1-3-7: at once, with no triggered effect resolving
