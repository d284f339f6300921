"""The computer levels in the positions the issue traced them losing: lethal on board, the defence that looks
hopeless, and the search's time budget. Positions use the test cards (tests/data/test_cards.yaml)."""
from __future__ import annotations

import math

import pytest

from bss_desktop.ai import make_player
from bss_desktop.ai.hard import WIDEN, HardPlayer, _close, _decided, _Node
from bss_desktop.ai.rollout import lethal_attack
from bss_desktop.engine import Attack, Block, Pass
from helpers import MAIN, attack_step, position

QUICK = {"hard": {"iterations": 60}}


def player(level, seat, seed=3):
    return make_player(level, seat, seed, **QUICK.get(level, {}))


FOUR_PUPS = ["{card: T-R1, cores: 1}"] * 4  # four 1000 BP spirits, one symbol each


@pytest.mark.parametrize("level", ["normal", "hard", "sensible"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_it_wins_with_lethal_through_a_blocker_cr_7_1_5_3_1(level, seed):
    """Three lives, one 5000 BP blocker, four one-symbol attackers: three hits get through whatever it blocks
    (CR 7-1-5-3-1), so the attack step ends the game (CR 1-2-1-1-1). The issue's Hard ended this step in 3 of 4
    seeds; a player who reads the board attacks with everything."""
    game = attack_step(FOUR_PUPS, ["{card: T-R5, cores: 1}"], life=3)
    me, them = player(level, 0, seed), make_player("sensible", 1, seed)
    for _ in range(60):
        if game.over or game.state.turn != 4:
            break
        who = me if game.pending.player == 0 else them
        game.apply(who.choose(game))
    assert game.over and game.result.winner == 0


def test_lethal_is_not_taken_for_granted_when_a_burst_is_set_cr_10_9():
    """A set burst may answer an attack (CR 10-9), so the shortcut leaves that position to the search."""
    game = attack_step(FOUR_PUPS, ["{card: T-R5, cores: 1}"], life=3, burst="T-MM")
    assert lethal_attack(game, 0, game.legal_commands()) is None
    game = attack_step(FOUR_PUPS, ["{card: T-R5, cores: 1}"], life=3)
    assert isinstance(lethal_attack(game, 0, game.legal_commands()), Attack)


def test_no_lethal_when_the_blockers_can_stop_enough_attacks_cr_7_1_5_3_1():
    game = attack_step(FOUR_PUPS, ["{card: T-R5, cores: 1}", "{card: T-R3, cores: 1}"], life=3)
    assert lethal_attack(game, 0, game.legal_commands()) is None  # two blocked, two hits: 2 < 3


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_it_keeps_defending_when_the_opponent_has_lethal_on_board_cr_7_1_5_2_1(level):
    """Four one-symbol attackers against three lives and one 3000 BP blocker: the attacker wins whatever the
    defender does, if it plays on. The defender still blocks the first 1000 BP attacker, which its blocker beats
    and destroys (CR 7-1-5-2-1): against a player who then stops attacking, that keeps its life and its board."""
    game = attack_step(FOUR_PUPS, ["{card: T-R3, cores: 1}"], life=3)
    game.apply(Attack(0, game.state.players[0].field[0]))
    while game.pending.kind == "flash":
        game.apply(Pass(game.pending.player))
    assert game.pending.kind == "block"
    knight = game.state.players[1].field[0]
    assert player(level, 1).choose(game) == Block(1, knight)


def _root(*children):
    root = _Node()
    for i, (visits, value) in enumerate(children):
        n = root.children[i] = _Node()
        n.visits, n.value = visits, value
        root.visits += visits
    return root


def test_the_search_thinks_on_only_where_the_two_best_options_are_close():
    assert _close(_root((100, 50.0), (90, 44.0)))  # 0.50 against 0.49, nearly as many visits
    assert not _close(_root((100, 50.0), (40, 10.0)))  # a clear leader
    assert not _close(_root((100, 50.0), (95, 20.0)))  # as many visits, far apart in value


def test_the_search_stops_early_once_the_leader_cannot_be_caught():
    root = _root((300, 150.0), (20, 5.0))
    assert _decided(root, rate=1000.0, left=0.1)  # 100 iterations left cannot close a 280-visit gap
    assert not _decided(root, rate=1000.0, left=0.5)


@pytest.mark.parametrize("level", ["normal", "hard", "sensible"])
def test_it_fires_its_set_burst_when_the_moment_comes_cr_10_9_3(level):
    """Player 2's set burst (a mill of 6 on "life reduced") is offered when the attack takes a life (CR 10-9-3).
    The evaluation cannot see what a mill is worth, yet keeping the burst face down wastes it."""
    game = attack_step(["{card: T-R1, cores: 1}"], [], life=4, burst="E-MILLB")
    game.apply(Attack(0, game.state.players[0].field[0]))
    me = player(level, 1)
    for _ in range(20):
        pend = game.pending
        if pend.kind == "choose" and pend.player == 1 and pend.info.get("source") == game.state.players[1].burst:
            break
        game.apply(player("sensible", pend.player).choose(game) if pend.player == 0 else me.choose(game))
    else:
        raise AssertionError("the burst was not offered")
    assert me.choose(game).value is True


def test_the_coming_attack_counts_the_spirits_summoned_in_the_attackers_main_step_cr_7_1_5_3_1():
    """A played-out turn ends at the start of the other player's main step. Their cores and hand are still to be
    spent on spirits that attack this turn, so a defender at 2 life with no refreshed spirit faces lethal: the
    evaluation must not score that position as safe (it did, and Normal attacked with everything into it)."""
    from bss_desktop.ai.evaluate import _coming_loss, evaluate

    def their_main(reserve: int):
        return position(f"""
            turn: 4
            turn_player: 1
            first_player: 0
            step: main
            players:
              - {{life: 2, reserve: 0, hand: [], field: [{{card: T-R3, cores: 1, exhausted: true}}]}}
              - {{life: 3, reserve: {reserve}, hand: [T-R1, T-R3, T-B2, T-R1], field: []}}
        """)
    game, safe = their_main(6), their_main(0)
    assert _coming_loss(game, 1) >= 2
    assert _coming_loss(safe, 1) == 0  # no core to summon with
    assert evaluate(game, 0) < evaluate(safe, 0)


def _tree(**options):
    """Hard's root after a fixed budget in the main step of helpers.MAIN (two spirits in hand, 4 cores)."""
    hard = HardPlayer(0, 3, iterations=160, trees=1, **options)
    roots = []
    step = hard._iterate
    hard._iterate = lambda game, root, *rest: (roots.append(root), step(game, root, *rest))
    hard.choose(position(MAIN))
    return roots[0]


def _below(root) -> list:
    out, stack = [], list(root.children.values())
    while stack:
        node = stack.pop()
        out.append(node)
        stack.extend(node.children.values())
    return out


def test_below_the_root_the_search_widens_with_the_visits():
    """Trying every continuation once before any twice spread a root option's visits over lines nobody would play,
    and their mean sank below the line worth playing. With `widen` a node below the root opens with the
    rule-of-thumb player's choice and gets another child only as its visits grow (the default)."""
    def crowded(root):
        return [n for n in _below(root) if len(n.children) > 1 + int(WIDEN * math.sqrt(n.visits))]
    assert crowded(_tree(widen=None))  # breadth first: the bound is broken, so the check below can fail
    narrow = _tree()
    assert not crowded(narrow)
    assert any(n.visits >= 16 for n in _below(narrow))  # the visits went deep, not only wide


def test_the_weights_option_scores_the_playouts_ends_with_those_weights():
    """`weights=` (how a fitted evaluation is tried in the arena, tune-eval's output): with every weight zero, a
    played-out position that is not a finished game scores 0, so no option's mean reward can depart from 0 unless a
    playout ends the game; the hand-written weights give this position's options unequal rewards."""
    from bss_desktop.ai.evaluate import WEIGHTS

    zero = {k: (tuple(0 for _ in v) if isinstance(v, tuple) else (v if k in ("new_attackers", "hand_cap") else 0))
            for k, v in WEIGHTS.items()}
    game = attack_step(["{card: T-R3, cores: 1}", "{card: T-R1, cores: 1}"], ["{card: T-R1, cores: 1}"], life=5)
    flat = HardPlayer(0, 3, iterations=60, weights=zero)
    flat.choose(game)
    assert set(flat.values.values()) == {0.0}
    hand = HardPlayer(0, 3, iterations=60)
    hand.choose(game)
    assert len(set(hand.values.values())) > 1
