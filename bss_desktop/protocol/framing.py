"""Frames on the wire: a 4-byte big-endian length, then that many bytes of payload holding one JSON object.

A payload is UTF-8 JSON, or (first byte 0) the next piece of a deflate stream
that runs through the whole connection (`StreamCodec`): a game's batches repeat
the same keys and card ids, so the shared stream makes a game several times
smaller. The hello and error messages always go plain, so a peer that cannot
read the stream still learns why it was refused.

A frame larger than MAX_FRAME is refused before its payload is read, and a
deflated payload is refused once it would inflate beyond MAX_FRAME, so a peer
cannot make us buffer without bound. Every problem is a FrameError that says
what was wrong, for the log and for the peer.
"""
from __future__ import annotations

import json
import zlib

MAX_FRAME = 64 * 1024  # bytes of payload
HEADER = 4


class FrameError(ValueError):
    """A frame this side refuses; the connection that sent it should be closed with this message."""


def encode_frame(message: dict) -> bytes:
    payload = json.dumps(message, separators=(",", ":"), ensure_ascii=False, allow_nan=False).encode("utf-8")
    if len(payload) > MAX_FRAME:
        raise FrameError(f"a frame of {len(payload)} bytes exceeds the {MAX_FRAME}-byte limit")
    return len(payload).to_bytes(HEADER, "big") + payload


DEFLATED = 0  # first byte of a deflated payload (JSON text never starts with it)
PLAIN_TYPES = ("hello", "error")


class StreamCodec:
    """One connection's encoder and decoder: JSON payloads, deflated through one stream per direction."""

    def __init__(self, max_frame: int = MAX_FRAME):
        self.max_frame = max_frame
        self._out = zlib.compressobj(6, zlib.DEFLATED, -15)
        self._in = zlib.decompressobj(-15)

    def pack(self, message: dict) -> bytes:
        if message.get("type") in PLAIN_TYPES:
            return encode_frame(message)
        text = json.dumps(message, separators=(",", ":"), ensure_ascii=False, allow_nan=False).encode("utf-8")
        if len(text) > self.max_frame:
            raise FrameError(f"a frame of {len(text)} bytes exceeds the {self.max_frame}-byte limit")
        payload = bytes([DEFLATED]) + self._out.compress(text) + self._out.flush(zlib.Z_SYNC_FLUSH)
        return len(payload).to_bytes(HEADER, "big") + payload

    def unpack(self, payload: bytes) -> dict:
        if not payload or payload[0] != DEFLATED:
            return decode_payload(payload)
        try:
            text = self._in.decompress(payload[1:], self.max_frame + 1)
        except zlib.error as e:
            raise FrameError(f"the frame's compressed data is corrupt ({e})") from None
        if len(text) > self.max_frame or self._in.unconsumed_tail:
            raise FrameError(f"a compressed frame inflates beyond the {self.max_frame}-byte limit")
        return decode_payload(text)


def decode_payload(payload: bytes) -> dict:
    try:
        text = payload.decode("utf-8")
    except UnicodeDecodeError as e:
        raise FrameError(f"the frame is not UTF-8 text (byte {e.start})") from None
    try:
        value = json.loads(text, parse_constant=_no_constants)
    except (ValueError, RecursionError) as e:
        raise FrameError(f"the frame is not valid JSON: {str(e)[:120]}") from None
    if not isinstance(value, dict):
        raise FrameError(f"a frame holds one JSON object, not {type(value).__name__}")
    return value


def _no_constants(name: str):
    raise ValueError(f"{name} is not allowed")


class FrameDecoder:
    """Feed it bytes as they arrive; it returns the complete messages, in order."""

    def __init__(self, max_frame: int = MAX_FRAME, codec: StreamCodec | None = None):
        self.max_frame = max_frame
        self.codec = codec or StreamCodec(max_frame)
        self._buffer = bytearray()

    def feed(self, data: bytes) -> list[dict]:
        self._buffer += data
        out = []
        while len(self._buffer) >= HEADER:
            size = int.from_bytes(self._buffer[:HEADER], "big")
            if size > self.max_frame:
                raise FrameError(f"a frame of {size} bytes exceeds the {self.max_frame}-byte limit")
            if len(self._buffer) < HEADER + size:
                break
            payload = bytes(self._buffer[HEADER:HEADER + size])
            del self._buffer[:HEADER + size]
            out.append(self.codec.unpack(payload))
        return out

    @property
    def pending_bytes(self) -> int:
        return len(self._buffer)
