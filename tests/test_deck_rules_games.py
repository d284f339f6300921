"""Deck rules per game, counted where each game's rules count them, and same-name ids shown wherever names show.

Standard (STD 2-1-4, 6-1-1-2-1) and Eternal (ETR §Deck): a card name with a same-name id ("Kindleclaw Wyvern [2]")
is another name for the copy limit, so 3 + 3 + 3 may share a deck; ETR §Deck, §Contract Card: one type of Contract
card, up to 3 copies; Battle of Souls (BOS §Getting Started): 4 copies and 3 Legendary Warriors "in your deck",
so a side deck may hold more, and a swap between battles must leave the deck legal.
"""
from __future__ import annotations

import dataclasses

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from test_deck_builder import double_click, row_point, type_query
from test_profiles import BASE, _error

from bss_desktop.carddb.cards import display_name
from bss_desktop.carddb.database import game_db
from bss_desktop.carddb.deck_draft import DeckDraft
from bss_desktop.carddb.deck_formats import read_deck, write_deck
from bss_desktop.carddb.deck_rules import DECK_RULES, deck_issues, limit_problems
from bss_desktop.carddb.decks import MAX_DECK, Deck
from bss_desktop.carddb.game_cards import card_from_record
from bss_desktop.table import get_profile
from bss_desktop.table.match import Match, MatchError

STD, ETR, BOS = (get_profile(g) for g in ("standard", "eternal", "bos"))
STD_DB, ETR_DB, BOS_DB = game_db(STD), game_db(ETR), game_db(BOS)
# the shipped same-name cards: [none], [2], [3]
KINDLECLAW = ("STD1-003", "STD1-004", "STD1-005")
KILNHEART = ("ETR1-004", "ETR1-060", "ETR1-061")


def filler(db, rules, n: int, avoid) -> list[str]:
    """`n` cards of other names, at most `rules.copies` of each (a legal rest of a deck)."""
    keys = {rules.copy_key(db[i]) for i in avoid}
    out = []
    for c in db.values():
        key = rules.copy_key(c)
        if c.token or key in keys or c.extra.get("contract") or c.extra.get("class") == "Legendary Warrior":
            continue
        keys.add(key)
        out += [c.id] * min(rules.copies, n - len(out))
        if len(out) == n:
            return out
    raise AssertionError("not enough cards")


@pytest.mark.parametrize("game, db, same", [("standard", STD_DB, KINDLECLAW), ("eternal", ETR_DB, KILNHEART)])
def test_std_6_1_1_2_1_and_etr_deck_three_of_each_same_name_id_are_legal_a_fourth_is_refused(game, db, same):
    """STD 6-1-1-2-1, ETR §Deck: a card whose same-name id differs is another card for the copy limit: 3 of
    "Name", 3 of "Name [2]" and 3 of "Name [3]" make a legal deck of 40; a fourth "[2]" breaks the rule, and the
    deck builder's draft refuses it naming the rule and the numbered name."""
    rules = DECK_RULES[game]
    assert {db[i].name for i in same} == {db[same[0]].name}  # one card name, three same-name ids
    deck = [i for i in same for _ in range(3)] + filler(db, rules, 31, same)
    assert len(deck) == 40 and deck_issues(deck, db, rules) == []
    issues = deck_issues([*deck, same[1]], db, rules)
    assert [i.kind for i in issues] == ["copies"] and issues[0].rule == rules.rule
    assert f"'{db[same[1]].name} [2]'" in issues[0].message and "at most 3" in issues[0].message
    draft = DeckDraft(db, rules, deck)
    why = draft.why_not_add(same[1])
    assert why.startswith(rules.rule) and f"{db[same[1]].name} [2]" in why
    assert draft.add(same[1]) == 0 and draft.count(same[1]) == 3
    assert draft.add(same[0]) == 0 and draft.why_not_add(same[0]) is not None


def test_std_2_1_4_the_display_name_carries_the_same_name_id_and_deck_files_round_trip():
    """STD 2-1-4: "[2]" after the name. One function gives it; a text deck list writes it and reads it back,
    and "3 Kindleclaw Wyvern [2]" names exactly that card."""
    assert [display_name(STD_DB[i]) for i in KINDLECLAW] == [
        "Kindleclaw Wyvern", "Kindleclaw Wyvern [2]", "Kindleclaw Wyvern [3]"]
    deck = Deck("Wyverns", [i for i in KINDLECLAW for _ in range(3)])
    text = write_deck(deck, STD_DB, "text")
    assert "3x STD1-004: Kindleclaw Wyvern [2]" in text and "3x STD1-005: Kindleclaw Wyvern [3]" in text
    again = read_deck(text, STD_DB)
    assert again.deck.cards == deck.cards and again.kept == []
    by_name = read_deck("Deck: W\n3 Kindleclaw Wyvern [3]\n2 Kindleclaw Wyvern\n", STD_DB)
    assert by_name.deck.cards == ["STD1-005"] * 3 + ["STD1-003"] * 2 and by_name.kept == []
    assert write_deck(deck, STD_DB, "names").splitlines()[1:] == [
        "3 Kindleclaw Wyvern", "3 Kindleclaw Wyvern [2]", "3 Kindleclaw Wyvern [3]"]
    wrong = read_deck("Deck: W\n3x STD1-004: Kindleclaw Wyvern [3]\n", STD_DB)  # the id and the name disagree
    assert wrong.deck.cards == [] and "STD1-004 is 'Kindleclaw Wyvern'" in wrong.kept[0].problem


def test_std_2_1_4_faces_draw_the_same_name_id(qtbot):
    """The card face draws "Kindleclaw Wyvern [2]": the full face and the table face differ from the same card
    without its id."""
    from bss_desktop.client.faces.battle_spirits import render_face
    from bss_desktop.client.faces.table_face import render_table_face

    card = STD_DB["STD1-004"]
    plain = dataclasses.replace(card, extra={k: v for k, v in card.extra.items() if k != "name_id"})
    for render in (render_face, render_table_face):
        assert render(card, 300, 420).toImage() != render(plain, 300, 420).toImage(), render


def test_std_2_1_4_log_zone_viewer_and_card_panel_show_the_same_name_id(qtbot):
    """A sandbox of Standard: the log line of a move, the trash viewer and the Card panel name "Kindleclaw
    Wyvern [2]"."""
    from test_client import center
    from test_table_board import show

    from bss_desktop.engine.commands import ManualMove
    from bss_desktop.engine.position import game_from_position
    from bss_desktop.engine.settings import Ruleset

    game = game_from_position({"game": "standard", "turn": 2, "turn_player": 0, "players": [
        {"life": 5, "reserve": 3, "deck": ["STD1-001"] * 10, "hand": ["STD1-004"],
         "field": [{"card": "STD1-005", "cores": 1}]},
        {"life": 5, "reserve": 3, "deck": ["STD1-001"] * 10}]}, STD_DB, settings=Ruleset(sandbox=True))
    w = show(qtbot, game)
    at = w.view.mapFromScene(center(w.scene.cards[game.state.players[0].field[0]]))
    # a release first: an earlier test's double-click may have left Qt believing a button is held, and hover
    # events do not come while one is
    QTest.mouseRelease(w.view.viewport(), Qt.LeftButton, pos=at + QPoint(0, 200))
    QTest.mouseMove(w.view.viewport(), at + QPoint(0, 200))  # from off the card onto it
    QTest.mouseMove(w.view.viewport(), at)
    qtbot.waitUntil(lambda: w.preview.card is not None and w.preview.card.id == "STD1-005", timeout=3000)
    assert "Kindleclaw Wyvern [3]" in w.preview.title_label.text()
    assert w.model.send(ManualMove(0, game.state.players[0].hand[0], "trash"))
    assert "Kindleclaw Wyvern [2]" in w.log.toPlainText()
    actions = {a.text(): a for a in w.menuBar().actions()[1].menu().actions()}
    actions["Your trash"].trigger()
    viewer = w._zone_viewer
    qtbot.addWidget(viewer)
    assert [viewer.list.item(i).text() for i in range(viewer.list.count())] == ["Kindleclaw Wyvern [2]  (STD1-004)"]


@pytest.fixture
def std_builder(qtbot, tmp_path, monkeypatch):
    from bss_desktop.client.deck_builder import DeckBuilderWindow

    monkeypatch.setenv("BSS_DESKTOP_HOME", str(tmp_path))
    w = DeckBuilderWindow(STD_DB, {}, game="standard")
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    return w


def test_std_2_1_4_the_deck_builder_lists_show_the_same_name_id(std_builder):
    """The browser's rows and the deck panel's rows read "Kindleclaw Wyvern [2]", so three rows do not all read
    "Kindleclaw Wyvern"."""
    w = std_builder
    type_query(w, "Kindleclaw")
    view = w.browser.table
    model = view.model()
    names = sorted(model.index(r, 0).data() for r in range(model.rowCount()))
    assert names == ["Kindleclaw Wyvern", "Kindleclaw Wyvern [2]", "Kindleclaw Wyvern [3]"]
    for r in range(model.rowCount()):
        double_click(view.viewport(), row_point(view, r, 0))
    tree = w.panel.tree
    rows = []
    for t in range(tree.topLevelItemCount()):
        top = tree.topLevelItem(t)
        rows += [top.child(c).text(1) for c in range(top.childCount())]
    assert sorted(r for r in rows if r.startswith("Kindleclaw")) == names


def contract_db():
    """Eternal's shipped cards and two original contract spirits (ETR §Contract Card: "Contract" in the type)."""
    db = dict(ETR_DB.items())
    for n, name in ((1, "Pactwarden Ashling"), (2, "Pactwarden Tidecall")):
        db[f"T-PACT{n}"] = card_from_record({
            "id": f"T-PACT{n}", "name": name, "type": "spirit", "contract": True, "colors": ["red"], "cost": 3,
            "symbols": ["red"], "levels": [{"level": 1, "cores": 1, "bp": 3000}]}, ETR)
    return db


def test_etr_contract_card_one_type_and_at_most_three_copies_in_a_deck():
    """ETR §Deck / §Contract Card: "only one type of Contract card (up to 3 copies) can be included in a Deck"."""
    db, rules = contract_db(), DECK_RULES["eternal"]
    rest = filler(db, rules, 37, ["T-PACT1", "T-PACT2"])
    assert deck_issues(rest + ["T-PACT1"] * 3, db, rules) == []
    two_types = deck_issues(rest + ["T-PACT1"] * 2 + ["T-PACT2"], db, rules)
    assert [(i.kind, i.rule) for i in two_types] == [("group", "ETR §Deck")]
    assert "2 different contract cards (Pactwarden Ashling, Pactwarden Tidecall); at most 1" in two_types[0].message
    four = deck_issues(rest + ["T-PACT1"] * 4, db, rules)
    assert {i.kind for i in four} == {"copies", "group"}
    assert any("4 contract cards; at most 3 in a deck" in i.message for i in four)


@pytest.mark.parametrize("extra, field, words", [
    ('cards: {fields: {pact: {kind: bool}}}\ndeck_rules: {group_limits: [{field: pact, value: "yes", max: 3}]}',
     "deck_rules.group_limits[0].value", "true or false"),
    ("deck_rules: {group_limits: [{field: class, value: Warrior, max: 3, distinct: 0}]}",
     "deck_rules.group_limits[0].distinct", "at least 1"),
])
def test_a_bad_group_limit_is_named(extra, field, words):
    e = _error(BASE + extra)
    assert e.field == field and words in e.message, str(e)


def legends():
    return [c.id for c in BOS_DB.values() if c.extra.get("class") == "Legendary Warrior" and not c.token]


def bos_deck() -> tuple[list[str], list[str]]:
    """A legal Battle of Souls deck of 40 with 3 Legendary Warriors, and a side deck holding a 4th one and four
    more copies of a card the deck has 4 of."""
    rules = DECK_RULES["bos"]
    three = legends()[:3]
    rest = filler(BOS_DB, rules, 37, three)
    return three + rest, [legends()[3], rest[0], rest[0], rest[0], rest[0]]


def test_bos_getting_started_limits_count_the_deck_not_the_side_deck():
    """BOS §Getting Started: "4 copies of the same card in your deck", "no more than 3 Legendary Warriors in your
    deck": a side deck holding a 4th Legendary and a 5th to 8th copy is legal; in the deck they are not."""
    rules = DECK_RULES["bos"]
    deck, side = bos_deck()
    assert deck_issues(deck, BOS_DB, rules, side) == []
    issues = deck_issues(deck[1:] + [side[0], deck[3]], BOS_DB, rules, side)
    assert [i.kind for i in issues] == ["copies"]  # the Legendary swapped in: still 3; the 5th copy is not
    four = deck_issues(deck[:-1] + [side[0]], BOS_DB, rules, side)
    assert [(i.kind, i.rule) for i in four] == [("group", "BOS §Getting Started")]
    assert "4 Legendary Warriors; at most 3 in a deck" in four[0].message


def test_bos_getting_started_a_side_swap_that_breaks_the_deck_is_refused_naming_the_rule():
    """table/match.py: a swap one for one between battles is refused, all or none, when the deck after it would
    hold 4 Legendary Warriors (BOS §Getting Started); swapping a Legendary for a Legendary is fine."""
    deck, side = bos_deck()
    other = next(i for i in deck if i not in legends())
    m = Match.for_profile(BOS, [deck, deck], [side, []],
                          check=lambda d: limit_problems(d, BOS_DB, DECK_RULES["bos"]))
    m.record(0)
    before = ([list(d) for d in m.decks], [list(s) for s in m.sides])
    with pytest.raises(MatchError) as e:
        m.swap(0, [other], [side[0]])
    assert e.value.field == "bos profile: match.side_swap"
    assert "BOS §Getting Started: 4 Legendary Warriors; at most 3 in a deck" in e.value.message
    assert ([list(d) for d in m.decks], [list(s) for s in m.sides]) == before
    m.swap(0, [deck[0]], [side[0]])  # a Legendary for a Legendary: still 3
    assert m.decks[0].count(side[0]) == 1 and deck[0] in m.sides[0]


def test_bos_a_side_deck_with_a_fourth_legendary_is_kept_by_the_deck_builder(qtbot, tmp_path, monkeypatch):
    """The deck builder adds a 4th Legendary Warrior to the side deck (not counted, BOS §Getting Started), and
    refuses none of the side deck's cards in its legality panel."""
    from bss_desktop.client.deck_builder import DeckBuilderWindow

    monkeypatch.setenv("BSS_DESKTOP_HOME", str(tmp_path))
    deck, _ = bos_deck()
    w = DeckBuilderWindow(BOS_DB, {}, game="bos")
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    w.draft.replace(deck)
    w.changed()
    w.panel.to_side.click()
    type_query(w, f"id:{legends()[3]}")
    double_click(w.browser.table.viewport(), row_point(w.browser.table, 0, 0))
    assert w.side == [legends()[3]] and w.draft.issues(w.side) == []
    w.panel.to_side.click()
    double_click(w.browser.table.viewport(), row_point(w.browser.table, 0, 0))  # into the deck: a 4th is one too many
    assert w.draft.count(legends()[3]) == 1
    assert any(i.kind == "group" for i in w.draft.issues(w.side))


def builder(qtbot, monkeypatch, tmp_path, game: str, deck: str):
    from bss_desktop.carddb.deck_formats import game_decks
    from bss_desktop.client.deck_builder import DeckBuilderWindow

    monkeypatch.setenv("BSS_DESKTOP_HOME", str(tmp_path))
    profile = get_profile(game)
    db = game_db(profile)
    w = DeckBuilderWindow(db, dict(game_decks(db, profile)), game=game)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    w.open_deck(deck)
    return w


def test_std_4_1_1_the_standard_deck_builder_shows_no_bursts_and_no_confront_hint(qtbot, monkeypatch, tmp_path):
    """STD 4-1-1 lists no burst area, so Standard's statistics have no "Bursts" line and its search hints no
    "burst"; 【激突】's English keyword is Saga's mapping, not in Standard's texts, so no kw:confront example."""
    w = builder(qtbot, monkeypatch, tmp_path, "standard", "crimson-vanguard")
    assert "Families" in w.stats.details.text() and "Bursts" not in w.stats.details.text()
    hint, help_ = w.browser.search.placeholderText(), w.browser.search.toolTip()
    assert hint.startswith("Search: words") and "confront" not in hint and "burst" not in hint
    assert "confront" not in help_ and "is:burst" not in help_
    type_query(w, "t:spirit")
    assert w.browser.error is None


def test_etr_card_types_the_eternal_cost_curve_stacks_ultimates_and_braves_with_their_labels(qtbot, monkeypatch,
                                                                                              tmp_path):
    """ETR §Ultimate, §Brave: Eternal's own card types are counted in the cost curve (stacked in the game's type
    order) and named as its profile labels them, capitalised, in the legend and the summary."""
    w = builder(qtbot, monkeypatch, tmp_path, "eternal", "godblade-ascension")
    curve = w.stats.curve.by_type
    assert list(curve) == ["spirit", "nexus", "magic", "ultimate", "brave"]
    assert sum(curve["ultimate"].values()) == 3 and sum(curve["brave"].values()) == 6
    legend = w.stats.legend.text()
    assert all(label in legend for label in ("Spirit", "Nexus", "Magic", "Ultimate", "Brave"))
    assert "3 Ultimate" in w.stats.summary.text() and "6 Brave" in w.stats.summary.text()
    assert "Bursts" in w.stats.details.text()  # Eternal keeps the burst area
    assert "t:brave" in w.browser.search.placeholderText() and "ultimate, brave" in w.browser.search.toolTip()
    type_query(w, "t:ultimate")
    assert w.browser.error is None and w.browser.table.model().rowCount() >= 3


def test_cr_3_8_saga_keeps_its_bursts_statistic_and_confront_hint(qtbot, monkeypatch, tmp_path):
    """Battle Spirits Saga: the burst area (CR 3-8) and 【Confront】 stay in its deck builder's statistics and hints."""
    from bss_desktop.carddb.decks import shipped_decks
    from bss_desktop.client.deck_builder import DeckBuilderWindow

    monkeypatch.setenv("BSS_DESKTOP_HOME", str(tmp_path))
    db = game_db()
    decks = shipped_decks(db)
    w = DeckBuilderWindow(db, decks)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    w.open_deck(next(iter(decks)))
    assert "Bursts" in w.stats.details.text() and "kw:confront" in w.browser.search.placeholderText()
    assert "Spirit" in w.stats.legend.text()


# ---------------------------------------------------------------- Eternal's token cards, brought outside the deck

SPRITE = "ETR1-019"  # Ember Sprite, a token card of the shipped set


def test_etr_token_cards_are_dealt_into_the_token_pool_hidden_from_the_opponent():
    """ETR §Token Cards: token cards are prepared outside the deck, and "you cannot check the contents of an
    opponent's Token Cards until they are placed on the Field": the deck list's token cards are dealt into the
    owner's token pool at setup, which the other seat's view and the LAN redaction (SeatWindow) never name."""
    from bss_desktop.engine.game import Game
    from bss_desktop.engine.settings import Ruleset
    from bss_desktop.protocol.redaction import SeatWindow

    deck = filler(ETR_DB, DECK_RULES["eternal"], 40, [])
    assert SPRITE not in deck
    game = Game.new(ETR_DB, [deck, deck], 5, settings=Ruleset(sandbox=True).for_lan(), profile=ETR,
                    sides=[[SPRITE] * 3, []])
    pool = game.zone_cards(0, "token_pool")
    assert [game.state.cards[i].cid for i in pool] == [SPRITE] * 3
    assert [e["cid"] for e in game.view(0)["players"][0]["areas"]["token_pool"]] == [SPRITE] * 3
    assert game.view(1)["players"][0]["areas"]["token_pool"] is None
    assert SPRITE not in repr(SeatWindow.for_game(game, 1).view(game))
    assert SPRITE in repr(SeatWindow.for_game(game, 0).view(game))


def test_etr_token_cards_section_takes_token_cards_only_and_is_bounded():
    """ETR §Token Cards: "cards prepared outside of your Deck and [that] cannot be included in it": the section
    takes token cards only (a spirit there is refused naming the rule), and at most 30 (profiles/eternal.yaml)."""
    rules = DECK_RULES["eternal"]
    deck = filler(ETR_DB, rules, 40, [])
    assert (rules.side_label, rules.side_tokens, rules.side_max) == ("Token cards", True, 30)
    assert deck_issues(deck, ETR_DB, rules, [SPRITE] * 3) == []
    wrong = deck_issues(deck, ETR_DB, rules, [SPRITE, deck[0]])
    assert [(i.kind, i.rule, i.cards) for i in wrong] == [("side", "ETR §Deck", (deck[0],))]
    assert "is not a token card" in wrong[0].message
    big = deck_issues(deck, ETR_DB, rules, [SPRITE] * 31)
    assert [i.kind for i in big] == ["side"] and "Token cards: 31 cards; it takes 0 to 30" in big[0].message
    in_deck = deck_issues([*deck[:-1], SPRITE], ETR_DB, rules)
    assert [i.kind for i in in_deck] == ["token"]  # never in the deck itself


def test_etr_token_cards_round_trip_through_deck_files_and_a_bad_line_is_named():
    """A deck list writes its token cards under "# Token cards" and reads them back there, in every format; a
    malformed or unknown token line is kept naming its line, never dropped."""
    deck = Deck("Sprites", filler(ETR_DB, DECK_RULES["eternal"], 40, []))
    for fmt in ("text", "ids", "names", "tts", "csv", "json"):
        text = write_deck(deck, ETR_DB, fmt, side=[SPRITE] * 3, side_label="Token cards")
        again = read_deck(text, ETR_DB)
        assert again.side == [SPRITE] * 3 and again.deck.cards == deck.cards and again.kept == [], fmt
    assert "# Token cards\n# 3x ETR1-019: Ember Sprite" in write_deck(deck, ETR_DB, "text", side=[SPRITE] * 3,
                                                                      side_label="Token cards")
    bad = read_deck("Deck: S\n3x ETR1-001\n\n# Token cards\n# 3x ETR1-019\n# 2x NOPE-1\n# 9999x ETR1-019\n",
                    ETR_DB)
    assert bad.side == [SPRITE] * 3
    assert [(k.line, k.problem) for k in bad.kept] == [(6, "unknown card 'NOPE-1'"),
                                                      (7, f"bad count 9999: expected 1 to {MAX_DECK}")]


def test_a_side_section_into_a_zone_the_game_lacks_is_refused_naming_the_field():
    e = _error(BASE + "deck_rules: {side: {max: 5, zone: pool}}")
    assert e.field == "deck_rules.side.zone" and "not a zone of cards" in e.message


def test_etr_the_deck_builder_puts_token_cards_in_the_token_section(qtbot, monkeypatch, tmp_path):
    """The Eternal deck builder lists token cards; a double-click puts one in the "Token cards" section (never in
    the deck), a non-token is refused there naming the rule, and a saved list keeps them."""
    from bss_desktop import paths

    w = builder(qtbot, monkeypatch, tmp_path, "eternal", "godblade-ascension")
    assert w.side == [SPRITE] * 3 and "Token cards: 3 cards" in w.panel.side_title.text()
    assert w.panel.to_side.text() == "Add cards to the token cards"
    deck_before = dict(w.draft.counts)
    type_query(w, f"id:{SPRITE}")
    double_click(w.browser.table.viewport(), row_point(w.browser.table, 0, 0))
    assert w.side == [SPRITE] * 4 and w.draft.counts == deck_before
    w.panel.to_side.click()
    type_query(w, "id:ETR1-001")
    double_click(w.browser.table.viewport(), row_point(w.browser.table, 0, 0))
    assert w.side == [SPRITE] * 4 and "token cards; Cinderpup Drakeling is not" in w.statusBar().currentMessage()
    w._save_named("Sprites", paths.decks_dir() / "eternal" / "sprites.txt")
    text = (paths.decks_dir() / "eternal" / "sprites.txt").read_text()
    assert "# Token cards\n# 4x ETR1-019: Ember Sprite" in text
    assert read_deck(text, ETR_DB).side == [SPRITE] * 4
