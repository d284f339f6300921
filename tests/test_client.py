"""The board, driven like a player would: mouse gestures on the view, the decision bar, snap-back."""
import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest

from bss_desktop.client.board.layout import CARD_H, CARD_W, zone_rect
from bss_desktop.client.windows.game import GameWindow
from helpers import MAIN, position


def window_for(qtbot, text, seats=("human", "human"), game=None, **kw):
    """A game window on a position of the test cards (`text`), or on `game`."""
    game = game or position(text)
    w = GameWindow(game, seats=seats, animation_ms=0, **kw)
    qtbot.addWidget(w)
    w.resize(1280, 800)
    w.show()
    qtbot.waitExposed(w)
    w.view.fitInView(w.scene.sceneRect(), Qt.KeepAspectRatio)
    return w, game


def vp(w, x, y):
    return w.view.mapFromScene(QPointF(x, y))


def drag(w, a: QPointF, b: QPointF):
    """Press at a, move in steps to b, release — all on the view's viewport."""
    port = w.view.viewport()
    QTest.mousePress(port, Qt.LeftButton, Qt.NoModifier, vp(w, a.x(), a.y()))
    for i in range(1, 6):
        p = a + (b - a) * (i / 5)
        QTest.mouseMove(port, vp(w, p.x(), p.y()))
    QTest.mouseRelease(port, Qt.LeftButton, Qt.NoModifier, vp(w, b.x(), b.y()))


def dclick(w, point: QPointF):
    """A double-click as a mouse makes it: press, release, double-click, release (QTest.mouseDClick alone
    sends only the double-click, which Qt turns into a press for an item that was not just pressed)."""
    port = w.view.viewport()
    at = vp(w, point.x(), point.y())
    QTest.mousePress(port, Qt.LeftButton, Qt.NoModifier, at)
    QTest.mouseRelease(port, Qt.LeftButton, Qt.NoModifier, at)
    QTest.mouseDClick(port, Qt.LeftButton, Qt.NoModifier, at)
    QTest.mouseRelease(port, Qt.LeftButton, Qt.NoModifier, at)


def center(item):
    return item.mapToScene(QPointF(CARD_W / 2, CARD_H / 2))




def test_summon_by_dragging_a_hand_card_onto_the_field_pays_automatically(qtbot):
    w, game = window_for(qtbot, MAIN)
    knight = game.state.players[0].hand[0]
    item = w.scene.cards[knight]
    target = QPointF(*zone_rect("field", "bottom").center)
    drag(w, center(item), target)
    panel = w.bar.panel
    assert panel is not None and panel.cost == 2 and panel.ok.isEnabled()  # pre-filled with the automatic payment
    panel.ok.click()
    assert game.state.cards[knight].zone == "field"  # CR 10-6: cost 3 - 1 reduction = 2, +1 core to place
    assert game.state.players[0].trash_cores == 2 and game.cores_on(knight) == 1
    assert w.scene.cards[knight].zone == "field"


def test_the_payment_panel_pays_with_cores_the_player_picks(qtbot):
    w, game = window_for(qtbot, MAIN.replace("field: [{card: T-R1, cores: 1}]", "field: [{card: T-R1, cores: 3}]"))
    knight, pup = game.state.players[0].hand[0], game.state.players[0].field[0]
    w.controller.play(knight)
    panel = w.bar.panel
    panel.pay_boxes["reserve"].setValue(0)
    panel.pay_boxes[pup].setValue(2)  # pay both cores from the Red Pup instead
    panel.place_boxes["reserve"].setValue(1)
    assert panel.ok.isEnabled()
    panel.ok.click()
    assert game.state.cards[knight].zone == "field" and game.cores_on(pup) == 1 and game.state.players[0].reserve == 3
    assert w.bar.panel is None


def test_a_refused_drop_snaps_back_and_names_the_rule(qtbot):
    w, game = window_for(qtbot, MAIN.replace("reserve: 4", "reserve: 0"))
    w.controller.quick_pay = True  # straight to the engine, which refuses
    titan = game.state.players[0].hand[1]
    item = w.scene.cards[titan]
    before = item.pos()
    drag(w, center(item), QPointF(*zone_rect("field", "bottom").center))
    assert game.state.cards[titan].zone == "hand"
    assert item.pos() == before  # back where it was
    assert "CR 10-6-6" in w.statusBar().currentMessage()


def test_dragging_a_core_from_the_reserve_onto_a_spirit_moves_one_core(qtbot):
    w, game = window_for(qtbot, MAIN)
    pup = game.state.players[0].field[0]
    reserve = w.scene.piles[("reserve", "bottom")]
    start = reserve.mapToScene(QPointF(18, 34))
    drag(w, start, center(w.scene.cards[pup]))
    assert game.cores_on(pup) == 2 and game.state.players[0].reserve == 3  # CR 6-6-1-2-3


ATTACK = """
    turn: 4
    turn_player: 0
    first_player: 1
    step: attack
    players:
      - life: 5
        field: [{card: T-R3, cores: 1}]
      - life: 5
        field: [{card: T-R1, cores: 1}]
"""


def test_attack_by_double_click_exhausts_and_block_through_the_flash_windows(qtbot):
    w, game = window_for(qtbot, ATTACK)
    knight = game.state.players[0].field[0]
    item = w.scene.cards[knight]
    dclick(w, center(item))
    assert game.state.cards[knight].exhausted and item.rotation() == 90  # CR 7-1-1-1, turned about its centre
    assert w.scene.arrow_attack.isVisible()
    # hot-seat: the board now faces player 2 (after the cover screen) for their flash window
    assert w.stack.currentWidget() is w.cover
    w.cover.button.click()
    assert "Pass" in w.bar.button_labels()[0]
    w.bar.buttons[0].click()  # player 2 passes
    w.cover.button.click()
    w.bar.buttons[0].click()  # player 1 passes: the window ends (CR 7-1-2-1)
    w.cover.button.click()
    assert game.pending.kind == "block"
    pup = game.state.players[1].field[0]
    dclick(w, center(w.scene.cards[pup]))
    assert game.state.battle.blocked and w.scene.arrow_block.isVisible()
    w.bar.buttons[0].click()
    w.cover.button.click()
    w.bar.buttons[0].click()
    assert game.state.cards[pup].zone == "trash"  # 3000 vs 1000 (CR 7-1-5-2-1)


def test_the_opponents_hand_and_deck_are_backs_only(qtbot):
    w, game = window_for(qtbot, MAIN, seats=("human", "ai"))
    opp_hand = [k for k in w.scene.cards if isinstance(k, tuple) and k[0] == "hand"]
    assert all(w.scene.cards[k].card is None for k in opp_hand)
    assert w.scene.cards[("deck", 1)].card is None


def test_target_choices_are_made_by_clicking_highlighted_cards(qtbot):
    w, game = window_for(qtbot, """
        turn: 3
        turn_player: 0
        players:
          - {life: 5, reserve: 4, hand: [E-SNIPE]}
          - {life: 5, field: [T-R1, T-Y2]}
    """, seats=("human", "ai"))
    w.controller.ai_delay_ms = 10 ** 6  # keep the computer still
    w.controller.play(game.state.players[0].hand[0])
    w.bar.panel.ok.click()
    options = game.pending.info["options"]
    assert all(w.scene.cards[o].highlight for o in options)
    QTest.mouseClick(w.view.viewport(), Qt.LeftButton, Qt.NoModifier,
                     vp(w, *center(w.scene.cards[options[0]]).toTuple()))
    assert w.scene.cards[options[0]].selected_mark
    w.bar.buttons[0].click()  # confirm
    assert game.state.cards[options[0]].zone == "trash"


def test_hot_seat_covers_the_board_between_players(qtbot):
    w, game = window_for(qtbot, MAIN)
    from bss_desktop.engine import EndAttack, EndMain

    w.controller.send(EndMain(0))
    w.controller.send(EndAttack(0))
    assert w.stack.currentWidget() is w.cover and "Player 2" in w.cover.label.text()
    w.cover.button.click()
    assert w.stack.currentWidget() is w.view and w.scene.viewer == 1
    assert all(w.scene.cards[k].card is None for k in w.scene.cards if isinstance(k, tuple) and k[:2] == ("hand", 0))


def test_a_whole_game_with_effects_runs_through_the_board_against_the_computer(qtbot):
    """Every kind of event and choice of a real game with effect cards passes through the scene,
    the decision bar and the log without an error (Qt errors fail the test via pytest-qt)."""
    from bss_desktop.carddb.database import load_default_db
    from bss_desktop.carddb.decks import shipped_decks
    from bss_desktop.engine.game import Game
    from bss_desktop.sim.policy import RandomPolicy

    db = load_default_db()
    decks = shipped_decks(db)
    game = Game.new(db, [decks["green-saga"].cards, decks["purple-saga"].cards], 5)
    w = GameWindow(game, seats=("human", "ai"), animation_ms=0)
    qtbot.addWidget(w)
    w.controller.ai_delay_ms = 0
    me = RandomPolicy(99)
    for _ in range(3000):
        if game.over:
            break
        if game.pending.player == 0:
            w.controller.send(me.choose(game))
        else:
            qtbot.wait(1)  # let the computer's timer fire
    assert game.over
    assert "wins" in w.log.toPlainText() or "draw" in w.log.toPlainText()
    assert w.bar.label.text().startswith("<b>Game over.</b>")


SANDBOX = """
    turn: 3
    turn_player: 0
    settings: {sandbox: true}
    players:
      - life: 5
        reserve: 3
        hand: [T-R3, T-MM]
        deck: [T-W0, T-R1, T-Y2]
        field: [{card: T-R1, cores: 1}]
      - life: 5
        field: [T-B2]
"""


def sandbox_window(qtbot):
    return window_for(qtbot, SANDBOX, sandbox=True)


def test_sandbox_moves_anything_and_undo_redo_restore_every_step(qtbot):
    w, game = sandbox_window(qtbot)
    knight = game.state.players[0].hand[0]
    start_hash = game.state_hash()
    drag(w, center(w.scene.cards[knight]), QPointF(*zone_rect("field", "bottom").center))  # no cost in the sandbox
    g = w.model.game
    assert g.state.cards[knight].zone == "field" and g.cores_on(knight) == 0  # nothing enforced
    after_move = g.state_hash()
    dclick(w, center(w.scene.cards[knight]))  # turn it
    assert g.state.cards[knight].exhausted
    assert "(by hand)" in w.log.toPlainText()
    assert w.controller.undo() and w.controller.undo()
    assert w.model.game.state_hash() == start_hash and w.model.game.state.cards[knight].zone == "hand"
    assert w.controller.redo()
    assert w.model.game.state_hash() == after_move
    assert w.scene.cards[knight].zone == "field"


def test_sandbox_double_clicking_the_deck_draws_and_cores_come_from_the_void(qtbot):
    w, game = sandbox_window(qtbot)
    top = game.state.players[0].deck[-1]
    dclick(w, center(w.scene.cards[("deck", 0)]))
    assert game.state.cards[top].zone == "hand"
    void = w.scene.piles[("void", "shared")]
    life = w.scene.piles[("life", "bottom")]
    drag(w, void.mapToScene(QPointF(40, 40)), life.mapToScene(QPointF(40, 40)))
    assert game.state.players[0].life == 6


def test_positions_save_and_load_from_the_window(qtbot, tmp_path):
    w, game = sandbox_window(qtbot)
    path = tmp_path / "pos.yaml"
    assert w.save_position(str(path))
    from bss_desktop.engine import ManualMove

    w.controller.send(ManualMove(0, game.state.players[0].hand[0], "trash"))
    assert w.load_position(str(path))
    loaded = w.model.game
    assert [loaded.state.cards[i].cid for i in loaded.state.players[0].hand] == ["T-R3", "T-MM"]
    assert w.scene.viewer == 0 and len(w.scene.cards) >= 5


def test_settings_persist_atomically_and_a_damaged_file_gives_defaults(tmp_path):
    from bss_desktop.client.windows.settings import AppSettings

    path = tmp_path / "settings.json"
    s = AppSettings(animation_ms=0, quick_pay=True, flash_in_main=True, geometry={"game": "abcd"})
    s.save(path)
    loaded = AppSettings.load(path)
    assert loaded == s and loaded.ruleset().flash_in_main
    path.write_text("{ not json")
    assert AppSettings.load(path) == AppSettings()
    path.write_text('{"animation_ms": "fast", "quick_pay": true}')  # a wrong type is ignored, the rest kept
    assert AppSettings.load(path) == AppSettings(quick_pay=True)


def test_a_game_window_applies_the_settings_and_saves_its_geometry(qtbot, tmp_path, monkeypatch):
    from bss_desktop.client.windows import settings as settings_module

    monkeypatch.setattr(settings_module, "settings_path", lambda: tmp_path / "settings.json")
    s = settings_module.AppSettings(animation_ms=0, quick_pay=True)
    w = GameWindow(position(MAIN), seats=("human", "human"), settings=s)
    qtbot.addWidget(w)
    assert w.scene.animation_ms == 0 and w.controller.quick_pay
    w.show()
    w.close()
    assert "game" in settings_module.AppSettings.load(tmp_path / "settings.json").geometry


def test_the_replay_viewer_steps_forward_and_back_to_the_same_states(qtbot):
    from bss_desktop.client.windows.replay import ReplayWindow
    from bss_desktop.engine.record import replay, to_record
    from bss_desktop.sim.policy import RandomPolicy
    from helpers import new_game

    game = new_game(seed=4)
    policy = RandomPolicy(4)
    while not game.over and len(game.history) < 60:
        game.apply(policy.choose(game))
    record = to_record(game)
    w = ReplayWindow(record, game.db)
    qtbot.addWidget(w)
    assert w.step == 0 and "goes first" in w.log.toPlainText()
    for _ in range(30):
        w.forward()
    assert w.game.state_hash() == record["hashes"][30]
    w.back()
    w.back()
    assert w.step == 28 and w.game.state_hash() == record["hashes"][28]
    assert w.slider.value() == 28
    w.last()
    assert w.game.state_hash() == game.state_hash()
    w.first()
    assert w.game.state_hash() == replay(record, game.db, stop=0).state_hash()
    w.flip()
    assert w.scene.viewer == 1


def test_sandbox_coin_die_notes_and_deck_search_are_recorded(qtbot):
    w, game = sandbox_window(qtbot)
    c = w.controller
    c._button("coin")
    c._button("die")
    c._button("note")
    w.bar.panel.setText("remember the burst")
    w.bar.panel.returnPressed.emit()
    log = w.log.toPlainText()
    assert "flips a coin" in log and "rolls a d6" in log and "notes: remember the burst" in log
    viewer = c.open_deck(0, top=2)
    assert viewer.list.count() == 2
    viewer.list.item(0).setSelected(True)
    top = viewer.cards()[0]
    viewer._reveal()
    assert "reveals" in w.log.toPlainText()
    from PySide6.QtWidgets import QPushButton

    next(b for b in viewer.findChildren(QPushButton) if b.text() == "To hand").click()
    assert w.model.game.state.cards[top].zone == "hand"
    # every one of these is a recorded command: the record replays to the same state
    from bss_desktop.engine.record import replay, to_record

    g = w.model.game
    assert replay(to_record(g), g.db).state_hash() == g.state_hash()


def test_rules_mode_offers_manual_moves_for_text_the_engine_does_not_automate(qtbot, monkeypatch):
    from PySide6.QtWidgets import QMenu

    w, game = window_for(qtbot, MAIN)
    shown = []
    monkeypatch.setattr(QMenu, "popup", lambda self, pos: shown.append(self))  # no real popup in tests
    opp = game.state.players[1].field[0]
    w.controller.on_context(("card", opp), None)
    manual = next(a.menu() for a in shown[0].actions() if a.menu() is not None)
    labels = [a.text() for a in manual.actions()]
    assert "To its owner's hand" in labels and "Exhaust" in labels
    next(a for a in manual.actions() if a.text() == "Exhaust").trigger()
    assert game.state.cards[opp].exhausted
    assert "(by hand) exhausts" in w.log.toPlainText()


def _scene_mouse(scene, kind, pos: QPointF, button=Qt.LeftButton):
    """Deliver a synthetic graphics-scene mouse event (no view involved)."""
    from PySide6.QtCore import QEvent
    from PySide6.QtWidgets import QApplication, QGraphicsSceneMouseEvent

    types = {"press": QEvent.GraphicsSceneMousePress, "move": QEvent.GraphicsSceneMouseMove,
             "release": QEvent.GraphicsSceneMouseRelease, "double": QEvent.GraphicsSceneMouseDoubleClick}
    ev = QGraphicsSceneMouseEvent(types[kind])
    ev.setScenePos(pos)
    ev.setButton(button if kind != "move" else Qt.NoButton)
    ev.setButtons(button if kind in ("press", "move", "double") else Qt.NoButton)
    ev.setButtonDownScenePos(button, pos)
    QApplication.sendEvent(scene, ev)


def test_scene_level_drag_of_a_hand_card_emits_a_drop_on_the_field(qtbot):
    w, game = window_for(qtbot, MAIN)
    drops = []
    w.scene.cardDropped.connect(lambda key, zone, side: drops.append((key, zone, side)))
    knight = game.state.players[0].hand[0]
    start = center(w.scene.cards[knight])
    end = QPointF(*zone_rect("field", "bottom").center)
    _scene_mouse(w.scene, "press", start)
    for i in range(1, 5):
        _scene_mouse(w.scene, "move", start + (end - start) * (i / 4))
    _scene_mouse(w.scene, "release", end)
    assert drops == [(knight, "field", "bottom")]


def test_ctrl_dragging_cores_asks_how_many(qtbot):
    w, game = window_for(qtbot, MAIN)
    pup = game.state.players[0].field[0]
    w.controller.on_cores_dropped(("pile", "reserve", 0), ("card", pup), "ask")
    panel = w.bar.panel
    assert panel.spin.maximum() == 5  # 4 cores and the soul core
    panel.spin.setValue(2)
    panel.ok.click()
    assert game.cores_on(pup) == 3 and game.state.players[0].reserve == 2
    w.controller.on_cores_dropped(("card", pup), ("pile", "reserve", 0), "all")  # Shift: all of them
    assert game.state.cards[pup].zone == "trash"  # self-destroyed: no cores left (CR 9-3-2)


def test_sandbox_tokens_are_created_saved_with_the_position_and_undone(qtbot, tmp_path):
    w, game = sandbox_window(qtbot)
    w.controller._button("token")
    panel = w.bar.panel
    panel.name.setText("Ember Drake")
    panel.color.setCurrentText("red")
    panel.bp.setValue(3000)
    panel.create.click()
    g = w.model.game
    token = g.state.players[0].field[-1]
    assert g.db[g.state.cards[token].cid].token and g.bp(token) == 3000 and g.cores_on(token) == 1
    assert "Ember Drake token" in w.log.toPlainText()
    path = tmp_path / "with-token.yaml"
    assert w.save_position(str(path))
    assert w.load_position(str(path))
    loaded = w.model.game
    assert [loaded.db[loaded.state.cards[i].cid].name for i in loaded.state.players[0].field][-1] == "Ember Drake"
    before = loaded.state_hash()
    w.controller._button("token")
    w.bar.panel.create.click()
    assert len(w.model.game.state.players[0].field) == 3
    assert w.controller.undo()
    assert w.model.game.state_hash() == before


def test_the_chat_panel_shows_what_the_player_says(qtbot):
    w, game = window_for(qtbot, MAIN)
    w.chat.edit.setText("good luck!")
    w.chat.edit.returnPressed.emit()
    assert "Player 1: good luck!" in w.chat.view.toPlainText() and w.chat.edit.text() == ""


def test_rebound_hotkeys_drive_the_decision_bar(qtbot, tmp_path, monkeypatch):
    from bss_desktop.client.windows import settings as settings_module

    monkeypatch.setattr(settings_module, "settings_path", lambda: tmp_path / "settings.json")
    s = settings_module.AppSettings(hotkeys={"end_step": "E"})
    w = GameWindow(position(MAIN), seats=("human", "human"), settings=s)
    qtbot.addWidget(w)
    assert w.bar.buttons[0].text() == "End main step  [E]"
    assert w.bar.buttons[0].shortcut().toString() == "E"


def test_sounds_are_generated_once_and_follow_the_events(tmp_path):
    import wave

    from bss_desktop.client.board.sound import SoundPlayer, ensure_sounds, sound_for
    from bss_desktop.engine.events import Event

    files = ensure_sounds(tmp_path)
    with wave.open(str(files["attack"])) as w:
        assert w.getframerate() == 22050 and w.getnframes() > 1000
    played = []
    player = SoundPlayer(True, tmp_path, play=played.append)
    assert player.events([Event("attack", player=0, card=3)]) == "attack"
    assert player.events([Event("damage", player=1, amount=1, attacker=3), Event("attack", player=0, card=3)]) \
        == "damage"
    assert sound_for([Event("pass", player=0, window=1)]) is None
    assert played == [files["attack"], files["damage"]]
    silent = SoundPlayer(False, tmp_path, play=played.append)
    assert silent.events([Event("attack", player=0, card=3)]) is None and len(played) == 2


def test_a_players_own_image_in_the_user_data_folder_replaces_the_drawn_face(qtbot, tmp_path, monkeypatch):
    from PySide6.QtGui import QColor, QImage

    from bss_desktop import paths
    from bss_desktop.client.windows import settings as settings_module

    monkeypatch.setattr(paths, "images_dir", lambda: tmp_path)  # the user data folder's images/
    img = QImage(63, 88, QImage.Format_RGB32)
    img.fill(QColor("magenta"))
    img.save(str(tmp_path / "T-R3.png"))
    w = GameWindow(position(MAIN), seats=("human", "human"), settings=settings_module.AppSettings(sound=False))
    qtbot.addWidget(w)
    knight = w.model.game.state.players[0].hand[0]
    pix = w.scene.pixmap_for(w.scene.cards[knight]).toImage()
    assert pix.pixelColor(pix.width() // 2, pix.height() // 2) == QColor("magenta")


def test_dropping_a_magic_card_on_the_use_area_uses_it(qtbot):
    w, game = window_for(qtbot, """
        turn: 3
        turn_player: 0
        players:
          - {life: 5, reserve: 3, hand: [T-MM, T-R1], deck: [T-W0]}
          - {life: 5, deck: [T-W0]}
    """)
    w.controller.quick_pay = True
    spark, pup = game.state.players[0].hand
    use = QPointF(*zone_rect("use", "shared").center)
    drag(w, center(w.scene.cards[pup]), use)
    assert game.state.cards[pup].zone == "hand" and "drop it on your field" in w.statusBar().currentMessage()
    drag(w, center(w.scene.cards[spark]), use)
    assert game.state.cards[spark].zone == "trash"  # used (CR 10-8-8)
