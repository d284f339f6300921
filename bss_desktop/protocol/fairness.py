"""Fair shuffles without trusting the host: commitments, a seed from both sides, a hash chain, an audit.

1. Each side draws a random share and sends `commitment(share)` and a salted hash of
   its deck list; the guest reveals its share only after it holds the host's
   commitment, so neither side can pick its share knowing the other's.
2. The game's seed is `derive_seed(host share, guest share)`; the host keeps its
   share secret until the game ends (otherwise the guest could foresee shuffles).
3. Every command extends a hash chain (`chain_next`); each batch the guest receives
   carries the chain head, so the host is bound to the commands as it goes.
4. At the end the host reveals its share and the record. `audit` checks the share
   against the commitment, the seed, both decks, then replays the whole game and
   recomputes every batch the guest received: chain head, events and view.

What remains possible: the host's program can read its own memory (the guest's
hand and both decks' order). Nothing here can prevent that; the UI says so.
"""
from __future__ import annotations

import hashlib
import json
import secrets
from dataclasses import dataclass, field


def new_share() -> str:
    return secrets.token_hex(32)


def _h(*parts: str) -> str:
    return hashlib.sha256("\0".join(parts).encode("utf-8")).hexdigest()


def commitment(share: str) -> str:
    return _h("bss-share", share)


def deck_hash(cards: list[str], salt: str) -> str:
    """A deck list's hash, salted with the share so a known deck list cannot be recognised from it."""
    return _h("bss-deck", salt, json.dumps(list(cards), separators=(",", ":")))


def derive_seed(host_share: str, guest_share: str) -> int:
    return int(_h("bss-seed", host_share, guest_share)[:16], 16)


def chain_start(host_commitment: str, guest_share: str) -> str:
    return _h("bss-chain", host_commitment, guest_share)


def chain_next(prev: str, command: dict) -> str:
    return _h(prev, json.dumps(command, sort_keys=True, separators=(",", ":")))


@dataclass
class Received:
    """What the guest keeps of the game to audit it afterwards."""

    host_commitment: str = ""
    host_deck_hash: str = ""
    guest_share: str = ""
    guest_deck: list = field(default_factory=list)
    seat: int = 1
    batches: dict = field(default_factory=dict)  # seq -> (chain head, batch digest)


@dataclass
class AuditReport:
    ok: bool
    problems: list[str]
    commands: int = 0
    final_hash: str = ""

    def line(self) -> str:
        if self.ok:
            return f"audit passed: {self.commands} commands replayed, every batch matches; final hash {self.final_hash}"
        return "AUDIT FAILED: " + "; ".join(self.problems)


def audit(received: Received, host_share: str, record: dict, db) -> AuditReport:
    """Replay the host's record and check it against everything the guest was sent."""
    from ..engine.commands import CommandFormatError, command_from_dict
    from ..engine.errors import IllegalCommand, RecordError
    from ..engine.record import check_record, start_game
    from .stream import SeatStream, batch_digest

    problems: list[str] = []
    if not isinstance(host_share, str) or commitment(host_share) != received.host_commitment:
        return AuditReport(False, ["the host's revealed share does not match its commitment"])
    try:
        check_record(record, source="the host's record")
    except RecordError as e:
        return AuditReport(False, [str(e)])
    start = record["start"]
    seed = derive_seed(host_share, received.guest_share)
    if start.get("seed") != seed:
        return AuditReport(False, [f"the record's seed {start.get('seed')!r} is not the one both shares give ({seed})"])
    decks = start.get("decks")
    if not (isinstance(decks, list) and len(decks) == 2):
        return AuditReport(False, ["the record has no two deck lists"])
    host_seat = 1 - received.seat
    if list(decks[received.seat]) != list(received.guest_deck):
        problems.append("the record's copy of your deck is not the deck you sent")
    if deck_hash(decks[host_seat], host_share) != received.host_deck_hash:
        problems.append("the host's deck is not the one it committed to")
    if problems:
        return AuditReport(False, problems)
    try:
        game = start_game(record, db, record_hashes=False)
    except RecordError as e:
        return AuditReport(False, [f"the record cannot start a game: {e}"])
    stream = SeatStream(game, received.seat)
    chain = chain_start(received.host_commitment, received.guest_share)

    def check(seq: int, events) -> bool:
        msg = stream.batch(game, events, seq, chain)
        got = received.batches.get(seq)
        if got is None:
            return True  # a batch the guest never received (it cannot have acted on it)
        if got[0] != chain:
            problems.append(f"command {seq}: the record's commands differ from the ones the host announced")
            return False
        if got[1] != batch_digest(msg["events"], msg["view_hash"]):
            problems.append(f"command {seq}: what you were shown differs from a replay of the record")
            return False
        return True

    if not check(0, game.log_events):
        return AuditReport(False, problems)
    commands = record["commands"]
    for seq, cd in enumerate(commands, start=1):
        try:
            events = game.apply(command_from_dict(cd))
        except (CommandFormatError, IllegalCommand) as e:
            return AuditReport(False, [f"command {seq} of the record is not legal in the replay: {e}"], seq - 1)
        chain = chain_next(chain, cd)
        if not check(seq, events):
            return AuditReport(False, problems, seq)
    last = max(received.batches, default=0)
    if last > len(commands):
        return AuditReport(False, [f"the record stops at command {len(commands)}, you were shown {last}"],
                           len(commands))
    return AuditReport(True, [], len(commands), game.state_hash())
