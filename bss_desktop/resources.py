"""The one place that finds shipped data (card sets, decks, assets, game profiles).

The same call works from a source checkout, an installed wheel and a frozen
PyInstaller bundle, so nothing else in the app builds paths to shipped data:

    source checkout   <repo>/cards, <repo>/assets, <repo>/profiles        (next to pyproject.toml)
    installed wheel   bss_desktop/_cards, _assets, _profiles  (pyproject.toml maps the folders there)
    frozen bundle     <sys._MEIPASS>/cards, <sys._MEIPASS>/assets, <sys._MEIPASS>/profiles
                      (packaging/bss_desktop.spec copies them there; in a one-folder build sys._MEIPASS is the
                      _internal folder next to the executable, in a macOS .app it is Contents/Frameworks)
"""
from __future__ import annotations

import sys
from pathlib import Path

_KINDS = ("cards", "assets", "profiles")
_PACKAGE = Path(__file__).resolve().parent


def bundle_dir() -> Path | None:
    """The folder a frozen build unpacked its data into, or None when running from Python sources."""
    meipass = getattr(sys, "_MEIPASS", None)
    if meipass:
        return Path(meipass)
    if getattr(sys, "frozen", False):  # another freezer: the data sits next to the executable
        return Path(sys.executable).resolve().parent
    return None


def data_dir(kind: str) -> Path:
    """The folder holding shipped data of `kind` ("cards", "assets" or "profiles")."""
    if kind not in _KINDS:
        raise ValueError(f"unknown data kind {kind!r}; expected one of {', '.join(_KINDS)}")
    bundle = bundle_dir()
    if bundle is not None:
        folder = bundle / kind
        if not folder.is_dir():
            raise FileNotFoundError(f"this build of bss_desktop has no {kind} folder (looked in {folder}); "
                                    "it was built without its data (see packaging/bss_desktop.spec)")
        return folder
    checkout = _PACKAGE.parent / kind
    if checkout.is_dir() and (checkout.parent / "pyproject.toml").is_file():
        return checkout
    # installed wheel: pyproject.toml maps cards/ and assets/ to the data packages bss_desktop._cards / ._assets
    return _PACKAGE / f"_{kind}"


def cards_dir() -> Path:
    return data_dir("cards")


def assets_dir() -> Path:
    return data_dir("assets")


def profiles_dir() -> Path:
    return data_dir("profiles")
