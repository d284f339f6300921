"""A new player's first hour, driven through the real window: keys that cannot skip a turn, auto-pass, a concede
that asks first, the result screen and its rematch, unaffordable cards, order choices that name their effects,
the card panel that follows the game, both trashes, the paced computer, and the hot-seat cover that hides
everything either player holds hidden."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractButton, QApplication, QLabel, QPlainTextEdit, QTextBrowser, QWidget

from bss_desktop.client.board.layout import CARD_H, CARD_W
from bss_desktop.client.windows.game import GameWindow
from bss_desktop.engine.commands import Attack, Block, EndAttack, EndMain, Pass
from helpers import position, window_sizes_at_screen
from test_client import window_for as client_window


def window_for(qtbot, text, seats=("human", "human"), **kw):
    """test_client's window, made the active window (window shortcuts reach only the active window)."""
    w, game = client_window(qtbot, text, seats, **kw)
    w.activateWindow()  # window shortcuts reach only the active window, as on a desktop
    qtbot.waitUntil(lambda: QApplication.activeWindow() is w, timeout=3000)
    w.bar.key_guard_ms = 0  # keys here are pressed on purpose; the guard has its own test
    return w, game


def key(w, sequence: str) -> None:
    """Press a hotkey as the player does (the window's shortcut map decides what it reaches)."""
    from PySide6.QtGui import QKeySequence

    combo = QKeySequence(sequence)[0]
    QTest.keyClick(w, combo.key(), combo.keyboardModifiers())
    QTest.qWait(200)  # a button's shortcut clicks it the way animateClick() does, a moment later


def center(w, iid) -> QPointF:
    return w.scene.cards[iid].mapToScene(QPointF(CARD_W / 2, CARD_H / 2))


ATTACK = """
    turn: 3
    turn_player: 0
    step: attack
    players:
      - {life: 5, reserve: 2, field: [{card: T-R5, cores: 3}], hand: [T-R1]}
      - {life: 5, reserve: 3, field: [{card: T-R1, cores: 1}], hand: [T-MF, T-B2]}
"""


# ---------------------------------------------------------------- keys that cannot skip a turn

def test_cr_7_1_2_the_pass_key_passes_a_flash_window_and_never_ends_a_step(qtbot):
    w, game = window_for(qtbot, ATTACK, seats=("human", "ai"))
    w.controller.ai_delay_ms = 10 ** 6  # the computer keeps still
    attacker = game.state.players[0].field[0]
    w.controller.send(Attack(0, attacker))
    w.controller.send(Block(1, None)) if game.pending.kind == "block" else None
    assert game.pending.kind == "flash" and game.pending.player == 1
    w.controller.send(Pass(1))
    assert game.pending.kind == "flash" and game.pending.player == 0  # our flash window (CR 7-1-2)
    key(w, w.controller.keys["end_step"])  # the end-step key does nothing in a flash window
    assert game.pending.kind == "flash" and game.pending.player == 0
    key(w, w.controller.keys["pass"])
    assert not (game.pending.kind == "flash" and game.pending.player == 0)


def test_the_pass_key_in_the_attack_step_does_not_end_it(qtbot):
    w, game = window_for(qtbot, ATTACK)
    key(w, w.controller.keys["pass"])
    assert game.pending.kind == "attack"
    key(w, w.controller.keys["end_step"])
    assert game.state.step != "attack" or game.pending.kind != "attack"


def test_a_key_pressed_as_the_decision_changes_is_ignored_and_said_so(qtbot):
    w, game = window_for(qtbot, ATTACK)
    w.bar.key_guard_ms = 10 ** 6  # every key lands "just after" the change
    key(w, w.controller.keys["end_step"])
    assert game.pending.kind == "attack"
    assert "Key ignored" in w.statusBar().currentMessage()


def test_default_hotkeys_are_all_different():
    from bss_desktop.client.windows.settings import DEFAULT_HOTKEYS

    assert len(set(DEFAULT_HOTKEYS.values())) == len(DEFAULT_HOTKEYS)


# ---------------------------------------------------------------- auto-pass

FLASH = """
    turn: 3
    turn_player: 1
    step: attack
    players:
      - {life: 5, reserve: 0, field: [{card: T-R1, cores: 1}], hand: [T-R5]}
      - {life: 5, reserve: 3, field: [{card: T-R5, cores: 3}]}
"""


def test_auto_pass_passes_a_flash_window_with_nothing_to_use(qtbot):
    w, game = window_for(qtbot, FLASH, seats=("human", "ai"))
    w.controller.ai_delay_ms = 10 ** 6
    w.controller.auto_pass = True
    game.apply(Attack(1, game.state.players[1].field[0]))
    assert game.pending.kind == "flash" and game.pending.player == 0
    w.controller.refresh()
    qtbot.waitUntil(lambda: not (game.pending.kind == "flash" and game.pending.player == 0), timeout=3000)
    assert "auto-pass" in w.statusBar().currentMessage()


def test_auto_pass_waits_when_the_player_holds_a_usable_flash_card(qtbot):
    w, game = window_for(qtbot, FLASH.replace("reserve: 0, field: [{card: T-R1, cores: 1}], hand: [T-R5]",
                                              "reserve: 3, field: [{card: T-R1, cores: 1}], hand: [T-MF]"),
                         seats=("human", "ai"))
    w.controller.ai_delay_ms = 10 ** 6
    w.controller.auto_pass = True
    game.apply(Attack(1, game.state.players[1].field[0]))
    w.controller.refresh()
    qtbot.wait(100)
    assert game.pending.kind == "flash" and game.pending.player == 0  # Flash Ward can be used: no auto-pass


# ---------------------------------------------------------------- conceding and the result screen

MAIN = """
    turn: 3
    turn_player: 0
    players:
      - {life: 5, reserve: 1, hand: [T-R3, T-R5], field: [{card: T-R1, cores: 1}]}
      - {life: 5, field: [T-B2]}
"""


def test_cr_1_2_4_concede_asks_first_and_the_result_screen_names_the_winner(qtbot):
    w, game = window_for(qtbot, MAIN, seats=("human", "ai"))
    w.controller.ai_delay_ms = 10 ** 6
    concede = next(a for a in w.findChildren(type(w.menuBar().actions()[0])) if a.text() == "Concede…")
    concede.trigger()
    assert game.result is None  # only asked
    w.bar.panel.no.click()
    assert game.result is None and w.bar.panel is None
    concede.trigger()
    w.bar.panel.yes.click()
    assert game.result is not None and game.result.winner == 1
    dialog = w.result_dialog
    assert dialog.isVisible() and dialog.headline.text() == "The computer wins."
    assert "conced" in dialog.reason.text().lower()


def test_a_rematch_uses_the_same_decks_with_a_new_shuffle_and_the_loser_chooses_who_goes_first(qtbot):
    from bss_desktop.carddb.database import load_default_db
    from bss_desktop.carddb.decks import shipped_decks
    from bss_desktop.engine.game import Game

    db = load_default_db()
    decks = shipped_decks(db)
    a, b = sorted(decks)[:2]
    game = Game.new(db, [decks[a].cards, decks[b].cards], 5, deck_names=[a, b])
    w = GameWindow(game, seats=("human", "ai"), animation_ms=0)
    qtbot.addWidget(w)
    w.controller.ai_delay_ms = 10 ** 6
    w.show()
    w.ask_concede()
    w.bar.panel.yes.click()
    dialog = w.result_dialog
    assert dialog.first.isVisible()
    dialog.first_buttons[1].click()  # the loser (us) chooses to go second
    dialog.rematch.click()
    new = dialog.spawned
    qtbot.addWidget(new)
    g2 = new.model.game
    assert g2.start["decks"] == game.start["decks"] and g2.start["seed"] != game.start["seed"]
    assert g2.state.first_player == 1


def test_a_rematch_after_a_position_replaced_the_ended_game_plays_that_position_again(qtbot, tmp_path):
    """The result screen of a game dealt from decks stays open while a position is loaded over the board (File >
    Load position): Rematch then plays what the window holds, that position from its start, instead of failing on
    the decks it no longer has (a KeyError 'decks' the every-action test met now and then)."""
    from bss_desktop.carddb.database import load_default_db
    from bss_desktop.carddb.decks import shipped_decks
    from bss_desktop.engine.game import Game
    from bss_desktop.resources import assets_dir

    db = load_default_db()
    decks = shipped_decks(db)
    a, b = sorted(decks)[:2]
    w = GameWindow(Game.new(db, [decks[a].cards, decks[b].cards], 5, deck_names=[a, b]), seats=("human", "ai"),
                   animation_ms=0)
    qtbot.addWidget(w)
    w.controller.ai_delay_ms = 10 ** 6
    w.show()
    w.ask_concede()
    w.bar.panel.yes.click()
    dialog = w.result_dialog
    dialog.first_buttons[0].click()
    assert w.load_position(str(assets_dir() / "positions" / "demo.yaml"))
    loaded = w.model.game
    assert "decks" not in loaded.start
    dialog.rematch.click()
    new = dialog.spawned
    qtbot.addWidget(new)
    assert new.model.game.state_hash() == replay_start_hash(loaded)


def replay_start_hash(game) -> str:
    from bss_desktop.engine.record import replay, to_record

    return replay(to_record(game), game.db, verify=False, stop=0).state_hash()


def test_the_result_screen_offers_the_replay_of_the_game(qtbot):
    w, game = window_for(qtbot, MAIN, seats=("human", "ai"))
    w.controller.ai_delay_ms = 10 ** 6
    w.ask_concede()
    w.bar.panel.yes.click()
    w.result_dialog.watch.click()
    replay = w.result_dialog.spawned
    qtbot.addWidget(replay)
    assert replay.total == len(game.history)


# ---------------------------------------------------------------- unaffordable cards

def test_cr_10_6_6_a_card_the_player_cannot_afford_is_not_highlighted_and_its_drop_snaps_back_with_the_rule(qtbot):
    w, game = window_for(qtbot, MAIN)
    titan = next(i for i in game.state.players[0].hand if game.state.cards[i].cid == "T-R5")
    item = w.scene.cards[titan]
    assert not item.highlight
    origin = item.pos()
    port = w.view.viewport()
    start = w.view.mapFromScene(center(w, titan))
    field = w.view.mapFromScene(QPointF(800, 600))
    QTest.mousePress(port, Qt.LeftButton, Qt.NoModifier, start)
    for i in range(1, 6):
        QTest.mouseMove(port, start + (field - start) * (i / 5))
    QTest.mouseRelease(port, Qt.LeftButton, Qt.NoModifier, field)
    assert w.bar.panel is None  # no payment panel at "paying 0 of 5"
    assert titan in game.state.players[0].hand and item.pos() == origin
    message = w.statusBar().currentMessage()
    assert message.startswith("Not allowed") and "CR" in message


# ---------------------------------------------------------------- naming the effects to order

def test_cr_8_5_2_4_order_choices_name_each_effect_not_just_the_card(qtbot):
    from bss_desktop.engine.commands import UseMagic

    w, game = window_for(qtbot, """
        turn: 3
        turn_player: 0
        players:
          - {life: 5, reserve: 1, hand: [E-QUAKE], field: [E-MOURN]}
          - {life: 5, field: [E-LAST]}
    """)
    w.controller.send(UseMagic(0, game.state.players[0].hand[0]))
    assert game.pending.info["kind"] == "order"
    labels = w.bar.button_labels()
    assert len(labels) == 2 and labels[0] != labels[1]
    assert all("first" in label for label in labels)
    # Last Ember's two "when destroyed" effects (Mourning Bell watches only its own player's spirits)
    assert all(label.split(". ", 1)[1].startswith("Last Ember: ") for label in labels)
    tips = [b.toolTip() for b in w.bar.buttons]
    assert any("Draw 1 card" in t for t in tips) and any("life" in t for t in tips)


# ---------------------------------------------------------------- the card panel follows the game

def test_the_card_panel_follows_a_level_change_without_a_new_hover(qtbot):
    from bss_desktop.engine.commands import CoreMove, MoveCores

    w, game = window_for(qtbot, """
        turn: 3
        turn_player: 0
        players:
          - {life: 5, reserve: 4, field: [{card: T-R1, cores: 1}]}
          - {life: 5, field: [T-B2]}
    """)
    pup = game.state.players[0].field[0]
    w.scene.cardHovered.emit(pup)  # as hovering the card does
    assert "LV1" in w.preview.status_label.text() and "BP 1000" in w.preview.status_label.text()
    w.controller.send(MoveCores(0, (CoreMove("reserve", pup, 2, False),)))
    assert "LV2" in w.preview.status_label.text() and "BP 3000" in w.preview.status_label.text()


# ---------------------------------------------------------------- both trashes (CR 3-4-2)

def test_cr_3_4_2_either_player_looks_through_both_trashes(qtbot):
    w, game = window_for(qtbot, """
        turn: 3
        turn_player: 0
        players:
          - {life: 5, trash: [T-R1, T-B2]}
          - {life: 5, trash: [T-R5, T-Y2, T-R3]}
    """, seats=("human", "ai"))
    w.controller.ai_delay_ms = 10 ** 6
    action = next(a for a in w.findChildren(type(w.menuBar().actions()[0])) if a.text() == "Opponent's trash")
    action.trigger()
    viewer = w._zone_viewer
    names = [viewer.list.item(i).text() for i in range(viewer.list.count())]
    assert len(names) == 3 and names[0].startswith("Red Charger") or names[0].startswith(
        game.db["T-R3"].name)  # newest first


def test_cr_3_8_2_the_player_looks_at_their_own_face_down_burst_but_never_the_opponents(qtbot):
    w, game = window_for(qtbot, """
        turn: 3
        turn_player: 0
        players:
          - {life: 5, burst: T-MM}
          - {life: 5, burst: T-MM}
    """, seats=("human", "ai"))
    w.controller.ai_delay_ms = 10 ** 6
    mine, theirs = game.state.players[0].burst, game.state.players[1].burst
    w.scene.cardHovered.emit(mine)
    assert w.preview.card is not None and w.preview.card.id == "T-MM"
    w.preview.clear()
    w.scene.cardHovered.emit(theirs)  # the opponent's set burst is face down (CR 3-8-2)
    assert w.preview.card is None
    assert w.scene.cards[("burst", 1)].card is None


# ---------------------------------------------------------------- the computer's pace

def test_the_computers_pace_comes_from_the_settings_and_each_action_is_shown(qtbot, tmp_path, monkeypatch):
    from bss_desktop.client.windows import settings as settings_module

    monkeypatch.setattr(settings_module, "settings_path", lambda: tmp_path / "settings.json")
    s = settings_module.AppSettings(ai_delay_ms=40)
    w, game = window_for(qtbot, MAIN, seats=("ai", "human"), settings=s)
    assert w.controller.ai_delay_ms == 40
    qtbot.waitUntil(lambda: game.pending is not None and game.pending.player == 1, timeout=5000)
    assert w.statusBar().currentMessage().startswith("The computer:")


# ---------------------------------------------------------------- the hot-seat cover

def _all_text(w) -> str:
    """Every text a player could read in the window: labels, buttons, logs, the title, the status bar, tooltips."""
    parts = [w.windowTitle(), w.statusBar().currentMessage()]
    for widget in w.findChildren(QWidget):
        if not widget.isVisible():
            continue
        if isinstance(widget, (QLabel, QAbstractButton)):
            parts.append(widget.text())
        elif isinstance(widget, (QPlainTextEdit, QTextBrowser)):
            parts.append(widget.toPlainText())
        parts.append(widget.toolTip())
    return "\n".join(parts)


def test_cr_3_3_3_while_the_hot_seat_cover_is_up_no_hidden_card_shows_and_no_key_reaches_the_game(qtbot):
    w, game = window_for(qtbot, """
        turn: 3
        turn_player: 0
        players:
          - {life: 5, reserve: 4, hand: [T-Y2, E-QUAKE], field: [{card: T-R1, cores: 1}], deck: [T-MF, T-MB]}
          - {life: 5, reserve: 4, hand: [T-B2, E-SNIPE], field: [{card: T-R3, cores: 1}], deck: [T-D2, T-NX],
             burst: T-MM}
    """)
    # player 1 hovers one of their hand cards: it is in the card panel
    mine = game.state.players[0].hand[0]
    w.scene.cardHovered.emit(mine)
    assert w.preview.card is not None
    w.controller.send(EndMain(0))
    w.controller.send(EndAttack(0))  # player 2's turn begins: the cover goes up
    assert w.stack.currentWidget() is w.cover
    st = game.state
    hidden = {st.cards[i].cid for p in st.players for i in p.hand + p.deck + ([p.burst] if p.burst else [])}
    public = {st.cards[i].cid for p in st.players for i in p.field + p.trash}
    names = {game.db[c].name for c in hidden - public}
    text = _all_text(w)
    leaked = [n for n in names if n in text]
    assert not leaked, f"hidden cards readable while the cover is up: {leaked}"
    assert w.preview.card is None
    # no key reaches the game: neither player's decision is answered through the cover
    before = (game.state_hash(), len(game.history))
    for action in ("pass", "end_step", "keep", "no_block", "yes", "confirm"):
        key(w, w.controller.keys[action])
    assert (game.state_hash(), len(game.history)) == before
    assert not any(b.isVisible() and b.isEnabled() for b in w.bar.buttons)
    w.cover.button.click()
    assert w.stack.currentWidget() is w.view and w.controller.viewer == 1 and w.bar.buttons


def test_hot_seat_log_never_names_a_drawn_card(qtbot):
    w, game = window_for(qtbot, """
        turn: 3
        turn_player: 0
        players:
          - {life: 5, reserve: 4, field: [{card: T-R1, cores: 1}], deck: [T-MF, T-MB]}
          - {life: 5, reserve: 4, field: [{card: T-R3, cores: 1}], deck: [T-D2, E-SNIPE, T-NX]}
    """)
    w.controller.send(EndMain(0))
    w.controller.send(EndAttack(0))  # player 2 draws Nexus card T-NX (the top of the deck)
    drawn = game.db[game.state.cards[game.state.players[1].hand[-1]].cid].name
    assert "draws a card" in w.log.toPlainText() and drawn not in w.log.toPlainText()


@pytest.mark.parametrize("screen", [(1366, 768), (1920, 1080)])
def test_windows_open_inside_the_screen_and_a_saved_geometry_larger_than_it_is_clamped(screen, tmp_path):
    """Run in a process whose (offscreen) screen has the given size: the game window, the replay viewer and a
    game window restored from a geometry saved on a 2560x1440 screen all fit; showing the sandbox's token panel
    and a payment panel does not widen the window."""
    sizes = window_sizes_at_screen(tmp_path, screen, FIT_SCRIPT, timeout=120)
    for what, (x, y, w, h) in sizes.items():
        assert x >= 0 and y >= 0 and x + w <= screen[0] and y + h <= screen[1], (what, (x, y, w, h), screen)
    assert sizes["after token panel"][2] == sizes["sandbox"][2]
    assert sizes["after payment panel"][2] == sizes["game"][2]


FIT_SCRIPT = r'''
import json
from PySide6.QtWidgets import QApplication
from PySide6.QtCore import QRect
app = QApplication([])
from bss_desktop.client.windows.game import GameWindow
from bss_desktop.client.windows.screen_fit import open_sized
from bss_desktop.client.windows.settings import AppSettings
from helpers import position
out = {}
def geo(w):
    app.processEvents()
    g = w.frameGeometry()
    return [g.x(), g.y(), g.width(), g.height()]
MAIN = """
turn: 3
turn_player: 0
players:
  - {life: 5, reserve: 6, hand: [T-R3, T-R5, T-B2], field: [{card: T-R1, cores: 1}, {card: T-B2, cores: 2}]}
  - {life: 5, field: [T-B2]}
"""
w = GameWindow(position(MAIN), seats=("human", "human"), animation_ms=0)
w.restore_geometry(); w.show(); out["game"] = geo(w)
hand = [i for i in w.game.state.players[0].hand if w.game.state.cards[i].cid == "T-R5"][0]
w.controller.play(hand); out["after payment panel"] = geo(w)
big = GameWindow(position(MAIN), seats=("human", "human"), animation_ms=0)
big.setGeometry(QRect(100, 100, 2500, 1400))
saved = bytes(big.saveGeometry().toHex()).decode()
s = AppSettings(geometry={"game": saved})
r = GameWindow(position(MAIN), seats=("human", "human"), animation_ms=0, settings=s)
r.restore_geometry(); r.show(); out["restored from a bigger screen"] = geo(r)
sb = GameWindow(position(MAIN), sandbox=True, animation_ms=0)
sb.restore_geometry(); sb.show(); out["sandbox"] = geo(sb)
sb.controller._ask_token(); out["after token panel"] = geo(sb)
from bss_desktop.client.windows.replay import ReplayWindow
from bss_desktop.engine.record import to_record
rv = ReplayWindow(to_record(position(MAIN)), w.game.db)
open_sized(rv, 1440, 900); rv.show(); out["replay"] = geo(rv)
print(json.dumps(out))
'''


def test_the_game_log_shows_its_newest_line(qtbot):
    w, game = window_for(qtbot, MAIN, seats=("human", "ai"))
    w.controller.ai_delay_ms = 10 ** 6
    w.log.parentWidget().parentWidget().resize(300, 120)  # a small log dock, many lines
    w._log([f"line {i}" for i in range(200)])
    bar = w.log.verticalScrollBar()
    assert bar.maximum() > 0 and bar.value() == bar.maximum()


def test_the_replay_controls_show_icons_and_words_not_missing_glyphs(qtbot):
    from bss_desktop.client.windows.replay import ReplayWindow
    from bss_desktop.engine.record import to_record

    game = position(MAIN)
    r = ReplayWindow(to_record(game), game.db)
    qtbot.addWidget(r)
    for label, button in r.buttons.items():
        assert not button.icon().isNull() and button.text() == label
        assert all(ord(ch) < 0x2000 for ch in button.text())  # no ⏮/⏭, which many fonts draw as empty boxes


def test_a_local_game_is_autosaved_durably_before_the_board_shows_the_command(qtbot, tmp_path):
    """A crash (even kill -9) right after a command's events are shown loses nothing: the autosave holds the
    command before any view hears of it."""
    import json

    save = tmp_path / "game.json"
    w, game = window_for(qtbot, MAIN, seats=("human", "ai"), autosave=save)
    w.controller.ai_delay_ms = 10 ** 6
    on_disk = []
    w.scene.changed.connect(lambda *_: on_disk.append(len(json.loads(save.read_text())["record"]["commands"])))
    shown = []
    w.model.changed.connect(lambda _events: shown.append(len(json.loads(save.read_text())["record"]["commands"])))
    n = len(game.history)
    assert w.controller.send(EndMain(0))
    assert shown == [n + 1]  # already on disk when the views were told
    qtbot.wait(50)
    assert on_disk and min(on_disk) == n + 1  # and when the board repainted
