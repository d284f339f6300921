"""A sandbox of any game in mid-game, for `bss-desktop --screenshot FILE --game GAME --window sandbox` (no Qt).

The game's first two shipped decks, both hands kept, then a few turns' worth of moves made by hand with the
engine's own manual commands, so every zone the profile lays out shows something: cards in its rows and piles,
cores on spirits, a face-down card, counters, an attachment, a changed tracker and a token where the game has
them.
"""
from __future__ import annotations

from ..carddb.database import game_db
from ..carddb.deck_formats import game_decks
from ..engine.commands import (
    ManualAttach,
    ManualCardToken,
    ManualStep,
    ManualCores,
    ManualCounter,
    ManualExhaust,
    ManualMove,
    ManualSide,
    ManualTracker,
    ManualTurn,
)
from ..engine.errors import IllegalCommand
from ..engine.table_cards import combines
from ..engine.game import Game
from ..engine.settings import Ruleset
from ..table.state import NATIVE_CARD_ZONES

ROW_CARDS = {"field": 3, "fighter": 3, "equipment": 2, "tactic": 2}  # how many cards each row shows


def fits_zone(db, cid: str, zone: str) -> bool:
    """A card a player would put in `zone`: a spirit or nexus on the field, a fighter in the fighter zone..."""
    card = db[cid]
    if zone == "field":  # (a two-sided card first: the table shows it turned)
        return card.type in ("spirit", "nexus", "ultimate", "brave")
    if zone == "burst":
        return card.burst
    if zone == "mirage":
        return "mirage_cost" in card.extra
    if zone in ("fighter", "equipment", "tactic", "battlefield"):
        return card.type == zone
    return True


def mid_game(profile, seed: int = 3, db=None) -> Game:
    """A sandbox of `profile`'s game a few turns in."""
    db = db or game_db(profile)
    decks = list(game_decks(db, profile).values())[:2]
    game = Game.new(db, [d.cards for d in decks], seed, first_player=0, settings=Ruleset(sandbox=True),
                    deck_names=[d.name for d in decks], profile=profile, sides=[d.side for d in decks])
    while game.state.stage == "mulligan":  # keep (a deck with a contract card takes it first, ETR §Contract Card)
        game.apply(game.legal_commands()[0])
    st = game.state

    def try_(cmd) -> bool:
        try:
            game.apply(cmd)
            return True
        except IllegalCommand:
            return False

    for p in (0, 1):
        player = st.players[p]
        for zone in profile.zones.values():
            if zone.holds != "cards" or zone.name in ("deck", "hand") or zone.out_of_game:
                continue
            want = ROW_CARDS.get(zone.name, 2 if zone.display == "row" else 1)
            picks = [i for i in player.deck if fits_zone(db, st.cards[i].cid, zone.name)][:want]
            for iid in picks:
                cores = 0
                if zone.name == "field" and player.reserve:
                    cores = min(player.reserve, max(1, db[st.cards[iid].cid].lv1_cores))
                try_(ManualMove(p, iid, zone.name, cores=cores))
        row = [z.name for z in profile.zones.values() if z.display == "row" and z.holds == "cards"]
        main = game.zone_cards(p, row[0]) if row else []
        if main:
            try_(ManualExhaust(p, main[0], True))
            if len(main) > 2 and "heavy_exhausted" in profile.orientations:
                try_(ManualTurn(p, main[2], "heavy_exhausted"))
        from ..table.state import other_side

        two_sided = [i for i in main if other_side(db[st.cards[i].cid]) is not None]
        if two_sided:  # a two-sided card shows its side B (ETR §Rebirth)
            try_(ManualSide(p, two_sided[0], True))
        if profile.card_counters and main:
            kind = next(iter(profile.card_counters.values()))
            try_(ManualCounter(p, main[-1], kind.name, 2 + p))
        for z in profile.zones.values():
            if z.attach_to and st.table is not None:
                hosts = [i for h in z.attach_to for i in game.zone_cards(p, h)]
                for card, host in zip(game.zone_cards(p, z.name), hosts):
                    try_(ManualAttach(p, card, host))
        for card in list(player.field):  # a Brave combined with a spirit (ETR §Brave)
            spec = combines(game, db[st.cards[card].cid])
            host = next((i for i in player.field if db[st.cards[i].cid].type in spec["with"]), None) if spec else None
            if host is not None:
                try_(ManualAttach(p, card, host))
        unleash = [i for i in player.field if db[st.cards[i].cid].extra.get("super_unleash")]
        if unleash and player.soul == "reserve":  # 《Super Unleash》: LV2 with the soul core on it (STD 12-2-1-1)
            try_(ManualCores(p, p, "reserve", unleash[0], 0, True))
        for z in profile.piece_zones():
            if z.name not in ("life", "reserve", "trash_cores", "void") and z.owner == "player":
                try_(ManualCores(p, p, "void", z.name, 2))
    for t in profile.trackers.values():
        if "transfer" in t.ops:
            try_(ManualTracker(1, 1, t.name, "transfer", 12 * t.step))
    token_zone = profile.tokens.get("zone")
    if profile.cards.shape == "plain" and token_zone and token_zone not in NATIVE_CARD_ZONES:
        stats = tuple((f.name, 500) for f in profile.cards.fields.values() if f.kind == "int")
        try_(ManualCardToken(1, 1, profile.tokens.get("label", "Token"), stats))
    if profile.rules is None:  # a few turns in: turn 3, player one's first main step
        while st.turn < 3:
            if not try_(ManualStep(st.turn_player)):
                break
        main = next((s for s in profile.steps if s.startswith("main")), None)
        if main:
            try_(ManualStep(st.turn_player, main))
    return game
