"""Paying never self-destroys a card by surprise (CR 9-3-2, 10-1-1-1).

The automatic payment (costs.auto_select) spares every field card when some payment does, and
otherwise destroys as few as it can, then the cheapest; costs.destroyed_by_payment names the cards a
payment leaves below their LV1 cores; the payment panel shows them in red, says so on its Pay button,
and Enter does not accept such a payment (a click does). Its column headers show whole card names.
"""
import copy
import itertools
import random

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QVBoxLayout, QWidget

from bss_desktop.client.decisions.payment import PaymentPanel
from bss_desktop.rules.bss import costs
from bss_desktop.engine.commands import PlaceNexus, Summon, UseMagic
from helpers import hand_iid, position

# Forgeheart Golem needs 2 cores for LV1; the long-named one is for the column headers
CARDS = """
    cards:
      - {id: PP-GOLEM, name: Forgeheart Golem, type: spirit, colors: [red], cost: 3, symbols: [red],
         levels: [{level: 1, cores: 2, bp: 4000}, {level: 2, cores: 4, bp: 6000}]}
      - {id: PP-TITAN, name: Ashen Titan, type: spirit, colors: [red], cost: 4, symbols: [red],
         levels: [{level: 1, cores: 3, bp: 7000}]}
      - {id: PP-CHEAP, name: Cinder Golem, type: spirit, colors: [red], cost: 2, symbols: [red],
         levels: [{level: 1, cores: 2, bp: 3000}]}
      - {id: PP-LONG, name: Forgeheart Golem of the Eastern Ridge, type: spirit, colors: [red], cost: 3,
         symbols: [red], levels: [{level: 1, cores: 1, bp: 4000}]}
    """


def game_with(field: str, *, reserve: int, soul: str = "reserve", hand: str = "[KW-GAL]"):
    """Player 0's main step. `field`: YAML flow items. Gale Falcon (KW-GAL): cost 3, no reduction, LV1 1 core."""
    return position(CARDS + f"""
    turn: 3
    turn_player: 0
    players:
      - life: 5
        reserve: {reserve}
        soul_core: {soul}
        hand: {hand}
        field: [{field}]
      - life: 5
    """)


def field(game, cid: str) -> int:
    return next(i for i in game.state.players[0].field if game.state.cards[i].cid == cid)


def on_field(game, iid: int) -> bool:
    return game.state.cards[iid].zone == "field"


def destroys(game, sel) -> list[int]:
    return costs.destroyed_by_payment(game, 0, *sel)


# ---------------------------------------------------------------- the automatic payment (costs.auto_select)

def test_cr_10_1_1_1_the_automatic_payment_destroys_one_spirit_not_two_when_one_is_enough():
    """A position like the bug report's: Gale Falcon needs 4 cores (3 to pay, 1 to place), the reserve has 2, and both
    spirits sit at exactly LV1: Forgeheart Golem on 1 core + the soul core, Ember Drake on 1 core.
    One spirit has to go. The old order took the cheapest spirit's core first (Ember Drake) and then one more
    from the Golem: both self-destroyed. Destroying only the Golem frees its core and the soul core: enough."""
    game = game_with("{card: PP-GOLEM, cores: 1, soul_core: true}, {card: KW-DRG, cores: 1}", reserve=2,
                     soul="field")
    golem, drake = field(game, "PP-GOLEM"), field(game, "KW-DRG")
    auto = costs.auto_select(game, 0, 3, 1)
    assert destroys(game, auto) == [golem]  # CR 9-3-2: the Golem falls below LV1; Ember Drake is spared
    assert auto == ((("reserve", 2), (golem, 1)), False, (), True)  # the freed soul core goes onto the Falcon
    game.apply(Summon(0, hand_iid(game, 0, "KW-GAL")))  # no payment given: the engine pays automatically
    assert not on_field(game, golem) and on_field(game, drake)
    assert game.state.cards[golem].removal.kind == "self"  # CR 10-1-1-1: self-destruction


def test_cr_10_1_1_1_the_automatic_payment_destroys_the_one_spirit_that_frees_enough_not_all_three():
    """Gale Falcon needs 4; the reserve is empty. Ashen Titan (LV1 3) holds 4 cores, Forgeheart Golem 1 core and
    the soul core, Ember Drake 1 core: only the Titan's 4th core is spare. The old order (cheapest first, the
    soul core last) took the Titan's spare core, Ember Drake's, the Golem's and one more of the Titan's: all
    three self-destroyed. Destroying the Titan alone frees the 3 more cores needed."""
    game = game_with("{card: PP-TITAN, cores: 4}, {card: PP-GOLEM, cores: 1, soul_core: true}, "
                     "{card: KW-DRG, cores: 1}", reserve=0, soul="field")
    titan, golem, drake = field(game, "PP-TITAN"), field(game, "PP-GOLEM"), field(game, "KW-DRG")
    auto = costs.auto_select(game, 0, 3, 1)
    assert destroys(game, auto) == [titan]
    game.apply(Summon(0, hand_iid(game, 0, "KW-GAL")))
    assert [on_field(game, i) for i in (titan, golem, drake)] == [False, True, True]


def test_cr_10_1_1_1_with_equally_few_cards_to_lose_the_automatic_payment_destroys_the_cheaper():
    """Two cards must not both go, and either one frees enough: Cinder Golem (cost 2) goes, not Forgeheart
    Golem (cost 3), although the Forgeheart Golem comes first on the field."""
    game = game_with("{card: PP-GOLEM, cores: 2}, {card: PP-CHEAP, cores: 2}", reserve=2)
    auto = costs.auto_select(game, 0, 3, 1)
    assert destroys(game, auto) == [field(game, "PP-CHEAP")]


def test_cr_10_1_1_1_fewer_cards_lost_beats_cheaper_cards_lost():
    """Two cores short: two Ember Drakes (cost 1 each, one core each) or one Ashen Titan (cost 4, three cores).
    Losing one card is better than losing two cheaper ones."""
    game = game_with("{card: KW-DRG, cores: 1}, {card: KW-DRG, cores: 1}, {card: PP-TITAN, cores: 3}", reserve=2,
                     soul="trash")
    auto = costs.auto_select(game, 0, 3, 1)
    assert destroys(game, auto) == [field(game, "PP-TITAN")]


def test_cr_11_8_1_ascend_frees_the_soul_core_so_the_automatic_payment_spares_the_other_spirit():
    """【Ascend】 sends every core of the Young Beast, the soul core with them, to the reserve (CR 11-8-1): the
    soul core may then pay or be placed like a reserve core. The old automatic payment still treated it as
    keeping the Young Beast at LV1, came up one core short and took Red Pup's last core, self-destroying a
    spirit although a payment that spares it exists (the soul core onto Ascended Lion)."""
    game = position("""
    turn: 3
    turn_player: 0
    players:
      - life: 5
        reserve: 4
        soul_core: field
        hand: [KW-ASC]
        field:
          - {card: KW-BST, cores: 1, soul_core: true}
          - {card: T-R1, cores: 1}
      - life: 5
    """)
    lion, pup = game.state.players[0].hand[0], field(game, "T-R1")
    offered = [c for c in game.legal_commands() if isinstance(c, Summon) and c.card == lion]
    assert len(offered) == 1 and offered[0].place_soul and pup not in dict(offered[0].place + offered[0].pay)
    game.apply(Summon(0, lion))  # cost 4 and 2 for LV1: the Beast's core and the reserve's 4, + the soul core
    assert on_field(game, pup) and game.cores_on(pup) == 1
    assert on_field(game, lion) and game.state.players[0].soul == lion and game.cores_on(lion) == 2


def test_cr_9_3_2_the_automatic_payment_keeps_every_card_at_lv1_when_the_cores_allow_it_exhaustive():
    """Small positions, every payment tried: the automatic payment destroys nothing whenever some payment
    destroys nothing, and otherwise as few cards as any payment, then the cheapest (CR 9-3-2, 10-1-1-1).
    The soul core sits in the reserve, on a card or is unavailable; nexuses count (Blue Tower: LV1 1 core)."""
    rng = random.Random(7)
    kinds = {"KW-DRG": 1, "PP-GOLEM": 2, "PP-CHEAP": 2, "PP-TITAN": 3, "T-NX2": 1, "T-NX": 0}
    for _ in range(120):
        cids = [rng.choice(list(kinds)) for _ in range(rng.randint(1, 4))]
        soul = rng.choice(["reserve", "trash", "field"])
        on = rng.randrange(len(cids)) if soul == "field" else None
        items = ", ".join(f"{{card: {c}, cores: {max(0, kinds[c] - (i == on)) + rng.choice([0, 0, 1])}"
                          + (", soul_core: true}" if i == on else "}") for i, c in enumerate(cids))
        game = game_with(items, reserve=rng.choice([0, 1, 2]), soul=soul)
        pay_n, place_n = rng.randint(0, 3), rng.randint(0, 2)
        pool, soul_ok = costs.core_pool(game, 0), costs.soul_available(game, 0)
        outcomes = []
        for soul_taken in (False, True) if soul_ok else (False,):
            for counts in itertools.product(*(range(n + 1) for n in pool.values())):
                if sum(counts) + soul_taken == pay_n + place_n:
                    sel = tuple(zip(pool, counts))
                    doomed = destroys(game, (sel, soul_taken))
                    outcomes.append((len(doomed), sum(game.db[game.state.cards[i].cid].cost for i in doomed)))
        auto = costs.auto_select(game, 0, pay_n, place_n)
        if not outcomes:
            assert auto is None
            continue
        doomed = destroys(game, auto)
        assert (len(doomed), sum(game.db[game.state.cards[i].cid].cost for i in doomed)) == min(outcomes), items


def test_cr_10_6_6_most_cores_is_exactly_where_the_automatic_payment_gives_up():
    """costs.most_cores (which legal_commands reads before it searches for a payment) is the largest payment and
    placement auto_select can find: every core of the reserve and the field, and the soul core when it may pay
    (CR 10-6-6, 2-10-3); one core more and there is none. Soul core in the reserve, on a card, or unavailable."""
    rng = random.Random(11)
    kinds = {"KW-DRG": 1, "PP-GOLEM": 2, "PP-TITAN": 3, "T-NX": 0}
    for _ in range(80):
        cids = [rng.choice(list(kinds)) for _ in range(rng.randint(0, 4))]
        soul = rng.choice(["reserve", "trash", "field"]) if cids else rng.choice(["reserve", "trash"])
        on = rng.randrange(len(cids)) if soul == "field" else None
        items = ", ".join(f"{{card: {c}, cores: {kinds[c] + rng.choice([0, 1, 2])}"
                          + (", soul_core: true}" if i == on else "}") for i, c in enumerate(cids))
        game = game_with(items, reserve=rng.choice([0, 1, 3]), soul=soul)
        most = costs.most_cores(game, 0)
        place = rng.randint(0, min(2, most))
        assert costs.auto_select(game, 0, most - place, place) is not None, items
        assert costs.auto_select(game, 0, most + 1 - place, place) is None, items


def test_the_automatic_payment_answers_the_same_inside_a_read_only_pass():
    """The pass memo (stats.pass_memo) keeps answering what the function answers outside a pass."""
    game = game_with("{card: PP-GOLEM, cores: 1, soul_core: true}, {card: KW-DRG, cores: 1}", reserve=2,
                     soul="field")
    outside = costs.auto_select(game, 0, 3, 1)
    with game.reading():
        assert costs.auto_select(game, 0, 3, 1) == outside
        assert costs.auto_select(game, 0, 3, 1) == outside


# ---------------------------------------------------------------- costs.destroyed_by_payment

def test_cr_9_3_2_destroyed_by_payment_names_the_cards_left_below_lv1_and_agrees_with_the_engine():
    game = game_with("{card: PP-GOLEM, cores: 1, soul_core: true}, {card: KW-DRG, cores: 2}, {card: T-NX2, cores: 1}",
                     reserve=4, soul="field")
    golem, drake, tower = field(game, "PP-GOLEM"), field(game, "KW-DRG"), field(game, "T-NX2")
    assert costs.destroyed_by_payment(game, 0, (("reserve", 3),), False, (("reserve", 1),), False) == []
    assert costs.destroyed_by_payment(game, 0, ((drake, 1), ("reserve", 2)), False, (), True) == [golem]  # CR 2-10-3
    assert costs.destroyed_by_payment(game, 0, ((golem, 1), (tower, 1), ("reserve", 1)), False,
                                      ((drake, 1),), False) == [golem, tower]  # a nexus below LV1 goes too
    for sel in (((("reserve", 2), (drake, 1)), False, (), True),
                (((golem, 1), (tower, 1), ("reserve", 1)), False, ((drake, 1),), False)):
        g = copy.deepcopy(game)
        named = costs.destroyed_by_payment(g, 0, *sel)
        before = list(g.state.players[0].field)
        g.apply(Summon(0, hand_iid(g, 0, "KW-GAL"), *sel))
        assert [i for i in before if g.state.cards[i].zone != "field"] == named  # CR 10-1-1-1
        assert all(g.state.cards[i].removal.kind == "self" for i in named)


# ---------------------------------------------------------------- the payment panel

def open_panel(qtbot, game, cmd, *, style: str = ""):
    """The panel in a host widget (with the decision bar's label font when `style` says so), shown."""
    host = QWidget()
    host.setStyleSheet(style)
    QVBoxLayout(host).addWidget(panel := PaymentPanel(game, cmd))
    panel.host = host  # keeps the host (and so the panel) alive as long as the test holds the panel
    qtbot.addWidget(host)
    host.show()
    qtbot.waitExposed(host)
    host.activateWindow()  # Enter and Return are window shortcuts: the window must be the active one
    assert QTest.qWaitForWindowActive(host)
    panel.setFocus()
    got = []
    panel.confirmed.connect(got.append)
    return panel, got


def test_cr_10_1_1_1_the_panel_names_every_card_an_unavoidable_payment_destroys(qtbot):
    """Gale Falcon needs 4 cores: the reserve's soul core and every core on the field. Forgeheart Golem and the
    nexus Blue Tower both lose their last cores, and the panel says so before the player accepts."""
    game = game_with("{card: PP-GOLEM, cores: 2}, {card: T-NX2, cores: 1}", reserve=0)
    golem, tower = field(game, "PP-GOLEM"), field(game, "T-NX2")
    panel, got = open_panel(qtbot, game, Summon(0, hand_iid(game, 0, "KW-GAL")))
    assert panel.ok.isEnabled()  # a legal payment, pre-filled
    assert panel.doomed == [golem, tower]
    assert panel.warning.isVisible()
    text = panel.warning.text()
    assert "destroys Forgeheart Golem and Blue Tower" in text and "CR 10-1-1-1" in text
    assert panel.ok.text() == "Pay and destroy 2"
    assert "f87171" in panel.warning.styleSheet()  # red
    assert "f87171" in panel.titles[golem].styleSheet() and "f87171" not in panel.titles["reserve"].styleSheet()


def test_cr_10_1_1_1_enter_does_not_accept_a_self_destroying_payment_and_a_click_does(qtbot):
    """The position of the first test: the suggestion has to destroy one spirit (the Golem, not also Ember Drake).
    Enter and Return are refused; clicking the button pays, and the engine destroys exactly the named card."""
    game = game_with("{card: PP-GOLEM, cores: 1, soul_core: true}, {card: KW-DRG, cores: 1}", reserve=2,
                     soul="field")
    golem, drake = field(game, "PP-GOLEM"), field(game, "KW-DRG")
    falcon = hand_iid(game, 0, "KW-GAL")
    panel, got = open_panel(qtbot, game, Summon(0, falcon))
    assert panel.doomed == [golem] and "destroys Forgeheart Golem:" in panel.warning.text()
    assert "Ember Drake" not in panel.warning.text()
    QTest.keyClick(panel, Qt.Key_Return)
    QTest.keyClick(panel, Qt.Key_Enter)
    assert got == []  # nothing accepted by the keyboard
    panel.ok.click()
    assert len(got) == 1
    game.apply(got[0])
    assert on_field(game, falcon) and on_field(game, drake) and not on_field(game, golem)
    assert game.state.cards[golem].removal.kind == "self"


def test_cr_10_6_6_enter_accepts_a_payment_that_destroys_nothing(qtbot):
    game = game_with("{card: PP-GOLEM, cores: 3}, {card: KW-DRG, cores: 1}", reserve=3)
    falcon = hand_iid(game, 0, "KW-GAL")
    panel, got = open_panel(qtbot, game, Summon(0, falcon))
    assert panel.doomed == [] and not panel.warning.isVisible() and panel.ok.text() == "Pay  [Enter]"
    QTest.keyClick(panel, Qt.Key_Return)
    assert len(got) == 1
    before = list(game.state.players[0].field)
    game.apply(got[0])
    assert all(on_field(game, i) for i in before) and on_field(game, falcon)


def test_cr_9_3_2_the_warning_follows_the_players_edits(qtbot):
    """The suggestion spares everything. Taking Ember Drake's only core instead of a reserve core brings the
    warning and the 'Pay and destroy 1' button; Enter then does nothing. Putting it back removes them again.
    Paying with the soul core that keeps Forgeheart Golem at LV1 (it has no regular core to show in a column)
    names the Golem."""
    game = game_with("{card: PP-GOLEM, cores: 1, soul_core: true}, {card: KW-DRG, cores: 1}", reserve=4,
                     soul="field")
    golem, drake = field(game, "PP-GOLEM"), field(game, "KW-DRG")
    panel, got = open_panel(qtbot, game, Summon(0, hand_iid(game, 0, "KW-GAL")))
    assert panel.doomed == [] and not panel.warning.isVisible()
    panel.pay_boxes["reserve"].setValue(2)
    panel.pay_boxes[drake].setValue(1)
    assert panel.ok.isEnabled() and panel.doomed == [drake] and panel.warning.isVisible()
    assert "destroys Ember Drake: it loses its last cores" in panel.warning.text()
    assert panel.ok.text() == "Pay and destroy 1"
    QTest.keyClick(panel, Qt.Key_Return)
    assert got == []
    panel.pay_boxes[drake].setValue(0)
    panel.pay_boxes["reserve"].setValue(3)
    assert panel.doomed == [] and not panel.warning.isVisible() and panel.ok.text() == "Pay  [Enter]"
    QTest.keyClick(panel, Qt.Key_Return)
    assert len(got) == 1  # now Enter accepts (the command is not applied here)
    panel.pay_boxes["reserve"].setValue(2)
    panel.soul.setCurrentIndex(1)  # "soul core pays"
    assert panel.ok.isEnabled() and panel.doomed == [golem] and "Forgeheart Golem" in panel.warning.text()
    QTest.keyClick(panel, Qt.Key_Enter)
    assert len(got) == 1
    panel.ok.click()
    assert len(got) == 2
    game.apply(got[1])
    assert not on_field(game, golem) and on_field(game, drake)  # exactly the named card


def test_cr_10_8_6_magic_payments_are_protected_too(qtbot):
    """A magic card's payment (no placement) that takes a spirit's last core is named and needs the button."""
    game = game_with("{card: KW-DRG, cores: 1}", reserve=0, soul="trash", hand="[T-MM]")
    drake = field(game, "KW-DRG")
    panel, got = open_panel(qtbot, game, UseMagic(0, hand_iid(game, 0, "T-MM")))
    assert panel.doomed == [drake] and panel.ok.text() == "Pay and destroy 1"  # cost 1: no other core
    QTest.keyClick(panel, Qt.Key_Return)
    assert got == []


# the decision bar's label font: the headers must fit in whatever font the host's style sheet sets
BAR_STYLE = "QLabel { font-size: 14px; }"


@pytest.mark.parametrize("style", ["", BAR_STYLE])
def test_the_panels_column_headers_show_whole_card_names(qtbot, style):
    """Each core source has a column headed by its name and core count; a long name wraps instead of being cut
    off (the header used to be clipped at 130 pixels), the row labels and the soul core's choice stay readable,
    and the panel stays compact."""
    game = game_with("{card: PP-LONG, cores: 2}, {card: PP-GOLEM, cores: 3, soul_core: true}, "
                     "{card: T-NX2, cores: 1}", reserve=3, soul="field", hand="[T-NX2]")
    long_one = field(game, "PP-LONG")
    panel, _ = open_panel(qtbot, game, PlaceNexus(0, hand_iid(game, 0, "T-NX2")), style=style)
    grid = panel.layout().itemAt(1).layout()
    titles = [grid.itemAtPosition(0, col).widget() for col in range(1, len(panel.sources) + 1)]
    for title in titles:
        room = title.contentsRect()
        needs = title.fontMetrics().boundingRect(QRect(0, 0, room.width(), 10_000), Qt.TextWordWrap, title.text())
        assert needs.width() <= room.width() and needs.height() <= room.height(), title.text()
    # each the name and the cores there; the soul core counts towards LV1 too (CR 2-10-3)
    assert [t.text() for t in titles] == ["Reserve (3)", "Forgeheart Golem of the Eastern Ridge (2)",
                                          "Forgeheart Golem (3 + soul core)", "Blue Tower (1)"]
    long_title = panel.titles[long_one]
    assert long_title.width() < long_title.fontMetrics().horizontalAdvance(long_title.text())  # wrapped, not wide
    for row in (1, 2):  # "pay" and "place"
        label = grid.itemAtPosition(row, 0).widget()
        assert label.width() >= label.fontMetrics().horizontalAdvance(label.text())
    assert panel.soul.width() >= panel.soul.sizeHint().width()
    assert panel.minimumSizeHint().width() < 800  # four sources and the soul core's choice: still compact
