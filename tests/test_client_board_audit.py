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
from bss_desktop.engine.settings import Ruleset
from helpers import first, position


def against_the_computer(qtbot, game, size=(1366, 768), *, fit: bool = True) -> GameWindow:
    """The human's window of `game` against a computer that takes its time (its decisions stay on the board),
    shown at `size`; with `fit`, the board fitted to the view as the tests above it measure it."""
    w = GameWindow(game, seats=("human", "ai"), animation_ms=0)
    qtbot.addWidget(w)
    w.controller.ai_delay_ms = 10 ** 6
    w.resize(*size)
    w.show()
    qtbot.waitExposed(w)
    if fit:
        w.view.fitInView(w.scene.sceneRect(), Qt.KeepAspectRatio)
    return w


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
    w = against_the_computer(qtbot, game)
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


# ---------------------------------------------------------------- 21: a card back in the hand is the card as printed

def item_image(item):
    """The card item as painted on the board, alone (its face and whatever it carries)."""
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtWidgets import QStyleOptionGraphicsItem

    rect = item.boundingRect()
    image = QImage(int(rect.width()), int(rect.height()), QImage.Format_ARGB32_Premultiplied)
    image.fill(0)
    p = QPainter(image)
    p.translate(-rect.x(), -rect.y())
    item.paint(p, QStyleOptionGraphicsItem(), None)
    p.end()
    return image


def sandbox_window(qtbot, game, size=(1366, 768)) -> GameWindow:
    w = GameWindow(game, seats=("human", "human"), animation_ms=0, sandbox=True)
    qtbot.addWidget(w)
    w.resize(*size)
    w.show()
    qtbot.waitExposed(w)
    w.view.fitInView(w.scene.sceneRect(), Qt.KeepAspectRatio)
    return w


def test_a_spirit_dragged_back_to_the_hand_loses_its_cores_level_bp_and_turn(qtbot):
    """Issue 25 item 21: Red Knight at LV3 (4 cores), exhausted, dragged to the hand shows exactly as the Red Knight
    that was always there: no core badge, no level or BP of the field, upright."""
    game = position("""
        turn: 3
        turn_player: 0
        players:
          - life: 5
            reserve: 0
            hand: [T-R3]
            field: [{card: T-R3, cores: 4, exhausted: true}]
          - life: 5
    """, settings=Ruleset(sandbox=True))
    w = sandbox_window(qtbot, game)
    kept, knight = game.state.players[0].hand[0], game.state.players[0].field[0]
    item = w.scene.cards[knight]
    assert item.level == 3 and item.cores == 4 and item.rotation() == 90
    drag(w, center(item), QPointF(*zone_rect("hand", "bottom").center))
    assert w.model.game.state.cards[knight].zone == "hand"
    item = w.scene.cards[knight]
    assert item.rotation() == 0 and item.zone == "hand"
    assert item_image(item) == item_image(w.scene.cards[kept])


def test_a_battle_of_souls_fighter_back_in_the_hand_drops_its_kill_tokens_and_rest_position(qtbot):
    from bss_desktop.carddb.database import game_db
    from bss_desktop.engine.position import game_from_position
    from bss_desktop.table import get_profile

    db = game_db(get_profile("bos"))
    warrior = next(c.id for c in db.values() if c.extra.get("class") == "Warrior" and not c.token)
    data = {"game": "bos", "turn": 3, "turn_player": 0, "players": [
        {"deck": [warrior] * 10, "hand": [warrior],
         "fighter": [{"card": warrior, "exhausted": True, "counters": {"kill": 2}}]},
        {"deck": [warrior] * 10}]}
    game = game_from_position(data, db, settings=Ruleset(sandbox=True))
    w = sandbox_window(qtbot, game)
    kept, fighter = game.state.players[0].hand[0], game.zone_cards(0, "fighter")[0]
    assert w.scene.cards[fighter].marks and w.scene.cards[fighter].rotation() == 90
    drag(w, center(w.scene.cards[fighter]), QPointF(*w.scene.lay.zone_rect("hand", "bottom").center))
    assert w.model.game.state.cards[fighter].zone == "hand"
    item = w.scene.cards[fighter]
    assert item.rotation() == 0 and item_image(item) == item_image(w.scene.cards[kept])


# ---------------------------------------------------------------- 15: a full field of exhausted spirits

FIVE_ATTACKERS = """
    turn: 5
    turn_player: 0
    step: attack
    players:
      - life: 4
        reserve: 1
        field: [{card: T-R5, cores: 3, exhausted: true}, {card: T-R3, cores: 4, exhausted: true},
                {card: T-G4, cores: 1, exhausted: true}, {card: T-B2, cores: 2, exhausted: true},
                {card: T-P3, cores: 1, exhausted: true}, {card: T-NX, cores: 1}]
      - life: 4
        reserve: 1
        field: [{card: T-R5, cores: 1, exhausted: true}, {card: T-R3, cores: 1, exhausted: true},
                {card: T-G4, cores: 1, exhausted: true}, {card: T-B2, cores: 2, exhausted: true},
                {card: T-P3, cores: 1, exhausted: true}, {card: T-NX, cores: 1}, {card: T-NX2, cores: 1}]
"""


@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080)])
def test_five_exhausted_attackers_lie_side_by_side_with_their_names_in_sight(qtbot, size):
    """Issue 25 item 15: five spirits turned sideways (CR 4-4-1) and a nexus or two on a field: no card covers
    another, so every name (along the turned card's side) shows whole, on the board of a laptop's and a desktop's
    window."""
    from PySide6.QtCore import QRectF

    from bss_desktop.client.board.layout import CARD_H, CARD_W

    game = position(FIVE_ATTACKERS)
    w = against_the_computer(qtbot, game, size)
    port = w.view.viewport().rect()
    for p in (0, 1):
        items = [w.scene.cards[k] for k in game.state.players[p].field]
        on_screen = [w.view.mapFromScene(it.mapToScene(QRectF(0, 0, CARD_W, CARD_H))).boundingRect() for it in items]
        names = [w.view.mapFromScene(it.mapToScene(QRectF(0, 0, CARD_W, 44))).boundingRect() for it in items]
        for i, (card, name) in enumerate(zip(on_screen, names)):
            assert port.contains(card), (p, i)
            for j, other in enumerate(on_screen):
                if j != i:
                    assert not card.intersects(other), (p, i, j, card, other)
                    assert not name.intersects(other), (p, i, j)
        assert all(it.rotation() == 90 for it in items[:5])
        assert min(r.width() for r in on_screen) >= 0.5 * max(r.width() for r in on_screen)  # still cards, not specks


# ---------------------------------------------------------------- 14: the Card panel draws a card of its own game

def bos_game(**players):
    from bss_desktop.carddb.database import game_db
    from bss_desktop.engine.position import game_from_position
    from bss_desktop.table import get_profile

    db = game_db(get_profile("bos"))
    data = {"game": "bos", "turn": 3, "turn_player": 0, "players": []}
    for p in (0, 1):
        pd = {"deck": [next(iter(db))] * 10}
        pd.update(players.get(f"p{p}", {}))
        data["players"].append(pd)
    return game_from_position(data, db, settings=Ruleset(sandbox=True)), db


def test_a_battle_of_souls_card_hovered_shows_its_own_face_and_fields_in_the_card_panel(qtbot):
    """Issue 25 item 14: the Card panel shows a fighter as Battle of Souls prints it (class banner, ATK and RST:
    the board's painter, faces/bos.py), its class, ATK and RST under the name, its text — no Battle Spirits cost."""
    from PySide6.QtGui import QImage

    from bss_desktop.client.faces.bos import render_bos

    _, db = bos_game()
    shieldbearer = next(c for c in db.values() if c.type == "fighter" and c.text and not c.token)
    game, _ = bos_game(p0={"fighter": [shieldbearer.id]})
    w = sandbox_window(qtbot, game)
    fighter = game.zone_cards(0, "fighter")[0]
    QTest.mouseMove(w.view.viewport(), w.view.mapFromScene(center(w.scene.cards[fighter])))
    preview = w.preview
    qtbot.waitUntil(lambda: preview.card is shieldbearer, timeout=2000)
    face = preview.face_view
    r = face.face_rect()
    shown = face.pixmap().toImage().convertToFormat(QImage.Format_ARGB32)
    drawn = render_bos(shieldbearer, int(r.width()), int(r.height()), table=False,
                       dpr=face.devicePixelRatioF()).toImage().convertToFormat(QImage.Format_ARGB32)
    assert shown == drawn
    meta = preview.title_label.text()
    extra = shieldbearer.extra
    for word in ("Fighter", extra["class"], f"ATK {extra['atk']}", f"RST {extra['rst']}"):
        assert word in meta
    assert "cost" not in meta
    assert preview.text_label.text() == shieldbearer.text


def test_battle_of_souls_equipment_in_the_card_panel_names_its_sub_type(qtbot):
    from bss_desktop.client.windows.preview import CardPreview
    from bss_desktop.table import get_profile

    _, db = bos_game()
    gear = next(c for c in db.values() if c.type == "equipment")
    preview = CardPreview(profile=get_profile("bos"))
    qtbot.addWidget(preview)
    preview.show_card(gear)
    assert f"Equipment · {gear.extra['subtype']}" in preview.title_label.text()


# ---------------------------------------------------------------- 19: after the opening, the side of the turn player

@pytest.mark.parametrize("game_id", ["bos", "eternal"])
def test_after_a_sister_games_opening_the_sandbox_shows_the_side_of_the_player_who_has_the_turn(qtbot, game_id):
    """Issue 25 item 19: the mulligan helper turns the board to whoever decides; once both keep, Player 1 has the
    first turn, so the board is Player 1's side and the first drag moves Player 1's card."""
    from bss_desktop.carddb.database import game_db
    from bss_desktop.carddb.deck_formats import game_decks
    from bss_desktop.engine.game import Game
    from bss_desktop.table import get_profile

    profile = get_profile(game_id)
    db = game_db(profile)
    decks = list(game_decks(db, profile).values())[:2]
    game = Game.new(db, [d.cards for d in decks], 7, first_player=0, settings=Ruleset(sandbox=True),
                    profile=profile, sides=[d.side for d in decks])
    w = sandbox_window(qtbot, game)
    keeps = 0
    while w.model.game.pending is not None and w.model.game.pending.kind == "mulligan":
        next(b for b in w.bar.buttons if b.text().startswith("Keep")).click()
        keeps += 1
        assert keeps <= 4
    g = w.model.game
    assert g.state.turn_player == 0 and w.controller.viewer == 0
    assert "Viewing from Player 1's side" in w.bar.label.text()
    card = g.state.players[0].hand[0]
    row = next(z.name for z in profile.zones.values() if z.display == "row")
    drag(w, center(w.scene.cards[card]), QPointF(*w.scene.lay.zone_rect(row, "bottom").center))
    moved = w.model.game.state.cards[card]
    assert moved.owner == 0 and moved.zone == row


# ---------------------------------------------------------------- 21: a magic card stays in sight while it is used

def test_a_magic_card_stays_in_the_use_area_while_its_targets_are_chosen(qtbot):
    """Issue 25 item 21: Weighed Purge dropped on the Use area (CR 10-8) asks for its targets; meanwhile it shows
    in the Use area, face up, until it resolves and goes to the trash."""
    from PySide6.QtCore import QRectF

    game = position("""
        turn: 3
        turn_player: 0
        players:
          - life: 5
            reserve: 2
            hand: [V-PURGE]
          - life: 5
            field: [{card: T-R1, cores: 1}, {card: T-B2, cores: 2}]
    """)
    w = against_the_computer(qtbot, game)
    purge = first(game, 0, "V-PURGE", "hand")
    use = zone_rect("use", "shared")
    drag(w, center(w.scene.cards[purge]), QPointF(*use.center))
    assert game.pending.kind == "choose" and game.pending.info["kind"] == "target"
    item = w.scene.cards.get(purge)
    assert item is not None and item.isVisible() and item.card is not None and item.card.id == "V-PURGE"
    assert QRectF(use.x, use.y, use.w, use.h).contains(item.sceneBoundingRect().center())
    pup = first(game, 1, "T-R1")
    QTest.mouseClick(w.view.viewport(), Qt.LeftButton, Qt.NoModifier,
                     w.view.mapFromScene(center(w.scene.cards[pup])))
    next(b for b in w.bar.buttons if b.isEnabled() and b.property("primary")).click()
    assert game.state.cards[purge].zone == "trash" and game.state.cards[pup].zone == "trash"
    assert w.scene.cards[purge].zone == "trash"


# ---------------------------------------------------------------- 21: whose Soul Points; labels that fit

def test_each_soul_points_tracker_is_headed_by_its_players_name(qtbot):
    game, _ = bos_game()
    game.names = ["Aki", None]
    w = sandbox_window(qtbot, game)
    mine, theirs = w.scene.trackers[("sp", "bottom")], w.scene.trackers[("sp", "top")]
    assert mine.title_layout()[1] == ["Aki — Soul Points"]
    assert theirs.title_layout()[1] == ["Player 2 — Soul Points"]
    next(b for b in w.bar.buttons if b.text().startswith("Other side")).click()
    assert mine.title_layout()[1] == ["Player 2 — Soul Points"] and theirs.title_layout()[1] == ["Aki — Soul Points"]


@pytest.mark.parametrize("game_id", ["bss", "standard", "eternal", "bos"])
def test_every_box_title_fits_its_box_at_a_laptops_size(qtbot, game_id):
    """Issue 25 item 21: Eternal's trash cores and count share a row of the left column; their titles were cut
    ("Trash", "Coun"). Every pile's and tracker's title shows whole, in its box, clear of the count and cores."""
    from PySide6.QtGui import QFontMetricsF

    from bss_desktop.app.demo_table import mid_game
    from bss_desktop.client.board.items import LABEL_PX
    from bss_desktop.table import get_profile

    w = sandbox_window(qtbot, mid_game(get_profile(game_id)))
    boxes = list(w.scene.piles.values()) + list(w.scene.trackers.values())
    assert boxes
    for box in boxes:
        font, lines, where, *_ = box.title_layout()
        heading = box.heading() if hasattr(box, "heading") else box.title
        assert " ".join(lines) == heading, heading  # every word, none elided
        fm = QFontMetricsF(font)
        assert font.pixelSize() >= LABEL_PX * 0.7
        assert box.rect.contains(where) and fm.lineSpacing() * len(lines) <= where.height() + 1
        assert all(fm.horizontalAdvance(line) <= where.width() for line in lines), (heading, lines)


# ---------------------------------------------------------------- 17: the payment panel leaves the board in place

PAYING = """
    turn: 3
    turn_player: 0
    players:
      - life: 5
        reserve: 2
        soul_core: reserve
        hand: [T-R5, T-R1, T-W0]
        field: [{card: T-R3, cores: 3}, {card: T-B2, cores: 2}]
      - life: 5
        field: [{card: T-G4, cores: 1}]
"""


def test_the_payment_panel_leaves_the_board_in_place_and_shows_the_card_paid_for(qtbot):
    """Issue 25 item 17: the panel opened by dropping Red Titan on the field floats over the board's bottom: the
    board keeps its size and place (also when the panel grows with a self-destruction warning), so a core dragged
    from where Red Knight was before the panel opened comes off Red Knight; the Card panel keeps Red Titan, the
    card being paid for, whatever the pointer crosses."""
    from PySide6.QtWidgets import QApplication

    game = position(PAYING)
    w = against_the_computer(qtbot, game, fit=False)
    settle(200)  # the window laid out, as the player sees it
    view, scene = w.view, w.scene
    titan, knight, guard = first(game, 0, "T-R5", "hand"), first(game, 0, "T-R3"), first(game, 0, "T-B2")
    board = (view.geometry(), view.transform())
    badge = view.mapFromScene(scene.cards[knight].mapToScene(scene.cards[knight].core_badge_rect().center()))
    guard_at = view.mapFromScene(center(scene.cards[guard]))
    reserve_at = view.mapFromScene(scene.piles[("reserve", "bottom")].mapToScene(QPointF(40, 50)))
    drag(w, center(scene.cards[titan]), QPointF(*zone_rect("field", "bottom").center))
    panel = w.bar.panel
    assert panel is not None and panel.card_def.id == "T-R5"
    settle(100)
    assert (view.geometry(), view.transform()) == board
    assert w.preview.card.id == "T-R5"
    QTest.mouseMove(view.viewport(), guard_at)  # the pointer crosses Blue Guard: the panel keeps Red Titan
    settle(50)
    assert w.preview.card.id == "T-R5"
    panel.pay_boxes["reserve"].setValue(0)
    panel.pay_boxes[guard].setValue(2)  # takes Blue Guard's last cores: the warning line comes (CR 10-1-1-1)
    assert panel.doomed == [guard]
    settle(100)
    assert (view.geometry(), view.transform()) == board
    for point in (badge, reserve_at):  # what the pointer is over there is still the board, not the panel
        assert QApplication.widgetAt(view.viewport().mapToGlobal(point)) is view.viewport()
    port = view.viewport()
    QTest.mousePress(port, Qt.LeftButton, Qt.NoModifier, badge)
    for i in range(1, 6):
        QTest.mouseMove(port, badge + (reserve_at - badge) * (i / 5))
    QTest.mouseRelease(port, Qt.LeftButton, Qt.NoModifier, reserve_at)
    assert game.state.cards[knight].cores == 2 and game.state.players[0].reserve == 3
