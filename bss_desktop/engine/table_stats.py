"""A card's numbers as modified: a Battle of Souls fighter's ATK and RST (no Qt).

BOS glossary "Original ATK (or RST)": the printed value, which "does not include an increase from an equipment
card or other card effect". The current value is that printed value plus

- the bonus of each face-up card attached to it (a card field that `modifies` the stat: Oathsteel Blade's
  `atk_mod: 500`: an attached equipment), and
- the players' own modifiers (a `card_counters` kind with `stat:`, each counter worth its `step`: "+400 ATK until
  the end of this turn" set by hand), which go when the card changes zone with its other marks (a new card),

never below the field's `min`. In the sandbox the players apply every other effect by hand; this module only adds
up what the table shows.
"""
from __future__ import annotations

import functools


@functools.lru_cache(maxsize=16)  # one profile object per game (compared by identity)
def stats_of(profile) -> tuple[str, ...]:
    """The card fields that modifiers change (the targets of `modifies` and of stat counters), in field order."""
    targets = {f.modifies for f in profile.cards.fields.values()} | {k.stat for k in profile.card_counters.values()}
    return tuple(name for name in profile.cards.fields if name in targets)


def breakdown(game, iid: int) -> dict:
    """{stat: {"value", "printed", "parts": [(source, amount), ...]}} for each stat card `iid` has printed; a
    source is an attached card's name, or "manual" for the players' modifier (always listed, 0 when none)."""
    profile, table = game.profile, game.state.table
    card = game.state.cards[iid]
    printed = game._defs[card.cid].extra
    out = {}
    for stat in stats_of(profile):
        if not isinstance(printed.get(stat), int):
            continue
        parts = []
        for other in table.attached_to(iid) if table is not None else ():
            if table.marks[other].down:
                continue  # a face-down equipment is not activated yet (BOS §Equipment Zone)
            d = game._defs[game.state.cards[other].cid]
            for name, f in profile.cards.fields.items():
                if f.modifies == stat and d.extra.get(name):
                    parts.append((d.name, d.extra[name]))
        mark = table.marks.get(iid) if table is not None else None
        manual = sum(n * profile.card_counters[k].step for k, n in (mark.counters.items() if mark else ())
                     if k in profile.card_counters and profile.card_counters[k].stat == stat)
        parts.append(("manual", manual))
        floor = profile.cards.fields[stat].min
        value = printed[stat] + sum(n for _, n in parts)
        out[stat] = {"value": value if floor is None else max(floor, value), "printed": printed[stat], "parts": parts}
    return out


def current(game, iid: int) -> dict:
    """{stat: value} of the stats of card `iid` that differ from the printed ones (what the view carries): none
    for a card with no marks and nothing attached, the most of them (the view asks for every card it shows)."""
    own = game.rule_stats(iid)  # a rules module that plays the effects works the numbers out itself
    if own is not None:
        return own
    table = game.state.table
    if table is None or not stats_of(game.profile) or (iid not in table.marks and not table.attached_to(iid)):
        return {}
    return {s: b["value"] for s, b in breakdown(game, iid).items() if b["value"] != b["printed"]}
