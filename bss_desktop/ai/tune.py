"""The evaluation's weights fitted on self-play outcomes (`bss-desktop tune-eval`).

1. Positions: seeded games between the levels (MATCHUPS, both seats, every pairing of the shipped Saga decks, the
   arena's game loop) are watched; each time a main step begins and each time an attack step ends, the position's
   features (evaluate.features) are kept from each player's point of view, with that player's final result
   (1 won, 0.5 drawn, 0 lost).
2. Fit: logistic regression of the result on the features (the score's dot product, divided by SCALE_LOGIT), by
   Newton's method in pure Python, L2-regularised towards the hand-written weights (so a feature the games rarely
   show keeps its hand value), the life table as increments between lives constrained to be >= 0 (a life more is
   never worse, CR 1-2-1-1-1). `threat` multiplies the life table, so it is chosen from THREATS by the training
   loss. Every fifth pair of games is held out (both seats of a deal, so no deal is on both sides): its log-loss and accuracy are reported for the hand-written and the fitted
   weights.
3. The result is a WEIGHTS dict of evaluate's shape, in evaluate's points: score = SCALE_LOGIT * logit, so that
   Hard's reward tanh(score / 900) equals 2 * sigmoid(logit) - 1 (evaluate.SCALE = 2 * SCALE_LOGIT).

Measured (tune-eval --games 600 --seed 29: 6080 positions, 1168 held out): the fitted weights predict results
better than the hand-written ones (held-out log-loss 0.596 against 0.665, accuracy 0.681 against 0.620) but play
worse: Normal against the sensible player (arena, 200 games, seed 29) wins 0.705 (95 % CI 0.638-0.764) with the
hand-written weights and 0.615 (0.546-0.680) with these fitted ones; blends that keep the hand-written life table, threat
and some features (fit(keep=...)) won 0.555 to 0.578. A fit rewards what winning positions have (refreshed
spirits, cards in hand, cores in the reserve, a set burst), while Normal compares positions its own options lead
to, and there holding back cores and spirits is what loses. The shipped WEIGHTS stay hand-written.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from ..engine.rng import seed_from
from .arena import play_game
from .evaluate import LINEAR, WEIGHTS, features, score

SCALE_LOGIT = 450.0  # evaluation points per unit of logit (tanh(x / 900) = 2 sigmoid(x / 450) - 1)
MATCHUPS = (("normal", "sensible"), ("normal", "normal"))  # the levels of game k: MATCHUPS[(k // 2) % 2]
THREATS = (0.0, 0.25, 0.5, 0.75)
L2 = 0.01  # pull towards the hand-written weights, per unit of a feature's variance (mean log-loss units)
HELD_OUT = 5  # every fifth pair of games (the same deal, seats swapped) is held out
NEWTON_STEPS = 25


@dataclass
class Position:
    features: dict  # evaluate.features for the player whose point of view this is
    result: float  # that player's final result: 1, 0.5, 0
    game: int  # which game (the held-out split is by game)
    moment: str = "main"  # "main": a main step began; "attack": an attack step had just ended


class _Watcher:
    """Keeps the features of the positions where a main step begins or an attack step has just ended."""

    def __init__(self):
        self.kept: list = []  # (moment, features for seat 0, for seat 1)
        self.mark = None

    def __call__(self, game) -> None:
        st = game.state
        if game.over:
            return
        mark = (st.turn, st.step)
        if mark == self.mark:
            return
        before, self.mark = self.mark, mark
        if st.step == "main" or (before is not None and before[1] == "attack"):
            moment = "attack" if before is not None and before[1] == "attack" else "main"
            self.kept.append((moment, features(game, 0), features(game, 1)))


def self_play(db, pairs: list, games: int, seed: int, progress=None) -> list[Position]:
    """Positions from `games` seeded games: game k plays pairs[k // 2 % len(pairs)] with MATCHUPS[k // 2 % 2]'s
    first level in seat k % 2 (so each pair of games swaps the seats on the same deal, as the arena does)."""
    out: list[Position] = []
    for k in range(games):
        pair = k // 2
        level_a, level_b = MATCHUPS[pair % len(MATCHUPS)]
        a_seat = k % 2
        watcher = _Watcher()
        o = play_game(db, pairs[pair % len(pairs)], seed_from(seed, "tune", pair), level_a, level_b, a_seat,
                      watch=watcher)
        first = o.score if a_seat == 0 else 1.0 - o.score  # seat 0's result
        for moment, f0, f1 in watcher.kept:
            out.append(Position(f0, first, k, moment))
            out.append(Position(f1, 1.0 - first, k, moment))
        if progress:
            progress(k + 1, len(out))
    return out


# the fitted parameters: the LINEAR weights, life_over, then the life table's increments from 0 to 1, 1 to 2, ...
def design(f: dict, threat: float) -> list[float]:
    """The row of the regression for features `f`: score(f, w) = SCALE_LOGIT * (row . params(w))."""
    life = [a + threat * b for a, b in zip(f["life"], f["hit"])]
    suffix, acc = [], 0.0  # increment j counts for every life j or more: sum(life[j:])
    for v in reversed(life[1:]):
        acc += v
        suffix.append(acc)
    return [*(float(f[k]) for k in LINEAR), f["life_over"] + threat * f["hit_over"], *reversed(suffix)]


def params(w: dict) -> list[float]:
    table = w["life"]
    return [*(w[k] / SCALE_LOGIT for k in LINEAR), w["life_over"] / SCALE_LOGIT,
            *((table[j] - table[j - 1]) / SCALE_LOGIT for j in range(1, len(table)))]


def weights(beta: list[float], threat: float, base: dict = WEIGHTS) -> dict:
    """Evaluate's WEIGHTS from fitted parameters (the feature-shape entries are `base`'s)."""
    w = dict(base)
    for k, b in zip(LINEAR, beta):
        w[k] = _round(b * SCALE_LOGIT)
    n = len(LINEAR)
    w["life_over"] = _round(beta[n] * SCALE_LOGIT)
    table, acc = [0.0], 0.0
    for d in beta[n + 1:]:
        acc += d * SCALE_LOGIT
        table.append(round(acc, 1))
    w["life"] = tuple(table)
    w["threat"] = threat
    return w


def _round(x: float) -> float:
    return float(f"{x:.4g}")


def _sigmoid(z: float) -> float:
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    e = math.exp(z)
    return e / (1.0 + e)


def log_loss(logits, results) -> float:
    total = 0.0
    for z, y in zip(logits, results):
        # -(y log p + (1 - y) log(1 - p)) with log p = -log(1 + e^-z), stable for large |z|
        total += y * _softplus(-z) + (1 - y) * _softplus(z)
    return total / max(len(results), 1)


def _softplus(z: float) -> float:
    return z + math.log1p(math.exp(-z)) if z > 0 else math.log1p(math.exp(z))


def accuracy(logits, results) -> float:
    """The share of decided games whose winner the sign of the logit names (draws left out)."""
    decided = [(z, y) for z, y in zip(logits, results) if y != 0.5]
    return sum(1 for z, y in decided if (z > 0) == (y > 0.5)) / len(decided) if decided else 0.0


def fit_rows(rows: list[list[float]], results: list[float], prior: list[float], nonneg: set,
             l2: float = L2, fixed: frozenset = frozenset()) -> tuple[list[float], float]:
    """Logistic regression by projected Newton: the parameters minimising the mean log-loss plus
    l2/2 * sum(var_k * (beta_k - prior_k)^2) (a never-varying column keeps its prior), with beta_k >= 0 for k in
    `nonneg` and beta_k = prior_k for k in `fixed`. Returns (beta, the penalised training loss)."""
    m, n = len(prior), len(rows)
    means = [sum(r[k] for r in rows) / n for k in range(m)]
    pen = [l2 * (sum((r[k] - means[k]) ** 2 for r in rows) / n or 1.0) for k in range(m)]
    beta = [max(b, 0.0) if k in nonneg else b for k, b in enumerate(prior)]

    def loss(b):
        return (log_loss((_dot(r, b) for r in rows), results)
                + 0.5 * sum(p * (x - x0) ** 2 for p, x, x0 in zip(pen, b, prior)))

    current = loss(beta)
    for _ in range(NEWTON_STEPS):
        grad = [p * (x - x0) for p, x, x0 in zip(pen, beta, prior)]
        hess = [[0.0] * m for _ in range(m)]
        for r, y in zip(rows, results):
            p = _sigmoid(_dot(r, beta))
            g, h = (p - y) / n, p * (1 - p) / n
            nz = [(k, v) for k, v in enumerate(r) if v]
            for k, v in nz:
                grad[k] += g * v
                hk = hess[k]
                for j, u in nz:
                    hk[j] += h * v * u
        for k in range(m):
            hess[k][k] += pen[k]
        # at the bound and pushed past it: held there this step
        free = [k for k in range(m) if k not in fixed and not (k in nonneg and beta[k] <= 0.0 and grad[k] > 0)]
        step = _solve([[hess[i][j] for j in free] for i in free], [-grad[i] for i in free])
        t = 1.0
        while t > 1e-4:
            trial = list(beta)
            for i, s in zip(free, step):
                trial[i] += t * s
                if i in nonneg:
                    trial[i] = max(trial[i], 0.0)
            new = loss(trial)
            if new <= current:
                break
            t /= 2
        else:
            break
        done = current - new < 1e-10
        beta, current = trial, new
        if done:
            break
    return beta, current


def _dot(a, b) -> float:
    return sum(x * y for x, y in zip(a, b))


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """a x = b by Gaussian elimination with partial pivoting (a is symmetric positive definite here)."""
    n = len(b)
    m = [row[:] + [v] for row, v in zip(a, b)]
    for c in range(n):
        piv = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[piv] = m[piv], m[c]
        if abs(m[c][c]) < 1e-300:
            continue
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            if f:
                for k in range(c, n + 1):
                    m[r][k] -= f * m[c][k]
    x = [0.0] * n
    for c in reversed(range(n)):
        if abs(m[c][c]) >= 1e-300:
            x[c] = (m[c][n] - sum(m[c][k] * x[k] for k in range(c + 1, n))) / m[c][c]
    return x


@dataclass
class Fit:
    weights: dict
    threat: float
    train_loss: float
    report: dict  # held-out figures


def fit(positions: list[Position], base: dict = WEIGHTS, threats=THREATS, l2: float = L2, keep=()) -> Fit:
    """The weights that best predict the results of the training games; the held-out games measure them.
    `keep`: weights held at `base`'s values ("life": the table and life_over; "threat"; any LINEAR name)."""
    train = [p for p in positions if p.game // 2 % HELD_OUT != HELD_OUT - 1]
    test = [p for p in positions if p.game // 2 % HELD_OUT == HELD_OUT - 1] or train
    if not train:
        raise ValueError("no positions to fit the weights on (the games ended before a main step?)")
    n_life = len(base["life"])
    nonneg = set(range(len(LINEAR) + 1, len(LINEAR) + n_life))
    fixed = frozenset([LINEAR.index(k) for k in keep if k in LINEAR]
                      + ([len(LINEAR), *nonneg] if "life" in keep else []))
    if "threat" in keep:
        threats = (base["threat"],)
    y = [p.result for p in train]
    prior = params(base)
    best = None
    for threat in threats:
        beta, loss = fit_rows([design(p.features, threat) for p in train], y, prior, nonneg, l2, fixed)
        if best is None or loss < best[1]:
            best = (beta, loss, threat)
    beta, loss, threat = best
    w = weights(beta, threat, base)
    ys = [p.result for p in test]
    report = {"positions": len(positions), "train": len(train), "held_out": len(test) if test is not train else 0}
    for name, ws in (("hand", base), ("fitted", w)):
        z = [score(p.features, ws) / SCALE_LOGIT for p in test]
        report[name] = {"log_loss": round(log_loss(z, ys), 4), "accuracy": round(accuracy(z, ys), 4)}
    return Fit(w, threat, loss, report)  # (fewer than HELD_OUT pairs: the figures are the training games)


def to_json(f: Fit, games: int, seed: int) -> dict:
    return {"games": games, "seed": seed, "threat": f.threat, "held_out": f.report,
            "weights": {k: (list(v) if isinstance(v, tuple) else v) for k, v in f.weights.items()}}


__all__ = ["Position", "self_play", "fit", "fit_rows", "design", "params", "weights", "to_json", "SCALE_LOGIT"]
