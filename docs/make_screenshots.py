"""Screenshots of the real app for docs/: run in an X session with a window manager, at the screen size wanted.

    xvfb-run -a -s "-screen 0 1366x768x24" sh -c "openbox & sleep 1; python docs/make_screenshots.py"

(Debian: apt-get install xvfb openbox, plus the xcb libraries the README names.) It grabs the whole screen,
window decorations included, for: the start screen, a game in the middle of a turn, the payment panel warning
about a self-destruction, the end-of-game screen, the hot-seat cover, the sandbox and the deck builder, then each sister game's sandbox in mid-game and deck builder (Standard, Eternal,
Battle of Souls). Files: docs/screen-<what>-<W>x<H>.png.
The player's folders go to a scratch folder, so nothing of yours shows.
"""
from __future__ import annotations

import os
import sys
import tempfile
import textwrap
from pathlib import Path

os.environ["BSS_DESKTOP_HOME"] = tempfile.mkdtemp(prefix="bss-shots-")

import PySide6  # noqa: E402,F401
from PySide6.QtGui import QGuiApplication  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

DOCS = Path(__file__).resolve().parent

PAYMENT = """
format: bss-position
version: 1
turn: 5
turn_player: 0
first_player: 0
step: main
players:
  - name: Aki
    life: 4
    reserve: 2
    soul_core: reserve
    hand: [SG1-089, SG1-019, SG1-002, SG1-013]
    deck: [SG1-002, SG1-005, SG1-007, SG1-009, SG1-011, SG1-012]
    field:
      - {card: SG1-003, cores: 1}
      - {card: SG1-002, cores: 1}
      - {card: SG1-005, cores: 1}
  - name: Mio
    life: 4
    reserve: 3
    hand: [SG1-047, SG1-060]
    deck: [SG1-043, SG1-044, SG1-045, SG1-046, SG1-048]
    field:
      - {card: SG1-055, cores: 3}
      - {card: SG1-051, cores: 1}
"""


def wait(ms: int = 600) -> None:
    QTest.qWait(ms)


def shot(name: str) -> Path:
    wait()
    screen = QGuiApplication.primaryScreen()
    size = screen.geometry()
    path = DOCS / f"screen-{name}-{size.width()}x{size.height()}.png"
    screen.grabWindow(0).save(str(path), "PNG")
    print("saved", path)
    return path


def main() -> int:
    app = QApplication.instance() or QApplication(sys.argv)
    from bss_desktop.app.main import StartWindow
    from bss_desktop.client.windows.game import GameWindow
    from bss_desktop.client.windows.theme import apply_dark_theme
    from bss_desktop.engine.position import game_from_position, load_position_file
    from bss_desktop.resources import assets_dir

    import yaml

    apply_dark_theme(app)
    start = StartWindow()
    start.show()
    shot("start")
    db = start.db

    # a game in the middle of a turn: the demo position against the computer, a card in the panel
    game = load_position_file(assets_dir() / "positions" / "demo.yaml", db)
    w = GameWindow(game, seats=("human", "ai"), settings=start.settings)
    w.controller.ai_delay_ms = 10 ** 6
    w.restore_geometry()
    w.show()
    wait()
    w.controller.on_card_hovered(game.state.players[0].field[0])
    shot("game")

    # the end of the game: conceded, the result screen over the board
    w.ask_concede()
    w.bar.panel.yes.click()
    shot("result")
    w.result_dialog.close()
    w.close()

    # the payment panel warning that this payment destroys a spirit (CR 10-1-1-1)
    pay = game_from_position(yaml.safe_load(textwrap.dedent(PAYMENT)), db)
    p = GameWindow(pay, seats=("human", "ai"), settings=start.settings)
    p.controller.ai_delay_ms = 10 ** 6
    p.restore_geometry()
    p.show()
    wait()
    mantis = next(i for i in pay.state.players[0].hand if pay.state.cards[i].cid == "SG1-089")
    p.controller.play(mantis)
    p.controller.on_card_hovered(mantis)
    shot("payment-warning")
    p.close()

    # hot-seat: between two players' turns the cover hides the board and every hidden card
    hot = load_position_file(assets_dir() / "positions" / "demo.yaml", db)
    h = GameWindow(hot, seats=("human", "human"), settings=start.settings)
    h.restore_geometry()
    h.show()
    wait()
    h.controller.on_card_hovered(hot.state.players[0].hand[0])
    from bss_desktop.engine.commands import EndAttack

    h.controller.send(EndAttack(0))
    shot("hotseat-cover")
    h.close()

    # the sandbox: free moves with undo, a token being made in the decision bar
    start.open_sandbox()
    sb = start.windows[-1]
    wait()
    sb.controller._ask_token()
    shot("sandbox")
    sb.close()

    # the deck builder: a search with a chip, a deck open, its statistics
    b = start.open_deck_builder("red-saga")
    b.showMaximized()
    QTest.keyClicks(b.browser.search, "cost>=4 -burst")
    b.browser.chips["color"][0].click()  # red
    b.browser.select_card(b.browser.model.ids[0])
    b.tabs.setCurrentWidget(b.stats)
    shot("deck-builder")
    b.close()
    standard_game(start)
    sister_games(start)
    start.close()
    return 0


def standard_game(start) -> None:
    """Battle Spirits Standard in rules mode against the computer, a few turns in (the computer played both seats
    until player 1's fifth turn): the board, the decision bar of the main step, a card in the panel."""
    from bss_desktop.ai import make_player
    from bss_desktop.client.windows.game import GameWindow
    from bss_desktop.engine.game import Game

    start.game_box.setCurrentIndex(start.game_box.findData("standard"))
    wait()
    decks = [start.decks[n].cards for n in ("crimson-vanguard", "tidal-archive")]
    game = Game.new(start.db, decks, 11, first_player=0, settings=start.settings.ruleset(), profile=start.profile)
    players = [make_player("easy", p, 100 + p) for p in (0, 1)]
    while not game.over and not (game.state.turn >= 5 and game.state.turn_player == 0 and game.pending.kind == "main"):
        game.apply(players[game.deciding_player()].choose(game))
    w = GameWindow(game, seats=("human", "ai"), settings=start.settings)
    w.controller.ai_delay_ms = 10 ** 6
    w.restore_geometry()
    w.show()
    wait()
    if game.state.players[0].field:
        w.controller.on_card_hovered(game.state.players[0].field[0])
    shot("game-standard")
    w.close()
    start.game_box.setCurrentIndex(start.game_box.findData("bss"))


def sister_games(start) -> None:
    """Each sister game's sandbox in mid-game (app/demo_table.py) and its deck builder with a shipped deck open."""
    from bss_desktop.app.demo_table import mid_game
    from bss_desktop.client.windows.game import GameWindow

    for game in ("standard", "eternal", "bos"):
        start.game_box.setCurrentIndex(start.game_box.findData(game))
        wait()
        w = GameWindow(mid_game(start.profile), sandbox=True, animation_ms=0, settings=start.settings,
                       title=f"bss_desktop — sandbox of {start.profile.name}")
        w.restore_geometry()
        w.show()
        wait()
        shot(f"sandbox-{game}")
        w.close()
        b = start.open_deck_builder()
        b.showMaximized()
        b.tabs.setCurrentWidget(b.stats)
        shot(f"deck-builder-{game}")
        b.close()
    start.game_box.setCurrentIndex(start.game_box.findData("bss"))


if __name__ == "__main__":
    sys.exit(main())
