"""Where a summoned spirit came from: "when a spirit is summoned from your trash" (CR 10-6-1: to summon is to put a
spirit card onto the field from some other area; the summon is complete once its LV1 cores are on it, CR 10-6-7).

Resolution._on_summoned hands each completed summon here. The area it came from is the source of the move that put it
onto the field: a card_moved event of the same action (the move and the completed summon happen in one command,
whatever it paid: from the hand, by an effect "without paying its cost" or paying it, by 【Immortal】, CR 11-4-1).

    your_spirit_summoned_from_trash   one of your spirits (`watch`) is summoned from your trash (this one too)
    your_spirit_summoned_with_swift   one of your spirits (`watch`) is summoned with 【Swift】: from the hand in a
                                      flash window, by its owner's Summon (CR 11-9-1; an effect's summon is not)
"""
from __future__ import annotations

TRIGGERS = ("your_spirit_summoned_from_trash", "your_spirit_summoned_with_swift")


def came_from(game, iid: int) -> str | None:
    """The area card `iid` was last moved onto the field from, in the command being applied (None: not found)."""
    for ev in reversed(game._events):
        if ev.kind == "card_moved" and ev.data.get("card") == iid and ev.data.get("dst") == "field":
            return ev.data.get("src")
    return None


def on_summoned(game, iid: int, owner: int) -> None:
    """Spirit `iid` of `owner` has been summoned (CR 10-6-7): the triggers above."""
    if "your_spirit_summoned_from_trash" in game._triggers and came_from(game, iid) == "trash":
        game._fire_side(owner, "your_spirit_summoned_from_trash", iid)
    if "your_spirit_summoned_with_swift" in game._triggers and with_swift(game, iid):
        game._fire_side(owner, "your_spirit_summoned_with_swift", iid)


def with_swift(game, iid: int) -> bool:
    """Whether `iid` was just summoned with 【Swift】 (CR 11-9-1): the command being applied is its owner's Summon of
    it, in a flash window (the only Summon a flash window allows)."""
    from ...engine.commands import Summon

    cmd = game._resolved
    if not isinstance(cmd, Summon) or cmd.card != iid:
        return False
    decision = game._decision()
    return decision is not None and decision[0] == "flash"
