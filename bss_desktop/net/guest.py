"""The guest's side of a LAN game: send commands, rebuild the view from the host's batches, audit at the end.

    session = GuestSession(db, deck, name="Mio")
    await session.run("127.0.0.1", port)     # returns when the game is over and audited

The guest never holds the host's secrets: it sees its own view (cards named by
alias), its legal commands when it must decide, and a hash of that view with
every batch, which it checks at once. If the connection drops it reconnects
and resumes from the last batch it holds. At the end it replays the host's
record and checks every batch it was sent (protocol/fairness.py).
"""
from __future__ import annotations

import asyncio
import copy
import json
import logging
import time
from pathlib import Path

from ..engine.settings import Ruleset
from ..protocol import fairness
from ..protocol.messages import (MAX_RECORD_BYTES, MAX_RECORD_COMMANDS, MAX_RECORD_PARTS, MessageError, check_view,
                                 one_line, parse_commands)
from ..protocol.redaction import view_hash
from ..protocol.stream import PatchError, apply_patch, batch_digest
from . import cards as card_exchange
from . import handshake
from .link import Link, LinkClosed, PeerError, connect
from .battles import Claims

log = logging.getLogger(__name__)

HOST_SENDS = {"events", "refused", "chat", "ping", "pong", "reveal", "record", "welcome", "error", "bye", "undo",
              "undo_answer", "rewind", "ask", "consent", "random", "end", "claim", "claim_answer"}
AFTER_THE_RECORD = {"chat", "ping", "pong", "error", "bye"}  # what the host may still say while the guest audits
FINAL_CODES = {"mismatch", "deck", "busy", "fairness", "handshake", "resume", "cards", "profile"}  # refusals not worth retrying
KEEP_LINES = 500  # the autosave keeps the last lines of the guest's game log and chat, each line at most...
LINE_CHARS = 1000  # ...this long, to show them again after a rejoin
END_WAIT = 15.0  # seconds a closed LAN sandbox waits for the host's record to audit it


def clip_lines(lines) -> list[str]:
    """The last KEEP_LINES lines, each cut to LINE_CHARS (what the autosave keeps of a log or a chat)."""
    return [line[:LINE_CHARS] for line in list(lines)[-KEEP_LINES:]]


class SessionEnded(Exception):
    """The session ended without a finished game; the message says why."""


class GuestSession(Claims):
    def __init__(self, db, deck: list[str], *, deck_name: str = "", name: str = "Guest",
                 settings: Ruleset | None = None, timeout: float = 20.0, keepalive: float = 5.0,
                 reconnect_for: float = 30.0, handshake_timeout: float = 10.0, share: str | None = None,
                 autosave=None, deals=None, card_consent=None, consent_timeout: float = 300.0, profile=None,
                 audit_seconds: float | None = None, match=None, side=None, first: int | None = None):
        self.profile = profile  # the game on the table (table/profile.py); None: Battle Spirits Saga
        self.base_db = db  # this player's own cards (shipped and imported): never changed here
        # the game's: a copy, to which the host's definitions are added once this player agrees (net/cards.py);
        # the board reads it (client/windows/lan.py gives it to RemoteSession), so it is made once and added to in place
        self.db = db.copy() if hasattr(db, "copy") else db
        self.host_cards: list = []  # the host's definitions used for this game (kept in the autosave)
        # (kind, [(id, name)], peer) -> bool, or awaitable: the player's consent to use ("receive") or send
        # ("send") card definitions when the two card databases differ; None declines
        self.card_consent = card_consent
        self.consent_timeout = consent_timeout  # how long the host's player may take to answer its questions
        self.deck = list(deck)
        self.deck_name = deck_name
        self.name = name
        self.settings = settings or Ruleset()
        self.timeout = timeout
        self.keepalive = keepalive
        self.reconnect_for = reconnect_for
        self.handshake_timeout = handshake_timeout
        self.share = share or fairness.new_share()  # given only by tests that replay a game exactly
        self.received = fairness.Received(guest_share=self.share, guest_deck=list(deck),
                                          settings=self.settings.to_dict(),
                                          game="bss" if profile is None else profile.id)
        # handshakes hosts broke off after seeing our share (seed grinding), remembered per host (net/deals.py)
        self.deals = deals
        self.abandoned: int | None = None  # how many this host abandoned before this game (known once welcomed)
        self.seat: int | None = None
        self.host_name = ""
        self.view: dict | None = None
        self.legal: list[dict] = []
        self.seq = -1
        self.chain = ""
        self.host_share: str | None = None
        self.record: dict | None = None
        self.report: fairness.AuditReport | None = None
        self.link: Link | None = None
        self.sent = 0  # commands sent so far: each carries its own number (the host refuses replays and skips)
        self.in_flight: int | None = None  # number of a command sent and not yet answered
        self.resuming = False
        self.finished = asyncio.Event()
        self.error: str | None = None
        # listeners
        self.decide = None  # (session) -> command dict or None: a headless player
        self.on_batch = None  # (message, view)
        self.on_refused = None  # (rule, message)
        self.on_chat = None  # (name, text)
        self.on_status = None  # (text)
        self.on_left = None  # (reason) the host left the game: its 'bye' (a lost connection is not leaving)
        self.on_undo_request = None  # (seq) the host asks to undo command seq: call answer_undo(accept)
        self.on_rewind = None  # (view) an agreed undo took the game back
        self.on_resumed = None  # () back in the game after a reconnect: every missed batch has arrived
        self.undo_asked: int | None = None  # seq of an undo request from the host, awaiting our answer
        self.undo_mine: int | None = None  # seq of the undo we asked for, until the host answers
        self.undo_agreed: int | None = None  # seq of the undo both sides agreed to: the only rewind we accept
        # design ruling 12: the host asks this player to make a move on this player's own things
        self.on_move_request = None  # (command dict, in our aliases) call answer_ask(accept)
        self.asked: tuple | None = None  # (the host's id for it, the command) awaiting this player's answer
        # what the window shows, kept in the autosave so that a rejoin shows it again: the window sets
        # `transcript` to () -> (game log lines, chat lines); kept_log / kept_chat hold the last kept (or restored)
        self.transcript = None
        self.kept_log: list[str] = []
        self.kept_chat: list[str] = []
        self.restore_problems: list[str] = []  # parts of the autosave that could not be restored (the log, the chat)
        # a battle of a match (net/match.py): the match as this side keeps it, and who goes first as this player
        # chose it when it lost the last battle; our side section (a side deck, Eternal's token cards: sent and
        # committed with the deck; None when the game has none, net/handshake.py takes_side)
        self.match, self.first = match, first
        self.side = list(side or ()) if match or handshake.takes_side(profile) else None
        self.received.guest_side = self.side
        self._hello = handshake.hello(db, self.settings, name, profile)
        if match is not None:
            self._hello["battle"] = match.battle
        self._parts: list[dict] = []  # the record's parts so far (held to MAX_RECORD_PARTS, _COMMANDS, _BYTES)
        self._record_size = [0, 0]  # its commands and their bytes so far
        self._legal_parsed: tuple = (None, [])  # (the legal list, its commands parsed): see legal_commands
        self._view_checked = False  # self.view has passed check_view (an empty patch leaves it as it was)
        self.autosave = Path(autosave) if autosave else None  # what it takes to rejoin after this app restarts
        self.address: tuple[str, int] | None = None
        self.audit_seconds = audit_seconds  # the audit's time bound; None: by the record's length (audit_runner)
        self._auditing: asyncio.Future | None = None  # the audit running in its worker thread

    # ------------------------------------------------------------------ running

    async def run(self, host: str, port: int) -> fairness.AuditReport | None:
        """Play until the game ends and is audited; reconnects when the connection drops mid-game."""
        self.address = (host, port)
        first = self.seat is None  # a session restored from its autosave rejoins at once
        while not self.finished.is_set():
            try:
                link = await self._connect(host, port, first)
            except SessionEnded as e:
                self.error = str(e)
                break
            first = False
            try:
                await self._session(link)
            except PeerError as e:
                await link.refuse(e.code, e.message)
                self.error = f"the host broke the protocol: {e.message}"
                break
            except LinkClosed as e:
                if self.seat is None:
                    self.error = f"the connection closed during the handshake: {e}"
                    break
                self._status(f"connection lost ({e}); reconnecting")
            except SessionEnded as e:
                self.error = str(e)
                break
            finally:
                await link.aclose()  # at once, whatever ended it: no socket is left for the garbage collector
        if self.error:
            self._status(self.error)
        self.finished.set()
        return self.report

    async def _connect(self, host: str, port: int, first: bool) -> Link:
        deadline = time.monotonic() + (0 if first else self.reconnect_for)
        while True:
            try:
                return await connect(host, port, timeout=self.handshake_timeout)
            except (OSError, asyncio.TimeoutError) as e:
                if time.monotonic() >= deadline:
                    raise SessionEnded(f"cannot reach {host}:{port}: {e}") from None
                await asyncio.sleep(0.2)

    async def play_over(self, link: Link) -> None:
        """Run a session over an existing link (in-process games and tests)."""
        try:
            await self._session(link)
        except PeerError as e:
            await link.refuse(e.code, e.message)
            self.error = f"the host broke the protocol: {e.message}"
        except (LinkClosed, SessionEnded) as e:
            self.error = str(e)
        finally:
            link.close()
            self.finished.set()
            await link.aclose()

    async def _session(self, link: Link) -> None:
        self.link = link
        await link.send(self._hello)
        # (between a match's battles the host's player may still be making its swaps: it answers when ready)
        theirs = await self._expect(link, "hello", self.consent_timeout if self.match is not None else None)
        why = handshake.mismatch(self._hello, theirs, "the host")
        if why:
            await link.refuse("mismatch", handshake.mismatch(theirs, self._hello, "the guest"))  # worded for the host
            raise SessionEnded(why)
        if self.seat is None and theirs.get("battle") != self._hello.get("battle"):
            from .battles import battle_mismatch

            raise PeerError("match", battle_mismatch(self.match, theirs.get("battle")))
        self.host_name = theirs["name"]
        exchange = handshake.cards_differ(self._hello, theirs)
        if self.seat is None:
            chooser = self.match.chooser() if self.match is not None else None
            if chooser == 0:  # the host lost the last battle: its choice comes before its commitment
                first = await self._expect(link, "first")
                if first["battle"] != self.match.battle:
                    raise PeerError("match", f"'first' message: field 'battle': this is battle {self.match.battle}")
                self.first = self.received.first_player = first["first"]
            commit = await self._expect(link, "commit")
            self.received.host_commitment = commit["share_hash"]
            self.received.host_deck_hash = commit["deck_hash"]
            if chooser == 1:  # we lost it: our choice, before either share is revealed
                self.received.first_player = self.first
                await link.send({"type": "first", "battle": self.match.battle, "first": self.first})
            await link.send({"type": "commit", "share_hash": fairness.commitment(self.share),
                             "deck_hash": fairness.deck_hash(self.deck, self.share, self.side)})
            deck = {"type": "deck", "cards": self.deck, "name": self.deck_name[:60]}
            await link.send(deck if self.side is None else {**deck, "side": self.side})
            if exchange:  # the card databases differ: the cards both decks use (both decks are committed now)
                try:
                    await self._exchange_cards(link)
                except card_exchange.CardExchangeError as e:
                    raise PeerError(e.code, e.message) from None
            book, host_key = self._deal_book(), self._host_key(link)
            if book is not None:  # counted as abandoned until the host welcomes us (a crash here counts too)
                book.begin(host_key, self.host_name)
            await link.send({"type": "reveal", "share": self.share})  # safe now: the host is committed
            welcome = await self._expect(link, "welcome")
            if book is not None:
                self.abandoned = book.completed(host_key)
                if self.abandoned:
                    from .deals import abandoned_line

                    self._status(abandoned_line(self.abandoned))
            self.seat = self.received.seat = welcome["seat"]
            self.sent = welcome["next"] - 1
            self._save()
        else:
            self.resuming = True
            self.in_flight = None
            await link.send({"type": "resume", "game": self.received.host_commitment, "seq": self.seq})
        pinger = asyncio.ensure_future(self._ping(link))
        try:
            while not self.finished.is_set():
                msg = await link.recv(self.timeout)
                if await self._handle(link, msg):
                    return
        except LinkClosed:
            if self._auditing is not None and not self._auditing.done():
                await self._auditing  # the record is here: the audit needs nothing more from the host
                return
            if self.finished.is_set():
                return  # this side ended it: the audit is done, or the player closed the game
            raise
        finally:
            pinger.cancel()
        if self._auditing is not None:
            await self._auditing

    async def _exchange_cards(self, link: Link) -> None:
        """The card definitions the two decks need (net/cards.py): our digests, the host's definitions and the
        ids it needs, both questions to this player, ours if agreed, then the host's account of the exchange."""
        host = one_line(self.host_name)[:40] or "the host"
        for part in card_exchange.have_parts(self.base_db):
            await link.send(part)
        offer = card_exchange.OfferReader(self.base_db, "the host")
        while not offer.add(await self._expect(link, "cards", self.consent_timeout)):  # the host's player may be
            pass  # deciding whether to send its definitions
        new = offer.cards
        deck = set(self.deck)
        bad = [c for c in offer.want if c not in deck or c not in self.base_db]
        if bad:
            raise PeerError("cards", f"the host asks for the definitions of cards your deck does not use: "
                                     f"{', '.join(one_line(c)[:40] for c in bad)[:300]}")
        mine = [self.base_db[c] for c in offer.want]
        if new:
            named = card_exchange.listed(card_exchange.pairs(new))
            if not await card_exchange.ask(self.card_consent, "receive", new, host):
                await link.refuse("cards", f"the guest declined to use the definitions of {len(new)} card(s) your "
                                           f"deck uses that its card database lacks: {named}")
                raise SessionEnded(f"you declined the definitions of {len(new)} card(s) the host's deck uses that "
                                   f"your card database lacks: {named}")
        if mine:
            named = card_exchange.listed(card_exchange.pairs(mine))
            if not await card_exchange.ask(self.card_consent, "send", mine, host):
                await link.refuse("cards", f"the guest declined to send the definitions of {len(mine)} card(s) its "
                                           f"deck uses that your card database lacks: {named}")
                raise SessionEnded(f"you declined to send the definitions of {len(mine)} card(s) your deck uses "
                                   f"that the host's card database lacks: {named}")
            for part in card_exchange.offer_parts(mine, []):
                await link.send(part)
        ok = await self._expect(link, "cards_ok", self.consent_timeout)  # the host's player may be deciding
        if ok["digest"] != card_exchange.exchanged_digest(new + mine):
            raise PeerError("cards", "the host's account of the card definitions exchanged differs from this "
                                     "side's: the two engines would not play the same cards")
        for card in new:
            self.db.add(card)  # checked: none of these ids (nor their tokens') is in our database
        self.host_cards = new
        self.received.host_cards_hash = ok["deck_cards"]
        if new:
            self._status(f"using {host}'s definitions of {len(new)} card(s) for this game")

    async def _expect(self, link: Link, kind: str, timeout: float | None = None) -> dict:
        msg = await link.recv(timeout or self.handshake_timeout)
        if msg["type"] == "error":
            raise SessionEnded(f"the host refused: {msg['message']}")
        if msg["type"] != kind:
            raise PeerError("handshake", f"expected '{kind}' during the handshake, got '{msg['type']}'")
        return msg

    def _deal_book(self):
        """Where handshakes abandoned after our share was revealed are counted (None: not counted). A deck that
        breaks the deck rules is refused by any honest host, so such a handshake is not counted."""
        if self.deals is None:
            return None
        from ..carddb.deck_rules import DECK_RULES
        from ..carddb.decks import validate_deck
        from .deals import DealBook

        if validate_deck(self.deck, self.db, DECK_RULES[self.received.game]):
            return None
        return self.deals if isinstance(self.deals, DealBook) else DealBook(self.deals)

    def _host_key(self, link: Link) -> str:
        """How this guest recognises a host from one game to the next: the IP address it answers on (not the port,
        nor the name, which a host changes at will). An in-process link has none."""
        get = getattr(link.writer, "get_extra_info", None)
        try:
            peer = get("peername") if get is not None else None
        except (OSError, RuntimeError, TypeError):
            peer = None
        if isinstance(peer, tuple) and peer and isinstance(peer[0], str):
            return peer[0]
        return self.address[0] if self.address else "in-process"

    async def _ping(self, link: Link) -> None:
        try:
            while True:
                await asyncio.sleep(self.keepalive)
                await link.send({"type": "ping", "t": int(time.monotonic() * 1000)})
        except LinkClosed:
            pass

    # ------------------------------------------------------------------ messages from the host

    async def _handle(self, link: Link, msg: dict) -> bool:
        """Act on one message; True when the session is over."""
        kind = msg["type"]
        if kind not in HOST_SENDS:
            raise PeerError("unexpected", f"a host does not send '{kind}' messages during the game")
        if self._auditing is not None and kind not in AFTER_THE_RECORD:
            return False  # the game is over: the audit judges the record; what the host sends of the game after it
            #               changes nothing (an honest host sends nothing more)
        if kind == "events":
            self._batch(msg)
        elif kind == "welcome":  # after a resume: every missing batch has been sent again
            self.resuming = False
            self.sent = msg["next"] - 1  # a command lost with the connection was never received
            for n in [n for n in self.received.sent if n > self.sent]:
                del self.received.sent[n]  # its number will be used again
                self.received.dropped.discard(n)
            if self.in_flight is not None and self.in_flight > self.sent:
                self.in_flight = None  # made while resuming and never sent: the decision is open again
            self._status(f"reconnected to {self.host_name}")
            if self.on_resumed:
                self.on_resumed()
            self._maybe_decide()
        elif kind == "refused":
            if msg["seq"] == self.in_flight:
                self.in_flight = None
            if msg["seq"] in self.received.sent:
                self.received.dropped.add(msg["seq"])  # not in the game: the audit expects it nowhere
            self._status(f"refused ({msg['rule']}): {msg['message']}")
            if self.on_refused:
                self.on_refused(msg["rule"], msg["message"])
        elif kind == "chat":
            if self.on_chat:
                self.on_chat(self.host_name, msg["text"])
                self._save()  # the chat is kept with the game
        elif kind == "ping":
            await link.send({"type": "pong", "t": msg["t"]})
        elif kind == "reveal":
            self.host_share = msg["share"]
            self._parts, self._record_size = [], [0, 0]  # the record follows, whole (again, after a resume)
        elif kind == "record":
            return await self._record_part(link, msg)
        elif kind == "error":
            if msg["code"] in FINAL_CODES:
                raise SessionEnded(f"the host refused: {msg['message']}")
            raise LinkClosed(f"the host closed the connection: {msg['message']}")
        elif kind == "bye":
            if self.on_left:
                self.on_left(msg["reason"])
            if self._auditing is not None:  # the record is here: the audit goes on without the host
                self._status(f"the host left: {msg['reason']}")
                return False
            raise SessionEnded(f"the host left: {msg['reason']}")
        elif kind == "end":
            if not self.settings.sandbox:
                raise PeerError("unexpected", "the host tried to end a game without a result: a game ends by its "
                                              "rules or a concession (CR 1-2-4); only a sandbox ends as a window closes")
            self.received.ended = True  # the record that follows is audited as it stands
            self._status(f"the sandbox has ended: {msg['reason']}")
        elif kind == "undo":
            self.undo_asked = msg["seq"]
            if self.on_undo_request is None:
                self.answer_undo(False)
            else:
                self.on_undo_request(msg["seq"])
        elif kind == "undo_answer":
            if msg["accept"] and msg["seq"] == self.undo_mine:
                self.undo_agreed = msg["seq"]
            self.undo_mine = None
            self._status(f"the host {'agreed to' if msg['accept'] else 'declined'} your undo")
        elif kind == "rewind":
            self._rewind(msg)
        elif kind == "ask":
            self._host_asks(msg)
        elif kind == "random":
            await self._host_random(link, msg)
        elif kind == "consent":
            self._status(f"{self.host_name} {'made the move you asked for' if msg['accept'] else 'refused your request'}")
        elif kind in ("claim", "claim_answer"):  # a match's battle claimed (net/match.py)
            self._claim_msg(msg, self.host_name)
        return False

    # ------------------------------------------------------------------ a match's claims (net/match.py Claims)

    def _send_match(self, msg: dict) -> None:
        if self.link is not None and not self.link.closed:
            asyncio.ensure_future(self._send_quietly(self.link, msg))

    def _concede(self) -> None:
        self.send_command({"type": "concede", "player": self.seat})

    def game_over(self) -> bool:
        return self.seat is None or self.record is not None or self._auditing is not None or self.finished.is_set()

    def _host_asks(self, msg: dict) -> None:
        """The host's player asks this player to make a move on this player's things (design ruling 12); the
        command is checked like a legal command before anything shows it."""
        try:
            (cmd,) = parse_commands([msg["command"]], "command")
        except MessageError as e:
            raise PeerError("message", f"'ask' message: {e}") from None
        if cmd.player != self.seat:
            raise PeerError("message", "'ask' message: field 'command.player': a request is for a move in your name")
        if self.asked is not None or self.on_move_request is None:  # one at a time; a headless player says no
            self._answer(msg["id"], False)
            return
        self.asked = (msg["id"], msg["command"])
        self.on_move_request(msg["command"])

    async def _host_random(self, link: Link, msg: dict) -> None:
        """The host makes a random move (design ruling 13): it names the command, and only then gets a fresh share
        of ours, which the audit finds in the record (mixed with the host's share for request `id`) exactly once."""
        from ..protocol.messages import MAX_GAME_COMMANDS

        command = msg["command"]
        try:
            (cmd,) = parse_commands([command], "command")
        except MessageError as e:
            raise PeerError("message", f"'random' message: {e}") from None
        if cmd.player == self.seat or not fairness.is_random(command) or command.get("mix"):
            raise PeerError("message", "'random' message: field 'command': expected a random move of the host's "
                                       "(a die, a coin, a random card, a shuffle), without shares")
        if len(self.received.random_given) >= MAX_GAME_COMMANDS:
            raise PeerError("too_large", f"'random' message: more than {MAX_GAME_COMMANDS:,} random results asked "
                                         f"in one game (the limit)")
        given = self.received.random_given
        share = next((s for s, (n, c) in given.items() if n == msg["id"] and c == command), None)
        if share is None:  # (the same request again, after a reconnect, gets the same share: nothing to re-roll)
            share = fairness.new_share()
            given[share] = (msg["id"], command)
            self._save()  # kept before it leaves: the audit holds the host to it even after a restart
        await link.send({"type": "random_share", "id": msg["id"], "share": share})

    def answer_ask(self, accept: bool) -> None:
        """This player's answer to the host's request: if it agrees, it sends the move as its own command."""
        asked, self.asked = self.asked, None
        if asked is None:
            return
        self._answer(asked[0], accept)
        if accept:
            self.send_command(asked[1])

    def _answer(self, ident: int, accept: bool) -> None:
        if self.link is not None and not self.link.closed:
            asyncio.ensure_future(self._send_quietly(self.link, {"type": "consent", "id": ident, "accept": accept}))

    def _rewind(self, msg: dict) -> None:
        """An agreed undo: the view goes back to the one after command `seq`, checked against the host's hash.
        Only in the sandbox, and only the undo this side agreed to (or asked for and the host accepted)."""
        if not self.settings.sandbox:
            raise PeerError("rewind", "the host tried to take back a command in a game, where commands are final "
                                      "(undo exists only in the sandbox, by agreement)")
        agreed, self.undo_agreed = self.undo_agreed, None
        if agreed is None or msg["seq"] != agreed - 1:
            raise PeerError("rewind", f"the host took the game back to command {msg['seq']} without your agreement")
        if msg["seq"] > self.seq:
            raise PeerError("desync", f"a rewind to command {msg['seq']} is ahead of this game ({self.seq})")
        undone = msg["undone"]
        if undone and (undone not in self.received.sent or undone in self.received.dropped):
            raise PeerError("rewind", f"the host says the undo took back your command #{undone}, which is not "
                                      f"one of yours in the game")
        view = self._patched(msg, "rewind")
        for seq in [s for s in self.received.batches if s > msg["seq"]]:
            del self.received.batches[seq]  # those commands are no longer part of the game
        if undone:
            self.received.dropped.add(undone)  # the audit no longer expects it in the record
        else:
            self.received.host_undone += 1  # the host's command was taken back (a random result of its, maybe)
        self.view, self.seq, self.chain, self.legal = view, msg["seq"], msg["chain"], msg["legal"]
        self.in_flight = None
        try:
            self._status(f"undone: back to command {msg['seq']}")
            if self.on_rewind:
                self.on_rewind(view)
        finally:
            self._save()  # once the window shows the rewind, so that its log is kept with it
        self._maybe_decide()

    def request_undo(self) -> None:
        """Ask the host to undo the last command (a sandbox only); its answer arrives as a status."""
        if self.link is not None and not self.link.closed:
            self.undo_mine = self.seq
            asyncio.ensure_future(self._send_quietly(self.link, {"type": "undo", "seq": self.seq}))

    def answer_undo(self, accept: bool) -> None:
        seq, self.undo_asked = self.undo_asked, None
        if accept and seq is not None:
            self.undo_agreed = seq
        if seq is not None and self.link is not None and not self.link.closed:
            asyncio.ensure_future(self._send_quietly(self.link, {"type": "undo_answer", "seq": seq,
                                                                  "accept": accept}))

    def _batch(self, msg: dict) -> None:
        if msg["seq"] != self.seq + 1:
            raise PeerError("desync", f"expected batch {self.seq + 1}, the host sent {msg['seq']}")
        view = self._patched(msg, f"batch {msg['seq']}")
        if msg["seq"] == 0:
            self._check_opening(view)
        self.view, self.seq, self.chain, self.legal = view, msg["seq"], msg["chain"], msg["legal"]
        self.received.batches[msg["seq"]] = (msg["chain"], batch_digest(msg["events"], msg["view_hash"], msg["legal"]))
        self.in_flight = None  # the game moved: whatever was on its way was applied or overtaken
        try:
            if self.on_batch:
                self.on_batch(msg, view)
        except PeerError:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as e:  # checked, yet unusable: end
            log.exception("guest: the board could not use batch %s", msg["seq"])  # the game, saying why
            raise PeerError("message", f"'events' message (batch {msg['seq']}): the board could not use it "
                                       f"({type(e).__name__}: {e})") from None
        finally:
            self._save()  # after the window has logged the batch: the autosave keeps its log up to here
        if not self.resuming:
            self._maybe_decide()

    def _check_opening(self, view: dict) -> None:
        """Before the first move: the game the host deals is the one this side's profile gives, not just the one
        whose digest the host claimed (protocol/fairness.py opening_problems); else refused, saying what differs."""
        r = self.received
        problems = fairness.opening_problems(view, self.seat, self.deck, self.db, r.settings, r.game, r.guest_side)
        if problems:
            raise PeerError("profile", f"the host plays another game than the one it claims (its profile's digest "
                                       f"matched yours): " + "; ".join(problems)[:400])

    def _patched(self, msg: dict, what: str) -> dict:
        """Our view with the host's patch applied, if it hashes to what the host says; else the host is refused.
        The view and the legal commands are checked against their schemas before anything uses them."""
        try:
            view = apply_patch(self.view, msg["patch"])
        except PatchError as e:
            raise PeerError("desync", f"{what}: {e}") from None
        if not isinstance(view, dict) or view_hash(view) != msg["view_hash"]:
            raise PeerError("desync", f"{what}: the view does not match the host's hash")
        try:
            if msg["patch"] or not self._view_checked:
                self._view_checked = False
                check_view(view)
            self._legal_parsed = (msg["legal"], parse_commands(msg["legal"]))
        except MessageError as e:
            raise PeerError("message", f"'{msg['type']}' message ({what}): {e}") from None
        self._view_checked = True
        return view

    @property
    def legal_commands(self) -> list:
        """The legal commands (parsed, as checked when they arrived): what a board or a headless player offers."""
        src, parsed = self._legal_parsed
        if src is not self.legal:
            try:
                parsed = parse_commands(self.legal)
            except MessageError as e:  # a damaged autosave's list: nothing to offer until the next batch
                log.warning("guest: the legal commands kept are malformed: %s", e)
                parsed = []
            self._legal_parsed = (self.legal, parsed)
        return parsed

    async def _record_part(self, link: Link, msg: dict) -> bool:
        size = self._record_size
        size[0] += len(msg["commands"])
        size[1] += len(json.dumps(msg["commands"], separators=(",", ":"), ensure_ascii=False).encode("utf-8"))
        for n, limit, what in ((len(self._parts) + 1, MAX_RECORD_PARTS, "parts"),
                               (size[0], MAX_RECORD_COMMANDS, "commands"), (size[1], MAX_RECORD_BYTES, "bytes")):
            if n > limit:
                self._parts, self._record_size = [], [0, 0]  # let go of what came of it
                raise PeerError("too_large", f"'record' message: the host's record runs past {limit:,} {what} "
                                             f"(the limit; the longest game this app plays needs less)")
        if not self._parts and not msg["head"]:
            raise PeerError("message", "'record' message: field 'head': the first part of the record has no head")
        self._parts.append(msg)
        if msg["more"]:
            return False
        record = dict(self._parts[0]["head"])
        record["commands"] = [c for part in self._parts for c in part["commands"]]
        self._parts = []
        self.record = record
        if self._auditing is None:  # (a second record while auditing the first is ignored: it changes nothing)
            self._auditing = asyncio.ensure_future(self._audit(link, record, copy.deepcopy(self.received)))
        return False  # the session goes on meanwhile: pings, chat, closing

    async def _audit(self, link: Link, record: dict, received: fairness.Received) -> None:
        """Audit the record in a worker thread, bounded in time (net/audit_runner.py), against what this side had
        received when the record was complete (`received`, a copy: the game is over, nothing after it counts); say
        the verdict, tell the host, and end the session."""
        from .audit_runner import audit_off_loop, audit_seconds

        seconds = self.audit_seconds if self.audit_seconds is not None else audit_seconds(record)
        self._status("the game is over: auditing the host's record…")
        self.report = await audit_off_loop(received, self.host_share or "", record, self.db, seconds=seconds)
        self._save(finished=True)
        self._status(self.report.line())
        try:
            await link.send({"type": "audit", "ok": self.report.ok, "message": self.report.line()[:500]})
        except LinkClosed:
            pass
        self.finished.set()
        link.close()  # wakes the session's wait for the next message: it is over

    # ------------------------------------------------------------------ commands

    @property
    def my_decision(self) -> bool:
        return bool(self.legal) and self.in_flight is None and not self.resuming and not self.finished.is_set()

    def send_command(self, command: dict) -> int:
        """Send a command (cards named by alias); its answer is the next batch or a refusal. A random move carries
        a fresh share of ours (design ruling 13: the host mixes it with its own)."""
        if fairness.is_random(command) and not command.get("mix"):
            command = {**command, "mix": [fairness.new_share()]}
        self.sent += 1
        seq = self.in_flight = self.sent
        msg = {"type": "command", "seq": seq, "prev": self.chain, "command": command}
        self.received.sent[seq] = (self.chain, command)  # the audit checks the record's commands in our name
        self._save()  # kept before it leaves: after a restart, the audit still knows every command we sent
        if self.link is not None and not self.link.closed and not self.resuming:  # (resuming: the host's
            asyncio.ensure_future(self._send_quietly(self.link, msg))  # welcome tells it was never received)
        return seq

    def close(self, reason: str = "the guest closed the game") -> None:
        """Leave: no more reconnecting; tell the host why and hang up. A game still going is autosaved once more
        (with what the window shows) so that it can be rejoined. A LAN sandbox ends here and is audited: the host
        is asked for its share and the record, and the session lives on (without the window) until it has them or
        END_WAIT passes; a rejoin later fetches them otherwise."""
        link = self.link
        if (self.settings.sandbox and self.seat is not None and self.record is None and not self.finished.is_set()
                and link is not None and not link.closed and not self.resuming):
            self._end_sandbox(link, reason)
            return
        if self.record is None and not self.finished.is_set():
            try:
                self._save()
            except OSError as e:
                log.warning("guest: could not autosave on closing: %s", e)
        if self._auditing is not None:
            self._auditing.cancel()  # its worker is stopped (net/audit_runner.py): closing is never held up
        self.transcript = None
        self.on_batch = self.on_refused = self.on_chat = self.on_status = self.decide = None
        self.on_rewind = self.on_resumed = self.on_undo_request = self.on_left = None
        self.finished.set()
        link = self.link
        if link is not None and not link.closed:
            async def bye():
                try:
                    await link.send({"type": "bye", "reason": reason[:300]})
                except LinkClosed:
                    pass
                await link.aclose()

            asyncio.ensure_future(bye())

    def _end_sandbox(self, link: Link, reason: str) -> None:
        try:
            self._save()
        except OSError as e:
            log.warning("guest: could not autosave on closing: %s", e)
        self.transcript = None  # the window is gone: what follows is in the log (and the host's window)
        self.on_batch = self.on_refused = self.on_chat = self.on_status = self.decide = None
        self.on_rewind = self.on_resumed = self.on_undo_request = self.on_move_request = None
        asyncio.ensure_future(self._send_quietly(link, {"type": "end", "reason": reason[:300]}))
        asyncio.ensure_future(self._leave_after_the_record(link, reason))

    async def _leave_after_the_record(self, link: Link, reason: str) -> None:
        """The sandbox's record is audited once it comes; if it does not come in END_WAIT, leave (the game stays in
        the autosave, and a rejoin fetches the record)."""
        deadline = asyncio.get_running_loop().time() + END_WAIT
        while self.record is None and not self.finished.is_set() and asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(0.05)
        if self.record is not None:
            await self.finished.wait()  # the audit (bounded) ends the session and tells the host
            return
        self._status("the host did not send the sandbox's record: it stays in the autosave, to audit on a rejoin")
        self.finished.set()
        try:
            await link.send({"type": "bye", "reason": reason[:300]})
        except LinkClosed:
            pass
        await link.aclose()

    def say(self, text: str) -> None:
        if self.link is not None and not self.link.closed:
            if not self.link.may_chat():  # held below the host's limit (protocol/messages.py), never dropped for it
                self._status("you are chatting too fast: that line was not sent; wait a moment")
                return
            asyncio.ensure_future(self._send_quietly(self.link, {"type": "chat", "text": text[:300]}))
        if not self.finished.is_set():
            self._save()  # the chat is kept with the game

    async def _send_quietly(self, link: Link, msg: dict) -> None:
        try:
            await link.send(msg)
        except LinkClosed:
            pass  # resumed after the reconnect

    def _maybe_decide(self) -> None:
        if self.decide is not None and self.my_decision:
            command = self.decide(self)
            if command is not None:
                self.send_command(command)

    # ------------------------------------------------------------------ autosave and restart

    def _save(self, finished: bool = False) -> None:
        """After every batch: everything needed to rejoin this game if this app restarts (written atomically),
        and the last lines of the game log and chat the window shows (to show them again after a rejoin)."""
        if self.autosave is None or self.seat is None:
            return
        import json

        from ..carddb.schema import card_to_dict
        from ..paths import write_atomically

        self._keep_transcript()
        r = self.received
        data = {"format": "bss-guest", "version": 1, "finished": finished, "address": list(self.address or ()),
                "name": self.name, "deck": self.deck, "deck_name": self.deck_name,
                "settings": self.settings.to_dict(), "share": self.share, "seat": self.seat,
                "host_name": self.host_name, "view": self.view, "seq": self.seq, "chain": self.chain,
                "legal": self.legal, "sent": self.sent, "host_commitment": r.host_commitment,
                "host_deck_hash": r.host_deck_hash, "batches": {str(k): list(v) for k, v in r.batches.items()},
                "commands": {str(k): list(v) for k, v in r.sent.items()}, "dropped": sorted(r.dropped),
                "log": self.kept_log, "chat": self.kept_chat, "host_cards_hash": r.host_cards_hash,
                "host_cards": [card_to_dict(c) for c in self.host_cards], "game": r.game,
                "random_given": [[share, n, cmd] for share, (n, cmd) in r.random_given.items()],
                "host_undone": r.host_undone, "side": r.guest_side, "first_player": r.first_player}
        write_atomically(self.autosave, json.dumps(data), durable=False)

    def _keep_transcript(self) -> None:
        """Take the window's log and chat as they are now (the last ones kept if the window is gone)."""
        if self.transcript is None:
            return
        try:
            log_lines, chat_lines = self.transcript()
        except RuntimeError as e:  # the window's widgets were deleted: keep what was kept last
            log.debug("guest: the transcript is gone: %s", e)
            self.transcript = None
            return
        self.kept_log, self.kept_chat = clip_lines(log_lines), clip_lines(chat_lines)

    @classmethod
    def restore(cls, path, db, **kw) -> "GuestSession":
        """The guest of an interrupted game, as autosaved at `path`: `run(*session.address)` rejoins it.
        Raises ValueError (naming the field) for a file that is not such an autosave. The game log and chat kept
        with it come back in `kept_log` / `kept_chat`; a malformed one is left out and said in `restore_problems`
        (the game itself can still be rejoined)."""
        from ..data_files import DataFileError, load_json_file
        from ..engine.record import MAX_RECORD_FILE_BYTES

        try:  # a game record, the deck and shares, a bounded transcript: a record's bound
            data = load_json_file(path, limit=MAX_RECORD_FILE_BYTES, what="an autosave")
        except DataFileError as e:
            raise ValueError(f"{path}: not a readable autosave ({e.detail})") from None
        except ValueError as e:
            raise ValueError(f"{path}: not a readable autosave ({e})") from None
        if not isinstance(data, dict) or data.get("format") != "bss-guest" or data.get("finished"):
            raise ValueError(f"{path}: not the autosave of a LAN game in progress")
        try:
            _check_autosave(data)
            profile = None
            if data.get("game", "bss") != "bss":  # another game's sandbox: its profile and its cards
                from ..carddb.database import game_db
                from ..table.profiles import get_profile
                from ..table.schema import ProfileError

                try:
                    profile = get_profile(data["game"]) if isinstance(data["game"], str) else None
                except ProfileError as e:
                    raise ValueError(f"{path}: field 'game': {e.message}") from None
                if profile is None:
                    raise _BadField("'game'")
                db = game_db(profile)
            settings = Ruleset.from_dict(data["settings"])
            if profile is not None and not settings.sandbox:  # played by its rules (RULES_APART)
                from ..table.profiles import with_rules

                profile = with_rules(profile)
            s = cls(db, data["deck"], deck_name=data["deck_name"], name=data["name"],
                    settings=settings, share=data["share"], autosave=path, profile=profile, **kw)
            s.seat = s.received.seat = data["seat"]
            s.host_name, s.view, s.seq, s.chain = data["host_name"], data["view"], data["seq"], data["chain"]
            s.legal, s.sent = data["legal"], data["sent"]
            s.received.host_commitment, s.received.host_deck_hash = data["host_commitment"], data["host_deck_hash"]
            s.received.batches = {int(k): tuple(v) for k, v in data["batches"].items()}
            s.received.sent = {int(k): tuple(v) for k, v in data["commands"].items()}
            s.received.dropped = set(data["dropped"])
            host, port = data["address"]
            s.address = (host, int(port))
            # the host's definitions this player agreed to use (autosaves from before protocol 3 have none)
            s.host_cards = card_exchange.cards_from_dicts(data.get("host_cards", []), "host_cards")
            for card in s.host_cards:
                s.db.add(card)
            cards_hash = data.get("host_cards_hash", "")
            if not isinstance(cards_hash, str):
                raise _BadField("'host_cards_hash'")
            s.received.host_cards_hash = cards_hash
            s.received.random_given, s.received.host_undone = _random_from_autosave(data)
            side, first = data.get("side"), data.get("first_player")  # a match's battle (autosaves before have none)
            if not (side is None or isinstance(side, list) and len(side) <= 60 and all(
                    isinstance(c, str) and 0 < len(c) <= 40 for c in side)):
                raise _BadField("'side'")
            if first not in (None, 0, 1) or isinstance(first, bool):
                raise _BadField("'first_player'")
            s.received.guest_side, s.received.first_player = side, first
        except KeyError as e:
            raise ValueError(f"{path}: field {e} is missing") from None
        except _BadField as e:
            raise ValueError(f"{path}: field {e} is malformed") from None
        except (TypeError, ValueError) as e:
            raise ValueError(f"{path}: a field is malformed ({e})") from None
        for key, kept in (("log", "kept_log"), ("chat", "kept_chat")):
            lines = data.get(key, [])  # autosaves from before the log was kept have none
            if isinstance(lines, list) and all(isinstance(line, str) for line in lines):
                setattr(s, kept, clip_lines(lines))
            else:
                s.restore_problems.append(f"field '{key}' is malformed (not a list of lines of text), "
                                          f"so the {'game log' if key == 'log' else 'chat'} was not restored")
        return s

    def _status(self, text: str) -> None:
        log.info("guest: %s", text)
        if self.on_status:
            self.on_status(text)


class _BadField(ValueError):
    """A field of the guest's autosave that is there but is not what it should be; str() is its quoted name."""


def _random_from_autosave(data: dict) -> tuple[dict, int]:
    """The shares this guest gave for the host's random results, and the host's commands undone (design ruling 13;
    autosaves from before protocol 4 have none): _BadField naming the field."""
    given, undone = data.get("random_given", []), data.get("host_undone", 0)
    if not (isinstance(given, list) and all(
            isinstance(g, list) and len(g) == 3 and isinstance(g[0], str) and len(g[0]) == 64
            and type(g[1]) is int and isinstance(g[2], dict) for g in given)):
        raise _BadField("'random_given'")
    if type(undone) is not int or undone < 0:
        raise _BadField("'host_undone'")
    return {g[0]: (g[1], g[2]) for g in given}, undone


def _check_autosave(data: dict) -> None:
    """Every field the rejoin uses has the type it must have (raises KeyError or _BadField naming it)."""
    def text(v):
        return isinstance(v, str)

    def number(v):
        return isinstance(v, int) and not isinstance(v, bool)

    checks = {
        "deck": lambda v: isinstance(v, list) and all(text(c) for c in v),
        "deck_name": text, "name": text, "share": text, "host_name": text, "chain": text,
        "host_commitment": text, "host_deck_hash": text,
        "settings": lambda v: isinstance(v, dict),
        "seat": lambda v: number(v) and v in (0, 1),
        "view": lambda v: v is None or isinstance(v, dict),
        "seq": lambda v: number(v) and v >= -1,
        "sent": lambda v: number(v) and v >= 0,
        "legal": lambda v: isinstance(v, list) and all(isinstance(c, dict) for c in v),
        "batches": lambda v: isinstance(v, dict) and all(
            k.isascii() and k.isdigit() and isinstance(b, list) and len(b) == 2 and all(text(x) for x in b)
            for k, b in v.items()),
        "address": lambda v: (isinstance(v, list) and len(v) == 2 and text(v[0]) and v[0]
                              and number(v[1]) and 0 < v[1] < 65536),
        "commands": lambda v: isinstance(v, dict) and all(  # ours, for the audit: number -> [head seen, command]
            k.isascii() and k.isdigit() and isinstance(c, list) and len(c) == 2 and text(c[0])
            and isinstance(c[1], dict) for k, c in v.items()),
        "dropped": lambda v: isinstance(v, list) and all(number(n) and n > 0 for n in v),
    }
    for key, ok in checks.items():
        if not ok(data[key]):
            raise _BadField(repr(key))
    try:
        Ruleset.from_dict(data["settings"])
    except (TypeError, ValueError) as e:
        raise _BadField(f"'settings' ({e})") from None
