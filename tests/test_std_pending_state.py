"""Battle Spirits Standard's pending state (待機狀態, STD 5-17, 10-2-2): a destroyed or depleted card has left the
field but waits, with its cores, while the effects its leaving triggered resolve; its constant effects work on at the
level it had (a depleted card: before it lost its cores); then it goes to the trash and its cores to the reserve.
Saga has no such state: its destroyed card is in the trash at once (CR 10-1-3-4)."""
from __future__ import annotations

import textwrap

import yaml

from bss_desktop.carddb.database import CardDB
from bss_desktop.carddb.schema import card_from_dict
from bss_desktop.engine import Choose, UseMagic
from bss_desktop.engine.invariants import check
from bss_desktop.engine.position import game_from_position

# Original test cards (nothing official).
CARDS = [
    {"id": "P-BIG", "name": "Ember Colossus", "type": "spirit", "colors": ["red"], "cost": 4, "symbols": ["red"],
     "levels": [{"level": 1, "cores": 1, "bp": 5000}]},
    # constant: the opponent's spirits -2000 BP; when destroyed: you may destroy an opponent's spirit of 3000 BP or less
    {"id": "P-WARD", "name": "Gravewarden", "type": "spirit", "colors": ["purple"], "cost": 3, "symbols": ["purple"],
     "levels": [{"level": 1, "cores": 1, "bp": 3000}],
     "effects": [{"kind": "constant", "do": [{"bp": {"target": {"side": "opponent", "all": True}, "add": -2000}}]},
                 {"kind": "triggered", "trigger": "when_destroyed",
                  "do": [{"destroy": {"side": "opponent", "bp_max": 3000}, "may": True}]}]},
    # LV2 only: the opponent's spirits -2000 BP; when depleted: you may destroy an opponent's spirit of 3000 BP or less
    {"id": "P-DEEP", "name": "Deepwell Shade", "type": "spirit", "colors": ["purple"], "cost": 3,
     "symbols": ["purple"],
     "levels": [{"level": 1, "cores": 1, "bp": 1000}, {"level": 2, "cores": 3, "bp": 4000}],
     "effects": [{"kind": "constant", "levels": [2],
                  "do": [{"bp": {"target": {"side": "opponent", "all": True}, "add": -2000}}]},
                 {"kind": "triggered", "trigger": "when_depleted",
                  "do": [{"destroy": {"side": "opponent", "bp_max": 3000}, "may": True}]}]},
    # when destroyed: you may draw 1
    {"id": "P-OWL", "name": "Ashfall Owl", "type": "spirit", "colors": ["purple"], "cost": 1, "symbols": ["purple"],
     "levels": [{"level": 1, "cores": 1, "bp": 1000}],
     "effects": [{"kind": "triggered", "trigger": "when_destroyed", "do": [{"draw": 1, "may": True}]}]},
    {"id": "P-PUP", "name": "Ash Pup", "type": "spirit", "colors": ["red"], "cost": 1, "symbols": ["red"],
     "levels": [{"level": 1, "cores": 1, "bp": 1000}]},
    # [Main] magic: destroy 1 opponent's spirit; send 3 cores from 1 opponent's spirit to its owner's reserve
    {"id": "P-SMITE", "name": "Smite", "type": "magic", "colors": ["red"], "cost": 0, "timing": ["main"],
     "effects": [{"kind": "magic", "do": [{"destroy": {"side": "opponent"}}]}]},
    {"id": "P-DRAIN", "name": "Marrow Drain", "type": "magic", "colors": ["purple"], "cost": 0, "timing": ["main"],
     "effects": [{"kind": "magic", "do": [{"core_remove": {"target": {"side": "opponent"}, "count": 3}}]}]},
]


def position(text: str, game: str = "standard", more=()):
    """A position of `game` with the test cards (and `more` of them)."""
    data = yaml.safe_load(textwrap.dedent(text))
    data["game"] = game
    for p in data["players"]:
        p.setdefault("deck", ["P-PUP"] * 10)
    return game_from_position(data, CardDB([card_from_dict(c) for c in [*CARDS, *more]]))


WARDEN = """
    turn: 3
    turn_player: 0
    players:
      - {life: 5, reserve: 0, hand: [P-SMITE], field: [{card: P-BIG, cores: 1}]}
      - {life: 5, reserve: 0, field: [{card: P-WARD, cores: 2}]}
"""


def test_std_10_2_2_4_and_5_a_destroyed_spirit_waits_pending_with_its_cores_and_its_constant_effect_works_on():
    game = position(WARDEN)
    st = game.state
    colossus, warden = st.players[0].field[0], st.players[1].field[0]
    assert game.bp(colossus) == 3000  # Gravewarden's constant effect on the field
    events = game.apply(UseMagic(0, st.players[0].hand[0]))
    assert "destroyed" in [e.kind for e in events]
    # its "when destroyed" effect asks whether to destroy; Gravewarden has left the field but is not in the trash
    assert game.pending.kind == "choose" and game.pending.player == 1
    card = st.cards[warden]
    assert card.zone == "pending" and warden not in st.players[1].field and warden not in st.players[1].trash
    assert card.cores == 2 and st.players[1].reserve == 0  # its cores are still on it (STD 10-2-2-5)
    assert game.bp(colossus) == 3000  # STD 10-2-2-4: its constant effect still lowers the opponent's BP
    assert check(game) == []
    game.apply(Choose(1, True))  # yes: Ember Colossus, 3000 BP now, is destroyed
    assert st.cards[colossus].zone == "trash"
    # its leaving is over: Gravewarden goes to the trash, its cores to the reserve (STD 10-2-2-5)
    assert card.zone == "trash" and warden in st.players[1].trash and card.cores == 0
    assert st.players[1].reserve == 2 and st.pending_cards == []
    assert check(game) == []


def test_saga_has_no_pending_state_the_destroyed_spirit_is_in_the_trash_and_its_constant_effect_is_gone():
    """CR 10-1-3-4: in Saga the same position sends Gravewarden to the trash at once; its constant effect ends, so
    Ember Colossus is 5000 BP and its "when destroyed" effect finds no spirit of 3000 BP or less."""
    game = position(WARDEN, game="bss")
    st = game.state
    colossus, warden = st.players[0].field[0], st.players[1].field[0]
    game.apply(UseMagic(0, st.players[0].hand[0]))
    assert st.cards[warden].zone == "trash" and st.players[1].reserve == 2
    if game.pending.kind == "choose":  # (a "may" with nothing to destroy: answered, it does nothing)
        game.apply(Choose(game.pending.player, True))
    assert st.cards[colossus].zone == "field" and game.bp(colossus) == 5000


def test_std_10_2_2_3_a_depleted_spirit_keeps_its_level_before_depletion_so_its_lv2_constant_effect_works_on():
    game = position("""
        turn: 3
        turn_player: 0
        players:
          - {life: 5, reserve: 0, hand: [P-DRAIN], field: [{card: P-BIG, cores: 1}]}
          - {life: 5, reserve: 0, field: [{card: P-DEEP, cores: 3}]}
    """)
    st = game.state
    colossus, shade = st.players[0].field[0], st.players[1].field[0]
    assert game.level(shade) == 2 and game.bp(colossus) == 3000
    events = game.apply(UseMagic(0, st.players[0].hand[0]))
    assert "depleted" in [e.kind for e in events] and "destroyed" not in [e.kind for e in events]
    assert st.cards[shade].zone == "pending" and game.level(shade) == 2  # its level before depletion
    assert game.bp(colossus) == 3000  # its LV2 constant effect works on in the pending state
    game.apply(Choose(1, True))
    assert st.cards[colossus].zone == "trash"
    assert st.cards[shade].zone == "trash" and st.players[1].reserve == 3  # the cores the drain sent, none on it
    assert check(game) == []


def test_std_10_2_2_5_the_soul_core_on_a_pending_spirit_goes_to_the_reserve_when_its_leaving_is_over():
    game = position("""
        turn: 3
        turn_player: 0
        players:
          - {life: 5, reserve: 0, hand: [P-SMITE]}
          - {life: 5, reserve: 0, soul_core: field, field: [{card: P-OWL, cores: 1, soul_core: true}]}
    """)
    st = game.state
    owl = st.players[1].field[0]
    game.apply(UseMagic(0, st.players[0].hand[0]))
    assert st.cards[owl].zone == "pending" and st.players[1].soul == owl  # still on it while "may draw" waits
    assert check(game) == []
    hand = len(st.players[1].hand)
    game.apply(Choose(1, True))
    assert len(st.players[1].hand) == hand + 1
    assert st.cards[owl].zone == "trash" and st.players[1].soul == "reserve" and st.players[1].reserve == 1


def test_std_5_17_1_a_pending_card_is_shown_to_both_players_as_leaving_neither_on_the_field_nor_in_the_trash():
    """While its "when destroyed" effect waits, the card is in no zone a player counts: not the field (5-17-1), not
    yet the trash. Both players' views show it as leaving, with its cores and its level; the log says when it goes."""
    from bss_desktop.gamelog import describe

    game = position(WARDEN)
    st = game.state
    warden = st.players[1].field[0]
    game.apply(UseMagic(0, st.players[0].hand[0]))
    for seat in (0, 1):
        p1 = game.view(seat)["players"][1]
        assert [c["card"] for c in p1["leaving"]] == [warden]
        assert p1["leaving"][0]["cores"] == 2 and p1["leaving"][0]["level"] == 1
        assert warden not in [c["card"] for c in p1["field"] + p1["trash"]]
    events = game.apply(Choose(1, False))  # no: Gravewarden's effect does nothing, its leaving is over
    assert "leaving" not in game.view(0)["players"][1]
    lines = [describe(game, e, None) for e in events]
    assert any("Gravewarden leaves its pending state for the trash (STD 10-2-2-5)" in line for line in lines), lines


BOUNCE = [
    {"id": "P-TIDE", "name": "Ebb Tide", "type": "magic", "colors": ["blue"], "cost": 0, "timing": ["main"],
     "effects": [{"kind": "magic", "do": [{"bounce": {"side": "opponent"}}]}]},
    # when destroyed: return this spirit to its owner's hand (it is in a pending state then, out of every effect's reach)
    {"id": "P-KITE", "name": "Homing Kite", "type": "spirit", "colors": ["blue"], "cost": 1, "symbols": ["blue"],
     "levels": [{"level": 1, "cores": 1, "bp": 1000}],
     "effects": [{"kind": "triggered", "trigger": "when_destroyed", "do": [{"bounce": "this"}]}]},
]


def bounce_position(text: str):
    return position(text, more=BOUNCE)


def test_std_ruling_8_a_spirit_returned_to_the_hand_is_there_at_once_with_its_cores_in_the_reserve():
    game = bounce_position("""
        turn: 3
        turn_player: 0
        players:
          - {life: 5, reserve: 0, hand: [P-TIDE]}
          - {life: 5, reserve: 0, field: [{card: P-WARD, cores: 2}]}
    """)
    st = game.state
    warden = st.players[1].field[0]
    game.apply(UseMagic(0, st.players[0].hand[0]))
    assert st.cards[warden].zone == "hand" and st.players[1].reserve == 2 and st.pending_cards == []
    assert check(game) == []


def test_std_ruling_8_no_effect_reaches_a_card_in_its_pending_state():
    """Homing Kite's "when destroyed: return this spirit to the hand" finds no spirit on the field: the card waits in
    its pending state, out of reach (no transition, 10-2-2-6), and then goes to the trash."""
    game = bounce_position("""
        turn: 3
        turn_player: 0
        players:
          - {life: 5, reserve: 0, hand: [P-SMITE]}
          - {life: 5, reserve: 0, field: [{card: P-KITE, cores: 1}]}
    """)
    st = game.state
    kite = st.players[1].field[0]
    events = game.apply(UseMagic(0, st.players[0].hand[0]))
    assert [e.data["reason"] for e in events if e.kind == "card_moved" and e.data["card"] == kite] == \
        ["destroyed", "pending_over"]
    assert st.cards[kite].zone == "trash" and st.players[1].reserve == 1


def test_std_a_view_with_a_pending_card_passes_the_guests_check_and_a_hostile_one_is_named():
    """What a LAN host sends (engine/view.py, with aliases: protocol/redaction.py) and how the guest checks it: a card
    in a pending state is `leaving`; a malformed or oversized list is refused naming the field."""
    import pytest

    from bss_desktop.limits import MAX_ZONE_CARDS
    from bss_desktop.protocol.messages import MessageError, check_view
    from bss_desktop.protocol.redaction import SeatWindow

    game = position(WARDEN)
    st = game.state
    warden = st.players[1].field[0]
    seat = SeatWindow.for_game(game, 0)
    seat.events(game.apply(UseMagic(0, st.players[0].hand[0])))
    view = seat.view(game)
    check_view(view)
    (entry,) = view["players"][1]["leaving"]
    assert entry["card"] == seat.ref(warden) and entry["cid"] == "P-WARD" and entry["cores"] == 2  # (an alias)
    for bad, field in ((["x"], "leaving[0]"), ([{**entry, "level": "high"}], "leaving[0].level"),
                       ([], "leaving"), ([entry] * (MAX_ZONE_CARDS + 1), "leaving")):
        hostile = {**view, "players": [view["players"][0], {**view["players"][1], "leaving": bad}]}
        with pytest.raises(MessageError) as e:
            check_view(hostile)
        assert e.value.field == f"view.players[1].{field}"
