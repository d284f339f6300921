"""Deals a host broke off after seeing the guest's share: seed grinding, detected and reported.

The seed is sha256(host share, guest share), and the host learns the guest's share
before it reveals its own (it must: the guest reveals only once the host is
committed). So a host can compute the seed, look at its opening hand, and break the
handshake off until it likes one. Nothing in the protocol can stop a host from
walking away; what the guest can do is notice. Before it reveals its share it counts
the deal as abandoned, in a small file in the user data folder, and when the host
welcomes it the count goes back down; the deals still counted are those the host
broke off (or that the network, or a crash, cut at that very moment). When a game
starts the guest says how many this host abandoned since the last game it dealt:
"this host abandoned 3 deals before this game".

A host is recognised by its IP address (`GuestSession._host_key`): its name and port
are its own to change. A host that changes its address between attempts is not
recognised; on a home network that takes more than a click.

The file is JSON, at most MAX_BYTES, with at most MAX_HOSTS hosts (the least
recently seen are forgotten); every entry is checked when read, and one that is not
what it should be is left out (the file is never trusted to be well formed).
"""
from __future__ import annotations

import json
import logging
import time
from pathlib import Path

from ..data_files import load_json_file

log = logging.getLogger(__name__)

FORMAT = "bss-deals"
VERSION = 1
MAX_BYTES = 64 * 1024  # a bigger file is not read (and is replaced at the next write)
MAX_HOSTS = 200
MAX_NAMES = 4  # the last names a host used, for the person reading the file
MAX_COUNT = 10**6


def abandoned_line(n: int) -> str:
    """What the join window and the headless join say about a host that abandoned `n` deals."""
    return f"this host abandoned {n} deal{'' if n == 1 else 's'} before this game"


def explain(n: int) -> str:
    """The line, with what it means (the join window shows this)."""
    return (abandoned_line(n) + ": each time it saw your secret share, which lets it compute the shuffles, "
            "then broke the connection off. An unlucky network can do that once; a host that does it again and "
            "again may be choosing its opening hand.")


def _entry_ok(key, e) -> bool:
    def count(v):
        return isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= MAX_COUNT

    return (isinstance(key, str) and 0 < len(key) <= 100 and isinstance(e, dict)
            and set(e) == {"abandoned", "games", "names", "last"}
            and count(e["abandoned"]) and count(e["games"])
            and isinstance(e["names"], list) and len(e["names"]) <= MAX_NAMES
            and all(isinstance(n, str) and len(n) <= 40 for n in e["names"])
            and isinstance(e["last"], (int, float)) and not isinstance(e["last"], bool))


class DealBook:
    """The abandoned-deal counts, per host, in one JSON file (read and written at each handshake)."""

    def __init__(self, path, clock=time.time):
        self.path = Path(path)
        self.clock = clock
        self.problems: list[str] = []  # what was wrong with the file when it was last read

    def read(self) -> dict[str, dict]:
        """The hosts in the file, each entry checked; a missing, oversized or damaged file reads as empty."""
        self.problems = []
        try:
            if self.path.stat().st_size > MAX_BYTES:
                self.problems.append(f"{self.path} is larger than {MAX_BYTES} bytes: not read")
                return {}
            # bounded again as it is read (a file growing meanwhile); nested too deep is a ValueError too
            data = load_json_file(self.path, limit=MAX_BYTES, what="the deals file")
        except FileNotFoundError:
            return {}
        except (OSError, UnicodeDecodeError, ValueError) as e:
            self.problems.append(f"{self.path} is not readable ({e})")
            return {}
        if not (isinstance(data, dict) and data.get("format") == FORMAT and data.get("version") == VERSION
                and isinstance(data.get("hosts"), dict)):
            self.problems.append(f"{self.path} is not a {FORMAT} file")
            return {}
        hosts = {}
        for key, e in data["hosts"].items():
            if _entry_ok(key, e):
                hosts[key] = e
            else:
                self.problems.append(f"{self.path}: the entry {str(key)[:100]!r} is malformed and was left out")
        return hosts

    def _write(self, hosts: dict) -> None:
        from ..paths import write_atomically

        kept = dict(sorted(hosts.items(), key=lambda kv: kv[1]["last"], reverse=True)[:MAX_HOSTS])
        try:
            write_atomically(self.path, json.dumps({"format": FORMAT, "version": VERSION, "hosts": kept}))
        except OSError as e:  # not being able to count must not stop the game
            log.warning("could not write %s: %s", self.path, e)

    def begin(self, host: str, name: str = "") -> None:
        """Our share is about to be revealed to `host`: the deal counts as abandoned until `completed`."""
        hosts = self.read()
        e = hosts.get(host) or {"abandoned": 0, "games": 0, "names": [], "last": 0}
        e["abandoned"] = min(MAX_COUNT, e["abandoned"] + 1)
        name = name[:40]
        if name:
            e["names"] = ([n for n in e["names"] if n != name] + [name])[-MAX_NAMES:]
        e["last"] = self.clock()
        hosts[host] = e
        self._write(hosts)

    def completed(self, host: str) -> int:
        """The host welcomed us: how many deals it abandoned before this one (the count starts again)."""
        hosts = self.read()
        e = hosts.get(host) or {"abandoned": 1, "games": 0, "names": [], "last": 0}
        n = max(0, e["abandoned"] - 1)
        e.update(abandoned=0, games=min(MAX_COUNT, e["games"] + 1), last=self.clock())
        hosts[host] = e
        self._write(hosts)
        return n

    def abandoned(self, host: str) -> int:
        """The deals `host` abandoned since the last game it dealt (the one under way counts until welcomed)."""
        e = self.read().get(host)
        return e["abandoned"] if e else 0
