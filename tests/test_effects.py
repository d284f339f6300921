"""CR 8 and 10: effect types, triggers, the resolution queue, choices, costs, targets,
continuous effects, substitution, bursts, tokens, magic — each from a concrete position."""
import pytest

from bss_desktop.engine import (Activate, Attack, Block, Choose, CoreMove, EndAttack, EndMain, IllegalCommand, PlaceNexus,
                                MoveCores, Pass, Summon, UseMagic)
from helpers import hand_iid, position


def game_with(p0_field=(), p0_hand=(), p1_field=(), p1_hand=(), *, reserve0=6, reserve1=3, life1=5, step="main",
              burst1=None, deck0=None, deck1=None, turn=3, turn_player=0):
    def rows(cards):
        return "[" + ", ".join(cards) + "]"

    deck0 = deck0 if deck0 is not None else ["T-W0"] * 10
    deck1 = deck1 if deck1 is not None else ["T-W0"] * 10
    return position(f"""
        turn: {turn}
        turn_player: {turn_player}
        step: {step}
        players:
          - {{life: 5, reserve: {reserve0}, hand: {list(p0_hand)}, field: {rows(p0_field)}, deck: {deck0}}}
          - {{life: {life1}, reserve: {reserve1}, hand: {list(p1_hand)}, field: {rows(p1_field)}, deck: {deck1},
              burst: {burst1 or 'null'}}}
    """)


def field(game, p, i=0):
    return game.state.players[p].field[i]


def answer(game, value):
    pend = game.pending
    assert pend.kind == "choose", pend
    return game.apply(Choose(pend.player, value))


def kinds(events):
    return [e.kind for e in events]


def to_block(game, attacker):
    game.apply(Attack(game.state.turn_player, attacker))
    while game.pending.kind == "flash":
        game.apply(Pass(game.pending.player))


# ---------------------------------------------------------------- triggered effects and "may" (CR 8-1-5, 8-1-8)

def test_cr_8_1_8_a_may_effect_asks_and_can_be_declined():
    game = game_with(p0_hand=["E-SCOUT", "E-SCOUT"])
    hand = len(game.state.players[0].hand)
    game.apply(Summon(0, game.state.players[0].hand[0]))
    assert game.pending.kind == "choose" and game.pending.info["kind"] == "may"
    answer(game, False)
    assert len(game.state.players[0].hand) == hand - 1 and game.pending.kind == "main"
    game.apply(Summon(0, game.state.players[0].hand[0]))
    answer(game, True)
    assert len(game.state.players[0].hand) == hand - 1  # summoned one, drew one


def test_cr_8_5_3_1_exact_targets_must_be_chosen_and_all_are_taken_when_too_few():
    game = game_with(p0_hand=["E-SNIPE"], p1_field=["T-R1", "T-Y2", "T-G4"])
    game.apply(Summon(0, game.state.players[0].hand[0]))
    info = game.pending.info
    # Green Stag (4000 BP) is not a candidate; Red Pup and Yellow Lamp are
    assert info["kind"] == "target" and (info["min"], info["max"]) == (1, 1) and len(info["options"]) == 2
    before = game.state_hash()
    with pytest.raises(IllegalCommand) as e:
        answer(game, [])  # must select one (CR 8-5-3-1)
    assert e.value.rule == "CR 8-5-3-1" and game.state_hash() == before
    with pytest.raises(IllegalCommand):
        answer(game, [field(game, 1, 2)])  # not a candidate
    answer(game, [info["options"][1]])
    assert len(game.state.players[1].field) == 2


def test_cr_8_5_3_1_a_single_candidate_is_taken_without_asking():
    game = game_with(p0_hand=["E-SNIPE"], p1_field=["T-R1", "T-G4"])
    game.apply(Summon(0, game.state.players[0].hand[0]))
    assert game.pending.kind == "main" and len(game.state.players[1].field) == 1


def test_cr_8_5_3_4_no_candidate_means_the_directive_is_skipped():
    game = game_with(p0_hand=["E-SNIPE"], p1_field=["T-G4"])
    events = game.apply(Summon(0, game.state.players[0].hand[0]))
    assert "destroyed" not in kinds(events) and game.pending.kind == "main"


# ---------------------------------------------------------------- X and effect costs (CR 4-6, 8-4)

def test_cr_4_6_2_x_is_chosen_by_the_controller_and_used_throughout_the_effect():
    # Measured Insight: "you may send X cores from your reserve to your trash to draw X cards" (X up to 3)
    game = game_with(p0_hand=["E-XDRAW"], reserve0=3)
    p = game.state.players[0]
    game.apply(UseMagic(0, p.hand[0]))
    assert game.pending.info["kind"] == "may"  # CR 8-4-1: paying the cost is the player's choice
    answer(game, True)
    assert game.pending.info["kind"] == "x" and game.pending.info["options"] == [0, 1, 2, 3]
    answer(game, 2)
    assert game.pending.info["kind"] == "cores"  # the soul core is in the reserve too: core or soul core (CR 8-5-6)
    answer(game, [0, 0])
    assert p.trash_cores == 2 and len(p.hand) == 2  # paid X = 2 cores, drew X = 2 cards (CR 4-6-3)
    assert p.soul == "reserve"


def test_cr_8_4_2_3_x_can_only_be_a_value_whose_cost_can_be_paid():
    game = game_with(p0_hand=["E-XDRAW"], reserve0=1)
    p = game.state.players[0]
    game.apply(UseMagic(0, p.hand[0]))
    answer(game, True)
    assert game.pending.info["options"] == [0, 1, 2]  # 1 core and the soul core in the reserve: X = 3 is unpayable
    before = game.state_hash()
    with pytest.raises(IllegalCommand) as e:
        answer(game, 3)
    assert e.value.rule == "CR 4-6-2" and game.state_hash() == before and p.trash_cores == 0


def test_cr_8_4_2_4_an_effect_whose_cost_cannot_be_paid_does_not_activate():
    # Spur Rider: (When Attacks) you may send 2 cores from your reserve to your trash to refresh it. One core only:
    # it does not activate, and its player is not even asked
    game = game_with(p0_field=["{card: E-SPUR}"], reserve0=0, step="attack", turn=4)
    game.state.players[0].soul = "trash"
    spur = field(game, 0)
    events = game.apply(Attack(0, spur))
    assert "effect_fizzled" in kinds(events) and game.pending.kind == "flash"
    assert game.state.cards[spur].exhausted


def test_cr_8_4_optional_cost_paid_for_the_effect():
    game = game_with(p0_field=["{card: E-SPUR}"], reserve0=2, step="attack", turn=4)
    spur = field(game, 0)
    game.apply(Attack(0, spur))
    answer(game, True)  # pay 2 cores to refresh
    answer(game, [0, 0])  # two regular cores, not the soul core (CR 8-5-6)
    assert not game.state.cards[spur].exhausted and game.state.players[0].reserve == 0


# ---------------------------------------------------------------- "all" effects and fixed sets (CR 8-8-1-4)

def test_cr_8_8_1_4_a_magic_all_effect_fixes_its_targets_when_it_resolves():
    game = game_with(p0_hand=["E-WAVE"], p1_field=["T-R3", "T-G4"], reserve0=1)
    knight, stag = field(game, 1, 0), field(game, 1, 1)
    game.apply(UseMagic(0, game.state.players[0].hand[0]))
    assert game.bp(knight) == 1000 and game.bp(stag) == 2000
    # the set is fixed: a spirit entering the field later this turn would not be in it
    assert game.state.continuous[0].targets == frozenset({knight, stag})


def test_cr_9_4_2_1_bp_reduced_to_zero_by_an_effect_destroys_as_destroyed_by_it():
    game = game_with(p0_hand=["E-WAVE"], p1_field=["T-R1", "T-G4"], reserve0=1)
    pup = field(game, 1, 0)
    events = game.apply(UseMagic(0, game.state.players[0].hand[0]))
    d = [e for e in events if e.kind == "destroyed"]
    assert [e["card"] for e in d] == [pup] and d[0]["cause"][0] == "effect_bp"


# ---------------------------------------------------------------- destruction triggers (CR 8-6-3, 10-15, 10-1-1-1)

def test_cr_8_6_3_one_trigger_for_several_spirits_destroyed_at_once():
    game = game_with(p0_hand=["E-QUAKE"], p1_field=["T-R1", "T-Y2", "E-MOURN"], reserve0=1)
    hand = len(game.state.players[1].hand)
    game.apply(UseMagic(0, game.state.players[0].hand[0]))
    assert len(game.state.players[1].field) == 1  # both spirits destroyed together
    assert len(game.state.players[1].hand) == hand + 1  # Mourning Bell drew once, not twice


def test_cr_10_15_1_when_destroyed_and_by_opponent_trigger_on_destruction_by_the_opponent():
    game = game_with(p0_hand=["E-QUAKE"], p1_field=["E-LAST"], reserve0=1)
    life, hand = game.state.players[1].life, len(game.state.players[1].hand)
    game.apply(UseMagic(0, game.state.players[0].hand[0]))
    if game.pending.kind == "choose":  # the turn player orders the two simultaneous triggers
        answer(game, game.pending.info["options"][0])
    assert len(game.state.players[1].hand) == hand + 1 and game.state.players[1].life == life + 1


def test_cr_10_1_1_1_self_destruction_triggers_no_when_destroyed_effects():
    game = game_with(p0_field=["{card: E-LAST}", "E-MOURN"])
    last = field(game, 0)
    hand = len(game.state.players[0].hand)
    events = game.apply(MoveCores(0, (CoreMove(last, "reserve", 1),)))
    assert [e["self_destruction"] for e in events if e.kind == "destroyed"] == [True]
    assert len(game.state.players[0].hand) == hand and game.state.players[0].life == 5


def test_cr_9_3_2_1_cores_removed_by_an_effect_destroy_as_destroyed_by_it():
    game = game_with(p0_hand=["E-SHADE"], p1_field=["E-LAST"])
    hand = len(game.state.players[1].hand)
    events = game.apply(Summon(0, game.state.players[0].hand[0]))
    d = [e for e in events if e.kind == "destroyed"]
    assert d and d[0]["cause"][0] == "effect_cores" and not d[0]["self_destruction"]
    while game.pending.kind == "choose":
        answer(game, game.pending.info["options"][0])
    assert len(game.state.players[1].hand) == hand + 1  # its when-destroyed draw happened


# ---------------------------------------------------------------- step and turn triggers, life (CR 6-x-1, 6-8-1-1)

def test_cr_6_6_1_1_start_of_main_step_and_end_of_opponents_turn_triggers():
    game = game_with(p0_field=["E-DAWN"], step="start")
    assert len(game.state.players[0].hand) == 2  # drew in the draw step + Dawn Altar at the start of main
    game.apply(EndMain(0))
    game.apply(EndAttack(0))
    game.apply(EndMain(1))
    life = game.state.players[0].life
    game.apply(EndAttack(1))  # the end of the opponent's turn: Dawn Altar gains a life
    assert game.state.players[0].life == life + 1


def test_life_reduced_triggers_after_damage():
    game = game_with(p0_field=["T-R1"], p1_field=["E-SCAR"], step="attack", turn=4)
    hand = len(game.state.players[1].hand)
    to_block(game, field(game, 0))
    game.apply(Block(1, None))
    assert game.state.players[1].life == 4 and len(game.state.players[1].hand) == hand + 1


# ---------------------------------------------------------------- the queue (CR 8-5-2-4)

def test_cr_8_5_2_4_the_turn_player_orders_simultaneous_effects_even_the_opponents():
    game = game_with(p0_hand=["E-QUAKE"], p0_field=["E-MOURN"], p1_field=["E-LAST"], reserve0=1)
    game.apply(UseMagic(0, game.state.players[0].hand[0]))
    pend = game.pending
    assert pend.player == 0 and pend.info["kind"] == "order" and len(pend.info["options"]) == 2


def test_cr_8_5_2_4_effects_triggered_while_resolving_wait_for_it_to_finish():
    # Shade Wisp: remove a core from an opponent's spirit, then draw. The removal destroys Last Ember
    # (its trigger waits); the draw still happens first, then the trigger resolves.
    game = game_with(p0_hand=["E-SHADE"], p1_field=["E-LAST"], deck0=["T-W0"] * 3)
    events = game.apply(Summon(0, game.state.players[0].hand[0]))
    order = [e.kind for e in events if e.kind in ("draw", "destroyed")]
    assert order[:2] == ["draw", "destroyed"]


# ---------------------------------------------------------------- constant effects (CR 8-1-4, 10-12)

def test_cr_10_12_1_while_attacking_constant_effects_apply_only_during_the_attack():
    game = game_with(p0_field=["{card: E-RAGE}"], step="attack", turn=4)
    boar = field(game, 0)
    assert game.bp(boar) == 2000
    to_block(game, boar)
    assert game.bp(boar) == 5000
    game.apply(Block(1, None))
    assert game.bp(boar) == 2000


def test_cr_2_10_2_level_gated_constant_effects_work_only_at_that_level():
    game = game_with(p0_field=["{card: E-RAGE, cores: 1}", "T-R1"])
    boar, pup = field(game, 0, 0), field(game, 0, 1)
    assert game.bp(pup) == 1000
    game.apply(MoveCores(0, (CoreMove("reserve", boar, 2),)))
    assert game.level(boar) == 2 and game.bp(pup) == 2000 and game.bp(boar) == 3000  # "other" spirits only


def test_cr_2_10_2_level_gated_triggers_need_the_level_when_they_trigger():
    game = game_with(p0_field=["{card: E-ECHO, cores: 1}", "{card: E-ECHO, cores: 2}"], step="attack", turn=4)
    deck = len(game.state.players[1].deck)
    to_block(game, field(game, 0, 0))  # LV1: no mill
    game.apply(Block(1, None))
    assert len(game.state.players[1].deck) == deck
    to_block(game, field(game, 0, 1))  # LV2: mill 2
    assert len(game.state.players[1].deck) == deck - 2


# ---------------------------------------------------------------- substitution (CR 8-9, 10-1-3-2, 10-5)

def test_cr_8_9_2_the_affected_player_chooses_a_substitution_and_the_card_stays():
    game = game_with(p0_hand=["E-SNIPE"], p1_field=["T-R1", "E-AEGIS"])
    pup, aegis = field(game, 1, 0), field(game, 1, 1)
    game.apply(Summon(0, game.state.players[0].hand[0]))
    pend = game.pending
    assert pend.player == 1 and pend.info["kind"] == "substitute"  # the affected player decides
    events = answer(game, 0)
    assert game.state.cards[pup].zone == "field" and game.state.cards[aegis].exhausted  # CR 10-5-1
    assert "destroyed" not in kinds(events)


def test_cr_8_9_2_a_substitution_may_be_declined():
    game = game_with(p0_hand=["E-SNIPE"], p1_field=["T-R1", "E-AEGIS"])
    pup = field(game, 1, 0)
    game.apply(Summon(0, game.state.players[0].hand[0]))
    answer(game, None)
    assert game.state.cards[pup].zone == "trash"


def test_cr_10_1_1_1_no_substitution_for_self_destruction():
    game = game_with(p0_field=["{card: T-R1}", "E-AEGIS"])
    pup = field(game, 0, 0)
    game.apply(MoveCores(0, (CoreMove(pup, "reserve", 1),)))
    assert game.state.cards[pup].zone == "trash" and game.pending.kind == "main"


# ---------------------------------------------------------------- bursts (CR 3-8, 10-9)

def test_cr_10_9_a_burst_may_be_activated_when_its_condition_is_met_then_goes_to_the_trash():
    game = game_with(p0_field=["T-R1"], step="attack", turn=4, burst1="E-BLAST")
    burst = game.state.players[1].burst
    to_block(game, field(game, 0))
    game.apply(Block(1, None))
    assert game.pending.info["kind"] == "may" and game.pending.player == 1
    answer(game, True)  # CR 10-9-2: no cost
    p1 = game.state.players[1]
    assert p1.life == 5 and game.state.cards[burst].zone == "trash" and p1.burst is None  # CR 10-9-4


def test_cr_10_9_3_a_declined_burst_stays_set():
    game = game_with(p0_field=["T-R1"], step="attack", turn=4, burst1="E-BLAST")
    to_block(game, field(game, 0))
    game.apply(Block(1, None))
    answer(game, False)
    assert game.state.players[1].burst is not None and game.state.players[1].life == 4


def test_cr_10_9_opponent_attacks_burst_exhausts_the_attacker():
    game = game_with(p0_field=["T-R1", "T-R3"], step="attack", turn=4, burst1="E-TRAP")
    game.apply(Attack(0, field(game, 0)))
    answer(game, True)
    assert game.state.cards[field(game, 0)].exhausted


# ---------------------------------------------------------------- tokens (CR 4-12) and magic (CR 10-8)

def test_cr_4_12_tokens_are_summoned_with_their_stats_and_leave_the_game_when_they_leave_the_field():
    game = game_with(p0_hand=["E-TOKEN"], p1_hand=[], reserve0=6)
    game.apply(Summon(0, game.state.players[0].hand[0]))
    field0 = game.state.players[0].field
    tokens = [i for i in field0 if game.db[game.state.cards[i].cid].token]
    assert len(tokens) == 2 and all(game.bp(t) == 1000 and game.cores_on(t) == 1 for t in tokens)
    game.apply(MoveCores(0, (CoreMove(tokens[0], "reserve", 1),)))
    assert game.state.cards[tokens[0]].zone == "removed"  # CR 4-12-3: not in the trash
    assert tokens[0] not in game.state.players[0].trash


def test_cr_10_8_7_magic_being_resolved_is_not_in_any_area_and_cannot_recover_itself():
    game = game_with(p0_hand=["E-RECALL"])
    recall = game.state.players[0].hand[0]
    game.apply(UseMagic(0, recall))
    assert game.state.cards[recall].zone == "trash" and game.state.players[0].hand == []


def test_manual_effects_are_announced_to_both_players():
    game = game_with(p0_hand=["E-MANUAL"])
    events = game.apply(Summon(0, game.state.players[0].hand[0]))
    manual = [e for e in events if e.kind == "manual_effect"]
    assert manual and manual[0]["texts"] == ["Roll a die and tell a joke."]


# ---------------------------------------------------------------- activated effects (CR 8-1-3)

def test_cr_8_1_3_activated_main_effect_pays_its_cost_and_resolves():
    game = game_with(p0_field=["E-LURK"], p1_field=["{card: T-R1, cores: 2}"])
    lurk, pup = field(game, 0), field(game, 1)
    game.apply(Activate(0, lurk, 0))
    assert game.state.cards[lurk].exhausted and game.cores_on(pup) == 1
    with pytest.raises(IllegalCommand) as e:  # the cost (exhaust this) can't be paid twice
        game.apply(Activate(0, lurk, 0))
    assert e.value.rule == "CR 8-1-3"


# ---------------------------------------------------------------- attacking a spirit (CR 10-10)

def test_cr_10_10_1_an_attacked_spirit_blocks_at_once_and_when_blocks_triggers():
    game = game_with(p0_field=["E-DUEL"], p1_field=["E-GUARD", "T-R1"], step="attack", turn=4)
    guard = field(game, 1, 0)
    hand = len(game.state.players[1].hand)
    game.apply(Attack(0, field(game, 0)))
    answer(game, [guard])
    b = game.state.battle
    assert b.blocked and b.blocker == guard and b.window == 2  # straight to the flash window after blocking
    assert len(game.state.players[1].hand) == hand + 1  # its "when blocks" draw
    game.apply(Pass(1))
    game.apply(Pass(0))
    assert game.state.cards[guard].zone == "trash"  # 4000 BP against 1000


# ---------------------------------------------------------------- more triggers and directives

def test_when_placed_puts_a_core_from_the_void_on_a_chosen_spirit():
    game = game_with(p0_hand=["E-FORGE"], p0_field=["T-R1"])
    pup = field(game, 0)
    in_play = game.state.cores_in_play
    game.apply(PlaceNexus(0, game.state.players[0].hand[0]))
    answer(game, [pup])
    assert game.cores_on(pup) == 2 and game.state.cores_in_play == in_play + 1


def test_cr_10_11_2_when_attacks_or_blocks_triggers_on_both_and_lasts_the_battle():
    game = game_with(p0_field=["E-TWIN"], p1_field=["E-TWIN"], step="attack", turn=4)
    a, b = field(game, 0), field(game, 1)
    to_block(game, a)
    assert game.bp(a) == 4000
    game.apply(Block(1, b))
    assert game.bp(b) == 4000
    game.apply(Pass(1))
    game.apply(Pass(0))  # 4000 vs 4000: both destroyed
    assert game.state.players[0].field == [] and game.state.players[1].field == []


def test_when_blocked_triggers_for_the_attacker_and_bounces_the_blocker():
    game = game_with(p0_field=["E-BLOCKED"], p1_field=["{card: T-G4, cores: 2}"], step="attack", turn=4)
    stag = field(game, 1)
    reserve = game.state.players[1].reserve
    to_block(game, field(game, 0))
    game.apply(Block(1, stag))
    assert game.state.cards[stag].zone == "hand" and game.state.players[1].reserve == reserve + 2  # CR 3-5-5
    game.apply(Pass(1))
    game.apply(Pass(0))
    assert game.state.players[1].life == 5  # a blocked attack deals no damage even if the blocker left (CR 7-1-5-1)


def test_cr_7_1_6_1_when_the_battle_ends_triggers():
    game = game_with(p0_field=["E-AFTER"], step="attack", turn=4)
    to_block(game, field(game, 0))
    game.apply(Block(1, None))
    assert game.state.players[0].life == 6


def test_opponent_spirit_destroyed_triggers_for_the_other_player():
    game = game_with(p0_field=["E-GLOAT"], p0_hand=["E-SNIPE"], p1_field=["T-R1"])
    game.apply(Summon(0, game.state.players[0].hand[0]))
    assert game.state.players[1].life == 4 and game.state.players[1].reserve == 3 + 1 + 1  # damage + the pup's core


def test_opponent_summons_triggers_and_sends_the_summoned_card_to_the_bottom_of_the_deck():
    game = game_with(p0_hand=["T-R1"], p1_field=["E-WATCH"])
    pup = game.state.players[0].hand[0]
    game.apply(Summon(0, pup))
    assert game.state.cards[pup].zone == "deck" and game.state.players[0].deck[0] == pup
    assert game.state.players[0].reserve == 6 - 1 - 1 + 1  # its core went back to the reserve (CR 3-5-5)


def test_cr_8_5_3_5_search_reveals_a_chosen_matching_card_and_puts_the_rest_on_the_bottom():
    game = game_with(p0_hand=["E-SEER"], deck0=["T-R1", "T-MM", "T-W0", "T-MF"])  # listed top first
    deck = game.state.players[0].deck
    top3 = deck[-3:][::-1]
    events = game.apply(Summon(0, game.state.players[0].hand[0]))
    # "reveal the top 3": all three are shown to both players before anything is taken (CR 12-2)
    assert [e["card"] for e in events if e.kind == "reveal"][1:] == top3
    info = game.pending.info
    assert info["min"] == 0 and info["max"] == 1 and len(info["options"]) == 1  # only Main Spark is magic
    answer(game, info["options"])
    assert game.state.cards[info["options"][0]].zone == "hand"
    # CR 12-3-3: the rest go "on the bottom of your deck in any order", the order its controller chooses
    rest = game.pending.info["options"]
    assert game.pending.info["kind"] == "target" and sorted(rest) == sorted(set(top3) - set(info["options"]))
    answer(game, [rest[1]])
    assert deck[:2] == [rest[0], rest[1]] and len(deck) == 3 and deck[-1] not in top3


def test_restrict_cannot_block_and_level_set_for_the_turn():
    game = game_with(p0_hand=["E-CHAINS"], p0_field=["T-R1"], p1_field=["{card: T-R3, cores: 4}", "T-R1"],
                     turn=4)
    knight = field(game, 1, 0)
    game.apply(UseMagic(0, game.state.players[0].hand[0]))
    answer(game, [knight])  # cannot block this turn
    assert game.level(knight) == 1 and game.bp(knight) == 3000  # treated as LV1 (CR 8-8-1-3-2)
    game.apply(EndMain(0))
    to_block(game, field(game, 0))
    with pytest.raises(IllegalCommand) as e:
        game.apply(Block(1, knight))
    assert e.value.rule == "CR 1-3-3"


def test_granted_keywords_last_for_their_duration():
    game = game_with(p0_hand=["E-GIFT"], p0_field=["T-R1"], turn=4)
    pup = field(game, 0)
    game.apply(UseMagic(0, game.state.players[0].hand[0]))
    assert [k.name for k in game.keywords_of(pup)] == ["gale"]
    game.apply(EndMain(0))
    game.apply(EndAttack(0))
    assert game.keywords_of(pup) == []


def test_cr_3_1_4_effects_end_when_a_card_leaves_the_field():
    game = game_with(p0_hand=["E-GIFT"], p0_field=["T-R1"], turn=4)
    pup = field(game, 0)
    game.apply(UseMagic(0, game.state.players[0].hand[0]))
    game.apply(MoveCores(0, (CoreMove(pup, "reserve", 1),)))  # self-destroys
    assert game.state.grants == []


def test_cr_10_2_2_discard_from_your_hand_is_your_choice_then_the_next_directive():
    game = game_with(p0_hand=["E-TRADE", "T-R1", "T-Y2"])
    trade, pup, lamp = game.state.players[0].hand
    game.apply(UseMagic(0, trade))
    info = game.pending.info
    assert info["kind"] == "target" and sorted(info["options"]) == sorted([pup, lamp])  # not the magic itself
    answer(game, [lamp])
    p = game.state.players[0]
    assert game.state.cards[lamp].zone == "trash" and len(p.hand) == 3  # pup + 2 drawn (CR 1-3-7 order)


def test_recover_returns_a_chosen_card_of_the_type_from_your_trash():
    game = position("""
        turn: 3
        turn_player: 0
        players:
          - {life: 5, reserve: 2, hand: [E-RECALL], trash: [T-MM, T-R1], deck: [T-W0]}
          - {life: 5, deck: [T-W0]}
    """)
    spark, pup = game.state.players[0].trash
    game.apply(UseMagic(0, game.state.players[0].hand[0]))
    assert game.pending.info["options"] == [spark]  # magic only; Recall itself is resolving (CR 10-8-7)
    answer(game, [spark])
    assert game.state.cards[spark].zone == "hand" and game.state.cards[pup].zone == "trash"


# ---------------------------------------------------------------- manual resolution (effects not automated)

def test_manual_moves_resolve_text_by_hand_and_are_logged_as_manual():
    from bss_desktop.engine import ManualCores, ManualExhaust, ManualMove

    game = game_with(p0_hand=["E-MANUAL"], p1_field=["{card: T-R1, cores: 2}"])
    relic = game.state.players[0].hand[0]
    pup = field(game, 1)
    game.apply(Summon(0, relic))
    events = game.apply(ManualCores(0, 1, pup, "trash", 1))  # "send 1 core from an opponent's spirit to the trash"
    assert [e["what"] for e in events if e.kind == "manual"] == ["cores"]
    assert game.cores_on(pup) == 1 and game.state.players[1].trash_cores == 1
    game.apply(ManualExhaust(0, pup, True))
    assert game.state.cards[pup].exhausted
    trash_card = game.state.players[0].deck[-1]
    game.apply(ManualMove(0, trash_card, "field", cores=1))  # a card put onto the field brings its cores
    assert game.state.cards[trash_card].zone == "field" and game.cores_on(trash_card) == 1
    before = game.state_hash()
    with pytest.raises(IllegalCommand):
        game.apply(ManualMove(1, pup, "hand"))  # not player 2's decision
    with pytest.raises(IllegalCommand):
        game.apply(ManualCores(0, 1, pup, "reserve", 5))  # more cores than there are
    assert game.state_hash() == before
