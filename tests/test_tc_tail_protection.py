"""The tail of issue 28, family "protection" (text_compile/templates/protection.py and deck.py): life triggers,
replacement, life conditions and the deck (docs/saga-rulings.md, "Replacement and immunity", "Looking at and moving
the deck").

Every sentence here is written for these tests in the templates real card text uses; none is a real card's text.
Each template is checked compiled (the directives it says) and played from a concrete position (the outcome the text
states).
"""
from __future__ import annotations

import pytest

from bss_desktop.carddb.card_text import effect_text
from bss_desktop.carddb.effects import EffectSyntax, effect_to_dict, parse_effect
from bss_desktop.carddb.text_compile import compile_effect, compile_sentence
from bss_desktop.engine.commands import Attack, Block, Pass, Summon, UseMagic
from helpers import answer, cids, first, imported_db, position, record, two_players

FAMILIES = ("Stoneback", "Sky Warden")


def ops(sentence: str):
    s = compile_sentence(sentence, FAMILIES)
    assert s.ok, s.why
    return s.ops


def spirit(details: str, condition: str = "N/A", **fields) -> dict:
    """ZT-001 (a red Stoneback spirit, 1000 / 3000 BP) with one effect at LV1 and LV2."""
    return record(effects=[{"levels": [1, 2], "condition": condition, "keywords": [], "steps": [],
                            "details": details}], **fields)


def magic(details: str, ID: str = "ZT-090") -> dict:
    return record(effects=[{"levels": [], "condition": "N/A", "keywords": [], "steps": ["Main", "Flash"],
                            "details": details}], cardType="MAGIC", name="Test Magic " + ID, ID=ID,
                  core_requirements=[])


def game_of(db, p0: str, p1: str = "{life: 5, reserve: 3}", **kw):
    return position(two_players(p0, p1, **kw), db=db)


def use(game, p: int = 0, cid: str = "ZT-090"):
    return game.apply(UseMagic(p, first(game, p, cid, "hand")))


def attack_unblocked(game, p: int, attacker: int):
    game.apply(Attack(p, attacker))
    game.apply(Pass(1 - p))
    game.apply(Pass(p))
    return game.apply(Block(1 - p, None))


# ---------------------------------------------------------------- ruling P12: "this spirit reduces your opponent's life"


def test_ruling_p12_when_this_spirit_reduces_your_opponents_life_is_its_attacks_trigger():
    assert ops("When this spirit reduces your opponent's life, draw cards until you have 5 cards in your hand.") == [
        {"_trigger": {"trigger": "when_attack_reduces_life"}}, {"draw": {"until": 5}}]
    # the same trigger as the core's "when this spirit's attack reduces your opponent's life"
    assert ops("When this spirit reduces your opponent's life, draw a card.")[0] == \
        ops("When this spirit's attack reduces your opponent's life, draw a card.")[0]
    c = compile_effect("spirit", "N/A", "When this spirit reduces your opponent's life, you may exhaust 1 of your "
                                        "nexuses to select 1 of your Sky Warden spirits and refresh it.",
                       families=FAMILIES)
    assert c.automated, c.why
    assert c.effect["trigger"] == "when_attack_reduces_life"


def test_ruling_p12_played_draw_until_when_this_spirit_reduces_your_opponents_life():
    db = imported_db(spirit("When this spirit reduces your opponent's life, draw cards until you have 3 cards in "
                            "your hand."))
    game = game_of(db, "{life: 5, reserve: 3, hand: [T-R1], deck: [T-W0, T-G4, T-MB, T-R1A], field: [ZT-001]}",
                   step="attack")
    attack_unblocked(game, 0, game.state.players[0].field[0])
    assert game.state.players[1].life == 4
    assert sorted(cids(game, game.state.players[0].hand)) == ["T-G4", "T-R1", "T-W0"]


def test_ruling_p12_played_a_blocked_attack_reduces_no_life_and_triggers_nothing():
    db = imported_db(spirit("When this spirit reduces your opponent's life, draw a card."))
    game = game_of(db, "{life: 5, reserve: 3, deck: [T-W0, T-G4], field: [ZT-001]}",
                   "{life: 5, reserve: 3, field: [T-B2]}", step="attack")
    game.apply(Attack(0, game.state.players[0].field[0]))
    game.apply(Pass(1))
    game.apply(Pass(0))
    game.apply(Block(1, game.state.players[1].field[0]))
    game.apply(Pass(1))
    game.apply(Pass(0))
    assert game.state.players[1].life == 5 and game.state.players[0].hand == []


# ---------------------------------------------------------------- deck: "discard N cards from the top of your deck"


@pytest.mark.parametrize("sentence, expected", [
    ("Discard 3 cards from the top of your deck.", [{"mill": {"count": 3, "side": "you"}}]),
    ("Then, discard 2 cards from the top of your opponent's deck.",
     [{"mill": {"count": 2, "side": "opponent"}, "_then": True}]),
    ("Discard a card from the top of your deck.", [{"mill": {"count": 1, "side": "you"}}]),
])
def test_cr_3_4_1_discard_cards_from_the_top_of_a_deck_is_the_mill(sentence, expected):
    assert ops(sentence) == expected
    assert ops(sentence.replace("Then, discard", "Discard"))[0]["mill"] == expected[0]["mill"]


def test_cr_3_4_1_discarding_cards_of_a_kind_from_the_top_stays_manual():
    s = compile_sentence("Discard 2 spirit cards from the top of your deck.")
    assert not s.ok and "of a kind" in s.why


def test_ruling_deck_1_played_draw_then_discard_from_the_top_then_add_one_from_the_discarded_cards():
    db = imported_db(magic("Draw 1 card. Then, discard 3 cards from the top of your deck. Add 1 magic card from the "
                           "discarded cards to your hand."))
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-090], deck: [T-W0, T-R1, T-MB, T-G4, T-R1A]}")
    use(game)
    assert sorted(cids(game, game.state.players[0].hand)) == ["T-MB", "T-W0"]
    assert sorted(cids(game, game.state.players[0].trash)) == ["T-G4", "T-R1", "ZT-090"]
    assert cids(game, game.state.players[0].deck) == ["T-R1A"]


# ---------------------------------------------------------------- CR 3-7: "if you have less life than your opponent"


def test_cr_3_7_less_life_than_your_opponent_is_a_condition_written_before_or_after():
    assert ops("Place a core from the void into your life if you have less life than your opponent.") == [
        {"life_gain": 1, "if": {"less_life": True}}]
    assert ops("If you have less life than your opponent, draw 2 cards.") == [{"draw": 2, "if": {"less_life": True}}]


def test_cr_3_7_less_life_is_written_back_and_read_as_english():
    e = parse_effect({"kind": "triggered", "trigger": "when_summoned", "condition": {"less_life": True},
                      "do": [{"draw": 1}]}, "e", card_type="spirit")
    assert parse_effect(effect_to_dict(e), "e", card_type="spirit") == e
    assert "if you have less life than your opponent" in effect_text(e).lower()
    e = parse_effect({"kind": "constant", "condition": {"less_life": False}, "do": [{"bp": {"add": 1000}}]}, "e",
                     card_type="spirit")
    assert "while you do not have less life than your opponent" in effect_text(e).lower()


@pytest.mark.parametrize("value", ["yes", 1, None, [True]])
def test_hostile_a_malformed_less_life_condition_is_refused_naming_the_field(value):
    with pytest.raises(EffectSyntax) as err:
        parse_effect({"kind": "triggered", "trigger": "when_summoned", "condition": {"less_life": value},
                      "do": [{"draw": 1}]}, "e", card_type="spirit")
    assert err.value.field == "e.condition.less_life"


@pytest.mark.parametrize("mine, theirs, gained", [(2, 4, True), (4, 4, False), (5, 3, False)])
def test_cr_3_7_played_a_core_into_your_life_only_with_less_life_than_your_opponent(mine, theirs, gained):
    db = imported_db(magic("Place a core from the void into your life if you have less life than your opponent."))
    game = game_of(db, f"{{life: {mine}, reserve: 3, hand: [ZT-090]}}", f"{{life: {theirs}, reserve: 3}}")
    use(game)
    assert game.state.players[0].life == mine + (1 if gained else 0)
    assert game.state.players[1].life == theirs


# ---------------------------------------------------------------- ruling P12: life reduced by one of their spirits


def test_ruling_p12_your_life_reduced_by_one_of_your_opponents_spirits_is_the_watched_attack_trigger():
    assert ops("When your life is reduced by one of your opponent's spirits without Astral, draw a card.") == [
        {"_trigger": {"trigger": "opponent_spirit_reduces_life", "watch": {"no_keyword": "astral"}}}, {"draw": 1}]
    assert ops("When your life is reduced by one of your opponent's Stoneback spirits, draw a card.")[0] == \
        ops("When your life is reduced by an attack from one of your opponent's Stoneback spirits, draw a card.")[0]
    assert not compile_sentence("When your life is reduced by 2 of your opponent's spirits, draw a card.").ok


def test_cr_10_13_a_watch_without_a_keyword_is_written_back_and_read_as_english():
    for trigger in ("opponent_spirit_reduces_life", "opponent_attacks"):
        e = parse_effect({"kind": "triggered", "trigger": trigger, "watch": {"no_keyword": "astral"},
                          "do": [{"draw": 1}]}, "e", card_type="nexus")
        assert parse_effect(effect_to_dict(e), "e", card_type="nexus") == e
        assert "no 【Astral】" in effect_text(e)


@pytest.mark.parametrize("value", ["flying", 3, ["astral"]])
def test_hostile_a_malformed_watch_no_keyword_is_refused_naming_the_field(value):
    with pytest.raises(EffectSyntax) as err:
        parse_effect({"kind": "triggered", "trigger": "opponent_attacks", "watch": {"no_keyword": value},
                      "do": [{"draw": 1}]}, "e", card_type="nexus")
    assert err.value.field.startswith("e.watch.no_keyword")


def test_ruling_p12_played_a_life_reduced_by_a_spirit_without_the_keyword_draws():
    db = imported_db(spirit("When your life is reduced by one of your opponent's spirits without Astral, draw a card.",
                            ID="ZT-050", name="Watcher", cardType="NEXUS",
                            core_requirements=[{"level": 1, "cores": 0}, {"level": 2, "cores": 2}]))
    game = game_of(db, "{life: 5, reserve: 3, field: [T-R1]}",
                   "{life: 5, reserve: 3, deck: [T-W0, T-G4], field: [ZT-050]}", step="attack")
    attack_unblocked(game, 0, game.state.players[0].field[0])
    assert game.state.players[1].life == 4 and cids(game, game.state.players[1].hand) == ["T-W0"]


def test_ruling_p12_played_a_spirit_with_astral_reduces_life_and_nothing_is_drawn():
    db = imported_db(spirit("When your life is reduced by one of your opponent's spirits without Astral, draw a card.",
                            ID="ZT-050", name="Watcher", cardType="NEXUS",
                            core_requirements=[{"level": 1, "cores": 0}, {"level": 2, "cores": 2}]))
    game = game_of(db, "{life: 5, reserve: 3, field: [KW-AST]}",  # a spirit of the test pool with Astral
                   "{life: 5, reserve: 3, deck: [T-W0, T-G4], field: [ZT-050]}", step="attack")
    attack_unblocked(game, 0, game.state.players[0].field[0])
    assert game.state.players[1].life == 4 and game.state.players[1].hand == []


# ---------------------------------------------------------------- ruling P13: cannot be discarded from your hand


def test_ruling_p13_your_opponents_effects_cannot_discard_cards_from_your_hand_compiles():
    hand = {"side": "you", "zone": "hand", "type": "any", "all": True}
    c = compile_effect("nexus", "N/A", "Your opponent's effects cannot discard cards from your hand.")
    assert c.effect == {"kind": "constant", "do": [{"restrict": {"target": hand, "cannot": "be_discarded",
                                                                 "by": {"type": "any"}}}]}
    assert ops("The effects of your opponent's magic cards cannot discard cards from your hand.") == [
        {"restrict": {"target": hand, "cannot": "be_discarded", "_duration": None, "by": {"type": "magic"}}}]
    e = parse_effect(c.effect, "e", card_type="nexus")
    assert parse_effect(effect_to_dict(e), "e", card_type="nexus") == e
    assert effect_text(e) == "Constant: All cards in your hand cannot be discarded by your opponent's effects."


def test_ruling_p13_for_a_while_stays_manual():
    s = compile_sentence("Your opponent's effects cannot discard cards from your hand during this turn.")
    assert not s.ok and "constant" in s.why


@pytest.mark.parametrize("effect, field", [
    ({"kind": "constant", "do": [{"restrict": {"target": {"side": "you", "all": True}, "cannot": "be_discarded"}}]},
     "e.do[0].restrict.target"),
    ({"kind": "constant", "do": [{"restrict": {"target": {"side": "you", "zone": "hand", "type": "any", "all": True},
                                               "cannot": "be_selected"}}]}, "e.do[0].restrict.target"),
    ({"kind": "triggered", "trigger": "when_summoned",
      "do": [{"restrict": {"target": {"side": "you", "zone": "hand", "type": "any", "all": True},
                           "cannot": "be_discarded"}}]}, "e.do[0].restrict"),
    ({"kind": "constant", "do": [{"restrict": {"target": {"side": "you", "zone": "hand", "type": "any", "all": True},
                                               "cannot": "be_discarded", "by": {"type": "deck"}}}]},
     "e.do[0].restrict.by"),
])
def test_hostile_a_malformed_be_discarded_is_refused_naming_the_field(effect, field):
    with pytest.raises(EffectSyntax) as err:
        parse_effect(effect, "e", card_type="spirit")
    assert err.value.field.startswith(field), err.value.field


def nexus(details: str) -> dict:
    return spirit(details, ID="ZT-050", name="Test Nexus", cardType="NEXUS",
                  core_requirements=[{"level": 1, "cores": 0}, {"level": 2, "cores": 2}])


def test_ruling_p13_played_your_opponents_discard_finds_no_card_in_your_hand():
    db = imported_db(nexus("Your opponent's effects cannot discard cards from your hand."),
                     magic("Your opponent discards 2 cards."))
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-090]}", "{life: 5, reserve: 3, hand: [T-R1, T-W0], "
                                                                  "field: [ZT-050]}")
    use(game)
    assert sorted(cids(game, game.state.players[1].hand)) == ["T-R1", "T-W0"]
    assert cids(game, game.state.players[1].trash) == []


def test_ruling_p13_played_each_player_discards_and_only_the_protected_hand_keeps_its_cards():
    db = imported_db(nexus("Your opponent's effects cannot discard cards from your hand."),
                     magic("Each player discards 1 card."))
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-090, T-G4]}", "{life: 5, reserve: 3, hand: [T-R1], "
                                                                         "field: [ZT-050]}")
    use(game)
    assert cids(game, game.state.players[0].hand) == [] and "T-G4" in cids(game, game.state.players[0].trash)
    assert cids(game, game.state.players[1].hand) == ["T-R1"]


def test_ruling_p13_played_your_own_effects_still_discard_and_only_the_kinds_named_are_kept_out():
    db = imported_db(nexus("The effects of your opponent's magic cards cannot discard cards from your hand."),
                     magic("Discard 1 card."),
                     spirit("Your opponent discards 1 card.", "When Summoned", ID="ZT-002", name="Thief"))
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-090, T-G4], field: [ZT-050]}")
    use(game)  # the protected player's own magic card
    assert sorted(cids(game, game.state.players[0].trash)) == ["T-G4", "ZT-090"]
    game = game_of(db, "{life: 5, reserve: 5, hand: [ZT-002]}", "{life: 5, reserve: 3, hand: [T-R1], field: [ZT-050]}")
    game.apply(Summon(0, first(game, 0, "ZT-002", "hand")))  # a spirit's effect is not a magic card's
    assert cids(game, game.state.players[1].hand) == [] and cids(game, game.state.players[1].trash) == ["T-R1"]


def test_ruling_p13_played_without_the_nexus_the_discard_happens():
    db = imported_db(nexus("Your opponent's effects cannot discard cards from your hand."),
                     magic("Your opponent discards 1 card."))
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-090]}", "{life: 5, reserve: 3, hand: [T-R1, ZT-050]}")
    use(game)
    assert game.pending.player == 1  # the nexus in the hand protects nothing: they choose what to discard
    answer(game, [first(game, 1, "T-R1", "hand")])
    assert cids(game, game.state.players[1].hand) == ["ZT-050"] and cids(game, game.state.players[1].trash) == ["T-R1"]


# ---------------------------------------------------------------- CR 7-1-5-2-1: their spirit destroyed by comparing BP


def test_cr_7_1_5_2_1_your_opponents_spirit_destroyed_via_comparing_bp_compiles():
    assert ops("When your opponent's spirit is destroyed via comparing BP, place a core from your opponent's life "
               "into their trash.") == [{"_trigger": {"trigger": "opponent_spirit_destroyed_in_battle"}},
                                        {"life_damage": {"count": 1, "to": "trash"}}]
    assert ops("When your opponent's spirit is destroyed in battle, draw a card.")[0] == {
        "_trigger": {"trigger": "opponent_spirit_destroyed_in_battle"}}
    assert ops("Send 2 cores from your opponent's life into their trash.") == [
        {"life_damage": {"count": 2, "to": "trash"}}]


def test_cr_7_1_5_2_1_the_trigger_and_life_to_the_trash_are_written_back_and_read_as_english():
    e = parse_effect({"kind": "triggered", "trigger": "opponent_spirit_destroyed_in_battle",
                      "watch": {"family": "Stoneback"}, "do": [{"life_damage": {"count": 1, "to": "trash"}}]}, "e",
                     card_type="nexus")
    assert parse_effect(effect_to_dict(e), "e", card_type="nexus") == e
    assert effect_text(e) == ("(When one of your opponent's Stoneback spirits is destroyed in battle) Send 1 core from "
                              "your opponent's life to their trash.")
    e = parse_effect({"kind": "triggered", "trigger": "when_summoned",
                      "do": [{"life_damage": {"count": 1, "to": "reserve"}}]}, "e", card_type="spirit")
    assert effect_to_dict(e)["do"] == [{"life_damage": 1}]


@pytest.mark.parametrize("directive, field", [
    ({"life_damage": {"count": 1, "to": "void"}}, "e.do[0].life_damage.to"),
    ({"life_damage": {"count": 1, "to": ["trash"]}}, "e.do[0].life_damage.to"),
    ({"life_damage": {"count": 1, "into": "trash"}}, "e.do[0].life_damage"),
])
def test_hostile_a_malformed_life_damage_destination_is_refused_naming_the_field(directive, field):
    with pytest.raises(EffectSyntax) as err:
        parse_effect({"kind": "triggered", "trigger": "when_summoned", "do": [directive]}, "e", card_type="spirit")
    assert err.value.field.startswith(field), err.value.field


def test_hostile_a_watch_on_their_spirit_destroyed_in_battle_is_checked():
    with pytest.raises(EffectSyntax) as err:
        parse_effect({"kind": "triggered", "trigger": "opponent_spirit_destroyed_in_battle", "watch": {"zone": "hand"},
                      "do": [{"draw": 1}]}, "e", card_type="nexus")
    assert err.value.field.startswith("e.watch")


def test_cr_7_1_5_2_1_played_their_blocker_destroyed_by_comparing_bp_sends_a_life_core_to_their_trash():
    db = imported_db(nexus("When your opponent's spirit is destroyed via comparing BP, place a core from your "
                           "opponent's life into their trash."))
    game = game_of(db, "{life: 5, reserve: 3, field: [{card: T-R3}, ZT-050]}",  # 3000 BP
                   "{life: 5, reserve: 3, field: [T-R1]}", step="attack")  # 1000 BP
    attacker, blocker = game.state.players[0].field[0], game.state.players[1].field[0]
    game.apply(Attack(0, attacker))
    game.apply(Pass(1))
    game.apply(Pass(0))
    game.apply(Block(1, blocker))
    game.apply(Pass(1))
    game.apply(Pass(0))
    assert game.state.cards[blocker].zone == "trash"
    assert game.state.players[1].life == 4 and game.state.players[1].trash_cores == 1


def test_cr_7_1_5_2_1_played_their_spirit_destroyed_by_an_effect_triggers_nothing():
    db = imported_db(nexus("When your opponent's spirit is destroyed via comparing BP, place a core from your "
                           "opponent's life into their trash."),
                     magic("Select one of your opponent's spirits and destroy it."))
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-090], field: [ZT-050]}", "{life: 5, reserve: 3, field: [T-R1]}")
    use(game)
    assert game.state.cards[game.state.players[1].trash[0]].cid == "T-R1"
    assert game.state.players[1].life == 5


# ---------------------------------------------------------------- ruling P14: "if you did not lose life this turn"


def test_ruling_p14_did_not_lose_life_this_turn_compiles_to_a_condition():
    assert ops("If you did not lose life this turn, place 1 core from your opponent's life into their trash.") == [
        {"life_damage": {"count": 1, "to": "trash"}, "if": {"life_lost": False}}]
    assert ops("If you lost life this turn, draw a card.") == [{"draw": 1, "if": {"life_lost": True}}]


def test_ruling_p14_life_lost_is_written_back_and_refused_when_malformed():
    e = parse_effect({"kind": "triggered", "trigger": "when_summoned", "condition": {"life_lost": False},
                      "do": [{"draw": 1}]}, "e", card_type="spirit")
    assert parse_effect(effect_to_dict(e), "e", card_type="spirit") == e
    assert "if you did not lose life this turn" in effect_text(e).lower()
    with pytest.raises(EffectSyntax) as err:
        parse_effect({"kind": "triggered", "trigger": "when_summoned", "condition": {"life_lost": "no"},
                      "do": [{"draw": 1}]}, "e", card_type="spirit")
    assert err.value.field == "e.condition.life_lost"


def _their_attacks(db):
    return game_of(db, "{life: 5, reserve: 3, field: [ZT-050]}",
                   "{life: 5, reserve: 3, field: [T-R1, T-W0]}", step="attack", turn=4, turn_player=1)


WATCHER = ("When one of your opponent's spirits attacks, if you did not lose life this turn, place 1 core from your "
           "opponent's life into their trash.")


def test_ruling_p14_played_before_any_loss_the_condition_holds():
    db = imported_db(nexus(WATCHER))
    game = _their_attacks(db)
    game.apply(Attack(1, game.state.players[1].field[0]))
    assert game.state.players[1].life == 4 and game.state.players[1].trash_cores == 1


def test_ruling_p14_played_after_a_life_reduced_by_an_attack_this_turn_it_does_not():
    db = imported_db(nexus(WATCHER))
    game = _their_attacks(db)
    first_attacker, second = game.state.players[1].field
    attack_unblocked(game, 1, first_attacker)  # the watcher takes a core from them, then their attack takes one
    assert game.state.players[0].life == 4 and game.state.players[1].life == 4
    game.apply(Attack(1, second))  # the controller lost life this turn: nothing more
    assert game.state.players[1].life == 4 and game.state.players[1].trash_cores == 1


def test_ruling_p14_played_if_you_lost_life_this_turn_holds_only_after_the_loss():
    db = imported_db(nexus(WATCHER.replace("did not lose", "lost")))
    game = _their_attacks(db)
    first_attacker, second = game.state.players[1].field
    attack_unblocked(game, 1, first_attacker)
    assert game.state.players[1].life == 5  # no loss yet when it triggered
    game.apply(Attack(1, second))
    assert game.state.battle.attacker == second
    assert game.state.players[1].life == 4 and game.state.players[1].trash_cores == 1


# ---------------------------------------------------------------- CR 10-15-1: one of your nexuses destroyed by them


def test_cr_10_15_1_one_of_your_nexuses_destroyed_by_your_opponents_effect_compiles():
    assert ops("When one of your blue nexuses is destroyed by your opponent's effect, place a core from the void into "
               "your life.") == [{"_trigger": {"trigger": "your_nexus_destroyed_by_opponent",
                                               "watch": {"colors": ["blue"]}}}, {"life_gain": 1}]
    s = compile_sentence("When one of your spirits is destroyed by your opponent's effect, draw a card.")
    assert not s.ok and "nexuses" in s.why  # a spirit may be destroyed in battle too: another trigger


def test_cr_10_15_1_the_nexus_trigger_is_written_back_and_its_watch_checked():
    e = parse_effect({"kind": "triggered", "trigger": "your_nexus_destroyed_by_opponent",
                      "watch": {"colors": ["blue"]}, "do": [{"bounce": "trigger"}]}, "e", card_type="nexus")
    assert parse_effect(effect_to_dict(e), "e", card_type="nexus") == e
    assert effect_text(e).startswith("(When one of your Blue nexuses is destroyed by your opponent)")
    with pytest.raises(EffectSyntax) as err:
        parse_effect({"kind": "triggered", "trigger": "your_nexus_destroyed_by_opponent", "watch": {"side": "you"},
                      "do": [{"draw": 1}]}, "e", card_type="nexus")
    assert err.value.field.startswith("e.watch")


GUARD = "When one of your blue nexuses is destroyed by your opponent's effect, place a core from the void into your life."


def test_cr_10_15_1_played_their_effect_destroys_your_blue_nexus_and_your_life_increases():
    db = imported_db(nexus(GUARD), magic("Select one of your opponent's nexuses and destroy it."))
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-090]}", "{life: 3, reserve: 3, field: [ZT-050, T-NX2]}")
    watcher, tower = game.state.players[1].field
    use(game)
    answer(game, [tower])
    assert game.state.cards[tower].zone == "trash" and game.state.players[1].life == 4


@pytest.mark.parametrize("pick", [0, 1])  # the watcher itself (red), or a red nexus of theirs: neither is watched
def test_cr_10_15_1_played_a_nexus_the_watch_does_not_fit_triggers_nothing(pick):
    db = imported_db(nexus(GUARD), magic("Select one of your opponent's nexuses and destroy it."))
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-090]}", "{life: 3, reserve: 3, field: [ZT-050, T-NX]}")
    target = game.state.players[1].field[pick]
    use(game)
    answer(game, [target])
    assert game.state.cards[target].zone == "trash" and game.state.players[1].life == 3


def test_cr_10_15_1_played_your_own_effect_destroying_your_nexus_triggers_nothing():
    db = imported_db(nexus(GUARD), magic("Select one of your nexuses and destroy it."))
    game = game_of(db, "{life: 3, reserve: 3, hand: [ZT-090], field: [ZT-050, T-NX2]}")
    watcher, tower = game.state.players[0].field
    use(game)
    answer(game, [tower])
    assert game.state.cards[tower].zone == "trash" and game.state.players[0].life == 3


# ---------------------------------------------------------------- ruling P15: attacks that cannot reduce life to 0


def test_ruling_p15_attacks_that_cannot_reduce_your_life_to_0_compile():
    assert ops("Attacks from your opponent's non-token spirits that cost 4 or fewer cannot reduce your life to 0 "
               "during this turn.") == [{"restrict": {"target": {"token": False, "all": True, "cost_max": 4},
                                                      "cannot": "reduce_life_to_zero", "_duration": "turn"}}]
    assert not compile_sentence("Attacks from your opponent's spirits cannot reduce your life to 1.").ok
    assert not compile_sentence("Attacks from your spirits cannot reduce your life to 0.").ok


def test_ruling_p15_written_back_and_read_as_english():
    e = parse_effect({"kind": "constant", "do": [{"restrict": {"target": {"side": "opponent", "all": True,
                                                                          "token": False},
                                                               "cannot": "reduce_life_to_zero"}}]},
                     "e", card_type="nexus")
    assert parse_effect(effect_to_dict(e), "e", card_type="nexus") == e
    assert effect_text(e).endswith("cannot reduce life to 0.")
    with pytest.raises(EffectSyntax) as err:
        parse_effect({"kind": "constant", "do": [{"restrict": {"target": {"all": True}, "cannot": "reduce_life_to_0"}}]},
                     "e", card_type="nexus")
    assert err.value.field == "e.do[0].restrict.cannot"


def test_ruling_p15_cr_8_8_1_4_played_cheap_attackers_leave_one_core_in_your_life_this_turn():
    db = imported_db(magic("Attacks from your opponent's spirits that cost 4 or fewer cannot reduce your life to 0 "
                           "during this turn."))
    game = game_of(db, "{life: 5, reserve: 3, field: [T-R3, T-R1, T-R5]}", "{life: 2, reserve: 3, hand: [ZT-090]}",
                   step="attack")
    knight, pup, titan = game.state.players[0].field
    game.apply(Attack(0, knight))
    use(game, 1)
    game.apply(Pass(0))
    game.apply(Pass(1))
    game.apply(Block(1, None))
    assert game.state.players[1].life == 1  # a core was left anyway: the damage in full
    attack_unblocked(game, 0, pup)
    assert game.state.players[1].life == 1 and game.state.result is None  # the last core stays
    attack_unblocked(game, 0, titan)  # cost 5: not one of them
    assert game.state.players[1].life == 0 and game.state.result is not None


def test_ruling_p15_played_a_constant_effect_lets_two_symbols_take_all_but_one_core():
    db = imported_db(nexus("Attacks from your opponent's spirits cannot reduce your life to 0."))
    game = game_of(db, "{life: 5, reserve: 3, field: [T-R5]}", "{life: 2, reserve: 3, field: [ZT-050]}",
                   step="attack")
    attack_unblocked(game, 0, game.state.players[0].field[0])  # two symbols against a life of two
    assert game.state.players[1].life == 1 and game.state.players[1].reserve == 4


# ---------------------------------------------------------------- ruling P16: "When Blocks" effects not triggered


MUTE = ("\"When This Spirit Blocks\" effects on your opponent's spirits blocking your Stoneback spirits are not "
        "triggered.")


def test_ruling_p16_when_blocks_effects_on_blockers_compile_to_a_restriction_naming_the_attackers():
    assert ops(MUTE) == [{"restrict": {"target": {"all": True}, "cannot": "trigger_when_blocks", "_duration": None,
                                       "by": {"side": "you", "family": "Stoneback"}}}]
    c = compile_effect("spirit", "N/A", MUTE, families=FAMILIES)
    e = parse_effect(c.effect, "e", card_type="spirit")
    assert parse_effect(effect_to_dict(e), "e", card_type="spirit") == e
    assert effect_text(e) == ("Constant: The \"When Blocks\" effects on all your opponent's spirits blocking your "
                              "Stoneback spirits are not triggered.")


@pytest.mark.parametrize("sentence", [
    "\"When This Spirit Attacks\" effects on your opponent's spirits blocking your Stoneback spirits are not triggered.",
    "\"When This Spirit Blocks\" effects on your spirits blocking your opponent's spirits are not triggered.",
])
def test_ruling_p16_other_labels_and_sides_stay_manual(sentence):
    assert not compile_sentence(sentence, FAMILIES).ok


@pytest.mark.parametrize("restrict, field", [
    ({"target": {"all": True}, "cannot": "trigger_when_blocks"}, "e.do[0].restrict.by"),
    ({"target": {"all": True}, "cannot": "trigger_when_blocks", "by": "this"}, "e.do[0].restrict.by"),
    ({"target": {"all": True}, "cannot": "trigger_when_blocks", "by": {"colour": "red"}}, "e.do[0].restrict.by"),
])
def test_hostile_a_malformed_trigger_when_blocks_is_refused_naming_the_field(restrict, field):
    with pytest.raises(EffectSyntax) as err:
        parse_effect({"kind": "constant", "do": [{"restrict": restrict}]}, "e", card_type="spirit")
    assert err.value.field.startswith(field), err.value.field


def _blocked_by_the_warden():
    db = imported_db(spirit(MUTE),
                     spirit("Draw a card.", "When This Spirit Blocks", ID="ZT-002", name="Warden",
                            subType=["Sky Warden"]),
                     spirit("Draw a card.", "When This Spirit Attacks or Blocks", ID="ZT-003", name="Sentry",
                            subType=["Sky Warden"]))
    return db


def test_ruling_p16_cr_10_11_2_played_the_blockers_when_blocks_effects_are_not_triggered():
    db = _blocked_by_the_warden()
    for blocker_cid in ("ZT-002", "ZT-003"):
        game = game_of(db, "{life: 5, reserve: 3, field: [{card: ZT-001, cores: 3}]}",
                       f"{{life: 5, reserve: 3, deck: [T-W0, T-G4], field: [{blocker_cid}]}}", step="attack")
        game.apply(Attack(0, game.state.players[0].field[0]))
        game.apply(Pass(1))
        game.apply(Pass(0))
        game.apply(Block(1, game.state.players[1].field[0]))
        while game.pending.kind == "choose":
            answer(game, True)
        assert game.state.players[1].hand == [], blocker_cid


def test_ruling_p16_played_blocking_a_spirit_that_does_not_fit_triggers_them():
    db = _blocked_by_the_warden()
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001, T-R3]}",
                   "{life: 5, reserve: 3, deck: [T-W0, T-G4], field: [ZT-002]}", step="attack")
    game.apply(Attack(0, game.state.players[0].field[1]))  # a spirit of no family: not one it names
    game.apply(Pass(1))
    game.apply(Pass(0))
    game.apply(Block(1, game.state.players[1].field[0]))
    while game.pending.kind == "choose":
        answer(game, True)
    assert cids(game, game.state.players[1].hand) == ["T-W0"]


# ---------------------------------------------------------------- ruling P17: remain on the field exhausted instead


REMAIN = ("When your Stoneback spirits would be destroyed by your opponent's destruction effects, they remain on the "
          "field exhausted instead.")


def test_ruling_p17_remain_on_the_field_exhausted_instead_compiles_to_a_substitution():
    sub = {"by_opponent": True, "by_effect": True, "instead": [{"exhaust": "trigger"}]}
    assert ops(REMAIN) == [{"substitute": {"target": {"side": "you", "family": "Stoneback"}, **sub}}]
    assert ops("When this spirit would be destroyed by your opponent's destruction effects, it remains on the field "
               "exhausted instead.") == [{"substitute": {"target": "this", **sub}}]
    c = compile_effect("spirit", "N/A", REMAIN, families=FAMILIES)
    assert c.effect["kind"] == "constant"
    e = parse_effect(c.effect, "e", card_type="spirit")
    assert parse_effect(effect_to_dict(e), "e", card_type="spirit") == e
    assert effect_text(e) == ("Constant: When one of your Stoneback spirits would be destroyed by your opponent's "
                              "destruction effects, instead exhaust that card.")


def test_ruling_p17_the_destruction_effects_of_some_kinds_of_cards_stay_manual():
    assert not compile_sentence("When your spirits would be destroyed by destruction effects of your opponent's magic, "
                                "they remain on the field exhausted instead.").ok


@pytest.mark.parametrize("value", ["yes", 1, None])
def test_hostile_a_malformed_by_effect_is_refused_naming_the_field(value):
    with pytest.raises(EffectSyntax) as err:
        parse_effect({"kind": "constant", "do": [{"substitute": {"by_effect": value, "instead": [{"exhaust": "this"}]}}]},
                     "e", card_type="spirit")
    assert err.value.field == "e.do[0].substitute.by_effect"


def test_ruling_p17_cr_10_1_3_2_played_their_destruction_effect_leaves_it_on_the_field_exhausted():
    db = imported_db(spirit(REMAIN), magic("Select one of your opponent's spirits and destroy it."))
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-090]}", "{life: 5, reserve: 3, field: [ZT-001]}")
    guarded = game.state.players[1].field[0]
    use(game)
    assert game.pending.player == 1 and game.pending.info["kind"] == "substitute"  # its owner decides (CR 8-9-2)
    answer(game, 0)
    assert game.state.cards[guarded].zone == "field" and game.state.cards[guarded].exhausted


def test_ruling_p17_played_declined_it_is_destroyed():
    db = imported_db(spirit(REMAIN), magic("Select one of your opponent's spirits and destroy it."))
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-090]}", "{life: 5, reserve: 3, field: [ZT-001]}")
    guarded = game.state.players[1].field[0]
    use(game)
    answer(game, None)
    assert game.state.cards[guarded].zone == "trash"


def test_ruling_p17_played_your_own_destruction_effect_is_no_opponents():
    db = imported_db(spirit(REMAIN), magic("Select one of your spirits and destroy it."))
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-090], field: [ZT-001]}")
    guarded = game.state.players[0].field[0]
    use(game)
    assert game.state.cards[guarded].zone == "trash" and game.pending.kind != "choose"


def test_ruling_p17_cr_7_1_5_2_1_played_destroyed_by_comparing_bp_is_no_destruction_effect():
    db = imported_db(spirit(REMAIN))
    game = game_of(db, "{life: 5, reserve: 3, field: [T-G4]}", "{life: 5, reserve: 3, field: [ZT-001]}",
                   step="attack")
    guarded = game.state.players[1].field[0]
    game.apply(Attack(0, game.state.players[0].field[0]))
    game.apply(Pass(1))
    game.apply(Pass(0))
    game.apply(Block(1, guarded))
    game.apply(Pass(1))
    game.apply(Pass(0))
    assert game.state.cards[guarded].zone == "trash"


def test_ruling_p17_cr_11_3_1_played_curse_at_the_end_of_the_battle_is_no_destruction_effect():
    db = imported_db(spirit(REMAIN))
    game = game_of(db, "{life: 5, reserve: 3, field: [KW-CUR]}",  # 1000 BP and 【Curse】
                   "{life: 5, reserve: 3, field: [{card: ZT-001, cores: 3}]}", step="attack")  # 3000 BP
    imp, guarded = game.state.players[0].field[0], game.state.players[1].field[0]
    game.apply(Attack(0, imp))
    game.apply(Pass(1))
    game.apply(Pass(0))
    game.apply(Block(1, guarded))
    game.apply(Pass(1))
    game.apply(Pass(0))
    assert game.state.cards[imp].zone == "trash"  # lost the battle
    assert game.state.cards[guarded].zone == "trash"  # then 【Curse】: no substitution asked


def test_ruling_p17_cr_10_14_2_played_cores_removed_by_their_effect_still_destroy_it():
    db = imported_db(spirit(REMAIN), magic("Select one of your opponent's spirits. Remove 1 core from it and place it "
                                           "into their reserve."))
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-090]}", "{life: 5, reserve: 3, field: [ZT-001]}")
    guarded = game.state.players[1].field[0]
    use(game)
    assert game.state.cards[guarded].zone == "trash"


# ---------------------------------------------------------------- ruling P18: the life at the start of the turn


KEPT = "If your life total is the same or higher than it was at the start of the turn, place 1 core from the void onto " \
       "this spirit."


def test_ruling_p18_the_same_or_higher_than_at_the_start_of_the_turn_compiles():
    assert ops(KEPT) == [{"core_charge": {"target": "this", "count": 1}, "if": {"life_kept": True}}]
    e = parse_effect({"kind": "triggered", "trigger": "when_blocks", "condition": {"life_kept": True},
                      "do": [{"draw": 1}]}, "e", card_type="spirit")
    assert parse_effect(effect_to_dict(e), "e", card_type="spirit") == e
    assert "your life is the same or higher than at the start of the turn" in effect_text(e)
    with pytest.raises(EffectSyntax) as err:
        parse_effect({"kind": "triggered", "trigger": "when_blocks", "condition": {"life_kept": 5},
                      "do": [{"draw": 1}]}, "e", card_type="spirit")
    assert err.value.field == "e.condition.life_kept"


def _their_turn_from_its_start(db):
    from bss_desktop.engine.commands import EndMain

    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001]}", "{life: 5, reserve: 3, field: [T-R1, T-R3]}",
                   step="start", turn=4, turn_player=1)
    while game.pending.kind == "choose":
        answer(game, True)
    game.apply(EndMain(1))
    return game


def _blocked_with_the_guard(game, attacker):
    guard = game.state.players[0].field[0]
    game.apply(Attack(1, attacker))
    game.apply(Pass(0))
    game.apply(Pass(1))
    game.apply(Block(0, guard))
    while game.pending.kind == "choose":
        answer(game, True)
    return game.state.cards[guard].cores


def test_ruling_p18_played_the_life_as_it_was_at_the_start_of_the_turn_holds():
    db = imported_db(spirit(KEPT, "When This Spirit Blocks"))
    game = _their_turn_from_its_start(db)
    before = game.state.cards[game.state.players[0].field[0]].cores
    assert _blocked_with_the_guard(game, game.state.players[1].field[1]) == before + 1


def test_ruling_p18_played_a_life_lower_than_at_the_start_of_the_turn_does_not():
    db = imported_db(spirit(KEPT, "When This Spirit Blocks"))
    game = _their_turn_from_its_start(db)
    pup, knight = game.state.players[1].field
    attack_unblocked(game, 1, pup)
    assert game.state.players[0].life == 4
    before = game.state.cards[game.state.players[0].field[0]].cores
    assert _blocked_with_the_guard(game, knight) == before


def test_ruling_p18_played_a_position_taken_up_after_the_start_of_the_turn_does_not_know_it():
    db = imported_db(spirit(KEPT, "When This Spirit Blocks"))
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001]}", "{life: 5, reserve: 3, field: [T-R3]}",
                   step="attack", turn=4, turn_player=1)
    before = game.state.cards[game.state.players[0].field[0]].cores
    assert _blocked_with_the_guard(game, game.state.players[1].field[0]) == before


# ---------------------------------------------------------------- ruling P19: a life reduced by 1 at a time


ONE_AT_A_TIME = ("Your life can only be reduced by 1 each time you take damage from an attack by one of your "
                 "opponent's spirits.")


def test_ruling_p19_reduced_by_1_each_time_compiles_to_a_restriction_on_their_spirits():
    assert ops(ONE_AT_A_TIME) == [{"restrict": {"target": {"all": True}, "cannot": "reduce_life_beyond_one",
                                                "_duration": None}}]
    assert not compile_sentence(ONE_AT_A_TIME.replace("by 1 each", "by 2 each")).ok
    c = compile_effect("nexus", "N/A", ONE_AT_A_TIME)
    e = parse_effect(c.effect, "e", card_type="nexus")
    assert parse_effect(effect_to_dict(e), "e", card_type="nexus") == e
    assert effect_text(e) == ("Constant: The attacks of all your opponent's spirits cannot reduce life by more than 1 "
                              "with each attack's damage.")


def test_ruling_p19_played_two_symbols_take_one_core_and_another_attack_one_more():
    db = imported_db(nexus(ONE_AT_A_TIME))
    game = game_of(db, "{life: 5, reserve: 3, field: [T-R5, T-R3]}", "{life: 5, reserve: 3, field: [ZT-050]}",
                   step="attack")
    titan, knight = game.state.players[0].field
    attack_unblocked(game, 0, titan)  # two symbols
    assert game.state.players[1].life == 4
    attack_unblocked(game, 0, knight)
    assert game.state.players[1].life == 3


def test_ruling_p19_played_without_it_two_symbols_take_two():
    db = imported_db(nexus(ONE_AT_A_TIME))
    game = game_of(db, "{life: 5, reserve: 3, field: [T-R5]}", "{life: 5, reserve: 3, hand: [ZT-050]}",
                   step="attack")
    attack_unblocked(game, 0, game.state.players[0].field[0])
    assert game.state.players[1].life == 3


# ---------------------------------------------------------------- CR 4-11-3: a core from this spirit into your life


def test_cr_4_11_3_a_core_that_is_not_a_soul_core_from_this_spirit_into_your_life_compiles():
    expected = [{"core_remove": {"target": "this", "count": 1, "to": "life"}}]
    assert ops("Remove a core that is not a \"Soul Core\" from this spirit and place it into your life.") == expected
    assert ops("Remove a core from this spirit and place it into your life.") == expected
    e = parse_effect({"kind": "triggered", "trigger": "when_attacks", "do": expected}, "e", card_type="spirit")
    assert parse_effect(effect_to_dict(e), "e", card_type="spirit") == e
    assert effect_text(e) == "(When Attacks) Send 1 core from this card to your life."


@pytest.mark.parametrize("directive, field", [
    ({"core_remove": {"target": {"side": "opponent"}, "count": 1, "to": "life"}}, "e.do[0].core_remove.to"),
    ({"core_remove": {"target": "this", "count": 1, "to": "hand"}}, "e.do[0].core_remove.to"),
])
def test_hostile_a_core_remove_into_a_life_other_than_from_this_card_is_refused(directive, field):
    with pytest.raises(EffectSyntax) as err:
        parse_effect({"kind": "triggered", "trigger": "when_attacks", "do": [directive]}, "e", card_type="spirit")
    assert err.value.field == field


LIGHT = ("When one of your Stoneback spirits' attacks reduces your opponent's life, remove a core that is not a "
         "\"Soul Core\" from this spirit and place it into your life.")


def test_cr_4_11_3_played_a_regular_core_goes_from_this_spirit_into_your_life():
    db = imported_db(spirit(LIGHT))
    game = game_of(db, "{life: 3, reserve: 3, field: [{card: ZT-001, cores: 2}]}", "{life: 5, reserve: 3}",
                   step="attack")
    me = game.state.players[0].field[0]
    attack_unblocked(game, 0, me)
    assert game.state.players[1].life == 4
    assert game.state.players[0].life == 4 and game.state.cards[me].cores == 1


def test_cr_4_11_3_played_the_soul_core_stays_on_the_spirit():
    db = imported_db(spirit(LIGHT))
    game = game_of(db, "{life: 3, reserve: 3, soul_core: field, field: [{card: ZT-001, cores: 0, soul_core: true}]}",
                   "{life: 5, reserve: 3}", step="attack")
    me = game.state.players[0].field[0]
    attack_unblocked(game, 0, me)
    assert game.state.players[1].life == 4
    assert game.state.players[0].life == 3 and game.state.players[0].soul == me


# ---------------------------------------------------------------- CR 7-1-5-2-1: the higher BP as BP are compared


HIGHER = ("If one of your Stoneback spirits has higher BP than your opponent's spirit when it compares BP during battle "
          "resolution, place a core from your opponent's life into their reserve.")


def test_cr_7_1_5_2_1_higher_bp_when_it_compares_bp_compiles_to_the_comparisons_trigger():
    assert ops(HIGHER) == [{"_trigger": {"trigger": "your_spirit_higher_bp", "watch": {"family": "Stoneback"}}},
                           {"life_damage": 1}]
    assert ops("If one of your spirits with Ascend has higher BP than your opponent's spirit when it compares BP, "
               "draw a card.")[0] == {"_trigger": {"trigger": "your_spirit_higher_bp", "watch": {"keyword": "ascend"}}}
    assert not compile_sentence("If one of your opponent's spirits has higher BP than your opponent's spirit when it "
                                "compares BP, draw a card.").ok


def test_cr_7_1_5_2_1_the_comparisons_trigger_is_written_back_and_its_watch_checked():
    e = parse_effect({"kind": "triggered", "trigger": "your_spirit_higher_bp", "watch": {"keyword": "ascend"},
                      "do": [{"life_damage": 1}]}, "e", card_type="nexus")
    assert parse_effect(effect_to_dict(e), "e", card_type="nexus") == e
    assert effect_text(e).startswith("(When one of your spirits with 【Ascend】 has the higher BP as BP are compared)")
    with pytest.raises(EffectSyntax) as err:
        parse_effect({"kind": "triggered", "trigger": "your_spirit_higher_bp", "watch": {"side": "opponent"},
                      "do": [{"draw": 1}]}, "e", card_type="nexus")
    assert err.value.field.startswith("e.watch")


def _fight(db, mine: str, theirs: str, *, attacker_is_mine: bool = True):
    game = game_of(db, f"{{life: 5, reserve: 3, field: [{mine}, ZT-050]}}",
                   f"{{life: 5, reserve: 3, field: [{theirs}]}}", step="attack",
                   **({} if attacker_is_mine else {"turn": 4, "turn_player": 1}))
    me, them = game.state.players[0].field[0], game.state.players[1].field[0]
    attacker, blocker, p = (me, them, 0) if attacker_is_mine else (them, me, 1)
    game.apply(Attack(p, attacker))
    game.apply(Pass(1 - p))
    game.apply(Pass(p))
    game.apply(Block(1 - p, blocker))
    game.apply(Pass(1 - p))
    game.apply(Pass(p))
    while game.pending.kind == "choose":
        answer(game, True)
    return game, me, them


def test_cr_7_1_5_2_1_played_your_attacker_has_the_higher_bp():
    db = imported_db(nexus(HIGHER), record())  # ZT-001: a Stoneback spirit with no effect
    game, me, them = _fight(db, "{card: ZT-001, cores: 3}", "T-R1")  # 3000 against 1000
    assert game.state.cards[them].zone == "trash" and game.state.players[1].life == 4


def test_cr_7_1_5_2_1_played_your_blocker_has_the_higher_bp():
    db = imported_db(nexus(HIGHER), record())  # ZT-001: a Stoneback spirit with no effect
    game, me, them = _fight(db, "{card: ZT-001, cores: 3}", "T-R1", attacker_is_mine=False)
    assert game.state.cards[them].zone == "trash" and game.state.players[1].life == 4


def test_cr_7_1_5_2_1_played_a_tie_or_a_spirit_it_does_not_watch_triggers_nothing():
    db = imported_db(nexus(HIGHER), record())  # ZT-001: a Stoneback spirit with no effect
    game, me, them = _fight(db, "{card: ZT-001, cores: 3}", "T-R3")  # 3000 against 3000: both destroyed
    assert game.state.players[1].life == 5
    game, me, them = _fight(db, "T-R3", "T-R1")  # no Stoneback
    assert game.state.players[1].life == 5


def test_cr_7_1_5_2_1_played_the_higher_bp_counts_even_when_the_other_is_not_destroyed():
    db = imported_db(nexus(HIGHER), record(), spirit("This spirit cannot be destroyed in battle.", ID="ZT-002", name="Wall",
                                           subType=["Sky Warden"]))
    game, me, them = _fight(db, "{card: ZT-001, cores: 3}", "ZT-002")
    assert game.state.cards[them].zone == "field" and game.state.players[1].life == 4


# ---------------------------------------------------------------- deck: view the top card and keep it there


def test_cr_12_3_1_view_the_top_card_then_return_it_to_the_top_compiles_to_a_private_look():
    c = compile_effect("magic", "N/A", "View the top card of your deck, then return it to the top of your deck.",
                       ["Main"])
    assert c.effect["do"] == [{"search": {"look": 1, "reveal": False, "to": "top", "take": {"up_to": 1},
                                          "rest": "top"}}]


@pytest.mark.parametrize("take", [True, False])
def test_cr_12_3_1_played_the_viewed_card_stays_on_top(take):
    db = imported_db(magic("View the top card of your deck, then return it to the top of your deck."))
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-090], deck: [T-W0, T-G4, T-R1]}")
    use(game)
    while game.pending.kind == "choose":
        options = game.pending.info["options"]
        answer(game, list(options[:1]) if take and game.pending.info.get("kind") == "target" else
               ([] if game.pending.info.get("kind") == "target" else True))
    assert cids(game, game.state.players[0].deck[::-1]) == ["T-W0", "T-G4", "T-R1"]


# ---------------------------------------------------------------- CR 9-3-2-1: cores reduced to zero by their effect


ZEROED = "When one of your spirits has its cores reduced to zero by your opponent's effect, draw a card."


def test_cr_9_3_2_1_cores_reduced_to_zero_by_your_opponents_effect_compiles():
    assert ops(ZEROED) == [{"_trigger": {"trigger": "your_spirit_cores_zeroed"}}, {"draw": 1}]
    e = parse_effect({"kind": "triggered", "trigger": "your_spirit_cores_zeroed", "watch": {"colors": ["red"]},
                      "do": [{"draw": 1}]}, "e", card_type="nexus")
    assert parse_effect(effect_to_dict(e), "e", card_type="nexus") == e
    assert effect_text(e).startswith("(When one of your Red spirits has its cores reduced to zero by your opponent's "
                                     "effect)")
    with pytest.raises(EffectSyntax) as err:
        parse_effect({"kind": "triggered", "trigger": "your_spirit_cores_zeroed", "watch": {"count": 2},
                      "do": [{"draw": 1}]}, "e", card_type="nexus")
    assert err.value.field.startswith("e.watch")


STRIP = "Select one of your opponent's spirits. Remove 1 core from it and place it into their reserve."


@pytest.mark.parametrize("cores, drawn", [(1, ["T-W0"]), (2, [])])
def test_cr_9_3_2_1_played_only_the_last_core_removed_triggers_it(cores, drawn):
    db = imported_db(nexus(ZEROED), magic(STRIP))
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-090]}",
                   f"{{life: 5, reserve: 3, deck: [T-W0, T-G4], field: [{{card: T-R3, cores: {cores}}}, ZT-050]}}")
    use(game)  # the only spirit there: selected with no choice to make
    while game.pending.kind == "choose":
        answer(game, True)
    assert cids(game, game.state.players[1].hand) == drawn


def test_cr_9_3_2_1_played_a_spirit_destroyed_with_cores_left_does_not_trigger_it():
    # LV1 of ZT-001 needs 1 core; a spirit with 2 cores that loses 1 stays; one destroyed by an effect keeps its cores
    db = imported_db(nexus(ZEROED), magic("Select one of your opponent's spirits and destroy it."), record())
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-090]}",
                   "{life: 5, reserve: 3, deck: [T-W0, T-G4], field: [{card: ZT-001, cores: 2}, ZT-050]}")
    use(game)  # the only spirit there: selected with no choice to make
    while game.pending.kind == "choose":
        answer(game, True)
    assert game.state.players[1].hand == []


def test_cr_9_3_2_1_played_your_own_effect_removing_the_last_core_does_not_trigger_it():
    db = imported_db(nexus(ZEROED), magic("Select one of your spirits. Remove 1 core from it and place it into its "
                                          "owner's reserve."))
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-090], deck: [T-W0, T-G4], field: [{card: T-R3, cores: 1}, "
                       "ZT-050]}")
    use(game)  # the only spirit there: selected with no choice to make
    while game.pending.kind == "choose":
        answer(game, True)
    assert game.state.players[0].hand == []


# ---------------------------------------------------------------- ruling P20: discard a card to return it instead


SAVE = ("Once per turn, when one of your Stoneback spirits would be destroyed, you may discard a card to return it to "
        "your hand instead.")


def test_ruling_p20_discard_to_return_it_instead_compiles_to_a_limited_substitution():
    c = compile_effect("nexus", "N/A", SAVE, families=FAMILIES)
    assert c.effect == {"kind": "constant", "limit": "once_per_turn", "do": [{"substitute": {
        "target": {"side": "you", "family": "Stoneback"}, "instead": [{"discard": 1}, {"bounce": "trigger"}]}}]}
    e = parse_effect(c.effect, "e", card_type="nexus")
    assert parse_effect(effect_to_dict(e), "e", card_type="nexus") == e
    assert effect_text(e).startswith("〔Once per turn〕 Constant: When one of your Stoneback spirits would be destroyed, "
                                     "instead discard 1 card from your hand")


@pytest.mark.parametrize("effect", [
    {"kind": "constant", "limit": "unstackable", "do": [{"substitute": {"instead": [{"bounce": "trigger"}]}}]},
    {"kind": "constant", "limit": "once_per_turn", "do": [{"bp": {"add": 1000}}]},
])
def test_hostile_a_limit_on_a_constant_effect_other_than_a_substitution_once_per_turn_is_refused(effect):
    with pytest.raises(EffectSyntax) as err:
        parse_effect(effect, "e", card_type="nexus")
    assert err.value.field == "e.limit"


def _destroyer_turn(db, hand: str):
    return game_of(db, "{life: 5, reserve: 5, hand: [ZT-090, ZT-091]}",
                   f"{{life: 5, reserve: 3, hand: [{hand}], field: [ZT-001, {{card: ZT-001, cores: 2}}, ZT-050]}}")


def test_ruling_p20_cr_10_5_1_played_a_card_discarded_and_the_spirit_back_in_the_hand_once_this_turn():
    db = imported_db(nexus(SAVE), record(), magic("Select one of your opponent's spirits and destroy it."),
                     magic("Select one of your opponent's spirits and destroy it.", ID="ZT-091"))
    game = _destroyer_turn(db, "T-W0, T-G4")
    first_one, second = game.state.players[1].field[:2]
    use(game)
    answer(game, [first_one])
    assert game.pending.info["kind"] == "substitute" and game.pending.player == 1
    answer(game, 0)
    answer(game, [first(game, 1, "T-W0", "hand")])  # which card to discard: its controller's choice
    assert game.state.cards[first_one].zone == "hand" and cids(game, game.state.players[1].trash) == ["T-W0"]
    use(game, 0, "ZT-091")  # once per turn: the second is destroyed
    assert game.state.cards[second].zone == "trash"


def test_ruling_p20_played_with_no_card_in_the_hand_it_is_not_offered():
    db = imported_db(nexus(SAVE), record(), magic("Select one of your opponent's spirits and destroy it."),
                     magic("Select one of your opponent's spirits and destroy it.", ID="ZT-091"))
    game = game_of(db, "{life: 5, reserve: 5, hand: [ZT-090]}", "{life: 5, reserve: 3, field: [ZT-001, ZT-050]}")
    guarded = game.state.players[1].field[0]
    use(game)
    assert game.state.cards[guarded].zone == "trash"


def test_ruling_p20_played_declining_it_keeps_it_for_later_this_turn():
    db = imported_db(nexus(SAVE), record(), magic("Select one of your opponent's spirits and destroy it."),
                     magic("Select one of your opponent's spirits and destroy it.", ID="ZT-091"))
    game = _destroyer_turn(db, "T-W0")
    first_one, second = game.state.players[1].field[:2]
    use(game)
    answer(game, [first_one])
    answer(game, None)  # declined: destroyed, and the substitution not used
    assert game.state.cards[first_one].zone == "trash"
    use(game, 0, "ZT-091")
    answer(game, 0)  # offered again; the only card in the hand is discarded with no choice to make
    assert game.state.cards[second].zone == "hand" and cids(game, game.state.players[1].hand) == ["ZT-001"]


# ---------------------------------------------------------------- ruling P21: into the hand instead of the trash


TO_HAND = ("When one of your Stoneback spirits would be destroyed, you may exhaust this nexus to return the spirit card "
           "to your hand instead of placing it into your trash.")


def test_ruling_p21_into_the_hand_instead_of_the_trash_compiles():
    c = compile_effect("nexus", "N/A", TO_HAND, families=FAMILIES)
    assert c.effect == {"kind": "constant", "do": [{"substitute": {
        "event": "trash", "target": {"side": "you", "family": "Stoneback"}, "instead": [{"exhaust": "this"}]}}]}
    e = parse_effect(c.effect, "e", card_type="nexus")
    assert parse_effect(effect_to_dict(e), "e", card_type="nexus") == e
    assert "instead of the trash" in effect_text(e)


@pytest.mark.parametrize("sub, field", [
    ({"event": "trash", "instead": [{"draw": 1}]}, "e.do[0].substitute.instead"),
    ({"event": "hand", "instead": [{"exhaust": "this"}]}, "e.do[0].substitute.event"),
])
def test_hostile_a_malformed_trash_substitution_is_refused_naming_the_field(sub, field):
    with pytest.raises(EffectSyntax) as err:
        parse_effect({"kind": "constant", "do": [{"substitute": sub}]}, "e", card_type="nexus")
    assert err.value.field == field


def test_ruling_p21_cr_10_1_3_4_played_destroyed_and_into_the_hand_its_when_destroyed_effect_triggering():
    db = imported_db(nexus(TO_HAND), spirit("Draw a card.", "When Destroyed"),
                     magic("Select one of your opponent's spirits and destroy it."))
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-090]}",
                   "{life: 5, reserve: 3, deck: [T-W0, T-G4], field: [{card: ZT-001, cores: 2}, ZT-050]}")
    spirit_, guard = game.state.players[1].field
    use(game)
    assert game.pending.info["kind"] == "substitute" and game.pending.player == 1
    answer(game, 0)
    while game.pending.kind == "choose":
        answer(game, True)
    assert game.state.cards[spirit_].zone == "hand" and game.state.cards[guard].exhausted
    assert "T-W0" in cids(game, game.state.players[1].hand)  # it was destroyed: its "When Destroyed" effect
    assert game.state.players[1].reserve == 5  # its cores to the reserve (CR 10-1-3-4)


def test_ruling_p21_played_an_exhausted_nexus_offers_nothing():
    db = imported_db(nexus(TO_HAND), record(), magic("Select one of your opponent's spirits and destroy it."))
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-090]}",
                   "{life: 5, reserve: 3, field: [ZT-001, {card: ZT-050, exhausted: true}]}")
    spirit_ = game.state.players[1].field[0]
    use(game)
    assert game.state.cards[spirit_].zone == "trash"


def test_ruling_p21_played_declined_it_goes_to_the_trash():
    db = imported_db(nexus(TO_HAND), record(), magic("Select one of your opponent's spirits and destroy it."))
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-090]}", "{life: 5, reserve: 3, field: [ZT-001, ZT-050]}")
    spirit_, guard = game.state.players[1].field
    use(game)
    answer(game, None)
    assert game.state.cards[spirit_].zone == "trash" and not game.state.cards[guard].exhausted


# ---------------------------------------------------------------- ruling P22: the summoned spirit's own effects quiet


QUIET_SUMMON = ("Summon a spirit card from your hand without paying its cost. \"When Summoned\" effects on the spirit "
                "summoned by this effect are not triggered.")


def test_ruling_p22_when_summoned_effects_on_the_spirit_summoned_compile_to_a_muted_summon():
    c = compile_effect("magic", "N/A", QUIET_SUMMON, ["Main"])
    assert c.effect["do"] == [{"summon": {"target": {"zone": "hand"}, "cores": "reserve", "muted": True}}]
    e = parse_effect(c.effect, "e", card_type="magic")
    assert parse_effect(effect_to_dict(e), "e", card_type="magic") == e
    assert effect_text(e).endswith("; the \"When Summoned\" effects on it are not triggered.")
    assert not compile_effect("magic", "N/A", "Draw a card. \"When Summoned\" effects on the spirit summoned by this "
                                              "effect are not triggered.", ["Main"]).automated
    assert not compile_sentence("\"When Attacks\" effects on the spirit summoned by this effect are not triggered.").ok


@pytest.mark.parametrize("value", ["yes", 1, None])
def test_hostile_a_malformed_muted_summon_is_refused_naming_the_field(value):
    with pytest.raises(EffectSyntax) as err:
        parse_effect({"kind": "magic", "timing": ["main"], "do": [{"summon": {"target": {"zone": "hand"},
                                                                             "muted": value}}]}, "e", card_type="magic")
    assert err.value.field == "e.do[0].summon.muted"


@pytest.mark.parametrize("muted", [True, False])
def test_ruling_p22_cr_10_6_7_played_the_summoned_spirits_own_when_summoned_effect(muted):
    text = QUIET_SUMMON if muted else QUIET_SUMMON.split(" \"When")[0]
    db = imported_db(magic(text), spirit("Draw a card.", "When Summoned", ID="ZT-002", name="Herald"),
                     nexus("When one of your spirits is summoned, place 1 core from the void into your life."))
    game = game_of(db, "{life: 3, reserve: 5, hand: [ZT-090, ZT-002], deck: [T-W0, T-G4], field: [ZT-050]}")
    use(game)
    while game.pending.kind == "choose":
        i = game.pending.info
        answer(game, list(i["options"][:1]) if i.get("kind") == "target" else
               [i["options"][0]] * i.get("min", 1) if i.get("kind") == "cores" else
               True if i.get("kind") == "may" else i["options"][0])
    herald = first(game, 0, "ZT-002", "field")
    assert game.state.cards[herald].zone == "field"
    assert cids(game, game.state.players[0].hand) == ([] if muted else ["T-W0"])
    assert game.state.players[0].life == 4  # another card's trigger on the summon: as usual
