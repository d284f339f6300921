"""Gestures and buttons -> engine commands (rules mode).

The controller owns no game state: it asks the engine what is legal, sends a
command through the model, and redraws the board from the engine's view when
the events come back. A refused command leaves the board as it was (the
dragged piece goes back) and the status bar names the rule.
"""
from __future__ import annotations

import logging
import time

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import QMenu

from bss_desktop.client.controllers.deck_look import DeckLooks
from bss_desktop.client.controllers.thinking import Thinker
from bss_desktop.engine.commands import (
    Activate,
    Attack,
    Awaken,
    Block,
    Choose,
    CoreMove,
    EndAttack,
    EndMain,
    ManualExhaust,
    ManualMove,
    MoveCores,
    Mulligan,
    Pass,
    PlaceNexus,
    SetBurst,
    Summon,
    UseMagic,
)
from bss_desktop.gamelog import describe

PLAY = (Summon, PlaceNexus, UseMagic)
THINKING = "The computer is thinking…"
THINKING_HINT = "Thinking about a hint…"
log = logging.getLogger(__name__)


class Controller(QObject, DeckLooks):
    status = Signal(str)
    viewerChanged = Signal(int)
    logLines = Signal(list)
    hovered = Signal(object, object)  # CardDef, field info dict or None
    unhovered = Signal()  # the card in the preview is no longer one the viewer may see
    gameOver = Signal(object)  # the engine's Result, once
    decisionChanged = Signal()  # after each refresh (the window enables its Hint action)
    thinkingChanged = Signal(str)  # what the indicator says ("" once it is gone)
    hintShown = Signal(object)  # the command a hint suggests (shown, never sent)

    def __init__(self, model, scene, bar, *, seats=("human", "ai"), level: str = "normal", ai_seed: int = 1,
                 ai_delay_ms: int = 350, parent=None):
        super().__init__(parent)
        from bss_desktop.ai import LEVELS

        self.model, self.scene, self.bar = model, scene, bar
        self.seats = tuple(seats)
        self.hotseat = self.seats.count("human") == 2
        self.viewer = self.seats.index("human") if "human" in self.seats else 0
        self.level = level if level in LEVELS else "normal"  # the computer's level (ai/__init__.py)
        self.ai_seed = ai_seed
        self.ai: dict = {}  # seat -> the computer's player for this game (one per seat and game: it remembers)
        self.ai_level: dict = {}  # seat -> the level it really plays (the next one there is, if that one is not)
        self._ai_game = None  # the game those players play
        self._generation = 0  # counts the games: a think for an earlier one is never used
        self.ai_delay_ms = ai_delay_ms  # the computer's pace: its action comes at least this long after it began to
        # think, so a player can follow each action with its log line (a slow think adds no wait)
        self.thinker = Thinker(self)  # the computer thinks on a worker thread (client/controllers/thinking.py)
        self.thinker.answered.connect(self._answered)
        self._ready = None  # (hash, seat, generation, command): the computer's answer, waiting for its moment
        self._pace = QTimer(self)
        self._pace.setSingleShot(True)
        self._pace.timeout.connect(self._play_ready)
        self._hint = None  # (hash, command, level used): the hint shown, until the game moves on
        self._hint_wanted = False  # a hint asked for while the worker was busy
        self.closed = False  # the window closed: nothing more is thought or played
        self._thinking_text = ""
        self.quick_pay = False  # True: pay automatically without the payment panel
        self.auto_pass = False  # True: pass flash windows in which the player has nothing to use
        self.pass_phase_windows = False  # True: pass Battle of Souls' phase windows where nothing was activated
        self.covered = False  # hot-seat: the cover is up, nothing may be answered or previewed
        self._hover_key = None  # the card in the preview, refreshed as the game changes
        self._announced_over = False
        # hot-seat: the log names no hidden card (either player may be reading it); -1 is "neither player"
        self.log_viewer = -1 if self.hotseat else self.viewer
        from bss_desktop.client.windows.settings import DEFAULT_HOTKEYS

        self.keys = dict(DEFAULT_HOTKEYS)  # action -> shortcut (the window applies the player's settings)
        self.selection: list = []
        self._init_looks()  # looking at the deck by hand (client/controllers/deck_look.py)
        self._tray_keys: set = set()  # the cards the tray shows (hover and zoom answer for these only)
        self._choice_panel = None  # the decision bar's panel for a "cores" choice, while it is up
        self._choice_panel_key = None
        self._seen = None  # (player, [(key, caption)]): the cards an effect just let that player look at
        self._ai_timer = QTimer(self)
        self._ai_timer.setSingleShot(True)
        self._ai_timer.timeout.connect(self._ai_move)
        self._new_players()
        model.changed.connect(self._on_changed)
        model.refused.connect(lambda rule, msg: self.status.emit(f"Not allowed: {msg} — {rule}"))
        scene.cardDropped.connect(self.on_card_dropped)
        scene.cardActivated.connect(self.on_card_activated)
        scene.cardClicked.connect(self.on_card_clicked)
        scene.cardHovered.connect(self.on_card_hovered)
        scene.coresDropped.connect(self.on_cores_dropped)
        scene.contextRequested.connect(self.on_context)
        bar.chosen.connect(self.send)
        bar.cardToggled.connect(self.on_card_clicked)  # a card of the tray: chosen or taken back, as on the board
        bar.cardHovered.connect(self.on_tray_hovered)
        bar.cardZoomed.connect(self.on_tray_zoom)
        self.refresh()

    # ------------------------------------------------------------------ state

    @property
    def game(self):
        return self.model.game

    def my_decision(self) -> bool:
        pend = self.game.pending
        return pend is not None and pend.player == self.viewer and self.seats[pend.player] == "human"

    def send(self, cmd) -> bool:
        if cmd is None:
            return False
        self.selection = []
        return self.model.send(cmd)

    def _on_changed(self, events) -> None:
        self._clear_hint()  # the game moved on
        self.note_looks(events)
        self._note_seen(events)
        lines = [describe(self.game, e, self.log_viewer) for e in events]
        lines = [line for line in lines if line]
        self.logLines.emit(lines)
        if lines and self._acting_ai is not None:  # the computer's action (its first line), where the player looks
            first = lines[0].strip()
            if first.startswith("—"):  # its action ended its turn: the first line is the next turn's heading
                first = f"ends its turn {first}"
            self.status.emit(f"{self._player_name(self._acting_ai)}: {first}")
        self.refresh()

    _acting_ai = None

    def refresh(self) -> None:
        pend = self.game.pending
        if self.hotseat and pend is not None and pend.player != self.viewer:
            self.viewer = pend.player  # hot-seat: the board turns to the deciding player (after the cover screen)
            self._hover_key = None
            self.unhovered.emit()  # the other player's card must not stay in the preview
            self.close_deck_viewer()  # nor the cards one player looked at
            self.scene.hide_zoom()
            self.viewerChanged.emit(self.viewer)
        self.scene.sync(self.game.view(self.viewer), db=self.game.db, names=getattr(self.game, "names", None),
                        using=in_use(self.game))
        self._update_decision()
        self._refresh_preview()
        self._preview_choice_source(pend)
        if self._hint is not None and (not self.my_decision() or self.covered
                                       or self._hint[0] != self.game.state_hash()):
            self._clear_hint()  # a hint is for the decision it was asked at
        if pend is not None and self.seats[pend.player] == "ai" and not self.closed:
            self._ai_timer.start(0)  # think at once (the pace counts from there), once this refresh is done
        elif pend is not None and self._passes_itself():
            QTimer.singleShot(0, self._auto_pass)
        self._update_thinking()
        if pend is None and not self._announced_over and self.game.result is not None:
            self._announced_over = True
            self.gameOver.emit(self.game.result)
        self.decisionChanged.emit()

    _previewed = None

    def _preview_choice_source(self, pend) -> None:
        """A magic card asking which of its effects to use (CR 10-8-3) is shown in the card panel once, when the
        choice comes up: it is no longer on the board (it is being used)."""
        if pend is None or pend.kind != "choose" or pend.info.get("kind") != "effect" or not self.my_decision() \
                or self.covered:
            return
        src = pend.info.get("source")
        key = (pend.player, src, tuple(pend.info["options"]))
        card = self.game.state.cards.get(src) if isinstance(src, int) else None
        if key == self._previewed or card is None or not self._visible(card):
            return
        self._previewed = key
        self._hover_key = src
        self.hovered.emit(self.game.db[card.cid], None)

    # ------------------------------------------------------------------ the computer (thinks off the GUI thread)

    def _new_players(self) -> None:
        """The computer's players for the game now shown: one per seat and game (a player remembers what its seat
        has seen). A think for the game before is stopped, and its answer never used."""
        from bss_desktop import ai

        self._ai_game = self.game
        self._generation += 1
        self._ready = None
        self._pace.stop()
        if self.thinker.busy():
            self.thinker.stop()
        self.ai, self.ai_level = {}, {}
        for p, s in enumerate(self.seats):
            if s != "ai":
                continue
            for level in dict.fromkeys((self.level, "normal", "easy")):  # the level chosen, else the next one there is
                try:
                    self.ai[p] = ai.make_player(level, p, self.ai_seed + p)
                except ImportError:
                    continue
                self.ai_level[p] = level
                break
            if self.ai_level.get(p) != self.level:  # said once the window listens (this may run in __init__)
                text = (f"The {ai.LEVEL_NAMES.get(self.level, self.level)} level is not in this version: the "
                        f"computer plays {ai.LEVEL_NAMES.get(self.ai_level.get(p), 'Easy')}.")
                QTimer.singleShot(0, self, lambda text=text: self.status.emit(text))

    def _ai_move(self) -> None:
        """The computer has a decision: think about it on the worker thread, from a snapshot of the game."""
        if self.closed:
            return
        if self._ai_game is not self.game:  # a new game (a position loaded)
            self._new_players()
        pend = self.game.pending
        if pend is None or pend.player not in self.ai:
            self._update_thinking()
            return
        h = self.game.state_hash()
        if self._ready is not None:
            if self._ready[0] == h and self._ready[2] == self._generation:
                return  # the answer is there, waiting for its moment
            self._ready = None
            self._pace.stop()
        tag = self.thinker.tag
        if tag is not None:
            if tag[0] != "move" or tag[1] != h or tag[3] != self._generation:
                self.thinker.stop()  # a think the game moved past, or a hint: once it has stopped, this runs again
            return
        seat, player = pend.player, self.ai[pend.player]
        snapshot = self.game.clone()
        self.thinker.start(lambda: player.choose(snapshot), ("move", h, seat, self._generation, time.monotonic()))
        self._update_thinking()

    def _answered(self, tag, kind: str, value) -> None:
        """A think's outcome, on the GUI thread: used only if the game is still at the decision it was about."""
        if self.closed:
            return
        job, h, seat, generation = tag[:4]
        current = generation == self._generation and self.game.state_hash() == h
        if kind == "error":
            log.error("the computer's %s failed", "hint" if job == "hint" else "think", exc_info=value)
        if job == "move" and current and kind != "stopped":
            cmd = value if kind == "answer" else self._fallback(seat)
            self._ready = (h, seat, generation, cmd)
            wait = self.ai_delay_ms - (time.monotonic() - tag[4]) * 1000  # the pace counts from when it began to think
            if wait > 0:
                self._pace.start(int(wait))
            else:
                self._play_ready()
        elif job == "hint" and current and kind != "stopped" and self.hint_available() and self.viewer == seat:
            if kind == "answer":
                cmd, used = value
                self._show_hint(cmd, used)
            else:
                self.status.emit(f"No hint this time: the computer's search failed ({value}).")
        self._next_job()

    def _next_job(self) -> None:
        """The worker is free: a hint asked for meanwhile, else the computer's own decision."""
        if self.closed or self.thinker.busy():
            return
        if self._hint_wanted:
            self._start_hint()
        else:
            self._ai_move()
        self._update_thinking()

    def _play_ready(self) -> None:
        """The computer's answer, at its moment: sent if the game is still at that decision."""
        ready, self._ready = self._ready, None
        if ready is None or self.closed:
            return
        h, seat, generation, cmd = ready
        pend = self.game.pending
        if generation != self._generation or pend is None or pend.player != seat or self.game.state_hash() != h:
            self._ai_move()
            return
        if not self._send_ai(seat, cmd):  # refused: an AI's mistake must not stop the game
            log.error("the engine refused the computer's command %r", cmd)
            self._send_ai(seat, self._fallback(seat))
        self._update_thinking()

    def _send_ai(self, seat: int, cmd) -> bool:
        self._acting_ai = seat
        try:
            return self.model.send(cmd)
        finally:
            self._acting_ai = None

    def _fallback(self, seat: int):
        """A legal command when a level failed: Easy's choice (quick, on this thread)."""
        from bss_desktop import ai

        return ai.make_player("easy", seat, self.ai_seed + seat).choose(self.game)

    def computer_thinking(self) -> bool:
        """Whether the computer has a decision it is thinking about (or whose answer waits for its moment)."""
        pend = self.game.pending
        return not self.closed and pend is not None and self.seats[pend.player] == "ai"

    def _update_thinking(self) -> None:
        """The decision bar's busy indicator: the computer thinking, or a hint being thought about."""
        tag = self.thinker.tag
        if self.computer_thinking():
            text = THINKING
        elif tag is not None and tag[0] == "hint" and not self.closed:
            text = THINKING_HINT
        else:
            text = ""
        if text != self._thinking_text:
            self._thinking_text = text
            self.bar.set_busy(text or None)
            self.thinkingChanged.emit(text)

    def shutdown(self) -> None:
        """The window closes: stop thinking, wait for the worker thread, play nothing more."""
        self.closed = True
        self._ai_timer.stop()
        self._pace.stop()
        self._ready = None
        self._hint_wanted = False
        self.thinker.shutdown()
        self._update_thinking()

    # ------------------------------------------------------------------ hints (what the Hard level would do)

    def hint_available(self) -> bool:
        """A hint is for the player's own decision, in rules mode against the computer or hot-seat (not over the
        LAN: the other seat is another machine)."""
        return (not self.closed and all(s in ("human", "ai") for s in self.seats) and self.my_decision()
                and not self.covered and hasattr(self.game, "clone"))

    def request_hint(self) -> None:
        """Think (on the worker thread) about what the Hard level would do in the player's place, then show it."""
        if not self.hint_available():
            self.status.emit("A hint is for your own decisions, in a game against the computer or hot-seat.")
            return
        h = self.game.state_hash()
        if self._hint is not None and self._hint[0] == h:
            self._show_hint(*self._hint[1:])  # shown again
            return
        tag = self.thinker.tag
        if tag is not None:
            if tag[0] == "hint" and tag[1] == h and tag[3] == self._generation:
                return  # already thinking about it
            self._hint_wanted = True
            self.thinker.stop()  # a think the game moved past: the hint comes next
            self._update_thinking()
            return
        self._start_hint()

    def _start_hint(self) -> None:
        self._hint_wanted = False
        if not self.hint_available() or self.thinker.busy():
            return
        seat = self.viewer
        snapshot = self.game.clone()
        seed = self.ai_seed + 100 + seat
        self.thinker.start(lambda: hint_for(snapshot, seat, seed),
                           ("hint", self.game.state_hash(), seat, self._generation, time.monotonic()))
        self.status.emit(THINKING_HINT)
        self._update_thinking()

    def _show_hint(self, cmd, used: str = "hard") -> None:
        from bss_desktop.ai import LEVEL_NAMES

        self._hint = (self.game.state_hash(), cmd, used)
        self._apply_hint()
        text = "Hint: " + self.hint_words(cmd)
        if used != "hard":
            text += f" (the {LEVEL_NAMES.get(used, used)} level's idea: Hard is not in this version)"
        self.status.emit(text)
        self.hintShown.emit(cmd)

    def _apply_hint(self) -> None:
        """The hinted command on the board (its cards glow) and in the decision bar (its button)."""
        cmd = self._hint[1] if self._hint is not None else None
        self.scene.set_hint(self.hint_cards(cmd) if cmd is not None else ())
        self.bar.mark_hint(cmd)

    def _clear_hint(self) -> None:
        if self._hint is not None:
            self._hint = None
            self._apply_hint()

    @property
    def hint(self):
        """The command the hint shown suggests, or None."""
        return self._hint[1] if self._hint is not None else None

    def hint_cards(self, cmd) -> list:
        """The cards a hinted command is about: the hand card played, the spirit attacking or blocking, the card
        cores go to (or come from, towards the reserve), the chosen cards."""
        if isinstance(cmd, PLAY + (SetBurst, Activate, Awaken)):
            return [cmd.card]
        if isinstance(cmd, (Attack, Block)):
            return [cmd.spirit] if cmd.spirit is not None else []
        if isinstance(cmd, MoveCores):
            keys = []
            for m in cmd.moves:
                k = m.dst if isinstance(m.dst, int) else m.src if isinstance(m.src, int) else None
                if k is not None and k not in keys:
                    keys.append(k)
            return keys
        if isinstance(cmd, Choose):
            pend = self.game.pending
            ck = pend.info.get("kind") if pend is not None and pend.kind == "choose" else None
            if ck == "target":
                return [k for k in (cmd.value or ()) if not isinstance(k, bool)]
            if ck == "substitute":
                sources = pend.info.get("sources") or []
                i = cmd.value
                if isinstance(i, int) and 0 <= i < len(sources) and sources[i] is not None:
                    return [sources[i]]
        return []

    def hint_words(self, cmd) -> str:
        """The hinted command in words: "summon Red Pup", "attack with Red Pup", "don't block", "end the main
        step"."""
        from bss_desktop.client.decisions import choice_text as ct

        name = self._name
        if isinstance(cmd, Summon):
            return f"summon {name(cmd.card)}"
        if isinstance(cmd, PlaceNexus):
            return f"place {name(cmd.card)}"
        if isinstance(cmd, UseMagic):
            return f"use {name(cmd.card)}"
        if isinstance(cmd, SetBurst):
            return f"set {name(cmd.card)} as your burst"
        if isinstance(cmd, Attack):
            return f"attack with {name(cmd.spirit)}"
        if isinstance(cmd, Block):
            return "don't block" if cmd.spirit is None else f"block with {name(cmd.spirit)}"
        if isinstance(cmd, EndMain):
            return "end the main step"
        if isinstance(cmd, EndAttack):
            return "end the attack step"
        if isinstance(cmd, Pass):
            return "pass"
        if isinstance(cmd, Mulligan):
            return "mulligan" if cmd.redraw else "keep this hand"
        if isinstance(cmd, Activate):
            return f"activate effect {cmd.effect + 1} of {name(cmd.card)}"
        if isinstance(cmd, Awaken):
            return f"【Awaken】 {name(cmd.card)}"
        if isinstance(cmd, MoveCores):
            def place(loc):
                return "your reserve" if loc == "reserve" else name(loc) if isinstance(loc, int) else str(loc)

            parts = []
            for m in cmd.moves:
                what = [f"{m.count} core{'s' if m.count != 1 else ''}"] if m.count else []
                what += ["the soul core"] if m.soul else []
                if what:
                    parts.append(f"{' and '.join(what)} from {place(m.src)} to {place(m.dst)}")
            return "move " + "; ".join(parts)
        if isinstance(cmd, Choose):
            pend = self.game.pending
            info = pend.info if pend is not None and pend.kind == "choose" else {}
            ck, v = info.get("kind"), cmd.value
            if ck == "may":
                return "answer Yes" if v else "answer No"
            if ck == "x":
                return f"choose X = {v}"
            if ck == "target":
                names = [name(k) for k in (v or ())]
                return "choose " + (", ".join(names) if names else "no card")
            if ck == "effect":
                return f"use the effect “{ct.shorten(ct.effect_option(self.game, info.get('source'), v))}”"
            if ck == "order":
                text = dict(self._order_options(info)).get(v)
                return f"resolve {ct.shorten(text) if text else 'that effect'} first"
            if ck == "substitute":
                if v is None:
                    return "let it be destroyed"
                sources = info.get("sources") or []
                src = sources[v] if isinstance(v, int) and v < len(sources) else None
                return ct.substitute_option(self.game, src, v)[0]
            if ck == "cores":
                return "pay with " + ct.cores_label(self.game, info, v)
            return f"choose {v}"
        return _label(cmd, name)


    def _nothing_to_use(self) -> bool:
        """A flash window of the viewer's in which Pass is the only thing they can do (no flash magic, no
        【Swift】, no effect, no 【Awaken】 spirit, CR 7-1-2, 11-1)."""
        pend = self.game.pending
        if pend.kind != "flash" or not self.my_decision() or self.covered:
            return False
        if any(not isinstance(c, Pass) for c in self.game.legal_commands()):
            return False
        st = self.game.state
        return not any(k.name == "awaken" for iid in st.players[self.viewer].field
                       for k in self.game.db[st.cards[iid].cid].keywords)

    def _passes_itself(self) -> bool:
        """Whether the player's settings pass the pending decision for them (auto-pass)."""
        return self.auto_pass and self._nothing_to_use()

    def _auto_pass_words(self) -> str:
        return "Passed the flash window for you: you had nothing to use (auto-pass, Settings)."

    def _auto_pass(self) -> None:
        if self._passes_itself():  # (still: the decision may have changed since it was queued)
            if self.send(Pass(self.viewer)):
                self.status.emit(self._auto_pass_words())

    def _player_name(self, p: int) -> str:
        """"You" for the player at this screen (not in hot-seat, where both are), else the name, else
        "The computer" or "Player N"."""
        if p == self.viewer and not self.hotseat and self.seats[p] == "human":
            return "You"
        names = getattr(self.game, "names", None) or [None, None]
        if names[p]:
            return names[p]
        return "The computer" if self.seats[p] == "ai" else f"Player {p + 1}"

    # ------------------------------------------------------------------ the decision bar

    def _hidden(self, iid) -> bool:
        """Whether the seat at the board may not know this card: the other player's hand and set burst, and decks
        (CR 3-2-2, 3-3-3, 3-8-2; a LAN guest's game does not even hold them)."""
        card = self.game.state.cards.get(iid) if isinstance(iid, int) else None
        return card is None or (card.owner != self.viewer and card.zone in ("hand", "deck", "burst"))

    def _name(self, iid) -> str:
        """A card's name as the seat at the board may know it ("their face-down burst", "a card" otherwise)."""
        if self._hidden(iid):
            card = self.game.state.cards.get(iid) if isinstance(iid, int) else None
            return "their face-down burst" if card is not None and card.zone == "burst" else "a card"
        return self.game.db[self.game.state.cards[iid].cid].name

    def _update_decision(self) -> None:
        game = self.game
        pend = game.pending
        legal = game.legal_commands() if self.my_decision() else []
        highlight, draggable, piles = set(), set(), set()
        buttons, text = [], None
        if pend is None:
            r = game.result
            self._idle("<b>Game over.</b> " + ("A draw." if r.winner is None else
                                               f"{self.winner_text(r)}: {self.named(r.reason)}."))
            return
        who = "You" if pend.player == self.viewer and not self.hotseat else self._player_name(pend.player)
        if self.covered:  # hot-seat: nothing to answer until the next player has taken the seat
            self._idle(f"Waiting for <b>{who}</b> to take the seat.")
            return
        if not self.my_decision():
            self._idle(f"Waiting for <b>{who}</b>: {self._their(pend)}")
            return
        me = self.viewer
        for c in legal:
            if isinstance(c, PLAY + (SetBurst,)):
                highlight.add(c.card)
                draggable.add(c.card)
            elif isinstance(c, (Attack,)):
                highlight.add(c.spirit)
                draggable.add(c.spirit)
            elif isinstance(c, Block) and c.spirit is not None:
                highlight.add(c.spirit)
                draggable.add(c.spirit)
            elif isinstance(c, (Activate, Awaken)):
                highlight.add(c.card)
        kind = pend.kind
        if kind == "mulligan":
            buttons = [("Keep (draw 1)", Mulligan(me, False), self.keys["keep"], True),
                       ("Mulligan", Mulligan(me, True), self.keys["mulligan"], False)]
        elif kind == "main":
            buttons = [("End main step", EndMain(me), self.keys["end_step"], True)]
            piles.add(("reserve", me))
        elif kind == "attack":
            buttons = [("End attack step", EndAttack(me), self.keys["end_step"], True)]
        elif kind == "flash":
            buttons = [("Pass", Pass(me), self.keys["pass"], True)]
        elif kind == "block":
            no_block = Block(me, None)
            buttons = [("No block", no_block if no_block in legal else None, self.keys["no_block"], True)]
        if not (kind == "choose" and pend.info.get("kind") == "cores"):
            self._drop_choice_panel()
        if kind == "choose":
            buttons, note = self._choice_buttons(pend, legal, highlight)
            if note:
                text = f"<b>{who}</b>: {self._what(pend)}<br><span style='color:#fca5a5'>{note}</span>"
        self.bar.set_state(text or f"<b>{who}</b>: {self._what(pend)}", buttons)
        self._show_tray(pend if kind == "choose" else None)
        self.scene.set_highlights(highlight, piles, self.selection)
        self.scene.set_draggable(draggable | set(game.state.players[me].hand) if kind == "main" else draggable)
        if self._hint is not None:  # the buttons may have been made anew: the hinted one is marked again
            self._apply_hint()

    def _idle(self, text: str) -> None:
        """Nothing for the viewer to answer: the bar says what the game waits for, no card is offered."""
        self._drop_choice_panel()
        self.bar.set_state(text, [])
        self._show_tray(None)
        self.scene.set_highlights()
        self.scene.set_draggable(())

    def _choice_buttons(self, pend, legal, highlight: set) -> tuple[list, str]:
        """The buttons answering a choice inside an effect, and a note under the prompt ("" for none)."""
        from bss_desktop.client.decisions import choice_text as ct

        me, info = self.viewer, pend.info
        ck = info["kind"]
        answers = [c for c in legal if isinstance(c, Choose)]
        if ck == "may":  # Yes is greyed where it cannot be chosen (a burst whose condition is not met, CR 10-9)
            yes = Choose(me, True)
            return [("Yes", yes if yes in legal else None, self.keys["yes"], True),
                    ("No", Choose(me, False), self.keys["no"], False)], ""
        if ck == "x":
            return [(f"X = {x}", Choose(me, x), None, False) for x in info["options"]], ""
        if ck == "order":
            buttons = []
            for i, (ts, text) in enumerate(self._order_options(info)):
                buttons.append((f"{i + 1}. {ct.shorten(text)} — first", Choose(me, ts), None, False, text))
            return buttons, ""
        if ck == "substitute":
            sources = info.get("sources") or [None] * len(info["options"])
            buttons = []
            for i in info["options"]:
                src = sources[i] if isinstance(i, int) and i < len(sources) else None
                label, tip = ct.substitute_option(self.game, src, i)
                buttons.append((label, Choose(me, i), None, i == 0, tip))
                if src is not None:
                    highlight.add(src)
            buttons.append(("Let it be destroyed", Choose(me, None), None, False))
            return buttons, ""
        if ck == "effect":  # CR 10-8-3: the effects of the magic card usable now
            buttons = []
            for n, i in enumerate(info["options"]):
                text = ct.effect_option(self.game, info.get("source"), i)
                cmd = Choose(me, i)
                buttons.append((ct.shorten(text), cmd if cmd in legal or not answers else None, None, n == 0, text))
            return buttons, ""
        if ck == "cores":  # CR 8-5-6: regular cores, or the soul core among them
            default = ct.default_cores(answers)
            if len(answers) > 3:  # many answers (several places): how many from each, rather than a row of buttons
                self._cores_panel(pend, answers, default)
                return [], ""
            ordered = ([default] if default is not None else []) + [c for c in answers if c is not default]
            return [(ct.cores_label(self.game, info, c.value), c, self.keys["confirm"] if c is default else None,
                     c is default) for c in ordered], ""
        if ck == "target":
            highlight |= set(info["options"])
            n = len(self.selection)
            ok = info["min"] <= n <= info["max"]
            note = ""
            limit = info.get("limit")
            if limit is not None:  # the chosen cards' combined BP (or cost: limit_by) may be at most `limit`
                total = self._total_limited(info, self.selection)
                if total > limit:
                    ok = False
                    note = f"Combined {self._limit_word(info)} {total} is over {limit}: take a card back to confirm."
            tip = note or ("" if ok else f"choose {info['min']} to {info['max']} card(s)")
            return [(f"Confirm ({n} chosen)", Choose(me, tuple(self.selection)) if ok else None,
                     self.keys["confirm"], True, tip)], note
        return [], ""

    @staticmethod
    def _limit_word(info: dict) -> str:
        return "cost" if info.get("limit_by") == "cost" else "BP"

    def _total_limited(self, info: dict, keys) -> int:
        """The chosen cards' combined BP, or their combined printed cost when the choice limits that."""
        if info.get("limit_by") != "cost":
            return self._total_bp(keys)
        total = 0
        for k in keys:
            try:
                total += int(self.game.db[self.game.state.cards[k].cid].cost or 0)
            except (KeyError, TypeError, AttributeError):
                pass
        return total

    def _total_bp(self, keys) -> int:
        total = 0
        for k in keys:
            try:
                total += int(self.game.bp(k) or 0)
            except (KeyError, TypeError, AttributeError):
                pass
        return total

    def _cores_panel(self, pend, answers, default) -> None:
        """A "cores" choice with many answers: how many from each place, in the decision bar."""
        from bss_desktop.client.decisions import choice_text as ct
        from bss_desktop.client.decisions.choice_picker import CoresPanel

        key = (pend.player, repr(pend.info))
        if self._choice_panel is not None and self.bar.panel is self._choice_panel and self._choice_panel_key == key:
            return
        who = "You" if not self.hotseat else self._player_name(pend.player)
        panel = CoresPanel(f"<b>{who}</b>: {self._what(pend)} — how many from each place?", pend.info, answers,
                           default, lambda place: ct.place_name(self.game, place), self.keys["confirm"])
        panel.chosen.connect(self.send)
        self._choice_panel, self._choice_panel_key = panel, key
        self.bar.set_panel(panel)

    def _drop_choice_panel(self) -> None:
        if self._choice_panel is not None:
            if self.bar.panel is self._choice_panel:
                self.bar.set_panel(None)
            self._choice_panel = None

    # ------------------------------------------------------------------ the tray of cards the board does not draw

    def _tray_options(self, pend) -> list:
        """The options of the viewer's target choice to show as card faces: all but the field cards, when any
        option has no card on the board (a deck's revealed or looked-at cards, a trash below its top card)."""
        if pend is None or pend.kind != "choose" or pend.info.get("kind") != "target" or not self.my_decision() \
                or self.covered:
            return []
        options = list(pend.info["options"])
        cards = self.game.state.cards
        if all(k in self.scene.cards for k in options):
            return []
        return [k for k in options if getattr(cards.get(k), "zone", None) != "field"]

    def _note_seen(self, events) -> None:
        """An effect let a player at this screen look at cards (CR 12-3-1: a deck's top cards, the opponent's
        hand): they are shown to that player until their next action — the log names them only where nobody
        else may be reading it."""
        seen = []
        for e in events:
            d = e.data
            if e.kind != "look" or not d.get("cards") or self.seats[d["player"]] != "human":
                continue
            mine = d.get("owner", d["player"]) == d["player"]
            whose = "your" if mine else "opponent's"
            where = f"{whose} {'hand' if d.get('zone') == 'hand' else 'deck'}"
            seen = [s for s in seen if s[0] == d["player"]] + [(d["player"], k, where) for k in d["cards"]]
        self._seen = (seen[0][0], [(k, where) for _, k, where in seen]) if seen else None

    def _show_seen(self) -> bool:
        """The cards the viewer just looked at, in the tray (nothing to choose); whether it shows them."""
        from bss_desktop.client.decisions.choice_text import card_def

        if self._seen is None or self._seen[0] != self.viewer or self.covered or self.seats[self.viewer] != "human":
            return False
        entries = [(k, card_def(self.game, k), where) for k, where in self._seen[1]]
        self._tray_keys = {k for k, _ in self._seen[1]}
        self.bar.show_cards("<b>You looked at</b> these cards (only you see them; CR 12-3-1) — until your next "
                            "action", entries, (), self.scene.faces, selectable=False)
        return True

    def _show_tray(self, pend) -> None:
        from bss_desktop.client.decisions import choice_text as ct

        keys = self._tray_options(pend)
        self._tray_keys = set(keys)
        if not keys:
            if not self._show_seen():
                self.bar.hide_cards()
            return
        seen = self._seen[1] if self._seen is not None and self._seen[0] == self.viewer else []
        if seen and set(keys) <= {k for k, _ in seen}:
            # the options are among cards the player just looked at: all of those show, the others greyed
            self._tray_keys = {k for k, _ in seen}
            self.bar.show_cards(f"<b>You looked at</b> {len(seen)} card(s) (only you see them)<br>click a "
                                "bright one to choose it", [(k, ct.card_def(self.game, k), where, k in keys)
                                                           for k, where in seen],
                                self.selection, self.scene.faces)
            return
        entries, places = [], []
        for n, k in enumerate(keys):
            card = ct.card_def(self.game, k)
            # a card this board was never told (a LAN guest is not given the identity of a card a search revealed
            # once it is back among the deck's hidden cards): face down, named by its place among the options
            place = ct.option_place(self.game, k, self.viewer) if card is not None else f"option {n + 1}"
            places.append(place if card is not None else "")
            entries.append((k, card, place))
        self.bar.show_cards(f"<b>{ct.tray_title(places)}</b><br>click to choose; hold the middle button to see "
                            "one large", entries, self.selection, self.scene.faces)

    def on_tray_hovered(self, key) -> None:
        if self.covered or key not in self._tray_keys:
            return
        from bss_desktop.client.decisions.choice_text import card_def

        card = card_def(self.game, key)
        if card is not None:
            self._hover_key = key
            self.hovered.emit(card, None)

    def on_tray_zoom(self, key, held: bool) -> None:
        """The middle button held on a card of the tray: the card full size over the board, as on the board."""
        from PySide6.QtCore import QRectF

        from bss_desktop.client.board.layout import CARD_H, CARD_W
        from bss_desktop.client.board.scene import ZOOM_HEIGHT
        from bss_desktop.client.decisions.choice_text import card_def

        scene = self.scene
        card = card_def(self.game, key) if key in self._tray_keys and not self.covered else None
        if not held or card is None:
            scene.hide_zoom()
            return
        area = scene.visible_rect()
        h = min(ZOOM_HEIGHT, area.height() * 0.92)
        w = h * CARD_W / CARD_H
        x, y = area.center().x() - w / 2, area.center().y() - h / 2
        scale, dpr = scene._view_scale()
        pix = scene.faces.get(card, max(1, round(w * scale)), max(1, round(h * scale)), dpr=dpr)
        scene.zoom.show_face(key, pix, QRectF(x, y, w, h))

    def named(self, text: str) -> str:
        """The engine's "player 1" / "Player 2" as the players' names ("Aki", "You", "The computer")."""
        import re

        def name(m):
            who = self._player_name(int(m.group(1)) - 1)
            return who if m.start() == 0 or who not in ("You", "The computer") else who[0].lower() + who[1:]

        return re.sub(r"\b[Pp]layer ([12])\b", name, text)

    def winner_text(self, r) -> str:
        """"You win" / "The computer wins" / "Alice wins" / "Player 2 wins" (hot-seat)."""
        if r.winner is None:
            return "A draw"
        name = self._player_name(r.winner)
        return "You win" if name == "You" else f"{name} wins"

    def _order_options(self, info) -> list:
        """(ts, "Card: the effect's text") for each effect waiting to be ordered (CR 8-5-2-4): two effects of
        one card read differently."""
        from bss_desktop.carddb.card_text import effect_text, keyword_text

        queue = {a.ts: a for a in getattr(self.game.state, "queue", ())}
        sources = info.get("sources") or [None] * len(info["options"])
        out = []
        for ts, src in zip(info["options"], sources):
            name = self._name(src)
            a = queue.get(ts)
            card = self.game.card_def(a.source) if a is not None and not self._hidden(a.source) else None
            what = ""
            if a is not None and card is not None:
                kind, key = a.ref[0], a.ref[1]  # (a substitution's or a `later` part's ref has a third item)
                if kind in ("effect", "burst") and isinstance(key, int) and key < len(card.effects):
                    what = effect_text(card.effects[key], card)
                elif kind == "keyword":
                    kw = next((k for k in card.keywords if k.name == key), None)
                    what = keyword_text(kw) if kw is not None else str(key)
            out.append((ts, f"{name}: {what}" if what else name))
        return out

    def _their(self, pend) -> str:
        """What the other player (the computer, the LAN opponent) is deciding: said shortly, not as instructions."""
        k = pend.kind
        if k == "mulligan":
            return "keep the opening hand or mulligan (CR 5-2-7)"
        if k in ("main", "attack"):
            return f"{k} step"
        if k == "flash":
            return f"flash window {'before' if pend.info['window'] == 1 else 'after'} blocking"
        if k == "block":
            return f"{self._name(pend.info['attacker'])} attacks — block or take the damage?"
        src = pend.info.get("source")
        if pend.info.get("kind") == "may" and src is not None and self._hidden(src):  # their set burst (CR 3-8-2)
            return "whether to activate their face-down burst (CR 10-9-3)"
        return self._what(pend)

    def _what(self, pend) -> str:
        k = pend.kind
        profile = self.game.profile
        if k == "mulligan":  # the game's own opening (its profile's setup), in its own rule numbers
            from bss_desktop.table.opening import rule

            setup = profile.setup
            keep = "keep this opening hand" + (f" and draw {setup['keep_bonus']}" if setup["keep_bonus"] else "")
            how = ("hand to the bottom, draw {}" if setup["mulligan"]["procedure"] == "bottom_then_shuffle"
                   else "hand shuffled into the deck, then draw {}").format(setup["hand"])
            return f"{keep}, or mulligan ({how}) — {rule(profile)}"
        if k == "main":
            burst = ", a burst card onto your burst area" if "burst" in profile.zones else ""
            return (f"{profile.step_label(self.game.state.step).lower()} step — drag a spirit or nexus onto your field, a "
                    f"magic card onto the Use area{burst}; drag cores between your reserve and your cards")
        if k == "attack":
            return "attack step — double-click or drag a refreshed spirit forward to attack"
        if k == "flash":
            return f"flash window {'before' if pend.info['window'] == 1 else 'after'} blocking — use a flash effect or pass"
        if k == "block":
            return f"{self._name(pend.info['attacker'])} attacks — double-click a refreshed spirit to block, or take the damage"
        import html

        info = pend.info
        name = self._name(info["source"]) if info.get("source") is not None else None
        src = f" ({html.escape(name, quote=False)})" if name else ""
        prompt = html.escape(str(info.get("prompt") or ""), quote=False)
        ck = info["kind"]
        if ck == "target":
            n = info["min"] if info["min"] == info["max"] else f"{info['min']} to {info['max']}"
            where = "highlighted card(s)"
            if self._tray_options(pend):
                where = "card(s) — shown above" if len(self._tray_options(pend)) == len(info["options"]) else \
                    "card(s), highlighted or shown above"
            limit = info.get("limit")
            total = f" — combined {self._limit_word(info)} at most {limit} (chosen: " \
                f"{self._total_limited(info, self.selection)})" if limit is not None else ""
            return f"choose {n} {where}: {prompt}{src}{total}"
        if ck == "order":
            return "several effects activated at once: choose which resolves first (CR 8-5-2-4) — hover a button " \
                   "for the effect's whole text"
        if ck == "effect":
            from bss_desktop.client.decisions.choice_text import SHORT, effect_option

            long = any(len(effect_option(self.game, info.get("source"), i)) > SHORT for i in info["options"])
            card = html.escape(name or "this magic card", quote=False)
            return f"{card} has several effects you can use now: choose one " \
                   f"(CR 10-8-3){' — hover a button for its whole text' if long else ''}"
        if ck == "substitute":
            return f"{prompt} Choose the effect that replaces its destruction, or let it be destroyed (CR 8-9-2)."
        if ck == "cores":
            return f"{prompt}{src}"
        if ck == "may" and name:
            return f"{html.escape(name, quote=False)} — {prompt}"
        return f"{prompt}{src}"

    # ------------------------------------------------------------------ gestures

    def _legal_for(self, key) -> list:
        out = []
        for c in self.game.legal_commands() if self.my_decision() else []:
            if getattr(c, "card", None) == key or getattr(c, "spirit", None) == key:
                out.append(c)
        return out

    def _card_zone(self, key):
        card = self.game.state.cards.get(key) if isinstance(key, int) else None
        if card is None or card.owner != self.viewer:
            return None
        return card.zone

    def on_card_dropped(self, key, zone: str, side: str) -> None:
        if not self.my_decision():
            self.status.emit("It is not your decision now.")
            return
        where = self._card_zone(key)
        me = self.viewer
        if where == "hand":
            card = self.game.db[self.game.state.cards[key].cid]
            if zone == "burst" and side == "bottom":
                self.send(SetBurst(me, key))
            elif zone == "use" and card.type == "magic":
                self.play(key)
            elif zone == "use":
                self.status.emit(f"{card.name} is a {card.type}: drop it on your field.")
            elif zone == "field" and side == "bottom" or (zone == "field" and card.type == "magic"):
                self.play(key)
            else:
                burst = ", a burst card on your burst area" if "burst" in self.game.profile.zones else ""
                self.status.emit(f"Drop a spirit or nexus on your field, a magic card on the Use area{burst}.")
        elif where == "field":
            pend = self.game.pending
            if pend.kind == "attack" and side == "top":
                self.send(Attack(me, key))
            elif pend.kind == "block":
                self.send(Block(me, key))
            else:
                self.status.emit("Drag a refreshed spirit towards your opponent to attack with it.")

    def play(self, key) -> bool:
        """Play a hand card: open the payment panel (pre-filled with the automatic payment; Enter accepts).

        【Ascend】 and 【Swift】 summons, and cards that cost nothing to pay or place, go straight ahead.
        """
        me = self.viewer
        card = self.game.db[self.game.state.cards[key].cid]
        cmd = {"spirit": Summon, "nexus": PlaceNexus, "magic": UseMagic}[card.type](me, key)
        plays = [c for c in self._legal_for(key) if isinstance(c, PLAY)]
        if not plays:
            # not playable now (too few cores, wrong step, …): the engine refuses the plain command and names the
            # rule, and the card goes back where it was, as every other refusal does
            return self.send(cmd)
        special = any(k.name in ("ascend", "swift") for k in card.keywords)
        needs = self.game.cost_of(key) + (card.lv1_cores if card.type != "magic" else 0)
        if special or needs == 0 or self.quick_pay and self._plain(plays) and not self._auto_destroys(plays):
            return self.send(cmd)
        from bss_desktop.client.decisions.payment import PaymentPanel

        panel = PaymentPanel(self.game, cmd)
        panel.confirmed.connect(self._pay)
        panel.cancelled.connect(lambda: self.bar.set_panel(None))
        self.bar.set_panel(panel)
        # the card panel shows the card being paid for while the payment is open, whatever the pointer crosses
        self._hover_key = key
        self.hovered.emit(card, None)
        return True

    def _paying(self) -> bool:
        """A payment panel is open (the card panel keeps the card paid for)."""
        from bss_desktop.client.decisions.payment import PaymentPanel

        return isinstance(self.bar.panel, PaymentPanel)

    def _plain(self, plays) -> bool:
        """Whether one of a card's legal plays is paid the plain way, which "pay automatically" sends: not only with
        a game's own way to pay (Standard's 《Succession》 or 《Soul Magic》), which the payment panel offers."""
        game = self.game
        return any(not getattr(c, "exile", ()) and not (
            isinstance(c, UseMagic) and c.pay == () and c.pay_soul and game.soul_magic_ok(c) and game.cost_of(c.card) > 1)
            for c in plays)

    def _auto_destroys(self, plays) -> bool:
        """Whether the automatic payment of these legal plays of a card would self-destroy a card of the player's
        (CR 10-1-1-1): then even "pay automatically" opens the payment panel, which names them."""
        from bss_desktop.rules.bss.costs import destroyed_by_payment

        for c in plays:
            if c.pay is not None:
                place = getattr(c, "place", None) or ()
                if destroyed_by_payment(self.game, self.viewer, c.pay, c.pay_soul, place,
                                        getattr(c, "place_soul", False)):
                    return True
        return False

    def _pay(self, cmd) -> None:
        if self.send(cmd):
            self.bar.set_panel(None)

    def on_card_activated(self, key) -> None:
        if not self.my_decision():
            return
        where = self._card_zone(key)
        pend = self.game.pending
        if where == "hand" and pend.kind in ("main", "flash"):
            self.play(key)
        elif where == "field":
            if pend.kind == "attack":
                self.send(Attack(self.viewer, key))
            elif pend.kind == "block":
                self.send(Block(self.viewer, key))

    def on_card_clicked(self, key) -> None:
        pend = self.game.pending
        if not self.my_decision() or pend.kind != "choose" or pend.info["kind"] != "target":
            return
        if key not in pend.info["options"]:
            return
        if key in self.selection:
            self.selection.remove(key)
        elif len(self.selection) < pend.info["max"]:
            self.selection.append(key)
        elif pend.info["max"] == 1:  # one card to choose: a click on another one changes the choice
            self.selection = [key]
        self._update_decision()

    def on_card_hovered(self, key) -> None:
        if self.covered or self._paying():
            return
        card = self.game.state.cards.get(key) if isinstance(key, int) else None
        if card is None or not self._visible(card):
            return
        self._hover_key = key
        self.hovered.emit(self.game.db[card.cid], self._field_info(key, card))

    def _visible(self, card) -> bool:
        """Public (field, trash, an opened burst) or the viewer's own card (hand, own burst) — CR 3-1-2."""
        return card.zone in ("field", "trash", "resolving") or card.owner == self.viewer and card.zone != "deck"

    def _field_info(self, key, card):
        if card.zone != "field":
            return None
        return {"level": self.game.level(key),
                "bp": self.game.bp(key) if self.game.db[card.cid].type == "spirit" else None}

    def _refresh_preview(self) -> None:
        """The card panel follows the game: a level or BP that changed shows at once, not on the next hover;
        a card that became hidden from the viewer leaves the panel."""
        key = self._hover_key
        if key is None:
            return
        card = self.game.state.cards.get(key) if isinstance(key, int) else None
        if card is None or not (self._visible(card) or key in self._tray_keys) or self.covered:
            self._hover_key = None
            self.unhovered.emit()
            return
        self.hovered.emit(self.game.db[card.cid], self._field_info(key, card))

    def _core_loc(self, ref):
        """A core place of the viewer's as the engine names it, or None."""
        if ref[0] == "card":
            return ref[1] if self._card_zone(ref[1]) == "field" else None
        _, loc, owner = ref
        if owner == self.viewer and loc == "reserve":
            return "reserve"
        return ("other", loc)

    def _may_move_by_hand(self) -> bool:
        """Manual moves are the deciding player's, between actions (not inside an effect's choices, nor before
        the opening hands are kept) — CR 1-3-1 as the engine applies it."""
        return self.my_decision() and not self.covered and self.game.pending.kind not in ("choose", "mulligan")

    def on_cores_dropped(self, src, dst, how: str, count: int | None = None) -> None:
        if not self.my_decision():
            self.status.emit("It is not your decision now.")
            return
        me = self.viewer
        s, d = self._core_loc(src), self._core_loc(dst)
        if s is None or d is None or isinstance(s, tuple) or isinstance(d, tuple):
            self.status.emit("Cores move only among your reserve and your field cards — CR 6-6-1-2-3")
            return
        st = self.game.state
        regular = st.players[me].reserve if s == "reserve" else st.cards[s].cores
        soul_here = st.players[me].soul == s
        if how == "ask" and count is None:
            ask_count(self.bar, regular + soul_here, lambda n: self.on_cores_dropped(src, dst, "ask", n))
            return
        whole = how == "all" or (how == "ask" and count >= regular + soul_here)
        count = regular if whole else min(regular, count if how == "ask" else 1)
        soul = soul_here and (whole or regular == 0)
        pend = self.game.pending
        if pend.kind == "flash" and isinstance(d, int) and isinstance(s, int):  # 【Awaken】 (CR 11-1-1)
            self.send(Awaken(me, d, ((s, count),), soul))
            return
        self.send(MoveCores(me, (CoreMove(s, d, count, soul),)))

    def on_context(self, ref, screen_pos) -> None:
        """The legal commands for this piece, then "by hand" moves for resolving text the engine does not
        automate (logged as manual). A popup menu: never exec(), which would nest an event loop."""
        if ref[0] != "card":
            return
        key = ref[1]
        options = self._legal_for(key)
        menu = QMenu()
        if isinstance(key, tuple) and key[0] == "deck" and key[1] == self.viewer and self._may_move_by_hand():
            manual = menu.addMenu("By hand (for text resolved manually)")
            manual.addAction("Look at the top cards of your deck…").triggered.connect(
                lambda: self.ask_look(self.viewer, 3, shuffle=True))
            manual.addAction("Search your whole deck…").triggered.connect(
                lambda: self.ask_look(self.viewer, 0, shuffle=True))
        for c in options:
            menu.addAction(_label(c, self._name)).triggered.connect(lambda _=False, cmd=c: self.send(cmd))
        card = self.game.state.cards.get(key) if isinstance(key, int) else None
        if card is not None and self._may_move_by_hand():
            manual = menu.addMenu("By hand (for text resolved manually)")
            whose = "your" if card.owner == self.viewer else "its owner's"
            for zone in ("hand", "field", "trash", "deck"):
                if zone != card.zone:
                    label = f"To {whose} {'deck (bottom)' if zone == 'deck' else zone}"
                    action = manual.addAction(label)
                    action.triggered.connect(lambda _=False, z=zone: self.send(
                        ManualMove(self.viewer, key, z, z == "deck")))
            if card.zone == "field":
                manual.addAction("Refresh" if card.exhausted else "Exhaust").triggered.connect(
                    lambda: self.send(ManualExhaust(self.viewer, key, not card.exhausted)))
        if menu.isEmpty():
            self.status.emit("Nothing to do with this card now.")
            return
        self._menu = menu
        menu.popup(screen_pos)


def in_use(game) -> list[tuple]:
    """The magic cards being used (CR 10-8: from their use until they go to the trash) and the cards waiting in a
    pending state (Standard: destroyed or depleted, while the effects their leaving triggered resolve), as (key,
    card id, owner, zone) for the board's Use area. A LAN guest's game knows no magic being used: it shows in the log."""
    return [(key, c.cid, c.owner, c.zone) for key, c in game.state.cards.items()
            if getattr(c, "zone", None) in ("resolving", "pending")]


def hint_for(game, seat: int, seed: int):
    """(what the Hard level would do in `seat`'s place, "hard") — on the worker thread; while a level is not in this
    version, the strongest one there is says it (and which one it was)."""
    from bss_desktop import ai

    try:
        return ai.hint(game, seat, seed), "hard"
    except ImportError:
        pass
    for level in ("normal", "easy"):
        try:
            player = ai.make_player(level, seat, seed)
        except ImportError:
            continue
        return player.choose(game), level
    raise RuntimeError("no computer level is available")


def ask_count(bar, most: int, then) -> None:
    """Ask in the decision bar how many cores to move (Ctrl-drag), then call then(n)."""
    from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QSpinBox, QWidget

    panel = QWidget()
    lay = QHBoxLayout(panel)
    lay.setContentsMargins(0, 0, 0, 0)
    lay.addWidget(QLabel(f"Move how many cores? (1 to {most})"))
    spin = QSpinBox()
    spin.setRange(1, max(1, most))
    spin.setValue(max(1, most))
    lay.addWidget(spin)
    ok = QPushButton("Move  [Enter]")
    cancel = QPushButton("Cancel")
    lay.addWidget(ok)
    lay.addWidget(cancel)
    lay.addStretch(1)

    def done():
        n = spin.value()
        bar.set_panel(None)
        then(n)

    ok.clicked.connect(done)
    spin.lineEdit().returnPressed.connect(done)
    cancel.clicked.connect(lambda: bar.set_panel(None))
    bar.set_panel(panel)
    panel.spin, panel.ok = spin, ok


def _label(cmd, name) -> str:
    if isinstance(cmd, Summon):
        return f"Summon {name(cmd.card)}"
    if isinstance(cmd, PlaceNexus):
        return f"Place {name(cmd.card)}"
    if isinstance(cmd, UseMagic):
        return f"Use {name(cmd.card)}"
    if isinstance(cmd, SetBurst):
        return f"Set {name(cmd.card)} as your burst"
    if isinstance(cmd, Attack):
        return f"Attack with {name(cmd.spirit)}"
    if isinstance(cmd, Block):
        return f"Block with {name(cmd.spirit)}"
    if isinstance(cmd, Activate):
        return f"Activate effect {cmd.effect + 1} of {name(cmd.card)}"
    if isinstance(cmd, Awaken):
        return f"【Awaken】 {name(cmd.card)}"
    return cmd.kind
