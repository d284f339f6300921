"""The deck builder: a card browser with a query language, the deck editor with undo, its legality, statistics and
sample hand, import/export in the formats players use, and games started with the deck.

    window.py      the window: menus, undoable edits, open/save/import/export, play
    browser.py     the card list: search, chips, sorting, drag
    deck_panel.py  the deck's cards by type, the legality panel, the lines an import kept
    stats_panel.py cost curve, colours, families, bursts, keywords, reduction coverage, opening odds
    sample_hand.py a sample opening: keep, mulligan, draw next

The pure parts live in carddb: query.py, deck_rules.py, deck_draft.py, deck_formats.py, deck_stats.py.
"""
from .window import DeckBuilderWindow

__all__ = ["DeckBuilderWindow"]
