"""A match of several battles, as a profile's `match:` declares it (no Qt).

Battle of Souls (rule book, Getting Started; digest §3.2 need 9): a match is the best 2 of 3 battles; the loser of a
battle chooses to go first or second in the next; between battles a player may swap cards between the deck and the
side deck, one for one, so the side deck keeps its count.

Each battle is a game of its own (Game.new with the match's current decks); the match keeps the score and the
decks as swapped.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field


def swapped(deck: list[str], side: list[str], out_of_deck: list[str], into_deck: list[str]) -> tuple[list, list]:
    """The deck and side deck after `out_of_deck` went to the side deck and `into_deck` came from it."""
    new_deck = (Counter(deck) - Counter(out_of_deck) + Counter(into_deck)).elements()
    new_side = (Counter(side) - Counter(into_deck) + Counter(out_of_deck)).elements()
    return list(new_deck), list(new_side)


class MatchError(ValueError):
    """A match step that its profile's `match:` does not allow: `field` names the profile field."""

    def __init__(self, field_name: str, message: str):
        super().__init__(message)
        self.field, self.message = field_name, message


@dataclass
class Match:
    best_of: int
    loser_chooses: bool
    side_swap: str  # "none" or "one_for_one"
    decks: list  # per player: the deck list the next battle is played with
    sides: list  # per player: the side deck
    winners: list = field(default_factory=list)  # the winner of each battle played, in order
    rule: str = ""  # how messages name the profile ("bos profile: match")
    # deck -> the deck limits it breaks, each naming its rule (carddb.deck_rules.limit_problems); None: unchecked
    check: object = None

    @classmethod
    def for_profile(cls, profile, decks, sides=None, check=None) -> Match:
        m = profile.match or {"best_of": 1, "loser_chooses": False, "side_swap": "none"}
        return cls(m["best_of"], m["loser_chooses"], m["side_swap"], [list(d) for d in decks],
                   [list(s) for s in (sides or [[], []])], rule=f"{profile.id} profile: match", check=check)

    @property
    def needed(self) -> int:
        """Battles a player must win to win the match (2 of 3)."""
        return self.best_of // 2 + 1

    def wins(self) -> list[int]:
        return [self.winners.count(0), self.winners.count(1)]

    @property
    def winner(self) -> int | None:
        w = self.wins()
        return next((p for p in (0, 1) if w[p] >= self.needed), None)

    @property
    def over(self) -> bool:
        return self.winner is not None

    @property
    def battle(self) -> int:
        """The number of the battle being played (or the last one, once the match is over)."""
        return len(self.winners) + (0 if self.over else 1)

    def record(self, winner: int) -> None:
        """The battle being played was won by `winner` (there are no draws in Battle of Souls)."""
        if winner not in (0, 1):
            raise MatchError(f"{self.rule}", "a battle is won by player 1 or player 2")
        if self.over:
            raise MatchError(f"{self.rule}.best_of", f"the match is over: player {self.winner + 1} won it")
        self.winners.append(winner)

    def chooser(self) -> int | None:
        """Who chooses to go first or second in the next battle: the last battle's loser (`loser_chooses`), or
        None (decided at random, as for the first battle)."""
        if not self.winners or not self.loser_chooses:
            return None
        return 1 - self.winners[-1]

    def swap(self, player: int, out_of_deck: list[str], into_deck: list[str]) -> None:
        """Swap cards between `player`'s deck and side deck: `out_of_deck` go to the side deck, `into_deck` come
        from it. One for one (BOS §Side Deck: the side deck's count is the same before and after); all or none."""
        if not out_of_deck and not into_deck:
            return
        if self.side_swap == "none":
            raise MatchError(f"{self.rule}.side_swap", "this game swaps no cards between battles")
        if not self.winners or self.over:
            raise MatchError(f"{self.rule}.side_swap", "cards are swapped between the battles of a match")
        if len(out_of_deck) != len(into_deck):
            raise MatchError(f"{self.rule}.side_swap", f"one for one: {len(out_of_deck)} card(s) out of the deck "
                                                       f"and {len(into_deck)} in would change the side deck's count")
        deck, side = Counter(self.decks[player]), Counter(self.sides[player])
        for what, have, where in ((out_of_deck, deck, "deck"), (into_deck, side, "side deck")):
            missing = Counter(what) - have
            if missing:
                raise MatchError(f"{self.rule}.side_swap", f"not in player {player + 1}'s {where}: "
                                                           f"{', '.join(sorted(missing))}")
        deck, side = swapped(self.decks[player], self.sides[player], out_of_deck, into_deck)
        broken = self.check(deck) if self.check is not None else []
        if broken:  # the deck limits hold after a swap too (BOS §Getting Started: "in your deck")
            raise MatchError(f"{self.rule}.side_swap", f"player {player + 1}'s deck after this swap would break "
                                                       f"{broken[0]}")
        self.decks[player], self.sides[player] = deck, side

    def take(self, player: int, deck: list[str], side: list[str]) -> None:
        """`player`'s deck and side deck for the battle being set up, as that player made them on its own machine
        (a match over the LAN, net/match.py): for the first battle any; after that, one-for-one swaps of the last
        battle's (MatchError naming the profile field otherwise; all or none)."""
        if self.winners:
            out = list((Counter(self.decks[player]) - Counter(deck)).elements())
            into = list((Counter(deck) - Counter(self.decks[player])).elements())
            trial = Match(self.best_of, self.loser_chooses, self.side_swap, [list(d) for d in self.decks],
                          [list(s) for s in self.sides], list(self.winners), self.rule, self.check)
            trial.swap(player, out, into)
            if Counter(trial.sides[player]) != Counter(side):
                raise MatchError(f"{self.rule}.side_swap", f"player {player + 1}'s side deck is not the last "
                                                           f"battle's with the swapped cards: {len(side)} card(s), "
                                                           f"{len(self.sides[player])} before")
        self.decks[player], self.sides[player] = list(deck), list(side)
