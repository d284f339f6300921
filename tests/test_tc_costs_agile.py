"""【Agile】 (docs/saga-rulings.md, "Costs: Agile, Feast and costs that change", Agile-1 … Agile-3): imported as the
keyword `agile`, refused when malformed, and played from positions: a battle of a cheaper spirit ends, the spirit
goes back to the hand and the 【Agile】 card is summoned from the hand, paying its cost.

The records are written for these tests; none is a real card's.
"""
from __future__ import annotations

import pytest

from bss_desktop.carddb.card_text import keyword_text
from bss_desktop.carddb.effects import EffectSyntax, Keyword, keyword_to_dict, parse_keyword
from bss_desktop.carddb.errors import CardDataError
from bss_desktop.carddb.importer import convert_record
from bss_desktop.carddb.schema import card_from_dict
from bss_desktop.engine.commands import Attack, Block, Choose, Pass
from helpers import first, imported_db, position, record, two_players


def agile_card(cost: int = 3, **fields) -> dict:
    """ZA-001, a red spirit with 【Agile】 (its LV1 needs one core)."""
    return record(**{"ID": "ZA-001", "name": "Nimble Test", "cost": str(cost), "reduction": [],
                     "effects": [{"levels": [], "condition": "N/A", "details": "N/A", "steps": [],
                                  "keywords": [{"keyword_name": "Agile", "keyword_modifier": None}]}], **fields})


def attack_unblocked(game, attacker: int):
    game.apply(Attack(0, attacker))
    game.apply(Pass(1))
    game.apply(Pass(0))
    return game.apply(Block(1, None))


def asked(game, player: int) -> bool:
    p = game.pending
    return p is not None and p.kind == "choose" and p.player == player and p.info.get("kind") == "may"


def game_of(p0: str, p1: str, *records, step: str = "attack"):
    db = imported_db(agile_card(), *records)
    return position(two_players(p0, p1, step=step), db=db)


# ---------------------------------------------------------------- the keyword in the vocabulary


def test_agile_imports_as_the_keyword_with_its_text():
    data, _, notes, _ = convert_record(agile_card())
    card = card_from_dict(data)
    assert card.keywords == (Keyword("agile"),) and not card.effects
    assert keyword_text(card.keywords[0]) == "【Agile】" and keyword_to_dict(card.keywords[0]) == "agile"
    assert all(n.mapped for n in notes)


@pytest.mark.parametrize("value, field", [
    ({"agile": 2}, "keywords[0].agile"),
    ({"agile": None, "timing": "attack_step"}, "keywords[0].timing"),
    ("agil", "keywords[0]"),
])
def test_agile_malformed_in_a_set_file_is_refused_naming_the_field(value, field):
    with pytest.raises(EffectSyntax) as e:
        parse_keyword(value, "keywords[0]")
    assert e.value.field == field
    card = {"id": "ZA-002", "name": "Bad", "type": "spirit", "colors": ["red"], "cost": 3,
            "levels": [{"level": 1, "cores": 1, "bp": 1000}], "keywords": [value]}
    with pytest.raises(CardDataError) as e:
        card_from_dict(card, file="(test)", set_id="ZA")
    assert e.value.field == field


# ---------------------------------------------------------------- played


def test_agile_1_2_3_played_the_battle_ends_the_spirit_returns_but_too_few_cores_leave_the_agile_card_in_hand():
    game = game_of("{life: 5, reserve: 2, soul_core: trash, field: [T-R1], hand: [ZA-001]}", "{life: 5, reserve: 3}")
    pup, nimble = game.state.players[0].field[0], first(game, 0, "ZA-001", "hand")
    attack_unblocked(game, pup)
    assert game.state.players[1].life == 4  # the battle was fought; then it ended (CR 7-1-6-1)
    assert asked(game, 0) and game.pending.info["source"] == pup  # Agile-2: the prompt names the spirit, not the card
    game.apply(Choose(0, True))
    assert game.state.cards[pup].zone == "hand" and game.state.players[0].reserve == 3  # its core to the reserve
    # Agile-3: its cost of 3 and its LV1 core need 4 cores; with 3 it can't be summoned, nothing more is asked
    assert game.pending.kind == "attack" and game.state.cards[nimble].zone == "hand"


def test_agile_3_played_summoned_paying_its_cost_and_placing_its_lv1_cores():
    game = game_of("{life: 5, reserve: 3, soul_core: trash, field: [T-R1], hand: [ZA-001]}", "{life: 5, reserve: 3}")
    pup, nimble = game.state.players[0].field[0], first(game, 0, "ZA-001", "hand")
    attack_unblocked(game, pup)
    game.apply(Choose(0, True))
    assert game.state.players[0].reserve == 4
    game.apply(Choose(0, True))
    st = game.state
    assert st.cards[nimble].zone == "field" and game.cores_on(nimble) == 1  # CR 10-6-7: its LV1 core
    assert st.players[0].reserve == 0 and st.players[0].trash_cores == 3  # CR 10-6-6: its cost of 3 paid
    assert st.cards[pup].zone == "hand" and game.pending.kind == "attack"  # back to the attack step (CR 7-1-6-3)


def test_agile_3_played_the_cost_is_reduced_like_any_summon():
    red = agile_card(reduction=["red", "red"])
    db = imported_db(red)
    game = position(two_players("{life: 5, reserve: 2, soul_core: trash, field: [T-R1, T-R3], hand: [ZA-001]}",
                                "{life: 5, reserve: 3}", step="attack"), db=db)
    pup, knight = game.state.players[0].field
    nimble = first(game, 0, "ZA-001", "hand")
    attack_unblocked(game, pup)
    game.apply(Choose(0, True))  # the pup returns: one red symbol is left (the knight's): cost 3 - 1 = 2
    assert game.cost_of(nimble) == 2
    game.apply(Choose(0, True))
    assert game.state.cards[nimble].zone == "field" and game.state.players[0].trash_cores == 2
    assert game.state.cards[knight].zone == "field" and game.state.players[0].reserve == 0


def test_agile_3_played_a_payment_that_destroys_a_card_says_so_before_it_is_accepted():
    game = game_of("{life: 5, reserve: 2, soul_core: trash, field: [T-R1, T-R3], hand: [ZA-001]}",
                   "{life: 5, reserve: 3}")
    pup, knight = game.state.players[0].field
    nimble = first(game, 0, "ZA-001", "hand")
    attack_unblocked(game, pup)
    game.apply(Choose(0, True))  # 3 in the reserve; cost 3 and one core to place: the knight's core is needed
    assert asked(game, 0) and "Red Knight" in game.pending.info["prompt"]  # CR 10-1-1-1: it would be destroyed
    game.apply(Choose(0, True))
    assert game.state.cards[nimble].zone == "field" and game.state.cards[knight].zone == "trash"


def test_agile_2_played_returning_may_be_declined():
    game = game_of("{life: 5, reserve: 3, soul_core: trash, field: [T-R1], hand: [ZA-001]}", "{life: 5, reserve: 3}")
    pup = game.state.players[0].field[0]
    attack_unblocked(game, pup)
    game.apply(Choose(0, False))
    assert game.state.cards[pup].zone == "field" and game.pending.kind == "attack"
    assert cids_in_hand(game, 0) == ["ZA-001"]


def test_agile_3_played_the_summon_may_be_declined_after_the_return():
    game = game_of("{life: 5, reserve: 3, soul_core: trash, field: [T-R1], hand: [ZA-001]}", "{life: 5, reserve: 3}")
    pup = game.state.players[0].field[0]
    attack_unblocked(game, pup)
    game.apply(Choose(0, True))
    game.apply(Choose(0, False))
    assert sorted(cids_in_hand(game, 0)) == ["T-R1", "ZA-001"] and game.state.players[0].reserve == 4


def test_agile_1_played_a_spirit_that_costs_as_much_does_not_trigger_it():
    game = game_of("{life: 5, reserve: 3, soul_core: trash, field: [T-R3], hand: [ZA-001]}", "{life: 5, reserve: 3}")
    knight = game.state.players[0].field[0]  # cost 3, as much as the 【Agile】 card
    attack_unblocked(game, knight)
    assert game.pending.kind == "attack" and game.state.cards[knight].zone == "field"


def test_agile_1_played_a_spirit_destroyed_in_the_battle_does_not_trigger_it():
    game = game_of("{life: 5, reserve: 3, soul_core: trash, field: [T-R1], hand: [ZA-001]}",
                   "{life: 5, reserve: 3, field: [T-G4]}")
    pup, stag = game.state.players[0].field[0], game.state.players[1].field[0]
    game.apply(Attack(0, pup))
    game.apply(Pass(1))
    game.apply(Pass(0))
    game.apply(Block(1, stag))
    game.apply(Pass(1))
    game.apply(Pass(0))
    assert game.state.cards[pup].zone == "trash" and game.pending.kind == "attack"  # 1000 BP against 4000


def test_agile_1_played_the_blocking_players_agile_card_triggers_for_their_blocker():
    game = game_of("{life: 5, reserve: 3, field: [T-R5]}",
                   "{life: 5, reserve: 3, soul_core: trash, field: [T-R1], hand: [ZA-001]}")
    titan, pup = game.state.players[0].field[0], game.state.players[1].field[0]
    nimble = first(game, 1, "ZA-001", "hand")
    game.apply(Attack(0, titan))
    game.apply(Pass(1))
    game.apply(Pass(0))
    game.apply(Block(1, pup))
    game.apply(Pass(1))
    game.apply(Pass(0))
    assert game.state.cards[pup].zone == "trash"  # destroyed by the titan: nothing returns
    assert game.pending.kind == "attack"
    assert game.state.cards[nimble].zone == "hand"


def test_agile_1_played_the_blocker_still_on_the_field_lets_its_owners_agile_card_trigger():
    game = game_of("{life: 5, reserve: 3, field: [T-R1]}",
                   "{life: 5, reserve: 3, soul_core: trash, field: [T-B2], hand: [ZA-001]}")
    pup, guard = game.state.players[0].field[0], game.state.players[1].field[0]
    nimble = first(game, 1, "ZA-001", "hand")
    game.apply(Attack(0, pup))
    game.apply(Pass(1))
    game.apply(Pass(0))
    game.apply(Block(1, guard))
    game.apply(Pass(1))
    game.apply(Pass(0))
    assert asked(game, 1)  # the pup lost; the guard (cost 2 < 3) is still there
    game.apply(Choose(1, True))
    game.apply(Choose(1, True))
    assert game.state.cards[nimble].zone == "field" and game.state.cards[guard].zone == "hand"


def test_agile_1_played_a_card_with_agile_elsewhere_than_the_hand_does_nothing():
    game = game_of("{life: 5, reserve: 3, soul_core: trash, field: [T-R1], trash: [ZA-001]}",
                   "{life: 5, reserve: 3}")
    attack_unblocked(game, game.state.players[0].field[0])
    assert game.pending.kind == "attack"


def cids_in_hand(game, p: int) -> list[str]:
    return [game.state.cards[i].cid for i in game.state.players[p].hand]
