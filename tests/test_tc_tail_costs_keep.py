"""The tail of issue 28, family "costs": "you may remove all but N cores from this spirit and place them into your
reserve to ..." (docs/saga-rulings.md, Costs: Keep-1) and "you may return N of your <nexuses> to the bottom of your
deck to ..." (Costs: Bottom-1) as effect costs: compiled, refused when malformed, written back as English, and
played from positions.

The sentences and records are written for these tests; none is a real card's.
"""
from __future__ import annotations

import pytest

from bss_desktop.carddb.card_text import effect_text
from bss_desktop.carddb.errors import CardDataError
from bss_desktop.carddb.schema import card_from_dict
from bss_desktop.carddb.text_compile import compile_effect
from bss_desktop.engine.commands import Attack
from helpers import answer, cids, imported_db, position, record, two_players

KEEP = "You may remove all but 2 cores from this spirit and place them into your reserve to refresh it."
BOTTOM = "You may return one of your nexuses to the bottom of your deck to draw a card."


def effect(details: str, condition: str = "When This Spirit Attacks", **fields) -> dict:
    return record(effects=[{"levels": [1, 2], "condition": condition, "keywords": [], "steps": [],
                            "details": details}], **fields)


def _asked(game) -> bool:
    return game.pending is not None and game.pending.kind == "choose" and game.pending.info.get("kind") == "may"


def _attack(details: str, p0: str):
    db = imported_db(effect(details))
    game = position(two_players(p0, "{life: 5, reserve: 3}", step="attack"), db=db)
    spirit = next(i for i in game.state.players[0].field if game.state.cards[i].cid == "ZT-001")
    game.apply(Attack(0, spirit))
    return game, spirit


# ---------------------------------------------------------------- Keep-1


def test_keep_1_compiles_all_but_n_cores_of_this_spirit_as_a_cost():
    r = compile_effect("spirit", "When This Spirit Attacks", KEEP, [])
    assert r.effect == {"kind": "triggered", "trigger": "when_attacks", "optional": True,
                        "cost": [{"core_remove": {"target": "this", "keep": 2, "to": "reserve"}}],
                        "do": [{"refresh": "this"}]}


def test_keep_1_written_back_as_english():
    db = imported_db(effect(KEEP))
    card = db["ZT-001"]
    assert effect_text(card.effects[0], card) == ("[LV1][LV2] (When Attacks) You may send all but 2 cores from this "
                                                 "spirit to its owner's reserve to refresh this spirit.")


def _card(cost: list) -> dict:
    return {"id": "ZX-009", "name": "Bad", "type": "spirit", "colors": ["red"], "cost": 3,
            "levels": [{"level": 1, "cores": 1, "bp": 1000}],
            "effects": [{"kind": "triggered", "trigger": "when_attacks", "optional": True, "cost": cost,
                         "do": [{"draw": 1}]}]}


@pytest.mark.parametrize("cost, field", [
    ([{"core_remove": {"target": {"side": "you"}, "keep": 1}}], "effects[0].cost[0]"),  # all but N of this only
    ([{"core_remove": {"target": "this", "keep": 1, "count": 2}}], "effects[0].cost[0].core_remove.keep"),
    ([{"to_deck_bottom": {"side": "opponent", "type": "nexus"}}], "effects[0].cost[0]"),  # your own cards
    ([{"to_deck_bottom": {"side": "you", "type": "nexus", "zone": "hand"}}], "effects[0].cost[0]"),
])
def test_keep_1_and_bottom_1_malformed_costs_are_refused_naming_the_field(cost, field):
    with pytest.raises(CardDataError) as e:
        card_from_dict(_card(cost), file="(test)", set_id="ZX")
    assert e.value.field == field


def test_keep_1_played_all_but_n_cores_go_to_the_reserve_and_the_spirit_is_refreshed():
    game, spirit = _attack(KEEP, "{life: 5, reserve: 0, soul_core: trash, field: [{card: ZT-001, cores: 5}]}")
    assert game.state.cards[spirit].exhausted  # the attack exhausted it (CR 7-1-1-1)
    answer(game, True)
    st = game.state
    assert st.cards[spirit].cores == 2 and st.players[0].reserve == 3 and not st.cards[spirit].exhausted


def test_keep_1_played_with_n_cores_or_fewer_there_is_nothing_to_remove_and_nothing_is_asked():
    game, spirit = _attack(KEEP, "{life: 5, reserve: 0, soul_core: trash, field: [{card: ZT-001, cores: 2}]}")
    assert not _asked(game) and game.state.cards[spirit].exhausted and game.state.cards[spirit].cores == 2


def test_keep_1_played_the_soul_core_on_it_counts_among_its_cores():
    # 2 regular cores and the soul core, keep 2: one core leaves, its controller chooses which (CR 8-5-6)
    game, spirit = _attack(KEEP, "{life: 5, reserve: 0, soul_core: field, field: [{card: ZT-001, cores: 2, "
                                 "soul_core: true}]}")
    answer(game, True)
    answer(game, [-1])  # the soul core goes
    st = game.state
    assert st.players[0].soul == "reserve" and st.cards[spirit].cores == 2 and not st.cards[spirit].exhausted


# ---------------------------------------------------------------- Bottom-1


def test_bottom_1_compiles_a_card_of_yours_returned_to_the_bottom_of_your_deck_as_a_cost():
    r = compile_effect("spirit", "When This Spirit Attacks", BOTTOM, [])
    assert r.effect == {"kind": "triggered", "trigger": "when_attacks", "optional": True,
                        "cost": [{"to_deck_bottom": {"side": "you", "type": "nexus"}}], "do": [{"draw": 1}]}


def test_bottom_1_written_back_as_english():
    db = imported_db(effect(BOTTOM))
    card = db["ZT-001"]
    assert effect_text(card.effects[0], card) == ("[LV1][LV2] (When Attacks) You may put 1 of your nexuses on the "
                                                 "bottom of its owner's deck to draw 1 card.")


def test_bottom_1_played_the_nexus_goes_under_the_deck_its_cores_to_the_reserve_then_the_draw():
    game, _ = _attack(BOTTOM, "{life: 5, reserve: 0, soul_core: trash, deck: [T-W0, T-R1], "
                              "field: [ZT-001, {card: T-NX, cores: 2}, {card: T-NX2, cores: 1}]}")
    forge, tower = game.state.players[0].field[1:]
    answer(game, True)
    assert sorted(game.pending.info["options"]) == sorted([forge, tower])  # the player chooses which
    answer(game, [forge])
    st = game.state
    assert st.cards[forge].zone == "deck" and st.players[0].deck[0] == forge  # the bottom (the top is the end)
    assert st.players[0].reserve == 2 and st.cards[tower].zone == "field"
    assert cids(game, st.players[0].hand) == ["T-W0"]


def test_bottom_1_played_without_a_nexus_nothing_is_asked():
    game, _ = _attack(BOTTOM, "{life: 5, reserve: 0, soul_core: trash, deck: [T-W0], field: [ZT-001, T-R1]}")
    assert not _asked(game) and cids(game, game.state.players[0].hand) == []
