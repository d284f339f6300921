"""Engine benchmark: complete random games per second, decisions per second and Game.clone() per second on one core.

Prints the median of several runs (after two warm-up games), and reference figures measured in the same
runs on the same machine: copies per second of a mid-game state with
copy.deepcopy, and legal-command enumerations per second. Compare the games
and clone figures with those, not with another machine's numbers.

`bss-desktop bench engine --game standard` measures another game with a rules module the same way, on its
shipped decks (the targets are Battle Spirits Saga's).
"""
from __future__ import annotations

import copy
import json
import statistics
import time

from ..engine.rng import seed_from
from ..sim.policy import RandomPolicy
from ..sim.simulate import play_one

TARGET_GAMES_PER_SECOND = 100  # vanilla decks
TARGET_EFFECT_GAMES_PER_SECOND = 400  # decks with effects
TARGET_CLONES_PER_SECOND = 10_000  # a search copies its position for every line it tries (ai/)


def _mid_game(db, decks, profile=None):
    """A game advanced to the attack step of its fifth turn (a typical busy moment)."""
    from ..engine.game import Game

    game = Game.new(db, decks, seed_from("bench", "mid"), record_hashes=False, profile=profile)
    policies = [RandomPolicy(1), RandomPolicy(2)]
    while not game.over and game.state.turn < 5:
        game.apply(policies[game.pending.player].choose(game))
    return game


def _rate(fn, seconds: float = 0.3) -> float:
    n = 0
    t0 = time.perf_counter()
    while True:
        fn()
        n += 1
        elapsed = time.perf_counter() - t0
        if elapsed >= seconds:
            return n / elapsed


def run_once(db, pairs, games: int, run: int, profile=None) -> dict:
    commands = 0
    t0 = time.perf_counter()
    for i in range(games):
        (_, a), (_, b) = pairs[i % len(pairs)]
        game, problem, _ = play_one(db, [a, b], seed_from("bench", run, i), check=False, profile=profile)
        if problem:
            raise RuntimeError(problem)
        commands += len(game.history)
    elapsed = time.perf_counter() - t0
    mid = _mid_game(db, [pairs[0][0][1], pairs[0][1][1]], profile)
    return {
        "games_per_second": games / elapsed,
        "decisions_per_second": commands / elapsed,
        "commands_per_game": commands / games,
        "deepcopy_per_second": _rate(lambda: copy.deepcopy(mid.state)),
        "clone_per_second": _rate(mid.clone),
        "legal_commands_per_second": _rate(mid.legal_commands),
    }


def _suites(db, decks: str | None, profile=None) -> dict:
    """Deck pairings to measure: the named pair, or vanilla decks and decks with effects separately."""
    from ..command_line import load_deck_pairs

    if decks:
        return {decks: load_deck_pairs(db, decks, profile)}
    pairs = load_deck_pairs(db, None, profile)
    vanilla = [(a, b) for a, b in pairs if _vanilla(db, a[1]) and _vanilla(db, b[1])]
    effects = [(a, b) for a, b in pairs if not _vanilla(db, a[1]) and not _vanilla(db, b[1])]
    return {name: ps for name, ps in (("vanilla decks", vanilla), ("decks with effects", effects)) if ps}


def _vanilla(db, cards) -> bool:
    return not any(db[c].effects or db[c].keywords for c in cards)


def main(*, games: int = 200, runs: int = 5, decks: str | None = None, as_json: bool = False, profile=None) -> int:
    """`profile`: the game measured (None: Battle Spirits Saga, on the player's cards)."""
    from ..command_line import game_cards

    db = game_cards(profile)  # Saga: the player's cards (--decks may name their imported cards' decks)
    report = {}
    for name, pairs in _suites(db, decks, profile).items():
        for (_, a), (_, b) in pairs[:2]:  # warm-up games, not counted: the first loads the profile, fills caches
            play_one(db, [a, b], seed_from("bench", "warm-up"), check=False, profile=profile)
        results = [run_once(db, pairs, games, r, profile) for r in range(runs)]
        report[name] = (results, {k: statistics.median(r[k] for r in results) for k in results[0]})
    game = {} if profile is None else {"game": profile.id}
    if as_json:
        print(json.dumps({**game, "runs": runs, "games_per_run": games,
                          "suites": {n: {"median": m, "all": r} for n, (r, m) in report.items()}}))
        return 0
    of = "" if profile is None else f" of {profile.name}"
    print(f"engine benchmark{of}: {runs} runs x {games} random games per suite, one core (median of runs)")
    for name, (results, med) in report.items():
        each = ", ".join(f"{r['games_per_second']:.1f}" for r in results)
        print(f"{name}:")
        print(f"  complete games:   {med['games_per_second']:.1f} games/s   (target >= {TARGET_GAMES_PER_SECOND} "
              f"with vanilla decks, >= {TARGET_EFFECT_GAMES_PER_SECOND} with effects; runs: {each})")
        print(f"  decisions:        {med['decisions_per_second']:.0f} decisions/s "
              f"({med['commands_per_game']:.0f} per game)")
        print(f"  clone:            {med['clone_per_second']:.0f} clones/s   (target >= {TARGET_CLONES_PER_SECOND}; "
              f"reference, same runs: copy.deepcopy(mid-game state) {med['deepcopy_per_second']:.0f}/s)")
        print(f"  reference, same runs: legal_commands() {med['legal_commands_per_second']:.0f}/s")
        print(f"  one complete game costs as much as {med['deepcopy_per_second'] / med['games_per_second']:.1f} "
              f"deep copies of the state")
    return 0
