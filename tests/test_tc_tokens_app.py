"""The start screen asks once for the stats of a token the player's imported cards summon by name (docs/saga-rulings.md
Tokens ruling 2): saved into the token table, the game starts with the effect automated; skipped, it starts with the
effect resolved by hand. Cards, names and sentences are invented for the tests."""
from __future__ import annotations

import json

import pytest

pytest.importorskip("pytestqt")

from bss_desktop import cli  # noqa: E402

IDS = [f"ZK01-{i:03d}" for i in range(1, 14)]


def _record(i: int) -> dict:
    effects = [{"levels": [1, 2], "condition": "When Summoned", "keywords": [], "steps": [],
                "details": "Summon one of your Gizmo Tokens."}] if i == 0 else []
    return {"name": f"Gizmo Maker {i}", "ID": IDS[i], "set": "ZK01", "color": ["green"], "cost": str(1 + i % 5),
            "reduction": ["green"], "symbols": ["green"], "cardType": "SPIRIT", "subType": ["Beast"], "rarity": "C",
            "core_requirements": [{"level": 1, "battlePoints": 1000, "cores": 1},
                                  {"level": 2, "battlePoints": 3000, "cores": 3}], "effects": effects}


@pytest.fixture
def home(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("BSS_DESKTOP_HOME", str(tmp_path / "home"))
    src = tmp_path / "zk01.json"
    src.write_text(json.dumps([_record(i) for i in range(len(IDS))]), encoding="utf-8")
    assert cli.main(["import-cards", str(src)]) == 0
    capsys.readouterr()
    decks = tmp_path / "home" / "data" / "decks"
    decks.mkdir(parents=True, exist_ok=True)
    (decks / "gizmos.txt").write_text("".join(f"4x {cid}\n" for cid in IDS), encoding="utf-8")
    return tmp_path / "home"


def _start(qtbot):
    from bss_desktop.app.main import StartWindow

    w = StartWindow()
    qtbot.addWidget(w)
    w.deck_a.setCurrentIndex(w.deck_a.findData("my-gizmos"))
    w.deck_b.setCurrentIndex(w.deck_b.findData("my-gizmos"))
    return w


def _answer(qtbot, start, fill) -> None:
    """Once the dialog is up (modal, inside the click), `fill` answers it through its own widgets."""
    from PySide6.QtCore import QTimer

    def later():
        dialog = getattr(start, "token_dialog", None)
        if dialog is None or not dialog.isVisible():
            QTimer.singleShot(20, later)
            return
        fill(dialog)

    QTimer.singleShot(0, later)


def test_tokens_ruling_2_the_start_screen_asks_once_and_the_game_has_the_stats(qtbot, home):
    from PySide6.QtWidgets import QDialogButtonBox

    from bss_desktop.carddb.token_table import load_token_table

    start = _start(qtbot)
    assert start.db[IDS[0]].effects[0].manual  # no table yet: by hand

    def fill(dialog):
        assert dialog.name == "Gizmo" and IDS[0] in dialog.findChildren(type(dialog.problem))[0].text()
        dialog.colors["green"].click()
        dialog.bp.setValue(3000)
        dialog.symbols.setText("green")
        dialog.buttons.button(QDialogButtonBox.Save).click()

    _answer(qtbot, start, fill)
    start.hotseat.click()
    window = start.windows[-1]
    qtbot.addWidget(window)
    tok = load_token_table()["gizmo"]
    assert tok.colors == ("green",) and tok.levels[0].bp == 3000 and tok.symbols == (("green",),)
    game_db = window.model.game.db
    assert not game_db[IDS[0]].effects[0].manual and game_db[IDS[0]].effects[0].do[0].token == tok
    # remembered: the next game asks nothing
    start.hotseat.click()
    qtbot.addWidget(start.windows[-1])
    assert start.windows[-1] is not window and start.token_dialog is None


def test_tokens_ruling_2_a_bad_answer_is_named_and_skipping_leaves_the_effect_by_hand(qtbot, home):
    from PySide6.QtWidgets import QDialogButtonBox

    start = _start(qtbot)
    seen = []

    def fill(dialog):
        dialog.buttons.button(QDialogButtonBox.Save).click()  # no colour ticked
        seen.append(dialog.problem.text())
        dialog.buttons.button(QDialogButtonBox.Ignore).click()

    _answer(qtbot, start, fill)
    start.hotseat.click()
    window = start.windows[-1]
    qtbot.addWidget(window)
    assert seen and "Gizmo.colors" in seen[0]
    assert not (home / "data" / "cards" / "tokens.yaml").exists()
    assert window.model.game.db[IDS[0]].effects[0].manual


def test_hostile_a_broken_token_table_is_named_on_the_start_screen_and_the_app_starts(qtbot, home):
    table = home / "data" / "cards" / "tokens.yaml"
    table.write_text("Gizmo: {colors: [pink], bp: 1000}\n", encoding="utf-8")
    start = _start(qtbot)
    assert "tokens.yaml" in start.notice.text() and "Gizmo.colors[0]" in start.notice.text()
    assert start.db[IDS[0]].effects[0].manual  # the imported cards are there; that effect by hand
