"""Words for the choices an effect asks of a player: which cores (CR 8-5-6), which effect of a magic card
(CR 10-8-3), which substitution (CR 8-9-2), and where the cards of a target choice are.

Pure functions over a game (a local `Game` or a LAN guest's `RemoteGame`: both have `db`, `state.cards`,
`pending`), shared by the controller's decision bar and the guide.
"""
from __future__ import annotations

from collections import Counter

SHORT = 70  # characters of an effect's text on a button; the whole text is its tooltip


def shorten(text: str, most: int = SHORT) -> str:
    text = " ".join(text.split())
    return text if len(text) <= most else text[:most - 1].rstrip() + "…"


def card_def(game, iid):
    """The card definition behind instance `iid`, or None when this game does not know it (a hidden card)."""
    card = game.state.cards.get(iid) if isinstance(iid, int) and not isinstance(iid, bool) else None
    if card is None or card.cid is None:
        return None
    return game.db.get(card.cid) if hasattr(game.db, "get") else game.db[card.cid]


def card_name(game, iid) -> str:
    d = card_def(game, iid)
    return d.name if d is not None else "a card"


# ---------------------------------------------------------------- core or soul core (CR 8-5-6)

def place_name(game, place) -> str:
    """A place of a "cores" choice: 0 the chooser's reserve, -2 their trash, a card on the field, -1 the soul
    core."""
    if place == 0:
        return "your reserve"
    if place == -2:
        return "your trash"
    if place == -1:
        return "the soul core"
    return card_name(game, place)


def cores_label(game, info, value) -> str:
    """An answer (one place per core) in words: "1 core from your reserve (keep the soul core)",
    "the soul core", "1 core from Red Pup + the soul core"."""
    counts = Counter(value)
    parts = []
    for place in info["options"]:
        n = counts.get(place, 0)
        if place != -1 and n:
            parts.append(f"{n} core{'s' if n != 1 else ''} from {place_name(game, place)}")
    if counts.get(-1):
        parts.append("the soul core")
    text = " + ".join(parts) or "no core"
    if -1 in info["options"] and not counts.get(-1):
        text += " (keep the soul core)"
    return text


def default_cores(answers: list):
    """The answer the confirm key gives: regular cores, keeping the soul core (the engine lists answers reserve
    first); the first answer if every one takes the soul core."""
    for c in answers:
        if -1 not in tuple(c.value):
            return c
    return answers[0] if answers else None


# ---------------------------------------------------------------- a magic card's effects (CR 10-8-3)

def effect_option(game, source, index) -> str:
    """The printed text of effect `index` of the card `source` ("Main: Draw 1 card.")."""
    from bss_desktop.carddb.card_text import effect_text

    card = card_def(game, source)
    if card is None or not isinstance(index, int) or not 0 <= index < len(card.effects):
        return f"Effect {index + 1 if isinstance(index, int) else index}"
    return " ".join(effect_text(card.effects[index], card).split())


# ---------------------------------------------------------------- substitution (CR 8-9-2)

def substitution_text(game, source) -> str:
    """The text of `source`'s substitution effect (its constant effect with a `substitute` directive), or ""."""
    from bss_desktop.carddb.card_text import effect_text

    card = card_def(game, source)
    if card is None:
        return ""
    for e in card.effects:
        if any(getattr(d, "op", None) == "substitute" for d in (getattr(e, "do", None) or ())):
            return " ".join(effect_text(e, card).split())
    return ""


def substitute_option(game, source, i: int) -> tuple[str, str]:
    """(button label, tooltip) for substitution option i, whose effect is the card `source`'s:
    "Shield Warden: instead exhaust 1 of your other spirits." and the effect's whole text."""
    if source is None:
        return f"Substitute ({i + 1})", ""
    name = card_name(game, source)
    text = substitution_text(game, source)
    if not text:
        return f"{name}: substitute", ""
    at = text.lower().find("instead")
    short = text[at:] if at >= 0 else text.split(": ", 1)[-1]
    return f"{name}: {shorten(short, 60)}", f"{name} — {text}"


# ---------------------------------------------------------------- where a target's cards are

ZONE_WORDS = {"deck": "deck", "trash": "trash", "hand": "hand", "burst": "burst area", "field": "field"}


def option_place(game, iid, viewer: int) -> str:
    """Where an option card is, as its caption says: "your deck", "your trash", "opponent's hand", "revealed"."""
    card = game.state.cards.get(iid) if isinstance(iid, int) else None
    if card is None:
        return ""
    zone = getattr(card, "zone", "")
    word = ZONE_WORDS.get(zone)
    if word is None:  # a LAN guest: a card the host showed it outside the view (revealed or looked at)
        return "revealed"
    whose = "your" if getattr(card, "owner", viewer) == viewer else "opponent's"
    return f"{whose} {word}"


def tray_title(places: list[str]) -> str:
    """The tray's heading for the places its cards are in."""
    shown = sorted(set(p for p in places if p))
    if not shown:
        return "Choose among these cards"
    return "Cards from " + ", ".join(shown)
