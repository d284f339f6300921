"""Imported cards are first-class: the player imports a community JSON card list with `bss-desktop import-cards`,
then simulates, replays, screenshots, benchmarks and picks decks of those cards like the shipped ones
(bss_desktop/carddb/player_db.py). Every card and sentence here is invented for the tests."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bss_desktop import cli

ROOT = Path(__file__).resolve().parent.parent
NAMES = ["Ashen Pup", "Brazier Hound", "Coal Finch", "Dusk Kiln", "Ember Stoat", "Flint Drake", "Glow Newt",
         "Hearth Ram", "Ingot Crab", "Jade Cinder", "Kiln Owl", "Lava Mole", "Magma Gnu"]
IDS = [f"ZQ01-{i:03d}" for i in range(1, len(NAMES) + 1)]


def _record(i: int, name: str) -> dict:
    """A vanilla red spirit in the community shape (tests/data_import/README.md)."""
    return {"name": name, "ID": IDS[i], "set": "ZQ01", "color": ["red"], "cost": str(1 + i % 5),
            "reduction": ["red"], "symbols": ["red"], "cardType": "SPIRIT", "subType": ["Beast"], "rarity": "C",
            "core_requirements": [{"level": 1, "battlePoints": 1000 + 1000 * (i % 4), "cores": 1},
                                  {"level": 2, "battlePoints": 3000 + 1000 * (i % 4), "cores": 3}],
            "effects": [{"levels": [1, 2], "condition": "When Attacks", "keywords": [],
                         "details": "Sing a short song about embers.", "steps": []}] if i == 0 else []}


def run(capsys, *argv):
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def home(tmp_path, monkeypatch, capsys):
    """A player's data folder holding the ZQ01 cards, imported the way a player does, and a deck file of them."""
    monkeypatch.setenv("BSS_DESKTOP_HOME", str(tmp_path / "home"))
    src = tmp_path / "zq01.json"
    src.write_text(json.dumps([_record(i, n) for i, n in enumerate(NAMES)]), encoding="utf-8")
    code, out, err = run(capsys, "import-cards", str(src))
    assert code == 0, out + err
    deck = tmp_path / "embers.txt"
    deck.write_text("Deck: Embers\n" + "".join(f"4x {cid}\n" for cid in IDS), encoding="utf-8")
    return tmp_path


def my_deck(home: Path, name: str, text: str) -> None:
    folder = home / "home" / "data" / "decks"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{name}.txt").write_text(text, encoding="utf-8")


def break_imported_cards(home: Path) -> Path:
    bad = home / "home" / "data" / "cards" / "imported" / "ZZ-broken.yaml"
    bad.write_text("set: {id: ZZB, name: Broken}\ncards: [{id: ZZB-1}]\n", encoding="utf-8")
    return bad


# ---------------------------------------------------------------- simulate

def test_simulate_plays_a_deck_file_of_imported_cards(capsys, home):
    code, out, err = run(capsys, "simulate", "--games", "3", "--seed", "4", "--decks",
                         f"{home / 'embers.txt'},red-saga", "--json")
    assert code == 0, err
    assert json.loads(out)["games"] == 3


def test_simulate_knows_the_my_decks_of_the_start_screen(capsys, home):
    my_deck(home, "embers", (home / "embers.txt").read_text())
    code, out, err = run(capsys, "simulate", "--games", "2", "--decks", "my-embers,my-embers", "--json")
    assert code == 0, err
    assert json.loads(out)["games"] == 2


def test_an_unknown_deck_name_lists_the_players_decks_too(capsys, home):
    my_deck(home, "embers", (home / "embers.txt").read_text())
    code, out, err = run(capsys, "simulate", "--games", "1", "--decks", "my-ashes,red-saga")
    assert code == 2 and out == ""
    assert "'my-ashes'" in err and "my-embers" in err and "red-saga" in err and "Traceback" not in err


def test_a_deck_file_with_an_unknown_id_names_the_file_line_and_id(capsys, home):
    deck = home / "typo.txt"
    deck.write_text("".join(f"4x {cid}\n" for cid in IDS[:12]) + "4x ZQ01-999\n", encoding="utf-8")
    code, out, err = run(capsys, "simulate", "--games", "1", "--decks", f"{deck},red-saga")
    assert code == 2 and out == ""
    assert str(deck) in err and "line 13" in err and "ZQ01-999" in err and len(err.strip().splitlines()) == 1


def test_a_broken_my_deck_says_why_when_named(capsys, home):
    my_deck(home, "short", "4x ZQ01-001\n")
    code, _, err = run(capsys, "simulate", "--games", "1", "--decks", "my-short,red-saga")
    assert code == 2 and "short.txt" in err and "Traceback" not in err


def test_a_broken_imported_file_leaves_the_shipped_cards_and_says_which_file(capsys, home):
    bad = break_imported_cards(home)
    code, out, err = run(capsys, "simulate", "--games", "1", "--decks", "red-saga,blue-saga", "--json")
    assert code == 0 and json.loads(out)["games"] == 1
    assert err.count("\n") == 1 and bad.name in err and "ZZB-1" in err  # one line: the file and the card
    # a deck that needs the imported cards then names the first card it misses
    code, out, err = run(capsys, "simulate", "--games", "1", "--decks", f"{home / 'embers.txt'},red-saga")
    assert code == 2 and bad.name in err and "ZQ01-001" in err and "Traceback" not in err


# ---------------------------------------------------------------- replay, screenshot, bench

def _imported_game(seed: int = 3):
    from bss_desktop.carddb.decks import load_deck_file
    from bss_desktop.carddb.player_db import player_db
    from bss_desktop.engine.game import Game
    from bss_desktop.sim.policy import RandomPolicy

    db, problem = player_db()
    assert problem is None
    cards = [c for c in IDS for _ in range(4)]
    game = Game.new(db, [cards, load_deck_file(ROOT / "cards" / "decks" / "red-saga.txt", db).cards], seed,
                    first_player=0, deck_names=["embers", "red-saga"])
    policy = RandomPolicy(seed)
    while not game.over and len(game.history) < 400:
        game.apply(policy.choose(game))
    return game


def test_replay_verifies_a_game_of_imported_cards(capsys, home):
    from bss_desktop.engine.record import save_record

    game = _imported_game()
    path = home / "game.json"
    save_record(game, path)
    code, out, err = run(capsys, "replay", str(path), "--verify")
    assert code == 0, err
    assert out.strip().endswith(game.state_hash())


def test_replay_of_imported_cards_the_player_no_longer_has_names_the_card(capsys, home):
    from bss_desktop.engine.record import save_record

    path = home / "game.json"
    save_record(_imported_game(), path)
    for f in (home / "home" / "data" / "cards" / "imported").glob("*.yaml"):
        f.unlink()
    code, out, err = run(capsys, "replay", str(path))
    assert code == 2 and out == "" and str(path) in err and "ZQ01-" in err and "Traceback" not in err


def _screenshot(home: Path, position: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT), QT_QPA_PLATFORM="offscreen",
               BSS_DESKTOP_HOME=str(home / "home"))
    return subprocess.run([sys.executable, "-m", "bss_desktop.cli", "--screenshot", str(home / "shot.png"),
                           "--position", str(position)], env=env, capture_output=True, text=True, timeout=120)


def test_screenshot_of_a_position_with_imported_cards(home):
    pos = home / "pos.yaml"
    pos.write_text(f"""
turn: 3
turn_player: 0
step: main
players:
  - {{life: 5, reserve: 3, hand: [{IDS[1]}], deck: [{IDS[2]}, {IDS[3]}], field: [{{card: {IDS[0]}, cores: 2}}]}}
  - {{life: 4, reserve: 3, hand: [SG1-001], deck: [SG1-001], field: [{{card: {IDS[4]}, cores: 1}}]}}
""", encoding="utf-8")
    done = _screenshot(home, pos)
    assert done.returncode == 0, done.stderr
    assert (home / "shot.png").stat().st_size > 10000
    pos.write_text(pos.read_text().replace(IDS[4], "ZQ01-404"), encoding="utf-8")
    done = _screenshot(home, pos)
    assert done.returncode == 2 and "ZQ01-404" in done.stderr and str(pos) in done.stderr
    assert "Traceback" not in done.stderr


def test_bench_engine_runs_the_players_decks(capsys, home):
    my_deck(home, "embers", (home / "embers.txt").read_text())
    code, out, err = run(capsys, "bench", "engine", "--games", "2", "--runs", "1", "--decks", "my-embers,red-saga",
                         "--json")
    assert code == 0, err
    assert "my-embers,red-saga" in json.loads(out)["suites"]


# ---------------------------------------------------------------- the start screen

def test_the_start_screen_offers_a_my_deck_of_imported_cards_and_plays_it(qtbot, home):
    pytest.importorskip("pytestqt")
    from bss_desktop.app.main import StartWindow

    my_deck(home, "embers", (home / "embers.txt").read_text())
    start = StartWindow()
    qtbot.addWidget(start)
    index = start.deck_a.findData("my-embers")
    assert index >= 0 and "Embers" in start.deck_a.itemText(index)
    start.deck_a.setCurrentIndex(index)
    start.hotseat.click()
    window = start.windows[-1]
    qtbot.addWidget(window)
    game = window.model.game
    assert {game.state.cards[i].cid for i in game.state.cards if game.state.cards[i].owner == 0} <= set(IDS)
    assert "imported" not in start.notice.text()
    window.close()


def test_the_start_screen_names_a_broken_imported_file_and_still_offers_the_shipped_decks(qtbot, home):
    pytest.importorskip("pytestqt")
    from bss_desktop.app.main import StartWindow

    bad = break_imported_cards(home)
    start = StartWindow()
    qtbot.addWidget(start)
    assert bad.name in start.notice.text() and "shipped cards only" in start.notice.text()
    assert start.deck_a.findData("red-saga") >= 0
