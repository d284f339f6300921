"""Card text shown to players, generated from a card's effect data.

The engine resolves effects from the same `Effect`/`Directive`/`Target`/
`Keyword` objects (carddb/effects.py), so the text players read cannot
disagree with what the engine does. Only manual effects (``manual: true``)
show stored text; they are marked "(resolved by hand)".

    keyword_text(Keyword("crush", value=1))      -> "【Crush: +1】"
    effect_text(effect, card)                    -> "[LV2][LV3] (When Attacks) Destroy 1 opponent's spirit ..."
    card_text(card)                              -> keywords first, then each effect, one per line

The wording follows printed Battle Spirits Saga cards: level labels
(``[LV2][LV3]``, CR 2-10-2), timing labels (``(When Summoned)``, ``Flash:``,
``Main/Flash:``, ``Burst (after your life is reduced):``), keywords in
【】 (CR 11), effect costs as "you may ... to ..." (CR 8-4-1), X as
"Choose X (up to N)" (CR 4-6) and tokens with their annotation (CR 4-12-2).
docs/card-format.md shows the text generated for every word of the vocabulary.

Pure Python: no Qt.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from .effects import KEYWORD_NAMES, MAGIC_TRIGGERS, NEXUS_TRIGGERS, WATCH_TRIGGERS, Condition, Count, Directive, Effect, Keyword, Target

__all__ = ["card_text", "condition_text", "directive_text", "effect_text", "keyword_text", "target_text",
           "token_annotation", "trigger_label"]

_CIRCLED = "⓪①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮⑯⑰⑱⑲⑳"


def _color(c: str) -> str:
    return c.capitalize()


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def _or_list(items: list[str], word: str = "or") -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {word} " + items[-1]


def _count(n, singular: str, plural: str | None = None) -> str:
    """"1 card", "2 cards", "X cards"."""
    plural = plural or singular + "s"
    return f"{n} {singular if n == 1 else plural}"


def _core_source(d) -> str:
    """Where a core_charge's or core_gain's cores come from: the void, or your trash (not its soul core)."""
    if d.cores_from != "trash":
        return "the void"
    return "your trash (not the soul core)" if d.no_soul else "your trash"


def _circled(n: int) -> str:
    return _CIRCLED[n] if 0 <= n < len(_CIRCLED) else f"({n})"


def _levels(levels) -> str:
    return "".join(f"[LV{n}]" for n in levels)


# ------------------------------------------------------------------ keywords (CR 11)


def keyword_text(kw: Keyword) -> str:
    """The keyword as printed, e.g. "【Armor: Blue/White】", "【Crush: +1】", "【Immortal: Dragon】"."""
    name = KEYWORD_NAMES.get(kw.name, kw.name.replace("_", " ").title())
    if kw.name in ("gale", "raid"):  # CR 11-10-2, 11-12-2
        return f"【{name}: {kw.value}】"
    if kw.name == "crush":  # CR 11-11-2; no modifier = +0 (CR 11-11-3)
        return f"【{name}: +{kw.value}】" if kw.value else f"【{name}】"
    if kw.name == "armor":  # CR 11-5-2
        return f"【{name}: {'/'.join(_color(c) for c in kw.colors)}】"
    if kw.name == "link" and kw.condition is not None and _only_cost_min(kw.condition):
        return f"【{name}: {kw.condition.cost_min}】"  # printed as the number: a spirit that costs it or more
    if kw.name in ("immortal", "ascend", "link"):  # CR 11-4-2, 11-8-2; 【Link】: docs/saga-rulings.md "Link"
        text = f"【{name}: {_condition_target(kw.condition)}】"
        if kw.name == "immortal" and kw.timing == "attack_step":  # a printed limit on when it triggers
            text = f"(During Either Attack Step) {text}"
        return text
    if kw.name == "astral":  # CR 11-14-2: no timing shown = always active
        timing = {"your_turn": "During Your Turn", "opponent_turn": "During Opponent's Turn",
                  "attacking": "While This Spirit Attacks"}.get(kw.timing)
        return f"【{name}: {timing}】" if timing else f"【{name}】"
    return f"【{name}】"


def _only_cost_min(t: Target) -> bool:
    """Whether the condition is "a spirit that costs N or more" and nothing else (【Link: N】)."""
    return t.cost_min is not None and t.ref is None and t.type == "spirit" and replace(
        t, side="opponent", cost_min=None) == Target()


def _condition_target(t: Target | None) -> str:
    """The condition inside 【Immortal: ...】 / 【Ascend: ...】: "Dragon", "Red", "Red Dragon, cost 4 or more"."""
    if t is None:
        return "Spirit"
    if t.ref is not None:
        return {"this": "This Spirit", "trigger": "That Spirit", "attacker": "The Attacking Spirit",
                "blocker": "The Blocking Spirit", "linked": "The Linked Spirit"}[t.ref]
    words = []
    if t.exhausted is not None:
        words.append("Exhausted" if t.exhausted else "Refreshed")
    if t.colors:
        words.append("/".join(_color(c) for c in t.colors))
    if t.family:
        words.append(t.family)
    if t.families:
        words.append("/".join(t.families))
    if t.token:
        words.append("Token")
    elif t.token is False:
        words.append("Non-Token")
    extra = _with_parts(t)
    if _level_range(t):
        extra.append(_level_range(t))
    if not words and extra and t.type == "spirit":  # "【Ascend: Cost 6 or more】", "【Immortal: Cost 4/5】"
        return ", ".join([extra[0][:1].upper() + extra[0][1:], *extra[1:]])
    if not (t.colors or t.family or t.families or t.token) or t.type != "spirit":
        words.append({"spirit": "Spirit", "nexus": "Nexus", "magic": "Magic", "any": "Card"}[t.type])
    head = " ".join(words)
    return ", ".join([head, *extra])


# ------------------------------------------------------------------ targets (CR 8-5-3)

_REF_WORDS = {"attacker": "the attacking spirit", "blocker": "the blocking spirit", "linked": "the linked spirit",
              "changed": "the cards refreshed or exhausted this way"}
_PLAIN_NOUNS = {"spirit": "spirit", "nexus": "nexus", "magic": "magic card", "any": "card"}


def _plural_noun(noun: str) -> str:
    return noun + "es" if noun.endswith("nexus") else noun + "s"


@dataclass(frozen=True)
class _Ctx:
    """What a phrase needs to know about where it is written."""

    card_type: str = "spirit"  # the card the effect is on: "this spirit" / "this nexus" / "this card"
    trigger: str | None = None  # "that spirit" for triggers caused by another spirit
    it: bool = False  # inside a substitution replacing an event of this card: "it"
    selected: tuple = ("it", False)  # what "it" (the cards selected before) reads as, and whether it is plural

    def this(self) -> str:
        if self.it:
            return "it"
        return {"spirit": "this spirit", "nexus": "this nexus"}.get(self.card_type, "this card")

    def that(self) -> str:
        if self.trigger in NEXUS_TRIGGERS:
            return "that nexus"
        if self.trigger in MAGIC_TRIGGERS:
            return "that magic card"
        spirit_triggers = ("your_spirit_destroyed", "opponent_spirit_destroyed", "opponent_summons", "opponent_attacks",
                           "opponent_summon_effect", "when_wins_battle", "when_destroys", *WATCH_TRIGGERS,
                           "when_blocks", "when_attacks", "when_attacks_or_blocks")
        return "that spirit" if self.trigger in spirit_triggers else "that card"


def _ctx_for(card, effect: Effect | None) -> _Ctx:
    card_type = getattr(card, "type", None) or "card"
    return _Ctx(card_type=card_type, trigger=effect.trigger if effect is not None else None)


def _range(lo: int | None, hi: int | None, fmt: str) -> list[str]:
    """'3000 BP or less', 'cost 2 or more', '1000 to 3000 BP' — fmt has one {} for the number part."""
    if lo is not None and lo == hi:  # "cost 2", not "cost 2 to 2"
        return [fmt.format(lo)]
    if lo is not None and hi is not None:
        return [fmt.format(f"{lo} to {hi}")]
    if hi is not None:
        return [fmt.format(hi) + " or less"]
    if lo is not None:
        return [fmt.format(lo) + " or more"]
    return []


def _with_parts(t: Target, plural: bool = False) -> list[str]:
    parts = _range(t.bp_min, t.bp_max, "{} BP") + _range(t.cost_min, t.cost_max, "cost {}")
    if t.cores_min is not None and t.cores_min == t.cores_max:
        parts.append(_count(t.cores_min, "core") + (" on them" if plural else " on it"))
    else:
        one = (t.cores_max == 1 and t.cores_min is None) or (t.cores_min == 1 and t.cores_max is None)
        parts += [p + (" on them" if plural else " on it")
                  for p in _range(t.cores_min, t.cores_max, "{} core" if one else "{} cores")]
    if t.soul_core is not None:
        parts.append(("the soul core" if t.soul_core else "no soul core") + (" on them" if plural else " on it"))
    if t.symbols is not None:
        parts.append(_count(t.symbols, "symbol"))
    if t.no_effects is not None:
        parts.append("no effects listed" if t.no_effects else "effects listed")
    if t.costs:
        parts.append("cost " + _or_list([str(c) for c in t.costs]))
    if t.keyword is not None:
        parts.append(f"【{KEYWORD_NAMES.get(t.keyword, t.keyword)}】")
    if t.keywords:
        parts.append(" or ".join(f"【{KEYWORD_NAMES.get(k, k)}】" for k in t.keywords))
    if t.name_has is not None:
        parts.append(f'"{t.name_has}" in {"their card names" if plural else "its card name"}')
    if t.has_effect is not None:
        parts.append(f'a "{_TRIGGER_LABELS[t.has_effect]}" effect')
    if t.no_keyword is not None:
        parts.append(f"no 【{KEYWORD_NAMES.get(t.no_keyword, t.no_keyword)}】")
    if t.colors_min is not None:
        parts.append(f"{t.colors_min} or more colors")
    if t.name_not is not None:
        parts.append(f'a card name other than "{t.name_not}"')
    if t.name_is is not None:
        parts.append(f'the card name "{t.name_is}"')
    if t.bp_vs is not None:  # "with BP equal to or fewer than this spirit" (ruling C-4)
        whose = "this card's" if t.bp_vs[0] == "this" else "the selected card's"
        parts.append({"at_most": "BP equal to or less than", "equal": "BP equal to",
                      "below": "less BP than"}[t.bp_vs[1]] + " " + whose)
    if t.cost_vs is not None:  # "that costs more than the card discarded by this effect" (ruling C-11)
        whose = "the selected card's" if t.cost_vs[0] == "it" else "the card discarded by this effect"
        parts.append({"above": "a cost higher than", "at_most": "a cost equal to or lower than",
                      "equal": "the same cost as", "below": "a cost lower than"}[t.cost_vs[1]] + " " + whose)
    if t.colors_max is not None:  # "with only one color"
        parts.append("only one color" if t.colors_max == 1 else f"{t.colors_max} or fewer colors")
    if t.same_cost == "your_spirits":
        parts.append("the same cost as one of your spirits")
    elif t.same_cost == "it":
        parts.append("the same cost as the selected card")
    return parts


def _kind(t: Target, plural: bool, *, other: bool = True) -> str:
    """The filter words around the noun: "other exhausted Red Dragon spirits with 4000 BP or less"."""
    words = []
    if t.other and other:
        words.append("other")
    if t.exhausted is not None:
        words.append("exhausted" if t.exhausted else "refreshed")
    if t.colors:
        words.append(_or_list([_color(c) for c in t.colors]))
    if t.not_colors:
        words.append("non-" + _or_list([_color(c) for c in t.not_colors], "non-"))
    if t.family:
        words.append(t.family)
    if t.families:
        words.append(_or_list(list(t.families)))
    if t.token is not None:
        words.append("token" if t.token else "non-token")
    if t.linked is not None:  # 【Link】 (docs/saga-rulings.md "Link")
        words.append("linked" if t.linked else "unlinked")
    noun = _PLAIN_NOUNS[t.type]
    if t.zone != "field" and t.type in ("spirit", "nexus"):
        noun += " card"  # CR 8-5-4: a bare "spirit" or "nexus" is on the field
    words.append(_plural_noun(noun) if plural else noun)
    text = " ".join(words)
    if _level_range(t):
        text += f" at {_level_range(t)}"
    parts = _with_parts(t, plural)
    if parts:
        text += " with " + _or_list(parts, "and")
    if t.attacking is not None:  # "that is not currently attacking"
        text += (" that are" if plural else " that is") + (" attacking" if t.attacking else " not attacking")
    if t.in_battle is not None:  # "attacking or blocking"
        text += (" that are" if plural else " that is") + (" attacking or blocking" if t.in_battle
                                                            else " neither attacking nor blocking")
    if t.extreme is not None:  # "the spirit that costs the least"
        text += {"cost_least": " that costs the least", "cost_most": " that costs the most",
                 "bp_least": " with the lowest BP", "bp_most": " with the highest BP"}[t.extreme]
    if t.total_bp_max is not None:
        text += f" with a combined total of {t.total_bp_max} BP or less"
    if t.total_cost_max is not None:
        text += f" with a combined total cost of {t.total_cost_max} or less"
    return text


def _is_plural(t: Target, ctx: "_Ctx | None" = None) -> bool:
    if t.ref == "it":
        return ctx is not None and ctx.selected[1]
    return t.ref is None and (t.mode in ("all", "any_number") or t.count != 1 or t.per is not None)


def _zone_words(t: Target) -> str:
    whose = {"you": "your", "opponent": "your opponent's", "any": "either player's"}[t.side]
    return f"{whose} {t.zone}"


def target_text(t: Target, card=None, *, ctx: _Ctx | None = None) -> str:
    """The cards a directive acts on, e.g. "1 opponent's exhausted spirit with cost 3 or less",
    "up to 2 of your spirits", "all your Dragon spirits", "this spirit"."""
    ctx = ctx or _ctx_for(card, None)
    if t.alternative is not None:  # "1 opponent's spirit with 3000 BP or less or 1 opponent's nexus"
        return f"{target_text(replace(t, alternative=None), ctx=ctx)} or {target_text(t.alternative, ctx=ctx)}"
    if t.or_this and t.ref is None:  # "this spirit or 1 of your Dragon spirits"
        return f"{ctx.this()} or {target_text(replace(t, or_this=False), ctx=ctx)}"
    if t.ref is not None:
        if t.ref == "this":
            return ctx.this()
        if t.ref == "trigger":
            return ctx.that()
        if t.ref == "it":
            return ctx.selected[0]
        return _REF_WORDS[t.ref]
    if t.per is not None:  # "1 opponent's spirit for each ..." (ruling C-1)
        one, _ = _count_noun(t.per)
        return f"{target_text(replace(t, per=None), ctx=ctx)} for each {one}"
    plural = _is_plural(t)
    n = t.count
    if t.side == "each":  # CR 1-3-4: each player selects among their own
        lead = {"exact": f"{n} ", "up_to": f"up to {n} ", "any_number": "any number of ", "all": "all "}[t.mode]
        return f"{lead}{_kind(t, plural)} of each player, which that player selects"
    if t.zone != "field":  # hand and trash: "1 spirit card in your opponent's hand"
        lead = {"exact": f"{n} ", "up_to": f"up to {n} ", "any_number": "any number of ", "all": "all "}[t.mode]
        return f"{lead}{_kind(t, plural)} in {_zone_words(t)}"
    if t.side == "you":  # "1 of your spirits", "all your spirits"
        lead = {"exact": f"{n} of your ", "up_to": f"up to {n} of your ", "any_number": "any number of your ",
                "all": "all your "}[t.mode]
        return lead + _kind(t, True)
    if t.side == "opponent":
        lead = {"exact": f"{n} opponent's ", "up_to": f"up to {n} opponent's ",
                "any_number": "any number of your opponent's ", "all": "all your opponent's "}[t.mode]
        if t.chooser == "opponent":  # they select among their own
            return lead + _kind(t, plural) + " of their choice"
        return lead + _kind(t, plural)
    lead = {"exact": f"{n} ", "up_to": f"up to {n} ", "any_number": "any number of ", "all": "all "}[t.mode]
    return lead + _kind(t, plural)


def _one_of(t: Target, ctx: _Ctx) -> str:
    """One card matching `t`, for "when ... would be destroyed": "one of your Dragon spirits"."""
    if t.ref is not None:
        return target_text(t, ctx=ctx)
    if t.or_this:  # "this spirit or one of your Dragon spirits"
        return f"{ctx.this()} or {_one_of(replace(t, or_this=False), ctx)}"
    if t.side == "you":
        return "one of your " + _kind(t, True)
    if t.side == "opponent":
        return "one of your opponent's " + _kind(t, True)
    return _article(_kind(t, False))


def _article(phrase: str) -> str:
    if phrase.startswith("other "):
        return "an" + phrase
    return ("an " if phrase[:1].lower() in "aeiou" else "a ") + phrase


def _owner(t: Target, what: str, ctx: "_Ctx | None" = None) -> str:
    """"its owner's hand" / "their owners' hands"."""
    if _is_plural(t, ctx):
        return f"their owners' {_plural_noun(what) if what != 'life' else what}"
    return f"its owner's {what}"


def _each(t: Target, ctx: _Ctx) -> str:
    """Where cores go on or come from: "this spirit", "each of your spirits", "1 opponent's spirit"."""
    text = target_text(t, ctx=ctx)
    if _is_plural(t):
        if t.mode == "all":
            return "each of " + (text[4:] if text.startswith("all ") else text)
        return "each of " + text
    return text


# ------------------------------------------------------------------ conditions (CR 8-1-4-1, 8-3-3)


def _control_text(t: Target, minimum: int) -> str:
    if minimum == 1:
        what = _article(_kind(t, False, other=False))
        if t.other:
            what = "another " + what.split(" ", 1)[1]
    else:
        what = f"{minimum} or more " + _kind(t, True, other=False)
        if t.other:
            what = f"{minimum} or more other " + _kind(t, True, other=False)
    if t.zone != "field":
        return f"there {'is' if minimum == 1 else 'are'} {what} in {_zone_words(t)}"
    if t.side == "you":
        return f"you control {what}"
    if t.side == "opponent":
        return f"your opponent controls {what}"
    return f"there {'is' if minimum == 1 else 'are'} {what} on the field"


def _count_noun(c: Count, *, subject: bool = False) -> tuple[str, str]:
    """What a Count counts, as (singular, plural) phrases with their place: ("card in your hand", "cards in your
    hand"), ("core on this spirit", ...), ("Red symbol on your field", ...). `subject`: after "your opponent has",
    their places read "their hand"."""
    if c.what == "discarded":
        t = c.cards
        return f"{_kind(t, False)} among the discarded cards", f"{_kind(t, True)} among the discarded cards"
    if c.what == "discarded_from_hand":  # ruling C-6
        t = c.cards
        return f"{_kind(t, False)} discarded by this effect", f"{_kind(t, True)} discarded by this effect"
    side = c.cards.side if c.what == "cards" else c.side
    whose = {"you": "your", "opponent": "their" if subject else "your opponent's", "any": "either player's"}[side]
    if c.what == "destroyed":
        return f"of {whose} spirits destroyed this turn", f"of {whose} spirits destroyed this turn"
    if c.what == "destroyed_symbols":  # ruling C-12
        return "symbol on the destroyed spirit", "symbols on the destroyed spirits"
    if c.what == "keyword_value":  # ruling C-10
        whose = "this card's" if c.place == "this" else "that spirit's"
        name = KEYWORD_NAMES.get(c.keyword, c.keyword)
        return f"point of {whose} 【{name}】 number", f"points of {whose} 【{name}】 number"
    if c.what == "cost":  # "equal to that spirit's cost" (ruling C-5)
        return "point of the selected card's cost", "points of the selected card's cost"
    if c.what == "level":  # "for every level this spirit has" (ruling C-3)
        return "level of this card", "levels of this card"
    if c.what == "destroyed_by_this":  # counting.py, ruling C-2
        if side == "any":
            return "spirit destroyed by this effect", "spirits destroyed by this effect"
        return f"of {whose} spirits destroyed by this effect", f"of {whose} spirits destroyed by this effect"
    if c.what == "effect_draws":
        return f"draw {whose} own effects made this turn", f"draws {whose} own effects made this turn"
    if c.what == "cards":
        t = c.cards
        one, many = _kind(t, False), _kind(t, True)
        if t.zone == "field":
            where = " on the field" if side == "any" else f" on {whose} field"
            return one + where, many + where
        return f"{one} in {whose} {t.zone}", f"{many} in {whose} {t.zone}"
    if c.what == "cores":
        if c.place == "this":
            return "core on it", "cores on it"
        where = {"field": f"on {whose} field", "reserve": f"in {whose} reserve", "life": f"in {whose} life",
                 "trash": f"in {whose} trash"}[c.place]
        return f"core {where}", f"cores {where}"
    colors = _or_list([_color(x) for x in c.colors]) + " " if c.colors else ""
    where = "on the field" if side == "any" else f"on {whose} field"
    return f"{colors}symbol {where}", f"{colors}symbols {where}"


def _per_text(d: Directive) -> str:
    """" for each card in your hand", " for each of your Dragon spirits beyond the first 2"."""
    if d.per is None:
        return ""
    one, _ = _count_noun(d.per)
    beyond = f" beyond the first {d.minus}" if d.minus else ""
    most = f", {d.most} at most" if d.most is not None else ""  # ruling C-13
    return f" for each {one}{beyond}{most}"


def _count_condition(c: Count, lo: int | None, hi: int | None) -> str:
    """"you have 3 or more cards in your hand", "there are 10 or fewer cards in your deck"."""
    if lo is not None and hi is not None:
        n = f"{lo}" if lo == hi else f"{lo} to {hi}"
    elif lo is not None:
        n = f"{lo} or more"
    elif hi == 0:  # "you have no token spirits on your field"
        n = "no"
    else:
        n = f"{hi} or fewer"
    if c.what == "effect_draws":  # "if your opponent used an effect they control to draw a card this turn"
        who = {"you": "you", "opponent": "your opponent", "any": "a player"}[c.side]
        return f"{who} used an effect of their own to draw {n} time(s) this turn"
    if c.what == "destroyed":  # "if 1 or more of your spirits have been destroyed this turn"
        whose = {"you": "of your spirits", "opponent": "of your opponent's spirits", "any": "spirits"}[c.side]
        return f"{n} {whose} {'has' if lo == hi == 1 else 'have'} been destroyed this turn"
    one, many = _count_noun(c, subject=True)
    noun = one if (lo == hi == 1) else many
    if c.what == "cores" and c.place == "this":
        return f"{{this}} has {n} {noun.replace(' on it', '')} on it"
    side = c.cards.side if c.what in ("cards", "discarded", "discarded_from_hand") else c.side
    if side == "you":
        return f"you have {n} {noun}"
    if side == "opponent":
        return f"your opponent has {n} {noun}"
    return f"there {'is' if noun == one else 'are'} {n} {noun}"


def _condition_parts(c: Condition, ctx: _Ctx, *, constant: bool) -> list[str]:
    this = ctx.this()
    parts = []
    if c.step is not None:  # "during your opponent's attack step" (with your_turn), "during the attack step"
        whose = {True: "your ", False: "your opponent's ", None: "the "}[c.your_turn]
        parts.append(f"during {whose}{c.step} step" if constant else f"it is {whose}{c.step} step")
    elif c.your_turn is not None:
        if constant:
            parts.append("during your turn" if c.your_turn else "during your opponent's turn")
        else:
            parts.append("it is your turn" if c.your_turn else "it is your opponent's turn")
    for key, word in (("attacking", "attacking"), ("blocking", "blocking")):
        val = getattr(c, key)
        if val is None:
            continue
        if constant:  # "while attacking" (CR 10-12)
            parts.append(word if val else f"not {word}")
        else:
            parts.append(f"{this} is {word}" if val else f"{this} is not {word}")
    if c.soul_core is not None:
        parts.append(f"the soul core is on {this}" if c.soul_core else f"the soul core is not on {this}")
    if c.exhausted is not None:
        parts.append(f"{this} is {'exhausted' if c.exhausted else 'refreshed'}")
    if c.life_max is not None:
        parts.append(f"your life is {c.life_max} or less")
    if c.opponent_life_max is not None:
        parts.append(f"your opponent's life is {c.opponent_life_max} or less")
    if c.life_kept is not None:  # ruling P18
        parts.append("your life is the same or higher than at the start of the turn" if c.life_kept
                     else "your life is lower than at the start of the turn")
    if c.life_lost is not None:  # ruling P14
        parts.append("you lost life this turn" if c.life_lost else "you did not lose life this turn")
    if c.less_life is not None:  # CR 3-7
        parts.append("you have less life than your opponent" if c.less_life
                     else "you do not have less life than your opponent")
    if c.symbol is not None:
        parts.append(f"you have a {_color(c.symbol)} symbol on your field")
    if c.control is not None:
        parts.append(_control_text(c.control, c.control_min))
    if c.count is not None and c.count_vs is not None:  # "the number of ... is equal to or fewer than ..." (C-7)
        _, many = _count_noun(c.count)
        _, other = _count_noun(c.count_vs[1])
        how = {"at_most": "equal to or fewer than", "at_least": "equal to or more than", "below": "fewer than",
               "above": "more than"}[c.count_vs[0]]
        parts.append(f"the number of {many} is {how} the number of {other}".replace("{this}", this))
    if c.count is not None and (c.count_min is not None or c.count_max is not None):
        parts.append(_count_condition(c.count, c.count_min, c.count_max).replace("{this}", this))
    if c.linked is not None:  # 【Link】 (docs/saga-rulings.md "Link")
        parts.append(f"{this} is linked" if c.linked else f"{this} is not linked")
    if c.it_destroyed is not None:
        parts.append("you destroyed it with this effect" if c.it_destroyed else "you did not destroy it with this effect")
    if c.it is not None:  # "if it is green" / "if it is not a spirit card"
        shape = _kind(replace(c.it, side="you"), False)
        parts.append(f"it is {'not ' if c.it_not else ''}{_article(shape)}")
    if c.burst_set is not None:  # CR 10-9-1
        parts.append("you have a burst set" if c.burst_set == "you" else "your opponent has a burst set")
    if c.same_cost is not None:  # docs/saga-rulings.md Other-11
        parts.append("all the spirits on your field cost the same" if c.same_cost else
                     "the spirits on your field do not all cost the same")
    if c.magic_used_max is not None:  # docs/saga-rulings.md, Costs: Next-1
        parts.append("you have used no magic card this turn" if c.magic_used_max == 0 else
                     f"you have used {c.magic_used_max} or fewer magic cards this turn")
    if c.soul_paid is not None:
        what = {"when_summoned": "summoning cost", "when_placed": "placing cost",
                "your_spirit_summoned": "summoning cost of that spirit",
                "you_use_magic": "cost of that magic card"}.get(ctx.trigger, "cost")
        parts.append(f"the soul core was used to pay the {what}" if c.soul_paid
                     else f"the soul core was not used to pay the {what}")
    return parts


def condition_text(c: Condition, card=None, *, constant: bool = True) -> str:
    """"while attacking and your life is 3 or less" (constant effects) or "if ..." (the others)."""
    return _condition_clause(_condition_parts(c, _ctx_for(card, None), constant=constant), constant)


def _condition_clause(parts: list[str], constant: bool) -> str:
    if not parts:
        return ""
    if not constant:
        return "if " + _join_and(parts)
    # "while during your turn" reads badly: "during your turn" stands alone when it comes first
    return _join_and(parts) if parts[0].startswith("during ") else "while " + _join_and(parts)


def _join_and(parts: list[str]) -> str:
    return _or_list(parts, "and")


# ------------------------------------------------------------------ directives (CR 8-2)


@dataclass(frozen=True)
class _Clause:
    """A directive in words. `text` stands alone ("this spirit gets +2000 BP");
    `base` follows "you may" / "to" ("have this spirit get +2000 BP")."""

    text: str
    base: str


def _imp(text: str) -> _Clause:
    return _Clause(text, text)


def _subject(subject: str, plural: bool, singular_verb: str, plural_verb: str, base_verb: str, rest: str) -> _Clause:
    rest = f" {rest}" if rest else ""
    verb = plural_verb if plural else singular_verb
    return _Clause(f"{subject} {verb}{rest}", f"have {subject} {base_verb}{rest}")


def _duration(d: Directive, effect_kind: str | None) -> str:
    # constant effects apply while they are active (CR 8-1-4); their directives have no duration of their own
    if effect_kind == "constant" or d.duration in (None, "permanent"):
        return ""
    return {"turn": "this turn", "battle": "this battle"}[d.duration]


def _signed(v) -> str:
    if isinstance(v, str):
        return v if v.startswith("-") else f"+{v}"
    return f"+{v}" if v >= 0 else str(v)


def token_annotation(token) -> str:
    """A token's information as printed (CR 4-12-2): "Token spirit/Red/0 Cost/Dragon/LV1①/BP2000/1 Red Symbol"."""
    parts = [f"Token {token.type}", "•".join(_color(c) for c in token.colors), f"{token.cost} Cost"]
    if token.families:
        parts.append("•".join(token.families))
    for lv in token.levels:
        parts.append(f"LV{lv.number}{_circled(lv.cores)}")
        if lv.bp is not None:
            parts.append(f"BP{lv.bp}")
    groups: dict[str, int] = {}
    for sym in token.symbols:
        key = "•".join(_color(c) for c in sym)
        groups[key] = groups.get(key, 0) + 1
    if groups:
        parts.append(", ".join(f"{n} {k} Symbol{'s' if n != 1 else ''}" for k, n in groups.items()))
    else:
        parts.append("No Symbol")
    return "/".join(parts)


def _token_name(token) -> str:
    name = getattr(token, "name", "") or "Token"
    return name if name.lower().endswith("token") else f"{name} token"


def _level_range(t) -> str:
    lo, hi = t.level_min, t.level_max
    if lo is not None and lo == hi:
        return f"LV{lo}"
    if lo is not None and hi is not None:
        return f"LV{lo} to LV{hi}"
    return f"LV{lo} or higher" if lo is not None else f"LV{hi} or lower" if hi is not None else ""


def _discard_text(d: Directive, per: str) -> str:
    """CR 10-2-2: from a hand; "a nexus card" when the discard names a kind."""
    n = d.amount
    if d.mode == "any_number":  # "discard any number of cards" (ruling C-6)
        return "discard any number of cards from your hand"
    what = _count(n, "card") if d.target is None else target_text(replace(d.target, count=n)).removesuffix(
        " in your hand")
    if d.side == "opponent":
        return f"your opponent discards {what} from their hand{per}"
    if d.side == "each":
        return f"each player discards {what} from their hand{per}"
    return f"discard {what} from your hand{per}"


def _clause(d: Directive, ctx: _Ctx, effect_kind: str | None) -> _Clause:
    op = d.op
    t = d.target
    dur = _duration(d, effect_kind)
    per = _per_text(d)
    if op == "draw":
        if d.keep is not None and d.per is not None:  # "... as many cards in your hand as ..." (ruling C-8)
            _, many = _count_noun(d.per)
            return _imp(f"draw cards until you have as many cards in your hand as there are {many}")
        if d.keep is not None:  # "draw cards until you have 3 cards in your hand"
            n = _count(d.keep, "card")
            return _imp({"opponent": f"your opponent draws cards until they have {n} in their hand",
                         "each": f"each player draws cards until they have {n} in their hand"}.get(
                d.side, f"draw cards until you have {n} in your hand"))
        if d.side == "opponent":
            return _imp(f"your opponent draws {_count(d.amount, 'card')}{per}")
        if d.side == "each":
            return _imp(f"you and your opponent each draw {_count(d.amount, 'card')}{per}")
        return _imp(f"draw {_count(d.amount, 'card')}{per}")
    if op == "discard":  # CR 10-2-2: from the hand unless said otherwise
        return _imp(_discard_text(d, per))
    if op == "mill":  # CR 10-2-1: from the top of the deck to the trash
        whose = "your opponent's" if d.side == "opponent" else "your"
        return _imp(f"discard {_count(d.amount, 'card')} from the top of {whose} deck{per}")
    if op == "destroy":  # CR 10-14-1
        return _imp(f"destroy {target_text(t, ctx=ctx)}")
    if op == "exhaust":  # CR 10-4
        return _imp(f"exhaust {target_text(t, ctx=ctx)}")
    if op == "heavy_exhaust":  # STD 5-16-1
        return _imp(f"heavy exhaust {target_text(t, ctx=ctx)}")
    if op == "remove_from_game":  # STD 4-9: to the removed-from-game area
        return _imp(f"remove {target_text(t, ctx=ctx)} from the game")
    if op == "refresh":  # CR 10-3
        return _imp(f"refresh {target_text(t, ctx=ctx)}")
    if op == "link":  # docs/saga-rulings.md Link-8
        return _imp(f"link up to 1 of your spirits with 【Link】 to {target_text(t, ctx=ctx)}, ignoring its 【Link】 "
                    "condition")
    if op == "select":
        return _imp(f"select {target_text(t, ctx=ctx)}")
    if op == "bounce":
        return _imp(f"return {target_text(t, ctx=ctx)} to {_owner(t, 'hand', ctx)}")
    if op == "to_deck_bottom":
        return _imp(f"put {target_text(t, ctx=ctx)} on the bottom of {_owner(t, 'deck', ctx)}")
    if op == "to_deck_top" and d.side == "owner":  # the owner chooses, card by card
        return _imp(f"put {target_text(t, ctx=ctx)} on the top or the bottom of {_owner(t, 'deck', ctx)}, as its "
                    f"owner chooses")
    if op == "to_deck_top":
        return _imp(f"put {target_text(t, ctx=ctx)} on top of {_owner(t, 'deck', ctx)}")
    if op == "bp":  # CR 8-8-1-3: ② level BP, ③ set, ④ add
        subject = target_text(t, ctx=ctx)
        plural = _is_plural(t, ctx)
        if d.level is not None:
            subject = f"the LV{d.level} BP of {subject}"
            if d.mode == "set":
                return _subject(subject, False, "becomes", "become", "become", _join(f"{d.amount}", dur))
            return _subject(subject, False, "gets", "get", "get", _join(_signed(d.amount), dur))
        if d.mode == "set":
            return _subject(f"the BP of {subject}", False, "becomes", "become", "become", _join(f"{d.amount}", dur))
        return _subject(subject, plural, "gets", "get", "get", _join(f"{_signed(d.amount)} BP{per}", dur))
    if op == "level":  # CR 8-8-1-3-2
        subject = target_text(t, ctx=ctx)
        plural = _is_plural(t, ctx)
        if d.mode == "set":
            rest = ("treated as its highest level" if not plural else "treated as their highest level") \
                if d.amount == "max" else f"treated as LV{d.amount}"
        else:
            amount = d.amount
            down = (isinstance(amount, int) and amount < 0) or amount == "-X"
            n = amount.lstrip("-") if isinstance(amount, str) else abs(amount)
            rest = f"treated as {n} level{'s' if n != 1 else ''} {'lower' if down else 'higher'}"
        if d.level is not None:
            rest += f" while at LV{d.level}"
        return _subject(subject, plural, "is", "are", "be", _join(rest, dur))
    if op == "core_charge":
        return _imp(f"put {_count(d.amount, 'core')} from {_core_source(d)} on {_each(t, ctx)}{per}")
    if op == "core_remove":
        dest = {"reserve": _owner(t, "reserve", ctx), "trash": _owner(t, "trash", ctx), "void": "the void",
                "life": "your life"}[d.to]
        if d.keep is not None:
            return _imp(f"send all but {_count(d.keep, 'core')} from {_each(t, ctx)} to {dest}")
        if d.mode == "up_to":
            return _imp(f"send up to {_count(d.amount, 'core')} from {_each(t, ctx)} to {dest}")
        return _imp(f"send {_count(d.amount, 'core')} from {_each(t, ctx)} to {dest}{per}")
    if op == "feast":  # 【Feast】 (docs/saga-rulings.md, "Feast and Chain")
        times = "" if d.amount == 1 and not per else " once" if d.amount == 1 else f" {d.amount} times"
        return _imp(f"activate 【Feast】{times}{per}")
    if op == "life_gain":
        where = {"reserve": "your reserve", "trash": "your trash"}.get(d.cores_from, "the void")
        return _imp(f"put {_count(d.amount, 'core')} from {where} into your life{per}")
    if op == "core_gain":
        return _imp(f"put {_count(d.amount, 'core')} from {_core_source(d)} into your {d.to or 'reserve'}{per}")
    if op == "life_damage":
        n = _count(d.amount, "core")
        to = "trash" if d.to == "trash" else "reserve"
        if d.player == "you":
            return _imp(f"send {n} from your life to your {to}{per}")
        if d.player == "both":  # at once: both at 0 is a draw (CR 1-2-3)
            return _imp(f"send {n} from each player's life to their {to}{per}")
        return _imp(f"send {n} from your opponent's life to their {to}{per}")
    if op == "pay_cores":  # the brief form of a core payment in an effect cost (CR 8-4)
        return _imp(f"send {_count(d.amount, 'core')} from your reserve to your trash")
    if op == "cores_onto_this":  # an effect cost (docs/saga-rulings.md, Costs: Onto-1)
        return _imp(f"move all cores from {target_text(t, ctx=ctx)} onto this spirit")
    if op == "pay_soul":  # the soul core paid in an effect cost (docs/saga-rulings.md, Costs: Soul-1)
        if d.target is not None:
            return _imp("send the soul core on this spirit to your trash")
        return _imp("send your soul core from your reserve or your field to your trash")
    if op == "token":  # CR 4-12-2
        name = _token_name(d.token if d.token is not None else type("Ref", (), {"name": d.token_ref})())
        many = d.amount != 1
        noun = name + "s" if many and name.lower().endswith("token") else name
        how = " exhausted" if d.token_exhausted else ""
        if d.token_ref is not None:  # its stats from the player's token table; its LV1 cores as a summon's (CR 10-6-7)
            stats = token_annotation(d.token) if d.token is not None else "stats from your token table"
            return _imp(f"summon {d.amount} of your {noun}{how} ({stats}), each with its LV1 cores from your field "
                        "or reserve")
        return _imp(f"summon {d.amount} {noun}{how} ({token_annotation(d.token)})")
    if op == "search":
        take = d.target
        lead = {"exact": f"{take.count} ", "up_to": f"up to {take.count} ", "any_number": "any number of ",
                "all": "all "}[take.mode]
        # the take filter names cards in the revealed pile, never on the field
        take_kind = _kind(replace(take, zone="hand", side="you"), _is_plural(take))
        rest = {"bottom": "put the rest on the bottom of your deck in any order", "trash": "put the rest in your trash",
                "top": "return the rest to the top of your deck in the same order",
                "top_any": "return the rest to the top of your deck in any order",
                "shuffle": "shuffle the rest into your deck"}[d.to]
        turn = "reveal" if d.reveal else "look at"
        if d.into == "field":
            verb = "place" if take.type == "nexus" else "summon"
            take_text = (f"{verb} {lead}{take_kind} from among them without paying the cost, with "
                         f"{'their' if _is_plural(take) else 'its'} LV1 cores from {_cores_from(d)}")
        elif d.into in ("bottom", "top"):
            take_text = f"put {lead}{take_kind} from among them on the {d.into} of your deck in any order"
        elif d.into == "trash":
            take_text = f"discard {lead}{take_kind} from among them"
        else:
            take_text = f"add {lead}{take_kind} from among them to your hand"
        top = f"{_top(d.look)} of your deck" if d.per is None else \
            f"{_count(d.look, 'card')} from the top of your deck{_per_text(d)}"
        if d.look_instead is not None:  # "(the top 5 cards instead if ...)"
            cond = _condition_clause(_condition_parts(d.look_instead[0], ctx, constant=False), False)
            top += f" ({_top(d.look_instead[1])} instead {cond})"
        return _imp(f"{turn} {top}, {take_text} and {rest}")
    if op == "summon" and t.ref == "this":  # the card itself, from the trash (Costs: Revive-1)
        verb = "place" if ctx.card_type == "nexus" else "summon"
        where = "from the burst area" if t.zone == "resolving" else "from your trash"
        return _imp(f"{verb} this card {where}{' exhausted' if d.exhausted else ''} without paying its "
                    f"cost, with its LV1 cores from {_cores_from(d)}")
    if op == "summon":  # "without paying its cost" (CR 10-6-1, 10-7-1)
        lead = {"exact": f"{t.count} ", "up_to": f"up to {t.count} ", "any_number": "any number of ",
                "all": "all "}[t.mode]
        verb = "place" if t.type == "nexus" else "summon"
        plural = _is_plural(t)
        state = " exhausted" if d.exhausted else ""
        if d.paid and d.cores_from == "reserve":  # only cores of the reserve (Costs: Reserve-1)
            return _imp(f"{verb} {lead}{_kind(t, plural)} from your {t.zone}{state}, paying its cost and placing its "
                        "LV1 cores with cores from your reserve only")
        if d.paid:  # the summon as from the hand: its cost paid, its LV1 cores placed (CR 10-6-6, 10-6-7)
            quiet = "; its \"When Summoned\" effects are not triggered" if d.muted else ""  # ruling P22
            return _imp(f"{verb} {lead}{_kind(t, plural)} from your {t.zone}{state}, paying its cost{quiet}")
        quiet = (f"; the \"When {'Placed' if verb == 'place' else 'Summoned'}\" effects on "
                 f"{'them' if plural else 'it'} are not triggered") if d.muted else ""  # ruling P22
        return _imp(f"{verb} {lead}{_kind(t, plural)} from your {t.zone}{state} without paying "
                    f"{'their' if plural else 'its'} cost, with {'their' if plural else 'its'} LV1 cores from "
                    f"{_cores_from(d)}{quiet}")
    if op == "look":  # CR 12-3: only you see them; a deck is shuffled afterwards
        if d.to == "hand":
            return _imp("look at your opponent's hand")
        whose = "your" if d.side == "you" else "your opponent's"
        return _imp(f"look at {_top(d.look)} of {whose} deck, then shuffle that deck")
    if op == "recover" and t.ref is not None:
        return _imp(f"return {target_text(t, ctx=ctx)} from your trash to your hand")
    if op == "recover":
        lead = {"exact": f"{t.count} ", "up_to": f"up to {t.count} ", "any_number": "any number of ",
                "all": "all "}[t.mode]
        where = "from among the discarded cards" if d.among == "discarded" else f"from {_zone_words(t)}"
        return _imp(f"return {lead}{_kind(t, _is_plural(t))} {where} to your hand")
    if op == "grant" and d.family is not None:
        return _subject(target_text(t, ctx=ctx), _is_plural(t, ctx), "gains", "gain", "gain",
                        _join(f"the {d.family} spirit type", dur))
    if op == "grant":
        kw = keyword_text(d.keyword)
        if d.keyword.levels:
            kw += f" at {' and '.join(f'LV{n}' for n in d.keyword.levels)}"
        return _subject(target_text(t, ctx=ctx), _is_plural(t, ctx), "gains", "gain", "gain", _join(kw, dur))
    if op == "restrict" and d.cannot in _PROTECTION_WORDS:
        what = _PROTECTION_WORDS[d.cannot]
        if d.by is not None:
            what += " by " + _effects_of(d.by, "destruction effects" if d.cannot == "be_destroyed" else "effects")
        if d.cannot == "trigger_when_destroyed":  # CR 10-15-1
            return _Clause(_join(f"the \"When Destroyed\" effects on {target_text(t, ctx=ctx)} are not triggered", dur),
                           _join(f"have the \"When Destroyed\" effects on {target_text(t, ctx=ctx)} not triggered",
                                 dur))
        if d.cannot == "trigger_when_blocks":  # ruling P16
            whose = {"you": "your ", "opponent": "your opponent's "}.get(d.by.side, "")
            them = f"{target_text(t, ctx=ctx)} blocking {whose}{_kind(d.by, True)}"
            return _Clause(_join(f"the \"When Blocks\" effects on {them} are not triggered", dur),
                           _join(f"have the \"When Blocks\" effects on {them} not triggered", dur))
        if d.cannot in ("reduce_life", "reduce_life_to_zero", "reduce_life_beyond_one"):
            return _Clause(_join(f"the attacks of {target_text(t, ctx=ctx)} cannot {what}", dur),
                           _join(f"have the attacks of {target_text(t, ctx=ctx)} be unable to {what}", dur))
        return _Clause(_join(f"{target_text(t, ctx=ctx)} cannot {what}", dur),
                       _join(f"have {target_text(t, ctx=ctx)} be unable to {what}", dur))
    if op == "restrict" and d.cannot == "refresh_step":  # CR 6-5-2
        when = "the refresh step" if effect_kind == "constant" else "its owner's next refresh step"
        subject = target_text(t, ctx=ctx)
        return _Clause(f"{subject} does not refresh during {when}", f"have {subject} not refresh during {when}")
    if op == "restrict":
        what = d.cannot.replace("_", " ")
        if d.by is not None:  # the blockers kept out are the opponent's: no need to say whose
            what += " by " + _kind(replace(d.by, side="any"), True)
        if d.amount is not None:  # an attack's cost (docs/saga-rulings.md, Costs: Tax-1)
            what += f" unless their controller pays {d.amount} core{'s' if d.amount != 1 else ''} from their reserve"
        return _Clause(_join(f"{target_text(t, ctx=ctx)} cannot {what}", dur),
                       _join(f"have {target_text(t, ctx=ctx)} be unable to {what}", dur))
    if op == "count_symbols":  # docs/saga-rulings.md, Costs: Sym-1
        of = ctx.this() if d.by.ref == "this" else "your " + _kind(replace(d.by, side="any"), True)
        if d.mode == "also":  # docs/saga-rulings.md "Card names without quotation marks", N-2
            return _imp(f"for the cost reduction of {_kind(replace(t, side='any'), True)} in {_zone_words(t)}, each "
                        f"symbol on {of} is {_or_list([_color(c) for c in d.colors], 'and')} as well")
        if d.mode == "gain":
            more = _or_list([_color(c) for c in d.colors], "and")
            return _imp(f"for the cost reduction of {_kind(replace(t, side='any'), True)} in {_zone_words(t)}, {of} "
                        f"has {len(d.colors)} more symbol{'s' if len(d.colors) != 1 else ''} ({more})")
        as_ = f"{d.amount} {_color(d.colors[0])} symbols" if d.colors else f"{d.amount} symbols"
        return _imp(f"for the cost reduction of {_kind(replace(t, side='any'), True)} in {_zone_words(t)}, each "
                    f"symbol on {of} counts as {as_}")
    if op == "cost_next":  # docs/saga-rulings.md, Costs: Next-1
        n = abs(d.amount)
        return _imp(f"the next {_kind(replace(t, side='any'), False)} you use from your hand this turn costs {n} "
                    f"{'more' if d.amount >= 0 else 'less'}")
    if op == "cost" and d.mode == "set":  # CR 10-6-4, 10-7-4, 10-8-4: its own cost, determined in the hand
        return _imp(f"this card costs {d.amount} in your hand")
    if op == "cost" and d.mode == "full":  # its reduction symbols all fulfilled in the hand (Costs: Full-1)
        return _imp("all of this card's reduction symbols are fulfilled when you summon or place it from your hand")
    if op == "during":  # a trigger lasting this turn or battle ("during this turn, when ...")
        dur = {"turn": "during this turn", "battle": "during this battle"}[d.duration]
        watch = replace(d.by or Target(), side=WATCH_TRIGGERS[d.trigger], zone="field")
        one = "that spirit" if d.target is not None else _one_of(watch, _Ctx())
        when = _WATCH_LABELS[d.trigger].format(one=one, a=_article(_kind(watch, False)))
        inner = ", then ".join(_sentences(d.instead, replace(ctx, trigger=d.trigger), effect_kind))
        return _imp(f"{dur}, {when[0].lower()}{when[1:]}, {inner}")
    if op == "later":  # CR 7-1-6-1, 6-8-1-1: the directives wait for that moment
        when = {"battle_end": "when this battle ends", "turn_end": "at the end of this turn"}[d.at]
        inner = ", then ".join(_sentences(d.instead, ctx, effect_kind))
        return _Clause(f"{when}, {inner}", f"{when}, {inner}")
    if op == "allow":  # CR 1-3-1 over CR 7-1-3-1
        whom = "" if d.by is None else " " + _kind(replace(d.by, side="any"), True)  # the attackers it may block
        return _Clause(_join(f"{target_text(t, ctx=ctx)} can block{whom} while exhausted", dur),
                       _join(f"let {target_text(t, ctx=ctx)} block{whom} while exhausted", dur))
    if op == "cost":  # CR 10-6-4
        n = abs(d.amount)
        return _imp(f"{_kind(t, True)} in {_zone_words(t)} cost {n} {'more' if d.amount >= 0 else 'less'}")
    if op == "reduction":  # CR 2-7
        counts: dict = {}
        for c in d.colors:
            counts[c] = counts.get(c, 0) + 1
        symbols = _or_list([(f"an additional {_color(c)} reduction symbol" if n == 1 else
                             f"{n} additional {_color(c)} reduction symbols") for c, n in counts.items()], "and")
        return _imp(f"{_kind(t, True)} in {_zone_words(t)} have {symbols}")
    if op == "symbol":  # CR 8-8: "is treated as having 2 Red symbols", "gets an additional Green symbol"
        counts = {}
        for c in d.colors:
            counts[c] = counts.get(c, 0) + 1
        subject, plural = target_text(t, ctx=ctx), _is_plural(t, ctx)
        if d.mode == "set":
            having = _or_list([_count(n, f"{_color(c)} symbol") for c, n in counts.items()], "and")
            return _subject(subject, plural, "is", "are", "be", _join(f"treated as having {having}", dur))
        extra = _or_list([(f"an additional {_color(c)} symbol" if n == 1 else f"{n} additional {_color(c)} symbols")
                          for c, n in counts.items()], "and")
        return _subject(subject, plural, "gets", "get", "get", _join(extra, dur))
    if op == "lose_effects":  # docs/saga-rulings.md: "LV1 effects" are those listed for LV1
        what = "effects" if d.level is None else f"LV{d.level} effects"
        return _subject(target_text(t, ctx=ctx), _is_plural(t, ctx), "loses", "lose", "lose",
                        f"{'their' if _is_plural(t, ctx) else 'its'} {what} and cannot regain them")
    if op == "end_attack_step":  # CR 6-7-3-2
        return _imp("end the attack step")
    if op == "spare_battle":  # CR 7-1-5-2-1
        return _imp("neither spirit of this battle is destroyed by comparing BP")
    if op == "must_attack":  # the card's text over CR 6-7-3-2 (CR 1-3-1)
        return _imp(f"{target_text(t, ctx=ctx)} must attack if able")
    if op == "attack_spirit":  # CR 10-10-1: the spirit attacked blocks at once
        attacker = ctx.this() if ctx.card_type == "spirit" else "the attacking spirit"
        return _subject(attacker, False, "attacks", "attack", "attack", target_text(t, ctx=ctx))
    if op == "substitute":  # CR 8-9-1
        return _imp(_substitute(d, ctx, effect_kind))
    raise ValueError(f"no wording for directive {op!r}")


# the protections (rules/bss/protection.py) as the text says them
_PROTECTION_WORDS = {"be_selected": "be selected", "be_destroyed": "be destroyed", "lose_cores": "have cores removed",
                     "be_returned": "be returned to the hand or deck", "be_discarded": "be discarded",
                     "be_destroyed_in_battle": "be destroyed in battle",
                     "reduce_life": "reduce life", "reduce_life_to_zero": "reduce life to 0",
                     "trigger_when_blocks": "have the \"When Blocks\" effects on it triggered",
                     "reduce_life_beyond_one": "reduce life by more than 1 with each attack's damage",
                     "trigger_when_destroyed": "have the \"When Destroyed\" effects on it triggered"}


def _effects_of(by, effects: str) -> str:
    """"your opponent's effects", "the destruction effects of your opponent's spirits": the effects a protection
    keeps out, by their cards."""
    whose = {"you": "your", "opponent": "your opponent's", "any": "any player's"}[by.side]
    if by.type == "any" and not by.colors and by.family is None and not by.families:
        return f"{whose} {effects}"
    return f"the {effects} of {whose} {_kind(replace(by, side='any', mode='all'), True)}"


def _top(n: int) -> str:
    """"the top card", "the top 3 cards"."""
    return "the top card" if n == 1 else f"the top {n} cards"


def _cores_from(d: Directive) -> str:
    return "the void" if d.cores_from == "void" else "your reserve"


def _join(*parts: str) -> str:
    return " ".join(p for p in parts if p)


def _event_phrase(d: Directive, ctx: _Ctx) -> str:
    who = _one_of(d.target, ctx)
    by = " by your opponent" if d.by_opponent else ""
    if d.by_effect:  # ruling P17
        by = " by your opponent's destruction effects" if d.by_opponent else " by destruction effects"
    return f"when {who} would be destroyed{by}"


def _substitute(d: Directive, ctx: _Ctx, effect_kind, *, optional: bool = False, cost: str = "") -> str:
    if d.event == "trash":  # ruling P21: destroyed, and into the hand instead of the trash
        return (f"{_event_phrase(d, ctx)}, you may exhaust {ctx.this()} to put that spirit into its owner's hand "
                "instead of the trash")
    inner = _Ctx(ctx.card_type, ctx.trigger, it=d.target.ref == "this")
    clauses = [_clause(x, inner, effect_kind) for x in d.instead]
    if cost:
        body = f"you may {cost} to instead " + ", then ".join(c.base for c in clauses)
    elif optional:
        body = "you may instead " + ", then ".join(c.base for c in clauses)
    else:
        body = "instead " + ", then ".join(c.text for c in clauses)
    return f"{_event_phrase(d, ctx)}, {body}"


def directive_text(d: Directive, card=None, *, effect: Effect | None = None) -> str:
    """One directive as a sentence, e.g. "Destroy 1 opponent's spirit with 4000 BP or less."."""
    ctx = _ctx_for(card, effect)
    return _cap(_clause(d, ctx, effect.kind if effect else None).text) + "."


# ------------------------------------------------------------------ effects (CR 8-1)

_TRIGGER_LABELS = {
    "when_summoned": "When Summoned",
    "when_placed": "When Placed",
    "when_attacks": "When Attacks",
    "when_blocks": "When Blocks",
    "when_attacks_or_blocks": "When Attacks/Blocks",
    "when_blocked": "When Its Attack Is Blocked",
    "when_destroyed": "When Destroyed",
    "when_destroyed_by_opponent": "When Destroyed by Opponent",
    "when_battle_ends": "When Battle Ends",
    "when_attack_ends": "When the Battle It Attacks In Ends",
    "when_block_ends": "When the Battle It Blocks In Ends",
    "life_reduced": "When your life is reduced",
    "life_gained": "When your life increases",
    "your_spirit_destroyed": "When one of your spirits is destroyed",
    "opponent_spirit_destroyed": "When one of your opponent's spirits is destroyed",
    "opponent_summons": "When your opponent summons a spirit",
    "opponent_attacks": "When one of your opponent's spirits attacks",
    "when_exhausted": "When Exhausted",
    "when_refreshed": "When Refreshed",
    "when_attack_reduces_life": "When Its Attack Reduces Life",
    "opponent_summon_effect": "When your opponent's spirit's \"When Summoned\" effect has resolved",
    "when_wins_battle": "When It Destroys a Spirit by Comparing BP",
    "when_destroys": "When It Destroys an Opponent's Spirit",
    "opponent_spirit_destroyed_bp_zero": "When one of your opponent's spirits is destroyed by its BP becoming 0",
    "opponent_spirit_destroyed_cores_by_you": "When one of your effects destroys one of your opponent's spirits by "
                                              "taking its cores",
    "your_spirit_destroys": "When one of your spirits destroys an opponent's spirit",
    "your_spirit_effect_destroys": "When an effect of one of your spirits destroys an opponent's spirit",
    "your_spirit_or_magic_destroys": "When one of your spirits or magic cards destroys an opponent's spirit",
    "your_spirit_summoned_from_trash": "When a spirit is summoned from your trash",
    "you_draw_by_effect": "When you draw with one of your effects",
    "when_higher_bp": "When Its BP Is Higher in Battle",
    "your_spirit_summoned_with_swift": "When one of your spirits is summoned with 【Swift】",
    "your_spirit_wins_battle_against": "When one of your spirits destroys one of your opponent's spirits by "
                                       "comparing BP",
    "your_spirit_destroyed_by_opponent_spirit": "When one of your spirits is destroyed by one of your opponent's "
                                                "spirits",
    "trash_opponent_spirit_destroyed_bp_zero": "In your trash: when one of your opponent's spirits is destroyed by "
                                               "its BP becoming 0",
    "you_use_magic": "When you use a magic card",
    "your_nexus_exhausted": "When one of your nexuses is exhausted",
    "your_nexus_placed": "When you place a nexus",
    "your_nexus_destroyed_by_opponent": "When one of your nexuses is destroyed by your opponent",
    "opponent_uses_magic": "When your opponent uses a magic card",
    "opponent_uses_magic_from_hand": "When your opponent uses a magic card from their hand",
    "you_use_magic_from_hand": "When you use a magic card from your hand",
    "opponent_draws": "When your opponent draws",
    "opponent_draws_by_effect": "When your opponent uses one of their effects to draw",
    "draw_step_draw": "After your draw step's draw",
    "opponent_life_gained": "When a core is put into your opponent's life",
    "opponent_places_void_cores": "When your opponent's effect puts cores from the void on their spirit or in their "
                                  "reserve",
    "your_card_discarded": "When a card is discarded from your hand",
    "opponent_spirit_returned": "When one of your opponent's spirits is returned to their hand or deck",
    "opponent_spirit_returned_to_hand": "When one of your opponent's spirits is returned to their hand",
    "opponent_draws_outside_draw_step": "When your opponent draws outside of their draw step",
    "when_depleted": "When Depleted",
    "your_spirit_depleted": "When one of your spirits is depleted",
    "opponent_spirit_depleted": "When one of your opponent's spirits is depleted",
    "at_battle_resolution": "At Battle Resolution",
    "when_links": "When This Spirit Links",
    "when_linked": "When This Spirit Is Linked",
    "cores_placed_in_reserve": "When a core is placed into your reserve",
    "when_cores_placed": "When a core is placed onto this card",
    "opponent_card_milled": "When a card is discarded from your opponent's deck",
    "your_crush_milled": "When a card is discarded by your 【Crush】",
    "your_effect_exhausts_opponent_spirit": "When one of your effects exhausts one of your opponent's spirits",
    "opponent_spirit_exhausted_by_gale": "When one of your opponent's spirits is exhausted by 【Gale】",
    "your_spirit_emptied_by_awaken": "When your 【Awaken】 leaves one of your spirits without cores",
    "your_spirit_battle_ends": "When a battle with one of your spirits ends",
    "opponent_effect_mills_you": "When your opponent's effect discards cards from your deck",
    "when_milled_by_opponent": "When this card is discarded from your deck by your opponent's effect",
    "your_spirit_card_to_trash": "When a spirit card is placed into your trash",
    "your_spirit_effect_mills_opponent": "When an effect of one of your spirits discards a card from your "
                                         "opponent's deck",
}
# triggers watching one of several cards: the label names which ("{one}": "one of your Dragon spirits")
_WATCH_LABELS = {
    "your_spirit_destroyed": "When {one} is destroyed",
    "your_spirit_destroyed_by_opponent": "When {one} is destroyed by your opponent",
    "your_spirit_destroyed_by_effect": "When {one} is destroyed by an effect",
    "your_spirit_destroyed_in_battle": "When {one} is destroyed in battle",
    "opponent_spirit_destroyed_in_battle": "When {one} is destroyed in battle",
    "your_nexus_destroyed_by_opponent": "When {one} is destroyed by your opponent",
    "your_spirit_higher_bp": "When {one} has the higher BP as BP are compared",
    "your_spirit_cores_zeroed": "When {one} has its cores reduced to zero by your opponent's effect",
    "your_spirit_destroyed_by_your_effect": "When you destroy {one} with one of your effects",
    "opponent_spirit_destroyed": "When {one} is destroyed",
    "opponent_summons": "When your opponent summons {a}",
    "opponent_attacks": "When {one} attacks",
    "opponent_blocks": "When {one} blocks",
    "your_spirit_attacks": "When {one} attacks",
    "your_spirit_blocks": "When {one} blocks",
    "your_spirit_blocked": "When {one} is blocked",
    "your_spirit_summoned": "When {one} is summoned",
    "your_spirit_reduces_life": "When {one} reduces your opponent's life with its attack",
    "opponent_spirit_reduces_life": "When your life is reduced by an attack from {one}",
    "your_spirit_wins_battle": "When {one} destroys an opponent's spirit by comparing BP",
    "opponent_spirit_destroyed_bp_zero": "When {one} is destroyed by its BP becoming 0",
    "opponent_spirit_destroyed_cores_by_you": "When one of your effects destroys {one} by taking its cores",
    "your_spirit_destroys": "When {one} destroys an opponent's spirit",
    "your_spirit_effect_destroys": "When an effect of {one} destroys an opponent's spirit",
    "your_spirit_or_magic_destroys": "When {one} (a spirit, or a magic card's effect) destroys an opponent's spirit",
    "your_spirit_summoned_from_trash": "When {one} is summoned from your trash",
    "your_spirit_summoned_with_swift": "When {one} is summoned with 【Swift】",
    "your_spirit_wins_battle_against": "When one of your spirits destroys {one} by comparing BP",
    "your_spirit_destroyed_by_opponent_spirit": "When {one} is destroyed by one of your opponent's spirits",
    "trash_opponent_spirit_destroyed_bp_zero": "In your trash: when {one} is destroyed by its BP becoming 0",
    "you_use_magic": "When you use {a}",
    "your_nexus_exhausted": "When {one} is exhausted",
    "your_nexus_placed": "When you place {a}",
    "opponent_uses_magic": "When your opponent uses {a}",
    "opponent_uses_magic_from_hand": "When your opponent uses {a} from their hand",
    "you_use_magic_from_hand": "When you use {a} from your hand",
    "your_card_discarded": "When {a} is discarded from your hand",
    "your_spirit_depleted": "When {one} is depleted",
    "opponent_spirit_depleted": "When {one} is depleted",
    "your_spirit_linked": "When {one} is linked",
    "opponent_card_milled": "When {a} is discarded from your opponent's deck",
    "your_crush_milled": "When {a} is discarded by your 【Crush】",
    "your_effect_exhausts_opponent_spirit": "When one of your effects exhausts {one}",
    "opponent_spirit_exhausted_by_gale": "When {one} is exhausted by 【Gale】",
    "your_spirit_battle_ends": "When a battle with {one} ends",
    "your_spirit_card_to_trash": "When {a} card is placed into your trash",
    "your_spirit_effect_mills_opponent": "When an effect of {one} discards a card from your opponent's deck",
}
# restriction tags (STD 12-3), printed before the effect's label
LIMIT_TAGS = {"once_per_turn": "〔Once per turn〕", "unstackable": "〔Unstackable〕",
              "unstackable_once_per_turn": "〔Unstackable・Once per turn〕", "first_time": "(The first time each turn)"}
_BURST_SET_LABELS = {"you": "When you set a burst", "opponent": "When your opponent sets a burst",
                     "any": "When a burst is set"}
_BURST_LABELS = {
    "life_reduced": "after your life is reduced",
    "your_spirit_destroyed": "after your spirit is destroyed",
    "your_spirit_destroyed_by_opponent": "after your opponent destroys your spirit",
    "opponent_summons": "after your opponent's summoning",
    "opponent_attacks": "after your opponent's attack",
    "opponent_summon_effect": "after your opponent's \"When Summoned\" effect",
}
_WHOSE = {"you": "your", "opponent": "your opponent's", "any": "each player's"}
_WHOSE_TURN = {"you": "your turn", "opponent": "your opponent's turn", "any": "each turn"}


def trigger_label(effect: Effect) -> str:
    """The label before a triggered effect or burst: "(When Attacks)", "(Start of your opponent's main step)",
    "Burst (after your life is reduced):"."""
    trig = effect.trigger
    if effect.kind == "burst":
        return f"Burst ({_BURST_LABELS[trig]}):"
    if trig == "start_of_step":
        return f"(Start of {_WHOSE[effect.whose or 'you']} {effect.step} step)"
    if trig == "end_of_turn":
        return f"(End of {_WHOSE_TURN[effect.whose or 'you']})"
    if trig == "burst_set":
        return f"({_BURST_SET_LABELS[effect.whose or 'you']})"
    if trig == "opponent_effect_mills_you" and effect.reach:  # ruling R-5: one discard of that many
        return f"(When your opponent's effect discards {effect.reach} or more cards from your deck)"
    if trig == "cores_reach":  # STD 13-1-1: reached by an increase
        if not effect.reach:
            return "(When cores are put on this card)"
        return f"(When this card has {effect.reach} or more cores)"
    if trig in _WATCH_LABELS and (effect.watch is not None or trig not in _TRIGGER_LABELS):
        watch = replace(effect.watch or Target(), side=WATCH_TRIGGERS[trig], zone="field")
        return "(" + _WATCH_LABELS[trig].format(one=_one_of(watch, _Ctx()), a=_article(_kind(watch, False))) + ")"
    return f"({_TRIGGER_LABELS[trig]})"


def _timing_label(timing) -> str:
    # CR 8-1-3-1, 8-1-6-1
    if timing == {"main", "flash"}:
        return "Main/Flash:"
    if timing == {"flash"}:
        return "Flash:"
    return "Main:"


def _label(effect: Effect) -> str:
    if effect.kind in ("triggered", "burst"):
        return trigger_label(effect)
    if effect.kind == "constant":
        return "Constant:"
    return _timing_label(effect.timing)


def _selected_words(t: Target) -> tuple:
    """How "it" reads after a directive selected by `t`: "it", or "those spirits" (CR 8-5-3)."""
    if not _is_plural(t):
        return ("it", False)
    noun = _PLAIN_NOUNS[t.type] + (" card" if t.zone != "field" and t.type in ("spirit", "nexus") else "")
    return ("those " + _plural_noun(noun), True)


def _sentences(do, ctx: _Ctx, kind: str, *, base: bool = False) -> list[str]:
    """Each directive as a clause, with its own "you may", "if ..." and "if you do" (CR 8-1-8); `base` gives the
    forms that follow "you may ... to"."""
    out = []
    for x in do:
        c = _clause(x, ctx, kind)
        text = f"you may {c.base}" if x.may else f"you must {c.base}" if x.must else (c.base if base else c.text)
        if x.cond is not None:
            text = f"{_condition_clause(_condition_parts(x.cond, ctx, constant=False), False)}, {text}"
        if x.if_done:
            text = f"if you do, {text}"
        if x.after:  # STD 5-19-3
            text = f"after this effect resolves, {text}"
        out.append(text)
        if x.quiet:  # CR 10-15-1
            out.append("your opponent's \"When Destroyed\" effects are not triggered by this destruction")
        if x.target is not None and x.target.ref is None:
            ctx = replace(ctx, selected=_selected_words(x.target))
        elif x.op == "token" and x.token_ref is not None:  # "them": the tokens it summoned (rules/bss/tokens.py)
            ctx = replace(ctx, selected=("them", True) if x.amount != 1 else ("it", False))
    return out


def _body(effect: Effect, ctx: _Ctx) -> str:
    kind = effect.kind
    cost = " and ".join(_clause(c, ctx, kind).base for c in effect.cost)  # CR 8-4-1: "you may ... to ..."
    cond = ""
    if effect.condition is not None:
        cond = _condition_clause(_condition_parts(effect.condition, ctx, constant=kind == "constant"),
                                 kind == "constant")
        cond = cond + ", " if cond else ""
    do = effect.do
    if len(do) == 1 and do[0].op == "substitute":
        sentences = [cond + _substitute(do[0], ctx, kind, optional=effect.optional, cost=cost)]
    elif cost or effect.optional:  # CR 8-1-8
        joined = ", then ".join(_sentences(do, ctx, kind, base=True))
        sentences = [cond + (f"you may {cost} to {joined}" if cost else f"you may {joined}")]
    else:
        sentences = _sentences(do, ctx, kind)
        sentences[0] = cond + sentences[0]
    # "Constant: while attacking, ..." keeps its condition in lower case; every other sentence starts a capital
    first = sentences[0] if cond and kind == "constant" and not effect.x_max else _cap(sentences[0])
    text = " ".join(s + "." for s in [first] + [_cap(s) for s in sentences[1:]])
    if effect.x_max is not None:  # CR 4-6-2: the controller chooses X, once for the whole effect (CR 4-6-3)
        text = f"Choose X (up to {effect.x_max}). {text}"
    if effect.chain_color:  # CR 11-15: a continuation, active with a symbol of its colour (each in turn, Chain-1)
        for color, directives in ((effect.chain_color, effect.chain), *effect.more_chains):
            chain = " ".join(_cap(s) + "." for s in _sentences(directives, ctx, kind))
            text += f" 【{KEYWORD_NAMES['chain']}: {_color(color)}】 {chain}"
    if effect.then_use:  # CR 10-9: a burst that goes on to use its card's main/flash effect
        text += f" Then you may pay this card's cost to use its {effect.then_use.capitalize()} effect."
    return text


def effect_text(effect: Effect, card=None) -> str:
    """One effect as printed: "[LV2][LV3] (When Attacks) Destroy 1 opponent's spirit with 4000 BP or less."

    A manual effect shows its stored text followed by " (resolved by hand)".
    """
    if effect.manual:
        return f"{effect.text.strip()} (resolved by hand)"
    ctx = _ctx_for(card, effect)
    head = " ".join(p for p in (_levels(effect.levels), LIMIT_TAGS.get(effect.limit, ""), _label(effect)) if p)
    return f"{head} {_body(effect, ctx)}"


def _field_lines(card) -> list[str]:
    """What Battle Spirits Standard's card fields say (docs/card-format.md, "Another game's fields"), as text lines
    before the keywords: 《Super Unleash》 (STD 12-2-1-1), 《Soul Magic》 (12-2-1-2-1), 《Succession》 (12-2-1-3) and
    an EX symbol (2-10-3)."""
    x, out = card.extra, []
    if x.get("super_unleash"):
        out.append(f"《Super Unleash》 With the soul core on it, this card is at LV{x['super_unleash']} or higher.")
    if x.get("soul_magic"):
        colour = _color(x["soul_magic"])
        out.append(f"《Soul Magic: {colour}》 While you have a {colour} symbol on your field, you may pay this card's "
                   "cost with the soul core alone.")
    if x.get("succession"):
        out.append("《Succession》 As you pay its cost, you may remove cards with an EX symbol in your trash from the "
                   "game: each one counts as one of its reduction symbols.")
    if x.get("ex_symbol"):
        out.append("〔EX symbol〕 Its symbol is an EX symbol.")
    return out


def card_text(card) -> str:
    """The whole text box: keywords first (with their levels), then each effect on its own line, in printed order.

    Vanilla cards give "". A card none of whose text the engine reads (a sister game's card, played by hand in its
    sandbox: no effects, no keywords) shows its printed text.
    """
    lines = _field_lines(card) if card.extra else []
    for kw in card.keywords:
        lines.append(" ".join(p for p in (_levels(kw.levels), keyword_text(kw)) if p))
    for e in card.effects:
        lines.append(effect_text(e, card))
    return "\n".join(lines) if lines else card.text
