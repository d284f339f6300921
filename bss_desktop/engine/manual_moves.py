"""Manual moves: what every game's table shares (design.md, "Rules modules": `Game` keeps manual moves for every
game). A player resolves by hand what the engine does not automate, and the sandbox moves anything anywhere; each
move is a command (`Manual*`, engine/commands.py) recorded, replayed and sent over the LAN like any other.

This mixin holds the moves of Battle Spirits' own areas (hand, deck, trash, field, burst, cores); the moves on what a
profile adds to the table are engine/table_moves.py's.
"""
from __future__ import annotations

from . import reach
from .commands import (ManualCores, ManualDeck, ManualExhaust, ManualLook, ManualMove, ManualNote, ManualRandom,
                       ManualReveal, ManualShuffle, ManualToken)
from .errors import IllegalCommand
from .state import Card, Cause
from .table_moves import check_core_count

class ManualMoves:
    """The manual-move handlers `Game` dispatches to (its `_HANDLERS`)."""

    def _expect_manual(self, cmd) -> None:
        """Manual moves resolve effects the engine does not automate: the deciding player makes them,
        between actions (not in the middle of an automated effect's choices). Over the LAN a seat reaches the other
        seat's things only as design ruling 12 allows (engine/reach.py)."""
        if self.settings.separate_seats:
            reach.check(self, cmd)
        if self.settings.sandbox:
            return  # the sandbox: anyone, any time between actions (apply refuses all but the answer to a choice)
        pend = self.pending
        if pend.kind in ("choose", "mulligan") or pend.player != cmd.player:
            raise IllegalCommand(self.cites["by_hand"], "manual moves are made by the player whose decision it is, between actions")

    def _manual_done(self) -> None:
        """After a manual move: gameplay management as usual, except in the sandbox, which enforces nothing."""
        if not self.settings.sandbox:
            self._manage()

    def _h_manual_move(self, cmd: ManualMove) -> None:
        self._expect_manual(cmd)
        st = self.state
        card = st.cards.get(cmd.card) if isinstance(cmd.card, int) and not isinstance(cmd.card, bool) else None
        if card is None or card.zone in ("removed", "resolving", "token"):
            raise IllegalCommand(self.cites["areas"], f"card {cmd.card!r} is not in a player's area")
        d = self._defs[card.cid]
        table = st.table
        if table is None and cmd.to not in ("hand", "deck", "trash", "field", "burst"):
            raise IllegalCommand(self.cites["areas"], f"{cmd.to!r} is not an area a card can be moved to")
        if table is not None and (cmd.to not in self.profile.zones or self.profile.zones[cmd.to].holds != "cards"):
            names = ", ".join(z.name for z in self.profile.card_zones())
            raise IllegalCommand(self.cites["areas"], f"{cmd.to!r} is not an area of {self.profile.name} ({names})")
        side = card.owner if cmd.side is None else cmd.side
        if isinstance(side, bool) or side not in (0, 1):
            raise IllegalCommand(self.cites["players"], f"there is no player {side!r}")
        crossing = side != card.owner
        if crossing and not self.settings.sandbox:
            raise IllegalCommand(self.cites["owners_areas"], "a card moves only among its owner's areas (the sandbox allows any)")
        if cmd.to == card.zone and not crossing and not (cmd.to == "deck" and cmd.bottom):
            raise IllegalCommand(self.cites["same_place"], "the card is already there")
        if cmd.to == "field" and d.type == "magic":
            raise IllegalCommand(self.cites["field"], f"{d.name} is a magic card; only spirits and nexuses go on the field")
        if cmd.to == "burst" and (not d.burst or st.players[side].burst is not None):
            raise IllegalCommand(self.cites["burst_area"], "only a card with a burst effect, into an empty burst area")
        n = cmd.cores
        if not isinstance(n, int) or isinstance(n, bool) or n < 0 or (n and cmd.to != "field"):
            raise IllegalCommand(self.cites["numbers"], "cores come along only onto the field, as a whole number")
        if n > st.players[side].reserve:
            raise IllegalCommand(self.cites["summon_place"], f"the reserve has only {st.players[side].reserve} core(s)")
        if cmd.to != card.zone or crossing:
            self._room_for(side, cmd.to)
        if crossing:
            self._emit("manual", player=cmd.player, what="move", card=card.iid, to=cmd.to, side=side)
            if card.zone == "field":  # its cores stay with their player: to the old side's reserve
                self._leave_field(card.iid, "trash", "manual")
            self._change_side(card.iid, side)
            if card.zone != "removed" and (card.zone != cmd.to or cmd.bottom):
                self._move_card(card.iid, cmd.to, "manual", bottom=cmd.bottom)
        else:
            self._emit("manual", player=cmd.player, what="move", card=card.iid, to=cmd.to)
            if card.zone == "field":
                self._leave_field(card.iid, cmd.to, "manual", bottom=cmd.bottom)
            else:
                self._move_card(card.iid, cmd.to, "manual", bottom=cmd.bottom)
        if n and card.zone == "field":
            self._move_cores(card.owner, "reserve", card.iid, n, False, "manual", None)
        if table is not None:
            self._warn_capacity(card.owner, cmd.to)
        self._manual_done()

    def _warn_capacity(self, p: int, zone: str) -> None:
        """A sandbox allows a zone over its capacity (BOS: 5 fighters; equipment + tactics 6), and says so."""
        for zones, most, label in self.profile.caps_for(zone):
            n = sum(len(self.zone_cards(p, z)) for z in zones)
            if n > most:
                self._emit("capacity", player=p, zone=zone, zones=list(zones), count=n, max=most, label=label)

    def zone_cards(self, p: int, zone: str) -> list[int]:
        """The cards in player `p`'s `zone` (a Battle Spirits area or one of the profile's)."""
        player = self.state.players[p]
        if zone == "burst":
            return [] if player.burst is None else [player.burst]
        try:
            return getattr(player, zone)
        except AttributeError:
            return self.state.table.areas[p][zone]

    def _change_side(self, iid: int, side: int) -> None:
        """Sandbox: the card goes to the same zone of the other player, as theirs from now on."""
        st = self.state
        card = st.cards[iid]
        old, new = st.players[card.owner], st.players[side]
        if st.table is not None and card.zone in st.table.areas[card.owner]:
            st.table.areas[card.owner][card.zone].remove(iid)
            st.table.areas[side][card.zone].append(iid)
        elif card.zone not in ("hand", "deck", "trash", "field", "burst"):
            return  # a token that left the field has left the game (cites["tokens"])
        elif card.zone == "burst":
            old.burst, new.burst = None, iid
        else:
            getattr(old, card.zone).remove(iid)
            getattr(new, card.zone).append(iid)
        card.owner = side
        self._emit("card_moved", card=iid, cid=card.cid, owner=side, src=card.zone, dst=card.zone, reason="manual")

    def _h_manual_cores(self, cmd: ManualCores) -> None:
        self._expect_manual(cmd)
        st = self.state
        if cmd.owner not in (0, 1) or isinstance(cmd.owner, bool):
            raise IllegalCommand(self.cites["players"], f"there is no player {cmd.owner!r}")
        player = st.players[cmd.owner]
        places = ("life", "reserve", "trash", "void")
        if st.table is not None:
            return self._table_cores(cmd)
        for loc in (cmd.src, cmd.dst):
            if loc not in places and not (isinstance(loc, int) and not isinstance(loc, bool) and loc in player.field):
                raise IllegalCommand(self.cites["areas"], f"{loc!r} is not one of player {cmd.owner + 1}'s core places")
        check_core_count(cmd, self.cites)
        have = {"life": player.life, "reserve": player.reserve, "trash": player.trash_cores}.get(cmd.src)
        if have is None and cmd.src != "void":
            have = st.cards[cmd.src].cores
        if have is not None and cmd.count > have:
            raise IllegalCommand(self.cites["impossible"], f"there are only {have} core(s) at {cmd.src!r}")
        if cmd.soul and player.soul != cmd.src:
            raise IllegalCommand(self.cites["soul_core"], f"player {cmd.owner + 1}'s soul core is not at {cmd.src!r}")
        self._emit("manual", player=cmd.player, what="cores", owner=cmd.owner, src=cmd.src, dst=cmd.dst,
                   count=cmd.count, soul=cmd.soul)
        cause = Cause("self", cmd.owner) if cmd.player == cmd.owner else Cause("effect_cores", cmd.player)
        self._move_cores(cmd.owner, cmd.src, cmd.dst, cmd.count, cmd.soul, "manual", cause)
        self._manual_done()

    def _h_manual_exhaust(self, cmd: ManualExhaust) -> None:
        self._expect_manual(cmd)
        card = self.state.cards.get(cmd.card) if isinstance(cmd.card, int) and not isinstance(cmd.card, bool) else None
        if card is None or not self.may_turn(card):
            raise IllegalCommand(self.cites["orientation"], f"card {cmd.card!r} is not on the field")
        table = self.state.table
        turned = table is not None and card.iid in table.marks and bool(table.marks[card.iid].turn)
        if card.exhausted == cmd.exhausted and not turned:
            raise IllegalCommand(self.cites["already_so"], "the card is already " + ("exhausted" if cmd.exhausted else "refreshed"))
        if turned:  # upright or sideways: no other orientation left
            table.marks[card.iid].turn = None
            table.tidy(card.iid)
        heavy = turned and not cmd.exhausted  # refreshing a heavy-exhausted card exhausts it (Standard, Eternal)
        self._emit("manual", player=cmd.player, what="exhaust", card=card.iid, exhausted=cmd.exhausted,
                   **({"heavy": True} if heavy else {}))
        if card.exhausted != cmd.exhausted and not heavy:
            self._set_exhausted(card.iid, cmd.exhausted)
        self._manual_done()

    def _h_manual_shuffle(self, cmd: ManualShuffle) -> None:
        self._expect_manual(cmd)
        if cmd.owner not in (0, 1) or isinstance(cmd.owner, bool):
            raise IllegalCommand(self.cites["players"], f"there is no player {cmd.owner!r}")
        self._emit("manual", player=cmd.player, what="shuffle", owner=cmd.owner)
        self._rng_for(cmd).shuffle(self.state.players[cmd.owner].deck)
        self._emit("shuffle", player=cmd.owner)

    def _h_manual_deck(self, cmd: ManualDeck) -> None:
        self._expect_manual(cmd)
        if cmd.owner not in (0, 1) or isinstance(cmd.owner, bool):
            raise IllegalCommand(self.cites["players"], f"there is no player {cmd.owner!r}")
        to_ok = ("hand", "trash") if self.state.table is None else \
            tuple(z.name for z in self.profile.card_zones() if z.name != "deck")
        if cmd.to not in to_ok:
            raise IllegalCommand(self.cites["deck_hidden"], "cards taken unseen from a deck go to the "
                                             + (" or ".join(to_ok) if len(to_ok) < 3 else ", ".join(to_ok)))
        if self._deck_out(cmd):  # a profile where drawing from an empty deck loses (engine/table_turn.py)
            return self._manual_done()
        deck = self.state.players[cmd.owner].deck
        if not isinstance(cmd.count, int) or isinstance(cmd.count, bool) or not 1 <= cmd.count <= len(deck):
            raise IllegalCommand(self.cites["numbers"], f"take 1 to {len(deck)} card(s): the deck holds {len(deck)}")
        self._room_for(cmd.owner, cmd.to, cmd.count)
        self._emit("manual", player=cmd.player, what="deck", owner=cmd.owner, to=cmd.to, count=cmd.count)
        if cmd.to == "hand":
            self._draw(cmd.owner, cmd.count)  # one at a time
        else:
            for _ in range(cmd.count):
                self._move_card(deck[-1], cmd.to, "mill")
        self._manual_done()

    def _h_manual_look(self, cmd: ManualLook) -> None:
        self._expect_manual(cmd)
        if cmd.owner not in (0, 1) or isinstance(cmd.owner, bool):
            raise IllegalCommand(self.cites["players"], f"there is no player {cmd.owner!r}")
        if cmd.owner != cmd.player and not self.settings.sandbox:
            raise IllegalCommand(self.cites["deck_hidden"], "you may look only at your own deck, and only when an effect says so")
        deck = self.state.players[cmd.owner].deck
        if not isinstance(cmd.top, int) or isinstance(cmd.top, bool) or cmd.top < 0:
            raise IllegalCommand(self.cites["numbers"], "look at the top N cards (N at least 1), or 0 for the whole deck")
        cards = deck[::-1][:cmd.top] if cmd.top else deck[::-1]  # top first
        self._emit("manual", player=cmd.player, what="look", owner=cmd.owner, count=len(cards), cards=cards,
                   cids=[self.state.cards[i].cid for i in cards])
        if cmd.shuffle:  # the cards go back and the deck is shuffled (cites["look_shuffle"])
            self._shuffle(cmd.owner, self._rng_for(cmd))

    def _h_manual_random(self, cmd: ManualRandom) -> None:
        self._expect_manual(cmd)
        if not isinstance(cmd.sides, int) or isinstance(cmd.sides, bool) or not 2 <= cmd.sides <= 100:
            raise IllegalCommand(self.cites["numbers"], "a coin has 2 sides and a die up to 100")
        result = self._rng_for(cmd).below(cmd.sides) + 1
        self._emit("manual", player=cmd.player, what="random", sides=cmd.sides, result=result)

    def _h_manual_note(self, cmd: ManualNote) -> None:
        self._expect_manual(cmd)
        if not isinstance(cmd.text, str) or not cmd.text.strip() or len(cmd.text) > 200:
            raise IllegalCommand(self.cites["by_hand"], "a note is 1 to 200 characters of text")
        self._emit("manual", player=cmd.player, what="note", text=cmd.text.strip())

    def _h_manual_reveal(self, cmd: ManualReveal) -> None:
        self._expect_manual(cmd)
        st = self.state
        if not isinstance(cmd.cards, tuple) or not cmd.cards:
            raise IllegalCommand(self.cites["reveal"], "reveal at least one card")
        for iid in cmd.cards:
            card = st.cards.get(iid) if isinstance(iid, int) and not isinstance(iid, bool) else None
            if card is None or card.zone in ("removed", "resolving", "token"):
                raise IllegalCommand(self.cites["reveal"], f"card {iid!r} is not in a player's area")
            if card.owner != cmd.player and not self.settings.sandbox:
                raise IllegalCommand(self.cites["viewing"], "you can reveal only your own cards")
        self._emit("manual", player=cmd.player, what="reveal", cards=list(cmd.cards),
                   cids=[st.cards[i].cid for i in cmd.cards])

    def _h_manual_token(self, cmd: ManualToken) -> None:
        """A token made by hand (cites["tokens"]): a card definition of its own, kept with the game's inline cards so
        positions and replays know it."""
        from ..carddb.cards import COLORS, hand_token

        self._expect_manual(cmd)
        if cmd.owner not in (0, 1) or isinstance(cmd.owner, bool):
            raise IllegalCommand(self.cites["players"], f"there is no player {cmd.owner!r}")
        if cmd.color not in COLORS:
            raise IllegalCommand(self.cites["colours"], f"{cmd.color!r} is not a card colour")
        if not isinstance(cmd.name, str) or not cmd.name.strip() or len(cmd.name) > 60:
            raise IllegalCommand(self.cites["tokens"], "a token needs a name of 1 to 60 characters")
        if not isinstance(cmd.bp, int) or isinstance(cmd.bp, bool) or not 0 < cmd.bp <= 100000:
            raise IllegalCommand(self.cites["tokens"], "a token's BP is a whole number from 1 to 100000")
        self._room_for(cmd.owner, "field")
        st = self.state
        n = sum(1 for c in self.inline_cards if c.token) + 1
        token = hand_token(f"TOKEN-{n}", cmd.name, cmd.color, cmd.bp)
        if token.id not in self.db:
            self._own_db().add(token)
            self.inline_cards.append(token)
        iid = max(st.cards) + 1
        st.cards[iid] = Card(iid, token.id, cmd.owner, "token")
        self._emit("manual", player=cmd.player, what="token", owner=cmd.owner, card=iid, name=token.name,
                   cid=token.id, color=cmd.color, bp=cmd.bp)
        self._move_card(iid, "field", "token")
        self._move_cores(cmd.owner, "void", iid, 1, False, "token", None)
        self._manual_done()

