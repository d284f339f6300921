"""Importing a player's own card list (the community JSON of BSS cards) into YAML set files.

The community shape, one object per card (a file holds one object or an array
of them; a folder holds such files)::

    {"name": "...", "ID": "BSS01-001", "set": "BSS01", "color": ["red"], "cost": "3",
     "reduction": ["red", "red"], "symbols": ["red/green"], "cardType": "SPIRIT",
     "subType": ["Dragon"], "rarity": "C",
     "core_requirements": [{"level": 1, "battlePoints": 3000, "cores": 1}, ...],
     "effects": [{"levels": [1, 2], "condition": "When Summoned",
                  "keywords": [{"keyword_name": "Crush", "keyword_modifier": "+1"}],
                  "details": "...", "steps": ["...", "..."]}]}

Stats become `CardDef` fields; keywords this project knows (Armor, A.T. Field,
Crush, Gale, Raid, Immortal, Ascend, Astral, ...) become `Keyword`s at the
effect's levels; every effect's text becomes a manual effect (``manual: true``)
that the players resolve by hand. Nothing is dropped silently: a record that
can't be imported is refused and listed with its file, index, ID and field.

Imported cards are written as set files (``<set>.yaml``, one per set) into
`user_cards_dir()` — the user data folder — or a folder of the caller's
choice; `load_user_db()` gives the shipped cards plus the imported ones.

Pure Python (PyYAML, platformdirs): no Qt.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import yaml

from ..data_files import MB, DataFileError, load_json_file, load_yaml, read_text
from .card_text import keyword_text
from .cards import CARD_TYPES, COLORS, CardDef, Printing
from .database import MAX_SET_FILE_BYTES, CardDB, display_path, load_default_db, load_set_file
from .effects import FEAST_FAMILY, KEYWORD_NAMES, KEYWORDS, STEPS, Keyword, Target, keyword_to_dict
from .errors import CardDataError
from .schema import ID_PATTERN, card_from_dict, card_to_dict
from .text_compile import CardNames, compile_effect

__all__ = ["ImportReport", "KeywordNote", "RecordRefused", "Refusal", "convert_record", "import_cards", "load_user_db",
           "read_records", "user_cards_dir"]

NONE_MARKS = ("", "-", "—", "–", "none", "n/a")  # "no reduction", "no symbol"
# libyaml when PyYAML has it (writing ~1,500 cards: 0.1 s instead of 1 s); the same YAML either way
_YAML_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
_YAML_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
# A community card record is ~0.5-1 KB of JSON (tests/data_import): every card of a game ever printed (~5,000)
# in one file is ~5 MB. A file of up to 50 MB is read; a larger one is refused whole, before it is read.
MAX_CARD_JSON_BYTES = 50 * MB


def user_cards_dir() -> Path:
    """Where imported set files live: ``<user data dir>/cards/imported`` (bss_desktop/paths.py)."""
    from .user_db import user_cards_dir as folder

    return folder()


# ------------------------------------------------------------------ the report


@dataclass(frozen=True)
class Refusal:
    """A record that was not imported, and why."""

    file: str
    index: int | None  # position in the file's array (0 for a file holding one object); None: the whole file
    card_id: str | None
    field: str | None  # the community JSON field, e.g. "core_requirements[1].level"
    reason: str

    def __str__(self) -> str:
        where = self.file if self.index is None else f"{self.file} [{self.index}]"
        parts = [where, self.card_id or "(no ID)"]
        if self.field:
            parts.append(f"field {self.field!r}")
        return ": ".join(parts + [self.reason])


@dataclass(frozen=True)
class KeywordNote:
    """A keyword of an imported card: mapped to a `Keyword` (text is its printed form) or kept as text."""

    card_id: str
    card_name: str
    text: str
    mapped: bool
    reason: str = ""  # why it stays text
    outside_cr: bool = False  # not a keyword of CR v1.6.0 §11 (Feast, Link, ...): its text is resolved by hand


@dataclass
class ImportReport:
    files: list[str] = field(default_factory=list)
    cards: list[CardDef] = field(default_factory=list)
    written: dict[str, int] = field(default_factory=dict)  # set file -> cards it holds from this import
    keywords: list[KeywordNote] = field(default_factory=list)
    refused: list[Refusal] = field(default_factory=list)
    dest: Path | None = None
    printings: list[tuple[str, str]] = field(default_factory=list)  # (alternate art id, the card it is a printing of)
    own_printings: list[tuple[str, str]] = field(default_factory=list)  # alternate arts imported as cards, and why
    pictures_dir: Path | None = None  # where pictures were looked for (None: no pictures folder)
    pictures: dict[str, Path] = field(default_factory=dict)  # card or printing id -> its picture (carddb/pictures.py)
    picture_ids: list[str] = field(default_factory=list)  # every card and printing id of the import
    picture_notes: list[tuple[str, str]] = field(default_factory=list)  # (id or "", why a picture was skipped)

    @property
    def mapped_keywords(self) -> list[KeywordNote]:
        return [k for k in self.keywords if k.mapped]

    @property
    def text_keywords(self) -> list[KeywordNote]:
        return [k for k in self.keywords if not k.mapped]

    def lines(self) -> list[str]:
        n = len(self.cards)
        out = [f"Imported {n} card{'s' if n != 1 else ''} from {len(self.files)} "
               f"file{'s' if len(self.files) != 1 else ''}" + (f" into {self.dest}" if self.dest and n else "") + "."]
        for name, count in sorted(self.written.items()):
            out.append(f"  {name}: {count} card{'s' if count != 1 else ''}")
        if self.printings:
            of = len({c for _, c in self.printings})
            out.append(f"Alternate arts: {len(self.printings)} printing{'s' if len(self.printings) != 1 else ''} "
                       f"of {of} card{'s' if of != 1 else ''} (the same card: one entry, one name)")
        if self.own_printings:
            out.append(f"Alternate arts imported as cards of their own: {len(self.own_printings)}")
            for pid, why in self.own_printings:
                out.append(f"  {pid}: {why}")
        mapped = self.mapped_keywords
        out.append(f"Keywords mapped: {len(mapped)}")
        for k in mapped:
            out.append(f"  {k.card_id} {k.card_name}: {k.text}")
        kept = [k for k in self.text_keywords if not k.outside_cr]
        if kept:
            out.append(f"Keywords kept as text (resolved by hand): {len(kept)}")
            for k in kept:
                out.append(f"  {k.card_id} {k.card_name}: {k.text} ({k.reason})")
        outside = [k for k in self.text_keywords if k.outside_cr]
        if outside:
            out.append(f"Keywords outside CR v1.6.0 §11, kept as text (resolved by hand): {len(outside)}")
            for k in outside:
                out.append(f"  {k.card_id} {k.card_name}: {k.text}")
        out.append(f"Refused: {len(self.refused)} record{'s' if len(self.refused) != 1 else ''}")
        for r in self.refused:
            out.append(f"  {r}")
        out.extend(self.picture_lines())
        return out

    def picture_lines(self) -> list[str]:
        if self.pictures_dir is None:
            return ["Pictures: no pictures folder (images/ beside the card list, or --images DIR): cards are drawn"]
        n, of = len(self.pictures), len(self.picture_ids)
        out = [f"Pictures: {n} of {of} card{'s' if of != 1 else ''} and printings from {self.pictures_dir} "
               f"(referenced there, not copied){'; the others are drawn' if n < of else ''}"]
        if self.picture_notes:
            out.append(f"Pictures skipped: {len(self.picture_notes)}")
            for cid, why in self.picture_notes:
                out.append(f"  {cid + ': ' if cid else ''}{why}")
        return out

    def __str__(self) -> str:
        return "\n".join(self.lines())


class RecordRefused(Exception):
    """A community record that can't be imported; `field` is the JSON field at fault."""

    def __init__(self, field: str | None, reason: str):
        super().__init__(reason)
        self.field = field
        self.reason = reason


# ------------------------------------------------------------------ reading the files


def read_records(path: str | Path) -> tuple[list[tuple[str, int, Any]], list[Refusal], list[str]]:
    """Every card record under `path` as (file, index, record), the files that could not be read, and the files read.

    `path` is a JSON file (one card object or an array of them) or a folder, searched recursively for ``*.json``.
    """
    path = Path(path)
    if path.is_dir():
        files = sorted(p for p in path.rglob("*") if p.is_file() and p.suffix.lower() == ".json")
    elif path.is_file():
        files = [path]
    else:
        raise FileNotFoundError(f"{path}: no such file or folder")
    records: list[tuple[str, int, Any]] = []
    refused: list[Refusal] = []
    shown_files = []
    for f in files:
        shown = str(f)
        shown_files.append(shown)
        try:
            data = load_json_file(f, limit=MAX_CARD_JSON_BYTES, what="a card list", encoding="utf-8-sig")
        except DataFileError as e:  # too large or nested too deep: the file is refused whole, like bad JSON
            refused.append(Refusal(shown, None, None, None, e.detail))
            continue
        except UnicodeDecodeError as e:
            refused.append(Refusal(shown, None, None, None, f"not UTF-8 text ({e.reason} at byte {e.start})"))
            continue
        except json.JSONDecodeError as e:
            refused.append(Refusal(shown, None, None, None, f"not valid JSON: {e.msg} (line {e.lineno})"))
            continue
        if isinstance(data, list):
            records.extend((shown, i, rec) for i, rec in enumerate(data))
        elif isinstance(data, dict):
            records.append((shown, 0, data))
        else:
            refused.append(Refusal(shown, None, None, None, "expected a card object or an array of card objects"))
    return records, refused, shown_files


# ------------------------------------------------------------------ one record


def _text(value: Any) -> str:
    return value.strip() if isinstance(value, str) else ""


def _number(value: Any, field: str, *, what: str = "a whole number") -> int:
    if isinstance(value, bool):
        raise RecordRefused(field, f"expected {what}, got {value!r}")
    if isinstance(value, int):
        n = value
    elif isinstance(value, float) and value.is_integer():
        n = int(value)
    elif isinstance(value, str) and re.fullmatch(r"\s*\d[\d,]*\s*", value):
        n = int(value.replace(",", "").strip())
    else:
        raise RecordRefused(field, f"expected {what}, got {value!r}")
    if n < 0:
        raise RecordRefused(field, f"must be at least 0, got {n}")
    return n


def _list(value: Any, field: str) -> list:
    if value is None:
        return []
    if isinstance(value, str):
        return [value]
    if not isinstance(value, list):
        raise RecordRefused(field, f"expected a list, got {type(value).__name__}")
    return value


def _colour(value: Any, field: str) -> str:
    c = value.strip().lower() if isinstance(value, str) else value
    if c not in COLORS:
        raise RecordRefused(field, f"unknown colour {value!r}; expected one of {', '.join(COLORS)}")
    return c


def _is_none_mark(value: Any) -> bool:
    return isinstance(value, str) and value.strip().lower() in NONE_MARKS


def _set_id(raw: str, card_id: str) -> str:
    text = raw or (card_id.rsplit("-", 1)[0] if "-" in card_id else "IMPORTED")
    slug = re.sub(r"[^A-Za-z0-9_.-]+", "-", text).strip("-.") or "IMPORTED"
    return slug if ID_PATTERN.match(slug) else "IMPORTED"


def _norm(name: str) -> str:
    return re.sub(r"[^a-z]", "", name.lower())


_KEYWORD_BY_NORM = {_norm(KEYWORD_NAMES[k]): k for k in KEYWORDS} | {k.replace("_", ""): k for k in KEYWORDS}


# Keywords that are not in CR v1.6.0 §11 (later sets print them): their effects stay text, resolved by hand
OUTSIDE_CR = ("feast", "bloodcurse")  # (【Link】 and 【Agile】 have rulings: docs/saga-rulings.md)

# What an effect's `condition` may say beside a keyword without adding anything to the keyword's own rule:
# these keywords act only while their spirit attacks (or is blocked while attacking), by definition
_ATTACKING = ("whilethisspiritattacks", "whenthisspiritattacks")
_PLAIN_CONDITIONS = {
    "confront": _ATTACKING,  # CR 11-2-1: when it attacks
    "curse": _ATTACKING,  # CR 11-3-1: when it is blocked (it is attacking)
    "luster": _ATTACKING,  # CR 11-6-1: when it attacks
    "blessed": _ATTACKING,  # CR 11-7-1: when it attacks and reduces life
    "gale": _ATTACKING,  # CR 11-10-1: when it is blocked
    "crush": _ATTACKING,  # CR 11-11-1: when it attacks
    "raid": _ATTACKING,  # CR 11-12-1: when it attacks
    "awaken": ("flash",),  # CR 11-1-1: whenever flash effects can be used
    "swift": ("flash",),  # CR 11-9-1: in a flash window
}
# 【Astral】's active timing is printed on the card (CR 11-14-2); "While This Spirit Attacks" is a timing too
_ASTRAL_TIMINGS = {"duringyourturn": "your_turn", "duringopponentsturn": "opponent_turn",
                   "duringyouropponentsturn": "opponent_turn", "duringtheopponentsturn": "opponent_turn",
                   "whilethisspiritattacks": "attacking", "whenthisspiritattacks": "attacking"}
# 【Immortal】 has no timing of its own (CR 11-4-1): a printed "During Either Attack Step" limits it
_IMMORTAL_TIMINGS = {"duringeitherattackstep": "attack_step", "duringeachattackstep": "attack_step",
                     "duringeitherplayersattackstep": "attack_step"}


def _modifier_text(modifier: Any) -> str:
    """A keyword modifier as printed: "Red/Purple" for a list, "4" for a number, "" for none."""
    if modifier is None:
        return ""
    if isinstance(modifier, (list, tuple)):
        return "/".join(_modifier_text(m) for m in modifier)
    return str(modifier).strip()


def _keyword_entry(k: Any, at: str) -> tuple[str, Any]:
    """(name, modifier) of a keyword entry in either community shape: `{keyword_name, keyword_modifier}` or
    `{keyword, target, value}` (the value, else the target, is the modifier)."""
    if isinstance(k, dict) and isinstance(k.get("keyword_name"), str) and k["keyword_name"].strip():
        return k["keyword_name"], k.get("keyword_modifier")
    if isinstance(k, dict) and isinstance(k.get("keyword"), str) and k["keyword"].strip():
        value, target = k.get("value"), k.get("target")
        if value not in (None, "", []) and target not in (None, "", []):
            raise RecordRefused(at, f"a keyword with both a target ({target!r}) and a value ({value!r})")
        return k["keyword"], value if value not in (None, "", []) else target
    raise RecordRefused(at, "expected {keyword_name, keyword_modifier} or {keyword, target, value}")


def _whole(value: Any) -> int | None:
    """A number written as 2, "2", "+2" (or [2]); None otherwise."""
    if isinstance(value, list) and len(value) == 1:
        value = value[0]
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        m = re.fullmatch(r"\+?\s*(\d+)", value.strip())
        return int(m.group(1)) if m else None
    return None


def _map_keyword(name: str, modifier: Any, condition: str = "") -> tuple[Keyword | None, str]:
    """The `Keyword` for a community keyword entry, or None and why it stays text.

    `modifier`: text, a number or a list (【Armor】 colours, 【Immortal】 costs, 【Ascend】 families); `condition`: the
    effect's condition ("While This Spirit Attacks", "During Opponent's Turn"), which becomes 【Astral】's timing
    (CR 11-14-2) or 【Immortal】's limit, adds nothing to a keyword that works only while attacking, and keeps any
    other keyword as text (so that nothing it says is dropped)."""
    norm = _norm(name)
    if norm == "chain":
        return None, "【Chain】 continues its effect's text"
    kw = _KEYWORD_BY_NORM.get(norm)
    if kw is None:
        if norm in OUTSIDE_CR:
            return None, "not a keyword of CR v1.6.0 §11"
        return None, "not a keyword this app knows (not in CR v1.6.0 §11)"
    cond = _norm(condition) if not _is_none_mark(condition) else ""
    mod = "" if modifier is None else modifier
    shown = _modifier_text(mod)
    timing = "always"
    if cond:
        if kw == "astral" and cond in _ASTRAL_TIMINGS:
            timing = _ASTRAL_TIMINGS[cond]
        elif kw == "immortal" and cond in _IMMORTAL_TIMINGS:
            timing = _IMMORTAL_TIMINGS[cond]
        elif cond not in _PLAIN_CONDITIONS.get(kw, ()):
            return None, f"its condition {condition.strip()!r} limits {KEYWORD_NAMES[kw]} in a way the app can't write"
    if kw in ("gale", "raid"):
        n = _whole(mod)
        if n is None or n < 1:
            return None, f"{KEYWORD_NAMES[kw]} needs a number, got {shown!r}"
        return Keyword(kw, value=n), ""
    if kw == "crush":
        if shown == "":
            return Keyword(kw, value=0), ""  # CR 11-11-3
        n = _whole(mod)
        if n is None:
            return None, f"Crush needs a modifier like +1, got {shown!r}"
        return Keyword(kw, value=n), ""
    if kw == "armor":  # CR 11-5-2: one or more colours
        items = mod if isinstance(mod, list) else re.split(r",|/|&|\band\b", str(mod))
        parts = [p.strip().lower() for p in items if isinstance(p, str) and p.strip()]
        if not parts or len(parts) != len(items if isinstance(mod, list) else parts) \
                or any(p not in COLORS for p in parts) or len(set(parts)) != len(parts):
            return None, f"Armor needs colours like 'Blue, White', got {shown!r}"
        return Keyword(kw, colors=tuple(parts)), ""
    if kw == "link":  # 【Link: N】: linked with your attacking spirits that cost N or more (saga-rulings.md "Link")
        n = _whole(mod)
        if n is None:
            return None, f"Link needs a cost like 4, got {shown!r}"
        return Keyword(kw, condition=Target(side="you", cost_min=n)), ""
    if kw in ("immortal", "ascend"):
        target, why = _condition_target(kw, mod)
        if target is None:
            return None, f"{KEYWORD_NAMES[kw]}: {why}"
        return Keyword(kw, condition=target, timing=timing), ""
    if kw == "astral":
        if shown:
            t = _ASTRAL_TIMINGS.get(_norm(shown))
            if t is None:
                return None, f"Astral timing {shown!r} is not During Your Turn, During Opponent's Turn or While " \
                             "This Spirit Attacks"
            if timing != "always" and timing != t:
                return None, f"Astral timing {shown!r} and condition {condition.strip()!r} disagree"
            timing = t
        return Keyword(kw, timing=timing), ""
    if shown:
        return None, f"{KEYWORD_NAMES[kw]} takes no modifier, got {shown!r}"
    return Keyword(kw), ""


def _condition_target(kw: str, mod: Any) -> tuple[Target | None, str]:
    """The condition of 【Immortal】 (CR 11-4-2) / 【Ascend】 (CR 11-8-2) on one of your own spirits, or None and why.

    A number: 【Ascend】 "cost N or more" (`cost_min`), 【Immortal】 "cost N"; a list of numbers: "a cost among these"
    (【Immortal: 4/5】 = a spirit with cost 4 or 5, `costs`); a list of words: one colour, family or "Token" each
    ("Shadow/Nightling": a spirit of either family); text: "Dragon", "Red, Blue", "cost 4 or more", "cost 4/5".
    """
    if isinstance(mod, bool):
        return None, f"can't read the condition {mod!r}"
    if isinstance(mod, int):
        return (Target(side="you", cost_min=mod) if kw == "ascend" else Target(side="you", costs=(mod,))), ""
    if isinstance(mod, list):
        if not mod:
            return None, "the condition is empty"
        if all(isinstance(m, int) and not isinstance(m, bool) for m in mod):
            if kw == "ascend" and len(mod) > 1:
                return None, f"can't read the costs {_modifier_text(mod)!r} as one condition"
            if kw == "ascend":
                return Target(side="you", cost_min=mod[0]), ""
            return Target(side="you", costs=tuple(sorted(set(mod)))), ""
        if not all(isinstance(m, str) and m.strip() for m in mod):
            return None, f"can't read the condition {_modifier_text(mod)!r}"
        return _words_target(list(dict.fromkeys(m.strip() for m in mod)))
    text = re.sub(r"\s+spirits?$", "", str(mod).strip(), flags=re.I).strip()
    if not text:
        return None, "the condition is empty"
    m = re.fullmatch(r"(?i)cost\s*(\d+)\s*(?:or more|\+)", text) or re.fullmatch(r"(\d+)\s*\+", text)
    if m:
        return Target(side="you", cost_min=int(m.group(1))), ""
    m = re.fullmatch(r"(?i)cost\s*(\d+(?:\s*(?:/|,|\bor\b)\s*\d+)*)", text)
    if m:
        costs = tuple(sorted({int(x) for x in re.findall(r"\d+", m.group(1))}))
        return Target(side="you", costs=costs), ""
    if re.fullmatch(r"\d+", text):
        return _condition_target(kw, int(text))
    parts = [p.strip() for p in re.split(r",|/|\bor\b", text) if p.strip()]
    if not all(re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9.'’ -]*", p) and len(p.split()) <= 3 for p in parts):
        return None, f"can't read the condition {text!r} as a family, colour or cost"
    return _words_target(parts)


def _words_target(words: list[str]) -> tuple[Target | None, str]:
    """Colours ("Red", "Blue"), families ("Shadow", "Nightling": either one) or "Token": one of your spirits."""
    low = [w.lower() for w in words]
    if all(w in COLORS for w in low):
        return Target(side="you", colors=tuple(dict.fromkeys(low))), ""
    if low == ["token"]:
        return Target(side="you", token=True), ""
    if any(w in COLORS or w == "token" for w in low):
        return None, f"can't read {'/'.join(words)!r}: colours, families and tokens mixed"
    if len(words) == 1:
        return Target(side="you", family=words[0]), ""
    return Target(side="you", families=tuple(words)), ""


def _keyword_label(name: str, modifier: Any) -> str:
    shown = _modifier_text(modifier)
    return f"【{name.strip()}: {shown}】" if shown else f"【{name.strip()}】"


_STEP_RE = re.compile(r"start of (your opponent'?s|opponent'?s|your|each(?: player'?s)?|either player'?s) (\w+) step")
_END_RE = re.compile(r"end of (your opponent'?s|opponent'?s|your|each|either player'?s) turn")


def _whose(word: str) -> str:
    if "opponent" in word:
        return "opponent"
    return "any" if word.startswith(("each", "either")) else "you"


def _guess_kind(label: str, card_type: str) -> dict:
    """The kind (and trigger/timing) a manual effect most likely has, from its printed label."""
    s = label.lower().replace("’", "'")
    if re.search(r"\bburst\b", s):
        for words, trig in (("life", "life_reduced"), ("summon", "opponent_summons"),
                            ("destroy", "your_spirit_destroyed"), ("attack", "opponent_attacks")):
            if words in s:
                return {"kind": "burst", "trigger": trig}
    if card_type == "magic":
        return {"kind": "magic"}
    m = _STEP_RE.search(s)
    if m and m.group(2) in STEPS:
        return {"kind": "triggered", "trigger": "start_of_step", "step": m.group(2), "whose": _whose(m.group(1))}
    m = _END_RE.search(s)
    if m:
        return {"kind": "triggered", "trigger": "end_of_turn", "whose": _whose(m.group(1))}
    patterns = (
        (r"when (this spirit )?(is )?summon", "when_summoned"),
        (r"when (this nexus )?(is )?placed", "when_placed"),
        (r"when (this spirit )?(attacks?|attacking) ?(/|or) ?(blocks?|blocking)", "when_attacks_or_blocks"),
        (r"when (this spirit )?(is )?destroyed by (your |the )?opponent", "when_destroyed_by_opponent"),
        (r"when (this spirit('s attack)? )?(is )?blocked\b", "when_blocked"),
        (r"when (this spirit )?(attacks|attacking)\b", "when_attacks"),
        (r"when (this spirit )?(blocks|blocking)\b", "when_blocks"),
        (r"when (this (spirit|nexus|card) )?(is )?destroyed", "when_destroyed"),
        (r"(battle ends|end of (the )?battle)", "when_battle_ends"),
    )
    for pattern, trig in patterns:
        if re.search(pattern, s):
            return {"kind": "triggered", "trigger": trig}
    flash, main = re.search(r"\bflash\b", s), re.search(r"\bmain\b", s)
    if flash or main:
        return {"kind": "activated", "timing": [t for t, on in (("main", main), ("flash", flash)) if on]}
    return {"kind": "constant"}


def _label_of(details: str) -> str:
    """The label a text starts with: "(When Summoned) ..." / "Flash: ..." / "When summoned, ..."."""
    m = re.match(r"\s*[\(\[]([^\)\]]{1,60})[\)\]]", details)
    if m:
        return m.group(1)
    return re.split(r"[,:.]", details, maxsplit=1)[0][:60]


def _manual_effect(compiled, condition: str, text: str, kept: list[str], card_type: str, levels: list[int]) -> dict:
    """An effect the players resolve by hand: its kind from the frame (or, for a label the frame can't read, a
    guess from the label's words), its text as printed."""
    frame = compiled.frame
    if frame.unknown or (not frame.label and frame.kind == "constant"):  # no label it knows: read the words
        guess = _guess_kind(condition or _label_of(text), card_type)
        if frame.kind == "burst":
            guess = {"kind": "burst", "trigger": guess.get("trigger") if guess.get("kind") == "burst"
                     else "life_reduced"}
    else:
        guess = frame.effect_keys()
    body = " ".join(p for p in [*kept, text] if p)
    shown_condition = ""
    if condition and condition.lower() not in body.lower():
        burst = re.fullmatch(r"(?i)burst\W*(.*?)\W*", condition)
        if burst:  # "Burst: After your life is reduced" -> "Burst (After your life is reduced):"
            shown_condition = f"Burst ({burst.group(1)}):" if burst.group(1) else "Burst:"
        elif re.fullmatch(r"(?i)(flash|main|main\s*/\s*flash|flash\s*/\s*main|constant)", condition):
            shown_condition = f"{condition}:"
        else:
            shown_condition = f"({condition})"
    head = "".join(f"[LV{n}]" for n in levels)
    return {**guess, "manual": True, "text": " ".join(p for p in (head, shown_condition, body) if p)}


def _levels_of(value: Any, field: str, card_levels: list[int]) -> list[int]:
    levels = [_number(v, f"{field}[{i}]", what="a level number") for i, v in enumerate(_list(value, field))]
    for i, n in enumerate(levels):
        if i and n <= levels[i - 1]:
            raise RecordRefused(f"{field}[{i}]", f"levels must go up; {n} comes after {levels[i - 1]}")
        if card_levels and n not in card_levels:
            have = ", ".join(map(str, card_levels))
            raise RecordRefused(f"{field}[{i}]", f"the card has no LV{n} (its levels: {have})")
    return levels


def convert_record(rec: Any, known_families: tuple[str, ...] = (), *, compile_text: bool = True,
                   known_names: CardNames | tuple = ()) -> tuple[dict, str, list[KeywordNote], dict[str, str]]:
    """One community record -> (card dict for a set file, set id, keyword notes, card-dict field -> JSON field).

    `known_families`: every family name of the import, so the text compiler knows them in sentences ("your Dragon
    spirits"); the record's own families are always known. `known_names`: every card name of the import
    (`CardNames`, built once), so a name printed without quotation marks is read as one ("select a <Name> ...").

    Raises `RecordRefused` (with the JSON field) for anything that can't be imported; the card dict is then checked by
    `card_from_dict`, whose field names the last mapping translates back.
    """
    if not isinstance(rec, dict):
        raise RecordRefused(None, f"expected a card object, got {type(rec).__name__}")
    card_id = rec.get("ID", rec.get("id"))
    if card_id is None:
        raise RecordRefused("ID", "missing")
    card_id = card_id.strip() if isinstance(card_id, str) else card_id
    if not isinstance(card_id, str) or not ID_PATTERN.match(card_id):
        raise RecordRefused("ID", f"expected an ID of letters, digits, '-', '_' or '.', got {card_id!r}")
    name = _text(rec.get("name"))
    if not name:
        raise RecordRefused("name", "missing")
    raw_type = rec.get("cardType")
    card_type = raw_type.strip().lower() if isinstance(raw_type, str) else None
    if card_type not in CARD_TYPES:
        raise RecordRefused("cardType", f"unknown card type {raw_type!r}; expected SPIRIT, NEXUS or MAGIC")

    colors = list(dict.fromkeys(_colour(c, f"color[{i}]") for i, c in enumerate(_list(rec.get("color"), "color"))))
    if not colors:
        raise RecordRefused("color", "missing (every card has at least one colour)")
    if "cost" not in rec:
        raise RecordRefused("cost", "missing")
    raw_cost = rec["cost"]
    if isinstance(raw_cost, str) and raw_cost.strip().upper() in ("X", "-", "—", "–"):
        raise RecordRefused("cost", f"cost {raw_cost.strip()!r} is not a fixed number; this app needs one")
    cost = _number(raw_cost, "cost", what="a cost (a whole number)")

    reduction = [_colour(c, f"reduction[{i}]") for i, c in enumerate(_list(rec.get("reduction"), "reduction"))
                 if not _is_none_mark(c)]
    symbols = []
    for i, s in enumerate(_list(rec.get("symbols"), "symbols")):
        if _is_none_mark(s):
            continue
        if not isinstance(s, str):
            raise RecordRefused(f"symbols[{i}]", f"expected a colour or 'colour/colour', got {s!r}")
        parts = [_colour(p, f"symbols[{i}]") for p in s.split("/")]
        if len(set(parts)) != len(parts):
            raise RecordRefused(f"symbols[{i}]", f"symbol {s!r} repeats a colour")
        symbols.append("/".join(parts))
    families = []
    for i, fam in enumerate(_list(rec.get("subType"), "subType")):
        if not isinstance(fam, str):
            raise RecordRefused(f"subType[{i}]", f"expected a family name, got {fam!r}")
        if not _is_none_mark(fam) and fam.strip() not in families:
            families.append(fam.strip())
    rarity = rec.get("rarity")
    rarity = "" if rarity is None else str(rarity).strip()

    fields_back = {"id": "ID", "name": "name", "type": "cardType", "colors": "color", "cost": "cost",
                   "reduction": "reduction", "symbols": "symbols", "families": "subType", "rarity": "rarity",
                   "timing": "effects", "levels": "core_requirements"}
    data: dict = {"id": card_id, "name": name, "type": card_type, "colors": colors, "cost": cost}
    if reduction:
        data["reduction"] = reduction
    if symbols:
        data["symbols"] = symbols
    if families:
        data["families"] = families

    reqs = _list(rec.get("core_requirements"), "core_requirements")
    card_levels: list[int] = []
    if card_type == "magic":
        if any(isinstance(r, dict) and any(v not in (None, "", 0, "-", "—") for v in r.values()) for r in reqs):
            raise RecordRefused("core_requirements", "magic cards have no levels")
    else:
        if not reqs:
            raise RecordRefused("core_requirements", f"missing (a {card_type} needs at least LV1)")
        levels = []
        for i, r in enumerate(reqs):
            at = f"core_requirements[{i}]"
            if not isinstance(r, dict):
                raise RecordRefused(at, "expected {level, battlePoints, cores}")
            for key in ("level", "cores"):
                if r.get(key) is None:
                    raise RecordRefused(f"{at}.{key}", "missing")
            lv = {"level": _number(r["level"], f"{at}.level"), "cores": _number(r["cores"], f"{at}.cores")}
            bp = r.get("battlePoints")
            if card_type == "spirit":
                if bp is None or _is_none_mark(bp):
                    raise RecordRefused(f"{at}.battlePoints", "missing (spirits have BP at every level)")
                lv["bp"] = _number(bp, f"{at}.battlePoints", what="BP (a whole number)")
            elif not (bp is None or _is_none_mark(bp) or bp == 0 or bp == "0"):
                raise RecordRefused(f"{at}.battlePoints", "a nexus has no BP")
            levels.append(lv)
            fields_back[f"levels[{i}].level"] = f"{at}.level"
            fields_back[f"levels[{i}].cores"] = f"{at}.cores"
            fields_back[f"levels[{i}].bp"] = f"{at}.battlePoints"
            fields_back[f"levels[{i}]"] = at
        data["levels"] = levels
        card_levels = [lv["level"] for lv in levels]
    if rarity:
        data["rarity"] = rarity

    keywords: list[dict] = []
    effects: list[dict] = []
    notes: list[KeywordNote] = []
    magic_labels = magic_words = ""  # a magic card's timing: from its labels, else from anywhere in its text
    magic_timings: set[str] = set()  # ... or from its effects' steps (Main / Flash)
    header = None  # (levels, label) of an entry that is only a label: the next unlabelled entry's (below)
    for i, e in enumerate(_list(rec.get("effects"), "effects")):
        at = f"effects[{i}]"
        if not isinstance(e, dict):
            raise RecordRefused(at, "expected {levels, condition, keywords, details, steps}")
        levels = _levels_of(e.get("levels"), f"{at}.levels", card_levels)
        condition = _text(e.get("condition"))
        details = e.get("details")
        if details is not None and not isinstance(details, str):
            raise RecordRefused(f"{at}.details", f"expected text, got {type(details).__name__}")
        steps = []
        for j, s in enumerate(_list(e.get("steps"), f"{at}.steps")):
            if not isinstance(s, str):
                raise RecordRefused(f"{at}.steps[{j}]", f"expected text, got {type(s).__name__}")
            if s.strip():
                steps.append(s.strip())
        if header is not None:
            # "[LV1][LV2] During Opponent's Attack Step" on its own, then "Flash: ..." unlabelled: some records print
            # one effect's label and its text as two entries; the text works under that label (CR 8-1-4-1)
            if not condition or _is_none_mark(condition):
                condition = header[1]
                levels = levels if e.get("levels") else header[0]
            header = None
        if not (details or "").strip() or _is_none_mark(details or ""):
            if condition and not _is_none_mark(condition) and not steps and not _list(e.get("keywords"), at):
                header = (levels, condition)
        kw_levels = [] if sorted(levels) == card_levels else levels
        kept: list[str] = []
        burst, chain_colors, chain_labels = False, [], []
        for j, k in enumerate(_list(e.get("keywords"), f"{at}.keywords")):
            kat = f"{at}.keywords[{j}]"
            kname, raw_modifier = _keyword_entry(k, kat)  # either community shape
            modifier = _modifier_text(raw_modifier)
            if _norm(kname) == "burst":  # the effect is a burst (CR 10-9): the card can be set (CR 3-8-4)
                burst = True
                continue
            if _norm(kname) == "chain" and modifier.strip():  # 【Chain: Colour】 continues this effect (CR 11-15)
                chain_colors.append(modifier.strip())
                chain_labels.append(_keyword_label(kname, modifier))
                continue
            if _norm(kname) == "feast" and re.search(r"\bfeast\b", details or "", re.I):
                chain_labels.append(_keyword_label(kname, raw_modifier))  # 【Feast】 labels a text that activates it
                continue  # (docs/saga-rulings.md, "Feast and Chain"): the text says it, as with 【Chain】
            if card_type == "magic":
                kw, why = None, "keywords on magic cards stay text"
            else:
                kw, why = _map_keyword(kname, raw_modifier, condition)
            if kw is None:
                kept.append(_keyword_label(kname, raw_modifier))
                notes.append(KeywordNote(card_id, name, kept[-1], False, why,
                                         outside_cr=_norm(kname) not in _KEYWORD_BY_NORM and _norm(kname) != "chain"))
                continue
            if kw_levels:
                kw = Keyword(kw.name, kw.value, kw.colors, kw.condition, kw.timing, tuple(kw_levels))
            fields_back[f"keywords[{len(keywords)}]"] = kat
            keywords.append(keyword_to_dict(kw))
            notes.append(KeywordNote(card_id, name, keyword_text(kw), True))
        text = "" if _is_none_mark(details or "") else (details or "").strip()  # "N/A" is no text
        # `steps` name the effect's timing (Main / Flash); anything else in them is more of its text
        timing_steps = [s for s in steps if s.strip().lower() in ("main", "flash")]
        text = " ".join(p for p in [text, *(s for s in steps if s not in timing_steps)] if p)
        if chain_labels and not text:  # a chain with nothing to continue stays as printed
            kept += chain_labels
            notes.extend(KeywordNote(card_id, name, c, False, "【Chain】 continues its effect's text")
                         for c in chain_labels)
            chain_labels, chain_colors = [], []
        if not text and not kept:
            continue  # a keyword-only effect: the keywords say it all
        compiled = compile_effect(card_type, condition, text, timing_steps, burst=burst, chain_colors=chain_colors,
                                  families=(*known_families, *families), names=known_names)
        if compiled.automated and not kept and compile_text:
            effect = dict(compiled.effect)
        else:
            effect = _manual_effect(compiled, condition, text, [*kept, *chain_labels], card_type, levels)
        for label in chain_labels:
            why = "" if compiled.automated else "its effect's text is resolved by hand"
            notes.append(KeywordNote(card_id, name, label, compiled.automated and not kept, why))
        if card_type == "magic":
            magic_timings.update(effect.get("timing", ()))
            magic_labels += f" {condition or _label_of(text)}"
            magic_words += f" {text}"
        if levels and card_type != "magic":
            effect["levels"] = levels
        if effect["kind"] == "magic" and "timing" in effect and not compiled.automated:
            effect.pop("timing")
        fields_back[f"effects[{len(effects)}]"] = at
        effects.append(effect)
        if compiled.automated and not effect.get("manual"):
            for other in compiled.also:  # "When Summoned or Destroyed": the same text at the other moment
                fields_back[f"effects[{len(effects)}]"] = at
                effects.append({**other.effect, **({"levels": levels} if levels and card_type != "magic" else {})})

    if card_type == "magic":
        timing = [t for t in ("main", "flash") if t in magic_timings]
        for words in (magic_labels.lower(), magic_words.lower()):
            timing = timing or [t for t in ("main", "flash") if re.search(rf"\b{t}\b", words)]
        data["timing"] = timing or ["main"]
        if effects and not any(e["kind"] == "magic" for e in effects) and \
                not all(e["kind"] == "burst" for e in effects):
            effects[0] = {**effects[0], "kind": "magic"}
    if keywords:
        data["keywords"] = keywords
    if effects:
        data["effects"] = effects
    set_id = _set_id(_text(rec.get("set")), card_id)
    return data, set_id, notes, fields_back


def _json_field(field: str | None, back: dict[str, str]) -> str | None:
    if not field:
        return field
    if field in back:
        return back[field]
    # the longest known prefix: "effects[0].levels[1]" -> "effects[2].levels[1]"
    for key in sorted(back, key=len, reverse=True):
        if field.startswith(key + ".") or field.startswith(key + "["):
            return back[key] + field[len(key):]
    head = re.split(r"[.\[]", field, maxsplit=1)[0]
    return back.get(head, head) + field[len(head):]


# ------------------------------------------------------------------ importing and writing


def _families_of(records, base: CardDB) -> tuple[str, ...]:
    """Every family name the import and the shipped cards know: the text compiler reads them in sentences."""
    out = {f for c in base.values() for f in c.families}
    out.add(FEAST_FAMILY)  # the family of 【Feast】's tokens, printed on no card of the pool (Feast-6)
    for _, _, rec in records:
        subtypes = rec.get("subType") if isinstance(rec, dict) else None
        for f in subtypes if isinstance(subtypes, list) else [subtypes]:
            if isinstance(f, str) and f.strip() and not _is_none_mark(f):
                out.add(f.strip())
    return tuple(sorted(out))


def _names_of(records, base: CardDB) -> CardNames:
    """Every card name the import and the shipped cards know: the text compiler reads them where a text prints one
    without quotation marks (normalise.py; docs/saga-rulings.md "Card names without quotation marks")."""
    out = [(c.name, c.type) for c in base.values()]
    out += [(rec["name"], rec.get("cardType")) for _, _, rec in records
            if isinstance(rec, dict) and isinstance(rec.get("name"), str)]
    return CardNames(out)


_PRINTING_ID = re.compile(r"(?P<base>.+)_p\d+\Z")  # an alternate art: BSS01-001_p1 is a printing of BSS01-001
_NOT_PLAY = ("id", "rarity", "printings", "set")  # what a printing may change: all else must be its card's


def _play_data(card: CardDef) -> dict:
    return {k: v for k, v in card_to_dict(card).items() if k not in _NOT_PLAY}


def import_cards(path: str | Path, dest: str | Path | None = None, *, base_db: CardDB | None = None,
                 write: bool = True, images: str | Path | bool | None = None) -> ImportReport:
    """Import every card record under `path` into set files in `dest` (default: `user_cards_dir()`).

    Cards already imported into `dest` stay; a card imported again (same ID) is replaced. Records that can't be
    imported are listed in the report's `refused`, never dropped silently. IDs of shipped cards (`base_db`, default
    the shipped card db) are refused: an imported card can't replace one.

    An alternate art (``<ID>_pN``) is a printing of its card (CR 2-1: the same card): it is kept in the card's
    ``printings`` (its id and image), not as a card of its own, when its card is in this import or already in
    `dest` and the two say the same (name, stats, keywords, effects). Otherwise it is imported as a card of its own
    and the report says why.

    `images`: the folder of the cards' pictures (default: ``images/`` beside the card list,
    `pictures.default_images_dir`; False: none). Each imported card's and printing's picture found there is
    recorded by path in `dest`'s pictures index (carddb/pictures.py); a picture that can't be used is named in the
    report and its card keeps its drawn face.
    """
    dest = Path(dest) if dest is not None else user_cards_dir()
    base = base_db if base_db is not None else load_default_db()
    records, refused, files = read_records(path)
    report = ImportReport(files=files, refused=refused, dest=dest)
    seen: dict[str, tuple[str, int]] = {}
    converted: list[tuple[CardDef, str, str, list[KeywordNote], str]] = []  # card, set id, set name, notes, image
    known_families = _families_of(records, base)
    known_names = _names_of(records, base)
    for file, index, rec in records:
        rid = rec.get("ID", rec.get("id")) if isinstance(rec, dict) else None
        rid = rid if isinstance(rid, str) else None
        try:
            data, set_id, notes, back = convert_record(rec, known_families, known_names=known_names)
        except RecordRefused as e:
            report.refused.append(Refusal(file, index, rid, e.field, e.reason))
            continue
        try:
            card = card_from_dict(data, file=file, set_id=set_id)
        except CardDataError as e:
            try:  # compiled effects that do not fit together (a burst's "then use its Flash effect" on a card whose
                # Flash effect stayed manual): the card is imported with its text resolved by hand, never lost
                data, set_id, notes, back = convert_record(rec, known_families, compile_text=False,
                                                           known_names=known_names)
                card = card_from_dict(data, file=file, set_id=set_id)
            except (RecordRefused, CardDataError):
                report.refused.append(Refusal(file, index, rid, _json_field(e.field, back), e.message))
                continue
        if card.id in seen:
            f0, i0 = seen[card.id]
            report.refused.append(Refusal(file, index, card.id, "ID", f"duplicate ID: also in {f0} [{i0}]"))
            continue
        if base.card_id_of(card.id) is not None:
            report.refused.append(Refusal(file, index, card.id, "ID",
                                          f"a shipped card ({display_path(base.source_of(base.card_id_of(card.id)) or 'cards/')}) "
                                          "has this ID"))
            continue
        seen[card.id] = (file, index)
        image = rec.get("image") if isinstance(rec.get("image"), str) else ""
        converted.append((card, set_id, _text(rec.get("set")) or set_id, notes, image.strip()))

    existing = _read_dest(dest) if dest.is_dir() else {}
    in_dest = {cid: card for info in existing.values() for cid, card in info["cards"].items()}
    ours = {card.id: card for card, *_ in converted}
    printings: dict[str, list[Printing]] = {}  # card id -> its new printings
    new: dict[str, list[CardDef]] = {}
    set_names: dict[str, str] = {}
    for card, set_id, set_name, notes, image in converted:
        m = _PRINTING_ID.match(card.id)
        if m:
            of = m["base"]
            base_card = ours.get(of) or in_dest.get(of)
            if base_card is None or _PRINTING_ID.match(of):
                why = "its card's id is a shipped card's" if base.card_id_of(of) else f"no card {of} to be a printing of"
            elif _play_data(base_card) != _play_data(card):
                a, b = _play_data(base_card), _play_data(card)
                why = f"it differs from {of} in " + ", ".join(k for k in dict.fromkeys([*a, *b]) if a.get(k) != b.get(k))
            else:
                printings.setdefault(of, []).append(Printing(card.id, image, card.rarity))
                report.printings.append((card.id, of))
                continue
            report.own_printings.append((card.id, why))
        new.setdefault(set_id, []).append(card)
        set_names.setdefault(set_id, set_name)
        report.cards.append(card)
        report.keywords.extend(notes)
    if printings:  # onto their cards: those of this import, or those already imported into `dest`
        for set_id, cards in new.items():
            new[set_id] = [_with_printings(c, printings.pop(c.id, [])) for c in cards]
        final = {c.id: c for cards in new.values() for c in cards}
        report.cards = [final[c.id] for c in report.cards]
        for of, more in printings.items():
            stem = next(stem for stem, info in existing.items() if of in info["cards"])
            new.setdefault(stem, []).append(_with_printings(in_dest[of], more))
            set_names.setdefault(stem, existing[stem]["name"])
    if write and (report.cards or printings):
        report.written = _write_sets(dest, new, set_names, existing)
    _import_pictures(report, path, dest, images, {card.id: image for card, _, _, _, image in converted}, write)
    return report


def _import_pictures(report: ImportReport, path, dest: Path, images, given: dict[str, str], write: bool) -> None:
    """Find the pictures of the imported cards and printings and record them in `dest`'s pictures index."""
    from .pictures import default_images_dir, find_pictures, write_index

    ids = {c.id: given.get(c.id, "") for c in report.cards}
    ids.update({pid: given.get(pid, "") for pid, _ in report.printings})
    report.picture_ids = list(ids)
    folder = default_images_dir(path) if images is None else (Path(images) if images else None)
    report.pictures_dir = folder
    if folder is None or not ids:
        return
    report.pictures, report.picture_notes = find_pictures(folder, ids)
    if write and (report.written or report.pictures):
        write_index(dest, report.pictures, forget=set(ids))


def _with_printings(card: CardDef, more: list[Printing]) -> CardDef:
    if not more:
        return card
    ids = {p.id for p in more}
    return replace(card, printings=(*(p for p in card.printings if p.id not in ids), *more))


def _read_dest(dest: Path) -> dict[str, dict]:
    """The set files already in `dest`: stem -> {name, id, path, cards: {id: CardDef}}."""
    existing: dict[str, dict] = {}
    for p in sorted(dest.glob("*.yaml")):
        cards = load_set_file(p)  # a broken file is an error: it is never overwritten blindly
        header = load_yaml(read_text(p, limit=MAX_SET_FILE_BYTES, what="a card set file", encoding="utf-8-sig"),
                           source=str(p), loader=_YAML_LOADER)["set"]  # checked whole just above
        existing[p.stem] = {"name": header["name"], "id": header["id"], "path": p,
                            "cards": {c.id: c for c in cards}}
    return existing


def _write_sets(dest: Path, new: dict[str, list[CardDef]], set_names: dict[str, str],
                existing: dict[str, dict]) -> dict[str, int]:
    """Merge the new cards into the set files in `dest`; a re-imported ID replaces the old card wherever it was
    (keeping the printings the old one had)."""
    dest.mkdir(parents=True, exist_ok=True)
    new_ids = {card.id for cards in new.values() for card in cards}
    old_cards = {cid: c for info in existing.values() for cid, c in info["cards"].items() if cid in new_ids}
    touched = set()
    for stem, info in existing.items():
        if new_ids & set(info["cards"]):
            info["cards"] = {i: c for i, c in info["cards"].items() if i not in new_ids}
            touched.add(stem)
    written: dict[str, int] = {}
    for set_id, cards in new.items():
        info = existing.setdefault(set_id, {"name": set_names.get(set_id, set_id), "id": set_id,
                                            "path": dest / f"{set_id}.yaml", "cards": {}})
        for card in cards:
            old = old_cards.get(card.id)
            if old is not None and old.printings:
                card = replace(card, printings=(*(p for p in old.printings
                                                  if p.id not in {q.id for q in card.printings}), *card.printings))
            info["cards"][card.id] = card
        touched.add(set_id)
        written[info["path"].name] = len(cards)
    for stem in touched:
        info = existing[stem]
        if not info["cards"]:
            info["path"].unlink()
            continue
        _dump_set(info["path"], info["id"], info["name"], list(info["cards"].values()))
    return written


def _dump_set(path: Path, set_id: str, set_name: str, cards: list[CardDef]) -> None:
    out = []
    for card in sorted(cards, key=lambda c: c.id):
        d = card_to_dict(card)
        d.pop("set", None)  # from the file's header
        out.append(d)
    text = "# Imported with `bss-desktop import-cards`; re-importing a card replaces it.\n" + yaml.dump(
        {"set": {"id": set_id, "name": set_name}, "cards": out}, Dumper=_YAML_DUMPER, sort_keys=False,
        allow_unicode=True, width=100)
    tmp = path.with_suffix(".yaml.tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)


def load_user_db(base_db: CardDB | None = None, user_dir: str | Path | None = None) -> CardDB:
    """`user_db.load_user_db` (the shipped cards plus the imported ones, cached), with this module's
    `user_cards_dir()` as the default folder."""
    from .user_db import load_user_db as load

    return load(base_db, user_dir if user_dir is not None else user_cards_dir())
