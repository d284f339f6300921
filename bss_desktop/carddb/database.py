"""The card database: every known `CardDef` by id, loaded from YAML set files."""
from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path

import yaml

from .cards import CardDef
from bss_desktop.data_files import MB, DataFileError, depth_limited, read_text
from bss_desktop.resources import cards_dir

from .errors import CardDataError
from .game_cards import card_from_record
from .schema import ID_PATTERN, card_to_dict, card_tokens

HASH_FORMAT = 1  # bump when the canonical form hashed by content_hash() changes


class CardDB(Mapping[str, CardDef]):
    """Card id -> `CardDef`. Also finds cards by card name (CR 2-1)."""

    def __init__(self, cards: Iterable[CardDef] = ()) -> None:
        self._cards: dict[str, CardDef] = {}
        self._by_name: dict[str, list[str]] = {}
        self._sources: dict[str, str] = {}
        self._printings: dict[str, str] = {}  # printing id (an alternate art) -> its card's id
        self._hash: str | None = None
        self._frozen = False
        for card in cards:
            self.add(card)

    # -- mapping -----------------------------------------------------------
    def __getitem__(self, card_id: str) -> CardDef:
        try:
            return self._cards[card_id]
        except KeyError:
            raise KeyError(f"unknown card {card_id!r}") from None

    def __contains__(self, card_id: object) -> bool:
        return card_id in self._cards

    def __len__(self) -> int:
        return len(self._cards)

    def __iter__(self) -> Iterator[str]:
        return iter(self._cards)

    def get(self, card_id: str, default: CardDef | None = None) -> CardDef | None:
        return self._cards.get(card_id, default)

    def __repr__(self) -> str:
        return f"<CardDB {len(self)} cards>"

    # -- building ----------------------------------------------------------
    def add(self, card: CardDef, *, source: str | None = None) -> None:
        """Add `card`. Adding an identical card again is a no-op; a different card with the same id is a ValueError."""
        if self._frozen:
            raise TypeError("this card db is shared and read-only; use .copy() to get one you can add to")
        if not isinstance(card, CardDef):
            raise TypeError(f"expected a CardDef, got {type(card).__name__}")
        old = self._cards.get(card.id)
        if old is not None:
            if old == card:
                return
            differ = [f.name for f in dataclasses.fields(CardDef) if f.compare and getattr(old, f.name) != getattr(card, f.name)]
            raise ValueError(f"card id {card.id!r} is already in the card db with different content ({', '.join(differ)})")
        if card.id in self._printings:
            raise ValueError(f"card id {card.id!r} is already a printing of {self._printings[card.id]}")
        for p in card.printings:
            if p.id in self._cards or p.id in self._printings:
                other = self._printings.get(p.id, p.id)
                raise ValueError(f"printing {p.id!r} of {card.id} is already "
                                 + ("a card" if p.id in self._cards else f"a printing of {other}"))
        self._cards[card.id] = card
        for p in card.printings:
            self._printings[p.id] = card.id
        self._by_name.setdefault(card.name.casefold(), []).append(card.id)
        if source is not None:
            self._sources[card.id] = source
        self._hash = None
        for token in card_tokens(card):  # the tokens its effects make are cards of the db too (CR 4-12-2)
            self.add(token, source=source)

    def copy(self) -> "CardDB":
        """An independent, writable copy (the default db is read-only because it's shared)."""
        new = CardDB()
        new._cards = dict(self._cards)
        new._by_name = {k: list(v) for k, v in self._by_name.items()}
        new._sources = dict(self._sources)
        new._printings = dict(self._printings)
        new._hash = self._hash
        return new

    def freeze(self) -> "CardDB":
        self._frozen = True
        return self

    # -- queries -----------------------------------------------------------
    def by_name(self, name: str) -> list[CardDef]:
        """Every card with card name `name` (case-insensitive), sorted by id.

        The additional name is not part of the card name (CR 2-1-2), so
        "Ember Whelp" finds both CORE-001 and CORE-001A.
        """
        return [self._cards[i] for i in sorted(self._by_name.get(name.strip().casefold(), ()))]

    def card_id_of(self, card_or_printing_id: str) -> str | None:
        """The card an id stands for: a card's own id, or the card whose printing (alternate art) it is; None if
        neither."""
        if card_or_printing_id in self._cards:
            return card_or_printing_id
        return self._printings.get(card_or_printing_id)

    def printing_ids(self) -> dict[str, str]:
        """Every printing id (alternate art) -> its card's id."""
        return dict(self._printings)

    def source_of(self, card_id: str) -> str | None:
        """The file a card was loaded from, if known."""
        return self._sources.get(card_id)

    def content_hash(self) -> str:
        """sha256 (hex) of a canonical JSON of every card, sorted by id.

        The same cards give the same hash on every run and platform (no
        dict order, float or locale involved), so two players can check that
        they play with the same card data.
        """
        if self._hash is None:
            canonical = {
                "format": HASH_FORMAT,
                # a card's printings (alternate arts) change no rule of play: players with different art agree
                "cards": [{k: v for k, v in card_to_dict(self._cards[i]).items() if k != "printings"}
                          for i in sorted(self._cards)],
            }
            blob = json.dumps(canonical, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
            self._hash = hashlib.sha256(blob.encode("ascii")).hexdigest()
        return self._hash

    # -- loading -----------------------------------------------------------
    @classmethod
    def from_files(cls, paths: Iterable[str | Path], profile=None) -> "CardDB":
        """Load set files (of `profile`'s game; None: Battle Spirits Saga) in order; the same card id in two files
        is an error naming both."""
        db = cls()
        for path in paths:
            shown = display_path(path)
            for card in load_set_file(path, profile):
                db.add_from_file(card, shown)
        return db

    def add_from_file(self, card: CardDef, shown: str) -> None:
        """`add` for a card read from a set file: an id (or printing id) already taken is a CardDataError naming
        both files."""
        for ident in (card.id, *(p.id for p in card.printings)):
            owner = self.card_id_of(ident)
            if owner is not None:
                first = self.source_of(owner) or "the shipped cards"
                what = "duplicate card id" if ident == card.id and owner == ident else f"id {ident} is taken"
                raise CardDataError(f"{what}: also defined in {first}", file=shown, card_id=card.id)
        self.add(card, source=shown)


def display_path(path: str | Path) -> str:
    """`path` as shown in messages: shipped files as ``cards/sets/core.yaml``, others as given."""
    try:
        rel = Path(path).resolve().relative_to(cards_dir().resolve())
    except (ValueError, OSError):
        return str(path)
    return "cards/" + rel.as_posix()


def _yaml_line(err: yaml.YAMLError) -> int | None:
    mark = getattr(err, "problem_mark", None) or getattr(err, "context_mark", None)
    return mark.line + 1 if mark is not None else None


def _node_line(node: yaml.Node, field: str | None) -> int:
    """The line of `field` (e.g. ``levels[1].bp``) inside a card's YAML node, or the card's own line."""
    line = node.start_mark.line + 1
    if not field:
        return line
    for step in field.replace("[", ".[").split("."):
        if not step:
            continue
        if step.startswith("[") and isinstance(node, yaml.SequenceNode):
            index = int(step[1:-1])
            if index >= len(node.value):
                break
            node = node.value[index]
        elif isinstance(node, yaml.MappingNode):
            match = [(k, v) for k, v in node.value if isinstance(k, yaml.ScalarNode) and k.value == step]
            if not match:
                break
            key, node = match[0]
            line = key.start_mark.line + 1
            continue
        else:
            break
        line = node.start_mark.line + 1
    return line


def _check_duplicate_keys(node: yaml.Node, file: str, card_id: str | None, prefix: str = "", seen_nodes=None) -> None:
    """PyYAML silently keeps the last of two equal keys; a duplicated field is almost always a mistake."""
    seen_nodes = set() if seen_nodes is None else seen_nodes
    if id(node) in seen_nodes:  # aliases can make the node graph cyclic
        return
    seen_nodes.add(id(node))
    if isinstance(node, yaml.MappingNode):
        keys: dict[str, int] = {}
        for key, value in node.value:
            if isinstance(key, yaml.ScalarNode) and key.value != "<<":
                line = key.start_mark.line + 1
                if key.value in keys:
                    raise CardDataError(
                        f"appears twice (also on line {keys[key.value]})",
                        file=file, card_id=card_id, field=prefix + key.value, line=line,
                    )
                keys[key.value] = line
                _check_duplicate_keys(value, file, card_id, f"{prefix}{key.value}.", seen_nodes)
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            _check_duplicate_keys(item, file, card_id, f"{prefix.rstrip('.')}[{i}].", seen_nodes)


def _card_id_of(node: yaml.Node) -> str | None:
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            if isinstance(key, yaml.ScalarNode) and key.value == "id" and isinstance(value, yaml.ScalarNode):
                return value.value
    return None


# libyaml's loader when PyYAML was built with it: ten times faster on the shipped sets (start-up), same nodes,
# same line marks for error messages; the pure-Python loader otherwise. Either counts the depth it composes
# (data_files.depth_limited): a set nested too deep is refused naming its line, before anything recurses.
_LOADER = depth_limited(getattr(yaml, "CSafeLoader", yaml.SafeLoader))


def read_yaml_document(path, shown: str, *, limit: int, what: str, check=None) -> tuple:
    """(root node, data) of one YAML data file (a set file, the token table), (None, None) when it is empty. Every
    problem is a CardDataError naming `shown` and, where it has one, the line: too big, not UTF-8 (a BOM from a
    Windows editor is fine), nested too deep, a syntax error, a key twice (`check(root)` checks the node tree before
    it is built; default: no key twice anywhere)."""
    try:
        text = read_text(path, limit=limit, what=what, encoding="utf-8-sig")
    except DataFileError as e:
        raise CardDataError(e.problem, file=shown) from None
    except UnicodeDecodeError as e:
        raise CardDataError(f"not UTF-8 text ({e.reason} at byte {e.start})", file=shown) from None
    loader = _LOADER(text)
    try:
        root = loader.get_single_node()
        if root is None:
            return None, None
        if check is not None:
            check(root)
        else:
            _check_duplicate_keys(root, shown, None)
        return root, loader.construct_document(root)
    except DataFileError as e:  # nested too deep: named with its line, like a syntax error
        raise CardDataError(e.problem, file=shown, line=e.line) from None
    except yaml.YAMLError as e:
        problem = getattr(e, "problem", None) or str(e)
        raise CardDataError(f"YAML syntax error: {problem}", file=shown, line=_yaml_line(e)) from None
    finally:
        loader.dispose()
# A card is ~450 bytes of YAML (cards/sets/saga1.yaml: 189 cards in 84 KB); every card of a game ever printed,
# ~5,000, in one file would be ~2.5 MB. 32 MB is far beyond any real set file.
MAX_SET_FILE_BYTES = 32 * MB


def load_set_file(path: str | Path, profile=None) -> list[CardDef]:
    """Read one set file (``set: {id, name}``, ``game:`` and ``cards: [...]``) into CardDefs, checking every card
    against its game's profile (None: Battle Spirits Saga, whose files may leave ``game:`` out)."""
    shown = display_path(path)

    def check(root) -> None:
        checked: set[int] = set()  # cards first, so their errors name the card
        card_list = _child(root, "cards")
        if isinstance(card_list, yaml.SequenceNode):
            for card_node in card_list.value:
                _check_duplicate_keys(card_node, shown, _card_id_of(card_node), seen_nodes=checked)
        _check_duplicate_keys(root, shown, None, seen_nodes=checked)

    root, data = read_yaml_document(path, shown, limit=MAX_SET_FILE_BYTES, what="a card set file", check=check)
    if root is None:
        raise CardDataError("the file is empty; expected 'set:' and 'cards:'", file=shown)

    games = ("bss",) if profile is None else (profile.id, *profile.extends)  # a game's sets serve the games extending it
    set_id = _read_header(data, root, shown, games)
    card_nodes = _child(root, "cards")
    cards: list[CardDef] = []
    first_line: dict[str, int] = {}
    for i, item in enumerate(data["cards"]):
        node = card_nodes.value[i] if isinstance(card_nodes, yaml.SequenceNode) else root
        try:
            card = card_from_record(item, profile, file=shown, set_id=set_id)
        except CardDataError as e:
            raise e.with_context(line=_node_line(node, e.field)) from None
        line = node.start_mark.line + 1
        if card.id in first_line:
            raise CardDataError(
                f"duplicate card id (first defined on line {first_line[card.id]})",
                file=shown, card_id=card.id, field="id", line=_node_line(node, "id"),
            )
        first_line[card.id] = line
        cards.append(card)
    return cards


def _child(node: yaml.Node, name: str) -> yaml.Node:
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            if isinstance(key, yaml.ScalarNode) and key.value == name:
                return value
    return node


def _read_header(data: object, root: yaml.Node, file: str, games: tuple[str, ...]) -> str:
    """Check the file's top level (its cards are of one of `games`) and return its set id."""
    def fail(message: str, field: str | None = None) -> CardDataError:
        return CardDataError(message, file=file, field=field, line=_node_line(root, field))

    if not isinstance(data, dict):
        raise fail("expected a mapping with 'set:' and 'cards:' at the top level")
    for key in data:
        if key not in ("set", "game", "cards"):
            raise fail("unknown top-level field; expected only 'set', 'game' and 'cards'", str(key))
    if data.get("game", "bss") not in games:
        raise fail(f"this set is for the game {data.get('game')!r}, not {games[0]!r}", "game")
    if "set" not in data:
        raise fail("missing 'set: {id: ..., name: ...}'")
    header = data["set"]
    if not isinstance(header, dict):
        raise fail("expected a mapping like {id: CORE, name: Core Set}", "set")
    for key in header:
        if key not in ("id", "name"):
            raise fail("unknown field; expected only 'id' and 'name'", f"set.{key}")
    set_id = header.get("id")
    if not isinstance(set_id, str) or not ID_PATTERN.match(set_id):
        raise fail("expected a set id such as CORE", "set.id")
    if not isinstance(header.get("name"), str) or not header["name"].strip():
        raise fail("expected the set's name", "set.name")
    if "cards" not in data:
        raise fail("missing 'cards:' (a list of cards)")
    if not isinstance(data["cards"], list):
        raise fail("expected a list of cards", "cards")
    return set_id


@functools.lru_cache(maxsize=1)
def load_default_db() -> CardDB:
    """Every shipped card: all ``*.yaml`` under ``cards_dir()/sets``. Cached and read-only (use `.copy()` to extend)."""
    sets = cards_dir() / "sets"
    paths = sorted(sets.rglob("*.yaml"))
    if not paths:
        raise CardDataError(f"no card sets (*.yaml) found in {sets}")
    return CardDB.from_files(paths).freeze()


@functools.lru_cache(maxsize=8)
def game_db(profile=None) -> CardDB:
    """Every shipped card of `profile`'s game (read-only, cached): the *.yaml in its `cards.sets` folder. Battle
    Spirits Saga's (None or "bss") is `load_default_db()`."""
    if profile is None or profile.id == "bss":
        return load_default_db()
    return CardDB.from_files(sorted((cards_dir() / profile.cards.sets).glob("*.yaml")), profile).freeze()
