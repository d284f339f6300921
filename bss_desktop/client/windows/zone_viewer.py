"""Looking through a pile: a trash (public, CR 3-4-2, either player may look at any time), and the piles another
game's profile declares, those out of the game included (a Battle of Souls side deck, an Eternal token pool).

What the viewer shows is what the seat's view shows: a zone hidden from this seat (profile `visibility`) is a
count, a face-down card a back. In the sandbox a card in the list is also played from here: double-click sends it
to its owner's hand, right-click offers every zone of cards; a pile its profile lets this seat reorder (`reorder`)
takes a new order by dragging a card, or Alt+Up / Alt+Down (ManualOrder).
"""
from __future__ import annotations

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QVBoxLayout,
)

from bss_desktop.carddb.cards import display_name


def viewable_zones(profile) -> list:
    """The zones a View menu offers to look through: piles whose cards the board shows one at a time (a trash, a
    discard pile, a removed area) and the zones kept out of the game; never a deck, the hand or a burst."""
    return [z for z in profile.card_zones() if z.name not in ("deck", "hand", "burst") and z.visibility != "none"
            and (z.display == "pile" or z.out_of_game)]


class ZoneList(QListWidget):
    """The viewer's list: Alt+Up / Alt+Down move the selected card one place (the keyboard's reorder)."""

    moveRequested = Signal(int, int)  # row, -1 (up) or +1 (down)

    def keyPressEvent(self, event) -> None:
        if event.modifiers() & Qt.AltModifier and event.key() in (Qt.Key_Up, Qt.Key_Down) and self.currentRow() >= 0:
            self.moveRequested.emit(self.currentRow(), -1 if event.key() == Qt.Key_Up else 1)
            return
        super().keyPressEvent(event)


class ZoneViewer(QDialog):
    """Non-modal (show(), never exec()); refills as the game goes on; hovering a card shows it in the card panel."""

    def __init__(self, window, owner: int, zone: str = "trash"):
        super().__init__(window)
        self.window_, self.owner, self.zone = window, owner, zone
        self._menu = None
        lay = QVBoxLayout(self)
        self.heading = QLabel()
        self.heading.setWordWrap(True)
        lay.addWidget(self.heading)
        self.list = ZoneList()
        self.list.setIconSize(QSize(60, 84))
        self.list.setMouseTracking(True)
        self.list.itemEntered.connect(self._hover)
        self.list.itemDoubleClicked.connect(self._to_hand)
        self.list.setContextMenuPolicy(Qt.CustomContextMenu)
        self.list.customContextMenuRequested.connect(self._context)
        if self._may_order():  # drag a card to a new place, or Alt+Up / Alt+Down
            self.list.setDragDropMode(QAbstractItemView.InternalMove)
            self.list.model().rowsMoved.connect(lambda *_: self._send_order())
            self.list.moveRequested.connect(self._move_row)
        lay.addWidget(self.list, 1)
        self.resize(420, 520)
        self.refill()

    @property
    def profile(self):
        return self.window_.model.game.profile

    def _entries(self) -> tuple[dict, list | None]:
        """This seat's view of the zone's owner, and the zone's entries in it (newest last; None when hidden from
        this seat)."""
        pv = self.window_.model.game.view(self.window_.controller.viewer)["players"][self.owner]
        if self.zone == "trash":
            return pv, pv["trash"]
        return pv, (pv.get("areas") or {}).get(self.zone)

    def cards(self, entries=None) -> list:
        """(card id, CardDef or None for a face-down card) of the zone, newest first."""
        db = self.window_.model.game.db
        if entries is None:
            entries = self._entries()[1]
        return [(c["card"], db.get(c["cid"]) if c.get("cid") else None) for c in reversed(entries or [])]

    def refill(self, *_events) -> None:
        me = self.window_.controller.viewer
        whose = "Your" if self.owner == me else "Your opponent's"
        z = self.profile.zones.get(self.zone)
        label = (z.label if z is not None else self.zone).lower()
        self.setWindowTitle(f"{whose} {label}")
        pv, entries = self._entries()
        self.list.clear()
        if entries is None:
            n = (pv.get("counts") or {}).get(self.zone, 0)
            self.heading.setText(f"{whose} {label}: {n} card(s), hidden from you.")
            return
        if self.zone == "trash" and self.profile.id == "bss":
            why = "public, CR 3-4-2"
        elif z is not None and z.visibility == "owner":
            why = "only its owner sees it"
        else:
            why = "public"
        where = "; out of the game" if z is not None and z.out_of_game else ""
        self.heading.setText(f"{whose} {label}: {len(entries)} card(s), newest first ({why}{where})"
                             + (". Double-click: to the hand; right-click: elsewhere." if self._sandbox() else "")
                             + (" Drag a card (or Alt+Up / Alt+Down) to reorder." if self._may_order() else ""))
        faces = self.window_.faces
        for iid, card in self.cards(entries):
            if card is None:
                item = QListWidgetItem("A face-down card")
            else:
                item = QListWidgetItem(QIcon(faces.get(card, 120, 168)), f"{display_name(card)}  ({card.id})")
            item.setData(Qt.UserRole, iid)
            self.list.addItem(item)

    def _sandbox(self) -> bool:
        return hasattr(self.window_.controller, "zones")  # the sandbox's controller: any card, anywhere

    def _may_order(self) -> bool:
        """Whether this seat may put the zone in a new order (the profile's `reorder`, in the sandbox)."""
        z = self.profile.zones.get(self.zone)
        me = self.window_.controller.viewer
        return (self._sandbox() and z is not None and z.visibility == "public" and z.ordered
                and (z.reorder == "all" or (z.reorder == "owner" and me == self.owner)))

    def _move_row(self, row: int, delta: int) -> None:
        to = row + delta
        if 0 <= to < self.list.count():
            item = self.list.takeItem(row)
            self.list.insertItem(to, item)
            self.list.setCurrentRow(to)
            self._send_order()

    def _send_order(self) -> None:
        """The list's order (newest first) as the zone's new order (bottom first); the game's answer refills it."""
        from bss_desktop.engine.commands import ManualOrder

        ids = [self.list.item(i).data(Qt.UserRole) for i in range(self.list.count())][::-1]
        controller = self.window_.controller
        if not controller.send(ManualOrder(controller.viewer, self.owner, self.zone, tuple(ids))):
            self.refill()

    def _hover(self, item) -> None:
        self.window_.controller.on_card_hovered(item.data(Qt.UserRole))

    def _move(self, iid: int, zone: str) -> None:
        from bss_desktop.engine.commands import ManualMove

        controller = self.window_.controller
        controller.send(ManualMove(controller.viewer, iid, zone))

    def _to_hand(self, item) -> None:
        if self._sandbox():
            self._move(item.data(Qt.UserRole), "hand")

    def _context(self, pos) -> None:
        item = self.list.itemAt(pos)
        if item is None or not self._sandbox():
            return
        iid = item.data(Qt.UserRole)
        controller = self.window_.controller
        menu = QMenu(self)
        for zone in controller.zones():
            if zone != self.zone:
                action = menu.addAction(f"To the {controller.label(zone)}")
                action.triggered.connect(lambda _=False, z=zone: self._move(iid, z))
        self._menu = menu
        menu.popup(self.list.viewport().mapToGlobal(pos))  # not exec(): no nested event loop under qasync
