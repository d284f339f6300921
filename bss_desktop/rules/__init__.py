"""Rules modules: one per game, named by its profile's `rules:` (profiles/*.yaml).

A rules module is a folder here whose package exports `GAME`, a subclass of engine.game.Game: the one door
(`apply`, `pending`, `legal_commands`, views, `clone`, records, positions, hashes) stays the engine's; the module
owns setup, steps, the actions each step allows, costs, battles, effect timing, gameplay management and the end of
the game, and cites its own document's rule numbers. A profile whose `rules:` is null is played by hand (the
sandbox) on Battle Spirits Saga's module, whose table and manual moves it shares.
"""
from __future__ import annotations

import importlib

MODULES = ("bss", "standard", "bos")  # the rules modules there are (a profile's `rules:` names one of them, or is null)
SANDBOX = "bss"  # the module a profile without rules is played on, by hand

_classes: dict = {}


def game_class(profile):
    """The Game subclass that plays `profile`'s game."""
    name = profile.rules or SANDBOX
    cls = _classes.get(name)
    if cls is None:
        if name not in MODULES:
            raise ValueError(f"profile {profile.id!r}: no rules module named {name!r} (there are: {', '.join(MODULES)})")
        cls = _classes[name] = importlib.import_module(f"{__name__}.{name}").GAME
    return cls

