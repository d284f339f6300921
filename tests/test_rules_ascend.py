"""【Ascend】 of imported cards (CR 11-8): "When summoning a card with 【Ascend】, in addition to paying the normal
cost, you must place all the cores from a spirit fulfilling the specified condition into the reserve" (CR 11-8-1).

The community records give the condition as a number (``6``: a spirit with cost 6 or more), a list of families
(either one; written in capitals on the cards, "STAR DRAGON") or ``["Token"]``. Before the importer read them, such a
card kept its 【Ascend】 as text and was summoned like any spirit, skipping the Ascend cost. Records here are invented.
"""
from __future__ import annotations

import pytest
import yaml

from bss_desktop.carddb.importer import convert_record
from bss_desktop.carddb.schema import card_from_dict, card_to_dict
from bss_desktop.engine import IllegalCommand, Summon
from helpers import position


def imported(cid, cost, families, ascend=None, *, bp=3000):
    effects = [] if ascend is None else [{"levels": [], "condition": "N/A", "details": "N/A", "keywords": [
        {"keyword_name": "Ascend", "keyword_modifier": ascend}]}]
    rec = {"name": f"Card {cid}", "ID": cid, "set": "KA", "color": ["Red"], "cost": str(cost), "cardType": "SPIRIT",
           "symbols": ["red"], "subType": families, "effects": effects,
           "core_requirements": [{"level": 1, "battlePoints": bp, "cores": 1}]}
    data, *_ = convert_record(rec)
    return card_to_dict(card_from_dict(data))


CARDS = [
    imported("KA-COST", 8, ["STAR DRAGON"], 6),  # 【Ascend: Cost 6 or more】
    imported("KA-FAM", 8, ["STAR DRAGON"], ["Star Dragon", "Sky Wyrm"]),  # 【Ascend: Star Dragon/Sky Wyrm】
    imported("KA-TOK", 8, ["GOLEM"], ["Token"]),  # 【Ascend: Token】
    imported("KA-S6", 6, ["STAR DRAGON"]),
    imported("KA-W5", 5, ["SKY WYRM"]),
    imported("KA-G5", 5, ["GOLEM"]),
    {"id": "KA-TKN", "name": "Clay Token", "type": "spirit", "colors": ["red"], "cost": 0, "token": True,
     "symbols": ["red"], "levels": [{"level": 1, "cores": 1, "bp": 1000}]},
]


def pos(field, hand, reserve):
    players = [{"life": 5, "reserve": reserve, "field": field, "hand": [hand], "soul_core": "trash"},
               {"life": 5, "reserve": 3}]
    return position(yaml.safe_dump({"turn": 4, "turn_player": 0, "step": "main", "cards": CARDS,
                                    "players": players}, sort_keys=False))


def iid(game, cid, zone="field"):
    (i,) = [i for i in getattr(game.state.players[0], zone) if game.state.cards[i].cid == cid]
    return i


@pytest.mark.parametrize("card,base", [("KA-COST", "KA-S6"), ("KA-FAM", "KA-S6"), ("KA-FAM", "KA-W5"),
                                       ("KA-TOK", "KA-TKN")])
def test_cr_11_8_1_an_ascend_summon_pays_the_cost_and_sends_every_core_of_the_spirit_to_the_reserve(card, base):
    # the spirit carries 3 cores; the card costs 8 (no reduction symbols) and needs 1 core for LV1:
    # 6 in the reserve + the 3 sent there by 【Ascend】 = 9 = 8 paid + 1 placed
    game = pos([{"card": base, "cores": 3}], card, 6)
    spirit, hand = iid(game, base), iid(game, card, "hand")
    trash_before = game.state.players[0].trash_cores
    events = game.apply(Summon(0, hand, ascend=spirit))
    st = game.state
    moved = [e for e in events if e.kind == "cores_moved" and e.get("reason") == "ascend"]
    assert [(e["src"], e["dst"], e["count"]) for e in moved] == [(spirit, "reserve", 3)]
    assert st.cards[hand].zone == "field" and st.cards[hand].cores == 1
    assert st.players[0].trash_cores - trash_before == 8  # the normal cost, paid in full (CR 10-6-6)
    assert st.players[0].reserve == 0
    assert st.cards[spirit].zone != "field"  # no core left: destroyed (CR 9-3)


@pytest.mark.parametrize("card,base", [("KA-COST", "KA-G5"), ("KA-FAM", "KA-G5"), ("KA-TOK", "KA-G5")])
def test_cr_11_8_1_without_a_spirit_that_fits_there_is_no_ascend_summon(card, base):
    game = pos([{"card": base, "cores": 3}], card, 20)  # enough cores to pay: the Ascend cost is what is missing
    hand = iid(game, card, "hand")
    with pytest.raises(IllegalCommand) as e:
        game.apply(Summon(0, hand))
    assert e.value.rule == "CR 11-8-1"
    with pytest.raises(IllegalCommand):
        game.apply(Summon(0, hand, ascend=iid(game, base)))
    assert not any(isinstance(c, Summon) and c.card == hand for c in game.legal_commands())


def test_cr_11_8_1_the_cores_of_the_ascend_spirit_do_not_pay_for_nothing():
    # 3 on the spirit + 5 in the reserve = 8: one short of cost 8 + 1 core for LV1
    game = pos([{"card": "KA-S6", "cores": 3}], "KA-COST", 5)
    hand = iid(game, "KA-COST", "hand")
    assert not any(isinstance(c, Summon) and c.card == hand for c in game.legal_commands())
    with pytest.raises(IllegalCommand):
        game.apply(Summon(0, hand))
