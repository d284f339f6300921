"""Attacks (BOS §Battle Phase, §Battle Step, §Replay, §Fighter Battle Rules). A mixin of BosGame.

An attack is declared with one attack-position fighter that has not attacked this turn, against one of the
opponent's fighters, or directly when they have none; attacking does not rest the fighter (BOS ruling 7). A window
follows; if the target has left or a new fighter has appeared on the opponent's side by then, it is a Replay: the
same fighter may attack again, another may, or none. Otherwise the damage step's window, then damage is calculated
(`DAMAGE TABLE`, BOS §Determining Damage).
"""
from __future__ import annotations

from ...engine.errors import IllegalCommand
from . import cites as C
from .state import Fight
from .stats import atk, fighters, has, position, rst


class BosBattle:
    def may_attack(self, iid: int) -> bool:
        """Fighter `iid` of the turn player may declare an attack now (attack position, not attacked this turn,
        unless a Replay gives it its attack back)."""
        st = self.state
        m = st.table.marks.get(iid)
        attacked = m is not None and m.attacked and st.rules.replay != iid
        return iid in fighters(self, st.turn_player) and position(self, iid) == "attack" and not attacked

    def _h_declare_attack(self, cmd) -> None:
        self._expect(cmd, ("attack",), C.BATTLE_STEP, "attacking")
        st, p = self.state, cmd.player
        if not isinstance(cmd.fighter, int) or cmd.fighter not in fighters(self, p):
            raise IllegalCommand(C.BATTLE_STEP, f"attacking: card {cmd.fighter!r} is not a fighter you control")
        if position(self, cmd.fighter) != "attack":
            raise IllegalCommand(C.BATTLE_STEP, "attacking: only an attack-position fighter attacks")
        if not self.may_attack(cmd.fighter):
            raise IllegalCommand(C.BATTLE_STEP, "attacking: each fighter attacks once per turn")
        theirs = fighters(self, 1 - p)
        if cmd.target is None:
            if theirs and not has(self, cmd.fighter, "direct_attack"):
                raise IllegalCommand(C.BATTLE_STEP, "attacking: a fighter attacks directly only when the opponent "
                                                    "has no fighters")
        elif cmd.target not in theirs:
            raise IllegalCommand(C.BATTLE_STEP, f"attacking: card {cmd.target!r} is not a fighter your opponent "
                                                "controls")
        r = st.rules
        r.replay = None
        st.table.mark(cmd.fighter).attacked = True
        r.fight = Fight(cmd.fighter, cmd.target, p, tuple(theirs))
        self._emit("attack", player=p, card=cmd.fighter, target=cmd.target, rule=C.BATTLE_STEP)
        self._open_window("attack", "fight", p)

    def _after_attack_window(self) -> None:
        """The attack's window has closed: a Replay (BOS §Replay), or the damage step."""
        st, r = self.state, self.state.rules
        f = r.fight
        if f.attacker not in fighters(self, f.player):  # the attacker is gone: no battle
            r.fight = None
            self._emit("attack_ended", card=f.attacker, reason="attacker_left")
            st.stage = "battle"
            return
        theirs = fighters(self, 1 - f.player)
        gone = f.target is not None and f.target not in theirs
        new = any(i not in f.defenders for i in theirs)
        if gone or new:
            r.fight, r.replay = None, f.attacker
            self._emit("replay", player=f.player, card=f.attacker, rule=C.REPLAY)
            st.stage = "battle"
            return
        self._open_window("damage", "damage", f.player)

    def _damage_step(self) -> None:
        """BOS §Determining Damage: attack position ATK against ATK, rest position ATK against RST, or a direct
        attack; the winner of a fight between fighters gets a kill token (BOS §Kill Tokens); SP moves from one player
        to the other; a 0-ATK fighter destroys nothing (BOS §0 ATK Fighters)."""
        st, r = self.state, self.state.rules
        f = r.fight
        r.fight = None
        st.stage = "battle"
        a, t, p = f.attacker, f.target, f.player
        if a not in fighters(self, p):
            return
        power = atk(self, a)
        if t is None:
            self._emit("battle", attacker=a, target=None, atk=power, rule=C.DETERMINE)
            self._transfer(1 - p, power, "battle")
            return
        if t not in fighters(self, 1 - p):
            return
        rest = position(self, t) == "rest"
        guard = rst(self, t) if rest else atk(self, t)
        self._emit("battle", attacker=a, target=t, atk=power, against=guard, rest=rest, rule=C.DETERMINE)
        if rest:
            if power > guard:
                self._win_fight(a, t, p)
                if has(self, a, "piercing"):  # BOS §Piercing Battle Damage
                    self._transfer(1 - p, power - guard, "battle")
            elif power < guard:
                self._transfer(p, guard - power, "battle")
            return
        if power > guard:
            self._win_fight(a, t, p)
            self._transfer(1 - p, power - guard, "battle")
        elif power < guard:
            self._win_fight(t, a, 1 - p)
            self._transfer(p, guard - power, "battle")
        elif power > 0:  # a tie: both are destroyed, no damage; two 0-ATK fighters: neither (BOS §0 ATK Fighters)
            self._destroy(t, by=p, rule=C.DETERMINE, battle=True)
            self._destroy(a, by=1 - p, rule=C.DETERMINE, battle=True)

    def _win_fight(self, winner: int, loser: int, p: int) -> None:
        """`winner` destroys `loser` by battle and gets a kill token (BOS §Kill Tokens)."""
        self._destroy(loser, by=p, rule=C.DETERMINE, battle=True)
        self._fire("destroys_by_battle", winner)
        if winner in fighters(self, p):
            counters = self.state.table.mark(winner).counters
            counters["kill"] = counters.get("kill", 0) + 1
            self._emit("kill_token", card=winner, count=counters["kill"], rule=C.KILL)
