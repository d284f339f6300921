"""The opening hands of a game without a rules module: its profile's `setup.mulligan`.

Who may redraw, how many times, and when the first turn may begin. The engine
enforces it (Game._table_mulligan), and the sandbox's mulligan helper asks the
same questions to label its buttons, so both read one text.

Battle of Souls (rule book, Getting Started 5): a hand with fewer than 2
Warrior-class fighters may be redrawn; the hand is shown first; at most two
mulligans; a player may take the other's mulligan too; the first card is drawn
only when every player says they keep. "Warrior class" is read as the Warrior
rank (the rule book's four classes are Warrior, Elite Warrior, Warlord and
Legendary Warrior; "Warriors (all classes)" is written out where all are meant).
"""
from __future__ import annotations


def rule(profile, field: str = "") -> str:
    """What a refused opening-hand decision cites: the profile's own rule (`setup.mulligan.rule`: Battle of Souls'
    Rule Update 2), else the profile's field (`<id> profile: setup.mulligan.<field>`), else (Battle Spirits Saga's
    rules module) CR 5-2-7."""
    own = profile.setup["mulligan"].get("rule")
    if own:
        return own
    if profile.rules is not None or not field:
        return "CR 5-2-7"
    return f"{profile.id} profile: setup.mulligan.{field}"


def eligible_count(profile, defs) -> int | None:
    """How many of `defs` (the hand's card definitions) count toward `mulligan.eligible`; None: no such test."""
    rule = profile.setup["mulligan"]["eligible"]
    if rule is None:
        return None
    return sum(1 for d in defs if d is not None and d.extra.get(rule["field"]) == rule["value"])


def may_redraw(profile, defs, done: int, follow: bool) -> str | None:
    """Why a player whose hand is `defs`, who redrew `done` times, may not redraw now; None when they may.
    `follow`: the other player redrew since this player last decided (`mulligan.follow`)."""
    m = profile.setup["mulligan"]
    if done >= m["max"]:
        return f"at most {m['max']} mulligan(s): keep this hand" if m["max"] else "this game has no mulligan"
    count = eligible_count(profile, defs)
    rule = m["eligible"]
    if count is not None and count >= rule["fewer_than"] and not (m["follow"] and follow):
        what = rule["label"] or f"fewer than {rule['fewer_than']} cards with {rule['field']} {rule['value']}"
        return f"a mulligan needs {what}; this hand has {count}"
    return None


def contract_cids(profile, defs) -> list[str]:
    """The ids of the contract cards among `defs` (a deck's card definitions), each once, in deck order: what a
    player may take into an opening hand (`setup.contract`, ETR §Contract Card); [] when the profile has none."""
    rule = profile.setup["contract"]
    if rule is None:
        return []
    return list(dict.fromkeys(d.id for d in defs if d is not None and d.extra.get(rule["field"]) is True))
