"""Watching a saved game: step forward and back through its record.

Forward applies the next command; back replays the record up to the step
before (a deterministic engine makes both the same game). The board shows one
player's view, switchable, like sitting in that player's chair.
"""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QDockWidget,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QPlainTextEdit,
    QPushButton,
    QSlider,
    QStyle,
    QVBoxLayout,
    QWidget,
)

from bss_desktop.client.board.scene import BoardScene
from bss_desktop.client.board.view import BoardView
from bss_desktop.client.windows.preview import CardPreview
from bss_desktop.engine.commands import command_from_dict
from bss_desktop.engine.record import replay
from bss_desktop.gamelog import describe


class ReplayWindow(QMainWindow):
    def __init__(self, record: dict, db, *, title: str = "", settings=None):
        super().__init__()
        self.setWindowTitle(title or "bss_desktop — replay")
        self.record, self.db = record, db
        self.total = len(record["commands"])
        self.viewer = 0
        self.game = replay(record, db, verify=False, stop=0)
        self.events_at: list[list] = [list(self.game.log_events)]  # events of step k (0 = setup)
        from bss_desktop.client.faces import painter_for

        profile = self.game.profile  # another game's record is drawn on its own table, with its own faces
        from bss_desktop.client.faces.cache import faces_for

        self.scene = BoardScene(db, faces_for(settings, painter=painter_for(profile.cards.face)), self,
                                profile=profile)
        self.scene.animation_ms = 120
        self.view = BoardView(self.scene)
        self.view.setAlignment(Qt.AlignHCenter | Qt.AlignTop)  # as in the game window: no empty band above the board
        controls = QHBoxLayout()
        self.buttons = {}
        # the style's own media icons and a word: glyphs like ⏮ are missing from many fonts (empty boxes)
        style = self.style()
        for label, icon, key, slot in (("First", QStyle.SP_MediaSkipBackward, "Home", self.first),
                                       ("Back", QStyle.SP_MediaSeekBackward, "Left", self.back),
                                       ("Forward", QStyle.SP_MediaSeekForward, "Right", self.forward),
                                       ("Last", QStyle.SP_MediaSkipForward, "End", self.last)):
            b = QPushButton(style.standardIcon(icon), label)
            b.setToolTip(f"{label} [{key}]")
            b.clicked.connect(lambda _=False, f=slot: f())
            QShortcut(QKeySequence(key), self, activated=slot)
            controls.addWidget(b)
            self.buttons[label] = b
        self.slider = QSlider(Qt.Horizontal)
        self.slider.setRange(0, self.total)
        self.slider.valueChanged.connect(self.go_to)
        controls.addWidget(self.slider, 1)
        self.position_label = QLabel()
        controls.addWidget(self.position_label)
        side = QPushButton("Other player's view")
        side.clicked.connect(lambda _=False: self.flip())
        controls.addWidget(side)
        central = QWidget()
        lay = QVBoxLayout(central)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.view, 1)
        lay.addLayout(controls)
        self.setCentralWidget(central)
        self.preview = CardPreview(profile=profile, cache=faces_for(settings, max_entries=64,
                                                                    painter=painter_for(profile.cards.face)))
        dock = QDockWidget("Card", self)
        dock.setWidget(self.preview)
        self.addDockWidget(Qt.RightDockWidgetArea, dock)
        self.log = QPlainTextEdit(readOnly=True)
        log_dock = QDockWidget("Game log", self)
        log_dock.setWidget(self.log)
        self.addDockWidget(Qt.RightDockWidgetArea, log_dock)
        self.scene.cardHovered.connect(self._hover)
        close = QAction("Close", self)  # Ctrl+W as in every window of the app, and Esc: a replay holds nothing to lose
        close.setShortcuts([QKeySequence("Ctrl+W"), QKeySequence(Qt.Key_Escape)])
        close.triggered.connect(lambda _checked=False: self.close())
        self.addAction(close)
        self._show()


    @property
    def step(self) -> int:
        return len(self.game.history)

    def forward(self) -> None:
        if self.step < self.total:
            self._apply_next()
            self._show()

    def _apply_next(self) -> None:
        events = self.game.apply(command_from_dict(self.record["commands"][self.step]))
        del self.events_at[self.step + 1:]
        self.events_at.append(list(events))

    def back(self) -> None:
        if self.step > 0:
            self.go_to(self.step - 1)

    def first(self) -> None:
        self.go_to(0)

    def last(self) -> None:
        self.go_to(self.total)

    def go_to(self, k: int) -> None:
        """Show step `k`: the board jumps there at once, exactly as stepping there one by one leaves it (a move
        half animated is never left behind); one step forward or back is animated."""
        k = max(0, min(self.total, k))
        if k == self.step:
            return
        animate = abs(k - self.step) == 1
        if k > self.step:
            while self.step < k:
                self._apply_next()
        else:
            self.game = replay(self.record, self.db, verify=False, stop=k)  # back: replay from the start
            del self.events_at[k + 1:]
        self._show(animate)

    def flip(self) -> None:
        self.viewer = 1 - self.viewer
        self._show()

    def _show(self, animate: bool = True) -> None:
        from bss_desktop.client.controllers.game import in_use

        self.scene.sync(self.game.view(self.viewer), animate=animate, db=self.game.db,
                        names=getattr(self.game, "names", None), using=in_use(self.game))
        self.scene.set_draggable(())
        self.slider.blockSignals(True)
        self.slider.setValue(self.step)
        self.slider.blockSignals(False)
        self.position_label.setText(f"{self.step} / {self.total} · Player {self.viewer + 1}'s view")
        lines = [describe(self.game, e, self.viewer) for batch in self.events_at for e in batch]
        self.log.setPlainText("\n".join(line for line in lines if line))
        self.log.verticalScrollBar().setValue(self.log.verticalScrollBar().maximum())

    def _hover(self, key) -> None:
        card = self.game.state.cards.get(key) if isinstance(key, int) else None
        if card is not None and (card.zone in ("field", "trash") or card.owner == self.viewer):
            self.preview.show_card(self.game.db[card.cid])
