"""The closed vocabulary card effects are written in (CR 8, 10, 11), and its parser.

Card files describe effects as data; the engine interprets them and the card
text players read is generated from the same data (card_text.py), so text and
behaviour cannot disagree. docs/card-format.md documents every word here.

An effect (`Effect`) has a kind — activated, constant, triggered, magic or burst
(CR 8-1-2, 10-9) — and a list of directives (`Directive`) performed in written
order (CR 1-3-7). Directives that select cards carry a `Target`. Keywords
(CR 11) are separate (`Keyword`), with their parameters.

`parse_effect` / `parse_keyword` read the YAML form and raise `EffectSyntax`
naming the field, which schema.py turns into an error naming the card file and
card; `effect_to_dict` / `keyword_to_dict` write it back exactly.
"""
from __future__ import annotations

from dataclasses import dataclass, fields, replace

from ..limits import MAX_BP, MAX_COUNT, MAX_DIRECTIVES
from .cards import COLORS

KINDS = ("activated", "constant", "triggered", "magic", "burst")
TRIGGERS = (
    "when_summoned",  # this spirit is summoned (CR 10-6)
    "when_placed",  # this nexus is placed (CR 10-7)
    "when_attacks",  # this spirit attacks (CR 7-1-1-2, 10-11-1)
    "when_blocks",  # this spirit blocks (CR 7-1-3-2, 10-11-1)
    "when_attacks_or_blocks",  # either (CR 10-11-2)
    "when_blocked",  # this spirit's attack is blocked
    "when_destroyed",  # this card is destroyed (CR 10-15-1); never on self-destruction (CR 10-1-1-1)
    "when_destroyed_by_opponent",  # destroyed by the opponent's effect or battle (CR 10-15-1)
    "when_battle_ends",  # the battle this spirit fought ends (CR 7-1-6-1)
    "when_attack_ends",  # the battle this spirit attacked in ends (CR 7-1-6-1: "while this spirit attacks, when ...")
    "when_block_ends",  # the battle this spirit blocked in ends (CR 7-1-6-1)
    "start_of_step",  # "at the start of your/your opponent's <step> step" (CR 6-x-1)
    "end_of_turn",  # "at the end of your/your opponent's turn" (CR 6-8-1-1)
    "life_reduced",  # your life is reduced
    "life_gained",  # your life increases: cores are placed into it (CR 3-7-1)
    "your_spirit_destroyed",  # "when one of your spirits is destroyed" (CR 8-6-3: once per batch)
    "opponent_spirit_destroyed",  # one of your opponent's spirits is destroyed
    "opponent_summons",  # your opponent summons a spirit
    "opponent_attacks",  # one of your opponent's spirits attacks
    "opponent_blocks",  # one of your opponent's spirits blocks (CR 7-1-3-2)
    "when_exhausted",  # this card is exhausted (not when it already was, CR 1-3-2-1)
    "when_refreshed",  # this card is refreshed (likewise)
    "when_attack_reduces_life",  # this spirit's attack reduces the opponent's life (CR 7-1-5-3-1)
    "burst_set",  # a burst is set (`whose`: by you, your opponent or either, CR 6-6-1-2-2)
    "opponent_summon_effect",  # a "when summoned" effect of one of your opponent's spirits has resolved
    "when_wins_battle",  # this spirit destroys the spirit it battles by comparing BP (CR 7-1-5-2-1)
    "when_linked",  # a spirit with 【Link】 links with this (attacking) spirit
    "your_spirit_linked",  # one of your spirits (`watch`) is linked with
    # one of your spirits (`watch`: which ones) ...
    "your_spirit_attacks",  # ... attacks (CR 7-1-1)
    "your_spirit_blocks",  # ... blocks (CR 7-1-3-2)
    "your_spirit_blocked",  # ... has its attack blocked (CR 7-1-3)
    "your_spirit_summoned",  # ... is summoned (CR 10-6-7)
    "your_spirit_reduces_life",  # ... reduces your opponent's life with its attack (CR 7-1-5-3-1)
    "opponent_spirit_reduces_life",  # one of your opponent's spirits (`watch`) reduces your life with its attack
    "your_spirit_wins_battle",  # ... destroys an opponent's spirit by comparing BP (CR 7-1-5-2-1)
    "your_spirit_destroyed_by_opponent",  # ... is destroyed by the opponent's effect or in battle (CR 10-15-1)
    "your_spirit_destroyed_by_effect",  # ... is destroyed by an effect, either player's (not in battle, CR 10-1-2)
    "your_spirit_destroyed_by_your_effect",  # ... is destroyed by one of your effects ("when you destroy ...")
    "your_spirit_destroyed_in_battle",  # ... is destroyed in battle, by comparing BP (CR 7-1-5-2-1)
    "opponent_spirit_destroyed_in_battle",  # one of your opponent's spirits (`watch`) is, likewise (CR 7-1-5-2-1)
    "your_nexus_exhausted",  # one of your nexuses (`watch`: which ones) is exhausted (CR 10-4; not if it was)
    "your_nexus_placed",  # you place a nexus (`watch`: which ones) (CR 10-7-7)
    "your_nexus_destroyed_by_opponent",  # one of your nexuses (`watch`) is destroyed by your opponent (CR 10-15-1)
    "your_spirit_higher_bp",  # one of your spirits (`watch`) has the higher BP as BP are compared (CR 7-1-5-2-1)
    "your_spirit_cores_zeroed",  # an opponent's effect removes the last core from one of your spirits (`watch`)
    "you_use_magic",  # you use a magic card (`watch`: which ones), its effect resolving first (CR 10-8, 8-5-2-4)
    "opponent_uses_magic",  # your opponent uses one
    "when_links",  # this spirit links with an attacking spirit (【Link】, docs/saga-rulings.md "Link")
    "opponent_uses_magic_from_hand",  # your opponent uses one from their hand (not after a burst, CR 10-9)
    "you_use_magic_from_hand",  # you use one from your hand (likewise)
    "opponent_spirit_returned",  # one of your opponent's spirits goes from the field to their hand or deck
    "opponent_spirit_returned_to_hand",  # ... to their hand
    "your_card_discarded",  # one of your cards (`watch`: which ones) is discarded from your hand (CR 10-2-2)
    "opponent_places_void_cores",  # one of their effects puts cores from the void on their spirit or in their reserve
    "opponent_life_gained",  # a core is put into your opponent's life ("when a core is added to your opponent's life")
    "draw_step_draw",  # your draw step's draw has been made (CR 6-4-2): "during your draw step, draw 1 additional card"
    "opponent_draws",  # your opponent draws: once for each draw, however many cards (ruling T2)
    "opponent_draws_outside_draw_step",  # ... a draw outside their own draw step (ruling T2)
    "opponent_draws_by_effect",  # ... a draw one of their own effects makes ("uses one of their effects to draw")
    # how, and by what, one of your opponent's spirits was destroyed (rules/bss/destroytrig.py; ruling T4)
    "opponent_spirit_destroyed_bp_zero",  # ... by its BP becoming 0 or less (CR 9-4-2)
    "opponent_spirit_destroyed_cores_by_you",  # ... by one of your effects taking its cores (CR 9-3-2-1)
    "when_destroys",  # this spirit destroyed it: in battle with it, or by one of its effects (ruling T4)
    "your_spirit_destroys",  # one of your spirits (`watch`) did (ruling T4)
    "your_spirit_effect_destroys",  # an effect of one of your spirits (`watch`) did (ruling T4)
    "your_spirit_or_magic_destroys",  # one of your spirits did, or one of your magic cards' effects (`watch`: any card)
    "your_spirit_summoned_from_trash",  # one of your spirits (`watch`) is summoned from your trash (CR 10-6-1)
    "you_draw_by_effect",  # you draw with one of your own effects (ruling T2)
    "when_higher_bp",  # this spirit's BP was higher than the spirit it battles when compared (CR 7-1-5-2-1)
    "your_spirit_summoned_with_swift",  # one of your spirits (`watch`) is summoned with 【Swift】 (CR 11-9-1)
    "your_spirit_wins_battle_against",  # one of your spirits destroys an opponent's spirit `watch` fits by comparing
    # BP (`watch`: the destroyed spirit; the trigger card: yours) (CR 7-1-5-2-1)
    "your_spirit_destroyed_by_opponent_spirit",  # one of your spirits (`watch`) is destroyed by one of your
    # opponent's spirits, as ruling T4 reads it
    # while this card is in your trash (ruling T6), one of your opponent's spirits is destroyed by its BP becoming 0
    "trash_opponent_spirit_destroyed_bp_zero",
)
# reactions to what either player's cards and effects do (docs/saga-rulings.md "Reactions to the other player's
# actions"; rules/bss/reactions.py)
TRIGGERS += (
    "cores_placed_in_reserve",  # a core is placed into your reserve, by any move (CR 6-6-1-2-3, 3-5-5, 6-3-2, 6-5-2)
    "when_cores_placed",  # a core is placed onto this card on the field (not by its own summon or placement, R-1)
    "when_milled_by_opponent",  # this card is discarded from your deck by your opponent's effect: from the trash,
    # on any card type, a magic card's too (R-2)
    "your_spirit_effect_mills_opponent",  # an effect of one of your spirits (`watch`: which; `trigger`: that spirit)
    # discards a card from your opponent's deck (R-2, R-3)
    "opponent_card_milled",  # a card (`watch`) is discarded from your opponent's deck, by anyone's effect (R-2)
    "your_crush_milled",  # your 【Crush】 discards a card (`watch`) from your opponent's deck (CR 11-11-1, R-2)
    "your_effect_exhausts_opponent_spirit",  # an effect of one of your cards exhausts an opponent's spirit (R-3)
    "opponent_spirit_exhausted_by_gale",  # 【Gale】 exhausts one of your opponent's spirits (`watch`, CR 11-10-1, R-3)
    "opponent_effect_mills_you",  # an effect of your opponent's card discards cards from your deck, `count` or more
    # at once (one discard, or one 【Crush】; ruling R-5)
    "your_spirit_card_to_trash",  # one of your spirit cards (`watch`) is placed into your trash, from anywhere (R-7)
    "your_spirit_battle_ends",  # the battle one of your spirits (`watch`) attacked or blocked in ends (CR 7-1-6-1)
    "your_spirit_emptied_by_awaken",  # your 【Awaken】 moves the last core off one of your other spirits (CR 11-1-1)
)
TRASH_TRIGGERS = ("when_milled_by_opponent",)  # triggers of a card in the trash: a magic card's triggered effects too
# Battle Spirits Standard's triggers (STD = its rule numbers); harmless elsewhere: a game without depletion never
# fires the depletion ones. Kept apart from TRIGGERS, the triggers of Battle Spirits Saga's cards.
STANDARD_TRIGGERS = (
    "when_depleted",  # this card is depleted (STD 5-11), read with its level before depletion (STD 10-2-2-3)
    "your_spirit_depleted",  # one of your spirits (`watch`: which ones) is depleted
    "opponent_spirit_depleted",  # one of your opponent's spirits is depleted
    "cores_reach",  # `count: N`: an increase leaves N or more cores on this card, even from N or more (STD 13-1-1)
    "at_battle_resolution",  # 『戰鬥結算時』: this spirit's battle reaches battle resolution, before BP or life (8-1-5-1)
)
ALL_TRIGGERS = TRIGGERS + STANDARD_TRIGGERS
EXTREMES = ("cost_least", "cost_most", "bp_least", "bp_most")  # Target.extreme
ANY_CARD_TRIGGERS = ("your_spirit_or_magic_destroys",)  # they watch cards of more than one type (`watch.type`: any)
LEVEL_WATCH_TRIGGERS = ("your_spirit_destroyed_by_opponent_spirit",)  # their `watch` may say a level ("LV2 or higher")
# the triggers a card's label names about the card itself, which a filter may ask for ("with a "When Summoned" effect")
EFFECT_LABEL_TRIGGERS = ("when_summoned", "when_placed", "when_attacks", "when_blocks", "when_destroyed",
                         "when_destroyed_by_opponent", "when_battle_ends")
# triggers about another card (the trigger card): `watch` narrows which cards (a target filter on it, without side:
# the trigger names whose); "it"/"that spirit" in the effect is that card (target `trigger`)
WATCH_TRIGGERS = {
    "your_spirit_linked": "you",  # 【Link】 (docs/saga-rulings.md "Link")
    # how and by what a spirit was destroyed, where a summoned one came from (rules/bss/destroytrig.py, summon_origin)
    "opponent_spirit_destroyed_bp_zero": "opponent", "opponent_spirit_destroyed_cores_by_you": "opponent",
    "your_spirit_destroys": "you", "your_spirit_effect_destroys": "you", "your_spirit_or_magic_destroys": "you",
    "your_spirit_summoned_from_trash": "you", "your_spirit_summoned_with_swift": "you",
    "your_spirit_wins_battle_against": "opponent",
    "your_spirit_destroyed_by_opponent_spirit": "you", "trash_opponent_spirit_destroyed_bp_zero": "opponent",
    "your_spirit_destroyed": "you", "opponent_spirit_destroyed": "opponent", "opponent_summons": "opponent",
    "opponent_attacks": "opponent", "opponent_blocks": "opponent", "your_spirit_attacks": "you",
    "your_spirit_blocks": "you", "your_spirit_blocked": "you", "your_spirit_summoned": "you",
    "your_spirit_reduces_life": "you", "opponent_spirit_reduces_life": "opponent",
    "your_spirit_wins_battle": "you", "your_spirit_destroyed_by_opponent": "you",
    "you_use_magic": "you", "opponent_uses_magic": "opponent", "your_nexus_exhausted": "you",
    "your_nexus_placed": "you", "your_nexus_destroyed_by_opponent": "you", "your_spirit_higher_bp": "you",
    "your_spirit_cores_zeroed": "you",
    "opponent_uses_magic_from_hand": "opponent", "your_spirit_destroyed_by_effect": "you",
    "you_use_magic_from_hand": "you", "your_card_discarded": "you",
    "your_spirit_destroyed_by_your_effect": "you", "your_spirit_destroyed_in_battle": "you",
    "opponent_spirit_destroyed_in_battle": "opponent",
    "your_spirit_depleted": "you", "opponent_spirit_depleted": "opponent",
    "opponent_card_milled": "opponent", "your_crush_milled": "opponent",  # the discarded card's owner
    "your_effect_exhausts_opponent_spirit": "opponent", "opponent_spirit_exhausted_by_gale": "opponent",
    "your_spirit_battle_ends": "you", "your_spirit_effect_mills_opponent": "you", "your_spirit_card_to_trash": "you",
}
# they watch magic cards, not spirits
MAGIC_TRIGGERS = ("you_use_magic", "opponent_uses_magic", "opponent_uses_magic_from_hand", "you_use_magic_from_hand")
NEXUS_TRIGGERS = ("your_nexus_exhausted", "your_nexus_placed", "your_nexus_destroyed_by_opponent")  # they watch nexuses
BURST_TRIGGERS = ("life_reduced", "your_spirit_destroyed", "opponent_summons", "opponent_attacks",
                  "opponent_summon_effect", "your_spirit_destroyed_by_opponent")
STEPS = ("start", "core", "draw", "refresh", "main", "attack", "end")
# where a search puts the cards it did not take: the bottom of the deck in any order its controller chooses, the trash,
# back on top in the same order or in any order, or shuffled in (CR 12-3-3)
SEARCH_RESTS = ("bottom", "trash", "top", "top_any", "shuffle")
# where a search puts the cards it takes: your hand, your field (without paying the cost), the bottom or the top of
# your deck in the order you choose, or your trash (discarded from the deck)
SEARCH_INTO = ("hand", "field", "bottom", "top", "trash")
WHOSE = ("you", "opponent", "any")
DURATIONS = ("turn", "battle", "permanent")
KEYWORDS = ("awaken", "confront", "curse", "immortal", "armor", "luster", "blessed", "ascend", "swift", "gale",
            "crush", "raid", "at_field", "astral", "link")  # chain is written on the effect it continues (CR 11-15-2)
KEYWORD_NAMES = {"awaken": "Awaken", "confront": "Confront", "curse": "Curse", "immortal": "Immortal",
                 "armor": "Armor", "luster": "Luster", "blessed": "Blessed", "ascend": "Ascend", "swift": "Swift",
                 "gale": "Gale", "crush": "Crush", "raid": "Raid", "at_field": "A.T. Field", "astral": "Astral",
                 "link": "Link", "chain": "Chain"}
# keywords printed after CR v1.6.0, each with its ruling in docs/saga-rulings.md: 【Agile】 ("Costs: Agile, ...")
KEYWORDS += ("agile",)
KEYWORD_NAMES["agile"] = "Agile"
ASTRAL_TIMINGS = ("always", "your_turn", "opponent_turn", "attacking")  # CR 11-14-2: printed on the card
IMMORTAL_TIMINGS = ("always", "attack_step")  # a printed limit: "During Either Attack Step" (CR 11-4-1 has none)
REFS = ("this", "attacker", "blocker", "trigger", "it", "linked", "changed")  # card references instead of a selection
# "changed": among the cards the directive just before (exhaust or refresh) acted on, those it changed ("spirits
# refreshed by this effect": not one that was refreshed already, CR 1-3-2-1; docs/saga-rulings.md Other-9)
# "linked": the spirit this card is linked with (【Link】, docs/saga-rulings.md "Link")
# "it": the cards the effect's previous selecting directive chose ("select 1 of your spirits; it gets ...")
BP_VS_OF = ("this", "it")  # a target's bp_vs: whose BP (this card's, or the card the last selection chose)
BP_VS_CMP = ("at_most", "equal", "below")  # ... and how (equal to or fewer than / equal to / fewer than)
MODES = ("exact", "up_to", "any_number", "all")  # CR 8-5-3-1, 8-5-3-2, 8-8-1-4
OPS = {  # directive: what its value is
    "draw": "amount", "discard": "amount", "mill": "mill", "destroy": "target", "exhaust": "target",
    "link": "target",  # one of your spirits with 【Link】 may link with the spirit named, its condition waived
    "refresh": "target", "bounce": "target", "to_deck_bottom": "target", "bp": "stat", "level": "stat",
    "core_charge": "cores", "core_remove": "cores", "life_gain": "amount", "life_damage": "amount",
    "token": "token", "search": "search", "recover": "recover", "grant": "grant", "restrict": "restrict",
    "spare_battle": "flag",  # neither spirit of this battle is destroyed by comparing BP (CR 7-1-5-2-1)
    "attack_spirit": "target", "pay_cores": "amount", "substitute": "substitute", "select": "target",
    "to_deck_top": "target", "summon": "summon", "look": "look", "cost": "cost", "reduction": "reduction",
    "core_gain": "amount", "symbol": "symbol", "lose_effects": "lose", "allow": "allow", "later": "later",
    "cost_next": "cost", "count_symbols": "count_symbols", "during": "during", "must_attack": "target",
    "end_attack_step": "flag",
    "pay_soul": "pay_soul",  # a cost only: your soul core paid to your trash (docs/saga-rulings.md, Costs: Soul-1)
    "cores_onto_this": "target",  # a cost only: all cores of another spirit of yours moved onto this one (Costs: Onto-1)
}
# directives of mechanisms printed after CR v1.6.0 (docs/saga-rulings.md), kept apart from OPS, which the shipped
# Saga set shows each of: 【Feast】 ("Feast and Chain") summons or upgrades one of its three Supsprite tokens, N
# times, whose stats only the player's token table gives (carddb/token_table.py), so no shipped card can carry it
LATER_OPS = {"feast": "amount"}
FEAST_TOKENS = ("Small Supsprite", "Medium Supsprite", "Large Supsprite")
FEAST_FAMILY = "Supsprite"  # their family, which the cards name ("your Supsprite spirits"): the importer knows it
MAX_CHAINS = len(COLORS)  # 【Chain】s on one effect: one of each colour at most
# Battle Spirits Standard's directives (STD 5-16-1, 4-9), kept apart from OPS, the directives of Saga's cards; a
# Saga game performs them as it can (heavy exhaust exhausts, a card removed from the game leaves it)
STANDARD_OPS = {"heavy_exhaust": "target", "remove_from_game": "target"}
ALL_OPS = {**OPS, **STANDARD_OPS, **LATER_OPS}
# restriction tags on a triggered or activated effect (STD 12-3): once per turn for each card (12-3-1), once at one
# timing among the same-name cards of one player (12-3-2), or both (12-3-3)
LIMITS = ("once_per_turn", "unstackable", "unstackable_once_per_turn", "first_time")
# first_time ("the first time ... each turn", ruling T3): only the turn's first event of its trigger's kind (that its
# watch fits) activates it; the triggers whose events the game counts for it
FIRST_TIME_TRIGGERS = ("life_reduced", "your_spirit_destroyed", "your_spirit_destroyed_by_opponent",
                       "your_spirit_attacks")
COST_OPS = ("pay_cores", "discard", "exhaust", "core_remove", "destroy", "mill", "pay_soul", "to_deck_bottom",
            "cores_onto_this")  # what an effect cost may contain (CR 8-4)
FIRST_TIME_TRIGGERS += ("your_spirit_card_to_trash",)  # reactions (docs/saga-rulings.md R-7)
# what `restrict` says a card cannot do or undergo: attack, block, be blocked (CR 1-3-3), and the protections of
# rules/bss/protection.py: be selected, destroyed by destruction effects or lose cores by the effects `by` names
# (be_returned: to the hand or the deck), be destroyed by comparing BP, reduce life with its attacks, have the
# "When Destroyed" effects on it triggered (CR 10-15-1)
PROTECTIONS = ("be_selected", "be_destroyed", "lose_cores", "be_returned", "be_discarded")  # be_discarded: hand cards
RESTRICTIONS = ("attack", "block", "be_blocked") + PROTECTIONS + ("be_destroyed_in_battle", "reduce_life",
                                                                 "trigger_when_destroyed", "reduce_life_to_zero",
                                                                 "trigger_when_blocks", "reduce_life_beyond_one")
# reduce_life_beyond_one: its attacks' damage moves at most one core from the life (ruling P19)
# trigger_when_blocks: the "When This Spirit Blocks" effects on it are not triggered when it blocks a spirit `by`
# names (ruling P16)
# reduce_life_to_zero: its attacks' damage leaves at least one core in the life (ruling P15)
# what a constant effect does
STANDING_OPS = ("bp", "level", "grant", "restrict", "substitute", "cost", "reduction", "symbol", "lose_effects",
                "allow", "count_symbols", "must_attack")
CONSTANT_OPS = ("cost", "reduction", "lose_effects", "count_symbols", "must_attack")  # change information while the card is on the field: constant effects only
SIDES = ("you", "opponent", "any", "each")  # each: every player selects among their own cards (CR 1-3-4)
ZONES = ("field", "hand", "trash", "deck")  # deck: only counted ("for each", conditions), never selected
MAX_TOKEN_NAME = 60  # a token named by name (`{token: {ref: ...}}`): as long as a token made by hand may be named
LIFE_PLAYERS = ("opponent", "you", "both")  # whose life a life_damage directive reduces
# a target's `same_cost`: whose cards' costs its cost is one of: your spirits', or the cards "it" names (recover, and
# the directives that select field cards: docs/saga-rulings.md Counted amounts C-9)
SAME_COST_IT_OPS = ("recover", "select", "destroy", "exhaust", "refresh", "bounce", "to_deck_bottom", "to_deck_top")
SAME_COSTS = ("your_spirits", "it")
MAX_SYMBOLS = 10  # the symbols a symbol directive sets or adds at once (a card prints two or three at most)
LATER = ("battle_end", "turn_end")  # later: when the current battle ends (CR 7-1-6-1), at the end of this turn (6-8-1-1)
ALLOWS = ("block_exhausted",)
# during: the triggers a while-lasting effect may wait for (each fired for one side's spirit, the trigger card)
DURING_TRIGGERS = ("your_spirit_attacks", "your_spirit_blocks", "your_spirit_blocked", "your_spirit_summoned",
                   "your_spirit_destroyed", "your_spirit_destroyed_by_opponent", "your_spirit_reduces_life",
                   "your_spirit_wins_battle", "opponent_attacks", "opponent_blocks", "opponent_summons",
                   "opponent_spirit_destroyed")  # allow: "can block while exhausted" (CR 7-1-3-1 would need a refreshed spirit)


@dataclass(frozen=True, slots=True)
class Target:
    """Which cards a directive acts on (CR 8-5-3), or a reference to one card (`ref`)."""

    ref: str | None = None
    side: str = "opponent"  # you | opponent | any | each (each player selects among their own, CR 1-3-4)
    type: str = "spirit"  # spirit | nexus | magic | any
    zone: str = "field"  # field | hand | trash (hand is private: CR 8-5-3-5) | deck (counted only)
    count: int | str = 1  # a number, or "X" (CR 4-6)
    mode: str = "exact"
    bp_max: int | None = None
    bp_min: int | None = None
    cost_max: int | None = None
    cost_min: int | None = None
    level_max: int | None = None
    level_min: int | None = None  # "your LV2 spirits": the level on the field
    colors: tuple = ()
    not_colors: tuple = ()  # of none of these colours ("nexuses that are not red", CR 2-4-1-2)
    family: str | None = None
    exhausted: bool | None = None
    keyword: str | None = None  # "with 【Keyword】" (CR 10-13)
    keywords: tuple = ()  # with any of these keywords ("with 【Luster】 or 【Blessed】")
    other: bool = False  # excluding this card
    name_has: str | None = None  # "with 'Dragon' in its card name" (CR 2-1: the card name, not the additional one)
    costs: tuple = ()  # the cost is one of these ("a spirit with cost 4 or 5": 【Immortal】 conditions, CR 11-4-2)
    families: tuple = ()  # a family among these ("a Shadow or Nightling spirit": 【Ascend】 conditions, CR 11-8-2)
    token: bool | None = None  # a token (CR 4-12) or not ("【Ascend: Token】")
    total_bp_max: int | None = None  # the cards selected have a combined total of N BP or less
    total_cost_max: int | None = None  # ... a combined total cost of N or less
    soul_core: bool | None = None  # the soul core is on it (or not) (CR 4-11)
    cores_min: int | None = None  # cores on it, the soul core counted
    cores_max: int | None = None
    symbols: int | None = None  # how many symbols it has, exactly ("with one symbol", CR 2-8-3)
    no_effects: bool | None = None  # its card lists no effect and no keyword (or lists some) (docs/saga-rulings.md)
    # "1 of your opponent's spirits with 3000 BP or less, or 1 of their nexuses": one card, matching this filter or that
    alternative: Target | None = None
    chooser: str = "you"  # who selects: you, or your opponent among their own cards ("your opponent selects ...")
    extreme: str | None = None  # among the cards that fit, those of the lowest or highest cost or BP ("your
    # opponent's spirit that costs the least"): cost_least | cost_most | bp_least | bp_most
    no_keyword: str | None = None  # without this keyword ("that does not have 【Astral】", CR 10-13)
    has_effect: str | None = None  # with a printed effect of this trigger ("with a "When Summoned" effect", CR 8-1-2)
    linked: bool | None = None  # the linked spirit of a link (the attacker linked with) or not (saga-rulings.md "Link")
    same_cost: str | None = None  # "your_spirits": its cost is the cost of one of your spirits on the field (CR 2-6)
    colors_min: int | None = None  # "a magic card with 2 or more colors": it has at least N colours (CR 2-4)
    name_not: str | None = None  # "other than Stone Pup": not a card of this card name (CR 2-1; compared without case)
    name_is: str | None = None  # "a Stone Pup": a card of this card name, the whole name (CR 2-1; without case)
    or_this: bool = False  # this card too, whatever it is: "this spirit or one of your Dragon spirits" (reactions.py)
    # "select 1 of your opponent's spirits for each ...": `count` for each one this counts as the selection is made
    # (yaml `for_each`; CR 8-5-3, docs/saga-rulings.md "Counted amounts and relative filters" C-1)
    per: Count | None = None
    colors_max: int | None = None  # "with only one color": at most N colours (CR 2-4)
    attacking: bool | None = None  # the attacking spirit (or, false, any other: "not currently attacking", CR 7-1)
    in_battle: bool | None = None  # the attacking or the blocking spirit ("attacking or blocking", CR 7-1)
    # BP compared with another card's BP as the selection is made: (this | it, at_most | equal | below) ("with BP
    # equal to or fewer than this spirit"; yaml {of: this, cmp: at_most}; docs/saga-rulings.md Counted amounts C-4)
    bp_vs: tuple | None = None
    # its printed cost compared with another card's as the selection is made: (it | discarded_from_hand, above |
    # at_most | equal | below) ("that costs more than the card discarded by this effect"; yaml {of: .., cmp: ..};
    # docs/saga-rulings.md Counted amounts C-11)
    cost_vs: tuple | None = None


@dataclass(frozen=True, slots=True)
class Count:
    """A number read from the game when the directive is performed: "for each ..." (cards, cores, symbols)."""

    what: str  # cards | cores | symbols | discarded (the cards this effect's last mill discarded, `cards` their filter) | destroyed | effect_draws | destroyed_by_this (spirits the resolving effect destroyed) | level (this card's level) | cost (the printed cost of the cards selected before) | discarded_from_hand (the cards this effect discarded from a hand) | keyword_value (the number of `keyword` on the card `place` names: this | trigger) | destroyed_symbols (the symbols of the cards selected before that the effect destroyed)
    cards: Target | None = None  # cards: every card matching it, in its zone (a magic card being used is in no zone)
    place: str | None = None  # cores: this | reserve | life | trash | field
    side: str = "you"  # cores, symbols and destroyed: whose (you | opponent | any)
    colors: tuple = ()  # symbols: only symbols of these colours (a double colour symbol counts once, CR 2-8-2-1)
    keyword: str | None = None  # keyword_value: which keyword's number (of the card `place` names: this | trigger)


@dataclass(frozen=True, slots=True)
class Condition:
    """When a constant effect is active or a triggered effect may resolve (CR 8-1-4-1, 8-3-3)."""

    your_turn: bool | None = None
    attacking: bool | None = None  # this spirit is attacking ("while attacking", CR 10-12)
    blocking: bool | None = None
    soul_core: bool | None = None  # the soul core is on this card
    life_max: int | None = None  # your life is at most
    opponent_life_max: int | None = None
    symbol: str | None = None  # you have a symbol of this colour on your field
    control: Target | None = None  # you control at least control_min cards matching
    control_min: int = 1
    step: str | None = None  # during this step of the turn ("during your opponent's attack step": with your_turn)
    count: Count | None = None  # a number read from the game lies between count_min and count_max
    count_min: int | None = None
    count_max: int | None = None
    # the count compared with another count: (at_most | at_least | below | above, Count) ("if the number of spirits
    # you control is equal to or fewer than your opponent's", docs/saga-rulings.md Counted amounts C-7)
    count_vs: tuple | None = None
    soul_paid: bool | None = None  # the soul core was used to pay this effect's cost (or this magic card's cost)
    # the card "it" names (what the effect's last selection chose) fits this filter ("if it is green, ...", "if it
    # has 3000 or fewer BP, ..."), or with it_not, does not ("if it is not green"); false when it names no card
    it: Target | None = None
    it_not: bool = False
    # the card "it" names was destroyed by this effect: in the trash, or left with fewer cores than its LV1 needs by
    # the effect's core removal, so destroyed by this effect when the effect ends (CR 9-3-2-1)
    it_destroyed: bool | None = None
    linked: bool | None = None  # this card is in a link (【Link】, docs/saga-rulings.md "Link")
    exhausted: bool | None = None  # this card is on the field exhausted (true) or refreshed (false) (CR 4-4)
    magic_used_max: int | None = None  # you used at most N magic cards this turn ("the first magic card you use")
    burst_set: str | None = None  # you | opponent: that player has a burst set (face down, CR 10-9-1)
    less_life: bool | None = None  # you have fewer cores in your life than your opponent (or, false, not) (CR 3-7)
    life_lost: bool | None = None  # your life was reduced this turn (or, false, not) (ruling P14)
    life_kept: bool | None = None  # your life is at least (false: below) what it was at the start of the turn (P18)
    same_cost: bool | None = None  # the spirits on your field all cost the same (printed cost, CR 2-6; Other-11)


@dataclass(frozen=True, slots=True)
class Keyword:
    """A keyword effect (CR 11). value: Gale/Crush/Raid number; colors: Armor;
    condition: Immortal/Ascend; timing: Astral (CR 11-14-2: always, your_turn, opponent_turn, attacking) and
    Immortal (always, or attack_step: only during either player's attack step, as a card prints it)."""

    name: str
    value: int | None = None
    colors: tuple = ()
    condition: Target | None = None
    timing: str = "always"
    levels: tuple = ()  # empty: every level


@dataclass(frozen=True, slots=True)
class Directive:
    op: str
    target: Target | None = None
    amount: int | str | None = None  # N or "X"; with `per`, N for each one counted
    mode: str | None = None  # bp/level/cost: "add" or "set"; count_symbols: "also" or "gain" (else counted "as")
    duration: str | None = None
    side: str | None = None  # mill: whose deck; look: whose deck or hand; discard: whose hand (you|opponent|each);
    # to_deck_top: "owner" when its owner chooses the top or the bottom of their deck ("or_bottom: owner")
    to: str | None = None  # core_remove: reserve | trash | void; search: where the rest goes
    look: int | None = None  # search, look: how many cards from the top
    keyword: Keyword | None = None  # grant
    family: str | None = None  # grant: a spirit type the target gains ("it gains Dragon spirit type", CR 2-5-3)
    cannot: str | None = None  # restrict: RESTRICTIONS (attack | block | be_blocked | be_selected ...)
    token: object | None = None  # token: the token's CardDef (a `ref` token: None until the token table gives it);
    # feast: the CardDefs of FEAST_TOKENS, (small, medium, large), once the token table gives them
    token_ref: str | None = None  # token: the token named by name, its stats from the player's token table
    token_exhausted: bool = False  # token: summoned exhausted ("summon 1 of your ... tokens exhausted")
    event: str | None = None  # substitute: the event replaced ("destroyed")
    by_opponent: bool = False  # substitute: only when the opponent causes it
    by_effect: bool = False  # substitute: only a destruction effect (CR 10-14-1) causes it (ruling P17)
    muted: bool = False  # summon: the summoned card's own "When Summoned" effects are not triggered (ruling P22)
    instead: tuple = ()  # substitute: the directives performed instead (CR 8-9-1)
    level: int | None = None  # bp set on a specific level (layer 2, CR 8-8-1-3-3)
    per: Count | None = None  # "for each ...": the amount is `amount` times this count beyond the first `minus`
    minus: int = 0
    most: int | None = None  # with `per`: never more than this in all ("a maximum of 12 cards", ruling C-13)
    keep: int | None = None  # core_remove: all cores but this many ("remove all but 1 core from it"); draw: until
    # the drawing player holds this many cards ("draw cards until you have 3 cards in your hand")
    player: str | None = None  # life_damage: opponent | you | both
    into: str | None = None  # search: SEARCH_INTO (hand, field: summoned without paying the cost, bottom, top, trash)
    among: str | None = None  # recover: "discarded": only among the cards this effect's last mill discarded
    cores_from: str | None = None  # summon, search into the field: where its LV1 cores come from (void | reserve);
    # life_gain: where the cores come from (void, the default, your reserve or your trash)
    reveal: bool = True  # search: reveal the cards (public) or only look at them (CR 12-3-1)
    no_soul: bool = False  # core_charge / core_gain from the trash: "cores ... that are not a soul core" (CR 8-5-6)
    look_instead: tuple | None = None  # search: (Condition, N): "reveal the top N cards instead" when it holds
    paid: bool = False  # summon: its cost is paid, its LV1 cores placed from your reserve and field (CR 10-6-6, 10-6-7)
    exhausted: bool = False  # summon: put onto the field exhausted ("summon it exhausted", CR 3-5-3)
    by: Target | None = None  # restrict be_blocked: the blockers it keeps out; PROTECTIONS: whose effects
    colors: tuple = ()  # reduction: the reduction symbols added (CR 2-7); symbol: the symbols' colours
    may: bool = False  # "you may ..." for this directive alone (CR 8-1-8)
    if_done: bool = False  # "if you do, ...": only when the directive before it did something
    # Battle Spirits Standard's connectives (STD 5-19): "after this effect resolves, ..." (此效果發揮後): only when every
    # directive before it did something, and after the triggered effects they caused have resolved (5-19-3, 5-19-4);
    # "must" (必須): unless this directive can be done in full, the whole effect does nothing (5-19-5)
    after: bool = False
    must: bool = False
    cond: Condition | None = None  # "if ..., ...": only when this holds as the directive is performed
    # destroy: "your opponent's "When Destroyed" effects are not triggered by this effect" (CR 10-15-1; ruling P10)
    quiet: bool = False
    can: str | None = None  # allow: block_exhausted (what the target may do that the rules would not let it)
    at: str | None = None  # later: battle_end | turn_end (its directives are in `instead`)
    trigger: str | None = None  # during: what it waits for (`by`: which spirits, `instead`: what it does then)


@dataclass(frozen=True, slots=True)
class Effect:
    kind: str
    do: tuple = ()
    levels: tuple = ()  # empty: every level (CR 2-10-2)
    trigger: str | None = None
    step: str | None = None  # start_of_step
    whose: str | None = None  # start_of_step / end_of_turn / burst_set: "you" | "opponent" | "any"
    timing: frozenset = frozenset()  # activated and magic: {"main"}, {"flash"} or both (CR 8-1-3-1)
    condition: Condition | None = None
    optional: bool = False  # "you may" (CR 8-1-8)
    cost: tuple = ()  # effect cost (CR 8-4): all of it or the effect does not activate
    chain_color: str | None = None  # 【Chain: colour】 (CR 11-15)
    chain: tuple = ()
    # the further 【Chain】s of a text with more than one, each (colour, directives), following the first in order
    # (CR 11-15-2; docs/saga-rulings.md, "Feast and Chain", Chain-1)
    more_chains: tuple = ()
    x_max: int | None = None  # the effect uses X, chosen by its controller up to this (CR 4-6-2)
    manual: bool = False  # not automated: the players resolve `text` by hand
    text: str = ""
    then_use: str | None = None  # a burst's follow-up: pay the card's cost to use its main/flash effect (CR 10-9)
    watch: Target | None = None  # WATCH_TRIGGERS: which cards' event triggers it ("one of your Dragon spirits")
    limit: str | None = None  # LIMITS: 〔Once per turn〕, 〔Unstackable〕 or both (STD 12-3)
    reach: int | None = None  # cores_reach: the number of cores that, reached by an increase, triggers it

    @property
    def musts(self) -> bool:
        """Whether a directive of it is marked `must` (STD 5-19-5: the effect does nothing unless it can be done)."""
        return any(d.must for d in self.do)


class EffectSyntax(Exception):
    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field = field
        self.message = message


# ------------------------------------------------------------------ parsing


def _int(v, f, minimum=0, allow_x=False, maximum=MAX_COUNT):
    """A whole number from `minimum` to `maximum`: by default a count, which no game holds more of than MAX_COUNT."""
    if allow_x and v == "X":
        return "X"
    if isinstance(v, bool) or not isinstance(v, int):
        raise EffectSyntax(f, f"expected a whole number{' or X' if allow_x else ''}, got {v!r}")
    if v < minimum:
        raise EffectSyntax(f, f"must be at least {minimum}, got {v}")
    if v > maximum:
        raise EffectSyntax(f, f"must be at most {maximum:,} (more than a game can hold), got {v:,}")
    return v


def _signed(v, f, allow_x=False, limit=MAX_BP):
    if allow_x and v in ("X", "-X"):
        return v
    if isinstance(v, bool) or not isinstance(v, int):
        raise EffectSyntax(f, f"expected a whole number, got {v!r}")
    if abs(v) > limit:
        raise EffectSyntax(f, f"must be between -{limit:,} and {limit:,}, got {v:,}")
    return v


def _directives(v, f) -> list:
    """A list of directives (an effect's cost, what it does, its Chain, a substitution's "instead"), at most
    MAX_DIRECTIVES of them: with MAX_COUNT they bound the work one effect can ask for."""
    if not isinstance(v, list):
        raise EffectSyntax(f, "expected a list of directives")
    if len(v) > MAX_DIRECTIVES:
        raise EffectSyntax(f, f"has {len(v)} directives; an effect has at most {MAX_DIRECTIVES}")
    return v


def _choice(v, f, options):
    if v not in options:
        raise EffectSyntax(f, f"expected one of {', '.join(map(str, options))}, got {v!r}")
    return v


def _bool(v, f):
    if not isinstance(v, bool):
        raise EffectSyntax(f, f"expected true or false, got {v!r}")
    return v


def _map(v, f, allowed):
    if not isinstance(v, dict):
        raise EffectSyntax(f, f"expected a mapping with keys among {', '.join(allowed)}, got {v!r}")
    extra = [k for k in v if k not in allowed]
    if extra:
        raise EffectSyntax(f"{f}.{extra[0]}", f"unknown key; expected one of {', '.join(allowed)}")
    return v


def _colors(v, f):
    items = v if isinstance(v, list) else [v]
    for i, c in enumerate(items):
        _choice(c, f"{f}[{i}]" if isinstance(v, list) else f, COLORS)
    return tuple(items)


_TARGET_KEYS = tuple(x.name for x in fields(Target) if x.name != "per") + ("up_to", "all", "any_number", "for_each")
_NOT_A_FILTER = ("ref", "side", "zone", "count", "mode", "up_to", "all", "any_number", "chooser", "total_bp_max",
                 "extreme", "total_cost_max", "for_each")


def parse_target(v, f, *, per_ok: bool = False) -> Target:
    """`per_ok`: a selecting directive's own target, which alone may take `for_each` (a number counted)."""
    if isinstance(v, str):
        return Target(ref=_choice(v, f, REFS))
    d = _map(v, f, _TARGET_KEYS)
    kw: dict = {}
    modes = [m for m in ("up_to", "all", "any_number") if m in d]
    if len(modes) > 1:
        raise EffectSyntax(f, f"use only one of up_to, all, any_number (got {', '.join(modes)})")
    for key, val in d.items():
        p = f"{f}.{key}"
        if key == "ref":
            kw["ref"] = _choice(val, p, REFS)
        elif key == "side":
            kw["side"] = _choice(val, p, SIDES)
        elif key == "type":
            kw["type"] = _choice(val, p, ("spirit", "nexus", "magic", "any"))
        elif key == "zone":
            kw["zone"] = _choice(val, p, ZONES)
        elif key in ("count", "up_to"):
            kw["count"] = _int(val, p, 1, allow_x=True)
            if key == "up_to":
                kw["mode"] = "up_to"
        elif key == "all":
            if _bool(val, p):
                kw["mode"] = "all"
        elif key == "any_number":
            if _bool(val, p):
                kw["mode"] = "any_number"
        elif key == "mode":
            kw["mode"] = _choice(val, p, MODES)
        elif key in ("bp_max", "bp_min", "total_bp_max"):
            kw[key] = _int(val, p, maximum=MAX_BP)
        elif key in ("cost_max", "cost_min", "level_max", "level_min", "cores_min", "cores_max", "symbols",
                     "total_cost_max"):
            kw[key] = _int(val, p)
        elif key == "colors_min":
            kw[key] = _int(val, p, 2, maximum=len(COLORS))
        elif key == "colors_max":
            kw[key] = _int(val, p, 1, maximum=len(COLORS))
        elif key in ("attacking", "in_battle"):
            kw[key] = _bool(val, p)
        elif key == "cost_vs":
            cd = _map(val, p, ("of", "cmp"))
            kw[key] = (_choice(cd.get("of"), f"{p}.of", ("it", "discarded_from_hand")),
                       _choice(cd.get("cmp"), f"{p}.cmp", ("above", "at_most", "equal", "below")))
            if not per_ok:
                raise EffectSyntax(p, "a cost compared with another card's goes only on the target of a directive "
                                      "that selects field cards")
        elif key == "bp_vs":
            bd = _map(val, p, ("of", "cmp"))
            kw[key] = (_choice(bd.get("of"), f"{p}.of", BP_VS_OF), _choice(bd.get("cmp"), f"{p}.cmp", BP_VS_CMP))
            if kw[key][0] == "it" and not per_ok:
                raise EffectSyntax(f"{p}.of", "the BP of the cards selected before (it) is compared only by a "
                                              "directive that selects field cards")
        elif key == "for_each":
            if not per_ok:
                raise EffectSyntax(p, "for_each (a number of cards counted) goes only on the target of a directive "
                                      "that selects field cards (select, destroy, exhaust ...)")
            kw["per"] = parse_count(val, p)
        elif key == "name_has":
            if not isinstance(val, str) or not val.strip():
                raise EffectSyntax(p, f"expected the words the card name contains, got {val!r}")
            kw["name_has"] = val.strip()
        elif key == "name_not":
            if not isinstance(val, str) or not val.strip():
                raise EffectSyntax(p, f"expected the card name the cards must not have, got {val!r}")
            kw["name_not"] = val.strip()
        elif key == "name_is":
            if not isinstance(val, str) or not val.strip():
                raise EffectSyntax(p, f"expected the card name the cards must have, got {val!r}")
            kw["name_is"] = val.strip()
        elif key in ("colors", "not_colors"):
            kw[key] = _colors(val, p)
        elif key == "family":
            if not isinstance(val, str) or not val:
                raise EffectSyntax(p, f"expected a family name, got {val!r}")
            kw["family"] = val
        elif key == "families":
            items = val if isinstance(val, list) else [val]
            if not items or not all(isinstance(x, str) and x.strip() for x in items):
                raise EffectSyntax(p, f"expected a list of family names, got {val!r}")
            kw["families"] = tuple(dict.fromkeys(x.strip() for x in items))
        elif key == "costs":
            items = val if isinstance(val, list) else [val]
            if not items:
                raise EffectSyntax(p, "expected a list of costs, got an empty list")
            kw["costs"] = tuple(sorted(set(_int(x, f"{p}[{i}]") for i, x in enumerate(items))))
        elif key in ("exhausted", "other", "token", "soul_core", "linked", "no_effects", "or_this"):
            kw[key] = _bool(val, p)
        elif key in ("keyword", "no_keyword"):
            kw[key] = _choice(val, p, KEYWORDS)
        elif key == "extreme":
            kw["extreme"] = _choice(val, p, EXTREMES)
        elif key == "has_effect":
            kw["has_effect"] = _choice(val, p, EFFECT_LABEL_TRIGGERS)
        elif key == "keywords":
            items = val if isinstance(val, list) else [val]
            if not items:
                raise EffectSyntax(p, "expected a list of keywords, got an empty list")
            kw["keywords"] = tuple(dict.fromkeys(_choice(x, f"{p}[{i}]", KEYWORDS) for i, x in enumerate(items)))
        elif key == "chooser":
            kw["chooser"] = _choice(val, p, ("you", "opponent"))
        elif key == "same_cost":
            kw["same_cost"] = _choice(val, p, SAME_COSTS)
    if "alternative" in d:  # (after the side it shares)
        kw["alternative"] = _alternative(d["alternative"], f"{f}.alternative", kw)
    t = Target(**kw)
    if t.per is not None and (t.mode not in ("exact", "up_to") or t.count == "X" or t.zone != "field"
                              or t.side == "each" or t.alternative is not None):
        raise EffectSyntax(f"{f}.for_each", "for_each goes with a number of field cards one player selects (count "
                                            "or up_to, not X, all, any_number, side: each or an alternative)")
    if t.alternative is not None and (t.mode != "exact" or t.count != 1 or t.zone != "field" or t.chooser != "you"
                                      or t.side == "each"):
        raise EffectSyntax(f"{f}.alternative", "an alternative goes with one field card you select (count 1)")
    if t.chooser == "opponent" and (t.side != "opponent" or t.zone != "field" or t.mode == "all"):
        raise EffectSyntax(f"{f}.chooser", "your opponent selects among their own field cards (side: opponent)")
    if t.total_bp_max is not None and t.mode not in ("up_to", "any_number"):
        raise EffectSyntax(f"{f}.total_bp_max", "a combined BP limit goes with up_to or any_number")
    if t.total_cost_max is not None and (t.mode not in ("up_to", "any_number") or t.total_bp_max is not None):
        raise EffectSyntax(f"{f}.total_cost_max", "a combined cost limit goes with up_to or any_number (and no "
                                                  "combined BP limit)")
    if t.side == "each" and t.zone != "field":
        raise EffectSyntax(f"{f}.side", "each player selects among their own field cards (zone: field)")
    return t


def _one_kind(t: Target, f: str) -> Target:
    """A filter that describes cards (a condition's, a keyword's, the blockers kept out): no alternative, which only
    a selection of one card has."""
    if t.alternative is not None:
        raise EffectSyntax(f"{f}.alternative", "an alternative goes with one card selected, not with a description")
    return t


def _alternative(v, f, kw: dict) -> Target:
    """The other filter of "1 of A, or 1 of B": one field card of the same side, of either kind."""
    if not isinstance(v, dict):
        raise EffectSyntax(f, f"expected a card filter such as {{type: nexus}}, got {v!r}")
    if any(k in v for k in ("ref", "side", "zone", "count", "up_to", "all", "any_number", "mode", "chooser",
                            "alternative", "total_bp_max")):
        raise EffectSyntax(f, "an alternative only filters cards (its side, zone and count are the target's)")
    return parse_target({**v, "side": kw.get("side", "opponent")}, f)


_COUNT_WHAT = ("cards", "cores", "symbols", "discarded", "destroyed", "effect_draws", "destroyed_by_this", "level",
               "cost", "discarded_from_hand", "keyword_value", "destroyed_symbols")
VALUE_KEYWORDS = ("gale", "raid", "crush")  # keywords with a number (a keyword_value count reads it)
_CORE_PLACES = ("this", "reserve", "life", "trash", "field")


def parse_count(v, f) -> Count:
    """`{cards: {side: you, zone: hand, type: any}}`, `{cores: this}`, `{cores: {side: opponent, place: life}}`,
    `{symbols: {side: you, colors: [red]}}`: what "for each" counts."""
    d = _map(v, f, _COUNT_WHAT)
    if len(d) != 1:
        raise EffectSyntax(f, "count exactly one of cards, cores, symbols, discarded, destroyed, effect_draws, "
                              "destroyed_by_this, level, cost, discarded_from_hand, keyword_value or "
                              "destroyed_symbols")
    (what, val), = d.items()
    p = f"{f}.{what}"
    if what == "cards":  # counted, never selected: every matching card, of whichever side it says (default yours)
        if not isinstance(val, dict):
            raise EffectSyntax(p, f"expected a card filter such as {{side: you, zone: hand}}, got {val!r}")
        t = parse_target({"side": "you", **val, "all": True}, p)
        if t.side == "each" or t.ref is not None:
            raise EffectSyntax(p, "count cards of one side (you, opponent or any)")
        return Count("cards", cards=t)
    if what == "discarded_from_hand":  # "for each card you discarded": the cards the effect discarded from a hand
        if not isinstance(val, dict):  # (ruling C-6), a card filter
            raise EffectSyntax(p, f"expected a card filter such as {{type: spirit}}, got {val!r}")
        t = parse_target({"type": "any", **_map(val, p, tuple(k for k in _TARGET_KEYS if k not in _NOT_A_FILTER)),
                          "side": "any", "zone": "trash", "all": True}, p)
        return Count(what, cards=t)
    if what == "discarded":  # "for each spirit card among the discarded cards": a card filter, of either side's deck
        if not isinstance(val, dict):
            raise EffectSyntax(p, f"expected a card filter such as {{type: spirit}}, got {val!r}")
        t = parse_target({"type": "any", **_map(val, p, tuple(k for k in _TARGET_KEYS if k not in _NOT_A_FILTER)),
                          "side": "any", "zone": "trash", "all": True}, p)
        return Count("discarded", cards=t)
    if what == "cores":
        if val == "this":
            return Count("cores", place="this")
        cd = _map(val, p, ("side", "place"))
        return Count("cores", place=_choice(cd.get("place", "reserve"), f"{p}.place", _CORE_PLACES[1:]),
                     side=_choice(cd.get("side", "you"), f"{p}.side", ("you", "opponent", "any")))
    if what == "destroyed_symbols":  # "for each symbol on the destroyed spirit": the cards "it" names that the
        _map(val or {}, p, ())  # effect destroyed, as they last were on the field (ruling C-12)
        return Count(what)
    if what == "keyword_value":  # "the number specified in its Gale effect" (ruling C-10)
        kd = _map(val, p, ("keyword", "of"))
        return Count(what, place=_choice(kd.get("of"), f"{p}.of", ("this", "trigger")),
                     keyword=_choice(kd.get("keyword"), f"{p}.keyword", VALUE_KEYWORDS))
    if what == "cost":  # "equal to that spirit's cost": the printed cost of the cards selected before (ruling C-5)
        _choice(val, p, ("it",))
        return Count("cost", place="it")
    if what == "level":  # "for every level this spirit has": its level as the effect reads it (ruling C-3)
        _choice(val, p, ("this",))
        return Count("level", place="this")
    if what == "destroyed_by_this":  # spirits destroyed by the resolving effect (ruling C-2): either side's unless
        dd = _map(val or {}, p, ("side",))  # it says
        return Count(what, side=_choice(dd.get("side", "any"), f"{p}.side", ("you", "opponent", "any")))
    if what in ("destroyed", "effect_draws"):  # spirits destroyed / draws by own effects, this turn
        dd = _map(val or {}, p, ("side",))
        return Count(what, side=_choice(dd.get("side", "you"), f"{p}.side", ("you", "opponent", "any")))
    sd = _map(val or {}, p, ("side", "colors"))
    return Count("symbols", side=_choice(sd.get("side", "you"), f"{p}.side", ("you", "opponent", "any")),
                 colors=_colors(sd["colors"], f"{p}.colors") if "colors" in sd else ())


_COND_KEYS = tuple(x.name for x in fields(Condition))


_IT_FILTER_KEYS = ("type", "bp_max", "bp_min", "cost_max", "cost_min", "colors", "family", "families", "keyword",
                   "linked", "exhausted", "token", "name_has")  # Condition.it: what the card is like, not where or whose


def parse_condition(v, f) -> Condition:
    d = _map(v, f, _COND_KEYS)
    kw: dict = {}
    for key, val in d.items():
        p = f"{f}.{key}"
        if key in ("your_turn", "attacking", "blocking", "soul_core", "soul_paid", "linked", "exhausted",
                   "it_destroyed", "less_life", "life_lost", "life_kept"):
            kw[key] = _bool(val, p)
        elif key in ("life_max", "opponent_life_max", "control_min", "count_min", "count_max", "magic_used_max"):
            kw[key] = _int(val, p)
        elif key == "step":
            kw[key] = _choice(val, p, STEPS)
        elif key == "count":
            kw[key] = parse_count(val, p)
        elif key == "symbol":
            kw[key] = _choice(val, p, COLORS)
        elif key == "burst_set":
            kw[key] = _choice(val, p, ("you", "opponent"))
        elif key == "same_cost":  # docs/saga-rulings.md Other-11
            kw[key] = _bool(val, p)
        elif key == "control":  # "you control ...": your cards unless it says otherwise
            kw[key] = _one_kind(parse_target({"side": "you", **val} if isinstance(val, dict) else val, p), p)
        elif key == "it":  # a filter on the card itself: whose card, which zone and how many are not its to say
            if not isinstance(val, dict):
                raise EffectSyntax(p, f"expected a card filter, got {val!r}")
            kw[key] = parse_target({"side": "any", "type": "any", **_map(val, p, _IT_FILTER_KEYS)}, p)
        elif key == "it_not":
            kw[key] = _bool(val, p)
        elif key == "count_vs":
            cd = _map(val, p, ("cmp", "count"))
            if "count" not in cd:
                raise EffectSyntax(f"{p}.count", "missing: the count it is compared with")
            kw[key] = (_choice(cd.get("cmp"), f"{p}.cmp", ("at_most", "at_least", "below", "above")),
                       parse_count(cd["count"], f"{p}.count"))
    if kw.get("it_not") and "it" not in kw:
        raise EffectSyntax(f"{f}.it_not", "it_not turns the it filter round; add it")
    if "control_min" in kw and "control" not in kw:
        raise EffectSyntax(f"{f}.control_min", "control_min counts the cards named by control; add control")
    if "count" in kw and "count_min" not in kw and "count_max" not in kw and "count_vs" not in kw:
        raise EffectSyntax(f"{f}.count", "say how many with count_min, count_max, count_vs")
    if ("count_min" in kw or "count_max" in kw or "count_vs" in kw) and "count" not in kw:
        raise EffectSyntax(f"{f}.count", "missing: what count_min / count_max / count_vs count")
    return Condition(**kw)


def parse_keyword(v, f) -> Keyword:
    """`confront`, `{crush: 1}`, `{armor: [red, blue]}`, `{immortal: {family: Dragon}}`, `{astral: your_turn}`,
    each optionally with `levels: [...]`; 【Immortal】 also with `timing: attack_step`."""
    if isinstance(v, str):
        name = _choice(v, f, KEYWORDS)
        if name in ("armor", "immortal", "ascend", "gale", "raid", "link"):
            raise EffectSyntax(f, f"{name} needs a value, e.g. {{{name}: ...}}")
        return Keyword(name, value=0 if name == "crush" else None)  # CR 11-11-3: no modifier = +0
    if not isinstance(v, dict):
        raise EffectSyntax(f, f"expected a keyword name or a mapping, got {v!r}")
    names = [k for k in v if k not in ("levels", "timing")]
    if len(names) != 1:
        raise EffectSyntax(f, "a keyword entry names exactly one keyword (plus optional levels)")
    name = _choice(names[0], f"{f}.{names[0]}", KEYWORDS)
    val = v[name]
    p = f"{f}.{name}"
    kw: dict = {"name": name}
    if "levels" in v:
        kw["levels"] = _levels(v["levels"], f"{f}.levels")
    if "timing" in v:
        if name != "immortal":
            raise EffectSyntax(f"{f}.timing", "only 【Immortal】 takes a timing here (【Astral】: {astral: your_turn})")
        kw["timing"] = _choice(v["timing"], f"{f}.timing", IMMORTAL_TIMINGS)
    if name in ("gale", "raid"):
        kw["value"] = _int(val, p, 1)
    elif name == "crush":
        kw["value"] = 0 if val is None else _int(val, p, 0)
    elif name == "armor":
        kw["colors"] = _colors(val, p)
    elif name in ("immortal", "ascend", "link"):  # a condition on one of your own spirits (CR 11-4-1, 11-8-1;
        # 【Link】: the attacking spirits it may link with, docs/saga-rulings.md "Link")
        kw["condition"] = _one_kind(parse_target({"side": "you", **val} if isinstance(val, dict) else val, p), p)
    elif name == "astral":
        kw["timing"] = "always" if val is None else _choice(val, p, ASTRAL_TIMINGS)
    elif val not in (None, True):
        raise EffectSyntax(p, f"{name} takes no value")
    return Keyword(**kw)


def _levels(v, f):
    if not isinstance(v, list) or not v:
        raise EffectSyntax(f, f"expected a list of level numbers, got {v!r}")
    return tuple(_int(x, f"{f}[{i}]", 1) for i, x in enumerate(v))


_MODIFIERS = ("may", "if_done", "if", "after", "must", "quiet")  # beside a directive's action: {draw: 2, if_done: true}


def _per(d: dict, p: str) -> dict:
    """The "for each" part of an amount: `for_each` (what is counted) and `minus` (the first ones not counted)."""
    out: dict = {}
    if "for_each" in d:
        out["per"] = parse_count(d["for_each"], f"{p}.for_each")
    if "minus" in d:
        if "per" not in out:
            raise EffectSyntax(f"{p}.minus", "minus goes with for_each")
        out["minus"] = _int(d["minus"], f"{p}.minus")
    if "most" in d:  # "you can discard a maximum of 12 cards with this effect" (ruling C-13)
        if "per" not in out:
            raise EffectSyntax(f"{p}.most", "most (a cap on what for_each makes) goes with for_each")
        out["most"] = _int(d["most"], f"{p}.most", 1)
    return out


def _selection(v, f) -> dict:
    """A target given as card filters (a mapping), where a reference ("this", "it") would make no sense."""
    if v is None:
        return {}
    if not isinstance(v, dict):
        raise EffectSyntax(f, f"expected card filters such as {{zone: trash, family: Dragon}}, got {v!r}")
    return v


def _from_trash(d: dict, p: str, op: str) -> dict:
    """core_charge / core_gain: `from: trash` (the cores of your trash, not the void) and `soul_core: false` (never
    the soul core; otherwise its controller chooses whether it is among them, CR 8-5-6)."""
    out: dict = {}
    if _choice(d.get("from", "void"), f"{p}.from", ("void", "trash")) == "trash":
        out["cores_from"] = "trash"
    if "soul_core" in d:
        if _bool(d["soul_core"], f"{p}.soul_core") or "cores_from" not in out:
            raise EffectSyntax(f"{p}.soul_core", "only soul_core: false, with from: trash (cores of your trash that "
                                                 "are not the soul core)")
        out["no_soul"] = True
    return out


def parse_directive(v, f, *, make_token=None) -> Directive:
    if not isinstance(v, dict):
        raise EffectSyntax(f, f"a directive is a mapping with one action, e.g. {{draw: 1}}; got {v!r}")
    ops = [k for k in v if k not in _MODIFIERS]
    if len(ops) != 1:
        raise EffectSyntax(f, f"a directive is a mapping with one action (plus may, if_done, if, after or must), e.g. "
                              f"{{draw: 1}}; "
                              f"got {v!r}")
    op = ops[0]
    mods: dict = {}
    if "may" in v:
        mods["may"] = _bool(v["may"], f"{f}.may")
    if "if_done" in v:
        mods["if_done"] = _bool(v["if_done"], f"{f}.if_done")
    if "if" in v:
        mods["cond"] = parse_condition(v["if"], f"{f}.if")
    for flag in ("after", "must", "quiet"):
        if flag in v:
            mods[flag] = _bool(v[flag], f"{f}.{flag}")
    if mods.get("quiet") and op != "destroy":
        raise EffectSyntax(f"{f}.quiet", "quiet goes with destroy: the opponent's \"When Destroyed\" effects are not "
                                         "triggered by what it destroys (CR 10-15-1)")
    d = _directive(op, v[op], f, make_token)
    if d.target is not None and d.target.same_cost == "it" and op not in SAME_COST_IT_OPS:
        raise EffectSyntax(f"{f}.{op}", "same_cost: it (the cost of the cards selected before) goes with recover or "
                                        f"a directive that selects field cards ({', '.join(SAME_COST_IT_OPS[1:])})")
    return replace(d, **mods) if mods else d


_SOURCE_KEYS = ("side", "type", "colors", "family", "families", "soul_core")


def _effect_source(v, f) -> Target:
    """The cards whose effects a protection keeps out ("your opponent's effects", "the effects of your opponent's
    magic"): a side seen by the protecting effect's controller (opponent by default), a type (any by default),
    colours, families, or the soul core on it ("your opponent's spirits with a soul core on them")."""
    d = _map(v, f, _SOURCE_KEYS)
    t = parse_target({"side": "opponent", "type": "any", **d, "all": True}, f)
    if t.side == "each":
        raise EffectSyntax(f"{f}.side", "the effects kept out are of you, your opponent or any player")
    return t


def _directive(op, val, f, make_token) -> Directive:
    p = f"{f}.{op}"
    shape = ALL_OPS.get(op)
    if shape is None:
        raise EffectSyntax(p, f"unknown action; expected one of {', '.join(sorted(ALL_OPS))}")
    if shape == "amount":
        if op == "pay_cores" or not isinstance(val, dict):  # a cost is a plain number (or X)
            return Directive(op, amount=_int(val, p, 1, allow_x=True),
                             **({"player": "opponent"} if op == "life_damage" else {}),
                             **({"to": "reserve"} if op == "core_gain" else {}))
        keys = ("count", "for_each", "minus") + (("player", "to") if op == "life_damage" else ()) + (
            ("to", "from", "soul_core") if op == "core_gain" else ()) + (
            ("of", "side", "any_number") if op == "discard" else ()) + (
            ("from",) if op == "life_gain" else ()) + (("side", "until", "until_as") if op == "draw" else ())
        d = _map(val, p, keys)
        if op == "draw":  # who draws (each: both players, CR 1-3-4), and "until you have N cards in your hand"
            extra = {"side": _choice(d.get("side", "you"), f"{p}.side", ("you", "opponent", "each"))}
            if "until" in d:
                if any(k in d for k in ("count", "for_each", "minus")):
                    raise EffectSyntax(f"{p}.until", "until (a hand of N cards) goes without count or for_each")
                return Directive(op, amount=1, keep=_int(d["until"], f"{p}.until", 1), **extra)
            if "until_as" in d:  # "until you have as many cards in your hand as ..." (ruling C-8)
                if any(k in d for k in ("count", "for_each", "minus")) or extra["side"] != "you":
                    raise EffectSyntax(f"{p}.until_as", "until_as (a hand as big as a count) goes without count or "
                                                        "for_each, for your own hand (side: you)")
                return Directive(op, amount=1, keep=0, per=parse_count(d["until_as"], f"{p}.until_as"), **extra)
            return Directive(op, amount=_int(d.get("count", 1), f"{p}.count", 1, allow_x=True), **_per(d, p),
                             **extra)
        extra = {"player": _choice(d.get("player", "opponent"), f"{p}.player", LIFE_PLAYERS),
                 **({"to": "trash"} if _choice(d.get("to", "reserve"), f"{p}.to", ("reserve", "trash")) == "trash"
                    else {})} \
            if op == "life_damage" else {}  # to: where the life's cores go (their player's reserve unless trash)
        if op == "discard":  # "discard a nexus card", "your opponent discards 1 card" (they choose, CR 10-2-2)
            extra = {"side": _choice(d.get("side", "you"), f"{p}.side", ("you", "opponent", "each"))}
            if "any_number" in d:  # "discard any number of cards": as many as you choose, none too (ruling C-6)
                if not _bool(d["any_number"], f"{p}.any_number"):
                    raise EffectSyntax(f"{p}.any_number", "write any_number: true, or leave it out")
                if any(k in d for k in ("count", "for_each", "minus")) or extra["side"] != "you":
                    raise EffectSyntax(f"{p}.any_number", "any_number goes without count or for_each, from your "
                                                          "own hand (side: you)")
                extra["mode"] = "any_number"
            if "of" in d:
                of = _map(d["of"], f"{p}.of", tuple(k for k in _TARGET_KEYS if k not in _NOT_A_FILTER))
                extra["target"] = parse_target({"type": "any", **of, "zone": "hand", "side": "you"}, f"{p}.of")
        if op == "core_gain":  # cores from the void into your reserve or trash, or from your trash to your reserve
            extra = {"to": _choice(d.get("to", "reserve"), f"{p}.to", ("reserve", "trash")),
                     **_from_trash(d, p, "core_gain")}
            if extra.get("cores_from") == "trash" and extra["to"] == "trash":
                raise EffectSyntax(f"{p}.to", "cores from your trash go into your reserve (to: reserve)")
        if op == "life_gain" and d.get("from", "void") != "void":  # "place a core from your reserve into your life"
            extra = {"cores_from": _choice(d["from"], f"{p}.from", ("void", "reserve", "trash"))}
        return Directive(op, amount=_int(d.get("count", 1), f"{p}.count", 1, allow_x=True), **_per(d, p), **extra)
    if shape == "target":
        if op == "to_deck_top" and isinstance(val, dict) and "or_bottom" in val:  # "... returns it to either the top
            d = _map(val, p, ("target", "or_bottom"))                            # or bottom of their deck"
            _choice(d["or_bottom"], f"{p}.or_bottom", ("owner",))
            t = parse_target(d.get("target", "it"), f"{p}.target")
            if t.mode == "all":
                raise EffectSyntax(f"{p}.target", "its owner chooses card by card: not all")
            return Directive(op, target=t, side="owner")
        t = parse_target(val, p, per_ok=True)
        if t.per is not None and op in ("must_attack", "link", "attack_spirit"):
            raise EffectSyntax(f"{p}.for_each", f"{op} names its cards without counting them: no for_each")
        if op == "select" and t.ref is not None:
            raise EffectSyntax(p, "select chooses cards: give a selection, not a reference")
        if op == "cores_onto_this" and (t.ref is not None or t.side != "you" or t.zone != "field" or t.type != "spirit"
                                        or t.mode != "exact" or t.count != 1):
            raise EffectSyntax(p, "the cores of 1 other spirit of yours (side: you, count 1) move onto this one")
        if op == "heavy_exhaust" and t.ref is None and t.zone != "field":
            raise EffectSyntax(f"{p}.zone", "only field cards are heavy exhausted (STD 5-16-1): zone: field")
        return Directive(op, target=t)
    if shape == "pay_soul":  # "pay this spirit's soul core" (this) / "pay a soul core" (you: wherever it pays from)
        where = _choice(val, p, ("this", "you"))
        return Directive(op, target=parse_target("this", p) if where == "this" else None)
    if shape == "mill":
        d = _map(val, p, ("count", "side", "for_each", "minus", "most"))
        return Directive(op, amount=_int(d.get("count", 1), f"{p}.count", 1, allow_x=True),
                         side=_choice(d.get("side", "opponent"), f"{p}.side", ("you", "opponent")), **_per(d, p))
    if shape == "stat":
        d = _map(val, p, ("target", "add", "set", "duration", "level", "for_each") if op == "bp"
                 else ("target", "add", "set", "duration"))
        if ("add" in d) == ("set" in d):
            raise EffectSyntax(p, "give exactly one of add or set")
        mode = "add" if "add" in d else "set"
        if op == "level" and mode == "set" and d["set"] == "max":  # "treated as its highest level" (CR 8-8-1-3-2)
            amount = "max"
        else:
            amount = (_signed(d[mode], f"{p}.{mode}", allow_x=True, limit=MAX_BP if op == "bp" else MAX_COUNT)
                      if mode == "add" else _int(d[mode], f"{p}.{mode}", 0, maximum=MAX_BP if op == "bp" else MAX_COUNT))
        if "for_each" in d and mode != "add":
            raise EffectSyntax(f"{p}.for_each", "for_each goes with add (+N BP for each ...)")
        return Directive(op, target=parse_target(d.get("target", "this"), f"{p}.target"), amount=amount, mode=mode,
                         duration=_choice(d.get("duration", "turn"), f"{p}.duration", DURATIONS),
                         level=_int(d["level"], f"{p}.level", 1) if "level" in d else None, **_per(d, p))
    if shape == "cores":
        d = _map(val, p, ("target", "count", "for_each", "minus", "from", "soul_core") if op == "core_charge"
                 else ("target", "count", "to", "for_each", "minus", "keep", "up_to"))
        if "up_to" in d:  # "remove up to 3 cores from it": its controller chooses 0 to N for each card (CR 1-3-5)
            if set(d) & {"count", "keep", "for_each", "minus"}:
                raise EffectSyntax(f"{p}.up_to", "up_to (0 to N cores, chosen) goes without count, keep or for_each")
            return Directive(op, target=parse_target(d.get("target", "this"), f"{p}.target"), mode="up_to",
                             amount=_int(d["up_to"], f"{p}.up_to", 1),
                             to=_choice(d.get("to", "reserve"), f"{p}.to", ("reserve", "trash", "void")))
        if "keep" in d:
            if "count" in d or "for_each" in d:
                raise EffectSyntax(f"{p}.keep", "keep (all cores but N) goes without count or for_each")
            return Directive(op, target=parse_target(d.get("target", "this"), f"{p}.target"),
                             keep=_int(d["keep"], f"{p}.keep"),
                             to=_choice(d.get("to", "reserve"), f"{p}.to", ("reserve", "trash", "void")))
        if op == "core_charge":  # cores from the void, or from your trash (CR 3-4-1, 8-5-6)
            return Directive(op, target=parse_target(d.get("target", "this"), f"{p}.target"),
                             amount=_int(d.get("count", 1), f"{p}.count", 1, allow_x=True), **_per(d, p),
                             **_from_trash(d, p, op))
        to = _choice(d.get("to", "reserve"), f"{p}.to", ("reserve", "trash", "void", "life"))
        target = parse_target(d.get("target", "this"), f"{p}.target")
        if to == "life" and target.ref != "this":  # "... from this spirit and place it into your life" (P19)
            raise EffectSyntax(f"{p}.to", "cores go into a life only from this card, into its owner's life")
        return Directive(op, target=target, amount=_int(d.get("count", 1), f"{p}.count", 1, allow_x=True), to=to,
                         **_per(d, p))
    if shape == "token":
        if make_token is None:
            raise EffectSyntax(p, "tokens can only be made by card effects")
        if isinstance(val, dict) and "ref" in val:  # a token named by name: its stats from the token table
            d = _map(val, p, ("ref", "count", "exhausted"))
            ref = d["ref"]
            if not isinstance(ref, str) or not ref.strip() or len(ref.strip()) > MAX_TOKEN_NAME:
                raise EffectSyntax(f"{p}.ref", f"expected a token name of 1 to {MAX_TOKEN_NAME} characters, "
                                               f"got {ref!r}")
            return Directive(op, amount=_int(d.get("count", 1), f"{p}.count", 1, allow_x=True),
                             token_ref=" ".join(ref.split()),
                             token_exhausted=_bool(d.get("exhausted", False), f"{p}.exhausted"))
        d = _map(val, p, ("name", "colors", "families", "bp", "symbols", "count", "cores", "exhausted"))
        return Directive(op, amount=_int(d.get("count", 1), f"{p}.count", 1, allow_x=True), token=make_token(d, p),
                         token_exhausted=_bool(d.get("exhausted", False), f"{p}.exhausted"))
    if shape == "search":
        d = _map(val, p, ("look", "take", "rest", "reveal", "to", "cores", "for_each", "minus", "instead"))
        look_instead = None
        if "instead" in d:  # "if ..., reveal the top 5 cards instead" (checked as it resolves)
            ins = _map(d["instead"], f"{p}.instead", ("if", "look"))
            if "if" not in ins or "look" not in ins:
                raise EffectSyntax(f"{p}.instead", "give if (a condition) and look (how many cards then)")
            look_instead = (parse_condition(ins["if"], f"{p}.instead.if"), _int(ins["look"], f"{p}.instead.look", 1))
        take = d.get("take") or {}
        if not isinstance(take, dict):
            raise EffectSyntax(f"{p}.take", f"expected a card filter, got {take!r}")
        if not any(k in take for k in ("count", "up_to", "all", "any_number", "mode")):
            take = {"up_to": 1, **take}  # "add up to 1 ... from among them"
        into = _choice(d.get("to", "hand"), f"{p}.to", SEARCH_INTO)
        if "cores" in d and into != "field":
            raise EffectSyntax(f"{p}.cores", "cores are placed only on a card put onto the field (to: field)")
        # the cards looked at are yours; any type unless `take` says (CR 8-5-3-5); onto the field, spirits
        t = parse_target({"type": "spirit" if into == "field" else "any", **take, "zone": "hand", "side": "you"},
                         f"{p}.take")
        if into == "field" and t.type not in ("spirit", "nexus"):
            raise EffectSyntax(f"{p}.take.type", "only spirits and nexuses go onto the field (CR 3-5-1)")
        return Directive(op, look=_int(d.get("look", 3), f"{p}.look", 1), target=t,
                         to=_choice(d.get("rest", "bottom"), f"{p}.rest", SEARCH_RESTS),
                         reveal=_bool(d.get("reveal", True), f"{p}.reveal"), into=into,
                         cores_from=_choice(d.get("cores", "void"), f"{p}.cores", ("void", "reserve"))
                         if into == "field" else None, look_instead=look_instead,
                         **_per(d, p))  # for_each: `look` cards for each one
    if shape == "summon":  # put onto the field "without paying its cost" (CR 10-6-1), LV1 cores from `cores`
        d = _map(val, p, ("target", "cores", "pay", "exhausted", "from", "muted"))
        if "from" in d and d.get("target") != "this":
            raise EffectSyntax(f"{p}.from", "from (trash or burst) goes with target: this")
        if d.get("target") == "this":  # this card from your trash, where its own "when destroyed" effect finds it
            # (CR 10-15-1), or from the burst area, its burst resolving (CR 10-9; docs/saga-rulings.md, Costs:
            # Revive-1, Burst-1): without paying its cost only
            if "pay" in d:
                raise EffectSyntax(f"{p}.pay", "this card is summoned without paying its cost: no pay")
            burst = _choice(d.get("from", "trash"), f"{p}.from", ("trash", "burst")) == "burst"
            t = parse_target({"ref": "this", "zone": "trash"}, f"{p}.target")
            return Directive(op, target=replace(t, zone="resolving") if burst else t,  # (turned face up)
                             cores_from=_choice(d.get("cores", "void"), f"{p}.cores", ("void", "reserve")),
                             exhausted=_bool(d.get("exhausted", False), f"{p}.exhausted"))
        t = parse_target({"side": "you", "zone": "hand", **_selection(d.get("target"), f"{p}.target")}, f"{p}.target")
        if t.ref is not None or t.zone not in ("hand", "trash") or t.side != "you":
            raise EffectSyntax(f"{p}.target", "summon takes cards of your hand or your trash (zone: hand or trash)")
        if t.type not in ("spirit", "nexus"):
            raise EffectSyntax(f"{p}.target.type", "only spirits and nexuses go onto the field (CR 3-5-1)")
        reserve_only = d.get("pay") == "reserve"  # "by using cores from your reserve to pay its cost and place cores
        # onto it": paid and placed from the reserve only (docs/saga-rulings.md, Costs: Reserve-1)
        pay = True if reserve_only else _bool(d.get("pay", False), f"{p}.pay")
        if pay and "cores" in d:  # paid: its LV1 cores come from your reserve and field as any summon's (CR 10-6-7)
            raise EffectSyntax(f"{p}.cores", "a summon that pays its cost places its LV1 cores as any summon does: no "
                                             "cores")
        if pay and (t.mode != "exact" or t.count != 1):
            raise EffectSyntax(f"{p}.target", "a summon that pays its cost summons one card (count 1)")
        return Directive(op, target=t, cores_from="reserve" if reserve_only else None if pay else _choice(
                             d.get("cores", "void"), f"{p}.cores", ("void", "reserve")),
                         paid=pay, exhausted=_bool(d.get("exhausted", False), f"{p}.exhausted"),
                         muted=_bool(d.get("muted", False), f"{p}.muted"))  # its "When Summoned" not triggered (P22)
    if shape == "look":  # CR 12-3: only the effect's controller sees them; a deck is shuffled afterwards
        d = _map(val, p, ("count", "side", "zone"))
        zone = _choice(d.get("zone", "deck"), f"{p}.zone", ("deck", "hand"))
        side = _choice(d.get("side", "you" if zone == "deck" else "opponent"), f"{p}.side", ("you", "opponent"))
        if zone == "hand" and side == "you":
            raise EffectSyntax(f"{p}.side", "you see your own hand already: look at your opponent's")
        return Directive(op, look=_int(d.get("count", 1), f"{p}.count", 1) if zone == "deck" else None, side=side,
                         to=zone)
    if shape == "recover":  # a card filter, or a reference to one card ("return it from your trash": trigger)
        d = {"ref": _choice(val, p, REFS)} if isinstance(val, str) else _map(val, p, tuple(_TARGET_KEYS) + ("among",))
        among = None
        if "among" in d:  # "add 1 ... from the discarded cards to your hand" (the cards a mill before it discarded)
            d = dict(d)
            among = _choice(d.pop("among"), f"{p}.among", ("discarded",))
        t = parse_target({"side": "you", "type": "any", **d, "zone": "trash"}, p)
        if among is not None and t.side != "you":
            raise EffectSyntax(f"{p}.side", "cards discarded from your own deck come back to your hand (side: you)")
        return Directive(op, target=t, among=among)
    if shape == "grant":
        d = _map(val, p, ("target", "keyword", "duration", "family"))
        if "family" in d:  # a spirit type gained for a while (docs/saga-rulings.md "Other phrases", Other-4)
            fam = d["family"]
            if "keyword" in d:
                raise EffectSyntax(f"{p}.family", "a grant gives a keyword or a spirit type (family), not both")
            if not isinstance(fam, str) or not fam.strip() or len(fam) > MAX_TOKEN_NAME:
                raise EffectSyntax(f"{p}.family", f"expected a spirit type name of 1 to {MAX_TOKEN_NAME} characters, "
                                                  f"got {fam!r}")
            return Directive(op, target=parse_target(d.get("target", "this"), f"{p}.target"), family=" ".join(
                fam.split()), duration=_choice(d.get("duration", "turn"), f"{p}.duration", DURATIONS))
        if "keyword" not in d:
            raise EffectSyntax(f"{p}.keyword", "missing")
        return Directive(op, target=parse_target(d.get("target", "this"), f"{p}.target"),
                         keyword=parse_keyword(d["keyword"], f"{p}.keyword"),
                         duration=_choice(d.get("duration", "turn"), f"{p}.duration", DURATIONS))
    if shape == "restrict":
        d = _map(val, p, ("target", "cannot", "duration", "by", "unless_pay"))
        cannot = _choice(d.get("cannot"), f"{p}.cannot", RESTRICTIONS + ("refresh_step",))
        if cannot == "refresh_step":  # "will not refresh during its owner's next refresh step" (CR 6-5-2)
            if "duration" in d or "by" in d or "unless_pay" in d:
                raise EffectSyntax(f"{p}.{next(k for k in ('duration', 'by', 'unless_pay') if k in d)}",
                                   "refresh_step lasts until its owner's next refresh step: no duration, by or cost")
            return Directive(op, target=parse_target(d.get("target", {}), f"{p}.target"), cannot=cannot,
                             duration="permanent")
        tax = None
        if "unless_pay" in d:  # "... cannot attack unless they pay N core": an attack's cost (saga-rulings: Tax-1)
            if cannot != "attack":
                raise EffectSyntax(f"{p}.unless_pay", "unless_pay is the cost of an attack (cannot: attack)")
            tax = _int(d["unless_pay"], f"{p}.unless_pay", 1)
        by = None
        if cannot in PROTECTIONS:  # whose effects it keeps out: `by` names their cards (their type: any by default)
            by = _effect_source(d.get("by", {}), f"{p}.by")
        elif "by" in d:
            if cannot not in ("be_blocked", "trigger_when_blocks"):
                raise EffectSyntax(f"{p}.by", "by names the blockers that cannot block (cannot: be_blocked) or the "
                                              f"cards whose effects it keeps out ({', '.join(PROTECTIONS)})")
            by = _one_kind(parse_target({"side": "opponent", **d["by"]} if isinstance(d["by"], dict) else d["by"],
                                        f"{p}.by"), f"{p}.by")
            if by.ref is not None:
                raise EffectSyntax(f"{p}.by", "describe the blockers (e.g. {bp_max: 3000}), not one card")
        elif cannot == "trigger_when_blocks":
            raise EffectSyntax(f"{p}.by", "name the attackers whose blockers' \"When Blocks\" effects are not triggered")
        target = parse_target(d.get("target", {}), f"{p}.target")
        if (cannot == "be_discarded") != (target.zone == "hand" and target.ref is None):
            raise EffectSyntax(f"{p}.target", "cards in a hand can only be kept from being discarded (be_discarded), "
                                              "and only cards in a hand are discarded from it")
        return Directive(op, target=target, cannot=cannot, by=by,
                         duration=_choice(d.get("duration", "turn"), f"{p}.duration", DURATIONS), amount=tax)
    if shape == "flag":  # "end the attack step": nothing to say but that it happens
        if val is not True:
            raise EffectSyntax(p, f"expected true, got {val!r}")
        return Directive(op)
    if shape == "allow":  # CR 1-3-1: the card's text over the rule ("can block while exhausted", CR 7-1-3-1)
        d = _map(val, p, ("target", "can", "duration", "by"))
        by = None
        if "by" in d:  # only against attackers like these ("can block spirits with 2 or fewer cores even if ...")
            by = parse_target({"side": "opponent", **d["by"]} if isinstance(d["by"], dict) else d["by"], f"{p}.by")
            if by.ref is not None:
                raise EffectSyntax(f"{p}.by", "describe the attackers (e.g. {cost_max: 5}), not one card")
        return Directive(op, target=parse_target(d.get("target", {}), f"{p}.target"), by=by,
                         can=_choice(d.get("can"), f"{p}.can", ALLOWS),
                         duration=_choice(d.get("duration", "turn"), f"{p}.duration", DURATIONS))
    if shape == "count_symbols":  # symbols counted otherwise for cost reduction (saga-rulings: Costs, Sym-1)
        d = _map(val, p, ("target", "of", "as", "color", "also", "gain"))
        t = parse_target({"side": "you", "zone": "hand", "mode": "all", **_selection(d.get("target"), f"{p}.target")},
                         f"{p}.target")
        if t.side != "you" or t.zone != "hand":
            raise EffectSyntax(f"{p}.target", "the cards whose cost is reduced: yours, in your hand")
        of = d.get("of")
        if of == "this":
            by = parse_target("this", f"{p}.of")
        elif isinstance(of, dict):
            by = parse_target({"side": "you", "mode": "all", **of}, f"{p}.of")
            if by.side != "you" or by.zone != "field" or by.ref is not None:
                raise EffectSyntax(f"{p}.of", "the cards whose symbols count: this, or your field cards")
        else:
            raise EffectSyntax(f"{p}.of", f"expected this or a filter of your field cards, got {of!r}")
        more = [k for k in ("also", "gain") if k in d]  # docs/saga-rulings.md "Card names without quotation marks"
        if more:  # N-2: each symbol of these colours as well / these symbols more, while the reduction is determined
            key = more[0]
            if len(more) > 1 or "as" in d or "color" in d:
                raise EffectSyntax(f"{p}.{key}", "give one of as (with color), also or gain")
            vals = d[key]
            if not isinstance(vals, list) or not vals or len(vals) > MAX_SYMBOLS:
                raise EffectSyntax(f"{p}.{key}", f"expected a list of 1 to {MAX_SYMBOLS} colours, got {vals!r}")
            colors = tuple(_choice(c, f"{p}.{key}[{i}]", COLORS) for i, c in enumerate(vals))
            if key == "also" and len(set(colors)) != len(colors):
                raise EffectSyntax(f"{p}.also", "a colour named twice")
            return Directive(op, target=t, by=by, amount=1, colors=colors, mode=key)
        n = _int(d.get("as"), f"{p}.as", 1, maximum=10)
        colors = (_choice(d["color"], f"{p}.color", COLORS),) if "color" in d else ()
        return Directive(op, target=t, by=by, amount=n, colors=colors)
    if op == "cost_next":  # the next magic card you use from your hand this turn (saga-rulings: Costs, Next-1)
        d = _map(val, p, ("target", "add"))
        t = parse_target({"side": "you", "zone": "hand", "type": "magic", **_selection(d.get("target"), f"{p}.target")},
                         f"{p}.target")
        if t.side != "you" or t.zone != "hand" or t.type != "magic" or t.mode != "exact" or t.count != 1:
            raise EffectSyntax(f"{p}.target", "the next magic card you use from your hand: your own, one, in your hand")
        return Directive(op, target=t, amount=_signed(d.get("add"), f"{p}.add", limit=MAX_COUNT), mode="add")
    if shape == "cost":  # CR 10-6-4: the cost of the cards it names, before reduction
        if isinstance(val, dict) and val.get("target") == "this":  # this card's own cost in its owner's hand
            d = _map(val, p, ("target", "set", "reduction"))
            if "reduction" in d:  # all its reduction symbols fulfilled (docs/saga-rulings.md, Costs: Full-1)
                if "set" in d:
                    raise EffectSyntax(p, "give one of set (its cost) or reduction: full")
                _choice(d["reduction"], f"{p}.reduction", ("full",))
                return Directive(op, target=parse_target("this", f"{p}.target"), mode="full")
            if "set" not in d:
                raise EffectSyntax(f"{p}.set", "missing: the cost this card has in your hand, e.g. set: 3")
            return Directive(op, target=parse_target("this", f"{p}.target"),
                             amount=_int(d["set"], f"{p}.set", 0), mode="set")
        if isinstance(val, dict) and "set" in val:
            raise EffectSyntax(f"{p}.set", "set: N is this card's own cost (target: this); others add: N")
        d = _map(val, p, ("target", "add"))
        t = parse_target({"side": "you", "zone": "hand", "mode": "all", **_selection(d.get("target"), f"{p}.target")},
                         f"{p}.target")
        return Directive(op, target=t, amount=_signed(d.get("add"), f"{p}.add", limit=MAX_COUNT), mode="add")
    if shape == "reduction":  # CR 2-7: reduction symbols added to the cards it names
        d = _map(val, p, ("target", "add"))
        t = parse_target({"side": "you", "zone": "hand", "mode": "all", **_selection(d.get("target"), f"{p}.target")},
                         f"{p}.target")
        if "add" not in d:
            raise EffectSyntax(f"{p}.add", "missing: the reduction symbols added, e.g. [red]")
        items = d["add"] if isinstance(d["add"], list) else [d["add"]]
        for i, c in enumerate(items):
            _choice(c, f"{p}.add[{i}]", COLORS)
        return Directive(op, target=t, colors=tuple(items))
    if shape == "symbol":  # "treat it as having two red symbols" (set), "it gains a green symbol" (add) (CR 8-8)
        d = _map(val, p, ("target", "add", "set", "duration"))
        if ("add" in d) == ("set" in d):
            raise EffectSyntax(p, "give exactly one of add or set")
        mode = "add" if "add" in d else "set"
        colors = _colors(d[mode], f"{p}.{mode}")
        if not colors or len(colors) > MAX_SYMBOLS:
            raise EffectSyntax(f"{p}.{mode}", f"expected 1 to {MAX_SYMBOLS} symbol colours, e.g. [red, red]")
        t = parse_target(d.get("target", "this"), f"{p}.target")
        if t.ref is None and t.symbols is not None:
            raise EffectSyntax(f"{p}.target.symbols", "symbols changed on the cards with so many symbols: "
                                                      "their number is what it changes")
        return Directive(op, target=t, mode=mode, colors=colors,
                         duration=_choice(d.get("duration", "turn"), f"{p}.duration", DURATIONS))
    if shape == "lose":  # "all nexuses lose their LV1 effects and cannot regain them" (docs/saga-rulings.md)
        d = _map(val, p, ("target", "level"))
        if "target" not in d:
            raise EffectSyntax(f"{p}.target", "missing: the nexuses that lose their effects")
        t = parse_target(d["target"], f"{p}.target")
        if t.ref is not None or t.type != "nexus" or t.mode != "all" or t.zone != "field":
            raise EffectSyntax(f"{p}.target", "all of some field nexuses ({type: nexus, all: true, ...})")
        if t.bp_max is not None or t.bp_min is not None or t.keyword is not None or t.keywords:
            raise EffectSyntax(f"{p}.target", "the nexuses that lose their effects are not told by BP or keywords")
        return Directive(op, target=t, level=_int(d["level"], f"{p}.level", 1) if "level" in d else None)
    if shape == "during":  # "during this turn, when 1 of your Dragon spirits destroys ..., draw a card"
        d = _map(val, p, ("duration", "trigger", "watch", "target", "do"))
        trig = _choice(d.get("trigger"), f"{p}.trigger", DURING_TRIGGERS)
        watch = None
        if "watch" in d:
            _map(d["watch"], f"{p}.watch", _WATCH_KEYS)
            watch = parse_target({"type": "spirit", **d["watch"]}, f"{p}.watch")
        target = None
        if "target" in d:  # "when that spirit ...": only the cards selected before
            if d["target"] != "it":
                raise EffectSyntax(f"{p}.target", "only 'it' (the cards selected before) narrows what it waits for")
            target = parse_target("it", f"{p}.target")
        do = d.get("do")
        if not isinstance(do, list) or not do:
            raise EffectSyntax(f"{p}.do", "list the directives performed each time it triggers")
        _directives(do, f"{p}.do")
        inner = tuple(parse_directive(x, f"{p}.do[{i}]", make_token=make_token) for i, x in enumerate(do))
        for i, x in enumerate(inner):
            if x.op in ("later", "during", "substitute", "pay_cores", "pay_soul", "cores_onto_this") \
                    or x.op in CONSTANT_OPS or x.after or x.must \
                    or (x.target is not None and x.target.ref == "it") or (x.if_done and i == 0):
                raise EffectSyntax(f"{p}.do[{i}]", f"'{x.op}' as written is not something it can do when it "
                                                   "triggers ('it' there is the trigger card: write trigger)")
        return Directive(op, trigger=trig, by=watch, target=target, instead=inner,
                         duration=_choice(d.get("duration", "turn"), f"{p}.duration", ("turn", "battle")))
    if shape == "later":  # "destroy this spirit when the battle ends", "at the end of this turn, ..."
        d = _map(val, p, ("at", "do"))
        at = _choice(d.get("at"), f"{p}.at", LATER)
        do = d.get("do")
        if not isinstance(do, list) or not do:
            raise EffectSyntax(f"{p}.do", "list the directives performed later")
        _directives(do, f"{p}.do")
        later = tuple(parse_directive(x, f"{p}.do[{i}]", make_token=make_token) for i, x in enumerate(do))
        for i, x in enumerate(later):
            if x.op in ("later", "select") or (x.target is not None and x.target.ref == "it"):
                raise EffectSyntax(f"{p}.do[{i}]", "what happens later names its cards itself: no select, 'it' or "
                                                   "later in it")
            if x.if_done and i == 0:
                raise EffectSyntax(f"{p}.do[{i}]", "if_done follows another directive ('if you do, ...')")
            if x.op in CONSTANT_OPS or x.op in ("substitute", "pay_cores", "pay_soul", "cores_onto_this") or x.after \
                    or x.must:
                raise EffectSyntax(f"{p}.do[{i}]", f"'{x.op}' is not something that happens later")
        return Directive(op, at=at, instead=later)
    if shape == "substitute":
        d = _map(val, p, ("event", "target", "by_opponent", "by_effect", "instead"))
        instead = d.get("instead")
        if not isinstance(instead, list) or not instead:
            raise EffectSyntax(f"{p}.instead", "list the directives performed instead")
        _directives(instead, f"{p}.instead")
        event = _choice(d.get("event", "destroyed"), f"{p}.event", ("destroyed", "trash"))
        if event == "trash" and instead != [{"exhaust": "this"}]:  # ruling P21: its one cost, then into the hand
            raise EffectSyntax(f"{p}.instead", "a destroyed card put into the hand instead of the trash costs "
                                               "[{exhaust: this}]")
        return Directive(op, event=event,
                         target=parse_target(d.get("target", "this"), f"{p}.target"),
                         by_opponent=_bool(d.get("by_opponent", False), f"{p}.by_opponent"),
                         by_effect=_bool(d.get("by_effect", False), f"{p}.by_effect"),
                         instead=tuple(parse_directive(x, f"{p}.instead[{i}]") for i, x in enumerate(instead)))
    raise AssertionError(op)


_EFFECT_KEYS = ("kind", "do", "levels", "trigger", "step", "whose", "timing", "condition", "optional", "cost",
                "chain", "x_max", "manual", "text", "then_use", "watch", "limit", "count")
_WATCH_KEYS = ("type", "bp_max", "bp_min", "cost_max", "cost_min", "level_max", "colors", "family", "families",
               "exhausted", "keyword", "other", "name_has", "costs", "token", "soul_core", "cores_min", "cores_max",
               "symbols", "no_effects", "not_colors", "has_effect", "or_this", "no_keyword")


def parse_effect(v, f, *, card_type: str, make_token=None) -> Effect:
    d = _map(v, f, _EFFECT_KEYS)
    kind = _choice(d.get("kind"), f"{f}.kind", KINDS)
    manual = _bool(d.get("manual", False), f"{f}.manual")
    kw: dict = {"kind": kind, "manual": manual}
    if "text" in d:
        if not isinstance(d["text"], str) or not d["text"].strip():
            raise EffectSyntax(f"{f}.text", "expected the effect's text")
        kw["text"] = d["text"]
    if manual:
        if "text" not in kw:
            raise EffectSyntax(f"{f}.text", "a manual effect needs its text: players resolve it by hand")
    elif "text" in kw:
        raise EffectSyntax(f"{f}.text", "only manual effects carry text; the text of automated effects is generated")
    if "levels" in d:
        kw["levels"] = _levels(d["levels"], f"{f}.levels")
    if kind in ("triggered", "burst"):
        trig = _choice(d.get("trigger"), f"{f}.trigger", BURST_TRIGGERS if kind == "burst" else ALL_TRIGGERS)
        kw["trigger"] = trig
        if trig == "start_of_step":
            kw["step"] = _choice(d.get("step"), f"{f}.step", STEPS)
        if trig in ("start_of_step", "end_of_turn", "burst_set"):
            kw["whose"] = _choice(d.get("whose", "you"), f"{f}.whose", WHOSE)
        elif "whose" in d:
            raise EffectSyntax(f"{f}.whose", "only start_of_step, end_of_turn and burst_set say whose")
        if trig == "cores_reach":  # STD 13-1-1: "when this card has N or more cores"
            if "count" not in d:
                raise EffectSyntax(f"{f}.count", "missing: the number of cores that triggers it (cores_reach)")
            kw["reach"] = _int(d["count"], f"{f}.count", 1)
        elif trig == "opponent_effect_mills_you" and "count" in d:  # "discards N or more cards" (ruling R-5)
            kw["reach"] = _int(d["count"], f"{f}.count", 1)
        if "watch" in d:
            if trig not in WATCH_TRIGGERS or kind != "triggered":
                raise EffectSyntax(f"{f}.watch", f"only triggered effects on {', '.join(WATCH_TRIGGERS)} watch "
                                                 "other cards")
            # which spirits, not whose: the trigger says whose; a level only where the watched spirit is read on the
            # field as the event happens (its destruction confirmed, CR 10-1-3-3)
            _map(d["watch"], f"{f}.watch", _WATCH_KEYS + (("level_min",) if trig in LEVEL_WATCH_TRIGGERS else ()))
            kind_of = "magic" if trig in MAGIC_TRIGGERS else "nexus" if trig in NEXUS_TRIGGERS else "spirit"
            if trig in ANY_CARD_TRIGGERS:  # a spirit or a magic card: filters that both have
                kind_of = "any"
                if d["watch"].get("type", "any") != "any" or any(k in d["watch"] for k in (
                        "bp_max", "bp_min", "level_max", "exhausted", "soul_core", "cores_min", "cores_max")):
                    raise EffectSyntax(f"{f}.watch", f"{trig} watches spirits and magic cards alike: filters a magic "
                                                     "card has too (cost, colors, family, name_has, ...)")
            kw["watch"] = parse_target({"type": kind_of, **d["watch"]}, f"{f}.watch")
    elif "watch" in d:
        raise EffectSyntax(f"{f}.watch", "only triggered effects watch other cards")
    if "count" in d and kw.get("trigger") not in ("cores_reach", "opponent_effect_mills_you"):
        raise EffectSyntax(f"{f}.count", "only a cores_reach or opponent_effect_mills_you trigger takes a count")
    if "limit" in d:  # STD 12-3: 〔Once per turn〕, 〔Unstackable〕
        subst = kind == "constant" and isinstance(d.get("do"), list) and len(d["do"]) == 1 and \
            isinstance(d["do"][0], dict) and "substitute" in d["do"][0]
        if subst and d["limit"] != "once_per_turn":  # "once per turn, when ... would be destroyed" (ruling P20)
            raise EffectSyntax(f"{f}.limit", "a substitution is limited once_per_turn only")
        if kind not in ("triggered", "activated") and not subst:
            raise EffectSyntax(f"{f}.limit", f"only triggered and activated effects are limited (STD 12-3), not "
                                             f"{kind} effects")
        if manual:
            raise EffectSyntax(f"{f}.limit", "a manual effect's text says its limit; the engine does not count it")
        kw["limit"] = _choice(d["limit"], f"{f}.limit", LIMITS)
        if kw["limit"] == "first_time" and (kind != "triggered" or kw.get("trigger") not in FIRST_TIME_TRIGGERS):
            raise EffectSyntax(f"{f}.limit", "first_time limits a triggered effect on "
                                             f"{', '.join(FIRST_TIME_TRIGGERS)} (the events the game counts)")
    if "trigger" in d and kind not in ("triggered", "burst"):
        raise EffectSyntax(f"{f}.trigger", f"only triggered effects and bursts have a trigger, not {kind} effects")
    if kind in ("activated", "magic"):
        t = d.get("timing")
        items = t if isinstance(t, list) else [t]
        for i, x in enumerate(items):
            _choice(x, f"{f}.timing", ("main", "flash"))
        kw["timing"] = frozenset(items)
    elif "timing" in d:
        raise EffectSyntax(f"{f}.timing", "only activated and magic effects have a timing")
    if kind == "magic" and card_type != "magic":
        raise EffectSyntax(f"{f}.kind", "magic effects belong to magic cards (CR 8-1-6)")
    if card_type == "magic" and kind not in ("magic", "burst") and not (kind == "constant" and _own_cost_only(d)) \
            and not (kind == "triggered" and d.get("trigger") in TRASH_TRIGGERS):
        raise EffectSyntax(f"{f}.kind", "a magic card's effects are magic effects or bursts (or a constant effect "
                                        "saying only its own cost in the hand: {cost: {target: this, set: N}})")
    if "condition" in d:
        kw["condition"] = parse_condition(d["condition"], f"{f}.condition")
    if "optional" in d:
        kw["optional"] = _bool(d["optional"], f"{f}.optional")
    if "x_max" in d:
        kw["x_max"] = _int(d["x_max"], f"{f}.x_max", 1)
    if "then_use" in d:  # CR 10-9: "after this burst resolves, you may pay this card's cost to use its [Flash] effect"
        if kind != "burst" or card_type != "magic":
            raise EffectSyntax(f"{f}.then_use", "only a magic card's burst may go on to use its main/flash effect")
        kw["then_use"] = _choice(d["then_use"], f"{f}.then_use", ("main", "flash"))
    if kind == "activated" and "cost" not in d and not manual:
        # every activated effect in this vocabulary has a cost, so it cannot be repeated without end (CR 12-1)
        raise EffectSyntax(f"{f}.cost", "an activated effect needs a cost (e.g. [{exhaust: this}] or [{pay_cores: 1}])")
    if "cost" in d:
        cost = d["cost"]
        if not isinstance(cost, list) or not cost:
            raise EffectSyntax(f"{f}.cost", "expected a list of directives")
        _directives(cost, f"{f}.cost")
        kw["cost"] = tuple(parse_directive(x, f"{f}.cost[{i}]") for i, x in enumerate(cost))
        for i, c in enumerate(kw["cost"]):
            if c.op not in COST_OPS:
                raise EffectSyntax(f"{f}.cost[{i}]", f"an effect cost may only {', '.join(COST_OPS)}")
            if c.mode == "up_to" or (c.target is not None and c.target.ref == "changed"):  # (Other-3, Other-9)
                raise EffectSyntax(f"{f}.cost[{i}]", "a cost is paid whole (CR 8-4-2-3) and names your own cards: no "
                                                     "up_to, no 'changed'")
            if (c.may or c.if_done or c.after or c.must or c.quiet or c.cond is not None or c.per is not None
                    or (c.keep is not None and c.target.ref != "this")  # all but N: only of this card (Keep-1)
                    or (c.target is not None and c.target.per is not None)
                    or (c.op == "discard" and c.mode == "any_number")):
                raise EffectSyntax(f"{f}.cost[{i}]", "a cost is paid whole or not at all (CR 8-4-2-3): no may, if, "
                                                     "if_done or for_each in it")
            if (c.target is not None and (c.target.side == "each" or c.target.ref == "it" or (
                    c.op in ("destroy", "to_deck_bottom") and c.target.ref is None and c.target.side != "you"))) or (
                    c.op == "discard" and c.side not in (None, "you")) or (c.op == "mill" and c.side != "you"):
                raise EffectSyntax(f"{f}.cost[{i}]", "a cost names your own cards (this, or a selection of yours)")
            if c.op == "to_deck_bottom" and c.target.ref is None and c.target.zone != "field":
                raise EffectSyntax(f"{f}.cost[{i}]", "a to_deck_bottom cost returns your field cards (zone: field)")
            if c.op == "cores_onto_this" and card_type != "spirit":
                raise EffectSyntax(f"{f}.cost[{i}].cores_onto_this", "cores move onto this spirit: a spirit card's cost")
            if c.op == "pay_soul" and c.target is not None and card_type == "magic":
                raise EffectSyntax(f"{f}.cost[{i}].pay_soul", "a magic card is not on the field: no soul core on it")
    if not manual:
        do = d.get("do")
        if not isinstance(do, list) or not do:
            raise EffectSyntax(f"{f}.do", "list what the effect does, e.g. [{draw: 1}]")
        _directives(do, f"{f}.do")
        kw["do"] = tuple(parse_directive(x, f"{f}.do[{i}]", make_token=make_token) for i, x in enumerate(do))
        _refuse_silent(kw["do"], f"{f}.do", card_type, kind)
        _refuse_unknown_bp(kw["do"], f"{f}.do", kw.get("trigger"), kind)
        subs = [x for x in kw["do"] if x.op == "substitute"]
        if subs and kind != "constant":
            raise EffectSyntax(f"{f}.kind", "substitution effects are constant effects (CR 8-2-2-2-2)")
        for i, x in enumerate(kw["do"]):
            if x.op in CONSTANT_OPS and kind != "constant":
                raise EffectSyntax(f"{f}.do[{i}]", f"'{x.op}' changes cards while its card is on the field: it belongs "
                                                   "to a constant effect")
            if kind == "constant" and x.op not in STANDING_OPS:
                raise EffectSyntax(f"{f}.do[{i}].{x.op}", f"'{x.op}' happens once: a constant effect only changes "
                                   f"what holds while it is active ({', '.join(STANDING_OPS)}, CR 8-1-4); give it "
                                   "a trigger or a timing")
            if x.op == "restrict" and x.cannot == "be_discarded" and kind != "constant":  # a hand changes: constant
                raise EffectSyntax(f"{f}.do[{i}].restrict", "be_discarded keeps the cards in a hand while the effect is "
                                                            "active: constant effects only")
            if x.op == "restrict" and x.amount is not None and kind != "constant":
                raise EffectSyntax(f"{f}.do[{i}].restrict.unless_pay", "an attack's cost holds while a constant "
                                                                       "effect is active: kind: constant")
            if kind == "constant" and (x.may or x.if_done or x.after or x.must or x.cond is not None):
                raise EffectSyntax(f"{f}.do[{i}]", "a constant effect applies while it is active (CR 8-1-4): put "
                                                   "its 'if' in the effect's condition")
        if "chain" in d:
            chains = d["chain"]
            if isinstance(chains, list):  # several 【Chain】s, in order (Chain-1)
                if not chains or len(chains) > MAX_CHAINS:
                    raise EffectSyntax(f"{f}.chain", f"a list of 1 to {MAX_CHAINS} chains, each {{color, do}}")
                at = [(c, f"{f}.chain[{j}]") for j, c in enumerate(chains)]
            else:
                at = [(chains, f"{f}.chain")]
            parsed = []
            for ch, where in at:
                ch = _map(ch, where, ("color", "do"))
                color = _choice(ch.get("color"), f"{where}.color", COLORS)
                cdo = ch.get("do")
                if not isinstance(cdo, list) or not cdo:
                    raise EffectSyntax(f"{where}.do", "list what the chain does")
                _directives(cdo, f"{where}.do")
                directives = tuple(parse_directive(x, f"{where}.do[{i}]", make_token=make_token)
                                   for i, x in enumerate(cdo))
                _refuse_silent(directives, f"{where}.do", card_type, kind)
                _refuse_unknown_bp(directives, f"{where}.do", kw.get("trigger"), kind)
                parsed.append((color, directives))
            (kw["chain_color"], kw["chain"]), *more = parsed
            if more:
                kw["more_chains"] = tuple(more)
    elif "do" in d:
        raise EffectSyntax(f"{f}.do", "a manual effect has text, not directives")
    uses_x = _uses_x(kw.get("do", ()) + kw.get("cost", ()) + kw.get("chain", ())
                     + tuple(x for _, ds in kw.get("more_chains", ()) for x in ds))
    if uses_x and "x_max" not in kw:
        raise EffectSyntax(f"{f}.x_max", "an effect using X needs x_max (the largest X its controller may choose)")
    return Effect(**kw)


def _own_cost_only(d: dict) -> bool:
    """An effect whose directives only say its card's own cost in the hand ({cost: {target: this, set: N}}): what a
    magic card's constant effect may say, as it works from the hand (docs/saga-rulings.md, Costs: Own-1)."""
    do = d.get("do")
    return isinstance(do, list) and bool(do) and all(
        isinstance(x, dict) and isinstance(x.get("cost"), dict) and x["cost"].get("target") == "this" for x in do)


def _refuse_unknown_bp(directives, f: str, trigger, kind: str) -> None:
    """A target's bp_vs compares with a BP the effect knows: this card's (on the field, or its last BP there in a
    "When Destroyed" effect; not in Standard's "when depleted"), or the cards an earlier directive selected."""
    leaving = trigger == "when_depleted"  # (a "When Destroyed" effect keeps its card's last BP: ruling C-4)
    chose = False
    for i, x in enumerate(directives):
        vs = x.target.bp_vs if x.target is not None else None
        if vs is not None and vs[0] == "this" and leaving:
            raise EffectSyntax(f"{f}[{i}].{x.op}.bp_vs", "this card's BP is compared only while it is on the field: "
                                                        "not in an effect of its leaving it")
        cvs = x.target.cost_vs if x.target is not None else None
        if cvs is not None and ((cvs[0] == "it" and not chose) or (
                cvs[0] == "discarded_from_hand" and "discard" not in {y.op for y in directives[:i]})):
            raise EffectSyntax(f"{f}[{i}].{x.op}.cost_vs.of", "the card it names was not selected or discarded by an "
                                                             "earlier directive of this effect")
        if x.op != "recover" and x.target is not None and x.target.same_cost == "it" and not chose:
            raise EffectSyntax(f"{f}[{i}].{x.op}.same_cost", "'it' is the cards an earlier directive of this effect "
                                                            "selected; none did")
        if vs is not None and vs[0] == "it" and (not chose or kind == "constant"):
            raise EffectSyntax(f"{f}[{i}].{x.op}.bp_vs.of", "'it' is the cards an earlier directive of this effect "
                                                           "selected; none did")
        chose = chose or (x.target is not None and x.target.ref is None)
        counts = [c for c in (x.per, x.target.per if x.target is not None else None) if c is not None]
        for c in counts:  # a keyword's number on the card the trigger is about: a trigger about one (ruling C-10)
            if c.what == "keyword_value" and c.place == "trigger" and (
                    trigger not in WATCH_TRIGGERS or (x.target is not None and x.target.ref not in (None, "trigger"))):
                raise EffectSyntax(f"{f}[{i}].{x.op}", "a keyword's number on the trigger's card goes in an effect "
                                                       "triggered by one of several spirits, on that card")
        for c in counts:  # the cards "discarded this way" are those a directive before it discarded (ruling C-6)
            before = {y.op for y in directives[:i]}
            if (c.what == "discarded" and "mill" not in before) or (
                    c.what == "discarded_from_hand" and "discard" not in before) or (
                    c.what == "destroyed_symbols" and "destroy" not in before):
                raise EffectSyntax(f"{f}[{i}].{x.op}", f"a count of {c.what} cards before any directive of this "
                                                       "effect discarded (or destroyed) them")


def _refuse_silent(directives, f: str, card_type: str, kind: str) -> None:
    """Directives that would read as card text yet do nothing are refused when the card loads, naming the field."""
    selected = False  # an earlier directive selected cards "it" can refer to
    for i, d in enumerate(directives):
        where = f"{f}[{i}]"
        t = getattr(d, "target", None)
        if d.op == "link" and (t is None or t.ref not in ("this", "trigger", "attacker")):  # saga-rulings.md Link-8
            raise EffectSyntax(f"{where}.link", "link names the attacking spirit linked with: this, trigger or attacker")
        if d.op in ("pay_cores", "pay_soul", "cores_onto_this"):  # it would print "send ... to ..." and move none
            raise EffectSyntax(where, f"{d.op} is a cost (CR 8-4): put it under 'cost:', not 'do:'")
        if d.op == "summon" and t is not None and t.ref == "this" and (
                card_type == "magic" or kind != ("burst" if t.zone == "resolving" else "triggered")):
            raise EffectSyntax(f"{where}.summon.target", "only a spirit or nexus card's own triggered effect "
                                                         "summons it from the trash, its burst from the burst area "
                                                         "(Costs: Revive-1, Burst-1)")
        if card_type == "magic" and d.op in ("bp", "level", "grant", "symbol", "restrict") and t is not None and t.ref == "this":
            raise EffectSyntax(where, f"a magic card is not on the field: '{d.op}' needs a target other than 'this' "
                                      "(e.g. {side: you})")
        if t is not None and t.ref is None and t.zone == "deck":
            raise EffectSyntax(where, "cards in a deck are counted (for_each, count), never selected (CR 3-2-2)")
        if d.op == "bounce" and t is not None and t.ref is None and t.zone == "hand":
            raise EffectSyntax(where, "'bounce' returns cards to the hand; a card in the hand is there already")
        if t is not None and t.side == "each" and d.op not in _EACH_OPS:
            raise EffectSyntax(where, f"'{d.op}' does not act on field cards each player selects")
        if t is not None and t.ref == "it" and not selected:
            raise EffectSyntax(where, "'it' refers to the cards an earlier directive of this effect selected; none did")
        if t is not None and t.ref == "changed" and (i == 0 or directives[i - 1].op not in ("exhaust", "refresh")):
            raise EffectSyntax(f"{where}.{d.op}.target", "'changed' names the cards the directive just before it "
                                                          "(exhaust or refresh) changed; it follows one")
        if d.if_done and i == 0:
            raise EffectSyntax(where, "if_done follows another directive ('if you do, ...')")
        if d.after and i == 0:
            raise EffectSyntax(where, "after follows another directive ('after this effect resolves, ...', STD 5-19-3)")
        if d.must and d.op not in MUST_OPS:
            raise EffectSyntax(where, f"must goes with an action whose whole can be checked before the effect "
                                      f"({', '.join(MUST_OPS)}), not '{d.op}' (STD 5-19-5)")
        if d.must and (d.may or d.mode == "any_number" or t is not None and (
                t.mode != "exact" or t.ref is not None or t.count == "X" or t.per is not None)):
            raise EffectSyntax(where, "must asks for the whole of a fixed number of cards: not with may, up_to, all, "
                                      "X or a reference")
        if d.op == "select" and kind == "constant":
            raise EffectSyntax(where, "a constant effect names its cards by its target, not by selecting")
        if d.op == "grant" and d.family is not None and kind == "constant":  # (rules/bss/misc.py: resolved ones only)
            raise EffectSyntax(f"{where}.grant.family", "a spirit type is gained by a resolved effect, for a while: "
                                                        "not by a constant effect")
        if t is not None and t.ref is None or d.op == "token" and d.token_ref is not None:
            selected = True  # (a token named by name: "them" are the tokens it summoned, rules/bss/tokens.py)


# the actions `must` (STD 5-19-5) may go with: their whole is a number of cards there are, or not, before they act
MUST_OPS = ("discard", "draw", "mill", "destroy", "exhaust", "heavy_exhaust", "bounce", "remove_from_game",
            "to_deck_bottom", "to_deck_top")

# directives that act on field cards and so may let each player select their own (side: each)
_EACH_OPS = ("select", "destroy", "exhaust", "heavy_exhaust", "refresh", "bounce", "to_deck_bottom", "to_deck_top",
             "bp", "level",
             "core_charge", "core_remove", "grant", "restrict")


def _uses_x(directives) -> bool:
    for d in directives:
        if d.amount in ("X", "-X") or (d.target is not None and d.target.count == "X") or _uses_x(d.instead):
            return True
    return False


def uses_x(directives) -> bool:
    """Whether any of these directives reads X (CR 4-6)."""
    return _uses_x(directives)


# ------------------------------------------------------------------ writing back (exact inverse)


def target_to_dict(t: Target):
    if t.ref is not None:
        return t.ref
    out: dict = {}
    defaults = Target()
    for fld in fields(Target):
        val = getattr(t, fld.name)
        if fld.name in ("ref", "mode", "count") or val == getattr(defaults, fld.name):
            continue
        if fld.name == "alternative":  # its side is the target's
            out[fld.name] = {k: v for k, v in target_to_dict(val).items() if k != "side"}
            continue
        if fld.name in ("bp_vs", "cost_vs"):
            out[fld.name] = {"of": val[0], "cmp": val[1]}
            continue
        if fld.name == "per":  # "for each ..." (yaml for_each)
            out["for_each"] = count_to_dict(val)
            continue
        out[fld.name] = list(val) if isinstance(val, tuple) else val
    if t.mode == "exact":
        if t.count != 1:
            out["count"] = t.count
    elif t.mode == "up_to":
        out["up_to"] = t.count
    else:
        out[t.mode] = True
        if t.count != 1:
            out["count"] = t.count
    return out


def sided_target_to_dict(t: Target):
    """A filter whose reader takes a missing side as "you" (a condition's control, a keyword's condition): its side
    is always written, as "opponent" is Target's default and would otherwise be left out and read back as "you"."""
    out = target_to_dict(t)
    if isinstance(out, dict):
        out["side"] = t.side
    return out


def count_to_dict(c: Count) -> dict:
    if c.what in ("discarded", "discarded_from_hand"):
        t = target_to_dict(c.cards)
        for k in ("all", "side", "zone"):
            t.pop(k, None)
        return {c.what: {"type": c.cards.type, **t}}
    if c.what == "cards":
        t = target_to_dict(c.cards)
        t.pop("all", None)
        t["side"] = c.cards.side
        return {"cards": t}
    if c.what == "cores":
        return {"cores": "this" if c.place == "this" else {"side": c.side, "place": c.place}}
    if c.what in ("destroyed", "effect_draws", "destroyed_by_this"):
        return {c.what: {"side": c.side}}
    if c.what == "level":
        return {"level": "this"}
    if c.what == "cost":
        return {"cost": "it"}
    if c.what == "keyword_value":
        return {"keyword_value": {"keyword": c.keyword, "of": c.place}}
    if c.what == "destroyed_symbols":
        return {"destroyed_symbols": {}}
    out: dict = {"side": c.side}
    if c.colors:
        out["colors"] = list(c.colors)
    return {"symbols": out}


def condition_to_dict(c: Condition) -> dict:
    out: dict = {}
    for fld in fields(Condition):
        val = getattr(c, fld.name)
        if val != fld.default:
            out[fld.name] = (sided_target_to_dict(val) if fld.name == "control" else
                             count_to_dict(val) if fld.name == "count" else
                             {"cmp": val[0], "count": count_to_dict(val[1])} if fld.name == "count_vs" else
                             {k: v for k, v in target_to_dict(val).items() if k not in ("side", "type")}
                             | ({"type": val.type} if val.type != "any" else {}) if fld.name == "it" else val)
    return out


def keyword_to_dict(k: Keyword):
    if k.name == "crush":
        val = k.value
    elif k.name in ("gale", "raid"):
        val = k.value
    elif k.name == "armor":
        val = list(k.colors)
    elif k.name in ("immortal", "ascend", "link"):
        val = sided_target_to_dict(k.condition)
    elif k.name == "astral":
        val = None if k.timing == "always" else k.timing
    else:
        val = None
    if (val is None or (k.name == "crush" and val == 0)) and not k.levels:
        return k.name
    out = {k.name: val}
    if k.name == "immortal" and k.timing != "always":
        out["timing"] = k.timing
    if k.levels:
        out["levels"] = list(k.levels)
    return out


def directive_to_dict(d: Directive, token_to_dict=None) -> dict:
    out = {d.op: _directive_value(d, token_to_dict)}
    if d.may:
        out["may"] = True
    if d.if_done:
        out["if_done"] = True
    if d.after:
        out["after"] = True
    if d.must:
        out["must"] = True
    if d.quiet:
        out["quiet"] = True
    if d.cond is not None:
        out["if"] = condition_to_dict(d.cond)
    return out


def _with_per(out: dict, d: Directive) -> dict:
    if d.per is not None:
        out["for_each"] = count_to_dict(d.per)
        if d.minus:
            out["minus"] = d.minus
        if d.most is not None:
            out["most"] = d.most
    return out


def _directive_value(d: Directive, token_to_dict):
    shape = ALL_OPS[d.op]
    if shape == "amount":
        if (d.per is None and d.player in (None, "opponent") and d.to in (None, "reserve")
                and d.side in (None, "you") and d.target is None and d.cores_from is None and d.keep is None
                and d.mode is None):
            return d.amount
        out = _with_per({"count": d.amount}, d)
        if d.op == "life_gain" and d.cores_from is not None:
            out["from"] = d.cores_from
        if d.op == "discard":
            if d.mode == "any_number":
                del out["count"]
                out["any_number"] = True
            if d.side not in (None, "you"):
                out["side"] = d.side
            if d.target is not None:  # its type always written unless "any": `of` reads a missing type as any card
                of = {k: v for k, v in target_to_dict(d.target).items() if k not in ("zone", "side", "type")}
                out["of"] = of if d.target.type == "any" else {"type": d.target.type, **of}
        if d.op == "life_damage":
            out["player"] = d.player
            if d.to == "trash":
                out["to"] = "trash"
        if d.op == "core_gain" and d.to != "reserve":
            out["to"] = d.to
        if d.op == "draw":
            if d.keep is not None and d.per is not None:  # ruling C-8
                out = {"until_as": count_to_dict(d.per)}
            elif d.keep is not None:
                out = {"until": d.keep}
            if d.side not in (None, "you"):
                out["side"] = d.side
        if d.op == "core_gain" and d.cores_from == "trash":
            out["from"] = "trash"
            if d.no_soul:
                out["soul_core"] = False
        return out
    if shape == "target":
        if d.op == "to_deck_top" and d.side == "owner":
            return {"target": target_to_dict(d.target), "or_bottom": "owner"}
        return target_to_dict(d.target)
    if shape == "pay_soul":
        return "this" if d.target is not None else "you"
    if shape == "mill":
        return _with_per({"count": d.amount, "side": d.side}, d)
    if shape == "stat":
        out = {"target": target_to_dict(d.target), d.mode: d.amount, "duration": d.duration}
        if d.level is not None:
            out["level"] = d.level
        return _with_per(out, d)
    if shape == "cores":
        out = {"target": target_to_dict(d.target), "count": d.amount}
        if d.keep is not None:
            out = {"target": target_to_dict(d.target), "keep": d.keep}
        if d.mode == "up_to":
            out = {"target": target_to_dict(d.target), "up_to": d.amount}
        if d.op == "core_remove":
            out["to"] = d.to
        if d.op == "core_charge" and d.cores_from == "trash":
            out["from"] = "trash"
            if d.no_soul:
                out["soul_core"] = False
        return _with_per(out, d)
    if shape == "token":
        out = {"ref": d.token_ref} if d.token_ref is not None else token_to_dict(d.token)
        out = {**out, "count": d.amount}
        if d.token_exhausted:
            out["exhausted"] = True
        return out
    if shape == "search":
        take = target_to_dict(d.target)
        take = {"type": d.target.type, **{k: v for k, v in take.items() if k not in ("zone", "side", "type")}}
        if d.target.mode == "exact":
            take["count"] = d.target.count
        out = {"look": d.look, "take": take, "rest": d.to}
        if not d.reveal:
            out["reveal"] = False
        if d.into == "field":
            out["to"], out["cores"] = "field", d.cores_from
        elif d.into != "hand":
            out["to"] = d.into
        if d.look_instead is not None:
            out["instead"] = {"if": condition_to_dict(d.look_instead[0]), "look": d.look_instead[1]}
        return _with_per(out, d)
    if shape == "summon" and d.target.ref == "this":
        return {"target": "this", **({"from": "burst"} if d.target.zone == "resolving" else {}), "cores": d.cores_from,
                **({"exhausted": True} if d.exhausted else {})}
    if shape == "summon":
        t = {k: v for k, v in target_to_dict(d.target).items() if k != "side"}
        t["zone"] = d.target.zone
        out = {"target": t, "pay": "reserve" if d.cores_from == "reserve" else True} if d.paid else \
            {"target": t, "cores": d.cores_from}
        if d.exhausted:
            out["exhausted"] = True
        if d.muted:
            out["muted"] = True
        return out
    if shape == "look":
        out = {"zone": d.to, "side": d.side}
        if d.look is not None:
            out["count"] = d.look
        return out
    if shape == "recover":  # its type defaults to "any", not Target's "spirit": always write it (and its side)
        t = sided_target_to_dict(d.target)
        if isinstance(t, str):  # a reference: "return it from your trash to your hand"
            return {"ref": t}
        out = {"type": d.target.type, **{k: v for k, v in t.items() if k not in ("zone", "type")}}
        if d.among is not None:
            out["among"] = d.among
        return out
    if shape == "grant":
        if d.family is not None:
            return {"target": target_to_dict(d.target), "family": d.family, "duration": d.duration}
        return {"target": target_to_dict(d.target), "keyword": keyword_to_dict(d.keyword), "duration": d.duration}
    if shape == "restrict":
        if d.cannot == "refresh_step":
            return {"target": target_to_dict(d.target), "cannot": d.cannot}
        out = {"target": target_to_dict(d.target), "cannot": d.cannot, "duration": d.duration}
        if d.cannot in PROTECTIONS:
            by = target_to_dict(d.by)
            by.pop("all", None)
            out["by"] = {**by, "type": d.by.type}  # (its type is read as any when left out)
        elif d.by is not None:
            out["by"] = target_to_dict(d.by)
        if d.amount is not None:
            out["unless_pay"] = d.amount
        return out
    if shape == "count_symbols":
        t = target_to_dict(d.target)
        t.pop("all", None)
        t["side"], t["zone"] = d.target.side, d.target.zone
        of = target_to_dict(d.by)
        if isinstance(of, dict):
            of.pop("all", None)
            of["side"] = d.by.side
        if d.mode in ("also", "gain"):  # docs/saga-rulings.md "Card names without quotation marks", N-2
            return {"target": t, "of": of, d.mode: list(d.colors)}
        return {"target": t, "of": of, "as": d.amount, **({"color": d.colors[0]} if d.colors else {})}
    if d.op == "cost_next":
        t = target_to_dict(d.target)
        for k, v in (("side", "you"), ("zone", "hand"), ("type", "magic")):
            if t.get(k) == v:
                del t[k]
        return {"target": t, "add": d.amount}
    if shape == "cost" and d.mode == "set":
        return {"target": "this", "set": d.amount}
    if shape == "cost" and d.mode == "full":
        return {"target": "this", "reduction": "full"}
    if shape == "allow":
        out = {"target": target_to_dict(d.target), "can": d.can, "duration": d.duration}
        if d.by is not None:
            out["by"] = target_to_dict(d.by)
        return out
    if shape in ("cost", "reduction"):
        t = target_to_dict(d.target)
        t.pop("all", None)
        t["side"], t["zone"] = d.target.side, d.target.zone
        return {"target": t, "add": d.amount if shape == "cost" else list(d.colors)}
    if shape == "symbol":
        return {"target": target_to_dict(d.target), d.mode: list(d.colors), "duration": d.duration}
    if shape == "lose":
        return {"target": target_to_dict(d.target), **({"level": d.level} if d.level is not None else {})}
    if shape == "flag":
        return True
    if shape == "later":
        return {"at": d.at, "do": [directive_to_dict(x, token_to_dict) for x in d.instead]}
    if shape == "during":
        out = {"duration": d.duration, "trigger": d.trigger}
        if d.by is not None:
            w = target_to_dict(d.by)
            w.pop("type", None)
            out["watch"] = w
        if d.target is not None:
            out["target"] = "it"
        out["do"] = [directive_to_dict(x, token_to_dict) for x in d.instead]
        return out
    if shape == "substitute":
        return {"event": d.event, "target": target_to_dict(d.target), "by_opponent": d.by_opponent,
                **({"by_effect": True} if d.by_effect else {}),
                "instead": [directive_to_dict(x, token_to_dict) for x in d.instead]}
    raise AssertionError(d.op)


def effect_to_dict(e: Effect, token_to_dict=None) -> dict:
    out: dict = {"kind": e.kind}
    if e.levels:
        out["levels"] = list(e.levels)
    if e.trigger:
        out["trigger"] = e.trigger
    if e.step:
        out["step"] = e.step
    if e.whose:
        out["whose"] = e.whose
    if e.reach is not None:
        out["count"] = e.reach
    if e.watch is not None:
        out["watch"] = target_to_dict(e.watch)
    if e.limit is not None:
        out["limit"] = e.limit
    if e.timing:
        out["timing"] = sorted(e.timing)
    if e.condition is not None:
        out["condition"] = condition_to_dict(e.condition)
    if e.optional:
        out["optional"] = True
    if e.x_max is not None:
        out["x_max"] = e.x_max
    if e.cost:
        out["cost"] = [directive_to_dict(x, token_to_dict) for x in e.cost]
    if e.manual:
        out["manual"] = True
        out["text"] = e.text
    else:
        out["do"] = [directive_to_dict(x, token_to_dict) for x in e.do]
    if e.chain_color:
        out["chain"] = {"color": e.chain_color, "do": [directive_to_dict(x, token_to_dict) for x in e.chain]}
        if e.more_chains:
            out["chain"] = [out["chain"], *({"color": c, "do": [directive_to_dict(x, token_to_dict) for x in ds]}
                                            for c, ds in e.more_chains)]
    if e.then_use:
        out["then_use"] = e.then_use
    return out
