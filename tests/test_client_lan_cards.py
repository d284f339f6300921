"""The LAN windows ask about card definitions (net/cards.py) when the two players imported different cards: the
host's player is asked to send the ones the guest lacks, the guest's to use them and to send its own, the host's to
use those; the buttons are clicked (QAbstractButton.click), and the boards open with the game's cards. Declining
names the cards in the join window. Host and join run in one process over 127.0.0.1, under qasync.

The cards are made up (tests/test_net_card_exchange.py's set files).
"""
from __future__ import annotations

import asyncio

import pytest

pytest.importorskip("pytestqt")
import qasync  # noqa: F401  (PySide6 is already imported by pytest-qt)
from test_client_lan import until
from test_net_card_exchange import GUEST_DECK, GUEST_SET, HOST_DECK, HOST_SET, user_db

from bss_desktop.carddb.decks import Deck


@pytest.fixture
def loop(qloop):
    return qloop


def _windows(tmp_path):
    from bss_desktop.client.windows.lan import HostWindow, JoinWindow

    host_db, guest_db = user_db(tmp_path / "host", HOST_SET), user_db(tmp_path / "guest", GUEST_SET)
    host = HostWindow(host_db, {"red-plus": Deck("Red plus", HOST_DECK)}, bind="127.0.0.1", port=0)
    host.name.setText("Aki")
    join = JoinWindow(guest_db, {"blue-plus": Deck("Blue plus", GUEST_DECK)})
    join.name.setText("Mio")
    return host, join, host_db, guest_db


async def _connect(host, join):
    host.start()
    await until(lambda: host.server is not None, what="the host to listen")
    join.address.setText(f"127.0.0.1:{host.server.sockets[0].getsockname()[1]}")
    join.start()


async def _question(window, words: str):
    await until(lambda: window.cards_panel.isVisible() and words in window.cards_question.text(), 10,
                f"the question {words!r}")
    return window.cards_question.text()


def test_both_players_consent_in_their_windows_and_play_with_each_others_cards(loop, qtbot, tmp_path):
    async def go():
        host, join, host_db, guest_db = _windows(tmp_path)
        for w in (host, join):
            qtbot.addWidget(w)
            w.show()
        await _connect(host, join)
        text = await _question(host, "Mio lacks 2 card(s) your deck uses")
        assert "ZHA-001 (Quillback Testling)" in text and "ZHA-002 (Lanternmoth Decoy)" in text
        assert host.cards_yes.text() == "Send the definitions"
        host.cards_yes.click()
        text = await _question(join, "Aki offers the definitions of 2 card(s) your card database lacks")
        assert "ZHA-001 (Quillback Testling)" in text and "never added to your imported cards" in text
        join.cards_yes.click()
        text = await _question(join, "Aki lacks 2 card(s) your deck uses")
        assert "ZGU-001 (Tidebell Sprite)" in text
        join.cards_yes.click()
        text = await _question(host, "Mio offers the definitions of 2 card(s)")
        assert "ZGU-002 (Kelpshade Warden)" in text
        host.cards_yes.click()
        await until(lambda: host.window is not None and join.window is not None, 20, "both boards")
        assert not host.cards_panel.isVisible() and not join.cards_panel.isVisible()
        # each board's game knows the other's cards; the players' own databases do not
        assert "ZGU-001" in host.window.model.game.db and "ZHA-001" in join.remote.game.db
        assert "ZGU-001" not in host_db and "ZHA-001" not in guest_db
        for w in (host.window, join.window):
            w.close()

    loop.run_until_complete(go())


def test_declining_in_the_join_window_names_the_cards_and_opens_no_board(loop, qtbot, tmp_path):
    async def go():
        host, join, _, _ = _windows(tmp_path)
        for w in (host, join):
            qtbot.addWidget(w)
            w.show()
        await _connect(host, join)
        await _question(host, "Mio lacks 2 card(s)")
        host.cards_yes.click()
        await _question(join, "Aki offers the definitions")
        assert join.cards_no.text() == "Decline (no game)"
        join.cards_no.click()
        await until(lambda: join.join_button.isEnabled(), 10, "the join window to give up")
        assert "you declined the definitions of 2 card(s)" in join.info.text()
        assert "ZHA-001 (Quillback Testling), ZHA-002 (Lanternmoth Decoy)" in join.info.text()
        await until(lambda: "declined" in host.cards_note.text(), 10, "the host window to say it")
        assert "ZHA-001 (Quillback Testling)" in host.cards_note.text()
        assert join.window is None and host.window is None and host.session.game is None

    loop.run_until_complete(go())


def test_a_card_name_from_the_other_player_is_shown_as_plain_text(loop, qtbot, tmp_path):
    async def go():
        from bss_desktop.client.windows.lan import JoinWindow

        join = JoinWindow(user_db(tmp_path / "g", GUEST_SET), {"blue-plus": Deck("Blue plus", GUEST_DECK)})
        qtbot.addWidget(join)
        join.show()
        asking = asyncio.ensure_future(join.ask_cards("receive", [("ZX-1", "<b>bold</b><img src=x>")], "<i>Evil</i>"))
        await _question(join, "<b>bold</b><img src=x>")
        assert join.cards_question.textFormat() == join.cards_question.textFormat().PlainText
        join.cards_no.click()
        assert await asking is False

    loop.run_until_complete(go())
