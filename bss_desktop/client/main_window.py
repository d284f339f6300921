"""The game window: the board, the decision bar, the card preview and the game log."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QPainter
from PySide6.QtWidgets import (QDockWidget, QGraphicsView, QLabel, QMainWindow, QPlainTextEdit, QPushButton,
                               QStackedWidget, QVBoxLayout, QWidget)

from .board import BoardScene
from .card_art import FaceCache
from .controller import Controller
from .decision_bar import DecisionBar
from .model import GameModel, LocalSession
from .preview import CardPreview


class BoardView(QGraphicsView):
    """Shows the whole board, scaled to the window and crisp on high-DPI screens."""

    def __init__(self, scene: BoardScene):
        super().__init__(scene)
        self.setRenderHints(QPainter.Antialiasing | QPainter.SmoothPixmapTransform | QPainter.TextAntialiasing)
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


class CoverScreen(QWidget):
    """Hot-seat: hides the board between turns so hands stay private."""

    def __init__(self, on_reveal):
        super().__init__()
        self.setStyleSheet("background: #10141d; color: #e8ecf4;")
        lay = QVBoxLayout(self)
        lay.addStretch(1)
        self.label = QLabel()
        self.label.setAlignment(Qt.AlignCenter)
        self.label.setStyleSheet("font-size: 24px;")
        lay.addWidget(self.label)
        self.button = QPushButton()
        self.button.setStyleSheet("font-size: 16px; padding: 10px 24px; background: #c2410c; border-radius: 8px;")
        self.button.clicked.connect(on_reveal)
        lay.addWidget(self.button, 0, Qt.AlignCenter)
        lay.addStretch(1)

    def ask(self, player: int) -> None:
        self.label.setText(f"Pass the computer to Player {player + 1}.")
        self.button.setText(f"I am Player {player + 1} — show my side")


class GameWindow(QMainWindow):
    def __init__(self, game, *, seats=("human", "ai"), title: str = "", image_dir=None, animation_ms: int = 180):
        super().__init__()
        self.setWindowTitle(title or "bss_desktop — Battle Spirits Saga")
        self.game = game
        self.faces = FaceCache(image_dir=image_dir)
        self.scene = BoardScene(game.db, self.faces, self)
        self.scene.animation_ms = animation_ms
        self.view = BoardView(self.scene)
        self.bar = DecisionBar()
        self.cover = CoverScreen(self._reveal)
        self.stack = QStackedWidget()
        self.stack.addWidget(self.view)
        self.stack.addWidget(self.cover)
        central = QWidget()
        lay = QVBoxLayout(central)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(0)
        lay.addWidget(self.stack, 1)
        lay.addWidget(self.bar)
        self.setCentralWidget(central)

        self.preview = CardPreview()
        dock = QDockWidget("Card", self)
        dock.setObjectName("CardDock")
        dock.setWidget(self.preview)
        self.addDockWidget(Qt.RightDockWidgetArea, dock)
        self.log = QPlainTextEdit(readOnly=True)
        self.log.setStyleSheet("background: #141a26; color: #d7dce6; font-size: 12px;")
        log_dock = QDockWidget("Game log", self)
        log_dock.setObjectName("LogDock")
        log_dock.setWidget(self.log)
        self.addDockWidget(Qt.RightDockWidgetArea, log_dock)
        self.resizeDocks([dock, log_dock], [300, 300], Qt.Horizontal)

        self.model = GameModel(LocalSession(game), self)
        self.controller = Controller(self.model, self.scene, self.bar, seats=seats, parent=self)
        self.controller.status.connect(lambda text: self.statusBar().showMessage(text, 8000))
        self.controller.logLines.connect(self._log)
        self.controller.hovered.connect(self._preview)
        self.controller.viewerChanged.connect(self._cover)
        for line in self._setup_lines():
            self.log.appendPlainText(line)
        if "position" in game.start:
            st = game.state
            self.log.appendPlainText(f"Position loaded: turn {st.turn}, Player {st.turn_player + 1}'s {st.step} step.")
        self._menus()
        self.statusBar().showMessage("Hover a card to see it; right-click a card for what you can do with it.")

    def _setup_lines(self):
        from ..gamelog import describe

        viewer = None if self.controller.hotseat else self.controller.viewer
        return [t for t in (describe(self.game, e, viewer) for e in self.game.log_events) if t]

    def _menus(self) -> None:
        game_menu = self.menuBar().addMenu("&Game")
        concede = QAction("Concede", self)
        concede.triggered.connect(self._concede)
        game_menu.addAction(concede)
        quit_action = QAction("Close", self)
        quit_action.setShortcut("Ctrl+W")
        quit_action.triggered.connect(self.close)
        game_menu.addAction(quit_action)

    def _concede(self) -> None:
        from ..engine.commands import Concede

        self.controller.send(Concede(self.controller.viewer))

    def _log(self, lines) -> None:
        for line in lines:
            self.log.appendPlainText(line)

    def _preview(self, card, info) -> None:
        if info:
            self.preview.show_card(card, level=info.get("level"), bp=info.get("bp"))
        else:
            self.preview.show_card(card)

    def _cover(self, player: int) -> None:
        if self.controller.hotseat:
            self.cover.ask(player)
            self.stack.setCurrentWidget(self.cover)

    def _reveal(self) -> None:
        self.stack.setCurrentWidget(self.view)
        self.view.fitInView(self.scene.sceneRect(), Qt.KeepAspectRatio)
