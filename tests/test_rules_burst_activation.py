"""A set burst is activated at its owner's will, decided first and in secret (CR 10-9-2, 10-9-3); only effects that
have activated are ordered by the turn player (CR 8-5-2-4); nothing the opponent sees names a face-down card or shows
whether its condition was met (CR 3-8-2) — audit issue 25, item 4.

Before: when the host summoned a spirit with a "when summoned" effect at a moment the guest's burst was asked about
(every burst moment is, over a LAN), the host was asked to order "1. its spirit / 2. the guest's burst" with the burst
named, and then read "Waiting for Bob: <burst name> — activate your burst?".

The cards are written for these tests."""
from __future__ import annotations

import json

import yaml

from bss_desktop.engine.commands import Choose, Summon
from bss_desktop.engine.settings import Ruleset
from bss_desktop.protocol.redaction import SeatWindow
from helpers import position

CARDS = [
    {"id": "BA-HERALD", "name": "Dawn Herald", "type": "spirit", "colors": ["red"], "cost": 0, "symbols": ["red"],
     "levels": [{"level": 1, "cores": 1, "bp": 2000}],
     "effects": [{"kind": "triggered", "trigger": "when_summoned", "do": [{"draw": 1}]}]},
    # matched by the Herald's summon
    {"id": "BA-SNARE", "name": "Summons Snare", "type": "magic", "colors": ["purple"], "cost": 3, "timing": ["flash"],
     "effects": [{"kind": "magic", "do": [{"draw": 1}]},
                 {"kind": "burst", "trigger": "opponent_summons", "do": [{"core_remove": {"target": "trigger",
                                                                                          "count": 1}}]}]},
    # not matched by a summon: "after your opponent's attack"
    {"id": "BA-LATE", "name": "Late Ambush", "type": "magic", "colors": ["red"], "cost": 3, "timing": ["flash"],
     "effects": [{"kind": "magic", "do": [{"draw": 1}]},
                 {"kind": "burst", "trigger": "opponent_attacks", "do": [{"draw": 1}]}]},
]
NAMES = ("Summons Snare", "BA-SNARE", "Late Ambush", "BA-LATE")


def game_with(burst: str, *, lan: bool):
    text = yaml.safe_dump({"turn": 3, "turn_player": 0, "step": "main", "cards": CARDS, "players": [
        {"name": "Aki", "life": 5, "reserve": 4, "hand": ["BA-HERALD"], "deck": ["T-W0", "T-W0", "T-W0"]},
        {"name": "Bob", "life": 5, "reserve": 3, "burst": burst, "deck": ["T-W0", "T-W0", "T-W0"]}]},
        sort_keys=False)
    return position(text, settings=Ruleset().for_lan() if lan else None)


def summon_herald(game):
    herald = game.state.players[0].hand[0]
    cmd = next(c for c in game.legal_commands() if isinstance(c, Summon) and c.card == herald)
    game.apply(cmd)
    return herald


def host_sees(game) -> str:
    """Everything the summoning player's seat is shown of the game now (its view, the pending decision included)."""
    return json.dumps(SeatWindow.for_game(game, 0).view(game))


def test_cr_10_9_3_over_a_lan_the_burst_owner_is_asked_first_and_a_declined_burst_is_never_ordered():
    game = game_with("BA-LATE", lan=True)  # the summon is a burst moment, asked whether or not it matched
    summon_herald(game)
    pend = game.pending
    assert pend.kind == "choose" and pend.player == 1 and pend.info["kind"] == "may"
    assert pend.info["prompt"] == "activate your burst? (CR 10-9-3)"
    assert game.legal_commands() == [Choose(1, False)]  # it did not match: it can only be declined
    assert not any(name in host_sees(game) for name in NAMES)
    decline_every_question(game)
    # only the Herald's effect activated: nothing was ordered, it resolved (CR 8-5-2-4)
    assert game.pending.kind == "main" and len(game.state.players[0].hand) == 1
    assert game.state.players[1].burst is not None  # still set, face down


def decline_every_question(game, window=None) -> list:
    """Player 2 declines every "activate your burst?" (the summon, then its effect resolving, are burst moments);
    nothing else is asked on the way, an order least of all. The events, as `window` shows them."""
    events = []
    while game.pending.kind == "choose":
        assert game.pending.player == 1 and game.pending.info["kind"] == "may", game.pending
        assert not any(name in host_sees(game) for name in NAMES)
        got = game.apply(Choose(1, False))
        events += window.events(got) if window is not None else []
    return events


def test_cr_10_9_3_a_matched_burst_declined_reads_the_same_to_the_opponent_as_a_decoy():
    seen = []
    for burst in ("BA-SNARE", "BA-LATE"):
        game = game_with(burst, lan=True)
        window = SeatWindow.for_game(game, 0)
        herald = game.state.players[0].hand[0]
        cmd = next(c for c in game.legal_commands() if isinstance(c, Summon) and c.card == herald)
        events = window.events(game.apply(cmd))
        events += decline_every_question(game, window)
        seen.append(json.dumps(events, sort_keys=True))
        assert game.pending.kind == "main"
    assert seen[0] == seen[1]
    assert not any(name in seen[0] for name in NAMES)


def test_cr_8_5_2_4_an_activated_burst_turns_face_up_and_then_the_turn_player_orders_it():
    game = game_with("BA-SNARE", lan=True)
    window = SeatWindow.for_game(game, 0)
    herald = summon_herald(game)
    assert game.pending.player == 1 and game.pending.info["kind"] == "may"
    assert Choose(1, True) in game.legal_commands()
    shown = window.events(game.apply(Choose(1, True)))
    snare = next(i for i, c in game.state.cards.items() if c.cid == "BA-SNARE")
    assert game.state.cards[snare].zone == "resolving"  # turned face up (CR 8-5-2-1): now both may see it
    pend = game.pending
    assert pend.kind == "choose" and pend.info["kind"] == "order" and pend.player == 0  # CR 8-5-2-4
    assert sorted(pend.info["sources"]) == sorted([herald, snare])
    assert "BA-SNARE" in json.dumps(shown)  # the opponent was shown it as it turned face up


def test_cr_10_9_3_locally_a_matched_burst_is_asked_before_any_order_and_a_no_leaves_nothing_to_order():
    game = game_with("BA-SNARE", lan=False)
    summon_herald(game)
    assert game.pending.player == 1 and game.pending.info["kind"] == "may"
    decline_every_question(game)
    assert game.pending.kind == "main" and game.state.players[1].burst is not None


def test_cr_10_9_1_locally_an_unmatched_burst_is_not_asked_at_all():
    game = game_with("BA-LATE", lan=False)
    summon_herald(game)
    assert game.pending.kind == "main" and len(game.state.players[0].hand) == 1


def test_the_summoning_player_at_the_board_reads_no_burst_name_while_its_owner_decides(qtbot):
    """The window of the player who summoned (here against the computer, with every burst moment asked as over a
    LAN): the decision bar says whom it waits for and what, never which card."""
    from test_client_choices import summon
    from test_first_hour import window_for

    text = yaml.safe_dump({"turn": 3, "turn_player": 0, "step": "main", "cards": CARDS,
                           "settings": {"ask_every_burst_moment": True}, "players": [
                               {"name": "Aki", "life": 5, "reserve": 4, "hand": ["BA-HERALD"], "deck": ["T-W0"] * 3},
                               {"name": "Bob", "life": 5, "reserve": 3, "burst": "BA-SNARE", "deck": ["T-W0"] * 3}]},
                          sort_keys=False)
    w, game = window_for(qtbot, text, seats=("human", "ai"))
    w.controller.ai_delay_ms = 10 ** 6  # the computer takes its time: the question stays on the board
    summon(w, game.state.players[0].hand[0])
    assert game.pending.player == 1 and game.pending.info["kind"] == "may"
    bar = w.bar.label.text()
    assert "Waiting for <b>Bob</b>: whether to activate their face-down burst" in bar, bar
    shown = bar + w.log.toPlainText() + w.statusBar().currentMessage()
    assert not any(name in shown for name in NAMES), shown
