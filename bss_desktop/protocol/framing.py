"""Frames on the wire: a 4-byte big-endian length, then that many bytes of UTF-8 JSON (one object).

A frame larger than MAX_FRAME is refused before its payload is read, so a
peer cannot make us buffer without bound. Every problem is a FrameError that
says what was wrong, for the log and for the peer.
"""
from __future__ import annotations

import json

MAX_FRAME = 64 * 1024  # bytes of payload
HEADER = 4


class FrameError(ValueError):
    """A frame this side refuses; the connection that sent it should be closed with this message."""


def encode_frame(message: dict) -> bytes:
    payload = json.dumps(message, separators=(",", ":"), ensure_ascii=False, allow_nan=False).encode("utf-8")
    if len(payload) > MAX_FRAME:
        raise FrameError(f"a frame of {len(payload)} bytes exceeds the {MAX_FRAME}-byte limit")
    return len(payload).to_bytes(HEADER, "big") + payload


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

    def __init__(self, max_frame: int = MAX_FRAME):
        self.max_frame = max_frame
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
            out.append(decode_payload(payload))
        return out

    @property
    def pending_bytes(self) -> int:
        return len(self._buffer)
