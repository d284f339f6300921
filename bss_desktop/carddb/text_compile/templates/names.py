"""Templates: card names written without quotation marks (a nexus or spirit named by its printed name) and the effects that name them."""
from __future__ import annotations

from ..not_supported import NotSupported  # noqa: F401  (raised by the rules below)

GRAMMAR = r"""
"""


class Rules:
    pass
