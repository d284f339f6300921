"""Which cards an effect may select, and whether its conditions hold (CR 8-5-3, 8-5-4, 10-13, 11-5).

Functions here read the game; they never change it.
"""
from __future__ import annotations

from ...engine import stats
from . import counting, link, misc


def controller_of(game, iid: int) -> int:
    return game.state.cards[iid].owner  # BSS has no control change: the owner controls (CR 4-2)


def matches(game, iid: int, t, controller: int, source: int | None) -> bool:
    """Whether card `iid` fits target filter `t` from the point of view of `controller`."""
    if t.alternative is not None and matches(game, iid, t.alternative, controller, source):
        return True  # "1 of A, or 1 of B": either
    if t.or_this and iid == source:  # "this spirit or one of your Dragon spirits": this one, whatever it is
        return True
    st = game.state
    card = st.cards[iid]
    d = game.db[card.cid]
    if t.side == "you" and card.owner != controller:
        return False
    if t.side == "opponent" and card.owner == controller:
        return False
    if t.type != "any" and d.type != t.type:
        return False
    if t.other and iid == source:
        return False
    on_field = card.zone == "field"
    if t.bp_max is not None or t.bp_min is not None:
        if d.type != "spirit":
            return False
        bp = stats.bp(game, iid) if on_field else d.bp_at(1)
        if (t.bp_max is not None and bp > t.bp_max) or (t.bp_min is not None and bp < t.bp_min):
            return False
    if t.cost_max is not None and d.cost > t.cost_max:
        return False
    if t.cost_min is not None and d.cost < t.cost_min:
        return False
    if t.level_max is not None and on_field and stats.level(game, iid) > t.level_max:
        return False
    if t.level_min is not None and (not on_field or stats.level(game, iid) < t.level_min):
        return False
    if t.colors and not set(t.colors) & set(d.colors):
        return False
    if t.not_colors and set(t.not_colors) & set(d.colors):  # "not red": a red and blue card is red (CR 2-4-1-2)
        return False
    if t.name_not is not None and d.name.casefold() == t.name_not.casefold():  # "other than <card name>" (CR 2-1)
        return False
    if t.name_is is not None and d.name.casefold() != t.name_is.casefold():  # "a <card name>": that name (CR 2-1)
        return False
    if t.colors_min is not None and len(set(d.colors)) < t.colors_min:  # "with 2 or more colors" (CR 2-4)
        return False
    if t.colors_max is not None and len(set(d.colors)) > t.colors_max:  # "with only one color" (CR 2-4)
        return False
    if t.cost_vs is not None:  # a cost compared with a card only the resolving directive knows (counting.py)
        return False
    if t.bp_vs is not None:  # BP against this card's (or, unresolved, the selected card's: none fits), ruling C-4
        if d.type != "spirit" or not on_field:
            return False
        ref = counting.bp_of_reference(game, None, t.bp_vs[0], source) if t.bp_vs[0] == "this" else None
        if not counting.bp_fits(stats.bp(game, iid), ref, t.bp_vs[1]):
            return False
    if t.attacking is not None or t.in_battle is not None:  # the battle's spirits (CR 7-1)
        b = st.battle
        attacker = b.attacker if b is not None else None
        blocker = b.blocker if b is not None else None
        if t.attacking is not None and (on_field and iid == attacker) != t.attacking:
            return False
        if t.in_battle is not None and (on_field and iid in (attacker, blocker)) != t.in_battle:
            return False
    if t.same_cost == "your_spirits" and d.cost not in {  # the printed costs of your spirits (CR 2-6)
            game.db[st.cards[i].cid].cost for i in st.players[controller].field
            if game.db[st.cards[i].cid].type == "spirit"}:
        return False
    if t.same_cost == "it":  # the cost of the cards selected before: only a directive knows them (_do_recover)
        return False
    if t.costs and d.cost not in t.costs:  # "a spirit with cost 4 or 5" (【Immortal】, CR 11-4-2)
        return False
    if t.family is not None or t.families:  # families compare without case: "STAR DRAGON" is a Star Dragon (CR 2-5)
        has = {f.casefold() for f in d.families} | misc.gained_families(game, iid)
        if t.family is not None and t.family.casefold() not in has:
            return False
        if t.families and not any(f.casefold() in has for f in t.families):
            return False
    if t.token is not None and d.token != t.token:
        return False
    if t.exhausted is not None and (not on_field or card.exhausted != t.exhausted):
        return False
    if t.keyword is not None and not game.has_keyword(iid, t.keyword):  # CR 10-13
        return False
    if t.keywords and not any(game.has_keyword(iid, k) for k in t.keywords):
        return False
    if t.no_keyword is not None and game.has_keyword(iid, t.no_keyword):
        return False
    if t.has_effect is not None and not has_printed_effect(d, t.has_effect):
        return False
    if t.linked is not None and (on_field and link.is_linked(game, iid)) != t.linked:  # docs/saga-rulings.md "Link"
        return False
    if t.name_has is not None and t.name_has.casefold() not in d.name.casefold():  # the card name (CR 2-1-2)
        return False
    if t.no_effects is not None and (not d.effects and not d.keywords) != t.no_effects:  # as printed (rulings)
        return False
    if t.symbols is not None and len(stats.symbols(game, iid)) != t.symbols:  # a double colour symbol is one (CR 2-8)
        return False
    if t.soul_core is not None or t.cores_min is not None or t.cores_max is not None:
        soul = on_field and st.players[card.owner].soul == iid  # CR 4-11: the soul core is a core on it too
        if t.soul_core is not None and soul != t.soul_core:
            return False
        cores = card.cores + soul if on_field else 0
        if (t.cores_min is not None and cores < t.cores_min) or (t.cores_max is not None and cores > t.cores_max):
            return False
    return True


# a printed "When Attacks or Blocks" effect is a "When Attacks" effect and a "When Blocks" one (CR 10-11-2)
_EITHER_TRIGGER = {"when_attacks": "when_attacks_or_blocks", "when_blocks": "when_attacks_or_blocks"}


def has_printed_effect(d, trigger: str) -> bool:
    """Whether the card prints an effect of this trigger ("a spirit with a "When Summoned" effect"): its own
    effects, automated or resolved by hand, not effects others give it (CR 8-1-2: the effect is on the card)."""
    return any(e.trigger in (trigger, _EITHER_TRIGGER.get(trigger)) for e in d.effects if e.kind == "triggered")


def _armored(game, iid: int, controller: int, source: int | None) -> bool:
    """CR 11-5-1: 【Armor】 stops selection by the opponent's spirits, nexuses and magic of its colours."""
    if source is None or game.state.cards[iid].owner == controller:
        return False
    colors = set(game.db[game.state.cards[source].cid].colors)
    return any(colors & set(k.colors) for k in game.keywords_of(iid, "armor"))


def sides_of(side: str, controller: int) -> tuple:
    """The players a target's `side` names, from `controller`'s point of view."""
    return (controller,) if side == "you" else (1 - controller,) if side == "opponent" else (0, 1)


def candidates(game, t, controller: int, source: int | None, *, selecting: bool = True) -> list[int]:
    """Cards in the target's zone that fit it; `selecting` applies 【Armor】 (a selection, not "all")."""
    st = game.state
    sides = sides_of(t.side, controller)
    fit = [iid for p in sides for iid in getattr(st.players[p], t.zone) if matches(game, iid, t, controller, source)]
    if t.extreme is not None and fit:  # "the spirit that costs the least": the extreme among all that fit, then
        fit = _extreme(game, fit, t.extreme)  # Armor and immunity may still keep it from being selected
    if selecting and t.zone == "field":
        # a restriction "cannot be selected by ..." (protection.py, through the game: it reads this module)
        unselectable = getattr(game, "_unselectable", None) if source is not None else None
        guarded = unselectable is not None and game._guarded()
        return [iid for iid in fit if not _armored(game, iid, controller, source)
                and not (guarded and unselectable(iid, source))]
    return fit


def _extreme(game, iids: list, which: str) -> list:
    """The cards of `iids` with the lowest or highest cost or BP (all of them when several tie)."""
    what, end = which.split("_")
    st = game.state
    if what == "cost":
        value = {i: game.db[st.cards[i].cid].cost for i in iids}
    else:
        value = {i: stats.bp(game, i) if st.cards[i].zone == "field" else game.db[st.cards[i].cid].bp_at(1)
                 for i in iids}
    best = (min if end == "least" else max)(value.values())
    return [i for i in iids if value[i] == best]



def count_value(game, c, source: int | None, controller: int, activation=None) -> int:
    """What a Count counts now ("for each ..."): cards in a zone, cores in a place, symbols on a field, or the cards
    the resolving effect (`activation`) discarded from a deck that fit a filter."""
    st = game.state
    if c.what in ("discarded", "discarded_from_hand"):  # from a deck (a mill), or from a hand (ruling C-6)
        found = (activation.discarded if c.what == "discarded" else activation.dropped) \
            if activation is not None else None
        return sum(1 for iid in found or () if matches(game, iid, c.cards, controller, source))
    if c.what == "cards":
        t = c.cards
        n = 0
        for p in sides_of(t.side, controller):
            for iid in getattr(st.players[p], t.zone):  # a magic card being used is in no zone (CR 10-8-7)
                if matches(game, iid, t, controller, source):
                    n += 1
        return n
    if c.what == "cores":
        if c.place == "this":
            return stats.cores_on(st, source) if source is not None and st.cards[source].zone == "field" else 0
        n = 0
        for p in sides_of(c.side, controller):
            player = st.players[p]
            if c.place == "field":
                n += sum(stats.cores_on(st, iid) for iid in player.field)
            else:
                n += {"reserve": player.reserve, "life": player.life, "trash": player.trash_cores}[c.place]
                n += 1 if player.soul == c.place else 0  # the soul core is a core too (CR 4-11)
        return n
    if c.what == "destroyed_symbols":  # "for each symbol on the destroyed spirit" (counting.py, ruling C-12)
        return counting.destroyed_symbols(game, activation)
    if c.what == "keyword_value":  # "the number specified in its Gale effect" (counting.py, ruling C-10)
        return counting.keyword_value(game, c, source, activation)
    if c.what == "cost":  # "equal to that spirit's cost" (counting.py, ruling C-5)
        return counting.cost_of_selected(game, activation)
    if c.what == "level":  # "for every level this spirit has" (counting.py, ruling C-3)
        return counting.level_of_this(game, source, activation)
    if c.what == "destroyed_by_this":  # spirits the resolving effect destroyed (counting.py, ruling C-2)
        return counting.destroyed_by_this(game, activation, c.side, controller)
    if c.what == "destroyed":  # spirits destroyed this turn (GameState.spirits_destroyed)
        return sum(st.spirits_destroyed[p] for p in sides_of(c.side, controller))
    if c.what == "effect_draws":  # draws by each player's own effects this turn (GameState.effect_draws)
        return sum(st.effect_draws[p] for p in sides_of(c.side, controller))
    n = 0  # symbols on the field; a double colour symbol counts once (CR 2-8-2-1)
    for p in sides_of(c.side, controller):
        for iid in st.players[p].field:
            for sym in stats.symbols(game, iid):
                if not c.colors or any(col in sym for col in c.colors):
                    n += 1
    return n


def condition_holds(game, cond, source: int, controller: int, activation=None) -> bool:
    """CR 8-1-4-1, 8-3-3: a constant effect applies, or a triggered effect activates, only while this holds.
    `activation`: the resolving effect, for what only it knows (whether the soul core paid its cost)."""
    if cond is None:
        return True
    st = game.state
    if cond.your_turn is not None and (st.turn_player == controller) != cond.your_turn:
        return False
    b = st.battle
    if cond.attacking is not None and ((b is not None and b.attacker == source) != cond.attacking):
        return False
    if cond.blocking is not None and ((b is not None and b.blocker == source) != cond.blocking):
        return False
    if cond.linked is not None and link.in_link(game, source) != cond.linked:  # docs/saga-rulings.md "Link"
        return False
    # a source that left the field since it triggered is read as it last was there (CR 8-10, Activation.lki)
    lki = activation.lki if activation is not None else None
    if lki is not None and st.cards[source].zone == "field":
        lki = None
    if cond.soul_core is not None:
        soul_on_it = lki[1] if lki is not None else st.players[controller].soul == source
        if soul_on_it != cond.soul_core:
            return False
    if cond.life_max is not None and st.players[controller].life > cond.life_max:
        return False
    if cond.opponent_life_max is not None and st.players[1 - controller].life > cond.opponent_life_max:
        return False
    if cond.less_life is not None and (st.players[controller].life < st.players[1 - controller].life) != \
            cond.less_life:
        return False  # "if you have less life than your opponent": the cores in the two lives (CR 3-7)
    if cond.life_lost is not None and (("life", controller) in st.turn_log) != cond.life_lost:
        return False  # "if you did not lose life this turn" (ruling P14; the turn's log: resolution.py)
    if cond.life_kept is not None:  # "if your life total is the same or higher than it was at the start of the turn"
        start = next((x[1 + controller] for x in st.turn_log if x[0] == "life_start"), None)  # (turn.py, P18)
        if start is None or (st.players[controller].life >= start) != cond.life_kept:
            return False  # (a game that began after the start of this turn does not know it: neither holds)
    if cond.symbol is not None and not has_symbol(game, controller, cond.symbol):
        return False
    if cond.control is not None:  # "you control ..." / "your opponent has ..." on the field of the side it names
        t = cond.control
        n = sum(1 for p in sides_of(t.side, controller) for iid in st.players[p].field
                if matches(game, iid, t, controller, source))
        if n < cond.control_min:
            return False
    if cond.step is not None and st.step != cond.step:
        return False
    if cond.count is not None:
        c = cond.count
        if c.what == "discarded" and (activation is None or activation.discarded is None):
            return False  # nothing discarded yet: there are no "discarded cards" to hold anything (ruling, deck)
        n = lki[0] if lki is not None and c.what == "cores" and c.place == "this" else count_value(game, c, source,
                                                                                                 controller, activation)
        if (cond.count_min is not None and n < cond.count_min) or (cond.count_max is not None and n > cond.count_max):
            return False
        if cond.count_vs is not None:  # compared with another count, both read now (counting.py, ruling C-7)
            other = count_value(game, cond.count_vs[1], source, controller, activation)
            cmp = cond.count_vs[0]
            if not (n <= other if cmp == "at_most" else n >= other if cmp == "at_least" else
                    n < other if cmp == "below" else n > other):
                return False
    if cond.exhausted is not None:  # "if this spirit is exhausted / refreshed": on the field, in that state
        card = st.cards[source]
        if card.zone != "field" or card.exhausted != cond.exhausted:
            return False
    if cond.burst_set is not None and st.players[controller if cond.burst_set == "you" else 1 - controller].burst \
            is None:
        return False  # "if your opponent has a burst card set" (CR 10-9-1)
    if cond.same_cost is not None and misc.same_cost(game, controller) != cond.same_cost:
        return False  # "if all the spirits on your field cost the same amount" (docs/saga-rulings.md Other-11)
    if cond.magic_used_max is not None and st.magic_uses.get(controller, 0) > cond.magic_used_max:
        return False  # "the first magic card you use each turn" (docs/saga-rulings.md, Costs: Next-1)
    if cond.soul_paid is not None and activation is not None and activation.soul_paid != cond.soul_paid:
        return False  # (without an activation, e.g. when it triggers, it is decided on resolution)
    if cond.it_destroyed is not None:  # "if you destroy a spirit with this effect" after removing its cores
        chosen = list(activation.selected) if activation is not None else []
        gone = any(st.cards[i].zone in ("trash", "pending") or (
            st.cards[i].zone == "field" and (stats.cores_on(st, i) < game.db[st.cards[i].cid].lv1_cores or (
                game.db[st.cards[i].cid].type == "spirit" and stats.bp(game, i) <= 0)))
            for i in chosen)  # CR 9-3-2-1: below LV1 by the effect, it is destroyed by the effect; CR 9-4: at 0 BP
        if gone != cond.it_destroyed:
            return False
    if cond.it is not None:  # "if it is green": the cards the last selection chose, as they are now
        chosen = list(activation.selected) if activation is not None else []
        if not chosen or any(matches(game, i, cond.it, controller, source) == cond.it_not for i in chosen):
            return False
    return True


def has_symbol(game, player: int, color: str) -> bool:
    """Whether `player` has a symbol of `color` on their field; a dual symbol counts as either (CR 2-8-2-2)."""
    for iid in game.state.players[player].field:
        for sym in stats.symbols(game, iid):
            if color in sym:
                return True
    return False
