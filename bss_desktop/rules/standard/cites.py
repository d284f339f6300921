"""What Battle Spirits Standard's document (001) numbers the rules that Saga's module cites (CR = Saga's numbers).

Standard plays on Saga's module where their rules agree (digest §2.3); a refusal, or the reason a game ended, that
Saga's code words with a CR number is shown to a Standard player with the STD rule that says the same. Where 001 has
no such rule, the Standard ruling of docs/standard-rulings.md that the engine follows is cited instead.
"""
from __future__ import annotations

import re

# the topics the shared core cites (engine/citations.py), in 001's numbers
CITES = {
    "command": "STD 7-6-1-2-1", "over": "STD 1-3-1", "concede": "STD 1-3-4", "choice": "STD 9-3-2",
    "players": "STD 1-2-1", "by_hand": "STD 1-4-1", "impossible": "STD 1-4-2", "already_so": "STD 1-4-2",
    "same_place": "STD 1-4-2", "nothing_moved": "STD 1-4-2", "numbers": "STD 1-4-5", "colours": "STD 2-11-1",
    "reduction": "STD 2-3-3", "levels": "STD 2-8-3", "areas": "STD 4-1-1", "owners_areas": "STD 4-1-4",
    "deck_hidden": "STD 4-2-2", "hand": "STD 4-3-3", "field": "STD 4-5-1", "burst_area": "STD 4-1-1",
    "burst_card": "STD 4-1-1", "orientation": "STD 5-5-1", "turned": "STD 5-16", "soul_core": "STD 5-7-3",
    "tokens": "Standard ruling 3", "reveal": "STD 4-3-3", "viewing": "STD 4-1-3", "look_shuffle": "STD 4-3-3",
    "start": "STD 6-2-1", "mulligan": "STD 6-2-1-7", "contract": "STD 6-2-1", "steps": "STD 7-1-1", "first_attack": "STD 7-7-2", "summon_step": "STD 7-6-1-2",
    "magic_timing": "STD 9-1-7-1", "set_burst": "STD 4-1-1",
    "move_cores": "STD 7-6-1-2-2", "attack": "STD 8-1-1-1", "block": "STD 8-1-3-1", "activate": "STD 9-1-6-1",
    "awaken": "STD 12-1-1", "ascend": "STD 12-1-1", "summon": "STD 5-8-1", "summon_pay": "STD 11-1-1-5",
    "summon_place": "STD 11-1-1-6", "first_level": "STD 11-1-1-6", "nexus": "STD 5-9-1", "nexus_pay": "STD 11-2-1-5",
    "nexus_place": "STD 11-2-1-6", "magic": "STD 3-4-1", "magic_pay": "STD 11-3-1-5", "magic_used": "STD 11-3-1",
    "level_zero": "STD 5-11-1", "bp_zero": "STD 5-10-1",
}

# Saga's own numbers, where Standard plays on Saga's module code (rules/bss)
CR_TO_STD = {
    # the game, players, winning (STD 1)
    "CR 1-1-1": "STD 1-2-1", "CR 1-2-1": "STD 1-3-1", "CR 1-2-1-1-1": "STD 1-3-2-1", "CR 1-2-1-1-2": "STD 1-3-2-2",
    "CR 1-2-3": "STD 1-3-3", "CR 1-2-4": "STD 1-3-4", "CR 1-2-5": "STD 1-3-5",
    "CR 1-3-1": "STD 1-4-1", "CR 1-3-2": "STD 1-4-2", "CR 1-3-2-1": "STD 1-4-2", "CR 1-3-2-2": "STD 1-4-2",
    "CR 1-3-2-3": "STD 1-4-2", "CR 1-3-3": "STD 9-1-2-1", "CR 1-3-5": "STD 1-4-5",
    # card information, areas, cores
    "CR 2-4-1-1": "STD 2-11-1", "CR 2-10-2": "STD 2-8-2", "CR 2-10-3": "STD 2-8-3",
    "CR 3-1-1": "STD 4-1-1", "CR 3-1-6": "STD 4-1-4", "CR 3-3-1": "STD 4-3-3", "CR 3-5-1": "STD 4-5-1", "CR 3-2-2": "STD 4-2-2", "CR 3-8-2": "STD 4-1-1", "CR 3-8-3": "STD 4-1-1",
    "CR 3-8-4": "STD 4-1-1", "CR 4-4-1": "STD 5-5-1", "CR 4-6-2": "STD 1-4-5", "CR 4-11-3": "STD 5-7-3",
    "CR 4-12-2": "Standard ruling 3",
    # deck, setup, turn (STD 6, 7)
    "CR 5-1-1-1": "STD 6-1-1", "CR 5-2-7": "STD 6-2-1-7", "CR 6-1-1": "STD 7-1-1",
    "CR 6-6-1-2-1": "STD 7-6-1-2-1", "CR 6-6-1-2-2": "STD 4-1-1", "CR 6-6-1-2-3": "STD 7-6-1-2-2",
    "CR 6-6-1-2-5": "STD 7-6-1-2-4", "CR 6-7-3-2": "STD 7-7-3-2",
    # battles (STD 8)
    "CR 7-1-1-1": "STD 8-1-1-1", "CR 7-1-2-1": "STD 8-1-2-1", "CR 7-1-3-1": "STD 8-1-3-1",
    "CR 7-1-4-1": "STD 8-1-4-1",
    # effects (STD 9)
    "CR 8-1-3": "STD 9-1-6-1", "CR 8-1-3-1": "STD 9-1-6-1", "CR 8-1-4-1": "STD 9-1-6-2", "CR 8-1-6-1": "STD 9-1-7-1",
    "CR 8-1-8": "STD 9-1-2", "CR 8-3-3": "STD 9-2-1", "CR 8-4-2-3": "STD 9-1-6-2", "CR 8-5-2-4": "STD 9-1-5-7",
    "CR 8-5-3": "STD 9-3-2", "CR 8-5-3-1": "STD 9-3-2", "CR 8-5-3-2": "STD 9-3-2", "CR 8-5-6": "STD 9-3-2",
    "CR 8-9-2": "STD 9-1-8-1-3",
    # summon, deploy, use (STD 5, 11)
    "CR 10-6-1": "STD 5-8-1", "CR 10-6-5": "STD 11-1-1-4-1", "CR 10-6-6": "STD 11-1-1-5", "CR 10-6-7": "STD 11-1-1-6",
    "CR 10-7-1": "STD 5-9-1", "CR 10-7-6": "STD 11-2-1-5", "CR 10-7-7": "STD 11-2-1-6",
    "CR 10-8-1": "STD 3-4-1", "CR 10-8-3": "STD 9-1-7-1-3", "CR 10-8-6": "STD 11-3-1-5",
    "CR 10-9-2": "STD 4-1-1", "CR 10-9-3": "STD 4-1-1", "CR 10-10-1": "STD 1-4-2",
    # keywords: 001 defines keyword effects in general (STD 12-1), a card's text says what each does
    "CR 11-1-1": "STD 12-1-1", "CR 11-2-1": "STD 12-1-1", "CR 11-5-1": "STD 12-1-1", "CR 11-8-1": "STD 12-1-1",
    "CR 11-9-1": "STD 12-1-1", "CR 11-14-1": "STD 12-1-1",
    # what the game log and the client's texts cite (the nearest rule of 001 that says the same)
    "CR 2-5-3": "STD 2-6-3", "CR 2-6": "STD 2-2-1", "CR 10-1-3-3": "STD 5-10-1", "CR 11-4-1": "STD 12-1-1",
    "CR 1-3-4": "STD 1-4-4", "CR 1-3-6": "STD 1-4-6", "CR 2-1": "STD 2-1-1", "CR 2-7": "STD 2-3-3",
    "CR 2-7-3": "STD 2-3-3", "CR 2-8": "STD 2-10-1", "CR 2-8-2-2": "STD 2-10-2", "CR 2-10": "STD 2-8-3",
    "CR 3": "STD 4-1-1", "CR 3-1-2": "STD 4-1-2", "CR 3-1-4": "STD 4-1-4", "CR 3-2-4": "STD 4-2-4",
    "CR 3-3-3": "STD 4-3-3", "CR 3-4-1": "STD 4-4-1", "CR 3-4-2": "STD 4-4-2", "CR 3-5-5": "STD 4-5-4",
    "CR 3-6": "STD 4-6-1", "CR 3-9": "STD 4-8-1", "CR 4-5": "STD 5-6-1", "CR 4-5-3": "STD 5-6-3",
    "CR 4-6": "STD 1-4-5", "CR 4-6-3": "STD 1-4-5", "CR 4-7-2": "STD 10-1-2", "CR 4-11": "STD 5-7-1",
    "CR 4-11-1": "STD 5-7-1", "CR 4-12": "Standard ruling 3", "CR 4-12-1": "Standard ruling 3",
    "CR 4-12-3": "Standard ruling 3",
    "CR 5-2": "STD 6-2-1", "CR 5-2-1": "STD 6-2-1", "CR 5-2-2": "STD 6-2-1-2", "CR 5-2-3": "STD 6-2-1-3", "CR 5-2-4": "STD 6-2-1-3",
    "CR 5-2-5": "STD 6-2-1-5", "CR 5-2-6": "STD 6-2-1-6",
    "CR 6-6": "STD 7-6-1", "CR 6-6-1-2": "STD 7-6-1-2", "CR 6-7": "STD 7-7-1", "CR 6-7-2": "STD 7-7-2",
    "CR 6-8": "STD 7-9-1", "CR 6-8-1-2": "STD 7-9-1-1", "CR 7": "STD 8-1", "CR 7-1": "STD 8-1", "CR 7-1-1": "STD 8-1-1", "CR 7-1-2": "STD 8-1-2",
    "CR 7-1-3": "STD 8-1-3", "CR 7-1-5-2-1": "STD 8-1-5-2-1", "CR 7-1-5-3-1": "STD 8-1-5-1",
    "CR 7-1-6-1": "STD 8-1-7-1", "CR 7-1-6-2": "STD 8-1-7-2", "CR 8": "STD 9-1-1", "CR 8-1-4": "STD 9-1-4-1", "CR 8-1-4-2": "STD 9-1-4-4",
    "CR 8-2": "STD 9-1-1", "CR 8-2-2-2": "STD 9-1-5-6", "CR 8-4": "STD 9-1-6-2", "CR 8-4-1": "STD 9-1-6-2",
    "CR 8-4-2-1": "STD 9-1-6-2", "CR 8-4-2-4": "STD 9-1-6-2", "CR 8-5-2-3": "STD 9-1-5-9",
    "CR 8-5-3-5": "STD 9-3-2", "CR 8-6-2": "STD 9-1-5-2-1", "CR 8-6-3": "STD 9-1-5-4",
    "CR 8-8-1-3": "STD 1-4-6", "CR 8-8-1-3-2": "STD 1-4-6", "CR 8-8-1-4": "STD 9-1-5-6", "CR 8-9": "STD 9-1-8-1",
    "CR 8-9-1": "STD 9-1-8-1", "CR 8-10": "STD 10-2-2-2", "CR 9": "STD 10-1-1", "CR 9-2": "STD 10-2-1",
    "CR 9-3": "STD 5-11-1", "CR 9-3-2": "STD 5-11-1", "CR 9-3-2-1": "STD 10-2-2-8", "CR 9-4-2": "STD 5-10-1",
    "CR 9-4-2-1": "STD 5-10-1", "CR 10-1-1-1": "STD 5-10-1", "CR 10-1-3": "STD 5-10-1",
    "CR 10-6": "STD 11-1-1", "CR 10-6-4": "STD 11-1-1-2", "CR 10-7": "STD 11-2-1", "CR 10-8": "STD 11-3-1",
    "CR 10-8-5": "STD 11-3-1-4-1", "CR 10-9": "STD 4-1-1", "CR 10-9-1": "STD 4-1-1", "CR 10-13-1": "STD 12-1-1",
    "CR 10-14-1": "STD 5-10-1", "CR 10-15-1": "STD 12-2-1-12", "CR 11": "STD 12-1-1", "CR 11-10-3": "STD 12-1-3",
    "CR 11-11": "STD 12-1-1", "CR 11-13": "STD 12-1-1", "CR 11-14": "STD 12-1-1", "CR 12-2": "STD 4-1-3",
    "CR 12-1": "Standard ruling 2",
    # loops, revealing and viewing: 001 is silent, Saga's rules are followed (docs/standard-rulings.md)
    "CR 12-1-1-1": "Standard ruling 2", "CR 12-2-1": "STD 4-3-3", "CR 12-3-1": "STD 4-1-3",
    "CR 12-3-3": "STD 4-3-3",
}
_CR = re.compile(r"CR \d+(?:-\d+)*")


def std_rule(rule: str) -> str:
    """The STD rule (or Standard ruling) for a Saga citation; a citation that is not a CR number is kept."""
    if not rule.startswith("CR "):
        return rule
    parts = rule.split("-")
    while parts:  # the rule itself, else the nearest rule it belongs to
        hit = CR_TO_STD.get("-".join(parts))
        if hit is not None:
            return hit
        parts.pop()
    return "STD 1-4-1"  # (never: tests/test_std_rules_module.py holds that every citation is in the table)


def std_text(text: str) -> str:
    """`text` with each CR number in it replaced by its STD rule."""
    return _CR.sub(lambda m: std_rule(m.group(0)), text) if "CR " in text else text
