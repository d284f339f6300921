"""Compiled text, family "misc" (text_compile/templates/misc.py): cores removed from or placed on each of the
spirits a selection chose, and a selection naming its families after "that are".

The sentences are written for these tests in the templates real card text uses; none is a real card's text.
"""
from __future__ import annotations

import pytest

from bss_desktop.carddb.text_compile import compile_sentence
from bss_desktop.engine.commands import UseMagic
from helpers import answer, imported_db, position, record, two_players
from test_text_compile_played import magic

FAMS = ("Stoneback", "Sky Warden", "Tidecaller")


@pytest.mark.parametrize("text, ops", [
    ("Remove 1 core from each of them and place them into your opponent's reserve.",
     [{"core_remove": {"target": "it", "count": 1}}]),
    ("Remove two cores from each of those spirits and place them into their reserve.",
     [{"core_remove": {"target": "it", "count": 2}}]),
    ("Remove a core from each of the selected spirits and place the cores into the void.",
     [{"core_remove": {"target": "it", "count": 1, "to": "void"}}]),
    ("Remove all but one core from each of those spirits and place the cores into your opponent's reserve.",
     [{"core_remove": {"target": "it", "keep": 1}}]),
    ("Remove all but one of its cores and place them into your opponent's reserve.",
     [{"core_remove": {"target": "it", "keep": 1}}]),
    ("Place a core from the void onto each of those spirits.", [{"core_charge": {"target": "it", "count": 1}}]),
    ("Select two of your spirits that are Stoneback, Sky Warden, or Tidecaller.",
     [{"select": {"side": "you", "count": 2, "families": ["Stoneback", "Sky Warden", "Tidecaller"]}}]),
])
def test_cr_10_5_compiled_cores_of_each_selected_spirit_and_families_after_that_are(text, ops):
    s = compile_sentence(text, FAMS)
    assert s.ok, s.why
    assert s.ops == ops


def test_cr_10_5_into_your_reserve_from_the_opponents_spirits_stays_by_hand():
    # cores an effect takes from an opponent's card go to their reserve unless the vocabulary says otherwise
    assert not compile_sentence("Remove 1 core from each of them and place them into your reserve.", FAMS).ok


def _two_opponent_spirits_game(details: str):
    db = imported_db(magic(details))
    game = position(two_players(
        "{life: 5, reserve: 4, hand: [ZT-001]}",
        "{life: 5, reserve: 0, field: [{card: T-B2, cores: 4}, {card: T-G4, cores: 3}, {card: T-R3, cores: 2}]}"),
        db=db)
    return game


def test_cr_10_5_played_a_core_comes_off_each_of_the_two_selected_spirits_into_their_reserve():
    game = _two_opponent_spirits_game("Select two of your opponent's spirits. Remove 1 core from each of them and "
                                      "place them into your opponent's reserve.")
    guard, stag, knight = game.state.players[1].field
    game.apply(UseMagic(0, game.state.players[0].hand[0]))
    answer(game, [guard, stag])
    cards = game.state.cards
    assert (cards[guard].cores, cards[stag].cores, cards[knight].cores) == (3, 2, 2)  # the third is untouched
    assert game.state.players[1].reserve == 2


def test_cr_10_5_played_all_but_one_core_comes_off_each_selected_spirit():
    game = _two_opponent_spirits_game("Select two of your opponent's spirits. Remove all but one core from each of "
                                      "those spirits and place the cores into your opponent's reserve.")
    guard, stag, knight = game.state.players[1].field
    game.apply(UseMagic(0, game.state.players[0].hand[0]))
    answer(game, [stag, knight])
    cards = game.state.cards
    assert (cards[guard].cores, cards[stag].cores, cards[knight].cores) == (4, 1, 1)
    assert game.state.players[1].reserve == 3  # 2 from the stag, 1 from the knight


def test_cr_8_5_3_played_families_after_that_are_only_those_spirits_may_be_selected():
    db = imported_db(magic("Select one of your spirits that are Stoneback or Sky Warden. Place a core from the "
                           "void onto each of those spirits."),
                     record(ID="ZT-002", name="Cliff Warden", subType=["Sky Warden"]),
                     record(ID="ZT-003", name="Rock Pup"))  # a Stoneback
    game = position(two_players("{life: 5, reserve: 4, hand: [ZT-001], field: [ZT-002, T-R1, ZT-003]}",
                                "{life: 5, reserve: 3}"), db=db)
    warden, pup, rock = game.state.players[0].field
    game.apply(UseMagic(0, game.state.players[0].hand[0]))
    assert game.pending.info["options"] == [warden, rock]  # the Red Pup is of no family named
    answer(game, [rock])
    assert [game.state.cards[i].cores for i in (warden, pup, rock)] == [1, 1, 2]
