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

The score is the dot product of WEIGHTS with `features(game, seat)` (one function computes the features, for
the score and for tune.py, which fits the weights on self-play outcomes). The weights are data, so a game profile
or a tuning run can change them.
"""
from __future__ import annotations

WIN = 100_000.0
# The search's units of this evaluation (hard.py): the points that make a reward of tanh(1) ≈ 0.76, and the score
# difference between two options that makes one e times likelier a priori. Each game's evaluation has its own
# (search_units); Saga's scores sit mostly within ±850 (the median of a played-out position's is near 300).
SCALE = 900.0
PRIOR_TEMPERATURE = 250.0

WEIGHTS = {
    "life": (0, 420, 740, 980, 1160, 1300, 1410, 1500, 1575, 1640, 1695),  # value of 0..10 life
    "life_over": 50.0,  # each life above the table's last
    "lethal": 600.0,  # the coming attack can take every life the defender has
    "threat": 0.25,  # share of the life the coming attack would take that counts now
    "spirit": 60.0, "bp": 0.018, "symbol": 70.0, "core": 14.0, "refreshed": 30.0,
    "nexus": 70.0, "nexus_symbol": 60.0,
    "reserve": 16.0, "trash_core": 10.0, "soul": 12.0,
    "hand": 48.0, "burst": 70.0, "deck_low": 150.0,
    # the shape of the features, not weights of them:
    "new_attackers": 2,  # at most this many spirits the attacker may still summon from hand and attack with
    "hand_cap": 8,  # cards in hand beyond this count no more
}
# the weights that multiply one scalar feature each (the player's count minus the opponent's)
LINEAR = ("lethal", "spirit", "bp", "symbol", "core", "refreshed", "nexus", "nexus_symbol", "reserve", "trash_core",
          "soul", "hand", "burst", "deck_low")


def life_value(life: int, w=WEIGHTS) -> float:
    table, over = _life_parts(life, len(w["life"]))
    return sum(x * v for x, v in zip(table, w["life"])) + w["life_over"] * over


def _life_parts(life: int, n: int) -> tuple[list, int]:
    """`life` as a one-hot vector over the table's 0..n-1 lives and the lives above them."""
    table = [0] * n
    table[min(max(life, 0), n - 1)] = 1
    return table, max(life - n + 1, 0)


def evaluate(game, seat: int, w=WEIGHTS) -> float:
    """The position's score for `seat`: WIN when it has won, -WIN when it has lost, else the features' sum."""
    if game.profile.rules == "bos":  # another game, its own evaluation (ai/bos_play.py)
        from .bos_play import evaluate as bos_evaluate

        return bos_evaluate(game, seat)
    st = game.state
    if st.result is not None:
        if st.result.winner is None:
            return 0.0
        return WIN if st.result.winner == seat else -WIN
    return score(features(game, seat, w), w)


def search_units(game) -> tuple[float, float]:
    """(scale, prior temperature) for a search over `game` (the module constants SCALE and PRIOR_TEMPERATURE of
    the game's evaluation)."""
    if game.profile.rules == "bos":
        from . import bos_play

        return bos_play.SCALE, bos_play.PRIOR_TEMPERATURE
    return SCALE, PRIOR_TEMPERATURE


def score(f: dict, w=WEIGHTS) -> float:
    """The dot product of the weights with the features: the linear ones, the life table on the lives now, and the
    share `threat` of it on the lives the coming attack would take."""
    life = sum(x * v for x, v in zip(f["life"], w["life"])) + w["life_over"] * f["life_over"]
    hit = sum(x * v for x, v in zip(f["hit"], w["life"])) + w["life_over"] * f["hit_over"]
    return sum(w[k] * f[k] for k in LINEAR) + life + w["threat"] * hit


def features(game, seat: int, w=WEIGHTS) -> dict:
    """The features of an unfinished game for `seat`, each `seat`'s minus the opponent's: a number for each LINEAR
    weight; "life" (a vector over the table's lives) and "life_over"; "hit" and "hit_over", the life the coming
    attack would take as the same vectors (negative when it takes `seat`'s lives), zero when it is lethal, which
    "lethal" counts instead. `w` gives the features' shape (the table's length, hand_cap, new_attackers)."""
    st = game.state
    n = len(w["life"])
    with game.reading():
        sides = [_side(game, p, w) for p in (0, 1)]
        f = {k: sides[seat][k] - sides[1 - seat][k] for k in LINEAR}
        lives = [_life_parts(st.players[p].life, n) for p in (0, 1)]
        f["life"] = [a - b for a, b in zip(lives[seat][0], lives[1 - seat][0])]
        f["life_over"] = lives[seat][1] - lives[1 - seat][1]
        attacker = _next_attacker(st)
        loss = _coming_loss(game, attacker, w)
        defender = 1 - attacker
        sign = -1 if defender == seat else 1  # the attack takes from the defender
        life = st.players[defender].life
        f["hit"], f["hit_over"] = [0] * n, 0
        if loss >= life:
            f["lethal"] = sign
        elif loss > 0:
            (now, over), (after, over_after) = lives[defender], _life_parts(life - loss, n)
            f["hit"] = [sign * (a - b) for a, b in zip(now, after)]
            f["hit_over"] = sign * (over - over_after)
    return f


def _side(game, p: int, w) -> dict:
    """One player's counts for the LINEAR features."""
    st = game.state
    player = st.players[p]
    db, cards = game.db, st.cards
    v = dict.fromkeys(LINEAR, 0)
    for iid in player.field:
        c = cards[iid]
        d = db[c.cid]
        n_sym = len(game.symbols(iid))
        v["core"] += c.cores + (1 if player.soul == iid else 0)
        if d.type == "spirit":
            v["spirit"] += 1
            v["bp"] += game.bp(iid)
            v["symbol"] += n_sym
            if not c.exhausted:
                v["refreshed"] += 1
        else:
            v["nexus"] += 1
            v["nexus_symbol"] += n_sym
    v["reserve"] = player.reserve
    v["trash_core"] = player.trash_cores
    v["soul"] = 1 if player.soul in ("reserve",) or isinstance(player.soul, int) else 0
    v["hand"] = min(len(player.hand), w["hand_cap"])
    v["burst"] = 1 if player.burst is not None else 0
    v["deck_low"] = -max(4 - len(player.deck), 0)
    return v


def _next_attacker(st) -> int:
    """Who attacks next: the turn player until their attack step is over, then the other player."""
    if st.step in ("setup", "start", "core", "draw", "refresh", "main") or st.stage in ("attack_start",):
        return st.turn_player if st.step != "setup" else st.first_player
    if st.step == "attack":
        return st.turn_player
    return 1 - st.turn_player


def _coming_loss(game, attacker: int, w=WEIGHTS) -> int:
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
        attacks.extend([1] * min(max(len(them.hand) - 1, 0), cores // 2, w["new_attackers"]))
    blockers = sum(1 for iid in st.players[1 - attacker].field
                   if not cards[iid].exhausted and db[cards[iid].cid].type == "spirit")
    if len(attacks) <= blockers:
        return 0
    attacks.sort()
    return sum(attacks[:len(attacks) - blockers])
