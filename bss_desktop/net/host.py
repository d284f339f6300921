"""The host's side of a LAN game: its engine is the only truth; the guest gets a redacted stream.

    session = HostSession(db, deck, name="Aki")
    server = await link.serve(session.handle, "127.0.0.1", port)
    ... session.apply(cmd) for the host's own commands (the GUI's GameModel calls it) ...
    await session.finished.wait()

One guest at a time. A dropped guest may reconnect and resume: the host keeps
every batch it sent and sends the missing ones again. With `autosave`, the
game (record and fairness secrets) is written after every command, atomically,
and `HostSession.restore` picks it up after a restart.
"""
from __future__ import annotations

import asyncio
import json
import logging
from dataclasses import replace
from pathlib import Path

from ..engine.commands import CommandFormatError
from ..engine.errors import IllegalCommand, NeedsConsent
from ..engine.game import Game
from ..engine.record import to_record
from ..engine.settings import Ruleset
from ..protocol import fairness
from ..protocol.messages import one_line
from ..protocol.redaction import RedactionError
from ..protocol.stream import SeatStream
from . import cards as card_exchange
from . import handshake
from .link import Link, LinkClosed, PeerError
from .battles import Claims

log = logging.getLogger(__name__)

HOST_SEAT, GUEST_SEAT = 0, 1
RECORD_PART_BYTES = 40_000  # commands per "record" frame are cut to stay well under the frame limit
GUEST_SENDS = {"command", "chat", "ping", "pong", "bye", "audit", "error", "undo", "undo_answer", "consent",
               "random_share", "end", "claim", "claim_answer"}


def _side_refusal(profile, match, sent) -> str:
    """Why a 'deck' message's side section is missing, or there where the game has none (net/handshake.py)."""
    if sent is not None:
        return f"{'Battle Spirits Saga' if profile is None else profile.name} has no side section"
    if match is not None:
        return "a battle of a match sends the side deck with the deck"
    return f"{profile.name} sends its {profile.deck_rules['side']['label'].lower()} with the deck (an empty list: none)"


class HostSession(Claims):
    def __init__(self, db, deck: list[str], *, deck_name: str = "", name: str = "Host",
                 settings: Ruleset | None = None, autosave: str | Path | None = None,
                 timeout: float = 20.0, handshake_timeout: float = 10.0, share: str | None = None, tamper=None,
                 card_consent=None, consent_timeout: float = 300.0, profile=None, match=None, side=None,
                 first: int | None = None):
        self.profile = profile  # the game on the table (table/profile.py); None: Battle Spirits Saga
        self.db = db  # this player's own cards (shipped and imported)
        self.game_db = db  # the game's: with the guest's definitions this player agreed to use (net/cards.py)
        self.guest_cards: list = []  # those definitions (kept in the autosave)
        # (kind, [(id, name)], peer) -> bool, or awaitable: the player's consent to send ("send") or use
        # ("receive") card definitions when the two card databases differ; None declines (net/cards.py)
        self.card_consent = card_consent
        self.consent_timeout = consent_timeout  # how long the guest's player may take to answer its questions
        self.deck = list(deck)
        self.deck_name = deck_name
        self.name = name
        self.settings = (settings or Ruleset()).chosen()  # the rules the players chose: the handshake compares them
        self.autosave = Path(autosave) if autosave else None
        self.timeout = timeout
        self.handshake_timeout = handshake_timeout
        self.tamper = tamper  # tests only: a function that cheats on the game after the commitments
        self.share = share or fairness.new_share()  # given only by tests that replay a game exactly
        self.commitment = fairness.commitment(self.share)
        self.guest_share: str | None = None
        self.guest_name = ""
        self.guest_deck: list[str] = []
        self.guest_deck_name = ""
        self.game: Game | None = None
        self.stream: SeatStream | None = None
        self.batches: list[dict] = []  # every "events" message sent to the guest, by seq
        self.by: list[int] = []  # for each command of the game: the guest's number for it, 0 for the host's own
        self.guest_seq = 0  # the guest's commands received so far (each numbered once)
        self.heads: set[str] = set()  # every chain head of this game (sandbox moves may be based on any)
        self.chain = ""
        self.link: Link | None = None  # the guest's live connection
        self.started = asyncio.Event()
        self.finished = asyncio.Event()
        self.audit_result: dict | None = None
        self.resent = 0  # batches sent again to a guest that reconnected
        # listeners (the GUI's model, the headless runner)
        self.on_events = None  # (events) after any command, the guest's included
        self.on_remote_events = None  # (events) after the guest's commands only (the host's GUI redraws)
        self.on_chat = None  # (name, text)
        self.on_status = None  # (text) connection news for a status bar
        self.on_undo_request = None  # (seq) the guest asks to undo command seq: call answer_undo(accept)
        self.on_replaced = None  # (game) an undo rebuilt the game
        self.on_left = None  # (reason) the guest left the game: its 'bye' (a lost connection is not leaving)
        self.undo_asked: tuple | None = None  # (who, seq) of an undo waiting for the other side's consent
        # design ruling 12: a move on the other seat's public things that its profile does not allow unasked
        self.on_move_request = None  # (command) the guest asks this player to make it: call answer_request(accept)
        self.request: tuple | None = None  # ("guest", its command's number, our command) or ("host", id, command)
        self._asks = 0  # our requests to the guest so far (their ids)
        # design ruling 13: our random move waiting for the guest's fresh share: (request number, command)
        self.random_pending: tuple | None = None
        self.random_asks = 0  # request numbers used so far (kept in the autosave: a number is never used twice)
        self._randoms_seen = [0, 0]  # [commands of the history counted, the guest's random results among them]
        self.ended: str | None = None  # why a LAN sandbox ended without a result (a window closed): it is audited
        # a battle of a match (net/match.py): the match (table/match.py, shared with HostMatch), and who goes first
        # as this player chose it when it lost the last battle; this player's side section (a side deck, Eternal's
        # token cards: None when the game has none, net/handshake.py takes_side)
        self.match, self.first = match, first
        self.side = list(side or ()) if match or handshake.takes_side(profile) else None
        self.guest_side: list[str] | None = None
        self._hello = handshake.hello(db, self.settings, name, profile)
        if match is not None:
            self._hello["battle"] = match.battle

    # ------------------------------------------------------------------ the local session's shape

    seat = HOST_SEAT  # the seat this machine plays

    @property
    def pending(self):
        return self.game.pending

    def view(self, seat: int) -> dict:
        return self.game.view(seat)

    def legal_commands(self):
        return self.game.legal_commands()

    def apply(self, cmd):
        """The host's own command (or any command, for the engine's checks): events, or IllegalCommand. A move on
        the guest's public things that the profile does not allow unasked (design ruling 12) is asked of the guest
        and refused as it stands (NeedsConsent, saying so); if the guest agrees, it makes the move itself."""
        if cmd.player != HOST_SEAT:
            raise IllegalCommand(self._cite("players"), "the host plays seat 0; the guest's seat is played from its machine")
        if self.ended:
            raise IllegalCommand(self._cite("over"), f"the sandbox has ended: {self.ended}")
        try:
            if fairness.is_random(cmd.to_dict()) and not cmd.mix:
                self._ask_share(cmd)
                return None  # applied when the guest's share arrives (on_remote_events)
            return self._apply(cmd)
        except NeedsConsent as e:
            self._ask_guest(cmd, e)
            raise

    # ------------------------------------------------------------------ a match's claims (net/match.py Claims)

    def _send_match(self, msg: dict) -> None:
        if self.link is not None and not self.link.closed:
            self._post(self.link, msg)

    def _concede(self) -> None:
        from ..engine.commands import Concede

        self.apply(Concede(HOST_SEAT))

    def game_over(self) -> bool:
        return self.game is None or self.game.over or bool(self.ended)

    # ------------------------------------------------------------------ random results (design ruling 13)

    def _ask_share(self, cmd) -> None:
        """Our random move: name it to the guest, which answers with a fresh share; the move is then made with the
        result of both shares (ours for this request is fixed by our commitment). IllegalCommand if it can't be."""
        if self.game is None:
            raise IllegalCommand(self._cite("start"), "the game has not started: waiting for the guest")
        if self.link is None or self.link.closed:
            raise IllegalCommand("ruling 13", "a random result over the LAN mixes a fresh share of the "
                                                     "guest's, and the guest is not connected")
        if self.random_pending is not None:
            raise IllegalCommand("ruling 13", "the last random move is still waiting for the guest's share")
        self._legal_for(cmd)
        self.random_asks += 1
        self.random_pending = (self.random_asks, cmd)
        self._save()  # the request number is never used again, even after a restart
        self._post(self.link, {"type": "random", "id": self.random_asks, "command": cmd.to_dict()})

    def _guest_share(self, msg: dict) -> None:
        pending = self.random_pending
        if pending is None or pending[0] != msg["id"]:
            return  # an answer to a request no longer waiting (sent again after a reconnect)
        self.random_pending = None
        n, cmd = pending
        cmd = replace(cmd, mix=(fairness.random_share(self.share, "host", n), msg["share"]))
        try:
            events = self._apply(cmd)
        except IllegalCommand as e:  # the game moved meanwhile (the audit will say the share was not used)
            self._status(f"your random move is no longer possible: {e.message}")
            return
        if self.on_remote_events:
            self.on_remote_events(events)

    # ------------------------------------------------------------------ requests (design ruling 12)

    def _ask_guest(self, cmd, why: NeedsConsent) -> None:
        """Ask the guest to make `cmd` (on its own things) in its own name; IllegalCommand if it cannot be asked."""
        theirs = replace(cmd, player=GUEST_SEAT)
        if self.link is None or self.link.closed:
            raise IllegalCommand(why.rule, f"{why.message}, but the guest is not connected to be asked")
        if self.request is not None:
            raise IllegalCommand(why.rule, f"{why.message}: first the answer to the last request")
        self._legal_for(theirs)
        self._asks += 1
        self.request = ("host", self._asks, cmd)
        self._post(self.link, {"type": "ask", "id": self._asks,
                               "command": self.stream.window.command_from_engine(theirs)})
        self._status(f"you asked {self.guest_name} to allow a move on their things")

    def _legal_for(self, cmd) -> None:
        """IllegalCommand if `cmd` is not legal now (tried on a copy of the game; nothing changes)."""
        self.game.clone().apply(cmd)

    async def _guest_asks(self, link: Link, seq: int, cmd, why: NeedsConsent, refuse) -> None:
        """The guest's command `seq` touches this player's public things unasked: refused as it stands, and asked
        of this player, who makes the move in its own name if it agrees (answer_request)."""
        mine = replace(cmd, player=HOST_SEAT)
        if fairness.is_random(mine.to_dict()):
            mine = replace(mine, mix=())  # made as ours: a random result of ours, with a new share of the guest's
        why_not = None
        if self.on_move_request is None:
            why_not = "this host takes no requests"
        elif self.request is not None:
            why_not = "another request is waiting for its answer"
        else:
            try:
                self._legal_for(mine)
            except IllegalCommand as e:
                why_not = f"it would not be legal ({e.message})"
        if why_not:
            await refuse(why.rule, f"{why.message}; but the request was not made: {why_not}")
            return
        self.request = ("guest", seq, mine)
        await refuse(why.rule, why.message)
        self.on_move_request(mine)  # (its window says what is asked)

    def answer_request(self, accept: bool) -> None:
        """This player's answer to the guest's request: if it agrees, it makes the move (logged as its own, the
        status saying at whose request); the guest is told either way."""
        req = self.request
        if req is None or req[0] != "guest":
            return
        self.request = None
        _, seq, cmd = req
        done = False
        if accept:
            try:
                events = self.apply(cmd)
                done = True
                self._status(f"you made the move {self.guest_name} asked for")
                if events is not None and self.on_remote_events:
                    self.on_remote_events(events)  # this window's board (its own gestures get theirs from apply)
            except IllegalCommand as e:
                self._status(f"the move {self.guest_name} asked for is no longer possible: {e.message}")
        if self.link is not None and not self.link.closed:
            self._post(self.link, {"type": "consent", "id": seq, "accept": done})

    def _guest_consents(self, msg: dict) -> None:
        req = self.request
        if req is None or req[0] != "host" or req[1] != msg["id"]:
            return  # an answer to nothing asked (or asked before an undo): it changes nothing
        self.request = None
        self._status(f"{self.guest_name} {'agreed to make' if msg['accept'] else 'refused'} the move you asked for")

    # ------------------------------------------------------------------ connections

    async def handle(self, link: Link) -> None:
        """Serve one incoming connection until it closes; never raises for anything the peer does."""
        try:
            await self._serve(link)
        except PeerError as e:
            if self.link is link:  # the game's guest (a stranger refused at the door is only logged)
                self._status(f"the guest broke the protocol: {e.message}")
            await link.refuse(e.code, e.message)
        except LinkClosed as e:
            self._status(f"connection to {link.peer} lost: {e}")
        except (asyncio.CancelledError, GeneratorExit):
            raise
        except Exception as e:  # a bug must not take the host's game down with the connection
            log.exception("host: unexpected error serving %s", link.peer)
            await link.refuse("internal", f"the host hit an internal error: {e}")
        finally:
            if self.link is link:
                self.link = None
                if not self.finished.is_set():
                    self._status("the guest is disconnected; the game waits for it to reconnect")
            link.close()  # its socket closes now (link.serve also waits for it)

    async def _serve(self, link: Link) -> None:
        if self.game is None and self.link is not None and not self.link.closed:
            raise PeerError("busy", "this host already has a guest")
        first = await link.recv(self.handshake_timeout)
        if first["type"] != "hello":
            raise PeerError("handshake", f"expected a hello first, got '{first['type']}'")
        why = handshake.mismatch(first, self._hello, "the host")  # worded for the guest, who reads it
        if why:
            raise PeerError("mismatch", why)
        if self.game is None and first.get("battle") != self._hello.get("battle"):
            from .battles import battle_mismatch

            raise PeerError("match", battle_mismatch(self.match, first.get("battle")))
        await link.send(self._hello)
        if self.game is None:
            await self._begin(link, first["name"], handshake.cards_differ(self._hello, first))
        else:
            await self._resume(link)
            old = self.link
            if old is not None and old is not link:
                old.close()  # a connection this side still thought alive (half-open): the guest is back on this one
        self.link = link
        self._status(f"{self.guest_name} is connected")
        await self._play(link)

    async def _begin(self, link: Link, guest_name: str, exchange: bool = False) -> None:
        """Commitments, the guest's deck (and, when the card databases differ, the cards the decks use), the
        guest's share, then the game (protocol/fairness.py, net/cards.py)."""
        chooser = self.match.chooser() if self.match is not None else None
        if chooser == HOST_SEAT:  # we lost the last battle: our choice, before either share is revealed
            await link.send({"type": "first", "battle": self.match.battle, "first": self.first})
        await link.send({"type": "commit", "share_hash": self.commitment,
                         "deck_hash": fairness.deck_hash(self.deck, self.share, self.side)})
        got = {}
        expected = ("commit", "deck") if exchange else ("commit", "reveal", "deck")
        expected += ("first",) if chooser == GUEST_SEAT else ()
        while len(got) < len(expected):
            msg = await link.recv(self.handshake_timeout if chooser != GUEST_SEAT else self.consent_timeout)
            if msg["type"] == "first" and "first" not in expected:
                from .battles import not_the_chooser

                raise PeerError("match", not_the_chooser(self.match))
            if msg["type"] not in expected or msg["type"] in got:
                raise PeerError("handshake", f"unexpected '{msg['type']}' during the handshake")
            if msg["type"] == "first" and msg["battle"] != self.match.battle:
                raise PeerError("match", f"'first' message: field 'battle': this is battle {self.match.battle}")
            got[msg["type"]] = msg
        guest_cards = []
        if exchange:  # both decks are committed: nothing learned from here on can change either
            guest_cards = await self._exchange_cards(link, got["deck"]["cards"], guest_name)
            got["reveal"] = self._guest_answer(await link.recv(self.consent_timeout))  # its player may still be
            if got["reveal"]["type"] != "reveal":  # deciding whether to use the host's definitions
                raise PeerError("handshake", f"unexpected '{got['reveal']['type']}' during the handshake")
        share, cards = got["reveal"]["share"], got["deck"]["cards"]
        side = got["deck"].get("side")
        if (side is None) != (self.side is None):
            raise PeerError("match" if self.match else "deck",
                            "'deck' message: field 'side': " + _side_refusal(self.profile, self.match, side))
        if fairness.commitment(share) != got["commit"]["share_hash"]:
            raise PeerError("fairness", "your revealed share does not match your commitment")
        if fairness.deck_hash(cards, share, side) != got["commit"]["deck_hash"]:
            raise PeerError("fairness", "your deck is not the one you committed to" + (
                "" if side is None else " ('deck' message: fields 'cards' and 'side', committed together)"))
        from ..carddb.deck_rules import DECK_RULES
        from ..carddb.decks import validate_deck

        db = card_exchange.game_db(self.db, guest_cards)
        game_id = "bss" if self.profile is None else self.profile.id
        problems = validate_deck(cards, db, DECK_RULES[game_id])
        rule = "CR 5-1" if game_id == "bss" else DECK_RULES[game_id].rule
        if side is not None:  # the side section: its size, token cards only (BOS §Side Deck, ETR §Token Cards)
            from ..carddb.deck_rules import deck_issues

            problems = [str(i) for i in deck_issues(cards, db, DECK_RULES[game_id], side)]
            own = {str(i) for i in deck_issues(cards, db, DECK_RULES[game_id])}
            if [p for p in problems if p not in own]:
                raise PeerError("deck", f"'deck' message: field 'side': your {DECK_RULES[game_id].side_label.lower()}"
                                        f" break the deck rules ({rule}): " + "; ".join(
                                            p for p in problems if p not in own)[:400])
        if problems:
            raise PeerError("deck", f"your deck breaks the deck rules ({rule}): " + "; ".join(problems)[:400])
        if self.game is not None:  # another connection won the race
            raise PeerError("busy", "this host already has a guest")
        first = None
        if self.match is not None:
            from ..table.match import MatchError

            try:
                self.match.take(GUEST_SEAT, cards, side)
            except MatchError as e:
                raise PeerError("match", f"your deck for battle {self.match.battle}: {e.field}: {e.message}")
            first = {HOST_SEAT: self.first, GUEST_SEAT: got.get("first", {}).get("first")}.get(chooser)
        self.guest_side = None if side is None else list(side)
        self.guest_name, self.guest_share = guest_name, share
        self.guest_deck, self.guest_deck_name = list(cards), got["deck"]["name"]
        self.game_db, self.guest_cards = db, guest_cards
        if guest_cards:
            self._status(f"using {guest_name}'s definitions of {len(guest_cards)} card(s) for this game: "
                         f"{card_exchange.listed(card_exchange.pairs(guest_cards))}")
        seed = fairness.derive_seed(self.share, share)
        game = Game.new(db, [self.deck, self.guest_deck], seed, settings=self.settings.for_lan(),  # CR 3-8-2
                        deck_names=[self.deck_name, self.guest_deck_name], profile=self.profile, first_player=first,
                        sides=None if self.side is None else [self.side, self.guest_side])
        game.names = [self.name, guest_name]
        if self.tamper:
            self.tamper(game)
        self.game = game
        self.stream = SeatStream(game, GUEST_SEAT)
        self.chain = fairness.chain_start(self.commitment, share)
        self.heads.add(self.chain)
        self.batches.append(self.stream.batch(game, game.log_events, 0, self.chain))
        self._save()  # on disk before the guest learns the game exists: a restarted host can resume it
        await link.send({"type": "welcome", "seat": GUEST_SEAT, "name": self.name, "next": 1})
        await link.send(self.batches[0])
        self.link = link  # from here on every batch goes out as it is made
        if self.settings.sandbox and game.profile.rules is not None:
            # Battle Spirits Saga's sandbox has no mulligan decisions: both keep (reshuffle by hand if wished); a
            # sandbox-only game's players decide their openings with its mulligan helper (table/opening.py)
            from ..engine.commands import Mulligan

            while game.pending is not None and game.pending.kind == "mulligan":
                self._apply(Mulligan(game.pending.player, False))
        self._save()
        self.started.set()

    async def _exchange_cards(self, link: Link, guest_deck: list, guest_name: str) -> list:
        """The card definitions the two decks need (net/cards.py); returns the guest's, which this player agreed
        to use. Anything refused or declined is a PeerError naming the cards, for the guest to read."""
        who = one_line(guest_name)[:40] or "the guest"
        have = card_exchange.HaveReader()
        try:
            while True:
                msg = await link.recv(self.handshake_timeout)
                if msg["type"] != "have":
                    raise PeerError("handshake", f"expected 'have' during the handshake, got '{msg['type']}'")
                if have.add(msg):
                    break
            mine = [self.db[c] for c in card_exchange.distinct(self.deck)]
            send = [c for c in mine if card_exchange.digest(c) not in have.digests]
            theirs = card_exchange.distinct(guest_deck)
            want = [c for c in theirs if c not in self.db]
            differ = [self.db[c] for c in theirs if c in self.db and card_exchange.digest(self.db[c]) not in have.digests]
            if differ:
                raise PeerError("cards", f"your deck uses {len(differ)} card(s) whose definition differs from the "
                                         f"host's: {card_exchange.listed(card_exchange.pairs(differ))} (as the host "
                                         f"names them); both players need the same definition of every card the game "
                                         f"uses")
            if send:
                if not await card_exchange.ask(self.card_consent, "send", send, who):
                    self._status("you declined to send the definitions: no game")
                    raise PeerError("cards", f"the host declined to send the definitions of {len(send)} card(s) "
                                             f"its deck uses that your card database lacks: "
                                             f"{card_exchange.listed(card_exchange.pairs(send))}")
            for part in card_exchange.offer_parts(send, want):
                await link.send(part)
            received = []
            if want:
                offer = card_exchange.OfferReader(self.db, "the guest", expected=set(want))
                while True:  # the guest's player answers the host's offer, then this request
                    msg = self._guest_answer(await link.recv(self.consent_timeout))
                    if msg["type"] != "cards":
                        raise PeerError("handshake", f"expected 'cards' during the handshake, got '{msg['type']}'")
                    if offer.add(msg):
                        break
                if offer.want:
                    raise PeerError("message", "'cards' message: field 'want': a guest asks for no cards")
                received = offer.cards
                if not await card_exchange.ask(self.card_consent, "receive", received, who):
                    self._status("you declined the guest's definitions: no game")
                    raise PeerError("cards", f"the host declined to use the definitions of {len(received)} card(s) "
                                             f"of your deck that its card database lacks: "
                                             f"{card_exchange.listed(card_exchange.pairs(received))}")
        except card_exchange.CardExchangeError as e:
            raise PeerError(e.code, e.message) from None
        defs = [fairness.card_canonical(c) for c in mine]
        await link.send({"type": "cards_ok", "digest": card_exchange.exchanged_digest(send + received),
                         "deck_cards": fairness.deck_cards_hash(defs, self.share)})
        return received

    def _guest_answer(self, msg: dict) -> dict:
        """A message from the guest while its player answers the card questions: an error ends the handshake,
        said in the status (e.g. the guest's player declined the host's definitions, naming them)."""
        if msg["type"] == "error":
            self._status(f"the guest refused the game: {msg['message']}")
            raise LinkClosed(f"the guest refused: {msg['message']}")
        return msg

    async def _resume(self, link: Link) -> None:
        msg = await link.recv(self.handshake_timeout)
        if msg["type"] != "resume":
            raise PeerError("handshake", "a game is in progress here: send 'resume' to rejoin it")
        if msg["game"] != self.commitment:
            raise PeerError("resume", "that is not the game this host is playing")
        if msg["seq"] >= len(self.batches):
            raise PeerError("resume", f"you claim batch {msg['seq']}, the host has sent only {len(self.batches) - 1}")
        missed = self.batches[msg["seq"] + 1:]
        for batch in missed:
            await link.send(batch)
        self.resent += len(missed)
        self._status(f"the guest is back: {len(missed)} missed batches sent again")
        await link.send({"type": "welcome", "seat": GUEST_SEAT, "name": self.name, "next": self.guest_seq + 1})
        if self.random_pending is not None:  # our random move still waits for its share: asked again (the guest
            n, cmd = self.random_pending     # gives the same share to the same request)
            await link.send({"type": "random", "id": n, "command": cmd.to_dict()})
        if self.game.over or self.ended:
            await self._send_end(link)

    async def _play(self, link: Link) -> None:
        while True:
            msg = await link.recv(self.timeout)
            kind = msg["type"]
            if kind not in GUEST_SENDS:
                raise PeerError("unexpected", f"a guest does not send '{kind}' messages during the game")
            if kind == "command":
                await self._guest_command(link, msg)
            elif kind == "chat":
                if self.on_chat:
                    self.on_chat(self.guest_name, msg["text"])
            elif kind == "ping":
                await link.send({"type": "pong", "t": msg["t"]})
            elif kind == "audit":
                self.audit_result = msg
                self._status(f"the guest's audit: {msg['message']}")
                if self.ended:
                    self._save()  # an ended sandbox the guest has audited: nothing is left to resume
                return
            elif kind == "bye":
                self._status(f"the guest left: {msg['reason']}")
                if self.on_left:
                    self.on_left(msg["reason"])
                return
            elif kind == "error":
                self._status(f"the guest closed the connection: {msg['message']}")
                return
            elif kind == "undo":
                await self._guest_asks_undo(link, msg["seq"])
            elif kind == "undo_answer":
                self._guest_answers_undo(msg["seq"], msg["accept"])
            elif kind == "consent":
                self._guest_consents(msg)
            elif kind == "random_share":
                self._guest_share(msg)
            elif kind in ("claim", "claim_answer"):  # a match's battle claimed (net/match.py)
                self._claim_msg(msg, self.guest_name)
            elif kind == "end":
                if not self.settings.sandbox:
                    raise PeerError("unexpected", "a game ends by its rules or a concession (CR 1-2-4); only a "
                                                  "sandbox ends when a player leaves")
                self._end_sandbox(f"{self.guest_name} closed the sandbox ({msg['reason'][:200]})")

    async def _guest_command(self, link: Link, msg: dict) -> None:
        """A command from the guest. `seq` counts the guest's commands (each one exactly once, so a replayed
        or skipped one is refused); `prev` is the chain head the guest had seen when it sent it."""
        seq = msg["seq"]

        async def refuse(rule: str, text: str) -> None:
            log.info("host: refused the guest's command %s: %s", seq, text)
            await link.send({"type": "refused", "seq": seq, "rule": rule[:40], "message": text[:500]})

        if seq != self.guest_seq + 1:
            what = "was already received (replayed)" if seq <= self.guest_seq else "skips one"
            await refuse("sequence", f"command number {seq} {what}: the next is {self.guest_seq + 1}")
            return
        self.guest_seq = seq
        if msg["prev"] != self.chain and not (self.settings.sandbox and msg["prev"] in self.heads):
            # in the sandbox both players move freely, so a move made on a slightly older board still counts
            await refuse("stale", "the game moved on before your command arrived; look again and decide")
            return
        pend = self.game.pending
        choice = pend.info.get("kind") if pend is not None and pend.kind == "choose" else None
        try:
            cmd = self.stream.window.command_to_engine(msg["command"], choice)
        except CommandFormatError as e:
            await refuse("format", str(e))
            return
        except RedactionError as e:
            await refuse("hidden", str(e))
            return
        if fairness.is_random(msg["command"]):  # design ruling 13: the guest's fresh share, then ours for it
            if len(cmd.mix) != 1:
                await refuse("ruling 13", "field 'mix': a random move over the LAN carries one fresh share "
                                                 "of yours (64 hexadecimal digits), which the host mixes with its own")
                return
            n = self._guest_randoms() + 1
            cmd = replace(cmd, mix=(fairness.random_share(self.share, "guest", n), cmd.mix[0]))
        try:
            events = self._apply(cmd, by=seq)
        except NeedsConsent as e:  # design ruling 12: this player's things, which the guest may only ask for
            await self._guest_asks(link, seq, cmd, e, refuse)
            return
        except IllegalCommand as e:
            await refuse(e.rule, e.message)
            return
        if self.on_remote_events:
            self.on_remote_events(events)

    # ------------------------------------------------------------------ the pipeline

    def _guest_randoms(self) -> int:
        """How many random results of the guest's the game holds, counting only the commands added since the last
        time (an undo builds a new game, _replay, which counts afresh)."""
        history = self.game.history
        known = self._randoms_seen
        if known[0] > len(history):
            known[:] = [0, 0]
        known[1] += sum(1 for c in history[known[0]:] if c.player == GUEST_SEAT and getattr(c, "mix", ()))
        known[0] = len(history)
        return known[1]

    def _cite(self, topic: str) -> str:
        """The rule of this game's document for `topic` (engine/citations.py), for the host's own refusals."""
        from ..engine.citations import cites_for
        from ..table.profiles import get_profile

        return cites_for(self.profile or get_profile("bss"))[topic]

    def _apply(self, cmd, by: int = 0):
        """Apply a command (`by`: the guest's number for it, 0 for the host's own) and send the guest its batch."""
        if self.game is None:
            raise IllegalCommand(self._cite("start"), "the game has not started: waiting for the guest")
        if self.ended:
            raise IllegalCommand(self._cite("over"), f"the sandbox has ended: {self.ended}")
        events = self.game.apply(cmd)  # raises IllegalCommand with the state unchanged
        n = len(self.game.history)
        self.by[n - 1:] = [by]
        salt = fairness.command_salt(self.share, n)  # secret until the end: the head tells the guest nothing
        self.chain = fairness.chain_next(self.chain, self.game.history[-1].to_dict(), salt)
        self.heads.add(self.chain)
        batch = self.stream.batch(self.game, events, len(self.game.history), self.chain)
        self.batches.append(batch)
        self._save()  # on disk (fsynced) before the guest or this window is shown the command: a crash resumes with it
        if self.link is not None and not self.link.closed:
            self._post(self.link, batch)
        if self.on_events:
            self.on_events(events)
        if self.game.over and self.link is not None:
            asyncio.ensure_future(self._send_end(self.link))
        return events

    def _post(self, link: Link, msg: dict) -> None:
        asyncio.ensure_future(self._send_quietly(link, msg))

    async def _send_quietly(self, link: Link, msg: dict) -> None:
        try:
            await link.send(msg)
        except LinkClosed:
            pass  # the guest resumes from the batches kept here

    def _end_sandbox(self, reason: str) -> None:
        """A LAN sandbox ends without a result (a window closed): it is audited all the same. No move is made after
        this; the share is revealed and the record sent to the guest now, or when it comes back (resume)."""
        if self.game is None or self.game.over or self.ended or not self.settings.sandbox:
            return
        self.ended = reason[:300]
        self._save()  # ended: a resumed host serves the record to its returning guest, and takes no more moves
        self._status(f"the sandbox has ended: {self.ended}")
        if self.link is not None and not self.link.closed:
            asyncio.ensure_future(self._send_end(self.link))

    async def _send_end(self, link: Link) -> None:
        """The game is over (or the sandbox has ended): reveal the share and the record, so the guest can audit
        everything."""
        try:
            if self.ended and not self.game.over:
                await link.send({"type": "end", "reason": self.ended})
            await link.send({"type": "reveal", "share": self.share})
            for part in record_parts(to_record(self.game)):
                await link.send(part)
        except LinkClosed:
            return
        self.finished.set()

    # ------------------------------------------------------------------ undo in a sandbox, with consent

    def request_undo(self) -> str | None:
        """The host asks to undo the last command; None if asked (the guest answers), else why not."""
        why = self._undo_refusal()
        if why:
            return why
        if self.link is None or self.link.closed:
            return "the guest is not connected to agree"
        self.undo_asked = ("host", len(self.game.history))
        self._post(self.link, {"type": "undo", "seq": len(self.game.history)})
        return None

    def _undo_refusal(self) -> str | None:
        if self.game is None or not self.settings.sandbox:
            return "undo exists only in the sandbox; in a game, commands are final"
        if not self.game.history:
            return "nothing to undo"
        return None

    async def _guest_asks_undo(self, link: Link, seq: int) -> None:
        why = self._undo_refusal() or (None if seq == len(self.game.history) else "the game has moved on")
        if why or self.on_undo_request is None:
            await link.send({"type": "undo_answer", "seq": seq, "accept": False})
            self._status(f"the guest's undo was declined: {why or 'this host does not take undo requests'}")
            return
        self.undo_asked = ("guest", seq)
        self.on_undo_request(seq)

    def answer_undo(self, accept: bool) -> None:
        """The host's answer to the guest's undo request."""
        if self.undo_asked is None or self.undo_asked[0] != "guest":
            return
        seq = self.undo_asked[1]
        self.undo_asked = None
        ok = accept and seq == len(self.game.history)
        if self.link is not None and not self.link.closed:
            self._post(self.link, {"type": "undo_answer", "seq": seq, "accept": ok})
        if ok:
            self._rewind(seq - 1)

    def _guest_answers_undo(self, seq: int, accept: bool) -> None:
        asked, self.undo_asked = self.undo_asked, None
        if asked != ("host", seq):
            return
        if accept and seq == len(self.game.history):
            self._rewind(seq - 1)
        else:
            self._status("the guest declined the undo")

    def _rewind(self, stop: int) -> None:
        """Back to the game after `stop` commands, for both seats (the guest gets its view patched back)."""
        from ..protocol.redaction import view_hash
        from ..protocol.stream import diff

        before = self.stream.last_view
        undone = self.by[stop] if stop < len(self.by) else 0  # the guest's number for the command taken back
        self._replay(to_record(self.game), stop)
        after, legal = self.stream.last_view, self.batches[-1]["legal"]
        self._save()  # the rewound game is on disk before the guest hears of it (as for every batch)
        if self.link is not None and not self.link.closed:
            self._post(self.link, {"type": "rewind", "seq": stop, "chain": self.chain, "patch": diff(before, after),
                                   "view_hash": view_hash(after), "legal": legal, "undone": undone})
        self._status(f"undone: back to command {stop}")
        if self.on_replaced:
            self.on_replaced(self.game)

    def close(self, reason: str = "the host closed the game") -> None:
        """Leave: tell the guest why and hang up (a game in progress stays in the autosave). A LAN sandbox ends
        here and is audited (the share and the record go to the guest first, or when it comes back)."""
        self._end_sandbox(f"{self.name} closed the sandbox")
        self.on_events = self.on_remote_events = self.on_chat = self.on_status = self.on_left = None
        link, self.link = self.link, None
        if link is not None and not link.closed:
            asyncio.ensure_future(self._bye(link, reason, self.finished if self.ended else None))

    @staticmethod
    async def _bye(link: Link, reason: str, after=None) -> None:
        if after is not None:  # the record is on its way: the guest audits it whatever comes next
            try:
                await asyncio.wait_for(after.wait(), 10)
            except asyncio.TimeoutError:
                pass
        try:
            await link.send({"type": "bye", "reason": reason[:300]})
        except LinkClosed:
            pass
        await link.aclose()

    def say(self, text: str) -> None:
        if self.link is not None and not self.link.closed:
            if not self.link.may_chat():  # held below the guest's limit (protocol/messages.py), never dropped for it
                self._status("you are chatting too fast: that line was not sent; wait a moment")
                return
            self._post(self.link, {"type": "chat", "text": text[:300]})

    def _status(self, text: str) -> None:
        log.info("host: %s", text)
        if self.on_status:
            self.on_status(text)

    # ------------------------------------------------------------------ autosave and restart

    def _save(self) -> None:
        """Write the autosave now: written, flushed, fsynced and atomically replaced (paths.write_atomically), so
        that a crash, even `kill -9`, leaves the game as it stood after its last command."""
        if self.autosave is None or self.game is None:
            return
        from ..carddb.schema import card_to_dict
        from ..paths import write_atomically

        data = {"record": to_record(self.game), "share": self.share, "guest_share": self.guest_share, "by": self.by,
                "ended": self.ended, "audited": self.audit_result is not None,
                "name": self.name, "guest_name": self.guest_name, "deck": self.deck, "deck_name": self.deck_name,
                "guest_cards": [card_to_dict(c) for c in self.guest_cards], "random_asks": self.random_asks}
        try:
            write_atomically(self.autosave, json.dumps(data), durable=True)
        except OSError as e:  # the game goes on; only resuming it after a crash is lost
            log.warning("host: could not write the autosave %s: %s", self.autosave, e)
            self._status(f"the game could not be autosaved ({e.strerror or e}): it can't be resumed after a crash")

    @classmethod
    def restore(cls, path, db, **kw) -> "HostSession":
        """The game autosaved at `path`, replayed to where it stood, waiting for its guest to resume."""
        from ..data_files import load_json_file
        from ..engine.record import MAX_RECORD_FILE_BYTES

        # a game record, the shares and the guest's cards: a record's bound (a DataFileError is a ValueError)
        data = load_json_file(path, limit=MAX_RECORD_FILE_BYTES, what="an autosave")
        rec = data["record"]
        s = cls(db, data["deck"], deck_name=data["deck_name"], name=data["name"],
                settings=Ruleset.from_dict(rec["settings"]), autosave=path, **kw)
        s.share, s.guest_share, s.guest_name = data["share"], data["guest_share"], data["guest_name"]
        s.guest_cards = card_exchange.cards_from_dicts(data.get("guest_cards", []), "guest_cards")
        s.game_db = card_exchange.game_db(db, s.guest_cards)  # the guest's definitions this player agreed to
        s.commitment = fairness.commitment(s.share)
        s.guest_deck = list(rec["start"]["decks"][GUEST_SEAT])
        by = data.get("by")  # the guest's numbers for its commands (an undo after the restart names the one undone)
        if not (isinstance(by, list) and len(by) == len(rec["commands"])
                and all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in by)):
            raise ValueError("field 'by' is missing or malformed")
        s.by = list(by)
        s.guest_seq = max(by, default=0)  # the guest's commands go on from its last one in the game
        asks = data.get("random_asks", 0)  # (autosaves from before protocol 4 have none)
        if type(asks) is not int or asks < 0:
            raise ValueError("field 'random_asks' is malformed")
        s.random_asks = asks
        s.ended = data["ended"][:300] if isinstance(data.get("ended"), str) else None  # a sandbox that has ended
        s._replay(rec)
        s.started.set()
        return s

    def _replay(self, rec: dict, stop: int | None = None) -> None:
        """Rebuild the game, the guest's stream and every batch from a record (its first `stop` commands):
        the stream is deterministic, so the batches are the ones the guest was sent."""
        from ..engine.commands import command_from_dict
        from ..engine.record import start_game

        game = start_game(rec, self.game_db)
        game.names = [self.name, self.guest_name]
        self.game, self.stream = game, SeatStream(game, GUEST_SEAT)
        self._randoms_seen = [0, 0]  # a new game object: its random results are counted afresh
        self.chain = fairness.chain_start(self.commitment, self.guest_share)
        self.batches = [self.stream.batch(game, game.log_events, 0, self.chain)]
        self.heads.add(self.chain)
        for cd in rec["commands"][:stop]:
            events = game.apply(command_from_dict(cd))
            n = len(game.history)
            self.chain = fairness.chain_next(self.chain, game.history[-1].to_dict(),
                                             fairness.command_salt(self.share, n))
            self.heads.add(self.chain)
            self.batches.append(self.stream.batch(game, events, len(game.history), self.chain))
        del self.by[len(game.history):]  # an undo took the rest back


def record_parts(record: dict) -> list[dict]:
    """A record as "record" messages: the head, then its commands in parts that fit a frame."""
    head = {k: v for k, v in record.items() if k not in ("commands", "hashes")}
    parts, current, size = [], [], 0
    for cd in record["commands"]:
        n = len(json.dumps(cd)) + 1
        if current and (size + n > RECORD_PART_BYTES or len(current) >= 2000):
            parts.append(current)
            current, size = [], 0
        current.append(cd)
        size += n
    parts.append(current)
    return [{"type": "record", "head": head if i == 0 else {}, "commands": p, "more": i < len(parts) - 1}
            for i, p in enumerate(parts)]
