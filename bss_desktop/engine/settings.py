"""Ruleset settings: the project's rulings that players may switch (design.md, "Rulings")."""
from __future__ import annotations

from dataclasses import asdict, dataclass, fields


@dataclass(frozen=True, slots=True)
class Ruleset:
    # Ruling 1: flash effects may not be used in the main step; CR 6-6 lists none.
    flash_in_main: bool = False
    # The manual sandbox: either player may make any manual move at any time and nothing is enforced
    # (no gameplay management, no winner); for testing combos, teaching, and cards not automated.
    sandbox: bool = False

    def to_dict(self) -> dict:
        return asdict(self)

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
