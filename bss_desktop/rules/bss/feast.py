"""【Feast】 (`{feast: N}`): a keyword printed after CR v1.6.0; docs/saga-rulings.md, "Feast and Chain".

Each time Feast is activated (ruling Feast-1) its controller looks at the Small and Medium Supsprite tokens they
control: with none of them, a Small Supsprite token is summoned; otherwise they choose one of them (when there is
more than one), every core on it goes to their reserve, and the next larger token, Medium for a Small, Large for a
Medium, is summoned (Feast-2). A token left with no cores is destroyed by gameplay management once the effect has
resolved (CR 9-3), as destroyed by the effect (CR 9-3-2-1), and leaves the game (CR 4-12-3): until then it is not
Feast's to upgrade again (Feast-3). The three tokens' information is the player's token table's
(carddb/token_table.py, CR 4-12-2; Feast-4); each is summoned as a token named by name is, its LV1 cores from its
summoner's reserve and field (tokens.py, Tokens ruling 1), and when they are too few the Feast does nothing
(Feast-5).

The progress is kept in the activation's `picks` across the player's choices: [[Feasts done, the size of the token
to summon now or -1, tokens summoned, how many Feasts]].
"""
from __future__ import annotations

from ...engine.state import Cause
from .tokens import summon_one


def _upgradable(game, player: int, small: str, medium: str) -> list[int]:
    """The player's Small and Medium Supsprite tokens on the field that still have cores (Feast-3)."""
    st = game.state
    return [i for i in st.players[player].field
            if st.cards[i].cid in (small, medium) and (st.cards[i].cores or st.players[player].soul == i)]


def perform_feast(game, a, d, WAIT):
    """Perform a `feast` directive of activation `a`: WAIT while its controller chooses, else whether it summoned
    a token at least once."""
    st = game.state
    player = a.controller
    small, medium, large = d.token
    if not a.picks:  # Feasts done, the size to summon now (-1: not yet known), tokens summoned, how many Feasts
        a.picks = [[0, -1, 0, game._amount(a, d)]]  # ("for each ...": counted once, as it starts: Feast-1)
    progress = a.picks[0]
    while progress[0] < progress[3]:
        if progress[1] < 0:
            found = _upgradable(game, player, small.id, medium.id)
            if not found:
                progress[1] = 0  # Feast-2: none to upgrade, a Small is summoned
            else:
                if len(found) == 1:
                    chosen = found[0]
                else:
                    ans = game._take_answer("target")
                    if ans is None:
                        game._ask("target", player, found, 1, 1, source=a.source,
                                  prompt="Feast: the Supsprite token to upgrade")
                        return WAIT
                    chosen = ans[0]
                cid = st.cards[chosen].cid
                soul = st.players[player].soul == chosen
                # Feast-2: every core on it to its controller's reserve (the soul core too, CR 8-5-6)
                # (Feast-3: the token then destroyed is destroyed by this effect, CR 9-3-2-1)
                game._move_cores(player, chosen, "reserve", st.cards[chosen].cores, soul, "feast",
                                 Cause("effect_cores", player, a.source))
                progress[1] = 1 if cid == small.id else 2
        tok = (small, medium, large)[progress[1]]
        iid = summon_one(game, a, tok, player, False, WAIT)
        if iid is WAIT:
            return WAIT
        progress[0] += 1
        progress[1] = -1
        if iid is not None:
            progress[2] += 1
    return progress[2] > 0
