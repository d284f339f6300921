"""The turn's table of Battle of Souls on the sandbox's board and bar (profile `turn_rules`): the Ready button and
menu, the attack mark and the "set this turn" badge, equipment warned in the battle step, the end phase's hand
limit, a deck-out loss, and asking before looking through the opponent's discard pile (BOS = ../shared/rules/004).
Played with Qt's own signals: bar buttons clicked, menu actions triggered, the mouse on the board."""
from __future__ import annotations

from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QLabel
from test_client import center, dclick, drag
from test_table_board import action, button, right_click, show

from bss_desktop.carddb.database import game_db
from bss_desktop.engine.position import game_from_position
from bss_desktop.engine.settings import Ruleset
from bss_desktop.table import get_profile

BOS = get_profile("bos")
DB = game_db(BOS)
WARRIOR = next(c.id for c in DB.values() if c.extra.get("class") == "Warrior" and not c.token)
TACTIC = next(c.id for c in DB.values() if c.type == "tactic")
EQUIPMENT = next(c.id for c in DB.values() if c.extra.get("subtype") == "Attached")


def window(qtbot, step: str = "main1", deck: int = 10, **players):
    data = {"game": "bos", "turn": 3, "turn_player": 0, "step": step, "players": []}
    for p in (0, 1):
        pd = {"deck": [WARRIOR] * deck, "trackers": {"sp": 8000}}
        pd.update(players.get(f"p{p}", {}))
        data["players"].append(pd)
    game = game_from_position(data, DB, settings=Ruleset(sandbox=True))
    return show(qtbot, game), game


def zone_centre(w, zone: str, side: str = "bottom") -> QPointF:
    return QPointF(*w.scene.lay.zone_rect(zone, side).center)


def test_bos_ready_phase_the_bars_ready_button_turns_every_rest_fighter_to_attack(qtbot):
    """BOS §Ready Phase: in the ready step the bar offers Ready; one click turns all rest-position fighters."""
    w, game = window(qtbot, step="ready", p0={"fighter": [{"card": WARRIOR, "exhausted": True}] * 2})
    button(w, "Ready (attack position)").click()
    fighters = game.zone_cards(0, "fighter")
    assert not any(game.state.cards[i].exhausted for i in fighters)
    assert all(w.scene.cards[i].rotation() == 0 for i in fighters)
    assert "readies Player 1's fighters: 2 card(s) to attack position (BOS §Ready Phase)." in w.log.toPlainText()
    button(w, "Next step").click()  # main 1: no Ready button
    assert not [b for b in w.bar.buttons if b.text().startswith("Ready")]


def test_bos_ready_from_the_fighter_zones_menu(qtbot):
    w, game = window(qtbot, p0={"fighter": [{"card": WARRIOR, "exhausted": True}, WARRIOR]})
    first = game.zone_cards(0, "fighter")[0]
    right_click(w, center(w.scene.cards[first]))
    action(w, "Ready all of these (attack position)").trigger()
    assert not game.state.cards[first].exhausted


def test_bos_battle_step_attack_with_this_fighter_marks_it_with_a_badge_not_a_rest(qtbot):
    """BOS §Battle Step (digest §3.3 defect 7): the attack is a mark on the card, shown as a badge; it stays
    upright; the mark goes when the turn passes."""
    w, game = window(qtbot, step="battle", p0={"fighter": [WARRIOR]})
    fighter = game.zone_cards(0, "fighter")[0]
    right_click(w, center(w.scene.cards[fighter]))
    action(w, "Attack with this fighter (mark it)").trigger()
    item = w.scene.cards[fighter]
    assert item.marks[4] == ("Attacked",) and item.rotation() == 0
    assert "attacks with" in w.log.toPlainText()
    for _ in range(3):  # main 2, end, the other player's turn
        button(w, "Next step").click()
    assert not w.scene.cards[fighter].marks


def test_bos_tactic_cards_set_this_turn_badge_and_the_warning_when_flipped(qtbot):
    """BOS §Tactic Cards: a tactic dropped on its zone is set face down, badged "Set this turn"; turned face up the
    same turn, the log warns (the sandbox lets it be)."""
    w, game = window(qtbot, p0={"hand": [TACTIC]})
    card = game.state.players[0].hand[0]
    drag(w, center(w.scene.cards[card]), zone_centre(w, "tactic"))
    assert w.scene.cards[card].marks[4] == ("Set this turn",)
    right_click(w, center(w.scene.cards[card]))
    action(w, "Turn face up").trigger()
    assert "was set this turn; it is activated on a later turn (BOS §Tactic Cards; the sandbox lets it be)." \
        in w.log.toPlainText()


def test_bos_equipment_dropped_in_the_battle_step_is_warned_in_the_log(qtbot):
    """BOS §Equipment and Tactic Card Chains: no equipment in the battle phase: a note, the card still moves."""
    w, game = window(qtbot, step="battle", p0={"hand": [EQUIPMENT]})
    card = game.state.players[0].hand[0]
    drag(w, center(w.scene.cards[card]), zone_centre(w, "equipment"))
    assert game.state.cards[card].zone == "equipment"
    assert "Note: no equipment cards in the battle step (BOS §Equipment and Tactic Card Chains" in w.log.toPlainText()


def test_bos_end_phase_the_bar_reminds_the_hand_limit(qtbot):
    """BOS §End Phase (ruling on digest §3.3 defect 6): more than 7 at the end phase: discard down to 6."""
    w, game = window(qtbot, step="main2", p0={"hand": [WARRIOR] * 8})
    button(w, "Next step").click()
    assert "Reminder: Player 1's hand holds 8, more than 7: discard down to 6 (BOS §End Phase)." \
        in w.bar.label.text()
    assert "Reminder: Player 1's hand holds 8" in w.log.toPlainText()


def test_bos_draw_phase_a_double_click_on_an_empty_deck_says_who_lost(qtbot):
    """BOS §Draw Phase: the deck's double-click on an empty deck flags the loss: the log line, the bar, and the
    player's Soul Points marked as lost (as a tracker's lose_at)."""
    w, game = window(qtbot, deck=0, p1={"deck": [WARRIOR] * 5})
    dclick(w, zone_centre(w, "deck"))
    assert "Player 1 cannot draw: loses (BOS §Draw Phase)." in w.log.toPlainText()
    assert "Player 1 cannot draw: lost (BOS §Draw Phase)." in w.bar.label.text()
    assert w.scene.trackers[("sp", "bottom")].mark == "lose_at" and w.scene.trackers[("sp", "top")].mark == ""


def test_bos_public_knowledge_the_opponents_discard_pile_is_shown_only_if_they_allow(qtbot):
    """BOS §Public Knowledge: "you must ask their permission first". On one machine the bar asks the other player
    (Allow / Refuse); Refuse keeps it closed, Allow shows it (logged as shown by its owner). One's own: no ask."""
    w, game = window(qtbot, p1={"discard": [WARRIOR]})
    view = {a.text(): a for a in w.menuBar().actions()[1].menu().actions()}
    w._zone_viewer = None
    view["Opponent's discard pile"].trigger()
    panel = w.bar.panel
    assert w._zone_viewer is None
    assert "Player 2: Player 1 asks to look through your discard pile" in panel.findChild(QLabel).text()
    panel.refuse.click()
    assert w._zone_viewer is None and w.bar.panel is None
    view["Opponent's discard pile"].trigger()
    w.bar.panel.allow.click()
    viewer = w._zone_viewer
    qtbot.addWidget(viewer)
    assert viewer.owner == 1 and viewer.list.count() == 1
    assert "Player 2 shows Player 2's discard pile to the other player." in w.log.toPlainText()
    w._zone_viewer = None
    view["Your discard pile"].trigger()
    qtbot.addWidget(w._zone_viewer)
    assert w._zone_viewer.owner == 0 and w.bar.panel is None


def test_bos_public_knowledge_the_lan_request_says_what_the_other_player_asks():
    """Over the LAN the owner's bar reads the request (ruling 12's Allow / Refuse panel, client/windows/lan.py)."""
    from bss_desktop.client.windows.lan import request_text
    from bss_desktop.engine.commands import ManualBrowse

    game = game_from_position({"game": "bos", "turn": 3, "turn_player": 0, "players": [{"deck": []}, {"deck": []}]},
                              DB, settings=Ruleset(sandbox=True))
    assert request_text(game, ManualBrowse(1, 1, "discard")) == \
        "let them look through your discard pile (Allow shows it to them)"
