"""Deck lists in every format players use: read leniently (nothing dropped), written back exactly.

`read_deck(text, db)` recognises the format by itself and never raises for a card problem: a line (CSV row, JSON
entry) that does not become a card is kept as a `KeptLine` saying where it was, its text and why. `write_deck(deck,
db, fmt)` writes one of `FORMATS`; reading it back gives the same deck (name, cards in order of first appearance with
their counts, printings), the same side deck, the notes where the format has room for them, and the same kept lines,
each checked again (a card imported meanwhile becomes a card again).

Text formats ("text", "ids", "names", "tts"), read with the line grammar of `decks.parse_deck_list`::

    # Red Blaze: cheap Dragons ...           <- notes: the comment block before the first line that is not one
    Deck: Red Blaze                          <- the name; quoted as JSON when it holds a comment mark: "Deck #2"
    4x CORE-002: Cinderclaw Drake            <- "text", the community deck builder's export (`4x ID: Name`)
    4 CORE-002                               <- "ids"
    4 Cinderclaw Drake                       <- "names"; a name several cards share is written `4x ID: Name`
    [CORE-002, CORE-002, CORE-002]           <- "tts" (Tabletop Simulator): one entry per copy, may span lines

    # kept (line 7: unknown card 'BSS09-001'): 4x BSS09-001: Some Card
    # Side deck
    # 2x CORE-003: Scorchwing Raptor         <- the side deck, in the format's own line shape

  Every text format writes the notes, the `Deck:` line, the kept lines and the side deck so; they are comments,
  so `parse_deck_list` (the game's deck folder) still reads the file. Other comments are not kept.
  A kept line's text is read again where it stands (a text with a line break is written `# kept-json (...): "..."`);
  a bad entry of a bracketed list is kept as `[ENTRY]`, so that it is read again as a list entry.
  The community app's TXT is read too: `=== Deck Name ===` first, `=== Main ===` and `=== Sideboard ===` sections.

CSV (the community app's columns, written with the csv module, lines ending in a bare newline)::

    Count,CardID,Name,Type,Color,Rarity,Cost,Section
    4,CORE-002,Cinderclaw Drake,Spirit,Red,C,2,main
    2,CORE-003,Scorchwing Raptor,Spirit,Red,C,3,sideboard
    ,,4x BSS09-001: Some Card,,,,,kept      <- a kept line: its text in Name, Section "kept"

  The header is found by its column names in any order ("Qty", "Card ID", "Card Name" do too; `;` or tab separated
  files too); Section is main or sideboard (blank: main); a Name next to a CardID must be that card's. CSV has no
  room for the deck's name (the file's name is: pass `default_name=path.stem`) nor for its notes. A kept row says
  where as "line 5" (the row's first line).

JSON (the community app's v1 and v2, plus "format", "notes" and "kept")::

    {"format": "bss-deck", "version": 2, "name": "Red Blaze", "exported_at": "2025-01-31T12:00:00+00:00",
     "notes": "...", "cards": [{"card_id": "CORE-002", "count": 4}], "sideboard": [{"card_id": ..., "count": 2}],
     "kept": [{"where": "line 7", "problem": "unknown card 'BSS09-001'", "text": "4x BSS09-001: Some Card"}]}

  A bad entry is kept with where "cards[3]" (counted from 0) and its JSON as its text. A file that is not an object
  with a "cards" list raises `DeckListError` naming the field.

Every format names a card by the printing (alternate art) id when the deck named one; side deck printings are kept
in `Deck.printings` too (card id -> printing id). A kept line's text is checked again by its shape, whatever format
stores it: `{...}` as a JSON entry, `4,ID,Name,...` as a CSV row in the community app's column order, anything else
as a text line. One that now reads as cards joins the main deck (the side deck under `=== Sideboard ===`, or for a
CSV row whose Section says so). A card line that would not read back as written (a name with a comment mark, a name
that also reads as a count) is written `4x ID`.
"""
from __future__ import annotations

import csv
import io
import json
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime

from ..data_files import DataFileError, check_text_size, load_json, read_text
from .cards import display_name
from .decks import COMMENT_RE, ENTRY_RE, MAX_DECK, MAX_DECK_BYTES, NAME_LINE_RE, Deck, LineParser
from .errors import DeckListError, DeckProblem

FORMATS: dict[str, str] = {
    "text": "4x ID: Name (community deck builder)",
    "ids": "4 ID",
    "names": "4 Name",
    "tts": "[ID, ID, …] (Tabletop Simulator)",
    "csv": "CSV (spreadsheet)",
    "json": "JSON",
}
EXTENSIONS: dict[str, str] = {
    "text": ".txt", "ids": ".txt", "names": ".txt", "tts": ".txt", "csv": ".csv", "json": ".json",
}

CSV_HEADER = ("Count", "CardID", "Name", "Type", "Color", "Rarity", "Cost", "Section")
_CSV_ROLES = {  # column role -> header names, lower case without spaces, '_' or '-'
    "count": {"count", "qty", "quantity", "copies", "amount"},
    "id": {"cardid", "id", "cardno", "cardnumber", "code"},
    "name": {"name", "cardname"},
    "section": {"section", "board", "zone"},
}
_COMMUNITY_COLUMNS = {"count": 0, "id": 1, "name": 2, "section": 7}
_MAIN = {"main", "main deck", "maindeck"}
_SIDE = {"side", "sideboard", "side board", "side deck", "sidedeck", "token cards", "tokens"}  # tokens: Eternal's

_HEADING = re.compile(r"={2,}\s*(?P<title>.*?)\s*={2,}\Z")  # === Deck Name === / === Main === / === Sideboard ===
_KEPT = re.compile(r"kept \((?P<info>.*?)\):(?: (?P<text>.*))?\Z")  # an editor may strip the space of an empty text
_KEPT_JSON = re.compile(r"kept-json \((?P<info>.*?)\): (?P<text>\".*\")\s*\Z")
_SIDE_MARK = re.compile(r"(?:side\s*(?:deck|board)?|token\s*cards)\s*:?\Z", re.IGNORECASE)
_STARTS_ENTRY = re.compile(r"\s*[0-9\[]")
_CSV_ROW = re.compile(r'"?\s*(?:[0-9]+\s*[xX]?)?\s*"?\s*(?P<sep>[,;\t])')  # a count (or nothing), then a separator
_COUNT = re.compile(r"([0-9]+)\s*[xX×]?\Z")
_HAS_X = re.compile(r"[0-9]+\s*[xX×]\s")
_BREAKS = re.compile(r"[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]")  # what str.splitlines() splits at


@dataclass
class KeptLine:
    """A line that did not become a card, kept so that nothing is lost."""

    line: int | None  # 1-based line number in the text read; None when not from a line (a JSON entry)
    text: str  # the line or entry as it was (without its newline)
    problem: str  # why it is not a card, e.g. "unknown card 'BSS09-001'"
    where: str = ""  # what to show the player: "line 7", "cards[3]"


@dataclass
class ImportedDeck:
    deck: Deck  # name, cards (ids, one per copy, in order), printings (card id -> printing id the list named)
    kept: list[KeptLine]  # every line or entry that did not become a card, in order
    side: list[str]  # side deck / sideboard card ids; the caller decides what a game allows
    notes: str = ""  # the leading comment block (description), without the comment marks
    format: str = "text"  # the FORMATS key recognised (the community TXT counts as "text")


# -- reading ------------------------------------------------------------------------------------------------------

def read_deck(text: str, db, *, source: str = "<deck>", default_name: str = "Untitled deck") -> ImportedDeck:
    """Read a deck list in any of `FORMATS` (found by itself); card problems become `KeptLine`s, never errors.

    Raises `DeckListError` only for text of more than MAX_DECK_BYTES, or JSON that is not valid, is nested too
    deep or is not a deck (no "cards" list), naming the field."""
    try:
        check_text_size(text, limit=MAX_DECK_BYTES, what="a deck list")
    except DataFileError as e:
        raise DeckListError([DeckProblem(None, e.problem)], source=source) from None
    text = text.removeprefix("\ufeff")
    if text.lstrip().startswith("{"):
        try:
            data = load_json(text, source=source)
        except DataFileError as e:
            raise DeckListError([DeckProblem(e.line, e.problem)], source=source) from None
        except ValueError as e:
            line = getattr(e, "lineno", None)
            raise DeckListError([DeckProblem(line, f"not valid JSON: {getattr(e, 'msg', e)}")], source=source) from None
        if isinstance(data, dict):
            return _read_json(data, db, source, default_name)
    header = _csv_header(text)
    if header is not None:
        return _read_csv(text, db, *header, source=source, default_name=default_name)
    return _read_text(text, db, source, default_name)


class _Reader:
    """What a list reads to: main and side cards, the printings named, the kept lines and the line shapes seen."""

    def __init__(self, db) -> None:
        self.db = db
        self.main: list[str] = []
        self.side: list[str] = []
        self.printings: dict[str, str] = {}
        self.kept: list[KeptLine] = []
        self.shapes: set[str] = set()

    def keep(self, line: int | None, text: str, problem: str, where: str = "") -> None:
        self.kept.append(KeptLine(line, text, problem, where or (f"line {line}" if line is not None else "")))

    def take(self, p: LineParser, side: bool, line: int | None, text: str, where: str, shape: str | None = None):
        """The cards `p` read go to the deck, or, if it found a problem, the line is kept."""
        if p.problems:
            self.keep(line, text, "; ".join(problem.message for problem in p.problems), where)
            return
        (self.side if side else self.main).extend(p.cards)
        for card_id, printing in p.printings.items():
            self.printings.setdefault(card_id, printing)
        if shape:
            self.shapes.add(shape)

    def line(self, raw: str, n: int | None, side: bool, where: str = "", *, alone: bool = False) -> bool:
        """One text line (not the name line, not a known heading); True when it opens a '[' list going on below.
        `alone`: a kept line read again by itself, whose list must close on it."""
        body = COMMENT_RE.split(raw, maxsplit=1)[0].strip()
        heading = _HEADING.match(body)
        if not body:
            if alone:
                self.keep(n, raw, "no card on this line", where)
        elif body.startswith("["):
            if alone and "]" not in body:
                self.keep(n, raw, "'[' is never closed with ']'", where)
            else:
                return not self.bracket(body[1:], n, side, where)
        elif body.startswith("]"):
            rest = body[1:].strip()
            self.keep(n, raw, f"unexpected text after ']': {rest!r}" if rest else "unexpected ']'", where)
        elif heading:
            self.keep(n, raw, f"unknown section {heading['title']!r}: expected Main or Sideboard", where)
        elif NAME_LINE_RE.match(body):
            self.keep(n, raw, "the deck name must be the first line (before any cards)", where)
        else:
            p = LineParser(self.db)
            p.entry(body, n)
            self.take(p, side, n, raw, where, self.shape(body))
        return False

    def bracket(self, chunk: str, n: int | None, side: bool, where: str = "") -> bool:
        """Entries of a '[' list up to its ']' (True when the ']' is in `chunk`); a bad entry is kept as `[ENTRY]`."""
        inside, closed, after = chunk.partition("]")
        for piece in inside.split(","):
            entry = piece.strip()
            name = entry.strip("'\"").strip()
            if not name:  # empties around line breaks, or between two commas: no card named, nothing to keep
                continue
            p = LineParser(self.db)
            if "[" in name:
                p.problem(n, f"unexpected '[' in {name!r}")
            elif (card_id := p.resolve(name, n)) is not None:
                p.cards.append(card_id)
            self.take(p, side, n, f"[{entry}]", where, "tts")
        if closed and after.strip():
            self.keep(n, "]" + after, f"unexpected text after ']': {after.strip()!r}", where)
        return bool(closed)

    def shape(self, body: str) -> str | None:
        """Which text format a card line is written in."""
        m = ENTRY_RE.match(body)
        if m is None:
            return None
        rest = m["rest"].strip()
        if self.db.card_id_of(rest) is not None:
            return "text" if _HAS_X.match(body) else "ids"
        return "names" if self.db.by_name(rest) else "text"

    def payload(self, text: str, n: int | None, side: bool, where: str = "") -> None:
        """A kept line's text, checked again by its shape: a JSON entry, a CSV row or a text line."""
        stripped = text.strip()
        if stripped.startswith("{"):
            try:
                entry = load_json(stripped)
            except ValueError:  # nested too deep (DataFileError) too: then read as a line, and kept
                entry = None
            if isinstance(entry, dict):
                return self.json_entry(entry, n, side, where, text=text)
        row = _CSV_ROW.match(stripped)
        if row:
            fields = next(csv.reader([stripped], delimiter=row["sep"]), [])
            values = {role: fields[i] if i < len(fields) else "" for role, i in _COMMUNITY_COLUMNS.items()}
            return self.csv_row(values, n, side, where, text=text)
        self.line(text, n, side, where, alone=True)

    def csv_row(self, values: dict[str, str], n: int | None, side: bool, where: str = "", *, text: str) -> None:
        section = values.get("section", "").strip()
        key = " ".join(section.casefold().split())
        if key == "kept":
            return self.payload(values.get("name", ""), n, side, where)
        if key and key not in _MAIN | _SIDE:
            return self.keep(n, text, f"unknown section {section!r}: expected main or sideboard", where)
        p = LineParser(self.db)
        count = _count(p, values.get("count"), n)
        card_id = _card(p, values.get("id", ""), values.get("name", ""), n)
        if card_id is not None and count:
            p.cards.extend([card_id] * count)
        self.take(p, key in _SIDE or (not key and side), n, text, where)

    def json_entry(self, entry, n: int | None, side: bool, where: str, *, text: str | None = None) -> None:
        text = json.dumps(entry, ensure_ascii=False) if text is None else text
        p = LineParser(self.db)
        if not isinstance(entry, dict):
            p.problem(n, 'expected an object like {"card_id": "CORE-001", "count": 4}')
        else:
            count = _count(p, entry.get("count"), n)
            ident = entry.get("card_id", entry.get("id"))
            card_id = _card(p, "" if ident is None else str(ident), str(entry.get("name") or ""), n)
            if card_id is not None and count:
                p.cards.extend([card_id] * count)
        self.take(p, side, n, text, where)


def _count(p: LineParser, raw, n: int | None) -> int:
    """A CSV or JSON count (4, "4", "4x"); 0 after recording a problem."""
    text = "" if raw is None or isinstance(raw, bool) else str(raw).strip()
    m = _COUNT.match(text)
    if m and 1 <= int(m[1]) <= MAX_DECK:
        return int(m[1])
    p.problem(n, "no count" if raw is None or text == "" else
              f"bad count {raw!r}: expected a whole number from 1 to {MAX_DECK}")
    return 0


def _card(p: LineParser, ident: str, name: str, n: int | None) -> str | None:
    """The card a CSV row or JSON entry names by id (with its name, which must agree) or by name."""
    ident, name = ident.strip(), name.strip()
    if ident and name:
        return p.lookup(f"{ident}: {name}", n)
    if ident or name:
        return p.resolve(ident or name, n)
    p.problem(n, "no card id or name")
    return None


def _read_text(text: str, db, source: str, default_name: str) -> ImportedDeck:
    r = _Reader(db)
    name: str | None = None
    notes: list[str] = []
    started = False  # a line that is not a comment was read: the notes are over
    in_side = False  # under "=== Sideboard ==="
    side_comments = False  # under "# Side deck"
    open_list: tuple[int, str, bool] | None = None  # line, text and section of a '[' not closed yet
    for n, raw in enumerate(text.splitlines(), start=1):
        body = COMMENT_RE.split(raw, maxsplit=1)[0].strip()
        if not body:
            comment = _comment_text(raw)
            if comment is None:
                continue
            kept = _kept_text(comment)
            if not started:
                notes.append(comment.rstrip())
            elif kept is not None:
                r.payload(kept, n, in_side)
            elif _SIDE_MARK.match(comment.strip()):
                side_comments = True
            elif side_comments and _STARTS_ENTRY.match(comment):
                r.line(comment, n, True, alone=True)
            continue
        first, started, side_comments = not started, True, False
        if open_list is not None:
            if r.bracket(body, n, open_list[2]):
                open_list = None
            continue
        heading = _HEADING.match(body)
        title = " ".join(heading["title"].casefold().split()) if heading else ""
        named = NAME_LINE_RE.match(body)
        if heading and (title in _MAIN or title in _SIDE):
            in_side = title in _SIDE
        elif heading and first and title:
            name = heading["title"]
        elif named and first:
            name = _name_of(named["name"], raw)
            if not name:
                r.keep(n, raw, "the deck name is empty")
        elif r.line(raw, n, in_side):
            open_list = (n, raw, in_side)
    if open_list is not None:
        r.keep(open_list[0], open_list[1], "'[' is never closed with ']'")
    r.kept.sort(key=lambda k: k.line or 0)
    shapes = r.shapes
    fmt = ("tts" if shapes == {"tts"} else "ids" if shapes == {"ids"}
           else "names" if "names" in shapes and shapes <= {"names", "text"} else "text")
    deck = Deck(name=name or default_name, cards=r.main, source=source, printings=r.printings)
    return ImportedDeck(deck, r.kept, r.side, "\n".join(notes), fmt)


def _comment_text(raw: str) -> str | None:
    """A whole-line comment's text without its mark (and one space after it); None for a blank line."""
    s = raw.lstrip()
    for mark in ("#", "//"):
        if s.startswith(mark):
            s = s[len(mark):]
            return s.removeprefix(" ")
    return None


def _kept_text(comment: str) -> str | None:
    """The text of a `kept (where: problem): text` comment written by `write_deck`."""
    m = _KEPT_JSON.match(comment)
    if m:
        try:
            text = json.loads(m["text"])
        except ValueError:
            text = None
        if isinstance(text, str):
            return text
    m = _KEPT.match(comment)
    return (m["text"] or "") if m else None


def _name_of(value: str, raw: str) -> str:
    """The deck name of a `Deck:` line; a name written as a JSON string may hold '#' and '//'."""
    value = value.strip()
    if value.startswith('"'):
        whole = NAME_LINE_RE.match(raw.strip())
        try:
            name, _ = json.JSONDecoder().raw_decode(whole["name"].strip()) if whole else (None, 0)
        except ValueError:
            name = None
        if isinstance(name, str):
            return name
    return value


def _csv_header(text: str) -> tuple[str, dict[str, int]] | None:
    """The separator and column roles when the first line that is not blank is a deck CSV header."""
    first = next((line for line in text.splitlines() if line.strip()), "")
    for sep in ",;\t":
        if sep not in first:
            continue
        roles: dict[str, int] = {}
        for i, cell in enumerate(next(csv.reader([first], delimiter=sep), [])):
            key = re.sub(r"[\s_\-]", "", cell).casefold()
            for role, names in _CSV_ROLES.items():
                if key in names:
                    roles.setdefault(role, i)
        if "count" in roles and ("id" in roles or "name" in roles):
            return sep, roles
    return None


def _read_csv(text: str, db, sep: str, roles: dict[str, int], *, source: str, default_name: str) -> ImportedDeck:
    r = _Reader(db)
    lines = io.StringIO(text, newline="").readlines()
    rows = csv.reader(lines, delimiter=sep)
    header_read, end = False, 0
    try:
        for row in rows:
            start, end = end + 1, rows.line_num
            if not any(cell.strip() for cell in row):
                continue
            if not header_read:
                header_read = True
                continue
            record = "".join(lines[start - 1:end]).rstrip("\r\n")
            values = {role: row[i] if i < len(row) else "" for role, i in roles.items()}
            r.csv_row(values, start, False, text=record)
    except csv.Error as e:  # e.g. a quote never closed: the rest is kept line by line
        for n in range(end + 1, len(lines) + 1):
            if lines[n - 1].strip():
                r.keep(n, lines[n - 1].rstrip("\r\n"), f"can't read this CSV row ({e})")
    deck = Deck(name=default_name, cards=r.main, source=source, printings=r.printings)
    return ImportedDeck(deck, r.kept, r.side, "", "csv")


def _read_json(data: dict, db, source: str, default_name: str) -> ImportedDeck:
    def fail(message: str):
        raise DeckListError([DeckProblem(None, message)], source=source)

    if "cards" not in data:
        fail("'cards' is missing: expected a list like [{\"card_id\": \"CORE-001\", \"count\": 4}]")
    lists = {}
    for key in ("cards", "sideboard", "kept"):
        value = data.get(key)
        lists[key] = [] if value is None and key != "cards" else value
        if not isinstance(lists[key], list):
            fail(f"'{key}' must be a list, not {_json_kind(value)}")
    for key in ("name", "notes"):
        if data.get(key) is not None and not isinstance(data[key], str):
            fail(f"'{key}' must be text, not {_json_kind(data[key])}")
    r = _Reader(db)
    for key, side in (("cards", False), ("sideboard", True)):
        for i, entry in enumerate(lists[key]):
            r.json_entry(entry, None, side, f"{key}[{i}]")
    for i, item in enumerate(lists["kept"]):
        text = item.get("text") if isinstance(item, dict) else item
        if isinstance(text, str):
            r.payload(text, None, False, f"kept[{i}]")
        else:
            r.keep(None, json.dumps(item, ensure_ascii=False), 'expected {"text": "..."}', f"kept[{i}]")
    name = data.get("name") or ""
    deck = Deck(name=name if name.strip() else default_name, cards=r.main, source=source, printings=r.printings)
    return ImportedDeck(deck, r.kept, r.side, data.get("notes") or "", "json")


def _json_kind(value) -> str:
    kinds = {dict: "an object", list: "a list", str: "text", bool: "true/false", type(None): "null"}
    return kinds.get(type(value), "a number")


# -- writing ------------------------------------------------------------------------------------------------------

def write_deck(deck: Deck, db, fmt: str = "text", *, kept: Iterable[KeptLine] = (), side: Iterable[str] = (),
               notes: str = "", side_label: str = "Side deck") -> str:
    """The deck in format `fmt` (a `FORMATS` key), with its kept lines, side deck and notes where the format has room
    (see the module docstring); `read_deck` reads it back unchanged. `side_label`: the text formats' heading of the
    cards brought outside the deck ("Token cards" in Eternal, read back as the same section)."""
    if fmt not in FORMATS:
        raise ValueError(f"unknown deck format {fmt!r}; expected one of {', '.join(FORMATS)}")
    kept, side = list(kept), list(side)
    if fmt == "csv":
        return _write_csv(deck, db, kept, side)
    if fmt == "json":
        return _write_json(deck, kept, side, notes)
    lines = [f"# {line}" if line else "#" for line in _BREAKS.split(notes)] if notes else []
    lines.append(f"Deck: {_name_text(deck.name)}")
    lines += _card_lines(deck.cards, deck, db, fmt)
    if kept:
        lines += ["", *(_kept_comment(k) for k in kept)]
    if side:
        mark = side_label if _SIDE_MARK.match(side_label) else "Side deck"
        lines += ["", f"# {mark}", *(f"# {line}" for line in _card_lines(side, deck, db, fmt))]
    return "\n".join(lines) + "\n"


def _name_text(name: str) -> str:
    """The deck name for a `Deck:` line: on one line, as a JSON string if a comment mark would cut it."""
    name = " ".join(name.split()) or "Untitled deck"
    plain = f"Deck: {name}"
    if name.startswith('"') or COMMENT_RE.split(plain, maxsplit=1)[0].strip() != plain:
        return json.dumps(name, ensure_ascii=False)
    return name


def _card_lines(ids: list[str], deck: Deck, db, fmt: str) -> list[str]:
    """Lines for `ids` in a text format: grouped by id at first appearance, except "tts" (one entry per copy)."""
    if fmt == "tts":
        return [f"[{', '.join(deck.printings.get(i, i) for i in ids)}]"] if ids else []
    lines = []
    for card_id, count in Counter(ids).items():
        shown = deck.printings.get(card_id, card_id)
        card = db.get(card_id)
        name = display_name(card) if card is not None else ""
        tries = {"text": [f"{count}x {shown}: {name}"], "ids": [f"{count} {shown}"],
                 "names": [f"{count} {name}", f"{count}x {shown}: {name}"]}[fmt]
        fallback = f"{count} {shown}" if fmt == "ids" else f"{count}x {shown}"
        lines.append(next((t for t in tries if _reads_back(t, card_id, count, shown, db)), fallback))
    return lines


def _reads_back(line: str, card_id: str, count: int, shown: str, db) -> bool:
    """Whether `line` reads back as `count` copies of `card_id` named as `shown` (a name shared by several cards,
    or with a comment mark in it, does not)."""
    if COMMENT_RE.split(line, maxsplit=1)[0].strip() != line:
        return False
    p = LineParser(db)
    p.entry(line, None)
    return (not p.problems and p.cards == [card_id] * count
            and p.printings == ({card_id: shown} if shown != card_id else {}))


def _kept_comment(k: KeptLine) -> str:
    where = k.where or (f"line {k.line}" if k.line is not None else "")
    info = " ".join((f"{where}: {k.problem}" if where else k.problem).split()).replace("): ", ") : ")
    if _BREAKS.search(k.text):
        return f"# kept-json ({info}): {json.dumps(k.text, ensure_ascii=False)}"
    return f"# kept ({info}): {k.text}"


def _write_csv(deck: Deck, db, kept: list[KeptLine], side: list[str]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_HEADER)
    for section, ids in (("main", deck.cards), ("sideboard", side)):
        for card_id, count in Counter(ids).items():
            shown = deck.printings.get(card_id, card_id)
            card = db.get(card_id)
            if card is None:
                writer.writerow([count, shown, "", "", "", "", "", section])
            else:
                colors = "/".join(c.capitalize() for c in card.colors)
                writer.writerow([count, shown, card.name, card.type.capitalize(), colors, card.rarity, card.cost,
                                 section])
    for k in kept:
        writer.writerow(["", "", k.text, "", "", "", "", "kept"])
    return out.getvalue()


def _write_json(deck: Deck, kept: list[KeptLine], side: list[str], notes: str) -> str:
    def entries(ids: list[str]) -> list[dict]:
        return [{"card_id": deck.printings.get(i, i), "count": n} for i, n in Counter(ids).items()]

    data = {
        "format": "bss-deck",
        "version": 2,
        "name": deck.name,
        "exported_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "notes": notes,
        "cards": entries(deck.cards),
        "sideboard": entries(side),
        "kept": [{"where": k.where or (f"line {k.line}" if k.line is not None else ""), "problem": k.problem,
                  "text": k.text} for k in kept],
    }

    def dump(value) -> str:  # one line per card entry, so the file reads like a list
        if isinstance(value, list) and value:
            return "[\n" + ",\n".join(f"    {json.dumps(v, ensure_ascii=False)}" for v in value) + "\n  ]"
        return json.dumps(value, ensure_ascii=False)

    return "{\n" + ",\n".join(f"  {json.dumps(k)}: {dump(v)}" for k, v in data.items()) + "\n}\n"


def game_decks(db, profile) -> dict:
    """A game's shipped decks, keyed by file stem: Battle Spirits Saga's (`decks.shipped_decks`), or those in
    another game's profile's `cards.decks` folder, read with their side decks. A line that is not a card is an
    error naming the file and the line (shipped decks are whole)."""
    from ..resources import cards_dir
    from .database import display_path
    from .decks import shipped_decks
    from .errors import DeckListError

    if profile is None or profile.id == "bss":
        return shipped_decks(db)
    out = {}
    for path in sorted((cards_dir() / profile.cards.decks).glob("*.txt")):
        deck = game_deck_file(path, db)
        if isinstance(deck, list):
            raise DeckListError(deck, source=display_path(path))
        out[path.stem] = deck
    return out


def game_deck_file(path, db):
    """A deck file of a game with side decks: its Deck (side deck included), or its problems [(line, text)]."""
    from .database import display_path

    try:
        imported = read_deck(read_text(path, limit=MAX_DECK_BYTES, what="a deck list", encoding="utf-8-sig"), db)
    except DataFileError as e:
        return [(None, e.problem)]
    except DeckListError as e:  # JSON that is not valid, nested too deep or no deck
        return [(p.line, p.message) for p in e.problems]
    except (OSError, UnicodeDecodeError) as e:
        return [(None, f"cannot be read: {e}")]
    if imported.kept:
        return [(k.line, f"{k.text!r}: {k.problem}") for k in imported.kept]
    deck = imported.deck
    return Deck(deck.name or path.stem, list(deck.cards), display_path(path), dict(deck.printings),
                list(imported.side))


def player_game_decks(db, profile) -> dict:
    """The player's own decks of another game (their deck folder's <game> folder), keyed "my-<file stem>"; files
    that do not read as whole decks are left for the deck builder to fix."""
    from ..paths import decks_dir
    from .player_db import MY_PREFIX

    folder = decks_dir() / profile.id
    out = {}
    for path in sorted(folder.glob("*.txt"))[:500] if folder.is_dir() else ():
        deck = game_deck_file(path, db)
        if not isinstance(deck, list):
            out[MY_PREFIX + path.stem] = deck
    return out
