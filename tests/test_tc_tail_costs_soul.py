"""The tail of issue 28, family "costs": the soul core paid as an effect cost ("you may pay a "Soul Core" to ...",
"you may pay this spirit's "Soul Core" to ..."; docs/saga-rulings.md, Costs: Soul-1): compiled, refused when
malformed, written back as English, and played from positions.

The sentences and records are written for these tests; none is a real card's.
"""
from __future__ import annotations

import pytest

from bss_desktop.carddb.card_text import effect_text
from bss_desktop.carddb.errors import CardDataError
from bss_desktop.carddb.schema import card_from_dict
from bss_desktop.carddb.text_compile import compile_effect, compile_sentence
from bss_desktop.engine.commands import Attack
from helpers import answer, cids, imported_db, position, record, two_players

SOUL = '"Soul Core"'
THIS = f"You may pay this spirit's {SOUL} to draw a card."
ANY = f"You may pay a {SOUL} to draw 2 cards."


def effect(details: str, condition: str = "When This Spirit Attacks", **fields) -> dict:
    return record(effects=[{"levels": [1, 2], "condition": condition, "keywords": [], "steps": [],
                            "details": details}], **fields)


def hand(game, p: int) -> list[str]:
    return cids(game, game.state.players[p].hand)


@pytest.mark.parametrize("text, where", [
    (THIS, "this"),
    (ANY, "you"),
    ("You may pay 1 soul core to draw 2 cards.", "you"),
])
def test_soul_1_compiles_the_soul_core_paid_as_a_cost(text, where):
    r = compile_effect("spirit", "When This Spirit Attacks", text, [])
    assert r.effect["cost"] == [{"pay_soul": where}] and r.effect["optional"] is True
    assert r.effect["do"][0]["draw"] in (1, 2)


@pytest.mark.parametrize("text", [
    'You may pay a "Spare Core" to draw a card.',  # a quoted name other than the soul core
    "You may pay 2 soul cores to draw a card.",  # a player has one soul core (CR 4-11-3)
])
def test_soul_1_other_quoted_payments_stay_manual(text):
    assert not compile_sentence(text).ok


def test_soul_1_written_back_as_english():
    db = imported_db(effect(THIS), effect(ANY, ID="ZT-002"))
    a, b = db["ZT-001"], db["ZT-002"]
    assert "You may send the soul core on this spirit to your trash to draw 1 card" in effect_text(a.effects[0], a)
    assert ("You may send your soul core from your reserve or your field to your trash to draw 2 cards"
            in effect_text(b.effects[0], b))


def _card(effect_: dict, card_type: str = "spirit") -> dict:
    card = {"id": "ZX-009", "name": "Bad", "type": card_type, "colors": ["red"], "cost": 3, "effects": [effect_]}
    if card_type == "magic":
        card["timing"] = ["main"]
    else:
        card["levels"] = [{"level": 1, "cores": 1, "bp": 1000}]
    return card


@pytest.mark.parametrize("card, field", [
    (_card({"kind": "triggered", "trigger": "when_attacks", "optional": True, "cost": [{"pay_soul": "here"}],
            "do": [{"draw": 1}]}), "effects[0].cost[0].pay_soul"),
    (_card({"kind": "triggered", "trigger": "when_attacks", "optional": True, "cost": [{"pay_soul": 1}],
            "do": [{"draw": 1}]}), "effects[0].cost[0].pay_soul"),
    (_card({"kind": "triggered", "trigger": "when_attacks", "do": [{"pay_soul": "you"}, {"draw": 1}]}),
     "effects[0].do[0]"),  # a cost only
    (_card({"kind": "magic", "timing": ["main"], "cost": [{"pay_soul": "this"}], "do": [{"draw": 1}]}, "magic"),
     "effects[0].cost[0].pay_soul"),  # a magic card holds no soul core
])
def test_soul_1_malformed_soul_costs_are_refused_naming_the_field(card, field):
    with pytest.raises(CardDataError) as e:
        card_from_dict(card, file="(test)", set_id="ZX")
    assert e.value.field == field


def _attack(details: str, p0: str):
    db = imported_db(effect(details))
    game = position(two_players(p0, "{life: 5, reserve: 3}", step="attack"), db=db)
    spirit = next(i for i in game.state.players[0].field if game.state.cards[i].cid == "ZT-001")
    game.apply(Attack(0, spirit))
    return game, spirit


def _asked(game) -> bool:
    return game.pending is not None and game.pending.kind == "choose" and game.pending.info.get("kind") == "may"


def test_soul_1_played_this_spirits_soul_core_is_paid_to_the_trash():
    game, spirit = _attack(THIS, "{life: 5, reserve: 0, soul_core: field, deck: [T-W0, T-R1], "
                                 "field: [{card: ZT-001, cores: 1, soul_core: true}]}")
    assert _asked(game)
    answer(game, True)
    st = game.state
    assert st.players[0].soul == "trash" and hand(game, 0) == ["T-W0"]
    assert st.cards[spirit].zone == "field" and st.cards[spirit].cores == 1  # its regular core stays


def test_soul_1_played_this_spirits_soul_core_elsewhere_cannot_pay():
    game, spirit = _attack(THIS, "{life: 5, reserve: 2, soul_core: reserve, deck: [T-W0], field: [{card: ZT-001, "
                                 "cores: 1}]}")
    assert not _asked(game) and hand(game, 0) == [] and game.state.players[0].soul == "reserve"


def test_soul_1_played_a_soul_core_in_the_reserve_pays():
    game, _ = _attack(ANY, "{life: 5, reserve: 1, soul_core: reserve, deck: [T-W0, T-R1], field: [ZT-001]}")
    answer(game, True)
    assert game.state.players[0].soul == "trash" and game.state.players[0].reserve == 1
    assert hand(game, 0) == ["T-W0", "T-R1"]


def test_soul_1_played_a_soul_core_on_another_field_card_pays_and_self_destroys_it_below_lv1():
    # T-R1 holds only the soul core: paid away, it is below LV1 and self-destroyed (CR 9-3-2)
    game, _ = _attack(ANY, "{life: 5, reserve: 0, soul_core: field, deck: [T-W0, T-R1], "
                           "field: [ZT-001, {card: T-R1, cores: 0, soul_core: true}]}")
    pup = next(i for i in game.state.players[0].field if game.state.cards[i].cid == "T-R1")
    answer(game, True)
    assert game.state.players[0].soul == "trash" and game.state.cards[pup].zone == "trash"
    assert hand(game, 0) == ["T-W0", "T-R1"]


@pytest.mark.parametrize("where", ["trash", "life"])
def test_soul_1_played_a_soul_core_in_the_trash_or_the_life_cannot_pay(where):
    game, _ = _attack(ANY, f"{{life: 5, reserve: 3, soul_core: {where}, deck: [T-W0, T-R1], field: [ZT-001]}}")
    assert not _asked(game) and hand(game, 0) == [] and game.state.players[0].soul == where
