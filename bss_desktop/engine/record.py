"""Game records: how a game began plus every command, as JSON; replaying one reproduces it.

A record is a dict:
  format: "bss-record", version: 1, app: app version
  settings: ruleset settings (settings.Ruleset)
  start: {"seed", "first_player", "decks": [[card ids], [card ids]], "deck_names"?}
         or {"position": a position (see position.py)} — never in a LAN game: the guest's audit
         (protocol/fairness.py) accepts only the seed form, rebuilt from the committed seed and deck lists
  cards: inline card definitions the game used that are not in the card database (optional)
  commands: [command dicts]
  hashes: state hash after setup, then after every command (so len(hashes) == len(commands) + 1)
  result: {"winner": 0 | 1 | null, "reason": str} once the game is over
"""
from __future__ import annotations

import json
import reprlib
from pathlib import Path

from .. import __version__
from ..data_files import MB, DataFileError, load_json, read_text
from ..limits import MAX_SEED
from .commands import CommandFormatError, command_from_dict
from .errors import IllegalCommand, RecordError
from .game import Game
from .settings import Ruleset

FORMAT = "bss-record"
VERSION = 1
# The longest game the LAN allows is 20,000 commands (protocol/messages.py, at most 6 MB of them as compact JSON).
# Saved here with `indent=1` and a state hash each, a random game's command takes ~175 bytes and the largest kind
# (~300 compact) ~570: 20,000 of those are ~12 MB. Records and autosaves of up to 16 MB are read.
MAX_RECORD_FILE_BYTES = 16 * MB


def to_record(game: Game) -> dict:
    rec = {
        "format": FORMAT,
        "version": VERSION,
        "app": __version__,
        "settings": game.settings.to_dict(),
        "start": game.start,
        "commands": [c.to_dict() for c in game.history],
        "hashes": list(game.hashes) if game.record_hashes else [],
    }
    if game.state.result is not None:
        rec["result"] = {"winner": game.state.result.winner, "reason": game.state.result.reason}
    return rec


def save_record(game: Game, path) -> None:
    Path(path).write_text(json.dumps(to_record(game), indent=1))


def load_record(path) -> dict:
    """The record in the file at `path`, checked (`check_record`); RecordError names the file and what is wrong.
    A file that can't be read or is not UTF-8 raises OSError / UnicodeDecodeError."""
    try:
        rec = load_json(read_text(path, limit=MAX_RECORD_FILE_BYTES, what="a game record"), source=str(path))
    except DataFileError as e:
        raise RecordError(str(e)) from None
    except json.JSONDecodeError as e:
        raise RecordError(f"{path}: not valid JSON (line {e.lineno}, column {e.colno}): {e.msg}") from None
    check_record(rec, source=str(path))
    return rec


def check_record(rec, source: str = "record") -> None:
    if not isinstance(rec, dict):
        raise RecordError(f"{source}: a record is a JSON object")
    if rec.get("format") != FORMAT:
        raise RecordError(f"{source}: field 'format' must be {FORMAT!r}, got {rec.get('format')!r}")
    if rec.get("version") != VERSION:
        raise RecordError(f"{source}: field 'version': this app reads version {VERSION}, got {rec.get('version')!r}")
    for key, kind in (("start", dict), ("commands", list)):
        if not isinstance(rec.get(key), kind):
            raise RecordError(f"{source}: field '{key}' is missing or not a {kind.__name__}")


def start_game(rec: dict, db, *, record_hashes: bool = True) -> Game:
    """The game as it stood before the record's first command; a bad start raises RecordError."""
    from ..carddb.errors import DeckListError
    from .errors import PositionError

    try:
        settings = Ruleset.from_dict(rec.get("settings"))
    except (TypeError, ValueError, AttributeError) as e:
        raise RecordError(f"field 'settings': {e}") from None
    start = rec["start"]
    if "position" in start:
        from .position import game_from_position

        try:
            return game_from_position(start["position"], db, settings=settings, record_hashes=record_hashes)
        except PositionError as e:
            raise RecordError(f"field 'start.position.{e.field}': {e.message}") from None
    for key in ("seed", "decks"):
        if key not in start:
            raise RecordError(f"field 'start.{key}' is missing")
    seed, decks, first = start["seed"], start["decks"], start.get("first_player")
    if not isinstance(seed, int) or isinstance(seed, bool) or abs(seed) > MAX_SEED:
        raise RecordError(f"field 'start.seed': expected a whole number of at most 64 bits, got {reprlib.repr(seed)}")
    if not (isinstance(decks, list) and len(decks) == 2 and all(isinstance(d, list) for d in decks)):
        raise RecordError("field 'start.decks': expected two lists of card ids")
    if first not in (None, 0, 1) or isinstance(first, bool):
        raise RecordError(f"field 'start.first_player': expected 0, 1 or null, got {first!r}")
    profile = None
    if "game" in start:  # another game's table (its profile)
        from ..table.profiles import get_profile
        from ..table.schema import ProfileError

        try:
            profile = get_profile(start["game"]) if isinstance(start["game"], str) else None
        except ProfileError as e:
            raise RecordError(f"field 'start.game': {e.message}") from None
        if profile is None:
            raise RecordError(f"field 'start.game': expected a game's name, got {start['game']!r}")
        if "rules" in start:  # its rules mode's module (table.profiles.RULES_APART)
            from ..table.profiles import with_rules

            ruled = with_rules(profile)
            if start["rules"] != ruled.rules or ruled is profile:
                raise RecordError(f"field 'start.rules': {profile.name} is played by no rules module named "
                                  f"{reprlib.repr(start['rules'])}")
            profile = ruled
    sides = start.get("sides")
    if sides is not None and not (isinstance(sides, list) and len(sides) == 2 and all(isinstance(d, list) for d in sides)):
        raise RecordError("field 'start.sides': expected two lists of card ids")
    try:
        # a sandbox enforces no rule, the deck rules included (a goldfish game has no deck on the other side)
        return Game.new(db, decks, seed, first_player=first, settings=settings, record_hashes=record_hashes,
                        deck_names=start.get("deck_names"), validate_decks=not (settings and settings.sandbox),
                        profile=profile, sides=sides)
    except (DeckListError, KeyError) as e:
        raise RecordError(f"field 'start.decks': {e}") from None


def replay(rec: dict, db, *, verify: bool = True, stop: int | None = None) -> Game:
    """Replay a record's commands (the first `stop` of them); with `verify`, check every stored hash.

    Raises RecordError naming the first command whose result differs from the record.
    """
    check_record(rec)
    game = start_game(rec, db, record_hashes=verify)
    hashes = rec.get("hashes") or []
    if verify and hashes and game.hashes[0] != hashes[0]:
        raise RecordError("the state after setup differs from the record (hash mismatch before command 1)")
    commands = rec["commands"] if stop is None else rec["commands"][:stop]
    for i, cd in enumerate(commands):
        try:
            game.apply(command_from_dict(cd))
        except (CommandFormatError, IllegalCommand) as e:
            raise RecordError(f"command {i + 1} ({cd.get('type') if isinstance(cd, dict) else cd!r}): {e}") from None
        if verify and i + 1 < len(hashes) and game.hashes[-1] != hashes[i + 1]:
            raise RecordError(f"command {i + 1}: the state differs from the record (hash mismatch)")
    return game
