"""A combined Brave in an Eternal position (ETR §Brave; engine/position.py, docs/position-format.md): a field card
may carry `on: field[I]`, combined with that spirit. "Any Cores placed on the Brave are moved onto the Spirit it
combines with", so a combined Brave needs no LV1 cores of its own; `on` must name one of its owner's field cards of
`combines.with` (spirit, ultimate), not itself, in range, and not a spirit already carrying one ("You cannot combine
another Brave with a Combined Spirit"). Each refusal names the field."""
from __future__ import annotations

import pytest

from bss_desktop.carddb.database import game_db
from bss_desktop.engine.commands import ManualAttach, ManualExhaust
from bss_desktop.engine.errors import PositionError
from bss_desktop.engine.position import game_from_position, position_from_game
from bss_desktop.engine.settings import Ruleset
from bss_desktop.table import get_profile

SANDBOX = Ruleset(sandbox=True)
ETR = get_profile("eternal")
DB = game_db(ETR)
VALDREN = "ETR1-005"  # spirit, LV1 1 core 5000 / LV2 3 cores 7000
LANCER = "ETR1-002"  # spirit, LV1 2000
FLAMEBRAND = "ETR1-008"  # Brave, BP+ 3000
CINDERGAUNTLET = "ETR1-009"  # Brave, BP+ 2000
ARMORY = "ETR1-013"  # a nexus


def position(mine: list, theirs: list | None = None) -> dict:
    return {"game": "eternal", "turn": 2, "turn_player": 0, "players": [
        {"life": 5, "reserve": 3, "deck": [LANCER] * 5, "field": mine},
        {"life": 5, "reserve": 3, "deck": [LANCER] * 5, "field": theirs or []}]}


def test_etr_brave_a_combined_brave_round_trips_through_a_position_with_an_equal_state_hash():
    """ETR §Brave: combined by hand (ManualAttach), its core moved onto the spirit and the spirit exhausted with it;
    the saved position (its `on: field[0]`, no cores of its own) loads back to the same state."""
    game = game_from_position(position([{"card": VALDREN, "cores": 3}, {"card": FLAMEBRAND, "cores": 1},
                                        {"card": LANCER, "cores": 1}, {"card": CINDERGAUNTLET, "cores": 1}]),
                              DB, settings=SANDBOX)
    valdren, brave, lancer, gauntlet = game.state.players[0].field
    game.apply(ManualExhaust(0, brave, True))
    game.apply(ManualAttach(0, brave, valdren))
    game.apply(ManualAttach(0, gauntlet, lancer))
    assert game.state.cards[brave].cores == 0 and game.bp(valdren) == 7000 + 3000
    saved = position_from_game(game)
    entry = saved["players"][0]["field"][1]
    assert entry["on"] == "field[0]" and entry["cores"] == 0
    again = game_from_position(saved, DB, settings=SANDBOX)
    assert again.state.hash() == game.state.hash()
    spirit, brave2 = again.state.players[0].field[:2]
    assert again.state.table.marks[brave2].on == spirit and again.bp(spirit) == 10000
    assert again.state.cards[spirit].exhausted  # the exhausted Brave made the combined spirit exhausted
    assert position_from_game(again) == saved


def test_etr_brave_a_hand_written_combined_brave_takes_no_cores_of_its_own():
    """A position leaving `cores` out of a combined Brave gives it none (they are its spirit's, ETR §Brave)."""
    game = game_from_position(position([{"card": VALDREN, "cores": 3}, {"card": FLAMEBRAND, "on": "field[0]"}]),
                              DB, settings=SANDBOX)
    spirit, brave = game.state.players[0].field
    assert game.state.cards[brave].cores == 0 and game.bp(spirit) == 10000


def test_etr_brave_an_uncombined_brave_still_needs_its_lv1_cores():
    """CR 9-3-2 / ETR §Brave: "When Summoning a Brave in Spirit state ... at least Lv1": only a combined one is spared."""
    with pytest.raises(PositionError) as e:
        game_from_position(position([{"card": VALDREN, "cores": 3}, {"card": FLAMEBRAND, "cores": 0}]), DB,
                           settings=SANDBOX)
    assert e.value.field == "players[0].field[1].cores"


@pytest.mark.parametrize("field,theirs,where,words", [
    ([{"card": VALDREN, "cores": 1}, {"card": FLAMEBRAND, "on": "field[1]"}], None,
     "players[0].field[1].on", "cannot combine with itself"),
    ([{"card": VALDREN, "cores": 1}, {"card": FLAMEBRAND, "on": "field[5]"}], None,
     "players[0].field[1].on", "there is no card 'field[5]'"),
    ([{"card": ARMORY}, {"card": FLAMEBRAND, "on": "field[0]"}], None,
     "players[0].field[1].on", "combines with a spirit, ultimate, not a nexus"),
    ([{"card": FLAMEBRAND, "cores": 1}, {"card": CINDERGAUNTLET, "on": "field[0]"}], None,
     "players[0].field[1].on", "not a brave"),
    ([{"card": VALDREN, "cores": 1}, {"card": FLAMEBRAND, "on": "field[0]"}, {"card": CINDERGAUNTLET, "on": "field[0]"}],
     None, "players[0].field[2].on", "already carries a brave"),
    ([{"card": FLAMEBRAND, "on": "opponent.field[0]"}], [{"card": VALDREN, "cores": 1}],
     "players[0].field[0].on", "on its owner's field"),
    ([{"card": VALDREN, "cores": 1}, {"card": FLAMEBRAND, "on": 3}], None,
     "players[0].field[1].on", "expected a card such as"),
])
def test_etr_brave_on_naming_a_card_that_cannot_carry_it_is_refused_naming_the_field(field, theirs, where, words):
    """ETR §Brave: a Brave combines with a spirit (or an Ultimate) on its owner's field, and "You cannot combine
    another Brave with a Combined Spirit"."""
    with pytest.raises(PositionError) as e:
        game_from_position(position(field, theirs), DB, settings=SANDBOX)
    assert e.value.field == where and words in e.value.message, e.value
    if not words.startswith(("there is no card", "expected a card")):  # a Brave's rule: named
        assert "ETR §Brave" in e.value.message
