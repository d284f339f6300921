"""Protection of cards from effects and from battle (docs/saga-rulings.md, "Replacement and immunity").

A `restrict` directive (a constant effect, or one resolved for a while) says a card "cannot" undergo something:

    be_selected             be selected by the effects of the cards `by` names (CR 8-5-3; as 【Armor】, CR 11-5-1)
    be_destroyed            be destroyed by destruction effects (CR 10-14-1) of the cards `by` names (as 【A.T. Field】,
                            CR 11-13-1); an effect that moves cores or lowers BP still destroys it (CR 10-14-2)
    be_destroyed_in_battle  be destroyed by comparing BP (CR 7-1-5-2-1)
    lose_cores              have cores removed from it by the effects of the cards `by` names (CR 8-5-6)
    be_returned             be returned to the hand or the deck by the effects of the cards `by` names
    be_discarded            (a hand card) be discarded from the hand by the effects of the cards `by` names (ruling
                            P13, CR 10-2-2)
    reduce_life             reduce life with its attacks: its damage moves no cores (CR 7-1-5-3-1)
    reduce_life_to_zero     reduce life to 0 with its attacks: its damage leaves one core in the life (ruling P15)
    reduce_life_beyond_one  reduce life by more than 1 with each of its attacks' damage (ruling P19)
    trigger_when_blocks     have the "When This Spirit Blocks" effects on it triggered when it blocks a spirit `by`
                            names (ruling P16; with them the When Attacks/Blocks ones, CR 10-11-2)
    trigger_when_destroyed  have the "When Destroyed" effects on it triggered (CR 10-15-1)

`by` filters the card whose effect it is (a magic card being used, a spirit, a nexus), from the point of view of the
restricting effect's controller ("your opponent's effects": side opponent, type any). Reads only.
"""
from __future__ import annotations

from . import continuous
from .targets import matches

# the restrictions that name the effects they keep out (`by`)
FROM_EFFECTS = ("be_selected", "be_destroyed", "lose_cores", "be_returned", "be_discarded")


def protected(game, iid: int, what: str, source: int | None = None) -> bool:
    """Whether card `iid` cannot `what` now (a word of FROM_EFFECTS: by an effect of card `source`)."""
    st = game.state
    if what == "be_destroyed_in_battle" and st.battle is not None and iid in (st.battle.attacker, st.battle.blocker) \
            and any(g.what == "spare_battle" for g in st.grants):  # directives._do_spare_battle
        return True
    needs_source = what in FROM_EFFECTS
    if needs_source and source is None:
        return False
    key = "cannot_" + what
    for g in st.grants:
        if g.what == key and iid in g.targets:
            if not needs_source:
                return True
            if g.source in st.cards and _by(game, g.by, source, st.cards[g.source].owner, g.source):
                return True
    if game.has_constants:
        for src, p, d in continuous._constant_hits(game, iid, "restrict"):
            if d.cannot == what and (not needs_source or _by(game, d.by, source, p, src)):
                return True
    return False


def _by(game, by, source: int, controller: int, restrictor: int) -> bool:
    """Whether the effect of card `source` is one `by` keeps out, `by` read by the restricting effect's controller."""
    if by is None:
        return True
    if source not in game.state.cards:
        return False
    return matches(game, source, by, controller, restrictor)


def any_protection(game) -> bool:
    """Whether a protection could apply now: a restriction granted for a while, or a constant one in this game (so
    the hot paths that select cards skip this module otherwise)."""
    st = game.state
    if any(g.what == "spare_battle" or g.what.startswith("cannot_") and g.what[7:] in _ALL for g in st.grants):
        return True
    return bool(game.has_constants and "restrict" in getattr(game, "_constant_ops", ("restrict",)))


_ALL = FROM_EFFECTS + ("be_destroyed_in_battle", "reduce_life", "trigger_when_destroyed", "reduce_life_to_zero",
                       "trigger_when_blocks", "reduce_life_beyond_one")


def blocks_muted(game, blocker: int, attacker: int) -> bool:
    """Ruling P16: whether the "When This Spirit Blocks" effects on `blocker` are not triggered now that it blocks
    `attacker` (a restriction on the blocker whose `by` fits the attacker, read by the restricting effect's
    controller)."""
    if not any_protection(game):
        return False
    st = game.state
    for g in st.grants:
        if g.what == "cannot_trigger_when_blocks" and blocker in g.targets and g.source in st.cards and \
                matches(game, attacker, g.by, st.cards[g.source].owner, g.source):
            return True
    if game.has_constants:
        for src, p, d in continuous._constant_hits(game, blocker, "restrict"):
            if d.cannot == "trigger_when_blocks" and matches(game, attacker, d.by, p, src):
                return True
    return False


def muted(game) -> frozenset:
    """The field cards whose "When Destroyed" effects are not triggered now (ruling P11, CR 10-15-1)."""
    if not any_protection(game):
        return frozenset()
    return frozenset(iid for player in game.state.players for iid in player.field
                     if protected(game, iid, "trigger_when_destroyed"))
