"""Opening hands of the games without a rules module: each profile's `setup.mulligan` (table/opening.py).

Battle of Souls (../shared/rules/004, Getting Started 5, "Mulligan Rule"; digest §3.2 need 10): a hand with fewer
than 2 Warrior-class fighters may be redrawn, the hand is shown first, twice at most, a player may take the other's
mulligan too, and the first card is drawn only when every player is satisfied. Battle Spirits Standard (digest
§2.3): one mulligan, the hand shuffled in first, no bonus card.
"""
from __future__ import annotations

import pytest
from test_table_sandbox import BOS, DB, SANDBOX
from test_table_sandbox import ids as _ids

from bss_desktop.carddb.database import game_db
from bss_desktop.engine.commands import Mulligan
from bss_desktop.engine.errors import IllegalCommand
from bss_desktop.engine.game import Game
from bss_desktop.protocol.redaction import SeatWindow
from bss_desktop.table import get_profile
from bss_desktop.table.opening import eligible_count, may_redraw

WARRIORS = _ids("fighter", **{"class": "Warrior"})
NO_WARRIORS = _ids("equipment") + _ids("tactic") + _ids("fighter", **{"class": "Elite Warrior"})
ALL_WARRIOR_DECK = (WARRIORS * 4)[:40]  # every hand has 5 Warriors: never eligible
NO_WARRIOR_DECK = (NO_WARRIORS * 4)[:40]  # every hand has none: always eligible


def bos_game(deck0, deck1) -> Game:
    return Game.new(DB, [deck0, deck1], 5, first_player=0, settings=SANDBOX, profile=BOS, validate_decks=False)


def hand_ids(game, p):
    return [game.state.cards[i].cid for i in game.state.players[p].hand]


def refused(game, cmd, field: str, words: str):
    before = game.state.hash()
    with pytest.raises(IllegalCommand) as e:
        game.apply(cmd)
    # the profile's own rule (setup.mulligan.rule), never Battle Spirits Saga's CR 5-2-7
    assert e.value.rule == "BOS Rule Update 2" and words in str(e.value)
    assert game.state.hash() == before


def test_bos_mulligan_rule_counts_warrior_class_fighters_only():
    """BOS Getting Started 5: the test is 'fewer than 2 Warrior class fighters'; an Elite Warrior is another class."""
    elite = _ids("fighter", **{"class": "Elite Warrior"})[0]
    defs = [DB[WARRIORS[0]], DB[elite], DB[elite], DB[NO_WARRIORS[0]], DB[NO_WARRIORS[1]]]
    assert eligible_count(BOS, defs) == 1
    assert may_redraw(BOS, defs, 0, False) is None
    defs[1] = DB[WARRIORS[1]]
    assert "this hand has 2" in may_redraw(BOS, defs, 0, False)
    assert may_redraw(BOS, defs, 0, True) is None  # following the other player's mulligan
    assert "at most 2" in may_redraw(BOS, defs, 2, True)


def test_bos_a_hand_with_two_warriors_may_not_be_redrawn():
    game = bos_game(ALL_WARRIOR_DECK, ALL_WARRIOR_DECK)
    assert game.pending.kind == "mulligan" and game.pending.player == 0
    refused(game, Mulligan(0, True), "eligible", "fewer than 2 Warrior-class fighters in the hand; this hand has 5")
    assert game.legal_commands() == [Mulligan(0, False)]


def test_bos_a_mulligan_shows_the_hand_then_shuffles_it_back_and_draws_5():
    game = bos_game(NO_WARRIOR_DECK, ALL_WARRIOR_DECK)
    old = list(game.state.players[0].hand)
    events = game.apply(Mulligan(0, True))
    reveal = next(e for e in events if e.kind == "manual" and e.data["what"] == "reveal")
    assert reveal.data["cards"] == old
    assert len(game.state.players[0].hand) == 5 and len(game.state.players[0].deck) == 35
    assert game.state.table.mulligans == [1, 0]
    # the other seat is told the hand's cards (it is shown), and then not which 5 came instead
    window = SeatWindow.for_game(bos_game(NO_WARRIOR_DECK, ALL_WARRIOR_DECK), 1)
    told = window.events(events)
    shown = next(e for e in told if e["kind"] == "manual" and e["what"] == "reveal")
    assert sorted(shown["cids"]) == sorted(game.state.cards[i].cid for i in old)
    drawn = [e for e in told if e["kind"] == "draw"]
    assert len(drawn) == 5 and all(e["card"] is None and not e.get("cid") for e in drawn)


def test_bos_at_most_two_mulligans_then_the_hand_is_kept():
    game = bos_game(NO_WARRIOR_DECK, NO_WARRIOR_DECK)
    game.apply(Mulligan(0, True))
    assert game.pending.player == 1  # the other player has a say first (and may follow)
    game.apply(Mulligan(1, False))
    assert game.pending.player == 0
    game.apply(Mulligan(0, True))  # the second: this hand is kept
    assert game.state.table.mulligans[0] == 2 and game.state.table.kept[0]
    assert game.pending.player == 1 and game.state.stage == "mulligan"
    game.apply(Mulligan(1, True))  # player 2 changes their mind after it; player 1 has no mulligan left
    assert game.pending.player == 1  # so player 2 decides again, not player 1
    with pytest.raises(IllegalCommand):
        game.apply(Mulligan(0, True))
    game.apply(Mulligan(1, False))
    assert (game.state.turn, game.state.stage, game.state.turn_player) == (1, "main", 0)
    assert [len(p.hand) for p in game.state.players] == [5, 5]  # no keep bonus in Battle of Souls


def test_bos_a_player_may_take_the_other_players_mulligan_which_counts_toward_their_two():
    """BOS Getting Started 5 NOTE: a player who does not need it may take the opponent's mulligan as well."""
    game = bos_game(NO_WARRIOR_DECK, ALL_WARRIOR_DECK)
    with pytest.raises(IllegalCommand, match="player 1's decision"):  # player 1 decides first
        game.apply(Mulligan(1, True))
    game.apply(Mulligan(0, True))
    assert game.state.table.follow == [False, True]
    game.apply(Mulligan(1, True))  # five Warriors, yet taken after player 1's
    assert game.state.table.mulligans == [1, 1]
    assert game.pending.player == 0
    game.apply(Mulligan(0, False))
    refused(game, Mulligan(1, True), "eligible", "this hand has 5")  # player 1 kept: nothing to follow
    game.apply(Mulligan(1, False))
    assert game.state.stage == "main"


def test_bos_the_first_turn_waits_until_every_player_is_satisfied():
    game = bos_game(NO_WARRIOR_DECK, NO_WARRIOR_DECK)
    game.apply(Mulligan(0, False))
    game.apply(Mulligan(1, True))
    assert game.state.stage == "mulligan" and game.pending.player == 0  # player 1 kept before: asked again
    game.apply(Mulligan(0, False))
    assert game.pending.player == 1
    game.apply(Mulligan(1, False))
    assert (game.state.turn, game.state.stage) == (1, "main")


def test_standard_one_mulligan_shuffled_in_first_and_no_bonus_card():
    """Battle Spirits Standard (digest §2.3): hand 4, no keep bonus, the hand shuffled into the deck before the
    new hand; one mulligan, then the other player decides."""
    std = get_profile("standard")
    db = game_db(std)
    deck = [c.id for c in db.values() if not c.token][:40]
    game = Game.new(db, [deck, deck], 3, first_player=0, settings=SANDBOX, profile=std, validate_decks=False)
    game.apply(Mulligan(0, True))
    assert len(game.state.players[0].hand) == 4 and game.pending.player == 1
    game.apply(Mulligan(1, False))  # kept: no fifth card (player 2 still has 4)
    # the first turn runs to the main step by Standard's rules (its module): player 1 drew in the draw step
    assert (game.state.stage, [len(p.hand) for p in game.state.players]) == ("main", [5, 4])


# ---------------------------------------------------------------- the turn's steps by hand (ManualStep)

def _playing(profile_id: str, seed: int = 3) -> Game:
    prof = get_profile(profile_id)
    db = game_db(prof)
    deck = [c.id for c in db.values() if not c.token][:40]
    game = Game.new(db, [deck, deck], seed, first_player=0, settings=SANDBOX, profile=prof, validate_decks=False)
    while game.state.stage == "mulligan":
        game.apply(Mulligan(game.pending.player, False))
    return game


def walk(game, n: int) -> list[tuple[int, int, str]]:
    from bss_desktop.engine.commands import ManualStep

    out = []
    for _ in range(n):
        game.apply(ManualStep(game.state.turn_player))
        out.append((game.state.turn, game.state.turn_player, game.state.step))
    return out


def step_events(events) -> list[str]:
    return [e.data["step"] for e in events if e.kind == "step"]


def test_standard_steps_include_second_main_and_the_first_turn_skips_core_attack_and_second_main():
    """STD 7-1-1 (digest §2.3): start, core, draw, refresh, main, attack, second main, end; player one's first turn
    skips the core, attack and second main steps (STD 7-3-3, 7-7-2, 7-8-2). Standard's sandbox walks them by its
    rules module's steps (End Main / End Attack), as Saga's does."""
    from bss_desktop.engine.commands import EndAttack, EndMain

    game = _playing("standard")
    assert (game.state.turn, game.state.step) == (1, "main")
    assert step_events(game.apply(EndMain(0))) == ["end", "start", "core", "draw", "refresh", "main"]
    assert (game.state.turn, game.state.turn_player) == (2, 1)
    assert step_events(game.apply(EndMain(1))) == ["attack"]
    assert step_events(game.apply(EndAttack(1))) == ["second_main"]
    assert game.view(1)["step"] == "second_main"
    assert step_events(game.apply(EndMain(1)))[:2] == ["end", "start"]
    assert (game.state.turn, game.state.turn_player, game.state.step) == (3, 0, "main")


def test_bos_steps_jump_by_name_and_a_step_it_lacks_is_refused_naming_the_profile():
    from bss_desktop.engine.commands import ManualStep

    game = _playing("bos")
    assert game.state.step == "draw"  # BOS §Turn Structure
    game.apply(ManualStep(0, "main2"))
    assert game.state.step == "main2"
    before = game.state.hash()
    with pytest.raises(IllegalCommand) as e:
        game.apply(ManualStep(0, "second_main"))
    assert e.value.rule == "bos profile: steps" and "no step 'second_main'" in str(e.value)
    assert game.state.hash() == before


def test_no_step_moves_before_both_players_keep():
    from bss_desktop.engine.commands import ManualStep

    game = bos_game(NO_WARRIOR_DECK, NO_WARRIOR_DECK)
    with pytest.raises(IllegalCommand, match="both players keep"):
        game.apply(ManualStep(0))


def test_a_position_keeps_another_games_step():
    from bss_desktop.engine.commands import EndAttack, EndMain
    from bss_desktop.engine.position import PositionError, game_from_position, position_from_game

    game = _playing("standard")  # a rules module's step: Standard's Second Main Step
    game.apply(EndMain(0))
    game.apply(EndMain(1))
    game.apply(EndAttack(1))
    data = position_from_game(game)
    assert data["step"] == "second_main"
    again = game_from_position(data, game.db, settings=SANDBOX)
    assert (again.state.turn, again.state.turn_player, again.state.step) == (2, 1, "second_main")
    assert game_from_position({k: v for k, v in data.items() if k != "step"}, game.db,
                              settings=SANDBOX).state.step == "main"  # none given: the main step
    with pytest.raises(PositionError) as e:
        game_from_position({**data, "step": "battle"}, game.db, settings=SANDBOX)
    assert e.value.field == "step" and "Battle Spirits Standard" in str(e.value)

    game = _playing("eternal")  # a game without rules: its table's own steps, walked by hand
    walk(game, 2)
    data = position_from_game(game)
    again = game_from_position(data, game.db, settings=SANDBOX)
    assert again.state.step == game.state.step == data["step"] != "main"
    assert game_from_position({k: v for k, v in data.items() if k != "step"}, game.db,
                              settings=SANDBOX).state.step == "start"  # none given: the turn's first step
    with pytest.raises(PositionError) as e:
        game_from_position({**data, "step": "battle"}, game.db, settings=SANDBOX)
    assert e.value.field == "step" and "Eternal" in str(e.value)


# ---------------------------------------------------------------- a pile's order by hand (ManualOrder)

def _order_refused(game, cmd, rule: str, words: str):
    before = game.state.hash()
    with pytest.raises(IllegalCommand) as e:
        game.apply(cmd)
    assert e.value.rule == rule and words in str(e.value)
    assert game.state.hash() == before


def test_standard_removed_from_game_area_is_ordered_by_its_owner_only():
    """STD 4-9 (digest §2.3): the removed-from-game area is public and its owner may reorder it."""
    from bss_desktop.engine.commands import ManualMove, ManualOrder

    game = _playing("standard")
    cards = list(game.state.players[0].hand[:3])
    for iid in cards:
        game.apply(ManualMove(0, iid, "exile"))
    assert game.zone_cards(0, "exile") == cards
    game.apply(ManualOrder(0, 0, "exile", tuple(reversed(cards))))
    assert game.zone_cards(0, "exile") == cards[::-1]
    assert game.view(1)["players"][0]["areas"]["exile"][0]["card"] == cards[2]  # the other player sees the order
    _order_refused(game, ManualOrder(1, 0, "exile", tuple(cards)), "standard profile: zones.exile.reorder",
                   "only its owner")
    _order_refused(game, ManualOrder(0, 0, "exile", tuple(cards[:2])), "STD 4-1-1", "exactly the 3 card(s)")
    _order_refused(game, ManualOrder(0, 0, "exile", (cards[0], cards[0], cards[1])), "STD 4-1-1", "each once")


def test_bos_discard_pile_order_never_changes_and_a_hidden_zone_is_not_reordered():
    """BOS §Discard pile: public, and its order is kept; a hand or deck is nobody's to reorder by this move."""
    from bss_desktop.engine.commands import ManualDeck, ManualOrder

    game = _playing("bos")
    game.apply(ManualDeck(0, 0, "discard", 3))
    pile = list(game.zone_cards(0, "discard"))
    _order_refused(game, ManualOrder(0, 0, "discard", tuple(reversed(pile))), "bos profile: zones.discard.reorder",
                   "may not be changed")
    hand = tuple(game.state.players[0].hand)
    _order_refused(game, ManualOrder(0, 0, "hand", hand[::-1]), "bos profile: zones.hand.reorder",
                   "may not be changed")
    _order_refused(game, ManualOrder(0, 0, "graveyard", hand), "bos profile: zones", "no pile of cards")


def test_cr_3_4_2_either_player_may_reorder_a_trash_in_the_sandbox():
    from helpers import test_db

    from bss_desktop.engine.commands import ManualOrder
    from bss_desktop.engine.position import game_from_position

    db = test_db()
    game = game_from_position({"turn": 3, "turn_player": 0, "players": [
        {"life": 5, "deck": [], "trash": ["T-R1", "T-B2", "T-R3"]}, {"life": 5, "deck": []}]}, db, settings=SANDBOX)
    pile = list(game.state.players[0].trash)
    game.apply(ManualOrder(1, 0, "trash", (pile[2], pile[0], pile[1])))
    assert game.state.players[0].trash == [pile[2], pile[0], pile[1]]


def test_a_random_card_of_a_hand_is_the_generators_and_shown_to_both_seats():
    from bss_desktop.engine.commands import ManualRandomCard

    game = _playing("bos", seed=8)
    again = _playing("bos", seed=8)
    windows = [SeatWindow.for_game(game, s) for s in (0, 1)]
    events = game.apply(ManualRandomCard(0, 1))
    picked = next(e.data for e in events if e.data.get("what") == "reveal")
    assert picked["cards"][0] in game.state.players[1].hand
    assert again.apply(ManualRandomCard(0, 1))[-1].data["cards"] == picked["cards"]  # replays the same
    for seat in (0, 1):  # both seats are told which card it is, and nothing about the rest of the hand
        told = windows[seat].events(events)
        assert [e["cids"] for e in told if e.get("what") == "reveal"] == [picked["cids"]]
        assert next(e for e in told if e.get("what") == "random_card") == {
            "kind": "manual", "player": 0, "what": "random_card", "owner": 1, "count": 5}
    from bss_desktop.engine.commands import ManualMove

    for iid in list(game.state.players[1].hand):
        game.apply(ManualMove(1, iid, "discard"))
    with pytest.raises(IllegalCommand, match="hand is empty"):
        game.apply(ManualRandomCard(0, 1))
