"""【Link】: a spirit linked with one of its controller's attacking spirits for the battle (docs/saga-rulings.md,
"Link"; a mechanism printed after CR v1.6.0, built on its general rules).

The link is state of the battle (`Battle.link`: the linking spirit; the attacker is the linked one). It is made by
the keyword's trigger when one of your spirits attacks (`on_attack`, resolved by `resolve`: an optional effect
whose cost is exhausting the linking spirit, CR 8-4, 8-1-8), and it ends with the battle or as soon as either spirit
leaves the field (`forget`). While it lasts the attacker has the linking spirit's BP added to its own and its symbols
too (`bp_gain`, `symbol_gain`), and "the linked spirit" / "while linked" read `partner` / `in_link`.

Functions here that read the game never change it; `on_attack`, `resolve` and `forget` are the game's steps.
"""
from __future__ import annotations

from ...engine import stats

__all__ = ["bp_gain", "candidates", "forget", "in_link", "is_linked", "link_pair", "offer", "on_attack", "partner",
           "resolve",
           "symbol_gain"]


def link_pair(game) -> tuple[int, int] | None:
    """(linking spirit, linked spirit) of the current battle, or None: no battle, no link, or it has ended."""
    b = game.state.battle
    if b is None or b.link is None:
        return None
    cards = game.state.cards
    if cards[b.link].zone != "field" or cards[b.attacker].zone != "field":
        return None  # ruling Link-5: either spirit leaving the field ends it
    return b.link, b.attacker


def partner(game, iid: int) -> int | None:
    """The spirit `iid` is linked with ("the linked spirit"), or None."""
    pair = link_pair(game)
    if pair is None or iid not in pair:
        return None
    return pair[1] if iid == pair[0] else pair[0]


def in_link(game, iid: int) -> bool:
    """Whether `iid` is one of the two spirits of the link ("while linked", "a linked spirit")."""
    pair = link_pair(game)
    return pair is not None and iid in pair


def is_linked(game, iid: int) -> bool:
    """Whether `iid` is the linked spirit of the link (the attacker a spirit with 【Link】 linked with): "a linked
    spirit", "your linked spirits", "spirits that are not linked" (ruling Link-6)."""
    pair = link_pair(game)
    return pair is not None and pair[1] == iid


def bp_gain(game, iid: int) -> int:
    """Ruling Link-4: the linked (attacking) spirit gains the linking spirit's BP."""
    pair = link_pair(game)
    if pair is None or pair[1] != iid:
        return 0
    return stats.bp(game, pair[0])


def symbol_gain(game, iid: int) -> tuple:
    """Ruling Link-4: the linked (attacking) spirit gains the linking spirit's symbols."""
    pair = link_pair(game)
    if pair is None or pair[1] != iid:
        return ()
    return game._defs[game.state.cards[pair[0]].cid].symbols


def _condition_ok(game, linker: int, attacker: int, matches) -> bool:
    """Whether `linker`'s 【Link】 condition admits `attacker` (one of its controller's spirits, ruling Link-1);
    `matches`: targets.matches (handed over by the caller: targets.py reads this module)."""
    owner = game.state.cards[linker].owner
    return any(k.condition is None or matches(game, attacker, k.condition, owner, linker)
               for k in game.keywords_of(linker, "link"))


def candidates(game, attacker: int, matches, *, refreshed: bool = True, waive: bool = False) -> list[int]:
    """The spirits that may link with `attacker` now (ruling Link-2): its controller's other field spirits with
    【Link】 whose condition it meets (any condition when `waive`: ruling Link-8), refreshed (the cost is exhausting
    them) unless `refreshed` is False."""
    st = game.state
    owner = st.cards[attacker].owner
    out = []
    for iid in st.players[owner].field:
        if iid == attacker or game._defs[st.cards[iid].cid].type != "spirit":
            continue
        if refreshed and st.cards[iid].exhausted:
            continue
        if (waive and game.keywords_of(iid, "link")) or (not waive and _condition_ok(game, iid, attacker, matches)):
            out.append(iid)
    return out


def on_attack(game, attacker: int, player: int, matches) -> None:
    """Ruling Link-2: when one of your spirits attacks, 【Link】 triggers (once for the battle: which spirit links,
    if any, is one choice) when any of your spirits with it admits the attacker."""
    if "link" not in game._keywords and "link" not in game._constant_keywords and not any(
            g.what == "keyword" and g.keyword.name == "link" for g in game.state.grants):
        return
    if candidates(game, attacker, matches, refreshed=False):
        game._keyword_trigger(attacker, "link", player)


def resolve(game, a, matches) -> bool:
    """The 【Link】 trigger resolving (ruling Link-2, Link-3): its controller may select one refreshed spirit that may
    link, exhaust it (the cost) and link it with the attacker. False while they choose."""
    return offer(game, a.controller, a.source, matches) is not None


def offer(game, controller: int, attacker: int, matches, *, waive: bool = False, source: int | None = None):
    """`controller` may select one of their refreshed spirits that may link with `attacker` (any of them with 【Link】
    when `waive`), exhaust it (the cost, CR 8-4) and link it: True if it linked, False if not, None while they choose
    (ruling Link-2, Link-3, Link-8)."""
    st = game.state
    b = st.battle
    if b is None or b.attacker != attacker or b.link is not None or st.cards[attacker].zone != "field":
        return False  # no battle of that attacker, or it already has its link (ruling Link-3: one link per battle)
    options = candidates(game, attacker, matches, waive=waive)
    if not options:
        return False
    ans = game._take_answer("target")
    if ans is None:
        game._ask("target", controller, options, 0, 1, source=attacker if source is None else source,
                  prompt="【Link】: exhaust one of these spirits to link it with the attacking spirit?")
        return None
    if not ans:
        return False
    linker = ans[0]
    game._set_exhausted(linker, True)  # the cost (CR 8-4)
    b.link = linker
    game._emit("linked", player=controller, card=linker, attacker=attacker)
    return True


def forget(game, iid: int) -> None:
    """Ruling Link-5: a spirit of the link leaving the field ends it (it is a new card, CR 3-1-4)."""
    b = game.state.battle
    if b is not None and b.link is not None and iid in (b.link, b.attacker):
        b.link = None
stats.use_battle_gains(bp_gain, symbol_gain)  # stats reads what a linked spirit gains without importing this module
