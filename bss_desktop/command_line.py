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


def load_deck_pairs(db, spec: str | None):
    """Deck pairs for the simulator: the named decks (shipped deck names, the player's "my-<name>" decks or deck
    files), or every pairing of the shipped decks."""
    from .carddb.decks import load_deck_file, validate_deck
    from .carddb.errors import DeckListError
    from .carddb.player_db import MY_PREFIX, player_decks

    def one(name: str):
        if name in decks:
            return name, decks[name].cards
        if name in broken:
            raise BadInput(f"deck {name}: {broken[name]}")
        path = Path(name)
        if not path.exists() and not ({"/", "\\"} & set(name) or path.suffix):
            mine = sorted(n for n in [*decks, *broken] if n not in shipped)
            raise BadInput(f"unknown deck {name!r}; shipped decks: {', '.join(sorted(shipped))}"
                           + (f"; your decks: {', '.join(mine)}" if mine else ""))
        try:
            deck = load_deck_file(path, db)
        except DeckListError as e:
            raise BadInput(f"{name}: " + "; ".join(str(p) for p in e.problems)) from None
        except (OSError, UnicodeDecodeError) as e:
            raise BadInput(read_problem(name, e)) from None
        problems = validate_deck(deck, db)
        if problems:
            raise BadInput(f"{name}: breaks the deck rules: " + "; ".join(problems))
        return deck.name or path.stem, deck.cards

    decks, broken = player_decks(db)
    shipped = {n: d for n, d in decks.items() if not n.startswith(MY_PREFIX)}
    if spec:
        names = [n.strip() for n in spec.split(",") if n.strip()]
        if len(names) != 2:
            raise BadInput("--decks takes two decks separated by a comma, e.g. --decks red-vanilla,blue-vanilla")
        return [(one(names[0]), one(names[1]))]
    every = [(n, shipped[n].cards) for n in sorted(shipped)]
    return list(permutations(every, 2)) if len(every) > 1 else [(every[0], every[0])]


def player_db():
    """The player's cards (shipped plus imported: carddb/player_db.py); when an imported file is broken, the shipped
    cards alone, after one line on stderr naming the file (a deck that needs the missing cards then says so)."""
    from .carddb.player_db import player_db as load

    db, problem = load()
    if problem:
        print(f"warning: {problem}", file=sys.stderr)
    return db
