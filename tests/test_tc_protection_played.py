"""The protection family played from positions (docs/saga-rulings.md, "Replacement and immunity"; engine:
rules/bss/protection.py): cards that cannot be selected, destroyed, lose cores or be returned by the opponent's
effects, spirits not destroyed in battle, attacks that reduce no life, and the trigger on a life reduced by an
attack from one of the opponent's spirits.

The sentences are written for these tests in the templates real card text uses; none is a real card's text.
"""
from __future__ import annotations

from bss_desktop.engine.commands import Attack, Block, Pass, Summon, UseMagic
from helpers import answer, cids, first, imported_db, position, record, two_players


def spirit(details: str, condition: str = "N/A", **fields) -> dict:
    """ZT-001 (a red Stoneback spirit, 1000 / 3000 BP) with one effect at LV1 and LV2."""
    return record(effects=[{"levels": [1, 2], "condition": condition, "keywords": [], "steps": [],
                            "details": details}], **fields)


def nexus(details: str, condition: str = "N/A", **fields) -> dict:
    fields = {"name": "Test Nexus", "ID": "ZT-050", **fields}
    return spirit(details, condition, cardType="NEXUS",
                  core_requirements=[{"level": 1, "cores": 0}, {"level": 2, "cores": 2}], **fields)


def magic(details: str, ID: str = "ZT-090") -> dict:
    return record(effects=[{"levels": [], "condition": "N/A", "keywords": [], "steps": ["Main", "Flash"],
                            "details": details}], cardType="MAGIC", name="Test Magic " + ID, ID=ID,
                  core_requirements=[])


def game_of(db, p0: str, p1: str, **kw):
    return position(two_players(p0, p1, **kw), db=db)


def use(game, p: int, cid: str):
    return game.apply(UseMagic(p, first(game, p, cid, "hand")))


def options(game) -> list:
    assert game.pending.kind == "choose", game.pending
    return list(game.pending.info["options"])


def attack_unblocked(game, p: int, attacker: int):
    game.apply(Attack(p, attacker))
    game.apply(Pass(1 - p))
    game.apply(Pass(p))
    return game.apply(Block(1 - p, None))


def blocked_fight(game, p: int, attacker: int, blocker: int):
    game.apply(Attack(p, attacker))
    game.apply(Pass(1 - p))
    game.apply(Pass(p))
    game.apply(Block(1 - p, blocker))
    game.apply(Pass(1 - p))
    return game.apply(Pass(p))


# ---------------------------------------------------------------- P1: cannot be selected


def test_ruling_p1_played_a_spirit_the_opponents_magic_cannot_select():
    db = imported_db(spirit("This spirit cannot be selected by the effects of your opponent's magic cards."),
                     magic("Select one of your opponent's spirits and destroy it."),
                     spirit("Select one of your opponent's spirits and exhaust it.", "When Summoned", ID="ZT-002",
                            name="Exhauster"))
    game = game_of(db, "{life: 5, reserve: 5, hand: [ZT-090, ZT-002]}", "{life: 5, reserve: 3, field: [ZT-001, T-R1]}")
    guarded, pup = game.state.players[1].field
    use(game, 0, "ZT-090")
    assert game.state.cards[pup].zone == "trash"  # the only spirit it could select: no question asked
    assert game.state.cards[guarded].zone == "field"
    game.apply(Summon(0, first(game, 0, "ZT-002", "hand")))  # a spirit's effect still selects it
    assert game.state.cards[guarded].exhausted


def test_ruling_p1_played_your_own_effects_still_select_it():
    db = imported_db(spirit("Your Stoneback spirits cannot be selected by your opponent's effects."),
                     magic("Select one of your spirits and exhaust it."))
    game = game_of(db, "{life: 5, reserve: 5, hand: [ZT-090], field: [ZT-001]}", "{life: 5, reserve: 3}")
    use(game, 0, "ZT-090")
    assert game.state.cards[game.state.players[0].field[0]].exhausted


def test_ruling_p1_played_an_all_effect_still_reaches_it():
    db = imported_db(spirit("Your Stoneback spirits cannot be selected by your opponent's effects."),
                     magic("Exhaust all of your opponent's spirits."))
    game = game_of(db, "{life: 5, reserve: 5, hand: [ZT-090]}", "{life: 5, reserve: 3, field: [ZT-001]}")
    use(game, 0, "ZT-090")
    assert game.state.cards[game.state.players[1].field[0]].exhausted  # CR 8-8-1-4: no selection


def test_ruling_p1_played_with_a_soul_core_condition_among_several_to_choose():
    db = imported_db(spirit("Your spirits and nexuses with a \"Soul Core\" on them cannot be selected by the effects "
                            "of your opponent's magic cards."),
                     magic("Select one of your opponent's spirits and exhaust it."))
    game = game_of(db, "{life: 5, reserve: 5, hand: [ZT-090]}",
                   "{life: 5, reserve: 3, soul_core: field, field: [{card: ZT-001, soul_core: true}, T-R1, T-B2]}")
    guarded, pup, guard = game.state.players[1].field
    use(game, 0, "ZT-090")
    assert options(game) == [pup, guard]


# ---------------------------------------------------------------- P2, P3: cannot be destroyed


def test_ruling_p2_played_not_destroyed_by_the_destruction_effects_of_the_opponents_spirits():
    db = imported_db(spirit("Your Stoneback spirits cannot be destroyed by destruction effects on your opponent's "
                            "spirits."),
                     spirit("Destroy all of your opponent's spirits with 3500 or fewer BP.", "When Summoned",
                            ID="ZT-002", name="Razer", subType=["Sky Warden"]),
                     magic("Destroy all of your opponent's spirits with 3500 or fewer BP."))
    game = game_of(db, "{life: 5, reserve: 5, hand: [ZT-002, ZT-090]}",
                   "{life: 5, reserve: 3, field: [ZT-001, T-R1]}")
    guarded, pup = game.state.players[1].field
    game.apply(Summon(0, first(game, 0, "ZT-002", "hand")))
    assert game.state.cards[pup].zone == "trash" and game.state.cards[guarded].zone == "field"
    use(game, 0, "ZT-090")  # a magic card's destruction effect is not a spirit's
    assert game.state.cards[guarded].zone == "trash"


def test_ruling_p2_cr_10_14_2_played_cores_removed_still_destroy_it():
    db = imported_db(spirit("Your Stoneback spirits cannot be destroyed by your opponent's destruction effects."),
                     magic("Select one of your opponent's spirits. Remove a core from it and place it into their "
                           "reserve."))
    game = game_of(db, "{life: 5, reserve: 5, hand: [ZT-090]}", "{life: 5, reserve: 3, field: [ZT-001]}")
    guarded = game.state.players[1].field[0]
    use(game, 0, "ZT-090")
    assert game.state.cards[guarded].zone == "trash"  # LV1 cores unmet: destroyed, yet no destruction effect


def test_ruling_p3_played_neither_spirit_is_destroyed_in_this_battle():
    db = imported_db(spirit("During this turn, your spirits and your opponent's spirits cannot be destroyed in "
                            "battle.", "When This Spirit Blocks"))
    game = game_of(db, "{life: 5, reserve: 3, field: [T-R3]}", "{life: 5, reserve: 3, field: [ZT-001]}",
                   step="attack")
    knight, guard = game.state.players[0].field[0], game.state.players[1].field[0]
    blocked_fight(game, 0, knight, guard)  # 3000 BP against 1000 BP
    assert game.state.cards[guard].zone == "field" and game.state.cards[knight].zone == "field"
    assert game.state.battle is None and game.state.players[1].life == 5


def test_ruling_p3_played_without_it_the_weaker_spirit_is_destroyed():
    db = imported_db(spirit("This spirit cannot be destroyed in battle.", "When This Spirit Attacks"))
    game = game_of(db, "{life: 5, reserve: 3, field: [T-R3]}", "{life: 5, reserve: 3, field: [T-R1]}",
                   step="attack")
    blocked_fight(game, 0, game.state.players[0].field[0], game.state.players[1].field[0])
    assert cids(game, game.state.players[1].trash) == ["T-R1"]


# ---------------------------------------------------------------- P4, P5: cores, returns


def test_ruling_p4_played_the_opponents_effects_cannot_remove_its_cores():
    db = imported_db(spirit("Your opponent's effects cannot remove cores from your Stoneback spirits."),
                     magic("Remove a core from each of your opponent's spirits and place them into their reserve."))
    game = game_of(db, "{life: 5, reserve: 5, hand: [ZT-090]}",
                   "{life: 5, reserve: 0, field: [{card: ZT-001, cores: 3}, {card: T-R1, cores: 3}]}")
    guarded, pup = game.state.players[1].field
    use(game, 0, "ZT-090")
    assert game.state.cards[guarded].cores == 3 and game.state.cards[pup].cores == 2
    assert game.state.players[1].reserve == 1


def test_ruling_p4_played_its_own_controllers_effects_still_remove_them():
    db = imported_db(spirit("Your opponent's effects cannot remove cores from your Stoneback spirits."),
                     magic("Select one of your spirits. Remove a core from it and place it into their reserve."))
    game = game_of(db, "{life: 5, reserve: 5, hand: [ZT-090], field: [{card: ZT-001, cores: 3}]}",
                   "{life: 5, reserve: 3}")
    use(game, 0, "ZT-090")
    assert game.state.cards[game.state.players[0].field[0]].cores == 2


def test_ruling_p5_played_exhausted_spirits_the_opponent_cannot_return():
    db = imported_db(spirit("Your exhausted Stoneback spirits cannot be returned to your hand or deck by your "
                            "opponent's effects."),
                     record(ID="ZT-004", name="Second Stoneback"),
                     magic("Return all of your opponent's spirits to their owners' hands."))
    game = game_of(db, "{life: 5, reserve: 5, hand: [ZT-090]}",
                   "{life: 5, reserve: 3, field: [ZT-001, {card: ZT-004, exhausted: true}, "
                   "{card: T-R3, exhausted: true}, T-R1]}")
    guarded, stoneback, knight, pup = game.state.players[1].field
    use(game, 0, "ZT-090")  # the protections are read before any card moves: the refreshed source goes too
    assert game.state.cards[stoneback].zone == "field"
    assert [game.state.cards[i].zone for i in (guarded, knight, pup)] == ["hand", "hand", "hand"]


# ---------------------------------------------------------------- P6: attacks that cannot reduce life


def test_ruling_p6_played_neither_players_life_is_reduced_by_a_weak_attacker():
    db = imported_db(nexus("Neither player's life can be reduced by an attack from a spirit that has 2500 or fewer "
                           "BP."))
    game = game_of(db, "{life: 5, reserve: 3, field: [T-R1, T-R3]}", "{life: 5, reserve: 3, field: [ZT-050]}",
                   step="attack")
    pup, knight = game.state.players[0].field
    attack_unblocked(game, 0, pup)  # 1000 BP: no core moves
    assert game.state.players[1].life == 5
    attack_unblocked(game, 0, knight)  # 3000 BP
    assert game.state.players[1].life == 4


def test_ruling_p6_cr_11_7_1_played_no_blessed_core_when_no_life_is_reduced():
    db = imported_db(nexus("Neither player's life can be reduced by an attack from a spirit that has 2500 or fewer "
                           "BP."))
    game = game_of(db, "{life: 3, reserve: 3, field: [KW-BLS]}", "{life: 5, reserve: 3, field: [ZT-050]}",
                   step="attack")  # a 【Blessed】 spirit of the test pool
    attack_unblocked(game, 0, game.state.players[0].field[0])
    assert game.state.players[1].life == 5 and game.state.players[0].life == 3


def test_ruling_p6_played_your_life_cannot_be_reduced_by_that_spirits_attacks():
    db = imported_db(magic("Select one of your opponent's spirits. Your life cannot be reduced by its attacks during "
                           "this turn."))
    game = game_of(db, "{life: 5, reserve: 3, field: [T-R3, T-R1]}", "{life: 5, reserve: 3, hand: [ZT-090]}",
                   step="attack")
    knight, pup = game.state.players[0].field
    game.apply(Attack(0, knight))
    use(game, 1, "ZT-090")
    answer(game, [knight])
    game.apply(Pass(0))
    game.apply(Pass(1))
    game.apply(Block(1, None))
    assert game.state.players[1].life == 5
    attack_unblocked(game, 0, pup)  # another spirit's attack still reduces it
    assert game.state.players[1].life == 4


def test_ruling_p6_cr_8_8_1_4_played_attacks_from_the_weak_spirits_reduce_no_life_this_turn():
    db = imported_db(magic("Attacks from your opponent's spirits with 3500 or fewer BP cannot reduce your life during "
                           "this turn."))
    game = game_of(db, "{life: 5, reserve: 3, field: [T-R1, T-R3, T-R5]}", "{life: 5, reserve: 3, hand: [ZT-090]}",
                   step="attack")
    pup, knight, titan = game.state.players[0].field
    game.apply(Attack(0, pup))
    use(game, 1, "ZT-090")  # the spirits it names are fixed as it resolves (CR 8-8-1-4)
    game.apply(Pass(0))
    game.apply(Pass(1))
    game.apply(Block(1, None))
    attack_unblocked(game, 0, knight)
    assert game.state.players[1].life == 5
    attack_unblocked(game, 0, titan)  # 5000 BP: two symbols
    assert game.state.players[1].life == 3


# ---------------------------------------------------------------- P8: a life reduced by an attack


def test_ruling_p8_cr_7_1_5_3_1_played_draw_when_an_opponents_cheap_spirit_reduces_your_life():
    db = imported_db(nexus("Draw 2 cards when your life is reduced by an attack from one of your opponent's spirits "
                           "that costs 2 or fewer."))
    game = game_of(db, "{life: 5, reserve: 3, field: [T-R1, T-G4]}",
                   "{life: 5, reserve: 3, field: [ZT-050], deck: [T-W0, T-W0, T-W0]}", step="attack")
    pup, stag = game.state.players[0].field
    attack_unblocked(game, 0, stag)  # cost 4: not watched
    assert cids(game, game.state.players[1].hand) == []
    attack_unblocked(game, 0, pup)
    assert cids(game, game.state.players[1].hand) == ["T-W0", "T-W0"]


def test_ruling_p8_played_that_spirit_is_the_attacker():
    db = imported_db(nexus("When your life is reduced by an attack from one of your opponent's spirits with 3000 or "
                           "fewer BP, remove a core from that spirit and place it into your opponent's reserve."))
    game = game_of(db, "{life: 5, reserve: 0, field: [{card: T-R1, cores: 2}, {card: T-R3, cores: 2}]}",
                   "{life: 5, reserve: 3, field: [ZT-050]}", step="attack")
    pup, knight = game.state.players[0].field
    attack_unblocked(game, 0, pup)
    assert game.state.cards[pup].cores == 1 and game.state.cards[knight].cores == 2
    assert game.state.players[0].reserve == 1


def test_ruling_p8_played_no_trigger_when_the_attack_reduces_no_life():
    db = imported_db(nexus("Draw 2 cards when your life is reduced by an attack from one of your opponent's spirits "
                           "that costs 2 or fewer."),
                     nexus("Neither player's life can be reduced by an attack from a spirit that has 2500 or fewer "
                           "BP.", ID="ZT-051", name="Second Nexus"))
    game = game_of(db, "{life: 5, reserve: 3, field: [T-R1]}",
                   "{life: 5, reserve: 3, field: [ZT-050, ZT-051], deck: [T-W0, T-W0]}", step="attack")
    attack_unblocked(game, 0, game.state.players[0].field[0])
    assert game.state.players[1].life == 5 and cids(game, game.state.players[1].hand) == []


# ---------------------------------------------------------------- P9: a life that increases


def test_ruling_p9_played_draw_a_card_when_your_life_increases():
    db = imported_db(nexus("Draw 1 card when your life increases."),
                     magic("Place two cores from the void into your life."))
    game = game_of(db, "{life: 3, reserve: 3, hand: [ZT-090], field: [ZT-050], deck: [T-W0, T-W0, T-W0]}",
                   "{life: 5, reserve: 3}")
    use(game, 0, "ZT-090")
    assert game.state.players[0].life == 5 and cids(game, game.state.players[0].hand) == ["T-W0"]  # one increase


def test_ruling_p9_cr_11_7_1_played_blessed_increases_your_life_and_your_opponents_loss_does_not():
    db = imported_db(nexus("Draw 1 card when your life increases."))
    game = game_of(db, "{life: 3, reserve: 3, field: [KW-BLS, ZT-050], deck: [T-W0, T-W0, T-W0]}",
                   "{life: 5, reserve: 3, field: [ZT-050], deck: [T-W0, T-W0]}", step="attack")
    attack_unblocked(game, 0, game.state.players[0].field[0])
    assert game.state.players[0].life == 4 and cids(game, game.state.players[0].hand) == ["T-W0"]
    assert cids(game, game.state.players[1].hand) == []


def test_ruling_p1_p4_played_while_the_soul_core_is_on_it():
    db = imported_db(spirit("If this spirit has a \"Soul Core\" on it, it cannot be selected by the effects of your "
                            "opponent's spirits, and its cores cannot be removed by your opponent's effects."),
                     spirit("Select one of your opponent's spirits and exhaust it.", "When Summoned", ID="ZT-002",
                            name="Exhauster"),
                     spirit("Remove a core from each of your opponent's spirits and place them into their reserve.",
                            "When Summoned", ID="ZT-003", name="Drainer"))
    soul = "{life: 5, reserve: 0, soul_core: field, field: [{card: ZT-001, cores: 2, soul_core: true}, T-R1]}"
    game = game_of(db, "{life: 5, reserve: 5, hand: [ZT-002, ZT-003]}", soul)
    guarded, pup = game.state.players[1].field
    game.apply(Summon(0, first(game, 0, "ZT-002", "hand")))
    assert game.state.cards[pup].exhausted and not game.state.cards[guarded].exhausted  # no choice: only the pup
    game.apply(Summon(0, first(game, 0, "ZT-003", "hand")))
    assert game.state.cards[guarded].cores == 2
    game = game_of(db, "{life: 5, reserve: 5, hand: [ZT-002]}", "{life: 5, reserve: 3, field: [ZT-001, T-R1]}")
    game.apply(Summon(0, first(game, 0, "ZT-002", "hand")))
    assert options(game) == game.state.players[1].field  # without the soul core it can be selected


def test_ruling_p2_p3_p4_played_neither_destroyed_by_effects_nor_in_battle_nor_its_cores_removed():
    db = imported_db(spirit("Neither this spirit nor any red nexus with a \"Soul Core\" on it can be destroyed by your "
                            "opponent's destruction effects or as the result of battle, and they cannot have their "
                            "cores removed by your opponent's effects."),
                     magic("Destroy all of your opponent's spirits with 5000 or fewer BP."),
                     magic("Remove a core from each of your opponent's spirits and place them into their reserve.",
                           ID="ZT-091"))
    game = game_of(db, "{life: 5, reserve: 5, hand: [ZT-090, ZT-091], field: [T-R5]}",
                   "{life: 5, reserve: 3, field: [{card: ZT-001, cores: 2}, T-R1]}")
    guarded, pup = game.state.players[1].field
    use(game, 0, "ZT-090")
    assert game.state.cards[guarded].zone == "field" and game.state.cards[pup].zone == "trash"
    use(game, 0, "ZT-091")
    assert game.state.cards[guarded].cores == 2
    game = game_of(db, "{life: 5, reserve: 3, field: [T-R5]}", "{life: 5, reserve: 3, field: [ZT-001]}",
                   step="attack")
    titan, guarded = game.state.players[0].field[0], game.state.players[1].field[0]
    blocked_fight(game, 0, titan, guarded)  # 5000 BP against 1000 BP
    assert game.state.cards[guarded].zone == "field"


# ---------------------------------------------------------------- P10: "When Destroyed" effects not triggered


def _p10_db(quiet: bool):
    tail = " Your opponent's \"When Destroyed\" effects are not triggered by this effect." if quiet else ""
    return imported_db(spirit("Destroy all of your opponent's spirits with 2500 or fewer BP." + tail, "When Summoned",
                              ID="ZT-002", name="Razer"),
                       spirit("Draw a card.", "When Destroyed", ID="ZT-003", name="Last Words"),
                       nexus("When one of your spirits is destroyed, draw a card."),
                       nexus("When one of your opponent's spirits is destroyed, draw a card.", ID="ZT-051",
                             name="Watcher"))


def _p10_game(db):
    return game_of(db, "{life: 5, reserve: 5, hand: [ZT-002], field: [ZT-051], deck: [T-W0, T-W0, T-W0]}",
                   "{life: 5, reserve: 3, field: [ZT-003, ZT-050], deck: [T-W0, T-W0, T-W0]}")


def test_ruling_p10_cr_10_15_1_played_the_destroyed_cards_owners_destruction_effects_do_not_trigger():
    game = _p10_game(_p10_db(quiet=True))
    last = game.state.players[1].field[0]
    game.apply(Summon(0, first(game, 0, "ZT-002", "hand")))
    assert game.state.cards[last].zone == "trash"
    assert cids(game, game.state.players[1].hand) == []  # neither its label nor the nexus watching it
    assert cids(game, game.state.players[0].hand) == ["T-W0"]  # the controller's own effect still triggers


def test_ruling_p10_played_without_it_they_trigger():
    game = _p10_game(_p10_db(quiet=False))
    game.apply(Summon(0, first(game, 0, "ZT-002", "hand")))
    while game.pending.kind == "choose":  # the turn player orders the simultaneous effects (CR 8-5-2-4)
        answer(game, game.pending.info["options"][0])
    assert cids(game, game.state.players[1].hand) == ["T-W0", "T-W0"]


# ---------------------------------------------------------------- "if this spirit is refreshed" (CR 4-4)


def test_cr_4_4_played_the_protection_holds_while_this_spirit_is_refreshed():
    db = imported_db(spirit("If this spirit is refreshed, your Stoneback spirits cannot be selected by your "
                            "opponent's effects."),
                     magic("Select one of your opponent's spirits and exhaust it."))
    game = game_of(db, "{life: 5, reserve: 5, hand: [ZT-090, ZT-090]}", "{life: 5, reserve: 3, field: [ZT-001, T-R1]}")
    guarded, pup = game.state.players[1].field
    use(game, 0, "ZT-090")
    assert game.state.cards[pup].exhausted and not game.state.cards[guarded].exhausted  # only the pup could be chosen
    game = game_of(db, "{life: 5, reserve: 5, hand: [ZT-090]}",
                   "{life: 5, reserve: 3, field: [{card: ZT-001, exhausted: true}, T-R1]}")
    use(game, 0, "ZT-090")
    assert options(game) == game.state.players[1].field  # exhausted: no protection


# ---------------------------------------------------------------- P11: "When Destroyed" effects on cards


def test_ruling_p11_cr_10_15_1_played_the_effects_on_the_opponents_spirits_do_not_trigger():
    db = imported_db(nexus("\"When Destroyed\" effects on your opponent's Stoneback spirits are not triggered."),
                     spirit("Draw a card.", "When Destroyed", ID="ZT-003", name="Last Words"),
                     spirit("When one of your spirits is destroyed, draw a card.", ID="ZT-004", name="Mourner"),
                     magic("Destroy all of your opponent's spirits with 1000 or fewer BP."))
    game = game_of(db, "{life: 5, reserve: 5, hand: [ZT-090], field: [ZT-050]}",
                   "{life: 5, reserve: 3, field: [ZT-003, {card: ZT-004, cores: 3}], deck: [T-W0, T-W0, T-W0]}")
    last, mourner = game.state.players[1].field
    use(game, 0, "ZT-090")
    assert game.state.cards[last].zone == "trash" and game.state.cards[mourner].zone == "field"  # 3000 BP at LV2
    assert cids(game, game.state.players[1].hand) == []


def test_ruling_p11_played_your_own_spirits_effects_still_trigger():
    db = imported_db(nexus("\"When Destroyed\" effects on your opponent's Stoneback spirits are not triggered."),
                     spirit("Draw a card.", "When Destroyed", ID="ZT-003", name="Last Words"),
                     magic("Destroy all of your opponent's spirits with 1000 or fewer BP."))
    game = game_of(db, "{life: 5, reserve: 5, hand: [ZT-090], field: [ZT-003]}",
                   "{life: 5, reserve: 3, field: [ZT-050, ZT-003], deck: [T-W0, T-W0]}")
    use(game, 0, "ZT-090")
    assert cids(game, game.state.players[1].hand) == ["T-W0"]  # player 1's nexus mutes player 0's spirits only


def test_ruling_p1_p7_played_only_the_effects_of_a_spirit_with_the_soul_core_on_it_are_kept_out():
    db = imported_db(spirit("This spirit cannot be selected by the effects of your opponent's spirits with a "
                            "\"Soul Core\" on them."),
                     spirit("Select one of your opponent's spirits and exhaust it.", "When This Spirit Attacks",
                            ID="ZT-002", name="Exhauster"))
    game = game_of(db, "{life: 5, reserve: 5, soul_core: field, field: [{card: ZT-002, soul_core: true}, ZT-002]}",
                   "{life: 5, reserve: 3, field: [ZT-001, T-R1]}", step="attack")
    souled, plain = game.state.players[0].field
    guarded, pup = game.state.players[1].field
    game.apply(Attack(0, souled))
    assert game.state.cards[pup].exhausted and not game.state.cards[guarded].exhausted  # no choice: only the pup
    game = game_of(db, "{life: 5, reserve: 5, soul_core: field, field: [{card: ZT-002, soul_core: true}, ZT-002]}",
                   "{life: 5, reserve: 3, field: [ZT-001, T-R1]}", step="attack")
    game.apply(Attack(0, game.state.players[0].field[1]))  # without the soul core on it
    assert options(game) == game.state.players[1].field


def test_cr_7_1_5_3_1_played_when_you_lose_life_refresh_this_spirit():
    db = imported_db(spirit("When you lose life, draw a card and refresh this spirit."))
    game = game_of(db, "{life: 5, reserve: 3, field: [T-R1]}",
                   "{life: 5, reserve: 3, field: [{card: ZT-001, exhausted: true}], deck: [T-W0, T-W0]}", step="attack")
    attack_unblocked(game, 0, game.state.players[0].field[0])
    assert game.state.players[1].life == 4 and not game.state.cards[game.state.players[1].field[0]].exhausted
    assert cids(game, game.state.players[1].hand) == ["T-W0"]
