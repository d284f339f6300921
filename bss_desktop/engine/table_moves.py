"""Manual moves on what a game's profile adds to the table: face-down cards, orientations, counters, attachments,
trackers and token cards (table/state.py holds them; the profile says which exist). A mixin of `Game`.

Like every manual move they are engine commands, so they are logged, recorded, replayed and sent over the LAN.
In the sandbox nothing is enforced beyond what the profile declares: a counter kind, tracker or orientation
the profile lacks is refused naming the profile's field; a zone over its capacity is allowed, with a warning
event (`capacity`) the log shows.
"""
from __future__ import annotations

from ..table.state import NATIVE_CARD_ZONES
from ..limits import MAX_ZONE_CARDS
from . import table_stats
from .errors import IllegalCommand
from .rng import Rng, seed_from
from .state import Card
from .table_cards import TableCards, combines
from .table_turn import TableTurn

MAX_COUNTER_KINDS = 8  # kinds of counter on one card: a peer cannot grow a card's marks without bound


def check_core_count(cmd, cites: dict) -> None:
    """A core move (ManualCores) goes somewhere else and moves at least one core, or the soul core alone."""
    if cmd.src == cmd.dst:
        raise IllegalCommand(cites["same_place"], "the cores are already there")
    if not isinstance(cmd.count, int) or isinstance(cmd.count, bool) or cmd.count < 0 or \
            (cmd.count == 0 and not cmd.soul):
        raise IllegalCommand(cites["nothing_moved"], "move at least one core")


class TableMoves(TableCards, TableTurn):
    # (Game provides state, profile, settings, db, inline_cards, _emit, _expect_manual, _manual_done, _move_card)

    def _rule(self, field: str) -> str:
        """The 'rule' a table move cites: the profile's field that allows it."""
        return f"{self.profile.id} profile: {field}"

    def _table(self, field: str):
        t = self.state.table
        if t is None:
            raise IllegalCommand(self._rule(field), f"{self.profile.name} has no {field.split('.')[0].replace('_', ' ')}")
        return t

    def _rng_for(self, cmd) -> Rng:
        """The generator a random result of `cmd` draws from: the game's, or over the LAN (design ruling 13) one
        seeded by the command's `mix` alone, the two sides' fresh shares, so that the game's generator, whose state
        the host knows, and the order of either side's moves play no part in it (protocol/fairness.py)."""
        return Rng(seed_from("bss-mix", *cmd.mix)) if cmd.mix else self.state.rng

    def _room_for(self, p: int, zone: str, n: int = 1) -> None:
        """Refuse, with the state unchanged, a command that would put more than MAX_ZONE_CARDS cards in player
        `p`'s `zone`: the one bound on a zone the engine and a LAN guest share (engine/commands.py), so no batch an
        honest host sends is ever refused by its guest."""
        have = len(self.zone_cards(p, zone))
        if have + n > MAX_ZONE_CARDS:
            raise IllegalCommand("MAX_ZONE_CARDS", f"player {p + 1}'s {zone} holds {have} card(s); a zone holds at "
                                                   f"most {MAX_ZONE_CARDS:,}")

    def _table_card(self, iid) -> Card:
        """A card on the table (a zone of cards other than a deck or a hand), by instance id."""
        card = self.state.cards.get(iid) if type(iid) is int else None
        zone = self.profile.zones.get(card.zone) if card is not None else None
        if zone is None or zone.name in ("deck", "hand") or zone.visibility == "none":
            raise IllegalCommand(self.cites["areas"], f"card {iid!r} is not on the table")
        return card

    def may_turn(self, card: Card) -> bool:
        """Cards that turn sideways: the field (cites["orientation"]), or a profile's zones laid out in a row."""
        if self.state.table is None:
            return card.zone == "field"
        zone = self.profile.zones.get(card.zone)
        return zone is not None and zone.display == "row"

    def _table_cores(self, cmd) -> None:
        """ManualCores in a game of another profile: its zones of pieces (Eternal's Count), cores on cards, and the
        soul core, which a player moves by hand like any core (paying with it, Soul Magic, 《Seal》, back from the
        trash) except into a zone its profile bars (`pieces.soul_core.barred`: Standard's life and the void)."""
        st = self.state
        player, pieces = st.players[cmd.owner], st.table.pieces[cmd.owner]
        zones = {("trash" if z.name == "trash_cores" else z.name) for z in self.profile.piece_zones()}
        if not zones:
            raise IllegalCommand(self._rule("pieces"), f"{self.profile.name} has no cores or other pieces")
        for loc in (cmd.src, cmd.dst):
            on_card = type(loc) is int and loc in st.cards and st.cards[loc].owner == cmd.owner and (
                st.cards[loc].zone == "field" or (st.cards[loc].zone in self.profile.zones
                                                  and self.profile.zones[st.cards[loc].zone].pieces_on_cards))
            if loc not in zones and not on_card:
                raise IllegalCommand(self.cites["areas"], f"{loc!r} is not one of player {cmd.owner + 1}'s core places")
        check_core_count(cmd, self.cites)
        if cmd.soul:
            soul = self.profile.pieces.get("soul_core")
            if soul is None or player.soul is None:
                raise IllegalCommand(self._rule("pieces.soul_core"), f"{self.profile.name} has no soul core")
            if player.soul != cmd.src:
                raise IllegalCommand(self.cites["soul_core"], f"player {cmd.owner + 1}'s soul core is not at {cmd.src!r}")
            zone = "trash_cores" if cmd.dst == "trash" else cmd.dst
            if zone in soul.barred:
                raise IllegalCommand(soul.rule or self._rule("pieces.soul_core.barred"),
                                     f"the soul core never goes to the {self.profile.zones[zone].label.lower()} "
                                     "by hand (only an effect that names the soul core puts it there)")

        def have(loc):
            if loc in pieces:
                return pieces[loc]
            if type(loc) is int:
                return st.cards[loc].cores
            return {"life": player.life, "reserve": player.reserve, "trash": player.trash_cores}.get(loc)

        if have(cmd.src) is not None and cmd.count > have(cmd.src):
            raise IllegalCommand(self.cites["impossible"], f"there are only {have(cmd.src)} core(s) at {cmd.src!r}")
        self._emit("manual", player=cmd.player, what="cores", owner=cmd.owner, src=cmd.src, dst=cmd.dst,
                   count=cmd.count, soul=cmd.soul)
        if cmd.src not in pieces and cmd.dst not in pieces:
            self._move_cores(cmd.owner, cmd.src, cmd.dst, cmd.count, cmd.soul, "manual", None)
        else:  # a zone of pieces only the profile has: counted here, the void's account kept
            for loc, n in ((cmd.src, -cmd.count), (cmd.dst, cmd.count)):
                if loc in pieces:
                    pieces[loc] += n
                elif loc == "void":
                    st.cores_in_play -= n
                elif type(loc) is int:
                    st.cards[loc].cores += n
                else:
                    attr = "trash_cores" if loc == "trash" else loc
                    setattr(player, attr, getattr(player, attr) + n)
            if cmd.soul:
                player.soul = cmd.dst
            self._emit("cores_moved", player=cmd.owner, src=cmd.src, dst=cmd.dst, count=cmd.count, soul=cmd.soul,
                       reason="manual")
        self._manual_done()

    def _h_manual_flip(self, cmd) -> None:
        self._expect_manual(cmd)
        card = self._table_card(cmd.card)
        zone = self.profile.zones[card.zone]
        if zone.face == "up":
            raise IllegalCommand(self._rule(f"zones.{zone.name}.face"), f"cards in the {zone.label} are face up")
        table = self._table(f"zones.{zone.name}.face")
        if table.mark(card.iid).down == cmd.down:
            table.tidy(card.iid)
            raise IllegalCommand(self.cites["already_so"], "the card is already face " + ("down" if cmd.down else "up"))
        table.marks[card.iid].down = cmd.down
        table.tidy(card.iid)
        self._emit("manual", player=cmd.player, what="flip", card=card.iid, down=cmd.down)
        self._emit("card_face", card=card.iid, owner=card.owner, down=cmd.down, cid=card.cid)
        self._turn_card_flipped(card, cmd.down)  # set this turn; activated too soon (engine/table_turn.py)
        self._manual_done()

    def _h_manual_side(self, cmd) -> None:
        from ..table.state import other_side

        self._expect_manual(cmd)
        card = self.state.cards.get(cmd.card) if type(cmd.card) is int else None
        zone = self.profile.zones.get(card.zone) if card is not None else None
        if zone is None or zone.visibility == "none" or zone.name == "hand":
            raise IllegalCommand(self.cites["areas"], f"card {cmd.card!r} is not on the table")
        side = other_side(self._defs[card.cid])
        if side is None:
            raise IllegalCommand(self._rule("cards.fields"), f"{self._defs[card.cid].name} has one side")
        table = self._table("cards.fields")
        if table.mark(card.iid).back == cmd.back:
            table.tidy(card.iid)
            raise IllegalCommand(self.cites["already_so"], "the card already shows that side")
        table.marks[card.iid].back = cmd.back
        table.tidy(card.iid)
        self._emit("manual", player=cmd.player, what="side", card=card.iid, back=cmd.back,
                   name=side[1].name if cmd.back else self._defs[card.cid].name)
        self._manual_done()

    def _h_manual_turn(self, cmd) -> None:
        self._expect_manual(cmd)
        card = self.state.cards.get(cmd.card) if type(cmd.card) is int else None
        if card is None or not self.may_turn(card):
            raise IllegalCommand(self.cites["orientation"], f"card {cmd.card!r} is not where cards turn")
        o = self.profile.orientations.get(cmd.to)
        if o is None:
            raise IllegalCommand(self._rule("orientations"), f"{self.profile.name} has no orientation {cmd.to!r} "
                                                             f"(it has {', '.join(self.profile.orientations)})")
        table = self.state.table
        now = table.marks[card.iid].turn if table is not None and card.iid in table.marks else None
        current = now or next(x.name for x in self.profile.orientations.values()
                              if x.angle == (90 if card.exhausted else 0))
        if current == o.name:
            raise IllegalCommand(self.cites["already_so"], f"the card is already {o.label.lower()}")
        if o.angle in (0, 90):
            if table is not None and card.iid in table.marks:
                table.marks[card.iid].turn = None
                table.tidy(card.iid)
        else:
            self._table("orientations").mark(card.iid).turn = o.name
        self._emit("manual", player=cmd.player, what="turn", card=card.iid, to=o.name)
        if card.exhausted != (o.angle != 0):
            self._set_exhausted(card.iid, o.angle != 0)  # anything but upright counts as exhausted (cites["turned"])
        self._manual_done()

    def _h_manual_counter(self, cmd) -> None:
        self._expect_manual(cmd)
        kind = self.profile.card_counters.get(cmd.name)
        if kind is None:
            have = ", ".join(self.profile.card_counters) or "none"
            raise IllegalCommand(self._rule("card_counters"), f"{self.profile.name} has no counter {cmd.name!r} "
                                                              f"(it has {have})")
        card = self._table_card(cmd.card)
        label = cmd.label.strip()
        if kind.free_label != bool(label):
            raise IllegalCommand(self._rule(f"card_counters.{kind.name}.free_label"),
                                 f"a {kind.label.lower()} " + ("needs a name" if kind.free_label else "has no name"))
        key = f"{kind.name}:{label}" if label else kind.name
        if kind.stat is not None:  # a signed ATK/RST modifier: only a card on the field with that stat printed
            before = table_stats.breakdown(self, card.iid).get(kind.stat)
            if before is None or not self.may_turn(card):
                raise IllegalCommand(self._rule(f"card_counters.{kind.name}.stat"), f"only a card on the field with "
                                     f"a printed {self.profile.cards.fields[kind.stat].label or kind.stat} takes it")
        table = self._table("card_counters")
        counters = table.mark(card.iid).counters
        if key not in counters and len(counters) >= MAX_COUNTER_KINDS:
            table.tidy(card.iid)
            raise IllegalCommand(self.cites["numbers"], f"a card carries at most {MAX_COUNTER_KINDS} kinds of counter")
        n = counters.get(key, 0) + cmd.delta
        low = -kind.max if kind.stat else 0
        if not low <= n <= kind.max:
            table.tidy(card.iid)
            raise IllegalCommand(self.cites["numbers"], f"the card has {counters.get(key, 0)} {kind.label.lower()}(s); it can "
                                             f"have {low} to {kind.max}")
        if n:
            counters[key] = n
        else:
            counters.pop(key, None)
        table.tidy(card.iid)
        stat = {} if kind.stat is None else {  # the log says the stat before and after
            "before": before["value"], "after": table_stats.breakdown(self, card.iid)[kind.stat]["value"]}
        self._emit("manual", player=cmd.player, what="counter", card=card.iid, name=kind.name, label=label,
                   delta=cmd.delta, count=n, **stat)
        self._manual_done()

    def _h_manual_attach(self, cmd) -> None:
        self._expect_manual(cmd)
        card = self._table_card(cmd.card)
        spec = combines(self, self._defs[card.cid]) if card.zone == "field" else None
        if spec is not None:
            return self._combine(cmd, card, spec)  # a Brave on the field (table_cards.py)
        zone = self.profile.zones[card.zone]
        table = self._table(f"zones.{zone.name}.attach_to")
        if cmd.host is None:
            if card.iid not in table.marks or table.marks[card.iid].on is None:
                raise IllegalCommand(self.cites["already_so"], "the card is not attached to anything")
            table.marks[card.iid].on = None
            table.tidy(card.iid)
            self._emit("manual", player=cmd.player, what="attach", card=card.iid, host=None)
            self._manual_done()
            return
        if not zone.attach_to:
            raise IllegalCommand(self._rule(f"zones.{zone.name}.attach_to"), f"cards in the {zone.label} do not attach")
        host = self.state.cards.get(cmd.host) if type(cmd.host) is int else None
        if host is None or host.zone not in zone.attach_to or host.iid == card.iid:
            where = " or ".join(self.profile.zones[z].label for z in zone.attach_to)
            raise IllegalCommand(self._rule(f"zones.{zone.name}.attach_to"), f"it attaches to a card in the {where}")
        if table.mark(card.iid).on == host.iid:
            raise IllegalCommand(self.cites["already_so"], "the card is already attached to it")
        table.marks[card.iid].on = host.iid
        self._emit("manual", player=cmd.player, what="attach", card=card.iid, host=host.iid)
        self._manual_done()

    def _h_manual_tracker(self, cmd) -> None:
        self._expect_manual(cmd)
        t = self.profile.trackers.get(cmd.name)
        if t is None:
            have = ", ".join(self.profile.trackers) or "none"
            raise IllegalCommand(self._rule("trackers"), f"{self.profile.name} has no tracker {cmd.name!r} (it has {have})")
        if cmd.op not in t.ops:
            raise IllegalCommand(self._rule(f"trackers.{t.name}.ops"), f"{t.label} allows {', '.join(t.ops)}")
        if cmd.amount == 0 or (cmd.op != "adjust" and cmd.amount < 0):
            raise IllegalCommand(self.cites["numbers"], "change it by a whole number other than 0 (a transfer or payment: "
                                             "more than 0)")
        values = self._table("trackers").trackers
        me, other = cmd.owner, 1 - cmd.owner
        before = [values[0][t.name], values[1][t.name]]
        if cmd.op == "adjust":
            new = before[me] + cmd.amount
            if t.min is not None and new < t.min:
                new = t.min
            values[me][t.name] = new
        else:  # transfer / pay each opponent (two players: the same): what one loses the other gains (BOS §Battles)
            amount = cmd.amount if t.min is None else min(cmd.amount, before[me] - t.min)
            if amount <= 0:
                raise IllegalCommand(self._rule(f"trackers.{t.name}.min"), f"{t.label} of player {me + 1} is at "
                                                                           f"its minimum {t.min}")
            values[me][t.name] -= amount
            values[other][t.name] += amount
        after = [values[0][t.name], values[1][t.name]]
        self._emit("manual", player=cmd.player, what="tracker", owner=me, name=t.name, op=cmd.op, amount=cmd.amount,
                   before=before, after=after)
        for p in (0, 1):
            if t.win_at is not None and before[p] < t.win_at <= after[p]:
                self._emit("tracker_mark", player=p, name=t.name, value=after[p], mark="win_at", at=t.win_at)
            if t.lose_at is not None and before[p] > t.lose_at >= after[p]:
                self._emit("tracker_mark", player=p, name=t.name, value=after[p], mark="lose_at", at=t.lose_at)
        self._manual_done()

    def _h_manual_step(self, cmd) -> None:
        """The turn moves on by hand: the next step of the profile's `steps` (or step `to`); past the last one the
        other player's turn begins at its first step (`first_turn_skip` only on the first turn)."""
        self._expect_manual(cmd)
        st, steps = self.state, self.profile.steps
        table = self._table("steps")
        turn_before = st.turn
        if st.turn < 1:
            raise IllegalCommand(self._rule("setup.mulligan"), "the first turn begins when both players keep")
        if cmd.to and cmd.to not in steps:
            raise IllegalCommand(self._rule("steps"), f"{self.profile.name} has no step {cmd.to!r} (its steps: "
                                                      f"{', '.join(steps)})")
        if cmd.to:
            table.step = cmd.to
        else:
            skip = self.profile.first_turn_skip if st.turn == 1 else ()
            later = [s for s in steps[steps.index(table.step) + 1:] if s not in skip] if table.step in steps else []
            if later:
                table.step = later[0]
            else:  # past the last step: the other player's turn
                st.turn += 1
                st.turn_player = 1 - st.turn_player
                table.step = table.first_step(self.profile, st.turn)
        self._emit("manual", player=cmd.player, what="step", step=table.step, turn=st.turn,
                   turn_player=st.turn_player)
        self._turn_stepped(turn_before)  # the turn's marks cleared; the hand limit reminded
        self._manual_done()

    def _h_manual_order(self, cmd) -> None:
        """A public pile in a new order, by a player its profile lets reorder it (Battle Spirits Saga's trash: both,
        Standard's removed-from-game area: its owner; a Battle of Souls discard pile: nobody)."""
        self._expect_manual(cmd)
        z = self.profile.zones.get(cmd.zone)
        if z is None or z.holds != "cards":
            raise IllegalCommand(self._rule("zones"), f"{self.profile.name} has no pile of cards {cmd.zone!r}")
        field = f"zones.{z.name}.reorder"
        if z.visibility != "public" or not z.ordered or z.reorder == "none":
            raise IllegalCommand(self._rule(field), f"the {z.label.lower()}'s order may not be changed")
        if z.reorder == "owner" and cmd.player != cmd.owner:
            raise IllegalCommand(self._rule(field), f"only its owner orders the {z.label.lower()}")
        ids = self.zone_cards(cmd.owner, cmd.zone)
        if len(cmd.cards) != len(ids) or set(cmd.cards) != set(ids):
            raise IllegalCommand(self.cites["areas"], f"the new order must hold exactly the {len(ids)} card(s) of the "
                                             f"{z.label.lower()}, each once")
        ids[:] = list(cmd.cards)
        self._emit("manual", player=cmd.player, what="order", owner=cmd.owner, zone=cmd.zone, cards=list(cmd.cards))
        self._manual_done()

    def _h_manual_random_card(self, cmd) -> None:
        """One card of a hand at random (digest §3.2 need 7: a random hidden card choice), shown to both players."""
        self._expect_manual(cmd)
        ids = self.zone_cards(cmd.owner, "hand")
        if not ids:
            raise IllegalCommand(self.cites["impossible"], f"player {cmd.owner + 1}'s hand is empty")
        iid = ids[self._rng_for(cmd).below(len(ids))]
        self._emit("manual", player=cmd.player, what="random_card", owner=cmd.owner, count=len(ids))
        self._emit("manual", player=cmd.player, what="reveal", cards=[iid], cids=[self.state.cards[iid].cid])

    def _h_manual_card_token(self, cmd) -> None:
        from ..carddb.game_cards import card_token

        self._expect_manual(cmd)
        zone = self.profile.tokens.get("zone")
        if zone is None or zone in NATIVE_CARD_ZONES or self.profile.cards.shape != "plain":
            raise IllegalCommand(self._rule("tokens.zone"), f"{self.profile.name} makes tokens with its own command "
                                                            "(a token spirit: manual_token)")
        fields = self.profile.cards.fields
        stats = dict(cmd.stats)
        for name in stats:
            if name not in fields or fields[name].kind != "int":
                raise IllegalCommand(self._rule("cards.fields"), f"{name!r} is not a number field of "
                                                                 f"{self.profile.name}'s cards")
        self._room_for(cmd.owner, zone)
        kind = next((t for t, spec in self.profile.cards.types.items()
                     if all(f in stats or fields[f].kind == "enum" for f in spec["fields"]) and spec["fields"]),
                    next(iter(self.profile.cards.types)))
        extra = {f: (stats[f] if f in stats else fields[f].values[0]) for f in self.profile.cards.types[kind]["fields"]}
        st = self.state
        n = sum(1 for c in self.inline_cards if c.token) + 1
        token = card_token(f"TOKEN-{n}", cmd.name, kind, extra)
        self._own_db().add(token)
        self.inline_cards.append(token)
        iid = max(st.cards) + 1
        st.cards[iid] = Card(iid, token.id, cmd.owner, "token")
        self._emit("manual", player=cmd.player, what="card_token", owner=cmd.owner, card=iid, name=token.name,
                   cid=token.id, type=kind, stats=sorted(extra.items()))
        self._move_card(iid, zone, "token")
        self._manual_done()
