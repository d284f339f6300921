"""Windows open inside the screen they are on: a wanted size or a saved geometry is clamped to the available area
(the screen less task bars and docks), so a laptop at 1366x768 sees the whole window from the start."""
from __future__ import annotations

from PySide6.QtCore import QByteArray, QRect
from PySide6.QtGui import QGuiApplication


def available(window=None) -> QRect:
    """The available geometry of the window's screen (the primary screen before it is shown)."""
    screen = window.screen() if window is not None and window.screen() is not None else None
    screen = screen or QGuiApplication.primaryScreen()
    return screen.availableGeometry() if screen is not None else QRect(0, 0, 1366, 768)


def clamp(window) -> None:
    """Move and shrink `window` (frame included) so it lies inside the available screen area."""
    area = available(window)
    frame = window.frameGeometry()
    extra_w = max(0, frame.width() - window.width())  # the window manager's decorations
    extra_h = max(0, frame.height() - window.height())
    if not window.isVisible():  # decorations are unknown until the window is shown: leave room for them
        extra_w, extra_h = max(extra_w, 16), max(extra_h, 40)
    w = min(window.width(), area.width() - extra_w)
    h = min(window.height(), area.height() - extra_h)
    if (w, h) != (window.width(), window.height()):
        window.resize(max(w, 200), max(h, 150))
        frame = window.frameGeometry()
    x = min(max(frame.x(), area.x()), area.right() + 1 - frame.width() - (extra_w - (frame.width() - window.width())))
    y = min(max(frame.y(), area.y()), area.bottom() + 1 - frame.height() - (extra_h - (frame.height() - window.height())))
    if (x, y) != (frame.x(), frame.y()):
        window.move(max(x, area.x()), max(y, area.y()))


def open_sized(window, width: int, height: int, saved_hex: str | None = None) -> None:
    """Size `window` before it is shown: the saved geometry if any, else `width` x `height`, then centred and
    clamped to the available screen area (a geometry saved on a bigger screen shrinks to fit this one)."""
    area = available(window)
    restored = bool(saved_hex) and window.restoreGeometry(QByteArray.fromHex(saved_hex.encode()))
    if not restored:
        w, h = min(width, area.width() - 16), min(height, area.height() - 40)  # room for a title bar
        window.resize(w, h)
        window.move(area.x() + (area.width() - w - 16) // 2, area.y() + max(0, (area.height() - h - 40) // 2))
    clamp(window)
