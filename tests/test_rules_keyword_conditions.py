"""Keyword conditions of imported cards in play: 【Immortal】 costs and its "During Either Attack Step" limit
(CR 11-4), 【Astral】 "While This Spirit Attacks" (CR 11-14-2), and families compared without case (CR 2-5: the
community data writes "STAR DRAGON", card texts "Star Dragon").

The cards are community-shaped records written for these tests, converted by the importer and put into the
position as inline cards, so the whole path (record -> set-file card -> engine) is what is tested.
"""
from __future__ import annotations

import pytest
import yaml

from bss_desktop.carddb.importer import convert_record
from bss_desktop.carddb.schema import card_from_dict, card_to_dict
from bss_desktop.engine import Attack, Block, Choose, IllegalCommand, Pass, UseMagic
from helpers import position


def imported(cid, name, cost, families, *effects, card_type="SPIRIT", color="Purple", bp=2000):
    rec = {"name": name, "ID": cid, "set": "KC", "color": [color], "cost": str(cost), "cardType": card_type,
           "symbols": [color.lower()], "subType": families, "effects": list(effects),
           "core_requirements": [] if card_type == "MAGIC" else [{"level": 1, "battlePoints": bp, "cores": 1}]}
    data, *_ = convert_record(rec)
    return card_to_dict(card_from_dict(data))


def kw(name, modifier=None, condition="N/A"):
    return {"levels": [], "condition": condition, "keywords": [{"keyword_name": name, "keyword_modifier": modifier}],
            "details": "N/A", "steps": []}


CARDS = [
    imported("KC-IMM", "Grave Rider", 3, ["SHADE"], kw("Immortal", [4, 5], "During Either Attack Step")),
    imported("KC-IMD", "Ash Rider", 3, ["SHADE"], kw("Immortal", ["Dragon"])),
    imported("KC-C4", "Four Knight", 4, ["KNIGHT"], color="Red", bp=1000),
    imported("KC-C3", "Three Knight", 3, ["KNIGHT"], color="Red", bp=1000),
    imported("KC-DRG", "Loud Drake", 4, ["DRAGON"], color="Red", bp=1000),
    imported("KC-BIG", "Hammer Titan", 6, ["GIANT"], color="Red", bp=9000),
    imported("KC-AWA", "Swoop Phantom", 3, ["PHANTOM"], kw("Astral", None, "While This Spirit Attacks"),
             color="Yellow"),
    imported("KC-AST", "Star Phantom", 3, ["PHANTOM"], kw("Astral"), color="Yellow"),
    {"id": "KC-WIPE", "name": "Dark Wave", "type": "magic", "colors": ["purple"], "cost": 0, "timing": ["main"],
     "effects": [{"kind": "magic", "do": [{"destroy": {"side": "opponent", "all": True}}]}]},
    {"id": "KC-SLAY", "name": "Drake Slayer", "type": "magic", "colors": ["red"], "cost": 0, "timing": ["main"],
     "effects": [{"kind": "magic", "do": [{"destroy": {"side": "opponent", "family": "Dragon"}}]}]},
]


def pos(p0, p1, *, step="attack", turn=4, turn_player=0):
    players = []
    for extra in (p0, p1):
        p = {"life": 5, "reserve": 3}
        p.update(extra)
        players.append(p)
    return position(yaml.safe_dump({"turn": turn, "turn_player": turn_player, "step": step, "cards": CARDS,
                                    "players": players}, sort_keys=False))


def one(game, p, cid, zone="field"):
    (iid,) = [i for i in getattr(game.state.players[p], zone) if game.state.cards[i].cid == cid]
    return iid


def blocked_by(blocker, undying):
    """P0's 9000 BP titan attacks; P1 blocks with `blocker` (destroyed in the battle); `undying` in P1's trash."""
    game = pos({"field": ["KC-BIG"]}, {"field": [blocker], "trash": [undying]})
    game.apply(Attack(0, one(game, 0, "KC-BIG")))
    game.apply(Pass(1))
    game.apply(Pass(0))
    game.apply(Block(1, one(game, 1, blocker)))
    game.apply(Pass(1))
    game.apply(Pass(0))
    return game


# ---------------------------------------------------------------------------------------------- 【Immortal】 CR 11-4

def test_cr_11_4_1_immortal_cost_list_triggers_for_a_spirit_of_a_listed_cost():
    game = blocked_by("KC-C4", "KC-IMM")  # cost 4: one of 4 and 5
    assert game.pending.kind == "choose" and game.pending.info["source"] == one(game, 1, "KC-IMM", "trash")
    game.apply(Choose(1, True))
    assert one(game, 1, "KC-IMM")  # summoned from the trash


def test_cr_11_4_1_immortal_cost_list_ignores_other_costs():
    game = blocked_by("KC-C3", "KC-IMM")  # cost 3: not 4 or 5
    assert game.pending.kind == "attack"
    assert one(game, 1, "KC-IMM", "trash")


def test_immortal_during_either_attack_step_does_not_trigger_in_the_main_step():
    game = pos({"hand": ["KC-WIPE"]}, {"field": ["KC-C4"], "trash": ["KC-IMM"]}, step="main")
    events = game.apply(UseMagic(0, one(game, 0, "KC-WIPE", "hand")))
    assert any(e.kind == "destroyed" for e in events)
    assert not (game.pending.kind == "choose" and game.pending.player == 1)
    assert one(game, 1, "KC-IMM", "trash")


def test_immortal_family_matches_without_case():
    game = blocked_by("KC-DRG", "KC-IMD")  # 【Immortal: Dragon】; the drake's family is written DRAGON
    assert game.pending.kind == "choose" and game.pending.info["source"] == one(game, 1, "KC-IMD", "trash")


# ---------------------------------------------------------------------------------------------- 【Astral】 CR 11-14

def test_cr_11_14_2_astral_while_this_spirit_attacks_cannot_be_blocked_by_a_spirit_without_astral():
    game = pos({"field": ["KC-AWA"]}, {"field": ["KC-C4"]})
    phantom = one(game, 0, "KC-AWA")
    assert not game.has_keyword(phantom, "astral")  # not attacking: not active
    game.apply(Attack(0, phantom))
    assert game.has_keyword(phantom, "astral")
    game.apply(Pass(1))
    game.apply(Pass(0))
    with pytest.raises(IllegalCommand) as e:
        game.apply(Block(1, one(game, 1, "KC-C4")))
    assert e.value.rule == "CR 11-14-1"


def test_cr_11_14_2_astral_while_this_spirit_attacks_is_not_active_when_it_blocks():
    game = pos({"field": ["KC-AST"]}, {"field": ["KC-AWA"]})
    game.apply(Attack(0, one(game, 0, "KC-AST")))
    game.apply(Pass(1))
    game.apply(Pass(0))
    with pytest.raises(IllegalCommand) as e:  # its 【Astral】 is active only while it attacks
        game.apply(Block(1, one(game, 1, "KC-AWA")))
    assert e.value.rule == "CR 11-14-1"


# ---------------------------------------------------------------------------------------------- families (CR 2-5)

def test_a_directive_family_matches_without_case():
    game = pos({"hand": ["KC-SLAY"]}, {"field": ["KC-DRG", "KC-C4"]}, step="main")
    game.apply(UseMagic(0, one(game, 0, "KC-SLAY", "hand")))
    assert [game.state.cards[i].cid for i in game.state.players[1].trash] == ["KC-DRG"]
