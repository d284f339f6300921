"""Asking once for a token's stats (docs/saga-rulings.md, Tokens ruling 2): a game is about to start with cards that
summon a token by name the player's token table lacks (carddb/token_table.py). The player copies the token's
annotation (CR 4-12-2: colours, BP, LV1 cores, families, symbols) once; it is kept in the table for every later game.
Skipping leaves the card's effect resolved by hand in this game.
"""
from __future__ import annotations

from PySide6.QtWidgets import (QCheckBox, QDialog, QDialogButtonBox, QFormLayout, QHBoxLayout, QLabel, QLineEdit,
                               QSpinBox, QVBoxLayout, QWidget)

from bss_desktop.carddb.cards import COLORS
from bss_desktop.carddb.effects import FEAST_FAMILY, FEAST_TOKENS
from bss_desktop.carddb.errors import CardDataError
from bss_desktop.carddb.token_table import token_key
from bss_desktop.limits import MAX_BP

__all__ = ["TokenStatsDialog"]


def _split(text: str) -> list[str]:
    return [x.strip() for x in text.replace(";", ",").split(",") if x.strip()]


class TokenStatsDialog(QDialog):
    """One token's stats, checked and written into the token table when the player saves them (`path`: the table,
    default the player's)."""

    def __init__(self, name: str, cards: list[str] = (), parent=None, path=None):
        super().__init__(parent)
        self.name, self.path, self.saved = name, path, None
        self.setWindowTitle(f"Stats of the {name} token")
        lay = QVBoxLayout(self)
        which = f" ({', '.join(cards[:4])}{' ...' if len(cards) > 4 else ''})" if cards else ""
        intro = QLabel(f"Cards of this game{which} summon <b>{name}</b> tokens, and your card data has no stats "
                       "for them. Copy them from the token's annotation once: they are kept in your token table for "
                       "every game. Skip, and the players resolve those effects by hand.")
        intro.setWordWrap(True)
        lay.addWidget(intro)
        form = QFormLayout()
        row = QWidget()
        boxes = QHBoxLayout(row)
        boxes.setContentsMargins(0, 0, 0, 0)
        self.colors = {c: QCheckBox(c) for c in COLORS}
        for box in self.colors.values():
            boxes.addWidget(box)
        form.addRow("Colours", row)
        self.bp = QSpinBox()
        self.bp.setRange(1, MAX_BP)
        self.bp.setSingleStep(1000)
        self.bp.setValue(1000)
        form.addRow("BP", self.bp)
        self.cores = QSpinBox()
        self.cores.setRange(1, 10)
        self.cores.setValue(1)
        form.addRow("LV1 cores", self.cores)
        self.families = QLineEdit()
        self.families.setPlaceholderText("e.g. Machine, Beast")
        if token_key(name) in {token_key(n) for n in FEAST_TOKENS}:  # 【Feast】's tokens are Supsprites (Feast-6)
            self.families.setText(FEAST_FAMILY)
        form.addRow("Families", self.families)
        self.symbols = QLineEdit()
        self.symbols.setPlaceholderText("e.g. green (red/green: a double colour symbol)")
        form.addRow("Symbols", self.symbols)
        lay.addLayout(form)
        self.problem = QLabel("")
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet("color: #d9534f;")
        lay.addWidget(self.problem)
        self.buttons = QDialogButtonBox(QDialogButtonBox.Save | QDialogButtonBox.Ignore)
        self.buttons.button(QDialogButtonBox.Ignore).setText("Skip (resolve by hand)")
        self.buttons.button(QDialogButtonBox.Save).clicked.connect(self._save)
        self.buttons.button(QDialogButtonBox.Ignore).clicked.connect(self.reject)
        lay.addWidget(self.buttons)

    def stats(self) -> dict:
        return {"colors": [c for c, box in self.colors.items() if box.isChecked()], "bp": self.bp.value(),
                "cores": self.cores.value(), "families": _split(self.families.text()),
                "symbols": _split(self.symbols.text())}

    def _save(self) -> None:
        from bss_desktop.carddb.token_table import save_token

        try:
            self.saved = save_token(self.name, self.stats(), self.path)
        except (CardDataError, OSError) as e:
            field = getattr(e, "field", None)
            what = f"{field}: " if field else ""
            self.problem.setText(f"Not saved — {what}{getattr(e, 'message', None) or e}")
            return
        self.accept()
