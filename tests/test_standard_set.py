"""The Battle Spirits Standard card set (cards/standard/sets/standard1.yaml, "Ashfall Tides") and its decks.

Every card is automated: its effects are data in the vocabulary of docs/card-format.md, so the text players read is
generated from them, and no card keeps hand text (`text:`, display only) or a manual effect the engine does not
run. Standard has no burst area (STD 4-1-1), so no card has a burst effect. The set has at least 90 cards and uses
Standard's own mechanisms, the profile's fields: super_unleash (STD 12-2-1-1), soul_magic (12-2-1-2) and
ex_symbol (2-10-3). Every shipped deck is legal under Standard's deck rules (STD 6-1-1: 40 or more cards, at most
3 per name and same-name id, 6-1-1-2-1), and a seeded game between two of them is set up.
"""
from __future__ import annotations

import pytest

from bss_desktop.carddb.card_text import card_text
from bss_desktop.carddb.coverage import coverage
from bss_desktop.carddb.deck_formats import read_deck
from bss_desktop.carddb.deck_rules import DECK_RULES, deck_issues
from bss_desktop.carddb.database import game_db
from bss_desktop.carddb.game_cards import card_from_record
from bss_desktop.engine.commands import Mulligan
from bss_desktop.engine.game import Game
from bss_desktop.resources import cards_dir
from bss_desktop.table import get_profile

STD = get_profile("standard")
DB = game_db(STD)
CARDS = [c for c in DB.values() if not c.token]
DECK_DIR = cards_dir() / STD.cards.decks
NEW_DECKS = ("umbral-thicket", "vesper-choir")  # the two decks of the second wave


def not_run(cards) -> dict[str, list[str]]:
    """Per card, what of its text the engine does not run: the manual effects the coverage report lists
    (`coverage.coverage`, as `bss-desktop cards coverage` reads it) and hand text (`text:`), which `card_text`
    shows for a card with no effects and no keywords and which never drives anything."""
    cards = list(cards)
    report = coverage({c.id: c for c in cards})
    found = {e["id"]: [m["text"] for m in e["manual"]] for e in report["cards"] if not e["automated"]}
    for c in cards:  # tokens too: coverage leaves them out, but a token card may carry text
        if c.text:
            found.setdefault(c.id, []).append(f"hand text: {c.text!r}")
    return found


def test_every_standard_card_is_automated_its_text_generated_from_its_effects():
    assert not_run(DB.values()) == {}
    for c in CARDS:
        text = card_text(c)
        assert not c.text and text == "\n".join(filter(None, text.split("\n"))), c.id
        assert "(resolved by hand)" not in text, c.id
    assert sum(bool(c.effects) for c in CARDS) == len(CARDS)  # no vanilla card: each has an effect


@pytest.mark.parametrize("record, why", [
    ({"text": "[When Summoned] Heavy exhaust 1 opponent's spirit."}, "hand text"),
    ({"effects": [{"kind": "triggered", "trigger": "when_summoned", "manual": True,
                   "text": "(When Summoned) Heavy exhaust 1 opponent's spirit."}]}, "Heavy exhaust"),
])
def test_the_check_refuses_a_card_with_hand_text_or_a_manual_effect(record, why):
    """The automation check can fail: a card written with hand text only (as the set's first 47 cards were) or
    with a manual effect is reported with the text the engine does not run."""
    base = {"id": "STD9-001", "name": "Hand Text", "type": "spirit", "colors": ["white"], "cost": 3,
            "symbols": ["white"], "levels": [{"level": 1, "cores": 1, "bp": 3000}], "block": "A"}
    card = card_from_record({**base, **record}, STD, set_id="STD9")
    assert list(not_run([card])) == ["STD9-001"] and why in not_run([card])["STD9-001"][0]
    assert list(not_run([card, DB["STD1-003"]])) == ["STD9-001"]


def test_no_standard_card_has_a_burst_effect():
    """STD 4-1-1: Standard has no burst area, so no card may be set or have a burst effect."""
    assert [c.id for c in DB.values() if c.burst or any(e.kind == "burst" for e in c.effects)] == []


def test_the_set_has_90_or_more_cards_of_every_colour_and_type():
    assert len(CARDS) >= 90
    assert {col for c in CARDS for col in c.colors} == {"red", "purple", "white", "yellow", "green", "blue"}
    assert {c.type for c in CARDS} == {"spirit", "nexus", "magic"}
    assert {c.cost for c in CARDS} >= set(range(9))  # a curve from 0 to 8
    ids = [c.id for c in CARDS]
    assert len(ids) == len(set(ids)) and all(i.startswith("STD1-") for i in ids)


def test_the_magic_cards_use_main_and_flash_timings():
    magic = [c for c in CARDS if c.type == "magic"]
    assert {t for c in magic for t in c.magic_timing} == {"main", "flash"}
    assert all(e.kind == "magic" for c in magic for e in c.effects)


@pytest.mark.parametrize("field, types", [
    ("super_unleash", {"spirit", "nexus"}),  # STD 12-2-1-1: LV2 with the soul core alone
    ("soul_magic", {"magic"}),  # STD 12-2-1-2-1: paid with the soul core alone
    ("ex_symbol", {"spirit", "nexus"}),  # STD 2-10-3: a card with a symbol
])
def test_each_standard_mechanism_is_on_two_or_more_cards_of_the_right_type(field, types):
    having = [c for c in CARDS if c.extra.get(field)]
    assert len(having) >= 2, field
    assert {c.type for c in having} <= types
    if field == "ex_symbol":
        assert all(c.symbols for c in having)
    if field == "soul_magic":
        assert all(c.extra[field] in c.colors for c in having)


def test_same_name_ids_are_used():
    """STD 2-1-4: "Kindleclaw Wyvern [2]" is another name for the copy limit than "Kindleclaw Wyvern"."""
    numbered = [c for c in CARDS if c.extra.get("name_id")]
    assert len(numbered) >= 8
    assert all(any(o.name == c.name and not o.extra.get("name_id") for o in CARDS) for c in numbered)


def _deck(name: str):
    return read_deck((DECK_DIR / f"{name}.txt").read_text(), DB)


def test_every_shipped_standard_deck_is_legal():
    paths = sorted(DECK_DIR.glob("*.txt"))
    assert {p.stem for p in paths} >= {"crimson-vanguard", "tidal-archive", *NEW_DECKS} and len(paths) >= 4
    for path in paths:
        imported = read_deck(path.read_text(), DB)
        assert imported.kept == [], path.name
        assert len(imported.deck.cards) >= 40, path.name
        assert deck_issues(imported.deck.cards, DB, DECK_RULES["standard"], imported.side) == [], path.name


def test_a_deck_breaking_the_copy_limit_is_refused():
    """The legality check can fail: a fourth Wickwisp in Umbral Thicket breaks STD 6-1-1-2-1."""
    cards = _deck("umbral-thicket").deck.cards + ["STD1-098"]
    assert [i.kind for i in deck_issues(cards, DB, DECK_RULES["standard"])] == ["copies"]


def _new_game(seed: int) -> Game:
    decks = [_deck(n).deck.cards for n in NEW_DECKS]
    return Game.new(DB, decks, seed, profile=STD)


def test_a_seeded_game_between_the_two_new_decks_is_set_up():
    game = _new_game(27)
    state = game.state
    assert [len(p.hand) for p in state.players] == [4, 4]  # STD 6-2-1-5: 4 cards, no bonus card
    opening = [[state.cards[i].cid for i in p.hand] for p in state.players]
    assert [len(p.hand) + len(p.deck) for p in state.players] == [44, 43]
    assert [(p.life, p.reserve) for p in state.players] == [(5, 3), (5, 3)]  # STD 6-2-1-3
    for _ in range(2):
        assert game.pending.kind == "mulligan"
        game.apply(Mulligan(game.pending.player, False))
    # no bonus card for keeping; the first turn runs by the rules to its main step, the draw step's card drawn
    first = state.first_player
    assert state.stage == "main" and state.turn_player == first
    assert [len(p.hand) for p in state.players] == [5 if p == first else 4 for p in (0, 1)]
    again = _new_game(27)
    assert [[c.cid for c in map(again.state.cards.get, p.hand)] for p in again.state.players] == opening  # seeded


def test_every_standard_mechanism_is_on_at_least_two_shipped_cards():
    """Issue 27: each of Standard's own mechanisms is played by two cards or more of the shipped set."""
    cards = [c for c in DB.values() if c.id.startswith("STD1-") and not c.token]
    ops = {d.op for c in cards for e in c.effects for d in e.do}

    def count(pred) -> int:
        return sum(1 for c in cards if pred(c))

    def has_op(op):
        return lambda c: any(d.op == op for e in c.effects for d in e.do)

    def has_trigger(*names):
        return lambda c: any(e.trigger in names for e in c.effects)

    def has_limit(*tags):
        return lambda c: any(getattr(e, "limit", None) in tags for e in c.effects)

    found = {
        "Super Unleash (STD 12-2-1-1)": count(lambda c: c.extra.get("super_unleash")),
        "Soul Magic (12-2-1-2-1)": count(lambda c: c.extra.get("soul_magic")),
        "Succession (12-2-1-3)": count(lambda c: c.extra.get("succession")),
        "EX symbols (2-10-3)": count(lambda c: c.extra.get("ex_symbol")),
        "heavy exhaust (5-16-1)": count(has_op("heavy_exhaust")),
        "removed from game (4-9)": count(has_op("remove_from_game")),
        "depletion triggers (5-11)": count(has_trigger("when_depleted", "your_spirit_depleted",
                                                       "opponent_spirit_depleted")),
        "once per turn / unstackable (12-3)": count(has_limit("once_per_turn", "unstackable",
                                                              "unstackable_once_per_turn")),
        "threshold triggers (13-1-1)": count(has_trigger("cores_reach")),
        "battle resolution triggers (8-1-5-1)": count(has_trigger("at_battle_resolution")),
        "after this effect resolves (5-19-3)": count(lambda c: any(d.after for e in c.effects for d in e.do)),
        "must (5-19-5)": count(lambda c: any(d.must for e in c.effects for d in e.do)),
    }
    assert all(n >= 2 for n in found.values()), found
    assert "heavy_exhaust" in ops


def test_std_12_2_1_the_standard_card_fields_are_written_in_the_card_text():
    """《Super Unleash》, 《Soul Magic》, 《Succession》 and an EX symbol are card fields (profiles/standard.yaml), not
    effects: the text box (face, Card panel, deck builder) says each, before the keywords and effects."""
    from bss_desktop.carddb.card_text import card_text

    std = get_profile("standard")
    heir = card_from_record({"id": "T-HEIR", "name": "Test Heir", "type": "spirit", "colors": ["red"], "cost": 6,
                             "reduction": ["red", "red"], "symbols": ["red"], "succession": True, "ex_symbol": True,
                             "super_unleash": 2,
                             "levels": [{"level": 1, "cores": 1, "bp": 6000}, {"level": 2, "cores": 3, "bp": 8000}]},
                            std)
    edict = card_from_record({"id": "T-EDICT", "name": "Test Edict", "type": "magic", "colors": ["blue"], "cost": 3,
                              "timing": ["main"], "soul_magic": "blue",
                              "effects": [{"kind": "magic", "do": [{"draw": 1}]}]}, std)
    assert card_text(heir).split("\n") == [
        "《Super Unleash》 With the soul core on it, this card is at LV2 or higher.",
        "《Succession》 As you pay its cost, you may remove cards with an EX symbol in your trash from the game: each "
        "one counts as one of its reduction symbols.",
        "〔EX symbol〕 Its symbol is an EX symbol."]
    assert card_text(edict).split("\n")[0] == ("《Soul Magic: Blue》 While you have a Blue symbol on your field, you "
                                               "may pay this card's cost with the soul core alone.")
