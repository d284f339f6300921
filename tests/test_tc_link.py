"""【Link】 (docs/saga-rulings.md, "Link"): the keyword read by the importer and written in the vocabulary, the link
made when one of your spirits attacks, what it gives the attacker and what ends it, the "(While This Spirit is
Linked)" / "(When This Spirit Links)" frames and the Link phrases of templates/link.py, compiled and played.

The records and sentences are written for these tests in the shapes real cards use; none is a real card's text.
"""
from __future__ import annotations

import pytest

from bss_desktop.carddb.card_text import effect_text, keyword_text
from bss_desktop.carddb.effects import Condition, EffectSyntax, Keyword, Target, parse_condition, parse_effect, \
    parse_keyword, parse_target
from bss_desktop.carddb.importer import _map_keyword
from bss_desktop.carddb.text_compile import compile_effect, compile_sentence
from bss_desktop.engine import stats
from bss_desktop.engine.commands import Attack, Block, Choose, Pass, Summon, UseMagic
from helpers import answer, cids, first, imported_db, position, record, two_players

# ---------------------------------------------------------------- the records of these tests


def linker(n=4, *effects, ID="ZL-001", name="Test Linker", bp=2000, symbols=("white",), cost="5") -> dict:
    """A white spirit with 【Link: n】 (LV1 `bp`), and `effects` (community effects) after it."""
    return record(ID=ID, name=name, color=["White"], cost=cost, symbols=list(symbols), subType=["Sky Warden"],
                  core_requirements=[{"level": 1, "battlePoints": bp, "cores": 1}],
                  effects=[{"levels": [1], "condition": "N/A", "details": "N/A", "steps": [],
                            "keywords": [{"keyword_name": "Link", "keyword_modifier": n}]}, *effects])


def linked_effect(details: str, condition: str = "While This Spirit is Linked") -> dict:
    return {"levels": [1], "condition": condition, "keywords": [], "steps": [], "details": details}


def attacker(cost="5", bp=5000, ID="ZA-001") -> dict:
    """A red spirit with no effect: the one that attacks."""
    return record(ID=ID, name="Test Striker", cost=cost, core_requirements=[{"level": 1, "battlePoints": bp,
                                                                              "cores": 1}])


def game_of(db, p0: str, p1: str = "{life: 5, reserve: 3}", **kw):
    return position(two_players(p0, p1, step="attack", **kw), db=db)


def linked_game(*extra, link=4, striker_cost="5", p0_extra="", p1="{life: 5, reserve: 3}", linker_effects=()):
    db = imported_db(linker(link, *linker_effects), attacker(striker_cost), *extra)
    game = game_of(db, "{life: 5, reserve: 3, field: [ZA-001, ZL-001" + p0_extra + "], deck: [T-W0, T-W0, T-W0]}",
                   p1)
    striker, link_spirit = game.state.players[0].field[:2]
    return game, striker, link_spirit


def link_now(game, striker, link_spirit):
    """Attack with `striker` and link `link_spirit` with it (the choice 【Link】 asks)."""
    game.apply(Attack(0, striker))
    assert game.pending.kind == "choose" and game.pending.info["kind"] == "target"
    assert link_spirit in game.pending.info["options"]
    answer(game, [link_spirit])


# ---------------------------------------------------------------- Link-1: the keyword


def test_ruling_link_1_the_importer_reads_link_n_as_your_spirits_that_cost_n_or_more():
    kw, why = _map_keyword("Link", 4)
    assert kw == Keyword("link", condition=Target(side="you", cost_min=4)) and not why
    assert _map_keyword("Link", "5")[0].condition.cost_min == 5
    kw, why = _map_keyword("Link", "no number here")  # a modifier the importer can't read stays text
    assert kw is None and "Link" in why
    assert keyword_text(Keyword("link", condition=Target(side="you", cost_min=4))) == "【Link: 4】"


def test_ruling_link_1_the_vocabulary_reads_and_refuses_link_naming_the_field():
    kw = parse_keyword({"link": {"cost_min": 4}}, "keywords[0]")
    assert kw.condition.cost_min == 4 and kw.condition.side == "you"
    for bad, field in (("link", "keywords[0]"), ({"link": {"cost_min": -1}}, "keywords[0].link.cost_min"),
                       ({"link": {"bp": 3}}, "keywords[0].link.bp")):
        with pytest.raises(EffectSyntax) as e:
            parse_keyword(bad, "keywords[0]")
        assert e.value.field == field


def test_ruling_link_6_the_linked_words_are_read_and_refused_naming_the_field():
    assert parse_target("linked", "t").ref == "linked"
    assert parse_target({"side": "you", "linked": True, "all": True}, "t").linked is True
    assert parse_condition({"linked": True}, "c") == Condition(linked=True)
    for parse, bad, field in ((parse_target, {"linked": "yes"}, "t.linked"), (parse_condition, {"linked": 2}, "c.linked"),
                              (parse_target, "partner", "t")):
        with pytest.raises(EffectSyntax) as e:
            parse(bad, field.split(".")[0])
        assert e.value.field == field
    e = parse_effect({"kind": "triggered", "trigger": "when_links", "do": [{"refresh": "linked"}]}, "e",
                     card_type="spirit")
    assert e.trigger == "when_links"


def test_ruling_link_6_the_linked_words_are_written_back_as_english():
    grant = parse_effect({"kind": "constant", "condition": {"linked": True},
                          "do": [{"grant": {"target": "linked", "keyword": "curse"}}]}, "e", card_type="spirit")
    assert effect_text(grant) == "Constant: while this card is linked, the linked spirit gains 【Curse】."
    bp = parse_effect({"kind": "constant", "do": [{"bp": {"target": {"side": "you", "linked": True, "all": True},
                                                        "add": 2000}}]}, "e", card_type="nexus")
    assert effect_text(bp) == "Constant: All your linked spirits get +2000 BP."
    trig = parse_effect({"kind": "triggered", "trigger": "when_links", "do": [{"refresh": "linked"}]}, "e",
                        card_type="spirit")
    assert effect_text(trig).startswith("(When This Spirit Links)") and "the linked spirit" in effect_text(trig)


# ---------------------------------------------------------------- Link-2, 3: the link and the choice


def test_ruling_link_2_played_an_attack_offers_the_link_and_its_cost_exhausts_the_linking_spirit():
    game, striker, link_spirit = linked_game()
    game.apply(Attack(0, striker))
    assert game.pending.kind == "choose" and game.pending.info["options"] == [link_spirit]
    assert game.pending.info["min"] == 0 and game.pending.info["max"] == 1  # "you may": none is an answer
    events = answer(game, [link_spirit])
    assert game.state.battle.link == link_spirit and game.state.cards[link_spirit].exhausted
    (ev,) = [e for e in events if e.kind == "linked"]
    assert ev.data == {"player": 0, "card": link_spirit, "attacker": striker}


def test_ruling_link_2_the_computer_opponents_have_legal_commands_for_the_choice():
    game, striker, link_spirit = linked_game()
    game.apply(Attack(0, striker))
    legal = game.legal_commands()
    assert Choose(0, (link_spirit,)) in legal and Choose(0, ()) in legal


def test_ruling_link_2_declining_makes_no_link():
    game, striker, link_spirit = linked_game()
    game.apply(Attack(0, striker))
    answer(game, [])
    assert game.state.battle.link is None and not game.state.cards[link_spirit].exhausted
    assert stats.bp(game, striker) == 5000


def test_ruling_link_1_an_attacker_that_costs_less_than_n_is_not_offered_a_link():
    game, striker, link_spirit = linked_game(striker_cost="3")
    game.apply(Attack(0, striker))
    assert game.pending.kind != "choose" and game.state.battle.link is None


def test_ruling_link_2_an_exhausted_link_spirit_cannot_pay_and_is_not_offered():
    db = imported_db(linker(4), attacker())
    game = game_of(db, "{life: 5, reserve: 3, field: [ZA-001, {card: ZL-001, exhausted: true}]}")
    striker = game.state.players[0].field[0]
    game.apply(Attack(0, striker))
    assert game.pending.kind != "choose" and game.state.battle.link is None


def test_ruling_link_2_a_link_spirit_does_not_link_with_itself_nor_with_the_opponents_attack():
    db = imported_db(linker(0), attacker())
    game = game_of(db, "{life: 5, reserve: 3, field: [ZL-001]}", "{life: 5, reserve: 3, field: [ZL-001]}")
    game.apply(Attack(0, game.state.players[0].field[0]))  # alone: nothing to link with it
    assert game.pending.kind != "choose" and game.state.battle.link is None


def test_ruling_link_3_one_link_per_battle_one_choice_among_every_link_spirit():
    db = imported_db(linker(4), linker(3, ID="ZL-002", name="Second Linker"), attacker())
    game = game_of(db, "{life: 5, reserve: 3, field: [ZA-001, ZL-001, ZL-002]}")
    striker, one, two = game.state.players[0].field
    game.apply(Attack(0, striker))
    assert sorted(game.pending.info["options"]) == sorted([one, two])
    answer(game, [two])
    assert game.state.battle.link == two and game.pending.kind == "flash"  # nothing else asked
    assert not game.state.cards[one].exhausted


# ---------------------------------------------------------------- Link-4: BP and symbols


def test_ruling_link_4_played_the_linked_attacker_gains_the_bp_of_the_linking_spirit_in_its_battle():
    game, striker, link_spirit = linked_game(p1="{life: 5, reserve: 3, field: [{card: T-G4, cores: 3}]}")
    guard = game.state.players[1].field[0]  # 5000 BP at LV2
    link_now(game, striker, link_spirit)
    assert stats.bp(game, striker) == 7000 and stats.bp(game, link_spirit) == 2000
    game.apply(Pass(1))
    game.apply(Pass(0))
    game.apply(Block(1, guard))
    game.apply(Pass(1))
    game.apply(Pass(0))
    assert game.state.cards[guard].zone == "trash" and game.state.cards[striker].zone == "field"
    assert game.state.battle is None and stats.bp(game, striker) == 5000  # Link-5: over with the battle


def test_ruling_link_4_played_an_unblocked_linked_attack_reduces_life_by_both_spirits_symbols():
    game, striker, link_spirit = linked_game()
    link_now(game, striker, link_spirit)
    assert stats.symbols(game, striker) == (("red",), ("white",)) == game.symbols(striker)
    game.apply(Pass(1))
    game.apply(Pass(0))
    game.apply(Block(1, None))
    assert game.state.players[1].life == 3


# ---------------------------------------------------------------- Link-5: what ends it


def test_ruling_link_5_played_the_link_ends_when_the_linking_spirit_leaves_the_field():
    ruin = record(ID="ZM-001", name="Test Ruin", cardType="MAGIC", cost="0", core_requirements=[], effects=[
        {"levels": [], "condition": "N/A", "keywords": [], "steps": ["Flash"],
         "details": "Select one of your opponent's spirits and destroy it."}])
    game, striker, link_spirit = linked_game(ruin, p1="{life: 5, reserve: 3, hand: [ZM-001]}")
    link_now(game, striker, link_spirit)
    game.apply(UseMagic(1, game.state.players[1].hand[0]))
    answer(game, [link_spirit])
    assert game.state.cards[link_spirit].zone == "trash" and game.state.battle.link is None
    assert stats.bp(game, striker) == 5000 and stats.symbols(game, striker) == (("red",),)


# ---------------------------------------------------------------- Link-6: the frames and phrases, compiled


@pytest.mark.parametrize("text,ops", [
    ("The linked spirit gains Curse.", [{"grant": {"target": "linked", "keyword": "curse", "_duration": None}}]),
    ("The linked spirit gains Gale: 2.", [{"grant": {"target": "linked", "keyword": {"gale": 2}, "_duration": None}}]),
    ("Refresh the linked spirit.", [{"refresh": "linked"}]),
    ("All of your linked spirits gain 3000 BP.",
     [{"bp": {"target": {"side": "you", "linked": True, "all": True}, "add": 3000, "_duration": None}}]),
    ("Select one of your spirits with Link and refresh it.", [{"refresh": {"side": "you", "keyword": "link"}}]),
    ("You may summon a spirit card in your hand with Link that costs 3 or fewer without paying its cost.",
     [{"summon": {"target": {"keyword": "link", "cost_max": 3, "zone": "hand"}, "cores": "reserve"}, "may": True}]),
    ("If this spirit is linked, it gains Luster.",
     [{"grant": {"target": "it", "keyword": "luster", "_duration": None}, "if": {"linked": True}}]),
])
def test_ruling_link_6_compiled_phrases(text, ops):
    assert compile_sentence(text).ops == ops


def test_ruling_link_6_the_frames_while_linked_and_when_this_spirit_links():
    c = compile_effect("spirit", "While This Spirit is Linked", "The linked spirit gains Curse.")
    assert c.effect == {"kind": "constant", "condition": {"linked": True},
                        "do": [{"grant": {"target": "linked", "keyword": "curse"}}]}
    c = compile_effect("spirit", "When This Spirit Links", "You may exhaust one of your nexuses to refresh the "
                                                           "linked spirit.")
    assert c.effect == {"kind": "triggered", "trigger": "when_links", "cost": [{"exhaust": {"side": "you",
                                                                                           "type": "nexus"}}],
                        "optional": True, "do": [{"refresh": "linked"}]}


# ---------------------------------------------------------------- Link-6: played


def test_ruling_link_6_played_while_linked_the_linked_spirit_gains_a_keyword():
    game, striker, link_spirit = linked_game(linker_effects=[linked_effect("The linked spirit gains Curse.")])
    game.apply(Attack(0, striker))
    assert not game.has_keyword(striker, "curse")  # not linked yet
    answer(game, [link_spirit])
    assert game.has_keyword(striker, "curse") and not game.has_keyword(link_spirit, "curse")


def test_ruling_link_6_played_when_this_spirit_links_it_refreshes_the_linked_spirit_for_a_nexus():
    game, striker, link_spirit = linked_game(p0_extra=", T-NX", linker_effects=[linked_effect(
        "You may exhaust one of your nexuses to refresh the linked spirit.", "When This Spirit Links")])
    forge = first(game, 0, "T-NX")
    link_now(game, striker, link_spirit)
    assert game.state.cards[striker].exhausted
    while game.pending.kind == "choose":  # the cost: yes, that nexus
        answer(game, True if game.pending.info["kind"] == "may" else [forge])
    assert game.state.cards[forge].exhausted and not game.state.cards[striker].exhausted


def test_ruling_link_6_played_when_this_spirit_links_draw_a_card_only_when_it_links():
    game, striker, link_spirit = linked_game(linker_effects=[linked_effect("Draw a card.", "When This Spirit Links")])
    game.apply(Attack(0, striker))
    answer(game, [])
    assert game.state.players[0].hand == []
    game, striker, link_spirit = linked_game(linker_effects=[linked_effect("Draw a card.", "When This Spirit Links")])
    link_now(game, striker, link_spirit)
    assert cids(game, game.state.players[0].hand) == ["T-W0"]


def test_ruling_link_6_played_your_linked_spirits_gain_bp_and_only_the_linked_one():
    field = record(ID="ZN-001", name="Test Field", cardType="NEXUS", cost="0",
                   core_requirements=[{"level": 1, "cores": 0}], effects=[linked_effect(
                       "All of your linked spirits gain 3000 BP.", "During Your Attack Step")])
    game, striker, link_spirit = linked_game(field, p0_extra=", ZN-001")
    link_now(game, striker, link_spirit)
    assert stats.bp(game, striker) == 5000 + 3000 + 2000 and stats.bp(game, link_spirit) == 2000


def test_ruling_link_6_played_a_spirit_card_with_link_from_your_trash():
    finder = record(ID="ZF-001", name="Test Finder", effects=[linked_effect(
        "Select a spirit card with Link from your trash and return it to your hand.", "When Summoned")])
    db = imported_db(linker(4), finder)
    game = position(two_players("{life: 5, reserve: 3, hand: [ZF-001], trash: [T-R1, ZL-001]}",
                                "{life: 5, reserve: 3}"), db=db)
    game.apply(Summon(0, first(game, 0, "ZF-001", "hand")))
    while game.pending.kind == "choose":
        assert game.pending.info["kind"] != "target" or game.pending.info["options"] == [first(game, 0, "ZL-001",
                                                                                               "trash")]
        answer(game, True if game.pending.info["kind"] == "may" else game.pending.info["options"][:1])
    assert cids(game, game.state.players[0].hand) == ["ZL-001"]


# ---------------------------------------------------------------- the state: clone, hash, view, LAN


def test_ruling_link_state_is_cloned_and_hashed():
    game, striker, link_spirit = linked_game()
    game.apply(Attack(0, striker))
    before = game.state.hash()
    answer(game, [link_spirit])
    assert game.state.hash() != before and game.state.to_dict()["battle"]["link"] == link_spirit
    copy = game.clone()
    assert copy.state.battle.link == link_spirit and stats.bp(copy, striker) == 7000
    copy.state.battle.link = None
    assert game.state.battle.link == link_spirit


def test_ruling_link_the_view_shows_the_link_and_a_guest_refuses_a_malformed_one_naming_the_field():
    from bss_desktop.protocol.messages import MessageError, check_view
    from bss_desktop.protocol.redaction import SeatWindow

    game, striker, link_spirit = linked_game()
    seat = SeatWindow.for_game(game, 1)
    seat.events(game.apply(Attack(0, striker)))
    seat.events(answer(game, [link_spirit]))
    assert game.view(0)["battle"]["link"] == link_spirit
    view = seat.view(game)
    check_view(view)
    assert view["battle"]["link"] == seat.ref(link_spirit)
    for bad in ("x", None, view["battle"]["attacker"], 99999):
        hostile = {**view, "battle": {**view["battle"], "link": bad}}
        with pytest.raises(MessageError) as e:
            check_view(hostile)
        assert e.value.field == "view.battle.link"


# ---------------------------------------------------------------- Link-7: being linked; more "with Link" phrases


def test_ruling_link_7_played_when_this_spirit_is_linked_it_triggers_on_the_attacker():
    striker = record(ID="ZA-001", name="Test Striker", cost="5", core_requirements=[
        {"level": 1, "battlePoints": 5000, "cores": 1}], effects=[linked_effect(
            "When this spirit is linked, draw a card.", "While This Spirit Attacks")])
    db = imported_db(linker(4), striker)
    game = game_of(db, "{life: 5, reserve: 3, field: [ZA-001, ZL-001], deck: [T-W0, T-W0]}")
    s, link_spirit = game.state.players[0].field
    assert db["ZA-001"].effects[0].trigger == "when_linked"
    link_now(game, s, link_spirit)
    assert cids(game, game.state.players[0].hand) == ["T-W0"]


def test_ruling_link_7_played_when_one_of_your_family_spirits_is_linked_place_a_core_onto_it():
    field = record(ID="ZN-001", name="Test Field", cardType="NEXUS", cost="0",
                   core_requirements=[{"level": 1, "cores": 0}], effects=[linked_effect(
                       "When one of your Stoneback spirits is linked, place a core from the void onto it.",
                       "During Your Attack Step")])
    game, striker, link_spirit = linked_game(field, p0_extra=", ZN-001")
    cores = game.state.cards[striker].cores
    link_now(game, striker, link_spirit)
    assert game.state.cards[striker].cores == cores + 1 and game.state.cards[link_spirit].cores == 1


def test_cr_8_4_played_you_may_discard_a_spirit_card_with_link_to_draw():
    if not compile_sentence("You may discard one spirit card with Link to draw two cards.").ok:
        pytest.skip("a discard cost with filters is the deck family's template (templates/deck.py)")
    drawer = record(ID="ZD-001", name="Test Drawer", effects=[linked_effect(
        "You may discard one spirit card with Link to draw two cards.", "When Summoned")])
    db = imported_db(linker(4), drawer)
    game = position(two_players("{life: 5, reserve: 3, hand: [ZD-001, T-R1], deck: [T-W0, T-W0, T-W0]}",
                                "{life: 5, reserve: 3}"), db=db)
    game.apply(Summon(0, first(game, 0, "ZD-001", "hand")))
    assert game.pending.kind != "choose" and cids(game, game.state.players[0].hand) == ["T-R1"]  # none with Link
    game = position(two_players("{life: 5, reserve: 3, hand: [ZD-001, T-R1, ZL-001], deck: [T-W0, T-W0, T-W0]}",
                                "{life: 5, reserve: 3}"), db=db)
    game.apply(Summon(0, first(game, 0, "ZD-001", "hand")))
    answer(game, True)
    assert cids(game, game.state.players[0].trash) == ["ZL-001"]
    assert cids(game, game.state.players[0].hand) == ["T-R1", "T-W0", "T-W0"]


def test_cr_12_2_played_add_a_spirit_card_with_link_from_the_revealed_cards():
    if not compile_sentence("Add one spirit card with Link from the revealed cards to your hand.").ok:
        pytest.skip("a card taken from the revealed cards with filters is the deck family's template (templates/deck.py)")
    seer = record(ID="ZS-001", name="Test Seer", effects=[linked_effect(
        "Reveal the top three cards of your deck. Add one spirit card with Link from the revealed cards to your "
        "hand. Discard the remaining cards.", "When Summoned")])
    db = imported_db(linker(4), seer)
    game = position(two_players("{life: 5, reserve: 3, hand: [ZS-001], deck: [T-W0, T-R1, ZL-001, T-R3]}",
                                "{life: 5, reserve: 3}"), db=db)
    game.apply(Summon(0, first(game, 0, "ZS-001", "hand")))
    while game.pending.kind == "choose":
        answer(game, True if game.pending.info["kind"] == "may" else game.pending.info["options"][:1])
    assert cids(game, game.state.players[0].hand) == ["ZL-001"]
    assert sorted(cids(game, game.state.players[0].trash)) == ["T-R1", "T-W0"]  # the top three: the first three


def test_cr_10_13_played_this_spirit_cannot_attack_unless_you_control_a_spirit_with_link():
    from bss_desktop.engine.errors import IllegalCommand

    loner = record(ID="ZA-002", name="Test Loner", cost="4", effects=[linked_effect(
        "This spirit cannot attack unless you control a spirit with Link.", "During Your Attack Step")])
    db = imported_db(linker(4), loner)
    game = game_of(db, "{life: 5, reserve: 3, field: [ZA-002]}")
    with pytest.raises(IllegalCommand):
        game.apply(Attack(0, game.state.players[0].field[0]))
    game = game_of(db, "{life: 5, reserve: 3, field: [ZA-002, ZL-001]}")
    game.apply(Attack(0, game.state.players[0].field[0]))  # with a spirit with Link it may
    assert game.state.battle is not None


def test_ruling_link_6_played_when_this_spirit_links_while_linked_the_linked_spirit_gains_armor():
    c = compile_effect("spirit", "When This Spirit Links", "While linked, the linked spirit gains Armor: White.")
    assert c.effect == {"kind": "constant", "condition": {"linked": True},
                        "do": [{"grant": {"target": "linked", "keyword": {"armor": ["white"]}}}]}
    ruin = record(ID="ZM-001", name="Test Ruin", cardType="MAGIC", color=["White"], cost="0", core_requirements=[],
                  effects=[{"levels": [], "condition": "N/A", "keywords": [], "steps": ["Flash"],
                            "details": "Select one of your opponent's spirits and destroy it."}])
    game, striker, link_spirit = linked_game(ruin, p1="{life: 5, reserve: 3, hand: [ZM-001]}", linker_effects=[
        linked_effect("While linked, the linked spirit gains Armor: White.", "When This Spirit Links")])
    assert not game.keywords_of(striker, "armor")
    link_now(game, striker, link_spirit)
    assert [k.colors for k in game.keywords_of(striker, "armor")] == [("white",)]
    game.apply(UseMagic(1, game.state.players[1].hand[0]))  # a white effect of the opponent's: only the linker
    if game.pending.kind == "choose":
        assert game.pending.info["options"] == [link_spirit]
        answer(game, [link_spirit])
    assert game.state.cards[link_spirit].zone == "trash" and game.state.cards[striker].zone == "field"
    assert not game.keywords_of(striker, "armor")  # the link is over (Link-5), and the gain with it


def test_ruling_link_6_played_while_linked_when_your_opponent_blocks_refresh_this_spirit():
    c = compile_effect("spirit", "While This Spirit is Linked", "When your opponent blocks, refresh this spirit.")
    assert c.effect == {"kind": "triggered", "trigger": "your_spirit_blocked", "condition": {"linked": True},
                        "do": [{"refresh": "this"}]}
    game, striker, link_spirit = linked_game(p1="{life: 5, reserve: 3, field: [T-W0]}", linker_effects=[
        linked_effect("When your opponent blocks, refresh this spirit.")])
    wisp = game.state.players[1].field[0]
    link_now(game, striker, link_spirit)
    assert game.state.cards[link_spirit].exhausted  # the link's cost
    game.apply(Pass(1))
    game.apply(Pass(0))
    game.apply(Block(1, wisp))
    assert not game.state.cards[link_spirit].exhausted


def test_played_summon_a_spirit_card_with_link_and_if_you_summon_one_draw():
    caller = record(ID="ZC-001", name="Test Caller", effects=[linked_effect(
        "You may summon a spirit card with Link from your hand without paying its cost. If you summon a spirit "
        "with this effect, draw a card.", "When Summoned")])
    db = imported_db(linker(4), caller)
    for hand, summoned in (("[ZC-001, T-R1]", False), ("[ZC-001, T-R1, ZL-001]", True)):
        game = position(two_players(f"{{life: 5, reserve: 5, hand: {hand}, deck: [T-W0, T-W0]}}",
                                    "{life: 5, reserve: 3}"), db=db)
        game.apply(Summon(0, first(game, 0, "ZC-001", "hand")))
        while game.pending.kind == "choose":
            answer(game, True if game.pending.info["kind"] == "may" else game.pending.info["options"][:1])
        assert ("ZL-001" in cids(game, game.state.players[0].field)) == summoned
        assert cids(game, game.state.players[0].hand) == (["T-R1", "T-W0"] if summoned else ["T-R1"])


def test_ruling_link_the_linked_event_reaches_a_guest_aliased_and_a_malformed_one_is_refused_naming_the_field():
    from bss_desktop.gamelog import describe
    from bss_desktop.protocol.messages import MessageError, check_events
    from bss_desktop.protocol.redaction import SeatWindow

    game, striker, link_spirit = linked_game()
    seat = SeatWindow.for_game(game, 1)
    seat.events(game.apply(Attack(0, striker)))
    events = answer(game, [link_spirit])
    (ev,) = [e for e in events if e.kind == "linked"]
    assert "links with" in describe(game, ev, 0)
    shown = seat.events(events)
    check_events(shown)
    (linked,) = [e for e in shown if e["kind"] == "linked"]
    assert linked["card"] == seat.ref(link_spirit) and linked["attacker"] == seat.ref(striker)
    for field, bad in (("card", "x"), ("attacker", [1]), ("player", 7)):
        with pytest.raises(MessageError) as e:
            check_events([{**linked, field: bad}])
        assert e.value.field == f"events[0].{field}"


# ---------------------------------------------------------------- Link-8: regardless of link conditions


def test_ruling_link_8_the_link_directive_is_read_written_and_refused_naming_the_field():
    c = compile_effect("spirit", "When This Spirit Attacks",
                       "One spirit may link with this spirit regardless of its link conditions.")
    assert c.effect == {"kind": "triggered", "trigger": "when_attacks", "do": [{"link": "this"}]}
    e = parse_effect(c.effect, "e", card_type="spirit")
    assert effect_text(e) == ("(When Attacks) Link up to 1 of your spirits with 【Link】 to this card, ignoring its "
                              "【Link】 condition.")
    for bad in ({"side": "you"}, "it", "blocker"):
        with pytest.raises(EffectSyntax) as err:
            parse_effect({"kind": "triggered", "trigger": "when_attacks",
                          **({"do": [{"select": {"side": "you"}}, {"link": bad}]} if bad == "it" else
                             {"do": [{"link": bad}]})}, "e", card_type="spirit")
        assert err.value.field == ("e.do[1].link" if bad == "it" else "e.do[0].link")


def test_ruling_link_8_played_a_link_spirit_links_with_a_cheap_attacker_whatever_its_condition():
    small = record(ID="ZA-003", name="Test Small", cost="2", core_requirements=[
        {"level": 1, "battlePoints": 2000, "cores": 1}], effects=[linked_effect(
            "One spirit may link with this spirit regardless of its link conditions.", "When This Spirit Attacks")])
    db = imported_db(linker(5), small, attacker(cost="2", ID="ZA-004"))
    game = game_of(db, "{life: 5, reserve: 3, field: [ZA-003, ZL-001, ZA-004]}")
    s, link_spirit, plain = game.state.players[0].field
    game.apply(Attack(0, s))  # its 【Link: 5】 does not admit a cost-2 attacker: only the effect offers it
    assert game.pending.kind == "choose" and game.pending.info["options"] == [link_spirit]
    answer(game, [link_spirit])
    assert game.state.battle.link == link_spirit and game.state.cards[link_spirit].exhausted
    assert stats.bp(game, s) == 4000
    game = game_of(db, "{life: 5, reserve: 3, field: [ZA-003, ZL-001, ZA-004]}")
    game.apply(Attack(0, game.state.players[0].field[2]))  # the other cost-2 spirit has no such effect
    assert game.pending.kind != "choose" and game.state.battle.link is None


def test_ruling_link_8_played_all_of_your_family_spirits_may_link_regardless_of_their_link_cost_conditions():
    muse = record(ID="ZN-002", name="Test Muse", cardType="NEXUS", cost="0",
                  core_requirements=[{"level": 1, "cores": 0}], effects=[linked_effect(
                      "All of your Sky Warden spirits may link regardless of their link cost conditions.",
                      "During Your Attack Step")])
    db = imported_db(linker(5), muse, attacker(cost="2"))
    game = game_of(db, "{life: 5, reserve: 3, field: [ZA-001, ZL-001]}")
    game.apply(Attack(0, game.state.players[0].field[0]))
    assert game.pending.kind != "choose"  # 【Link: 5】 and a cost-2 attacker: no link
    game = game_of(db, "{life: 5, reserve: 3, field: [ZA-001, ZL-001, ZN-002]}")
    striker, link_spirit, _ = game.state.players[0].field
    game.apply(Attack(0, striker))
    assert game.pending.info["options"] == [link_spirit]  # the nexus waives the condition of its Sky Warden
    answer(game, [link_spirit])
    assert game.state.battle.link == link_spirit and stats.bp(game, striker) == 7000


def test_ruling_link_6_played_if_that_spirit_is_linked_it_cannot_be_blocked():
    text = ("Select a spirit. It gains 3000 BP during this turn. If that spirit is linked, it cannot be blocked by "
            "your opponent's spirits during this turn.")
    if compile_effect("magic", "N/A", text, steps=["Main", "Flash"]).effect is None:  # manual, never wrong
        # a condition on the selected card ("it") is another family's word; with `linked` among its filters it plays
        pytest.skip("the vocabulary has no condition 'the selected card is linked' (Condition.it with linked)")
    coat = record(ID="ZM-002", name="Test Coat", cardType="MAGIC", cost="0", core_requirements=[], effects=[
        {"levels": [], "condition": "N/A", "keywords": [], "steps": ["Main", "Flash"], "details": text}])
    for linked in (False, True):
        game, striker, link_spirit = linked_game(coat, p0_extra="], hand: [ZM-002",
                                                 p1="{life: 5, reserve: 3, field: [T-W0]}")
        game.apply(Attack(0, striker))
        answer(game, [link_spirit] if linked else [])
        game.apply(Pass(1))
        game.apply(UseMagic(0, game.state.players[0].hand[0]))
        while game.pending.kind == "choose":
            answer(game, True if game.pending.info["kind"] == "may" else [striker])
        assert stats.bp(game, striker) == 5000 + 3000 + (2000 if linked else 0)
        game.apply(Pass(1))
        game.apply(Pass(0))
        assert [c for c in game.legal_commands() if isinstance(c, Block) and c.spirit is not None] == (
            [] if linked else [Block(1, game.state.players[1].field[0])])
