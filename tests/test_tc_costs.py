"""Compiled text of the "costs" family (issue 28): soul-core costs (CR 10-6-6) and reduction symbols cards gain
(CR 2-7, 10-6-5), compiled and then played from positions.

The sentences are written for these tests in the templates real card text uses; none is a real card's text.
"""
from __future__ import annotations

import pytest

from bss_desktop.carddb.text_compile import compile_effect, compile_sentence
from bss_desktop.engine.commands import Summon, UseMagic
from helpers import first, imported_db, position, record, two_players

SOUL = '"Soul Core"'


def effect(details: str, condition: str = "N/A", steps=(), **fields) -> dict:
    return record(effects=[{"levels": [1, 2], "condition": condition, "keywords": [], "steps": list(steps),
                            "details": details}], **fields)


def nexus(details: str, **fields) -> dict:
    return effect(details, cardType="NEXUS", name="Test Nexus",
                  core_requirements=[{"level": 1, "cores": 0}, {"level": 2, "cores": 2}], **fields)


def game_of(db, p0: str, p1: str, **kw):
    return position(two_players(p0, p1, **kw), db=db)


# ---------------------------------------------------------------- the soul core not spent (CR 10-6-6)


@pytest.mark.parametrize("text", [
    f"If you do not spend a {SOUL} as part of this spirit's summoning cost, exhaust it.",
    f"If you don't spend a {SOUL} as part of this card's summoning cost, exhaust it.",
])
def test_cr_10_6_6_compiles_if_the_soul_core_was_not_spent(text):
    r = compile_effect("spirit", "When Summoned", text, [])
    assert r.effect == {"kind": "triggered", "trigger": "when_summoned",
                        "do": [{"exhaust": "this", "if": {"soul_paid": False}}]}


def test_cr_10_6_6_a_quoted_name_other_than_the_soul_core_is_refused():
    s = compile_sentence('If you do not spend a "Spare Core" as part of this spirit\'s summoning cost, exhaust it.')
    assert not s.ok and "soul core" in s.why


def test_cr_10_6_6_if_you_do_not_alone_stays_refused():
    assert not compile_sentence("If you do not, draw a card.").ok


def _summoned(soul: bool):
    db = imported_db(effect(f"If you do not spend a {SOUL} as part of this spirit's summoning cost, exhaust it.",
                            "When Summoned", cost="2"))
    game = game_of(db, "{life: 5, reserve: 4, soul_core: reserve, hand: [ZT-001]}", "{life: 5, reserve: 3}")
    card = first(game, 0, "ZT-001", "hand")
    if soul:  # the soul core and one regular core pay the cost of 2, one core is placed on it
        game.apply(Summon(0, card, pay=(("reserve", 1),), pay_soul=True, place=(("reserve", 1),)))
    else:
        game.apply(Summon(0, card, pay=(("reserve", 2),), place=(("reserve", 1),)))
    return game, card


def test_cr_10_6_6_played_summoned_without_the_soul_core_the_spirit_is_exhausted():
    game, card = _summoned(soul=False)
    assert game.state.cards[card].zone == "field" and game.state.cards[card].exhausted


def test_cr_10_6_6_played_summoned_with_the_soul_core_the_spirit_stays_refreshed():
    game, card = _summoned(soul=True)
    assert game.state.players[0].soul == "trash"
    assert game.state.cards[card].zone == "field" and not game.state.cards[card].exhausted


# ---------------------------------------------------------------- reduction symbols gained (CR 2-7, 10-6-5)


@pytest.mark.parametrize("text, target", [
    ("All of your magic cards gain a {GREEN_SYMBOL} reduction symbol.", {"type": "magic"}),
    ("All of your Stoneback spirit cards gain a {RED_SYMBOL} reduction symbol.",
     {"type": "spirit", "family": "Stoneback"}),
    ("All of your blue magic cards gain a {BLUE_SYMBOL} reduction symbol.", {"type": "magic", "colors": ["blue"]}),
])
def test_cr_2_7_compiles_cards_gaining_a_reduction_symbol(text, target):
    r = compile_effect("nexus", "N/A", text, [], families=("Stoneback",))
    colour = text.split("{")[1].split("_")[0].lower()
    assert r.effect == {"kind": "constant", "do": [{"reduction": {"target": target, "add": [colour]}}]}


@pytest.mark.parametrize("text", [
    "All of your magic cards that cost 3 or more gain a {RED_SYMBOL} reduction symbol.",
    "All of your opponent's magic cards gain a {RED_SYMBOL} reduction symbol.",
])
def test_cr_2_7_reduction_symbols_for_cards_the_vocabulary_cannot_name_are_refused(text):
    assert not compile_sentence(text).ok


def _magic_position(with_nexus: bool):
    spell = record(ID="ZT-002", name="Test Spell", cardType="MAGIC", color=["Green"], cost="3", reduction=[],
                   symbols=[], core_requirements=[],
                   effects=[{"levels": [], "condition": "N/A", "keywords": [], "steps": ["Main"],
                             "details": "Draw a card."}])
    lamp = nexus("All of your magic cards gain a {GREEN_SYMBOL} reduction symbol.", color=["Green"],
                 symbols=["green"])
    db = imported_db(lamp, spell)
    field = "[ZT-001]" if with_nexus else "[]"
    return game_of(db, f"{{life: 5, reserve: 2, soul_core: trash, hand: [ZT-002], field: {field}, deck: [T-W0, T-W0]}}",
                   "{life: 5, reserve: 3}")


def test_cr_2_7_played_a_gained_reduction_symbol_lowers_what_the_magic_card_costs():
    game = _magic_position(with_nexus=True)
    spell = first(game, 0, "ZT-002", "hand")
    assert game.cost_of(spell) == 2  # 3, less one: the nexus's green symbol meets the gained reduction symbol
    assert any(isinstance(c, UseMagic) and c.card == spell for c in game.legal_commands())
    game.apply(UseMagic(0, spell, pay=(("reserve", 2),)))
    assert game.state.cards[spell].zone == "trash" and len(game.state.players[0].hand) == 1


def test_cr_2_7_played_without_the_nexus_the_magic_card_costs_its_printed_cost():
    game = _magic_position(with_nexus=False)
    spell = first(game, 0, "ZT-002", "hand")
    assert game.cost_of(spell) == 3
    assert not any(isinstance(c, UseMagic) and c.card == spell for c in game.legal_commands())


# ---------------------------------------------------------------- "... instead" when the soul core paid (CR 10-6-6)

DESTROY = ("Select 1 of your opponent's spirits with 2000 or less BP and destroy it. If you spend a "
           f"{SOUL} as part of this card's cost, select a spirit with 4000 or fewer BP instead.")
PUMP = (f"Select a spirit. It gains 1000 BP during this turn. If you spend a {SOUL} as part of this card's cost, "
        "it gains 4000 BP instead.")


def test_cr_10_6_6_compiles_a_selection_filter_changed_instead():
    r = compile_effect("magic", "N/A", DESTROY, ["Main"])
    assert r.effect["do"] == [{"destroy": {"bp_max": 2000}, "if": {"soul_paid": False}},
                              {"destroy": {"bp_max": 4000}, "if": {"soul_paid": True}}]


def test_cr_10_6_6_compiles_a_bp_change_changed_instead():
    r = compile_effect("magic", "N/A", PUMP, ["Flash"])
    assert r.effect["do"] == [{"select": {"side": "any"}},
                              {"bp": {"target": "it", "add": 1000}, "if": {"soul_paid": False}},
                              {"bp": {"target": "it", "add": 4000}, "if": {"soul_paid": True}}]


@pytest.mark.parametrize("text", [
    # a condition whose opposite the vocabulary can't say
    "Select a spirit. It gains 1000 BP during this turn. If you have 2 or fewer life, it gains 4000 BP instead.",
    # something other than a filter or a BP change
    f"Draw a card. If you spend a {SOUL} as part of this card's cost, draw 2 cards instead.",
    # a filter the first selection does not have
    "Select 1 of your opponent's spirits with 2000 or less BP and destroy it. If you spend a "
    f"{SOUL} as part of this card's cost, select a spirit that costs 3 or less instead.",
    # nothing before it
    f"If you spend a {SOUL} as part of this card's cost, it gains 4000 BP instead.",
])
def test_cr_10_6_6_an_instead_the_vocabulary_cannot_fold_stays_manual(text):
    r = compile_effect("magic", "N/A", text, ["Main"])
    assert r.effect is None


def _spell_game(text: str, soul: bool, mine: str = "[]", theirs: str = "[]"):
    """Player 0 holds ZT-003 (red magic, cost 2): with the soul core and one core in the reserve, or two cores."""
    spell = record(ID="ZT-003", name="Test Bolt", cardType="MAGIC", color=["Red"], cost="2", reduction=[],
                   symbols=[], core_requirements=[],
                   effects=[{"levels": [], "condition": "N/A", "keywords": [], "steps": ["Main"], "details": text}])
    cores = "reserve: 1, soul_core: reserve" if soul else "reserve: 2, soul_core: trash"
    game = game_of(imported_db(spell), f"{{life: 5, {cores}, hand: [ZT-003], field: {mine}}}",
                   f"{{life: 5, reserve: 3, field: {theirs}}}")
    spell = first(game, 0, "ZT-003", "hand")
    game.apply(UseMagic(0, spell, pay=(("reserve", 1),), pay_soul=True) if soul
               else UseMagic(0, spell, pay=(("reserve", 2),)))
    return game


def _choose(game, iid: int) -> None:
    from bss_desktop.engine.commands import Choose

    while game.pending is not None and game.pending.kind == "choose":
        game.apply(Choose(game.pending.player, [iid]))


@pytest.mark.parametrize("soul, destroyed", [(False, False), (True, True)])
def test_cr_10_6_6_played_the_wider_selection_only_when_the_soul_core_paid(soul, destroyed):
    game = _spell_game(DESTROY, soul, theirs="[T-R3]")  # Red Knight: 3000 BP, over 2000, under 4000
    knight = next(i for i, c in game.state.cards.items() if c.cid == "T-R3")
    _choose(game, knight)
    assert (game.state.cards[knight].zone == "trash") is destroyed
    assert (game.state.players[0].soul == "trash")  # paid with it, or there already


@pytest.mark.parametrize("soul, bp", [(False, 2000), (True, 5000)])
def test_cr_10_6_6_played_the_bigger_bp_change_only_when_the_soul_core_paid(soul, bp):
    game = _spell_game(PUMP, soul, mine="[T-R1]")
    pup = next(i for i, c in game.state.cards.items() if c.cid == "T-R1")
    _choose(game, pup)
    assert game.bp(pup) == bp  # Red Pup: 1000 BP at LV1


# ---------------------------------------------------------------- "if the soul core paid, you may X to Y" (CR 8-4-1)

OFFER = (f"If you spend a {SOUL} as part of this spirit's summoning cost, you may destroy one of your nexuses to "
         "draw two cards.")


def test_cr_8_4_1_compiles_a_condition_then_something_the_player_may_do_to_do_more():
    r = compile_effect("spirit", "When Summoned", OFFER, [])
    assert r.effect["do"] == [{"destroy": {"side": "you", "type": "nexus"}, "may": True, "if": {"soul_paid": True}},
                              {"draw": 2, "if_done": True}]


def test_cr_8_4_1_a_condition_then_paying_cores_to_do_more_stays_manual():
    assert not compile_sentence("If you have 2 or fewer life, you may pay 1 core to draw a card.").ok


def _offer_game(soul: bool):
    db = imported_db(effect(OFFER, "When Summoned", cost="2"))
    game = game_of(db, "{life: 5, reserve: 4, soul_core: reserve, hand: [ZT-001], field: [T-NX], "
                       "deck: [T-W0, T-W0, T-W0]}", "{life: 5, reserve: 3}")
    card = first(game, 0, "ZT-001", "hand")
    if soul:
        game.apply(Summon(0, card, pay=(("reserve", 1),), pay_soul=True, place=(("reserve", 1),)))
    else:
        game.apply(Summon(0, card, pay=(("reserve", 2),), place=(("reserve", 1),)))
    return game


def test_cr_8_4_1_played_with_the_soul_core_spent_the_player_may_destroy_a_nexus_to_draw_two():
    from bss_desktop.engine.commands import Choose

    game = _offer_game(soul=True)
    forge = first(game, 0, "T-NX")
    assert game.pending.kind == "choose" and game.pending.info["kind"] == "may"
    game.apply(Choose(0, True))
    while game.pending.kind == "choose":
        game.apply(Choose(0, [forge]))
    assert game.state.cards[forge].zone == "trash" and len(game.state.players[0].hand) == 2


def test_cr_8_4_1_played_declining_draws_nothing():
    from bss_desktop.engine.commands import Choose

    game = _offer_game(soul=True)
    game.apply(Choose(0, False))
    assert first(game, 0, "T-NX") and game.state.players[0].hand == []


def test_cr_8_4_1_played_without_the_soul_core_spent_nothing_is_offered():
    game = _offer_game(soul=False)
    assert game.pending.kind != "choose"
    assert first(game, 0, "T-NX") and game.state.players[0].hand == []


# ---------------------------------------------------------------- triggers on the soul core spent (CR 10-6-6, 10-8-6)

ON_SUMMON = f"Refresh this spirit when you summon a spirit and spend a {SOUL} as part of its summoning cost."
ON_MAGIC = (f"When you spend a {SOUL} as part of a magic card's cost, select 1 of your opponent's spirits after the "
            "magic effect resolves. That spirit can't block for this turn.")


def test_cr_10_6_6_compiles_a_trigger_on_a_spirit_summoned_with_the_soul_core():
    r = compile_effect("spirit", "During Your Turn", ON_SUMMON, [])
    assert r.effect == {"kind": "triggered", "trigger": "your_spirit_summoned",
                        "condition": {"your_turn": True, "soul_paid": True}, "do": [{"refresh": "this"}]}


def test_cr_10_8_6_compiles_a_trigger_on_a_magic_card_paid_with_the_soul_core():
    r = compile_effect("nexus", "N/A", ON_MAGIC, [])
    assert r.effect == {"kind": "triggered", "trigger": "you_use_magic", "condition": {"soul_paid": True},
                        "do": [{"select": {}}, {"restrict": {"target": "it", "cannot": "block"}}]}


def test_cr_10_6_6_the_trigger_text_says_whose_payment():
    from bss_desktop.carddb.card_text import effect_text

    db = imported_db(effect(ON_SUMMON, "During Your Turn"))
    card = db["ZT-001"]
    assert "summoning cost of that spirit" in effect_text(card.effects[0], card)


def _summon_watch(soul: bool):
    db = imported_db(effect(ON_SUMMON, "During Your Turn"))
    game = game_of(db, "{life: 5, reserve: 3, soul_core: reserve, hand: [T-R3], "
                       "field: [{card: ZT-001, exhausted: true}]}", "{life: 5, reserve: 3}")
    watcher, knight = game.state.players[0].field[0], first(game, 0, "T-R3", "hand")
    if soul:  # Red Knight costs 3, less one for the watcher's red symbol: 2, one of them the soul core
        game.apply(Summon(0, knight, pay=(("reserve", 1),), pay_soul=True, place=(("reserve", 1),)))
    else:
        game.apply(Summon(0, knight, pay=(("reserve", 2),), place=(("reserve", 1),)))
    return game, watcher


def test_cr_10_6_6_played_a_spirit_summoned_with_the_soul_core_triggers_it():
    game, watcher = _summon_watch(soul=True)
    assert not game.state.cards[watcher].exhausted


def test_cr_10_6_6_played_a_spirit_summoned_without_the_soul_core_does_not():
    game, watcher = _summon_watch(soul=False)
    assert game.state.cards[watcher].exhausted and not game.state.queue


def test_cr_10_6_6_played_a_spirit_put_onto_the_field_for_free_later_does_not_count_an_earlier_soul_core():
    """The soul core paid one summon of the pup; the next summon of it, by an effect, paid nothing."""
    from bss_desktop.engine.commands import Activate, Choose

    gate = nexus("You may exhaust this nexus to summon a spirit card from your hand without paying its cost.",
                 ID="ZT-006", steps=["Main"])
    db = imported_db(effect(ON_SUMMON, "During Your Turn"), gate)
    game = game_of(db, "{life: 5, reserve: 4, soul_core: trash, hand: [T-R1], "
                       "field: [{card: ZT-001, exhausted: true}, ZT-006]}", "{life: 5, reserve: 3}")
    watcher, gate, pup = game.state.players[0].field[0], game.state.players[0].field[1], first(game, 0, "T-R1", "hand")
    game._soul_summon = pup  # the mark an earlier summon of the pup paid with the soul core would have left
    game.apply(Activate(0, gate, 0))
    while game.pending is not None and game.pending.kind == "choose":
        game.apply(Choose(0, True if game.pending.info.get("kind") == "may" else [pup]))
    assert game.state.cards[pup].zone == "field" and game.state.cards[watcher].exhausted


@pytest.mark.parametrize("soul, blocked", [(True, True), (False, False)])
def test_cr_10_8_6_played_a_magic_card_paid_with_the_soul_core_triggers_it_after_its_effect(soul, blocked):
    db = imported_db(nexus(ON_MAGIC), record(ID="ZT-005", name="Test Spark", cardType="MAGIC", cost="1",
                                             reduction=[], symbols=[], core_requirements=[],
                                             effects=[{"levels": [], "condition": "N/A", "keywords": [],
                                                       "steps": ["Main"], "details": "Draw a card."}]))
    cores = "reserve: 0, soul_core: reserve" if soul else "reserve: 1, soul_core: trash"
    game = game_of(db, f"{{life: 5, {cores}, hand: [ZT-005], field: [ZT-001], deck: [T-W0, T-W0]}}",
                   "{life: 5, reserve: 3, field: [T-G4]}")
    stag = game.state.players[1].field[0]
    spark = first(game, 0, "ZT-005", "hand")
    game.apply(UseMagic(0, spark, pay=(), pay_soul=True) if soul else UseMagic(0, spark, pay=(("reserve", 1),)))
    assert len(game.state.players[0].hand) == 1  # the magic effect resolved
    from bss_desktop.engine.commands import Choose

    while game.pending is not None and game.pending.kind == "choose":
        game.apply(Choose(game.pending.player, [stag]))
    from bss_desktop.rules.bss import continuous

    assert continuous.restricted(game, stag, "cannot_block") is blocked
