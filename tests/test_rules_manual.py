"""Manual moves on decks (resolving text by hand, and the sandbox): taking unseen cards and looking (CR 3-2-2)."""
from __future__ import annotations

import pytest
from helpers import new_game

from bss_desktop.engine import IllegalCommand
from bss_desktop.engine.commands import ManualDeck, ManualLook, Mulligan
from bss_desktop.engine.settings import Ruleset
from bss_desktop.gamelog import describe


def _main_game(**kw):
    game = new_game(first_player=0, **kw)
    game.apply(Mulligan(0, False))
    game.apply(Mulligan(1, False))
    return game


def test_cr_4_5_3_taking_cards_unseen_to_the_hand_draws_them_one_at_a_time():
    game = _main_game()
    deck = game.state.players[0].deck
    top_two = deck[-2:][::-1]
    events = game.apply(ManualDeck(0, 0, "hand", 2))
    assert [e["card"] for e in events if e.kind == "draw"] == top_two
    assert game.state.players[0].hand[-2:] == top_two
    assert describe(game, events[0], 1) == "Player 1 (by hand) draws 2 card(s) from their deck."


def test_taking_cards_unseen_to_the_trash_mills_them_from_the_top():
    game = _main_game()
    top = game.state.players[0].deck[-1]
    game.apply(ManualDeck(0, 0, "trash", 1))
    assert game.state.players[0].trash[-1] == top


@pytest.mark.parametrize("cmd, rule", [
    (ManualDeck(0, 0, "field", 1), "CR 3-2-2"),  # unseen cards go to the hand or the trash only
    (ManualDeck(0, 0, "hand", 0), "CR 1-3-5"),
    (ManualDeck(0, 0, "hand", 99), "CR 1-3-5"),
    (ManualDeck(0, 5, "hand", 1), "CR 1-1-1"),
    (ManualLook(0, 1, 3), "CR 3-2-2"),  # in a game, only your own deck
    (ManualLook(0, 0, -1), "CR 1-3-5"),
])
def test_bad_manual_deck_moves_name_the_rule_and_change_nothing(cmd, rule):
    game = _main_game()
    before = game.state_hash()
    with pytest.raises(IllegalCommand) as e:
        game.apply(cmd)
    assert e.value.rule == rule
    assert game.state_hash() == before


def test_cr_3_2_2_looking_at_your_own_deck_shows_the_top_cards_top_first_and_moves_nothing():
    game = _main_game()
    before = list(game.state.players[0].deck)
    events = game.apply(ManualLook(0, 0, 3))
    look = events[0]
    assert look["what"] == "look" and look["cards"] == before[::-1][:3] and look["count"] == 3
    assert look["cids"] == [game.state.cards[i].cid for i in look["cards"]]
    assert game.state.players[0].deck == before
    assert describe(game, look, 0) == "Player 1 (by hand) looks at 3 card(s) of their deck."


def test_in_the_sandbox_either_player_may_look_at_any_deck():
    game = new_game(first_player=0, settings=Ruleset(sandbox=True))
    events = game.apply(ManualLook(1, 0, 0))
    assert events[0]["count"] == len(game.state.players[0].deck)
