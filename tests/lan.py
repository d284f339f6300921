"""Helpers for the LAN tests: games between a HostSession and a GuestSession in this process.

Everything goes through real links: in-process pipes (memory_pair) or TCP on 127.0.0.1 only.
"""
from __future__ import annotations

import asyncio

from bss_desktop.carddb.database import load_default_db
from bss_desktop.carddb.decks import shipped_decks
from bss_desktop.net.guest import GuestSession
from bss_desktop.net.headless import play_host_seat, random_guest
from bss_desktop.net.host import HostSession
from bss_desktop.net.link import memory_pair, serve
from bss_desktop.sim.policy import RandomPolicy

DB = load_default_db()
DECKS = shipped_decks(DB)
HOST_SHARE = "11" * 32
GUEST_SHARE = "22" * 32


def deck(name: str) -> list[str]:
    return list(DECKS[name].cards)


def sessions(host_deck="red-saga", guest_deck="blue-saga", *, fixed=True, **host_kw):
    host = HostSession(DB, deck(host_deck), deck_name=host_deck, name="Aki", share=HOST_SHARE if fixed else None,
                       **host_kw)
    guest = GuestSession(DB, deck(guest_deck), deck_name=guest_deck, name="Mio",
                         share=GUEST_SHARE if fixed else None, reconnect_for=5.0)
    guest.decide = random_guest(2)
    return host, guest


def record_frames(end, record) -> None:
    """Make `record(msg)` see every message the link end `end` receives."""
    recv = end.recv

    async def recording(timeout=None):
        msg = await recv(timeout)
        record(msg)
        return msg

    end.recv = recording


async def play_in_process(host: HostSession, guest: GuestSession, *, seed: int = 1, record=None, timeout=60):
    """A whole game over an in-process link; `record(msg)` sees every message the guest receives."""
    host_end, guest_end = memory_pair()
    if record is not None:
        record_frames(guest_end, record)
    serving = asyncio.ensure_future(host.handle(host_end))
    playing = asyncio.ensure_future(guest.play_over(guest_end))
    await asyncio.wait_for(asyncio.gather(play_host_seat(host, RandomPolicy(seed)), guest.finished.wait()), timeout)
    await asyncio.wait_for(asyncio.gather(serving, playing), 10)
    return host, guest


async def tcp_server(host: HostSession):
    server = await serve(host.handle, "127.0.0.1", 0)
    return server, server.sockets[0].getsockname()[1]


def run(coro):
    return asyncio.run(coro)


async def until(predicate, timeout: float = 20.0, what: str = "condition"):
    """Wait (on the running loop) until `predicate()` holds; AssertionError naming `what` after `timeout` seconds."""
    deadline = asyncio.get_running_loop().time() + timeout
    while not predicate():
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.01)
