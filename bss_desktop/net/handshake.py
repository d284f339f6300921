"""The handshake: both sides say who they are, and refuse a game their engines would play differently.

Two engines give the same results only with the same app version, the same
rules settings and the same definition of every card the game uses; a
different version or settings is refused with a message that says what
differs and what to do about it. Different card databases (players import
their own cards) are not refused here: the handshake then compares the cards
the two decks use, and offers the missing definitions with both players'
consent (net/cards.py).
"""
from __future__ import annotations

from .. import __version__
from ..protocol.messages import PROTOCOL_VERSION


def hello(db, settings, name: str, profile=None) -> dict:
    """This side's hello; a game other than Battle Spirits Saga is named with its profile's digest."""
    msg = {"type": "hello", "protocol": PROTOCOL_VERSION, "app": __version__, "cards": db.content_hash(),
           "ruleset": settings.to_dict(), "name": name[:40]}
    if profile is not None and profile.id != "bss":
        msg["game"], msg["profile"] = profile.id, profile.digest
    return msg


def takes_side(profile) -> bool:
    """Whether this game's decks bring a section outside the deck (its profile's `deck_rules.side`: Battle of
    Souls' side deck, Eternal's token cards, ETR §Token Cards): the 'deck' message then always carries it as
    `side` (an empty list for none), committed with the deck (protocol/fairness.py deck_hash) and dealt."""
    return profile is not None and (profile.deck_rules or {}).get("side") is not None


def mismatch(mine: dict, theirs: dict, who: str) -> str | None:
    """Why a game between these two hellos cannot be played, in words; None if it can.
    `who` names the other side ("the host", "the guest")."""
    if theirs["app"] != mine["app"]:
        return (f"{who} runs bss-desktop {theirs['app']} and you run {mine['app']}: both players need the same "
                f"version, so that both engines apply the rules the same way")
    if theirs.get("game", "bss") != mine.get("game", "bss"):
        return (f"{who} plays the game {theirs.get('game', 'bss')!r} and you chose {mine.get('game', 'bss')!r}: "
                f"choose the same game on the start screen")
    if theirs.get("profile") != mine.get("profile"):
        return (f"{who}'s profile of the game {mine.get('game')!r} differs from yours (profiles/*.yaml or your "
                f"profiles folder): both players need the same file")
    if theirs["ruleset"] != mine["ruleset"]:
        diffs = [f"{k} is {'on' if theirs['ruleset'].get(k) else 'off'} for {who} and "
                 f"{'on' if mine['ruleset'].get(k) else 'off'} for you"
                 for k in sorted(set(mine["ruleset"]) | set(theirs["ruleset"]))
                 if theirs["ruleset"].get(k) != mine["ruleset"].get(k)]
        return "the rules settings differ: " + "; ".join(diffs or ["unknown settings"])
    return None


def cards_differ(mine: dict, theirs: dict) -> bool:
    """Whether the two card databases differ, so that the cards the decks use are compared (net/cards.py)."""
    return theirs["cards"] != mine["cards"]
