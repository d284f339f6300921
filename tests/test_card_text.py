"""Card text generated from effect data (bss_desktop/carddb/card_text.py).

Two kinds of checks: exact strings for representative effects, and walks over
the whole vocabulary of carddb/effects.py (every op, trigger, keyword, Target
field and Condition field) that each word gets wording of its own.
"""
from __future__ import annotations

import re
import textwrap
from dataclasses import fields, replace

import pytest
import yaml

from bss_desktop.carddb.card_text import card_text, condition_text, effect_text, keyword_text, target_text
from bss_desktop.carddb.cards import CardDef, Level
from bss_desktop.carddb.database import load_default_db
from bss_desktop.carddb.effects import (
    ASTRAL_TIMINGS, BURST_TRIGGERS, CONSTANT_OPS, COST_OPS, DURATIONS, KEYWORDS, MODES, OPS, REFS, STEPS, TRIGGERS,
    WHOSE, Condition, Count, Directive, Effect, Keyword, Target,
)
from bss_desktop.carddb.schema import card_from_dict

SPIRIT = CardDef(id="TX-1", name="Text Dragon", type="spirit", colors=("red",), cost=3, symbols=(("red",),),
                 families=("Dragon",), levels=(Level(1, 1, 3000), Level(2, 3, 5000), Level(3, 5, 7000)))
NEXUS = replace(SPIRIT, id="TX-2", type="nexus", levels=(Level(1, 0), Level(2, 2)))
MAGIC = replace(SPIRIT, id="TX-3", type="magic", levels=(), magic_timing=frozenset({"flash"}))
TOKEN = CardDef(id="TX-1-TK1", name="Ember Drake", type="spirit", colors=("red",), cost=0, symbols=(("red",),),
                families=("Dragon",), levels=(Level(1, 1, 2000),), token=True)

BAD = re.compile(r"None|True|False|[{}]|\(\)|\[\]|\[LV\]|_|\s\s|'[a-z]+'|\bNone\b|<|object at")


def clean(text: str) -> str:
    """The text is non-empty wording: no Python reprs, no snake_case words, no doubled spaces."""
    assert text and text.strip() == text, repr(text)
    m = BAD.search(text)
    assert m is None, f"{m.group(0)!r} in {text!r}"
    # apostrophes only in possessives ("opponent's", "owners'"), never as quotes around a value
    for m in re.finditer("'", text):
        before, after = text[m.start() - 1:m.start()], text[m.end():m.end() + 1]
        assert before.isalpha() and (after in ("s", " ") ), f"stray quote in {text!r}"
    return text


def card(yaml_text: str) -> CardDef:
    return card_from_dict(yaml.safe_load(textwrap.dedent(yaml_text)))


def one_effect(effect_yaml: str, *, type_="spirit", timing="") -> str:
    base = {"spirit": "levels: [{level: 1, cores: 1, bp: 3000}, {level: 2, cores: 3, bp: 5000}, "
                      "{level: 3, cores: 5, bp: 7000}]",
            "nexus": "levels: [{level: 1, cores: 0}, {level: 2, cores: 2}]",
            "magic": f"timing: [{timing or 'main'}]"}[type_]
    c = card(f"""
        id: TX-9
        name: Sample
        type: {type_}
        colors: [red]
        cost: 3
        {base}
        effects:
          - {effect_yaml}
        """)
    return effect_text(c.effects[0], c)


# ---------------------------------------------------------------- exact strings

EXACT = [
    ("{kind: triggered, trigger: when_attacks, levels: [2, 3], do: [{destroy: {bp_max: 4000}}], "
     "chain: {color: red, do: [{core_charge: {count: 1}}]}}",
     "[LV2][LV3] (When Attacks) Destroy 1 opponent's spirit with 4000 BP or less. "
     "【Chain: Red】 Put 1 core from the void on this spirit."),
    ("{kind: triggered, trigger: when_summoned, optional: true, do: [{draw: 1}]}",
     "(When Summoned) You may draw 1 card."),
    ("{kind: triggered, trigger: start_of_step, step: main, whose: opponent, levels: [1], "
     "do: [{refresh: {side: you, all: true}}]}",
     "[LV1] (Start of your opponent's main step) Refresh all your spirits."),
    ("{kind: constant, condition: {attacking: true}, do: [{bp: {add: 3000}}]}",
     "Constant: while attacking, this spirit gets +3000 BP."),
    ("{kind: constant, do: [{substitute: {by_opponent: true, instead: [{core_remove: {count: 2}}]}}]}",
     "Constant: When this spirit would be destroyed by your opponent, instead send 2 cores from it "
     "to its owner's reserve."),
    ("{kind: triggered, trigger: when_summoned, cost: [{pay_cores: 1}], do: [{draw: 2}]}",
     "(When Summoned) You may send 1 core from your reserve to your trash to draw 2 cards."),
    ("{kind: triggered, trigger: when_attacks, x_max: 3, do: [{exhaust: {up_to: X, side: opponent}}]}",
     "(When Attacks) Choose X (up to 3). Exhaust up to X opponent's spirits."),
    ("{kind: triggered, trigger: when_blocks, do: [{bounce: {up_to: 2, cost_max: 4}}]}",
     "(When Blocks) Return up to 2 opponent's spirits with cost 4 or less to their owners' hands."),
    ("{kind: triggered, trigger: end_of_turn, do: [{bp: {target: {side: you, all: true, family: Dragon}, "
     "add: 2000, duration: turn}}]}",
     "(End of your turn) All your Dragon spirits get +2000 BP this turn."),
    ("{kind: triggered, trigger: when_attacks, do: [{destroy: {exhausted: true, cost_max: 3}}]}",
     "(When Attacks) Destroy 1 opponent's exhausted spirit with cost 3 or less."),
    ("{kind: triggered, trigger: when_summoned, levels: [2], do: [{token: {name: Ember Drake, colors: [red], "
     "families: [Dragon], bp: 2000, symbols: [red]}}]}",
     "[LV2] (When Summoned) Summon 1 Ember Drake token "
     "(Token spirit/Red/0 Cost/Dragon/LV1①/BP2000/1 Red Symbol)."),
    ("{kind: activated, timing: [flash], cost: [{pay_cores: 2}], do: [{destroy: {side: opponent, bp_max: 3000}}]}",
     "Flash: You may send 2 cores from your reserve to your trash to destroy 1 opponent's spirit with 3000 BP "
     "or less."),
    ("{kind: activated, timing: [main, flash], cost: [{exhaust: this}], do: [{grant: {keyword: {crush: 1}}}]}",
     "Main/Flash: You may exhaust this spirit to have this spirit gain 【Crush: +1】 this turn."),
    ("{kind: triggered, trigger: when_destroyed_by_opponent, do: [{life_damage: 1}, {mill: {count: 3}}]}",
     "(When Destroyed by Opponent) Send 1 core from your opponent's life to their reserve. "
     "Discard 3 cards from the top of your opponent's deck."),
    ("{kind: triggered, trigger: when_summoned, do: [{search: {look: 3, take: {type: any, family: Dragon}}}]}",
     "(When Summoned) Reveal the top 3 cards of your deck, add up to 1 Dragon card from among them to your "
     "hand and put the rest on the bottom of your deck in any order."),
    ("{kind: triggered, trigger: when_battle_ends, condition: {life_max: 3}, "
     "do: [{restrict: {target: {side: opponent, all: true}, cannot: attack, duration: turn}}]}",
     "(When Battle Ends) If your life is 3 or less, all your opponent's spirits cannot attack this turn."),
    ("{kind: constant, levels: [2, 3], condition: {control: {side: you, type: nexus}, control_min: 2}, "
     "do: [{level: {target: {side: opponent, all: true}, set: 1}}]}",
     "[LV2][LV3] Constant: while you control 2 or more nexuses, all your opponent's spirits are treated as LV1."),
    ("{kind: triggered, trigger: opponent_summons, do: [{to_deck_bottom: trigger}]}",
     "(When your opponent summons a spirit) Put that spirit on the bottom of its owner's deck."),
]


@pytest.mark.parametrize("effect,expected", EXACT)
def test_exact_text_of_representative_effects(effect, expected):
    assert clean(one_effect(effect)) == expected


def test_exact_text_of_magic_and_burst_effects():
    assert one_effect("{kind: magic, do: [{destroy: {bp_max: 3000}}]}", type_="magic", timing="flash") == \
        "Flash: Destroy 1 opponent's spirit with 3000 BP or less."
    assert one_effect("{kind: magic, do: [{draw: 2}]}", type_="magic", timing="main, flash") == \
        "Main/Flash: Draw 2 cards."
    assert one_effect("{kind: burst, trigger: life_reduced, do: [{life_gain: 1}]}", type_="magic") == \
        "Burst (after your life is reduced): Put 1 core from the void into your life."
    assert one_effect("{kind: burst, trigger: opponent_summons, do: [{destroy: trigger}]}", type_="magic") == \
        "Burst (after your opponent's summoning): Destroy that spirit."


def test_exact_text_of_a_nexus_effect():
    assert one_effect("{kind: triggered, trigger: when_placed, do: [{draw: 1}]}", type_="nexus") == \
        "(When Placed) Draw 1 card."
    assert one_effect("{kind: activated, timing: [main], cost: [{exhaust: this}], do: [{core_charge: "
                      "{target: {side: you}}}]}", type_="nexus") == \
        "Main: You may exhaust this nexus to put 1 core from the void on 1 of your spirits."


def test_keyword_text_examples():
    assert keyword_text(Keyword("armor", colors=("blue", "white"))) == "【Armor: Blue/White】"
    assert keyword_text(Keyword("crush", value=1)) == "【Crush: +1】"
    assert keyword_text(Keyword("crush", value=0)) == "【Crush】"  # CR 11-11-3
    assert keyword_text(Keyword("immortal", condition=Target(family="Dragon"))) == "【Immortal: Dragon】"
    assert keyword_text(Keyword("ascend", condition=Target(colors=("red",)))) == "【Ascend: Red】"
    assert keyword_text(Keyword("astral", timing="opponent_turn")) == "【Astral: During Opponent's Turn】"
    assert keyword_text(Keyword("astral", timing="your_turn")) == "【Astral: During Your Turn】"
    assert keyword_text(Keyword("astral")) == "【Astral】"  # CR 11-14-2: always active
    assert keyword_text(Keyword("at_field")) == "【A.T. Field】"
    assert keyword_text(Keyword("gale", value=2)) == "【Gale: 2】"
    assert keyword_text(Keyword("raid", value=1)) == "【Raid: 1】"


def test_card_text_puts_keywords_first_then_effects_in_printed_order():
    c = card("""
        id: TX-10
        name: Order
        type: spirit
        colors: [red]
        cost: 4
        levels: [{level: 1, cores: 1, bp: 4000}, {level: 2, cores: 3, bp: 6000}]
        keywords: [{crush: 1, levels: [2]}, confront]
        effects:
          - {kind: triggered, trigger: when_summoned, do: [{draw: 1}]}
          - {kind: triggered, trigger: when_destroyed, manual: true, text: "Shuffle your hand into your deck."}
          - {kind: triggered, trigger: when_attacks, do: [{discard: 1}]}
        """)
    assert card_text(c).split("\n") == [
        "[LV2] 【Crush: +1】",
        "【Confront】",
        "(When Summoned) Draw 1 card.",
        "Shuffle your hand into your deck. (resolved by hand)",
        "(When Attacks) Discard 1 card from your hand.",
    ]


def test_vanilla_cards_have_no_text():
    db = load_default_db()
    for cid in db:
        if not db[cid].effects and not db[cid].keywords:
            assert card_text(db[cid]) == ""


# ---------------------------------------------------------------- the whole vocabulary

def _sample_directive(op: str) -> Directive:
    shape = OPS[op]
    if shape == "amount":
        return Directive(op, amount=2)
    if shape == "target":
        return Directive(op, target=Target())
    if shape == "mill":
        return Directive(op, amount=2, side="opponent")
    if shape == "stat":
        return Directive(op, target=Target(ref="this"), amount=1, mode="add", duration="turn")
    if shape == "cores":
        return Directive(op, target=Target(ref="this"), amount=1, to="reserve")
    if shape == "token":
        return Directive(op, amount=1, token=TOKEN)
    if shape == "search":
        return Directive(op, look=3, target=Target(zone="hand", side="you", mode="up_to"), to="bottom")
    if shape == "recover":
        return Directive(op, target=Target(side="you", type="any", zone="trash"))
    if shape == "grant":
        return Directive(op, target=Target(ref="this"), keyword=Keyword("confront"), duration="turn")
    if shape == "restrict":
        return Directive(op, target=Target(), cannot="block", duration="turn")
    if shape == "substitute":
        return Directive(op, event="destroyed", target=Target(ref="this"),
                         instead=(Directive("core_remove", target=Target(ref="this"), amount=1, to="reserve"),))
    if shape == "summon":
        return Directive(op, target=Target(side="you", zone="trash"), cores_from="void")
    if shape == "look":
        return Directive(op, look=2, side="you", to="deck")
    if shape == "cost":
        return Directive(op, target=Target(side="opponent", zone="hand", type="magic", mode="all"), amount=1,
                         mode="add")
    if shape == "reduction":
        return Directive(op, target=Target(side="you", zone="hand", family="Dragon", mode="all"), colors=("red",))
    if shape == "symbol":
        return Directive(op, target=Target(ref="this"), mode="set", colors=("red", "red"), duration="turn")
    if shape == "lose":
        return Directive(op, target=Target(side="any", type="nexus", mode="all"), level=1)
    if shape == "allow":
        return Directive(op, target=Target(), can="block_exhausted", duration="turn")
    if shape == "later":
        return Directive(op, at="turn_end", instead=(Directive("draw", amount=1),))
    if shape == "count_symbols":
        return Directive(op, target=Target(side="you", zone="hand", type="magic", mode="all"), by=Target(ref="this"),
                         amount=2)
    if shape == "flag":
        return Directive(op)
    if shape == "pay_soul":
        return Directive(op, target=Target(ref="this"))
    if shape == "during":
        return Directive(op, trigger="your_spirit_attacks", duration="turn", instead=(Directive("draw", amount=1),))
    raise AssertionError(f"no sample for {op} ({shape}): add one")


def test_every_op_has_its_own_wording():
    texts = {}
    for op in OPS:
        kind = "constant" if op in ("substitute",) + CONSTANT_OPS else "triggered"
        e = Effect(kind, do=(_sample_directive(op),), trigger="when_summoned" if kind == "triggered" else None)
        texts[op] = clean(effect_text(e, SPIRIT))
    assert len(set(texts.values())) == len(OPS), texts


def test_every_op_has_its_wording_in_an_effect_cost():
    for op in COST_OPS:
        d = _sample_directive(op)
        if op == "exhaust":
            d = Directive(op, target=Target(ref="this"))
        text = clean(effect_text(Effect("activated", timing=frozenset({"main"}), cost=(d,),
                                        do=(Directive("draw", amount=1),)), SPIRIT))
        assert text.startswith("Main: You may ") and text.endswith(" to draw 1 card."), text


def test_stat_variants_are_distinct():
    texts = set()
    for op in ("bp", "level"):
        for mode, amount in (("add", 2), ("add", -2), ("add", "X"), ("add", "-X"), ("set", 3)):
            for level in (None, 2):
                d = Directive(op, target=Target(ref="this"), amount=amount, mode=mode, duration="turn", level=level)
                texts.add(clean(effect_text(Effect("triggered", trigger="when_attacks", do=(d,), x_max=3), SPIRIT)))
    assert len(texts) == 20


def test_durations_are_distinct_outside_constant_effects():
    texts = {dur: clean(effect_text(Effect("triggered", trigger="when_attacks", do=(
        Directive("bp", target=Target(ref="this"), amount=1000, mode="add", duration=dur),)), SPIRIT))
        for dur in DURATIONS}
    assert len(set(texts.values())) == len(DURATIONS), texts


def test_core_destinations_are_distinct():
    texts = {to: clean(effect_text(Effect("triggered", trigger="when_attacks", do=(
        Directive("core_remove", target=Target(), amount=1, to=to),)), SPIRIT)) for to in ("reserve", "trash", "void")}
    assert len(set(texts.values())) == 3


def test_every_trigger_has_its_own_label():
    texts = {}
    for trig in TRIGGERS:
        kw = {"step": "main", "whose": "you"} if trig == "start_of_step" else \
            {"whose": "you"} if trig in ("end_of_turn", "burst_set") else {}
        e = Effect("triggered", trigger=trig, do=(Directive("draw", amount=1),), **kw)
        texts[trig] = clean(effect_text(e, SPIRIT))
    assert len(set(texts.values())) == len(TRIGGERS), texts
    bursts = {t: clean(effect_text(Effect("burst", trigger=t, do=(Directive("draw", amount=1),)), MAGIC))
              for t in BURST_TRIGGERS}
    assert all(b.startswith("Burst (after ") for b in bursts.values())
    assert len(set(bursts.values())) == len(BURST_TRIGGERS)


def test_every_step_and_whose_has_its_own_label():
    texts = set()
    for step in STEPS:
        for whose in WHOSE:
            texts.add(clean(effect_text(Effect("triggered", trigger="start_of_step", step=step, whose=whose,
                                               do=(Directive("draw", amount=1),)), SPIRIT)))
    for whose in WHOSE:
        texts.add(clean(effect_text(Effect("triggered", trigger="end_of_turn", whose=whose,
                                           do=(Directive("draw", amount=1),)), SPIRIT)))
    assert len(texts) == len(STEPS) * len(WHOSE) + len(WHOSE)


def test_every_kind_and_timing_has_its_own_label():
    draw = (Directive("draw", amount=1),)
    texts = {
        clean(effect_text(Effect("activated", timing=frozenset({"main"}), do=draw), SPIRIT)),
        clean(effect_text(Effect("activated", timing=frozenset({"flash"}), do=draw), SPIRIT)),
        clean(effect_text(Effect("activated", timing=frozenset({"main", "flash"}), do=draw), SPIRIT)),
        clean(effect_text(Effect("constant", do=draw), SPIRIT)),
        clean(effect_text(Effect("triggered", trigger="when_attacks", do=draw), SPIRIT)),
        clean(effect_text(Effect("burst", trigger="life_reduced", do=draw), MAGIC)),
    }
    assert len(texts) == 6


def _sample_keywords(name: str) -> list[Keyword]:
    if name in ("gale", "raid"):
        return [Keyword(name, value=1), Keyword(name, value=3)]
    if name == "crush":
        return [Keyword(name, value=0), Keyword(name, value=2)]
    if name == "armor":
        return [Keyword(name, colors=("red",)), Keyword(name, colors=("blue", "white"))]
    if name in ("immortal", "ascend"):
        return [Keyword(name, condition=Target(family="Dragon")), Keyword(name, condition=Target(colors=("green",)))]
    if name == "astral":
        return [Keyword(name, timing=t) for t in ASTRAL_TIMINGS]
    return [Keyword(name)]


def test_every_keyword_has_its_own_wording():
    texts = []
    for name in KEYWORDS:
        for kw in _sample_keywords(name):
            text = clean(keyword_text(kw))
            assert text.startswith("【") and text.endswith("】"), text
            texts.append(text)
    assert len(set(texts)) == len(texts), texts
    assert len({t.split(":")[0].rstrip("】") for t in texts}) == len(KEYWORDS)


def test_keyword_levels_and_grants_are_shown():
    c = replace(SPIRIT, keywords=(Keyword("gale", value=2, levels=(2, 3)),))
    assert card_text(c) == "[LV2][LV3] 【Gale: 2】"
    e = Effect("triggered", trigger="when_attacks", do=(
        Directive("grant", target=Target(side="you", mode="all"), keyword=Keyword("crush", value=1, levels=(2,)),
                  duration="battle"),))
    assert clean(effect_text(e, SPIRIT)) == "(When Attacks) All your spirits gain 【Crush: +1】 at LV2 this battle."


TARGET_SAMPLES = {
    "ref": ["this", "attacker", "blocker", "trigger", "it", "linked", "changed"],
    "side": ["you", "any", "each"],
    "type": ["nexus", "magic", "any"],
    "zone": ["hand", "trash", "deck"],
    "name_has": ["Dragon"],
    "total_bp_max": [10000],
    "total_cost_max": [7],
    "count": [2, "X"],
    "mode": ["up_to", "any_number", "all"],
    "bp_max": [4000],
    "bp_min": [3000],
    "cost_max": [3],
    "cost_min": [2],
    "level_max": [2],
    "level_min": [2],
    "colors": [("red",), ("red", "blue")],
    "not_colors": [("red",), ("red", "blue")],
    "family": ["Dragon"],
    "exhausted": [True, False],
    "keyword": list(KEYWORDS),
    "keywords": [("luster", "blessed")],
    "other": [True],
    "costs": [(4,), (4, 5)],
    "families": [("Shadow", "Nightling")],
    "token": [True, False],
    "soul_core": [True, False],
    "cores_min": [2],
    "cores_max": [1],
    "symbols": [1],
    "no_effects": [True, False],
    "alternative": [Target(type="nexus")],
    "chooser": ["opponent"],
    "no_keyword": ["astral", "curse"],
    "extreme": ["cost_least", "bp_most"],
    "has_effect": ["when_summoned", "when_destroyed"],
    "linked": [True, False],  # 【Link】 (docs/saga-rulings.md "Link")
    "same_cost": ["your_spirits", "it"],
    "colors_min": [2],
    "name_not": ["Stone Pup"],
    "name_is": ["Stone Pup"],  # docs/saga-rulings.md "Card names without quotation marks"
    "or_this": [True],  # a watch's "this spirit or one of your Dragon spirits" (templates/reactions.py)
    # counted amounts and relative filters (docs/saga-rulings.md "Counted amounts and relative filters")
    "per": [Count("level", place="this")],
    "colors_max": [1],
    "attacking": [True, False],
    "in_battle": [True, False],
    "bp_vs": [("this", "at_most"), ("it", "equal"), ("this", "below")],
    "cost_vs": [("discarded_from_hand", "above"), ("it", "equal"), ("it", "below")],
}


def test_every_target_field_changes_the_wording():
    assert {f.name for f in fields(Target)} == set(TARGET_SAMPLES), "a Target field has no sample here"
    assert set(TARGET_SAMPLES["ref"]) == set(REFS) and set(TARGET_SAMPLES["mode"]) | {"exact"} == set(MODES)
    base = clean(target_text(Target(), SPIRIT))
    assert base == "1 opponent's spirit"
    seen = {base}
    for name, values in TARGET_SAMPLES.items():
        for v in values:
            text = clean(target_text(replace(Target(), **{name: v}), SPIRIT))
            assert text not in seen, (name, v, text)
            seen.add(text)


def test_every_target_field_reaches_the_text_of_an_effect():
    for name, values in TARGET_SAMPLES.items():
        for v in values:
            t = replace(Target(), **{name: v})
            e = Effect("triggered", trigger="when_attacks", do=(Directive("destroy", target=t),), x_max=3)
            assert clean(effect_text(e, SPIRIT)).endswith(".")


def test_mode_meanings_follow_cr_8_5_3():
    assert target_text(Target(count=2), SPIRIT) == "2 opponent's spirits"  # CR 8-5-3-1: exactly, if possible
    assert target_text(Target(count=2, mode="up_to"), SPIRIT) == "up to 2 opponent's spirits"  # CR 8-5-3-2
    assert target_text(Target(mode="any_number"), SPIRIT) == "any number of your opponent's spirits"  # CR 8-5-3-2
    assert target_text(Target(mode="all", side="you"), SPIRIT) == "all your spirits"
    assert target_text(Target(ref="this"), NEXUS) == "this nexus"
    assert target_text(Target(ref="this"), MAGIC) == "this card"


CONDITION_SAMPLES = {
    "your_turn": [True, False],
    "attacking": [True, False],
    "blocking": [True, False],
    "soul_core": [True, False],
    "life_max": [3],
    "opponent_life_max": [2],
    "symbol": ["red", "blue"],
    "control": [Target(side="you", type="nexus"), Target(side="opponent"), Target(side="any", family="Dragon")],
    "step": ["attack", "main"],
    "count": [Count("cards", cards=Target(side="you", zone="hand", type="any", mode="all")),
              Count("cores", place="this"), Count("symbols", side="you", colors=("red",)),
              Count("cards", cards=Target(side="opponent", mode="all"))],
    "soul_paid": [True, False],
    "linked": [True, False],  # 【Link】 (docs/saga-rulings.md "Link")
    "it": [Target(side="any", type="any", colors=("green",)), Target(side="any", type="any", bp_max=3000)],
    "it_destroyed": [True, False],
    "exhausted": [True, False],
    "magic_used_max": [0, 2],
    "burst_set": ["you", "opponent"],
    "less_life": [True, False],
    "life_lost": [True, False],
    "life_kept": [True, False],
    "same_cost": [True, False],  # docs/saga-rulings.md Other-11
}


@pytest.mark.parametrize("constant", [True, False])
def test_every_condition_field_has_its_own_wording(constant):
    assert {f.name for f in fields(Condition)} == set(CONDITION_SAMPLES) | {"control_min", "count_min", "count_max",
                                                                           "it_not", "count_vs"}
    seen = set()
    for name, values in CONDITION_SAMPLES.items():
        for v in values:
            extra = {"count_min": 3} if name == "count" else {}
            text = clean(condition_text(Condition(**{name: v}, **extra), SPIRIT, constant=constant))
            assert text.startswith(("while ", "during ") if constant else "if "), text
            assert text not in seen, (name, v, text)
            seen.add(text)
    mine, theirs = (Count("cards", cards=Target(side=side, mode="all")) for side in ("you", "opponent"))
    for cmp in ("at_most", "at_least", "below", "above"):  # count_vs compares the count with another (C-7)
        text = clean(condition_text(Condition(count=mine, count_vs=(cmp, theirs)), SPIRIT, constant=constant))
        assert text not in seen and "the number of" in text, text
        seen.add(text)
    for minimum in (1, 2, 3):  # control_min counts the control target
        text = clean(condition_text(Condition(control=Target(side="you"), control_min=minimum), SPIRIT,
                                    constant=constant))
        assert text not in seen, text
        seen.add(text)


def test_conditions_combine_in_an_effect():
    e = Effect("constant", condition=Condition(your_turn=True, life_max=2), do=(
        Directive("bp", target=Target(ref="this"), amount=1000, mode="add", duration="turn"),))
    assert clean(effect_text(e, SPIRIT)) == \
        "Constant: during your turn and your life is 2 or less, this spirit gets +1000 BP."


def test_optional_subject_clauses_read_as_you_may_have():
    e = Effect("triggered", trigger="when_attacks", optional=True, do=(
        Directive("restrict", target=Target(), cannot="block", duration="battle"),))
    assert clean(effect_text(e, SPIRIT)) == \
        "(When Attacks) You may have 1 opponent's spirit be unable to block this battle."


def test_token_annotation_with_several_symbols_and_no_family():
    tok = CardDef(id="T-TK", name="Twin Sprite Token", type="spirit", colors=("red", "green"), cost=0,
                  symbols=(("red", "green"), ("red", "green")), levels=(Level(1, 2, 1000),), token=True)
    e = Effect("triggered", trigger="when_summoned", do=(Directive("token", amount=2, token=tok),))
    assert clean(effect_text(e, SPIRIT)) == ("(When Summoned) Summon 2 Twin Sprite Tokens "
                                             "(Token spirit/Red•Green/0 Cost/LV1②/BP1000/2 Red•Green Symbols).")


def test_manual_effects_show_their_text():
    e = Effect("constant", manual=True, text="Your opponent cannot use magic.")
    assert effect_text(e, SPIRIT) == "Your opponent cannot use magic. (resolved by hand)"


def test_every_shipped_card_has_clean_text():
    db = load_default_db()
    for cid in sorted(db):
        c = db[cid]
        text = card_text(c)
        lines = text.split("\n") if text else []
        assert len(lines) == len(c.keywords) + len(c.effects), cid
        for line in lines:
            clean(line)


def test_an_exact_cost_and_no_cards_read_as_players_write_them():
    from bss_desktop.carddb.card_text import effect_text
    from bss_desktop.carddb.schema import card_from_dict

    assert "with cost 2" in target_text(Target(cost_min=2, cost_max=2)) and " to 2" not in target_text(
        Target(cost_min=2, cost_max=2))
    card = card_from_dict({"id": "X-1", "name": "X", "type": "spirit", "colors": ["red"], "cost": 1,
                           "levels": [{"level": 1, "cores": 1, "bp": 1000}],
                           "effects": [{"kind": "triggered", "trigger": "when_summoned",
                                        "do": [{"exhaust": "this", "if": {"count": {"cards": {"type": "nexus"}},
                                                                          "count_max": 0}}]}]},
                          file="x.yaml", set_id="X")
    assert "If you have no nexuses" in effect_text(card.effects[0], card)
