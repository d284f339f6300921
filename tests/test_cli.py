"""The headless `bss-desktop` commands, run in-process (bss_desktop/cli.py)."""
from __future__ import annotations

import json
import re
import shutil

import pytest

from bss_desktop import cli
from bss_desktop.carddb.database import load_default_db
from bss_desktop.carddb.decks import shipped_decks
from bss_desktop.engine import invariants
from bss_desktop.engine.game import Game
from bss_desktop.engine.record import save_record, to_record
from bss_desktop.engine.rng import seed_from
from bss_desktop.resources import cards_dir
from bss_desktop.sim.policy import RandomPolicy

JSON_KEYS = ("games", "wins", "draws", "mean_turns", "commands_per_second", "games_per_second")


def run(capsys, *argv):
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def simulate_json(capsys, *argv):
    code, out, _ = run(capsys, "simulate", *argv, "--json")
    assert code == 0
    return json.loads(out)


# ---------------------------------------------------------------- simulate

def test_simulate_prints_rates_and_no_violations(capsys):
    code, out, err = run(capsys, "simulate", "--games", "5", "--seed", "3")
    assert code == 0, err
    assert re.search(r"\d+(\.\d+)? commands/s", out), out
    assert re.search(r"\d+(\.\d+)? games/s", out), out
    assert re.search(r"\b0 violations", out), out
    assert out.startswith("5 games:")
    assert "VIOLATION" not in out


def test_simulate_json_has_the_summary_fields(capsys):
    data = simulate_json(capsys, "--games", "5", "--seed", "3")
    for key in JSON_KEYS:
        assert key in data, key
    assert data["games"] == 5
    assert len(data["wins"]) == 2 and sum(data["wins"]) + data["draws"] == 5
    assert data["mean_turns"] > 1
    assert data["commands_per_second"] > 0 and data["games_per_second"] > 0
    assert data["violations"] == []


def test_simulate_is_deterministic_for_a_seed(capsys):
    a = simulate_json(capsys, "--games", "5", "--seed", "3")
    b = simulate_json(capsys, "--games", "5", "--seed", "3")
    for key in ("wins", "draws", "mean_turns", "commands", "deck_wins"):
        assert a[key] == b[key], key
    c = simulate_json(capsys, "--games", "5", "--seed", "4")
    assert (c["commands"], c["mean_turns"], c["wins"]) != (a["commands"], a["mean_turns"], a["wins"])


def test_simulate_with_named_decks(capsys):
    data = simulate_json(capsys, "--games", "4", "--seed", "1", "--decks", "red-vanilla,blue-vanilla")
    assert data["games"] == 4
    assert set(data["deck_wins"]) <= {"red-vanilla", "blue-vanilla"}
    assert sum(data["deck_wins"].values()) == sum(data["wins"])


def test_simulate_with_a_deck_file(capsys, tmp_path):
    path = tmp_path / "mine.txt"
    shutil.copy(cards_dir() / "decks" / "green-vanilla.txt", path)
    data = simulate_json(capsys, "--games", "2", "--seed", "1", "--decks", f"{path},red-vanilla")
    assert data["games"] == 2 and data["violations"] == []


@pytest.mark.parametrize("spec,words", [
    ("red-vanilla,no-such-deck", "unknown deck 'no-such-deck'"),
    ("red-vanilla", "two decks"),
    ("a,b,c", "two decks"),
])
def test_simulate_with_bad_decks_exits_with_a_message(capsys, spec, words):
    code, _, err = run(capsys, "simulate", "--games", "1", "--decks", spec)
    assert code == 2  # bad input: one line on stderr (tests/test_bad_files.py)
    assert words in err
    if "unknown" in words:
        assert "red-vanilla" in err  # lists the shipped decks


def test_simulate_reports_a_violation_with_the_seed_and_command_index(capsys, monkeypatch):
    real = invariants.check

    def broken(game):
        if len(game.history) >= 7:
            return ["the test says this state is broken"]
        return real(game)

    monkeypatch.setattr(invariants, "check", broken)
    code, out, err = run(capsys, "simulate", "--games", "5", "--seed", "3")
    assert code != 0
    seed = seed_from(3, 0)
    assert "1 violations" in out
    assert f"VIOLATION: game 0 (seed {seed}), after command 7: the test says this state is broken" in out
    assert f"seed {seed}" in err and "command index 7" in err


def test_simulate_json_reports_a_violation_too(capsys, monkeypatch):
    monkeypatch.setattr(invariants, "check", lambda game: ["bad"] if len(game.history) >= 3 else [])
    code, out, err = run(capsys, "simulate", "--games", "3", "--seed", "8", "--json")
    assert code == 1
    data = json.loads(out)
    assert len(data["violations"]) == 1 and "after command 3: bad" in data["violations"][0]
    assert "command index 3" in err


def test_simulate_no_check_skips_the_invariants(capsys, monkeypatch):
    monkeypatch.setattr(invariants, "check", lambda game: ["always broken"])
    code, out, _ = run(capsys, "simulate", "--games", "2", "--seed", "3", "--no-check")
    assert code == 0 and "0 violations" in out


# ---------------------------------------------------------------- replay

@pytest.fixture(scope="module")
def shipped_game():
    db = load_default_db()
    decks = shipped_decks(db)
    game = Game.new(db, [decks["red-vanilla"].cards, decks["blue-vanilla"].cards], 17, first_player=0,
                    deck_names=["red-vanilla", "blue-vanilla"])
    policy = RandomPolicy(17)
    while not game.over:
        game.apply(policy.choose(game))
    return game


@pytest.fixture
def record_file(shipped_game, tmp_path):
    path = tmp_path / "game.json"
    save_record(shipped_game, path)
    return path


def test_replay_verify_prints_the_final_hash(capsys, shipped_game, record_file):
    code, out, err = run(capsys, "replay", str(record_file), "--verify")
    assert code == 0, err
    m = re.search(r"final hash: ([0-9a-f]{64})", out)
    assert m and m.group(1) == shipped_game.state_hash()
    n = len(shipped_game.history)
    assert f"{n} commands replayed, {n} hashes verified" in out
    assert f"player {shipped_game.result.winner + 1} won" in out


def test_replay_without_verify(capsys, shipped_game, record_file):
    code, out, _ = run(capsys, "replay", str(record_file))
    assert code == 0 and "hashes verified" not in out
    assert out.strip().endswith(shipped_game.state_hash())


def test_replay_of_a_tampered_command_exits_1_naming_it(capsys, record_file):
    rec = json.loads(record_file.read_text())
    rec["commands"][0]["redraw"] = not rec["commands"][0]["redraw"]
    record_file.write_text(json.dumps(rec))
    code, out, err = run(capsys, "replay", str(record_file), "--verify")
    assert code == 1
    assert out == ""
    assert str(record_file) in err and "command 1" in err and "Traceback" not in err


def test_replay_of_an_illegal_command_exits_1_naming_it(capsys, record_file):
    rec = json.loads(record_file.read_text())
    rec["commands"][3]["player"] = 1 - rec["commands"][3]["player"]
    record_file.write_text(json.dumps(rec))
    code, _, err = run(capsys, "replay", str(record_file))
    assert code == 1 and "command 4" in err


def test_replay_of_a_changed_seed_exits_1(capsys, record_file):
    rec = json.loads(record_file.read_text())
    rec["start"]["seed"] += 1
    record_file.write_text(json.dumps(rec))
    code, _, err = run(capsys, "replay", str(record_file), "--verify")
    assert code == 1 and "setup" in err


@pytest.mark.parametrize("text,words", [
    ("{not json", "not valid JSON"),
    ('{"format": "bss-position", "version": 1, "start": {}, "commands": []}', "format"),
    ('{"format": "bss-record", "version": 9, "start": {}, "commands": []}', "version"),
    ('{"format": "bss-record", "version": 1, "start": {}}', "commands"),
])
def test_replay_of_a_malformed_file_exits_2(capsys, tmp_path, text, words):
    path = tmp_path / "bad.json"
    path.write_text(text)
    code, out, err = run(capsys, "replay", str(path), "--verify")
    assert code == 2 and words in err and out == ""


def test_replay_of_a_record_with_a_tampered_deck_exits_2_with_a_message(capsys, record_file):
    """A deck list with a card the database does not have is a bad record like any other:
    exit status 2 and a message, not a traceback."""
    rec = json.loads(record_file.read_text())
    rec["start"]["decks"][1][0] = "NO-SUCH-CARD"
    record_file.write_text(json.dumps(rec))
    code, _, err = run(capsys, "replay", str(record_file), "--verify")
    assert code == 2 and "NO-SUCH-CARD" in err


def test_the_record_file_is_the_records_json(shipped_game, record_file):
    assert json.loads(record_file.read_text()) == json.loads(json.dumps(to_record(shipped_game)))
