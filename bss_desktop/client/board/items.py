"""Graphics items of the board: cards, core piles, trackers, zones and arrows.

Items only draw and report gestures to the scene (BoardScene); they never
change the game. A drop tells the scene where the piece was released; the
controller turns that into a command, and the next sync moves the item to
where the game says it is — or back where it came from.
"""
from __future__ import annotations

from PySide6.QtCore import (
    QAbstractAnimation,
    QEasingCurve,
    QPointF,
    QPropertyAnimation,
    QRectF,
    Qt,
)
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
    QTransform,
)
from PySide6.QtWidgets import QGraphicsItem, QGraphicsObject

from bss_desktop.client.board.layout import CARD_H, CARD_W

CORE_R = 11.0  # radius of a drawn core in a pile
REGULAR_CORE = QColor("#3fb5a3")
SOUL_CORE = QColor("#f2c14e")
HIGHLIGHT = QColor("#ffd54a")
SELECTED = QColor("#4ade80")
HINT = QColor("#22d3ee")  # the card a hint suggests (the Hint key): it glows
Z_CARD, Z_HOVER, Z_DRAG, Z_ZOOM = 10.0, 500.0, 1000.0, 2000.0
Z_LIFT = 100.0  # a card under the pointer rises over the neighbours it overlaps (still under the arrows)
LABEL_PX = 17.0  # zone and pile titles, in scene units: about 10 px on screen at a 1366x768 window


def draw_core(p: QPainter, cx: float, cy: float, r: float, soul: bool) -> None:
    """One core token: a gem; the soul core gold with a bright centre (CR 4-11-1: clearly distinct)."""
    base = SOUL_CORE if soul else REGULAR_CORE
    p.setPen(QPen(base.darker(180), 1.2))
    p.setBrush(QBrush(base))
    p.drawEllipse(QPointF(cx, cy), r, r)
    p.setPen(Qt.NoPen)
    p.setBrush(QBrush(QColor(255, 255, 255, 150 if soul else 90)))
    p.drawEllipse(QPointF(cx - r * 0.3, cy - r * 0.3), r * (0.45 if soul else 0.35), r * (0.45 if soul else 0.35))
    if soul:
        p.setPen(QPen(QColor("#7a4b00"), 1.4))
        p.drawLine(QPointF(cx, cy - r * 0.55), QPointF(cx, cy + r * 0.55))
        p.drawLine(QPointF(cx - r * 0.55, cy), QPointF(cx + r * 0.55, cy))


def label_font(px: float = LABEL_PX, bold: bool = False) -> QFont:
    """A font `px` scene units tall (pixel sizes: the view's scale alone decides how big it is on screen)."""
    f = QFont()
    f.setPixelSize(max(1, round(px)))
    f.setBold(bold)
    return f


def fit_lines(text: str, width: float, px: float = LABEL_PX, max_lines: int = 1,
              min_px: float = LABEL_PX * 0.7) -> tuple[QFont, list[str]]:
    """`text` in at most `max_lines` lines no wider than `width`: the largest font from `px` down to `min_px` that
    fits, words wrapped at spaces; a text too long even then is elided at the end of its last line."""
    size = px
    while True:
        font = label_font(size)
        fm = QFontMetricsF(font)
        lines: list[str] = []
        for word in text.split():
            if lines and fm.horizontalAdvance(f"{lines[-1]} {word}") <= width:
                lines[-1] = f"{lines[-1]} {word}"
            else:
                lines.append(word)
        if len(lines) <= max_lines and all(fm.horizontalAdvance(line) <= width for line in lines):
            return font, lines
        if size - 0.5 < min_px:
            kept = lines[:max_lines]
            kept[-1] = fm.elidedText(" ".join(lines[max_lines - 1:]), Qt.ElideRight, width)
            return font, kept
        size -= 0.5


def draw_lines(p: QPainter, rect: QRectF, font: QFont, lines: list[str]) -> float:
    """Lines of text from the top left of `rect`; returns where they end (y)."""
    p.setFont(font)
    step = QFontMetricsF(font).lineSpacing()
    y = rect.y()
    for line in lines:
        p.drawText(QRectF(rect.x(), y, rect.width(), step), Qt.AlignLeft | Qt.AlignTop, line)
        y += step
    return y


def draw_count(p: QPainter, cx: float, cy: float, n: int, *, size: float = 18) -> None:
    """A number in a dark badge, so piles show their count at a glance; `size`: the badge's height."""
    p.setFont(label_font(size * 0.8, True))
    text = str(n)
    w = max(size, size * 0.5 * len(text) + size * 0.5)
    r = QRectF(cx - w / 2, cy - size / 2, w, size)
    p.setPen(Qt.NoPen)
    p.setBrush(QColor(15, 18, 28, 215))
    p.drawRoundedRect(r, size / 2, size / 2)
    p.setPen(QColor("white"))
    p.drawText(r, Qt.AlignCenter, text)


_CARD_BOUNDS = QRectF(-4, -4, CARD_W + 8, CARD_H + 8)


class CardItem(QGraphicsObject):
    """A card: its face (or back), its orientation, and the cores on it."""

    def __init__(self, key, scene_ref):
        super().__init__()
        self.key = key  # the engine's card id, or a placeholder key for hidden cards
        self.board = scene_ref
        self.card = None  # CardDef when the face is visible
        self.level = None
        self.bp = None
        self.printed_bp = None
        self.cores = 0
        self.soul = False
        self.exhausted = False
        self.draggable = False
        self.highlight = False  # a legal target or piece for the current decision
        self.selected_mark = False  # chosen in a target choice
        self.hint_mark = False  # a hint suggests this card (it glows)
        self.marks = ()  # what a game's profile puts on it: (face down, counters, attached to, orientation, badges)
        self.symbols = None  # a spirit with a Brave: its symbols and the Brave's (ETR §Brave), else None
        self.stats = ()  # its numbers as modified on the table, ((field, value), ...) (engine/table_stats.py)
        self._press = None
        self._core_press = False
        self._anim_pos = None
        self._anim_rot = None
        self._anim_scale = None
        self._z = Z_CARD  # where the card sits among its neighbours when nothing lifts it (BoardScene.sync)
        self._lifted = False  # under the pointer: drawn over its neighbours
        self._synced = None  # what the board last placed here (BoardScene.sync); None: placed otherwise since
        self._cache = None  # the cache mode in use
        self._turned = None  # while exhausted: (face, what else it shows, the picture at screen resolution)
        self.setTransformOriginPoint(CARD_W / 2, CARD_H / 2)
        self.setAcceptHoverEvents(True)
        self.setZValue(Z_CARD)
        self.use_cache()
        self.setCursor(Qt.OpenHandCursor)

    def use_cache(self) -> None:
        """A frame blits the card as last drawn at screen resolution instead of rescaling its face.

        Upright, Qt keeps that picture (DeviceCoordinateCache). Turned sideways (exhausted) under a scaled view,
        Qt would draw its device cache anew on every frame, so the card keeps the picture itself (`_paint_turned`)."""
        want = QGraphicsItem.NoCache if self.exhausted else QGraphicsItem.DeviceCoordinateCache
        if want != self._cache:
            self._cache = want
            self._turned = None
            self.setCacheMode(want)

    def settled(self) -> bool:
        """Whether no move or turn is under way."""
        for a in (self._anim_pos, self._anim_rot, self._anim_scale):
            if a is not None and a.state() == QAbstractAnimation.Running:
                return False
        return True

    def boundingRect(self) -> QRectF:
        return _CARD_BOUNDS  # Qt asks several times a frame; it copies the rect

    def core_badge_rect(self) -> QRectF:
        """Where a field card shows its cores (over the table face's level ladder); a drag from here moves them."""
        return QRectF(7, CARD_H - 47, CARD_W - 14, 39)

    def paint(self, p: QPainter, option, widget=None) -> None:
        pix = self.board.pixmap_for(self)
        if self.exhausted:
            self._paint_turned(p, pix)
        else:
            self._paint_card(p, pix)

    def _paint_turned(self, p: QPainter, pix) -> None:
        """Draw the card as a device cache would: rendered once at screen resolution for the painter's
        transform, then blitted untransformed until what it shows or that transform changes."""
        t = p.worldTransform()
        device = t.mapRect(self.boundingRect()).toRect().adjusted(-1, -1, 1, 1)
        if device.isEmpty():
            return
        dpr = p.device().devicePixelRatio()
        shows = (self.card, self.highlight, self.selected_mark, self.hint_mark, self.cores, self.soul, self.marks,
                 self.symbols, self.zone_is_field, t.m11(), t.m12(), t.m21(), t.m22(), t.dx() - device.x(), t.dy() - device.y(),
                 device.width(), device.height(), dpr, p.renderHints())
        cached = self._turned
        if cached is not None and cached[0] is pix and cached[1] == shows:
            picture = cached[2]
        else:
            picture = QPixmap(device.size() * dpr)
            picture.setDevicePixelRatio(dpr)
            picture.fill(Qt.transparent)
            q = QPainter(picture)
            q.setRenderHints(q.renderHints(), False)  # exactly the frame's hints, as Qt's own cache painter has
            q.setRenderHints(p.renderHints(), True)
            q.setWorldTransform(t * QTransform.fromTranslate(-device.x(), -device.y()))
            self._paint_card(q, pix)
            q.end()
            self._turned = (pix, shows, picture)
        p.setWorldTransform(QTransform())
        smooth = p.testRenderHint(QPainter.SmoothPixmapTransform)
        if smooth:  # a 1:1 blit: smoothing changes no pixel, but Qt would sample every one of them
            p.setRenderHint(QPainter.SmoothPixmapTransform, False)
        p.drawPixmap(device.topLeft(), picture)
        if smooth:
            p.setRenderHint(QPainter.SmoothPixmapTransform, True)
        p.setWorldTransform(t)

    def _paint_card(self, p: QPainter, pix) -> None:
        p.setRenderHint(QPainter.Antialiasing)
        p.setRenderHint(QPainter.SmoothPixmapTransform)
        p.drawPixmap(QRectF(0, 0, CARD_W, CARD_H), pix, QRectF(pix.rect()))
        if self.highlight or self.selected_mark:
            p.setBrush(Qt.NoBrush)
            p.setPen(QPen(SELECTED if self.selected_mark else HIGHLIGHT, 3.5))
            p.drawRoundedRect(QRectF(-2, -2, CARD_W + 4, CARD_H + 4), 8, 8)
        if self.hint_mark:  # a glow: a bright rim over a soft one, and the face lit (inside the card's bounds)
            glow = QColor(HINT)
            glow.setAlpha(70)
            p.setBrush(glow)
            p.setPen(QPen(QColor(HINT.red(), HINT.green(), HINT.blue(), 110), 7))
            p.drawRoundedRect(QRectF(-0.5, -0.5, CARD_W + 1, CARD_H + 1), 8, 8)
            p.setBrush(Qt.NoBrush)
            p.setPen(QPen(HINT, 3))
            p.drawRoundedRect(QRectF(-1.5, -1.5, CARD_W + 3, CARD_H + 3), 8, 8)
            tag = QRectF(CARD_W / 2 - 48, CARD_H * 0.38 - 18, 96, 36)  # "Hint" over the art, where the eye goes
            p.setPen(QPen(QColor(8, 47, 73), 2))
            p.setBrush(HINT)
            p.drawRoundedRect(tag, 18, 18)
            font = QFont(p.font())
            font.setPixelSize(22)
            font.setBold(True)
            p.setFont(font)
            p.setPen(QColor(8, 47, 73))
            p.drawText(tag, Qt.AlignCenter, "Hint")
        total = self.cores + (1 if self.soul else 0)
        if self.card is not None and (total or self.card.type != "magic") and self.zone_is_field:
            r = self.core_badge_rect()
            p.setPen(QPen(QColor(255, 255, 255, 45), 1))
            p.setBrush(QColor(10, 12, 20))  # opaque: it covers the table face's level ladder
            p.drawRoundedRect(r, 10, 10)
            shown = min(total, 4)
            for i in range(shown):
                soul = self.soul and i == 0
                draw_core(p, r.x() + 18 + i * 26, r.center().y(), 11, soul)
            draw_count(p, r.x() + 22 + shown * 26, r.center().y(), total, size=26)
        if self.marks:
            self._paint_marks(p)
        if self.symbols:
            self._paint_symbols(p)

    def _paint_symbols(self, p: QPainter) -> None:
        """A spirit combined with a Brave: all its symbols (its own and the Brave's) in a row over the art, so the
        table reads what it pays with (ETR §Brave: "symbol ... added")."""
        from bss_desktop.client.faces.art import _draw_symbol, _symbol_colors

        r, gap = 11.0, 5.0
        width = len(self.symbols) * (2 * r + gap) + gap + 4
        band = QRectF(CARD_W - 6 - width, CARD_H * 0.5, width, 2 * r + 8)
        p.setPen(QPen(QColor("#fde68a"), 1.5))  # the gold of the attachment banner: a Brave's doing
        p.setBrush(QColor(15, 18, 28, 225))
        p.drawRoundedRect(band, band.height() / 2, band.height() / 2)
        for i, s in enumerate(self.symbols):
            _draw_symbol(p, QPointF(band.left() + 2 + gap + r + i * (2 * r + gap), band.center().y()), r,
                         _symbol_colors(list(s)))

    def _paint_marks(self, p: QPainter) -> None:
        """Face down (its owner still sees the face: a veil and a banner say the other player does not), counters
        as badges down the right edge, and the card it is attached to along the bottom."""
        down, counters, on, _turn, badges = self.marks
        if down and self.card is not None:
            p.setPen(Qt.NoPen)
            p.setBrush(QColor(10, 12, 20, 120))
            p.drawRoundedRect(QRectF(0, 0, CARD_W, CARD_H), 8, 8)
            band = QRectF(8, CARD_H * 0.42, CARD_W - 16, 34)
            p.setBrush(QColor(30, 41, 59, 235))
            p.drawRoundedRect(band, 8, 8)
            p.setFont(label_font(19, True))
            p.setPen(QColor("#e2e8f0"))
            p.drawText(band, Qt.AlignCenter, "Face down")
        y = CARD_H * 0.3  # under the name and its banner, over the art
        for name, n in counters:
            label = name.split(":", 1)[1] if ":" in name else name
            r = QRectF(CARD_W - 74, y, 68, 30)
            p.setPen(QPen(QColor(15, 18, 28), 1.5))
            p.setBrush(QColor("#fca5a5") if name == "kill" else QColor("#c4b5fd"))
            p.drawRoundedRect(r, 15, 15)
            p.setFont(label_font(15, True))
            p.setPen(QColor(15, 18, 28))
            p.drawText(r, Qt.AlignCenter, f"{label[:6]} {n}")
            y += 34
        y = CARD_H * 0.6
        for text in badges:  # the turn's marks (attacked, set this turn): a badge across the art's lower part
            r = QRectF(12, y, CARD_W - 24, 26)
            p.setPen(QPen(QColor(15, 18, 28), 1.5))
            p.setBrush(QColor("#fdba74") if text == "Attacked" else QColor("#93c5fd"))
            p.drawRoundedRect(r, 13, 13)
            p.setFont(label_font(13, True))
            p.setPen(QColor(15, 18, 28))
            p.drawText(r, Qt.AlignCenter, text)
            y += 30
        if on:
            r = QRectF(6, CARD_H - 36, CARD_W - 12, 30)
            p.setPen(Qt.NoPen)
            p.setBrush(QColor(15, 18, 28, 225))
            p.drawRoundedRect(r, 8, 8)
            p.setFont(label_font(15, True))
            p.setPen(QColor("#fde68a"))
            p.drawText(r, Qt.AlignCenter, f"⛓ {on}"[:26])

    def off_field(self, marks: tuple = (), stats: tuple = ()) -> None:
        """Off the field a card carries nothing of it — no cores, level or BP badge — only the marks of where it
        is now (a card back in the hand is the card as printed) and another game's numbers as modified there."""
        state = (0, False, None, None, None, marks)
        if (self.cores, self.soul, self.level, self.bp, self.printed_bp, self.marks) != state:
            self.cores, self.soul, self.level, self.bp, self.printed_bp, self.marks = state
            self.update()
        if self.stats != stats:
            self.stats = stats
            self.update()

    @property
    def zone_is_field(self) -> bool:
        return getattr(self, "zone", None) == "field"

    # -- animation ------------------------------------------------------------

    def _animate(self, attr: str, prop: bytes, now, value, setter, animate: bool, easing) -> None:
        """Take property `prop` to `value`: at once, or animated from where it is now.

        What counts is where the card is going, not where it is this instant: an animation still running towards
        another value is stopped first (else a quick second sync, a replay's jump, would leave the card where the
        first one sent it: a card turned sideways in the trash, an exhausted spirit upright)."""
        a = getattr(self, attr)
        if a is not None and a.state() == QAbstractAnimation.Running:
            if a.endValue() == value:
                return  # already on its way there
            a.stop()
        if now == value:
            return
        ms = self.board.animation_ms if animate else 0
        if ms <= 0:
            setter(value)
            return
        a = QPropertyAnimation(self, prop, self)
        a.setDuration(ms)
        a.setEndValue(value)
        a.setEasingCurve(easing)
        a.start()
        setattr(self, attr, a)

    def move_to(self, x: float, y: float, animate: bool) -> None:
        self._animate("_anim_pos", b"pos", self.pos(), QPointF(x, y), self.setPos, animate, QEasingCurve.OutCubic)

    def resting_pos(self) -> QPointF:
        """Where the card is, or where it is moving to."""
        a = self._anim_pos
        if a is not None and a.state() == QAbstractAnimation.Running:
            return a.endValue()
        return self.pos()

    def resting_center(self) -> QPointF:
        """The scene point at the card's centre once it has arrived (turning and scaling keep the centre)."""
        return self.resting_pos() + QPointF(CARD_W / 2, CARD_H / 2)

    def set_exhausted(self, exhausted: bool, animate: bool, angle: float | None = None) -> None:
        """CR 4-4-1: exhausted = turned sideways; an animated 90° turn about the card's centre (`angle`: another
        orientation of the game, e.g. 180° heavy exhausted)."""
        if exhausted != self.exhausted:
            self.exhausted = exhausted
            self.use_cache()
        angle = (90.0 if exhausted else 0.0) if angle is None else float(angle)
        self._animate("_anim_rot", b"rotation", self.rotation(), angle, self.setRotation, animate,
                      QEasingCurve.InOutQuad)

    def set_scale(self, scale: float, animate: bool) -> None:
        """Drawn at `scale` of a table card about its centre (the opponent's hand and the piles are smaller)."""
        self._animate("_anim_scale", b"scale", self.scale(), scale, self.setScale, animate, QEasingCurve.OutCubic)

    def set_stacking(self, z: float) -> None:
        """Where the card sits among overlapping neighbours (later cards of a row over earlier ones)."""
        if z != self._z:
            self._z = z
            if self._press is None:
                self.setZValue(z + (Z_LIFT if self._lifted else 0.0))

    # -- gestures -------------------------------------------------------------

    def hoverEnterEvent(self, event) -> None:
        self._lift(True)
        self.board.hovered(self)
        super().hoverEnterEvent(event)

    def hoverLeaveEvent(self, event) -> None:
        self._lift(False)
        self.board.unhovered(self)
        super().hoverLeaveEvent(event)

    def _lift(self, up: bool) -> None:
        """In a crowded row the card under the pointer shows whole, over the neighbours that overlap it."""
        self._lifted = up
        if self._press is None:
            self.setZValue(self._z + (Z_LIFT if up else 0.0))

    def mousePressEvent(self, event) -> None:
        if event.button() == Qt.MiddleButton:  # held: the card full size over the board (never a hidden card)
            self.board.show_zoom(self)
            event.accept()
            return
        if event.button() == Qt.RightButton:
            self.board.context_requested(self, event.screenPos())
            event.accept()
            return
        if event.button() != Qt.LeftButton:
            return super().mousePressEvent(event)
        self.board.clicked(self)
        if self.zone_is_field and self.core_badge_rect().contains(event.pos()) and (self.cores or self.soul):
            self._core_press = True
            self.board.begin_core_drag(("card", self.key), event.scenePos())
        elif self.draggable:
            self._press = (event.scenePos(), self.pos())
            self.setZValue(Z_DRAG)
            self.setCursor(Qt.ClosedHandCursor)
        event.accept()

    def mouseMoveEvent(self, event) -> None:
        if self._core_press:
            self.board.move_core_drag(event.scenePos())
        elif self._press is not None:
            start, origin = self._press
            self._synced = None
            self.setPos(origin + (event.scenePos() - start))

    def mouseReleaseEvent(self, event) -> None:
        if event.button() == Qt.MiddleButton:
            self.board.hide_zoom()
            return
        if self._core_press:
            self._core_press = False
            self.board.end_core_drag(event.scenePos(), event.modifiers())
            return
        if self._press is not None:
            start, origin = self._press
            self._press = None
            self.setZValue(self._z + (Z_LIFT if self._lifted else 0.0))
            self.setCursor(Qt.OpenHandCursor)
            if (event.scenePos() - start).manhattanLength() > 6:
                self.board.dropped(self, event.scenePos(), origin)

    def mouseDoubleClickEvent(self, event) -> None:
        if event.button() == Qt.LeftButton:
            self.board.activated(self)
            event.accept()


class PileItem(QGraphicsObject):
    """The cores at one place (life, reserve, trash, void): tokens plus their count (CR 3-6, 3-7, 3-9)."""

    def __init__(self, loc: str, owner: int | None, rect, title: str, board):
        super().__init__()
        self.loc = loc
        self.owner = owner
        self.rect = QRectF(0, 0, rect.w, rect.h)
        self._bounds = self.rect.adjusted(-3, -3, 3, 3)
        self.title = title
        self.board = board
        self.count = 0
        self.soul = False
        self.unlimited = False
        self.highlight = False
        self.setPos(rect.x, rect.y)
        self.setCursor(Qt.OpenHandCursor)
        self.setCacheMode(QGraphicsItem.DeviceCoordinateCache)
        self._dragging = False

    def boundingRect(self) -> QRectF:
        return self._bounds

    def set_cores(self, count: int, soul: bool) -> None:
        if (count, soul) != (self.count, self.soul):
            self.count, self.soul = count, soul
            self.update()

    def title_layout(self) -> tuple[QFont, list[str], QRectF, bool]:
        """How the title is written: (font, lines, where, whether the count badge is beside it). In a narrow box
        (Eternal's trash cores and count share a row) the title takes the whole width, on two lines if need be,
        and the count goes to the end of the cores."""
        w = self.rect.width()
        beside = QRectF(10, 5, w - 50, 28)
        font, lines = fit_lines(self.title, beside.width(), min_px=LABEL_PX)  # shrunk, it read 8 px at 1366x768
        if QFontMetricsF(font).horizontalAdvance(lines[0]) <= beside.width() and not lines[0].endswith("…"):
            return font, lines, beside, True
        whole = QRectF(8, 4, w - 14, 40)
        font, lines = fit_lines(self.title, whole.width(), max_lines=2)
        return font, lines, whole, False

    def paint(self, p: QPainter, option, widget=None) -> None:
        p.setRenderHint(QPainter.Antialiasing)
        p.setPen(QPen(HIGHLIGHT if self.highlight else QColor(255, 255, 255, 40), 2 if self.highlight else 1))
        p.setBrush(QColor(255, 255, 255, 14))
        p.drawRoundedRect(self.rect, 10, 10)
        font, lines, where, badge_beside = self.title_layout()
        p.setPen(QColor(220, 225, 235, 190))
        bottom = draw_lines(p, where, font, lines)
        total = self.count + (1 if self.soul else 0)
        step = CORE_R * 2 + 3
        per_row = 7 if badge_beside else max(1, int((self.rect.width() - 20 + 3) // step))
        top = 44 if badge_beside else max(44.0, bottom + 4 + CORE_R)
        rows = 2
        shown = min(total, per_row * rows - (0 if badge_beside or self.unlimited else 1))  # (a slot for the count)
        for i in range(shown):
            soul = self.soul and i == 0
            cx = 10 + CORE_R + (i % per_row) * step
            cy = top + (i // per_row) * (CORE_R * 2 + 4)
            draw_core(p, cx, cy, CORE_R, soul)
        if self.unlimited:  # CR 3-9-2: the void never runs out
            p.setFont(label_font(LABEL_PX * 0.9))
            p.setPen(QColor(220, 225, 235, 170))
            p.drawText(self.rect.adjusted(10, 0, -10, -6), Qt.AlignLeft | Qt.AlignBottom, "unlimited")
        elif badge_beside:
            draw_count(p, self.rect.width() - 24, 17, total, size=24)
        else:  # the last slot of the cores' rows
            draw_count(p, 10 + CORE_R + (per_row - 1) * step, top + (rows - 1) * (CORE_R * 2 + 4), total, size=24)

    def mousePressEvent(self, event) -> None:
        if event.button() == Qt.LeftButton and (self.count or self.soul or self.unlimited):
            self._dragging = True
            self.board.begin_core_drag(("pile", self.loc, self.owner), event.scenePos())
            event.accept()
        elif event.button() == Qt.RightButton:
            self.board.pile_context(self, event.screenPos())
            event.accept()

    def mouseMoveEvent(self, event) -> None:
        if self._dragging:
            self.board.move_core_drag(event.scenePos())

    def mouseReleaseEvent(self, event) -> None:
        if self._dragging:
            self._dragging = False
            self.board.end_core_drag(event.scenePos(), event.modifiers())


class TrackerItem(QGraphicsObject):
    """A player's number on the table (Soul Points): its name, its value large, and buttons the sandbox answers
    (right-click: change it, transfer, pay)."""

    def __init__(self, name: str, owner: int | None, rect, title: str, board):
        super().__init__()
        self.name, self.owner, self.title, self.board = name, owner, title, board
        self.rect = QRectF(0, 0, rect.w, rect.h)
        self._bounds = self.rect.adjusted(-3, -3, 3, 3)
        self.value = None
        self.mark = ""  # "win_at" / "lose_at" when it reached one
        self.who = ""  # whose number it is: their name heads it ("Aki — Soul Points")
        self.setPos(rect.x, rect.y)
        self.setCacheMode(QGraphicsItem.DeviceCoordinateCache)

    def boundingRect(self) -> QRectF:
        return self._bounds

    def set_who(self, name: str) -> None:
        if name != self.who:
            self.who = name
            self.update()

    def heading(self) -> str:
        return f"{self.who} — {self.title}" if self.who else self.title

    def title_layout(self) -> tuple[QFont, list[str], QRectF]:
        """(font, lines, where) of the heading: one line across the box, smaller or elided if a name is long."""
        where = QRectF(10, 5, self.rect.width() - 20, 22)
        font, lines = fit_lines(self.heading(), where.width())
        return font, lines, where

    def set_value(self, value: int, mark: str = "") -> None:
        if (value, mark) != (self.value, self.mark):
            self.value, self.mark = value, mark
            self.update()

    def paint(self, p: QPainter, option, widget=None) -> None:
        p.setRenderHint(QPainter.Antialiasing)
        edge = {"win_at": QColor("#4ade80"), "lose_at": QColor("#f87171")}.get(self.mark, QColor(255, 255, 255, 60))
        p.setPen(QPen(edge, 2))
        p.setBrush(QColor(15, 23, 42, 200))
        p.drawRoundedRect(self.rect, 10, 10)
        p.setPen(QColor(220, 225, 235, 190))
        font, lines, where = self.title_layout()
        draw_lines(p, where, font, lines)
        p.setFont(label_font(self.rect.height() * 0.46, True))
        p.setPen(QColor("#f8fafc"))
        p.drawText(self.rect.adjusted(10, 18, -12, -2), Qt.AlignRight | Qt.AlignVCenter,
                   "" if self.value is None else f"{self.value:,}")

    def mousePressEvent(self, event) -> None:
        if event.button() == Qt.RightButton:
            self.board.tracker_context(self, event.screenPos())
            event.accept()

    def mouseDoubleClickEvent(self, event) -> None:
        self.board.tracker_context(self, event.screenPos())
        event.accept()


class ZoneItem(QGraphicsItem):
    """The background of one area of the playsheet, with its name and an optional count."""

    def __init__(self, rect, title: str):
        super().__init__()
        self.rect = QRectF(0, 0, rect.w, rect.h)
        self._bounds = self.rect.adjusted(-2, -2, 2, 2)
        self.title = title
        self.count_text = ""
        self.highlight = False
        self.setPos(rect.x, rect.y)
        self.setZValue(0)
        self.setCacheMode(QGraphicsItem.DeviceCoordinateCache)

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, p: QPainter, option, widget=None) -> None:
        p.setRenderHint(QPainter.Antialiasing)
        p.setPen(QPen(HIGHLIGHT if self.highlight else QColor(255, 255, 255, 36), 2 if self.highlight else 1,
                      Qt.SolidLine if self.highlight else Qt.DashLine))
        p.setBrush(QColor(255, 255, 255, 10))
        p.drawRoundedRect(self.rect, 12, 12)
        p.setFont(label_font())
        p.setPen(QColor(220, 225, 235, 150))
        label = self.title + (f"  {self.count_text}" if self.count_text else "")
        p.drawText(self.rect.adjusted(10, 4, -10, -4), Qt.AlignLeft | Qt.AlignTop | Qt.TextWordWrap, label)


class ArrowItem(QGraphicsItem):
    """An arrow from an attacker to what it attacks or to its blocker."""

    def __init__(self, color: QColor):
        super().__init__()
        self.color = color
        self.path = QPainterPath()
        self.setZValue(Z_HOVER - 1)
        self.setAcceptedMouseButtons(Qt.NoButton)  # arrows are drawn over cards but never take the mouse

    def set_points(self, a: QPointF, b: QPointF) -> None:
        self.prepareGeometryChange()
        path = QPainterPath(a)
        mid = (a + b) / 2 + QPointF(40, 0)
        path.quadTo(mid, b)
        self.path = path
        self.ends = (mid, b)
        self.update()

    def boundingRect(self) -> QRectF:
        return self.path.boundingRect().adjusted(-20, -20, 20, 20)

    def paint(self, p: QPainter, option, widget=None) -> None:
        import math

        p.setRenderHint(QPainter.Antialiasing)
        pen = QPen(self.color, 5, Qt.SolidLine, Qt.RoundCap)
        p.setPen(pen)
        p.setBrush(Qt.NoBrush)
        p.drawPath(self.path)
        if self.path.isEmpty():
            return
        mid, b = self.ends
        angle = math.atan2(b.y() - mid.y(), b.x() - mid.x())
        head = QPainterPath(b)
        for da in (2.6, -2.6):
            head.lineTo(b + QPointF(math.cos(angle + da) * 18, math.sin(angle + da) * 18))
            head.moveTo(b)
        p.drawPath(head)


class ZoomItem(QGraphicsItem):
    """A card shown full size over the board while a player holds the middle button or the zoom key on it.

    It never takes the mouse or hover, so the cards under it still see the pointer."""

    def __init__(self):
        super().__init__()
        self.rect = QRectF()
        self.pixmap = None
        self.key = None  # the card shown
        self.setZValue(Z_ZOOM)
        self.setAcceptedMouseButtons(Qt.NoButton)
        self.setAcceptHoverEvents(False)
        self.setVisible(False)

    def show_face(self, key, pixmap, rect: QRectF) -> None:
        self.prepareGeometryChange()
        self.key, self.pixmap, self.rect = key, pixmap, QRectF(rect)
        self.setVisible(True)
        self.update()

    def boundingRect(self) -> QRectF:
        return self.rect.adjusted(-14, -14, 14, 18)

    def paint(self, p: QPainter, option, widget=None) -> None:
        if self.pixmap is None:
            return
        p.setRenderHint(QPainter.Antialiasing)
        p.setRenderHint(QPainter.SmoothPixmapTransform)
        radius = self.rect.width() * 0.046
        p.setPen(Qt.NoPen)
        for i, alpha in enumerate((60, 40, 25)):  # a soft shadow, so the card stands off the table
            grow = 4 + i * 4
            p.setBrush(QColor(0, 0, 0, alpha))
            p.drawRoundedRect(self.rect.adjusted(-grow, -grow + 4, grow, grow + 4), radius + grow, radius + grow)
        p.drawPixmap(self.rect, self.pixmap, QRectF(self.pixmap.rect()))
