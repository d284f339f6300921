"""An illegal command names the rule and leaves the state byte-for-byte unchanged (checked with state_hash()).

Part (a) is a table of concrete illegal commands in concrete positions; part (b) throws random
command objects at random points of random games: every one either applies cleanly (and the
invariants still hold) or raises IllegalCommand without changing anything.
"""
from __future__ import annotations

import dataclasses
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bss_desktop.engine import (Attack, Block, Concede, CoreMove, EndAttack, EndMain, IllegalCommand, MoveCores,
                                Mulligan, Pass, PlaceNexus, SetBurst, Summon, UseMagic, invariants)
from bss_desktop.engine.commands import (ALL_COMMANDS, Activate, Awaken, Choose, ManualCores, ManualExhaust, ManualMove,
                                         ManualNote, ManualRandom, ManualReveal, ManualShuffle, ManualToken,
                                         ManualDeck, ManualLook)
from bss_desktop.sim.policy import RandomPolicy
from helpers import new_game, position

# ---------------------------------------------------------------- positions

# Player 1 (index 0) in the main step of turn 3. Field symbols: red, red (Red Pup, Red Forge).
MAIN = """
turn: 3
turn_player: 0
players:
  - life: 5
    reserve: 3
    trash_cores: 2
    hand: [T-R3, T-MF, T-MM, T-MM, T-NX, T-NX2, T-P3, T-R1]
    deck: [T-W0, T-B2, T-W0, T-W0]
    trash: [T-B2]
    field:
      - {card: T-R1, cores: 2}
      - {card: T-NX, cores: 0}
  - life: 5
    reserve: 4
    hand: [T-R1, T-W0]
    field:
      - {card: T-R3, cores: 1}
"""

# The same, but player 1's soul core is in the trash (it paid for something earlier this turn).
MAIN_SOUL_IN_TRASH = MAIN.replace("trash_cores: 2\n", "trash_cores: 2\n    soul_core: trash\n", 1)

# A burst was already set this turn (CR 6-6-1-2-2).
MAIN_BURST_SET = MAIN.replace("trash: [T-B2]\n", "trash: [T-B2]\n    burst: T-MM\n    burst_set_this_turn: true\n", 1)

# Player 1's attack step; player 2 has a refreshed spirit, an exhausted spirit and a nexus.
ATTACK = """
turn: 3
turn_player: 0
step: attack
players:
  - life: 5
    reserve: 2
    hand: [T-MM]
    field:
      - {card: T-R3, cores: 2}
      - {card: T-B2, cores: 2, exhausted: true}
      - {card: T-NX, cores: 0}
  - life: 5
    reserve: 3
    hand: [T-MM, T-MB]
    field:
      - {card: T-R1, cores: 1}
      - {card: T-B2, cores: 2, exhausted: true}
      - {card: T-NX2, cores: 1}
"""

# Player 1's cores are all in the trash, the soul core too: nothing can be paid for.
POOR = """
turn: 3
turn_player: 0
players:
  - life: 5
    reserve: 0
    soul_core: trash
    trash_cores: 4
    hand: [T-P3, T-NX2, T-MM]
  - {life: 5, reserve: 3}
"""

# Player 2 has no life left: the game is over before anyone acts (CR 1-2-1-1-1).
OVER = """
turn: 3
turn_player: 0
players:
  - {life: 5, reserve: 3, hand: [T-R1]}
  - {life: 0, reserve: 3, hand: [T-R1]}
"""


def at(game, player: int, zone: str, cid: str, n: int = 0) -> int:
    """The iid of the n-th card `cid` in `player`'s `zone`."""
    st_ = game.state
    p = st_.players[player]
    iids = [p.burst] if zone == "burst" else getattr(p, zone)
    found = [i for i in iids if i is not None and st_.cards[i].cid == cid]
    return found[n]


def attacking(game):
    """Player 1 attacks with Red Knight: the defender (player 2) now has priority in the first flash window."""
    game.apply(Attack(0, at(game, 0, "field", "T-R3")))
    return game


def blocking(game):
    """Player 1 attacks and both players pass: player 2's block decision."""
    attacking(game)
    game.apply(Pass(1))
    game.apply(Pass(0))
    assert game.pending.kind == "block"
    return game


def conceded(game):
    game.apply(Concede(1))
    assert game.over
    return game


SETUPS = {
    "main": lambda: position(MAIN),
    "main_soul_in_trash": lambda: position(MAIN_SOUL_IN_TRASH),
    "main_burst_set": lambda: position(MAIN_BURST_SET),
    "poor": lambda: position(POOR),
    "attack": lambda: position(ATTACK),
    "flash": lambda: attacking(position(ATTACK)),
    "block": lambda: blocking(position(ATTACK)),
    "mulligan": lambda: new_game(1, first_player=0),
    "conceded": lambda: conceded(position(MAIN)),
    "over": lambda: position(OVER),
}

R = "reserve"

# (id, setup, command built from the game, expected rule)
CASES = [
    # ---- whose decision it is
    ("wrong player ends the main step", "main", lambda g: EndMain(1), "CR 6-6-1-2-5"),
    ("wrong player summons", "main", lambda g: Summon(1, at(g, 1, "hand", "T-R1")), "CR 6-6-1-2-1"),
    ("wrong player places a nexus", "main", lambda g: PlaceNexus(1, at(g, 1, "hand", "T-W0")), "CR 6-6-1-2-1"),
    ("wrong player mulligans", "mulligan", lambda g: Mulligan(1, False), "CR 5-2-7"),
    ("mulligan in the main step", "main", lambda g: Mulligan(0, True), "CR 5-2-7"),
    ("player 3 does not exist", "main", lambda g: EndMain(2), "CR 1-1-1"),
    # ---- summoning (CR 10-6)
    ("summon a card in the deck", "main", lambda g: Summon(0, at(g, 0, "deck", "T-B2")), "CR 10-6-1"),
    ("summon a card in the trash", "main", lambda g: Summon(0, at(g, 0, "trash", "T-B2")), "CR 10-6-1"),
    ("summon a card already on the field", "main", lambda g: Summon(0, at(g, 0, "field", "T-R1")), "CR 10-6-1"),
    ("summon the opponent's hand card", "main", lambda g: Summon(0, at(g, 1, "hand", "T-R1")), "CR 10-6-1"),
    ("summon the opponent's field card", "main", lambda g: Summon(0, at(g, 1, "field", "T-R3")), "CR 10-6-1"),
    ("summon a card that does not exist", "main", lambda g: Summon(0, 999), "CR 10-6-1"),
    ("summon a magic card as a spirit", "main", lambda g: Summon(0, at(g, 0, "hand", "T-MM")), "CR 10-6-1"),
    ("summon a nexus card as a spirit", "main", lambda g: Summon(0, at(g, 0, "hand", "T-NX")), "CR 10-6-1"),
    # Purple Shade costs 3 (no purple symbol on the field)
    ("payment too small", "main",
     lambda g: Summon(0, at(g, 0, "hand", "T-P3"), pay=((R, 2),), place=((R, 1),)), "CR 10-6-6"),
    # Red Knight costs 3 - 2 (two red symbols) = 1
    ("payment too large", "main",
     lambda g: Summon(0, at(g, 0, "hand", "T-R3"), pay=((R, 2),), place=((R, 1),)), "CR 10-6-6"),
    ("payment too large with the soul core", "main",
     lambda g: Summon(0, at(g, 0, "hand", "T-R3"), pay=((R, 1),), pay_soul=True, place=((R, 1),)), "CR 10-6-6"),
    ("payment from life", "main",
     lambda g: Summon(0, at(g, 0, "hand", "T-R3"), pay=(("life", 1),), place=((R, 1),)), "CR 10-6-6"),
    ("payment from the trash", "main",
     lambda g: Summon(0, at(g, 0, "hand", "T-R3"), pay=(("trash", 1),), place=((R, 1),)), "CR 10-6-6"),
    ("payment from the opponent's spirit", "main",
     lambda g: Summon(0, at(g, 0, "hand", "T-R3"), pay=((at(g, 1, "field", "T-R3"), 1),), place=((R, 1),)),
     "CR 10-6-6"),
    ("payment from a card that does not exist", "main",
     lambda g: Summon(0, at(g, 0, "hand", "T-R3"), pay=((999, 1),), place=((R, 1),)), "CR 10-6-6"),
    ("payment from a card in the hand", "main",
     lambda g: Summon(0, at(g, 0, "hand", "T-R3"), pay=((at(g, 0, "hand", "T-R1"), 1),), place=((R, 1),)),
     "CR 10-6-6"),
    ("payment of more cores than a card holds", "main",
     lambda g: Summon(0, at(g, 0, "hand", "T-P3"), pay=((at(g, 0, "field", "T-R1"), 3),), place=((R, 1),)),
     "CR 10-6-6"),
    ("payment of more cores than the reserve holds", "main",
     lambda g: Summon(0, at(g, 0, "hand", "T-R3"), pay=((R, 4),), place=()), "CR 10-6-6"),
    ("payment with a soul core that is in the trash", "main_soul_in_trash",
     lambda g: Summon(0, at(g, 0, "hand", "T-R3"), pay=(), pay_soul=True, place=((R, 1),)), "CR 10-6-6"),
    ("automatic payment with too few cores", "poor", lambda g: Summon(0, at(g, 0, "hand", "T-P3")), "CR 10-6-6"),
    ("automatic nexus payment with too few cores", "poor", lambda g: PlaceNexus(0, at(g, 0, "hand", "T-NX2")),
     "CR 10-7-6"),
    # ---- placing cores on the summoned spirit (CR 10-6-7)
    ("no cores placed on the new spirit", "main",
     lambda g: Summon(0, at(g, 0, "hand", "T-R3"), pay=((R, 1),), place=()), "CR 10-6-7"),
    ("placement from the opponent's spirit", "main",
     lambda g: Summon(0, at(g, 0, "hand", "T-R3"), pay=((R, 1),), place=((at(g, 1, "field", "T-R3"), 1),)),
     "CR 10-6-7"),
    ("placement reuses the cores just paid", "main",
     lambda g: Summon(0, at(g, 0, "hand", "T-R3"), pay=((R, 1),), place=((R, 3),)), "CR 10-6-7"),
    ("placement from life", "main",
     lambda g: Summon(0, at(g, 0, "hand", "T-R3"), pay=((R, 1),), place=(("life", 1),)), "CR 10-6-7"),
    ("placement of a soul core that is in the trash", "main_soul_in_trash",
     lambda g: Summon(0, at(g, 0, "hand", "T-R3"), pay=((R, 1),), place=(), place_soul=True), "CR 10-6-7"),
    ("the soul core both paid and placed", "main",
     lambda g: Summon(0, at(g, 0, "hand", "T-R3"), pay=(), pay_soul=True, place=(), place_soul=True), "CR 10-6-7"),
    # ---- placing a nexus (CR 10-7)
    ("place a spirit as a nexus", "main", lambda g: PlaceNexus(0, at(g, 0, "hand", "T-R3")), "CR 10-7-1"),
    ("place a magic card as a nexus", "main", lambda g: PlaceNexus(0, at(g, 0, "hand", "T-MM")), "CR 10-7-1"),
    ("place a nexus already on the field", "main", lambda g: PlaceNexus(0, at(g, 0, "field", "T-NX")), "CR 10-7-1"),
    ("place a nexus from the opponent's hand", "main", lambda g: PlaceNexus(0, at(g, 1, "hand", "T-W0")),
     "CR 10-7-1"),
    # Red Forge costs 3 - 1 (one red reduction symbol) = 2
    ("nexus payment too small", "main",
     lambda g: PlaceNexus(0, at(g, 0, "hand", "T-NX"), pay=((R, 1),), place=()), "CR 10-7-6"),
    ("nexus payment too large", "main",
     lambda g: PlaceNexus(0, at(g, 0, "hand", "T-NX"), pay=((R, 3),), place=()), "CR 10-7-6"),
    ("nexus payment from life", "main",
     lambda g: PlaceNexus(0, at(g, 0, "hand", "T-NX"), pay=(("life", 2),), place=()), "CR 10-7-6"),
    # Blue Tower needs 1 core for LV1
    ("nexus placed below LV1", "main",
     lambda g: PlaceNexus(0, at(g, 0, "hand", "T-NX2"), pay=((R, 2),), place=()), "CR 10-7-7"),
    ("nexus placement from the trash", "main",
     lambda g: PlaceNexus(0, at(g, 0, "hand", "T-NX2"), pay=((R, 2),), place=(("trash", 1),)), "CR 10-7-7"),
    # ---- magic (CR 8-1-6-1, 10-8)
    ("flash magic in the main step (ruling 1)", "main", lambda g: UseMagic(0, at(g, 0, "hand", "T-MF")),
     "CR 8-1-6-1"),
    ("main magic in a flash window", "flash", lambda g: UseMagic(1, at(g, 1, "hand", "T-MM")), "CR 8-1-6-1"),
    ("magic by the player without priority", "flash", lambda g: UseMagic(0, at(g, 0, "hand", "T-MM")),
     "CR 8-1-6-1"),
    ("magic in the attack step outside a battle", "attack", lambda g: UseMagic(0, at(g, 0, "hand", "T-MM")),
     "CR 8-1-6-1"),
    ("use a spirit as magic", "main", lambda g: UseMagic(0, at(g, 0, "hand", "T-R1")), "CR 10-8-1"),
    ("use the opponent's card as magic", "main", lambda g: UseMagic(0, at(g, 1, "hand", "T-W0")), "CR 10-8-1"),
    ("magic not paid for", "main", lambda g: UseMagic(0, at(g, 0, "hand", "T-MM"), pay=()), "CR 10-8-6"),
    ("automatic magic payment with too few cores", "poor", lambda g: UseMagic(0, at(g, 0, "hand", "T-MM")),
     "CR 10-8-6"),
    ("magic paid from life", "main", lambda g: UseMagic(0, at(g, 0, "hand", "T-MM"), pay=(("life", 1),)),
     "CR 10-8-6"),
    # ---- bursts (CR 3-8, 6-6-1-2-2)
    ("set a card without a burst effect", "main", lambda g: SetBurst(0, at(g, 0, "hand", "T-R3")), "CR 3-8-4"),
    ("second burst in a turn", "main_burst_set", lambda g: SetBurst(0, at(g, 0, "hand", "T-MM")), "CR 6-6-1-2-2"),
    ("set a burst from the deck", "main", lambda g: SetBurst(0, at(g, 0, "deck", "T-W0")), "CR 6-6-1-2-2"),
    ("set a burst in the attack step", "attack", lambda g: SetBurst(0, at(g, 0, "hand", "T-MM")), "CR 6-6-1-2-2"),
    # ---- moving cores (CR 6-6-1-2-3, 1-3-2)
    ("move cores from life", "main", lambda g: MoveCores(0, (CoreMove("life", R, 1),)), "CR 6-6-1-2-3"),
    ("move cores from the trash", "main", lambda g: MoveCores(0, (CoreMove("trash", R, 1),)), "CR 6-6-1-2-3"),
    ("move cores to the trash", "main", lambda g: MoveCores(0, (CoreMove(R, "trash", 1),)), "CR 6-6-1-2-3"),
    ("move cores from the opponent's spirit", "main",
     lambda g: MoveCores(0, (CoreMove(at(g, 1, "field", "T-R3"), R, 1),)), "CR 6-6-1-2-3"),
    ("move cores onto the opponent's spirit", "main",
     lambda g: MoveCores(0, (CoreMove(R, at(g, 1, "field", "T-R3"), 1),)), "CR 6-6-1-2-3"),
    ("move cores onto a card in the hand", "main",
     lambda g: MoveCores(0, (CoreMove(R, at(g, 0, "hand", "T-R3"), 1),)), "CR 6-6-1-2-3"),
    ("move cores to where they are", "main", lambda g: MoveCores(0, (CoreMove(R, R, 1),)), "CR 1-3-2-2"),
    ("move cores from a card onto itself", "main",
     lambda g: MoveCores(0, (CoreMove(at(g, 0, "field", "T-R1"), at(g, 0, "field", "T-R1"), 1),)), "CR 1-3-2-2"),
    ("move more cores than the card holds", "main",
     lambda g: MoveCores(0, (CoreMove(at(g, 0, "field", "T-R1"), R, 3),)), "CR 6-6-1-2-3"),
    ("move more cores than the reserve holds over two moves", "main",
     lambda g: MoveCores(0, (CoreMove(R, at(g, 0, "field", "T-R1"), 2), CoreMove(R, at(g, 0, "field", "T-NX"), 2))),
     "CR 6-6-1-2-3"),
    ("move no core at all", "main", lambda g: MoveCores(0, (CoreMove(R, at(g, 0, "field", "T-R1"), 0),)),
     "CR 1-3-2-3"),
    ("move a negative number of cores", "main",
     lambda g: MoveCores(0, (CoreMove(R, at(g, 0, "field", "T-R1"), -1),)), "CR 1-3-2-3"),
    ("move the soul core from where it is not", "main",
     lambda g: MoveCores(0, (CoreMove(at(g, 0, "field", "T-R1"), R, 0, True),)), "CR 6-6-1-2-3"),
    ("move a soul core that is in the trash", "main_soul_in_trash",
     lambda g: MoveCores(0, (CoreMove(R, at(g, 0, "field", "T-R1"), 0, True),)), "CR 6-6-1-2-3"),
    ("an empty core move", "main", lambda g: MoveCores(0, ()), "CR 6-6-1-2-3"),
    ("move cores in the attack step", "attack",
     lambda g: MoveCores(0, (CoreMove(R, at(g, 0, "field", "T-R3"), 1),)), "CR 6-6-1-2-3"),
    ("move cores in the opponent's main step", "main",
     lambda g: MoveCores(1, (CoreMove(R, at(g, 1, "field", "T-R3"), 1),)), "CR 6-6-1-2-3"),
    # ---- attacking (CR 7-1-1-1, 6-7-3-2)
    ("attack with an exhausted spirit", "attack", lambda g: Attack(0, at(g, 0, "field", "T-B2")), "CR 7-1-1-1"),
    ("attack with a nexus", "attack", lambda g: Attack(0, at(g, 0, "field", "T-NX")), "CR 7-1-1-1"),
    ("attack with the opponent's spirit", "attack", lambda g: Attack(0, at(g, 1, "field", "T-R1")), "CR 7-1-1-1"),
    ("attack with a card in the hand", "attack", lambda g: Attack(0, at(g, 0, "hand", "T-MM")), "CR 7-1-1-1"),
    ("attack in the main step", "main", lambda g: Attack(0, at(g, 0, "field", "T-R1")), "CR 7-1-1-1"),
    ("the defender attacks", "attack", lambda g: Attack(1, at(g, 1, "field", "T-R1")), "CR 7-1-1-1"),
    ("attack during a battle", "flash", lambda g: Attack(0, at(g, 0, "field", "T-R3")), "CR 7-1-1-1"),
    ("end the attack step in the main step", "main", lambda g: EndAttack(0), "CR 6-7-3-2"),
    ("end the attack step during a battle", "flash", lambda g: EndAttack(0), "CR 6-7-3-2"),
    # ---- blocking (CR 7-1-3-1)
    ("block with an exhausted spirit", "block", lambda g: Block(1, at(g, 1, "field", "T-B2")), "CR 7-1-3-1"),
    ("block with a nexus", "block", lambda g: Block(1, at(g, 1, "field", "T-NX2")), "CR 7-1-3-1"),
    ("block with the attacker's spirit", "block", lambda g: Block(1, at(g, 0, "field", "T-B2")), "CR 7-1-3-1"),
    ("the attacker blocks", "block", lambda g: Block(0, None), "CR 7-1-3-1"),
    ("block before the flash window ends", "flash", lambda g: Block(1, at(g, 1, "field", "T-R1")), "CR 7-1-3-1"),
    # ---- flash windows (CR 7-1-2-1)
    ("pass in the main step", "main", lambda g: Pass(0), "CR 7-1-2-1"),
    ("pass in the attack step outside a battle", "attack", lambda g: Pass(1), "CR 7-1-2-1"),
    ("pass out of turn in a flash window", "flash", lambda g: Pass(0), "CR 7-1-2-1"),
    ("pass instead of blocking", "block", lambda g: Pass(1), "CR 7-1-2-1"),
    # ---- the game is over (CR 1-2-1)
    ("end the main step after a concession", "conceded", lambda g: EndMain(0), "CR 1-2-1"),
    ("concede after a concession", "conceded", lambda g: Concede(0), "CR 1-2-1"),
    ("summon after a concession", "conceded", lambda g: Summon(0, at(g, 0, "hand", "T-R1")), "CR 1-2-1"),
    ("summon when the opponent has no life", "over", lambda g: Summon(0, at(g, 0, "hand", "T-R1")), "CR 1-2-1"),
    ("concede when the game is over", "over", lambda g: Concede(1), "CR 1-2-1"),
]


def _check_refused(game, cmd, rule: str) -> IllegalCommand:
    before = game.state_hash()
    n_history = len(game.history)
    n_hashes = len(game.hashes)
    with pytest.raises(IllegalCommand) as info:
        game.apply(cmd)
    assert info.value.rule == rule, info.value
    assert game.state_hash() == before
    assert len(game.history) == n_history
    assert len(game.hashes) == n_hashes
    return info.value


@pytest.mark.parametrize("setup,make,rule", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_illegal_command_names_the_rule_and_changes_nothing(setup, make, rule):
    game = SETUPS[setup]()
    before = game.state_hash()
    cmd = make(game)
    assert game.state_hash() == before  # building the command did not touch the game
    err = _check_refused(game, cmd, rule)
    assert err.message  # a human-readable reason as well as the rule
    # the refused command is not on the list of legal ones either
    assert cmd not in game.legal_commands()


def test_the_table_is_large_and_its_setups_are_live():
    assert len(CASES) >= 25
    for name, make in SETUPS.items():
        game = make()
        if name in ("conceded", "over"):
            assert game.over
        else:
            assert game.pending is not None
    assert position(MAIN_SOUL_IN_TRASH).state.players[0].soul == "trash"
    assert position(MAIN_BURST_SET).state.players[0].burst is not None


def test_cr_6_6_1_2_2_second_burst_set_in_the_same_turn_by_commands():
    game = position(MAIN)
    game.apply(SetBurst(0, at(game, 0, "hand", "T-MM", 0)))
    _check_refused(game, SetBurst(0, at(game, 0, "hand", "T-MM")), "CR 6-6-1-2-2")


def test_a_refused_command_can_be_followed_by_a_legal_one_with_the_same_result():
    """After a refusal the game goes on exactly as if the refused command had never been sent."""
    clean = position(MAIN)
    noisy = position(MAIN)
    for make, rule in ((lambda g: Summon(0, at(g, 0, "hand", "T-R3"), pay=((R, 2),), place=((R, 1),)), "CR 10-6-6"),
                       (lambda g: MoveCores(0, (CoreMove("life", R, 1),)), "CR 6-6-1-2-3"),
                       (lambda g: Pass(0), "CR 7-1-2-1")):
        _check_refused(noisy, make(noisy), rule)
    cmd = Summon(0, at(clean, 0, "hand", "T-R3"), pay=((R, 1),), place=((R, 1),))
    assert clean.apply(cmd) == noisy.apply(cmd)
    assert clean.state_hash() == noisy.state_hash()
    assert clean.hashes == noisy.hashes


# ---------------------------------------------------------------- negative counts hidden in core selections


def _pup_in_hand_knight_on_field():
    """Red Pup (cost 0 here, thanks to the knight's red symbol) in hand; Red Knight with 2 cores."""
    game = position("""
        turn: 3
        turn_player: 0
        players:
          - life: 5
            reserve: 3
            hand: [T-R1]
            field: [{card: T-R3, cores: 2}]
          - {life: 5, reserve: 3}
    """)
    return game, at(game, 0, "hand", "T-R1"), at(game, 0, "field", "T-R3")

def test_cr_10_6_6_a_negative_core_count_in_a_payment_is_refused():
    """A payment of (reserve 1, Red Knight -1) adds up to Red Pup's cost of 0 but takes a core
    *onto* Red Knight: a core move disguised as a payment. Counts in core selections must not be negative."""
    game, r1, knight = _pup_in_hand_knight_on_field()
    assert game.cost_of(r1) == 0
    _check_refused(game, Summon(0, r1, pay=((R, 1), (knight, -1)), place=((R, 1),)), "CR 10-6-6")


def test_cr_10_6_7_a_negative_core_count_in_a_placement_is_refused():
    """Placing (reserve -1, Red Knight 2) puts one core on the new spirit but also moves a core into the reserve."""
    game, r1, knight = _pup_in_hand_knight_on_field()
    _check_refused(game, Summon(0, r1, pay=(), place=((R, -1), (knight, 2))), "CR 10-6-7")


def test_cr_10_8_6_a_negative_core_count_cannot_move_cores_during_a_flash_window():
    """Both Bolt costs 0. Paying (reserve 1, Red Pup -1) in a flash window would move a core from the
    reserve onto Red Pup, which only the main step allows (CR 6-6-1-2-3)."""
    game = attacking(position(ATTACK))
    bolt = at(game, 1, "hand", "T-MB")
    pup = at(game, 1, "field", "T-R1")
    _check_refused(game, UseMagic(1, bolt, pay=((R, 1), (pup, -1))), "CR 10-8-6")


# ---------------------------------------------------------------- a legal summon the engine refuses

ONE_CORE_AND_SOUL = """
turn: 3
turn_player: 0
players:
  - {life: 5, reserve: 1, hand: [T-R1]}
  - {life: 5, reserve: 3}
"""


@pytest.mark.parametrize("given", ["pay", "place"])
def test_cr_10_6_7_the_default_half_of_a_summon_uses_the_cores_the_given_half_leaves(given):
    """Red Pup costs 1 and needs 1 core for LV1; the player has 1 reserve core and the soul core.

    Either core may pay and the other be placed (CR 10-6-6, 10-6-7). Giving only the payment (or only
    the placement) and leaving the other half to the automatic default must use the core that is
    left, not pick the reserve core a second time and refuse a legal summon.
    """
    game = position(ONE_CORE_AND_SOUL)
    pup = at(game, 0, "hand", "T-R1")
    player = game.state.players[0]
    assert game.cost_of(pup) == 1
    if given == "pay":  # pay the reserve core: the default placement must be the soul core
        game.apply(Summon(0, pup, pay=((R, 1),)))
        assert (player.soul, player.trash_cores) == (pup, 1)
    else:  # place the reserve core: the default payment must be the soul core
        game.apply(Summon(0, pup, place=((R, 1),)))
        assert (player.soul, player.trash_cores, game.state.cards[pup].cores) == ("trash", 0, 1)
    assert pup in player.field and game.cores_on(pup) == 1 and player.reserve == 0
    assert not invariants.check(game)


# ---------------------------------------------------------------- (b) random commands at random points

ALL_CLASSES = tuple(ALL_COMMANDS)
ZONE_WORDS = ["reserve", "life", "trash", "void", "field", "hand", "deck", "burst", "", "x"]


def _play_to(seed: int, steps: int, first_player):
    game = new_game(seed, first_player=first_player)
    policy = RandomPolicy(seed)
    for _ in range(steps):
        if game.over:
            break
        game.apply(policy.choose(game))
    return game


def _random_command(data, game):
    n_cards = len(game.state.cards)
    card_id = st.one_of(
        st.integers(1, n_cards),  # a real card, anywhere
        st.integers(-3, n_cards + 5),  # mostly real, some not
        st.sampled_from([0, -1, 10**9]),
        st.sampled_from(ZONE_WORDS),
        st.none(),
    )
    loc = st.one_of(st.just("reserve"), st.integers(1, n_cards), card_id)
    count = st.integers(-2, 7)
    sel = st.one_of(st.none(), st.lists(st.tuples(loc, count), max_size=3).map(tuple))
    player = st.integers(0, 1)
    flag = st.booleans()
    cls = data.draw(st.sampled_from(ALL_CLASSES), label="class")
    p = data.draw(player, label="player")
    if cls is Mulligan:
        return Mulligan(p, data.draw(flag))
    if cls is Summon:
        return Summon(p, data.draw(card_id), data.draw(sel), data.draw(flag), data.draw(sel), data.draw(flag),
                      data.draw(st.one_of(st.none(), card_id)))
    if cls is PlaceNexus:
        return cls(p, data.draw(card_id), data.draw(sel), data.draw(flag), data.draw(sel), data.draw(flag))
    if cls is UseMagic:
        return UseMagic(p, data.draw(card_id), data.draw(sel), data.draw(flag))
    if cls is SetBurst:
        return SetBurst(p, data.draw(card_id))
    if cls is MoveCores:
        moves = data.draw(st.lists(st.builds(CoreMove, loc, loc, count, flag), max_size=3).map(tuple))
        return MoveCores(p, moves)
    if cls is Attack:
        return Attack(p, data.draw(card_id))
    if cls is Block:
        return Block(p, data.draw(card_id))
    if cls is Activate:
        return Activate(p, data.draw(card_id), data.draw(st.one_of(st.integers(-1, 4), card_id)))
    if cls is Awaken:
        return Awaken(p, data.draw(card_id), data.draw(st.lists(st.tuples(loc, count), max_size=3).map(tuple)),
                      data.draw(flag))
    if cls is ManualMove:
        return ManualMove(p, data.draw(card_id), data.draw(st.sampled_from(["hand", "deck", "trash", "field", "burst",
                                                                           "void", 3])),
                          data.draw(flag), data.draw(count))
    if cls is ManualCores:
        return ManualCores(p, data.draw(st.integers(-1, 2)), data.draw(loc), data.draw(st.one_of(loc, st.just("life"))),
                           data.draw(count), data.draw(flag))
    if cls is ManualExhaust:
        return ManualExhaust(p, data.draw(card_id), data.draw(flag))
    if cls is ManualShuffle:
        return ManualShuffle(p, data.draw(st.integers(-1, 2)))
    if cls is ManualDeck:
        return ManualDeck(p, data.draw(st.integers(-1, 2)), data.draw(st.sampled_from(["hand", "trash", "field", "x"])),
                          data.draw(st.integers(-1, 60)))
    if cls is ManualLook:
        return ManualLook(p, data.draw(st.integers(-1, 2)), data.draw(st.integers(-1, 60)))
    if cls is ManualRandom:
        return ManualRandom(p, data.draw(st.integers(-1, 200)))
    if cls is ManualReveal:
        return ManualReveal(p, data.draw(st.lists(card_id, max_size=3).map(tuple)))
    if cls is ManualToken:
        return ManualToken(p, data.draw(st.integers(-1, 2)), data.draw(st.text(max_size=70)),
                           data.draw(st.sampled_from(["red", "white", "pink", ""])), data.draw(st.integers(-5, 200000)))
    if cls is ManualNote:
        return ManualNote(p, data.draw(st.text(max_size=220)))
    if cls is Choose:
        return Choose(p, data.draw(st.one_of(st.none(), flag, st.integers(-2, 9),
                                             st.lists(card_id, max_size=3).map(tuple))))
    return cls(p)  # EndMain, EndAttack, Pass, Concede


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 160), first_player=st.sampled_from([0, 1, None]),
       data=st.data())
def test_random_commands_either_apply_soundly_or_change_nothing(seed, steps, first_player, data):
    game = _play_to(seed, steps, first_player)
    for _ in range(data.draw(st.integers(1, 8), label="commands")):
        # now and then a legal command, so the random ones land in varied situations
        legal = game.legal_commands()
        if legal and data.draw(st.booleans(), label="legal?"):
            cmd = data.draw(st.sampled_from(legal), label="legal command")
        else:
            cmd = _random_command(data, game)
        before = game.state_hash()
        n_history = len(game.history)
        try:
            game.apply(cmd)
        except IllegalCommand as e:
            assert e.rule.startswith("CR ") or e.rule.startswith("ruling"), e.rule
            assert game.state_hash() == before, f"{cmd} was refused ({e}) but changed the state"
            assert len(game.history) == n_history
        else:
            assert len(game.history) == n_history + 1
            # the record holds the command with automatic core choices (None) made concrete
            recorded = game.history[-1]
            filled = {f: getattr(recorded, f) for f in ("pay", "pay_soul", "place", "place_soul")
                      if getattr(cmd, f, "") is None or (f.endswith("_soul") and getattr(cmd, f[:-5], "") is None)}
            assert recorded == dataclasses.replace(cmd, **filled)
            problems = invariants.check(game)
            assert not problems, f"after {cmd}: {problems}"
