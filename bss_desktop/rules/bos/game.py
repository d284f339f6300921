"""Battle of Souls' rules module: the game class (rule book v1.3, 004; BOS §... are its sections).

Battle of Souls is not a Battle Spirits game: fighters with ATK and RST in attack or rest position, equipment,
tactics and battlefields, Soul Points and kill tokens. It plays on the shared table its profile declares
(profiles/bos.yaml: the fighter, equipment, tactic, battlefield and discard zones, the `sp` tracker, `kill`
counters, the attack and rest orientations) and keeps its own ledger in `GameState.rules` (state.py).

The mixins, each a file: turn.py (the phases, the hand limit, winning), deploy.py (deploying and setting cards),
chain.py (activations, the chain and its windows), battle.py (attacks, Replay, the damage step), effects.py (what
the card vocabulary does), legal.py (every legal command); beside them stats.py (a fighter's numbers now), log.py
(the game log's words), cites.py (the rule book's sections). Rulings where the rule book is silent or contradicts
itself are in docs/bos-rulings.md and cited "BOS ruling N".

Decisions (`pending.kind`): `mulligan`; `main` (Main Phase I or II: `info["phase"]`); `attack` (the battle step:
declare an attack or end the battle phase); `chain` (a window: activate in response, or pass); `choose` (its
`info["kind"]`: `discard` at the end phase, `search` a card of one's deck, `target` a trigger's targets).
"""
from __future__ import annotations

from ...engine.commands import (Choose, DeclareAttack, Deploy, EndAttack, EndMain, Pass, SetCard, UseCard)
from ...engine.game import Game, Pending
from ...engine.errors import IllegalCommand
from . import cites as C
from .battle import BosBattle
from .chain import BosChain
from .deploy import BosDeploy
from .effects import BosEffects
from .legal import BosLegal
from .state import BosState
from .stats import stat
from .turn import BosTurn

_DECISIONS = {"main": "main", "battle": "attack", "chain": "chain", "mulligan": "mulligan"}


class BosGame(BosTurn, BosDeploy, BosChain, BosBattle, BosEffects, BosLegal, Game):
    """A battle of Battle of Souls."""

    HANDLERS = {**Game.HANDLERS, Deploy: "_h_deploy", SetCard: "_h_set_card", UseCard: "_h_use_card",
                DeclareAttack: "_h_declare_attack", EndMain: "_h_end_main", EndAttack: "_h_end_attack",
                Pass: "_h_pass", Choose: "_h_choose"}
    CITES = C.CITES
    POSITION_STEPS = ("main1", "battle", "main2")  # where a position may stand: the phases a player acts in

    @classmethod
    def _validate_decks(cls, db, decks, profile) -> None:
        """BOS §Getting Started: 40 to 80 cards, at most 4 of a name, at most 3 Legendary Warriors (the profile's
        deck_rules), every violation of each deck."""
        from ...carddb.deck_rules import rules_of
        from ...carddb.decks import DeckListError, validate_deck

        for i, deck in enumerate(decks):
            problems = validate_deck(deck, db, rules_of(profile))
            if problems:
                raise DeckListError([(None, m) for m in problems], source=f"player {i + 1}'s deck")

    @property
    def pending(self) -> Pending | None:
        st = self.state
        if st.result is not None:
            return None
        if st.choice is not None or st.stage == "mulligan":
            return Game.pending.fget(self)
        kind, player = self._decision()
        r = st.rules
        if kind == "main":
            info = {"phase": r.phase}
        elif kind == "attack":
            info = {"replay": r.replay}
        else:  # a window: what is on the chain, and the moment
            info = {"window": r.window, "chain": [k.to_list() for k in r.chain], "passes": r.passes}
        return Pending(kind, player, info)

    def _decision(self) -> tuple | None:
        st = self.state
        if st.result is not None:
            return None
        if st.choice is not None:
            return "choose", st.choice.player
        kind = _DECISIONS.get(st.stage)
        if kind is None:
            raise AssertionError(f"no decision at stage {st.stage!r}")  # _run stops only at decision stages
        if kind == "chain":
            return kind, st.rules.priority
        if kind == "mulligan":
            return kind, st.decider
        return kind, st.turn_player

    def _start_rules(self) -> None:
        st = self.state
        if st.rules is None:  # a new battle, or a position: its phase and the turn its set cards were set
            st.rules = BosState()
            if st.table is not None:
                st.rules.phase = st.table.step
                for iid, m in st.table.marks.items():
                    if m.down and st.cards[iid].zone in ("equipment", "tactic"):
                        st.rules.set_turn[iid] = st.turn if m.set_this_turn else max(0, st.turn - 1)

    def _choice_rule(self) -> str:
        return C.END

    def _forget(self, iid: int) -> None:
        r = self.state.rules
        r.mods = [m for m in r.mods if m[0] != iid]
        r.set_turn.pop(iid, None)

    def describe_event(self, event, viewer: int | None) -> str | None:
        """The log's line for one of this game's events (log.py), or None for the shared one."""
        from .log import describe

        return describe(self, event, viewer)

    def rules_view(self) -> dict:
        """Public to both players (BOS §Public Knowledge; the chain is activated face up): the phase, the window and
        who may respond, the chain, the attack, a Replay's fighter, and each player's deploys left this turn."""
        r = self.state.rules
        f = r.fight
        return {"phase": r.phase, "window": r.window, "priority": r.priority, "replay": r.replay,
                "fight": None if f is None else {"attacker": f.attacker, "target": f.target, "player": f.player},
                "chain": [{"controller": k.controller, "card": k.card, "effect": k.effect, "targets": list(k.targets),
                           "negated": k.negated} for k in r.chain],
                "deploys_left": [self.deploys_left(0), self.deploys_left(1)]}

    def rule_stats(self, iid: int) -> dict | None:
        """A fighter's ATK and RST as the effects make them (stats.py), where they differ from the printed ones."""
        st = self.state
        if st.cards[iid].zone != "fighter":
            return {}
        printed = self._defs[st.cards[iid].cid].extra
        out = {}
        for s in ("atk", "rst"):
            v = stat(self, iid, s)
            if v != printed.get(s):
                out[s] = v
        return out

    def private_choice(self) -> bool:
        c = self.state.choice
        return c is not None and c.kind == "search"  # their own deck's cards (BOS §Search Your Deck)

    def invariants(self) -> list[str]:
        """What no battle may break (the simulator checks it after every command): SP moves between the players and
        stays 0…16,000 (BOS ruling 9); the zones' capacities (BOS §The Game Layout); face-down cards only in the
        equipment and tactic zones; an equipment card attached to a fighter on the field; the chain and the attack
        only where they belong."""
        from .deploy import FIGHTERS_MAX, SET_MAX, SET_ZONE_MAX

        st, r, out = self.state, self.state.rules, []
        sp = [self.sp(0), self.sp(1)]
        if sum(sp) != 16_000 or min(sp) < 0:
            out.append(f"Soul Points {sp} do not make 16000 between them (BOS ruling 9)")
        for p in (0, 1):
            a = st.table.areas[p]
            caps = {"fighter": FIGHTERS_MAX, **SET_ZONE_MAX, "battlefield": 1}
            for zone, cap in caps.items():
                if len(a[zone]) > cap:
                    out.append(f"player {p}'s {zone} zone holds {len(a[zone])} cards (at most {cap})")
            if len(a["equipment"]) + len(a["tactic"]) > SET_MAX:
                out.append(f"player {p} has more than {SET_MAX} equipment and tactic cards")
        for iid, m in st.table.marks.items():
            zone = st.cards[iid].zone
            if m.down and zone not in ("equipment", "tactic"):
                out.append(f"card {iid} is face down in the {zone}")
            if m.on is not None and (zone != "equipment" or st.cards[m.on].zone != "fighter"):
                out.append(f"card {iid} in the {zone} is attached to card {m.on} in the {st.cards[m.on].zone}")
            if m.counters.get("kill", 0) and zone != "fighter":
                out.append(f"card {iid} keeps kill tokens in the {zone}")
        if st.result is None and st.choice is None:
            if r.chain and st.stage != "chain":
                out.append(f"{len(r.chain)} activation(s) on the chain outside a window (stage {st.stage})")
            if st.stage != "chain" and r.priority is not None:
                out.append("a player holds priority outside a window")
        return out


GAME = BosGame
