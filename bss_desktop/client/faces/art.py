"""The pictures on a Battle Spirits face: symbols, gems, the emblem of each card type, the art band.
"""
from __future__ import annotations

import math
import random
from collections import OrderedDict

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QImage,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
    QRadialGradient,
)

from .draw import (
    _BLACK,
    _WHITE,
    COLOR_HEX,
    _alpha,
    _art_tone,
    _begin,
    _mix,
    _new_image,
    _poly,
    _qc,
    _rounded,
    _seed,
    _star,
)

# ------------------------------------------------------------------ symbols and gems


def _symbol_colors(entry) -> list[QColor]:
    if isinstance(entry, str):
        entry = entry.split("/")
    cols = [c for c in entry if c in COLOR_HEX] or ["colorless"]
    return [_qc(c) for c in cols]


def _draw_symbol(p: QPainter, center: QPointF, r: float, colors: list[QColor]) -> None:
    """A glossy coloured circle; two colours = split diagonally, half and half (dual colour symbol)."""
    rect = QRectF(center.x() - r, center.y() - r, 2 * r, 2 * r)
    p.save()
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(_qc("edge", 230))
    p.drawEllipse(rect.adjusted(-r * 0.16, -r * 0.16, r * 0.16, r * 0.16))
    n = len(colors)
    for i, c in enumerate(colors):
        g = QRadialGradient(center.x() - r * 0.3, center.y() - r * 0.35, r * 1.5)
        g.setColorAt(0.0, _mix(c, _WHITE, 0.45))
        g.setColorAt(0.55, c)
        g.setColorAt(1.0, _mix(c, _BLACK, 0.45))
        p.setBrush(g)
        if n == 1:
            p.drawEllipse(rect)
        else:  # pie slice, starting at the top-right diagonal
            span = 360 * 16 // n
            p.drawPie(rect, int(45 * 16 + i * span), span)
    if n > 1:
        p.setPen(QPen(_qc("edge", 200), max(0.6, r * 0.1)))
        for i in range(n):
            a = math.radians(45 + i * 360 / n)
            p.drawLine(center, QPointF(center.x() + r * math.cos(a), center.y() - r * math.sin(a)))
    # gloss
    p.setPen(Qt.PenStyle.NoPen)
    gloss = QLinearGradient(0, rect.top(), 0, center.y())
    gloss.setColorAt(0, QColor(255, 255, 255, 150))
    gloss.setColorAt(1, QColor(255, 255, 255, 0))
    p.setBrush(gloss)
    p.drawEllipse(QRectF(rect.left() + r * 0.3, rect.top() + r * 0.12, r * 1.4, r * 0.85))
    p.restore()


def _draw_gem(p: QPainter, center: QPointF, r: float, colors: list[QColor]) -> None:
    """A small faceted diamond (reduction symbol); two colours = left/right halves."""
    top, right = QPointF(center.x(), center.y() - r), QPointF(center.x() + r * 0.82, center.y())
    bottom, left = QPointF(center.x(), center.y() + r), QPointF(center.x() - r * 0.82, center.y())
    a, b = colors[0], colors[-1]
    p.save()
    p.setPen(QPen(_qc("edge", 220), max(0.6, r * 0.16)))
    p.setBrush(a)
    p.drawPolygon(QPolygonF([top, right, bottom, left]))
    p.setPen(Qt.PenStyle.NoPen)
    facets = [([top, center, left], _mix(a, _WHITE, 0.45)), ([left, center, bottom], _mix(a, _BLACK, 0.1)),
              ([top, right, center], _mix(b, _WHITE, 0.2)), ([center, right, bottom], _mix(b, _BLACK, 0.3))]
    for pts, col in facets:
        p.setBrush(col)
        p.drawPolygon(QPolygonF(pts))
    p.restore()


# ------------------------------------------------------------------ emblems (the procedural "art")


def _emblem_colors(cols: list[QColor]) -> tuple[QColor, QColor, QColor]:
    """(light fill, stroke, deep) for the emblem."""
    a = cols[0]
    return _mix(a, _WHITE, 0.55), _mix(a, _BLACK, 0.62), _mix(cols[-1], _BLACK, 0.35)


def _emblem_spirit(p: QPainter, c: QPointF, R: float, cols: list[QColor], rng: random.Random) -> None:
    light, stroke, deep = _emblem_colors(cols)
    lw = max(0.8, R * 0.035)
    # halo ring with notches
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.setPen(QPen(_alpha(_WHITE, 150), lw * 1.2))
    p.drawEllipse(c, R * 0.98, R * 0.98)
    p.setPen(QPen(_alpha(_WHITE, 70), lw * 0.8))
    p.drawEllipse(c, R * 0.86, R * 0.86)
    # behind the star: wings, horns or crossed blades, chosen per card
    variant = rng.choice(("wings", "horns", "blades"))
    p.setPen(QPen(stroke, lw))
    for side in (-1, 1):
        col = cols[0 if side < 0 else -1]
        if variant == "wings":
            shape = QPainterPath(QPointF(c.x() + side * R * 0.15, c.y() + R * 0.05))
            shape.cubicTo(QPointF(c.x() + side * R * 0.7, c.y() - R * 0.55),
                          QPointF(c.x() + side * R * 1.25, c.y() - R * 0.45),
                          QPointF(c.x() + side * R * 1.45, c.y() - R * 0.75))
            shape.cubicTo(QPointF(c.x() + side * R * 1.25, c.y() - R * 0.1),
                          QPointF(c.x() + side * R * 0.9, c.y() + R * 0.2),
                          QPointF(c.x() + side * R * 0.25, c.y() + R * 0.35))
            shape.closeSubpath()
            tip = QPointF(c.x() + side * R * 1.4, c.y() - R * 0.7)
        elif variant == "horns":
            shape = QPainterPath(QPointF(c.x() + side * R * 0.35, c.y() - R * 0.2))
            shape.cubicTo(QPointF(c.x() + side * R * 1.2, c.y() - R * 0.2),
                          QPointF(c.x() + side * R * 1.3, c.y() - R * 0.9),
                          QPointF(c.x() + side * R * 0.95, c.y() - R * 1.3))
            shape.cubicTo(QPointF(c.x() + side * R * 1.05, c.y() - R * 0.7),
                          QPointF(c.x() + side * R * 0.8, c.y() + R * 0.15),
                          QPointF(c.x() + side * R * 0.3, c.y() + R * 0.25))
            shape.closeSubpath()
            tip = QPointF(c.x() + side * R * 0.95, c.y() - R * 1.3)
        else:
            shape = QPainterPath()
            for dy in (-1, 1):
                a = math.atan2(dy * 0.78, side * 1.0)
                far = QPointF(c.x() + R * 1.38 * math.cos(a), c.y() + R * 1.38 * math.sin(a))
                n = QPointF(-math.sin(a) * R * 0.13, math.cos(a) * R * 0.13)
                mid = QPointF(c.x() + R * 0.95 * math.cos(a), c.y() + R * 0.95 * math.sin(a))
                shape.addPolygon(QPolygonF([c, mid + n, far, mid - n, c]))
            tip = QPointF(c.x() + side * R * 1.3, c.y())
        g = QLinearGradient(c, tip)
        g.setColorAt(0, _alpha(col, 240))
        g.setColorAt(1, _alpha(_mix(col, _WHITE, 0.5), 215))
        p.setBrush(g)
        p.drawPath(shape)
    # faceted star: each point split into a light and a dark half
    pts = _star(c, R * 0.92, R * (0.4 if variant != "blades" else 0.36), rng.choice((6, 8, 8)))
    for i in range(0, len(pts), 2):
        tip, before, after = pts[i], pts[i - 1], pts[(i + 1) % len(pts)]
        col = cols[(i // 2) % len(cols)]
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(_mix(col, _WHITE, 0.62))
        p.drawPolygon(QPolygonF([c, before, tip]))
        p.setBrush(_mix(col, _WHITE, 0.18))
        p.drawPolygon(QPolygonF([c, tip, after]))
    p.setPen(QPen(stroke, lw))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawPolygon(QPolygonF(pts))
    # core gem
    g = QRadialGradient(c.x() - R * 0.08, c.y() - R * 0.1, R * 0.4)
    g.setColorAt(0, _mix(cols[-1], _WHITE, 0.5))
    g.setColorAt(1, deep)
    p.setBrush(g)
    p.setPen(QPen(_alpha(_WHITE, 220), lw))
    p.drawEllipse(c, R * 0.27, R * 0.27)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(_alpha(_WHITE, 170))
    p.drawEllipse(QPointF(c.x() - R * 0.09, c.y() - R * 0.1), R * 0.07, R * 0.05)


def _emblem_nexus(p: QPainter, c: QPointF, R: float, cols: list[QColor], rng: random.Random) -> None:
    light, stroke, deep = _emblem_colors(cols)
    lw = max(0.8, R * 0.035)
    hexa = _poly(c, R, 6)
    # faceted hexagon: six triangles alternating light and shade
    for i in range(6):
        a, b = hexa[i], hexa[(i + 1) % 6]
        col = cols[i * len(cols) // 6]
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(_alpha(_mix(col, _WHITE, 0.5 if i % 2 == 0 else 0.15), 215))
        p.drawPolygon(QPolygonF([c, a, b]))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.setPen(QPen(stroke, lw * 1.2))
    p.drawPolygon(hexa)
    p.setPen(QPen(_alpha(_WHITE, 170), lw))
    p.drawPolygon(_poly(c, R * 1.12, 6))
    # a gate of three spires standing on the lower hexagon edge
    base_y = c.y() + R * 0.5
    spires = [(-0.42, 0.62, 0.2), (0.42, 0.62, 0.2), (0.0, 1.05, 0.26)]
    for dx, height, half in spires:
        x = c.x() + dx * R
        path = QPainterPath(QPointF(x - half * R, base_y))
        path.lineTo(x - half * R, base_y - height * R * 0.62)
        path.lineTo(x, base_y - height * R)
        path.lineTo(x + half * R, base_y - height * R * 0.62)
        path.lineTo(x + half * R, base_y)
        path.closeSubpath()
        g = QLinearGradient(x - half * R, 0, x + half * R, 0)
        g.setColorAt(0, _mix(deep, _WHITE, 0.15))
        g.setColorAt(0.5, _mix(deep, _WHITE, 0.05))
        g.setColorAt(0.51, _mix(deep, _BLACK, 0.3))
        g.setColorAt(1, _mix(deep, _BLACK, 0.4))
        p.setBrush(g)
        p.setPen(QPen(_alpha(_WHITE, 200), lw * 0.8))
        p.drawPath(path)
        # a lit window
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(_alpha(_mix(cols[0], _WHITE, 0.7), 230))
        p.drawEllipse(QPointF(x, base_y - height * R * 0.5), half * R * 0.3, half * R * 0.42)
    p.setPen(QPen(_alpha(_WHITE, 200), lw))
    p.drawLine(QPointF(c.x() - R * 0.8, base_y), QPointF(c.x() + R * 0.8, base_y))


def _emblem_magic(p: QPainter, c: QPointF, R: float, cols: list[QColor], rng: random.Random) -> None:
    light, stroke, deep = _emblem_colors(cols)
    lw = max(0.8, R * 0.03)
    rot = rng.uniform(-15, 15)
    g = QRadialGradient(c, R)
    g.setColorAt(0, _alpha(_mix(cols[0], _WHITE, 0.6), 150))
    g.setColorAt(0.75, _alpha(cols[-1], 60))
    g.setColorAt(1, _alpha(deep, 120))
    p.setBrush(g)
    p.setPen(QPen(_alpha(_WHITE, 220), lw * 1.4))
    p.drawEllipse(c, R, R)
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.setPen(QPen(_alpha(_WHITE, 160), lw))
    p.drawEllipse(c, R * 0.82, R * 0.82)
    # rune ticks between the two rings
    for i in range(36):
        a = math.radians(rot + i * 10)
        r0, r1 = (R * 0.84, R * 0.97) if i % 3 == 0 else (R * 0.87, R * 0.93)
        p.drawLine(QPointF(c.x() + r0 * math.cos(a), c.y() + r0 * math.sin(a)),
                   QPointF(c.x() + r1 * math.cos(a), c.y() + r1 * math.sin(a)))
    # hexagram of two triangles, one per colour
    for k, col in enumerate((cols[0], cols[-1])):
        tri = _poly(c, R * 0.8, 3, rot - 90 + k * 60)
        p.setBrush(_alpha(_mix(col, _WHITE, 0.35), 110))
        p.setPen(QPen(_alpha(_mix(col, _WHITE, 0.75), 240), lw * 1.3))
        p.drawPolygon(tri)
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.setPen(QPen(_alpha(_WHITE, 200), lw))
    p.drawEllipse(c, R * 0.4, R * 0.4)
    # nodes on the vertices
    for i, pt in enumerate(_poly(c, R * 0.8, 6, rot - 90)):
        p.setBrush(_mix(cols[i % len(cols)], _WHITE, 0.6))
        p.setPen(QPen(stroke, lw * 0.8))
        p.drawEllipse(pt, R * 0.07, R * 0.07)
    # glowing centre
    g = QRadialGradient(c, R * 0.3)
    g.setColorAt(0, _alpha(_WHITE, 255))
    g.setColorAt(0.4, _alpha(_mix(cols[0], _WHITE, 0.6), 200))
    g.setColorAt(1, _alpha(cols[0], 0))
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(g)
    p.drawEllipse(c, R * 0.3, R * 0.3)


_EMBLEMS = {"spirit": _emblem_spirit, "nexus": _emblem_nexus, "magic": _emblem_magic}


class _LayerCache:
    """Art layers by card and size, bounded by memory: a card whose level or BP changes is drawn again, but its
    art (the slowest part) is not."""

    def __init__(self, max_bytes: int) -> None:
        self.max_bytes = max_bytes
        self._items: OrderedDict[tuple, QImage] = OrderedDict()
        self._bytes = 0

    def get(self, key: tuple) -> QImage | None:
        img = self._items.get(key)
        if img is not None:
            self._items.move_to_end(key)
        return img

    def put(self, key: tuple, img: QImage) -> None:
        self._items[key] = img
        self._bytes += img.sizeInBytes()
        while self._bytes > self.max_bytes and len(self._items) > 1:
            _, old = self._items.popitem(last=False)
            self._bytes -= old.sizeInBytes()

    def clear(self) -> None:
        self._items.clear()
        self._bytes = 0


_ART_LAYERS = _LayerCache(48 * 1024 * 1024)


def _draw_art(p: QPainter, rect: QRectF, card, cols: list[QColor], u: float, emblem_center: QPointF) -> None:
    """The art band: painted on its own layer (no clipping per shape, which is slow), then drawn once with
    rounded corners."""
    dev = p.device()
    dpr = dev.devicePixelRatio() if dev is not None else 1.0
    key = (card.id, card.type, tuple(card.colors), round(rect.width(), 2), round(rect.height(), 2),
           round(emblem_center.x() - rect.left(), 2), round(emblem_center.y() - rect.top(), 2), round(u, 4), dpr)
    layer = _ART_LAYERS.get(key)
    if layer is None:
        layer, _, _ = _new_image(math.ceil(rect.width()) + 1, math.ceil(rect.height()) + 1, dpr)
        lp = _begin(layer)
        try:
            lp.translate(-rect.left(), -rect.top())
            _paint_art(lp, rect, card, cols, u, emblem_center)
        finally:
            lp.end()
        _ART_LAYERS.put(key, layer)
    p.save()
    p.setClipPath(_rounded(rect, 1.6 * u))
    p.drawImage(QPointF(rect.left(), rect.top()), layer)
    p.restore()
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.setPen(QPen(_qc("edge", 220), max(1.0, 0.45 * u)))
    p.drawRoundedRect(rect, 1.6 * u, 1.6 * u)


def _paint_art(p: QPainter, rect: QRectF, card, cols: list[QColor], u: float, emblem_center: QPointF) -> None:
    rng = _seed(card)
    emblem_seed = rng.random()
    # base: a diagonal gradient through the card's colours
    tones = [_art_tone(c) for c in cols]
    g = QLinearGradient(rect.topLeft(), rect.bottomRight())
    if len(tones) == 1:
        c = tones[0]
        g.setColorAt(0, _mix(c, _WHITE, 0.45))
        g.setColorAt(0.5, c)
        g.setColorAt(1, _mix(c, _BLACK, 0.6))
    else:  # each colour in its own part, blended softly where they meet
        n = len(tones)
        g.setColorAt(0, _mix(tones[0], _WHITE, 0.3))
        for i, c in enumerate(tones):
            g.setColorAt((i + 0.5) / n, c)
        g.setColorAt(1, _mix(tones[-1], _BLACK, 0.5))
    p.fillRect(rect, g)
    # light rays from behind the emblem
    c = emblem_center
    reach = math.hypot(rect.width(), rect.height())
    rays = rng.choice((10, 12, 14, 16))
    rot = rng.uniform(0, 360)
    p.setPen(Qt.PenStyle.NoPen)
    for parity, alpha in ((0, 22), (1, 10)):
        path = QPainterPath()
        for i in range(parity, rays, 2):
            a0 = math.radians(rot + i * 360 / rays)
            a1 = math.radians(rot + (i + 0.5) * 360 / rays)
            path.addPolygon(QPolygonF([c, QPointF(c.x() + reach * math.cos(a0), c.y() + reach * math.sin(a0)),
                                       QPointF(c.x() + reach * math.cos(a1), c.y() + reach * math.sin(a1)), c]))
        p.setBrush(QColor(255, 255, 255, alpha))
        p.drawPath(path)
    # floating shards
    for _ in range(7):
        x = rect.left() + rng.uniform(0.05, 0.95) * rect.width()
        y = rect.top() + rng.uniform(0.08, 0.92) * rect.height()
        s = rng.uniform(1.2, 3.2) * u
        ang = rng.uniform(0, 180)
        shard = _poly(QPointF(x, y), s, 4, ang)
        p.setBrush(QColor(255, 255, 255, rng.choice((28, 40, 55))))
        p.drawPolygon(shard)
    # glow behind the emblem
    R = min(rect.width(), rect.height()) * 0.36
    glow = QRadialGradient(c, R * 1.6)
    glow.setColorAt(0, QColor(255, 255, 255, 120))
    glow.setColorAt(0.5, QColor(255, 255, 255, 35))
    glow.setColorAt(1, QColor(255, 255, 255, 0))
    p.setBrush(glow)
    p.drawEllipse(c, R * 1.6, R * 1.6)
    # the emblem, with a soft drop shadow
    draw = _EMBLEMS.get(getattr(card, "type", "spirit"), _emblem_spirit)
    p.save()
    p.translate(0.8 * u, 1.2 * u)
    p.setOpacity(0.25)
    shadow_cols = [QColor(0, 0, 0)]
    draw(p, c, R, shadow_cols, random.Random(emblem_seed))
    p.restore()
    draw(p, c, R, [_art_tone(x) for x in cols], random.Random(emblem_seed))
    # vignette
    vg = QRadialGradient(rect.center(), max(rect.width(), rect.height()) * 0.75)
    vg.setColorAt(0.55, QColor(0, 0, 0, 0))
    vg.setColorAt(1.0, QColor(0, 0, 0, 120))
    p.setBrush(vg)
    p.setPen(Qt.PenStyle.NoPen)
    p.drawRect(rect)


# ------------------------------------------------------------------ levels and BP


