"""The board as a player sees it (issue 25): what an outside audit found playing the app in a real window, each
checked from the player's side — the real windows, driven with the mouse, the keys and the buttons."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest
from test_client import center, drag

from bss_desktop.client.board.layout import zone_rect
from bss_desktop.client.windows.game import GameWindow
from bss_desktop.engine.commands import Attack, Block, EndAttack, EndMain, Pass
from helpers import first, position


def settle(ms: int = 400) -> None:
    """Let every move and turn of the board finish, as a player waits to look."""
    QTest.qWait(ms)


def board_picture(scene) -> dict:
    """What the board shows: each card where it rests (place, turn, size, face) and the battle's arrows."""
    out = {}
    for key, item in scene.cards.items():
        out[key] = (item.isVisible(), round(item.pos().x()), round(item.pos().y()), round(item.rotation()),
                    round(item.scale(), 2), item.card.id if item.card is not None else None, item.zone)
    for name in ("arrow_attack", "arrow_block"):
        arrow = getattr(scene, name)
        path = arrow.path
        ends = [(round(path.elementAt(i).x), round(path.elementAt(i).y)) for i in range(path.elementCount())]
        out[name] = (True, ends) if arrow.isVisible() else (False, None)
    return out


# ---------------------------------------------------------------- 13: a replay's jumps draw the board stepping draws

BATTLES = """
    turn: 3
    turn_player: 0
    step: attack
    players:
      - life: 5
        reserve: 2
        field: [{card: T-R5, cores: 1}, {card: T-W0, cores: 1}, {card: T-B2, cores: 2}]
      - life: 5
        reserve: 2
        field: [{card: T-R1, cores: 1}, {card: T-G4, cores: 1}]
"""


def recorded_battles() -> dict:
    """A real game's record: Red Titan's attack is blocked by Red Pup (exhausted, destroyed: to the trash); Zero
    Wisp's by Green Stag (exhausted, it wins); the next turn the Stag, refreshed (CR 6-4), attacks and Blue Guard
    blocks it (exhausted): the record ends in that battle, arrows drawn."""
    from bss_desktop.engine.record import to_record

    game = position(BATTLES)

    def passes():
        while game.pending.kind == "flash":
            game.apply(Pass(game.pending.player))

    titan, wisp, guard = first(game, 0, "T-R5"), first(game, 0, "T-W0"), first(game, 0, "T-B2")
    pup, stag = first(game, 1, "T-R1"), first(game, 1, "T-G4")
    for attacker, blocker in ((titan, pup), (wisp, stag)):
        game.apply(Attack(0, attacker))
        passes()
        game.apply(Block(1, blocker))
        passes()
    game.apply(EndAttack(0))
    game.apply(EndMain(1))
    game.apply(Attack(1, stag))
    passes()
    game.apply(Block(0, guard))
    st = game.state
    assert [st.cards[i].zone for i in (pup, wisp)] == ["trash", "trash"] and st.cards[stag].exhausted
    assert st.cards[guard].exhausted and st.battle is not None and st.battle.blocker == guard
    return to_record(game), game.db


def replay_window(qtbot, record, db):
    from bss_desktop.client.windows.replay import ReplayWindow

    w = ReplayWindow(record, db)
    qtbot.addWidget(w)
    w.resize(1366, 768)
    w.show()
    qtbot.waitExposed(w)
    return w


def test_replay_last_draws_the_board_that_stepping_to_the_end_draws(qtbot):
    """Issue 25 item 13: after *Last* no turned card over the trash, no upright exhausted spirit, no stale arrow —
    the scene is the one Forward pressed to the end leaves, card for card and arrow for arrow."""
    record, db = recorded_battles()
    stepped = replay_window(qtbot, record, db)
    while stepped.step < stepped.total:
        stepped.buttons["Forward"].click()
        settle(200)
    settle()
    expected = board_picture(stepped.scene)
    assert expected["arrow_attack"][0] and expected["arrow_block"][0]  # the record ends in a blocked battle
    jumped = replay_window(qtbot, record, db)
    jumped.buttons["Last"].click()
    settle()
    assert board_picture(jumped.scene) == expected
    # Back then Forward (one step each) land on the same board again
    jumped.buttons["Back"].click()
    settle()
    jumped.buttons["Forward"].click()
    settle()
    assert board_picture(jumped.scene) == expected


@pytest.mark.parametrize("k", [0, 3, 7])
def test_replay_first_and_slider_jumps_draw_the_board_stepping_draws(qtbot, k):
    record, db = recorded_battles()
    stepped = replay_window(qtbot, record, db)
    for _ in range(k):
        stepped.buttons["Forward"].click()
        settle(200)
    settle()
    expected = board_picture(stepped.scene)
    jumped = replay_window(qtbot, record, db)
    jumped.buttons["Last"].click()
    settle(50)
    if k == 0:
        jumped.buttons["First"].click()
    else:
        jumped.slider.setValue(k)  # as dragging the slider there does
    settle()
    assert jumped.step == k and board_picture(jumped.scene) == expected


# ---------------------------------------------------------------- 16: the arrow follows the battle

QUAKE = """
    turn: 3
    turn_player: 0
    step: attack
    players:
      - life: 5
        reserve: 2
        hand: [E-QUAKE]
        field: [{card: T-R5, cores: 1}]
      - life: 5
        reserve: 2
        field: [{card: T-R1, cores: 1}]
"""


def test_a_blocked_attacks_arrow_goes_when_the_blocker_leaves_and_never_points_at_the_life(qtbot):
    """Issue 25 item 16 (the board's part): Red Pup blocks Red Titan; in the flash window after the block the
    attacking player uses Quake (destroys the opponent's spirits up to 5000 BP) from the hand. The attack was
    blocked, so no life is lost (CR 7-1-5-1): the arrow must not turn to the life."""
    game = position(QUAKE)
    titan, pup = first(game, 0, "T-R5"), first(game, 1, "T-R1")
    game.apply(Attack(0, titan))
    while game.pending.kind == "flash":
        game.apply(Pass(game.pending.player))
    game.apply(Block(1, pup))
    game.apply(Pass(1))  # the blocking player passes first (CR 7-1-4-1); the attacker has priority now
    w = GameWindow(game, seats=("human", "ai"), animation_ms=0)
    qtbot.addWidget(w)
    w.controller.ai_delay_ms = 10 ** 6
    w.resize(1366, 768)
    w.show()
    qtbot.waitExposed(w)
    w.view.fitInView(w.scene.sceneRect(), Qt.KeepAspectRatio)
    scene = w.scene
    assert scene.arrow_attack.isVisible() and scene.arrow_block.isVisible()
    quake = first(game, 0, "E-QUAKE", "hand")
    drag(w, center(scene.cards[quake]), QPointF(*zone_rect("use", "shared").center))
    assert game.state.cards[pup].zone == "trash" and game.state.battle is not None  # the battle goes on
    life = QPointF(*zone_rect("life", "top").center)
    attack = scene.arrow_attack
    assert not (attack.isVisible() and attack.path.pointAtPercent(1.0) == life)
    assert not scene.arrow_block.isVisible()
    assert game.state.players[1].life == 5
