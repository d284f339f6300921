"""Two players with different imported cards over the LAN (net/cards.py): the handshake names the cards one side
lacks by id and name, each player consents to send and to use definitions, and a game is played with them; a
declined exchange names the cards; a hostile peer's definitions (malformed, too many, too large, colliding with
cards the receiver has) are refused without crashing anything.

Every card here is made up for these tests (set files in YAML, written to a temporary folder). All traffic is TCP on
127.0.0.1, or in-process links; the hostile side writes raw frames (tests/test_net_hostile_bounds.py's RawPeer).
"""
from __future__ import annotations

import asyncio
import json

import pytest
from lan import DB, deck, run, tcp_server
from test_net_hostile_bounds import LOOPBACK, RawPeer

from bss_desktop.carddb.importer import load_user_db
from bss_desktop.carddb.schema import card_to_dict
from bss_desktop.engine.record import replay, to_record
from bss_desktop.net import cards as card_exchange
from bss_desktop.net import handshake
from bss_desktop.net.cards import fixed_consent
from bss_desktop.net.guest import GuestSession
from bss_desktop.net.headless import play_host_seat, random_guest
from bss_desktop.net.host import HostSession
from bss_desktop.net.link import memory_pair
from bss_desktop.protocol import fairness
from bss_desktop.sim.policy import RandomPolicy

HOST_SET = """\
set: {id: ZHA, name: "Host's test imports"}
cards:
  - id: ZHA-001
    name: Quillback Testling
    type: spirit
    colors: [red]
    cost: 2
    reduction: [red]
    symbols: [red]
    families: [Dragon]
    levels:
      - {level: 1, cores: 1, bp: 2000}
      - {level: 2, cores: 3, bp: 4000}
    text: "A made-up card for the LAN tests."
  - id: ZHA-002
    name: Lanternmoth Decoy
    type: spirit
    colors: [red]
    cost: 3
    reduction: [red]
    symbols: [red]
    families: [Dragon]
    levels:
      - {level: 1, cores: 1, bp: 3000}
      - {level: 2, cores: 2, bp: 5000}
    effects:
      - kind: triggered
        trigger: when_summoned
        do: [{token: {name: Paper Moth, colors: [red], families: [Dragon], bp: 1000, symbols: [red]}}]
"""
GUEST_SET = """\
set: {id: ZGU, name: "Guest's test imports"}
cards:
  - id: ZGU-001
    name: Tidebell Sprite
    type: spirit
    colors: [blue]
    cost: 2
    reduction: [blue]
    symbols: [blue]
    families: [Fish]
    levels:
      - {level: 1, cores: 1, bp: 2000}
      - {level: 2, cores: 3, bp: 4000}
  - id: ZGU-002
    name: Kelpshade Warden
    type: spirit
    colors: [blue]
    cost: 3
    reduction: [blue]
    symbols: [blue]
    families: [Fish]
    levels:
      - {level: 1, cores: 1, bp: 3000}
      - {level: 2, cores: 3, bp: 5000}
"""
HOST_DECK = deck("red-saga") + ["ZHA-001"] * 4 + ["ZHA-002"] * 4
GUEST_DECK = deck("blue-saga") + ["ZGU-001"] * 4 + ["ZGU-002"] * 4


def user_db(folder, *texts):
    folder.mkdir(parents=True, exist_ok=True)
    for i, text in enumerate(texts):
        (folder / f"set{i}.yaml").write_text(text)
    return load_user_db(user_dir=folder)


@pytest.fixture
def dbs(tmp_path):
    return user_db(tmp_path / "host", HOST_SET), user_db(tmp_path / "guest", GUEST_SET)


class Asked:
    """A player's consent, answered in advance, and every question it was asked."""

    def __init__(self, send=True, accept=True):
        self.questions = []
        self.answer = fixed_consent(send, accept)

    def __call__(self, kind, items, peer):
        self.questions.append((kind, list(items), peer))
        return self.answer(kind, items, peer)


def pair(host_db, guest_db, host_deck=HOST_DECK, guest_deck=GUEST_DECK, host_asked=None, guest_asked=None):
    host = HostSession(host_db, host_deck, deck_name="red-plus", name="Aki", card_consent=host_asked,
                       handshake_timeout=5)
    statuses = []
    host.on_status = statuses.append
    host.statuses = statuses
    guest = GuestSession(guest_db, guest_deck, deck_name="blue-plus", name="Mio", card_consent=guest_asked,
                         reconnect_for=0.5, handshake_timeout=5)
    guest.decide = random_guest(2)
    return host, guest


async def play_tcp(host, guest, seed=1, timeout=90):
    server, port = await tcp_server(host)
    try:
        running = asyncio.ensure_future(guest.run(LOOPBACK, port))
        playing = asyncio.ensure_future(play_host_seat(host, RandomPolicy(seed)))
        await asyncio.wait([running, playing], timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
        if not running.done():  # the game is on: let it end
            await asyncio.wait_for(running, timeout)
        playing.cancel()
        return running.result()
    finally:
        server.close()
        await server.wait_closed()


# ---------------------------------------------------------------- the happy path


def test_players_with_different_imported_cards_play_a_game_after_consenting(dbs, tmp_path):
    host_db, guest_db = dbs
    before = {p: p.read_bytes() for p in tmp_path.rglob("*.yaml")}
    host_asked, guest_asked = Asked(), Asked()
    host, guest = pair(host_db, guest_db, host_asked=host_asked, guest_asked=guest_asked)
    report = run(play_tcp(host, guest))
    assert report is not None and report.ok, guest.error or report.line()
    assert host.game.over and guest.record["result"] == to_record(host.game)["result"]
    # each player was asked, naming the cards by id and name
    assert ("send", [("ZHA-001", "Quillback Testling"), ("ZHA-002", "Lanternmoth Decoy")], "Mio") in \
        host_asked.questions
    assert ("receive", [("ZGU-001", "Tidebell Sprite"), ("ZGU-002", "Kelpshade Warden")], "Mio") in \
        host_asked.questions
    assert ("receive", [("ZHA-001", "Quillback Testling"), ("ZHA-002", "Lanternmoth Decoy")], "Aki") in \
        guest_asked.questions
    assert ("send", [("ZGU-001", "Tidebell Sprite"), ("ZGU-002", "Kelpshade Warden")], "Aki") in \
        guest_asked.questions
    # the definitions are the game's, on both sides (the token of ZHA-002 came with it), identical to the owner's
    assert card_to_dict(guest.db["ZHA-002"]) == card_to_dict(host_db["ZHA-002"]) and "ZHA-002-TK1" in guest.db
    assert card_to_dict(host.game_db["ZGU-001"]) == card_to_dict(guest_db["ZGU-001"])
    assert guest.received.host_cards_hash  # the audit checked the host's deck's cards against its commitment
    # ...and only the game's: neither player's own database, nor their imported folders, changed
    assert "ZHA-001" not in guest_db and "ZGU-001" not in host_db
    assert {p: p.read_bytes() for p in tmp_path.rglob("*.yaml")} == before
    # the game's record replays with the game's cards on either side
    assert replay(to_record(host.game), host.game_db).state_hash() == report.final_hash
    assert replay(guest.record, guest.db, verify=False).state_hash() == report.final_hash


def test_different_imports_the_decks_do_not_use_need_no_question(dbs):
    host_db, guest_db = dbs
    host, guest = pair(host_db, guest_db, host_deck=deck("red-saga"), guest_deck=deck("blue-saga"))
    assert handshake.cards_differ(handshake.hello(host_db, host.settings, "a"),
                                  handshake.hello(guest_db, host.settings, "b"))
    report = run(play_tcp(host, guest))  # nobody consents to anything: nothing had to be sent
    assert report is not None and report.ok and not host.guest_cards and not guest.host_cards


def test_the_same_card_database_sends_no_card_messages():
    seen = []
    host, guest = pair(DB, DB, host_deck=deck("red-saga"), guest_deck=deck("blue-saga"))

    async def go():
        host_end, guest_end = memory_pair()
        recv = host_end.recv

        async def recording(timeout=None):
            msg = await recv(timeout)
            seen.append(msg["type"])
            return msg

        host_end.recv = recording
        serving = asyncio.ensure_future(host.handle(host_end))
        playing = asyncio.ensure_future(guest.play_over(guest_end))
        await host.started.wait()
        guest.close()
        await asyncio.wait_for(asyncio.gather(serving, playing), 10)

    run(go())
    assert seen[:4] == ["hello", "commit", "deck", "reveal"] and not {"have", "cards"} & set(seen)


# ---------------------------------------------------------------- declined, refused: the cards are named


def test_a_guest_that_declines_the_hosts_definitions_names_them_and_no_game_starts(dbs):
    host_db, guest_db = dbs
    host, guest = pair(host_db, guest_db, host_asked=Asked(), guest_asked=Asked(accept=False))
    report = run(play_tcp(host, guest, timeout=15))
    assert report is None and host.game is None
    assert "you declined the definitions of 2 card(s)" in guest.error
    assert "ZHA-001 (Quillback Testling), ZHA-002 (Lanternmoth Decoy)" in guest.error
    said = " ".join(host.statuses)
    assert "the guest declined to use the definitions" in said and "ZHA-001 (Quillback Testling)" in said


def test_a_host_that_declines_to_send_names_the_cards_the_guest_lacks(dbs):
    host_db, guest_db = dbs
    host, guest = pair(host_db, guest_db, host_asked=Asked(send=False), guest_asked=Asked())
    report = run(play_tcp(host, guest, timeout=15))
    assert report is None and host.game is None
    assert "the host declined to send the definitions of 2 card(s)" in guest.error
    assert "ZHA-001 (Quillback Testling), ZHA-002 (Lanternmoth Decoy)" in guest.error


def test_a_host_that_declines_the_guests_definitions_names_them(dbs):
    host_db, guest_db = dbs
    host, guest = pair(host_db, guest_db, host_asked=Asked(accept=False), guest_asked=Asked())
    assert run(play_tcp(host, guest, timeout=15)) is None and host.game is None
    assert "the host declined to use the definitions of 2 card(s) of your deck" in guest.error
    assert "ZGU-001 (Tidebell Sprite), ZGU-002 (Kelpshade Warden)" in guest.error


def test_headless_players_without_the_flags_decline_and_say_why(dbs):
    host_db, guest_db = dbs
    lines = []
    host, guest = pair(host_db, guest_db, host_asked=fixed_consent(say=lines.append),
                       guest_asked=fixed_consent(True, True))
    assert run(play_tcp(host, guest, timeout=15)) is None
    assert any("not sending them (no --send-cards)" in x and "ZHA-001 (Quillback Testling)" in x for x in lines)


def test_a_card_both_have_with_different_content_is_refused_naming_it(tmp_path):
    host_db = user_db(tmp_path / "host", HOST_SET)
    other = HOST_SET.replace("bp: 4000", "bp: 9000").replace("Host's", "Guest's")
    guest_db = user_db(tmp_path / "guest", other)
    # the host's card differs from the guest's: the guest refuses to let it replace its own
    host, guest = pair(host_db, guest_db, guest_deck=deck("blue-saga"), host_asked=Asked(), guest_asked=Asked())
    assert run(play_tcp(host, guest, timeout=15)) is None and host.game is None
    assert "card ZHA-001 (Quillback Testling)" in guest.error and "already has a different definition" in guest.error
    assert "ZHA-001" in guest.db and guest.db["ZHA-001"] == guest_db["ZHA-001"]
    # the guest's deck uses its own version: the host refuses, naming it
    host, guest = pair(host_db, guest_db, host_deck=deck("red-saga"), host_asked=Asked(), guest_asked=Asked(),
                       guest_deck=deck("blue-saga")[:-4] + ["ZHA-001"] * 4)
    assert run(play_tcp(host, guest, timeout=15)) is None and host.game is None
    assert "whose definition differs from the host's: ZHA-001 (Quillback Testling)" in guest.error


def test_the_audit_fails_when_the_host_deck_cards_are_not_the_ones_committed(dbs):
    host_db, guest_db = dbs
    host, guest = pair(host_db, guest_db, host_asked=Asked(), guest_asked=Asked())
    on_batch = guest.on_batch

    def forge(msg, view):  # as if the host had committed to other definitions than it played
        guest.received.host_cards_hash = "0" * 64
        if on_batch:
            on_batch(msg, view)

    guest.on_batch = forge
    report = run(play_tcp(host, guest))
    assert report is not None and not report.ok
    assert "not defined as the host committed to in the handshake" in report.line()


# ---------------------------------------------------------------- hostile guests (raw frames on 127.0.0.1)


def _guest_hello(db=None):
    return handshake.hello(db if db is not None else DB.copy(), HostSession(DB, deck("red-saga")).settings, "Evil")


def _fake_hello():
    h = _guest_hello()
    h["cards"] = "ab" * 32  # a card database other than the host's: the card exchange follows
    return h


EVIL = {"id": "EVIL-001", "name": "Gremlin", "type": "spirit", "colors": ["red"], "cost": 1, "reduction": ["red"],
        "symbols": ["red"], "levels": [{"level": 1, "cores": 1, "bp": 1000}]}


async def hostile_guest(host, cards_parts, *, deck_ids=None, have=None, before_cards=None):
    """Handshake with `host` as a raw guest whose deck uses EVIL-001 (which the host lacks), then send
    `cards_parts`; returns what the host answered until it hung up."""
    server, port = await tcp_server(host)
    try:
        peer = await RawPeer.connect(port)
        await peer.send(_fake_hello())
        got = [await peer.recv(), await peer.recv()]  # hello, commit
        assert [m["type"] for m in got] == ["hello", "commit"]
        ids = deck_ids if deck_ids is not None else deck("blue-saga")[:-1] + ["EVIL-001"]
        await peer.send({"type": "commit", "share_hash": "aa" * 32, "deck_hash": "bb" * 32})
        await peer.send({"type": "deck", "cards": ids, "name": "evil"})
        for part in (have if have is not None else card_exchange.have_parts(DB)):
            await peer.send(part)
        if before_cards is not None:
            await before_cards(peer)
        for part in cards_parts:
            peer.write(part)
        await peer.writer.drain()
        return await peer.until_closed()
    finally:
        server.close()
        await server.wait_closed()


def _refusal(out):
    errors = [m for m in out if m["type"] == "error"]
    assert errors, out
    return errors[-1]["message"]


@pytest.mark.parametrize("card, words", [
    ({**EVIL, "cost": "lots"}, "malformed definition: card EVIL-001: field 'cost'"),
    ({**EVIL, "levels": [{"level": 1, "cores": 1}]}, "card EVIL-001: field 'levels[0].bp'"),
    ("garbage", "definition 1: expected a card definition"),
    ({**EVIL, "text": "x" * 3000}, "card EVIL-001: field 'text': text longer than 2000"),
    ({**EVIL, "name": "N" * 200}, "card EVIL-001: field 'name': longer than 80"),
    ({**EVIL, "families": ["F" * 1500] * 6}, "more than the 8,192 a definition may have"),
    ({**EVIL, "id": "CORE-001"}, "card CORE-001: field 'id': not one of the cards asked for"),
])
def test_a_hostile_guests_definitions_are_refused_naming_the_card_and_field(card, words):
    host = HostSession(DB, deck("red-saga"), card_consent=Asked(), handshake_timeout=3, consent_timeout=3)
    out = run(hostile_guest(host, [{"type": "cards", "cards": [card], "want": [], "more": False}]))
    assert words in _refusal(out) and host.game is None


def test_a_hostile_guest_sending_too_many_or_deeply_nested_definitions_is_refused():
    host = HostSession(DB, deck("red-saga"), card_consent=Asked(), handshake_timeout=3, consent_timeout=3)
    many = [{**EVIL, "id": f"EVIL-{i:03}"} for i in range(61)]
    out = run(hostile_guest(host, [{"type": "cards", "cards": many, "want": [], "more": False}]))
    assert "field 'cards': at most 60 items" in _refusal(out)
    parts = [{"type": "cards", "cards": [{**EVIL, "id": f"EVIL-{i:03}"}], "want": [], "more": True}
             for i in range(61)]
    out = run(hostile_guest(host, parts))
    assert "'cards' message" in _refusal(out) or "not one of the cards asked for" in _refusal(out)
    nested = {**EVIL, "text": "t"}
    deep = nested
    for _ in range(40):
        deep["x"] = {}
        deep = deep["x"]
    out = run(hostile_guest(host, [{"type": "cards", "cards": [nested], "want": [], "more": False}]))
    assert "nested more than 32 levels" in _refusal(out) and host.game is None


def test_a_hostile_guest_cannot_flood_the_host_with_digests_or_garbage():
    host = HostSession(DB, deck("red-saga"), card_consent=Asked(), handshake_timeout=3, consent_timeout=3)
    part = {"type": "have", "digests": [f"{i:016x}" for i in range(3000)], "more": True}
    out = run(hostile_guest(host, [], have=[part] * 8))
    assert "more than 20,000 cards" in _refusal(out)
    out = run(hostile_guest(host, [], have=[{"type": "have", "digests": ["not hex"], "more": False}]))
    assert "field 'digests[0]'" in _refusal(out)
    out = run(hostile_guest(host, [], have=[{"type": "have", "digests": [], "more": False, "extra": 1}]))
    assert "not a field of a 'have' message" in _refusal(out) and host.game is None


# ---------------------------------------------------------------- hostile hosts (raw frames on 127.0.0.1)


async def hostile_host(guest, offer, *, ok=None):
    """A raw host on 127.0.0.1 that handshakes with `guest` (a different card database) and sends `offer`, then
    `ok` (its cards_ok); returns (the guest's report, what the guest sent until it hung up)."""
    seen = []

    async def handler(reader, writer):
        peer = RawPeer(reader, writer)
        try:
            hello = await peer.recv()
            mine = dict(hello, name="Evil", cards="cd" * 32)
            await peer.send(mine)
            await peer.send({"type": "commit", "share_hash": "aa" * 32, "deck_hash": "bb" * 32})
            while True:
                msg = await peer.recv()
                if msg is None:
                    return
                seen.append(msg)
                if msg["type"] == "have" and not msg["more"]:
                    break
            for part in offer:
                peer.write(part)
            if ok is not None:
                peer.write(ok)
            await peer.writer.drain()
            seen.extend(await peer.until_closed())
        finally:
            writer.close()

    server = await asyncio.start_server(handler, LOOPBACK, 0)
    try:
        report = await guest.run(LOOPBACK, server.sockets[0].getsockname()[1])
        await asyncio.sleep(0.1)
        return report, seen
    finally:
        server.close()
        await server.wait_closed()


def _guest(**kw):
    g = GuestSession(DB, deck("blue-saga"), name="Mio", card_consent=Asked(), reconnect_for=0.2,
                     handshake_timeout=3, consent_timeout=3, **kw)
    return g


def _offer(cards, want=()):
    return [{"type": "cards", "cards": cards, "want": list(want), "more": False}]


@pytest.mark.parametrize("card, words", [
    (card_to_dict(DB["CORE-001"]), "card CORE-001 (Ember Whelp), but your card database already has the same"),
    ({**card_to_dict(DB["CORE-001"]), "name": "Ember Whelp Forged"}, "already has a different definition"),
    ({**EVIL, "cost": -3}, "card EVIL-001: field 'cost'"),
    ({**EVIL, "text": "y" * 2001}, "field 'text': text longer than 2000"),
    ({**EVIL, "token": True}, "field 'token'"),
])
def test_a_hostile_hosts_definitions_are_refused_and_the_guest_keeps_its_cards(card, words):
    guest = _guest()
    report, seen = run(hostile_host(guest, _offer([card])))
    assert report is None and words in guest.error
    assert any(m["type"] == "error" and words in m["message"] for m in seen)
    assert len(guest.db) == len(DB) and "EVIL-001" not in guest.db
    assert guest.db["CORE-001"] == DB["CORE-001"] and guest.seat is None


def test_a_hostile_host_asking_for_cards_the_guest_does_not_use_or_lying_about_the_exchange_is_refused():
    guest = _guest()
    report, _ = run(hostile_host(guest, _offer([], want=["CORE-999"])))
    assert report is None and "cards your deck does not use: CORE-999" in guest.error
    guest = _guest()
    report, _ = run(hostile_host(guest, _offer([EVIL]), ok={"type": "cards_ok", "digest": "00" * 32,
                                                             "deck_cards": "00" * 32}))
    assert report is None and "account of the card definitions exchanged differs" in guest.error
    assert "EVIL-001" not in guest.db  # nothing is used before the host's account matches


def test_the_guest_autosave_keeps_the_hosts_definitions_for_a_rejoin(dbs, tmp_path):
    host_db, guest_db = dbs
    host, guest = pair(host_db, guest_db, host_asked=Asked(), guest_asked=Asked())
    guest.autosave = tmp_path / "guest.json"
    host.autosave = tmp_path / "host.json"

    async def go():
        server, port = await tcp_server(host)
        running = asyncio.ensure_future(guest.run(LOOPBACK, port))
        await asyncio.wait_for(host.started.wait(), 20)
        await asyncio.sleep(0.2)
        guest.close()
        running.cancel()
        server.close()
        await server.wait_closed()

    run(go())
    data = json.loads((tmp_path / "guest.json").read_text())
    assert [c["id"] for c in data["host_cards"]] == ["ZHA-001", "ZHA-002"]
    back = GuestSession.restore(tmp_path / "guest.json", guest_db)
    assert "ZHA-002-TK1" in back.db and "ZHA-001" not in guest_db
    assert back.received.host_cards_hash == guest.received.host_cards_hash
    data["host_cards"][0]["cost"] = "x"
    (tmp_path / "guest.json").write_text(json.dumps(data))
    with pytest.raises(ValueError, match=r"field 'host_cards\[0\]' is malformed .*cost"):
        GuestSession.restore(tmp_path / "guest.json", guest_db)
    restored = HostSession.restore(tmp_path / "host.json", host_db)
    assert "ZGU-001" in restored.game_db and "ZGU-001" not in host_db
    assert restored.game.state_hash() == host.game.state_hash()


def test_the_bounds_fit_a_frame():
    from bss_desktop.protocol.framing import MAX_FRAME
    from bss_desktop.protocol.messages import SCHEMAS

    assert SCHEMAS["have"]["digests"] == ("list", card_exchange.HAVE_PART)
    assert SCHEMAS["cards"]["cards"] == ("list", card_exchange.MAX_OFFER)
    part = card_exchange.have_parts(DB)[0]
    part["digests"] = ["f" * 16] * card_exchange.HAVE_PART
    assert len(json.dumps(part, separators=(",", ":"))) < MAX_FRAME
    assert card_exchange.OFFER_PART_BYTES + card_exchange.MAX_CARD_BYTES < MAX_FRAME
    assert fairness.deck_cards_hash(["a", "b"], "s") == fairness.deck_cards_hash(["b", "a"], "s")
