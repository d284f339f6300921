"""The effect vocabulary, part 1: amounts read from the game ("for each ..."), each player selecting their own, and
life (CR 1-2-3, 1-3-2-3, 1-3-4, 4-5-3, 10-8-7). Each test is a concrete position played through commands."""
from __future__ import annotations

from bss_desktop.engine.commands import CoreMove, MoveCores, Summon, UseMagic
from helpers import answer, first, game_at


# ---------------------------------------------------------------- "for each" (amounts read when performed)

def test_for_each_opponents_spirit_draws_one_card_per_spirit():
    # Tally Clerk: "(When Summoned) Draw 1 card for each spirit on your opponent's field" — 3 spirits and a nexus
    game = game_at("{life: 5, reserve: 3, hand: [V-TALLY], deck: [T-R1, T-R1, T-R1, T-R1, T-R1]}",
                   "{life: 5, reserve: 3, field: [T-R1, T-R3, T-G4, T-NX]}")
    game.apply(Summon(0, first(game, 0, "V-TALLY", "hand")))
    assert len(game.state.players[0].hand) == 3


def test_for_each_core_on_this_spirit_is_read_while_the_constant_effect_applies():
    # Swelling Golem: "this spirit gets +1000 BP for each core on it" (CR 8-8-1-3-5): 1 core = 1000 + 1000;
    # moving 2 more cores onto it: 3 cores = LV1 still (LV2 needs 4), 1000 + 3000
    game = game_at("{life: 5, reserve: 3, soul_core: trash, field: [{card: V-SWELL, cores: 1}]}",
                   "{life: 5, reserve: 3}")
    golem = first(game, 0, "V-SWELL")
    assert game.bp(golem) == 2000
    game.apply(MoveCores(0, (CoreMove("reserve", golem, 2),)))
    assert game.level(golem) == 1 and game.bp(golem) == 4000


def test_cr_10_8_7_the_magic_card_being_used_is_not_counted_among_the_hand():
    # Hoard Count: "put 1 core from the void on 1 of your spirits for each card in your hand". Three cards in
    # hand, one of them Hoard Count itself: while it resolves it is in no area, so 2 cores
    game = game_at("{life: 5, reserve: 3, hand: [V-HOARD, T-R1, T-R3], field: [{card: T-B2, cores: 2}]}",
                   "{life: 5, reserve: 3}")
    guard = first(game, 0, "T-B2")
    game.apply(UseMagic(0, first(game, 0, "V-HOARD", "hand")))
    assert game.state.cards[guard].cores == 4


def test_cr_1_3_2_3_an_amount_of_zero_does_nothing_and_never_the_opposite():
    # Surplus Dividend: "draw 1 card for each card in your hand beyond the first 3" with 2 other cards in hand:
    # nothing is drawn (and no card goes back to the deck)
    game = game_at("{life: 5, reserve: 3, hand: [V-SURPLUS, T-R1, T-R3], deck: [T-G4, T-G4]}",
                   "{life: 5, reserve: 3}")
    game.apply(UseMagic(0, first(game, 0, "V-SURPLUS", "hand")))
    assert len(game.state.players[0].hand) == 2 and len(game.state.players[0].deck) == 2


def test_for_each_beyond_the_first_counts_the_rest():
    game = game_at("{life: 5, reserve: 3, hand: [V-SURPLUS, T-R1, T-R3, T-R1, T-R3, T-G4], deck: [T-G4, T-G4, T-G4]}",
                   "{life: 5, reserve: 3}")
    game.apply(UseMagic(0, first(game, 0, "V-SURPLUS", "hand")))
    assert len(game.state.players[0].hand) == 5 + 2  # 5 cards in hand, 2 beyond the first 3


def test_for_each_red_symbol_counts_symbols_and_a_double_colour_symbol_once():
    # Symbol Pyre: "send 1 core from your opponent's life for each Red symbol on your field": Red Titan has 2 red
    # symbols, Dual Sprite one red/green symbol, Blue Guard none: 3
    game = game_at("{life: 5, reserve: 3, hand: [V-PYRE], field: [T-R5, T-D2, {card: T-B2, cores: 2}]}",
                   "{life: 5, reserve: 3}")
    game.apply(UseMagic(0, first(game, 0, "V-PYRE", "hand")))
    assert game.state.players[1].life == 2 and game.state.players[1].reserve == 6


def test_for_each_core_counts_the_cores_of_a_place_soul_core_included():
    # Core Gauge: "draw 1 card for each core on your field beyond the first 2; put 1 core from the void into your
    # life for each core in your opponent's reserve". Our field: 2 + 1 + the soul core = 4 cores; their reserve:
    # 2 cores and their soul core = 3
    game = game_at("{life: 3, reserve: 0, soul_core: field, hand: [V-GAUGE], deck: [T-R1, T-R1, T-R1],"
                   " field: [{card: T-B2, cores: 2}, {card: T-R1, cores: 1, soul_core: true}]}",
                   "{life: 5, reserve: 2, soul_core: reserve}")
    game.apply(UseMagic(0, first(game, 0, "V-GAUGE", "hand")))
    p0 = game.state.players[0]
    assert len(p0.hand) == 2 and p0.life == 6


# ---------------------------------------------------------------- each player selects (CR 1-3-4)

def test_cr_1_3_4_each_player_selects_their_own_the_turn_player_first():
    # Mutual Culling: "destroy 1 spirit of each player, which that player selects"
    game = game_at("{life: 5, reserve: 3, hand: [V-CULL], field: [T-R1, T-R3]}",
                   "{life: 5, reserve: 3, field: [T-G4, T-Y2]}")
    pup, knight = game.state.players[0].field
    stag, lamp = game.state.players[1].field
    game.apply(UseMagic(0, first(game, 0, "V-CULL", "hand")))
    assert game.pending.player == 0 and sorted(game.pending.info["options"]) == sorted([pup, knight])
    answer(game, [pup])
    assert game.state.cards[pup].zone == "field"  # nothing happens before both have chosen
    assert game.pending.player == 1 and sorted(game.pending.info["options"]) == sorted([stag, lamp])
    events = answer(game, [lamp])
    destroyed = [e["card"] for e in events if e.kind == "destroyed"]
    assert sorted(destroyed) == sorted([pup, lamp])  # destroyed together
    assert game.state.cards[knight].zone == game.state.cards[stag].zone == "field"


def test_cr_1_3_4_on_the_opponents_turn_the_turn_player_still_selects_first():
    game = game_at("{life: 5, reserve: 3, field: [T-R1, T-R3]}",
                   "{life: 5, reserve: 3, hand: [V-CULL], field: [T-G4, T-Y2]}", turn=4, turn_player=1)
    game.apply(UseMagic(1, first(game, 1, "V-CULL", "hand")))
    assert game.pending.player == 1  # the turn player (who used it) first


def test_cr_8_5_3_4_a_player_with_nothing_to_select_selects_nothing():
    game = game_at("{life: 5, reserve: 3, hand: [V-CULL]}", "{life: 5, reserve: 3, field: [T-G4, T-Y2]}")
    game.apply(UseMagic(0, first(game, 0, "V-CULL", "hand")))
    assert game.pending.player == 1
    answer(game, [first(game, 1, "T-Y2")])
    assert len(game.state.players[1].field) == 1


# ---------------------------------------------------------------- life (CR 1-2-3)

def test_life_damage_to_yourself():
    # Penance: "send 1 core from your life to your reserve. Draw 2 cards."
    game = game_at("{life: 5, reserve: 3, hand: [V-PENANCE], deck: [T-R1, T-R1]}", "{life: 5, reserve: 3}")
    game.apply(UseMagic(0, first(game, 0, "V-PENANCE", "hand")))
    p0 = game.state.players[0]
    assert p0.life == 4 and p0.reserve == 4 and len(p0.hand) == 2 and game.state.players[1].life == 5


def test_life_damage_to_yourself_can_lose_you_the_game():
    game = game_at("{life: 1, reserve: 3, hand: [V-PENANCE], deck: [T-R1, T-R1]}", "{life: 5, reserve: 3}")
    game.apply(UseMagic(0, first(game, 0, "V-PENANCE", "hand")))
    assert game.over and game.result.winner == 1


def test_cr_1_2_3_both_players_reduced_to_zero_at_once_is_a_draw():
    # Reckoning: "send 2 cores from each player's life to their reserve", both at 2 life
    game = game_at("{life: 2, reserve: 3, hand: [V-RECKON]}", "{life: 2, reserve: 3}")
    game.apply(UseMagic(0, first(game, 0, "V-RECKON", "hand")))
    assert game.over and game.result.winner is None and "CR 1-2-3" in game.result.reason


def test_life_damage_to_both_players_when_only_one_falls():
    game = game_at("{life: 5, reserve: 3, hand: [V-RECKON]}", "{life: 2, reserve: 3}")
    game.apply(UseMagic(0, first(game, 0, "V-RECKON", "hand")))
    assert game.over and game.result.winner == 0 and game.state.players[0].life == 3

