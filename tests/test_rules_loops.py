"""Infinite loops (CR 12-1): a loop no player can end is a draw, and the engine always returns."""
from __future__ import annotations

import time

from bss_desktop.engine.commands import Choose, Summon
from bss_desktop.rules.bss.turn import LOOP_LIMIT
from helpers import position

MIRROR = """
    turn: 3
    turn_player: 0
    players:
      - {life: 5, reserve: 5, hand: [T-R1], field: [{card: %s, cores: 1}]}
      - {life: 5, reserve: 3, field: [{card: %s, cores: 1}]}
"""


def test_cr_12_1_1_1_a_mandatory_loop_no_player_can_end_is_a_draw_and_apply_returns():
    # Echo Hive: "when your opponent summons a spirit, create a token" on both sides: each token is a summon
    # that the other Hive answers with a token, for ever, and nobody is asked anything
    game = position(MIRROR % ("E-HIVE", "E-HIVE"))
    pup = game.state.players[0].hand[0]
    started = time.monotonic()
    game.apply(Summon(0, pup))
    assert time.monotonic() - started < 30
    assert game.over and game.result.winner is None
    assert "CR 12-1-1-1" in game.result.reason
    assert len(game.state.queue) == 0


def test_cr_12_1_1_2_a_loop_a_player_can_end_stops_at_their_choice_and_goes_on_when_they_decline():
    # Echo Choir's token is optional ("you may"): the loop stops each time its controller is asked
    game = position(MIRROR % ("E-HIVE", "E-CHOIR"))
    game.apply(Summon(0, game.state.players[0].hand[0]))
    rounds = 0
    while game.pending is not None and game.pending.kind == "choose" and game.pending.info["kind"] == "may":
        rounds += 1
        game.apply(Choose(game.pending.player, rounds < 5))  # four more tokens, then the player ends it
        assert rounds < 50
    assert not game.over and rounds == 5
    assert game.pending.kind == "main"


def test_cr_12_1_1_1_a_loop_whose_only_decisions_cannot_end_it_is_a_draw():
    # Player 2 has Echo Hive and Summons Scribe ("when your opponent summons a spirit, draw 1 card"): each of player
    # 1's tokens triggers both at once, so the turn player orders them every time (CR 8-5-2-4) — a decision, but
    # none that ends the loop. More than LOOP_LIMIT effects in one chain: a draw, and every apply returned
    game = position("""
        turn: 3
        turn_player: 0
        players:
          - {life: 5, reserve: 5, hand: [T-R1], field: [{card: E-HIVE, cores: 1}]}
          - {life: 5, reserve: 3, field: [{card: E-HIVE, cores: 1}, V-SCRIBE]}
    """)
    game.apply(Summon(0, game.state.players[0].hand[0]))
    orders = 0
    while not game.over:
        assert game.pending.kind == "choose" and game.pending.info["kind"] == "order"
        game.apply(game.legal_commands()[orders % 2])
        orders += 1
        assert orders <= LOOP_LIMIT
    assert game.result.winner is None and "CR 12-1-1-1" in game.result.reason and orders > 100


def test_the_loop_limit_is_far_above_any_real_chain():
    assert LOOP_LIMIT >= 500
