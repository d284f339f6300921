"""The one place that finds shipped data (card sets, decks, assets).

The same call works from a source checkout, an installed wheel and a frozen
PyInstaller bundle, so nothing else in the app builds paths to shipped data.
"""
from __future__ import annotations

import sys
from pathlib import Path

_KINDS = ("cards", "assets")
_PACKAGE = Path(__file__).resolve().parent


def data_dir(kind: str) -> Path:
    """The folder holding shipped data of `kind` ("cards" or "assets")."""
    if kind not in _KINDS:
        raise ValueError(f"unknown data kind {kind!r}; expected one of {', '.join(_KINDS)}")
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:  # PyInstaller bundle: data is copied next to the code
        return Path(frozen) / kind
    checkout = _PACKAGE.parent / kind
    if checkout.is_dir() and (checkout.parent / "pyproject.toml").is_file():
        return checkout
    # installed wheel: pyproject.toml maps cards/ and assets/ to the data packages bss_desktop._cards / ._assets
    return _PACKAGE / f"_{kind}"


def cards_dir() -> Path:
    return data_dir("cards")


def assets_dir() -> Path:
    return data_dir("assets")
