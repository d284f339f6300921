"""A hidden burst's condition does not show in the flow of a LAN game (CR 3-8-2, 10-9-1, 10-9-3).

Security finding 6: the owner of a set burst was asked "activate?" only when its condition matched, so the
other player saw the game wait on that question and learned it. With `Ruleset.ask_every_burst_moment` (on in
every LAN game) the owner is asked at every moment that could trigger a burst, whether or not it matched; a
burst that did not match can only be declined. The tests play the same scripted game twice over an in-process
link, once with a burst that matches at a moment and is declined and once with one that does not, and compare
every frame the guest received.
"""
from __future__ import annotations

import asyncio
import json

import pytest
from lan import DB, GUEST_SHARE, HOST_SHARE, deck, record_frames, run

from bss_desktop.engine import invariants
from bss_desktop.engine.commands import Attack, Block, Choose, EndAttack, SetBurst, UseMagic
from bss_desktop.engine.errors import IllegalCommand
from bss_desktop.engine.game import Game
from bss_desktop.engine.position import game_from_position
from bss_desktop.engine.record import replay, to_record
from bss_desktop.engine.rng import seed_from
from bss_desktop.engine.settings import Ruleset
from bss_desktop.net.guest import GuestSession
from bss_desktop.net.headless import random_guest
from bss_desktop.net.host import HostSession
from bss_desktop.net.link import memory_pair
from bss_desktop.protocol.redaction import view_hash
from bss_desktop.protocol.stream import SeatStream, apply_patch
from bss_desktop.sim.policy import RandomPolicy

ON_ATTACK = "SG1-018"  # Flame Burst: burst after your opponent's attack
ON_LIFE = "SG1-021"  # Cinder Cataclysm: burst after your life is reduced
HIDDEN = "<the host's burst>"


# ---------------------------------------------------------------- a scripted LAN game, played twice


def _host_deck(burst: str) -> list[str]:
    """red-saga with one kind of burst card only: its two Cinder Cataclysms become Magma Crushers and its three
    Flame Bursts become `burst`. Both versions put every card at the same place, so the shuffles match."""
    base = ["SG1-006" if c == ON_LIFE else c for c in deck("red-saga")]
    return [burst if c == ON_ATTACK else c for c in base]


class _Legal:
    def __init__(self, cmds):
        self._cmds = cmds

    def legal_commands(self):
        return self._cmds


class _HostScript:
    """The host: sets a burst card as soon as it can (one at a time, so a set one is never discarded face up),
    never uses one as magic, always declines "activate?" for its burst, and otherwise plays at random. It
    notes, for every burst question, whether the burst's condition had matched."""

    def __init__(self, seed: int):
        self.random = RandomPolicy(seed)
        self.asked: list[tuple[int, bool]] = []  # (command number, matched)

    def choose(self, game):
        st = game.state
        me = st.players[0]
        pend = game.pending
        if (pend.kind == "choose" and pend.info["kind"] == "may" and me.burst is not None
                and pend.info["source"] == me.burst):
            self.asked.append((len(game.history) + 1, st.queue[-1].ref[1] is not None))
            return Choose(0, False)
        legal = [c for c in game.legal_commands()
                 if not (isinstance(c, UseMagic) and game.card_def(c.card).burst)
                 and not (isinstance(c, SetBurst) and me.burst is not None)]
        sets = [c for c in legal if isinstance(c, SetBurst)]
        return sets[0] if sets else self.random.choose(_Legal(legal))


async def _play(burst: str, *, seed: int):
    host = HostSession(DB, _host_deck(burst), deck_name="red", name="Aki", share=HOST_SHARE)
    guest = GuestSession(DB, deck("blue-saga"), deck_name="blue", name="Mio", share=GUEST_SHARE,
                         reconnect_for=5.0)
    guest.decide = random_guest(seed)
    script = _HostScript(seed)
    frames: list[dict] = []
    host_end, guest_end = memory_pair()
    record_frames(guest_end, frames.append)
    serving = asyncio.ensure_future(host.handle(host_end))
    playing = asyncio.ensure_future(guest.play_over(guest_end))

    async def host_seat():
        await host.started.wait()
        game = host.game
        moved = asyncio.Event()
        host.on_events = lambda events: moved.set()
        while not game.over:
            if game.pending.player == 0:
                host.apply(script.choose(game))
                await asyncio.sleep(0)
            else:
                moved.clear()
                await moved.wait()

    await asyncio.wait_for(asyncio.gather(host_seat(), guest.finished.wait()), 60)
    await asyncio.wait_for(asyncio.gather(serving, playing), 10)
    return host, guest, script, frames


def _as_the_guest_sees_it(frames: list[dict]) -> list[str]:
    """The frames, with what legitimately differs between the two games made equal: the burst card's id (the guest
    sees one when it is milled or face up at the end, CR 3-8-5, and in the record), and so the hash of a view that
    shows one, and the salted hash of the host's deck list."""
    def hidden(x: str) -> str:
        return x.replace(ON_ATTACK, HIDDEN).replace(ON_LIFE, HIDDEN)

    out = []
    view = None
    for msg in frames:
        if msg["type"] in ("ping", "pong"):  # keepalive, by the clock
            continue
        if msg["type"] == "commit":
            msg = dict(msg, deck_hash="<salted>")
        if msg["type"] == "events":
            # the view hash covers any burst card shown (milled, or face up at the end): compare the views instead
            view = apply_patch(view, msg["patch"])
            assert view_hash(view) == msg["view_hash"]
            msg = dict(msg, view_hash=view_hash(json.loads(hidden(json.dumps(view)))))
        out.append(hidden(json.dumps(msg, sort_keys=True)))
    return out


@pytest.mark.parametrize("seed", [2, 4, 13])  # seeds whose random play sets and asks the burst
def test_lan_the_guest_gets_the_same_frames_whether_the_host_burst_matched_and_was_declined_or_did_not_match(seed):
    a_host, a_guest, a, a_frames = run(_play(ON_ATTACK, seed=seed))
    b_host, b_guest, b, b_frames = run(_play(ON_LIFE, seed=seed))
    # the guest cannot tell the two games apart, frame by frame
    seen_a, seen_b = _as_the_guest_sees_it(a_frames), _as_the_guest_sees_it(b_frames)
    for n, (fa, fb) in enumerate(zip(seen_a, seen_b)):
        assert fa == fb, f"frame {n} differs:\n{fa[:1500]}\n{fb[:1500]}"
    assert len(seen_a) == len(seen_b)
    # and the scenario happened: each host was asked about its burst at the same commands, at moments where its
    # burst matched (and was declined) and at moments where it did not
    assert a.asked and [n for n, _ in a.asked] == [n for n, _ in b.asked]
    assert any(m for _, m in a.asked) and any(m for _, m in b.asked)
    assert any(ma != mb for (_, ma), (_, mb) in zip(a.asked, b.asked))
    # the decoy questions are commands of the record: the guest's replay agrees with everything it was shown
    assert a_guest.report.ok and b_guest.report.ok, (a_guest.report.problems, b_guest.report.problems)
    assert a_host.game.settings.ask_every_burst_moment


def test_lan_the_handshake_compares_the_chosen_rules_and_the_game_asks_at_every_burst_moment():
    host = HostSession(DB, deck("red-saga"))
    assert host.settings == Ruleset() and host._hello["ruleset"] == Ruleset().to_dict()
    restored = HostSession(DB, deck("red-saga"), settings=Ruleset().for_lan())  # e.g. from an autosave's record
    assert restored._hello["ruleset"] == host._hello["ruleset"]


# ---------------------------------------------------------------- the engine, from positions


def _pos(burst: str | None, *, settings: dict | None = None) -> dict:
    """Player 2's turn, attack step: its spirit may attack player 1, who has `burst` set and no blocker."""
    p = {"turn": 4, "turn_player": 1, "step": "attack",
         "players": [{"life": 5, "reserve": 4, "hand": ["SG1-005"], "deck": ["SG1-003"] * 6, "burst": burst,
                      "field": [{"card": "SG1-010", "cores": 1}]},
                     {"life": 5, "reserve": 4, "hand": ["SG1-044"], "deck": ["SG1-048"] * 6,
                      "field": [{"card": "SG1-055", "cores": 2}]}]}
    if settings:
        p["settings"] = settings
    return p


def _game(burst, every: bool) -> Game:
    return game_from_position(_pos(burst), DB, settings=Ruleset(ask_every_burst_moment=True) if every else Ruleset())


def _attack_once(game: Game) -> list[tuple]:
    """Player 2 attacks, player 1 declines every burst question and does not block. Returns the questions asked
    as (command number, player, prompt, legal answers)."""
    asked = []
    attacker = game.state.players[1].field[0]
    game.apply(Attack(1, attacker))
    while not game.over and game.pending.kind != "attack":
        pend = game.pending
        if pend.kind == "choose":
            assert pend.info["kind"] == "may"
            asked.append((len(game.history), pend.player, pend.info["prompt"],
                          [c.value for c in game.legal_commands()]))
            game.apply(Choose(pend.player, False))
        elif pend.kind == "block":
            game.apply(Block(0, None))
        else:
            game.apply(game.legal_commands()[0])  # pass the flash windows
    return asked


def test_cr_10_9_1_without_the_setting_a_burst_is_asked_only_when_its_condition_matches():
    # local games (and every engine test) keep today's flow: no question without a match
    assert _attack_once(_game(ON_ATTACK, False)) == [(1, 0, "activate your burst? (CR 10-9-3)", [True, False])]
    assert _attack_once(_game(ON_LIFE, False)) == [(4, 0, "activate your burst? (CR 10-9-3)", [True, False])]
    assert _attack_once(_game(None, False)) == []


def test_cr_3_8_2_with_the_setting_the_owner_is_asked_at_every_burst_moment_matched_or_not():
    a = _attack_once(_game(ON_ATTACK, True))
    b = _attack_once(_game(ON_LIFE, True))
    assert [q[:3] for q in a] == [q[:3] for q in b] == [(1, 0, "activate your burst? (CR 10-9-3)"), (5, 0, "activate your burst? (CR 10-9-3)")]
    assert [q[3] for q in a] == [[True, False], [False]]  # its own legal answers: a decoy can only be declined
    assert [q[3] for q in b] == [[False], [True, False]]
    assert _attack_once(_game(None, True)) == []  # no burst set: nobody is asked


def test_cr_10_9_3_yes_to_a_burst_whose_condition_is_not_met_is_refused_and_changes_nothing():
    game = _game(ON_LIFE, True)
    game.apply(Attack(1, game.state.players[1].field[0]))
    pend = game.pending
    assert pend.kind == "choose" and pend.info["kind"] == "may" and pend.info["source"] == game.state.players[0].burst
    before = game.state_hash()
    with pytest.raises(IllegalCommand) as e:
        game.apply(Choose(0, True))
    assert e.value.rule == "CR 10-9-3" and "cannot be activated" in e.value.message
    assert game.state_hash() == before
    with pytest.raises(IllegalCommand):
        game.apply(Choose(1, False))  # still the owner's question
    events = game.apply(Choose(0, False))
    assert [e.kind for e in events] == ["chose", "resolved"]
    assert game.state.players[0].burst is not None  # still set, still face down


def test_a_matched_burst_can_still_be_activated_with_the_setting():
    game = _game(ON_ATTACK, True)
    game.apply(Attack(1, game.state.players[1].field[0]))
    burst = game.state.players[0].burst
    events = game.apply(Choose(0, True))
    assert any(e.kind == "card_moved" and e.data["reason"] == "burst_activated" and e.data["card"] == burst
               for e in events)


def _stream_of(burst: str, every: bool) -> list[str]:
    """Every batch the other seat (player 2) receives while it attacks and player 1 declines each question."""
    game = _game(burst, every)
    stream = SeatStream(game, 1)
    out = [stream.batch(game, [], 0, "0" * 64)]
    attacker = game.state.players[1].field[0]
    script = [Attack(1, attacker)]
    while True:
        cmd = script.pop() if script else None
        if cmd is None:
            pend = game.pending
            if pend.kind == "attack":
                cmd = EndAttack(1)
            elif pend.kind == "choose":
                cmd = Choose(pend.player, False)
            elif pend.kind == "block":
                cmd = Block(0, None)
            elif pend.kind == "main":
                break
            else:
                cmd = game.legal_commands()[0]
        out.append(stream.batch(game, game.apply(cmd), len(game.history), "0" * 64))
    return [json.dumps(m, sort_keys=True).replace(ON_ATTACK, HIDDEN).replace(ON_LIFE, HIDDEN) for m in out]


def test_the_opponent_stream_is_identical_for_a_declined_match_and_a_decoy_pending_events_and_view():
    matched, unmatched = _stream_of(ON_ATTACK, True), _stream_of(ON_LIFE, True)
    assert matched == unmatched
    assert any('"prompt": "activate your burst? (CR 10-9-3)"' in m for m in matched)
    # the question names no card: its source is the face-down burst, which the opponent cannot see
    assert '"source": null' in matched[1]
    # without the setting the two streams differ: that was the leak
    assert _stream_of(ON_ATTACK, False) != _stream_of(ON_LIFE, False)


def test_a_resolved_event_does_not_tell_the_opponent_which_effect_of_a_hidden_card_it_was():
    game = _game(ON_ATTACK, True)
    stream = SeatStream(game, 1)
    stream.batch(game, [], 0, "0" * 64)
    stream.batch(game, game.apply(Attack(1, game.state.players[1].field[0])), 1, "0" * 64)
    msg = stream.batch(game, game.apply(Choose(0, False)), 2, "0" * 64)
    resolved = [e for e in msg["events"] if e["kind"] == "resolved"]
    assert resolved == [{"kind": "resolved", "card": None, "ref": ["burst", None]}]


def test_coinciding_burst_moments_give_one_question_at_the_same_place_matched_or_not():
    """Life reduced and a spirit destroyed in one simultaneous group: one question for the burst either way, in
    the place of the first burst moment, so the group's order question looks the same too."""
    groups = []
    for burst in (ON_LIFE, ON_ATTACK):  # matches the second moment / matches neither
        game = _game(burst, True)
        spirit = game.state.players[0].field[0]
        game._fire(spirit, "when_attacks")  # whatever else is in the group
        game._fire_side(0, "your_spirit_destroyed", spirit)
        game._fire_side(0, "life_reduced")
        game._fire_side(0, "opponent_attacks", game.state.players[1].field[0])
        game._flush_triggers()
        groups.append([(a.source, a.ref[0], a.controller) for a in game.state.queue])
    assert groups[0] == groups[1] and [g[1] for g in groups[0]].count("burst") == 1


def test_only_the_owner_of_a_burst_is_asked_and_only_at_its_own_moments():
    """The attacker's own burst: its attack, and the damage it deals, are no burst moment for it."""
    p = _pos(None)
    p["players"][1]["burst"] = ON_LIFE  # the attacker's own burst: an attack by itself is no moment for it
    game = game_from_position(p, DB, settings=Ruleset(ask_every_burst_moment=True))
    assert _attack_once(game) == []


# ---------------------------------------------------------------- random games with the setting


def test_random_games_with_every_burst_moment_keep_the_invariants_and_replay_exactly():
    decks = [deck("red-saga"), deck("blue-saga")], [deck("purple-saga"), deck("green-saga")], \
        [deck("yellow-saga"), deck("white-saga")]
    decoys = 0
    for g in range(12):
        pair = decks[g % 3]
        game = Game.new(DB, pair, 500 + g, settings=Ruleset().for_lan())
        policies = [RandomPolicy(seed_from(500 + g, "seat", p)) for p in (0, 1)]
        while not game.over and len(game.history) < 3000:
            pend = game.pending
            if pend.kind == "choose" and pend.info["kind"] == "may" and game.state.queue \
                    and game.state.queue[-1].ref == ("burst", None):
                decoys += 1
            cmd = policies[pend.player].choose(game)
            game.apply(cmd)  # a listed command is legal
            bad = invariants.check(game)
            assert not bad, (g, len(game.history), bad)
        assert game.over
        again = replay(to_record(game), DB)
        assert again.state_hash() == game.state_hash()
    assert decoys > 0
