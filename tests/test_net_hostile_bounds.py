"""Hostile peers against the bounds of the LAN protocol: chat floods, a record that never ends, messages nested too
deep or malformed inside, connections that are dropped, a host killed mid-game and damaged host autosaves.

The hostile side is a script in this process that writes raw protocol frames over TCP on 127.0.0.1 (never another
address); it does not use `Link`, so nothing on its side validates or limits anything. Every test sends a bounded
number of messages and finishes in seconds.
"""
from __future__ import annotations

import asyncio
import gc
import json
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from lan import DB, GUEST_SHARE, deck, run, sessions, tcp_server

from bss_desktop.engine.game import Game
from bss_desktop.engine.settings import Ruleset
from bss_desktop.net import handshake
from bss_desktop.net.guest import GuestSession
from bss_desktop.net.headless import random_guest
from bss_desktop.net.host import HostSession
from bss_desktop.protocol import fairness
from bss_desktop.protocol.framing import HEADER, StreamCodec
from bss_desktop.protocol.redaction import view_hash
from bss_desktop.protocol.stream import SeatStream, apply_patch

LOOPBACK = "127.0.0.1"
ROOT = Path(__file__).resolve().parent.parent
EVIL_SHARE = "99" * 32


class RawPeer:
    """One end of a TCP connection on 127.0.0.1 that writes frames as it likes: the hostile side."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter):
        self.reader, self.writer = reader, writer
        self.out, self.inp = StreamCodec(), StreamCodec()
        self.sent = 0

    @classmethod
    async def connect(cls, port: int) -> "RawPeer":
        return cls(*await asyncio.open_connection(LOOPBACK, port))

    def write(self, msg: dict) -> None:
        """A message packed as a real peer packs it (deflated, except hello and error)."""
        self.writer.write(self.out.pack(msg))
        self.sent += 1

    def write_text(self, text: str) -> None:
        """A plain JSON frame of any text (a receiver reads plain frames at any time)."""
        payload = text.encode("utf-8")
        self.writer.write(len(payload).to_bytes(HEADER, "big") + payload)
        self.sent += 1

    async def send(self, msg: dict) -> None:
        self.write(msg)
        await self.writer.drain()

    async def recv(self, timeout: float = 5.0) -> dict | None:
        """The next message, or None once the other side has closed the connection."""
        try:
            async with asyncio.timeout(timeout):
                header = await self.reader.readexactly(HEADER)
                payload = await self.reader.readexactly(int.from_bytes(header, "big"))
        except (asyncio.IncompleteReadError, ConnectionError):
            return None
        return self.inp.unpack(payload)

    async def until_closed(self, timeout: float = 5.0) -> list[dict]:
        """Everything the other side still says before it hangs up."""
        out = []
        while (msg := await self.recv(timeout)) is not None:
            out.append(msg)
        return out

    async def flood(self, messages, *, every: int = 50) -> bool:
        """Write the messages, draining every `every`; False if the other side hung up before the end."""
        try:
            for i, m in enumerate(messages):
                self.write(m) if isinstance(m, dict) else self.write_text(m)
                if i % every == every - 1:
                    await self.writer.drain()
            await self.writer.drain()
        except ConnectionError:
            return False
        return True

    def close(self) -> None:
        self.writer.close()


# ---------------------------------------------------------------- a hostile guest against a real host


async def _guest_handshake(peer: RawPeer, name: str = "Evil") -> dict:
    """A guest's side of the handshake, done right: returns batch 0."""
    await peer.send(handshake.hello(DB, Ruleset(), name))
    assert (await peer.recv())["type"] == "hello"
    assert (await peer.recv())["type"] == "commit"
    cards = deck("blue-saga")
    for m in ({"type": "commit", "share_hash": fairness.commitment(EVIL_SHARE),
               "deck_hash": fairness.deck_hash(cards, EVIL_SHARE)},
              {"type": "deck", "cards": cards, "name": "blue-saga"}, {"type": "reveal", "share": EVIL_SHARE}):
        peer.write(m)
    await peer.writer.drain()
    assert (await peer.recv())["type"] == "welcome"
    batch = await peer.recv()
    assert batch["type"] == "events" and batch["seq"] == 0
    return batch


async def _hostile_guest(script, **host_kw):
    """A real HostSession on 127.0.0.1 and a hostile guest that shook hands; `script(peer, host)` plays it."""
    host = HostSession(DB, deck("red-saga"), name="Aki", **host_kw)
    chats = []
    host.on_chat = lambda name, text: chats.append(text)
    server, port = await tcp_server(host)
    peer = await RawPeer.connect(port)
    try:
        await _guest_handshake(peer)
        return host, chats, await asyncio.wait_for(script(peer, host), 20)
    finally:
        peer.close()
        server.close()


def test_a_guest_flooding_the_chat_is_dropped_with_a_reason_and_the_game_waits_intact():
    from bss_desktop.protocol.messages import CHAT_BURST

    notes = []

    async def script(peer, host):
        host.on_status = notes.append
        before = host.game.state_hash()
        await peer.flood({"type": "chat", "text": f"spam {i}"} for i in range(500))
        said = await peer.until_closed()
        return before, said

    host, chats, (before, said) = run(_hostile_guest(script))
    errors = [m for m in said if m["type"] == "error"]
    assert errors and errors[-1]["code"] == "flood", said
    assert any("chat flood" in n for n in notes), notes  # the host's window says why its guest was dropped
    assert "chat" in errors[-1]["message"] and str(CHAT_BURST) in errors[-1]["message"]
    assert len(chats) <= CHAT_BURST, f"{len(chats)} chat lines reached the host's window"
    assert host.link is None and host.game.state_hash() == before and not host.game.over


def test_chat_text_reaches_the_window_on_one_line_without_control_characters():
    async def script(peer, host):
        await peer.send({"type": "chat", "text": "hi\nAki: I concede\x1b[2J\u202e"})
        await peer.send({"type": "ping", "t": 1})
        assert (await peer.recv())["type"] == "pong"

    _, chats, _ = run(_hostile_guest(script))
    assert chats == ["hi Aki: I concede[2J"]  # the escape character itself is left out


def test_the_host_own_chat_is_rate_limited_before_it_leaves_so_an_honest_host_is_never_dropped():
    from bss_desktop.protocol.messages import CHAT_SEND_BURST

    async def script(peer, host):
        notes = []
        host.on_status = notes.append
        for i in range(60):
            host.say(f"hello {i}")
        await asyncio.sleep(0.2)
        host.close("done")
        said = await peer.until_closed()
        return notes, said

    _, _, (notes, said) = run(_hostile_guest(script))
    chats = [m for m in said if m["type"] == "chat"]
    assert len(chats) == CHAT_SEND_BURST
    assert any("too fast" in n for n in notes)


def test_a_command_nested_too_deep_ends_the_connection_naming_the_message_and_field():
    from bss_desktop.protocol.messages import MAX_DEPTH

    async def script(peer, host):
        deep = "[" * 200 + "]" * 200
        peer.write_text('{"type":"command","seq":1,"prev":"' + "0" * 64 + '","command":{"type":"pass","player":1,'
                        '"card":' + deep + "}}")
        await peer.writer.drain()
        return await peer.until_closed()

    host, _, said = run(_hostile_guest(script))
    assert said and said[-1]["type"] == "error" and said[-1]["code"] == "message", said
    text = said[-1]["message"]
    assert "'command'" in text and "field 'command'" in text and f"{MAX_DEPTH} levels" in text
    assert host.link is None and not host.game.history


def test_a_guest_flooding_undo_requests_is_dropped():
    async def script(peer, host):
        await peer.flood({"type": "undo", "seq": 0} for _ in range(300))
        return await peer.until_closed()

    host, _, said = run(_hostile_guest(script))
    errors = [m for m in said if m["type"] == "error"]
    assert errors and errors[-1]["code"] == "flood" and "undo" in errors[-1]["message"]
    assert len([m for m in said if m["type"] == "undo_answer"]) < 50


# ---------------------------------------------------------------- a hostile host against a real guest


class EvilHost:
    """A hostile host on 127.0.0.1 that shakes hands properly, sends a real batch 0, then runs a script."""

    def __init__(self, script):
        self.script = script
        self.said: list[dict] = []  # what the guest said after the script (its error, if it hung up)
        self.result = None
        self.done = asyncio.Event()

    async def serve(self):
        self.server = await asyncio.start_server(self._one, LOOPBACK, 0)
        return self.server.sockets[0].getsockname()[1]

    async def _one(self, reader, writer):
        peer = RawPeer(reader, writer)
        try:
            hello = await peer.recv()
            assert hello["type"] == "hello"
            await peer.send(handshake.hello(DB, Ruleset(), "Evil"))
            host_deck = deck("red-saga")
            await peer.send({"type": "commit", "share_hash": fairness.commitment(EVIL_SHARE),
                             "deck_hash": fairness.deck_hash(host_deck, EVIL_SHARE)})
            got = {}
            for _ in range(3):
                m = await peer.recv()
                got[m["type"]] = m
            game = Game.new(DB, [host_deck, got["deck"]["cards"]],
                            fairness.derive_seed(EVIL_SHARE, got["reveal"]["share"]))
            self.stream = SeatStream(game, 1)
            self.chain = fairness.chain_start(fairness.commitment(EVIL_SHARE), got["reveal"]["share"])
            await peer.send({"type": "welcome", "seat": 1, "name": "Evil", "next": 1})
            self.batch0 = self.stream.batch(game, game.log_events, 0, self.chain)
            self.view0 = apply_patch(None, self.batch0["patch"])
            await peer.send(self.batch0)
            self.result = await self.script(self, peer)
            self.said = await peer.until_closed()
        finally:
            peer.close()
            self.done.set()

    def batch(self, seq: int = 1, *, patch=(), view=None, **fields) -> dict:
        """Batch `seq`: the view patched (or replaced by `view`), hashed so that the hash check passes."""
        patch = list(patch) if view is None else [[[], view]]
        new = apply_patch(self.view0, patch) if view is None else view
        return {"type": "events", "seq": seq, "chain": self.chain, "events": [], "patch": patch,
                "view_hash": view_hash(new), "legal": [], **fields}


async def _against(script, guest_kw=None, *, decide=True):
    evil = EvilHost(script)
    port = await evil.serve()
    guest = GuestSession(DB, deck("blue-saga"), name="Mio", share=GUEST_SHARE, reconnect_for=0.5,
                         **(guest_kw or {}))
    if decide:
        guest.decide = random_guest(2)
    chats = []
    guest.on_chat = lambda name, text: chats.append(text)
    try:
        report = await asyncio.wait_for(guest.run(LOOPBACK, port), 20)
        await asyncio.wait_for(evil.done.wait(), 10)
    finally:
        evil.server.close()
    return guest, evil, report, chats


def test_a_host_flooding_the_chat_is_dropped_by_the_guest_with_a_reason():
    from bss_desktop.protocol.messages import CHAT_BURST

    async def script(evil, peer):
        return await peer.flood({"type": "chat", "text": f"spam {i}"} for i in range(500))

    guest, evil, report, chats = run(_against(script, decide=False))
    assert report is None and guest.error and "chat" in guest.error and str(CHAT_BURST) in guest.error
    assert len(chats) <= CHAT_BURST
    assert evil.said and evil.said[-1]["type"] == "error" and evil.said[-1]["code"] == "flood"


def _record_parts(n: int, commands_per_part: int, command: dict):
    for i in range(n):
        yield {"type": "record", "head": {"format": "bss-record", "version": 1} if i == 0 else {},
               "commands": [command] * commands_per_part, "more": True}


@pytest.mark.parametrize("parts, per_part, command, words", [
    (400, 1, {"type": "pass", "player": 0}, "parts"),
    (40, 2000, {"type": "pass", "player": 0}, "commands"),
    (200, 80, {"type": "manual_reveal", "player": 0, "cards": [10**9] * 60}, "bytes"),
])
def test_a_record_that_never_ends_is_refused_with_a_named_error(parts, per_part, command, words):
    from bss_desktop.protocol.messages import MAX_RECORD_BYTES, MAX_RECORD_COMMANDS, MAX_RECORD_PARTS

    limit = {"parts": MAX_RECORD_PARTS, "commands": MAX_RECORD_COMMANDS, "bytes": MAX_RECORD_BYTES}[words]

    async def script(evil, peer):
        await peer.send({"type": "reveal", "share": EVIL_SHARE})
        return await peer.flood(_record_parts(parts, per_part, command), every=5)

    guest, evil, report, _ = run(_against(script, decide=False))
    assert report is None and guest.error, guest.error
    assert "record" in guest.error and f"{limit:,} {words}" in guest.error, guest.error
    assert evil.said and evil.said[-1]["type"] == "error" and evil.said[-1]["code"] == "too_large"
    assert len(guest._parts) == 0  # what was received of it is let go


def test_a_deeply_nested_view_patch_ends_the_connection_with_a_named_error_not_a_crash():
    from bss_desktop.protocol.messages import MAX_DEPTH

    async def script(evil, peer):
        deep = "[" * 900 + "]" * 900
        text = json.dumps(evil.batch(1), separators=(",", ":"))
        assert '"patch":[]' in text
        text = text.replace('"patch":[]', '"patch":[[["turn"],' + deep + "]]")
        peer.write_text(text)
        await peer.writer.drain()

    guest, evil, report, _ = run(_against(script))
    assert report is None
    assert "'events'" in guest.error and "'patch'" in guest.error and f"{MAX_DEPTH} levels" in guest.error, guest.error
    assert evil.said and evil.said[-1]["code"] == "message"


def _bad_views():
    """(what to do to batch 0's view, the field the guest must name)."""
    def players(v):
        v["players"] = []
        return v

    def life(v):
        v["players"][0]["life"] = "lots"
        return v

    def field_card(v):
        v["players"][1]["field"] = [{"card": 7, "cid": ["x"], "cores": 1, "exhausted": False, "level": 1, "bp": 1}]
        return v

    def pending(v):
        v["pending"] = {"kind": "choose", "player": 1}
        return v

    return [(players, "players"), (life, "players[0].life"), (field_card, "players[1].field[0].cid"),
            (pending, "pending")]


@pytest.mark.parametrize("spoil, field", _bad_views(), ids=[f for _, f in _bad_views()])
def test_a_malformed_view_ends_the_connection_naming_the_field(spoil, field):
    async def script(evil, peer):
        await peer.send(evil.batch(1, view=spoil(json.loads(json.dumps(evil.view0)))))

    guest, evil, report, _ = run(_against(script, decide=False))
    assert report is None and guest.error and "'events'" in guest.error and field in guest.error, guest.error
    assert evil.said and evil.said[-1]["code"] == "message"


@pytest.mark.parametrize("fields, named", [
    ({"legal": [{"type": "summon", "player": 1, "card": "the best one"}]}, "legal[0]"),
    ({"legal": [{"type": "end_main", "player": 1}, 7]}, "legal[1]"),
    ({"events": [{"kind": "card_moved", "card": 3, "owner": "them", "src": "hand", "dst": "field",
                  "reason": "summon"}]}, "events[0].owner"),
    ({"events": [["not", "an", "event"]]}, "events[0]"),
    ({"events": [{"kind": "cores_moved", "player": 0, "src": "nowhere", "dst": "reserve", "count": 1,
                  "soul": False, "reason": "move"}]}, "events[0].src"),
])
def test_a_malformed_batch_ends_the_connection_naming_the_field_not_a_crash(fields, named):
    async def script(evil, peer):
        await peer.send(evil.batch(1, **fields))

    guest, evil, report, _ = run(_against(script))
    assert report is None and guest.error and "'events'" in guest.error and named in guest.error, guest.error
    assert evil.said and evil.said[-1]["code"] == "message"


def test_a_batch_far_beyond_any_game_length_is_refused():
    from bss_desktop.protocol.messages import MAX_GAME_COMMANDS

    async def script(evil, peer):
        await peer.send(dict(evil.batch(1), seq=MAX_GAME_COMMANDS + 1))

    guest, evil, report, _ = run(_against(script, decide=False))
    assert report is None and f"{MAX_GAME_COMMANDS:,}" in guest.error, guest.error


# ---------------------------------------------------------------- closed connections are closed at once


def _close_wait_sockets() -> int:
    """Sockets of this process in CLOSE-WAIT (the peer hung up, this side never closed), read from /proc."""
    inodes = set()
    for fd in os.listdir("/proc/self/fd"):
        try:
            target = os.readlink(f"/proc/self/fd/{fd}")
        except OSError:
            continue
        if target.startswith("socket:["):
            inodes.add(target[8:-1])
    n = 0
    for table in ("/proc/self/net/tcp", "/proc/self/net/tcp6"):
        try:
            lines = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            cols = line.split()
            if cols[3] == "08" and cols[9] in inodes:  # 08: CLOSE_WAIT
                n += 1
    return n


async def _left_in_close_wait(server) -> int:
    """Once the peers are gone: how many of this process's sockets sit in CLOSE-WAIT; then stop listening."""
    await asyncio.sleep(0.3)
    left = _close_wait_sockets()
    server.close()
    return left


def _without_gc(make):
    """Run the coroutine `make()` with the garbage collector off: a socket must be closed by the code, not by
    the collector finalising a forgotten transport."""
    gc.disable()
    try:
        return run(make())
    finally:
        gc.enable()


linux_only = pytest.mark.skipif(not Path("/proc/self/net/tcp").exists(), reason="reads /proc (Linux)")
CONNECTIONS = 30


@linux_only
def test_guests_that_hang_up_leave_no_socket_in_close_wait_on_the_host_without_the_garbage_collector():
    async def go():
        host = HostSession(DB, deck("red-saga"), handshake_timeout=2)
        server, port = await tcp_server(host)
        for i in range(CONNECTIONS):
            peer = await RawPeer.connect(port)
            if i % 3 == 0:
                await peer.send(handshake.hello(DB, Ruleset(), "Evil"))  # then hangs up mid-handshake
                await peer.recv()
            elif i % 3 == 1:
                peer.write_text('{"type":"teleport"}')  # refused, then hangs up
                await peer.writer.drain()
            peer.close()
        return await _left_in_close_wait(server)

    assert _without_gc(go) == 0


@linux_only
def test_hosts_that_hang_up_leave_no_socket_in_close_wait_on_the_guest_without_the_garbage_collector():
    async def go():
        async def hang_up(reader, writer):
            await reader.read(100)
            writer.close()

        server = await asyncio.start_server(hang_up, LOOPBACK, 0)
        port = server.sockets[0].getsockname()[1]
        for _ in range(CONNECTIONS):
            guest = GuestSession(DB, deck("blue-saga"), reconnect_for=0)
            await asyncio.wait_for(guest.run(LOOPBACK, port), 5)
            assert guest.error
        return await _left_in_close_wait(server)

    assert _without_gc(go) == 0


@linux_only
def test_a_guest_dropped_mid_game_by_the_host_is_closed_at_once():
    async def go():
        host, guest = sessions()
        server, port = await tcp_server(host)
        guest.decide = None
        playing = asyncio.ensure_future(guest.run(LOOPBACK, port))
        await asyncio.wait_for(host.started.wait(), 10)
        while guest.seq < 0:
            await asyncio.sleep(0.01)
        for _ in range(5):  # the guest's connection breaks again and again; each old one must be closed
            guest.link.writer.transport.abort()
            await asyncio.sleep(0.3)
        left = _close_wait_sockets()
        guest.close()
        playing.cancel()
        server.close()
        return left

    assert _without_gc(go) == 0


# ---------------------------------------------------------------- a host killed with SIGKILL mid-game


def _cli(*args) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONUNBUFFERED="1")
    return subprocess.Popen([sys.executable, "-m", "bss_desktop.cli", *args], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
@pytest.mark.parametrize("kill_at", [1, 4, 9, 16, 23, 31])
def test_a_host_killed_right_after_a_batch_arrives_resumes_with_that_command(tmp_path, kill_at):
    save = tmp_path / "host.json"
    host = _cli("host", "--port", "0", "--bind", LOOPBACK, "--headless", "--seed", "3", "--autosave", str(save))
    try:
        first = host.stdout.readline()
        m = re.match(r"listening on port (\d+)$", first.strip())
        assert m, first + host.stderr.read()
        seen = {}

        def on_batch(msg, view):
            if msg["seq"] >= kill_at and not seen:
                os.kill(host.pid, signal.SIGKILL)  # at once, before anything else runs here
                seen.update(seq=msg["seq"], chain=msg["chain"])

        guest = GuestSession(DB, deck("blue-saga"), reconnect_for=0.2, timeout=5)
        guest.decide = random_guest(4)
        guest.on_batch = on_batch
        run(asyncio.wait_for(guest.run(LOOPBACK, int(m.group(1))), 60))
    finally:
        host.kill()
        host.communicate(timeout=10)
    assert seen, f"the game ended before batch {kill_at}: {guest.error}"
    restored = HostSession.restore(save, DB)
    assert len(restored.game.history) >= seen["seq"], (len(restored.game.history), seen)
    assert restored.batches[seen["seq"]]["chain"] == seen["chain"]


# ---------------------------------------------------------------- `bss-desktop host --resume` with a damaged file


def _good_autosave(tmp_path) -> Path:
    save = tmp_path / "good.json"

    async def go():
        host, guest = sessions(autosave=save)
        stop = asyncio.Event()
        guest.on_batch = lambda msg, view: stop.set() if msg["seq"] >= 6 else None
        from bss_desktop.net.headless import play_host_seat
        from bss_desktop.net.link import memory_pair
        from bss_desktop.sim.policy import RandomPolicy

        a, b = memory_pair()
        tasks = [asyncio.ensure_future(host.handle(a)), asyncio.ensure_future(guest.play_over(b)),
                 asyncio.ensure_future(play_host_seat(host, RandomPolicy(1)))]
        await asyncio.wait_for(stop.wait(), 20)
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    run(go())
    return save


def _damaged(good: dict, how: str):
    d = json.loads(json.dumps(good))
    if how == "truncated":
        return json.dumps(d)[:-40]
    if how == "empty":
        return ""
    if how == "not JSON":
        return "this is not a game"
    if how == "a list":
        return "[1, 2]"
    if how == "missing field":
        del d["guest_share"]
    elif how == "share not hex":
        d["share"] = "not a share"
    elif how == "share a number":
        d["share"] = 5
    elif how == "deck a string":
        d["deck"] = "red-saga"
    elif how == "name a list":
        d["guest_name"] = ["x"]
    elif how == "record not an object":
        d["record"] = 7
    elif how == "record does not replay":
        d["record"]["commands"].insert(0, {"type": "attack", "player": 0, "card": 1})
    elif how == "command malformed":
        d["record"]["commands"][0] = {"type": "summon", "player": "me"}
    elif how == "wrong card ids":
        d["record"]["start"]["decks"][1] = ["NOPE-001"] * 40
    elif how == "decks the wrong shape":
        d["record"]["start"]["decks"] = "both"
    elif how == "settings the wrong type":
        d["record"]["settings"] = "strict"
    return json.dumps(d)


DAMAGE = ["truncated", "empty", "not JSON", "a list", "missing field", "share not hex", "share a number",
          "deck a string", "name a list", "record not an object", "record does not replay", "command malformed",
          "wrong card ids", "decks the wrong shape", "settings the wrong type"]


@pytest.fixture(scope="module")
def good_autosave(tmp_path_factory):
    return json.loads(_good_autosave(tmp_path_factory.mktemp("good")).read_text())


@pytest.mark.parametrize("how", DAMAGE)
@pytest.mark.parametrize("headless", [True, False], ids=["headless", "window"])
def test_host_resume_of_a_damaged_autosave_answers_one_line_naming_the_file_and_exit_2(
        tmp_path, good_autosave, capsys, monkeypatch, how, headless):
    from bss_desktop import cli
    from bss_desktop.app import main as app_main

    bad = tmp_path / "lan-host.json"
    bad.write_text(_damaged(good_autosave, how))

    def no_window(*a, **kw):
        raise AssertionError("the window opened for an autosave that cannot be resumed")

    async def no_listening(*a, **kw):
        raise AssertionError("the host listens for a guest with an autosave that cannot be resumed")

    monkeypatch.setattr(app_main, "run", no_window)
    monkeypatch.setattr("bss_desktop.net.headless.serve", no_listening)
    args = ["host", "--resume", str(bad), "--port", "0", "--bind", LOOPBACK] + (["--headless"] if headless else [])
    assert cli.main(args) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(str(bad)), err
    assert "Traceback" not in err


def test_host_resume_of_a_good_autosave_opens_the_host_window_on_that_file(tmp_path, good_autosave, monkeypatch):
    from bss_desktop import cli
    from bss_desktop.app import main as app_main

    good = tmp_path / "lan-host.json"
    good.write_text(json.dumps(good_autosave))
    opened = {}
    monkeypatch.setattr(app_main, "run", lambda **kw: opened.update(kw) or 0)
    assert cli.main(["host", "--resume", str(good), "--port", "0"]) == 0
    assert opened.get("start") == "host" and Path(opened.get("resume")) == good


def test_host_resume_of_a_damaged_autosave_in_a_real_process_exits_2_before_any_window(tmp_path):
    bad = tmp_path / "lan-host.json"
    bad.write_text("")
    p = _cli("host", "--resume", str(bad), "--port", "0", "--bind", LOOPBACK)
    try:
        out, err = p.communicate(timeout=30)
    finally:
        p.kill()
    assert p.returncode == 2 and err.strip().startswith(str(bad)) and len(err.strip().splitlines()) == 1, err


# ---------------------------------------------------------------- the windows


def test_the_chat_pane_keeps_a_bounded_history(qapp):
    from bss_desktop.client.windows.chat import CHAT_LINES, ChatPanel

    panel = ChatPanel()
    assert 0 < panel.view.maximumBlockCount() <= CHAT_LINES
    for i in range(CHAT_LINES + 300):
        panel.append("Evil", f"line {i}")
    assert panel.view.document().blockCount() <= CHAT_LINES
    assert panel.view.document().lastBlock().text() == f"Evil: line {CHAT_LINES + 299}"


def test_the_join_window_says_in_its_status_bar_and_log_why_a_malformed_batch_ended_the_game(qloop, qtbot):
    pytest.importorskip("qasync")
    from bss_desktop.carddb.decks import shipped_decks
    from bss_desktop.client.windows.lan import JoinWindow

    async def go():
        sent = asyncio.Event()

        async def script(evil, peer):
            await asyncio.sleep(0.3)  # the board opens on batch 0
            await peer.send(evil.batch(1, legal=[{"type": "summon", "player": 1, "card": "the best one"}]))
            sent.set()

        evil = EvilHost(script)
        port = await evil.serve()
        join = JoinWindow(DB, shipped_decks(DB))
        join.deck.setCurrentIndex(join.deck.findData("blue-saga"))
        join.address.setText(f"{LOOPBACK}:{port}")
        join.start()
        for _ in range(1000):
            if join.window is not None and sent.is_set() and "legal[0]" in join.window.log.toPlainText():
                break
            await asyncio.sleep(0.01)
        window = join.window
        evil.server.close()
        assert window is not None, join.info.text()
        log = window.log.toPlainText()
        assert "[network]" in log and "'events'" in log and "legal[0]" in log, log[-600:]
        assert "legal[0]" in window.statusBar().currentMessage()
        # the board offers nothing to do: no command from that list can be sent
        assert not window.model.game.legal_commands()

    qloop.run_until_complete(go())
