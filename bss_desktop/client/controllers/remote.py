"""The guest's side of a LAN game for the board: a game that answers from what the host sent, not an engine.

The controller, the board, the payment panel and the game log read a game
through a handful of attributes (`pending`, `legal_commands()`, `view()`,
`state.cards`, `state.players`, `db`, `level`, `bp`, `cost_of`). `RemoteGame`
provides them from the guest's redacted view and legal commands, cards named by
the aliases the host issued, so the same client code plays on both machines.
`RemoteSession` is what the window's GameModel sends commands to: they go to
the host, and the answer (a batch or a refusal) arrives later as a Qt signal.

Everything here reads only what the guest session checked when it arrived
(protocol/messages.py: the view, the events, the legal commands); a card the
card database does not know ends the game with the reason, like any other
malformed batch, instead of failing later inside a redraw.
"""
from __future__ import annotations

from types import SimpleNamespace

from PySide6.QtCore import QObject, Signal

from bss_desktop.engine.commands import PlaceNexus, Summon, UseMagic, command_from_dict
from bss_desktop.engine.events import Event
from bss_desktop.engine.game import Pending
from bss_desktop.engine.settings import Ruleset

CHOICE_KINDS = ("order", "may", "x", "target", "substitute", "cores", "effect", "discard", "search")


class _Card(SimpleNamespace):
    """iid (the alias), cid, owner, zone, exhausted, cores — what the guest knows of a card."""


class RemoteGame:
    def __init__(self, db, session, settings: Ruleset | None = None, profile=None):
        from bss_desktop.table.profiles import get_profile

        self.profile = profile or get_profile("bss")  # the game on the table: the one the handshake agreed on
        self.db = db
        self.session = session
        self.settings = settings or Ruleset()
        self.start: dict = {}
        self.history: list = []
        self.log_events: list = []
        self.inline_cards: list = []
        self.names = [None, None]
        self.setup_events: list[Event] = []  # the first batch's events (the window opens after it)
        self.looked: dict[int, list[int]] = {}  # owner -> the deck cards we are looking at (top first)
        self.state = SimpleNamespace(cards={}, players=[_player(), _player()], queue=[], turn=0, turn_player=0,
                                     step="", first_player=0, result=None, table=None, rules=None)
        self._view = None

    # ------------------------------------------------------------------ fed by the session

    def unknown_card(self, view: dict, events: list[dict]) -> str | None:
        """Where the batch names a card this app's card database does not have (a token made in the batch is
        known), or None."""
        made = {e.get("cid") for e in events if e["kind"] == "manual" and e.get("what") in ("token", "card_token")
                or e["kind"] == "token"}  # (a Battle of Souls fighter token made by an effect)

        def known(cid) -> bool:
            return cid in made or cid in self.db

        for p, pv in enumerate(view["players"]):
            for zone in ("hand", "trash", "field", "leaving"):
                for i, c in enumerate(pv.get(zone) or ()):
                    if not known(c["cid"]):
                        return f"view.players[{p}].{zone}[{i}].cid: no card {c['cid']!r}"
            burst = pv["burst"]
            if burst is not None and "card" in burst and not known(burst["cid"]):
                return f"view.players[{p}].burst.cid: no card {burst['cid']!r}"
            for zone, entries in (pv.get("areas") or {}).items():
                for i, c in enumerate(entries or ()):
                    if c["cid"] is not None and not known(c["cid"]):
                        return f"view.players[{p}].areas.{zone}[{i}].cid: no card {c['cid']!r}"
        for i, e in enumerate(events):
            if (e["kind"] == "look" or e["kind"] == "manual" and e.get("what") == "look") and e.get("cards") is not None:
                for cid in e["cids"]:
                    if not known(cid):
                        return f"events[{i}].cids: no card {cid!r}"
        return None

    def update(self, view: dict, events: list[dict]) -> list[Event]:
        """Take a new batch: remember every card it names, mirror the view. Returns the events as Events."""
        cards = self.state.cards
        for e in events:
            self._note(e)
            iid, cid = e.get("card"), e.get("cid")
            if isinstance(iid, int) and cid and iid not in cards:
                cards[iid] = _Card(iid=iid, cid=cid, owner=e.get("owner", e.get("player", 0)), zone="hidden",
                                   exhausted=False, cores=0)
        self._view = view
        st = self.state
        st.turn, st.turn_player, st.step = view["turn"], view["turn_player"], view["step"]
        st.first_player = view["first_player"]
        looked = {i for cards_ in self.looked.values() for i in cards_}
        for c in cards.values():
            c.zone = "deck" if c.iid in looked else "hidden"  # until the view shows where it is
        for p, pv in enumerate(view["players"]):
            player = st.players[p]
            player.life, player.reserve, player.trash_cores = pv["life"], pv["reserve"], pv["trash_cores"]
            player.soul = pv["soul"]
            player.hand = self._place(pv["hand"] or [], p, "hand")
            player.trash = self._place(pv["trash"], p, "trash")
            player.field = self._place(pv["field"], p, "field")
            self._place(pv.get("leaving") or [], p, "pending")  # (the Use area shows them: controllers/game.in_use)
            player.deck = [None] * pv["deck_count"]
            burst = pv["burst"]
            player.burst = self._place([burst], p, "burst")[0] if burst and "card" in burst else None
        if any("areas" in pv for pv in view["players"]):
            self._mirror_table(view)
        for owner, seen in list(self.looked.items()):  # looked-at cards that left the deck are no longer looked at
            self.looked[owner] = [i for i in seen if cards[i].zone == "deck"]
        r = view["result"]
        st.result = None if r is None else SimpleNamespace(winner=r["winner"], reason=r["reason"])
        st.rules = _rules(view.get("rules"))
        out = [Event(e["kind"], **{k: v for k, v in e.items() if k != "kind"}) for e in events]
        if not self.setup_events:
            self.setup_events = out
        return out

    def _mirror_table(self, view: dict) -> None:
        """What another game's profile adds, as the view shows it: its zones (a hidden one as unknown cards), the
        marks on cards, trackers and pieces."""
        from bss_desktop.table.state import Mark

        table = SimpleNamespace(areas=[{}, {}], marks={}, trackers=[{}, {}], pieces=[{}, {}])
        for p, pv in enumerate(view["players"]):
            for zone, entries in (pv.get("areas") or {}).items():
                if entries is None:
                    table.areas[p][zone] = [None] * pv["counts"][zone]
                    continue
                table.areas[p][zone] = self._place(entries, p, zone)
            for entry in [*pv["field"], *(e for es in (pv.get("areas") or {}).values() for e in es or ())]:
                if any(k in entry for k in ("down", "counters", "on", "turn", "back")):
                    table.marks[entry["card"]] = Mark(bool(entry.get("down")), dict(entry.get("counters") or {}),
                                                      entry.get("on"), entry.get("turn"), bool(entry.get("back")))
            table.trackers[p] = dict(pv.get("trackers") or {})
            table.pieces[p] = dict(pv.get("pieces") or {})
        self.state.table = table

    def zone_cards(self, p: int, zone: str) -> list:
        """The cards in player `p`'s `zone`, as far as the view shows them (None for a card it hides)."""
        player = self.state.players[p]
        if zone == "burst":
            return [] if player.burst is None else [player.burst]
        if hasattr(player, zone):
            return getattr(player, zone)
        return self.state.table.areas[p].get(zone, []) if self.state.table is not None else []

    def may_turn(self, card) -> bool:
        """Cards that turn sideways: the field, or the profile's zones laid out in a row (as the engine says)."""
        if self.state.table is None:
            return card.zone == "field"
        zone = self.profile.zones.get(card.zone)
        return zone is not None and zone.display == "row"

    def _note(self, e: dict) -> None:
        """What single events tell beyond the view: our looks at a deck, tokens made by hand."""
        seat = self.session.seat
        what = e.get("what") if e["kind"] == "manual" else None
        if (what == "look" or e["kind"] == "look") and e["cards"] is not None:
            deck = e.get("zone", "deck") == "deck"  # an effect may look at the opponent's hand instead (CR 12-3-1)
            for iid, cid in zip(e["cards"], e["cids"]):
                self.state.cards[iid] = _Card(iid=iid, cid=cid, owner=e["owner"], zone="deck" if deck else "hidden",
                                              exhausted=False, cores=0)
            if deck:
                self.looked = {e["owner"]: list(e["cards"])}
        elif what == "token" and e.get("cid") and e["cid"] not in self.db:
            from bss_desktop.carddb.cards import hand_token

            if not getattr(self, "_db_owned", False):  # never add to the shared database
                self.db, self._db_owned = self.db.copy(), True
            self.db.add(hand_token(e["cid"], e["name"], e["color"], e["bp"]))
        elif what == "card_token" and e.get("cid") and e["cid"] not in self.db:
            from bss_desktop.carddb.game_cards import card_token

            if not getattr(self, "_db_owned", False):
                self.db, self._db_owned = self.db.copy(), True
            self.db.add(card_token(e["cid"], e["name"], e["type"], dict(e["stats"])))
        elif e["kind"] == "token" and e.get("cid") and e["cid"] not in self.db:  # a Battle of Souls fighter token
            from bss_desktop.carddb.game_cards import card_token

            if not getattr(self, "_db_owned", False):
                self.db, self._db_owned = self.db.copy(), True
            self.db.add(card_token(e["cid"], e["name"], "fighter", {"class": "Warrior", "atk": e["atk"],
                                                                    "rst": e["rst"]}))
        elif e["kind"] == "shuffle" or (e["kind"] == "manual" and e.get("player") == seat
                                        and what not in ("move", "reveal", "look")):
            self.looked = {}  # the host forgets what we looked at then too (protocol/redaction.py)

    def _place(self, entries, owner: int, zone: str) -> list[int]:
        out = []
        for e in entries:
            c = self.state.cards.get(e["card"])
            if c is None:
                c = self.state.cards[e["card"]] = _Card(iid=e["card"], cid=e["cid"], owner=owner, zone=zone,
                                                        exhausted=False, cores=0)
            c.cid, c.owner, c.zone = e["cid"], owner, zone
            c.exhausted, c.cores = e.get("exhausted", False), e.get("cores", 0)
            c.level, c.bp = e.get("level"), e.get("bp")
            out.append(e["card"])
        return out

    # ------------------------------------------------------------------ what the client reads

    @property
    def pending(self):
        pv = None if self._view is None else self._view["pending"]
        if pv is None:
            return None
        info = {k: v for k, v in pv.items() if k not in ("kind", "player")}
        if pv["kind"] in CHOICE_KINDS:
            return Pending("choose", pv["player"], {"kind": pv["kind"], **info})
        return Pending(pv["kind"], pv["player"], info)

    @property
    def result(self):
        return self.state.result

    @property
    def over(self) -> bool:
        return self.state.result is not None

    def view(self, seat: int) -> dict:
        return self._view

    def legal_commands(self):
        if not self.session.my_decision:
            return []  # nothing to do: not our decision, or a command is on its way
        parsed = getattr(self.session, "legal_commands", None)  # parsed once, as checked on arrival
        if parsed is not None:
            return list(parsed)
        return [command_from_dict(d) for d in self.session.legal]

    def level(self, iid: int) -> int:
        return self.state.cards[iid].level

    # what Battle of Souls' controller reads (client/controllers/bos.py), from the view's "rules" and trackers

    def card_def(self, iid: int):
        return self.db[self.state.cards[iid].cid]

    def deploys_left(self, p: int) -> int:
        return self.state.rules.deploys_left[p] if self.state.rules is not None else 0

    def sp(self, p: int) -> int:
        return self.state.table.trackers[p].get("sp", 0) if self.state.table is not None else 0

    def describe_event(self, event, viewer):
        """The log's line in the game's own words, where its rules module has them (Battle of Souls)."""
        if self.profile.rules != "bos":
            return None
        from bss_desktop.rules.bos.log import describe

        return describe(self, event, viewer)

    def bp(self, iid: int) -> int:
        return self.state.cards[iid].bp

    def cost_of(self, iid: int) -> int:
        """The cost after reductions, as the host's automatic payment for this card pays it: the payment with none of
        a game's own ways to pay (Standard's 《Succession》 and 《Soul Magic》 offers cost less). With no such offer
        (too few cores without them), a Succession offer's cost and the one core each of its EX cards saved."""
        soul_magic = bool((self.db[self.state.cards[iid].cid].extra or {}).get("soul_magic"))
        saved = None
        for c in self.legal_commands():
            if not isinstance(c, (Summon, PlaceNexus, UseMagic)) or c.card != iid or c.pay is None:
                continue
            paid = _paid(c)
            if c.exile:
                if saved is None:
                    saved = paid + len(c.exile)  # each EX card satisfied one reduction symbol (STD 12-2-1-3-1)
            elif not (soul_magic and c.pay == () and c.pay_soul):  # (the soul core alone: 《Soul Magic》)
                return paid
        return saved if saved is not None else self._printed_cost(iid)

    def _printed_cost(self, iid: int) -> int:
        """With no offer to read the cost from (none at all, or only 《Soul Magic》's soul core): the printed cost less
        the reduction by the printed symbols of its owner's field (an effect changing either is not in the view)."""
        from bss_desktop.rules.bss.costs import reduction

        cards = self.state.cards
        card = self.db[cards[iid].cid]
        field = self.state.players[cards[iid].owner].field
        return max(0, card.cost - reduction(card, tuple(s for f in field for s in self.db[cards[f].cid].symbols)))

    # a game's own ways to pay, as the host's legal commands offer them (engine/game.py: Game.soul_magic_ok ...)

    def soul_magic_ok(self, cmd) -> bool:
        return any(isinstance(c, UseMagic) and c.card == cmd.card and c.pay == () and c.pay_soul
                   for c in self.legal_commands())

    def succession_cards(self, cmd) -> list[int]:
        """The EX cards the host offers to remove, in its order: the host offers each count k with the first k of
        them (rules/standard/costs.py), so the longest offer holds them all."""
        offered = [c.exile for c in self.legal_commands() if type(c) is type(cmd) and c.card == cmd.card
                   and getattr(c, "exile", ())]
        return list(max(offered, key=len)) if offered else []

    def cost_with(self, cmd) -> int:
        """The cost with `cmd`'s Succession cards: the host's offer removing exactly those (none: cost_of)."""
        if not cmd.exile:
            return self.cost_of(cmd.card)
        for c in self.legal_commands():
            if type(c) is type(cmd) and c.card == cmd.card and getattr(c, "exile", ()) == cmd.exile \
                    and c.pay is not None:
                return _paid(c)
        return self.cost_of(cmd.card)

    def cited(self, text: str) -> str:
        """The log's and the panels' rule numbers in the words of the game's own rules module."""
        from bss_desktop.rules import game_class

        return game_class(self.profile).cited(text)

    def state_hash(self) -> str:
        from bss_desktop.protocol.redaction import view_hash

        return view_hash(self._view or {})


def _paid(cmd) -> int:
    """How many cores an offered payment pays (the soul core counts as one)."""
    return sum(n for _, n in cmd.pay) + (1 if cmd.pay_soul else 0)


def _rules(data):
    """A rules module's public state from the view (Battle of Souls: engine/view.py "rules"), as the controller reads
    the engine's (state.rules): the chain's links and the attack as objects."""
    if data is None:
        return None
    fight = data["fight"]
    return SimpleNamespace(
        phase=data["phase"], window=data["window"], priority=data["priority"], replay=data["replay"],
        deploys_left=list(data["deploys_left"]),
        fight=None if fight is None else SimpleNamespace(**fight),
        chain=[SimpleNamespace(controller=k["controller"], card=k["card"], effect=k["effect"],
                               targets=tuple(k["targets"]), negated=k["negated"]) for k in data["chain"]])


def _player():
    return SimpleNamespace(life=0, reserve=0, trash_cores=0, soul="reserve", hand=[], trash=[], field=[], deck=[],
                           burst=None)


class RemoteSession(QObject):
    """A GuestSession seen from Qt: commands go out, batches and refusals come back as signals."""

    changed = Signal(list)  # the events of a batch, as Events
    refused = Signal(str, str)  # rule, message
    chat = Signal(str, str)  # name, text
    status = Signal(str)
    finished = Signal(object)  # the audit report (or None)
    undoAsked = Signal(int)  # the host asks to undo command n: answer with answer_undo()
    rewound = Signal()  # an agreed undo took the game back

    def __init__(self, guest, db, parent=None):
        super().__init__(parent)
        self.guest = guest
        self.game = RemoteGame(db, guest, guest.settings, getattr(guest, "profile", None))
        guest.on_batch = self._batch
        guest.on_refused = lambda rule, message: self.refused.emit(rule, message)
        guest.on_chat = lambda name, text: self.chat.emit(name, text)
        guest.on_status = lambda text: self.status.emit(text)
        guest.on_rewind = self._rewound
        guest.on_resumed = lambda: self.changed.emit([])  # our decision, if it is ours, is open again
        guest.on_undo_request = lambda seq: self.undoAsked.emit(seq)

    def _batch(self, msg: dict, view: dict) -> None:
        where = self.game.unknown_card(view, msg["events"])
        if where is not None:
            from bss_desktop.net.link import PeerError

            field, _, what = where.partition(": ")
            raise PeerError("message", f"'{msg['type']}' message (batch {msg['seq']}): field '{field}': {what} in "
                                       f"this app's card database")
        events = self.game.update(view, msg["events"])
        if self.guest.seat is not None:
            names = [None, None]
            names[self.guest.seat] = self.guest.name
            names[1 - self.guest.seat] = self.guest.host_name
            self.game.names = names
        self.changed.emit(events)

    def _rewound(self, view: dict) -> None:
        where = self.game.unknown_card(view, [])
        if where is not None:
            from bss_desktop.net.link import PeerError

            field, _, what = where.partition(": ")
            raise PeerError("message", f"'rewind' message: field '{field}': {what} in this app's card database")
        self.game.looked = {}
        self.game.update(view, [])
        self.rewound.emit()
        self.changed.emit([])

    def request_undo(self) -> str | None:
        self.guest.request_undo()
        return None

    def answer_undo(self, accept: bool) -> None:
        self.guest.answer_undo(accept)

    @property
    def seat(self) -> int:
        return self.guest.seat

    def apply(self, cmd):
        """Send the command to the host: the answer comes later (`changed` or `refused`)."""
        self.guest.send_command(cmd.to_dict())
        return None

    def say(self, text: str) -> None:
        self.guest.say(text)

    def close(self) -> None:
        self.guest.close()

    @property
    def pending(self):
        return self.game.pending

    def view(self, seat: int) -> dict:
        return self.game.view(seat)

    def legal_commands(self):
        return self.game.legal_commands()
