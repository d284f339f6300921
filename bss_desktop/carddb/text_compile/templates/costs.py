"""Templates: costs that change, reduction symbols, Agile, Feast, soul-core costs (CR 5-2-3, 10-6)."""
from __future__ import annotations

from ..not_supported import NotSupported  # noqa: F401  (raised by the rules below)

GRAMMAR = r"""
"""


class Rules:
    """Transformer methods of the rules in GRAMMAR (see templates/__init__.py)."""
