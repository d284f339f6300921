"""Battle of Souls' opening and the end of a battle by the deck (BOS Rule Update 2, §Winning a Battle; rulings 8 and
10 of docs/bos-rulings.md): whole battles from Game.new with the shipped decks, and positions."""
from __future__ import annotations

import pytest
from bos_position import BOS, bos, db, ids, passes, player

from bss_desktop.carddb.deck_formats import game_decks
from bss_desktop.engine.commands import Mulligan, UseCard
from bss_desktop.engine.errors import IllegalCommand
from bss_desktop.engine.game import Game
from bss_desktop.engine.record import replay, to_record


def new_battle(seed: int, first: int = 0):
    decks = game_decks(db(), BOS)
    return Game.new(db(), [decks["iron-legion"].cards, decks["shadow-court"].cards], seed, first_player=first,
                    profile=BOS)


def warriors(game, p: int) -> int:
    return sum(1 for i in game.state.players[p].hand if game.card_def(i).extra.get("class") == "Warrior")


def test_preparing_to_battle_five_cards_each_then_the_mulligan():
    g = new_battle(3)
    assert [len(p.hand) for p in g.state.players] == [5, 5]
    assert g.pending.kind == "mulligan" and g.state.table.trackers == [{"sp": 8000}, {"sp": 8000}]


def test_rule_update_2_ruling_8_only_a_hand_with_fewer_than_two_warriors_may_mulligan():
    for seed in range(40):
        g = new_battle(seed)
        p = g.pending.player
        if warriors(g, p) >= 2:
            before = g.state_hash()
            with pytest.raises(IllegalCommand) as e:
                g.apply(Mulligan(p, True))
            assert "Rule Update 2" in e.value.rule and g.state_hash() == before
            assert Mulligan(p, True) not in g.legal_commands()
            return
    pytest.fail("no seed gave a hand with two Warriors")


def test_rule_update_2_at_most_two_mulligans_then_the_first_turn_draws():
    from bos_position import new_battle as battle_of

    # no Warrior in either deck: every hand may be redrawn, twice at most
    g = battle_of([["T-E1"] * 40, ["T-WL"] * 40], seed=4, first=0)
    p = g.pending.player
    g.apply(Mulligan(p, True))
    if g.pending.player != p:  # the other player has a new say (they could follow): they keep
        g.apply(Mulligan(1 - p, False))
    while g.pending.kind == "mulligan" and g.pending.player == p and g.state.table.mulligans[p] < 2:
        g.apply(Mulligan(p, True))
    assert g.state.table.mulligans[p] == 2
    if g.pending.kind == "mulligan" and g.pending.player == p:
        assert Mulligan(p, True) not in g.legal_commands()
    while g.pending.kind == "mulligan":
        q = g.pending.player
        if q == p:
            before = g.state_hash()
            with pytest.raises(IllegalCommand):
                g.apply(Mulligan(q, True))
            assert g.state_hash() == before
        g.apply(Mulligan(q, False))
    # the first player's turn 1 begins with its draw (no draw is skipped in this game)
    assert g.state.turn == 1 and len(g.state.players[0].hand) == 6 and len(g.state.players[1].hand) == 5


def test_ruling_10_an_effects_draw_from_an_empty_deck_loses():
    # Ashen Herald draws when it goes to the discard pile: with an empty deck, its controller loses
    from bss_desktop.engine.commands import Deploy

    g = bos(player(hand=["T-E1"], fighter=[{"card": "T-GRAVE", "counters": {"kill": 3}}], deck=[]))
    g.apply(Deploy(0, ids(g, 0, "hand")[0], tuple(ids(g, 0, "fighter"))))
    passes(g)
    assert g.over and g.result.winner == 1 and "cannot draw" in g.result.reason


def test_a_battle_replays_from_its_record_with_every_hash():
    from bss_desktop.sim.policy import RandomPolicy

    g = new_battle(11)
    pol = RandomPolicy(11)
    while not g.over:
        g.apply(pol.choose(g))
    rec = to_record(g)
    assert rec["start"]["rules"] == "bos" and rec["start"]["game"] == "bos"
    again = replay(rec, db())
    assert again.state_hash() == g.state_hash() and again.result.winner == g.result.winner


def test_a_record_naming_no_such_rules_module_is_refused():
    from bss_desktop.engine.record import RecordError

    from bss_desktop.sim.policy import RandomPolicy

    g = new_battle(12)
    for _ in range(20):
        g.apply(RandomPolicy(12).choose(g))
    rec = to_record(g)
    rec["start"]["rules"] = "souls"
    with pytest.raises(RecordError) as e:
        replay(rec, db())
    assert "start.rules" in str(e.value)


def test_use_card_of_a_card_in_the_opponents_zone_is_refused():
    g = bos(player(), player(tactic=["T-TC-DMG"]))
    t = ids(g, 1, "tactic")[0]
    with pytest.raises(IllegalCommand) as e:
        g.apply(UseCard(0, t))
    assert "not yours" in str(e.value)


def test_ruling_10_the_setting_reads_it_the_other_way_an_effects_draw_from_an_empty_deck_draws_nothing():
    from bos_position import BOS, CARDS, db

    from bss_desktop.engine.commands import Deploy
    from bss_desktop.engine.position import game_from_position
    from bss_desktop.engine.settings import Ruleset

    data = {"format": "bss-position", "game": "bos", "turn": 3, "turn_player": 0, "step": "main1", "cards": CARDS,
            "players": [player(hand=["T-E1"], fighter=[{"card": "T-GRAVE", "counters": {"kill": 3}}], deck=[]),
                        player()]}
    g = game_from_position(data, db(), profile=BOS, settings=Ruleset(bos_phase_draw_only=True))
    g.apply(Deploy(0, ids(g, 0, "hand")[0], tuple(ids(g, 0, "fighter"))))
    passes(g)
    assert not g.over and g.pending.kind == "main"
    assert Ruleset(bos_phase_draw_only=True).to_dict()["bos_phase_draw_only"] is True
    assert "bos_phase_draw_only" not in Ruleset().to_dict()  # (other games' files stay as they were)


def test_the_settings_dialog_offers_ruling_10s_other_reading(qtbot, tmp_path, monkeypatch):
    from bss_desktop.client.windows.settings import AppSettings, SettingsDialog

    monkeypatch.setenv("BSS_DESKTOP_HOME", str(tmp_path))
    s = AppSettings()
    dialog = SettingsDialog(s)
    qtbot.addWidget(dialog)
    dialog.bos_phase_draw_only.click()  # the box's own signal, then OK
    dialog.ok_button.click()
    assert s.bos_phase_draw_only and s.ruleset().bos_phase_draw_only
    assert AppSettings.load().bos_phase_draw_only  # kept
