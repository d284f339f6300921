"""Constant effects on levels and on a level's BP (CR 8-8-1-3-2, 8-8-1-3-3)."""
from __future__ import annotations

from helpers import position


def test_cr_8_8_1_3_2_a_constant_treats_the_opponents_spirits_as_lv1():
    # Dampening Field: "your opponent's spirits are treated as LV1". Red Pup on 3 cores would be LV2 (3000 BP)
    game = position("""
        turn: 3
        turn_player: 0
        players:
          - {life: 5, field: [E-DAMPEN, {card: T-R1, cores: 3}]}
          - {life: 5, field: [{card: T-R1, cores: 3}]}
    """)
    mine, theirs = game.state.players[0].field[1], game.state.players[1].field[0]
    assert game.level(theirs) == 1 and game.bp(theirs) == 1000
    assert game.level(mine) == 2 and game.bp(mine) == 3000  # only the opponent's
    assert game.view(0)["players"][1]["field"][0]["level"] == 1


def test_cr_8_8_1_3_3_a_constant_lv1_bp_redefinition_holds_at_lv1_only():
    # Steadfast Golem: "this spirit's LV1 BP becomes 5000" (category ②): at LV2 its printed 3000 BP stands
    game = position("""
        turn: 3
        turn_player: 0
        players:
          - {life: 5, field: [{card: E-REDEF, cores: 1}, {card: E-REDEF, cores: 3}]}
          - {life: 5, field: [T-B2]}
    """)
    lv1, lv2 = game.state.players[0].field
    assert game.level(lv1) == 1 and game.bp(lv1) == 5000
    assert game.level(lv2) == 2 and game.bp(lv2) == 3000
