"""Strict conversion between card dicts (as written in YAML) and `CardDef`.

`card_from_dict` checks every field and raises `CardDataError` naming the card
and the field (``levels[1].bp``) at the first problem. `card_to_dict` is its
exact inverse and is what positions and game records embed for inline cards.
The YAML shape is documented in docs/card-format.md.
"""
from __future__ import annotations

import difflib
import re
from typing import Any

from ..limits import MAX_BP, MAX_COUNT, MAX_EFFECTS
from ..table.schema import show as _show  # how a bad value is quoted in an error message
from .cards import COLORS, TIMINGS, CardDef, Level, Printing
from .effects import EffectSyntax, effect_to_dict, keyword_to_dict, parse_effect, parse_keyword
from .errors import CardDataError

# Card ids are written bare in deck lists ("4x CORE-001: ..."), so they must not
# contain spaces, colons, commas, brackets or comment markers.
ID_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*\Z")

REQUIRED_FIELDS = ("id", "name", "type", "colors", "cost")
OPTIONAL_FIELDS = (
    "additional_name", "set", "reduction", "symbols", "families", "levels",
    "rarity", "timing", "burst", "text", "token", "keywords", "effects", "printings",
)
PRINTING_FIELDS = ("id", "image", "rarity")
ALLOWED_FIELDS = REQUIRED_FIELDS + OPTIONAL_FIELDS
LEVEL_FIELDS = ("level", "cores", "bp")

# How each card type's levels are written: "bp" (levels with BP, CR 2-11), "plain" (levels without BP, a nexus),
# "none" (no levels: magic, with a timing); and the number of its first level. A game profile may add types
# (Eternal's Ultimate starts at LV3): `card_from_dict(..., types=...)`.
TYPE_LEVELS: dict[str, tuple[str, int]] = {"spirit": ("bp", 1), "nexus": ("plain", 1), "magic": ("none", 1)}


class _Reader:
    """Reads the fields of one card dict; every error names the file, card and field."""

    def __init__(self, data: dict, file: str | None, card_id: str | None) -> None:
        self.data = data
        self.file = file
        self.card_id = card_id

    def error(self, field: str | None, message: str) -> CardDataError:
        return CardDataError(message, file=self.file, card_id=self.card_id, field=field)

    def string(self, value: Any, field: str, *, allow_empty: bool = True) -> str:
        if not isinstance(value, str):
            raise self.error(field, f"expected a string, got {_show(value)}")
        if not allow_empty and not value.strip():
            raise self.error(field, "must not be empty")
        if value != value.strip() and field != "text":
            raise self.error(field, f"has leading or trailing spaces: {value!r}")
        return value

    def integer(self, value: Any, field: str, minimum: int, maximum: int = MAX_COUNT) -> int:
        # bool is a subclass of int in Python; `cost: true` is a typo, not 1
        if not isinstance(value, int) or isinstance(value, bool):
            raise self.error(field, f"expected an integer, got {_show(value)}")
        if value < minimum:
            raise self.error(field, f"must be at least {minimum}, got {value}")
        if value > maximum:  # (bss_desktop/limits.py: more than a game can hold)
            raise self.error(field, f"must be at most {maximum:,}, got {value:,}")
        return value

    def boolean(self, value: Any, field: str) -> bool:
        if not isinstance(value, bool):
            raise self.error(field, f"expected true or false, got {_show(value)}")
        return value

    def listing(self, value: Any, field: str, example: str) -> list:
        if not isinstance(value, list):
            raise self.error(field, f"expected a list such as {example}, got {_show(value)}")
        return value

    def color(self, value: Any, field: str) -> str:
        if value not in COLORS:
            raise self.error(field, f"unknown colour {_show(value)}; expected one of {', '.join(COLORS)}")
        return value

    def unknown_keys(self, data: dict, allowed: tuple[str, ...], prefix: str = "") -> None:
        for key in data:
            if key in allowed:
                continue
            hint = difflib.get_close_matches(str(key), allowed, n=1)
            extra = f" (did you mean {hint[0]!r}?)" if hint else ""
            raise self.error(f"{prefix}{key}", f"unknown field{extra}; allowed fields are {', '.join(allowed)}")


def card_from_dict(data: dict, *, file: str | None = None, set_id: str | None = None,
                   types: dict[str, tuple[str, int]] | None = None) -> CardDef:
    """Validate one card dict and build its `CardDef`.

    `set_id` is the set of the file the card comes from (the file's top-level
    ``set:``); a card in a set file may not name its own set. Inline cards
    (positions, records) carry their set in an optional ``set`` field instead.
    """
    if not isinstance(data, dict):
        raise CardDataError(f"expected a mapping of card fields, got {_show(data)}", file=file)
    r = _Reader(data, file, None)

    if "id" not in data:
        raise r.error("id", "missing (every card needs an id such as CORE-001)")
    card_id = data["id"]
    if not isinstance(card_id, str) or not ID_PATTERN.match(card_id):
        raise r.error("id", f"expected an id of letters, digits, '-', '_' or '.', got {_show(card_id)}")
    r.card_id = card_id

    r.unknown_keys(data, ALLOWED_FIELDS)
    for key in REQUIRED_FIELDS:
        if key not in data:
            raise r.error(key, "missing")

    name = r.string(data["name"], "name", allow_empty=False)
    additional_name = r.string(data.get("additional_name", ""), "additional_name")
    types = TYPE_LEVELS if types is None else types
    card_type = data["type"]
    if card_type not in types:
        raise r.error("type", f"expected one of {', '.join(types)}, got {_show(card_type)}")
    level_kind, first_level = types[card_type]

    colors = _color_list(r, data["colors"], "colors", allow_repeats=False)
    if not colors:  # CR 2-4-1: every card has at least one colour
        raise r.error("colors", "needs at least one colour")
    cost = r.integer(data["cost"], "cost", 0)
    # a card may print the same reduction colour several times (CR 2-7-3 counts symbols)
    reduction = _color_list(r, data.get("reduction", []), "reduction", allow_repeats=True)
    symbols = _symbols(r, data.get("symbols", []))
    families = _families(r, data.get("families", []))

    levels: tuple[Level, ...] = ()
    timing: frozenset[str] = frozenset()
    if level_kind == "none":
        if "levels" in data:
            raise r.error("levels", f"{card_type} cards have no levels")
        if "timing" not in data:
            raise r.error("timing", "missing (magic needs [main], [flash] or [main, flash]; CR 8-1-6-1)")
        timing = _timing(r, data["timing"])
    else:
        if "timing" in data:
            raise r.error("timing", f"only magic cards have a timing, not a {card_type}")
        if "levels" not in data:
            raise r.error("levels", f"missing (a {card_type} needs at least LV1)")
        levels = _levels(r, data["levels"], card_type, level_kind == "bp", first_level)

    keywords, effects = _effects(r, data, card_type, timing)

    set_name = ""
    if "set" in data:
        if set_id is not None:
            raise r.error("set", "the set comes from the file's top-level 'set:'; remove this field")
        set_name = r.string(data["set"], "set", allow_empty=False)
    elif set_id is not None:
        set_name = set_id

    return CardDef(
        id=card_id,
        name=name,
        type=card_type,
        colors=tuple(colors),
        cost=cost,
        reduction=tuple(reduction),
        symbols=symbols,
        families=families,
        levels=levels,
        additional_name=additional_name,
        rarity=r.string(data.get("rarity", ""), "rarity"),
        set=set_name,
        magic_timing=timing,
        # CR 3-8-4: a card with a burst effect may be set; `burst: true` alone marks a vanilla card that may
        burst=r.boolean(data.get("burst", False), "burst") or any(e.kind == "burst" for e in effects),
        text=r.string(data.get("text", ""), "text"),
        token=r.boolean(data.get("token", False), "token"),
        effects=effects,
        keywords=keywords,
        printings=_printings(r, data.get("printings", []), card_id),
    )


def _printings(r: _Reader, value: Any, card_id: str) -> tuple[Printing, ...]:
    """`printings: [{id: BSS01-001_p1, image: images/BSS01-001_p1.png, rarity: SAGA}]`: the card's other printings."""
    items = r.listing(value, "printings", "[{id: CORE-001_p1, image: ...}]")
    out: list[Printing] = []
    for i, item in enumerate(items):
        at = f"printings[{i}]"
        if not isinstance(item, dict):
            raise r.error(at, f"expected {{id: ..., image: ...}}, got {_show(item)}")
        r.unknown_keys(item, PRINTING_FIELDS, f"{at}.")
        pid = r.string(item.get("id"), f"{at}.id", allow_empty=False)
        if not ID_PATTERN.match(pid):
            raise r.error(f"{at}.id", f"expected an id of letters, digits, '-', '_' or '.', got {pid!r}")
        if pid == card_id or any(p.id == pid for p in out):
            raise r.error(f"{at}.id", f"{pid} appears twice")
        out.append(Printing(pid, r.string(item.get("image", ""), f"{at}.image"),
                            r.string(item.get("rarity", ""), f"{at}.rarity")))
    return tuple(out)


def _effects(r: _Reader, data: dict, card_type: str, timing: frozenset) -> tuple[tuple, tuple]:
    """Parse `keywords:` and `effects:`; errors name the field (``effects[1].do[0].destroy.bp_max``)."""
    tokens: list = []

    def make_token(d: dict, field: str) -> CardDef:
        # CR 4-12-2: a token's information comes from the effect that makes it
        name = d.get("name")
        if not isinstance(name, str) or not name.strip():
            raise EffectSyntax(f"{field}.name", "a token needs a name")
        colors = tuple(_color_list(r, d.get("colors", []), f"{field}.colors", allow_repeats=False)) or ("white",)
        bp = r.integer(d.get("bp"), f"{field}.bp", 1, MAX_BP) if "bp" in d else 1000
        cores = r.integer(d.get("cores", 1), f"{field}.cores", 0)
        tok = CardDef(id=f"{r.card_id}-TK{len(tokens) + 1}", name=name.strip(), type="spirit", colors=colors,
                      cost=0, symbols=_symbols(r, d.get("symbols", [])), families=_families(r, d.get("families", [])),
                      levels=(Level(1, cores, bp),), token=True)
        tokens.append(tok)
        return tok

    keywords_raw = data.get("keywords", [])
    effects_raw = data.get("effects", [])
    try:
        if not isinstance(keywords_raw, list):
            raise EffectSyntax("keywords", "expected a list of keywords")
        if not isinstance(effects_raw, list):
            raise EffectSyntax("effects", "expected a list of effects")
        if len(effects_raw) > MAX_EFFECTS or len(keywords_raw) > MAX_EFFECTS:
            field = "effects" if len(effects_raw) > MAX_EFFECTS else "keywords"
            raise EffectSyntax(field, f"has {len(data[field])}; a card has at most {MAX_EFFECTS}")
        keywords = tuple(parse_keyword(k, f"keywords[{i}]") for i, k in enumerate(keywords_raw))
        effects = []
        for i, e in enumerate(effects_raw):
            if isinstance(e, dict) and e.get("kind") == "magic":
                if "timing" not in e:  # a magic effect uses its card's timing unless it has its own (CR 10-8-3)
                    e = {**e, "timing": sorted(timing)}
            effect = parse_effect(e, f"effects[{i}]", card_type=card_type, make_token=make_token)
            if effect.kind == "magic" and not effect.timing <= timing:
                raise EffectSyntax(f"effects[{i}].timing", f"the card's timing ({', '.join(sorted(timing))}) must "
                                                           "include each of its magic effects' timings")
            effects.append(effect)
        for i, e in enumerate(effects):
            if e.then_use and not any(m.kind == "magic" and e.then_use in m.timing for m in effects):
                raise EffectSyntax(f"effects[{i}].then_use", f"the card has no {e.then_use} magic effect to use")
    except EffectSyntax as e:
        raise r.error(e.field, e.message) from None
    if card_type == "magic" and effects and not any(e.kind == "magic" for e in effects) and \
            not all(e.kind == "burst" for e in effects):
        raise r.error("effects", "a magic card needs a magic effect")
    return keywords, tuple(effects)


def _token_to_dict(tok: CardDef) -> dict:
    lv = tok.levels[0]
    out = {"name": tok.name, "colors": list(tok.colors), "families": list(tok.families), "bp": lv.bp,
           "symbols": ["/".join(s) for s in tok.symbols]}
    if lv.cores != 1:
        out["cores"] = lv.cores
    return out


def card_tokens(card: CardDef) -> list[CardDef]:
    """The token cards `card`'s effects can put onto the field (CR 4-12)."""
    out = []

    def walk(directives):
        for d in directives:
            if d.op == "token" and d.token is not None:  # a `ref` token the table lacks makes none
                out.append(d.token)
            elif d.op == "feast" and d.token is not None:  # 【Feast】's three Supsprite tokens (rules/bss/feast.py)
                out.extend(d.token)
            walk(d.instead)

    for e in card.effects:
        walk(e.do)
        walk(e.chain)
        for _, directives in e.more_chains:
            walk(directives)
    return out


def _color_list(r: _Reader, value: Any, field: str, *, allow_repeats: bool) -> list[str]:
    items = r.listing(value, field, "[red]")
    colors = [r.color(c, f"{field}[{i}]") for i, c in enumerate(items)]
    if not allow_repeats:
        for i, c in enumerate(colors):
            if c in colors[:i]:
                raise r.error(f"{field}[{i}]", f"colour {c!r} is listed twice")
    return colors


def _symbols(r: _Reader, value: Any) -> tuple[tuple[str, ...], ...]:
    # each symbol is one colour, or "red/green" for a double colour symbol (CR 2-8-2-1)
    symbols = []
    for i, sym in enumerate(r.listing(value, "symbols", "[red] or [red/green]")):
        field = f"symbols[{i}]"
        if not isinstance(sym, str):
            raise r.error(field, f"expected a colour or 'colour/colour', got {_show(sym)}")
        parts = tuple(p.strip() for p in sym.split("/"))
        for p in parts:
            r.color(p, field)
        if len(set(parts)) != len(parts):
            raise r.error(field, f"symbol {sym!r} repeats a colour")
        symbols.append(parts)
    return tuple(symbols)


def _families(r: _Reader, value: Any) -> tuple[str, ...]:
    families = []
    for i, fam in enumerate(r.listing(value, "families", "[Dragon]")):
        fam = r.string(fam, f"families[{i}]", allow_empty=False)
        if fam in families:
            raise r.error(f"families[{i}]", f"family {fam!r} is listed twice")
        families.append(fam)
    return tuple(families)


def _timing(r: _Reader, value: Any) -> frozenset[str]:
    items = r.listing(value, "timing", "[main, flash]")
    if not items:
        raise r.error("timing", "needs main, flash or both")
    for i, t in enumerate(items):
        if t not in TIMINGS:
            raise r.error(f"timing[{i}]", f"expected main or flash, got {_show(t)}")
        if t in items[:i]:
            raise r.error(f"timing[{i}]", f"{t!r} is listed twice")
    return frozenset(items)


def _levels(r: _Reader, value: Any, card_type: str, has_bp: bool = True, first: int = 1) -> tuple[Level, ...]:
    items = r.listing(value, "levels", "[{level: 1, cores: 1, bp: 1000}]")
    if not items:
        raise r.error("levels", f"a {card_type} needs at least LV1")
    levels: list[Level] = []
    for i, item in enumerate(items):
        at = f"levels[{i}]"
        if not isinstance(item, dict):
            raise r.error(at, f"expected a mapping like {{level: 1, cores: 1, bp: 1000}}, got {_show(item)}")
        r.unknown_keys(item, LEVEL_FIELDS, prefix=at + ".")
        for key in ("level", "cores"):
            if key not in item:
                raise r.error(f"{at}.{key}", "missing")
        number = r.integer(item["level"], f"{at}.level", 1)
        # CR 2-10-3: the level is the highest one whose core count is met, so levels
        # and their core counts must both go strictly up or some level is unreachable.
        if not levels and number != first:
            raise r.error(f"{at}.level", f"the first level must be {first}, got {number}")
        if levels and number <= levels[-1].number:
            raise r.error(f"{at}.level", f"levels must go up; {number} comes after {levels[-1].number}")
        # A spirit's LV1 needs at least one core: with none it could never be
        # destroyed for lacking cores (CR 9-3); every printed spirit needs one.
        min_cores = 1 if has_bp and not levels else 0
        cores = r.integer(item["cores"], f"{at}.cores", min_cores)
        if levels and cores <= levels[-1].cores:
            raise r.error(f"{at}.cores", f"core counts must go up; {cores} comes after {levels[-1].cores}")
        bp = None
        if has_bp:
            if "bp" not in item:
                raise r.error(f"{at}.bp", f"missing (a {card_type} has BP at every level; CR 2-11)")
            bp = r.integer(item["bp"], f"{at}.bp", 1, MAX_BP)
        elif "bp" in item:
            raise r.error(f"{at}.bp", f"a {card_type} has no BP")
        levels.append(Level(number=number, cores=cores, bp=bp))
    return tuple(levels)


def card_to_dict(card: CardDef) -> dict:
    """The YAML-ready dict of `card`; `card_from_dict(card_to_dict(c)) == c` for every valid card.

    Optional fields are left out when they hold their default, so inline
    cards in positions stay short. Keys come in the documented order.
    """
    d: dict[str, Any] = {"id": card.id, "name": card.name}
    if card.additional_name:
        d["additional_name"] = card.additional_name
    if card.set:
        d["set"] = card.set
    d["type"] = card.type
    d["colors"] = list(card.colors)
    d["cost"] = card.cost
    if card.reduction:
        d["reduction"] = list(card.reduction)
    if card.symbols:
        d["symbols"] = ["/".join(sym) for sym in card.symbols]
    if card.families:
        d["families"] = list(card.families)
    if card.type != "magic":
        d["levels"] = [_level_to_dict(lv) for lv in card.levels]
    if card.rarity:
        d["rarity"] = card.rarity
    if card.type == "magic":
        d["timing"] = [t for t in TIMINGS if t in card.magic_timing]
    if card.burst and not any(e.kind == "burst" for e in card.effects):
        d["burst"] = True
    if card.text:
        d["text"] = card.text
    if card.token:
        d["token"] = True
    if card.keywords:
        d["keywords"] = [keyword_to_dict(k) for k in card.keywords]
    if card.effects:
        d["effects"] = []
        for e in card.effects:
            ed = effect_to_dict(e, _token_to_dict)
            if e.kind == "magic" and e.timing == card.magic_timing:
                ed.pop("timing", None)
            d["effects"].append(ed)
    if card.printings:
        d["printings"] = [{"id": p.id, **({"image": p.image} if p.image else {}),
                           **({"rarity": p.rarity} if p.rarity else {})} for p in card.printings]
    return d


def _level_to_dict(level: Level) -> dict:
    d = {"level": level.number, "cores": level.cores}
    if level.bp is not None:
        d["bp"] = level.bp
    return d
