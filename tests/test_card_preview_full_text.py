"""A long card text is never cut off: the preview dock scrolls its text, and the drawn face (the preview's and the
zoom's) lets its text box grow over the art, at a readable size where the face is large enough. The on-table face
stays a summary. The card and its text are invented for the tests."""
from __future__ import annotations

import textwrap

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import QPointF, Qt  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402

from bss_desktop.carddb.card_text import card_text  # noqa: E402
from bss_desktop.client.faces import battle_spirits, draw  # noqa: E402
from bss_desktop.client.board.layout import CARD_H, CARD_W  # noqa: E402
from bss_desktop.client.windows.game import GameWindow  # noqa: E402
from helpers import position  # noqa: E402

SENTENCE = ("When the tide turns, each of your spirits with Beast in its family gains one core from the void; then, "
            "if your life is three or less, you may return one card from your trash to your hand. ")
LONG = (SENTENCE * 6)[:880] + " Last words."


def long_game(text: str = LONG):
    return position(textwrap.dedent(f"""
        turn: 3
        turn_player: 0
        step: main
        players:
          - {{life: 5, reserve: 3, field: [{{card: X-LONG, cores: 1}}, {{card: T-R1, cores: 1}}]}}
          - {{life: 5, field: [T-B2]}}
        cards:
          - {{id: X-LONG, name: Tidecaller, type: spirit, colors: [blue], cost: 4, symbols: [blue],
             levels: [{{level: 1, cores: 1, bp: 3000}}, {{level: 2, cores: 3, bp: 5000}},
                      {{level: 3, cores: 5, bp: 7000}}],
             effects: [{{kind: constant, manual: true, text: "{text}"}}]}}
        """))


@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080)])
def test_hovering_a_card_with_900_characters_of_text_shows_all_of_it_in_the_card_panel(qtbot, size):
    game = long_game()
    w = GameWindow(game, seats=("human", "human"), animation_ms=0)
    qtbot.addWidget(w)
    w.resize(*size)
    w.show()
    qtbot.waitExposed(w)
    w.view.fitInView(w.scene.sceneRect(), Qt.KeepAspectRatio)
    item = w.scene.cards[game.state.players[0].field[0]]
    at = w.view.mapFromScene(item.mapToScene(QPointF(CARD_W / 2, CARD_H / 2)))
    QTest.mouseMove(w.view.viewport(), at)
    qtbot.waitUntil(lambda: w.preview.card is not None and w.preview.card.id == "X-LONG", timeout=3000)
    label, area = w.preview.text_label, w.preview.text_area
    assert len(LONG) > 850 and label.text().startswith(LONG[:40]) and "Last words." in label.text()
    assert w.preview.face_view.height() >= 150  # the face keeps a good share of the dock
    # scrolled to its end, the label's last line is inside the visible part of the panel: nothing is cut off
    bar = area.verticalScrollBar()
    bar.setValue(bar.maximum())
    bottom = label.mapTo(area.viewport(), label.rect().bottomLeft()).y()
    assert bottom <= area.viewport().height() + 1
    assert label.font().pixelSize() in (-1,) or label.font().pixelSize() >= 10


@pytest.mark.parametrize("width", [300, 322, 420])  # the preview dock's face; the zoom at 1366x768, at 1920x1080
def test_the_drawn_face_holds_the_whole_long_text_at_a_readable_size(width):
    card = long_game().db["X-LONG"]
    u = width / 100.0
    # the text box as _paint_face lays it out, and how far it may grow over the art (down to the level table)
    height = width / draw.CARD_ASPECT
    box_h = (height - 3.4 * u - 9.6 * u) - (78.5 + 0.9 + 7.2 + 1.2) * u - 3.4 * u
    grow = 78.5 * u - (3.4 + 0.9 + 13.0 + 0.9) * u - (10.0 + 6.5 * 3) * u
    doc, extra = battle_spirits._text_doc(card_text(card), 85.8 * u, box_h, grow, u, draw._qc("ink"))
    assert extra > 0 and doc.size().height() <= box_h + extra + 0.5  # it grew, and all of it fits
    assert doc.defaultFont().pixelSize() >= battle_spirits.READABLE_PX
    pm = battle_spirits.render_face(card, width, round(height))
    assert not pm.isNull()


def test_a_short_text_keeps_the_printed_layout():
    card = long_game("Hum a tune.").db["X-LONG"]
    u = 3.0
    _, extra = battle_spirits._text_doc(card_text(card), 85.8 * u, 35.5 * u, 27 * u, u, draw._qc("ink"))
    assert extra == 0
