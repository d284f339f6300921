"""Eternal's token cards over the LAN through the app's windows (ETR §Token Cards; docs/lan.md "Cards outside the
deck"): the host's window starts its session with the token cards of the deck its player chose, the guest's with
its own, and both are dealt into their owners' token pools; each board shows the other's pool as a count."""
from __future__ import annotations

import dataclasses

import pytest

pytest.importorskip("pytestqt")
import qasync  # noqa: F401  (PySide6 is already imported by pytest-qt)
from test_client_lan import open_lan_boards

from bss_desktop.carddb.database import game_db
from bss_desktop.carddb.deck_formats import game_decks
from bss_desktop.table import get_profile

ETR = get_profile("eternal")
DB = game_db(ETR)
DECKS = dict(game_decks(DB, ETR))
GUEST_TOKENS = ["ETR1-035", "ETR1-048"]
DECKS["gravefrost-vigil"] = dataclasses.replace(DECKS["gravefrost-vigil"], side=GUEST_TOKENS)


@pytest.fixture
def loop(qloop):
    return qloop


def test_etr_lan_windows_deal_each_players_token_cards_from_the_deck_it_chose(loop, qtbot):
    async def go():
        host, join = await open_lan_boards(DB, DECKS, ETR, "godblade-ascension", "gravefrost-vigil", click=True)
        game = host.session.game
        assert game.start["sides"] == [DECKS["godblade-ascension"].side, GUEST_TOKENS]
        pools = [sorted(game.state.cards[i].cid for i in game.state.table.areas[p]["token_pool"]) for p in (0, 1)]
        assert pools == [["ETR1-019"] * 3, sorted(GUEST_TOKENS)]
        view = join.remote.guest.view
        assert sorted(c["cid"] for c in view["players"][1]["areas"]["token_pool"]) == sorted(GUEST_TOKENS)
        assert view["players"][0]["areas"].get("token_pool") is None and view["players"][0]["counts"]["token_pool"] == 3
        for w in (host.window, join.window):
            w._leave_agreed = True
            w.close()

    loop.run_until_complete(go())
