"""Shapes found wrong by playing every newly automated real card against its text (issue 28), each fixed where it
occurs and checked here from its rule. The sentences and records are written for these tests; none is a real
card's."""
from __future__ import annotations

import pytest

from bss_desktop.carddb.effects import EffectSyntax, parse_effect
from bss_desktop.carddb.text_compile import compile_effect
from bss_desktop.engine.commands import Attack, Block, Pass
from helpers import answer, imported_db, position, record, two_players


# ---------------------------------------------------------------- "you may select X. Destroy it and ..." (CR 8-4-1)

OPTIONAL = "You may select one of your Stoneback spirits. Destroy it and place a core from the void onto this spirit."


def test_cr_8_4_1_compiled_the_part_beside_it_follows_what_was_done_to_it():
    r = compile_effect("spirit", "When Summoned", OPTIONAL, [], families=("Stoneback",))
    assert r.effect["do"] == [{"select": {"side": "you", "family": "Stoneback"}, "may": True}, {"destroy": "it"},
                              {"core_charge": {"target": "this", "count": 1}, "if_done": True}]


def _optional_game(field: str):
    db = imported_db(record(ID="ZR-001", name="Test Hungry Spirit", cost="3",
                            effects=[{"levels": [1, 2], "condition": "When Summoned", "keywords": [], "steps": [],
                                      "details": OPTIONAL}]), record())
    return position(two_players(f"{{life: 5, reserve: 6, hand: [ZR-001], field: {field}}}", "{life: 5, reserve: 3}"),
                    db=db)


def test_cr_8_4_1_played_declining_the_selection_places_no_core():
    from bss_desktop.engine.commands import Summon

    game = _optional_game("[ZT-001]")
    game.apply(Summon(0, game.state.players[0].hand[0]))
    while game.pending is not None and game.pending.kind == "choose":
        info = game.pending.info
        if info.get("kind") == "may" or "may" in str(info.get("prompt", "")):
            answer(game, False if info.get("kind") == "may" else [])
        else:
            answer(game, info["options"][: max(1, info.get("min", 1))])
    st = game.state
    me = next(i for i in st.players[0].field if st.cards[i].cid == "ZR-001")
    stone = next(i for i in st.cards if st.cards[i].cid == "ZT-001")
    assert st.cards[stone].zone == "field"  # not destroyed
    assert st.cards[me].cores == 1  # only its LV1 core: no core from the void


# ---------------------------------------------------------------- "when this spirit destroys ..., ... onto it"

def test_cr_7_1_5_2_1_cores_onto_it_after_destroying_a_spirit_go_onto_this_spirit():
    """The destroyed spirit is in the trash (CR 9-3), where no core goes: "it" is this spirit."""
    r = compile_effect("spirit", "While This Spirit Attacks", "When this spirit destroys one of your opponent's "
                       "spirits via comparing BP, place two cores from the void onto it.", [])
    assert r.effect["trigger"] == "when_wins_battle"
    assert r.effect["do"] == [{"core_charge": {"target": "this", "count": 2}}]


def test_cr_7_1_5_2_1_played_the_winner_gets_the_cores():
    db = imported_db(record(ID="ZR-002", name="Test Winner", cost="3",
                            core_requirements=[{"level": 1, "battlePoints": 5000, "cores": 1}],
                            effects=[{"levels": [1], "condition": "While This Spirit Attacks", "keywords": [],
                                      "steps": [], "details": "When this spirit destroys one of your opponent's "
                                      "spirits via comparing BP, place two cores from the void onto it."}]))
    game = position(two_players("{life: 5, reserve: 3, field: [ZR-002]}", "{life: 5, reserve: 3, field: [T-R1]}",
                                step="attack"), db=db)
    me, pup = game.state.players[0].field[0], game.state.players[1].field[0]
    game.apply(Attack(0, me))
    game.apply(Pass(1))
    game.apply(Pass(0))
    game.apply(Block(1, pup))
    game.apply(Pass(1))
    game.apply(Pass(0))
    while game.pending is not None and game.pending.kind == "choose":
        answer(game, game.pending.info["options"][: max(1, game.pending.info.get("min", 1))])
    assert game.state.cards[pup].zone == "trash"
    assert game.state.cards[me].cores == 3  # 1 + 2 from the void


# ---------------------------------------------------------------- a label printed as its own entry (CR 8-1-4-1)

def _split_nexus() -> dict:
    return record(ID="ZR-003", name="Test Split Nexus", cardType="NEXUS", cost="3", reduction=[],
                  core_requirements=[{"level": 1, "cores": 0}, {"level": 2, "cores": 2}],
                  effects=[{"levels": [1, 2], "condition": "During Opponent's Attack Step", "keywords": [],
                            "steps": [], "details": "N/A"},
                           {"levels": [], "condition": "N/A", "keywords": [], "steps": ["Flash"],
                            "details": "You may destroy this nexus to draw two cards."}])


def test_cr_8_1_4_1_a_label_alone_in_an_entry_labels_the_next_entry():
    card = imported_db(_split_nexus())["ZR-003"]
    (e,) = card.effects
    assert e.kind == "activated" and e.condition.step == "attack" and e.condition.your_turn is False


def test_cr_8_1_4_1_played_the_flash_is_not_offered_in_your_own_attack_step():
    from bss_desktop.engine.commands import Activate

    db = imported_db(_split_nexus())
    game = position(two_players("{life: 5, reserve: 3, field: [T-G4, ZR-003]}", "{life: 5, reserve: 3}",
                                step="attack"), db=db)
    game.apply(Attack(0, game.state.players[0].field[0]))
    game.apply(Pass(1))  # my own flash window: the nexus's effect is for the opponent's attack step
    assert not any(isinstance(c, Activate) for c in game.legal_commands())


def test_hostile_a_label_entry_last_or_before_a_labelled_entry_changes_nothing():
    rec = record(ID="ZR-004", name="Test Trailing Label", cardType="NEXUS", cost="3", reduction=[],
                 core_requirements=[{"level": 1, "cores": 0}, {"level": 2, "cores": 2}],
                 effects=[{"levels": [1], "condition": "When Summoned", "keywords": [], "steps": [],
                           "details": "Draw a card."},
                          {"levels": [2], "condition": "During Your Main Step", "keywords": [], "steps": [],
                           "details": "N/A"}])
    card = imported_db(rec)["ZR-004"]
    assert [e.trigger for e in card.effects] == ["when_summoned"]
    rec = {**rec, "effects": [rec["effects"][1], {**rec["effects"][0], "levels": [1, 2]}]}
    card = imported_db(rec)["ZR-004"]
    assert [e.trigger for e in card.effects] == ["when_summoned"]  # its own label kept, not the one before


# ---------------------------------------------------------------- a later selection the next sentence acts on

def test_a_selection_inside_during_this_turn_that_the_next_sentence_acts_on_stays_manual():
    r = compile_effect("spirit", "When Summoned", "During this turn, when one of your Stoneback spirits is "
                       "destroyed by your opponent, select one of your opponent's spirits. Reduce its BP by 2000 "
                       "during this turn.", [], families=("Stoneback",))
    assert r.effect is None and "inside 'during this turn" in r.why


# ---------------------------------------------------------------- "all spirits with N or less BP cannot attack"

def test_cr_8_2_2_2_a_resolved_restriction_names_its_spirits_as_it_resolves():
    """docs/saga-rulings.md, Other phrases: "spirits with N or less BP cannot attack during this turn", used in a
    flash window, names the spirits with N or less BP then: the weak one cannot attack later this turn, the strong
    one (already attacking) was not named."""
    from bss_desktop.engine.commands import UseMagic

    db = imported_db(record(ID="ZR-005", name="Test Weak Halt", cardType="MAGIC", cost="0", reduction=[],
                            symbols=[], core_requirements=[], subType=[],
                            effects=[{"levels": [], "condition": "Flash", "keywords": [], "steps": [],
                                      "details": "Your opponent's spirits with 1000 or fewer BP cannot attack "
                                                 "during this turn."}]))
    game = position(two_players("{life: 5, reserve: 3, field: [T-R1, T-G4]}",
                                "{life: 5, reserve: 3, hand: [ZR-005]}", step="attack"), db=db)
    pup, stag = game.state.players[0].field
    game.apply(Attack(0, stag))
    game.apply(UseMagic(1, game.state.players[1].hand[0]))  # in the attack's flash window
    (grant,) = [g for g in game.state.grants if g.what == "cannot_attack"]
    assert set(grant.targets) == {pup}  # named as it resolved: 1000 BP, not the 4000 BP one
    game.apply(Pass(0))
    game.apply(Pass(1))
    game.apply(Block(1, None))
    while game.pending.kind != "attack":
        game.apply(next(c for c in game.legal_commands() if isinstance(c, Pass)))
    assert not any(isinstance(c, Attack) and c.spirit == pup for c in game.legal_commands())


# ---------------------------------------------------------------- hostile: the words added for the tail

_HUGE = 10**9


@pytest.mark.parametrize("effect", [
    {"kind": "triggered", "trigger": "when_summoned", "do": [{"feast": _HUGE}]},
    {"kind": "triggered", "trigger": "when_summoned",
     "do": [{"feast": {"count": _HUGE, "for_each": {"cards": {"side": "you"}}}}]},
    {"kind": "triggered", "trigger": "when_summoned",
     "do": [{"select": {"side": "opponent", "for_each": {"cards": {"side": "you"}}, "count": _HUGE}}]},
    {"kind": "triggered", "trigger": "when_summoned", "do": [{"mill": {"count": _HUGE, "side": "opponent"}}]},
    {"kind": "triggered", "trigger": "opponent_effect_mills_you", "count": _HUGE, "do": [{"draw": 1}]},
    {"kind": "triggered", "trigger": "when_summoned", "do": [{"core_remove": {"target": "it", "up_to": _HUGE}}]},
    {"kind": "triggered", "trigger": "when_summoned", "do": [{"draw": 1}],
     "chain": [{"color": "red", "do": [{"draw": 1}]}] * 100},
])
def test_hostile_a_short_definition_with_a_huge_count_is_refused(effect):
    """A 300-byte card definition (a set file, or a card a LAN peer sends) cannot make the engine loop 10**9 times:
    every count the new words read is bounded, and the chains of one effect at six."""
    with pytest.raises(EffectSyntax):
        parse_effect(effect, "e", card_type="spirit")
