"""What a sandbox's turn remembers and reminds, as its profile's `turn_rules` say (Battle of Souls; no Qt).

A mixin of `Game` (through TableMoves). Nothing here is enforced beyond what a sandbox enforces anywhere: the
moves happen, and what the rules would forbid is a warning (a `table_warning` event the log shows, like the
`capacity` warning):

- `deck_out`: drawing more cards than the deck holds draws what is there, then flags the player's loss (BOS §Draw
  Phase: "no cards remaining ... they lose the battle"); the board marks it as a tracker's lose_at mark.
- `ready`: ManualReady turns all of a player's cards of a zone to an orientation (BOS §Ready Phase).
- `hand_limit`: entering its step with a hand over the limit reminds the player to discard (BOS §End Phase).
- `attack_mark`: ManualAttacked marks a fighter as having attacked this turn (BOS §Battle Step; attacking does
  not turn it, digest §3.3 defect 7).
- `set_wait`: a card set face down in one of these zones is marked "set this turn"; turned face up that turn, a
  warning (BOS §Tactic Cards, §Equipment Zone).
- `step_bans`: a card entering or turned face up in a zone during a step that bans it warns (BOS §Equipment and
  Tactic Card Chains: no equipment in the battle phase).

The turn's marks (attacked, set this turn) go when the turn passes to the other player (ManualStep past the
last step).
"""
from __future__ import annotations

from .commands import ManualAttacked, ManualBrowse, ManualReady
from .errors import IllegalCommand


class TableTurn:
    # (Game provides state, profile, _emit, _expect_manual, _manual_done, _draw, _set_exhausted, zone_cards, ...)

    def _turn_rule(self, key: str):
        return self.profile.turn_rules.get(key) if self.state.table is not None else None

    def _who_n(self, p: int) -> str:
        return f"player {p + 1}"

    # ------------------------------------------------------------------ deck-out

    def _deck_out(self, cmd) -> bool:
        """A draw (ManualDeck to the hand) of more cards than the deck holds, where the profile says that loses:
        the cards there are drawn one at a time, then the player's loss is flagged. False: not such a draw (the
        handler refuses it as before)."""
        rule = self._turn_rule("deck_out")
        deck = self.state.players[cmd.owner].deck
        if rule is None or cmd.to != "hand" or not 1 <= cmd.count or cmd.count <= len(deck):
            return False
        table = self.state.table
        if not deck and table.deck_out[cmd.owner]:
            raise IllegalCommand(rule["rule"], f"{self._who_n(cmd.owner)} has no card to draw and has already lost")
        if deck:
            self._room_for(cmd.owner, "hand", len(deck))
            self._emit("manual", player=cmd.player, what="deck", owner=cmd.owner, to="hand", count=len(deck))
            self._draw(cmd.owner, len(deck))
        table.deck_out[cmd.owner] = True
        self._emit("deck_out", player=cmd.owner, rule=rule["rule"])
        return True

    # ------------------------------------------------------------------ the ready step

    def _orientation_of(self, iid: int) -> str:
        table, card = self.state.table, self.state.cards[iid]
        m = table.marks.get(iid)
        if m is not None and m.turn:
            return m.turn
        angle = 90 if card.exhausted else 0
        return next((o.name for o in self.profile.orientations.values() if o.angle == angle), "")

    def _h_manual_ready(self, cmd: ManualReady) -> None:
        self._expect_manual(cmd)
        ready = self._turn_rule("ready")
        if ready is None:
            raise IllegalCommand(self._rule("turn_rules.ready"), f"{self.profile.name} has no ready step")
        o = self.profile.orientations[ready["orientation"]]
        zone = self.profile.zones[ready["zone"]]
        ids = [i for i in self.zone_cards(cmd.owner, zone.name) if self._orientation_of(i) != o.name]
        if not ids:
            raise IllegalCommand(self.cites["already_so"], f"{self._who_n(cmd.owner)}'s {zone.label.lower()} are all in "
                                               f"{o.label.lower()} already")
        self._emit("manual", player=cmd.player, what="ready", owner=cmd.owner, zone=zone.name, to=o.name,
                   cards=ids, rule=ready["rule"])
        table = self.state.table
        for iid in ids:
            if o.angle in (0, 90):
                if iid in table.marks:
                    table.marks[iid].turn = None
                    table.tidy(iid)
            else:
                table.mark(iid).turn = o.name
            self._set_exhausted(iid, o.angle != 0)
        self._manual_done()

    # ------------------------------------------------------------------ marks of the turn

    def _h_manual_attacked(self, cmd: ManualAttacked) -> None:
        self._expect_manual(cmd)
        spec = self._turn_rule("attack_mark")
        if spec is None:
            raise IllegalCommand(self._rule("turn_rules.attack_mark"), f"{self.profile.name} marks no attacks")
        card = self._table_card(cmd.card)
        zone = self.profile.zones[spec["zone"]]
        if card.zone != zone.name:
            raise IllegalCommand(self._rule("turn_rules.attack_mark.zone"), f"only cards in the {zone.label.lower()} "
                                                                            "attack")
        table = self.state.table
        if table.mark(card.iid).attacked == cmd.attacked:
            table.tidy(card.iid)
            raise IllegalCommand(spec["rule"] or self.cites["already_so"],
                                 "it has attacked this turn (one attack per fighter per turn)" if cmd.attacked
                                 else "it has not attacked this turn")
        table.marks[card.iid].attacked = cmd.attacked
        table.tidy(card.iid)
        self._emit("manual", player=cmd.player, what="attacked", card=card.iid, attacked=cmd.attacked)
        self._manual_done()

    def _turn_card_moved(self, iid: int, src: str, dst: str) -> None:
        """A card entered `dst` (its marks are new): set face down in a set_wait zone, it is marked; entering a zone
        its step bans, a warning."""
        rules, table = self.profile.turn_rules, self.state.table
        if not rules or self.state.turn < 1:
            return
        if dst in rules["set_wait"] and iid in table.marks and table.marks[iid].down:
            table.marks[iid].set_this_turn = True
        if src != dst:
            self._warn_step_ban(iid, dst)

    def _turn_card_flipped(self, card, down: bool) -> None:
        """A card on the table turned face down (set: marked) or face up (activated: a warning if it was set this
        turn, or in a step that bans its zone)."""
        rules, table = self.profile.turn_rules, self.state.table
        if not rules or self.state.turn < 1:
            return
        rule = rules["set_wait"].get(card.zone)
        if down:
            if rule is not None:
                table.mark(card.iid).set_this_turn = True
            return
        m = table.marks.get(card.iid)
        if m is not None and m.set_this_turn:
            m.set_this_turn = False
            table.tidy(card.iid)
            self._emit("table_warning", player=card.owner, what="set_this_turn", card=card.iid, zone=card.zone,
                       rule=rule or "")
        self._warn_step_ban(card.iid, card.zone)

    def _warn_step_ban(self, iid: int, zone: str) -> None:
        for ban in self.profile.turn_rules["step_bans"]:
            if ban["zone"] == zone and ban["step"] == self.state.table.step:
                self._emit("table_warning", player=self.state.cards[iid].owner, what="step_ban", card=iid,
                           zone=zone, step=ban["step"], rule=ban["rule"])

    def _turn_stepped(self, turn_before: int) -> None:
        """After ManualStep: a new turn clears the last turn's marks; entering the hand limit's step with too many
        cards in hand, a reminder (not enforced)."""
        rules, st = self.profile.turn_rules, self.state
        if not rules:
            return
        table = st.table
        if st.turn != turn_before:
            for iid, m in list(table.marks.items()):
                if m.attacked or m.set_this_turn:
                    m.attacked = m.set_this_turn = False
                    table.tidy(iid)
        limit = rules["hand_limit"]
        if limit is not None and table.step == limit["step"]:
            p = st.turn_player
            n = len(st.players[p].hand)
            if n > limit["over"]:
                self._emit("table_warning", player=p, what="hand_limit", count=n, over=limit["over"],
                           down_to=limit["down_to"], rule=limit["rule"])

    # ------------------------------------------------------------------ looking through a pile

    def _h_manual_browse(self, cmd: ManualBrowse) -> None:
        self._expect_manual(cmd)
        z = self.profile.zones.get(cmd.zone)
        if z is None or z.holds != "cards" or z.visibility != "public" or z.name in ("deck", "hand"):
            raise IllegalCommand(self._rule("zones"), f"{self.profile.name} has no public pile {cmd.zone!r}")
        self._emit("manual", player=cmd.player, what="browse", owner=cmd.owner, zone=z.name)


HANDLERS = {ManualReady: TableTurn._h_manual_ready, ManualAttacked: TableTurn._h_manual_attacked,
            ManualBrowse: TableTurn._h_manual_browse}
