"""Effects the players resolve by hand are announced when their moment comes (CR 8-6-2, 10-9): a manual triggered
effect when its trigger fires, a manual burst to its owner when its condition is met, constant and activated ones
as the card is played. They never enter the engine's resolution queue. The cards are defined inline; every text
is invented for the tests."""
from __future__ import annotations

import textwrap

import pytest
from helpers import position

from bss_desktop.engine.commands import Attack, Block, EndAttack, EndMain, Pass, Summon
from bss_desktop.engine.settings import Ruleset
from bss_desktop.gamelog import MANUAL_MARK, describe
from bss_desktop.protocol.redaction import SeatWindow

CARDS = """
cards:
  - {id: X-BARD, name: Ember Bard, type: spirit, colors: [red], cost: 1, symbols: [red],
     levels: [{level: 1, cores: 1, bp: 1000}, {level: 2, cores: 3, bp: 2000}],
     effects: [{kind: triggered, trigger: when_attacks, manual: true, text: "(When Attacks) Hum a tune."},
               {kind: triggered, trigger: when_destroyed, manual: true, text: "Write its name in the ash book."},
               {kind: triggered, trigger: when_attacks, levels: [2], manual: true, text: "Hum louder."},
               {kind: constant, manual: true, text: "Its owner speaks in rhyme."}]}
  - {id: X-WALL, name: Moss Wall, type: spirit, colors: [green], cost: 1, symbols: [green],
     levels: [{level: 1, cores: 1, bp: 5000}],
     effects: [{kind: triggered, trigger: when_blocks, manual: true, text: "Plant a seed."}]}
  - {id: X-DAWN, name: Dawn Lark, type: spirit, colors: [yellow], cost: 1, symbols: [yellow],
     levels: [{level: 1, cores: 1, bp: 1000}],
     effects: [{kind: triggered, trigger: end_of_turn, whose: you, manual: true, text: "Sing the evening song."}]}
  - {id: X-TRAP, name: Snare Hymn, type: magic, colors: [blue], cost: 1, symbols: [], timing: [flash],
     effects: [{kind: burst, trigger: opponent_attacks, manual: true, text: "Burst: tie a knot."},
               {kind: magic, timing: [flash], manual: true, text: "Untie a knot."}]}
"""


def position_of(p0: str, p1: str, *, step: str = "attack", settings=None):
    text = textwrap.dedent(f"""\
        turn: 4
        turn_player: 0
        first_player: 1
        step: {step}
        players:
          - {p0}
          - {p1}
        """) + CARDS
    return position(text, settings=settings)


def manual(events):
    return [e for e in events if e.kind == "manual_effect"]


def field(game, p, n=0):
    return game.state.players[p].field[n]


def test_cr_8_6_2_a_manual_when_attacks_effect_is_announced_when_the_spirit_attacks_not_when_summoned():
    game = position_of("{life: 5, reserve: 3, hand: [X-BARD]}", "{life: 5}", step="main")
    bard = game.state.players[0].hand[0]
    summoned = manual(game.apply(Summon(0, bard)))
    # played: only what it does while on the field (its constant text); its triggered texts wait for their moment
    assert [e["texts"] for e in summoned] == [["Its owner speaks in rhyme."]]
    game.apply(EndMain(0))
    attacked = game.apply(Attack(0, bard))
    (ann,) = manual(attacked)
    assert ann["card"] == bard and ann["texts"] == ["(When Attacks) Hum a tune."] and ann["trigger"] == "when_attacks"
    assert attacked.index(ann) == next(i for i, e in enumerate(attacked) if e.kind == "attack") + 1  # right then
    line = describe(game, ann, 1)
    assert line.startswith(MANUAL_MARK) and "Ember Bard" in line and "When Attacks" in line and "Hum a tune." in line
    assert "Hum louder." not in line  # CR 2-10-2: its LV2 effect is not there at LV1
    assert not game.state.queue and game.pending.kind != "order"  # nothing for the engine to resolve


def test_cr_2_10_2_a_manual_trigger_needs_the_level_it_is_written_for():
    game = position_of("{life: 5, field: [{card: X-BARD, cores: 3}]}", "{life: 5}")
    (ann,) = manual(game.apply(Attack(0, field(game, 0))))
    assert ann["texts"] == ["(When Attacks) Hum a tune.", "Hum louder."]


def _to_block(game):
    """Both players pass the attack's flash window (CR 7-1-2-1)."""
    while game.pending.kind == "flash":
        game.apply(Pass(game.pending.player))


def test_cr_10_15_1_when_destroyed_and_when_blocks_are_announced_at_their_moment():
    game = position_of("{life: 5, field: [{card: X-BARD, cores: 1}]}", "{life: 5, field: [{card: X-WALL, cores: 1}]}")
    bard, wall = field(game, 0), field(game, 1)
    game.apply(Attack(0, bard))
    _to_block(game)
    blocked = manual(game.apply(Block(1, wall)))
    assert [(e["card"], e["texts"], e["trigger"]) for e in blocked] == [(wall, ["Plant a seed."], "when_blocks")]
    events = []
    while game.state.cards[bard].zone == "field":
        events += game.apply(Pass(game.pending.player))
    (ann,) = manual(events)  # 1000 against 5000: destroyed in battle (CR 7-1-5-2-1)
    assert ann["card"] == bard and ann["texts"] == ["Write its name in the ash book."]
    assert ann["trigger"] == "when_destroyed"
    assert "Ember Bard" in describe(game, ann, 0) and "ash book" in describe(game, ann, 0)


def test_cr_8_6_2_an_end_of_turn_manual_effect_is_announced_in_its_players_end_step_only():
    game = position_of("{life: 5, field: [{card: X-DAWN, cores: 1}]}", "{life: 5, field: [{card: X-DAWN, cores: 1}]}")
    (ann,) = manual(game.apply(EndAttack(0)))
    assert ann["card"] == field(game, 0) and ann["texts"] == ["Sing the evening song."]
    assert "End of your turn" in describe(game, ann, None)


@pytest.mark.parametrize("decoys", [False, True])
def test_cr_10_9_a_manual_burst_is_told_to_its_owner_alone_when_its_condition_is_met(decoys):
    settings = Ruleset(ask_every_burst_moment=decoys)
    game = position_of("{life: 5, field: [{card: X-BARD, cores: 1}]}", "{life: 5, burst: X-TRAP}", settings=settings)
    seats = [SeatWindow.for_game(game, s) for s in (0, 1)]
    for s in seats:
        s.events([])
    burst = game.state.players[1].burst
    events = game.apply(Attack(0, field(game, 0)))
    anns = manual(events)
    (trap,) = [e for e in anns if e["card"] == burst]
    assert trap["burst"] and trap["texts"] == ["Burst: tie a knot."] and trap["player"] == 1
    owner, attacker = seats[1].events(events), seats[0].events(events)
    told = [e for e in owner if e["kind"] == "manual_effect" and e.get("burst")]
    assert told and told[0]["texts"] == ["Burst: tie a knot."] and told[0]["cid"] == "X-TRAP"
    # the attacker learns nothing: not the text, not the card, not even that an announcement came (CR 3-8-2)
    assert not any(e["kind"] == "manual_effect" and e.get("burst") for e in attacker)
    assert "tie a knot" not in repr(attacker) and "X-TRAP" not in repr(attacker)
    assert "tie a knot" in describe(game, trap, 1) and describe(game, trap, 0) == ""
    assert describe(game, trap, -1) == ""  # hot-seat: the shared log names no hidden card
    # the burst is not in the engine's queue as something to resolve
    assert all(a.ref[0] != "burst" or a.ref[1] is None for a in game.state.queue)


def test_a_manual_effect_of_a_face_up_card_is_public_over_the_lan():
    game = position_of("{life: 5, field: [{card: X-BARD, cores: 1}]}", "{life: 5}")
    window = SeatWindow.for_game(game, 1)
    window.events([])
    out = window.events(game.apply(Attack(0, field(game, 0))))
    (ann,) = [e for e in out if e["kind"] == "manual_effect"]
    assert ann["cid"] == "X-BARD" and ann["texts"] == ["(When Attacks) Hum a tune."] and ann["card"] is not None


def test_a_magic_cards_manual_magic_text_is_announced_as_it_is_used_and_its_burst_text_is_not():
    from bss_desktop.engine.commands import UseMagic

    game = position_of("{life: 5, reserve: 3, hand: [X-TRAP], field: [{card: X-WALL, cores: 1}]}", "{life: 5}")
    game.apply(Attack(0, field(game, 0)))
    while game.pending.player != 0:  # the attacking player's turn in the flash window (CR 7-1-2-1)
        game.apply(Pass(game.pending.player))
    events = game.apply(UseMagic(0, game.state.players[0].hand[0]))
    assert [e["texts"] for e in manual(events)] == [["Untie a knot."]]


def test_the_game_log_and_status_bar_show_the_text_when_the_player_attacks(qtbot):
    pytest.importorskip("pytestqt")
    from PySide6.QtCore import QPointF, Qt
    from PySide6.QtTest import QTest

    from bss_desktop.client.board.layout import CARD_H, CARD_W
    from bss_desktop.client.windows.game import GameWindow

    game = position_of("{life: 5, field: [{card: X-BARD, cores: 1}]}", "{life: 5}")
    w = GameWindow(game, seats=("human", "human"), animation_ms=0)
    qtbot.addWidget(w)
    w.resize(1280, 800)
    w.show()
    qtbot.waitExposed(w)
    w.view.fitInView(w.scene.sceneRect(), Qt.KeepAspectRatio)
    assert "Hum a tune." not in w.log.toPlainText()
    bard = field(game, 0)
    port = w.view.viewport()
    at = w.view.mapFromScene(w.scene.cards[bard].mapToScene(QPointF(CARD_W / 2, CARD_H / 2)))
    QTest.mousePress(port, Qt.LeftButton, Qt.NoModifier, at)  # a double-click, as a mouse makes it
    QTest.mouseRelease(port, Qt.LeftButton, Qt.NoModifier, at)
    QTest.mouseDClick(port, Qt.LeftButton, Qt.NoModifier, at)
    QTest.mouseRelease(port, Qt.LeftButton, Qt.NoModifier, at)
    assert game.state.battle is not None and game.state.battle.attacker == bard
    line = next(t for t in w.log.toPlainText().splitlines() if "Hum a tune." in t)
    assert "Ember Bard" in line and "When Attacks" in line
    assert "Hum a tune." in w.statusBar().currentMessage()
