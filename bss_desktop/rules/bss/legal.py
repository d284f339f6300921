"""What each decision of Battle Spirits Saga allows: `legal_commands` with the default payments (CR 6-6, 7, 10-6)."""
from __future__ import annotations

from ...engine.commands import (Activate, Attack, Awaken, Block, Choose, Command, ContractOpening, CoreMove, EndAttack,
                                EndMain, MoveCores, Mulligan, Pass, PlaceNexus, SetBurst, Summon, UseMagic)
from ...engine.errors import IllegalCommand
from ...engine.offers import made, offer, remember
from . import continuous, costs, timing


def _reserve_offer(kind: str, p: int, iid: int, pay: int, place: int):
    """The summon, placement or magic use legal_commands offers when the reserve's cores alone pay `pay` and place
    `place` (costs._auto_select's answer then: those cores, from the reserve), made once (as offers.offer)."""
    key = (kind, p, iid, pay, place)
    cmd = made(key)
    if cmd is None:
        pay_sel = (("reserve", pay),) if pay else ()
        place_sel = (("reserve", place),) if place else ()
        if kind == "magic":
            cmd = offer(UseMagic, p, iid, pay_sel, False)
        elif kind == "nexus":
            cmd = offer(PlaceNexus, p, iid, pay_sel, False, place_sel, False)
        else:
            cmd = offer(Summon, p, iid, pay_sel, False, place_sel, False, None)
        remember(key, cmd)
    return cmd


_moves: dict = {}  # (player, field card) -> its four one-core moves (_card_moves)


def _card_moves(p: int, iid: int) -> tuple:
    """The core moves legal_commands offers for a field card: a core from the reserve onto it, the soul core from the
    reserve onto it, a core from it to the reserve, the soul core from it to the reserve (made once)."""
    if len(_moves) >= 4096:
        _moves.clear()
    moves = _moves[(p, iid)] = (offer(MoveCores, p, (CoreMove("reserve", iid, 1, False),)),
                                offer(MoveCores, p, (CoreMove("reserve", iid, 0, True),)),
                                offer(MoveCores, p, (CoreMove(iid, "reserve", 1, False),)),
                                offer(MoveCores, p, (CoreMove(iid, "reserve", 0, True),)))
    return moves


class SagaLegal:
    """SagaGame's the legal commands of each decision."""

    def _legal_commands(self) -> list[Command]:
        pend = self._decision()
        if pend is None:
            return []
        st = self.state
        kind, p = pend
        player = st.players[p]
        out: list[Command] = []
        if kind == "mulligan":
            if st.table is not None and st.table.contract[p]:  # take a contract card or not (table_cards.py)
                return [*(offer(ContractOpening, p, cid) for cid in self._contract_cids(p)),
                        offer(ContractOpening, p)]
            if self.profile.rules is None and self._table_redraw_refused(p):
                return [offer(Mulligan, p, False)]
            return [offer(Mulligan, p, False), offer(Mulligan, p, True)]
        if kind == "choose":
            return self.choice_commands(Choose)
        if kind == "main":
            can_burst = player.burst_set_turn != st.turn
            symbols = costs.field_symbols(self, p)
            cards, defs, fx_cache = st.cards, self._defs, self._fx_cache
            net_cost, auto_select = costs.net_cost, costs.auto_select
            plain, reductions = self._plain_costs(), costs.reductions_on(symbols)
            autos: dict = {}  # the same payment is asked for again by cards of the same cost
            most = None  # costs.most_cores, found when a card's cost is more than the reserve holds
            for iid in player.hand:
                cid = cards[iid].cid
                d = defs[cid]
                t = d.type
                if t == "magic" and not self._magic_timing_ok(d.magic_timing, "main"):
                    pass
                elif t == "spirit" and self.has_effects and "ascend" in fx_cache[cid].keyword_names:
                    option = self._summon_option(p, iid, d, net_cost(self, p, d, symbols, iid), False)
                    if option is not None:
                        out.append(option)
                else:  # magic, or _summon_option without 【Ascend】, written out
                    cost = self._hand_cost(p, d, iid, symbols, plain, reductions)
                    levels = d.levels
                    lv1 = 0 if t == "magic" or not levels else levels[0].cores  # (CardDef.lv1_cores)
                    if 0 < cost + lv1 <= player.reserve:  # the reserve's cores alone: costs._auto_select's answer
                        out.append(_reserve_offer(t, p, iid, cost, lv1))
                    else:
                        key = (cost, lv1)
                        auto = autos.get(key, autos)
                        if auto is autos:
                            if most is None:
                                most = costs.most_cores(self, p)
                            # more than every core the player has: auto_select's None, without its search
                            auto = autos[key] = auto_select(self, p, cost, lv1) if cost + lv1 <= most else None
                        if auto is None:
                            pass
                        elif t == "magic":
                            out.append(offer(UseMagic, p, iid, auto[0], auto[1]))
                        elif t == "nexus":
                            out.append(offer(PlaceNexus, p, iid, *auto))
                        else:
                            out.append(offer(Summon, p, iid, *auto, None))
                if can_burst and d.burst:
                    out.append(offer(SetBurst, p, iid))
            if self.has_effects:
                out.extend(self._legal_effect_commands(p, "main"))
            soul = player.soul
            for iid in player.field:
                moves = _moves.get((p, iid)) or _card_moves(p, iid)
                if player.reserve:
                    out.append(moves[0])
                if soul == "reserve":
                    out.append(moves[1])
                if cards[iid].cores:
                    out.append(moves[2])
                if soul == iid:
                    out.append(moves[3])
            out.append(offer(EndMain, p))
        elif kind == "attack":
            for iid in player.field:
                c = st.cards[iid]
                if not c.exhausted and self._defs[c.cid].type == "spirit" and not (
                        self.has_effects and (continuous.restricted(self, iid, "cannot_attack") or not
                                              costs.tax_payable(self, p, continuous.attack_tax(self, iid)))):
                    out.append(offer(Attack, p, iid))
            if not (self.has_effects and timing.must_attack(self, p)):  # "this spirit must attack if able"
                out.append(offer(EndAttack, p))
        elif kind == "flash":
            out.append(offer(Pass, p))
            symbols = plain = reductions = None  # (found when a card needs them: most hands hold nothing to use now)
            cards, defs, fx_cache = st.cards, self._defs, self._fx_cache
            for iid in player.hand:
                cid = cards[iid].cid
                d = defs[cid]
                if d.type == "magic" and "flash" in d.magic_timing:
                    if plain is None:
                        if symbols is None:
                            symbols = costs.field_symbols(self, p)
                        plain, reductions = self._plain_costs(), costs.reductions_on(symbols)
                    cost = self._hand_cost(p, d, iid, symbols, plain, reductions)
                    if 0 < cost <= player.reserve:  # the reserve's cores alone: costs._auto_select's answer
                        out.append(_reserve_offer("magic", p, iid, cost, 0))
                        continue
                    auto = costs.auto_select(self, p, cost, 0)
                    if auto is not None:
                        out.append(offer(UseMagic, p, iid, auto[0], auto[1]))
                elif d.type == "spirit" and self.has_effects and ("swift" in fx_cache[cid].keyword_names or (
                        "grant" in self._constant_ops and self.has_keyword(iid, "swift"))):  # (given in the hand)
                    if symbols is None:
                        symbols = costs.field_symbols(self, p)
                    option = self._summon_option(p, iid, d, costs.net_cost(self, p, d, symbols, iid), True)
                    if option is not None:
                        out.append(option)
            if self.has_effects:
                out.extend(self._legal_effect_commands(p, "flash"))
        elif kind == "block":
            blockers = [iid for iid in player.field if self._can_block(iid)]
            if not blockers or not self._must_block():
                out.append(offer(Block, p, None))
            out.extend(offer(Block, p, iid) for iid in blockers)
        return out

    def _legal_effect_commands(self, p: int, window: str) -> list:
        st = self.state
        out = []
        awaken_ok = (window == "flash" or self.flash_in_main) and not (
            # no card can have 【Awaken】: none prints it, no constant effect or resolved one gives it (_may_have)
            self._pure_reads and "awaken" not in self._keywords and "awaken" not in self._constant_keywords
            and not any(g.what == "keyword" and g.keyword.name == "awaken" for g in st.grants))
        activated = self._activated_cids  # (the cards of this game with an activated effect)
        if not activated and not awaken_ok:
            return out
        fx_cache = self._fx_cache
        for iid in st.players[p].field:
            cid = st.cards[iid].cid
            if cid in activated:
                for idx, _ in fx_cache[cid].activated:
                    if self._activated_ok(p, iid, idx, window) is None:
                        out.append(Activate(p, iid, idx))
            if awaken_ok and fx_cache[cid].keywords and continuous.has_keyword(self, iid, "awaken"):
                donors = [i for i in st.players[p].field if i != iid and st.cards[i].cores]
                if donors:
                    out.append(Awaken(p, iid, ((donors[0], 1),)))
        return out

    def _summon_option(self, p: int, iid: int, d, cost: int, swift: bool):
        """The summon/placement legal_commands offers for a hand card, or None if it cannot be made."""
        ascend = None
        if self.has_effects and d.type == "spirit" and "ascend" in self.fx(d.id).keyword_names:
            try:
                ascend = self._ascend_target(Summon(p, iid), d)
            except IllegalCommand:
                return None
        if ascend is None and not swift:
            # the player's whole pool and their soul core if available: auto_select's own default, the same answer
            auto = costs.auto_select(self, p, cost, d.lv1_cores)
        else:
            pool, soul_ok = self._summon_pool(p, ascend, swift)
            auto = costs.auto_select(self, p, cost, d.lv1_cores, pool=pool, soul_free=soul_ok)
        if auto is None:
            return None
        if d.type == "nexus":
            return offer(PlaceNexus, p, iid, *auto)
        return offer(Summon, p, iid, *auto, ascend)

    def _plain_costs(self) -> bool:
        """Whether no constant effect changes costs now, so a card's cost is its printed cost less what its player's
        field symbols reduce it by (costs.net_cost without cost_changes): for the costs of a whole hand."""
        return not self.has_cost_constants or (self._pure_reads and (
            not any(self.state.cards[i].cid in self._cost_cids for pl in self.state.players for i in pl.field)
            or not continuous.cost_directives(self)))  # (no field card has such an effect: none is active)

    def _hand_cost(self, p: int, d, iid: int, symbols: tuple, plain: bool, reductions: dict) -> int:
        """costs.net_cost of hand card `iid` (definition `d`) of player `p`; `plain` and `reductions` as
        _plain_costs and costs.reductions_on(symbols) answer."""
        if not plain or self.state.cost_next or (d.effects and costs.own_cost_effects(d)):  # (Costs: Own-1, Next-1)
            return costs.net_cost(self, p, d, symbols, iid)
        if d.reduction:
            reduced = reductions.get(d.reduction)
            if reduced is None:
                reduced = reductions[d.reduction] = costs.reduction(d, symbols)
            return max(0, d.cost - reduced)
        return max(0, d.cost)
