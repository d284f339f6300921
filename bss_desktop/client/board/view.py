"""The view of the board: the whole table scaled to its window, crisp on high-DPI screens (the game window and the
replay viewer both show one)."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QGraphicsView

from bss_desktop.client.board.scene import BoardScene


class BoardView(QGraphicsView):
    """Shows the whole board, scaled to the window and crisp on high-DPI screens."""

    def __init__(self, scene: BoardScene):
        super().__init__(scene)
        # no SmoothPixmapTransform here: the items set it where they scale, and on the view it sends every cached
        # card through Qt's slow smoothing path (a busy frame 5x slower)
        self.setRenderHints(QPainter.Antialiasing | QPainter.TextAntialiasing)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.setViewportUpdateMode(QGraphicsView.SmartViewportUpdate)
        self.setCacheMode(QGraphicsView.CacheBackground)  # the table's gradient is drawn once per size
        self.setOptimizationFlags(QGraphicsView.DontSavePainterState)
        self.setStyleSheet("border: none; background: #1d2433;")

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self.fitInView(self.sceneRect(), Qt.KeepAspectRatio)
        scale = self.transform().m11() * self.devicePixelRatioF()
        board = self.scene()
        wanted = max(1.0, round(scale * 2) / 2)  # redraw faces at a size that stays sharp
        if abs(wanted - board.render_scale) >= 0.5:
            board.render_scale = wanted
            board.update()
