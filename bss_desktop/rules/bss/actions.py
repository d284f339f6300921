"""Battle Spirits Saga's actions in the main step and flash windows (CR 6-6, 8, 10-6…10-9, 11): summon, place,
use magic, set a burst, move cores, activate an effect, 【Awaken】."""
from __future__ import annotations

from dataclasses import replace

from ...engine import stats
from ...engine.commands import Activate, Awaken, CoreMove, MoveCores, SetBurst, Summon, UseMagic
from ...engine.errors import IllegalCommand
from ...engine.state import Activation, Cause
from . import continuous, costs
from .targets import condition_holds

_SELF_CAUSE = (Cause("self", 0), Cause("self", 1))  # each player's own action (causes are values)


class SagaActions:
    """SagaGame's the actions of the main step and flash windows."""

    def _h_summon(self, cmd) -> None:
        st = self.state
        is_spirit = isinstance(cmd, Summon)
        verb = "summon" if is_spirit else "place"
        r = "10-6" if is_spirit else "10-7"
        window = self._expect(cmd, ("main", "flash"), "CR 6-6-1-2-1", verb)
        p = cmd.player
        card = self._own_card(p, cmd.card, "hand", "CR 10-6-1" if is_spirit else "CR 10-7-1", verb)
        d = self._defs[card.cid]
        if d.type != ("spirit" if is_spirit else "nexus"):
            raise IllegalCommand(f"CR {r}-1", f"{d.name} is a {d.type} card, not a {'spirit' if is_spirit else 'nexus'}")
        swift = window == "flash"
        if swift and not (is_spirit and self.has_keyword(card.iid, "swift")):  # printed, or given in the hand
            raise IllegalCommand("CR 11-9-1", "only a spirit with 【Swift】 can be summoned in a flash window")
        ascend = self._ascend_target(cmd, d) if is_spirit else None
        cost = self._summon_cost(cmd, d, card.iid)  # CR 10-6-5: fixed before payment (ruling 7)
        pool, soul_ok = self._summon_pool(p, ascend, swift)
        pay, pay_soul, place, place_soul = self._selections(cmd, cost, d.lv1_cores, r, pool=pool, soul_ok=soul_ok)
        paid = costs.take(pool, pay, pay_soul, soul_ok, what="payment", rule="CR 10-6-6" if is_spirit else "CR 10-7-6")
        if paid != cost:
            raise IllegalCommand(f"CR {r}-6", f"{d.name} costs {cost} after reduction; the payment has {paid} core(s)")
        placed = costs.take(pool, place, place_soul, soul_ok and not pay_soul, what="placement",
                            rule="CR 10-6-7" if is_spirit else "CR 10-7-7")
        if placed < d.lv1_cores:
            raise IllegalCommand(f"CR {r}-7", f"{d.name} needs at least {d.lv1_cores} core(s) for LV1; {placed} placed")
        # ---- valid: perform it
        if (pay, pay_soul, place, place_soul) != (cmd.pay, cmd.pay_soul, cmd.place, cmd.place_soul) or (
                is_spirit and ascend != cmd.ascend) or type(pay) is not type(cmd.pay) or (
                type(place) is not type(cmd.place)):
            self._resolved = replace(cmd, pay=pay, pay_soul=pay_soul, place=place, place_soul=place_soul,
                                     **({"ascend": ascend} if is_spirit else {}))
        # else the command is concrete already (as legal_commands makes them): it is its own record
        cause = _SELF_CAUSE[p]  # cores the owner pays or moves: self-destruction (CR 10-1-1-1)
        self._emit("reveal", player=p, card=card.iid, cid=card.cid)  # CR 10-6-3
        if ascend is not None:
            asc = st.cards[ascend]
            self._move_cores(p, ascend, "reserve", asc.cores, st.players[p].soul == ascend, "ascend", cause)
        if cmd.exile:
            self._succession(cmd)
        self._move_selection(p, pay, pay_soul, "trash", "pay", cause)  # CR 10-6-6
        self._move_card(card.iid, "field", "summon" if is_spirit else "place")  # CR 10-6-7, 3-5-3
        self._move_selection(p, place, place_soul, card.iid, "place", cause)
        self._announce_manual(card.iid)  # what it does while on the field, before its "when summoned" (CR 10-6-7)
        self._soul_summon = card.iid if pay_soul else None  # "if you spend a soul core as part of its cost"
        self._on_summoned(card.iid)
        self._manage()
        if swift and st.result is None:  # the other player may now act (CR 7-1-2-1)
            st.battle.passes, st.battle.priority = 0, 1 - p

    def _selections(self, cmd, cost: int, lv1: int, r: str, *, pool: dict, soul_ok: bool):
        """The command's payment and placement, with the automatic default for a half it left out.

        A default half uses only the cores the given half leaves. `r` is "10-6" or "10-7";
        `pool` the cores the action may use (not changed).
        """
        pay, pay_soul, place, place_soul = cmd.pay, cmd.pay_soul, cmd.place, cmd.place_soul
        if pay is not None and place is not None:
            return pay, pay_soul, place, place_soul
        p = cmd.player
        pool = dict(pool)  # (the caller's stays as it is)
        if pay is not None:
            costs.take(pool, pay, pay_soul, soul_ok, what="payment", rule=f"CR {r}-6")
            auto = costs.auto_select(self, p, 0, lv1, pool=pool, soul_free=not pay_soul)
        elif place is not None:
            costs.take(pool, place, place_soul, soul_ok, what="placement", rule=f"CR {r}-7")
            auto = costs.auto_select(self, p, cost, 0, pool=pool, soul_free=not place_soul)
        else:
            auto = costs.auto_select(self, p, cost, lv1, pool=pool, soul_free=soul_ok)
        if auto is None:
            raise IllegalCommand(f"CR {r}-6", f"not enough cores: this needs {cost} to pay"
                                 + (f" and {lv1} to place" if lv1 else ""))
        if pay is None:
            pay, pay_soul = auto[0], auto[1]
        if place is None:
            place, place_soul = auto[2], auto[3]
        return pay, pay_soul, place, place_soul

    def _h_use_magic(self, cmd: UseMagic) -> None:
        st = self.state
        window = self._expect(cmd, ("main", "flash"), "CR 8-1-6-1", "using magic")
        p = cmd.player
        card = self._own_card(p, cmd.card, "hand", "CR 10-8-1", "use magic")
        d = self._defs[card.cid]
        if d.type != "magic":
            raise IllegalCommand("CR 10-8-1", f"{d.name} is not a magic card")
        if not self._magic_timing_ok(d.magic_timing, window):
            label = "/".join(sorted(d.magic_timing)) or "no timing"
            where = "the main step (ruling 1: flash effects are not used in the main step)" if window == "main" \
                else "a flash window"
            raise IllegalCommand("CR 8-1-6-1", f"{d.name} is {label} magic and cannot be used in {where}")
        cost = self._magic_cost(cmd, d, card.iid)
        if cmd.pay is None:
            auto = costs.auto_select(self, p, cost, 0)
            if auto is None:
                raise IllegalCommand("CR 10-8-6", f"not enough cores: {d.name} costs {cost}")
            pay, pay_soul = auto[0], auto[1]
        else:
            pay, pay_soul = cmd.pay, cmd.pay_soul
        pool = costs.core_pool(self, p)
        paid = costs.take(pool, pay, pay_soul, costs.soul_available(self, p), what="payment", rule="CR 10-8-6")
        if paid != cost:
            raise IllegalCommand("CR 10-8-6", f"{d.name} costs {cost} after reduction; the payment has {paid} core(s)")
        # ---- valid
        if (pay, pay_soul) != (cmd.pay, cmd.pay_soul) or type(pay) is not type(cmd.pay):
            self._resolved = replace(cmd, pay=pay, pay_soul=pay_soul)
        self._emit("reveal", player=p, card=card.iid, cid=card.cid)  # CR 10-8-3
        if cmd.exile:
            self._succession(cmd)
        self._move_selection(p, pay, pay_soul, "trash", "pay", Cause("self", p))
        costs.magic_used(self, p, card.iid)  # (still in the hand: "the next magic card you use from your hand")
        self._move_card(card.iid, "resolving", "use")  # CR 10-8-7: not counted, not observable
        self._soul_summon = card.iid if pay_soul else None  # "when you spend a soul core as part of its cost"
        self._emit("magic_used", player=p, card=card.iid, cid=card.cid, window=window)
        self._announce_manual(card.iid)
        # CR 10-8-3: the effects usable in this window, each by its own timing; with several its player selects one.
        # It resolves, then the card goes to the trash (10-8-8)
        usable = [i for i, e in self.fx(card.cid).magic if self._magic_timing_ok(e.timing, window)]
        if usable:
            self._use_magic_effects(card.iid, p, usable, pay_soul)
        else:
            self._move_card(card.iid, "trash", "resolved")
        b = st.battle
        if b is not None and p == b.attacking_player:
            b.magic_used.append(card.iid)
        self._manage()
        if window == "flash" and st.result is None:  # the other player may now act (CR 7-1-2-1)
            b.passes = 0
            b.priority = 1 - p

    def _summon_cost(self, cmd, d, iid: int) -> int:
        """What summoning or placing card `iid` (definition `d`) costs its player now, after reduction (CR 10-6-5,
        10-7-5): the cores `cmd`'s payment must hold."""
        if cmd.exile:
            self._no_succession()
        return costs.net_cost(self, cmd.player, d, iid=iid)

    def _magic_cost(self, cmd: UseMagic, d, iid: int) -> int:
        """What using magic card `iid` (definition `d`) costs its player now, after reduction (CR 10-8-5)."""
        if cmd.exile:
            self._no_succession()
        return costs.net_cost(self, cmd.player, d, iid=iid)

    def _no_succession(self) -> None:
        raise IllegalCommand("CR 2-7-3", f"{self.profile.name} has no 《Succession》: only symbols on the field reduce "
                                         "a cost")

    def _succession(self, cmd) -> None:
        """Remove `cmd.exile`'s cards from the game for 《Succession》 (never in Saga: refused with its cost)."""

    def _h_set_burst(self, cmd: SetBurst) -> None:
        st = self.state
        self._expect(cmd, ("main",), "CR 6-6-1-2-2", "setting a burst")
        p = cmd.player
        player = st.players[p]
        card = self._own_card(p, cmd.card, "hand", "CR 6-6-1-2-2", "set a burst")
        d = self._defs[card.cid]
        if not d.burst:
            raise IllegalCommand("CR 3-8-4", f"{d.name} has no burst effect and cannot be set")
        if player.burst_set_turn == st.turn:
            raise IllegalCommand("CR 6-6-1-2-2", "only one burst card may be set per turn")
        if player.burst is not None:  # CR 3-8-3: the earlier card is discarded
            self._move_card(player.burst, "trash", "discard")
        self._move_card(card.iid, "burst", "set_burst")
        player.burst_set_turn = st.turn
        self._emit("burst_set", player=p)  # "when a burst is set" effects (the card stays face down, CR 3-8-2)

    def _h_move_cores(self, cmd: MoveCores) -> None:
        st = self.state
        self._expect(cmd, ("main",), "CR 6-6-1-2-3", "moving cores")
        p = cmd.player
        player = st.players[p]
        if not isinstance(cmd.moves, tuple) or not cmd.moves:
            raise IllegalCommand("CR 6-6-1-2-3", "a core move needs at least one move")
        pool = costs.core_pool(self, p)
        soul = player.soul
        for i, m in enumerate(cmd.moves):
            if not isinstance(m, CoreMove):
                raise IllegalCommand("CR 6-6-1-2-3", f"move {i + 1} is not a core move")
            for loc in (m.src, m.dst):
                if loc not in pool:
                    raise IllegalCommand("CR 6-6-1-2-3", f"move {i + 1}: cores move only among your reserve and "
                                                         f"your field cards, not {loc!r}")
            if m.src == m.dst:
                raise IllegalCommand("CR 1-3-2-2", f"move {i + 1}: a core cannot move to where it already is")
            if not isinstance(m.count, int) or m.count < 0 or (m.count == 0 and not m.soul):
                raise IllegalCommand("CR 1-3-2-3", f"move {i + 1}: move at least one core")
            if m.count > pool[m.src]:
                where = "your reserve" if m.src == "reserve" else f"card {m.src}"
                raise IllegalCommand("CR 6-6-1-2-3", f"move {i + 1}: {where} has {pool[m.src]} core(s), not {m.count}")
            if m.soul and soul != m.src:
                raise IllegalCommand("CR 6-6-1-2-3", f"move {i + 1}: your soul core is not at {m.src!r}")
            pool[m.src] -= m.count
            pool[m.dst] += m.count
            if m.soul:
                soul = m.dst
        # ---- valid: the moves form one action; management runs once after it (ruling 2)
        cause = Cause("self", p)
        for m in cmd.moves:
            self._move_cores(p, m.src, m.dst, m.count, m.soul, "move", cause)
        self._manage()

    def _ascend_target(self, cmd, d) -> int | None:
        """CR 11-8-1: the spirit whose cores a 【Ascend】 summon sends to the reserve."""
        asc = [k for k in d.keywords if k.name == "ascend"] if self.has_effects and d.keywords else []
        if not asc:
            if cmd.ascend is not None:
                raise IllegalCommand("CR 11-8-1", f"{d.name} has no 【Ascend】")
            return None
        p = cmd.player
        fits = [i for i in self.state.players[p].field if self._defs[self.state.cards[i].cid].type == "spirit"
                and (asc[0].condition is None or continuous.matches(self, i, asc[0].condition, p, None))]
        if cmd.ascend is None:
            if not fits:
                raise IllegalCommand("CR 11-8-1", f"{d.name} needs a spirit for its 【Ascend】 and you have none that fits")
            return fits[0]
        if cmd.ascend not in fits:
            raise IllegalCommand("CR 11-8-1", f"card {cmd.ascend!r} is not one of your spirits that fits 【Ascend】")
        return cmd.ascend

    def _summon_pool(self, p: int, ascend: int | None, swift: bool) -> tuple[dict, bool]:
        """The cores a summon may pay and place with, and whether the soul core is among them."""
        pool = costs.core_pool(self, p)
        soul_ok = costs.soul_available(self, p)
        if ascend is not None:  # CR 11-8-1: its cores go to the reserve first, and may then pay and be placed
            pool["reserve"] += pool.pop(ascend)
        if swift:  # CR 11-9-1: from the reserve only
            pool = {"reserve": pool["reserve"]}
            soul_ok = self.state.players[p].soul == "reserve"
        return pool, soul_ok

    def _activated_ok(self, p: int, iid: int, idx: int, window: str) -> str | None:
        """Why effect `idx` of `iid` cannot be activated now, or None if it can (CR 8-1-3)."""
        d = self._defs[self.state.cards[iid].cid]
        if not (isinstance(idx, int) and not isinstance(idx, bool) and 0 <= idx < len(d.effects)):
            return f"{d.name} has no effect {idx!r}"
        e = d.effects[idx]
        if e.kind != "activated" or e.manual:
            return f"effect {idx} of {d.name} is not an automated activated effect"
        if window == "main":
            if not ("main" in e.timing or (self.flash_in_main and "flash" in e.timing)):
                return f"effect {idx} of {d.name} is a flash effect (ruling 1: not in the main step)"
        elif "flash" not in e.timing:
            return f"effect {idx} of {d.name} is a main effect, not usable in a flash window"
        if not continuous.level_ok(e.levels, stats.level(self, iid)):
            return f"{d.name} is not at a level that has this effect (CR 2-10-2)"
        if continuous.effect_lost(self, iid, e.levels):
            return f"{d.name} has lost this effect"
        if not condition_holds(self, e.condition, iid, p):
            return "its condition is not met (CR 8-3-3)"
        if e.limit is not None and (why := self.limit_refusal(p, iid, idx, e)) is not None:
            return why  # STD 12-3
        probe = Activation(0, 0, iid, ("effect", idx), p)
        if e.cost and not self._cost_payable(probe, e.cost, any_x=True):
            return "its cost cannot be paid (CR 8-4-2-3)"
        return None

    def _h_activate(self, cmd: Activate) -> None:
        st = self.state
        window = self._expect(cmd, ("main", "flash"), "CR 8-1-3-1", "activating an effect")
        p = cmd.player
        card = self._own_card(p, cmd.card, "field", "CR 8-1-3", "activate")
        why = self._activated_ok(p, card.iid, cmd.effect, window)
        if why is not None:
            raise IllegalCommand("CR 8-1-3", why)
        self._emit("activate", player=p, card=card.iid, effect=cmd.effect)
        self._queue(card.iid, ("effect", cmd.effect), p, phase="pay")  # its cost is paid first (CR 8-5-2-2)
        if window == "flash":  # the other player may now act (CR 7-1-2-1)
            st.battle.passes, st.battle.priority = 0, 1 - p

    def _h_awaken(self, cmd: Awaken) -> None:
        st = self.state
        windows = ("flash", "main") if self.flash_in_main else ("flash",)
        window = self._expect(cmd, windows, "CR 11-1-1", "【Awaken】")
        p = cmd.player
        card = self._own_card(p, cmd.card, "field", "CR 11-1-1", "【Awaken】")
        if not continuous.has_keyword(self, card.iid, "awaken"):
            raise IllegalCommand("CR 11-1-1", f"{self._defs[card.cid].name} has no active 【Awaken】")
        pool = {i: st.cards[i].cores for i in st.players[p].field if i != card.iid}
        soul = st.players[p].soul
        soul_ok = isinstance(soul, int) and soul != card.iid and soul in pool
        moved = costs.take(pool, cmd.sources, cmd.soul, soul_ok, what="【Awaken】", rule="CR 11-1-1")
        if moved < 1:
            raise IllegalCommand("CR 11-1-1", "【Awaken】 moves at least one core")
        # ---- valid: cards left below LV1 are self-destroyed, without "when destroyed" effects (CR 11-1-1)
        self._emit("keyword", card=card.iid, keyword="awaken")
        self._move_selection(p, cmd.sources, cmd.soul, card.iid, "awaken", Cause("self", p))
        self._manage()
        if window == "flash" and st.result is None:
            st.battle.passes, st.battle.priority = 0, 1 - p
