"""What Battle of Souls' rules module keeps beyond the shared state (GameState.rules): the turn's ledger, the attack
in progress and the chain. Plain data with copy() and to_dict() (hashed with the state)."""
from __future__ import annotations

from dataclasses import dataclass, field

_new = object.__new__


@dataclass(slots=True)
class Link:
    """One activation on the chain (BOS §Equipment and Tactic Card Chains): a card's own activation (`effect` 0) or
    its `effect`-th effect, with the targets chosen as it was activated."""

    controller: int
    card: int
    effect: int
    targets: tuple = ()
    negated: bool = False
    trigger: bool = False  # a trigger effect (it opens no window of its own before it resolves)

    def to_list(self) -> list:
        return [self.controller, self.card, self.effect, list(self.targets), self.negated, self.trigger]


@dataclass(slots=True)
class Fight:
    """The attack being made (BOS §Battle Step): who attacks what, and the opponent's fighters as it was declared (a
    fighter appearing before the damage step causes a Replay)."""

    attacker: int
    target: int | None  # None: a direct attack
    player: int
    defenders: tuple = ()

    def to_list(self) -> list:
        return [self.attacker, self.target, self.player, list(self.defenders)]


@dataclass(slots=True)
class BosState:
    phase: str = ""  # draw, ready, main1, battle, main2, end (the table's step says the same)
    deploys: int = 0  # fighters deployed this turn (BOS §Main Phase I: one, and what effects grant)
    extra_deploys: int = 0  # granted this turn by effects
    uses: set = field(default_factory=set)  # (card, effect) used this turn: "once per turn" (BOS Rule Update 3)
    set_turn: dict = field(default_factory=dict)  # card -> the turn it was set face down (BOS §Tactic Cards)
    fight: Fight | None = None
    replay: int | None = None  # the fighter a Replay lets attack again (BOS §Replay)
    chain: list = field(default_factory=list)  # Links, the first activated first
    priority: int | None = None  # who may respond now, in a window
    passes: int = 0  # passes in a row in this window (two close it)
    window: str = ""  # the window's moment: "open" (a phase's), "attack", "damage" (its filter), "chain"
    resume: str = ""  # the stage the game goes on with when the window closes
    mods: list = field(default_factory=list)  # [card, stat, amount, until] ATK/RST changes by effects
    triggers: list = field(default_factory=list)  # [controller, card, effect] waiting to be put on a chain
    resolving: tuple | None = None  # (the Link paused by a choice inside its effect, the next action's index)

    def copy(self) -> BosState:
        s = _new(BosState)
        s.phase, s.deploys, s.extra_deploys = self.phase, self.deploys, self.extra_deploys
        s.uses, s.set_turn = set(self.uses), dict(self.set_turn)
        s.fight = None if self.fight is None else Fight(self.fight.attacker, self.fight.target, self.fight.player,
                                                        self.fight.defenders)
        s.replay = self.replay
        s.chain = [_copy_link(k) for k in self.chain]
        s.priority, s.passes, s.window, s.resume = self.priority, self.passes, self.window, self.resume
        s.mods = [m[:] for m in self.mods]
        s.triggers = [t[:] for t in self.triggers]
        s.resolving = None if self.resolving is None else (_copy_link(self.resolving[0]), self.resolving[1])
        return s

    def to_dict(self) -> dict:
        return {"phase": self.phase, "deploys": self.deploys, "extra_deploys": self.extra_deploys,
                "uses": sorted(map(list, self.uses)), "set_turn": sorted(self.set_turn.items()),
                "fight": None if self.fight is None else self.fight.to_list(), "replay": self.replay,
                "chain": [k.to_list() for k in self.chain], "priority": self.priority, "passes": self.passes,
                "window": self.window, "resume": self.resume, "mods": self.mods, "triggers": self.triggers,
                "resolving": None if self.resolving is None else [self.resolving[0].to_list(), self.resolving[1]]}


def _copy_link(k: Link) -> Link:
    return Link(k.controller, k.card, k.effect, k.targets, k.negated, k.trigger)
