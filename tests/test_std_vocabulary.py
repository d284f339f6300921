"""Battle Spirits Standard's card words in the effect vocabulary (STD = rule numbers of its document 001): heavy
exhaust, remove from game, "when depleted", 〔Once per turn〕 / 〔Unstackable〕 and threshold triggers. Each from a
Standard position, with its hostile card-format values, its generated text, and what it does in a Saga game."""
from __future__ import annotations

import textwrap

import pytest
import yaml

from bss_desktop.carddb.card_text import card_text, effect_text
from bss_desktop.carddb.database import CardDB
from bss_desktop.carddb.effects import EffectSyntax, effect_to_dict, parse_effect
from bss_desktop.carddb.game_cards import card_from_record
from bss_desktop.engine import Activate, EndAttack, EndMain, IllegalCommand, MoveCores, Summon, UseMagic
from bss_desktop.engine.commands import Choose, CoreMove
from bss_desktop.engine.game import Game
from bss_desktop.engine.position import game_from_position
from bss_desktop.table.profiles import get_profile

STANDARD = get_profile("standard")


def spirit(cid, name, effects=(), bp=1000, family=None):
    out = {"id": cid, "name": name, "type": "spirit", "colors": ["red"], "cost": 1, "symbols": ["red"],
           "levels": [{"level": 1, "cores": 1, "bp": bp}, {"level": 2, "cores": 3, "bp": bp + 2000}],
           "effects": list(effects)}
    if family:
        out["families"] = [family]
    return out


def magic(cid, name, do):
    return {"id": cid, "name": name, "type": "magic", "colors": ["red"], "cost": 1, "timing": ["main"],
            "effects": [{"kind": "magic", "do": do}]}


DRAW = [{"draw": 1}]
# Original test cards in the card format (nothing official).
CARDS = [
    spirit("V-PUP", "Ash Pup"),
    # "When Exhausted: draw 1 card"
    spirit("V-TIRE", "Weary Drake", [{"kind": "triggered", "trigger": "when_exhausted", "do": DRAW}]),
    magic("V-HEAVY", "Crushing Weight", [{"heavy_exhaust": {"side": "opponent"}}]),
    magic("V-EXILE", "Banishing Rite", [{"remove_from_game": {"side": "opponent"}}]),
    magic("V-EXTRASH", "Grave Sweep", [{"remove_from_game": {"side": "opponent", "zone": "trash", "type": "any",
                                                             "all": True}}]),
    magic("V-DRAIN", "Siphon Draft", [{"core_remove": {"target": {"side": "opponent", "all": True}, "count": 1}}]),
    # "[LV1] When Depleted: draw 1 card" (its level before depletion, STD 10-2-2-3)
    spirit("V-WILT", "Wilting Sprout", [{"kind": "triggered", "trigger": "when_depleted", "levels": [1], "do": DRAW}]),
    spirit("V-LAST", "Last Cinder", [{"kind": "triggered", "trigger": "when_destroyed", "do": DRAW}]),
    # "[LV2] When Depleted: draw 1 card"; and a magic that removes 3 cores from an opponent's spirit
    spirit("V-WILT2", "Withering Elder", [{"kind": "triggered", "trigger": "when_depleted", "levels": [2], "do": DRAW}]),
    magic("V-DRAIN3", "Deep Siphon", [{"core_remove": {"target": {"side": "opponent"}, "count": 3}}]),
    spirit("V-MOURN", "Mourning Wisp", [{"kind": "triggered", "trigger": "your_spirit_depleted", "do": DRAW}]),
    spirit("V-GLOAT", "Gloating Imp", [{"kind": "triggered", "trigger": "opponent_spirit_depleted", "do": DRAW}]),
    # 〔Once per turn〕 Main: pay 1 core: draw 1 card
    spirit("V-ONCE", "Thrifty Scholar", [{"kind": "activated", "timing": ["main"], "limit": "once_per_turn",
                                          "cost": [{"pay_cores": 1}], "do": DRAW}]),
    spirit("V-STACK", "Echo Bell", [{"kind": "activated", "timing": ["main"], "limit": "unstackable",
                                     "cost": [{"pay_cores": 1}], "do": DRAW}]),
    # "when one of your spirits is summoned: draw 1 card", with each tag
    spirit("V-U", "Herald Unstackable", [{"kind": "triggered", "trigger": "your_spirit_summoned",
                                          "limit": "unstackable", "do": DRAW}]),
    spirit("V-U2", "Herald Other", [{"kind": "triggered", "trigger": "your_spirit_summoned",
                                     "limit": "unstackable", "do": DRAW}]),
    spirit("V-O", "Herald Once", [{"kind": "triggered", "trigger": "your_spirit_summoned",
                                   "limit": "once_per_turn", "do": DRAW}]),
    spirit("V-UO", "Herald Both", [{"kind": "triggered", "trigger": "your_spirit_summoned",
                                    "limit": "unstackable_once_per_turn", "do": DRAW}]),
    # "when this card has 3 or more cores: draw 1 card" (STD 13-1-1)
    spirit("V-REACH", "Swelling Ember", [{"kind": "triggered", "trigger": "cores_reach", "count": 3, "do": DRAW}]),
]
DB = CardDB([card_from_record(c, STANDARD) for c in CARDS])


def position(text: str, game: str = "standard") -> Game:
    data = yaml.safe_load(textwrap.dedent(text))
    data["game"] = game
    for p in data.get("players", []):
        p.setdefault("deck", ["V-PUP"] * 10)
    return game_from_position(data, DB)


def refused(game: Game, cmd) -> IllegalCommand:
    before = game.state.hash()
    with pytest.raises(IllegalCommand) as e:
        game.apply(cmd)
    assert game.state.hash() == before
    return e.value


def bad_card(effects, card_type="spirit") -> str:
    """The error loading a card with these effects gives (it names the field)."""
    base = spirit("V-BAD", "Bad") if card_type == "spirit" else magic("V-BAD", "Bad", DRAW)
    with pytest.raises(Exception) as e:
        card_from_record({**base, "effects": effects}, STANDARD)
    return str(e.value)


def settle(game) -> None:
    """Answer every choice with the first legal answer (which effect resolves first, which cores pay)."""
    while game.state.choice is not None:
        game.apply(game.legal_commands()[0])


def hand_size(game, p):
    return len(game.state.players[p].hand)


def main_turn(players: str, game: str = "standard") -> Game:
    return position("turn: 3\nturn_player: 0\nstep: main\nplayers:\n" + textwrap.indent(textwrap.dedent(players),
                                                                                         "  "), game)


# ---------------------------------------------------------------- heavy exhaust (STD 5-16-1, 5-5-1-3)

def test_std_5_16_1_heavy_exhaust_turns_the_card_heavy_exhausted_and_fires_when_exhausted():
    game = main_turn("""
        - {life: 5, reserve: 3, hand: [V-HEAVY]}
        - {life: 5, field: [{card: V-TIRE, cores: 1}]}
    """)
    tire = game.state.players[1].field[0]
    before = hand_size(game, 1)
    game.apply(UseMagic(0, game.state.players[0].hand[0]))
    card = game.state.cards[tire]
    assert card.exhausted and game.state.table.marks[tire].turn == "heavy_exhausted"
    assert hand_size(game, 1) == before + 1  # its "when exhausted" effect: its controller draws


def test_std_5_16_1_an_exhausted_card_heavy_exhausted_fires_when_exhausted_a_heavy_exhausted_one_does_not():
    game = main_turn("""
        - {life: 5, reserve: 3, hand: [V-HEAVY, V-HEAVY]}
        - {life: 5, field: [{card: V-TIRE, cores: 1, exhausted: true}]}
    """)
    tire = game.state.players[1].field[0]
    before = hand_size(game, 1)
    game.apply(UseMagic(0, game.state.players[0].hand[0]))
    assert game.state.table.marks[tire].turn == "heavy_exhausted" and hand_size(game, 1) == before + 1
    events = game.apply(UseMagic(0, game.state.players[0].hand[0]))  # already heavy exhausted: nothing happens
    assert not [e for e in events if e.kind == "exhaust"] and hand_size(game, 1) == before + 1


def test_std_5_14_2_the_owners_refresh_step_turns_the_heavy_exhausted_card_only_exhausted():
    game = main_turn("""
        - {life: 5, reserve: 3, hand: [V-HEAVY]}
        - {life: 5, field: [{card: V-PUP, cores: 1}]}
    """)
    pup = game.state.players[1].field[0]
    game.apply(UseMagic(0, game.state.players[0].hand[0]))
    game.apply(EndMain(0))
    game.apply(EndAttack(0))
    game.apply(EndMain(0))  # the Second Main Step; then player 2's turn to their main step
    assert game.state.turn_player == 1 and game.state.step == "main"
    assert game.state.cards[pup].exhausted and pup not in game.state.table.marks


def test_saga_has_no_heavy_exhausted_state_heavy_exhaust_exhausts():
    game = main_turn("""
        - {life: 5, reserve: 3, hand: [V-HEAVY]}
        - {life: 5, field: [{card: V-TIRE, cores: 1}]}
    """, game="bss")
    tire = game.state.players[1].field[0]
    before = hand_size(game, 1)
    game.apply(UseMagic(0, game.state.players[0].hand[0]))
    assert game.state.table is None and game.state.cards[tire].exhausted and hand_size(game, 1) == before + 1


def test_heavy_exhaust_card_format_text_and_hostile_values():
    e = parse_effect({"kind": "magic", "timing": ["main"],
                      "do": [{"heavy_exhaust": {"side": "opponent", "all": True}}]}, "e", card_type="magic")
    assert effect_to_dict(e)["do"] == [{"heavy_exhaust": {"all": True}}]
    assert effect_text(e) == "Main: Heavy exhaust all your opponent's spirits."
    assert "effects[0].do[0].heavy_exhaust.zone" in bad_card(
        [{"kind": "magic", "do": [{"heavy_exhaust": {"zone": "hand", "side": "opponent"}}]}], "magic")
    assert "effects[0].do[0].heavy_exhaust" in bad_card(
        [{"kind": "magic", "do": [{"heavy_exhaust": 7}]}], "magic")
    assert "effects[0].do[0].heavy_exhaust.side" in bad_card(
        [{"kind": "magic", "do": [{"heavy_exhaust": {"side": "nobody"}}]}], "magic")
    assert "effects[0].do[0]" in bad_card(  # a constant effect does not do it once
        [{"kind": "constant", "do": [{"heavy_exhaust": "this"}]}])


# ---------------------------------------------------------------- remove from game (STD 4-9)

def test_std_4_9_remove_from_game_sends_a_field_spirit_to_the_removed_area_and_its_cores_to_the_reserve():
    game = main_turn("""
        - {life: 5, reserve: 3, hand: [V-EXILE]}
        - {life: 5, reserve: 0, field: [{card: V-PUP, cores: 2}]}
    """)
    pup = game.state.players[1].field[0]
    game.apply(UseMagic(0, game.state.players[0].hand[0]))
    st = game.state
    assert st.cards[pup].zone == "exile" and st.table.areas[1]["exile"] == [pup]
    assert st.players[1].field == [] and st.players[1].reserve == 2 and pup not in st.players[1].trash


def test_std_4_9_remove_from_game_takes_cards_from_the_trash():
    game = main_turn("""
        - {life: 5, reserve: 3, hand: [V-EXTRASH]}
        - {life: 5, trash: [V-PUP, V-TIRE]}
    """)
    gone = list(game.state.players[1].trash)
    game.apply(UseMagic(0, game.state.players[0].hand[0]))
    assert game.state.players[1].trash == [] and sorted(game.state.table.areas[1]["exile"]) == sorted(gone)


def test_saga_has_no_removed_area_the_card_leaves_the_game():
    game = main_turn("""
        - {life: 5, reserve: 3, hand: [V-EXILE]}
        - {life: 5, reserve: 0, field: [{card: V-PUP, cores: 2}]}
    """, game="bss")
    pup = game.state.players[1].field[0]
    game.apply(UseMagic(0, game.state.players[0].hand[0]))
    assert game.state.cards[pup].zone == "removed" and game.state.players[1].reserve == 2


def test_remove_from_game_card_format_text_and_hostile_values():
    e = parse_effect({"kind": "magic", "timing": ["main"],
                      "do": [{"remove_from_game": {"side": "opponent", "zone": "trash", "type": "any", "up_to": 2}}]},
                     "e", card_type="magic")
    assert effect_to_dict(e)["do"] == [{"remove_from_game": {"type": "any", "zone": "trash", "up_to": 2}}]
    assert effect_text(e) == "Main: Remove up to 2 cards in your opponent's trash from the game."
    assert "effects[0].do[0]" in bad_card(  # a deck's cards are counted, never selected
        [{"kind": "magic", "do": [{"remove_from_game": {"zone": "deck"}}]}], "magic")
    assert "effects[0].do[0].remove_from_game.zone" in bad_card(
        [{"kind": "magic", "do": [{"remove_from_game": {"zone": "exile"}}]}], "magic")
    assert "effects[0].do[0].remove_from_game.count" in bad_card(
        [{"kind": "magic", "do": [{"remove_from_game": {"count": -1}}]}], "magic")


# ---------------------------------------------------------------- "when depleted" (STD 5-11, 10-2-2-3)

def test_std_5_11_when_depleted_fires_with_the_level_before_depletion_and_not_when_destroyed():
    game = main_turn("""
        - {life: 5, reserve: 3, hand: [V-DRAIN]}
        - {life: 5, field: [{card: V-WILT, cores: 1}, {card: V-LAST, cores: 1}]}
    """)
    wilt, last = game.state.players[1].field
    before = hand_size(game, 1)
    events = game.apply(UseMagic(0, game.state.players[0].hand[0]))
    assert [e.kind for e in events].count("depleted") == 2 and "destroyed" not in [e.kind for e in events]
    assert game.state.cards[wilt].zone == game.state.cards[last].zone == "trash"
    assert hand_size(game, 1) == before + 1  # Wilting Sprout's [LV1] effect; Last Cinder's "when destroyed" is not


def test_std_10_2_2_3_a_spirit_depleted_from_lv2_at_once_uses_its_lv2_when_depleted_effect():
    # Withering Elder is at LV2 (3 cores); Deep Siphon takes all 3: depleted, it uses its level before depletion
    game = main_turn("""
        - {life: 5, reserve: 3, hand: [V-DRAIN3]}
        - {life: 5, field: [{card: V-WILT2, cores: 3}]}
    """)
    elder = game.state.players[1].field[0]
    assert game.level(elder) == 2
    before = hand_size(game, 1)
    events = game.apply(UseMagic(0, game.state.players[0].hand[0]))
    settle(game)
    assert [e.data.get("level") for e in events if e.kind == "depleted"] == [2]
    assert game.state.cards[elder].zone == "trash" and hand_size(game, 1) == before + 1  # its [LV2] effect


def test_std_5_11_your_and_opponent_spirit_depleted_watch_the_depletion():
    game = main_turn("""
        - {life: 5, reserve: 3, hand: [V-DRAIN], field: [{card: V-GLOAT, cores: 3}]}
        - {life: 5, field: [{card: V-PUP, cores: 1}, {card: V-MOURN, cores: 2}]}
    """)
    hands = hand_size(game, 0), hand_size(game, 1)
    game.apply(UseMagic(0, game.state.players[0].hand[0]))
    settle(game)
    # Ash Pup is depleted: Gloating Imp (player 1's) and Mourning Wisp (player 2's, still on the field) draw
    assert (hand_size(game, 0), hand_size(game, 1)) == (hands[0] - 1 + 1, hands[1] + 1)


def test_saga_never_depletes_when_depleted_stays_silent():
    game = main_turn("""
        - {life: 5, reserve: 3, hand: [V-DRAIN]}
        - {life: 5, field: [{card: V-WILT, cores: 1}, {card: V-LAST, cores: 1}]}
    """, game="bss")
    before = hand_size(game, 1)
    events = game.apply(UseMagic(0, game.state.players[0].hand[0]))
    assert "depleted" not in [e.kind for e in events]
    assert hand_size(game, 1) == before + 1  # Last Cinder's "when destroyed" only


def test_when_depleted_card_format_text_and_hostile_values():
    e = parse_effect({"kind": "triggered", "trigger": "your_spirit_depleted", "watch": {"family": "Dragon"},
                      "do": DRAW}, "e", card_type="spirit")
    assert effect_text(e) == "(When one of your Dragon spirits is depleted) Draw 1 card."
    assert effect_text(parse_effect({"kind": "triggered", "trigger": "when_depleted", "do": DRAW}, "e",
                                    card_type="spirit")) == "(When Depleted) Draw 1 card."
    assert "effects[0].watch" in bad_card([{"kind": "triggered", "trigger": "when_depleted", "watch": {},
                                            "do": DRAW}])
    assert "effects[0].trigger" in bad_card([{"kind": "triggered", "trigger": "when_depleted_twice", "do": DRAW}])


# ---------------------------------------------------------------- 〔Once per turn〕, 〔Unstackable〕 (STD 12-3)

def test_std_12_3_1_once_per_turn_each_card_activates_once_and_a_same_name_copy_once_too():
    game = main_turn("""
        - {life: 5, reserve: 5, field: [{card: V-ONCE, cores: 1}, {card: V-ONCE, cores: 1}]}
        - {life: 5}
    """)
    a, b = game.state.players[0].field
    before = hand_size(game, 0)
    game.apply(Activate(0, a, 0))
    settle(game)
    assert hand_size(game, 0) == before + 1
    e = refused(game, Activate(0, a, 0))
    assert "Once per turn" in e.message and "STD 12-3-1-1" in e.message
    assert Activate(0, a, 0) not in game.legal_commands() and Activate(0, b, 0) in game.legal_commands()
    game.apply(Activate(0, b, 0))  # STD 12-3-1-2: the same-name copy has its own
    settle(game)
    assert hand_size(game, 0) == before + 2
    refused(game, Activate(0, b, 0))


def test_std_4_1_4_a_card_that_left_the_field_and_came_back_is_a_new_card_with_its_once_per_turn_again():
    from bss_desktop.engine.commands import ManualMove

    game = main_turn("""
        - {life: 5, reserve: 5, field: [{card: V-ONCE, cores: 1}]}
        - {life: 5}
    """)
    a = game.state.players[0].field[0]
    game.apply(Activate(0, a, 0))
    settle(game)
    refused(game, Activate(0, a, 0))
    game.apply(ManualMove(0, a, "hand"))  # by hand: back to the hand, then onto the field again
    game.apply(ManualMove(0, a, "field", cores=1))
    assert Activate(0, a, 0) in game.legal_commands()


def test_std_12_3_1_the_usage_ledger_is_state_hashed_copied_and_cleared_at_the_turns_end():
    game = main_turn("""
        - {life: 5, reserve: 5, field: [{card: V-ONCE, cores: 1}]}
        - {life: 5, reserve: 5, field: [{card: V-ONCE, cores: 1}]}
    """)
    a = game.state.players[0].field[0]
    assert "effect_uses" not in game.state.to_dict()
    game.apply(Activate(0, a, 0))
    settle(game)
    assert game.state.to_dict()["effect_uses"] == [[a, 0]]
    copy, twin = game.state.copy(), game.clone()
    copy.effect_uses.clear()
    assert game.state.effect_uses == {(a, 0)} and twin.state.effect_uses == {(a, 0)}
    assert copy.hash() != game.state.hash()
    refused(twin, Activate(0, a, 0))
    game.apply(EndMain(0))
    game.apply(EndAttack(0))
    game.apply(EndMain(0))
    assert game.state.turn_player == 1 and not game.state.effect_uses and "effect_uses" not in game.state.to_dict()


def test_std_12_3_2_unstackable_one_activation_among_same_name_cards_at_one_timing():
    game = main_turn("""
        - {life: 5, reserve: 5, hand: [V-PUP, V-PUP], field: [{card: V-U, cores: 1}, {card: V-U, cores: 1},
                                                            {card: V-U2, cores: 1}]}
        - {life: 5}
    """)
    pups = [i for i in game.state.players[0].hand if game.state.cards[i].cid == "V-PUP"]
    before = hand_size(game, 0)
    game.apply(Summon(0, pups[0]))
    # one Herald Unstackable and Herald Other (another name, another effect, STD 12-3-2-2); the order is asked
    settle(game)
    assert hand_size(game, 0) == before - 1 + 2
    game.apply(Summon(0, pups[1]))  # another timing: again
    settle(game)
    assert hand_size(game, 0) == before - 2 + 4


def test_std_12_3_1_once_per_turn_same_name_copies_each_fire_once_a_turn():
    game = main_turn("""
        - {life: 5, reserve: 5, hand: [V-PUP, V-PUP], field: [{card: V-O, cores: 1}, {card: V-O, cores: 1}]}
        - {life: 5}
    """)
    pups = [i for i in game.state.players[0].hand if game.state.cards[i].cid == "V-PUP"]
    before = hand_size(game, 0)
    game.apply(Summon(0, pups[0]))
    settle(game)
    assert hand_size(game, 0) == before - 1 + 2  # each copy once
    game.apply(Summon(0, pups[1]))
    assert game.state.choice is None and hand_size(game, 0) == before - 2 + 2  # both used this turn


def test_std_12_3_3_unstackable_once_per_turn_same_name_copies_each_once_at_different_timings():
    game = main_turn("""
        - {life: 5, reserve: 5, hand: [V-PUP, V-PUP, V-PUP], field: [{card: V-UO, cores: 1}, {card: V-UO, cores: 1}]}
        - {life: 5}
    """)
    pups = [i for i in game.state.players[0].hand if game.state.cards[i].cid == "V-PUP"]
    before = hand_size(game, 0)
    for n, pup in enumerate(pups):
        game.apply(Summon(0, pup))
        assert game.state.choice is None  # never two at once
        assert hand_size(game, 0) == before - (n + 1) + min(n + 1, 2)


def test_limit_card_format_text_and_hostile_values():
    for limit, tag in (("once_per_turn", "〔Once per turn〕"), ("unstackable", "〔Unstackable〕"),
                       ("unstackable_once_per_turn", "〔Unstackable・Once per turn〕")):
        e = parse_effect({"kind": "triggered", "trigger": "when_attacks", "levels": [2], "limit": limit,
                          "do": DRAW}, "e", card_type="spirit")
        assert effect_to_dict(e)["limit"] == limit
        assert effect_text(e) == f"[LV2] {tag} (When Attacks) Draw 1 card."
    assert "effects[0].limit" in bad_card([{"kind": "triggered", "trigger": "when_attacks", "limit": "twice",
                                            "do": DRAW}])
    assert "effects[0].limit" in bad_card([{"kind": "triggered", "trigger": "when_attacks", "limit": ["once"],
                                            "do": DRAW}])
    assert "effects[0].limit" in bad_card([{"kind": "constant", "limit": "once_per_turn",
                                            "do": [{"bp": {"add": 1000}}]}])
    assert "effects[0].limit" in bad_card([{"kind": "magic", "limit": "once_per_turn", "do": DRAW}], "magic")
    assert "effects[0].limit" in bad_card([{"kind": "triggered", "trigger": "when_attacks", "manual": True,
                                            "text": "Draw 1.", "limit": "once_per_turn"}])


def test_card_text_shows_the_tag_of_an_activated_effect():
    text = card_text(DB["V-ONCE"])
    assert text == "〔Once per turn〕 Main: You may send 1 core from your reserve to your trash to draw 1 card."


# ---------------------------------------------------------------- threshold triggers (STD 13-1-1)

def test_std_13_1_1_cores_reach_fires_on_an_increase_to_n_or_more_even_from_n_never_on_a_decrease():
    game = main_turn("""
        - {life: 5, reserve: 5, field: [{card: V-REACH, cores: 2}, {card: V-PUP, cores: 3}]}
        - {life: 5}
    """)
    reach, pup = game.state.players[0].field
    before = hand_size(game, 0)
    game.apply(MoveCores(0, (CoreMove("reserve", reach, 1, False),)))  # 2 -> 3
    assert hand_size(game, 0) == before + 1
    game.apply(MoveCores(0, (CoreMove("reserve", reach, 1, False),)))  # 3 -> 4: from 3 or more, an increase
    assert hand_size(game, 0) == before + 2
    game.apply(MoveCores(0, (CoreMove(reach, pup, 1, False),)))  # 4 -> 3: a decrease
    assert hand_size(game, 0) == before + 2
    game.apply(MoveCores(0, (CoreMove(reach, "reserve", 2, False),)))  # 3 -> 1
    game.apply(MoveCores(0, (CoreMove("reserve", reach, 1, False),)))  # 1 -> 2: not 3
    assert hand_size(game, 0) == before + 2


def test_cores_reach_card_format_text_and_hostile_values():
    e = parse_effect({"kind": "triggered", "trigger": "cores_reach", "count": 4, "do": DRAW}, "e", card_type="spirit")
    assert effect_to_dict(e) == {"kind": "triggered", "trigger": "cores_reach", "count": 4, "do": DRAW}
    assert effect_text(e) == "(When this card has 4 or more cores) Draw 1 card."
    assert "effects[0].count" in bad_card([{"kind": "triggered", "trigger": "cores_reach", "do": DRAW}])
    assert "effects[0].count" in bad_card([{"kind": "triggered", "trigger": "cores_reach", "count": 0, "do": DRAW}])
    assert "effects[0].count" in bad_card([{"kind": "triggered", "trigger": "cores_reach", "count": "3",
                                            "do": DRAW}])
    assert "effects[0].count" in bad_card([{"kind": "triggered", "trigger": "when_attacks", "count": 3,
                                            "do": DRAW}])
    with pytest.raises(EffectSyntax):
        parse_effect({"kind": "triggered", "trigger": "cores_reach", "count": 10 ** 12, "do": DRAW}, "e",
                     card_type="spirit")


# ---------------------------------------------------------------- refreshing a heavy exhausted card (STD 5-14-2)

FRESH = spirit("V-FRESH", "Dawn Drake", [{"kind": "triggered", "trigger": "when_refreshed", "do": DRAW}])
REVIVE = magic("V-REVIVE", "Second Wind", [{"refresh": {"side": "you"}}])


def test_std_5_14_2_refreshing_a_heavy_exhausted_card_by_an_effect_exhausts_it_and_fires_when_refreshed():
    db = CardDB([card_from_record(c, STANDARD) for c in CARDS + [FRESH, REVIVE]])
    data = yaml.safe_load(textwrap.dedent("""
        turn: 3
        turn_player: 0
        step: main
        players:
          - {life: 5, reserve: 3, hand: [V-REVIVE], deck: [V-PUP, V-PUP],
             field: [{card: V-FRESH, cores: 1, exhausted: true, turn: heavy_exhausted}]}
          - {life: 5, deck: [V-PUP]}
    """))
    data["game"] = "standard"
    game = game_from_position(data, db)
    fresh = game.state.players[0].field[0]
    assert game.state.table.marks[fresh].turn == "heavy_exhausted"
    before = hand_size(game, 0)
    game.apply(UseMagic(0, game.state.players[0].hand[0]))
    assert game.state.cards[fresh].exhausted and fresh not in game.state.table.marks
    assert hand_size(game, 0) == before - 1 + 1  # "when refreshed": its controller draws


def test_std_5_14_2_the_refresh_step_fires_when_refreshed_for_a_heavy_exhausted_card_not_when_exhausted():
    db = CardDB([card_from_record(c, STANDARD) for c in CARDS + [FRESH, REVIVE]]
                + [card_from_record(spirit("V-TIRE2", "Weary Drake II", [
                    {"kind": "triggered", "trigger": "when_exhausted", "do": [{"core_gain": 1}]}]), STANDARD)])
    data = yaml.safe_load(textwrap.dedent("""
        turn: 3
        turn_player: 1
        step: main
        players:
          - {life: 5, deck: [V-PUP, V-PUP, V-PUP, V-PUP],
             field: [{card: V-FRESH, cores: 1, exhausted: true, turn: heavy_exhausted},
                     {card: V-TIRE2, cores: 1, exhausted: true, turn: heavy_exhausted}]}
          - {life: 5, deck: [V-PUP, V-PUP]}
    """))
    data["game"] = "standard"
    game = game_from_position(data, db)
    fresh, tire = game.state.players[0].field
    before = hand_size(game, 0)
    game.apply(EndMain(1))
    game.apply(EndAttack(1))
    events = game.apply(EndMain(1))  # player 1's turn: the start, core, draw (1 card) and refresh steps
    settle(game)
    assert game.state.turn_player == 0 and game.state.cards[fresh].exhausted and game.state.cards[tire].exhausted
    assert hand_size(game, 0) == before + 1 + 1  # the draw step, and Dawn Drake's "when refreshed"
    assert not [e for e in events if e.kind == "cores_moved" and e.data["reason"] == "effect"]  # no "when exhausted"


# ---------------------------------------------------------------- every word: its own text, documented

def test_standards_triggers_have_labels_of_their_own_and_every_new_word_is_documented():
    from pathlib import Path

    from bss_desktop.carddb.effects import LIMITS, STANDARD_TRIGGERS, TRIGGERS

    def label(trig):
        kw = {"step": "main", "whose": "you"} if trig == "start_of_step" else \
            {"whose": "you"} if trig in ("end_of_turn", "burst_set") else {"count": 2} if trig == "cores_reach" else {}
        return effect_text(parse_effect({"kind": "triggered", "trigger": trig, "do": DRAW, **kw}, "e",
                                        card_type="spirit"))
    labels = {t: label(t) for t in TRIGGERS + STANDARD_TRIGGERS}
    assert len(set(labels.values())) == len(labels)
    assert not [t for t in STANDARD_TRIGGERS if "_" in labels[t] or "None" in labels[t]]
    doc = (Path(__file__).resolve().parent.parent / "docs" / "card-format.md").read_text(encoding="utf-8")
    words = STANDARD_TRIGGERS + LIMITS + ("heavy_exhaust", "remove_from_game", "limit", "count")
    assert not [w for w in words if f"`{w}`" not in doc]
