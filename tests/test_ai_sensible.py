"""The sensible player (ai/sensible.py): the rule-based benchmark opponent plays each rule of thumb it is built on,
from concrete positions of the test cards. Its peeking is checked with the others in tests/test_ai_never_peeks.py."""
from __future__ import annotations

import pytest

from bss_desktop.ai import OPPONENTS, make_player
from bss_desktop.engine import Attack, Block, EndAttack, Pass
from bss_desktop.engine.commands import MoveCores, SetBurst, Summon, UseMagic
from helpers import attack_step, game_at, rule_of_thumb


def sensible(seat):
    return make_player("sensible", seat, 5)


def test_it_is_a_benchmark_opponent_not_a_start_screen_level():
    from bss_desktop.ai import LEVELS
    assert "sensible" in OPPONENTS and "sensible" not in LEVELS


def test_it_summons_the_most_bp_it_can_pay_for_cr_5_4():
    game = game_at("{life: 5, reserve: 5, hand: [T-R1, T-R3, T-G4], field: []}", "{life: 5}")
    cmd = sensible(0).choose(game)
    stag = next(i for i in game.state.players[0].hand if game.state.cards[i].cid == "T-G4")
    assert isinstance(cmd, Summon) and cmd.card == stag


def test_it_does_not_pay_with_the_core_that_keeps_its_spirit_alive_cr_9_3_2():
    """One core in the reserve, one on its LV1 spirit: the Titan is paid for only by taking the spirit's core."""
    game = game_at("{life: 5, reserve: 0, hand: [T-R3], field: [{card: T-R1, cores: 1}, {card: T-R1, cores: 1}]}",
                   "{life: 5}")
    cmd = sensible(0).choose(game)
    assert not isinstance(cmd, Summon)


def test_it_sets_a_burst_when_none_is_set_cr_3_8():
    game = game_at("{life: 5, reserve: 0, hand: [T-MM], field: []}", "{life: 5}")
    assert isinstance(sensible(0).choose(game), SetBurst)


def test_it_levels_up_its_best_spirit_with_the_reserve_cr_4_9():
    """Two reserve cores: the Knight (3000 BP) reaches LV2 with one more core; the Pup would need two."""
    game = game_at("{life: 5, reserve: 2, hand: [], field: [{card: T-R1, cores: 1}, {card: T-R3, cores: 1}]}",
                   "{life: 5}")
    knight = game.state.players[0].field[1]
    cmd = sensible(0).choose(game)
    assert isinstance(cmd, MoveCores) and cmd.moves[0].dst == knight


def test_it_uses_magic_that_takes_an_opponents_spirit_off_the_field():
    game = game_at("{life: 5, reserve: 0, hand: [E-QUAKE], field: []}", "{life: 5, field: [T-R3]}")
    assert isinstance(sensible(0).choose(game), UseMagic)


def test_it_attacks_with_a_spirit_no_refreshed_blocker_beats_cr_7_1_5_2_1():
    game = attack_step(["{card: T-R1, cores: 1}", "{card: T-R5, cores: 1}"], ["{card: T-R3, cores: 1}"], life=5)
    titan = game.state.players[0].field[1]
    assert sensible(0).choose(game) == Attack(0, titan)


def test_it_does_not_attack_into_a_blocker_that_ties_or_wins_cr_7_1_5_2_1():
    game = attack_step(["{card: T-R3, cores: 1}"], ["{card: T-R3, cores: 1}"], life=5)
    assert sensible(0).choose(game) == EndAttack(0)


def at_block(attacker: str, blockers: list, life: int, hand: str = "[]", home: tuple = ()):
    """Seat 0's `attacker` has attacked (its `home` spirits stay back); seat 1 is to act in the flash window."""
    game = attack_step([attacker, *home], blockers, life, hand=hand)
    game.apply(Attack(0, game.state.players[0].field[0]))
    while game.pending.kind == "flash" and game.pending.player == 0:
        game.apply(Pass(0))
    return game


def _to_block(game):
    while game.pending.kind == "flash":
        game.apply(Pass(game.pending.player))
    assert game.pending.kind == "block"
    return game


@pytest.mark.parametrize("attacker, blockers, life, expected", [
    ("{card: T-R1, cores: 1}", ["{card: T-R3, cores: 1}"], 5, 0),  # the blocker wins (CR 7-1-5-2-1)
    ("{card: T-R3, cores: 1}", ["{card: T-P3, cores: 1}"], 5, 0),  # equal BP, equal worth: a trade
    ("{card: T-R5, cores: 1}", ["{card: T-R1, cores: 1}"], 2, 0),  # the hit would take its last lives
    ("{card: T-R3, cores: 1}", ["{card: T-R1, cores: 1}"], 5, None),  # a losing block and a small hit: keep it
])
def test_its_blocks_cr_7_1_5_2_1(attacker, blockers, life, expected):
    game = _to_block(at_block(attacker, blockers, life))
    want = None if expected is None else game.state.players[1].field[expected]
    assert sensible(1).choose(game) == Block(1, want)


@pytest.mark.parametrize("level", ["sensible", "normal"])
def test_it_uses_flash_magic_that_destroys_the_attacker_cr_7_1_4(level):
    """A 3000 BP attacker and a flash magic in hand that destroys every opposing spirit of 5000 BP or less."""
    game = at_block("{card: T-R3, cores: 1}", [], 5, hand="[E-QUAKE]")
    assert game.pending.kind == "flash" and game.pending.player == 1
    cmd = make_player(level, 1, 5).choose(game)
    assert isinstance(cmd, UseMagic)


@pytest.mark.parametrize("make", [sensible, rule_of_thumb], ids=["sensible", "rule_of_thumb"])
def test_its_flash_magic_takes_the_attacker_not_the_strongest_spirit_cr_7_1_4(make):
    """A 3000 BP spirit attacks while a 5000 BP one stays home; the defender holds one flash magic that destroys one
    spirit of 5000 BP or less. Destroying the attacker ends its attack (CR 7-1-4: a battle needs its attacker on the
    field), so that is the target: the strongest, the one a main step's removal would take, lets the hit through."""
    game = at_block("{card: T-R3, cores: 1}", [], 5, hand="[E-SHOT]", home=("{card: T-R5, cores: 1}",))
    assert game.pending.kind == "flash" and game.pending.player == 1
    attacker, home = game.state.players[0].field
    player = make(1)
    cmd = player.choose(game)
    assert isinstance(cmd, UseMagic)
    game.apply(cmd)
    while game.pending.player == 1 and game.pending.kind == "choose":
        game.apply(player.choose(game))
    assert game.state.cards[attacker].zone != "field" and game.state.cards[home].zone == "field"


@pytest.mark.parametrize("make", [sensible, rule_of_thumb], ids=["sensible", "rule_of_thumb"])
def test_it_uses_main_step_magic_that_takes_an_opponents_spirit_off_the_field(make):
    game = game_at("{life: 5, reserve: 0, hand: [E-QUAKE], field: []}", "{life: 5, field: [T-R3]}")
    assert isinstance(make(0).choose(game), UseMagic)

