"""What a profile's card types and fields do on the table of a game without a rules module (Eternal's special cards).

- A type with `combines` (Eternal's Brave, ETR §Brave) combines with one of its owner's field cards of the listed
  types: ManualAttach onto it; ManualAttach to None separates it. While combined the host's BP is its own plus the
  Brave's `combines.bp` field and its symbols include the Brave's (`stats`, `view` read them here, so a LAN seat
  sees the same numbers). No Brave combines onto a card that already has one. The Brave's cores move onto the host
  (ETR §Brave: "Any Cores placed on the Brave are moved onto the Spirit it combines with") and an exhausted Brave
  makes the combined spirit exhausted. When the host leaves the field the Brave goes with it, to the same place:
  the rule's default ("otherwise it leaves with the spirit"); to keep it on the field, separate it first.
- A two-sided card turned to side B (ETR §Rebirth; `ManualSide`) has side B's levels and BP on the field.
- `cards.void_cores` (ETR §Grandwalker Nexus): the cores on such a card go to the void when it leaves the field.
- A token card dealt from outside the deck (Eternal's token pool) goes back there when it leaves the field.
- `setup.contract` (ETR §Contract Card, §Game Setup): a player whose deck holds a contract card answers, before
  seeing a hand, whether to take one: then the opening draws `draw` cards and adds it (table/opening.py).

Queries take the game first (a Game, or a guest's RemoteGame with the same state); no Qt.
"""
from __future__ import annotations

from .errors import IllegalCommand


def shown_def(game, iid: int):
    """The card definition the table shows for card `iid`: side B of a two-sided card turned over, else its own."""
    st = game.state
    d = game.db[st.cards[iid].cid]
    table = st.table
    if table is not None:
        m = table.marks.get(iid)
        if m is not None and m.back:
            from ..table.state import other_side

            side = other_side(d)
            if side is not None:
                return side[1]
    return d


def combines(game, card_def) -> dict | None:
    """The `combines` rule of a card's type (a Brave's), or None."""
    spec = game.profile.cards.types.get(card_def.type)
    return spec.get("combines") if spec else None


def combined_on(game, host: int) -> list[int]:
    """The cards combined with `host` (a spirit's Brave)."""
    table = game.state.table
    if table is None:
        return []
    cards = game.state.cards
    return sorted(i for i, m in table.marks.items()  # (a LAN guest's mirrored table has the marks alone)
                  if m.on == host and combines(game, game.db[cards[i].cid]) is not None)


def brave_bp(game, host: int) -> int:
    """What the cards combined with `host` add to its BP (ETR §Brave: "The value (BP+) ... is added")."""
    total = 0
    for i in combined_on(game, host):
        d = game.db[game.state.cards[i].cid]
        field = combines(game, d)["bp"]
        total += d.extra.get(field, 0) if field else 0
    return total


def symbols(game, iid: int) -> tuple:
    """The card's symbols on the table, with those of the cards combined with it (ETR §Brave: "symbol ... added")."""
    out = tuple(shown_def(game, iid).symbols)
    for i in combined_on(game, iid):
        out += tuple(game.db[game.state.cards[i].cid].symbols)
    return out


def has_bp(game, iid: int) -> bool:
    """Whether the card shows a BP on the field: its type has levels with BP (a spirit, an Ultimate, a Brave)."""
    d = shown_def(game, iid)
    spec = game.profile.cards.types.get(d.type)
    return (spec["levels"] == "bp") if spec else d.type == "spirit"


def cores_leave_to(game, card) -> str:
    """Where the cores of a field card go when it leaves the field: the reserve, or the void for a card the
    profile's `cards.void_cores` names (ETR §Grandwalker Nexus: "all Cores on it are placed in the Void")."""
    rule = game.profile.cards.void_cores if game.state.table is not None else None
    if rule is not None and game.db[card.cid].extra.get(rule["field"]) == rule["value"]:
        return "void"
    return "reserve"


def token_home(game, card) -> str | None:
    """Where a token card goes when it leaves the field: back to the zone its profile deals token cards into from
    outside the deck (`deck_rules.side` with `cards: tokens`: Eternal's tokens return to where they came from). None: it
    leaves the game (cites["tokens"]), as a token made by hand does."""
    side = game.profile.deck_rules["side"] if game.state.table is not None else None
    zone = side.get("zone") if side and side.get("cards") == "tokens" else None
    if zone is None or not game.db[card.cid].set:  # a token made by hand (carddb.cards.hand_token) has no set
        return None
    return zone


class TableCards:
    # (Game provides state, profile, db, _emit, _manual_done, _move_cores, _set_exhausted, _leave_field, _move_card)

    def _combine(self, cmd, card, spec: dict) -> None:
        """ManualAttach of a card whose type combines (a Brave on the field): combine, swap or separate."""
        rule = spec["rule"] or self._rule(f"cards.types.{self._defs[card.cid].type}.combines")
        table = self.state.table
        mark = table.marks.get(card.iid)
        on = mark.on if mark is not None else None
        if cmd.host is None:
            if on is None:
                raise IllegalCommand(self.cites["already_so"], "the card is not combined with anything")
            mark.on = None
            table.tidy(card.iid)
            self._emit("manual", player=cmd.player, what="attach", card=card.iid, host=None)
            return self._manual_done()
        host = self.state.cards.get(cmd.host) if type(cmd.host) is int else None
        kinds = ", ".join(spec["with"])
        if host is None or host.zone != "field" or host.iid == card.iid or host.owner != card.owner:
            raise IllegalCommand(rule, f"it combines with a {kinds} on its owner's field")
        host_def = self._defs[host.cid]
        if host_def.type not in spec["with"]:
            raise IllegalCommand(rule, f"it combines with a {kinds}, not a {host_def.type}")
        if on == host.iid:
            raise IllegalCommand(self.cites["already_so"], "the card is already combined with it")
        if combined_on(self, host.iid):
            raise IllegalCommand(rule, "No Brave can be combined onto an already combined spirit")
        table.mark(card.iid).on = host.iid
        self._emit("manual", player=cmd.player, what="attach", card=card.iid, host=host.iid)
        if on is None:  # combining (not a swap): the Brave's cores go onto the spirit, its exhaustion too
            player = self.state.players[card.owner]
            if card.cores or player.soul == card.iid:
                self._move_cores(card.owner, card.iid, host.iid, card.cores, player.soul == card.iid, "combine", None)
            if card.exhausted and not host.exhausted:
                self._set_exhausted(host.iid, True)
        self._manual_done()

    def _combined_goes(self, other: int, src: str, dst: str) -> bool:
        """A card combined with a card that left the field goes with it to the same place (ETR §Brave, the rule's
        default when its owner does not keep it); True when it went."""
        st = self.state
        card = st.cards[other]
        if src != "field" or card.zone != "field" or combines(self, self._defs[card.cid]) is None:
            return False
        self._leave_field(other, dst if dst in self.profile.zones else "trash", "with_host")
        return True

    # ---------------------------------------------------------------- the contract opening (setup.contract)

    def _contract_cids(self, p: int) -> list[str]:
        from ..table.opening import contract_cids

        st = self.state
        return contract_cids(self.profile, [self._defs[st.cards[i].cid] for i in st.players[p].deck])

    def _contract_asked(self, p: int) -> bool:
        """At setup: whether player `p` first says whether to take a contract card (their deck holds one), before
        any hand is drawn (ETR §Game Setup ②: it is presented before the shuffle, so before the hand is seen)."""
        table = self.state.table
        asked = table is not None and bool(self._contract_cids(p))
        if asked:
            table.contract[p] = True
        return asked

    def _contract_answered(self, p: int) -> None:
        """A mulligan decision waits for the contract answer."""
        table = self.state.table
        if table is not None and table.contract[p]:
            rule = self.profile.setup["contract"]["rule"] or self._rule("setup.contract")
            raise IllegalCommand(rule, "first say whether to take a contract card into the opening hand")

    def _h_contract_opening(self, cmd) -> None:
        """ETR §Contract Card: draw `draw` (3) and add the contract card presented, or draw the hand as usual. Over the
        LAN each player answers their own, like the mulligan; the redraw after it is the ordinary one (4 cards, the
        contract card shuffled back: "When redrawing, you cannot take a Contract Card")."""
        st, setup = self.state, self.profile.setup
        rule = setup["contract"]["rule"] if setup.get("contract") else ""
        rule = rule or self._rule("setup.contract")
        p = cmd.player
        pend = self._decision()
        table = st.table
        if pend is None or pend[0] != "mulligan" or pend[1] != p or table is None or not table.contract[p]:
            raise IllegalCommand(rule, "a contract card is taken only at the start of the game, before the "
                                       "opening hand, by the player whose opening it is")
        player = st.players[p]
        if cmd.cid:
            iid = next((i for i in reversed(player.deck) if st.cards[i].cid == cmd.cid), None)
            if iid is None or cmd.cid not in self._contract_cids(p):
                raise IllegalCommand(rule, f"the deck holds no contract card {cmd.cid!r} to take")
        table.contract[p] = False
        self._emit("manual", player=p, what="contract", take=bool(cmd.cid))
        if not cmd.cid:
            return self._draw(p, setup["hand"])
        # presented face down before the shuffle (so never among the cards drawn), then revealed and added
        self._move_card(iid, "hand", "contract")
        self._draw(p, setup["contract"]["draw"])
        self._emit("manual", player=p, what="reveal", cards=[iid], cids=[cmd.cid])
