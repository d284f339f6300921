"""Card names printed without quotation marks (docs/saga-rulings.md "Card names without quotation marks", N-1):
normalise.py reads a name the import knows as a name placeholder, the `name_is` filter (CR 2-1), and the
templates that name a card.

The sentences, names and records are written for these tests in the templates real card text uses; none is a real
card's text or name.
"""
from __future__ import annotations

import json
import time

import pytest
import yaml

from bss_desktop.carddb.card_text import effect_text
from bss_desktop.carddb.errors import CardDataError
from bss_desktop.carddb.importer import _names_of, convert_record, import_cards
from bss_desktop.carddb.schema import card_from_dict, card_to_dict
from bss_desktop.carddb.text_compile import CardNames, compile_effect, compile_sentence
from bss_desktop.carddb.text_compile.normalise import normalise
from bss_desktop.engine.commands import EndMain, Summon, UseMagic
from helpers import answer, cids, first, position, record, test_db, two_players

FAMILIES = ("Stoneback", "Sky Warden", "EMBER")
NAMES = CardNames([("Ember Haven", "NEXUS"), ("Ember Haven Keeper", "spirit"), ("Stone Pup", "spirit"), "Sky Warden",
                   ("Ashen Gate -Last Light-", "nexus"), ("Quake", "magic"), "Sky Warden Relic"])


def ops(sentence: str):
    s = compile_sentence(sentence, FAMILIES, NAMES)
    assert s.ok, s.why
    return s.ops


def why(sentence: str) -> str:
    s = compile_sentence(sentence, FAMILIES, NAMES)
    assert not s.ok, s.ops
    return s.why


def compiled(text: str, card_type: str = "magic", condition: str = "Main") -> dict:
    r = compile_effect(card_type, condition, text, families=FAMILIES, names=NAMES)
    assert r.automated, r.why
    return r.effect


def magic(details: str, **fields) -> dict:
    return record(**{"effects": [{"levels": [1, 2], "condition": "N/A", "keywords": [], "steps": ["Main", "Flash"],
                                  "details": details}], "cardType": "MAGIC", "name": "Test Magic",
                     "ID": "ZT-009", "core_requirements": [], **fields})


HAVEN = record(ID="ZT-050", name="Ember Haven", cardType="NEXUS", subType=["EMBER"],
               core_requirements=[{"level": 1, "cores": 0}, {"level": 2, "cores": 2}])
KEEPER = record(ID="ZT-051", name="Ember Haven Keeper", subType=["EMBER"])  # a longer name that holds the first


def named_db(*records):
    """The test pool plus these records, imported as `import-cards` does: every card name of the import known to
    the text compiler (importer._names_of), each effect automated."""
    db = test_db().copy()
    names = _names_of([("(test)", i, r) for i, r in enumerate(records)], db)
    for rec in records:
        data, set_id, _, _ = convert_record(rec, FAMILIES, known_names=names)
        card = card_from_dict(data, file="(test)", set_id=set_id)
        assert not any(e.manual for e in card.effects), [e.text for e in card.effects]
        db.add(card, source="(test)")
    return db


def game_of(db, p0: str, p1: str = "{life: 5, reserve: 3}", **kw):
    return position(two_players(p0, p1, **kw), db=db)


def use(game, cid: str = "ZT-009"):
    return game.apply(UseMagic(0, first(game, 0, cid, "hand")))


def hand(game) -> list[str]:
    return cids(game, game.state.players[0].hand)


def trash(game) -> list[str]:
    return cids(game, game.state.players[0].trash)


def deck(game) -> list[str]:
    return cids(game, game.state.players[0].deck[::-1])


# ---------------------------------------------------------------- normalise: which words are a name (ruling N-1)


def test_ruling_n_1_a_known_name_without_quotes_becomes_a_name_placeholder():
    n = normalise("Reveal one Ember Haven from the cards you viewed.", FAMILIES, NAMES)
    assert n.text == "reveal 1 q0 from the cards you viewed" and n.quoted == ["Ember Haven"] and n.names == {0: "nexus"}


def test_ruling_n_1_the_longest_name_wins_and_only_the_whole_name_matches():
    assert normalise("a Ember Haven Keeper card", (), NAMES).quoted == ["Ember Haven Keeper"]
    n = normalise("a Ember Havens card", (), NAMES)  # no name ends inside a word
    assert n.quoted == [] and n.text == "a ember havens card"


def test_ruling_n_1_names_match_with_their_case_words_of_another_case_stay_words():
    assert normalise("select a stone pup", (), NAMES).quoted == []
    assert normalise("Use Quake.", (), NAMES).quoted == ["Quake"]
    # a one-word name as the sentence's first word may be an ordinary word: it stays one
    assert normalise("Quake spreads.", (), NAMES).quoted == []


def test_ruling_n_1_a_family_of_the_same_name_wins_and_a_longer_name_beats_a_family():
    n = normalise("your Sky Warden spirits", FAMILIES, NAMES)
    assert n.families == ["Sky Warden"] and n.quoted == []
    n = normalise("if you control an Ember nexus", FAMILIES, NAMES)
    assert n.families == ["Ember"] and n.quoted == []
    n = normalise("if you control an Ember Haven", FAMILIES, NAMES)
    assert n.families == [] and n.quoted == ["Ember Haven"]


def test_ruling_n_1_a_quoted_known_name_is_a_name_and_other_quoted_words_are_not():
    n = normalise('Select a "Stone Pup" with a "Soul Core" on it.', FAMILIES, NAMES)
    assert n.quoted == ["Stone Pup", "Soul Core"] and n.names == {0: "spirit"}


def test_ruling_n_1_names_with_punctuation_match_as_printed():
    n = normalise("if you have no Ashen Gate -Last Light- nexuses", FAMILIES, NAMES)
    assert n.quoted == ["Ashen Gate -Last Light-"] and n.text == "if you have no q0 nexuses"


# ---------------------------------------------------------------- hostile name lists


def test_hostile_names_regex_metacharacters_empty_and_letterless_names_are_plain_text():
    names = CardNames(["", "   ", ".", "(", ".*", "[a-z]+", "a", "(Stone) Pup+", "x" * 5000, None, 3, "Stone Pup"])
    n = normalise("Select a Stone Pup. Then (Stone) Pup+ runs.", (), names)
    assert n.quoted == ["Stone Pup", "(Stone) Pup+"]  # as plain text, never as a pattern
    assert "x" * 5000 not in names and "" not in names and "." not in names and len(names) == 3
    assert normalise("a card. (or two) [a-z]", (), names).text == "a card. (or 2) [a-z]"


def test_hostile_names_a_string_instead_of_a_list_is_no_names():
    assert len(CardNames("Stone Pup")) == 0


def test_hostile_names_a_huge_list_is_indexed_once_and_reads_fast():
    huge = [f"Name {i} of Many" for i in range(200_000)] + ["Stone Pup"]
    t0 = time.perf_counter()
    names = CardNames(huge)
    s = compile_sentence("Select a Stone Pup from your trash and return it to your hand.", FAMILIES, names)
    for _ in range(200):
        normalise("Select one of your opponent's spirits with 3000 or fewer BP and destroy it.", FAMILIES, names)
    assert time.perf_counter() - t0 < 20
    assert s.ok and s.ops[0]["bounce"]["name_is"] == "Stone Pup"


def test_hostile_names_an_import_whose_records_have_odd_names_imports(tmp_path):
    src = tmp_path / "in"
    src.mkdir()
    recs = [record(ID="ZT-060", name="(*"), record(ID="ZT-061", name="."),
            magic("Select a (* from your trash and return it to your hand.", ID="ZT-062")]
    (src / "cards.json").write_text(json.dumps(recs))
    report = import_cards(src, tmp_path / "out", write=True)
    assert not report.refused


# ---------------------------------------------------------------- the name filter (CR 2-1)


def test_cr_2_1_a_card_name_sentences():
    assert ops("Reveal one Ember Haven from the cards you viewed and add it to your hand.") == [
        {"_take": {"type": "nexus", "name_is": "Ember Haven", "count": 1}}]
    assert ops("Then, select an Ember Haven from your trash and return it to your hand.") == [
        {"bounce": {"side": "you", "type": "nexus", "name_is": "Ember Haven", "zone": "trash"}, "_then": True}]
    # a name the import knows no type of: a card of any type of that name
    assert ops("Select a Sky Warden Relic from your trash and return it to your hand.") == [
        {"bounce": {"side": "you", "type": "any", "name_is": "Sky Warden Relic", "zone": "trash"}}]
    # "other than <Name>" as before, the name now a placeholder
    assert ops("Add one Stoneback card other than Stone Pup from the revealed cards to your hand.") == [
        {"_take": {"family": "Stoneback", "type": "any", "count": 1, "name_not": "Stone Pup"}}]


def test_cr_2_1_a_quoted_word_that_is_no_known_card_name_is_no_card():
    assert "no card name" in why('Select a "Soul Core" from your trash and return it to your hand.')
    assert "no card name" in why('Add one card other than "Blue Moon" from the revealed cards to your hand.')


def test_cr_2_1_the_whole_effect_compiles_with_a_name():
    e = compiled("View the top four cards of your deck. Reveal one Ember Haven from the cards you viewed and add it "
                 "to your hand. Return the remaining cards to the bottom of your deck in any order.")
    assert e["do"] == [{"search": {"look": 4, "reveal": False,
                                   "take": {"type": "nexus", "name_is": "Ember Haven", "count": 1},
                                   "rest": "bottom"}}]


def test_cr_2_1_played_reveal_a_card_of_that_name_from_the_cards_you_viewed():
    db = named_db(HAVEN, KEEPER, magic("View the top four cards of your deck. Reveal one Ember Haven from the cards "
                                       "you viewed and add it to your hand. Return the remaining cards to the bottom "
                                       "of your deck in any order."))
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-009], deck: [ZT-051, ZT-050, T-NX, T-G4]}")
    use(game)
    haven = first(game, 0, "ZT-050", "deck")
    assert game.pending.info["options"] == [haven]  # the Keeper's name holds the Haven's, it is not the Haven
    answer(game, [haven])
    while game.pending.kind == "choose":
        answer(game, [game.pending.info["options"][0]])
    assert hand(game) == ["ZT-050"] and sorted(deck(game)) == ["T-G4", "T-NX", "ZT-051"]


def test_cr_2_1_played_select_a_card_of_that_name_from_your_trash():
    db = named_db(HAVEN, KEEPER, magic("Select an Ember Haven from your trash and return it to your hand."))
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-009], trash: [ZT-051, ZT-050, T-NX]}")
    use(game)
    if game.pending.kind == "choose":
        assert game.pending.info["options"] == [first(game, 0, "ZT-050", "trash")]
        answer(game, game.pending.info["options"])
    assert hand(game) == ["ZT-050"] and sorted(trash(game)) == ["T-NX", "ZT-009", "ZT-051"]


def test_cr_2_1_played_other_than_a_name_the_import_knows():
    db = named_db(record(ID="ZT-002", name="Stone Pup"), record(ID="ZT-003", name="Stone Pup Elder"),
                  magic("Reveal the top three cards of your deck. Add one Stoneback card other than Stone Pup from "
                        "the revealed cards to your hand. Discard the remaining cards."))
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-009], deck: [ZT-002, ZT-003, T-R1, T-W0]}")
    use(game)
    assert hand(game) == ["ZT-003"] and sorted(trash(game)) == ["T-R1", "ZT-002", "ZT-009"]


# ---------------------------------------------------------------- the vocabulary word name_is


@pytest.mark.parametrize("value", ["", "  ", 3, ["Stone Pup"], None])
def test_name_is_malformed_is_refused_naming_the_field(value):
    card = {"id": "X-1", "name": "X", "type": "magic", "colors": ["red"], "cost": 1, "timing": ["main"],
            "effects": [{"kind": "magic", "timing": ["main"], "do": [{"recover": {"name_is": value}}]}]}
    with pytest.raises(CardDataError) as e:
        card_from_dict(card, file="x.yaml", set_id="X")
    assert "do[0].recover.name_is" in str(e.value.field)


def test_name_is_round_trips_and_reads_as_english():
    card = {"id": "X-1", "name": "X", "type": "magic", "colors": ["red"], "cost": 1, "timing": ["main"],
            "effects": [{"kind": "magic", "timing": ["main"],
                         "do": [{"recover": {"type": "nexus", "side": "you", "name_is": "Ember Haven"}}]}]}
    c = card_from_dict(card)
    d = card_to_dict(c)
    assert d["effects"][0]["do"] == card["effects"][0]["do"]
    assert card_from_dict(yaml.safe_load(yaml.safe_dump(d))) == c
    assert 'the card name "Ember Haven"' in effect_text(c.effects[0], c)


# ---------------------------------------------------------------- a revealed card onto the field (CR 12-2, 10-7)


def test_cr_12_2_a_revealed_card_onto_the_field_sentences():
    assert ops("Place an Ember Haven from the revealed cards without paying its cost.") == [
        {"_take": {"type": "nexus", "name_is": "Ember Haven", "count": 1},
         "_search": {"to": "field", "cores": "reserve"}}]
    assert ops("Summon a spirit card with 3000 BP or less from among the revealed cards without paying its cost.") == [
        {"_take": {"count": 1, "bp_max": 3000}, "_search": {"to": "field", "cores": "reserve"}}]  # spirits: to: field
    assert ops("Summon up to 2 spirit cards from among the revealed cards without paying its cost.") == [
        {"_take": {"up_to": 2}, "_search": {"to": "field", "cores": "reserve"}}]


@pytest.mark.parametrize("sentence, words", [
    ("Place a card from the revealed cards without paying its cost.", "only spirit and nexus cards"),
    ("Place a Quake from the revealed cards without paying its cost.", "only spirit and nexus cards"),
])
def test_a_revealed_card_onto_the_field_it_cannot_say_stays_manual(sentence, words):
    assert words in why(sentence)


def test_cr_10_7_played_place_a_card_of_that_name_from_the_revealed_cards_without_paying_its_cost():
    db = named_db(HAVEN, KEEPER, magic("Reveal the top three cards of your deck. Place an Ember Haven from the "
                                       "revealed cards without paying its cost. Return the remaining cards to the "
                                       "bottom of your deck in any order."))
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-009], deck: [ZT-051, ZT-050, T-NX, T-G4]}")
    use(game)
    while game.pending.kind == "choose":  # only the order of the rest under the deck is asked
        assert set(cids(game, game.pending.info["options"])) <= {"T-NX", "ZT-051"}
        answer(game, [game.pending.info["options"][0]])
    assert cids(game, game.state.players[0].field) == ["ZT-050"]  # placed, its cost unpaid (CR 10-7)
    assert game.state.players[0].reserve == 3 and sorted(deck(game)[1:]) == ["T-NX", "ZT-051"]


def test_cr_10_6_7_played_summon_a_card_of_that_name_from_the_revealed_cards_its_cores_from_the_reserve():
    db = named_db(KEEPER, magic("Reveal the top two cards of your deck. Summon an Ember Haven Keeper from the "
                                "revealed cards without paying its cost. Discard the remaining cards."))
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-009], deck: [T-R1, ZT-051, T-G4]}")
    use(game)
    while game.pending.kind == "choose":
        answer(game, game.pending.info["options"][:game.pending.info.get("min", 1) or 1])
    keeper = first(game, 0, "ZT-051", "field")
    assert game.state.cards[keeper].cores >= 1  # its LV1 core from the reserve (CR 10-6-7)
    assert game.state.players[0].reserve == 3 - game.state.cards[keeper].cores
    assert sorted(trash(game)) == ["T-R1", "ZT-009"]


# ---------------------------------------------------------------- "for every <Name> you control" (CR 2-1, 8-5-6)


def test_cr_2_1_for_every_card_of_that_name_you_control_sentences():
    assert ops('Place three cores from your trash that are not a "Soul Core" onto this spirit for every Ember '
               "Haven you control.") == [
        {"core_charge": {"target": "this", "count": 3, "from": "trash", "soul_core": False,
                         "for_each": {"cards": {"side": "you", "type": "nexus", "name_is": "Ember Haven"}}}}]
    assert ops("All of your spirits gain 1000 BP for each Stone Pup you control.")[0]["bp"]["for_each"] == {
        "cards": {"side": "you", "type": "spirit", "name_is": "Stone Pup"}}
    assert "no spirit or nexus" in why("All of your spirits gain 1000 BP for each Quake you control.")


def test_cr_6_7_1_played_at_the_start_of_the_step_cores_from_your_trash_for_every_card_of_that_name():
    spirit = record(ID="ZT-001", effects=[{"levels": [1, 2], "condition": "During Your Attack Step", "keywords": [],
                                           "steps": [], "details": 'At the start of the step, place one core from '
                                           'your trash that is not a "Soul Core" onto this spirit for every Ember '
                                           "Haven you control."}])
    db = named_db(HAVEN, KEEPER, spirit)
    for field, moved in (("[ZT-001, ZT-050, ZT-050, ZT-051]", 2), ("[ZT-001, ZT-051]", 0)):
        game = game_of(db, f"{{life: 5, reserve: 0, trash_cores: 5, soul_core: trash, field: {field}}}")
        me = first(game, 0, "ZT-001")
        before = game.state.cards[me].cores
        game.apply(EndMain(0))  # the attack step starts
        p0 = game.state.players[0]
        assert game.state.cards[me].cores - before == moved and p0.trash_cores == 5 - moved  # one per Haven
        assert p0.soul == "trash"  # never the soul core


# ---------------------------------------------------------------- "<Name> nexuses", "if you control a <Name>"


def test_cr_2_1_name_before_the_kind_and_control_of_a_name_sentences():
    assert ops("You may exhaust one of your Ember Haven nexuses to draw a card.") == [
        {"_cost": {"exhaust": {"side": "you", "type": "nexus", "name_is": "Ember Haven"}}}, {"draw": 1}]
    assert ops("Destroy all of your opponent's Ember Haven nexuses.") == [
        {"destroy": {"type": "nexus", "name_is": "Ember Haven", "all": True}}]
    assert ops("If you control an Ember Haven, draw a card.") == [
        {"draw": 1, "if": {"control": {"side": "you", "type": "nexus", "name_is": "Ember Haven"}}}]
    assert ops("If you control 2 Ember Haven, draw a card.")[0]["if"]["control_min"] == 2
    assert "a nexus card name called a spirit" in why("You may exhaust one of your Ember Haven spirits to draw a "
                                                      "card.")
    assert "no spirit or nexus" in why("If you control a Quake, draw a card.")


def test_cr_8_3_3_if_you_control_then_a_trigger_written_first_sentence():
    assert ops("If you control an Ember Haven, when this spirit's attack reduces your opponent's life, draw a "
               "card.") == [{"_trigger": {"trigger": "when_attack_reduces_life"}},
                            {"draw": 1, "if": {"control": {"side": "you", "type": "nexus", "name_is": "Ember Haven"}}}]
    # a family's nexus, as timing.py's "if ..., refresh it when ..." reads its condition
    assert ops("If you control an Ember nexus, when this spirit's attack reduces your opponent's life, draw a "
               "card.")[1]["if"] == {"control": {"side": "you", "type": "nexus", "family": "Ember"}}


def test_cr_8_3_3_played_if_you_control_a_card_of_that_name_when_this_spirits_attack_reduces_life():
    from bss_desktop.engine.commands import Attack, Block, Pass
    spirit = record(ID="ZT-001", effects=[{"levels": [1, 2], "condition": "N/A", "keywords": [], "steps": [],
                                           "details": "If you control an Ember Haven, when this spirit's attack "
                                                      "reduces your opponent's life, draw a card."}])
    db = named_db(HAVEN, KEEPER, spirit)
    for field, drawn in (("[ZT-001, ZT-050]", 1), ("[ZT-001, ZT-051]", 0)):
        game = game_of(db, f"{{life: 5, reserve: 3, field: {field}, deck: [T-R1, T-W0]}}", step="attack")
        game.apply(Attack(0, first(game, 0, "ZT-001")))
        game.apply(Pass(1))
        game.apply(Pass(0))
        game.apply(Block(1, None))
        while game.pending.kind == "choose":
            answer(game, True)
        assert game.state.players[1].life == 4 and len(hand(game)) == drawn


def test_cr_8_4_played_exhaust_one_of_your_name_nexuses_as_a_cost():
    db = named_db(HAVEN, KEEPER, magic("You may exhaust one of your Ember Haven nexuses to draw a card."))
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-009], field: [ZT-051, ZT-050], deck: [T-R1, T-W0]}")
    use(game)
    while game.pending.kind == "choose":
        info = game.pending.info
        if info.get("kind") == "may":
            answer(game, True)
        else:
            assert cids(game, info["options"]) == ["ZT-050"]  # the Keeper is no Haven
            answer(game, info["options"])
    haven = first(game, 0, "ZT-050")
    assert game.state.cards[haven].exhausted and hand(game) == ["T-R1"]


# ---------------------------------------------------------------- a card selected in your hand, summoned (CR 10-6)


def test_cr_10_6_select_a_card_in_your_hand_and_summon_it_sentences():
    assert ops("You may select a Stoneback spirit card that costs 5 or fewer in your hand and summon it without "
               "paying its cost.") == [{"select": {"side": "you", "family": "Stoneback", "cost_max": 5, "zone": "hand"},
                                        "may": True}, {"summon": "it", "if_done": True}]
    e = compiled("You may select a Stoneback spirit card that costs 5 or fewer in your hand and summon it without "
                 "paying its cost.")
    assert e["do"] == [{"summon": {"target": {"family": "Stoneback", "cost_max": 5, "zone": "hand"},
                                   "cores": "reserve"}, "may": True}]
    assert "more than one" in why("Select 2 spirit cards in your hand and summon it without paying its cost.")
    why("Select a magic card from your hand and destroy it.")  # nothing but a summon after it


def test_cr_10_6_7_played_select_a_card_in_your_hand_and_summon_it_without_paying_its_cost():
    db = named_db(record(), magic("You may select a Stoneback spirit card that costs 3 or fewer in your hand and "
                                  "summon it without paying its cost."))
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-009, ZT-001, T-R1]}")
    use(game)
    while game.pending.kind == "choose":
        info = game.pending.info
        if info.get("kind") == "may":
            answer(game, True)
        elif info.get("kind") == "cores":
            answer(game, info["options"][:1])
        else:
            assert cids(game, info["options"]) == ["ZT-001"]  # only the Stoneback card
            answer(game, info["options"])
    spirit = first(game, 0, "ZT-001")
    assert game.state.cards[spirit].cores == 1 and game.state.players[0].reserve == 2  # LV1 from the reserve
    assert hand(game) == ["T-R1"]


# ---------------------------------------------------------------- "... and ..." conditions, trash cores to the life


def test_cr_4_11_3_cores_from_your_trash_into_your_life_and_two_conditions_sentences():
    assert ops('If you control an Ember nexus and you have 3 or fewer life, place two cores from your trash that are '
               'not a "Soul Core" into your life.') == [
        {"life_gain": {"count": 2, "from": "trash"},
         "if": {"control": {"side": "you", "type": "nexus", "family": "Ember"}, "life_max": 3}}]
    assert ops("Place two cores from your trash into your life.") == [{"life_gain": {"count": 2, "from": "trash"}}]
    assert "two conditions on the same thing" in why("If you control an Ember Haven nexus and you control 2 Stone "
                                                     "Pup, draw a card.")


def test_cr_4_11_3_played_cores_from_your_trash_into_your_life_never_the_soul_core():
    spirit = record(ID="ZT-001", effects=[{"levels": [1, 2], "condition": "When Summoned", "keywords": [],
                                           "steps": [], "details": "If you control an Ember nexus and you have 3 or "
                                           'fewer life, place two cores from your trash that are not a "Soul Core" '
                                           "into your life."}])
    db = named_db(HAVEN, spirit)
    for life, field, gained in ((3, "[ZT-050]", 1), (4, "[ZT-050]", 0), (3, "[]", 0)):
        game = game_of(db, f"{{life: {life}, reserve: 3, trash_cores: 1, soul_core: trash, field: {field}, "
                           "hand: [ZT-001]}")
        game.apply(Summon(0, first(game, 0, "ZT-001", "hand")))
        while game.pending.kind == "choose":
            answer(game, game.pending.info["options"][:max(1, game.pending.info.get("min", 1))])
        p0 = game.state.players[0]
        assert p0.life == life + gained  # as many as the trash holds (CR 1-3-2), not the soul core (CR 4-11-3)
        assert p0.soul == "trash" and p0.trash_cores >= 1 - gained


@pytest.mark.parametrize("value", ["hand", "life", 3])
def test_life_gain_from_malformed_is_refused_naming_the_field(value):
    card = {"id": "X-1", "name": "X", "type": "magic", "colors": ["red"], "cost": 1, "timing": ["main"],
            "effects": [{"kind": "magic", "timing": ["main"], "do": [{"life_gain": {"count": 1, "from": value}}]}]}
    with pytest.raises(CardDataError) as e:
        card_from_dict(card, file="x.yaml", set_id="X")
    assert "do[0].life_gain.from" in str(e.value.field)


def test_life_gain_from_the_trash_round_trips_and_reads_as_english():
    card = {"id": "X-1", "name": "X", "type": "magic", "colors": ["red"], "cost": 1, "timing": ["main"],
            "effects": [{"kind": "magic", "timing": ["main"], "do": [{"life_gain": {"count": 2, "from": "trash"}}]}]}
    c = card_from_dict(card)
    d = card_to_dict(c)
    assert d["effects"][0]["do"] == card["effects"][0]["do"]
    assert card_from_dict(yaml.safe_load(yaml.safe_dump(d))) == c
    assert "put 2 cores from your trash into your life" in effect_text(c.effects[0], c).lower()


# ---------------------------------------------------------------- "while summoning or placing a <kind> card" (N-2)

RECOLOURED = ("While summoning or placing a Stoneback card, treat this spirit's color and symbol color as blue and "
              "white as well.")
GAINED = "While summoning or placing a Stoneback card, this nexus gains a yellow symbol."


def _holder(details: str, **fields) -> dict:
    """ZT-070: a red spirit of no family (one red symbol) with the effect."""
    return record(**{"ID": "ZT-070", "name": "Test Beacon", "subType": [""], "effects": [
        {"levels": [1, 2], "condition": "N/A", "keywords": [], "steps": [], "details": details}], **fields})


def _stoneback(cid: str, reduction, card_type: str = "SPIRIT", subtype=("Stoneback",)) -> dict:
    extra = {"core_requirements": [{"level": 1, "cores": 0}, {"level": 2, "cores": 2}]} if card_type == "NEXUS" else {}
    return record(ID=cid, name=f"Test {cid}", cost="4", reduction=list(reduction), cardType=card_type,
                  subType=list(subtype), **extra)


def test_ruling_n_2_while_summoning_or_placing_sentences():
    r = compile_effect("spirit", "N/A", RECOLOURED, [], families=FAMILIES, names=NAMES)
    assert r.effect == {"kind": "constant", "do": [
        {"count_symbols": {"target": {"family": "Stoneback", "type": "spirit"}, "of": "this",
                           "also": ["blue", "white"]}},
        {"count_symbols": {"target": {"family": "Stoneback", "type": "nexus"}, "of": "this",
                           "also": ["blue", "white"]}}]}
    r = compile_effect("nexus", "N/A", GAINED, [], families=FAMILIES, names=NAMES)
    assert [d["count_symbols"]["gain"] for d in r.effect["do"]] == [["yellow"], ["yellow"]]
    assert "magic card" in why("While summoning or placing a Stoneback magic card, this nexus gains a green symbol.")
    assert "named twice" in why("While summoning or placing a Stoneback card, treat this spirit's color and symbol "
                                "color as blue and blue as well.")


def test_ruling_n_2_played_a_symbol_of_other_colours_as_well_for_the_cards_it_names():
    db = named_db(_holder(RECOLOURED), _stoneback("ZT-071", ("blue", "red")),
                  _stoneback("ZT-072", ("blue", "white"), subtype=("Sky Warden",)),
                  _stoneback("ZT-073", ("white", "white"), card_type="NEXUS"))
    game = game_of(db, "{life: 5, reserve: 3, soul_core: trash, field: [ZT-070], hand: [ZT-071, ZT-072, ZT-073]}")
    # the red symbol is blue and white as well: still one symbol, matching one reduction symbol (CR 10-6-5)
    assert game.cost_of(first(game, 0, "ZT-071", "hand")) == 3
    assert game.cost_of(first(game, 0, "ZT-073", "hand")) == 3  # a Stoneback nexus placed: white now
    assert game.cost_of(first(game, 0, "ZT-072", "hand")) == 4  # no Stoneback card: red only, no blue or white
    assert game.symbols(first(game, 0, "ZT-070")) == (("red",),)  # for nothing else


def test_ruling_n_2_played_a_nexus_that_gains_a_symbol_for_the_cards_it_names():
    holder = _holder(GAINED, cardType="NEXUS", core_requirements=[{"level": 1, "cores": 0},
                                                                  {"level": 2, "cores": 2}])
    db = named_db(holder, _stoneback("ZT-071", ("yellow", "red", "red")),
                  _stoneback("ZT-072", ("yellow", "red"), subtype=("Sky Warden",)))
    game = game_of(db, "{life: 5, reserve: 3, soul_core: trash, field: [ZT-070], hand: [ZT-071, ZT-072]}")
    assert game.cost_of(first(game, 0, "ZT-071", "hand")) == 2  # its red symbol and a yellow one
    assert game.cost_of(first(game, 0, "ZT-072", "hand")) == 3  # its red symbol only


@pytest.mark.parametrize("value, field", [
    ({"of": "this", "also": []}, "also"), ({"of": "this", "also": "red"}, "also"),
    ({"of": "this", "also": ["pink"]}, "also[0]"), ({"of": "this", "also": ["red", "red"]}, "also"),
    ({"of": "this", "gain": ["red"] * 11}, "gain"), ({"of": "this", "gain": [3]}, "gain[0]"),
    ({"of": "this", "also": ["red"], "gain": ["red"]}, "also"), ({"of": "this", "as": 2, "gain": ["red"]}, "gain"),
    ({"of": "this", "color": "red", "also": ["red"]}, "also"),
])
def test_ruling_n_2_malformed_is_refused_naming_the_field(value, field):
    card = {"id": "ZS-009", "name": "Bad", "type": "spirit", "colors": ["red"], "cost": 3,
            "levels": [{"level": 1, "cores": 1, "bp": 1000}],
            "effects": [{"kind": "constant", "do": [{"count_symbols": value}]}]}
    with pytest.raises(CardDataError) as e:
        card_from_dict(card, file="(test)", set_id="ZS")
    assert e.value.field == f"effects[0].do[0].count_symbols.{field}"


@pytest.mark.parametrize("more, words", [
    ({"also": ["blue", "white"]}, "each symbol on this spirit is blue and white as well"),
    ({"gain": ["green"]}, "this spirit has 1 more symbol (green)"),
])
def test_ruling_n_2_round_trips_and_reads_as_english(more, words):
    card = {"id": "ZS-009", "name": "Beacon", "type": "spirit", "colors": ["red"], "cost": 3,
            "levels": [{"level": 1, "cores": 1, "bp": 1000}],
            "effects": [{"kind": "constant", "do": [{"count_symbols": {
                "target": {"side": "you", "zone": "hand", "family": "Stoneback"}, "of": "this", **more}}]}]}
    c = card_from_dict(card)
    d = card_to_dict(c)
    assert d["effects"][0]["do"] == card["effects"][0]["do"]
    assert card_from_dict(yaml.safe_load(yaml.safe_dump(d))) == c
    assert words in effect_text(c.effects[0], c).lower()


# ---------------------------------------------------------------- "when ..., view the top card of your deck" (12-3-1)


def test_cr_12_3_1_a_trigger_written_first_then_the_top_cards_viewed_or_revealed_sentences():
    assert ops("When one of your Stoneback spirits is destroyed, look at the top 2 cards of your deck.") == [
        {"_trigger": {"trigger": "your_spirit_destroyed", "watch": {"family": "Stoneback"}}},
        {"_reveal": 2, "_search": {"reveal": False}}]
    assert ops("When one of your Stoneback spirits is destroyed, reveal the top 3 cards of your deck.")[1] == {
        "_reveal": 3}


def test_cr_12_3_1_played_when_one_of_your_family_spirits_is_destroyed_view_the_top_card_and_discard_it():
    watcher = record(ID="ZT-080", name="Test Watch", cardType="NEXUS", subType=[""],
                     core_requirements=[{"level": 1, "cores": 0}, {"level": 2, "cores": 2}],
                     effects=[{"levels": [1, 2], "condition": "N/A", "keywords": [], "steps": [],
                               "details": "When one of your Stoneback spirits is destroyed, look at the top card of "
                                          "your deck. Return the viewed card to the top of your deck or discard "
                                          "it."}])
    db = named_db(record(), watcher, magic("Select one of your spirits and destroy it."))
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-009], field: [ZT-001, ZT-080], deck: [T-R1, T-W0]}")
    spirit = first(game, 0, "ZT-001")
    use(game)
    while game.pending.kind == "choose":
        info = game.pending.info
        if spirit in info.get("options", []):
            answer(game, [spirit])
        elif info.get("kind") == "may":
            answer(game, True)
        else:
            assert cids(game, info["options"]) == ["T-R1"]  # the top card, seen by you alone
            answer(game, info["options"])  # discarded
    assert sorted(trash(game)) == ["T-R1", "ZT-001", "ZT-009"] and deck(game) == ["T-W0"]


def test_ruling_n_1_explain_reads_names_as_the_import_does(tmp_path):
    from bss_desktop.carddb.explain import explain_lines

    recs = [HAVEN, magic("Select an Ember Haven from your trash and return it to your hand.")]
    (tmp_path / "cards.json").write_text(json.dumps(recs))
    lines = explain_lines(tmp_path, "ZT-009")
    assert any("name_is: Ember Haven" in line for line in lines) and lines[-1].startswith("  => automated")


def test_hostile_names_records_of_any_shape_give_names_or_none():
    odd = [("f", 0, {"name": "Ember Haven", "cardType": ["NEXUS"]}), ("f", 1, {"name": 3, "cardType": "SPIRIT"}),
           ("f", 2, "not a record"), ("f", 3, {"name": "Stone Pup", "cardType": None}), ("f", 4, {})]
    names = _names_of(odd, test_db())
    assert "Ember Haven" in names and "Stone Pup" in names and names.type_of("Ember Haven") is None
    assert names.type_of("Red Forge") == "nexus"  # a shipped test card's name and type


def test_ruling_n_1_a_keyword_colour_or_timing_is_never_a_name():
    names = CardNames(["Swift", "Red", "Soul Core", "A.T. Field", "Flash", "Feast", "Stone Pup"])
    assert len(names) == 1
    n = normalise('Select a spirit card with Swift and a Red Stone Pup with a "Soul Core" on it.', FAMILIES, names)
    assert n.quoted == ["Soul Core", "Stone Pup"] and n.names == {1: None}
