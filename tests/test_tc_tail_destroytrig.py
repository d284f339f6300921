"""Triggers on how, and by what, one of your opponent's spirits was destroyed (templates/timing.py,
rules/bss/destroytrig.py): ruling T4 in docs/saga-rulings.md ("Timings and triggers"), CR 7-1-5-2-1, 9-3-2-1, 9-4-2;
and on a spirit summoned from your trash (rules/bss/summon_origin.py, CR 10-6-1).

The sentences are written for these tests in the templates real card text uses; none is a real card's text.
"""
from __future__ import annotations

import pytest

from bss_desktop.carddb.card_text import effect_text
from bss_desktop.carddb.effects import EffectSyntax, parse_effect
from bss_desktop.carddb.schema import card_from_dict, card_to_dict
from bss_desktop.carddb.text_compile import compile_effect
from bss_desktop.engine.commands import Attack, Block, Pass, Summon, UseMagic
from helpers import answer, cids, effect, first, imported_db, position, record, two_players

FAMILIES = ("Stoneback", "Sky Warden")


def compiled(details: str, condition: str = "N/A", card_type: str = "spirit", steps=()):
    if card_type == "magic" and not steps:
        steps = ("Flash",)
    return compile_effect(card_type, condition, details, list(steps), families=FAMILIES)


def nexus(details: str, condition: str = "N/A", **fields) -> dict:
    return effect(details, condition, cardType="NEXUS", name="Test Nexus",
                  core_requirements=[{"level": 1, "cores": 0}, {"level": 2, "cores": 2}], **fields)


def magic(details: str, cid: str, name: str, steps=("Main",)) -> dict:
    return effect(details, steps=list(steps), cardType="MAGIC", name=name, core_requirements=[], ID=cid)


def game_of(db, p0: str, p1: str, **kw):
    return position(two_players(p0, p1, **kw), db=db)


def battle(game, attacker: int, blocker: int | None):
    """Player 0's `attacker` attacks; player 1 blocks with `blocker`; both pass every flash window."""
    game.apply(Attack(0, attacker))
    game.apply(Pass(1))
    game.apply(Pass(0))
    game.apply(Block(1, blocker))
    game.apply(Pass(1))
    game.apply(Pass(0))


def pick(game, iid: int) -> None:
    """Choose `iid` where the effect asks (a single possible target is taken without asking)."""
    while game.pending is not None and game.pending.kind == "choose":
        options = game.pending.info.get("options", ())
        answer(game, [iid] if iid in options else options[0])


def hand(game, p: int = 0) -> list[str]:
    return cids(game, game.state.players[p].hand)


# ---------------------------------------------------------------- compiled


@pytest.mark.parametrize("details,condition,expected", [
    ("When this spirit destroys 1 of your opponent's spirits, select 1 of your opponent's nexuses and exhaust it.",
     "N/A", {"kind": "triggered", "trigger": "when_destroys", "do": [{"exhaust": {"type": "nexus"}}]}),
    ("When this spirit destroys an opponent's spirit, draw a card.", "During Your Turn",
     {"kind": "triggered", "trigger": "when_destroys", "condition": {"your_turn": True}, "do": [{"draw": 1}]}),
    ("When 1 of your Sky Warden spirits destroys 1 of your opponent's spirits, discard the top 2 cards of their "
     "deck.", "N/A",
     {"kind": "triggered", "trigger": "your_spirit_destroys", "watch": {"family": "Sky Warden"},
      "do": [{"mill": {"count": 2, "side": "opponent"}}]}),
    ("When an effect on 1 of your spirits that costs 4 or more destroys 1 of your opponent's spirits, draw a card.",
     "N/A", {"kind": "triggered", "trigger": "your_spirit_effect_destroys", "watch": {"cost_min": 4},
             "do": [{"draw": 1}]}),
])
def test_ruling_t4_compiled_a_spirit_destroys_an_opponents_spirit(details, condition, expected):
    assert compiled(details, condition).effect == expected


@pytest.mark.parametrize("details,expected", [
    ("When 1 of your opponent's spirits is destroyed via reducing its BP to 0, select a spirit card from your trash "
     "and return it to your hand.",
     {"kind": "triggered", "trigger": "opponent_spirit_destroyed_bp_zero",
      "do": [{"bounce": {"side": "you", "zone": "trash"}}]}),
    ("When an opponent's spirit is destroyed via reducing its BP to 0, treat this spirit as LV2 during this turn.",
     {"kind": "triggered", "trigger": "opponent_spirit_destroyed_bp_zero",
      "do": [{"level": {"target": "this", "set": 2}}]}),
])
def test_cr_9_4_2_compiled_destroyed_via_reducing_its_bp_to_0(details, expected):
    assert compiled(details).effect == expected


def test_cr_9_3_2_1_compiled_one_of_your_effects_destroys_via_reducing_its_cores_to_zero():
    assert compiled("Draw 2 cards when 1 of your effects destroys 1 of your opponent's spirits via reducing its "
                    "cores to zero.", card_type="nexus").effect == {
        "kind": "triggered", "trigger": "opponent_spirit_destroyed_cores_by_you", "do": [{"draw": 2}]}


def test_cr_7_1_5_2_1_compiled_destroyed_in_battle_via_comparing_bp_with_an_opponents_spirit():
    assert compiled("Refresh this spirit when 1 of your spirits that costs 3 is destroyed in battle via comparing BP "
                    "with 1 of your opponent's spirits.").effect == {
        "kind": "triggered", "trigger": "your_spirit_destroyed_in_battle", "watch": {"cost_min": 3, "cost_max": 3},
        "do": [{"refresh": "this"}]}


@pytest.mark.parametrize("details", [
    "When this spirit destroys 2 of your opponent's spirits, draw a card.",
    "When 2 of your spirits destroys 1 of your opponent's spirits, draw a card.",
    "When 1 of your opponent's spirits destroys 1 of your opponent's spirits, draw a card.",
    "When 1 of your spirits is destroyed via reducing its BP to 0, draw a card.",
    "When 1 of your opponent's spirits is destroyed via reducing its BP to 1000, draw a card.",
    "Draw a card when 2 of your effects destroys 1 of your opponent's spirits via reducing its cores to zero.",
    "Draw a card when 1 of your effects destroys 1 of your spirits via reducing its cores to zero.",
    "When an effect on 1 of your nexuses destroys 1 of your opponent's spirits, draw a card.",
])
def test_ruling_t4_refused_what_the_triggers_do_not_watch(details):
    assert compiled(details).effect is None


# ---------------------------------------------------------------- played: this spirit destroys (ruling T4)

DESTROYER = [{"level": 1, "battlePoints": 4000, "cores": 1}, {"level": 2, "battlePoints": 6000, "cores": 3}]


def test_ruling_t4_played_this_spirit_destroys_in_battle_and_by_its_own_effect_not_by_a_magic_card():
    rec = record(core_requirements=DESTROYER, cost="3", effects=[
        {"levels": [1, 2], "condition": "N/A", "keywords": [], "steps": [],
         "details": "When this spirit destroys 1 of your opponent's spirits, draw a card."},
        {"levels": [1, 2], "condition": "When Summoned", "keywords": [], "steps": [],
         "details": "Select 1 of your opponent's spirits and destroy it."}])
    db = imported_db(rec, magic("Select 1 of your opponent's spirits and destroy it.", "ZT-003", "Smite",
                                steps=("Main",)))
    # in battle: it destroys the blocker by comparing BP (CR 7-1-5-2-1)
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001], deck: [T-W0, T-W0, T-W0]}",
                   "{life: 5, reserve: 3, field: [T-W0]}", step="attack")
    me, wisp = game.state.players[0].field[0], game.state.players[1].field[0]
    battle(game, me, wisp)
    assert game.state.cards[wisp].zone == "trash" and hand(game) == ["T-W0"]
    # by its own "When Summoned" destruction effect (CR 10-14-1)
    game = game_of(db, "{life: 5, reserve: 5, hand: [ZT-001], deck: [T-W0, T-W0, T-W0]}",
                   "{life: 5, reserve: 3, field: [T-W0]}")
    wisp = game.state.players[1].field[0]
    game.apply(Summon(0, first(game, 0, "ZT-001", "hand")))
    pick(game, wisp)
    assert game.state.cards[wisp].zone == "trash" and hand(game) == ["T-W0"]
    # a magic card's destruction is no spirit's: nothing
    game = game_of(db, "{life: 5, reserve: 5, hand: [ZT-003], field: [ZT-001], deck: [T-W0, T-W0, T-W0]}",
                   "{life: 5, reserve: 3, field: [T-W0]}")
    wisp = game.state.players[1].field[0]
    game.apply(UseMagic(0, first(game, 0, "ZT-003", "hand")))
    pick(game, wisp)
    assert game.state.cards[wisp].zone == "trash" and hand(game) == []


def test_ruling_t4_played_a_tie_destroys_both_and_this_spirit_still_destroyed_its_opponent():
    db = imported_db(effect("When this spirit destroys 1 of your opponent's spirits, draw a card.",
                            core_requirements=[{"level": 1, "battlePoints": 3000, "cores": 1},
                                               {"level": 2, "battlePoints": 5000, "cores": 3}]))
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001], deck: [T-W0, T-W0]}",
                   "{life: 5, reserve: 3, field: [T-R3]}", step="attack")
    me, knight = game.state.players[0].field[0], game.state.players[1].field[0]
    battle(game, me, knight)
    assert game.state.cards[me].zone == "trash" and game.state.cards[knight].zone == "trash"
    assert hand(game) == ["T-W0"]  # read with its last state (CR 8-10)


def test_ruling_t4_played_its_own_spirit_destroyed_is_not_an_opponents():
    db = imported_db(effect("When this spirit destroys 1 of your opponent's spirits, draw a card.",
                            core_requirements=DESTROYER))
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001], deck: [T-W0, T-W0]}",
                   "{life: 5, reserve: 3, field: [T-R5]}", step="attack")
    me, titan = game.state.players[0].field[0], game.state.players[1].field[0]
    battle(game, me, titan)  # 4000 against 5000: it loses
    assert game.state.cards[me].zone == "trash" and hand(game) == []


# ---------------------------------------------------------------- played: one of your spirits destroys (ruling T4)


def test_ruling_t4_played_one_of_your_family_spirits_destroys_in_battle():
    db = imported_db(nexus("When 1 of your Stoneback spirits destroys 1 of your opponent's spirits, discard the top 2 "
                           "cards of their deck."),
                     record(ID="ZT-002", name="Stone Brute", core_requirements=DESTROYER))
    for attacker_id, milled in (("ZT-002", 2), ("T-R5", 0)):  # a Stoneback spirit; one that is not
        game = game_of(db, f"{{life: 5, reserve: 3, field: [ZT-001, {attacker_id}]}}",
                       "{life: 5, reserve: 3, field: [T-W0], deck: [T-W0, T-W0, T-W0, T-W0]}", step="attack")
        attacker, wisp = game.state.players[0].field[1], game.state.players[1].field[0]
        battle(game, attacker, wisp)
        assert game.state.cards[wisp].zone == "trash"
        assert len(game.state.players[1].deck) == 4 - milled, attacker_id


def test_ruling_t4_played_an_effect_on_one_of_your_spirits_destroys_not_a_battle():
    db = imported_db(nexus("When an effect on 1 of your spirits that costs 3 or more destroys 1 of your opponent's "
                           "spirits, draw a card."),
                     effect("Select 1 of your opponent's spirits and destroy it.", "When Summoned", ID="ZT-002",
                            name="Stone Caller", cost="3", core_requirements=DESTROYER),
                     effect("Select 1 of your opponent's spirits and destroy it.", "When Summoned", ID="ZT-004",
                            name="Stone Pebble", cost="1", core_requirements=DESTROYER))
    for summoned, drawn in (("ZT-002", ["T-W0"]), ("ZT-004", [])):  # its cost: 3, then 1
        game = game_of(db, f"{{life: 5, reserve: 5, hand: [{summoned}], field: [ZT-001], deck: [T-W0, T-W0]}}",
                       "{life: 5, reserve: 3, field: [T-W0]}")
        wisp = game.state.players[1].field[0]
        game.apply(Summon(0, first(game, 0, summoned, "hand")))
        pick(game, wisp)
        assert game.state.cards[wisp].zone == "trash" and hand(game) == drawn, summoned
    # in battle: comparing BP is no effect
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001, ZT-002], deck: [T-W0, T-W0]}",
                   "{life: 5, reserve: 3, field: [T-W0]}", step="attack")
    attacker, wisp = game.state.players[0].field[1], game.state.players[1].field[0]
    battle(game, attacker, wisp)
    assert game.state.cards[wisp].zone == "trash" and hand(game) == []


# ---------------------------------------------------------------- played: how it was destroyed (CR 9-4-2, 9-3-2-1)

SHRINK = "Select 1 of your opponent's spirits and reduce its BP by 3000 during this turn."
DRAIN = "Select 1 of your opponent's spirits. Remove 1 core from it and place it into their reserve."
SMITE = "Select 1 of your opponent's spirits and destroy it."


@pytest.mark.parametrize("spell,destroyed,drawn", [
    (SHRINK, True, ["T-W0"]),  # its BP reduced to 0 (CR 9-4-2-1)
    (SMITE, True, []),  # a destruction effect
    (DRAIN, True, []),  # its cores taken (CR 9-3-2-1)
])
def test_cr_9_4_2_played_destroyed_via_reducing_its_bp_to_0(spell, destroyed, drawn):
    db = imported_db(nexus("When 1 of your opponent's spirits is destroyed via reducing its BP to 0, draw a card."),
                     magic(spell, "ZT-003", "Spell"))
    game = game_of(db, "{life: 5, reserve: 5, hand: [ZT-003], field: [ZT-001], deck: [T-W0, T-W0]}",
                   "{life: 5, reserve: 3, field: [T-W0]}")
    wisp = game.state.players[1].field[0]
    game.apply(UseMagic(0, first(game, 0, "ZT-003", "hand")))
    pick(game, wisp)
    assert (game.state.cards[wisp].zone == "trash") == destroyed
    assert hand(game) == drawn


def test_cr_9_4_2_3_played_its_owners_own_spirit_at_0_bp_is_not_an_opponents():
    db = imported_db(nexus("When 1 of your opponent's spirits is destroyed via reducing its BP to 0, draw a card."),
                     magic(SHRINK.replace("your opponent's", "your"), "ZT-003", "Spell"))
    game = game_of(db, "{life: 5, reserve: 5, hand: [ZT-003], field: [ZT-001, T-W0], deck: [T-W0, T-W0]}",
                   "{life: 5, reserve: 3, field: [T-W0]}")
    mine = game.state.players[0].field[1]
    game.apply(UseMagic(0, first(game, 0, "ZT-003", "hand")))
    pick(game, mine)
    assert game.state.cards[mine].zone == "trash" and hand(game) == []


@pytest.mark.parametrize("spell,victim,drawn", [
    (DRAIN, "T-W0", ["T-W0", "T-W0"]),  # its only core taken by your effect (CR 9-3-2-1)
    (SMITE, "T-W0", []),  # a destruction effect
    (SHRINK, "T-W0", []),  # its BP
    (DRAIN, "T-B2", []),  # 2 cores for LV1, 1 taken: destroyed, but a core is left on it, not reduced to zero
])
def test_cr_9_3_2_1_played_one_of_your_effects_destroys_via_reducing_its_cores_to_zero(spell, victim, drawn):
    db = imported_db(nexus("Draw 2 cards when 1 of your effects destroys 1 of your opponent's spirits via reducing "
                           "its cores to zero."), magic(spell, "ZT-003", "Spell"))
    game = game_of(db, "{life: 5, reserve: 5, hand: [ZT-003], field: [ZT-001], deck: [T-W0, T-W0]}",
                   f"{{life: 5, reserve: 3, field: [{victim}]}}")
    target = game.state.players[1].field[0]
    game.apply(UseMagic(0, first(game, 0, "ZT-003", "hand")))
    pick(game, target)
    assert game.state.cards[target].zone == "trash"
    assert hand(game) == drawn


# ---------------------------------------------------------------- the vocabulary: hostile, English, write-back


@pytest.mark.parametrize("value,field", [
    ({"kind": "triggered", "trigger": "when_destroys", "watch": {"cost_min": 3}, "do": [{"draw": 1}]},
     "e.watch"),
    ({"kind": "triggered", "trigger": "your_spirit_destroys", "watch": {"side": "you"}, "do": [{"draw": 1}]},
     "e.watch"),
    ({"kind": "burst", "trigger": "opponent_spirit_destroyed_bp_zero", "do": [{"draw": 1}]}, "e.trigger"),
    ({"kind": "triggered", "trigger": "opponent_spirit_destroyed_by_zero", "do": [{"draw": 1}]}, "e.trigger"),
    ({"kind": "triggered", "trigger": "your_spirit_or_magic_destroys", "watch": {"bp_max": 3000},
      "do": [{"draw": 1}]}, "e.watch"),
    ({"kind": "triggered", "trigger": "your_spirit_or_magic_destroys", "watch": {"type": "spirit"},
      "do": [{"draw": 1}]}, "e.watch"),
    ({"kind": "triggered", "trigger": "your_spirit_destroys", "watch": {"level_min": 2}, "do": [{"draw": 1}]},
     "e.watch.level_min"),
])
def test_ruling_t4_hostile_the_destruction_triggers_refuse_what_they_do_not_take(value, field):
    with pytest.raises(EffectSyntax) as e:
        parse_effect(value, "e", card_type="spirit")
    assert e.value.field.startswith(field), e.value.field


@pytest.mark.parametrize("trigger,watch,words", [
    ("when_destroys", None, "(When It Destroys an Opponent's Spirit)"),
    ("your_spirit_destroys", {"family": "Stoneback"}, "destroys an opponent's spirit"),
    ("your_spirit_effect_destroys", {"cost_min": 4}, "When an effect of one of your"),
    ("opponent_spirit_destroyed_bp_zero", None, "destroyed by its BP becoming 0"),
    ("opponent_spirit_destroyed_cores_by_you", None, "by taking its cores"),
    ("your_spirit_or_magic_destroys", None, "one of your spirits or magic cards destroys"),
    ("your_spirit_or_magic_destroys", {"cost_min": 7}, "one of your cards with cost 7 or more (a spirit"),
    ("your_spirit_summoned_from_trash", None, "(When a spirit is summoned from your trash)"),
    ("your_spirit_summoned_from_trash", {"family": "Stoneback"}, "Stoneback spirits is summoned from your trash"),
    ("you_draw_by_effect", None, "(When you draw with one of your effects)"),
    ("when_higher_bp", None, "(When Its BP Is Higher in Battle)"),
    ("your_spirit_summoned_with_swift", None, "is summoned with 【Swift】"),
    ("your_spirit_wins_battle_against", {"bp_max": 2000}, "destroys one of your opponent's spirits with 2000 BP"),
    ("your_spirit_destroyed_by_opponent_spirit", {"level_min": 2}, "is destroyed by one of your opponent's spirits"),
])
def test_ruling_t4_the_destruction_triggers_read_as_english_and_write_back(trigger, watch, words):
    e = {"kind": "triggered", "trigger": trigger, "do": [{"draw": 1}]}
    if watch:
        e["watch"] = watch
    card = card_from_dict({"id": "X-1", "name": "Probe", "type": "spirit", "colors": ["red"], "cost": 3,
                           "levels": [{"level": 1, "cores": 1, "bp": 3000}], "effects": [e]})
    text = effect_text(card.effects[0], card)
    assert words in text, text
    assert card_from_dict(card_to_dict(card)).effects == card.effects


# ---------------------------------------------------------------- one of your spirits or magic cards (ruling T4)


def test_ruling_t4_compiled_one_of_your_spirits_or_magic_that_costs_n_or_more_destroys():
    assert compiled("When 1 of your spirits or magic that costs 6 or more destroys an opponent's spirit, treat this "
                    "spirit as LV2 during this turn.", "During Your Turn").effect == {
        "kind": "triggered", "trigger": "your_spirit_or_magic_destroys", "watch": {"cost_min": 6},
        "condition": {"your_turn": True}, "do": [{"level": {"target": "this", "set": 2}}]}
    # a filter a magic card does not have: refused
    assert compiled("When 1 of your spirits or magic with 3000 or fewer BP destroys 1 of your opponent's spirits, "
                    "draw a card.").effect is None


def test_ruling_t4_played_one_of_your_spirits_or_magic_that_costs_n_or_more_destroys():
    db = imported_db(nexus("When 1 of your spirits or magic that costs 5 or more destroys an opponent's spirit, draw "
                           "a card."),
                     magic(SMITE, "ZT-003", "Big Smite") | {"cost": "5"},
                     magic(SMITE, "ZT-004", "Small Smite") | {"cost": "1"},
                     record(ID="ZT-002", name="Stone Brute", cost="5", core_requirements=DESTROYER))
    for spell, drawn in (("ZT-003", ["T-W0"]), ("ZT-004", [])):  # a magic card of cost 5; of cost 1
        game = game_of(db, f"{{life: 5, reserve: 9, hand: [{spell}], field: [ZT-001], deck: [T-W0, T-W0]}}",
                       "{life: 5, reserve: 3, field: [T-W0]}")
        wisp = game.state.players[1].field[0]
        game.apply(UseMagic(0, first(game, 0, spell, "hand")))
        pick(game, wisp)
        assert game.state.cards[wisp].zone == "trash" and hand(game) == drawn, spell
    # a spirit of cost 5 in battle (ruling T4 (a)); a spirit of cost 5 of the opponent's destroying yours: nothing
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001, ZT-002], deck: [T-W0, T-W0]}",
                   "{life: 5, reserve: 3, field: [T-W0]}", step="attack")
    brute, wisp = game.state.players[0].field[1], game.state.players[1].field[0]
    battle(game, brute, wisp)
    assert game.state.cards[wisp].zone == "trash" and hand(game) == ["T-W0"]


# ---------------------------------------------------------------- summoned from your trash (CR 10-6-1, 10-6-7)

RAISE = "Select a spirit card from your trash and summon it without paying its cost."


def test_cr_10_6_1_compiled_when_a_spirit_is_summoned_from_your_trash():
    assert compiled("When a spirit is summoned from your trash, select 1 of your opponent's exhausted spirits and "
                    "return it to their hand.", "During Your Turn").effect == {
        "kind": "triggered", "trigger": "your_spirit_summoned_from_trash", "condition": {"your_turn": True},
        "do": [{"bounce": {"exhausted": True}}]}
    assert compiled("When 1 of your Stoneback spirits is summoned from your trash, draw a card.").effect == {
        "kind": "triggered", "trigger": "your_spirit_summoned_from_trash", "watch": {"family": "Stoneback"},
        "do": [{"draw": 1}]}
    assert compiled("When 1 of your opponent's spirits is summoned from your trash, draw a card.").effect is None


def test_cr_10_6_1_played_a_spirit_summoned_from_your_trash_not_from_your_hand():
    db = imported_db(nexus("When a spirit is summoned from your trash, draw a card."),
                     magic(RAISE, "ZT-003", "Raise"))
    # from the trash, by an effect: the summon completes with its cores (CR 10-6-7), then it triggers
    game = game_of(db, "{life: 5, reserve: 5, hand: [ZT-003], field: [ZT-001], trash: [T-R3], deck: [T-W0, T-W0]}",
                   "{life: 5, reserve: 3}")
    knight = game.state.players[0].trash[0]
    game.apply(UseMagic(0, first(game, 0, "ZT-003", "hand")))
    pick(game, knight)
    assert game.state.cards[knight].zone == "field" and hand(game) == ["T-W0"]
    # from the hand: nothing
    game = game_of(db, "{life: 5, reserve: 5, hand: [T-R1], field: [ZT-001], deck: [T-W0, T-W0]}",
                   "{life: 5, reserve: 3}")
    game.apply(Summon(0, first(game, 0, "T-R1", "hand")))
    assert hand(game) == []


def test_cr_10_6_1_played_the_opponents_spirit_summoned_from_their_trash_is_not_from_yours():
    db = imported_db(nexus("When a spirit is summoned from your trash, draw a card."),
                     magic(RAISE, "ZT-003", "Raise"))
    game = game_of(db, "{life: 5, reserve: 5, field: [ZT-001], deck: [T-W0, T-W0]}",
                   "{life: 5, reserve: 5, hand: [ZT-003], trash: [T-R3], deck: [T-W0, T-W0]}", turn_player=1)
    knight = game.state.players[1].trash[0]
    game.apply(UseMagic(1, first(game, 1, "ZT-003", "hand")))
    pick(game, knight)
    assert game.state.cards[knight].zone == "field" and hand(game) == [] and hand(game, 1) == []


# ---------------------------------------------------------------- your own draws (ruling T2); a trigger's condition


def test_ruling_t2_compiled_when_you_draw_a_card_with_one_of_your_effects():
    assert compiled("When you draw a card with 1 of your effects, select 1 of your opponent's spirits with 2000 or "
                    "fewer BP and destroy it.", "During Your Turn").effect == {
        "kind": "triggered", "trigger": "you_draw_by_effect", "condition": {"your_turn": True},
        "do": [{"destroy": {"bp_max": 2000}}]}
    assert compiled("When you draw 2 cards with 1 of your effects, draw a card.").effect is None
    assert compiled("When you draw a card with 2 of your effects, draw a card.").effect is None


def test_ruling_t2_played_your_own_effects_draw_is_one_event_and_no_other_draw_counts():
    db = imported_db(nexus("When you draw a card with 1 of your effects, select 1 of your opponent's spirits with "
                           "2000 or fewer BP and destroy it."),
                     magic("Draw 2 cards.", "ZT-003", "Insight"),
                     magic("Your opponent draws 2 cards.", "ZT-004", "Gift"))
    game = game_of(db, "{life: 5, reserve: 5, hand: [ZT-003], field: [ZT-001], deck: [T-W0, T-W0, T-W0]}",
                   "{life: 5, reserve: 3, field: [T-W0, T-B2]}")
    wisp, guard = game.state.players[1].field
    game.apply(UseMagic(0, first(game, 0, "ZT-003", "hand")))
    pick(game, wisp)
    assert hand(game) == ["T-W0", "T-W0"]  # one draw of 2 cards: one destruction (CR 4-5-3, 8-6-3)
    assert game.state.cards[wisp].zone == "trash" and game.state.cards[guard].zone == "field"
    # your opponent's effect makes you draw: not one of yours
    game = game_of(db, "{life: 5, reserve: 5, field: [ZT-001], deck: [T-W0, T-W0, T-W0]}",
                   "{life: 5, reserve: 5, hand: [ZT-004], field: [T-W0]}", turn_player=1)
    wisp = game.state.players[1].field[0]
    game.apply(UseMagic(1, first(game, 1, "ZT-004", "hand")))
    assert hand(game) == ["T-W0", "T-W0"] and game.state.cards[wisp].zone == "field"


def test_cr_8_6_2_compiled_when_a_condition_and_an_event():
    assert compiled("When you have 2 or fewer life and you reduce your opponent's life, draw 2 cards.",
                    "While This Spirit Attacks").effect == {
        "kind": "triggered", "trigger": "your_spirit_reduces_life", "condition": {"attacking": True, "life_max": 2},
        "do": [{"draw": 2}]}
    # beside a trigger framed apart, the condition would be lost: by hand
    assert compiled("When you have 2 or fewer life and the battle ends, draw 2 cards.",
                    "While This Spirit Attacks").effect is None


@pytest.mark.parametrize("life,drawn", [(2, 2), (3, 0)])
def test_cr_8_6_2_played_the_condition_holds_as_the_trigger_happens(life, drawn):
    db = imported_db(effect("When you have 2 or fewer life and you reduce your opponent's life, draw 2 cards.",
                            "While This Spirit Attacks"))
    game = game_of(db, f"{{life: {life}, reserve: 3, field: [ZT-001], deck: [T-W0, T-W0, T-W0]}}",
                   "{life: 5, reserve: 3}", step="attack")
    me = game.state.players[0].field[0]
    game.apply(Attack(0, me))  # no spirit to block it: the attack reduces their life (CR 7-1-5-3-1)
    while game.pending.kind in ("flash", "block"):
        game.apply(Pass(game.pending.player) if game.pending.kind == "flash" else Block(game.pending.player, None))
    assert game.state.players[1].life == 4 and len(hand(game)) == drawn


# ---------------------------------------------------------------- the BP comparison; 【Swift】 (CR 11-9-1)

HIGHER = ("Place a core from the void onto this spirit if it has higher BP than your opponent's spirit when comparing "
          "BP during battle resolution.")


def test_cr_7_1_5_2_1_compiled_if_it_has_higher_bp_when_comparing_bp():
    e = compiled(HIGHER, "While This Spirit Attacks or Blocks")
    assert e.effect == {"kind": "triggered", "trigger": "when_higher_bp", "condition": {"attacking": True},
                        "do": [{"core_charge": {"target": "this", "count": 1}}]}
    assert [a.effect["condition"] for a in e.also] == [{"blocking": True}]


@pytest.mark.parametrize("blocker,charged", [("T-W0", True), ("T-G4", False), ("T-R5", False)])
def test_cr_7_1_5_2_1_played_a_core_onto_this_spirit_if_its_bp_is_higher_when_compared(blocker, charged):
    # 4000 against 1000 (higher), 4000 (a tie: both destroyed, not higher), 5000 (lower)
    db = imported_db(effect(HIGHER, "While This Spirit Attacks or Blocks", core_requirements=DESTROYER))
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001]}", f"{{life: 5, reserve: 3, field: [{blocker}]}}",
                   step="attack")
    me, them = game.state.players[0].field[0], game.state.players[1].field[0]
    battle(game, me, them)
    card = game.state.cards[me]
    assert (card.zone == "field" and card.cores == 2) == charged


SWIFT_WATCH = "Draw a card when 1 of your spirits is summoned with Swift."


def test_cr_11_9_1_compiled_when_one_of_your_spirits_is_summoned_with_swift():
    assert compiled(SWIFT_WATCH, "During Either Attack Step").effect == {
        "kind": "triggered", "trigger": "your_spirit_summoned_with_swift", "condition": {"step": "attack"},
        "do": [{"draw": 1}]}
    assert compiled("Draw a card when 1 of your spirits is summoned with Curse.").effect is None


def test_cr_11_9_1_played_summoned_with_swift_in_a_flash_window_not_in_the_main_step():
    db = imported_db(effect(SWIFT_WATCH, "During Either Attack Step", core_requirements=DESTROYER))
    # your opponent attacks; in the flash window you summon a spirit with 【Swift】 from your hand
    game = game_of(db, "{life: 5, reserve: 5, hand: [KW-SWF], field: [{card: ZT-001, exhausted: true}]}",
                   "{life: 5, reserve: 3, field: [T-R1]}", turn_player=1, step="attack")
    me = game.state.players[0].field[0]
    game.apply(Attack(1, game.state.players[1].field[0]))
    game.apply(Summon(0, first(game, 0, "KW-SWF", "hand")))
    assert hand(game) == ["T-W0"]
    # in your main step it is summoned as any spirit: not with 【Swift】 (and the label's step is not this one)
    db = imported_db(effect(SWIFT_WATCH, core_requirements=DESTROYER))
    game = game_of(db, "{life: 5, reserve: 5, hand: [KW-SWF], field: [{card: ZT-001, exhausted: true}]}",
                   "{life: 5, reserve: 3}")
    game.apply(Summon(0, first(game, 0, "KW-SWF", "hand")))
    assert hand(game) == []


# ---------------------------------------------------------------- the destroyed spirit's kind (CR 7-1-5-2-1)

AGAINST = ("When 1 of your spirits destroys 1 of your opponent's spirits with 2000 or fewer BP in battle, you may "
           "refresh it.")


def test_cr_7_1_5_2_1_compiled_destroys_one_of_your_opponents_spirits_with_n_or_fewer_bp_in_battle():
    assert compiled(AGAINST, "During Your Attack Step").effect == {
        "kind": "triggered", "trigger": "your_spirit_wins_battle_against", "watch": {"bp_max": 2000},
        "condition": {"step": "attack", "your_turn": True}, "do": [{"refresh": "trigger", "may": True}]}


@pytest.mark.parametrize("blocker,refreshed", [("T-W0", True), ("T-R3", False)])  # 1000 BP; 3000 BP
def test_cr_7_1_5_2_1_played_refresh_the_spirit_that_destroyed_one_with_n_or_fewer_bp(blocker, refreshed):
    db = imported_db(nexus(AGAINST, "During Your Attack Step"))
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001, T-R5]}", f"{{life: 5, reserve: 3, field: [{blocker}]}}",
                   step="attack")
    titan, them = game.state.players[0].field[1], game.state.players[1].field[0]
    battle(game, titan, them)
    if game.pending.kind == "choose":
        answer(game, True)
    assert game.state.cards[them].zone == "trash"
    assert (not game.state.cards[titan].exhausted) == refreshed


# ---------------------------------------------------------------- destroyed by an opponent's spirit (ruling T4)

BY_THEIR_SPIRIT = ("Draw 2 cards when 1 of your spirits that is LV2 or higher is destroyed by 1 of your opponent's "
                   "spirits.")


def test_ruling_t4_compiled_destroyed_by_one_of_your_opponents_spirits():
    assert compiled(BY_THEIR_SPIRIT, "During Opponent's Attack Step", card_type="nexus").effect == {
        "kind": "triggered", "trigger": "your_spirit_destroyed_by_opponent_spirit", "watch": {"level_min": 2},
        "condition": {"step": "attack", "your_turn": False}, "do": [{"draw": 2}]}


@pytest.mark.parametrize("cores,drawn", [(2, ["T-W0", "T-W0"]), (1, [])])  # the blocker at LV2; at LV1
def test_ruling_t4_played_your_spirit_at_its_level_destroyed_by_an_opponents_spirit_in_battle(cores, drawn):
    db = imported_db(nexus(BY_THEIR_SPIRIT))
    game = game_of(db, f"{{life: 5, reserve: 3, field: [ZT-001, {{card: T-R3, cores: {cores}}}], deck: [T-W0, T-W0]}}",
                   "{life: 5, reserve: 3, field: [T-R5]}", turn_player=1, step="attack")
    knight, titan = game.state.players[0].field[1], game.state.players[1].field[0]
    game.apply(Attack(1, titan))
    game.apply(Pass(0))
    game.apply(Pass(1))
    game.apply(Block(0, knight))
    game.apply(Pass(0))
    game.apply(Pass(1))
    assert game.state.cards[knight].zone == "trash" and hand(game) == drawn


def test_ruling_t4_played_a_magic_card_of_your_opponents_is_not_one_of_their_spirits():
    db = imported_db(nexus(BY_THEIR_SPIRIT), magic(SMITE, "ZT-003", "Smite"))
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001, {card: T-R3, cores: 2}], deck: [T-W0, T-W0]}",
                   "{life: 5, reserve: 5, hand: [ZT-003]}", turn_player=1)
    knight = game.state.players[0].field[1]
    game.apply(UseMagic(1, first(game, 1, "ZT-003", "hand")))
    pick(game, knight)
    assert game.state.cards[knight].zone == "trash" and hand(game) == []


# ---------------------------------------------------------------- your opponent's effect discards from your deck

def test_cr_10_2_1_compiled_when_your_opponents_effect_discards_a_card_from_your_deck_names_the_trigger():
    """The phrase names the reactions family's trigger opponent_effect_mills_you (its ruling R-5: one card or more);
    the sentence compiles to it here, the effect once that trigger is in the vocabulary."""
    from bss_desktop.carddb.text_compile import compile_sentence

    s = compile_sentence("When your opponent's effect discards a card from your deck, draw a card.", FAMILIES)
    assert s.ok and s.ops == [{"_trigger": {"trigger": "opponent_effect_mills_you"}}, {"draw": 1}]


# ---------------------------------------------------------------- an effect that works from the trash (ruling T6)

FROM_TRASH = ("When 1 of your opponent's spirits is destroyed via reducing its BP to 0, summon this spirit card from "
              "your trash without paying its cost.")


def test_ruling_t6_compiled_summon_this_spirit_card_from_your_trash():
    assert compiled(FROM_TRASH, "During Either Attack Step").effect == {
        "kind": "triggered", "trigger": "trash_opponent_spirit_destroyed_bp_zero", "condition": {"step": "attack"},
        "do": [{"summon": {"target": "this", "cores": "reserve"}}]}
    assert compiled("When an opponent's spirit is destroyed via reducing its BP to 0, you may summon this spirit card "
                    "from your trash exhausted without paying its cost.").effect == {
        "kind": "triggered", "trigger": "trash_opponent_spirit_destroyed_bp_zero",
        "do": [{"summon": {"target": "this", "cores": "reserve", "exhausted": True}, "may": True}]}
    # on a trigger the trash does not watch, or from anywhere else: by hand
    assert compiled(FROM_TRASH.replace(" via reducing its BP to 0", "")).effect is None
    assert compiled("When 1 of your opponent's spirits is destroyed via reducing its BP to 0, you may summon this "
                    "spirit card from your hand without paying its cost.").effect is None


def test_ruling_t6_played_this_card_in_your_trash_is_summoned_when_a_spirit_is_destroyed_at_0_bp():
    db = imported_db(effect(FROM_TRASH, core_requirements=DESTROYER), magic(SHRINK, "ZT-003", "Shrink"),
                     magic(SMITE, "ZT-004", "Smite"))
    for spell, summoned in (("ZT-003", True), ("ZT-004", False)):
        game = game_of(db, f"{{life: 5, reserve: 5, hand: [{spell}], trash: [ZT-001]}}",
                       "{life: 5, reserve: 3, field: [T-W0]}")
        me, wisp = game.state.players[0].trash[0], game.state.players[1].field[0]
        game.apply(UseMagic(0, first(game, 0, spell, "hand")))
        pick(game, wisp)
        if game.pending.kind == "choose":
            answer(game, True)
        card = game.state.cards[me]
        assert game.state.cards[wisp].zone == "trash"
        assert (card.zone == "field" and not card.exhausted and card.cores == 1) == summoned, spell


def test_ruling_t6_played_the_effect_does_not_work_from_the_field():
    db = imported_db(effect(FROM_TRASH, core_requirements=DESTROYER), magic(SHRINK, "ZT-003", "Shrink"))
    game = game_of(db, "{life: 5, reserve: 5, hand: [ZT-003], field: [ZT-001], trash: [ZT-001]}",
                   "{life: 5, reserve: 3, field: [T-W0]}")
    in_trash = game.state.players[0].trash[0]
    wisp = game.state.players[1].field[0]
    game.apply(UseMagic(0, first(game, 0, "ZT-003", "hand")))
    pick(game, wisp)
    if game.pending.kind == "choose":
        answer(game, True)
    assert game.state.cards[in_trash].zone == "field" and len(game.state.players[0].field) == 2  # once: the trash's


@pytest.mark.parametrize("value,field", [
    ({"kind": "triggered", "trigger": "trash_opponent_spirit_destroyed_bp_zero",
      "do": [{"summon": {"target": "this", "pay": True}}]}, "e.do[0].summon.pay"),
    ({"kind": "triggered", "trigger": "trash_opponent_spirit_destroyed_bp_zero",
      "do": [{"summon": {"target": "this", "cores": "life"}}]}, "e.do[0].summon.cores"),
])
def test_ruling_t6_hostile_summon_this_refuses_what_it_does_not_take(value, field):
    with pytest.raises(EffectSyntax) as e:
        parse_effect(value, "e", card_type="spirit")
    assert e.value.field.startswith(field), e.value.field


def test_ruling_t6_reads_as_english_and_writes_back():
    e = {"kind": "triggered", "trigger": "trash_opponent_spirit_destroyed_bp_zero",
         "do": [{"summon": {"target": "this", "cores": "reserve", "exhausted": True}, "may": True}]}
    card = card_from_dict({"id": "X-1", "name": "Probe", "type": "spirit", "colors": ["red"], "cost": 3,
                           "levels": [{"level": 1, "cores": 1, "bp": 3000}], "effects": [e]})
    text = effect_text(card.effects[0], card)
    assert "(In your trash: when one of your opponent's spirits is destroyed by its BP becoming 0)" in text, text
    assert "summon this card from your trash exhausted without paying its cost" in text, text
    assert card_from_dict(card_to_dict(card)).effects == card.effects


# ---------------------------------------------------------------- neither spirit of this battle (CR 7-1-5-2-1)

SPARE = "Neither spirit is destroyed when resolving the battle in which this magic card was used."


def test_cr_7_1_5_2_1_compiled_neither_spirit_is_destroyed_in_this_battle():
    assert compiled(SPARE, card_type="magic").effect == {"kind": "magic", "timing": ["flash"],
                                                         "do": [{"spare_battle": True}]}


@pytest.mark.parametrize("after_block", [True, False, None])  # after the block; before it (the blocker spared too);
def test_cr_7_1_5_2_1_played_neither_spirit_is_destroyed_in_the_battle_the_magic_card_was_used_in(after_block):
    # not used (None): both are destroyed
    db = imported_db(magic(SPARE, "ZT-003", "Truce", steps=("Flash",)))
    game = game_of(db, "{life: 5, reserve: 5, hand: [ZT-003], field: [T-R3]}",
                   "{life: 5, reserve: 3, field: [T-R3, T-W0]}", step="attack")
    knight, (their_knight, wisp) = game.state.players[0].field[0], game.state.players[1].field
    game.apply(Attack(0, knight))
    game.apply(Pass(1))
    if after_block is False:
        game.apply(UseMagic(0, first(game, 0, "ZT-003", "hand")))
        game.apply(Pass(1))
    game.apply(Pass(0))
    game.apply(Block(1, their_knight))  # 3000 against 3000: both would be destroyed
    if after_block:
        game.apply(Pass(1))
        game.apply(UseMagic(0, first(game, 0, "ZT-003", "hand")))
    while game.pending.kind == "flash":
        game.apply(Pass(game.pending.player))
    kept = "trash" if after_block is None else "field"
    assert game.state.cards[knight].zone == kept and game.state.cards[their_knight].zone == kept
    # the next battle is fought as usual (CR 7-1-6-2: it ended with its battle)
    assert not any(g.what == "spare_battle" for g in game.state.grants)


def test_cr_7_1_5_2_1_hostile_spare_battle_takes_only_true():
    with pytest.raises(EffectSyntax) as e:
        parse_effect({"kind": "magic", "timing": ["flash"], "do": [{"spare_battle": "yes"}]}, "e", card_type="magic")
    assert e.value.field == "e.do[0].spare_battle", e.value.field


def test_cr_7_1_5_2_1_spare_battle_reads_as_english_and_writes_back():
    card = card_from_dict({"id": "X-2", "name": "Probe", "type": "magic", "colors": ["red"], "cost": 1,
                           "timing": ["flash"], "effects": [{"kind": "magic", "do": [{"spare_battle": True}]}]})
    assert "Neither spirit of this battle is destroyed by comparing BP." in effect_text(card.effects[0], card)
    assert card_from_dict(card_to_dict(card)).effects == card.effects
