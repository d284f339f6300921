"""The burst "when opponent destroys your spirit" (CR 10-15-1 names it among the "When Destroyed" effects): set off
when the opponent destroys one of your spirits, in battle or by an effect, never when you destroy your own.

The records are written for these tests; none is a real card's."""
from __future__ import annotations

from bss_desktop.carddb.text_compile import compile_effect
from bss_desktop.engine.commands import Attack, Block, Pass, UseMagic
from helpers import imported_db, position, record, two_players

DRAW = "Draw two cards."


def _burst() -> dict:
    return record(ID="ZB-001", name="Test Answering Burst", cardType="MAGIC", cost="3", reduction=[], symbols=[],
                  core_requirements=[], subType=[],
                  effects=[{"levels": [], "condition": "When Opponent Destroys Your Spirit",
                            "keywords": [{"keyword_name": "Burst", "keyword_modifier": None}], "steps": [],
                            "details": DRAW}])


def _self_destroy() -> dict:
    return record(ID="ZB-002", name="Test Own Sacrifice", cardType="MAGIC", cost="0", reduction=[], symbols=[],
                  core_requirements=[], subType=[],
                  effects=[{"levels": [], "condition": "Main", "keywords": [], "steps": [],
                            "details": "Select one of your spirits and destroy it."}])


def test_cr_10_15_1_the_label_compiles_to_destroyed_by_the_opponent():
    r = compile_effect("magic", "When Opponent Destroys Your Spirit", DRAW, [], burst=True)
    assert r.effect == {"kind": "burst", "trigger": "your_spirit_destroyed_by_opponent", "do": [{"draw": 2}]}
    # as a triggered effect's label too
    r = compile_effect("spirit", "When Opponent Destroys Your Spirit", DRAW, [])
    assert r.effect["trigger"] == "your_spirit_destroyed_by_opponent"


def test_cr_10_15_1_played_your_own_effect_destroying_your_spirit_does_not_set_it_off():
    db = imported_db(_burst(), _self_destroy())
    game = position(two_players("{life: 5, reserve: 3, hand: [ZB-002], field: [T-R1], burst: ZB-001}",
                                "{life: 5, reserve: 3}"), db=db)
    pup = game.state.players[0].field[0]
    hand = len(game.state.players[0].hand)
    game.apply(UseMagic(0, game.state.players[0].hand[0]))
    assert game.state.cards[pup].zone == "trash"  # the only spirit, selected and destroyed
    # no "activate your burst?" (CR 10-9-3): the player destroyed their own spirit
    assert game.pending is None or "burst" not in str(game.pending.info.get("prompt", ""))
    assert game.state.players[0].burst is not None  # still set, not activated
    assert len(game.state.players[0].hand) == hand - 1


def test_cr_10_15_1_played_destroyed_by_the_opponent_in_battle_sets_it_off():
    db = imported_db(_burst())
    game = position(two_players("{life: 5, reserve: 3, field: [T-G4]}",
                                "{life: 5, reserve: 3, field: [T-R1], burst: ZB-001}", step="attack"), db=db)
    stag, pup = game.state.players[0].field[0], game.state.players[1].field[0]
    hand = len(game.state.players[1].hand)
    game.apply(Attack(0, stag))
    game.apply(Pass(1))
    game.apply(Pass(0))
    game.apply(Block(1, pup))
    game.apply(Pass(1))
    game.apply(Pass(0))  # destroyed by comparing BP: the opponent destroyed it (CR 10-15-1)
    assert game.state.cards[pup].zone == "trash"
    assert game.pending is not None and game.pending.player == 1  # the burst is offered (CR 10-9-3)
    assert "burst" in game.pending.info["prompt"]
