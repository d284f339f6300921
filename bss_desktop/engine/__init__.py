"""The Battle Spirits Saga rules engine: pure Python, no Qt.

    game = Game.new(db, [deck_a, deck_b], seed=1)
    while not game.over:
        pending = game.pending              # who decides what
        options = game.legal_commands()     # what they may do
        events = game.apply(options[0])     # do it (or raise IllegalCommand, changing nothing)
"""
from .commands import (Activate, Attack, Awaken, Block, Choose, Command, Concede, CoreMove, EndAttack, EndMain,
                       ManualCores, ManualExhaust, ManualMove, ManualNote, ManualRandom, ManualReveal, ManualShuffle,
                       ManualToken, MoveCores, Mulligan, Pass, PlaceNexus, SetBurst, Summon, UseMagic,
                       command_from_dict)
from .errors import IllegalCommand, PositionError, RecordError
from .events import Event
from .game import Game, Pending
from .settings import Ruleset

__all__ = [
    "Activate", "Attack", "Awaken", "Block", "Choose", "Command", "Concede", "CoreMove", "EndAttack", "EndMain",
    "Event", "Game", "IllegalCommand", "ManualCores", "ManualExhaust", "ManualMove", "ManualNote", "ManualRandom",
    "ManualReveal", "ManualShuffle", "ManualToken", "MoveCores", "Mulligan", "Pass", "Pending", "PlaceNexus",
    "PositionError", "RecordError", "Ruleset", "SetBurst", "Summon", "UseMagic", "command_from_dict",
]
