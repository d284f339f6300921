"""The sandbox of every game: the engine's manual moves on what a profile adds to the table (profiles/*.yaml).

Battle of Souls positions are written here from its rule book (BOS = ../shared/rules/004; the sandbox needs of
../shared/rules/digest.md §3.2); Standard and Eternal from their difference table (digest §2.3). The sandbox
enforces nothing a player may want to break, but it keeps what the profile declares: zones, counters, trackers.
"""
from __future__ import annotations

import pytest

from bss_desktop.carddb.database import game_db
from bss_desktop.engine.commands import (
    ManualAttach,
    ManualCardToken,
    ManualCores,
    ManualCounter,
    ManualDeck,
    ManualExhaust,
    ManualFlip,
    ManualMove,
    ManualTracker,
    ManualTurn,
    command_from_dict,
)
from bss_desktop.engine.errors import IllegalCommand
from bss_desktop.engine.game import Game
from bss_desktop.engine.position import game_from_position, position_from_game
from bss_desktop.engine.record import replay, to_record
from bss_desktop.engine.settings import Ruleset
from bss_desktop.protocol.redaction import SeatWindow
from bss_desktop.table import all_profiles, get_profile

SANDBOX = Ruleset(sandbox=True)
BOS = get_profile("bos")
DB = game_db(BOS)


def ids(kind: str, **extra) -> list[str]:
    return [c.id for c in DB.values() if c.type == kind and not c.token
            and all(c.extra.get(k) == v for k, v in extra.items())]


WARRIOR, WARRIOR2 = ids("fighter", **{"class": "Warrior"})[:2]
ATTACHED = ids("equipment", subtype="Attached")[0]
TACTIC = ids("tactic")[0]
FIELD = ids("battlefield")[0]


def bos_position(**players) -> Game:
    """A Battle of Souls sandbox mid-game: player 0 and 1's zones as given (deck of 20 Warriors each)."""
    data = {"game": "bos", "turn": 3, "turn_player": 0, "players": []}
    for p in (0, 1):
        pd = {"deck": [WARRIOR2] * 20, "hand": [], "trackers": {"sp": 8000}}
        pd.update(players.get(f"p{p}", {}))
        data["players"].append(pd)
    return game_from_position(data, DB, settings=SANDBOX)


def state_of(game):
    return game.state.hash()


def refused(game, cmd, words: str):
    before = state_of(game)
    with pytest.raises(IllegalCommand) as e:
        game.apply(cmd)
    assert words in str(e.value), str(e.value)
    assert state_of(game) == before  # an illegal command changes nothing
    return e.value


def zone(game, p: int, name: str) -> list[int]:
    return game.zone_cards(p, name)


def test_bos_layout_capacities_warn_in_the_sandbox():
    """BOS §The Game Layout: 5 fighters; equipment 3, tactics 3, at most 6 together. The sandbox warns, and moves."""
    game = bos_position(p0={"fighter": [WARRIOR] * 5, "hand": [WARRIOR], "equipment": [ATTACHED] * 3,
                            "tactic": [TACTIC] * 2})
    sixth = zone(game, 0, "hand")[0]
    events = game.apply(ManualMove(0, sixth, "fighter"))
    warn = [e.data for e in events if e.kind == "capacity"]
    assert warn == [{"player": 0, "zone": "fighter", "zones": ["fighter"], "count": 6, "max": 5, "label": "Fighters"}]
    assert len(zone(game, 0, "fighter")) == 6
    game.apply(ManualMove(0, zone(game, 0, "deck")[-1], "tactic"))  # 3 tactics + 3 equipment = 6: no warning yet
    events = game.apply(ManualMove(0, zone(game, 0, "deck")[-1], "tactic"))
    warned = {(e["label"], e["count"]) for e in events if e.kind == "capacity"}
    assert warned == {("Tactics", 4), ("Equipment + tactics", 7)}


def test_bos_has_no_cores_void_or_life_and_refuses_battle_spirits_zones():
    """digest §3.2 need 12: no cores, void, soul core, life area or burst area."""
    game = bos_position(p0={"hand": [WARRIOR]})
    card = zone(game, 0, "hand")[0]
    refused(game, ManualMove(0, card, "field"), "not an area of Battle of Souls")
    refused(game, ManualMove(0, card, "burst"), "not an area of Battle of Souls")
    refused(game, ManualCores(0, 0, "void", "reserve", 1), "has no cores")
    assert game.view(0)["players"][0]["soul"] is None


def test_bos_tactics_are_set_face_down_only_their_owner_sees_them():
    """BOS §Tactic Cards: a tactic must first be set face down; digest §3.2 need 5: face-down cards with
    owner-only peeking, flipped face up to activate."""
    game = bos_position(p0={"hand": [TACTIC]})
    card = zone(game, 0, "hand")[0]
    events = game.apply(ManualMove(0, card, "tactic"))
    assert [e.get("down") for e in events if e.kind == "card_moved"] == [True]
    mine, theirs = game.view(0)["players"][0]["areas"]["tactic"], game.view(1)["players"][0]["areas"]["tactic"]
    # (set this turn: BOS §Tactic Cards, not activated until a later turn; engine/table_turn.py)
    assert mine == [{"card": card, "cid": TACTIC, "exhausted": False, "down": True, "set_this_turn": True}]
    assert theirs == [{"card": card, "cid": None, "exhausted": False, "down": True, "set_this_turn": True}]
    refused(game, ManualFlip(0, card, True), "already face down")
    game.apply(ManualFlip(0, card, False))
    assert game.view(1)["players"][0]["areas"]["tactic"][0]["cid"] == TACTIC
    fighter_game = bos_position(p0={"fighter": [WARRIOR]})
    refused(fighter_game, ManualFlip(0, zone(fighter_game, 0, "fighter")[0], True), "Fighters are face up")


def test_bos_equipment_may_be_set_face_down_or_up():
    """BOS §Equipment Cards: played face up, or set face down (face: any)."""
    game = bos_position(p0={"hand": [ATTACHED]})
    card = zone(game, 0, "hand")[0]
    game.apply(ManualMove(0, card, "equipment"))
    assert "down" not in game.view(1)["players"][0]["areas"]["equipment"][0]
    game.apply(ManualFlip(0, card, True))
    assert game.view(1)["players"][0]["areas"]["equipment"][0]["cid"] is None


def test_bos_attached_equipment_is_destroyed_with_its_fighter():
    """BOS §Equipment: Attached equipment is destroyed when its fighter is, and sent to the discard pile;
    digest §3.2 need 4."""
    game = bos_position(p0={"fighter": [WARRIOR, WARRIOR2], "equipment": [ATTACHED]})
    host, other = zone(game, 0, "fighter")
    eq = zone(game, 0, "equipment")[0]
    refused(game, ManualAttach(0, eq, eq), "attaches to a card in the Fighters")
    game.apply(ManualAttach(0, eq, host))
    assert game.view(1)["players"][0]["areas"]["equipment"][0]["on"] == host
    refused(game, ManualAttach(0, host, other), "do not attach")
    game.apply(ManualMove(0, host, "discard"))
    assert zone(game, 0, "discard") == [host, eq] and zone(game, 0, "equipment") == []
    assert game.state.table.marks == {}


def test_bos_attached_equipment_follows_its_fighter_across_the_table():
    """BOS §Other Rules, control: the fighter changes sides, its equipment stays attached to it."""
    game = bos_position(p0={"fighter": [WARRIOR], "equipment": [{"card": ATTACHED, "on": "fighter[0]"}]})
    host, eq = zone(game, 0, "fighter")[0], zone(game, 0, "equipment")[0]
    game.apply(ManualMove(1, host, "fighter", side=1))
    assert zone(game, 1, "fighter") == [host] and game.state.table.marks[eq].on == host


def test_bos_kill_tokens_stay_put_and_clear_when_the_fighter_leaves():
    """BOS §Kill tokens: won in battle, cannot be moved, discarded when the fighter is destroyed; counters by
    name (§Counters); digest §3.2 need 3."""
    game = bos_position(p0={"fighter": [WARRIOR]})
    f = zone(game, 0, "fighter")[0]
    game.apply(ManualCounter(0, f, "kill", 3))
    game.apply(ManualCounter(0, f, "counter", 2, "Ember"))
    assert game.view(1)["players"][0]["areas"]["fighter"][0]["counters"] == {"kill": 3, "counter:Ember": 2}
    refused(game, ManualCounter(0, f, "kill", -4), "can have 0 to 99")
    refused(game, ManualCounter(0, f, "counter", 1), "needs a name")
    refused(game, ManualCounter(0, f, "kill", 1, "Big"), "has no name")
    refused(game, ManualCounter(0, f, "spell", 1), "bos profile: card_counters")
    game.apply(ManualMove(0, f, "discard"))
    assert game.view(0)["players"][0]["areas"]["discard"][0].get("counters") is None


def test_bos_soul_points_are_transferred_zero_sum_and_logged():
    """BOS §Battles: SP damage is a transfer; start 8000, win at 16000, lose at 0 (digest §3.2 need 2)."""
    game = bos_position()
    events = game.apply(ManualTracker(0, 1, "sp", "transfer", 1500))
    assert [e.data["after"] for e in events if e.kind == "manual"] == [[9500, 6500]]
    game.apply(ManualTracker(0, 0, "sp", "adjust", -300))
    assert [game.view(0)["players"][p]["trackers"]["sp"] for p in (0, 1)] == [9200, 6500]
    events = game.apply(ManualTracker(1, 1, "sp", "pay_each_opponent", 9000))  # only 6500 to give
    assert [(e["player"], e["mark"], e["at"]) for e in events if e.kind == "tracker_mark"] == [(1, "lose_at", 0)]
    assert [game.state.table.trackers[p]["sp"] for p in (0, 1)] == [15700, 0]
    refused(game, ManualTracker(1, 1, "sp", "transfer", 100), "at its minimum 0")
    events = game.apply(ManualTracker(0, 0, "sp", "adjust", 300))
    assert [(e["player"], e["mark"], e["value"]) for e in events if e.kind == "tracker_mark"] == [(0, "win_at", 16000)]
    refused(game, ManualTracker(0, 0, "mana", "adjust", 1), "has no tracker 'mana'")
    refused(game, ManualTracker(0, 0, "sp", "transfer", -5), "more than 0")
    assert game.result is None  # the sandbox names no winner: the players do


def test_bos_fighter_tokens_vanish_when_they_leave():
    """BOS §Other Rules: fighter tokens occupy fighter zones and are removed instead of going elsewhere."""
    game = bos_position()
    game.apply(ManualCardToken(0, 1, "Spark Wisp", (("atk", 500), ("rst", 500))))
    token = zone(game, 1, "fighter")[0]
    card = game.db[game.state.cards[token].cid]
    assert (card.type, card.token, card.extra) == ("fighter", True, {"class": "Warrior", "atk": 500, "rst": 500})
    game.apply(ManualMove(1, token, "hand"))
    assert game.state.cards[token].zone == "removed" and zone(game, 1, "hand") == []
    refused(game, ManualCardToken(0, 1, "Wisp", (("bp", 5),)), "not a number field")


def test_bos_rest_and_attack_position_are_its_orientations():
    """BOS: fighters enter in vertical attack position; horizontal is rest position."""
    game = bos_position(p0={"fighter": [WARRIOR]})
    f = zone(game, 0, "fighter")[0]
    game.apply(ManualTurn(0, f, "rest"))
    assert game.view(1)["players"][0]["areas"]["fighter"][0]["exhausted"] is True
    game.apply(ManualExhaust(0, f, False))  # the board's double-click: back to attack position
    refused(game, ManualTurn(0, f, "attack"), "already attack position")
    refused(game, ManualTurn(0, f, "heavy_exhausted"), "no orientation 'heavy_exhausted'")


def test_bos_discard_pile_keeps_its_order_and_mills_go_there():
    """BOS §Layout: the discard pile is public and its order must not change."""
    game = bos_position(p0={"fighter": [WARRIOR], "hand": [TACTIC]})
    f, t = zone(game, 0, "fighter")[0], zone(game, 0, "hand")[0]
    game.apply(ManualMove(0, t, "discard"))
    game.apply(ManualMove(0, f, "discard"))
    game.apply(ManualDeck(0, 0, "discard", 2))
    assert zone(game, 0, "discard")[:2] == [t, f] and len(zone(game, 0, "discard")) == 4
    assert [e["cid"] for e in game.view(1)["players"][0]["areas"]["discard"]][:2] == [TACTIC, WARRIOR]


def test_bos_side_deck_is_its_owners_and_out_of_the_game():
    """BOS §Getting Started: a side deck of 0-15 kept outside the game (digest §3.2 need 9)."""
    game = bos_position(p0={"side": [TACTIC, FIELD]})
    assert game.view(1)["players"][0]["areas"]["side"] is None
    assert game.view(1)["players"][0]["counts"]["side"] == 2
    assert [e["cid"] for e in game.view(0)["players"][0]["areas"]["side"]] == [TACTIC, FIELD]


def test_a_bos_position_saves_and_loads_every_mark():
    game = bos_position(p0={"fighter": [{"card": WARRIOR, "counters": {"kill": 2}, "exhausted": True}],
                            "equipment": [{"card": ATTACHED, "on": "fighter[0]"}], "tactic": [TACTIC],
                            "battlefield": [FIELD], "trackers": {"sp": 7400}},
                        p1={"fighter": [WARRIOR2], "trackers": {"sp": 8600}})
    game.apply(ManualCardToken(1, 1, "Spark Wisp", (("atk", 500), ("rst", 0))))
    saved = position_from_game(game)
    assert saved["game"] == "bos" and "life" not in saved["players"][0] and "field" not in saved["players"][0]
    assert saved["players"][0]["tactic"] == [{"card": TACTIC, "down": True}]
    again = game_from_position(saved, DB, settings=SANDBOX)
    assert position_from_game(again) == saved
    assert again.view(1) == game.view(1) and again.view(0) == game.view(0)


@pytest.mark.parametrize("players, field, words", [
    ({"p0": {"fighter": [{"card": WARRIOR, "counters": {"kill": 0}}]}}, "players[0].fighter[0].counters.kill", "1 to"),
    ({"p0": {"fighter": [{"card": WARRIOR, "down": True}]}}, "players[0].fighter[0].down", "not face down"),
    ({"p0": {"equipment": [{"card": ATTACHED, "on": "fighter[2]"}]}}, "players[0].equipment[0].on", "no card"),
    ({"p0": {"fighter": [{"card": WARRIOR, "turn": "sideways"}]}}, "players[0].fighter[0].turn", "no orientation"),
    ({"p0": {"trackers": {"hp": 3}}}, "players[0].trackers.hp", "no tracker"),
    ({"p0": {"graveyard": []}}, "players[0].graveyard", "unknown field"),
])
def test_a_wrong_bos_position_names_its_field(players, field, words):
    from bss_desktop.engine.errors import PositionError

    with pytest.raises(PositionError) as e:
        bos_position(**players)
    assert e.value.field == field and words in e.value.message


def test_standard_heavy_exhaust_and_removed_from_game():
    """digest §2.3 rows 16 and 19: a removed-from-game area the owner orders; heavy exhausted (STD 5-16) counts
    as exhausted."""
    std = get_profile("standard")
    db = game_db(std)
    spirit = next(c for c in db.values() if c.type == "spirit" and not c.token)
    game = game_from_position({"game": "standard", "turn": 2, "turn_player": 1, "players": [
        {"life": 5, "reserve": 3, "deck": [spirit.id] * 10, "field": [{"card": spirit.id, "cores": 1}]},
        {"life": 5, "reserve": 3, "deck": [spirit.id] * 10}]}, db, settings=SANDBOX)
    s = game.state.players[0].field[0]
    game.apply(ManualTurn(0, s, "heavy_exhausted"))
    entry = game.view(1)["players"][0]["field"][0]
    assert entry["turn"] == "heavy_exhausted" and entry["exhausted"] is True
    game.apply(ManualExhaust(0, s, True))  # refreshing it halfway: plain exhausted (STD 5-16-1)
    assert "turn" not in game.view(1)["players"][0]["field"][0]
    game.apply(ManualMove(0, s, "exile"))
    assert game.view(1)["players"][0]["areas"]["exile"][0]["cid"] == spirit.id
    assert game.state.players[0].reserve == 4  # its core went back to the reserve (CR 3-5-5)
    refused(game, ManualMove(0, s, "burst"), "not an area of Battle Spirits Standard")


def test_eternal_count_holds_cores_outside_the_field():
    """ETR §Count: cores from the void in the Count area; they are not on the field."""
    etr = get_profile("eternal")
    db = game_db(etr)
    card = next(c for c in db.values() if c.type == "spirit" and not c.token)
    game = game_from_position({"game": "eternal", "turn": 2, "turn_player": 0, "players": [
        {"life": 5, "reserve": 3, "deck": [card.id] * 10}, {"life": 5, "reserve": 3, "deck": [card.id] * 10}]},
        db, settings=SANDBOX)
    total = game.state.cores_in_play
    game.apply(ManualCores(0, 0, "void", "count", 2))
    game.apply(ManualCores(0, 0, "reserve", "count", 1))
    assert game.view(1)["players"][0]["pieces"] == {"count": 3} and game.state.players[0].reserve == 2
    assert game.state.cores_in_play == total + 2
    refused(game, ManualCores(0, 0, "count", "life", 4), "only 3 core(s)")
    again = game_from_position(position_from_game(game), db, settings=SANDBOX)
    assert again.view(0) == game.view(0)


@pytest.mark.parametrize("profile", [p.id for p in all_profiles()])
def test_every_profiles_hidden_zones_are_hidden_from_the_other_seat(profile):
    """For every game: what its profile hides (visibility none / owner, face-down cards) never reaches the other
    seat, neither in the engine's view nor through the LAN redaction of a game's events."""
    prof = get_profile(profile)
    db = game_db(prof)
    # every card a different card, and none in both decks: an identity told is exactly one card's
    distinct = [c.id for c in db.values() if not c.token]
    half = 50 if profile == "bss" else len(distinct) // 2 - 2
    decks = [distinct[:half], distinct[half:2 * half]]
    sides = [distinct[2 * half:2 * half + 2], []] if "side" in prof.zones else None
    game = Game.new(db, decks, 7, settings=SANDBOX.for_lan(), profile=prof, sides=sides, validate_decks=False)
    windows = [SeatWindow.for_game(game, s) for s in (0, 1)]
    told = [[], []]
    # every card of seat 0's hand goes to each zone of cards in turn; the deck is milled into each
    for zone_name in [z.name for z in prof.card_zones()] * 2:
        hand = game.state.players[0].hand
        if not hand:
            game.apply(ManualDeck(0, 0, "hand", 1))
            hand = game.state.players[0].hand
        card = hand[0]
        try:
            events = game.apply(ManualMove(0, card, zone_name))
        except IllegalCommand:
            continue  # (a magic card onto the field, a non-burst into the burst area)
        for s in (0, 1):
            told[s].extend(windows[s].events(events))
    hidden = [z.name for z in prof.card_zones() if z.visibility != "public"]
    face_down = [z.name for z in prof.card_zones() if z.face == "down" and z.visibility == "public"]
    theirs = game.view(1)["players"][0]
    for z in hidden:
        if z in ("hand", "deck"):
            assert theirs[z] is None if z == "hand" else "deck" not in theirs
        elif z == "burst":
            assert theirs["burst"] in (None, {"face_down": True})
        else:
            assert theirs["areas"][z] is None, z
    for z in face_down:
        assert all(e["cid"] is None for e in theirs["areas"][z]), z
    # the identities seat 1 was told are exactly those of seat 0's cards in public zones, face up
    secret = {c.cid for c in game.state.cards.values() if c.owner == 0 and (
        c.zone in hidden or (game.state.table is not None and c.iid in game.state.table.marks
                             and game.state.table.marks[c.iid].down))}
    public = {c.cid for c in game.state.cards.values() if c.owner == 0 and c.cid not in secret}
    leaked = {e.get("cid") for e in told[1] if e.get("cid")} - public
    assert not (leaked & secret), leaked & secret
    view = windows[1].view(game)
    text = repr(view["players"][0])
    for cid in secret - public:
        assert cid not in text, cid


def test_table_commands_round_trip_through_json_and_records():
    game = bos_position(p0={"fighter": [WARRIOR], "hand": [ATTACHED]})
    f, eq = zone(game, 0, "fighter")[0], zone(game, 0, "hand")[0]
    cmds = [ManualMove(0, eq, "equipment"), ManualAttach(0, eq, f), ManualCounter(0, f, "kill", 1),
            ManualTurn(0, f, "rest"), ManualTracker(0, 1, "sp", "transfer", 300), ManualFlip(0, eq, True),
            ManualCardToken(1, 1, "Wisp", (("atk", 500), ("rst", 500)))]
    for cmd in cmds:
        assert command_from_dict(cmd.to_dict()) == cmd
        game.apply(cmd)
    again = replay(to_record(game), DB)
    assert again.state.hash() == game.state.hash()


@pytest.mark.parametrize("bad, field", [
    ({"type": "manual_tracker", "player": 0, "owner": 0, "name": "sp", "op": "steal", "amount": 5}, "op"),
    ({"type": "manual_tracker", "player": 0, "owner": 0, "name": "sp", "amount": 10**7}, "amount"),
    ({"type": "manual_counter", "player": 0, "card": 1, "name": "kill", "delta": 0}, "delta"),
    ({"type": "manual_counter", "player": 0, "card": 1, "name": "Kill Token"}, "name"),
    ({"type": "manual_card_token", "player": 0, "owner": 0, "stats": [["atk", 1]] * 9}, "stats"),
    ({"type": "manual_card_token", "player": 0, "owner": 0, "stats": [["atk", -1]]}, "stats[0]"),
    ({"type": "manual_attach", "player": 0, "card": 1, "host": "fighter"}, "host"),
    ({"type": "manual_flip", "player": 0, "card": 1, "down": 1}, "down"),
])
def test_a_malformed_table_command_names_its_field(bad, field):
    from bss_desktop.engine.commands import CommandFormatError

    with pytest.raises(CommandFormatError) as e:
        command_from_dict(bad)
    assert e.value.field == field


def test_table_commands_in_a_battle_spirits_saga_game_are_refused_by_its_profile():
    from helpers import (  # the player's main-step position (Battle Spirits Saga)
        MAIN,
        position,
    )

    game = position(MAIN, settings=SANDBOX)
    spirit = game.state.players[0].field[0]
    assert game.state.table is None
    refused(game, ManualCounter(0, spirit, "kill", 1), "has no counter")
    refused(game, ManualTracker(0, 0, "sp", "adjust", 1), "has no tracker")
    refused(game, ManualFlip(0, spirit, True), "are face up")
    refused(game, ManualTurn(0, spirit, "heavy_exhausted"), "no orientation")


def test_eternal_two_sided_card_shows_side_b_until_it_leaves():
    """ETR §Rebirth: side A anywhere but the field; flipped to side B at no cost; back to side A when it leaves
    the field. The table shows the side turned up, to both players."""
    from bss_desktop.engine.commands import ManualSide

    etr = get_profile("eternal")
    db = game_db(etr)
    rebirth = next(c for c in db.values() if "back" in c.extra and c.type == "spirit")
    game = game_from_position({"game": "eternal", "turn": 2, "turn_player": 0, "players": [
        {"life": 5, "reserve": 3, "deck": [rebirth.id] * 5, "field": [{"card": rebirth.id, "cores": 3}]},
        {"life": 5, "reserve": 3, "deck": [rebirth.id] * 5}]}, db, settings=SANDBOX)
    card = game.state.players[0].field[0]
    events = game.apply(ManualSide(0, card, True))
    assert [e["name"] for e in events if e.kind == "manual"] == [rebirth.extra["back"].name]
    assert game.view(1)["players"][0]["field"][0]["back"] is True
    refused(game, ManualSide(0, card, True), "already shows that side")
    saved = position_from_game(game)
    assert saved["players"][0]["field"][0]["back"] is True
    game.apply(ManualMove(0, card, "hand"))
    game.apply(ManualMove(0, card, "field"))
    assert "back" not in game.view(1)["players"][0]["field"][0]  # a new card: side A
    plain = next(c for c in db.values() if "back" not in c.extra and c.type == "spirit" and not c.token)
    other = game_from_position({"game": "eternal", "turn": 2, "turn_player": 0, "players": [
        {"life": 5, "reserve": 3, "deck": [plain.id] * 5, "field": [{"card": plain.id, "cores": 3}]},
        {"life": 5, "reserve": 3, "deck": [plain.id] * 5}]}, db, settings=SANDBOX)
    refused(other, ManualSide(0, other.state.players[0].field[0], True), "has one side")
