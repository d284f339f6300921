"""Eternal's God and Ultimate symbols (ETR §Grandwalker Nexus 3, §Ultimate; digest §2.3 row 44): card fields
(`god_symbol`: plain or a colour, `ultimate_symbol`: how many), drawn beside a card's colour symbols and named in
the Card panel. They pay only God / Ultimate reduction icons, so they look unlike the six colours: a gold ring
with "G" (a coloured God symbol is filled with its colour), a steel gem with "U".
"""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen

from .draw import COLOR_HEX, _font, _qc

GOD, ULTIMATE = "god", "ultimate"
_GOLD, _STEEL = QColor("#f3c95e"), QColor("#94a3b8")


def special_symbols(card) -> list[tuple[str, str | None]]:
    """(kind, colour) of each God / Ultimate symbol the card's fields give it, in the order they are drawn."""
    extra = getattr(card, "extra", None) or {}
    out: list[tuple[str, str | None]] = []
    god = extra.get("god_symbol")
    if isinstance(god, str):
        out.append((GOD, god if god in COLOR_HEX else None))
    n = extra.get("ultimate_symbol")
    if isinstance(n, int) and not isinstance(n, bool):
        out += [(ULTIMATE, None)] * max(0, min(n, 5))
    return out


def describe(card) -> str:
    """The special symbols as the Card panel says them ("" when none): "God symbol (red)", "Ultimate symbol × 2"."""
    parts = []
    for kind, colour in dict.fromkeys(special_symbols(card)):
        if kind == GOD:
            parts.append(f"God symbol ({colour})" if colour else "God symbol")
    n = sum(1 for kind, _ in special_symbols(card) if kind == ULTIMATE)
    if n:
        parts.append("Ultimate symbol" + (f" × {n}" if n > 1 else ""))
    return ", ".join(parts)


def draw_special(p: QPainter, center: QPointF, r: float, kind: str, colour: str | None) -> None:
    """One God or Ultimate symbol, `r` its radius like a colour symbol's."""
    rect = QRectF(center.x() - r, center.y() - r, 2 * r, 2 * r)
    p.save()
    p.setPen(QPen(_qc("edge", 230), max(0.6, r * 0.16)))
    if kind == GOD:
        p.setBrush(_qc(colour) if colour else QColor(40, 32, 10))
        p.drawEllipse(rect)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(_GOLD, max(0.8, r * 0.28)))
        p.drawEllipse(rect.adjusted(r * 0.14, r * 0.14, -r * 0.14, -r * 0.14))
        ink, letter = QColor("#fff7d6"), "G"
    else:
        p.setBrush(_STEEL)
        p.drawEllipse(rect)
        ink, letter = QColor(15, 23, 42), "U"
    p.setPen(ink)
    p.setFont(_font(r * 1.25, True))
    p.drawText(rect, Qt.AlignmentFlag.AlignCenter, letter)
    p.restore()
