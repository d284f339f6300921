"""【Agile】, a keyword printed after CR v1.6.0: docs/saga-rulings.md, "Costs: Agile, Feast and costs that change".

A spirit card with 【Agile】 waits in its owner's hand. When a battle ends (CR 7-1-6-1), for each spirit of that
player that was in the battle and is still on the field and whose cost is less than the 【Agile】 card's, the
card triggers (Agile-1). Resolving, its owner may return that spirit to their hand (Agile-2); if they do, they may
summon the 【Agile】 card from their hand, paying its cost as any summon does: reduced (CR 10-6-4, 10-6-5), paid
and its LV1 cores placed the default way, as 【Immortal】's summon is (ruling 6; costs.auto_select) (Agile-3).
"""
from __future__ import annotations

from . import continuous, costs
from ...engine.state import Cause


def battle_ended(game, attacker: int | None, blocker: int | None) -> None:
    """Agile-1: queue the 【Agile】 cards of the hands that a battling spirit still on the field lets trigger."""
    st = game.state
    for spirit in (attacker, blocker):
        if spirit is None or st.cards[spirit].zone != "field":
            continue
        owner = st.cards[spirit].owner
        below = game._defs[st.cards[spirit].cid].cost  # the cost of the card (CR 2-6), as cost filters read it
        for h in st.players[owner].hand:
            d = game._defs[st.cards[h].cid]
            if d.type == "spirit" and d.cost > below and continuous.keywords_of(game, h, "agile"):
                game._keyword_trigger(h, "agile", owner, spirit)


def resolve(game, a) -> None:
    """Agile-2, Agile-3: return the battling spirit, then summon the 【Agile】 card paying its cost. The prompts
    name the spirit on the field, never the card in the hand (the source the other seat is not shown)."""
    st = game.state
    card = st.cards[a.source]
    if card.zone != "hand":  # it left the hand before resolving: nothing to summon, nothing done (Agile-2)
        a.phase = "done"
        return
    spirit = a.trigger_card
    if not a.asked:
        if spirit is None or st.cards[spirit].zone != "field" or st.cards[spirit].owner != a.controller:
            a.phase = "done"
            return
        ans = game._take_answer("may")
        if ans is None:
            name = game._defs[st.cards[spirit].cid].name
            game._ask("may", a.controller, [True, False], prompt=f"【Agile】: return {name} to your hand?",
                      source=spirit)
            return
        if not ans:
            a.phase = "done"
            return
        game._leave_field(spirit, "hand", "bounce")  # its cores to the reserve (CR 3-5-5); a token leaves (4-12-3)
        a.asked = True
    d = game._defs[card.cid]
    cost = costs.net_cost(game, a.controller, d, iid=a.source)
    auto = costs.auto_select(game, a.controller, cost, d.lv1_cores)
    if auto is None:  # too few cores: "you may summon" cannot be done (Agile-3)
        a.phase = "done"
        return
    ans = game._take_answer("may")
    if ans is None:
        lost = costs.destroyed_by_payment(game, a.controller, *auto)  # self-destruction (CR 10-1-1-1), said first
        also = f", destroying {', '.join(game._defs[st.cards[i].cid].name for i in lost)}" if lost else ""
        # the prompt reaches both seats: it names no card of the hand, nor its cost (CR 3-3-3: a hand is hidden)
        game._ask("may", a.controller, [True, False], prompt=f"【Agile】: summon the card from your hand, paying its "
                  f"cost{also}?", source=a.source)
        return
    if ans:
        pay, pay_soul, place, place_soul = auto
        cause = Cause("self", a.controller)  # the owner's own payment (CR 10-1-1-1)
        game._emit("reveal", player=a.controller, card=a.source, cid=card.cid)  # CR 10-6-3
        game._move_selection(a.controller, pay, pay_soul, "trash", "pay", cause)  # CR 10-6-6
        game._move_card(a.source, "field", "summon")  # CR 10-6-7
        game._move_selection(a.controller, place, place_soul, a.source, "place", cause)
        game._announce_manual(a.source)
        game._soul_summon = a.source if pay_soul else None  # "if you spend a soul core as part of its cost"
        game._on_summoned(a.source)
    a.phase = "done"
