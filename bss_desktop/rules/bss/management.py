"""Battle Spirits Saga's gameplay management (CR 9): cards below LV1 cores or at 0 BP are destroyed, winners are
established at once; destruction (CR 10-1) and the end of the game."""
from __future__ import annotations

from ...engine import stats
from ...engine.state import Cause
from . import continuous


class SagaManagement:
    """SagaGame's gameplay management and the end of the game."""

    def _manage(self) -> None:
        """Checkpoint gameplay management, repeated until nothing more happens (CR 4-7-2, 9-1-2).

        Runs after each complete action (ruling 2 in design.md), never in the middle of one,
        so swapping a soul core for a core in one move does not destroy the card.
        """
        st = self.state
        waiting = {i for i, _ in st.pending_destruction} if st.pending_destruction else ()
        while st.result is None and st.choice is None:
            doomed = self._doomed_at_a_glance(waiting)
            if doomed is None:
                with self.reading():
                    doomed = self._doomed(waiting)
            if not doomed:
                break
            self._destroy(doomed)
            waiting = {i for i, _ in st.pending_destruction}
        self._check_winner()

    def _doomed_at_a_glance(self, waiting) -> list[tuple[int, Cause]] | None:
        """What _doomed finds, when no spirit's BP needs computing; None if one's does.

        A spirit's BP can be 0 or less only if it is printed so or an effect lowers it: a resolved effect on it, a
        constant effect of a field card that lowers BP (or a constant level effect). Without these its BP is its
        printed BP at its level, or more (stats._bp). Reads nothing else, so it needs no read-only pass."""
        st = self.state
        cards, players = st.cards, st.players
        if self.has_level_constants:
            return None
        affected = {i for e in st.continuous for i in e.targets} if st.continuous else ()
        if self._bp_lowering:  # a card of this game has such a constant effect: is one on the field?
            fx = self._fx_cache
            if any(fx[cards[i].cid].lowers_bp for pl in players for i in pl.field):
                return None
        doomed: list[tuple[int, Cause]] = []
        fx_cache = self._fx_cache
        for p in (st.turn_player, 1 - st.turn_player):
            for iid in players[p].field:
                if iid in waiting:
                    continue
                card = cards[iid]
                fx = fx_cache[card.cid]
                cores = card.cores + (1 if players[card.owner].soul == iid else 0)  # stats.cores_on
                if cores < fx.lv1_cores:  # CR 9-3-2
                    doomed.append((iid, self._touched.get(iid) or Cause("rule")))  # as _doomed
                elif fx.spirit and (iid in affected or not fx.bp_positive):
                    return None
        return doomed

    def _field_cards(self, waiting):
        """(iid, definition) of the field cards, the turn player's first, but those in `waiting`."""
        st = self.state
        for p in (st.turn_player, 1 - st.turn_player):
            for iid in st.players[p].field:
                if iid not in waiting:
                    yield iid, self._defs[st.cards[iid].cid]

    def _doomed(self, waiting) -> list[tuple[int, Cause]]:
        """Field cards the checkpoint destroys now, with their causes (CR 9-3-2, 9-4-2)."""
        st = self.state
        doomed: list[tuple[int, Cause]] = []
        for iid, d in self._field_cards(waiting):
            if stats.cores_on(st, iid) < d.lv1_cores:  # CR 9-3-2
                # CR 9-3-2: the action that took its cores decides destroyed vs self-destroyed
                cause = self._touched.get(iid) or Cause("rule")
                doomed.append((iid, cause))
            elif d.type == "spirit" and stats.bp(self, iid) <= 0:  # CR 9-4-2
                touched = self._touched.get(iid)
                # CR 9-4-2-3: the owner's own action lowered its level; else an effect did (9-4-2-1/2)
                cause = touched if touched is not None and touched.kind == "self" else self._bp_cause(iid)
                doomed.append((iid, cause))
        return doomed

    def _destroy(self, doomed: list[tuple[int, Cause]], substitutions: bool = True, to: str = "trash") -> None:
        """Destroy cards simultaneously (CR 10-1-3); self-destruction skips substitutions and triggers.

        A card a substitution effect could save waits in state.pending_destruction while its
        owner decides (CR 10-1-3-2, 8-9-2); the others are destroyed now.
        """
        st = self.state
        if substitutions and self.has_constants:
            now = []
            for iid, cause in doomed:
                if not cause.self_destruction and continuous.substitutions(self, iid, cause):
                    st.pending_destruction.append((iid, cause))
                else:
                    now.append((iid, cause))
            doomed = now
        for iid, cause in doomed:
            # CR 10-1-3-3: destruction is confirmed; "when destroyed" effects trigger (resolution._collect)
            self._emit("destroyed", card=iid, cause=list(cause), self_destruction=cause.self_destruction)
        for iid, cause in doomed:  # CR 10-1-3-4: card to the trash and its cores to the reserve at once
            if to == "trash":
                self._put_away(iid, cause, "destroyed")
            else:  # into the hand instead of the trash (ruling P21)
                self._put_away(iid, cause, "destroyed", to)
        if st.pending_destruction and st.choice is None:
            self._next_substitution()

    def _put_away(self, iid: int, cause, reason: str, to: str = "trash") -> None:
        """A destroyed card goes to the trash (a token leaves the game, CR 4-12-3), its cores to the reserve; `to`:
        "hand" when a substitution puts it there instead of the trash (ruling P21)."""
        st = self.state
        card = st.cards[iid]
        owner = st.players[card.owner]
        self._move_cores(card.owner, iid, "reserve", card.cores, owner.soul == iid, reason, None)
        card.removal = cause
        self._move_card(iid, "removed" if self._defs[card.cid].token else to, reason)

    def _check_winner(self) -> None:
        """Establish a winner (CR 9-2): interrupting, so it is checked after every change of life or deck-out."""
        st = self.state
        if st.result is not None or st.table is not None and self.profile.rules is None:
            return  # (a game with no rules module is a sandbox: the players say who won)
        a, b = st.players
        lost_a, lost_b = a.life <= 0 or a.deck_out, b.life <= 0 or b.deck_out
        if not lost_a and not lost_b:
            return
        winners = [p for p, lost in ((0, lost_b), (1, lost_a)) if lost]
        if len(winners) == 2:
            self._end_game(None, "both players fulfilled a victory condition (CR 1-2-3)")
        else:
            w = winners[0]
            loser = st.players[1 - w]
            why = "life reduced to 0 (CR 1-2-1-1-1)" if loser.life <= 0 else "no cards in deck at the start step (CR 1-2-1-1-2)"
            self._end_game(w, why)

    def _end_game(self, winner: int | None, reason: str) -> None:
        super()._end_game(winner, reason)
        st = self.state
        for p, player in enumerate(st.players):  # CR 3-8-5: set bursts are turned face up
            if player.burst is not None:
                self._emit("burst_revealed", player=p, card=player.burst, cid=st.cards[player.burst].cid)

    def _bp_cause(self, iid: int) -> Cause:
        """Who brought `iid`'s BP to 0 or less (CR 9-4-2-1, 9-4-2-2): the latest effect that lowered its BP or
        level, named by its controller and source card, so "destroyed by the opponent" holds for it (CR 10-15-1)."""
        st = self.state
        latest = None
        for e in st.continuous:  # resolved effects, latest last (CR 8-8-1-4)
            lowers = e.value < 0 if e.op == "add" else e.value <= 0
            if iid in e.targets and lowers and (latest is None or e.ts > latest.ts):
                latest = e
        if latest is not None and latest.source in st.cards:
            return Cause("effect_bp", st.cards[latest.source].owner, latest.source)
        if self.has_constants:  # a constant "-N BP" or "BP becomes N" of a card on the field
            from .continuous import _constant_hits

            for src, p, d in _constant_hits(self, iid, "bp"):
                if isinstance(d.amount, int) and (d.amount <= 0 if d.mode == "set" else d.amount < 0):
                    return Cause("effect_bp", p, src)
        return Cause("effect_bp")
