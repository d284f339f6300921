"""Activating an effect: which magic effect, whether to pay, X and the cost (CR 4-6, 8-4, 8-5-2, 10-8-3, 10-9).

`EffectCosts` is mixed into `Game` (through `Resolution`). An effect with a cost
is activated before it waits to be resolved (CR 8-5-2-2, 8-5-2-3): a triggered
effect or a magic effect asks its controller whether to pay ("you may ... to
...", CR 8-4-1); X is fixed with the cost (CR 4-6-3); every part of the cost
must be payable or the effect does not activate (CR 8-4-2-3, 8-4-2-4); the
player chooses what each part takes — which cards are discarded, which spirit
is exhausted, core or soul core (CR 8-5-6) — and a cost names where its cores
come from ("from your reserve") and takes them only from there.
"""
from __future__ import annotations

from dataclasses import replace

from ...carddb.effects import Target, uses_x
from .directives import WAIT
from ...engine.state import Cause
from .targets import candidates

ACTIVATING = ("select", "activate", "pay", "burst")  # phases of an activation not yet waiting to be resolved


class EffectCosts:
    def _activation_waiting(self):
        """The activation that must finish before anything resolves, or None: one already paying first, then the
        turn player's before the opponent's (CR 1-3-4), each in the order they activated."""
        st = self.state
        best = None
        for a in st.queue:
            if a.phase in ACTIVATING:
                key = (a.phase != "pay", a.controller != st.turn_player, a.ts)
                if best is None or key < best[0]:
                    best = (key, a)
        return None if best is None else best[1]

    def _start_phase(self, e) -> str:
        """Where an effect activated by a trigger or a magic card starts: with its cost, or waiting."""
        return "activate" if e is not None and e.cost else "new"

    def _drop_activation(self, a, reason: str) -> None:
        """The effect does not activate (CR 8-4-2-4) or its controller declined to pay for it."""
        st = self.state
        st.queue.remove(a)
        self._emit("effect_fizzled", card=a.source, reason=reason)
        card = st.cards[a.source]
        if card.zone == "resolving" and not any(q.source == a.source for q in st.queue):
            self._move_card(a.source, "trash", "resolved")  # a magic card whose effect is not used (CR 10-8-8)

    def _activate(self, a) -> None:
        st = self.state
        if a.phase == "burst":  # a set burst: does its owner activate it? (resolution.py)
            self._activate_burst(a)
            return
        if a.phase == "select":  # CR 10-8-3: a magic card with more than one usable effect
            ans = self._take_answer("effect")
            if ans is None:
                self._ask("effect", a.controller, list(a.picks), prompt="which of this card's effects to use "
                          "(CR 10-8-3)", source=a.source)
                return
            a.ref, a.picks = ("effect", ans), []
            a.phase = self._start_phase(self._effect_of(a))
            return
        e = self._effect_of(a)
        if a.phase == "activate":
            if not self._cost_payable(a, e.cost, any_x=True):
                self._drop_activation(a, "cost")  # CR 8-4-2-3, 8-4-2-4
                return
            ans = self._take_answer("may")
            if ans is None:  # CR 8-4-1: "you may ... to ...": paying is the controller's choice
                from ...carddb.card_text import effect_text

                card = self._defs[st.cards[a.source].cid]
                self._ask("may", a.controller, [True, False], source=a.source,
                          prompt=f"pay the cost? {effect_text(e, card)}")
                return
            if not ans:
                self._drop_activation(a, "declined")
                return
            a.phase, a.step = "pay", 0
        if a.phase == "pay":
            if e.limit is not None and e.limit != "unstackable" and e.kind == "activated":
                st.effect_uses.add((a.source, a.ref[1]))  # STD 12-3-1: 〔Once per turn〕 counts from its activation
            if e.x_max and uses_x(e.cost) and not a.x_chosen:  # CR 4-6-3: X is fixed with the cost
                ans = self._take_answer("x")
                if ans is None:
                    options = [x for x in range(e.x_max + 1) if self._cost_payable(replace(a, x=x), e.cost)]
                    self._ask("x", a.controller, options, prompt="choose X", source=a.source)
                    return
                a.x, a.x_chosen = ans, True
            while a.step < len(e.cost):
                if self._pay_part(a, e.cost[a.step]) is WAIT:
                    return
                a.cur, a.picks = None, []
                a.step += 1
            a.paid, a.step = True, 0
            a.phase = "new"
            self._emit("cost_paid", card=a.source, soul=a.soul_paid)

    # ------------------------------------------------------------------ what a cost takes

    def _cost_cards(self, a, d) -> list:
        """The cards an exhaust or core-removal cost could take now: refreshed ones, or ones holding enough cores
        (the soul core counts unless the cores go to the void, CR 4-11-3)."""
        st = self.state
        t = d.target
        cands = self._select_now(a, t) if t.ref is not None else candidates(self, t, a.controller, a.source)
        if d.op == "exhaust":
            return [i for i in cands if st.cards[i].zone == "field" and not st.cards[i].exhausted]
        if d.op in ("destroy", "to_deck_bottom"):
            return [i for i in cands if st.cards[i].zone == "field"]
        if d.op == "cores_onto_this":  # another spirit of yours with a core (the soul core counted) onto this spirit,
            # while this spirit is on the field (Costs: Onto-1)
            if st.cards[a.source].zone != "field":
                return []
            return [i for i in cands if i != a.source and st.cards[i].zone == "field"
                    and st.cards[i].cores + (1 if st.players[st.cards[i].owner].soul == i else 0) > 0]
        n = a.x if d.amount == "X" else d.amount
        out = []
        for i in cands:
            card = st.cards[i]
            soul = st.players[card.owner].soul == i and d.to != "void"
            if d.keep is not None:  # all its cores but N: at least one to remove (Costs: Keep-1)
                if card.zone == "field" and self._over_kept(i, d) > 0:
                    out.append(i)
            elif card.zone == "field" and card.cores + (1 if soul else 0) >= n:
                out.append(i)
        return out

    def _over_kept(self, iid: int, d) -> int:
        """How many cores "all but N" takes from a card: its cores, the soul core counted (CR 4-11), beyond N."""
        card = self.state.cards[iid]
        return card.cores + (1 if self.state.players[card.owner].soul == iid else 0) - d.keep

    def _cost_payable(self, a, cost, *, any_x: bool = False) -> bool:
        """CR 8-4-2-3: every part of the cost can be paid (with some X, when X is still to be chosen)."""
        if any_x and any(d.amount == "X" or (d.target is not None and d.target.count == "X") for d in cost):
            e = self._effect_of(a)
            return any(self._cost_payable(replace(a, x=x), cost) for x in range(e.x_max + 1))
        st = self.state
        player = st.players[a.controller]
        reserve = hand = deck = 0
        soul_cost = False  # the soul core paid itself: it does not also count among the reserve's cores
        for d in cost:
            n = a.x if d.amount == "X" else d.amount
            if d.op == "pay_cores":
                reserve += n
            elif d.op == "mill":  # the top N cards of your own deck, all N or none (CR 10-2-1, 8-4-2-3)
                deck += n
            elif d.op == "pay_soul":  # on this card, or anywhere a cost is paid from (Costs: Soul-1)
                if not self._soul_payable(a, d):
                    return False
                soul_cost = True
            elif d.op == "discard":
                hand += n
                if d.target is not None and len(self._discard_cands(a, d, a.controller)) < n:
                    return False  # "discard a nexus card": only those pay
            else:
                t = d.target
                need = 1 if t.ref is not None else (a.x if t.count == "X" else t.count)
                if len(self._cost_cards(a, d)) < need:
                    return False
        # a cost from your reserve is paid from there only: cores elsewhere do not help (CR 8-4-2-3)
        return (player.reserve + (1 if player.soul == "reserve" and not soul_cost else 0) >= reserve
                and len(player.hand) >= hand and len(player.deck) >= deck)

    def _soul_payable(self, a, d) -> bool:
        """Whether the controller's soul core can pay a `pay_soul` cost now: on this card (on the field) for
        "this spirit's", else in their reserve or on one of their field cards, where a cost is paid from (CR 10-6-6,
        10-8-6; never from the life or the trash, docs/saga-rulings.md, Costs: Soul-1)."""
        st = self.state
        player = st.players[a.controller]
        if d.target is not None:
            return player.soul == a.source and st.cards[a.source].zone == "field"
        return player.soul == "reserve" or player.soul in player.field

    def _pay_part(self, a, d):
        """Pay one part of the cost (CR 8-4-2-1); WAIT while the player chooses what it takes."""
        st = self.state
        p = a.controller
        cause = Cause("self", p)  # the owner's own cost payment: self-destruction (CR 9-3-2, 10-1-1-1)
        if d.op == "pay_cores":
            n = a.x if d.amount == "X" else d.amount
            split = self._split_cores(a, "reserve", p, n, "trash")
            if split is WAIT:
                return WAIT
            self._move_cores(p, "reserve", "trash", split[0], split[1], "pay", cause)
            a.soul_paid = a.soul_paid or split[1]
            return None
        if d.op == "discard":
            n = a.x if d.amount == "X" else d.amount
            chosen = self._pick(a, Target(side="you", type="any", zone="hand", count=n), self._discard_cands(a, d, p),
                                p, f"discard {n} to pay the cost")
            if chosen is None:
                return WAIT
            for iid in chosen:
                self._move_card(iid, "trash", "discard")
            return None
        if d.op == "pay_soul":  # the soul core itself, to the trash where paid cores go (CR 3-4-1)
            if self._soul_payable(a, d):  # (an earlier part of the same cost may have spent it already)
                self._move_cores(p, st.players[p].soul, "trash", 0, True, "pay", cause)
                a.soul_paid = True
            return None
        if d.op == "mill":  # from the top of the controller's own deck to their trash (CR 10-2-1)
            deck = st.players[p].deck
            for _ in range(a.x if d.amount == "X" else d.amount):
                if deck:  # (checked payable; an earlier part of the same cost cannot draw from it)
                    self._move_card(deck[-1], "trash", "mill")
            return None
        if a.cur is None:  # which card(s) the cost takes: the player's choice among those that can pay
            t = d.target
            cands = self._cost_cards(a, d)
            chosen = cands[:1] if t.ref is not None else self._pick(a, replace(t, mode="exact"), cands, p,
                                                                    f"{d.op.replace('_', ' ')} to pay the cost")
            if chosen is None:
                return WAIT
            a.cur = list(chosen)
        if d.op == "exhaust":
            for iid in a.cur:
                self._set_exhausted(iid, True)
            return None
        if d.op == "destroy":  # destroyed by its owner's effect, not self-destruction (CR 10-1-1, 10-1-1-1)
            self._destroy([(iid, Cause("effect", p, a.source)) for iid in a.cur])
            return None
        if d.op == "cores_onto_this":  # every core on it, the soul core too (CR 4-11-3), onto this spirit; left with
            for iid in a.cur:  # none, it is self-destroyed at the next checkpoint (CR 9-3-2)
                card = st.cards[iid]
                if card.zone == "field" and st.cards[a.source].zone == "field":
                    self._move_cores(p, iid, a.source, card.cores, st.players[p].soul == iid, "pay", cause)
            return None
        if d.op == "to_deck_bottom":  # returned by its owner's cost, its cores to the reserve as any return's
            for iid in a.cur:
                if st.cards[iid].zone == "field":
                    self._leave_field(iid, "deck", "to_deck", bottom=True)
            return None
        n = a.x if d.amount == "X" else d.amount  # core_remove
        decided = {x[0] for x in a.picks}
        for iid in a.cur:
            if iid not in decided:
                k = n if d.keep is None else self._over_kept(iid, d)
                split = self._split_cores(a, iid, st.cards[iid].owner, k, d.to)
                if split is WAIT:
                    return WAIT
                a.picks.append([iid, split[0], split[1]])
        for iid, regular, soul in a.picks:
            owner = st.cards[iid].owner
            why = cause if owner == p else Cause("effect_cores", p, a.source)
            self._move_cores(owner, iid, d.to, regular, soul, "pay", why)
            if soul and owner == p:
                a.soul_paid = True
        return None

    # ------------------------------------------------------------------ paying a card's cost from resolution

    def _card_payment(self, a, cost: int, prompt: str, *, reserve_only: bool = False):
        """Which cores pay `cost` for a card (a burst's follow-up, CR 10-9): from the reserve and the player's
        field cards (CR 10-8-6), the player's choice; `reserve_only`: from the reserve alone (Costs: Reserve-1). A
        list of places, one per core (0 the reserve, a card id, -1 the soul core), WAIT while asked, or None if the
        player has too few cores."""
        st = self.state
        p = a.controller
        player = st.players[p]
        places, counts = [], []
        if player.reserve:
            places.append(0)
            counts.append(player.reserve)
        for iid in () if reserve_only else player.field:
            if st.cards[iid].cores:
                places.append(iid)
                counts.append(st.cards[iid].cores)
        if player.soul == "reserve" or (not reserve_only and player.soul in player.field):
            places.append(-1)
            counts.append(1)
        if sum(counts) < cost:
            return None
        if cost == 0:
            return []
        if len(places) == 1:  # one place holds every core there is: nothing to choose
            return [places[0]] * cost
        ans = self._take_answer("cores")
        if ans is None:
            self._ask("cores", p, places, cost, cost, prompt=prompt, source=a.source, counts=counts)
            return WAIT
        return list(ans)

    def _pay_with(self, p: int, chosen: list) -> bool:
        """Move the chosen cores (see _card_payment) to the trash as a payment; whether the soul core paid."""
        return self._move_chosen(p, chosen, "trash", "pay")

    def _move_chosen(self, p: int, chosen: list, dst, reason: str) -> bool:
        """Move the cores a cores choice chose (places as _card_payment answers them: 0 the reserve, a card's
        number, -1 the soul core wherever it is) to `dst` (a place or a card); whether the soul core went."""
        st = self.state
        cause = Cause("self", p)
        by_place: dict = {}
        for place in chosen:
            by_place[place] = by_place.get(place, 0) + 1
        soul = by_place.pop(-1, 0) > 0
        soul_at = st.players[p].soul
        for place, n in by_place.items():
            loc = "reserve" if place == 0 else place
            self._move_cores(p, loc, dst, n, soul and soul_at == loc, reason, cause)
        if soul and soul_at not in {("reserve" if k == 0 else k) for k in by_place}:
            self._move_cores(p, soul_at, dst, 0, True, reason, cause)
        return soul

