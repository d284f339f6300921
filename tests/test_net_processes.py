"""Two headless clients in two processes over 127.0.0.1 play whole games and print the same final hash."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _cli(*args) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONUNBUFFERED="1")
    return subprocess.Popen([sys.executable, "-m", "bss_desktop.cli", *args], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _final(out: str) -> str:
    m = re.search(r"^final hash: ([0-9a-f]{64})$", out, re.M)
    assert m, out
    return m.group(1)


@pytest.mark.parametrize("host_deck, guest_deck, seed", [("red-saga", "blue-saga", 1), ("green-saga", "white-saga", 2),
                                                         ("red-vanilla", "yellow-saga", 3)])
def test_two_processes_play_a_whole_game_and_agree_on_the_final_hash(host_deck, guest_deck, seed):
    host = _cli("host", "--port", "0", "--bind", "127.0.0.1", "--headless", "--policy", "random",
                "--seed", str(seed), "--deck", host_deck)
    try:
        first = host.stdout.readline()
        m = re.match(r"listening on port (\d+)$", first.strip())
        assert m, first + host.stderr.read()
        guest = _cli("join", f"127.0.0.1:{m.group(1)}", "--headless", "--policy", "random", "--seed", str(seed + 10),
                     "--deck", guest_deck)
        g_out, g_err = guest.communicate(timeout=120)
        h_out, h_err = host.communicate(timeout=60)
    finally:
        host.kill()
    assert guest.returncode == 0, g_out + g_err
    assert host.returncode == 0, h_out + h_err
    assert _final(g_out) == _final(h_out)
    assert re.search(r"^winner: ", g_out, re.M) and re.search(r"^commands: \d+$", g_out, re.M)
    assert re.search(r"^commands: \d+$", h_out, re.M).group(0) == re.search(r"^commands: \d+$", g_out, re.M).group(0)
    assert "audit passed" in g_out and "guest audit: passed" in h_out


def test_join_with_a_malformed_address_says_what_is_expected():
    p = _cli("join", "localhost", "--headless")
    out, err = p.communicate(timeout=60)
    assert p.returncode == 2 and "expected HOST:PORT" in err
