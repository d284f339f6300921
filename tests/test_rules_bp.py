"""CR 2-10/2-11 levels and BP; CR 8-8-1-3 the four BP layers; CR 9-4 BP zero or less; CR 1-3-6."""
from bss_desktop.engine import CoreMove, MoveCores
from bss_desktop.engine.state import Continuous
from helpers import position


def knight_game(cores=1):
    game = position(f"""
        turn: 3
        turn_player: 0
        players:
          - life: 5
            reserve: 2
            field: [{{card: T-R3, cores: {cores}}}, {{card: T-R1}}]
          - life: 5
    """)
    return game, game.state.players[0].field[0]


def effect(game, ts, layer, op, value, iid, level=None, duration="turn"):
    game.state.continuous.append(Continuous(ts, layer, op, value, frozenset([iid]), duration, None, level))


def test_cr_2_10_3_level_is_the_highest_level_whose_cores_are_met():
    for cores, lv, bp in ((1, 1, 3000), (2, 2, 4000), (3, 2, 4000), (4, 3, 6000), (9, 3, 6000)):
        game, knight = knight_game(cores)
        assert (game.level(knight), game.bp(knight)) == (lv, bp)


def test_cr_8_8_1_3_5_adding_bp_applies_on_top_of_the_current_levels_bp():
    game, knight = knight_game(1)
    effect(game, 1, 4, "add", 3000, knight)
    assert game.bp(knight) == 6000
    game.apply(MoveCores(0, (CoreMove("reserve", knight, 1),)))  # LV2
    assert game.bp(knight) == 7000


def test_cr_8_8_1_3_layers_apply_in_order_level_redefine_set_add_whatever_the_timestamps():
    game, knight = knight_game(1)
    effect(game, 1, 4, "add", 1000, knight)  # ④ earliest
    effect(game, 2, 3, "set", 5000, knight)  # ③
    effect(game, 3, 2, "set", 9000, knight, level=3)  # ② LV3 BP becomes 9000
    effect(game, 4, 1, "set", 3, knight)  # ① treated as LV3, latest
    # ① LV3 → ② printed 9000 → ③ becomes 5000 → ④ +1000
    assert game.level(knight) == 3 and game.bp(knight) == 6000


def test_cr_8_8_1_3_1_within_a_layer_effects_apply_chronologically():
    game, knight = knight_game(1)
    effect(game, 5, 3, "set", 2000, knight)
    effect(game, 9, 3, "set", 7000, knight)  # the later "becomes" wins
    assert game.bp(knight) == 7000
    game2, knight2 = knight_game(1)
    effect(game2, 1, 1, "set", 1, knight2)  # treated as LV1 ...
    effect(game2, 2, 1, "add", 2, knight2)  # ... then two levels up
    assert game2.level(knight2) == 3


def test_cr_8_8_1_3_2_level_altering_effects_change_the_printed_bp_used():
    game, knight = knight_game(4)  # LV3 by cores
    effect(game, 1, 1, "set", 1, knight)  # "treated as LV1"
    assert game.level(knight) == 1 and game.bp(knight) == 3000


def test_cr_1_3_6_negative_intermediate_values_are_kept_while_adjusting():
    game, knight = knight_game(1)
    effect(game, 1, 4, "add", -5000, knight)
    effect(game, 2, 4, "add", 4000, knight)
    assert game.bp(knight) == 2000  # 3000 - 5000 + 4000, not max(0, -2000) + 4000


def test_cr_9_4_2_1_bp_zero_or_less_from_an_effect_destroys_the_spirit_as_destroyed_by_the_effect():
    game, knight = knight_game(1)
    pup = game.state.players[0].field[1]
    effect(game, 1, 4, "add", -3000, knight)
    # any complete action is a checkpoint (ruling 2); a core move onto another card triggers it
    events = game.apply(MoveCores(0, (CoreMove("reserve", pup, 1),)))
    destroyed = [e for e in events if e.kind == "destroyed"]
    assert [e["card"] for e in destroyed] == [knight]
    assert destroyed[0]["cause"][0] == "effect_bp" and not destroyed[0]["self_destruction"]


def test_cr_9_4_2_3_bp_zero_after_the_owner_lowers_the_level_is_self_destruction():
    game, knight = knight_game(2)  # LV2, 4000
    effect(game, 1, 2, "set", 0, knight, level=1)  # its LV1 BP has been redefined to 0 by some effect
    assert game.bp(knight) == 4000
    events = game.apply(MoveCores(0, (CoreMove(knight, "reserve", 1),)))  # the owner drops it to LV1: BP 0
    destroyed = [e for e in events if e.kind == "destroyed"]
    assert destroyed and destroyed[0]["self_destruction"]


def test_cr_8_8_1_4_effects_apply_to_the_pieces_fixed_when_they_resolved():
    game, knight = knight_game(1)
    pup = game.state.players[0].field[1]
    effect(game, 1, 4, "add", 1000, knight)
    assert game.bp(knight) == 4000 and game.bp(pup) == 1000  # the pup was not in the set
