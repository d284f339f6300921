"""Battle Spirits Saga's timing words that count what happened this turn (docs/saga-rulings.md, "Timings and
triggers"): "the first time ... each turn" (ruling T3).

The events are written into `GameState.turn_log` as they happen (resolution.py) and forgotten as the turn ends
(turn.py, CR 6-8-1-2).
"""
from __future__ import annotations

from dataclasses import replace

from . import continuous
from .targets import matches


def counts_first_times(game, triggers: tuple) -> bool:
    """Whether a card of this game has a "first time ... each turn" effect on one of these triggers: only then are
    their events logged (the state of other games stays as it was)."""
    defs = game._defs
    return any(e.limit == "first_time" for t in triggers for cid in game._trigger_cids.get(t, ())
               for e in defs[cid].effects)


def first_time(game, e, controller: int, trigger_card: int | None) -> bool:
    """Ruling T3: whether the event that triggered `e` (limit `first_time`) is the first of its kind this turn: the
    first reduction of its controller's life, or the first of their spirits destroyed (by the opponent, for that
    trigger) or attacking that its watch fits, read as the cards are now (a destroyed card in the trash as printed, CR 10-13-2)."""
    log = game.state.turn_log
    if e.trigger == "life_reduced":  # (the reduction that triggered it is in the log already)
        return sum(1 for x in log if x == ("life", controller)) == 1
    by_opponent = e.trigger == "your_spirit_destroyed_by_opponent"
    kind = {"your_spirit_attacks": "attack", "your_spirit_card_to_trash": "to_trash"}.get(e.trigger, "destroyed")
    for x in log:
        if x[0] != kind or x[1] != controller or (by_opponent and not x[3]):
            continue
        if e.watch is None or matches(game, x[2], replace(e.watch, side="any"), controller, None):
            return x[2] == trigger_card  # the first that fits: is it the one that triggered it?
    return False


def must_attack(game, p: int) -> list[int]:
    """Player p's spirits a constant effect says "must attack if able" that can attack now (refreshed, nothing
    forbidding it): while there is one, p cannot end the attack step (the card's text over CR 6-7-3-2, CR 1-3-1)."""
    if not game.has_constants:
        return []
    st = game.state
    out = []
    for iid in st.players[p].field:
        card = st.cards[iid]
        if card.exhausted or game._defs[card.cid].type != "spirit":
            continue
        if continuous.restricted(game, iid, "cannot_attack"):
            continue
        if any(True for _ in continuous._constant_hits(game, iid, "must_attack")):
            out.append(iid)
    return out
