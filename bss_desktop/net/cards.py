"""Card definitions across the LAN: when two players imported different cards, with both players' consent.

Two engines agree only if every card the game uses has the same definition on both machines. When the two hellos'
card-database hashes are equal nothing more is needed. When they differ, after both players are committed to their
decks (so nothing learned here can change a deck), the handshake compares the cards the two decks use:

1. the guest sends `have`: a digest of every card definition it knows (`digest`: 16 hex digits of the sha256 of
   the card's canonical set-file dict), never the cards themselves; the host has the guest's deck already;
2. the host works out which of its deck's cards the guest lacks (their digest is not in `have`) and which of the
   guest's deck's cards it lacks itself (their id is not in its database). A card both have with different
   content is refused, naming it: neither side's definition may replace the other's;
3. the host's player consents to send theirs (or the game is off, the guest told which cards by id and name);
   the host sends them, with the ids it needs, as `cards` (in parts that fit a frame);
4. the guest's player consents to use them for this game, and to send the host the ones it asked for
   (`cards` back); the host's player consents to use those;
5. the host's `cards_ok` carries a digest of every definition exchanged (both sides check they hold the same
   ones) and a salted hash of the definitions of the host's deck's cards, which the guest's audit checks at the
   end, when it learns the host's deck (protocol/fairness.py).

Received definitions are checked with the card schema (`card_from_dict`) and the bounds below before anything uses
them, and are added to a copy of the receiver's database for this game only: never to its imported cards folder.
What this tells the other player: the guest learns which of the host's deck's distinct cards it lacked (id and
name, not how many copies) before the game; the host learns the digests of the guest's whole collection.
"""
from __future__ import annotations

import hashlib
import inspect
import json

from ..protocol.fairness import card_canonical
from ..protocol.messages import one_line

MAX_HAVE = 20_000  # digests the guest may list (a full imported pool is under 2,000 cards)
HAVE_PART = 3000  # digests per "have" message (3000 x 19 bytes fit a 64 KiB frame)
MAX_HAVE_PARTS = -(-MAX_HAVE // HAVE_PART)
MAX_OFFER = 60  # definitions one side sends: a deck has at most 60 cards, so at most 60 distinct ones
MAX_CARD_BYTES = 8192  # one definition as compact JSON (the largest imported card is ~1,200 bytes)
MAX_CARD_TEXT = 2000  # characters in any text of a definition (its rules text included)
MAX_CARD_NAME = 80  # characters of a card's name (and additional name)
OFFER_PART_BYTES = 40_000  # definitions per "cards" message are cut to stay well under the frame limit
MAX_OFFER_PARTS = MAX_OFFER  # at most one part per definition
DIGEST_CHARS = 16


class CardExchangeError(ValueError):
    """Definitions this side refuses, or an exchange a player declined; the message names the cards."""

    def __init__(self, message: str, code: str = "cards"):
        super().__init__(message)
        self.message = message
        self.code = code


canonical = card_canonical


def digest(card) -> str:
    return hashlib.sha256(canonical(card).encode("ascii")).hexdigest()[:DIGEST_CHARS]


def have_parts(db) -> list[dict]:
    """The guest's `have` messages: the digest of every card it knows, sorted, in parts."""
    digests = sorted({digest(db[c]) for c in db})[:MAX_HAVE]
    parts = [digests[i:i + HAVE_PART] for i in range(0, len(digests), HAVE_PART)] or [[]]
    return [{"type": "have", "digests": p, "more": i < len(parts) - 1} for i, p in enumerate(parts)]


def distinct(deck) -> list[str]:
    return list(dict.fromkeys(deck))


def pairs(cards) -> list[tuple[str, str]]:
    """(id, name) of each card, to name them to a person."""
    return [(c.id, c.name) for c in cards]


def listed(items, limit: int = 300) -> str:
    """'SG9-001 (Foo), SG9-002 (Bar) and 3 more': cards by id and name, in at most about `limit` characters."""
    shown, size = [], 0
    items = list(items)
    for i, (cid, name) in enumerate(items):
        text = f"{one_line(str(cid))[:40]} ({one_line(str(name))[:MAX_CARD_NAME]})"
        if shown and size + len(text) > limit:
            return ", ".join(shown) + f" and {len(items) - i} more"
        shown.append(text)
        size += len(text) + 2
    return ", ".join(shown)


def offer_parts(cards, want: list[str]) -> list[dict]:
    """`cards` messages carrying these definitions (cut to fit a frame); `want` (ids asked of the other side)
    goes in the last part."""
    from ..carddb.schema import card_to_dict

    parts, current, size = [], [], 0
    for card in cards:
        d = card_to_dict(card)
        n = len(json.dumps(d, separators=(",", ":"), ensure_ascii=False).encode("utf-8")) + 1
        if current and size + n > OFFER_PART_BYTES:
            parts.append(current)
            current, size = [], 0
        current.append(d)
        size += n
    parts.append(current)
    return [{"type": "cards", "cards": p, "want": list(want) if i == len(parts) - 1 else [],
             "more": i < len(parts) - 1} for i, p in enumerate(parts)]


class HaveReader:
    """Collects a peer's `have` parts within the bounds; `add` returns True once the last part is in."""

    def __init__(self):
        self.digests: set[str] = set()
        self.parts = 0

    def add(self, msg: dict) -> bool:
        self.parts += 1
        if self.parts > MAX_HAVE_PARTS or len(self.digests) + len(msg["digests"]) > MAX_HAVE:
            raise CardExchangeError(f"'have' message: the guest lists more than {MAX_HAVE:,} cards in more than "
                                    f"{MAX_HAVE_PARTS} parts (the limit)", code="too_large")
        for i, d in enumerate(msg["digests"]):
            if type(d) is not str or len(d) != DIGEST_CHARS or d.strip("0123456789abcdef"):
                raise CardExchangeError(f"'have' message: field 'digests[{i}]': expected {DIGEST_CHARS} lowercase "
                                        f"hexadecimal digits", code="message")
            self.digests.add(d)
        return not msg["more"]


class OfferReader:
    """Collects a peer's `cards` parts and checks every definition as it arrives (`add` is True once complete).

    `db` is this side's own database: an offered id it already holds (a shipped card, an imported one, a token)
    is refused, since a definition from the other player never replaces one this side has; so is one whose id,
    printing ids (alternate arts) or token ids collide with a card or printing this side has or another definition
    of the same offer (`_scratch`: the database as it would be with the offer, built as it arrives). `expected`,
    if given, is the exact set of ids this side asked for."""

    def __init__(self, db, who: str, expected: set[str] | None = None):
        self.db, self.who, self.expected = db, who, expected
        self._scratch = None  # a copy of db with the definitions so far (made with the first one)
        self.cards: list = []
        self.want: list[str] = []
        self.parts = 0
        self.bytes = 0
        self._ids: set[str] = set()

    def add(self, msg: dict) -> bool:
        self.parts += 1
        if self.parts > MAX_OFFER_PARTS or len(self.cards) + len(msg["cards"]) > MAX_OFFER:
            raise CardExchangeError(f"{self.who} sends more than {MAX_OFFER} card definitions (the limit: the "
                                    f"distinct cards of one deck)", code="too_large")
        for d in msg["cards"]:
            self.cards.append(self._card(d, len(self.cards)))
        if msg["more"]:
            if msg["want"]:
                raise CardExchangeError("'cards' message: field 'want': only the last part asks for cards",
                                        code="message")
            return False
        for i, cid in enumerate(msg["want"]):
            from ..carddb.schema import ID_PATTERN

            if type(cid) is not str or len(cid) > 40 or not ID_PATTERN.match(cid):
                raise CardExchangeError(f"'cards' message: field 'want[{i}]': expected a card id", code="message")
        self.want = distinct(msg["want"])
        if self.expected is not None:
            missing = sorted(self.expected - self._ids)
            if missing:
                raise CardExchangeError(f"{self.who} did not send the definitions asked for: "
                                        f"{', '.join(missing)[:300]}")
        return True

    def _card(self, d, n: int):
        from ..carddb.errors import CardDataError
        from ..carddb.schema import card_from_dict

        cid = d.get("id") if type(d) is dict else None
        name = f"card {one_line(cid)[:40]}" if type(cid) is str else f"definition {n + 1}"
        if type(d) is not dict:
            raise self._bad(name, "", f"expected a card definition (an object), got {type(d).__name__}")
        size = len(json.dumps(d, separators=(",", ":"), ensure_ascii=False).encode("utf-8"))
        if size > MAX_CARD_BYTES:
            raise self._bad(name, "", f"{size:,} bytes, more than the {MAX_CARD_BYTES:,} a definition may have")
        where = _long_text(d)
        if where is not None:
            raise self._bad(name, where, f"text longer than {MAX_CARD_TEXT} characters (the limit)")
        for key in ("name", "additional_name"):
            if type(d.get(key)) is str and len(d[key]) > MAX_CARD_NAME:
                raise self._bad(name, key, f"longer than {MAX_CARD_NAME} characters (the limit)")
        try:
            card = card_from_dict(d)
        except CardDataError as e:
            raise self._bad(name, e.field or "", e.message) from None
        except Exception as e:  # noqa: BLE001 -- whatever a hostile definition does, it is only refused
            raise self._bad(name, "", f"not a definition this app can read ({type(e).__name__})") from None
        if card.id in self._ids:
            raise self._bad(name, "id", "sent twice")
        if self.expected is not None and card.id not in self.expected:
            raise self._bad(name, "id", "not one of the cards asked for")
        if card.token:
            raise self._bad(name, "token", "a token is never a deck card: its card's definition carries it")
        self._check_new(card, name)
        self._check_ids(card, name)
        self._ids.add(card.id)
        return card

    def _check_ids(self, card, name: str) -> None:
        """Every id the definition brings (its own, its printings', its tokens') is free in this side's database
        with the offer so far: the receiver adds them all later, and a collision there would be an error nobody
        could act on."""
        if self._scratch is None:
            self._scratch = self.db.copy()
        try:
            self._scratch.add(card)
        except ValueError as e:  # CardDB.add names the id: "printing 'X' of Y is already a card"
            raise CardExchangeError(f"{self.who} sends a definition of {name} ({one_line(card.name)[:MAX_CARD_NAME]}) "
                                    f"whose ids collide with a card you have or another card of the offer: "
                                    f"{one_line(str(e))[:200]}") from None

    def _check_new(self, card, name: str) -> None:
        from ..carddb.schema import card_tokens

        for c in [card, *card_tokens(card)]:
            old = self.db.get(c.id)
            if old is None:
                continue
            how = "the same definition" if old == c else f"a different definition (named {one_line(old.name)!r})"
            raise CardExchangeError(f"{self.who} sends a definition of card {one_line(c.id)[:40]} "
                                    f"({one_line(c.name)[:MAX_CARD_NAME]}), but your card database already has "
                                    f"{how}: a card you have is never replaced by the other player's")

    def _bad(self, name: str, field: str, text: str) -> CardExchangeError:
        where = f": field '{field}'" if field else ""
        return CardExchangeError(f"{self.who} sends a malformed definition: {name}{where}: {text}"[:480],
                                 code="message")


def _long_text(d) -> str | None:
    """The field path of the first text in `d` longer than MAX_CARD_TEXT (walked without recursion)."""
    todo = [("", d)]
    while todo:
        path, v = todo.pop()
        if type(v) is str:
            if len(v) > MAX_CARD_TEXT:
                return path or "(text)"
        elif type(v) is dict:
            todo.extend((f"{path}.{k}" if path else str(k), x) for k, x in v.items())
            if any(type(k) is str and len(k) > MAX_CARD_TEXT for k in v):
                return path or "(a key)"
        elif type(v) is list:
            todo.extend((f"{path}[{i}]", x) for i, x in enumerate(v))
    return None


def game_db(db, cards):
    """A copy of `db` with `cards` added: the database of this game (never the player's own)."""
    if not cards:
        return db
    out = db.copy()
    for c in cards:
        out.add(c)
    return out


def exchanged_digest(cards) -> str:
    """One hash of every definition exchanged, either way (both sides compute it and must agree)."""
    blob = "\n".join(sorted(canonical(c) for c in cards))
    return hashlib.sha256(("bss-cards\n" + blob).encode("ascii")).hexdigest()


def cards_from_dicts(items, field: str) -> list:
    """Definitions kept in an autosave, read back: ValueError naming the field."""
    from ..carddb.errors import CardDataError
    from ..carddb.schema import card_from_dict

    if not isinstance(items, list):
        raise ValueError(f"field '{field}' is malformed (expected a list of card definitions)")
    out = []
    for i, d in enumerate(items):
        try:
            out.append(card_from_dict(d))
        except CardDataError as e:
            raise ValueError(f"field '{field}[{i}]' is malformed ({e})") from None
    return out


async def ask(consent, kind: str, cards, peer: str) -> bool:
    """The player's consent: `consent(kind, [(id, name)], peer)` answers True or False, at once or awaited.
    kind "send": the peer lacks these cards of your deck; "receive": the peer offers these definitions. No
    consent function means no."""
    if consent is None:
        return False
    answer = consent(kind, pairs(cards), peer)
    if inspect.isawaitable(answer):
        answer = await answer
    return answer is True


def fixed_consent(send: bool = False, accept: bool = False, say=None):
    """A consent given in advance (`--send-cards`, `--accept-cards`); `say(text)` reports each question."""
    def consent(kind: str, items, peer: str) -> bool:
        yes = send if kind == "send" else accept
        if say is not None:
            what = (f"{peer} lacks {len(items)} card(s) your deck uses: {listed(items)}; "
                    + ("sending their definitions (--send-cards)" if yes else "not sending them (no --send-cards)")
                    if kind == "send" else
                    f"{peer} offers {len(items)} card definition(s) your card database lacks: {listed(items)}; "
                    + ("using them for this game (--accept-cards)" if yes else
                       "declined (no --accept-cards)"))
            say(what)
        return yes

    return consent


def question(kind: str, items, peer: str) -> str:
    """What the LAN windows ask their player (plain text: names come from the other player)."""
    peer = one_line(peer)[:40] or "The other player"
    if kind == "send":
        return (f"{peer} lacks {len(items)} card(s) your deck uses: {listed(items, 600)}.\n\nSend their definitions "
                f"(your own card data) so that you can play? They are used for this game only. If you decline, no "
                f"game is played and {peer} is told which cards (id and name) are missing.")
    return (f"{peer} offers the definitions of {len(items)} card(s) your card database lacks: {listed(items, 600)}."
            f"\n\nUse them for this game? They are checked like any card file, used for this game and its record "
            f"only, and never added to your imported cards.")
