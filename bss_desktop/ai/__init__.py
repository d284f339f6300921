"""The computer opponent: three levels, each deciding from what its seat may know.

    player = make_player("normal", seat=1, seed=7)
    cmd = player.choose(game)          # the command for game.pending (which must be seat 1's)

- easy    (easy.py)    random legal play that never destroys its own spirits when it need not;
- normal  (normal.py)  greedy: each option played out to the end of the turn and scored (evaluate.py);
- hard    (hard.py)    information-set Monte Carlo tree search over sampled hidden cards.

and one benchmark opponent, not offered on the start screen:

- sensible (sensible.py) a plain rule-based player (rules of thumb, no search), the bar Normal and Hard must clear.

None of them reads the hidden state: every search runs on a world sampled by `knowledge.sample_world`, which
keeps what the seat may see and re-deals everything else (tests/test_ai_never_peeks.py checks it:
test_shuffling_every_card_the_ai_cannot_see_*).
A player keeps what its seat has seen during the game, so use one player object per seat and game.
"""
from __future__ import annotations

LEVELS = ("easy", "normal", "hard")
LEVEL_NAMES = {"easy": "Easy", "normal": "Normal", "hard": "Hard"}
OPPONENTS = (*LEVELS, "sensible")  # what arena, simulate and a headless host accept


def make_player(level: str, seat: int, seed: int = 1, **options):
    """A computer player for `seat`. options: `think` (hard: seconds per decision)."""
    if level == "easy":
        from .easy import EasyPlayer
        return EasyPlayer(seat, seed)
    if level == "normal":
        from .normal import NormalPlayer
        return NormalPlayer(seat, seed, **options)
    if level == "hard":
        from .hard import HardPlayer
        return HardPlayer(seat, seed, **options)
    if level == "sensible":
        from .sensible import SensiblePlayer
        return SensiblePlayer(seat, seed)
    raise ValueError(f"unknown computer level {level!r}: one of {', '.join(OPPONENTS)}")


def hint(game, seat: int, seed: int = 1, **options):
    """What the Hard level would do in `seat`'s place now (the player's Hint key)."""
    return make_player("hard", seat, seed, **options).choose(game)


__all__ = ["LEVELS", "LEVEL_NAMES", "OPPONENTS", "make_player", "hint"]
