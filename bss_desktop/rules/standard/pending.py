"""Battle Spirits Standard's pending state (待機狀態, STD 5-17, 10-2-2): a destroyed or depleted spirit or nexus leaves
the field (5-17-1) but does not reach the trash at once. It waits in the "pending" zone (GameState.pending_cards):
- it keeps its cores (the soul core too) and the effects it was under (10-2-2-2);
- its constant effects work on, at the level it had on the field, for a depleted card its level before it lost its
  cores (10-2-2-3, 10-2-2-4; rules/bss/continuous.py reads pending_cards);
- of its own effects only those its leaving triggered resolve ("when destroyed", "when depleted": triggers.py lets
  the others fizzle, 10-2-2-4);
- once every effect its leaving triggered has resolved (its own, and those of other cards that triggered on it), it
  goes to the trash and its cores to the reserve (10-2-2-5); a token leaves the game.
A card returned to the hand or the deck by an effect goes there at once: no effect of the card vocabulary triggers on a
return, so its pending state (10-2-2-1, 10-2-2-7) would end as it begins (docs/standard-rulings.md, ruling 8).
"""
from __future__ import annotations

from ...engine import stats


class StandardPending:
    """StandardGame's pending state: cards enter it instead of the trash and leave it when their effects are done."""

    def _put_away(self, iid: int, cause, reason: str) -> None:
        """STD 10-2-2-1: destroyed or depleted, the card enters the pending state, keeping its cores, the effects on it
        and the level it had (10-2-2-2, 10-2-2-3)."""
        st = self.state
        card = st.cards[iid]
        level = self._levels_before.get(iid, 1) if reason == "depleted" else stats.level(self, iid)
        card.removal = cause
        st.players[card.owner].field.remove(iid)
        card.zone = "pending"
        dst = "removed" if self._defs[card.cid].token else "trash"
        st.pending_cards.append((iid, dst, max(1, level)))
        self._emit("card_moved", card=iid, cid=card.cid, owner=card.owner, src="field", dst="pending", reason=reason)
        # its leaving's effects were triggered as it left (the event before this): if none was, it goes on at once;
        # else the engine's loop lets it go once they have resolved (rules/bss/turn.py)
        self._settle_pending()

    def _settle_pending(self) -> None:
        """STD 10-2-2-5: the pending cards whose leaving has no effect left to resolve (none triggered, waits or
        resolves with it as its source or the card it triggered on) go to the trash together, their cores to the
        reserve."""
        st = self.state
        busy = {a.source for a in st.queue} | {a.trigger_card for a in st.queue} if st.queue else set()
        if self._pending:  # triggered now, not yet queued (resolution._flush_triggers): (card, ref, controller, on)
            busy = {*busy, *(t[0] for t in self._pending), *(t[3] for t in self._pending)}
        done = [e for e in st.pending_cards if e[0] not in busy]
        if not done:
            return
        st.pending_cards = [e for e in st.pending_cards if e[0] in busy]
        for iid, dst, _ in done:
            card = st.cards[iid]
            owner = st.players[card.owner]
            if card.cores or owner.soul == iid:
                self._move_cores(card.owner, iid, "reserve", card.cores, owner.soul == iid, "pending_over", None)
            self._forget(iid)  # a new card from here on (STD 4-1-4)
            self._move_card(iid, dst, "pending_over")

    def level(self, iid: int) -> int:
        if self.state.cards[iid].zone == "pending":  # the level it keeps in its pending state (STD 10-2-2-3)
            return next(lv for i, _, lv in self.state.pending_cards if i == iid)
        return super().level(iid)
