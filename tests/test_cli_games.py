"""`--game` on the commands that play games (bss_desktop/cli.py): simulate, arena and bench engine play Battle Spirits
Standard's shipped decks with its rules module; a game without one, an unknown game, another game's deck or a deck
breaking the chosen game's deck rules is one line on stderr and exit status 2; without --game nothing changes."""
from __future__ import annotations

import json
import re
import shutil

import pytest

from test_cli import run, simulate_json  # cli.main in-process: (exit status, stdout, stderr)

from bss_desktop.ai import arena as arena_module
from bss_desktop.carddb.database import game_db
from bss_desktop.carddb.deck_formats import game_decks
from bss_desktop.command_line import load_deck_pairs, player_db
from bss_desktop.engine import invariants
from bss_desktop.engine.game import Game
from bss_desktop.resources import cards_dir
from bss_desktop.sim import simulate as simulate_module
from bss_desktop.table.profiles import get_profile

STANDARD = get_profile("standard")
STD_DECKS = sorted(game_decks(game_db(STANDARD), STANDARD))
TIMING = ("commands_per_second", "games_per_second")
NAMED = ("umbral-thicket", "vesper-choir")  # two of Standard's shipped decks, named on the command line


def untimed(summary: dict) -> dict:
    return {k: v for k, v in summary.items() if k not in TIMING}


@pytest.fixture
def games_made(monkeypatch):
    """The class of every game the simulator and the benchmark set up (engine.game.Game.new, spied on)."""
    made = []
    real = Game.new

    def new(*args, **kwargs):
        game = real(*args, **kwargs)
        made.append(type(game).__name__)
        return game

    monkeypatch.setattr(Game, "new", new)
    return made


def std_file(tmp_path, name="tidal-archive", edit=None):
    """A copy of a shipped Standard deck as a deck file of the player's, optionally edited."""
    path = tmp_path / f"{name}-copy.txt"
    shutil.copy(cards_dir() / STANDARD.cards.decks / f"{name}.txt", path)
    if edit:
        path.write_text(edit(path.read_text(encoding="utf-8")), encoding="utf-8")
    return path


def refused(capsys, *argv) -> str:
    """The one line a refused command prints on stderr (exit status 2, no traceback, nothing on stdout)."""
    code, out, err = run(capsys, *argv)
    assert code == 2, (out, err)
    assert out == "" and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1, err
    return err.strip()


# ---------------------------------------------------------------- simulate

def test_the_standard_decks_are_there_to_play():
    assert len(STD_DECKS) >= 2  # (the set grows; every test below uses whatever game_decks returns)


def test_simulate_plays_standard_games_with_its_rules_and_decks(capsys, games_made):
    code, out, err = run(capsys, "simulate", "--game", "standard", "--games", "6", "--seed", "1")
    assert code == 0, err
    assert re.fullmatch(r"6 games: player 1 won \d+, player 2 won \d+, \d+ draws; mean \d+\.\d turns; \d+ commands; "
                        r"\d+ commands/s; \d+\.\d games/s; 0 violations", out.strip()), out
    assert set(games_made) == {"StandardGame"}
    data = simulate_json(capsys, "--game", "standard", "--games", "6", "--seed", "1")
    assert data["games"] == 6 and data["violations"] == [] and data["commands"] > 6 * 20
    assert set(data["deck_wins"]) <= set(STD_DECKS) and sum(data["deck_wins"].values()) == sum(data["wins"])


def test_simulate_standard_plays_every_pairing_of_its_shipped_decks(capsys, monkeypatch):
    played = []
    real = simulate_module.play_one

    def play_one(db, decks, seed, **kwargs):
        played.append(tuple(kwargs["deck_names"]))
        assert kwargs["profile"].id == "standard"
        return real(db, decks, seed, **kwargs)

    monkeypatch.setattr(simulate_module, "play_one", play_one)
    n = len(STD_DECKS) * (len(STD_DECKS) - 1)
    simulate_json(capsys, "--game", "standard", "--games", str(n), "--seed", "2", "--no-check")
    assert sorted(played) == sorted((a, b) for a in STD_DECKS for b in STD_DECKS if a != b)


def test_simulate_standard_checks_the_invariants_and_replays_records(capsys, monkeypatch):
    replayed = []
    real_replay = simulate_module.replay

    def replay(record, db, **kwargs):
        replayed.append(record["start"].get("game"))
        return real_replay(record, db, **kwargs)

    monkeypatch.setattr(simulate_module, "replay", replay)
    data = simulate_json(capsys, "--game", "standard", "--games", "51", "--seed", "3", "--no-check")
    assert replayed == []  # --no-check: neither
    data = simulate_json(capsys, "--game", "standard", "--games", "51", "--seed", "3")
    assert replayed == ["standard", "standard"] and data["violations"] == []  # games 0 and 50

    monkeypatch.setattr(simulate_module, "replay", lambda *a, **k: (_ for _ in ()).throw(ValueError("hash 3")))
    code, out, err = run(capsys, "simulate", "--game", "standard", "--games", "2", "--seed", "3")
    assert code == 1 and "replaying the record failed: hash 3" in out and "1 violations" in out

    monkeypatch.setattr(invariants, "check", lambda game: ["bad"] if len(game.history) >= 5 else [])
    code, out, err = run(capsys, "simulate", "--game", "standard", "--games", "2", "--seed", "3")
    assert code == 1 and "after command 5: bad" in out and "command index 5" in err


def test_simulate_standard_with_named_decks_and_a_deck_file(capsys, tmp_path):
    a, b = NAMED
    data = simulate_json(capsys, "--game", "standard", "--games", "4", "--seed", "1", "--decks", f"{a},{b}")
    assert data["games"] == 4 and set(data["deck_wins"]) <= {a, b}
    path = std_file(tmp_path, b)
    data = simulate_json(capsys, "--game", "standard", "--games", "2", "--seed", "1", "--decks", f"{path},{a}")
    assert data["games"] == 2 and data["violations"] == []
    assert set(data["deck_wins"]) <= {"Vesper Choir", a}  # a file plays under its Deck: name


def test_simulate_standard_with_a_computer_level(capsys):
    data = simulate_json(capsys, "--game", "standard", "--games", "2", "--seed", "4", "--policy", "easy,random")
    assert data["games"] == 2 and data["violations"] == []


def test_simulate_without_game_is_battle_spirits_saga_as_before(capsys, games_made):
    plain = simulate_json(capsys, "--games", "6", "--seed", "5")
    saga = simulate_json(capsys, "--game", "bss", "--games", "6", "--seed", "5")
    before = simulate_json(capsys, "--games", "6", "--seed", "5")  # (deterministic)
    assert untimed(plain) == untimed(saga) == untimed(before)
    assert set(games_made) == {"SagaGame"}
    # the same games as the simulator's own Saga path, which knows nothing of --game
    db = player_db()
    direct = simulate_module.simulate(db, load_deck_pairs(db, None), 6, 5).to_dict()
    for key in ("wins", "draws", "commands", "deck_wins", "mean_turns"):
        assert plain[key] == direct[key], key
    standard = simulate_json(capsys, "--game", "standard", "--games", "6", "--seed", "5")
    assert (standard["commands"], standard["deck_wins"]) != (plain["commands"], plain["deck_wins"])
    # the printed summary too, apart from its timing
    lines = [run(capsys, "simulate", *game, "--games", "3", "--seed", "5")[1] for game in ((), ("--game", "bss"))]
    timing = re.compile(r"\d+ commands/s; \d+\.\d games/s")
    assert timing.sub("", lines[0]) == timing.sub("", lines[1])


def test_game_may_come_before_the_command_too(capsys):
    data = json.loads(run(capsys, "--game", "standard", "simulate", "--games", "2", "--seed", "1", "--json")[1])
    assert set(data["deck_wins"]) <= set(STD_DECKS)
    assert "Battle Spirits Eternal has no rules module" in refused(capsys, "--game", "eternal", "simulate")


# ---------------------------------------------------------------- arena

def test_arena_plays_standard_decks(capsys, monkeypatch):
    made = []

    class Spy:
        @staticmethod
        def new(*args, **kwargs):
            game = Game.new(*args, **kwargs)
            made.append(type(game).__name__)
            return game

    monkeypatch.setattr(arena_module, "Game", Spy)
    code, out, err = run(capsys, "arena", "--game", "standard", "--a", "easy", "--b", "easy", "--games", "2",
                         "--seed", "1")
    assert code == 0, err
    lines = out.strip().splitlines()
    assert re.fullmatch(r"easy win rate \d\.\d{3} \(95% CI \d\.\d{3}–\d\.\d{3}\) over 2 games; "
                        r"think median \d+\.\d{3} s, p95 \d+\.\d{3} s; illegal 0", lines[-1]), out
    assert lines[1].startswith("by deck of easy: ") and STD_DECKS[0] in lines[1]
    assert made == ["StandardGame", "StandardGame"]
    code, out, err = run(capsys, "arena", "--game", "standard", "--a", "easy", "--b", "easy", "--games", "2",
                         "--seed", "1", "--decks", f"{STD_DECKS[-1]},{STD_DECKS[-2]}", "--json")
    assert code == 0, err
    assert set(json.loads(out)["by_deck"]) == {STD_DECKS[-1], STD_DECKS[-2]}  # (A plays each seat once)


def test_arena_standard_default_pairings_are_its_shipped_decks(capsys, monkeypatch):
    seen = {}

    def fake_arena(db, a, b, games, seed, pairs, **kwargs):
        seen.update(pairs=pairs, profile=kwargs["profile"], db=db)
        return arena_module.ArenaResult(a, b)

    monkeypatch.setattr(arena_module, "arena", fake_arena)
    run(capsys, "arena", "--game", "standard", "--a", "easy", "--b", "normal", "--games", "2")
    assert seen["profile"].id == "standard" and "STD1-001" in seen["db"]
    assert [(x[0], y[0]) for x, y in seen["pairs"]] == arena_module.deck_pairs(STD_DECKS)
    shipped = game_decks(seen["db"], STANDARD)
    assert all(cards == shipped[name].cards for pair in seen["pairs"] for name, cards in pair)


# ---------------------------------------------------------------- bench engine

def test_bench_engine_measures_standard_with_its_reference_figures(capsys, games_made):
    code, out, err = run(capsys, "bench", "engine", "--game", "standard", "--games", "2", "--runs", "1")
    assert code == 0, err
    assert out.startswith("engine benchmark of Battle Spirits Standard: 1 runs x 2 random games")
    assert re.search(r"complete games: +\d+\.\d games/s", out), out
    assert re.search(r"copy\.deepcopy\(mid-game state\) \d+/s", out), out
    assert re.search(r"legal_commands\(\) \d+/s", out), out
    assert set(games_made) == {"StandardGame"}
    code, out, err = run(capsys, "bench", "engine", "--game", "standard", "--games", "2", "--runs", "1", "--json")
    data = json.loads(out)
    assert code == 0 and data["game"] == "standard"
    for suite in data["suites"].values():
        for key in ("games_per_second", "deepcopy_per_second", "legal_commands_per_second", "clone_per_second"):
            assert suite["median"][key] > 0, key
    code, out, err = run(capsys, "bench", "engine", "--games", "2", "--runs", "1", "--json")
    assert code == 0 and "game" not in json.loads(out) and "vanilla decks" in json.loads(out)["suites"]


def test_bench_client_and_net_take_no_other_game(capsys):
    assert "--game is for bench engine" in refused(capsys, "bench", "client", "--game", "standard")


# ---------------------------------------------------------------- refused

@pytest.mark.parametrize("command", [
    ("simulate", "--games", "1"),
    ("arena", "--a", "easy", "--b", "easy", "--games", "2"),
    ("bench", "engine", "--games", "1", "--runs", "1"),
])
@pytest.mark.parametrize("game,words", [
    ("eternal", "--game eternal: Battle Spirits Eternal has no rules module"),
    ("chess", "--game chess: there is no such game"),
])
def test_a_game_without_rules_or_unknown_is_refused_in_one_line(capsys, command, game, words):
    err = refused(capsys, *command, "--game", game)
    assert words in err and "the games with rules are bss, standard, bos" in err


def test_battle_of_souls_is_played_by_its_rules_module_on_the_command_line(capsys):
    """Its rules mode's module (table.profiles.RULES_APART): simulate, arena and bench play it by its rules."""
    from bss_desktop.cli import main

    assert main(["simulate", "--game", "bos", "--games", "4", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "4 games:" in out and "0 violations" in out and "0 draws" in out


@pytest.mark.parametrize("command", [("simulate", "--games", "1"), ("arena", "--a", "easy", "--b", "easy")])
def test_another_games_deck_is_refused(capsys, tmp_path, command):
    saga_file = tmp_path / "saga.txt"
    shutil.copy(cards_dir() / "decks" / "red-saga.txt", saga_file)
    err = refused(capsys, *command, "--game", "standard", "--decks", f"red-saga,{STD_DECKS[0]}")
    assert err.startswith("unknown deck 'red-saga' for Battle Spirits Standard (a deck of Battle Spirits Saga")
    assert STD_DECKS[0] in err  # the game's own decks listed
    err = refused(capsys, *command, "--game", "standard", "--decks", f"{saga_file},{STD_DECKS[0]}")
    assert err.startswith(f"{saga_file}: a deck of Battle Spirits Saga (--game bss), not of Battle Spirits Standard")
    assert "unknown card 'SG1-" in err
    err = refused(capsys, *command, "--decks", f"{STD_DECKS[0]},red-saga")
    assert err.startswith(f"unknown deck '{STD_DECKS[0]}' (a deck of Battle Spirits Standard: --game standard)")
    std = std_file(tmp_path)
    err = refused(capsys, *command, "--decks", f"{std},red-saga")
    assert err.startswith(f"{std}: a deck of Battle Spirits Standard (--game standard), not of Battle Spirits Saga")


def test_a_deck_file_breaking_the_games_deck_rules_is_refused_naming_the_file_and_rule(capsys, tmp_path):
    def short(text):  # the first ten card lines only: under 40 cards
        kept, n = [], 0
        for line in text.splitlines():
            if re.match(r"\d+x ", line):
                n += 1
                if n > 10:
                    continue
            kept.append(line)
        return "\n".join(kept) + "\n"

    path = std_file(tmp_path, edit=short)
    err = refused(capsys, "simulate", "--game", "standard", "--decks", f"{path},{STD_DECKS[0]}")
    assert err.startswith(f"{path}: breaks Battle Spirits Standard's deck rules: STD 6-1-1: the deck has ")
    assert "it needs at least 40" in err
    four = std_file(tmp_path, edit=lambda t: re.sub(r"^3x ", "4x ", t, count=1, flags=re.M))
    err = refused(capsys, "simulate", "--game", "standard", "--decks", f"{four},{STD_DECKS[0]}")
    assert err.startswith(f"{four}: breaks Battle Spirits Standard's deck rules: STD 6-1-1: 4 cards named ")
    assert "at most 3" in err


def test_unknown_and_missing_decks_of_a_game_are_refused(capsys, tmp_path):
    err = refused(capsys, "simulate", "--game", "standard", "--decks", f"no-such-deck,{STD_DECKS[0]}")
    assert err.startswith("unknown deck 'no-such-deck' for Battle Spirits Standard; its shipped decks: ")
    assert "a deck of" not in err
    missing = tmp_path / "gone.txt"
    err = refused(capsys, "simulate", "--game", "standard", "--decks", f"{missing},{STD_DECKS[0]}")
    assert err == f"{missing}: no such file"
    err = refused(capsys, "simulate", "--game", "standard", "--decks", STD_DECKS[0])
    assert "two decks" in err


def test_the_players_own_decks_of_the_game_play_and_are_checked(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("BSS_DESKTOP_HOME", str(tmp_path / "home"))
    folder = tmp_path / "home" / "data" / "decks" / "standard"
    folder.mkdir(parents=True)
    shutil.copy(std_file(tmp_path), folder / "tides.txt")
    shutil.copy(std_file(tmp_path, edit=lambda t: re.sub(r"^3x ", "4x ", t, count=1, flags=re.M)),
                folder / "greedy.txt")
    data = simulate_json(capsys, "--game", "standard", "--games", "2", "--seed", "1",
                         "--decks", f"my-tides,{STD_DECKS[0]}")
    assert data["games"] == 2 and set(data["deck_wins"]) <= {"my-tides", STD_DECKS[0]}
    err = refused(capsys, "simulate", "--game", "standard", "--decks", f"my-greedy,{STD_DECKS[0]}")
    assert err.startswith("my-greedy: breaks Battle Spirits Standard's deck rules: STD 6-1-1: 4 cards named ")
    err = refused(capsys, "simulate", "--game", "standard", "--decks", f"my-nothing,{STD_DECKS[0]}")
    assert "your decks: my-greedy, my-tides" in err
