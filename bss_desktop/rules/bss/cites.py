"""What Battle Spirits Saga's Comprehensive Rules (CR) number each topic the shared core cites (engine/citations.py).

The module's own code names CR numbers itself; these are the words it gives the door, the manual moves and positions.
"ruling N" is a ruling of the project's design (design.md, "Rulings") where the CR is silent.
"""
from __future__ import annotations

CITES = {
    "command": "CR 6-6-1-2-1", "over": "CR 1-2-1", "concede": "CR 1-2-4", "choice": "CR 8-5-3",
    "players": "CR 1-1-1", "by_hand": "CR 1-3-1", "impossible": "CR 1-3-2", "already_so": "CR 1-3-2-1",
    "same_place": "CR 1-3-2-2", "nothing_moved": "CR 1-3-2-3", "numbers": "CR 1-3-5",
    "colours": "CR 2-4-1-1", "reduction": "CR 2-7-3", "levels": "CR 2-10-3", "areas": "CR 3-1-1",
    "owners_areas": "CR 3-1-6", "deck_hidden": "CR 3-2-2", "hand": "CR 3-3-1", "field": "CR 3-5-1",
    "burst_area": "CR 3-8-3", "burst_card": "CR 3-8-4", "orientation": "CR 4-4-1", "turned": "CR 4-4-1",
    "soul_core": "CR 4-11-3", "tokens": "CR 4-12-2", "reveal": "CR 12-2-1", "viewing": "CR 12-3-1",
    "look_shuffle": "CR 12-3-3",
    "start": "CR 5-2-1", "mulligan": "CR 5-2-7", "contract": "CR 5-2", "steps": "CR 6-1-1", "first_attack": "CR 6-7-2", "summon_step": "CR 6-6-1-2",
    "magic_timing": "CR 8-1-6-1", "set_burst": "CR 6-6-1-2-2",
    "move_cores": "CR 6-6-1-2-3", "attack": "CR 7-1-1-1", "block": "CR 7-1-3-1", "activate": "CR 8-1-3",
    "awaken": "CR 11-1-1", "ascend": "CR 11-8-1", "summon": "CR 10-6-1", "summon_pay": "CR 10-6-6",
    "summon_place": "CR 10-6-7", "first_level": "CR 10-6-7", "nexus": "CR 10-7-1", "nexus_pay": "CR 10-7-6",
    "nexus_place": "CR 10-7-7", "magic": "CR 10-8-1", "magic_pay": "CR 10-8-6", "magic_used": "CR 10-8",
    "level_zero": "CR 9-3-2", "bp_zero": "CR 9-4-2",
}
