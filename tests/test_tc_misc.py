"""Compiled text, family "misc" (text_compile/templates/misc.py): cores removed from or placed on each of the
spirits a selection chose, and a selection naming its families after "that are".

The sentences are written for these tests in the templates real card text uses; none is a real card's text.
"""
from __future__ import annotations

import pytest

from bss_desktop.carddb.text_compile import compile_sentence
from bss_desktop.engine.commands import UseMagic
from helpers import answer, imported_db, position, record, two_players
from test_text_compile_played import magic

FAMS = ("Stoneback", "Sky Warden", "Tidecaller")


@pytest.mark.parametrize("text, ops", [
    ("Remove 1 core from each of them and place them into your opponent's reserve.",
     [{"core_remove": {"target": "it", "count": 1}}]),
    ("Remove two cores from each of those spirits and place them into their reserve.",
     [{"core_remove": {"target": "it", "count": 2}}]),
    ("Remove a core from each of the selected spirits and place the cores into the void.",
     [{"core_remove": {"target": "it", "count": 1, "to": "void"}}]),
    ("Remove all but one core from each of those spirits and place the cores into your opponent's reserve.",
     [{"core_remove": {"target": "it", "keep": 1}}]),
    ("Remove all but one of its cores and place them into your opponent's reserve.",
     [{"core_remove": {"target": "it", "keep": 1}}]),
    ("Place a core from the void onto each of those spirits.", [{"core_charge": {"target": "it", "count": 1}}]),
    ("Select two of your spirits that are Stoneback, Sky Warden, or Tidecaller.",
     [{"select": {"side": "you", "count": 2, "families": ["Stoneback", "Sky Warden", "Tidecaller"]}}]),
])
def test_cr_10_5_compiled_cores_of_each_selected_spirit_and_families_after_that_are(text, ops):
    s = compile_sentence(text, FAMS)
    assert s.ok, s.why
    assert s.ops == ops


def test_cr_10_5_into_your_reserve_from_the_opponents_spirits_stays_by_hand():
    # cores an effect takes from an opponent's card go to their reserve unless the vocabulary says otherwise
    assert not compile_sentence("Remove 1 core from each of them and place them into your reserve.", FAMS).ok


def _two_opponent_spirits_game(details: str):
    db = imported_db(magic(details))
    game = position(two_players(
        "{life: 5, reserve: 4, hand: [ZT-001]}",
        "{life: 5, reserve: 0, field: [{card: T-B2, cores: 4}, {card: T-G4, cores: 3}, {card: T-R3, cores: 2}]}"),
        db=db)
    return game


def test_cr_10_5_played_a_core_comes_off_each_of_the_two_selected_spirits_into_their_reserve():
    game = _two_opponent_spirits_game("Select two of your opponent's spirits. Remove 1 core from each of them and "
                                      "place them into your opponent's reserve.")
    guard, stag, knight = game.state.players[1].field
    game.apply(UseMagic(0, game.state.players[0].hand[0]))
    answer(game, [guard, stag])
    cards = game.state.cards
    assert (cards[guard].cores, cards[stag].cores, cards[knight].cores) == (3, 2, 2)  # the third is untouched
    assert game.state.players[1].reserve == 2


def test_cr_10_5_played_all_but_one_core_comes_off_each_selected_spirit():
    game = _two_opponent_spirits_game("Select two of your opponent's spirits. Remove all but one core from each of "
                                      "those spirits and place the cores into your opponent's reserve.")
    guard, stag, knight = game.state.players[1].field
    game.apply(UseMagic(0, game.state.players[0].hand[0]))
    answer(game, [stag, knight])
    cards = game.state.cards
    assert (cards[guard].cores, cards[stag].cores, cards[knight].cores) == (4, 1, 1)
    assert game.state.players[1].reserve == 3  # 2 from the stag, 1 from the knight


def test_cr_8_5_3_played_families_after_that_are_only_those_spirits_may_be_selected():
    db = imported_db(magic("Select one of your spirits that are Stoneback or Sky Warden. Place a core from the "
                           "void onto each of those spirits."),
                     record(ID="ZT-002", name="Cliff Warden", subType=["Sky Warden"]),
                     record(ID="ZT-003", name="Rock Pup"))  # a Stoneback
    game = position(two_players("{life: 5, reserve: 4, hand: [ZT-001], field: [ZT-002, T-R1, ZT-003]}",
                                "{life: 5, reserve: 3}"), db=db)
    warden, pup, rock = game.state.players[0].field
    game.apply(UseMagic(0, game.state.players[0].hand[0]))
    assert game.pending.info["options"] == [warden, rock]  # the Red Pup is of no family named
    answer(game, [rock])
    assert [game.state.cards[i].cores for i in (warden, pup, rock)] == [1, 1, 2]


# ---------------------------------------------------------------- more templates of the family

@pytest.mark.parametrize("text, ops", [
    ("Remove all but one core each from all spirits and place them into their owners' reserves.",
     [{"core_remove": {"target": {"side": "any", "all": True}, "keep": 1}}]),
    ("Place 1 from it into their reserve.", [{"core_remove": {"target": "it", "count": 1}}]),  # "core" left out
    ("Select one your opponent's spirits and destroy it.", [{"destroy": {}}]),  # "of" left out
    ('Place a core from the void onto this spirit if there is a "Soul Core" on it.',
     [{"core_charge": {"target": "this", "count": 1}, "if": {"soul_core": True}}]),
    ('If this spirit has a "Soul Core" on it, you may select an exhausted spirit that costs 3 or fewer and destroy '
     "it.", [{"destroy": {"side": "any", "exhausted": True, "cost_max": 3}, "may": True, "if": {"soul_core": True}}]),
    ("Select one of your opponent's spirits that does not have Astral and exhaust it.",
     [{"exhaust": {"no_keyword": "astral"}}]),
    ("Select one of your opponent's spirits without Astral.", [{"select": {"no_keyword": "astral"}}]),
    ("Destroy all of your opponent's spirits with 3000 or fewer BP that have \"When Summoned\" effects.",
     [{"destroy": {"all": True, "bp_max": 3000, "has_effect": "when_summoned"}}]),
    ('Select one of your spirits with a "When Attacks" effect and place a core from the void onto it.',
     [{"select": {"side": "you", "has_effect": "when_attacks"}}, {"core_charge": {"target": "it", "count": 1}}]),
])
def test_cr_8_5_3_compiled_filters_and_typos_of_the_family(text, ops):
    s = compile_sentence(text, FAMS)
    assert s.ok, s.why
    assert s.ops == ops


def test_cr_8_1_2_an_effect_label_no_filter_knows_stays_by_hand():
    assert not compile_sentence('Destroy all of your opponent\'s spirits that have "Roll Call" effects.').ok


def test_cr_10_15_1_return_this_card_to_your_hand_only_in_its_own_when_destroyed_effect():
    from bss_desktop.carddb.text_compile import compile_effect

    assert compile_effect("spirit", "When Destroyed", "Return this card to your hand.", []).effect == {
        "kind": "triggered", "trigger": "when_destroyed", "do": [{"recover": "this"}]}
    for label in ("When Summoned", "When This Spirit Attacks"):
        assert not compile_effect("spirit", label, "Return this card to your hand.", []).automated


def _one_effect(condition: str, details: str, **fields) -> dict:
    return record(effects=[{"levels": [1, 2], "condition": condition, "keywords": [], "steps": [],
                            "details": details}], **fields)


def test_ruling_either_moment_a_when_summoned_or_destroyed_label_is_one_effect_at_each_moment():
    """docs/saga-rulings.md (Other phrases): a label naming two moments is imported as the same effect at each."""
    from bss_desktop.engine.commands import Summon

    db = imported_db(_one_effect("When Summoned or Destroyed", "Draw a card."),
                     magic("Select one of your opponent's spirits and destroy it.") | {"ID": "ZT-009"})
    assert [e.trigger for e in db["ZT-001"].effects] == ["when_summoned", "when_destroyed"]
    game = position(two_players("{life: 5, reserve: 4, hand: [ZT-001], deck: [T-W0, T-W0, T-W0]}",
                                "{life: 5, reserve: 3, hand: [ZT-009], deck: [T-W0]}"), db=db)
    game.apply(Summon(0, game.state.players[0].hand[0]))
    assert len(game.state.players[0].hand) == 1  # drawn when summoned
    two = position(two_players("{life: 5, reserve: 4, field: [ZT-001], deck: [T-W0, T-W0]}",
                               "{life: 5, reserve: 4, hand: [ZT-009], deck: [T-W0]}", turn=4, turn_player=1), db=db)
    two.apply(UseMagic(1, two.state.players[1].hand[0]))
    assert two.state.players[0].field == [] and len(two.state.players[0].hand) == 1  # drawn when destroyed


def test_ruling_either_moment_while_attacks_or_blocks_the_bp_counts_in_both_battles_and_not_otherwise():
    from bss_desktop.engine import stats
    from bss_desktop.engine.commands import Attack, Block, Pass

    db = imported_db(_one_effect("While This Spirit Attacks or Blocks", "This spirit gains 3000 BP."))
    game = position(two_players("{life: 5, reserve: 4, field: [ZT-001]}", "{life: 5, reserve: 3, field: [T-W0]}",
                                step="attack"), db=db)
    spirit = game.state.players[0].field[0]
    assert stats.bp(game, spirit) == 1000
    game.apply(Attack(0, spirit))
    assert stats.bp(game, spirit) == 4000  # attacking
    back = position(two_players("{life: 5, reserve: 3, field: [T-R3]}", "{life: 5, reserve: 4, field: [ZT-001]}",
                                step="attack"), db=db)
    knight, guard = back.state.players[0].field[0], back.state.players[1].field[0]
    back.apply(Attack(0, knight))
    back.apply(Pass(1))
    back.apply(Pass(0))
    assert stats.bp(back, guard) == 1000  # not blocking yet
    back.apply(Block(1, guard))
    assert stats.bp(back, guard) == 4000  # blocking


def test_cr_10_5_played_all_but_one_core_each_from_all_spirits_of_both_players():
    db = imported_db(magic("Remove all but one core each from all spirits and place them into their owners' "
                           "reserves."))
    game = position(two_players("{life: 5, reserve: 4, hand: [ZT-001], field: [{card: T-R3, cores: 4}]}",
                                "{life: 5, reserve: 0, field: [{card: T-G4, cores: 3}, {card: T-B2, cores: 4}]}"),
                    db=db)
    mine, = game.state.players[0].field
    stag, guard = game.state.players[1].field
    game.apply(UseMagic(0, game.state.players[0].hand[0]))
    cards = game.state.cards
    assert cards[mine].cores == 1 and cards[stag].cores == 1
    # the Blue Guard needs 2 cores at LV1: with 1 it is destroyed (CR 9-4-2) and its core goes to the reserve too
    assert cards[guard].zone == "trash" and game.state.players[1].reserve == 2 + 4


def test_cr_10_15_1_played_a_destroyed_spirit_returns_itself_from_the_trash_to_the_hand():
    db = imported_db(_one_effect("When Destroyed", "Return this card to your hand."),
                     magic("Select one of your opponent's spirits and destroy it.") | {"ID": "ZT-009"})
    game = position(two_players("{life: 5, reserve: 4, field: [ZT-001]}",
                                "{life: 5, reserve: 4, hand: [ZT-009]}", turn=4, turn_player=1), db=db)
    spirit = game.state.players[0].field[0]
    game.apply(UseMagic(1, game.state.players[1].hand[0]))
    assert game.state.cards[spirit].zone == "hand"


def test_cr_10_13_played_that_does_not_have_astral_leaves_the_astral_spirit_out():
    db = imported_db(magic("Select one of your opponent's spirits that does not have Astral and exhaust it."))
    game = position(two_players("{life: 5, reserve: 4, hand: [ZT-001]}",
                                "{life: 5, reserve: 3, field: [KW-AST, T-R3, T-G4]}"), db=db)
    star, knight, stag = game.state.players[1].field
    game.apply(UseMagic(0, game.state.players[0].hand[0]))
    assert game.pending.info["options"] == [knight, stag]
    answer(game, [stag])
    assert game.state.cards[stag].exhausted and not game.state.cards[star].exhausted


def test_cr_8_1_2_played_only_spirits_printing_a_when_summoned_effect_are_destroyed():
    db = imported_db(magic("Destroy all of your opponent's spirits with 3000 or fewer BP that have "
                           "\"When Summoned\" effects."))
    # E-SCOUT (1000 BP) and E-SNIPE (2000 BP) print "When Summoned" effects; T-R3 (3000) prints none; KW-AST none
    game = position(two_players("{life: 5, reserve: 4, hand: [ZT-001]}",
                                "{life: 5, reserve: 3, field: [E-SCOUT, E-SNIPE, T-R3, KW-AST]}"), db=db)
    scout, snipe, knight, star = game.state.players[1].field
    game.apply(UseMagic(0, game.state.players[0].hand[0]))
    zones = [game.state.cards[i].zone for i in (scout, snipe, knight, star)]
    assert zones == ["trash", "trash", "field", "field"]


@pytest.mark.parametrize("target, field", [
    ({"no_keyword": "flying"}, "effects[0].do[0].destroy.no_keyword"),
    ({"has_effect": "when_lunch"}, "effects[0].do[0].destroy.has_effect"),
    ({"has_effect": "your_spirit_attacks"}, "effects[0].do[0].destroy.has_effect"),  # not a label a card prints
])
def test_a_set_file_or_a_peers_card_with_a_bad_new_filter_is_refused_naming_the_field(target, field):
    from bss_desktop.carddb.errors import CardDataError
    from bss_desktop.carddb.schema import card_from_dict

    card = {"id": "EVIL-001", "name": "Evil", "type": "magic", "colors": ["red"], "cost": 0, "timing": ["main"],
            "effects": [{"kind": "magic", "do": [{"destroy": target}]}]}
    with pytest.raises(CardDataError) as e:
        card_from_dict(card, file="(peer)", set_id="EVIL")
    assert e.value.field == field


# ---------------------------------------------------------------- extremes, draws, "you may destroy it to ..."

@pytest.mark.parametrize("text, ops", [
    ("Select your opponent's spirit that costs the least and destroy it.", [{"destroy": {"extreme": "cost_least"}}]),
    ("Select their spirit that costs the most and destroy it.", [{"destroy": {"extreme": "cost_most"}}]),
    ("Select your lowest cost spirit and refresh it.", [{"refresh": {"side": "you", "extreme": "cost_least"}}]),
    ("Select one of your opponent's spirits with the highest BP and exhaust it.",
     [{"exhaust": {"extreme": "bp_most"}}]),
    ("Draw cards until you have three cards in your hand.", [{"draw": {"until": 3}}]),
    ("You and your opponent each draw two cards.", [{"draw": {"count": 2, "side": "each"}}]),
    ("Your opponent draws a card.", [{"draw": {"count": 1, "side": "opponent"}}]),
    ("You may destroy it to place three cores from the void into your reserve.",
     [{"destroy": "it", "may": True}, {"core_gain": {"count": 3, "to": "reserve"}, "if_done": True}]),
])
def test_cr_8_5_3_compiled_extremes_draws_and_a_destruction_to_do_more(text, ops):
    s = compile_sentence(text, FAMS)
    assert s.ok, s.why
    assert s.ops == ops


def test_cr_8_5_3_played_the_spirit_that_costs_the_least_ties_let_you_choose_armor_keeps_it():
    db = imported_db(magic("Select your opponent's spirit that costs the least and destroy it."))
    # T-W0 costs 0 twice (a tie: either may be chosen), T-R3 3, T-G4 4
    game = position(two_players("{life: 5, reserve: 4, hand: [ZT-001]}",
                                "{life: 5, reserve: 3, field: [T-R3, T-W0, T-G4, T-W0]}"), db=db)
    knight, wisp, stag, wisp2 = game.state.players[1].field
    game.apply(UseMagic(0, game.state.players[0].hand[0]))
    assert game.pending.info["options"] == [wisp, wisp2]
    answer(game, [wisp2])
    assert game.state.cards[wisp2].zone == "trash" and game.state.cards[wisp].zone == "field"


def test_cr_11_5_1_played_the_cheapest_spirit_armored_against_the_colour_is_not_replaced_by_the_next():
    # KW-ARM (cost 1, 【Armor: Red】) is the cheapest: the red magic selects nothing rather than the next cheapest
    db = imported_db(magic("Select your opponent's spirit that costs the least and destroy it."))
    game = position(two_players("{life: 5, reserve: 4, hand: [ZT-001]}",
                                "{life: 5, reserve: 3, field: [T-R3, KW-ARM]}"), db=db)
    knight, armored = game.state.players[1].field
    assert game.db["KW-ARM"].cost < game.db["T-R3"].cost
    game.apply(UseMagic(0, game.state.players[0].hand[0]))
    assert [game.state.cards[i].zone for i in (knight, armored)] == ["field", "field"]


def test_cr_10_2_played_draw_until_you_have_three_cards_and_each_player_draws():
    db = imported_db(magic("Draw cards until you have three cards in your hand. You and your opponent each draw "
                           "one card."))
    game = position(two_players("{life: 5, reserve: 4, hand: [ZT-001, T-R1], deck: [T-W0, T-W0, T-W0, T-W0]}",
                                "{life: 5, reserve: 3, hand: [T-R1], deck: [T-W0, T-W0]}"), db=db)
    game.apply(UseMagic(0, game.state.players[0].hand[0]))
    # the magic card left the hand: 1 card, drawn up to 3, then 1 more; the opponent 1 + 1
    assert len(game.state.players[0].hand) == 4 and len(game.state.players[1].hand) == 2


def test_cr_10_2_played_draw_until_draws_nothing_from_a_hand_already_that_big():
    db = imported_db(magic("Draw cards until you have two cards in your hand."))
    game = position(two_players("{life: 5, reserve: 4, hand: [ZT-001, T-R1, T-R1, T-R1], deck: [T-W0]}",
                                "{life: 5, reserve: 3}"), db=db)
    game.apply(UseMagic(0, game.state.players[0].hand[0]))
    assert len(game.state.players[0].hand) == 3 and len(game.state.players[0].deck) == 1


def test_cr_8_1_8_played_you_may_destroy_the_selected_spirit_to_gain_cores_or_decline():
    db = imported_db(magic("Select one of your spirits that costs 3 or more. You may destroy it to place three "
                           "cores from the void into your reserve."))
    for accept in (True, False):
        game = position(two_players("{life: 5, reserve: 4, hand: [ZT-001], field: [T-R3, T-R1]}",
                                    "{life: 5, reserve: 3}"), db=db)
        knight, pup = game.state.players[0].field
        game.apply(UseMagic(0, game.state.players[0].hand[0]))
        while game.pending.kind == "choose":
            answer(game, accept if game.pending.info.get("kind") == "may" else [knight])
        reserve = game.state.players[0].reserve
        if accept:
            assert game.state.cards[knight].zone == "trash" and reserve == 4 + 1 + 3  # its core, then 3 more
        else:
            assert game.state.cards[knight].zone == "field" and reserve == 4


@pytest.mark.parametrize("op, field", [
    ({"draw": {"until": 0}}, "effects[0].do[0].draw.until"),
    ({"draw": {"until": 3, "count": 2}}, "effects[0].do[0].draw.until"),
    ({"draw": {"count": 1, "side": "both"}}, "effects[0].do[0].draw.side"),
    ({"destroy": {"extreme": "cheapest"}}, "effects[0].do[0].destroy.extreme"),
])
def test_a_set_file_or_a_peers_card_with_a_bad_draw_or_extreme_is_refused_naming_the_field(op, field):
    from bss_desktop.carddb.errors import CardDataError
    from bss_desktop.carddb.schema import card_from_dict

    card = {"id": "EVIL-001", "name": "Evil", "type": "magic", "colors": ["red"], "cost": 0, "timing": ["main"],
            "effects": [{"kind": "magic", "do": [op]}]}
    with pytest.raises(CardDataError) as e:
        card_from_dict(card, file="(peer)", set_id="EVIL")
    assert e.value.field == field


# ---------------------------------------------------------------- counts ("for each ...")

@pytest.mark.parametrize("text, ops", [
    ("This spirit gains 2000 BP for each of your spirits with only one core on it.",
     [{"bp": {"target": "this", "add": 2000, "_duration": None,
              "for_each": {"cards": {"side": "you", "cores_min": 1, "cores_max": 1, "type": "spirit"}}}}]),
    ("For each spirit you control, remove one core from the selected spirit and place it into their reserve.",
     [{"core_remove": {"target": "it", "count": 1, "for_each": {"cards": {"side": "you", "type": "spirit"}}}}]),
])
def test_cr_10_5_compiled_for_each_of_your_and_a_count_written_first(text, ops):
    s = compile_sentence(text, FAMS)
    assert s.ok, s.why
    assert s.ops == ops


def test_cr_10_5_a_count_written_first_for_two_actions_stays_by_hand():
    assert not compile_sentence("For each spirit you control, draw a card and discard a card.", FAMS).ok


def test_cr_10_5_played_for_each_spirit_you_control_one_core_comes_off_the_selected_spirit():
    db = imported_db(magic("Select one of your opponent's spirits. For each spirit you control, remove one core "
                           "from the selected spirit and place it into their reserve."))
    game = position(two_players("{life: 5, reserve: 4, hand: [ZT-001], field: [T-R1, T-R1, T-W0]}",
                                "{life: 5, reserve: 0, field: [{card: T-B2, cores: 5}, T-R3]}"), db=db)
    guard, knight = game.state.players[1].field
    game.apply(UseMagic(0, game.state.players[0].hand[0]))
    answer(game, [guard])
    assert game.state.cards[guard].cores == 5 - 3 and game.state.players[1].reserve == 3  # three spirits of yours


def test_cr_10_5_played_this_spirit_gains_bp_for_each_of_your_spirits_with_only_one_core():
    from bss_desktop.engine import stats

    db = imported_db(_one_effect("During Your Attack Step", "This spirit gains 2000 BP for each of your spirits "
                                 "with only one core on it."))
    game = position(two_players("{life: 5, reserve: 4, field: [{card: ZT-001, cores: 3}, T-R1, {card: T-R3, cores: 2}]}",
                                "{life: 5, reserve: 3}", step="attack"), db=db)
    spirit = game.state.players[0].field[0]
    assert stats.bp(game, spirit) == 3000 + 2000  # LV2 with 3 cores; only the Red Pup has exactly one core


def test_cr_8_1_8_played_declining_the_destruction_skips_the_selection_and_what_it_was_for():
    """"Select one of your spirits. You may destroy it to select one of your opponent's spirits. Remove a core from
    it ...": declined, nothing else happens — the core comes off neither the opponent's spirit nor your own."""
    db = imported_db(magic("Select one of your spirits. You may destroy it to select one of your opponent's "
                           "spirits. Remove a core from it and place it into their reserve."))
    game = position(two_players("{life: 5, reserve: 4, hand: [ZT-001], field: [{card: T-R3, cores: 3}, T-R1]}",
                                "{life: 5, reserve: 0, field: [{card: T-G4, cores: 3}, T-R3]}"), db=db)
    knight, pup = game.state.players[0].field
    stag, their_knight = game.state.players[1].field
    game.apply(UseMagic(0, game.state.players[0].hand[0]))
    answer(game, [knight])
    answer(game, False)  # "you may destroy it": no
    assert game.pending.kind == "main"
    cards = game.state.cards
    assert (cards[knight].zone, cards[knight].cores, cards[stag].cores) == ("field", 3, 3)
    assert game.state.players[1].reserve == 0


# ---------------------------------------------------------------- conditions on the card "it" names

@pytest.mark.parametrize("text, cond", [
    ("If it is green, refresh it.", {"it": {"colors": ["green"]}}),
    ("If it is not green, exhaust it.", {"it": {"colors": ["green"]}, "it_not": True}),
    ("If it has 6000 or fewer BP, destroy it.", {"it": {"bp_max": 6000}}),
    ("If it has 7000 or more BP, exhaust it.", {"it": {"bp_min": 7000}}),
])
def test_cr_8_5_3_compiled_a_condition_on_the_selected_card(text, cond):
    s = compile_sentence(text, FAMS)
    assert s.ok, s.why
    assert s.ops[0]["if"] == cond and s.ops[0].get("destroy", s.ops[0].get("exhaust", s.ops[0].get("refresh"))) == "it"


def _it_game(details: str, opp_field: str):
    db = imported_db(magic(details))
    return position(two_players("{life: 5, reserve: 4, hand: [ZT-001], field: [T-G4, T-R3]}",
                                f"{{life: 5, reserve: 3, field: {opp_field}}}"), db=db)


@pytest.mark.parametrize("pick, destroyed, exhausted", [(0, True, False), (1, False, True), (2, False, False)])
def test_cr_8_5_3_played_destroy_it_if_small_exhaust_it_if_big_and_neither_between(pick, destroyed, exhausted):
    game = _it_game("Select one of your opponent's spirits. If it has 3000 or fewer BP, destroy it. If it has 5000 "
                    "or more BP, exhaust it.", "[T-R3, T-R5, T-G4]")  # BP 3000, 5000, 4000
    chosen = game.state.players[1].field[pick]
    game.apply(UseMagic(0, game.state.players[0].hand[0]))
    answer(game, [chosen])
    card = game.state.cards[chosen]
    assert (card.zone == "trash", card.zone == "field" and card.exhausted) == (destroyed, exhausted)


def test_cr_8_5_3_played_refresh_it_if_green_else_exhaust_it():
    for pick, green in ((0, True), (1, False)):
        db = imported_db(magic("Select a spirit. If it is green, refresh it. If it is not green, exhaust it."))
        game = position(two_players("{life: 5, reserve: 4, hand: [ZT-001], field: [{card: T-G4, exhausted: true}, "
                                    "T-R3]}", "{life: 5, reserve: 3}"), db=db)
        chosen = game.state.players[0].field[pick]
        game.apply(UseMagic(0, game.state.players[0].hand[0]))
        answer(game, [chosen])
        assert game.state.cards[chosen].exhausted is not green  # the stag refreshed, the knight exhausted


@pytest.mark.parametrize("cond, field", [
    ({"it": {"side": "you"}}, "effects[0].do[0].if.it.side"),  # whose card it is is not the filter's to say
    ({"it": "this"}, "effects[0].do[0].if.it"),
    ({"it_not": True}, "effects[0].do[0].if.it_not"),
    ({"it": {"colors": ["mauve"]}}, "effects[0].do[0].if.it.colors[0]"),
])
def test_a_set_file_or_a_peers_card_with_a_bad_it_condition_is_refused_naming_the_field(cond, field):
    from bss_desktop.carddb.errors import CardDataError
    from bss_desktop.carddb.schema import card_from_dict

    card = {"id": "EVIL-001", "name": "Evil", "type": "magic", "colors": ["red"], "cost": 0, "timing": ["main"],
            "effects": [{"kind": "magic", "do": [{"draw": 1, "if": cond}]}]}
    with pytest.raises(CardDataError) as e:
        card_from_dict(card, file="(peer)", set_id="EVIL")
    assert e.value.field == field, e.value


def test_cr_8_4_a_discard_cost_of_a_spirit_card_stays_a_spirit_card_through_the_imported_set_file(tmp_path):
    """The importer writes compiled effects to set files: "discard a spirit card" must read back as a spirit card,
    not any card (the discard's `of` reads a missing type as any card)."""
    import json

    from bss_desktop.carddb.importer import import_cards
    from bss_desktop.carddb.user_db import load_user_db
    from helpers import test_db

    src = tmp_path / "json"
    src.mkdir()
    rec = record(effects=[{"levels": [1, 2], "condition": "When Summoned", "keywords": [], "steps": [],
                           "details": "You may discard a spirit card to draw a card."}])
    (src / "ZT-001.json").write_text(json.dumps(rec))
    dest = tmp_path / "imported"
    import_cards(src, dest, base_db=test_db())
    db = load_user_db(test_db(), dest, cache=False)
    cost = db["ZT-001"].effects[0].cost[0]
    assert cost.op == "discard" and cost.target.type == "spirit"


# ---------------------------------------------------------------- "if you destroy a spirit with this effect" (CR 9-3-2-1)

@pytest.mark.parametrize("pick, drawn", [(0, 1), (1, 0)])
def test_cr_9_3_2_1_played_cores_removed_below_lv1_destroy_the_spirit_by_this_effect_so_a_card_is_drawn(pick, drawn):
    db = imported_db(magic("Select one of your opponent's spirits. Remove a core from it and place it into their "
                           "reserve. If you destroy a spirit with this effect, draw a card."))
    game = position(two_players("{life: 5, reserve: 4, hand: [ZT-001], deck: [T-W0, T-W0]}",
                                "{life: 5, reserve: 0, field: [T-R3, {card: T-G4, cores: 3}]}"), db=db)
    chosen = game.state.players[1].field[pick]  # the knight has one core: removed, it is destroyed; the stag keeps 2
    game.apply(UseMagic(0, game.state.players[0].hand[0]))
    answer(game, [chosen])
    assert len(game.state.players[0].hand) == drawn
    assert (game.state.cards[chosen].zone == "trash") == bool(drawn)


def test_cr_9_3_2_1_compiled_if_you_destroy_after_a_core_removal_and_not_after_a_bp_change():
    from bss_desktop.carddb.text_compile import compile_effect

    done = compile_effect("magic", "N/A", "Select one of your opponent's spirits. Remove a core from it and place it "
                          "into their reserve. If you destroy a spirit with this effect, draw a card.", ["Main"])
    assert done.effect["do"][-1] == {"draw": 1, "if": {"it_destroyed": True}}
    assert not compile_effect("magic", "N/A", "Select one of your opponent's spirits. It gains 1000 BP during this "
                              "turn. If you destroy a spirit with this effect, draw a card.", ["Main"]).automated


@pytest.mark.parametrize("text, ops", [
    ("Refresh this spirit at the start of the step.", [{"_trigger": {"trigger": "start_of_step"}}, {"refresh": "this"}]),
    ("Refresh all of your spirits at the end of this turn.",
     [{"later": {"at": "turn_end", "do": [{"refresh": {"side": "you", "all": True}}]}}]),
])
def test_cr_6_x_1_at_the_start_of_the_step_after_a_statement_is_not_hidden_by_at_the_end_of_this_turn(text, ops):
    # two templates that both follow a statement with "at the ...": each must stay reachable (LALR shifts silently)
    s = compile_sentence(text, FAMS)
    assert s.ok, s.why
    assert s.ops == ops


def test_the_grammar_tables_come_from_the_cache_folder_and_a_damaged_cache_file_is_rebuilt(tmp_path):
    """Building the parser's tables takes seconds: lark keeps them in the user's cache folder. A damaged file there
    (hostile or truncated) costs a rebuild, never a wrong parse or a crash."""
    import os
    import subprocess
    import sys

    cache = tmp_path / "cache" / "text_compile" / "grammar.lark-cache"
    cache.parent.mkdir(parents=True)
    cache.write_bytes(b"not a hash\n\x80\x04garbage")
    code = ("from bss_desktop.carddb.text_compile import compile_sentence as c; "
            "print(c('Draw a card.').ops)")
    env = {**os.environ, "BSS_DESKTOP_HOME": str(tmp_path)}
    for _ in range(2):  # the rebuild, then the tables read back
        out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
        assert out.returncode == 0, out.stderr
        assert out.stdout.strip() == "[{'draw': 1}]"
    assert cache.read_bytes()[:64] != b"not a hash\n\x80\x04garbage"[:64]  # rewritten with the grammar's hash
