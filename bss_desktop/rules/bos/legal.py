"""Every legal command for the pending decision (Game.legal_commands), for the computer, the simulator and the
client's offers. A mixin of BosGame. Each command offered here is one `apply` accepts, and each activation `apply`
accepts is offered (tests/test_bos_legal.py holds both over random battles)."""
from __future__ import annotations

from itertools import combinations

from ...engine.commands import (Choose, DeclareAttack, Deploy, EndAttack, EndMain, Mulligan, Pass, SetCard,
                                UseCard)
from ...engine.errors import IllegalCommand
from .deploy import NEEDS
from .stats import cls, effects, fighters, has, kills, kind

MAX_OFFERS = 64  # ways to pay or target one activation offered (the rest stay legal when named)


class BosLegal:
    def _legal_commands(self) -> list:
        st = self.state
        d = self._decision()
        if d is None:
            return []
        what, p = d
        if what == "mulligan":
            out = [Mulligan(p, False)]
            if self._table_redraw_refused(p) is None:
                out.append(Mulligan(p, True))
            return out
        if what == "choose":
            c = st.choice
            if c.kind in ("discard", "search"):
                return [Choose(p, (i,)) for i in c.options]
            return [Choose(p, tuple(t)) for t in combinations(c.options, c.min)][:MAX_OFFERS]
        if what == "chain":
            return self.responses(p) + [Pass(p)]
        out = []
        if what == "main":
            out += self._deploys(p)
            out += [SetCard(p, i) for i in st.players[p].hand
                    if kind(self, i) in ("equipment", "tactic") and self._set_problem(SetCard(p, i)) is None]
            out += self.responses(p)
            out.append(EndMain(p))
            return out
        # the battle step
        theirs = fighters(self, 1 - p)
        for a in fighters(self, p):
            if self.may_attack(a):
                out += [DeclareAttack(p, a, t) for t in theirs]
                if not theirs or has(self, a, "direct_attack"):
                    out.append(DeclareAttack(p, a, None))
        out += self.responses(p)
        out.append(EndAttack(p))
        return out

    def _deploys(self, p: int) -> list:
        st = self.state
        if self.deploys_left(p) <= 0:
            return []
        out = []
        mine = fighters(self, p)
        for iid in st.players[p].hand:
            if kind(self, iid) != "fighter":
                continue
            need = NEEDS[cls(self, iid)]
            pools = [[f for f in mine if cls(self, f) == c and kills(self, f) >= k] for c, k in need]
            for sac in _picks(pools):
                cmd = Deploy(p, iid, sac)
                if self._deploy_problem(cmd) is None:
                    out.append(cmd)
        return out

    def responses(self, p: int, *, any_one: bool = False) -> list:
        """The activations player `p` may make now (in a window, their main phase or their battle step); with
        `any_one`, at most one (whether there is any: a window passes for a player with none)."""
        st = self.state
        where = self._use_context(p)
        if where is None:
            return []
        areas = st.table.areas[p]
        main = where == "main"  # equipment, battlefields and ignition effects only there (chain.py _timing_problem)
        cards = [i for i in st.players[p].hand if kind(self, i) in ("equipment", "battlefield")] if main else []
        bases = [UseCard(p, iid, 0) for iid in cards + (areas["equipment"] if main else []) + areas["tactic"]]
        for zone in ("fighter", "equipment", "tactic", "battlefield"):
            for iid in areas[zone]:
                for n, e in enumerate(effects(self, iid), 1):
                    if e.kind == "quick" or (main and e.kind == "ignition"):
                        bases.append(UseCard(p, iid, n))
        out = []
        for base in bases:
            out += self._offers(base, 1 if any_one else MAX_OFFERS)
            if any_one and out:
                return out
        return out

    def _offers(self, base: UseCard, most: int = MAX_OFFERS) -> list:
        """`base` with every way of targeting and paying it that is legal (at most `most`)."""
        try:
            how, e = self._use_effect(base)
        except IllegalCommand:
            return []
        if self._timing_problem(base, how, e) is not None:  # (checked once, before the ways to target and pay)
            return []
        p = base.player
        spec = self._target_spec(how, e, base.card)
        targets = [()] if spec is None else list(combinations(self.legal_targets(p, spec), spec.count))
        cost = None if e is None else e.cost
        sacs = [()] if not cost or not cost.sacrifice else list(combinations(
            [i for i in fighters(self, p) if i != base.card], cost.sacrifice))
        dis = [()] if not cost or not cost.discard else list(combinations(
            [i for i in self.state.players[p].hand if i != base.card], cost.discard))
        # each combination is legal by construction (distinct targets the spec allows, other fighters, other hand
        # cards; the SP were checked with the timing): _targets_problem and _cost_problem would only say so again
        out = []
        for t in targets:
            for s in sacs:
                for d in dis:
                    out.append(UseCard(p, base.card, base.effect, t, s, d))
                    if len(out) >= most:
                        return out
        return out


def _picks(pools: list) -> list[tuple]:
    """One card from each pool, all different (the sacrifices of a class's requirement)."""
    out: list[tuple] = [()]
    for pool in pools:
        out = [pick + (c,) for pick in out for c in pool if c not in pick]
    return [tuple(sorted(x)) for x in dict.fromkeys(tuple(sorted(x)) for x in out)]
