"""The Help menu: a short rules summary with CR references, the hotkeys, and About (version, where files go)."""
from __future__ import annotations

from html import escape

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDialog, QTextBrowser, QVBoxLayout

from bss_desktop import __version__

RULES = """
<h2>Battle Spirits Saga in two minutes</h2>
<p>References are to the Comprehensive Rules (CR); the game log cites them as you play.</p>
<h3>Winning (CR 1-2-1-1)</h3>
<p>Reduce your opponent's <b>life</b> to 0, or have them start a turn with an empty deck. Conceding is always
possible (CR 1-2-4, Game menu).</p>
<h3>Setting up (CR 5-2)</h3>
<p>A deck holds 50 to 60 cards, at most 4 of a name (CR 5-1-1-1). Each player shuffles, takes 5 life cores, 3 cores
and the <b>soul core</b> in the reserve, and draws 4. Keep the hand and draw 1, or mulligan once: the hand goes to
the bottom, draw 4, shuffle (CR 5-2-7).</p>
<h3>A turn (CR 6)</h3>
<ol>
<li><b>Start</b> — an empty deck now loses the game (CR 6-2-2).</li>
<li><b>Core</b> — take 1 core from the void into your reserve (CR 6-3; not on player one's first turn).</li>
<li><b>Draw</b> 1 card (CR 6-4).</li>
<li><b>Refresh</b> — turn your cards upright; cores in your trash return to the reserve (CR 6-5).</li>
<li><b>Main</b> — summon spirits, place nexuses, use magic, set one burst per turn, move cores between your reserve
and your cards, in any order (CR 6-6).</li>
<li><b>Attack</b> — attack with refreshed spirits one at a time (CR 6-7; not on player one's first turn).</li>
<li><b>End</b> — "this turn" effects end (CR 6-8).</li>
</ol>
<h3>Paying for a card (CR 2-7-3, 10-6)</h3>
<p>The cost is lowered by one for each <b>reduction symbol</b> matched by a symbol of the same colour on your field.
Pay with cores from your reserve or your cards (they go to your trash), then put at least the card's
<b>LV1 cores</b> on a new spirit or nexus (CR 10-6-6, 10-6-7). The payment panel does this for you and lets you
choose.</p>
<h3>Levels and BP (CR 2-10, 9-3, 9-4)</h3>
<p>A card's level is the highest level whose core count it meets; its BP and effects follow the level. A card with
fewer cores than LV1 is destroyed (self-destruction, CR 10-1-1-1); a spirit at 0 BP is destroyed (CR 9-4-2).</p>
<h3>Battle (CR 7-1)</h3>
<ol>
<li>Exhaust a refreshed spirit to attack (CR 7-1-1).</li>
<li>Flash window: the attacked player first, then alternately, until two passes in a row (CR 7-1-2).</li>
<li>The attacked player may block with a refreshed spirit (CR 7-1-3); after a block, a second flash window, the
blocker first (CR 7-1-4).</li>
<li>Blocked: the lower BP is destroyed, both on a tie (CR 7-1-5-2-1). Not blocked: the attacked player loses life
cores equal to the attacker's symbols (CR 7-1-5-3-1).</li>
</ol>
<h3>Magic and bursts (CR 10-8, 10-9, 3-8)</h3>
<p>Magic is used in the main step, or in a flash window if it says Flash. A <b>burst</b> is set face down in the main
step; when its condition happens on the opponent's turn you may activate it for free (CR 10-9).</p>
<h3>Keywords (CR 11)</h3>
<p>Hover a card: the Card panel shows its text, generated from the same data the engine plays, keywords included.</p>
"""


def hotkeys_html(keys: dict[str, str]) -> str:
    from bss_desktop.client.windows.settings import HOTKEY_NAMES

    rows = "".join(f"<tr><td><b>{escape(keys.get(a, ''))}</b></td><td>{escape(label)}</td></tr>"
                   for a, label in HOTKEY_NAMES.items())
    return ("<h2>Keyboard and mouse</h2><table cellpadding='4'>" + rows + "</table>"
            "<p>Mouse: drag cards and cores; double-click a spirit to attack or block, the deck to draw (sandbox); "
            "right-click any card for exactly what you can do with it; Shift-drag moves every core of a pile, "
            "Ctrl-drag asks how many. Hold the middle button (or Z) on a card to see it full size. View → the "
            "trashes (public to both players). Passing a flash window and ending a step are different keys, and a "
            "key pressed just as the decision changes is ignored (the status bar says so). Change the keys in "
            "Settings; a key already used by another action is refused.</p>")


def about_html() -> str:
    from bss_desktop.paths import all_paths

    rows = "".join(f"<tr><td>{escape(name)}</td><td><code>{escape(str(path))}</code></td></tr>"
                   for name, path in all_paths().items())
    return (f"<h2>bss_desktop {escape(__version__)}</h2>"
            "<p>A desktop tabletop for the trading card game <b>Battle Spirits Saga</b>: a rules engine for the "
            "Comprehensive Rules, a board you play with the mouse, a manual sandbox, and LAN play whose shuffles the "
            "guest can audit.</p><h3>Where your files are</h3><table cellpadding='3'>" + rows + "</table>"
            "<p>The same list: <code>bss-desktop --paths</code>. Put your own deck lists (<code>.txt</code>) in "
            "“your decks”; import card lists with <code>bss-desktop import-cards</code>.</p>")


class HelpWindow(QDialog):
    """Non-modal (show(), never exec()): the game stays playable while it is open."""

    def __init__(self, title: str, html: str, parent=None):
        super().__init__(parent)
        self.setWindowTitle(title)
        lay = QVBoxLayout(self)
        self.text = QTextBrowser()
        self.text.setOpenExternalLinks(True)
        self.text.setHtml(html)
        lay.addWidget(self.text)
        self.resize(620, 640)


def add_help_menu(window, keys_of) -> None:
    """A Help menu on `window`: rules summary (F1), hotkeys, about. `keys_of()` gives the current hotkeys."""
    menu = window.menuBar().addMenu("&Help")

    def show(title, html_of):
        w = HelpWindow(title, html_of(), window)
        window._help_window = w
        w.show()

    for label, shortcut, title, html_of in (
            ("Rules summary", "F1", "Rules summary", lambda: RULES),
            ("Keyboard and mouse", None, "Keyboard and mouse", lambda: hotkeys_html(keys_of())),
            ("About bss_desktop", None, "About bss_desktop", about_html)):
        action = QAction(label, window)
        if shortcut:
            action.setShortcut(shortcut)
        action.triggered.connect(lambda _=False, t=title, h=html_of: show(t, h))
        menu.addAction(action)
