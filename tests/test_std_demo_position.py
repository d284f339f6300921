"""Battle Spirits Standard's demo position (assets/positions/demo-standard.yaml): it loads as a StandardGame with
Standard's cards, every state invariant holds, it shows what makes Standard different (a heavy-exhausted spirit, a
spirit at Lv2 by 《Super Unleash》 with the soul core, EX cards in the trash for a 《Succession》 card in hand, a
《Soul Magic》 card, the removed-from-game area), its legal commands offer Succession and Soul Magic, it plays on by
the rules; and the start screen opens it when Standard is the game chosen (Saga's demo when Saga is)."""
from __future__ import annotations

import random

import pytest

from bss_desktop.carddb.database import game_db, load_set_file
from bss_desktop.engine import invariants
from bss_desktop.engine.commands import Summon, UseMagic
from bss_desktop.engine.position import game_from_position, load_position_file, position_from_game
from bss_desktop.resources import assets_dir
from bss_desktop.rules.standard import StandardGame
from bss_desktop.table import get_profile

STD = get_profile("standard")
DEMO = assets_dir() / "positions" / "demo-standard.yaml"


def _demo():
    return load_position_file(DEMO, game_db(STD))


def test_std_the_demo_position_loads_with_standards_cards_and_every_invariant_holds():
    game = _demo()
    assert isinstance(game, StandardGame) and game.profile.id == "standard"
    assert invariants.check(game) == []
    assert game.pending.kind == "main" and game.pending.player == 0 and game.state.turn == 7  # player 1's Main Step
    from pathlib import Path

    standard1 = {c.id for c in load_set_file(Path(__file__).parents[1] / "cards/standard/sets/standard1.yaml", STD)}
    assert {c.cid for c in game.state.cards.values()} <= standard1
    again = game_from_position(position_from_game(game), game_db(STD))  # it writes back as it reads
    assert again.state_hash() == game.state_hash()


def test_std_the_demo_position_shows_standards_own_rules():
    game = _demo()
    st, db = game.state, game.db
    me, them = st.players
    extra = lambda iid: db[st.cards[iid].cid].extra or {}  # noqa: E731
    heavy = [i for i in them.field if st.table.marks.get(i) and st.table.marks[i].turn == "heavy_exhausted"]
    assert heavy and st.cards[heavy[0]].exhausted  # STD 5-16
    unleashed = me.soul  # STD 12-2-1-1: Lv2 with the soul core, below its Lv2 cost
    card = st.cards[unleashed]
    d = db[card.cid]
    assert extra(unleashed).get("super_unleash") == 2 and game.level(unleashed) == 2
    assert card.cores + 1 < d.levels[1].cores
    ex = [i for i in me.trash if extra(i).get("ex_symbol")]  # STD 2-10-3
    assert len(ex) == 2
    assert any(extra(i).get("succession") for i in me.hand) and any(extra(i).get("soul_magic") for i in me.hand)
    assert game.zone_cards(1, "exile")  # STD 4-9
    assert st.step == "main" and "second_main" in game.profile.steps  # (STD 7-8 comes after the attack step)


def test_std_the_demo_positions_legal_commands_offer_succession_and_soul_magic():
    game = _demo()
    st = game.state
    legal = game.legal_commands()
    regent = next(i for i in st.players[0].hand if (game.db[st.cards[i].cid].extra or {}).get("succession"))
    succession = [c for c in legal if isinstance(c, Summon) and c.card == regent]
    assert [len(c.exile) for c in succession] == [0, 1, 2]  # none, one or both EX cards (STD 12-2-1-3)
    assert [sum(n for _, n in c.pay) for c in succession] == [6, 5, 4]
    surge = next(i for i in st.players[0].hand if (game.db[st.cards[i].cid].extra or {}).get("soul_magic"))
    assert UseMagic(0, surge, (), True) in legal  # STD 12-2-1-2-1: the soul core alone
    for cmd in (*succession, UseMagic(0, surge, (), True)):
        trial = game.clone()
        trial.apply(cmd)
        assert invariants.check(trial) == []


@pytest.mark.parametrize("seed", range(6))
def test_std_the_demo_position_plays_on_by_the_rules(seed):
    game = _demo()
    rng = random.Random(seed)
    for _ in range(400):
        if game.over:
            break
        game.apply(rng.choice(game.legal_commands()))
        assert invariants.check(game) == [], seed


# ---------------------------------------------------------------- the start screen


def test_std_the_start_screens_demo_button_opens_standards_demo_position(qtbot, home):
    pytest.importorskip("pytestqt")
    from test_client_ai import _opened, _start

    start = _start(qtbot)
    start.game_box.setCurrentIndex(start.game_box.findData("standard"))  # as a player chooses it
    assert start.demo.isEnabled()
    start.demo.click()
    w = _opened(qtbot, start)
    game = w.model.game
    assert isinstance(game, StandardGame) and game.state_hash() == _demo().state_hash()
    assert w.controller.my_decision() and game.pending.kind == "main"
    w.close()
    start.game_box.setCurrentIndex(start.game_box.findData("bss"))  # Saga's own demo again
    start.demo.click()
    saga = _opened(qtbot, start)
    assert saga.model.game.profile.id == "bss" and not isinstance(saga.model.game, StandardGame)


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("BSS_DESKTOP_HOME", str(tmp_path))
    return tmp_path
