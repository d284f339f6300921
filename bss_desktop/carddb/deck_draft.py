"""The deck being edited in the deck builder (no Qt): copies per card, the copy limit checked before every add.

    draft = DeckDraft(db, DECK_RULES["bss"], name="Red Blaze")
    draft.why_not_add("SG1-005")   # None, or the sentence (with its rule) that says why not
    draft.add("SG1-005", 4)         # 4: every copy added, or nothing (an add never goes over the limit)
    draft.remove("SG1-005")         # 1
    draft.cards()                   # ids, one per copy, grouped by card in the order they were first added

The deck builder's undo stack wraps these calls; because a refused add changes nothing and is never pushed, the
copy limit (CR 5-1-1-1) holds however fast the clicks come.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from .cards import display_name
from .deck_rules import DECK_RULES, DEFAULT_GAME, DeckIssue, DeckRules, deck_issues


class DeckDraft:
    def __init__(self, db, rules: DeckRules | None = None, cards: Iterable[str] = (), *, name: str = "",
                 printings: dict[str, str] | None = None) -> None:
        self.db = db
        self.rules = rules or DECK_RULES[DEFAULT_GAME]
        self.name = name
        self.printings = dict(printings or {})  # card id -> the printing (alternate art) the list named
        # card id -> copies, in the order first added; loaded as given, even over the limit (the legality panel says)
        self.counts: dict[str, int] = dict(Counter(cards))

    # ------------------------------------------------------------------ reading

    def cards(self) -> list[str]:
        return [card_id for card_id, n in self.counts.items() for _ in range(n)]

    def __len__(self) -> int:
        return sum(self.counts.values())

    def count(self, card_id: str) -> int:
        return self.counts.get(card_id, 0)

    def key_count(self, card_id: str) -> int:
        """Copies in the deck that share `card_id`'s copy key (its card name in Battle Spirits Saga)."""
        card = self.db.get(card_id)
        if card is None:
            return self.count(card_id)
        key = self.rules.copy_key(card)
        return sum(n for i, n in self.counts.items() if i in self.db and self.rules.copy_key(self.db[i]) == key)

    def issues(self, side=()) -> list[DeckIssue]:
        """Every way the deck (with `side`, its side deck) breaks its game's deck rules."""
        return deck_issues(self.cards(), self.db, self.rules, side)

    # ------------------------------------------------------------------ editing

    def why_not_add(self, card_id: str, n: int = 1) -> str | None:
        """None if `n` copies of `card_id` may be added, else why not (naming the rule)."""
        card = self.db.get(card_id)
        if card is None:
            return f"unknown card {card_id!r}"
        if card.token and not self.rules.tokens_allowed:
            return f"{self.rules.rule}: {display_name(card)} is a token; tokens can't be in a deck"
        have = self.key_count(card_id)
        if have + n > self.rules.copies:
            what = f"of {card_id}" if self.rules.copies_by == "id" else f"named {self.rules.copy_key(card)!r}"
            others = sorted(i for i in self.counts if i != card_id and i in self.db
                            and self.rules.copy_key(self.db[i]) == self.rules.copy_key(card))
            also = f" (with {', '.join(others)}: an additional name is the same card, CR 5-1-1-1-1)" if others else ""
            return f"{self.rules.rule}: at most {self.rules.copies} cards {what}; the deck has {have}{also}"
        return None

    def add(self, card_id: str, n: int = 1) -> int:
        """Add `n` copies, all or none; returns how many were added (0 when why_not_add refuses)."""
        if n < 1 or self.why_not_add(card_id, n) is not None:
            return 0
        self.counts[card_id] = self.counts.get(card_id, 0) + n
        return n

    def remove(self, card_id: str, n: int = 1) -> int:
        """Remove up to `n` copies; returns how many were removed."""
        have = self.counts.get(card_id, 0)
        took = min(have, max(0, n))
        if took == have:
            self.counts.pop(card_id, None)
        elif took:
            self.counts[card_id] = have - took
        return took

    def insert_at(self, card_id: str, n: int, index: int) -> None:
        """Put back `n` copies at the card's old place in the order (undoing a removal), without the limit check:
        the state restored was the state before."""
        items = list(self.counts.items())
        have = self.counts.get(card_id, 0)
        if have:
            self.counts[card_id] = have + n
            return
        items.insert(min(index, len(items)), (card_id, n))
        self.counts = dict(items)

    def index_of(self, card_id: str) -> int:
        return list(self.counts).index(card_id) if card_id in self.counts else len(self.counts)

    def replace(self, cards: Iterable[str], *, name: str | None = None, printings: dict[str, str] | None = None
                ) -> None:
        """Everything at once (an import, a paste, "New"); the previous content is the caller's to keep for undo."""
        self.counts = dict(Counter(cards))
        if name is not None:
            self.name = name
        if printings is not None:
            self.printings = dict(printings)
