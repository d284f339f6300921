"""Network benchmark, over loopback TCP only: command round trip and bytes per complete game.

Round trip: the guest sends a command (a die roll in a sandbox game, so any
number can be sent), the host validates and applies it and sends the batch
back, the guest checks the batch's view hash. Reference, measured in the same
run: a bare echo of a frame of the same size over the same kind of socket.
Bytes per game: every byte both ways (frames and headers) of whole games with
the random player, from the handshake to the audit.
"""
from __future__ import annotations

import asyncio
import json
import statistics
import time

TARGETS = {"round_trip_median_ms": 0.5, "bytes_per_game": 40_000}  # the LAN-trust issue's targets
LOOPBACK = "127.0.0.1"


def _p99(values: list[float]) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(round(0.99 * (len(s) - 1))))]


async def _round_trips(db, decks, n: int) -> tuple[list[float], int]:
    from ..engine.settings import Ruleset
    from ..net.guest import GuestSession
    from ..net.host import HostSession
    from ..net.link import serve

    sandbox = Ruleset(sandbox=True)
    host = HostSession(db, decks[0], settings=sandbox)
    guest = GuestSession(db, decks[1], settings=sandbox, keepalive=60)
    server = await serve(host.handle, LOOPBACK, 0)
    arrived = asyncio.Event()
    guest.on_batch = lambda msg, view: arrived.set()
    joining = asyncio.ensure_future(guest.run(LOOPBACK, server.sockets[0].getsockname()[1]))
    await asyncio.wait_for(host.started.wait(), 10)
    while guest.seq < 0:
        await asyncio.sleep(0.001)
    times = []
    size = 0
    for _ in range(n):
        arrived.clear()
        t0 = time.perf_counter()
        guest.send_command({"type": "manual_random", "player": guest.seat, "sides": 6})
        await arrived.wait()
        times.append((time.perf_counter() - t0) * 1000)
        size = guest.link.bytes_in
    joining.cancel()
    server.close()
    return times, size


async def _echo(n: int, size: int) -> list[float]:
    """The reference: a frame of `size` bytes sent and echoed back over loopback TCP, nothing else."""
    from ..net.link import connect, serve

    async def echo(link):
        link.rate_limits = False  # a bare echo, not a player: the chat limit (net/link.py) is not measured
        try:
            while True:
                await link.send(await link.recv())
        except Exception:
            pass

    server = await serve(echo, LOOPBACK, 0)
    link = await connect(LOOPBACK, server.sockets[0].getsockname()[1])
    link.rate_limits = False
    msg = {"type": "chat", "text": "x" * min(300, max(1, size))}
    times = []
    for _ in range(n):
        t0 = time.perf_counter()
        await link.send(msg)
        await link.recv()
        times.append((time.perf_counter() - t0) * 1000)
    link.close()
    server.close()
    return times


async def _game_bytes(db, decks, seed: int) -> tuple[int, int]:
    from ..net.guest import GuestSession
    from ..net.headless import play_host_seat, random_guest
    from ..net.host import HostSession
    from ..net.link import serve
    from ..sim.policy import RandomPolicy

    host = HostSession(db, decks[0])
    guest = GuestSession(db, decks[1])
    guest.decide = random_guest(seed)
    server = await serve(host.handle, LOOPBACK, 0)
    driving = asyncio.ensure_future(play_host_seat(host, RandomPolicy(seed)))
    await guest.run(LOOPBACK, server.sockets[0].getsockname()[1])
    await driving
    server.close()
    return guest.link.bytes_in + guest.link.bytes_out, len(host.game.history)


def measure(runs: int, trips: int, games: int) -> dict:
    from ..carddb.decks import shipped_decks
    from ..command_line import player_db

    db = player_db()  # what a LAN game plays with
    shipped = shipped_decks(db)
    decks = [list(shipped["red-saga"].cards), list(shipped["blue-saga"].cards)]
    medians, p99s, echo_med, echo_p99 = [], [], [], []
    for _ in range(runs):
        times, size = asyncio.run(_round_trips(db, decks, trips))
        per_batch = size // max(1, trips)
        ref = asyncio.run(_echo(trips, per_batch))
        medians.append(statistics.median(times))
        p99s.append(_p99(times))
        echo_med.append(statistics.median(ref))
        echo_p99.append(_p99(ref))
    names = sorted(shipped)
    game_bytes, commands = [], []
    for i in range(games):
        pair = [list(shipped[names[i % len(names)]].cards), list(shipped[names[(i * 7 + 3) % len(names)]].cards)]
        b, c = asyncio.run(_game_bytes(db, pair, i + 1))
        game_bytes.append(b)
        commands.append(c)
    return {"round_trip_median_ms": statistics.median(medians), "round_trip_p99_ms": statistics.median(p99s),
            "echo_median_ms": statistics.median(echo_med), "echo_p99_ms": statistics.median(echo_p99),
            "bytes_per_game": statistics.median(game_bytes), "bytes_per_game_max": max(game_bytes),
            "commands_per_game": statistics.median(commands), "games": games, "runs": runs, "trips": trips}


def main(*, runs: int = 5, trips: int = 300, games: int = 20, as_json: bool = False) -> int:
    r = measure(runs, trips, games)
    if as_json:
        print(json.dumps({"median": r, "targets": TARGETS}))
        return 0
    print(f"network benchmark (loopback TCP): median of {runs} runs of {trips} round trips; {games} whole games")
    print(f"  command round trip: median {r['round_trip_median_ms']:.3f} ms, p99 {r['round_trip_p99_ms']:.3f} ms   "
          f"(target median <= {TARGETS['round_trip_median_ms']} ms; reference: bare echo of a frame of the same "
          f"size, median {r['echo_median_ms']:.3f} ms, p99 {r['echo_p99_ms']:.3f} ms)")
    print(f"  bytes per complete game: median {r['bytes_per_game']:,.0f}, largest {r['bytes_per_game_max']:,.0f}   "
          f"(target <= {TARGETS['bytes_per_game']:,}; {r['commands_per_game']:.0f} commands per game)")
    return 0
