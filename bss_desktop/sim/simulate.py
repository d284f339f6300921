"""Play many seeded random games and check the engine's invariants after every command."""
from __future__ import annotations

import time
from dataclasses import dataclass, field

from ..engine import invariants
from ..engine.errors import IllegalCommand
from ..engine.game import Game
from ..engine.record import replay, to_record
from ..engine.rng import seed_from
from .policy import RandomPolicy

MAX_COMMANDS = 20_000  # a game this long is stuck, which is itself a violation
REPLAY_EVERY = 50  # every Nth game is also replayed from its record and its hashes compared


@dataclass
class Violation:
    game: int
    seed: int
    command: int  # index of the command after which it was found (0 = after setup)
    message: str

    def __str__(self) -> str:
        return f"game {self.game} (seed {self.seed}), after command {self.command}: {self.message}"


@dataclass
class Summary:
    games: int = 0
    wins: list = field(default_factory=lambda: [0, 0])  # by seat
    deck_wins: dict = field(default_factory=dict)
    draws: int = 0
    turns: int = 0
    commands: int = 0
    seconds: float = 0.0
    violations: list = field(default_factory=list)

    @property
    def mean_turns(self) -> float:
        return self.turns / self.games if self.games else 0.0

    @property
    def commands_per_second(self) -> float:
        return self.commands / self.seconds if self.seconds else 0.0

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0

    def to_dict(self) -> dict:
        return {"games": self.games, "wins": self.wins, "deck_wins": self.deck_wins, "draws": self.draws,
                "mean_turns": round(self.mean_turns, 2), "commands": self.commands,
                "commands_per_second": round(self.commands_per_second, 1),
                "games_per_second": round(self.games_per_second, 2),
                "violations": [str(v) for v in self.violations]}

    def line(self) -> str:
        return (f"{self.games} games: player 1 won {self.wins[0]}, player 2 won {self.wins[1]}, {self.draws} draws; "
                f"mean {self.mean_turns:.1f} turns; {self.commands} commands; "
                f"{self.commands_per_second:.0f} commands/s; {self.games_per_second:.1f} games/s; "
                f"{len(self.violations)} violations")


def make_policy(name: str, seat: int, seed: int):
    """The player for a seat: "random" (the seeded random-legal player) or a computer level (bss_desktop/ai)."""
    if name == "random":
        return RandomPolicy(seed)
    from ..ai import make_player

    return make_player(name, seat, seed)


def play_one(db, decks, game_seed: int, *, check: bool, record_hashes: bool = False, deck_names=None,
             policies=("random", "random"), profile=None):
    """Play one game (each seat by its policy) of `profile`'s game (None: Battle Spirits Saga); returns (game,
    violation message or None, index of the failing command)."""
    game = Game.new(db, decks, game_seed, record_hashes=record_hashes, deck_names=deck_names, profile=profile)
    policies = [make_policy(policies[p], p, seed_from(game_seed, "seat", p)) for p in (0, 1)]
    if check:
        bad = invariants.check(game)
        if bad:
            return game, "; ".join(bad), 0
    n = 0
    st = game.state
    while st.result is None:  # (not game.over)
        cmd = policies[game.deciding_player()].choose(game)
        try:
            game.apply(cmd)
        except IllegalCommand as e:
            return game, f"the engine refused a command it listed as legal: {cmd} ({e})", n + 1
        n += 1
        if check:
            bad = invariants.check(game)
            if bad:
                return game, "; ".join(bad), n
        if n >= MAX_COMMANDS:
            return game, f"no result after {n} commands", n
    return game, None, n


def simulate(db, deck_pairs, games: int, seed: int, *, check: bool = True, stop_on_violation: bool = True,
             policies=("random", "random"), profile=None) -> Summary:
    """Play `games` games; game i uses deck_pairs[i % len(deck_pairs)] = ((name, ids), (name, ids)).
    `policies`: each seat's player ("random" or a computer level); `profile`: the game (None: Battle Spirits Saga;
    another game's needs a rules module, and `db` its cards: carddb.database.game_db). A record names its game, so
    the replay check needs nothing more."""
    s = Summary()
    t0 = time.perf_counter()
    for i in range(games):
        (name_a, deck_a), (name_b, deck_b) = deck_pairs[i % len(deck_pairs)]
        game_seed = seed_from(seed, i)
        verify = check and i % REPLAY_EVERY == 0
        game, problem, n = play_one(db, [deck_a, deck_b], game_seed, check=check, record_hashes=verify,
                                    deck_names=[name_a, name_b], policies=policies, profile=profile)
        if problem is None and verify:
            try:
                replay(to_record(game), db, verify=True)
            except Exception as e:  # noqa: BLE001 - any replay failure is a violation to report
                problem = f"replaying the record failed: {e}"
        s.games += 1
        s.commands += len(game.history)
        s.turns += game.state.turn
        if problem is not None:
            s.violations.append(Violation(i, game_seed, n, problem))
            if stop_on_violation:
                break
            continue
        winner = game.result.winner
        if winner is None:
            s.draws += 1
        else:
            s.wins[winner] += 1
            name = (name_a, name_b)[winner]
            s.deck_wins[name] = s.deck_wins.get(name, 0) + 1
    s.seconds = time.perf_counter() - t0
    return s
