"""A Battle of Souls match over the LAN through the app's windows: host and guest in one process over 127.0.0.1
under qasync (BOS Getting Started, digest §3.2 need 9: best 2 of 3, the loser chooses first or second, side-deck
swaps one for one). Each machine's Match menu concedes or claims the battle; once it is counted both windows show
the between-battles panel (windows/match.py): the loser's choice only in the loser's window, each player's swaps
only in its own, the other's side deck as a count; the next battle's boards open on both; after 2 wins both say
who won the match."""
from __future__ import annotations

from collections import Counter

import pytest

pytest.importorskip("pytestqt")
import qasync  # noqa: F401  (PySide6 is already imported by pytest-qt)
from PySide6.QtWidgets import QLabel
from test_client_lan import open_lan_boards, until

from bss_desktop.carddb.database import game_db
from bss_desktop.carddb.deck_formats import game_decks
from bss_desktop.table import get_profile

BOS = get_profile("bos")
DB = game_db(BOS)
DECKS = game_decks(DB, BOS)


@pytest.fixture
def loop(qloop):
    return qloop


async def open_match():
    host, join = await open_lan_boards(DB, DECKS, BOS, "iron-legion", "shadow-court", sandbox=True)
    assert host.plays_a_match() and join.plays_a_match()
    return host, join


def labels(widget) -> str:
    return " | ".join(label.text() for label in widget.findChildren(QLabel))


async def panels(host, join, what):
    await until(lambda: getattr(host.window, "match_panel", None) is not None
                and getattr(join.window, "match_panel", None) is not None, what=what)
    return host.window.match_panel, join.window.match_panel


async def next_boards(host, join, hw, gw, what):
    await until(lambda: host.window is not hw and join.window is not gw and host.session is not None
                and host.match.session.game is not None, what=what)
    return host.window, join.window


def test_bos_match_over_the_lan_between_two_windows(loop, qtbot):
    async def go():
        host, join = await open_match()
        hw, gw = host.window, join.window
        assert "Match: Aki 0 – 0 Mio (battle 1 of 3)" == hw.match_actions["score"].text()
        assert "Match: Aki 0 – 0 Mio (battle 1 of 3)" == gw.match_actions["score"].text()
        # battle 1: Mio claims it from its Match menu; Aki agrees in its bar (it concedes: CR 1-2-4)
        gw.match_actions["claim"].trigger()
        await until(lambda: getattr(hw, "claim_panel", None) is not None, what="the host asked")
        assert "Mio says they won battle 1." in labels(hw.claim_panel)
        hw.claim_panel.agree.click()
        hp, gp = await panels(host, join, "both between-battles panels")
        assert "Match: Aki 0 – 1 Mio (battle 2 of 3)" == hw.match_actions["score"].text() \
            == gw.match_actions["score"].text()
        assert join.match.session.report.ok  # the guest audited battle 1
        # Aki lost battle 1: it chooses, in its window only; each window swaps its own player's cards only
        assert [b.text() for b in hp.first.buttons()] == ["Aki goes first", "Aki goes second"]
        assert gp.first.buttons() == [] and "Aki lost it and chooses who goes first, on their machine." in labels(gp)
        assert list(hp.box_of) == [0] and list(gp.box_of) == [1]
        assert "Mio swaps on their machine: their side deck holds" in labels(hp)
        box = gp.box_of[1]
        box.deck_list.setCurrentRow(0)
        box.side_list.setCurrentRow(0)
        out, into = box.deck_list.item(0).data(256), box.side_list.item(0).data(256)
        box.swap_button.click()
        gp.start_button.click()  # the guest is ready first: the host's player is still choosing
        hp.first.buttons()[1].click()  # Aki goes second
        hp.start_button.click()
        hw, gw = await next_boards(host, join, hw, gw, "battle 2's boards")
        game = host.match.session.game
        assert game.state.first_player == 1 and game.start["first_player"] == 1
        assert Counter(game.start["decks"][1]) == Counter(DECKS["shadow-court"].cards) - Counter([out]) \
            + Counter([into])
        assert len(game.start["sides"][1]) == len(DECKS["shadow-court"].side)
        assert "Match: Aki 0 – 1 Mio (battle 2 of 3)" == gw.match_actions["score"].text()
        # battle 2: Mio concedes from its Match menu; Aki wins the match? not yet: 1 – 1
        gw.match_actions["concede"].trigger()
        hp, gp = await panels(host, join, "the second panels")
        assert gp.first.buttons() and not hp.first.buttons()  # Mio lost: Mio chooses
        gp.first.buttons()[0].click()  # Mio goes first
        gp.start_button.click()
        hp.start_button.click()
        hw, gw = await next_boards(host, join, hw, gw, "battle 3's boards")
        assert host.match.session.game.state.first_player == 1
        # battle 3: Aki concedes; Mio wins the match 2 – 1, said in both windows
        hw.match_actions["concede"].trigger()
        await until(lambda: "Mio wins the match 2 – 1." in hw.log.toPlainText()
                    and "Mio wins the match 2 – 1." in gw.log.toPlainText(), what="the match's end")
        assert host.match.match.over and join.match.match.over
        assert "Match: Aki 1 – 2 Mio (Mio won the match)" == hw.match_actions["score"].text() \
            == gw.match_actions["score"].text()
        assert not hw.match_actions["concede"].isEnabled()
        for w in (hw, gw):
            w._leave_agreed = True
            w.close()

    loop.run_until_complete(go())


def test_bos_match_by_the_rules_over_the_lan_between_two_windows(loop, qtbot):
    """The same match with the sandbox box unticked: each battle is played by Battle of Souls' rules on both
    boards (the rules module's controller), a battle conceded counts, and the loser chooses in its own window."""
    from bss_desktop.client.controllers.bos import BosController
    from bss_desktop.rules.bos import GAME as BosGame

    async def go():
        host, join = await open_lan_boards(DB, DECKS, BOS, "iron-legion", "shadow-court")
        assert not host.sandbox.isChecked() and host.plays_a_match() and join.plays_a_match()
        hw, gw = host.window, join.window
        assert isinstance(host.match.session.game, BosGame)
        assert isinstance(hw.controller, BosController) and isinstance(gw.controller, BosController)
        assert "Match: Aki 0 – 0 Mio (battle 1 of 3)" == hw.match_actions["score"].text()
        gw.match_actions["concede"].trigger()  # battle 1 to Aki
        hp, gp = await panels(host, join, "both between-battles panels")
        assert join.match.session.report.ok  # the guest audited battle 1, by the rules
        assert gp.first.buttons() and not hp.first.buttons()  # Mio lost: Mio chooses
        gp.first.buttons()[0].click()  # Mio goes first
        gp.start_button.click()
        hp.start_button.click()
        hw, gw = await next_boards(host, join, hw, gw, "battle 2's boards")
        game = host.match.session.game
        assert isinstance(game, BosGame) and game.state.first_player == 1
        assert isinstance(gw.controller, BosController)
        gw.match_actions["concede"].trigger()  # battle 2 to Aki: the match
        await until(lambda: "Aki wins the match 2 – 0." in hw.log.toPlainText()
                    and "Aki wins the match 2 – 0." in gw.log.toPlainText(), what="the match's end")
        assert host.match.match.over and join.match.match.over
        for w in (hw, gw):
            w._leave_agreed = True
            w.close()

    loop.run_until_complete(go())
