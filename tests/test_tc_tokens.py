"""Tokens summoned by name (issue 28, family "tokens"): "Summon N of your <Name> Tokens [exhausted]" compiled to a
token named by name, its stats from the player's token table, each token's LV1 cores from its summoner's field or
reserve (CR 4-12, 10-6-7; docs/saga-rulings.md, Tokens ruling 1).

The sentences and token names are written for these tests in the templates real card text uses; none is a real
card's text or token.
"""
from __future__ import annotations

import pytest

from bss_desktop.carddb.card_text import effect_text
from bss_desktop.carddb.schema import card_from_dict, card_to_dict
from bss_desktop.carddb.text_compile import compile_effect, compile_sentence
from bss_desktop.carddb.token_table import missing_tokens, resolve_tokens, token_card, token_refs
from bss_desktop.engine import stats
from bss_desktop.engine.commands import Summon, UseMagic
from helpers import answer, cids, first, imported_db, position, record, two_players

FAMILIES = ("Stoneback", "Sky Warden")
GADGET = token_card("Gadget", {"colors": ["white"], "families": ["Machine"], "bp": 2000, "cores": 1,
                               "symbols": ["white"]})


def ops(sentence: str):
    s = compile_sentence(sentence, FAMILIES)
    assert s.ok, s.why
    return s.ops


def effect(details: str, condition: str = "When Summoned", **fields) -> dict:
    return record(effects=[{"levels": [1, 2], "condition": condition, "keywords": [], "steps": [],
                            "details": details}], **fields)


def magic(details: str) -> dict:
    return record(effects=[{"levels": [1, 2], "condition": "N/A", "keywords": [], "steps": ["Main", "Flash"],
                            "details": details}], cardType="MAGIC", name="Test Magic", core_requirements=[])


def with_table(db, *tokens):
    return resolve_tokens(db, {t.name.casefold().removesuffix(" token"): t for t in tokens})


def tokens_on(game, p: int) -> list[int]:
    return [i for i in game.state.players[p].field if game.state.cards[i].cid == GADGET.id]


# ---------------------------------------------------------------- compiled


@pytest.mark.parametrize("sentence, expected", [
    ("Summon one of your Gadget Tokens.", [{"token": {"ref": "Gadget", "count": 1}}]),
    ("Summon two of your Gadget Tokens.", [{"token": {"ref": "Gadget", "count": 2}}]),
    ("Summon one of your Gadget Tokens exhausted.", [{"token": {"ref": "Gadget", "count": 1, "exhausted": True}}]),
    ("Summon one of your Gadget Tokensexhausted.", [{"token": {"ref": "Gadget", "count": 1, "exhausted": True}}]),
    ("Summon one of your Brass Clock Kin Tokens.", [{"token": {"ref": "Brass Clock Kin", "count": 1}}]),
    ("Summon one of your Stoneback Tokens.", [{"token": {"ref": "Stoneback", "count": 1}}]),  # a family's words
    ("You may summon one of your Gadget Tokens.", [{"token": {"ref": "Gadget", "count": 1}, "may": True}]),
])
def test_cr_4_12_2_summon_n_of_your_name_tokens_compiles_to_a_token_named_by_name(sentence, expected):
    assert ops(sentence) == expected


def test_cr_8_4_a_cost_then_a_token_summon_compiles_to_an_optional_effect_with_its_cost():
    r = compile_effect("spirit", "When Summoned",
                       "You may exhaust one of your nexuses to summon one of your Gadget Tokens.")
    assert r.effect == {"kind": "triggered", "trigger": "when_summoned", "cost": [{"exhaust": {"side": "you",
                        "type": "nexus"}}], "optional": True, "do": [{"token": {"ref": "Gadget", "count": 1}}]}


def test_tokens_ruling_1_them_after_a_token_summon_are_the_tokens_summoned():
    r = compile_effect("spirit", "When Summoned",
                       "Summon two of your Gadget Tokens. Place a core from the void onto each of them.")
    assert r.effect["do"] == [{"token": {"ref": "Gadget", "count": 2}}, {"core_charge": {"target": "it", "count": 1}}]


def test_a_token_summon_of_another_player_or_without_a_name_is_not_recognised():
    for sentence in ("Summon one of your opponent's Gadget Tokens.", "Summon one of your Tokens.",
                     "Summon one Gadget Token for each nexus you control."):
        assert not compile_sentence(sentence, FAMILIES).ok, sentence


def test_the_named_token_form_is_written_back_and_read_again():
    card = card_from_dict({"id": "ZZ-1", "name": "Maker", "type": "spirit", "colors": ["white"], "cost": 1,
                           "levels": [{"level": 1, "cores": 1, "bp": 1000}],
                           "effects": [{"kind": "triggered", "trigger": "when_summoned",
                                        "do": [{"token": {"ref": "Gadget", "count": 2, "exhausted": True}}]}]})
    d = card.effects[0].do[0]
    assert (d.token_ref, d.amount, d.token_exhausted, d.token) == ("Gadget", 2, True, None)
    again = card_from_dict(card_to_dict(card))
    assert again == card
    assert "Summon 2 of your Gadget tokens exhausted (stats from your token table)" in effect_text(card.effects[0],
                                                                                                    card)


# ---------------------------------------------------------------- the table's stats reach the cards (CR 4-12-2)


def test_cr_4_12_2_the_token_tables_stats_fill_in_the_named_token():
    db = with_table(imported_db(effect("Summon one of your Gadget Tokens.")), GADGET)
    d = db["ZT-001"].effects[0].do[0]
    assert d.token == GADGET and GADGET.id in db and db[GADGET.id].token
    assert not db["ZT-001"].effects[0].manual
    assert token_refs(db) == {"Gadget": ["ZT-001"]}


def test_tokens_ruling_2_a_token_the_table_lacks_keeps_its_effect_manual():
    raw = imported_db(effect("You may exhaust one of your nexuses to summon one of your Gadget Tokens."),
                      magic("Draw a card. Summon one of your Brass Kin Tokens.") | {"ID": "ZT-002"})
    db = resolve_tokens(raw, {"gadget": GADGET})
    assert not db["ZT-001"].effects[0].manual
    e = db["ZT-002"].effects[0]
    assert e.manual and "Brass Kin" in e.text and not e.do and not e.cost  # as the importer writes a manual one
    assert card_from_dict(card_to_dict(db["ZT-002"])) == db["ZT-002"]  # written back and read again unchanged
    assert missing_tokens(raw, {"gadget": GADGET}, ["ZT-001", "ZT-002", "T-W0", "NOPE"]) == {"Brass Kin": ["ZT-002"]}


# ---------------------------------------------------------------- played (CR 4-12-1, 10-6-7)


def test_cr_10_6_7_tokens_ruling_1_each_token_takes_its_lv1_cores_from_your_field_or_reserve():
    db = with_table(imported_db(effect("Summon two of your Gadget Tokens.")), GADGET)
    game = position(two_players("{life: 5, reserve: 3, soul_core: trash, hand: [ZT-001]}", "{life: 5, reserve: 3}"),
                    db=db)
    maker = first(game, 0, "ZT-001", "hand")
    game.apply(Summon(0, maker))  # its LV1 core from the reserve: 2 left there, 1 on it
    assert game.pending.kind == "choose" and game.pending.info["kind"] == "cores"
    answer(game, [maker])  # the first token's core from the maker itself
    answer(game, [0])  # the second's from the reserve
    toks = tokens_on(game, 0)
    assert len(toks) == 2 and all(game.state.cards[t].cores == 1 for t in toks)
    assert game.state.cards[maker].zone == "trash"  # left with no core: destroyed (CR 4-5, 9-2)
    assert game.state.players[0].reserve == 1
    t = toks[0]
    assert stats.bp(game, t) == 2000 and not game.state.cards[t].exhausted


def test_tokens_ruling_1_with_too_few_cores_the_rest_of_the_tokens_are_not_summoned():
    db = with_table(imported_db(magic("Summon three of your Gadget Tokens.")), GADGET)
    game = position(two_players("{life: 5, reserve: 1, soul_core: trash, hand: [ZT-001]}", "{life: 5, reserve: 3}"),
                    db=db)
    game.apply(UseMagic(0, first(game, 0, "ZT-001", "hand")))
    assert len(tokens_on(game, 0)) == 1  # the one core there was: one token, nothing asked
    assert game.state.players[0].reserve == 0


def test_tokens_ruling_1_a_token_summoned_exhausted_enters_the_field_exhausted():
    db = with_table(imported_db(magic("Summon one of your Gadget Tokens exhausted.")), GADGET)
    game = position(two_players("{life: 5, reserve: 2, soul_core: trash, hand: [ZT-001]}", "{life: 5, reserve: 3}"),
                    db=db)
    game.apply(UseMagic(0, first(game, 0, "ZT-001", "hand")))
    toks = tokens_on(game, 0)
    assert len(toks) == 1 and game.state.cards[toks[0]].exhausted


def test_tokens_ruling_1_cores_placed_onto_each_of_them_go_onto_the_tokens_summoned():
    db = with_table(imported_db(magic("Summon two of your Gadget Tokens. Place a core from the void onto each of "
                                      "them.")), GADGET)
    game = position(two_players("{life: 5, reserve: 2, soul_core: trash, hand: [ZT-001], field: [T-W0]}",
                                "{life: 5, reserve: 3}"), db=db)
    wisp = game.state.players[0].field[0]
    game.apply(UseMagic(0, first(game, 0, "ZT-001", "hand")))
    while game.pending.kind == "choose":
        answer(game, [0])  # each token's core from the reserve
    toks = tokens_on(game, 0)
    assert [game.state.cards[t].cores for t in toks] == [2, 2]
    assert game.state.cards[wisp].cores == 1  # not the other spirit


def test_cr_8_5_6_the_soul_core_may_be_a_tokens_lv1_core():
    db = with_table(imported_db(magic("Summon one of your Gadget Tokens.")), GADGET)
    game = position(two_players("{life: 5, reserve: 1, soul_core: reserve, hand: [ZT-001]}", "{life: 5, reserve: 3}"),
                    db=db)
    game.apply(UseMagic(0, first(game, 0, "ZT-001", "hand")))
    assert game.pending.info["options"] == [0, -1]
    answer(game, [-1])
    tok = tokens_on(game, 0)[0]
    assert game.state.players[0].soul == tok and game.state.players[0].reserve == 1


def test_cr_4_12_3_a_token_summoned_by_name_leaves_the_game_when_destroyed():
    db = with_table(imported_db(magic("Summon one of your Gadget Tokens."),
                                magic("Destroy all of your spirits.") | {"ID": "ZT-002"}), GADGET)
    game = position(two_players("{life: 5, reserve: 1, soul_core: trash, hand: [ZT-001, ZT-002]}",
                                "{life: 5, reserve: 3}"), db=db)
    game.apply(UseMagic(0, first(game, 0, "ZT-001", "hand")))
    tok = tokens_on(game, 0)[0]
    game.apply(UseMagic(0, first(game, 0, "ZT-002", "hand")))
    assert game.state.cards[tok].zone == "removed" and tok not in game.state.players[0].trash
    assert "ZT-002" in cids(game, game.state.players[0].trash)


# ---------------------------------------------------------------- a selected card as the cost (CR 8-4)


def test_cr_8_4_select_one_of_your_nexuses_and_destroy_it_to_compiles_to_a_destroy_cost():
    r = compile_effect("spirit", "When Summoned",
                       "You may select one of your nexuses and destroy it to summon one of your Gadget Tokens.")
    assert r.effect["cost"] == [{"destroy": {"side": "you", "type": "nexus"}}] and r.effect["optional"]
    for sentence in ("You may select one of your opponent's spirits and destroy it to draw a card.",
                     "You may select up to one of your nexuses and destroy it to draw a card."):
        assert not compile_sentence(sentence, FAMILIES).ok, sentence


def test_cr_8_4_played_a_nexus_destroyed_as_the_cost_then_the_token_is_summoned():
    db = with_table(imported_db(effect("You may select one of your nexuses and destroy it to summon one of your "
                                       "Gadget Tokens.")), GADGET)
    game = position(two_players("{life: 5, reserve: 3, soul_core: trash, hand: [ZT-001], field: [T-NX, T-NX]}",
                                "{life: 5, reserve: 3}"), db=db)
    forge = game.state.players[0].field[0]
    game.apply(Summon(0, first(game, 0, "ZT-001", "hand")))
    answer(game, True)  # CR 8-4-1: pay the cost?
    answer(game, [forge])  # which nexus
    while game.pending.kind == "choose":
        answer(game, [0])  # the token's core from the reserve
    assert game.state.cards[forge].zone == "trash" and len(tokens_on(game, 0)) == 1


# ---------------------------------------------------------------- "non-token" (CR 4-12)


@pytest.mark.parametrize("sentence, expected", [
    ("Destroy all of your opponent's non-token spirits.", [{"destroy": {"token": False, "all": True}}]),
    ("Destroy all spirits that cost 3 or fewer that are not tokens.",
     [{"destroy": {"side": "any", "all": True, "cost_max": 3, "token": False}}]),
    ("Select one of your opponent's spirits that is not a token and return it to their hand.",
     [{"bounce": {"token": False}}]),
])
def test_cr_4_12_non_token_spirits_compile_to_a_token_false_filter(sentence, expected):
    assert ops(sentence) == expected


def test_cr_4_12_played_destroy_all_spirits_that_are_not_tokens_leaves_the_tokens():
    db = with_table(imported_db(magic("Summon one of your Gadget Tokens."),
                                magic("Destroy all spirits that cost 3 or fewer that are not tokens.")
                                | {"ID": "ZT-002"}), GADGET)
    game = position(two_players("{life: 5, reserve: 1, soul_core: trash, hand: [ZT-001, ZT-002], field: [T-W0]}",
                                "{life: 5, reserve: 3, field: [T-W0]}"), db=db)
    wisps = [game.state.players[0].field[0], game.state.players[1].field[0]]
    game.apply(UseMagic(0, first(game, 0, "ZT-001", "hand")))
    answer(game, [0])  # the token's core from the reserve, not from the spirit
    tok = tokens_on(game, 0)[0]
    game.apply(UseMagic(0, first(game, 0, "ZT-002", "hand")))
    assert game.state.cards[tok].zone == "field"
    assert all(game.state.cards[w].zone == "trash" for w in wisps)


def test_tokens_ruling_2_a_named_token_without_stats_in_a_game_is_told_to_the_players_to_make_by_hand():
    db = imported_db(magic("Summon one of your Gadget Tokens."))  # loaded without the token table
    game = position(two_players("{life: 5, reserve: 2, soul_core: trash, hand: [ZT-001]}", "{life: 5, reserve: 3}"),
                    db=db)
    events = game.apply(UseMagic(0, first(game, 0, "ZT-001", "hand")))
    told = [e for e in events if e.kind == "manual_effect"]
    assert told and "Gadget" in told[0].data["texts"][0] and tokens_on(game, 0) == []
    assert game.state.players[0].reserve == 2  # nothing taken


def test_cr_4_12_2_an_inline_token_summoned_exhausted_enters_the_field_exhausted():
    from helpers import test_db

    maker = card_from_dict({"id": "ZZ-1", "name": "Maker", "type": "magic", "colors": ["white"], "cost": 0,
                            "timing": ["main"], "effects": [{"kind": "magic", "timing": ["main"], "do": [
                                {"token": {"name": "Drake", "colors": ["red"], "bp": 2000, "exhausted": True}}]}]})
    db = test_db().copy()
    db.add(maker)
    game = position(two_players("{life: 5, reserve: 2, hand: [ZZ-1]}", "{life: 5, reserve: 3}"), db=db)
    game.apply(UseMagic(0, first(game, 0, "ZZ-1", "hand")))
    (tok,) = game.state.players[0].field
    assert game.state.cards[tok].exhausted and game.state.cards[tok].cores == 1
