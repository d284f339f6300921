"""The arena: two computer levels play each other, and the first one's strength is a win rate with a confidence
interval (`bss-desktop arena`).

Games come in pairs (fishtest's game pairs): the same deck pair and the same seed, so the same shuffles and the
same first player, with the levels in swapped seats. Luck of the deal then cancels out within a pair and what
remains is play. A draw counts half. The interval is Wilson's score interval at 95 %.

Think time is measured for every decision of level A with more than one legal command. A command the engine
refuses counts as illegal (the game goes on with the first legal command, and the run reports it).
"""
from __future__ import annotations

import math
import statistics
import time
from dataclasses import dataclass, field
from itertools import combinations

from ..engine.errors import IllegalCommand
from ..engine.game import Game
from ..engine.rng import seed_from
from . import make_player

MAX_COMMANDS = 3000  # a game still going after this many commands is scored a draw
Z95 = 1.959964


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's 95 % score interval for a proportion wins/n."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class GameOutcome:
    score: float  # for A: 1 win, 0.5 draw, 0 loss
    think: list  # A's think times (s), decisions with more than one option
    think_b: list
    illegal: int
    commands: int
    turns: int
    a_seat: int
    decks: tuple
    reason: str


def play_game(db, decks, seed: int, level_a: str, level_b: str, a_seat: int, player_options=None,
              game_id: str | None = None, watch=None) -> GameOutcome:
    """One game: level A in `a_seat`, level B in the other; `game_id`: the profile id of the game played (None:
    Battle Spirits Saga; `db` is that game's cards); `watch(game)`, if given, sees the game after every command
    (tune.py records positions with it)."""
    profile = None
    if game_id is not None:
        from ..table.profiles import get_profile, with_rules

        profile = with_rules(get_profile(game_id))  # (its rules mode: RULES_APART)
    game = Game.new(db, [decks[0][1], decks[1][1]], seed, record_hashes=False, validate_decks=False,
                    deck_names=[decks[0][0], decks[1][0]], profile=profile)
    opts = player_options or {}
    levels = {a_seat: level_a, 1 - a_seat: level_b}
    players = {s: make_player(levels[s], s, seed_from(seed, "player", s), **opts.get(levels[s], {})) for s in (0, 1)}
    think = {0: [], 1: []}
    illegal = 0
    n = 0
    while not game.over and n < MAX_COMMANDS:
        seat = game.pending.player
        many = len(game.legal_commands()) > 1
        t0 = time.perf_counter()
        cmd = players[seat].choose(game)
        dt = time.perf_counter() - t0
        if many:
            think[seat].append(dt)
        try:
            game.apply(cmd)
        except IllegalCommand:
            illegal += 1
            game.apply(game.legal_commands()[0])
        n += 1
        if watch is not None:
            watch(game)
    r = game.result
    if r is None:
        score, reason = 0.5, f"no result after {n} commands"
    elif r.winner is None:
        score, reason = 0.5, r.reason
    else:
        score, reason = (1.0 if r.winner == a_seat else 0.0), r.reason
    return GameOutcome(score, think[a_seat], think[1 - a_seat], illegal, n, game.state.turn, a_seat,
                       (decks[0][0], decks[1][0]), reason)


def _pair(task):
    db, decks, seed, level_a, level_b, options, game_id = task
    return [play_game(db, decks, seed, level_a, level_b, a_seat, options, game_id) for a_seat in (0, 1)]


_DB = None


def _pair_in_worker(task):
    return _pair((_DB, *task))


def _init_worker(db):
    global _DB
    _DB = db


@dataclass
class ArenaResult:
    level_a: str
    level_b: str
    outcomes: list = field(default_factory=list)
    seconds: float = 0.0

    @property
    def games(self) -> int:
        return len(self.outcomes)

    @property
    def score(self) -> float:
        return sum(o.score for o in self.outcomes)

    @property
    def rate(self) -> float:
        return self.score / self.games if self.games else 0.0

    def think(self, b: bool = False) -> list:
        return [t for o in self.outcomes for t in (o.think_b if b else o.think)]

    def to_dict(self) -> dict:
        lo, hi = wilson(self.score, self.games)
        times = self.think()
        times_b = self.think(b=True)
        return {
            "a": self.level_a, "b": self.level_b, "games": self.games,
            "wins": sum(1 for o in self.outcomes if o.score == 1.0),
            "draws": sum(1 for o in self.outcomes if o.score == 0.5),
            "losses": sum(1 for o in self.outcomes if o.score == 0.0),
            "win_rate": round(self.rate, 4), "ci95": [round(lo, 4), round(hi, 4)],
            "think_median_s": round(_median(times), 4), "think_p95_s": round(_p95(times), 4),
            "think_decisions": len(times),
            "b_think_median_s": round(_median(times_b), 4), "b_think_p95_s": round(_p95(times_b), 4),
            "illegal": sum(o.illegal for o in self.outcomes),
            "mean_turns": round(statistics.fmean(o.turns for o in self.outcomes), 2) if self.outcomes else 0,
            "seconds": round(self.seconds, 1),
            "by_deck": self.by_deck(),
        }

    def by_deck(self) -> dict:
        out: dict = {}
        for o in self.outcomes:
            name = o.decks[o.a_seat]
            s = out.setdefault(name, [0.0, 0])
            s[0] += o.score
            s[1] += 1
        return {k: f"{v[0]:g}/{v[1]}" for k, v in sorted(out.items())}

    def line(self) -> str:
        d = self.to_dict()
        lo, hi = d["ci95"]
        return (f"{self.level_a} win rate {d['win_rate']:.3f} (95% CI {lo:.3f}–{hi:.3f}) over {self.games} games; "
                f"think median {d['think_median_s']:.3f} s, p95 {d['think_p95_s']:.3f} s; illegal {d['illegal']}")


def _median(xs) -> float:
    return statistics.median(xs) if xs else 0.0


def _p95(xs) -> float:
    if not xs:
        return 0.0
    s = sorted(xs)
    return s[min(len(s) - 1, math.ceil(0.95 * len(s)) - 1)]


def deck_pairs(decks: list) -> list:
    """Every pair of different decks, then each deck against itself: the order pairs are played in."""
    return list(combinations(decks, 2)) + [(d, d) for d in decks]


def arena(db, level_a: str, level_b: str, games: int, seed: int, pairs: list, *, jobs: int = 1,
          options: dict | None = None, progress=None, profile=None) -> ArenaResult:
    """Play `games` games (rounded up to pairs) of level A against level B over `pairs` of (name, cards) decks, of
    `profile`'s game (None: Battle Spirits Saga; `db` is that game's cards)."""
    n_pairs = (games + 1) // 2
    game_id = None if profile is None or profile.id == "bss" else profile.id  # (a name travels to worker processes)
    tasks = [(pairs[k % len(pairs)], seed_from(seed, "arena", k), level_a, level_b, options or {}, game_id)
             for k in range(n_pairs)]
    result = ArenaResult(level_a, level_b)
    t0 = time.perf_counter()
    if jobs <= 1:
        results = (_pair((db, *t)) for t in tasks)
    else:
        import multiprocessing as mp

        ctx = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else mp.get_context()
        pool = ctx.Pool(jobs, initializer=_init_worker, initargs=(db,))
        results = pool.imap(_pair_in_worker, tasks)
    try:
        for pair in results:
            result.outcomes.extend(pair)
            if progress:
                progress(result)
    finally:
        if jobs > 1:
            pool.close()
            pool.join()
    result.outcomes = result.outcomes[:games]
    result.seconds = time.perf_counter() - t0
    return result
