"""Drawing helpers the card faces share: colours, fonts, text that fits, images at a device pixel ratio.
"""
from __future__ import annotations

import math
import random
import zlib

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QImage,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
    QPolygonF,
    QTextLayout,
)

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


CARD_RADIUS = 4.6  # a Battle Spirits card's corner, in units of a hundredth of its width


def _card_edge(p: QPainter, outer: QRectF, u: float) -> QRectF:
    """A card's thin dark rounded edge, the same on its face and its back; answers the rectangle inside it, where
    the frame is painted (with corners CARD_RADIUS - 0.5 units)."""
    radius = CARD_RADIUS * u
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(_qc("edge"))
    p.drawRoundedRect(outer, radius, radius)
    return outer.adjusted(0.5 * u, 0.5 * u, -0.5 * u, -0.5 * u)


def _card_image(p: QPainter, image: QImage, outer: QRectF, u: float) -> None:
    """The player's own image of a card, scaled to fit inside its rounded corners, with the card's edge around it."""
    path = _rounded(outer, CARD_RADIUS * u)
    p.fillPath(path, _qc("panel"))
    p.save()
    p.setClipPath(path)
    sw, sh = _fit_size(image.width(), image.height(), outer.width(), outer.height())
    p.drawImage(QRectF(outer.x() + (outer.width() - sw) / 2, outer.y() + (outer.height() - sh) / 2, sw, sh), image)
    p.restore()
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.setPen(QPen(_qc("edge"), max(1.0, 0.6 * u)))
    p.drawRoundedRect(outer.adjusted(0.3 * u, 0.3 * u, -0.3 * u, -0.3 * u), 4.4 * u, 4.4 * u)


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

def _fit_size(iw: float, ih: float, w: float, h: float) -> tuple[float, float]:
    if iw <= 0 or ih <= 0:
        return w, h
    s = min(w / iw, h / ih)
    return iw * s, ih * s
