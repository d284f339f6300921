"""LAN sessions: a whole game between host and guest, the audit, resuming, and peers that misbehave.

Every connection is an in-process link or TCP on 127.0.0.1.
"""
from __future__ import annotations

import asyncio
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lan import DB, GUEST_SHARE, HOST_SHARE, deck, play_in_process, run, sessions, tcp_server

from bss_desktop.net import handshake
from bss_desktop.net.guest import GuestSession
from bss_desktop.net.headless import play_host_seat, random_guest
from bss_desktop.net.host import HostSession
from bss_desktop.net.link import connect, memory_pair, serve
from bss_desktop.protocol import fairness
from bss_desktop.protocol.framing import encode_frame
from bss_desktop.protocol.redaction import view_hash
from bss_desktop.protocol.stream import apply_patch, diff
from bss_desktop.sim.policy import RandomPolicy


def test_a_whole_game_in_process_ends_with_the_guest_audit_passing_and_the_same_final_hash():
    host, guest = run(play_in_process(*sessions()))
    assert host.game.over
    assert guest.report.ok, guest.report.problems
    assert guest.report.final_hash == host.game.state_hash()
    assert guest.report.commands == len(host.game.history)
    assert host.audit_result["ok"] is True


def test_the_same_shares_and_players_give_the_same_game():
    a, _ = run(play_in_process(*sessions()))
    b, _ = run(play_in_process(*sessions()))
    assert a.game.state_hash() == b.game.state_hash()
    assert a.game.start["seed"] == fairness.derive_seed(HOST_SHARE, GUEST_SHARE)


@pytest.mark.parametrize("pair", [("green-saga", "purple-saga"), ("white-saga", "yellow-saga"),
                                  ("red-vanilla", "blue-vanilla")])
def test_every_kind_of_shipped_deck_plays_to_the_end_over_the_link(pair):
    host, guest = run(play_in_process(*sessions(*pair, fixed=False)))
    assert guest.report.ok, guest.report.problems
    assert guest.report.final_hash == host.game.state_hash()


def test_a_guest_view_is_rebuilt_from_patches_and_matches_the_host_redacted_view():
    host, guest = run(play_in_process(*sessions()))
    expected = host.stream.window.view(host.game)
    assert guest.view == expected
    assert guest.view["players"][0]["hand"] is None  # the host's hand is a count (CR 3-3-3)


def test_a_patch_tells_true_from_1_as_json_does_so_the_view_hash_still_matches():
    # Python's True == 1 hid this change from the patch: the seat kept [true] and refused the host's hash.
    old = {"pending": {"options": [True, False]}, "turn": 3}
    new = {"pending": {"options": [1, 2]}, "turn": 3.0}
    patched = apply_patch(old, diff(old, new))
    assert view_hash(patched) == view_hash(new)
    assert json.dumps(patched) == json.dumps(new)


def test_a_choice_whose_options_turn_from_yes_no_to_numbers_reaches_the_guest_intact():
    # A game found by the CI's random scan: at batch 21 a choice offered [1, ...] right after one that offered
    # [true, false] at the same place in the view, and the guest dropped the host for a hash it could not match.
    hs = "fffb78327377281ab441b64add04d359ff09c5e4dbbad6d6c3c50f60ad19a46d"
    gs = "90231fde545c59dd5d78d1c2b4b4e227f72b6a69bb59f237924024a495c7604c"
    host = HostSession(DB, deck("purple-saga"), deck_name="purple-saga", name="Aki", share=hs)
    guest = GuestSession(DB, deck("green-saga"), deck_name="green-saga", name="Mio", share=gs, reconnect_for=5.0)
    guest.decide = random_guest(2)
    host, guest = run(play_in_process(host, guest, timeout=20))
    assert guest.error is None
    assert guest.report.ok, guest.report.problems
    assert guest.report.final_hash == host.game.state_hash()


def test_the_whole_game_fits_in_150_kb_on_the_wire():
    host, guest = run(play_in_process(*sessions()))
    total = guest.link.bytes_in + guest.link.bytes_out
    assert total <= 150_000, f"{total} bytes for {len(host.game.history)} commands"


# ---------------------------------------------------------------- the handshake


def _hello(**changes):
    msg = handshake.hello(DB, HostSession(DB, deck("red-saga")).settings, "Mio")
    msg.update(changes)
    return msg


async def _talk(host: HostSession, *messages, raw: bytes = b"", answers: int = 4):
    """Send messages (and raw bytes) to the host over a fresh in-process link; return what it answers."""
    host_end, guest_end = memory_pair()
    serving = asyncio.ensure_future(host.handle(host_end))
    for m in messages:
        await guest_end.send(m)
    if raw:
        guest_end.writer.write(raw)
    out = []
    try:
        for _ in range(answers):
            out.append(await guest_end.recv(2))
    except Exception:
        pass
    await asyncio.wait_for(serving, 5)
    return out


def test_a_different_card_database_is_not_refused_at_the_hello_the_decks_cards_are_compared_next():
    host = HostSession(DB, deck("red-saga"), handshake_timeout=0.5)  # (tests/test_net_card_exchange.py)
    out = run(_talk(host, _hello(cards="ab" * 32)))
    assert [m["type"] for m in out[:2]] == ["hello", "commit"]
    assert host.game is None


def test_a_different_app_version_and_different_rules_settings_are_refused():
    out = run(_talk(HostSession(DB, deck("red-saga")), _hello(app="9.9.9")))
    assert "the host runs bss-desktop" in out[-1]["message"] and "same version" in out[-1]["message"]
    out = run(_talk(HostSession(DB, deck("red-saga")), _hello(ruleset={"flash_in_main": True, "sandbox": False})))
    assert "flash_in_main is off for the host and on for you" in out[-1]["message"]


def test_a_different_protocol_version_is_refused_naming_both_versions():
    out = run(_talk(HostSession(DB, deck("red-saga")), _hello(protocol=99)))
    from bss_desktop.protocol.messages import PROTOCOL_VERSION

    assert out[-1]["type"] == "error" and f"protocol {PROTOCOL_VERSION}" in out[-1]["message"]
    assert "99" in out[-1]["message"]


def test_a_guest_whose_deck_breaks_the_deck_rules_is_refused_citing_cr_5_1():
    host = HostSession(DB, deck("red-saga"))
    cards = deck("blue-saga")[:20]
    share = "33" * 32
    out = run(_talk(host, _hello(), {"type": "commit", "share_hash": fairness.commitment(share),
                                     "deck_hash": fairness.deck_hash(cards, share)},
                    {"type": "deck", "cards": cards, "name": "short"}, {"type": "reveal", "share": share}))
    assert out[-1]["code"] == "deck" and "CR 5-1" in out[-1]["message"]
    assert host.game is None


def test_a_guest_revealing_a_share_other_than_its_commitment_is_refused():
    host = HostSession(DB, deck("red-saga"))
    cards = deck("blue-saga")
    out = run(_talk(host, _hello(), {"type": "commit", "share_hash": fairness.commitment("44" * 32),
                                     "deck_hash": fairness.deck_hash(cards, "44" * 32)},
                    {"type": "deck", "cards": cards, "name": ""}, {"type": "reveal", "share": "55" * 32}))
    assert out[-1]["code"] == "fairness" and host.game is None


@pytest.mark.parametrize("raw, code", [
    ((70_000).to_bytes(4, "big") + b"x", "frame"),  # oversized: refused from the header
    ((5).to_bytes(4, "big") + b"\xff\xfe{}x", "frame"),  # garbage bytes
    (encode_frame({"type": "launch_missiles"}), "message"),  # unknown type
    (encode_frame({"type": "hello", "protocol": "1", "app": "x", "cards": "0" * 64, "ruleset": {}, "name": "a"}),
     "message"),  # wrong field type
])
def test_hostile_bytes_before_the_handshake_get_a_clear_error_and_a_closed_connection(raw, code):
    host = HostSession(DB, deck("red-saga"))
    out = run(_talk(host, raw=raw))
    assert out and out[-1]["type"] == "error" and out[-1]["code"] == code
    assert host.game is None and host.link is None


def test_a_handshake_flood_is_refused_and_the_host_stays_ready_for_a_real_guest():
    async def go():
        host, guest = sessions()
        for _ in range(20):  # connections that never finish their handshake, or say hello twice
            out = await _talk(host, _hello(), _hello())
            assert out[-1]["type"] == "error"
        assert host.game is None
        await play_in_process(host, guest)
        return host, guest

    host, guest = run(go())
    assert guest.report.ok


def test_a_silent_connection_is_closed_after_the_handshake_timeout():
    async def go():
        host = HostSession(DB, deck("red-saga"), handshake_timeout=0.2)
        host_end, guest_end = memory_pair()
        await asyncio.wait_for(host.handle(host_end), 3)
        return host_end.closed

    assert run(go())


# ---------------------------------------------------------------- misbehaving during the game


async def _started_game():
    """A game in progress over an in-process link, driven by hand from the guest's side."""
    host, guest = sessions()
    guest.decide = None
    host_end, guest_end = memory_pair()
    serving = asyncio.ensure_future(host.handle(host_end))
    playing = asyncio.ensure_future(guest.play_over(guest_end))
    await host.started.wait()
    for _ in range(50):
        await asyncio.sleep(0)
    return host, guest, guest_end, serving, playing


async def _settle():
    for _ in range(50):
        await asyncio.sleep(0)


def _answers(guest):
    got = []
    guest.on_refused = lambda rule, message: got.append((rule, message))
    return got


def test_out_of_turn_illegal_replayed_and_skipped_commands_are_refused_and_change_nothing():
    async def go():
        host, guest, link, serving, playing = await _started_game()
        refused = _answers(guest)
        before = host.game.state_hash()
        seat = guest.seat
        other = 1 - seat

        async def send(n, command, prev=None):
            await link.send({"type": "command", "seq": n, "prev": prev or guest.chain, "command": command})

        await send(1, {"type": "mulligan", "player": other, "redraw": False})  # someone else's seat
        await send(1, {"type": "concede", "player": seat})  # number 1 again: a replay
        await send(5, {"type": "concede", "player": seat})  # skips 2 to 4
        await send(2, {"type": "concede", "player": seat}, prev="0" * 64)  # based on no state of this game
        await send(3, {"type": "end_attack", "player": seat})  # the rules forbid it now
        await send(4, {"type": "summon", "player": seat, "card": "the best one"})  # malformed
        await _settle()
        assert host.game.state_hash() == before
        assert not host.game.history
        serving.cancel()
        playing.cancel()
        return refused

    refused = run(go())
    rules = [r for r, _ in refused]
    assert rules[0] == "hidden" and "seat" in refused[0][1]
    assert rules[1:3] == ["sequence", "sequence"]
    assert "replayed" in refused[1][1] and "skips" in refused[2][1]
    assert rules[3] == "stale"
    assert rules[4].startswith("CR ")
    assert rules[5] == "format" and "card" in refused[5][1]


def test_asking_for_a_card_the_guest_cannot_see_is_refused():
    async def go():
        host, guest, link, serving, playing = await _started_game()
        refused = _answers(guest)
        seat = guest.seat
        host_hand = host.game.state.players[1 - seat].hand
        visible = set(host.stream.window.real)
        for card in [max(visible) + 1, 10_000, host_hand[0]]:  # aliases never given (or raw engine ids)
            guest.sent += 1
            await link.send({"type": "command", "seq": guest.sent, "prev": guest.chain,
                             "command": {"type": "manual_reveal", "player": seat, "cards": [card]}})
        await _settle()
        serving.cancel()
        playing.cancel()
        return host, refused

    host, refused = run(go())
    assert [r for r, _ in refused] == ["hidden"] * 3
    assert "no card" in refused[0][1]
    assert not host.game.history


def test_a_guest_cannot_reveal_the_host_cards_even_those_it_can_see():
    async def go():
        host, guest, link, serving, playing = await _started_game()
        refused = _answers(guest)
        w = host.stream.window
        host_card = host.game.state.players[1 - guest.seat].hand[0]
        w.alias[host_card] = a = 999  # pretend it was visible
        w.real[a] = host_card
        await link.send({"type": "command", "seq": guest.sent + 1, "prev": guest.chain,
                         "command": {"type": "manual_reveal", "player": guest.seat, "cards": [a]}})
        await _settle()
        serving.cancel()
        playing.cancel()
        return refused

    refused = run(go())
    assert refused and "CR 12-3-1" in refused[0][1]


@pytest.mark.parametrize("msg", [
    {"type": "events", "seq": 1, "chain": "0" * 64, "events": [{"kind": "game_over", "winner": 1}], "patch": [],
     "view_hash": "0" * 64, "legal": []},  # a forged event from the guest
    {"type": "hello", "protocol": 1, "app": "0.1.0", "cards": "0" * 64, "ruleset": {}, "name": "again"},
    {"type": "record", "head": {}, "commands": [], "more": False},
])
def test_a_guest_sending_host_messages_is_disconnected_and_the_game_waits_intact(msg):
    async def go():
        host, guest, link, serving, playing = await _started_game()
        before = host.game.state_hash()
        await link.send(msg)
        await asyncio.wait_for(serving, 5)
        await asyncio.wait_for(playing, 5)
        return host, guest, before

    host, guest, before = run(go())
    assert host.game.state_hash() == before and host.link is None
    assert not host.game.over  # the game waits for the guest to come back


def test_a_forged_batch_from_the_host_is_caught_by_the_view_hash():
    async def go():
        host, guest = sessions()
        host_end, guest_end = memory_pair()
        real_send = host_end.send

        async def forging_send(msg):
            if msg.get("type") == "events" and msg["seq"] == 3:
                msg = dict(msg, patch=msg["patch"] + [[["players", 0, "life"], 9]])
            await real_send(msg)

        host_end.send = forging_send
        serving = asyncio.ensure_future(host.handle(host_end))
        playing = asyncio.ensure_future(guest.play_over(guest_end))
        driving = asyncio.ensure_future(play_host_seat(host, RandomPolicy(1)))
        await asyncio.wait_for(playing, 10)
        driving.cancel()
        serving.cancel()
        return guest

    guest = run(go())
    assert guest.error and "does not match the host's hash" in guest.error


# ---------------------------------------------------------------- dropped connections


def test_a_connection_killed_mid_game_resumes_and_ends_with_the_same_final_hash():
    async def game(kill_at):
        host, guest = sessions()
        server, port = await tcp_server(host)
        killed = []

        def on_events(events):  # the cable is pulled just as the host plays: its batches cannot arrive
            n = len(host.game.history)
            if n in kill_at and host.game.history[-1].player == 0 and guest.link and not guest.link.closed:
                killed.append(n)
                guest.link.writer.transport.abort()

        host.on_events = on_events
        driving = asyncio.ensure_future(play_host_seat(host, RandomPolicy(1)))
        await asyncio.wait_for(guest.run("127.0.0.1", port), 60)
        await asyncio.wait_for(driving, 10)
        server.close()
        return host, guest, killed

    plain, _, _ = run(game(()))
    host, guest, killed = run(game(set(range(5, 200, 7))))  # several cuts even in a short game
    assert len(killed) >= 2, "the connection was not killed mid-game"
    assert host.resent > 0, "no batch had to be sent again: the test did not exercise resuming"
    assert guest.report.ok, guest.report.problems
    assert host.game.state_hash() == plain.game.state_hash() == guest.report.final_hash


def test_a_host_restarted_from_its_autosave_resumes_the_game_with_the_guest(tmp_path):
    save = tmp_path / "autosave.json"

    async def go():
        host, guest = sessions(autosave=save)
        server, port = await tcp_server(host)
        guest.reconnect_for = 10
        stop = asyncio.Event()
        guest.on_batch = lambda msg, view: stop.set() if msg["seq"] == 25 else None
        driving = asyncio.ensure_future(play_host_seat(host, RandomPolicy(1)))
        joining = asyncio.ensure_future(guest.run("127.0.0.1", port))
        await asyncio.wait_for(stop.wait(), 20)
        # the host's process dies: its server, its connection and its session are gone
        driving.cancel()
        server.close()
        host.link.writer.transport.abort()
        await server.wait_closed()
        saved = json.loads(save.read_text())
        assert len(saved["record"]["commands"]) >= 25
        host2 = HostSession.restore(save, DB)
        server2 = await serve(host2.handle, "127.0.0.1", port)
        driving2 = asyncio.ensure_future(play_host_seat(host2, RandomPolicy(7)))
        await asyncio.wait_for(joining, 60)
        await asyncio.wait_for(driving2, 10)
        server2.close()
        return host2, guest

    host, guest = run(go())
    assert guest.report.ok, guest.report.problems
    assert guest.report.final_hash == host.game.state_hash()


def test_a_guest_that_cannot_reach_the_host_says_so():
    async def go():
        _, guest = sessions()
        server, port = await tcp_server(HostSession(DB, deck("red-saga")))
        server.close()
        await server.wait_closed()
        return await guest.run("127.0.0.1", port), guest

    report, guest = run(go())
    assert report is None and "cannot reach 127.0.0.1" in guest.error


def test_tcp_links_carry_the_same_messages_as_in_process_ones():
    async def go():
        host = HostSession(DB, deck("red-saga"))
        server, port = await tcp_server(host)
        link = await connect("127.0.0.1", port)
        await link.send(_hello(app="9.9.9"))
        msg = await link.recv(5)
        server.close()
        return msg

    assert "same version" in run(go())["message"]


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=300))
def test_random_bytes_from_a_peer_never_crash_the_host(data):
    host = HostSession(DB, deck("red-saga"), handshake_timeout=0.05)
    out = run(_talk(host, raw=(len(data).to_bytes(4, "big") + data) if data[:1] == b"\x00" else data, answers=1))
    assert host.game is None and host.link is None
    assert all(m["type"] == "error" for m in out)


def test_keepalive_a_silent_guest_is_dropped_after_the_timeout_and_the_game_waits_for_it():
    async def go():
        host, guest = sessions(timeout=0.3)
        guest.keepalive = 3600  # this guest never pings: its connection looks dead to the host
        guest.decide = None
        host_end, guest_end = memory_pair()
        serving = asyncio.ensure_future(host.handle(host_end))
        playing = asyncio.ensure_future(guest.play_over(guest_end))
        await host.started.wait()
        await asyncio.wait_for(serving, 5)
        playing.cancel()
        return host

    host = run(go())
    assert host.link is None and not host.game.over


def test_keepalive_pings_keep_a_quiet_game_alive():
    async def go():
        host, guest = sessions(timeout=0.5)
        guest.keepalive = 0.1
        guest.decide = None  # the guest thinks for a long time
        host_end, guest_end = memory_pair()
        serving = asyncio.ensure_future(host.handle(host_end))
        playing = asyncio.ensure_future(guest.play_over(guest_end))
        await host.started.wait()
        await asyncio.sleep(1.5)
        alive = host.link is not None and not host.link.closed
        serving.cancel()
        playing.cancel()
        return alive

    assert run(go())


def test_a_guest_coming_back_while_the_host_still_holds_its_old_connection_takes_over():
    """A half-open connection (the cable pulled, the host not yet timed out) must not lock the guest out."""
    async def go():
        host, guest = sessions()
        guest.decide = None
        server, port = await tcp_server(host)
        playing = asyncio.ensure_future(guest.run("127.0.0.1", port))
        await host.started.wait()
        for _ in range(100):
            await asyncio.sleep(0.01)
            if host.link is not None and guest.seq >= 0:
                break
        old = host.link
        # a stranger asking to resume another game is refused; the old connection stays
        stranger = await connect("127.0.0.1", port)
        await stranger.send(_hello())
        await stranger.recv(5)
        await stranger.send({"type": "resume", "game": "ab" * 32, "seq": 0})
        refused = await stranger.recv(5)
        assert refused["type"] == "error" and refused["code"] == "resume" and host.link is old
        # the real guest, on a new connection, resumes: the old one is closed, the new one is the guest's
        back = await connect("127.0.0.1", port)
        await back.send(_hello())
        await back.recv(5)
        await back.send({"type": "resume", "game": guest.received.host_commitment, "seq": guest.seq})
        welcome = await back.recv(5)
        for _ in range(100):
            await asyncio.sleep(0.01)
            if host.link is not old:
                break
        now = host.link
        taken_over = now is not None and now is not old and not now.closed
        playing.cancel()
        server.close()
        return old, welcome, taken_over

    old, welcome, taken_over = run(go())
    assert welcome["type"] == "welcome" and old.closed and taken_over


def test_a_guest_whose_app_restarts_rejoins_from_its_autosave_and_the_audit_still_passes(tmp_path):
    from bss_desktop.net.guest import GuestSession
    from bss_desktop.net.headless import random_guest

    save = tmp_path / "guest.json"

    async def go():
        host, guest = sessions()
        guest.autosave = save
        server, port = await tcp_server(host)
        driving = asyncio.ensure_future(play_host_seat(host, RandomPolicy(1)))
        playing = asyncio.ensure_future(guest.run("127.0.0.1", port))
        for _ in range(500):
            await asyncio.sleep(0.01)
            if guest.seq >= 20:
                break
        # the guest's app dies: its session object is gone with its connection
        playing.cancel()
        guest.link.writer.transport.abort()
        await asyncio.sleep(0.05)
        again = GuestSession.restore(save, DB, reconnect_for=5)
        again.decide = random_guest(2)
        assert again.seq >= 20 and again.address == ("127.0.0.1", port)
        report = await asyncio.wait_for(again.run(*again.address), 60)
        await asyncio.wait_for(driving, 10)
        server.close()
        return host, again, report

    host, again, report = run(go())
    assert report is not None and report.ok, again.error
    assert report.final_hash == host.game.state_hash()
    with pytest.raises(ValueError, match="not the autosave of a LAN game in progress"):
        GuestSession.restore(save, DB)  # finished: nothing to rejoin


def test_a_damaged_guest_autosave_is_refused_naming_the_field(tmp_path):
    from bss_desktop.net.guest import GuestSession

    bad = tmp_path / "guest.json"
    bad.write_text(json.dumps({"format": "bss-guest", "version": 1, "deck": []}))
    with pytest.raises(ValueError, match="field"):
        GuestSession.restore(bad, DB)
