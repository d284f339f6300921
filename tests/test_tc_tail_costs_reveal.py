"""The tail of issue 28, family "costs": the revealed card by its cost ("If it costs N, add it to your hand. If it
does not, discard it."), cards placed or summoned from the revealed cards without paying their cost (CR 12-2,
10-6-1, 10-7-1), and "at the start of the step, if ..., you may <cost> to ..." (CR 8-4-1): compiled, then played
from positions.

The sentences and records are written for these tests; none is a real card's.
"""
from __future__ import annotations

import pytest

from bss_desktop.carddb.text_compile import compile_effect, compile_sentence
from bss_desktop.engine.commands import Summon
from helpers import answer, cids, first, imported_db, position, record, two_players

BY_COST = "Reveal the top card of your deck. If it costs 2, add it to your hand. If it does not, discard it."
PLACE = ("Reveal the top 3 cards of your deck. Place a nexus card that costs 3 or fewer from the revealed cards "
         "without paying its cost. Discard the remaining cards.")


def effect(details: str, condition: str = "When Summoned", **fields) -> dict:
    return record(effects=[{"levels": [1, 2], "condition": condition, "keywords": [], "steps": [],
                            "details": details}], **fields)


def summoned(details: str, deck: str, reserve: int = 3):
    db = imported_db(effect(details))
    game = position(two_players(f"{{life: 5, reserve: {reserve}, soul_core: trash, hand: [ZT-001], deck: {deck}}}",
                                "{life: 5, reserve: 3}"), db=db)
    game.apply(Summon(0, first(game, 0, "ZT-001", "hand"), pay=(), place=(("reserve", 1),)))
    return game


# ---------------------------------------------------------------- the revealed card by its cost (CR 12-2)


def test_cr_12_2_compiles_the_revealed_card_by_its_cost():
    r = compile_effect("spirit", "When Summoned", BY_COST, [])
    assert r.effect["do"] == [{"search": {"look": 1, "take": {"cost_min": 2, "cost_max": 2, "count": 1},
                                          "rest": "trash"}}]


def test_cr_12_2_if_it_does_not_alone_after_no_reveal_stays_manual():
    r = compile_effect("spirit", "When Summoned", "Draw a card. If it does not, discard it.", [])
    assert r.effect is None


@pytest.mark.parametrize("deck, hand, trash", [
    ("[T-B2, T-W0]", ["T-B2"], []),  # Blue Guard costs 2: to the hand
    ("[T-R1, T-W0]", [], ["T-R1"]),  # Red Pup costs 1: discarded
])
def test_cr_12_2_played_the_revealed_card_by_its_cost(deck, hand, trash):
    game = summoned(BY_COST, deck)
    st = game.state
    assert cids(game, st.players[0].hand) == hand and cids(game, st.players[0].trash) == trash


# ---------------------------------------------------------------- from the revealed cards onto the field


@pytest.mark.parametrize("text, take", [
    ("Place a nexus card that costs 3 or fewer from the revealed cards without paying its cost.",
     {"type": "nexus", "cost_max": 3, "count": 1}),
    ("Summon up to 2 spirit cards from the revealed cards without paying their costs.", {"up_to": 2}),
])
def test_cr_10_6_1_compiles_cards_from_the_revealed_cards_onto_the_field(text, take):
    s = compile_sentence(text)
    assert s.ops == [{"_take": take, "_search": {"to": "field", "cores": "reserve"}}]


def test_cr_10_6_1_a_card_of_any_kind_from_the_revealed_cards_onto_the_field_stays_manual():
    s = compile_sentence("Place a card from the revealed cards without paying its cost.")
    assert not s.ok and "spirit and nexus" in s.why


def test_cr_10_7_1_compiles_the_whole_search():
    r = compile_effect("spirit", "When Summoned", PLACE, [])
    assert r.effect["do"] == [{"search": {"look": 3, "to": "field", "cores": "reserve",
                                          "take": {"type": "nexus", "cost_max": 3, "count": 1}, "rest": "trash"}}]


def test_cr_10_7_1_played_the_nexus_is_placed_and_the_rest_discarded():
    # the top three: Red Forge (a nexus of cost 3), Blue Guard, Zero Wisp; then Red Pup stays
    game = summoned(PLACE, "[T-NX, T-B2, T-W0, T-R1]")
    st = game.state
    forge = next(i for i in st.players[0].field if st.cards[i].cid == "T-NX")
    assert st.cards[forge].zone == "field"
    assert sorted(cids(game, st.players[0].trash)) == ["T-B2", "T-W0"] and cids(game, st.players[0].deck) == ["T-R1"]


def test_cr_10_7_1_played_no_fitting_card_all_are_discarded():
    game = summoned(PLACE, "[T-B2, T-W0, T-R1, T-NX]")  # the nexus is fourth: not revealed
    st = game.state
    assert [st.cards[i].cid for i in st.players[0].field] == ["ZT-001"]
    assert sorted(cids(game, st.players[0].trash)) == ["T-B2", "T-R1", "T-W0"]


# ---------------------------------------------------------------- "at the start of the step, if ..., you may ..."

STEP = ("At the start of the step, if this spirit is exhausted, you may exhaust one of your nexuses to refresh this "
        "spirit.")


def test_cr_8_4_1_compiles_a_cost_under_a_condition_at_the_start_of_the_step():
    r = compile_effect("spirit", "During Your End Step", STEP, [])
    assert r.effect == {"kind": "triggered", "trigger": "start_of_step", "step": "end", "whose": "you",
                        "do": [{"exhaust": {"side": "you", "type": "nexus"}, "may": True, "if": {"exhausted": True}},
                               {"refresh": "this", "if_done": True}]}


def test_cr_8_4_1_played_at_the_start_of_the_end_step_the_nexus_pays_and_the_spirit_refreshes():
    from bss_desktop.engine.commands import EndAttack

    db = imported_db(effect(STEP, "During Your End Step"))
    game = position(two_players("{life: 5, reserve: 3, field: [{card: ZT-001, cores: 1, exhausted: true}, T-NX2]}",
                                "{life: 5, reserve: 3}", step="attack"), db=db)
    spirit, tower = game.state.players[0].field
    game.apply(EndAttack(0))  # my end step begins (CR 6-7-1)
    while game.pending is not None and game.pending.kind == "choose":
        answer(game, True if game.pending.info.get("kind") == "may" else [tower])
    st = game.state
    assert st.cards[tower].exhausted and not st.cards[spirit].exhausted


STEP_AND = ("At the start of the step, if this spirit is exhausted, you may exhaust one of your nexuses to refresh "
            "this spirit and discard the top 2 cards of your opponent's deck.")


def test_cr_8_4_1_played_the_condition_is_read_once_so_refreshing_the_spirit_does_not_stop_what_follows():
    """"If this spirit is exhausted, you may X to refresh this spirit and Y": Y follows the refresh (if you do),
    not a second reading of "exhausted" after the refresh made it false."""
    from bss_desktop.engine.commands import EndAttack

    db = imported_db(effect(STEP_AND, "During Your End Step"))
    game = position(two_players("{life: 5, reserve: 3, field: [{card: ZT-001, cores: 1, exhausted: true}, T-NX2]}",
                                "{life: 5, reserve: 3, deck: [T-R1, T-R1, T-R1, T-R1]}", step="attack"), db=db)
    spirit, tower = game.state.players[0].field
    game.apply(EndAttack(0))
    while game.pending is not None and game.pending.kind == "choose":
        answer(game, True if game.pending.info.get("kind") == "may" else [tower])
    st = game.state
    assert not st.cards[spirit].exhausted
    assert len(st.players[1].trash) == 2  # discarded after the refresh (their turn has begun: they drew one)


def test_cr_8_4_1_played_not_exhausted_nothing_happens():
    from bss_desktop.engine.commands import EndAttack

    db = imported_db(effect(STEP_AND, "During Your End Step"))
    game = position(two_players("{life: 5, reserve: 3, field: [{card: ZT-001, cores: 1}, T-NX2]}",
                                "{life: 5, reserve: 3, deck: [T-R1, T-R1, T-R1, T-R1]}", step="attack"), db=db)
    game.apply(EndAttack(0))
    assert game.pending is None or game.pending.info.get("kind") != "may"
    assert game.state.players[1].trash == []


# ---------------------------------------------------------------- your own spirit back, then the reveal (Agile)

BACK = ("You may return one of your spirits to your hand. If you do, reveal the top 3 cards of your deck. You may "
        "summon up to 2 spirit cards with Agile from the revealed cards without paying their costs. Discard the "
        "remaining cards.")


def agile(cid: str) -> dict:
    return record(ID=cid, name=f"Agile {cid}", cost="3",
                  effects=[{"levels": [1, 2], "condition": "N/A", "keywords": [{"keyword_name": "Agile"}],
                            "steps": [], "details": "N/A"}])


def test_cr_8_4_1_compiles_your_spirit_returned_then_the_reveal_if_you_did():
    r = compile_effect("spirit", "When Summoned", BACK, [])
    assert r.effect["do"] == [
        {"bounce": {"side": "you"}, "may": True},
        {"search": {"look": 3, "to": "field", "cores": "reserve", "take": {"up_to": 2, "keyword": "agile"},
                    "rest": "trash"}, "if_done": True}]


def test_cr_8_4_1_if_you_do_reveal_without_a_directive_before_stays_manual():
    r = compile_effect("spirit", "When Summoned", "If you do, reveal the top 3 cards of your deck. Discard the "
                                                  "remaining cards.", [])
    assert r.effect is None


def _back_game(deck: str):
    db = imported_db(effect(BACK), agile("ZT-005"), agile("ZT-006"))
    game = position(two_players(f"{{life: 5, reserve: 4, soul_core: trash, hand: [ZT-001], deck: {deck}, "
                                "field: [{card: T-R1, cores: 1}]}", "{life: 5, reserve: 3}"), db=db)
    game.apply(Summon(0, first(game, 0, "ZT-001", "hand"), pay=(), place=(("reserve", 1),)))
    return game


def test_cr_8_4_1_played_a_spirit_returned_then_the_agile_cards_summoned_the_rest_discarded():
    game = _back_game("[ZT-005, T-W0, ZT-006, T-B2]")
    pup = first(game, 0, "T-R1")
    answer(game, True)  # "you may return ..."
    answer(game, [pup])
    assert game.state.cards[pup].zone == "hand"
    while game.pending is not None and game.pending.kind == "choose":
        answer(game, game.pending.info["options"][:2] if game.pending.info.get("kind") == "target"
               else game.pending.info["options"][0])
    st = game.state
    assert sorted(st.cards[i].cid for i in st.players[0].field) == ["ZT-001", "ZT-005", "ZT-006"]
    assert cids(game, st.players[0].trash) == ["T-W0"] and cids(game, st.players[0].deck) == ["T-B2"]


def test_cr_8_4_1_played_declined_nothing_is_revealed():
    game = _back_game("[ZT-005, T-W0, ZT-006, T-B2]")
    answer(game, False)
    st = game.state
    assert len(st.players[0].deck) == 4 and first(game, 0, "T-R1") in st.players[0].field
