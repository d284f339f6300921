"""A deck's statistics, opening-hand odds and a sample opening hand, for the deck builder's statistics panel.

Pure Python (no Qt), three parts:

* `deck_stats`: cost curve, colours by card and by symbol, cost-reduction coverage, types, families, bursts,
  keywords of a list of card ids.
* `p_at_least` / `opening_odds` / `simulate_opening`: the (hypergeometric) odds that the opening hand holds at
  least N cards of a group, and a Monte Carlo check of them.
* `SampleHand`: an opening dealt the way the rules deal it (CR 5-2-2…5-2-7): shuffle, draw 4, then keep (draw 1
  more) or mulligan once; then the next cards of the deck one by one.

Decisions the panel prints (see the docstrings for the rule numbers):

* A double-colour symbol is one symbol (CR 2-8-2-1) that can be either colour (CR 2-8-2-2). In
  `DeckStats.colors_by_symbol` it counts 0.5 towards each of its colours, so the values add up to the deck's
  symbol count; in `ReductionCoverage` it gives both colours (it can pay for either).
* Both players draw on their first turn: CR 6-3-3 and 6-7-2 skip player one's core and attack steps only, the
  draw step (CR 6-4-2) happens. So "by turn T" is the same for either seat: 4 + 1 (kept) + T cards.
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from math import comb

from .cards import CARD_TYPES, COLORS, CardDef

__all__ = [
    "COST_BUCKETS",
    "DeckStats",
    "OpeningOdds",
    "ReductionCoverage",
    "SampleHand",
    "deck_stats",
    "opening_odds",
    "p_at_least",
    "simulate_opening",
]

COST_BUCKETS = (0, 1, 2, 3, 4, 5, 6, 7)  # 7 means "7+"
OPENING_HAND = 4  # CR 5-2-5
KEEP_BONUS = 1  # CR 5-2-7: a player who doesn't mulligan draws one more card
MULLIGANS = 1  # CR 5-2-7: players may only mulligan once
BY_TURNS = (1, 2, 3, 4)
SYMBOL_TYPES = ("spirit", "nexus")  # the cards that are on the field with their symbols (CR 2-8, 2-7-3)


@dataclass(frozen=True)
class ReductionCoverage:
    """Whether the deck's symbols can pay its cards' reduction symbols (CR 2-7-3)."""

    by_color: dict[str, tuple[int, int]]  # colour -> (reduction symbols asked, copies of cards giving that colour)
    covered: int  # copies whose every reduction colour is given by another card (or copy) of the deck
    with_reduction: int  # copies that have any reduction symbol
    uncovered: list[tuple[str, list[str]]]  # (card id, its reduction colours no other card of the deck gives)


@dataclass(frozen=True)
class DeckStats:
    size: int
    cost_curve: dict[int, int]  # bucket -> copies; every bucket present
    cost_curve_by_type: dict[str, dict[int, int]]  # card type -> bucket -> copies; every type and bucket present
    average_cost: float  # printed cost over all copies (0.0 for an empty deck)
    colors_by_card: dict[str, int]  # colour -> copies of cards of that colour; COLORS order, only non-zero
    colors_by_symbol: dict[str, float]  # colour -> symbols over spirits and nexuses; a dual symbol is 0.5 + 0.5
    types: dict[str, int]  # card type -> copies; spirit, nexus, magic always present
    families: dict[str, int]  # family -> copies, most first
    bursts: int  # copies with a burst
    burst_cards: list[tuple[str, int]]  # (card id, copies) of the burst cards, most first
    keywords: dict[str, int]  # keyword name -> copies of cards that have it, most first
    reduction: ReductionCoverage


# ---------------------------------------------------------------------------------------------- deck statistics

def _bucket(cost: int) -> int:
    return min(max(cost, COST_BUCKETS[0]), COST_BUCKETS[-1])


def _color_order(colors: Iterable[str]) -> list[str]:
    """COLORS first in their order (CR 2-4-1-1), then any other colour an imported card names, alphabetically."""
    known = set(colors)
    return [c for c in COLORS if c in known] + sorted(known - set(COLORS))


def _most_first(counts: Mapping[str, int]) -> dict[str, int]:
    return dict(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))


def _resolve(card_ids: Iterable[str], db) -> list[CardDef]:
    """The known cards, one per copy; a printing's id (an alternate art) stands for its card (CR 2-1)."""
    card_id_of = getattr(db, "card_id_of", None)
    cards = []
    for card_id in card_ids:
        card = db.get(card_id)
        if card is None and card_id_of is not None:
            real = card_id_of(card_id)
            card = db.get(real) if real is not None else None
        if card is not None:
            cards.append(card)
    return cards


def _gives(card: CardDef) -> set[str]:
    """The colours a card's symbols give on the field; a double-colour symbol gives either (CR 2-8-2-2)."""
    if card.type not in SYMBOL_TYPES:
        return set()
    return {color for symbol in card.symbols for color in symbol}


def _reduction_coverage(copies: Counter, defs: dict[str, CardDef]) -> ReductionCoverage:
    asked: Counter = Counter()
    givers: Counter = Counter()  # colour -> copies that give it
    for card_id, n in copies.items():
        card = defs[card_id]
        for color in card.reduction:
            asked[color] += n
        for color in _gives(card):
            givers[color] += n
    covered = with_reduction = 0
    uncovered: list[tuple[str, list[str]]] = []
    for card_id, n in copies.items():
        card = defs[card_id]
        if not card.reduction:
            continue
        with_reduction += n
        own = _gives(card)
        # The copy being paid for is in the hand, not on the field (CR 2-7-3 counts "symbols on your field"):
        # its own symbol doesn't count, another copy's does.
        missing = [c for c in dict.fromkeys(card.reduction) if givers[c] - (1 if c in own else 0) <= 0]
        if missing:
            uncovered.append((card_id, missing))
        else:
            covered += n
    by_color = {c: (asked[c], givers[c]) for c in _color_order(set(asked) | set(givers))}
    return ReductionCoverage(by_color=by_color, covered=covered, with_reduction=with_reduction, uncovered=uncovered)


def deck_stats(card_ids: Iterable[str], db, types: Iterable[str] = CARD_TYPES) -> DeckStats:
    """The statistics of a deck given as card ids, one per copy. Unknown ids are ignored (the caller lists them).
    `types`: the game's card types, always present and first (Eternal's profile adds ultimate and brave)."""
    cards = _resolve(card_ids, db)
    defs = {c.id: c for c in cards}
    copies = Counter(c.id for c in cards)  # in order of first appearance
    types = list(types)
    types_seen = types + sorted({c.type for c in cards} - set(types))

    curve = dict.fromkeys(COST_BUCKETS, 0)
    by_type = {t: dict.fromkeys(COST_BUCKETS, 0) for t in types_seen}
    types = dict.fromkeys(types_seen, 0)
    by_card: Counter = Counter()
    by_symbol: Counter = Counter()
    families: Counter = Counter()
    keywords: Counter = Counter()
    for card in cards:
        b = _bucket(card.cost)
        curve[b] += 1
        by_type[card.type][b] += 1
        types[card.type] += 1
        by_card.update(set(card.colors))  # a two-colour card counts for both
        if card.type in SYMBOL_TYPES:
            for symbol in card.symbols:  # one symbol, split between its colours (CR 2-8-2-1)
                for color in symbol:
                    by_symbol[color] += 1 / len(symbol)
        families.update(set(card.families))
        keywords.update({k.name for k in card.keywords})

    burst_cards = sorted(((i, n) for i, n in copies.items() if defs[i].burst), key=lambda x: (-x[1], x[0]))
    return DeckStats(
        size=len(cards),
        cost_curve=curve,
        cost_curve_by_type=by_type,
        average_cost=sum(c.cost for c in cards) / len(cards) if cards else 0.0,
        colors_by_card={c: by_card[c] for c in _color_order(by_card)},
        colors_by_symbol={c: float(by_symbol[c]) for c in _color_order(by_symbol)},
        types=types,
        families=_most_first(families),
        bursts=sum(n for _, n in burst_cards),
        burst_cards=burst_cards,
        keywords=_most_first(keywords),
        reduction=_reduction_coverage(copies, defs),
    )


# ---------------------------------------------------------------------------------------------- opening odds

def p_at_least(population: int, successes: int, draws: int, n: int) -> float:
    """Hypergeometric: the probability that `draws` cards drawn without replacement from `population` cards, of
    which `successes` are in the group, hold at least `n` of the group. Exact (integer binomials), in 0..1.

    n <= 0 -> 1.0. More draws than cards draws the whole deck (CR 1-3-2: as much as possible). A negative count,
    or more group cards than cards, is a ValueError.
    """
    if population < 0 or successes < 0 or draws < 0:
        raise ValueError(f"counts can't be negative (population={population}, successes={successes}, draws={draws})")
    if successes > population:
        raise ValueError(f"the group ({successes}) is larger than the deck ({population})")
    if n <= 0:
        return 1.0
    draws = min(draws, population)
    hits = sum(comb(successes, k) * comb(population - successes, draws - k)
               for k in range(n, min(successes, draws) + 1))
    return hits / comb(population, draws)


@dataclass(frozen=True)
class OpeningOdds:
    opening: float  # at least n in the first `hand` cards (CR 5-2-5)
    kept: float  # at least n once kept: hand + keep bonus (CR 5-2-7)
    by_turn: dict[int, float]  # at least n after your turn T's draw step, T = 1..4, having kept; either seat


def opening_odds(deck_size: int, group_size: int, n: int, hand: int = OPENING_HAND,
                 keep_bonus: int = KEEP_BONUS) -> OpeningOdds:
    """The odds of holding at least `n` of a group of `group_size` cards in a deck of `deck_size`.

    `by_turn[T]` counts hand + keep_bonus + T cards: each player draws one card in the draw step of every turn
    (CR 6-4-2), player one's first turn included (only its core and attack steps are skipped, CR 6-3-3, 6-7-2),
    so the figures hold for both seats.
    """
    kept = hand + keep_bonus
    return OpeningOdds(
        opening=p_at_least(deck_size, group_size, hand, n),
        kept=p_at_least(deck_size, group_size, kept, n),
        by_turn={t: p_at_least(deck_size, group_size, kept + t, n) for t in BY_TURNS},
    )


def simulate_opening(card_ids: list[str], in_group: Callable[[str], bool], n: int, draws: int, trials: int,
                     seed: int) -> float:
    """Monte Carlo: the share of `trials` shuffles (random.Random(seed)) whose top `draws` cards hold >= n of the
    group. The top cards of a uniformly shuffled deck are a uniform sample without replacement, so each trial
    samples them directly rather than shuffling the whole deck (same distribution, several times faster)."""
    if trials <= 0:
        raise ValueError("trials must be positive")
    memo = {card_id: bool(in_group(card_id)) for card_id in dict.fromkeys(card_ids)}
    flags = [memo[card_id] for card_id in card_ids]
    draws = min(max(draws, 0), len(flags))
    rng = random.Random(seed)
    hits = sum(sum(rng.sample(flags, draws)) >= n for _ in range(trials))
    return hits / trials


# ---------------------------------------------------------------------------------------------- sample hand

def _cards(k: int) -> str:
    return f"{k} card{'' if k == 1 else 's'}"


class SampleHand:
    """A sample opening the way the rules deal it: shuffle, 4 cards, then keep (draw 1) or mulligan once.

    `hand`, `keep_bonus`, `mulligans` and `mulligan_shuffles_first` describe other games' openings too (Battle of
    Souls: hand 5, up to 2 mulligans, no bonus; Battle Spirits Standard: no bonus, the mulligan shuffles the hand
    into the deck before drawing). Nothing here knows card data: the cards are ids.

    The opening decision comes first: `keep()` or `mulligan()`; `draw_next()` then walks the deck. `decided`
    says whether the decision is made (a keep, or the last mulligan allowed).
    """

    def __init__(self, card_ids: list[str], seed: int | None = None, hand: int = OPENING_HAND,
                 keep_bonus: int = KEEP_BONUS, mulligans: int = MULLIGANS, mulligan_shuffles_first: bool = False):
        if hand < 0 or keep_bonus < 0 or mulligans < 0:
            raise ValueError("hand, keep_bonus and mulligans can't be negative")
        self.deck = list(card_ids)
        self.hand_size = hand
        self.keep_bonus = keep_bonus
        self.mulligans = mulligans
        self.mulligan_shuffles_first = mulligan_shuffles_first
        self.rng = random.Random(seed)
        self.hand: list[str] = []  # in draw order
        self.library: list[str] = []  # the rest of the deck, top first
        self.mulligans_left = mulligans
        self.kept = False
        self.log: list[str] = []
        self.new()

    @property
    def decided(self) -> bool:
        """The opening decision is made: kept, or the last mulligan allowed taken (CR 5-2-7)."""
        return self.kept or (self._mulliganed and self.mulligans_left == 0)

    @property
    def _mulliganed(self) -> bool:
        return self.mulligans_left < self.mulligans

    def _draw(self, k: int) -> list[str]:
        """The top `k` cards into the hand; as many as there are (CR 1-3-2)."""
        drawn, self.library = self.library[:k], self.library[k:]
        self.hand.extend(drawn)
        return drawn

    def new(self) -> None:
        """Reshuffle the whole deck (CR 5-2-2) and draw a new opening hand (CR 5-2-5); mulligans reset."""
        self.library = list(self.deck)
        self.rng.shuffle(self.library)
        self.hand = []
        self.mulligans_left = self.mulligans
        self.kept = False
        drawn = self._draw(self.hand_size)
        self.log = [f"Shuffled {_cards(len(self.deck))}, drew {len(drawn)}"]

    def keep(self) -> list[str]:
        """Keep the hand: draw the keep bonus (CR 5-2-7: a player who doesn't mulligan draws one more card).
        Returns the cards drawn. After a mulligan there is no bonus (in a game that allows more than one)."""
        if self.kept:
            raise ValueError("CR 5-2-7: the hand is already kept")
        if self.decided:
            raise ValueError("CR 5-2-7: the hand after the mulligan is final; only a player who doesn't mulligan "
                             "draws an extra card")
        self.kept = True
        if self._mulliganed:
            self.log.append("Keep: no extra card after a mulligan")
            return []
        drawn = self._draw(self.keep_bonus)
        self.log.append(f"Keep: drew {len(drawn)} more (hand of {len(self.hand)})")
        return drawn

    def mulligan(self) -> None:
        """CR 5-2-7: put the hand on the bottom of the deck, draw `hand` cards, then shuffle the deck (so the old
        hand can come back later). With `mulligan_shuffles_first` (Standard, STD 6-2-1-8), the hand is shuffled
        into the deck before drawing."""
        if self.kept:
            raise ValueError("CR 5-2-7: the hand is already kept; a mulligan comes instead of keeping")
        if self.mulligans_left <= 0:
            allowed = "no mulligan is" if self.mulligans == 0 else f"only {self.mulligans} mulligan" + (
                "s are" if self.mulligans > 1 else " is")
            raise ValueError(f"CR 5-2-7: {allowed} allowed")
        back = len(self.hand)
        self.library.extend(self.hand)  # to the bottom, in the order they were drawn ("in any order")
        self.hand = []
        self.mulligans_left -= 1
        if self.mulligan_shuffles_first:
            self.rng.shuffle(self.library)
            drawn = self._draw(self.hand_size)
            self.log.append(f"Mulligan: {_cards(back)} shuffled into the deck, drew {len(drawn)}")
        else:
            drawn = self._draw(self.hand_size)
            self.rng.shuffle(self.library)
            self.log.append(f"Mulligan: {_cards(back)} to the bottom, drew {len(drawn)}, shuffled the deck")

    def draw_next(self) -> str | None:
        """The next card of the deck into the hand (a draw step, CR 6-4-2); None when the deck is empty (CR 1-3-2).
        Only once the opening decision is made (keep or mulligan, CR 5-2-7)."""
        if not self.decided:
            raise ValueError("CR 5-2-7: keep or mulligan first")
        if not self.library:
            self.log.append("The deck is empty: no card to draw")
            return None
        card = self._draw(1)[0]
        self.log.append(f"Drew 1 ({_cards(len(self.library))} left in the deck)")
        return card
