"""The player's settings, kept as JSON in the platform's config folder (bss_desktop/paths.py)."""
from __future__ import annotations

import itertools
import json
import os
import shutil
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDialog, QDialogButtonBox, QFormLayout, QHBoxLayout, QLabel,
                               QKeySequenceEdit, QLineEdit, QPushButton, QSpinBox, QWidget)

from bss_desktop import paths
from bss_desktop.client.faces.cache import CARD_FACES  # the card's picture where it has one, or the drawn face
from bss_desktop.data_files import KB, DataFileError, load_json, read_text

# settings.json holds a dozen values and the rebound keys: ~1 KB. A file of 256 KB is not one of ours.
MAX_SETTINGS_BYTES = 256 * KB

# Keyboard shortcuts by action; players may rebind any of them (AppSettings.hotkeys holds the changes).
# Passing a flash window and ending a step are different keys: presses meant for a flash window must never end a
# step (and with it the player's chance to act this turn).
DEFAULT_HOTKEYS = {
    "pass": "Space",  # pass in a flash window (CR 7-1-2)
    "end_step": "E",  # end the main or attack step
    "keep": "K", "mulligan": "M", "no_block": "B", "yes": "Y", "no": "N", "confirm": "Return",
    "undo": "Ctrl+Z", "redo": "Ctrl+Y", "coin": "C", "die": "D", "note": "Shift+N", "token": "T",
    "other_side": "Tab", "hint": "H",
}
HOTKEY_NAMES = {
    "pass": "Pass (flash window)", "end_step": "End the main / attack step", "keep": "Keep the opening hand",
    "mulligan": "Mulligan",
    "no_block": "Do not block", "yes": "Yes (may)", "no": "No (may)", "confirm": "Confirm targets",
    "undo": "Undo (sandbox)", "redo": "Redo (sandbox)", "coin": "Flip a coin (sandbox)", "die": "Roll a die (sandbox)",
    "note": "Add a note (sandbox)", "token": "Make a token (sandbox)", "other_side": "Look from the other side (sandbox)",
    "hint": "Hint: what the computer (Hard) would play",
}


CARD_FACE_NAMES = {"pictures": "Pictures (where a card has one)", "drawn": "Drawn faces"}


def settings_path() -> Path:
    return paths.settings_file()


def user_images_dir() -> Path:
    """Where a player's own card images go by default: <card id>.png or .jpg replaces the drawn face."""
    return paths.images_dir()


def sounds_dir() -> Path:
    return paths.cache_dir() / "sounds"


def keep_aside(path: Path, *, move: bool) -> Path:
    """Keep a file the app could not read as <name>.bad (.bad.1, .bad.2… if an older one is there: never replaced),
    moved or copied; returns where it went. OSError if it can't be done."""
    path = Path(path)
    for n in itertools.count():
        bad = path.with_name(f"{path.name}.bad" + (f".{n}" if n else ""))
        if not bad.exists():
            break
    if move:
        os.replace(path, bad)
    else:
        shutil.copyfile(path, bad)
    return bad


def _same_key(a: str, b: str) -> bool:
    return QKeySequence(a).toString().casefold() == QKeySequence(b).toString().casefold()


def _check_field(name: str, value, default):
    """(value, None) if `value` fits the setting, else (None, what is wrong)."""
    if isinstance(default, bool):
        return (value, None) if isinstance(value, bool) else (None, f"expected true or false, got {value!r}")
    if isinstance(default, int):
        if not isinstance(value, int) or isinstance(value, bool):
            return None, f"expected a whole number, got {value!r}"
        return (value, None) if value >= 0 else (None, f"must not be negative, got {value}")
    if name == "ai_level":
        from bss_desktop.ai import LEVELS

        if value in LEVELS:
            return value, None
        return None, f"expected one of {', '.join(LEVELS)}, got {value!r}"
    if name == "card_faces":
        if value in CARD_FACES:
            return value, None
        return None, f"expected one of {', '.join(CARD_FACES)}, got {value!r}"
    if isinstance(default, str):
        return (value, None) if isinstance(value, str) else (None, f"expected text, got {value!r}")
    if not isinstance(value, dict):
        return None, f"expected an object ({{...}}), got {value!r}"
    if name == "geometry":
        bad = [k for k, v in value.items() if not isinstance(v, str)]
        kept = {k: v for k, v in value.items() if k not in bad}
        return kept, (f"entries {', '.join(map(repr, bad))} are not saved geometries" if bad else None)
    if name == "folders":
        bad = [k for k, v in value.items() if not isinstance(v, str)]
        kept = {k: v for k, v in value.items() if k not in bad}
        return kept, (f"entries {', '.join(map(repr, bad))} are not folders" if bad else None)
    if name == "hotkeys":
        problems, kept = [], {}
        for action, key in value.items():
            if action not in DEFAULT_HOTKEYS:
                problems.append(f"{action}: no such action")
            elif not isinstance(key, str) or not key.strip() or QKeySequence(key).isEmpty():
                problems.append(f"{action}: expected a key such as 'K' or 'Ctrl+Z', got {key!r}")
            else:
                kept[action] = key
        # one key for two actions: the rebound ones go back to their default keys (the defaults are all different)
        while True:
            effective = {a: kept.get(a, d) for a, d in DEFAULT_HOTKEYS.items()}
            clash = sorted({a for a in kept for b in effective if a != b and _same_key(effective[a], effective[b])})
            if not clash:
                break
            for a in clash:
                problems.append(f"{a}: {kept.pop(a)} is also another action's key — using {DEFAULT_HOTKEYS[a]}")
        return kept, "; ".join(problems) or None
    return value, None


@dataclass
class AppSettings:
    animation_ms: int = 180  # 0 turns animations off
    image_dir: str = ""  # a folder of <card id>.png/.jpg images that replace drawn faces (default: user_images_dir())
    card_faces: str = "pictures"  # CARD_FACES: the cards' pictures (imported or in image_dir), or drawn faces
    quick_pay: bool = False  # pay automatically without the payment panel
    sound: bool = True  # table sounds (client/board/sound.py)
    flash_in_main: bool = False  # ruling 1 (a ruleset setting for new games)
    bos_phase_draw_only: bool = False  # Battle of Souls ruling 10's other reading (a ruleset setting for new games)
    geometry: dict = field(default_factory=dict)  # window name -> saved geometry (hex)
    hotkeys: dict = field(default_factory=dict)  # action -> key sequence, where it differs from DEFAULT_HOTKEYS
    auto_pass: bool = False  # pass flash windows in which you have nothing you can use
    bos_pass_phase_windows: bool = False  # Battle of Souls: pass a phase's window in which nothing was activated
    ai_delay_ms: int = 700  # the computer's pace: the pause before each of its actions, so a player can follow it
    ai_level: str = "normal"  # the computer's level last chosen on the start screen (ai.LEVELS)
    lan_name: str = ""  # the join/host windows remember the player's name
    lan_address: str = ""  # and the last host address joined
    folders: dict = field(default_factory=dict)  # kind of file -> the folder its dialogs opened last (file_dialogs.py)
    # what was wrong with the settings file when it was loaded (for the start screen to tell the player); not saved
    problem: str | None = field(default=None, compare=False, repr=False)

    def key(self, action: str) -> str:
        return self.hotkeys.get(action) or DEFAULT_HOTKEYS[action]

    @classmethod
    def load(cls, path: Path | None = None) -> "AppSettings":
        """The saved settings. A damaged file never stops the app nor disappears silently: a file that is not a
        settings object is moved aside (settings.json.bad) and the defaults are used; a setting of the wrong kind is
        named and gets its default, the others are kept (the file as it was is copied aside first). `problem` then
        says what was wrong, naming the file and the field."""
        path = Path(path or settings_path())
        try:
            text = read_text(path, limit=MAX_SETTINGS_BYTES, what="a settings file")
        except FileNotFoundError:
            return cls()
        except OSError as e:
            return cls(problem=f"{path}: cannot read it ({e.strerror or e}) — using the default settings")
        except UnicodeDecodeError:
            return cls._damaged(path, "not a text file")
        except DataFileError as e:
            return cls._damaged(path, e.detail)
        try:
            data = load_json(text, source=str(path))
        except DataFileError as e:
            return cls._damaged(path, e.detail)
        except json.JSONDecodeError as e:
            return cls._damaged(path, f"line {e.lineno} column {e.colno}: {e.msg}")
        if not isinstance(data, dict):
            return cls._damaged(path, f"expected a JSON object ({{...}}), got {type(data).__name__} {data!r:.40}")
        defaults = cls()
        kw, problems = {}, []
        for f in fields(cls):
            if f.name == "problem" or f.name not in data:
                continue
            default = getattr(defaults, f.name)
            value, problem = _check_field(f.name, data[f.name], default)
            if problem:
                using = "" if value is not None else " — using " + (
                    "the defaults" if isinstance(default, dict) else json.dumps(default))
                problems.append(f"{f.name}: {problem}{using}")
            if value is not None:
                kw[f.name] = value
        settings = cls(**kw)
        if problems:
            settings.problem = f"{path}: " + "; ".join(problems)
            try:  # the file as it was, before anything rewrites it; then the file as it is now used
                kept = keep_aside(path, move=False)
                settings.save(path)
                settings.problem += f" (the file as it was is kept as {kept.name})"
            except OSError as e:
                settings.problem += f" (could not keep a copy of it: {e.strerror or e})"
        return settings

    @classmethod
    def _damaged(cls, path: Path, problem: str) -> "AppSettings":
        """The defaults, for a settings file that can't be read at all; the file is moved aside, not lost."""
        try:
            kept = keep_aside(path, move=True)
            where = f"the file is kept as {kept.name}"
        except OSError as e:
            where = f"the file could not be moved aside ({e.strerror or e})"
        return cls(problem=f"{path}: {problem} — using the default settings; {where}")

    def save(self, path: Path | None = None) -> None:
        data = {k: v for k, v in asdict(self).items() if k != "problem"}
        paths.write_atomically(path or settings_path(), json.dumps(data, indent=1))

    def ruleset(self):
        from bss_desktop.engine.settings import Ruleset

        return Ruleset(flash_in_main=self.flash_in_main, bos_phase_draw_only=self.bos_phase_draw_only)


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
        self.card_faces = QComboBox(objectName="CardFaces")
        for value in CARD_FACES:
            self.card_faces.addItem(CARD_FACE_NAMES[value], value)
        self.card_faces.setCurrentIndex(max(0, self.card_faces.findData(settings.card_faces)))
        self.card_faces.setToolTip("The pictures imported with your cards (import-cards --images) or in the card "
                                   "images folder, with the level, BP and cores drawn over them; or the faces the "
                                   "app draws from the card data. Pictures stay on your computer: in a LAN game "
                                   "each player sees their own.")
        form.addRow("Card faces", self.card_faces)
        self.quick_pay = QCheckBox("Pay automatically (no payment panel)")
        self.quick_pay.setChecked(settings.quick_pay)
        form.addRow("", self.quick_pay)
        self.auto_pass = QCheckBox("Pass flash windows where you have nothing you can use")
        self.auto_pass.setChecked(settings.auto_pass)
        form.addRow("", self.auto_pass)
        self.bos_pass_phase_windows = QCheckBox("Battle of Souls: pass the draw, ready and end phases' windows "
                                                "when nothing has been activated")
        self.bos_pass_phase_windows.setToolTip("A window after an activation, an attack or in the damage step still "
                                               "waits for you.")
        self.bos_pass_phase_windows.setChecked(settings.bos_pass_phase_windows)
        form.addRow("", self.bos_pass_phase_windows)
        self.ai_delay = QSpinBox()
        self.ai_delay.setRange(0, 5000)
        self.ai_delay.setSingleStep(100)
        self.ai_delay.setSuffix(" ms")
        self.ai_delay.setValue(settings.ai_delay_ms)
        self.ai_delay.setToolTip("The least time between the computer's actions (its thinking counts), so you can "
                                 "follow its turn")
        form.addRow("The computer's pace", self.ai_delay)
        self.sound = QCheckBox("Sounds")
        self.sound.setChecked(settings.sound)
        form.addRow("", self.sound)
        self.flash_in_main = QCheckBox("Flash effects may be used in the main step (ruling 1; new games)")
        self.flash_in_main.setChecked(settings.flash_in_main)
        form.addRow("Rules", self.flash_in_main)
        self.bos_phase_draw_only = QCheckBox("Battle of Souls: only the draw phase's draw from an empty deck loses, "
                                             "not an effect's (ruling 10; new games)")
        self.bos_phase_draw_only.setChecked(settings.bos_phase_draw_only)
        form.addRow("", self.bos_phase_draw_only)
        self.key_edits = {}
        for action, label in HOTKEY_NAMES.items():
            edit = QKeySequenceEdit(QKeySequence(settings.key(action)))
            self.key_edits[action] = edit
            edit.keySequenceChanged.connect(lambda _keys, a=action: self._check_keys(a))
            form.addRow(label, edit)
        # a key bound to two actions is refused: the dialog names the other action and can't be accepted until then
        self.key_problem = QLabel(objectName="KeyProblem")
        self.key_problem.setWordWrap(True)
        self.key_problem.setStyleSheet("color: #f87171; font-weight: 600;")
        self.key_problem.hide()
        form.addRow(self.key_problem)
        buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        self.ok_button = buttons.button(QDialogButtonBox.Ok)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self.accepted.connect(self._store)
        self._check_keys()

    def _keys(self) -> dict[str, str]:
        """The key each action would have (an emptied field means its default key, as _store saves it)."""
        return {a: e.keySequence().toString() or DEFAULT_HOTKEYS[a] for a, e in self.key_edits.items()}

    def key_conflicts(self, changed: str | None = None) -> list[str]:
        """One line per key bound to more than one action, the action just changed first."""
        keys = self._keys()
        lines, seen = [], set()
        for action in ([changed] if changed else []) + list(keys):
            if action in seen:
                continue
            others = [b for b in keys if b != action and _same_key(keys[action], keys[b])]
            if not others:
                continue
            seen.update([action, *others])
            names = " and ".join(HOTKEY_NAMES[b] for b in others)
            lines.append(f"{HOTKEY_NAMES[action]}: {keys[action]} is already the key for {names} — "
                         "choose another key")
        return lines

    def _check_keys(self, changed: str | None = None) -> bool:
        lines = self.key_conflicts(changed)
        self.key_problem.setText("\n".join(lines))
        self.key_problem.setVisible(bool(lines))
        self.ok_button.setEnabled(not lines)
        return not lines

    def accept(self) -> None:
        if self._check_keys():  # nothing is stored while two actions share a key
            super().accept()

    def _browse(self) -> None:
        from bss_desktop.client.windows.file_dialogs import ask_path

        chosen = self.image_dir.text().strip()
        ask_path(self, "Card image folder", "", self.image_dir.setText, kind="images", settings=self.settings,
                 directory=True, default=Path(chosen) if chosen else None)

    def _store(self) -> None:
        s = self.settings
        s.animation_ms = self.animation.value()
        old_dir, s.image_dir = s.image_dir, self.image_dir.text().strip()
        s.card_faces = self.card_faces.currentData() or "pictures"
        s.quick_pay = self.quick_pay.isChecked()
        s.auto_pass = self.auto_pass.isChecked()
        s.bos_pass_phase_windows = self.bos_pass_phase_windows.isChecked()
        s.ai_delay_ms = self.ai_delay.value()
        s.sound = self.sound.isChecked()
        s.flash_in_main = self.flash_in_main.isChecked()
        s.bos_phase_draw_only = self.bos_phase_draw_only.isChecked()
        for action, edit in self.key_edits.items():
            text = edit.keySequence().toString()
            if text and text != DEFAULT_HOTKEYS[action]:
                s.hotkeys[action] = text
            else:
                s.hotkeys.pop(action, None)
        s.save()
        from bss_desktop.client.faces.cache import set_image_dir, set_card_faces

        if old_dir != s.image_dir:
            set_image_dir(s.image_dir or user_images_dir())
        set_card_faces(s.card_faces)  # the open views repaint at once
