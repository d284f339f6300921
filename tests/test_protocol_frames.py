"""Frames and message schemas of the LAN protocol, and the decoder against hostile input."""
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bss_desktop.protocol import (MAX_FRAME, PROTOCOL_VERSION, FrameDecoder, FrameError, MessageError,
                                  encode_frame, validate)

H = "ab" * 32
SAMPLES = [
    {"type": "hello", "protocol": PROTOCOL_VERSION, "app": "0.1.0", "cards": H, "ruleset": {}, "name": "Aki"},
    {"type": "welcome", "seat": 1, "name": "Mio", "next": 1},
    {"type": "commit", "share_hash": H, "deck_hash": H},
    {"type": "reveal", "share": H},
    {"type": "deck", "cards": ["SG1-001", "SG1-002"], "name": "red-saga"},
    {"type": "command", "seq": 3, "prev": H, "command": {"type": "end_main", "player": 0}},
    {"type": "refused", "seq": 4, "rule": "CR 7-1-1-1", "message": "that spirit is exhausted"},
    {"type": "events", "seq": 3, "chain": H, "events": [{"kind": "step", "turn": 2, "player": 0, "step": "start"}], "patch": [[["turn"], 2]], "view_hash": H,
     "legal": [{"type": "end_main", "player": 1}]},
    {"type": "resume", "game": H, "seq": 7},
    {"type": "record", "head": {"format": "bss-record"}, "commands": [], "more": False},
    {"type": "audit", "ok": True, "message": "audit passed"},
    {"type": "chat", "text": "good luck"},
    {"type": "error", "code": "illegal", "message": "not your decision"},
    {"type": "ping", "t": 1},
    {"type": "pong", "t": 1},
    {"type": "bye", "reason": "game over"},
]


@pytest.mark.parametrize("msg", SAMPLES, ids=[m["type"] for m in SAMPLES])
def test_every_message_type_round_trips_through_a_frame(msg):
    frame = encode_frame(msg)
    assert int.from_bytes(frame[:4], "big") == len(frame) - 4
    assert [validate(m) for m in FrameDecoder().feed(frame)] == [msg]


def test_frames_arrive_whole_however_the_bytes_are_split():
    stream = b"".join(encode_frame(m) for m in SAMPLES)
    d = FrameDecoder()
    got = []
    for i in range(len(stream)):
        got += d.feed(stream[i:i + 1])
    assert got == SAMPLES and d.pending_bytes == 0


def test_an_oversized_frame_is_refused_from_its_header_alone():
    with pytest.raises(FrameError, match="exceeds the 65536-byte limit"):
        FrameDecoder().feed((MAX_FRAME + 1).to_bytes(4, "big"))
    with pytest.raises(FrameError):
        encode_frame({"type": "chat", "text": "x" * (MAX_FRAME + 10)})


@pytest.mark.parametrize("payload,words", [
    (b"\xff\xfe", "not UTF-8"),
    (b"{not json", "not valid JSON"),
    (b"[1, 2]", "one JSON object"),
    (b'{"t": NaN}', "not valid JSON"),
    (b"[" * 5000 + b"]" * 5000, "not valid JSON"),  # a nesting bomb
])
def test_garbage_payloads_get_a_clear_frame_error(payload, words):
    with pytest.raises(FrameError, match=words):
        FrameDecoder().feed(len(payload).to_bytes(4, "big") + payload)


@pytest.mark.parametrize("msg,field,words", [
    ({"type": "teleport"}, "type", "unknown message type"),
    ({"type": "chat"}, "text", "missing"),
    ({"type": "chat", "text": "hi", "admin": True}, "admin", "not a field"),
    ({"type": "chat", "text": 5}, "text", "expected text"),
    ({"type": "chat", "text": "x" * 301}, "text", "at most 300"),
    ({"type": "command", "seq": -1, "prev": H, "command": {}}, "seq", "between 0"),
    ({"type": "command", "seq": True, "prev": H, "command": {}}, "seq", "whole number"),
    ({"type": "command", "seq": 1, "prev": "zz", "command": {}}, "prev", "hexadecimal"),
    ({"type": "command", "seq": 1, "prev": H, "command": []}, "command", "expected an object"),
    ({"type": "events", "seq": 1, "chain": H, "events": [{}] * 2001, "patch": [], "view_hash": H, "legal": []},
     "events", "at most 2000"),
    ({"type": "deck", "cards": ["SG1-001", 7], "name": ""}, "cards", "card ids"),
    ({"type": "record", "head": {}, "commands": [], "more": 1}, "more", "true or false"),
    (dict(SAMPLES[0], protocol=PROTOCOL_VERSION + 1), "protocol", "this app speaks protocol"),
])
def test_malformed_messages_name_the_field(msg, field, words):
    with pytest.raises(MessageError) as e:
        validate(msg)
    assert e.value.field == field and words in str(e.value)


# ---------------------------------------------------------------- hostile frames (hypothesis)

def _decode_all(data: bytes) -> None:
    """Decoding and validating may only ever refuse with FrameError or MessageError."""
    d = FrameDecoder()
    try:
        for msg in d.feed(data):
            try:
                validate(msg)
            except MessageError:
                pass
    except FrameError:
        pass


json_values = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
                           | st.text(max_size=20), lambda kids: st.lists(kids, max_size=4)
                           | st.dictionaries(st.text(max_size=8), kids, max_size=4), max_leaves=12)
mutated = st.builds(lambda base, key, value: {**base, key: value}, st.sampled_from(SAMPLES),
                    st.sampled_from(["type", "seq", "prev", "text", "command", "events", "protocol", "x", "cards"]),
                    json_values)


def _framed(obj) -> bytes:
    payload = json.dumps(obj).encode()
    return len(payload).to_bytes(4, "big") + payload


hostile = st.one_of(
    st.binary(max_size=64),  # garbage
    st.builds(lambda n, tail: n.to_bytes(4, "big") + tail, st.integers(0, 2**32 - 1), st.binary(max_size=32)),
    mutated.map(_framed),  # valid frames, wrong fields
    json_values.map(_framed),  # valid JSON that is not a message
)


@settings(max_examples=1000, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(hostile, min_size=1, max_size=5))
def test_structured_hostile_frames_are_refused_cleanly(frames):
    """Each frame alone, and all of them as one stream: only FrameError / MessageError, never a crash."""
    for frame in frames:
        _decode_all(frame)
    _decode_all(b"".join(frames))


FRAMES_PER_EXAMPLE = 1000
EXAMPLES = 100  # x FRAMES_PER_EXAMPLE = 100,000 hostile frames


def _random_value(r, depth=0):
    pick = r.randrange(9 if depth < 3 else 6)
    if pick == 0:
        return None
    if pick == 1:
        return r.random() < 0.5
    if pick == 2:
        return r.choice([0, -1, 1, 2**31, -(2**63), 10**30, r.randrange(-1000, 1000)])
    if pick == 3:
        return r.uniform(-1e9, 1e9)
    if pick == 4:
        return "".join(chr(r.randrange(0x20, 0x3000)) for _ in range(r.randrange(0, 12)))
    if pick == 5:
        return r.choice(["", "a" * 400, H, "zz" * 32, "end_main", "summon"])
    if pick == 6:
        return [_random_value(r, depth + 1) for _ in range(r.randrange(0, 4))]
    if pick == 7:
        return {str(_random_value(r, depth + 1))[:10]: _random_value(r, depth + 1) for _ in range(r.randrange(0, 4))}
    return dict(r.choice(SAMPLES))


def _random_frame(r) -> bytes:
    kind = r.randrange(7)
    if kind == 0:  # garbage
        return r.randbytes(r.randrange(0, 40))
    if kind == 1:  # a header promising anything, then garbage
        return r.randrange(0, 2**32).to_bytes(4, "big") + r.randbytes(r.randrange(0, 20))
    if kind == 2:  # a real message with one field replaced
        msg = dict(r.choice(SAMPLES))
        msg[r.choice(list(msg) + ["x", "type"])] = _random_value(r)
        return _framed(msg)
    if kind == 3:  # a real message with a field removed
        msg = dict(r.choice(SAMPLES))
        del msg[r.choice(list(msg))]
        return _framed(msg)
    if kind == 4:  # any JSON
        return _framed(_random_value(r))
    if kind == 5:  # a real frame cut short or with bytes flipped
        frame = bytearray(_framed(r.choice(SAMPLES)))
        for _ in range(r.randrange(1, 4)):
            frame[r.randrange(len(frame))] = r.randrange(256)
        return bytes(frame[: r.randrange(1, len(frame) + 1)])
    payload = r.randbytes(r.randrange(0, 30))  # a correct length over non-JSON bytes
    return len(payload).to_bytes(4, "big") + payload


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.integers(0, 2**64 - 1))
def test_the_decoder_survives_100000_hostile_frames(seed):
    """Hypothesis picks the seeds (a failure reports its seed); a plain Random builds the frames quickly."""
    r = random.Random(seed)
    frames = [_random_frame(r) for _ in range(FRAMES_PER_EXAMPLE)]
    for frame in frames:
        _decode_all(frame)
    _decode_all(b"".join(frames))


# ---------------------------------------------------------------- the deflate stream (StreamCodec)


def test_a_deflated_stream_round_trips_every_message_and_plain_hello_and_error_stay_readable():
    from bss_desktop.protocol import StreamCodec

    sender, receiver = StreamCodec(), StreamCodec()
    stream = b"".join(sender.pack(m) for m in SAMPLES * 3)
    assert [validate(m) for m in FrameDecoder(codec=receiver).feed(stream)] == SAMPLES * 3
    hello = SAMPLES[0]
    assert sender.pack(hello) == encode_frame(hello)  # a peer that cannot inflate still reads why it was refused


def test_a_game_of_batches_deflates_to_a_fraction_of_its_json():
    from bss_desktop.protocol import StreamCodec

    batch = {"type": "events", "seq": 1, "chain": H, "events": [{"kind": "cores_moved", "player": 0, "src": "reserve",
                                                                  "dst": 7, "count": 1, "soul": False}] * 5,
             "patch": [[["players", 0, "reserve"], 3]], "view_hash": H, "legal": []}
    codec = StreamCodec()
    plain = sum(len(encode_frame(dict(batch, seq=i))) for i in range(50))
    packed = sum(len(codec.pack(dict(batch, seq=i))) for i in range(50))
    assert packed * 3 < plain


def test_a_deflated_frame_that_inflates_beyond_the_limit_is_refused():
    import zlib

    from bss_desktop.protocol import StreamCodec

    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    bomb = b"\x00" + c.compress(b'{"type":"chat","text":"' + b"a" * (MAX_FRAME * 4) + b'"}') + c.flush(zlib.Z_SYNC_FLUSH)
    assert len(bomb) < MAX_FRAME
    with pytest.raises(FrameError, match="inflates beyond"):
        StreamCodec().unpack(bomb)


def test_corrupt_deflated_data_is_a_frame_error():
    from bss_desktop.protocol import StreamCodec

    with pytest.raises(FrameError, match="corrupt"):
        StreamCodec().unpack(b"\x00\xff\xff\xff\xff")


@settings(max_examples=3000, deadline=None)
@given(st.binary(max_size=200))
def test_random_deflated_payloads_are_refused_or_read_never_crash(data):
    from bss_desktop.protocol import StreamCodec

    try:
        validate(StreamCodec().unpack(b"\x00" + data))
    except (FrameError, MessageError):
        pass
