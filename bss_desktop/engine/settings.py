"""Ruleset settings: the project's rulings that players may switch (design.md, "Rulings")."""
from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace


@dataclass(frozen=True, slots=True)
class Ruleset:
    # Design ruling 1: flash effects may not be used in Saga's main step (its rules list none there).
    flash_in_main: bool = False
    # The manual sandbox: either player may make any manual move at any time and nothing is enforced
    # (no gameplay management, no winner); for testing combos, teaching, and cards not automated.
    sandbox: bool = False
    # Hidden bursts (Saga's burst area is private): at every moment that could trigger a burst (the burst triggers the engine
    # knows: after your life is reduced, after your spirit is destroyed, after your opponent's summoning, after your
    # opponent's attack) the owner of a set burst is asked "activate?" whether or not its condition is met, so the
    # opponent cannot tell from the flow of the game. A burst whose condition is not met can only be answered "no".
    # On in every LAN game (`for_lan`); off in local games, where the program holds every secret anyway.
    ask_every_burst_moment: bool = False
    # Design ruling 12: each seat is played on its own machine (every LAN game, `for_lan`): a seat's manual moves never
    # reveal or move the other seat's hidden or face-down cards, and touch the other's public things only as the
    # profile's `opponent_moves` declares; anything else is a request its owner accepts (engine/reach.py). Off in
    # local games: a hot-seat sandbox is one person moving both seats' things.
    separate_seats: bool = False
    # Battle of Souls ruling 10 (docs/bos-rulings.md), the other reading: only the draw phase's draw from an empty
    # deck loses (BOS §Draw Phase); an effect's draw from it draws nothing. Off: any draw that cannot be made loses.
    bos_phase_draw_only: bool = False

    def to_dict(self) -> dict:
        d = asdict(self)
        for quiet in ("ask_every_burst_moment", "separate_seats", "bos_phase_draw_only"):
            if not d[quiet]:  # written only when on: files of games without it stay as they were
                del d[quiet]
        return d

    def for_lan(self) -> "Ruleset":
        """The settings a LAN game is played with: the players' choice plus what every LAN game implies."""
        return replace(self, ask_every_burst_moment=True, separate_seats=True)

    def chosen(self) -> "Ruleset":
        """What the players choose (and the LAN handshake compares): without what a LAN game implies."""
        return replace(self, ask_every_burst_moment=False, separate_seats=False)

    @classmethod
    def from_dict(cls, data: dict | None) -> "Ruleset":
        data = data or {}
        known = {f.name: f for f in fields(cls)}
        for key, value in data.items():
            if key not in known:
                raise ValueError(f"unknown ruleset setting {key!r}")
            if not isinstance(value, bool):
                raise ValueError(f"ruleset setting {key!r} must be true or false, got {value!r}")
        return cls(**data)
