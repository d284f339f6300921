"""CR 5: preparing to play."""
import pytest

from bss_desktop.carddb.errors import DeckListError
from bss_desktop.engine import EndMain, IllegalCommand, Mulligan
from bss_desktop.engine.game import Game
from helpers import deck, new_game, test_db


def test_cr_5_2_3_to_5_2_5_starting_life_reserve_soul_core_and_hand():
    game = new_game()
    for player in game.state.players:
        assert player.life == 5  # CR 5-2-3
        assert player.reserve == 3 and player.soul == "reserve"  # CR 5-2-4
        assert len(player.hand) == 4 and len(player.deck) == 46  # CR 5-2-5
    assert game.state.cores_in_play == 16


def test_cr_5_2_6_first_player_given_or_decided_at_random():
    assert new_game(first_player=1).state.first_player == 1
    chosen = {Game.new(test_db(), [deck(), deck()], seed).state.first_player for seed in range(20)}
    assert chosen == {0, 1}  # random, but seeded
    assert Game.new(test_db(), [deck(), deck()], 7).state.first_player == \
        Game.new(test_db(), [deck(), deck()], 7).state.first_player


def test_cr_5_2_2_shuffle_is_random_per_seed_and_reproducible():
    a, b, c = new_game(seed=1), new_game(seed=1), new_game(seed=2)
    assert a.state_hash() == b.state_hash()
    order = lambda g: [g.state.cards[i].cid for i in g.state.players[0].deck]  # noqa: E731
    assert order(a) != order(c)


def test_cr_5_2_7_mulligan_decided_in_turn_order_starting_with_player_one():
    game = new_game(first_player=1)
    assert game.pending.kind == "mulligan" and game.pending.player == 1
    with pytest.raises(IllegalCommand) as e:
        game.apply(Mulligan(0, False))
    assert e.value.rule == "CR 5-2-7"
    game.apply(Mulligan(1, False))
    assert game.pending.player == 0


def test_cr_5_2_7_keeping_draws_one_more_card():
    game = new_game()
    game.apply(Mulligan(0, False))
    assert len(game.state.players[0].hand) == 5
    assert len(game.state.players[0].deck) == 45


def test_cr_5_2_7_mulligan_returns_hand_to_bottom_draws_four_and_shuffles():
    game = new_game(seed=3)
    p = game.state.players[0]
    old_hand = list(p.hand)
    events = game.apply(Mulligan(0, True))
    assert len(p.hand) == 4 and len(p.deck) == 46
    assert all(game.state.cards[i].zone == "deck" for i in old_hand if i not in p.hand)
    # the four new cards came from the top of the deck, not the returned hand
    drawn = [e["card"] for e in events if e.kind == "draw"]
    assert len(drawn) == 4 and not set(drawn) & set(old_hand)
    assert [e.kind for e in events].count("shuffle") == 1


def test_cr_5_2_7_a_player_mulligans_only_once():
    game = new_game()
    game.apply(Mulligan(0, True))
    game.apply(Mulligan(1, False))
    assert game.pending.kind == "main"  # both decided; player one's turn began
    with pytest.raises(IllegalCommand):
        game.apply(Mulligan(0, True))


def test_cr_5_2_8_player_one_takes_the_first_turn_after_mulligans():
    game = new_game(first_player=1)
    game.apply(Mulligan(1, False))
    game.apply(Mulligan(0, False))
    assert game.state.turn == 1 and game.state.turn_player == 1 and game.pending.kind == "main"
    game.apply(EndMain(1))
    assert game.state.turn_player == 0


def test_cr_5_1_1_1_illegal_decks_are_refused_listing_every_violation():
    bad = ["T-R1"] * 3 + ["T-R1A"] * 2 + deck(40)  # 45 cards; 9 named Red Pup
    with pytest.raises(DeckListError) as e:
        Game.new(test_db(), [deck(), bad], 1)
    text = str(e.value)
    assert "player 2's deck" in text
    assert "45 cards" in text and "CR 5-1-1-1" in text
    assert "Red Pup" in text  # the copy limit counts card names across additional names (CR 5-1-1-1-1)
    assert len(e.value.problems) == 2


def test_cr_5_1_1_1_deck_of_sixty_one_is_illegal_and_sixty_legal():
    sixty = deck(52) + ["T-Y2"] * 4 + ["T-Y3"] * 4
    assert len(sixty) == 60
    Game.new(test_db(), [sixty, deck()], 1)
    with pytest.raises(DeckListError):
        Game.new(test_db(), [sixty + ["T-W0"], deck()], 1)
