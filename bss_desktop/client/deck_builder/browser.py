"""The card browser: every card the app knows, searched as you type, narrowed by chips, sorted by any column.

    browser = CardBrowser(db, faces)
    browser.cardActivated.connect(add_one)      # double-click, Enter or + on a card
    browser.cardRemoveRequested.connect(take)   # - on a card
    browser.cardHovered.connect(preview)        # the current card changed (click, keys, hover)
    browser.search.setText("c:r cost>=4")       # the query language of carddb/query.py

A keystroke re-filters through the index made once (carddb/query.py), then the model is reset with the ids that
match: no per-row Python filter in a proxy model, so 1,500 cards re-filter in a few milliseconds
(`bss-desktop bench client` measures it). A query that does not parse keeps the last good list and says what is
wrong under the search box.

Another game's cards (its profile: `CardBrowser(db, faces, profile=...)`) have their own columns and chips: a
Battle of Souls fighter's class, ATK and RST, an equipment's sub-type; its fields are searched too (atk>=1500).
"""
from __future__ import annotations

from PySide6.QtCore import (
    QAbstractTableModel,
    QMimeData,
    QSize,
    Qt,
    Signal,
)
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListView,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QStackedWidget,
    QTableView,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from bss_desktop.carddb.cards import COLORS, display_name
from bss_desktop.carddb.query import FIELDS, CardIndex, GameFields, QueryError, game_help
from bss_desktop.client.faces.draw import CARD_ASPECT, COLOR_HEX

CARD_MIME = "application/x-bss-card-ids"  # newline-separated card ids: a drag from the browser or the deck list
DECK_MIME = "application/x-bss-deck-card"  # also on a drag out of the deck list: dropped on the browser, it removes

COLOR_LETTER = {c: c[0].upper() for c in COLORS}
TYPE_NAMES = {"spirit": "Spirit", "nexus": "Nexus", "magic": "Magic"}
COST_CHIPS = (0, 1, 2, 3, 4, 5, 6, 7)  # 7 is "7+"
THUMB_H = 44  # the list's face thumbnail
GRID_W = 118  # the grid's face width


def max_bp(card) -> int:
    return max((lv.bp or 0 for lv in card.levels), default=0)


def colors_text(card) -> str:
    return "/".join(c.capitalize() for c in card.colors) or "—"


def mime_ids(mime: QMimeData) -> list[str]:
    """The card ids a drag carries (empty for anything else)."""
    if not mime.hasFormat(CARD_MIME):
        return []
    text = bytes(mime.data(CARD_MIME)).decode("utf-8", "replace")
    return [line for line in text.split("\n") if line][:60]  # a drop never carries more than a deck's worth


def answer_drag(event, ok: bool, action) -> bool:
    """Accept a drag or drop event with `action` when `ok`, else refuse it; returns `ok`."""
    if ok:
        event.setDropAction(action)
        event.accept()
    else:
        event.ignore()
    return ok


def ids_mime(ids) -> QMimeData:
    mime = QMimeData()
    mime.setData(CARD_MIME, "\n".join(ids).encode("utf-8"))
    mime.setText("\n".join(ids))
    return mime


# (header, sort key, display text); sort keys end with the name and id so equal values keep a stable order
COLUMNS = (
    ("Name", lambda c: (c.name.casefold(), c.id), lambda c: display_name(c) + (f" ({c.additional_name})" if c.additional_name
                                                                      else "")),
    ("Cost", lambda c: (c.cost, c.name.casefold(), c.id), lambda c: str(c.cost)),
    ("Colour", lambda c: (tuple(COLORS.index(x) for x in c.colors if x in COLORS), c.cost, c.name.casefold()),
     colors_text),
    ("Type", lambda c: (c.type, c.cost, c.name.casefold()), lambda c: TYPE_NAMES.get(c.type, c.type.title())),
    ("BP", lambda c: (max_bp(c), c.name.casefold()), lambda c: f"{max_bp(c):,}" if max_bp(c) else ""),
    ("Sym", lambda c: (c.symbol_count, c.name.casefold()), lambda c: str(c.symbol_count) if c.symbols else ""),
    ("Families", lambda c: (" ".join(c.families).casefold(), c.name.casefold()), lambda c: ", ".join(c.families)),
    ("Set", lambda c: (c.set, c.id), lambda c: c.set),
    ("ID", lambda c: (c.id,), lambda c: c.id),
)
NAME, COST, COLOUR, TYPE, BP, SYM, FAMILIES, SET, ID = range(len(COLUMNS))
DECK = len(COLUMNS)  # the last column: copies in the deck being edited
WIDTHS = (210, 44, 82, 58, 58, 38, 120, 48, 78)


def columns_for(profile) -> tuple[tuple, tuple[int, ...], frozenset[int], int | None, int]:
    """(columns, widths, right-aligned column numbers, the colour column or None, the column that stretches) of a
    game's browser: Battle Spirits' (every game whose cards are Battle Spirits records), or name, type, the
    profile's own card fields, set and id."""
    if profile is None or profile.cards.shape == "battle_spirits":
        return COLUMNS, WIDTHS, frozenset((COST, BP, SYM, DECK)), COLOUR, FAMILIES
    cols = [COLUMNS[NAME], ("Type", lambda c: (c.type, c.name.casefold()),
                            lambda c: profile.cards.types.get(c.type, {}).get("label") or c.type)]
    right = set()
    for f in profile.cards.fields.values():
        if f.modifies:
            continue  # an equipment's bonus (a few cards): in the Card panel's line, not a column of every card
        if f.kind == "int":
            right.add(len(cols))
            cols.append((f.label or f.name, lambda c, n=f.name: (c.extra.get(n, -1), c.name.casefold()),
                         lambda c, n=f.name: "" if c.extra.get(n) is None else str(c.extra[n])))
        elif f.kind in ("enum", "text"):
            order = {v: i for i, v in enumerate(f.values)}
            cols.append((f.label or f.name,
                         lambda c, n=f.name, o=order: (o.get(c.extra.get(n), len(o)), str(c.extra.get(n, "")),
                                                       c.name.casefold()),
                         lambda c, n=f.name: str(c.extra.get(n, ""))))
    cols += [COLUMNS[SET], COLUMNS[ID]]
    right.add(len(cols))  # the deck column
    widths = (210, 80, *(60 if i in right else 110 for i in range(2, len(cols) - 2)), 48, 78)
    return tuple(cols), widths, frozenset(right), None, 1


DISPLAY, USER, DECORATION = int(Qt.DisplayRole.value), int(Qt.UserRole.value), int(Qt.DecorationRole.value)
FOREGROUND, ALIGNMENT, TOOLTIP = int(Qt.ForegroundRole.value), int(Qt.TextAlignmentRole.value), int(Qt.ToolTipRole.value)
_RIGHT = int((Qt.AlignRight | Qt.AlignVCenter).value)
_FLAGS = Qt.ItemIsEnabled | Qt.ItemIsSelectable | Qt.ItemIsDragEnabled
_COLOR_BRUSHES = {c: QColor(COLOR_HEX[c]) for c in COLORS}
HEADER_TIPS = {BP: "The highest printed BP", SYM: "Symbols", DECK: "Copies in the deck you are editing"}


class CardTableModel(QAbstractTableModel):
    """The browser's rows: the ids that pass the query and chips, sorted; one column per field, plus "Deck"."""

    def __init__(self, db, faces, parent=None, profile=None) -> None:
        super().__init__(parent)
        self.db, self.faces = db, faces
        self.columns, _, self.right, self.colour_col, _ = columns_for(profile)
        self.deck_col = len(self.columns)  # the last column: copies in the deck being edited
        self.headers = (*(c[0] for c in self.columns), "Deck")
        self.ids: list[str] = []
        self.sort_column, self.sort_order = NAME, Qt.AscendingOrder
        self.in_deck = lambda card_id: 0  # the deck editor's count
        self.thumb_height = THUMB_H  # the grid view shows bigger faces
        self._sort_keys: dict[int, dict[str, tuple]] = {}  # column -> id -> key, made once per column
        self._texts: dict[str, tuple[str, ...]] = {}  # id -> the text of each column
        self._roles = {DISPLAY: self._display, USER: lambda card_id, _col: card_id, DECORATION: self._decoration,
                       FOREGROUND: self._foreground, ALIGNMENT: self._alignment, TOOLTIP: self._tooltip}

    # -- contents
    def set_ids(self, ids: list[str]) -> None:
        self.beginResetModel()
        self.ids = self._sorted(ids)
        self.endResetModel()

    def _key(self, column: int):
        if column == self.deck_col:
            return lambda i: (-self.in_deck(i), self.db[i].name.casefold())
        keys = self._sort_keys.get(column)
        if keys is None:
            fn = self.columns[column][1]
            keys = self._sort_keys[column] = {i: fn(self.db[i]) for i in self.db}
        return keys.__getitem__

    def _sorted(self, ids: list[str]) -> list[str]:
        return sorted(ids, key=self._key(self.sort_column), reverse=self.sort_order == Qt.DescendingOrder)

    def sort(self, column: int, order=Qt.AscendingOrder) -> None:
        self.sort_column, self.sort_order = column, order
        self.layoutAboutToBeChanged.emit()
        self.ids = self._sorted(self.ids)
        self.layoutChanged.emit()

    def deck_changed(self) -> None:
        """The deck column (and the greyed "4 of 4" rows) after an edit."""
        if self.ids:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self.ids) - 1, self.deck_col))

    def card_at(self, row: int):
        return self.db[self.ids[row]] if 0 <= row < len(self.ids) else None

    def row_of(self, card_id: str) -> int:
        try:
            return self.ids.index(card_id)
        except ValueError:
            return -1

    # -- Qt model API
    def rowCount(self, parent=None) -> int:
        return 0 if parent is not None and parent.isValid() else len(self.ids)

    def columnCount(self, parent=None) -> int:
        return 0 if parent is not None and parent.isValid() else len(self.columns) + 1

    def headerData(self, section, orientation, role=DISPLAY):
        if role == DISPLAY:
            return self.headers[section] if orientation == Qt.Horizontal else None
        if role == TOOLTIP and orientation == Qt.Horizontal:
            return HEADER_TIPS.get(section) if self.columns is COLUMNS else (
                HEADER_TIPS[DECK] if section == self.deck_col else None)
        return None

    # A repaint asks data() about ten roles of every visible cell (over a thousand calls): each role is one dict
    # lookup on plain ints, and a card's texts are made once.
    def data(self, index, role=DISPLAY):
        handler = self._roles.get(role)
        if handler is None or not index.isValid():
            return None
        return handler(self.ids[index.row()], index.column())

    def _display(self, card_id: str, col: int):
        if col == self.deck_col:
            n = self.in_deck(card_id)
            return str(n) if n else ""
        texts = self._texts.get(card_id)
        if texts is None:
            card = self.db[card_id]
            texts = self._texts[card_id] = tuple(c[2](card) for c in self.columns)
        return texts[col]

    def _decoration(self, card_id: str, col: int):
        if col != NAME:
            return None
        h = self.thumb_height
        return self.faces.get(self.db[card_id], round(h * CARD_ASPECT), h)

    def _foreground(self, card_id: str, col: int):
        if col != self.colour_col:
            return None
        colors = self.db[card_id].colors
        return _COLOR_BRUSHES.get(colors[0]) if len(colors) == 1 else None

    def _alignment(self, _card_id: str, col: int):
        return _RIGHT if col in self.right else None

    def _tooltip(self, card_id: str, col: int):
        if col != NAME:
            return None
        card = self.db[card_id]
        if self.colour_col is None:  # another game's card: its own fields
            fields = " · ".join(f"{k} {v}" for k, v in card.extra.items() if isinstance(v, (int, str)))
            return f"{display_name(card)} — {card.id} · {card.type}" + (f" · {fields}" if fields else "") + \
                "\nDouble-click or + adds it to the deck; drag it onto the deck."
        fams = ", ".join(card.families)
        printings = ", ".join(p.id + (f" ({p.rarity})" if p.rarity else "") for p in card.printings)
        return f"{display_name(card)} — {card.id} · cost {card.cost} · {colors_text(card)} {card.type}" + (
            f" · {fams}" if fams else "") + (f"\nAlso printed as {printings} (the same card, CR 2-1)" if printings
                                             else "") + "\nDouble-click or + adds it to the deck; drag it onto the deck."

    def flags(self, index):
        return _FLAGS if index.isValid() else Qt.NoItemFlags

    def mimeTypes(self):
        return [CARD_MIME]

    def mimeData(self, indexes):
        ids = list(dict.fromkeys(self.ids[i.row()] for i in indexes if i.isValid()))
        return ids_mime(ids)


class _Chip(QPushButton):
    """A toggle in the chip rows (a colour, a type, a cost, a set)."""

    def __init__(self, text: str, value, tip: str, color: str | None = None, parent=None) -> None:
        super().__init__(text, parent)
        self.value = value
        self.setCheckable(True)
        self.setToolTip(tip)
        self.setFocusPolicy(Qt.NoFocus)  # typing stays in the search box
        edge = color or "#4a5b80"
        self.setStyleSheet(f"""
            QPushButton {{ padding: 2px 8px; border: 1px solid {edge}; border-radius: 10px; background: #232c3d;
                           color: #e3e8f0; min-width: 14px; }}
            QPushButton:checked {{ background: {color or '#f97316'}; color: #111;
                                   border-color: #f1f4fa; font-weight: 600; }}""")


class _CardViewMixin:
    """Keys and drops of the browser's views, handled in the views themselves (no Python event filter: one that
    outlives its object during a window's destruction crashes PySide).

    + / = / Enter add the current card; - removes a copy; a card dragged out of the deck and dropped here is
    removed from the deck."""

    browser: CardBrowser

    def keyPressEvent(self, event) -> None:
        card_id = self.browser.current_id()
        if card_id is not None and event.key() in (Qt.Key_Plus, Qt.Key_Equal, Qt.Key_Return, Qt.Key_Enter):
            self.browser.cardActivated.emit(card_id)
            return
        if card_id is not None and event.key() in (Qt.Key_Minus, Qt.Key_Underscore):
            self.browser.cardRemoveRequested.emit(card_id)
            return
        super().keyPressEvent(event)

    def dragEnterEvent(self, event) -> None:
        answer_drag(event, event.mimeData().hasFormat(DECK_MIME), Qt.MoveAction)

    def dragMoveEvent(self, event) -> None:
        self.dragEnterEvent(event)

    def dropEvent(self, event) -> None:
        if answer_drag(event, event.mimeData().hasFormat(DECK_MIME), Qt.MoveAction):
            self.browser.cardsReturned.emit(mime_ids(event.mimeData()))


class _CardTable(_CardViewMixin, QTableView):
    def __init__(self, browser, **kw) -> None:
        super().__init__(**kw)
        self.browser = browser


class _CardGrid(_CardViewMixin, QListView):
    def __init__(self, browser, **kw) -> None:
        super().__init__(**kw)
        self.browser = browser


class _SearchBox(QLineEdit):
    """The search box; Down moves into the list, as in a file dialog, so a player never needs the mouse."""

    def __init__(self, browser, **kw) -> None:
        super().__init__(**kw)
        self.browser = browser

    def keyPressEvent(self, event) -> None:
        if event.key() == Qt.Key_Down and self.browser.model.ids:
            view = self.browser.active_view()
            view.setFocus()
            if not view.currentIndex().isValid():
                self.browser.select_card(self.browser.model.ids[0])
            return
        super().keyPressEvent(event)


class _Views(QStackedWidget):
    """The same model as a table (sortable columns) or as a grid of faces."""


class CardBrowser(QWidget):
    cardActivated = Signal(str)  # add one copy
    cardRemoveRequested = Signal(str)  # remove one copy
    cardHovered = Signal(str)  # show it in the preview
    cardsReturned = Signal(list)  # cards dragged out of the deck and dropped here: remove a copy of each
    filtered = Signal(int)  # how many cards pass

    def __init__(self, db, faces, parent=None, profile=None) -> None:
        super().__init__(parent)
        self.db = db
        self.profile = profile
        # tokens are made by effects, not collected; another game's fields are searched too
        # (unless the game brings token cards outside the deck: Eternal's token pool, ETR §Token Cards)
        tokens = profile is not None and (profile.deck_rules["side"] or {}).get("cards") == "tokens"
        self.index = CardIndex((c for c in db.values() if tokens or not c.token), GameFields.of(profile))
        spirits = profile is None or profile.cards.shape == "battle_spirits"
        self.chip_field = None if spirits else next(
            (f for f in profile.cards.fields.values() if f.kind == "enum"), None)  # a Battle of Souls class
        self.error: QueryError | None = None
        self._query_ids: list[str] = list(self.index.ids)  # what the text query let through (chips come after)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(4)
        self.search = _SearchBox(self, objectName="Search")
        self.search.setClearButtonEnabled(True)
        # a Battle Spirits game's hints from its profile and cards (no "burst" where there is no burst area)
        self.hints = game_help(profile, db.values()) if spirits else None
        self.search.setPlaceholderText(self.hints[0] if spirits else self._game_placeholder())
        self.search.setToolTip(self._help_text())
        self.search.textChanged.connect(self._query_changed)
        self.search.returnPressed.connect(self._activate_current)
        lay.addWidget(self.search)
        self.error_label = QLabel(objectName="QueryError")
        self.error_label.setStyleSheet("color: #f87171;")
        self.error_label.setWordWrap(True)
        self.error_label.hide()
        lay.addWidget(self.error_label)
        self.chips: dict[str, list[_Chip]] = {"color": [], "type": [], "cost": [], "set": [], "field": []}
        row = QHBoxLayout()
        row.setSpacing(3)
        if spirits:
            for c in COLORS:
                self._chip(row, "color", COLOR_LETTER[c], c, f"{c.capitalize()} cards", COLOR_HEX[c])
            row.addSpacing(8)
        types = TYPE_NAMES if profile is None else {t: spec.get("label") or t.title()
                                                   for t, spec in profile.cards.types.items()}
        for t, label in types.items():
            self._chip(row, "type", label, t, f"{label} cards")
        row.addStretch(1)
        lay.addLayout(row)
        row = QHBoxLayout()
        row.setSpacing(3)
        if spirits:
            for n in COST_CHIPS:
                self._chip(row, "cost", f"{n}+" if n == COST_CHIPS[-1] else str(n), n,
                           f"Cost {n} or more" if n == COST_CHIPS[-1] else f"Cost {n}")
        elif self.chip_field is not None:  # a long value's chip shows its first word ("Legendary"), its tip all
            for v in self.chip_field.values:
                self._chip(row, "field", v.split()[0], v, f"{self.chip_field.label or self.chip_field.name}: {v}")
        row.addSpacing(8)
        sets = sorted({c.set for c in db.values() if c.set and not c.token})
        self.set_button = QToolButton(text="Sets ▸", objectName="Sets", checkable=True)
        self.set_button.setToolTip("Show the sets: click one to keep only its cards (none chosen: every set)")
        self.set_button.toggled.connect(self._sets_toggled)
        row.addWidget(self.set_button)
        clear = QPushButton("Clear", objectName="ClearFilters")
        clear.setToolTip("Clear the search and every chip")
        clear.setFocusPolicy(Qt.NoFocus)
        clear.clicked.connect(self.clear_filters)
        row.addWidget(clear)
        row.addStretch(1)
        self.count_label = QLabel(objectName="Count")
        row.addWidget(self.count_label)
        self.grid_toggle = QToolButton(text="Grid", objectName="GridToggle", checkable=True)
        self.grid_toggle.setToolTip("Show the cards as a grid of faces (or as a table you can sort)")
        self.grid_toggle.toggled.connect(self._grid_toggled)
        row.addWidget(self.grid_toggle)
        lay.addLayout(row)
        self.set_list = QListWidget(objectName="SetList")
        self.set_list.setFlow(QListView.LeftToRight)
        self.set_list.setWrapping(True)
        self.set_list.setResizeMode(QListView.Adjust)
        self.set_list.setSpacing(2)
        self.set_list.setSelectionMode(QAbstractItemView.NoSelection)
        self.set_list.setFocusPolicy(Qt.NoFocus)
        self.chosen_sets: set[str] = set()
        for code in sets:
            item = QListWidgetItem(code, self.set_list)
            item.setData(Qt.UserRole, code)
            item.setToolTip(f"Only the cards of set {code} (click again to drop it)")
        self.set_list.itemClicked.connect(self._set_clicked)
        self.set_list.hide()
        lay.addWidget(self.set_list)

        self.model = CardTableModel(db, faces, self, profile)
        self.table = _CardTable(self, objectName="CardTable")
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SingleSelection)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(NAME, Qt.AscendingOrder)
        self.table.setDragEnabled(True)
        self.table.setDragDropMode(QAbstractItemView.DragDrop)  # drops: cards back from the deck
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(False)
        self.table.setIconSize(QSize(round(THUMB_H * CARD_ASPECT), THUMB_H))
        vh = self.table.verticalHeader()
        vh.hide()
        vh.setSectionResizeMode(QHeaderView.Fixed)  # uniform rows: a reset never measures 1,500 rows
        vh.setDefaultSectionSize(THUMB_H + 4)
        hh = self.table.horizontalHeader()
        hh.setSectionResizeMode(QHeaderView.Interactive)
        hh.setStretchLastSection(False)
        _, widths, _, _, stretch = columns_for(profile)
        hh.setSectionResizeMode(stretch, QHeaderView.Stretch)  # a wide window shows every family
        for col, width in enumerate((*widths, 44)):
            self.table.setColumnWidth(col, width)
        self.table.doubleClicked.connect(lambda ix: self.cardActivated.emit(self.model.ids[ix.row()]))
        self.table.selectionModel().currentRowChanged.connect(self._current_changed)
        self.table.setMouseTracking(True)
        self.table.entered.connect(lambda ix: self.cardHovered.emit(self.model.ids[ix.row()]))
        self.grid = _CardGrid(self, objectName="CardGrid")
        self.grid.setViewMode(QListView.IconMode)
        self.grid.setModel(self.model)
        self.grid.setModelColumn(NAME)
        self.grid.setResizeMode(QListView.Adjust)
        self.grid.setMovement(QListView.Static)
        self.grid.setUniformItemSizes(True)
        self.grid.setLayoutMode(QListView.Batched)
        self.grid.setBatchSize(200)
        self.grid.setIconSize(QSize(GRID_W, round(GRID_W / CARD_ASPECT)))
        self.grid.setGridSize(QSize(GRID_W + 12, round(GRID_W / CARD_ASPECT) + 34))
        self.grid.setWordWrap(True)
        self.grid.setDragEnabled(True)
        self.grid.setDragDropMode(QAbstractItemView.DragDrop)
        self.grid.setMouseTracking(True)
        self.grid.doubleClicked.connect(lambda ix: self.cardActivated.emit(self.model.ids[ix.row()]))
        self.grid.selectionModel().currentRowChanged.connect(self._current_changed)
        self.grid.entered.connect(lambda ix: self.cardHovered.emit(self.model.ids[ix.row()]))
        self.views = _Views()
        self.views.addWidget(self.table)
        self.views.addWidget(self.grid)
        lay.addWidget(self.views, 1)
        for view in (self.table, self.grid):
            view.setAcceptDrops(True)
            view.setDropIndicatorShown(False)
        self.refresh()

    # ------------------------------------------------------------------ chips and the query

    def _chip(self, row, group: str, text: str, value, tip: str, color: str | None = None) -> None:
        chip = _Chip(text, value, tip, color)
        chip.setObjectName(f"chip-{group}-{value}")
        chip.toggled.connect(lambda _on: self._chips_changed())
        self.chips[group].append(chip)
        row.addWidget(chip)

    def _help_text(self) -> str:
        lines = ["Words match the name, text and families. Combine with and, or, not, -, ( ) and \"quotes\"."]
        lines += [f"{name}: {text}" for name, text in (self.hints[1] if self.hints else FIELDS).items()]
        if self.profile is not None and self.profile.id != "bss":
            for f in self.profile.cards.fields.values():
                if f.kind == "int":
                    lines.append(f"{f.name}: {f.label or f.name}, a number: {f.name}>={f.min or 0}")
                elif f.kind in ("enum", "text"):
                    vals = f" ({', '.join(f.values)})" if f.values else ""
                    lines.append(f"{f.name}: {f.label or f.name}{vals}: {f.name}:{(f.values or ['…'])[0]}")
        return "\n".join(lines)

    def _game_placeholder(self) -> str:
        fields = [f for f in self.profile.cards.fields.values() if f.kind in ("int", "enum")][:3]
        examples = [f"{f.name}>={(f.step or 1) * 10}" if f.kind == "int" else f"{f.name}:{f.values[0].lower()}"
                    for f in fields]
        return "Search: words, " + ", ".join([*examples, f"t:{next(iter(self.profile.cards.types))}"]) + "…"

    def _query_changed(self, text: str) -> None:
        try:
            ids = self.index.filter(text)
        except QueryError as e:
            self.error = e
            self.error_label.setText(f"⚠ {e}")
            self.error_label.show()
            self.search.setStyleSheet("QLineEdit { border: 1px solid #f87171; }")
            return  # the last good list stays
        if self.error is not None:
            self.error = None
            self.error_label.hide()
            self.search.setStyleSheet("")
        self._query_ids = ids
        self._apply_chips()

    def _chips_changed(self) -> None:
        self._apply_chips()

    def _sets_toggled(self, shown: bool) -> None:
        self.set_list.setVisible(shown)
        if shown and self.set_list.count():  # one row of sets, two when there are many (the rest scrolls)
            rows = 1 if self.set_list.count() <= 10 else 2
            row = self.set_list.sizeHintForRow(0) + 2 * self.set_list.spacing()
            self.set_list.setFixedHeight(rows * row + 2 * self.set_list.frameWidth() + 2)
        self._set_button_text()

    def _set_button_text(self) -> None:
        arrow = "▾" if self.set_button.isChecked() else "▸"
        chosen = ", ".join(sorted(self.chosen_sets))
        self.set_button.setText(f"Sets: {chosen} {arrow}" if chosen else f"Sets {arrow}")

    def _set_clicked(self, item) -> None:
        code = item.data(Qt.UserRole)
        self.chosen_sets ^= {code}
        on = code in self.chosen_sets
        item.setText(f"✓ {code}" if on else code)
        item.setBackground(QColor("#f97316") if on else QColor(0, 0, 0, 0))
        item.setForeground(QColor("#111") if on else QColor("#e3e8f0"))
        self._set_button_text()
        self._apply_chips()

    def _chip_values(self, group: str) -> set:
        return {c.value for c in self.chips[group] if c.isChecked()}

    def _apply_chips(self) -> None:
        """Chips of one row are alternatives (red or green); rows and the query must all hold."""
        colors, types, costs = self._chip_values("color"), self._chip_values("type"), self._chip_values("cost")
        values, name = self._chip_values("field"), self.chip_field.name if self.chip_field is not None else ""
        sets = self.chosen_sets
        top = COST_CHIPS[-1]
        db = self.db
        ids = self._query_ids
        if colors or types or costs or sets or values:
            def keep(card) -> bool:
                return ((not colors or not colors.isdisjoint(card.colors)) and (not types or card.type in types)
                        and (not costs or min(card.cost, top) in costs) and (not sets or card.set in sets)
                        and (not values or card.extra.get(name) in values))
            ids = [i for i in ids if keep(db[i])]
        current = self.current_id()
        self.model.set_ids(ids)
        self.count_label.setText(f"{len(ids):,} of {len(self.index.ids):,} cards")
        if current is not None and (row := self.model.row_of(current)) >= 0:
            self._select_row(row)
        self.filtered.emit(len(ids))

    def refresh(self) -> None:
        """Filter again with what is typed and ticked now."""
        self._query_changed(self.search.text())

    def clear_filters(self) -> None:
        for chips in self.chips.values():
            for chip in chips:
                chip.blockSignals(True)
                chip.setChecked(False)
                chip.blockSignals(False)
        for i in range(self.set_list.count()):
            item = self.set_list.item(i)
            if item.data(Qt.UserRole) in self.chosen_sets:
                self.chosen_sets.discard(item.data(Qt.UserRole))
                item.setText(item.data(Qt.UserRole))
                item.setBackground(QColor(0, 0, 0, 0))
                item.setForeground(QColor("#e3e8f0"))
        self._set_button_text()
        if self.search.text():
            self.search.clear()  # refilters
        else:
            self.refresh()

    # ------------------------------------------------------------------ the views

    def active_view(self):
        return self.views.currentWidget()

    def _grid_toggled(self, on: bool) -> None:
        current = self.current_id()
        self.model.thumb_height = round(GRID_W / CARD_ASPECT) if on else THUMB_H
        self.views.setCurrentWidget(self.grid if on else self.table)
        self.model.deck_changed()
        if current is not None and (row := self.model.row_of(current)) >= 0:
            self._select_row(row)

    def current_id(self) -> str | None:
        ix = self.active_view().currentIndex()
        return self.model.ids[ix.row()] if ix.isValid() and ix.row() < len(self.model.ids) else None

    def _select_row(self, row: int) -> None:
        view = self.active_view()
        ix = self.model.index(row, NAME if view is self.grid else 0)
        view.setCurrentIndex(ix)
        view.scrollTo(ix)

    def select_card(self, card_id: str) -> bool:
        row = self.model.row_of(card_id)
        if row >= 0:
            self._select_row(row)
        return row >= 0

    def _current_changed(self, current, _previous) -> None:
        if current.isValid() and current.row() < len(self.model.ids):
            self.cardHovered.emit(self.model.ids[current.row()])

    def _activate_current(self) -> None:
        """Enter in the search box adds the selected card, or the only card found."""
        card_id = self.current_id() or (self.model.ids[0] if len(self.model.ids) == 1 else None)
        if card_id is not None:
            self.cardActivated.emit(card_id)
