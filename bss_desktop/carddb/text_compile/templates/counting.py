"""Templates: amounts that are counted ("for each ...", "a number of ... equal to ...") and filters relative to another card ("BP equal to or fewer than this spirit", "costs more than the discarded card")."""
from __future__ import annotations

from ..not_supported import NotSupported  # noqa: F401  (raised by the rules below)

GRAMMAR = r"""
"""


class Rules:
    pass
