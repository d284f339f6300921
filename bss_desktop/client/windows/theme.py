"""A dark Fusion palette, so the window chrome matches the table."""
from __future__ import annotations

from PySide6.QtGui import QColor, QPalette


def apply_dark_theme(app) -> None:
    app.setStyle("Fusion")
    p = QPalette()
    base, alt, text, accent = QColor("#1b2230"), QColor("#232c3d"), QColor("#e3e8f0"), QColor("#f97316")
    for role, color in ((QPalette.Window, alt), (QPalette.WindowText, text), (QPalette.Base, base),
                        (QPalette.AlternateBase, alt), (QPalette.ToolTipBase, base), (QPalette.ToolTipText, text),
                        (QPalette.Text, text), (QPalette.Button, alt), (QPalette.ButtonText, text),
                        (QPalette.Highlight, accent), (QPalette.HighlightedText, QColor("#111")),
                        (QPalette.PlaceholderText, QColor("#8893a6"))):
        p.setColor(role, color)
    p.setColor(QPalette.Disabled, QPalette.Text, QColor("#6b7485"))
    p.setColor(QPalette.Disabled, QPalette.ButtonText, QColor("#6b7485"))
    app.setPalette(p)
