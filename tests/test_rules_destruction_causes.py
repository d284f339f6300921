"""Who destroyed what (CR 9-4-2, 10-15-1): a spirit brought to BP 0 by the opponent's effect is destroyed by the
opponent, so its "when destroyed by the opponent" effects apply."""
from __future__ import annotations

from bss_desktop.engine.commands import UseMagic
from helpers import position


def test_cr_9_4_2_1_bp_reduced_to_0_by_the_opponents_magic_is_destruction_by_the_opponent():
    # Cold Wave: the opponent's spirits get -2000 BP; Last Ember (1000 BP) goes to 0 and is destroyed by player 1's
    # effect; its "when destroyed by the opponent" effect (put 1 core from the void into your life) applies
    game = position("""
        turn: 3
        turn_player: 0
        players:
          - {life: 5, reserve: 3, hand: [E-WAVE]}
          - {life: 4, reserve: 3, field: [{card: E-LAST, cores: 1}], deck: [T-W0, T-W0, T-W0]}
    """)
    ember = game.state.players[1].field[0]
    wave = game.state.players[0].hand[0]
    game.apply(UseMagic(0, wave))
    while game.pending is not None and game.pending.kind == "choose":  # the turn player orders its two effects
        game.apply(game.legal_commands()[0])
    card = game.state.cards[ember]
    assert card.zone == "trash"
    assert card.removal is not None and card.removal.kind == "effect_bp"
    assert card.removal.player == 0 and card.removal.source == wave  # who and which card (CR 9-4-2-1)
    assert game.state.players[1].life == 5  # its "when destroyed by the opponent" effect applied (CR 10-15-1)


def test_cr_9_3_2_1_core_removal_by_the_opponent_still_counts_after_a_choice_before_the_checkpoint():
    # Siphon Gale: remove 1 core from each of the opponent's spirits, then exhaust one of them (a choice). Last
    # Ember is left with no core; it is destroyed at the checkpoint after the choice, by player 1's effect
    game = position("""
        turn: 3
        turn_player: 0
        players:
          - {life: 5, reserve: 3, hand: [E-SIPHON]}
          - {life: 4, reserve: 3, deck: [T-W0, T-W0, T-W0],
             field: [{card: E-LAST, cores: 1}, {card: T-B2, cores: 4}, {card: T-R1, cores: 3}]}
    """)
    ember = game.state.players[1].field[0]
    game.apply(UseMagic(0, game.state.players[0].hand[0]))
    assert game.pending.kind == "choose" and game.pending.info["kind"] == "target"  # the exhaust's target
    assert game.state.cards[ember].zone == "field"  # not destroyed yet: the checkpoint comes after the action
    from bss_desktop.engine.commands import Choose

    other = next(o for o in game.pending.info["options"] if o != ember)
    game.apply(Choose(0, (other,)))
    while game.pending is not None and game.pending.kind == "choose":
        game.apply(game.legal_commands()[0])
    card = game.state.cards[ember]
    assert card.zone == "trash" and card.removal.kind == "effect_cores" and card.removal.player == 0
    assert game.state.players[1].life == 5  # "when destroyed by the opponent" applied (CR 10-15-1)
