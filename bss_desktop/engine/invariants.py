"""Consistency checks on a game state, run by the simulator after every command.

Each returns human-readable violations; an empty list means the state is sound.
They check what no legal sequence of commands may break: every card in exactly
one place, core totals conserved, one soul core each, no field card below LV1
at a decision point, orientation only on the field.
"""
from __future__ import annotations

from .state import OFF_LIST
from .stats import cores_on

SOUL_PLACES = ("reserve", "trash", "life", "void")


def check(game) -> list[str]:
    st = game.state
    out: list[str] = []
    seen: dict[int, str] = {}
    turned_in = {"field", game.profile.tokens.get("zone") or "field"}  # where cards are turned (a fighter zone)
    souls = "soul_core" in game.profile.pieces
    for p, player in enumerate(st.players):
        zones = {"deck": player.deck, "hand": player.hand, "trash": player.trash, "field": player.field,
                 "burst": [player.burst] if player.burst is not None else []}
        if st.table is not None:  # a profile's own zones (Standard's removed-from-game area)
            zones.update(st.table.areas[p])
        for zone, iids in zones.items():
            for iid in iids:
                where = f"player {p} {zone}"
                if iid in seen:
                    out.append(f"card {iid} is in two places: {seen[iid]} and {where}")
                seen[iid] = where
                card = st.cards.get(iid)
                if card is None:
                    out.append(f"{where} holds unknown card {iid}")
                    continue
                if card.zone != zone or card.owner != p:
                    out.append(f"card {iid} is listed in {where} but records zone {card.zone!r}, owner {card.owner}")
                if card.exhausted and zone not in turned_in:
                    out.append(f"card {iid} is exhausted in the {zone} ({game.cites['orientation']}: only field cards are turned)")
                if card.cores and zone != "field":
                    out.append(f"card {iid} holds {card.cores} core(s) in the {zone}")
        for name in ("life", "reserve", "trash_cores"):
            if getattr(player, name) < 0:
                out.append(f"player {p} has {getattr(player, name)} cores in {name}")
        soul = player.soul
        if not souls:
            pass
        elif isinstance(soul, int):
            if soul not in player.field and st.cards[soul].zone != "pending":  # (a pending card keeps its cores)
                out.append(f"player {p}'s soul core is on card {soul}, which is not on their field ({game.cites['soul_core']})")
        elif soul not in SOUL_PLACES:
            out.append(f"player {p}'s soul core is at unknown location {soul!r}")
    for iid, card in st.cards.items():
        if iid not in seen and card.zone not in OFF_LIST:
            out.append(f"card {iid} ({card.cid}) is in no zone")
        if card.cores < 0:
            out.append(f"card {iid} holds {card.cores} cores")
    waiting = [e[0] for e in st.pending_cards]
    for iid in waiting:
        if iid not in st.cards or st.cards[iid].zone != "pending":
            out.append(f"card {iid} is listed as pending but is not in the pending zone")
    for iid, card in st.cards.items():
        if card.zone == "pending" and iid not in waiting:
            out.append(f"card {iid} ({card.cid}) is in the pending zone but not listed as pending")
    total = sum(p.life + p.reserve + p.trash_cores for p in st.players)
    total += sum(c.cores for c in st.cards.values())
    if total != st.cores_in_play:
        out.append(f"core count {total} differs from the {st.cores_in_play} cores taken from the void")
    between_actions = st.choice is None and not st.queue and not st.pending_destruction
    if waiting and between_actions and game.pending is not None:  # its leaving is over: it has gone on (pending state)
        out.append(f"card(s) {waiting} still pending at a decision point with no effect waiting")
    if game.pending is not None and between_actions:  # inside a resolving effect, management waits (design ruling 2)
        for p, player in enumerate(st.players):
            for iid in player.field:
                need = game.db[st.cards[iid].cid].lv1_cores
                if cores_on(st, iid) < need:
                    out.append(f"card {iid} on player {p}'s field has {cores_on(st, iid)} core(s), below LV1 ({need})"
                               f" at a decision point ({game.cites['level_zero']})")
                if game.bp_zero_destroys and game.db[st.cards[iid].cid].type == "spirit" and game.bp(iid) <= 0:
                    out.append(f"spirit {iid} has BP {game.bp(iid)} at a decision point ({game.cites['bp_zero']})")
    if st.battle is None and st.stage in ("flash", "block", "battle_resolve", "battle_compare", "battle_end"):
        out.append(f"stage {st.stage!r} without a battle")
    own = game.invariants()  # the rules module's own (Battle of Souls: its zones, SP and chain)
    if own is not None:
        return out + own
    if st.choice is not None and not (st.queue or st.pending_destruction):
        out.append(f"a {st.choice.kind!r} choice with no effect resolving")
    return out
