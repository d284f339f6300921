"""Per-seat redaction: what one seat may learn from the host's events and views (CR 3-2-2, 3-3-3, 3-8-2).

The host keeps one `SeatWindow` per remote seat. Everything that leaves the
host for that seat goes through it:

- **Aliases.** The seat never sees the engine's card ids (they index the deck
  lists, so they would give identities away). A card gets an alias the first
  time the seat may see it, keeps it while it stays visible, and loses it when
  it becomes hidden (a hand the seat may not look at, any deck, a face-down
  burst); when it shows up again it gets a new alias, so it cannot be followed.
- **Events** name cards by alias, and carry a card's identity (`cid`) only while
  the seat may see it. Cores are public (CR 3-5), so core events pass unchanged.
- **Views** are `engine.view.view(game, seat)` with ids turned into aliases.
- **Commands** from the seat name cards by alias; `command_to_engine` turns them
  back, and refuses an alias the seat was never given (so a seat cannot ask for
  a card it cannot see).

A window is deterministic: fed the same events it issues the same aliases, so a
guest replaying the record after the game can rebuild exactly what it was sent.

A game of another profile (table/) says which of its zones are public, its owner's or nobody's; a face-down
card in a public zone (a Battle of Souls tactic) is its owner's alone, like a face-down burst.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import replace

from ..engine.commands import CoreMove, command_from_dict

PUBLIC_ZONES = ("field", "trash", "resolving", "removed", "token")
LOOK_KEEPS = ("move", "reveal", "look")  # what a seat may do while looking at its deck without losing the view


class RedactionError(ValueError):
    """A command from a seat that names a card the seat cannot see, or is not its to send."""

    def __init__(self, field: str, message: str):
        super().__init__(f"field '{field}': {message}")
        self.field = field
        self.message = message


def initial_zones(game) -> dict[int, str]:
    """Where every card was before the game's first event: a new game starts with every card in a deck (but a
    side deck, which setup leaves alone)."""
    if "seed" in game.start:
        return {iid: "side" if c.zone == "side" else "deck" for iid, c in game.state.cards.items()}
    return {iid: c.zone for iid, c in game.state.cards.items()}


def _zone_sight(profile) -> tuple[frozenset, frozenset]:
    """(public zones, zones only their owner sees) of a game: Battle Spirits Saga's, or its profile's."""
    if profile is None or profile.id == "bss":
        return frozenset(PUBLIC_ZONES), frozenset(("hand", "burst"))
    public = {z.name for z in profile.card_zones() if z.visibility == "public"}
    owner = {z.name for z in profile.card_zones() if z.visibility == "owner"}
    return frozenset(public | {"resolving", "removed", "token", "pending"}), frozenset(owner)


def initial_down(game) -> set[int]:
    """The cards face down before the game's first event (a position may start with some)."""
    table = game.state.table
    return set() if table is None else {i for i, m in table.marks.items() if m.down}


class SeatWindow:
    def __init__(self, seat: int, owners: dict[int, int], zones: dict[int, str], cids: dict[int, str],
                 profile=None, down: set[int] = frozenset()):
        self.seat = seat
        self.public, self.private = _zone_sight(profile)
        self.peek = profile is None or all(z.peek == "owner" for z in profile.zones.values())
        self.down = set(down)  # face-down cards in public zones (another game's profile)
        self.owner = dict(owners)  # iid -> owner
        self.cid = dict(cids)  # iid -> card id, told only while the seat may see the card
        self.zone = dict(zones)  # iid -> zone, as the events have told it so far
        self.game_over = False
        self.alias: dict[int, int] = {}  # iid -> alias, for cards this seat may see now
        self.looking: set[int] = set()  # deck cards this seat is looking at (ManualLook): they keep their aliases
        self.revealed: set[int] = set()  # cards an effect revealed: public until it has resolved (CR 12-2-2)
        self.real: dict[int, int] = {}  # alias -> iid
        self._next = 1

    @classmethod
    def for_game(cls, game, seat: int) -> "SeatWindow":
        cards = game.state.cards
        return cls(seat, {i: c.owner for i, c in cards.items()}, initial_zones(game),
                   {i: c.cid for i, c in cards.items()}, game.profile, initial_down(game))

    # ------------------------------------------------------------------ visibility and aliases

    def visible(self, iid: int) -> bool:
        """Whether this seat may know which card `iid` is, where it is now (CR 3-2-2, 3-3-3, 3-8-2)."""
        zone = self.zone.get(iid)  # a card no event has placed yet is hidden: fail closed
        if zone in self.public:
            if iid in self.down:  # face down on the table: its owner's (profile peek: owner), nobody else's
                return self.peek and self.owner.get(iid) == self.seat
            return True
        if iid in self.revealed and zone == "deck":
            return True  # revealed from a deck by the effect resolving now (a search's top cards, CR 12-2-2)
        if zone is None or zone == "deck":
            return False  # nobody looks at a deck, not even its owner
        if zone == "burst" and self.game_over:
            return True  # CR 3-8-5
        if zone not in self.private:
            return False  # a zone nobody sees
        return self.owner.get(iid) == self.seat  # own hand, own face-down burst

    def _issue(self, iid: int) -> int:
        a = self.alias.get(iid)
        if a is None:
            a = self.alias[iid] = self._next
            self.real[a] = iid
            self._next += 1
        return a

    def _drop(self, iid: int) -> None:
        a = self.alias.pop(iid, None)
        if a is not None:
            del self.real[a]

    def ref(self, iid, *, shown: bool = False):
        """The alias of `iid` if this seat may see it (or it is being `shown` to it), else None."""
        if not isinstance(iid, int) or isinstance(iid, bool):
            return iid
        if shown or self.visible(iid):
            return self._issue(iid)
        return None

    def _sweep(self) -> None:
        """Hidden cards lose their aliases: when they show up again they are new cards to this seat."""
        self.looking = {i for i in self.looking if self.zone.get(i) == "deck"}
        for iid in [i for i in self.alias if not self.visible(i) and i not in self.looking]:
            self._drop(iid)

    # ------------------------------------------------------------------ events

    def events(self, events) -> list[dict]:
        """A batch of engine events as this seat may see them, in order."""
        out = [r for r in (self._event(e.kind, dict(e.data)) for e in events) if r is not None]
        self._sweep()
        return out

    def _event(self, kind: str, d: dict) -> dict:
        if kind == "draw":
            self.zone[d["card"]] = "hand"
            if d["player"] == self.seat:
                iid = d["card"]
                return {"kind": kind, "player": d["player"], "card": self._issue(iid), "cid": self.cid.get(iid)}
            return {"kind": kind, "player": d["player"], "card": None}
        if kind in ("card_moved", "card_face"):
            iid = d["card"]
            self.owner.setdefault(iid, d["owner"])
            self.cid.setdefault(iid, d["cid"])
            before = self.visible(iid)
            if kind == "card_moved":
                self.zone[iid] = d["dst"]
                self.down.discard(iid)
            if d.get("down"):
                self.down.add(iid)
            elif kind == "card_face":
                self.down.discard(iid)
            after = self.visible(iid)
            if not (before or after):
                d["card"] = None
                d.pop("cid", None)
            else:
                if not before:
                    self._drop(iid)  # it comes out of hiding as a new card
                d["card"] = self._issue(iid)
            if not after:
                self._drop(iid)
            return {"kind": kind, **d}
        if kind == "game_over":
            self.game_over = True
        if kind in ("reveal", "burst_revealed"):
            if kind == "reveal" and d.get("why") == "search":
                self.revealed.add(d["card"])
            d["card"] = self.ref(d["card"], shown=True)
            return {"kind": kind, **d}
        if kind == "resolved":
            self.revealed = set()  # the effect is over: revealed cards in a private area are private again
        if kind == "manual" and d.get("player") == self.seat and d.get("what") not in LOOK_KEEPS:
            self.looking = set()  # done looking: those deck cards are hidden again
        if kind == "shuffle":
            self.looking = {i for i in self.looking if self.owner.get(i) != d["player"]}
        if kind == "look" or (kind == "manual" and d.get("what") == "look"):
            # an effect's look or one by hand: only the player looking learns the cards (CR 12-3-1)
            if d["player"] == self.seat:
                self.looking = set(d["cards"])
                d["cards"] = [self.ref(i, shown=True) for i in d["cards"]]
            else:  # the other player learns how many cards were looked at, not which
                d["cards"] = None
                d.pop("cids", None)
            return {"kind": kind, **d}
        if kind == "manual" and d.get("what") == "reveal":
            d["cards"] = [self.ref(i, shown=True) for i in d["cards"]]
            return {"kind": kind, **d}
        if kind == "manual" and d.get("what") in ("token", "card_token"):
            self.owner[d["card"]] = d["owner"]
            self.zone[d["card"]] = "token"
        if kind == "resolved" and isinstance(d.get("ref"), list) and d["ref"] and not self.visible(d["card"]):
            # which of a hidden card's effects it was would tell something of the card; a declined burst and a
            # burst asked at a moment it did not match (ask_every_burst_moment) must read the same (CR 3-8-2)
            d["ref"] = [d["ref"][0], None]
        if kind == "manual_effect" and not self.visible(d["card"]):
            # a hidden card's text (a face-down burst whose moment came, CR 10-9) would name it, and even that an
            # announcement came would tell that it matched (CR 3-8-2): this seat is told nothing
            return None
        for key in ("card", "attacker", "blocker", "source", "host", "target", "fighter"):
            if key in d:
                d[key] = self.ref(d[key])
        for key in ("cards", "targets"):
            if key in d:
                d[key] = [self.ref(i) for i in d[key]]
        if kind == "cores_moved" or (kind == "manual" and d.get("what") == "cores"):
            for key in ("src", "dst"):
                d[key] = self.ref(d[key])
        if kind == "destroyed" and isinstance(d.get("cause"), list) and len(d["cause"]) == 3:
            d["cause"] = [d["cause"][0], d["cause"][1], self.ref(d["cause"][2])]
        if kind == "chose" and d.get("choice") == "target":
            d["value"] = [self.ref(i) for i in d["value"]]
        if kind == "chose" and d.get("choice") == "cores":  # 0 (the reserve) and -1 (the soul core) are no cards
            d["value"] = [self.ref(i) if i > 0 else i for i in d["value"]]
        return {"kind": kind, **d}

    # ------------------------------------------------------------------ views

    def view(self, game) -> dict:
        """`engine.view.view(game, seat)` with aliases for ids; hidden choices show no options."""
        v = game.view(self.seat)
        for p in v["players"]:
            for key in ("hand", "trash", "field", "leaving"):
                if p.get(key) is not None:
                    p[key] = [self._entry(e) for e in p[key]]
            for zone, entries in (p.get("areas") or {}).items():
                if entries is not None:  # a face-down card keeps a position on the table: an alias of its own
                    p["areas"][zone] = [self._entry(e) for e in entries]
            if isinstance(p["soul"], int):  # the soul core sits on a field card
                p["soul"] = self.ref(p["soul"])
            if p["burst"] is not None and "card" in p["burst"]:
                p["burst"] = {**p["burst"], "card": self._issue(p["burst"]["card"])}
        if v["battle"] is not None:
            b = v["battle"]
            b["attacker"] = self.ref(b["attacker"])
            b["blocker"] = self.ref(b["blocker"])
            if "link" in b:  # the spirit linked with the attacker (Saga's 【Link】)
                b["link"] = self.ref(b["link"])
        rules = v.get("rules")
        if rules is not None:  # a rules module's public state (Battle of Souls: the chain, the attack, a Replay)
            rules["replay"] = self.ref(rules.get("replay"))
            if rules.get("fight") is not None:
                f = rules["fight"]
                rules["fight"] = {**f, "attacker": self.ref(f["attacker"]), "target": self.ref(f["target"])}
            rules["chain"] = [{**k, "card": self.ref(k["card"]), "targets": [self.ref(t) for t in k["targets"]]}
                              for k in rules.get("chain", ())]
        pend = v["pending"]
        if pend is not None:
            for key in ("attacker", "blocker", "source"):
                if key in pend:
                    pend[key] = self.ref(pend[key])
            if pend.get("sources") is not None:  # the cards the effects to order come from
                pend["sources"] = [self.ref(i) for i in pend["sources"]]
            if pend.get("options") is not None:  # a choice inside an effect (its kind replaces "choose")
                if pend["player"] != self.seat:
                    pend["options"] = None  # the other seat's options may be cards only it may look at
                    pend.pop("counts", None)
                elif pend["kind"] in ("target", "discard", "search"):  # (a search's: its own deck, shown to it)
                    pend["options"] = [self.ref(i, shown=True) for i in pend["options"]]
                elif pend["kind"] == "cores":  # places: 0 the reserve, -1 the soul core, else a card
                    pend["options"] = [self.ref(i) if i > 0 else i for i in pend["options"]]
        return v

    def _entry(self, e: dict) -> dict:
        e = {**e, "card": self._issue(e["card"])}
        if "on" in e:
            e["on"] = self._issue(e["on"])
        return e

    # ------------------------------------------------------------------ commands from the seat

    def command_to_engine(self, data: dict, choice_kind: str | None = None):
        """A command dict from this seat (cards named by alias) as an engine command.

        Raises CommandFormatError for a malformed command and RedactionError for a card the
        seat was not shown or a command in another player's name.
        """
        cmd = command_from_dict(data)
        if cmd.player != self.seat:
            raise RedactionError("player", f"you play seat {self.seat}, not {cmd.player}")
        changes = {}
        for name in ("card", "spirit", "ascend", "host", "fighter", "target"):
            v = getattr(cmd, name, None)
            if v is not None:
                changes[name] = self._real(v, name)
        for name in ("targets", "sacrifices", "discards"):  # (Battle of Souls' UseCard and Deploy)
            ids = getattr(cmd, name, None)
            if ids:
                changes[name] = tuple(self._real(a, f"{name}[{i}]") for i, a in enumerate(ids))
        for name in ("pay", "place", "sources"):
            sel = getattr(cmd, name, None)
            if sel:
                changes[name] = tuple((self._loc(loc, f"{name}[{i}][0]"), n) for i, (loc, n) in enumerate(sel))
        if getattr(cmd, "moves", None):
            changes["moves"] = tuple(CoreMove(self._loc(m.src, f"moves[{i}][0]"), self._loc(m.dst, f"moves[{i}][1]"),
                                              m.count, m.soul) for i, m in enumerate(cmd.moves))
        if cmd.kind == "manual_cores":
            changes["src"] = self._loc(cmd.src, "src")
            changes["dst"] = self._loc(cmd.dst, "dst")
        if cmd.kind == "manual_look" and cmd.owner != self.seat:
            raise RedactionError("owner", "you may look only at your own deck; its owner can reveal cards to you "
                                          "(CR 3-2-2)")
        if cmd.kind == "manual_random_card" and cmd.owner != self.seat:
            raise RedactionError("owner", "over the LAN a random card is picked from your own hand; the other "
                                          "player picks from theirs")
        if getattr(cmd, "exile", None):  # 《Succession》's cards of the trash (STD 12-2-1-3)
            changes["exile"] = tuple(self._real(a, f"exile[{i}]") for i, a in enumerate(cmd.exile))
        if cmd.kind in ("manual_reveal", "manual_order"):
            changes["cards"] = tuple(self._real(a, f"cards[{i}]") for i, a in enumerate(cmd.cards))
        if cmd.kind == "manual_reveal":
            for i, iid in enumerate(changes["cards"]):
                if self.owner.get(iid) != self.seat:
                    raise RedactionError(f"cards[{i}]", "you can reveal only your own cards (CR 12-3-1)")
        if cmd.kind == "choose" and choice_kind in ("target", "discard", "search") and isinstance(cmd.value, tuple):
            changes["value"] = tuple(self._real(a, f"value[{i}]") for i, a in enumerate(cmd.value))
        if cmd.kind == "choose" and choice_kind == "cores" and isinstance(cmd.value, tuple):
            changes["value"] = tuple(self._real(a, f"value[{i}]") if a > 0 else a for i, a in enumerate(cmd.value))
        return replace(cmd, **changes) if changes else cmd

    def _real(self, alias, field: str) -> int:
        iid = self.real.get(alias) if isinstance(alias, int) and not isinstance(alias, bool) else None
        if iid is None:
            raise RedactionError(field, f"there is no card {alias!r} you can see")
        return iid

    def _loc(self, loc, field: str):
        return loc if isinstance(loc, str) else self._real(loc, field)

    def command_from_engine(self, cmd, choice_kind: str | None = None) -> dict:
        """An engine command (for this seat's legal list) with cards named by alias."""
        d = cmd.to_dict()
        if d["type"] == "choose" and choice_kind in ("target", "discard", "search") and isinstance(d["value"], list):
            d["value"] = [self.ref(i, shown=True) for i in d["value"]]
        if d["type"] == "choose" and choice_kind == "cores" and isinstance(d["value"], list):
            d["value"] = [self.ref(i) if i > 0 else i for i in d["value"]]
        for name in ("card", "spirit", "ascend", "host", "fighter", "target"):
            if d.get(name) is not None:
                d[name] = self.ref(d[name], shown=True)
        for name in ("targets", "sacrifices", "discards"):
            if d.get(name):
                d[name] = [self.ref(i, shown=True) for i in d[name]]
        for name in ("pay", "place", "sources"):
            if d.get(name):
                d[name] = [[self.ref(loc), n] for loc, n in d[name]]
        if d.get("moves"):
            d["moves"] = [[self.ref(s), self.ref(t), n, soul] for s, t, n, soul in d["moves"]]
        for name in ("src", "dst"):
            if isinstance(d.get(name), int) and not isinstance(d.get(name), bool):
                d[name] = self.ref(d[name])
        if d.get("cards"):
            d["cards"] = [self.ref(i, shown=True) for i in d["cards"]]
        if d.get("exile"):
            d["exile"] = [self.ref(i, shown=True) for i in d["exile"]]
        return d


def view_hash(view: dict) -> str:
    """The hash of what one seat sees, in a canonical form both sides compute the same way."""
    data = json.dumps(view, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(data.encode("utf-8")).hexdigest()
