"""A revealed card taken if it has the same cost as one of your spirits (target key `cost_like`; printed costs,
CR 2-6; the reveal, CR 12-2): compiled, refused when malformed in a set file, written back as English, and played.

The sentences and records are written for these tests; none is a real card's.
"""
from __future__ import annotations

import pytest

from bss_desktop.carddb.card_text import effect_text
from bss_desktop.carddb.effects import EffectSyntax, parse_target, target_to_dict
from bss_desktop.carddb.text_compile import compile_effect, compile_sentence
from bss_desktop.engine.commands import Summon
from helpers import first, imported_db, position, record, two_players

TEXT = ("Reveal the top 1 card of your deck. If it has the same cost as any of your Stoneback spirits, add it to "
        "your hand. Otherwise, discard it.")


def scout() -> dict:
    """ZL-001: cost 2, a red Stoneback spirit whose "when summoned" effect is TEXT."""
    return record(ID="ZL-001", name="Test Scout", cost="2", reduction=[],
                  effects=[{"levels": [1, 2], "condition": "When Summoned", "keywords": [], "steps": [],
                            "details": TEXT}])


def test_cost_like_compiles_the_take_of_a_reveal():
    r = compile_effect("spirit", "When Summoned", TEXT, [])
    r = compile_effect("spirit", "When Summoned", TEXT, [], families=("Stoneback",))
    assert r.effect["do"] == [{"search": {"look": 1, "take": {"cost_like": {"family": "Stoneback"}, "count": 1},
                                          "rest": "trash"}}]


def test_cost_like_of_your_opponents_spirits_says_their_side():
    s = compile_sentence("If it has the same cost as any of your opponent's nexuses, add it to your hand.")
    assert s.ops == [{"_take": {"type": "any", "cost_like": {"side": "opponent", "type": "nexus"}, "count": 1}}]


def test_cost_like_written_back_as_english():
    db = imported_db(scout())
    card = db["ZL-001"]
    assert "the same cost as one of your Stoneback spirits" in effect_text(card.effects[0], card)


@pytest.mark.parametrize("value, field", [
    (3, "t.cost_like"),
    ({"ref": "this"}, "t.cost_like"),
    ({"cost_like": {}}, "t.cost_like"),
    ({"count": 2}, "t.cost_like"),
    ({"zone": "hand"}, "t.cost_like"),
    ({"side": "both"}, "t.cost_like.side"),
])
def test_cost_like_malformed_is_refused_naming_the_field(value, field):
    with pytest.raises(EffectSyntax) as e:
        parse_target({"cost_like": value}, "t")
    assert e.value.field == field


def test_cost_like_written_and_read_back_the_same():
    t = parse_target({"type": "any", "cost_like": {"family": "Stoneback"}}, "t")
    assert parse_target(target_to_dict(t), "t") == t and target_to_dict(t)["cost_like"]["side"] == "you"


@pytest.mark.parametrize("top, taken", [("T-B2", True), ("T-R3", False)])
def test_cost_like_played_the_revealed_card_is_taken_only_with_a_cost_of_one_of_your_spirits(top, taken):
    db = imported_db(scout())
    # the deck's top card is the first one listed; the scout (cost 2) and a Red Pup (cost 1) will be on the field
    game = position(two_players(f"{{life: 5, reserve: 4, soul_core: trash, hand: [ZL-001], field: [T-R1], "
                                f"deck: [{top}, T-W0]}}", "{life: 5, reserve: 3}"), db=db)
    scout_iid = first(game, 0, "ZL-001", "hand")
    revealed = first(game, 0, top, "deck")
    game.apply(Summon(0, scout_iid, pay=(("reserve", 2),), place=(("reserve", 1),)))
    assert game.state.cards[revealed].zone == ("hand" if taken else "trash")
