"""What makes a deck legal, per game, as data; and the check that reads it (no Qt).

    rules = DECK_RULES["bss"]
    for issue in deck_issues(card_ids, db, rules):
        print(issue.rule, issue.message, issue.cards)

One entry per game, read from its profile's `deck_rules:` and `setup:` (profiles/<game>.yaml). Everything that
checks a deck reads it from here: `decks.validate_deck` (the start screen, the engine's Game.new, the LAN
handshake), the deck builder's legality panel and its copy limit as you edit.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class DeckRules:
    game: str  # the key in DECK_RULES
    title: str  # the game's name as players know it
    rule: str  # where the deck rules are written, cited in every message
    min_cards: int
    max_cards: int | None  # None: no upper limit
    copies: int  # copies allowed per copy key
    copies_by: str = "name"  # "name": same card name (additional names do not count, CR 5-1-1-1-1); "id": card id;
    # "name_id": the name with its same-name id number (Standard's "[2]", STD 2-1-4, 6-1-1-2-1)
    tokens_allowed: bool = False
    side_min: int = 0
    side_max: int | None = None  # None: the game has no side deck
    side_label: str = "Side deck"  # the cards brought outside the deck: Battle of Souls' side deck, Eternal's tokens
    side_tokens: bool = False  # the section takes token cards only (ETR §Token Cards: prepared outside the deck)
    hand: int = 4  # the opening hand (the statistics' odds and the sample hand)
    keep_bonus: int = 1  # cards drawn when keeping the opening hand
    mulligans: int = 1
    mulligan_shuffles_first: bool = False  # False: hand to the bottom, draw, then shuffle (CR 5-2-7)
    group_limits: tuple = ()  # ({"field", "value", "max", "distinct", "label"}, ...): e.g. at most 3 Legendary
    # Warriors; "distinct": at most that many different cards of the group (ETR §Deck: one type of Contract card)

    def copy_key(self, card) -> str:
        """What the copy limit counts together for this game. A two-sided card's name is both sides' (ETR
        §Rebirth)."""
        if self.copies_by == "id":
            return card.id
        back = card.extra.get("back")
        name = f"{card.name} / {back.name}" if back is not None else card.name
        if self.copies_by == "name_id" and card.extra.get("name_id"):
            return f"{name} [{card.extra['name_id']}]"
        return name

    def size_text(self) -> str:
        """"50 to 60", "at least 40": the deck size the rules ask for."""
        if self.max_cards is None:
            return f"at least {self.min_cards}"
        return f"{self.min_cards} to {self.max_cards}"


def rules_of(profile) -> DeckRules:
    """A game's deck rules from its profile (for Battle Spirits Saga: CR 5-1-1-1, 50 to 60 cards, at most 4 of a
    card name, an additional name not making a different card, CR 5-1-1-1-1; CR 5-2-5, 5-2-7: a hand of 4, one
    mulligan, or keep and draw 1)."""
    d, setup = profile.deck_rules, profile.setup
    side = d["side"]
    return DeckRules(
        game=profile.id, title=profile.name, rule=d["rule"], min_cards=d["min"], max_cards=d["max"],
        copies=d["copies"], copies_by=d["copies_by"], tokens_allowed=d["tokens_allowed"],
        side_min=side["min"] if side else 0, side_max=side["max"] if side else None,
        side_label=side["label"] if side else "Side deck", side_tokens=bool(side) and side["cards"] == "tokens",
        hand=setup["hand"], keep_bonus=setup["keep_bonus"], mulligans=setup["mulligan"]["max"],
        mulligan_shuffles_first=setup["mulligan"]["procedure"] != "bottom_then_shuffle",
        group_limits=tuple(d["group_limits"]))


class _ByGame(Mapping):
    """DECK_RULES[game]: each game's rules, read from the profiles when first asked for."""

    def __init__(self) -> None:
        self._made: dict[str, DeckRules] = {}

    def __getitem__(self, game: str) -> DeckRules:
        from ..table.profiles import get_profile
        from ..table.schema import ProfileError

        if game not in self._made:
            try:
                self._made[game] = rules_of(get_profile(game))
            except ProfileError:
                raise KeyError(game) from None
        return self._made[game]

    def __iter__(self) -> Iterator[str]:
        from ..table.profiles import all_profiles

        return iter([p.id for p in all_profiles()])

    def __len__(self) -> int:
        return len(list(iter(self)))


DECK_RULES: Mapping[str, DeckRules] = _ByGame()
DEFAULT_GAME = "bss"


@dataclass(frozen=True)
class DeckIssue:
    """One reason a deck is not legal: the rule, a sentence for the player, and the cards concerned (to point at)."""

    kind: str  # "size", "copies", "token", "unknown", "side", "group"
    rule: str
    message: str
    cards: tuple[str, ...] = ()

    def __str__(self) -> str:
        return f"{self.rule}: {self.message}" if self.rule else self.message


def in_group(card, limit) -> bool:
    """Whether `card` is in a group limit's group: its field has the value (a true/false field's value written
    "true" or "false")."""
    value = card.extra.get(limit["field"])
    return str(value).lower() == limit["value"] if isinstance(value, bool) else value == limit["value"]


def copies_over(card_ids: Iterable[str], db, rules: DeckRules) -> dict[str, Counter]:
    """Copy key -> Counter of card ids, for every key over the limit."""
    by_key: dict[str, Counter] = {}
    for card_id in card_ids:
        card = db.get(card_id)
        if card is not None:
            by_key.setdefault(rules.copy_key(card), Counter())[card_id] += 1
    return {k: c for k, c in by_key.items() if sum(c.values()) > rules.copies}


def deck_issues(card_ids: Iterable[str], db, rules: DeckRules | None = None,
                side: Iterable[str] = ()) -> list[DeckIssue]:
    """Every way the deck breaks its game's deck rules, in a stable order; empty when legal."""
    rules = rules or DECK_RULES[DEFAULT_GAME]
    ids = list(card_ids)
    side = list(side)
    issues: list[DeckIssue] = []
    for card_id in dict.fromkeys(i for i in [*ids, *side] if i not in db):
        issues.append(DeckIssue("unknown", "", f"unknown card {card_id!r}", (card_id,)))
    if not rules.tokens_allowed:
        # CR 4-12-1: tokens only exist on the field, made by effects, so they can't be deck cards
        for card_id in dict.fromkeys(i for i in ids if i in db and db[i].token):
            issues.append(DeckIssue("token", rules.rule, f"{card_id} {db[card_id].name!r} is a token; tokens can't "
                                                         f"be in a deck", (card_id,)))
    n = len(ids)
    if n < rules.min_cards or (rules.max_cards is not None and n > rules.max_cards):
        issues.append(DeckIssue("size", rules.rule, f"the deck has {n} cards; it needs {rules.size_text()}"))
    # the limits count the deck only: a side deck may hold what a swap could bring in (BOS §Getting Started: "in
    # your deck"); a swap that breaks them is refused (table/match.py)
    for key, counts in sorted(copies_over(ids, db, rules).items()):
        total = sum(counts.values())
        detail = ", ".join(f"{i} x{c}" for i, c in sorted(counts.items()))
        what = f"cards named {key!r}" if rules.copies_by != "id" else f"copies of {key}"
        issues.append(DeckIssue("copies", rules.rule, f"{total} {what} ({detail}); at most {rules.copies}",
                                tuple(sorted(counts))))
    for limit in rules.group_limits:
        hits = [i for i in ids if i in db and in_group(db[i], limit)]
        what = limit["label"] or limit["value"]
        if len(hits) > limit["max"]:
            issues.append(DeckIssue("group", rules.rule, f"{len(hits)} {what}; at most {limit['max']} in a deck",
                                    tuple(dict.fromkeys(hits))))
        kinds = {rules.copy_key(db[i]) for i in hits}
        if limit.get("distinct") is not None and len(kinds) > limit["distinct"]:
            issues.append(DeckIssue("group", rules.rule, f"{len(kinds)} different {what} ({', '.join(sorted(kinds))}"
                                                         f"); at most {limit['distinct']} in a deck",
                                    tuple(dict.fromkeys(hits))))
    if rules.side_tokens:
        for card_id in dict.fromkeys(i for i in side if i in db and not db[i].token):
            issues.append(DeckIssue("side", rules.rule, f"{card_id} {db[card_id].name!r} is not a token card; the "
                                                        f"{rules.side_label.lower()} are token cards", (card_id,)))
    if side and rules.side_max is None:
        issues.append(DeckIssue("side", rules.rule, f"{rules.title} has no side deck ({len(side)} cards in it)",
                                tuple(dict.fromkeys(side))))
    elif rules.side_max is not None and not rules.side_min <= len(side) <= rules.side_max:
        issues.append(DeckIssue("side", rules.rule, f"{rules.side_label}: {len(side)} cards; it takes "
                                                    f"{rules.side_min} to {rules.side_max}"))
    return issues


def limit_problems(card_ids: Iterable[str], db, rules: DeckRules) -> list[str]:
    """The copy and group limits a deck breaks, each naming its rule: what a side-deck swap between battles must
    keep (table/match.py; BOS §Getting Started: the limits are on "your deck")."""
    return [str(i) for i in deck_issues(card_ids, db, rules) if i.kind in ("copies", "group")]
