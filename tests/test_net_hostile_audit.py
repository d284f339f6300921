"""A hostile host against the guest's audit: each test plays the cheating side for real, over a real link.

1. a game dealt from a hand-made position (or with another first player, other rules, unknown cards);
2. the guest's own commands replaced, a concession in its name, a rewind it never agreed to;
3. a record claiming another result, or sent before the game is over;
4. seed grinding: handshakes broken off after the host saw the guest's share, counted per host and said;
5. the chain heads brute-forced by the guest for the host's hidden commands.

Every connection is an in-process link (memory_pair) or TCP on 127.0.0.1 only.
"""
from __future__ import annotations

import asyncio
import hashlib
import json

import pytest
from lan import DB, GUEST_SHARE, deck, record_frames, run, sessions

from bss_desktop.engine.commands import Concede, command_from_dict
from bss_desktop.engine.game import Game
from bss_desktop.engine.position import game_from_position
from bss_desktop.engine.record import to_record
from bss_desktop.engine.settings import Ruleset
from bss_desktop.net import handshake
from bss_desktop.net.guest import GuestSession
from bss_desktop.net.headless import play_host_seat, random_guest
from bss_desktop.net.host import GUEST_SEAT, HOST_SEAT, HostSession, record_parts
from bss_desktop.net.link import LinkClosed, memory_pair, serve
from bss_desktop.protocol import fairness
from bss_desktop.sim.policy import RandomPolicy

LOOPBACK = "127.0.0.1"
HACK = {"id": "HACK-001", "name": "Loaded Dice", "type": "spirit", "colors": ["red"], "cost": 0,
        "symbols": ["red"], "levels": [{"level": 1, "cores": 1, "bp": 99000}]}


async def _hostile(host: HostSession, guest: GuestSession, *, seed: int = 1, frames=None, timeout: float = 60):
    """Play until the guest's session ends (audited, or the connection ended by either side)."""
    host_end, guest_end = memory_pair()
    if frames is not None:
        record_frames(guest_end, frames.append)
    serving = asyncio.ensure_future(host.handle(host_end))
    playing = asyncio.ensure_future(guest.play_over(guest_end))
    driving = asyncio.ensure_future(play_host_seat(host, RandomPolicy(seed)))
    try:
        await asyncio.wait_for(guest.finished.wait(), timeout)
        await asyncio.wait_for(asyncio.gather(playing, serving, return_exceptions=True), 10)
    finally:
        for task in (driving, serving, playing):
            task.cancel()
        await asyncio.gather(driving, serving, playing, return_exceptions=True)
    return host, guest


def _problems(guest) -> str:
    assert guest.report is not None, guest.error
    return "; ".join(guest.report.problems)


# ---------------------------------------------------------------- 1. the deal is the committed one, nothing else


def _deal_from_a_position(game):
    """After the commitments: the guest gets its four most expensive cards, nobody shuffles, nobody mulligans,
    and the host starts with a card that is in neither card database on its field. The record keeps the
    committed seed and deck lists beside the position."""
    host_cards, guest_cards = game.start["decks"]
    best = sorted(guest_cards, key=lambda c: DB[c].cost, reverse=True)[:4]
    rest = list(guest_cards)
    for c in best:
        rest.remove(c)
    pos = {"turn": 1, "turn_player": HOST_SEAT, "step": "main", "cards": [HACK],
           "players": [{"life": 5, "reserve": 3, "hand": host_cards[:4], "deck": host_cards[4:],
                        "field": [{"card": "HACK-001", "cores": 1}]},
                       {"life": 5, "reserve": 3, "hand": best, "deck": rest}]}
    built = game_from_position(pos, DB, settings=game.settings)
    dealt = dict(game.start)
    game.__dict__.update(built.__dict__)
    # the guest's stream is made from the position; the record gets the committed seed and decks beside it
    asyncio.get_running_loop().call_soon(lambda: game.start.update(dealt))


def test_a_game_dealt_from_a_hand_made_position_is_refused_before_the_first_move_and_fails_the_audit():
    frames = []
    host, guest = run(_hostile(*sessions(tamper=_deal_from_a_position), frames=frames))
    assert "position" in host.game.start
    first = next(f for f in frames if f["type"] == "events")  # batch 0: the whole view
    hand = [e["cid"] for e in first["patch"][0][1]["players"][GUEST_SEAT]["hand"]]
    assert sorted(DB[c].cost for c in hand) == [6, 6, 7, 7]  # dealt the guest's four most expensive cards
    # the opening is not the one the agreed game deals: refused before the first move (protocol 4), saying why
    assert guest.report is None and guest.sent == 0  # the guest never made a move in it
    assert "the host plays another game than the one it claims" in guest.error
    assert "step: the host's game has 'main', your profile of Battle Spirits Saga gives 'setup'" in guest.error
    # and its record, had the guest played on, fails the audit
    report = fairness.audit(guest.received, host.share, to_record(host.game), DB)
    assert not report.ok and "hand-made position" in report.line()


def _first_player_of_choice(game):
    """The host keeps the seed's shuffles but picks who goes first."""
    seeded = game.state.first_player
    built = Game.new(DB, game.start["decks"], game.start["seed"], first_player=1 - seeded, settings=game.settings,
                     deck_names=game.start.get("deck_names"))
    game.__dict__.update(built.__dict__)


def test_a_host_that_picks_who_goes_first_fails_the_audit():
    host, guest = run(_hostile(*sessions(tamper=_first_player_of_choice)))
    assert host.game.over and host.game.start["first_player"] is not None
    assert not guest.report.ok and "who goes first" in _problems(guest)


def test_a_host_that_plays_other_rules_than_the_ones_agreed_fails_the_audit():
    host, guest = sessions(settings=Ruleset(flash_in_main=True))
    host._hello = handshake.hello(DB, Ruleset(), host.name)  # it says it plays the agreed rules
    host, guest = run(_hostile(host, guest))
    assert host.game.over and host.game.settings.flash_in_main
    assert not guest.report.ok and "rules settings" in _problems(guest)


def test_a_host_deck_with_a_card_outside_the_agreed_databases_fails_the_audit():
    from bss_desktop.carddb.schema import card_from_dict

    own = DB.copy()
    own.add(card_from_dict(dict(HACK, cost=0), file=None))
    cards = deck("red-saga")
    cards[cards.index(max(cards, key=lambda c: DB[c].cost))] = "HACK-001"
    host = HostSession(own, cards, name="Aki", share="11" * 32)
    host._hello = handshake.hello(DB, host.settings, "Aki")  # it claims the shared database
    guest = GuestSession(DB, deck("blue-saga"), name="Mio", share=GUEST_SHARE)
    guest.decide = random_guest(2)
    host, guest = run(_hostile(host, guest))
    assert host.game.over
    assert not guest.report.ok and "agreed card database" in _problems(guest)


# ---------------------------------------------------------------- 2. the guest's own commands


class ReplacingHost(HostSession):
    """Applies another of the guest's legal commands than the one it sent (once, a few commands in)."""

    replaced = None

    async def _guest_command(self, link, msg):
        if self.replaced is None and msg["seq"] >= 4 and msg["prev"] == self.chain:
            others = [c for c in self.batches[-1]["legal"] if c != msg["command"] and c["type"] != "concede"]
            if others:
                self.replaced = (msg["command"], others[-1])
                msg = dict(msg, command=others[-1])
        await super()._guest_command(link, msg)


def test_a_host_that_replaces_a_guest_command_fails_the_audit():
    host = ReplacingHost(DB, deck("red-saga"), name="Aki", share="11" * 32)
    guest = GuestSession(DB, deck("blue-saga"), name="Mio", share=GUEST_SHARE)
    guest.decide = random_guest(2)
    host, guest = run(_hostile(host, guest))
    assert host.replaced is not None and host.game.over
    assert not guest.report.ok and "not the command you sent" in _problems(guest)


def test_a_host_that_concedes_in_the_guest_name_fails_the_audit():
    host, guest = sessions()

    def on_events(events):
        if len(host.game.history) == 12 and not host.game.over:
            asyncio.get_running_loop().call_soon(lambda: host._apply(Concede(GUEST_SEAT)))

    host.on_events = on_events
    host, guest = run(_hostile(host, guest))
    assert host.game.result.winner == HOST_SEAT and "player 2 conceded" in host.game.result.reason
    assert not guest.report.ok and "(concede) is in your name, but" in _problems(guest)


def test_a_rewind_in_a_game_ends_the_connection_with_the_reason():
    host, guest = sessions()
    took_back = []

    def on_events(events):  # the host takes back one of its own moves, in a game, without asking
        n = len(host.game.history)
        if n >= 12 and not took_back and host.game.history[-1].player == HOST_SEAT and not host.game.over:
            took_back.append(n)
            asyncio.get_running_loop().call_soon(lambda: host._rewind(n - 1))

    host.on_events = on_events
    host, guest = run(_hostile(host, guest))
    assert took_back
    assert guest.report is None and "commands are final" in guest.error


def test_a_sandbox_rewind_the_guest_did_not_agree_to_ends_the_connection():
    sandbox = Ruleset(sandbox=True)

    async def go():
        host = HostSession(DB, deck("red-saga"), name="Aki", settings=sandbox)
        guest = GuestSession(DB, deck("blue-saga"), name="Mio", settings=sandbox)
        host_end, guest_end = memory_pair()
        serving = asyncio.ensure_future(host.handle(host_end))
        playing = asyncio.ensure_future(guest.play_over(guest_end))
        await host.started.wait()
        for _ in range(400):
            await asyncio.sleep(0)
            if guest.seq == len(host.game.history):
                break
        guest.send_command({"type": "manual_deck", "player": GUEST_SEAT, "owner": GUEST_SEAT, "to": "hand",
                            "count": 1})
        for _ in range(400):
            await asyncio.sleep(0)
            if guest.seq == len(host.game.history) and host.game.history[-1].player == GUEST_SEAT:
                break
        host._rewind(len(host.game.history) - 1)  # the guest's draw taken back: nobody asked it
        await asyncio.wait_for(playing, 5)
        serving.cancel()
        await asyncio.gather(serving, return_exceptions=True)
        return guest

    guest = run(go())
    assert guest.error and "without your agreement" in guest.error


def test_the_guest_keeps_its_commands_in_its_autosave_and_a_damaged_list_is_named(tmp_path):
    save = tmp_path / "guest.json"

    async def go():
        host, guest = sessions()
        guest.autosave, guest.address = save, (LOOPBACK, 47000)  # where it would rejoin
        stop = asyncio.Event()
        guest.on_batch = lambda msg, view: stop.set() if msg["seq"] >= 15 else None
        host_end, guest_end = memory_pair()
        serving = asyncio.ensure_future(host.handle(host_end))
        playing = asyncio.ensure_future(guest.play_over(guest_end))
        driving = asyncio.ensure_future(play_host_seat(host, RandomPolicy(1)))
        await asyncio.wait_for(stop.wait(), 20)
        for task in (driving, serving, playing):
            task.cancel()
        await asyncio.gather(driving, serving, playing, return_exceptions=True)
        return host, guest

    host, guest = run(go())
    data = json.loads(save.read_text())
    kept = {int(k): v for k, v in data["commands"].items()}
    assert kept and kept == {n: list(v) for n, v in guest.received.sent.items()}
    assert GuestSession.restore(save, DB).received.sent == guest.received.sent
    data["commands"] = {"1": ["not a head", "not a command"]}
    save.write_text(json.dumps(data))
    with pytest.raises(ValueError, match="field 'commands' is malformed"):
        GuestSession.restore(save, DB)


# ---------------------------------------------------------------- 3. the result and where the record stops


class ClaimingHost(HostSession):
    """Sends a record whose result says the host won by a concession of the guest."""

    claim = {"winner": HOST_SEAT, "reason": "player 2 conceded (CR 1-2-4)"}

    async def _send_end(self, link):
        record = to_record(self.game)
        record["result"] = dict(self.claim)
        try:
            await link.send({"type": "reveal", "share": self.share})
            for part in record_parts(record):
                await link.send(part)
        except LinkClosed:
            return
        self.finished.set()


def test_a_record_claiming_another_result_than_the_replay_fails_the_audit():
    host = ClaimingHost(DB, deck("red-saga"), name="Aki", share="11" * 32)
    guest = GuestSession(DB, deck("blue-saga"), name="Mio", share=GUEST_SHARE)
    guest.decide = random_guest(2)
    host, guest = run(_hostile(host, guest))
    actual = host.game.result
    assert {"winner": actual.winner, "reason": actual.reason} != ClaimingHost.claim
    assert not guest.report.ok and "the record claims player 1 winning" in _problems(guest)


def test_a_record_sent_before_the_game_is_over_fails_the_audit():
    host, guest = sessions()

    def on_events(events):  # the host stops the game where it suits it and sends the record so far
        if len(host.game.history) == 20 and host.link is not None:
            asyncio.ensure_future(host._send_end(host.link))

    host.on_events = on_events
    host, guest = run(_hostile(host, guest))
    assert guest.report is not None and len(guest.record["commands"]) >= 20 and "result" not in guest.record
    assert not guest.report.ok and "before the game is over" in _problems(guest)


# ---------------------------------------------------------------- 4. seed grinding, detected and said


async def _grinder(saw: list):
    """A host that deals, reads the guest's share (now it can compute every shuffle) and breaks off."""
    share = "77" * 32

    async def one(link):
        await link.recv(5)
        await link.send(handshake.hello(DB, Ruleset(), "Aki"))
        await link.send({"type": "commit", "share_hash": fairness.commitment(share),
                         "deck_hash": fairness.deck_hash(deck("red-saga"), share)})
        got = {}
        while len(got) < 3:
            msg = await link.recv(5)
            got[msg["type"]] = msg
        saw.append(fairness.derive_seed(share, got["reveal"]["share"]))

    return await serve(one, LOOPBACK, 0)


async def _abandoned_then_played(deals, breaks: int):
    saw = []
    grinder = await _grinder(saw)
    port = grinder.sockets[0].getsockname()[1]
    for _ in range(breaks):
        g = GuestSession(DB, deck("blue-saga"), name="Mio", deals=deals, reconnect_for=0)
        assert await asyncio.wait_for(g.run(LOOPBACK, port), 10) is None and g.error
    grinder.close()
    host, guest = sessions(fixed=False)  # an honest host, at the same address (another port)
    guest.deals = deals
    statuses = []
    guest.on_status = statuses.append
    server = await serve(host.handle, LOOPBACK, 0)
    driving = asyncio.ensure_future(play_host_seat(host, RandomPolicy(1)))
    report = await asyncio.wait_for(guest.run(LOOPBACK, server.sockets[0].getsockname()[1]), 60)
    await asyncio.wait_for(driving, 10)
    server.close()
    return saw, guest, statuses, report


def test_a_host_that_breaks_deals_off_after_seeing_the_share_is_counted_and_said(tmp_path):
    from bss_desktop.net.deals import DealBook

    deals = tmp_path / "deals.json"
    saw, guest, statuses, report = run(_abandoned_then_played(deals, 3))
    assert len(saw) == 3 and len(set(saw)) == 3  # three seeds the host could look at and turn down
    assert report.ok and guest.abandoned == 3
    assert "this host abandoned 3 deals before this game" in statuses
    kept = DealBook(deals).read()
    assert kept[LOOPBACK]["abandoned"] == 0 and kept[LOOPBACK]["games"] == 1 and kept[LOOPBACK]["names"] == ["Aki"]
    # the next game with the same host, with no deal broken off: nothing to say
    _, again, statuses, _ = run(_abandoned_then_played(deals, 0))
    assert again.abandoned == 0 and not any("abandoned" in s for s in statuses)


def test_headless_join_prints_how_many_deals_the_host_abandoned(tmp_path, capsys):
    from bss_desktop.net.headless import join_game

    deals = tmp_path / "deals.json"

    async def go():
        saw = []
        grinder = await _grinder(saw)
        port = grinder.sockets[0].getsockname()[1]
        for _ in range(2):
            assert await join_game(DB, deck("blue-saga"), deck_name="blue-saga", name="Mio", host=LOOPBACK,
                                   port=port, seed=2, reconnect_for=0, deals=deals) == 1
        grinder.close()
        host = HostSession(DB, deck("red-saga"), deck_name="red-saga", name="Aki")
        server = await serve(host.handle, LOOPBACK, 0)
        driving = asyncio.ensure_future(play_host_seat(host, RandomPolicy(1)))
        code = await join_game(DB, deck("blue-saga"), deck_name="blue-saga", name="Mio", host=LOOPBACK,
                               port=server.sockets[0].getsockname()[1], seed=2, deals=deals)
        await asyncio.wait_for(driving, 10)
        server.close()
        return code

    assert run(go()) == 0
    out = capsys.readouterr().out
    assert "this host abandoned 2 deals before this game" in out and "audit passed" in out


def test_the_deals_file_is_checked_when_read_and_bounded(tmp_path):
    from bss_desktop.net import deals as mod

    path = tmp_path / "deals.json"
    book = mod.DealBook(path, clock=iter(range(10**6)).__next__)
    good = {"abandoned": 2, "games": 1, "names": ["Aki"], "last": 5}
    path.write_text(json.dumps({"format": mod.FORMAT, "version": mod.VERSION, "hosts": {
        "10.0.0.2": good, "10.0.0.3": dict(good, abandoned=-1), "10.0.0.4": dict(good, names=["x" * 500]),
        "10.0.0.5": dict(good, extra=1), "10.0.0.6": "three"}}))
    assert book.read() == {"10.0.0.2": good}
    assert len(book.problems) == 4 and all("malformed" in p for p in book.problems)
    for text in ("not json", json.dumps([1, 2]), json.dumps({"format": "other"})):
        path.write_text(text)
        assert book.read() == {} and book.problems
    path.write_text(" " * (mod.MAX_BYTES + 1))
    assert book.read() == {} and "larger than" in book.problems[0]
    path.unlink()
    for i in range(mod.MAX_HOSTS + 20):  # the least recently seen hosts are forgotten
        book.begin(f"10.1.{i // 250}.{i % 250}", "x" * 100)
    kept = book.read()
    assert len(kept) == mod.MAX_HOSTS and "10.1.0.0" not in kept and not book.problems
    assert all(len(n) <= 40 for e in kept.values() for n in e["names"])
    assert path.stat().st_size <= mod.MAX_BYTES


# ---------------------------------------------------------------- 5. the chain heads tell the guest nothing


def _old_link(prev: str, cd: dict) -> str:
    """The chain as it was: sha256(previous head, the command as JSON)."""
    text = "\0".join([prev, json.dumps(cd, sort_keys=True, separators=(",", ":"))])
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def test_a_guest_brute_forcing_the_chain_heads_recovers_none_of_the_host_commands():
    host, guest = run(_hostile(*sessions(), seed=4))  # a long game: 80-odd host commands to attack
    assert guest.report.ok
    record = to_record(host.game)
    heads = {n: b[0] for n, b in guest.received.batches.items()}
    start = fairness.chain_start(guest.received.host_commitment, guest.share)
    # everything the guest knows that a salt could be made of
    known = [guest.share, guest.received.host_commitment, guest.received.host_deck_hash, start, ""]
    game = Game.new(DB, record["start"]["decks"], record["start"]["seed"], settings=host.game.settings)
    tried = recovered = 0
    hidden, binds = [], []
    salt = getattr(fairness, "command_salt", lambda share, n: share)
    for n, cd in enumerate(record["commands"], start=1):
        if cd["player"] == HOST_SEAT:
            # the attacker's candidates: every command the host could have sent here (a superset of what it
            # could enumerate from card ids 1..80), the true one among them
            candidates = [c.to_dict() for c in game.legal_commands()] + [cd]
            prev, head = heads[n - 1], heads[n]
            guesses = known + [prev, str(n)] + [salt(k, n) for k in known]
            for c in candidates:
                tried += 1
                hit = _old_link(prev, c) == head
                try:
                    hit = hit or any(fairness.chain_next(prev, c, g) == head for g in guesses)
                except TypeError:  # a chain without salts
                    pass
                if hit:
                    recovered += 1
                    if c.get("type") == "set_burst":
                        hidden.append(c)  # a face-down burst, named
            # with the share the host reveals at the end, the same head binds the host to its command
            try:
                binds.append(fairness.chain_next(prev, cd, salt(host.share, n)) == head)
            except TypeError:
                binds.append(False)
        game.apply(command_from_dict(cd))
    assert tried > 100
    assert recovered == 0, f"the guest recovered {recovered} host commands from the chain heads ({hidden})"
    assert binds and all(binds)


def test_the_join_window_says_how_many_deals_the_host_abandoned(qloop, tmp_path):
    from bss_desktop.carddb.decks import shipped_decks
    from bss_desktop.client.windows.lan import JoinWindow

    loop = qloop

    async def until(predicate, what, timeout=20.0):
        deadline = loop.time() + timeout
        while not predicate():
            assert loop.time() < deadline, f"timed out waiting for {what}"
            await asyncio.sleep(0.01)

    async def go():
        join = JoinWindow(DB, shipped_decks(DB))
        join.deals = tmp_path / "deals.json"
        join.deck.setCurrentIndex(join.deck.findData("blue-saga"))
        grinder = await _grinder([])
        join.address.setText(f"{LOOPBACK}:{grinder.sockets[0].getsockname()[1]}")
        for _ in range(2):
            join.start()
            await until(lambda: not join.join_button.isEnabled(), "the join to start")
            await until(lambda: join.join_button.isEnabled(), "the broken-off deal")
        grinder.close()
        host = HostSession(DB, deck("red-saga"), name="Aki")
        server = await serve(host.handle, LOOPBACK, 0)
        join.address.setText(f"{LOOPBACK}:{server.sockets[0].getsockname()[1]}")
        join.start()
        await until(lambda: join.window is not None, "the board")
        text = join.window.log.toPlainText()
        server.close()
        return join, text

    join, text = loop.run_until_complete(go())
    assert "this host abandoned 2 deals before this game" in text
    assert "this host abandoned 2 deals before this game" in join.info.text()
