"""The board: a QGraphicsScene showing one player's view of a game.

`sync(view)` makes the items match a view from `Game.view(viewer)` — the
redacted picture the engine gives that player — creating, moving, turning and
removing only the items that changed. The scene never changes the game:
gestures become signals that the controller turns into commands.

Which areas there are and where they sit is the game's profile's (client/board/layout.py `TableLayout`): Battle Spirits
Saga's playsheet, or another game's zones, piece boxes and trackers; its own zones' cards carry their marks
(face down, counters, what they are attached to, heavy exhausted).
"""
from __future__ import annotations

from PySide6.QtCore import QEvent, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QLinearGradient, QPainter
from PySide6.QtWidgets import QGraphicsEllipseItem, QGraphicsScene

from bss_desktop.client.board.items import (
    HIGHLIGHT,
    Z_CARD,
    Z_DRAG,
    ArrowItem,
    CardItem,
    PileItem,
    TrackerItem,
    ZoneItem,
    ZoomItem,
    draw_core,
)
from bss_desktop.client.board.layout import CARD_H, CARD_W, SCENE_H, SCENE_W, layout_for

ZOOM_KEY = Qt.Key_Z  # held while the pointer is on a card: that card full size over the board
ZOOM_HEIGHT = 3.0 * CARD_H  # the zoomed card's height, at most (and at most 92% of the visible board)

# a field's cards would cover its name: it has none
ZONE_TITLES = {"field": "", "hand": "Hand", "deck": "Deck", "trash": "Trash", "burst": "Burst"}
PILE_TITLES = {"life": "Life", "reserve": "Reserve", "trash_cores": "Trash (cores)"}
USE_TITLE = "Use magic — drop a magic card here"
LEAVING_TITLE = "Leaving the field"  # (Standard: a destroyed or depleted card while its effects resolve, STD 10-2-2)


class BoardScene(QGraphicsScene):
    cardDropped = Signal(object, str, str)  # card key, zone, side ("bottom"/"top"/"shared")
    cardActivated = Signal(object)  # double-click
    cardClicked = Signal(object)
    cardHovered = Signal(object)
    coresDropped = Signal(object, object, str)  # source, target, how many: "one", "all" (Shift), "ask" (Ctrl)
    contextRequested = Signal(object, object)  # ("card", key), ("pile", loc, owner) or ("tracker", name, owner)

    def __init__(self, db, faces, parent=None, profile=None):
        from bss_desktop.table.profiles import get_profile

        super().__init__(0, 0, SCENE_W, SCENE_H, parent)
        self.profile = profile or get_profile("bss")
        self.lay = layout_for(self.profile)
        self.db = db
        self.faces = faces
        self.viewer = 0
        self.animation_ms = 180
        self.render_scale = 2.0  # card faces are drawn at this multiple of their scene size
        self.cards: dict = {}
        self.zones: dict = {}
        self.piles: dict = {}
        self.trackers: dict = {}  # (name, side) -> TrackerItem
        self.view_data: dict | None = None
        self.names: list = [None, None]  # the players' names (sync)
        self._ghost = None
        self._core_src = None
        self._hover = None  # the card under the pointer
        self._zoom_key = False  # the zoom key is held
        self.zoom = ZoomItem()
        self.addItem(self.zoom)
        self.arrow_attack = ArrowItem(QColor(239, 68, 68, 220))
        self.arrow_block = ArrowItem(QColor(96, 165, 250, 220))
        self.arrow_link = ArrowItem(QColor(250, 204, 21, 220))  # a spirit linked with the attacker (Saga's 【Link】)
        for a in (self.arrow_attack, self.arrow_block, self.arrow_link):
            a.setVisible(False)
            self.addItem(a)
        self._build_zones()

    # ------------------------------------------------------------------ static parts

    def _build_zones(self) -> None:
        lay, zones = self.lay, self.profile.zones
        for side in ("bottom", "top"):
            for name, rect in lay.areas[side].items():
                z = zones.get(name)
                if z is None:  # a tracker
                    item = TrackerItem(name, None, rect, self.profile.trackers[name].label, self)
                    self.trackers[(name, side)] = item
                elif z.holds == "pieces":
                    item = PileItem(name, None, rect, PILE_TITLES.get(name, z.label), self)
                    self.piles[(name, side)] = item
                else:
                    item = ZoneItem(rect, ZONE_TITLES.get(name, z.label))
                    self.zones[(name, side)] = item
                self.addItem(item)
        for name, rect in lay.shared.items():
            if name == "use":
                item = ZoneItem(rect, USE_TITLE)
                self.zones[("use", "shared")] = item
            else:
                item = PileItem(name, None, rect, zones[name].label, self)
                item.unlimited = True  # CR 3-9-2: the void never runs out
                self.piles[(name, "shared")] = item
            self.addItem(item)

    def drawBackground(self, p: QPainter, rect) -> None:
        g = QLinearGradient(0, 0, 0, SCENE_H)
        g.setColorAt(0.0, QColor("#1d2433"))
        g.setColorAt(0.5, QColor("#26324a"))
        g.setColorAt(1.0, QColor("#1d2433"))
        p.fillRect(rect, QBrush(g))
        p.setPen(QColor(255, 255, 255, 30))
        x, w = self.lay.columns["centre"]
        p.drawLine(QPointF(x, self.lay.center_y), QPointF(x + w, self.lay.center_y))

    # ------------------------------------------------------------------ sync from a view

    def side_of(self, player: int) -> str:
        return "bottom" if player == self.viewer else "top"

    def player_name(self, p: int) -> str:
        return (self.names[p] if p < len(self.names) else None) or f"Player {p + 1}"

    def sync(self, view: dict, animate: bool = True, db=None, names=None, using=()) -> None:
        """Make the board show `view` (from Game.view(viewer)); only changed items are touched.

        `db`: the game's card database, when it may have changed (tokens made by hand add cards to it);
        `names`: the players' names (a player's trackers are headed by theirs), when known; `using`: the magic
        cards being used, (key, card id, owner) — out of the hand and not yet in the trash (CR 10-8), they show in
        the Use area while their targets are chosen and their effects resolve."""
        if db is not None:
            self.db = db
        if names is not None:
            self.names = list(names)
        db = self.db
        self.view_data = view
        self.viewer = view["viewer"]
        cards = self.cards
        seen = set()
        lay = self.lay
        for p, pv in enumerate(view["players"]):
            side = self.side_of(p)
            soul = pv["soul"]
            for loc, soul_loc in (("life", "life"), ("reserve", "reserve"), ("trash_cores", "trash")):
                pile = self.piles.get((loc, side))
                if pile is not None:
                    pile.owner = p
                    pile.set_cores(pv[loc], soul == soul_loc)
            spirits, nexuses = [], []
            for c in pv["field"]:
                (spirits if db[c["cid"]].type == "spirit" else nexuses).append(c)
            ordered = spirits + nexuses
            turned = tuple(c["exhausted"] for c in ordered)
            slots, field_scale = (), 1.0
            if ordered:
                slots = lay.row_slots("field", len(spirits), len(nexuses), side, turned)
                field_scale = lay.row_scale("field", len(spirits), len(nexuses), side, turned)
            for i, (c, (x, y)) in enumerate(zip(ordered, slots)):
                key = c["card"]
                card = self._side(db[c["cid"]], c)
                level, bp = c["level"], c["bp"]
                printed = card.bp_at(level) if card.type == "spirit" else None
                marks = self._marks(c)
                symbols = tuple(tuple(s) for s in c["symbols"]) if "symbols" in c else None  # with a Brave's
                placed = ("field", p, side, x, y, field_scale, c["exhausted"], c["cores"], soul == key, level, bp,
                          printed, marks, symbols)
                seen.add(key)
                item = cards.get(key)
                if item is not None and item._synced == placed and item.card is card:
                    continue  # nothing about it changed
                item = self._card(key, card, side, animate)
                item._synced = None
                item.zone, item.owner = "field", p
                new = (c["cores"], soul == key, level, bp)
                changed = (item.cores, item.soul, item.level, item.bp) != new
                item.cores, item.soul, item.level, item.bp = new
                item.printed_bp = printed
                if item.marks != marks or item.symbols != symbols:
                    item.marks, item.symbols = marks, symbols
                    changed = True
                item.set_exhausted(c["exhausted"], animate, self._angle(c))
                item.set_scale(field_scale, animate)
                item.move_to(x, y, animate)
                item.set_stacking(Z_CARD + i * 0.01)
                if changed:
                    item.update()
                self._placed(item, placed)
            hand = pv["hand"]
            if hand is None:  # the opponent's hand: backs only (CR 3-3-3)
                keys = [("hand", p, i) for i in range(pv["hand_count"])]
                hand_cards = [None] * len(keys)
            else:
                keys = [h["card"] for h in hand]
                hand_cards = [db[h["cid"]] for h in hand]
            hand_scale = lay.card_scale("hand", side)
            for i, (key, card, (x, y)) in enumerate(zip(keys, hand_cards, lay.hand_slots(len(keys), side))):
                seen.add(key)
                placed = ("hand", p, side, x, y)
                item = cards.get(key)
                if item is not None and item._synced == placed and item.card is card:
                    continue
                item = self._card(key, card, side, animate)
                item._synced = None
                item.zone, item.owner = "hand", p
                item.off_field()
                item.set_exhausted(False, False)
                item.set_scale(hand_scale, animate)
                item.move_to(x, y, animate)
                item.set_stacking(Z_CARD + i * 0.01)
                self._placed(item, placed)
            if pv["deck_count"]:
                self._pile(("deck", p), None, "deck", p, side, False, seen)
            self._count(("deck", side), str(pv["deck_count"]))
            if ("trash", side) in self.zones:
                self._count(("trash", side), str(len(pv["trash"])) if pv["trash"] else "")
            self._count(("hand", side), str(pv["hand_count"]))
            if pv["trash"]:  # the top card of the trash, face up (CR 3-4-2)
                top = pv["trash"][-1]
                self._pile(top["card"], db[top["cid"]], "trash", p, side, animate, seen)
            if "areas" in pv:
                self._sync_table(p, pv, side, animate, seen)
            burst = pv["burst"]
            if burst is not None:
                key = burst["card"] if "card" in burst else ("burst", p)
                cid = burst.get("cid")
                self._pile(key, db[cid] if cid is not None else None, "burst", p, side, animate, seen)
        use = self.zones.get(("use", "shared"))
        if use is not None:
            for key, cid, owner, _ in using:
                self._pile(key, db[cid], "use", owner, "shared", animate, seen)
            # a card that left the field and waits there while its leaving's effects resolve (Standard's pending state)
            title = LEAVING_TITLE if any(zone == "pending" for *_, zone in using) else USE_TITLE
            if use.title != title:
                use.title = title
                use.update()
        if len(seen) != len(cards):
            for key in [k for k in cards if k not in seen]:
                gone = cards.pop(key)
                if gone is self._hover:
                    self._hover = None
                self.removeItem(gone)
        self._sync_arrows(view)
        if self.zoom.isVisible():  # the zoomed card moved on or changed: show it as it is now
            item = cards.get(self.zoom.key)
            if item is None or item.card is None:
                self.hide_zoom()
            else:
                self.show_zoom(item)

    def _sync_table(self, p: int, pv: dict, side: str, animate: bool, seen: set) -> None:
        """What another game's profile adds: its zones of cards (rows, piles, fans), its boxes of pieces and its
        trackers."""
        db, lay = self.db, self.lay
        for zone, entries in pv["areas"].items():
            n = pv["counts"][zone]
            if (zone, side) not in self.zones:
                continue  # out of the game (a side deck): no place on the table
            display = lay.display(zone)
            if display == "pile":
                self._count((zone, side), str(n) if n else "")
                if n:
                    top = entries[-1] if entries else None
                    key = top["card"] if top else (zone, p)
                    card = db[top["cid"]] if top and top["cid"] else None
                    self._pile(key, card, zone, p, side, animate, seen, self._marks(top) if top else ())
                continue
            if entries is None:  # a row nobody may look into: backs
                entries = [{"card": (zone, p, i), "cid": None, "exhausted": False} for i in range(n)]
            turned = tuple(e["exhausted"] for e in entries)
            if display == "fan":
                slots, scale = lay.hand_slots(len(entries), side, zone), lay.card_scale(zone, side)
            else:
                slots = lay.row_slots(zone, len(entries), 0, side, turned)
                scale = lay.row_scale(zone, len(entries), 0, side, turned)
            for i, (e, (x, y)) in enumerate(zip(entries, slots)):
                key = e["card"]
                card = self._side(db[e["cid"]], e) if e["cid"] else None
                marks = self._marks(e)
                stats = tuple(sorted((e.get("stats") or {}).items()))  # ATK/RST as modified (engine/table_stats.py)
                placed = (zone, p, side, x, y, scale, e["exhausted"], marks, stats)
                seen.add(key)
                item = self.cards.get(key)
                if item is not None and item._synced == placed and item.card is card:
                    continue
                item = self._card(key, card, side, animate)
                item._synced = None
                item.zone, item.owner = zone, p
                item.off_field(marks, stats)
                item.set_exhausted(e["exhausted"], animate, self._angle(e))
                item.set_scale(scale, animate)
                item.move_to(x, y, animate)
                item.set_stacking(Z_CARD + i * 0.01)
                self._placed(item, placed)
        for zone, n in pv["pieces"].items():
            pile = self.piles.get((zone, side))
            if pile is not None:
                pile.owner = p
                pile.set_cores(n, pv["soul"] == zone)  # the soul core may rest in a profile's zone (Eternal's Count)
        for name, value in pv["trackers"].items():
            item = self.trackers.get((name, side))
            if item is not None:
                t = self.profile.trackers[name]
                mark = "win_at" if t.win_at is not None and value >= t.win_at else \
                    "lose_at" if t.lose_at is not None and value <= t.lose_at or pv.get("deck_out") else ""
                item.owner = p
                item.set_who(self.player_name(p))
                item.set_value(value, mark)

    @staticmethod
    def _side(card, entry: dict):
        """The side of a two-sided card the table shows (ETR §Rebirth: side B once turned)."""
        if entry.get("back"):
            from bss_desktop.table.state import other_side

            side = other_side(card)
            if side is not None:
                return side[1]
        return card

    def _marks(self, entry: dict) -> tuple:
        """A card's marks as CardItem draws them: (face down, counters, the name of what it is attached to, turn, the
        turn's badges)."""
        if not ("down" in entry or "counters" in entry or "on" in entry or "turn" in entry or "attacked" in entry
                or "set_this_turn" in entry):
            return ()
        on = entry.get("on")
        host = None
        if on is not None:
            item = self.cards.get(on)
            host = item.card.name if item is not None and item.card is not None else "a card"
        badges = tuple(text for key, text in (("attacked", "Attacked"), ("set_this_turn", "Set this turn"))
                       if entry.get(key))  # the turn's marks (profile turn_rules), gone as the turn passes
        kinds = self.profile.card_counters  # an ATK/RST modifier shows in the number itself (entry "stats"), no badge
        counters = tuple(sorted((k, n) for k, n in (entry.get("counters") or {}).items()
                                if kinds.get(k) is None or kinds[k].stat is None))
        return (bool(entry.get("down")), counters, host, entry.get("turn"), badges)

    def _angle(self, entry: dict) -> float | None:
        turn = entry.get("turn")
        o = self.profile.orientations.get(turn) if turn else None
        return None if o is None else float(o.angle)

    def _count(self, zone: tuple, text: str) -> None:
        z = self.zones[zone]
        if z.count_text != text:
            z.count_text = text
            z.update()

    def _pile(self, key, card, zone: str, p: int, side: str, animate: bool, seen: set, marks: tuple = ()) -> None:
        """The one card shown on a pile (the deck's back, the trash's top card, the burst), placed unless unchanged."""
        seen.add(key)
        x, y = self.lay.pile_slot(zone, side)
        placed = (zone, p, side, x, y, marks)
        item = self.cards.get(key)
        if item is None or item._synced != placed or item.card is not card:
            item = self._card(key, card, side, animate)
            item._synced = None
            item.zone, item.owner = zone, p
            item.off_field(marks)
            item.set_exhausted(False, animate)
            item.set_scale(self.lay.card_scale(zone, side), animate)
            item.move_to(x, y, animate)
            item.set_stacking(Z_CARD)
            self._placed(item, placed)

    @staticmethod
    def _placed(item: CardItem, placed: tuple) -> None:
        """Remember where sync put `item`, so the next sync can leave it alone while that stays the same;
        not while it is still moving or turning there."""
        item._synced = placed if item.settled() else None

    def _card(self, key, card, side: str, animate: bool) -> CardItem:
        item = self.cards.get(key)
        if item is None:
            item = CardItem(key, self)
            item.card = card
            item.side = side
            item.setPos(*self.lay.pile_slot("deck", side))  # new cards come from the deck's direction
            item.setScale(self.lay.card_scale("deck", side))
            self.addItem(item)
            self.cards[key] = item
        elif item.card is not card:
            item.card = card
            item.update()
        item.side = side
        return item

    def _sync_arrows(self, view: dict) -> None:
        """The battle's arrows, between where the cards come to rest (not where a move has got to this instant):
        attacker to blocker and back; an unblocked attack to the defender's life, which it is about to reduce
        (CR 7-1-5-3-1). A blocked attack whose blocker left the field reduces no life (CR 7-1-5-1, 7-1-5-2-1):
        no arrow."""
        b = view.get("battle")
        self.arrow_attack.setVisible(False)
        self.arrow_block.setVisible(False)
        self.arrow_link.setVisible(False)
        if view.get("rules") is not None:  # a rules module's own (Battle of Souls: the attack, the chain)
            self._sync_rules_arrows(view)
            return
        attacker = self._on_field(b["attacker"]) if b else None
        if attacker is None:
            return
        a = attacker.resting_center()
        linker = self._on_field(b.get("link"))
        if linker is not None:  # the link (Saga's 【Link】): from the linking spirit to the attacker it gives its BP
            self.arrow_link.set_points(linker.resting_center(), a)
            self.arrow_link.setVisible(True)
        blocker = self._on_field(b["blocker"])
        if blocker is not None:
            c = blocker.resting_center()
            self.arrow_block.set_points(c, a)
            self.arrow_block.setVisible(True)
            self.arrow_attack.set_points(a, c)
            self.arrow_attack.setVisible(True)
        elif not b.get("blocked"):
            r = self.lay.zone_rect("life", self.side_of(1 - view["turn_player"]))
            self.arrow_attack.set_points(a, QPointF(*r.center))
            self.arrow_attack.setVisible(True)

    def _sync_rules_arrows(self, view: dict) -> None:
        """Battle of Souls (engine/view.py "rules"): the attack, from the attacking fighter to the fighter it attacks
        or to the Soul Points of a player attacked directly (BOS §Battle Step); the last activation on the chain, in
        yellow, to what it targets (BOS §Chains)."""
        rules = view["rules"]
        fight = rules.get("fight")
        attacker = self._in_zone(fight["attacker"], "fighter") if fight else None
        if attacker is not None:
            a = attacker.resting_center()
            target = self._in_zone(fight["target"], "fighter")
            if target is not None:
                self.arrow_attack.set_points(a, target.resting_center())
                self.arrow_attack.setVisible(True)
            elif fight["target"] is None:
                sp = self.trackers.get(("sp", self.side_of(1 - fight["player"])))
                if sp is not None:
                    self.arrow_attack.set_points(a, sp.sceneBoundingRect().center())
                    self.arrow_attack.setVisible(True)
        chain = rules.get("chain") or ()
        if chain and chain[-1]["targets"]:
            src = self.cards.get(chain[-1]["card"])
            dst = self.cards.get(chain[-1]["targets"][0])
            if src is not None and dst is not None:
                self.arrow_link.set_points(src.resting_center(), dst.resting_center())
                self.arrow_link.setVisible(True)

    def _in_zone(self, key, zone: str) -> CardItem | None:
        item = self.cards.get(key) if key is not None else None
        return item if item is not None and item.zone == zone else None

    def _on_field(self, key) -> CardItem | None:
        """The item of the card `key` while it is on the field (the same card in the trash is not)."""
        item = self.cards.get(key) if key is not None else None
        return item if item is not None and item.zone == "field" else None

    # ------------------------------------------------------------------ drawing support

    def pixmap_for(self, item: CardItem):
        """What a card item shows: its back, or its table face (cost, name, level and BP large; card_art)."""
        w, h = int(CARD_W * self.render_scale), int(CARD_H * self.render_scale)
        if item.card is None:
            return self.faces.back(w, h)
        return self.faces.table(item.card, w, h, level=item.level, bp=item.bp, printed_bp=item.printed_bp,
                                stats=item.stats or None)

    def set_highlights(self, keys=(), piles=(), selected=()) -> None:
        keys, selected, piles = set(keys), set(selected), set(piles)
        for key, item in self.cards.items():
            h, s = key in keys, key in selected
            if (item.highlight, item.selected_mark) != (h, s):
                item.highlight, item.selected_mark = h, s
                item.update()
        for key, pile in self.piles.items():
            h = (pile.loc, pile.owner) in piles
            if pile.highlight != h:
                pile.highlight = h
                pile.update()

    def set_hint(self, keys=()) -> None:
        """The cards a hint suggests glow (none: no glow)."""
        keys = set(keys)
        for key, item in self.cards.items():
            h = key in keys
            if item.hint_mark != h:
                item.hint_mark = h
                item.update()

    def hinted(self) -> set:
        """The keys of the cards that glow for a hint."""
        return {k for k, item in self.cards.items() if item.hint_mark}

    def set_draggable(self, keys) -> None:
        keys = set(keys)
        for key, item in self.cards.items():
            item.draggable = key in keys

    # ------------------------------------------------------------------ gestures from items

    def hovered(self, item: CardItem) -> None:
        self._hover = item
        if self._zoom_key:  # the zoom key is held: the zoom follows the pointer from card to card
            if item.card is None:
                self.hide_zoom()
            else:
                self.show_zoom(item)
        self.cardHovered.emit(item.key)

    def unhovered(self, item: CardItem) -> None:
        if self._hover is item:
            self._hover = None

    # ------------------------------------------------------------------ zoom

    def visible_rect(self) -> QRectF:
        """The part of the board a view shows (the whole scene rect without a view)."""
        rect = self.sceneRect()
        for view in self.views():
            shown = view.mapToScene(view.viewport().rect()).boundingRect()
            if shown.isValid():
                return shown.intersected(rect) if shown.intersects(rect) else rect
        return rect

    def _view_scale(self) -> tuple[float, float]:
        """(scene unit -> logical pixel, device pixel ratio) of the first view, for a zoom sharp on screen."""
        for view in self.views():
            return max(0.1, view.transform().m11()), max(1.0, view.devicePixelRatioF())
        return 1.0, 1.0

    def show_zoom(self, item: CardItem) -> None:
        """`item`'s card full size over the board, with its current level and BP, until `hide_zoom`; never a hidden
        card (its `card` is None)."""
        if item.card is None or item.scene() is not self:
            self.hide_zoom()
            return
        area = self.visible_rect()
        h = min(ZOOM_HEIGHT, area.height() * 0.92)
        w = h * CARD_W / CARD_H
        centre = item.sceneBoundingRect().center()
        x = min(max(centre.x() - w / 2, area.left() + 8), area.right() - 8 - w)
        y = min(max(centre.y() - h / 2, area.top() + 8), area.bottom() - 8 - h)
        scale, dpr = self._view_scale()
        pix = self.faces.get(item.card, max(1, round(w * scale)), max(1, round(h * scale)), level=item.level,
                             bp=item.bp, printed_bp=item.printed_bp, dpr=dpr, stats=item.stats or None)
        self.zoom.show_face(item.key, pix, QRectF(x, y, w, h))

    def hide_zoom(self) -> None:
        if self.zoom.isVisible():
            self.zoom.setVisible(False)
        self.zoom.key = None

    def zoom_key(self, event) -> bool:
        """Handle a press or release of the zoom key (held: the card under the pointer full size); whether it was
        one. Auto-repeat changes nothing; with Ctrl, Alt or Meta it is another key (Ctrl+Z: undo)."""
        press = event.type() == QEvent.KeyPress
        other = event.modifiers() & (Qt.ControlModifier | Qt.AltModifier | Qt.MetaModifier)
        # with a modifier it is another key, but a release while the zoom is held is still the zoom key's
        if event.key() != ZOOM_KEY or (other and (press or not self._zoom_key)):
            return False
        if not event.isAutoRepeat():
            if press:
                self._zoom_key = True
                if self._hover is not None:
                    self.show_zoom(self._hover)
            else:
                self._zoom_key = False
                self.hide_zoom()
        event.accept()
        return True

    def keyPressEvent(self, event) -> None:
        if not self.zoom_key(event):
            super().keyPressEvent(event)

    def keyReleaseEvent(self, event) -> None:
        if not self.zoom_key(event):
            super().keyReleaseEvent(event)

    def watch_keys(self, widget) -> None:
        """Also take the zoom key when it reaches `widget` (e.g. the game window) unused: pressed while another
        widget than the board has the keyboard focus (the decision bar's buttons) and that widget let it pass.
        A text field that types the letter keeps it."""
        widget.installEventFilter(self)

    def eventFilter(self, obj, event) -> bool:
        if event.type() in (QEvent.KeyPress, QEvent.KeyRelease) and any(v.isVisible() for v in self.views()):
            return self.zoom_key(event)
        return False

    def focusOutEvent(self, event) -> None:
        self._zoom_key = False  # a key released elsewhere never reaches us
        if self.zoom.isVisible():
            self.hide_zoom()
        super().focusOutEvent(event)

    def mouseDoubleClickEvent(self, event) -> None:
        """A double-click on an empty deck's place draws from it, as on a deck's back (a game where drawing from an
        empty deck loses says so: profile turn_rules.deck_out)."""
        super().mouseDoubleClickEvent(event)
        pos = event.scenePos()
        if any(isinstance(it, CardItem) for it in self.items(pos)):
            return
        hit = self.lay.zone_at(pos.x(), pos.y())
        if hit is not None and hit[0] == "deck" and hit[1] in ("bottom", "top"):
            self.cardActivated.emit(("deck", self.viewer if hit[1] == "bottom" else 1 - self.viewer))

    def clicked(self, item: CardItem) -> None:
        self.cardClicked.emit(item.key)

    def activated(self, item: CardItem) -> None:
        self.cardActivated.emit(item.key)

    def context_requested(self, item: CardItem, screen_pos) -> None:
        self.contextRequested.emit(("card", item.key), screen_pos)

    def pile_context(self, pile: PileItem, screen_pos) -> None:
        self.contextRequested.emit(("pile", pile.loc, pile.owner), screen_pos)

    def tracker_context(self, tracker: TrackerItem, screen_pos) -> None:
        self.contextRequested.emit(("tracker", tracker.name, tracker.owner), screen_pos)

    def dropped(self, item: CardItem, pos: QPointF, origin: QPointF) -> None:
        hit = self.lay.zone_at(pos.x(), pos.y())
        item._synced = None
        item.setPos(origin)  # the card goes back unless the game moves it (the next sync)
        if hit is not None:
            self.cardDropped.emit(item.key, hit[0], hit[1])

    def begin_core_drag(self, src, pos: QPointF) -> None:
        self._core_src = src
        ghost = _CoreGhost()
        ghost.setPos(pos)
        self.addItem(ghost)
        self._ghost = ghost

    def move_core_drag(self, pos: QPointF) -> None:
        if self._ghost is not None:
            self._ghost.setPos(pos)

    def end_core_drag(self, pos: QPointF, modifiers) -> None:
        if self._ghost is not None:
            self.removeItem(self._ghost)
            self._ghost = None
        src, self._core_src = self._core_src, None
        target = self.core_target_at(pos)
        if src is not None and target is not None and target != src:
            how = "all" if modifiers & Qt.ShiftModifier else "ask" if modifiers & Qt.ControlModifier else "one"
            self.coresDropped.emit(src, target, how)

    def core_target_at(self, pos: QPointF):
        """What a core dropped at `pos` lands on: a field card or a pile."""
        for it in self.items(pos):
            if isinstance(it, CardItem) and getattr(it, "zone", None) == "field":
                return ("card", it.key)
            if isinstance(it, PileItem):
                return ("pile", it.loc, it.owner)
        return None


class _CoreGhost(QGraphicsEllipseItem):
    """The core under the mouse while one is dragged."""

    def __init__(self):
        super().__init__(-10, -10, 20, 20)
        self.setZValue(Z_DRAG + 1)
        self.setPen(HIGHLIGHT)

    def paint(self, p, option, widget=None):
        p.setRenderHint(QPainter.Antialiasing)
        draw_core(p, 0, 0, 10, False)
