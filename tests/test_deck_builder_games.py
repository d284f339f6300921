"""The deck builder of every game: Battle of Souls cards listed by their own fields (class, ATK, RST, sub-type),
searched by them, checked by its deck rules (BOS §Getting Started: 40 to 80 cards, 4 of a card, 3 Legendary
Warriors, a side deck of 0 to 15) and saved with their side deck in the game's own folder."""
from __future__ import annotations

import pytest
from PySide6.QtTest import QTest
from test_deck_builder import double_click, row_point, shown_ids, type_query

from bss_desktop.carddb.database import game_db
from bss_desktop.carddb.deck_formats import game_decks, read_deck
from bss_desktop.table import get_profile

BOS = get_profile("bos")
DB = game_db(BOS)
DECKS = game_decks(DB, BOS)


@pytest.fixture
def bos_builder(qtbot, tmp_path, monkeypatch):
    from bss_desktop.client.deck_builder import DeckBuilderWindow

    monkeypatch.setenv("BSS_DESKTOP_HOME", str(tmp_path))
    w = DeckBuilderWindow(DB, dict(DECKS), game="bos")
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    return w


def test_bos_cards_are_listed_by_their_own_fields(bos_builder):
    w = bos_builder
    model = w.browser.model
    assert model.headers == ("Name", "Type", "Class", "ATK", "RST", "Sub-type", "Set", "ID", "Deck")
    assert "of Battle of Souls" in w.windowTitle()
    assert not w.play_ai.isEnabled() and "no rules module" in w.play_ai.toolTip()
    fighter = next(c for c in DB.values() if c.extra.get("class") == "Warlord")
    row = model.row_of(fighter.id)
    assert [model.data(model.index(row, c)) for c in (1, 2, 3, 4)] == [
        "Fighter", "Warlord", str(fighter.extra["atk"]), str(fighter.extra["rst"])]


def test_bos_search_by_atk_and_class_and_the_class_chips(bos_builder):
    w = bos_builder
    type_query(w, "atk>=2500 class:warlord")
    want = sorted(c.id for c in DB.values() if not c.token and c.extra.get("class") == "Warlord"
                  and c.extra.get("atk", 0) >= 2500)
    assert sorted(shown_ids(w)) == want and want
    type_query(w, "class:knight")
    assert "unknown class 'knight'" in w.browser.error_label.text()
    type_query(w, "")
    chip = next(c for c in w.browser.chips["field"] if c.value == "Legendary Warrior")
    chip.click()
    assert {DB[i].extra["class"] for i in shown_ids(w)} == {"Legendary Warrior"}


def test_bos_deck_rules_hold_in_the_builder(bos_builder):
    """BOS §Getting Started: at most 3 Legendary Warriors in total, at most 4 of a card."""
    w = bos_builder
    w.open_deck("iron-legion")
    assert w.draft.issues(w.side) == []
    legend = [c.id for c in DB.values() if c.extra.get("class") == "Legendary Warrior" and w.draft.count(c.id) < 4]
    for card in legend:
        while w.draft.count(card) < 2 and len([i for i in w.draft.cards() if DB[i].extra.get("class") ==
                                                "Legendary Warrior"]) < 4:
            assert w.add_card(card) is not False
    issues = w.draft.issues(w.side)
    assert any(i.kind == "group" and "Legendary Warriors; at most 3" in i.message for i in issues)


def test_bos_deck_saved_in_its_own_folder_keeps_its_side_deck(bos_builder, tmp_path):
    from bss_desktop import paths

    w = bos_builder
    w.open_deck("shadow-court")
    side = list(w.side)
    assert side  # the shipped deck's side deck came along
    type_query(w, "t:battlefield")
    view = w.browser.table
    double_click(view.viewport(), row_point(view, 0, 0))
    w._save_named("Court Test", paths.decks_dir() / "bos" / "court-test.txt")
    path = paths.decks_dir() / "bos" / "court-test.txt"
    text = path.read_text()
    again = read_deck(text, DB)
    court = game_decks(DB, BOS)["shadow-court"].cards
    assert sorted(again.side) == sorted(side) and len(again.deck.cards) == len(court) + 1  # + the battlefield
    assert "# Side deck" in text


def test_cli_renders_the_deck_builder_of_a_game(tmp_path):
    from bss_desktop import cli

    out = tmp_path / "db.png"
    assert cli.main(["--screenshot", str(out), "--window", "deck-builder", "--game", "bos"]) == 0
    assert out.stat().st_size > 20_000


def test_the_sample_hand_of_bos_is_five_cards_with_two_mulligans(bos_builder):
    """BOS §Preparing to battle: draw 5; at most 2 mulligans."""
    w = bos_builder
    w.open_deck("iron-legion")
    w.tabs.setCurrentWidget(w.hand)
    hand = w.hand
    hand.seed = 3
    assert hand.keep_button.text() == "Keep"
    hand.new_button.click()
    assert len(hand.hand()) == 5
    hand.mulligan_button.click()
    assert len(hand.hand()) == 5 and hand.mulligan_button.isEnabled()
    hand.mulligan_button.click()
    assert len(hand.hand()) == 5 and not hand.mulligan_button.isEnabled()  # the second is the last
    hand.keep_button.click()
    assert len(hand.hand()) == 5  # no card for keeping
    QTest.qWait(10)


def test_a_bos_deck_built_from_the_start_screen_is_offered_there(qtbot, tmp_path, monkeypatch):
    from bss_desktop import paths
    from bss_desktop.app.main import StartWindow
    from bss_desktop.table.profiles import forget

    monkeypatch.setenv("BSS_DESKTOP_HOME", str(tmp_path))
    forget()
    start = StartWindow()
    qtbot.addWidget(start)
    start.game_box.setCurrentIndex(start.game_box.findData("bos"))
    start.builder_button.click()
    builder = start.windows[-1]
    qtbot.addWidget(builder)
    assert builder.profile.id == "bos" and builder.browser.model.headers[2] == "Class"
    builder.open_deck("iron-legion")
    assert builder._save_named("My Legion", paths.decks_dir() / "bos" / "my-legion.txt")
    assert "my-my-legion" in start.decks and start.decks["my-my-legion"].side
    start.game_box.setCurrentIndex(start.game_box.findData("standard"))
    start.game_box.setCurrentIndex(start.game_box.findData("bos"))
    assert "my-my-legion" in start.decks  # read again from the game's deck folder
    builder.close()


def test_bos_side_deck_is_edited_in_the_builder_with_its_limits_and_undo(bos_builder, tmp_path):
    """BOS §Side deck: 0 to 15 cards kept outside the game; BOS §Getting Started: the copy limit counts "your
    deck" only, so the side deck may hold a fifth copy (a swap that would break the deck is refused, table/match.py).
    Cards go in with the panel's switch and a double-click in the list, come out with a double-click in the side
    list or Delete, and every edit is undone with Ctrl+Z."""
    from PySide6.QtCore import Qt

    from bss_desktop import paths

    w = bos_builder
    w.open_deck("iron-legion")
    w.undo_stack.clear()
    side = w.panel.side_list
    assert w.panel.to_side.isVisible() and side.isVisible()
    start = list(w.side)
    deck_before = dict(w.draft.counts)
    tactic = next(c.id for c in DB.values() if c.type == "tactic" and w.draft.count(c.id) == 0 and c.id not in start)
    w.panel.to_side.click()
    type_query(w, f"id:{tactic}")
    view = w.browser.table
    for _ in range(5):  # five copies in the side deck: the limit of 4 is on the deck
        double_click(view.viewport(), row_point(view, 0, 0))
    assert w.side.count(tactic) == 5 and w.draft.counts == deck_before
    assert f"Side deck: {len(start) + 5} cards" in w.panel.side_title.text()
    item = next(side.item(i) for i in range(side.count()) if side.item(i).data(Qt.UserRole) == tactic)
    assert item.text().startswith("5×")
    rect = side.visualItemRect(item)
    double_click(side.viewport(), rect.center())  # one copy out
    assert w.side.count(tactic) == 4
    side.setCurrentItem(next(side.item(i) for i in range(side.count()) if side.item(i).data(Qt.UserRole) == tactic))
    side.setFocus()
    QTest.keyClick(side, Qt.Key_Delete)
    assert w.side.count(tactic) == 3
    QTest.keyClick(w, Qt.Key_Z, Qt.ControlModifier)
    assert w.side.count(tactic) == 4
    w.panel.to_side.click()  # the switch off: copies go to the deck, whose limit does not count the side's
    for _ in range(5):
        double_click(view.viewport(), row_point(view, 0, 0))
    assert w.draft.count(tactic) == 4 and w.side.count(tactic) == 4
    assert "at most 4" in w.statusBar().currentMessage()
    assert not [i for i in w.draft.issues(w.side) if i.kind == "copies"]
    # filled to 15: a sixteenth is refused with the rule
    w.panel.to_side.click()
    others = [c.id for c in DB.values() if c.type == "equipment" and not c.token]
    for card in others:
        while len(w.side) < 15 and w.add_card(card):
            pass
    assert len(w.side) == 15 and not w.add_card(others[-1])
    assert "at most 15" in w.statusBar().currentMessage()
    w._save_named("Legion Side", paths.decks_dir() / "bos" / "legion-side.txt")
    again = read_deck((paths.decks_dir() / "bos" / "legion-side.txt").read_text(), DB)
    assert sorted(again.side) == sorted(w.side)
