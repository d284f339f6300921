"""Where each area of the playsheet sits on the board (pure geometry, no Qt), from the game's profile.

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

That picture is Battle Spirits Saga's profile's `layout:` (profiles/bss.yaml): three columns, each a stack of rows
from the table's edge inward (or from the centre line outward), each row one or more zones or trackers, drawn as
their `display` says. `TableLayout(profile)` computes any game's; the module's functions are Battle Spirits Saga's.
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
CROWDED_SCALE = 0.6  # a crowded row's cards are drawn smaller, down to this, before they overlap


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
PILE_W, PILE_H = 128.0, round(CARD_H * PILE_SCALE + LABEL_H + 8)  # a deck / trash / burst slot
FIELD_H = CARD_H + 16
HAND_H = CARD_H + 12
TOP_HAND_H = round(CARD_H * HAND_BACK_SCALE + 12)
ROW_GAP = 6.0
PILE_BOX_H = 100.0  # a box of pieces (life, reserve, trash cores, void)
TRACKER_H = 76.0  # a tracker's box: its name and its number
SPREAD_GAP = 40.0  # rows stacked from the centre line spread out up to this far apart
SHARED_GAP = 8.0  # between a shared box on the centre line and the rows next to it


def _corner(cx: float, cy: float) -> tuple[float, float]:
    """The item position (top-left of the unscaled card) that puts a card's centre at (cx, cy)."""
    return cx - CARD_W / 2, cy - CARD_H / 2


class TableLayout:
    """One game's board: each zone's and tracker's rectangle on each side, computed from its profile's layout."""

    def __init__(self, profile):
        self.profile = profile
        lay = profile.layout
        left_w, right_w = float(lay["columns"]["left"]), float(lay["columns"]["right"])
        self.right_x = SCENE_W - M - right_w
        self.mid_x = M + left_w + 8
        self.columns = {"left": (M, left_w), "centre": (self.mid_x, SCENE_W - M - right_w - 8 - self.mid_x),
                        "right": (self.right_x, right_w)}
        self.areas: dict[str, dict[str, Rect]] = {"bottom": {}, "top": {}}
        self.shared: dict[str, Rect] = {}
        self.inner: dict[tuple[str, str], float] = {}  # (column, side) -> where its stack ends toward the centre
        self.titled: set[str] = set()  # row zones whose cards sit under their title (side columns)
        centre = lay["centre"]
        for side in ("bottom", "top"):
            self._stack("centre", side, centre["rows"], None)
        if centre["from"] == "edge" and centre["rows"]:
            self.center_y = (self.inner[("centre", "top")] + self.inner[("centre", "bottom")]) / 2
        else:
            self.center_y = SCENE_H / 2
        for column in ("left", "right"):
            shared = lay["shared"][column]
            box = None
            if shared is not None and shared != "use":
                x, w = self.columns[column]
                box = self.shared[shared] = Rect(x, self.center_y - PILE_BOX_H / 2, w, PILE_BOX_H)
            if lay[column]["from"] == "centre" and box is None:  # no shared box: the rows start at the centre line
                box = Rect(0, self.center_y - SHARED_GAP / 2, 0, 0)
            for side in ("bottom", "top"):
                self._stack(column, side, lay[column]["rows"], box if lay[column]["from"] == "centre" else None)
            if shared == "use":  # the Use area fills the column between the two halves' stacks
                x, w = self.columns[column]
                top = self.inner.get((column, "top"), self.center_y - 50) + ROW_GAP
                bottom = self.inner.get((column, "bottom"), self.center_y + 50) - ROW_GAP
                self.shared["use"] = Rect(x, top, w, bottom - top)
        self.zones = tuple(self.areas["bottom"])

    # ------------------------------------------------------------------ geometry of rows and columns

    def display(self, name: str) -> str:
        z = self.profile.zones.get(name)
        return "box" if z is None else z.display  # a tracker is drawn as a box

    def zone_scale(self, name: str) -> float:
        z = self.profile.zones.get(name)
        if z is None or z.display == "box":
            return 1.0
        if z.card_scale is not None:
            return z.card_scale
        return PILE_SCALE if z.display == "pile" else 1.0

    def _height(self, name: str, side: str, column: str = "centre") -> float:
        d = self.display(name)
        if d == "fan":
            return TOP_HAND_H if side == "top" else HAND_H
        if d == "pile":
            return round(CARD_H * self.zone_scale(name) + LABEL_H + 8)
        if d == "box":
            return PILE_BOX_H if name in self.profile.zones else TRACKER_H
        if column != "centre":  # a row in a narrow side column: its cards under its title, not over it
            return CARD_H * self.zone_scale(name) + 16 + LABEL_H
        return CARD_H * self.zone_scale(name) + 16

    def _row(self, column: str, row: tuple, side: str, y: float) -> float:
        """Place one row's zones at height y (its top); returns the row's height."""
        x0, w = self.columns[column]
        h = max(self._height(z, side, column) for z in row)
        n = len(row)
        widths = [PILE_W * self.zone_scale(z) / PILE_SCALE if self.display(z) == "pile" else
                  (w - ROW_GAP * (n - 1)) / n for z in row]
        for i, (z, zw) in enumerate(zip(row, widths)):
            x = x0 + (w - zw) / 2 if n == 1 else x0 + i * (w - zw) / (n - 1) if len(set(widths)) == 1 else \
                x0 + sum(widths[:i]) + i * (w - sum(widths)) / (n - 1)
            self.areas[side][z] = Rect(x, y, zw, self._height(z, side, column))
            if column != "centre" and self.display(z) == "row":
                self.titled.add(z)
        return h

    def _stack(self, column: str, side: str, rows, box: Rect | None) -> None:
        """A column's rows on one side: from the table's edge inward (no `box`), or outward from the shared box on
        the centre line, spread up to SPREAD_GAP apart."""
        if not rows:
            return
        heights = [max(self._height(z, side, column) for z in row) for row in rows]
        if box is None:
            y = SCENE_H - M if side == "bottom" else M
            for row, h in zip(rows, heights):
                if side == "bottom":
                    y -= h
                    self._row(column, row, side, y)
                    self.inner[(column, side)] = y
                    y -= ROW_GAP
                else:
                    self._row(column, row, side, y)
                    y += h
                    self.inner[(column, side)] = y
                    y += ROW_GAP
            return
        near = box.y + box.h + SHARED_GAP if side == "bottom" else box.y - SHARED_GAP
        if box.h == 0:  # the centre line itself
            near = box.y + SHARED_GAP if side == "bottom" else box.y
        far = SCENE_H - M if side == "bottom" else M
        gap = min(SPREAD_GAP, (abs(far - near) - sum(heights)) / (len(rows) - 1)) if len(rows) > 1 else 0.0
        if side == "bottom":
            y = near
            for row, h in zip(rows, heights):
                self._row(column, row, side, y)
                y += h + gap
        else:
            y = near - sum(heights) - gap * (len(rows) - 1)  # laid out from the edge so the sums match exactly
            for row, h in reversed(list(zip(rows, heights))):
                self._row(column, row, side, y)
                y += h + gap
        self.inner[(column, side)] = near

    # ------------------------------------------------------------------ what the board asks

    def zone_rect(self, zone: str, side: str) -> Rect:
        """The rectangle of `zone` (or tracker) for the player at `side` ("bottom" or "top"), or a shared one."""
        if zone in self.shared:
            return self.shared[zone]
        return self.areas["top" if side == "top" else "bottom"][zone]

    def zone_at(self, px: float, py: float) -> tuple[str, str] | None:
        """(zone, side) under a scene point, or None."""
        for name, r in self.shared.items():
            if r.contains(px, py):
                return name, "shared"
        for side in ("bottom", "top"):
            for zone, r in self.areas[side].items():
                if r.contains(px, py):
                    return zone, side
        return None

    def card_scale(self, zone: str, side: str) -> float:
        """How much smaller than a table card a card in `zone` is drawn: the opponent's hand and the piles are
        smaller (and a profile's scaled rows)."""
        if self.display(zone) == "fan":
            return HAND_BACK_SCALE if side == "top" else 1.0
        if zone == "use":  # the magic card being used, shown like a pile's card
            return PILE_SCALE
        return self.zone_scale(zone)

    @lru_cache(maxsize=512)  # noqa: B019 - one layout per game, alive as long as the app
    def row_slots(self, zone: str, n_first: int, n_second: int, side: str, turned: tuple = ()) -> tuple:
        """Top-left corners for the cards of a row zone: one row, the first group, then the second after a gap.

        While they fit, cards are spread with room for each to turn sideways (exhausted), so turning one moves no
        other; a crowded row packs them by the room each takes as it is (`turned[i]`: card i is sideways), drawn
        smaller (`row_scale`) so that none covers a neighbour — a turned card's name runs along its side — and
        overlaps them evenly only when even the smallest cards do not fit."""
        return self._row_fit(zone, n_first, n_second, side, turned)[1]

    def row_scale(self, zone: str, n_first: int, n_second: int, side: str, turned: tuple = ()) -> float:
        """How large the cards of that row are drawn (`card_scale`, less in a crowded row: see `row_slots`)."""
        return self._row_fit(zone, n_first, n_second, side, turned)[0]

    @lru_cache(maxsize=512)  # noqa: B019
    def _row_fit(self, zone: str, n_first: int, n_second: int, side: str, turned: tuple) -> tuple:
        """(the cards' scale, their corners) for `row_slots` and `row_scale`."""
        r = self.zone_rect(zone, side)
        s = self.zone_scale(zone)
        cw, ch, gap_x = CARD_W * s, CARD_H * s, GAP * s
        n = n_first + n_second
        if n == 0:
            return s, ()
        group_gap = 2 * gap_x if n_first and n_second else 0.0
        cy = r.y + r.h / 2 + (LABEL_H / 2 if zone in self.titled else 0.0)
        if (n - 1) * (ch + gap_x) <= r.w - gap_x - ch - group_gap:
            step = ch + gap_x
            first = r.x + (r.w - step * (n - 1) - group_gap) / 2
            return s, tuple(_corner(first + i * step + (group_gap if i >= n_first else 0.0), cy) for i in range(n))
        widths = [ch if i < len(turned) and turned[i] else cw for i in range(n)]
        gaps = gap_x * n + group_gap  # between the cards, and half a gap at either end
        fit = min(1.0, max(CROWDED_SCALE, (r.w - gaps) / sum(widths)))  # the cards' size: as large as fits
        widths = [w * fit for w in widths]
        apart = [(widths[i] + widths[i + 1]) / 2 + gap_x for i in range(n - 1)]  # from one centre to the next
        room = r.w - gap_x - (widths[0] + widths[-1]) / 2 - group_gap
        k = min(1.0, room / sum(apart)) if apart else 1.0
        total = widths[0] / 2 + k * sum(apart) + group_gap + widths[-1] / 2
        x = r.x + (r.w - total) / 2 + widths[0] / 2
        out = []
        for i in range(n):
            if i:
                x += k * apart[i - 1] + (group_gap if i == n_first else 0.0)
            out.append(_corner(x, cy))
        return s * fit, tuple(out)

    @lru_cache(maxsize=256)  # noqa: B019
    def hand_slots(self, n: int, side: str, zone: str = "hand") -> tuple:
        """Top-left corners for hand cards, fanned out and overlapping when the hand is large."""
        r = self.zone_rect(zone, side)
        if n == 0:
            return ()
        s = self.card_scale(zone, side)
        w = CARD_W * s
        step = min(w + GAP * s, (r.w - 2 * GAP - w) / max(n - 1, 1))
        width = step * (n - 1) + w
        x0 = r.x + (r.w - width) / 2
        cy = r.y + r.h / 2
        return tuple(_corner(x0 + i * step + w / 2, cy) for i in range(n))

    @lru_cache(maxsize=128)  # noqa: B019
    def pile_slot(self, zone: str, side: str) -> tuple[float, float]:
        """Top-left corner for the card shown on a pile (deck, trash, burst), under the pile's label."""
        r = self.zone_rect(zone, side)
        return _corner(r.x + r.w / 2, r.y + LABEL_H + (r.h - LABEL_H) / 2)


_layouts: dict[int, TableLayout] = {}


def layout_for(profile) -> TableLayout:
    """The board of `profile`'s game (made once per profile)."""
    lay = _layouts.get(id(profile))
    if lay is None or lay.profile is not profile:
        lay = _layouts[id(profile)] = TableLayout(profile)
    return lay


def _bss() -> TableLayout:
    from bss_desktop.table.profiles import get_profile

    return layout_for(get_profile("bss"))


# ---------------------------------------------------------------- Battle Spirits Saga's board (profiles/bss.yaml)

BSS = _bss()
LEFT_W = BSS.columns["left"][1]  # core piles
RIGHT_W = BSS.columns["right"][1]
MID_X, MID_W = BSS.columns["centre"]
RIGHT_X = BSS.right_x
CENTER_Y = BSS.center_y  # the centre line, between the two fields
SHARED_VOID = BSS.shared["void"]  # CR 3-9-1: players may share one void
USE_AREA = BSS.shared["use"]  # drop a magic card here to use it (CR 10-8), between the two halves
ZONES = BSS.zones  # every area a player has (the void and the Use area are shared)
zone_rect = BSS.zone_rect
zone_at = BSS.zone_at
card_scale = BSS.card_scale
pile_slot = BSS.pile_slot


def field_slots(n_spirits: int, n_nexuses: int, side: str, turned: tuple = ()) -> list[tuple[float, float]]:
    """Top-left corners for field cards: one row, spirits first, then nexuses after a gap (see row_slots)."""
    return list(BSS.row_slots("field", n_spirits, n_nexuses, side, tuple(turned)))


def field_slots_t(n_spirits: int, n_nexuses: int, side: str, turned: tuple = ()) -> tuple[tuple[float, float], ...]:
    """`field_slots` as a tuple, computed once per layout."""
    return BSS.row_slots("field", n_spirits, n_nexuses, side, turned)


def field_scale(n_spirits: int, n_nexuses: int, side: str, turned: tuple = ()) -> float:
    """How large those field cards are drawn: 1, or less on a crowded field (see row_slots)."""
    return BSS.row_scale("field", n_spirits, n_nexuses, side, tuple(turned))


def hand_slots(n: int, side: str) -> list[tuple[float, float]]:
    """Top-left corners for hand cards, fanned out and overlapping when the hand is large."""
    return list(BSS.hand_slots(n, side))


def hand_slots_t(n: int, side: str) -> tuple[tuple[float, float], ...]:
    """`hand_slots` as a tuple, computed once per layout (the opponent's hand: small backs, see `card_scale`)."""
    return BSS.hand_slots(n, side)
