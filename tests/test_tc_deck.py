"""Imported card text of the family "deck" (text_compile/templates/deck.py): the top of the deck revealed or
viewed, cards from the trash, cores from the trash (CR 12-2, 12-3, 4-5, 4-8).

Every sentence here is written for these tests in the templates real card text uses; none is a real card's text.
Each template is checked compiled (the directives it says) and played from a concrete position (the outcome the text
states).
"""
from __future__ import annotations

import pytest
import yaml

from bss_desktop.carddb.card_text import effect_text
from bss_desktop.carddb.errors import CardDataError
from bss_desktop.carddb.schema import card_from_dict, card_to_dict
from bss_desktop.carddb.text_compile import compile_effect, compile_sentence
from bss_desktop.engine.commands import Attack, Block, EndMain, Pass, Summon, UseMagic
from helpers import answer, cids, first, imported_db, position, record, two_players

FAMILIES = ("Stoneback", "Sky Warden")


def ops(sentence: str):
    s = compile_sentence(sentence, FAMILIES)
    assert s.ok, s.why
    return s.ops


def compiled(text: str, card_type: str = "magic", condition: str = "Main") -> dict:
    r = compile_effect(card_type, condition, text, families=FAMILIES)
    assert r.automated, r.why
    return r.effect


def manual_why(text: str, card_type: str = "magic", condition: str = "Main") -> str:
    r = compile_effect(card_type, condition, text, families=FAMILIES)
    assert not r.automated, r.effect
    return r.why


def effect(details: str, condition: str = "When Summoned", **fields) -> dict:
    """ZT-001 (a red Stoneback spirit, 1000 / 3000 BP) with one effect."""
    return record(effects=[{"levels": [1, 2], "condition": condition, "keywords": [], "steps": [],
                            "details": details}], **fields)


def magic(details: str, **fields) -> dict:
    return record(**{"effects": [{"levels": [1, 2], "condition": "N/A", "keywords": [], "steps": ["Main", "Flash"],
                                  "details": details}], "cardType": "MAGIC", "name": "Test Magic",
                     "ID": "ZT-009", "core_requirements": [], **fields})


def game_of(db, p0: str, p1: str = "{life: 5, reserve: 3}", **kw):
    return position(two_players(p0, p1, **kw), db=db)


def hand(game, p: int = 0) -> list[str]:
    return cids(game, game.state.players[p].hand)


def trash(game, p: int = 0) -> list[str]:
    return cids(game, game.state.players[p].trash)


def deck(game, p: int = 0) -> list[str]:
    """Top first, as a position writes it."""
    return cids(game, game.state.players[p].deck[::-1])


def summon(game, cid: str = "ZT-001"):
    return game.apply(Summon(0, first(game, 0, cid, "hand")))


def use(game, cid: str = "ZT-009"):
    return game.apply(UseMagic(0, first(game, 0, cid, "hand")))


# ---------------------------------------------------------------- the revealed cards (CR 12-2)


@pytest.mark.parametrize("sentence, expected", [
    ("Then, reveal the top four cards of your deck.", [{"_reveal": 4, "_then": True}]),
    ("Add all spirit cards with Swift from the revealed cards to your hand.",
     [{"_take": {"type": "spirit", "all": True, "keyword": "swift"}}]),
    ("Add all cards that cost 3 from the revealed cards to your hand.",
     [{"_take": {"type": "any", "all": True, "cost_min": 3, "cost_max": 3}}]),
    ("Add one Stoneback spirit card with 4000 or more BP from among the revealed cards to your hand.",
     [{"_take": {"type": "spirit", "family": "Stoneback", "count": 1, "bp_min": 4000}}]),
    ("You may add one magic card from the revealed cards to your hand.", [{"_take": {"type": "magic", "up_to": 1}}]),
    ("You may add two cards that cost 1 or fewer from the revealed cards to your hand.",
     [{"_take": {"type": "any", "up_to": 2, "cost_max": 1}}]),
    ("If you add a card to your hand with this effect, discard one card from your hand.",
     [{"discard": 1, "if_done": True, "_after": "search"}]),
])
def test_cr_12_2_revealed_cards_sentences(sentence, expected):
    assert ops(sentence) == expected


def test_cr_12_2_then_reveal_follows_a_draw_in_one_search():
    e = compiled("Draw a card. Then, reveal the top four cards of your deck. Add all spirit cards with Swift from "
                 "the revealed cards to your hand. Return any remaining cards to the bottom of your deck in any order.")
    assert e["do"] == [{"draw": 1}, {"search": {"look": 4, "take": {"type": "spirit", "all": True, "keyword": "swift"},
                                                "rest": "bottom"}}]


def test_cr_12_2_then_reveal_keeps_the_condition_of_the_sentence_before():
    e = compiled("If you have 2 or fewer life, draw a card. Then, reveal the top two cards of your deck. Add all "
                 "cards that cost 3 from the revealed cards to your hand. Discard any remaining cards.")
    assert e["do"][1] == {"search": {"look": 2, "take": {"all": True, "cost_min": 3, "cost_max": 3}, "rest": "trash"},
                          "if": {"life_max": 2}}


def test_cr_12_2_if_you_add_a_card_goes_with_the_search_before_it():
    e = compiled("Reveal the top three cards of your deck. You may add one magic card from the revealed cards to "
                 "your hand. Discard the remaining cards. If you add a card to your hand with this effect, discard "
                 "one card from your hand.")
    assert e["do"] == [{"search": {"look": 3, "take": {"type": "magic", "up_to": 1}, "rest": "trash"}},
                       {"discard": 1, "if_done": True}]
    assert "other than a search" in manual_why("Draw a card. If you add a card to your hand with this effect, "
                                               "discard one card from your hand.")


def test_you_may_add_all_is_not_a_number_to_take_up_to():
    s = compile_sentence("You may add all magic cards from the revealed cards to your hand.", FAMILIES)
    assert not s.ok and "not exact" in s.why


def test_cr_12_2_played_add_all_cards_that_cost_n_from_the_revealed_cards():
    # the deck's top three: a cost-0 spirit, a cost-1 spirit, a cost-0 magic card; the cost-0 ones are taken
    db = imported_db(magic("Reveal the top three cards of your deck. Add all cards that cost 0 from the revealed "
                           "cards to your hand. Discard any remaining cards."))
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-009], deck: [T-W0, T-R1, T-MB, T-G4]}")
    use(game)
    assert sorted(hand(game)) == ["T-MB", "T-W0"]
    assert trash(game) == ["T-R1", "ZT-009"] and deck(game) == ["T-G4"]


def test_cr_12_2_played_add_all_spirit_cards_with_a_keyword_after_a_draw():
    db = imported_db(magic("Draw a card. Then, reveal the top two cards of your deck. Add all spirit cards with "
                           "Swift from the revealed cards to your hand. Return any remaining cards to the bottom of "
                           "your deck in any order."),
                     record(ID="ZT-002", name="Quick Pup",
                            effects=[{"levels": [1, 2], "condition": "N/A", "keywords": [{"keyword_name": "Swift"}],
                                      "steps": [], "details": ""}]))
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-009], deck: [T-G4, ZT-002, T-R1, T-W0]}")
    use(game)  # the draw takes the Stag; then the top two are the Swift spirit and the Pup
    assert hand(game) == ["T-G4", "ZT-002"] and deck(game) == ["T-W0", "T-R1"]


def test_cr_8_1_8_played_you_may_add_one_and_if_you_do_discard_a_card():
    db = imported_db(magic("Reveal the top two cards of your deck. You may add one nexus card that costs 3 or "
                           "fewer from the revealed cards to your hand. Discard the remaining cards. If you add a card "
                           "to your hand with this effect, discard one card from your hand."))
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-009, T-G4], deck: [T-NX, T-W0, T-R1]}")
    use(game)
    assert game.pending.info["options"] == [first(game, 0, "T-NX", "deck")]
    assert game.pending.info["min"] == 0  # "you may": none need be taken
    answer(game, [first(game, 0, "T-NX", "deck")])
    answer(game, [first(game, 0, "T-G4", "hand")])  # a card was added: one is discarded
    assert hand(game) == ["T-NX"] and sorted(trash(game)) == ["T-G4", "T-W0", "ZT-009"]
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-009, T-G4], deck: [T-NX, T-W0, T-R1]}")
    use(game)
    answer(game, [])  # none taken: nothing is discarded from the hand
    assert hand(game) == ["T-G4"] and sorted(trash(game)) == ["T-NX", "T-W0", "ZT-009"]


# ---------------------------------------------------------------- cores from the trash (CR 3-4-1, 8-5-6)


@pytest.mark.parametrize("sentence, expected", [
    ("Place three cores from your trash onto it.", [{"core_charge": {"target": "it", "count": 3, "from": "trash"}}]),
    ("Place a core from your trash onto this spirit.",
     [{"core_charge": {"target": "this", "count": 1, "from": "trash"}}]),
    ('Place two cores from your trash that are not a "Soul Core" onto that spirit.',
     [{"core_charge": {"target": "it", "count": 2, "from": "trash", "soul_core": False}}]),
    ("Place two cores from your trash into your reserve.", [{"core_gain": {"count": 2, "from": "trash"}}]),
    ('Exhaust it and place a core from your trash that is not a "Soul Core" into your reserve.',
     [{"exhaust": "it"}, {"core_gain": {"count": 1, "from": "trash", "soul_core": False}}]),
])
def test_cr_8_5_6_cores_from_the_trash_sentences(sentence, expected):
    assert ops(sentence) == expected


@pytest.mark.parametrize("sentence, why", [
    ("Place two cores from your trash onto each of your spirits.", "several cards"),
    ('Place two cores from your trash that are not a "Gear" onto it.', "soul core"),
])
def test_cores_from_the_trash_it_cannot_say_stay_manual(sentence, why):
    s = compile_sentence(sentence, FAMILIES)
    assert not s.ok and why in s.why


def _trash_magic(text: str):
    return imported_db(magic(text))


def test_cr_3_4_1_played_place_cores_from_your_trash_onto_a_selected_spirit():
    db = _trash_magic("Select one of your spirits. Place two cores from your trash onto that spirit.")
    game = game_of(db, "{life: 5, reserve: 3, trash_cores: 3, hand: [ZT-009], field: [T-R1]}")
    pup = game.state.players[0].field[0]
    use(game)
    assert game.state.cards[pup].cores == 3 and game.state.players[0].trash_cores == 1
    # fewer in the trash than the text says: as many as there are (CR 1-3-2)
    game = game_of(db, "{life: 5, reserve: 3, trash_cores: 1, hand: [ZT-009], field: [T-R1]}")
    use(game)
    assert game.state.cards[game.state.players[0].field[0]].cores == 2 and game.state.players[0].trash_cores == 0


def test_cr_8_5_6_played_the_soul_core_in_the_trash_is_yours_to_choose():
    db = _trash_magic("Select one of your spirits. Place two cores from your trash onto that spirit.")
    game = game_of(db, "{life: 5, reserve: 3, trash_cores: 3, soul_core: trash, hand: [ZT-009], field: [T-R1]}")
    pup = game.state.players[0].field[0]
    use(game)
    info = game.pending.info
    assert info["kind"] == "cores" and info["options"] == [-2, -1] and info["counts"] == [3, 1]
    answer(game, [-2, -1])  # one regular core and the soul core
    p0 = game.state.players[0]
    assert game.state.cards[pup].cores == 2 and p0.soul == pup and p0.trash_cores == 2


def test_cr_8_5_6_played_cores_that_are_not_a_soul_core_leave_it_in_the_trash():
    db = _trash_magic('Select one of your spirits. Place two cores from your trash that are not a "Soul Core" onto '
                      'that spirit.')
    game = game_of(db, "{life: 5, reserve: 3, trash_cores: 1, soul_core: trash, hand: [ZT-009], field: [T-R1]}")
    pup = game.state.players[0].field[0]
    use(game)  # nothing asked: only the one regular core can go
    p0 = game.state.players[0]
    assert game.state.cards[pup].cores == 2 and p0.soul == "trash" and p0.trash_cores == 0


def test_cr_3_4_1_played_destroy_it_and_place_cores_from_your_trash_into_your_reserve():
    db = _trash_magic("Select one of your opponent's spirits. Destroy it and place two cores from your trash that "
                      'are not a "Soul Core" into your reserve.')
    game = game_of(db, "{life: 5, reserve: 3, trash_cores: 4, soul_core: trash, hand: [ZT-009]}",
                   "{life: 5, reserve: 3, field: [T-R1]}")
    stag = game.state.players[1].field[0]
    use(game)
    p0 = game.state.players[0]
    assert game.state.cards[stag].zone == "trash"
    assert p0.reserve == 5 and p0.trash_cores == 2 and p0.soul == "trash"


def test_cr_6_7_1_played_at_the_start_of_the_step_a_core_from_your_trash_into_your_reserve():
    db = imported_db(effect('At the start of the step, if this spirit has a "Soul Core" on it, place a core from '
                            "your trash into your reserve.", "During Your Attack Step"))
    for soul, moved in (("field", 1), ("reserve", 0)):
        spirit = "{card: ZT-001, soul_core: true}" if soul == "field" else "ZT-001"
        game = game_of(db, f"{{life: 5, reserve: 0, trash_cores: 2, soul_core: {soul}, field: [{spirit}]}}")
        game.apply(EndMain(0))  # the attack step starts
        p0 = game.state.players[0]
        assert (p0.trash_cores, p0.reserve) == (2 - moved, moved)


@pytest.mark.parametrize("directive, field", [
    ({"core_charge": {"target": "this", "from": "hand"}}, "do[0].core_charge.from"),
    ({"core_charge": {"target": "this", "soul_core": False}}, "do[0].core_charge.soul_core"),
    ({"core_charge": {"target": "this", "from": "trash", "soul_core": True}}, "do[0].core_charge.soul_core"),
    ({"core_charge": {"target": "this", "from": "trash", "soul_core": "no"}}, "do[0].core_charge.soul_core"),
    ({"core_gain": {"count": 1, "from": "life"}}, "do[0].core_gain.from"),
    ({"core_gain": {"count": 1, "from": "trash", "to": "trash"}}, "do[0].core_gain.to"),
    ({"core_gain": {"count": 1, "soul_core": False}}, "do[0].core_gain.soul_core"),
])
def test_cores_from_the_trash_malformed_is_refused_naming_the_field(directive, field):
    card = {"id": "X-1", "name": "X", "type": "magic", "colors": ["red"], "cost": 1, "timing": ["main"],
            "effects": [{"kind": "magic", "timing": ["main"], "do": [directive]}]}
    with pytest.raises(CardDataError) as e:
        card_from_dict(card, file="x.yaml", set_id="X")
    assert field in str(e.value.field)


@pytest.mark.parametrize("directive, words", [
    ({"core_charge": {"target": "this", "count": 2, "from": "trash"}}, "from your trash on"),
    ({"core_charge": {"target": "this", "count": 2, "from": "trash", "soul_core": False}}, "not the soul core"),
    ({"core_gain": {"count": 2, "from": "trash"}}, "from your trash into your reserve"),
    ({"core_gain": {"count": 2, "from": "trash", "soul_core": False}}, "(not the soul core) into your reserve"),
])
def test_cores_from_the_trash_round_trip_and_read_as_english(directive, words):
    card = card_from_dict({"id": "X-1", "name": "X", "type": "magic", "colors": ["red"], "cost": 1,
                           "timing": ["main"], "effects": [{"kind": "magic", "timing": ["main"], "do": [directive]}]})
    d = card_to_dict(card)
    assert d["effects"][0]["do"] == [directive]
    assert card_from_dict(yaml.safe_load(yaml.safe_dump(d))) == card
    assert words in effect_text(card.effects[0], card)


# ---------------------------------------------------------------- cards to the bottom of the deck (CR 3-2)


@pytest.mark.parametrize("sentence, expected", [
    ("Then, return three cards from your hand to the bottom of your deck in any order.",
     [{"to_deck_bottom": {"side": "you", "zone": "hand", "type": "any", "count": 3}, "_then": True}]),
    ("Return a card from your hand to the bottom of your deck.",
     [{"to_deck_bottom": {"side": "you", "zone": "hand", "type": "any"}}]),
    ("Select any number of magic cards from your trash and return them to the bottom of your deck.",
     [{"to_deck_bottom": {"side": "you", "type": "magic", "any_number": True, "zone": "trash"}}]),
    ("Select up to two spirit cards from your trash and return them to the bottom of your deck.",
     [{"to_deck_bottom": {"side": "you", "up_to": 2, "zone": "trash"}}]),
])
def test_cr_3_2_cards_to_the_bottom_of_the_deck_sentences(sentence, expected):
    assert ops(sentence) == expected


def test_cr_3_2_played_draw_then_return_cards_from_your_hand_to_the_bottom_in_the_order_you_choose():
    db = imported_db(magic("Draw two cards. Then, return two cards from your hand to the bottom of your deck."))
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-009, T-NX], deck: [T-R1, T-G4, T-W0]}")
    use(game)
    p0 = game.state.players[0]
    assert sorted(hand(game)) == ["T-G4", "T-NX", "T-R1"]
    assert game.pending.info["min"] == game.pending.info["max"] == 2
    answer(game, [first(game, 0, "T-NX", "hand"), first(game, 0, "T-R1", "hand")])
    assert hand(game) == ["T-G4"] and deck(game) == ["T-W0", "T-NX", "T-R1"]  # the order chosen: the last lowest
    assert len(p0.deck) == 3


def test_cr_3_2_played_any_number_of_cards_from_your_trash_to_the_bottom_of_your_deck():
    db = imported_db(magic("Select any number of spirit cards from your trash and return them to the bottom of your "
                           "deck."))
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-009], trash: [T-R1, T-NX, T-G4, T-W0], deck: [T-W0]}")
    use(game)
    assert game.pending.info["min"] == 0 and game.pending.info["max"] == 3  # the three spirit cards
    answer(game, [first(game, 0, "T-G4", "trash"), first(game, 0, "T-R1", "trash")])
    assert deck(game)[0] == "T-W0" and sorted(deck(game)[1:]) == ["T-G4", "T-R1"]
    assert sorted(trash(game)) == ["T-NX", "T-W0", "ZT-009"]


# ---------------------------------------------------------------- viewed cards (CR 12-3-1, 12-2-1)


@pytest.mark.parametrize("sentence, expected", [
    ("View the top four cards of your deck.", [{"_reveal": 4, "_search": {"reveal": False}}]),
    ("Reveal one Stoneback spirit card from the cards you viewed and add it to your hand.",
     [{"_take": {"type": "spirit", "family": "Stoneback", "count": 1}}]),
    ("Reveal up to two magic cards that cost 3 or fewer from the cards you viewed and add them to your hand.",
     [{"_take": {"type": "magic", "up_to": 2, "cost_max": 3}}]),
    ("You may place any number of them on the bottom of your deck in any order.",
     [{"_take": {"type": "any", "any_number": True}, "_search": {"to": "bottom"}}]),
    ("You may put up to two of them at the bottom of your deck.",
     [{"_take": {"type": "any", "up_to": 2}, "_search": {"to": "bottom"}}]),
])
def test_cr_12_3_1_viewed_cards_sentences(sentence, expected):
    assert ops(sentence) == expected


def test_cr_12_3_1_view_then_some_to_the_bottom_and_the_rest_on_top_is_one_search():
    e = compiled("View the top three cards of your deck. You may put any number of them on the bottom of your "
                 "deck in any order. Return any remaining cards to the top of your deck in any order.")
    assert e["do"] == [{"search": {"look": 3, "reveal": False, "to": "bottom", "take": {"any_number": True},
                                   "rest": "top_any"}}]
    e = compiled("View the top card of your deck and return it to either the top or the bottom of your deck. Then, "
                 "draw a card.")
    assert e["do"] == [{"search": {"look": 1, "reveal": False, "to": "bottom", "take": {"up_to": 1}, "rest": "top"}},
                       {"draw": 1}]


def test_cr_12_2_1_played_view_and_reveal_one_magic_card_from_the_cards_you_viewed():
    db = imported_db(magic("View the top three cards of your deck. Reveal one nexus card from the cards you viewed "
                           "and add it to your hand. Return the remaining cards to the bottom of your deck in any "
                           "order."))
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-009], deck: [T-R1, T-NX, T-W0, T-G4]}")
    use(game)
    assert game.pending.info["min"] == 0  # viewed cards: the nexus card may be passed over (CR 8-5-3-5)
    nx = first(game, 0, "T-NX", "deck")
    assert game.pending.info["options"] == [nx]
    answer(game, [nx])
    answer(game, [first(game, 0, "T-R1", "deck")])  # the rest under the deck, in the order chosen
    assert hand(game) == ["T-NX"] and deck(game) == ["T-G4", "T-R1", "T-W0"]  # the last one put back lowest


def test_cr_12_3_1_played_view_the_top_card_and_keep_it_on_top_or_put_it_under():
    db = imported_db(magic("View the top card of your deck and return it to either the top or the bottom of your "
                           "deck. Then, draw a card."))
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-009], deck: [T-R1, T-G4, T-W0]}")
    use(game)
    r1 = first(game, 0, "T-R1", "deck")
    assert game.pending.info["options"] == [r1] and game.pending.info["min"] == 0
    answer(game, [r1])  # under the deck: the draw takes the next card
    assert hand(game) == ["T-G4"] and deck(game) == ["T-W0", "T-R1"]
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-009], deck: [T-R1, T-G4, T-W0]}")
    use(game)
    answer(game, [])  # kept on top: the draw takes it
    assert hand(game) == ["T-R1"] and deck(game) == ["T-G4", "T-W0"]


def test_cr_12_3_1_played_view_two_some_under_the_deck_the_rest_on_top_in_any_order():
    db = imported_db(magic("View the top three cards of your deck. You may put any number of them on the bottom of "
                           "your deck in any order. Return any remaining cards to the top of your deck in any order."))
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-009], deck: [T-R1, T-G4, T-W0, T-NX]}")
    use(game)
    r1, g4, w0 = (first(game, 0, c, "deck") for c in ("T-R1", "T-G4", "T-W0"))
    assert game.pending.info["max"] == 3
    answer(game, [r1])  # the Pup under the deck
    answer(game, [w0])  # the rest back on top one by one: the last one ends on top
    assert deck(game) == ["T-G4", "T-W0", "T-NX", "T-R1"]
    del g4


@pytest.mark.parametrize("search, field", [
    ({"look": 2, "to": "sideways"}, "do[0].search.to"),
    ({"look": 2, "to": "bottom", "cores": "void"}, "do[0].search.cores"),
])
def test_a_search_to_the_bottom_malformed_is_refused_naming_the_field(search, field):
    card = {"id": "X-1", "name": "X", "type": "magic", "colors": ["red"], "cost": 1, "timing": ["main"],
            "effects": [{"kind": "magic", "timing": ["main"], "do": [{"search": search}]}]}
    with pytest.raises(CardDataError) as e:
        card_from_dict(card, file="x.yaml", set_id="X")
    assert field in str(e.value.field)


def test_a_search_to_the_bottom_round_trips_and_reads_as_english():
    directive = {"search": {"look": 2, "take": {"type": "any", "any_number": True}, "rest": "top_any",
                            "reveal": False, "to": "bottom"}}
    card = card_from_dict({"id": "X-1", "name": "X", "type": "magic", "colors": ["red"], "cost": 1,
                           "timing": ["main"], "effects": [{"kind": "magic", "timing": ["main"], "do": [directive]}]})
    d = card_to_dict(card)
    assert d["effects"][0]["do"] == [directive]
    assert card_from_dict(yaml.safe_load(yaml.safe_dump(d))) == card
    assert "put any number of cards from among them on the bottom of your deck in any order" in effect_text(
        card.effects[0], card)


# ---------------------------------------------------------------- as many cards as something counts (CR 12-2)


@pytest.mark.parametrize("sentence, expected", [
    ("Reveal one card from the top of your deck for each Stoneback spirit you control.",
     [{"_reveal": 1, "_search": {"for_each": {"cards": {"side": "you", "family": "Stoneback", "type": "spirit"}}}}]),
    ("Reveal two cards from the top of your deck for each LV2 spirit you control.",
     [{"_reveal": 2, "_search": {"for_each": {"cards": {"side": "you", "level_min": 2, "level_max": 2,
                                                          "type": "spirit"}}}}]),
])
def test_cr_12_2_reveal_for_each_sentences(sentence, expected):
    assert ops(sentence) == expected


def test_reveal_cards_of_a_kind_for_each_stays_manual():
    s = compile_sentence("Reveal one magic card from the top of your deck for each spirit you control.", FAMILIES)
    assert not s.ok and "of a kind" in s.why


def test_cr_12_2_played_reveal_one_card_from_the_top_for_each_family_spirit_you_control():
    text = ("Reveal one card from the top of your deck for each Stoneback spirit you control. Add one spirit card "
            "from the revealed cards to your hand. Discard the remaining cards.")
    assert compiled(text)["do"] == [{"search": {"look": 1, "for_each": {"cards": {"side": "you", "family": "Stoneback",
                                                                                  "type": "spirit"}},
                                                "take": {"type": "spirit", "count": 1}, "rest": "trash"}}]
    db = imported_db(magic(text), record(ID="ZT-002", name="Stone Pup"))
    # two Stoneback spirits (and a Pup that is not one): the top two cards are revealed
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-009], field: [ZT-002, ZT-002, T-R1], "
                       "deck: [T-MB, T-G4, T-W0, T-NX]}")
    use(game)
    assert hand(game) == ["T-G4"] and sorted(trash(game)) == ["T-MB", "ZT-009"] and deck(game) == ["T-W0", "T-NX"]
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-009], field: [T-R1], deck: [T-G4, T-W0]}")
    use(game)  # none: nothing is revealed
    assert hand(game) == [] and deck(game) == ["T-G4", "T-W0"] and trash(game) == ["ZT-009"]


def test_a_search_for_each_round_trips_and_reads_as_english():
    directive = {"search": {"look": 1, "take": {"type": "spirit", "count": 1}, "rest": "trash",
                            "for_each": {"cards": {"side": "you", "type": "spirit", "family": "Stoneback"}}}}
    card = card_from_dict({"id": "X-1", "name": "X", "type": "magic", "colors": ["red"], "cost": 1,
                           "timing": ["main"], "effects": [{"kind": "magic", "timing": ["main"], "do": [directive]}]})
    d = card_to_dict(card)
    assert card_from_dict(d) == card and card_from_dict(yaml.safe_load(yaml.safe_dump(d))) == card
    assert d["effects"][0]["do"][0]["search"]["for_each"] == {"cards": {"side": "you", "family": "Stoneback"}}
    assert "1 card from the top of your deck for each" in effect_text(card.effects[0], card)


@pytest.mark.parametrize("search, field", [
    ({"look": 1, "for_each": "lots"}, "do[0].search.for_each"),
    ({"look": 1, "minus": 1}, "do[0].search.minus"),
])
def test_a_search_for_each_malformed_is_refused_naming_the_field(search, field):
    card = {"id": "X-1", "name": "X", "type": "magic", "colors": ["red"], "cost": 1, "timing": ["main"],
            "effects": [{"kind": "magic", "timing": ["main"], "do": [{"search": search}]}]}
    with pytest.raises(CardDataError) as e:
        card_from_dict(card, file="x.yaml", set_id="X")
    assert field in str(e.value.field)


# ---------------------------------------------------------------- the same cost as one of your spirits (CR 2-6)


@pytest.mark.parametrize("sentence, expected", [
    ("If it has the same cost as any of your spirits, add it to your hand.",
     [{"_take": {"type": "any", "count": 1, "same_cost": "your_spirits"}}]),
    ("If it is a magic card with the same cost as any of your spirits, add it to your hand.",
     [{"_take": {"type": "magic", "same_cost": "your_spirits", "count": 1}}]),
])
def test_cr_2_6_same_cost_sentences(sentence, expected):
    assert ops(sentence) == expected


def test_cr_2_6_played_the_top_card_added_if_it_costs_what_one_of_your_spirits_costs():
    text = ("Reveal the top card of your deck. If it has the same cost as any of your spirits, add it to your hand. "
            "Otherwise, discard it.")
    db = imported_db(magic(text))
    # your spirits cost 1 (Red Pup) and 0 (Zero Wisp): the top card, another Red Pup, costs 1
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-009], field: [T-R1, T-W0], deck: [T-R1, T-G4]}")
    use(game)
    assert hand(game) == ["T-R1"] and deck(game) == ["T-G4"]
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-009], field: [T-R1], deck: [T-G4, T-R1]}",
                   "{life: 5, reserve: 3, field: [T-G4]}")  # cost 4: only the opponent's spirit costs that
    use(game)
    assert hand(game) == [] and sorted(trash(game)) == ["T-G4", "ZT-009"]
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-009], field: [T-NX], deck: [T-MF, T-R1]}")
    use(game)  # a nexus is not a spirit: the cost-3 nexus on the field does not count, nor a cost-2 card
    assert hand(game) == [] and sorted(trash(game)) == ["T-MF", "ZT-009"]


def test_same_cost_malformed_is_refused_naming_the_field_and_round_trips():
    card = {"id": "X-1", "name": "X", "type": "magic", "colors": ["red"], "cost": 1, "timing": ["main"],
            "effects": [{"kind": "magic", "timing": ["main"],
                         "do": [{"search": {"look": 1, "take": {"count": 1, "same_cost": "theirs"}}}]}]}
    with pytest.raises(CardDataError) as e:
        card_from_dict(card, file="x.yaml", set_id="X")
    assert "do[0].search.take.same_cost" in str(e.value.field)
    card["effects"][0]["do"][0]["search"]["take"]["same_cost"] = "your_spirits"
    c = card_from_dict(card)
    d = card_to_dict(c)
    assert d["effects"][0]["do"][0]["search"]["take"]["same_cost"] == "your_spirits" and card_from_dict(d) == c
    assert "the same cost as one of your spirits" in effect_text(c.effects[0], c)


# ---------------------------------------------------------------- a written trigger, "their deck", a discard cost


@pytest.mark.parametrize("sentence, expected", [
    ("Reveal the top three cards of your deck when one of your spirits is destroyed by your opponent.",
     [{"_trigger": {"trigger": "your_spirit_destroyed_by_opponent"}}, {"_reveal": 3}]),
    ("When one of your spirits with a \"Soul Core\" on it reduces your opponent's life, discard the top two cards "
     "of their deck.",
     [{"_trigger": {"trigger": "your_spirit_reduces_life", "watch": {"soul_core": True}}},
      {"mill": {"count": 2, "side": "opponent"}}]),
    ("You may discard a spirit card that costs 1 to draw a card.",
     [{"_cost": {"discard": {"count": 1, "of": {"type": "spirit", "cost_min": 1, "cost_max": 1}}}}, {"draw": 1}]),
])
def test_written_trigger_their_deck_and_discard_cost_sentences(sentence, expected):
    assert ops(sentence) == expected


def test_cr_10_15_1_played_reveal_the_top_cards_when_one_of_your_spirits_is_destroyed_by_your_opponent():
    db = imported_db(effect("Reveal the top three cards of your deck when one of your spirits is destroyed by your "
                            "opponent. Add one spirit card from the revealed cards to your hand. Discard the remaining "
                            "cards.", "N/A"))
    game = game_of(db, "{life: 5, reserve: 3, field: [ZT-001, T-W0], deck: [T-MB, T-G4, T-NX, T-R1]}",
                   "{life: 5, reserve: 3, field: [T-G4]}", step="attack", turn_player=1)
    wisp = first(game, 0, "T-W0")
    game.apply(Attack(1, game.state.players[1].field[0]))
    game.apply(Pass(0))
    game.apply(Pass(1))
    game.apply(Block(0, wisp))
    game.apply(Pass(0))
    game.apply(Pass(1))  # the Wisp (1000 BP) is destroyed by the Stag (4000 BP)
    assert game.state.cards[wisp].zone == "trash"
    assert hand(game) == ["T-G4"] and deck(game) == ["T-R1"] and sorted(trash(game)) == ["T-MB", "T-NX", "T-W0"]


def test_cr_7_1_5_3_1_played_discard_the_top_cards_of_their_deck_when_a_soul_core_spirit_reduces_their_life():
    db = imported_db(effect("When one of your spirits with a \"Soul Core\" on it reduces your opponent's life, "
                            "discard the top two cards of their deck.", "N/A"))
    game = game_of(db, "{life: 5, reserve: 3, soul_core: field, field: [{card: ZT-001, soul_core: true}]}",
                   "{life: 5, reserve: 3, deck: [T-R1, T-G4, T-W0]}", step="attack")
    game.apply(Attack(0, game.state.players[0].field[0]))
    game.apply(Pass(1))
    game.apply(Pass(0))
    game.apply(Block(1, None))
    assert game.state.players[1].life == 4
    assert trash(game, 1) == ["T-R1", "T-G4"] and deck(game, 1) == ["T-W0"]


def test_cr_8_4_played_a_discard_cost_of_a_card_that_costs_n_then_a_magic_card_back_from_the_trash():
    db = imported_db(magic("You may discard a spirit card that costs 1 to select a magic card from your trash and "
                           "return it to your hand."))
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-009, T-G4, T-R1], trash: [T-MB]}")
    use(game)
    answer(game, True)  # pay the cost (CR 8-4-1): the only spirit card that costs 1 is discarded
    assert sorted(hand(game)) == ["T-G4", "T-MB"] and sorted(trash(game)) == ["T-R1", "ZT-009"]
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-009, T-G4], trash: [T-MB]}")
    use(game)  # no spirit card that costs 1: the cost can't be paid, nothing comes back
    assert hand(game) == ["T-G4"] and sorted(trash(game)) == ["T-MB", "ZT-009"]


# ---------------------------------------------------------------- the discarded cards (ruling Deck-1)


@pytest.mark.parametrize("sentence, expected", [
    ("Draw a card if a Stoneback card is among the discarded cards.",
     [{"draw": 1, "if": {"count": {"discarded": {"family": "Stoneback", "type": "any"}}, "count_min": 1}}]),
    ("If no magic cards are among the discarded cards, draw a card.",
     [{"draw": 1, "if": {"count": {"discarded": {"type": "magic"}}, "count_max": 0}}]),
    ("If a spirit card that costs 4 or more is among the discarded cards, treat this spirit as LV2 during this turn.",
     [{"level": {"target": "this", "set": 2, "_duration": "turn"},
       "if": {"count": {"discarded": {"type": "spirit", "cost_min": 4}}, "count_min": 1}}]),
    ("Draw a card for each nexus card among the discarded cards.",
     [{"draw": {"count": 1, "for_each": {"discarded": {"type": "nexus"}}}}]),
    ('Add one card with "Ember" in its card name from the discarded cards to your hand.',
     [{"recover": {"count": 1, "name_has": "Ember", "among": "discarded"}}]),
    ("Discard the top four cards of your deck and return one red spirit card from them to your hand.",
     [{"mill": {"count": 4, "side": "you"}},
      {"recover": {"colors": ["red"], "type": "spirit", "count": 1, "among": "discarded"}, "_after": "mill"}]),
])
def test_ruling_deck_1_the_discarded_cards_sentences(sentence, expected):
    assert ops(sentence) == expected


def test_ruling_deck_1_played_discard_the_top_cards_and_return_one_of_a_kind_from_them():
    db = imported_db(magic("Discard the top three cards of your deck and return one red spirit card from them to "
                           "your hand."))
    # a red spirit card already in the trash is not among the discarded cards
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-009], trash: [T-R1A], deck: [T-W0, T-R1, T-MB, T-G4]}")
    use(game)  # one red spirit card among the three discarded: it comes back, no choice to make
    assert hand(game) == ["T-R1"] and sorted(trash(game)) == ["T-MB", "T-R1A", "T-W0", "ZT-009"]
    assert deck(game) == ["T-G4"]
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-009], trash: [T-R1A], deck: [T-W0, T-MB, T-G4, T-R1]}")
    use(game)  # none among them: nothing comes back, though one is in the trash
    assert hand(game) == []


def test_ruling_deck_1_played_draw_if_a_card_of_a_kind_is_among_the_discarded_cards():
    db = imported_db(magic("You may discard the top three cards of your deck. Draw a card if a nexus card is among "
                           "the discarded cards."))
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-009], trash: [T-NX2], deck: [T-W0, T-NX, T-G4, T-R1]}")
    use(game)
    answer(game, True)
    assert hand(game) == ["T-R1"]
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-009], trash: [T-NX2], deck: [T-W0, T-R1, T-G4, T-NX]}")
    use(game)
    answer(game, True)  # no nexus card among the discarded ones (the one in the trash before does not count)
    assert hand(game) == []


def test_ruling_deck_1_played_with_nothing_discarded_no_card_is_among_the_discarded_cards():
    db = imported_db(magic("You may discard the top three cards of your deck. If no magic cards are among the "
                           "discarded cards, draw a card."))
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-009], deck: [T-W0, T-R1, T-G4, T-NX]}")
    use(game)
    answer(game, False)  # declined: nothing discarded, so nothing drawn
    assert hand(game) == [] and deck(game) == ["T-W0", "T-R1", "T-G4", "T-NX"]
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-009], deck: [T-W0, T-R1, T-G4, T-NX]}")
    use(game)
    answer(game, True)  # discarded, no magic card among them: a card is drawn
    assert hand(game) == ["T-NX"]


def test_ruling_deck_1_played_draw_a_card_for_each_spirit_card_among_those_discarded_from_the_opponents_deck():
    db = imported_db(magic("Discard the top three cards of your opponent's deck. Draw a card for each magic card "
                           "among the discarded cards."))
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-009], deck: [T-W0, T-R1, T-G4]}",
                   "{life: 5, reserve: 3, trash: [T-MF], deck: [T-MB, T-R1, T-MM, T-NX]}")
    use(game)  # two magic cards among the three discarded (the one in the trash before is not one of them)
    assert hand(game) == ["T-W0", "T-R1"] and trash(game, 1) == ["T-MF", "T-MB", "T-R1", "T-MM"]


@pytest.mark.parametrize("directive, field", [
    ({"recover": {"type": "spirit", "among": "trash"}}, "do[0].recover.among"),
    ({"recover": {"type": "spirit", "among": "discarded", "side": "opponent"}}, "do[0].recover.side"),
    ({"draw": {"count": 1, "for_each": {"discarded": "spirits"}}}, "do[0].draw.for_each.discarded"),
    ({"draw": {"count": 1, "for_each": {"discarded": {"zone": "hand"}}}}, "do[0].draw.for_each.discarded.zone"),
])
def test_ruling_deck_1_malformed_is_refused_naming_the_field(directive, field):
    card = {"id": "X-1", "name": "X", "type": "magic", "colors": ["red"], "cost": 1, "timing": ["main"],
            "effects": [{"kind": "magic", "timing": ["main"], "do": [directive]}]}
    with pytest.raises(CardDataError) as e:
        card_from_dict(card, file="x.yaml", set_id="X")
    assert field in str(e.value.field)


@pytest.mark.parametrize("directive, words", [
    ({"recover": {"type": "spirit", "colors": ["red"], "count": 1, "among": "discarded"}},
     "from among the discarded cards to your hand"),
    ({"draw": {"count": 1, "for_each": {"discarded": {"type": "spirit"}}}},
     "for each spirit card among the discarded cards"),
    ({"draw": 1, "if": {"count": {"discarded": {"type": "magic"}}, "count_max": 0}},
     "no magic cards among the discarded cards"),
])
def test_ruling_deck_1_round_trips_and_reads_as_english(directive, words):
    card = card_from_dict({"id": "X-1", "name": "X", "type": "magic", "colors": ["red"], "cost": 1,
                           "timing": ["main"], "effects": [{"kind": "magic", "timing": ["main"],
                                                            "do": [{"mill": {"count": 2, "side": "you"}}, directive]}]})
    d = card_to_dict(card)
    assert card_from_dict(d) == card and card_from_dict(yaml.safe_load(yaml.safe_dump(d))) == card
    assert words in effect_text(card.effects[0], card)


# ---------------------------------------------------------------- viewed cards discarded or put on top (CR 3-4-1)


@pytest.mark.parametrize("sentence, expected", [
    ("Look at the top three cards of your deck.", [{"_reveal": 3, "_search": {"reveal": False}}]),
    ("Discard any number of them.", [{"_take": {"type": "any", "any_number": True}, "_search": {"to": "trash"}}]),
    ("You may place a magic card from the revealed cards on top of your deck.",
     [{"_take": {"type": "magic", "up_to": 1}, "_search": {"to": "top"}}]),
    ("Return the viewed card to the top of your deck or discard it.",
     [{"_take": {"type": "any", "up_to": 1}, "_search": {"to": "trash"}}, {"_rest": "top"}]),
    ("If you have 2 or fewer life, look at the top two cards of your deck.",
     [{"_reveal": 2, "_search": {"reveal": False}, "if": {"life_max": 2}}]),
    ("If you have 2 or fewer life, reveal the top card of your deck.", [{"_reveal": 1, "if": {"life_max": 2}}]),
])
def test_cr_3_4_1_viewed_cards_discarded_or_on_top_sentences(sentence, expected):
    assert ops(sentence) == expected


def test_cr_12_3_1_a_search_under_a_condition_keeps_it():
    e = compiled("If you have 2 or fewer life, look at the top two cards of your deck. Discard any number of them. "
                 "Return any remaining cards to the top of your deck in any order.")
    assert e["do"] == [{"search": {"look": 2, "reveal": False, "to": "trash", "take": {"any_number": True},
                                   "rest": "top_any"}, "if": {"life_max": 2}}]


def test_cr_3_4_1_played_look_at_the_top_cards_discard_any_number_the_rest_on_top_in_any_order():
    db = imported_db(magic("If you have 5 or fewer life, look at the top three cards of your deck. Discard any number "
                           "of them. Return any remaining cards to the top of your deck in any order."))
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-009], deck: [T-R1, T-G4, T-W0, T-NX]}")
    use(game)
    r1, g4, w0 = (first(game, 0, c, "deck") for c in ("T-R1", "T-G4", "T-W0"))
    assert game.pending.info["min"] == 0 and game.pending.info["max"] == 3
    answer(game, [g4])  # the Stag discarded
    answer(game, [w0])  # then the Wisp back first, the Pup last: the Pup ends on top
    assert sorted(trash(game)) == ["T-G4", "ZT-009"] and deck(game) == ["T-R1", "T-W0", "T-NX"]
    del r1
    game = game_of(db, "{life: 6, reserve: 3, hand: [ZT-009], deck: [T-R1, T-G4, T-W0, T-NX]}")
    use(game)  # 6 life: nothing looked at
    assert game.pending.kind != "choose" and deck(game) == ["T-R1", "T-G4", "T-W0", "T-NX"]


def test_cr_12_2_played_you_may_place_a_magic_card_from_the_revealed_cards_on_top():
    db = imported_db(magic("Reveal the top three cards of your deck. You may place a magic card from the revealed "
                           "cards on top of your deck. Return the remaining cards to the bottom of your deck in any "
                           "order."))
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-009], deck: [T-R1, T-MB, T-W0, T-G4]}")
    use(game)
    mb = first(game, 0, "T-MB", "deck")
    assert game.pending.info["options"] == [mb] and game.pending.info["min"] == 0
    answer(game, [mb])
    answer(game, [first(game, 0, "T-R1", "deck")])  # the rest under the deck: the Pup first, the Wisp lowest
    assert deck(game) == ["T-MB", "T-G4", "T-R1", "T-W0"]


def test_cr_3_4_1_played_the_viewed_card_back_on_top_or_discarded():
    db = imported_db(magic("View the top card of your deck. Return the viewed card to the top of your deck or "
                           "discard it."))
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-009], deck: [T-R1, T-G4]}")
    use(game)
    answer(game, [first(game, 0, "T-R1", "deck")])
    assert sorted(trash(game)) == ["T-R1", "ZT-009"] and deck(game) == ["T-G4"]
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-009], deck: [T-R1, T-G4]}")
    use(game)
    answer(game, [])
    assert trash(game) == ["ZT-009"] and deck(game) == ["T-R1", "T-G4"]


@pytest.mark.parametrize("to, words", [("top", "on the top of your deck in any order"),
                                       ("trash", "discard any number of cards from among them")])
def test_a_search_to_the_top_or_the_trash_round_trips_and_reads_as_english(to, words):
    directive = {"search": {"look": 2, "take": {"type": "any", "any_number": True}, "rest": "top_any",
                            "reveal": False, "to": to}}
    card = card_from_dict({"id": "X-1", "name": "X", "type": "magic", "colors": ["red"], "cost": 1,
                           "timing": ["main"], "effects": [{"kind": "magic", "timing": ["main"], "do": [directive]}]})
    d = card_to_dict(card)
    assert d["effects"][0]["do"] == [directive] and card_from_dict(d) == card
    assert words in effect_text(card.effects[0], card)


def test_ruling_deck_1_from_them_only_after_a_discard_and_a_discard_and_a_draw_still_compiles():
    assert "other than a mill" in manual_why("Draw a card and return one spirit card from them to your hand.")
    assert ops("Discard the top two cards of your deck and draw a card.") == [{"mill": {"count": 2, "side": "you"}},
                                                                            {"draw": 1}]


# ---------------------------------------------------------------- a selected card summoned, its cost paid (CR 10-6)


@pytest.mark.parametrize("sentence, expected", [
    ("You may select a spirit card that costs 3 or fewer from your trash and summon it.",
     [{"select": {"side": "you", "cost_max": 3, "zone": "trash"}, "may": True},
      {"summon": "it", "_summon": {"pay": True}, "if_done": True}]),
    ("Select a spirit card from your trash and summon it exhausted.",
     [{"select": {"side": "you", "zone": "trash"}}, {"summon": "it", "_summon": {"pay": True, "exhausted": True}}]),
    ("Summon it exhausted without paying its cost.", [{"summon": "it", "_summon": {"exhausted": True}}]),
])
def test_cr_10_6_summon_a_selected_card_sentences(sentence, expected):
    assert ops(sentence) == expected


def test_cr_10_6_a_selected_card_summoned_compiles_to_one_summon():
    assert compiled("You may select a spirit card that costs 4 from your trash and summon it exhausted.")["do"] == [
        {"summon": {"target": {"cost_min": 4, "cost_max": 4, "zone": "trash"}, "pay": True, "exhausted": True},
         "may": True}]
    assert compiled("Select a spirit card from your trash. Summon it exhausted without paying its cost.")["do"] == [
        {"summon": {"target": {"zone": "trash"}, "cores": "reserve", "exhausted": True}}]


def test_cr_10_6_6_played_a_spirit_card_from_your_trash_summoned_paying_its_reduced_cost():
    db = imported_db(magic("You may select a spirit card that costs 4 from your trash and summon it."))
    game = game_of(db, "{life: 5, reserve: 4, soul_core: trash, hand: [ZT-009], field: [T-R1], trash: [T-G4]}")
    pup = first(game, 0, "T-R1")
    use(game)
    answer(game, True)
    # the Stag costs 4, reduced by 1 by the Pup's red symbol (CR 10-6-5): 3 cores paid, from the player's choice
    info = game.pending.info
    assert info["kind"] == "cores" and info["min"] == 3 and info["options"] == [0, pup]
    answer(game, [0, 0, 0])
    assert game.pending.info["kind"] == "cores" and game.pending.info["min"] == 1  # its LV1 core (CR 10-6-7)
    answer(game, [0])
    stag = first(game, 0, "T-G4")
    p0 = game.state.players[0]
    assert game.state.cards[stag].cores == 1 and not game.state.cards[stag].exhausted
    assert p0.reserve == 0 and p0.trash_cores == 3 and game.state.cards[pup].cores == 1


def test_cr_10_6_6_played_too_few_cores_to_pay_and_place_summons_nothing():
    db = imported_db(magic("You may select a spirit card that costs 4 from your trash and summon it."))
    game = game_of(db, "{life: 5, reserve: 3, soul_core: trash, hand: [ZT-009], trash: [T-G4]}")
    use(game)
    answer(game, True)  # 3 cores: 3 for the cost (no reduction), none left for its LV1 core
    assert game.pending.kind != "choose" and trash(game) == ["T-G4", "ZT-009"] and game.state.players[0].reserve == 3


def test_cr_3_5_3_played_summon_it_exhausted_paying_its_cost():
    db = imported_db(magic("Select a spirit card that costs 1 or fewer from your trash and summon it exhausted."))
    game = game_of(db, "{life: 5, reserve: 3, soul_core: trash, hand: [ZT-009], trash: [T-R1]}")
    use(game)  # one place holds every core: nothing to choose; the Pup costs 1 (no red symbol to reduce it)
    pup = first(game, 0, "T-R1")
    assert game.state.cards[pup].exhausted and game.state.cards[pup].cores == 1
    assert game.state.players[0].reserve == 1 and game.state.players[0].trash_cores == 1


def test_cr_3_5_3_played_summon_it_exhausted_without_paying_its_cost():
    db = imported_db(magic("Select a spirit card from your trash. Summon it exhausted without paying its cost."))
    game = game_of(db, "{life: 5, reserve: 3, soul_core: trash, hand: [ZT-009], trash: [T-G4]}")
    use(game)
    stag = first(game, 0, "T-G4")
    assert game.state.cards[stag].exhausted and game.state.cards[stag].cores == 1
    assert game.state.players[0].reserve == 2 and game.state.players[0].trash_cores == 0


def test_cr_10_7_played_a_nexus_card_from_your_trash_placed_paying_its_cost():
    db = imported_db(magic("You may select a nexus card that costs 3 or fewer from your trash and place it."))
    game = game_of(db, "{life: 5, reserve: 4, soul_core: trash, hand: [ZT-009], trash: [T-NX]}")
    use(game)
    answer(game, True)
    forge = first(game, 0, "T-NX")  # cost 3, no red symbol on the field; LV1 needs no core
    assert game.state.players[0].reserve == 1 and game.state.players[0].trash_cores == 3
    assert game.state.cards[forge].cores == 0


@pytest.mark.parametrize("summon, field", [
    ({"target": {"zone": "trash"}, "pay": "yes"}, "do[0].summon.pay"),
    ({"target": {"zone": "trash"}, "pay": True, "cores": "void"}, "do[0].summon.cores"),
    ({"target": {"zone": "trash", "up_to": 2}, "pay": True}, "do[0].summon.target"),
    ({"target": {"zone": "trash"}, "exhausted": 1}, "do[0].summon.exhausted"),
])
def test_cr_10_6_a_summon_paying_its_cost_malformed_is_refused_naming_the_field(summon, field):
    card = {"id": "X-1", "name": "X", "type": "magic", "colors": ["red"], "cost": 1, "timing": ["main"],
            "effects": [{"kind": "magic", "timing": ["main"], "do": [{"summon": summon}]}]}
    with pytest.raises(CardDataError) as e:
        card_from_dict(card, file="x.yaml", set_id="X")
    assert field in str(e.value.field)


@pytest.mark.parametrize("summon, words", [
    ({"target": {"zone": "trash"}, "pay": True, "exhausted": True}, "from your trash exhausted, paying its cost"),
    ({"target": {"zone": "trash"}, "cores": "reserve", "exhausted": True},
     "from your trash exhausted without paying its cost"),
])
def test_cr_10_6_a_summon_paying_its_cost_round_trips_and_reads_as_english(summon, words):
    card = card_from_dict({"id": "X-1", "name": "X", "type": "magic", "colors": ["red"], "cost": 1,
                           "timing": ["main"], "effects": [{"kind": "magic", "timing": ["main"],
                                                            "do": [{"summon": summon}]}]})
    d = card_to_dict(card)
    assert d["effects"][0]["do"] == [{"summon": summon}] and card_from_dict(d) == card
    assert words in effect_text(card.effects[0], card)


# ---------------------------------------------------------------- cards of two or more colours (CR 2-4)


def test_cr_2_4_colors_min_sentence_and_one_color_is_refused():
    assert ops("Select a spirit card with two or more colors from your trash and return it to your hand.") == [
        {"bounce": {"side": "you", "colors_min": 2, "zone": "trash"}}]
    s = compile_sentence("Select a magic card with one or more colors from your trash and return it to your hand.",
                         FAMILIES)
    assert not s.ok and "every card" in s.why


def test_cr_2_4_played_a_magic_card_of_two_or_more_colors_back_from_the_trash():
    db = imported_db(magic("Select a spirit card with two or more colors from your trash and return it to your hand."),
                     record(ID="ZT-008", name="Two Tone", color=["Red", "Blue"]))
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-009], trash: [T-R1, ZT-008, T-MF]}")
    use(game)  # the only spirit card of two colours comes back, nothing to choose
    assert hand(game) == ["ZT-008"] and sorted(trash(game)) == ["T-MF", "T-R1", "ZT-009"]


@pytest.mark.parametrize("value", [1, 7, "two"])
def test_colors_min_malformed_is_refused_naming_the_field(value):
    card = {"id": "X-1", "name": "X", "type": "magic", "colors": ["red"], "cost": 1, "timing": ["main"],
            "effects": [{"kind": "magic", "timing": ["main"], "do": [{"recover": {"type": "magic",
                                                                                  "colors_min": value}}]}]}
    with pytest.raises(CardDataError) as e:
        card_from_dict(card, file="x.yaml", set_id="X")
    assert "do[0].recover.colors_min" in str(e.value.field)


# ---------------------------------------------------------------- "other than <card name>" (CR 2-1)


def test_cr_2_1_other_than_a_card_name_sentence():
    assert ops("Add one Stoneback card other than Stone Pup from the revealed cards to your hand.") == [
        {"_take": {"family": "Stoneback", "type": "any", "count": 1, "name_not": "Stone Pup"}}]
    # a word of the name that is also a family name keeps its spelling
    assert ops("Add one card other than Stoneback Elder from the revealed cards to your hand.") == [
        {"_take": {"type": "any", "count": 1, "name_not": "Stoneback Elder"}}]


def test_cr_2_1_played_add_a_family_card_other_than_one_card_name_from_the_revealed_cards():
    db = imported_db(magic("Reveal the top three cards of your deck. Add one Stoneback card other than Stone Pup "
                           "from the revealed cards to your hand. Discard the remaining cards."),
                     record(ID="ZT-002", name="Stone Pup"), record(ID="ZT-003", name="Stone Pup Elder"))
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-009], deck: [ZT-002, ZT-003, T-R1, T-W0]}")
    use(game)  # the Pup's card name is excluded, a longer name that contains it is not
    assert hand(game) == ["ZT-003"] and sorted(trash(game)) == ["T-R1", "ZT-002", "ZT-009"]


@pytest.mark.parametrize("value", ["", 3, ["Stone Pup"]])
def test_name_not_malformed_is_refused_naming_the_field(value):
    card = {"id": "X-1", "name": "X", "type": "magic", "colors": ["red"], "cost": 1, "timing": ["main"],
            "effects": [{"kind": "magic", "timing": ["main"], "do": [{"recover": {"name_not": value}}]}]}
    with pytest.raises(CardDataError) as e:
        card_from_dict(card, file="x.yaml", set_id="X")
    assert "do[0].recover.name_not" in str(e.value.field)


def test_cr_8_5_6_the_choice_of_cores_from_the_trash_names_the_trash_in_the_client():
    from bss_desktop.client.decisions import choice_text as ct

    db = imported_db(magic("Select one of your spirits. Place two cores from your trash onto that spirit."))
    game = game_of(db, "{life: 5, reserve: 3, trash_cores: 3, soul_core: trash, hand: [ZT-009], field: [T-R1]}")
    use(game)
    info = game.pending.info
    assert ct.place_name(game, -2) == "your trash"
    assert ct.cores_label(game, info, [-2, -1]) == "1 core from your trash + the soul core"
    assert ct.cores_label(game, info, [-2, -2]) == "2 cores from your trash (keep the soul core)"


# ---------------------------------------------------------------- the same cost as the selected spirit (CR 2-6)


def test_cr_2_6_return_all_cards_that_cost_the_same_as_that_spirit_sentence():
    assert compiled("Select one of your spirits. Return all red magic cards from your trash to your hand that cost "
                    "the same as that spirit.")["do"] == [
        {"select": {"side": "you"}}, {"recover": {"colors": ["red"], "type": "magic", "all": True, "same_cost": "it"}}]


def test_cr_2_6_played_return_all_magic_cards_that_cost_the_same_as_the_selected_spirit():
    db = imported_db(magic("Select one of your spirits. Return all magic cards from your trash to your hand that cost "
                           "the same as that spirit."))
    # the Pup costs 1: the cost-1 magic card comes back, not the cost-0 nor the cost-2 one
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-009], field: [T-R1], trash: [T-MM, T-MB, T-MF, T-R1A]}")
    use(game)
    assert hand(game) == ["T-MM"] and sorted(trash(game)) == ["T-MB", "T-MF", "T-R1A", "ZT-009"]


def test_same_cost_it_elsewhere_than_recover_is_refused_naming_the_field():
    card = {"id": "X-1", "name": "X", "type": "magic", "colors": ["red"], "cost": 1, "timing": ["main"],
            "effects": [{"kind": "magic", "timing": ["main"], "do": [{"destroy": {"same_cost": "it"}}]}]}
    with pytest.raises(CardDataError) as e:
        card_from_dict(card, file="x.yaml", set_id="X")
    assert "do[0].destroy" in str(e.value.field)


# ---------------------------------------------------------------- the trash counted, "add it to your hand", may reveal


@pytest.mark.parametrize("sentence, expected", [
    ("If you have 5 or more Stoneback cards in your trash, draw a card.",
     [{"draw": 1, "if": {"count": {"cards": {"side": "you", "family": "Stoneback", "type": "any", "zone": "trash"}},
                         "count_min": 5}}]),
    ("Select a Stoneback card from your trash and add it to your hand.",
     [{"bounce": {"side": "you", "family": "Stoneback", "type": "any", "zone": "trash"}}]),
    ("You may reveal the top four cards of your deck.", [{"_reveal": 4, "may": True}]),
])
def test_trash_counted_add_it_to_your_hand_and_you_may_reveal_sentences(sentence, expected):
    assert ops(sentence) == expected


def test_cr_4_8_played_cores_from_the_trash_onto_this_spirit_if_enough_family_cards_are_in_your_trash():
    db = imported_db(effect("If you have 2 or more Stoneback cards in your trash, place two cores from your trash "
                            "onto this spirit."), record(ID="ZT-002", name="Stone Pup"))
    for trash_cards, cores in (("[ZT-002, ZT-002]", 3), ("[ZT-002, T-R1]", 1)):
        game = game_of(db, f"{{life: 5, reserve: 3, trash_cores: 2, soul_core: void, hand: [ZT-001], "
                           f"trash: {trash_cards}}}")
        summon(game)  # cost 0, its LV1 core from the reserve
        assert game.state.cards[first(game, 0, "ZT-001")].cores == cores


def test_cr_8_1_8_played_you_may_reveal_the_top_cards_declined_reveals_nothing():
    db = imported_db(magic("You may reveal the top two cards of your deck. Add one spirit card from the revealed "
                           "cards to your hand. Discard the remaining cards."))
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-009], deck: [T-R1, T-MB, T-W0]}")
    use(game)
    answer(game, False)
    assert hand(game) == [] and deck(game) == ["T-R1", "T-MB", "T-W0"]
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-009], deck: [T-R1, T-MB, T-W0]}")
    use(game)
    answer(game, True)
    assert hand(game) == ["T-R1"] and deck(game) == ["T-W0"]


# ---------------------------------------------------------------- "reveal the top N cards instead" (CR 12-2)


def test_cr_12_2_reveal_more_cards_instead_under_a_condition_compiles_into_the_search():
    e = compiled("You may reveal the top two cards of your deck. Add one spirit card from the revealed cards to your "
                 "hand. Discard the remaining cards. If you have 2 or fewer life, reveal the top four cards instead.")
    assert e["do"] == [{"search": {"look": 2, "take": {"type": "spirit", "count": 1}, "rest": "trash",
                                   "instead": {"if": {"life_max": 2}, "look": 4}}, "may": True}]
    assert "_search_after" in manual_why("Draw a card. If you have 2 or fewer life, reveal the top four cards "
                                         "instead.")


def test_cr_12_2_played_reveal_more_cards_instead_when_the_condition_holds():
    db = imported_db(magic("Reveal the top two cards of your deck. Add one spirit card from the revealed cards to your "
                           "hand. Discard the remaining cards. If you have 2 or fewer life, reveal the top four cards "
                           "instead."))
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-009], deck: [T-MB, T-NX, T-MF, T-R1, T-W0]}")
    use(game)  # 5 life: two cards, no spirit card among them
    assert hand(game) == [] and deck(game) == ["T-MF", "T-R1", "T-W0"]
    game = game_of(db, "{life: 2, reserve: 3, hand: [ZT-009], deck: [T-MB, T-NX, T-MF, T-R1, T-W0]}")
    use(game)  # 2 life: four cards, the Pup among them
    assert hand(game) == ["T-R1"] and deck(game) == ["T-W0"]


@pytest.mark.parametrize("instead, field", [
    ({"look": 5}, "do[0].search.instead"),
    ({"if": {"life_max": 2}, "look": 0}, "do[0].search.instead.look"),
    ({"if": {"lives": 2}, "look": 4}, "do[0].search.instead.if.lives"),
    ({"if": {"life_max": 2}, "look": 4, "more": 1}, "do[0].search.instead.more"),
])
def test_a_search_instead_malformed_is_refused_naming_the_field(instead, field):
    card = {"id": "X-1", "name": "X", "type": "magic", "colors": ["red"], "cost": 1, "timing": ["main"],
            "effects": [{"kind": "magic", "timing": ["main"], "do": [{"search": {"look": 2, "instead": instead}}]}]}
    with pytest.raises(CardDataError) as e:
        card_from_dict(card, file="x.yaml", set_id="X")
    assert field in str(e.value.field)


def test_a_search_instead_round_trips_and_reads_as_english():
    directive = {"search": {"look": 2, "take": {"type": "spirit", "count": 1}, "rest": "trash",
                            "instead": {"if": {"soul_paid": True}, "look": 4}}}
    card = card_from_dict({"id": "X-1", "name": "X", "type": "magic", "colors": ["red"], "cost": 1,
                           "timing": ["main"], "effects": [{"kind": "magic", "timing": ["main"], "do": [directive]}]})
    d = card_to_dict(card)
    assert d["effects"][0]["do"] == [directive] and card_from_dict(d) == card
    assert "(the top 4 cards instead if" in effect_text(card.effects[0], card)


# ---------------------------------------------------------------- the top or the bottom, as the owner chooses (CR 3-2)


def test_cr_3_2_your_opponent_returns_it_to_the_top_or_bottom_sentence():
    assert compiled("Select one of your opponent's nexuses. Your opponent returns it to either the top or the bottom "
                    "of their deck.")["do"] == [{"select": {"type": "nexus"}},
                                             {"to_deck_top": {"target": "it", "or_bottom": "owner"}}]


@pytest.mark.parametrize("top, order", [(True, ["T-NX", "T-W0", "T-R1"]), (False, ["T-W0", "T-R1", "T-NX"])])
def test_cr_3_2_played_the_owner_chooses_the_top_or_the_bottom_of_their_deck(top, order):
    db = imported_db(magic("Select one of your opponent's nexuses. Your opponent returns it to either the top or "
                           "the bottom of their deck."))
    game = game_of(db, "{life: 5, reserve: 3, hand: [ZT-009]}",
                   "{life: 5, reserve: 3, field: [T-NX], deck: [T-W0, T-R1]}")
    use(game)
    assert game.pending.player == 1 and game.pending.info["kind"] == "may"  # its owner chooses
    answer(game, top)
    assert deck(game, 1) == order and game.state.players[1].field == []


@pytest.mark.parametrize("value, field", [
    ({"target": "it", "or_bottom": "you"}, "do[0].to_deck_top.or_bottom"),
    ({"target": {"all": True}, "or_bottom": "owner"}, "do[0].to_deck_top.target"),
    ({"target": "it", "or_bottom": "owner", "more": 1}, "do[0].to_deck_top.more"),
])
def test_top_or_bottom_malformed_is_refused_naming_the_field(value, field):
    card = {"id": "X-1", "name": "X", "type": "magic", "colors": ["red"], "cost": 1, "timing": ["main"],
            "effects": [{"kind": "magic", "timing": ["main"], "do": [{"select": {}}, {"to_deck_top": value}]}]}
    with pytest.raises(CardDataError) as e:
        card_from_dict(card, file="x.yaml", set_id="X")
    assert field.replace("do[0]", "do[1]") in str(e.value.field)


def test_top_or_bottom_round_trips_and_reads_as_english():
    do = [{"select": {"type": "nexus"}}, {"to_deck_top": {"target": "it", "or_bottom": "owner"}}]
    card = card_from_dict({"id": "X-1", "name": "X", "type": "magic", "colors": ["red"], "cost": 1,
                           "timing": ["main"], "effects": [{"kind": "magic", "timing": ["main"], "do": do}]})
    d = card_to_dict(card)
    assert d["effects"][0]["do"] == do and card_from_dict(d) == card
    assert "on the top or the bottom of" in effect_text(card.effects[0], card)
