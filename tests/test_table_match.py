"""A match of battles (table/match.py), as Battle of Souls plays it (../shared/rules/004, Getting Started and
§Side Deck; digest §3.2 need 9): the best 2 of 3 battles, the loser chooses first or second, side-deck swaps one
for one between battles."""
from __future__ import annotations

import pytest

from bss_desktop.table import get_profile
from bss_desktop.table.match import Match, MatchError

BOS = get_profile("bos")


def match() -> Match:
    return Match.for_profile(BOS, [["A"] * 3 + ["B"] * 2, ["C"] * 5], [["S", "T"], ["U"]])


def test_bos_a_match_is_won_by_the_first_to_two_battles():
    m = match()
    assert (m.best_of, m.needed, m.battle, m.winner) == (3, 2, 1, None)
    m.record(0)
    m.record(1)
    assert not m.over and m.battle == 3
    m.record(1)
    assert m.over and m.winner == 1 and m.wins() == [1, 2]
    with pytest.raises(MatchError) as e:
        m.record(0)
    assert e.value.field == "bos profile: match.best_of" and "player 2 won it" in str(e.value)


def test_bos_the_loser_of_a_battle_chooses_first_or_second():
    m = match()
    assert m.chooser() is None  # the first battle: decided at random (BOS: a coin, a die, rock-paper-scissors)
    m.record(0)
    assert m.chooser() == 1


def test_bos_side_deck_swaps_are_one_for_one_and_keep_both_counts():
    m = match()
    with pytest.raises(MatchError, match="between the battles"):
        m.swap(0, ["A"], ["S"])
    m.record(1)
    m.swap(0, ["A", "B"], ["S", "T"])
    assert sorted(m.decks[0]) == ["A", "A", "B", "S", "T"] and sorted(m.sides[0]) == ["A", "B"]
    before = ([list(d) for d in m.decks], [list(s) for s in m.sides])
    for out, into, words in ((["A"], [], "one for one"), (["Z"], ["A"], "not in player 1's deck: Z"),
                             (["A"], ["S"], "not in player 1's side deck: S")):
        with pytest.raises(MatchError) as e:
            m.swap(0, out, into)
        assert e.value.field == "bos profile: match.side_swap" and words in str(e.value)
        assert ([list(d) for d in m.decks], [list(s) for s in m.sides]) == before  # all or none


def test_a_game_without_side_swaps_refuses_them_naming_the_field():
    std = get_profile("standard")
    m = Match.for_profile(std, [["A"], ["B"]])
    assert m.best_of == 1 and m.side_swap == "none"
    m.record(0)
    assert m.over
    with pytest.raises(MatchError) as e:
        m.swap(0, ["A"], ["B"])
    assert e.value.field == "standard profile: match.side_swap"


def test_bos_a_players_next_deck_is_taken_only_as_one_for_one_swaps_of_the_last():
    """BOS §Side Deck (over the LAN, net/match.py: each machine makes its own swaps, the other side re-checks them):
    the next battle's deck and side deck must be the last ones with cards swapped one for one."""
    m = match()
    m.take(0, ["A"] * 3 + ["B"] * 2, ["S", "T"])  # the first battle: any (the deck rules are checked elsewhere)
    m.record(1)
    before = ([list(d) for d in m.decks], [list(s) for s in m.sides])
    for deck, side, words in ((["A"] * 3 + ["B"] * 2 + ["S"], ["T"], "one for one"),
                              (["A"] * 3 + ["B", "Z"], ["S", "T"], "not in player 1's side deck: Z"),
                              (["A"] * 3 + ["B", "S"], ["S", "T"], "not the last battle's with the swapped cards")):
        with pytest.raises(MatchError) as e:
            m.take(0, deck, side)
        assert e.value.field == "bos profile: match.side_swap" and words in str(e.value)
        assert ([list(d) for d in m.decks], [list(s) for s in m.sides]) == before  # all or none
    m.take(0, ["S"] + ["A"] * 3 + ["B"], ["B", "T"])
    assert m.decks[0] == ["S", "A", "A", "A", "B"] and m.sides[0] == ["B", "T"]
