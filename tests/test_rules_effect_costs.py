"""Effect costs (CR 8-4, 8-5-2-2), core or soul core (CR 8-5-6), substitution and magic choices (CR 8-5-3, 8-9-2,
10-8-3), and self-destruction by an effect cost across a choice (CR 9-3-2, 10-1-1-1): each from a concrete
position, driven through commands as a player would."""
from __future__ import annotations

import pytest

from bss_desktop.engine import IllegalCommand
from bss_desktop.engine.commands import Activate, Attack, Choose, Summon, UseMagic
from helpers import answer, first, game_at, position


def choice(game):
    pend = game.pending
    assert pend is not None and pend.kind == "choose", pend
    return pend.info


def kinds(events):
    return [e.kind for e in events]


# ---------------------------------------------------------------- a cost from a named place (CR 8-4-2-3, 8-4-2-4)

def test_cr_8_4_2_3_a_reserve_cost_is_not_paid_with_the_cards_own_cores():
    # Tithe Adept: "you may send 2 cores from your reserve to your trash to draw 1 card". One core in the reserve
    # (the soul core is in the trash) and three on the Adept itself: the cost cannot be paid, so it cannot activate
    game = game_at("{life: 5, reserve: 1, trash_cores: 0, soul_core: trash, field: [{card: V-TITHE, cores: 3}]}",
                   "{life: 5, reserve: 3}")
    adept = first(game, 0, "V-TITHE")
    assert not any(isinstance(c, Activate) for c in game.legal_commands())
    before = game.state_hash()
    with pytest.raises(IllegalCommand) as e:
        game.apply(Activate(0, adept, 0))
    assert "CR 8-4-2-3" in str(e.value) and game.state_hash() == before
    assert game.state.cards[adept].cores == 3


def test_cr_8_4_2_4_a_triggered_effect_whose_reserve_cost_cannot_be_paid_does_not_activate():
    # Toll Rider attacks with 1 core in the reserve: its "send 2 cores from your reserve" effect does not activate
    # (its own core is not taken, so it is not self-destroyed); its other "when attacks" effect resolves
    game = game_at("{life: 5, reserve: 1, soul_core: trash, field: [{card: V-TOLL, cores: 1}]}",
                   "{life: 5, reserve: 3}", turn=4, step="attack")
    rider = first(game, 0, "V-TOLL")
    events = game.apply(Attack(0, rider))
    assert ("effect_fizzled" in kinds(events) and game.state.cards[rider].zone == "field"
            and game.state.cards[rider].cores == 1)
    assert game.state.players[0].life == 6 and game.state.players[0].reserve == 1
    assert game.pending.kind == "flash"  # no order question: only one effect activated


def test_cr_8_4_1_a_you_may_to_cost_is_optional_and_asked_before_the_effect_waits():
    # both "when attacks" effects activate at once; the one with a cost asks whether to pay it first (CR 8-5-2-2),
    # before the turn player orders the two (CR 8-5-2-4)
    game = game_at("{life: 5, reserve: 3, soul_core: trash, field: [{card: V-TOLL, cores: 1}]}",
                   "{life: 5, reserve: 3}", turn=4, step="attack")
    rider = first(game, 0, "V-TOLL")
    game.apply(Attack(0, rider))
    info = choice(game)
    assert info["kind"] == "may" and "send 2 cores from your reserve" in info["prompt"]
    hand = len(game.state.players[0].hand)
    events = answer(game, True)
    paid = [e for e in events if e.kind == "cores_moved" and e["reason"] == "pay"]
    assert paid and paid[0]["src"] == "reserve" and paid[0]["count"] == 2  # paid now, while it activates
    assert choice(game)["kind"] == "order"  # then both wait; the turn player picks which resolves first
    answer(game, choice(game)["options"][0])
    assert len(game.state.players[0].hand) == hand + 1 and game.state.players[0].life == 6


def test_cr_8_4_1_declining_the_cost_does_not_activate_the_effect():
    game = game_at("{life: 5, reserve: 3, soul_core: trash, field: [{card: V-TOLL, cores: 1}]}",
                   "{life: 5, reserve: 3}", turn=4, step="attack")
    hand = len(game.state.players[0].hand)
    game.apply(Attack(0, first(game, 0, "V-TOLL")))
    answer(game, False)
    assert game.state.players[0].reserve == 3 and len(game.state.players[0].hand) == hand
    assert game.state.players[0].life == 6 and game.pending.kind == "flash"


def test_cr_8_5_2_2_an_activated_effect_pays_before_it_resolves():
    game = game_at("{life: 5, reserve: 2, soul_core: trash, field: [{card: V-TITHE, cores: 1}], deck: [T-R1, T-R3]}",
                   "{life: 5, reserve: 3}")
    events = game.apply(Activate(0, first(game, 0, "V-TITHE"), 0))
    order = [e.kind for e in events if e.kind in ("cores_moved", "draw")]
    assert order == ["cores_moved", "draw"]


# ---------------------------------------------------------------- the player chooses what a cost takes

def test_cr_8_4_2_the_player_chooses_which_cards_a_discard_cost_discards():
    game = game_at("{life: 5, reserve: 3, field: [V-GLUTTON], hand: [T-R1, T-MM, T-G4], deck: [T-R3]}",
                   "{life: 5, reserve: 3}")
    hand = list(game.state.players[0].hand)
    game.apply(Activate(0, first(game, 0, "V-GLUTTON"), 0))
    info = choice(game)
    assert info["kind"] == "target" and sorted(info["options"]) == sorted(hand) and info["min"] == info["max"] == 2
    answer(game, [hand[0], hand[2]])
    assert game.state.cards[hand[1]].zone == "hand"  # the card the player kept
    assert {game.state.cards[i].zone for i in (hand[0], hand[2])} == {"trash"}


def test_cr_8_4_2_3_a_discard_cost_needs_the_whole_count():
    game = game_at("{life: 5, reserve: 3, field: [V-GLUTTON], hand: [T-R1]}", "{life: 5, reserve: 3}")
    with pytest.raises(IllegalCommand):
        game.apply(Activate(0, first(game, 0, "V-GLUTTON"), 0))


def test_cr_8_4_2_the_player_chooses_which_spirit_an_exhaust_cost_exhausts():
    game = game_at("{life: 5, reserve: 3, field: [V-DRILL, T-R1, T-R3, {card: T-G4, exhausted: true}]}",
                   "{life: 5, reserve: 3}")
    drill, pup, knight, stag = game.state.players[0].field
    game.apply(Activate(0, drill, 0))
    info = choice(game)
    assert info["kind"] == "target" and sorted(info["options"]) == sorted([pup, knight])  # refreshed, not itself
    answer(game, [knight])
    assert game.state.cards[knight].exhausted and not game.state.cards[pup].exhausted


def test_cr_8_5_6_the_player_chooses_core_or_soul_core_to_pay_from_the_reserve():
    game = game_at("{life: 5, reserve: 2, soul_core: reserve, field: [V-SOULTAX], deck: [T-R1, T-R3, T-G4]}",
                   "{life: 5, reserve: 3}")
    p = game.state.players[0]
    hand = len(p.hand)
    game.apply(Activate(0, first(game, 0, "V-SOULTAX"), 0))
    info = choice(game)
    assert info["kind"] == "cores" and info["options"] == [0, -1] and info["counts"] == [2, 1]
    answer(game, [-1])  # the soul core pays
    assert p.soul == "trash" and p.reserve == 2
    # "if the soul core was used to pay the cost": it was, so the effect draws 2
    assert len(p.hand) == hand + 2


def test_cr_8_5_6_paying_with_a_regular_core_keeps_the_soul_core_and_its_condition_fails():
    game = game_at("{life: 5, reserve: 2, soul_core: reserve, field: [V-SOULTAX], deck: [T-R1, T-R3, T-G4]}",
                   "{life: 5, reserve: 3}")
    p = game.state.players[0]
    hand = len(p.hand)
    game.apply(Activate(0, first(game, 0, "V-SOULTAX"), 0))
    before = game.state_hash()
    with pytest.raises(IllegalCommand) as e:
        answer(game, [0, 0])  # one core is asked for, not two
    assert e.value.rule == "CR 8-5-6" and game.state_hash() == before
    events = answer(game, [0])
    assert p.soul == "reserve" and p.reserve == 1 and p.trash_cores == 1
    assert len(p.hand) == hand and "effect_fizzled" in kinds(events)


def test_cr_8_5_6_the_cores_controller_chooses_when_an_effect_removes_an_unnamed_core():
    # Core Leech: "send 1 core from 1 opponent's spirit to its owner's reserve". The spirit holds a core and the
    # soul core: its owner (player 2), not the effect's controller, chooses which goes
    game = game_at("{life: 5, reserve: 3, hand: [V-LEECH]}",
                   "{life: 5, reserve: 3, soul_core: field, field: [{card: T-R3, cores: 1, soul_core: true}]}")
    knight = first(game, 1, "T-R3")
    game.apply(Summon(0, first(game, 0, "V-LEECH", "hand")))
    info = choice(game)
    assert game.pending.player == 1 and info["kind"] == "cores" and info["options"] == [knight, -1]
    answer(game, [-1])
    p1 = game.state.players[1]
    assert p1.soul == "reserve" and game.state.cards[knight].cores == 1 and p1.reserve == 3


# ---------------------------------------------------------------- self-destruction by an effect cost (CR 10-1-1-1)

def test_cr_10_1_1_1_a_cost_that_takes_a_cards_last_core_self_destroys_it_even_after_a_choice():
    # Sacrificial Acolyte: "you may send 1 core from this spirit to its owner's trash to exhaust 1 opponent's
    # spirit". Its only core pays; the target is then chosen (a choice before the checkpoint). It is self-destroyed:
    # no "when destroyed" draw, and the opponent's "when one of your opponent's spirits is destroyed" does not fire
    game = game_at("{life: 5, reserve: 3, field: [{card: V-SACRA, cores: 1}], deck: [T-R1, T-R3]}",
                   "{life: 5, reserve: 3, field: [T-R1, T-R3, E-GLOAT]}")
    acolyte = first(game, 0, "V-SACRA")
    hand = len(game.state.players[0].hand)
    game.apply(Activate(0, acolyte, 0))
    assert choice(game)["kind"] == "target" and game.state.cards[acolyte].zone == "field"
    answer(game, [first(game, 1, "T-R3")])
    card = game.state.cards[acolyte]
    assert card.zone == "trash" and card.removal.kind == "self"
    assert len(game.state.players[0].hand) == hand  # CR 10-1-1-1: no "when destroyed" effect
    assert game.state.players[0].life == 5  # Gloating Imp's trigger did not fire either


# ---------------------------------------------------------------- substitution choices (CR 8-5-3, 8-9-2)

def test_cr_8_9_2_a_substitution_names_the_effect_of_each_option_and_asks_for_its_selection():
    # Shield Warden: "when one of your other spirits would be destroyed, instead exhaust 1 of your other spirits";
    # Shell Mender: "when one of your spirits would be destroyed, instead destroy this nexus". Red Pup would be
    # destroyed: its owner sees both options by their cards, picks the Warden, and chooses which spirit to exhaust
    game = game_at("{life: 5, reserve: 3, hand: [E-SNIPE]}",
                   "{life: 5, reserve: 3, field: [T-R1, V-WARDEN, V-MENDER, T-G4, T-R3]}")
    pup, warden, mender, stag, knight = game.state.players[1].field
    game.apply(Summon(0, first(game, 0, "E-SNIPE", "hand")))
    answer(game, [pup])  # Sniper Hawk destroys a spirit with 3000 BP or less: Red Pup
    info = choice(game)
    assert info["kind"] == "substitute" and sorted(info["sources"]) == sorted([warden, mender])
    answer(game, info["sources"].index(warden))
    info = choice(game)  # the replacement's own selection is the player's (not the first candidates)
    assert info["kind"] == "target" and game.pending.player == 1 and knight in info["options"]
    answer(game, [knight])
    assert game.state.cards[pup].zone == "field" and game.state.cards[knight].exhausted
    assert not game.state.cards[stag].exhausted and game.state.cards[mender].zone == "field"


# ---------------------------------------------------------------- a magic card with several effects (CR 10-8-3)

def test_cr_10_8_3_the_player_selects_which_usable_effect_of_a_magic_card_to_use():
    game = game_at("{life: 5, reserve: 3, hand: [V-VERDICT], deck: [T-R1, T-R3]}",
                   "{life: 5, reserve: 3, field: [T-R1]}")
    verdict = first(game, 0, "V-VERDICT", "hand")
    game.apply(UseMagic(0, verdict))
    info = choice(game)
    assert info["kind"] == "effect" and info["options"] == [0, 1]  # both are main effects
    answer(game, 1)
    assert game.state.cards[first(game, 1, "T-R1")].exhausted
    assert game.state.cards[verdict].zone == "trash" and len(game.state.players[0].hand) == 0


def test_cr_10_8_3_in_a_flash_window_only_the_flash_effect_is_usable():
    game = game_at("{life: 5, reserve: 3, field: [T-R3]}",
                   "{life: 5, reserve: 3, hand: [V-VERDICT], field: [T-R1]}", turn=4, step="attack")
    game.apply(Attack(0, first(game, 0, "T-R3")))
    events = game.apply(UseMagic(1, first(game, 1, "V-VERDICT", "hand")))
    assert game.pending.kind == "flash"  # no question: one usable effect
    assert game.state.cards[first(game, 0, "T-R3")].exhausted and "chose" not in kinds(events)


# ---------------------------------------------------------------- a payment as a substitution's replacement

def shipped_position(text: str):
    from bss_desktop.carddb import load_default_db

    return position(text, db=load_default_db(), filler="SG1-001")


@pytest.mark.parametrize("reserve, saved", [(2, True), (1, False)])
def test_cr_8_9_1_a_substitution_that_pays_from_the_reserve_is_offered_only_when_it_can_be_paid(reserve, saved):
    # Barkshell Tortoise (SG1-098, 3000 BP): "when this spirit would be destroyed by your opponent, instead send 2
    # cores from your reserve to your trash". The opponent's Cindermaw Dragon (SG1-009) destroys it when summoned.
    # The replacement used to move no core at all
    game = shipped_position(f"""
        turn: 3
        turn_player: 0
        players:
          - {{life: 5, reserve: 6, hand: [SG1-009]}}
          - {{life: 5, reserve: {reserve}, soul_core: trash, field: [SG1-098]}}
    """)
    tortoise = game.state.players[1].field[0]
    game.apply(Summon(0, game.state.players[0].hand[0]))
    while game.pending.kind == "choose" and game.pending.info["kind"] == "target":
        answer(game, [tortoise])
    if saved:
        assert choice(game)["kind"] == "substitute"
        answer(game, 0)
        assert game.state.cards[tortoise].zone == "field"
        assert game.state.players[1].reserve == 0 and game.state.players[1].trash_cores == 2
    else:  # one core cannot pay 2: no substitution is offered, it is destroyed
        assert game.state.cards[tortoise].zone == "trash" and game.state.players[1].reserve == 2  # its core came back


# ---------------------------------------------------------------- a burst with a cost (CR 8-5-2-1, 8-5-2-2)

def test_cr_8_5_2_2_a_burst_pays_its_cost_as_it_turns_face_up():
    # Tollgate Ward: "Burst (after your opponent's attack): you may discard 1 card from your hand to return the
    # attacking spirit to its owner's hand". Its owner activates it, then chooses which card to discard
    game = game_at("{life: 5, reserve: 3, field: [T-R3]}",
                   "{life: 5, reserve: 3, hand: [T-R1, T-G4], burst: V-TOLLGATE}", step="attack")
    knight = first(game, 0, "T-R3")
    pup, stag = game.state.players[1].hand
    game.apply(Attack(0, knight))
    assert choice(game)["kind"] == "may"
    answer(game, True)
    info = choice(game)
    assert info["kind"] == "target" and sorted(info["options"]) == sorted([pup, stag])
    answer(game, [stag])
    assert game.state.cards[stag].zone == "trash" and game.state.cards[pup].zone == "hand"
    assert game.state.cards[knight].zone == "hand" and game.state.players[1].burst is None


def test_cr_8_4_2_4_a_burst_whose_cost_cannot_be_paid_is_not_activated_and_stays_set():
    game = game_at("{life: 5, reserve: 3, field: [T-R3]}", "{life: 5, reserve: 3, burst: V-TOLLGATE}",
                   step="attack")
    burst = game.state.players[1].burst
    game.apply(Attack(0, first(game, 0, "T-R3")))
    assert game.pending.kind == "flash" and game.state.players[1].burst == burst


def test_cr_3_8_2_over_a_lan_an_unpayable_burst_is_asked_like_any_other_and_can_only_be_declined():
    from bss_desktop.engine.settings import Ruleset

    game = position("""
        turn: 3
        turn_player: 0
        step: attack
        players:
          - {life: 5, reserve: 3, field: [T-R3]}
          - {life: 5, reserve: 3, burst: V-TOLLGATE}
    """, settings=Ruleset(ask_every_burst_moment=True))
    burst = game.state.players[1].burst
    game.apply(Attack(0, first(game, 0, "T-R3")))
    info = choice(game)
    assert info["kind"] == "may" and info["prompt"] == "activate your burst? (CR 10-9-3)"
    assert game.legal_commands() == [Choose(1, False)]
    with pytest.raises(IllegalCommand) as e:
        answer(game, True)
    assert e.value.rule == "CR 10-9-3"
    answer(game, False)
    assert game.state.players[1].burst == burst
