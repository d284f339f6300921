"""《Succession》 (STD 12-2-1-3) over the LAN, on 127.0.0.1: the guest's payment panel, built from the host's redacted
view and legal commands (RemoteGame), offers every count of EX cards the host offers, each at its cost; driven by its
real widgets it summons with 1 of the 2 EX cards, and the host removes exactly that card from the game and takes the
right cores; short of cores without it, the panel still prices 0 EX cards at the full cost. A guest whose only
payment is 《Soul Magic》's soul core sees the card's real cost and pays with the soul core. A hostile guest's
Succession cards (not in its trash, named twice, more than the reduction symbols, no EX symbol) are refused naming
the STD rule, and the game does not change.

The deal is replaced by a Standard position on the host (the guest's audit would say so; these tests look at the
payment, not the audit)."""
from __future__ import annotations

import asyncio
import textwrap

import pytest
import yaml

pytest.importorskip("pytestqt")

from PySide6.QtCore import QPointF  # noqa: E402

from lan import tcp_server, until  # noqa: E402
from test_client_choices import shown_guest_window  # noqa: E402
from test_net_table import guest_does, settle  # noqa: E402

from bss_desktop.carddb.database import game_db  # noqa: E402
from bss_desktop.carddb.deck_formats import game_decks  # noqa: E402
from bss_desktop.engine.position import game_from_position  # noqa: E402
from bss_desktop.table import get_profile  # noqa: E402

STD = get_profile("standard")
DB = game_db(STD)
DECKS = game_decks(DB, STD)

# The guest (player 2, seat 1) in its main step: Cinderheart Regent (cost 8, four red reduction symbols,
# 《Succession》) in hand; one red symbol on its field (cost 7); two EX-symbol cards in its trash (Emberpip
# Salamander and Emberpip Salamander [2]) and one without (Flintscale Courier); 8 cores in its reserve.
GUEST_SUMMONS = """
    game: standard
    turn: 4
    turn_player: 1
    step: main
    players:
      - {life: 5, reserve: 3, deck: [STD1-002, STD1-002, STD1-002]}
      - {life: 5, reserve: 8, hand: [STD1-010], trash: [STD1-001, STD1-002, STD1-090],
         field: [{card: STD1-002, cores: 1}], deck: [STD1-002, STD1-002, STD1-002]}
"""


@pytest.fixture
def loop(qloop):
    return qloop


def _sessions(text: str):
    from bss_desktop.net.guest import GuestSession
    from bss_desktop.net.host import HostSession

    def from_position(game):
        built = game_from_position(yaml.safe_load(textwrap.dedent(text)), DB, settings=game.settings)
        game.__dict__.update(built.__dict__)

    host = HostSession(DB, DECKS["crimson-vanguard"].cards, name="Aki", profile=STD, share="11" * 32,
                       tamper=from_position)
    guest = GuestSession(DB, DECKS["tidal-archive"].cards, name="Mio", profile=STD, share="22" * 32,
                         reconnect_for=5.0)
    guest._check_opening = lambda view: None  # a hand-made opening, which the guest would refuse (protocol 4)
    return host, guest


def _cids(game, ids) -> list[str]:
    return [game.state.cards[i].cid for i in ids]


async def _guest_window(text: str):
    """A LAN game on 127.0.0.1 from the Standard position `text`: the host's session, the guest's session and the
    guest's window, laid out as a player sees it."""
    from bss_desktop.client.controllers.remote import RemoteSession
    from bss_desktop.net.link import connect

    host, guest = _sessions(text)
    server, port = await tcp_server(host)
    link = await connect("127.0.0.1", port)
    remote = RemoteSession(guest, DB)
    asyncio.ensure_future(guest.play_over(link))
    return host, guest, await shown_guest_window(remote, DB), server


def _drag_to_field(gw, alias):
    from test_client import drag
    from test_client_choices import card_point

    from bss_desktop.client.board.layout import zone_rect

    drag(gw, card_point(gw, alias, 0.5), QPointF(*zone_rect("field", "bottom").center))


def test_std_12_2_1_3_a_lan_guests_payment_panel_summons_with_1_of_2_ex_cards(loop, qtbot):
    async def go():
        host, guest, gw, server = await _guest_window(GUEST_SUMMONS)
        game = host.game
        me = game.state.players[1]
        regent = me.hand[0]
        ex = [i for i in me.trash if game.state.cards[i].cid in ("STD1-001", "STD1-090")]
        board = gw.model.game  # the guest's RemoteGame: cards by the host's aliases for the guest
        assert guest.seat == 1 and board.pending.kind == "main" and board.pending.player == 1
        _drag_to_field(gw, board.state.players[1].hand[0])
        panel = gw.bar.panel
        assert panel is not None and panel.cost == 7  # 8 less the field's red symbol
        assert panel.succession.minimum() == 0 and panel.succession.maximum() == 2  # the two EX cards
        costs = []
        for k in (2, 0, 1):
            panel.succession.setValue(k)  # the spin box's own signal
            costs.append((k, panel.cost, panel.ok.isEnabled()))
        assert costs == [(2, 5, True), (0, 7, True), (1, 6, True)]
        assert "cost 6 (8 − 2 reduction" in panel.head.text()
        before = (me.reserve, me.trash_cores)
        n = len(game.history)
        panel.ok.click()
        await until(lambda: len(game.history) > n, what="the host to apply the summon")
        await settle(host, guest)
        assert game.state.cards[regent].zone == "field"
        assert game.zone_cards(1, "exile") == ex[:1]  # exactly the first EX card is removed from the game
        assert _cids(game, me.trash) == ["STD1-002", "STD1-090"]  # the other stays, for later
        assert (me.reserve, me.trash_cores) == (before[0] - 7, before[1] + 6)  # 6 paid, 1 placed
        assert game.state.cards[regent].cores == 1 and me.soul == "reserve"
        cmd = game.history[-1]
        assert cmd.exile == tuple(ex[:1]) and sum(n for _, n in cmd.pay) + cmd.pay_soul == 6
        await until(lambda: len(board.zone_cards(1, "exile")) == 1, what="the guest's board to show it")
        server.close()  # (the fixture closes the window: the guest hangs up)

    loop.run_until_complete(go())


def test_std_12_2_1_3_a_lan_guest_too_short_without_succession_sees_the_full_cost_at_0(loop, qtbot):
    # 5 cores in the reserve, the soul core and the Courier's core: 7, one short of 7 + 1 without Succession. The
    # host offers 1 and 2 EX cards only; the guest's panel still prices 0 at 7 (not the first offer's 6) and
    # refuses it, and pays with both
    async def go():
        host, guest, gw, server = await _guest_window(GUEST_SUMMONS.replace("reserve: 8", "reserve: 5"))
        game = host.game
        me = game.state.players[1]
        regent = me.hand[0]
        ex = [i for i in me.trash if game.state.cards[i].cid in ("STD1-001", "STD1-090")]
        board = gw.model.game
        _drag_to_field(gw, board.state.players[1].hand[0])
        panel = gw.bar.panel
        assert panel is not None and panel.cost == 7 and not panel.ok.isEnabled()
        assert panel.succession.maximum() == 2
        panel.succession.setValue(2)
        assert panel.cost == 5 and panel.ok.isEnabled()
        n = len(game.history)
        panel.ok.click()
        await until(lambda: len(game.history) > n, what="the host to apply the summon")
        assert game.state.cards[regent].zone == "field" and game.zone_cards(1, "exile") == ex
        assert me.reserve == 0 and game.state.cards[game.state.players[1].field[0]].cores == 1  # the Courier keeps its
        server.close()  # (the fixture closes the window: the guest hangs up)

    loop.run_until_complete(go())


def test_std_12_2_1_2_1_a_lan_guest_short_of_cores_pays_soul_magic_with_the_soul_core(loop, qtbot):
    # Current Shear (cost 3, two blue reduction symbols, 《Soul Magic: blue》): the nexus's blue symbol makes it 2,
    # and the guest has only the soul core. The host offers the soul core alone; the guest's panel says 2 (not the
    # soul core's 1) and pays with its Soul Magic button
    async def go():
        host, guest, gw, server = await _guest_window("""
            game: standard
            turn: 4
            turn_player: 1
            step: main
            players:
              - {life: 5, reserve: 3, deck: [STD1-002, STD1-002, STD1-002]}
              - {life: 5, reserve: 0, hand: [STD1-036], field: [{card: STD1-032, cores: 0}],
                 deck: [STD1-002, STD1-002, STD1-002]}
        """)
        game = host.game
        shear = game.state.players[1].hand[0]
        board = gw.model.game
        from test_client_choices import play_magic

        play_magic(gw, board.state.players[1].hand[0])
        panel = gw.bar.panel
        assert panel is not None and panel.cost == 2 and not panel.ok.isEnabled()
        assert panel.soul_magic.isVisible()
        n = len(game.history)
        panel.soul_magic.click()
        await until(lambda: len(game.history) > n, what="the host to apply the magic")
        cmd = game.history[n]
        assert cmd.card == shear and cmd.pay == () and cmd.pay_soul
        assert game.state.cards[shear].zone == "trash" and game.state.players[1].soul == "trash"
        server.close()  # (the fixture closes the window: the guest hangs up)

    loop.run_until_complete(go())


# The guest with five EX cards in its trash (Regent has four reduction symbols), one without, and the host's trash
# holding an EX card the guest can see
HOSTILE = """
    game: standard
    turn: 4
    turn_player: 1
    step: main
    players:
      - {life: 5, reserve: 3, trash: [STD1-021], deck: [STD1-002, STD1-002, STD1-002]}
      - {life: 5, reserve: 8, hand: [STD1-010, STD1-002],
         trash: [STD1-001, STD1-090, STD1-001, STD1-090, STD1-001, STD1-002],
         field: [{card: STD1-002, cores: 1}], deck: [STD1-002, STD1-002, STD1-002]}
"""


def test_std_12_2_1_3_a_hostile_guests_succession_cards_are_refused_naming_the_rule():
    from lan import run

    from bss_desktop.engine.commands import Concede
    from bss_desktop.net.link import connect

    async def go():
        host, guest = _sessions(HOSTILE)
        server, port = await tcp_server(host)
        link = await connect("127.0.0.1", port)
        playing = asyncio.ensure_future(guest.play_over(link))
        await host.started.wait()
        await settle(host, guest)
        game = host.game
        assert game.pending.kind == "main" and game.pending.player == 1
        view = guest.view["players"]
        by_cid = {}
        for zone in ("hand", "trash", "field"):
            for c in view[1][zone]:
                by_cid.setdefault((zone, c["cid"]), []).append(c["card"])
        regent = by_cid["hand", "STD1-010"][0]
        ex = [c["card"] for c in view[1]["trash"] if c["cid"] in ("STD1-001", "STD1-090")]
        plain = by_cid["trash", "STD1-002"][0]
        theirs = view[0]["trash"][0]["card"]  # the host's EX card: in a trash, not the guest's
        field = by_cid["field", "STD1-002"][0]
        hand = by_cid["hand", "STD1-002"][0]

        def summon(exile, pay=5):
            return {"type": "summon", "player": 1, "card": regent, "pay": [["reserve", pay]],
                    "place": [["reserve", 1]], "exile": list(exile)}

        before = game.state_hash()
        attacks = {
            "not in its trash (its field)": summon([ex[0], field]),
            "not in its trash (its hand)": summon([hand]),
            "not in its trash (the host's)": summon([ex[0], theirs]),
            "named twice": summon([ex[0], ex[0]]),
            "more than the symbols": summon(ex, pay=3),
            "no EX symbol": summon([ex[0], plain]),
        }
        refusals = {}
        for what, cmd in attacks.items():
            refused = await guest_does(host, guest, cmd)
            assert refused, what
            refusals[what] = refused[0]
            assert game.state_hash() == before, what
        ok = await guest_does(host, guest, summon(ex[:2]))  # the honest one: 7 less 2 is 5
        assert not ok, ok
        assert len(game.zone_cards(1, "exile")) == 2
        host.apply(Concede(0))
        await asyncio.wait_for(playing, 20)
        server.close()
        return refusals

    refusals = run(go())
    for what, (rule, message) in refusals.items():
        expected = "STD 12-2-1-3-2-1" if what == "more than the symbols" else "STD 12-2-1-3"
        assert rule == expected, (what, rule, message)
    assert refusals["not in its trash (the host's)"][1] == "exile[1]: that card is not in your trash"
    field = refusals["not in its trash (its field)"][1]
    assert field == "exile[1]: Flintscale Courier is on your field, not in your trash"  # by name, not by number
    assert "named twice" in refusals["named twice"][1]
    assert "no EX symbol" in refusals["no EX symbol"][1]
