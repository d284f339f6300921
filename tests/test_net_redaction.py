"""Per-seat redaction (CR 3-2-2 decks, 3-3-3 hands, 3-8-2 face-down bursts): the guest learns no hidden card.

The scan plays whole games over a real link and checks every frame the guest
received against what the engine's state let the guest see; the unit tests
build concrete positions and look at single events.
"""
from __future__ import annotations

import json

import pytest
from lan import DB, play_in_process, run, sessions

from bss_desktop.engine.commands import ManualMove, SetBurst, Summon
from bss_desktop.engine.position import game_from_position
from bss_desktop.engine.settings import Ruleset
from bss_desktop.protocol.redaction import RedactionError, SeatWindow
from bss_desktop.protocol.stream import SeatStream

PUBLIC = ("field", "trash", "resolving", "removed", "token")


def _visible_cids(game, seat: int) -> set[str]:
    out = set()
    for card in game.state.cards.values():
        if card.zone in PUBLIC or (card.owner == seat and card.zone in ("hand", "burst")) or (
                card.zone == "burst" and game.over):
            out.add(card.cid)
    return out


def _shown_in(events, seat: int) -> set[str]:
    """Identities the engine's events make public to `seat` (moves through visible zones, reveals)."""
    out = set()
    for e in events:
        d = e.data
        if e.kind == "card_moved" and (d["src"] in PUBLIC or d["dst"] in PUBLIC or (
                d["owner"] == seat and ("hand" in (d["src"], d["dst"]) or "burst" in (d["src"], d["dst"])))):
            out.add(d["cid"])
        elif e.kind in ("reveal", "burst_revealed", "magic_used"):
            out.add(d["cid"])
        elif e.kind == "manual" and d.get("what") == "reveal":
            out.update(d["cids"])
        elif (e.kind == "look" or e.kind == "manual" and d.get("what") == "look") and d["player"] == seat:
            out.update(d["cids"])  # CR 12-3-1: what an effect (or the player by hand) lets this seat look at
        elif e.kind == "draw" and d["player"] == seat:
            out.add(e.data.get("cid") or "")
    return out


def _cids_in(msg) -> set[str]:
    found = set()

    def walk(x):
        if isinstance(x, dict):
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)
        elif isinstance(x, str) and x in DB:
            found.add(x)

    walk(msg)
    return found


@pytest.mark.parametrize("pair", [("red-saga", "blue-saga"), ("purple-saga", "green-saga"),
                                  ("yellow-saga", "white-saga"), ("blue-vanilla", "red-vanilla")])
def test_no_frame_sent_to_the_guest_names_a_card_it_may_not_see(pair):
    host, guest = sessions(*pair, fixed=False)
    seat = 1
    allowed = {0: set()}  # seq -> identities the guest may know from that batch
    previous = [set()]
    revealed = set()  # cards an effect revealed stay public until it has resolved (CR 12-2-2)

    def on_events(events):
        now = _visible_cids(host.game, seat)
        in_batch = set(revealed)  # revealed at some moment of this batch: in event order, as the redaction reads
        for e in events:  # (an effect resolving, then another's search revealing cards, in one batch)
            if e.kind == "reveal":
                revealed.add(e.data["cid"])
                in_batch.add(e.data["cid"])
            elif e.kind == "resolved":
                revealed.clear()
        allowed[len(host.game.history)] = previous[0] | now | _shown_in(events, seat) | in_batch
        previous[0] = now

    host.on_events = on_events
    frames = []
    host, guest = run(play_in_process(host, guest, record=frames.append))
    game = host.game
    # batch 0 (setup): the guest's opening hand only
    allowed[0] = {game.state.cards[i].cid for i in game.state.cards if game.state.cards[i].owner == seat}
    batches = [m for m in frames if m["type"] == "events"]
    assert len(batches) == len(game.history) + 1
    for msg in batches:
        leaked = _cids_in(msg) - allowed[msg["seq"]]
        assert not leaked, f"batch {msg['seq']} names hidden cards {sorted(leaked)}"
    # and before the end nothing else carries card identities
    others = [m for m in frames if m["type"] not in ("events", "record", "reveal")]
    assert all(not _cids_in(m) for m in others)


def test_engine_card_ids_never_reach_the_guest_only_aliases():
    frames = []
    host, guest = run(play_in_process(*sessions(), record=frames.append))
    aliases = set(host.stream.window.alias.values()) | set(host.stream.window.real)
    hand = guest.view["players"][guest.seat]["hand"]
    assert all(e["card"] in host.stream.window.real for e in hand)
    assert aliases  # the window issued aliases, and the guest's hand is named with them


# ---------------------------------------------------------------- single events from positions


def _pos(**p0):
    base = {"turn": 3, "turn_player": 0, "step": "main",
            "players": [{"life": 5, "reserve": 6, "hand": ["SG1-005", "SG1-008"], "deck": ["SG1-003"] * 6,
                         "field": [{"card": "SG1-010", "cores": 2}]},
                        {"life": 5, "reserve": 4, "hand": ["SG1-044"], "deck": ["SG1-048"] * 6,
                         "field": [{"card": "SG1-055", "cores": 1}]}]}
    base["players"][0].update(p0)
    return base


def _game(**p0):
    game = game_from_position(_pos(**p0), DB, settings=Ruleset(sandbox=True))
    return game, SeatStream(game, 1)


def test_cr_3_3_3_the_opponent_hand_is_a_count_and_its_cards_carry_no_identity():
    game, stream = _game()
    msg = stream.batch(game, [], 0, "0" * 64)
    me, them = msg["patch"][0][1]["players"][1], msg["patch"][0][1]["players"][0]
    assert them["hand"] is None and them["hand_count"] == 2
    assert [e["cid"] for e in me["hand"]] == ["SG1-044"]


def test_cr_3_2_2_a_draw_by_the_opponent_names_no_card_and_the_own_draw_does():
    game, stream = _game()
    stream.batch(game, [], 0, "0" * 64)
    iid = game.state.players[0].deck[-1]
    game._events = events = []
    game._draw(0)
    game._draw(1)
    out = stream.window.events(events)
    assert out[0] == {"kind": "draw", "player": 0, "card": None}
    assert out[1]["card"] is not None and out[1]["cid"] == "SG1-048"
    assert iid not in stream.window.alias


def test_a_card_that_goes_back_to_a_hidden_hand_comes_out_as_a_new_card():
    game, stream = _game()
    stream.batch(game, [], 0, "0" * 64)
    spirit = game.state.players[0].field[0]
    first = stream.window.alias[spirit]
    events = game.apply(ManualMove(0, spirit, "hand"))
    out = stream.window.events(events)
    moved = [e for e in out if e["kind"] == "card_moved"][0]
    assert moved["card"] == first and moved["cid"] == "SG1-010"  # seen leaving the field
    assert spirit not in stream.window.alias  # forgotten once hidden
    events = game.apply(ManualMove(0, spirit, "field", cores=1))
    back = [e for e in stream.window.events(events) if e["kind"] == "card_moved"][0]
    assert back["card"] != first and back["cid"] == "SG1-010"


def test_a_card_put_into_a_deck_loses_its_alias_even_for_its_owner():
    game, stream = _game()
    stream.batch(game, [], 0, "0" * 64)
    mine = game.state.players[1].field[0]
    stream.window.events(game.apply(ManualMove(1, mine, "deck")))
    assert mine not in stream.window.alias


def test_cr_3_8_2_the_opponent_sets_a_burst_face_down_and_the_guest_learns_nothing_of_it():
    game = game_from_position(_pos(hand=["SG1-018"]), DB)  # a card with a burst effect
    stream = SeatStream(game, 1)
    stream.batch(game, [], 0, "0" * 64)
    burst_card = game.state.players[0].hand[0]
    assert DB[game.state.cards[burst_card].cid].burst
    msg = stream.batch(game, game.apply(SetBurst(0, burst_card)), 1, "0" * 64)
    assert "SG1-018" not in json.dumps(msg)
    assert msg["patch"] and any(op[0][-1] == "burst" and op[1] == {"face_down": True} for op in msg["patch"])


def test_the_opponent_options_in_a_choice_are_hidden_and_the_guest_own_are_aliased():
    game, stream = _game()
    w = stream.window
    stream.batch(game, [], 0, "0" * 64)
    view = {"kind": "target", "player": 0, "options": [1, 2]}
    # the redactor hides the options of a choice the other seat makes
    v = game.view(1)
    v["pending"] = dict(view)
    game.view = lambda seat: v  # noqa: E731  (a choice pending for seat 0)
    assert w.view(game)["pending"]["options"] is None


def test_a_command_naming_a_card_by_engine_id_or_for_the_other_seat_is_refused():
    game, stream = _game()
    stream.batch(game, [], 0, "0" * 64)
    w = stream.window
    hidden = game.state.players[0].hand[0]
    with pytest.raises(RedactionError, match="no card"):
        w.command_to_engine({"type": "manual_reveal", "player": 1, "cards": [hidden + 1000]})
    with pytest.raises(RedactionError, match="seat 1"):
        w.command_to_engine({"type": "end_main", "player": 0})
    mine = game.state.players[1].hand[0]
    cmd = w.command_to_engine({"type": "summon", "player": 1, "card": w.alias[mine]})
    assert isinstance(cmd, Summon) and cmd.card == mine


def test_a_cores_choice_names_cards_by_alias_and_keeps_the_reserve_and_soul_core_codes():
    # Core Leech takes a core from player 2's Red Knight, which holds a core and player 2's soul core: player 2
    # chooses (CR 8-5-6). Its seat sees the card by alias, answers with it, and cannot name a card it was not shown
    from helpers import position

    game = position("""
        turn: 3
        turn_player: 0
        players:
          - {life: 5, reserve: 3, hand: [V-LEECH]}
          - {life: 5, reserve: 3, soul_core: field, field: [{card: T-R3, cores: 1, soul_core: true}]}
    """)
    window = SeatWindow.for_game(game, 1)
    knight = game.state.players[1].field[0]
    window.events(game.apply(Summon(0, game.state.players[0].hand[0])))
    view = window.view(game)
    alias = window.ref(knight)
    assert view["pending"]["kind"] == "cores" and view["pending"]["options"] == [alias, -1]
    assert view["pending"]["counts"] == [1, 1]
    legal = [window.command_from_engine(c, "cores") for c in game.legal_commands()]
    assert sorted(c["value"] for c in legal) == sorted([[alias], [-1]])
    cmd = window.command_to_engine({"type": "choose", "player": 1, "value": [alias]}, "cores")
    assert cmd.value == (knight,)
    with pytest.raises(RedactionError):
        window.command_to_engine({"type": "choose", "player": 1, "value": [alias + 50]}, "cores")
    assert window.command_to_engine({"type": "choose", "player": 1, "value": [-1]}, "cores").value == (-1,)
    # the other seat sees that player 2 decides, not the places
    other = SeatWindow.for_game(game, 0).view(game)["pending"]
    assert other["options"] is None and "counts" not in other
