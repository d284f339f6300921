"""The card browser's search language (Cockatrice / Scryfall style).

A query is a list of terms; every term must hold (``drake red`` finds cards
matching both words). Case never matters.

Words
    ``drake``            a bare word matches, as a substring, the card name, the
                         additional name, the rules text or a family
    ``"deal damage"``    double quotes search a phrase (spaces included); quotes
                         also turn a flag or ``and``/``or``/``not`` into a word
    ``SG1-005``          a word shaped like a card id (letters, then a digit or
                         a hyphen: ``sg1``, ``CORE-01``) also matches ids and
                         printing ids that start with it

Flags (bare words that are not text searches)
    ``burst``            has a burst effect
    ``automated``        none of its effects is resolved by hand
    ``manual``           at least one effect is resolved by hand
    ``token``            a token
    ``is:burst``, ``has:burst``, ``is:automated``, ``is:manual``, ``is:token``
                         the same; to search the word instead write ``"burst"``
                         or ``text:burst``. ``flash`` is an ordinary word.

Fields: ``field OP value`` with no spaces around OP; a value may be quoted
(``family:"Ancient Dragon"``, ``name:"Ashwing Drake"``).

    Numbers take ``:`` ``=`` ``!=`` ``>=`` ``<=`` ``>`` ``<`` (``:`` is ``=``):
    ``cost``             cost: ``cost:3``, ``cost>=5``
    ``bp``               highest printed BP over its levels; cards without BP
                         never match
    ``symbols``          number of symbols (a dual-colour symbol is one)
    ``reduction``/``red``  number of reduction symbols
    ``level``/``lv``     number of levels (0 for magic)
    ``cores``            cores for LV1; cards without levels never match

    Everything else takes ``:`` or ``=``; ``a!=b`` is the same as ``-a=b``:
    ``color``/``c``      ``c:red``, ``c:r`` has red; ``c:rg`` has red and green;
                         ``c=r`` is exactly red. Letters r p w y g b (red purple
                         white yellow green blue) or full names; ``c:m``/``multi``
                         several colours, ``c:c``/``colorless`` none
    ``type``/``t``       spirit, nexus, magic or token; a prefix will do (``t:spi``)
    ``family``/``f``     ``:`` part of a family name, ``=`` a whole family name
    ``keyword``/``kw``   ``:`` keyword name or its start (``kw:conf``), ``=`` the
                         whole name (``kw:"A.T. Field"``, ``kw:atfield``)
    ``set``/``s``        set code (``set:SG1``)
    ``name``/``n``       ``:`` part of the name only, ``=`` the whole name
    ``text``/``o``       ``:`` part of the rules text only, ``=`` the whole text
    ``id``               ``:`` start of its id or of a printing id, ``=`` the whole id
    ``rarity``/``r``     rarity code of the card or of one of its printings (``r:R``)
    ``timing``           magic timing: ``timing:flash`` can be used in flash
                         timing, ``timing=flash`` in flash timing only

A game's own card fields (its profile's `cards.fields`, e.g. Battle of Souls): ``atk>=1500``, ``rst<1000``
(numbers), ``class:warrior`` (the start of a value; ``=`` the whole value), ``subtype:attached``. The
game's card types are the values of ``type``.

Combining
    ``a b``, ``a and b`` both;  ``a or b`` either;  ``not a``, ``-a`` not;
    ``( )`` group. ``not``/``-`` bind tightest, then ``and``, then ``or``:
    ``-c:r burst or t:magic`` is ``((not c:r) and burst) or t:magic``.

Speed: ``CardIndex`` reads every card once into a `CardRow` (casefolded text,
counts, sets); a query is parsed and compiled once into nested closures over
rows, so filtering 1,500 cards costs a few attribute reads and ``in`` tests
per card. Pure Python: no Qt.

    index = CardIndex(db.values())
    index.filter("c:r cost>=4 -burst")     -> the matching ids, in index order
    index.matcher("kw:raid")("SG1-005")    -> False
    parse_query("c>=2")                    -> QueryError: color compares with ':' or '=' ...
"""
from __future__ import annotations

import operator
import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from .card_text import card_text
from .cards import CARD_TYPES, COLORS, TIMINGS, CardDef
from .effects import KEYWORD_NAMES

__all__ = ["FIELDS", "And", "CardIndex", "CardRow", "Compare", "Everything", "Flag", "GameFields", "Not", "Or",
           "QueryError", "Text", "parse_query"]


class QueryError(ValueError):
    """A query that cannot be read: `message` in plain words, `start`/`end` the span of the offending token
    (both ``len(text)`` when the query ended too early)."""

    def __init__(self, message: str, start: int, end: int):
        super().__init__(message, start, end)  # all three in args, so copies and pickles rebuild it
        self.message = message
        self.start = start
        self.end = end

    def __str__(self) -> str:
        return f"{self.message} (at character {self.start + 1})"


# ------------------------------------------------------------------ fields

NUMBER_OPS = ("!=", ">=", "<=", ":", "=", ">", "<")  # two-character ones first: the tokenizer tries them first

# canonical name -> (aliases, help line, example value). The order is the order of the help and of error messages.
_FIELD_TABLE: dict[str, tuple[tuple[str, ...], str, str]] = {
    "cost": ((), "cost: cost:3, cost>=5, cost<2", "3"),
    "bp": ((), "highest printed BP: bp>=5000 (cards without BP never match)", "5000"),
    "symbols": ((), "number of symbols: symbols:2", "1"),
    "reduction": (("red",), "number of reduction symbols: reduction>=2", "2"),
    "level": (("lv",), "number of levels: lv:3 (magic has 0)", "3"),
    "cores": ((), "cores needed for LV1: cores:1", "1"),
    "color": (("c", "colour"), ("has these colours: c:r, c:rg (red and green), c=red (exactly red), c:multi, "
                                "c:colorless; letters r p w y g b"), "red"),
    "type": (("t",), "card type: spirit, nexus, magic or token (t:spi)", "spirit"),
    "family": (("f",), "part of a family: family:dragon, family:\"Ancient Dragon\"", "dragon"),
    "keyword": (("kw",), "has a keyword, or one starting with this: kw:confront, kw:raid", "raid"),
    "set": (("s",), "set code: set:SG1", "SG1"),
    "name": (("n",), "part of the name only: name:drake, name=\"Ashwing Drake\" (whole name)", "drake"),
    "text": (("o",), "part of the rules text only: text:burst, text:\"draw 1\"", "draw"),
    "id": ((), "id or printing id starting with this: id:SG1-00, id=SG1-005 (whole id)", "SG1-005"),
    "rarity": (("r",), "rarity code of the card or a printing: r:R, r:C", "R"),
    "timing": ((), "magic timing: timing:flash, timing:main, timing=flash (flash only)", "flash"),
    "is": ((), "a flag: is:burst, is:automated, is:manual, is:token", "burst"),
    "has": ((), "a flag: has:burst (same as is:burst)", "burst"),
}
_NUMERIC = {"cost": "cost", "bp": "bp", "symbols": "symbols", "reduction": "reduction", "level": "levels",
            "cores": "cores"}  # field -> CardRow attribute

_ALIASES = {alias: name for name, (aliases, _, _) in _FIELD_TABLE.items() for alias in (name, *aliases)}

FIELDS: dict[str, str] = {}
for _name, (_aliases, _help, _) in _FIELD_TABLE.items():
    FIELDS[_name] = _help
    for _alias in _aliases:
        FIELDS[_alias] = f"same as {_name}"
del _name, _aliases, _help, _alias

FLAGS = ("burst", "automated", "manual", "token")

_COLOR_LETTERS = {"r": "red", "p": "purple", "w": "white", "y": "yellow", "g": "green", "b": "blue"}
_MULTI = ("m", "multi", "multicolor", "multicolour")
_COLORLESS = ("c", "colorless", "colourless")
_TYPES = (*CARD_TYPES, "token")


def _kw_key(name: str) -> str:
    """Keyword names compared without case, spaces or punctuation: "A.T. Field", "at_field" and "atfield" agree."""
    return "".join(ch for ch in name.casefold() if ch.isalnum())


_KEYWORDS = {**{_kw_key(k): k for k in KEYWORD_NAMES}, **{_kw_key(v): k for k, v in KEYWORD_NAMES.items()}}

# A word like "SG1-005", "sg1" or "core-0": letters, then a digit or a hyphen. Plain words ("core", "drake") are
# not id-shaped, or "core" would also find every card of the CORE set.
_ID_SHAPE = re.compile(r"[a-z]+[\d-][\w-]*")


# ------------------------------------------------------------------ syntax tree

@dataclass(frozen=True, slots=True)
class Everything:
    """The blank query: every card."""


@dataclass(frozen=True, slots=True)
class Text:
    """A bare word (`quoted` False) or a "phrase" (True); `value` is casefolded."""
    value: str
    quoted: bool = False


@dataclass(frozen=True, slots=True)
class Flag:
    name: str  # one of FLAGS


@dataclass(frozen=True, slots=True)
class Compare:
    """``field op value`` with the canonical field name and the value already checked and normalised: an int for
    numbers, a frozenset of colours (or "multi"/"colorless"), a frozenset of keyword names, else a casefolded str."""
    field: str
    op: str
    value: object


@dataclass(frozen=True, slots=True)
class Not:
    term: Node


@dataclass(frozen=True, slots=True)
class And:
    terms: tuple[Node, ...]


@dataclass(frozen=True, slots=True)
class Or:
    terms: tuple[Node, ...]


Node = Everything | Text | Flag | Compare | Not | And | Or


# ------------------------------------------------------------------ tokenizer

@dataclass(frozen=True, slots=True)
class _Tok:
    kind: str  # "(", ")", "-", "and", "or", "not", "word", "phrase", "field", "end"
    text: str  # as typed; a field term's whole text
    start: int
    end: int
    value: str = ""  # phrase: its text; field: the value (quotes removed)
    name: str = ""  # field: the name as typed
    op: str = ""  # field: the operator
    value_start: int = 0  # field: where the value (or its opening quote) starts


def _quoted(text: str, i: int) -> tuple[str, int]:
    """The text between the double quote at `i` and the next one, and the offset just past that."""
    close = text.find('"', i + 1)
    if close < 0:
        raise QueryError(f"unterminated quote '{text[i:]}'; add a closing '\"'", i, len(text))
    return text[i + 1:close], close + 1


def _tokens(text: str) -> list[_Tok]:
    toks: list[_Tok] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch.isspace():
            i += 1
        elif ch in "()-":  # a "-" only starts a term here; inside a word (Frost-Armor, SG1-005) it is kept
            toks.append(_Tok(ch, ch, i, i + 1))
            i += 1
        elif ch == '"':
            value, end = _quoted(text, i)
            if not value:
                raise QueryError("empty quotes '\"\"'; put a word or phrase between them", i, end)
            toks.append(_Tok("phrase", text[i:end], i, end, value=value))
            i = end
        else:
            j = i
            while j < n and not text[j].isspace() and text[j] not in '()"':
                j += 1
            toks.append(_word_or_field(text, i, j))
            i = toks[-1].end
    toks.append(_Tok("end", "", n, n))
    return toks


def _word_or_field(text: str, i: int, j: int) -> _Tok:
    """The run text[i:j]: ``name OP value`` (the name all ASCII letters) is a field term, anything else a word."""
    k = i
    while k < j and text[k].isascii() and text[k].isalpha():
        k += 1
    op = next((o for o in NUMBER_OPS if text.startswith(o, k, j)), "") if k > i else ""
    if not op:
        run = text[i:j]
        low = run.casefold()
        return _Tok(low if low in ("and", "or", "not") else "word", run, i, j)
    value_start = k + len(op)
    value = text[value_start:j]
    if not value and j < len(text) and text[j] == '"':  # family:"Ancient Dragon"
        value, j = _quoted(text, j)
    return _Tok("field", text[i:j], i, j, value=value, name=text[i:k], op=op, value_start=value_start)


# ------------------------------------------------------------------ parser

_TERM_START = frozenset({"word", "phrase", "field", "(", "-", "not"})
_OPERATORS = frozenset({"and", "or", "not", "-"})


def parse_query(text: str, game: GameFields | None = None) -> Node:
    """The syntax tree of `text`; blank text is `Everything()`. Raises QueryError. `game`: another game's card
    types and fields (from its profile), searched too."""
    return _Parser(text, game).parse()


@dataclass(frozen=True)
class GameFields:
    """What a game's profile adds to the search: its card types and its own card fields (name -> CardField)."""

    types: tuple[str, ...]
    fields: dict

    @classmethod
    def of(cls, profile) -> GameFields | None:
        if profile is None or profile.id == "bss":
            return None
        return cls(tuple(profile.cards.types), dict(profile.cards.fields))


def game_help(profile, cards: Iterable[CardDef] = ()) -> tuple[str, dict[str, str]]:
    """The search box's placeholder and help lines (field -> text) for a Battle Spirits game, from its profile and
    its cards: its own card types; "burst" only where the table has a burst area (Standard has none, STD 4-1-1);
    a keyword example only from a keyword its cards have (【激突】's mapping is Saga's, not in Standard's texts)."""
    types = tuple(profile.cards.types) if profile is not None else CARD_TYPES
    burst = profile is None or "burst" in profile.zones
    kws = Counter(k.name for c in cards for k in c.keywords)
    example = kws.most_common(1)[0][0] if kws else None
    if profile is None or profile.id == "bss":
        example = "confront"
    help_ = dict(FIELDS)
    type_help = f"card type: {', '.join(types)} or token (t:{types[0][:3]})"
    kw_help = "has a keyword, or one starting with this" + (f": kw:{example}" if example else "")
    for canon, text in FIELDS.items():
        if canon not in _FIELD_TABLE:  # an alias: "same as ..."
            continue
        if canon == "type":
            help_[canon] = type_help
        elif canon == "keyword":
            help_[canon] = kw_help
        elif canon in ("is", "has") and not burst:
            help_[canon] = text.replace("is:burst, ", "").replace("has:burst (same as is:burst)", "has:token")
        elif canon == "text" and not burst:
            help_[canon] = text.replace("text:burst", "text:summoned")
    words = ["words", "cost>=4", "c:r", f"t:{types[-1] if len(types) > 3 else 'magic'}", "family:dragon"]
    words += [f"kw:{example}"] if example else []
    words += ["burst"] if burst else []
    return "Search: " + ", ".join(words) + "…", help_


class _Parser:
    """Recursive descent over: query := or; or := and ("or" and)*; and := unary (["and"] unary)*;
    unary := ("not" | "-") unary | atom; atom := "(" or ")" | word | phrase | field."""

    def __init__(self, text: str, game: GameFields | None = None):
        self.text = text
        self.game = game
        self.toks = _tokens(text)
        self.pos = 0

    @property
    def cur(self) -> _Tok:
        return self.toks[self.pos]

    def take(self) -> _Tok:
        tok = self.toks[self.pos]
        self.pos += 1
        return tok

    def parse(self) -> Node:
        if self.cur.kind == "end":
            return Everything()
        node = self.or_expr(None)
        if self.cur.kind == ")":  # or_expr stops only at ")" or the end
            raise QueryError("')' has no matching '('", self.cur.start, self.cur.end)
        return node

    # `prev` is the token just before the term about to be read (None at the start), for "nothing after 'or'".
    def or_expr(self, prev: _Tok | None) -> Node:
        terms = [self.and_expr(prev)]
        while self.cur.kind == "or":
            op = self.take()
            terms.append(self.and_expr(op))
        return terms[0] if len(terms) == 1 else Or(tuple(terms))

    def and_expr(self, prev: _Tok | None) -> Node:
        terms = [self.unary(prev)]
        while True:
            if self.cur.kind == "and":
                op = self.take()
                terms.append(self.unary(op))
            elif self.cur.kind in _TERM_START:  # juxtaposition is "and"
                terms.append(self.unary(None))
            else:
                break
        return terms[0] if len(terms) == 1 else And(tuple(terms))

    def unary(self, prev: _Tok | None) -> Node:
        if self.cur.kind in ("not", "-"):
            op = self.take()
            return Not(self.unary(op))
        return self.atom(prev)

    def atom(self, prev: _Tok | None) -> Node:
        tok = self.cur
        if tok.kind == "(":
            self.take()
            if self.cur.kind == ")":
                raise QueryError("empty parentheses '()'; put a search term between them", tok.start, self.cur.end)
            node = self.or_expr(tok)
            if self.cur.kind != ")":
                raise QueryError("'(' is never closed; add a ')'", tok.start, tok.end)
            self.take()
            return node
        if tok.kind in ("word", "phrase", "field"):
            self.take()
            return self.term(tok)
        raise self.missing(tok, prev)

    def missing(self, tok: _Tok, prev: _Tok | None) -> QueryError:
        """The error for a term expected where `tok` (end, ")", "and" or "or") stands."""
        if tok.kind == "end":
            after = f"'{prev.text}' needs a search term after it" if prev else "a search term is missing"
            return QueryError(f"the query ended too early: {after}", len(self.text), len(self.text))
        if prev is not None and prev.kind in _OPERATORS:
            return QueryError(f"'{prev.text}' needs a search term after it, got '{tok.text}'", prev.start, prev.end)
        if tok.kind in ("and", "or"):
            return QueryError(f"'{tok.text}' needs a search term before it", tok.start, tok.end)
        return QueryError("')' has no matching '('", tok.start, tok.end)

    def term(self, tok: _Tok) -> Node:
        if tok.kind == "phrase":
            return Text(tok.value.casefold(), quoted=True)
        if tok.kind == "word":
            low = tok.text.casefold()
            return Flag(low) if low in FLAGS else Text(low)
        return self.field(tok)

    def field(self, tok: _Tok) -> Node:
        name = tok.name
        key = _ALIASES.get(name.casefold())
        if key is None and self.game is not None and name.casefold() in self.game.fields:
            return self.game_field(tok, self.game.fields[name.casefold()])
        if key is None:
            extra = f", {', '.join(self.game.fields)}" if self.game is not None else ""
            raise QueryError(f"unknown field '{name}'; fields are {', '.join(_FIELD_TABLE)}{extra}",
                             tok.start, tok.start + len(name))
        if key == "type" and self.game is not None and tok.value:  # the game's own card types
            low = tok.value.casefold()
            found = [t for t in (*self.game.types, "token") if t.startswith(low)]
            if not found:
                raise QueryError(f"unknown type '{tok.value}'; types are {', '.join(self.game.types)}, token",
                                 tok.value_start, tok.end)
            node = Compare("type", "=", found[0])
            return Not(node) if tok.op == "!=" else node
        if not tok.value:
            example = f"{name}{tok.op}{_FIELD_TABLE[key][2]}"
            raise QueryError(f"'{name}{tok.op}' needs a value, e.g. {example}", tok.start, tok.value_start)
        op = tok.op
        op_start = tok.start + len(name)
        if key not in _NUMERIC and op not in (":", "=", "!="):
            example = f"{name}:{_FIELD_TABLE[key][2]}"
            raise QueryError(f"{key} compares with ':' or '=' (or '!='), not '{op}', e.g. {example}",
                             op_start, op_start + len(op))
        # a!=b is "not a=b": one rule for every field that is not a number
        negate = op == "!=" and key not in _NUMERIC
        if negate:
            op = "="
        try:
            value = _value(key, name, op, tok.value)
        except ValueError as e:  # the value's span, quotes included
            raise QueryError(str(e), tok.value_start, tok.end) from None
        node: Node = Flag(value) if key in ("is", "has") else Compare(key, op, value)
        return Not(node) if negate else node


    def game_field(self, tok: _Tok, spec) -> Node:
        """A field of the game's own cards: a number (every comparison) or a text / one of its values."""
        name, op = tok.name, tok.op
        example = {"int": "1500", "enum": (spec.values[0] if spec.values else "x"), "bool": "true"}.get(spec.kind, "x")
        if not tok.value:
            raise QueryError(f"'{name}{op}' needs a value, e.g. {name}{op}{example}", tok.start, tok.value_start)
        key = f"x:{spec.name}"
        if spec.kind == "int":
            try:
                return Compare(key, op, int(tok.value))
            except ValueError:
                raise QueryError(f"{name} needs a number, got '{tok.value}'", tok.value_start, tok.end) from None
        if op not in (":", "=", "!="):
            op_start = tok.start + len(name)
            raise QueryError(f"{name} compares with ':' or '=' (or '!='), not '{op}', e.g. {name}:{example}",
                             op_start, op_start + len(op))
        low = tok.value.casefold()
        if spec.kind == "enum" and not any(v.casefold().startswith(low) for v in spec.values):
            raise QueryError(f"unknown {name} '{tok.value}'; values are {', '.join(spec.values)}", tok.value_start,
                             tok.end)
        node = Compare(key, "=" if op == "=" else ":", low)
        return Not(node) if op == "!=" else node


def _value(key: str, name: str, op: str, raw: str) -> object:
    """`raw` checked and normalised for field `key` (`name` as typed); ValueError says what is wrong."""
    low = raw.casefold()
    if key in _NUMERIC:
        try:
            return int(raw)
        except ValueError:
            raise ValueError(f"{name} needs a number, got '{raw}'") from None
    if key == "color":
        if low in _MULTI:
            return "multi"
        if low in _COLORLESS:
            return "colorless"
        if low in COLORS:
            return frozenset((low,))
        if all(ch in _COLOR_LETTERS for ch in low):
            return frozenset(_COLOR_LETTERS[ch] for ch in low)
        letters = ", ".join(f"{c} ({c[0]})" for c in COLORS)
        raise ValueError(f"unknown color '{raw}'; colors are {letters}, multi (m), colorless (c); "
                         f"letters combine: c:rg")
    if key == "type":
        found = [t for t in _TYPES if t.startswith(low)]
        if not found:
            raise ValueError(f"unknown type '{raw}'; types are {', '.join(_TYPES)}")
        return found[0]  # no two types share a first letter
    if key == "timing":
        found = [t for t in TIMINGS if t.startswith(low)]
        if not found:
            raise ValueError(f"unknown timing '{raw}'; timings are {', '.join(TIMINGS)}")
        return found[0]
    if key == "keyword":
        want = _kw_key(raw)
        names = frozenset(k for key_, k in _KEYWORDS.items()
                          if want and (key_ == want if op == "=" else key_.startswith(want)))
        if not names:
            raise ValueError(f"unknown keyword '{raw}'; keywords are {', '.join(KEYWORD_NAMES.values())}")
        return names
    if key in ("is", "has"):
        if low not in FLAGS:
            raise ValueError(f"unknown flag '{raw}'; flags are {', '.join(FLAGS)}")
        return low
    return low  # family, set, name, text, id, rarity: any text is a valid search


# ------------------------------------------------------------------ index

class CardRow:
    """What a query reads of one card, worked out once: casefolded strings, counts and sets.

    Strings that hold several items (families, ids) are joined with newlines and wrapped in them, so "is a whole
    item" is ``"\\n" + v + "\\n" in s`` and "an item starts with" is ``"\\n" + v in s``: one fast ``in`` each.
    """

    __slots__ = ("bp", "burst", "colors", "cores", "cost", "extra", "families", "hay", "id", "ids", "keywords",
                 "levels", "manual", "name", "rarities", "reduction", "set", "symbols", "text", "timing", "token",
                 "type")

    def __init__(self, card: CardDef):
        fold = str.casefold
        self.id = card.id
        self.name = fold(card.name)
        self.text = fold(_rules_text(card))
        self.families = "\n" + "\n".join(map(fold, card.families)) + "\n"
        # what a bare word searches; the newlines keep a word from matching across two parts
        self.hay = "\n".join((self.name, fold(card.additional_name), self.families, self.text))
        self.ids = "\n" + "\n".join(fold(i) for i in (card.id, *(p.id for p in card.printings))) + "\n"
        self.colors = frozenset(card.colors)
        self.type = card.type
        self.token = card.token
        self.cost = card.cost
        bps = [lv.bp for lv in card.levels if lv.bp is not None]
        self.bp = max(bps) if bps else None
        self.symbols = card.symbol_count
        self.reduction = len(card.reduction)
        self.levels = len(card.levels)
        self.cores = card.levels[0].cores if card.levels else None
        self.keywords = frozenset(k.name for k in card.keywords)
        self.set = fold(card.set)
        self.rarities = frozenset(fold(r) for r in (card.rarity, *(p.rarity for p in card.printings)) if r)
        self.timing = frozenset(card.magic_timing)
        self.burst = card.burst
        self.manual = any(e.manual for e in card.effects)  # coverage.py: automated = no manual effect
        # a game's own fields (profile cards.fields): numbers as they are, texts casefolded
        self.extra = {k: (fold(v) if isinstance(v, str) else v) for k, v in card.extra.items()
                      if isinstance(v, (int, str)) and not isinstance(v, bool)}

    def __repr__(self) -> str:
        return f"CardRow({self.id!r})"


_MANUAL_NOTE = " (resolved by hand)"


def _rules_text(card: CardDef) -> str:
    """The text players read (card_text), and `card.text` if a card has printed text the effects do not give."""
    shown = card_text(card).replace(_MANUAL_NOTE, "")  # a display note, not card text: "hand" must not find it
    extra = card.text.strip()
    return f"{shown}\n{extra}" if extra and extra not in shown else shown


Pred = Callable[[CardRow], bool]


class CardIndex:
    """Cards prepared for searching, in the order given; `filter` keeps that order."""

    def __init__(self, cards: Iterable[CardDef], game: GameFields | None = None):
        self.game = game  # another game's card types and fields, searched too
        if isinstance(cards, Mapping):  # a db (id -> CardDef) works too
            cards = cards.values()
        self._rows: dict[str, CardRow] = {}
        for card in cards:
            if card.id in self._rows:
                raise ValueError(f"card id {card.id!r} is given twice")
            self._rows[card.id] = CardRow(card)
        self.ids: list[str] = list(self._rows)
        self._pairs = list(self._rows.items())

    def __len__(self) -> int:
        return len(self.ids)

    def __contains__(self, card_id: object) -> bool:
        return card_id in self._rows

    def row(self, card_id: str) -> CardRow:
        return self._rows[card_id]

    def matcher(self, query: str) -> Callable[[str], bool]:
        """card id -> whether it matches `query` (KeyError for an id not in the index). Raises QueryError."""
        pred = _compile(parse_query(query, self.game))
        rows = self._rows
        return lambda card_id: pred(rows[card_id])

    def filter(self, query: str, ids: Iterable[str] | None = None) -> list[str]:
        """The ids (default: all, in index order) that match `query`, in the order given. Raises QueryError."""
        node = parse_query(query, self.game)
        if isinstance(node, Everything):
            return list(self.ids if ids is None else ids)
        pred = _compile(node)
        if ids is None:
            return [card_id for card_id, row in self._pairs if pred(row)]
        rows = self._rows
        return [card_id for card_id in ids if pred(rows[card_id])]


# ------------------------------------------------------------------ compiler: tree -> closures over CardRow

_CMP = {":": operator.eq, "=": operator.eq, "!=": operator.ne, ">=": operator.ge, "<=": operator.le,
        ">": operator.gt, "<": operator.lt}

_FLAG_PREDS: dict[str, Pred] = {
    "burst": lambda r: r.burst,
    "automated": lambda r: not r.manual,
    "manual": lambda r: r.manual,
    "token": lambda r: r.token,
}


def _always(_r: CardRow) -> bool:
    return True


def _both(a: Pred, b: Pred) -> Pred:
    return lambda r: a(r) and b(r)


def _either(a: Pred, b: Pred) -> Pred:
    return lambda r: a(r) or b(r)


def _compile(node: Node) -> Pred:
    if isinstance(node, Everything):
        return _always
    if isinstance(node, Text):
        return _text_pred(node)
    if isinstance(node, Flag):
        return _FLAG_PREDS[node.name]
    if isinstance(node, Compare):
        return _compare_pred(node.field, node.op, node.value)
    if isinstance(node, Not):
        inner = _compile(node.term)
        return lambda r: not inner(r)
    # And/Or: a chain of two-way closures is faster than all()/any() over a generator
    join = _both if isinstance(node, And) else _either
    preds = [_compile(t) for t in node.terms]
    pred = preds[0]
    for p in preds[1:]:
        pred = join(pred, p)
    return pred


def _text_pred(node: Text) -> Pred:
    v = node.value
    if not node.quoted and _ID_SHAPE.fullmatch(v):
        start = "\n" + v
        return lambda r: v in r.hay or start in r.ids
    return lambda r: v in r.hay


def _compare_pred(key: str, op: str, v) -> Pred:
    if key.startswith("x:"):  # a game's own field: a number, or a text whose start (":") or whole ("=") matches
        name = key[2:]
        if isinstance(v, int):
            cmp = _CMP[op]
            return lambda r: (x := r.extra.get(name)) is not None and isinstance(x, int) and cmp(x, v)
        if op == "=":
            return lambda r: r.extra.get(name) == v
        return lambda r: isinstance(x := r.extra.get(name), str) and x.startswith(v)
    if key in _NUMERIC:
        cmp, attr = _CMP[op], _NUMERIC[key]
        if key in ("bp", "cores"):  # None: the card has no BP / no levels, and matches no comparison
            return lambda r: (x := getattr(r, attr)) is not None and cmp(x, v)
        return lambda r: cmp(getattr(r, attr), v)
    exact = op == "="
    if key == "color":
        if v == "multi":
            return lambda r: len(r.colors) > 1
        if v == "colorless":
            return lambda r: not r.colors
        return (lambda r: r.colors == v) if exact else (lambda r: v <= r.colors)
    if key == "type":
        return (lambda r: r.token) if v == "token" else (lambda r: r.type == v)
    if key == "family":
        whole = f"\n{v}\n"
        return (lambda r: whole in r.families) if exact else (lambda r: v in r.families)
    if key == "keyword":
        return lambda r: not v.isdisjoint(r.keywords)
    if key == "set":
        return lambda r: r.set == v
    if key == "rarity":
        return lambda r: v in r.rarities
    if key == "name":
        return (lambda r: r.name == v) if exact else (lambda r: v in r.name)
    if key == "text":
        return (lambda r: r.text == v) if exact else (lambda r: v in r.text)
    if key == "id":
        start = "\n" + v
        whole = start + "\n"
        return (lambda r: whole in r.ids) if exact else (lambda r: start in r.ids)
    if key == "timing":
        only = frozenset((v,))
        return (lambda r: r.timing == only) if exact else (lambda r: v in r.timing)
    raise AssertionError(f"no compiler for field {key!r}")  # _FIELD_TABLE and this function must agree
