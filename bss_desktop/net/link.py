"""A link: one connection carrying whole, validated protocol messages (asyncio; no Qt).

The same `Link` runs over TCP (`connect`, `serve`) and in-process (`memory_pair`,
two asyncio streams joined back to back), so every session test exercises the
real framing and validation. A frame or message this side refuses raises
`PeerError` with a reason fit to send back to the peer; a closed connection
raises `LinkClosed`. Bytes are counted both ways (the network benchmark reads them).

The link also holds the peer to the limits of protocol/messages.py that do not
depend on the game: a peer sending chat, undo requests or pings faster than
they allow is refused ("flood"), and chat text arrives on one line. Whatever
ends a connection closes its socket at once (`close`, `aclose`), never leaving
it to the garbage collector: a socket the peer hung up on would otherwise stay
in CLOSE-WAIT.
"""
from __future__ import annotations

import asyncio
import logging

from ..protocol.framing import HEADER, MAX_FRAME, FrameError, StreamCodec
from ..protocol.messages import (CHAT_BURST, CHAT_RATE, CHAT_SEND_BURST, CHAT_SEND_RATE, RANDOM_BURST, RANDOM_RATE,
                                 REQUEST_BURST, REQUEST_RATE, LimitError, MessageError, RateLimit, one_line, validate)

log = logging.getLogger(__name__)

CLOSE_TIMEOUT = 2.0  # seconds to let a closing connection send what it still holds; then it is cut (abort)
# held to REQUEST_RATE / REQUEST_BURST: what asks for an answer or puts a line in the other side's log
REQUESTS = ("undo", "undo_answer", "ping", "pong", "refused", "welcome", "ask", "consent", "claim", "claim_answer",
            "first")
RANDOMS = ("random", "random_share")  # held to RANDOM_RATE / RANDOM_BURST (each makes the guest save its share)
SHOWN = ("name", "text", "message", "reason", "rule")  # text fields a window shows: one line each (one_line)


class LinkClosed(ConnectionError):
    """The connection is gone (closed by either side, reset, or silent past the timeout)."""


class PeerError(ValueError):
    """The peer sent something this side refuses; `code` is a short tag, the message says what."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message


class Link:
    def __init__(self, reader: asyncio.StreamReader, writer, *, peer: str = "peer", max_frame: int = MAX_FRAME):
        self.reader = reader
        self.writer = writer
        self.peer = peer
        self.max_frame = max_frame
        self.bytes_in = 0
        self.bytes_out = 0
        self.closed = False  # the connection is over (either side ended it); the socket is closed with it
        self._transport_closed = False
        self._sending = StreamCodec(max_frame)  # one deflate stream per direction (framing.py)
        self._receiving = StreamCodec(max_frame)
        self._chat_in = RateLimit(CHAT_RATE, CHAT_BURST)
        self._chat_out = RateLimit(CHAT_SEND_RATE, CHAT_SEND_BURST)
        self._requests_in = RateLimit(REQUEST_RATE, REQUEST_BURST)
        self._randoms_in = RateLimit(RANDOM_RATE, RANDOM_BURST)
        self.rate_limits = True  # off only where the peer is no player (the benchmark's bare echo)

    async def send(self, msg: dict) -> None:
        if self.closed:
            raise LinkClosed("the connection is closed")
        frame = self._sending.pack(msg)
        self.bytes_out += len(frame)
        try:
            self.writer.write(frame)
            await self.writer.drain()
        except (ConnectionError, OSError, RuntimeError) as e:
            self.close()
            raise LinkClosed(str(e) or "the connection was lost") from None

    async def recv(self, timeout: float | None = None) -> dict:
        """The next message, validated against its schema."""
        try:
            header = await self._read(HEADER, timeout)
            size = int.from_bytes(header, "big")
            if size > self.max_frame:
                raise PeerError("frame", f"a frame of {size} bytes exceeds the {self.max_frame}-byte limit")
            payload = await self._read(size, timeout)
        except asyncio.TimeoutError:
            raise LinkClosed(f"nothing heard from {self.peer} for {timeout:g} s") from None
        except (asyncio.IncompleteReadError, ConnectionError, OSError) as e:
            self.close()  # the peer hung up: close our end now (else it waits in CLOSE-WAIT for the collector)
            raise LinkClosed(f"{self.peer} closed the connection" if isinstance(e, asyncio.IncompleteReadError)
                             else str(e) or "the connection was lost") from None
        self.bytes_in += HEADER + size
        try:
            msg = validate(self._receiving.unpack(payload))
        except FrameError as e:
            raise PeerError("frame", str(e)) from None
        except LimitError as e:
            raise PeerError(e.code, str(e)) from None
        except MessageError as e:
            raise PeerError("message", str(e)) from None
        for field in SHOWN:  # a name or a chat line cannot pass for several lines of the log or the chat
            if field in msg:
                msg[field] = one_line(msg[field])
        kind = msg["type"]
        if not self.rate_limits:
            return msg
        if kind == "chat":
            if not self._chat_in.allow():
                raise PeerError("flood", f"chat flood: more than {CHAT_BURST} chat messages at once, or more than "
                                         f"{CHAT_RATE:g} a second (the limit)")
        elif kind in RANDOMS and not self._randoms_in.allow():
            raise PeerError("flood", f"'{kind}' flood: more than {RANDOM_BURST} random moves at once, or more than "
                                     f"{RANDOM_RATE:g} a second (the limit)")
        elif kind in REQUESTS and not self._requests_in.allow():
            raise PeerError("flood", f"'{kind}' flood: more than {REQUEST_BURST} undo requests and answers, pings, "
                                     f"refusals, welcomes, requests and their answers at once, or more than {REQUEST_RATE:g} a second (the "
                                     f"limit)")
        return msg

    def may_chat(self) -> bool:
        """Whether this side may send one more chat message now (held below what the peer accepts)."""
        return self._chat_out.allow()

    async def _read(self, n: int, timeout: float | None) -> bytes:
        if timeout is None:
            return await self.reader.readexactly(n)
        async with asyncio.timeout(timeout):
            return await self.reader.readexactly(n)

    async def refuse(self, code: str, message: str) -> None:
        """Tell the peer why, then close: used for anything that ends the session."""
        log.warning("closing the connection to %s: %s", self.peer, message)
        try:
            await asyncio.wait_for(self.send({"type": "error", "code": code[:40], "message": message[:500]}),
                                   CLOSE_TIMEOUT)  # a peer that reads nothing does not hold us here
        except (LinkClosed, FrameError, asyncio.TimeoutError):
            pass
        await self.aclose()

    def close(self) -> None:
        """End the connection and close its socket (at once; `aclose` also waits until it is closed)."""
        self.closed = True
        if not self._transport_closed:
            self._transport_closed = True
            try:
                self.writer.close()
            except (ConnectionError, OSError, RuntimeError):
                pass

    async def aclose(self, timeout: float = CLOSE_TIMEOUT) -> None:
        """Close, and wait (at most `timeout` seconds) until the socket is closed; one that can't flush what it
        still holds in time (a peer that stopped reading) is cut."""
        self.close()
        wait = getattr(self.writer, "wait_closed", None)
        if wait is None:
            return
        waiting = wait()
        try:
            await asyncio.wait_for(waiting, timeout)
        except asyncio.TimeoutError:
            transport = getattr(self.writer, "transport", None)
            if transport is not None:
                transport.abort()
        except (ConnectionError, OSError, RuntimeError):
            pass  # closed, with an error the peer caused: nothing is left open
        finally:
            waiting.close()  # (if the wait never started: the loop was stopping)


async def connect(host: str, port: int, *, timeout: float = 10.0) -> Link:
    reader, writer = await asyncio.wait_for(asyncio.open_connection(host, port), timeout)
    return Link(reader, writer, peer=f"{host}:{port}")


async def serve(on_link, host: str = "127.0.0.1", port: int = 0) -> asyncio.base_events.Server:
    """Listen on host:port (0 picks a free port: read it from `server.sockets[0].getsockname()[1]`)."""

    async def handle(reader, writer):
        addr = writer.get_extra_info("peername")
        link = Link(reader, writer, peer=f"{addr[0]}:{addr[1]}" if addr else "peer")
        try:
            await on_link(link)
        except asyncio.CancelledError:
            pass  # the loop is shutting down; a connection handler has nothing left to do
        finally:
            link.close()
        await link.aclose()

    return await asyncio.start_server(handle, host, port)


class _PipeWriter:
    """The writing end of an in-process stream: bytes go straight into the other side's reader."""

    def __init__(self, other: asyncio.StreamReader, own: asyncio.StreamReader):
        self.other = other
        self.own = own  # closing one end ends reading at both ends, as a closed socket does
        self.is_closed = False
        self.peer_writer: _PipeWriter | None = None  # the other end's writer (memory_pair joins them)

    def write(self, data: bytes) -> None:
        if self.is_closed or (self.peer_writer is not None and self.peer_writer.is_closed):
            raise ConnectionResetError("the in-process connection is closed")
        self.other.feed_data(data)

    async def drain(self) -> None:
        await asyncio.sleep(0)

    async def wait_closed(self) -> None:
        return None

    def close(self) -> None:
        if not self.is_closed:
            self.is_closed = True
            for reader in (self.other, self.own):
                if not reader.at_eof():
                    reader.feed_eof()


def memory_pair() -> tuple[Link, Link]:
    """Two links joined back to back in this process (needs a running event loop)."""
    a, b = asyncio.StreamReader(), asyncio.StreamReader()
    wa, wb = _PipeWriter(b, a), _PipeWriter(a, b)
    wa.peer_writer, wb.peer_writer = wb, wa
    return Link(a, wa, peer="guest"), Link(b, wb, peer="host")
