"""What one player may see (cites["deck_hidden"], ["hand"], ["burst_area"]).

Decks are counts for both players (nobody may look at a deck); the
opponent's hand is a count; the opponent's set burst is face down
until the game ends. Everything else is public.

A game of another profile (table/) adds, per player, its zones ("areas": each zone's cards, or None where its
profile hides them from this viewer; "counts"), its zones of pieces ("pieces"), trackers ("trackers") and opening
hand ("opening": mulligans taken, kept, may follow the other's, table/opening.py) and whether they lost by drawing
from an empty deck ("deck_out"); a card
with marks (face down, counters, attached, an orientation such as heavy exhausted) carries them, one whose numbers
differ from the printed ones (a BOS fighter's ATK with its equipment: engine/table_stats.py) "stats". A face-down
card's identity is its owner's only (profile `peek: owner`).
"""
from __future__ import annotations

from . import stats, table_cards, table_stats


def view(game, viewer: int) -> dict:
    st = game.state
    pend = game.pending
    cards, db = st.cards, game.db
    level, bp = stats.level, stats.bp
    players = []
    for p, player in enumerate(st.players):
        mine = p == viewer
        burst = None
        if player.burst is not None:
            if mine or st.result is not None:
                burst = {"card": player.burst, "cid": cards[player.burst].cid}
            else:
                burst = {"face_down": True}
        field = []
        for i in player.field:
            c = cards[i]
            field.append({"card": i, "cid": c.cid, "cores": c.cores, "exhausted": c.exhausted,
                          "level": level(game, i), "bp": bp(game, i) if db[c.cid].type == "spirit" else None})
        if st.table is not None:
            for entry in field:
                _mark(entry, st.table, mine, game.profile)
                _combined(game, entry)
        extra = {}
        if st.pending_cards:  # cards that left the field and wait in a pending state (a rules module's), public
            leaving = [{"card": i, "cid": cards[i].cid, "cores": cards[i].cores, "level": lv}
                       for i, _, lv in st.pending_cards if cards[i].owner == p]
            if leaving:
                extra["leaving"] = leaving
        players.append({
            "life": player.life,
            "reserve": player.reserve,
            "trash_cores": player.trash_cores,
            "soul": player.soul,
            "deck_count": len(player.deck),
            "hand_count": len(player.hand),
            "hand": [{"card": i, "cid": cards[i].cid} for i in player.hand] if mine else None,
            "trash": [{"card": i, "cid": cards[i].cid} for i in player.trash],
            "field": field,
            "burst": burst,
            "burst_set_this_turn": player.burst_set_turn == st.turn,
            **extra,
        })
    if st.table is not None:
        for p, out in enumerate(players):
            out.update(_table_view(game, p, p == viewer))
    b = st.battle
    shown_pend = None if pend is None else {"kind": pend.kind, "player": pend.player, **pend.info}
    if shown_pend is not None and pend.player != viewer and game.private_choice():
        shown_pend["options"] = None  # (how many: the count; which: the chooser's)
        shown_pend["count"] = len(pend.info.get("options") or ())
    return {
        "viewer": viewer,
        "turn": st.turn,
        "turn_player": st.turn_player,
        "first_player": st.first_player,
        "step": st.step,
        "pending": shown_pend,
        "battle": None if b is None else {"attacker": b.attacker, "blocker": b.blocker, "blocked": b.blocked,
                                          "window": b.window, "priority": b.priority,
                                          **({"link": b.link} if b.link is not None else {})},
        "result": None if st.result is None else {"winner": st.result.winner, "reason": st.result.reason},
        "players": players,
    }


def _mark(entry: dict, table, mine: bool, profile) -> dict:
    m = table.marks.get(entry["card"])
    if m is not None:
        entry.update(m.to_dict())  # down, counters, on, turn, back: what it has
        if m.down and (not mine or profile.zones[entry.get("zone", "field")].peek != "owner"):
            entry["cid"] = None  # a face-down card is its owner's to see
    return entry


def _combined(game, entry: dict) -> None:
    """A field card of another profile: BP by its shown side and type (an Ultimate, a Brave: table_cards.has_bp);
    a spirit with a Brave shows their BP and symbols together, the Brave on it no BP of its own (ETR §Brave)."""
    i = entry["card"]
    on_host = entry.get("on") is not None and table_cards.combines(game, table_cards.shown_def(game, i)) is not None
    entry["bp"] = stats.bp(game, i) if table_cards.has_bp(game, i) and not on_host else None
    if table_cards.combined_on(game, i):
        entry["symbols"] = [list(s) for s in table_cards.symbols(game, i)]


def _table_view(game, p: int, mine: bool) -> dict:
    st, profile = game.state, game.profile
    table, cards = st.table, st.cards
    areas, counts = {}, {}
    for zone, ids in table.areas[p].items():
        z = profile.zones[zone]
        counts[zone] = len(ids)
        if z.visibility == "none" or (z.visibility == "owner" and not mine):
            areas[zone] = None
            continue
        out = []
        for i in ids:
            c = cards[i]
            entry = {"card": i, "cid": c.cid, "exhausted": c.exhausted, "zone": zone}
            out.append(_mark(entry, table, mine, profile))
            del entry["zone"]
            modified = table_stats.current(game, i) if entry["cid"] is not None else None
            if modified:
                entry["stats"] = modified  # ATK/RST as modified, both seats alike
        areas[zone] = out
    opening = {"mulligans": table.mulligans[p], "kept": table.kept[p], "follow": table.follow[p]}
    if table.contract[p] and mine:  # the contract cards its owner may take (ETR §Contract Card); theirs alone to see
        opening["contract"] = game._contract_cids(p)
    return {"areas": areas, "counts": counts, "pieces": dict(table.pieces[p]), "trackers": dict(table.trackers[p]),
            "opening": opening,
            "deck_out": table.deck_out[p]}  # could not draw: lost (profile turn_rules.deck_out)
