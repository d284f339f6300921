"""The LAN protocol: frames, message schemas (and, with the LAN work, redaction and fairness). No Qt here."""
from .framing import MAX_FRAME, FrameDecoder, FrameError, StreamCodec, decode_payload, encode_frame
from .messages import PROTOCOL_VERSION, SCHEMAS, MessageError, validate

__all__ = ["MAX_FRAME", "PROTOCOL_VERSION", "SCHEMAS", "FrameDecoder", "FrameError", "MessageError", "StreamCodec",
           "decode_payload", "encode_frame", "validate"]
