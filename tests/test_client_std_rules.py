"""Battle Spirits Standard in rules mode from the start screen, with Qt's own signals: against the computer, hot-seat
and the guided game are offered for a game with a rules module; the window plays a StandardGame whose decision bar
and guide speak Standard's rules (no keep bonus, no burst area, STD numbers); a game left open resumes as Standard."""
from __future__ import annotations

import pytest

pytest.importorskip("pytestqt")

from test_client_ai import _opened, _start, home  # noqa: E402,F401 - the fixture, imported for its name

from bss_desktop.engine.commands import Mulligan  # noqa: E402
from bss_desktop.rules.standard import StandardGame  # noqa: E402


def _standard(qtbot):
    start = _start(qtbot)
    start.game_box.setCurrentIndex(start.game_box.findData("standard"))  # the chooser's own signal
    return start


def test_std_the_start_screen_offers_the_rules_modes_of_standard_and_its_own_demo(qtbot, home):
    start = _standard(qtbot)
    assert start.profile.id == "standard"
    assert start.vs_ai.isEnabled() and start.hotseat.isEnabled() and start.level.isEnabled()
    assert start.guided.isEnabled() and start.demo.isEnabled()  # Standard's demo (tests/test_std_demo_position.py)
    assert "rules keep the game legal" in start.subtitle.text()
    start.game_box.setCurrentIndex(start.game_box.findData("eternal"))  # no rules module: the sandbox only
    assert not start.vs_ai.isEnabled() and not start.hotseat.isEnabled() and not start.guided.isEnabled()
    assert not start.demo.isEnabled() and start.demo.toolTip() == "Battle Spirits Eternal has no demo position yet"


def test_std_a_hot_seat_game_opens_with_standards_opening_in_the_decision_bar(qtbot, home):
    start = _standard(qtbot)
    start.hotseat.click()
    w = _opened(qtbot, start)
    game = w.model.game
    assert isinstance(game, StandardGame) and game.pending.kind == "mulligan"
    text = w.bar.label.text()
    assert "STD 6-2-1-7" in text and "draw 1" not in text and "shuffled into the deck" in text, text
    w.close()


def test_std_a_game_against_the_computer_resumes_as_standard(qtbot, home):
    start = _standard(qtbot)
    start.level.setCurrentIndex(start.level.findData("easy"))
    start.vs_ai.click()
    w = _opened(qtbot, start)
    w.controller.ai_delay_ms = 10 ** 6  # the computer keeps still
    assert isinstance(w.model.game, StandardGame)
    w.close()
    start._update_resume()
    start.resume.click()  # the autosave of the game left open resumes it, as Standard
    resumed = _opened(qtbot, start)
    assert isinstance(resumed.model.game, StandardGame)


def test_std_the_guided_game_speaks_standards_rules(qtbot, home):
    start = _standard(qtbot)
    start.guided.click()
    w = _opened(qtbot, start)
    w.controller.ai_delay_ms = 10 ** 6
    game = w.model.game
    assert isinstance(game, StandardGame)
    if game.pending.player != 0:  # the computer keeps first: let it, through the engine's own door
        w.controller.send(Mulligan(1, False))
    guide = w.guide.toPlainText()
    assert "Keep it (press" in guide and "draw 1" not in guide and "STD 6-2-1-7" in guide and "CR " not in guide


# ---------------------------------------------------------------- Standard's own ways to pay, with the mouse

def _std_window(qtbot, text: str, **kw):
    """A game window on a Standard position of tests/test_std_rules_module.py's cards."""
    from test_client import window_for
    from test_std_rules_module import position

    return window_for(qtbot, None, game=position(text), **kw)


def test_std_12_2_1_2_1_the_payment_panel_pays_soul_magic_with_the_soul_core_alone(qtbot):
    from test_std_rules_module import SOUL_MAGIC

    w, game = _std_window(qtbot, SOUL_MAGIC.replace("reserve: 0", "reserve: 3") % "{card: S-PUP, cores: 1}")
    edict = game.state.players[0].hand[0]
    w.controller.play(edict)
    panel = w.bar.panel
    assert panel is not None and panel.cost == 3 and panel.soul_magic.isVisible()
    panel.soul_magic.click()
    p = game.state.players[0]
    assert game.state.cards[edict].zone == "trash" and p.soul == "trash" and p.reserve == 3  # the 3 cores stay


def test_std_12_2_1_3_the_payment_panel_removes_ex_cards_for_succession(qtbot):
    from test_std_rules_module import HEIR

    w, game = _std_window(qtbot, HEIR)
    heir = game.state.players[0].hand[0]
    w.controller.play(heir)
    panel = w.bar.panel
    assert panel.cost == 5 and panel.succession.maximum() == 4  # four reduction symbols, five EX cards
    panel.succession.setValue(3)  # the spin box's own signal
    assert panel.cost == 2 and panel.ok.isEnabled()
    panel.ok.click()
    assert game.state.cards[heir].zone == "field" and len(game.zone_cards(0, "exile")) == 3
    assert game.state.players[0].reserve == 3  # 2 paid, 1 placed


def test_std_the_hint_key_suggests_a_legal_move_of_standard(qtbot):
    """The real computer's hint (ai.hint on a clone of the StandardGame, off the GUI thread) in the Second Main
    Step, where Soul Magic is one of the moves."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest
    from test_client_ai import activate

    w, game = _std_window(qtbot, """
        turn: 3
        turn_player: 0
        step: second_main
        players:
          - {life: 5, reserve: 1, hand: [S-SOUL, S-PUP], field: [{card: S-PUP, cores: 1}]}
          - {life: 5, field: [{card: S-BIG, cores: 1}]}
    """, seats=("human", "ai"), level="easy")
    w.controller.ai_delay_ms = 10 ** 6
    activate(qtbot, w)
    legal = game.legal_commands()
    QTest.keyClick(w, Qt.Key_H)
    qtbot.waitUntil(lambda: w.controller.hint is not None, timeout=30000)
    assert w.controller.hint in legal and game.history == []
    assert w.statusBar().currentMessage().startswith("Hint: ")


def test_std_12_2_1_3_with_pay_automatically_a_card_payable_only_by_succession_opens_the_payment_panel(qtbot):
    """"Pay automatically" sends the plain payment; Ashen Heir, which 3 cores pay only with EX cards removed (cost 5
    after the field's symbol: 《Succession》 takes it to 2, and 1 to place), opens the payment panel instead of being
    refused."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    from test_client import center, vp
    from test_std_rules_module import HEIR

    # the red symbol from a nexus without cores; the soul core in the trash: only 3 cores in all, no field core to pay
    w, game = _std_window(qtbot, HEIR.replace("reserve: 6", "reserve: 3, soul_core: trash").replace(
        "{card: S-PUP, cores: 1}", "{card: S-NEX, cores: 0}"))
    w.controller.quick_pay = True  # (as GameWindow sets it from the settings)
    heir = game.state.players[0].hand[0]
    at = center(w.scene.cards[heir])
    QTest.mouseDClick(w.view.viewport(), Qt.LeftButton, Qt.NoModifier, vp(w, at.x(), at.y()))
    panel = w.bar.panel
    assert panel is not None and panel.succession.maximum() >= 3 and game.state.cards[heir].zone == "hand"
    panel.succession.setValue(3)
    panel.ok.click()
    assert game.state.cards[heir].zone == "field" and len(game.zone_cards(0, "exile")) == 3
