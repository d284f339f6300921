"""Where each area of the playsheet sits on the board (pure geometry, no Qt).

The board is a fixed logical scene, 1760 x 1000 units (about the shape a 1366x768 or 1920x1080 window leaves
for it), that the view scales to the window keeping its aspect. The viewing player sits at the bottom; the
opponent's half is the same layout mirrored top to bottom, as across a table, except that the opponent's hand is
a strip of small backs (they are only backs, CR 3-3-3): the room it saves goes to bigger cards.

    left column          centre                                  right column
    core piles           the opponent's hand (small backs)       deck, trash / burst
    (trash, reserve,     the opponent's field (one row)
     life), the Void  -- centre line ---------------------------  the Use area
    (life, reserve,      your field (one row: spirits, then nexuses)   burst
     trash)              your hand                               deck, trash

Cards on the table are CARD_W x CARD_H; the opponent's hand and the piles (deck, trash, burst) show smaller cards
(`card_scale`): the item keeps its size and is scaled about its centre.
"""
from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

SCENE_W, SCENE_H = 1760.0, 1000.0
CARD_W, CARD_H = 180.0, 251.0  # 63:88, like a real card
GAP = 12.0
HAND_BACK_SCALE = 0.5  # the opponent's hand: backs at half size
PILE_SCALE = 0.62  # deck, trash and burst
LABEL_H = 26.0  # the label strip above a pile's card ("Deck  32")


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


M = 8.0  # margin around the board
LEFT_W = 190.0  # core piles
PILE_W, PILE_H = 128.0, round(CARD_H * PILE_SCALE + LABEL_H + 8)  # a deck / trash / burst slot
RIGHT_W = 2 * PILE_W + 6
MID_X = M + LEFT_W + 8  # the centre column: hands and fields
MID_W = SCENE_W - M - RIGHT_W - 8 - MID_X
RIGHT_X = SCENE_W - M - RIGHT_W
FIELD_H = CARD_H + 16
HAND_H = CARD_H + 12
TOP_HAND_H = round(CARD_H * HAND_BACK_SCALE + 12)
ROW_GAP = 6.0

TOP_HAND_Y = M
TOP_FIELD_Y = TOP_HAND_Y + TOP_HAND_H + ROW_GAP
HAND_Y = SCENE_H - M - HAND_H
FIELD_Y = HAND_Y - ROW_GAP - FIELD_H
CENTER_Y = (TOP_FIELD_Y + FIELD_H + FIELD_Y) / 2  # the centre line, between the two fields

PILE_BOX_H = 100.0  # a core pile (life, reserve, trash cores, void)
SHARED_VOID = Rect(M, CENTER_Y - PILE_BOX_H / 2, LEFT_W, PILE_BOX_H)  # CR 3-9-1: players may share one void
USE_AREA = Rect(RIGHT_X, M + 2 * PILE_H + 12, RIGHT_W, SCENE_H - 2 * (M + 2 * PILE_H + 12))  # drop a magic card
# here to use it (CR 10-8), between the two halves


def _core_piles(top: float, bottom: float, near_centre_last: bool) -> dict[str, Rect]:
    """Life, reserve and trash cores spread over [top, bottom]; life nearest the centre line."""
    order = ["trash_cores", "reserve", "life"] if near_centre_last else ["life", "reserve", "trash_cores"]
    gap = min(40.0, (bottom - top - 3 * PILE_BOX_H) / 2)
    if near_centre_last:
        y = bottom - 3 * PILE_BOX_H - 2 * gap
    else:
        y = top
    out = {}
    for name in order:
        out[name] = Rect(M, y, LEFT_W, PILE_BOX_H)
        y += PILE_BOX_H + gap
    return out


def _areas(side: str) -> dict[str, Rect]:
    burst_x = RIGHT_X + (RIGHT_W - PILE_W) / 2
    if side == "bottom":
        areas = {
            "field": Rect(MID_X, FIELD_Y, MID_W, FIELD_H),
            "hand": Rect(MID_X, HAND_Y, MID_W, HAND_H),
            "deck": Rect(RIGHT_X, SCENE_H - M - PILE_H, PILE_W, PILE_H),
            "trash": Rect(RIGHT_X + RIGHT_W - PILE_W, SCENE_H - M - PILE_H, PILE_W, PILE_H),
            "burst": Rect(burst_x, SCENE_H - M - 2 * PILE_H - 6, PILE_W, PILE_H),
        }
        areas.update(_core_piles(SHARED_VOID.y + SHARED_VOID.h + 8, SCENE_H - M, False))
    else:
        areas = {
            "field": Rect(MID_X, TOP_FIELD_Y, MID_W, FIELD_H),
            "hand": Rect(MID_X, TOP_HAND_Y, MID_W, TOP_HAND_H),
            "deck": Rect(RIGHT_X, M, PILE_W, PILE_H),
            "trash": Rect(RIGHT_X + RIGHT_W - PILE_W, M, PILE_W, PILE_H),
            "burst": Rect(burst_x, M + PILE_H + 6, PILE_W, PILE_H),
        }
        areas.update(_core_piles(M, SHARED_VOID.y - 8, True))
    return areas


_AREAS = {"bottom": _areas("bottom"), "top": _areas("top")}
ZONES = tuple(_AREAS["bottom"])  # every area a player has (the void and the Use area are shared)


def zone_rect(zone: str, side: str) -> Rect:
    """The rectangle of `zone` for the player at `side` ("bottom" or "top")."""
    if zone == "void":
        return SHARED_VOID
    if zone == "use":
        return USE_AREA
    return _AREAS["top" if side == "top" else "bottom"][zone]


def zone_at(px: float, py: float) -> tuple[str, str] | None:
    """(zone, side) under a scene point, or None."""
    if SHARED_VOID.contains(px, py):
        return "void", "shared"
    if USE_AREA.contains(px, py):
        return "use", "shared"
    for side in ("bottom", "top"):
        for zone, r in _AREAS[side].items():
            if r.contains(px, py):
                return zone, side
    return None


def card_scale(zone: str, side: str) -> float:
    """How much smaller than a table card a card in `zone` is drawn: the opponent's hand and the piles are smaller."""
    if zone == "hand":
        return HAND_BACK_SCALE if side == "top" else 1.0
    if zone in ("deck", "trash", "burst"):
        return PILE_SCALE
    return 1.0


def _corner(cx: float, cy: float) -> tuple[float, float]:
    """The item position (top-left of the unscaled card) that puts a card's centre at (cx, cy)."""
    return cx - CARD_W / 2, cy - CARD_H / 2


def field_slots(n_spirits: int, n_nexuses: int, side: str, turned: tuple = ()) -> list[tuple[float, float]]:
    """Top-left corners for field cards: one row, spirits first, then nexuses after a gap.

    While they fit, cards are spread with room for each to turn sideways (exhausted), so exhausting one moves no
    other; a crowded row packs them by the room each takes as it is (`turned[i]`: card i is exhausted) and
    overlaps them evenly when even that does not fit."""
    return list(field_slots_t(n_spirits, n_nexuses, side, tuple(turned)))


@lru_cache(maxsize=512)
def field_slots_t(n_spirits: int, n_nexuses: int, side: str, turned: tuple = ()) -> tuple[tuple[float, float], ...]:
    """`field_slots` as a tuple, computed once per layout."""
    r = zone_rect("field", side)
    n = n_spirits + n_nexuses
    if n == 0:
        return ()
    group_gap = 2 * GAP if n_spirits and n_nexuses else 0.0
    cy = r.y + r.h / 2
    # room for every card to turn sideways (CARD_H wide), in the area too
    if (n - 1) * (CARD_H + GAP) <= r.w - GAP - CARD_H - group_gap:
        step = CARD_H + GAP
        first = r.x + (r.w - step * (n - 1) - group_gap) / 2
        return tuple(_corner(first + i * step + (group_gap if i >= n_spirits else 0.0), cy) for i in range(n))
    widths = [CARD_H if i < len(turned) and turned[i] else CARD_W for i in range(n)]
    apart = [(widths[i] + widths[i + 1]) / 2 + GAP for i in range(n - 1)]  # from one centre to the next
    room = r.w - GAP - (widths[0] + widths[-1]) / 2 - group_gap
    k = min(1.0, room / sum(apart)) if apart else 1.0
    total = widths[0] / 2 + k * sum(apart) + group_gap + widths[-1] / 2
    x = r.x + (r.w - total) / 2 + widths[0] / 2
    out = []
    for i in range(n):
        if i:
            x += k * apart[i - 1] + (group_gap if i == n_spirits else 0.0)
        out.append(_corner(x, cy))
    return tuple(out)


def hand_slots(n: int, side: str) -> list[tuple[float, float]]:
    """Top-left corners for hand cards, fanned out and overlapping when the hand is large."""
    return list(hand_slots_t(n, side))


@lru_cache(maxsize=256)
def hand_slots_t(n: int, side: str) -> tuple[tuple[float, float], ...]:
    """`hand_slots` as a tuple, computed once per layout (the opponent's hand: small backs, see `card_scale`)."""
    r = zone_rect("hand", side)
    if n == 0:
        return ()
    s = card_scale("hand", side)
    w = CARD_W * s
    step = min(w + GAP * s, (r.w - 2 * GAP - w) / max(n - 1, 1))
    width = step * (n - 1) + w
    x0 = r.x + (r.w - width) / 2
    cy = r.y + r.h / 2
    return tuple(_corner(x0 + i * step + w / 2, cy) for i in range(n))


@lru_cache(maxsize=64)
def pile_slot(zone: str, side: str) -> tuple[float, float]:
    """Top-left corner for the card shown on a pile (deck, trash, burst), under the pile's label."""
    r = zone_rect(zone, side)
    return _corner(r.x + r.w / 2, r.y + LABEL_H + (r.h - LABEL_H) / 2)
