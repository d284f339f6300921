"""Errors the engine raises."""
from __future__ import annotations


class IllegalCommand(Exception):
    """A command the rules do not allow here. The state is left unchanged.

    `rule` is the rule of the game's own document that forbids it (its rules module's words),
    so the client can tell the player why a gesture was refused.
    """

    def __init__(self, rule: str, message: str):
        super().__init__(f"{message} ({rule})")
        self.rule = rule
        self.message = message


class NeedsConsent(IllegalCommand):
    """A manual move on the other seat's public things that its game's profile does not let a seat make unasked
    (design ruling 12, engine/reach.py): refused as it stands; over the LAN it becomes a request that `owner`
    accepts (and then makes the move) or refuses."""

    def __init__(self, rule: str, message: str, owner: int):
        super().__init__(rule, message)
        self.owner = owner


class PositionError(ValueError):
    """A malformed position; `field` is the path of the offending field ("players[0].field[2].cores")."""

    def __init__(self, field: str, message: str, source: str | None = None):
        where = f"{source}: " if source else ""
        super().__init__(f"{where}field '{field}': {message}" if field else f"{where}{message}")
        self.field = field
        self.message = message
        self.source = source


class RecordError(ValueError):
    """A malformed or inconsistent game record."""
