"""Gestures and buttons -> Battle of Souls' engine commands (rules mode of rules/bos/).

The rules controller's machinery (the computer's seat on a worker thread, hot-seat, hints, the log, the end of the
game) is Saga's (controllers/game.py); what a player does with the mouse is this game's own:

- drag a fighter from the hand onto your fighters to deploy it (with its sacrifices: a menu when there is a choice);
  an equipment or tactic card onto its zone to set it face down; a battlefield onto yours, or an equipment card onto
  your fighters, to activate it;
- in the battle step drag a fighter onto the opponent's side to attack (a menu names the targets when there are
  several);
- double-click a card to do the one thing it can do now (a menu when there are several); right-click for every
  legal action with it, said in words;
- the decision bar ends the phase, passes in a window, and answers the end phase's discards and a search.

The engine decides everything: a refused drop goes back, and the status bar names the rule (BOS §...).
"""
from __future__ import annotations

from PySide6.QtWidgets import QMenu

from bss_desktop.client.controllers.game import Controller
from bss_desktop.engine.commands import (Choose, DeclareAttack, Deploy, EndAttack, EndMain, Mulligan, Pass, SetCard,
                                         UseCard)

MAX_BUTTONS = 8  # cards offered as buttons for a choice (more: right-click or the menu)


class BosController(Controller):
    # ------------------------------------------------------------------ words

    def _hidden(self, iid) -> bool:
        card = self.game.state.cards.get(iid) if isinstance(iid, int) else None
        if card is None:
            return True
        if card.owner != self.viewer and card.zone in ("hand", "deck"):
            return True
        m = self.game.state.table.marks.get(iid) if self.game.state.table is not None else None
        return card.zone == "deck" or (m is not None and m.down and card.owner != self.viewer)

    def _name(self, iid) -> str:
        if self._hidden(iid):
            card = self.game.state.cards.get(iid) if isinstance(iid, int) else None
            return f"a face-down {card.zone} card" if card is not None and card.zone in ("equipment", "tactic") \
                else "a card"
        return self.game.db[self.game.state.cards[iid].cid].name

    def words(self, cmd) -> str:
        """A command in a player's words."""
        n = self._name
        if isinstance(cmd, Deploy):
            sac = f", sacrificing {', '.join(n(i) for i in cmd.sacrifices)}" if cmd.sacrifices else ""
            return f"Deploy {n(cmd.card)}{sac}"
        if isinstance(cmd, SetCard):
            return f"Set {n(cmd.card)} face down"
        if isinstance(cmd, UseCard):
            what = f"Activate {n(cmd.card)}" if not cmd.effect else f"Use {n(cmd.card)}'s effect {cmd.effect}"
            extra = []
            if cmd.targets:
                extra.append("targeting " + ", ".join(n(i) for i in cmd.targets))
            if cmd.sacrifices:
                extra.append("sacrificing " + ", ".join(n(i) for i in cmd.sacrifices))
            if cmd.discards:
                extra.append("discarding " + ", ".join(n(i) for i in cmd.discards))
            return what + (f" ({'; '.join(extra)})" if extra else "")
        if isinstance(cmd, DeclareAttack):
            whom = "directly" if cmd.target is None else n(cmd.target)
            return f"Attack {whom} with {n(cmd.fighter)}"
        if isinstance(cmd, EndMain):
            return "End the main phase"
        if isinstance(cmd, EndAttack):
            return "End the battle phase"
        if isinstance(cmd, Pass):
            return "Pass"
        if isinstance(cmd, Choose):
            return "Choose " + ", ".join(n(i) for i in (cmd.value if isinstance(cmd.value, tuple) else (cmd.value,)))
        return cmd.kind.replace("_", " ")

    def hint_words(self, cmd) -> str:
        return self.words(cmd)

    def hint_cards(self, cmd) -> list:
        keys = [getattr(cmd, f, None) for f in ("card", "fighter", "target")]
        keys += list(getattr(cmd, "targets", ()) or ())
        return [k for k in keys if isinstance(k, int)]

    def _chain_text(self) -> str:
        chain = self.game.state.rules.chain
        if not chain:
            return ""
        top = chain[-1]
        who = self._player_name(top.controller)
        what = self._name(top.card) + (f"'s effect {top.effect}" if top.effect else "")
        at = f" targeting {', '.join(self._name(t) for t in top.targets)}" if top.targets else ""
        return f"{who} activated {what}{at} (chain of {len(chain)})"

    def _phase_word(self) -> str:
        return {"main1": "Main Phase I", "main2": "Main Phase II", "battle": "the battle phase", "draw": "the draw phase",
                "ready": "the ready phase", "end": "the end phase", "end_limit": "the end phase"}.get(
            self.game.state.rules.phase, self.game.state.rules.phase)

    def _their(self, pend) -> str:
        k = pend.kind
        if k == "mulligan":
            return "keep the opening hand or mulligan (BOS Rule Update 2)"
        if k == "main":
            return self._phase_word()
        if k == "attack":
            return "the battle step"
        if k == "chain":
            return f"whether to respond — {self._chain_text() or self._window_text()}"
        return self._what(pend)

    def _window_text(self) -> str:
        r = self.game.state.rules
        f = r.fight
        if r.window == "attack" and f is not None:
            whom = "directly" if f.target is None else self._name(f.target)
            return f"{self._name(f.attacker)} attacks {whom}"
        if r.window == "damage" and f is not None:
            return "the damage step: only tactics and ATK/RST changes, before damage is calculated (BOS §Damage Step " \
                   "Rules)"
        return f"a window in {self._phase_word()}"

    def _what(self, pend) -> str:
        k = pend.kind
        if k == "mulligan":
            return Controller._what(self, pend)
        if k == "main":
            left = "" if self.game.deploys_left(self.viewer) > 0 else " (your deploy this turn is used)"
            return (f"{self._phase_word()} — drag a fighter onto your fighters to deploy it{left}, an equipment or "
                    "tactic card onto its zone to set it; double-click or right-click a card to activate it")
        if k == "attack":
            replay = pend.info.get("replay")
            again = f"Replay: {self._name(replay)} may attack again (BOS §Replay). " if replay is not None else ""
            return (f"{again}Battle step — drag a fighter onto your opponent's side to attack (right-click for "
                    "its targets), or end the battle phase")
        if k == "chain":
            return f"{self._chain_text() or self._window_text()} — respond with a highlighted card, or pass"
        ck = pend.info.get("kind")
        if ck == "discard":
            return f"{pend.info.get('prompt')} (BOS §End Phase)"
        if ck == "search":
            return f"{pend.info.get('prompt')} (BOS §Search Your Deck)"
        if ck == "target":
            return f"{pend.info.get('prompt')}"
        return str(pend.info.get("prompt") or pend.kind)

    # ------------------------------------------------------------------ the decision bar

    def _update_decision(self) -> None:
        game = self.game
        pend = game.pending
        if pend is None:
            r = game.result
            self._idle(f"<b>Battle over.</b> {self.winner_text(r)}: {self.named(r.reason)}.")
            return
        who = "You" if pend.player == self.viewer and not self.hotseat else self._player_name(pend.player)
        if self.covered:
            self._idle(f"Waiting for <b>{who}</b> to take the seat.")
            return
        if not self.my_decision():
            self._idle(f"Waiting for <b>{who}</b>: {self._their(pend)}")
            return
        me = self.viewer
        legal = game.legal_commands()
        highlight, draggable = set(), set()
        for c in legal:
            for k in self.hint_cards(c):
                if isinstance(c, (Deploy, SetCard, UseCard)) and k == c.card or isinstance(c, DeclareAttack) \
                        and k == c.fighter:
                    highlight.add(k)
                    draggable.add(k)
        kind = pend.kind
        buttons = []
        if kind == "mulligan":
            buttons = [("Keep", Mulligan(me, False), self.keys["keep"], True)]
            if Mulligan(me, True) in legal:
                buttons.append(("Mulligan", Mulligan(me, True), self.keys["mulligan"], False))
        elif kind == "main":
            label = "To the battle phase" if game.state.rules.phase == "main1" and game.state.turn > 1 else "End turn"
            buttons = [(label, EndMain(me), self.keys["end_step"], True)]
        elif kind == "attack":
            buttons = [("End the battle phase", EndAttack(me), self.keys["end_step"], True)]
        elif kind == "chain":
            buttons = [("Pass", Pass(me), self.keys["pass"], True)]
        elif kind == "choose":
            seen = set()
            for c in legal[:MAX_BUTTONS * 3]:
                label = self.words(c).replace("Choose ", "Discard " if pend.info.get("kind") == "discard" else "")
                if label in seen and pend.info.get("kind") != "target":
                    continue  # the same card twice in a search (any copy will do)
                seen.add(label)
                buttons.append((label, c, "", len(buttons) == 0))
                for k in self.hint_cards(c):
                    highlight.add(k)
                if len(buttons) >= MAX_BUTTONS:
                    break
        self.bar.set_state(f"<b>{who}</b>: {self._what(pend)}", buttons)
        self._show_tray(None)
        self.scene.set_highlights(highlight, set(), self.selection)
        # in a main phase every hand card may be dragged: a drop the rules refuse goes back, its rule named
        self.scene.set_draggable(draggable | set(game.state.players[me].hand) if kind == "main" else draggable)
        if self._hint is not None:
            self._apply_hint()

    def _nothing_to_use(self) -> bool:
        return False  # the engine passes for a player with nothing to activate (BOS ruling 12)

    def _passes_itself(self) -> bool:
        """With the setting, a phase's window (after the draw, the ready and end phases: BOS §Chains) in which
        nothing has been activated passes for the player: a player who holds a tactic is not asked three times a
        turn. An attack's, a damage step's or an activation's window still stops."""
        pend, r = self.game.pending, self.game.state.rules
        return (self.pass_phase_windows and pend is not None and pend.kind == "chain" and self.my_decision()
                and not self.covered and r.window == "open" and not r.chain)

    def _auto_pass_words(self) -> str:
        return f"Passed the window of {self._phase_word()} for you: nothing had been activated (Settings)."

    # ------------------------------------------------------------------ gestures

    def _legal_for(self, key) -> list:
        if not self.my_decision() or self.covered:  # (hot-seat: nothing until the next player takes the seat)
            return []
        out = []
        for c in self.game.legal_commands():
            if key in self.hint_cards(c) and not isinstance(c, Choose):
                out.append(c)
        return out

    def _offer(self, options: list, screen_pos=None, *, menu_always: bool = False) -> None:
        """One option: done (a right-click still shows it in a menu); several: a menu of them in words; none:
        said."""
        if not options:
            self.status.emit("Nothing to do with this card now.")
            return
        if len(options) == 1 and not menu_always:
            self.send(options[0])
            return
        menu = QMenu()
        for c in options:
            menu.addAction(self.words(c)).triggered.connect(lambda _=False, cmd=c: self.send(cmd))
        self._menu = menu  # a popup, never exec() (no nested event loop)
        if screen_pos is None:
            from PySide6.QtGui import QCursor

            screen_pos = QCursor.pos()
        menu.popup(screen_pos)

    def on_card_dropped(self, key, zone: str, side: str) -> None:
        if not self.my_decision() or self.covered:
            self.status.emit("It is not your decision now.")
            return
        card = self.game.state.cards.get(key) if isinstance(key, int) else None
        if card is None or card.owner != self.viewer:
            return
        mine = [c for c in self._legal_for(key)]
        if card.zone == "hand":
            kind = self.game.card_def(key).type
            if kind == "fighter" and zone == "fighter":
                options = [c for c in mine if isinstance(c, Deploy)]
                if not options:
                    self.send(Deploy(self.viewer, key))  # refused: the status bar names the rule
                    return
                self._offer(options)
            elif kind in ("equipment", "tactic") and zone == kind:
                self.send(SetCard(self.viewer, key))
            elif (kind == "battlefield" and zone == "battlefield") or (kind == "equipment" and zone == "fighter"):
                options = [c for c in mine if isinstance(c, UseCard) and c.card == key]
                self._offer(options) if options else self.send(UseCard(self.viewer, key))
            else:
                self.status.emit("Drag a fighter onto your fighters, an equipment or tactic card onto its zone "
                                 "(an equipment card onto your fighters activates it), a battlefield onto yours.")
        elif card.zone == "fighter" and self.game.pending.kind == "attack":
            options = [c for c in mine if isinstance(c, DeclareAttack) and c.fighter == key]
            if side == "top" and options:
                self._offer(options)
            elif side == "top":
                self.send(DeclareAttack(self.viewer, key, None))
            else:
                self.status.emit("Drag the fighter onto your opponent's side to attack.")

    def on_card_activated(self, key) -> None:
        if self.my_decision():
            self._offer([c for c in self._legal_for(key) if not isinstance(c, Choose)])

    def on_card_clicked(self, key) -> None:
        """In a choice, a click on an offered card answers it."""
        pend = self.game.pending
        if not self.my_decision() or pend.kind != "choose":
            return
        options = [c for c in self.game.legal_commands() if key in self.hint_cards(c)]
        if len(options) == 1:
            self.send(options[0])

    def on_cores_dropped(self, src, dst, how: str, count: int | None = None) -> None:
        self.status.emit("Battle of Souls has no cores.")

    def on_context(self, ref, screen_pos) -> None:
        if ref[0] != "card":
            return
        self._offer(self._legal_for(ref[1]), screen_pos, menu_always=True)
