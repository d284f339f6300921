"""The effect vocabulary, part 3: triggers (exhausted, refreshed, an attack reducing life, a burst set), "select ...;
it ...", "you may ...; if you do, ...", "if ...", conditions (the attack step, symbols, a name, deck / trash / hand
size, a combined BP), restrictions ("cannot be blocked by ..."), cost and reduction changes, and a burst going on to
use its card's effect (CR 10-9). Each from a concrete position, through commands."""
from __future__ import annotations

import pytest

from bss_desktop.engine import IllegalCommand
from bss_desktop.engine.commands import (Attack, Block, EndAttack, EndMain, ManualMove, Pass, SetBurst, Summon,
                                         UseMagic)
from helpers import answer, first, game_at


def pass_window(game):
    while game.pending.kind == "flash":
        game.apply(Pass(game.pending.player))


# ---------------------------------------------------------------- triggers

def test_when_exhausted_triggers_when_it_attacks_and_when_refreshed_at_the_refresh_step():
    # Weary Sentinel: "(When Exhausted) Draw 1 card. (When Refreshed) Put 1 core from the void into your life."
    game = game_at("{life: 4, reserve: 3, field: [V-TIRED], deck: [T-R1, T-R1, T-R1]}",
                   "{life: 5, reserve: 3, deck: [T-R1, T-R1, T-R1]}", turn=3, step="attack")
    sentinel = first(game, 0, "V-TIRED")
    game.apply(Attack(0, sentinel))  # attacking exhausts it (CR 7-1-1-1)
    assert len(game.state.players[0].hand) == 1
    pass_window(game)
    game.apply(Block(1, None))
    game.apply(EndAttack(0))
    # the opponent's turn, then ours: our refresh step refreshes it (CR 6-5-2)
    while game.state.turn_player == 1 or game.state.step != "main":
        pend = game.pending
        if pend.kind == "main":
            game.apply(EndMain(pend.player))
        elif pend.kind == "attack":
            game.apply(EndAttack(pend.player))
        else:
            game.apply(game.legal_commands()[0])
    assert not game.state.cards[sentinel].exhausted and game.state.players[0].life == 5


def test_cr_1_3_2_1_no_trigger_when_the_card_already_is_in_that_state():
    # Frozen Moment-style effects exhaust an exhausted spirit: nothing happens, so nothing triggers
    game = game_at("{life: 5, reserve: 3, field: [{card: V-TIRED, exhausted: true}], deck: [T-R1]}",
                   "{life: 5, reserve: 3, hand: [V-VERDICT]}", turn=4, turn_player=1)
    events = game.apply(UseMagic(1, first(game, 1, "V-VERDICT", "hand")))
    answer(game, 1)  # "exhaust 1 opponent's spirit": the Sentinel is exhausted already
    assert len(game.state.players[0].hand) == 0 and not any(e.kind == "exhaust" for e in events)


def test_when_its_attack_reduces_life_triggers_only_on_damage():
    # Life Raider: "(When Its Attack Reduces Life) Draw 1 card."
    game = game_at("{life: 5, reserve: 3, field: [V-RAIDER, V-RAIDER], deck: [T-R1, T-R1]}",
                   "{life: 5, reserve: 3, field: [T-R5]}", step="attack")
    raider, other = game.state.players[0].field
    titan = first(game, 1, "T-R5")
    game.apply(Attack(0, raider))
    pass_window(game)
    game.apply(Block(1, titan))  # blocked: no life reduced, no draw
    pass_window(game)
    assert len(game.state.players[0].hand) == 0
    game.apply(Attack(0, other))
    pass_window(game)
    game.apply(Block(1, None))
    assert game.state.players[1].life == 4 and len(game.state.players[0].hand) == 1


def test_when_the_opponent_sets_a_burst_triggers():
    # Burst Spy: "(When your opponent sets a burst) Draw 1 card." — on the opponent's setting only
    game = game_at("{life: 5, reserve: 3, hand: [T-MM], field: [V-SPY], deck: [T-R1]}",
                   "{life: 5, reserve: 3, hand: [T-MM], field: [V-SPY], deck: [T-R1]}")
    game.apply(SetBurst(0, first(game, 0, "T-MM", "hand")))
    assert len(game.state.players[0].hand) == 0 and len(game.state.players[1].hand) == 2


# ---------------------------------------------------------------- "it", "you may ...; if you do", "if ..."

def test_select_then_it_gets_refers_to_the_selected_spirit():
    # Chosen Boon: "select 1 of your spirits. It gets +3000 BP this turn. It gains 【Crush: +1】 this turn."
    game = game_at("{life: 5, reserve: 3, hand: [V-BOON], field: [T-R1, T-R3]}", "{life: 5, reserve: 3}")
    pup, knight = game.state.players[0].field
    game.apply(UseMagic(0, first(game, 0, "V-BOON", "hand")))
    answer(game, [pup])
    assert game.bp(pup) == 4000 and game.bp(knight) == 3000
    assert game.has_keyword(pup, "crush") and not game.has_keyword(knight, "crush")


def test_cr_8_1_8_you_may_then_if_you_do_performs_the_second_only_after_the_first():
    # Bargain: "you may discard 1 card from your hand. If you do, draw 2 cards."
    game = game_at("{life: 5, reserve: 3, hand: [V-BARGAIN, T-R1, T-R3], deck: [T-G4, T-G4, T-G4]}",
                   "{life: 5, reserve: 3}")
    game.apply(UseMagic(0, first(game, 0, "V-BARGAIN", "hand")))
    assert game.pending.info["kind"] == "may"
    answer(game, False)
    assert len(game.state.players[0].hand) == 2  # declined: nothing discarded, nothing drawn
    game = game_at("{life: 5, reserve: 3, hand: [V-BARGAIN, T-R1, T-R3], deck: [T-G4, T-G4, T-G4]}",
                   "{life: 5, reserve: 3}")
    game.apply(UseMagic(0, first(game, 0, "V-BARGAIN", "hand")))
    answer(game, True)
    answer(game, [first(game, 0, "T-R3", "hand")])
    assert sorted(game.state.cards[i].cid for i in game.state.players[0].hand) == ["T-G4", "T-G4", "T-R1"]


def test_if_you_do_after_a_may_with_nothing_to_discard_does_nothing():
    game = game_at("{life: 5, reserve: 3, hand: [V-BARGAIN], deck: [T-G4, T-G4]}", "{life: 5, reserve: 3}")
    game.apply(UseMagic(0, first(game, 0, "V-BARGAIN", "hand")))
    answer(game, True)  # yes, but the hand is empty: nothing is discarded, so no draw
    assert len(game.state.players[0].hand) == 0


@pytest.mark.parametrize("life, drawn", [(2, 2), (3, 1)])
def test_a_directives_own_if_is_read_when_it_is_performed(life, drawn):
    # Desperate Draw: "draw 1 card. If your life is 2 or less, draw 1 card."
    game = game_at(f"{{life: {life}, reserve: 3, hand: [V-DESPERATE], deck: [T-G4, T-G4]}}", "{life: 5, reserve: 3}")
    game.apply(UseMagic(0, first(game, 0, "V-DESPERATE", "hand")))
    assert len(game.state.players[0].hand) == drawn


# ---------------------------------------------------------------- conditions

def test_during_the_opponents_attack_step_a_constant_applies_only_then():
    # Ambush Stalker: "during your opponent's attack step, this spirit gets +3000 BP"
    game = game_at("{life: 5, reserve: 3, field: [T-R3]}", "{life: 5, reserve: 3, field: [V-AMBUSH]}")
    stalker, knight = first(game, 1, "V-AMBUSH"), first(game, 0, "T-R3")
    assert game.bp(stalker) == 1000  # the opponent's main step
    game.apply(EndMain(0))
    assert game.state.step == "attack" and game.bp(stalker) == 4000
    game.apply(Attack(0, knight))
    pass_window(game)
    game.apply(Block(1, stalker))  # 4000 against Red Knight's 3000: the blocker wins (CR 7-1-5-2-1)
    pass_window(game)
    assert game.state.cards[knight].zone == "trash" and game.state.cards[stalker].zone == "field"


def test_a_count_of_symbols_turns_a_constant_on():
    # Crimson Banner: "while you have 3 or more Red symbols on your field, all your spirits get +1000 BP"
    game = game_at("{life: 5, reserve: 5, hand: [T-R1], field: [V-BANNER, T-R5]}", "{life: 5, reserve: 3}")
    titan = first(game, 0, "T-R5")
    assert game.bp(titan) == 6000  # the Banner's red symbol and Red Titan's two: 3
    game2 = game_at("{life: 5, reserve: 5, hand: [T-R1], field: [V-BANNER, T-R3]}", "{life: 5, reserve: 3}")
    knight = first(game2, 0, "T-R3")
    assert game2.bp(knight) == 3000  # 2 red symbols
    game2.apply(Summon(0, first(game2, 0, "T-R1", "hand")))
    assert game2.bp(knight) == 4000  # 3 red symbols


def test_with_a_word_in_its_card_name():
    # Namesake Hunter: "destroy 1 opponent's spirit with "Dragon" in its card name"
    game = game_at("{life: 5, reserve: 3, hand: [V-NAMESAKE]}", "{life: 5, reserve: 3, field: [T-R1, V-GREAT]}")
    great = first(game, 1, "V-GREAT")
    game.apply(Summon(0, first(game, 0, "V-NAMESAKE", "hand")))
    assert game.state.cards[great].zone == "trash" and len(game.state.players[1].field) == 1


def test_deck_and_trash_sizes_turn_constants_on():
    # Deckwatch Hermit: "+5000 BP while you have 5 or fewer cards in your deck; 【Confront】 while you have 2 or more
    # cards in your trash"
    game = game_at("{life: 5, reserve: 3, field: [V-HOARDER], deck: [T-R1, T-R1, T-R1, T-R1, T-R1, T-R1], "
                   "trash: [T-R1]}", "{life: 5, reserve: 3}")
    hermit = first(game, 0, "V-HOARDER")
    assert game.bp(hermit) == 1000 and not game.has_keyword(hermit, "confront")
    game = game_at("{life: 5, reserve: 3, field: [V-HOARDER], deck: [T-R1, T-R1, T-R1, T-R1, T-R1], "
                   "trash: [T-R1, T-R3]}", "{life: 5, reserve: 3}")
    hermit = first(game, 0, "V-HOARDER")
    assert game.bp(hermit) == 6000 and game.has_keyword(hermit, "confront")


def test_a_combined_total_of_bp_limits_the_selection():
    # Weighed Purge: "destroy any number of your opponent's spirits with a combined total of 4000 BP or less"
    game = game_at("{life: 5, reserve: 3, hand: [V-PURGE]}",
                   "{life: 5, reserve: 3, field: [T-R1, T-Y2, T-R3, T-G4, T-R5]}")
    pup, lamp, knight, stag, titan = game.state.players[1].field
    game.apply(UseMagic(0, first(game, 0, "V-PURGE", "hand")))
    info = game.pending.info
    # 4000 alone is within the total; Red Titan's 5000 is not, so it is no candidate
    assert info["limit"] == 4000 and stag in info["options"] and titan not in info["options"]
    before = game.state_hash()
    with pytest.raises(IllegalCommand) as e:
        answer(game, [lamp, knight])  # 2000 + 3000 = 5000
    assert e.value.rule == "CR 8-5-3" and game.state_hash() == before
    assert all(sum(game.bp(i) for i in c.value) <= 4000 for c in game.legal_commands())
    answer(game, [pup, knight])  # 1000 + 3000
    assert [game.state.cards[i].zone for i in (pup, lamp, knight, stag)] == ["trash", "field", "trash", "field"]


# ---------------------------------------------------------------- restrictions and costs

def test_cannot_be_blocked_by_spirits_with_low_bp():
    # Ghost Lancer: "this spirit cannot be blocked by spirits with 2000 BP or less"
    game = game_at("{life: 5, reserve: 3, field: [V-GHOST]}", "{life: 5, reserve: 3, field: [T-Y2, T-R3]}",
                   step="attack")
    lamp, knight = game.state.players[1].field
    game.apply(Attack(0, first(game, 0, "V-GHOST")))
    pass_window(game)
    blocks = [c.spirit for c in game.legal_commands() if isinstance(c, Block)]
    assert knight in blocks and lamp not in blocks
    before = game.state_hash()
    with pytest.raises(IllegalCommand) as e:
        game.apply(Block(1, lamp))
    assert e.value.rule == "CR 1-3-3" and game.state_hash() == before
    game.apply(Block(1, knight))


def test_cost_changes_while_a_nexus_is_on_the_field():
    # Tariff Gate: "magic cards in your opponent's hand cost 1 more; Dragon spirit cards in your hand cost 1 less;
    # magic cards in your hand have an additional White reduction symbol"
    game = game_at("{life: 5, reserve: 5, hand: [T-MB, V-DRAKE, T-MM], field: [V-TARIFF]}",
                   "{life: 5, reserve: 3, hand: [T-MB]}")
    both0, drake, spark = game.state.players[0].hand
    both1 = game.state.players[1].hand[0]
    assert game.cost_of(both1) == 1  # Both Bolt costs 0: 1 more for the opponent
    assert game.cost_of(drake) == 2  # Tariff Drake costs 3: 1 less
    assert game.cost_of(spark) == 0  # Main Spark costs 1, no reduction symbol of its own; the White one + the Gate
    assert game.cost_of(both0) == 0
    game.apply(Summon(0, drake))
    assert game.state.players[0].trash_cores == 2


def test_cost_changes_end_when_the_card_leaves_the_field():
    game = game_at("{life: 5, reserve: 5, field: [V-TARIFF]}", "{life: 5, reserve: 3, hand: [T-MB]}")
    both = first(game, 1, "T-MB", "hand")
    assert game.cost_of(both) == 1
    game.apply(ManualMove(0, first(game, 0, "V-TARIFF"), "trash"))  # (resolving some text by hand)
    assert game.cost_of(both) == 0


# ---------------------------------------------------------------- a burst's follow-up (CR 10-9)

def echo_game(reserve=3):
    game = game_at("{life: 5, reserve: 3, field: [T-R3], deck: [T-R1, T-R1]}",
                   f"{{life: 5, reserve: {reserve}, burst: V-ECHO, field: [{{card: T-B2, cores: 2}}], "
                   "deck: [T-G4, T-G4]}", step="attack")
    knight = first(game, 0, "T-R3")
    game.apply(Attack(0, knight))
    return game, knight


def test_cr_10_9_after_a_burst_its_player_may_pay_its_cost_to_use_its_flash_effect():
    # Echo Ward: "Burst (after your opponent's attack): Exhaust the attacking spirit. Then you may pay this card's
    # cost to use its Flash effect." (Flash: Draw 1 card.) Its cost 2 is paid from the reserve, the player's choice
    game, knight = echo_game()
    echo = game.state.players[1].burst
    answer(game, True)  # activate the burst
    info = game.pending.info
    assert info["kind"] == "may" and "Flash effect" in info["prompt"]
    answer(game, True)
    info = game.pending.info
    assert info["kind"] == "cores" and info["min"] == 2 and 0 in info["options"]
    answer(game, [0, 0])
    p1 = game.state.players[1]
    assert len(p1.hand) == 1 and p1.reserve == 1 and p1.trash_cores == 2
    assert game.state.cards[echo].zone == "trash" and game.state.cards[knight].exhausted


def test_cr_10_9_declining_the_follow_up_puts_the_burst_in_the_trash_unused():
    game, knight = echo_game()
    echo = game.state.players[1].burst
    answer(game, True)
    answer(game, False)
    p1 = game.state.players[1]
    assert len(p1.hand) == 0 and p1.reserve == 3 and game.state.cards[echo].zone == "trash"


def test_cr_10_8_6_the_follow_up_may_be_paid_with_cores_from_the_field():
    game, knight = echo_game(reserve=0)
    game.state.players[1].soul = "trash"
    guard = first(game, 1, "T-B2")
    answer(game, True)
    assert game.pending.info["kind"] == "may"  # payable with the Blue Guard's 2 cores (CR 10-8-6: field or reserve)
    answer(game, True)  # the Guard's cores are the only ones: nothing to choose
    assert game.state.players[1].trash_cores == 2 and len(game.state.players[1].hand) == 1
    assert game.state.cards[guard].zone == "trash"  # its player paid with its last cores: self-destroyed


def test_cr_10_9_the_follow_up_is_not_offered_when_the_cost_cannot_be_paid():
    game = game_at("{life: 5, reserve: 3, field: [T-R3]}",
                   "{life: 5, reserve: 1, soul_core: trash, burst: V-ECHO, deck: [T-G4]}", step="attack")
    game.apply(Attack(0, first(game, 0, "T-R3")))
    echo = game.state.players[1].burst
    answer(game, True)  # the burst resolves; 1 core cannot pay Echo Ward's cost of 2: no question
    assert game.pending.kind != "choose" and game.state.cards[echo].zone == "trash"
    assert len(game.state.players[1].hand) == 0
