"""【Link】 on the board (docs/saga-rulings.md, "Link"): the link is drawn as an arrow from the linking spirit to the
attacker while it lasts."""
from __future__ import annotations

from PySide6.QtCore import Qt

from bss_desktop.client.windows.game import GameWindow
from bss_desktop.engine.commands import Attack
from helpers import answer
from test_tc_link import linked_game


def test_ruling_link_the_board_draws_the_link_while_it_lasts(qtbot):
    game, striker, link_spirit = linked_game()
    game.apply(Attack(0, striker))
    w = GameWindow(game, seats=("human", "human"), animation_ms=0)
    qtbot.addWidget(w)
    w.resize(1280, 800)
    w.show()
    qtbot.waitExposed(w)
    w.view.fitInView(w.scene.sceneRect(), Qt.KeepAspectRatio)
    assert w.scene.arrow_attack.isVisible() and not w.scene.arrow_link.isVisible()  # not linked yet
    w.scene.sync(game.view(0), animate=False)
    answer(game, [link_spirit])
    w.scene.sync(game.view(0), animate=False)
    assert w.scene.arrow_link.isVisible()
    start = w.scene.cards[link_spirit].resting_center()
    assert w.scene.arrow_link.path.elementAt(0).x == start.x() and w.scene.arrow_link.path.elementAt(0).y == start.y()
