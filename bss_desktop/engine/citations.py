"""The rules the shared core cites, by topic: each game words them with its own document's numbers.

The shared core (this package: the door, the manual moves, positions, views) names no game's rule numbers. Where it
refuses a command or a position it names a *topic* of TOPICS, and the game says which of its rules that is: its rules
module's class (`CITES`, rules/<name>/cites.py) and, over that, its profile's `cites:` (a game played without a rules
module words its own there; profiles/eternal.yaml, profiles/bos.yaml). A game without a rules module that is not a
Battle Spirits game (Battle of Souls) falls back to "<short> rules", never to a Saga CR number. `Game.cites` is the
merged table; `cites_for(profile)` the same for code that has no game at hand (positions).
"""
from __future__ import annotations

from ..table.topics import TOPICS  # (the topics, kept with the profiles that word them)

__all__ = ["TOPICS", "cites_for", "merged"]

_cache: dict = {}  # (rules class, profile) -> merged table


def merged(cls, profile) -> dict:
    """Topic -> citation for games of `cls` (a rules module's class) on `profile`: the profile's words over the module's."""
    key = (cls, profile)
    hit = _cache.get(key)
    if hit is None:
        if len(_cache) >= 64:  # (profiles are few; a reread one is a new object)
            _cache.clear()
        own = getattr(profile, "cites", None) or {}
        hit = _cache[key] = {**_base(cls, profile), **own}
    return hit


def _base(cls, profile) -> dict:
    """What a topic the profile does not word cites: its rules module's number; for a game played without one that
    is not a Battle Spirits game (neither Saga nor a profile that extends it, as Battle of Souls), not a Saga CR
    number but the game's own rules, by name ("B.O.S. rules")."""
    if getattr(profile, "rules", "bss") is None and getattr(profile, "id", "bss") != "bss" \
            and "bss" not in (getattr(profile, "extends", None) or ()):
        return {topic: f"{profile.short} rules" for topic in TOPICS}
    return cls.CITES


def cites_for(profile) -> dict:
    """The citations of `profile`'s game, for code with no game at hand."""
    from ..rules import game_class

    return merged(game_class(profile), profile)
