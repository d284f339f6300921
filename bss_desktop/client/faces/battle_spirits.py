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

import random
import re

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
    QPolygonF,
    QRadialGradient,
    QTextBlockFormat,
    QTextCharFormat,
    QTextCursor,
    QTextDocument,
    QTextOption,
)

from bss_desktop.carddb.card_text import card_text
from bss_desktop.carddb.cards import display_name

from .art import (
    _EMBLEMS,
    _draw_art,
    _draw_gem,
    _draw_symbol,
    _emblem_spirit,
    _LayerCache,
    _symbol_colors,
)
from .draw import (
    _BLACK,
    _RARITY_COLORS,
    _WHITE,
    CARD_ASPECT,
    CARD_RADIUS,
    _alpha,
    _begin,
    _card_colors,
    _card_edge,
    _card_image,
    _deep,
    _fit_text,
    _font,
    _mix,
    _new_image,
    _pill,
    _printable,
    _qc,
    _seed,
    _to_pixmap,
)
from .special_symbols import draw_special, special_symbols


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
    frame = _card_edge(p, outer, u)
    radius = CARD_RADIUS * u
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
    _fit_text(p, name_rect, display_name(card), _font(6.9 * u, True), _qc("ink_light"), shadow=QColor(0, 0, 0, 200),
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
    special = special_symbols(card)  # Eternal's God / Ultimate symbols, after the colours
    sr = 3.5 * u
    sym_left = right - 1.2 * u - (len(syms) + len(special)) * (2 * sr + 1.4 * u) + 1.4 * u
    _fit_text(p, QRectF(x, fy - 2.5 * u, max(1.0, sym_left - x - 1.5 * u), 5 * u), card.id, _font(3.2 * u),
              _qc("muted"))
    for i, s in enumerate(syms):
        _draw_symbol(p, QPointF(sym_left + sr + i * (2 * sr + 1.4 * u), fy), sr, _symbol_colors(s))
    for i, (kind, colour) in enumerate(special, len(syms)):
        draw_special(p, QPointF(sym_left + sr + i * (2 * sr + 1.4 * u), fy), sr, kind, colour)


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
        _card_image(p, image, QRectF(0, 0, w, h), u)
        if level is not None:
            _draw_levels(p, card, 4.5 * u, 78 * u, u, level, max_height=50 * u)
        printed = _printed_bp(card, level, printed_bp)
        if bp is not None and printed is not None and bp != printed:
            _draw_bp_badge(p, w - 4.5 * u, 78 * u, u, bp, printed)
    finally:
        p.end()
    return _to_pixmap(img, dpr)


# ------------------------------------------------------------------ the table face
