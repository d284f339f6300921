"""The game's one random number generator.

A small splitmix64 generator in pure Python: its whole state is one integer,
so it is part of the state hash, of positions and of records, and it gives the
same sequence on every platform and Python version (random.Random makes no
such promise for shuffle()).
"""
from __future__ import annotations

import hashlib

_MASK = (1 << 64) - 1


def seed_from(*parts: object) -> int:
    """Derive a 64-bit seed from any values (e.g. a base seed and a game index)."""
    text = "\x1f".join(str(p) for p in parts).encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big")


# below(n)'s rejection limit for small n: 2**64 - (2**64 % n)
_LIMITS = (0,) + tuple((1 << 64) - ((1 << 64) % n) for n in range(1, 256))


class Rng:
    __slots__ = ("state",)

    def __init__(self, state: int):
        self.state = state & _MASK

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("n must be positive")
        small = type(n) is int and n < 256
        if small and n == 1:  # any draw is below 2**64 and answers 0: only the state moves on, as it would
            self.state = (self.state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
            return 0
        limit = _LIMITS[n] if small else 0x10000000000000000 - 0x10000000000000000 % n  # 2**64 - (2**64 % n)
        while True:  # next64(), written out: shuffles and random players draw millions of these
            z = self.state = (self.state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
            x = z ^ (z >> 31)
            if x < limit:
                return x % n

    def shuffle(self, items: list) -> None:
        """Fisher-Yates shuffle in place (reorder the cards randomly)."""
        state = self.state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1  # j = self.below(n), written out
            limit = _LIMITS[n] if n < 256 else 0x10000000000000000 - 0x10000000000000000 % n
            while True:
                z = state = (state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
                z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
                x = z ^ (z >> 31)
                if x < limit:
                    j = x % n
                    break
            items[i], items[j] = items[j], items[i]
        self.state = state

    def choice(self, items):
        return items[self.below(len(items))]
