"""The effect vocabulary, part 2: moving cards between zones (trash, deck, hand, field; "without paying its cost",
CR 10-6-1), searching with an exact count or "up to" (CR 8-5-3), and looking at private cards (CR 12-3): only the
effect's controller sees them, then the deck is shuffled unless the text says otherwise."""
from __future__ import annotations

import pytest

from bss_desktop.engine import IllegalCommand
from bss_desktop.engine.commands import ManualLook, Summon, UseMagic
from bss_desktop.engine.settings import Ruleset
from helpers import answer, cids, first, game_at


# ---------------------------------------------------------------- trash -> hand, deck top, deck bottom

def test_moves_from_the_trash_to_the_hand_the_deck_top_and_the_opponents_deck_bottom():
    # Grave Digger: "return 1 magic card in your trash to its owner's hand. Put 1 card in your trash on top of its
    # owner's deck. Put 1 card in your opponent's trash on the bottom of its owner's deck."
    game = game_at("{life: 5, reserve: 3, hand: [V-DIGGER], trash: [T-MM, T-R3], deck: [T-W0, T-W0]}",
                   "{life: 5, reserve: 3, trash: [T-G4], deck: [T-W0, T-W0]}")
    spark, knight = game.state.players[0].trash
    stag = game.state.players[1].trash[0]
    game.apply(Summon(0, first(game, 0, "V-DIGGER", "hand")))
    p0, p1 = game.state.players
    assert game.state.cards[spark].zone == "hand"  # the only magic card: no choice
    assert p0.deck[-1] == knight  # the top of the deck is the last element
    assert p1.deck[0] == stag and game.state.cards[stag].zone == "deck"  # the bottom


def test_a_summon_from_the_trash_without_paying_its_cost_takes_its_lv1_cores_from_the_void():
    # Raise the Fallen: "summon 1 spirit card with cost 3 or less from your trash without paying its cost, with its
    # LV1 cores from the void" — Green Stag (cost 4) is not a candidate; the player picks between the other two
    game = game_at("{life: 5, reserve: 0, soul_core: trash, hand: [V-RAISE], trash: [T-B2, T-G4, T-R3]}",
                   "{life: 5, reserve: 3, field: [E-WATCH]}")
    guard, stag, knight = game.state.players[0].trash
    game.apply(UseMagic(0, first(game, 0, "V-RAISE", "hand")))
    info = game.pending.info
    assert info["kind"] == "target" and sorted(info["options"]) == sorted([guard, knight])
    events = answer(game, [guard])
    card = game.state.cards[guard]
    # Blue Guard needs 2 cores at LV1: both from the void (the reserve was empty)
    assert any(e.kind == "cores_moved" and e["src"] == "void" and e["dst"] == guard and e["count"] == 2
               for e in events)
    # it was summoned: the opponent's Watchtower ("when your opponent summons a spirit, put it on the bottom of its
    # owner's deck") triggered on it, and its cores went to its owner's reserve (CR 3-5-5)
    assert card.zone == "deck" and game.state.players[0].deck[0] == guard and game.state.players[0].reserve == 2


def test_a_free_summon_from_the_hand_with_cores_from_a_reserve_too_small_does_not_happen():
    # Call to Arms: "summon up to 1 spirit card from your hand without paying its cost, with its LV1 cores from your
    # reserve" — Blue Guard needs 2 and the reserve holds 1: it stays in the hand (ruling 9)
    game = game_at("{life: 5, reserve: 1, soul_core: trash, hand: [V-CALL, T-B2]}", "{life: 5, reserve: 3}")
    guard = first(game, 0, "T-B2", "hand")
    game.apply(UseMagic(0, first(game, 0, "V-CALL", "hand")))
    answer(game, [guard])
    assert game.state.cards[guard].zone == "hand" and game.state.players[0].reserve == 1


def test_a_free_summon_from_the_hand_pays_nothing_and_places_from_the_reserve():
    game = game_at("{life: 5, reserve: 3, soul_core: trash, hand: [V-CALL, T-G4]}", "{life: 5, reserve: 3}")
    stag = first(game, 0, "T-G4", "hand")
    game.apply(UseMagic(0, first(game, 0, "V-CALL", "hand")))
    assert game.pending.info["min"] == 0  # "up to 1" from a private hand: the player may take none (CR 8-5-3-2)
    answer(game, [stag])
    p0 = game.state.players[0]
    assert game.state.cards[stag].zone == "field" and game.state.cards[stag].cores == 1
    assert p0.reserve == 2 and p0.trash_cores == 0  # its cost of 4 was not paid


def test_deck_to_field_summons_a_revealed_spirit_without_paying_and_trashes_the_rest():
    # Deep Summons: "reveal the top 3 cards of your deck, summon 1 spirit card from among them without paying the
    # cost ... and put the rest in your trash" — exactly 1: revealed cards are public, so it must be taken
    game = game_at("{life: 5, reserve: 3, hand: [V-DEEP], deck: [T-MM, T-R3, T-G4, T-W0]}", "{life: 5, reserve: 3}")
    game.apply(UseMagic(0, first(game, 0, "V-DEEP", "hand")))
    info = game.pending.info
    assert info["kind"] == "target" and info["min"] == info["max"] == 1 and cids(game, info["options"]) == ["T-R3", "T-G4"]
    before = game.state_hash()
    with pytest.raises(IllegalCommand):
        answer(game, [])
    assert game.state_hash() == before
    answer(game, [info["options"][1]])
    p0 = game.state.players[0]
    assert cids(game, p0.field) == ["T-G4"] and sorted(cids(game, p0.trash)) == sorted(["T-MM", "T-R3", "V-DEEP"])
    assert cids(game, p0.deck) == ["T-W0"]


def test_cr_8_5_3_1_an_exact_search_of_revealed_cards_takes_the_only_match_without_asking():
    # Oracle Pool: "reveal the top 3 cards, add 1 magic card from among them to your hand, the rest on the bottom"
    game = game_at("{life: 5, reserve: 3, hand: [V-ORACLE], deck: [T-R1, T-MM, T-W0, T-R3]}", "{life: 5, reserve: 3}")
    events = game.apply(UseMagic(0, first(game, 0, "V-ORACLE", "hand")))
    assert cids(game, game.state.players[0].hand) == ["T-MM"]
    assert [e["cid"] for e in events if e.kind == "reveal" and e.get("why") == "search"] == ["T-R1", "T-MM", "T-W0"]
    # the rest goes "on the bottom of your deck in any order": its controller orders the two left (CR 12-3-3)
    info = game.pending.info
    assert info["kind"] == "target" and info["min"] == info["max"] == 1 and cids(game, info["options"]) == ["T-R1",
                                                                                                          "T-W0"]
    answer(game, [first(game, 0, "T-W0", "deck")])
    assert cids(game, game.state.players[0].deck) == ["T-R1", "T-W0", "T-R3"]  # bottom first: T-R1 went last


def test_the_rest_of_a_search_goes_back_on_top_in_the_same_order_when_the_text_says_so():
    # Stack the Deck: "reveal the top 3 cards, add 1 magic card among them to your hand and return the rest to the
    # top of your deck in the same order" (CR 12-3-3: the text says where they go, so no shuffle)
    game = game_at("{life: 5, reserve: 3, hand: [V-STACK], deck: [T-R1, T-MM, T-W0, T-R3, T-G4]}",
                   "{life: 5, reserve: 3}")
    events = game.apply(UseMagic(0, first(game, 0, "V-STACK", "hand")))
    assert "shuffle" not in [e.kind for e in events]
    assert cids(game, game.state.players[0].deck[::-1]) == ["T-R1", "T-W0", "T-R3", "T-G4"]  # top first


# ---------------------------------------------------------------- looking (CR 12-3)

def test_cr_12_3_1_a_look_shows_the_cards_only_to_its_controller_then_the_deck_is_shuffled():
    # Peek: "look at the top 2 cards of your deck, then shuffle that deck. Look at your opponent's hand."
    game = game_at("{life: 5, reserve: 3, hand: [V-PEEK], deck: [T-R1, T-MM, T-W0, T-R3, T-G4, T-Y2]}",
                   "{life: 5, reserve: 3, hand: [T-B2, T-P3]}")
    events = game.apply(UseMagic(0, first(game, 0, "V-PEEK", "hand")))
    looks = [e for e in events if e.kind == "look"]
    assert [(e["player"], e["owner"], e["cids"]) for e in looks] == [
        (0, 0, ["T-R1", "T-MM"]), (0, 1, ["T-B2", "T-P3"])]
    kinds = [e.kind for e in events]
    assert kinds.index("shuffle") > kinds.index("look")  # CR 12-3-3: returned, then shuffled
    assert not any(e.kind in ("reveal", "card_moved") and e.get("src") == "deck" for e in events)  # CR 12-3-2


def test_cr_12_3_1_a_lan_opponent_learns_how_many_cards_were_looked_at_not_which():
    from bss_desktop.protocol.redaction import SeatWindow

    game = game_at("{life: 5, reserve: 3, hand: [V-PEEK], deck: [T-R1, T-MM, T-W0, T-R3, T-G4, T-Y2]}",
                   "{life: 5, reserve: 3, hand: [T-B2, T-P3]}")
    windows = [SeatWindow.for_game(game, seat) for seat in (0, 1)]
    events = game.apply(UseMagic(0, first(game, 0, "V-PEEK", "hand")))
    mine, theirs = (w.events(events) for w in windows)
    assert [e["cids"] for e in mine if e["kind"] == "look"] == [["T-R1", "T-MM"], ["T-B2", "T-P3"]]
    other = [e for e in theirs if e["kind"] == "look"]
    assert [e["count"] for e in other] == [2, 2] and all(e["cards"] is None and "cids" not in e for e in other)


def test_cr_8_5_3_5_looking_privately_the_player_may_take_nothing_then_the_rest_is_shuffled_in():
    # Quiet Scrying: "look at the top 3 cards, add up to 1 magic card from among them to your hand and shuffle
    # the rest into your deck"
    game = game_at("{life: 5, reserve: 3, hand: [V-SCRY], deck: [T-MM, T-R1, T-W0, T-R3]}", "{life: 5, reserve: 3}")
    events = game.apply(UseMagic(0, first(game, 0, "V-SCRY", "hand")))
    assert [e for e in events if e.kind == "look"][0]["cids"] == ["T-MM", "T-R1", "T-W0"]
    assert not [e for e in events if e.kind == "reveal" and e.get("why")]  # nothing is shown to the opponent
    info = game.pending.info
    assert info["min"] == 0 and info["max"] == 1
    events = answer(game, [])
    assert "shuffle" in [e.kind for e in events] and len(game.state.players[0].deck) == 4


def test_cr_12_2_1_a_card_taken_from_a_private_look_is_revealed():
    game = game_at("{life: 5, reserve: 3, hand: [V-SCRY], deck: [T-MM, T-R1, T-W0, T-R3]}", "{life: 5, reserve: 3}")
    game.apply(UseMagic(0, first(game, 0, "V-SCRY", "hand")))
    spark = game.pending.info["options"][0]
    events = answer(game, [spark])
    assert [e["cid"] for e in events if e.kind == "reveal"] == ["T-MM"]
    assert game.state.cards[spark].zone == "hand"


def test_cr_12_3_3_manual_look_shuffles_when_asked_and_keeps_the_order_when_the_text_says_so():
    deck = "[T-R1, T-MM, T-W0, T-R3, T-G4, T-Y2, T-B2, T-P3]"
    game = game_at(f"{{life: 5, reserve: 3, deck: {deck}}}", "{life: 5, reserve: 3}")
    order = list(game.state.players[0].deck)
    events = game.apply(ManualLook(0, 0, 3))
    assert list(game.state.players[0].deck) == order and "shuffle" not in [e.kind for e in events]
    events = game.apply(ManualLook(0, 0, 3, shuffle=True))
    assert "shuffle" in [e.kind for e in events] and sorted(game.state.players[0].deck) == sorted(order)


def test_cr_12_3_3_a_sandbox_look_may_shuffle_the_other_players_deck():
    game = game_at("{life: 5, reserve: 3}", "{life: 5, reserve: 3, deck: [T-R1, T-MM, T-W0, T-R3]}",
                   settings=Ruleset(sandbox=True))
    events = game.apply(ManualLook(0, 1, 2, shuffle=True))
    assert [e["player"] for e in events if e.kind == "shuffle"] == [1]
