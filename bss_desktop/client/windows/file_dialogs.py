"""File dialogs that open where the player keeps that kind of file, and remember the folder last used.

Every Save / Load / Open dialog of the app goes through `ask_path`: it opens in the folder last used for that kind
of file (kept in the settings' `folders`), else in the player's own folder for it (bss_desktop/paths.py, created if
missing) — never in whatever the working directory happens to be. Shown with open(), never exec(): no nested event
loop under qasync.
"""
from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QFileDialog

from bss_desktop import paths

# the player's folder for each kind of file (paths.py)
FOLDERS = {"positions": paths.positions_dir, "records": paths.records_dir, "decks": paths.decks_dir,
           "images": paths.images_dir}


def start_folder(settings, kind: str, default: Path | None = None) -> Path:
    """The folder a dialog for `kind` opens in: the one last used if it is still there, else `default` (or the
    player's folder for that kind), created if missing."""
    folders = getattr(settings, "folders", None)
    last = folders.get(kind) if isinstance(folders, dict) else None
    if isinstance(last, str) and last and Path(last).is_dir():
        return Path(last)
    folder = Path(default) if default is not None else FOLDERS[kind]()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:  # a read-only disk: the dialog still opens, the player picks another folder
        pass
    return folder


def remember_folder(settings, kind: str, folder: Path) -> None:
    """Keep `folder` as the one to open for `kind` next time, in the player's settings (a window opened without
    them, as in the screenshots, remembers nothing)."""
    folders = getattr(settings, "folders", None)
    if not isinstance(folders, dict) or folders.get(kind) == str(folder):
        return
    folders[kind] = str(folder)
    try:
        settings.save()
    except OSError:  # not worth a word: the folder is remembered until the app closes
        pass


def ask_path(parent, title: str, filters: str, then, *, kind: str, settings=None, save: bool = False,
             name: str = "", directory: bool = False, default: Path | None = None) -> QFileDialog:
    """Ask for a file (or a folder, `directory`) with a dialog opened in `kind`'s folder; `then(path)` once chosen.
    `name` is the file name a save dialog suggests. The dialog is kept on `parent._dialog` while it is open."""
    folder = start_folder(settings, kind, default)
    dialog = QFileDialog(parent, title, str(folder), filters)
    dialog.setAcceptMode(QFileDialog.AcceptSave if save else QFileDialog.AcceptOpen)
    if directory:  # (a file that is not there is the caller's to refuse: Qt's own "not found" box is modal)
        dialog.setFileMode(QFileDialog.Directory)
    if name:
        dialog.selectFile(str(folder / name))

    def chosen(path: str) -> None:
        remember_folder(settings, kind, Path(path) if directory else Path(path).parent)
        then(path)

    dialog.fileSelected.connect(chosen)
    parent._dialog = dialog
    dialog.open()
    return dialog
