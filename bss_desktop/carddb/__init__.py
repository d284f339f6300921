"""Card database: card set files, the card db and deck lists.

Pure Python (PyYAML only); must never import PySide6 or qasync so the engine,
tools and tests can use it without Qt.
"""
from .cards import COLORS, CardDef, Level
from .database import CardDB, load_default_db, load_set_file
from .decks import Deck, check_deck, deck_to_text, load_deck_file, parse_deck_list, shipped_decks, validate_deck
from .errors import CardDataError, DeckListError, DeckProblem
from .schema import card_from_dict, card_to_dict

__all__ = [
    "COLORS", "CardDB", "CardDef", "Level", "CardDataError", "Deck", "DeckListError", "DeckProblem",
    "card_from_dict", "card_to_dict", "check_deck", "deck_to_text", "load_deck_file",
    "load_default_db", "load_set_file", "parse_deck_list", "shipped_decks", "validate_deck",
]
