"""Where each area of the playsheet sits on the board (pure geometry, no Qt).

The board is a fixed logical scene, 1600 x 1000 units, that the view scales to the
window (keeping its aspect). The viewing player sits at the bottom; the
opponent's half is the same layout mirrored top to bottom, as across a table.
"""
from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

SCENE_W, SCENE_H = 1600.0, 1000.0
CARD_W, CARD_H = 100.0, 140.0  # 63:88, like a real card
GAP = 12.0


class Rect(NamedTuple):
    x: float
    y: float
    w: float
    h: float

    @property
    def center(self) -> tuple[float, float]:
        return self.x + self.w / 2, self.y + self.h / 2

    def contains(self, px: float, py: float) -> bool:
        return self.x <= px <= self.x + self.w and self.y <= py <= self.y + self.h


# The bottom player's areas; the top player's are mirrored (see `zone_rect`).
_BOTTOM = {
    "field": Rect(250, 520, 1100, 318),
    "hand": Rect(250, 848, 1100, 146),
    "life": Rect(20, 700, 210, 92),
    "reserve": Rect(20, 806, 210, 92),
    "trash_cores": Rect(20, 908, 210, 86),
    "deck": Rect(1370, 848, 110, 146),
    "trash": Rect(1484, 848, 110, 146),
    "burst": Rect(1370, 690, 110, 146),
    "void": Rect(1484, 690, 110, 146),
}
SHARED_VOID = Rect(20, 455, 210, 90)  # CR 3-9-1: players may share one void
USE_AREA = Rect(1370, 430, 224, 140)  # drop a magic card here to use it (CR 10-8), between the two halves


def zone_rect(zone: str, side: str) -> Rect:
    """The rectangle of `zone` for the player at `side` ("bottom" or "top")."""
    if zone == "void":
        return SHARED_VOID
    if zone == "use":
        return USE_AREA
    r = _BOTTOM[zone]
    if side == "bottom":
        return r
    return Rect(r.x, SCENE_H - r.y - r.h, r.w, r.h)


def zone_at(px: float, py: float) -> tuple[str, str] | None:
    """(zone, side) under a scene point, or None."""
    if SHARED_VOID.contains(px, py):
        return "void", "shared"
    if USE_AREA.contains(px, py):
        return "use", "shared"
    for side in ("bottom", "top"):
        for zone in _BOTTOM:
            if zone != "void" and zone_rect(zone, side).contains(px, py):
                return zone, side
    return None


def field_slots(n_spirits: int, n_nexuses: int, side: str) -> list[tuple[float, float]]:
    """Top-left corners for field cards: spirits in the front row (towards the centre line),
    nexuses in the back row; rows spread evenly and overlap when crowded."""
    return list(field_slots_t(n_spirits, n_nexuses, side))


@lru_cache(maxsize=256)
def field_slots_t(n_spirits: int, n_nexuses: int, side: str) -> tuple[tuple[float, float], ...]:
    """`field_slots` as a tuple, computed once per layout."""
    r = zone_rect("field", side)
    slot_w = CARD_H + GAP  # an exhausted card is turned sideways: leave room for it
    rows_y = (r.y + 8, r.y + r.h - CARD_H - 8) if side == "bottom" else (r.y + r.h - CARD_H - 8, r.y + 8)

    def row(n: int, y: float) -> list[tuple[float, float]]:
        if n == 0:
            return []
        step = min(slot_w, (r.w - CARD_W) / max(n - 1, 1))
        width = step * (n - 1) + CARD_W
        x0 = r.x + (r.w - width) / 2
        return [(x0 + i * step, y) for i in range(n)]

    return tuple(row(n_spirits, rows_y[0]) + row(n_nexuses, rows_y[1]))


def hand_slots(n: int, side: str) -> list[tuple[float, float]]:
    """Top-left corners for hand cards, fanned out and overlapping when the hand is large."""
    return list(hand_slots_t(n, side))


@lru_cache(maxsize=256)
def hand_slots_t(n: int, side: str) -> tuple[tuple[float, float], ...]:
    """`hand_slots` as a tuple, computed once per layout."""
    r = zone_rect("hand", side)
    if n == 0:
        return ()
    step = min(CARD_W + GAP, (r.w - CARD_W) / max(n - 1, 1))
    width = step * (n - 1) + CARD_W
    x0 = r.x + (r.w - width) / 2
    y = r.y + (r.h - CARD_H) / 2
    return tuple((x0 + i * step, y) for i in range(n))


@lru_cache(maxsize=64)
def pile_slot(zone: str, side: str) -> tuple[float, float]:
    """Top-left corner for the card shown on a pile (deck, trash, burst)."""
    r = zone_rect(zone, side)
    return r.x + (r.w - CARD_W) / 2, r.y + (r.h - CARD_H) / 2
