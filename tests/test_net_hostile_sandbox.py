"""Design ruling 12 over TCP on 127.0.0.1: in a LAN sandbox a seat's free moves never reveal or move the other
seat's hidden or face-down cards; what a seat may do to the other's public cards, pieces and trackers is declared by
the profile (`opponent_moves`; Battle of Souls: the Soul Point transfer of battle damage and kill tokens), anything
else is a request the owner accepts or refuses, and every such move is logged with who made it (engine/reach.py).

Before, a guest flipped the host's face-down tactic (BOS §Tactic Cards: set face down) face up, moved it to the
host's discard pile and read its identity. Here a hostile guest and a hostile host each try every move on the other's
hidden cards; each is refused naming the rule, and the owner's hidden card never appears in any frame the attacker
receives. A local hot-seat sandbox (one person, both seats) keeps moving both seats' things as before.
"""
from __future__ import annotations

import json

import pytest
from lan import run
from test_net_table import SANDBOX, finish, guest_does, lan_sandbox, settle

from bss_desktop.carddb.database import game_db
from bss_desktop.carddb.deck_formats import game_decks
from bss_desktop.engine.commands import (ManualCounter, ManualDeck, ManualFlip, ManualLook, ManualMove,
                                         ManualRandomCard, ManualReveal, ManualShuffle, ManualTracker)
from bss_desktop.engine.errors import IllegalCommand, NeedsConsent
from bss_desktop.engine.game import Game
from bss_desktop.gamelog import describe
from bss_desktop.table import get_profile

RULE = "ruling 12"


def _first(game, owner: int, kind: str) -> int:
    zone = game.state.players[owner]
    return next(i for i in zone.hand + zone.deck if game.db[game.state.cards[i].cid].type == kind)


async def _started(profile):
    """A LAN sandbox of `profile` on 127.0.0.1, started and settled: (host, guest, frames, server, playing)."""
    host, guest, frames, server, playing = await lan_sandbox(profile)
    await host.started.wait()
    await settle(host, guest)
    return host, guest, frames, server, playing


async def owner_moves(host, guest, owner: int, card: int, zone: str) -> None:
    """The card's owner moves its own card (the guest through its session, never refused)."""
    if owner == 0:
        host.apply(ManualMove(0, card, zone))
    else:
        assert not await guest_does(host, guest, {"type": "manual_move", "player": 1, "card": _alias(host, card),
                                                  "to": zone})


async def _table(host, guest):
    """Both seats set a tactic face down and a fighter face up; (host's tactic, guest's tactic, host's fighter,
    guest's fighter) as engine ids."""
    game = host.game
    made = []
    assert not await guest_does(host, guest, {"type": "manual_look", "player": 1, "owner": 1, "top": 0})
    for owner in (0, 1):
        tactic, fighter = _first(game, owner, "tactic"), _first(game, owner, "fighter")
        for card, zone in ((tactic, "tactic"), (fighter, "fighter")):
            await owner_moves(host, guest, owner, card, zone)
        made.append((tactic, fighter))
    await settle(host, guest)
    return made[0][0], made[1][0], made[0][1], made[1][1]


def _alias(host, iid):
    return host.stream.window.alias[iid]


def test_a_hostile_guest_cannot_reveal_look_at_or_move_the_hosts_hidden_cards():
    bos = get_profile("bos")

    async def go():
        host, guest, frames, server, playing = await _started(bos)
        game = host.game

        tactic, _, _, _ = await _table(host, guest)
        secret = game.state.cards[tactic].cid
        assert game.state.table.marks[tactic].down and guest.view["players"][0]["areas"]["tactic"][0]["cid"] is None
        a = guest.view["players"][0]["areas"]["tactic"][0]["card"]  # the face-down card's place has an alias
        before = game.state_hash()
        attacks = [
            {"type": "manual_flip", "player": 1, "card": a, "down": False},
            {"type": "manual_move", "player": 1, "card": a, "to": "discard"},
            {"type": "manual_move", "player": 1, "card": a, "to": "hand", "side": 1},
            {"type": "manual_reveal", "player": 1, "cards": [a]},
            {"type": "manual_counter", "player": 1, "card": a, "name": "kill", "delta": 1},
            {"type": "manual_side", "player": 1, "card": a, "back": True},
            {"type": "manual_turn", "player": 1, "card": a, "to": "rest"},
            {"type": "manual_order", "player": 1, "owner": 0, "zone": "tactic", "cards": [a]},
            {"type": "manual_deck", "player": 1, "owner": 0, "to": "discard", "count": 3},
            {"type": "manual_look", "player": 1, "owner": 0, "top": 0},
            {"type": "manual_random_card", "player": 1, "owner": 0},
        ]
        refusals = []
        for cmd in attacks:
            refused = await guest_does(host, guest, cmd)
            assert refused, cmd
            refusals.append((cmd["type"], refused[0]))
        assert game.state_hash() == before and game.state.table.marks[tactic].down
        assert game.state.cards[tactic].zone == "tactic"
        assert not [f for f in frames if secret in json.dumps(f)]  # its identity never reached the guest
        await finish(host, playing, server)
        return refusals, guest

    refusals, guest = run(go())
    by_kind = dict(refusals)
    for kind in ("manual_flip", "manual_move", "manual_counter", "manual_side", "manual_turn", "manual_deck"):
        assert by_kind[kind][0] == RULE and "hidden or face-down" in by_kind[kind][1], (kind, by_kind[kind])
    assert "order may not be changed" in by_kind["manual_order"][1]  # BOS tactics: zones.tactic.reorder
    assert "own deck" in by_kind["manual_look"][1] and "own hand" in by_kind["manual_random_card"][1]
    assert "only your own cards" in by_kind["manual_reveal"][1]  # the host's window refuses it first (CR 12-3-1)
    assert guest.report.ok, guest.report.problems


def test_a_hostile_host_cannot_reveal_look_at_or_move_the_guests_hidden_cards():
    bos = get_profile("bos")

    async def go():
        host, guest, frames, server, playing = await _started(bos)
        game = host.game

        _, tactic, _, _ = await _table(host, guest)
        in_hand = game.state.players[1].hand[0]
        before = game.state_hash()
        attacks = [ManualFlip(0, tactic, False), ManualMove(0, tactic, "discard"), ManualReveal(0, (tactic,)),
                   ManualReveal(0, (in_hand,)), ManualMove(0, in_hand, "discard"), ManualCounter(0, tactic, "kill", 1),
                   ManualLook(0, 1, 0), ManualDeck(0, 1, "discard", 2), ManualRandomCard(0, 1)]
        refusals = []
        for cmd in attacks:
            with pytest.raises(IllegalCommand) as e:
                host.apply(cmd)
            assert not isinstance(e.value, NeedsConsent), cmd  # never even asked: refused outright
            refusals.append((e.value.rule, e.value.message))
        assert game.state_hash() == before and game.state.table.marks[tactic].down
        hidden = game.state.cards[tactic].cid
        assert hidden not in json.dumps(game.view(0))  # the host's own board still shows its back
        await finish(host, playing, server)
        return refusals, guest

    refusals, guest = run(go())
    assert all(rule == RULE and "hidden or face-down" in message for rule, message in refusals), refusals
    assert guest.report.ok, guest.report.problems


def test_bos_declares_the_soul_point_transfer_and_kill_tokens_and_the_log_names_who_made_them():
    bos = get_profile("bos")

    async def go():
        host, guest, frames, server, playing = await _started(bos)
        game = host.game

        _, _, host_fighter, guest_fighter = await _table(host, guest)
        events = []
        host.on_events = events.extend
        # BOS §Battle Damage: the guest's fighter beat the host's: 700 SP from the host to the guest, and a kill
        # token (BOS §Kill Tokens) on the host's fighter that won another battle
        assert not await guest_does(host, guest, {"type": "manual_tracker", "player": 1, "owner": 0, "name": "sp",
                                                  "op": "transfer", "amount": 700})
        assert not await guest_does(host, guest, {"type": "manual_counter", "player": 1,
                                                  "card": _alias(host, host_fighter), "name": "kill", "delta": 1})
        host.apply(ManualCounter(0, guest_fighter, "kill", 1))
        assert [game.state.table.trackers[p]["sp"] for p in (0, 1)] == [7300, 8700]
        lines = [describe(game, e, 0) for e in events if e.kind == "manual"]
        # an "adjust" of the other's Soul Points is not declared: it is asked
        with pytest.raises(NeedsConsent) as e:
            host.apply(ManualTracker(0, 1, "sp", "adjust", -500))
        await finish(host, playing, server)
        return lines, e.value, guest

    lines, asked, guest = run(go())
    assert any(line.startswith("Mio (by hand): Aki transfers 700 Soul Points") for line in lines), lines
    assert any(line.startswith("Mio (by hand) puts 1 kill token on") for line in lines), lines
    assert any(line.startswith("Aki (by hand) puts 1 kill token on") for line in lines), lines
    assert asked.rule == "bos profile: opponent_moves.trackers" and asked.owner == 1
    assert guest.report.ok, guest.report.problems


def test_anything_else_on_the_others_public_things_is_a_request_its_owner_answers():
    bos = get_profile("bos")

    async def go():
        host, guest, frames, server, playing = await _started(bos)
        game = host.game
        host_asked, guest_asked, statuses = [], [], []
        host.on_move_request = host_asked.append
        guest.on_move_request = guest_asked.append
        guest.on_status = statuses.append

        _, _, host_fighter, guest_fighter = await _table(host, guest)
        # the guest asks the host's face-up fighter to the host's discard pile: refused as it stands, asked
        refused = await guest_does(host, guest, {"type": "manual_move", "player": 1,
                                                 "card": _alias(host, host_fighter), "to": "discard"})
        assert refused and refused[0][0] == "bos profile: opponent_moves.cards" and "is asked" in refused[0][1]
        assert [type(c).__name__ for c in host_asked] == ["ManualMove"] and host_asked[0].player == 0
        assert game.state.cards[host_fighter].zone == "fighter"
        host.answer_request(False)  # refused: nothing moves
        await settle(host, guest)
        assert game.state.cards[host_fighter].zone == "fighter"
        refused = await guest_does(host, guest, {"type": "manual_move", "player": 1,
                                                 "card": _alias(host, host_fighter), "to": "discard"})
        host.answer_request(True)  # allowed: the host makes the move in its own name
        await settle(host, guest)
        assert game.state.cards[host_fighter].zone == "discard" and game.history[-1].player == 0
        assert any("made the move you asked for" in s for s in statuses)
        assert any("refused your request" in s for s in statuses)
        # the host asks the guest to shuffle its deck and to move its fighter: the guest agrees to both
        with pytest.raises(NeedsConsent):
            host.apply(ManualMove(0, guest_fighter, "discard"))
        await settle(host, guest)
        assert guest_asked and guest_asked[0]["type"] == "manual_move" and guest_asked[0]["player"] == 1
        with pytest.raises(IllegalCommand, match="first the answer to the last request"):
            host.apply(ManualShuffle(0, 1))
        n = len(game.history)
        guest.answer_ask(True)
        await settle(host, guest)
        for _ in range(50):
            if len(game.history) > n:
                break
            await settle(host, guest)
        assert game.state.cards[guest_fighter].zone == "discard" and game.history[-1].player == 1
        await finish(host, playing, server)
        return guest

    guest = run(go())
    assert guest.report.ok, guest.report.problems  # the guest's agreed move is its own command, audited as such


def test_a_local_hot_seat_sandbox_still_moves_both_seats_things():
    """One person, both seats: no ruling 12 (Ruleset.separate_seats is only on in a LAN game)."""
    bos = get_profile("bos")
    db = game_db(bos)
    decks = list(game_decks(db, bos).values())
    game = Game.new(db, [decks[0].cards, decks[1].cards], 7, settings=SANDBOX, profile=bos)
    tactic = _first(game, 1, "tactic")
    game.apply(ManualMove(1, tactic, "tactic"))
    assert game.state.table.marks[tactic].down
    game.apply(ManualFlip(0, tactic, False))  # player 1's view flips player 2's tactic: allowed locally
    game.apply(ManualMove(0, tactic, "discard"))
    game.apply(ManualTracker(0, 1, "sp", "adjust", -500))
    assert game.state.cards[tactic].zone == "discard" and game.state.table.trackers[1]["sp"] == 7500
    lan = Game.new(db, [decks[0].cards, decks[1].cards], 7, settings=SANDBOX.for_lan(), profile=bos)
    tactic = _first(lan, 1, "tactic")
    lan.apply(ManualMove(1, tactic, "tactic"))
    with pytest.raises(IllegalCommand, match="hidden or face-down"):
        lan.apply(ManualFlip(0, tactic, False))


@pytest.mark.parametrize("moves, field", [
    ({"trackers": {"mana": ["transfer"]}}, "opponent_moves.trackers.mana"),
    ({"trackers": {"sp": ["steal"]}}, "opponent_moves.trackers.sp[0]"),
    ({"counters": ["poison"]}, "opponent_moves.counters[0]"),
    ({"turn": ["upside_down"]}, "opponent_moves.turn[0]"),
    ({"cards": [["hand", "discard"]]}, "opponent_moves.cards[0][0]"),
    ({"cards": [["fighter", "nowhere"]]}, "opponent_moves.cards[0][1]"),
    ({"cores": [["card", "pocket"]]}, "opponent_moves.cores[0][1]"),
    ({"steal": []}, "opponent_moves.steal"),
])
def test_opponent_moves_is_validated_by_name(moves, field):
    import yaml

    from bss_desktop.table.profiles import check, merge, parse_text
    from bss_desktop.table.schema import ProfileError
    from bss_desktop.resources import profiles_dir

    data = parse_text((profiles_dir() / "bos.yaml").read_text())
    data = merge(data, {"opponent_moves": None})
    data["opponent_moves"] = moves
    with pytest.raises(ProfileError) as e:
        check(data, "bos-test.yaml")
    assert e.value.field == field, (e.value.field, str(e.value))
    assert yaml  # (the profile is YAML; the check reads the merged mapping)
