"""Timings and triggers compiled from card text (templates/timing.py), then played: "when the battle ends" on a
spirit whose label puts it in the battle (CR 7-1-6-1), "once per turn" (ruling T1, docs/saga-rulings.md) and
"attack that spirit" (CR 10-10-1).

The sentences are written for these tests in the templates real card text uses; none is a real card's text.
"""
from __future__ import annotations

import pytest

from bss_desktop.carddb.text_compile import compile_effect
from bss_desktop.engine.commands import Attack, Block, EndAttack, EndMain, Pass, Summon, UseMagic
from bss_desktop.engine.errors import IllegalCommand
from helpers import answer, cids, effect, first, imported_db, position, record, two_players

FAMILIES = ("Stoneback", "Sky Warden")
BIG = [{"level": 1, "battlePoints": 6000, "cores": 1}, {"level": 2, "battlePoints": 8000, "cores": 3}]


def compiled(details: str, condition: str = "N/A", card_type: str = "spirit", steps=()):
    if card_type == "magic" and not steps:
        steps = ("Main",)
    return compile_effect(card_type, condition, details, list(steps), families=FAMILIES)


def game_of(db, p0: str, p1: str, **kw):
    return position(two_players(p0, p1, **kw), db=db)


def attack_unblocked(game, p: int, attacker: int):
    game.apply(Attack(p, attacker))
    game.apply(Pass(1 - p))
    game.apply(Pass(p))
    return game.apply(Block(1 - p, None))


# ---------------------------------------------------------------- compiled


@pytest.mark.parametrize("details,condition,expected", [
    ("Destroy this spirit when the battle ends.", "While This Spirit Attacks",
     {"kind": "triggered", "trigger": "when_attack_ends",
      "do": [{"destroy": "this"}]}),
    ("When the battle ends, you may return this spirit to your hand.", "While This Spirit Blocks",
     {"kind": "triggered", "trigger": "when_block_ends",
      "do": [{"bounce": "this", "may": True}]}),
    ("When this battle ends, once per turn, you may refresh all of your spirits with Awaken.",
     "While This Spirit Attacks",
     {"kind": "triggered", "trigger": "when_attack_ends", "limit": "once_per_turn",
      "do": [{"refresh": {"side": "you", "all": True, "keyword": "awaken"}, "may": True}]}),
    ("When the battle ends, you may destroy this spirit to select 1 of your opponent's spirits with 4000 or fewer "
     "BP and destroy it.", "While This Spirit Attacks",
     {"kind": "triggered", "trigger": "when_attack_ends",
      "cost": [{"destroy": "this"}], "optional": True, "do": [{"destroy": {"bp_max": 4000}}]}),
])
def test_cr_7_1_6_1_compiled_when_the_battle_ends(details, condition, expected):
    assert compiled(details, condition).effect == expected


@pytest.mark.parametrize("details,condition,expected", [
    ("Refresh this spirit once per turn.", "When This Spirit Attacks",
     {"kind": "triggered", "trigger": "when_attacks", "limit": "once_per_turn", "do": [{"refresh": "this"}]}),
    ("Once per turn, when you use a magic card, refresh this spirit.", "While This Spirit Attacks",
     {"kind": "triggered", "trigger": "you_use_magic", "condition": {"attacking": True}, "limit": "once_per_turn",
      "do": [{"refresh": "this"}]}),
    ("Draw a card. This effect may only be used once per turn.", "When This Spirit Blocks",
     {"kind": "triggered", "trigger": "when_blocks", "limit": "once_per_turn", "do": [{"draw": 1}]}),
])
def test_ruling_t1_compiled_once_per_turn(details, condition, expected):
    assert compiled(details, condition).effect == expected


@pytest.mark.parametrize("details,expected", [
    ("Select 1 of your opponent's exhausted spirits. You may attack that spirit.",
     [{"select": {"exhausted": True}}, {"attack_spirit": "it", "may": True}]),
    ("You may select 1 of your opponent's refreshed spirits and attack it.",
     [{"attack_spirit": {"exhausted": False}, "may": True}]),
])
def test_cr_10_10_1_compiled_attack_that_spirit(details, expected):
    assert compiled(details, "When This Spirit Attacks").effect == {"kind": "triggered", "trigger": "when_attacks",
                                                                     "do": expected}


@pytest.mark.parametrize("details,condition,card_type", [
    ("When the battle ends, draw a card.", "N/A", "spirit"),  # no label puts it in a battle: any battle is meant
    ("When the battle ends, draw a card.", "N/A", "nexus"),
    ("When the battle ends, draw a card.", "During Your Attack Step", "spirit"),
    ("Draw a card when the battle ends.", "When Summoned", "spirit"),  # no battle to wait for
    ("Once per turn, draw a card.", "During Your Turn", "spirit"),  # a constant effect is never limited
    ("Once per turn, draw a card.", "N/A", "magic"),
])
def test_cr_7_1_6_1_and_ruling_t1_refused_where_they_do_not_say_what_the_engine_does(details, condition, card_type):
    assert not compiled(details, condition, card_type).automated


# ---------------------------------------------------------------- played


def test_cr_7_1_6_1_played_destroy_this_spirit_when_the_battle_it_attacks_in_ends():
    db = imported_db(effect("Destroy this spirit when the battle ends.", "While This Spirit Attacks"))
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001]}", "{life: 5, reserve: 3}", step="attack")
    spirit = game.state.players[0].field[0]
    attack_unblocked(game, 0, spirit)
    assert game.state.players[1].life == 4  # the battle was fought first (CR 7-1-5-3-1)
    assert game.state.cards[spirit].zone == "trash"  # then it ended (CR 7-1-6-1)


def test_cr_7_1_6_1_played_the_battle_a_spirit_blocks_in_is_not_one_it_attacks_in():
    db = imported_db(effect("Destroy this spirit when the battle ends.", "While This Spirit Attacks",
                            core_requirements=BIG))
    game = game_of(db, "{life: 5, reserve: 3, field: [T-W0]}", "{life: 5, reserve: 3, field: [ZT-001]}",
                   step="attack")
    wisp, spirit = game.state.players[0].field[0], game.state.players[1].field[0]
    game.apply(Attack(0, wisp))
    game.apply(Pass(1))
    game.apply(Pass(0))
    game.apply(Block(1, spirit))
    game.apply(Pass(1))
    game.apply(Pass(0))
    assert game.state.cards[wisp].zone == "trash" and game.state.cards[spirit].zone == "field"


def test_cr_7_1_6_1_played_you_may_destroy_this_spirit_when_the_battle_ends_to_destroy_a_spirit():
    db = imported_db(effect("When the battle ends, you may destroy this spirit to select 1 of your opponent's "
                            "spirits with 4000 or fewer BP and destroy it.", "While This Spirit Attacks"))
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001]}", "{life: 5, reserve: 3, field: [T-G4, T-R5]}",
                   step="attack")
    spirit = game.state.players[0].field[0]
    stag, titan = game.state.players[1].field
    attack_unblocked(game, 0, spirit)
    answer(game, True)  # CR 8-4-1: the cost is paid if its controller wants
    assert game.state.cards[spirit].zone == "trash"
    # the only spirit with 4000 or fewer BP is taken at once (CR 8-5-3-3); the 5000 BP one stays
    assert game.state.cards[stag].zone == "trash" and game.state.cards[titan].zone == "field"


def test_ruling_t1_played_once_per_turn_a_triggered_effect_activates_once_a_turn():
    db = imported_db(effect("Refresh this spirit once per turn.", "When This Spirit Attacks"))
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001]}", "{life: 5, reserve: 3}", step="attack")
    spirit = game.state.players[0].field[0]
    attack_unblocked(game, 0, spirit)
    assert not game.state.cards[spirit].exhausted  # refreshed by its first attack of the turn
    attack_unblocked(game, 0, spirit)
    assert game.state.cards[spirit].exhausted  # the second attack: the effect has been used this turn
    assert game.state.players[1].life == 3


def test_ruling_t1_played_a_same_name_copy_counts_its_own_once_per_turn():
    db = imported_db(effect("Refresh this spirit once per turn.", "When This Spirit Attacks"))
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001, ZT-001]}", "{life: 5, reserve: 3}", step="attack")
    one, two = game.state.players[0].field
    attack_unblocked(game, 0, one)
    attack_unblocked(game, 0, two)
    assert not game.state.cards[one].exhausted and not game.state.cards[two].exhausted


def test_ruling_t1_played_once_per_turn_on_a_trigger_written_under_a_while_label():
    db = imported_db(effect("Once per turn, when you use a magic card, refresh this spirit.",
                            "While This Spirit Attacks"))
    game = game_of(db, "{life: 5, reserve: 6, field: [ZT-001], hand: [T-MB, T-MB]}", "{life: 5, reserve: 3}",
                   step="attack")
    spirit = game.state.players[0].field[0]
    game.apply(Attack(0, spirit))
    game.apply(Pass(1))  # the attacked player passes; the attacker uses a flash magic card (CR 7-1-2-1)
    game.apply(UseMagic(0, first(game, 0, "T-MB", "hand")))
    while game.pending is not None and game.pending.kind == "choose":
        answer(game, game.pending.info["options"][0])
    assert not game.state.cards[spirit].exhausted
    game.apply(Pass(1))
    game.apply(Pass(0))
    game.apply(Block(1, None))
    spirit2 = spirit
    attack = game.apply(Attack(0, spirit2))
    assert attack is not None
    game.apply(Pass(1))
    game.apply(UseMagic(0, first(game, 0, "T-MB", "hand")))
    while game.pending is not None and game.pending.kind == "choose":
        answer(game, game.pending.info["options"][0])
    assert game.state.cards[spirit].exhausted  # used once already this turn


def test_cr_10_10_1_played_select_an_exhausted_spirit_and_attack_it():
    db = imported_db(effect("Select 1 of your opponent's exhausted spirits. You may attack that spirit.",
                            "When This Spirit Attacks", core_requirements=BIG))
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001]}",
                   "{life: 5, reserve: 3, field: [{card: T-G4, exhausted: true}, T-B2]}", step="attack")
    spirit = game.state.players[0].field[0]
    stag, guard = game.state.players[1].field
    game.apply(Attack(0, spirit))  # the only exhausted spirit is selected at once (CR 8-5-3-3)
    answer(game, True)  # "you may"
    b = game.state.battle
    assert b.blocked and b.blocker == stag  # the attacked spirit blocks at once (CR 10-10-1)
    game.apply(Pass(1))
    game.apply(Pass(0))
    assert game.state.cards[stag].zone == "trash"  # 6000 BP against 4000
    assert game.state.players[1].life == 5 and game.state.cards[guard].zone == "field"


def test_cr_10_10_1_played_declining_to_attack_that_spirit_leaves_the_attack_as_it_was():
    db = imported_db(effect("You may select 1 of your opponent's refreshed spirits and attack it.",
                            "When This Spirit Attacks", core_requirements=BIG))
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001]}", "{life: 5, reserve: 3, field: [T-B2]}",
                   step="attack")
    spirit = game.state.players[0].field[0]
    game.apply(Attack(0, spirit))
    answer(game, False)
    assert not game.state.battle.blocked
    game.apply(Pass(1))
    game.apply(Pass(0))
    game.apply(Block(1, None))
    assert game.state.players[1].life == 4


# ---------------------------------------------------------------- the new trigger words in a set file


def _spirit(effect: dict) -> dict:
    return {"id": "ZT-9", "name": "Hostile", "type": "spirit", "colors": ["red"], "cost": 1, "symbols": ["red"],
            "levels": [{"level": 1, "cores": 1, "bp": 1000}], "effects": [effect]}


@pytest.mark.parametrize("trigger", ["when_attack_ends", "when_block_ends"])
@pytest.mark.parametrize("extra,field", [
    ({"whose": "you"}, "effects[0].whose"),  # only step and turn triggers say whose
    ({"watch": {"family": "Dragon"}}, "effects[0].watch"),  # it watches no other card
    ({"count": 2}, "effects[0].count"),
])
def test_cr_7_1_6_1_hostile_battle_end_triggers_refuse_fields_they_do_not_take(trigger, extra, field):
    from bss_desktop.carddb.errors import CardDataError
    from bss_desktop.carddb.schema import card_from_dict

    with pytest.raises(CardDataError) as e:
        card_from_dict(_spirit({"kind": "triggered", "trigger": trigger, **extra, "do": [{"draw": 1}]}))
    assert e.value.field == field


def test_cr_7_1_6_1_battle_end_triggers_load_and_read_as_english():
    from bss_desktop.carddb.card_text import effect_text
    from bss_desktop.carddb.schema import card_from_dict

    for trigger, words in (("when_attack_ends", "Attacks In Ends"), ("when_block_ends", "Blocks In Ends")):
        card = card_from_dict(_spirit({"kind": "triggered", "trigger": trigger, "do": [{"draw": 1}]}))
        assert words in effect_text(card.effects[0], card)
    from bss_desktop.carddb.errors import CardDataError

    with pytest.raises(CardDataError) as e:  # a burst never takes it (CR 10-9)
        card_from_dict(_spirit({"kind": "burst", "trigger": "when_attack_ends", "do": [{"draw": 1}]}))
    assert e.value.field == "effects[0].trigger"


# ---------------------------------------------------------------- attacks that reduce life, the blocking spirit


def nexus(details: str, condition: str = "N/A", steps=(), **fields) -> dict:
    return effect(details, condition, steps, cardType="NEXUS", name="Test Nexus",
                  core_requirements=[{"level": 1, "cores": 0}, {"level": 2, "cores": 2}], **fields)


@pytest.mark.parametrize("details,condition,expected", [
    ("When you reduce your opponent's life with an attack from 1 of your spirits with Crush, draw a card.",
     "During Your Attack Step",
     {"kind": "triggered", "trigger": "your_spirit_reduces_life", "watch": {"keyword": "crush"},
      "condition": {"step": "attack", "your_turn": True}, "do": [{"draw": 1}]}),
    ("When 1 of your spirits is blocked, remove 1 core from the blocking spirit and place it into your "
     "opponent's reserve.", "N/A",
     {"kind": "triggered", "trigger": "your_spirit_blocked", "do": [{"core_remove": {"target": "blocker",
                                                                                     "count": 1}}]}),
    ("When this spirit is blocked, remove all but 1 core from your opponent's blocking spirit and place them into "
     "their reserve.", "While This Spirit Attacks",
     {"kind": "triggered", "trigger": "when_blocked", "condition": {"attacking": True},
      "do": [{"core_remove": {"target": "blocker", "keep": 1}}]}),
    ("Select 1 of your opponent's spirits and reduce its BP by 3000 during this turn.", "When Summoned",
     {"kind": "triggered", "trigger": "when_summoned", "do": [{"select": {}}, {"bp": {"target": "it",
                                                                                       "add": -3000}}]}),
])
def test_cr_7_1_compiled_attacks_that_reduce_life_and_the_blocking_spirit(details, condition, expected):
    assert compiled(details, condition).effect == expected


def test_cr_7_1_5_3_1_played_an_attack_from_one_of_your_spirits_with_a_keyword_reduces_life():
    db = imported_db(nexus("When you reduce your opponent's life with an attack from 1 of your red spirits, "
                           "draw a card.", "During Your Attack Step"))
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001, T-R1, T-B2], deck: [T-W0, T-W0]}",
                   "{life: 5, reserve: 3}", step="attack")
    _, pup, guard = game.state.players[0].field
    attack_unblocked(game, 0, guard)  # a blue spirit: not one it watches
    assert len(game.state.players[0].hand) == 0
    attack_unblocked(game, 0, pup)
    assert cids(game, game.state.players[0].hand) == ["T-W0"] and game.state.players[1].life == 3


def test_cr_7_1_3_played_remove_a_core_from_the_blocking_spirit():
    db = imported_db(nexus("When 1 of your spirits is blocked, remove 1 core from the blocking spirit and place "
                           "it into your opponent's reserve.", "During Your Attack Step"))
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001, T-G4]}",
                   "{life: 5, reserve: 0, field: [{card: T-B2, cores: 3}]}", step="attack")
    stag = game.state.players[0].field[1]
    guard = game.state.players[1].field[0]
    game.apply(Attack(0, stag))
    game.apply(Pass(1))
    game.apply(Pass(0))
    game.apply(Block(1, guard))
    from bss_desktop.engine import stats

    assert stats.cores_on(game.state, guard) == 2 and game.state.players[1].reserve == 1


def test_cr_7_1_3_played_remove_all_but_one_core_from_the_blocking_spirit():
    db = imported_db(effect("When this spirit is blocked, remove all but 1 core from the blocking spirit and "
                            "place them into your opponent's reserve.", "While This Spirit Attacks",
                            core_requirements=BIG))
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001]}",
                   "{life: 5, reserve: 0, field: [{card: T-G4, cores: 4}]}", step="attack")
    spirit, guard = game.state.players[0].field[0], game.state.players[1].field[0]
    game.apply(Attack(0, spirit))
    game.apply(Pass(1))
    game.apply(Pass(0))
    game.apply(Block(1, guard))
    from bss_desktop.engine import stats

    assert stats.cores_on(game.state, guard) == 1 and game.state.players[1].reserve == 3


# ---------------------------------------------------------------- "can block while exhausted" (CR 1-3-1 over 7-1-3-1)


def magic(details: str, steps=("Flash",)) -> dict:
    return effect(details, steps=list(steps), cardType="MAGIC", name="Test Magic", core_requirements=[])


@pytest.mark.parametrize("details,condition,card_type,expected", [
    ("Select 1 of your Stoneback spirits. That spirit can block while exhausted during this turn.", "N/A", "magic",
     {"kind": "magic", "do": [{"select": {"side": "you", "family": "Stoneback"}},
                              {"allow": {"target": "it", "can": "block_exhausted"}}]}),
    ("Select 1 of your spirits with Armor. That spirit may block even if exhausted during this turn.",
     "When This Spirit Blocks", "spirit",
     {"kind": "triggered", "trigger": "when_blocks", "do": [{"select": {"side": "you", "keyword": "armor"}},
                                                            {"allow": {"target": "it", "can": "block_exhausted"}}]}),
    ('Your Stoneback spirits with a "Soul Core" on them can block while exhausted.', "During Opponent's Attack Step",
     "spirit",
     {"kind": "constant", "condition": {"step": "attack", "your_turn": False},
      "do": [{"allow": {"target": {"side": "you", "family": "Stoneback", "all": True, "soul_core": True},
                        "can": "block_exhausted"}}]}),
])
def test_cr_1_3_1_compiled_can_block_while_exhausted(details, condition, card_type, expected):
    got = compile_effect(card_type, condition, details, ["Flash"] if card_type == "magic" else [],
                         families=FAMILIES).effect
    if card_type == "magic":
        got.pop("timing")
    assert got == expected


def test_cr_1_3_1_refused_can_block_while_exhausted_with_no_duration_outside_a_constant_effect():
    assert not compiled("Select 1 of your spirits. That spirit can block while exhausted.", "When Summoned").automated


def test_cr_1_3_1_played_a_magic_card_lets_an_exhausted_spirit_block_this_turn():
    db = imported_db(magic("Select 1 of your Stoneback spirits. That spirit can block while exhausted during this "
                           "turn."), effect("Draw a card.", "When Summoned", ID="ZT-002", name="Stone Guard",
                                            core_requirements=BIG))
    game = game_of(db, "{life: 5, reserve: 3, field: [T-R5]}",
                   "{life: 5, reserve: 3, hand: [ZT-001], field: [{card: ZT-002, exhausted: true}, "
                   "{card: T-W0, exhausted: true}]}", step="attack")
    titan = game.state.players[0].field[0]
    guard, wisp = game.state.players[1].field
    game.apply(Attack(0, titan))
    game.apply(UseMagic(1, first(game, 1, "ZT-001", "hand")))  # the only Stoneback spirit is selected at once
    game.apply(Pass(0))
    game.apply(Pass(1))
    with pytest.raises(IllegalCommand):  # the other exhausted spirit still cannot block (CR 7-1-3-1)
        game.apply(Block(1, wisp))
    game.apply(Block(1, guard))
    assert game.state.battle.blocker == guard and game.state.cards[guard].exhausted
    game.apply(Pass(1))
    game.apply(Pass(0))
    assert game.state.cards[titan].zone == "trash" and game.state.players[1].life == 5  # 6000 BP against 5000


def test_cr_7_1_3_1_played_without_the_effect_an_exhausted_spirit_cannot_block():
    db = imported_db(magic("Select 1 of your Stoneback spirits. That spirit can block while exhausted during this "
                           "turn."))
    game = game_of(db, "{life: 5, reserve: 3, field: [T-R5]}",
                   "{life: 5, reserve: 3, field: [{card: T-W0, exhausted: true}]}", step="attack")
    game.apply(Attack(0, game.state.players[0].field[0]))
    game.apply(Pass(1))
    game.apply(Pass(0))
    with pytest.raises(IllegalCommand):
        game.apply(Block(1, game.state.players[1].field[0]))


def test_cr_1_3_1_played_a_constant_effect_lets_its_spirits_block_while_exhausted_in_its_step():
    db = imported_db(effect("Your Stoneback spirits can block while exhausted.", "During Opponent's Attack Step",
                            core_requirements=BIG))
    game = game_of(db, "{life: 5, reserve: 3, field: [T-R5]}",
                   "{life: 5, reserve: 3, field: [{card: ZT-001, exhausted: true}]}", step="attack")
    titan, guard = game.state.players[0].field[0], game.state.players[1].field[0]
    game.apply(Attack(0, titan))
    game.apply(Pass(1))
    game.apply(Pass(0))
    game.apply(Block(1, guard))
    assert game.state.battle.blocker == guard


@pytest.mark.parametrize("value,field", [
    ({"target": "this", "can": "attack_exhausted"}, "effects[0].do[0].allow.can"),
    ({"target": "this"}, "effects[0].do[0].allow.can"),
    ({"target": "this", "can": "block_exhausted", "by": "attacker"}, "effects[0].do[0].allow.by"),
    ({"target": "this", "can": "block_exhausted", "by": {"colour": "red"}}, "effects[0].do[0].allow.by"),
    ({"target": "this", "can": "block_exhausted", "until": "turn"}, "effects[0].do[0].allow"),
    ({"target": "this", "can": "block_exhausted", "duration": "forever"}, "effects[0].do[0].allow.duration"),
])
def test_cr_1_3_1_hostile_allow_refuses_what_it_does_not_take(value, field):
    from bss_desktop.carddb.errors import CardDataError
    from bss_desktop.carddb.schema import card_from_dict

    with pytest.raises(CardDataError) as e:
        card_from_dict(_spirit({"kind": "triggered", "trigger": "when_summoned", "do": [{"allow": value}]}))
    assert e.value.field.startswith(field)


def test_cr_1_3_1_allow_reads_as_english_and_writes_back():
    from bss_desktop.carddb.card_text import effect_text
    from bss_desktop.carddb.schema import card_from_dict, card_to_dict

    card = card_from_dict(_spirit({"kind": "triggered", "trigger": "when_summoned",
                                   "do": [{"select": {"side": "you"}},
                                          {"allow": {"target": "it", "can": "block_exhausted"}}]}))
    assert "can block while exhausted" in effect_text(card.effects[0], card)
    again = card_from_dict(card_to_dict(card))
    assert again.effects == card.effects


# ---------------------------------------------------------------- magic used from the hand (CR 10-8-1, 10-9)


def test_cr_10_8_1_compiled_when_your_opponent_uses_a_magic_card_from_their_hand():
    got = compiled("When your opponent uses a magic card from their hand, place 2 cores from the void onto this "
                   "spirit after that card's effect resolves.", "While This Spirit Attacks").effect
    assert got == {"kind": "triggered", "trigger": "opponent_uses_magic_from_hand", "condition": {"attacking": True},
                   "do": [{"core_charge": {"target": "this", "count": 2}}]}


def _follow_up_burst():
    """A 0-cost flash magic card whose burst (when the opponent attacks) draws a card, then may use its flash
    effect (CR 10-9): a use that is not from the hand."""
    from bss_desktop.carddb.schema import card_from_dict

    return card_from_dict({"id": "ZT-B", "name": "Echo Burst", "type": "magic", "colors": ["red"], "cost": 0,
                           "timing": ["flash"], "burst": True, "effects": [
                               {"kind": "burst", "trigger": "opponent_attacks", "then_use": "flash",
                                "do": [{"draw": 1}]},
                               {"kind": "magic", "do": [{"draw": 1}]}]}, file="(test)", set_id="ZT")


def test_cr_10_8_1_played_a_magic_card_used_after_its_burst_is_not_used_from_the_hand():
    db = imported_db(effect("When your opponent uses a magic card from their hand, place a core from the void into "
                            "your reserve."))
    db.add(_follow_up_burst(), source="(test)")
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001, T-R1]}",
                   "{life: 5, reserve: 3, hand: [T-MB], burst: ZT-B}", step="attack")
    pup = game.state.players[0].field[1]
    game.apply(Attack(0, pup))
    answer(game, True)  # the burst activates (CR 10-9-2)
    while game.pending.kind == "choose":  # then its card's flash effect, paid (0 cores)
        answer(game, True if game.pending.info.get("kind") == "may" else game.pending.info["options"][0])
    assert len(game.state.players[1].hand) == 3  # T-MB and two draws
    assert game.state.players[0].reserve == 3  # no use from the hand yet
    game.apply(UseMagic(1, first(game, 1, "T-MB", "hand")))  # the attacked player acts first (CR 7-1-2-1)
    while game.pending.kind == "choose":
        answer(game, game.pending.info["options"][0])
    assert game.state.players[0].reserve == 4


# ---------------------------------------------------------------- "has been destroyed this turn" (count: destroyed)


@pytest.mark.parametrize("details,condition,expected", [
    ("If 2 or more of your spirits have been destroyed this turn, draw 2 cards at the start of the step.",
     "During Your End Step",
     {"kind": "triggered", "trigger": "start_of_step", "step": "end", "whose": "you",
      "do": [{"draw": 2, "if": {"count": {"destroyed": {"side": "you"}}, "count_min": 2}}]}),
    ("If a spirit has been destroyed this turn, draw a card at the start of the step.", "During Either End Step",
     {"kind": "triggered", "trigger": "start_of_step", "step": "end", "whose": "any",
      "do": [{"draw": 1, "if": {"count": {"destroyed": {"side": "any"}}, "count_min": 1}}]}),
    ("This spirit cannot attack unless 1 of your spirits has been destroyed this turn.", "N/A",
     {"kind": "constant", "condition": {"count": {"destroyed": {"side": "you"}}, "count_max": 0},
      "do": [{"restrict": {"target": "this", "cannot": "attack"}}]}),
    ("If 1 of your opponent's spirits has been destroyed this turn, this spirit gains 2000 BP.", "N/A",
     {"kind": "constant", "condition": {"count": {"destroyed": {"side": "opponent"}}, "count_min": 1},
      "do": [{"bp": {"target": "this", "add": 2000}}]}),
])
def test_cr_10_1_compiled_has_been_destroyed_this_turn(details, condition, expected):
    assert compiled(details, condition).effect == expected


def test_cr_10_1_played_draw_at_the_start_of_your_end_step_if_a_spirit_was_destroyed_this_turn():
    db = imported_db(nexus("If 1 of your opponent's spirits has been destroyed this turn, draw a card at the start "
                           "of the step.", "During Your End Step"))
    for fights, drawn in ((False, 0), (True, 1)):
        game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001, T-R5], deck: [T-W0, T-W0]}",
                       "{life: 5, reserve: 3, field: [T-W0]}", step="attack")
        titan, wisp = game.state.players[0].field[1], game.state.players[1].field[0]
        if fights:  # 5000 BP against 1000: the blocker is destroyed (CR 7-1-5-2-1)
            game.apply(Attack(0, titan))
            game.apply(Pass(1))
            game.apply(Pass(0))
            game.apply(Block(1, wisp))
            game.apply(Pass(1))
            game.apply(Pass(0))
            assert game.state.cards[wisp].zone == "trash"
        game.apply(EndAttack(0))  # the end step: the effect reads the turn's destructions
        assert len(game.state.players[0].hand) == drawn


def test_cr_6_8_1_2_played_the_destructions_of_a_turn_are_forgotten_when_it_ends():
    db = imported_db(effect("This spirit cannot attack unless 1 of your spirits has been destroyed this turn.",
                            core_requirements=BIG),
                     effect("You may destroy 1 of your other spirits to draw a card.", "When Summoned",
                            ID="ZT-002", name="Grim Caller"))
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001, T-W0], hand: [ZT-002], deck: [T-W0, T-W0, T-W0]}",
                   "{life: 5, reserve: 3}")
    spirit, wisp = game.state.players[0].field
    game.apply(EndMain(0))
    with pytest.raises(IllegalCommand):  # none of its player's spirits was destroyed this turn
        game.apply(Attack(0, spirit))
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001, T-W0], hand: [ZT-002], deck: [T-W0, T-W0, T-W0]}",
                   "{life: 5, reserve: 3}")
    spirit, wisp = game.state.players[0].field
    game.apply(Summon(0, first(game, 0, "ZT-002", "hand")))
    answer(game, True)
    if game.pending.kind == "choose":
        answer(game, [wisp])
    assert game.state.cards[wisp].zone == "trash" and game.state.spirits_destroyed == [1, 0]
    game.apply(EndMain(0))
    game.apply(Attack(0, spirit))  # one of its player's spirits was destroyed this turn
    assert game.state.battle.attacker == spirit
    game.apply(Pass(1))
    game.apply(Pass(0))
    game.apply(Block(1, None))
    game.apply(EndAttack(0))
    assert game.state.spirits_destroyed == [0, 0]  # the turn ended (CR 6-8-1-2)


def test_cr_10_1_1_1_played_a_self_destruction_is_not_counted():
    from bss_desktop.engine.commands import CoreMove, MoveCores

    db = imported_db(effect("This spirit cannot attack unless 1 of your spirits has been destroyed this turn."))
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001, T-W0]}", "{life: 5, reserve: 3}")
    wisp = game.state.players[0].field[1]
    game.apply(MoveCores(0, (CoreMove(wisp, "reserve", 1),)))  # its LV1 cost no longer met: self-destruction
    assert game.state.cards[wisp].zone == "trash" and game.state.spirits_destroyed == [0, 0]


@pytest.mark.parametrize("count,field", [
    ({"destroyed": {"side": "each"}}, "effects[0].condition.count.destroyed.side"),
    ({"destroyed": {"side": "you", "type": "nexus"}}, "effects[0].condition.count.destroyed.type"),
    ({"destroyed": "yes"}, "effects[0].condition.count.destroyed"),
    ({"destroyed": {}, "cores": "this"}, "effects[0].condition.count"),
])
def test_cr_10_1_hostile_a_destroyed_count_refuses_what_it_does_not_take(count, field):
    from bss_desktop.carddb.errors import CardDataError
    from bss_desktop.carddb.schema import card_from_dict

    with pytest.raises(CardDataError) as e:
        card_from_dict(_spirit({"kind": "constant", "condition": {"count": count, "count_min": 1},
                                "do": [{"bp": {"target": "this", "add": 1000}}]}))
    assert e.value.field == field


def test_cr_10_1_a_destroyed_count_reads_as_english_and_writes_back():
    from bss_desktop.carddb.card_text import effect_text
    from bss_desktop.carddb.schema import card_from_dict, card_to_dict

    card = card_from_dict(_spirit({"kind": "constant", "condition": {"count": {"destroyed": {}}, "count_min": 2},
                                   "do": [{"bp": {"target": "this", "add": 1000}}]}))
    assert "2 or more of your spirits have been destroyed this turn" in effect_text(card.effects[0], card)
    assert card_from_dict(card_to_dict(card)).effects == card.effects
    card = card_from_dict(_spirit({"kind": "triggered", "trigger": "when_attacks", "do": [
        {"draw": {"count": 1, "for_each": {"destroyed": {"side": "opponent"}}}}]}))
    assert "for each of your opponent's spirits destroyed this turn" in effect_text(card.effects[0], card)


# ---------------------------------------------------------------- "when your opponent draws" (ruling T2)


@pytest.mark.parametrize("details,condition,expected", [
    ("Refresh this spirit when your opponent draws a card.", "During Opponent's Attack Step",
     {"kind": "triggered", "trigger": "opponent_draws", "condition": {"step": "attack", "your_turn": False},
      "do": [{"refresh": "this"}]}),
    ("When your opponent draws outside of their draw step, they must discard a card.", "During Opponent's Turn",
     {"kind": "triggered", "trigger": "opponent_draws_outside_draw_step", "condition": {"your_turn": False},
      "do": [{"discard": {"count": 1, "side": "opponent"}}]}),
])
def test_ruling_t2_compiled_when_your_opponent_draws(details, condition, expected):
    assert compiled(details, condition).effect == expected


def test_ruling_t2_played_a_draw_outside_the_draw_step_is_one_event_however_many_cards():
    db = imported_db(nexus("When your opponent draws outside of their draw step, they must discard a card.",
                           "During Opponent's Turn"),
                     magic("Draw 2 cards.", steps=("Main",)) | {"ID": "ZT-003", "name": "Deep Study"})
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001, T-R1]}",
                   "{life: 5, reserve: 3, hand: [ZT-003], deck: [T-W0, T-R1, T-R3, T-G4, T-B2]}", step="attack")
    game.apply(EndAttack(0))  # my turn ends; the opponent's draw step draws a card: not outside it
    assert game.state.turn_player == 1 and game.state.step == "main"
    assert len(game.state.players[1].hand) == 2 and game.state.players[1].trash == []
    game.apply(UseMagic(1, first(game, 1, "ZT-003", "hand")))  # one draw of 2 cards: one discard
    while game.pending.kind == "choose":
        answer(game, [game.pending.info["options"][0]])
    p1 = game.state.players[1]
    assert len(p1.hand) == 2 and len([c for c in cids(game, p1.trash) if c != "ZT-003"]) == 1


def test_ruling_t2_played_refresh_this_spirit_when_your_opponent_draws():
    db = imported_db(effect("Refresh this spirit when your opponent draws a card.", "During Opponent's Attack Step",
                            core_requirements=BIG),
                     magic("Draw a card.") | {"ID": "ZT-003", "name": "Quick Study"})
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-003], field: [T-R5]}",
                   "{life: 5, reserve: 3, field: [ZT-001]}", step="attack")
    titan, guard = game.state.players[0].field[0], game.state.players[1].field[0]
    game.apply(Attack(0, titan))
    game.apply(Pass(1))
    game.apply(Pass(0))
    game.apply(Block(1, guard))  # the blocker is exhausted by its block
    assert game.state.cards[guard].exhausted
    game.apply(Pass(1))
    game.apply(UseMagic(0, first(game, 0, "ZT-003", "hand")))  # the attacking player draws
    assert not game.state.cards[guard].exhausted


# ---------------------------------------------------------------- spirits returned to the hand or the deck


@pytest.mark.parametrize("details,trigger", [
    ("When 1 of your opponent's spirits is returned to their hand or their deck, draw a card.",
     "opponent_spirit_returned"),
    ("When 1 of your opponent's spirits returns to their hand or deck, draw a card.", "opponent_spirit_returned"),
    ("When 1 of your opponent's spirits is returned to their hand, draw a card.", "opponent_spirit_returned_to_hand"),
])
def test_cr_8_6_compiled_when_an_opponents_spirit_is_returned(details, trigger):
    assert compiled(details).effect == {"kind": "triggered", "trigger": trigger, "do": [{"draw": 1}]}


@pytest.mark.parametrize("details", [
    "When 1 of your spirits is returned to their hand, draw a card.",  # your own: no trigger says it
    "When 1 of your opponent's red spirits is returned to their hand, draw a card.",  # a filter: none
])
def test_cr_8_6_refused_returns_the_vocabulary_does_not_watch(details):
    assert not compiled(details).automated


def test_cr_8_6_played_a_spirit_returned_to_its_owners_hand_or_deck_triggers_its_opponents_effect():
    db = imported_db(effect("When 1 of your opponent's spirits is returned to their hand or their deck, place a core "
                            "from the void onto this spirit."),
                     magic("Select 1 of your opponent's spirits and return it to their hand.", steps=("Main",))
                     | {"ID": "ZT-003", "name": "Push Back"},
                     magic("Select 1 of your opponent's spirits and return it to the bottom of their deck.",
                           steps=("Main",)) | {"ID": "ZT-004", "name": "Sink"},
                     magic("Select 1 of your spirits and return it to its owner's hand.", steps=("Main",))
                     | {"ID": "ZT-005", "name": "Recall"})
    from bss_desktop.engine import stats

    game = game_of(db, "{life: 5, reserve: 5, hand: [ZT-005], field: [T-R1, T-W0]}",
                   "{life: 5, reserve: 5, hand: [ZT-003, ZT-004], field: [ZT-001]}", turn_player=1)
    spirit = game.state.players[1].field[0]
    pup, wisp = game.state.players[0].field
    game.apply(UseMagic(1, first(game, 1, "ZT-003", "hand")))
    answer(game, [pup])
    assert game.state.cards[pup].zone == "hand" and stats.cores_on(game.state, spirit) == 2
    game.apply(UseMagic(1, first(game, 1, "ZT-004", "hand")))  # the only one left is selected at once
    assert game.state.cards[wisp].zone == "deck" and stats.cores_on(game.state, spirit) == 3


def test_cr_8_6_played_its_own_players_spirit_returned_does_not_trigger_it():
    db = imported_db(effect("When 1 of your opponent's spirits is returned to their hand, place a core from the "
                            "void onto this spirit."),
                     magic("Select 1 of your spirits and return it to your hand.", steps=("Main",))
                     | {"ID": "ZT-005", "name": "Recall"})
    from bss_desktop.engine import stats

    game = game_of(db, "{life: 5, reserve: 5, hand: [ZT-005], field: [ZT-001, T-R1]}", "{life: 5, reserve: 5}")
    spirit, pup = game.state.players[0].field
    game.apply(UseMagic(0, first(game, 0, "ZT-005", "hand")))
    answer(game, [pup])
    assert game.state.cards[pup].zone == "hand" and stats.cores_on(game.state, spirit) == 1


# ---------------------------------------------------------------- later: the end of the battle, of the turn


@pytest.mark.parametrize("details,condition,card_type,expected", [
    ("Destroy this spirit when the battle ends.", "When This Spirit Attacks", "spirit",
     {"kind": "triggered", "trigger": "when_attacks",
      "do": [{"later": {"at": "battle_end", "do": [{"destroy": "this"}]}}]}),
    ("When the battle ends, you may return this spirit to your hand.", "When This Spirit Attacks or Blocks", "spirit",
     {"kind": "triggered", "trigger": "when_attacks_or_blocks",
      "do": [{"later": {"at": "battle_end", "do": [{"bounce": "this", "may": True}]}}]}),
    ("At the end of this turn, refresh all of your spirits.", "N/A", "magic",
     {"kind": "magic", "do": [{"later": {"at": "turn_end", "do": [{"refresh": {"side": "you", "all": True}}]}}]}),
    ("Exhaust all of your opponent's spirits at the end of this turn.", "N/A", "magic",
     {"kind": "magic", "do": [{"later": {"at": "turn_end", "do": [{"exhaust": {"all": True}}]}}]}),
])
def test_cr_7_1_6_1_and_6_8_1_1_compiled_later(details, condition, card_type, expected):
    got = compile_effect(card_type, condition, details, ["Main"] if card_type == "magic" else [],
                         families=FAMILIES).effect
    got.pop("timing", None)
    assert got == expected


@pytest.mark.parametrize("details,condition,card_type", [
    ("When the battle ends, you may destroy this spirit to draw a card.", "When This Spirit Attacks", "spirit"),
    ("When the battle ends, once per turn, draw a card.", "When This Spirit Attacks", "spirit"),
    ("At the end of this turn, all of your spirits gain 1000 BP.", "N/A", "magic"),
])
def test_cr_7_1_6_1_refused_later_parts_the_vocabulary_cannot_wait_with(details, condition, card_type):
    assert not compiled(details, condition, card_type, ["Main"] if card_type == "magic" else []).automated


def test_cr_8_5_3_compiled_at_the_end_of_this_turn_select_then_is_a_selection_made_then():
    got = compiled("At the end of this turn, select 1 of your spirits and refresh it.", card_type="magic").effect
    assert got["do"] == [{"later": {"at": "turn_end", "do": [{"refresh": {"side": "you"}}]}}]


def test_cr_7_1_6_1_played_destroy_this_spirit_when_the_battle_it_attacked_in_ends():
    db = imported_db(effect("Destroy this spirit when the battle ends.", "When This Spirit Attacks",
                            core_requirements=BIG))
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001]}", "{life: 5, reserve: 3, field: [T-W0]}",
                   step="attack")
    spirit, wisp = game.state.players[0].field[0], game.state.players[1].field[0]
    game.apply(Attack(0, spirit))
    assert game.state.cards[spirit].zone == "field" and len(game.state.delayed) == 1  # it waits (CR 7-1-6-1)
    game.apply(Pass(1))
    game.apply(Pass(0))
    game.apply(Block(1, wisp))
    game.apply(Pass(1))
    game.apply(Pass(0))
    assert game.state.cards[wisp].zone == "trash"  # the battle was won first (CR 7-1-5-2-1)
    assert game.state.cards[spirit].zone == "trash" and game.state.delayed == []


def test_cr_7_1_6_1_played_what_waits_happens_whatever_the_level_is_then():
    # a LV2 effect: it activated at LV2; at the end of the battle the spirit is LV1, and it happens all the same
    db = imported_db(record(core_requirements=BIG, effects=[{"levels": [2], "condition": "When This Spirit Attacks",
                                                           "keywords": [], "steps": [],
                                                           "details": "Destroy this spirit when the battle ends."}]),
                     magic("Select 1 of your opponent's spirits. Remove 2 cores from it and place them into their "
                           "reserve.") | {"ID": "ZT-003", "name": "Drain"})
    game = game_of(db, "{life: 5, reserve: 3, field: [{card: ZT-001, cores: 3}]}",
                   "{life: 5, reserve: 3, hand: [ZT-003]}", step="attack")
    spirit = game.state.players[0].field[0]
    game.apply(Attack(0, spirit))
    game.apply(UseMagic(1, first(game, 1, "ZT-003", "hand")))
    from bss_desktop.engine import stats

    assert stats.level(game, spirit) == 1
    game.apply(Pass(0))
    game.apply(Pass(1))
    game.apply(Block(1, None))
    assert game.state.cards[spirit].zone == "trash"


def test_cr_7_1_6_1_played_you_may_return_this_blocking_spirit_to_your_hand_when_the_battle_ends():
    db = imported_db(effect("When the battle ends, you may return this spirit to your hand.",
                            "When This Spirit Attacks or Blocks", core_requirements=BIG))
    game = game_of(db, "{life: 5, reserve: 3, field: [T-W0]}", "{life: 5, reserve: 3, field: [ZT-001]}",
                   step="attack")
    wisp, spirit = game.state.players[0].field[0], game.state.players[1].field[0]
    game.apply(Attack(0, wisp))
    game.apply(Pass(1))
    game.apply(Pass(0))
    game.apply(Block(1, spirit))
    game.apply(Pass(1))
    game.apply(Pass(0))
    assert game.pending.kind == "choose" and game.pending.player == 1  # "you may" (CR 8-1-8)
    answer(game, True)
    assert game.state.cards[spirit].zone == "hand" and game.state.cards[wisp].zone == "trash"


def test_cr_6_8_1_1_played_at_the_end_of_this_turn_refresh_all_of_your_spirits():
    db = imported_db(magic("At the end of this turn, refresh all of your spirits.", steps=("Main",))
                     | {"ID": "ZT-003", "name": "Second Wind"})
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-003], field: [T-R1, T-W0]}", "{life: 5, reserve: 3}")
    pup, wisp = game.state.players[0].field
    game.apply(UseMagic(0, first(game, 0, "ZT-003", "hand")))
    game.apply(EndMain(0))
    attack_unblocked(game, 0, pup)
    attack_unblocked(game, 0, wisp)
    assert game.state.cards[pup].exhausted and game.state.cards[wisp].exhausted  # not yet: the turn goes on
    game.apply(EndAttack(0))  # the end step (CR 6-8-1-1)
    assert not game.state.cards[pup].exhausted and not game.state.cards[wisp].exhausted
    assert game.state.turn_player == 1 and game.state.delayed == []


def test_cr_7_1_6_1_played_nothing_waits_for_a_battle_that_is_not_being_fought():
    db = imported_db(magic("Destroy all of your spirits when the battle ends.", steps=("Main", "Flash"))
                     | {"ID": "ZT-003", "name": "Odd"})
    assert not db["ZT-003"].effects[0].manual  # a magic card may be used outside a battle: then it does nothing
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-003], field: [T-R1]}", "{life: 5, reserve: 3}")
    game.apply(UseMagic(0, first(game, 0, "ZT-003", "hand")))
    assert game.state.delayed == [] and game.state.cards[game.state.players[0].field[0]].zone == "field"


@pytest.mark.parametrize("value,field", [
    ({"at": "step_end", "do": [{"draw": 1}]}, "effects[0].do[0].later.at"),
    ({"do": [{"draw": 1}]}, "effects[0].do[0].later.at"),
    ({"at": "turn_end", "do": []}, "effects[0].do[0].later.do"),
    ({"at": "turn_end"}, "effects[0].do[0].later.do"),
    ({"at": "turn_end", "do": [{"select": {}}]}, "effects[0].do[0].later.do[0]"),
    ({"at": "turn_end", "do": [{"destroy": "it"}]}, "effects[0].do[0].later.do[0]"),
    ({"at": "turn_end", "do": [{"later": {"at": "turn_end", "do": [{"draw": 1}]}}]}, "effects[0].do[0].later.do[0]"),
    ({"at": "turn_end", "do": [{"draw": 1}], "when": "now"}, "effects[0].do[0].later.when"),
    ({"at": "turn_end", "do": [{"draw": 1, "if_done": True}]}, "effects[0].do[0].later.do[0]"),
])
def test_cr_6_8_1_1_hostile_later_refuses_what_it_does_not_take(value, field):
    from bss_desktop.carddb.errors import CardDataError
    from bss_desktop.carddb.schema import card_from_dict

    with pytest.raises(CardDataError) as e:
        card_from_dict(_spirit({"kind": "triggered", "trigger": "when_attacks", "do": [{"later": value}]}))
    assert e.value.field == field


def test_cr_7_1_6_1_later_reads_as_english_and_writes_back():
    from bss_desktop.carddb.card_text import effect_text
    from bss_desktop.carddb.schema import card_from_dict, card_to_dict

    card = card_from_dict(_spirit({"kind": "triggered", "trigger": "when_attacks", "do": [
        {"later": {"at": "battle_end", "do": [{"destroy": "this"}]}}]}))
    assert "When this battle ends, destroy this spirit" in effect_text(card.effects[0], card)
    assert card_from_dict(card_to_dict(card)).effects == card.effects
    card = card_from_dict(_spirit({"kind": "triggered", "trigger": "when_attacks", "do": [
        {"later": {"at": "turn_end", "do": [{"refresh": {"side": "you", "all": True}}]}}]}))
    assert "At the end of this turn, refresh" in effect_text(card.effects[0], card)


# ---------------------------------------------------------------- small phrases of the timing cards


@pytest.mark.parametrize("details,condition,expected", [
    ('If there is a "Soul Core" on this spirit, it cannot be blocked by any of your opponent\'s spirits with only 1 '
     'core on them.', "During Your Attack Step",
     {"kind": "constant", "condition": {"step": "attack", "your_turn": True, "soul_core": True},
      "do": [{"restrict": {"target": "this", "cannot": "be_blocked", "by": {"cores_min": 1, "cores_max": 1}}}]}),
    ("If you have 3 or fewer life, this spirit gains Raid: 2 : When This Spirit Attacks Raid: 2", "N/A",
     {"kind": "constant", "condition": {"life_max": 3}, "do": [{"grant": {"target": "this",
                                                                          "keyword": {"raid": 2}}}]}),
    ("When you use a magic card, this spirit gains 2000 BP during this turn after the effect resolves.",
     "During Your Turn",
     {"kind": "triggered", "trigger": "you_use_magic", "condition": {"your_turn": True},
      "do": [{"bp": {"target": "this", "add": 2000}}]}),
])
def test_cr_8_6_compiled_small_phrases(details, condition, expected):
    assert compiled(details, condition).effect == expected


@pytest.mark.parametrize("details", [
    "If you have 3 or fewer life, this spirit gains 1000 BP : When This Spirit Attacks Raid: 2",  # not the grant
    "When 1 of your spirits attacks, it gains 2000 BP during this turn after the effect resolves.",  # no magic card
])
def test_cr_8_6_refused_small_phrases_that_do_not_fit(details):
    assert not compiled(details).automated


def test_cr_8_5_2_4_played_when_you_use_a_magic_card_after_the_effect_resolves():
    db = imported_db(effect("When you use a magic card, this spirit gains 2000 BP during this turn after the effect "
                            "resolves."),
                     magic("Select 1 of your opponent's spirits with 3000 or fewer BP and destroy it.",
                           steps=("Main",)) | {"ID": "ZT-003", "name": "Snipe"})
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-003], field: [ZT-001]}",
                   "{life: 5, reserve: 3, field: [T-W0]}")
    spirit, wisp = game.state.players[0].field[0], game.state.players[1].field[0]
    game.apply(UseMagic(0, first(game, 0, "ZT-003", "hand")))
    assert game.state.cards[wisp].zone == "trash" and game.bp(spirit) == 3000


def test_cr_1_3_3_played_cannot_be_blocked_by_spirits_with_only_one_core():
    db = imported_db(effect("It cannot be blocked by any of your opponent's spirits with only 1 core on them.",
                            "While This Spirit Attacks"))
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001]}",
                   "{life: 5, reserve: 3, field: [T-W0, {card: T-R1, cores: 2}]}", step="attack")
    spirit = game.state.players[0].field[0]
    wisp, pup = game.state.players[1].field
    game.apply(Attack(0, spirit))
    game.apply(Pass(1))
    game.apply(Pass(0))
    with pytest.raises(IllegalCommand):
        game.apply(Block(1, wisp))
    game.apply(Block(1, pup))
    assert game.state.battle.blocker == pup


# ---------------------------------------------------------------- during: triggers lasting the turn or the battle


@pytest.mark.parametrize("details,expected", [
    ("During this turn, draw a card when 1 of your Stoneback spirits destroys an opponent's spirit via comparing BP.",
     [{"during": {"duration": "turn", "trigger": "your_spirit_wins_battle", "watch": {"family": "Stoneback"},
                  "do": [{"draw": 1}]}}]),
    ("During this battle, when 1 of your Stoneback spirits destroys 1 of your opponent's spirits via comparing BP, "
     "refresh it.",
     [{"during": {"duration": "battle", "trigger": "your_spirit_wins_battle", "watch": {"family": "Stoneback"},
                  "do": [{"refresh": "trigger"}]}}]),
    ("Select 1 of your spirits. During this turn, when that spirit destroys 1 of your opponent's spirits via "
     "comparing BP, refresh it.",
     [{"during": {"duration": "turn", "trigger": "your_spirit_wins_battle", "target": "it",
                  "do": [{"refresh": "trigger"}]}}]),
])
def test_cr_8_6_compiled_during_this_turn_when(details, expected):
    got = compiled(details, card_type="magic", steps=("Flash",)).effect
    assert got["do"][-1:] == expected


@pytest.mark.parametrize("details,condition,card_type", [
    ("During this turn, when you use a magic card, draw a card.", "N/A", "magic"),  # not a spirit's trigger
    ("When that spirit destroys 1 of your opponent's spirits via comparing BP, refresh it.", "N/A", "spirit"),
    ("During this turn, when 1 of your spirits attacks, you may destroy this spirit to draw a card.", "N/A",
     "magic"),
])
def test_cr_8_6_refused_during_what_the_vocabulary_cannot_wait_for(details, condition, card_type):
    assert not compiled(details, condition, card_type, ("Flash",) if card_type == "magic" else ()).automated


def test_cr_8_6_played_during_this_turn_draw_when_one_of_your_spirits_wins_a_battle():
    db = imported_db(magic("During this turn, draw a card when 1 of your Stoneback spirits destroys an opponent's "
                           "spirit via comparing BP.", steps=("Main",)) | {"ID": "ZT-003", "name": "Spoils"},
                     effect("N/A", core_requirements=BIG) | {"effects": []})
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-003], field: [ZT-001, T-R5], deck: [T-W0, T-W0, T-W0]}",
                   "{life: 5, reserve: 3, field: [T-W0, T-R1]}")
    spirit, titan = game.state.players[0].field
    wisp, pup = game.state.players[1].field
    game.apply(UseMagic(0, first(game, 0, "ZT-003", "hand")))
    assert len(game.state.temporary) == 1
    game.apply(EndMain(0))
    for attacker, blocker in ((titan, wisp), (spirit, pup)):  # a red spirit (not Stoneback), then a Stoneback one
        game.apply(Attack(0, attacker))
        game.apply(Pass(1))
        game.apply(Pass(0))
        game.apply(Block(1, blocker))
        game.apply(Pass(1))
        game.apply(Pass(0))
        assert game.state.cards[blocker].zone == "trash"
        assert len(game.state.players[0].hand) == (0 if attacker == titan else 1)
    game.apply(EndAttack(0))
    assert game.state.temporary == []  # the turn is over (CR 6-8-1-2)


def test_cr_8_6_played_during_this_turn_when_that_spirit_wins_refresh_it():
    db = imported_db(magic("Select 1 of your Stoneback spirits. During this turn, when that spirit destroys 1 of "
                           "your opponent's spirits via comparing BP, refresh it.", steps=("Main",))
                     | {"ID": "ZT-003", "name": "Rally"},
                     effect("N/A", core_requirements=BIG) | {"effects": []},
                     effect("N/A", core_requirements=BIG) | {"effects": [], "ID": "ZT-002", "name": "Other Stone"})
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-003], field: [ZT-001, ZT-002]}",
                   "{life: 5, reserve: 3, field: [T-W0, T-R1]}")
    one, two = game.state.players[0].field
    wisp, pup = game.state.players[1].field
    game.apply(UseMagic(0, first(game, 0, "ZT-003", "hand")))
    answer(game, [one])
    game.apply(EndMain(0))
    for attacker, blocker in ((two, wisp), (one, pup)):
        game.apply(Attack(0, attacker))
        game.apply(Pass(1))
        game.apply(Pass(0))
        game.apply(Block(1, blocker))
        game.apply(Pass(1))
        game.apply(Pass(0))
        assert game.state.cards[blocker].zone == "trash"
    assert game.state.cards[two].exhausted and not game.state.cards[one].exhausted  # only the selected one


def test_cr_7_1_6_2_played_during_this_battle_ends_with_the_battle():
    db = imported_db(magic("During this battle, when 1 of your spirits destroys 1 of your opponent's spirits via "
                           "comparing BP, refresh it.", steps=("Flash",)) | {"ID": "ZT-003", "name": "Surge"},
                     effect("N/A", core_requirements=BIG) | {"effects": []})
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-003], field: [ZT-001, T-R5]}",
                   "{life: 5, reserve: 3, field: [T-W0, T-R1]}", step="attack")
    spirit, titan = game.state.players[0].field
    wisp, pup = game.state.players[1].field
    game.apply(Attack(0, spirit))
    game.apply(Pass(1))
    game.apply(UseMagic(0, first(game, 0, "ZT-003", "hand")))
    game.apply(Pass(1))
    game.apply(Pass(0))
    game.apply(Block(1, wisp))
    game.apply(Pass(1))
    game.apply(Pass(0))
    assert not game.state.cards[spirit].exhausted and game.state.temporary == []
    game.apply(Attack(0, titan))  # the next battle: nothing waits any more
    game.apply(Pass(1))
    game.apply(Pass(0))
    game.apply(Block(1, pup))
    game.apply(Pass(1))
    game.apply(Pass(0))
    assert game.state.cards[pup].zone == "trash" and game.state.cards[titan].exhausted


@pytest.mark.parametrize("value,field", [
    ({"duration": "turn", "trigger": "you_use_magic", "do": [{"draw": 1}]}, "effects[0].do[0].during.trigger"),
    ({"duration": "forever", "trigger": "your_spirit_attacks", "do": [{"draw": 1}]},
     "effects[0].do[0].during.duration"),
    ({"trigger": "your_spirit_attacks", "do": []}, "effects[0].do[0].during.do"),
    ({"trigger": "your_spirit_attacks", "watch": {"side": "you"}, "do": [{"draw": 1}]},
     "effects[0].do[0].during.watch.side"),
    ({"trigger": "your_spirit_attacks", "target": "this", "do": [{"draw": 1}]}, "effects[0].do[0].during.target"),
    ({"trigger": "your_spirit_attacks", "do": [{"refresh": "it"}]}, "effects[0].do[0].during.do[0]"),
    ({"trigger": "your_spirit_attacks", "do": [{"later": {"at": "turn_end", "do": [{"draw": 1}]}}]},
     "effects[0].do[0].during.do[0]"),
])
def test_cr_8_6_hostile_during_refuses_what_it_does_not_take(value, field):
    from bss_desktop.carddb.errors import CardDataError
    from bss_desktop.carddb.schema import card_from_dict

    with pytest.raises(CardDataError) as e:
        card_from_dict(_spirit({"kind": "triggered", "trigger": "when_attacks", "do": [{"during": value}]}))
    assert e.value.field == field


def test_cr_8_6_during_reads_as_english_and_writes_back():
    from bss_desktop.carddb.card_text import effect_text
    from bss_desktop.carddb.schema import card_from_dict, card_to_dict

    card = card_from_dict(_spirit({"kind": "triggered", "trigger": "when_attacks", "do": [
        {"during": {"duration": "turn", "trigger": "your_spirit_wins_battle", "watch": {"family": "Dragon"},
                    "do": [{"refresh": "trigger"}]}}]}))
    text = effect_text(card.effects[0], card)
    assert "During this turn, when one of your Dragon spirits destroys" in text, text
    assert card_from_dict(card_to_dict(card)).effects == card.effects


# ---------------------------------------------------------------- destroyed by an effect (CR 10-1-2)


@pytest.mark.parametrize("details,trigger,watch", [
    ("When 1 of your Stoneback spirits is destroyed by an effect, draw a card.", "your_spirit_destroyed_by_effect",
     {"family": "Stoneback"}),
    ("When you destroy 1 of your spirits with 1 of your effects, draw a card.",
     "your_spirit_destroyed_by_your_effect", None),
    ("When you destroy 1 of your red spirits with your effects, draw a card.", "your_spirit_destroyed_by_your_effect",
     {"colors": ["red"]}),
])
def test_cr_10_1_2_compiled_destroyed_by_an_effect(details, trigger, watch):
    expected = {"kind": "triggered", "trigger": trigger, "do": [{"draw": 1}]}
    if watch:
        expected = {"kind": "triggered", "trigger": trigger, "watch": watch, "do": [{"draw": 1}]}
    assert compiled(details).effect == expected


def test_cr_10_1_2_played_destroyed_by_an_effect_not_in_battle():
    db = imported_db(nexus("When 1 of your spirits is destroyed by an effect, draw a card."),
                     magic("Select 1 of your opponent's spirits and destroy it.", steps=("Main",))
                     | {"ID": "ZT-003", "name": "Smite"})
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001, T-W0, T-R3], deck: [T-W0, T-W0]}",
                   "{life: 5, reserve: 3, hand: [ZT-003], field: [T-R5]}", turn_player=1, step="attack")
    wisp, knight = game.state.players[0].field[1:]
    titan = game.state.players[1].field[0]
    game.apply(Attack(1, titan))
    game.apply(Pass(0))
    game.apply(Pass(1))
    game.apply(Block(0, wisp))
    game.apply(Pass(0))
    game.apply(Pass(1))
    assert game.state.cards[wisp].zone == "trash" and game.state.players[0].hand == []  # in battle: not it
    # the opponent's main step: their effect destroys one of the spirits
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001, T-W0, T-R3], deck: [T-W0, T-W0]}",
                   "{life: 5, reserve: 3, hand: [ZT-003], field: [T-R5]}", turn_player=1)
    knight = game.state.players[0].field[2]
    game.apply(UseMagic(1, first(game, 1, "ZT-003", "hand")))
    answer(game, [knight])
    assert game.state.cards[knight].zone == "trash" and cids(game, game.state.players[0].hand) == ["T-W0"]


def test_cr_10_1_2_played_when_you_destroy_one_of_your_spirits_with_your_effect():
    db = imported_db(nexus("When you destroy 1 of your spirits with 1 of your effects, draw a card."),
                     effect("You may destroy 1 of your other spirits to draw a card.", "When Summoned",
                            ID="ZT-002", name="Grim Caller"))
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-002], field: [ZT-001, T-W0], deck: [T-W0, T-W0, T-W0]}",
                   "{life: 5, reserve: 3}")
    wisp = game.state.players[0].field[1]
    game.apply(Summon(0, first(game, 0, "ZT-002", "hand")))
    answer(game, True)  # the cost destroys the only other spirit (CR 8-4)
    while game.pending.kind == "choose":
        answer(game, game.pending.info["options"][0])
    assert game.state.cards[wisp].zone == "trash"
    assert len(game.state.players[0].hand) == 2  # the cost's draw and the nexus's


# ---------------------------------------------------------------- in battle; the opponent's attacking spirit


def test_cr_7_1_5_2_1_compiled_destroyed_in_battle_and_a_condition_after_the_effect():
    assert compiled("Draw a card when 1 of your spirits that costs 2 is destroyed in battle.",
                    "During Either Attack Step").effect == {
        "kind": "triggered", "trigger": "your_spirit_destroyed_in_battle", "watch": {"cost_min": 2, "cost_max": 2},
        "condition": {"step": "attack"}, "do": [{"draw": 1}]}
    assert compiled("When 1 of your Stoneback spirits is destroyed, draw a card if you have 5 or fewer cards in your "
                    "hand.").effect == {
        "kind": "triggered", "trigger": "your_spirit_destroyed", "watch": {"family": "Stoneback"},
        "do": [{"draw": 1, "if": {"count": {"cards": {"zone": "hand", "type": "any", "side": "you"}},
                                  "count_max": 5}}]}


def test_cr_7_1_5_2_1_played_destroyed_in_battle_not_by_an_effect():
    db = imported_db(nexus("Draw a card when 1 of your spirits is destroyed in battle.", "During Either Attack Step"),
                     magic("Select 1 of your opponent's spirits and destroy it.", steps=("Flash",))
                     | {"ID": "ZT-003", "name": "Smite"})
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001, T-W0, T-R3], deck: [T-W0, T-W0]}",
                   "{life: 5, reserve: 3, hand: [ZT-003], field: [T-R5]}", turn_player=1, step="attack")
    wisp, knight = game.state.players[0].field[1:]
    titan = game.state.players[1].field[0]
    game.apply(Attack(1, titan))
    game.apply(Pass(0))
    game.apply(UseMagic(1, first(game, 1, "ZT-003", "hand")))  # an effect destroys one: not in battle
    answer(game, [knight])
    assert game.state.cards[knight].zone == "trash" and game.state.players[0].hand == []
    game.apply(Pass(0))
    game.apply(Pass(1))
    game.apply(Block(0, wisp))
    game.apply(Pass(0))
    game.apply(Pass(1))
    assert game.state.cards[wisp].zone == "trash" and cids(game, game.state.players[0].hand) == ["T-W0"]


def test_cr_7_1_1_played_return_your_opponents_attacking_spirit_to_their_hand():
    db = imported_db(magic("Return 1 of your opponent's attacking spirits to their hand.", steps=("Flash",))
                     | {"ID": "ZT-003", "name": "Repel"})
    for turn_player, returned in ((1, True), (0, False)):
        attacker_side = turn_player
        game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-003], field: [T-R1]}",
                       "{life: 5, reserve: 3, hand: [ZT-003], field: [T-R3]}", turn_player=turn_player, step="attack")
        attacker = game.state.players[attacker_side].field[0]
        game.apply(Attack(attacker_side, attacker))
        if turn_player == 0:
            game.apply(Pass(1))  # the attacked player passes; the attacking player uses it on their own attack
        game.apply(UseMagic(0, first(game, 0, "ZT-003", "hand")))
        assert (game.state.cards[attacker].zone == "hand") is returned  # never one's own attacking spirit


# ---------------------------------------------------------------- blocking some attackers while exhausted


@pytest.mark.parametrize("details,expected_do,condition", [
    ('If this spirit has a "Soul Core" on it, it can block your opponent\'s spirits with 2 or fewer cores on them '
     'even if exhausted.', [{"allow": {"target": "this", "can": "block_exhausted", "by": {"cores_max": 2}}}],
     {"soul_core": True}),
    ('If 1 of your nexuses has a "Soul Core" on it, this spirit can block all of your opponent\'s spirits that cost '
     '4 or fewer even if exhausted.', [{"allow": {"target": "this", "can": "block_exhausted",
                                                   "by": {"cost_max": 4}}}],
     {"control": {"side": "you", "type": "nexus", "soul_core": True}}),
])
def test_cr_1_3_1_compiled_can_block_some_attackers_while_exhausted(details, expected_do, condition):
    got = compiled(details, "During Opponent's Attack Step").effect
    assert got == {"kind": "constant", "condition": {"step": "attack", "your_turn": False, **condition},
                   "do": expected_do}


def test_cr_1_3_1_played_can_block_only_the_attackers_it_names_while_exhausted():
    db = imported_db(effect("This spirit can block your opponent's spirits that cost 3 or fewer even if exhausted.",
                            "During Opponent's Attack Step", core_requirements=BIG))
    for attacker_id, can in (("T-R3", True), ("T-G4", False)):
        game = game_of(db, "{life: 5, reserve: 3, field: [" + attacker_id + "]}",
                       "{life: 5, reserve: 3, field: [{card: ZT-001, exhausted: true}]}", step="attack")
        attacker, guard = game.state.players[0].field[0], game.state.players[1].field[0]
        game.apply(Attack(0, attacker))
        game.apply(Pass(1))
        game.apply(Pass(0))
        if can:
            game.apply(Block(1, guard))
            assert game.state.battle.blocker == guard
        else:
            with pytest.raises(IllegalCommand):
                game.apply(Block(1, guard))


def test_ruling_t1_played_once_per_turn_return_that_spirit_card_from_your_trash():
    db = imported_db(nexus("Once per turn, when 1 of your Stoneback spirits is destroyed by your opponent, you may "
                           "return that spirit card from your trash to your hand.", "During Opponent's Attack Step"),
                     effect("N/A") | {"effects": [], "ID": "ZT-002", "name": "Stone Pup"})
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001, ZT-002, {card: ZT-002, cores: 1}]}",
                   "{life: 5, reserve: 3, field: [T-R5, T-G4]}", turn_player=1, step="attack")
    _, pup1, pup2 = game.state.players[0].field
    titan, stag = game.state.players[1].field
    for attacker, blocker in ((titan, pup1), (stag, pup2)):
        game.apply(Attack(1, attacker))
        game.apply(Pass(0))
        game.apply(Pass(1))
        game.apply(Block(0, blocker))
        game.apply(Pass(0))
        game.apply(Pass(1))
        if blocker == pup1:
            answer(game, True)
    assert game.state.cards[pup1].zone == "hand" and game.state.cards[pup2].zone == "trash"


# ---------------------------------------------------------------- "will not refresh during their next refresh step"


def test_cr_6_5_2_compiled_will_not_refresh_during_their_next_refresh_step():
    got = compiled("Select 1 of your opponent's spirits. That spirit will not refresh during their next refresh step.",
                   "When This Spirit Blocks").effect
    assert got["do"] == [{"select": {}}, {"restrict": {"target": "it", "cannot": "refresh_step"}}]
    assert not compiled("Select 1 of your spirits. That spirit will not refresh during your opponent's next refresh "
                        "step.", "When This Spirit Blocks").automated  # whose spirit "that spirit" is: not known


def test_cr_6_5_2_played_that_spirit_skips_its_owners_next_refresh_step_only():
    db = imported_db(effect("Select 1 of your opponent's spirits. That spirit will not refresh during their next "
                            "refresh step.", "When This Spirit Blocks", core_requirements=BIG))
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001]}",
                   "{life: 5, reserve: 3, field: [T-R3, {card: T-W0, exhausted: true}]}", turn_player=1,
                   step="attack")
    spirit = game.state.players[0].field[0]
    knight, wisp = game.state.players[1].field
    game.apply(Attack(1, knight))
    game.apply(Pass(0))
    game.apply(Pass(1))
    game.apply(Block(0, spirit))
    answer(game, [wisp])
    game.apply(Pass(0))
    game.apply(Pass(1))
    game.apply(EndAttack(1))  # my turn: my refresh step, not theirs
    game.apply(EndMain(0))
    game.apply(EndAttack(0))  # their turn: their next refresh step passes it by
    assert game.state.turn_player == 1 and game.state.step == "main" and game.state.cards[wisp].exhausted
    game.apply(EndMain(1))
    game.apply(EndAttack(1))
    game.apply(EndMain(0))
    game.apply(EndAttack(0))  # the refresh step after that refreshes it again
    assert game.state.turn_player == 1 and not game.state.cards[wisp].exhausted


def test_cr_6_5_2_hostile_refresh_step_takes_no_duration_or_by():
    from bss_desktop.carddb.errors import CardDataError
    from bss_desktop.carddb.schema import card_from_dict

    for extra, field in (({"duration": "turn"}, "duration"), ({"by": {"bp_max": 1000}}, "by")):
        with pytest.raises(CardDataError) as e:
            card_from_dict(_spirit({"kind": "triggered", "trigger": "when_attacks", "do": [
                {"restrict": {"target": {}, "cannot": "refresh_step", **extra}}]}))
        assert e.value.field == f"effects[0].do[0].restrict.{field}"
    card = card_from_dict(_spirit({"kind": "triggered", "trigger": "when_attacks", "do": [
        {"restrict": {"target": {}, "cannot": "refresh_step"}}]}))
    from bss_desktop.carddb.card_text import effect_text
    from bss_desktop.carddb.schema import card_to_dict

    assert "does not refresh during its owner's next refresh step" in effect_text(card.effects[0], card)
    assert card_from_dict(card_to_dict(card)).effects == card.effects


# ---------------------------------------------------------------- "the first time ... each turn" (ruling T3)


@pytest.mark.parametrize("details,condition,trigger,watch", [
    ("The first time your life is reduced each turn, draw a card.", "During Opponent's Attack Step", "life_reduced",
     None),
    ("The first time 1 of your purple spirits is destroyed each turn, return that spirit card from your trash to "
     "your hand.", "During Your Turn", "your_spirit_destroyed", {"colors": ["purple"]}),
])
def test_ruling_t3_compiled_the_first_time_each_turn(details, condition, trigger, watch):
    got = compiled(details, condition).effect
    assert got["trigger"] == trigger and got["limit"] == "first_time" and got.get("watch") == watch


def test_ruling_t3_refused_on_an_event_the_game_does_not_count():
    assert not compiled("The first time 1 of your spirits is summoned each turn, draw a card.").automated


def test_ruling_t3_played_only_the_first_life_reduction_of_the_turn_draws():
    db = imported_db(nexus("The first time your life is reduced each turn, draw a card.",
                           "During Opponent's Attack Step"))
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001], deck: [T-W0, T-W0, T-W0]}",
                   "{life: 5, reserve: 3, field: [T-R1, T-W0]}", turn_player=1, step="attack")
    pup, wisp = game.state.players[1].field
    attack_unblocked(game, 1, pup)
    assert game.state.players[0].life == 4 and len(game.state.players[0].hand) == 1
    attack_unblocked(game, 1, wisp)
    assert game.state.players[0].life == 3 and len(game.state.players[0].hand) == 1
    assert game.state.turn_log == [("life", 0), ("life", 0)]


def test_ruling_t3_played_a_later_event_never_triggers_it_even_if_the_first_could_not():
    # the first reduction of the turn came in the main step, outside the label's attack step: the next is not first
    db = imported_db(nexus("The first time your life is reduced each turn, draw a card.",
                           "During Opponent's Attack Step"),
                     magic("Remove 1 core from your opponent's life and place it into their reserve.",
                           steps=("Main",)) | {"ID": "ZT-003", "name": "Jab"})
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001], deck: [T-W0, T-W0, T-W0]}",
                   "{life: 5, reserve: 3, hand: [ZT-003], field: [T-R1]}", turn_player=1)
    game.apply(UseMagic(1, first(game, 1, "ZT-003", "hand")))
    assert game.state.players[0].life == 4 and game.state.players[0].hand == []
    game.apply(EndMain(1))
    attack_unblocked(game, 1, game.state.players[1].field[0])
    assert game.state.players[0].life == 3 and game.state.players[0].hand == []


def test_ruling_t3_played_the_first_purple_spirit_destroyed_each_turn_comes_back():
    db = imported_db(effect("The first time 1 of your purple spirits is destroyed each turn, return that spirit "
                            "card from your trash to your hand.", "During Your Turn", core_requirements=BIG),
                     magic("Select 1 of your spirits and destroy it.", steps=("Main",))
                     | {"ID": "ZT-003", "name": "Offering"})
    game = game_of(db, "{life: 5, reserve: 5, hand: [ZT-003, ZT-003, ZT-003], field: [ZT-001, T-W0, T-P3, T-P3]}",
                   "{life: 5, reserve: 3}")
    _, wisp, shade1, shade2 = game.state.players[0].field
    for target in (wisp, shade1, shade2):  # a white one first: not purple, not the one it waits for
        game.apply(UseMagic(0, first(game, 0, "ZT-003", "hand")))
        answer(game, [target])
    assert game.state.cards[wisp].zone == "trash"
    assert game.state.cards[shade1].zone == "hand"  # the first purple one
    assert game.state.cards[shade2].zone == "trash"  # the second: not the first time


def test_ruling_t3_hostile_first_time_only_on_the_events_the_game_counts():
    from bss_desktop.carddb.errors import CardDataError
    from bss_desktop.carddb.schema import card_from_dict

    for effect_ in ({"kind": "triggered", "trigger": "when_attacks", "limit": "first_time", "do": [{"draw": 1}]},
                    {"kind": "activated", "timing": ["main"], "cost": [{"pay_cores": 1}], "limit": "first_time",
                     "do": [{"draw": 1}]}):
        with pytest.raises(CardDataError) as e:
            card_from_dict(_spirit(effect_))
        assert e.value.field == "effects[0].limit"
    card = card_from_dict(_spirit({"kind": "triggered", "trigger": "life_reduced", "limit": "first_time",
                                   "do": [{"draw": 1}]}))
    from bss_desktop.carddb.card_text import effect_text
    from bss_desktop.carddb.schema import card_to_dict

    assert "(The first time each turn)" in effect_text(card.effects[0], card)
    assert card_from_dict(card_to_dict(card)).effects == card.effects


def test_ruling_t3_compiled_each_turn_the_first_spirit_you_control_that_attacks():
    got = compiled("Each turn, the first spirit you control that attacks gains Curse during this turn.",
                   "During Your Attack Step").effect
    assert got == {"kind": "triggered", "trigger": "your_spirit_attacks", "limit": "first_time",
                   "condition": {"step": "attack", "your_turn": True},
                   "do": [{"grant": {"target": "trigger", "keyword": "curse"}}]}


def test_ruling_t3_played_only_the_first_attacker_of_the_turn_gains_the_keyword():
    db = imported_db(nexus("Each turn, the first spirit you control that attacks gains Curse during this turn.",
                           "During Your Attack Step"))
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001, T-R1, T-W0]}", "{life: 5, reserve: 3}",
                   step="attack")
    _, pup, wisp = game.state.players[0].field
    attack_unblocked(game, 0, pup)
    attack_unblocked(game, 0, wisp)
    assert game.has_keyword(pup, "curse") and not game.has_keyword(wisp, "curse")


# ---------------------------------------------------------------- the draw step's draw (CR 6-4-2)


def test_cr_6_4_2_compiled_during_your_draw_step_draw_an_additional_card():
    got = compile_effect("nexus", "N/A", "During Your Draw Step Draw 1 additional card. After your draw, discard a "
                         "card from your hand.", []).effect
    assert got == {"kind": "triggered", "trigger": "draw_step_draw", "do": [{"draw": 1}, {"discard": 1}]}


def test_cr_6_4_2_played_the_additional_card_and_the_discard_come_after_the_draw_steps_draw():
    db = imported_db(nexus("During Your Draw Step Draw 1 additional card. After your draw, discard a card from your "
                           "hand."))
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001], deck: [T-W0, T-R3, T-G4]}",
                   "{life: 5, reserve: 3, field: [T-R1]}", turn_player=1, step="attack")
    game.apply(EndAttack(1))  # my turn: start, core, draw step
    assert game.pending.kind == "choose" and game.pending.player == 0
    assert cids(game, game.pending.info["options"]) == ["T-W0", "T-R3"]  # both drawn: the step's, then one more
    answer(game, [game.pending.info["options"][0]])
    assert cids(game, game.state.players[0].hand) == ["T-R3"] and game.state.step == "main"


def test_cr_8_6_compiled_if_it_attacks_or_blocks_during_this_turn():
    got = compiled("Select 1 of your opponent's spirits. If it attacks or blocks during this turn, remove 2 of its "
                   "cores and place them into your opponent's reserve.", card_type="magic").effect
    do = [{"core_remove": {"target": "trigger", "count": 2}}]
    assert got["do"] == [{"select": {}}] + [
        {"during": {"duration": "turn", "trigger": t, "target": "it", "do": do}}
        for t in ("your_spirit_attacks", "opponent_attacks", "your_spirit_blocks", "opponent_blocks")]


def test_cr_8_6_played_if_the_selected_spirit_blocks_during_this_turn():
    from bss_desktop.engine import stats

    db = imported_db(magic("Select 1 of your opponent's spirits. If it attacks or blocks during this turn, remove 2 "
                           "of its cores and place them into your opponent's reserve.", steps=("Main",))
                     | {"ID": "ZT-003", "name": "Mark"})
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-003], field: [T-R5, T-R1]}",
                   "{life: 5, reserve: 0, field: [{card: T-R3, cores: 4}, {card: T-G4, cores: 4}]}")
    titan, pup = game.state.players[0].field
    knight, stag = game.state.players[1].field
    game.apply(UseMagic(0, first(game, 0, "ZT-003", "hand")))
    answer(game, [knight])
    game.apply(EndMain(0))
    game.apply(Attack(0, pup))
    game.apply(Pass(1))
    game.apply(Pass(0))
    game.apply(Block(1, stag))  # another spirit blocks: nothing
    assert stats.cores_on(game.state, stag) == 4
    game.apply(Pass(1))
    game.apply(Pass(0))
    game.apply(Attack(0, titan))
    game.apply(Pass(1))
    game.apply(Pass(0))
    game.apply(Block(1, knight))  # the selected one blocks
    assert stats.cores_on(game.state, knight) == 2 and game.state.players[1].reserve == 2


# ---------------------------------------------------------------- the new trigger words, loaded and refused


NEW_TRIGGERS = ("when_attack_ends", "when_block_ends", "opponent_uses_magic_from_hand", "opponent_draws",
                "opponent_draws_outside_draw_step", "opponent_spirit_returned", "opponent_spirit_returned_to_hand",
                "draw_step_draw", "your_spirit_destroyed_by_effect", "your_spirit_destroyed_by_your_effect",
                "your_spirit_destroyed_in_battle", "opponent_blocks", "you_use_magic_from_hand",
                "opponent_draws_by_effect", "opponent_life_gained", "your_card_discarded",
                "opponent_places_void_cores")


@pytest.mark.parametrize("trigger", NEW_TRIGGERS)
def test_hostile_new_triggers_refuse_whose_and_count_and_read_as_english(trigger):
    from bss_desktop.carddb.card_text import effect_text
    from bss_desktop.carddb.effects import WATCH_TRIGGERS
    from bss_desktop.carddb.errors import CardDataError
    from bss_desktop.carddb.schema import card_from_dict

    for extra, field in (({"whose": "you"}, "effects[0].whose"), ({"count": 1}, "effects[0].count")):
        with pytest.raises(CardDataError) as e:
            card_from_dict(_spirit({"kind": "triggered", "trigger": trigger, **extra, "do": [{"draw": 1}]}))
        assert e.value.field == field
    if trigger not in WATCH_TRIGGERS:
        with pytest.raises(CardDataError) as e:
            card_from_dict(_spirit({"kind": "triggered", "trigger": trigger, "watch": {"cost_max": 3},
                                    "do": [{"draw": 1}]}))
        assert e.value.field == "effects[0].watch"
    else:
        with pytest.raises(CardDataError) as e:
            card_from_dict(_spirit({"kind": "triggered", "trigger": trigger, "watch": {"side": "you"},
                                    "do": [{"draw": 1}]}))
        assert e.value.field == "effects[0].watch.side"
    card = card_from_dict(_spirit({"kind": "triggered", "trigger": trigger, "do": [{"draw": 1}]}))
    assert effect_text(card.effects[0], card).startswith("(")
    with pytest.raises(CardDataError) as e:  # none is a burst's moment (CR 10-9)
        card_from_dict(_spirit({"kind": "burst", "trigger": trigger, "do": [{"draw": 1}]}))
    assert e.value.field == "effects[0].trigger"


def test_cr_10_8_1_played_when_you_use_a_white_magic_card_from_your_hand():
    db = imported_db(effect("When you use a white magic card from your hand, select 1 of your opponent's spirits "
                            "after the magic effect resolves. Reduce the spirit's BP by 2000 during this turn."),
                     magic("Draw a card.", steps=("Main",)) | {"ID": "ZT-003", "name": "White Study",
                                                             "color": ["White"]},
                     magic("Draw a card.", steps=("Main",)) | {"ID": "ZT-004", "name": "Red Study"})
    assert compiled("When you use a white magic card from your hand, draw a card.").effect["trigger"] == \
        "you_use_magic_from_hand"
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-003, ZT-004], field: [ZT-001], deck: [T-W0, T-W0]}",
                   "{life: 5, reserve: 3, field: [T-R5]}")
    titan = game.state.players[1].field[0]
    game.apply(UseMagic(0, first(game, 0, "ZT-004", "hand")))  # red: not one it watches
    assert game.bp(titan) == 5000
    game.apply(UseMagic(0, first(game, 0, "ZT-003", "hand")))  # the only opponent's spirit is selected at once
    assert game.bp(titan) == 3000


def test_ruling_t2_played_when_your_opponent_uses_one_of_their_effects_to_draw():
    db = imported_db(nexus("Draw a card when your opponent uses 1 of their effects to draw a card.",
                           "During Your Turn"),
                     magic("Draw 2 cards.", steps=("Flash",)) | {"ID": "ZT-003", "name": "Quick Study"})
    assert compiled("When your opponent uses 1 of their effects to draw a card, draw a card.").effect["trigger"] \
        == "opponent_draws_by_effect"
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001, T-R1], deck: [T-W0, T-W0]}",
                   "{life: 5, reserve: 3, hand: [ZT-003], deck: [T-W0, T-W0, T-W0]}", step="attack")
    game.apply(Attack(0, game.state.players[0].field[1]))
    game.apply(UseMagic(1, first(game, 1, "ZT-003", "hand")))  # their effect: one draw of 2 cards
    assert len(game.state.players[1].hand) == 2 and len(game.state.players[0].hand) == 1


def test_cr_8_6_played_refresh_it_when_a_core_is_added_to_your_opponents_life():
    db = imported_db(effect("Refresh this spirit when a core is added to your opponent's life."),
                     magic("Place 1 core from the void into your life.", steps=("Main",))
                     | {"ID": "ZT-003", "name": "Mend"})
    assert compiled('If this spirit has a "Soul Core" on it, refresh it when a core is added to your opponent\'s '
                    'life.').effect == {"kind": "triggered", "trigger": "opponent_life_gained",
                                        "do": [{"refresh": "this", "if": {"soul_core": True}}]}
    game = game_of(db, "{life: 5, reserve: 3, field: [{card: ZT-001, exhausted: true}]}",
                   "{life: 4, reserve: 3, hand: [ZT-003]}", turn_player=1)
    spirit = game.state.players[0].field[0]
    game.apply(UseMagic(1, first(game, 1, "ZT-003", "hand")))
    assert game.state.players[1].life == 5 and not game.state.cards[spirit].exhausted


def test_cr_10_2_2_played_refresh_this_spirit_when_a_stoneback_spirit_card_is_discarded_from_your_hand():
    db = imported_db(effect("Refresh this spirit when a Stoneback spirit card is discarded from your hand.",
                            "During Either Attack Step"),
                     magic("Discard 1 card from your hand.", steps=("Flash",)) | {"ID": "ZT-003", "name": "Let Go"},
                     effect("N/A") | {"effects": [], "ID": "ZT-002", "name": "Stone Pup"})
    assert compiled("When a magic card is discarded from your hand, draw a card.").effect == {
        "kind": "triggered", "trigger": "your_card_discarded", "watch": {"type": "magic"}, "do": [{"draw": 1}]}
    for discarded, refreshed in (("T-R1", False), ("ZT-002", True)):
        game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-003, " + discarded + "], field: [ZT-001]}",
                       "{life: 5, reserve: 3}", step="attack")
        spirit = game.state.players[0].field[0]
        game.apply(Attack(0, spirit))
        game.apply(Pass(1))
        game.apply(UseMagic(0, first(game, 0, "ZT-003", "hand")))  # the only card left is discarded
        assert discarded in cids(game, game.state.players[0].trash)
        assert game.state.cards[spirit].exhausted is not refreshed


# ---------------------------------------------------------------- "this spirit must attack if able"


def test_cr_1_3_1_compiled_this_spirit_must_attack_if_able():
    assert compiled("This spirit must attack if able.", "During Your Attack Step").effect == {
        "kind": "constant", "condition": {"step": "attack", "your_turn": True}, "do": [{"must_attack": "this"}]}
    assert not compiled("This spirit must attack if able.", "When Summoned").automated  # it holds, not happens


def test_cr_1_3_1_played_the_attack_step_cannot_end_while_it_can_attack():
    from bss_desktop.engine.commands import EndAttack as End

    db = imported_db(effect("This spirit must attack if able.", "During Your Attack Step"))
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001, T-R1]}", "{life: 5, reserve: 3}", step="attack")
    spirit = game.state.players[0].field[0]
    assert not any(isinstance(c, End) for c in game.legal_commands())
    with pytest.raises(IllegalCommand):
        game.apply(EndAttack(0))
    attack_unblocked(game, 0, spirit)  # it attacked: it is exhausted, so it cannot any more
    assert any(isinstance(c, End) for c in game.legal_commands())
    game.apply(EndAttack(0))
    assert game.state.turn_player == 1


def test_cr_1_3_1_hostile_must_attack_belongs_to_a_constant_effect():
    from bss_desktop.carddb.errors import CardDataError
    from bss_desktop.carddb.schema import card_from_dict

    with pytest.raises(CardDataError) as e:
        card_from_dict(_spirit({"kind": "triggered", "trigger": "when_summoned", "do": [{"must_attack": "this"}]}))
    assert e.value.field == "effects[0].do[0]"
    with pytest.raises(CardDataError) as e:
        card_from_dict(_spirit({"kind": "constant", "do": [{"must_attack": {"zone": "hand"}, "may": True}]}))
    assert e.value.field.startswith("effects[0].do[0]")


def test_cr_6_7_3_2_played_when_this_battle_ends_end_the_attack_step():
    db = imported_db(magic("When this battle ends, end the attack step.", steps=("Flash",))
                     | {"ID": "ZT-003", "name": "Stand Down"})
    game = game_of(db, "{life: 5, reserve: 3, field: [T-R1, T-W0]}", "{life: 5, reserve: 3, hand: [ZT-003]}",
                   step="attack")
    pup = game.state.players[0].field[0]
    game.apply(Attack(0, pup))
    game.apply(UseMagic(1, first(game, 1, "ZT-003", "hand")))  # the attacked player, in the battle
    game.apply(Pass(0))
    game.apply(Pass(1))
    game.apply(Block(1, None))
    assert game.state.players[1].life == 4  # the battle was fought, then the step ended: the turn passed
    assert game.state.turn_player == 1


def test_cr_6_7_3_2_hostile_end_attack_step_is_true_or_refused():
    from bss_desktop.carddb.card_text import effect_text
    from bss_desktop.carddb.errors import CardDataError
    from bss_desktop.carddb.schema import card_from_dict, card_to_dict

    with pytest.raises(CardDataError) as e:
        card_from_dict(_spirit({"kind": "triggered", "trigger": "when_attacks", "do": [{"end_attack_step": 1}]}))
    assert e.value.field == "effects[0].do[0].end_attack_step"
    card = card_from_dict(_spirit({"kind": "triggered", "trigger": "when_attacks",
                                   "do": [{"end_attack_step": True}]}))
    assert "End the attack step" in effect_text(card.effects[0], card)
    assert card_from_dict(card_to_dict(card)).effects == card.effects


# ---------------------------------------------------------------- "if your opponent used an effect ... to draw"


def test_ruling_t2_played_if_your_opponent_used_an_effect_they_control_to_draw_a_card_this_turn():
    db = imported_db(effect("If your opponent used an effect they control to draw a card this turn, select 1 of "
                            "your opponent's spirits and return it to their hand.", "When This Spirit Blocks",
                            core_requirements=BIG),
                     magic("Draw a card.", steps=("Main",)) | {"ID": "ZT-003", "name": "Study"})
    for studies in (False, True):
        game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001]}",
                       "{life: 5, reserve: 3, hand: [ZT-003], field: [T-R1, T-W0]}", turn_player=1)
        pup, wisp = game.state.players[1].field
        if studies:
            game.apply(UseMagic(1, first(game, 1, "ZT-003", "hand")))
            assert game.state.effect_draws == [0, 1]
        game.apply(EndMain(1))
        game.apply(Attack(1, pup))
        game.apply(Pass(0))
        game.apply(Pass(1))
        game.apply(Block(0, game.state.players[0].field[0]))
        if studies:
            answer(game, [wisp])
        assert (game.state.cards[wisp].zone == "hand") is studies


def test_ruling_t2_hostile_an_effect_draws_count_and_its_english():
    from bss_desktop.carddb.card_text import effect_text
    from bss_desktop.carddb.errors import CardDataError
    from bss_desktop.carddb.schema import card_from_dict, card_to_dict

    with pytest.raises(CardDataError) as e:
        card_from_dict(_spirit({"kind": "constant", "condition": {"count": {"effect_draws": {"side": "both"}},
                                                                  "count_min": 1},
                                "do": [{"bp": {"target": "this", "add": 1000}}]}))
    assert e.value.field == "effects[0].condition.count.effect_draws.side"
    card = card_from_dict(_spirit({"kind": "constant", "condition": {"count": {"effect_draws": {"side": "opponent"}},
                                                                     "count_min": 1},
                                   "do": [{"bp": {"target": "this", "add": 1000}}]}))
    assert "your opponent used an effect of their own to draw" in effect_text(card.effects[0], card)
    assert card_from_dict(card_to_dict(card)).effects == card.effects


def test_cr_8_6_played_when_your_opponent_places_a_core_from_the_void_with_their_effect():
    db = imported_db(effect("When your opponent places a core with 1 of their effects from the void onto 1 of their "
                            "spirits or into their reserve, draw a card."),
                     magic("Place 1 core from the void into your reserve.", steps=("Main",))
                     | {"ID": "ZT-003", "name": "Gather"},
                     magic("Select 1 of your opponent's spirits and place 1 core from the void onto it.",
                           steps=("Main",)) | {"ID": "ZT-004", "name": "Feed Foe"})
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001], deck: [T-W0, T-W0]}",
                   "{life: 5, reserve: 3, hand: [ZT-003, ZT-004], field: [T-R1]}", turn_player=1)
    game.apply(UseMagic(1, first(game, 1, "ZT-004", "hand")))  # onto my spirit: not theirs
    assert game.state.players[0].hand == []
    game.apply(UseMagic(1, first(game, 1, "ZT-003", "hand")))  # into their reserve
    assert len(game.state.players[0].hand) == 1
