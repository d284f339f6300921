"""The player's cards and decks: what every player-facing command and screen plays with (no Qt).

    db, problem = player_db()         # the shipped cards plus the player's imported ones
    decks, broken = player_decks(db)  # shipped decks by name, the player's own deck files as "my-<name>"

An imported set file that can't be read never stops the app: `player_db` then gives the shipped cards alone and
`problem`, one line naming the file and what is wrong with it, for the caller to show (the start screen's notice,
stderr for the command line). The shipped cards and decks are the app's own and load or fail as a bug.
"""
from __future__ import annotations

from .database import CardDB, load_default_db
from .decks import BrokenDeck, Deck, shipped_decks, user_deck_files
from .errors import CardDataError

MY_PREFIX = "my-"  # the player's own deck files are named "my-<file stem>" beside the shipped decks


def player_db(user_dir=None) -> tuple[CardDB, str | None]:
    """(the shipped cards plus the imported ones, None), or (the shipped cards, why the imported ones are not
    there) when an imported file is broken. `user_dir`: the imported set files (default: the user data folder)."""
    from . import importer  # its user_cards_dir() names the folder (tests point it elsewhere)
    from .user_db import load_user_db  # cached: the start-up reads the imported cards from the cache

    try:
        db = load_user_db(user_dir=importer.user_cards_dir() if user_dir is None else user_dir)
    except CardDataError as e:
        problem = str(e)
    except OSError as e:  # a set file that exists but can't be read (permissions, a disk error)
        problem = f"{e.filename or 'an imported card file'}: cannot read it ({e.strerror or e})"
    else:
        return with_token_table(db)
    problem = " ".join(problem.split())  # one line, whatever the file held
    return load_default_db(), f"your imported cards are not loaded (shipped cards only): {problem}"


def with_token_table(db: CardDB, path=None) -> tuple[CardDB, str | None]:
    """`db` with the stats of the tokens its cards summon by name, from the player's token table
    (token_table.py); a table that can't be read leaves those effects manual and says why (the app still starts)."""
    from .token_table import load_token_table, resolve_tokens

    problem = None
    try:
        table = load_token_table(path)
    except CardDataError as e:
        table, problem = {}, f"your token table is not loaded (tokens stay manual): {' '.join(str(e).split())}"
    except OSError as e:
        table, problem = {}, f"your token table is not loaded: {e.filename or 'tokens.yaml'}: cannot read it"
    return resolve_tokens(db, table), problem


def player_decks(db: CardDB, folder=None) -> tuple[dict[str, Deck], dict[str, BrokenDeck]]:
    """Every deck the player can name: the shipped ones by file stem and theirs as "my-<stem>" (`folder`, default
    the user deck folder); and the player's deck files that can't be played, by the same names, with why."""
    decks = dict(shipped_decks(db))
    mine, broken = user_deck_files(db, folder)
    decks.update({MY_PREFIX + name: deck for name, deck in mine.items()})
    return decks, {MY_PREFIX + name: b for name, b in broken.items()}
