"""CR 6-6 main step actions; CR 2-7/2-8/10-6…10-8 costs; CR 9-3 LV1 cores; CR 10-1-1-1 self-destruction."""
import pytest

from bss_desktop.engine import (CoreMove, IllegalCommand, MoveCores, PlaceNexus, Ruleset, SetBurst, Summon,
                                UseMagic)
from helpers import hand_iid, position


def main_pos(hand, field=(), reserve=4, soul="reserve", opp_field=(), trash_cores=0, burst=None, settings=None,
             burst_set_this_turn=False):
    fields = "\n".join(f"              - {f}" for f in field) or "              []"
    text = f"""
        turn: 3
        turn_player: 0
        players:
          - life: 5
            reserve: {reserve}
            trash_cores: {trash_cores}
            soul_core: {soul}
            hand: {list(hand)}
            burst: {burst if burst else 'null'}
            burst_set_this_turn: {str(burst_set_this_turn).lower()}
            field:
{fields}
          - life: 5
            field: {list(opp_field)}
    """
    return position(text, settings=settings)


# ---------------------------------------------------------------- cost reduction (CR 2-7-3, 10-6-5)

def test_cr_2_7_3_reduction_is_limited_by_the_cards_reduction_symbols():
    # Red Knight: cost 3, two red reduction symbols; three red symbols on the field reduce it by two
    game = main_pos(["T-R3"], field=["{card: T-R1}", "{card: T-R1}", "{card: T-R1}"])
    assert game.cost_of(hand_iid(game, 0, "T-R3")) == 1


def test_cr_2_7_3_reduction_matches_symbols_to_reduction_colours_one_to_one():
    # Red Titan: cost 5, reduction red red white; field: three red symbols, one purple -> reduce 2
    game = main_pos(["T-R5"], field=["{card: T-R1}", "{card: T-R1}", "{card: T-R1}", "{card: T-P3}"])
    assert game.cost_of(hand_iid(game, 0, "T-R5")) == 3


def test_cr_2_7_3_exhausted_cards_symbols_count_and_the_opponents_do_not():
    game = main_pos(["T-R3"], field=["{card: T-R1, exhausted: true}"], opp_field=["T-R1", "T-R1"])
    assert game.cost_of(hand_iid(game, 0, "T-R3")) == 2


def test_cr_2_8_2_2_a_dual_colour_symbol_counts_as_whichever_colour_reduces():
    # Green Stag: cost 4, reduction green + red. Dual Sprite's red/green symbol plus a red symbol:
    # the dual counts as green, the red one as red -> reduce 2
    game = main_pos(["T-G4"], field=["{card: T-D2}", "{card: T-R1}"])
    assert game.cost_of(hand_iid(game, 0, "T-G4")) == 2


def test_cr_2_8_2_1_a_dual_colour_symbol_is_still_one_symbol():
    # Red Knight (red, red reduction) with one red/green dual symbol on the field -> reduce 1, not 2
    game = main_pos(["T-R3"], field=["{card: T-D2}"])
    assert game.cost_of(hand_iid(game, 0, "T-R3")) == 2


def test_cr_1_3_6_cost_never_drops_below_zero():
    game = main_pos(["T-R1"], field=["{card: T-R1}", "{card: T-R1}"])
    assert game.cost_of(hand_iid(game, 0, "T-R1")) == 0


# ---------------------------------------------------------------- summoning (CR 10-6)

def test_cr_10_6_summon_pays_the_cost_to_the_trash_and_places_lv1_cores():
    game = main_pos(["T-R3"], reserve=4)
    iid = hand_iid(game, 0, "T-R3")
    events = game.apply(Summon(0, iid, pay=(("reserve", 3),), place=(("reserve", 1),)))
    p = game.state.players[0]
    assert p.trash_cores == 3 and p.reserve == 0 and p.soul == "reserve"  # CR 10-6-6
    assert iid in p.field and game.cores_on(iid) == 1 and not game.state.cards[iid].exhausted  # CR 10-6-7, 3-5-3
    assert [e.kind for e in events][:1] == ["reveal"]  # CR 10-6-3
    assert game.level(iid) == 1 and game.bp(iid) == 3000


def test_cr_10_6_7_more_cores_may_be_placed_for_a_higher_level():
    game = main_pos(["T-R3"], reserve=6)
    iid = hand_iid(game, 0, "T-R3")
    game.apply(Summon(0, iid, pay=(("reserve", 3),), place=(("reserve", 3),), place_soul=True))
    assert game.cores_on(iid) == 4 and game.level(iid) == 3 and game.bp(iid) == 6000  # CR 2-10-3
    assert game.state.players[0].soul == iid


def test_cr_10_6_7_fewer_than_lv1_cores_is_refused():
    game = main_pos(["T-B2"], reserve=5)  # Blue Guard needs 2 cores for LV1
    before = game.state_hash()
    with pytest.raises(IllegalCommand) as e:
        game.apply(Summon(0, hand_iid(game, 0, "T-B2"), pay=(("reserve", 2),), place=(("reserve", 1),)))
    assert e.value.rule == "CR 10-6-7" and game.state_hash() == before


def test_cr_10_6_6_payment_must_equal_the_reduced_cost():
    game = main_pos(["T-R3"], field=["{card: T-R1}"], reserve=5)
    iid = hand_iid(game, 0, "T-R3")
    before = game.state_hash()
    for pay in ((("reserve", 3),), (("reserve", 1),)):  # cost is 2 after reduction
        with pytest.raises(IllegalCommand) as e:
            game.apply(Summon(0, iid, pay=pay, place=(("reserve", 1),)))
        assert e.value.rule == "CR 10-6-6"
    assert game.state_hash() == before


def test_cr_10_6_6_payment_comes_only_from_your_reserve_and_field():
    game = main_pos(["T-R1"], reserve=1, trash_cores=3, opp_field=["T-R1"])
    iid = hand_iid(game, 0, "T-R1")
    opp_card = game.state.players[1].field[0]
    before = game.state_hash()
    for pay in ((("trash", 1),), (("life", 1),), ((opp_card, 1),), ((999, 1),)):
        with pytest.raises(IllegalCommand) as e:
            game.apply(Summon(0, iid, pay=pay, place=(("reserve", 1),)))
        assert e.value.rule == "CR 10-6-6"
    assert game.state_hash() == before


def test_cr_10_6_6_the_soul_core_may_pay_and_goes_to_the_trash():
    game = main_pos(["T-R1"], reserve=1)
    game.apply(Summon(0, hand_iid(game, 0, "T-R1"), pay=(), pay_soul=True, place=(("reserve", 1),)))
    assert game.state.players[0].soul == "trash"


def test_cr_10_6_6_default_payment_uses_the_reserve_first_and_keeps_field_cards_at_lv1():
    game = main_pos(["T-R3"], field=["{card: T-R3, cores: 3}"], reserve=1)
    iid = hand_iid(game, 0, "T-R3")
    spirit = game.state.players[0].field[0]
    game.apply(Summon(0, iid))  # cost 2 after reduction, +1 to place: reserve 1 + 2 spare cores on the spirit
    assert game.state.cards[spirit].zone == "field" and game.cores_on(spirit) == 1
    assert game.cores_on(iid) == 1 and game.state.players[0].trash_cores == 2


def test_cr_10_1_1_1_paying_with_a_spirits_last_core_self_destroys_it():
    game = main_pos(["T-R3"], field=["{card: T-P3, cores: 1}"], reserve=3)
    iid = hand_iid(game, 0, "T-R3")
    shade = game.state.players[0].field[0]
    events = game.apply(Summon(0, iid, pay=(("reserve", 2), (shade, 1)), place=(("reserve", 1),)))
    destroyed = [e for e in events if e.kind == "destroyed"]
    assert [e["card"] for e in destroyed] == [shade]
    assert destroyed[0]["self_destruction"] and destroyed[0]["cause"][0] == "self"  # CR 9-3-2
    assert game.state.cards[shade].zone == "trash" and game.state.cards[shade].removal.kind == "self"


def test_ruling_7_cost_reduction_is_fixed_before_paying_with_the_cards_that_gave_it():
    # the Red Pup's symbol reduces Red Knight to 2; paying with the pup's only core self-destroys it,
    # but the cost stays 2 (CR 10-6-5 before 10-6-6)
    game = main_pos(["T-R3"], field=["{card: T-R1}"], reserve=2)
    pup = game.state.players[0].field[0]
    game.apply(Summon(0, hand_iid(game, 0, "T-R3"), pay=(("reserve", 1), (pup, 1)), place=(("reserve", 1),)))
    assert game.state.cards[pup].zone == "trash" and game.state.players[0].trash_cores == 2


def test_cr_10_6_summoning_needs_the_main_step_and_a_spirit_card_from_your_hand():
    game = main_pos(["T-NX", "T-MM"], opp_field=["T-R1"])
    before = game.state_hash()
    with pytest.raises(IllegalCommand) as e:
        game.apply(Summon(0, hand_iid(game, 0, "T-NX")))
    assert e.value.rule == "CR 10-6-1"
    with pytest.raises(IllegalCommand):
        game.apply(Summon(1, hand_iid(game, 0, "T-NX")))  # not player 2's decision
    with pytest.raises(IllegalCommand):
        game.apply(Summon(0, game.state.players[1].field[0]))  # the opponent's card
    assert game.state_hash() == before


# ---------------------------------------------------------------- nexuses (CR 10-7) and magic (CR 10-8)

def test_cr_10_7_placing_a_nexus_with_a_zero_core_lv1():
    game = main_pos(["T-NX"], reserve=3)
    iid = hand_iid(game, 0, "T-NX")
    game.apply(PlaceNexus(0, iid))
    assert iid in game.state.players[0].field and game.cores_on(iid) == 0 and game.level(iid) == 1
    assert game.state.players[0].reserve == 0 and game.state.players[0].trash_cores == 3


def test_cr_9_3_2_a_nexus_below_its_lv1_cores_self_destroys_when_its_owner_moves_them():
    game = main_pos([], field=["{card: T-NX2, cores: 1}"], reserve=0)
    tower = game.state.players[0].field[0]
    events = game.apply(MoveCores(0, (CoreMove(tower, "reserve", 1),)))
    assert game.state.cards[tower].zone == "trash"
    assert [e["self_destruction"] for e in events if e.kind == "destroyed"] == [True]


def test_cr_10_8_magic_is_paid_resolves_and_goes_to_the_trash():
    game = main_pos(["T-MM"], reserve=2)
    iid = hand_iid(game, 0, "T-MM")
    events = game.apply(UseMagic(0, iid))
    assert game.state.cards[iid].zone == "trash" and game.state.players[0].trash_cores == 1
    moves = [(e["src"], e["dst"]) for e in events if e.kind == "card_moved"]
    assert moves == [("hand", "resolving"), ("resolving", "trash")]  # CR 10-8-7, 10-8-8


def test_ruling_1_flash_magic_cannot_be_used_in_the_main_step_unless_the_setting_allows_it():
    game = main_pos(["T-MF"], reserve=2)
    with pytest.raises(IllegalCommand) as e:
        game.apply(UseMagic(0, hand_iid(game, 0, "T-MF")))
    assert e.value.rule == "CR 8-1-6-1"
    game = main_pos(["T-MF"], reserve=2, settings=Ruleset(flash_in_main=True))
    game.apply(UseMagic(0, hand_iid(game, 0, "T-MF")))
    assert game.state.players[0].trash == [game.state.players[0].trash[0]]


# ---------------------------------------------------------------- bursts (CR 3-8, 6-6-1-2-2)

def test_cr_6_6_1_2_2_setting_a_burst_face_down():
    game = main_pos(["T-MM", "T-MM"])
    first, second = game.state.players[0].hand
    game.apply(SetBurst(0, first))
    assert game.state.players[0].burst == first and game.state.cards[first].zone == "burst"
    with pytest.raises(IllegalCommand) as e:  # only one burst may be set per turn
        game.apply(SetBurst(0, second))
    assert e.value.rule == "CR 6-6-1-2-2"


def test_cr_3_8_3_setting_a_new_burst_discards_the_one_already_set():
    game = main_pos(["T-MM"], burst="T-MM")
    old = game.state.players[0].burst
    new = game.state.players[0].hand[0]
    game.apply(SetBurst(0, new))
    assert game.state.players[0].burst == new and game.state.cards[old].zone == "trash"


def test_cr_3_8_4_only_cards_with_a_burst_effect_can_be_set():
    game = main_pos(["T-MF"])
    with pytest.raises(IllegalCommand) as e:
        game.apply(SetBurst(0, game.state.players[0].hand[0]))
    assert e.value.rule == "CR 3-8-4"


def test_cr_6_6_1_2_2_a_burst_set_earlier_this_turn_counts():
    game = main_pos(["T-MM"], burst="T-MM", burst_set_this_turn=True)
    with pytest.raises(IllegalCommand):
        game.apply(SetBurst(0, game.state.players[0].hand[0]))


# ---------------------------------------------------------------- core moves (CR 6-6-1-2-3)

def test_cr_6_6_1_2_3_cores_move_between_reserve_and_field_cards():
    game = main_pos([], field=["{card: T-R3, cores: 1}", "{card: T-R1, cores: 1}"], reserve=3)
    knight, pup = game.state.players[0].field
    game.apply(MoveCores(0, (CoreMove("reserve", knight, 2), CoreMove("reserve", pup, 1))))
    assert game.cores_on(knight) == 3 and game.level(knight) == 2 and game.cores_on(pup) == 2
    game.apply(MoveCores(0, (CoreMove(knight, pup, 1),)))
    assert game.cores_on(knight) == 2 and game.cores_on(pup) == 3 and game.level(pup) == 2
    assert game.state.players[0].reserve == 0


def test_cr_6_6_1_2_3_swapping_the_soul_core_with_a_core_is_one_action():
    # Red Pup holds only the soul core; swapping it for a reserve core must not destroy it (ruling 2)
    game = main_pos([], field=["{card: T-R1, cores: 0, soul_core: true}"], soul="field", reserve=1)
    pup = game.state.players[0].field[0]
    events = game.apply(MoveCores(0, (CoreMove(pup, "reserve", 0, True), CoreMove("reserve", pup, 1))))
    assert not [e for e in events if e.kind == "destroyed"]
    assert game.state.players[0].soul == "reserve" and game.cores_on(pup) == 1


def test_cr_9_3_2_moving_a_spirits_last_core_away_self_destroys_it():
    game = main_pos([], field=["{card: T-R1, cores: 1}"], reserve=0)
    pup = game.state.players[0].field[0]
    events = game.apply(MoveCores(0, (CoreMove(pup, "reserve", 1),)))
    d = [e for e in events if e.kind == "destroyed"]
    assert d and d[0]["self_destruction"]  # CR 10-1-1-1
    assert game.state.cards[pup].zone == "trash" and game.state.players[0].reserve == 1


def test_cr_10_1_3_4_a_destroyed_cards_cores_go_to_the_reserve():
    game = main_pos([], field=["{card: T-B2, cores: 2, soul_core: true}"], soul="field", reserve=0)
    guard = game.state.players[0].field[0]
    game.apply(MoveCores(0, (CoreMove(guard, "reserve", 1),)))  # 2 cores left (1 + soul)... still LV1
    assert game.state.cards[guard].zone == "field"
    game.apply(MoveCores(0, (CoreMove(guard, "reserve", 1),)))  # only the soul core: below LV1 (2)
    assert game.state.cards[guard].zone == "trash"
    assert game.state.players[0].soul == "reserve" and game.state.players[0].reserve == 2


@pytest.mark.parametrize("src,dst,rule", [
    ("life", "reserve", "CR 6-6-1-2-3"),
    ("trash", "reserve", "CR 6-6-1-2-3"),
    ("reserve", "reserve", "CR 1-3-2-2"),
    ("reserve", "opp", "CR 6-6-1-2-3"),
    ("opp", "reserve", "CR 6-6-1-2-3"),
])
def test_cr_6_6_1_2_3_cores_move_only_among_your_reserve_and_field(src, dst, rule):
    game = main_pos([], field=["{card: T-R1}"], trash_cores=2, opp_field=["T-R1"])
    opp = game.state.players[1].field[0]
    loc = {"opp": opp}
    before = game.state_hash()
    with pytest.raises(IllegalCommand) as e:
        game.apply(MoveCores(0, (CoreMove(loc.get(src, src), loc.get(dst, dst), 1),)))
    assert e.value.rule == rule and game.state_hash() == before


def test_cr_6_6_1_2_3_a_core_move_asking_for_more_cores_than_are_there_changes_nothing():
    game = main_pos([], field=["{card: T-R1}"], reserve=2)
    pup = game.state.players[0].field[0]
    before = game.state_hash()
    with pytest.raises(IllegalCommand):  # the second move needs 2 on the pup, which has only 1+1
        game.apply(MoveCores(0, (CoreMove("reserve", pup, 1), CoreMove(pup, "reserve", 3))))
    assert game.state_hash() == before


def test_records_keep_the_automatic_payment_as_concrete_cores():
    game = main_pos(["T-R3"], reserve=4)
    game.apply(Summon(0, hand_iid(game, 0, "T-R3")))  # pay/place left to the default
    recorded = game.history[-1]
    assert recorded.pay == (("reserve", 3),) and recorded.place == (("reserve", 1),)
