"""The computer opponent (bss_desktop/ai): it never self-destroys when it need not, blocks and attacks as the rules
reward (CR 7-1-5-2-1, 7-1-5-3-1), and its strength is measured by the arena. That it never peeks:
tests/test_ai_never_peeks.py."""
import random
import re

import pytest

from bss_desktop.ai import make_player
from bss_desktop.ai.arena import arena, deck_pairs, wilson
from bss_desktop.engine import Attack, Block, EndAttack, EndMain, MoveCores, Pass
from bss_desktop.engine.commands import CoreMove
from bss_desktop.sim.policy import RandomPolicy
from helpers import attack_step, position

QUICK = {"hard": {"iterations": 40}}  # Hard with a fixed budget: reproducible and quick


def player(level, seat, seed=3):
    return make_player(level, seat, seed, **QUICK.get(level, {}))


def saga_decks():
    from bss_desktop.carddb.player_db import player_decks
    from bss_desktop.cli import player_db

    db = player_db()
    decks, _ = player_decks(db)
    return db, {n: d.cards for n, d in decks.items() if n.endswith("-saga")}


# ------------------------------------------------------------------------------- Easy: no self-destruction

def lonely_pup():
    return position("""
        turn: 3
        turn_player: 0
        step: main
        players:
          - {life: 5, reserve: 0, hand: [], field: [{card: T-R1, cores: 1}]}
          - {life: 5, reserve: 3, hand: [], field: []}
    """)


def test_easy_never_moves_the_last_core_off_its_own_spirit_cr_10_1_1_1():
    game = lonely_pup()
    pup = game.state.players[0].field[0]
    destroying = MoveCores(0, (CoreMove(pup, "reserve", 1, False),))
    assert destroying in game.legal_commands() and EndMain(0) in game.legal_commands()
    # the random player it is built on does make that blunder
    assert any(RandomPolicy(s).choose(game) == destroying for s in range(40))
    chosen = {make_player("easy", 0, s).choose(game) for s in range(40)}
    assert destroying not in chosen and EndMain(0) in chosen


def _summon_by_destroying(reserve: int):
    """A 2-cost spirit in hand, two 1-core spirits on the field and `reserve` cores: with 0 in the reserve the only
    payment the engine offers takes the last core off both spirits (CR 9-3-2: they are destroyed)."""
    from bss_desktop.carddb.database import load_default_db

    return position(f"""
        turn: 3
        turn_player: 0
        step: main
        players:
          - {{life: 5, reserve: {reserve}, deck: [CORE-001, CORE-001, CORE-001], hand: [CORE-002],
              field: [{{card: CORE-010, cores: 1}}, {{card: CORE-011, cores: 1}}]}}
          - {{life: 5, reserve: 3, deck: [CORE-001, CORE-001, CORE-001]}}
    """, db=load_default_db())


def test_playouts_do_not_summon_by_destroying_their_own_spirits_cr_9_3_2():
    """The rule-of-thumb player of Normal's look-ahead and Hard's playouts (ai/rollout.py) pays without throwing its
    spirits away: issue 29 traced 37 % of its plays doing so, which made every summon look bad to the search."""
    from bss_desktop.ai.rollout import fast_choice, self_destroyed

    game = _summon_by_destroying(0)
    (summon,) = [c for c in game.legal_commands() if c.kind == "summon"]
    assert sorted(self_destroyed(game, 0, summon)) == sorted(game.state.players[0].field)
    assert fast_choice(game, random.Random(1)) == EndMain(0)
    game = _summon_by_destroying(3)  # the reserve pays: it summons
    (summon,) = [c for c in game.legal_commands() if c.kind == "summon"]
    assert self_destroyed(game, 0, summon) == [] and fast_choice(game, random.Random(1)) == summon


# ------------------------------------------------------------------------------- blocks and attacks

def at_block(attacker: str, blockers: list, life: int):
    """Player 1's `attacker` attacks player 2 (`life`, `blockers`); the flash window passed, player 2 must block."""
    game = attack_step([attacker], blockers, life)
    game.apply(Attack(0, game.state.players[0].field[0]))
    while game.pending.kind == "flash":
        game.apply(Pass(game.pending.player))
    assert game.pending.kind == "block"
    return game


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_it_blocks_when_its_blocker_wins_the_battle_cr_7_1_5_2_1(level):
    game = at_block("{card: T-R1, cores: 1}", ["{card: T-R3, cores: 1}"], life=5)
    knight = game.state.players[1].field[0]
    assert player(level, 1).choose(game) == Block(1, knight)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_it_blocks_a_hit_that_would_take_its_last_life_cr_7_1_5_3_1(level):
    game = at_block("{card: T-R5, cores: 1}", ["{card: T-R1, cores: 1}"], life=2)
    pup = game.state.players[1].field[0]
    assert player(level, 1).choose(game) == Block(1, pup)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_it_keeps_a_losing_blocker_back_when_the_hit_is_small(level):
    game = at_block("{card: T-R3, cores: 1}", ["{card: T-R1, cores: 1}"], life=5)
    assert player(level, 1).choose(game) == Block(1, None)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_it_attacks_when_the_attack_wins_the_game_cr_1_2_1_1_1(level):
    game = attack_step(["{card: T-R1, cores: 1}"], [], life=1)
    assert player(level, 0).choose(game) == Attack(0, game.state.players[0].field[0])


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_it_does_not_attack_into_a_stronger_refreshed_blocker_cr_7_1_5_2_1(level):
    game = attack_step(["{card: T-R1, cores: 1}"], ["{card: T-R3, cores: 1}"], life=5)
    assert player(level, 0).choose(game) == EndAttack(0)


def test_hard_answers_a_decision_with_one_option_at_once():
    game = attack_step([], [], life=5)
    assert game.legal_commands() == [EndAttack(0)]
    hard = make_player("hard", 0, 1, think=5.0)
    assert hard.choose(game) == EndAttack(0) and hard.iterations == 0


# --------------------------------------------------------------------------------------------- the arena

def test_wilson_interval():
    lo, hi = wilson(5, 10)
    assert (round(lo, 4), round(hi, 4)) == (0.2366, 0.7634)
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and round(hi, 4) == 0.2775


def test_arena_plays_seat_swapped_pairs_on_the_same_deal():
    db, decks = saga_decks()
    pairs = deck_pairs([("red-saga", decks["red-saga"]), ("blue-saga", decks["blue-saga"])])
    result = arena(db, "normal", "easy", 4, 3, pairs)
    a_seats = [o.a_seat for o in result.outcomes]
    assert a_seats == [0, 1, 0, 1] and result.to_dict()["illegal"] == 0
    assert result.outcomes[0].decks == result.outcomes[1].decks


def test_arena_command_prints_the_win_rate_line(capsys):
    from bss_desktop.cli import main

    assert main(["arena", "--a", "normal", "--b", "easy", "--games", "2", "--seed", "4",
                 "--decks", "red-saga,green-saga"]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert re.fullmatch(r"normal win rate \d\.\d{3} \(95% CI \d\.\d{3}–\d\.\d{3}\) over 2 games; "
                        r"think median \d+\.\d{3} s, p95 \d+\.\d{3} s; illegal 0", last), last


def test_the_simulator_plays_computer_levels_with_every_invariant_checked(capsys):
    from bss_desktop.cli import main

    assert main(["simulate", "--games", "4", "--seed", "2", "--policy", "normal,easy",
                 "--decks", "purple-saga,white-saga"]) == 0
    assert capsys.readouterr().out.strip().endswith("0 violations")
    assert main(["simulate", "--games", "1", "--policy", "grandmaster"]) == 2
    assert "--policy" in capsys.readouterr().err
