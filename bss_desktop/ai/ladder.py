"""The ladder: every pair of computer levels plays an arena match, and one Elo table says how strong each level is
(`bss-desktop arena --ladder`).

Each pair plays `arena.arena` (seat-swapped game pairs, the same decks and seed for every pair, so every level
meets the same deals). The ratings are fitted by maximum likelihood on all the games at once (Bradley–Terry on the
Elo scale: P(i beats j) = 1 / (1 + 10^((Rj - Ri) / 400)), a draw half a point). One virtual draw between every
two levels keeps a 100 % result finite and the fit defined when a pair has not played. One level, the anchor, is
fixed (default easy = 1000); the others are rated against it.

The 95 % interval is from the Fisher information (the inverse of the log-likelihood's curvature at the fit, with
the anchor held fixed): rating ± 1.96 standard errors. It counts each game as independent and a draw as a coin
toss, so it leans wide rather than narrow: a game pair, whose two games share a deal, usually varies less than two
independent games (the luck of the deal cancels), and a draw less than a toss. A level
that won or lost every game gets a wide interval, as it should: it says how far apart two levels are at least,
not how far. Each rating's interval carries the uncertainty of its gap to the anchor; the table also gives each
level's gap to the next one down with that gap's own interval (from the covariance), which is the one to read when
asking whether one level beats another.
"""
from __future__ import annotations

import math
import statistics
import time
from dataclasses import dataclass, field
from itertools import combinations

from . import OPPONENTS
from .arena import Z95, arena

ANCHOR = "easy"
ANCHOR_ELO = 1000.0
VIRTUAL_DRAWS = 1.0  # per pair of levels: the prior that keeps a clean sweep finite
C = math.log(10) / 400  # Elo points to natural log-odds


def parse_levels(text: str | None) -> tuple[str, ...]:
    """`--levels easy,normal`: the levels, in order; ValueError (naming the option) if unusable."""
    if text is None:
        return OPPONENTS
    names = [n.strip() for n in text.split(",")]
    if any(not n for n in names):
        raise ValueError("--levels: an empty name; give levels separated by commas, e.g. easy,normal")
    for n in names:
        if n not in OPPONENTS:
            raise ValueError(f"--levels: unknown level {n[:40]!r}; the levels are {', '.join(OPPONENTS)}")
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise ValueError(f"--levels: {', '.join(twice)} named twice")
    if len(names) < 2:
        raise ValueError(f"--levels {names[0]}: a ladder needs at least two levels")
    return tuple(names)


def pick_anchor(levels, anchor: str | None) -> str:
    """The level held at ANCHOR_ELO: `anchor`, else easy if it plays, else the first level."""
    if anchor is None:
        return ANCHOR if ANCHOR in levels else levels[0]
    if anchor not in levels:
        raise ValueError(f"--anchor {anchor[:40]!r}: not among the levels played ({', '.join(levels)})")
    return anchor


# ------------------------------------------------------------------------------------------------ the fit

def _p(d: float) -> float:
    """P(win) for an Elo difference d, without overflow."""
    x = C * d
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    e = math.exp(x)
    return e / (1.0 + e)


def _solve(m: list, v: list) -> list:
    """m⁻¹ v by Gauss–Jordan with partial pivoting (m is small and, here, positive definite)."""
    n = len(v)
    a = [list(row) + [v[i]] for i, row in enumerate(m)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[piv] = a[piv], a[col]
        d = a[col][col]
        for r in range(n):
            if r != col and a[r][col]:
                f = a[r][col] / d
                a[r] = [x - f * y for x, y in zip(a[r], a[col])]
    return [a[i][n] / a[i][i] for i in range(n)]


@dataclass
class EloFit:
    elo: dict  # level -> rating
    cov: dict  # (level, level) -> covariance of the two ratings (0 with the anchor, which is fixed)

    def sd(self, level: str) -> float:
        return math.sqrt(max(self.cov[level, level], 0.0))

    def gap(self, a: str, b: str) -> tuple[float, float]:
        """How far a is above b, and the standard error of that (smaller than either rating's: the anchor's
        uncertainty they share cancels)."""
        var = self.cov[a, a] + self.cov[b, b] - 2 * self.cov[a, b]
        return self.elo[a] - self.elo[b], math.sqrt(max(var, 0.0))


def fit_elo(levels, results: dict, anchor: str, anchor_elo: float = ANCHOR_ELO,
            virtual_draws: float = VIRTUAL_DRAWS) -> EloFit:
    """Maximum-likelihood Elo ratings and their covariance (the inverse Fisher information).

    `results`: {(a, b): (a's points, games)}, draws as half points. Newton's method on the log-likelihood, which
    the virtual draws make strictly concave, halving a step that does not improve it."""
    if not virtual_draws > 0:
        raise ValueError("the fit needs a virtual draw per pair (a clean sweep would be infinitely far)")
    levels = list(levels)
    idx = {lv: k for k, lv in enumerate(levels)}
    n = len(levels)
    score = [[0.0] * n for _ in range(n)]  # score[i][j]: i's points against j
    games = [[0.0] * n for _ in range(n)]
    for i, j in combinations(range(n), 2):
        for a, b in ((i, j), (j, i)):
            score[a][b] += virtual_draws / 2
        games[i][j] = games[j][i] = virtual_draws
    for (a, b), (pts, g) in results.items():
        i, j = idx[a], idx[b]
        score[i][j] += pts
        score[j][i] += g - pts
        games[i][j] += g
        games[j][i] += g
    free = [k for k in range(n) if levels[k] != anchor]
    r = [0.0] * n

    def loglik(r):
        return sum(score[i][j] * math.log(max(_p(r[i] - r[j]), 1e-300))
                   for i in range(n) for j in range(n) if i != j and score[i][j])

    def information(r):  # minus the Hessian, over the free levels
        w = [[games[i][j] * _p(r[i] - r[j]) * (1 - _p(r[i] - r[j])) * C * C for j in range(n)] for i in range(n)]
        return [[sum(w[i][k] for k in range(n) if k != i) if i == j else -w[i][j] for j in free] for i in free]

    ll = loglik(r)
    for _ in range(200):
        grad = [C * sum(score[i][j] - games[i][j] * _p(r[i] - r[j]) for j in range(n) if j != i) for i in free]
        step = _solve(information(r), grad)
        t = 1.0
        while True:
            trial = list(r)
            for k, s in zip(free, step):
                trial[k] += t * s
            new = loglik(trial)
            if new >= ll - 1e-12 or t < 1e-6:
                break
            t /= 2
        r, ll = trial, new
        if max((abs(t * s) for s in step), default=0.0) < 1e-7:
            break
    info = information(r)
    inverse = [_solve(info, [1.0 if q == pos else 0.0 for q in range(len(free))]) for pos in range(len(free))]
    cov = {(a, b): 0.0 for a in levels for b in levels}
    for x, i in enumerate(free):
        for y, j in enumerate(free):
            cov[levels[i], levels[j]] = inverse[y][x]
    shift = anchor_elo - r[idx[anchor]]
    return EloFit({lv: r[idx[lv]] + shift for lv in levels}, cov)


# ------------------------------------------------------------------------------------------------ the run

@dataclass
class LadderResult:
    levels: tuple
    anchor: str
    matches: list = field(default_factory=list)  # arena.ArenaResult, one per pair of levels
    seconds: float = 0.0

    def fit(self) -> EloFit:
        results = {(m.level_a, m.level_b): (m.score, m.games) for m in self.matches}
        return fit_elo(self.levels, results, self.anchor)

    def ratings(self, fit: EloFit) -> list[dict]:
        """One row a level, strongest first: Elo, its 95 % interval, games, points, think-time median."""
        rows = []
        for lv in self.levels:
            elo, sd = fit.elo[lv], fit.sd(lv)
            pts = games = 0.0
            think = []
            for m in self.matches:
                if lv == m.level_a:
                    pts, games, think = pts + m.score, games + m.games, think + m.think()
                elif lv == m.level_b:
                    pts, games, think = pts + m.games - m.score, games + m.games, think + m.think(b=True)
            rows.append({"level": lv, "elo": round(elo, 1), "ci95": _ci(elo, sd), "anchor": lv == self.anchor,
                         "games": int(games), "score": pts,
                         "think_median_s": round(statistics.median(think), 6) if think else 0.0})
        return sorted(rows, key=lambda row: -row["elo"])

    def gaps(self, fit: EloFit, rows: list[dict]) -> list[dict]:
        """Each level against the next one down the table: how far above, with its own 95 % interval."""
        out = []
        for hi, lo in zip(rows, rows[1:]):
            gap, sd = fit.gap(hi["level"], lo["level"])
            out.append({"above": hi["level"], "below": lo["level"], "elo": round(gap, 1), "ci95": _ci(gap, sd)})
        return out

    def to_dict(self) -> dict:
        fit = self.fit()
        rows = self.ratings(fit)
        return {"anchor": self.anchor, "anchor_elo": ANCHOR_ELO, "ratings": rows, "gaps": self.gaps(fit, rows),
                "interval": "Fisher information, 95 %", "virtual_draws_per_pair": VIRTUAL_DRAWS,
                "pairs": [m.to_dict() for m in self.matches], "seconds": round(self.seconds, 1)}

    def lines(self) -> list[str]:
        d = self.to_dict()
        out = [f"{'level':10} {'Elo':>6}  {'95% interval':15} {'games':>5}  {'score':15} think median"]
        for row in d["ratings"]:
            lo, hi = row["ci95"]
            ci = "anchor" if row["anchor"] else f"{lo:.0f} to {hi:.0f}"
            g = row["games"]
            score = f"{row['score']:g}/{g} ({row['score'] / g:.3f})" if g else "-"
            out.append(f"{row['level']:10} {row['elo']:6.0f}  {ci:15} {g:5}  {score:15} "
                       f"{1000 * row['think_median_s']:.2f} ms")
        out.append("")
        for gap in d["gaps"]:
            lo, hi = gap["ci95"]
            out.append(f"{gap['above']} above {gap['below']}: {gap['elo']:.0f} Elo (95% interval {lo:.0f} to {hi:.0f})")
        for m, pair in zip(self.matches, d["pairs"]):
            lo, hi = pair["ci95"]
            out.append(f"{m.level_a} against {m.level_b}: {m.rate:.3f} (95% CI {lo:.3f}–{hi:.3f}) over {m.games} "
                       f"games ({pair['wins']} won, {pair['draws']} drawn, {pair['losses']} lost); "
                       f"illegal {pair['illegal']}")
        out.append(f"Elo by maximum likelihood over all {sum(m.games for m in self.matches)} games, {self.anchor} "
                   f"held at {ANCHOR_ELO:g}; intervals from the Fisher information; {self.seconds:.1f} s")
        return out


def _ci(x: float, sd: float) -> list[float]:
    return [round(x - Z95 * sd, 1), round(x + Z95 * sd, 1)]


def ladder(db, levels, games: int, seed: int, pairs: list, *, anchor: str | None = None, jobs: int = 1,
           progress=None, profile=None) -> LadderResult:
    """Every pair of `levels` plays `games` games (arena.arena, same `pairs` of decks and `seed`); `progress(match)`
    after each game pair."""
    result = LadderResult(tuple(levels), pick_anchor(levels, anchor))
    t0 = time.perf_counter()
    for a, b in combinations(levels, 2):
        result.matches.append(arena(db, a, b, games, seed, pairs, jobs=jobs, progress=progress, profile=profile))
    result.seconds = time.perf_counter() - t0
    return result
