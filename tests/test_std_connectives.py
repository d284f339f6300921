"""Battle Spirits Standard's connectives (STD 5-19) and the ▶ cost marker (STD 9-1-6-2/3), each from a Standard
position: "then" (之後) goes on though the part before failed, "if" (若: `if_done`) needs it, "after this effect
resolves" (此效果發揮後: `after`) needs all of it and waits for the triggers it caused, "must" (必須: `must`) makes
the whole effect do nothing unless that part can be done in full; an activated effect's cost (before ▶) is paid
whole first, even when the part after ▶ cannot resolve."""
from __future__ import annotations

import pytest

from bss_desktop.carddb.database import CardDB
from bss_desktop.carddb.errors import CardDataError
from bss_desktop.carddb.card_text import card_text
from bss_desktop.carddb.game_cards import card_from_record
from bss_desktop.engine.commands import Activate, UseMagic
from bss_desktop.engine.position import game_from_position
from bss_desktop.table import get_profile

STD = get_profile("standard")


def spirit(cid, name, effects=(), bp=1000):
    return {"id": cid, "name": name, "type": "spirit", "colors": ["red"], "cost": 1, "symbols": ["red"],
            "levels": [{"level": 1, "cores": 1, "bp": bp}], "effects": list(effects)}


def magic(cid, name, do):
    return {"id": cid, "name": name, "type": "magic", "colors": ["red"], "cost": 0, "timing": ["main"],
            "effects": [{"kind": "magic", "do": do}]}


KILL = {"destroy": {"side": "opponent"}}
CARDS = [
    spirit("C-PUP", "Ash Pup"),
    # its "when destroyed" effect: its owner gains 1 life
    spirit("C-LAST", "Last Cinder", [{"kind": "triggered", "trigger": "when_destroyed", "do": [{"life_gain": 1}]}]),
    magic("C-THEN", "Ember Rite", [KILL, {"draw": 1}]),  # destroy ..., then draw 1
    magic("C-IF", "Ember Wager", [KILL, {"draw": 1, "if_done": True}]),  # destroy ...; if you do, draw 1
    magic("C-AFTER", "Ember Vigil", [KILL, {"draw": 1, "after": True}]),  # ...; after this effect resolves, draw 1
    magic("C-MUST", "Ember Tithe", [{"discard": 2, "must": True}, {"draw": 3}]),  # you must discard 2; draw 3
    # [Activate: Main] exhaust this ▶ destroy 1 opponent's spirit
    spirit("C-ARCH", "Ember Archer", [{"kind": "activated", "timing": ["main"], "cost": [{"exhaust": "this"}],
                                       "do": [KILL]}]),
]
DB = CardDB([card_from_record(c, STD) for c in CARDS])


def game_at(p0: dict, p1: dict):
    players = [{"life": 5, "deck": ["C-PUP"] * 10, **p0}, {"life": 5, "deck": ["C-PUP"] * 10, **p1}]
    return game_from_position({"game": "standard", "turn": 3, "turn_player": 0, "players": players}, DB)


def use(game, cid: str):
    card = next(i for i in game.state.players[0].hand if game.state.cards[i].cid == cid)
    events = game.apply(UseMagic(0, card))
    while game.pending is not None and game.pending.kind == "choose":
        events += game.apply(game.legal_commands()[0])
    return events


def hand(game) -> int:
    return len(game.state.players[0].hand)


def test_std_5_19_1_then_the_later_part_resolves_though_the_part_before_did_nothing():
    game = game_at({"hand": ["C-THEN"]}, {})  # no spirit to destroy
    before = hand(game)
    use(game, "C-THEN")
    assert hand(game) == before - 1 + 1


def test_std_5_19_2_if_the_later_part_needs_the_part_before():
    game = game_at({"hand": ["C-IF"]}, {})
    before = hand(game)
    use(game, "C-IF")
    assert hand(game) == before - 1  # nothing destroyed: no draw
    game = game_at({"hand": ["C-IF"]}, {"field": [{"card": "C-PUP", "cores": 1}]})
    use(game, "C-IF")
    assert hand(game) == before  # destroyed: drew 1


def test_std_5_19_3_after_this_effect_resolves_needs_all_of_the_part_before():
    game = game_at({"hand": ["C-AFTER"]}, {})
    before = hand(game)
    use(game, "C-AFTER")
    assert hand(game) == before - 1


def test_std_5_19_4_after_this_effect_resolves_waits_for_the_triggers_the_part_before_caused():
    # Ember Vigil destroys Last Cinder, whose "when destroyed" (its owner gains 1 life) resolves before the draw;
    # Ember Rite ("then") draws first and the trigger resolves after the whole effect
    for cid, life_first in (("C-AFTER", True), ("C-THEN", False)):
        game = game_at({"hand": [cid]}, {"life": 4, "field": [{"card": "C-LAST", "cores": 1}]})
        events = use(game, cid)
        order = [e.kind for e in events if e.kind in ("draw", "cores_moved") and (
            e.kind == "draw" or e.data.get("reason") == "life_gain" or e.data.get("dst") == "life")]
        assert game.state.players[1].life == 5 and "draw" in order, (cid, order)
        assert (order.index("cores_moved") < order.index("draw")) == life_first, (cid, order)


def test_std_5_19_5_must_the_whole_effect_does_nothing_unless_that_part_can_be_done_in_full():
    game = game_at({"hand": ["C-MUST", "C-PUP"]}, {})  # one card left to discard, not two
    deck = len(game.state.players[0].deck)
    events = use(game, "C-MUST")
    assert ("effect_fizzled", "must") in [(e.kind, e.data.get("reason")) for e in events]
    assert hand(game) == 1 and len(game.state.players[0].deck) == deck  # no discard, no draw
    game = game_at({"hand": ["C-MUST", "C-PUP", "C-PUP"]}, {})
    use(game, "C-MUST")
    assert hand(game) == 3 and len(game.state.players[0].trash) == 3  # discarded 2 (and the magic), drew 3


def test_std_9_1_6_3_the_cost_before_the_marker_is_paid_though_the_part_after_cannot_resolve():
    game = game_at({"field": [{"card": "C-ARCH", "cores": 1}]}, {})  # no opponent's spirit to destroy
    archer = game.state.players[0].field[0]
    assert Activate(0, archer, 0) in game.legal_commands()
    game.apply(Activate(0, archer, 0))
    while game.pending is not None and game.pending.kind == "choose":
        game.apply(game.legal_commands()[0])
    assert game.state.cards[archer].exhausted  # the cost (STD 9-1-6-2), and nothing else


def test_the_connectives_text_is_generated_and_bad_values_are_refused_naming_the_field():
    assert "After this effect resolves, draw 1 card" in card_text(DB["C-AFTER"])
    assert "You must discard 2 cards" in card_text(DB["C-MUST"])
    for do, field in (([{"draw": 1, "after": True}], "after"),  # nothing before it
                      ([{"discard": 1, "must": "yes"}], "must"),
                      ([{"draw": 1, "must": True, "may": True}], "do[0]"),
                      ([{"destroy": {"side": "opponent", "up_to": 2}, "must": True}], "do[0]"),
                      ([{"life_gain": 1, "must": True}], "do[0]")):
        with pytest.raises(CardDataError) as e:
            card_from_record(magic("C-BAD", "Bad Rite", do), STD)
        assert field in str(e.value), (do, str(e.value))


# ---------------------------------------------------------------- 『戰鬥結算時』 (STD 8-1-5-1)

def test_std_8_1_5_1_at_battle_resolution_effects_resolve_before_the_bp_comparison():
    # Resolve Drake (3000 BP) attacks into a 4000 BP blocker; "At Battle Resolution: +2000 BP this turn" makes it
    # 5000 before the comparison (STD 8-1-5-1): the blocker is destroyed. Saga has no such timing: the drake is
    boost = [{"kind": "triggered", "trigger": "at_battle_resolution", "do": [{"bp": {"target": "this", "add": 2000,
                                                                                  "duration": "turn"}}]}]
    cards = CardDB([card_from_record(c, STD) for c in CARDS + [spirit("C-DRAKE", "Resolve Drake", boost, bp=3000),
                                                              spirit("C-WALL", "Stone Wall", bp=4000)]])
    from bss_desktop.engine.commands import Attack, Block, Pass

    for game_id, loser in (("standard", "C-WALL"), ("bss", "C-DRAKE")):
        players = [{"life": 5, "deck": ["C-PUP"] * 10, "field": [{"card": "C-DRAKE", "cores": 1}]},
                   {"life": 5, "deck": ["C-PUP"] * 10, "field": [{"card": "C-WALL", "cores": 1}]}]
        game = game_from_position({"game": game_id, "turn": 3, "turn_player": 0, "step": "attack",
                                   "players": players}, cards)
        drake, wall = game.state.players[0].field[0], game.state.players[1].field[0]
        game.apply(Attack(0, drake))
        game.apply(Pass(1))
        game.apply(Pass(0))
        game.apply(Block(1, wall))
        game.apply(Pass(1))
        events = game.apply(Pass(0))
        gone = drake if loser == "C-DRAKE" else wall
        assert game.state.cards[gone].zone == "trash", game_id
        if game_id == "standard":
            kinds = [e.kind for e in events]
            assert kinds.index("battle_resolution") < kinds.index("bp_changed") < kinds.index("battle_result")
    assert "(At Battle Resolution)" in card_text(cards["C-DRAKE"])


def test_a_target_of_at_most_one_core_is_worded_in_the_singular():
    card = card_from_record(magic("C-ONE", "Thin Cut", [{"destroy": {"side": "opponent", "cores_max": 1}}]), STD)
    assert "with 1 core or less on it" in card_text(card)
    card = card_from_record(magic("C-TWO", "Wide Cut", [{"destroy": {"side": "opponent", "cores_max": 2}}]), STD)
    assert "with 2 cores or less on it" in card_text(card)
