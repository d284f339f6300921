"""Reactions to what either player's cards and effects do, read off the game's events (docs/saga-rulings.md
"Reactions to the other player's actions"): cores placed into a reserve or onto a card, cards discarded from a deck,
spirits exhausted by an effect, a battle with one of your spirits ended.

Resolution's collectors (cores_moved, card_moved, exhaust, battle_end) and the discards (directives._do_mill,
【Crush】) hand their events here; each fires the triggers of the vocabulary (carddb/effects.py) that wait for them.
"Whose effect" is the resolving activation's (the top of the queue, CR 8-5-2-4), its source card's owner's (ruling
R-3). Triggers collected together activate once (CR 8-6-3: Resolution._flush_triggers).
"""
from __future__ import annotations

from . import timing

CORE_TRIGGERS = ("cores_placed_in_reserve", "when_cores_placed", "your_spirit_emptied_by_awaken")
MILL_TRIGGERS = ("when_milled_by_opponent", "opponent_card_milled", "your_crush_milled",
                 "your_spirit_effect_mills_opponent", "your_spirit_card_to_trash")  # (and any card to the trash)
EXHAUST_TRIGGERS = ("your_effect_exhausts_opponent_spirit", "opponent_spirit_exhausted_by_gale")
_DECK_DISCARDS = ("mill", "crush")  # card_moved reasons: discarded from the deck by an effect or by 【Crush】
_NOT_RESOLVING = ("new", "select", "activate", "pay")  # Activation.phase: waiting, or being activated
_OWN_SUMMON = ("place", "token")  # cores_moved reasons: the LV1 cores a summon, placement or token puts on its card


def cores_moved(game, ev: dict) -> None:
    """Cores (or the soul core) were placed somewhere. Into a player's reserve: "when a core is placed into your
    reserve" (CR 6-6-1-2-3 moves, 3-5-5 a card's cores as it leaves, 6-3-2, 6-5-2, 7-1-5-3-1 ...). Onto a card on
    the field: its "when a core is placed onto this spirit", except the cores its own summon or placement puts on
    it (ruling R-1: part of summoning it, CR 10-6-7, 10-7-7)."""
    if not (ev["count"] > 0 or ev["soul"]) or ev["src"] == ev["dst"]:
        return
    src, dst = ev["src"], ev["dst"]
    if ev["reason"] == "awaken" and type(src) is int:  # CR 11-1-1: the last core moved off one of your spirits
        st = game.state
        card = st.cards[src]
        if game._defs[card.cid].type == "spirit" and card.cores == 0 and st.players[card.owner].soul != src:
            game._fire_side(card.owner, "your_spirit_emptied_by_awaken", src)
    if dst == "reserve":
        game._fire_side(ev.get("dst_player", ev["player"]), "cores_placed_in_reserve")
    elif type(dst) is int and ev["reason"] not in _OWN_SUMMON and game.state.cards[dst].zone == "field":
        game._fire(dst, "when_cores_placed")


def card_moved(game, ev: dict) -> None:
    """A card moved (card_moved). Ruling R-7: a spirit card placed into its owner's trash. Ruling R-2: a card
    discarded from a deck by an effect or by 【Crush】 (rule 11-11-1 of the CR): "when a magic card is discarded from
    your opponent's deck" whoever's effect it was, "... by your Crush effect", "when this card is discarded ...".
    One discard of several cards is one event for each trigger (CR 8-6-3: Resolution._flush_triggers)."""
    iid, owner = ev["card"], ev["owner"]
    st = game.state
    if ev["dst"] == "trash" and ev["src"] != "trash" and "your_spirit_card_to_trash" in game._triggers and \
            game._defs[ev["cid"]].type == "spirit":  # ruling R-7: a spirit card placed into its owner's trash
        if timing.counts_first_times(game, ("your_spirit_card_to_trash",)):
            st.turn_log.append(("to_trash", owner, iid))  # "the first time ... each turn" (ruling T3)
        game._fire_side(owner, "your_spirit_card_to_trash", iid)
    if ev["src"] != "deck" or ev["dst"] != "trash" or ev["reason"] not in _DECK_DISCARDS:
        return
    top = st.queue[-1] if st.queue else None
    src = st.cards[top.source] if top is not None and top.phase not in _NOT_RESOLVING else None
    if src is not None and src.owner == 1 - owner:  # the resolving effect is the other player's (ruling R-3)
        game._fire(iid, "when_milled_by_opponent")  # from the trash, where it is now
    game._fire_side(1 - owner, "opponent_card_milled", iid)
    if src is not None and src.owner == 1 - owner and game._defs[src.cid].type == "spirit":  # one of their spirits'
        game._fire_side(1 - owner, "your_spirit_effect_mills_opponent", top.source)
    if ev["reason"] == "crush":
        game._fire_side(1 - owner, "your_crush_milled", iid)


def exhausted(game, ev: dict) -> None:
    """A card was exhausted (not one that already was, CR 1-3-2-1). Ruling R-3: an effect exhausted it when the
    activation on top of the queue is resolving (CR 8-5-2-4: what resolves stays on top); that effect is its source
    card's owner's ("one of your effects": a magic card you used, an effect or keyword of your card, 【Gale】 the
    attacker's though the blocking player picks: rule 11-10-1 of the CR)."""
    st = game.state
    iid = ev["card"]
    card = st.cards[iid]
    top = st.queue[-1] if st.queue else None
    if top is None or top.phase in _NOT_RESOLVING or game._defs[card.cid].type != "spirit" or card.zone != "field":
        return
    by = st.cards[top.source].owner
    if by != card.owner:
        game._fire_side(by, "your_effect_exhausts_opponent_spirit", iid)
    if top.ref == ("keyword", "gale"):
        game._fire_side(1 - card.owner, "opponent_spirit_exhausted_by_gale", iid)



def battle_ended(game, attacker: int, blocker: int | None) -> None:
    """CR 7-1-6-1: the battle ended; "when a battle with one of your spirits ends" for each battling spirit's owner,
    that spirit the trigger card (read as it is now: on the field, or where the battle left it, CR 8-10)."""
    if "your_spirit_battle_ends" not in game._triggers:
        return
    for iid in (attacker, blocker):
        if iid is not None:
            game._fire_side(game.state.cards[iid].owner, "your_spirit_battle_ends", iid)


def deck_discarded(game, a, p: int, cards: list) -> None:
    """Ruling R-5: one discard from player `p`'s deck (a `mill` directive, or 【Crush】: rule 11-11-1) by activation
    `a` took `cards`; if it is an effect of `p`'s opponent's card, `p`'s "when your opponent's effect discards N or
    more cards from your deck" effects whose N it reaches trigger."""
    if "opponent_effect_mills_you" not in game._triggers or not cards:
        return
    st = game.state
    if st.cards[a.source].owner != 1 - p:
        return
    watching = game._trigger_cids.get("opponent_effect_mills_you", ())
    for iid in list(st.players[p].field):
        if st.cards[iid].cid not in watching:
            continue
        fx = game._fx_cache[st.cards[iid].cid]
        for i, e in fx.triggered.get("opponent_effect_mills_you", ()):
            if len(cards) >= (e.reach or 1):
                game._fire_one(iid, i, e)
