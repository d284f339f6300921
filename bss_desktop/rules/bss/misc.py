"""Mechanisms of card phrases of no other family (docs/saga-rulings.md "Other phrases").

- "Remove up to N cores from it" (`core_remove` with `up_to`): the effect's controller chooses how many, from 0 to
  N (CR 1-3-5: a whole number, zero or more), card by card, no more than the card has (CR 1-3-2); each number is
  kept on the activation until the directive is done.
- "It gains Dragon spirit type during this turn" (`grant` with `family`): a grant of what "family" (engine
  Grant.keyword holds the name) for its duration; the card has that spirit type beside its printed ones (CR 2-5-3)
  for every filter and condition that names spirit types (targets.matches), while it stays on the field (CR 3-1-4:
  a card leaving the field drops its grants). Only resolved effects give one (the vocabulary refuses a constant one).
- "Spirits refreshed by this effect cannot attack" (target `{ref: changed}`): the cards the exhaust or refresh just
  before it changed (directives._targets_then keeps them on the activation, `changed`, in a game whose cards read
  them); a selected spirit that was refreshed already is not refreshed again (CR 1-3-2-1), so it is not among them.
- "If all the spirits on your field cost the same amount" (condition `same_cost`): their printed costs (CR 2-6)
  are one number; with no spirit or one, there is no second cost to differ (ruling Other-11).
"""
from __future__ import annotations


def up_to_cores(game, a, d, iid: int, wait):
    """How many cores the controller takes off card `iid` for "remove up to N cores" (0 to N), or `wait` (the
    directive handler's WAIT, passed in so this module does not import directives back) while they choose. The
    answers are kept in `a.picks` as ("up_to", card, number) tuples."""
    for p in a.picks:
        if isinstance(p, tuple) and p[1] == iid:
            return p[2]
    st = game.state
    card = st.cards[iid]
    most = min(d.amount, card.cores + (st.players[card.owner].soul == iid))
    if most <= 0:
        a.picks.append(("up_to", iid, 0))
        return 0
    ans = game._take_answer("x")
    if ans is None:
        name = game._defs[card.cid].name
        game._ask("x", a.controller, list(range(0, most + 1)), source=a.source,
                  prompt=f"remove how many cores from {name}? (up to {d.amount}, CR 1-3-5)")
        return wait
    a.picks.append(("up_to", iid, int(ans)))
    return int(ans)


def gained_families(game, iid: int) -> set:
    """The spirit types (casefolded) effects gave card `iid` for a while (CR 2-5-3), none when no grant names one."""
    grants = game.state.grants
    if not grants:
        return set()
    return {g.keyword.casefold() for g in grants if g.what == "family" and iid in g.targets}


def same_cost(game, player: int) -> bool:
    """Whether the spirits on `player`'s field all have one printed cost (CR 2-6); true with none or one."""
    st = game.state
    costs = {game.db[st.cards[i].cid].cost for i in st.players[player].field
             if game.db[st.cards[i].cid].type == "spirit"}
    return len(costs) <= 1
