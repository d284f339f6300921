"""What Battle of Souls' card vocabulary does (carddb/bos_effects.py reads it), and how cards leave the field. A
mixin of BosGame.

Leaving the field is one door, `_leave`, because the rule book tells its ways apart (BOS §Destroy, §Sacrifice
(Tribute), §Send to the Discard Pile, §Leaves the Field): every way to the discard pile fires "when sent to the
discard pile"; only battle and destroy effects fire "when destroyed"; a sacrifice is not a destruction; shuffling
into the deck fires no "leaves the field".
"""
from __future__ import annotations

from ...engine.state import Card, Choice
from . import cites as C
from .stats import fighters

TOKEN_PREFIX = "BOS-TOKEN-"


class BosEffects:
    def _acted_on(self, link, who: str) -> list[int]:
        """The cards an action of `link`'s effect acts on, those still where it can reach them."""
        st = self.state
        ctrl = link.controller
        if who == "target":
            return [t for t in link.targets if st.cards[t].zone in ("fighter", "equipment", "tactic")]
        if who == "self":
            return [link.card] if st.cards[link.card].zone == "fighter" else []
        if who == "attached":
            m = st.table.marks.get(link.card)
            return [m.on] if m is not None and m.on is not None else []
        sides = {"own_fighters": (ctrl,), "opponent_fighters": (1 - ctrl,), "all_fighters": (ctrl, 1 - ctrl)}[who]
        return [i for q in sides for i in fighters(self, q)]

    def searchable(self, p: int, what: str) -> list[int]:
        """The cards of type `what` in player `p`'s deck (BOS §Search Your Deck)."""
        st = self.state
        return [i for i in st.players[p].deck if self._defs[st.cards[i].cid].type == what]

    def _do(self, link, e, start: int = 0) -> bool:
        """Resolve effect `e` of `link`, action by action from the `start`-th (BOS §Effects of Cards); False when a
        choice inside it pauses it (state.rules.resolving says where it goes on)."""
        st, r = self.state, self.state.rules
        ctrl = link.controller
        for n, a in enumerate(e.do[start:], start):
            if st.result is not None:
                return True
            op = a.op
            if op == "search":
                found = self.searchable(ctrl, a.name)
                if found:  # its controller looks through the deck and picks one
                    st.choice = Choice("search", ctrl, found, 1, 1, f"Add 1 {a.name} card from your deck to your hand",
                                       source=link.card)
                    r.resolving = (link, n + 1)
                    return False
                continue
            if op == "modify":
                for iid in self._acted_on(link, a.who):
                    if st.cards[iid].zone == "fighter":
                        r.mods.append([iid, a.stat, a.amount, a.until])
                        self._emit("modify", card=iid, stat=a.stat, amount=a.amount, until=a.until)
            elif op == "destroy":
                for iid in self._acted_on(link, a.who):
                    self._destroy(iid, by=ctrl, rule=C.CHAINS)
            elif op == "damage":
                self._transfer(1 - ctrl, a.amount, "effect")
            elif op == "draw":
                self._draw_or_lose(ctrl, a.count, C.WIN)
            elif op == "negate":
                if r.chain:  # the activation this one responds to: the next below it
                    r.chain[-1].negated = True
            elif op == "position":
                for iid in self._acted_on(link, a.who):
                    if st.cards[iid].zone == "fighter":
                        self._set_exhausted(iid, not st.cards[iid].exhausted)
                        self._emit("position", card=iid, to="rest" if st.cards[iid].exhausted else "attack")
            elif op in ("return_to_hand", "shuffle_into_deck", "send_to_discard"):
                dst = {"return_to_hand": "hand", "shuffle_into_deck": "deck", "send_to_discard": "discard"}[op]
                for iid in self._acted_on(link, a.who):
                    self._leave(iid, dst, op)
                    if dst == "deck":
                        st.rng.shuffle(st.players[st.cards[iid].owner].deck)
                        self._emit("shuffle", player=st.cards[iid].owner)
            elif op == "extra_deploy":
                r.extra_deploys += a.count
                self._emit("extra_deploy", player=ctrl, count=a.count)
            elif op == "token":
                for _ in range(a.count):
                    self._make_token(ctrl, a)
        self._check_winner()
        return True

    def _destroy(self, iid: int, *, by: int | None, rule: str, battle: bool = False) -> None:
        """BOS §Destroy: to the discard pile by battle or by an effect that destroys."""
        self._emit("destroy", card=iid, player=by, battle=battle, rule=rule)
        self._leave(iid, "discard", "battle" if battle else "destroyed")

    def _leave(self, iid: int, dst: str, reason: str) -> None:
        """Card `iid` leaves the field for `dst` (its owner's: BOS §Control), firing what the way it leaves fires."""
        st = self.state
        token = self._defs[st.cards[iid].cid].token
        if dst != "deck":
            self._fire("leaves_field", iid)  # (not when shuffled into the deck: BOS §Leaves the Field)
        if reason in ("battle", "destroyed"):
            self._fire("destroyed", iid)
        if dst == "discard" and not token:
            self._fire("sent_to_discard", iid)
        self._move_card(iid, dst if not token else "removed", reason)  # a token is removed (BOS §Fighter Tokens)

    def _make_token(self, p: int, a) -> None:
        """A fighter token (BOS §Fighter Tokens) in attack position, if the fighter zone has room."""
        from ...carddb.game_cards import card_token
        from .deploy import FIGHTERS_MAX

        st = self.state
        if len(fighters(self, p)) >= FIGHTERS_MAX:
            return
        cid = f"{TOKEN_PREFIX}{a.name}-{a.atk}-{a.rst}"
        if cid not in self.db:
            self._own_db().add(card_token(cid, a.name, "fighter", {"class": "Warrior", "atk": a.atk, "rst": a.rst}))
        iid = max(st.cards) + 1
        st.cards[iid] = Card(iid, cid, p, "token")
        self._emit("token", player=p, card=iid, cid=cid, name=a.name, atk=a.atk, rst=a.rst)
        self._move_card(iid, "fighter", "token")
