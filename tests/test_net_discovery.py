"""LAN discovery: the announcement format, and Announcer -> Browser over loopback.

Every socket here stays on 127.0.0.1: the `loopback_only` fixture makes starting
an Announcer or Browser with any other address fail before a socket is opened.
"""
from __future__ import annotations

import ast
import asyncio
import json
import logging
import socket
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bss_desktop import __version__
from bss_desktop.net import discovery
from bss_desktop.net.discovery import (ANNOUNCE_EVERY, DISCOVERY_PORT, FORGET_AFTER, MAX_DATAGRAM, Announcement,
                                       Announcer, Browser, decode_announcement, encode_announcement)

LOOPBACK = "127.0.0.1"
LOOPBACK_HOSTS = {"127.0.0.1", "::1"}
ORIGINAL_ANNOUNCER_START = Announcer.start
ORIGINAL_BROWSER_START = Browser.start


def assert_loopback(address: tuple[str, int]) -> None:
    assert address[0] in LOOPBACK_HOSTS, f"a test tried to use {address}, which is not loopback"


@pytest.fixture(autouse=True)
def loopback_only(monkeypatch):
    """Refuse, before any socket exists, to start discovery on a non-loopback address."""
    async def announcer_start(self):
        assert_loopback(self.target)
        await ORIGINAL_ANNOUNCER_START(self)

    async def browser_start(self):
        assert_loopback(self.bind)
        await ORIGINAL_BROWSER_START(self)

    monkeypatch.setattr(Announcer, "start", announcer_start)
    monkeypatch.setattr(Browser, "start", browser_start)


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def loopback_browser(**kwargs) -> Browser:
    return Browser(bind=(LOOPBACK, 0), **kwargs)


def announcer_for(browser: Browser, name: str, port: int, *, every: float = 0.05, **kwargs) -> Announcer:
    return Announcer(name, port, target=(LOOPBACK, browser.bound_port), every=every, **kwargs)


async def wait_until(condition, timeout: float = 1.0) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while not condition():
        assert asyncio.get_running_loop().time() < deadline, "timed out waiting for discovery"
        await asyncio.sleep(0.01)


def send_raw(port: int, data: bytes) -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.sendto(data, (LOOPBACK, port))


# --- the announcement format -------------------------------------------------------------------

def test_an_announcement_round_trips_with_the_sender_ip_as_host():
    data = encode_announcement("Alice", 5000, "sandbox", app="9.9")
    assert json.loads(data) == {"bss": 1, "app": "9.9", "name": "Alice", "port": 5000, "game": "sandbox"}
    assert decode_announcement(data, "192.168.1.7") == Announcement("192.168.1.7", 5000, "Alice", "9.9", "sandbox")


def test_the_app_version_defaults_to_the_package_version():
    assert decode_announcement(encode_announcement("Bob", 1), "10.0.0.1").app == __version__


def test_address_puts_ipv6_hosts_in_brackets():
    assert Announcement("10.0.0.2", 4000, "n", "a", "rules").address == "10.0.0.2:4000"
    assert Announcement("fe80::1", 4000, "n", "a", "rules").address == "[fe80::1]:4000"


@given(name=st.text(st.characters(blacklist_categories=("Cc", "Cs")), min_size=1, max_size=40),
       port=st.integers(1, 65535), game=st.sampled_from(["rules", "sandbox"]))
def test_every_valid_announcement_round_trips_within_the_size_limit(name, port, game):
    data = encode_announcement(name, port, game)
    assert len(data) <= MAX_DATAGRAM
    assert decode_announcement(data, "::1") == Announcement("::1", port, name, __version__, game)


GOOD = {"bss": 1, "app": "0.1.0", "name": "Alice", "port": 5000, "game": "rules"}


def variant(**changes) -> bytes:
    obj = {**GOOD, **changes}
    return json.dumps({k: v for k, v in obj.items() if v is not ...}).encode()


MALFORMED = {
    "not utf-8": b'{"bss":1,"name":"\xff"}',
    "not json": b"hello, is anyone hosting?",
    "truncated json": json.dumps(GOOD).encode()[:-1],
    "empty": b"",
    "a list": b"[1, 2, 3]",
    "a string": b'"bss"',
    "null": b"null",
    "missing field": variant(game=...),
    "extra field": variant(extra=True),
    "bss is 2": variant(bss=2),
    "bss is true": variant(bss=True),
    "bss is a string": variant(bss="1"),
    "port is 0": variant(port=0),
    "port is 65536": variant(port=65536),
    "port is negative": variant(port=-1),
    "port is a string": variant(port="5000"),
    "port is a float": variant(port=5000.0),
    "port is true": variant(port=True),
    "name too long": variant(name="x" * 41),
    "name empty": variant(name=""),
    "name not a string": variant(name=7),
    "name with a newline": variant(name="Al\nice"),
    "app not a string": variant(app=1),
    "unknown game": variant(game="chess"),
    "game is null": variant(game=None),
    "too long": json.dumps(GOOD).encode() + b" " * MAX_DATAGRAM,
    "deeply nested": b"[" * 500 + b"]" * 500,
}


@pytest.mark.parametrize("data", MALFORMED.values(), ids=MALFORMED.keys())
def test_decode_rejects_malformed_datagrams(data):
    assert decode_announcement(data, "10.0.0.1") is None


def test_the_unmodified_base_of_the_malformed_cases_is_accepted():
    assert decode_announcement(variant(), "10.0.0.1") is not None  # so each case fails for its own reason


@pytest.mark.parametrize("kwargs", [dict(name="x" * 41), dict(name=""), dict(port=0), dict(port=70000),
                                    dict(game="chess"), dict(app="")])
def test_encode_refuses_what_decode_would_reject(kwargs):
    with pytest.raises(ValueError):
        encode_announcement(**{"name": "Alice", "port": 5000, **kwargs})


@given(st.binary(max_size=600))
def test_decode_never_raises_on_random_bytes(data):
    assert isinstance(decode_announcement(data, "10.0.0.1"), (Announcement, type(None)))


JSON_VALUES = st.one_of(st.none(), st.booleans(), st.integers(-10, 70000), st.floats(allow_nan=False),
                        st.text(max_size=50), st.lists(st.integers(), max_size=3))


@given(st.dictionaries(st.sampled_from(["bss", "app", "name", "port", "game", "other"]), JSON_VALUES))
def test_decode_never_raises_on_random_json_objects_and_accepts_only_valid_ones(obj):
    found = decode_announcement(json.dumps(obj).encode(), "10.0.0.1")
    if found is not None:
        assert set(obj) == {"bss", "app", "name", "port", "game"} and obj["bss"] == 1
        assert 1 <= found.port <= 65535 and 0 < len(found.name) <= 40 and found.game in ("rules", "sandbox")


# --- loopback only ---------------------------------------------------------------------------

def test_defaults_are_broadcast_but_these_tests_only_start_loopback_discovery():
    assert (DISCOVERY_PORT, ANNOUNCE_EVERY, FORGET_AFTER) == (45453, 2.0, 7.0)
    default = Announcer("Alice", 5000)  # constructed, never started
    assert default.target == ("255.255.255.255", DISCOVERY_PORT) and default.broadcast
    assert Browser().bind == ("0.0.0.0", DISCOVERY_PORT)
    # The fixture guards every start in this file, and would refuse the defaults.
    assert Announcer.start is not ORIGINAL_ANNOUNCER_START and Browser.start is not ORIGINAL_BROWSER_START
    with pytest.raises(AssertionError, match="not loopback"):
        assert_loopback(default.target)
    assert_loopback(Announcer("Alice", 5000, target=(LOOPBACK, 1)).target)


def test_a_loopback_announcer_does_not_enable_broadcast():
    async def run():
        async with loopback_browser() as browser, announcer_for(browser, "Alice", 5000) as announcer:
            assert not announcer.broadcast
            sock = announcer._transport.get_extra_info("socket")
            assert sock.getsockopt(socket.SOL_SOCKET, socket.SO_BROADCAST) == 0
    asyncio.run(run())


# --- Announcer -> Browser over loopback ---------------------------------------------------------

def test_the_browser_sees_an_announced_game_at_once():
    async def run():
        async with loopback_browser() as browser:
            assert browser.bound_port
            # A long interval: only the announcement sent by start() can arrive in time.
            async with announcer_for(browser, "Alice", 5000, game="sandbox", every=60):
                await wait_until(lambda: browser.games())
            assert browser.games() == [Announcement(LOOPBACK, 5000, "Alice", __version__, "sandbox")]
            assert browser.games()[0].address == "127.0.0.1:5000"
    asyncio.run(run())


def test_two_hosts_are_two_games_and_repeats_do_not_duplicate():
    async def run():
        async with loopback_browser() as browser:
            async with announcer_for(browser, "Bob", 5002), announcer_for(browser, "alice", 5001):
                await wait_until(lambda: len(browser.games()) == 2)
                await asyncio.sleep(0.25)  # about five more announcements from each
                games = browser.games()
            assert [(g.name, g.port) for g in games] == [("alice", 5001), ("Bob", 5002)]  # by name, any case
    asyncio.run(run())


def test_the_same_address_announcing_again_updates_its_entry():
    async def run():
        async with loopback_browser() as browser:
            async with announcer_for(browser, "Alice", 5000):
                await wait_until(lambda: browser.games())
            async with announcer_for(browser, "Alice renamed", 5000, game="sandbox"):
                await wait_until(lambda: browser.games()[0].name == "Alice renamed")
            assert [(g.name, g.game) for g in browser.games()] == [("Alice renamed", "sandbox")]
    asyncio.run(run())


def test_a_game_is_forgotten_after_forget_after_seconds_of_silence():
    clock = FakeClock()

    async def run():
        async with loopback_browser(clock=clock) as browser:
            async with announcer_for(browser, "Alice", 5000, every=60):
                await wait_until(lambda: browser.games())
            clock.now += FORGET_AFTER - 0.1
            assert len(browser.games()) == 1
            clock.now += 0.2
            assert browser.games() == []
    asyncio.run(run())


def test_on_change_reports_arrivals_and_departures_but_not_repeats():
    clock = FakeClock()
    changes: list[list[str]] = []

    async def run():
        async with loopback_browser(clock=clock, on_change=lambda games: changes.append([g.name for g in games])) \
                as browser:
            async with announcer_for(browser, "Alice", 5000):
                await wait_until(lambda: changes)
                await asyncio.sleep(0.2)  # repeated announcements change nothing
                assert changes == [["Alice"]]
            clock.now += FORGET_AFTER + 1
            browser.games()
        assert changes == [["Alice"], []]
    asyncio.run(run())


def test_the_sweep_forgets_a_silent_game_without_anyone_asking():
    clock = FakeClock()
    changes: list[int] = []

    async def run():
        async with Browser(bind=(LOOPBACK, 0), forget_after=0.2, clock=clock,
                           on_change=lambda games: changes.append(len(games))) as browser:
            async with announcer_for(browser, "Alice", 5000, every=60):
                await wait_until(lambda: changes == [1])
            clock.now += 1
            await wait_until(lambda: changes == [1, 0])  # the sweep runs every forget_after / 4 here
    asyncio.run(run())


def test_a_failing_on_change_does_not_stop_discovery(caplog):
    def explode(games):
        raise RuntimeError("listener bug")

    async def run():
        async with loopback_browser(on_change=explode) as browser:
            async with announcer_for(browser, "Alice", 5000), announcer_for(browser, "Bob", 5001):
                await wait_until(lambda: len(browser.games()) == 2)
    asyncio.run(run())
    assert "on_change failed" in caplog.text


def test_garbage_datagrams_are_ignored_and_later_games_still_appear(caplog):
    caplog.set_level(logging.DEBUG, logger=discovery.__name__)

    async def run():
        async with loopback_browser() as browser:
            for junk in (b"\xff\xfe\x00garbage", b"{}", b"[" * 400, variant(bss=2), b"x" * 600):
                send_raw(browser.bound_port, junk)
            await wait_until(lambda: caplog.text.count("ignored a") == 5)
            assert browser.games() == []
            async with announcer_for(browser, "Alice", 5000):
                await wait_until(lambda: browser.games())
            assert browser.games()[0].name == "Alice"
    asyncio.run(run())


def test_send_errors_are_logged_and_announcing_continues(caplog):
    caplog.set_level(logging.DEBUG, logger=discovery.__name__)

    async def run():
        # Port 0 is refused by the OS (EINVAL) before anything leaves the machine.
        async with Announcer("Alice", 5000, target=(LOOPBACK, 0), every=0.02) as announcer:
            await asyncio.sleep(0.15)
            assert announcer.running
        assert not announcer.running
    asyncio.run(run())
    failures = [r for r in caplog.records if "could not send" in r.getMessage()]
    assert len(failures) >= 3
    assert [r.levelno for r in failures[:2]] == [logging.WARNING, logging.DEBUG]  # warn once, not every 2 s


def test_start_and_stop_are_idempotent_and_close_frees_the_port():
    async def run():
        browser = loopback_browser()
        await browser.start()
        port = browser.bound_port
        await browser.start()
        assert browser.bound_port == port
        announcer = announcer_for(browser, "Alice", 5000)
        await announcer.start()
        await announcer.start()
        await announcer.stop()
        await announcer.stop()
        await browser.stop()
        await browser.stop()
        assert browser.bound_port is None
        rebound = Browser(bind=(LOOPBACK, port))
        await rebound.start()
        assert rebound.bound_port == port
        rebound.close()
    asyncio.run(run())


def test_the_discovery_module_imports_no_qt():
    tree = ast.parse(Path(discovery.__file__).read_text(encoding="utf-8"))
    imported = {alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import)
                for alias in node.names}
    imported |= {node.module.split(".")[0] for node in ast.walk(tree)
                 if isinstance(node, ast.ImportFrom) and node.module}
    assert not imported & {"PySide6", "shiboken6", "qasync"}
