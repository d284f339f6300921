"""Triggers card text writes in its sentences (CR 8-6): "When 1 of your <kind> spirits <event>, ..." and
"<effect> when 1 of your ... <event>", compiled into a triggered effect that watches those spirits, then played.

The sentences are written for these tests in the templates real card text uses; none is a real card's text.
"""
from __future__ import annotations

import pytest

from bss_desktop.carddb.text_compile import compile_effect
from bss_desktop.engine import stats
from bss_desktop.engine.commands import Attack, Block, Pass, Summon
from helpers import answer, first, imported_db, position, record, two_players

FAMILIES = ("Stoneback", "Sky Warden")


def compiled(details: str, condition: str = "N/A", card_type: str = "spirit"):
    return compile_effect(card_type, condition, details, [], families=FAMILIES)


def watcher(details: str, condition: str = "N/A", **fields) -> dict:
    """ZT-001, a 1000 BP spirit whose one effect is `details`."""
    return record(effects=[{"levels": [1, 2], "condition": condition, "keywords": [], "steps": [],
                            "details": details}], **fields)


STONE_PUP = record(ID="ZT-002", name="Stone Pup", subType=["Stoneback"], cost="1",
                   core_requirements=[{"level": 1, "battlePoints": 3000, "cores": 1}])
SKY_PUP = record(ID="ZT-003", name="Sky Pup", subType=["Sky Warden"], color=["Blue"], symbols=["blue"], cost="1",
                 core_requirements=[{"level": 1, "battlePoints": 3000, "cores": 1}])


def game_of(db, p0: str, p1: str, **kw):
    return position(two_players(p0, p1, **kw), db=db)


def attack_unblocked(game, attacker: int):
    game.apply(Attack(0, attacker))
    game.apply(Pass(1))
    game.apply(Pass(0))
    return game.apply(Block(1, None))


def attack_blocked(game, attacker: int, blocker: int):
    game.apply(Attack(0, attacker))
    game.apply(Pass(1))
    game.apply(Pass(0))
    game.apply(Block(1, blocker))
    game.apply(Pass(1))
    return game.apply(Pass(0))


# ---------------------------------------------------------------- compiled


@pytest.mark.parametrize("details,trigger,watch", [
    ("When 1 of your STONEBACK spirits attacks, it gains 2000 BP during this turn.", "your_spirit_attacks",
     {"family": "STONEBACK"}),  # the text's case: families match without case (CR 2-5)
    ("Draw a card when 1 of your purple spirits is destroyed.", "your_spirit_destroyed", {"colors": ["purple"]}),
    ("When 1 of your spirits is destroyed by your opponent, draw a card.", "your_spirit_destroyed_by_opponent", None),
    ("When 1 of your spirits with Luster is blocked, draw a card.", "your_spirit_blocked", {"keyword": "luster"}),
    ("When 1 of your spirits blocks, draw a card.", "your_spirit_blocks", None),
    ("When 1 of your spirits that costs 5 or more is summoned, draw a card.", "your_spirit_summoned",
     {"cost_min": 5}),
    ("When 1 of your other spirits is summoned, draw a card.", "your_spirit_summoned", {"other": True}),
    ("When 1 of your SKY WARDEN spirits' attacks reduces your opponent's life, draw a card.",
     "your_spirit_reduces_life", {"family": "SKY WARDEN"}),
    ("Draw a card when an attack from 1 of your spirits with Crush reduces your opponent's life.",
     "your_spirit_reduces_life", {"keyword": "crush"}),
    ("When 1 of your spirits destroys 1 of your opponent's spirits via comparing BP, draw a card.",
     "your_spirit_wins_battle", None),
    ("When 1 of your spirits destroys an opponent's spirit via comparing BP, draw a card.",
     "your_spirit_wins_battle", None),
    ("When 1 of your opponent's spirits that costs 3 or fewer attacks, draw a card.", "opponent_attacks",
     {"cost_max": 3}),
    ("When this spirit destroys 1 of your opponent's spirits via comparing BP, draw a card.", "when_wins_battle",
     None),
    ("Draw a card when you reduce your opponent's life with this spirit's attack.", "when_attack_reduces_life", None),
])
def test_cr_8_6_a_trigger_the_text_writes_frames_the_effect(details, trigger, watch):
    r = compiled(details)
    assert r.automated, r.why
    assert r.effect["kind"] == "triggered" and r.effect["trigger"] == trigger
    assert r.effect.get("watch") == watch


def test_cr_8_6_a_written_trigger_keeps_the_labels_condition():
    r = compiled("When 1 of your spirits attacks, draw a card.", condition="During Your Turn")
    assert r.effect["condition"] == {"your_turn": True} and r.effect["trigger"] == "your_spirit_attacks"


def test_cr_8_6_it_before_any_selection_is_the_spirit_the_event_happened_to():
    r = compiled("When 1 of your spirits is blocked, it gains 3000 BP during this turn. Select 1 of your "
                 "opponent's spirits. Exhaust it.")
    assert r.effect["do"] == [{"bp": {"target": "trigger", "add": 3000}}, {"select": {}}, {"exhaust": "it"}]


@pytest.mark.parametrize("details,condition,why", [
    ("When 2 of your spirits attack, draw a card.", "N/A", "no template"),
    ("When 1 of your spirits attacks, draw a card.", "When This Spirit Attacks", "inside a triggered effect"),
    ("Draw a card. When 1 of your spirits attacks, draw a card.", "N/A", "after the effect's first words"),
    ("When 1 of your opponent's spirits blocks, draw a card.", "N/A", "their spirits blocks"),
    ("When 1 of your nexuses is destroyed, draw a card.", "N/A", "other than spirits"),
])
def test_a_written_trigger_the_vocabulary_cannot_hold_keeps_the_effect_manual(details, condition, why):
    r = compiled(details, condition)
    assert not r.automated and why in r.why, r.why


# ---------------------------------------------------------------- played


def test_cr_8_6_2_played_one_of_your_family_spirits_attacks_and_gains_bp():
    db = imported_db(watcher("When 1 of your STONEBACK spirits attacks, it gains 2000 BP during this turn."),
                     STONE_PUP, SKY_PUP)
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001, ZT-002, ZT-003]}", "{life: 5, reserve: 3}",
                   step="attack")
    stone, sky = first(game, 0, "ZT-002"), first(game, 0, "ZT-003")
    game.apply(Attack(0, stone))
    assert stats.bp(game, stone) == 5000  # 3000 + 2000: a Stoneback spirit attacked
    game.apply(Pass(1))
    game.apply(Pass(0))
    game.apply(Block(1, None))
    game.apply(Attack(0, sky))
    assert stats.bp(game, sky) == 3000  # a Sky Warden spirit does not trigger it


def test_cr_8_6_2_played_draw_a_card_when_one_of_your_red_spirits_is_destroyed():
    db = imported_db(watcher("Draw a card when 1 of your red spirits is destroyed."), SKY_PUP)
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001, T-R1, ZT-003], deck: [T-W0, T-W0]}",
                   "{life: 5, reserve: 3, field: [T-G4, T-G4]}", step="attack")
    hand = len(game.state.players[0].hand)
    g1, g2 = game.state.players[1].field
    attack_blocked(game, first(game, 0, "T-R1"), g1)  # Red Pup (1000) loses to Green Stag (4000)
    assert len(game.state.players[0].hand) == hand + 1
    attack_blocked(game, first(game, 0, "ZT-003"), g2)  # a blue spirit destroyed: nothing
    assert len(game.state.players[0].hand) == hand + 1


def test_cr_7_1_5_2_1_played_refresh_the_spirit_that_destroyed_one_by_comparing_bp():
    db = imported_db(watcher("When 1 of your spirits destroys 1 of your opponent's spirits via comparing BP, "
                             "refresh it."), STONE_PUP)
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001, ZT-002]}", "{life: 5, reserve: 3, field: [T-R1]}",
                   step="attack")
    stone = first(game, 0, "ZT-002")
    attack_blocked(game, stone, game.state.players[1].field[0])  # 3000 beats 1000
    assert game.state.players[1].field == [] and not game.state.cards[stone].exhausted


def test_cr_7_1_5_3_1_played_draw_when_a_family_spirits_attack_reduces_life():
    db = imported_db(watcher("When 1 of your STONEBACK spirits' attacks reduces your opponent's life, draw a card."),
                     STONE_PUP, SKY_PUP)
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-002, ZT-003, ZT-001], deck: [T-W0, T-W0]}",
                   "{life: 5, reserve: 3}", step="attack")
    hand = len(game.state.players[0].hand)
    attack_unblocked(game, first(game, 0, "ZT-002"))
    assert game.state.players[1].life == 4 and len(game.state.players[0].hand) == hand + 1
    attack_unblocked(game, first(game, 0, "ZT-003"))
    assert game.state.players[1].life == 3 and len(game.state.players[0].hand) == hand + 1


def test_cr_10_6_7_played_one_of_your_other_spirits_is_summoned_and_gains_bp():
    db = imported_db(watcher("When 1 of your other spirits is summoned, it gains 1000 BP during this turn."),
                     STONE_PUP)
    game = game_of(db, "{life: 5, reserve: 6, hand: [ZT-002, ZT-001]}", "{life: 5, reserve: 3}")
    game.apply(Summon(0, first(game, 0, "ZT-001", "hand")))  # itself: "other" keeps it out
    watcher_iid = first(game, 0, "ZT-001")
    assert stats.bp(game, watcher_iid) == 1000
    game.apply(Summon(0, first(game, 0, "ZT-002", "hand")))
    assert stats.bp(game, first(game, 0, "ZT-002")) == 4000


def test_cr_7_1_1_played_one_of_your_opponents_cheap_spirits_attacks_and_is_destroyed():
    # the opponent's attack is watched: a cost 3 or less attacker triggers it, a cost 4 one does not
    db = imported_db(watcher("When 1 of your opponent's spirits that costs 3 or fewer attacks, select 1 of your "
                             "opponent's spirits and destroy it."))
    game = game_of(db, "{life: 5, reserve: 3, field: [T-R1, T-G4]}", "{life: 5, reserve: 3, field: [ZT-001]}",
                   step="attack")
    pup, stag = game.state.players[0].field
    game.apply(Attack(0, stag))
    assert game.state.cards[pup].zone == "field" and game.pending.kind != "choose"
    game.apply(Pass(1))
    game.apply(Pass(0))
    game.apply(Block(1, None))
    game.apply(Attack(0, pup))
    answer(game, [pup])  # two spirits could be chosen; its controller picks the attacker
    assert game.state.cards[pup].zone == "trash"


def test_cr_8_6_3_a_watched_trigger_activates_once_for_two_spirits_destroyed_at_once():
    db = imported_db(watcher("Draw a card when 1 of your spirits is destroyed."))
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001, T-R1], deck: [T-W0, T-W0, T-W0]}",
                   "{life: 5, reserve: 3, field: [T-R1]}", step="attack")
    hand = len(game.state.players[0].hand)
    attack_blocked(game, first(game, 0, "T-R1"), game.state.players[1].field[0])  # 1000 vs 1000: both go
    assert len(game.state.players[0].hand) == hand + 1


def test_cr_7_1_5_2_1_a_tie_destroys_both_and_still_triggers_this_spirits_win():
    # both spirits are destroyed by comparing BP; its effect resolves with its last state (CR 8-10)
    db = imported_db(watcher("When this spirit destroys 1 of your opponent's spirits via comparing BP, draw a card."))
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001], deck: [T-W0, T-W0]}",
                   "{life: 5, reserve: 3, field: [T-R1]}", step="attack")
    hand = len(game.state.players[0].hand)
    attack_blocked(game, first(game, 0, "ZT-001"), game.state.players[1].field[0])  # 1000 vs 1000
    assert game.state.players[0].field == [] and game.state.players[1].field == []
    assert len(game.state.players[0].hand) == hand + 1
