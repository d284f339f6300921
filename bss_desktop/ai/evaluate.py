"""How good a position is for one player: the score every level above Easy maximises.

A sum of features, each the player's minus the opponent's (the shape Forge, Magarena and Zeraujy's evaluators
share; see ../shared/notes/anchors-profiles-ai-deckbuilder.md):

- life on a concave scale: the last points are worth far more than the fifth (CR 1-2-1-1-1: 0 loses);
- the coming attack: the symbols of the attacker's spirits that the defender's refreshed spirits cannot block,
  against the defender's life (CR 7-1-5-3-1: each unblocked attack takes one life per symbol); reaching it is
  nearly a lost game, and every point it takes counts on the life scale;
- each spirit: BP, symbols, cores and whether it is refreshed (a refreshed spirit can block, CR 7-1-3);
  each nexus: its symbols (reduction, CR 2-7) and cores;
- cores in the reserve and the trash (they pay next turn), the soul core's place (CR 4-11);
- cards in hand, a set burst (CR 3-8), and a deck about to run out (CR 9-2-4).

The weights are data (WEIGHTS), so a game profile or a tuning run can change them.
"""
from __future__ import annotations

WIN = 100_000.0

WEIGHTS = {
    "life": (0, 420, 740, 980, 1160, 1300, 1410, 1500, 1575, 1640, 1695),  # value of 0..10 life; +50 a point above
    "lethal": 600.0,  # the coming attack can take every life the defender has
    "threat": 0.25,  # share of the life the coming attack would take that counts now
    "spirit": 60.0, "bp": 0.018, "symbol": 70.0, "core": 14.0, "refreshed": 30.0,
    "nexus": 70.0, "nexus_symbol": 60.0,
    "reserve": 16.0, "trash_core": 10.0, "soul": 12.0,
    "new_attackers": 2,  # at most this many spirits the attacker may still summon from hand and attack with
    "hand": 48.0, "hand_cap": 8, "burst": 70.0, "deck_low": 150.0,
}


def life_value(life: int, w=WEIGHTS) -> float:
    table = w["life"]
    if life < len(table):
        return table[max(life, 0)]
    return table[-1] + 50.0 * (life - len(table) + 1)


def evaluate(game, seat: int, w=WEIGHTS) -> float:
    """The position's score for `seat`: WIN when it has won, -WIN when it has lost, else the features' sum."""
    st = game.state
    if st.result is not None:
        if st.result.winner is None:
            return 0.0
        return WIN if st.result.winner == seat else -WIN
    with game.reading():
        sides = [_side(game, p, w) for p in (0, 1)]
        score = sides[seat] - sides[1 - seat]
        attacker = _next_attacker(st)
        loss = _coming_loss(game, attacker)
        defender = 1 - attacker
        life = st.players[defender].life
        penalty = w["lethal"] if loss >= life else w["threat"] * (life_value(life, w) - life_value(life - loss, w))
        score += -penalty if defender == seat else penalty
    return score


def _side(game, p: int, w) -> float:
    st = game.state
    player = st.players[p]
    db, cards = game.db, st.cards
    v = life_value(player.life, w)
    for iid in player.field:
        c = cards[iid]
        d = db[c.cid]
        n_sym = len(game.symbols(iid))
        cores = c.cores + (1 if player.soul == iid else 0)
        if d.type == "spirit":
            v += w["spirit"] + w["bp"] * game.bp(iid) + w["symbol"] * n_sym + w["core"] * cores
            if not c.exhausted:
                v += w["refreshed"]
        else:
            v += w["nexus"] + w["nexus_symbol"] * n_sym + w["core"] * cores
    v += w["reserve"] * player.reserve + w["trash_core"] * player.trash_cores
    if player.soul in ("reserve",) or isinstance(player.soul, int):
        v += w["soul"]
    v += w["hand"] * min(len(player.hand), w["hand_cap"])
    if player.burst is not None:
        v += w["burst"]
    if len(player.deck) < 4:
        v -= w["deck_low"] * (4 - len(player.deck))
    return v


def _next_attacker(st) -> int:
    """Who attacks next: the turn player until their attack step is over, then the other player."""
    if st.step in ("setup", "start", "core", "draw", "refresh", "main") or st.stage in ("attack_start",):
        return st.turn_player if st.step != "setup" else st.first_player
    if st.step == "attack":
        return st.turn_player
    return 1 - st.turn_player


def _coming_loss(game, attacker: int) -> int:
    """Life the attacker's coming attack step takes if the defender blocks its biggest attackers (CR 7-1-5-3-1).

    Before the attacker's refresh step every one of their spirits will be refreshed (CR 6-5-1); the defender's
    spirits stay as they are until their own turn."""
    st = game.state
    db, cards = game.db, st.cards
    ahead = st.turn_player != attacker  # their whole turn is still to come
    refreshing = ahead or st.step in ("setup", "start", "core", "draw")
    attacks = []
    for iid in st.players[attacker].field:
        c = cards[iid]
        if db[c.cid].type == "spirit" and (refreshing or not c.exhausted):
            attacks.append(len(game.symbols(iid)))
    if ahead or st.step in ("setup", "start", "core", "draw", "refresh", "main"):
        # spirits summoned before the attack step attack at once (no rule stops them): one symbol each, two cores
        # a spirit, paid with the reserve and, still to come, the core step's core and the trash's cores (CR 6-3-1,
        # 6-5-2). A position scored at the start of their main step (the end of a played-out turn) counts them too.
        them = st.players[attacker]
        cores = them.reserve + (them.trash_cores + 1 if refreshing else 0)
        attacks.extend([1] * min(max(len(them.hand) - 1, 0), cores // 2,
                                 WEIGHTS["new_attackers"]))
    blockers = sum(1 for iid in st.players[1 - attacker].field
                   if not cards[iid].exhausted and db[cards[iid].cid].type == "spirit")
    if len(attacks) <= blockers:
        return 0
    attacks.sort()
    return sum(attacks[:len(attacks) - blockers])
