"""CR 6: turn flow, and the victory conditions checked during it (CR 1-2, 9-2)."""
import pytest

from bss_desktop.engine import Concede, EndAttack, EndMain, IllegalCommand, Mulligan, Pass
from bss_desktop.engine.state import Continuous
from helpers import new_game, position


def started(first_player=0):
    game = new_game(first_player=first_player)
    game.apply(Mulligan(first_player, False))
    game.apply(Mulligan(1 - first_player, False))
    return game


def test_cr_6_3_3_no_core_step_on_player_ones_first_turn():
    game = new_game(first_player=0)
    game.apply(Mulligan(0, False))
    first_turn = game.apply(Mulligan(1, False))  # turn 1 begins inside the last mulligan decision
    assert [e["step"] for e in first_turn if e.kind == "step"] == ["start", "draw", "refresh", "main"]
    assert game.state.players[0].reserve == 3
    game.apply(EndMain(0))
    # CR 6-3-2: player two's first turn has a core step: one core from the void
    assert game.state.players[1].reserve == 4
    assert game.state.cores_in_play == 17


def test_cr_6_4_2_draw_step_draws_one_card_on_every_turn_including_the_first():
    game = started()
    assert len(game.state.players[0].hand) == 6  # 5 after keeping + 1 drawn on turn 1
    game.apply(EndMain(0))
    assert len(game.state.players[1].hand) == 6


def test_cr_6_7_2_no_attack_step_on_player_ones_first_turn():
    game = started()
    events = game.apply(EndMain(0))
    steps = [e["step"] for e in events if e.kind == "step"]
    assert "attack" not in steps[: steps.index("start")]
    assert game.state.turn == 2 and game.pending.kind == "main" and game.pending.player == 1


def test_cr_6_6_1_2_5_ending_the_main_step_leads_to_the_attack_step_then_the_end_step():
    game = started()
    game.apply(EndMain(0))
    events = game.apply(EndMain(1))
    assert [e["step"] for e in events if e.kind == "step"] == ["attack"]
    assert game.pending.kind == "attack" and game.pending.player == 1


def test_cr_6_1_1_full_step_sequence_of_a_later_turn():
    game = started()
    game.apply(EndMain(0))
    game.apply(EndMain(1))
    events = game.apply(EndAttack(1))
    assert [e["step"] for e in events if e.kind == "step"] == ["end", "start", "core", "draw", "refresh", "main"]


def test_cr_6_5_2_refresh_step_refreshes_field_and_returns_trash_cores_with_the_soul_core():
    game = position("""
        turn: 3
        turn_player: 0
        step: start
        players:
          - life: 5
            reserve: 1
            trash_cores: 3
            soul_core: trash
            field: [{card: T-R3, cores: 1, exhausted: true}, {card: T-NX, cores: 0, exhausted: true}]
          - life: 5
            field: [{card: T-R1, exhausted: true}]
    """)
    p0 = game.state.players[0]
    assert game.pending.kind == "main"
    assert not any(game.state.cards[i].exhausted for i in p0.field)
    assert p0.trash_cores == 0 and p0.reserve == 1 + 3 + 1 and p0.soul == "reserve"  # +1 from the core step
    # only the turn player's cards refresh
    assert game.state.cards[game.state.players[1].field[0]].exhausted


def test_cr_6_2_2_empty_deck_at_the_start_step_loses():
    game = position("""
        turn: 4
        turn_player: 1
        step: start
        players:
          - {life: 5, deck: [T-W0]}
          - {life: 5, deck: []}
    """)
    assert game.over and game.result.winner == 0 and "CR 1-2-1-1-2" in game.result.reason


def test_cr_1_3_2_drawing_from_an_empty_deck_does_nothing_and_the_loss_waits_for_the_start_step():
    game = position("""
        turn: 3
        turn_player: 0
        step: main
        players:
          - {life: 5, deck: []}
          - {life: 5, deck: [T-W0, T-W0]}
    """)
    game.apply(EndMain(0))
    game.apply(EndAttack(0))  # player 2's turn draws their last card... they have two
    assert not game.over and game.state.turn_player == 1
    game.apply(EndMain(1))
    game.apply(EndAttack(1))
    assert game.over and game.result.winner == 1  # player 1 (index 0) had no deck at their start step


def test_cr_1_2_3_both_players_fulfilling_a_victory_condition_is_a_draw():
    game = position("""
        turn: 2
        turn_player: 1
        players:
          - {life: 0}
          - {life: 0}
    """)
    assert game.over and game.result.winner is None


def test_cr_1_2_4_either_player_may_concede_at_any_time():
    game = position("""
        turn: 3
        turn_player: 0
        step: attack
        players:
          - {life: 5, field: [T-R1]}
          - {life: 5}
    """)
    from bss_desktop.engine import Attack

    game.apply(Attack(0, game.state.players[0].field[0]))
    assert game.pending.kind == "flash" and game.pending.player == 1
    game.apply(Concede(0))  # not player 1's decision, still allowed
    assert game.result.winner == 1 and "CR 1-2-4" in game.result.reason
    with pytest.raises(IllegalCommand) as e:
        game.apply(Pass(1))
    assert e.value.rule == "CR 1-2-1"


def test_cr_6_8_1_2_this_turn_effects_end_in_the_end_step_and_battle_effects_at_battle_end():
    game = position("""
        turn: 3
        turn_player: 0
        players:
          - {life: 5, field: [T-R1]}
          - {life: 5}
    """)
    iid = game.state.players[0].field[0]
    game.state.continuous += [Continuous(1, 4, "add", 1000, frozenset([iid]), "turn"),
                              Continuous(2, 4, "add", 500, frozenset([iid]), "permanent")]
    assert game.bp(iid) == 2500
    game.apply(EndMain(0))
    game.apply(EndAttack(0))
    assert game.bp(iid) == 1500 and len(game.state.continuous) == 1
