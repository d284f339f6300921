"""Templates: Feast (the Supsprite tokens it summons and upgrades) and Chain's colour-gated follow-ups."""
from __future__ import annotations

from ..not_supported import NotSupported  # noqa: F401  (raised by the rules below)

GRAMMAR = r"""
"""


class Rules:
    pass
