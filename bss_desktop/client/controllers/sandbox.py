"""The manual sandbox: any piece to any area, nothing enforced, every move undoable.

Sandbox moves are engine commands too (ManualMove, ManualCores, ManualExhaust,
ManualShuffle under a `sandbox` ruleset), so they are logged, recorded and
replayed like any other. Undo rebuilds the game from its start and replays all
but the last command; redo re-applies what was undone.

Over the LAN (`seat` given) the same controller plays one seat: you see only
your side's hidden cards, look only at your own deck, and an undo is asked of
the other player, who must agree (net/host.py rewinds both sides).

Every game's sandbox is this one: the game's profile says which zones a card may be dropped on, which cards
turn, flip face down, carry counters or attach, which trackers there are (right-click to change them) and what a
token is (a token spirit, or a fighter token with its numbers).
"""
from __future__ import annotations

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import QMenu

from bss_desktop.carddb.cards import display_name
from bss_desktop.client.controllers.deck_look import DeckLooks
from bss_desktop.client.controllers.stat_menu import stat_actions
from bss_desktop.engine.commands import (
    ContractOpening,
    ManualAttach,
    ManualAttacked,
    ManualBrowse,
    ManualCardToken,
    ManualCores,
    ManualCounter,
    ManualDeck,
    ManualExhaust,
    ManualFlip,
    ManualMove,
    ManualNote,
    ManualRandom,
    ManualRandomCard,
    ManualReady,
    ManualShuffle,
    ManualSide,
    ManualStep,
    ManualSummon,
    ManualToken,
    ManualTracker,
    ManualTurn,
    ManualUse,
    Mulligan,
)
from bss_desktop.engine import table_stats
from bss_desktop.engine.errors import IllegalCommand
from bss_desktop.engine.record import replay, to_record
from bss_desktop.gamelog import describe

ZONES = ("hand", "field", "trash", "deck", "burst")  # Battle Spirits Saga's; another game's are its profile's


class SandboxController(QObject, DeckLooks):
    status = Signal(str)
    logLines = Signal(list)
    hovered = Signal(object, object)
    viewerChanged = Signal(int)
    gameReplaced = Signal(object)  # undo/redo built a new Game object
    pileShown = Signal(int, str)  # the other player showed us their pile (ManualBrowse): owner, zone

    hotseat = False
    covered = False  # the sandbox never hides a side behind a cover

    def __init__(self, model, scene, bar, parent=None, *, seat: int | None = None):
        super().__init__(parent)
        self.model, self.scene, self.bar = model, scene, bar
        self.lan_seat = seat  # None: a sandbox on this machine; 0 or 1: our seat in a LAN sandbox
        self.viewer = seat or 0
        self._in_opening = False  # the opening hands were being decided at the last refresh
        self.redo_stack: list = []
        self._init_looks()
        from bss_desktop.client.windows.settings import DEFAULT_HOTKEYS

        self.keys = dict(DEFAULT_HOTKEYS)
        model.changed.connect(self._on_changed)
        model.refused.connect(lambda rule, msg: self.status.emit(f"Not possible: {msg} — {rule}"))
        scene.cardDropped.connect(self.on_card_dropped)
        scene.cardActivated.connect(self.on_card_activated)
        scene.cardHovered.connect(self.on_card_hovered)
        scene.coresDropped.connect(self.on_cores_dropped)
        scene.contextRequested.connect(self.on_context)
        bar.chosen.connect(self._button)
        self.refresh()

    @property
    def game(self):
        return self.model.game

    @property
    def profile(self):
        return self.game.profile

    def zones(self) -> tuple[str, ...]:
        """Where a card may be dropped: the game's zones of cards."""
        if self.profile.id == "bss":
            return ZONES
        return tuple(z.name for z in self.profile.card_zones())

    def label(self, zone: str) -> str:
        z = self.profile.zones.get(zone)
        return zone if self.profile.id == "bss" or z is None else z.label.lower()

    # ------------------------------------------------------------------ moves, undo, redo

    def send(self, cmd) -> bool:
        ok = self.model.send(cmd)
        if ok:
            self.redo_stack.clear()
        return ok

    def undo(self) -> bool:
        if self.lan_seat is not None:  # the other player must agree; the host rewinds both sides
            why = self.model.session.request_undo()
            self.status.emit(f"Cannot undo: {why}." if why else "Asked the other player to agree to undo the last move.")
            return why is None
        game = self.game
        if not game.history:
            self.status.emit("Nothing to undo.")
            return False
        last = game.history[-1]
        rebuilt = replay(to_record(game), game.db, verify=False, stop=len(game.history) - 1)
        rebuilt.inline_cards, rebuilt.names = game.inline_cards, game.names
        self.redo_stack.append(last)
        self._replace(rebuilt, f"Undone: {last.kind.replace('_', ' ')}")
        return True

    def redo(self) -> bool:
        if self.lan_seat is not None:
            self.status.emit("Over the LAN there is no redo: make the move again.")
            return False
        if not self.redo_stack:
            self.status.emit("Nothing to redo.")
            return False
        cmd = self.redo_stack.pop()
        stack = self.redo_stack
        self.redo_stack = []
        ok = self.model.send(cmd)
        self.redo_stack = stack
        return ok

    def _replace(self, game, message: str) -> None:
        self.model.session.game = game
        self.gameReplaced.emit(game)
        self.status.emit(message)
        self.refresh()

    def load(self, game) -> None:
        self.redo_stack.clear()
        self._replace(game, "Position loaded.")

    def _on_changed(self, events) -> None:
        self.note_looks(events)
        me = self.viewer if self.lan_seat is None else self.lan_seat
        for e in events:  # a pile its owner shows (asked first, BOS §Public Knowledge): it opens for the other seat
            d = e.data
            if e.kind == "manual" and d.get("what") == "browse" and d.get("player") == d.get("owner") != me:
                self.pileShown.emit(d["owner"], d["zone"])
        # the log names hidden cards only for a sandbox on one machine; over the LAN it shows what our seat may see
        by_hand = {e.data.get("owner") for e in events if e.kind == "manual" and e.data.get("what") == "shuffle"}
        shown = [e for e in events if e.kind in ("manual", "mulligan") or  # a shuffle after a search or a
                 e.kind in ("deck_out", "table_warning") or  # the turn's table (engine/table_turn.py)
                 (e.kind == "shuffle" and e.data["player"] not in by_hand)]  # mulligan (a Shuffle has its own line)
        lines = [describe(self.game, e, self.lan_seat) for e in shown]
        self.logLines.emit([line for line in lines if line])
        self.refresh()

    def refresh(self) -> None:
        view = self.game.view(self.viewer)
        pend = view["pending"]
        opening = pend is not None and pend["kind"] == "mulligan"
        if self.lan_seat is None:
            # on one machine the helper shows the hand of whoever decides; once both have kept, the side of the
            # player who has the first turn (whoever decided last may be the other)
            seat = pend["player"] if opening else view["turn_player"] if self._in_opening else self.viewer
            if seat != self.viewer:
                self.viewer = seat
                self.viewerChanged.emit(self.viewer)
                view = self.game.view(self.viewer)
        self._in_opening = opening
        self.scene.sync(view, db=self.game.db, names=getattr(self.game, "names", None))
        self.scene.set_draggable(self.scene.cards.keys())
        self.scene.set_highlights()
        lan = self.lan_seat is not None
        if opening:
            self._opening_bar(view, pend["player"])
            return
        random = self.profile.randomizers
        buttons = [("Ask to undo" if lan else "Undo", "undo", self.keys["undo"], False),
                   ("Redo", "redo", self.keys["redo"], False)]
        if "coin" in random:
            buttons.append(("Coin", "coin", self.keys["coin"], False))
        if "d6" in random:
            buttons.append(("Die", "die", self.keys["die"], False))
        buttons += [("Note…", "note", self.keys["note"], False),
                    ("Token…", "token", self.keys["token"], False),
                    ("Other side", "flip", self.keys["other_side"], False)]
        if lan:  # over the LAN: no redo, and only our own side to look from
            buttons = [b for b in buttons if b[1] not in ("redo", "flip")]
        where = ("your side; the other player's hidden cards stay hidden" if lan
                 else f"Player {self.viewer + 1}'s side")
        game = "" if self.profile.id == "bss" else f" of {self.profile.name}"
        steps = self._steps_text(view) if self.profile.rules is None else ""
        if steps:
            buttons.insert(0, ("Next step", "step", self.keys["end_step"], True))
        turn_note, ready = self._turn_notes(view)  # the profile's turn_rules (engine/table_turn.py)
        if ready:
            buttons.insert(0, ready)
        self.bar.set_state(
            f"<b>Sandbox{game}</b> — {steps}{turn_note}"
            f"{'N' if steps else 'n'}othing is enforced: drag any card or core anywhere; "
            f"double-click a field card to turn it, the deck to draw; right-click for more. Viewing from {where}.",
            buttons)

    def _turn_notes(self, view: dict) -> tuple[str, tuple | None]:
        """What the profile's `turn_rules` add to the bar: who lost by drawing from an empty deck, the hand limit's
        reminder in its step, and (in the ready step, for the turn player's side) the Ready button."""
        rules = self.profile.turn_rules
        if not rules or self.game.state.table is None or view["turn"] < 1:
            return "", None
        names = getattr(self.game, "names", None) or [None, None]
        notes = []
        for p, pv in enumerate(view["players"]):
            if pv.get("deck_out") and rules["deck_out"] is not None:
                notes.append(f"<b style='color:#fca5a5'>{names[p] or f'Player {p + 1}'} cannot draw: lost "
                             f"({rules['deck_out']['rule']}).</b>")
        p = view["turn_player"]
        limit = rules["hand_limit"]
        n = view["players"][p]["hand_count"]
        if limit is not None and view["step"] == limit["step"] and n > limit["over"]:
            notes.append(f"<span style='color:#fde68a'>Reminder: {names[p] or f'Player {p + 1}'}'s hand holds {n}, "
                         f"more than {limit['over']}: discard down to {limit['down_to']} ({limit['rule']}).</span>")
        ready = rules["ready"]
        button = None
        if ready is not None and view["step"] == ready["step"] and self.lan_seat in (None, p):
            button = (f"Ready ({self.profile.orientations[ready['orientation']].label.lower()})", "ready", "", True)
        return "".join(note + " " for note in notes), button

    def ask_browse(self, owner: int, zone: str) -> bool:
        """BOS §Public Knowledge (`browse_opponent: ask`): looking through the other player's pile asks them first.
        Over the LAN the request goes to them (ManualBrowse, ruling 12); on one machine the bar asks the other
        player, who is at the same screen. True: the pile may be shown now (one's own, or no permission needed)."""
        z = self.profile.zones.get(zone)
        me = self.viewer if self.lan_seat is None else self.lan_seat
        if owner == me or z is None or z.browse_opponent != "ask":
            return True
        if self.lan_seat is not None:
            self.send(ManualBrowse(self.lan_seat, owner, zone))  # refused as it stands; the owner is asked
            return False
        from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QWidget

        panel = QWidget()
        row = QHBoxLayout(panel)
        row.setContentsMargins(0, 0, 0, 0)
        label = QLabel(f"Player {owner + 1}: Player {me + 1} asks to look through your {z.label.lower()} "
                       f"(BOS §Public Knowledge).")
        label.setTextFormat(Qt.PlainText)
        row.addWidget(label)

        def answer(allow: bool) -> None:
            self.bar.set_panel(None)
            if allow:  # shown in the owner's name, as over the LAN; the window opens it (a "browse" event)
                self.send(ManualBrowse(owner, owner, zone))
            else:
                self.status.emit(f"Player {owner + 1} refused: their {z.label.lower()} stays closed.")

        for caption, allow in (("Allow", True), ("Refuse", False)):
            b = QPushButton(caption)
            b.clicked.connect(lambda _=False, a=allow: answer(a))
            row.addWidget(b)
        row.addStretch(1)
        panel.allow, panel.refuse = row.itemAt(1).widget(), row.itemAt(2).widget()
        self.browse_panel = panel
        self.bar.set_panel(panel)
        return False

    def _steps_text(self, view: dict) -> str:
        """Another game's turn as its profile's steps, the current one marked ("" before the first turn): players
        move it on with Next step (ManualStep); Battle Spirits Saga's steps are its rules mode's."""
        if view["turn"] < 1 or view["step"] not in self.profile.steps:
            return ""
        skip = self.profile.first_turn_skip if view["turn"] == 1 else ()
        names = []
        for s in self.profile.steps:
            label = self.profile.step_label(s)
            if s == view["step"]:
                names.append(f"<b><u>{label}</u></b>")
            elif s in skip:
                names.append(f"<s>{label}</s>")
            else:
                names.append(label)
        p = view["turn_player"]
        name = (getattr(self.game, "names", None) or [None, None])[p] or f"Player {p + 1}"
        who = "your" if p == self.lan_seat else f"{name}'s"
        return f"turn {view['turn']}, {who} turn: {' · '.join(names)}. "

    def _opening_bar(self, view: dict, p: int) -> None:
        """The mulligan helper (the profile's `setup.mulligan`, table/opening.py): whose hand it is, how many of the
        cards the game counts it has, how many mulligans are left, and Keep / Mulligan (greyed with the reason when
        the rules say no). The sandbox enforces this one thing: the opening is what both players agree to."""
        from bss_desktop.table.opening import eligible_count, may_redraw

        m, setup = self.profile.setup["mulligan"], self.profile.setup
        who = "You" if self.lan_seat is not None and p == self.lan_seat else f"Player {p + 1}"
        lan = self.lan_seat is not None
        extra = [("Ask to undo" if lan else "Undo", "undo", self.keys["undo"], False)]
        if lan and p != self.lan_seat:
            self.bar.set_state("<b>Opening hands</b> — waiting for the other player to keep their hand or take a "
                               "mulligan.", extra)
            return
        state = view["players"][p].get("opening") or {"mulligans": 0, "follow": False}
        if self._contract_bar(view, p, who, extra):
            return
        defs = [self.game.db.get(c["cid"]) for c in view["players"][p]["hand"] or []]
        why = may_redraw(self.profile, defs, state["mulligans"], state["follow"])
        parts = [f"<b>Opening hand — {who}</b>:"]
        count = eligible_count(self.profile, defs)
        if why:
            parts.append(f"<span style='color:#fca5a5'>no mulligan: {why}.</span>")
        elif state["follow"] and m["follow"]:
            parts.append("the other player took a mulligan, so you may take one too (it counts).")
        elif count is not None:
            parts.append(f"{count} {m['eligible']['value']} card{'s' if count != 1 else ''} in the hand: a mulligan "
                         f"may be called.")
        parts.append(f"Mulligans left: {m['max'] - state['mulligans']} of {m['max']}.")
        if m["reveal"]:
            parts.append("A mulligan shows the hand to the other player.")
        if m["agreement"]:
            parts.append("The first turn begins when both players keep.")
        bonus = f" (draw {setup['keep_bonus']})" if setup["keep_bonus"] else ""
        buttons = [(f"Keep{bonus}", "keep", self.keys["keep"], True),
                   ("Mulligan", None if why else "mulligan", self.keys["mulligan"], False, why or "")] + extra
        self.bar.set_state(" ".join(parts), buttons)

    def _contract_bar(self, view: dict, p: int, who: str, extra: list) -> bool:
        """ETR §Contract Card / §Game Setup: before the opening hand, take a contract card from the deck (then draw
        `setup.contract.draw`) or draw the hand as usual (ContractOpening). True when the bar asks it."""
        rule = self.profile.setup.get("contract")
        table = self.game.state.table
        cids = (view["players"][p].get("opening") or {}).get("contract")
        if cids is None and self.lan_seat is None and table is not None and getattr(table, "contract", (0, 0))[p]:
            cids = self.game._contract_cids(p)  # a hot seat: the view is the other seat's
        if rule is None or not cids:
            return False
        buttons = [(f"Take {self.game.db[cid].name} + draw {rule['draw']}", f"contract:{cid}",
                    self.keys["keep"] if i == 0 else "", i == 0) for i, cid in enumerate(cids[:4])]
        buttons.append((f"Draw {self.profile.setup['hand']}", "contract:", self.keys["mulligan"], False))
        self.bar.set_state(f"<b>Opening hand — {who}</b>: your deck holds a contract card. Take one into your "
                           f"opening hand (it is shown to the other player) and draw {rule['draw']}, or draw "
                           f"{self.profile.setup['hand']} as usual ({rule['rule'] or 'setup.contract'}). A mulligan "
                           f"later draws {self.profile.setup['hand']}, with no contract card.", buttons + extra)
        return True

    def _button(self, what) -> None:
        if isinstance(what, str) and what.startswith("contract:"):
            pend = self.game.pending
            if pend is not None and pend.kind == "mulligan":
                p = pend.player if self.lan_seat is None else self.lan_seat
                self.send(ContractOpening(p, what.split(":", 1)[1]))
            return
        if what in ("keep", "mulligan"):
            pend = self.game.pending
            if pend is not None and pend.kind == "mulligan":
                self.send(Mulligan(pend.player if self.lan_seat is None else self.lan_seat, what == "mulligan"))
            return
        if what == "step":
            self.send(ManualStep(self.viewer))
            return
        if what == "ready":
            self.send(ManualReady(self.viewer, self.game.state.turn_player))
            return
        if what == "undo":
            self.undo()
        elif what == "redo":
            self.redo()
        elif what == "coin":
            self.send(ManualRandom(self.viewer, 2))
        elif what == "die":
            self.send(ManualRandom(self.viewer, 6))
        elif what == "note":
            self._ask_note()
        elif what == "token":
            self._ask_token()
        elif what == "flip":
            if self.lan_seat is not None:
                self.status.emit("Over the LAN you see your own side only: the other player's hand stays hidden.")
                return
            self.viewer = 1 - self.viewer
            self.viewerChanged.emit(self.viewer)
            self.refresh()

    def _ask_text(self, limit: int, hint: str, send) -> None:
        """A line of text typed in the decision bar (no modal dialog): Enter sends `send(text)` unless empty."""
        from PySide6.QtWidgets import QLineEdit

        edit = QLineEdit()
        edit.setMaxLength(limit)
        edit.setPlaceholderText(f"{hint} — Enter to add, Esc to cancel")

        def done():
            text = edit.text().strip()
            self.bar.set_panel(None)
            if text:
                send(text)

        edit.returnPressed.connect(done)
        self.bar.set_panel(edit)

    def _ask_note(self) -> None:
        """A note for the log."""
        self._ask_text(200, "A note for the game log", lambda text: self.send(ManualNote(self.viewer, text)))

    def _ask_card_token(self) -> None:
        """A token card of a game with its own card fields (a Battle of Souls fighter token: name, ATK, RST)."""
        from PySide6.QtWidgets import QLabel, QLineEdit, QSpinBox

        label = self.profile.tokens.get("label", "Token")
        name = QLineEdit(label)
        name.setMaxLength(60)
        widgets, boxes = [QLabel(label), name], []
        for f in (f for f in self.profile.cards.fields.values() if f.kind == "int"):
            box = QSpinBox()
            box.setRange(f.min or 0, f.max or 100000)
            box.setSingleStep(f.step or 1)
            box.setValue(min(f.max or 500, 500) if (f.step or 1) > 1 else (f.min or 0))
            widgets += [QLabel(f.label or f.name), box]
            boxes.append((f.name, box))

        def done():
            stats = tuple((n, b.value()) for n, b in boxes)
            self.send(ManualCardToken(self.viewer, self.viewer, name.text().strip() or "Token", stats))

        panel, create = self._bar_form(widgets, "Create", done, [name, *(b for _, b in boxes)])
        panel.name, panel.boxes, panel.create = name, dict(boxes), create

    def _ask_amount(self, title: str, step: int, send) -> None:
        """A number typed in the decision bar (a tracker's change): OK or Enter sends `send(amount)`."""
        from PySide6.QtWidgets import QLabel, QSpinBox

        box = QSpinBox()
        box.setRange(1, 1_000_000)
        box.setSingleStep(step)
        box.setValue(step)
        panel, ok = self._bar_form([QLabel(title), box], "OK", lambda: send(box.value()), [box])
        panel.box, panel.ok = box, ok
        box.setFocus()

    def _bar_form(self, widgets: list, ok_text: str, done, enter_in=()) -> tuple:
        """A row of `widgets` in the decision bar, then "`ok_text` [Enter]" and Cancel (no modal dialog): the
        button, or Enter in one of `enter_in` (line edits, number boxes), closes the row and calls done().
        Answers (the row, its button)."""
        from PySide6.QtWidgets import (
            QAbstractSpinBox,
            QHBoxLayout,
            QPushButton,
            QWidget,
        )

        panel = QWidget()
        lay = QHBoxLayout(panel)
        lay.setContentsMargins(0, 0, 0, 0)
        ok, cancel = QPushButton(f"{ok_text}  [Enter]"), QPushButton("Cancel")
        for w in (*widgets, ok, cancel):
            lay.addWidget(w)
        lay.addStretch(1)

        def finish():
            self.bar.set_panel(None)
            done()

        ok.clicked.connect(finish)
        for w in enter_in:
            (w.lineEdit() if isinstance(w, QAbstractSpinBox) else w).returnPressed.connect(finish)
        cancel.clicked.connect(lambda: self.bar.set_panel(None))
        self.bar.set_panel(panel)
        return panel, ok

    def _ask_token(self) -> None:
        """Name, colour and BP of a token for the viewer's field (CR 4-12-2), typed in the decision bar."""
        if self.profile.cards.shape == "plain":
            self._ask_card_token()
            return
        from PySide6.QtWidgets import QComboBox, QLabel, QLineEdit, QSpinBox

        from bss_desktop.carddb.cards import COLORS

        name = QLineEdit("Token")
        name.setMaxLength(60)
        color = QComboBox()
        color.addItems(COLORS)
        bp = QSpinBox()
        bp.setRange(1000, 100000)
        bp.setSingleStep(1000)
        bp.setValue(1000)

        def done():
            self.send(ManualToken(self.viewer, self.viewer, name.text().strip() or "Token", color.currentText(),
                                  bp.value()))

        panel, create = self._bar_form([QLabel("Token"), name, color, QLabel("BP"), bp], "Create", done, [name, bp])
        panel.name, panel.color, panel.bp, panel.create = name, color, bp, create

    # look-at-deck: ask_look / open_deck / deck_cards come from DeckLooks (client/controllers/deck_look.py): the decision
    # bar asks how many cards and whether to shuffle afterwards (CR 12-3-3; a search of the whole deck shuffles it
    # where the profile's deck says `search_shuffles`), the viewer shows what the look showed

    # ------------------------------------------------------------------ gestures

    def _owner_of(self, key):
        if isinstance(key, tuple):  # a hidden card: ("hand"|"deck"|"burst", owner[, index])
            return key[1]
        return self.game.state.cards[key].owner

    def _card_of(self, key):
        """The engine card id behind an item key (the top card for the deck pile)."""
        st = self.game.state
        if isinstance(key, int):
            return key
        kind, owner = key[0], key[1]
        if self.lan_seat is not None and owner != self.lan_seat:
            return None  # over the LAN the other player's hidden cards stay hidden (and out of reach)
        player = st.players[owner]
        if kind == "deck":
            return player.deck[-1] if player.deck else None
        if kind == "hand":
            return player.hand[key[2]] if key[2] < len(player.hand) else None
        if kind == "burst":
            return player.burst
        return None

    def on_card_dropped(self, key, zone: str, side: str) -> None:
        owner = self._owner_of(key)
        zones = self.zones()
        if zone not in zones:
            names = ", ".join(self.label(z) for z in zones)
            self.status.emit(f"Drop cards on one of these areas: {names}.")
            return
        to_player = self.viewer if side == "bottom" else 1 - self.viewer
        unseen = ("hand", "trash") if self.profile.id == "bss" else tuple(
            z.name for z in self.profile.card_zones() if z.name != "deck" and z.display == "pile" or z.name == "hand")
        if isinstance(key, tuple) and key[0] == "deck" and zone in unseen and to_player == owner:
            self.send(ManualDeck(self.viewer, owner, zone))  # draw or mill without naming the card
            return
        card = self._card_of(key)
        if card is not None:  # anywhere, the other player's areas included: the card changes sides
            self.send(ManualMove(self.viewer, card, zone, side=None if to_player == owner else to_player))
        elif isinstance(key, tuple):
            self.status.emit("Those cards are hidden from you.")

    def on_card_activated(self, key) -> None:
        owner = self._owner_of(key)
        if isinstance(key, tuple) and key[0] == "deck":
            self.send(ManualDeck(self.viewer, owner, "hand"))  # draw
            return
        card = self.game.state.cards.get(key) if isinstance(key, int) else None
        if card is not None and self.game.may_turn(card):
            self.send(ManualExhaust(self.viewer, key, not card.exhausted))

    def on_card_hovered(self, key) -> None:
        from bss_desktop.engine import table_cards

        card = self.game.state.cards.get(key) if isinstance(key, int) else None
        if card is not None:
            info, shown = None, self.game.db[card.cid]
            if card.zone == "field" and self.game.state.table is not None:  # side B, a Brave's BP and symbols
                shown = table_cards.shown_def(self.game, key)
                mark = self.game.state.table.marks.get(key)
                on_spirit = mark is not None and mark.on is not None and table_cards.combines(self.game, shown)
                if table_cards.has_bp(self.game, key) and not on_spirit:  # a Brave on a spirit: the spirit's BP
                    info = {"level": self.game.level(key), "bp": self.game.bp(key)}
                if table_cards.combined_on(self.game, key):
                    info = dict(info or {}, symbols=table_cards.symbols(self.game, key))
            elif card.zone == "field" and shown.type == "spirit":
                info = {"level": self.game.level(key), "bp": self.game.bp(key)}
            elif self.game.state.table is not None and self.game.may_turn(card):  # BOS ATK/RST as modified
                info = {"stats": table_stats.breakdown(self.game, key)} if self._seen(key) else None
            self.hovered.emit(shown, info)

    def _core_place(self, ref):
        if ref[0] == "card":
            card = self.game.state.cards.get(ref[1]) if isinstance(ref[1], int) else None
            if card is None or card.zone != "field":
                return None, None
            return card.owner, ref[1]
        _, loc, owner = ref
        if loc == "void":
            return None, "void"
        return owner, {"trash_cores": "trash"}.get(loc, loc)

    def on_cores_dropped(self, src, dst, how: str, count: int | None = None) -> None:
        so, s = self._core_place(src)
        do, d = self._core_place(dst)
        if s is None or d is None:
            return
        owner = so if so is not None else do  # the void is shared: the other end says whose cores
        if so is not None and do is not None and so != do:
            self._cores_across(src, dst, s, d, so, do, how, count)
            return
        st = self.game.state
        player = st.players[owner]
        have = {"life": player.life, "reserve": player.reserve, "trash": player.trash_cores,
                "void": 99}.get(s) if not isinstance(s, int) else st.cards[s].cores
        if have is None and st.table is not None:  # a zone of pieces of the game's profile
            have = st.table.pieces[owner].get(s, 0)
        if how == "ask" and count is None:
            from bss_desktop.client.controllers.game import ask_count

            ask_count(self.bar, have + (player.soul == s), lambda n: self.on_cores_dropped(src, dst, "ask", n))
            return
        whole = how == "all" and s != "void"
        count = have if whole else min(have, count if how == "ask" else 1)
        soul = player.soul == s and (have == 0 or whole)
        try:
            self.send(ManualCores(self.viewer, owner, s, d, count, soul))
        except IllegalCommand as e:  # pragma: no cover - the model reports refusals
            self.status.emit(str(e))

    def _cores_across(self, src, dst, s, d, so: int, do: int, how: str, count) -> None:
        """Cores from one player's place to the other's: through the void, as two recorded moves (the other
        player's cores come from the void, CR 3-9)."""
        st = self.game.state
        player = st.players[so]
        have = {"life": player.life, "reserve": player.reserve, "trash": player.trash_cores}.get(s) \
            if not isinstance(s, int) else st.cards[s].cores
        if how == "ask" and count is None:
            from bss_desktop.client.controllers.game import ask_count

            ask_count(self.bar, max(1, have), lambda n: self.on_cores_dropped(src, dst, "ask", n))
            return
        n = have if how == "all" else min(have, count if how == "ask" else 1)
        if n <= 0:
            self.status.emit("No regular core to move there (the soul core stays with its player, CR 4-11).")
            return
        if self.send(ManualCores(self.viewer, so, s, "void", n)):
            self.send(ManualCores(self.viewer, do, "void", d, n))

    def on_context(self, ref, screen_pos) -> None:
        menu = QMenu()
        if ref[0] == "card" and isinstance(ref[1], tuple) and ref[1][0] == "deck":
            owner = ref[1][1]
            menu.addAction("Draw a card").triggered.connect(lambda: self.on_card_activated(ref[1]))
            menu.addAction("Mill the top card").triggered.connect(
                lambda: self.send(ManualDeck(self.viewer, owner, "trash")))
            menu.addAction("Shuffle").triggered.connect(lambda: self.send(ManualShuffle(self.viewer, owner)))
            if self.lan_seat is None or owner == self.lan_seat:
                menu.addAction("Search the deck…").triggered.connect(lambda: self.ask_look(owner, 0))
                menu.addAction("Look at the top 3…").triggered.connect(lambda: self.ask_look(owner, 3))
        elif ref[0] == "card":
            key = ref[1]
            owner = self._owner_of(key)
            in_hand = key[0] == "hand" if isinstance(key, tuple) else self.game.state.cards[key].zone == "hand"
            if in_hand and (self.lan_seat is None or owner == self.lan_seat):
                # digest §3.2 need 7: a random card of a hand, shown to both (over the LAN: your own hand)
                menu.addAction("A card of this hand at random (revealed)").triggered.connect(
                    lambda: self.send(ManualRandomCard(self.viewer, owner)))
            card = self._card_of(key)
            if card is None:
                if in_hand:
                    self._menu = menu
                    menu.popup(screen_pos)
                return
            if in_hand:
                menu.addSeparator()
                self._hand_menu(menu, card)
            for zone in self.zones():
                if zone != self.game.state.cards[card].zone:
                    menu.addAction(f"To {self.label(zone)}").triggered.connect(
                        lambda _=False, z=zone: self.send(ManualMove(self.viewer, card, z)))
            menu.addAction("To the bottom of the deck").triggered.connect(
                lambda: self.send(ManualMove(self.viewer, card, "deck", True)))
            if self.game.state.table is not None:
                self._table_menu(menu, card)
        elif ref[0] == "tracker":
            self._tracker_menu(menu, ref[1], ref[2])
        elif ref[0] == "pile" and ref[1] != "void":
            owner, loc = ref[2], {"trash_cores": "trash"}.get(ref[1], ref[1])
            menu.addAction("Add a core from the void").triggered.connect(
                lambda: self.send(ManualCores(self.viewer, owner, "void", loc, 1)))
            menu.addAction("Return a core to the void").triggered.connect(
                lambda: self.send(ManualCores(self.viewer, owner, loc, "void", 1)))
        self._menu = menu
        menu.popup(screen_pos)

    def _hand_menu(self, menu, card: int) -> None:
        """A Battle Spirits game without a rules module: use a magic card, summon a spirit at a level
        (engine/hand_helpers.py; the cost is paid by hand)."""
        from bss_desktop.engine.hand_helpers import summon_levels

        if self.game.state.table is None or self.profile.cards.shape != "battle_spirits" or self.profile.rules:
            return  # (a game with a rules module summons and uses magic by its rules, as Saga's sandbox does)
        d = self.game.db[self.game.state.cards[card].cid]
        if d.type == "magic":
            timing = " / ".join(t.capitalize() for t in ("main", "flash") if t in d.magic_timing)
            menu.addAction(f"Use ({timing}); pay its cost by hand").triggered.connect(
                lambda: self.send(ManualUse(self.viewer, card)))
        elif self.profile.cards.types.get(d.type, {}).get("levels") == "bp":
            for lv in summon_levels(self.profile, d):
                cores = next(x.cores for x in d.levels if x.number == lv)
                menu.addAction(f"Summon at LV{lv} ({cores} core(s) from the reserve)").triggered.connect(
                    lambda _=False, lv=lv: self.send(ManualSummon(self.viewer, card, lv)))
        menu.addSeparator()

    def _table_menu(self, menu, card: int) -> None:
        """What a game's profile lets a card on its table do: flip, turn, counters, attach."""
        st, profile = self.game.state, self.profile
        c = st.cards[card]
        zone = profile.zones.get(c.zone)
        if zone is None or zone.name in ("deck", "hand"):
            return
        mark = st.table.marks.get(card)
        menu.addSeparator()
        if zone.face != "up" and zone.visibility == "public":
            down = mark is not None and mark.down
            menu.addAction("Turn face up" if down else "Turn face down").triggered.connect(
                lambda: self.send(ManualFlip(self.viewer, card, not down)))
        from bss_desktop.table.state import other_side

        side = other_side(self.game.db[c.cid]) if c.cid else None
        if side is not None:  # a two-sided card (ETR §Rebirth)
            back = mark is not None and mark.back
            label = f"Turn to its front: {display_name(self.game.db[c.cid])}" if back else f"Turn to side B: {side[1].name}"
            menu.addAction(label).triggered.connect(lambda: self.send(ManualSide(self.viewer, card, not back)))
        if self.game.may_turn(c):
            for o in profile.orientations.values():
                menu.addAction(f"Turn: {o.label}").triggered.connect(
                    lambda _=False, o=o.name: self.send(ManualTurn(self.viewer, card, o)))
        for kind in profile.card_counters.values():
            if kind.stat:  # ATK +100 / −100 / set… (client/controllers/stat_menu.py)
                stat_actions(self, menu, card, kind)
                continue
            if kind.free_label:
                for key, n in sorted((mark.counters if mark else {}).items()):
                    if key.startswith(f"{kind.name}:"):
                        label = key.split(":", 1)[1]
                        menu.addAction(f"+1 {label}").triggered.connect(
                            lambda _=False, k=kind.name, lb=label: self.send(ManualCounter(self.viewer, card, k, 1, lb)))
                        menu.addAction(f"−1 {label}").triggered.connect(
                            lambda _=False, k=kind.name, lb=label: self.send(ManualCounter(self.viewer, card, k, -1, lb)))
                menu.addAction(f"Add a {kind.label.lower()}…").triggered.connect(
                    lambda _=False, k=kind.name: self._ask_counter(card, k))
                continue
            menu.addAction(f"+1 {kind.label.lower()}").triggered.connect(
                lambda _=False, k=kind.name: self.send(ManualCounter(self.viewer, card, k, 1)))
            if mark is not None and mark.counters.get(kind.name):
                menu.addAction(f"−1 {kind.label.lower()}").triggered.connect(
                    lambda _=False, k=kind.name: self.send(ManualCounter(self.viewer, card, k, -1)))
        self._turn_menu(menu, card, zone.name, mark)
        if zone.attach_to:
            hosts = [i for z in zone.attach_to for p in (0, 1) for i in self.game.zone_cards(p, z)]
            for host in hosts:
                name = display_name(self.game.db[st.cards[host].cid]) if self._seen(host) else "a face-down card"
                menu.addAction(f"Attach to {name}").triggered.connect(
                    lambda _=False, h=host: self.send(ManualAttach(self.viewer, card, h)))
            if mark is not None and mark.on is not None:
                menu.addAction("Detach").triggered.connect(lambda: self.send(ManualAttach(self.viewer, card, None)))
        self._combine_menu(menu, card, mark)

    def _combine_menu(self, menu, card: int, mark) -> None:
        """A Brave on the field (its type's `combines`, ETR §Brave): combine with one of its owner's spirits, swap,
        or separate."""
        from bss_desktop.engine.table_cards import combines

        st, db = self.game.state, self.game.db
        c = st.cards[card]
        spec = combines(self.game, db[c.cid]) if c.zone == "field" and c.cid else None
        if spec is None:
            return
        on = mark.on if mark is not None else None
        for host in self.game.zone_cards(c.owner, "field"):
            d = db[st.cards[host].cid] if host is not None and st.cards[host].cid else None
            if d is not None and host not in (card, on) and d.type in spec["with"]:
                menu.addAction(f"Combine with {d.name}").triggered.connect(
                    lambda _=False, h=host: self.send(ManualAttach(self.viewer, card, h)))
        if on is not None:
            menu.addAction("Separate").triggered.connect(lambda: self.send(ManualAttach(self.viewer, card, None)))

    def _turn_menu(self, menu, card: int, zone: str, mark) -> None:
        """The profile's turn_rules on a card's menu: mark an attack (BOS §Battle Step), ready the whole zone."""
        rules = self.profile.turn_rules
        if not rules:
            return
        spec, ready = rules["attack_mark"], rules["ready"]
        if spec is not None and zone == spec["zone"]:
            attacked = mark is not None and mark.attacked
            menu.addAction("Clear the attack mark" if attacked else "Attack with this fighter (mark it)").triggered \
                .connect(lambda: self.send(ManualAttacked(self.viewer, card, not attacked)))
        if ready is not None and zone == ready["zone"]:
            owner = self.game.state.cards[card].owner
            label = self.profile.orientations[ready["orientation"]].label.lower()
            menu.addAction(f"Ready all of these ({label})").triggered.connect(
                lambda: self.send(ManualReady(self.viewer, owner)))

    def _seen(self, iid: int) -> bool:
        m = self.game.state.table.marks.get(iid) if self.game.state.table is not None else None
        return m is None or not m.down or self.game.state.cards[iid].owner == self.viewer

    def _ask_counter(self, card: int, kind: str) -> None:
        """A named counter (BOS §Counters: "Spell Counter"), its name typed in the decision bar."""
        self._ask_text(40, "The counter's name (e.g. Ember)",
                       lambda text: self.send(ManualCounter(self.viewer, card, kind, 1, text)))

    def _tracker_menu(self, menu, name: str, owner) -> None:
        """A tracker's changes: by its step and ten steps, any amount, a zero-sum transfer, a payment."""
        if owner is None:
            return
        t = self.profile.trackers[name]
        for amount in (t.step, 10 * t.step, -t.step, -10 * t.step):
            menu.addAction(f"{amount:+,} {t.label}").triggered.connect(
                lambda _=False, a=amount: self.send(ManualTracker(self.viewer, owner, name, "adjust", a)))
        menu.addAction(f"Change {t.label} by…").triggered.connect(
            lambda: self._ask_amount(f"Add to {t.label} (a negative change: use Lose)", t.step,
                                     lambda n: self.send(ManualTracker(self.viewer, owner, name, "adjust", n))))
        menu.addAction(f"Lose {t.label}…").triggered.connect(
            lambda: self._ask_amount(f"Lose {t.label}", t.step,
                                     lambda n: self.send(ManualTracker(self.viewer, owner, name, "adjust", -n))))
        if "transfer" in t.ops:
            menu.addAction(f"Transfer {t.label} to the other player…").triggered.connect(
                lambda: self._ask_amount(f"Transfer {t.label} (what one loses the other gains)", t.step,
                                         lambda n: self.send(ManualTracker(self.viewer, owner, name, "transfer", n))))
        if "pay_each_opponent" in t.ops:
            menu.addAction(f"Pay {t.label} to each opponent…").triggered.connect(
                lambda: self._ask_amount(f"Pay {t.label} to each opponent", t.step,
                                         lambda n: self.send(ManualTracker(self.viewer, owner, name,
                                                                           "pay_each_opponent", n))))
