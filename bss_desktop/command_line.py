"""What the command line and the benchmarks share: the player's cards and the decks named on a command line, and
the one-line errors for input that can't be used (no Qt).

`cli.py` and `bench/` both use it, so neither reaches into the other.
"""
from __future__ import annotations

import sys
from itertools import permutations
from pathlib import Path


class BadInput(Exception):
    """A file or name from the command line that can't be used: `main` prints the message (one line, naming the
    file and the problem) on stderr and exits with status 2, never a traceback."""


def one_line(text: str) -> str:
    """A message on one line: its lines joined by '; ' (or a space after a line ending with ':')."""
    out = ""
    for part in (p.strip() for p in str(text).splitlines()):
        if part:
            out += ("" if not out else " " if out.endswith(":") else "; ") + part
    return out


def read_problem(path, e: Exception) -> str:
    """What went wrong reading `path`, for a BadInput message."""
    if isinstance(e, FileNotFoundError):
        return f"{path}: no such file"
    if isinstance(e, IsADirectoryError):
        return f"{path}: is a folder, not a file"
    if isinstance(e, OSError):
        return f"{path}: cannot read it ({e.strerror or e})"
    if isinstance(e, UnicodeDecodeError):
        return f"{path}: not a text file (byte {e.start} is not UTF-8)"
    return f"{path}: {e}"


def game_profile(name: str):
    """The game a command's `--game` names, if a rules module plays it (simulate, arena, bench engine): its profile.
    An unknown name, or a game played by hand only (no rules module: the sandbox), is a BadInput saying so."""
    from .table.profiles import all_profiles, get_profile
    from .table.schema import ProfileError

    from .table.profiles import with_rules

    ruled = ", ".join(p.id for p in all_profiles() if with_rules(p).rules)
    try:
        profile = with_rules(get_profile(name))  # (its rules mode: RULES_APART)
    except ProfileError as e:
        known = name in {p.id for p in all_profiles()} or "no game is called" not in str(e)
        why = f"its profile does not load ({e})" if known else "there is no such game"
        raise BadInput(f"--game {name}: {why}; the games with rules are {ruled}") from None
    if profile.rules is None:
        raise BadInput(f"--game {name}: {profile.name} has no rules module, so the computer can't play it (it is "
                       f"played by hand, in the sandbox); the games with rules are {ruled}")
    return profile


def is_saga(profile) -> bool:
    """Whether `profile` is Battle Spirits Saga's (None: the default game)."""
    return profile is None or profile.id == "bss"


def game_cards(profile=None):
    """The cards a game is played with: for Battle Spirits Saga the player's (`player_db`), for another game its
    shipped cards (carddb.database.game_db)."""
    if is_saga(profile):
        return player_db()
    from .carddb.database import game_db

    return game_db(profile)


def _named_decks(spec: str, example: str = "red-vanilla,blue-vanilla") -> list[str]:
    names = [n.strip() for n in spec.split(",") if n.strip()]
    if len(names) != 2:
        raise BadInput(f"--decks takes two decks separated by a comma, e.g. --decks {example}")
    return names


def _every_pairing(shipped: dict) -> list:
    every = [(n, shipped[n].cards) for n in sorted(shipped)]
    return list(permutations(every, 2)) if len(every) > 1 else [(every[0], every[0])]


def _a_file(name: str) -> bool:
    """Whether a name on the command line means a deck file rather than a deck name."""
    path = Path(name)
    return path.exists() or bool({"/", "\\"} & set(name) or path.suffix)


def other_game(name: str, profile=None):
    """The profile of another game with rules whose deck the deck name or deck file `name` is (its shipped deck, or a
    file all of whose cards are its cards), when the game `profile` (None: Battle Spirits Saga) can't use it."""
    from .carddb.database import game_db
    from .carddb.deck_formats import game_deck_file, game_decks
    from .table.profiles import all_profiles

    here = "bss" if profile is None else profile.id
    for other in all_profiles():
        if other.id == here or not other.rules:
            continue
        try:
            db = game_db(other)
            if _a_file(name):
                deck = game_deck_file(Path(name), db)
                if isinstance(deck, list) or not deck.cards:
                    continue
            elif name not in game_decks(db, other):
                continue
        except Exception:  # noqa: BLE001 - only a hint: another game that can't be read gives none
            continue
        return other
    return None


def _elsewhere(name: str, profile=None) -> str:
    """" (a deck of Battle Spirits Standard: --game standard)" after an unknown deck name that is another game's."""
    other = other_game(name, profile)
    return f" (a deck of {other.name}: --game {other.id})" if other else ""


def _not_this_game(name: str, profile, problems: list[str]) -> BadInput | None:
    """"<name>: a deck of <other game> (--game <id>), not of <this game>: <first problem> …" when `name` is another
    game's deck; None when it is not."""
    other = other_game(name, profile)
    if other is None:
        return None
    here = "Battle Spirits Saga" if profile is None else profile.name
    return BadInput(f"{name}: a deck of {other.name} (--game {other.id}), not of {here}: {_first(problems)}")


def _first(problems: list[str], n: int = 3) -> str:
    """The first `n` problems, and how many more."""
    more = len(problems) - n
    return "; ".join(problems[:n]) + (f"; and {more} more problem{'s' if more > 1 else ''}" if more > 0 else "")


def load_deck_pairs(db, spec: str | None, profile=None):
    """Deck pairs for the simulator: the named decks, or every pairing of the shipped decks. For Battle Spirits
    Saga (`profile` None or bss) shipped deck names, the player's "my-<name>" decks or deck files; for another game
    (carddb.deck_formats.game_decks) its shipped deck names, the player's "my-<name>" decks of that game or deck
    files, checked with that game's deck rules (carddb.deck_rules.rules_of)."""
    if not is_saga(profile):
        return _game_deck_pairs(db, spec, profile)
    from .carddb.decks import load_deck_file, validate_deck
    from .carddb.errors import DeckListError
    from .carddb.player_db import MY_PREFIX, player_decks

    def one(name: str):
        if name in decks:
            return name, decks[name].cards
        if name in broken:
            raise BadInput(f"deck {name}: {broken[name]}")
        path = Path(name)
        if not _a_file(name):
            mine = sorted(n for n in [*decks, *broken] if n not in shipped)
            raise BadInput(f"unknown deck {name!r}{_elsewhere(name)}; shipped decks: {', '.join(sorted(shipped))}"
                           + (f"; your decks: {', '.join(mine)}" if mine else ""))
        try:
            deck = load_deck_file(path, db)
        except DeckListError as e:
            problems = [str(p) for p in e.problems]
            raise _not_this_game(name, None, problems) or BadInput(f"{name}: " + "; ".join(problems)) from None
        except (OSError, UnicodeDecodeError) as e:
            raise BadInput(read_problem(name, e)) from None
        problems = validate_deck(deck, db)
        if problems:
            raise BadInput(f"{name}: breaks the deck rules: " + "; ".join(problems))
        return deck.name or path.stem, deck.cards

    decks, broken = player_decks(db)
    shipped = {n: d for n, d in decks.items() if not n.startswith(MY_PREFIX)}
    if spec:
        names = _named_decks(spec)
        return [(one(names[0]), one(names[1]))]
    return _every_pairing(shipped)


def shipped_game_decks(db, profile, spec: str | None = None) -> dict:
    """A game's shipped decks (carddb.deck_formats.game_decks): name -> Deck; with none, or one that does not read,
    a BadInput (unless `spec` names the two decks to play)."""
    from .carddb.deck_formats import game_decks
    from .carddb.errors import DeckListError

    try:
        shipped = game_decks(db, profile)
    except DeckListError as e:  # a shipped deck that does not read: the installation is damaged
        if spec:
            return {}
        raise BadInput(f"{profile.name}'s shipped decks: {e}") from None
    if not shipped and not spec:
        raise BadInput(f"{profile.name} has no shipped decks: name two with --decks")
    return shipped


def _game_deck_pairs(db, spec: str | None, profile):
    """load_deck_pairs for a game other than Battle Spirits Saga."""
    from .carddb.deck_formats import game_deck_file, player_game_decks
    from .carddb.deck_rules import deck_issues, rules_of

    shipped = shipped_game_decks(db, profile, spec)
    mine = player_game_decks(db, profile)
    rules = rules_of(profile)

    def checked(name: str, deck):
        issues = [str(i) for i in deck_issues(deck.cards, db, rules, side=getattr(deck, "side", ()))]
        if issues:
            raise BadInput(f"{name}: breaks {profile.name}'s deck rules: " + "; ".join(issues))
        return deck.name if _a_file(name) and deck.name else name, deck.cards

    def one(name: str):
        if name in shipped:
            return name, shipped[name].cards
        if name in mine:
            return checked(name, mine[name])
        if not _a_file(name):
            yours = f"; your decks: {', '.join(sorted(mine))}" if mine else ""
            raise BadInput(f"unknown deck {name!r} for {profile.name}{_elsewhere(name, profile)}; its shipped "
                           f"decks: {', '.join(sorted(shipped))}{yours}")
        path = Path(name)
        if not path.is_file():
            try:
                path.open("rb").close()
            except OSError as e:
                raise BadInput(read_problem(name, e)) from None
        deck = game_deck_file(path, db)
        if isinstance(deck, list):
            problems = [f"line {line}: {text}" if line is not None else text for line, text in deck]
            raise _not_this_game(name, profile, problems) or BadInput(
                f"{name}: not a deck of {profile.name}'s cards: {_first(problems)}")
        return checked(name, deck)

    if spec:
        names = _named_decks(spec, ",".join(sorted(shipped)[:2]) or "deck-a.txt,deck-b.txt")
        return [(one(names[0]), one(names[1]))]
    return _every_pairing(shipped)


def player_db():
    """The player's cards (shipped plus imported: carddb/player_db.py); when an imported file is broken, the shipped
    cards alone, after one line on stderr naming the file (a deck that needs the missing cards then says so)."""
    from .carddb.player_db import player_db as load

    db, problem = load()
    if problem:
        print(f"warning: {problem}", file=sys.stderr)
    return db
