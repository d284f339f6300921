"""The computer opponent plays Battle Spirits Standard: every level decides from its seat's view through the
StandardGame's own door (legal_commands, clone), sampled worlds keep Standard's deck rules (3 copies, STD
6-1-1-2), and the removed-from-game area is public knowledge (STD 4-9-2)."""
from __future__ import annotations

import pytest

from bss_desktop.ai import LEVELS, make_player
from bss_desktop.ai.knowledge import Memory, sample_world
from bss_desktop.carddb.database import game_db
from bss_desktop.carddb.deck_formats import game_decks
from bss_desktop.engine.game import Game
from bss_desktop.engine.rng import Rng
from bss_desktop.rules.standard import StandardGame
from bss_desktop.table import get_profile

STD = get_profile("standard")
DB = game_db(STD)
DECKS = game_decks(DB, STD)
QUICK = {"hard": {"iterations": 30}}


def mid_game(turns: int = 4, seed: int = 2) -> Game:
    game = Game.new(DB, [DECKS["crimson-vanguard"].cards, DECKS["umbral-thicket"].cards], seed, profile=STD)
    players = [make_player("easy", p, 10 + p) for p in (0, 1)]
    while not game.over and game.state.turn < turns:
        game.apply(players[game.deciding_player()].choose(game))
    return game


@pytest.mark.parametrize("level", LEVELS)
def test_std_every_level_plays_legal_moves_of_standard_from_its_own_view(level):
    game = mid_game(3)
    assert isinstance(game, StandardGame) and not game.over
    seat = game.deciding_player()
    me = make_player(level, seat, 4, **QUICK.get(level, {}))
    for _ in range(6):
        if game.over:
            break
        p = game.deciding_player()
        cmd = (me if p == seat else make_player("easy", p, 5)).choose(game)
        before = game.state_hash()
        game.apply(cmd)  # legal, or apply would refuse it
        assert game.state_hash() != before or game.over


def test_std_a_sampled_world_deals_at_most_three_copies_of_a_card_to_the_opponent():
    """STD 6-1-1-2: the opponent's re-dealt hand and deck, with what it has shown, never hold a fourth copy."""
    game = mid_game(5)
    seat, opp = 1, 0
    most = 0
    for k in range(40):
        world = sample_world(game, seat, Memory(seat), Rng(k))
        assert isinstance(world, StandardGame)
        counts: dict = {}
        for c in world.state.cards.values():
            if c.owner == opp and c.zone not in ("removed",):
                counts[c.cid] = counts.get(c.cid, 0) + 1
        most = max(most, max(counts.values()))
    assert most == 3  # (Saga's rules would deal four)
