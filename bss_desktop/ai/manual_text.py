"""Text the computer skips: effects the engine does not automate ("manual" effects, resolved by the players by hand,
carddb/coverage.py). The computer plays only the commands the engine offers, so it never makes a manual move: the
start screen names these cards before a game, so the player knows what the computer will not do.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping


def has_manual_text(card) -> bool:
    """Whether any of the card's effects is manual (the engine does not resolve it); a card of another game (a
    `plain` card: Battle of Souls) whose text is not written from effects of its game's vocabulary."""
    if not card.colors and not card.levels and card.type not in ("spirit", "nexus", "magic"):
        return bool(card.text) and not card.extra.get("effects")
    return any(getattr(e, "manual", False) for e in getattr(card, "effects", ()) or ())


def skipped_text(db: Mapping, deck_cids: Iterable[str]) -> list[str]:
    """The distinct names, sorted, of the cards of the deck (card ids, one per copy) with a manual effect.
    Card ids the database does not know are left out."""
    names = set()
    for cid in set(deck_cids):
        card = db.get(cid) if hasattr(db, "get") else (db[cid] if cid in db else None)
        if card is not None and has_manual_text(card):
            names.add(card.name)
    return sorted(names, key=lambda n: (n.casefold(), n))


def skipped_line(names: list[str], most: int = 4) -> str:
    """"The computer will skip the by-hand text of these cards: A, B, C" (the first `most` names, then
    "and N more"), or "" for none."""
    if not names:
        return ""
    shown = names if len(names) <= most else names[:most]
    text = ", ".join(shown)
    if len(names) > len(shown):
        text += f" and {len(names) - len(shown)} more"
    return f"The computer will skip the by-hand text of these cards: {text}"


__all__ = ["has_manual_text", "skipped_text", "skipped_line"]
