"""Battle Spirits Standard's timing of triggered and substitution effects (STD 9-1-5, 9-1-8): a waiting trigger whose
card has left the area where it works does not resolve (9-1-5-5, 9-4-1-2), except those that trigger on the card
leaving it (its pending state: "when destroyed", "when depleted", 9-3-3, 10-2-2-4); between several substitution
effects the turn player decides (9-1-8-1-3); a "when exhausted" effect of a spirit refreshed again before it resolves
does not resolve (5-15-2)."""
from __future__ import annotations

# the triggers of a card that fire because it leaves the field: they resolve after it has left
LEAVING = frozenset(("when_destroyed", "when_destroyed_by_opponent", "when_depleted"))


class StandardTriggers:
    """StandardGame's check of a trigger's source before it resolves, and who orders substitutions."""

    def _order_chooser(self, group) -> int:
        """STD 9-1-5-7/8: a player's own simultaneous effects are ordered by that player; when both players' are
        among them, the turn player picks which resolves first."""
        controllers = {a.controller for a in group}
        return controllers.pop() if len(controllers) == 1 else self.state.turn_player

    def _substitution_chooser(self, card, options) -> int:
        """STD 9-1-8-1-3: with several substitution effects, the turn player decides which applies first; one alone
        is its card's owner's to use, as in Saga."""
        return self.state.turn_player if len(options) > 1 else card.owner

    def _resolve(self, a) -> None:
        if a.phase == "may":
            why = "left" if self._source_left(a) else "refreshed" if self._refreshed_again(a) else None
            if why is not None:
                self._emit("effect_fizzled", card=a.source, reason=why)  # STD 9-1-5-5, 5-15-2
                a.phase = "done"
                return
        super()._resolve(a)

    def _refreshed_again(self, a) -> bool:
        """STD 5-15-2: a "when exhausted" effect whose spirit was refreshed again before it resolves does not."""
        if a.ref[0] != "effect" or self.state.cards[a.source].exhausted:
            return False
        e = self._effect_of(a)
        return e is not None and e.kind == "triggered" and e.trigger == "when_exhausted"

    def _source_left(self, a) -> bool:
        """Whether activation `a` is a triggered effect of a card that worked on the field when it triggered
        (it had a level then) and is no longer there, for a trigger other than its leaving."""
        if a.ref[0] != "effect" or not a.lki_level or self.state.cards[a.source].zone == "field":
            return False
        e = self._effect_of(a)
        return e is not None and e.kind == "triggered" and e.trigger not in LEAVING
