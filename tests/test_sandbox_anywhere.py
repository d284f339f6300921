"""The sandbox puts any card or core anywhere, the other player's areas included (README: "any card or core
anywhere"); rules mode keeps every card among its owner's areas (CR 3-1-6)."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF

from bss_desktop.client.board.layout import zone_rect
from bss_desktop.engine.commands import ManualMove, command_from_dict
from bss_desktop.engine.errors import IllegalCommand
from helpers import position
from test_client import center, drag, sandbox_window

RULES = """
    turn: 3
    turn_player: 0
    players:
      - {life: 5, reserve: 4, hand: [T-R3], field: [{card: T-R1, cores: 2}]}
      - {life: 5, reserve: 2, field: [{card: T-B2, cores: 2}]}
"""


def test_sandbox_a_hand_card_dragged_onto_the_other_players_field_goes_there_and_undo_brings_it_back(qtbot):
    w, game = sandbox_window(qtbot)
    card = game.state.players[0].hand[0]
    before = game.state_hash()
    drag(w, center(w.scene.cards[card]), QPointF(*zone_rect("field", "top").center))
    g = w.model.game
    assert card in g.state.players[1].field and g.state.cards[card].owner == 1
    assert w.scene.cards[card].side == "top"
    assert "(by hand)" in w.log.toPlainText()
    assert w.controller.undo()
    assert w.model.game.state_hash() == before


def test_sandbox_a_field_card_taken_to_the_other_side_leaves_its_cores_with_its_player(qtbot):
    w, game = sandbox_window(qtbot)
    g = w.model.game
    mine = [i for i in g.state.players[0].field if g.cores_on(i)]
    if not mine:
        pytest.skip("the sandbox position has no field card with cores")
    card = mine[0]
    reserve = g.state.players[0].reserve
    cores = g.state.cards[card].cores
    g.apply(ManualMove(0, card, "field", side=1))
    assert card in g.state.players[1].field and g.state.cards[card].cores == 0
    assert g.state.players[0].reserve == reserve + cores  # CR 3-5-5: the cores go to their player's reserve


def test_sandbox_a_core_dragged_onto_the_other_players_spirit_goes_there(qtbot):
    w, game = sandbox_window(qtbot)
    g = w.model.game
    theirs = [i for i in g.state.players[1].field if g.card_def(i).type == "spirit"]
    if not theirs or not g.state.players[0].reserve:
        pytest.skip("the sandbox position needs an opponent's spirit and a core in the reserve")
    target = theirs[0]
    before = (g.state.players[0].reserve, g.state.cards[target].cores)
    reserve = w.scene.piles[("reserve", "bottom")]
    drag(w, reserve.mapToScene(QPointF(20, 34)), center(w.scene.cards[target]))
    g = w.model.game
    assert (g.state.players[0].reserve, g.state.cards[target].cores) == (before[0] - 1, before[1] + 1)


def test_cr_3_1_6_rules_mode_refuses_a_card_to_the_other_players_area_and_changes_nothing():
    game = position(RULES)
    card = game.state.players[0].hand[0]
    before = game.state_hash()
    with pytest.raises(IllegalCommand) as e:
        game.apply(ManualMove(0, card, "field", side=1))
    assert e.value.rule == "CR 3-1-6" and game.state_hash() == before


def test_a_side_in_a_manual_move_is_checked_when_read_from_a_record():
    assert command_from_dict({"type": "manual_move", "player": 0, "card": 3, "to": "field", "side": 1}).side == 1
    assert command_from_dict({"type": "manual_move", "player": 0, "card": 3, "to": "field"}).side is None
    with pytest.raises(ValueError, match="side"):
        command_from_dict({"type": "manual_move", "player": 0, "card": 3, "to": "field", "side": 2})
