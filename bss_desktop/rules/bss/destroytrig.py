"""Battle Spirits Saga's triggers on how, and by what, an opponent's spirit was destroyed (docs/saga-rulings.md,
"Timings and triggers", ruling T4).

Every destruction carries its cause (`engine.state.Cause`): its kind — "battle" (comparing BP, CR 7-1-5-2-1),
"effect" / "effect_quiet" (a destruction effect, CR 10-14-1), "effect_cores" (an effect took the cores its LV1
needs, CR 9-3-2-1), "effect_bp" (its BP became 0 or less, CR 9-4-2), "self" (a self-destruction, CR 10-1-1-1) or
"rule" — the player who caused it and the card that did: the spirit that won the battle, or the card whose effect
it was. Resolution._on_destroyed hands each spirit's destruction here (battle.py the BP comparison); the triggers
fired:

    when_higher_bp                          this spirit's BP was higher than the spirit it battled when their BP were
                                            compared in battle resolution (CR 7-1-5-2-1; not in a tie)
    opponent_spirit_destroyed_bp_zero       one of your opponent's spirits destroyed by its BP becoming 0 or less
                                            (CR 9-4-2), an effect having lowered it (whoever's, CR 9-4-2-1, 9-4-2-2)
    trash_opponent_spirit_destroyed_bp_zero  likewise, for the cards in your trash whose effect works there (ruling T6)
    opponent_spirit_destroyed_cores_by_you  one of your effects took the cores one of your opponent's spirits needed
                                            for LV1, leaving none on it, destroying it (CR 9-3-2, 9-3-2-1)
    when_destroys                           this spirit destroyed one of your opponent's spirits: the one it battled,
                                            by comparing BP, or by one of this spirit's effects (ruling T4)
    your_spirit_destroys                    likewise, one of your spirits (`watch`; the trigger card is that spirit)
    your_spirit_wins_battle_against         one of your spirits destroyed one of your opponent's spirits that `watch`
                                            fits by comparing BP (`watch` filters the destroyed spirit; the trigger
                                            card is yours, CR 7-1-5-2-1)
    your_spirit_effect_destroys             an effect of one of your spirits (`watch`) destroyed one of your
                                            opponent's spirits (not in battle, ruling T4)
    your_spirit_destroyed_by_opponent_spirit  one of your spirits (`watch`) was destroyed by one of your opponent's
                                            spirits, as ruling T4 reads "destroys" (the trigger card: yours)
    your_spirit_or_magic_destroys           one of your spirits did (as your_spirit_destroys), or the effect of one of
                                            your magic cards (`watch`: the spirit or the magic card)
"""
from __future__ import annotations

from dataclasses import replace

from ...engine import stats

TRIGGERS = ("trash_opponent_spirit_destroyed_bp_zero", "when_higher_bp", "your_spirit_wins_battle_against", "your_spirit_destroyed_by_opponent_spirit",
            "opponent_spirit_destroyed_bp_zero", "opponent_spirit_destroyed_cores_by_you", "when_destroys",
            "your_spirit_destroys", "your_spirit_effect_destroys", "your_spirit_or_magic_destroys")
BY_EFFECT = ("effect", "effect_quiet", "effect_cores", "effect_bp", "effect_curse")  # CR 10-1-2, 9-3-2-1, 9-4-2-1, 11-3-1


def on_battle_result(game, abp: int, dbp: int) -> None:
    """CR 7-1-5-2-1: the BP of the two battling spirits have been compared; "when_higher_bp" of the one whose BP was
    higher (not in a tie), whether or not the other is then destroyed (a protection may keep it)."""
    if "when_higher_bp" not in game._triggers:
        return
    b = game.state.battle
    if abp != dbp and b is not None and b.blocker is not None:
        winner, loser = (b.attacker, b.blocker) if abp > dbp else (b.blocker, b.attacker)
        game._fire(winner, "when_higher_bp", loser)


def _fire_in_trash(game, you: int, trig: str, trigger_card: int) -> None:
    """Ruling T6: the effects on cards in your trash that work there (`trig`), as 【Immortal】 triggers from
    the trash (CR 11-4-1); the cards of your field never fire these."""
    if trig not in game._triggers:
        return
    st = game.state
    watching = game._trigger_cids.get(trig, ())
    for t in list(st.players[you].trash):
        if st.cards[t].cid in watching:
            game._fire(t, trig, trigger_card)


def _wins_against(game, you: int, winner: int, loser: int, mute) -> None:
    """"When one of your spirits destroys one of your opponent's spirits <filter> in battle": the
    effects with the trigger your_spirit_wins_battle_against whose `watch` fits the destroyed spirit (read as it is
    as its destruction is confirmed, CR 10-1-3-3); the trigger card is the spirit that destroyed it."""
    trig = "your_spirit_wins_battle_against"
    if trig not in game._triggers:
        return
    from .targets import matches

    st = game.state
    watching = game._trigger_cids.get(trig, ())
    for iid in list(st.players[you].field):
        if iid in mute or st.cards[iid].cid not in watching:
            continue
        for i, e in game._fx_cache[st.cards[iid].cid].triggered.get(trig, ()):
            if e.watch is None or matches(game, loser, replace(e.watch, side="any"), you, iid):
                game._fire_one(iid, i, replace(e, watch=None), winner)


def on_destroyed(game, iid: int, owner: int, cause, quiet, mute) -> None:
    """`iid`, a spirit of `owner`, has been destroyed (CR 10-1-3-3; not a self-destruction): the triggers above of
    its opponent's cards, and your_spirit_destroyed_by_opponent_spirit of its owner's. `quiet` is the player none of
    whose effects this destruction triggers (ruling P10), `mute` the cards whose "When Destroyed" effects it does not
    trigger (ruling P11)."""
    if game._triggers.isdisjoint(TRIGGERS):
        return
    you = 1 - owner
    kind, by, source = cause[0], cause[1], cause[2]
    if you != quiet and kind == "effect_bp" and source is not None:
        # CR 9-4-2-1, 9-4-2-2: an effect reduced its BP (or level) to 0 (a self-destruction never reaches here, CR
        # 9-4-2-3; a spirit printed with 0 BP had its BP reduced by nothing)
        game._fire_side(you, "opponent_spirit_destroyed_bp_zero", iid, skip=mute)
        _fire_in_trash(game, you, "trash_opponent_spirit_destroyed_bp_zero", iid)
    if you != quiet and kind == "effect_cores" and by == you and stats.cores_on(game.state, iid) == 0:
        # CR 9-3-2-1: destroyed by the effect that took its cores, "reducing its cores to zero" (its cores are still
        # on it as the destruction is confirmed, CR 10-1-3-3)
        game._fire_side(you, "opponent_spirit_destroyed_cores_by_you", iid, skip=mute)
    if source is None or (kind != "battle" and kind not in BY_EFFECT):
        return
    st = game.state
    card = st.cards.get(source)
    if card is None or card.owner != you:
        return
    if game._defs[card.cid].type == "magic":  # its effect, as it resolves or lasting after it (CR 10-8-8)
        if kind in BY_EFFECT and you != quiet:
            game._fire_side(you, "your_spirit_or_magic_destroys", source, skip=mute)
        return
    # ruling T4: the spirit that destroyed it is one of yours on the field (or leaving it in this same batch of
    # destructions, as a tie in battle leaves both: read with its last state, CR 8-10)
    if card.zone != "field" or game._defs[card.cid].type != "spirit":
        return
    if owner != quiet:  # the other way round: "... is destroyed by one of your opponent's spirits"
        game._fire_side(owner, "your_spirit_destroyed_by_opponent_spirit", iid, exclude=iid, skip=mute)
    if you == quiet:
        return
    if kind == "battle":
        _wins_against(game, you, source, iid, mute)
    if source not in mute:
        game._fire(source, "when_destroys", iid)
    game._fire_side(you, "your_spirit_destroys", source, skip=mute)
    game._fire_side(you, "your_spirit_or_magic_destroys", source, skip=mute)
    if kind in BY_EFFECT:
        game._fire_side(you, "your_spirit_effect_destroys", source, skip=mute)
