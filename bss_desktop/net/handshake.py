"""The handshake: both sides say who they are, and refuse a game their engines would play differently.

Two engines give the same results only with the same app version, the same
card database and the same rules settings; a mismatch is refused with a
message that says what differs and what to do about it.
"""
from __future__ import annotations

from .. import __version__
from ..protocol.messages import PROTOCOL_VERSION


def hello(db, settings, name: str) -> dict:
    return {"type": "hello", "protocol": PROTOCOL_VERSION, "app": __version__, "cards": db.content_hash(),
            "ruleset": settings.to_dict(), "name": name[:40]}


def mismatch(mine: dict, theirs: dict, who: str) -> str | None:
    """Why a game between these two hellos cannot be played, in words; None if it can.
    `who` names the other side ("the host", "the guest")."""
    if theirs["app"] != mine["app"]:
        return (f"{who} runs bss-desktop {theirs['app']} and you run {mine['app']}: both players need the same "
                f"version, so that both engines apply the rules the same way")
    if theirs["cards"] != mine["cards"]:
        return (f"your card database differs from {who}'s (yours {mine['cards'][:12]}…, {who}'s "
                f"{theirs['cards'][:12]}…): both players need the same card sets, imported cards included")
    if theirs["ruleset"] != mine["ruleset"]:
        diffs = [f"{k} is {'on' if theirs['ruleset'].get(k) else 'off'} for {who} and "
                 f"{'on' if mine['ruleset'].get(k) else 'off'} for you"
                 for k in sorted(set(mine["ruleset"]) | set(theirs["ruleset"]))
                 if theirs["ruleset"].get(k) != mine["ruleset"].get(k)]
        return "the rules settings differ: " + "; ".join(diffs or ["unknown settings"])
    return None
