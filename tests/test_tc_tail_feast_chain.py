"""More than one 【Chain】 on an effect (issue 28, family "feast"): "... Chain <Colour>: A. Chain <Colour>: B."
compiled to a list of chains, each performed in turn when its controller has a symbol of its colour (CR 11-15;
docs/saga-rulings.md, "Feast and Chain", ruling Chain-1).

The sentences and records are written for these tests in the templates real card text uses; none is a real card's
text.
"""
from __future__ import annotations

import pytest

from bss_desktop.carddb.card_text import effect_text
from bss_desktop.carddb.errors import CardDataError
from bss_desktop.carddb.schema import card_from_dict, card_to_dict
from bss_desktop.carddb.text_compile import compile_effect
from bss_desktop.engine.commands import UseMagic
from helpers import first, imported_db, position, record, two_players

TEXT = ("Draw a card. Chain Red: Place two cores from the void into your reserve. Chain Blue: Draw two cards. "
        "Then, discard a card.")


def magic(details: str, keywords=()) -> dict:
    return record(effects=[{"levels": [1, 2], "condition": "N/A", "keywords": list(keywords),
                            "steps": ["Main", "Flash"], "details": details}], cardType="MAGIC", name="Test Magic",
                  core_requirements=[])


# ---------------------------------------------------------------- compiled


def test_chain_1_two_chains_compile_to_a_list_of_chains_in_the_order_printed():
    r = compile_effect("magic", "", TEXT, ["Main"])
    assert r.effect["do"] == [{"draw": 1}]
    assert r.effect["chain"] == [{"color": "red", "do": [{"core_gain": {"count": 2, "to": "reserve"}}]},
                                 {"color": "blue", "do": [{"draw": 2}, {"discard": 1}]}]


def test_chain_1_one_chain_still_compiles_to_one_mapping():
    r = compile_effect("spirit", "When Summoned", "Draw a card. Chain White: Draw a card.")
    assert r.effect["chain"] == {"color": "white", "do": [{"draw": 1}]}


def test_chain_1_a_chain_whose_words_are_not_recognised_keeps_the_whole_effect_manual():
    r = compile_effect("spirit", "When Summoned", "Draw a card. Chain Red: Draw a card. Chain Blue: Juggle the moon.")
    assert r.effect is None and "juggle" in r.why.lower()


def test_chain_1_two_chain_colours_the_text_does_not_mark_keep_the_effect_manual():
    r = compile_effect("spirit", "When Summoned", "Draw a card.", chain_colors=["Red", "Blue"])
    assert r.effect is None and "not marked" in r.why


def test_chain_1_an_empty_chain_keeps_the_effect_manual():
    r = compile_effect("spirit", "When Summoned", "Draw a card. Chain Red: Draw a card. Chain Blue:")
    assert r.effect is None


def test_chain_1_two_chains_are_written_back_read_again_and_said_in_english():
    card = imported_db(magic(TEXT))["ZT-001"]
    assert card_from_dict(card_to_dict(card)) == card
    assert card.effects[0].chain_color == "red" and card.effects[0].more_chains[0][0] == "blue"
    text = effect_text(card.effects[0], card)
    assert text.index("【Chain: Red】") < text.index("【Chain: Blue】")
    assert text.endswith("【Chain: Blue】 Draw 2 cards. Discard 1 card from your hand.")


def _magic_card(chain) -> dict:
    return {"id": "ZX-1", "name": "X", "type": "magic", "colors": ["blue"], "cost": 1, "timing": ["main"],
            "effects": [{"kind": "magic", "timing": ["main"], "do": [{"draw": 1}], "chain": chain}]}


@pytest.mark.parametrize("chain, field", [
    ([], "effects[0].chain"),
    ([{"color": "red", "do": [{"draw": 1}]}] * 7, "effects[0].chain"),
    ([{"color": "red", "do": [{"draw": 1}]}, {"color": "mauve", "do": [{"draw": 1}]}], "effects[0].chain[1].color"),
    ([{"color": "red", "do": [{"draw": 1}]}, {"color": "blue", "do": []}], "effects[0].chain[1].do"),
    ([{"color": "red", "do": [{"draw": 1}]}, {"color": "blue", "do": [{"draw": 1}], "then": 1}], "effects[0].chain[1]"),
    ([{"color": "red", "do": [{"draw": 1}]}, "draw"], "effects[0].chain[1]"),
    ([{"color": "red", "do": [{"draw": 1}]}, {"color": "blue", "do": [{"fly": 1}]}], "effects[0].chain[1].do[0]"),
])
def test_chain_1_a_malformed_list_of_chains_is_refused_naming_its_field(chain, field):
    with pytest.raises(CardDataError) as e:
        card_from_dict(_magic_card(chain))
    assert (e.value.field or "").startswith(field), e.value.field


# ---------------------------------------------------------------- played (CR 11-15-3)


def _play(field: str):
    game = position(two_players(f"{{life: 5, reserve: 0, soul_core: trash, hand: [ZT-001], field: [{field}]}}",
                                "{life: 5, reserve: 3}"), db=imported_db(magic(TEXT)))
    hand = len(game.state.players[0].hand)
    game.apply(UseMagic(0, first(game, 0, "ZT-001", "hand")))
    while game.pending is not None and game.pending.kind == "choose":  # the card discarded
        from helpers import answer

        answer(game, game.pending.info["options"][:game.pending.info["min"]])
    p = game.state.players[0]
    return len(p.hand) - (hand - 1), p.reserve


def test_chain_1_cr_11_15_3_with_a_red_symbol_only_the_red_chain_is_performed_and_the_blue_one_passed_over():
    drawn, reserve = _play("{card: T-R1, cores: 1}")
    assert (drawn, reserve) == (1, 2)  # the first part's card; the red chain's cores; no blue chain


def test_chain_1_cr_11_15_3_with_a_blue_symbol_only_the_red_chain_is_passed_over_and_the_blue_one_performed():
    drawn, reserve = _play("{card: T-B2, cores: 2}")
    assert (drawn, reserve) == (1 + 2 - 1, 0)  # a card, then 2 drawn and 1 discarded; no cores


def test_chain_1_cr_11_15_2_with_both_symbols_both_chains_are_performed_in_order():
    drawn, reserve = _play("{card: T-R1, cores: 1}, {card: T-B2, cores: 2}")
    assert (drawn, reserve) == (2, 2)


def test_chain_1_with_neither_symbol_only_the_first_part_is_performed():
    drawn, reserve = _play("{card: T-W0, cores: 1}")
    assert (drawn, reserve) == (1, 0)


def test_chain_1_feast_in_a_second_chain_has_its_tokens_from_the_table_too():
    from bss_desktop.carddb.token_table import resolve_tokens, token_card, token_refs
    from bss_desktop.carddb.effects import FEAST_TOKENS

    table = {n.lower(): token_card(n, {"colors": ["blue"], "bp": 1000}) for n in FEAST_TOKENS}
    raw = imported_db(magic("Draw a card. Chain Red: Draw a card. Chain Blue: Activate Feast."))
    assert set(token_refs(raw)) == set(FEAST_TOKENS)
    db = resolve_tokens(raw, table)
    (_, (feast,)), = db["ZT-001"].effects[0].more_chains
    assert feast.op == "feast" and feast.token == tuple(table[n.lower()] for n in FEAST_TOKENS)
    assert all(t.id in db for t in feast.token)
    partial = resolve_tokens(raw, {k: v for k, v in table.items() if not k.startswith("large")})
    assert partial["ZT-001"].effects[0].manual  # a token missing: the whole effect by hand (Feast-4)
