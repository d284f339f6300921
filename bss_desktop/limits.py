"""What a game can physically hold. Every number a card, a position or a record carries is bounded by these when it is
read, so that no file or card, however written, asks the engine for more work than a real game could need (a card
saying "make 1,000,000,000 tokens" is refused at load, naming the card and the field). Pure Python: every layer may
import it.
"""
from __future__ import annotations

# A count a card or a position gives — cards drawn, discarded, milled, looked at, made (tokens) or selected; cores
# moved or on a card; X; a keyword's number; a level. No game holds this many cards or cores (two decks of the largest
# game, Battle of Souls' 80 and a side deck of 15, are 190 cards; a game starts with 18 cores), so nothing real is
# refused, and a bigger number could mean nothing but "all of them".
MAX_COUNT = 1000
# BP a card prints, an effect adds or sets, or a filter compares with (the largest printed BP is in the tens of
# thousands).
MAX_BP = 1_000_000
# Effects one card has, and directives in one list of an effect (its cost, what it does, its Chain, a substitution's
# "instead"): real cards have a handful of each; together with MAX_COUNT they bound the work one effect can do.
MAX_EFFECTS = 64
MAX_DIRECTIVES = 32
# A position's turn number, and a game's seed (a position's or a record's): a seed is 64 bits (engine/rng.py)
MAX_TURN = 100_000
MAX_SEED = (1 << 64) - 1
# Cards in one zone (a field full of tokens, a deck): an effect makes no more tokens than this, a sandbox move that
# would pass it is refused, and the LAN bounds a zone a peer sends the same.
MAX_ZONE_CARDS = 1000
# Events one command may cause, however the cards in play are written: a chain of effects that goes past it has
# become an infinite loop nobody ends, and the game is a draw (CR 12-1-1-1). The busiest command of a real game
# causes a few hundred; one effect can cause at most MAX_DIRECTIVES x MAX_COUNT.
MAX_EVENTS_PER_COMMAND = 100_000
# The answers `legal_commands` lists for one choice (target combinations, ways to take cores): a bound on what a
# computer player or a LAN guest's offer list can grow to.
MAX_TARGET_OPTIONS = 64
