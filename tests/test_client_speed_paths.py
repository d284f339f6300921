"""The fast paths of the board and the engine's read-only passes show exactly what the slow paths showed."""
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QGraphicsItem

from bss_desktop.bench.client import busy_position
from bss_desktop.carddb.database import load_default_db
from bss_desktop.client.board.items import CardItem
from bss_desktop.client.board.layout import field_slots, field_slots_t, hand_slots, hand_slots_t
from bss_desktop.client.windows.game import GameWindow
from bss_desktop.rules.bss import costs
from bss_desktop.engine.commands import CoreMove, MoveCores
from bss_desktop.engine.position import game_from_position


def busy_window(qtbot):
    game = game_from_position(busy_position(), load_default_db())
    w = GameWindow(game, seats=("human", "human"), animation_ms=0)
    qtbot.addWidget(w)
    w.resize(1280, 800)
    w.show()
    qtbot.waitExposed(w)
    w.view.fitInView(w.scene.sceneRect(), Qt.KeepAspectRatio)
    return w, game


def shown(w):
    """What every card item shows: where, how turned, and what is drawn on it."""
    return {k: (it.pos().toTuple(), it.rotation(), it.zone, it.owner, it.card, it.cores, it.soul, it.level, it.bp,
                it.printed_bp) for k, it in w.scene.cards.items()}


def test_a_sync_that_changes_nothing_moves_turns_and_redraws_nothing(qtbot, monkeypatch):
    w, game = busy_window(qtbot)
    before = shown(w)
    calls = []
    for name in ("move_to", "set_exhausted", "update"):
        orig = getattr(CardItem, name)
        monkeypatch.setattr(CardItem, name, lambda self, *a, _n=name, _o=orig: (calls.append(_n), _o(self, *a))[1])
    w.scene.sync(game.view(0), animate=False)
    assert calls == [] and shown(w) == before


def test_a_core_move_updates_the_card_its_level_and_bp_and_leaves_the_rest(qtbot):
    w, game = busy_window(qtbot)
    target = game.state.players[0].field[1]
    before = shown(w)
    assert w.controller.send(MoveCores(0, (CoreMove("reserve", target, 1),)))
    after = shown(w)
    item = w.scene.cards[target]
    assert (item.cores, item.level, item.bp) == (game.state.cards[target].cores, game.level(target), game.bp(target))
    assert w.scene.piles[("reserve", "bottom")].count == game.state.players[0].reserve
    changed = {k for k in after if after[k] != before[k]}
    assert target in changed and all(game.state.cards[k].zone == "field" for k in changed)


def test_a_card_nudged_without_a_drop_goes_back_on_the_next_sync(qtbot):
    from PySide6.QtCore import QEvent
    from PySide6.QtWidgets import QApplication, QGraphicsSceneMouseEvent

    w, game = busy_window(qtbot)
    key = game.state.players[0].hand[0]
    item = w.scene.cards[key]
    item.draggable = True
    home = item.pos()
    start = item.mapToScene(QPointF(50, 40))

    def mouse(kind, pos, buttons):
        ev = QGraphicsSceneMouseEvent(kind)
        ev.setScenePos(pos)
        ev.setButton(Qt.LeftButton)
        ev.setButtons(buttons)
        ev.setButtonDownScenePos(Qt.LeftButton, start)
        QApplication.sendEvent(w.scene, ev)

    mouse(QEvent.GraphicsSceneMousePress, start, Qt.LeftButton)
    mouse(QEvent.GraphicsSceneMouseMove, start + QPointF(3, 2), Qt.LeftButton)
    mouse(QEvent.GraphicsSceneMouseRelease, start + QPointF(3, 2), Qt.NoButton)  # too short a drag to drop
    assert item.pos() != home
    w.scene.sync(game.view(0), animate=False)
    assert item.pos() == home


def _grab(w) -> QImage:
    w.view.viewport().repaint()
    return w.view.viewport().grab().toImage()


def test_an_exhausted_card_is_drawn_as_a_device_cache_draws_it_and_keeps_its_picture(qtbot, monkeypatch):
    w, game = busy_window(qtbot)
    turned = [it for it in w.scene.cards.values() if it.exhausted]
    assert turned and all(it.rotation() == 90 for it in turned)
    image = _grab(w)
    pictures = [it._turned[2] for it in turned]
    assert _grab(w) == image
    assert [it._turned[2] for it in turned] == pictures  # drawn once, blitted since
    # the same pixels as Qt's own device cache, which redraws a turned card on every frame
    monkeypatch.setattr(CardItem, "_paint_turned", lambda self, p, pix: self._paint_card(p, pix))
    for it in turned:
        it.setCacheMode(QGraphicsItem.DeviceCoordinateCache)
    assert _grab(w) == image
    monkeypatch.undo()
    for it in turned:
        it.setCacheMode(QGraphicsItem.NoCache)
    # what it shows changes: drawn again
    turned[0].highlight = True
    turned[0].update()
    _grab(w)
    assert turned[0]._turned[2] is not pictures[0]


def test_refreshing_a_card_gives_it_back_the_device_cache(qtbot):
    w, game = busy_window(qtbot)
    item = next(it for it in w.scene.cards.values() if it.exhausted)
    item.set_exhausted(False, False)
    assert item.rotation() == 0 and item.cacheMode() == QGraphicsItem.DeviceCoordinateCache
    item.set_exhausted(True, False)
    assert item.rotation() == 90 and item.cacheMode() == QGraphicsItem.NoCache


def test_level_and_bp_read_in_a_pass_are_those_read_outside_one():
    game = game_from_position(busy_position(), load_default_db())
    st = game.state
    field = [i for p in (0, 1) for i in st.players[p].field]
    spirits = [i for i in field if game.card_def(i).type == "spirit"]
    outside = ([game.level(i) for i in field], [game.bp(i) for i in spirits])
    with game.reading():
        inside = ([game.level(i) for i in field], [game.bp(i) for i in spirits])
        again = ([game.level(i) for i in field], [game.bp(i) for i in spirits])
    assert inside == outside == again
    assert game._constants_memo is None  # the pass's caches go with it
    view = game.view(0)
    shown_bp = [c["bp"] for pv in view["players"] for c in pv["field"] if c["bp"] is not None]
    assert shown_bp == outside[1]


def test_auto_select_answers_the_same_in_a_pass_and_does_not_keep_answers_after_it():
    game = game_from_position(busy_position(), load_default_db())
    asks = [(p, pay, place) for p in (0, 1) for pay in range(0, 12) for place in (0, 1, 2)]
    outside = [costs.auto_select(game, *a) for a in asks]
    pool = costs.core_pool(game, 0)
    limited = costs.auto_select(game, 0, 3, 1, pool={"reserve": pool["reserve"]}, soul_free=False)
    with game.reading():
        assert [costs.auto_select(game, *a) for a in asks] == outside
        assert [costs.auto_select(game, *a) for a in asks] == outside
        assert costs.auto_select(game, 0, 3, 1, pool={"reserve": pool["reserve"]}, soul_free=False) == limited
    target = game.state.players[0].field[1]
    game.apply(MoveCores(0, (CoreMove(target, "reserve", 1),)))
    with game.reading():
        assert [costs.auto_select(game, *a) for a in asks] == [costs.auto_select(game, *a) for a in asks]
    assert [costs.auto_select(game, *a) for a in asks] != outside  # a new pass reads the new state


def test_slot_lists_are_fresh_copies_of_the_cached_layout():
    a = field_slots(4, 2, "bottom")
    a.append((0, 0))
    assert field_slots(4, 2, "bottom") == list(field_slots_t(4, 2, "bottom")) != a
    h = hand_slots(8, "top")
    h.clear()
    assert hand_slots(8, "top") == list(hand_slots_t(8, "top")) and len(hand_slots(8, "top")) == 8
    assert hand_slots(0, "bottom") == []


def test_game_like_objects_without_read_only_passes_still_read_levels_and_payments():
    """A guest's board reads through a RemoteGame-like object: no Game.reading(), so no pass memo."""
    from types import SimpleNamespace

    from bss_desktop.engine import stats

    game = game_from_position(busy_position(), load_default_db())
    st = game.state
    like = SimpleNamespace(db=game.db, state=st, has_constants=False, _in_constants=False)
    field = st.players[0].field
    assert [stats.level(like, i) for i in field] == [game.level(i) for i in field]
    assert costs.auto_select(like, 0, 3, 1) == costs.auto_select(game, 0, 3, 1)
