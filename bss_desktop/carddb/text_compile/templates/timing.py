"""Templates: timings and triggers: step timings, battle ends, once per turn, the opponent's actions."""
from __future__ import annotations

from ..not_supported import NotSupported  # noqa: F401  (raised by the rules below)

GRAMMAR = r"""
"""


class Rules:
    """Transformer methods of the rules in GRAMMAR (see templates/__init__.py)."""
