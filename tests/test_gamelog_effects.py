"""The game log's lines for what effects do now: looks only their player reads (CR 12-3-1), cards a search reveals
and cards taken from a look (CR 12-2), why an effect did not activate (CR 8-4-2-4, 8-4-1, 8-3-3), an effect's
cost paid (with the soul core or not), a burst going on to use its magic effect (CR 10-9), and shuffles.
Every event comes from the engine, played from a position."""
from __future__ import annotations

from bss_desktop.engine.commands import Activate, Attack, Choose, ManualLook, UseMagic
from bss_desktop.gamelog import describe
from helpers import position


def game_at(p0: str, p1: str, *, turn: int = 3, step: str = "main"):
    return position(f"""
        turn: {turn}
        turn_player: 0
        step: {step}
        players:
          - {p0}
          - {p1}
    """)


def first(game, p, cid, zone="field"):
    return next(i for i in getattr(game.state.players[p], zone) if game.state.cards[i].cid == cid)


def lines(game, events, viewer) -> list[str]:
    return [t for t in (describe(game, e, viewer) for e in events) if t]


def test_cr_12_3_1_only_the_player_looking_reads_the_cards_of_a_look():
    # Peek: "look at the top 2 cards of your deck, then shuffle that deck. Look at your opponent's hand."
    game = game_at("{life: 5, reserve: 3, hand: [V-PEEK], deck: [T-R1, T-MM, T-W0, T-R3]}",
                   "{life: 5, reserve: 3, hand: [T-B2, T-P3]}")
    events = game.apply(UseMagic(0, first(game, 0, "V-PEEK", "hand")))
    mine, theirs, everyone, hotseat = (lines(game, events, v) for v in (0, 1, None, -1))
    assert "Player 1 looks at 2 cards of their deck: Red Pup, Main Spark (CR 12-3-1)." in mine
    assert "Player 1 looks at Player 2's hand: Blue Guard, Purple Shade (CR 12-3-1)." in mine
    assert "Player 1 looks at 2 cards of their deck (CR 12-3-1)." in theirs
    assert "Player 1 looks at Player 2's hand (CR 12-3-1)." in theirs
    assert everyone == mine  # a replay's all-seeing log
    for hidden in ("Red Pup", "Main Spark", "Blue Guard", "Purple Shade"):
        assert not any(hidden in t for t in theirs + hotseat)  # hot-seat: neither player may be reading
    assert "  Player 1's deck is shuffled." in theirs  # CR 12-3-3


def test_a_look_the_other_seat_was_told_only_by_its_count_names_no_card():
    """A LAN seat that did not look gets the event without cards or ids (protocol/redaction.py)."""
    from bss_desktop.engine.events import Event

    game = game_at("{life: 5}", "{life: 5}")
    e = Event("look", player=1, owner=1, count=3, cards=None)
    assert describe(game, e, 0) == "Player 2 looks at 3 cards of their deck (CR 12-3-1)."


def test_cr_12_2_a_search_reveals_each_card_to_both_players_and_the_card_taken_is_added_to_the_hand():
    # Oracle Pool: "reveal the top 3 cards of your deck, add 1 magic card from among them to your hand"
    game = game_at("{life: 5, reserve: 3, hand: [V-ORACLE], deck: [T-MM, T-R1, T-MF, T-W0]}", "{life: 5}")
    events = game.apply(UseMagic(0, first(game, 0, "V-ORACLE", "hand")))
    events += game.apply(Choose(0, (game.pending.info["options"][1],)))
    theirs = lines(game, events, 1)
    assert [t for t in theirs if "reveals" in t] == [
        "  Player 1 reveals Main Spark from the top of their deck.",
        "  Player 1 reveals Red Pup from the top of their deck.",
        "  Player 1 reveals Flash Ward from the top of their deck."]
    assert "Player 1 adds Flash Ward to their hand." in theirs


def test_cr_12_2_1_a_card_taken_from_a_private_look_is_revealed_to_both():
    # Quiet Scrying: "look at the top 3 cards of your deck, add up to 1 magic card from among them to your hand"
    game = game_at("{life: 5, reserve: 3, hand: [V-SCRY], deck: [T-MM, T-R1, T-MF, T-R3]}", "{life: 5}")
    events = game.apply(UseMagic(0, first(game, 0, "V-SCRY", "hand")))
    events += game.apply(Choose(0, (game.pending.info["options"][0],)))
    theirs = lines(game, events, 1)
    assert "  Player 1 reveals Main Spark (CR 12-2-1)." in theirs
    assert not any("Red Pup" in t or "Flash Ward" in t for t in theirs)  # the rest stays private


def test_cr_8_4_2_4_an_effect_whose_cost_cannot_be_paid_says_so():
    # Toll Rider attacks with 1 core in the reserve: "send 2 cores from your reserve" cannot be paid
    game = game_at("{life: 5, reserve: 1, soul_core: trash, field: [{card: V-TOLL, cores: 1}]}", "{life: 5}",
                   turn=4, step="attack")
    events = game.apply(Attack(0, first(game, 0, "V-TOLL")))
    assert "  The effect of Toll Rider does not activate: its cost cannot be paid (CR 8-4-2-4)." in \
        lines(game, events, None)


def test_cr_8_4_1_an_effect_whose_player_declines_its_cost_says_so():
    game = game_at("{life: 5, reserve: 3, soul_core: trash, field: [{card: V-TOLL, cores: 1}]}", "{life: 5}",
                   turn=4, step="attack")
    game.apply(Attack(0, first(game, 0, "V-TOLL")))
    assert game.pending.info["kind"] == "may"
    events = game.apply(Choose(0, False))
    assert "  The effect of Toll Rider does not activate: its player chose not to pay its cost (CR 8-4-1)." in \
        lines(game, events, 1)


def test_cr_8_3_3_an_effect_whose_condition_fails_as_it_resolves_says_so_and_the_cost_paid_is_named():
    # Soul Assessor: "if the soul core was used to pay the cost, ... draw 2 cards"
    text = ("{life: 5, reserve: 2, soul_core: reserve, field: [V-SOULTAX], deck: [T-R1, T-R3, T-G4]}", "{life: 5}")
    game = game_at(*text)
    game.apply(Activate(0, first(game, 0, "V-SOULTAX"), 0))
    out = lines(game, game.apply(Choose(0, (0,))), 1)
    assert "  pays the cost of Soul Assessor's effect (CR 8-4)." in out
    assert "  The effect of Soul Assessor does not activate: its condition is not met as it resolves (CR 8-3-3)." \
        in out
    game = game_at(*text)
    game.apply(Activate(0, first(game, 0, "V-SOULTAX"), 0))
    out = lines(game, game.apply(Choose(0, (-1,))), 1)
    assert "  pays the cost of Soul Assessor's effect with the soul core (CR 8-4)." in out
    assert not any("does not activate" in t for t in out)


def test_cr_10_9_a_burst_going_on_to_use_its_magic_effect_is_said():
    # Echo Ward: "Burst (after your opponent's attack): exhaust the attacking spirit. Then you may pay this card's
    # cost to use its Flash effect."
    game = game_at("{life: 5, reserve: 3, field: [T-R3], deck: [T-R1, T-R1]}",
                   "{life: 5, reserve: 3, soul_core: trash, burst: V-ECHO, deck: [T-G4, T-G4]}",
                   turn=4, step="attack")
    events = game.apply(Attack(0, first(game, 0, "T-R3")))
    events += game.apply(Choose(1, True))  # the burst activates
    assert game.pending.info["kind"] == "may" and "Echo Ward's Flash effect" in game.pending.info["prompt"]
    events += game.apply(Choose(1, True))
    out = lines(game, events, 0)
    assert "  Player 2's burst Echo Ward uses its magic effect (CR 10-9)." in out
    assert not any(t.startswith("Player 2 uses Echo Ward") for t in out)


def test_cr_12_3_3_a_look_by_hand_that_shuffles_says_the_deck_was_shuffled():
    game = game_at("{life: 5, deck: [T-R1, T-MM, T-W0, T-R3]}", "{life: 5}")
    out = lines(game, game.apply(ManualLook(0, 0, 3, shuffle=True)), 1)
    assert out == ["Player 1 (by hand) looks at 3 card(s) of their deck.", "  Player 1's deck is shuffled."]
