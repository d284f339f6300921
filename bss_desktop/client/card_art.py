"""Card faces drawn from card data (we ship no official card images).

    render_face(card, 300, 419)                      -> QPixmap of the printed card
    render_face(card, 300, 419, level=2, bp=7000, printed_bp=5000)
                                                     -> current level highlighted, current BP shown in green
    render_back(300, 419)                            -> the (original) card back
    core_pixmap(24) / core_pixmap(24, soul=True)     -> a core / the soul core token
    render_table_face(card, 180, 251, level=2, bp=7000)
                                                     -> the table rendering: cost, name, LV and BP large
    FaceCache(image_dir=...).get(card, 300, 419)     -> cached faces; <card id>.png/.jpg in image_dir replaces
                                                        the drawn face (.table(...) for table faces)

The layout follows a printed Battle Spirits Saga card: cost top-left with the
reduction symbols beside it, the name at the top, an art band (drawn
procedurally: a gradient of the card's colours and an emblem per card type),
the level table on the left of the art, the type/family bar, the text box
(``card_text(card)``, shrunk to fit) and the symbols bottom-right.

Everything is measured in units of 1/100 of the card width, so the same code
draws 150 px table cards and 400 px previews. Painting happens on a QImage
(``dpr`` = device pixel ratio: the image is ``width*dpr`` physical pixels), so
it needs a QGuiApplication but no widgets.
"""
from __future__ import annotations

import math
import random
import re
import zlib
from collections import OrderedDict
from pathlib import Path

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (QColor, QFont, QFontMetricsF, QImage, QLinearGradient, QPainter, QPainterPath,
                           QPen, QPixmap, QPolygonF, QRadialGradient, QTextBlockFormat, QTextCharFormat, QTextCursor,
                           QTextDocument, QTextLayout, QTextOption)

from bss_desktop.carddb.card_text import card_text

__all__ = ["CARD_ASPECT", "COLOR_HEX", "FaceCache", "core_pixmap", "displayable_text", "render_back", "render_face",
           "render_image_face", "render_table_face"]

CARD_ASPECT = 63 / 88  # width / height of a card

COLOR_HEX = {
    # the six card colours (CR 2-4-1-1)
    "red": "#dc4438",
    "purple": "#8f5ad6",
    "white": "#e6ebf2",
    "yellow": "#f1c232",
    "green": "#3aa85c",
    "blue": "#3a80e2",
    "colorless": "#9aa2ad",
    # frame and ink
    "edge": "#07080c",  # outline around every card, so white cards read on a dark table
    "panel": "#181b22",  # name bar, card body
    "panel_hi": "#2b303b",
    "paper": "#f6f1e5",  # text box
    "paper_lo": "#e9e1cf",
    "ink": "#1e1a15",  # text on paper
    "ink_light": "#f5f0e4",  # text on dark panels
    "muted": "#a3abb9",  # small print
    "level": "#0d6670",  # [LV2] tags in the text box
    "gold": "#f3c95e",  # current level highlight
    "gold_lo": "#d89a2e",
    "up": "#37d27c",  # BP raised
    "down": "#f1524f",  # BP lowered
    "core": "#1fb6a4",
    "core_lo": "#0a4f63",
    "soul": "#fbe08a",
    "soul_lo": "#b8741c",
    "back": "#33267a",
    "back_deep": "#0f0b29",
    "burst": "#ff6a3a",
    "burst_lo": "#c0261f",
    "main": "#f0b440",
    "flash": "#42c0ea",
}

_RARITY_COLORS = {"C": "#8e96a3", "U": "#7fb2d9", "R": "#f0c45a", "X": "#d77cf0", "M": "#ff6f61"}
_SANS = ["Segoe UI", "Helvetica Neue", "Arial", "DejaVu Sans", "Noto Sans", "Liberation Sans", "sans-serif"]
_CIRCLED = "⓪①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮⑯⑰⑱⑲⑳"


# ------------------------------------------------------------------ small helpers


def _qc(name: str, alpha: int | None = None) -> QColor:
    c = QColor(COLOR_HEX.get(name, name))
    if alpha is not None:
        c.setAlpha(alpha)
    return c


def _alpha(c: QColor, a: int) -> QColor:
    c = QColor(c)
    c.setAlpha(a)
    return c


def _mix(a: QColor, b: QColor, t: float) -> QColor:
    """`a` moved a fraction `t` towards `b`."""
    return QColor.fromRgbF(a.redF() + (b.redF() - a.redF()) * t, a.greenF() + (b.greenF() - a.greenF()) * t,
                           a.blueF() + (b.blueF() - a.blueF()) * t, a.alphaF() + (b.alphaF() - a.alphaF()) * t)


def _lum(c: QColor) -> float:
    return 0.2126 * c.redF() + 0.7152 * c.greenF() + 0.0722 * c.blueF()


_BLACK, _WHITE = QColor(0, 0, 0), QColor(255, 255, 255)


def _card_colors(card) -> list[QColor]:
    cols = [c for c in (getattr(card, "colors", ()) or ()) if c in COLOR_HEX] or ["colorless"]
    return [_qc(c) for c in cols]


_INK = {"red": "#a8261d", "purple": "#6630b0", "white": "#35558f", "yellow": "#8c6300", "green": "#1d7a3b",
        "blue": "#1b58b8", "colorless": "#4d5562"}


def _deep(c: QColor) -> QColor:
    """A dark version of a card colour, readable on paper (keywords in the text box)."""
    for name, ink in _INK.items():
        if QColor(COLOR_HEX[name]) == c:
            return QColor(ink)
    return _mix(c, QColor("#1b2233"), 0.62 if _lum(c) > 0.55 else 0.35)


def _art_tone(c: QColor) -> QColor:
    """The colour the art band is painted in: white becomes a cool pearl-silver so it has depth."""
    return QColor("#c3cfe2") if _lum(c) > 0.85 else c


def _font(px: float, bold: bool = False, *, italic: bool = False, weight: QFont.Weight | None = None) -> QFont:
    f = QFont()
    f.setFamilies(_SANS)
    f.setPixelSize(max(1, round(px)))
    if weight is not None:
        f.setWeight(weight)
    elif bold:
        f.setWeight(QFont.Weight.Bold)
    f.setItalic(italic)
    f.setHintingPreference(QFont.HintingPreference.PreferNoHinting)
    return f


_GLYPHS: dict[tuple[str, str], bool] = {}


def _has_glyph(ch: str, font: QFont) -> bool:
    """Whether Qt can draw `ch` with `font` or one of its fallbacks (not a missing-glyph box)."""
    key = (ch, font.families()[0] if font.families() else font.family())
    if key not in _GLYPHS:
        layout = QTextLayout(ch, font)
        layout.beginLayout()
        layout.createLine()
        layout.endLayout()
        runs = layout.glyphRuns()
        ok = bool(runs)
        for run in runs:
            if 0 in run.glyphIndexes() or not run.rawFont().supportsCharacter(ord(ch)):
                ok = False
        _GLYPHS[key] = ok
    return _GLYPHS[key]


def displayable_text(text: str, font: QFont | None = None) -> str:
    """`text` with the lenticular brackets 【】 and circled numbers kept when a font on this system can draw them,
    otherwise replaced by the closest characters that can be drawn (⟦⟧ or [], (3))."""
    return _printable(text, font if font is not None else _font(12))


def _printable(text: str, font: QFont) -> str:
    if "【" in text and not _has_glyph("【", font):
        if _has_glyph("⟦", font):
            text = text.replace("【", "⟦").replace("】", "⟧")
        else:
            text = text.replace("【", "[").replace("】", "]")
    for i, ch in enumerate(_CIRCLED):
        if ch in text and not _has_glyph(ch, font):
            text = text.replace(ch, f"({i})")
    return text


def _rounded(rect: QRectF, r: float) -> QPainterPath:
    path = QPainterPath()
    path.addRoundedRect(rect, r, r)
    return path


def _seed(card) -> random.Random:
    return random.Random(zlib.crc32(str(getattr(card, "id", "")).encode("utf-8")))


def _fit_text(p: QPainter, rect: QRectF, text: str, font: QFont, color: QColor, *,
              align=Qt.AlignmentFlag.AlignLeft, min_scale: float = 0.78, squeeze: float = 0.86,
              shadow: QColor | None = None, min_px: float = 0) -> None:
    """Draw one line of `text` in `rect`: shrink the font (down to `min_scale` of its size, but not below `min_px`
    pixels), then squeeze it horizontally (down to `squeeze`), then elide."""
    text = _printable(text, font)
    f = QFont(font)
    base = f.pixelSize()
    fm = QFontMetricsF(f)
    width = fm.horizontalAdvance(text)
    size = base
    floor = max(1, min(base, max(base * min_scale, min_px)))
    while width > rect.width() and size > floor:
        size -= 1
        f.setPixelSize(size)
        fm = QFontMetricsF(f)
        width = fm.horizontalAdvance(text)
    sx = 1.0
    if width > rect.width():
        sx = max(squeeze, rect.width() / width)
        if width * sx > rect.width():
            text = fm.elidedText(text, Qt.TextElideMode.ElideRight, rect.width() / sx)
            width = fm.horizontalAdvance(text)
    p.save()
    p.setFont(f)
    if align & Qt.AlignmentFlag.AlignHCenter:
        x = rect.center().x() - width * sx / 2
    elif align & Qt.AlignmentFlag.AlignRight:
        x = rect.right() - width * sx
    else:
        x = rect.left()
    baseline = rect.center().y() + (fm.ascent() - fm.descent()) / 2
    p.translate(x, baseline)
    p.scale(sx, 1.0)
    if shadow is not None:
        p.setPen(shadow)
        p.drawText(QPointF(0, max(1.0, size * 0.07)), text)
    p.setPen(color)
    p.drawText(QPointF(0, 0), text)
    p.restore()


def _pill(p: QPainter, rect: QRectF, fill, border: QColor | None = None, width: float = 1.0) -> None:
    p.setPen(QPen(border, width) if border is not None else Qt.PenStyle.NoPen)
    p.setBrush(fill)
    r = rect.height() / 2
    p.drawRoundedRect(rect, r, r)


def _star(center: QPointF, outer: float, inner: float, points: int, rot: float = -90.0) -> list[QPointF]:
    pts = []
    for i in range(points * 2):
        r = outer if i % 2 == 0 else inner
        a = math.radians(rot + i * 180.0 / points)
        pts.append(QPointF(center.x() + r * math.cos(a), center.y() + r * math.sin(a)))
    return pts


def _poly(center: QPointF, r: float, n: int, rot: float = -90.0) -> QPolygonF:
    return QPolygonF([QPointF(center.x() + r * math.cos(math.radians(rot + i * 360.0 / n)),
                              center.y() + r * math.sin(math.radians(rot + i * 360.0 / n))) for i in range(n)])


def _new_image(width: int, height: int, dpr: float) -> tuple[QImage, float, float]:
    dpr = float(dpr) if dpr and dpr > 0 else 1.0
    pw, ph = max(1, round(width * dpr)), max(1, round(height * dpr))
    img = QImage(pw, ph, QImage.Format.Format_ARGB32_Premultiplied)
    img.setDevicePixelRatio(dpr)
    img.fill(Qt.GlobalColor.transparent)
    return img, pw / dpr, ph / dpr


def _to_pixmap(img: QImage, dpr: float) -> QPixmap:
    pm = QPixmap.fromImage(img)
    pm.setDevicePixelRatio(dpr if dpr and dpr > 0 else 1.0)
    return pm


def _begin(img: QImage) -> QPainter:
    p = QPainter(img)
    p.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing
                     | QPainter.RenderHint.SmoothPixmapTransform)
    return p


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


def _draw_cost(p: QPainter, cc: QPointF, cr: float, edge: float, u: float, cols: list[QColor], cost: int,
               font: QFont, **fit) -> None:
    """The cost circle: a dark edge, a ring in the card's colours, a dark centre with the number."""
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(_qc("edge", 240))
    p.drawEllipse(cc, cr + edge, cr + edge)
    ring = QLinearGradient(cc.x() - cr, cc.y() - cr, cc.x() + cr, cc.y() + cr)
    for i, c in enumerate(cols):
        ring.setColorAt(i / max(1, len(cols) - 1) if len(cols) > 1 else 0, _mix(c, _WHITE, 0.25))
    if len(cols) == 1:
        ring.setColorAt(1, _mix(cols[0], _BLACK, 0.3))
    p.setBrush(ring)
    p.drawEllipse(cc, cr, cr)
    inner = QRadialGradient(cc.x() - cr * 0.25, cc.y() - cr * 0.3, cr)
    inner.setColorAt(0, QColor("#3b4150"))
    inner.setColorAt(1, QColor("#0c0e13"))
    p.setBrush(inner)
    p.drawEllipse(cc, cr * 0.8, cr * 0.8)
    _fit_text(p, QRectF(cc.x() - cr * 0.8, cc.y() - cr * 0.8, cr * 1.6, cr * 1.6 + 0.2 * u), str(cost), font, _WHITE,
              align=Qt.AlignmentFlag.AlignHCenter, shadow=QColor(0, 0, 0, 220), **fit)


def _level_rows(card) -> list:
    return list(getattr(card, "levels", ()) or ())


def _is_nexus_like(card) -> bool:
    return card.type == "nexus" or all(lv.bp is None for lv in _level_rows(card))


def _draw_core_badge(p: QPainter, center: QPointF, r: float, n: int, u: float) -> None:
    g = QRadialGradient(center.x() - r * 0.3, center.y() - r * 0.35, r * 1.6)
    g.setColorAt(0, _mix(_qc("core"), _WHITE, 0.5))
    g.setColorAt(0.5, _qc("core"))
    g.setColorAt(1, _qc("core_lo"))
    p.setBrush(g)
    p.setPen(QPen(_qc("edge", 200), max(0.6, r * 0.12)))
    p.drawEllipse(center, r, r)
    f = _font(r * (1.35 if n < 10 else 1.05), True)
    rect = QRectF(center.x() - r, center.y() - r, 2 * r, 2 * r)
    _fit_text(p, rect.adjusted(0, 0, 0, r * 0.04), str(n), f, _WHITE, align=Qt.AlignmentFlag.AlignHCenter,
              shadow=QColor(0, 0, 0, 110))


def _draw_levels(p: QPainter, card, left: float, bottom: float, u: float, level: int | None,
                 max_height: float | None = None) -> QRectF | None:
    """The level table ("LV1 ①› 3000"), its bottom-left corner at (left, bottom); the current level highlighted."""
    rows = _level_rows(card)
    if not rows:
        return None
    nexus = _is_nexus_like(card)
    row_h, pad = 7.0 * u, 1.0 * u
    if max_height is not None and pad * 2 + row_h * len(rows) > max_height:
        row_h = max(3 * u, (max_height - pad * 2) / len(rows))
    k = row_h / (7.0 * u)
    lv_w, core_w, bp_w = 10.5 * u * k, 8.6 * u * k, 17.0 * u * k
    width = pad * 2 + lv_w + core_w + (0 if nexus else bp_w)
    height = pad * 2 + row_h * len(rows)
    box = QRectF(left, bottom - height, width, height)
    p.save()
    p.setPen(QPen(QColor(255, 255, 255, 55), max(0.8, 0.3 * u)))
    p.setBrush(QColor(10, 12, 18, 215))
    p.drawRoundedRect(box, 1.8 * u, 1.8 * u)
    for i, lv in enumerate(rows):
        rr = QRectF(box.left() + pad, box.top() + pad + i * row_h, width - 2 * pad, row_h)
        current = level is not None and lv.number == level
        if current:
            g = QLinearGradient(rr.topLeft(), rr.bottomLeft())
            g.setColorAt(0, _qc("gold"))
            g.setColorAt(1, _qc("gold_lo"))
            p.setPen(QPen(_alpha(_WHITE, 200), max(0.8, 0.3 * u)))
            p.setBrush(g)
            p.drawRoundedRect(rr.adjusted(0, 0.3 * u, 0, -0.3 * u), 1.3 * u, 1.3 * u)
        elif i:
            p.setPen(QPen(QColor(255, 255, 255, 30), max(0.6, 0.2 * u)))
            p.drawLine(QPointF(rr.left() + u, rr.top()), QPointF(rr.right() - u, rr.top()))
        ink = _qc("ink") if current else _qc("ink_light")
        dim = _qc("ink") if current else _qc("muted")
        _fit_text(p, QRectF(rr.left() + 0.8 * u, rr.top(), lv_w - 0.8 * u, row_h), f"LV{lv.number}",
                  _font(3.6 * u * k, True), dim if not current else ink)
        # at least 4.5 px across so the number still reads on small table cards
        core_r = max(2.55 * u * k, min(4.5, row_h * 0.45))
        _draw_core_badge(p, QPointF(rr.left() + lv_w + core_w * 0.36, rr.center().y()), core_r, lv.cores, u)
        if not nexus:
            # a small chevron, then the BP
            cx, cy, s = rr.left() + lv_w + core_w * 0.74, rr.center().y(), 0.8 * u * k
            p.setPen(QPen(dim, max(0.7, 0.4 * u * k), Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                          Qt.PenJoinStyle.RoundJoin))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawPolyline(QPolygonF([QPointF(cx - s * 0.5, cy - s), QPointF(cx + s * 0.5, cy),
                                      QPointF(cx - s * 0.5, cy + s)]))
            bp = "" if lv.bp is None else str(lv.bp)
            _fit_text(p, QRectF(rr.left() + lv_w + core_w, rr.top(), bp_w - 0.8 * u, row_h), bp,
                      _font(4.5 * u * k, True), ink, align=Qt.AlignmentFlag.AlignRight)
    p.restore()
    return box


def _draw_bp_badge(p: QPainter, right: float, bottom: float, u: float, bp: int, printed: int) -> None:
    """The current BP, large, green when raised and red when lowered, with the change under it (the change is
    left out on small cards, where it could not be read)."""
    up = bp >= printed
    col = _qc("up") if up else _qc("down")
    big, small = _font(7.6 * u, True), _font(3.3 * u, True)
    detail = u >= 2.2
    text = str(bp)
    delta = f"{'+' if up else '−'}{abs(bp - printed)}  (printed {printed})"
    tw = QFontMetricsF(big).horizontalAdvance(text)
    dw = QFontMetricsF(small).horizontalAdvance(delta) if detail else 0.0
    arrow_w = 4.2 * u
    w = max(tw + arrow_w, dw) + 4.4 * u
    h = 13.4 * u if detail else 9.6 * u
    box = QRectF(right - w, bottom - h, w, h)
    p.save()
    p.setPen(QPen(col, max(1.0, 0.6 * u)))
    g = QLinearGradient(box.topLeft(), box.bottomLeft())
    g.setColorAt(0, QColor(18, 22, 30, 235))
    g.setColorAt(1, QColor(6, 8, 12, 235))
    p.setBrush(g)
    p.drawRoundedRect(box, 2.2 * u, 2.2 * u)
    # arrow triangle
    ax, ay, s = box.left() + 2.2 * u + 1.4 * u, box.top() + 5.0 * u, 1.6 * u
    tri = [QPointF(ax - s, ay + s * 0.7), QPointF(ax + s, ay + s * 0.7), QPointF(ax, ay - s)] if up else \
        [QPointF(ax - s, ay - s * 0.7), QPointF(ax + s, ay - s * 0.7), QPointF(ax, ay + s)]
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(col)
    p.drawPolygon(QPolygonF(tri))
    _fit_text(p, QRectF(box.left() + 2.2 * u + arrow_w, box.top() + 0.6 * u, tw + 0.5 * u, 8.6 * u), text, big,
              _mix(col, _WHITE, 0.25), shadow=QColor(0, 0, 0, 160))
    if detail:
        _fit_text(p, QRectF(box.left() + 2.2 * u, box.top() + 8.6 * u, w - 4.4 * u, 4.2 * u), delta, small,
                  _mix(col, _WHITE, 0.35), align=Qt.AlignmentFlag.AlignHCenter)
    p.restore()


def _printed_bp(card, level, printed_bp):
    if printed_bp is not None:
        return printed_bp
    if level is not None and card.has_level(level):
        return card.bp_at(level)
    return None


# ------------------------------------------------------------------ the text box

_HEAD_RE = re.compile(r"^((?:\[LV\d+\])+\s*)?(\([^)]*\)|Main/Flash:|Main:|Flash:|Constant:|Burst \([^)]*\):)?")
_KEYWORD_RE = re.compile(r"【[^】]*】")


def _build_doc(text: str, px: int, keyword_color: QColor) -> QTextDocument:
    font = _font(px)
    doc = QTextDocument()
    doc.setDocumentMargin(0)
    doc.setDefaultFont(font)
    opt = QTextOption()
    opt.setWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
    doc.setDefaultTextOption(opt)
    text = _printable(text, font)
    plain = QTextCharFormat()
    plain.setForeground(_qc("ink"))
    level_fmt = QTextCharFormat(plain)
    level_fmt.setFontWeight(QFont.Weight.Bold)
    level_fmt.setForeground(_qc("level"))
    label_fmt = QTextCharFormat(plain)
    label_fmt.setFontWeight(QFont.Weight.Bold)
    kw_fmt = QTextCharFormat(plain)
    kw_fmt.setFontWeight(QFont.Weight.Bold)
    kw_fmt.setForeground(keyword_color)
    note_fmt = QTextCharFormat(plain)
    note_fmt.setFontItalic(True)
    note_fmt.setForeground(QColor("#6b645a"))
    cur = QTextCursor(doc)
    block = QTextBlockFormat()
    block.setLineHeight(104, 1)  # proportional
    block.setBottomMargin(px * 0.4)
    brackets = ("⟦", "⟧") if "⟦" in text else ("[", "]") if "【" not in text else ("【", "】")
    kw_re = _KEYWORD_RE if brackets[0] == "【" else re.compile(re.escape(brackets[0]) + r"[^" + re.escape(brackets[1])
                                                               + r"\]]*" + re.escape(brackets[1]))
    for i, line in enumerate(text.split("\n")):
        if i:
            cur.insertBlock(block)
        else:
            cur.setBlockFormat(block)
        m = _HEAD_RE.match(line)
        if m and m.group(1):
            cur.insertText(m.group(1), level_fmt)
        if m and m.group(2):
            cur.insertText(m.group(2), label_fmt)
        rest = line[m.end():] if m else line
        pos = 0
        for k in kw_re.finditer(rest):
            if k.start() > pos:
                _insert_plain(cur, rest[pos:k.start()], plain, note_fmt)
            cur.insertText(k.group(0), kw_fmt)
            pos = k.end()
        if pos < len(rest):
            _insert_plain(cur, rest[pos:], plain, note_fmt)
    return doc


def _insert_plain(cur: QTextCursor, s: str, plain: QTextCharFormat, note: QTextCharFormat) -> None:
    marker = "(resolved by hand)"
    if marker in s:
        a, b = s.split(marker, 1)
        cur.insertText(a, plain)
        cur.insertText(marker, note)
        cur.insertText(b, plain)
    else:
        cur.insertText(s, plain)


READABLE_PX = 9  # the smallest text (logical pixels) the full face prints before its text box grows over the art


def _text_doc(text: str, width: float, height: float, grow: float, u: float, keyword_color: QColor):
    """The card text laid out for a text box `width` x `height` whose top may move up by as much as `grow` (over
    the art band): (document, how far the box grows). The whole text is always there: as printed if it fits at a
    readable size; else in the box grown as far as it may, as large as fits there (below the readable size only on
    small faces: table icons, a narrow dock)."""
    start = max(1, round(4.6 * u))
    readable = min(start, max(round(2.6 * u), READABLE_PX))
    doc = None

    def laid(px):
        d = _build_doc(text, px, keyword_color)
        d.setTextWidth(width)
        return d

    for px in range(start, readable - 1, -1):  # the printed layout, shrinking to the readable size
        doc = laid(px)
        if doc.size().height() <= height:
            return doc, 0.0
    for px in range(start, 0, -1):  # a long text: the box grows over the art, as large as fits, then smaller
        doc = laid(px)
        if doc.size().height() <= height + grow:
            return doc, max(0.0, doc.size().height() - height)
    return doc, grow


def _draw_text_box(p: QPainter, rect: QRectF, card, cols: list[QColor], u: float, doc=None) -> None:
    """The text box; `doc` the text laid out for it by `_text_doc` (None: a vanilla card)."""
    p.save()
    g = QLinearGradient(rect.topLeft(), rect.bottomLeft())
    g.setColorAt(0, _qc("paper"))
    g.setColorAt(1, _qc("paper_lo"))
    p.setBrush(g)
    p.setPen(QPen(_mix(cols[0], _BLACK, 0.35), max(0.8, 0.4 * u)))
    p.drawRoundedRect(rect, 1.6 * u, 1.6 * u)
    inner = _text_inner(rect, u)
    if doc is None:
        # vanilla card: a faint emblem watermark
        p.setClipRect(rect)
        p.setOpacity(0.09)
        draw = _EMBLEMS.get(card.type, _emblem_spirit)
        draw(p, rect.center(), min(rect.width(), rect.height()) * 0.32, [QColor(40, 40, 40)],
             random.Random(_seed(card).random()))  # the same emblem as the art
        p.restore()
        return
    p.translate(inner.topLeft())
    clip = QRectF(0, 0, inner.width(), inner.height() + 0.5 * u)  # a rounding's worth: the last line is never cut
    p.setClipRect(clip)
    doc.drawContents(p, clip)
    p.restore()


def _text_inner(rect: QRectF, u: float) -> QRectF:
    """Where the text goes inside the text box."""
    return rect.adjusted(2.2 * u, 1.8 * u, -2.2 * u, -1.6 * u)


# ------------------------------------------------------------------ the face


def _frame(p: QPainter, outer: QRectF, cols: list[QColor], u: float) -> None:
    radius = 4.6 * u
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(_qc("edge"))
    p.drawRoundedRect(outer, radius, radius)
    frame = outer.adjusted(0.5 * u, 0.5 * u, -0.5 * u, -0.5 * u)
    # the card's colours across the frame: a split gradient for multi-colour cards
    g = QLinearGradient(frame.topLeft(), frame.topRight())
    n = len(cols)
    if n == 1:
        g.setColorAt(0, cols[0])
        g.setColorAt(1, cols[0])
    else:
        for i, c in enumerate(cols):
            g.setColorAt(max(0.0, i / n + (0.06 if i else 0)), c)
            g.setColorAt(min(1.0, (i + 1) / n - (0.06 if i < n - 1 else 0)), c)
    p.setBrush(g)
    r2 = radius - 0.5 * u
    p.drawRoundedRect(frame, r2, r2)
    # metallic shading over the colour
    shade = QLinearGradient(frame.topLeft(), frame.bottomLeft())
    shade.setColorAt(0, QColor(255, 255, 255, 110))
    shade.setColorAt(0.18, QColor(255, 255, 255, 20))
    shade.setColorAt(0.6, QColor(0, 0, 0, 10))
    shade.setColorAt(1, QColor(0, 0, 0, 100))
    p.setBrush(shade)
    p.drawRoundedRect(frame, r2, r2)
    # card body
    body = frame.adjusted(2.4 * u, 2.4 * u, -2.4 * u, -2.4 * u)
    g = QLinearGradient(body.topLeft(), body.bottomLeft())
    g.setColorAt(0, _qc("panel_hi"))
    g.setColorAt(1, _qc("panel"))
    p.setBrush(g)
    p.setPen(QPen(_qc("edge", 200), max(0.8, 0.35 * u)))
    p.drawRoundedRect(body, 2.4 * u, 2.4 * u)


def _type_line(card) -> str:
    kind = {"spirit": "Spirit", "nexus": "Nexus", "magic": "Magic"}.get(card.type, card.type.title())
    if getattr(card, "token", False):
        kind = "Token " + kind
    fams = " / ".join(card.families)
    return f"{kind}  ·  {fams}" if fams else kind


def _timing_tag(card) -> str | None:
    if card.type != "magic":
        return None
    t = set(card.magic_timing or ())
    if t == {"main", "flash"}:
        return "MAIN·FLASH"
    if t == {"flash"}:
        return "FLASH"
    return "MAIN"


def _draw_tag(p: QPainter, right: float, cy: float, h: float, text: str, fill, ink: QColor, u: float) -> float:
    """A pill with `text`, its right edge at `right`; returns its left edge."""
    f = _font(h * 0.66, True)
    f.setLetterSpacing(QFont.SpacingType.PercentageSpacing, 106)
    w = QFontMetricsF(f).horizontalAdvance(text) + h * 0.9
    rect = QRectF(right - w, cy - h / 2, w, h)
    _pill(p, rect, fill, _qc("edge", 160), max(0.6, 0.25 * u))
    _fit_text(p, rect.adjusted(h * 0.4, 0, -h * 0.4, 0), text, f, ink, align=Qt.AlignmentFlag.AlignHCenter)
    return rect.left()


def _timing_fill(tag: str, rect_h: float, left: float, right: float):
    if tag == "MAIN":
        return _qc("main")
    if tag == "FLASH":
        return _qc("flash")
    g = QLinearGradient(left, 0, right, 0)
    g.setColorAt(0.47, _qc("main"))
    g.setColorAt(0.475, _qc("flash"))
    return g


def _paint_chrome(p: QPainter, w: float, h: float, cols: list[QColor], u: float, *, drawn: bool = False) -> QRectF:
    """The frame and the empty name bar: everything drawn before anything particular to the card.

    drawn: the image already holds them (a copy of `_chrome_image`); only the painter is set up as drawing them
    would leave it. Returns the name bar's rect."""
    if not drawn:
        _frame(p, QRectF(0, 0, w, h), cols, u)
    m = 3.4 * u  # frame thickness to the card body
    left, right = m + 0.9 * u, w - m - 0.9 * u
    name_bar = QRectF(left, m + 0.9 * u, right - left, 13.0 * u)
    g = QLinearGradient(name_bar.topLeft(), name_bar.bottomLeft())
    g.setColorAt(0, QColor("#2e3340"))
    g.setColorAt(1, QColor("#12141a"))
    p.setPen(QPen(_alpha(_mix(cols[0], _WHITE, 0.3), 160), max(0.8, 0.35 * u)))
    p.setBrush(g)
    if not drawn:
        p.drawRoundedRect(name_bar, 2.2 * u, 2.2 * u)
    return name_bar


_CHROME = _LayerCache(16 * 1024 * 1024)


def _chrome_image(cols: list[QColor], width: int, height: int, dpr: float) -> tuple[QImage, float, float]:
    """A new face image (as `_new_image`) holding the frame and name bar for these colours, as `_paint_chrome`
    draws them on a blank image; they are drawn once per colours and size (every red card shares its frame)."""
    key = (tuple(c.rgba() for c in cols), width, height, dpr)
    found = _CHROME.get(key)
    if found is None:
        chrome, w, h = _new_image(width, height, dpr)
        p = _begin(chrome)
        try:
            _paint_chrome(p, w, h, cols, min(w / 100.0, h / (100.0 / CARD_ASPECT)))
        finally:
            p.end()
        _CHROME.put(key, chrome)
    else:
        chrome = found
        w, h = chrome.width() / chrome.devicePixelRatio(), chrome.height() / chrome.devicePixelRatio()
    img = chrome.copy()
    img.setDevicePixelRatio(chrome.devicePixelRatio())
    return img, w, h


def _paint_face(p: QPainter, card, w: float, h: float, level, bp, printed_bp, *, chrome_drawn: bool = False) -> None:
    u = min(w / 100.0, h / (100.0 / CARD_ASPECT))
    cols = _card_colors(card)
    m = 3.4 * u  # frame thickness to the card body
    left, right = m + 0.9 * u, w - m - 0.9 * u

    # ---- header: name bar with the cost circle over its left end
    name_bar = _paint_chrome(p, w, h, cols, u, drawn=chrome_drawn)
    text_left = 22.5 * u
    has_add = bool(getattr(card, "additional_name", ""))
    name_rect = QRectF(text_left, name_bar.top() + (0.6 * u if has_add else 0), name_bar.right() - text_left - 1.8 * u,
                       (8.2 * u) if has_add else name_bar.height())
    _fit_text(p, name_rect, card.name, _font(6.9 * u, True), _qc("ink_light"), shadow=QColor(0, 0, 0, 200),
              min_scale=0.72, squeeze=0.8, min_px=9)  # 9 px: still legible on a 150 px table card
    if has_add:
        _fit_text(p, QRectF(text_left, name_bar.top() + 8.0 * u, name_rect.width(), 4.4 * u), card.additional_name,
                  _font(3.7 * u, italic=True), _mix(cols[0], _WHITE, 0.55), min_scale=0.8)

    # ---- the text first: a long one takes room from the art band (never from the text), down to what the level
    # table needs. Below the art the layout is fixed: type bar 7.2u, gaps 0.9u and 1.2u, footer 9.6u
    art_top = name_bar.bottom() + 0.9 * u
    levels = _level_rows(card)
    footer_h = 9.6 * u
    box_top = 78.5 * u + 0.9 * u + 7.2 * u + 1.2 * u
    text = card_text(card)
    extra, doc = 0.0, None
    if text.strip():
        inner = _text_inner(QRectF(left + 0.6 * u, box_top, right - left - 1.2 * u, h - m - footer_h - box_top), u)
        least_art = min(78.5 * u - art_top, 10.0 * u + 6.5 * u * len(levels))  # level rows a little smaller
        doc, extra = _text_doc(text, inner.width(), inner.height(), max(0.0, 78.5 * u - art_top - least_art), u,
                               _deep(cols[0]))

    # ---- art band
    art = QRectF(left, art_top, right - left, 78.5 * u - art_top - extra)
    if levels:
        emblem_c = QPointF(art.left() + art.width() * 0.6, art.top() + art.height() * 0.52)
    else:
        emblem_c = QPointF(art.center().x(), art.top() + art.height() * 0.53)
    _draw_art(p, art, card, cols, u, emblem_c)

    # cost circle
    cc, cr = QPointF(left + 8.6 * u, m + 8.9 * u), 8.6 * u
    _draw_cost(p, cc, cr, 0.9 * u, u, cols, card.cost, _font(cr * (1.32 if card.cost < 10 else 1.0), True))

    # reduction symbols right of the cost circle
    reds = list(getattr(card, "reduction", ()) or ())
    if reds:
        gr = 2.35 * u
        step = 5.4 * u
        pill = QRectF(cc.x() + cr + 0.4 * u, art.top() + 1.2 * u, len(reds) * step + 2.0 * u, 6.4 * u)
        _pill(p, pill, QColor(8, 10, 14, 190), QColor(255, 255, 255, 45), max(0.6, 0.25 * u))
        for i, r in enumerate(reds):
            _draw_gem(p, QPointF(pill.left() + 1.0 * u + step * (i + 0.5), pill.center().y()), gr, _symbol_colors(r))

    # BURST tag
    if getattr(card, "burst", False):
        g = QLinearGradient(0, art.top(), 0, art.top() + 6 * u)
        g.setColorAt(0, _qc("burst"))
        g.setColorAt(1, _qc("burst_lo"))
        _draw_tag(p, art.right() - 1.4 * u, art.top() + 4.4 * u, 6.0 * u, "BURST", g, _WHITE, u)

    # level table at the lower left of the art band
    _draw_levels(p, card, art.left() + 1.2 * u, art.bottom() - 1.2 * u, u, level,
                 max_height=art.height() - 9.5 * u)

    # current BP
    printed = _printed_bp(card, level, printed_bp)
    if bp is not None and printed is not None and bp != printed:
        _draw_bp_badge(p, art.right() - 1.2 * u, art.bottom() - 1.2 * u, u, bp, printed)

    # ---- type / family bar
    bar = QRectF(left, art.bottom() + 0.9 * u, right - left, 7.2 * u)
    g = QLinearGradient(bar.topLeft(), bar.topRight())
    for i, c in enumerate(cols):
        g.setColorAt(i / max(1, len(cols) - 1) if len(cols) > 1 else 0, _mix(c, _BLACK, 0.58))
    if len(cols) == 1:
        g.setColorAt(1, _mix(cols[0], _BLACK, 0.72))
    p.setPen(QPen(_qc("edge", 200), max(0.6, 0.3 * u)))
    p.setBrush(g)
    p.drawRoundedRect(bar, 1.6 * u, 1.6 * u)
    tag_right = bar.right() - 1.0 * u
    tag = _timing_tag(card)
    if tag:
        f_h = 5.0 * u
        f = _font(f_h * 0.66, True)
        wtag = QFontMetricsF(f).horizontalAdvance(tag) + f_h * 0.9
        tag_right = _draw_tag(p, tag_right, bar.center().y(), f_h, tag,
                              _timing_fill(tag, f_h, tag_right - wtag, tag_right), _qc("ink"), u) - 1.0 * u
    if getattr(card, "token", False):
        tag_right = _draw_tag(p, tag_right, bar.center().y(), 5.0 * u, "TOKEN", _qc("muted"), _qc("ink"), u) - 1.0 * u
    _fit_text(p, QRectF(bar.left() + 2.0 * u, bar.top(), tag_right - bar.left() - 2.6 * u, bar.height()),
              _type_line(card), _font(3.9 * u, True), _qc("ink_light"), shadow=QColor(0, 0, 0, 150))

    # ---- text box
    box = QRectF(left + 0.6 * u, bar.bottom() + 1.2 * u, right - left - 1.2 * u,
                 (h - m - footer_h) - (bar.bottom() + 1.2 * u))
    _draw_text_box(p, box, card, cols, u, doc)

    # ---- footer: rarity and id bottom-left, symbols bottom-right
    fy = box.bottom() + footer_h / 2 - 0.2 * u
    x = left + 1.0 * u
    rarity = getattr(card, "rarity", "") or ""
    if rarity:
        rc = QColor(_RARITY_COLORS.get(rarity, "#8e96a3"))
        rect = QRectF(x, fy - 2.6 * u, 5.6 * u, 5.2 * u)
        g = QLinearGradient(rect.topLeft(), rect.bottomLeft())
        g.setColorAt(0, _mix(rc, _WHITE, 0.35))
        g.setColorAt(1, _mix(rc, _BLACK, 0.25))
        p.setPen(QPen(_qc("edge"), max(0.6, 0.25 * u)))
        p.setBrush(g)
        p.drawRoundedRect(rect, 1.2 * u, 1.2 * u)
        _fit_text(p, rect, rarity, _font(3.5 * u, True), _qc("ink"), align=Qt.AlignmentFlag.AlignHCenter)
        x = rect.right() + 1.4 * u
    syms = list(getattr(card, "symbols", ()) or ())
    sr = 3.5 * u
    sym_left = right - 1.2 * u - len(syms) * (2 * sr + 1.4 * u) + 1.4 * u
    _fit_text(p, QRectF(x, fy - 2.5 * u, max(1.0, sym_left - x - 1.5 * u), 5 * u), card.id, _font(3.2 * u),
              _qc("muted"))
    for i, s in enumerate(syms):
        _draw_symbol(p, QPointF(sym_left + sr + i * (2 * sr + 1.4 * u), fy), sr, _symbol_colors(s))


def render_face(card, width: int, height: int, *, level: int | None = None, bp: int | None = None,
                printed_bp: int | None = None, dpr: float = 1.0) -> QPixmap:
    """The face of `card` drawn from its data, `width` x `height` logical pixels (cards are 63:88).

    level: the current level, highlighted in the level table.
    bp / printed_bp: the current and printed BP; when they differ the current BP is shown large, green when raised
    and red when lowered (printed_bp defaults to the printed BP at `level`).
    dpr: device pixel ratio; the pixmap has width*dpr x height*dpr pixels.
    """
    img, w, h = _chrome_image(_card_colors(card), width, height, dpr)
    p = _begin(img)
    try:
        _paint_face(p, card, w, h, level, bp, printed_bp, chrome_drawn=True)
    finally:
        p.end()
    return _to_pixmap(img, dpr)


def render_image_face(image: QImage, card, width: int, height: int, *, level: int | None = None,
                      bp: int | None = None, printed_bp: int | None = None, dpr: float = 1.0) -> QPixmap:
    """A user-supplied card image scaled to fit, with rounded corners; the level highlight and BP overlay are
    still drawn on top when `level` / `bp` are given."""
    img, w, h = _new_image(width, height, dpr)
    p = _begin(img)
    try:
        u = min(w / 100.0, h / (100.0 / CARD_ASPECT))
        outer = QRectF(0, 0, w, h)
        path = _rounded(outer, 4.6 * u)
        p.fillPath(path, _qc("panel"))
        p.setClipPath(path)
        scaled = _fit_size(image.width(), image.height(), w, h)
        target = QRectF((w - scaled[0]) / 2, (h - scaled[1]) / 2, scaled[0], scaled[1])
        p.drawImage(target, image)
        p.setClipping(False)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(_qc("edge"), max(1.0, 0.6 * u)))
        p.drawRoundedRect(outer.adjusted(0.3 * u, 0.3 * u, -0.3 * u, -0.3 * u), 4.4 * u, 4.4 * u)
        if level is not None:
            _draw_levels(p, card, 4.5 * u, 78 * u, u, level, max_height=50 * u)
        printed = _printed_bp(card, level, printed_bp)
        if bp is not None and printed is not None and bp != printed:
            _draw_bp_badge(p, w - 4.5 * u, 78 * u, u, bp, printed)
    finally:
        p.end()
    return _to_pixmap(img, dpr)


# ------------------------------------------------------------------ the table face

# The table face is what a card looks like on the board, where it is about 100 px wide: the printed layout's small
# print cannot be read there, so it shows only what a player reads across a table, large: the cost, the name, the
# current level and BP (or the magic's timing), and the level ladder. Its lower part (from TABLE_FOOTER_TOP) holds
# the ladder, which the board covers with the cores on a field card. The preview dock and the zoom show the full
# face (`render_face`).
TABLE_FOOTER_TOP = 113.0  # in units of 1/100 of the card width
# text sizes in the same units (a 108 px card: 1 unit = 1.08 px); a name is never drawn below TABLE_FIT of its size
TABLE_NAME_U, TABLE_NAME2_U, TABLE_COST_U, TABLE_BP_U, TABLE_LV_U = 10.8, 9.8, 14.8, 14.5, 9.6
TABLE_FIT = 0.95


def _split_name(name: str, font: QFont, width: float) -> list[str]:
    """`name` on one line if it fits `width`, else on two lines broken at the space that balances them best."""
    fm = QFontMetricsF(font)
    if fm.horizontalAdvance(name) * 0.9 <= width or " " not in name.strip():  # a little squeeze is fine
        return [name]
    words = name.split()
    best = None
    for i in range(1, len(words)):
        a, b = " ".join(words[:i]), " ".join(words[i:])
        worst = max(fm.horizontalAdvance(a), fm.horizontalAdvance(b))
        if best is None or worst < best[0]:
            best = (worst, [a, b])
    return best[1]


def _table_font(px: float, bold: bool = True) -> QFont:
    f = _font(px, bold)
    f.setStretch(QFont.Stretch.SemiCondensed)  # a condensed face where the system has one (DejaVu Sans Condensed)
    return f


def _table_header(p: QPainter, card, w: float, u: float, cols: list[QColor], *, overlay: bool) -> QRectF:
    """The name banner with the cost circle over its left end; returns the banner's rect."""
    m = 3.4 * u
    banner = QRectF(m + 0.6 * u, m + 0.6 * u, w - 2 * m - 1.2 * u, 25.0 * u)
    g = QLinearGradient(banner.topLeft(), banner.bottomLeft())
    g.setColorAt(0, QColor(46, 51, 64, 235 if overlay else 255))
    g.setColorAt(1, QColor(14, 16, 22, 235 if overlay else 255))
    p.setPen(QPen(_alpha(_mix(cols[0], _WHITE, 0.3), 170), max(0.8, 0.4 * u)))
    p.setBrush(g)
    p.drawRoundedRect(banner, 2.6 * u, 2.6 * u)
    # cost circle
    cr = 10.6 * u
    cc = QPointF(banner.left() + cr + 0.8 * u, banner.center().y())
    _draw_cost(p, cc, cr, 0.8 * u, u, cols, card.cost,
               _font(TABLE_COST_U * u * (1.0 if card.cost < 10 else 0.75), True), min_scale=0.6)
    # the name: one line, or two when it does not fit
    left = cc.x() + cr + 1.8 * u
    name_w = banner.right() - 1.4 * u - left
    one = _table_font(TABLE_NAME_U * u)
    lines = _split_name(card.name, one, name_w)
    if len(lines) == 1:
        _fit_text(p, QRectF(left, banner.top(), name_w, banner.height()), lines[0], one, _qc("ink_light"),
                  shadow=QColor(0, 0, 0, 200), min_scale=TABLE_FIT, squeeze=0.8)
    else:
        two = _table_font(TABLE_NAME2_U * u)
        lh = 11.2 * u
        top = banner.center().y() - lh
        for i, line in enumerate(lines):
            _fit_text(p, QRectF(left, top + i * lh, name_w, lh), line, two, _qc("ink_light"),
                      shadow=QColor(0, 0, 0, 200), min_scale=TABLE_FIT, squeeze=0.78)
    return banner


def _table_info(p: QPainter, card, rect: QRectF, u: float, level, bp, printed_bp) -> None:
    """The strip under the art: LV and BP for a spirit (the BP green when raised, red when lowered), LV for a
    nexus, the timing for a magic."""
    p.save()
    p.setPen(QPen(QColor(255, 255, 255, 50), max(0.8, 0.35 * u)))
    p.setBrush(QColor(8, 10, 16, 225))
    p.drawRoundedRect(rect, 2.6 * u, 2.6 * u)
    inner = rect.adjusted(1.6 * u, 1.6 * u, -1.6 * u, -1.6 * u)
    if card.type == "magic":
        tag = _timing_tag(card) or "MAGIC"
        f = _table_font(10.0 * u)
        tw = min(inner.width(), QFontMetricsF(f).horizontalAdvance(tag) + 7 * u)
        pill = QRectF(inner.center().x() - tw / 2, inner.top(), tw, inner.height())
        _pill(p, pill, _timing_fill(tag, pill.height(), pill.left(), pill.right()), _qc("edge", 180), 0.4 * u)
        _fit_text(p, pill.adjusted(2.5 * u, 0, -2.5 * u, 0), tag, f, _qc("ink"), align=Qt.AlignmentFlag.AlignHCenter)
        p.restore()
        return
    rows = _level_rows(card)
    current = level if level is not None and card.has_level(level) else None
    shown = current if current is not None else (rows[0].number if rows else None)
    x = inner.left()
    if shown is not None:
        f = _table_font(TABLE_LV_U * u)
        text = f"LV{shown}"
        pw = QFontMetricsF(f).horizontalAdvance(text) + 4.4 * u
        pill = QRectF(x, inner.top(), pw, inner.height())
        if current is not None:
            g = QLinearGradient(pill.topLeft(), pill.bottomLeft())
            g.setColorAt(0, _qc("gold"))
            g.setColorAt(1, _qc("gold_lo"))
            _pill(p, pill, g, _alpha(_WHITE, 200), 0.35 * u)
            ink = _qc("ink")
        else:  # not on the field: the first level, for reference
            _pill(p, pill, QColor(255, 255, 255, 28), QColor(255, 255, 255, 70), 0.35 * u)
            ink = _qc("muted")
        _fit_text(p, pill.adjusted(2.0 * u, 0, -2.0 * u, 0), text, f, ink, align=Qt.AlignmentFlag.AlignHCenter)
        x = pill.right() + 2.4 * u
    nexus = _is_nexus_like(card)
    if not nexus and shown is not None:
        printed = _printed_bp(card, shown, printed_bp if current is not None else None)
        value = bp if (bp is not None and current is not None) else printed
        col = _qc("ink_light")
        if value is not None and printed is not None and value != printed:
            col = _mix(_qc("up") if value > printed else _qc("down"), _WHITE, 0.15)
        _fit_text(p, QRectF(x, inner.top() - 0.4 * u, inner.right() - x, inner.height()), str(value or 0),
                  _font(TABLE_BP_U * u, True), col, shadow=QColor(0, 0, 0, 200), min_scale=0.7, squeeze=0.8)
    else:
        _fit_text(p, QRectF(x, inner.top(), inner.right() - x, inner.height()),
                  "Nexus" if card.type == "nexus" else card.type.title(), _table_font(8.6 * u, True),
                  _qc("muted"), min_scale=0.8)
    p.restore()


def _table_footer(p: QPainter, card, rect: QRectF, u: float, level) -> None:
    """The level ladder (cores needed, then BP) with the current level lit; a magic's families instead."""
    rows = _level_rows(card)
    if not rows:
        fams = " / ".join(card.families) if card.families else ("Magic" if card.type == "magic" else "")
        _fit_text(p, rect, fams, _table_font(7.4 * u, True), _qc("muted"), align=Qt.AlignmentFlag.AlignHCenter,
                  min_scale=0.8)
        return
    nexus = _is_nexus_like(card)
    n = len(rows)
    cell_w = rect.width() / n
    for i, lv in enumerate(rows):
        cell = QRectF(rect.left() + i * cell_w, rect.top(), cell_w, rect.height())
        if level is not None and lv.number == level:
            p.setPen(QPen(_qc("gold"), max(0.8, 0.5 * u)))
            p.setBrush(QColor(243, 201, 94, 40))
            p.drawRoundedRect(cell.adjusted(0.5 * u, 0.5 * u, -0.5 * u, -0.5 * u), 2 * u, 2 * u)
        r = min(4.4 * u, cell.height() * 0.36)
        if nexus:
            c = QPointF(cell.center().x() - r - 0.5 * u, cell.center().y())
            _draw_core_badge(p, c, r, lv.cores, u)
            _fit_text(p, QRectF(c.x() + r + 0.8 * u, cell.top(), cell.right() - c.x() - r - 0.8 * u, cell.height()),
                      f"LV{lv.number}", _table_font(6.6 * u, True), _qc("ink_light"), min_scale=0.75)
        else:
            c = QPointF(cell.left() + r + 1.0 * u, cell.center().y())
            _draw_core_badge(p, c, r, lv.cores, u)
            _fit_text(p, QRectF(c.x() + r + 0.6 * u, cell.top(), cell.right() - c.x() - r - 0.8 * u, cell.height()),
                      "" if lv.bp is None else str(lv.bp), _table_font(7.0 * u, True), _qc("ink_light"),
                      min_scale=0.7, squeeze=0.75)


def _paint_table(p: QPainter, card, w: float, h: float, level, bp, printed_bp, *, image: QImage | None) -> None:
    u = min(w / 100.0, h / (100.0 / CARD_ASPECT))
    cols = _card_colors(card)
    m = 3.4 * u
    if image is None:
        _frame(p, QRectF(0, 0, w, h), cols, u)
    else:  # the player's own image of the card, with the table's banners over it
        outer = QRectF(0, 0, w, h)
        path = _rounded(outer, 4.6 * u)
        p.fillPath(path, _qc("panel"))
        p.save()
        p.setClipPath(path)
        sw, sh = _fit_size(image.width(), image.height(), w, h)
        p.drawImage(QRectF((w - sw) / 2, (h - sh) / 2, sw, sh), image)
        p.restore()
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(_qc("edge"), max(1.0, 0.6 * u)))
        p.drawRoundedRect(outer.adjusted(0.3 * u, 0.3 * u, -0.3 * u, -0.3 * u), 4.4 * u, 4.4 * u)
    banner = _table_header(p, card, w, u, cols, overlay=image is not None)
    left, right = m + 0.6 * u, w - m - 0.6 * u
    info = QRectF(left, 94.0 * u, right - left, 17.6 * u)
    if image is None:
        art = QRectF(left, banner.bottom() + 1.0 * u, right - left, info.top() - banner.bottom() - 2.0 * u)
        _draw_art(p, art, card, cols, u, QPointF(art.center().x(), art.top() + art.height() * 0.52))
        if getattr(card, "burst", False):
            g = QLinearGradient(0, art.top(), 0, art.top() + 8 * u)
            g.setColorAt(0, _qc("burst"))
            g.setColorAt(1, _qc("burst_lo"))
            _draw_tag(p, art.right() - 1.4 * u, art.top() + 5.4 * u, 8.0 * u, "BURST", g, _WHITE, u)
        if getattr(card, "token", False):
            _draw_tag(p, art.right() - 1.4 * u, art.bottom() - 5.4 * u, 7.0 * u, "TOKEN", _qc("muted"), _qc("ink"), u)
    _table_info(p, card, info, u, level, bp, printed_bp)
    top = TABLE_FOOTER_TOP * u
    footer = QRectF(left + 0.6 * u, top, right - left - 1.2 * u, h - m - 1.2 * u - top)
    if image is not None:
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(8, 10, 16, 215))
        p.drawRoundedRect(footer, 2 * u, 2 * u)
    _table_footer(p, card, footer, u, level)


def render_table_face(card, width: int, height: int, *, level: int | None = None, bp: int | None = None,
                      printed_bp: int | None = None, dpr: float = 1.0, image: QImage | None = None) -> QPixmap:
    """The face of `card` as shown on the table: cost, name, level and BP large enough to read on a card about
    100 px wide (see TABLE_FOOTER_TOP). `image`: the player's own image of the card, shown under the banners."""
    img, w, h = _new_image(width, height, dpr)
    p = _begin(img)
    try:
        _paint_table(p, card, w, h, level, bp, printed_bp, image=image)
    finally:
        p.end()
    return _to_pixmap(img, dpr)


def _fit_size(iw: float, ih: float, w: float, h: float) -> tuple[float, float]:
    if iw <= 0 or ih <= 0:
        return w, h
    s = min(w / iw, h / ih)
    return iw * s, ih * s


# ------------------------------------------------------------------ the back


def render_back(width: int, height: int, dpr: float = 1.0) -> QPixmap:
    """An original card back: deep blue-violet, a six-colour geometric emblem and "bss_desktop" in small print."""
    img, w, h = _new_image(width, height, dpr)
    p = _begin(img)
    try:
        u = min(w / 100.0, h / (100.0 / CARD_ASPECT))
        outer = QRectF(0, 0, w, h)
        radius = 4.6 * u
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(_qc("edge"))
        p.drawRoundedRect(outer, radius, radius)
        frame = outer.adjusted(0.5 * u, 0.5 * u, -0.5 * u, -0.5 * u)
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

_IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".PNG", ".JPG", ".JPEG")


class FaceCache:
    """Rendered faces, backs and cores by (card id, size, level, BP, dpr), least recently used first out.

    image_dir: a folder of user card images; ``<card id>.png`` / ``.jpg`` there replaces the drawn face.
    """

    def __init__(self, image_dir: str | Path | None = None, max_entries: int = 512, painter=None) -> None:
        # another game's faces (client/faces.py painter_for): painter(card, w, h, table=, dpr=) -> QPixmap
        self.painter = painter
        self._max = max(1, int(max_entries))
        self._cache: OrderedDict[tuple, QPixmap] = OrderedDict()
        self._images: dict[str, QImage | None] = {}
        self._image_dir: Path | None = None
        self.image_dir = image_dir
        self.hits = 0
        self.misses = 0

    # -- user images
    @property
    def image_dir(self) -> Path | None:
        return self._image_dir

    @image_dir.setter
    def image_dir(self, value: str | Path | None) -> None:
        self._image_dir = Path(value) if value else None
        self.clear()

    def user_image(self, card_id: str) -> QImage | None:
        """The user's image for `card_id`, or None (looked up once per id)."""
        if self._image_dir is None:
            return None
        if card_id not in self._images:
            found = None
            for suffix in _IMAGE_SUFFIXES:
                path = self._image_dir / f"{card_id}{suffix}"
                if path.is_file():
                    img = QImage(str(path))
                    if not img.isNull():
                        found = img
                        break
            self._images[card_id] = found
        return self._images[card_id]

    # -- cache
    def clear(self) -> None:
        self._cache.clear()
        self._images.clear()

    def __len__(self) -> int:
        return len(self._cache)

    def _lookup(self, key: tuple, make) -> QPixmap:
        pm = self._cache.get(key)
        if pm is not None:
            self._cache.move_to_end(key)
            self.hits += 1
            return pm
        self.misses += 1
        pm = make()
        self._cache[key] = pm
        while len(self._cache) > self._max:
            self._cache.popitem(last=False)
        return pm

    def get(self, card, width: int, height: int, level: int | None = None, bp: int | None = None,
            printed_bp: int | None = None, dpr: float = 1.0) -> QPixmap:
        width, height, dpr = int(width), int(height), float(dpr or 1.0)
        key = ("face", card.id, width, height, level, bp, printed_bp, dpr)

        def make():
            if self.painter is not None:
                return self.painter(card, width, height, table=False, dpr=dpr)
            image = self.user_image(card.id)
            if image is not None:
                return render_image_face(image, card, width, height, level=level, bp=bp, printed_bp=printed_bp,
                                         dpr=dpr)
            return render_face(card, width, height, level=level, bp=bp, printed_bp=printed_bp, dpr=dpr)

        return self._lookup(key, make)

    def table(self, card, width: int, height: int, level: int | None = None, bp: int | None = None,
              printed_bp: int | None = None, dpr: float = 1.0) -> QPixmap:
        """The table face of `card` (`render_table_face`), over the player's own image of it when there is one."""
        width, height, dpr = int(width), int(height), float(dpr or 1.0)
        key = ("table", card.id, width, height, level, bp, printed_bp, dpr)
        if self.painter is not None:
            return self._lookup(key, lambda: self.painter(card, width, height, table=True, dpr=dpr))
        return self._lookup(key, lambda: render_table_face(card, width, height, level=level, bp=bp,
                                                           printed_bp=printed_bp, dpr=dpr,
                                                           image=self.user_image(card.id)))

    def back(self, width: int, height: int, dpr: float = 1.0) -> QPixmap:
        width, height, dpr = int(width), int(height), float(dpr or 1.0)
        return self._lookup(("back", width, height, dpr), lambda: render_back(width, height, dpr))

    def core(self, size: int, soul: bool = False, dpr: float = 1.0) -> QPixmap:
        size, dpr = int(size), float(dpr or 1.0)
        return self._lookup(("core", size, bool(soul), dpr), lambda: core_pixmap(size, soul, dpr))
