"""Battle of Souls in rules mode, played with the mouse on the real board (client/controllers/bos.py): drags deploy,
set and attack; double-click and right-click offer what a card can do; the bar ends phases and passes; a refused
drop names the rule; the log speaks the rule book's words, never a Battle Spirits rule number."""
from __future__ import annotations

from bos_position import bos, ids, player
from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QLabel
from test_client import center, dclick, drag
from test_table_board import action, right_click, zone_centre

from bss_desktop.client.controllers.bos import BosController
from bss_desktop.client.windows.game import GameWindow
from test_client_ai import home  # noqa: F401 - the fixture, imported for its name


def window(qtbot, game, seats=("human", "human")):
    w = GameWindow(game, seats=seats, animation_ms=0)
    qtbot.addWidget(w)
    w.resize(1366, 768)
    w.show()
    qtbot.waitExposed(w)
    w.view.fitInView(w.scene.sceneRect(), Qt.KeepAspectRatio)
    return w


def button(w, starts: str):
    return next(b for b in w.bar.buttons if b.text().startswith(starts))


def test_a_fighter_dragged_from_the_hand_is_deployed_and_the_log_says_so(qtbot):
    w = window(qtbot, bos(player(hand=["T-W1", "T-W2"])))
    assert isinstance(w.controller, BosController)
    a, b = ids(w.model.game, 0, "hand")
    drag(w, center(w.scene.cards[a]), zone_centre(w, "fighter"))
    g = w.model.game
    assert g.state.cards[a].zone == "fighter" and w.scene.cards[a].zone == "fighter"
    assert "Player 1 deploys Oak Squire (BOS §Main Phase I)." in w.log.toPlainText()
    drag(w, center(w.scene.cards[b]), zone_centre(w, "fighter"))  # one deploy a turn: refused, back in the hand
    assert g.state.cards[b].zone == "hand" and w.scene.cards[b].zone == "hand"
    assert "BOS §Main Phase I" in w.statusBar().currentMessage()
    assert "CR " not in w.log.toPlainText()


def test_an_elite_warrior_offers_its_sacrifices_in_a_menu(qtbot):
    w = window(qtbot, bos(player(hand=["T-E1"], fighter=[{"card": "T-W1", "counters": {"kill": 3}},
                                                         {"card": "T-W2", "counters": {"kill": 4}}])))
    elite = ids(w.model.game, 0, "hand")[0]
    drag(w, center(w.scene.cards[elite]), zone_centre(w, "fighter"))
    act = action(w, "Deploy Gilded Sergeant, sacrificing Reed Archer")
    act.trigger()
    g = w.model.game
    assert g.state.cards[elite].zone == "fighter" and [g.state.cards[i].cid for i in ids(g, 0, "discard")] == ["T-W2"]


def test_a_tactic_dragged_to_its_zone_is_set_face_down(qtbot):
    w = window(qtbot, bos(player(hand=["T-TC-KILL"])))
    t = ids(w.model.game, 0, "hand")[0]
    drag(w, center(w.scene.cards[t]), zone_centre(w, "tactic"))
    g = w.model.game
    assert g.state.cards[t].zone == "tactic" and g.state.table.marks[t].down
    assert "Player 1 sets a tactic card face down." in w.log.toPlainText()  # hot-seat: neither reader may know it


def test_the_battle_an_attack_dragged_forward_then_the_defenders_tactic_from_its_menu(qtbot):
    game = bos(player(fighter=["T-W2"]), player(fighter=["T-W1", "T-WR"], tactic=["T-TC-DOWN"]))
    w = window(qtbot, game)
    button(w, "To the battle phase").click()
    assert w.model.game.pending.kind == "attack"
    f = ids(w.model.game, 0, "fighter")[0]
    squire = ids(w.model.game, 1, "fighter")[0]
    drag(w, center(w.scene.cards[f]), zone_centre(w, "fighter", "top"))
    action(w, "Attack Oak Squire with Reed Archer").trigger()
    g = w.model.game
    assert g.pending.kind == "chain" and g.pending.player == 1
    # hot-seat: the board turns to the defender (who takes the seat), whose tactic is highlighted; its menu
    # activates it on the attacker
    assert w.controller.viewer == 1 and w.controller.covered
    w.cover.button.click()
    trap = ids(g, 1, "tactic")[0]
    right_click(w, center(w.scene.cards[trap]))
    action(w, "Activate Mire Trap (targeting Reed Archer)").trigger()
    while w.model.game.pending.kind == "chain":
        if w.controller.covered:
            w.cover.button.click()
        button(w, "Pass").click()
    g = w.model.game
    # 1500 - 500 = 1000 against 1000: a tie, both destroyed, no damage (BOS §Determining Damage)
    assert ids(g, 0, "fighter") == [] and squire not in ids(g, 1, "fighter") and (g.sp(0), g.sp(1)) == (8000, 8000)
    log = w.log.toPlainText()
    assert "Player 1 attacks Oak Squire with Reed Archer (BOS §Battle Step)." in log
    assert "1000 ATK against 1000 ATK (BOS §Determining Damage)." in log


def test_a_double_click_on_a_battlefield_cost_effect_uses_it(qtbot):
    w = window(qtbot, bos(player(battlefield=["T-BF-1"])))
    bf = ids(w.model.game, 0, "battlefield")[0]
    dclick(w, center(w.scene.cards[bf]))
    while w.model.game.pending.kind == "chain":
        button(w, "Pass").click()
    g = w.model.game
    assert g.sp(0) == 7800 and g.deploys_left(0) == 2


def test_the_end_phase_discards_from_the_bar(qtbot):
    w = window(qtbot, bos(player(hand=["T-W1"] * 7 + ["T-WL"]), step="main2"))
    button(w, "End turn").click()
    g = w.model.game
    assert g.pending.kind == "choose" and g.pending.info["kind"] == "discard"
    button(w, "Discard Iron Marshal").click()
    assert w.model.game.pending.kind == "choose"  # 7 left: down to 6 (BOS ruling 6)
    button(w, "Discard Oak Squire").click()
    g = w.model.game
    assert len(g.state.players[0].hand) == 6 and g.state.turn_player == 1
    assert sorted(g.state.cards[i].cid for i in ids(g, 0, "discard")) == ["T-W1", "T-WL"]


def test_against_the_computer_a_whole_battle_plays_to_its_end(qtbot):
    """The computer's seat thinks on its worker thread; our seat's moves are the bar's buttons and the board's
    gestures (here: the legal command Normal would choose, sent as the controller sends a gesture's command)."""
    from bss_desktop.ai import make_player

    from bos_position import BOS, db
    from bss_desktop.carddb.deck_formats import game_decks
    from bss_desktop.engine.game import Game

    decks = game_decks(db(), BOS)
    game = Game.new(db(), [decks["iron-legion"].cards, decks["shadow-court"].cards], 3, profile=BOS)
    w = window(qtbot, game, seats=("human", "ai"))
    w.controller.ai_delay_ms = 0
    me = make_player("normal", 0, 3)
    for _ in range(3000):
        g = w.model.game
        if g.over:
            break
        if g.pending.player == 0:
            assert w.controller.send(me.choose(g))
        else:
            qtbot.wait(5)
    g = w.model.game
    assert g.over and "BOS" in g.result.reason
    assert "CR " not in w.log.toPlainText()


def test_the_start_screen_plays_battle_of_souls_by_its_rules_against_the_computer_and_resumes_it(qtbot, home):
    from test_client_ai import _opened, _start

    start = _start(qtbot)
    start.game_box.setCurrentIndex(start.game_box.findData("bos"))  # the chooser's own signal
    assert start.vs_ai.isEnabled() and start.hotseat.isEnabled() and start.level.isEnabled()
    start.vs_ai.click()
    w = _opened(qtbot, start)
    assert isinstance(w.controller, BosController) and w.model.game.profile.rules == "bos"
    assert w.model.game.pending.kind == "mulligan"
    w.controller.ai_delay_ms = 10 ** 6  # the computer keeps still
    w.close()
    start._update_resume()
    start.resume.click()  # the autosave of the game left open resumes it, by Battle of Souls' rules
    resumed = _opened(qtbot, start)
    assert isinstance(resumed.controller, BosController) and resumed.model.game.profile.rules == "bos"


def concede(w) -> None:
    """Game → Concede…, then the bar's Concede (the player at the screen gives this battle up)."""
    act = next(a for m in w.menuBar().actions() if m.menu() for a in m.menu().actions() if a.text() == "Concede…")
    act.trigger()
    assert "B.O.S. rules" in w.bar.panel.findChildren(QLabel)[0].text()  # never a Battle Spirits rule number
    w.bar.panel.yes.click()


def test_a_match_of_three_battles_against_the_computer_by_the_rules(qtbot, home):
    """BOS §How to Battle: a match is the best 2 of 3 battles; the loser of a battle chooses to go first or second
    in the next; between battles the side deck swaps one for one. Each battle is won by the rules (here: the
    player concedes)."""
    from bos_position import BOS, db

    from bss_desktop.carddb.deck_formats import game_decks
    from bss_desktop.client.windows.match import MatchPanel
    from bss_desktop.engine.game import Game

    decks = game_decks(db(), BOS)
    a, b = decks["iron-legion"], decks["shadow-court"]
    game = Game.new(db(), [a.cards, b.cards], 5, first_player=0, profile=BOS, sides=[a.side, b.side])
    w = window(qtbot, game, seats=("human", "ai"))
    w.controller.ai_delay_ms = 10 ** 6  # the computer keeps still
    assert w.match is not None and "battle 1 of 3" in w.match_score.text()
    concede(w)
    panel = w._match_panel
    assert isinstance(panel, MatchPanel) and w.match.wins() == [0, 1]
    # we lost: we choose; second, please
    second = next(b for b in panel.first.buttons() if b.text() == "Player 1 goes second")
    second.click()
    panel.start_button.click()
    w2 = w._spawned
    qtbot.addWidget(w2)
    w2.controller.ai_delay_ms = 10 ** 6
    g2 = w2.model.game
    assert g2.profile.rules == "bos" and g2.state.first_player == 1 and isinstance(w2.controller, BosController)
    assert w2.match.wins() == [0, 1] and "battle 2 of 3" in w2.match_score.text()
    concede(w2)
    assert w2.match.over and w2.match.winner == 1
    assert "The computer wins the match 2 – 0." in w2.log.toPlainText()
    assert w2.result_dialog.isVisible()


def test_the_hint_key_suggests_a_legal_move_in_words(qtbot):
    """The real computer's hint (Hard on a clone, off the GUI thread), said in this game's words."""
    from PySide6.QtTest import QTest
    from test_client_ai import activate

    w = window(qtbot, bos(player(fighter=["T-W2"]), player(sp=1400), step="battle"), seats=("human", "ai"))
    w.controller.ai_delay_ms = 10 ** 6
    activate(qtbot, w)
    game = w.model.game
    QTest.keyClick(w, Qt.Key_H)
    qtbot.waitUntil(lambda: w.controller.hint is not None, timeout=30000)
    assert w.controller.hint in game.legal_commands() and game.history == []
    # the lethal direct attack (1500 of the 1400 SP left)
    assert w.statusBar().currentMessage() == "Hint: Attack directly with Reed Archer"


def test_the_board_draws_the_attack_and_the_chains_last_activation(qtbot):
    """BOS §Battle Step: an arrow from the attacking fighter to the one it attacks; BOS §Chains: the last activation
    on the chain to its target, in its own colour; both go when the fight is over."""
    # the attacker holds a negation (nothing to negate yet: the window goes to the defender), so the window waits
    # for it once the defender has activated
    game = bos(player(fighter=["T-W2"], tactic=["T-TC-NEG"]), player(fighter=["T-W1"], tactic=["T-TC-DOWN"]))
    w = window(qtbot, game)
    button(w, "To the battle phase").click()
    f = ids(w.model.game, 0, "fighter")[0]
    drag(w, center(w.scene.cards[f]), zone_centre(w, "fighter", "top"))
    scene = w.scene
    assert scene.arrow_attack.isVisible() and not scene.arrow_link.isVisible()
    trap = ids(w.model.game, 1, "tactic")[0]
    w.cover.button.click()  # hot-seat: the defender takes the seat
    right_click(w, center(scene.cards[trap]))
    action(w, "Activate Mire Trap (targeting Reed Archer)").trigger()
    assert scene.arrow_attack.isVisible() and scene.arrow_link.isVisible()
    while w.model.game.pending.kind == "chain":
        if w.controller.covered:  # hot-seat: the next player takes the seat
            w.cover.button.click()
        button(w, "Pass").click()
    assert not scene.arrow_attack.isVisible() and not scene.arrow_link.isVisible()


def test_with_the_setting_a_phase_window_with_nothing_activated_passes_but_an_attacks_window_waits(qtbot):
    """BOS §Chains: a window opens in the ready and end phases and after the draw even when nothing happened; a
    player holding a set tactic is asked in each. Settings → "pass the … phases' windows": those pass for them; the
    window after an attack (and the damage step's) still waits, as something happened there."""
    def game():
        return bos(player(fighter=["T-W2"], tactic=["T-TC-DOWN"]), player(fighter=["T-W1"]), step="main2")

    w = window(qtbot, game())  # the setting off (the default): the end phase's window asks
    button(w, "End turn").click()
    g = w.model.game
    assert g.pending.kind == "chain" and g.pending.player == 0 and g.state.rules.window == "open"
    assert button(w, "Pass")

    w = window(qtbot, game())
    w.controller.pass_phase_windows = True
    button(w, "End turn").click()
    g = w.model.game
    # passed for player 1 in the end phase, then in player 2's ready phase and after its draw (the tactic may be
    # used in the opponent's turn), up to player 2's Main Phase I
    qtbot.waitUntil(lambda: g.state.turn == 4 and g.pending.kind == "main")
    assert "Passed the window of the ready phase for you" in w.statusBar().currentMessage() or \
        "Passed the window of Main Phase I for you" in w.statusBar().currentMessage()

    w = window(qtbot, bos(player(fighter=["T-W2"], tactic=["T-TC-DOWN"]), player(fighter=["T-W1", "T-WR"])))
    w.controller.pass_phase_windows = True
    button(w, "To the battle phase").click()
    g = w.model.game
    f, squire = ids(g, 0, "fighter")[0], ids(g, 1, "fighter")[0]
    drag(w, center(w.scene.cards[f]), zone_centre(w, "fighter", "top"))
    action(w, "Attack Oak Squire with Reed Archer").trigger()
    qtbot.wait(50)
    assert g.pending.kind == "chain" and g.pending.player == 0 and g.state.rules.window == "attack"
    assert button(w, "Pass") and squire in ids(g, 1, "fighter")


def test_the_settings_dialog_keeps_the_phase_windows_setting_and_a_new_battle_reads_it(qtbot, tmp_path, monkeypatch):
    from bss_desktop.client.windows.settings import AppSettings, SettingsDialog

    monkeypatch.setenv("BSS_DESKTOP_HOME", str(tmp_path))
    s = AppSettings()
    assert not s.bos_pass_phase_windows  # the rule book's way by default: every window asks
    dialog = SettingsDialog(s)
    qtbot.addWidget(dialog)
    dialog.bos_pass_phase_windows.click()
    dialog.ok_button.click()
    assert AppSettings.load().bos_pass_phase_windows
    w = GameWindow(bos(), seats=("human", "human"), animation_ms=0, settings=AppSettings.load())
    qtbot.addWidget(w)
    assert w.controller.pass_phase_windows


def test_a_phase_windows_setting_of_the_wrong_kind_is_named_and_the_default_kept(tmp_path):
    from bss_desktop.client.windows.settings import AppSettings

    path = tmp_path / "settings.json"
    path.write_text('{"bos_pass_phase_windows": "yes", "quick_pay": true}')
    s = AppSettings.load(path)
    assert s.bos_pass_phase_windows is False and s.quick_pay is True
    assert "bos_pass_phase_windows" in s.problem
