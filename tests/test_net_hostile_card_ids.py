"""Card-exchange id collisions (net/cards.py): a definition whose printing (alternate art) or token id collides with a
card the receiver has, or with another definition of the same offer, is refused at the offer check naming the id.
Before, it passed the checks and a ValueError escaped later: "internal error" on the host, out of `play_over` on the
guest.

The hostile side writes raw frames over TCP on 127.0.0.1 (tests/test_net_hostile_bounds.py's RawPeer).
"""
from __future__ import annotations

import asyncio

import pytest
from lan import DB, deck, run, tcp_server
from test_net_card_exchange import EVIL, Asked, _fake_hello, _guest, _offer, hostile_host
from test_net_hostile_bounds import RawPeer

from bss_desktop.carddb.schema import card_from_dict
from bss_desktop.net import cards as card_exchange
from bss_desktop.net.host import HostSession
from bss_desktop.protocol import fairness

EVIL_SHARE = "77" * 32
TOKEN = {"name": "Gremlin Spawn", "colors": ["red"], "bp": 1000, "symbols": ["red"]}


def _with_printing(pid: str) -> dict:
    return {**EVIL, "printings": [{"id": pid}]}


def _token_id() -> str:
    """The id the card schema gives EVIL-001's first token."""
    card = card_from_dict({**EVIL, "effects": [{"kind": "triggered", "trigger": "when_summoned",
                                                  "do": [{"token": TOKEN}]}]})
    from bss_desktop.carddb.schema import card_tokens

    return card_tokens(card)[0].id


async def _raw_guest_offering(host: HostSession, cards: list[dict], ids: list[str]) -> list[dict]:
    """A hostile guest on 127.0.0.1 that keeps every promise of the handshake (a true commitment and deck hash,
    its share revealed) and offers `cards`, the definitions of `ids` its deck uses; what the host said back."""
    server, port = await tcp_server(host)
    try:
        peer = await RawPeer.connect(port)
        await peer.send(_fake_hello())
        assert [(await peer.recv())["type"] for _ in range(2)] == ["hello", "commit"]
        deck_ids = deck("blue-saga")[:-len(ids)] + ids
        await peer.send({"type": "commit", "share_hash": fairness.commitment(EVIL_SHARE),
                         "deck_hash": fairness.deck_hash(deck_ids, EVIL_SHARE)})
        await peer.send({"type": "deck", "cards": deck_ids, "name": "evil"})
        for part in card_exchange.have_parts(DB):
            await peer.send(part)
        await peer.recv()  # the host's offer: nothing of its own, and the ids it wants
        await peer.send({"type": "cards", "cards": cards, "want": [], "more": False})
        await asyncio.sleep(0.2)  # the host's player consents (Asked), then its account of the exchange
        try:
            await peer.send({"type": "reveal", "share": EVIL_SHARE})
        except ConnectionError:
            pass
        return await peer.until_closed()
    finally:
        server.close()
        await server.wait_closed()


def _error(out: list[dict]) -> dict:
    errors = [m for m in out if m["type"] == "error"]
    assert errors, out
    return errors[-1]


@pytest.mark.parametrize("cards, ids, named", [
    ([_with_printing("CORE-001")], ["EVIL-001"], "CORE-001"),  # a printing id that is a shipped card's id
    ([{**EVIL, "id": "EVIL-002"}, _with_printing("EVIL-002")], ["EVIL-001", "EVIL-002"], "EVIL-002"),  # in the offer
])
def test_a_hostile_guests_colliding_printing_id_is_refused_naming_it(cards, ids, named):
    host = HostSession(DB, deck("red-saga"), card_consent=Asked(), handshake_timeout=3, consent_timeout=3)
    out = run(_raw_guest_offering(host, cards, ids))
    err = _error(out)
    assert err["code"] != "internal" and "internal error" not in err["message"], err
    assert named in err["message"] and host.game is None


def test_a_hostile_guests_token_id_colliding_with_another_offered_card_is_refused_naming_it():
    token_id = _token_id()
    maker = {**EVIL, "effects": [{"kind": "triggered", "trigger": "when_summoned", "do": [{"token": TOKEN}]}]}
    clash = {**EVIL, "id": token_id, "name": "Not A Token"}
    host = HostSession(DB, deck("red-saga"), card_consent=Asked(), handshake_timeout=3, consent_timeout=3)
    out = run(_raw_guest_offering(host, [maker, clash], ["EVIL-001", token_id]))
    err = _error(out)
    assert err["code"] != "internal" and token_id in err["message"] and host.game is None


@pytest.mark.parametrize("offer, named", [
    ([_with_printing("CORE-002")], "CORE-002"),
    ([{**EVIL, "id": "EVIL-002"}, _with_printing("EVIL-002")], "EVIL-002"),
])
def test_a_hostile_hosts_colliding_printing_id_is_refused_naming_it_and_the_guest_keeps_its_cards(offer, named):
    guest = _guest()
    new = [card_from_dict(c) for c in offer if c["id"] != "EVIL-002" or "printings" not in c]
    ok = {"type": "cards_ok", "digest": card_exchange.exchanged_digest(new), "deck_cards": "00" * 32}
    report, seen = run(hostile_host(guest, _offer(offer), ok=ok))
    assert report is None and guest.error and named in guest.error, guest.error
    assert any(m["type"] == "error" and named in m["message"] for m in seen)
    assert len(guest.db) == len(DB) and "EVIL-001" not in guest.db and guest.seat is None
