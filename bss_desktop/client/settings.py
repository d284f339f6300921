"""The player's settings, kept as JSON in the platform's config folder (bss_desktop/paths.py)."""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (QCheckBox, QDialog, QDialogButtonBox, QFileDialog, QFormLayout, QHBoxLayout,
                               QKeySequenceEdit, QLineEdit, QPushButton, QSpinBox, QWidget)

from .. import paths

# Keyboard shortcuts by action; players may rebind any of them (AppSettings.hotkeys holds the changes).
DEFAULT_HOTKEYS = {
    "end_step": "Space",  # end the main/attack step, or pass in a flash window
    "keep": "K", "mulligan": "M", "no_block": "N", "yes": "Y", "no": "N", "confirm": "Return",
    "undo": "Ctrl+Z", "redo": "Ctrl+Y", "coin": "C", "die": "D", "note": "Shift+N", "token": "T",
    "other_side": "Tab",
}
HOTKEY_NAMES = {
    "end_step": "End the step / pass", "keep": "Keep the opening hand", "mulligan": "Mulligan",
    "no_block": "Do not block", "yes": "Yes (may)", "no": "No (may)", "confirm": "Confirm targets",
    "undo": "Undo (sandbox)", "redo": "Redo (sandbox)", "coin": "Flip a coin (sandbox)", "die": "Roll a die (sandbox)",
    "note": "Add a note (sandbox)", "token": "Make a token (sandbox)", "other_side": "Look from the other side (sandbox)",
}


def settings_path() -> Path:
    return paths.settings_file()


def user_images_dir() -> Path:
    """Where a player's own card images go by default: <card id>.png or .jpg replaces the drawn face."""
    return paths.images_dir()


def sounds_dir() -> Path:
    return paths.cache_dir() / "sounds"


@dataclass
class AppSettings:
    animation_ms: int = 180  # 0 turns animations off
    image_dir: str = ""  # a folder of <card id>.png/.jpg images that replace drawn faces (default: user_images_dir())
    quick_pay: bool = False  # pay automatically without the payment panel
    sound: bool = True  # table sounds (client/sound.py)
    flash_in_main: bool = False  # ruling 1 (a ruleset setting for new games)
    geometry: dict = field(default_factory=dict)  # window name -> saved geometry (hex)
    hotkeys: dict = field(default_factory=dict)  # action -> key sequence, where it differs from DEFAULT_HOTKEYS

    def key(self, action: str) -> str:
        return self.hotkeys.get(action) or DEFAULT_HOTKEYS[action]

    @classmethod
    def load(cls, path: Path | None = None) -> "AppSettings":
        """The saved settings; a missing or damaged file gives the defaults (and is left for the player to see)."""
        path = path or settings_path()
        try:
            data = json.loads(path.read_text())
        except (OSError, ValueError):
            return cls()
        known = {f.name: f for f in fields(cls)}
        kw = {}
        for key, value in data.items() if isinstance(data, dict) else ():
            f = known.get(key)
            if f is not None and isinstance(value, type(getattr(cls(), key))):
                kw[key] = value
        return cls(**kw)

    def save(self, path: Path | None = None) -> None:
        paths.write_atomically(path or settings_path(), json.dumps(asdict(self), indent=1))

    def ruleset(self):
        from ..engine.settings import Ruleset

        return Ruleset(flash_in_main=self.flash_in_main)


class SettingsDialog(QDialog):
    """Edits AppSettings; opened with open() (never exec(), which would nest an event loop under qasync)."""

    def __init__(self, settings: AppSettings, parent=None):
        super().__init__(parent)
        self.setWindowTitle("Settings")
        self.settings = settings
        form = QFormLayout(self)
        self.animation = QSpinBox()
        self.animation.setRange(0, 1000)
        self.animation.setSuffix(" ms")
        self.animation.setValue(settings.animation_ms)
        form.addRow("Animation time (0 = off)", self.animation)
        row = QWidget()
        lay = QHBoxLayout(row)
        lay.setContentsMargins(0, 0, 0, 0)
        self.image_dir = QLineEdit(settings.image_dir)
        self.image_dir.setPlaceholderText(f"default: {user_images_dir()}")
        browse = QPushButton("Browse…")
        browse.clicked.connect(self._browse)
        lay.addWidget(self.image_dir, 1)
        lay.addWidget(browse)
        form.addRow("Card images", row)
        self.quick_pay = QCheckBox("Pay automatically (no payment panel)")
        self.quick_pay.setChecked(settings.quick_pay)
        form.addRow("", self.quick_pay)
        self.sound = QCheckBox("Sounds")
        self.sound.setChecked(settings.sound)
        form.addRow("", self.sound)
        self.flash_in_main = QCheckBox("Flash effects may be used in the main step (ruling 1; new games)")
        self.flash_in_main.setChecked(settings.flash_in_main)
        form.addRow("Rules", self.flash_in_main)
        self.key_edits = {}
        for action, label in HOTKEY_NAMES.items():
            edit = QKeySequenceEdit(QKeySequence(settings.key(action)))
            self.key_edits[action] = edit
            form.addRow(label, edit)
        buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self.accepted.connect(self._store)

    def _browse(self) -> None:
        dialog = QFileDialog(self, "Card image folder")
        dialog.setFileMode(QFileDialog.Directory)
        dialog.fileSelected.connect(self.image_dir.setText)
        dialog.open()

    def _store(self) -> None:
        s = self.settings
        s.animation_ms = self.animation.value()
        s.image_dir = self.image_dir.text().strip()
        s.quick_pay = self.quick_pay.isChecked()
        s.sound = self.sound.isChecked()
        s.flash_in_main = self.flash_in_main.isChecked()
        for action, edit in self.key_edits.items():
            text = edit.keySequence().toString()
            if text and text != DEFAULT_HOTKEYS[action]:
                s.hotkeys[action] = text
            else:
                s.hotkeys.pop(action, None)
        s.save()
