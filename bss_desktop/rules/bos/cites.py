"""What Battle of Souls' rule book (004, v1.3) says for each topic the shared core cites, by the heading of its
section (BOS §...); the rule book's numbered Rule Updates as "BOS Rule Update N"; where it is silent, the ruling of
docs/bos-rulings.md the module follows ("BOS ruling N"). The profile's `cites:` (profiles/bos.yaml) words most
topics the same way; this is the module's own table, so every topic has a wording even without it."""
from __future__ import annotations

from ...table.topics import TOPICS

SILENT = "B.O.S. rules"  # Battle Spirits topics the game has no such thing for (cores, levels, the burst, ...)

CITES = {topic: SILENT for topic in TOPICS}
CITES.update({
    "command": "BOS §Turn Structure", "over": "BOS §Winning a Battle", "players": "BOS §What Is the Battle of Souls "
    "Card Game?", "by_hand": "BOS §Rules vs. Card Effects", "areas": "BOS §The Game Layout",
    "owners_areas": "BOS §Control", "deck_hidden": "BOS §Deck Zone", "hand": "BOS §Preparing to Battle",
    "field": "BOS §Cards on the Field", "orientation": "BOS §Fighter Zone", "turned": "BOS §Fighter Zone",
    "tokens": "BOS §Fighter Tokens", "reveal": "BOS §Reveal", "viewing": "BOS §Public Knowledge",
    "look_shuffle": "BOS §Deck Zone", "start": "BOS §Preparing to Battle", "mulligan": "BOS Rule Update 2",
    "steps": "BOS §Turn Structure", "first_attack": "BOS §Battle Phase", "summon_step": "BOS §Main Phase I",
    "summon": "BOS §Main Phase I", "activate": "BOS §Ignition Effect", "attack": "BOS §Battle Step",
    "choice": "BOS §Rules vs. Card Effects", "impossible": "BOS §Search Your Deck",
})

# the module's own citations
DRAW = "BOS §Draw Phase"
READY = "BOS §Ready Phase"
MAIN = "BOS §Main Phase I"
MAIN2 = "BOS §Main Phase II"
BATTLE = "BOS §Battle Phase"
BATTLE_STEP = "BOS §Battle Step"
DAMAGE = "BOS §Damage Step Rules"
DETERMINE = "BOS §Determining Damage"
REPLAY = "BOS §Replay"
END = "BOS §End Phase"
WIN = "BOS §Winning a Battle"
CLASSES = "BOS §Fighter Classes"
LEGENDARY = "BOS §Legendary Warrior"
FIGHTER_ZONE = "BOS §Fighter Zone"
EQUIPMENT_ZONE = "BOS §Equipment Zone"
TACTIC_ZONE = "BOS §Tactic Zone"
TACTICS = "BOS §Tactic Cards"
BATTLEFIELD = "BOS §Battlefield Cards"
BATTLEFIELD_COST = "BOS Rule Update 3"
CHAINS = "BOS §Equipment and Tactic Card Chains"
NO_CHAIN = "BOS §Actions Which Cannot Be Chained To"
COST = "BOS §Pay a Cost"
ZERO_ATK = "BOS §0 ATK Fighters"
KILL = "BOS §Kill Tokens"
QUICK = "BOS §Quick Effect"
IGNITION = "BOS §Ignition Effect"
SEARCH = "BOS §Search Your Deck"
