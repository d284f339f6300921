"""The player's token table: the stats of the tokens imported cards summon by name (docs/saga-rulings.md, Tokens).

A token's information comes from the annotation printed with the effect that makes it (CR 4-12-2). The community
card records carry the effect's words ("summon 1 of your Gadget Tokens") but not the annotation, so the importer
compiles such a sentence to a token named by name, ``{token: {ref: Gadget, count: 1}}``, and the stats come from
the player's own table, ``<data>/cards/tokens.yaml`` beside the imported sets (bss_desktop/paths.py):

    Gadget:                # the name the cards use (without "Token"; any case)
      colors: [white]
      families: [Machine]  # optional
      bp: 1000
      cores: 1             # LV1's cores, default 1
      symbols: [white]     # optional

Every token is a spirit of cost 0 with one level (CR 4-12-2). The table is checked like a set file: a malformed
entry is a `CardDataError` naming the file, the line and the field, and `player_db` then starts without the table
(every token summoned by name stays manual) and says why. A card whose token the table lacks keeps that effect
manual (`resolve_tokens`): the players make the token by hand.

Pure Python (PyYAML): no Qt.
"""
from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import Any

import yaml

from ..data_files import MB
from ..limits import MAX_BP
from .cards import CardDef, Level
from .effects import FEAST_TOKENS, MAX_TOKEN_NAME
from .errors import CardDataError

__all__ = ["TOKEN_FIELDS", "describe", "load_token_table", "missing_tokens", "resolve_tokens", "save_token",
           "token_card", "token_key", "token_refs", "tokens_file"]

TOKEN_FIELDS = ("colors", "families", "bp", "cores", "symbols")
MAX_TABLE_BYTES = 1 * MB
MAX_TOKEN_CORES = 10  # LV1 of a token: a handful of cores at most


def tokens_file() -> Path:
    """``<user data dir>/cards/tokens.yaml``: beside the imported set files (bss_desktop/paths.py)."""
    from ..paths import tokens_file as where

    return where()


def token_key(name: str) -> str:
    """The table's key of a token name: case and spacing ignored, a trailing "Token(s)" left out."""
    words = " ".join(str(name).split()).casefold()
    return re.sub(r"\s*\btokens?\Z", "", words).strip()


def token_card(name: str, stats: dict) -> CardDef:
    """The token's card definition from checked stats (CR 4-12-2: a spirit, cost 0, one level)."""
    slug = re.sub(r"[^A-Za-z0-9]+", "-", token_key(name)).strip("-").upper() or "X"
    shown = name.strip()
    if not shown.lower().endswith("token"):
        shown += " Token"
    return CardDef(id=f"TK-{slug}", name=shown, type="spirit", colors=tuple(stats["colors"]), cost=0,
                   symbols=tuple(tuple(sym.split("/")) for sym in stats.get("symbols", ())),
                   families=tuple(stats.get("families", ())),
                   levels=(Level(1, stats.get("cores", 1), stats["bp"]),), token=True)


def _check_entry(name: Any, value: Any, shown: str, line_of) -> dict:
    """One entry's stats, checked; a CardDataError naming the file, line and field otherwise."""
    from .schema import _color_list, _families, _Reader, _symbols

    if not isinstance(name, str) or not token_key(name) or len(name.strip()) > MAX_TOKEN_NAME:
        raise CardDataError(f"a token name is text of 1 to {MAX_TOKEN_NAME} characters, got {name!r}",
                            file=shown, field=str(name), line=line_of(None))
    if not isinstance(value, dict):
        raise CardDataError("expected the token's stats: {colors: [...], bp: N, ...}", file=shown, field=name,
                            line=line_of(None))
    r = _Reader(value, shown, None)
    try:
        unknown = sorted(str(k) for k in value if k not in TOKEN_FIELDS)
        if unknown:
            raise r.error(unknown[0], f"unknown field; a token has {', '.join(TOKEN_FIELDS)}")
        if "colors" not in value:
            raise r.error("colors", "a token needs its colours, e.g. [green]")
        colors = _color_list(r, value["colors"], "colors", allow_repeats=False)
        if not colors:
            raise r.error("colors", "a token needs at least one colour")
        if "bp" not in value:
            raise r.error("bp", "a token spirit needs its BP")
        return {"colors": colors, "families": list(_families(r, value.get("families", []))),
                "bp": r.integer(value["bp"], "bp", 1, MAX_BP),
                "cores": r.integer(value.get("cores", 1), "cores", 1, MAX_TOKEN_CORES),
                "symbols": ["/".join(s) for s in _symbols(r, value.get("symbols", []))]}
    except CardDataError as e:
        raise CardDataError(e.message, file=shown, field=f"{name}.{e.field}" if e.field else name,
                            line=line_of(e.field)) from None


def load_token_table(path: str | Path | None = None) -> dict[str, CardDef]:
    """token key -> its card definition; {} when there is no table. A malformed table: CardDataError."""
    from .database import _node_line, read_yaml_document

    path = Path(path) if path is not None else tokens_file()
    if not path.is_file():
        return {}
    shown = str(path)
    root, data = read_yaml_document(path, shown, limit=MAX_TABLE_BYTES, what="the token table")
    if root is None:
        return {}
    if not isinstance(data, dict):
        raise CardDataError("expected token names, each with its stats (Gadget: {colors: [white], bp: 1000})",
                            file=shown, line=1)
    nodes = {k.value: v for k, v in root.value if isinstance(k, yaml.ScalarNode)}
    out: dict[str, CardDef] = {}
    for name, value in data.items():
        node = nodes.get(str(name))

        def line_of(field, node=node):
            return _node_line(node, field) if node is not None else None

        stats = _check_entry(name, value, shown, line_of)
        key = token_key(name)
        if key in out:
            raise CardDataError("names a token named before (case, spacing and 'Token' aside)", file=shown,
                                field=str(name), line=line_of(None))
        out[key] = token_card(name, stats)
    return out


def save_token(name: str, stats: dict, path: str | Path | None = None) -> CardDef:
    """Check `stats` and write them into the table under `name` (replacing that token's entry); the card made."""
    path = Path(path) if path is not None else tokens_file()
    checked = _check_entry(name, stats, str(path), lambda field: None)
    entries: dict = {}
    if path.is_file():
        load_token_table(path)  # a broken table is not written over
        entries = yaml.safe_load(path.read_text(encoding="utf-8-sig")) or {}
    entries = {k: v for k, v in entries.items() if token_key(k) != token_key(name)}
    entries[" ".join(name.split())] = {k: v for k, v in checked.items() if v or k in ("bp", "colors")}
    from ..paths import write_atomically

    write_atomically(path, yaml.safe_dump(entries, sort_keys=True, allow_unicode=True))
    return token_card(name, checked)


def describe(token: CardDef) -> str:
    """A token's stats in a line: "white, BP 2000, LV1 1 core, Machine, symbols white"."""
    lv = token.levels[0]
    parts = ["/".join(token.colors), f"BP {lv.bp}", f"LV1 {lv.cores} core{'s' if lv.cores != 1 else ''}"]
    if token.families:
        parts.append("/".join(token.families))
    parts.append("symbols " + (", ".join("/".join(s) for s in token.symbols) if token.symbols else "none"))
    return ", ".join(parts)


def token_refs(db) -> dict[str, list[str]]:
    """The token names the db's cards summon by name -> the ids of the cards that do (sorted)."""
    out: dict[str, set] = {}
    for card in db.values():
        for d in _token_directives(card):
            for ref in _refs(d):
                out.setdefault(ref, set()).add(card.id)
    return {name: sorted(ids) for name, ids in sorted(out.items(), key=lambda kv: token_key(kv[0]))}


def missing_tokens(db, table: dict, card_ids) -> dict[str, list[str]]:
    """The token names these cards of `db` (as imported: not yet resolved) summon by name and `table` lacks ->
    the ids of those cards, names sorted."""
    out: dict[str, tuple[str, set]] = {}
    for cid in dict.fromkeys(card_ids):
        card = db.get(cid)
        if card is None:
            continue
        for d in _token_directives(card):
            for ref in _refs(d):
                key = token_key(ref)
                if key not in table:
                    out.setdefault(key, (ref, set()))[1].add(cid)
    return {out[k][0]: sorted(out[k][1]) for k in sorted(out)}


def _token_directives(card: CardDef):
    for e in card.effects:
        for d in (*e.do, *e.chain, *(x for _, ds in e.more_chains for x in ds)):
            if d.op == "token" and d.token_ref is not None or d.op == "feast":
                yield d


def _refs(d) -> tuple[str, ...]:
    """The token names a directive summons by name: a `ref` token's, or 【Feast】's three (FEAST_TOKENS)."""
    return FEAST_TOKENS if d.op == "feast" else (d.token_ref,)


def _unmade(d) -> bool:
    """Whether a directive summons by name a token whose stats it lacks (the table had none)."""
    if d.op == "feast":
        return d.token is None
    return d.op == "token" and d.token_ref is not None and d.token is None


_FRAME_KEYS = ("kind", "levels", "trigger", "step", "whose", "timing", "condition", "watch", "count")


def _resolved_effect(e, table: dict, card: CardDef):
    """The effect with its named tokens' stats filled in; when the table lacks one, the effect as the importer
    writes a manual one (its frame and its words, no directives: resolved by hand, CR 4-12-2 unmet)."""
    def fill(d):
        if d.op == "feast":  # all three of its tokens, or none (the effect is then manual)
            made = tuple(table.get(token_key(ref)) for ref in FEAST_TOKENS)
            return dataclasses.replace(d, token=None if None in made else made)
        if d.op != "token" or d.token_ref is None:
            return d
        return dataclasses.replace(d, token=table.get(token_key(d.token_ref)))

    do, chain = tuple(fill(d) for d in e.do), tuple(fill(d) for d in e.chain)
    more = tuple((c, tuple(fill(d) for d in ds)) for c, ds in e.more_chains)
    if not any(_unmade(d) for d in (*do, *chain, *(x for _, ds in more for x in ds))):
        return dataclasses.replace(e, do=do, chain=chain, more_chains=more)
    from .card_text import effect_text
    from .effects import effect_to_dict, parse_effect

    whole = effect_to_dict(e, lambda tok: {})
    manual = {k: v for k, v in whole.items() if k in _FRAME_KEYS}
    manual.update(manual=True, text=effect_text(e, card))  # what the players do by hand: the effect's words
    return parse_effect(manual, "(token table)", card_type=card.type)


def resolve_tokens(db, table: dict[str, CardDef]):
    """A copy of `db` whose cards' tokens named by name have the table's stats (the token cards added too); an
    effect whose token the table lacks is manual in the copy (its players make the token by hand, CR 4-12-2)."""
    if not any(True for c in db.values() for _ in _token_directives(c)):
        return db
    from .database import CardDB

    out = CardDB()
    for cid in db:
        card = db[cid]
        if any(True for _ in _token_directives(card)):
            card = dataclasses.replace(card, effects=tuple(_resolved_effect(e, table, card) for e in card.effects))
        if card.id not in out:
            out.add(card, source=db.source_of(cid))
    return out
