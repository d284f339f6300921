"""Battle of Souls card faces, drawn (the game's profile says `face: bos`).

A fighter shows its class on a banner in its class's metal and its ATK and RST in two large boxes; equipment and
tactics show their sub-type (One-Turn, Continuous, Attached) on a tag; a battlefield shows its landscape. The
table face is the same card with the rules text left out, so the numbers read at a laptop's window size; the
full face (the preview, the zoom) has the text. A fighter whose ATK or RST is modified on the table (equipment
attached, the players' modifiers: engine/table_stats.py) shows the current value, green when raised and amber when
lowered, in a box ringed in that colour, with the printed value struck through beside its label.
"""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
    QPolygonF,
)

from bss_desktop.client.faces.battle_spirits import _text_doc
from bss_desktop.client.faces.draw import (
    _begin,
    _fit_text,
    _font,
    _new_image,
    _rounded,
    _to_pixmap,
)

# the frame of each kind of card: fighters by class, the others by type (colours chosen for this app)
FRAMES = {
    "Warrior": ("#8a5a2b", "#d9a066"),  # bronze
    "Elite Warrior": ("#5b6b7a", "#cfd8e3"),  # silver
    "Warlord": ("#8a6d12", "#f2d16b"),  # gold
    "Legendary Warrior": ("#6b1d3a", "#f28fb1"),  # crimson
    "equipment": ("#0f5e63", "#6fd3cf"),
    "tactic": ("#4b2a7a", "#b79ff0"),
    "battlefield": ("#2f5d2a", "#9fd88a"),
}
ATK_FILL, RST_FILL = QColor("#b91c1c"), QColor("#1d4ed8")
RAISED, LOWERED = QColor("#86efac"), QColor("#fdba74")  # a modified value: above or below the printed one


def _frame_colors(card) -> tuple[QColor, QColor]:
    key = card.extra.get("class") if card.type == "fighter" else card.type
    deep, light = FRAMES.get(key, ("#334155", "#cbd5e1"))
    return QColor(deep), QColor(light)


def _emblem(p: QPainter, rect: QRectF, card, light: QColor) -> None:
    """A simple figure for the kind of card: crossed blades (fighter), an anvil (equipment), a sealed scroll
    (tactic), mountains (battlefield)."""
    c = rect.center()
    r = min(rect.width(), rect.height()) * 0.34
    p.save()
    p.setPen(QPen(light, max(1.5, r * 0.09), Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin))
    p.setBrush(QColor(light.red(), light.green(), light.blue(), 60))
    if card.type == "fighter":
        for sign in (-1, 1):
            p.drawLine(QPointF(c.x() - sign * r, c.y() - r), QPointF(c.x() + sign * r * 0.8, c.y() + r * 0.8))
            p.drawLine(QPointF(c.x() + sign * r * 0.55, c.y() + r * 0.35), QPointF(c.x() + sign * r * 0.95,
                                                                                    c.y() + r * 0.05))
        shield = QPainterPath()
        shield.moveTo(c.x(), c.y() - r * 0.55)
        shield.lineTo(c.x() + r * 0.45, c.y() - r * 0.35)
        shield.quadTo(c.x() + r * 0.45, c.y() + r * 0.35, c.x(), c.y() + r * 0.65)
        shield.quadTo(c.x() - r * 0.45, c.y() + r * 0.35, c.x() - r * 0.45, c.y() - r * 0.35)
        shield.closeSubpath()
        p.drawPath(shield)
    elif card.type == "equipment":
        p.drawPolygon(QPolygonF([QPointF(c.x() - r, c.y() - r * 0.2), QPointF(c.x() + r * 0.9, c.y() - r * 0.2),
                                 QPointF(c.x() + r * 0.5, c.y() + r * 0.15), QPointF(c.x() + r * 0.3, c.y() + r * 0.5),
                                 QPointF(c.x() - r * 0.4, c.y() + r * 0.5), QPointF(c.x() - r * 0.5, c.y() + r * 0.15)]))
        p.drawLine(QPointF(c.x() - r * 0.2, c.y() - r * 0.2), QPointF(c.x() + r * 0.4, c.y() - r * 0.9))
    elif card.type == "tactic":
        p.drawRoundedRect(QRectF(c.x() - r * 0.8, c.y() - r * 0.55, r * 1.6, r * 1.1), r * 0.2, r * 0.2)
        p.drawEllipse(QPointF(c.x(), c.y() + r * 0.55), r * 0.22, r * 0.22)
        for i in (-1, 0, 1):
            p.drawLine(QPointF(c.x() - r * 0.5, c.y() + i * r * 0.22 - r * 0.1),
                       QPointF(c.x() + r * 0.5, c.y() + i * r * 0.22 - r * 0.1))
    else:
        p.drawPolygon(QPolygonF([QPointF(c.x() - r * 1.1, c.y() + r * 0.6), QPointF(c.x() - r * 0.3, c.y() - r * 0.6),
                                 QPointF(c.x() + r * 0.2, c.y() + r * 0.1), QPointF(c.x() + r * 0.55, c.y() - r * 0.3),
                                 QPointF(c.x() + r * 1.1, c.y() + r * 0.6)]))
    p.restore()


def _stat_box(p: QPainter, rect: QRectF, label: str, value: int, fill: QColor, u: float,
              printed: int | None = None) -> None:
    """A stat's box: its label over its value; a value other than `printed` in the colour of its change, the box
    ringed in it and the printed value struck through beside the label."""
    mark = None if printed is None or value == printed else RAISED if value > printed else LOWERED
    p.setPen(QPen(mark, 3.2 * u) if mark else QPen(QColor(255, 255, 255, 200), 1.2 * u))
    p.setBrush(fill)
    p.drawRoundedRect(rect, 6 * u, 6 * u)
    top = QRectF(rect.x(), rect.y() + 1 * u, rect.width(), rect.height() * 0.36)
    small = _font(rect.height() * 0.26, True)
    if mark:
        half = QRectF(top.x() + 4 * u, top.y(), top.width() / 2 - 5 * u, top.height())
        _fit_text(p, half, label, small, QColor(255, 255, 255, 215), align=Qt.AlignmentFlag.AlignRight)
        was = QRectF(top.center().x() + 1 * u, top.y(), top.width() / 2 - 5 * u, top.height())
        struck = _font(rect.height() * 0.26)
        struck.setStrikeOut(True)
        _fit_text(p, was, f"{printed}", struck, QColor(255, 255, 255, 190))
    else:
        _fit_text(p, top, label, small, QColor(255, 255, 255, 215), align=Qt.AlignmentFlag.AlignHCenter)
    low = QRectF(rect.x() + 3 * u, rect.y() + rect.height() * 0.34, rect.width() - 6 * u, rect.height() * 0.62)
    _fit_text(p, low, f"{value}", _font(rect.height() * 0.52, True), mark or QColor("white"),
              align=Qt.AlignmentFlag.AlignHCenter, shadow=QColor(0, 0, 0, 160))


def paint_bos(p: QPainter, card, w: float, h: float, *, table: bool, stats: tuple | None = None) -> None:
    """`stats`: ((field, current value), ...) of the numbers modified on the table; the printed ones otherwise."""
    u = w / 180.0  # one unit at the table's card size
    deep, light = _frame_colors(card)
    outer = QRectF(0, 0, w, h)
    grad = QLinearGradient(0, 0, 0, h)
    grad.setColorAt(0, light)
    grad.setColorAt(0.5, deep)
    grad.setColorAt(1, deep.darker(160))
    p.setPen(Qt.NoPen)
    p.setBrush(grad)
    p.drawPath(_rounded(outer, 9 * u))
    inner = outer.adjusted(5 * u, 5 * u, -5 * u, -5 * u)
    p.setBrush(QColor(16, 20, 30))
    p.drawPath(_rounded(inner, 6 * u))
    # the name, then the class banner or the sub-type tag
    head = QRectF(inner.x() + 6 * u, inner.y() + 4 * u, inner.width() - 12 * u, (30 if table else 24) * u)
    _fit_text(p, head, card.name, _font(head.height() * 0.72, True), QColor("#f8fafc"), min_scale=0.6)
    kind = card.extra.get("class") if card.type == "fighter" else card.extra.get("subtype") or card.type.title()
    if card.type in ("equipment", "tactic"):
        kind = f"{card.type.title()} · {kind}"
    band = QRectF(inner.x() + 6 * u, head.bottom() + 2 * u, inner.width() - 12 * u, (22 if table else 18) * u)
    p.setPen(Qt.NoPen)
    p.setBrush(deep)
    p.drawRoundedRect(band, band.height() / 2, band.height() / 2)
    _fit_text(p, band.adjusted(6 * u, 0, -6 * u, 0), kind, _font(band.height() * 0.68, True), light,
              align=Qt.AlignmentFlag.AlignHCenter, min_scale=0.6)
    fighter = card.type == "fighter"
    stats_h = (58 if table else 44) * u if fighter else 0
    bottom = inner.bottom() - 6 * u - stats_h
    if table:
        art = QRectF(inner.x() + 8 * u, band.bottom() + 6 * u, inner.width() - 16 * u, bottom - band.bottom() - 12 * u)
    else:
        art = QRectF(inner.x() + 8 * u, band.bottom() + 4 * u, inner.width() - 16 * u, (bottom - band.bottom()) * 0.42)
    g = QLinearGradient(art.topLeft(), art.bottomRight())
    g.setColorAt(0, deep.darker(130))
    g.setColorAt(1, QColor(30, 36, 52))
    p.setBrush(g)
    p.setPen(QPen(QColor(light.red(), light.green(), light.blue(), 120), 1 * u))
    p.drawRoundedRect(art, 5 * u, 5 * u)
    _emblem(p, art, card, light)
    if card.token:
        tag = QRectF(art.right() - 56 * u, art.bottom() - 18 * u, 52 * u, 15 * u)
        p.setPen(Qt.NoPen)
        p.setBrush(QColor(0, 0, 0, 170))
        p.drawRoundedRect(tag, 7 * u, 7 * u)
        _fit_text(p, tag, "TOKEN", _font(10 * u, True), QColor("#fde68a"), align=Qt.AlignmentFlag.AlignHCenter)
    if not table:
        box = QRectF(art.x(), art.bottom() + 5 * u, art.width(), bottom - art.bottom() - 10 * u)
        p.setPen(Qt.NoPen)
        p.setBrush(QColor(236, 232, 222))
        p.drawRoundedRect(box, 5 * u, 5 * u)
        if card.text:
            doc, _ = _text_doc(card.text, box.width() - 8 * u, box.height() - 6 * u, 0.0, w / 100.0, deep)
            p.save()
            p.translate(box.x() + 4 * u, box.y() + 3 * u)
            doc.drawContents(p, QRectF(0, 0, box.width() - 8 * u, box.height() - 6 * u))
            p.restore()
        else:
            _fit_text(p, box, "Normal fighter: no effect", _font(11 * u, italic=True), QColor(90, 90, 90),
                      align=Qt.AlignmentFlag.AlignHCenter)
    if fighter:
        half = (inner.width() - 18 * u) / 2
        y = inner.bottom() - 6 * u - stats_h
        now = dict(stats or ())
        atk, rst = card.extra.get("atk", 0), card.extra.get("rst", 0)
        _stat_box(p, QRectF(inner.x() + 6 * u, y, half, stats_h), "ATK", now.get("atk", atk), ATK_FILL, u, atk)
        _stat_box(p, QRectF(inner.x() + 12 * u + half, y, half, stats_h), "RST", now.get("rst", rst),
                  RST_FILL, u, rst)


def render_bos(card, width: int, height: int, *, table: bool, dpr: float = 1.0,
               stats: tuple | None = None) -> QPixmap:
    img, w, h = _new_image(width, height, dpr)
    p = _begin(img)
    paint_bos(p, card, w, h, table=table, stats=stats)
    p.end()
    return _to_pixmap(img, dpr)
