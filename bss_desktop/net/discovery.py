"""Optional LAN discovery of hosted games: hosts announce over UDP, joiners keep a list (asyncio; no Qt).

A host's `Announcer` sends a small JSON datagram every ANNOUNCE_EVERY seconds,
by default as a UDP broadcast to port DISCOVERY_PORT; a joiner's `Browser`
listens on that port and lists every game heard from within FORGET_AFTER
seconds.

Discovery is opt-in (off by default) because:
- binding a UDP port and broadcasting makes desktop firewalls (Windows,
  macOS) ask the user for permission, which is alarming for a card game;
- many networks (guest Wi-Fi, corporate LANs, VPNs) block or drop broadcast,
  so an empty list proves nothing.
Joining by typing the host's address:port always works and needs none of this.

Both classes take their addresses as arguments (`target`, `bind`) so the tests
run entirely over loopback (127.0.0.1): no broadcast, no multicast.
"""
from __future__ import annotations

import asyncio
import ipaddress
import json
import logging
import socket
import time
import unicodedata
from dataclasses import dataclass
from typing import Callable

from .. import __version__

log = logging.getLogger(__name__)

DISCOVERY_PORT = 45453
ANNOUNCE_EVERY = 2.0  # seconds between announcements
FORGET_AFTER = 7.0  # seconds of silence before a game leaves the list (a few lost datagrams are tolerated)
MAX_DATAGRAM = 512  # bytes; an announcement is far smaller, anything bigger is not ours
MAX_NAME = 40
MAX_APP = 40
MAX_GAMES = 64  # a noisy or hostile LAN cannot grow the list without bound
GAMES = ("rules", "sandbox")
_FIELDS = frozenset({"bss", "app", "name", "port", "game"})

OnChange = Callable[[list["Announcement"]], None]


@dataclass(frozen=True)
class Announcement:
    """One hosted game as heard from the network; `host` is the sender's IP, not a claim in the payload."""
    host: str
    port: int
    name: str
    app: str
    game: str

    @property
    def address(self) -> str:
        """What a player would type to join: "host:port", with IPv6 hosts in brackets."""
        return f"[{self.host}]:{self.port}" if ":" in self.host else f"{self.host}:{self.port}"


def _text_ok(value: object, limit: int) -> bool:
    # Names are shown in a list row: no empty strings and no control characters (newlines, escapes, NUL).
    return (isinstance(value, str) and 0 < len(value) <= limit
            and not any(unicodedata.category(ch) == "Cc" for ch in value))


def _fields_ok(obj: object) -> bool:
    if not isinstance(obj, dict) or set(obj) != _FIELDS:
        return False
    # `type(...) is int` because JSON true/false decode to bools, which are ints in Python.
    return (type(obj["bss"]) is int and obj["bss"] == 1
            and type(obj["port"]) is int and 1 <= obj["port"] <= 65535
            and _text_ok(obj["name"], MAX_NAME) and _text_ok(obj["app"], MAX_APP)
            and obj["game"] in GAMES)


def encode_announcement(name: str, port: int, game: str = "rules", app: str | None = None) -> bytes:
    """The datagram announcing a game; raises ValueError if the fields could not be decoded back."""
    obj = {"bss": 1, "app": __version__ if app is None else app, "name": name, "port": port, "game": game}
    if not _fields_ok(obj):
        raise ValueError(f"not a valid announcement: {obj!r}")
    data = json.dumps(obj, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    if len(data) > MAX_DATAGRAM:  # unreachable with the length limits above, kept as the wire guarantee
        raise ValueError(f"an announcement of {len(data)} bytes exceeds {MAX_DATAGRAM}")
    return data


def decode_announcement(data: bytes, sender_ip: str) -> Announcement | None:
    """The announcement in `data` from `sender_ip`, or None if it is anything else; never raises."""
    if len(data) > MAX_DATAGRAM:
        return None
    try:
        obj = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):  # JSONDecodeError is a ValueError
        return None
    if not _fields_ok(obj):
        return None
    return Announcement(host=sender_ip, port=obj["port"], name=obj["name"], app=obj["app"], game=obj["game"])


def _family(host: str) -> socket.AddressFamily:
    return socket.AF_INET6 if ":" in host else socket.AF_INET


def _is_broadcast(host: str) -> bool:
    """The limited broadcast address or a subnet-directed one (x.y.z.255, the common /24 case)."""
    try:
        addr = ipaddress.ip_address(host)
    except ValueError:
        return False
    return addr.version == 4 and addr.packed[-1] == 255


class _SendProtocol(asyncio.DatagramProtocol):
    def __init__(self) -> None:
        self._last_error = ""

    def error_received(self, exc: Exception) -> None:
        # A host without a network (or with broadcast blocked) fails every ANNOUNCE_EVERY seconds:
        # warn once per distinct error, keep the repeats at debug, and keep announcing.
        message = str(exc)
        log.log(logging.DEBUG if message == self._last_error else logging.WARNING,
                "LAN discovery: could not send an announcement: %s", message)
        self._last_error = message


class Announcer:
    """Announces one hosted game now and then every `every` seconds until stopped."""

    def __init__(self, name: str, port: int, game: str = "rules", *,
                 target: tuple[str, int] = ("255.255.255.255", DISCOVERY_PORT),
                 every: float = ANNOUNCE_EVERY, app: str | None = None) -> None:
        if every <= 0:
            raise ValueError("every must be positive")
        # A long player name is shortened rather than refused: the host should still be found.
        self._payload = encode_announcement(name[:MAX_NAME], port, game, app)
        self._target = (target[0], target[1])
        self._every = every
        self._transport: asyncio.DatagramTransport | None = None
        self._protocol: _SendProtocol | None = None
        self._task: asyncio.Task | None = None

    @property
    def target(self) -> tuple[str, int]:
        return self._target

    @property
    def broadcast(self) -> bool:
        """Whether the socket gets SO_BROADCAST (only for a broadcast target)."""
        return _is_broadcast(self._target[0])

    @property
    def running(self) -> bool:
        return self._task is not None and not self._task.done()

    async def start(self) -> None:
        if self._transport is not None:
            return
        loop = asyncio.get_running_loop()
        # Unconnected and unbound: the OS picks a source port on the first send, and send errors
        # reach error_received instead of closing anything.
        self._transport, self._protocol = await loop.create_datagram_endpoint(
            _SendProtocol, family=_family(self._target[0]), allow_broadcast=self.broadcast)
        self._send()
        self._task = asyncio.create_task(self._run(), name="bss-discovery-announcer")

    def _send(self) -> None:
        if self._transport is None or self._protocol is None:
            return
        try:
            self._transport.sendto(self._payload, self._target)
        except OSError as e:  # asyncio usually routes these to error_received; this covers the rest
            self._protocol.error_received(e)

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self._every)
            self._send()

    def close(self) -> None:
        """Stop announcing now (the task ends at its next step); safe to call twice."""
        if self._task is not None:
            self._task.cancel()
        if self._transport is not None:
            self._transport.close()
            self._transport = None

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
        self.close()
        if task is not None:
            await asyncio.gather(task, return_exceptions=True)

    async def __aenter__(self) -> Announcer:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()


class _ListenProtocol(asyncio.DatagramProtocol):
    def __init__(self, browser: Browser) -> None:
        self._browser = browser

    def datagram_received(self, data: bytes, addr: tuple) -> None:
        self._browser._received(data, str(addr[0]))

    def error_received(self, exc: Exception) -> None:
        log.debug("LAN discovery: receive error: %s", exc)


class Browser:
    """Listens for announcements and keeps the games heard within `forget_after` seconds."""

    def __init__(self, *, bind: tuple[str, int] = ("0.0.0.0", DISCOVERY_PORT),
                 forget_after: float = FORGET_AFTER, clock: Callable[[], float] = time.monotonic,
                 on_change: OnChange | None = None) -> None:
        self._bind = (bind[0], bind[1])
        self._forget_after = forget_after
        self._clock = clock
        self._on_change = on_change
        self._seen: dict[tuple[str, int], tuple[Announcement, float]] = {}  # (host, port) -> (game, last heard)
        self._transport: asyncio.DatagramTransport | None = None
        self._sweeper: asyncio.Task | None = None

    @property
    def bind(self) -> tuple[str, int]:
        return self._bind

    @property
    def bound_port(self) -> int | None:
        """The UDP port actually bound (useful after binding port 0); None before start."""
        if self._transport is None:
            return None
        return self._transport.get_extra_info("sockname")[1]

    async def start(self) -> None:
        if self._transport is not None:
            return
        # Built by hand because asyncio refuses reuse_address for UDP; reusing the port lets two
        # copies of the app on one machine both hear broadcasts.
        sock = socket.socket(_family(self._bind[0]), socket.SOCK_DGRAM)
        try:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if hasattr(socket, "SO_REUSEPORT"):  # needed on macOS/BSD to share the port
                try:
                    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
                except OSError:
                    pass
            sock.bind(self._bind)
            sock.setblocking(False)
            self._transport, _ = await asyncio.get_running_loop().create_datagram_endpoint(
                lambda: _ListenProtocol(self), sock=sock)
        except BaseException:
            sock.close()
            raise
        # Silence produces no datagram, so a periodic sweep is what notices a game has gone.
        self._sweeper = asyncio.create_task(self._sweep(), name="bss-discovery-sweeper")

    async def _sweep(self) -> None:
        while True:
            await asyncio.sleep(min(1.0, self._forget_after / 4))
            self._prune()

    def games(self) -> list[Announcement]:
        """The games heard recently, sorted by name then address."""
        self._prune()
        return self._listing()

    def _listing(self) -> list[Announcement]:
        games = [game for game, _ in self._seen.values()]
        return sorted(games, key=lambda g: (g.name.casefold(), g.name, g.address))

    def _prune(self) -> None:
        now = self._clock()
        gone = [key for key, (_, heard) in self._seen.items() if now - heard > self._forget_after]
        for key in gone:
            del self._seen[key]
        if gone:
            self._changed()

    def _received(self, data: bytes, sender_ip: str) -> None:
        game = decode_announcement(data, sender_ip)
        if game is None:
            log.debug("LAN discovery: ignored a %d-byte datagram from %s", len(data), sender_ip)
            return
        self._prune()
        key = (game.host, game.port)
        previous = self._seen.get(key)
        if previous is None and len(self._seen) >= MAX_GAMES:
            log.debug("LAN discovery: list full, ignored %s", game.address)
            return
        self._seen[key] = (game, self._clock())
        if previous is None or previous[0] != game:  # a repeat only refreshes the time
            self._changed()

    def _changed(self) -> None:
        if self._on_change is None:
            return
        try:
            self._on_change(self._listing())
        except Exception:  # a faulty listener must not stop discovery
            log.exception("LAN discovery: on_change failed")

    def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
        if self._transport is not None:
            self._transport.close()
            self._transport = None
        self._seen.clear()

    async def stop(self) -> None:
        task, self._sweeper = self._sweeper, None
        if task is not None:
            task.cancel()
        self.close()
        if task is not None:
            await asyncio.gather(task, return_exceptions=True)

    async def __aenter__(self) -> Browser:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()
