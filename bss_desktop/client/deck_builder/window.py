"""The deck builder window: the card browser, the deck being edited, and its preview, statistics and sample hand.

    window = DeckBuilderWindow(db, decks, settings, launcher=start_window)
    window.open_deck("red-saga")

Every edit is a command on the window's QUndoStack (add, remove, rename, replace the whole deck on New, Open, Import
and Paste), so each can be undone; an add is checked against the copy limit before it is pushed, so the limit
(CR 5-1-1-1) holds however fast the clicks come. Decks are saved as text in the player's deck folder
(`bss-desktop --paths`), where the start screen reads them; `deckSaved` tells it at once.

`launcher` (the start screen) starts games with the deck: `launcher.play_deck(cards, name, mode)` with mode "ai",
"goldfish", "host" or "join". Without a launcher those actions are greyed.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction, QKeySequence, QUndoCommand, QUndoStack
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QInputDialog,
    QLabel,
    QMainWindow,
    QMessageBox,
    QSplitter,
    QTabWidget,
    QToolBar,
)

from bss_desktop.carddb.cards import display_name
from bss_desktop.carddb.deck_draft import DeckDraft
from bss_desktop.carddb.deck_formats import (
    EXTENSIONS,
    FORMATS,
    KeptLine,
    read_deck,
    write_deck,
)
from bss_desktop.carddb.deck_rules import DECK_RULES, DEFAULT_GAME
from bss_desktop.carddb.decks import MAX_DECK_BYTES, Deck
from bss_desktop.carddb.errors import DeckListError
from bss_desktop.data_files import DataFileError, check_text_size, read_text

from bss_desktop.client.windows.preview import CardPreview
from .browser import CardBrowser
from .deck_panel import DeckPanel
from .sample_hand import SampleHandView
from .stats_panel import StatsPanel

NEW_NAME = "New deck"
MAX_IMPORTED = 1_000  # cards in one import (a deck is at most 60): more is no deck list, and would slow every redraw
MAX_NAME = 120  # characters of a deck name kept


@dataclass
class Snapshot:
    """Everything an Open, Import, Paste or New replaces, so it can be undone."""

    name: str
    counts: dict
    printings: dict
    kept: list = field(default_factory=list)
    notes: str = ""
    path: Path | None = None
    key: str | None = None  # the deck's name in the start screen's lists ("red-saga", "my-burn")
    side: list = field(default_factory=list)  # a game with a side deck: its cards (kept and written back)


def deck_file_stem(name: str) -> str:
    """A file name for a deck name: letters, digits, '-' and '_' (others become '-'), never empty."""
    stem = re.sub(r"[^\w-]+", "-", name.strip(), flags=re.ASCII).strip("-_").lower()
    return stem[:60] or "deck"


class _Add(QUndoCommand):
    def __init__(self, window, card_id: str, n: int) -> None:
        super().__init__(f"add {n}× {display_name(window.db[card_id])}")
        self.w, self.card_id, self.n = window, card_id, n

    def redo(self) -> None:
        self.w.draft.counts[self.card_id] = self.w.draft.counts.get(self.card_id, 0) + self.n  # checked before push
        self.w.changed(self.card_id)

    def undo(self) -> None:
        self.w.draft.remove(self.card_id, self.n)
        self.w.changed(self.card_id)


class _Remove(QUndoCommand):
    def __init__(self, window, card_id: str, n: int) -> None:
        card = window.db.get(card_id)
        super().__init__(f"remove {n}× {display_name(card) if card else card_id}")
        self.w, self.card_id, self.n = window, card_id, n
        self.index = window.draft.index_of(card_id)

    def redo(self) -> None:
        self.w.draft.remove(self.card_id, self.n)
        self.w.changed(self.card_id)

    def undo(self) -> None:
        self.w.draft.insert_at(self.card_id, self.n, self.index)
        self.w.changed(self.card_id)


class _Side(QUndoCommand):
    """A copy into (`n` = 1) or out of (`n` = -1) the side deck; undone by its opposite at the same place."""

    def __init__(self, window, card_id: str, n: int) -> None:
        card = window.db.get(card_id)
        super().__init__(f"{'add' if n > 0 else 'remove'} 1× {display_name(card) if card else card_id} "
                         f"{'to' if n > 0 else 'from'} the side deck")
        self.w, self.card_id, self.n = window, card_id, n
        self.index = len(window.side) if n > 0 else window.side.index(card_id)

    def _put(self) -> None:
        self.w.side.insert(self.index, self.card_id)
        self.w.changed()

    def _take(self) -> None:
        del self.w.side[self.index]
        self.w.changed()

    def redo(self) -> None:
        if self.n > 0:
            self._put()
        else:
            self._take()

    def undo(self) -> None:
        if self.n > 0:
            self._take()
        else:
            self._put()


class _Rename(QUndoCommand):
    ID = 1501

    def __init__(self, window, old: str, new: str) -> None:
        super().__init__("rename the deck")
        self.w, self.old, self.new = window, old, new

    def id(self) -> int:
        return self.ID

    def mergeWith(self, other) -> bool:
        if other.id() != self.ID:
            return False
        self.new = other.new
        return True

    def redo(self) -> None:
        self.w.draft.name = self.new
        self.w.changed()

    def undo(self) -> None:
        self.w.draft.name = self.old
        self.w.changed()


class _Replace(QUndoCommand):
    def __init__(self, window, text: str, before: Snapshot, after: Snapshot) -> None:
        super().__init__(text)
        self.w, self.before, self.after = window, before, after

    def redo(self) -> None:
        self.w.restore(self.after)

    def undo(self) -> None:
        self.w.restore(self.before)


class DeckBuilderWindow(QMainWindow):
    deckSaved = Signal(str)  # the deck's key in the start screen's lists ("my-<file stem>")

    def __init__(self, db, decks: dict | None = None, settings=None, *, launcher=None, faces=None,
                 game: str = DEFAULT_GAME, folder=None) -> None:
        super().__init__()
        from ...paths import decks_dir
        from bss_desktop.client.faces.cache import faces_for

        from ...table.profiles import get_profile
        from ..faces import painter_for

        self.db = db
        self.decks = decks if decks is not None else {}  # the start screen's dict: shipped and "my-" decks
        self.settings = settings
        self.launcher = launcher
        self.profile = get_profile(game)  # the game whose decks are built (its cards, rules, faces)
        self.rules = DECK_RULES[game]
        # another game's decks go in a folder of their own in the player's deck folder
        default = decks_dir() if game == DEFAULT_GAME else decks_dir() / game
        self.folder = Path(folder) if folder is not None else default
        self.side: list[str] = []  # the side deck, for a game that has one (its own list in the panel)
        self.faces = faces or faces_for(settings, max_entries=1024, painter=painter_for(self.profile.cards.face))
        self.draft = DeckDraft(db, self.rules, name=NEW_NAME)
        self.kept: list[KeptLine] = []
        self.notes = ""
        self.path: Path | None = None
        self.key: str | None = None
        self.undo_stack = QUndoStack(self)
        self.undo_stack.cleanChanged.connect(self._clean_changed)  # a method: disconnected when the window goes
        self._closing_ok = False
        self._dialog = None

        self.browser = CardBrowser(db, self.faces, profile=self.profile)
        self.panel = DeckPanel(db, self.faces, profile=self.profile)
        self.preview = CardPreview(cache=self.faces, profile=self.profile)
        self.stats = StatsPanel(db, self.browser.index, profile=self.profile)
        self.hand = SampleHandView(db, self.faces)
        self.tabs = QTabWidget(objectName="Tabs")
        self.tabs.addTab(self.preview, "Card")
        self.tabs.addTab(self.stats, "Statistics")
        self.tabs.addTab(self.hand, "Sample hand")
        splitter = QSplitter(Qt.Horizontal)
        splitter.addWidget(self.browser)
        splitter.addWidget(self.panel)
        splitter.addWidget(self.tabs)
        splitter.setStretchFactor(0, 5)
        splitter.setStretchFactor(1, 3)
        splitter.setStretchFactor(2, 3)
        splitter.setSizes([600, 360, 380])
        splitter.setChildrenCollapsible(False)
        self.setCentralWidget(splitter)

        self.browser.cardActivated.connect(lambda i: self.add_card(i))
        self.browser.cardRemoveRequested.connect(lambda i: self.remove_card(i))
        self.browser.cardHovered.connect(self.show_card)
        self.panel.addRequested.connect(lambda i: self.add_card(i))
        self.panel.removeRequested.connect(lambda i: self.remove_card(i))
        self.panel.sideRemoveRequested.connect(lambda i: self.remove_side(i))
        self.panel.cardsDropped.connect(self._dropped)
        self.panel.cardHovered.connect(self.show_card)
        self.panel.renamed.connect(self._renamed)
        self.hand.cardHovered.connect(self.show_card)
        self.browser.cardsReturned.connect(lambda ids: [self.remove_card(i) for i in ids])
        self.browser.model.in_deck = self.draft.count

        self._actions()
        self.changed()
        self.resize(1366, 768)

    # ------------------------------------------------------------------ menus and toolbar

    def _action(self, text: str, slot, shortcut=None, tip: str = "", name: str = "") -> QAction:
        act = QAction(text, self)
        act.setObjectName(name or text)
        act.triggered.connect(lambda _checked=False: slot())  # `checked` is not an argument of ours
        if shortcut is not None:
            act.setShortcut(QKeySequence(shortcut))
        if tip:
            act.setToolTip(tip)
            act.setStatusTip(tip)
        return act

    def _actions(self) -> None:
        bar = self.menuBar()
        f = bar.addMenu("&File")
        self.new_action = self._action("New deck", self.new_deck, QKeySequence.New, name="New")
        self.save_action = self._action("Save", self.save, QKeySequence.Save, "Save in your deck folder", "Save")
        self.save_as_action = self._action("Save as…", self.save_as, QKeySequence.SaveAs, name="SaveAs")
        self.import_action = self._action("Open or import a file…", self.import_file, QKeySequence.Open,
                                          "Any deck list: 4x ID: Name, 4 ID, 4 Name, [ID, …], CSV or JSON",
                                          "Import")
        for a in (self.new_action, self.save_action, self.save_as_action, self.import_action):
            f.addAction(a)
        self.export_menu = f.addMenu("Export as")
        self.copy_menu = f.addMenu("Copy to the clipboard as")
        for fmt, label in FORMATS.items():
            self.export_menu.addAction(self._action(label, lambda fmt=fmt: self.export_file(fmt), name=f"export-{fmt}"))
            self.copy_menu.addAction(self._action(label, lambda fmt=fmt: self.copy_deck(fmt), name=f"copy-{fmt}"))
        self.paste_action = self._action("Paste a deck from the clipboard", self.paste_deck, "Ctrl+Shift+V",
                                         name="Paste")
        f.addAction(self.paste_action)
        f.addSeparator()
        f.addAction(self._action("Close", self.close, QKeySequence.Close, name="Close"))
        e = bar.addMenu("&Edit")
        # "Undo" and "Redo" stay short on the toolbar; the tooltip names the edit ("Undo: add 1× Ashwing Drake")
        self.undo_action = self._action("Undo", self.undo_stack.undo, QKeySequence.Undo, name="Undo")
        self.redo_action = self._action("Redo", self.undo_stack.redo, QKeySequence.Redo, name="Redo")
        self.undo_stack.canUndoChanged.connect(self.undo_action.setEnabled)
        self.undo_stack.canRedoChanged.connect(self.redo_action.setEnabled)
        self.undo_stack.undoTextChanged.connect(lambda text: self.undo_action.setToolTip(f"Undo: {text}"))
        self.undo_stack.redoTextChanged.connect(lambda text: self.redo_action.setToolTip(f"Redo: {text}"))
        self.undo_action.setEnabled(False)
        self.redo_action.setEnabled(False)
        e.addAction(self.undo_action)
        e.addAction(self.redo_action)
        e.addSeparator()
        self.find_action = self._action("Find a card", self._focus_search, QKeySequence.Find, name="Find")
        e.addAction(self.find_action)
        p = bar.addMenu("&Play")
        self.play_ai = self._action("Play against the computer", lambda: self.play("ai"),
                                    tip="A game against the computer with this deck (the opponent's deck and the "
                                        "level are the start screen's)", name="PlayAI")
        self.goldfish = self._action("Goldfish in the sandbox", lambda: self.play("goldfish"),
                                     tip="This deck alone in the sandbox: draw, play and test openings",
                                     name="Goldfish")
        self.host = self._action("Host a LAN game with this deck", lambda: self.play("host"),
                                 tip="Host a LAN game with this deck (saved in your folder first if edited)",
                                 name="Host")
        self.join = self._action("Join a LAN game with this deck", lambda: self.play("join"),
                                 tip="Join a LAN game with this deck (saved in your folder first if edited)",
                                 name="Join")
        for a in (self.play_ai, self.goldfish, self.host, self.join):
            p.addAction(a)
        from bss_desktop.client.windows.help import add_help_menu

        add_help_menu(self, dict)

        tb = QToolBar("Deck", objectName="DeckToolbar")
        tb.setMovable(False)
        self.addToolBar(tb)
        tb.addWidget(QLabel(" Open: "))
        self.open_box = QComboBox(objectName="OpenDeck")
        self.open_box.setMinimumContentsLength(18)
        self.open_box.setSizeAdjustPolicy(QComboBox.AdjustToMinimumContentsLengthWithIcon)
        self.open_box.setToolTip("Your decks and the shipped ones; opening one can be undone")
        self._fill_open_box()
        self.open_box.activated.connect(lambda index: self.open_deck(self.open_box.itemData(index)))
        tb.addWidget(self.open_box)
        for a in (self.new_action, self.save_action, self.undo_action, self.redo_action):
            tb.addAction(a)
        tb.addSeparator()
        for a in (self.play_ai, self.goldfish):
            tb.addAction(a)
        self.host.setIconText("Host on LAN")  # the toolbar's short text; the Play menu says "… with this deck"
        self.join.setIconText("Join on LAN")
        tb.addAction(self.host)
        tb.addAction(self.join)

    def _fill_open_box(self) -> None:
        from bss_desktop.carddb.player_db import MY_PREFIX

        box = self.open_box
        box.blockSignals(True)
        box.clear()
        box.addItem("choose a deck…", None)
        names = sorted(self.decks, key=lambda n: (not n.startswith(MY_PREFIX), not n.endswith("saga"), n))
        for n in names:
            box.addItem(f"{self.decks[n].name}  ({n})", n)
        # the player's files that can't be played yet (too few cards, a card not found…): opened here to be fixed
        files = sorted(self.folder.glob("*.txt")) if self.folder.is_dir() else []
        for path in files:
            key = MY_PREFIX + path.stem
            if key not in self.decks:
                box.addItem(f"⚠ {path.stem} (can't be played yet)", key)
        box.setCurrentIndex(max(0, box.findData(self.key)))
        box.blockSignals(False)

    def _focus_search(self) -> None:
        self.browser.search.setFocus()
        self.browser.search.selectAll()

    # ------------------------------------------------------------------ showing

    def changed(self, card_id: str | None = None) -> None:
        """Redraw what an edit changed: the deck list, the legality panel, the counts, the statistics."""
        issues = self.draft.issues(self.side)
        self.panel.show_draft(self.draft, issues, self.kept)
        self.panel.show_side(self.side, self.rules)
        if card_id is not None:
            self.panel.select_card(card_id)
        self.browser.model.in_deck = self.draft.count
        self.browser.model.deck_changed()
        cards = self.draft.cards()
        self.stats.update_stats(cards, self.rules)
        self.hand.set_deck(cards, self.rules)
        legal = not issues
        self.play_ai.setEnabled(self.launcher is not None and legal and self.profile.rules is not None)
        self.goldfish.setEnabled(self.launcher is not None and len(self.draft) > 0)
        for a in (self.host, self.join):
            a.setEnabled(self.launcher is not None and legal)
        why = "" if legal else f" — fix the deck first: {issues[0]}"
        if self.profile.rules is None:
            why = f" — {self.profile.name} has no rules module yet: goldfish it or play a LAN sandbox"
        self.play_ai.setToolTip("A game against the computer with this deck" + why)
        self._title()

    def _clean_changed(self, _clean: bool) -> None:
        self._title()

    def _title(self) -> None:
        star = "" if self.undo_stack.isClean() else "*"
        game = "" if self.profile.id == DEFAULT_GAME else f" of {self.profile.name}"
        self.setWindowTitle(f"bss_desktop — deck builder{game} — {self.draft.name}{star}")

    def show_card(self, card_id: str) -> None:
        card = self.db.get(card_id)
        if card is not None:
            self.preview.show_card(card)

    def say(self, text: str, ms: int = 8000) -> None:
        self.statusBar().showMessage(text, ms)

    # ------------------------------------------------------------------ edits

    def add_card(self, card_id: str, n: int = 1) -> bool:
        """Add `n` copies (to the side deck while the panel's switch says so), or say why not (the copy limit, the
        side deck's size, a token); nothing changes when refused."""
        card = self.db.get(card_id)
        to_side = self.rules.side_max is not None and (self.panel.to_side.isChecked() or (
            self.rules.side_tokens and card is not None and card.token))  # Eternal's token cards go there
        why = self.why_not_add(card_id, n, to_side)
        if why is not None:
            self.say(why)
            QApplication.beep()
            return False
        card = self.db[card_id]
        if to_side:
            self.undo_stack.beginMacro(f"add {n}× {display_name(card)} to the side deck")
            for _ in range(n):
                self.undo_stack.push(_Side(self, card_id, 1))
            self.undo_stack.endMacro()
            self.say(f"Added {display_name(card)} to the side deck: {self.side.count(card_id)} there, {len(self.side)} "
                     f"cards", 4000)
            return True
        self.undo_stack.push(_Add(self, card_id, n))
        self.say(f"Added {display_name(card)}: {self.draft.count(card_id)} in the deck, {len(self.draft)} cards", 4000)
        return True

    def why_not_add(self, card_id: str, n: int = 1, to_side: bool = False) -> str | None:
        """Why `n` copies of `card_id` may not be added to the deck (or the side deck), or None. The copy limit
        counts the deck only (BOS §Getting Started: "in your deck"); the side deck is bounded by its size, and a
        swap that would break the deck's limits is refused between battles (table/match.py)."""
        if not to_side:
            return self.draft.why_not_add(card_id, n)
        card = self.db.get(card_id)
        if card is None:
            return f"unknown card {card_id!r}"
        if self.rules.side_tokens and not card.token:
            return f"{self.rules.rule}: the {self.rules.side_label.lower()} are token cards; {display_name(card)} is not"
        if card.token and not self.rules.tokens_allowed and not self.rules.side_tokens:
            return f"{self.rules.rule}: {display_name(card)} is a token; tokens can't be in a side deck"
        if len(self.side) + n > self.rules.side_max:
            return f"{self.rules.rule}: the {self.rules.side_label.lower()} hold at most {self.rules.side_max} cards"
        return None

    def remove_side(self, card_id: str) -> bool:
        """One copy of `card_id` out of the side deck."""
        if card_id not in self.side:
            return False
        self.undo_stack.push(_Side(self, card_id, -1))
        card = self.db.get(card_id)
        self.say(f"Removed {display_name(card) if card else card_id} from the side deck: {len(self.side)} cards there", 4000)
        return True

    def remove_card(self, card_id: str, n: int = 1) -> bool:
        if self.draft.count(card_id) == 0:
            return False
        self.undo_stack.push(_Remove(self, card_id, min(n, self.draft.count(card_id))))
        card = self.db.get(card_id)
        self.say(f"Removed {display_name(card) if card else card_id}: {self.draft.count(card_id)} left, "
                 f"{len(self.draft)} cards", 4000)
        return True

    def _dropped(self, ids: list) -> None:
        for card_id in ids:
            if card_id in self.db:
                self.add_card(card_id)

    def _renamed(self, text: str) -> None:
        if text != self.draft.name:
            self.undo_stack.push(_Rename(self, self.draft.name, text))

    # ------------------------------------------------------------------ whole decks (undoable)

    def snapshot(self) -> Snapshot:
        return Snapshot(self.draft.name, dict(self.draft.counts), dict(self.draft.printings), list(self.kept),
                        self.notes, self.path, self.key, list(self.side))

    def restore(self, s: Snapshot) -> None:
        self.draft.name, self.draft.counts, self.draft.printings = s.name, dict(s.counts), dict(s.printings)
        self.kept, self.notes, self.path, self.key = list(s.kept), s.notes, s.path, s.key
        self.side = list(s.side)
        self.open_box.blockSignals(True)
        self.open_box.setCurrentIndex(max(0, self.open_box.findData(s.key)))
        self.open_box.blockSignals(False)
        self.changed()

    def _replace(self, text: str, after: Snapshot) -> None:
        self.undo_stack.push(_Replace(self, text, self.snapshot(), after))

    def new_deck(self) -> None:
        self._replace("new deck", Snapshot(NEW_NAME, {}, {}))
        self.say("A new, empty deck (Undo brings the last one back)")

    def open_deck(self, key: str | None) -> bool:
        """One of the start screen's decks by its key ("red-saga", "my-burn"); a player's deck is read again from
        its file, so lines kept there (cards not found) come back too."""
        path = self._user_path(key) if key else None
        if path is not None and path.is_file():  # the player's file, playable or not: opened here to fix it
            imported = self._read_file(path)
            if imported is None:
                return False
            snap = self._imported_snapshot(imported, path=path, key=key)
        elif not key or key not in self.decks:
            return False
        else:
            deck = self.decks[key]
            snap = Snapshot(deck.name, deck.counts(), dict(deck.printings), [], self._shipped_notes(key), None, key,
                            list(getattr(deck, "side", [])))
        self._replace(f"open {snap.name}", snap)
        self.undo_stack.setClean()
        self.say(f"Opened {snap.name} ({key}): {sum(snap.counts.values())} cards")
        return True

    def _user_path(self, key: str) -> Path | None:
        from bss_desktop.carddb.player_db import MY_PREFIX

        return self.folder / f"{key[len(MY_PREFIX):]}.txt" if key.startswith(MY_PREFIX) else None

    def _shipped_notes(self, key: str) -> str:
        from bss_desktop.resources import cards_dir

        path = cards_dir() / self.profile.cards.decks / f"{key}.txt"
        try:
            return read_deck(read_text(path, limit=MAX_DECK_BYTES, what="a deck list", encoding="utf-8-sig"),
                             self.db).notes
        except (OSError, UnicodeDecodeError, DeckListError, DataFileError):
            return ""

    def _imported_snapshot(self, imported, *, path=None, key=None) -> Snapshot:
        counts = imported.deck.counts()
        kept = list(imported.kept)
        if imported.side and self.rules.side_max is None:  # a community list's sideboard: kept, said why
            kept += [KeptLine(None, f"{n}x {c}: {display_name(self.db[c])}" if c in self.db else f"{n}x {c}",
                              f"{self.rules.title} has no side deck", "side deck")
                     for c, n in Counter(imported.side).items()]
        side = list(imported.side) if self.rules.side_max is not None else []
        return Snapshot(imported.deck.name, counts, dict(imported.deck.printings), kept, imported.notes, path, key,
                        side)

    def _read_file(self, path: Path):
        try:  # a file larger than the bound is refused by its size, before it is read
            text = read_text(path, limit=MAX_DECK_BYTES, what="a deck list", encoding="utf-8-sig")
        except DataFileError as e:  # "is 20 MB; a deck list is at most 1 MB"
            self.say(f"{e}; nothing changed", 15000)
            return None
        except OSError as e:
            self.say(f"{path}: cannot read it ({e.strerror or e})", 15000)
            return None
        except UnicodeDecodeError as e:
            self.say(f"{path}: not a UTF-8 text file (byte {e.start})", 15000)
            return None
        return self._read_text(text, source=str(path), default_name=path.stem)

    def _read_text(self, text: str, *, source: str, default_name: str):
        try:
            imported = read_deck(text, self.db, source=source, default_name=default_name)
        except DeckListError as e:
            self.say(" ".join(str(e).split()), 15000)
            return None
        n = len(imported.deck.cards) + len(imported.side)
        if n > MAX_IMPORTED:
            self.say(f"{source}: {n:,} cards is not a deck list (at most {MAX_IMPORTED:,} are read); nothing changed",
                     15000)
            return None
        imported.deck.name = " ".join(imported.deck.name.split())[:MAX_NAME] or default_name
        return imported

    def _report_import(self, imported, where: str) -> None:
        n = len(imported.deck.cards)
        if imported.kept or imported.side:
            lost = len(imported.kept) + (1 if imported.side else 0)
            lines = f"{lost} line was" if lost == 1 else f"{lost} lines were"
            self.say(f"{where}: {n} cards read; {lines} not read: listed under the deck, and kept", 15000)
        else:
            self.say(f"{where}: {n} cards read", 8000)

    def _ask_path(self, title: str, filters: str, then, *, save: bool = False, name: str = "") -> None:
        """A file dialog in the folder last used for this game's deck lists, else the player's deck folder."""
        from bss_desktop.client.windows.file_dialogs import ask_path

        kind = "decks" if self.profile.id == DEFAULT_GAME else f"decks-{self.profile.id}"
        ask_path(self, title, filters, then, kind=kind, settings=self.settings, save=save, name=name,
                 default=self.folder)

    def import_file(self, path=None) -> None:
        if path is None:
            self._ask_path("Open or import a deck list", "Deck lists (*.txt *.csv *.json *.dek *.ydk);;All files (*)",
                           self.import_file)
            return
        path = Path(path)
        imported = self._read_file(path)
        if imported is None:
            return
        mine = path.parent.resolve() == self.folder.resolve() and path.suffix == ".txt"
        key = f"my-{path.stem}" if mine else None
        self._replace(f"import {path.name}", self._imported_snapshot(imported, path=path if mine else None, key=key))
        self._report_import(imported, path.name)

    def paste_deck(self) -> None:
        text = QApplication.clipboard().text()
        if not text.strip():
            self.say("The clipboard holds no text")
            return
        try:
            check_text_size(text, limit=MAX_DECK_BYTES, what="a deck list")
        except DataFileError as e:  # "is 20 MB; a deck list is at most 1 MB"
            self.say(f"The clipboard's text {e.problem}; nothing changed", 15000)
            return
        imported = self._read_text(text, source="the clipboard", default_name="Pasted deck")
        if imported is None:
            return
        self._replace("paste a deck", self._imported_snapshot(imported))
        self._report_import(imported, "The clipboard")

    def current_deck(self) -> Deck:
        return Deck(name=self.draft.name, cards=self.draft.cards(), printings=dict(self.draft.printings))

    def deck_text(self, fmt: str = "text") -> str:
        return write_deck(self.current_deck(), self.db, fmt, kept=self.kept, notes=self.notes, side=self.side,
                          side_label=self.rules.side_label)

    def copy_deck(self, fmt: str = "text") -> None:
        QApplication.clipboard().setText(self.deck_text(fmt))
        self.say(f"Copied {self.draft.name} to the clipboard as {FORMATS[fmt]}")

    def export_file(self, fmt: str, path=None) -> None:
        if path is None:
            self._ask_path(f"Export {self.draft.name} as {FORMATS[fmt]}", "", lambda p: self.export_file(fmt, p),
                           save=True, name=deck_file_stem(self.draft.name) + EXTENSIONS[fmt])
            return
        from ...paths import write_atomically

        try:
            write_atomically(Path(path), self.deck_text(fmt))
        except OSError as e:
            self.say(f"Could not write {path}: {e.strerror or e}", 15000)
            return
        self.say(f"Exported {self.draft.name} to {path}")

    # ------------------------------------------------------------------ saving

    def save(self) -> bool:
        """Save to the deck's file in the player's folder; a new or shipped deck asks for a name first."""
        if self.path is None or self.path.parent.resolve() != self.folder.resolve():
            self.save_as()
            return False
        return self._write(self.path)

    def save_as(self, name: str | None = None) -> bool:
        if name is None:
            dialog = QInputDialog(self)
            dialog.setObjectName("SaveAsDialog")
            dialog.setWindowTitle("Save the deck")
            dialog.setLabelText(f"Save in {self.folder} as:")
            dialog.setTextValue(self.draft.name if self.draft.name != NEW_NAME else "")
            dialog.textValueSelected.connect(lambda text: self.save_as(text))
            self._dialog = dialog
            dialog.open()
            return False
        name = " ".join(name.split())
        if not name:
            self.say("A deck needs a name to be saved")
            return False
        path = self.folder / f"{deck_file_stem(name)}.txt"
        if path.exists() and path != self.path:
            box = QMessageBox(QMessageBox.Question, "Replace the deck?",
                              f"{path.name} is already in your deck folder. Replace it with this deck?",
                              QMessageBox.Yes | QMessageBox.Cancel, self)
            box.setObjectName("ReplaceDialog")
            box.finished.connect(lambda result: self._replace_answered(result, name, path))
            self._dialog = box
            box.open()
            return False
        return self._save_named(name, path)

    def _replace_answered(self, result: int, name: str, path: Path) -> None:
        if result == QMessageBox.Yes:
            self._save_named(name, path)

    def _save_named(self, name: str, path: Path) -> bool:
        if name != self.draft.name:
            self.undo_stack.push(_Rename(self, self.draft.name, name))
        if not self._write(path):
            return False
        self.path = path
        return True

    def _write(self, path: Path) -> bool:
        from bss_desktop.carddb.decks import load_deck_file
        from bss_desktop.carddb.player_db import MY_PREFIX

        from ...paths import write_atomically

        try:
            write_atomically(path, self.deck_text("text"))
        except OSError as e:
            self.say(f"Could not save {path}: {e.strerror or e}", 15000)
            return False
        self.path = path
        self.key = MY_PREFIX + path.stem
        self.undo_stack.setClean()
        # the start screen's dict, in place (the LAN windows hold it too); a deck that is not legal yet is saved but
        # can't be chosen there until it is (the start screen marks it)
        try:
            if self.rules.side_max is None:
                deck = load_deck_file(path, self.db)
            else:  # a game with side decks: read with them
                from bss_desktop.carddb.deck_formats import game_deck_file

                deck = game_deck_file(path, self.db)
                deck = None if isinstance(deck, list) else deck
        except DeckListError:
            deck = None
        issues = self.draft.issues()
        if deck is not None and not issues:
            self.decks[self.key] = deck
        else:
            self.decks.pop(self.key, None)
        self._fill_open_box()
        self.deckSaved.emit(self.key)
        self.say(f"Saved {self.draft.name} in {path}" + (f" — not legal yet: {issues[0]}" if issues else ""), 10000)
        self._title()
        return True

    # ------------------------------------------------------------------ playing

    def play(self, mode: str) -> None:
        import shiboken6

        if self.launcher is None or not shiboken6.isValid(self.launcher):
            self.say("Games start from the start screen, which is closed: start the app again to play this deck")
            return
        issues = self.draft.issues()
        if mode != "goldfish" and issues:
            self.say(f"This deck can't be played yet: {issues[0]}", 10000)
            return
        if mode in ("host", "join") and (self.key is None or not self.undo_stack.isClean()):
            self.say("Save the deck first: a LAN game plays a deck from your folder")
            self.save()
            return
        self.launcher.play_deck(self.draft.cards(), self.draft.name, mode, key=self.key)

    # ------------------------------------------------------------------ closing

    def closeEvent(self, event) -> None:
        if self._closing_ok or self.undo_stack.isClean():
            event.accept()
            return
        event.ignore()
        box = QMessageBox(QMessageBox.Warning, "Unsaved changes",
                          f"{self.draft.name} has changes that are not saved.",
                          QMessageBox.Save | QMessageBox.Discard | QMessageBox.Cancel, self)
        box.setObjectName("UnsavedDialog")
        box.finished.connect(self._close_answered)
        self._dialog = box
        box.open()

    def _close_answered(self, result: int) -> None:
        if result == QMessageBox.Discard or result == QMessageBox.Save and self.save():
            self._closing_ok = True
            self.close()
