"""Templates: triggers on what either player's cards and effects do (cores placed, cards discarded from the deck, cards summoned, magic used, spirits exhausted or blocked) and the step-start moments."""
from __future__ import annotations

from ..not_supported import NotSupported  # noqa: F401  (raised by the rules below)

GRAMMAR = r"""
"""


class Rules:
    pass
