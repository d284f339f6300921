"""The deck builder as a player uses it: type a query, tick chips, sort, add by double-click, keys and drag, hit the
copy limit with fast clicks, undo, save, reopen, import every format with a bad line, round-trip every shipped deck
through the clipboard, read the legality panel and the odds, deal a sample hand, and start games from the editor.

Every gesture goes through Qt: QTest keys and mouse on the real widgets, QAction.trigger(), QAbstractButton.click(),
a drop event carrying what the browser's model puts in a drag. The player's folders are a scratch folder."""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import QMimeData, QPoint, Qt
from PySide6.QtGui import QDropEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QMessageBox

from bss_desktop.carddb.database import load_default_db
from bss_desktop.carddb.deck_formats import FORMATS, read_deck, write_deck
from bss_desktop.carddb.deck_stats import simulate_opening
from bss_desktop.carddb.decks import shipped_decks
from bss_desktop.carddb.query import CardIndex

DB = load_default_db()
DECKS = shipped_decks(DB)


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("BSS_DESKTOP_HOME", str(tmp_path))
    return tmp_path


@pytest.fixture
def builder(qtbot, home, tmp_path):
    from bss_desktop.client.deck_builder import DeckBuilderWindow

    w = DeckBuilderWindow(DB, dict(DECKS), folder=tmp_path / "decks")
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    w.hand.seed = 7
    return w


def shown_ids(w) -> list[str]:
    return list(w.browser.model.ids)


def type_query(w, text: str) -> None:
    w.browser.search.setFocus()
    QTest.keyClick(w.browser.search, Qt.Key_A, Qt.ControlModifier)
    QTest.keyClick(w.browser.search, Qt.Key_Backspace)
    QTest.keyClicks(w.browser.search, text)


def row_point(view, row: int, column: int = 0) -> QPoint:
    ix = view.model().index(row, column)
    view.scrollTo(ix)
    return view.visualRect(ix).center()


def double_click(viewport, pos: QPoint) -> None:
    """A player's double-click: the first click selects, the second is the double-click."""
    QTest.mouseClick(viewport, Qt.LeftButton, pos=pos)
    QTest.mouseDClick(viewport, Qt.LeftButton, pos=pos)


def select_in_browser(w, card_id: str) -> None:
    assert w.browser.select_card(card_id), card_id
    w.browser.table.setFocus()


# ---------------------------------------------------------------------- the browser


def test_typing_a_query_refilters_the_list_to_exactly_the_matching_cards(builder):
    type_query(builder, "c:r cost>=4")
    ids = shown_ids(builder)
    expected = {c.id for c in DB.values() if "red" in c.colors and c.cost >= 4 and not c.token}
    assert set(ids) == expected and ids
    assert f"{len(ids):,} of" in builder.browser.count_label.text()


def test_a_wrong_query_says_what_is_wrong_inline_and_keeps_the_last_list(builder):
    type_query(builder, "cost>=4 bp")  # a word, so far
    before = shown_ids(builder)
    QTest.keyClicks(builder.browser.search, ">=x")  # "bp>", "bp>=", "bp>=x": none of them parses
    label = builder.browser.error_label
    assert label.isVisible() and "'x'" in label.text()
    assert shown_ids(builder) == before
    QTest.keyClick(builder.browser.search, Qt.Key_Backspace)
    QTest.keyClicks(builder.browser.search, "5000")
    assert not label.isVisible()
    assert all(c >= 4 and max(lv.bp or 0 for lv in DB[i].levels) >= 5000
               for i in shown_ids(builder) for c in [DB[i].cost])


def test_chips_narrow_the_list_colours_are_alternatives_and_rows_combine(builder):
    chip = builder.browser.findChild(type(builder.browser.chips["color"][0]), "chip-color-red")
    chip.click()
    assert shown_ids(builder) and all("red" in DB[i].colors for i in shown_ids(builder))
    builder.browser.findChild(type(chip), "chip-color-blue").click()
    assert {c for i in shown_ids(builder) for c in DB[i].colors} >= {"red", "blue"}
    builder.browser.findChild(type(chip), "chip-type-magic").click()
    ids = shown_ids(builder)
    assert ids and all(DB[i].type == "magic" and {"red", "blue"} & set(DB[i].colors) for i in ids)
    builder.browser.findChild(type(chip), "chip-cost-7").click()  # "7+"
    assert all(DB[i].cost >= 7 for i in shown_ids(builder))
    builder.browser.findChild(type(chip), "chip-cost-7").click()
    type_query(builder, "burst")
    assert all(DB[i].burst and DB[i].type == "magic" for i in shown_ids(builder))
    from PySide6.QtWidgets import QPushButton

    builder.browser.findChild(QPushButton, "ClearFilters").click()
    assert builder.browser.search.text() == ""
    assert len(shown_ids(builder)) == len([c for c in DB.values() if not c.token])


def test_a_set_chip_keeps_one_set(builder):
    b = builder.browser
    b.set_button.click()
    assert b.set_list.isVisible()
    item = next(b.set_list.item(i) for i in range(b.set_list.count()) if b.set_list.item(i).data(Qt.UserRole) == "CORE")
    QTest.mouseClick(b.set_list.viewport(), Qt.LeftButton, pos=b.set_list.visualItemRect(item).center())
    assert shown_ids(builder) and all(DB[i].set == "CORE" for i in shown_ids(builder))
    assert "CORE" in b.set_button.text()
    QTest.mouseClick(b.set_list.viewport(), Qt.LeftButton, pos=b.set_list.visualItemRect(item).center())
    assert len(shown_ids(builder)) == len([c for c in DB.values() if not c.token])


def test_clicking_a_column_header_sorts_by_it_and_again_reverses(builder):
    from bss_desktop.client.deck_builder.browser import COST

    header = builder.browser.table.horizontalHeader()
    x = header.sectionViewportPosition(COST) + header.sectionSize(COST) // 2
    QTest.mouseClick(header.viewport(), Qt.LeftButton, pos=QPoint(x, header.height() // 2))
    costs = [DB[i].cost for i in shown_ids(builder)]
    assert costs == sorted(costs) or costs == sorted(costs, reverse=True)
    QTest.mouseClick(header.viewport(), Qt.LeftButton, pos=QPoint(x, header.height() // 2))
    again = [DB[i].cost for i in shown_ids(builder)]
    assert again == list(reversed(costs)) or again == sorted(costs, reverse=(costs == sorted(costs)))
    assert again != costs


# ---------------------------------------------------------------------- adding and removing


def test_double_click_in_the_list_adds_a_copy_and_the_deck_column_counts_it(builder):
    type_query(builder, "Ashwing")
    table = builder.browser.table
    row = builder.browser.model.row_of("SG1-005")
    double_click(table.viewport(), row_point(table, row))
    assert builder.draft.count("SG1-005") == 1
    from bss_desktop.client.deck_builder.browser import DECK

    assert builder.browser.model.index(row, DECK).data() == "1"
    assert "1×" in builder.panel.tree.currentItem().text(0)


def test_plus_and_minus_keys_add_and_remove_on_the_list_and_on_the_deck(builder):
    select_in_browser(builder, "SG1-005")
    QTest.keyClick(builder.browser.table, Qt.Key_Plus)
    QTest.keyClick(builder.browser.table, Qt.Key_Plus)
    assert builder.draft.count("SG1-005") == 2
    QTest.keyClick(builder.browser.table, Qt.Key_Minus)
    assert builder.draft.count("SG1-005") == 1
    tree = builder.panel.tree
    tree.setFocus()
    assert builder.panel.select_card("SG1-005")
    QTest.keyClick(tree, Qt.Key_Plus)
    assert builder.draft.count("SG1-005") == 2
    QTest.keyClick(tree, Qt.Key_Minus)
    QTest.keyClick(tree, Qt.Key_Minus)
    assert builder.draft.count("SG1-005") == 0


def test_the_keyboard_alone_finds_and_adds_a_card(builder):
    type_query(builder, "name:ashwing")
    QTest.keyClick(builder.browser.search, Qt.Key_Down)  # into the list, on the first card
    assert builder.browser.table.hasFocus() or builder.browser.table is QApplication.focusWidget()
    QTest.keyClick(builder.browser.table, Qt.Key_Plus)
    QTest.keyClick(builder.browser.table, Qt.Key_Return)
    assert builder.draft.counts == {"SG1-005": 2}
    type_query(builder, "Ashwing Drake")
    QTest.keyClick(builder.browser.search, Qt.Key_Return)  # the only card found
    assert builder.draft.counts == {"SG1-005": 3}


def test_double_click_on_a_deck_card_removes_a_copy(builder):
    builder.add_card("SG1-005", 3)
    tree = builder.panel.tree
    builder.panel.select_card("SG1-005")
    item = tree.currentItem()
    rect = tree.visualItemRect(item)
    double_click(tree.viewport(), rect.center())
    assert builder.draft.count("SG1-005") == 2


def drop_on(widget, mime: QMimeData) -> QDropEvent:
    pos = widget.rect().center()
    from PySide6.QtCore import QPointF
    from PySide6.QtGui import QDragEnterEvent

    enter = QDragEnterEvent(pos, Qt.CopyAction | Qt.MoveAction, mime, Qt.LeftButton, Qt.NoModifier)
    QApplication.sendEvent(widget, enter)
    drop = QDropEvent(QPointF(pos), Qt.CopyAction | Qt.MoveAction, mime, Qt.LeftButton, Qt.NoModifier)
    QApplication.sendEvent(widget, drop)
    return drop


def test_dragging_a_card_from_the_list_onto_the_deck_adds_it_and_back_removes_it(builder):
    model = builder.browser.model
    row = model.row_of("SG1-005")
    mime = model.mimeData([model.index(row, 0)])  # what the table's drag carries
    drop = drop_on(builder.panel.tree.viewport(), mime)
    assert drop.isAccepted()
    assert builder.draft.count("SG1-005") == 1
    # and out again: a drag from the deck list dropped on the card list
    from bss_desktop.client.deck_builder.browser import DECK_MIME, ids_mime

    out = ids_mime(["SG1-005"])
    out.setData(DECK_MIME, b"SG1-005")
    drop_on(builder.browser.table.viewport(), out)
    assert builder.draft.count("SG1-005") == 0


def test_cr_5_1_1_1_fast_clicks_never_exceed_four_copies(builder):
    type_query(builder, "Ashwing")
    table = builder.browser.table
    point = row_point(table, builder.browser.model.row_of("SG1-005"))
    for _ in range(6):
        double_click(table.viewport(), point)
    for _ in range(6):
        QTest.keyClick(table, Qt.Key_Plus)
    assert builder.draft.count("SG1-005") == 4
    assert "CR 5-1-1-1" in builder.statusBar().currentMessage()
    assert not any(i.kind == "copies" for i in builder.draft.issues())


def test_cr_5_1_1_1_1_an_additional_name_counts_with_its_card_name(qtbot, home, tmp_path):
    from bss_desktop.client.deck_builder import DeckBuilderWindow

    db = DB.copy()
    base = DB["SG1-005"]
    db.add(replace(base, id="TEST-005A", additional_name="Second Flight"))
    w = DeckBuilderWindow(db, {}, folder=tmp_path / "decks")
    qtbot.addWidget(w)
    assert w.add_card("SG1-005", 3)
    select_in_browser(w, "TEST-005A")
    for _ in range(3):
        QTest.keyClick(w.browser.table, Qt.Key_Plus)
    assert w.draft.count("TEST-005A") == 1 and w.draft.key_count("SG1-005") == 4
    assert "CR 5-1-1-1-1" in w.statusBar().currentMessage()


def test_a_token_cannot_be_added_to_a_deck(qtbot, home, tmp_path):
    from bss_desktop.client.deck_builder import DeckBuilderWindow

    token = next((c for c in DB.values() if c.token), None)
    if token is None:
        pytest.skip("no token among the shipped cards")
    w = DeckBuilderWindow(DB, {}, folder=tmp_path / "decks")
    qtbot.addWidget(w)
    assert token.id not in w.browser.index.ids  # tokens are not in the list at all
    assert not w.add_card(token.id)


# ---------------------------------------------------------------------- undo


def test_every_edit_can_be_undone_and_redone(builder):
    builder.add_card("SG1-005", 2)
    builder.remove_card("SG1-005")
    builder.panel.name_edit.setFocus()
    QTest.keyClicks(builder.panel.name_edit, " X")
    assert builder.draft.name.endswith(" X")
    builder.open_deck("red-saga")
    assert len(builder.draft) == len(DECKS["red-saga"].cards)
    builder.undo_action.trigger()  # the open
    assert builder.draft.name.endswith(" X") and builder.draft.count("SG1-005") == 1
    builder.undo_action.trigger()  # the rename, typed as one edit
    assert not builder.draft.name.endswith("X")
    builder.undo_action.trigger()  # the removal
    assert builder.draft.count("SG1-005") == 2
    builder.undo_action.trigger()  # the add
    assert len(builder.draft) == 0
    for _ in range(4):
        builder.redo_action.trigger()
    assert builder.draft.name == DECKS["red-saga"].name and len(builder.draft) == len(DECKS["red-saga"].cards)


def test_undo_of_a_removal_puts_the_card_back_in_its_place(builder):
    builder.open_deck("red-saga")
    order = list(builder.draft.counts)
    first = order[0]
    builder.remove_card(first, builder.draft.count(first))
    assert first not in builder.draft.counts
    QTest.keyClick(builder, Qt.Key_Z, Qt.ControlModifier)
    assert list(builder.draft.counts) == order


# ---------------------------------------------------------------------- legality, statistics, odds, sample hand


def test_the_legality_panel_gives_the_rule_and_the_reason(builder):
    for card_id in list(dict.fromkeys(DECKS["red-saga"].cards))[:10]:
        builder.add_card(card_id, 4)
    verdict = builder.panel.verdict.text()
    assert "Not legal" in verdict
    texts = [builder.panel.issues.item(i).text() for i in range(builder.panel.issues.count())]
    assert any("CR 5-1-1-1" in t and f"{len(builder.draft)} cards" in t and "50 to 60" in t for t in texts)
    assert not builder.play_ai.isEnabled()
    builder.open_deck("red-saga")
    assert "✓ Legal" in builder.panel.verdict.text()


def test_a_deck_over_the_limit_from_a_file_is_shown_with_the_cards_concerned(builder, tmp_path):
    path = tmp_path / "five.txt"
    path.write_text("Deck: Five\n5x SG1-005: Ashwing Drake\n45x SG1-001\n", encoding="utf-8")
    builder.import_file(str(path))
    texts = [builder.panel.issues.item(i).text() for i in range(builder.panel.issues.count())]
    assert any("5 cards named 'Ashwing Drake'" in t for t in texts)
    item = next(builder.panel.issues.item(i) for i in range(builder.panel.issues.count())
                if "Ashwing" in builder.panel.issues.item(i).text())
    builder.panel.issues.itemClicked.emit(item)
    assert builder.panel.current_id() == "SG1-005"


def test_the_statistics_count_the_deck(builder):
    builder.open_deck("red-saga")
    s = builder.stats
    deck = DECKS["red-saga"].cards
    curve = s.curve.by_type
    assert sum(n for t in curve.values() for n in t.values()) == len(deck)
    assert f"<b>{len(deck)}</b> cards" in s.summary.text()
    assert dict(s.by_card.rows)["red"] == sum(1 for c in deck if "red" in DB[c].colors)


def odds_shown(w) -> tuple[float, float]:
    text = re.sub("<[^>]+>", "", w.stats.odds.text())
    opening, kept = re.findall(r"(\d+\.\d)%", text)
    return float(opening), float(kept)


def test_opening_odds_agree_with_a_100000_draw_simulation_within_one_point(builder):
    builder.open_deck("red-saga")
    group = builder.stats.group
    group.setFocus()
    QTest.keyClick(group, Qt.Key_A, Qt.ControlModifier)
    QTest.keyClicks(group, "t:spirit cost<=2")
    spin = builder.stats.at_least
    spin.setFocus()
    QTest.keyClick(spin, Qt.Key_Up)
    assert spin.value() == 2
    opening, kept = odds_shown(builder)
    cards = DECKS["red-saga"].cards
    member = CardIndex(DB.values()).matcher("t:spirit cost<=2")
    sim4 = simulate_opening(cards, member, 2, 4, 100_000, seed=1) * 100
    sim5 = simulate_opening(cards, member, 2, 5, 100_000, seed=2) * 100
    assert abs(opening - sim4) <= 1.0 and abs(kept - sim5) <= 1.0, (opening, sim4, kept, sim5)


def test_a_wrong_group_query_is_said_in_the_odds_panel(builder):
    builder.open_deck("red-saga")
    builder.stats.group.setFocus()
    QTest.keyClicks(builder.stats.group, " cost>=")
    assert "⚠" in builder.stats.odds.text()


def test_cr_5_2_7_sample_hand_deals_4_keep_draws_1_mulligan_once_then_draw_next(builder):
    builder.open_deck("red-saga")
    builder.tabs.setCurrentWidget(builder.hand)
    h = builder.hand
    assert not h.keep_button.isEnabled()
    h.new_button.click()
    assert len(h.hand()) == 4 and not h.draw_button.isEnabled()
    h.mulligan_button.click()
    assert len(h.hand()) == 4
    assert not h.mulligan_button.isEnabled() and not h.keep_button.isEnabled()  # one mulligan; no bonus after it
    h.draw_button.click()
    assert len(h.hand()) == 5
    h.new_button.click()
    h.keep_button.click()
    assert len(h.hand()) == 5 and not h.mulligan_button.isEnabled()
    h.draw_button.click()
    assert len(h.hand()) == 6
    assert Counter(h.hand()) <= Counter(DECKS["red-saga"].cards)
    assert h.grid.count() == 6


# ---------------------------------------------------------------------- saving, opening, importing, exporting


def answer_save_dialog(w, name: str) -> None:
    from PySide6.QtWidgets import QInputDialog, QLineEdit

    dialog = w._dialog
    assert isinstance(dialog, QInputDialog) and dialog.isVisible()
    edit = dialog.findChild(QLineEdit)
    edit.selectAll()
    QTest.keyClicks(edit, name)
    dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.Ok).click()


def test_save_asks_a_name_writes_the_deck_folder_and_reopens_the_same_deck(qtbot, builder, tmp_path):
    builder.open_deck("blue-saga")
    with qtbot.waitSignal(builder.deckSaved, timeout=3000) as saved:
        builder.save_action.trigger()
        answer_save_dialog(builder, "Tidal Test")
    assert saved.args == ["my-tidal-test"]
    path = tmp_path / "decks" / "tidal-test.txt"
    assert path.is_file() and builder.undo_stack.isClean()
    assert "*" not in builder.windowTitle()
    assert "my-tidal-test" in builder.decks  # the start screen's dict, at once
    from bss_desktop.client.deck_builder import DeckBuilderWindow

    again = DeckBuilderWindow(DB, builder.decks, folder=tmp_path / "decks")
    qtbot.addWidget(again)
    index = again.open_box.findData("my-tidal-test")
    assert index > 0
    again.open_box.setCurrentIndex(index)
    again.open_box.activated.emit(index)
    assert again.draft.cards() == builder.draft.cards() and again.draft.name == "Tidal Test"
    # a second save goes to the same file without asking
    builder.add_card(builder.draft.cards()[-1])
    builder.save_action.trigger()
    assert builder.undo_stack.isClean() and path.read_text(encoding="utf-8").count("x ") > 0


def test_saving_over_another_deck_file_asks_first(qtbot, builder, tmp_path):
    (tmp_path / "decks").mkdir()
    (tmp_path / "decks" / "mine.txt").write_text("Deck: Mine\n4x SG1-005\n", encoding="utf-8")
    builder.open_deck("red-saga")
    builder.save_action.trigger()
    answer_save_dialog(builder, "Mine")
    box = builder._dialog
    assert isinstance(box, QMessageBox) and "mine.txt" in box.text()
    box.button(QMessageBox.Cancel).click()
    assert (tmp_path / "decks" / "mine.txt").read_text(encoding="utf-8") == "Deck: Mine\n4x SG1-005\n"


def bad_line_for(fmt: str) -> tuple[str, str]:
    """A line in `fmt` naming a card nobody has: (the line, the token the problem must name)."""
    return {"text": ("3x ZZ9-999: Nobody's Card", "ZZ9-999"), "ids": ("3 ZZ9-999", "ZZ9-999"),
            "names": ("3 Nobody's Card", "Nobody's Card"), "tts": ("[ZZ9-999]", "ZZ9-999"),
            "csv": ('3,ZZ9-999,"Nobody\'s Card",spirit,red,C,3,main', "ZZ9-999"),
            "json": (None, "ZZ9-999")}[fmt]


@pytest.mark.parametrize("fmt", list(FORMATS))
def test_importing_each_format_with_a_bad_line_lists_it_with_its_line_and_keeps_the_rest(builder, tmp_path, fmt):
    import json

    deck = DECKS["green-saga"]
    text = write_deck(deck, DB, fmt)
    line, token = bad_line_for(fmt)
    if fmt == "json":
        data = json.loads(text)
        data["cards"].insert(1, {"card_id": "ZZ9-999", "count": 3})
        text = json.dumps(data, indent=2)
    else:
        lines = text.splitlines()
        lines.insert(2, line)
        text = "\n".join(lines) + "\n"
    path = tmp_path / f"import{'.csv' if fmt == 'csv' else '.json' if fmt == 'json' else '.txt'}"
    path.write_text(text, encoding="utf-8")
    builder.import_action.trigger()
    dialog = builder._dialog
    dialog.selectFile(str(path))
    dialog.accept()
    assert Counter(builder.draft.cards()) == Counter(deck.cards)
    kept = [builder.panel.kept.item(i).text() for i in range(builder.panel.kept.count())]
    assert len(kept) == 1 and token in kept[0]
    if fmt != "json":
        assert kept[0].startswith("line 3:")
    else:
        assert "cards[1]" in kept[0]
    assert builder.panel.kept.isVisible()
    assert "not read" in builder.statusBar().currentMessage()


def test_kept_lines_are_saved_back_and_come_back_on_reopening(qtbot, builder, tmp_path):
    path = tmp_path / "typo.txt"
    path.write_text("Deck: Typo\n4x SG1-005: Ashwing Drake\n2x SG1-00X: Mystery\n", encoding="utf-8")
    builder.import_file(str(path))
    assert builder.panel.kept.count() == 1
    builder.save_action.trigger()
    answer_save_dialog(builder, "Typo")
    saved = (tmp_path / "decks" / "typo.txt").read_text(encoding="utf-8")
    assert "SG1-00X" in saved
    builder.new_deck()
    assert builder.panel.kept.count() == 0
    index = builder.open_box.findData("my-typo")  # not playable (4 cards): listed to be fixed
    assert index > 0 and "⚠" in builder.open_box.itemText(index)
    builder.open_box.activated.emit(index)
    assert builder.draft.counts == {"SG1-005": 4}
    kept = [builder.panel.kept.item(i).text() for i in range(builder.panel.kept.count())]
    assert len(kept) == 1 and "SG1-00X" in kept[0]


@pytest.mark.parametrize("name", sorted(DECKS))
def test_every_shipped_deck_round_trips_through_the_clipboard_in_every_format(builder, name):
    builder.open_deck(name)
    want = (builder.draft.name, dict(builder.draft.counts), dict(builder.draft.printings))
    for fmt in FORMATS:
        builder.open_deck(name)
        copy = builder.findChild(type(builder.save_action), f"copy-{fmt}")
        copy.trigger()
        builder.new_action.trigger()
        assert len(builder.draft) == 0
        builder.paste_action.trigger()
        got = (builder.draft.name, dict(builder.draft.counts), dict(builder.draft.printings))
        if fmt == "csv":  # a CSV names no deck: the name is the paste's
            got = (want[0], *got[1:])
        assert got == want, fmt
        assert builder.panel.kept.count() == 0


def test_export_writes_a_file_that_reads_back_the_same(builder, tmp_path):
    builder.open_deck("yellow-saga")
    for fmt in FORMATS:
        out = tmp_path / f"out-{fmt}"
        builder.findChild(type(builder.save_action), f"export-{fmt}").trigger()
        dialog = builder._dialog
        dialog.selectFile(str(out))
        dialog.accept()
        back = read_deck(out.read_text(encoding="utf-8"), DB, default_name="yellow")
        assert Counter(back.deck.cards) == Counter(DECKS["yellow-saga"].cards), fmt
        assert not back.kept


def test_a_file_that_is_not_a_deck_says_so_and_changes_nothing(builder, tmp_path):
    builder.open_deck("red-saga")
    before = builder.draft.cards()
    path = tmp_path / "broken.json"
    path.write_text('{"name": "x", "cards": 5}', encoding="utf-8")
    builder.import_file(str(path))
    assert builder.draft.cards() == before
    assert "broken.json" in builder.statusBar().currentMessage()
    binary = tmp_path / "binary.txt"
    binary.write_bytes(b"\xff\xfe\x00\x81garbage")
    builder.import_file(str(binary))
    assert builder.draft.cards() == before and "UTF-8" in builder.statusBar().currentMessage()


def test_a_huge_list_is_refused_whole_and_changes_nothing(builder, tmp_path):
    builder.open_deck("red-saga")
    before = builder.draft.cards()
    path = tmp_path / "huge.txt"
    path.write_text("Deck: Huge\n" + "60x SG1-005\n" * 40, encoding="utf-8")  # 2,400 cards
    builder.import_file(str(path))
    assert builder.draft.cards() == before and "not a deck list" in builder.statusBar().currentMessage()
    assert builder.undo_stack.isClean()


def test_closing_with_unsaved_changes_asks_and_cancel_keeps_the_window(qtbot, builder):
    builder.add_card("SG1-005")
    builder.close()
    box = builder._dialog
    assert isinstance(box, QMessageBox) and builder.isVisible()
    box.button(QMessageBox.Cancel).click()
    assert builder.isVisible()
    builder.close()
    builder._dialog.button(QMessageBox.Discard).click()
    assert not builder.isVisible()


# ---------------------------------------------------------------------- from the start screen and into games


def _start(qtbot):
    from bss_desktop.app.main import StartWindow

    w = StartWindow()
    qtbot.addWidget(w)
    return w


def _builder_of(start):
    from bss_desktop.client.deck_builder import DeckBuilderWindow

    return next(w for w in start.windows if isinstance(w, DeckBuilderWindow))


def test_the_start_screen_opens_the_builder_and_a_saved_deck_is_in_its_lists_at_once(qtbot, home):
    start = _start(qtbot)
    start.builder_button.click()
    b = _builder_of(start)
    qtbot.addWidget(b)
    b.new_action.trigger()
    for card_id in list(dict.fromkeys(DECKS["white-saga"].cards)):
        b.add_card(card_id, DECKS["white-saga"].cards.count(card_id))
    b.save_action.trigger()
    answer_save_dialog(b, "Snow Wall")
    assert start.deck_a.findData("my-snow-wall") >= 0 and start.deck_b.findData("my-snow-wall") >= 0
    assert start.deck_a.currentData() == "my-snow-wall"
    # the menu reaches it too, and raises the same window
    start.builder_action.trigger()
    assert _builder_of(start) is b


def test_play_against_the_computer_and_goldfish_from_the_editor(qtbot, home):
    from bss_desktop.client.windows.game import GameWindow

    start = _start(qtbot)
    start.builder_action.trigger()
    b = _builder_of(start)
    qtbot.addWidget(b)
    b.open_deck("purple-saga")
    extra = next(c for c in b.draft.counts if b.draft.key_count(c) < 4)
    assert b.add_card(extra)  # an edit not saved: the game plays the deck as edited
    b.play_ai.trigger()
    game_window = start.windows[-1]
    assert isinstance(game_window, GameWindow)
    qtbot.addWidget(game_window)
    assert game_window.seats == ("human", "ai")
    assert Counter(game_window.model.game.start["decks"][0]) == Counter(b.draft.cards())
    b.goldfish.trigger()
    fish = start.windows[-1]
    qtbot.addWidget(fish)
    assert fish.sandbox and fish.model.game.start["decks"][1] == []
    game = fish.model.game
    # CR 5-2-7 keep (4 + 1), then turn 1's draw step (CR 6-4): the sandbox opens at the first main step
    assert len(game.state.players[0].hand) == 6 and game.state.step == "main"
    assert len(game.state.players[0].deck) == len(b.draft) - 6 and not game.state.players[1].deck
    # the sandbox's undo replays the game from its start: a deck alone replays too (no deck rule in a sandbox)
    from PySide6.QtWidgets import QPushButton

    moves = len(game.history)
    undo = next(x for x in fish.findChildren(QPushButton) if x.text().startswith("Undo") and x.isVisible())
    undo.click()
    assert len(fish.model.game.history) == moves - 1


def test_play_on_lan_from_the_editor_opens_the_host_window_with_the_deck(qtbot, home, qloop):
    start = _start(qtbot)
    start.builder_action.trigger()
    b = _builder_of(start)
    qtbot.addWidget(b)
    b.open_deck("red-saga")
    b.host.trigger()  # a shipped deck as it is: the host window opens with it chosen
    lan = start.windows[-1]
    qtbot.addWidget(lan)
    assert lan.deck.currentData() == "red-saga"
    lan.close()
    extra = next(c for c in b.draft.counts if b.draft.key_count(c) < 4)
    b.add_card(extra)
    b.join.trigger()  # edited: a LAN game plays a deck from your folder, so it is saved first
    answer_save_dialog(b, "Lan Red")
    b.join.trigger()
    lan = start.windows[-1]
    qtbot.addWidget(lan)
    assert lan.deck.currentData() == "my-lan-red"
    assert Counter(start.decks["my-lan-red"].cards) == Counter(b.draft.cards())


def test_the_game_window_menu_opens_the_deck_builder(qtbot, home):
    start = _start(qtbot)
    start.demo.click()
    game_window = start.windows[-1]
    qtbot.addWidget(game_window)
    action = next(a for m in game_window.menuBar().actions() if m.menu() for a in m.menu().actions()
                  if a.text() == "Deck builder…")
    action.trigger()
    qtbot.addWidget(_builder_of(start))
    assert _builder_of(start).isVisible()


def test_screenshot_of_the_deck_builder_renders_offscreen(tmp_path, home):
    import subprocess
    import sys

    out = tmp_path / "builder.png"
    result = subprocess.run([sys.executable, "-m", "bss_desktop.cli", "--screenshot", str(out), "--window",
                             "deck-builder"], check=False, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    from PySide6.QtGui import QImage

    image = QImage(str(out))
    assert image.width() == 1366 and image.height() == 768
