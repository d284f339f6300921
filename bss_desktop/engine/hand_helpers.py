"""The use-magic and summon helpers of a Battle Spirits game without a rules module (Eternal): a hand
card's menu offers them; they are engine commands (ManualUse, ManualSummon), so logged, recorded and sent over the
LAN. A mixin of `Game`.

They check what the rule texts say of the moment (the step, the card's timing, the lowest level) and move the
card; everything else stays the sandbox's: the cost is paid by hand (the player moves the cores), effects are
resolved by hand. Only cards of the Battle Spirits shape with the table's own steps (table/state.py) have them.
"""
from __future__ import annotations

from .errors import IllegalCommand


def main_steps(profile) -> tuple[str, ...]:
    """The profile's main steps: Standard's main and second main; Eternal's one."""
    return tuple(s for s in profile.steps if s == "main" or s.endswith("_main"))


def magic_fits(profile, step: str, turn_player: bool, timing) -> str | None:
    """Which of the magic's timings fits `step` ("main" or "flash"), or None: a Main timing in your own main step,
    a Flash timing in an attack step (either player's) or, where the profile says so, in your main step."""
    mains = main_steps(profile)
    if step in mains and turn_player:
        if "main" in timing:
            return "main"
        if "flash" in timing and profile.flash_in_main:
            return "flash"
    if step == "attack" and "flash" in timing:
        return "flash"
    return None


def summon_levels(profile, card) -> list[int]:
    """The levels the summon helper offers: from the card type's lowest (an Ultimate: LV3, ETR §Ultimate) up."""
    first = profile.cards.types.get(card.type, {}).get("first_level", 1)
    return [lv.number for lv in card.levels if lv.number >= first]


class HandHelpers:
    # (Game provides state, profile, _defs, _emit, _expect_manual, _manual_done, _move_card, _move_cores, _room_for)

    def _hand_card(self, cmd):
        """The command's card: one of its player's hand, in a Battle Spirits game played on a table of steps."""
        table = self.state.table
        if self.profile.rules is not None:  # (Standard: its rules module's Summon and UseMagic, in its sandbox too)
            raise IllegalCommand(self._rule("rules"), f"{self.profile.name} is played with its rules: summon a spirit "
                                                      "and use a magic card with its own actions")
        if table is None or self.profile.cards.shape != "battle_spirits":
            raise IllegalCommand(self._rule("cards.shape"), f"{self.profile.name} has no use or summon helper "
                                                            "(move the card by hand)")
        card = self.state.cards.get(cmd.card) if type(cmd.card) is int else None
        if card is None or card.zone != "hand" or card.owner != cmd.player:
            raise IllegalCommand(self.cites["hand"], f"card {cmd.card!r} is not in player {cmd.player + 1}'s hand")
        return card, self._defs[card.cid], table.step

    def _h_manual_use(self, cmd) -> None:
        self._expect_manual(cmd)
        card, d, step = self._hand_card(cmd)
        if d.type != "magic":
            raise IllegalCommand(self.cites["magic_used"], f"{d.name} is not a magic card")
        mine = cmd.player == self.state.turn_player
        fits = magic_fits(self.profile, step, mine, d.magic_timing)
        if fits is None:
            have = " and ".join(sorted(d.magic_timing)) or "no"
            if step in main_steps(self.profile) and mine and "flash" in d.magic_timing:
                rule = self._rule("flash_in_main")  # off in this game's profile
                why = f"{self.profile.name} does not use Flash magic in the main step"
            else:
                rule = self.cites["magic_timing"]
                why = "a Main magic is used in your own main step, a Flash magic in an attack step" + (
                    " or your own main step" if self.profile.flash_in_main else "")
            raise IllegalCommand(rule, f"{d.name} has {have} timing; it is the {self.profile.step_label(step).lower()}"
                                       f" step of player {self.state.turn_player + 1}: {why}")
        self._room_for(cmd.player, "trash")
        self._emit("manual", player=cmd.player, what="use", card=card.iid, timing=fits, step=step)
        self._move_card(card.iid, "trash", "manual")  # in no area while it resolves, then the trash (cites["magic_used"])
        self._manual_done()

    def _h_manual_summon(self, cmd) -> None:
        self._expect_manual(cmd)
        card, d, step = self._hand_card(cmd)
        levels = summon_levels(self.profile, d)
        spec = self.profile.cards.types.get(d.type, {})
        if spec.get("levels") != "bp" or not levels:
            raise IllegalCommand(self.cites["summon_step"], f"{d.name} is not a card one summons (a spirit, an Ultimate)")
        if step not in main_steps(self.profile) or cmd.player != self.state.turn_player:
            raise IllegalCommand(self.cites["summon_step"], f"summoning is an action of your own main step; it is the "
                                                       f"{self.profile.step_label(step).lower()} step of player "
                                                       f"{self.state.turn_player + 1}")
        level = cmd.level or levels[0]
        if level not in levels:
            raise IllegalCommand(self.cites["first_level"], f"{d.name} is summoned at LV{', LV'.join(map(str, levels))}; "
                                                      f"not LV{level}")
        cores = next(lv.cores for lv in d.levels if lv.number == level)
        reserve = self.state.players[cmd.player].reserve
        if cores > reserve:
            raise IllegalCommand(self.cites["first_level"], f"LV{level} needs {cores} core(s); the reserve has {reserve}")
        self._room_for(cmd.player, "field")
        self._emit("manual", player=cmd.player, what="summon", card=card.iid, level=level, cores=cores)
        self._move_card(card.iid, "field", "manual")
        self._move_cores(cmd.player, "reserve", card.iid, cores, False, "manual", None)
        self._manual_done()
