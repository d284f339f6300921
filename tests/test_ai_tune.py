"""The evaluation tuned from self-play outcomes (bss_desktop/ai/tune.py, `bss-desktop tune-eval`): the fit finds
weights that generated the results, a life more is never worth less (CR 1-2-1-1-1), a position scores the same
for one seat as minus the other's, and the command refuses what it cannot use."""
import json
import math
import random

import pytest

from bss_desktop.ai import make_player
from bss_desktop.ai.evaluate import LINEAR, WEIGHTS, evaluate, features, score
from bss_desktop.ai.tune import SCALE_LOGIT, Position, fit
from bss_desktop.cli import main
from bss_desktop.engine.game import Game


def synthetic(truth: dict, n: int, seed: int, threat: float = 0.25) -> list[Position]:
    """Positions with random features whose results are drawn from sigmoid(score(truth) / SCALE_LOGIT)."""
    rnd = random.Random(seed)
    out = []
    for i in range(n):
        f = {k: rnd.randint(-3, 3) for k in LINEAR}
        f["bp"] = rnd.randint(-12000, 12000)
        f["lethal"] = rnd.choice((-1, 0, 0, 0, 1))
        mine, theirs = rnd.randint(1, 5), rnd.randint(1, 5)
        f["life"] = [(k == mine) - (k == theirs) for k in range(11)]
        f["life_over"] = 0
        f["hit"], f["hit_over"] = [0] * 11, 0
        p = 1 / (1 + math.exp(-score(f, {**truth, "threat": threat}) / SCALE_LOGIT))
        out.append(Position(f, 1.0 if rnd.random() < p else 0.0, i // 10))
    return out


def test_the_fit_recovers_the_weights_that_made_the_results():
    truth = dict(WEIGHTS, spirit=250.0, hand=-60.0, bp=0.05, reserve=150.0,
                 life=(0, 300, 900, 1000, 1500, 1600, 1700, 1800, 1900, 2000, 2100))
    found = fit(synthetic(truth, 8000, 1), threats=(0.25,), l2=1e-4).weights
    for k in ("spirit", "hand", "reserve", "bp"):  # each far from the hand-written value the fit is pulled towards
        assert abs(found[k] - truth[k]) < 0.15 * abs(truth[k] - WEIGHTS[k]), (k, found[k], truth[k])
    steps = [found["life"][k] - found["life"][k - 1] for k in range(2, 6)]
    assert steps[0] > 2 * steps[1] and steps[2] > 2 * steps[1]  # 1->2 and 3->4 are the big steps, as made


def test_the_fitted_life_table_never_falls_even_when_the_games_say_so():
    truth = dict(WEIGHTS, life=(0, 1000, 1800, 600, 1900, 2000, 2100, 2200, 2300, 2400, 2500))  # 3 lives "worse"
    found = fit(synthetic(truth, 3000, 2), threats=(0.25,), l2=1e-4).weights["life"]
    assert all(b >= a for a, b in zip(found, found[1:])), found
    assert found[3] == found[2]  # the fall is fitted as no step at all


def test_the_shipped_life_table_increases():
    table = WEIGHTS["life"]
    assert all(b > a for a, b in zip(table, table[1:]))


def positions_of_a_real_game():
    from bss_desktop.carddb.player_db import player_decks
    from bss_desktop.cli import player_db

    db = player_db()
    decks, _ = player_decks(db)
    game = Game.new(db, [decks["red-saga"].cards, decks["green-saga"].cards], 11, record_hashes=False)
    players = [make_player("sensible", s, 11) for s in (0, 1)]
    while not game.over:
        if game.state.turn >= 2 and game.pending.kind in ("main", "attack", "block"):
            yield game
        game.apply(players[game.pending.player].choose(game))


def test_features_of_a_real_position_are_one_seats_minus_the_others():
    seen = 0
    for game in positions_of_a_real_game():
        f0, f1 = features(game, 0), features(game, 1)
        for k, v in f0.items():
            assert (v == [-x for x in f1[k]]) if isinstance(v, list) else v == -f1[k], k
        assert evaluate(game, 0) == pytest.approx(-evaluate(game, 1))
        seen += 1
    assert seen > 5


def test_tune_eval_writes_weights_that_evaluate_reads(capsys, tmp_path):
    out = tmp_path / "weights.json"
    assert main(["tune-eval", "--games", "4", "--seed", "3", "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert "hand-written weights: held-out log-loss" in text and "fitted weights: held-out log-loss" in text
    data = json.loads(out.read_text())
    w = data["weights"]
    assert set(w) == set(WEIGHTS) and len(w["life"]) == len(WEIGHTS["life"])
    assert all(b >= a for a, b in zip(w["life"], w["life"][1:]))
    game = next(positions_of_a_real_game())
    assert math.isfinite(evaluate(game, 0, w))


@pytest.mark.parametrize("args,words", [
    (["--games", "0"], "--games must be at least 1"),
    (["--games", "-5"], "--games must be at least 1"),
    (["--out", "{tmp}/no-such-folder/w.json"], "--out"),
    (["--out", "{tmp}"], "--out"),
    (["--out", ""], "--out"),
])
def test_tune_eval_refuses_what_it_cannot_use(capsys, tmp_path, args, words):
    argv = ["tune-eval", "--games", "2", "--out", str(tmp_path / "w.json")]
    argv += [a.replace("{tmp}", str(tmp_path)) for a in args]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "w.json").exists()
