"""The choices an effect asks of a player, answered through the real window as a player does: core or soul core
(CR 8-5-6), which effect of a magic card (CR 10-8-3), which substitution (CR 8-9-2) named by its card, targets
the board does not draw (a deck's revealed or looked-at cards, a trash below its top card) picked from a tray of
card faces, a combined-BP limit on targets, long "may" prompts, and looking at a deck by hand with the shuffle
CR 12-3-3 asks for — locally, in hot-seat behind the cover, and for a LAN guest."""
from __future__ import annotations

import asyncio

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractButton, QMenu

from bss_desktop.client.board.layout import CARD_H, CARD_W, zone_rect
from bss_desktop.engine.commands import Choose
from lan import until
from helpers import first, position, two_players as game_text, window_sizes_at_screen
from test_client import drag, vp
from test_first_hour import _all_text, key, window_for


def card_point(w, iid, fy: float = 0.3) -> QPointF:
    """A point on a board card away from its core badge (a press there would start a core drag)."""
    return w.scene.cards[iid].mapToScene(QPointF(CARD_W / 2, CARD_H * fy))


def click_card(w, iid) -> None:
    p = card_point(w, iid)
    QTest.mouseClick(w.view.viewport(), Qt.LeftButton, Qt.NoModifier, vp(w, p.x(), p.y()))


def play_magic(w, iid) -> None:
    """Drag a magic card from the hand onto the Use area (a cost of 0 needs no payment)."""
    drag(w, card_point(w, iid, 0.5), QPointF(*zone_rect("use", "shared").center))


def summon(w, iid) -> None:
    """Drag a spirit onto the field and accept the payment the panel suggests."""
    drag(w, card_point(w, iid, 0.5), QPointF(*zone_rect("field", "bottom").center))
    if w.bar.panel is not None:
        w.bar.panel.ok.click()


def activate(w, qtbot, iid) -> None:
    """Right-click a field card and pick "Activate effect 1" from its menu."""
    _action(_context(w, qtbot, iid), "Activate").trigger()


def button(w, text: str) -> QAbstractButton:
    """The decision bar's button whose label starts with `text`."""
    return next(b for b in w.bar.buttons if b.text().startswith(text))


def no_focus_anywhere(w) -> None:
    """Nothing in the decision bar takes the keyboard focus: Space or Enter on a focused button would answer
    whatever decision comes next."""
    for b in w.bar.buttons + w.bar.tray.tiles:
        assert b.focusPolicy() == Qt.NoFocus, b


# ---------------------------------------------------------------- core or soul core (CR 8-5-6)

SOULTAX = game_text("{life: 5, reserve: 2, soul_core: reserve, field: [V-SOULTAX], deck: [T-R1, T-R3, T-G4]}",
                    "{life: 5, reserve: 3}")


def test_cr_8_5_6_the_confirm_key_pays_with_a_regular_core_and_keeps_the_soul_core(qtbot):
    w, game = window_for(qtbot, SOULTAX, seats=("human", "ai"))
    w.controller.ai_delay_ms = 10 ** 6
    width = w.width()
    activate(w, qtbot, first(game, 0, "V-SOULTAX"))
    info = game.pending.info
    assert info["kind"] == "cores" and info["options"] == [0, -1]
    labels = w.bar.button_labels()
    assert labels[0] == "1 core from your reserve (keep the soul core)  [Return]" and labels[1] == "the soul core"
    assert w.bar.buttons[0].property("primary") and "soul core" in w.bar.label.text()
    no_focus_anywhere(w)
    key(w, w.controller.keys["confirm"])
    p = game.state.players[0]
    assert p.soul == "reserve" and p.reserve == 1 and len(p.hand) == 0  # no soul core used: no draw
    assert "its condition is not met as it resolves (CR 8-3-3)" in w.log.toPlainText()
    assert w.width() == width


def test_cr_8_5_6_one_click_on_the_soul_core_pays_with_it_and_its_condition_holds(qtbot):
    w, game = window_for(qtbot, SOULTAX, seats=("human", "ai"))
    w.controller.ai_delay_ms = 10 ** 6
    activate(w, qtbot, first(game, 0, "V-SOULTAX"))
    button(w, "the soul core").click()
    p = game.state.players[0]
    assert p.soul == "trash" and len(p.hand) == 2
    assert "with the soul core" in w.log.toPlainText()


def test_cr_8_5_6_in_hot_seat_the_opponent_answers_which_core_leaves_their_spirit_behind_the_cover(qtbot):
    # Core Leech: "send 1 core from 1 opponent's spirit to its owner's reserve": the spirit's owner chooses
    w, game = window_for(qtbot, game_text(
        "{life: 5, reserve: 3, hand: [V-LEECH, T-MF]}",
        "{life: 5, reserve: 3, soul_core: field, hand: [T-B2], field: [{card: T-R3, cores: 1, soul_core: true}]}"))
    knight = first(game, 1, "T-R3")
    summon(w, first(game, 0, "V-LEECH", "hand"))
    assert game.pending.player == 1 and game.pending.info["kind"] == "cores"
    assert w.stack.currentWidget() is w.cover  # the other player takes the seat first
    assert not any(b.isEnabled() for b in w.bar.buttons) and w.bar.tray.isHidden()
    text = _all_text(w)
    assert "Flash Ward" not in text and "Blue Guard" not in text  # neither hand is readable meanwhile
    w.cover.button.click()
    labels = w.bar.button_labels()
    assert labels == ["1 core from Red Knight (keep the soul core)  [Return]", "the soul core"]
    button(w, "the soul core").click()
    p1 = game.state.players[1]
    assert p1.soul == "reserve" and game.state.cards[knight].cores == 1


def test_cr_10_8_6_a_bursts_follow_up_cost_is_paid_place_by_place_in_the_decision_bar(qtbot):
    # Echo Ward: "Burst (after your opponent's attack): exhaust the attacking spirit. Then you may pay this card's
    # cost (2) to use its Flash effect (draw 1)": from the reserve, either spirit or the soul core (CR 10-8-6)
    from test_client import dclick

    w, game = window_for(qtbot, game_text(
        "{life: 5, reserve: 3, field: [T-R3], deck: [T-R1, T-R1]}",
        "{life: 5, reserve: 3, burst: V-ECHO, field: [{card: T-B2, cores: 3}, {card: T-R1, cores: 2}], "
        "deck: [T-G4, T-G4]}", turn=4, step="attack"))
    dclick(w, card_point(w, first(game, 0, "T-R3")))  # attack
    assert game.pending.player == 1
    w.cover.button.click()
    button(w, "Yes").click()  # activate the burst
    assert "pay 2 core(s) to use Echo Ward's Flash effect" in w.bar.label.text()
    button(w, "Yes").click()
    panel = w.bar.panel
    assert game.pending.info["kind"] == "cores" and panel is not None and len(game.legal_commands()) > 3
    assert panel.value() == (0, 0) and panel.ok.isEnabled() and "how many from each place" in panel.label.text()
    # nothing cut off: the panel floats over the board, as tall as it needs (the bar and the board keep theirs)
    qtbot.waitUntil(lambda: w.bar.panel_area.viewport().height() >= panel.sizeHint().height(), timeout=2000)
    panel.spins[0].setValue(1)
    assert not panel.ok.isEnabled()
    panel.soul.click()
    assert panel.ok.isEnabled()
    panel.ok.click()
    p1 = game.state.players[1]
    assert p1.reserve == 2 and p1.soul == "trash" and len(p1.hand) == 1 and w.bar.panel is None


def test_cr_8_5_6_a_choice_among_many_places_is_answered_place_by_place():
    """More answers than buttons: a spin box per place and a box for the soul core, starting at the default."""
    from bss_desktop.client.decisions.choice_picker import CoresPanel
    from bss_desktop.client.decisions.choice_text import default_cores

    info = {"kind": "cores", "options": [0, 17, 18, -1], "counts": [3, 2, 1, 1], "min": 2, "max": 2}
    import itertools

    values = sorted({tuple(sorted(v, key=repr)) for v in itertools.combinations_with_replacement([0, 17, 18, -1], 2)
                     if v.count(-1) <= 1 and v.count(18) <= 1})
    answers = [Choose(0, v) for v in values]
    panel = CoresPanel("which cores?", info, answers, default_cores(answers), str)
    assert panel.value() == (0, 0) and panel.ok.isEnabled()
    got = []
    panel.chosen.connect(got.append)
    panel.spins[0].setValue(1)
    assert not panel.ok.isEnabled()  # one core is missing
    panel.soul.click()
    assert panel.ok.isEnabled()
    panel.ok.click()
    assert [sorted(c.value, key=repr) for c in got] == [sorted((0, -1), key=repr)]


# ---------------------------------------------------------------- which effect of a magic card (CR 10-8-3)

def test_cr_10_8_3_the_player_picks_one_of_a_magic_cards_effects_by_its_text(qtbot):
    w, game = window_for(qtbot, game_text("{life: 5, reserve: 3, hand: [V-VERDICT], deck: [T-R1, T-R3]}",
                                          "{life: 5, reserve: 3, field: [T-R1, T-B2]}"), seats=("human", "ai"))
    w.controller.ai_delay_ms = 10 ** 6
    verdict = first(game, 0, "V-VERDICT", "hand")
    play_magic(w, verdict)
    assert game.pending.info["kind"] == "effect"
    assert w.bar.button_labels() == ["Main: Draw 1 card.", "Main/Flash: Exhaust 1 opponent's spirit."]
    assert "Twin Verdict" in w.bar.label.text() and "CR 10-8-3" in w.bar.label.text()
    assert w.preview.card is not None and w.preview.card.id == "V-VERDICT"  # the card being used, in the panel
    no_focus_anywhere(w)
    button(w, "Main/Flash: Exhaust").click()
    pup = first(game, 1, "T-R1")
    assert game.pending.info["kind"] == "target"
    click_card(w, pup)
    key(w, w.controller.keys["confirm"])
    assert game.state.cards[pup].exhausted and len(game.state.players[0].hand) == 0


# ---------------------------------------------------------------- substitution named by its card (CR 8-9-2)

def test_cr_8_9_2_each_substitution_is_named_by_its_card_and_its_effect(qtbot):
    w, game = window_for(qtbot, game_text("{life: 5, reserve: 3, hand: [E-SNIPE]}",
                                          "{life: 5, reserve: 3, field: [T-R1, V-WARDEN, V-MENDER, T-G4, T-R3]}"))
    pup, warden, mender, stag, knight = game.state.players[1].field
    width = w.width()
    summon(w, first(game, 0, "E-SNIPE", "hand"))
    click_card(w, pup)  # Sniper Hawk: destroy 1 opponent's spirit with 3000 BP or less
    key(w, w.controller.keys["confirm"])
    assert game.pending.info["kind"] == "substitute" and game.pending.player == 1
    w.cover.button.click()
    labels = w.bar.button_labels()
    assert labels == ["Shield Warden: instead exhaust 1 of your other spirits.",
                      "Shell Mender: instead destroy this nexus.", "Let it be destroyed"]
    tips = [b.toolTip() for b in w.bar.buttons]
    assert "When one of your other spirits would be destroyed" in tips[0] and "Shell Mender" in tips[1]
    assert "Substitute (" not in " ".join(labels)
    label = w.bar.label
    qtbot.waitUntil(lambda: label.isVisible() and label.height() >= label.heightForWidth(label.width()), timeout=2000)
    assert w.width() == width
    button(w, "Shield Warden").click()
    click_card(w, knight)
    key(w, w.controller.keys["confirm"])
    assert game.state.cards[pup].zone == "field" and game.state.cards[knight].exhausted


# ---------------------------------------------------------------- cards the board does not draw: the tray

ORACLE = game_text("{life: 5, reserve: 3, hand: [V-ORACLE], deck: [T-MM, T-R1, T-MF, T-W0], "
                   "field: [{card: T-R1, cores: 1}]}", "{life: 5, reserve: 3, field: [T-B2]}")


def test_cards_revealed_from_the_deck_are_picked_from_a_tray_of_faces(qtbot):
    # Oracle Pool: "reveal the top 3 cards of your deck, add 1 magic card from among them to your hand"
    w, game = window_for(qtbot, ORACLE, seats=("human", "ai"))
    w.controller.ai_delay_ms = 10 ** 6
    width = w.width()
    play_magic(w, first(game, 0, "V-ORACLE", "hand"))
    info = game.pending.info
    spark, ward = info["options"]
    assert {game.state.cards[i].cid for i in (spark, ward)} == {"T-MM", "T-MF"}
    tray = w.bar.tray
    assert tray.isVisible() and [t.key for t in tray.tiles] == [spark, ward]
    assert all(t.card is not None and t.caption == "your deck" for t in tray.tiles)
    assert "deck" in tray.heading.text() and "shown above" in w.bar.label.text()
    no_focus_anywhere(w)
    confirm = w.bar.buttons[0]
    assert not confirm.isEnabled()
    # hover: the card panel shows it; the middle button held: full size over the board
    tile = tray.tile(ward)
    QTest.mouseMove(tile, QPoint(20, 20))
    qtbot.waitUntil(lambda: w.preview.card is not None and w.preview.card.id == "T-MF", timeout=2000)
    QTest.mousePress(tile, Qt.MiddleButton, Qt.NoModifier, QPoint(20, 20))
    assert w.scene.zoom.isVisible() and w.scene.zoom.key == ward
    QTest.mouseRelease(tile, Qt.MiddleButton, Qt.NoModifier, QPoint(20, 20))
    assert not w.scene.zoom.isVisible()
    # a click chooses it (the tick), a second click takes it back, then choose the other one
    QTest.mouseClick(tray.tile(ward), Qt.LeftButton, Qt.NoModifier, QPoint(20, 20))
    assert tray.tile(ward).selected and w.bar.buttons[0].isEnabled()
    QTest.mouseClick(tray.tile(ward), Qt.LeftButton, Qt.NoModifier, QPoint(20, 20))
    assert not tray.tile(ward).selected and not w.bar.buttons[0].isEnabled()
    QTest.mouseClick(tray.tile(spark), Qt.LeftButton, Qt.NoModifier, QPoint(20, 20))
    QTest.mouseClick(tray.tile(ward), Qt.LeftButton, Qt.NoModifier, QPoint(20, 20))  # one to take: it moves
    assert [t.key for t in tray.tiles if t.selected] == [ward]
    assert w.width() == width
    key(w, w.controller.keys["confirm"])
    assert game.state.cards[ward].zone == "hand" and game.state.cards[spark].zone == "deck"
    # the other two go "on the bottom of your deck in any order": picked one by one from the same tray (CR 12-3-3)
    rest = game.pending.info["options"]
    assert spark in rest and len(rest) == 2 and [t.key for t in tray.tiles] == rest
    assert "under your deck" in w.bar.label.text()
    QTest.mouseClick(tray.tile(spark), Qt.LeftButton, Qt.NoModifier, QPoint(20, 20))
    key(w, w.controller.keys["confirm"])
    (other,) = set(rest) - {spark}
    assert game.state.players[0].deck[:2] == [other, spark]  # the last one put back lies lowest
    assert w.bar.tray.isHidden()
    assert "reveals Flash Ward from the top of their deck" in w.log.toPlainText()


def test_a_private_look_shows_its_cards_to_the_looker_only_and_up_to_one_may_be_taken(qtbot):
    # Quiet Scrying: "look at the top 3 cards of your deck, add up to 1 magic card from among them to your hand"
    w, game = window_for(qtbot, game_text("{life: 5, reserve: 3, hand: [V-SCRY], deck: [T-MM, T-R1, T-MF, T-R3]}",
                                          "{life: 5, reserve: 3}"))
    play_magic(w, first(game, 0, "V-SCRY", "hand"))
    tray = w.bar.tray
    # the three cards looked at show; the one that is no magic card is greyed and cannot be chosen
    assert [t.card.id for t in tray.tiles] == ["T-MM", "T-R1", "T-MF"]
    assert [t.selectable for t in tray.tiles] == [True, False, True] and tray.tiles[1].dimmed
    QTest.mouseClick(tray.tiles[1], Qt.LeftButton, Qt.NoModifier, QPoint(10, 10))
    assert not any(t.selected for t in tray.tiles) and w.controller.selection == []
    assert w.bar.buttons[0].isEnabled()  # "up to 1": none is an answer too
    key(w, w.controller.keys["confirm"])
    assert game.pending.kind == "main" and w.bar.tray.isHidden()
    assert len(game.state.players[0].hand) == 0


def test_cr_12_3_1_cards_an_effect_looks_at_are_shown_to_the_looker_until_their_next_action_never_past_the_cover(
        qtbot):
    # Peek: "look at the top 2 cards of your deck, then shuffle that deck. Look at your opponent's hand."
    w, game = window_for(qtbot, game_text(
        "{life: 5, reserve: 3, hand: [V-PEEK], deck: [T-R1, T-MM, T-W0, T-R3, T-G4]}",
        "{life: 5, reserve: 3, hand: [T-B2, T-P3], deck: [T-Y2, T-Y2]}"))
    play_magic(w, first(game, 0, "V-PEEK", "hand"))
    tray = w.bar.tray
    assert [(t.card.id, t.caption) for t in tray.tiles] == [
        ("T-R1", "your deck"), ("T-MM", "your deck"), ("T-B2", "opponent's hand"), ("T-P3", "opponent's hand")]
    assert not any(t.selectable for t in tray.tiles) and "You looked at" in tray.heading.text()
    QTest.mouseMove(tray.tiles[2], QPoint(15, 15))
    qtbot.waitUntil(lambda: w.preview.card is not None and w.preview.card.id == "T-B2", timeout=2000)
    # hot-seat: the log names none of them (either player may be reading it)
    assert "Blue Guard" not in w.log.toPlainText() and "Main Spark" not in w.log.toPlainText()
    from bss_desktop.engine.commands import EndAttack

    button(w, "End main step").click()  # the next action: the cards go
    assert tray.isHidden()
    w.controller.send(EndAttack(0))
    assert w.stack.currentWidget() is w.cover
    text = _all_text(w)
    assert not any(name in text for name in ("Blue Guard", "Purple Shade", "Main Spark"))
    w.cover.button.click()
    assert tray.isHidden() and w.controller.viewer == 1


def test_a_trash_below_its_top_card_is_picked_from_the_tray(qtbot):
    # Recall: "return up to 1 magic card from your trash to your hand"; the trash's top card (Red Knight) is no
    # candidate, the two magic cards below it are
    w, game = window_for(qtbot, game_text("{life: 5, reserve: 3, hand: [E-RECALL], trash: [T-MM, T-R1, T-MF, T-R3]}",
                                          "{life: 5, reserve: 3}"), seats=("human", "ai"))
    w.controller.ai_delay_ms = 10 ** 6
    play_magic(w, first(game, 0, "E-RECALL", "hand"))
    tray = w.bar.tray
    assert [t.card.id for t in tray.tiles] == ["T-MM", "T-MF"] and {t.caption for t in tray.tiles} == {"your trash"}
    spark = tray.tiles[0].key
    QTest.mouseClick(tray.tiles[0], Qt.LeftButton, Qt.NoModifier, QPoint(10, 10))
    w.bar.buttons[0].click()
    assert game.state.cards[spark].zone == "hand"


def test_a_spirit_card_is_summoned_from_the_trash_picked_from_the_tray(qtbot):
    # Raise the Fallen: the trash's top card is on the board, the one under it is not: both show in the tray
    w, game = window_for(qtbot, game_text("{life: 5, reserve: 0, soul_core: trash, hand: [V-RAISE], "
                                          "trash: [T-R1, T-R3]}", "{life: 5, reserve: 3}"), seats=("human", "ai"))
    w.controller.ai_delay_ms = 10 ** 6
    pup, knight = game.state.players[0].trash
    play_magic(w, first(game, 0, "V-RAISE", "hand"))
    tray = w.bar.tray
    assert sorted(t.key for t in tray.tiles) == sorted([pup, knight]) and knight in w.scene.cards
    click_card(w, knight)  # the trash's top card on the board is the same choice as its tile
    assert tray.tile(knight).selected
    QTest.mouseClick(tray.tile(pup), Qt.LeftButton, Qt.NoModifier, QPoint(10, 10))
    assert tray.tile(pup).selected and not tray.tile(knight).selected
    key(w, w.controller.keys["confirm"])
    assert game.state.cards[pup].zone == "field"


# ---------------------------------------------------------------- a combined BP limit (CR 8-5-3)

def test_confirm_is_greyed_with_a_note_while_the_chosen_cards_have_too_much_bp(qtbot):
    # Weighed Purge: "destroy any number of your opponent's spirits with a combined total of 4000 BP or less"
    w, game = window_for(qtbot, game_text("{life: 5, reserve: 3, hand: [V-PURGE]}",
                                          "{life: 5, reserve: 3, field: [T-R1, T-Y2, T-R3]}"), seats=("human", "ai"))
    w.controller.ai_delay_ms = 10 ** 6
    pup, lamp, knight = game.state.players[1].field
    play_magic(w, first(game, 0, "V-PURGE", "hand"))
    assert game.pending.info["limit"] == 4000 and w.bar.tray.isHidden()  # all on the board
    click_card(w, lamp)
    click_card(w, knight)  # 2000 + 3000
    confirm = w.bar.buttons[0]
    assert not confirm.isEnabled() and "over 4000" in w.bar.label.text() and "over 4000" in confirm.toolTip()
    before = game.state_hash()
    key(w, w.controller.keys["confirm"])
    assert game.state_hash() == before
    click_card(w, lamp)  # taken back
    click_card(w, pup)  # 1000 + 3000
    assert w.bar.buttons[0].isEnabled() and "over" not in w.bar.label.text()
    key(w, w.controller.keys["confirm"])
    assert [game.state.cards[i].zone for i in (pup, lamp, knight)] == ["trash", "field", "trash"]


# ---------------------------------------------------------------- a long "may" prompt

def test_a_may_prompt_shows_the_effect_whole_and_the_confirm_keys_answer_it(qtbot):
    w, game = window_for(qtbot, game_text("{life: 5, reserve: 3, field: [{card: V-TOLL, cores: 1}]}",
                                          "{life: 5, reserve: 3}", turn=4, step="attack"), seats=("human", "ai"))
    w.controller.ai_delay_ms = 10 ** 6
    w.resize(900, 700)  # narrow: the prompt wraps rather than widening the window
    QTest.qWait(50)
    width = w.width()
    rider = first(game, 0, "V-TOLL")
    from test_client import dclick

    dclick(w, card_point(w, rider))
    assert game.pending.info["kind"] == "may"
    label = w.bar.label
    assert "Toll Rider — pay the cost? (When Attacks) You may send 2 cores from your reserve" in label.text()
    qtbot.waitUntil(lambda: label.height() >= label.heightForWidth(label.width()), timeout=2000)
    assert label.visibleRegion().boundingRect().height() >= label.heightForWidth(label.width()) - 1
    assert w.width() == width
    key(w, w.controller.keys["no"])
    assert "chose not to pay its cost" in w.log.toPlainText()


# ---------------------------------------------------------------- looking at a deck by hand (CR 12-3-3)

def _context(w, qtbot, item_key):
    """Right-press a card of the board as a player does; the menu that pops up."""
    shown = []
    original = QMenu.popup
    QMenu.popup = lambda self, pos, *a: shown.append(self)  # no real popup in tests
    try:
        item = w.scene.cards[item_key]
        p = item.mapToScene(QPointF(CARD_W / 2, CARD_H / 2))
        QTest.mousePress(w.view.viewport(), Qt.RightButton, Qt.NoModifier, vp(w, p.x(), p.y()))
        QTest.mouseRelease(w.view.viewport(), Qt.RightButton, Qt.NoModifier, vp(w, p.x(), p.y()))
    finally:
        QMenu.popup = original
    assert shown, "no menu"
    return shown[-1]


def _action(menu, text):
    for a in menu.actions():
        if a.menu() is not None:
            found = _action(a.menu(), text)
            if found is not None:
                return found
        elif a.text().startswith(text):
            return a
    return None


DECK = game_text("{life: 5, reserve: 3, deck: [T-MM, T-R1, T-MF, T-R3, T-G4, T-Y2]}",
                 "{life: 5, reserve: 3, deck: [T-B2, T-P3, T-W0]}")


def test_cr_12_3_3_a_look_by_hand_in_rules_mode_shuffles_the_deck_afterwards_unless_unchecked(qtbot):
    w, game = window_for(qtbot, DECK)
    menu = _context(w, qtbot, ("deck", 0))
    _action(menu, "Look at the top cards of your deck").trigger()
    panel = w.bar.panel
    assert panel.shuffle.text() == "then shuffle the deck (CR 12-3-3)" and panel.shuffle.isChecked()
    assert panel.spin.value() == 3
    panel.look.click()
    viewer = w.controller._deck_viewer
    names = [viewer.list.item(i).text().split("  (")[0] for i in range(viewer.list.count())]
    assert names == ["Main Spark", "Red Pup", "Flash Ward"]  # what was seen, top first
    assert viewer.shuffled and not any(b.isEnabled() for b in viewer.findChildren(QAbstractButton)
                                       if b is not viewer.close_button)
    log = w.log.toPlainText()
    assert "(by hand) looks at 3 card(s) of their deck" in log and "Player 1's deck is shuffled" in log
    viewer.close_button.click()
    # unchecked: the cards stay in place, and one can be taken
    _action(_context(w, qtbot, ("deck", 0)), "Look at the top cards of your deck").trigger()
    w.bar.panel.shuffle.click()
    w.bar.panel.spin.setValue(2)
    top = game.state.players[0].deck[-1]
    w.bar.panel.look.click()
    viewer = w.controller._deck_viewer
    assert viewer.list.count() == 2 and not viewer.shuffled
    viewer.list.item(0).setSelected(True)
    next(b for b in viewer.findChildren(QAbstractButton) if b.text() == "To hand").click()
    assert game.state.cards[top].zone == "hand"
    assert viewer.list.count() == 1  # the other card looked at; never a third one


def test_the_sandbox_look_offers_the_shuffle_unchecked_and_a_viewer_never_outlives_the_hot_seat_cover(qtbot):
    from test_client import sandbox_window

    w, game = sandbox_window(qtbot)
    menu = _context(w, qtbot, ("deck", 0))
    _action(menu, "Look at the top 3").trigger()
    assert not w.bar.panel.shuffle.isChecked()
    w.bar.panel.look.click()
    assert w.controller._deck_viewer.list.count() == 3
    # hot-seat: the cards one player looked at close with the cover
    h, hot = window_for(qtbot, DECK)
    _action(_context(h, qtbot, ("deck", 0)), "Search your whole deck").trigger()
    QTest.keyClick(h.bar.panel.spin, Qt.Key_Return)
    viewer = h.controller._deck_viewer
    assert viewer.isVisible() and viewer.list.count() == 6
    from bss_desktop.engine.commands import EndAttack, EndMain

    h.controller.send(EndMain(0))
    h.controller.send(EndAttack(0))
    assert h.stack.currentWidget() is h.cover and not viewer.isVisible() and h.controller._deck_viewer is None


# ---------------------------------------------------------------- the guide

def test_the_guide_explains_each_new_choice(qtbot):
    w, game = window_for(qtbot, ORACLE, seats=("human", "ai"), guide=True)
    w.controller.ai_delay_ms = 10 ** 6
    play_magic(w, first(game, 0, "V-ORACLE", "hand"))
    assert "shown above the buttons" in w.guide.toPlainText()
    w, game = window_for(qtbot, SOULTAX, seats=("human", "ai"), guide=True)
    w.controller.ai_delay_ms = 10 ** 6
    activate(w, qtbot, first(game, 0, "V-SOULTAX"))
    assert "keeps the soul core" in w.guide.toPlainText() and "CR 8-5-6" in w.guide.toPlainText()


# ---------------------------------------------------------------- the window never widens (real screen sizes)

@pytest.mark.parametrize("screen", [(1366, 768), (1920, 1080)])
def test_no_choice_widens_the_window_or_leaves_the_screen(screen, tmp_path):
    sizes = window_sizes_at_screen(tmp_path, screen, FIT_SCRIPT, timeout=180)
    for what, (x, y, w, h, label_ok) in sizes.items():
        assert x >= 0 and y >= 0 and x + w <= screen[0] and y + h <= screen[1], (what, (x, y, w, h), screen)
        assert w == sizes["before"][2], what
        assert label_ok, f"{what}: the prompt is cut off"


FIT_SCRIPT = r'''
import json, textwrap
from PySide6.QtWidgets import QApplication
app = QApplication([])
from bss_desktop.client.windows.game import GameWindow
from bss_desktop.engine.commands import Activate, Attack, Choose, Summon, UseMagic
from helpers import first, position, two_players as game_text
out = {}
def at(p0, p1, step="main", turn=3):
    return position(f"turn: {turn}\nturn_player: 0\nstep: {step}\nplayers:\n  - {p0}\n  - {p1}\n")
def first(g, p, cid, zone="field"):
    return next(i for i in getattr(g.state.players[p], zone) if g.state.cards[i].cid == cid)
def geo(w):
    for _ in range(5):
        app.processEvents()
    g = w.frameGeometry()
    label = w.bar.label
    ok = (not label.isVisible()) or label.height() >= label.heightForWidth(label.width()) - 1
    return [g.x(), g.y(), g.width(), g.height(), ok]
def window(g):
    w = GameWindow(g, seats=("human", "ai"), animation_ms=0)
    w.controller.ai_delay_ms = 10 ** 6
    w.restore_geometry(); w.show()
    return w
g = at("{life: 5, reserve: 2, soul_core: reserve, field: [V-SOULTAX]}", "{life: 5}")
w = window(g); out["before"] = geo(w)
w.controller.send(Activate(0, first(g, 0, "V-SOULTAX"), 0)); out["cores"] = geo(w)
g = at("{life: 5, reserve: 3, hand: [V-VERDICT]}", "{life: 5, field: [T-R1]}")
w = window(g); w.controller.send(UseMagic(0, first(g, 0, "V-VERDICT", "hand"))); out["effect"] = geo(w)
g = at("{life: 5, reserve: 3, hand: [V-ORACLE], deck: [T-MM, T-R1, T-MF, T-W0]}", "{life: 5}")
w = window(g); w.controller.send(UseMagic(0, first(g, 0, "V-ORACLE", "hand"))); out["tray"] = geo(w)
trash = ", ".join(["T-MM", "T-MF", "T-MB"] * 4 + ["T-R3"])
g = at("{life: 5, reserve: 3, hand: [E-RECALL], trash: [" + trash + "]}", "{life: 5}")
w = window(g); w.controller.send(UseMagic(0, first(g, 0, "E-RECALL", "hand"))); out["a long tray"] = geo(w)
g = at("{life: 5, reserve: 3, field: [{card: V-TOLL, cores: 1}]}", "{life: 5}", step="attack", turn=4)
w = window(g); w.controller.send(Attack(0, first(g, 0, "V-TOLL"))); out["may"] = geo(w)
g = at("{life: 5, reserve: 3, hand: [E-SNIPE]}", "{life: 5, reserve: 3, field: [T-R1, V-WARDEN, V-MENDER, T-G4, T-R3]}")
g.apply(Summon(0, first(g, 0, "E-SNIPE", "hand"))); g.apply(Choose(0, (g.state.players[1].field[0],)))
w = GameWindow(g, seats=("ai", "human"), animation_ms=0); w.controller.ai_delay_ms = 10 ** 6
w.restore_geometry(); w.show(); out["substitute"] = geo(w)
print(json.dumps(out))
'''


# ---------------------------------------------------------------- a LAN guest gets the same choices

@pytest.fixture
def loop(qloop):
    return qloop


async def _lan_guest(text: str):
    """A LAN game over an in-process link whose deal is replaced by a position (the guest's audit would say so;
    these tests look at the board, not the audit): the host's session and the guest's window."""
    from bss_desktop.client.controllers.remote import RemoteSession
    from bss_desktop.net.guest import GuestSession
    from bss_desktop.net.host import HostSession
    from bss_desktop.net.link import memory_pair
    from helpers import deck, test_db

    db = test_db()

    def from_position(game):
        built = position(text, settings=game.settings)
        game.__dict__.update(built.__dict__)

    host = HostSession(db, deck(), deck_name="test", name="Aki", tamper=from_position)
    guest = GuestSession(db, deck(), deck_name="test", name="Mio", reconnect_for=5.0)
    guest._check_opening = lambda view: None  # a hand-made opening, which the guest would refuse (protocol 4)
    remote = RemoteSession(guest, db)
    host_end, guest_end = memory_pair()
    asyncio.ensure_future(host.handle(host_end))
    asyncio.ensure_future(guest.play_over(guest_end))
    return host, guest, await shown_guest_window(remote, db)


async def shown_guest_window(remote, db):
    """The guest's game window, opened once the host's first batch is in, shown and laid out as a player sees it."""
    from bss_desktop.client.windows.lan import open_lan_game

    await until(lambda: remote.game._view is not None, what="the first batch")
    gw = open_lan_game(remote, db, None, host=False)
    gw.resize(1280, 800)
    gw.show()
    await asyncio.sleep(0.2)
    gw.view.fitInView(gw.scene.sceneRect(), Qt.KeepAspectRatio)
    return gw


def test_a_lan_guest_picks_cards_it_looked_at_from_the_tray(loop, qtbot):
    # Quiet Scrying over the LAN: the guest looks at its top 3 cards (the host tells only the guest which they
    # are, CR 12-3-1) and takes up to 1 magic card among them
    async def go():
        host, guest, gw = await _lan_guest(game_text(
            "{life: 5, reserve: 3}",
            "{life: 5, reserve: 3, hand: [V-SCRY], deck: [T-MM, T-R1, T-MF, T-W0], field: [{card: T-R1, cores: 1}]}",
            turn_player=1))
        game = gw.model.game
        assert guest.seat == 1 and game.pending.kind == "main" and game.pending.player == 1
        play_magic(gw, game.state.players[1].hand[0])
        tray = gw.bar.tray
        await until(lambda: len(tray.tiles) == 3, what="the looked-at cards in the guest's tray")
        assert [t.card.id for t in tray.tiles] == ["T-MM", "T-R1", "T-MF"] and all(t.caption for t in tray.tiles)
        assert [t.selectable for t in tray.tiles] == [True, False, True]
        assert "looks at 3 cards of their deck: Main Spark, Red Pup, Flash Ward" in gw.log.toPlainText()
        QTest.mouseClick(tray.tiles[2], Qt.LeftButton, Qt.NoModifier, QPoint(10, 10))
        assert tray.tiles[2].selected and gw.bar.buttons[0].isEnabled()
        n = len(host.game.history)
        gw.bar.buttons[0].click()
        await until(lambda: len(host.game.history) > n, what="the host to apply the choice")
        hand = [host.game.state.cards[i].cid for i in host.game.state.players[1].hand]
        assert hand == ["T-MF"]
        # (the guest's log has the line once the host's batch arrives, a moment after the host applied the choice)
        await until(lambda: "Player 2 reveals Flash Ward (CR 12-2-1)" in gw.log.toPlainText() or
                     "Mio reveals Flash Ward (CR 12-2-1)" in gw.log.toPlainText(), what="the reveal in the log")
        await until(lambda: gw.bar.tray.isHidden(), what="the tray to go")
    loop.run_until_complete(go())


def test_a_lan_guest_can_answer_a_search_of_revealed_cards(loop, qtbot):
    """Oracle Pool over the LAN: the revealed cards stay public until the effect has resolved (CR 12-2-2,
    protocol/redaction.py), so the guest's tray shows their faces and the guest picks the one it wants."""
    async def go():
        host, guest, gw = await _lan_guest(game_text(
            "{life: 5, reserve: 3}", "{life: 5, reserve: 3, hand: [V-ORACLE], deck: [T-MM, T-R1, T-MF, T-W0]}",
            turn_player=1))
        play_magic(gw, gw.model.game.state.players[1].hand[0])
        tray = gw.bar.tray
        await until(lambda: len(tray.tiles) == 2, what="the options in the guest's tray")
        assert [t.card.id if t.card is not None else t.caption for t in tray.tiles] == ["T-MM", "T-MF"]
        assert "reveals Flash Ward from the top of their deck" in gw.log.toPlainText()
        QTest.mouseClick(tray.tiles[1], Qt.LeftButton, Qt.NoModifier, QPoint(10, 10))
        n = len(host.game.history)
        gw.bar.buttons[0].click()
        await until(lambda: len(host.game.history) > n, what="the host to apply the choice")
        assert [host.game.state.cards[i].cid for i in host.game.state.players[1].hand] == ["T-MF"]
    loop.run_until_complete(go())


def test_a_lan_guest_picks_a_card_from_below_the_top_of_its_trash(loop, qtbot):
    async def go():
        host, guest, gw = await _lan_guest(game_text(
            "{life: 5, reserve: 3}", "{life: 5, reserve: 3, hand: [E-RECALL], trash: [T-MM, T-R1, T-MF, T-R3]}",
            turn_player=1))
        play_magic(gw, gw.model.game.state.players[1].hand[0])
        tray = gw.bar.tray
        await until(lambda: len(tray.tiles) == 2, what="the trash's magic cards in the guest's tray")
        assert [t.card.id for t in tray.tiles] == ["T-MM", "T-MF"]
        assert {t.caption for t in tray.tiles} == {"your trash"}
        QTest.mouseClick(tray.tiles[0], Qt.LeftButton, Qt.NoModifier, QPoint(10, 10))
        n = len(host.game.history)
        gw.bar.buttons[0].click()
        await until(lambda: len(host.game.history) > n, what="the host to apply the choice")
        assert [host.game.state.cards[i].cid for i in host.game.state.players[1].hand] == ["T-MM"]
    loop.run_until_complete(go())


def test_a_lan_guest_answers_core_or_soul_core_for_its_own_spirit(loop, qtbot):
    async def go():
        host, guest, gw = await _lan_guest(game_text(
            "{life: 5, reserve: 3, hand: [V-LEECH]}",
            "{life: 5, reserve: 3, soul_core: field, field: [{card: T-R3, cores: 1, soul_core: true}]}"))
        from bss_desktop.engine.commands import Summon

        leech = first(host.game, 0, "V-LEECH", "hand")
        host.apply(Summon(0, leech))
        await until(lambda: gw.bar.button_labels()[:1] == ["1 core from Red Knight (keep the soul core)  [Return]"],
                     what="the guest's cores choice")
        assert gw.bar.button_labels()[1] == "the soul core"
        n = len(host.game.history)
        button(gw, "the soul core").click()
        await until(lambda: len(host.game.history) > n, what="the host to apply the choice")
        assert host.game.state.players[1].soul == "reserve"
    loop.run_until_complete(go())
