"""The board of every game, played with the mouse: the layout its profile declares, its zones, trackers, counters
and face-down cards (BOS = ../shared/rules/004; digest §3.2), a game of the player's own written here, and the
start screen's choice of game."""
from __future__ import annotations

import pytest
from helpers import own_profile
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QContextMenuEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from test_client import center, dclick, drag, vp

from bss_desktop import cli
from bss_desktop.carddb.database import game_db
from bss_desktop.client.board import layout
from bss_desktop.client.board.items import TrackerItem, ZoneItem
from bss_desktop.client.windows.game import GameWindow
from bss_desktop.engine.position import game_from_position, position_from_game
from bss_desktop.engine.settings import Ruleset
from bss_desktop.table import get_profile
from bss_desktop.table.profiles import forget

BOS = get_profile("bos")
DB = game_db(BOS)
WARRIOR = next(c.id for c in DB.values() if c.extra.get("class") == "Warrior" and not c.token)
TACTIC = next(c.id for c in DB.values() if c.type == "tactic")


def test_battle_spirits_saga_board_is_the_playsheet_it_always_was():
    """profiles/bss.yaml's layout gives every rectangle the hand-placed board had (scene units)."""
    before = {
        ("field", "bottom"): (206.0, 456.0, 1276.0, 267.0), ("hand", "bottom"): (206.0, 729.0, 1276.0, 263.0),
        ("deck", "bottom"): (1490.0, 802.0, 128.0, 190), ("trash", "bottom"): (1624.0, 802.0, 128.0, 190),
        ("burst", "bottom"): (1557.0, 606.0, 128.0, 190), ("life", "bottom"): (8.0, 495.5, 190.0, 100.0),
        ("reserve", "bottom"): (8.0, 635.5, 190.0, 100.0), ("trash_cores", "bottom"): (8.0, 775.5, 190.0, 100.0),
        ("field", "top"): (206.0, 152.0, 1276.0, 267.0), ("hand", "top"): (206.0, 8.0, 1276.0, 138),
        ("deck", "top"): (1490.0, 8.0, 128.0, 190), ("trash", "top"): (1624.0, 8.0, 128.0, 190),
        ("burst", "top"): (1557.0, 204.0, 128.0, 190), ("life", "top"): (8.0, 279.5, 190.0, 100.0),
        ("reserve", "top"): (8.0, 143.75, 190.0, 100.0), ("trash_cores", "top"): (8.0, 8.0, 190.0, 100.0),
        ("void", "shared"): (8.0, 387.5, 190.0, 100.0), ("use", "shared"): (1490.0, 400.0, 262.0, 200.0),
    }
    now = {k: tuple(round(v, 3) for v in layout.zone_rect(*k)) for k in before}
    assert now == before
    assert layout.CENTER_Y == 437.5
    assert layout.field_slots_t(3, 2, "bottom", (True, False, False, False, False)) == (
        (358.0, 464.0), (585.5, 464.0), (777.5, 464.0), (993.5, 464.0), (1185.5, 464.0))


@pytest.mark.parametrize("game", ["bss", "standard", "eternal", "bos"])
def test_every_games_zones_lie_on_the_board_without_overlapping(game):
    lay = layout.layout_for(get_profile(game))
    rects = [((z, s), r) for s in ("bottom", "top") for z, r in lay.areas[s].items()] + list(lay.shared.items())
    for (name, r) in rects:
        assert 0 <= r.x and r.x + r.w <= layout.SCENE_W and 0 <= r.y and r.y + r.h <= layout.SCENE_H, name
        assert r.w > 0 and r.h > 0, name
    for i, (a, ra) in enumerate(rects):
        for b, rb in rects[i + 1:]:
            apart = ra.x + ra.w <= rb.x or rb.x + rb.w <= ra.x or ra.y + ra.h <= rb.y or rb.y + rb.h <= ra.y
            assert apart, (a, ra, b, rb)


def bos_window(qtbot, **players):
    data = {"game": "bos", "turn": 3, "turn_player": 0, "players": []}
    for p in (0, 1):
        pd = {"deck": [WARRIOR] * 10, "trackers": {"sp": 8000}}
        pd.update(players.get(f"p{p}", {}))
        data["players"].append(pd)
    game = game_from_position(data, DB, settings=Ruleset(sandbox=True))
    return show(qtbot, game), game


def show(qtbot, game) -> GameWindow:
    """A sandbox window of `game` at a laptop's size, its board fitted."""
    w = GameWindow(game, seats=("human", "human"), animation_ms=0, sandbox=True)
    qtbot.addWidget(w)
    w.resize(1366, 768)
    w.show()
    qtbot.waitExposed(w)
    w.view.fitInView(w.scene.sceneRect(), Qt.KeepAspectRatio)
    return w


def zone_centre(w, zone: str, side: str = "bottom") -> QPointF:
    return QPointF(*w.scene.lay.zone_rect(zone, side).center)


def test_bos_board_has_its_zones_and_soul_points_and_no_cores(qtbot):
    w, _ = bos_window(qtbot)
    titles = {item.title for item in w.scene.zones.values() if isinstance(item, ZoneItem)}
    assert {"Fighters", "Equipment", "Tactics", "Battlefield", "Discard pile", "Removed from play"} <= titles
    assert not w.scene.piles  # no life, reserve, trash cores or void (digest §3.2 need 12)
    sp = w.scene.trackers[("sp", "bottom")]
    assert isinstance(sp, TrackerItem) and sp.value == 8000 and sp.title == "Soul Points"


def test_bos_a_fighter_dragged_to_the_fighter_zone_rests_on_a_double_click(qtbot):
    """BOS §The Game Layout: fighters enter upright in attack position; sideways is rest position."""
    w, game = bos_window(qtbot, p0={"hand": [WARRIOR]})
    card = game.state.players[0].hand[0]
    drag(w, center(w.scene.cards[card]), zone_centre(w, "fighter"))
    g = w.model.game
    assert g.state.cards[card].zone == "fighter" and w.scene.cards[card].zone == "fighter"
    dclick(w, center(w.scene.cards[card]))
    assert g.state.cards[card].exhausted and w.scene.cards[card].rotation() == 90
    assert f"(by hand) moves {DB[WARRIOR].name} to the fighters." in w.log.toPlainText()
    assert w.controller.undo()
    assert not w.model.game.state.cards[card].exhausted


def test_bos_a_tactic_set_face_down_shows_its_back_to_the_other_side(qtbot):
    """BOS §Tactic Cards: set face down; only its owner sees it (hot-seat: the Other side button)."""
    w, game = bos_window(qtbot, p0={"hand": [TACTIC]})
    card = game.state.players[0].hand[0]
    drag(w, center(w.scene.cards[card]), zone_centre(w, "tactic"))
    item = w.scene.cards[card]
    assert item.card is not None and item.marks[0] is True  # the owner sees it, veiled "Face down"
    next(b for b in w.bar.buttons if b.text().startswith("Other side")).click()
    assert w.controller.viewer == 1
    assert w.scene.cards[card].card is None  # a back


def right_click(w, point: QPointF):
    port = w.view.viewport()
    QTest.mousePress(port, Qt.RightButton, Qt.NoModifier, vp(w, point.x(), point.y()))
    QTest.mouseRelease(port, Qt.RightButton, Qt.NoModifier, vp(w, point.x(), point.y()))


class action:
    """The menu item `text` of the card or tracker menu just opened; trigger() chooses it and closes the menu (an
    open popup would take the next test's mouse)."""

    def __init__(self, w, text: str):
        self.menu = w.controller._menu
        self.act = next(a for a in self.menu.actions() if a.text() == text)

    def trigger(self) -> None:
        self.act.trigger()
        self.menu.close()


def test_bos_soul_points_transfer_from_the_trackers_menu_is_logged_both_ways(qtbot):
    """BOS §Battles: SP damage is a transfer: what one player loses the other gains (digest §3.2 need 2)."""
    w, _ = bos_window(qtbot)
    right_click(w, zone_centre(w, "sp", "top"))
    action(w, "Transfer Soul Points to the other player…").trigger()
    panel = w.bar.panel
    panel.box.setValue(1500)
    panel.ok.click()
    g = w.model.game
    assert [g.state.table.trackers[p]["sp"] for p in (0, 1)] == [9500, 6500]
    assert [w.scene.trackers[(("sp", s))].value for s in ("bottom", "top")] == [9500, 6500]
    assert "transfers 1,500 Soul Points — Player 1 8,000 → 9,500, Player 2 8,000 → 6,500" in w.log.toPlainText()
    right_click(w, zone_centre(w, "sp", "bottom"))
    action(w, "+100 Soul Points").trigger()
    assert w.model.game.state.table.trackers[0]["sp"] == 9600
    right_click(w, zone_centre(w, "sp", "bottom"))
    action(w, "Lose Soul Points…").trigger()
    box = w.bar.panel.box
    box.lineEdit().selectAll()
    QTest.keyClicks(box, "600")
    QTest.keyClick(box, Qt.Key_Return)  # the OK button says [Enter]: Enter in the number sends it
    assert w.model.game.state.table.trackers[0]["sp"] == 9000 and w.bar.panel is None


def test_bos_kill_tokens_and_attachment_from_the_cards_menu(qtbot):
    equipment = next(c.id for c in DB.values() if c.extra.get("subtype") == "Attached")
    w, game = bos_window(qtbot, p0={"fighter": [WARRIOR], "equipment": [equipment]})
    fighter, eq = game.zone_cards(0, "fighter")[0], game.zone_cards(0, "equipment")[0]
    right_click(w, center(w.scene.cards[fighter]))
    action(w, "+1 kill token").trigger()
    assert w.scene.cards[fighter].marks[1] == (("kill", 1),)
    right_click(w, center(w.scene.cards[eq]))
    action(w, f"Attach to {DB[WARRIOR].name}").trigger()
    assert w.scene.cards[eq].marks[2] == DB[WARRIOR].name
    right_click(w, center(w.scene.cards[fighter]))
    action(w, "To discard pile").trigger()
    g = w.model.game
    assert g.zone_cards(0, "discard") == [fighter, eq]  # the equipment went with its fighter


@pytest.fixture
def duel():
    with own_profile() as profile:
        yield profile


def test_a_game_of_the_players_own_plays_saves_and_loads_with_no_python_change(qtbot, duel):
    """A profile written here (an extra zone and a tracker): its sandbox, its board, its positions."""
    data = {"game": "duel", "turn": 2, "turn_player": 1, "players": [
        {"deck": [WARRIOR] * 5, "hand": [WARRIOR, TACTIC]}, {"deck": [WARRIOR] * 5}]}
    game = game_from_position(data, DB, settings=Ruleset(sandbox=True))
    w = show(qtbot, game)
    card = game.state.players[0].hand[0]
    drag(w, center(w.scene.cards[card]), zone_centre(w, "graveyard"))
    g = w.model.game
    assert g.zone_cards(0, "graveyard") == [card] and w.scene.zones[("graveyard", "bottom")].count_text == "1"
    right_click(w, zone_centre(w, "mana"))
    action(w, "+10 Mana").trigger()
    assert w.scene.trackers[("mana", "bottom")].value == 13
    saved = position_from_game(w.model.game)
    assert saved["game"] == "duel" and saved["players"][0]["graveyard"] == [WARRIOR]
    assert saved["players"][0]["trackers"] == {"sp": 8000, "mana": 13}
    again = game_from_position(saved, DB, settings=Ruleset(sandbox=True))
    assert again.profile is duel and position_from_game(again) == saved


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("BSS_DESKTOP_HOME", str(tmp_path))
    forget()
    yield tmp_path
    forget()


def test_the_start_screen_chooses_the_game_first(qtbot, home):
    from bss_desktop.app.main import StartWindow

    start = StartWindow()
    qtbot.addWidget(start)
    box = start.game_box
    assert [box.itemData(i) for i in range(box.count())][:4] == ["bss", "standard", "eternal", "bos"]
    box.setCurrentIndex(box.findData("bos"))
    assert start.title.text() == "Battle of Souls"
    # its rules module plays it against the computer and hot-seat (the guided game teaches Saga's)
    assert start.vs_ai.isEnabled() and start.hotseat.isEnabled() and not start.guided.isVisible()
    assert "rules keep the game legal" in start.subtitle.text()
    assert sorted(start.decks) == ["brine-corsairs", "iron-legion", "shadow-court", "thornwood-wardens"]
    start.sandbox.click()
    window = start.windows[-1]
    qtbot.addWidget(window)  # closed with the test: an open window would take the next tests' mouse
    assert window.game.profile.id == "bos" and ("fighter", "bottom") in window.scene.zones
    assert len(window.game.state.players[0].hand) == 5 and window.game.state.table.areas[0]["side"]
    box.setCurrentIndex(box.findData("bss"))
    assert start.vs_ai.isEnabled() and "red-saga" in start.decks


@pytest.mark.parametrize("game", ["bss", "standard", "eternal", "bos"])
def test_cli_renders_a_mid_game_sandbox_of_each_game(tmp_path, game):
    out = tmp_path / f"{game}.png"
    assert cli.main(["--screenshot", str(out), "--game", game, "--window", "sandbox"]) == 0
    assert out.stat().st_size > 20_000


def test_cli_refuses_an_unknown_game_in_one_line(tmp_path, capsys):
    assert cli.main(["--screenshot", str(tmp_path / "x.png"), "--game", "chess", "--window", "sandbox"]) == 2
    assert "no game is called 'chess'" in capsys.readouterr().err


def button(w, label: str):
    return next(b for b in w.bar.buttons if b.text().startswith(label))


def test_bos_sandbox_opens_with_the_mulligan_helper_and_both_players_must_keep(qtbot):
    """BOS Getting Started 5 (digest §3.2 need 10), played with the decision bar's buttons: the helper counts the
    hand's Warrior-class fighters, shows a mulligan's hand in the log, lets the other player follow, and the first
    turn begins only when both keep."""
    from bss_desktop.engine.game import Game

    cards = [c for c in DB.values() if not c.token]
    warriors = [c.id for c in cards if c.extra.get("class") == "Warrior"]
    others = [c.id for c in cards if c.type in ("equipment", "tactic")]
    game = Game.new(DB, [(others * 4)[:40], (warriors * 4)[:40]], 9, first_player=0,
                    settings=Ruleset(sandbox=True), profile=BOS)
    w = show(qtbot, game)
    text = w.bar.label.text()
    assert "Opening hand — Player 1" in text and "0 Warrior cards in the hand" in text and "Mulligans left: 2 of 2" in text
    button(w, "Mulligan").click()
    log = w.log.toPlainText()
    assert "Player 1 takes a mulligan: the hand goes back and 5 new cards are drawn." in log
    assert "Player 1 reveals" in log  # the hand was shown
    assert w.controller.viewer == 1  # Player 2's hand is the one on the bar now
    text = w.bar.label.text()
    assert "Player 2" in text and "you may take one too" in text
    assert button(w, "Mulligan").isEnabled()  # following, with five Warriors
    button(w, "Keep").click()
    assert "Player 1" in w.bar.label.text() and game.state.stage == "mulligan"
    button(w, "Keep").click()
    assert game.state.stage == "main" and game.state.turn == 1
    assert "Sandbox of Battle of Souls" in w.bar.label.text()
    assert [len(p.hand) for p in game.state.players] == [5, 5]


def test_bos_a_hand_with_two_warriors_has_its_mulligan_button_greyed_with_the_reason(qtbot):
    from bss_desktop.engine.game import Game

    warriors = [c.id for c in DB.values() if c.extra.get("class") == "Warrior" and not c.token]
    game = Game.new(DB, [(warriors * 4)[:40]] * 2, 9, first_player=0, settings=Ruleset(sandbox=True), profile=BOS)
    w = show(qtbot, game)
    w.activateWindow()  # window shortcuts reach only the active window, as on a desktop
    qtbot.waitUntil(lambda: QApplication.activeWindow() is w, timeout=3000)
    w.bar.key_guard_ms = 0  # keys here are pressed on purpose (the guard has its own test)
    mull = button(w, "Mulligan")
    assert not mull.isEnabled() and "this hand has 5" in mull.toolTip()
    QTest.keyClick(w, Qt.Key_M)  # its key does nothing either
    QTest.qWait(200)  # (a shortcut clicks its button a moment later)
    assert game.state.table.mulligans == [0, 0] and game.pending.player == 0
    QTest.keyClick(w, Qt.Key_K)
    qtbot.waitUntil(lambda: game.pending.player == 1, timeout=2000)


def test_bos_sandbox_shows_the_turns_steps_and_next_step_moves_it_on(qtbot):
    """BOS §Turn Structure: draw, ready, main 1, battle, main 2, end; the bar marks the step, Next step moves it on
    (past the end: the other player's turn), and each move is in the log."""
    w, game = bos_window(qtbot)
    assert "turn 3, Player 1's turn:" in w.bar.label.text() and "<u>Draw</u>" in w.bar.label.text()
    for _ in range(5):
        button(w, "Next step").click()
    assert game.state.step == "end" and "<u>End</u>" in w.bar.label.text()
    button(w, "Next step").click()
    assert (game.state.turn, game.state.turn_player, game.state.step) == (4, 1, "draw")
    assert "Player 1 moves the turn on: turn 4, Player 2's draw step." in w.log.toPlainText()
    assert "turn 4, Player 2's turn:" in w.bar.label.text()


def test_bos_side_deck_is_looked_through_from_the_view_menu_and_played_from_there(qtbot):
    """BOS §Side deck (digest §3.2 need 9): the side deck is out of the game and only its owner sees it; in the
    sandbox a card leaves it by a double-click (to the hand) or the viewer's right-click menu."""
    w, game = bos_window(qtbot, p0={"side": [TACTIC, WARRIOR]}, p1={"side": [WARRIOR]})
    actions = {a.text(): a for a in w.menuBar().actions()[1].menu().actions()}
    assert {"Your side deck", "Opponent's side deck", "Your discard pile", "Your removed from play"} <= set(actions)
    actions["Opponent's side deck"].trigger()
    theirs = w._zone_viewer
    qtbot.addWidget(theirs)
    assert theirs.list.count() == 0 and "1 card(s), hidden from you" in theirs.heading.text()
    actions["Your side deck"].trigger()
    mine = w._zone_viewer
    qtbot.addWidget(mine)
    names = [mine.list.item(i).text() for i in range(mine.list.count())]
    assert names == [f"{DB[WARRIOR].name}  ({WARRIOR})", f"{DB[TACTIC].name}  ({TACTIC})"]  # newest first
    assert "only its owner sees it; out of the game" in mine.heading.text()
    mine.show()
    qtbot.waitExposed(mine)
    warrior = mine.list.item(0).data(Qt.UserRole)
    row = mine.list.visualItemRect(mine.list.item(0)).center()
    QTest.mouseClick(mine.list.viewport(), Qt.LeftButton, Qt.NoModifier, row)  # a double-click is press, release,
    QTest.mouseDClick(mine.list.viewport(), Qt.LeftButton, Qt.NoModifier, row)  # then the double-click event
    assert game.state.cards[warrior].zone == "hand" and mine.list.count() == 1  # the list follows the game
    row = mine.list.visualItemRect(mine.list.item(0)).center()
    QApplication.sendEvent(mine.list.viewport(), QContextMenuEvent(QContextMenuEvent.Mouse, row,
                                                                   mine.list.viewport().mapToGlobal(row)))
    menu = mine._menu
    to_tactics = next(a for a in menu.actions() if a.text() == "To the tactics")
    to_tactics.trigger()
    menu.close()
    assert game.zone_cards(0, "tactic") and game.zone_cards(0, "side") == []
    assert "Player 1 (by hand)" in w.log.toPlainText()


def test_bos_match_best_of_three_with_the_losers_choice_and_side_deck_swaps(qtbot):
    """BOS Getting Started (digest §3.2 need 9): battles are played in a match of 3, the best 2 wins; the loser of
    a battle chooses to go first or second; between battles cards are swapped with the side deck one for one."""
    from collections import Counter

    from bss_desktop.carddb.deck_formats import game_decks
    from bss_desktop.engine.game import Game

    decks = list(game_decks(DB, BOS).values())
    game = Game.new(DB, [decks[0].cards, decks[1].cards], 4, first_player=0, settings=Ruleset(sandbox=True),
                    profile=BOS, sides=[decks[0].side, decks[1].side])
    w = show(qtbot, game)
    menu = next(a.menu() for a in w.menuBar().actions() if a.text() == "&Match")
    actions = {a.text(): a for a in menu.actions()}
    assert "Match: Player 1 0 – 0 Player 2 (battle 1 of 3)" in actions
    actions["Player 1 won this battle"].trigger()
    panel = w._match_panel
    qtbot.addWidget(panel)
    assert panel.first.checkedButton().text() == "Player 2 goes first"  # the loser chooses
    box = panel.boxes[0]
    out, into = box.deck_list.item(0).data(Qt.UserRole), box.side_list.item(0).data(Qt.UserRole)
    box.deck_list.setCurrentRow(0)
    box.side_list.setCurrentRow(0)
    box.swap_button.click()
    assert f"Deck {len(decks[0].cards)} · side deck {len(decks[0].side)} (as before)" in box.count.text()
    panel.start_button.click()
    new = w.model.game
    assert new is not game and new.state.first_player == 1 and new.state.stage == "mulligan"
    mine = Counter(new.state.cards[i].cid for i in new.state.players[0].deck + new.state.players[0].hand)
    want = Counter(decks[0].cards) - Counter([out]) + Counter([into])
    side = Counter(new.state.cards[i].cid for i in new.zone_cards(0, "side"))
    assert mine == want and side == Counter(decks[0].side) - Counter([into]) + Counter([out])
    assert "— Battle 2: Player 2 goes first —" in w.log.toPlainText()
    assert "Match: Player 1 1 – 0 Player 2 (battle 2 of 3)" in {a.text() for a in menu.actions()}
    actions["Player 2 won this battle"].trigger()
    qtbot.addWidget(w._match_panel)
    w._match_panel.start_button.click()  # Player 1 lost: goes first
    assert w.model.game.state.first_player == 0
    actions["Player 2 won this battle"].trigger()
    assert "Player 2 wins the match 2 – 1." in w.log.toPlainText()
    assert not actions["Player 1 won this battle"].isEnabled()
    assert "Match: Player 1 1 – 2 Player 2 (Player 2 won the match)" in {a.text() for a in menu.actions()}


def test_cr_3_4_2_a_trash_is_reordered_from_its_viewer_in_the_sandbox(qtbot):
    """Battle Spirits Saga's trash (profiles/bss.yaml: reorder all): the viewer's Alt+Up moves a card one place,
    and the game's trash follows; Standard's removed area is its owner's to order, so the other side's viewer
    offers no reorder."""
    from helpers import position

    game = position("""
        turn: 3
        turn_player: 0
        settings: {sandbox: true}
        players:
          - {life: 5}
          - {life: 5, trash: [T-R1, T-B2, T-R3]}
    """)
    w = show(qtbot, game)
    w.show_zone("other")  # the opponent's trash: both players may order a trash (CR 3-4-2)
    viewer = w._zone_viewer
    qtbot.addWidget(viewer)
    assert "Alt+Up" in viewer.heading.text()
    newest = [viewer.list.item(i).data(Qt.UserRole) for i in range(3)]
    viewer.list.setCurrentRow(2)
    viewer.list.setFocus()
    QTest.keyClick(viewer.list, Qt.Key_Up, Qt.AltModifier)
    assert game.state.players[1].trash[::-1] == [newest[0], newest[2], newest[1]]
    assert "reorders Player 2's trash" in w.log.toPlainText()


def test_bos_a_random_card_of_the_opponents_hidden_hand_is_picked_and_shown(qtbot):
    """Digest §3.2 need 7: a random hidden card choice from a hand, by the game's generator, shown to both and
    logged (a random discard, say)."""
    w, game = bos_window(qtbot, p1={"hand": [WARRIOR, TACTIC, TACTIC]})
    theirs = next(k for k in w.scene.cards if isinstance(k, tuple) and k[0] == "hand" and k[1] == 1)
    right_click(w, center(w.scene.cards[theirs]))
    action(w, "A card of this hand at random (revealed)").trigger()
    log = w.log.toPlainText()
    assert "Player 1 picks a card of Player 2's hand at random (of 3):" in log
    shown = log.rsplit("Player 1 reveals ", 1)[1].split(".")[0]
    assert shown in (DB[WARRIOR].name, DB[TACTIC].name)
    assert len(game.state.players[1].hand) == 3  # shown, not moved: the player moves it where the effect says


def test_bos_searching_the_whole_deck_ends_with_a_shuffle(qtbot):
    """Digest §3.2 need 8 (profile `zones.deck.search_shuffles`): a search of the deck is followed by a shuffle;
    looking at the top cards leaves the choice to the player."""
    w, game = bos_window(qtbot)
    before = list(game.state.players[0].deck)
    deck = next(k for k in w.scene.cards if isinstance(k, tuple) and k[0] == "deck" and k[1] == 0)
    right_click(w, center(w.scene.cards[deck]))
    action(w, "Search the deck…").trigger()
    panel = w.bar.panel
    assert panel.spin.value() == 0 and panel.shuffle.isChecked() and not panel.shuffle.isEnabled()
    panel.spin.setValue(3)
    assert panel.shuffle.isEnabled()
    panel.spin.setValue(0)
    panel.look.click()
    viewer = w.controller._deck_viewer
    qtbot.addWidget(viewer)
    viewer.close()
    assert w.log.toPlainText().splitlines()[-1].strip() == "Player 1's deck is shuffled."
    assert sorted(game.state.players[0].deck) == sorted(before) and game.state.players[0].deck != before
