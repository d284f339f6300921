"""The table rendering of a Battle Spirits card: cost, name, level and BP large enough to read at a laptop's
window size (the board draws these; the preview and the zoom draw the full face).
"""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QImage,
    QLinearGradient,
    QPainter,
    QPen,
    QPixmap,
)

from bss_desktop.carddb.cards import display_name

from .art import _draw_art
from .battle_spirits import (
    _draw_core_badge,
    _draw_cost,
    _draw_tag,
    _frame,
    _is_nexus_like,
    _level_rows,
    _printed_bp,
    _timing_fill,
    _timing_tag,
)
from .draw import (
    _WHITE,
    CARD_ASPECT,
    _alpha,
    _begin,
    _card_colors,
    _card_image,
    _fit_text,
    _font,
    _mix,
    _new_image,
    _pill,
    _qc,
    _to_pixmap,
)

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
    lines = _split_name(display_name(card), one, name_w)
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
        _card_image(p, image, QRectF(0, 0, w, h), u)
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




# ------------------------------------------------------------------ the back


