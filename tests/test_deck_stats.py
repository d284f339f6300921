"""Deck statistics, opening-hand odds and the sample hand (bss_desktop/carddb/deck_stats.py).

The small deck below is invented for these tests; every expected number was counted by hand from it.
"""
from __future__ import annotations

import itertools
from collections import Counter
from math import comb

import pytest

from bss_desktop.carddb.cards import CardDef, Level, Printing
from bss_desktop.carddb.database import CardDB, load_default_db
from bss_desktop.carddb.deck_stats import (
    COST_BUCKETS,
    OpeningOdds,
    SampleHand,
    deck_stats,
    opening_odds,
    p_at_least,
    simulate_opening,
)
from bss_desktop.carddb.decks import shipped_decks
from bss_desktop.carddb.effects import Keyword


def spirit(cid, name, colors, cost, **kw):
    return CardDef(id=cid, name=name, type="spirit", colors=colors, cost=cost, levels=(Level(1, 1, 1000),), **kw)


R, P, W, Y, G, B = "red", "purple", "white", "yellow", "green", "blue"

CARDS = [
    spirit("T-01", "Cinder Pup", (R,), 1, reduction=(R,), symbols=((R,),), families=("Beastkin",),
           printings=(Printing("T-01_p1"),)),
    spirit("T-02", "Ash Drake", (R,), 4, reduction=(R, R), symbols=((R,),), families=("Dragonkin",),
           keywords=(Keyword("raid", 1),)),
    CardDef(id="T-03", name="Twin Lantern", type="nexus", colors=(R, P), cost=3, reduction=(R, P),
            symbols=((R, P),), levels=(Level(1, 0), Level(2, 3))),
    # a magic card's symbols would never be on the field: not counted, gives no reduction
    CardDef(id="T-04", name="Gloom Ward", type="magic", colors=(P,), cost=2, reduction=(P,), symbols=((P,),),
            burst=True),
    spirit("T-05", "Tide Colossus", (B,), 8, reduction=(B, B, B), symbols=((B,), (B,)),
           families=("Dragonkin", "Giant"),
           keywords=(Keyword("crush", 1), Keyword("raid", 1, levels=(1,)), Keyword("raid", 2, levels=(2,)))),
    spirit("T-06", "Spark Imp", (Y,), 0, symbols=((Y,),), families=("Beastkin",), burst=True,
           keywords=(Keyword("raid", 1),)),
    spirit("T-07", "Hollow Sprite", (G,), 2, reduction=(G, W), symbols=((G,),)),
]
COPIES = {"T-01": 4, "T-02": 3, "T-03": 2, "T-04": 4, "T-05": 1, "T-06": 2, "T-07": 2}  # 18 cards
DECK = [cid for cid, n in COPIES.items() for _ in range(n)]


@pytest.fixture(scope="module")
def db():
    return CardDB(CARDS)


@pytest.fixture(scope="module")
def stats(db):
    return deck_stats(DECK + ["NOPE-999"], db)


@pytest.fixture(scope="module")
def default_db():
    return load_default_db()


# ---------------------------------------------------------------------------------------------- statistics

def test_unknown_ids_are_ignored_and_size_counts_known_copies(stats):
    assert stats.size == 18


def test_cost_curve_buckets_costs_seven_and_more_together(stats):
    assert stats.cost_curve == {0: 2, 1: 4, 2: 6, 3: 2, 4: 3, 5: 0, 6: 0, 7: 1}
    assert tuple(stats.cost_curve) == COST_BUCKETS


def test_cost_curve_by_type_has_every_type_and_bucket(stats):
    zero = dict.fromkeys(COST_BUCKETS, 0)
    assert stats.cost_curve_by_type == {
        "spirit": {**zero, 0: 2, 1: 4, 2: 2, 4: 3, 7: 1},
        "nexus": {**zero, 3: 2},
        "magic": {**zero, 2: 4},
    }


def test_average_cost_uses_printed_costs_not_buckets(stats):
    # 1*4 + 4*3 + 3*2 + 2*4 + 8*1 + 0*2 + 2*2 = 42 (the cost-8 card counts 8, not 7)
    assert stats.average_cost == pytest.approx(42 / 18)


def test_colors_by_card_count_a_two_colour_card_for_both_in_rules_order(stats):
    assert stats.colors_by_card == {R: 9, P: 6, Y: 2, G: 2, B: 1}
    assert list(stats.colors_by_card) == [R, P, Y, G, B]  # CR 2-4-1-1 order, zero colours left out


def test_cr_2_8_2_1_a_dual_symbol_is_one_symbol_split_half_and_half(stats):
    # red 4 + 3 + half of 2 duals; purple the other half; T-05 has two blue symbols; magic symbols don't count
    assert stats.colors_by_symbol == {R: 8.0, P: 1.0, Y: 2.0, G: 2.0, B: 2.0}
    assert sum(stats.colors_by_symbol.values()) == 15  # the deck's symbol count


def test_types_families_bursts_keywords(stats):
    assert stats.types == {"spirit": 12, "nexus": 2, "magic": 4}
    assert stats.families == {"Beastkin": 6, "Dragonkin": 4, "Giant": 1}
    assert list(stats.families) == ["Beastkin", "Dragonkin", "Giant"]
    assert stats.bursts == 6
    assert stats.burst_cards == [("T-04", 4), ("T-06", 2)]
    # a card with raid at two levels is one copy with raid
    assert stats.keywords == {"raid": 6, "crush": 1}


def test_cr_2_7_3_reduction_coverage_by_colour(stats):
    cov = stats.reduction
    assert cov.by_color == {R: (12, 9), P: (6, 2), W: (2, 0), Y: (0, 2), G: (2, 2), B: (3, 1)}
    assert cov.with_reduction == 16


def test_cr_2_7_3_a_card_does_not_cover_its_own_reduction(stats):
    # T-05 is the deck's only blue symbol: the copy in hand can't reduce itself; T-07 asks white nobody gives
    # (its green is given by the other copy). A dual symbol gives both colours (CR 2-8-2-2): T-03 covers purple.
    assert stats.reduction.covered == 13
    assert stats.reduction.uncovered == [("T-05", [B]), ("T-07", [W])]


def test_a_printing_id_counts_as_its_card(db):
    assert deck_stats(["T-01_p1", "T-01"], db).cost_curve[1] == 2


def test_an_empty_deck_has_zero_statistics(db):
    s = deck_stats([], db)
    assert s.size == 0 and s.average_cost == 0.0 and sum(s.cost_curve.values()) == 0
    assert s.colors_by_card == {} and s.families == {} and s.burst_cards == [] and s.reduction.with_reduction == 0


def test_shipped_decks_totals_add_up(default_db):
    for name, deck in shipped_decks(default_db).items():
        s = deck_stats(deck.cards, default_db)
        cards = [default_db[i] for i in deck.cards]
        assert s.size == len(deck.cards) == sum(s.types.values()) == sum(s.cost_curve.values()), name
        assert sum(sum(c.values()) for c in s.cost_curve_by_type.values()) == s.size, name
        assert s.bursts == sum(c.burst for c in cards) == sum(n for _, n in s.burst_cards), name
        symbols = sum(c.symbol_count for c in cards if c.type in ("spirit", "nexus"))
        assert sum(s.colors_by_symbol.values()) == pytest.approx(symbols), name
        assert s.reduction.covered <= s.reduction.with_reduction == sum(bool(c.reduction) for c in cards), name


# ---------------------------------------------------------------------------------------------- hypergeometric

def test_p_at_least_one_of_twelve_in_four_from_fifty():
    assert p_at_least(50, 12, 4, 1) == pytest.approx(1 - comb(38, 4) / comb(50, 4), rel=1e-12)
    assert p_at_least(50, 12, 4, 1) == pytest.approx(0.6795, abs=1e-4)  # 1 - 73815/230300


def test_p_at_least_two_in_five():
    miss = comb(38, 5) + 12 * comb(38, 4)  # zero or one of the group
    assert p_at_least(50, 12, 5, 2) == pytest.approx(1 - miss / comb(50, 5), rel=1e-12)


def test_p_at_least_matches_counting_every_hand_of_a_small_deck():
    deck = [True] * 4 + [False] * 6
    hands = list(itertools.combinations(deck, 4))
    for n in range(6):
        assert p_at_least(10, 4, 4, n) == pytest.approx(sum(sum(h) >= n for h in hands) / len(hands)), n


def test_p_at_least_edge_cases():
    assert p_at_least(50, 0, 4, 0) == 1.0  # n <= 0 always holds
    assert p_at_least(50, 12, 4, -3) == 1.0
    assert p_at_least(50, 0, 4, 1) == 0.0
    assert p_at_least(50, 3, 5, 4) == 0.0  # more than the group
    assert p_at_least(50, 12, 4, 5) == 0.0  # more than drawn
    assert p_at_least(50, 50, 4, 4) == 1.0
    assert p_at_least(50, 12, 0, 1) == 0.0
    assert p_at_least(0, 0, 0, 0) == 1.0


def test_cr_1_3_2_drawing_more_than_the_deck_draws_the_whole_deck():
    assert p_at_least(5, 2, 10, 2) == 1.0
    assert p_at_least(5, 2, 10, 3) == 0.0


def test_p_at_least_refuses_impossible_decks():
    with pytest.raises(ValueError):
        p_at_least(50, 51, 4, 1)
    for bad in ((-1, 0, 4, 1), (50, -1, 4, 1), (50, 12, -1, 1)):
        with pytest.raises(ValueError):
            p_at_least(*bad)


def test_cr_5_2_7_opening_odds_four_cards_then_five_when_kept():
    odds = opening_odds(50, 12, 1)
    assert isinstance(odds, OpeningOdds)
    assert odds.opening == p_at_least(50, 12, 4, 1)
    assert odds.kept == p_at_least(50, 12, 5, 1)


def test_cr_6_4_2_both_seats_draw_from_turn_one_so_by_turn_counts_five_plus_t():
    # CR 6-3-3 and 6-7-2 skip player one's core and attack steps only: the draw step happens on turn 1
    odds = opening_odds(50, 12, 2)
    assert odds.by_turn == {t: p_at_least(50, 12, 5 + t, 2) for t in (1, 2, 3, 4)}
    values = [odds.opening, odds.kept, *odds.by_turn.values()]
    assert values == sorted(values)


def test_opening_odds_for_other_games_hand_sizes():
    odds = opening_odds(40, 10, 1, hand=5, keep_bonus=0)  # a hand of 5 and no bonus
    assert odds.opening == odds.kept == p_at_least(40, 10, 5, 1)
    assert odds.by_turn[1] == p_at_least(40, 10, 6, 1)


# ---------------------------------------------------------------------------------------------- simulation

def _synthetic(size, group):
    return [f"G{i}" for i in range(group)] + [f"X{i}" for i in range(size - group)], lambda c: c[0] == "G"


def _cheap_spirit(db):
    return lambda cid: db[cid].type == "spirit" and db[cid].cost <= 3


@pytest.mark.parametrize("size, group, n, draws", [
    (50, 12, 1, 4), (50, 12, 1, 5), (50, 20, 2, 4), (60, 8, 2, 5), (50, 25, 3, 5),
])
def test_the_odds_agree_with_a_100000_draw_simulation(size, group, n, draws):
    ids, in_group = _synthetic(size, group)
    exact = p_at_least(size, group, draws, n)
    assert abs(simulate_opening(ids, in_group, n, draws, 100_000, seed=2024) - exact) < 0.01


@pytest.mark.parametrize("n, draws", [(1, 4), (2, 5)])
def test_the_odds_of_cheap_spirits_in_a_shipped_deck_agree_with_a_simulation(default_db, n, draws):
    deck = shipped_decks(default_db)["red-saga"].cards
    in_group = _cheap_spirit(default_db)
    group = sum(map(in_group, deck))
    assert 0 < group < len(deck)
    odds = opening_odds(len(deck), group, n)
    exact = odds.opening if draws == 4 else odds.kept
    assert abs(simulate_opening(deck, in_group, n, draws, 100_000, seed=7) - exact) < 0.01


def test_simulation_is_reproducible_by_seed():
    ids, in_group = _synthetic(50, 12)
    assert simulate_opening(ids, in_group, 1, 4, 2000, seed=1) == simulate_opening(ids, in_group, 1, 4, 2000, seed=1)


def test_kept_sample_hands_follow_the_kept_odds():
    ids, in_group = _synthetic(50, 12)
    sample = SampleHand(ids, seed=11)
    hits = 0
    trials = 20_000
    for _ in range(trials):
        sample.new()
        sample.keep()
        hits += sum(map(in_group, sample.hand)) >= 2
    assert abs(hits / trials - opening_odds(50, 12, 2).kept) < 0.015


# ---------------------------------------------------------------------------------------------- sample hand

UNIQUE = [f"C{i:02}" for i in range(50)]  # one copy each, so positions can be followed


def _same_cards(sample, deck):
    return Counter(sample.hand + sample.library) == Counter(deck)


def test_cr_5_2_5_the_opening_hand_is_four_cards_from_a_shuffled_deck():
    sample = SampleHand(UNIQUE, seed=3)
    assert len(sample.hand) == 4 and len(sample.library) == 46
    assert sample.mulligans_left == 1 and not sample.kept and not sample.decided
    assert sample.hand + sample.library != UNIQUE  # shuffled (CR 5-2-2)
    assert _same_cards(sample, UNIQUE)
    assert sample.log == ["Shuffled 50 cards, drew 4"]


def test_cr_5_2_7_keep_draws_exactly_one_card_and_only_once():
    sample = SampleHand(UNIQUE, seed=3)
    top = sample.library[0]
    assert sample.keep() == [top]
    assert sample.hand[-1] == top and len(sample.hand) == 5 and len(sample.library) == 45
    assert sample.kept and sample.decided
    with pytest.raises(ValueError, match="5-2-7"):
        sample.keep()
    assert len(sample.hand) == 5 and _same_cards(sample, UNIQUE)


def test_cr_5_2_7_mulligan_puts_the_hand_at_the_bottom_then_shuffles():
    sample = SampleHand(UNIQUE, seed=5)
    old_hand, old_library = list(sample.hand), list(sample.library)
    sample.mulligan()
    # the 4 new cards are the top 4: the old hand went under the deck first
    assert sample.hand == old_library[:4]
    assert not set(sample.hand) & set(old_hand)
    # then the deck is shuffled, old hand included: not simply left at the bottom
    assert Counter(sample.library) == Counter(old_library[4:] + old_hand)
    assert sample.library != old_library[4:] + old_hand
    assert sample.library[-4:] != old_hand
    assert sample.log[-1] == "Mulligan: 4 cards to the bottom, drew 4, shuffled the deck"
    assert _same_cards(sample, UNIQUE)


def test_cr_5_2_7_the_mulliganed_cards_can_come_back_anywhere_in_the_deck():
    positions = []
    for seed in range(100):
        sample = SampleHand(UNIQUE, seed=seed)
        old = set(sample.hand)
        sample.mulligan()
        positions += [i for i, c in enumerate(sample.library) if c in old]
    assert len(positions) == 400
    assert min(positions) == 0  # one came back to the top
    assert 19 < sum(positions) / len(positions) < 26  # uniform over 0..45: mean 22.5


def test_cr_5_2_7_only_one_mulligan_and_no_extra_card_after_it():
    sample = SampleHand(UNIQUE, seed=8)
    sample.mulligan()
    assert sample.mulligans_left == 0 and sample.decided and not sample.kept
    assert len(sample.hand) == 4
    with pytest.raises(ValueError, match="5-2-7.*only 1 mulligan"):
        sample.mulligan()
    with pytest.raises(ValueError, match="5-2-7"):
        sample.keep()
    assert len(sample.hand) == 4 and _same_cards(sample, UNIQUE)


def test_cr_5_2_7_no_mulligan_after_keeping():
    sample = SampleHand(UNIQUE, seed=8)
    sample.keep()
    with pytest.raises(ValueError, match="5-2-7"):
        sample.mulligan()
    assert len(sample.hand) == 5


def test_draw_next_walks_the_library_until_it_is_empty():
    sample = SampleHand(UNIQUE, seed=9)
    sample.keep()
    expected = list(sample.library)
    drawn = [sample.draw_next() for _ in range(45)]
    assert drawn == expected and sample.library == [] and len(sample.hand) == 50
    assert sample.draw_next() is None  # CR 1-3-2: nothing to draw
    assert sample.log[-1] == "The deck is empty: no card to draw"
    assert _same_cards(sample, UNIQUE)


def test_draw_next_after_a_mulligan_draws_from_the_shuffled_deck():
    sample = SampleHand(UNIQUE, seed=9)
    sample.mulligan()
    top = sample.library[0]
    assert sample.draw_next() == top and len(sample.hand) == 5


def test_draw_next_waits_for_the_keep_or_mulligan_decision():
    sample = SampleHand(UNIQUE, seed=9)
    with pytest.raises(ValueError, match="5-2-7"):
        sample.draw_next()
    assert len(sample.hand) == 4


def test_a_seed_reproduces_the_same_hands():
    def play(seed):
        s = SampleHand(UNIQUE, seed=seed)
        first = list(s.hand)
        s.mulligan()
        after = list(s.hand)
        return first, after, [s.draw_next() for _ in range(3)], list(s.library)

    assert play(42) == play(42)
    assert play(42) != play(43)


def test_new_reshuffles_the_whole_deck_and_resets_the_mulligan():
    sample = SampleHand(UNIQUE, seed=1)
    sample.mulligan()
    sample.draw_next()
    sample.new()
    assert len(sample.hand) == 4 and len(sample.library) == 46
    assert sample.mulligans_left == 1 and not sample.kept and not sample.decided
    assert sample.log == ["Shuffled 50 cards, drew 4"]
    assert _same_cards(sample, UNIQUE)


def test_hand_and_library_always_hold_the_deck(default_db):
    deck = shipped_decks(default_db)["blue-vanilla"].cards  # copies: the multiset matters
    for seed in range(30):
        sample = SampleHand(deck, seed=seed)
        assert _same_cards(sample, deck)
        (sample.mulligan if seed % 2 else sample.keep)()
        assert _same_cards(sample, deck)
        for _ in range(seed):
            sample.draw_next()
            assert _same_cards(sample, deck)
        sample.new()
        assert _same_cards(sample, deck)


def test_cr_1_3_2_a_tiny_deck_deals_as_many_cards_as_it_has():
    sample = SampleHand(["A", "B", "C"], seed=0)
    assert sorted(sample.hand) == ["A", "B", "C"] and sample.library == []
    assert sample.keep() == []
    assert sample.draw_next() is None
    small = SampleHand(list("ABCDEF"), seed=0)
    old = list(small.hand)
    small.mulligan()  # 2 fresh cards, then 2 of the old hand from the bottom
    assert len(small.hand) == 4 and len(set(small.hand) & set(old)) == 2
    assert _same_cards(small, list("ABCDEF"))


def test_battle_of_souls_hand_of_five_and_two_mulligans():
    sample = SampleHand(UNIQUE, seed=4, hand=5, keep_bonus=0, mulligans=2, mulligan_shuffles_first=True)
    assert len(sample.hand) == 5
    sample.mulligan()
    assert sample.mulligans_left == 1 and not sample.decided and len(sample.hand) == 5
    sample.mulligan()
    assert sample.decided
    with pytest.raises(ValueError, match="only 2 mulligans"):
        sample.mulligan()
    assert _same_cards(sample, UNIQUE)


def test_keeping_after_a_mulligan_with_one_left_draws_nothing():
    sample = SampleHand(UNIQUE, seed=4, mulligans=2)
    sample.mulligan()
    assert sample.keep() == [] and sample.kept and len(sample.hand) == 4
    assert sample.log[-1] == "Keep: no extra card after a mulligan"


def test_standard_mulligan_shuffles_the_hand_in_before_drawing():
    overlap = 0
    for seed in range(60):
        sample = SampleHand(UNIQUE, seed=seed, keep_bonus=0, mulligan_shuffles_first=True)
        old = set(sample.hand)
        sample.mulligan()
        overlap += bool(old & set(sample.hand))  # the old cards can be drawn straight back
        assert len(sample.hand) == 4 and _same_cards(sample, UNIQUE)
    assert overlap > 0
    assert sample.log[-1] == "Mulligan: 4 cards shuffled into the deck, drew 4"
    assert SampleHand(UNIQUE, seed=0, keep_bonus=0).keep() == []  # no keep bonus (STD 6-2-1)
