"""Battle Spirits Standard's rules module: the game class.

Standard is the game Battle Spirits Saga grew from, and most of their rules agree (digest §2.3), so `StandardGame`
is Saga's game (rules/bss/) with Standard's differences: deck rules with same-name ids (STD 6-1-1), its setup and
mulligan, eight steps with the Second Main Step (turn.py), [Flash] usable in the main steps (STD 9-1-7-1-2), no burst
area (4-1-1), depletion instead of destruction below the Lv1 cost and no destruction at 0 BP (management.py), and
every refusal and result worded with Standard's own rule numbers (cites.py).
"""
from __future__ import annotations

from ...engine.commands import SetBurst
from ...engine.errors import IllegalCommand
from ..bss.game import SagaGame
from .cites import CITES, std_rule, std_text
from .costs import StandardCosts
from .management import StandardManagement
from .pending import StandardPending
from .triggers import StandardTriggers
from .turn import StandardTurn

class StandardGame(StandardTurn, StandardManagement, StandardPending, StandardTriggers, StandardCosts, SagaGame):
    """A game of Battle Spirits Standard."""

    # no burst area, so no burst to set (STD 4-1-1): the command is not one of Standard's
    HANDLERS = {cls: name for cls, name in SagaGame.HANDLERS.items() if cls is not SetBurst}
    STAGES = {**SagaGame.STAGES, **StandardTurn.STAGES}
    CITES = CITES  # the topics the shared core cites, in STD numbers

    flash_in_main = True  # STD 9-1-7-1-2, 12-2-1-5-1: a rule of the game, not a setting
    bp_zero_destroys = False  # 001 has no such rule (digest §2.3 row 38; management.py)
    CLONE_COPIED = SagaGame.CLONE_COPIED | {"_levels_before"}

    def _start_rules(self) -> None:
        super()._start_rules()
        self._levels_before: dict = {}  # field card -> its level before this action took cores off it (management)

    def _cloned(self, d: dict) -> None:
        super()._cloned(d)
        d["_levels_before"] = dict(self._levels_before)

    def apply(self, cmd):
        try:
            return super().apply(cmd)
        except IllegalCommand as e:  # Saga's refusals, in Standard's rule numbers
            rule, message = std_rule(e.rule), std_text(e.message)
            if rule == e.rule and message == e.message:
                raise
            raise type(e)(rule, message, *([e.owner] if hasattr(e, "owner") else [])) from None

    @classmethod
    def cited(cls, text: str) -> str:
        return std_text(text)

    def _end_game(self, winner, reason: str) -> None:
        super()._end_game(winner, std_text(reason))

    def _legal_commands(self) -> list:
        out = [c for c in super()._legal_commands() if type(c) is not SetBurst]  # (a Saga card brought along)
        kind, p = self._decision() or (None, None)
        if kind in ("main", "flash"):  # the payments of Standard's own: Soul Magic, Succession (costs.py)
            out.extend(c for c in self._cost_offers(p, kind) if c not in out)
        return out


GAME = StandardGame
