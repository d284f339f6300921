"""Imported card text of the family "nexus" (issue 28): levels and symbols in filters (CR 2-8, 2-10), compiled and
played from concrete positions.

Every sentence here is written for these tests in the templates real card text uses; none is a real card's text.
"""
from __future__ import annotations

import pytest

from bss_desktop.carddb.card_text import card_text
from bss_desktop.carddb.errors import CardDataError
from bss_desktop.carddb.schema import card_from_dict
from bss_desktop.carddb.text_compile import compile_effect, compile_sentence
from bss_desktop.engine import stats
from bss_desktop.engine.commands import Attack, Block, Pass, Summon, UseMagic
from bss_desktop.engine.errors import IllegalCommand
from helpers import answer, cids, effect, first, imported_db, position, record, two_players

FAMILIES = ("Stoneback", "Sky Warden")


def ops(sentence: str):
    s = compile_sentence(sentence, FAMILIES)
    assert s.ok, s.why
    return s.ops


def refused(sentence: str) -> str:
    s = compile_sentence(sentence, FAMILIES)
    assert not s.ok
    return s.why


def magic(details: str, **fields) -> dict:
    return effect(details, steps=["Main", "Flash"], cardType="MAGIC", name="Test Magic", core_requirements=[],
                  **fields)


def game_of(db, p0: str, p1: str, **kw):
    return position(two_players(p0, p1, **kw), db=db)


def to_block(game, attacker: int):
    """Player 0 attacks with `attacker`; both pass: player 1 is to block."""
    game.apply(Attack(0, attacker))
    game.apply(Pass(1))
    game.apply(Pass(0))


# ---------------------------------------------------------------- levels in filters (CR 2-10-3)


@pytest.mark.parametrize("sentence, expected", [
    ("Your spirits cannot be blocked by your opponent's LV2 or LV3 spirits.",
     [{"restrict": {"target": {"side": "you", "all": True}, "cannot": "be_blocked", "_duration": None,
                    "by": {"level_min": 2, "level_max": 3}}}]),
    ("All of your LV1 Stoneback spirits cannot be blocked by your opponent's spirits that are LV2.",
     [{"restrict": {"target": {"side": "you", "level_min": 1, "level_max": 1, "family": "Stoneback", "all": True},
                    "cannot": "be_blocked", "_duration": None, "by": {"level_min": 2, "level_max": 2}}}]),
    ("Select one of your opponent's spirits that is LV1 and destroy it.",
     [{"destroy": {"level_min": 1, "level_max": 1}}]),
])
def test_cr_2_10_3_compiled_levels_in_filters(sentence, expected):
    assert ops(sentence) == expected


def test_cr_2_10_3_two_levels_apart_are_refused():
    assert "not next to each other" in refused("Your spirits cannot be blocked by your opponent's LV1 or LV3 spirits.")


def test_cr_2_10_3_that_is_lv_n_or_lower_keeps_its_meaning():
    assert ops("Select one of your opponent's spirits that is LV2 or lower and destroy it.") == [
        {"destroy": {"level_max": 2}}]


def test_cr_2_10_3_played_cannot_be_blocked_by_your_opponents_lv2_or_lv3_spirits():
    db = imported_db(effect("Your spirits cannot be blocked by your opponent's LV2 or LV3 spirits."),
                     families=FAMILIES)
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001]}",
                   "{life: 5, reserve: 3, field: [T-R1, {card: T-R3, cores: 2}, {card: T-R3, cores: 4}]}",
                   step="attack")
    pup, knight2, knight3 = game.state.players[1].field
    assert (stats.level(game, knight2), stats.level(game, knight3)) == (2, 3)
    to_block(game, game.state.players[0].field[0])
    for kept_out in (knight2, knight3):
        with pytest.raises(IllegalCommand):
            game.apply(Block(1, kept_out))
    game.apply(Block(1, pup))  # LV1 blocks
    assert game.state.battle.blocker == pup


def test_cr_2_10_3_played_lv1_family_spirits_cannot_be_blocked_by_spirits_that_are_lv2():
    db = imported_db(effect("All of your LV1 Stoneback spirits cannot be blocked by your opponent's spirits that "
                            "are LV2."), families=FAMILIES)
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001, {card: ZT-001, cores: 3}]}",
                   "{life: 5, reserve: 3, field: [{card: T-R3, cores: 2}, {card: T-R3, cores: 4}]}",
                   step="attack")
    low, high = game.state.players[0].field
    knight2, knight3 = game.state.players[1].field
    assert (stats.level(game, low), stats.level(game, high)) == (1, 2)
    to_block(game, low)
    with pytest.raises(IllegalCommand):
        game.apply(Block(1, knight2))  # LV2: kept out
    game.apply(Block(1, knight3))  # LV3 is not LV2
    assert game.state.battle.blocker == knight3


def test_cr_2_10_3_played_a_lv2_spirit_of_the_family_is_not_protected():
    db = imported_db(effect("All of your LV1 Stoneback spirits cannot be blocked by your opponent's spirits that "
                            "are LV2."), families=FAMILIES)
    game = game_of(db, "{life: 5, reserve: 3, field: [{card: ZT-001, cores: 3}]}",
                   "{life: 5, reserve: 3, field: [{card: T-R3, cores: 2}]}", step="attack")
    to_block(game, game.state.players[0].field[0])
    knight2 = game.state.players[1].field[0]
    game.apply(Block(1, knight2))
    assert game.state.battle.blocker == knight2


# ---------------------------------------------------------------- symbols in filters (CR 2-8-3)


@pytest.mark.parametrize("sentence, expected", [
    ("Select one of your opponent's spirits with one symbol and exhaust it.", [{"exhaust": {"symbols": 1}}]),
    ("Select one of your spirits that has one symbol.", [{"select": {"side": "you", "symbols": 1}}]),
    ("Select one of your other spirits with one symbol.", [{"select": {"side": "you", "other": True, "symbols": 1}}]),
    ("Select one of your spirits with one symbol and refresh it.", [{"refresh": {"side": "you", "symbols": 1}}]),
    ("Select one of your opponent's spirits with two symbols and return it to their hand.",
     [{"bounce": {"symbols": 2}}]),
    ("Return them to your opponent's hand.", [{"bounce": "it"}]),
])
def test_cr_2_8_3_compiled_with_n_symbols(sentence, expected):
    assert ops(sentence) == expected


def test_cr_2_8_3_the_filter_is_written_back_and_read_again():
    card = card_from_dict({"id": "ZZ-1", "name": "Z", "type": "magic", "colors": ["red"], "cost": 0,
                           "timing": ["main"], "effects": [{"kind": "magic", "timing": ["main"],
                                                            "do": [{"exhaust": {"symbols": 1}}]}]},
                          file="(test)", set_id="ZZ")
    assert card.effects[0].do[0].target.symbols == 1
    assert "with 1 symbol" in card_text(card)


@pytest.mark.parametrize("value", ["one", -1, True, [1], 10 ** 9])
def test_cr_2_8_3_a_malformed_symbols_filter_is_refused_naming_the_field(value):
    with pytest.raises(CardDataError) as e:
        card_from_dict({"id": "ZZ-1", "name": "Z", "type": "magic", "colors": ["red"], "cost": 0, "timing": ["main"],
                        "effects": [{"kind": "magic", "timing": ["main"],
                                     "do": [{"exhaust": {"symbols": value}}]}]}, file="(test)", set_id="ZZ")
    assert "symbols" in str(e.value.field)


def test_cr_2_8_3_played_select_an_opponents_spirit_with_one_symbol_and_exhaust_it():
    db = imported_db(magic("Select one of your opponent's spirits with one symbol and exhaust it."),
                     families=FAMILIES)
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-001]}", "{life: 5, reserve: 3, field: [T-R5, T-G4]}")
    titan, stag = game.state.players[1].field  # two symbols / one symbol
    game.apply(UseMagic(0, first(game, 0, "ZT-001", "hand")))
    if game.pending is not None and game.pending.kind == "choose":
        assert titan not in game.pending.info["options"]
        answer(game, [stag])
    assert game.state.cards[stag].exhausted and not game.state.cards[titan].exhausted


def test_cr_2_8_2_1_played_a_double_colour_symbol_is_one_symbol():
    db = imported_db(magic("Select one of your opponent's spirits with one symbol and return it to their hand."),
                     families=FAMILIES)
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-001]}", "{life: 5, reserve: 3, field: [T-R5, T-D2]}")
    game.apply(UseMagic(0, first(game, 0, "ZT-001", "hand")))  # only the double colour one fits: no choice
    assert cids(game, game.state.players[1].field) == ["T-R5"] and cids(game, game.state.players[1].hand) == ["T-D2"]


def test_cr_2_8_3_played_no_spirit_with_that_many_symbols_nothing_happens():
    db = imported_db(magic("Select one of your opponent's spirits with one symbol and exhaust it."),
                     families=FAMILIES)
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-001]}", "{life: 5, reserve: 3, field: [T-R5]}")
    game.apply(UseMagic(0, first(game, 0, "ZT-001", "hand")))
    assert not game.state.cards[game.state.players[1].field[0]].exhausted  # CR 8-5-3-4: none can be selected


def test_cr_2_8_3_played_select_your_spirit_with_one_symbol_and_treat_it_as_its_highest_level():
    db = imported_db(effect("Select one of your spirits that has one symbol. Treat it as its highest level during "
                            "this turn.", "When Summoned"), families=FAMILIES)
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-001], field: [T-R3, T-R5]}", "{life: 5, reserve: 3}")
    knight, titan = game.state.players[0].field
    game.apply(Summon(0, first(game, 0, "ZT-001", "hand")))
    if game.pending is not None and game.pending.kind == "choose":  # ZT-001 (one symbol) fits too
        assert titan not in game.pending.info["options"]
        answer(game, [knight])
    assert stats.level(game, knight) == 3 and stats.level(game, titan) == 1


# ---------------------------------------------------------------- "with no effects listed" (docs/saga-rulings.md)


@pytest.mark.parametrize("sentence, expected", [
    ("All of your spirits with no effects listed are treated as their highest level.",
     [{"level": {"target": {"side": "you", "all": True, "no_effects": True}, "set": "max", "_duration": None}}]),
    ("Select one of your spirits with no effects listed and refresh it.",
     [{"refresh": {"side": "you", "no_effects": True}}]),
    ("Place one core from the void onto each of your spirits with no effects listed.",
     [{"core_charge": {"target": {"side": "you", "all": True, "no_effects": True}, "count": 1}}]),
    ("When one of your spirits with no effects listed is destroyed, draw a card.",
     [{"_trigger": {"trigger": "your_spirit_destroyed", "watch": {"no_effects": True}}}, {"draw": 1}]),
])
def test_ruling_no_effects_listed_compiled(sentence, expected):
    assert ops(sentence) == expected


def test_ruling_no_effects_listed_cores_counted_on_each_stay_manual():
    assert refused("All of your spirits with no effects listed gain 1000 BP for each core on them.")


@pytest.mark.parametrize("value", ["yes", 1, [True]])
def test_ruling_no_effects_listed_a_malformed_filter_is_refused_naming_the_field(value):
    with pytest.raises(CardDataError) as e:
        card_from_dict({"id": "ZZ-1", "name": "Z", "type": "magic", "colors": ["red"], "cost": 0, "timing": ["main"],
                        "effects": [{"kind": "magic", "timing": ["main"],
                                     "do": [{"exhaust": {"no_effects": value}}]}]}, file="(test)", set_id="ZZ")
    assert "no_effects" in str(e.value.field)


def test_ruling_no_effects_listed_written_back():
    card = card_from_dict({"id": "ZZ-1", "name": "Z", "type": "magic", "colors": ["red"], "cost": 0,
                           "timing": ["main"], "effects": [{"kind": "magic", "timing": ["main"],
                                                            "do": [{"refresh": {"side": "you",
                                                                                "no_effects": True}}]}]},
                          file="(test)", set_id="ZZ")
    assert "no effects listed" in card_text(card)


def test_ruling_no_effects_listed_played_your_plain_spirits_are_treated_as_their_highest_level():
    db = imported_db(effect("All of your spirits with no effects listed are treated as their highest level."),
                     record(ID="ZT-002", name="Plain Rock", effects=[]),
                     record(ID="ZT-003", name="Keyword Rock", effects=[{
                         "levels": [1, 2], "condition": "N/A", "steps": [], "details": "N/A",
                         "keywords": [{"keyword_name": "Curse"}]}]),
                     families=FAMILIES)
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001, T-R3, ZT-002, ZT-003]}",
                   "{life: 5, reserve: 3, field: [T-R3]}")
    this, knight, plain, kw = game.state.players[0].field
    theirs = game.state.players[1].field[0]
    assert stats.level(game, knight) == 3 and stats.bp(game, knight) == 6000
    assert stats.level(game, plain) == 2  # an imported card with no effects
    assert stats.level(game, this) == 1  # it lists an effect
    assert stats.level(game, kw) == 1  # it lists a keyword
    assert stats.level(game, theirs) == 1  # "your spirits" only


def test_ruling_no_effects_listed_played_a_granted_keyword_does_not_list_an_effect():
    db = imported_db(effect("All of your spirits with no effects listed are treated as their highest level."),
                     effect("All of your spirits gain Confront.", ID="ZT-002", name="Granter"),
                     families=FAMILIES)
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001, ZT-002, T-R3]}", "{life: 5, reserve: 3}")
    knight = game.state.players[0].field[2]
    assert game.has_keyword(knight, "confront")
    assert stats.level(game, knight) == 3


def test_ruling_no_effects_listed_played_when_one_is_destroyed_draw_a_card():
    db = imported_db(effect("When one of your spirits with no effects listed is destroyed, draw a card."),
                     magic("Destroy all of your spirits that cost 3 or more.", ID="ZT-009"),
                     record(ID="ZT-004", name="Big Rock", cost="4", effects=[{
                         "levels": [1, 2], "condition": "N/A", "steps": [], "details": "N/A",
                         "keywords": [{"keyword_name": "Curse"}]}]),
                     families=FAMILIES)
    game = game_of(db, "{life: 5, reserve: 5, hand: [ZT-009], field: [ZT-001, T-R3, ZT-004], deck: [T-W0, T-W0]}",
                   "{life: 5, reserve: 3}")
    game.apply(UseMagic(0, first(game, 0, "ZT-009", "hand")))
    while game.pending is not None and game.pending.kind == "choose":
        answer(game, True if game.pending.info.get("kind") == "may" else game.pending.info["options"][0])
    assert cids(game, game.state.players[0].hand) == ["T-W0"]  # the plain knight only: one card


# ---------------------------------------------------------------- one card of either kind (CR 8-5-3)


@pytest.mark.parametrize("sentence, expected", [
    ("Select one of your opponent's spirits with 3000 or fewer BP, or one of their nexuses, and destroy it.",
     [{"destroy": {"bp_max": 3000, "alternative": {"type": "nexus"}}}]),
    ("Select one of your opponent's spirits with 4000 or fewer BP or one of their nexuses and destroy it.",
     [{"destroy": {"bp_max": 4000, "alternative": {"type": "nexus"}}}]),
    ("Select one of your other Stoneback spirits or one of your nexuses that costs 3 or fewer.",
     [{"select": {"side": "you", "other": True, "family": "Stoneback",
                  "alternative": {"type": "nexus", "cost_max": 3}}}]),
])
def test_cr_8_5_3_compiled_one_card_of_either_kind(sentence, expected):
    assert ops(sentence) == expected


@pytest.mark.parametrize("sentence, why", [
    ("Select two of your opponent's spirits that cost 3 or fewer or one of your opponent's spirits that costs 6 or "
     "fewer and exhaust them.", "more than one card"),
    ("Select one of your spirits or one of your opponent's nexuses and destroy it.", "either player's"),
])
def test_cr_8_5_3_either_kind_that_the_vocabulary_cannot_say_stays_manual(sentence, why):
    assert why in refused(sentence)


def _magic_card(target) -> dict:
    return {"id": "ZZ-1", "name": "Z", "type": "magic", "colors": ["red"], "cost": 0, "timing": ["main"],
            "effects": [{"kind": "magic", "timing": ["main"], "do": [{"destroy": target}]}]}


def test_cr_8_5_3_either_kind_is_written_back_and_read_again():
    card = card_from_dict(_magic_card({"bp_max": 3000, "alternative": {"type": "nexus"}}), file="(test)",
                          set_id="ZZ")
    t = card.effects[0].do[0].target
    assert t.alternative.type == "nexus" and t.alternative.side == "opponent"
    assert "1 opponent's spirit with 3000 BP or less or 1 opponent's nexus" in card_text(card)
    from bss_desktop.carddb.effects import target_to_dict
    assert target_to_dict(t) == {"bp_max": 3000, "alternative": {"type": "nexus"}}


@pytest.mark.parametrize("target, field", [
    ({"alternative": "nexus"}, "alternative"),
    ({"alternative": {"type": "castle"}}, "alternative.type"),
    ({"alternative": {"type": "nexus", "side": "you"}}, "alternative"),
    ({"alternative": {"type": "nexus", "count": 2}}, "alternative"),
    ({"count": 2, "alternative": {"type": "nexus"}}, "alternative"),
    ({"all": True, "alternative": {"type": "nexus"}}, "alternative"),
    ({"alternative": {"type": "nexus", "alternative": {"type": "spirit"}}}, "alternative"),
])
def test_cr_8_5_3_a_malformed_alternative_is_refused_naming_the_field(target, field):
    with pytest.raises(CardDataError) as e:
        card_from_dict(_magic_card(target), file="(test)", set_id="ZZ")
    assert str(e.value.field).endswith("destroy." + field), e.value.field


def test_cr_8_5_3_played_destroy_an_opponents_small_spirit_or_one_of_their_nexuses():
    db = imported_db(magic("Select one of your opponent's spirits with 3000 or fewer BP, or one of their nexuses, "
                           "and destroy it."), families=FAMILIES)
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-001]}",
                   "{life: 5, reserve: 3, field: [T-G4, T-R1, T-NX]}")
    stag, pup, forge = game.state.players[1].field
    game.apply(UseMagic(0, first(game, 0, "ZT-001", "hand")))
    assert game.pending.kind == "choose"
    assert sorted(game.pending.info["options"]) == sorted([pup, forge])  # not the 4000 BP spirit
    assert game.pending.info["max"] == 1
    answer(game, [forge])
    assert game.state.cards[forge].zone == "trash"
    assert game.state.cards[pup].zone == "field" and game.state.cards[stag].zone == "field"


def test_cr_8_5_3_played_a_core_onto_your_family_spirit_or_a_cheap_nexus():
    db = imported_db(effect("Select one of your other Stoneback spirits or one of your nexuses that costs 2 or "
                            "fewer. Place a core from the void onto it.", "When Summoned"),
                     record(ID="ZT-002", name="Other Rock"), families=FAMILIES)
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-001], field: [ZT-002, T-R1, T-NX, T-NX2]}",
                   "{life: 5, reserve: 3}")
    rock, pup, forge, tower = game.state.players[0].field
    before = {i: game.state.cards[i].cores for i in (rock, tower)}
    game.apply(Summon(0, first(game, 0, "ZT-001", "hand")))
    while game.pending is not None and game.pending.kind == "choose" and game.pending.info.get("kind") != "target":
        answer(game, game.pending.info["options"][0])
    assert sorted(game.pending.info["options"]) == sorted([rock, tower])  # not itself, the pup or the cost-3 nexus
    answer(game, [tower])
    assert game.state.cards[tower].cores == before[tower] + 1 and game.state.cards[rock].cores == before[rock]


# ---------------------------------------------------------------- "that are not red" (CR 2-4-1-2)


def test_cr_2_4_1_2_compiled_nexuses_that_are_not_a_colour():
    assert ops("Destroy all nexuses that cost 3 or fewer that are not red.") == [
        {"destroy": {"side": "any", "type": "nexus", "all": True, "cost_max": 3, "not_colors": ["red"]}}]


@pytest.mark.parametrize("value", ["pink", 3, ["red", "pink"]])
def test_cr_2_4_1_2_a_malformed_not_colors_is_refused_naming_the_field(value):
    with pytest.raises(CardDataError) as e:
        card_from_dict(_magic_card({"not_colors": value}), file="(test)", set_id="ZZ")
    assert "not_colors" in str(e.value.field)


def test_cr_2_4_1_2_not_colors_written_back():
    card = card_from_dict(_magic_card({"all": True, "side": "any", "type": "nexus", "not_colors": ["red"]}),
                          file="(test)", set_id="ZZ")
    assert "all non-Red nexuses" in card_text(card)


def test_cr_2_4_1_2_played_destroy_all_cheap_nexuses_that_are_not_red():
    db = imported_db(magic("Destroy all nexuses that cost 3 or fewer that are not red."),
                     record(ID="ZT-005", name="Twin Tower", cardType="NEXUS", color=["Red", "Blue"], cost="2",
                            symbols=["red"], core_requirements=[{"level": 1, "cores": 0}]),
                     record(ID="ZT-006", name="Big Tower", cardType="NEXUS", color=["Blue"], cost="5",
                            symbols=["blue"], core_requirements=[{"level": 1, "cores": 0}]),
                     families=FAMILIES)
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-001], field: [T-NX2]}",
                   "{life: 5, reserve: 3, field: [T-NX, T-NX2, ZT-005, ZT-006, T-B2]}")
    mine = game.state.players[0].field[0]
    forge, tower, twin, big, guard = game.state.players[1].field
    game.apply(UseMagic(0, first(game, 0, "ZT-001", "hand")))
    assert game.state.cards[mine].zone == "trash" and game.state.cards[tower].zone == "trash"  # both players'
    for kept in (forge, twin, big, guard):  # red, red and blue, cost 5, a spirit
        assert game.state.cards[kept].zone == "field"


# ---------------------------------------------------------------- symbols changed (CR 8-8, 2-8)


def nexus_rec(details: str, condition: str = "N/A", steps=(), **fields) -> dict:
    return effect(details, condition, steps, cardType="NEXUS", name="Test Nexus",
                  core_requirements=[{"level": 1, "cores": 0}, {"level": 2, "cores": 2}], **fields)


@pytest.mark.parametrize("sentence, expected", [
    ("Treat this spirit as having two red symbols.",
     [{"symbol": {"target": "this", "set": ["red", "red"], "_duration": None}}]),
    ("Treat that spirit as having two red symbols during this turn.",
     [{"symbol": {"target": "it", "set": ["red", "red"], "_duration": "turn"}}]),
    ("This nexus gains a green symbol.", [{"symbol": {"target": "this", "add": ["green"], "_duration": None}}]),
    ("If you do, this spirit gains one additional green symbol during this battle.",
     [{"symbol": {"target": "this", "add": ["green"], "_duration": "battle"}, "if_done": True}]),
    ("Count this spirit's symbol as two blue symbols if it has a \"Soul Core\" on it.",
     [{"symbol": {"target": "this", "set": ["blue", "blue"], "_duration": None}, "if": {"soul_core": True}}]),
    ("Treat this nexus's symbol as three white symbols.",
     [{"symbol": {"target": "this", "set": ["white"] * 3, "_duration": None}}]),
])
def test_cr_8_8_compiled_symbols_changed(sentence, expected):
    assert ops(sentence) == expected


def test_cr_8_8_symbols_changed_on_cards_with_so_many_symbols_stay_manual():
    assert "so many symbols" in refused("All of your spirits with one symbol gain a red symbol.")


def _symbol_card(value, kind="constant") -> dict:
    e = {"kind": kind, "do": [{"symbol": value}]}
    if kind == "triggered":
        e["trigger"] = "when_summoned"
    return {"id": "ZZ-1", "name": "Z", "type": "spirit", "colors": ["red"], "cost": 0, "symbols": ["red"],
            "levels": [{"level": 1, "cores": 1, "bp": 1000}], "effects": [e]}


def test_cr_8_8_the_symbol_directive_is_written_back_and_read_again():
    from bss_desktop.carddb.effects import directive_to_dict
    card = card_from_dict(_symbol_card({"target": "this", "set": ["red", "red"]}), file="(test)", set_id="ZZ")
    d = card.effects[0].do[0]
    assert (d.op, d.mode, d.colors) == ("symbol", "set", ("red", "red"))
    assert directive_to_dict(d) == {"symbol": {"target": "this", "set": ["red", "red"], "duration": "turn"}}
    assert "This spirit is treated as having 2 Red symbols." in card_text(card)
    card = card_from_dict(_symbol_card({"target": "this", "add": ["green"], "duration": "battle"}, "triggered"),
                          file="(test)", set_id="ZZ")
    assert "This spirit gets an additional Green symbol this battle." in card_text(card)


@pytest.mark.parametrize("value, field", [
    ({"target": "this"}, "symbol"),
    ({"target": "this", "set": ["red"], "add": ["red"]}, "symbol"),
    ({"target": "this", "set": []}, "symbol.set"),
    ({"target": "this", "set": ["pink"]}, "symbol.set[0]"),
    ({"target": "this", "add": "red", "duration": "forever"}, "symbol.duration"),
    ({"target": "this", "add": ["red"] * 11}, "symbol.add"),
    ({"target": {"side": "you", "all": True, "symbols": 1}, "add": ["red"]}, "symbol.target.symbols"),
    ({"target": "this", "add": ["red"], "colour": "red"}, "symbol.colour"),
])
def test_cr_8_8_a_malformed_symbol_directive_is_refused_naming_the_field(value, field):
    with pytest.raises(CardDataError) as e:
        card_from_dict(_symbol_card(value), file="(test)", set_id="ZZ")
    assert str(e.value.field).endswith(field), e.value.field


def test_cr_8_8_a_magic_card_changes_no_symbols_of_its_own():
    card = {"id": "ZZ-1", "name": "Z", "type": "magic", "colors": ["red"], "cost": 0, "timing": ["main"],
            "effects": [{"kind": "magic", "timing": ["main"], "do": [{"symbol": {"target": "this", "add": ["red"]}}]}]}
    with pytest.raises(CardDataError):
        card_from_dict(card, file="(test)", set_id="ZZ")


def test_cr_7_1_5_3_1_played_treat_this_spirit_as_having_two_symbols_two_life():
    db = imported_db(effect("Treat this spirit as having two red symbols."), families=FAMILIES)
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001]}", "{life: 5, reserve: 3}", step="attack")
    spirit = game.state.players[0].field[0]
    assert stats.symbols(game, spirit) == (("red",), ("red",)) and game.symbols(spirit) == (("red",), ("red",))
    to_block(game, spirit)
    game.apply(Block(1, None))
    assert game.state.players[1].life == 3  # two symbols: two cores from the life (CR 7-1-5-3-1)


def test_cr_8_8_played_count_its_symbol_as_two_only_while_the_soul_core_is_on_it():
    db = imported_db(effect("Count this spirit's symbol as two blue symbols if it has a \"Soul Core\" on it."),
                     families=FAMILIES)
    game = game_of(db, "{life: 5, reserve: 3, soul_core: field, field: [{card: ZT-001, soul_core: true}, ZT-001]}",
                   "{life: 5, reserve: 3}")
    with_soul, without = game.state.players[0].field
    assert game.symbols(with_soul) == (("blue",), ("blue",))
    assert game.symbols(without) == (("red",),)
    from bss_desktop.rules.bss.costs import field_symbols
    assert sorted(field_symbols(game, 0)) == [("blue",), ("blue",), ("red",)]


def test_cr_2_7_3_played_this_nexus_gains_a_green_symbol_for_cost_reduction():
    db = imported_db(nexus_rec("This nexus gains a green symbol.", color=["Red"], symbols=["red"]),
                     families=FAMILIES)
    game = game_of(db, "{life: 5, reserve: 5, hand: [T-G4], field: [ZT-001]}", "{life: 5, reserve: 3}")
    nexus = game.state.players[0].field[0]
    assert game.symbols(nexus) == (("red",), ("green",))
    game.apply(Summon(0, first(game, 0, "T-G4", "hand")))
    while game.pending is not None and game.pending.kind == "choose":
        answer(game, game.pending.info["options"][0])
    # cost 4, reduced by a green and a red symbol (CR 2-7-3): 2, and 1 core onto it
    assert game.state.players[0].reserve == 2


def test_cr_8_8_played_treat_that_spirit_as_having_two_symbols_during_this_turn():
    db = imported_db(magic("Select a spirit with a \"Soul Core\" on it. Treat that spirit as having two white "
                           "symbols during this turn."), families=FAMILIES)
    game = game_of(db, "{life: 5, reserve: 3, soul_core: field, hand: [ZT-001], field: [T-R1, "
                       "{card: T-R3, soul_core: true}]}", "{life: 5, reserve: 3}")
    pup, knight = game.state.players[0].field
    game.apply(UseMagic(0, first(game, 0, "ZT-001", "hand")))
    assert game.symbols(knight) == (("white",), ("white",)) and game.symbols(pup) == (("red",),)
    [entry] = [e for e in game.state.continuous if e.layer == stats.SYMBOLS_LAYER]
    assert entry.duration == "turn"  # gone at the end of the turn with the other effects of this turn (CR 6-8-1-2)
    from bss_desktop.rules.bss.targets import has_symbol
    assert has_symbol(game, 0, "white") and not has_symbol(game, 1, "white")


# ---------------------------------------------------------------- "gain N BP and ..." (CR 8-8-1-3-5)


def test_cr_8_8_1_3_5_compiled_two_bp_gains_joined_by_and():
    assert ops("All of your red spirits gain 1000 BP and all of your green spirits gain 2000 BP.") == [
        {"bp": {"target": {"side": "you", "colors": ["red"], "all": True}, "add": 1000, "_duration": None}},
        {"bp": {"target": {"side": "you", "colors": ["green"], "all": True}, "add": 2000, "_duration": None}}]
    assert ops("This spirit gains 1000 BP and Confront.") == [  # still a keyword after "and"
        {"bp": {"target": "this", "add": 1000, "_duration": None}},
        {"grant": {"target": "this", "keyword": "confront", "_duration": None}}]


def test_cr_8_8_1_3_5_played_red_spirits_and_green_spirits_gain_bp():
    db = imported_db(nexus_rec("All of your red spirits gain 1000 BP and all of your green spirits gain 2000 BP."),
                     families=FAMILIES)
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001, T-R1, T-D2, T-B2, T-G4]}",
                   "{life: 5, reserve: 3, field: [T-R1]}")
    _, pup, dual, guard, stag = game.state.players[0].field
    assert [stats.bp(game, i) for i in (pup, dual, guard, stag)] == [2000, 5000, 2000, 6000]  # red+green: both
    assert stats.bp(game, game.state.players[1].field[0]) == 1000


# ---------------------------------------------------------------- "when you place a blue nexus" (CR 10-7-7)


THREE_LEVELS = [{"level": 1, "battlePoints": 1000, "cores": 1}, {"level": 2, "battlePoints": 3000, "cores": 3},
                {"level": 3, "battlePoints": 6000, "cores": 5}]


def test_cr_10_7_7_compiled_when_you_place_a_blue_nexus():
    assert ops("When you place a blue nexus, treat this spirit as LV3 during this turn.") == [
        {"_trigger": {"trigger": "your_nexus_placed", "watch": {"colors": ["blue"]}}},
        {"level": {"target": "this", "set": 3, "_duration": "turn"}}]
    assert "other than a nexus" in refused("When you place a blue spirit, draw a card.")


def test_cr_10_7_7_the_trigger_is_written_back_and_read_again():
    card = card_from_dict({"id": "ZZ-1", "name": "Z", "type": "spirit", "colors": ["red"], "cost": 0,
                           "symbols": ["red"], "levels": [{"level": 1, "cores": 1, "bp": 1000}],
                           "effects": [{"kind": "triggered", "trigger": "your_nexus_placed",
                                        "watch": {"colors": ["blue"]}, "do": [{"draw": 1}]}]},
                          file="(test)", set_id="ZZ")
    assert card.effects[0].watch.type == "nexus"
    assert card_text(card) == "(When you place a Blue nexus) Draw 1 card."


def test_cr_10_7_7_a_malformed_watch_of_the_trigger_is_refused_naming_the_field():
    with pytest.raises(CardDataError) as e:
        card_from_dict({"id": "ZZ-1", "name": "Z", "type": "spirit", "colors": ["red"], "cost": 0,
                        "symbols": ["red"], "levels": [{"level": 1, "cores": 1, "bp": 1000}],
                        "effects": [{"kind": "triggered", "trigger": "your_nexus_placed",
                                     "watch": {"side": "you"}, "do": [{"draw": 1}]}]}, file="(test)", set_id="ZZ")
    assert str(e.value.field).endswith("watch.side")


@pytest.mark.parametrize("nexus_id, level", [("T-NX2", 3), ("T-NX", 1)])
def test_cr_10_7_7_played_when_you_place_a_blue_nexus_treat_this_spirit_as_lv3(nexus_id, level):
    from bss_desktop.engine.commands import PlaceNexus
    db = imported_db(effect("When you place a blue nexus, treat this spirit as LV3 during this turn.",
                            core_requirements=THREE_LEVELS), families=FAMILIES)
    game = game_of(db, f"{{life: 5, reserve: 5, hand: [{nexus_id}], field: [ZT-001]}}", "{life: 5, reserve: 3}")
    spirit = game.state.players[0].field[0]
    game.apply(PlaceNexus(0, first(game, 0, nexus_id, "hand")))
    while game.pending is not None and game.pending.kind == "choose":
        answer(game, game.pending.info["options"][0])
    assert stats.level(game, spirit) == level


def test_cr_10_7_7_played_a_nexus_your_opponent_places_does_not_trigger_it():
    from bss_desktop.engine.commands import PlaceNexus
    db = imported_db(effect("When you place a blue nexus, treat this spirit as LV3 during this turn.",
                            core_requirements=THREE_LEVELS), families=FAMILIES)
    game = game_of(db, "{life: 5, reserve: 5, field: [ZT-001]}", "{life: 5, reserve: 5, hand: [T-NX2]}",
                   turn_player=1)
    game.apply(PlaceNexus(1, first(game, 1, "T-NX2", "hand")))
    assert stats.level(game, game.state.players[0].field[0]) == 1


def test_cr_2_10_3_played_cannot_be_blocked_by_spirits_that_are_lv2_or_higher():
    db = imported_db(magic("Your spirits cannot be blocked by your opponent's spirits that are LV2 or higher during "
                           "this turn.", ID="ZT-009"), families=FAMILIES)
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-009], field: [T-R1]}",
                   "{life: 5, reserve: 3, field: [T-R1, {card: T-R3, cores: 2}]}", step="main")
    game.apply(UseMagic(0, first(game, 0, "ZT-009", "hand")))
    from bss_desktop.engine.commands import EndMain
    game.apply(EndMain(0))
    pup, knight = game.state.players[1].field
    to_block(game, game.state.players[0].field[0])
    with pytest.raises(IllegalCommand):
        game.apply(Block(1, knight))
    game.apply(Block(1, pup))
    assert game.state.battle.blocker == pup


# ---------------------------------------------------------------- nexuses that lose their effects (docs/saga-rulings.md)


def nexus_with(details: str, levels=(1, 2), condition: str = "N/A", steps=(), **fields) -> dict:
    """ZT-00x: a red nexus (LV1: 0 cores, LV2: 2 cores) with one effect listed for `levels`."""
    return record(effects=[{"levels": list(levels), "condition": condition, "keywords": [], "steps": list(steps),
                            "details": details}], cardType="NEXUS", name="Test Nexus",
                  core_requirements=[{"level": 1, "cores": 0}, {"level": 2, "cores": 2}], **fields)


LOSE_LV1 = "All nexuses lose their LV1 effects and cannot regain them."


@pytest.mark.parametrize("sentence, expected", [
    (LOSE_LV1, [{"lose_effects": {"target": {"side": "any", "type": "nexus", "all": True}, "level": 1}}]),
    ("All LV1 nexuses lose their effects and cannot regain them.",
     [{"lose_effects": {"target": {"side": "any", "level_min": 1, "level_max": 1, "type": "nexus", "all": True}}}]),
    ("All of your opponent's nexuses lose their effects.",
     [{"lose_effects": {"target": {"all": True, "type": "nexus"}}}]),
])
def test_ruling_lose_effects_compiled(sentence, expected):
    assert ops(sentence) == expected


@pytest.mark.parametrize("sentence, why", [
    ("All of your opponent's nexuses lose their effects and cannot regain them during this turn.", "for a time"),
    ("All spirits lose their effects.", "other than all of some nexuses"),
])
def test_ruling_lose_effects_that_the_vocabulary_cannot_say_stays_manual(sentence, why):
    assert why in refused(sentence)


def test_ruling_lose_effects_a_magic_card_with_it_stays_manual():
    r = compile_effect("magic", "N/A", "All of your opponent's nexuses lose their effects.", ["Main"],
                       families=FAMILIES)
    assert not r.automated


def _lose_card(value, kind="constant") -> dict:
    e = {"kind": kind, "do": [{"lose_effects": value}]}
    if kind == "triggered":
        e["trigger"] = "when_summoned"
    return {"id": "ZZ-1", "name": "Z", "type": "spirit", "colors": ["red"], "cost": 0, "symbols": ["red"],
            "levels": [{"level": 1, "cores": 1, "bp": 1000}], "effects": [e]}


def test_ruling_lose_effects_written_back_and_read_again():
    from bss_desktop.carddb.effects import directive_to_dict
    card = card_from_dict(_lose_card({"target": {"side": "any", "type": "nexus", "all": True}, "level": 1}),
                          file="(test)", set_id="ZZ")
    d = card.effects[0].do[0]
    assert directive_to_dict(d) == {"lose_effects": {"target": {"side": "any", "type": "nexus", "all": True},
                                                     "level": 1}}
    assert card_text(card) == "Constant: All nexuses lose their LV1 effects and cannot regain them."


@pytest.mark.parametrize("value, kind, field", [
    ({"level": 1}, "constant", "lose_effects.target"),
    ({"target": "this"}, "constant", "lose_effects.target"),
    ({"target": {"all": True}}, "constant", "lose_effects.target"),
    ({"target": {"type": "nexus"}}, "constant", "lose_effects.target"),
    ({"target": {"type": "nexus", "all": True, "bp_max": 3000}}, "constant", "lose_effects.target"),
    ({"target": {"type": "nexus", "all": True}, "level": 0}, "constant", "lose_effects.level"),
    ({"target": {"type": "nexus", "all": True}, "level": "one"}, "constant", "lose_effects.level"),
    ({"target": {"type": "nexus", "all": True}, "levels": [1]}, "constant", "lose_effects.levels"),
    ({"target": {"type": "nexus", "all": True}}, "triggered", "do[0]"),
])
def test_ruling_lose_effects_a_malformed_directive_is_refused_naming_the_field(value, kind, field):
    with pytest.raises(CardDataError) as e:
        card_from_dict(_lose_card(value, kind), file="(test)", set_id="ZZ")
    assert str(e.value.field).endswith(field), e.value.field


def test_ruling_lose_effects_played_constant_effects_of_nexuses_apply_to_nothing():
    db = imported_db(effect(LOSE_LV1),
                     nexus_with("All of your spirits gain 1000 BP.", ID="ZT-002"),
                     nexus_with("All of your spirits gain 2000 BP.", levels=(2,), ID="ZT-003"),
                     families=FAMILIES)
    game = game_of(db, "{life: 5, reserve: 3, field: [T-R1, ZT-002, {card: ZT-003, cores: 2}]}",
                   "{life: 5, reserve: 3, field: [ZT-001]}")
    pup = game.state.players[0].field[0]
    assert stats.bp(game, pup) == 3000  # 1000 + the LV2-only effect's 2000; the LV1 effect is lost


def test_ruling_lose_effects_played_without_it_the_nexus_works():
    db = imported_db(nexus_with("All of your spirits gain 1000 BP.", ID="ZT-002"), families=FAMILIES)
    game = game_of(db, "{life: 5, reserve: 3, field: [T-R1, ZT-002]}", "{life: 5, reserve: 3}")
    assert stats.bp(game, game.state.players[0].field[0]) == 2000


def test_ruling_lose_effects_played_an_effect_listed_for_lv1_and_lv2_is_lost_at_lv2():
    db = imported_db(effect(LOSE_LV1), nexus_with("All of your spirits gain 1000 BP.", ID="ZT-002"),
                     families=FAMILIES)
    game = game_of(db, "{life: 5, reserve: 3, field: [T-R1, {card: ZT-002, cores: 2}]}",
                   "{life: 5, reserve: 3, field: [ZT-001]}")
    assert stats.level(game, game.state.players[0].field[1]) == 2
    assert stats.bp(game, game.state.players[0].field[0]) == 1000


def test_ruling_lose_effects_played_all_lv1_nexuses_by_their_level():
    db = imported_db(effect("All LV1 nexuses lose their effects and cannot regain them."),
                     nexus_with("All of your spirits gain 1000 BP.", ID="ZT-002"),
                     nexus_with("All of your spirits gain 2000 BP.", ID="ZT-003"),
                     families=FAMILIES)
    game = game_of(db, "{life: 5, reserve: 3, field: [T-R1, ZT-002, {card: ZT-003, cores: 2}]}",
                   "{life: 5, reserve: 3, field: [ZT-001]}")
    assert stats.bp(game, game.state.players[0].field[0]) == 3000  # the LV2 nexus keeps its effect


def test_ruling_lose_effects_played_triggered_effects_do_not_trigger():
    db = imported_db(effect(LOSE_LV1),
                     nexus_with("When one of your spirits attacks, draw a card.", ID="ZT-002"),
                     families=FAMILIES)
    game = game_of(db, "{life: 5, reserve: 3, field: [T-R1, ZT-002], deck: [T-W0, T-W0]}",
                   "{life: 5, reserve: 3, field: [ZT-001]}", step="attack")
    game.apply(Attack(0, game.state.players[0].field[0]))
    assert cids(game, game.state.players[0].hand) == []


def test_ruling_lose_effects_played_triggered_effects_trigger_again_when_it_stops():
    db = imported_db(effect("All nexuses lose their LV1 effects and cannot regain them.", "During Either Main Step"),
                     nexus_with("When one of your spirits attacks, draw a card.", ID="ZT-002"),
                     families=FAMILIES)
    game = game_of(db, "{life: 5, reserve: 3, field: [T-R1, ZT-002], deck: [T-W0, T-W0]}",
                   "{life: 5, reserve: 3, field: [ZT-001]}", step="attack")
    game.apply(Attack(0, game.state.players[0].field[0]))  # not the main step: the effect is not active
    while game.pending is not None and game.pending.kind == "choose":
        answer(game, game.pending.info["options"][0])
    assert cids(game, game.state.players[0].hand) == ["T-W0"]


def test_ruling_lose_effects_played_activated_effects_cannot_be_activated():
    from bss_desktop.engine.commands import Activate
    db = imported_db(effect(LOSE_LV1),
                     nexus_with("You may destroy this nexus to draw a card.", steps=["Main"], ID="ZT-002"),
                     families=FAMILIES)
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-002], deck: [T-W0, T-W0]}",
                   "{life: 5, reserve: 3, field: [ZT-001]}")
    forge = game.state.players[0].field[0]
    with pytest.raises(IllegalCommand):
        game.apply(Activate(0, forge, 0))
    assert game.state.cards[forge].zone == "field"
    assert not any(isinstance(c, Activate) for c in game.legal_commands())  # nor offered


# ---------------------------------------------------------------- the span first; "if you have N or more ... spirits"


@pytest.mark.parametrize("sentence, expected", [
    ("During this turn, treat it as its highest level.",
     [{"level": {"target": "it", "set": "max", "_duration": "turn"}}]),
    ("During this turn, treat this spirit as LV3.", [{"level": {"target": "this", "set": 3, "_duration": "turn"}}]),
    ("If you have two or more other LV1 spirits, draw a card.",
     [{"draw": 1, "if": {"control": {"side": "you", "other": True, "level_min": 1, "level_max": 1},
                         "control_min": 2}}]),
    ("If you have 3 or more red symbols, draw a card.",  # still symbols
     [{"draw": 1, "if": {"count": {"symbols": {"colors": ["red"]}}, "count_min": 3}}]),
])
def test_cr_8_8_1_3_2_compiled_the_span_first_and_spirits_you_have(sentence, expected):
    assert ops(sentence) == expected


def test_cr_8_8_1_3_2_played_select_a_spirit_during_this_turn_treat_it_as_its_highest_level():
    db = imported_db(magic("Select one of your spirits. During this turn, treat it as its highest level."),
                     families=FAMILIES)
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-001], field: [T-R3]}", "{life: 5, reserve: 3}")
    knight = game.state.players[0].field[0]
    game.apply(UseMagic(0, first(game, 0, "ZT-001", "hand")))
    assert stats.level(game, knight) == 3 and stats.bp(game, knight) == 6000


@pytest.mark.parametrize("others, drawn", [("[T-R1, T-W0]", 1), ("[T-R1, {card: T-R3, cores: 2}]", 0)])
def test_cr_8_3_3_played_if_you_have_two_or_more_other_lv1_spirits(others, drawn):
    db = imported_db(effect("If you have two or more other LV1 spirits, draw a card.", "When Summoned"),
                     families=FAMILIES)
    game = game_of(db, f"{{life: 5, reserve: 3, hand: [ZT-001], field: {others}, deck: [T-W0, T-W0]}}",
                   "{life: 5, reserve: 3, field: [T-R1, T-R1]}")
    game.apply(Summon(0, first(game, 0, "ZT-001", "hand")))
    assert len(game.state.players[0].hand) == drawn  # the opponent's LV1 spirits do not count


# ---------------------------------------------------------------- "with a combined total of N or fewer cost" (CR 2-6)


def test_cr_2_6_compiled_any_number_with_a_combined_total_cost():
    assert ops("Select any number of your opponent's nexuses with a combined total of 7 or fewer cost and destroy "
               "them.") == [{"destroy": {"type": "nexus", "any_number": True, "total_cost_max": 7}}]
    assert ops("Select any number of your opponent's spirits with a combined total of 5 or fewer cost and destroy "
               "them.") == [{"destroy": {"any_number": True, "total_cost_max": 5}}]
    assert "exact count" in refused("Select two of your opponent's spirits with a combined total of 5 or fewer cost "
                                    "and destroy them.")


def test_cr_2_6_the_combined_cost_is_written_back_and_read_again():
    card = card_from_dict(_magic_card({"type": "nexus", "any_number": True, "total_cost_max": 7}), file="(test)",
                          set_id="ZZ")
    assert card.effects[0].do[0].target.total_cost_max == 7
    assert "any number of your opponent's nexuses with a combined total cost of 7 or less" in card_text(card)


@pytest.mark.parametrize("target", [
    {"total_cost_max": 7},  # an exact count
    {"any_number": True, "total_cost_max": "seven"},
    {"any_number": True, "total_cost_max": -1},
    {"up_to": 2, "total_cost_max": 5, "total_bp_max": 5000},
])
def test_cr_2_6_a_malformed_combined_cost_is_refused_naming_the_field(target):
    with pytest.raises(CardDataError) as e:
        card_from_dict(_magic_card(target), file="(test)", set_id="ZZ")
    assert str(e.value.field).endswith("total_cost_max"), e.value.field


def _cost_game(limit: int):
    db = imported_db(magic(f"Select any number of your opponent's nexuses with a combined total of {limit} or fewer "
                           "cost and destroy them."),
                     record(ID="ZT-006", name="Big Tower", cardType="NEXUS", color=["Blue"], cost="5",
                            symbols=["blue"], core_requirements=[{"level": 1, "cores": 0}]),
                     families=FAMILIES)
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-001]}",
                   "{life: 5, reserve: 3, field: [T-NX, T-NX2, ZT-006, T-R5]}")
    game.apply(UseMagic(0, first(game, 0, "ZT-001", "hand")))
    return game


def test_cr_2_6_played_destroy_nexuses_whose_costs_add_up_to_the_limit():
    game = _cost_game(5)
    forge, tower, big, titan = game.state.players[1].field
    info = game.pending.info
    assert sorted(info["options"]) == sorted([forge, tower, big])  # nexuses only; the cost-5 one alone fits
    assert info["limit"] == 5 and info["limit_by"] == "cost"
    answer(game, [forge, tower])  # 3 + 2
    assert [game.state.cards[i].zone for i in (forge, tower, big, titan)] == ["trash", "trash", "field", "field"]


def test_cr_2_6_played_a_choice_over_the_combined_cost_is_refused_and_not_offered():
    from bss_desktop.engine.commands import Choose
    game = _cost_game(4)
    forge, tower, big, _ = game.state.players[1].field
    assert big not in game.pending.info["options"]
    before = game.state_hash()
    with pytest.raises(IllegalCommand):
        answer(game, [forge, tower])  # 3 + 2 > 4
    assert game.state_hash() == before
    offered = {tuple(sorted(c.value)) for c in game.legal_commands() if isinstance(c, Choose)}
    assert offered == {(), (forge,), (tower,)}
    answer(game, [forge])
    assert game.state.cards[forge].zone == "trash" and game.state.cards[tower].zone == "field"


def test_cr_2_6_a_hostile_views_limit_by_is_refused_naming_the_field():
    from bss_desktop.protocol.messages import MessageError, check_view
    from bss_desktop.protocol.redaction import SeatWindow
    db = imported_db(magic("Select any number of your opponent's nexuses with a combined total of 5 or fewer cost "
                           "and destroy them."), families=FAMILIES)
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-001]}", "{life: 5, reserve: 3, field: [T-NX, T-NX2]}")
    seat = SeatWindow.for_game(game, 0)
    seat.events(game.apply(UseMagic(0, first(game, 0, "ZT-001", "hand"))))
    view = seat.view(game)
    check_view(view)
    assert view["pending"]["limit_by"] == "cost"
    for bad in ("gold", 3, None):
        with pytest.raises(MessageError) as e:
            check_view({**view, "pending": {**view["pending"], "limit_by": bad}})
        assert e.value.field == "view.pending.limit_by"


# ---------------------------------------------------------------- "you may pay N core from your reserve to ..." (CR 8-4)


def test_cr_8_4_compiled_you_may_pay_a_core_from_your_reserve_to_select():
    r = compile_effect("spirit", "N/A", "When one of your Stoneback spirits' attacks reduces your opponent's life, "
                       "you may pay one core from your reserve to select two of your opponent's spirits with one "
                       "symbol. Return them to your opponent's hand.", [], families=FAMILIES)
    assert r.effect == {"kind": "triggered", "trigger": "your_spirit_reduces_life", "watch": {"family": "Stoneback"},
                        "cost": [{"pay_cores": 1}], "optional": True,
                        "do": [{"select": {"count": 2, "symbols": 1}}, {"bounce": "it"}]}
    assert ops("You may send 1 core from your reserve to your trash to draw a card.") == [  # still
        {"_cost": {"pay_cores": 1}}, {"draw": 1}]


@pytest.mark.parametrize("pay", [True, False])
def test_cr_8_4_played_pay_a_core_to_return_two_spirits_with_one_symbol(pay):
    db = imported_db(effect("When one of your Stoneback spirits' attacks reduces your opponent's life, you may pay "
                            "one core from your reserve to select two of your opponent's spirits with one symbol. "
                            "Return them to your opponent's hand."), families=FAMILIES)
    game = game_of(db, "{life: 5, reserve: 2, field: [ZT-001]}",
                   "{life: 5, reserve: 3, field: [T-R1, T-G4, T-R5]}", step="attack")
    pup, stag, titan = game.state.players[1].field
    to_block(game, game.state.players[0].field[0])
    game.apply(Block(1, None))
    while game.pending is not None and game.pending.kind == "choose":
        kind = game.pending.info.get("kind")
        answer(game, pay if kind == "may" else [0] if kind == "cores" else game.pending.info["options"][:2])
    hand = cids(game, game.state.players[1].hand)
    if pay:
        assert sorted(hand) == ["T-G4", "T-R1"] and game.state.players[0].reserve == 1
        assert game.state.cards[titan].zone == "field"  # two symbols
    else:
        assert hand == [] and game.state.players[0].reserve == 2


def test_cr_2_6_compiled_any_number_of_nexus_cards_from_your_trash_with_a_combined_cost():
    r = compile_effect("spirit", "When Summoned", "You may discard a card to select any number of nexus cards with a "
                       "combined total of 5 or fewer cost from your trash. Place them without paying their costs.", [],
                       families=FAMILIES)
    assert r.effect == {"kind": "triggered", "trigger": "when_summoned", "cost": [{"discard": 1}], "optional": True,
                        "do": [{"summon": {"target": {"type": "nexus", "any_number": True, "zone": "trash",
                                                      "total_cost_max": 5}, "cores": "reserve"}}]}


def test_cr_10_7_played_place_nexus_cards_from_your_trash_whose_costs_add_up_to_the_limit():
    db = imported_db(effect("You may discard a card to select any number of nexus cards with a combined total of 5 "
                            "or fewer cost from your trash. Place them without paying their costs.", "When Summoned"),
                     record(ID="ZT-006", name="Big Tower", cardType="NEXUS", color=["Blue"], cost="5",
                            symbols=["blue"], core_requirements=[{"level": 1, "cores": 0}]),
                     families=FAMILIES)
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-001, T-W0], trash: [T-NX, T-NX2, ZT-006, T-R1]}",
                   "{life: 5, reserve: 3}")
    forge, tower, big, pup = game.state.players[0].trash
    game.apply(Summon(0, first(game, 0, "ZT-001", "hand")))
    seen = None
    while game.pending is not None and game.pending.kind == "choose":
        i = game.pending.info
        if i.get("kind") == "may":
            answer(game, True)
        elif i.get("limit") is not None:
            seen = i
            with pytest.raises(IllegalCommand):
                answer(game, [forge, big])  # 3 + 5 > 5
            answer(game, [forge, tower])  # 3 + 2
        else:
            answer(game, [i["options"][0]])  # the card discarded
    assert seen is not None and sorted(seen["options"]) == sorted([forge, tower, big]) and seen["limit_by"] == "cost"
    assert game.state.cards[forge].zone == "field" and game.state.cards[tower].zone == "field"
    assert game.state.cards[big].zone == "trash" and game.state.cards[pup].zone == "trash"
    # without paying their costs: only their LV1 cores (the Tower's 1) and the summoned spirit's own 1 from the reserve
    assert game.state.players[0].reserve == 3 - 1 - 1 and game.state.cards[tower].cores == 1


@pytest.mark.parametrize("effect, field", [
    ({"kind": "constant", "condition": {"control": {"type": "nexus", "alternative": {"type": "spirit"}}},
      "do": [{"bp": {"target": "this", "add": 1000}}]}, "condition.control.alternative"),
    ({"kind": "constant", "do": [{"restrict": {"target": "this", "cannot": "be_blocked",
                                               "by": {"bp_max": 3000, "alternative": {"type": "nexus"}}}}]},
     "by.alternative"),
])
def test_cr_8_5_3_an_alternative_outside_a_selection_is_refused_naming_the_field(effect, field):
    card = {"id": "ZZ-1", "name": "Z", "type": "spirit", "colors": ["red"], "cost": 0, "symbols": ["red"],
            "levels": [{"level": 1, "cores": 1, "bp": 1000}], "effects": [effect]}
    with pytest.raises(CardDataError) as e:
        card_from_dict(card, file="(test)", set_id="ZZ")
    assert str(e.value.field).endswith(field), e.value.field


def test_cr_8_5_3_a_keyword_condition_has_no_alternative():
    card = {"id": "ZZ-1", "name": "Z", "type": "spirit", "colors": ["red"], "cost": 0, "symbols": ["red"],
            "levels": [{"level": 1, "cores": 1, "bp": 1000}],
            "keywords": [{"immortal": {"family": "Dragon", "alternative": {"type": "nexus"}}}]}
    with pytest.raises(CardDataError) as e:
        card_from_dict(card, file="(test)", set_id="ZZ")
    assert str(e.value.field).endswith("alternative"), e.value.field
