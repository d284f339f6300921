"""Compiled text of the "costs" family (issue 28): soul-core costs (CR 10-6-6) and reduction symbols cards gain
(CR 2-7, 10-6-5), compiled and then played from positions.

The sentences are written for these tests in the templates real card text uses; none is a real card's text.
"""
from __future__ import annotations

import pytest

from bss_desktop.carddb.text_compile import compile_effect, compile_sentence
from bss_desktop.engine.commands import Summon, UseMagic
from helpers import first, imported_db, position, record, two_players

SOUL = '"Soul Core"'


def effect(details: str, condition: str = "N/A", steps=(), **fields) -> dict:
    return record(effects=[{"levels": [1, 2], "condition": condition, "keywords": [], "steps": list(steps),
                            "details": details}], **fields)


def nexus(details: str, **fields) -> dict:
    return effect(details, cardType="NEXUS", name="Test Nexus",
                  core_requirements=[{"level": 1, "cores": 0}, {"level": 2, "cores": 2}], **fields)


def game_of(db, p0: str, p1: str, **kw):
    return position(two_players(p0, p1, **kw), db=db)


# ---------------------------------------------------------------- the soul core not spent (CR 10-6-6)


@pytest.mark.parametrize("text", [
    f"If you do not spend a {SOUL} as part of this spirit's summoning cost, exhaust it.",
    f"If you don't spend a {SOUL} as part of this card's summoning cost, exhaust it.",
])
def test_cr_10_6_6_compiles_if_the_soul_core_was_not_spent(text):
    r = compile_effect("spirit", "When Summoned", text, [])
    assert r.effect == {"kind": "triggered", "trigger": "when_summoned",
                        "do": [{"exhaust": "this", "if": {"soul_paid": False}}]}


def test_cr_10_6_6_a_quoted_name_other_than_the_soul_core_is_refused():
    s = compile_sentence('If you do not spend a "Spare Core" as part of this spirit\'s summoning cost, exhaust it.')
    assert not s.ok and "soul core" in s.why


def test_cr_10_6_6_if_you_do_not_alone_stays_refused():
    assert not compile_sentence("If you do not, draw a card.").ok


def _summoned(soul: bool):
    db = imported_db(effect(f"If you do not spend a {SOUL} as part of this spirit's summoning cost, exhaust it.",
                            "When Summoned", cost="2"))
    game = game_of(db, "{life: 5, reserve: 4, soul_core: reserve, hand: [ZT-001]}", "{life: 5, reserve: 3}")
    card = first(game, 0, "ZT-001", "hand")
    if soul:  # the soul core and one regular core pay the cost of 2, one core is placed on it
        game.apply(Summon(0, card, pay=(("reserve", 1),), pay_soul=True, place=(("reserve", 1),)))
    else:
        game.apply(Summon(0, card, pay=(("reserve", 2),), place=(("reserve", 1),)))
    return game, card


def test_cr_10_6_6_played_summoned_without_the_soul_core_the_spirit_is_exhausted():
    game, card = _summoned(soul=False)
    assert game.state.cards[card].zone == "field" and game.state.cards[card].exhausted


def test_cr_10_6_6_played_summoned_with_the_soul_core_the_spirit_stays_refreshed():
    game, card = _summoned(soul=True)
    assert game.state.players[0].soul == "trash"
    assert game.state.cards[card].zone == "field" and not game.state.cards[card].exhausted


# ---------------------------------------------------------------- reduction symbols gained (CR 2-7, 10-6-5)


@pytest.mark.parametrize("text, target", [
    ("All of your magic cards gain a {YELLOW_SYMBOL} reduction symbol.", {"type": "magic"}),
    ("All of your Stoneback spirit cards gain a {RED_SYMBOL} reduction symbol.",
     {"type": "spirit", "family": "Stoneback"}),
    ("All of your blue magic cards gain a {BLUE_SYMBOL} reduction symbol.", {"type": "magic", "colors": ["blue"]}),
])
def test_cr_2_7_compiles_cards_gaining_a_reduction_symbol(text, target):
    r = compile_effect("nexus", "N/A", text, [], families=("Stoneback",))
    colour = text.split("{")[1].split("_")[0].lower()
    assert r.effect == {"kind": "constant", "do": [{"reduction": {"target": target, "add": [colour]}}]}


@pytest.mark.parametrize("text", [
    "All of your magic cards that cost 3 or more gain a {RED_SYMBOL} reduction symbol.",
    "All of your opponent's magic cards gain a {RED_SYMBOL} reduction symbol.",
])
def test_cr_2_7_reduction_symbols_for_cards_the_vocabulary_cannot_name_are_refused(text):
    assert not compile_sentence(text).ok


def _magic_position(with_nexus: bool):
    spell = record(ID="ZT-002", name="Test Spell", cardType="MAGIC", color=["Yellow"], cost="3", reduction=[],
                   symbols=[], core_requirements=[],
                   effects=[{"levels": [], "condition": "N/A", "keywords": [], "steps": ["Main"],
                             "details": "Draw a card."}])
    lamp = nexus("All of your magic cards gain a {YELLOW_SYMBOL} reduction symbol.", color=["Yellow"],
                 symbols=["yellow"])
    db = imported_db(lamp, spell)
    field = "[ZT-001]" if with_nexus else "[]"
    return game_of(db, f"{{life: 5, reserve: 2, soul_core: trash, hand: [ZT-002], field: {field}, deck: [T-W0, T-W0]}}",
                   "{life: 5, reserve: 3}")


def test_cr_2_7_played_a_gained_reduction_symbol_lowers_what_the_magic_card_costs():
    game = _magic_position(with_nexus=True)
    spell = first(game, 0, "ZT-002", "hand")
    assert game.cost_of(spell) == 2  # 3, less one: the nexus's yellow symbol meets the gained reduction symbol
    assert any(isinstance(c, UseMagic) and c.card == spell for c in game.legal_commands())
    game.apply(UseMagic(0, spell, pay=(("reserve", 2),)))
    assert game.state.cards[spell].zone == "trash" and len(game.state.players[0].hand) == 1


def test_cr_2_7_played_without_the_nexus_the_magic_card_costs_its_printed_cost():
    game = _magic_position(with_nexus=False)
    spell = first(game, 0, "ZT-002", "hand")
    assert game.cost_of(spell) == 3
    assert not any(isinstance(c, UseMagic) and c.card == spell for c in game.legal_commands())
