"""Compiled text played from positions: costs that destroy or discard a kind of card (CR 8-4), discards from other
hands (CR 10-2-2), level and keyword filters, "its highest level", conditions on counts, triggers the text writes
(this spirit, any of your spirits or nexuses, magic cards used, the start of the step), the top card revealed,
cores from the reserve into the life and cards back from the trash.

The sentences are written for these tests in the templates real card text uses; none is a real card's text.
"""
from __future__ import annotations

import pytest

from bss_desktop.carddb.errors import CardDataError
from bss_desktop.carddb.schema import card_from_dict
from bss_desktop.engine import stats
from bss_desktop.engine.commands import Activate, Attack, Block, EndAttack, EndMain, Pass, Summon, UseMagic
from bss_desktop.engine.errors import IllegalCommand
from helpers import answer, cids, effect, first, imported_db, position, record, two_players


def nexus(details: str, condition: str = "N/A", steps=(), **fields) -> dict:
    return effect(details, condition, steps, cardType="NEXUS", name="Test Nexus",
                  core_requirements=[{"level": 1, "cores": 0}, {"level": 2, "cores": 2}], **fields)


def magic(details: str) -> dict:
    return effect(details, steps=["Main", "Flash"], cardType="MAGIC", name="Test Magic", core_requirements=[])


def game_of(db, p0: str, p1: str, **kw):
    return position(two_players(p0, p1, **kw), db=db)


def attack_unblocked(game, attacker: int):
    game.apply(Attack(0, attacker))
    game.apply(Pass(1))
    game.apply(Pass(0))
    return game.apply(Block(1, None))


def blocked_fight(game, p: int, attacker: int, blocker: int):
    """Player `p` attacks with `attacker`, both pass, the other player blocks with `blocker`, the battle is fought."""
    game.apply(Attack(p, attacker))
    game.apply(Pass(1 - p))
    game.apply(Pass(p))
    game.apply(Block(1 - p, blocker))
    game.apply(Pass(1 - p))
    return game.apply(Pass(p))


def hand(game, p: int) -> list[str]:
    return cids(game, game.state.players[p].hand)


# ---------------------------------------------------------------- costs (CR 8-4)


def test_cr_8_4_played_you_may_destroy_this_nexus_to_exhaust_an_opponents_spirit():
    db = imported_db(nexus("You may destroy this nexus to select one of your opponent's spirits and exhaust it.",
                           steps=["Main"]))
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001]}", "{life: 5, reserve: 3, field: [T-G4]}")
    forge, stag = game.state.players[0].field[0], game.state.players[1].field[0]
    game.apply(Activate(0, forge, 0))
    assert game.state.cards[forge].zone == "trash"  # the cost is paid as it activates (CR 8-5-2-2)
    while game.pending.kind == "choose":
        answer(game, True if game.pending.info.get("kind") == "may" else [stag])
    assert game.state.cards[stag].exhausted


def test_cr_8_4_played_you_may_destroy_one_of_your_other_spirits_to_draw_a_card():
    db = imported_db(effect("You may destroy one of your other spirits to draw a card.", "When This Spirit Attacks"))
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001, T-R1, T-W0], deck: [T-W0, T-W0]}",
                   "{life: 5, reserve: 3}", step="attack")
    spirit, pup, wisp = game.state.players[0].field
    game.apply(Attack(0, spirit))
    answer(game, True)  # CR 8-4-1: asked whether to pay
    assert game.pending.info["options"] == [pup, wisp]  # "other": never the attacker itself
    answer(game, [pup])
    assert game.state.cards[pup].zone == "trash" and hand(game, 0) == ["T-W0"]


def test_cr_8_4_2_3_a_destroy_cost_with_nothing_to_destroy_does_not_activate():
    db = imported_db(effect("You may destroy one of your other spirits to draw a card.", "When This Spirit Attacks"))
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001], deck: [T-W0, T-W0]}", "{life: 5, reserve: 3}",
                   step="attack")
    game.apply(Attack(0, game.state.players[0].field[0]))
    assert game.pending.kind != "choose" and hand(game, 0) == []  # nothing asked, nothing drawn


def test_cr_10_1_1_a_spirit_destroyed_to_pay_a_cost_is_destroyed_and_its_effects_trigger():
    # destroyed because a cost says "destroy": not a self-destruction (CR 10-1-1-1 is the LV1 cores unmet)
    db = imported_db(effect("You may destroy one of your other spirits to draw a card.", "When This Spirit Attacks"),
                     effect("Draw a card.", "When Destroyed", ID="ZT-002", name="Last Words"))
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001, ZT-002], deck: [T-W0, T-W0, T-W0]}",
                   "{life: 5, reserve: 3}", step="attack")
    spirit, last = game.state.players[0].field
    game.apply(Attack(0, spirit))
    answer(game, True)
    assert game.state.cards[last].zone == "trash" and hand(game, 0) == ["T-W0", "T-W0"]


def test_cr_8_4_2_3_played_discard_a_nexus_card_only_when_you_hold_one():
    rec = effect("You may discard a nexus card from your hand to draw a card.", "When Summoned")
    db = imported_db(rec)
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-001, T-R1], deck: [T-W0, T-W0]}", "{life: 5, reserve: 3}")
    game.apply(Summon(0, first(game, 0, "ZT-001", "hand")))
    assert game.pending.kind != "choose" and hand(game, 0) == ["T-R1"]  # no nexus card: the cost can't be paid
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-001, T-R1, T-NX], deck: [T-W0, T-W0]}",
                   "{life: 5, reserve: 3}")
    game.apply(Summon(0, first(game, 0, "ZT-001", "hand")))
    answer(game, True)  # the only nexus card is taken: the spirit card is not among the options
    assert hand(game, 0) == ["T-R1", "T-W0"] and cids(game, game.state.players[0].trash) == ["T-NX"]


def test_played_discard_a_red_card_to_make_all_of_your_spirits_gain_bp_for_this_turn():
    db = imported_db(effect("You may discard a red card to make all of your spirits gain 2000 BP for this turn.",
                            "When This Spirit Attacks"))
    game = game_of(db, "{life: 5, reserve: 3, hand: [T-B2, T-R1], field: [ZT-001, T-W0]}",
                   "{life: 5, reserve: 3}", step="attack")
    spirit, wisp = game.state.players[0].field
    game.apply(Attack(0, spirit))
    answer(game, True)
    assert hand(game, 0) == ["T-B2"]  # the red card went, the blue one stays
    assert stats.bp(game, spirit) == 3000 and stats.bp(game, wisp) == 3000


# ---------------------------------------------------------------- discards from other hands (CR 10-2-2, 1-3-4)


def test_cr_10_2_2_played_your_opponent_selects_a_card_from_their_hand_and_discards_it():
    db = imported_db(effect("Your opponent selects a card from their hand and discards it.", "When Summoned"))
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-001, T-R1]}", "{life: 5, reserve: 3, hand: [T-G4, T-B2]}")
    game.apply(Summon(0, first(game, 0, "ZT-001", "hand")))
    assert game.pending.player == 1  # they choose, among their own hand
    stag, guard = game.state.players[1].hand
    assert sorted(game.pending.info["options"]) == sorted([stag, guard])
    answer(game, [guard])
    assert hand(game, 1) == ["T-G4"] and hand(game, 0) == ["T-R1"]


def test_cr_1_3_4_played_both_players_discard_the_turn_player_first():
    db = imported_db(effect("Both players discard a card.", "When Summoned"))
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-001, T-R1, T-B2]}", "{life: 5, reserve: 3, hand: [T-G4]}")
    game.apply(Summon(0, first(game, 0, "ZT-001", "hand")))
    assert game.pending.player == 0  # the turn player chooses first (CR 1-3-4)
    answer(game, [first(game, 0, "T-B2", "hand")])
    # the opponent's only card goes without a choice
    assert hand(game, 0) == ["T-R1"] and hand(game, 1) == []


# ---------------------------------------------------------------- levels and keywords


def test_cr_10_13_played_your_spirits_cannot_be_blocked_by_your_opponents_lv2_spirits():
    db = imported_db(effect("All of your spirits cannot be blocked by your opponent's LV2 spirits."))
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001]}",
                   "{life: 5, reserve: 3, field: [T-R1, {card: T-R3, cores: 2}]}", step="attack")
    pup, knight = game.state.players[1].field
    assert stats.level(game, knight) == 2
    game.apply(Attack(0, game.state.players[0].field[0]))
    game.apply(Pass(1))
    game.apply(Pass(0))
    with pytest.raises(IllegalCommand):
        game.apply(Block(1, knight))  # LV2: kept out
    game.apply(Block(1, pup))  # LV1 blocks
    assert game.state.battle.blocker == pup


def test_cr_8_8_1_3_2_played_treat_it_as_its_highest_level_during_this_turn():
    db = imported_db(effect("Select one of your spirits. Treat it as its highest level during this turn.",
                            "When Summoned"))
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-001], field: [T-R3]}", "{life: 5, reserve: 3}")
    knight = game.state.players[0].field[0]
    game.apply(Summon(0, first(game, 0, "ZT-001", "hand")))
    answer(game, [knight])
    assert stats.level(game, knight) == 3 and stats.bp(game, knight) == 6000  # LV3 of 3, with one core


def test_played_select_an_opponents_spirit_with_either_of_two_keywords():
    db = imported_db(effect("Select one of your opponent's spirits with Confront or Curse and return it to their "
                            "hand.", "When Summoned"),
                     record(ID="ZT-002", name="Curser", effects=[{"levels": [1, 2], "condition": "N/A", "steps": [],
                                                                "keywords": [{"keyword_name": "Curse"}],
                                                                "details": "N/A"}]))
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-001]}", "{life: 5, reserve: 3, field: [T-G4, ZT-002]}")
    game.apply(Summon(0, first(game, 0, "ZT-001", "hand")))  # only the 【Curse】 spirit fits: no choice
    assert cids(game, game.state.players[1].field) == ["T-G4"] and hand(game, 1) == ["ZT-002"]


def test_played_it_loses_bp_and_a_bp_and_keyword_grant():
    db = imported_db(effect("Select one of your opponent's spirits. It loses 2000 BP during this turn.",
                            "When Summoned"),
                     effect("All of your spirits gain 1000 BP and Confront.", "During Your Turn", ID="ZT-002"))
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-001], field: [ZT-002]}",
                   "{life: 5, reserve: 3, field: [T-G4]}")
    stag = game.state.players[1].field[0]
    game.apply(Summon(0, first(game, 0, "ZT-001", "hand")))
    assert stats.bp(game, stag) == 2000
    for iid in game.state.players[0].field:
        assert game.has_keyword(iid, "confront")
    assert stats.bp(game, first(game, 0, "ZT-001")) == 2000  # 1000 + 1000


def test_played_refresh_one_of_your_spirits_that_costs_three_or_fewer():
    db = imported_db(effect("Refresh one of your spirits that costs 3 or fewer.", "When Summoned"))
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-001], field: [{card: T-R5, exhausted: true}, "
                       "{card: T-R3, exhausted: true}]}", "{life: 5, reserve: 3}")
    titan, knight = game.state.players[0].field
    game.apply(Summon(0, first(game, 0, "ZT-001", "hand")))
    if game.pending.kind == "choose":  # ZT-001 (cost 0, refreshed) fits too
        assert titan not in game.pending.info["options"]
        answer(game, [knight])
    assert not game.state.cards[knight].exhausted and game.state.cards[titan].exhausted


def test_played_reduce_the_bp_of_all_opponents_spirits_for_each_nexus_they_control():
    db = imported_db(magic("During this turn, reduce the BP of all of your opponent's spirits by 1000 for each "
                           "nexus they control."))
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-001]}",
                   "{life: 5, reserve: 3, field: [T-G4, T-NX, T-NX]}")
    stag = game.state.players[1].field[0]
    game.apply(UseMagic(0, first(game, 0, "ZT-001", "hand")))
    assert stats.bp(game, stag) == 2000  # 4000 - 2 x 1000


# ---------------------------------------------------------------- conditions


@pytest.mark.parametrize("trash,drawn", [("[T-W0, T-W0]", 2), ("[T-W0]", 0)])
def test_played_if_your_opponent_has_n_or_more_cards_in_their_trash(trash, drawn):
    db = imported_db(effect("If your opponent has 2 or more cards in their trash, draw two cards.", "When Summoned"))
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-001]}", f"{{life: 5, reserve: 3, trash: {trash}}}")
    game.apply(Summon(0, first(game, 0, "ZT-001", "hand")))
    assert len(hand(game, 0)) == drawn


@pytest.mark.parametrize("field,exhausted", [("[T-NX]", False), ("[]", True)])
def test_played_exhaust_this_spirit_if_you_do_not_control_a_nexus(field, exhausted):
    db = imported_db(effect("Exhaust this spirit if you do not control a nexus.", "When Summoned"))
    game = game_of(db, f"{{life: 5, reserve: 3, hand: [ZT-001], field: {field}}}", "{life: 5, reserve: 3}")
    game.apply(Summon(0, first(game, 0, "ZT-001", "hand")))
    assert game.state.cards[first(game, 0, "ZT-001")].exhausted is exhausted


def test_played_if_it_is_your_opponents_turn():
    db = imported_db(effect("If it is your opponent's turn, draw a card.", "When Destroyed"))
    # your turn: it attacks into a bigger blocker and is destroyed, nothing drawn
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001], deck: [T-W0, T-W0]}",
                   "{life: 5, reserve: 3, field: [T-G4]}", step="attack")
    blocked_fight(game, 0, game.state.players[0].field[0], game.state.players[1].field[0])
    assert game.state.players[0].field == [] and hand(game, 0) == []
    # the opponent's turn: it blocks their bigger attacker and is destroyed, a card drawn
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001], deck: [T-W0, T-W0]}",
                   "{life: 5, reserve: 3, field: [T-G4]}", step="attack", turn_player=1)
    blocked_fight(game, 1, game.state.players[1].field[0], game.state.players[0].field[0])
    assert game.state.players[0].field == [] and hand(game, 0) == ["T-W0"]


@pytest.mark.parametrize("life,confront", [(3, True), (4, False)])
def test_played_this_spirit_gains_confront_when_you_have_three_or_fewer_life(life, confront):
    db = imported_db(effect("This spirit gains Confront when you have 3 or fewer life."))
    game = game_of(db, f"{{life: {life}, reserve: 3, field: [ZT-001]}}", "{life: 5, reserve: 3}")
    assert game.has_keyword(game.state.players[0].field[0], "confront") is confront


def test_played_if_you_destroy_a_spirit_with_this_effect_draw_a_card():
    db = imported_db(effect("Select one of your opponent's spirits with 3000 or fewer BP and destroy it. If you "
                            "destroy a spirit with this effect, draw a card.", "When Summoned"))
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-001], deck: [T-W0, T-W0]}",
                   "{life: 5, reserve: 3, field: [T-G4]}")
    game.apply(Summon(0, first(game, 0, "ZT-001", "hand")))
    assert hand(game, 0) == []  # 4000 BP: nothing destroyed, nothing drawn
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-001], deck: [T-W0, T-W0]}",
                   "{life: 5, reserve: 3, field: [T-R1]}")
    game.apply(Summon(0, first(game, 0, "ZT-001", "hand")))
    assert game.state.players[1].field == [] and hand(game, 0) == ["T-W0"]


def test_cr_9_3_2_1_if_you_destroy_after_a_core_removal_is_not_if_you_do():
    # removing a core may destroy a spirit, yet "if you do" would read "if a core was removed": not said the same.
    # It reads "if the spirit is destroyed by this effect" (it_destroyed; played in tests/test_tc_misc.py)
    from bss_desktop.carddb.text_compile import compile_effect

    r = compile_effect("spirit", "When Summoned", "Select one of your opponent's spirits. Remove a core from it and "
                       "place it into their reserve. If you destroy a spirit with this effect, draw a card.", [])
    assert r.effect["do"][-1] == {"draw": 1, "if": {"it_destroyed": True}}


def test_then_after_a_condition_goes_with_it():
    db = imported_db(effect("If your opponent has 2 or more cards in their trash, draw two cards. Then, discard a "
                            "card.", "When Summoned"))
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-001, T-R1], deck: [T-W0, T-W0]}", "{life: 5, reserve: 3}")
    game.apply(Summon(0, first(game, 0, "ZT-001", "hand")))
    assert hand(game, 0) == ["T-R1"]  # no draw, so no discard either


# ---------------------------------------------------------------- triggers the text writes


def test_cr_7_1_3_played_when_this_spirit_is_blocked_draw_a_card():
    db = imported_db(effect("When this spirit is blocked, draw a card.", "While This Spirit Attacks"))
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001], deck: [T-W0, T-W0]}",
                   "{life: 5, reserve: 3, field: [T-W0]}", step="attack")
    game.apply(Attack(0, game.state.players[0].field[0]))
    game.apply(Pass(1))
    game.apply(Pass(0))
    game.apply(Block(1, game.state.players[1].field[0]))
    assert hand(game, 0) == ["T-W0"]


def test_cr_7_1_5_3_1_played_draw_a_card_when_you_reduce_your_opponents_life():
    db = imported_db(effect("Draw a card when you reduce your opponent's life.", "During Your Attack Step"))
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001, T-R1], deck: [T-W0, T-W0]}", "{life: 5, reserve: 3}",
                   step="attack")
    attack_unblocked(game, first(game, 0, "T-R1"))  # any of your spirits
    assert game.state.players[1].life == 4 and hand(game, 0) == ["T-W0"]


def test_cr_10_6_7_played_when_you_summon_a_family_spirit_you_may_exhaust_this_nexus_to_draw():
    db = imported_db(nexus("When you summon a Sky Warden spirit, you may exhaust this nexus to draw a card."),
                     record(ID="ZT-003", name="Sky Pup", subType=["Sky Warden"], color=["Blue"], symbols=["blue"]))
    game = game_of(db, "{life: 5, reserve: 4, hand: [ZT-003, T-R1], field: [ZT-001], deck: [T-W0, T-W0]}",
                   "{life: 5, reserve: 3}")
    nx = game.state.players[0].field[0]
    game.apply(Summon(0, first(game, 0, "T-R1", "hand")))  # not a Sky Warden: nothing
    assert game.pending.kind != "choose"
    game.apply(Summon(0, first(game, 0, "ZT-003", "hand")))
    answer(game, True)
    assert game.state.cards[nx].exhausted and hand(game, 0) == ["T-W0"]


def test_cr_6_5_1_played_at_the_start_of_the_step_under_an_attack_step_label():
    db = imported_db(effect("If you control a white spirit, refresh this spirit at the start of the step.",
                            "During Opponent's Attack Step"))
    game = game_of(db, "{life: 5, reserve: 3, field: [{card: ZT-001, exhausted: true}, T-W0]}",
                   "{life: 5, reserve: 3}", turn_player=1)
    spirit = first(game, 0, "ZT-001")
    game.apply(EndMain(1))  # the opponent's attack step starts
    assert not game.state.cards[spirit].exhausted


# ---------------------------------------------------------------- the vocabulary


def test_cr_8_1_4_a_constant_effect_that_would_refresh_once_is_refused_naming_the_field():
    card = {"id": "X-1", "name": "X", "type": "spirit", "colors": ["red"], "cost": 1,
            "levels": [{"level": 1, "cores": 1, "bp": 1000}],
            "effects": [{"kind": "constant", "condition": {"step": "end"}, "do": [{"refresh": "this"}]}]}
    with pytest.raises(CardDataError) as e:
        card_from_dict(card, file="x.yaml", set_id="X")
    assert "do[0].refresh" in str(e.value.field) and "constant" in e.value.message


# ---------------------------------------------------------------- more triggers, the top card, life and trash


def test_cr_12_2_played_reveal_the_top_card_and_add_it_if_it_is_a_family_spirit_card():
    db = imported_db(effect("Reveal the top card of your deck. If it is a Stoneback spirit card, add it to your hand. "
                            "Otherwise, discard it.", "When Summoned"),
                     record(ID="ZT-002", name="Stone Pup"))
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-001], deck: [ZT-002, T-W0]}", "{life: 5, reserve: 3}")
    game.apply(Summon(0, first(game, 0, "ZT-001", "hand")))
    assert hand(game, 0) == ["ZT-002"]  # the top card (a position lists it first) is a Stoneback spirit card
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-001], deck: [T-W0, ZT-002]}", "{life: 5, reserve: 3}")
    game.apply(Summon(0, first(game, 0, "ZT-001", "hand")))
    assert hand(game, 0) == [] and cids(game, game.state.players[0].trash) == ["T-W0"]  # otherwise, discarded


def test_played_if_it_is_not_return_it_to_the_top_of_your_deck():
    db = imported_db(effect("Reveal the top card of your deck. If it is a nexus card, add it to your hand. If it is "
                            "not, return it to the top of your deck.", "When Summoned"))
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-001], deck: [T-W0, T-NX]}", "{life: 5, reserve: 3}")
    game.apply(Summon(0, first(game, 0, "ZT-001", "hand")))
    assert hand(game, 0) == [] and cids(game, game.state.players[0].deck)[-1] == "T-W0"


def test_cr_10_8_played_refresh_this_spirit_when_you_use_a_magic_card_that_costs_enough():
    db = imported_db(effect("Refresh this spirit when you use a magic card that costs 2 or more."))
    game = game_of(db, "{life: 5, reserve: 5, hand: [T-MB, T-MF], field: [{card: ZT-001, exhausted: true}]}",
                   "{life: 5, reserve: 3}")
    spirit = first(game, 0, "ZT-001")
    game.apply(UseMagic(0, first(game, 0, "T-MB", "hand")))  # cost 0: not watched
    assert game.state.cards[spirit].exhausted
    game = game_of(db, "{life: 5, reserve: 5, hand: [T-MF], field: [{card: ZT-001, exhausted: true}]}",
                   "{life: 5, reserve: 3, field: [T-R1]}", step="attack", turn_player=1)
    spirit = first(game, 0, "ZT-001")
    game.apply(Attack(1, game.state.players[1].field[0]))
    game.apply(UseMagic(0, first(game, 0, "T-MF", "hand")))  # Flash Ward costs 2, in the flash window
    assert not game.state.cards[spirit].exhausted


def test_cr_10_8_played_when_your_opponent_uses_a_magic_card_a_core_onto_this_spirit():
    db = imported_db(effect("When your opponent uses a magic card, place a core from the void onto this spirit."))
    game = game_of(db, "{life: 5, reserve: 5, hand: [T-MB]}", "{life: 5, reserve: 3, field: [ZT-001]}")
    spirit = game.state.players[1].field[0]
    game.apply(UseMagic(0, first(game, 0, "T-MB", "hand")))
    assert game.state.cards[spirit].cores == 2


def test_cr_10_4_played_when_one_of_your_nexuses_is_exhausted_draw_a_card():
    db = imported_db(effect("When one of your blue nexuses is exhausted, draw a card."),
                     effect("You may exhaust one of your nexuses to refresh this spirit.", "When This Spirit Attacks",
                            ID="ZT-002"))
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001, ZT-002, T-NX2], deck: [T-W0, T-W0]}",
                   "{life: 5, reserve: 3}", step="attack")
    game.apply(Attack(0, first(game, 0, "ZT-002")))
    answer(game, True)  # the Blue Tower is exhausted to pay
    assert game.state.cards[first(game, 0, "T-NX2")].exhausted and hand(game, 0) == ["T-W0"]


def test_cr_4_11_3_played_place_a_core_from_your_reserve_into_your_life():
    db = imported_db(effect("Place a core from your reserve into your life. Draw a card.", "When Destroyed By Opponent"))
    game = game_of(db, "{life: 3, reserve: 2, field: [ZT-001], deck: [T-W0, T-W0]}",
                   "{life: 5, reserve: 3, field: [T-G4]}", step="attack", turn_player=1)
    blocked_fight(game, 1, game.state.players[1].field[0], first(game, 0, "ZT-001"))
    p0 = game.state.players[0]
    assert p0.life == 4 and p0.reserve == 2 and hand(game, 0) == ["T-W0"]  # 2 + its 1 core back - 1 into the life


def test_played_when_one_of_your_spirits_with_a_keyword_is_destroyed_return_it_from_your_trash():
    db = imported_db(nexus("When one of your spirits with Curse is destroyed, return it from your trash to your "
                           "hand."),
                     record(ID="ZT-002", name="Curser", effects=[{"levels": [1, 2], "condition": "N/A", "steps": [],
                                                                "keywords": [{"keyword_name": "Curse"}],
                                                                "details": "N/A"}]))
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001, ZT-002, T-R1]}", "{life: 5, reserve: 3, field: [T-G4]}",
                   step="attack")
    stag = game.state.players[1].field[0]
    blocked_fight(game, 0, first(game, 0, "T-R1"), stag)
    assert cids(game, game.state.players[0].trash) == ["T-R1"]  # no 【Curse】: it stays in the trash
    game.state.cards[stag].exhausted = False
    game.apply(Attack(0, first(game, 0, "ZT-002")))
    game.apply(Pass(1))
    game.apply(Pass(0))
    game.apply(Block(1, stag))
    while game.pending.kind == "choose":
        answer(game, game.pending.info["options"][0])
    game.apply(Pass(1))
    game.apply(Pass(0))
    assert "ZT-002" in hand(game, 0)


def test_played_when_this_spirit_is_blocked_treat_the_blocking_spirit_as_lv1_during_the_battle():
    db = imported_db(effect("When this spirit is blocked, treat the blocking spirit as LV1 during the battle.",
                            "While This Spirit Attacks"))
    game = game_of(db, "{life: 5, reserve: 3, field: [{card: ZT-001, cores: 3}]}",
                   "{life: 5, reserve: 3, field: [{card: T-R3, cores: 4}]}", step="attack")
    knight = game.state.players[1].field[0]
    game.apply(Attack(0, game.state.players[0].field[0]))
    game.apply(Pass(1))
    game.apply(Pass(0))
    game.apply(Block(1, knight))
    assert stats.level(game, knight) == 1 and stats.bp(game, knight) == 3000


def test_cr_11_10_played_it_gains_gale_with_its_number_during_this_turn():
    db = imported_db(magic("Select one of your spirits. It gains Gale: 2 during this turn."))
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-001], field: [T-R1]}", "{life: 5, reserve: 3}")
    pup = game.state.players[0].field[0]
    game.apply(UseMagic(0, first(game, 0, "ZT-001", "hand")))
    while game.pending.kind == "choose":
        answer(game, [pup] if game.pending.info.get("kind") == "target" else game.pending.info["options"][0])
    assert [k.value for k in game.keywords_of(pup, "gale")] == [2]


def test_cr_6_1_1_played_during_your_start_step_select_a_spirit_and_refresh_it():
    # "During Opponent's Start Step: ..." happens once, at the start of that step
    db = imported_db(nexus("During Opponent's Start Step Select one of your spirits with Curse and refresh it."),
                     record(ID="ZT-002", name="Curser", effects=[{"levels": [1, 2], "condition": "N/A", "steps": [],
                                                                "keywords": [{"keyword_name": "Curse"}],
                                                                "details": "N/A"}]))
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001, {card: ZT-002, exhausted: true}]}",
                   "{life: 5, reserve: 3}", step="attack")
    curser = first(game, 0, "ZT-002")
    game.apply(EndAttack(0))  # my end step, then the opponent's turn begins with its start step
    assert game.state.turn_player == 1 and not game.state.cards[curser].exhausted
