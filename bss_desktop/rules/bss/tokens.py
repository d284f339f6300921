"""Tokens named by name (`{token: {ref: Name, count: N, exhausted: bool}}`): summoned one at a time, each with its
LV1 cores from its summoner's field, reserve or both (CR 4-12-1, 10-6-7; docs/saga-rulings.md, Tokens ruling 1).

The token's information is the player's token table's (carddb/token_table.py, CR 4-12-2), filled in when the cards
are loaded. Each token is summoned with its LV1 cores placed from the player's field and reserve, as a summoned
spirit's are (CR 10-6-7): the player chooses which cores (a `cores` choice: 0 the reserve, a field card, -1 the soul
core, CR 8-5-6) when there is more than one way. When the cores left are too few for the next token, it and the rest
are not summoned (ruling 1); a spirit its cores were taken from may be left with none and is destroyed by gameplay
management afterwards (CR 4-5, 9-2). A token leaves the game as it leaves the field (CR 4-12-3, management.py).
"""
from __future__ import annotations

from ...engine.state import Card, Cause
from ...limits import MAX_TARGET_OPTIONS, MAX_ZONE_CARDS
from .costs import core_answers, soul_available


def _places(game, player: int) -> tuple[list, list]:
    """Where the player's cores may come from: (places, counts), 0 the reserve, field card ids, -1 the soul core."""
    st = game.state
    p = st.players[player]
    places, counts = [0], [p.reserve]
    for iid in p.field:
        if st.cards[iid].cores:
            places.append(iid)
            counts.append(st.cards[iid].cores)
    if soul_available(game, player):
        places.append(-1)
        counts.append(1)
    return places, counts


def summon_named(game, a, d, WAIT):
    """Perform a `ref` token directive of activation `a`: WAIT while the player chooses cores, else whether a token
    was summoned. `a.picks` holds the tokens summoned so far (kept across the choices)."""
    n = game._amount(a, d)
    while len(a.picks) < n:
        iid = summon_one(game, a, d.token, a.controller, d.token_exhausted, WAIT)
        if iid is WAIT:
            return WAIT
        if iid is None:
            break
        a.picks.append(iid)
    a.selected = list(a.picks)  # what a following "them" names ("place a core ... onto each of them")
    return bool(a.picks)


def summon_one(game, a, tok, player: int, exhausted: bool, WAIT):
    """Summon one token `tok` for `player` with its LV1 cores from their reserve and field (ruling 1): its id, None
    when it can't be (a full field, too few cores), WAIT while the player chooses the cores (rules/bss/feast.py
    summons its tokens so too)."""
    st = game.state
    if len(st.players[player].field) >= MAX_ZONE_CARDS:  # as many as a zone holds (bss_desktop/limits.py)
        return None
    need = tok.lv1_cores
    places, counts = _places(game, player)
    if sum(counts) < need:  # too few cores for this token: it is not summoned (ruling 1)
        return None
    answers = core_answers(places, counts, need, MAX_TARGET_OPTIONS)
    if len(answers) == 1:
        chosen = answers[0]
    else:
        chosen = game._take_answer("cores")
        if chosen is None:
            game._ask("cores", player, places, need, need, source=a.source, counts=counts,
                      prompt=f"the LV1 cores of {tok.name}: from your reserve or your field (CR 10-6-7)")
            return WAIT
    iid = max(st.cards) + 1
    st.cards[iid] = Card(iid, tok.id, player, "token")
    game._move_card(iid, "field", "token")  # CR 4-12-1
    if exhausted:  # "summon ... exhausted": put onto the field exhausted (before its cores, as printed)
        game._set_exhausted(iid, True)
    cause = Cause("self", player)
    soul_from = st.players[player].soul
    for place in dict.fromkeys(chosen):
        k = list(chosen).count(place)
        if place == -1:
            game._move_cores(player, soul_from, iid, 0, True, "token", cause)
        else:
            game._move_cores(player, "reserve" if place == 0 else place, iid, k, False, "token", cause)
    game._on_summoned(iid)
    return iid
