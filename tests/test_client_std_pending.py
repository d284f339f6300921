"""The board shows a Standard card in its pending state (STD 5-17, 10-2-2): destroyed, it leaves the field for the
Use area, face up, while its "when destroyed" effect asks its owner; answered, it goes to the trash."""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF

from test_client import center, drag, window_for
from test_std_pending_state import WARDEN, position


def test_std_10_2_2_5_a_destroyed_spirit_waits_in_the_use_area_until_its_effect_is_answered(qtbot):
    game = position(WARDEN)
    w, _ = window_for(qtbot, None, game=game)
    st = game.state
    smite, warden = st.players[0].hand[0], st.players[1].field[0]
    use = w.scene.lay.zone_rect("use", "shared")
    drag(w, center(w.scene.cards[smite]), QPointF(use.x + use.w / 2, use.y + use.h / 2))
    assert st.cards[warden].zone == "pending" and game.pending.player == 1
    w.cover.button.click()  # hot-seat: player 2 takes the seat to answer their card's effect
    item = w.scene.cards[warden]
    assert item.isVisible() and item.card is not None and item.card.id == "P-WARD"
    assert QRectF(use.x, use.y, use.w, use.h).contains(item.sceneBoundingRect().center())
    assert w.scene.zones[("use", "shared")].title == "Leaving the field"  # what the card is doing there
    no = next(b for b in w.bar.buttons if b.isEnabled() and b.text().lower().startswith("no"))
    no.click()
    assert st.cards[warden].zone == "trash" and w.scene.cards[warden].zone == "trash"
    assert w.scene.zones[("use", "shared")].title.startswith("Use magic")
