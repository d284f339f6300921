"""`bss-desktop arena --ladder` (bss_desktop/ai/ladder.py): every pair of computer levels plays, and an Elo table with
95 % intervals says how strong each is. The fit is checked on hand-made results a player can work out on paper;
one tiny real ladder runs through the command line; the options a player may get wrong are refused in one line."""
from __future__ import annotations

import json
import math
from itertools import combinations

import pytest

from test_cli import run  # cli.main in-process: (exit status, stdout, stderr)
from test_cli_games import STD_DECKS, refused

from bss_desktop.ai import OPPONENTS
from bss_desktop.ai import ladder as ladder_module
from bss_desktop.ai.arena import ArenaResult, GameOutcome, deck_pairs
from bss_desktop.ai.ladder import fit_elo


def elo(fit, level):
    return fit.elo[level]


def interval(fit, level):
    return 2 * 1.959964 * fit.sd(level)


# ---------------------------------------------------------------- the fit

def test_a_level_scoring_three_in_four_is_about_191_elo_above_the_other():
    fit = fit_elo(["a", "b"], {("a", "b"): (300, 400)}, anchor="b")
    assert elo(fit, "b") == 1000
    assert abs(elo(fit, "a") - 1000 - 400 * math.log10(3)) < 2  # 190.8 (the virtual draw pulls it a hair in)
    fit = fit_elo(["a", "b"], {("a", "b"): (100, 400)}, anchor="b")  # the other way round
    assert abs(elo(fit, "a") - 1000 + 190.8) < 2


def test_a_beats_b_and_b_beats_c_puts_them_in_that_order():
    fit = fit_elo(["c", "a", "b"], {("a", "b"): (14, 20), ("c", "b"): (6, 20)}, anchor="c")  # a and c never meet
    assert elo(fit, "a") > elo(fit, "b") > elo(fit, "c") == 1000
    assert 250 < elo(fit, "a") - elo(fit, "c") < 2 * 191  # two steps of 70 %, shrunk a little by the virtual draws


def test_a_clean_sweep_stays_finite_with_a_wide_interval():
    fit = fit_elo(["easy", "normal"], {("easy", "normal"): (0, 40)}, anchor="easy")
    gap = elo(fit, "normal") - 1000
    assert math.isfinite(gap) and 400 < gap < 1500
    assert 200 < interval(fit, "normal") < 2000


def test_the_anchor_holds_and_the_gaps_do_not_move_with_it():
    results = {("easy", "normal"): (5, 40), ("easy", "sensible"): (8, 40), ("normal", "sensible"): (25, 40)}
    by_easy = fit_elo(["easy", "normal", "sensible"], results, anchor="easy")
    by_normal = fit_elo(["easy", "normal", "sensible"], results, anchor="normal", anchor_elo=1500)
    assert elo(by_easy, "easy") == 1000 and by_easy.sd("easy") == 0
    assert elo(by_normal, "normal") == 1500 and by_normal.sd("normal") == 0
    for lv in ("easy", "sensible"):
        assert abs((elo(by_normal, lv) - 1500) - (elo(by_easy, lv) - elo(by_easy, "normal"))) < 1e-6
    assert elo(by_easy, "normal") > elo(by_easy, "sensible") > 1000


def test_the_gap_between_two_levels_is_surer_than_either_rating_against_a_swept_anchor():
    results = {("easy", "normal"): (0, 40), ("easy", "sensible"): (0, 40), ("normal", "sensible"): (24, 40)}
    fit = fit_elo(["easy", "normal", "sensible"], results, anchor="easy")
    gap, sd = fit.gap("normal", "sensible")
    assert abs(gap - (fit.elo["normal"] - fit.elo["sensible"])) < 1e-9 and 0 < gap < 191
    assert sd < fit.sd("normal") / 2 and sd < fit.sd("sensible") / 2  # how far easy lies below is shared by both
    assert abs(sd - math.sqrt(0.6 * 0.4 / 40) / (0.6 * 0.4) / (math.log(10) / 400)) < 30  # about one pair's alone


def test_fewer_games_give_a_wider_interval():
    widths = [interval(fit_elo(["a", "b"], {("a", "b"): (0.75 * n, n)}, anchor="b"), "a") for n in (8, 80, 800)]
    assert widths[0] > widths[1] > widths[2]
    assert 2.5 < widths[1] / widths[2] < 4  # about √10: the interval shrinks as one over the root of the games


# ---------------------------------------------------------------- the command line

def test_a_tiny_ladder_prints_the_table_and_the_pair(capsys):
    code, out, err = run(capsys, "arena", "--ladder", "--levels", "easy,sensible", "--games", "4", "--seed", "2")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].split()[:3] == ["level", "Elo", "95%"]
    rows = {line.split()[0]: line for line in lines[1:3]}
    assert set(rows) == {"easy", "sensible"}
    assert rows["easy"].split()[1] == "1000" and "anchor" in rows["easy"]
    assert any(line.startswith("easy against sensible: ") and "over 4 games" in line for line in lines)
    assert any(line.startswith(("sensible above easy: ", "easy above sensible: ")) for line in lines)
    code, out, err = run(capsys, "arena", "--ladder", "--levels", "easy,sensible", "--games", "4", "--seed", "2",
                         "--json", "--anchor", "sensible")
    d = json.loads(out)
    assert code == 0 and d["anchor"] == "sensible"
    by = {r["level"]: r for r in d["ratings"]}
    assert by["sensible"]["elo"] == 1000 and by["easy"]["games"] == by["sensible"]["games"] == 4
    assert by["easy"]["score"] + by["sensible"]["score"] == 4
    lo, hi = by["easy"]["ci95"]
    assert lo < by["easy"]["elo"] < hi
    assert [(p["a"], p["b"], p["games"]) for p in d["pairs"]] == [("easy", "sensible", 4)]
    assert {d["gaps"][0]["above"], d["gaps"][0]["below"]} == {"easy", "sensible"}


def fake_arena(calls):
    """An arena that plays nothing: A wins the first game of each pair and loses the second."""
    def play(db, a, b, games, seed, pairs, *, jobs=1, progress=None, profile=None):
        calls.append({"a": a, "b": b, "games": games, "seed": seed, "pairs": pairs, "jobs": jobs,
                      "profile": profile})
        r = ArenaResult(a, b)
        for k in range(games):
            r.outcomes.append(GameOutcome(1.0 - k % 2, [0.01], [0.02], 0, 10, 3, k % 2, ("x", "y"), "life"))
            if progress and k % 2:
                progress(r)
        return r
    return play


def test_the_ladder_plays_every_pair_of_the_levels_on_the_arena_decks_and_options(capsys, monkeypatch):
    calls = []
    monkeypatch.setattr(ladder_module, "arena", fake_arena(calls))
    code, out, err = run(capsys, "arena", "--game", "standard", "--ladder", "--games", "6", "--seed", "9",
                         "--jobs", "2", "--progress")
    assert code == 0, err
    assert [(c["a"], c["b"]) for c in calls] == list(combinations(OPPONENTS, 2))  # the default: every level
    assert all(c["games"] == 6 and c["seed"] == 9 and c["jobs"] == 2 for c in calls)
    assert all(c["profile"].id == "standard" for c in calls)
    assert [(x[0], y[0]) for x, y in calls[0]["pairs"]] == deck_pairs(STD_DECKS)
    assert "  6 games: easy 3 points against normal" in err.splitlines()
    table = {line.split()[0]: line.split() for line in out.splitlines()[1:1 + len(OPPONENTS)]}
    assert set(table) == set(OPPONENTS) and all(row[1] == "1000" for row in table.values())  # all even
    calls.clear()
    code, out, _ = run(capsys, "arena", "--ladder", "--levels", "sensible,normal", "--games", "2",
                       "--decks", "red-saga,blue-saga")
    assert code == 0 and [(c["a"], c["b"]) for c in calls] == [("sensible", "normal")]
    assert calls[0]["profile"] is None and [(x[0], y[0]) for x, y in calls[0]["pairs"]] == [("red-saga", "blue-saga")]
    assert "sensible held at 1000" in out  # no easy among the levels: the first one is the anchor


@pytest.mark.parametrize("argv,words", [
    (("--ladder", "--a", "easy"), "--ladder plays every pair of --levels: leave out --a and --b"),
    (("--ladder", "--b", "normal"), "--ladder plays every pair of --levels: leave out --a and --b"),
    (("--ladder", "--levels", "easy,grandmaster"), "--levels: unknown level 'grandmaster'; the levels are easy,"),
    (("--ladder", "--levels", "easy"), "--levels easy: a ladder needs at least two levels"),
    (("--ladder", "--levels", "easy,normal,easy"), "--levels: easy named twice"),
    (("--ladder", "--levels", "easy,,normal"), "--levels: an empty name"),
    (("--ladder", "--levels", ","), "--levels: an empty name"),
    (("--ladder", "--levels", "x" * 100_000), "--levels: unknown level 'xxxxxxxx"),
    (("--ladder", "--levels", "easy,normal", "--anchor", "hard"), "--anchor 'hard': not among the levels played"),
    (("--ladder", "--levels", "easy,normal", "--anchor", "y" * 100_000), "--anchor 'yyyyyyyy"),
    (("--ladder", "--games", "0"), "--games must be at least 1"),
    (("--ladder", "--levels", "easy,normal", "--jobs", "-1"), "--jobs must be at least 1"),
    (("--a", "easy", "--b", "normal", "--levels", "easy,normal"), "--levels and --anchor go with --ladder"),
    (("--a", "easy", "--b", "normal", "--anchor", "easy"), "--levels and --anchor go with --ladder"),
    (("--a", "easy"), "arena: give the two levels, --a LEVEL --b LEVEL (or --ladder)"),
    ((), "arena: give the two levels"),
])
def test_a_wrong_ladder_option_is_refused_in_one_line(capsys, monkeypatch, argv, words):
    monkeypatch.setattr(ladder_module, "arena", fake_arena([]))  # (nothing may be played either way)
    err = refused(capsys, "arena", *argv)
    assert words in err and len(err) < 300, err
