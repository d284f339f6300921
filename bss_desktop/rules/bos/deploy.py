"""Deploying fighters and setting cards face down (BOS §Main Phase I, §Fighter Classes, §The Game Layout). A mixin
of BosGame."""
from __future__ import annotations

from ...engine.errors import IllegalCommand
from . import cites as C
from .stats import cls, fighters, kills, kind

FIGHTERS_MAX = 5  # BOS §Fighter Zone: five, tokens included
SET_ZONE_MAX = {"equipment": 3, "tactic": 3}  # BOS §Equipment Zone, §Tactic Zone
SET_MAX = 6  # BOS §Tactic Zone: 6 equipment and tactic cards together (never reached past the two caps: BOS ruling 3)

# BOS §Fighter Classes: what each class sacrifices to be deployed, and the kill tokens the sacrificed one needs
NEEDS = {
    "Warrior": (),
    "Elite Warrior": (("Warrior", 3),),
    "Warlord": (("Elite Warrior", 5),),
    "Legendary Warrior": (("Warrior", 0), ("Elite Warrior", 0), ("Warlord", 7)),
}


class BosDeploy:
    def deploys_left(self, p: int) -> int:
        r = self.state.rules
        return 1 + r.extra_deploys - r.deploys

    def _h_deploy(self, cmd) -> None:
        self._expect(cmd, ("main",), C.MAIN, "deploying")
        self._deploy_problem(cmd, raise_it=True)
        st, p = self.state, cmd.player
        st.rules.deploys += 1
        for iid in cmd.sacrifices:  # a sacrifice is not a destruction (BOS §Sacrifice (Tribute))
            self._emit("sacrifice", player=p, card=iid, rule=C.CLASSES)
            self._leave(iid, "discard", "sacrifice")
        self._emit("deploy", player=p, card=cmd.card, cid=st.cards[cmd.card].cid, rule=C.MAIN)
        self._move_card(cmd.card, "fighter", "deploy")  # in attack position (BOS §Fighter Zone)
        self._fire("deployed", cmd.card)
        self._check_winner()

    def _deploy_problem(self, cmd, raise_it: bool = False) -> str | None:
        """Why `cmd` (a Deploy) is illegal now, or None."""
        st, p = self.state, cmd.player

        def no(rule, message):
            if raise_it:
                raise IllegalCommand(rule, f"deploying: {message}")
            return message

        card = st.cards.get(cmd.card)
        if card is None or card.owner != p or card.zone != "hand" or kind(self, cmd.card) != "fighter":
            return no(C.MAIN, f"card {cmd.card!r} is not a fighter in your hand")
        if self.deploys_left(p) <= 0:  # BOS ruling 11: a deploy by sacrifice counts too
            return no(C.MAIN, "you have deployed your fighter this turn (one per turn, and what effects grant)")
        need = NEEDS[cls(self, cmd.card)]
        mine = fighters(self, p)
        sac = cmd.sacrifices
        if len(set(sac)) != len(sac) or any(i not in mine for i in sac):
            return no(C.CLASSES, f"the sacrifices {list(sac)} are not different fighters you control")
        if len(sac) != len(need):
            what = " and ".join(f"a {c}" + (f" with {k} or more kill tokens" if k else "") for c, k in need)
            return no(C.CLASSES, f"a {cls(self, cmd.card)} is deployed by sacrificing "
                      + (what if need else "nothing"))
        left = list(sac)
        for c, k in need:
            match = next((i for i in left if cls(self, i) == c and kills(self, i) >= k), None)
            if match is None:
                return no(C.CLASSES, f"a {cls(self, cmd.card)} needs a {c} with {k} or more kill tokens among its "
                          "sacrifices" if k else f"a {cls(self, cmd.card)} needs a {c} among its sacrifices")
            left.remove(match)
        if cls(self, cmd.card) == "Legendary Warrior" and any(
                cls(self, i) == "Legendary Warrior" for i in mine if i not in sac):
            return no(C.LEGENDARY, "only one Legendary Warrior may be on your field at a time")
        if len(mine) - len(sac) >= FIGHTERS_MAX:
            return no(C.FIGHTER_ZONE, f"your fighter zone holds {FIGHTERS_MAX} fighters")
        return None

    def _h_set_card(self, cmd) -> None:
        self._expect(cmd, ("main",), C.MAIN, "setting a card")
        why = self._set_problem(cmd)
        if why is not None:
            raise IllegalCommand(why[0], f"setting a card: {why[1]}")
        st, p = self.state, cmd.player
        zone = kind(self, cmd.card)
        self._emit("set_card", player=p, card=cmd.card, zone=zone)
        self._move_card(cmd.card, zone, "set", down=True)
        st.rules.set_turn[cmd.card] = st.turn
        st.table.mark(cmd.card).set_this_turn = True

    def _set_problem(self, cmd) -> tuple | None:
        st, p = self.state, cmd.player
        card = st.cards.get(cmd.card)
        if card is None or card.owner != p or card.zone != "hand" or kind(self, cmd.card) not in SET_ZONE_MAX:
            return C.MAIN, f"card {cmd.card!r} is not an equipment or tactic card in your hand"
        return self._room_problem(p, kind(self, cmd.card))

    def _room_problem(self, p: int, zone: str) -> tuple | None:
        areas = self.state.table.areas[p]
        if len(areas[zone]) >= SET_ZONE_MAX[zone]:
            rule = C.EQUIPMENT_ZONE if zone == "equipment" else C.TACTIC_ZONE
            return rule, f"your {zone} zone holds {SET_ZONE_MAX[zone]} cards"
        if len(areas["equipment"]) + len(areas["tactic"]) >= SET_MAX:
            return C.TACTIC_ZONE, f"at most {SET_MAX} equipment and tactic cards together"
        return None
