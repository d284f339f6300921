"""Templates: token spirits summoned by effects (CR 4-12)."""
from __future__ import annotations

from ..not_supported import NotSupported  # noqa: F401  (raised by the rules below)

GRAMMAR = r"""
"""


class Rules:
    """Transformer methods of the rules in GRAMMAR (see templates/__init__.py)."""
