"""Two compiled shapes an independent sample of automated cards found wrong (audit issue 25, item 11), played from
positions with a control case each:

- "Draw a card if your opponent has a spirit with only one core on it": the condition names the opponent's field.
  It was lost when the set file was written ("opponent" is a filter's default side, so it was left out and read back
  as "you"), and conditions only ever counted the controller's own field.
- "(When Destroyed By Opponent) If this spirit has a Soul Core on it, ...": the card has left the field when the
  effect resolves; the condition reads it as it last was there (CR 8-10), not as it is in the trash.

The sentences are written for these tests in the templates real card text uses; none is a real card's text.
"""
from __future__ import annotations

import yaml

from bss_desktop.carddb.database import load_set_file
from bss_desktop.carddb.importer import _dump_set
from bss_desktop.carddb.schema import card_from_dict, card_to_dict
from bss_desktop.engine.commands import Attack, Block, Pass, Summon
from helpers import first, imported_db, position, record, two_players

OPPONENT_ONE_CORE = "Draw a card if your opponent has a spirit with only one core on it."
SOUL_ON_IT = 'If this spirit has a "Soul Core" on it, draw two cards.'


def effect(details: str, condition: str, **fields) -> dict:
    return record(effects=[{"levels": [1, 2], "condition": condition, "keywords": [], "steps": [],
                            "details": details}], **fields)


def game_of(db, p0: str, p1: str, **kw):
    return position(two_players(p0, p1, **kw), db=db)


# ---------------------------------------------------------------- "your opponent has ..." (CR 8-3-3)

def test_cr_8_3_3_the_opponents_side_of_a_condition_survives_the_set_file(tmp_path):
    db = imported_db(effect(OPPONENT_ONE_CORE, "When Summoned"))
    card = db["ZT-001"]
    (cond,) = [d.cond for d in card.effects[0].do]
    assert cond.control.side == "opponent"
    again = card_from_dict(card_to_dict(card))  # the canonical form (what content_hash and the cache see)
    assert again.effects[0].do[0].cond.control.side == "opponent"
    path = tmp_path / "ZT.yaml"
    _dump_set(path, "ZT", "Test Set", [card])  # what import-cards writes into the player's folder
    (loaded,) = load_set_file(path)
    assert loaded.effects[0].do[0].cond.control.side == "opponent" and loaded == card
    assert "side: opponent" in path.read_text(encoding="utf-8")


def test_cr_8_3_3_draw_if_your_opponent_has_a_spirit_with_only_one_core_on_it():
    db = imported_db(effect(OPPONENT_ONE_CORE, "When Summoned"))
    game = game_of(db, "{life: 5, reserve: 4, hand: [ZT-001], deck: [T-W0, T-R1]}",
                   "{life: 5, reserve: 3, field: [{card: T-R3, cores: 1}]}")
    game.apply(Summon(0, first(game, 0, "ZT-001", "hand")))
    assert [game.state.cards[i].cid for i in game.state.players[0].hand] == ["T-W0"]


def test_cr_8_3_3_control_no_draw_when_the_opponents_spirit_has_two_cores():
    db = imported_db(effect(OPPONENT_ONE_CORE, "When Summoned"))
    game = game_of(db, "{life: 5, reserve: 4, hand: [ZT-001], deck: [T-W0, T-R1]}",
                   "{life: 5, reserve: 3, field: [{card: T-R3, cores: 2}]}")
    game.apply(Summon(0, first(game, 0, "ZT-001", "hand")))
    assert game.state.players[0].hand == []


def test_cr_8_3_3_control_your_own_spirit_with_one_core_is_not_the_opponents():
    db = imported_db(effect(OPPONENT_ONE_CORE, "When Summoned"))
    game = game_of(db, "{life: 5, reserve: 4, hand: [ZT-001], deck: [T-W0, T-R1], field: [{card: T-R1, cores: 1}]}",
                   "{life: 5, reserve: 3}")
    game.apply(Summon(0, first(game, 0, "ZT-001", "hand")))
    assert game.state.players[0].hand == []


def test_cr_8_3_3_a_handwritten_condition_of_the_opponents_field_in_a_position_file():
    """The same condition written by hand in a card file (`control: {side: opponent, ...}`) counts their field."""
    card = {"id": "ZT-900", "name": "Scout", "type": "spirit", "colors": ["red"], "cost": 0, "symbols": ["red"],
            "levels": [{"level": 1, "cores": 1, "bp": 1000}],
            "effects": [{"kind": "triggered", "trigger": "when_summoned",
                         "do": [{"draw": 1, "if": {"control": {"side": "opponent", "type": "nexus"}}}]}]}
    text = yaml.safe_dump({"turn": 3, "turn_player": 0, "step": "main", "cards": [card], "players": [
        {"life": 5, "reserve": 4, "hand": ["ZT-900"], "deck": ["T-W0"]},
        {"life": 5, "reserve": 3, "field": ["T-NX2"]}]}, sort_keys=False)
    game = position(text)
    game.apply(Summon(0, first(game, 0, "ZT-900", "hand")))
    assert len(game.state.players[0].hand) == 1


# ---------------------------------------------------------------- the last state of a destroyed card (CR 8-10)

def destroyed_in_battle(db, soul_on_it: bool):
    """Player 2's Red Titan (5000 BP) attacks; player 1 blocks with ZT-001 (LV1 1000 BP), the soul core on it or a
    plain core: ZT-001 is destroyed by its opponent in the battle (CR 7-1-5-2-1)."""
    zt = "{card: ZT-001, cores: 0, soul_core: true}" if soul_on_it else "{card: ZT-001, cores: 1}"
    soul = "soul_core: field, " if soul_on_it else ""
    game = game_of(db, f"{{life: 5, reserve: 3, {soul}field: [{zt}], deck: [T-W0, T-R1, T-B2]}}",
                   "{life: 5, reserve: 3, field: [{card: T-R5, cores: 1}]}", turn=4, turn_player=1, step="attack")
    blocker = first(game, 0, "ZT-001")
    game.apply(Attack(1, first(game, 1, "T-R5")))
    game.apply(Pass(0))
    game.apply(Pass(1))
    game.apply(Block(0, blocker))
    game.apply(Pass(0))
    game.apply(Pass(1))
    assert game.state.cards[blocker].zone == "trash"
    return game


def test_cr_8_10_1_when_destroyed_by_opponent_reads_the_soul_core_it_last_had_on_the_field():
    db = imported_db(effect(SOUL_ON_IT, "When Destroyed By Opponent"))
    game = destroyed_in_battle(db, soul_on_it=True)
    assert len(game.state.players[0].hand) == 2
    assert game.state.players[0].soul == "reserve"  # the soul core left with the card: only its last state knew


def test_cr_8_10_1_control_without_the_soul_core_on_it_nothing_is_drawn():
    db = imported_db(effect(SOUL_ON_IT, "When Destroyed By Opponent"))
    game = destroyed_in_battle(db, soul_on_it=False)
    assert game.state.players[0].hand == []


def test_cr_8_10_1_a_when_destroyed_effect_reads_its_last_state_too():
    db = imported_db(effect(SOUL_ON_IT, "When Destroyed"))
    assert len(destroyed_in_battle(db, soul_on_it=True).state.players[0].hand) == 2
    assert destroyed_in_battle(db, soul_on_it=False).state.players[0].hand == []


def test_cr_8_10_1_the_last_state_is_kept_by_a_clone_and_by_the_state_hash():
    db = imported_db(effect(SOUL_ON_IT, "When Destroyed By Opponent"))
    zt = "{card: ZT-001, cores: 0, soul_core: true}"
    game = game_of(db, f"{{life: 5, reserve: 3, soul_core: field, field: [{zt}], deck: [T-W0, T-R1, T-B2]}}",
                   "{life: 5, reserve: 3, field: [{card: T-R5, cores: 1}]}", turn=4, turn_player=1, step="attack")
    game.apply(Attack(1, first(game, 1, "T-R5")))
    game.apply(Pass(0))
    game.apply(Pass(1))
    game.apply(Block(0, first(game, 0, "ZT-001")))
    game.apply(Pass(0))
    twin = game.clone()
    for g in (game, twin):
        g.apply(Pass(1))
        assert len(g.state.players[0].hand) == 2
    assert game.state_hash() == twin.state_hash()


def test_every_filter_read_with_a_default_side_of_you_keeps_its_side_through_the_card_file():
    """The readers that take a missing side as "you" (a condition's control, a keyword's condition, recover) get the
    side written back whatever it is, so a card file read, written and read again is the same card."""
    for side in ("you", "opponent", "any"):
        data = {"id": "ZT-901", "name": "Sided", "type": "spirit", "colors": ["red"], "cost": 0, "symbols": ["red"],
                "levels": [{"level": 1, "cores": 1, "bp": 1000}],
                "keywords": [{"ascend": {"side": side, "family": "Dragon"}}],
                "effects": [{"kind": "triggered", "trigger": "when_summoned",
                             "condition": {"control": {"side": side, "type": "nexus"}},
                             "do": [{"recover": {"side": side, "type": "magic"}}]}]}
        card = card_from_dict(data)
        assert card.effects[0].condition.control.side == side and card.effects[0].do[0].target.side == side
        assert card.keywords[0].condition.side == side
        assert card_from_dict(card_to_dict(card)) == card, side
