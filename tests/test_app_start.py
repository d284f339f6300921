"""The app starts and plays a demo game with a rules-annotated log."""
from PySide6.QtCore import Qt

from bss_desktop.app.main import StartWindow


def test_start_window_plays_a_demo_game_to_the_end(qtbot):
    window = StartWindow()
    qtbot.addWidget(window)
    assert window.deck_a.count() >= 2
    qtbot.mouseClick(window.play, Qt.LeftButton)
    text = window.log.toPlainText()
    assert "goes first (CR 5-2-6)" in text
    assert "wins:" in text or "draw" in text
    assert "(CR 7-1-1)" in text  # attacks are logged with their rule
