"""Headless LAN games, for tests and scripts: `bss-desktop host --headless` and `bss-desktop join --headless`.

Both sides play with a seeded computer player (`--policy`: random, or a level of bss_desktop/ai on the host's seat;
random or easy on the guest's, which has no engine to think with) and print, at the end, the
winner, the number of commands and `final hash: <hex>`; both must print the
same hash. The guest's hash comes from its own replay of the host's record
(the audit), not from anything the host claims.
"""
from __future__ import annotations

import asyncio
import json
import re
import sys
from pathlib import Path

from ..engine.commands import command_from_dict
from ..sim.policy import RandomPolicy
from .cards import fixed_consent
from .guest import GuestSession
from .host import HOST_SEAT, HostSession
from .link import serve


class _Legal:
    """What a policy needs from a game, built from the legal commands a guest was sent."""

    def __init__(self, legal: list[dict]):
        self._legal = legal

    def legal_commands(self):
        return [command_from_dict(d) for d in self._legal]


def random_guest(seed: int):
    """A guest's headless player. A decision depends on the seed and the batch only, so a decision
    made again after a reconnect is the same one."""
    return lambda s: RandomPolicy(seed * 1_000_003 + s.seq).choose(_Legal(s.legal)).to_dict()


GUEST_POLICIES = ("random", "easy")  # a guest has views and legal commands only: the levels that search need a Game


def easy_guest(seed: int, db):
    """The Easy level for a guest's seat: random legal play (as random_guest), but never a core move that takes the
    last LV1 cores off one of its own cards (CR 10-1-1-1) while another command is legal. It reads the guest's view
    (field cores, where the soul core is) and the card database's levels."""

    def decide(s):
        options = [command_from_dict(d) for d in s.legal]
        safe = [c for c in options if not destroys_own_card(c, s.view, s.seat, db)]
        return RandomPolicy(seed * 1_000_003 + s.seq).choose(_Options(safe or options)).to_dict()

    return decide


def guest_player(policy: str, seed: int, db):
    """The guest's headless player for `--policy`; ValueError for a level a guest cannot play (yet)."""
    if policy == "random":
        return random_guest(seed)
    if policy == "easy":
        return easy_guest(seed, db)
    raise ValueError(f"the {policy} level needs the host's seat for now (a guest has no engine to think with): "
                     f"use --policy {' or '.join(GUEST_POLICIES)} to join, or host with --policy {policy}")


class _Options:
    def __init__(self, options):
        self._options = list(options)

    def legal_commands(self):
        return list(self._options)


def destroys_own_card(cmd, view, seat: int, db) -> bool:
    """Whether a MoveCores leaves one of `seat`'s field cards with fewer cores than its LV1 needs (it would be
    destroyed by its owner's own action, CR 10-1-1-1), from what the view shows."""
    from ..engine.commands import MoveCores

    if not isinstance(cmd, MoveCores) or not view:
        return False
    me = view["players"][seat]
    soul = me.get("soul")
    have = {c["card"]: c["cores"] + (1 if soul == c["card"] else 0) for c in me.get("field", ())}
    cid = {c["card"]: c["cid"] for c in me.get("field", ())}
    left = dict(have)
    for m in cmd.moves:
        n = m.count + (1 if m.soul else 0)
        if m.src in left:
            left[m.src] -= n
        if m.dst in left:
            left[m.dst] += n
    for key, n in left.items():
        card = db.get(cid[key]) if hasattr(db, "get") else None
        if card is None or n >= have[key]:
            continue
        if n < card.lv1_cores:
            return True
    return False


def host_player(policy: str, seed: int):
    """The host seat's headless player for `--policy`: "random" (sim/policy.py) or a level (bss_desktop/ai)."""
    if policy == "random":
        return RandomPolicy(seed)
    from ..ai import make_player

    return make_player(policy, HOST_SEAT, seed)


async def play_host_seat(session: HostSession, policy) -> None:
    """Play the host's seat with `policy` until the game is over (the guest plays over the network). It thinks on a
    copy of the game in a worker thread, so the network keeps going meanwhile (a level may think for seconds)."""
    moved = asyncio.Event()
    previous = session.on_events

    def on_events(events):
        moved.set()
        if previous:
            previous(events)

    session.on_events = on_events
    await session.started.wait()
    game = session.game
    while not game.over:
        if game.pending.player == HOST_SEAT:
            before = game.state_hash()
            if hasattr(game, "clone"):
                cmd = await asyncio.to_thread(policy.choose, game.clone())
            else:
                cmd = policy.choose(game)
            if game.over or game.pending.player != HOST_SEAT or game.state_hash() != before:
                continue  # the game moved meanwhile (the guest conceded): think again, or stop
            session.apply(cmd)
            await asyncio.sleep(0)  # let the batch go out
        else:
            moved.clear()
            await moved.wait()


def _say(text: str) -> None:
    print(text, flush=True)


def _outcome(result, names) -> str:
    if result is None:
        return "winner: none (the game did not finish)"
    if result["winner"] is None:
        return f"winner: none, a draw ({result['reason']})"
    w = result["winner"]
    return f"winner: player {w + 1} ({names[w] or 'seat ' + str(w)}), {result['reason']}"


class ResumeError(Exception):
    """A host autosave that can't be resumed; the message names the file and the problem on one line."""


HOST_AUTOSAVE_FIELDS = ("record", "share", "guest_share", "name", "guest_name", "deck", "deck_name")
_HEX64 = re.compile(r"[0-9a-f]{64}\Z")
_HOST_AUTOSAVE_TYPES = (  # the fields the protocol sends on as they are: the shares, the names, the deck
    ("share", lambda v: isinstance(v, str) and bool(_HEX64.match(v)), "64 hexadecimal digits"),
    ("guest_share", lambda v: isinstance(v, str) and bool(_HEX64.match(v)), "64 hexadecimal digits"),
    ("name", lambda v: isinstance(v, str), "text"),
    ("guest_name", lambda v: isinstance(v, str), "text"),
    ("deck_name", lambda v: isinstance(v, str), "text"),
    ("deck", lambda v: isinstance(v, list) and all(isinstance(c, str) for c in v), "a list of card ids"),
    ("record", lambda v: isinstance(v, dict), "a game record (an object)"),
)


def restore_host(path, db, **kw) -> HostSession:
    """HostSession.restore, with a file that is missing, not JSON or not a host autosave as one ResumeError."""
    from ..carddb.errors import DeckListError
    from ..data_files import DataFileError, load_json_file
    from ..engine.commands import CommandFormatError
    from ..engine.errors import IllegalCommand, RecordError
    from ..engine.record import MAX_RECORD_FILE_BYTES, check_record

    path = Path(path)

    def bad(problem: str) -> ResumeError:
        return ResumeError(f"{path}: " + "; ".join(x.strip() for x in problem.splitlines() if x.strip()))

    try:  # a game record, the shares and the guest's cards: a record's bound
        data = load_json_file(path, limit=MAX_RECORD_FILE_BYTES, what="a host autosave")
    except DataFileError as e:
        raise bad(e.detail) from None
    except FileNotFoundError:
        raise bad("no such file") from None
    except OSError as e:
        raise bad(f"cannot read it ({e.strerror or e})") from None
    except UnicodeDecodeError:
        raise bad("not a text file") from None
    except json.JSONDecodeError as e:
        raise bad(f"not valid JSON (line {e.lineno} column {e.colno}: {e.msg})") from None
    if not isinstance(data, dict):
        raise bad(f"not a host autosave: expected a JSON object, got {type(data).__name__}")
    missing = [k for k in HOST_AUTOSAVE_FIELDS if k not in data]
    if missing:
        raise bad(f"not a host autosave: field {missing[0]!r} is missing")
    for key, ok, expected in _HOST_AUTOSAVE_TYPES:
        if not ok(data[key]):
            raise bad(f"not a host autosave: field {key!r} is malformed (expected {expected}, got "
                      f"{json.dumps(data[key])[:40]})")
    try:
        check_record(data["record"], source="field 'record'")
        return HostSession.restore(path, db, **kw)
    except (RecordError, IllegalCommand, CommandFormatError, DeckListError) as e:
        raise bad(f"can't be resumed: {e}") from None
    except (KeyError, TypeError, AttributeError, IndexError, ValueError) as e:  # a shape the checks missed
        raise bad(f"can't be resumed: not a host autosave this app can read ({type(e).__name__}: {e})") from None


async def host_game(db, deck, *, deck_name: str, name: str, port: int, bind: str, seed: int,
                    autosave=None, restore=None, timeout: float = 20.0, send_cards: bool = False,
                    accept_cards: bool = False, policy: str = "random") -> int:
    session = restore_host(restore, db, timeout=timeout) if restore else HostSession(
        db, deck, deck_name=deck_name, name=name, autosave=autosave, timeout=timeout)
    session.on_status = lambda text: print(f"[host] {text}", file=sys.stderr, flush=True)
    session.card_consent = fixed_consent(send_cards, accept_cards, session.on_status)
    server = await serve(session.handle, bind, port)
    _say(f"listening on port {server.sockets[0].getsockname()[1]}")
    try:
        await play_host_seat(session, host_player(policy, seed))
        game = session.game
        try:
            await asyncio.wait_for(session.finished.wait(), timeout * 3)
            for _ in range(int(timeout * 20)):  # the guest's audit verdict, if it sends one
                if session.audit_result is not None or session.link is None:
                    break
                await asyncio.sleep(0.05)
        except asyncio.TimeoutError:
            pass
    finally:
        server.close()
    rec = game.result
    _say(_outcome(None if rec is None else {"winner": rec.winner, "reason": rec.reason}, game.names))
    _say(f"commands: {len(game.history)}")
    if session.audit_result is not None:
        _say(f"guest audit: {'passed' if session.audit_result['ok'] else 'FAILED'}")
    _say(f"final hash: {game.state_hash()}")
    return 0


async def join_game(db, deck, *, deck_name: str, name: str, host: str, port: int, seed: int,
                    timeout: float = 20.0, reconnect_for: float = 30.0, deals=None, send_cards: bool = False,
                    accept_cards: bool = False, policy: str = "random") -> int:
    from ..paths import deals_file
    from .deals import abandoned_line

    session = GuestSession(db, deck, deck_name=deck_name, name=name, timeout=timeout,
                           reconnect_for=reconnect_for, deals=deals if deals is not None else deals_file())
    session.on_status = lambda text: print(f"[guest] {text}", file=sys.stderr, flush=True)
    session.card_consent = fixed_consent(send_cards, accept_cards, session.on_status)
    session.decide = guest_player(policy, seed, db)
    report = await session.run(host, port)
    if session.abandoned is not None:  # the deals this host broke off after seeing our share (seed grinding)
        _say(abandoned_line(session.abandoned))
    if report is None:
        _say(f"no result: {session.error or 'the game did not finish'}")
        return 1
    rec = session.record or {}
    names = [None, None]
    names[session.seat] = name
    names[1 - session.seat] = session.host_name
    _say(_outcome(rec.get("result"), names))
    _say(f"commands: {len(rec.get('commands', []))}")
    _say(report.line())
    if not report.ok:
        _say("final hash: unverified")
        return 2
    _say(f"final hash: {report.final_hash}")
    return 0


def parse_address(text: str) -> tuple[str, int]:
    """'HOST:PORT' or '[v6]:PORT' -> (host, port); ValueError saying what is wrong."""
    host, sep, port = text.rpartition(":")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"expected HOST:PORT (e.g. 192.168.1.20:47000), got {text!r}")
    return host.strip("[]"), int(port)
