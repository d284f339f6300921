"""Card text made regular before parsing: sentences split, lower case outside quotes, numbers as digits, quoted
names and family names replaced by placeholders (``q0``, ``f0``) the grammar reads as QUOTED and FAMILY.

A card name printed without quotation marks ("if you control a Stone Haven", a template real cards use) becomes a
name placeholder like a quoted one, only where it is exactly (case and all) the name of a card the import knows and
no family of that name is known (families win: docs/saga-rulings.md "Card names without quotation marks", N-1)."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..cards import COLORS
from ..effects import KEYWORD_NAMES

__all__ = ["CardNames", "Normalised", "normalise", "split_sentences"]

_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
                 "nine": 9, "ten": 10, "eleven": 11, "twelve": 12}
_KEYWORD_WORDS = "confront|curse|blessed|luster|swift|astral|awaken|atfield|immortal"
_PROTECT = {"A.T. Field": "ATFIELD", "LV": "LV"}  # periods that do not end a sentence


def split_sentences(text: str) -> list[str]:
    """The sentences of an effect text; "A.T. Field" and decimal-free numbers never split one."""
    t = text.replace("A.T. Field", "\x00ATF\x00").replace("A.T.Field", "\x00ATF\x00")
    parts = re.split(r"(?<=[.!?])\s+(?=[A-Z\"“(])", t.strip())
    return [p.replace("\x00ATF\x00", "A.T. Field").strip() for p in parts if p.strip()]


@dataclass
class Normalised:
    text: str  # what the grammar parses
    quoted: list[str] = field(default_factory=list)  # q0, q1, ... -> the quoted words
    families: list[str] = field(default_factory=list)  # f0, f1, ... -> the family names, as the card data has them
    # the q indices that are known card names (quoted or not) -> the card type of that name's cards (None: unknown)
    names: dict[int, str | None] = field(default_factory=dict)


MAX_NAME = 200  # longer "names" are no card's (the longest printed name is far shorter): ignored
# words of the card text's own vocabulary, never read as a card's name even where a card has it (ruling N-1): the
# keywords (CR 11, and those printed later), the timings, the colours, the soul core and tokens
_NOT_NAMES = frozenset(n.casefold() for n in (*KEYWORD_NAMES.values(), "Feast", "Bloodcurse", "Burst", "Flash",
                                               "Main", "Soul Core", "Token", *COLORS))
_WORD = re.compile(r"\w+")


def _key(text: str, at: int = 0) -> str:
    """A name's (or a text position's) index key: its first run of word characters, else its first character."""
    m = _WORD.match(text, at)
    return m.group(0) if m else text[at:at + 1]


class CardNames:
    """The card names an import knows, indexed once for `normalise`: by the first word of each, longest first.
    Each entry is a name, or (name, card type) when the type of that name's cards is known. Any list is safe to
    give: names are compared as plain text (never as patterns); empty, one-character, overlong and letterless ones
    are left out; finding them costs one look-up per word of a sentence whatever the list's size."""

    __slots__ = ("_by_key", "_types")

    def __init__(self, names=()):
        by_key: dict[str, list[str]] = {}
        types: dict[str, set] = {}  # folded name -> the card types of the cards of that name
        for entry in () if isinstance(names, str) else names:
            n, kind = (entry, None) if isinstance(entry, str) else (
                tuple(entry) if isinstance(entry, (tuple, list)) and len(entry) == 2 else (None, None))
            if not isinstance(n, str):
                continue
            n = n.replace("’", "'").strip()
            if len(n) < 2 or len(n) > MAX_NAME or not any(c.isalnum() for c in n) or n.casefold() in _NOT_NAMES:
                continue
            if n.casefold() not in types:
                types[n.casefold()] = set()
                by_key.setdefault(_key(n), []).append(n)
            types[n.casefold()].add(kind.strip().lower() if isinstance(kind, str) else None)
        for v in by_key.values():
            v.sort(key=len, reverse=True)
        self._by_key, self._types = by_key, types

    def __len__(self) -> int:
        return len(self._types)

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name.strip().casefold() in self._types

    def type_of(self, name: str) -> str | None:
        """The card type every known card of this name has, or None (unknown, or cards of two types)."""
        kinds = self._types.get(name.strip().casefold(), set())
        return next(iter(kinds)) if len(kinds) == 1 else None

    def at(self, text: str, i: int) -> str | None:
        """The longest known name written at `i` of `text` that ends where a word does, or None."""
        for n in self._by_key.get(_key(text, i), ()):
            end = i + len(n)
            if text.startswith(n, i) and not (n[-1:].isalnum() and end < len(text) and
                                              (text[end].isalnum() or text[end] == "_")):
                return n
        return None


_NO_NAMES = CardNames()


def normalise(sentence: str, families: tuple[str, ...] = (), names: CardNames | tuple = ()) -> Normalised:
    """`families`: the family names known to the import (any case); longest first wins. `names`: the card names
    known to the import (a `CardNames`, or any list of names)."""
    out = Normalised("")
    if not isinstance(names, CardNames):
        names = CardNames(names) if names else _NO_NAMES
    t = sentence.replace("’", "'").replace("“", '"').replace("”", '"').strip()

    def quote(m: re.Match) -> str:
        out.quoted.append(m.group(1))
        return f" q{len(out.quoted) - 1} "

    # the soul core icon some texts lost ("has a  on it"): nothing else is "on" a spirit that way (CR 4-11)
    t = re.sub(r"\b(has|with) an?\s+on (it|them)\b", r'\1 a "Soul Core" on \2', t, flags=re.I)
    t = re.sub(r"\bspend an?\s*(?=as part)", 'spend a "Soul Core" ', t, flags=re.I)
    t = re.sub(r'"([^"]*)"', quote, t)
    fams = sorted({f for f in families if f.strip()}, key=len, reverse=True)
    folded_fams = {f.casefold() for f in fams}
    out.names = {i: names.type_of(q) for i, q in enumerate(out.quoted)
                 if q in names and q.strip().casefold() not in folded_fams}
    spans: list[tuple[int, int, str]] = []  # (start, end, "f"/"q") of the families and names, left to right
    if fams:
        pattern = re.compile(r"\b(" + "|".join(re.escape(f) for f in fams) + r")\b", re.I)
        spans = [(m.start(), m.end(), "f") for m in pattern.finditer(t)]
    if len(names):
        spans = _with_names(t, spans, names, folded_fams)
    pieces, last = [], 0
    for start, end, kind in spans:  # as the text writes them: families match without case, names with it
        pieces.append(t[last:start])
        words = t[start:end]
        if kind == "f":
            out.families.append(words)
            pieces.append(f" f{len(out.families) - 1} ")
        else:
            out.quoted.append(words)
            out.names[len(out.quoted) - 1] = names.type_of(words)
            pieces.append(f" q{len(out.quoted) - 1} ")
        last = end
    t = "".join(pieces) + t[last:]
    t = t.lower()
    t = re.sub(r"(?<=\d),(?=\d{3}\b)", "", t)  # 10,000 -> 10000
    t = re.sub(r"\b(" + "|".join(_NUMBER_WORDS) + r")\b", lambda m: str(_NUMBER_WORDS[m.group(1)]), t)
    t = re.sub(r"\s+", " ", t).strip()
    t = re.sub(r"\s+([.,:;])", r"\1", t)
    t = t.rstrip(".").strip()
    # "after that card's effect resolves": a trigger on a magic card's use waits for its effect anyway (CR 8-5-2-4)
    t = re.sub(r",?\s*after (?:that card's|its|the magic) effect resolves\b", "", t)
    # a granted keyword's reminder repeated after a colon ("gains confront: while this spirit attacks confront")
    t = re.sub(r":\s*(?:while this spirit attacks|flash|main)?\s*(?:" + _KEYWORD_WORDS
               + r"|(?:gale|raid|crush)\s*:?\s*\d+|armor\s*:\s*[a-z, ]+)\s*$", "", t)
    out.text = t.strip()
    return out


def _with_names(t: str, fams: list[tuple[int, int, str]], names: CardNames, folded_fams: set[str]
                ) -> list[tuple[int, int, str]]:
    """The family spans, and the card names written outside them: at each word start the longest of the two wins,
    a family when they are as long (a name that is also a family's is the family's)."""
    fam_at = {start: (start, end, kind) for start, end, kind in fams}
    out: list[tuple[int, int, str]] = []
    i = 0
    while i < len(t):
        fam = fam_at.get(i)
        inside = i and (t[i - 1].isalnum() or t[i - 1] == "_")  # inside a word: no name starts here
        name = None if inside else names.at(t, i)
        if name is not None and i == 0 and " " not in name:  # a one-word name as a sentence's first, capital, word
            name = None                                      # may as well be an ordinary word: not read as a name
        if name is not None and name.casefold() in folded_fams:
            name = None
        if name is not None and (fam is None or len(name) > fam[1] - fam[0]):
            out.append((i, i + len(name), "q"))
            i += len(name)
        elif fam is not None:
            out.append(fam)
            i = fam[1]
        else:
            i += 1
    return out
