"""Easy: the simulator's random player, minus the blunder a beginner never makes.

It picks at random among the legal commands (sim/policy.py weights kinds of command so games look like games),
but never one that destroys one of its own spirits or nexuses by its own doing, moving their cores away or paying
with them (CR 9-3-2, 10-1-1-1), while another choice exists. Whether a command does that is found by playing it
in a sampled world (knowledge.py), so Easy peeks no more than the other levels.
"""
from __future__ import annotations

from ..engine.errors import IllegalCommand
from ..engine.rng import Rng, seed_from
from ..sim.policy import RandomPolicy
from .knowledge import Memory, sample_world


class _Options:
    """A stand-in game for RandomPolicy: only these commands are legal."""

    def __init__(self, options):
        self._options = options

    def legal_commands(self):
        return list(self._options)


def self_destroys(world, cmd, seat: int) -> bool:
    """Whether playing `cmd` in `world` (a copy it may change) removes one of `seat`'s own field cards by `seat`'s
    own action: moving or paying away the cores that kept it at LV1 (CR 10-1-1-1)."""
    before = set(world.state.players[seat].field)
    try:
        world.apply(cmd)
    except IllegalCommand:
        return True
    return lost_by_own_hand(world, before)


def lost_by_own_hand(world, before) -> bool:
    """Whether one of the cards `before` (one player's field) has left the field by self-destruction."""
    cards = world.state.cards
    return any(cards[i].zone != "field" and cards[i].removal is not None and cards[i].removal.self_destruction
               for i in before)


class EasyPlayer:
    level = "easy"

    def __init__(self, seat: int, seed: int = 1):
        self.seat = seat
        self.rng = Rng(seed_from("easy", seat, seed))
        self.random = RandomPolicy(seed_from("easy-pick", seat, seed))
        self.memory = Memory(seat)

    def choose(self, game):
        options = game.legal_commands()
        if len(options) == 1:
            return options[0]
        self.memory.observe(game)
        world = None
        while len(options) > 1:
            cmd = self.random.choose(_Options(options))
            if not _touches_cores(cmd):
                return cmd
            world = sample_world(game, self.seat, self.memory, self.rng) if world is None else world
            if not self_destroys(world.clone(), cmd, self.seat):
                return cmd
            options.remove(cmd)
        return options[0]


def _touches_cores(cmd) -> bool:
    """Commands that move or pay cores (the only way a player destroys their own cards by their own doing)."""
    return cmd.kind in ("move_cores", "summon", "place_nexus", "use_magic", "activate", "awaken", "choose")
