"""Deck lists: reading the common text formats, checking deck legality (CR 5-1), writing.

Accepted lines (see docs/card-format.md)::

    Deck: Red Blaze                   # first non-comment line only (also "name: ...")
    4 CORE-001
    4x CORE-001
    4x CORE-001: Ember Whelp          # the community deck builder's export; the name is checked
    4 Ember Whelp                     # by card name; must name exactly one card
    [CORE-001, CORE-001, CORE-002]    # one copy per entry; may span several lines

Nothing is skipped silently: every unreadable line and unknown card is
collected and reported together in one `DeckListError`.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

from bss_desktop.data_files import MB, DataFileError, read_text
from bss_desktop.resources import cards_dir

from .cards import display_name
from .database import CardDB, display_path
from .errors import DeckListError, DeckProblem

# the largest count a list line may give (CR 5-1-1-1's deck size; the deck rules themselves are in deck_rules.py)
MAX_DECK = 60
# A 60-card list is 1-3 KB, a side deck and a page of notes included. A deck file or pasted text of more than
# 1 MB is refused before it is read (reading a 20 MB list line by line takes seconds, and it is no deck).
MAX_DECK_BYTES = 1 * MB

_COMMENT = re.compile(r"(?:^|\s)(?:#|//)")
_NAME_LINE = re.compile(r"(?:deck(?:\s*name)?|name)\s*:\s*(?P<name>.*)\Z", re.IGNORECASE)
# "4 X", "4x X", "4 x X", "4× X"; a space must follow, so "4 Xeno Beast" keeps its X
_ENTRY = re.compile(r"(?P<count>\d+)(?:\s*[xX×])?\s+(?P<rest>\S.*)\Z")
_NAME_ID = re.compile(r"(?P<name>.*?)\s*\[(?P<id>[0-9]+)\]\Z")  # a name with its same-name id, "Name [2]"
_COUNT_LIKE = re.compile(r"[+-]?\d+(?:[.,]\d*)?[xX×]?\Z")

FORMATS_HINT = "expected '4x CORE-001', '4x CORE-001: Card Name', '4 Card Name' or '[CORE-001, ...]'"


@dataclass
class Deck:
    name: str
    cards: list[str] = field(default_factory=list)  # card ids, one per copy, in file order
    source: str = "<deck>"
    printings: dict[str, str] = field(default_factory=dict)  # card id -> the printing (alternate art) the list named
    side: list[str] = field(default_factory=list)  # the side deck (a game whose profile has one: Battle of Souls)

    def counts(self) -> dict[str, int]:
        """Copies per card id, in order of first appearance."""
        return dict(Counter(self.cards))


class _Parser:
    def __init__(self, db: CardDB) -> None:
        self.db = db
        self.cards: list[str] = []
        self.printings: dict[str, str] = {}
        self.problems: list[DeckProblem] = []

    def problem(self, line: int | None, message: str) -> None:
        self.problems.append(DeckProblem(line, message))

    def resolve(self, text: str, line: int) -> str | None:
        """The card id that `text` (an id, a printing's id or a card name) stands for; records a problem if none.

        An alternate art (a printing, ``BSS01-001_p1``) is the same card (CR 2-1): it stands for its card."""
        if text in self.db:
            return text
        card_id = self.db.card_id_of(text) if hasattr(self.db, "card_id_of") else None
        if card_id is not None:
            self.printings.setdefault(card_id, text)
            return card_id
        matches = self.db.by_name(text)
        numbered = _NAME_ID.match(text)
        if not matches and numbered:  # "Kindleclaw Wyvern [2]": the name with its same-name id (STD 2-1-4)
            matches = [c for c in self.db.by_name(numbered["name"])
                       if str(c.extra.get("name_id")) == numbered["id"]]
        elif len(matches) > 1 and any(c.extra.get("name_id") for c in matches):
            matches = [c for c in matches if not c.extra.get("name_id")]  # no "[2]" written: the card without one
        if len(matches) == 1:
            return matches[0].id
        if matches:
            ids = ", ".join(c.id for c in matches)
            self.problem(line, f"card name {text!r} matches several cards ({ids}); write the id instead")
            return None
        hint = next((i for i in self.db if i.casefold() == text.casefold()), None)
        self.problem(line, f"unknown card {text!r}" + (f" (did you mean {hint!r}?)" if hint else ""))
        return None

    def entry(self, body: str, line: int) -> None:
        """A counted entry: '4 CORE-001', '4x CORE-001: Name' or '4 Card Name'."""
        first = body.split()[0]
        m = _ENTRY.match(body)
        if m is None:
            if _COUNT_LIKE.match(first) and len(body.split()) == 1:
                self.problem(line, f"{first!r} has a count but no card")
            elif _COUNT_LIKE.match(first):
                self.problem(line, f"bad count {first!r}: expected a whole number such as 4 or 4x")
            else:
                self.problem(line, f"can't read {body!r}; {FORMATS_HINT}")
            return
        count = int(m["count"])
        if not 1 <= count <= MAX_DECK:
            self.problem(line, f"bad count {count}: expected 1 to {MAX_DECK}")
            return
        card_id = self.lookup(m["rest"].strip(), line)
        if card_id is not None:
            self.cards.extend([card_id] * count)

    def lookup(self, text: str, line: int) -> str | None:
        # the whole text first, so a card name containing ':' still works
        if ":" not in text or text in self.db or self.db.by_name(text) or (
                hasattr(self.db, "card_id_of") and self.db.card_id_of(text)):
            return self.resolve(text, line)
        ident, _, name = (part.strip() for part in text.partition(":"))
        card_id = self.resolve(ident, line)
        if card_id is None:
            return None
        card = self.db[card_id]
        accepted = {card.name.casefold(), display_name(card).casefold()}
        if card.additional_name:
            accepted.add(f"{card.name} ({card.additional_name})".casefold())
        if " ".join(name.split()).casefold() not in accepted:
            self.problem(line, f"{card_id} is {card.name!r}, not {name!r}")
            return None
        return card_id

    def bracket_items(self, chunk: str, line: int) -> bool:
        """Entries of a bracketed id list; returns True when the closing ']' was on this chunk."""
        inside, closed, after = chunk.partition("]")
        if closed and after.strip():
            self.problem(line, f"unexpected text after ']': {after.strip()!r}")
        pieces = [p.strip() for p in inside.split(",")]
        for i, piece in enumerate(pieces):
            piece = piece.strip("'\"").strip()
            if not piece:
                # empties at either end of a line are just line breaks around commas
                if 0 < i < len(pieces) - 1:
                    self.problem(line, "empty entry between commas")
                continue
            if "[" in piece:
                self.problem(line, f"unexpected '[' in {piece!r}")
                continue
            card_id = self.resolve(piece, line)
            if card_id is not None:
                self.cards.append(card_id)
        return bool(closed)


# The same line grammar for readers that keep a bad line instead of raising (carddb.deck_formats): a fresh
# LineParser per line reads it (`entry`, `lookup`, `resolve`) and leaves its problems in `.problems`.
LineParser = _Parser
COMMENT_RE, NAME_LINE_RE, ENTRY_RE = _COMMENT, _NAME_LINE, _ENTRY


def parse_deck_list(
    text: str, db: CardDB, *, source: str = "<deck>", default_name: str = "Untitled deck"
) -> Deck:
    """Read a deck list; raises one `DeckListError` with every problem found (with line numbers)."""
    p = _Parser(db)
    name: str | None = None
    seen_entry = False
    open_line: int | None = None  # line of an unclosed '['
    for number, raw in enumerate(text.removeprefix("\ufeff").splitlines(), start=1):
        body = _COMMENT.split(raw, maxsplit=1)[0].strip()
        if not body:
            continue
        if open_line is not None:
            if p.bracket_items(body, number):
                open_line = None
            continue
        named = _NAME_LINE.match(body)
        if named:
            if seen_entry or name is not None:
                p.problem(number, "the deck name must be the first line (before any cards)")
            elif not named["name"].strip():
                p.problem(number, "the deck name is empty")
            else:
                name = named["name"].strip()
            seen_entry = True
            continue
        seen_entry = True
        if body.startswith("["):
            if not p.bracket_items(body[1:], number):
                open_line = number
        else:
            p.entry(body, number)
    if open_line is not None:
        p.problem(open_line, "'[' is never closed with ']'")
    if p.problems:
        raise DeckListError(p.problems, source=source)
    return Deck(name=name or default_name, cards=p.cards, source=source, printings=p.printings)


def validate_deck(card_ids: Iterable[str] | Deck, db: CardDB, rules=None) -> list[str]:
    """Every way the deck breaks its game's deck rules (deck_rules.py; CR 5-1-1-1 for Battle Spirits Saga) or names
    unknown cards, one sentence each with its rule; empty when legal."""
    from .deck_rules import deck_issues

    ids = list(card_ids.cards if isinstance(card_ids, Deck) else card_ids)
    return [str(issue) for issue in deck_issues(ids, db, rules)]


def check_deck(card_ids: Iterable[str] | Deck, db: CardDB) -> None:
    """Raise `DeckListError` listing every problem from `validate_deck` (lines are None)."""
    problems = validate_deck(card_ids, db)
    if problems:
        source = card_ids.source if isinstance(card_ids, Deck) else None
        raise DeckListError([DeckProblem(None, m) for m in problems], source=source)


def load_deck_file(path: str | Path, db: CardDB) -> Deck:
    """Read a deck list file; the deck is named after the file unless it has a 'Deck:' line."""
    path = Path(path)
    try:
        text = read_text(path, limit=MAX_DECK_BYTES, what="a deck list", encoding="utf-8-sig")
    except DataFileError as e:
        raise DeckListError([DeckProblem(None, e.problem)], source=display_path(path)) from None
    return parse_deck_list(text, db, source=display_path(path), default_name=path.stem)


def shipped_decks(db: CardDB) -> dict[str, Deck]:
    """The decks in ``cards_dir()/decks/*.txt``, keyed by file stem (e.g. ``red-vanilla``)."""
    return {p.stem: load_deck_file(p, db) for p in sorted((cards_dir() / "decks").glob("*.txt"))}


@dataclass
class BrokenDeck:
    """A deck file of the player's that can't be played, and why (every problem, with its line where it has one)."""

    path: Path
    problems: list[DeckProblem]

    def summary(self) -> str:
        """One line: the file, the first problem and its line ("foo.txt line 3: unknown card 'XX-1'")."""
        first = self.problems[0] if self.problems else DeckProblem(None, "can't be read")
        where = f"{self.path.name} line {first.line}" if first.line is not None else self.path.name
        more = len(self.problems) - 1
        return f"{where}: {first.message}" + (f" (and {more} more problem{'s' if more > 1 else ''})" if more else "")

    def __str__(self) -> str:
        return f"{display_path(self.path)}: " + "; ".join(str(p) for p in self.problems)


def user_deck_files(db: CardDB, folder=None) -> tuple[dict[str, Deck], dict[str, BrokenDeck]]:
    """The player's own deck lists (``paths.decks_dir()/*.txt`` by default), keyed by file stem: those that can be
    played, and those that can't with every problem (file and line), so a broken list is shown, not dropped."""
    from ..paths import decks_dir

    folder = Path(folder) if folder is not None else decks_dir()
    decks, broken = {}, {}
    for p in sorted(folder.glob("*.txt")) if folder.is_dir() else ():
        try:
            deck = load_deck_file(p, db)
        except DeckListError as e:
            broken[p.stem] = BrokenDeck(p, list(e.problems))
            continue
        except OSError as e:
            broken[p.stem] = BrokenDeck(p, [DeckProblem(None, f"can't be read ({e.strerror or e})")])
            continue
        except UnicodeDecodeError as e:
            broken[p.stem] = BrokenDeck(p, [DeckProblem(None, f"not a UTF-8 text file (byte {e.start})")])
            continue
        rules = validate_deck(deck.cards, db)
        if rules:
            broken[p.stem] = BrokenDeck(p, [DeckProblem(None, f"breaks the deck rules: {m}") for m in rules])
        else:
            decks[p.stem] = deck
    return decks, broken


def user_decks(db: CardDB, folder=None) -> tuple[dict[str, Deck], list[str]]:
    """The player's own deck lists that can be played, keyed by file stem, and a problem line for each file that
    can't (naming the file and line), so one bad file hides nothing else."""
    decks, broken = user_deck_files(db, folder)
    return decks, [str(b) for b in broken.values()]


def deck_to_text(deck: Deck, db: CardDB) -> str:
    """The deck in the ``4x ID: Name`` format (copies of one id grouped at its first appearance)."""
    name = " ".join(deck.name.split()) or "Untitled deck"
    lines = [f"Deck: {name}"]
    for card_id, count in deck.counts().items():
        lines.append(f"{count}x {card_id}: {display_name(db[card_id])}")
    return "\n".join(lines) + "\n"
