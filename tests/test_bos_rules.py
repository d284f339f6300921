"""Battle of Souls' rules module, from its rule book (004, v1.3): each test builds a position and plays what the
rule book says, named after the section it checks (BOS §...) or the ruling (docs/bos-rulings.md)."""
from __future__ import annotations

import pytest
from bos_position import bos, card, cids, ids, passes, player

from bss_desktop.engine.commands import (Choose, DeclareAttack, Deploy, EndAttack, EndMain, Pass, SetCard,
                                         UseCard)
from bss_desktop.engine.errors import IllegalCommand
from bss_desktop.rules.bos.stats import atk, kills, position, rst


def refused(game, cmd, words: str, rule: str = "BOS"):
    """`cmd` is refused naming the rule, and the state is what it was."""
    before = game.state_hash()
    with pytest.raises(IllegalCommand) as e:
        game.apply(cmd)
    assert rule in e.value.rule, e.value.rule
    assert words in str(e.value), str(e.value)
    assert game.state_hash() == before


def to_battle(game):
    game.apply(EndMain(game.state.turn_player))
    assert game.pending.kind == "attack"


# ---------------------------------------------------------------- BOS §Turn Structure


def test_draw_phase_the_next_player_draws_one_card():
    g = bos(step="main2")
    hand = len(g.state.players[1].hand)
    g.apply(EndMain(0))
    assert g.state.turn == 4 and g.state.turn_player == 1
    assert len(g.state.players[1].hand) == hand + 1
    assert g.pending.kind == "main" and g.pending.info["phase"] == "main1"


def test_draw_phase_a_player_who_cannot_draw_loses():
    g = bos(p1=player(deck=[]), step="main2")
    g.apply(EndMain(0))
    assert g.over and g.result.winner == 0 and "Draw Phase" in g.result.reason


def test_ready_phase_rest_position_fighters_return_to_attack_position():
    g = bos(p1=player(fighter=[{"card": "T-W1", "exhausted": True}]), step="main2")
    f = ids(g, 1, "fighter")[0]
    assert position(g, f) == "rest"
    g.apply(EndMain(0))
    assert position(g, f) == "attack"


def test_battle_phase_the_first_player_has_none_on_their_first_turn():
    g = bos(turn=1, step="main1")
    g.apply(EndMain(0))
    assert g.pending.kind == "main" and g.pending.info["phase"] == "main2"


def test_ruling_5_main_phase_two_follows_the_battle_phase():
    g = bos()
    to_battle(g)
    g.apply(EndAttack(0))
    assert g.pending.kind == "main" and g.pending.info["phase"] == "main2"


def test_end_phase_ruling_6_a_hand_over_seven_is_discarded_down_to_six():
    g = bos(player(hand=["T-W1"] * 9), step="main2")
    g.apply(EndMain(0))
    assert g.pending.kind == "choose" and g.pending.player == 0
    for _ in range(3):
        g.apply(Choose(0, (ids(g, 0, "hand")[0],)))
    assert len(ids(g, 0, "hand")) == 6 and cids(g, 0, "discard") == ["T-W1"] * 3
    assert g.state.turn_player == 1


def test_end_phase_ruling_6_a_hand_of_seven_is_kept():
    g = bos(player(hand=["T-W1"] * 7), step="main2")
    g.apply(EndMain(0))
    assert len(ids(g, 0, "hand")) == 7 and g.state.turn_player == 1


# ---------------------------------------------------------------- BOS §Main Phase I, §Fighter Classes


def test_main_phase_one_deploy_per_turn():
    g = bos(player(hand=["T-W1", "T-W2"]))
    a, b = ids(g, 0, "hand")
    g.apply(Deploy(0, a))
    assert cids(g, 0, "fighter") == ["T-W1"] and position(g, ids(g, 0, "fighter")[0]) == "attack"
    refused(g, Deploy(0, b), "deployed your fighter this turn", "BOS §Main Phase I")


def test_elite_warriors_sacrifice_a_warrior_with_three_kill_tokens():
    g = bos(player(hand=["T-E1"], fighter=[{"card": "T-W1", "counters": {"kill": 2}},
                                           {"card": "T-W2", "counters": {"kill": 3}}]))
    elite = ids(g, 0, "hand")[0]
    two, three = ids(g, 0, "fighter")
    refused(g, Deploy(0, elite), "sacrificing a Warrior with 3", "BOS §Fighter Classes")
    refused(g, Deploy(0, elite, (two,)), "3 or more kill tokens", "BOS §Fighter Classes")
    assert Deploy(0, elite, (three,)) in g.legal_commands() and Deploy(0, elite, (two,)) not in g.legal_commands()
    g.apply(Deploy(0, elite, (three,)))
    assert cids(g, 0, "fighter") == ["T-W1", "T-E1"] and cids(g, 0, "discard") == ["T-W2"]


def test_warlord_sacrifices_an_elite_warrior_with_five_kill_tokens():
    g = bos(player(hand=["T-WL"], fighter=[{"card": "T-E1", "counters": {"kill": 4}}]))
    refused(g, Deploy(0, ids(g, 0, "hand")[0], tuple(ids(g, 0, "fighter"))), "5 or more", "BOS §Fighter Classes")
    g = bos(player(hand=["T-WL"], fighter=[{"card": "T-E1", "counters": {"kill": 5}}]))
    g.apply(Deploy(0, ids(g, 0, "hand")[0], tuple(ids(g, 0, "fighter"))))
    assert cids(g, 0, "fighter") == ["T-WL"]


def test_legendary_warrior_sacrifices_all_three_classes_with_a_seven_kill_warlord():
    side = [{"card": "T-W1"}, {"card": "T-E1"}, {"card": "T-WL", "counters": {"kill": 6}}]
    g = bos(player(hand=["T-L1"], fighter=side))
    refused(g, Deploy(0, ids(g, 0, "hand")[0], tuple(ids(g, 0, "fighter"))), "7 or more", "BOS §Fighter Classes")
    side[2] = {"card": "T-WL", "counters": {"kill": 7}}
    g = bos(player(hand=["T-L1"], fighter=side))
    refused(g, Deploy(0, ids(g, 0, "hand")[0], tuple(ids(g, 0, "fighter"))[:2]), "sacrificing a Warrior and",
            "BOS §Fighter Classes")
    g.apply(Deploy(0, ids(g, 0, "hand")[0], tuple(ids(g, 0, "fighter"))))
    assert cids(g, 0, "fighter") == ["T-L1"] and sorted(cids(g, 0, "discard")) == ["T-E1", "T-W1", "T-WL"]


def test_legendary_warrior_only_one_on_your_field():
    side = [{"card": "T-L2"}, {"card": "T-W1"}, {"card": "T-E1"}, {"card": "T-WL", "counters": {"kill": 7}}]
    g = bos(player(hand=["T-L1"], fighter=side))
    refused(g, Deploy(0, ids(g, 0, "hand")[0], tuple(ids(g, 0, "fighter")[1:])), "only one Legendary",
            "BOS §Legendary Warrior")


def test_fighter_zone_holds_five_tokens_included():
    g = bos(player(hand=["T-W1"], fighter=["T-W2"] * 5))
    refused(g, Deploy(0, ids(g, 0, "hand")[0]), "holds 5 fighters", "BOS §Fighter Zone")
    g = bos(player(hand=["T-W1"], fighter=["T-W2"] * 4, tactic=["T-TC-TOKEN"]), step="main1")
    g.apply(UseCard(0, ids(g, 0, "tactic")[0]))
    passes(g)
    assert len(ids(g, 0, "fighter")) == 5  # the Militia token takes the fifth zone
    refused(g, Deploy(0, ids(g, 0, "hand")[0]), "holds 5 fighters", "BOS §Fighter Zone")


def test_ruling_11_a_deploy_by_sacrifice_is_the_turns_deploy():
    g = bos(player(hand=["T-E1", "T-W1"], fighter=[{"card": "T-W2", "counters": {"kill": 3}}]))
    elite, w = ids(g, 0, "hand")
    g.apply(Deploy(0, elite, tuple(ids(g, 0, "fighter"))))
    refused(g, Deploy(0, w), "deployed your fighter this turn")


def test_actions_which_cannot_be_chained_to_deploying_opens_no_window():
    # the opponent holds a tactic they could activate: still, deploying gives them no window
    g = bos(player(hand=["T-W1"]), player(tactic=["T-TC-KILL"]))
    g.apply(Deploy(0, ids(g, 0, "hand")[0]))
    assert g.pending.kind == "main" and g.pending.player == 0


def test_sacrifice_is_not_destroying_it_is_sending_to_the_discard_pile():
    # Ashen Herald: "when destroyed" deals 300; "when sent to the discard pile" draws 1
    g = bos(player(hand=["T-E1"], fighter=[{"card": "T-GRAVE", "counters": {"kill": 3}}]))
    hand = len(ids(g, 0, "hand"))
    g.apply(Deploy(0, ids(g, 0, "hand")[0], tuple(ids(g, 0, "fighter"))))
    passes(g)
    assert g.sp(0) == 8000 and g.sp(1) == 8000  # not destroyed
    assert len(ids(g, 0, "hand")) == hand - 1 + 1  # the Elite left the hand; the Herald's draw came back


# ---------------------------------------------------------------- equipment, tactics, battlefields


def test_tactic_cards_cannot_be_activated_the_turn_they_were_set():
    g = bos(player(hand=["T-TC-DMG"]))
    t = ids(g, 0, "hand")[0]
    g.apply(SetCard(0, t))
    assert g.state.table.marks[t].down
    refused(g, UseCard(0, t), "the turn it was set", "BOS §Tactic Cards")


def test_tactic_cards_are_activated_on_the_opponents_turn():
    g = bos(player(fighter=["T-W2"]), player(fighter=["T-W1"], tactic=["T-TC-KILL"]))
    to_battle(g)
    g.apply(DeclareAttack(0, ids(g, 0, "fighter")[0], ids(g, 1, "fighter")[0]))
    # the turn player has nothing to answer with: the window comes to the defender
    assert g.pending.kind == "chain" and g.pending.player == 1
    g.apply(UseCard(1, ids(g, 1, "tactic")[0], 0, (ids(g, 0, "fighter")[0],)))
    passes(g)
    assert ids(g, 0, "fighter") == [] and "T-TC-KILL" in cids(g, 1, "discard")  # a One-Turn tactic is used up
    assert g.pending.kind == "attack"


def test_equipment_zone_set_equipment_waits_for_its_owners_next_turn():
    g = bos(player(hand=["T-EQ-1T"], fighter=["T-W1"]))
    e = ids(g, 0, "hand")[0]
    g.apply(SetCard(0, e))
    refused(g, UseCard(0, e, 0, (ids(g, 0, "fighter")[0],)), "the turn it was set", "BOS §Equipment Zone")
    g = bos(player(fighter=["T-W1"], equipment=[{"card": "T-EQ-1T", "down": True}]))
    g.apply(UseCard(0, ids(g, 0, "equipment")[0], 0, (ids(g, 0, "fighter")[0],)))
    passes(g)
    assert atk(g, ids(g, 0, "fighter")[0]) == 1500 and "T-EQ-1T" in cids(g, 0, "discard")


def test_chains_no_equipment_card_in_the_battle_phase():
    g = bos(player(hand=["T-EQ-1T"], fighter=["T-W1"]))
    to_battle(g)
    refused(g, UseCard(0, ids(g, 0, "hand")[0], 0, (ids(g, 0, "fighter")[0],)), "only in your main phase",
            "BOS §Equipment and Tactic Card Chains")


def test_the_game_layout_three_equipment_and_three_tactics():
    g = bos(player(hand=["T-TC-DMG", "T-EQ-AT"], tactic=["T-TC-KILL"] * 3, equipment=["T-EQ-CT"] * 3))
    t, e = ids(g, 0, "hand")
    refused(g, SetCard(0, t), "tactic zone holds 3", "BOS §Tactic Zone")
    refused(g, SetCard(0, e), "equipment zone holds 3", "BOS §Equipment Zone")


def test_ruling_4_a_new_battlefield_replaces_your_old_one():
    g = bos(player(hand=["T-BF-2"], battlefield=["T-BF-1"]), player(battlefield=["T-BF-1"]))
    g.apply(UseCard(0, ids(g, 0, "hand")[0]))
    passes(g)
    assert cids(g, 0, "battlefield") == ["T-BF-2"] and cids(g, 0, "discard") == ["T-BF-1"]
    assert cids(g, 1, "battlefield") == ["T-BF-1"]  # one battlefield per player


def test_rule_update_3_a_battlefield_cost_effect_once_per_turn_by_its_controller():
    g = bos(player(hand=["T-W1", "T-W2"], battlefield=["T-BF-1"]))
    bf = ids(g, 0, "battlefield")[0]
    g.apply(UseCard(0, bf, 1))
    passes(g)
    assert g.sp(0) == 7800 and g.sp(1) == 8200  # the cost went to the opponent (ruling 9)
    refused(g, UseCard(0, bf, 1), "once per turn", "BOS Rule Update 3")
    a, b = ids(g, 0, "hand")
    g.apply(Deploy(0, a))
    g.apply(Deploy(0, b))  # the extra deploy it granted
    assert len(ids(g, 0, "fighter")) == 2


def test_attached_equipment_bonus_and_destroyed_with_its_fighter():
    g = bos(player(hand=["T-EQ-BL"], fighter=["T-W1"]), player(fighter=["T-WL"]))
    f = ids(g, 0, "fighter")[0]
    g.apply(UseCard(0, ids(g, 0, "hand")[0], 0, (f,)))
    passes(g)
    assert atk(g, f) == 1700 and g.state.table.marks[ids(g, 0, "equipment")[0]].on == f
    to_battle(g)
    g.apply(DeclareAttack(0, f, ids(g, 1, "fighter")[0]))
    passes(g)
    assert ids(g, 0, "fighter") == [] and ids(g, 0, "equipment") == []
    assert sorted(cids(g, 0, "discard")) == ["T-EQ-BL", "T-W1"]


def test_continuous_equipment_stays_and_works_while_on_the_field():
    g = bos(player(hand=["T-EQ-CT"], fighter=["T-W1", "T-W2"]), player(fighter=["T-W1"]))
    g.apply(UseCard(0, ids(g, 0, "hand")[0]))
    passes(g)
    assert [atk(g, i) for i in ids(g, 0, "fighter")] == [1200, 1700] and atk(g, ids(g, 1, "fighter")[0]) == 1000
    assert cids(g, 0, "equipment") == ["T-EQ-CT"]


# ---------------------------------------------------------------- BOS §Determining Damage


def fight(p0_fighter, p1_fighter, *, sp0=8000, sp1=8000):
    g = bos(player(fighter=[p0_fighter], sp=sp0), player(fighter=[p1_fighter], sp=sp1))
    to_battle(g)
    a, t = ids(g, 0, "fighter")[0], ids(g, 1, "fighter")[0]
    g.apply(DeclareAttack(0, a, t))
    passes(g)
    return g, a, t


def test_determining_damage_attack_position_the_higher_atk_wins():
    g, a, t = fight("T-W2", "T-W1")  # 1500 vs 1000
    assert ids(g, 1, "fighter") == [] and cids(g, 1, "discard") == ["T-W1"]
    assert (g.sp(0), g.sp(1)) == (8500, 7500) and kills(g, a) == 1


def test_determining_damage_attack_position_a_tie_destroys_both():
    g, a, t = fight("T-W1", "T-W1")
    assert ids(g, 0, "fighter") == [] and ids(g, 1, "fighter") == [] and (g.sp(0), g.sp(1)) == (8000, 8000)


def test_determining_damage_attack_position_the_lower_atk_loses():
    g, a, t = fight("T-W1", "T-W2")
    assert ids(g, 0, "fighter") == [] and (g.sp(0), g.sp(1)) == (7500, 8500) and kills(g, t) == 1


def test_determining_damage_rest_position_atk_over_rst_destroys_without_damage():
    g, a, t = fight("T-W2", {"card": "T-W1", "exhausted": True})  # 1500 vs RST 800
    assert ids(g, 1, "fighter") == [] and (g.sp(0), g.sp(1)) == (8000, 8000) and kills(g, a) == 1


def test_determining_damage_rest_position_a_tie_destroys_nothing():
    g, a, t = fight("T-WR", {"card": "T-W0", "exhausted": True})  # 500 against RST 500
    assert ids(g, 1, "fighter") == [t] and ids(g, 0, "fighter") == [a] and (g.sp(0), g.sp(1)) == (8000, 8000)


def test_determining_damage_rest_position_atk_under_rst_costs_the_attacker():
    g, a, t = fight("T-W2", {"card": "T-WR", "exhausted": True})  # 1500 against RST 2000
    assert ids(g, 1, "fighter") == [t] and ids(g, 0, "fighter") == [a]
    assert (g.sp(0), g.sp(1)) == (7500, 8500) and kills(g, t) == 0  # no kill token: nobody destroyed


def test_determining_damage_direct_attack_full_atk_and_no_kill_token():
    g = bos(player(fighter=["T-W2"]), player())
    to_battle(g)
    a = ids(g, 0, "fighter")[0]
    g.apply(DeclareAttack(0, a, None))
    passes(g)
    assert (g.sp(0), g.sp(1)) == (9500, 6500) and kills(g, a) == 0


def test_battle_step_attack_directly_only_when_the_opponent_has_no_fighters():
    g = bos(player(fighter=["T-W2"]), player(fighter=["T-W1"]))
    to_battle(g)
    refused(g, DeclareAttack(0, ids(g, 0, "fighter")[0], None), "attacks directly only", "BOS §Battle Step")


def test_zero_atk_fighters_two_in_attack_position_neither_is_destroyed():
    g, a, t = fight("T-W0", "T-W0")
    assert ids(g, 0, "fighter") == [a] and ids(g, 1, "fighter") == [t]


def test_ruling_7_attacking_does_not_rest_and_each_fighter_attacks_once():
    g = bos(player(fighter=["T-W2", "T-W1"]), player())
    to_battle(g)
    a, b = ids(g, 0, "fighter")
    g.apply(DeclareAttack(0, a, None))
    passes(g)
    assert position(g, a) == "attack"
    refused(g, DeclareAttack(0, a, None), "once per turn", "BOS §Battle Step")
    g.apply(DeclareAttack(0, b, None))
    passes(g)
    assert (g.sp(0), g.sp(1)) == (10500, 5500)


def test_battle_step_a_rest_position_fighter_does_not_attack():
    g = bos(player(fighter=[{"card": "T-W2", "exhausted": True}]), player())
    to_battle(g)
    refused(g, DeclareAttack(0, ids(g, 0, "fighter")[0], None), "attack-position", "BOS §Battle Step")


def test_kill_tokens_go_when_their_fighter_leaves():
    g = bos(player(fighter=[{"card": "T-W2", "counters": {"kill": 2}}]), player(tactic=["T-TC-RET"]))
    f = ids(g, 0, "fighter")[0]
    to_battle(g)
    g.apply(DeclareAttack(0, f, None))
    g.apply(UseCard(1, ids(g, 1, "tactic")[0], 0, (f,)))  # back to the hand
    passes(g)
    assert f in ids(g, 0, "hand") and kills(g, f) == 0


# ---------------------------------------------------------------- BOS §Replay


def test_replay_the_target_leaves_before_the_damage_step():
    g = bos(player(fighter=["T-W2", "T-W1"], tactic=["T-TC-KILL"]), player(fighter=["T-WR", "T-W1"]))
    to_battle(g)
    a, b = ids(g, 0, "fighter")
    t, u = ids(g, 1, "fighter")
    g.apply(DeclareAttack(0, a, t))
    assert g.pending.kind == "chain" and g.pending.player == 0
    g.apply(UseCard(0, ids(g, 0, "tactic")[0], 0, (t,)))  # the turn player removes its own target
    passes(g)
    assert g.pending.kind == "attack" and g.pending.info["replay"] == a
    assert DeclareAttack(0, a, u) in g.legal_commands()  # the same fighter may attack again ...
    g.apply(DeclareAttack(0, b, u))  # ... or another: then the first has had its attack
    passes(g)
    refused(g, DeclareAttack(0, a, None), "once per turn")


def test_replay_a_new_fighter_appears_on_the_opponents_side():
    g = bos(player(fighter=["T-W2"]), player(fighter=["T-W1"], tactic=["T-TC-TOKEN"]))
    to_battle(g)
    a = ids(g, 0, "fighter")[0]
    g.apply(DeclareAttack(0, a, ids(g, 1, "fighter")[0]))
    g.apply(UseCard(1, ids(g, 1, "tactic")[0]))
    passes(g)
    assert g.pending.kind == "attack" and g.pending.info["replay"] == a
    assert len(ids(g, 1, "fighter")) == 2 and (g.sp(0), g.sp(1)) == (8000, 8000)


# ---------------------------------------------------------------- BOS §Equipment and Tactic Card Chains


def test_chains_resolve_last_in_first_out_the_rule_books_example():
    # the attack for 1500; the defender's Mire Trap (-500 ATK) in response; the attacker's Broken Oath negates it
    g = bos(player(fighter=["T-W2"], tactic=["T-TC-NEG"]), player(tactic=["T-TC-DOWN"]))
    to_battle(g)
    a = ids(g, 0, "fighter")[0]
    g.apply(DeclareAttack(0, a, None))
    assert g.pending.player == 1  # the attacker had nothing to answer with yet: passed for it
    g.apply(UseCard(1, ids(g, 1, "tactic")[0], 0, (a,)))
    assert g.pending.kind == "chain" and g.pending.player == 0 and len(g.pending.info["chain"]) == 1
    g.apply(UseCard(0, ids(g, 0, "tactic")[0]))
    passes(g)
    assert (g.sp(0), g.sp(1)) == (9500, 6500)  # Mire Trap negated: 1500 damage
    assert "T-TC-DOWN" in cids(g, 1, "discard") and "T-TC-NEG" in cids(g, 0, "discard")


def test_pay_a_cost_is_not_refunded_when_the_activation_is_negated():
    g = bos(player(tactic=["T-TC-DMG"]), player(tactic=["T-TC-NEG"]))
    g.apply(UseCard(0, ids(g, 0, "tactic")[0]))
    assert (g.sp(0), g.sp(1)) == (7800, 8200)  # paid before the activation
    g.apply(UseCard(1, ids(g, 1, "tactic")[0]))
    passes(g)
    assert (g.sp(0), g.sp(1)) == (7800, 8200)  # negated: no damage, no refund


def test_damage_step_rules_only_tactics_and_atk_rst_changes():
    g = bos(player(fighter=["T-W1"]), player(fighter=["T-W2", "T-QK", "T-QATK"]))
    to_battle(g)
    a, t = ids(g, 0, "fighter")[0], ids(g, 1, "fighter")[0]
    qk, qatk = ids(g, 1, "fighter")[1:]
    g.apply(DeclareAttack(0, a, t))
    assert g.pending.player == 1
    assert any(c.card == qk for c in g.legal_commands())  # the battle step: a destroying quick effect is fine
    g.apply(Pass(1))
    assert g.pending.kind == "chain" and g.pending.info["window"] == "damage" and g.pending.player == 1
    offered = {c.card for c in g.legal_commands() if isinstance(c, UseCard)}
    assert offered == {qatk}
    refused(g, UseCard(1, qk, 1, (a,)), "only tactic cards and effects that change ATK or RST",
            "BOS §Damage Step Rules")
    g.apply(UseCard(1, qatk, 1, (t,)))
    passes(g)
    assert (g.sp(0), g.sp(1)) == (7200, 8800)  # 1000 against 1500 + 300


def test_quick_effect_used_on_the_opponents_turn_ignition_only_in_your_main_phase():
    g = bos(player(fighter=["T-IGN", "T-W1"]), player(fighter=["T-QK"]))
    ign = ids(g, 0, "fighter")[0]
    g.apply(UseCard(0, ign, 1, (ids(g, 0, "fighter")[1],)))
    # the opponent's quick effect answers it on the turn player's turn
    assert g.pending.kind == "chain" and g.pending.player == 1
    g.apply(UseCard(1, ids(g, 1, "fighter")[0], 1, (ign,)))
    passes(g)
    assert ign not in ids(g, 0, "fighter") and atk(g, ids(g, 0, "fighter")[0]) == 1400
    refused(g, UseCard(0, ids(g, 0, "fighter")[0], 1), "no effect 1")


def test_ignition_effect_once_per_turn():
    g = bos(player(fighter=["T-IGN"]))
    f = ids(g, 0, "fighter")[0]
    g.apply(UseCard(0, f, 1, (f,)))
    passes(g)
    assert atk(g, f) == 1400 and g.sp(0) == 7700
    refused(g, UseCard(0, f, 1, (f,)), "once per turn", "BOS §Ignition Effect")


def test_until_the_end_of_this_turn_ends_with_the_turn():
    g = bos(player(fighter=["T-IGN"]), step="main1")
    f = ids(g, 0, "fighter")[0]
    g.apply(UseCard(0, f, 1, (f,)))
    passes(g)
    to_battle(g)
    g.apply(EndAttack(0))
    g.apply(EndMain(0))
    assert atk(g, f) == 1000


# ---------------------------------------------------------------- leaving the field


def test_leaves_the_field_shuffled_into_the_deck_fires_nothing():
    g = bos(player(fighter=["T-LEAVE"]), player(tactic=["T-TC-SHUF"]))
    to_battle(g)
    f = ids(g, 0, "fighter")[0]
    g.apply(DeclareAttack(0, f, None))
    g.apply(UseCard(1, ids(g, 1, "tactic")[0], 0, (f,)))
    passes(g)
    assert f in ids(g, 0, "deck") and (g.sp(0), g.sp(1)) == (8000, 8000)


def test_leaves_the_field_returned_to_the_hand_fires_it():
    g = bos(player(fighter=["T-LEAVE"]), player(tactic=["T-TC-RET"]))
    to_battle(g)
    f = ids(g, 0, "fighter")[0]
    g.apply(DeclareAttack(0, f, None))
    g.apply(UseCard(1, ids(g, 1, "tactic")[0], 0, (f,)))
    passes(g)
    assert f in ids(g, 0, "hand") and (g.sp(0), g.sp(1)) == (8200, 7800)


def test_destroy_by_battle_fires_when_destroyed_and_when_sent_to_the_discard_pile():
    g = bos(player(fighter=["T-W2"]), player(fighter=["T-GRAVE"]))
    hand = len(ids(g, 1, "hand"))
    to_battle(g)
    g.apply(DeclareAttack(0, ids(g, 0, "fighter")[0], ids(g, 1, "fighter")[0]))
    passes(g)
    # 500 battle damage to player 2, then the Herald's 300 back; player 2 drew 1
    assert (g.sp(0), g.sp(1)) == (8200, 7800) and len(ids(g, 1, "hand")) == hand + 1


def test_trigger_effect_when_this_fighter_destroys_by_battle():
    g, a, t = fight("T-BRAWL", "T-W1")
    assert (g.sp(0), g.sp(1)) == (8700, 7300)  # 400 battle damage + 300


def test_trigger_effect_when_deployed():
    g = bos(player(hand=["T-DRAW"]))
    g.apply(Deploy(0, ids(g, 0, "hand")[0]))
    passes(g)
    assert len(ids(g, 0, "hand")) == 1 and g.pending.kind == "main"


def test_fighter_tokens_are_removed_instead_of_going_to_the_discard_pile():
    g = bos(player(tactic=["T-TC-TOKEN"]), player(fighter=["T-W2"]))
    g.apply(UseCard(0, ids(g, 0, "tactic")[0]))
    passes(g)
    tok = ids(g, 0, "fighter")[0]
    assert atk(g, tok) == 800 and rst(g, tok) == 800
    g.apply(EndMain(0))
    g.apply(EndAttack(0))
    g.apply(EndMain(0))
    to_battle(g)
    g.apply(DeclareAttack(1, ids(g, 1, "fighter")[0], tok))
    passes(g)
    assert ids(g, 0, "fighter") == [] and "BOS-TOKEN-Militia-800-800" not in cids(g, 0, "discard")
    assert g.state.cards[tok].zone == "removed"


# ---------------------------------------------------------------- BOS §Winning a Battle


def test_winning_a_battle_the_first_to_16000_sp():
    g = bos(player(fighter=["T-W2"], sp=15000), player(sp=1000))
    to_battle(g)
    g.apply(DeclareAttack(0, ids(g, 0, "fighter")[0], None))
    passes(g)
    assert g.over and g.result.winner == 0 and "16000" in g.result.reason and g.sp(1) == 0


def test_ruling_9_sp_moves_between_the_players_and_never_below_zero():
    g = bos(player(fighter=["T-W2"], sp=15500), player(sp=500))
    to_battle(g)
    g.apply(DeclareAttack(0, ids(g, 0, "fighter")[0], None))
    passes(g)
    assert g.sp(0) + g.sp(1) == 16000 and g.sp(1) == 0 and g.result.winner == 0


def test_pay_a_cost_you_cannot_pay_more_sp_than_you_have():
    g = bos(player(tactic=["T-TC-DMG"], sp=100), player(sp=15900))
    refused(g, UseCard(0, ids(g, 0, "tactic")[0]), "costs 200 SP", "BOS §Pay a Cost")


# ---------------------------------------------------------------- BOS §Glossary: search, piercing, attack directly


def test_search_your_deck_the_player_picks_then_the_deck_is_shuffled():
    # Quartermaster: when deployed, search an equipment card, then draw 1 (the effect goes on after the choice)
    g = bos(player(hand=["T-SEARCH"], deck=["T-W1"] * 5 + ["T-EQ-AT", "T-EQ-BL"] + ["T-W2"] * 5))
    g.apply(Deploy(0, ids(g, 0, "hand")[0]))
    passes(g)
    assert g.pending.kind == "choose" and g.pending.info["kind"] == "search"
    options = g.pending.info["options"]
    assert sorted(g.state.cards[i].cid for i in options) == ["T-EQ-AT", "T-EQ-BL"]
    blade = next(i for i in options if g.state.cards[i].cid == "T-EQ-BL")
    refused(g, Choose(0, (ids(g, 0, "deck")[0],)), "the search may find", "BOS §Search Your Deck")
    g.apply(Choose(0, (blade,)))
    assert blade in ids(g, 0, "hand") and len(ids(g, 0, "hand")) == 2  # the blade, then the draw
    assert g.pending.kind == "main"


def test_search_your_deck_not_activated_with_no_such_card_there():
    g = bos(player(tactic=["T-TC-SRCH"], deck=["T-EQ-AT"] * 5))
    refused(g, UseCard(0, ids(g, 0, "tactic")[0]), "no fighter card in your deck", "BOS §Search Your Deck")


def test_piercing_battle_damage_against_a_rest_position_fighter():
    g, a, t = fight("T-PIERCE", {"card": "T-W1", "exhausted": True})  # 1800 against RST 800
    assert ids(g, 1, "fighter") == [] and (g.sp(0), g.sp(1)) == (9000, 7000)
    g, a, t = fight("T-W2", {"card": "T-W1", "exhausted": True})  # without piercing: no damage
    assert (g.sp(0), g.sp(1)) == (8000, 8000)


def test_attack_directly_even_while_the_opponent_has_fighters():
    g = bos(player(fighter=["T-DIRECT", "T-W1"]), player(fighter=["T-WR"]))
    to_battle(g)
    courier, squire = ids(g, 0, "fighter")
    assert DeclareAttack(0, courier, None) in g.legal_commands()
    assert DeclareAttack(0, squire, None) not in g.legal_commands()
    g.apply(DeclareAttack(0, courier, None))
    passes(g)
    assert (g.sp(0), g.sp(1)) == (8900, 7100)


def test_continuous_tactic_stays_face_up_and_works_while_on_the_field():
    # Standing Ward: a Continuous tactic; once activated it stays, and works while it is on the field
    g = bos(player(fighter=["T-W1"], tactic=["T-TC-CONT"]), player(tactic=["T-TC-SHATTER"]))
    f, ward = ids(g, 0, "fighter")[0], ids(g, 0, "tactic")[0]
    g.apply(UseCard(0, ward))
    passes(g)
    assert ward in ids(g, 0, "tactic") and not g.state.table.marks.get(ward) and rst(g, f) == 1100
    # the opponent destroys the face-up Ward (a set-zone target): its effect ends
    g.apply(EndMain(0))
    assert g.pending.kind == "attack"
    g.apply(EndAttack(0))
    g.apply(EndMain(0))
    passes(g)
    assert g.state.turn_player == 1
    g.apply(UseCard(1, ids(g, 1, "tactic")[0], 0, (ward,)))
    passes(g)
    assert ward in ids(g, 0, "discard") and rst(g, f) == 800


def test_change_the_battle_position_by_an_effect_then_attack_its_rst():
    g = bos(player(fighter=["T-W2"], tactic=["T-TC-TRIP"]), player(fighter=["T-WR"]))
    t = ids(g, 1, "fighter")[0]
    g.apply(UseCard(0, ids(g, 0, "tactic")[0], 0, (t,)))
    passes(g)
    assert position(g, t) == "rest"
    to_battle(g)
    g.apply(DeclareAttack(0, ids(g, 0, "fighter")[0], t))
    passes(g)
    assert t in ids(g, 1, "fighter") and (g.sp(0), g.sp(1)) == (7500, 8500)  # 1500 against RST 2000


# ---------------------------------------------------------------- BOS §Trigger Effect, §Pay a Cost


def test_trigger_effect_during_your_ready_phase():
    # Dawn Sentinel: during your ready phase, +100 ATK while it stays on the field (each of your turns)
    g = bos(player(fighter=["T-DAWN"]), step="main2", turn=3, turn_player=1)
    f = ids(g, 0, "fighter")[0]
    g.apply(EndMain(1))
    passes(g)
    assert g.state.turn_player == 0 and atk(g, f) == 1100


def test_trigger_effect_during_your_end_phase():
    # Dusk Warden turns to rest position at its own end phase (and back at the ready phase)
    g = bos(player(fighter=["T-DUSK"]), step="main2")
    f = ids(g, 0, "fighter")[0]
    g.apply(EndMain(0))
    passes(g)
    assert g.state.turn_player == 1 and position(g, f) == "rest"


def test_pay_a_cost_discarding_a_card_from_the_hand():
    g = bos(player(tactic=["T-TC-TITHE"], hand=["T-W1", "T-W2"], deck=["T-WR"] * 5))
    t = ids(g, 0, "tactic")[0]
    refused(g, UseCard(0, t), "discards 1 other card", "BOS §Pay a Cost")
    w1 = ids(g, 0, "hand")[0]
    g.apply(UseCard(0, t, 0, (), (), (w1,)))
    passes(g)
    assert w1 in ids(g, 0, "discard") and cids(g, 0, "hand") == ["T-W2", "T-WR", "T-WR"]


def test_pay_a_cost_sacrificing_a_fighter_is_not_destroying_it():
    # Moon Pyramid: sacrifice 1 fighter you control: 500 damage; the sacrificed Ashen Herald draws (sent to the
    # discard pile) but deals no damage ("when destroyed" does not fire)
    g = bos(player(battlefield=["T-BF-2"], fighter=["T-GRAVE"]))
    herald = ids(g, 0, "fighter")[0]
    hand = len(ids(g, 0, "hand"))
    g.apply(UseCard(0, ids(g, 0, "battlefield")[0], 1, (), (herald,)))
    passes(g)
    assert herald in ids(g, 0, "discard") and (g.sp(0), g.sp(1)) == (8500, 7500)
    assert len(ids(g, 0, "hand")) == hand + 1


def test_send_to_the_discard_pile_by_an_effect_is_not_destroying():
    g = bos(player(tactic=["T-TC-PURGE"]), player(fighter=["T-GRAVE"]))
    herald = ids(g, 1, "fighter")[0]
    hand = len(ids(g, 1, "hand"))
    g.apply(UseCard(0, ids(g, 0, "tactic")[0], 0, (herald,)))
    passes(g)
    assert herald in ids(g, 1, "discard") and (g.sp(0), g.sp(1)) == (8000, 8000)  # no "when destroyed"
    assert len(ids(g, 1, "hand")) == hand + 1  # "when sent to the discard pile" drew
