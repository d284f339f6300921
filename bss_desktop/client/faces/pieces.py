"""The card back and the core tokens (the soul core distinct, CR 4-11-1).
"""
from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QLinearGradient,
    QPainterPath,
    QPen,
    QPixmap,
    QPolygonF,
    QRadialGradient,
)

from .art import _draw_gem
from .draw import (
    _BLACK,
    _WHITE,
    CARD_ASPECT,
    CARD_RADIUS,
    _alpha,
    _begin,
    _card_edge,
    _fit_text,
    _font,
    _mix,
    _new_image,
    _poly,
    _qc,
    _rounded,
    _to_pixmap,
)


def render_back(width: int, height: int, dpr: float = 1.0) -> QPixmap:
    """An original card back: deep blue-violet, a six-colour geometric emblem and "bss_desktop" in small print."""
    img, w, h = _new_image(width, height, dpr)
    p = _begin(img)
    try:
        u = min(w / 100.0, h / (100.0 / CARD_ASPECT))
        outer = QRectF(0, 0, w, h)
        frame = _card_edge(p, outer, u)
        radius = CARD_RADIUS * u
        g = QLinearGradient(frame.topLeft(), frame.bottomRight())
        g.setColorAt(0, QColor("#6b5bd0"))
        g.setColorAt(0.5, QColor("#2b2470"))
        g.setColorAt(1, QColor("#4d3fae"))
        p.setBrush(g)
        p.drawRoundedRect(frame, radius - 0.5 * u, radius - 0.5 * u)
        body = frame.adjusted(2.6 * u, 2.6 * u, -2.6 * u, -2.6 * u)
        c = body.center()
        bg = QRadialGradient(c, max(body.width(), body.height()) * 0.7)
        bg.setColorAt(0, _qc("back"))
        bg.setColorAt(1, _qc("back_deep"))
        p.setBrush(bg)
        p.setPen(QPen(QColor(190, 180, 255, 120), max(0.8, 0.35 * u)))
        p.drawRoundedRect(body, 2.6 * u, 2.6 * u)
        p.save()
        p.setClipPath(_rounded(body, 2.6 * u))
        # diamond lattice
        p.setPen(QPen(QColor(170, 160, 255, 24), max(0.6, 0.25 * u)))
        step = 7.0 * u
        span = body.width() + body.height()
        k = -span
        while k < span:
            p.drawLine(QPointF(body.left() + k, body.top()), QPointF(body.left() + k + body.height(), body.bottom()))
            p.drawLine(QPointF(body.left() + k + body.height(), body.top()), QPointF(body.left() + k, body.bottom()))
            k += step
        # concentric rings
        for i, r in enumerate((44, 38, 33)):
            p.setPen(QPen(QColor(200, 190, 255, 70 - i * 15), max(0.6, (0.5 - i * 0.1) * u)))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawEllipse(c, r * u, r * u)
        glow = QRadialGradient(c, 34 * u)
        glow.setColorAt(0, QColor(180, 170, 255, 110))
        glow.setColorAt(1, QColor(180, 170, 255, 0))
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(glow)
        p.drawEllipse(c, 34 * u, 34 * u)
        # six faceted petals, one per colour
        R = 27 * u
        for i, name in enumerate(("red", "purple", "white", "yellow", "green", "blue")):
            col = _qc(name)
            a = math.radians(-90 + i * 60)
            tip = QPointF(c.x() + R * math.cos(a), c.y() + R * math.sin(a))
            mid = 0.5 * R
            sideL = QPointF(c.x() + mid * math.cos(a - 0.36), c.y() + mid * math.sin(a - 0.36))
            sideR = QPointF(c.x() + mid * math.cos(a + 0.36), c.y() + mid * math.sin(a + 0.36))
            base = QPointF(c.x() + 0.16 * R * math.cos(a), c.y() + 0.16 * R * math.sin(a))
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(_mix(col, _WHITE, 0.35))
            p.drawPolygon(QPolygonF([base, sideL, tip]))
            p.setBrush(_mix(col, _BLACK, 0.2))
            p.drawPolygon(QPolygonF([base, tip, sideR]))
            p.setPen(QPen(QColor(10, 8, 30, 200), max(0.7, 0.35 * u)))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawPolygon(QPolygonF([base, sideL, tip, sideR]))
            # a gem on the outer ring
            dot = QPointF(c.x() + 38 * u * math.cos(a), c.y() + 38 * u * math.sin(a))
            _draw_gem(p, dot, 2.6 * u, [col])
        # central hexagon
        hexa = _poly(c, 7.5 * u, 6, -90)
        hg = QRadialGradient(c.x() - 2 * u, c.y() - 2 * u, 9 * u)
        hg.setColorAt(0, QColor("#ffffff"))
        hg.setColorAt(1, QColor("#9d92e8"))
        p.setBrush(hg)
        p.setPen(QPen(QColor(10, 8, 30, 220), max(0.8, 0.4 * u)))
        p.drawPolygon(hexa)
        p.setPen(QPen(QColor(80, 60, 170, 200), max(0.6, 0.3 * u)))
        p.drawPolygon(_poly(c, 4.2 * u, 6, -60))
        p.restore()
        f = _font(3.6 * u)
        f.setLetterSpacing(QFont.SpacingType.PercentageSpacing, 125)
        _fit_text(p, QRectF(body.left(), body.bottom() - 9 * u, body.width(), 6 * u), "bss_desktop", f,
                  QColor(200, 192, 255, 170), align=Qt.AlignmentFlag.AlignHCenter)
    finally:
        p.end()
    return _to_pixmap(img, dpr)


# ------------------------------------------------------------------ cores


def core_pixmap(size: int, soul: bool = False, dpr: float = 1.0) -> QPixmap:
    """A round core token `size` logical pixels across: a glossy blue-green gem, or the soul core in gold and
    white with a flame."""
    img, w, h = _new_image(size, size, dpr)
    p = _begin(img)
    try:
        c = QPointF(w / 2, h / 2)
        r = min(w, h) / 2 - max(0.5, min(w, h) * 0.03)
        hi, lo = (_qc("soul"), _qc("soul_lo")) if soul else (_qc("core"), _qc("core_lo"))
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(0, 0, 0, 200))
        p.drawEllipse(c, r, r)
        g = QRadialGradient(c.x() - r * 0.3, c.y() - r * 0.35, r * 1.5)
        g.setColorAt(0, _WHITE if soul else _mix(hi, _WHITE, 0.55))
        g.setColorAt(0.45, hi)
        g.setColorAt(1, lo)
        p.setBrush(g)
        p.drawEllipse(c, r * 0.9, r * 0.9)
        if soul:
            # a flame, white with a gold heart
            s = r * 0.62
            flame = QPainterPath(QPointF(c.x(), c.y() + s * 0.95))
            flame.cubicTo(QPointF(c.x() - s * 0.95, c.y() + s * 0.85), QPointF(c.x() - s * 0.8, c.y() - s * 0.1),
                          QPointF(c.x() - s * 0.15, c.y() - s * 1.05))
            flame.cubicTo(QPointF(c.x() - s * 0.1, c.y() - s * 0.45), QPointF(c.x() + s * 0.3, c.y() - s * 0.4),
                          QPointF(c.x() + s * 0.35, c.y() - s * 0.75))
            flame.cubicTo(QPointF(c.x() + s * 0.95, c.y() - s * 0.1), QPointF(c.x() + s * 0.85, c.y() + s * 0.85),
                          QPointF(c.x(), c.y() + s * 0.95))
            p.setBrush(QColor(255, 255, 250, 240))
            p.setPen(QPen(_alpha(lo, 230), max(0.6, r * 0.07)))
            p.drawPath(flame)
            heart = QPainterPath(QPointF(c.x(), c.y() + s * 0.8))
            heart.cubicTo(QPointF(c.x() - s * 0.5, c.y() + s * 0.7), QPointF(c.x() - s * 0.35, c.y() + s * 0.05),
                          QPointF(c.x(), c.y() - s * 0.25))
            heart.cubicTo(QPointF(c.x() + s * 0.35, c.y() + s * 0.05), QPointF(c.x() + s * 0.5, c.y() + s * 0.7),
                          QPointF(c.x(), c.y() + s * 0.8))
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor("#f2a92b"))
            p.drawPath(heart)
        else:
            # facets
            p.setPen(QPen(QColor(255, 255, 255, 60), max(0.5, r * 0.05)))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawPolygon(_poly(c, r * 0.5, 6, -90))
        # ring and gloss
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(QColor(255, 255, 255, 200) if soul else _alpha(_mix(hi, _WHITE, 0.5), 200), max(0.6, r * 0.08)))
        p.drawEllipse(c, r * 0.9, r * 0.9)
        gloss = QLinearGradient(0, c.y() - r * 0.85, 0, c.y())
        gloss.setColorAt(0, QColor(255, 255, 255, 170))
        gloss.setColorAt(1, QColor(255, 255, 255, 0))
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(gloss)
        p.drawEllipse(QRectF(c.x() - r * 0.55, c.y() - r * 0.82, r * 1.1, r * 0.7))
    finally:
        p.end()
    return _to_pixmap(img, dpr)


# ------------------------------------------------------------------ cache



