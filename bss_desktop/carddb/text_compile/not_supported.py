"""The one exception a template raises when the grammar reads a sentence the vocabulary can't say."""
from __future__ import annotations

__all__ = ["NotSupported"]


class NotSupported(Exception):
    """A sentence the grammar reads but the vocabulary can't say."""
