"""Client benchmark: command -> redrawn scene, busy frame render, a card-browser keystroke, start-up to first frame.

Each figure is the median of several runs and is printed beside a reference
measured in the same run on the same machine: a sync that changes nothing, an
empty board's frame, an unfiltered refresh of the card list, and an empty window's first frame.

With card pictures (issue 28; made-up pictures, bench/synthetic_pictures.py, 744x1039 PNGs like scanned cards):
start-up with 1,500 imported cards and their pictures against start-up without imports (target +0.15 s), and a
deck-builder keystroke over 1,500 cards with pictures (target 50 ms) beside the same keystroke without pictures.
"""
from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time

TARGETS = {"scene_update_ms": 2.0, "busy_frame_ms": 8.0, "first_frame_s": 1.5, "browser_keystroke_ms": 50.0,
           "pictures_start_up_extra_s": 0.15, "browser_pictures_keystroke_ms": 50.0}


def busy_position() -> dict:
    """A crowded board: 12 field cards and 8 hand cards a side (>= 40 cards), > 60 cores."""
    spirits = ["SG1-005", "SG1-008", "SG1-010", "SG1-003", "SG1-012", "SG1-009", "SG1-011", "SG1-002", "SG1-004"]
    white = ["SG1-055", "SG1-051", "SG1-044", "SG1-048", "SG1-050", "SG1-052", "SG1-053", "SG1-047", "SG1-049"]

    def side(cards, nexuses, soul_first):
        field = [{"card": c, "cores": 3, "exhausted": i % 3 == 1} for i, c in enumerate(cards)]
        field += [{"card": n, "cores": 2} for n in nexuses]
        if soul_first:
            field[0]["soul_core"] = True
        return {"life": 4, "reserve": 6, "trash_cores": 3, "soul_core": "field" if soul_first else "reserve",
                "hand": cards[:8], "deck": cards * 3, "trash": cards[:5], "field": field}

    return {"turn": 9, "turn_player": 0, "step": "main",
            "players": [side(spirits, ["SG1-016", "SG1-017", "SG1-016"], True),
                        side(white, ["SG1-058", "SG1-059", "SG1-058"], False)]}


def _median_ms(fn, n: int) -> float:
    times = []
    for _ in range(n):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


def measure_in_process(runs: int) -> dict:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from ..client.windows.game import GameWindow
    from ..command_line import player_db
    from ..engine.commands import CoreMove, MoveCores
    from ..engine.position import game_from_position

    app = QApplication.instance() or QApplication([])
    db = player_db()  # what the app plays with
    game = game_from_position(busy_position(), db)
    window = GameWindow(game, seats=("human", "human"), animation_ms=0)
    window.resize(1280, 800)
    window.show()
    app.processEvents()
    scene = window.scene
    n_cards = len(scene.cards)
    n_cores = sum(p.life + p.reserve + p.trash_cores for p in game.state.players) + sum(
        c.cores for c in game.state.cards.values()) + 2
    target = game.state.players[0].field[1]
    moves = [MoveCores(0, (CoreMove("reserve", target, 1),)), MoveCores(0, (CoreMove(target, "reserve", 1),))]
    i = [0]

    def command_to_scene():
        window.controller.send(moves[i[0] % 2])
        i[0] += 1

    for _ in range(5):  # warm the face cache
        command_to_scene()
    update = _median_ms(command_to_scene, runs * 20)
    view = game.view(0)
    idle = _median_ms(lambda: scene.sync(view, animate=False), runs * 20)

    port = window.view.viewport()
    port.repaint()  # warm the item caches
    busy = _median_ms(port.repaint, runs * 10)  # one frame of the board as the player sees it
    empty_window = GameWindow(game_from_position({"turn": 3, "turn_player": 0, "players": [
        {"life": 5, "deck": ["SG1-001"]}, {"life": 5, "deck": ["SG1-001"]}]}, db), seats=("human", "human"),
        animation_ms=0)
    empty_window.resize(1280, 800)
    empty_window.show()
    app.processEvents()
    empty_port = empty_window.view.viewport()
    empty_port.repaint()
    empty_ms = _median_ms(empty_port.repaint, runs * 10)
    empty_window.close()
    window.close()
    return {"cards": n_cards, "cores": n_cores, "scene_update_ms": update, "idle_sync_ms": idle,
            "busy_frame_ms": busy, "empty_frame_ms": empty_ms}


BROWSER_CARDS = 1500
BROWSER_TYPING = ("d", "dr", "dra", "drag", "drago", "dragon", "", "c", "c:", "c:r", "c:r ", "c:r c", "c:r co",
                  "c:r cos", "c:r cost", "c:r cost>", "c:r cost>=", "c:r cost>=4", "c:r cost>=4 -", "c:r cost>=4 -t",
                  "c:r cost>=4 -t:", "c:r cost>=4 -t:m", "", "f", "fa", "family:", "family:d", "burst", "burst or",
                  "burst or kw:c", "burst or kw:confront", "")


def browser_db(n: int = BROWSER_CARDS):
    """`n` cards for the browser: the shipped cards, repeated under new ids and names until there are `n` (their
    text, families and fields as varied as the shipped ones)."""
    from dataclasses import replace

    from ..carddb.database import CardDB, load_default_db

    shipped = [c for c in load_default_db().values() if not c.token]
    cards = [replace(shipped[i % len(shipped)], id=f"BENCH-{i:04d}", printings=(),
                     name=f"{shipped[i % len(shipped)].name} {i // len(shipped) + 1}") for i in range(n)]
    return CardDB(cards)


def write_synthetic_pictures(folder, ids, size=None) -> dict:
    """A made-up picture for each of `ids` in `folder` (<id>.png; six drawn, the rest copies of them: the files
    are what is read, not how they were made). Returns id -> path, as the pictures index records them."""
    import shutil
    from pathlib import Path

    from .synthetic_pictures import PICTURE_SIZE, write_picture

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([])  # noqa: F841 - QPainter draws text through it
    folder = Path(folder)
    colours = ("red", "purple", "green", "white", "yellow", "blue")
    bases = [write_picture(folder / f"_base{i}.png", f"BASE-{i}", c, size or PICTURE_SIZE)
             for i, c in enumerate(colours)]
    out = {}
    for i, cid in enumerate(ids):
        out[cid] = folder / f"{cid}.png"
        shutil.copyfile(bases[i % len(bases)], out[cid])
    return out


def _browser(db, faces):
    """A card browser over `db` drawing with `faces`, shown at 640x700."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from ..client.deck_builder.browser import CardBrowser

    app = QApplication.instance() or QApplication([])
    browser = CardBrowser(db, faces)
    browser.resize(640, 700)
    browser.show()
    app.processEvents()
    return browser


def _typing_session(browser) -> list[float]:
    """BROWSER_TYPING typed into the browser's search box from empty: each keystroke's ms (the key event, the
    query, the list reset, the events it leads to and the list's repaint)."""
    from PySide6.QtCore import QEvent, Qt
    from PySide6.QtGui import QKeyEvent
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    port = browser.table.viewport()

    def key(code, text: str, modifiers=Qt.NoModifier) -> None:
        """A key press and release in the search box, as the keyboard sends them (QtTest is not in the bundle)."""
        for kind in (QEvent.KeyPress, QEvent.KeyRelease):
            QApplication.sendEvent(browser.search, QKeyEvent(kind, code, modifiers, text))

    browser.search.clear()
    app.processEvents()
    typed, out = "", []
    for text in BROWSER_TYPING:
        t0 = time.perf_counter()
        if text == "":
            key(Qt.Key_A, "", Qt.ControlModifier)
            key(Qt.Key_Backspace, "")
        else:
            for ch in text[len(typed):]:
                key(Qt.Key_unknown, ch)
        app.processEvents()
        port.repaint()
        out.append((time.perf_counter() - t0) * 1000)
        typed = text
    assert browser.search.text() == "", browser.search.text()
    return out


def measure_browser(runs: int) -> dict:
    """One keystroke in the deck builder's search box over 1,500 cards: the key event, the query, the list reset
    and its repaint (median over a typed session); the reference is an unfiltered refresh of the same list."""
    from PySide6.QtWidgets import QApplication

    from ..client.faces.cache import FaceCache

    browser = _browser(browser_db(), FaceCache(max_entries=256, show_pictures=False))
    keystrokes: list[float] = []
    for _ in range(runs):
        keystrokes += _typing_session(browser)
    port = browser.table.viewport()

    def refresh():
        browser.model.set_ids(list(browser.index.ids))
        QApplication.instance().processEvents()
        port.repaint()

    reference = _median_ms(refresh, runs * 10)
    browser.close()
    return {"browser_cards": len(browser.index.ids), "browser_keystroke_ms": statistics.median(keystrokes),
            "browser_keystroke_p95_ms": sorted(keystrokes)[int(len(keystrokes) * 0.95)],
            "browser_refresh_ms": reference}


_FIRST_FRAME = r"""
import os, sys, time
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMainWindow
app = QApplication([])
if sys.argv[1] == "app":
    from bss_desktop.carddb.player_db import player_db
    from bss_desktop.client.windows.game import GameWindow
    from bss_desktop.engine.position import load_position_file
    from bss_desktop.resources import assets_dir
    from bss_desktop.client.windows.theme import apply_dark_theme
    apply_dark_theme(app)
    game = load_position_file(assets_dir() / "positions/demo.yaml", player_db()[0])  # as the app loads
    w = GameWindow(game, seats=("human", "human"), animation_ms=0)
else:
    w = QMainWindow()
w.resize(1280, 800)
w.show()
app.processEvents()
w.grab()  # the first frame, painted
done = time.time()
# the time the first frame spent finding and reading card pictures (the picture store's own clock)
pictures = w.faces.pictures.seconds if sys.argv[1] == "app" else 0.0
print(done, pictures)
"""


def measure_first_frame(kind: str, home: str | None = None) -> float:
    """Seconds from starting Python to the first painted frame; `home`: a BSS_DESKTOP_HOME for the run (its imported
    cards are what the app loads)."""
    return _first_frame(kind, home)[0]


def _first_frame(kind: str, home: str | None = None) -> tuple[float, float]:
    """(seconds to the first painted frame, of which finding and reading card pictures)."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", **({"BSS_DESKTOP_HOME": home} if home else {})}
    t0 = time.time()
    out = subprocess.run([sys.executable, "-c", _FIRST_FRAME, kind], capture_output=True, text=True, check=True,
                         env=env)
    done, pictures = out.stdout.strip().splitlines()[-1].split()
    return float(done) - t0, float(pictures)


def write_synthetic_import(home: str, n: int = 1500) -> int:
    """A made-up imported set of `n` cards in `home`'s imported-cards folder (as `import-cards` writes them: spirits
    with levels, keywords and a manual effect; every tenth card with two printings). Nothing of a real card list."""
    import yaml

    colors = ("red", "purple", "green", "white", "yellow", "blue")
    cards = []
    for i in range(n):
        c = colors[i % 6]
        card = {"id": f"SYN-{i:04d}", "name": f"Synthetic Spirit {i}", "type": "spirit", "colors": [c],
                "cost": i % 9, "reduction": [c] * (i % 3), "symbols": [c], "families": [f"FAMILY {i % 40}"],
                "levels": [{"level": 1, "cores": 1, "bp": 1000 + 1000 * (i % 5)},
                           {"level": 2, "cores": 3, "bp": 4000 + 1000 * (i % 5)}],
                "rarity": "C", "keywords": [{"armor": [colors[(i + 1) % 6]]} if i % 2 else {"gale": 1 + i % 3}],
                "effects": [{"kind": "triggered", "trigger": "when_summoned", "manual": True,
                             "text": f"(When Summoned) Synthetic effect number {i}, resolved by hand."}]}
        if i % 10 == 0:
            card["printings"] = [{"id": f"SYN-{i:04d}_p{k}", "image": f"images/SYN-{i:04d}_p{k}.png"} for k in (1, 2)]
        cards.append(card)
    folder = os.path.join(home, "data", "cards", "imported")
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "SYN.yaml"), "w", encoding="utf-8") as f:
        yaml.dump({"set": {"id": "SYN", "name": "Synthetic"}, "cards": cards}, f,
                  Dumper=getattr(yaml, "CSafeDumper", yaml.SafeDumper), sort_keys=False)
    return n


def measure_browser_pictures(runs: int) -> dict:
    """A keystroke over 1,500 cards each with a picture (a 744x1039 PNG), read as the app reads them (a thumbnail
    cache that starts empty; a picture without a thumbnail decoded in the background), beside the same keystroke
    in a browser drawing the faces, typed in turns (a session in one, then in the other) so that the machine's load
    weighs on both alike. The first session with pictures, which makes the thumbnails of the cards it shows, is
    reported apart."""
    import tempfile

    from ..carddb.pictures import write_index
    from ..client.faces.cache import FaceCache
    from ..client.faces.pictures import CardPictures

    with tempfile.TemporaryDirectory(prefix="bss-bench-pictures-") as tmp:
        ids = [f"BENCH-{i:04d}" for i in range(BROWSER_CARDS)]
        write_index(os.path.join(tmp, "cards"), write_synthetic_pictures(os.path.join(tmp, "images"), ids))
        store = CardPictures(index_dir=os.path.join(tmp, "cards"), thumbs_dir=os.path.join(tmp, "thumbnails"))
        db = browser_db()
        drawn = _browser(db, FaceCache(max_entries=256, show_pictures=False))
        pictured = _browser(db, FaceCache(max_entries=256, pictures=store, show_pictures=True, background=True))
        _typing_session(drawn)  # both warmed alike: the drawn one's first session is not counted either
        first = _typing_session(pictured)
        store.wait_for_decoding(60000)
        with_pictures: list[float] = []
        without: list[float] = []
        for _ in range(runs):
            without += _typing_session(drawn)
            with_pictures += _typing_session(pictured)
        drawn.close()
        pictured.close()
        return {"browser_pictures_keystroke_ms": statistics.median(with_pictures),
                "browser_pictures_keystroke_p95_ms": sorted(with_pictures)[int(len(with_pictures) * 0.95)],
                "browser_pictures_reference_ms": statistics.median(without),
                "browser_pictures_first_session_ms": statistics.median(first),
                "browser_pictures_first_session_p95_ms": sorted(first)[int(len(first) * 0.95)],
                "browser_pictures_decoded": store.decoded}


def write_synthetic_pictures_home(home: str, n: int) -> int:
    """`write_synthetic_import` plus a picture of every imported card and of every card of the demo position the
    start-up bench opens (so that its first frame draws pictures), recorded in the pictures index as import-cards
    records them. Returns how many pictures."""
    from ..carddb.database import load_default_db
    from ..carddb.pictures import write_index
    from ..engine.position import load_position_file
    from ..resources import assets_dir

    write_synthetic_import(home, n)
    game = load_position_file(assets_dir() / "positions/demo.yaml", load_default_db())
    ids = [f"SYN-{i:04d}" for i in range(n)] + sorted({c.cid for c in game.state.cards.values()})
    found = write_synthetic_pictures(os.path.join(home, "pictures"), ids)
    write_index(os.path.join(home, "data", "cards", "imported"), found)
    return len(found)


def measure_start_up(runs: int) -> dict:
    """Start-up to the first frame with no imported cards, with a synthetic imported set of ~1,500 cards, and with
    the same cards and their pictures (plus pictures of the cards the first frame shows), in the same run and
    interleaved (bare, imported, pictured, bare, ...) so that the machine's load weighs on each alike. The first
    start with imports parses the set files (and fills the card cache), the others read the cache; the first start
    with pictures after their thumbnails were removed decodes them in the background."""
    import shutil
    import tempfile

    with tempfile.TemporaryDirectory(prefix="bss-bench-home-") as bare, \
            tempfile.TemporaryDirectory(prefix="bss-bench-home-") as full, \
            tempfile.TemporaryDirectory(prefix="bss-bench-home-") as pictured:
        n = write_synthetic_import(full)
        n_pictures = write_synthetic_pictures_home(pictured, n)
        cold = measure_first_frame("app", full)
        measure_first_frame("app", pictured)  # its card cache is filled (measured just above)
        shutil.rmtree(os.path.join(pictured, "data", "thumbnails"), ignore_errors=True)
        pictures_cold = measure_first_frame("app", pictured)  # the pictures shown are decoded, thumbnails made
        times: dict[str, list[float]] = {"bare": [], "full": [], "pictured": []}
        in_pictures: list[float] = []
        for _ in range(runs):
            for kind, home in (("bare", bare), ("full", full), ("pictured", pictured)):
                seconds, reading = _first_frame("app", home)
                times[kind].append(seconds)
                if kind == "pictured":
                    in_pictures.append(reading)
    without, warm, pictures_warm = (statistics.median(times[k]) for k in ("bare", "full", "pictured"))
    return {"first_frame_no_import_s": without, "first_frame_imported_cold_s": cold,
            "first_frame_imported_s": warm, "imported_cards": n, "pictures": n_pictures,
            "first_frame_pictures_s": pictures_warm, "first_frame_pictures_cold_s": pictures_cold,
            "pictures_start_up_extra_s": pictures_warm - without,
            "first_frame_reading_pictures_s": statistics.median(in_pictures)}


def main(*, runs: int = 5, as_json: bool = False) -> int:
    if getattr(sys, "frozen", False):  # start-up is timed by starting a Python interpreter, which a bundle is not
        print("bench client runs from a Python install (pip install .), not from the bundled app", file=sys.stderr)
        return 2
    results = [measure_in_process(3) for _ in range(runs)]
    med = {k: statistics.median(r[k] for r in results) for k in results[0]}
    med.update(measure_browser(runs))
    med.update(measure_browser_pictures(runs))
    med["first_frame_s"] = statistics.median(measure_first_frame("app") for _ in range(runs))
    med["empty_window_first_frame_s"] = statistics.median(measure_first_frame("empty") for _ in range(runs))
    med.update(measure_start_up(runs))
    if as_json:
        print(json.dumps({"runs": runs, "median": med, "targets": TARGETS}))
        return 0
    print(f"client benchmark: median of {runs} runs (offscreen), busy board {med['cards']:.0f} cards, "
          f"{med['cores']:.0f} cores")
    print(f"  command -> redrawn scene: {med['scene_update_ms']:.2f} ms   (target <= {TARGETS['scene_update_ms']} ms; "
          f"reference: a sync that changes nothing {med['idle_sync_ms']:.2f} ms)")
    print(f"  busy frame (1280x800 window): {med['busy_frame_ms']:.2f} ms   (target <= {TARGETS['busy_frame_ms']} ms; "
          f"reference: empty board {med['empty_frame_ms']:.2f} ms)")
    print(f"  card browser keystroke over {med['browser_cards']:.0f} cards: {med['browser_keystroke_ms']:.2f} ms "
          f"(p95 {med['browser_keystroke_p95_ms']:.2f} ms; target <= {TARGETS['browser_keystroke_ms']:.0f} ms; "
          f"reference: an unfiltered refresh of the list {med['browser_refresh_ms']:.2f} ms)")
    print(f"  start-up to first frame:  {med['first_frame_s']:.2f} s    (target <= {TARGETS['first_frame_s']} s; "
          f"reference: an empty Qt window {med['empty_window_first_frame_s']:.2f} s)")
    print(f"  start-up with {med['imported_cards']:.0f} imported cards: {med['first_frame_imported_s']:.2f} s "
          f"(without: {med['first_frame_no_import_s']:.2f} s, "
          f"+{med['first_frame_imported_s'] - med['first_frame_no_import_s']:.2f} s; "
          f"the first start, which parses them and fills the cache: {med['first_frame_imported_cold_s']:.2f} s)")
    print(f"  start-up with {med['imported_cards']:.0f} imported cards and {med['pictures']:.0f} pictures: "
          f"{med['first_frame_pictures_s']:.2f} s (without imports: {med['first_frame_no_import_s']:.2f} s, "
          f"{med['pictures_start_up_extra_s']:+.2f} s; target <= +{TARGETS['pictures_start_up_extra_s']} s; "
          f"against the imports alone: {med['first_frame_pictures_s'] - med['first_frame_imported_s']:+.2f} s; "
          f"the first start after the thumbnails were removed: {med['first_frame_pictures_cold_s']:.2f} s; "
          f"time the first frame spent finding and reading pictures: "
          f"{med['first_frame_reading_pictures_s'] * 1000:.0f} ms)")
    print(f"  card browser keystroke over {med['browser_cards']:.0f} cards with pictures: "
          f"{med['browser_pictures_keystroke_ms']:.2f} ms (p95 {med['browser_pictures_keystroke_p95_ms']:.2f} ms; "
          f"target <= {TARGETS['browser_pictures_keystroke_ms']:.0f} ms; reference: the same keystroke with drawn "
          f"faces, typed in turns with it, {med['browser_pictures_reference_ms']:.2f} ms; the first session, which "
          f"makes the thumbnails of the cards it shows: {med['browser_pictures_first_session_ms']:.2f} ms, "
          f"p95 {med['browser_pictures_first_session_p95_ms']:.2f} ms)")
    return 0
