"""The Saga of the Six Realms set (cards/sets/saga1.yaml) and its six preconstructed decks.

Checks mechanically, from the loaded card data, that the set covers the whole effect
vocabulary (every keyword, kind, trigger, burst trigger, directive and target mode, and the
newer words: amounts "for each", "you may" / "if you do" / "if", "it", each player selecting,
every condition key, the ways cards move between zones, looks, free summons, per-effect magic
timing and a burst's follow-up), that it needs no manual effects, that its stats follow the
set's balance rules, and that every `*-saga` deck is legal (CR 5-1-1-1) and shaped like a
playable deck. Design notes: docs/saga1-set.md; each new card is played in
tests/test_saga1_new_cards.py.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import fields
from pathlib import Path

import pytest

from bss_desktop.carddb import card_from_dict, card_to_dict, load_default_db, load_deck_file, validate_deck
from bss_desktop.carddb.cards import COLORS
from bss_desktop.carddb.database import load_set_file
from bss_desktop.carddb.effects import BURST_TRIGGERS, COST_OPS, KEYWORDS, MODES, OPS, TRIGGERS, Condition

ROOT = Path(__file__).resolve().parent.parent
SET_FILE = ROOT / "cards" / "sets" / "saga1.yaml"
DECK_DIR = ROOT / "cards" / "decks"
SAGA_DECKS = {color: DECK_DIR / f"{color}-saga.txt" for color in COLORS}
CONDITIONS = ("attacking", "blocking", "your_turn", "soul_core", "life_max", "symbol", "control")


@pytest.fixture(scope="module")
def cards():
    return load_set_file(SET_FILE)


@pytest.fixture(scope="module")
def db():
    return load_default_db()


# ------------------------------------------------------------------ helpers


def _walk(directives):
    for d in directives:
        yield d
        yield from _walk(d.instead)


def _directives(effect):
    """Every directive of an effect: its body, its chain, its cost and substitutions' replacements."""
    yield from _walk(effect.do)
    yield from _walk(effect.chain)
    yield from _walk(effect.cost)


def _ops(card) -> set[str]:
    return {d.op for e in card.effects for d in _directives(e)}


def _targets(card):
    for e in card.effects:
        for d in _directives(e):
            if d.target is not None:
                yield d.target
        if e.condition is not None and e.condition.control is not None:
            yield e.condition.control
    for k in card.keywords:
        if k.condition is not None:
            yield k.condition


def _all_directives(card):
    for e in card.effects:
        yield from _directives(e)


def _conditions(card):
    """Every condition on the card: its effects' conditions and its directives' own "if"."""
    for e in card.effects:
        if e.condition is not None:
            yield e.condition
        for d in _directives(e):
            if d.cond is not None:
                yield d.cond


def _all_targets(card):
    """Every card filter on the card: targets, references, "by" filters, and what amounts and conditions count."""
    yield from _targets(card)
    for d in _all_directives(card):
        if d.by is not None:
            yield d.by
        if d.per is not None and d.per.cards is not None:
            yield d.per.cards
    for c in _conditions(card):
        if c.count is not None and c.count.cards is not None:
            yield c.count.cards


def _cards_with(cards, pred) -> list[str]:
    return [c.id for c in cards if pred(c)]


def _level_gated(card) -> bool:
    """An effect or keyword that works only from LV2 up (e.g. `levels: [2, 3]`)."""
    return any(e.levels and 1 not in e.levels for e in card.effects) or \
        any(k.levels and 1 not in k.levels for k in card.keywords)


# ------------------------------------------------------------------ the set


def test_set_header_ids_and_names(cards):
    assert len(cards) >= 126
    assert all(c.set == "SG1" for c in cards)
    ids = [c.id for c in cards]
    assert ids == [f"SG1-{n:03d}" for n in range(1, len(cards) + 1)]
    names = [c.name for c in cards]
    assert len(set(names)) == len(names), "every SG1 card has its own name"
    assert not any(c.additional_name or c.text or c.token for c in cards)
    assert "Saga of the Six Realms" in SET_FILE.read_text(encoding="utf-8")


def test_set_names_do_not_clash_with_other_sets(db, cards):
    others = {c.name for c in db.values() if c.set != "SG1"}
    assert not others & {c.name for c in cards}


def test_six_colours_each_with_spirits_nexuses_and_magic(cards):
    for color in COLORS:
        mono = Counter(c.type for c in cards if c.colors == (color,))
        assert mono["spirit"] >= 14, color
        assert mono["nexus"] >= 2, color
        assert mono["magic"] >= 4, color
        early = [c for c in cards if c.colors == (color,) and c.type == "spirit" and c.cost <= 2]
        assert len(early) >= 3, f"{color} needs early spirits"
        assert any(c.cost >= 6 for c in cards if color in c.colors and c.type == "spirit"), f"{color} finisher"


def test_two_colour_cards_and_dual_colour_symbols(cards):
    multi = [c for c in cards if len(c.colors) == 2]
    assert len(multi) >= 4
    dual = [c for c in cards if any(len(s) == 2 for s in c.symbols)]
    assert len(dual) >= 4
    for c in dual:
        assert all(set(s) <= set(c.colors) for s in c.symbols), c.id


def test_rarity_cost_reduction_and_symbols(cards):
    for c in cards:
        assert c.rarity in ("C", "U", "R", "X"), c.id
        assert 0 <= c.cost <= 8, c.id
        # reduction symbols of the card's colours, about half the cost, at most 4; none at cost 0
        assert set(c.reduction) <= set(c.colors), c.id
        assert len(c.reduction) <= 4 and abs(len(c.reduction) - c.cost / 2) <= 1, c.id
        if c.cost == 0:
            assert c.reduction == (), c.id
        if c.type == "magic":
            assert c.symbols == () and c.levels == () and c.magic_timing, c.id
        else:
            assert len(c.symbols) == 1 or (len(c.symbols) == 2 and c.cost >= 6), c.id
    assert sum(1 for c in cards if c.symbol_count == 2) >= 3  # a few double-symbol finishers


def test_spirit_and_nexus_levels(cards):
    for c in cards:
        if c.type == "spirit":
            lv = c.levels
            assert lv[0].number == 1 and lv[0].cores == 1, c.id
            assert 1000 <= lv[0].bp <= 6000, c.id
            assert 2 <= len(lv) <= 3, c.id
            assert 2 <= lv[1].cores - lv[0].cores <= 3, c.id
            for lower, upper in zip(lv, lv[1:]):
                assert 1000 <= upper.bp - lower.bp <= 3000, c.id
        elif c.type == "nexus":
            assert [lv.number for lv in c.levels] == [1, 2], c.id
            assert c.levels[0].cores == 0 and 2 <= c.levels[1].cores <= 4, c.id
            assert all(lv.bp is None for lv in c.levels), c.id


def test_every_card_round_trips(cards):
    for c in cards:
        assert card_from_dict(card_to_dict(c)) == c, c.id


def test_effects_are_automated_and_small(cards):
    for c in cards:
        assert not any(e.manual for e in c.effects), f"{c.id}: no manual effects"
        assert 1 <= len(c.effects) + len(c.keywords) <= 3, c.id
        assert len(c.effects) <= 2, c.id  # 1-2 effects per card
        for e in c.effects:
            assert 1 <= len(e.do) <= 3, c.id
            assert len(e.chain) <= 2, c.id


# ------------------------------------------------------------------ vocabulary coverage


def test_every_keyword_on_at_least_three_cards(cards):
    for kw in KEYWORDS:
        have = _cards_with(cards, lambda c, kw=kw: any(k.name == kw for k in c.keywords))
        assert len(have) >= 3, f"keyword {kw}: {have}"
    chained = _cards_with(cards, lambda c: any(e.chain for e in c.effects))
    assert len(chained) >= 3, chained


def test_every_effect_kind_and_activated_timing(cards):
    kinds = Counter(e.kind for c in cards for e in c.effects)
    assert set(kinds) == {"activated", "constant", "triggered", "magic", "burst"}
    timings = {e.timing for c in cards for e in c.effects if e.kind == "activated"}
    assert {frozenset({"main"}), frozenset({"flash"}), frozenset({"main", "flash"})} <= timings
    magic_timings = {c.magic_timing for c in cards if c.type == "magic"}
    assert {frozenset({"main"}), frozenset({"flash"}), frozenset({"main", "flash"})} <= magic_timings


def test_every_constant_condition(cards):
    used = Counter()
    for c in cards:
        for e in c.effects:
            if e.kind == "constant" and e.condition is not None:
                for name in CONDITIONS:
                    if getattr(e.condition, name) is not None:
                        used[name] += 1
    assert all(used[name] >= 1 for name in CONDITIONS), used


def test_every_trigger_used_at_least_twice(cards):
    used = Counter(e.trigger for c in cards for e in c.effects if e.kind == "triggered")
    missing = {t: used[t] for t in TRIGGERS if used[t] < 2}
    assert not missing, missing
    burst_sets = {e.whose for c in cards for e in c.effects if e.trigger == "burst_set"}
    assert burst_sets >= {"you", "opponent"}, burst_sets
    steps = {(e.step, e.whose) for c in cards for e in c.effects if e.trigger == "start_of_step"}
    assert len({s for s, _ in steps}) >= 3 and {w for _, w in steps} >= {"you", "opponent"}, steps
    ends = {e.whose for c in cards for e in c.effects if e.trigger == "end_of_turn"}
    assert ends >= {"you", "opponent"}


def test_every_burst_trigger_on_two_burst_cards(cards):
    for trig in BURST_TRIGGERS:
        have = _cards_with(cards, lambda c, t=trig: any(e.kind == "burst" and e.trigger == t for e in c.effects))
        assert len(have) >= 2, f"burst {trig}: {have}"
    for c in cards:
        assert c.burst == any(e.kind == "burst" for e in c.effects), c.id


def test_every_directive_used_at_least_twice(cards):
    used = Counter(d.op for c in cards for e in c.effects for d in _directives(e))
    missing = {op: used[op] for op in OPS if used[op] < 2}
    assert not missing, missing
    # pay_cores and discard also appear as effects' own directives, not only as costs
    body = Counter(d.op for c in cards for e in c.effects for d in [*_walk(e.do), *_walk(e.chain)])
    assert body["pay_cores"] >= 1 and body["discard"] >= 2


def test_costs_optional_x_tokens_substitution_attack_spirit(cards):
    with_cost = _cards_with(cards, lambda c: any(e.cost for e in c.effects))
    assert len(with_cost) >= 5
    cost_ops = {d.op for c in cards for e in c.effects for d in e.cost}
    assert cost_ops == set(COST_OPS)
    assert len(_cards_with(cards, lambda c: any(e.optional for e in c.effects))) >= 8
    x_cards = _cards_with(cards, lambda c: any(e.x_max for e in c.effects))
    assert len(x_cards) >= 4
    assert len(_cards_with(cards, lambda c: "token" in _ops(c))) >= 4
    subs = _cards_with(cards, lambda c: "substitute" in _ops(c))
    assert len(subs) >= 4
    for c in cards:
        for e in c.effects:
            if any(d.op == "substitute" for d in e.do):
                assert e.kind == "constant", c.id
    assert len(_cards_with(cards, lambda c: "attack_spirit" in _ops(c))) >= 2


def test_level_gated_effects(cards):
    gated = _cards_with(cards, _level_gated)
    assert len(gated) >= 15, gated
    assert any(list(e.levels) == [2, 3] for c in cards for e in c.effects)


def test_target_modes_and_stat_directives(cards):
    modes = Counter(t.mode for c in cards for t in _targets(c) if t.ref is None)
    assert set(MODES) <= set(modes), modes
    refs = {t.ref for c in cards for t in _targets(c) if t.ref is not None}
    assert {"this", "attacker", "trigger"} <= refs
    stat = {(d.op, d.mode) for c in cards for e in c.effects for d in _directives(e) if d.op in ("bp", "level")}
    assert {("bp", "add"), ("bp", "set"), ("level", "set")} <= stat


# ------------------------------------------------------------------ the newer vocabulary (SG1-133 onwards)


def test_every_amount_for_each_and_minus(cards):
    per = Counter(d.per.what for c in cards for d in _all_directives(c) if d.per is not None)
    assert set(per) == {"cards", "cores", "symbols"}, per
    assert any(d.minus > 0 for c in cards for d in _all_directives(c))
    # "for each" on a BP change, and on an amount of something else
    assert {d.op for c in cards for d in _all_directives(c) if d.per is not None} >= {"bp", "core_remove"}


def test_may_if_done_if_and_it(cards):
    ds = [d for c in cards for d in _all_directives(c)]
    assert any(d.may for d in ds) and any(d.if_done for d in ds) and any(d.cond is not None for d in ds)
    its = _cards_with(cards, lambda c: any(t.ref == "it" for t in _all_targets(c)))
    assert len(its) >= 2, its


def test_each_player_selecting_names_and_combined_bp(cards):
    targets = [t for c in cards for t in _all_targets(c)]
    assert any(t.side == "each" for t in targets)
    assert any(t.name_has for t in targets)
    assert any(t.total_bp_max is not None for t in targets)


def test_every_condition_key(cards):
    used = set()
    for c in cards:
        for cond in _conditions(c):
            used |= {f.name for f in fields(Condition) if getattr(cond, f.name) != f.default}
    assert used == {f.name for f in fields(Condition)}, {f.name for f in fields(Condition)} - used
    steps = [cond for c in cards for cond in _conditions(c) if cond.step is not None]
    assert any(cond.your_turn is not None for cond in steps)  # "during your opponent's attack step"


def test_life_damage_to_each_player(cards):
    players = {d.player for c in cards for d in _all_directives(c) if d.op == "life_damage"}
    assert players == {"opponent", "you", "both"}, players


def test_searches_looks_and_free_summons(cards):
    ds = [d for c in cards for d in _all_directives(c)]
    searches = [d for d in ds if d.op == "search"]
    assert any(not d.reveal for d in searches)  # looked at, not revealed (CR 12-3-1)
    assert any(d.into == "field" for d in searches) and any(d.into == "hand" for d in searches)
    assert {d.to for d in searches} == {"bottom", "trash", "top", "shuffle"}
    assert any(d.target.mode == "exact" for d in searches) and any(d.target.mode == "up_to" for d in searches)
    summons = [d for d in ds if d.op == "summon"]
    assert {d.target.zone for d in summons} == {"hand", "trash"}
    assert {d.cores_from for d in summons} == {"void", "reserve"}
    looks = [d for d in ds if d.op == "look"]
    assert {d.to for d in looks} == {"deck", "hand"}  # the top of a deck, and the opponent's hand


def test_cards_move_between_trash_hand_and_deck(cards):
    moves = {(d.op, d.target.zone) for c in cards for d in _all_directives(c)
             if d.op in ("bounce", "to_deck_bottom", "to_deck_top") and d.target.ref is None}
    assert {("bounce", "trash"), ("to_deck_bottom", "trash"), ("to_deck_top", "field"),
            ("to_deck_top", "hand")} <= moves, moves


def test_restrictions_cost_and_reduction_changes(cards):
    ds = [d for c in cards for d in _all_directives(c)]
    assert any(d.op == "restrict" and d.cannot == "be_blocked" and d.by is not None for d in ds)
    for c in cards:
        for e in c.effects:
            if any(d.op in ("cost", "reduction") for d in e.do):
                assert e.kind == "constant", c.id
    costs = [d for d in ds if d.op == "cost"]
    assert {d.target.side for d in costs} == {"you", "opponent"}
    assert any(d.amount < 0 for d in costs) and any(d.amount > 0 for d in costs)
    # a substitution's replacement may be a payment from the reserve
    assert any(i.op == "pay_cores" for d in ds if d.op == "substitute" for i in d.instead)


def test_magic_effects_with_their_own_timing_and_a_bursts_follow_up(cards):
    split = [c for c in cards if c.type == "magic" and sum(e.kind == "magic" for e in c.effects) >= 2
             and any(e.kind == "magic" and e.timing and e.timing != c.magic_timing for e in c.effects)]
    assert split, "a magic card whose effects have their own timing (CR 10-8-3)"
    follow = [c for c in cards if any(e.kind == "burst" and e.then_use for e in c.effects)]
    assert follow, "a burst that goes on to use its card's effect (CR 10-9)"
    for c in follow:
        for e in c.effects:
            if e.then_use:
                assert any(x.kind == "magic" and e.then_use in (x.timing or c.magic_timing) for x in c.effects), c.id


def test_x_effects_use_x(cards):
    for c in cards:
        for e in c.effects:
            if e.x_max is not None:
                amounts = [d.amount for d in _directives(e)] + [d.target.count for d in _directives(e) if d.target]
                assert "X" in amounts, c.id


def test_every_colour_has_removal(cards):
    removal_ops = {"destroy", "core_remove", "bounce", "to_deck_bottom", "exhaust", "bp"}
    for color in COLORS:
        have = []
        for c in cards:
            if color not in c.colors:
                continue
            for e in c.effects:
                for d in _directives(e):
                    if d.op in removal_ops and d.target is not None and \
                            (d.target.ref in ("attacker", "trigger") or
                             (d.target.ref is None and d.target.side == "opponent")):
                        if d.op != "bp" or (d.mode == "set" or (isinstance(d.amount, int) and d.amount < 0)):
                            have.append(c.id)
        assert len(set(have)) >= 3, f"{color} removal: {have}"


# ------------------------------------------------------------------ the decks


@pytest.mark.parametrize("color", COLORS)
def test_saga_deck_is_legal_and_playable(db, color):
    path = SAGA_DECKS[color]
    deck = load_deck_file(path, db)
    assert validate_deck(deck.cards, db) == []
    assert 50 <= len(deck.cards) <= 60
    assert max(Counter(db[i].name for i in deck.cards).values()) <= 4
    assert deck.name and deck.name != path.stem  # a Deck: line
    text = path.read_text(encoding="utf-8")
    assert text.splitlines()[0].startswith("# ")  # a header describing the plan
    assert re.search(r"^\d+x SG1-\d{3}: ", text, re.M)  # the `4x ID: Name` format
    types = Counter(db[i].type for i in deck.cards)
    assert 28 <= types["spirit"] <= 40
    assert 3 <= types["nexus"] <= 4
    assert 8 <= types["magic"] <= 12
    assert 2 <= sum(1 for i in deck.cards if db[i].burst)
    assert sum(1 for i in deck.cards if color in db[i].colors) > len(deck.cards) / 2
    assert all(db[i].set == "SG1" for i in deck.cards)
    spirits = [db[i] for i in deck.cards if db[i].type == "spirit"]
    assert sum(1 for c in spirits if c.cost <= 2) >= 8, "an early game"
    assert sum(1 for c in spirits if 3 <= c.cost <= 5) >= 12, "a curve"
    assert sum(1 for c in spirits if c.cost >= 6) >= 2, "finishers"


def test_each_saga_deck_has_its_own_name(db):
    names = [load_deck_file(p, db).name for p in SAGA_DECKS.values()]
    assert len(set(names)) == 6
