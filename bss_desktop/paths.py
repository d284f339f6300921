"""Where the player's own files live: the one place that names them (platformdirs; no Qt).

Shipped data (cards, decks, assets) is found by `resources.py`; everything a
player makes or that the app writes for them goes in the platform's folders:

    settings      <config>/settings.json
    cards         <data>/cards/imported/*.yaml   (bss-desktop import-cards)
    tokens        <data>/cards/tokens.yaml       (the stats of tokens imported cards summon by name)
    decks         <data>/decks/*.txt             (your own deck lists: listed beside the shipped ones)
    profiles      <data>/profiles/*.yaml         (games of your own: docs/profile-format.md)
    images        <data>/images/<card id>.png    (your card images replace the drawn faces)
    pictures      <data>/cards/imported/pictures.json  (the imported cards' pictures, by path: carddb/pictures.py)
    thumbnails    <data>/thumbnails/             (card pictures scaled once for the sizes faces are drawn at)
    games         <data>/games/records/          (saved game records: the Save / Watch dialogs open here)
                  <data>/games/positions/        (saved positions: the Save / Load position dialogs open here)
    autosave      <data>/autosave/               (the game in progress, after every command; the LAN host's game)
    LAN deals     <data>/lan-deals.json          (handshakes each LAN host broke off: seed grinding, net/deals.py)
    logs          <log>/bss-desktop.log          (what went wrong, for a bug report)
    cache         <cache>/                       (generated table sounds)

`BSS_DESKTOP_HOME`, if set, puts all of them under one folder (tests, portable installs).
"""
from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP = "bss_desktop"


def _base(kind: str) -> Path:
    home = os.environ.get("BSS_DESKTOP_HOME")
    if home:
        return Path(home) / kind
    return Path({"config": platformdirs.user_config_dir, "data": platformdirs.user_data_dir,
                 "log": platformdirs.user_log_dir, "cache": platformdirs.user_cache_dir}[kind](APP))


def config_dir() -> Path:
    return _base("config")


def data_dir() -> Path:
    return _base("data")


def settings_file() -> Path:
    return config_dir() / "settings.json"


def cards_dir() -> Path:
    return data_dir() / "cards" / "imported"


def tokens_file() -> Path:
    """The player's token table (carddb/token_table.py): beside the imported sets."""
    return data_dir() / "cards" / "tokens.yaml"


def decks_dir() -> Path:
    return data_dir() / "decks"


def profiles_dir() -> Path:
    return data_dir() / "profiles"


def images_dir() -> Path:
    return data_dir() / "images"


def thumbnails_dir() -> Path:
    """Card pictures scaled to the widths faces are drawn at (client/faces/pictures.py): made again if removed."""
    return data_dir() / "thumbnails"


def games_dir() -> Path:
    return data_dir() / "games"


def records_dir() -> Path:
    return games_dir() / "records"


def positions_dir() -> Path:
    return games_dir() / "positions"


def autosave_dir() -> Path:
    return data_dir() / "autosave"


def deals_file() -> Path:
    """Handshakes LAN hosts broke off after seeing this guest's share (net/deals.py), per host."""
    return data_dir() / "lan-deals.json"


def log_file() -> Path:
    return _base("log") / "bss-desktop.log"


def cache_dir() -> Path:
    return _base("cache")


def all_paths() -> dict[str, Path]:
    """Every folder and file the app uses for the player, by name (`bss-desktop --paths`, the About box)."""
    return {"settings": settings_file(), "imported cards": cards_dir(), "token table": tokens_file(),
            "your decks": decks_dir(), "card images": images_dir(), "thumbnails": thumbnails_dir(),
            "saved games": games_dir(), "autosaves": autosave_dir(),
            "log": log_file(), "cache": cache_dir()}


def write_atomically(path: Path, text: str, *, durable: bool = True) -> None:
    """Write a file so that a crash of the app leaves the old version or the new one, never half of one.
    `durable` also waits for the disk (survives a power cut); the per-command autosave skips that wait."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
        if durable:
            f.flush()
            os.fsync(f.fileno())
    os.replace(tmp, path)
