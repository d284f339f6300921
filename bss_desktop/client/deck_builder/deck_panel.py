"""The deck being edited: its name, its cards by type with their counts, the lines an import could not read, and the
legality panel with its reasons.

A game with a side deck (Battle of Souls: 0-15 cards kept outside the game) shows it under the deck, with a switch
that sends added cards there.

The panel only shows the draft and asks for edits through signals (addRequested, removeRequested, cardsDropped);
the window turns them into undoable commands and calls `show_draft` again, as the table does with engine events.
"""
from __future__ import annotations

from collections import Counter

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QColor, QDrag, QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from bss_desktop.carddb.cards import display_name
from bss_desktop.client.faces.draw import CARD_ASPECT, COLOR_HEX

from .browser import CARD_MIME, DECK_MIME, TYPE_NAMES, answer_drag, ids_mime, mime_ids

SECTIONS = (("spirit", "Spirits"), ("nexus", "Nexuses"), ("magic", "Magic"))
THUMB_H = 34
OK_COLOR, BAD_COLOR = "#4ade80", "#fbbf24"


class DeckTree(QTreeWidget):
    """The deck's cards by type; drop cards from the browser here to add them, drag one out to remove it."""

    cardsDropped = Signal(list)
    addRequested = Signal(str)
    removeRequested = Signal(str)

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("DeckList")
        self.setHeaderHidden(True)
        self.setColumnCount(3)  # copies, the card, its cost
        self.setRootIsDecorated(False)
        self.setIndentation(6)
        self.setAcceptDrops(True)
        self.setDragEnabled(True)
        self.setDragDropMode(QAbstractItemView.DragDrop)
        self.setDefaultDropAction(Qt.CopyAction)
        self.setSelectionMode(QAbstractItemView.SingleSelection)
        self.setIconSize(QSize(round(THUMB_H * CARD_ASPECT), THUMB_H))
        self.setMouseTracking(True)

    def keyPressEvent(self, event) -> None:
        item = self.currentItem()
        card_id = item.data(0, Qt.UserRole) if item is not None else None
        if card_id and event.key() in (Qt.Key_Plus, Qt.Key_Equal):
            self.addRequested.emit(card_id)
            return
        if card_id and event.key() in (Qt.Key_Minus, Qt.Key_Underscore, Qt.Key_Delete, Qt.Key_Backspace):
            self.removeRequested.emit(card_id)
            return
        super().keyPressEvent(event)

    def mimeTypes(self):
        return [CARD_MIME]

    def dragEnterEvent(self, event) -> None:  # cards from the browser (not the deck's own, dragged out)
        mime = event.mimeData()
        answer_drag(event, mime.hasFormat(CARD_MIME) and not mime.hasFormat(DECK_MIME), Qt.CopyAction)

    def dragMoveEvent(self, event) -> None:
        self.dragEnterEvent(event)

    def dropEvent(self, event) -> None:
        mime = event.mimeData()
        ids = mime_ids(mime)
        if answer_drag(event, bool(ids) and not mime.hasFormat(DECK_MIME), Qt.CopyAction):
            self.cardsDropped.emit(ids)

    def startDrag(self, actions) -> None:
        item = self.currentItem()
        card_id = item.data(0, Qt.UserRole) if item is not None else None
        if not card_id:
            return
        mime = ids_mime([card_id])
        mime.setData(DECK_MIME, card_id.encode("utf-8"))
        drag = QDrag(self)
        drag.setMimeData(mime)
        icon = item.icon(0)
        if not icon.isNull():
            drag.setPixmap(icon.pixmap(self.iconSize()))
        drag.exec(Qt.MoveAction)  # a user gesture: the drag runs its own loop, never from a coroutine


class SideList(QListWidget):
    """The side deck's list: -, Delete or Backspace takes a copy of the current card out."""

    removeRequested = Signal(str)

    def keyPressEvent(self, event) -> None:
        item = self.currentItem()
        card_id = item.data(Qt.UserRole) if item is not None else None
        if card_id and event.key() in (Qt.Key_Minus, Qt.Key_Underscore, Qt.Key_Delete, Qt.Key_Backspace):
            self.removeRequested.emit(card_id)
            return
        super().keyPressEvent(event)


class DeckPanel(QWidget):
    addRequested = Signal(str)
    removeRequested = Signal(str)
    sideRemoveRequested = Signal(str)  # one copy out of the side deck
    cardsDropped = Signal(list)
    cardHovered = Signal(str)
    renamed = Signal(str)

    def __init__(self, db, faces, parent=None, profile=None) -> None:
        super().__init__(parent)
        self.db, self.faces = db, faces
        self._shown: dict = {}  # what show_draft / show_side last showed (refresh_faces shows it again)
        # a game whose cards have no cost (Battle of Souls): its own types, by name, without a cost column
        self.sections = SECTIONS if profile is None or profile.cards.shape == "battle_spirits" else tuple(
            (t, spec.get("label") or t.title()) for t, spec in profile.cards.types.items())
        self.costed = self.sections is SECTIONS
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(4)
        top = QHBoxLayout()
        self.name_edit = QLineEdit(objectName="DeckName")
        self.name_edit.setPlaceholderText("Deck name")
        self.name_edit.textEdited.connect(self.renamed.emit)
        top.addWidget(self.name_edit, 1)
        self.count_label = QLabel(objectName="DeckCount")
        f = self.count_label.font()
        f.setBold(True)
        self.count_label.setFont(f)
        top.addWidget(self.count_label)
        lay.addLayout(top)
        self.verdict = QLabel(objectName="Verdict")
        self.verdict.setWordWrap(True)
        lay.addWidget(self.verdict)
        self.tree = DeckTree()
        self.tree.cardsDropped.connect(self.cardsDropped.emit)
        self.tree.itemDoubleClicked.connect(self._double_clicked)
        self.tree.currentItemChanged.connect(lambda item, _old: self._hover(item))
        self.tree.itemEntered.connect(lambda item, _col: self._hover(item))
        self.tree.addRequested.connect(self.addRequested.emit)
        self.tree.removeRequested.connect(self.removeRequested.emit)
        lay.addWidget(self.tree, 3)
        side = profile.deck_rules["side"] if profile is not None else None
        label = side["label"] if side is not None else "Side deck"  # Eternal: the token cards brought
        self.to_side = QCheckBox(f"Add cards to the {label.lower()}", objectName="ToSide")
        self.to_side.setToolTip("Checked: a card added from the list (double-click, + or Enter, a drop) goes to the "
                                "side deck instead of the deck")
        self.side_title = QLabel(objectName="SideTitle")
        self.side_list = SideList(objectName="SideDeck")
        self.side_list.removeRequested.connect(self.sideRemoveRequested.emit)
        self.side_list.setToolTip("The side deck, kept outside the game. A double-click or Delete takes a copy out.")
        self.side_list.itemDoubleClicked.connect(self._side_double_clicked)
        self.side_list.itemEntered.connect(self._side_hover)
        self.side_list.setMouseTracking(True)
        for w in (self.to_side, self.side_title, self.side_list):
            lay.addWidget(w, 1 if w is self.side_list else 0)
            w.setVisible(side is not None)
        self.issues_title = QLabel("Legality", objectName="IssuesTitle")
        lay.addWidget(self.issues_title)
        self.issues = QListWidget(objectName="Issues")
        self.issues.setWordWrap(True)
        self.issues.itemClicked.connect(self._issue_clicked)
        lay.addWidget(self.issues, 1)
        self.kept_title = QLabel(objectName="KeptTitle")
        self.kept_title.setWordWrap(True)
        lay.addWidget(self.kept_title)
        self.kept = QListWidget(objectName="Kept")
        self.kept.setWordWrap(True)
        self.kept.setToolTip("Lines of the list that did not become cards. They are kept: saving writes them back "
                             "as comments, and they come back as cards once the card is known (import it first).")
        lay.addWidget(self.kept, 1)

    # ------------------------------------------------------------------ showing the draft

    def refresh_faces(self) -> None:
        """Make the lists' faces again (pictures turned on or off: client/faces/cache.py set_card_faces)."""
        shown = self._shown
        if "draft" in shown:
            self.show_draft(*shown["draft"])
        if "side" in shown:
            self.show_side(*shown["side"])

    def show_draft(self, draft, issues, kept) -> None:
        self._shown["draft"] = (draft, issues, kept)
        current = self.current_id()
        if self.name_edit.text() != draft.name:
            self.name_edit.setText(draft.name)
        n = len(draft)
        rules = draft.rules
        self.count_label.setText(f"{n} cards")
        self.tree.clear()
        groups: dict[str, list[str]] = {t: [] for t, _ in self.sections}
        unknown = []
        for card_id in draft.counts:
            card = self.db.get(card_id)
            (groups.setdefault(card.type, []) if card is not None else unknown).append(card_id)
        bad = {c for issue in issues for c in issue.cards}
        bold = QFont(self.tree.font())
        bold.setBold(True)
        sections = dict(self.sections)
        extra = [(t, TYPE_NAMES.get(t, t.title() + "s")) for t in groups if t not in sections]  # Eternal's Ultimates
        for kind, title in [*self.sections, *extra]:
            ids = sorted(groups.get(kind, ()), key=lambda i: (self.db[i].cost, self.db[i].name.casefold(), i))
            if not ids:
                continue
            head = QTreeWidgetItem([f"{title} ({sum(draft.counts[i] for i in ids)})"])
            head.setFont(0, bold)
            head.setFlags(Qt.ItemIsEnabled)
            self.tree.addTopLevelItem(head)
            head.setFirstColumnSpanned(True)
            for card_id in ids:
                card = self.db[card_id]
                item = QTreeWidgetItem([f"{draft.counts[card_id]}×", display_name(card), str(card.cost) if self.costed else ""])
                item.setData(0, Qt.UserRole, card_id)
                item.setIcon(1, self.faces.get(card, round(THUMB_H * CARD_ASPECT), THUMB_H,
                                                printing=getattr(draft, "printings", {}).get(card_id)))
                item.setTextAlignment(0, Qt.AlignRight | Qt.AlignVCenter)
                item.setTextAlignment(2, Qt.AlignRight | Qt.AlignVCenter)
                item.setToolTip(2, f"cost {card.cost}")
                if len(card.colors) == 1:
                    item.setForeground(2, QColor(COLOR_HEX.get(card.colors[0], "#e3e8f0")))
                item.setToolTip(0, f"{display_name(card)} ({card_id}), cost {card.cost}\n+ adds a copy; - or a double-click "
                                   f"removes one; drag it onto the card list to remove it")
                if card_id in bad:
                    for col in (0, 1):
                        item.setForeground(col, QColor(BAD_COLOR))
                item.setFlags(Qt.ItemIsEnabled | Qt.ItemIsSelectable | Qt.ItemIsDragEnabled)
                head.addChild(item)
            head.setExpanded(True)
        for card_id in unknown:
            item = QTreeWidgetItem([f"{draft.counts[card_id]}×", f"{card_id} (unknown card)", ""])
            item.setData(0, Qt.UserRole, card_id)
            item.setForeground(0, QColor(BAD_COLOR))
            self.tree.addTopLevelItem(item)
        header = self.tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, header.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, header.ResizeMode.Stretch)
        header.setSectionResizeMode(2, header.ResizeMode.ResizeToContents)
        if current is not None:
            self.select_card(current)
        self.issues.clear()
        if issues:
            self.verdict.setText(f"⚠ Not legal for {rules.title}: {len(issues)} problem{'s' if len(issues) > 1 else ''}")
            self.verdict.setStyleSheet(f"color: {BAD_COLOR}; font-weight: 600;")
            for issue in issues:
                item = QListWidgetItem(f"• {issue}")
                item.setData(Qt.UserRole, list(issue.cards))
                item.setForeground(QColor(BAD_COLOR))
                self.issues.addItem(item)
        else:
            self.verdict.setText(f"✓ Legal for {rules.title} ({rules.size_text()} cards, at most {rules.copies} of a "
                                 f"name, {rules.rule})")
            self.verdict.setStyleSheet(f"color: {OK_COLOR}; font-weight: 600;")
            self.issues.addItem(QListWidgetItem("No problems."))
        self.kept.clear()
        for k in kept:
            where = k.where or (f"line {k.line}" if k.line is not None else "")
            item = QListWidgetItem(f"{where}: {k.text}  — {k.problem}" if where else f"{k.text}  — {k.problem}")
            item.setForeground(QColor(BAD_COLOR))
            self.kept.addItem(item)
        self.kept_title.setText(f"Lines not read ({len(kept)}), kept as they were:" if kept else "")
        self.kept_title.setVisible(bool(kept))
        self.kept.setVisible(bool(kept))

    def show_side(self, side: list, rules) -> None:
        """The side deck: each card once with its count, in the order first added."""
        if rules.side_max is None:
            return
        self._shown["side"] = (list(side), rules)
        counts = Counter(side)  # (in the order first added)
        current = self.side_list.currentItem()
        current = current.data(Qt.UserRole) if current is not None else None
        self.side_list.clear()
        for card_id, n in counts.items():
            card = self.db.get(card_id)
            item = QListWidgetItem(f"{n}×  {display_name(card) if card else card_id + ' (unknown card)'}")
            item.setData(Qt.UserRole, card_id)
            if card is not None:
                item.setIcon(self.faces.get(card, round(THUMB_H * CARD_ASPECT), THUMB_H))
            self.side_list.addItem(item)
            if card_id == current:
                self.side_list.setCurrentItem(item)
        span = f"{rules.side_min} to {rules.side_max}" if rules.side_min else f"up to {rules.side_max}"
        self.side_title.setText(f"{rules.side_label}: {len(side)} card{'s' if len(side) != 1 else ''} ({span})")

    def _side_double_clicked(self, item) -> None:
        card_id = item.data(Qt.UserRole)
        if card_id:
            self.sideRemoveRequested.emit(card_id)

    def _side_hover(self, item) -> None:
        card_id = item.data(Qt.UserRole) if item is not None else None
        if card_id and card_id in self.db:
            self.cardHovered.emit(card_id)

    # ------------------------------------------------------------------ gestures

    def current_id(self) -> str | None:
        item = self.tree.currentItem()
        return item.data(0, Qt.UserRole) if item is not None else None

    def select_card(self, card_id: str) -> bool:
        for i in range(self.tree.topLevelItemCount()):
            top = self.tree.topLevelItem(i)
            for item in [top, *(top.child(j) for j in range(top.childCount()))]:
                if item.data(0, Qt.UserRole) == card_id:
                    self.tree.setCurrentItem(item)
                    return True
        return False

    def _hover(self, item) -> None:
        card_id = item.data(0, Qt.UserRole) if item is not None else None
        if card_id and card_id in self.db:
            self.cardHovered.emit(card_id)

    def _double_clicked(self, item, _column) -> None:
        card_id = item.data(0, Qt.UserRole)
        if card_id:
            self.removeRequested.emit(card_id)

    def _issue_clicked(self, item) -> None:
        ids = item.data(Qt.UserRole) or []
        if ids:
            self.select_card(ids[0])
