"""Errors raised while reading card files and deck lists.

Both errors say *where* the problem is (file, line, card, field) so a person
fixing a hand-written file can jump straight to it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable


class CardDataError(Exception):
    """A card file or card definition is malformed.

    `str()` reads like
    ``cards/sets/core.yaml: line 14: card CORE-007: field 'levels[1].bp': expected an integer, got 'abc'``;
    each part is left out when unknown.
    """

    def __init__(
        self,
        message: str,
        *,
        file: str | None = None,
        card_id: str | None = None,
        field: str | None = None,
        line: int | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.file = file
        self.card_id = card_id
        self.field = field
        self.line = line

    def with_context(self, **context) -> "CardDataError":
        """A copy with the given parts (file, card_id, field, line) filled in where still unknown."""
        parts = {"file": self.file, "card_id": self.card_id, "field": self.field, "line": self.line}
        for key, value in context.items():
            if key not in parts:
                raise TypeError(f"unknown context {key!r}")
            if parts[key] is None:
                parts[key] = value
        return CardDataError(self.message, **parts)

    def __str__(self) -> str:
        parts = []
        if self.file is not None:
            parts.append(self.file)
        if self.line is not None:
            parts.append(f"line {self.line}")
        if self.card_id is not None:
            parts.append(f"card {self.card_id}")
        if self.field is not None:
            parts.append(f"field {self.field!r}")
        parts.append(self.message)
        return ": ".join(parts)

    def __reduce__(self):  # keyword-only arguments survive pickling (e.g. across processes)
        return (_rebuild_card_data_error, (self.message, self.file, self.card_id, self.field, self.line))


def _rebuild_card_data_error(message, file, card_id, field, line) -> CardDataError:
    return CardDataError(message, file=file, card_id=card_id, field=field, line=line)


@dataclass(frozen=True)
class DeckProblem:
    """One problem in a deck list; `line` is None for problems with the whole deck (e.g. its size)."""

    line: int | None
    message: str

    def __str__(self) -> str:
        return self.message if self.line is None else f"line {self.line}: {self.message}"


class DeckListError(Exception):
    """A deck list can't be read or isn't legal. Holds *every* problem found, not just the first."""

    def __init__(
        self,
        problems: Iterable[DeckProblem | tuple[int | None, str]],
        *,
        source: str | None = None,
    ) -> None:
        self.problems: list[DeckProblem] = [
            p if isinstance(p, DeckProblem) else DeckProblem(*p) for p in problems
        ]
        self.source = source
        super().__init__(str(self))

    def __str__(self) -> str:
        lines = [str(p) for p in self.problems]
        if self.source is not None:
            n = len(self.problems)
            lines.insert(0, f"{self.source}: {n} problem{'s' if n != 1 else ''}:")
        return "\n".join(lines)

    def __reduce__(self):
        return (_rebuild_deck_list_error, (self.problems, self.source))


def _rebuild_deck_list_error(problems, source) -> DeckListError:
    return DeckListError(problems, source=source)
