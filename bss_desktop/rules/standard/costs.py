"""Battle Spirits Standard's own ways to pay (STD 11-1-1, 11-3-1, 12-2-1-2, 12-2-1-3): 《Soul Magic》 (a magic card used
with the soul core alone) and 《Succession》 (EX-symbol cards of the trash removed from the game, each satisfying a
reduction symbol). Saga's costs do the rest (rules/bss/costs.py): reduction by the field's symbols is always taken,
so a cost is never overpaid (STD 2-3-3)."""
from __future__ import annotations

from ...engine.commands import PlaceNexus, Summon, UseMagic
from ...engine.errors import IllegalCommand
from ...engine.offers import offer
from ..bss import costs
from ..bss.targets import has_symbol


class StandardCosts:
    """StandardGame's Soul Magic and Succession."""

    # ---------------------------------------------------------------- 《Soul Magic》 (STD 12-2-1-2-1)

    def _soul_magic(self, p: int, d) -> bool:
        """Whether player p may use magic `d` paying only the soul core: it has 《Soul Magic》 of a colour whose symbol
        p has on their field, and the soul core is theirs to pay with (in the reserve or on the field)."""
        colour = d.extra.get("soul_magic") if d.extra else None
        return colour is not None and costs.soul_available(self, p) and has_symbol(self, p, colour)

    def _magic_cost(self, cmd: UseMagic, d, iid: int) -> int:
        """A payment of the soul core alone uses a 《Soul Magic》 card: the soul core is its whole cost."""
        if cmd.pay_soul and cmd.pay is not None and not any(n for _, n in cmd.pay) and not cmd.exile \
                and self._soul_magic(cmd.player, d):
            return 1  # (the soul core, counted as the one core the payment holds: costs.take)
        return self._with_succession(cmd, d, iid)

    # ---------------------------------------------------------------- 《Succession》 (STD 12-2-1-3)

    def _summon_cost(self, cmd, d, iid: int) -> int:
        return self._with_succession(cmd, d, iid)

    def _with_succession(self, cmd, d, iid: int) -> int:
        """The cost after reduction: the field's symbols (STD 11-1-1-4-1), and before them each card `cmd.exile`
        removes for 《Succession》, which satisfies one reduction symbol (12-2-1-3-1, 12-2-1-3-2)."""
        p = cmd.player
        base = costs.net_cost(self, p, d, iid=iid)
        if not cmd.exile:
            return base
        self._check_succession(cmd, d)
        by_field = costs.reduction(d, costs.field_symbols(self, p)) if d.reduction else 0
        extra = min(len(cmd.exile), len(d.reduction) - by_field)
        return max(0, base - extra)

    def _check_succession(self, cmd, d) -> None:
        """STD 12-2-1-3: the card has 《Succession》; each card named is a different card of its player's trash with an
        EX symbol (2-10-3); no more of them than the card has reduction symbols (12-2-1-3-2-1)."""
        rule = "STD 12-2-1-3"
        if not (d.extra and d.extra.get("succession")):
            raise IllegalCommand(rule, f"{d.name} has no 《Succession》")
        if len(cmd.exile) > len(d.reduction):
            raise IllegalCommand("STD 12-2-1-3-2-1", f"{d.name} has {len(d.reduction)} reduction symbol(s): 《Succession"
                                                     f"》 removes at most that many cards, not {len(cmd.exile)}")
        st = self.state
        if len(set(cmd.exile)) != len(cmd.exile):
            raise IllegalCommand(rule, "a card is named twice for 《Succession》")
        for i, iid in enumerate(cmd.exile):
            card = st.cards.get(iid)
            if card is None or card.owner != cmd.player or card.zone != "trash":
                # named only where its player sees it, never by the host's number (a LAN guest names cards by alias)
                where = {"hand": "in your hand", "field": "on your field", "exile": "removed from the game"}
                if card is not None and card.owner == cmd.player and card.zone in where:
                    raise IllegalCommand(rule, f"exile[{i}]: {self._defs[card.cid].name} is {where[card.zone]}, "
                                               "not in your trash")
                raise IllegalCommand(rule, f"exile[{i}]: that card is not in your trash")
            if not self._defs[card.cid].extra.get("ex_symbol"):
                raise IllegalCommand(rule, f"exile[{i}]: {self._defs[card.cid].name} has no EX symbol")

    def _succession(self, cmd) -> None:
        """Before the payment (STD 11-1-1-4): the named cards go from the trash to the removed-from-game area."""
        for iid in cmd.exile:
            self._move_card(iid, "exile", "succession")

    # ---------------------------------------------------------------- what the payment panel offers

    def soul_magic_ok(self, cmd) -> bool:
        st = self.state
        return isinstance(cmd, UseMagic) and cmd.card in st.cards and self._soul_magic(
            cmd.player, self._defs[st.cards[cmd.card].cid])

    def succession_cards(self, cmd) -> list[int]:
        st = self.state
        d = self._defs[st.cards[cmd.card].cid]
        if not (d.extra and d.extra.get("succession") and d.reduction):
            return []
        ex = [i for i in st.players[cmd.player].trash if self._defs[st.cards[i].cid].extra.get("ex_symbol")]
        return ex[:len(d.reduction)]

    def cost_with(self, cmd) -> int:
        return self._with_succession(cmd, self._defs[self.state.cards[cmd.card].cid], cmd.card)

    # ---------------------------------------------------------------- what legal_commands offers

    def _cost_offers(self, p: int, window: str) -> list:
        """Soul Magic's payment of the soul core alone, and a Succession summon, placement or use for each number k of
        EX cards of the trash that reduces its cost, 1 to the most that do (the first k of `succession_cards`' order,
        with the automatic payment of the rest): a player may keep EX cards in the trash for later, so every count is
        a choice (STD 12-2-1-3-2), and a LAN guest's payment panel offers the counts offered here. Saga's offers have
        the payment without Succession."""
        st = self.state
        hand = st.players[p].hand
        out = []
        ex = None  # the EX-symbol cards of p's trash, found when a card with Succession is in hand
        for iid in hand:
            d = self._defs[st.cards[iid].cid]
            if not d.extra:
                continue
            if d.type == "magic" and "soul_magic" in d.extra and self._magic_timing_ok(d.magic_timing, window) \
                    and self._soul_magic(p, d):
                out.append(offer(UseMagic, p, iid, (), True))
            if not d.extra.get("succession") or not d.reduction:
                continue
            if d.type == "magic" and not self._magic_timing_ok(d.magic_timing, window):
                continue
            if d.type != "magic" and window != "main":
                continue
            if ex is None:
                ex = [i for i in st.players[p].trash if self._defs[st.cards[i].cid].extra.get("ex_symbol")]
            if not ex:
                continue
            base = costs.net_cost(self, p, d, iid=iid)
            by_field = costs.reduction(d, costs.field_symbols(self, p))
            useful = min(len(ex), len(d.reduction) - by_field, base)
            if useful <= 0:
                continue
            lv1 = 0 if d.type == "magic" else d.lv1_cores
            for k in range(1, useful + 1):  # each EX card satisfies one reduction symbol the field leaves: base - k
                auto = costs.auto_select(self, p, base - k, lv1)
                if auto is None:
                    continue  # too few cores for this count (a larger one may do)
                exile = tuple(ex[:k])
                if d.type == "magic":
                    out.append(offer(UseMagic, p, iid, auto[0], auto[1], exile))
                elif d.type == "nexus":
                    out.append(offer(PlaceNexus, p, iid, *auto, exile))
                else:
                    out.append(offer(Summon, p, iid, *auto, None, exile))
        return out
