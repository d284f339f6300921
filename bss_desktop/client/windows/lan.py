"""Hosting and joining LAN games from the app: the two small windows, and the wiring of a session to a board.

Both windows run their network work as asyncio tasks on the app's qasync loop;
nothing here blocks or nests an event loop. Discovery is off unless the player
ticks it (it uses UDP broadcast on the local network); joining by address:port
always works.
"""
from __future__ import annotations

import asyncio
import html
import logging

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QCheckBox, QComboBox, QFormLayout, QHBoxLayout, QLabel, QLineEdit, QListWidget,
                               QListWidgetItem, QPushButton, QSpinBox, QVBoxLayout, QWidget)

log = logging.getLogger(__name__)

DEFAULT_PORT = 47000
HONESTY = ("Fair play: the seed comes from both machines' secret shares and every command is hash-chained; at the "
           "end the guest rebuilds the whole game from the seed and both deck lists and checks everything it was "
           "shown, its own commands and the result. A host that breaks deals off to pick a better one is counted "
           "and named. What no audit can rule out: the host's program reading its own memory (the guest's hand, "
           "the order of both decks).")


def local_addresses() -> list[str]:
    """This machine's IPv4 addresses on its network interfaces (read locally; nothing is sent)."""
    from PySide6.QtNetwork import QAbstractSocket, QNetworkInterface

    return sorted(a.toString() for a in QNetworkInterface.allAddresses()
                  if a.protocol() == QAbstractSocket.NetworkLayerProtocol.IPv4Protocol and not a.isLoopback())


def _last_lines(edit, n: int) -> list[str]:
    """The last n lines of a QPlainTextEdit (read from its end: a long game log is not copied whole)."""
    doc = edit.document()
    if doc.isEmpty():
        return []
    out = []
    block = doc.lastBlock()
    while block.isValid() and len(out) < n:
        out.append(block.text())
        block = block.previous()
    return out[::-1]


class _LanForm(QWidget):
    """Name and deck, shared by both windows; the name is remembered (settings.lan_name)."""

    def __init__(self, title: str, decks: dict, settings=None, profile=None):
        super().__init__()
        self.profile = profile  # the game (table/profile.py); None: Battle Spirits Saga
        if profile is not None and profile.id != "bss":
            title = f"{title} of {profile.name}"
        self.setWindowTitle(title)
        self.decks = decks
        self.settings = settings
        self.lay = QVBoxLayout(self)
        self.form = QFormLayout()
        self.name = QLineEdit("Player")
        self.name.setMaxLength(40)
        remembered = getattr(settings, "lan_name", "") if settings is not None else ""
        if isinstance(remembered, str) and remembered.strip():
            self.name.setText(remembered.strip()[:40])
        self.deck = QComboBox()
        for n in sorted(decks, key=lambda n: (not n.endswith("saga"), n)):
            self.deck.addItem(f"{decks[n].name}  ({n})", n)
        self.form.addRow("Your name", self.name)
        self.form.addRow("Your deck", self.deck)
        self.lay.addLayout(self.form)
        self.sandbox = QCheckBox("Sandbox: free moves, nothing enforced, undo by agreement (both players tick it)")
        from bss_desktop.table.profiles import with_rules

        if profile is not None and with_rules(profile).rules is None:  # no rules module: played in its sandbox
            self.sandbox.setChecked(True)
            self.sandbox.setEnabled(False)
            self.sandbox.setToolTip(f"{profile.name} has no rules module yet: its LAN games are sandboxes")
        self.lay.addWidget(self.sandbox)
        self.info = QLabel()
        self.info.setWordWrap(True)
        self.info.setTextInteractionFlags(Qt.TextSelectableByMouse)
        self.tasks: list[asyncio.Task] = []
        # the question about card definitions (net/cards.py): the other player lacks cards of your deck, or
        # offers definitions of cards you lack. Plain text: card names come from the other player.
        self.cards_panel = QWidget()
        panel = QVBoxLayout(self.cards_panel)
        panel.setContentsMargins(0, 0, 0, 0)
        self.cards_question = QLabel()
        self.cards_question.setTextFormat(Qt.PlainText)
        self.cards_question.setWordWrap(True)
        self.cards_question.setTextInteractionFlags(Qt.TextSelectableByMouse)
        panel.addWidget(self.cards_question)
        row = QHBoxLayout()
        self.cards_yes, self.cards_no = QPushButton(), QPushButton()
        self.cards_yes.clicked.connect(lambda: self._answer_cards(True))
        self.cards_no.clicked.connect(lambda: self._answer_cards(False))
        row.addWidget(self.cards_yes)
        row.addWidget(self.cards_no)
        row.addStretch(1)
        panel.addLayout(row)
        self.cards_panel.hide()
        self.cards_note = QLabel()  # what became of the exchange (plain text, for the same reason)
        self.cards_note.setTextFormat(Qt.PlainText)
        self.cards_note.setWordWrap(True)
        self.cards_note.hide()
        self._cards_answer: asyncio.Future | None = None
        self._cards_lock: asyncio.Lock | None = None

    async def ask_cards(self, kind: str, items, peer: str) -> bool:
        """Ask this player about card definitions (net/cards.py `ask`): "send" the ones the other player lacks,
        or "receive" the ones it offers. One question at a time; closing the window answers no."""
        from bss_desktop.net.cards import question

        if self._cards_lock is None:
            self._cards_lock = asyncio.Lock()
        async with self._cards_lock:
            self._cards_answer = asyncio.get_running_loop().create_future()
            self.cards_question.setText(question(kind, items, peer))
            send = kind == "send"
            self.cards_yes.setText("Send the definitions" if send else "Use them for this game")
            self.cards_no.setText("Don't send (no game)" if send else "Decline (no game)")
            self.cards_panel.show()
            self.cards_yes.setFocus()
            try:
                return await self._cards_answer
            finally:
                self._cards_answer = None
                self.cards_panel.hide()

    def _answer_cards(self, yes: bool) -> None:
        fut = self._cards_answer
        if fut is not None and not fut.done():
            fut.set_result(yes)

    def cards_status(self, text: str) -> None:
        """News of the card exchange (and of the connection) before the game opens."""
        self.cards_note.setText(text)
        self.cards_note.show()

    def ruleset(self):
        """The player's rules settings, with the sandbox box applied (the handshake compares both sides')."""
        from dataclasses import replace

        from bss_desktop.engine.settings import Ruleset

        base = self.settings.ruleset() if self.settings is not None else Ruleset()
        return replace(base, sandbox=self.sandbox.isChecked())

    def chosen_deck(self) -> tuple[str, list[str]]:
        name = self.deck.currentData()
        return name, list(self.decks[name].cards)

    def chosen_side(self) -> list[str]:
        """The chosen deck's side section (a game whose profile has one: Battle of Souls' side deck, Eternal's
        token cards)."""
        return list(getattr(self.decks[self.deck.currentData()], "side", None) or ())

    def played_profile(self):
        """The game as this LAN game plays it: by hand in a sandbox, else by its rules module
        (table/profiles.py RULES_APART)."""
        from bss_desktop.table.profiles import with_rules

        if self.profile is None or self.sandbox.isChecked():
            return self.profile
        return with_rules(self.profile)

    def plays_a_match(self) -> bool:
        """A game played in matches (its profile's `match:`, Battle of Souls: best of 3), by hand or by its rules:
        over the LAN each battle is a game of its own, and between battles each machine makes its player's choices
        (net/match.py)."""
        m = getattr(self.profile, "match", None) or {}
        return m.get("best_of", 1) > 1

    def remember(self, **fields) -> None:
        """Keep the player's name (and the address joined) in the settings for the next time."""
        if self.settings is None:
            return
        fields["lan_name"] = self.name.text().strip()
        for key, value in fields.items():
            if hasattr(self.settings, key):
                setattr(self.settings, key, value)
        try:
            self.settings.save()
        except OSError as e:  # not worth stopping the game for
            log.warning("could not save the settings: %s", e)

    def _task(self, coro) -> asyncio.Task:
        task = asyncio.ensure_future(coro)
        self.tasks.append(task)
        return task

    def closeEvent(self, event) -> None:
        self.stop()
        super().closeEvent(event)

    def stop(self) -> None:
        self._answer_cards(False)
        for t in self.tasks:
            t.cancel()
        self.tasks = []


class HostWindow(_LanForm):
    """Host: listen on a port, wait for a guest, then open the board with this machine's engine arbitrating."""

    gameOpened = Signal(object)  # the GameWindow

    def __init__(self, db, decks, settings=None, *, bind: str = "0.0.0.0", port: int = DEFAULT_PORT,
                 discovery_target=None, autosave=None, profile=None):
        super().__init__("Host a LAN game", decks, settings, profile)
        self.db, self.bind, self.autosave = db, bind, autosave
        self.discovery_target = discovery_target
        self.port = QSpinBox()
        self.port.setRange(0, 65535)
        self.port.setValue(port)
        self.port.setToolTip("0 picks a free port")
        self.form.addRow("Port", self.port)
        self.announce = QCheckBox("Announce this game on the local network (UDP broadcast)")
        self.lay.addWidget(self.announce)
        self.start_button = QPushButton("Start hosting")
        self.start_button.clicked.connect(self.start)
        self.lay.addWidget(self.start_button)
        self.resume_button = QPushButton("Resume the interrupted game (autosaved)")
        self.resume_button.setToolTip("The game this computer hosted last, as it stood after its last command: "
                                      "your guest reconnects by itself and nothing is lost")
        self.resume_button.clicked.connect(self.resume)
        self.resume_button.setVisible(self._resumable())
        self.lay.addWidget(self.resume_button)
        self.lay.addWidget(self.cards_panel)
        self.lay.addWidget(self.cards_note)
        self.lay.addWidget(self.info)
        self.info.setText(HONESTY)
        self.session = None
        self.server = None
        self.announcer = None
        self.window = None
        self.match = None  # a match's HostMatch (net/match.py): one session per battle, on the same server

    def _resumable(self) -> bool:
        """An autosave of a game that did not end (or a LAN sandbox that ended and whose guest has not audited it
        yet: resuming serves it the record)."""
        from bss_desktop.data_files import load_json_file
        from bss_desktop.engine.record import MAX_RECORD_FILE_BYTES

        if self.autosave is None or not self.autosave.is_file():
            return False
        try:  # too large or nested too deep is a ValueError (DataFileError), as a syntax error is
            data = load_json_file(self.autosave, limit=MAX_RECORD_FILE_BYTES, what="an autosave")
            return "result" not in data["record"] and data.get("audited") is not True
        except (OSError, ValueError, KeyError, TypeError):
            return False

    def start(self) -> None:
        self.remember()
        self.start_button.setEnabled(False)
        self.resume_button.setEnabled(False)
        self._task(self._host())

    def resume(self) -> None:
        """Reload the autosaved game and wait for its guest to reconnect (net/host.py HostSession.restore); a
        damaged autosave is said in one line naming the file and the problem (net/headless.py restore_host)."""
        from bss_desktop.net.headless import ResumeError, restore_host

        try:
            session = restore_host(self.autosave, self.db)
        except ResumeError as e:
            self.info.setText(f"The autosave cannot be resumed: {e}")
            return
        self.start_button.setEnabled(False)
        self.resume_button.setEnabled(False)
        self._task(self._host(session))

    async def _host(self, session=None) -> None:
        from bss_desktop.net.host import HostSession
        from bss_desktop.net.link import serve

        handle = None
        if session is None:
            deck_name, cards = self.chosen_deck()
            kw = dict(deck_name=deck_name, name=self.name.text() or "Host", settings=self.ruleset(),
                      autosave=self.autosave, card_consent=self.ask_cards, profile=self.played_profile())
            if self.plays_a_match():
                from bss_desktop.net.match import HostMatch

                self.match = HostMatch(self.db, cards, self.chosen_side(), **kw)
                session, handle = self.match.session, self.match.handle
            else:
                session = HostSession(self.db, cards, side=self.chosen_side(), **kw)  # Eternal's token cards
        self.session = session
        session.on_status = self.cards_status  # until the board opens (open_lan_game takes it over)
        try:
            self.server = await serve(handle or session.handle, self.bind, self.port.value())
        except OSError as e:
            self.info.setText(f"Cannot listen on port {self.port.value()}: {e.strerror or e}")
            self.start_button.setEnabled(True)
            return
        port = self.server.sockets[0].getsockname()[1]
        where = ", ".join(f"{a}:{port}" for a in local_addresses()) or f"this computer's address, port {port}"
        self.info.setText(f"<b>Waiting for a guest on port {port}.</b> Your friend joins with: {where}<br><br>"
                          + HONESTY)
        if self.announce.isChecked():
            await self._announce(port)
        if session.game is not None:  # a resumed game: open the board now; the guest comes back by itself
            self.info.setText(f"Resumed the game with {session.guest_name}: waiting for them to reconnect to port "
                              f"{port}.")
        await session.started.wait()
        if self.announcer is not None:
            await self.announcer.stop()
        self.window = open_lan_game(session, self.db, self.settings, host=True, match=self.match,
                                    on_next=self.next_battle)
        self.window.server = self.server  # the game window owns the listening socket from now on
        self.gameOpened.emit(self.window)
        self.hide()

    def next_battle(self, first, out_of_deck, into_deck) -> None:
        """This player's choices for the match's next battle (the between-battles panel): the battle's session
        waits for the guest; once it has started its board replaces the last battle's."""
        from bss_desktop.table.match import MatchError

        try:
            session = self.match.next_battle(first, out_of_deck, into_deck)
        except MatchError as e:
            self.window.statusBar().showMessage(str(e), 10000)
            return
        self.window.log.appendPlainText(f"[network] Battle {self.match.match.battle}: waiting for "
                                        f"{session.guest_name or 'the guest'} to be ready…")
        self._task(self._battle(session))

    async def _battle(self, session) -> None:
        await session.started.wait()
        old = self.window
        self.window = open_lan_game(session, self.db, self.settings, host=True, match=self.match,
                                    on_next=self.next_battle)
        self.window.server, old.server = self.server, None  # the new board owns the listening socket
        self.gameOpened.emit(self.window)
        old._leave_agreed = True  # its battle is over: it closes without asking
        old.close()

    async def _announce(self, port: int) -> None:
        from bss_desktop.net.discovery import Announcer

        kw = {"target": self.discovery_target} if self.discovery_target else {}
        game = "sandbox" if self.sandbox.isChecked() else "rules"
        self.announcer = Announcer(self.name.text() or "Host", port, game, **kw)
        try:
            await self.announcer.start()
        except OSError as e:
            self.info.setText(self.info.text() + f"<br>(Announcing failed: {e}; joining by address still works.)")

    def stop(self) -> None:
        if self.server is not None and self.window is None:
            self.server.close()  # nobody came: stop listening (a started game keeps its server)
        if self.announcer is not None:
            self.announcer.close()
        super().stop()


class JoinWindow(_LanForm):
    """Join: address:port (or a game found on the network), then the board fed by the host's batches."""

    gameOpened = Signal(object)

    def __init__(self, db, decks, settings=None, *, address: str = "", discovery_bind=None, autosave=None,
                 profile=None):
        super().__init__("Join a LAN game", decks, settings, profile)
        self.db = db
        self.discovery_bind = discovery_bind
        self.autosave = autosave  # where the guest's side of a game is kept to rejoin after a restart
        from bss_desktop.paths import deals_file

        self.deals = deals_file()  # the deals each host broke off after seeing our share (net/deals.py)
        if not address and settings is not None:
            last = getattr(settings, "lan_address", "")
            address = last.strip() if isinstance(last, str) else ""  # the host joined last time
        self.address = QLineEdit(address)
        self.address.setPlaceholderText("host address:port, e.g. 192.168.1.20:47000")
        self.form.addRow("Host", self.address)
        self.look = QCheckBox("Look for games on the local network")
        self.look.toggled.connect(self._browse)
        self.lay.addWidget(self.look)
        self.found = QListWidget()
        self.found.setMaximumHeight(110)
        self.found.itemClicked.connect(self._pick)
        self.found.itemDoubleClicked.connect(lambda item: (self._pick(item), self.start()))
        self.found.hide()
        self.lay.addWidget(self.found)
        row = QHBoxLayout()
        self.join_button = QPushButton("Join")
        self.join_button.clicked.connect(self.start)
        row.addWidget(self.join_button)
        self.rejoin_button = QPushButton("Rejoin the interrupted game")
        self.rejoin_button.setToolTip("The LAN game this computer was playing when the app closed: it reconnects "
                                      "to the same host and carries on where it stopped")
        self.rejoin_button.clicked.connect(self.rejoin)
        self.rejoin_button.setVisible(self._interrupted())
        row.addWidget(self.rejoin_button)
        row.addStretch(1)
        self.lay.addLayout(row)
        self.lay.addWidget(self.cards_panel)
        self.lay.addWidget(self.cards_note)
        self.lay.addWidget(self.info)
        self.info.setTextFormat(Qt.PlainText)  # it shows what the host says (refusals name its cards)
        self.info.setText(HONESTY)
        self.browser = None
        self.remote = None
        self.window = None
        self.match = None  # a match's GuestMatch (net/match.py): one session per battle

    def _browse(self, on: bool) -> None:
        self.found.setVisible(on)
        if on:
            self._task(self._start_browser())
        elif self.browser is not None:
            self.browser.close()
            self.browser = None

    async def _start_browser(self) -> None:
        from bss_desktop.net.discovery import Browser

        kw = {"bind": self.discovery_bind} if self.discovery_bind else {}
        self.browser = Browser(on_change=self._show_games, **kw)
        try:
            await self.browser.start()
        except OSError as e:
            self.info.setText(f"Cannot look for games ({e}); type the host's address instead.")

    def _show_games(self, games) -> None:
        self.found.clear()
        for g in games:
            item = QListWidgetItem(f"{g.name} — {g.address} ({g.game}, bss-desktop {g.app})")
            item.setData(Qt.UserRole, (g.address, g.game))
            self.found.addItem(item)

    def _pick(self, item) -> None:
        address, game = item.data(Qt.UserRole)
        self.address.setText(address)
        self.sandbox.setChecked(game == "sandbox")

    def start(self) -> None:
        from bss_desktop.net.headless import parse_address

        try:
            host, port = parse_address(self.address.text().strip())
        except ValueError as e:
            self.info.setText(str(e))
            return
        self.remember(lan_address=self.address.text().strip())
        self.join_button.setEnabled(False)
        self.info.setText(f"Connecting to {host}:{port}…")
        self._task(self._join(host, port))

    def _interrupted(self) -> bool:
        """An autosave of a LAN game this computer was playing that did not end (damaged or not: a damaged one
        is offered too, and rejoining it says what is wrong)."""
        from bss_desktop.data_files import load_json_file
        from bss_desktop.engine.record import MAX_RECORD_FILE_BYTES

        if self.autosave is None or not self.autosave.is_file():
            return False
        try:  # too large or nested too deep is a ValueError (DataFileError), as a syntax error is
            data = load_json_file(self.autosave, limit=MAX_RECORD_FILE_BYTES, what="an autosave")
        except (OSError, ValueError):
            return False
        return isinstance(data, dict) and data.get("format") == "bss-guest" and not data.get("finished")

    def _rejoinable(self):
        """The guest of an interrupted game, restored from its autosave, or None (and why not, in the info)."""
        from bss_desktop.net.guest import GuestSession

        if self.autosave is None or not self.autosave.is_file():
            self.info.setText("There is no interrupted game to rejoin.")
            return None
        try:
            return GuestSession.restore(self.autosave, self.db, reconnect_for=600)
        except (OSError, ValueError) as e:
            self.info.setText(f"The interrupted game cannot be rejoined: {e}")
            return None

    def rejoin(self) -> None:
        guest = self._rejoinable()
        if guest is None:
            return
        self.join_button.setEnabled(False)
        self.rejoin_button.setEnabled(False)
        self.info.setText(f"Rejoining {guest.host_name} at {guest.address[0]}:{guest.address[1]}…")
        self._task(self._join(*guest.address, guest=guest))

    async def _join(self, host: str, port: int, guest=None) -> None:
        from bss_desktop.net.guest import GuestSession
        from bss_desktop.client.controllers.remote import RemoteSession

        if guest is None:
            deck_name, cards = self.chosen_deck()
            kw = dict(deck_name=deck_name, name=self.name.text() or "Guest", settings=self.ruleset(),
                      reconnect_for=600,  # a host may take minutes to restart
                      autosave=self.autosave, deals=self.deals, card_consent=self.ask_cards,
                      profile=self.played_profile())
            if self.plays_a_match():
                from bss_desktop.net.match import GuestMatch

                self.match = GuestMatch(self.db, cards, self.chosen_side(), **kw)
                guest = self.match.session
            else:
                guest = GuestSession(self.db, cards, side=self.chosen_side(), **kw)  # Eternal's token cards
        else:
            guest.card_consent = self.ask_cards
        rejoining = guest.seat is not None  # restored from the autosave
        remote = RemoteSession(guest, guest.db)  # the game's cards: the host's definitions, if agreed, included
        remote.status.connect(self.cards_status)  # the card exchange's news, before the board opens
        if guest.view is not None:  # rejoining: the board starts from the view kept in the autosave
            try:
                remote.game.update(guest.view, [])
            except (KeyError, TypeError, ValueError, IndexError, AttributeError) as e:
                self.info.setText(f"The interrupted game cannot be rejoined: {self.autosave}: field 'view' is "
                                  f"malformed ({type(e).__name__}: {e})")
                self.join_button.setEnabled(True)
                self.rejoin_button.setEnabled(True)
                return
            remote.game.names = [guest.name, guest.host_name] if guest.seat == 0 else [guest.host_name, guest.name]
        self.remote = remote
        running = asyncio.ensure_future(guest.run(host, port))
        if guest.view is None:
            first = asyncio.Event()
            remote.changed.connect(lambda events: first.set())
            waiting = asyncio.ensure_future(first.wait())
            await asyncio.wait([running, waiting], return_when=asyncio.FIRST_COMPLETED)
            if not first.is_set():
                waiting.cancel()
                self.info.setText(guest.error or "The host closed the connection.")
                self.join_button.setEnabled(True)
                self.rejoin_button.setEnabled(True)
                return
        old, self.remote = (self.window if self.match is not None else None), remote
        self.window = open_lan_game(remote, self.db, self.settings, host=False, rejoined=rejoining,
                                    match=self.match, on_next=self.next_battle)
        if guest.abandoned:  # seed grinding, detected: said in the game's log and status bar, and here
            from bss_desktop.net.deals import explain

            self.info.setText(explain(guest.abandoned))
            self.window.log.appendPlainText(f"[network] {explain(guest.abandoned)}")
            self.window.statusBar().showMessage(explain(guest.abandoned), 30000)
        running.add_done_callback(lambda t: remote.finished.emit(None if t.cancelled() else t.result()))
        self.gameOpened.emit(self.window)
        self.hide()
        if old is not None:  # the match's last battle: its board gives way to this one's
            old._leave_agreed = True
            old.close()

    def next_battle(self, first, out_of_deck, into_deck) -> None:
        """This player's choices for the match's next battle (the between-battles panel): a new session connects
        to the host (which waits for its player's choices too); its board then replaces the last battle's."""
        from bss_desktop.table.match import MatchError

        address = self.match.session.address
        try:
            guest = self.match.next_battle(first, out_of_deck, into_deck)
        except MatchError as e:
            self.window.statusBar().showMessage(str(e), 10000)
            return
        self.window.log.appendPlainText(f"[network] Battle {self.match.match.battle}: waiting for the host…")
        self._task(self._join(*address, guest=guest))

    def stop(self) -> None:
        if self.browser is not None:
            self.browser.close()
            self.browser = None
        super().stop()


def request_text(game, cmd) -> str:
    """What the other player asks this one to do (design ruling 12), in words: "move Wisp to your discard pile"."""
    from bss_desktop.engine import commands as c

    def card(iid) -> str:
        known = game.state.cards.get(iid) if isinstance(iid, int) else None
        if known is None or not known.cid:
            return "a card"
        try:
            return game.db[known.cid].name
        except KeyError:
            return "a card"

    def zone(name: str) -> str:
        z = game.profile.zones.get(name)
        return name if z is None or game.profile.id == "bss" else z.label.lower()

    if isinstance(cmd, c.ManualMove):
        return f"move {card(cmd.card)} to your {zone(cmd.to)}" + (" (your deck's bottom)" if cmd.bottom else "")
    if isinstance(cmd, c.ManualCores):
        where = lambda loc: card(loc) if isinstance(loc, int) else zone(loc)  # noqa: E731
        return f"move {cmd.count} of your cores: {where(cmd.src)} → {where(cmd.dst)}"
    if isinstance(cmd, (c.ManualExhaust, c.ManualTurn)):
        to = cmd.to if isinstance(cmd, c.ManualTurn) else ("exhausted" if cmd.exhausted else "refreshed")
        o = game.profile.orientations.get(to)
        return f"turn {card(cmd.card)}: {o.label.lower() if o else to}"
    if isinstance(cmd, c.ManualCounter):
        kind = game.profile.card_counters.get(cmd.name)
        if kind is not None and kind.stat:  # an ATK/RST modifier
            return f"change the {game.profile.cards.fields[kind.stat].label or kind.stat} of {card(cmd.card)} by " \
                   f"{cmd.delta * kind.step:+}"
        what = cmd.label or (kind.label.lower() if kind else cmd.name)
        return f"{'put' if cmd.delta > 0 else 'take'} {abs(cmd.delta)} {what} {'on' if cmd.delta > 0 else 'off'} " \
               f"{card(cmd.card)}"
    if isinstance(cmd, c.ManualFlip):
        return f"turn {card(cmd.card)} face {'down' if cmd.down else 'up'}"
    if isinstance(cmd, c.ManualSide):
        return f"turn {card(cmd.card)} to its {'side B' if cmd.back else 'front'}"
    if isinstance(cmd, c.ManualAttach):
        return f"detach {card(cmd.card)}" if cmd.host is None else f"attach {card(cmd.card)} to {card(cmd.host)}"
    if isinstance(cmd, c.ManualTracker):
        t = game.profile.trackers.get(cmd.name)
        label = t.label if t else cmd.name
        verbs = {"adjust": f"change your {label} by {cmd.amount:+,}", "transfer": f"transfer {cmd.amount:,} of your "
                 f"{label} to them", "pay_each_opponent": f"pay them {cmd.amount:,} {label}"}
        return verbs.get(cmd.op, f"change your {label}")
    if isinstance(cmd, c.ManualShuffle):
        return "shuffle your deck"
    if isinstance(cmd, (c.ManualToken, c.ManualCardToken)):
        return f"put a {cmd.name} token in your area"
    if isinstance(cmd, c.ManualBrowse):  # BOS §Public Knowledge: looking needs the owner's permission
        return f"let them look through your {zone(cmd.zone)} (Allow shows it to them)"
    if isinstance(cmd, c.ManualReady):
        return "ready your cards (all of them at once)"
    if isinstance(cmd, c.ManualAttacked):
        return f"{'mark' if cmd.attacked else 'unmark'} the attack of {card(cmd.card)}"
    return f"make this move on your things: {cmd.kind.replace('_', ' ')}"


def open_lan_game(session, db, settings=None, *, host: bool, rejoined: bool = False, match=None, on_next=None):
    """The board for a LAN game, wired to its session: the other seat's events, chat, status and the audit.
    A guest's game log and chat are kept in its autosave (GuestSession.transcript); `rejoined` shows them again."""
    from bss_desktop.gamelog import describe
    from bss_desktop.net.guest import KEEP_LINES
    from bss_desktop.client.windows.game import GameWindow

    me = 0 if host else session.guest.seat
    seats = ["remote", "remote"]
    seats[me] = "human"
    other = session.guest_name if host else session.guest.host_name
    sandbox = session.game.settings.sandbox
    kind = "LAN sandbox" if sandbox else "LAN game"
    window = GameWindow(session.game, seats=tuple(seats), settings=settings, session=session, sandbox=sandbox,
                        title=f"bss_desktop — {kind} with {other} ({'you host' if host else 'you joined'})")
    status = window.statusBar()

    def ask_undo(seq: int) -> None:
        """The other player asks to undo; the answer goes back through the session."""
        panel = question_panel(window, f"<b>{html.escape(other)}</b> asks to undo the last move (move {seq}).",
                         session.answer_undo, ("Allow", "Refuse"), rich=True)
        panel.allow, panel.refuse = panel.buttons
        window.undo_panel = panel

    def ask_move(cmd) -> None:
        """The other player asks this one to make a move on this player's things (design ruling 12): a question
        in the decision bar; "Allow" makes the move in this player's name (no modal dialog)."""
        if isinstance(cmd, dict):  # the guest's session hands the command as the host sent it (our aliases)
            from bss_desktop.engine.commands import command_from_dict

            cmd = command_from_dict(cmd)
        text = request_text(session.game, cmd)
        note(f"{other} asks you to {text}")
        answer = session.answer_request if host else session.guest.answer_ask
        panel = question_panel(window, f"{other} asks you to {text}", answer, ("Allow", "Refuse"))
        panel.allow, panel.refuse = panel.buttons
        window.request_panel = panel

    def replaced(game) -> None:  # the host's game after an agreed undo
        window._set_game(game)
        window.controller.refresh()

    said = set()  # what note() has put in the log: the end of the game is said once

    def note(text: str) -> None:
        said.add(text)
        status.showMessage(text, 10000)
        window.log.appendPlainText(f"[network] {text}")

    def left(_reason: str) -> None:
        """The other player closed their game window (their 'bye', whose reason the status line shows): said in a
        box beside the board and in the log, not only in the status line."""
        window.log.appendPlainText(f"[network] {other} left the game.")
        if window.model.game.result is not None:
            return  # (leaving a finished game is no news)
        if host:
            keep = f"The game is kept: {other} can rejoin it while this window stays open."
        else:
            keep = (f"{other} can resume the game later (Host a LAN game → Resume the interrupted game); you then "
                    f"rejoin it (Join a LAN game → Rejoin the interrupted game).")
        window.tell(f"{other} left the game", f"{other} left the game.\n\n{keep}")

    def ended(report) -> None:
        """The guest's session is over: its audit (or why there is none), unless the status already said it."""
        text = report.line() if report is not None else (session.guest.error or "the game ended without a record")
        if text not in said:
            note(text)

    if host:
        session.on_remote_events = window.model.arrived
        session.on_chat = window.chat.append
        session.on_status = note
        session.on_undo_request = ask_undo
        session.on_move_request = ask_move
        session.on_replaced = replaced
        session.on_left = left
    else:
        session.undoAsked.connect(ask_undo)
        session.changed.connect(window.model.arrived)
        session.refused.connect(window.model.refused)
        session.chat.connect(window.chat.append)
        session.status.connect(note)
        session.finished.connect(ended)
        guest = session.guest
        guest.on_left = left  # (its RemoteSession relays no 'bye': set on the guest session itself)
        guest.on_move_request = ask_move
        if rejoined:  # what the log and chat showed before this app closed, as the autosave kept them
            for line in guest.kept_log:
                window.log.appendPlainText(line)
            for line in guest.kept_chat:
                window.chat.view.appendPlainText(line)
            for problem in guest.restore_problems:
                window.log.appendPlainText(f"[network] The autosave's {problem}.")
            window.log.appendPlainText(f"[network] Rejoined the game with {other}"
                                       + (": the lines above are from before." if guest.kept_log else "."))
        for e in session.game.setup_events:
            line = describe(session.game, e, me)
            if line:
                window.log.appendPlainText(line)
        guest.transcript = lambda: (_last_lines(window.log, KEEP_LINES), _last_lines(window.chat.view, KEEP_LINES))
    if not (rejoined and f"[network] {HONESTY}" in session.guest.kept_log):
        window.log.appendPlainText(f"[network] {HONESTY}")
    if match is not None:
        names = [session.name, other] if host else [other, session.guest.name]
        _match_table(window, session if host else session.guest, match, me, names, note, on_next, db)
        if not host:
            session.finished.connect(lambda _report: window.match_settled())
    return window


def question_panel(window, text: str, answer, captions: tuple[str, str], rich: bool = False) -> QWidget:
    """The other player's question in `window`'s decision bar (no modal dialog): `text` (plain text, as names come
    from the other side, unless `rich`) and two buttons that send `answer(True)` / `answer(False)` back through the
    session and close the panel. The panel is shown and returned; `panel.buttons` are its two buttons."""
    panel = QWidget()
    row = QHBoxLayout(panel)
    row.setContentsMargins(0, 0, 0, 0)
    label = QLabel(text)
    label.setTextFormat(Qt.RichText if rich else Qt.PlainText)
    row.addWidget(label)
    panel.buttons = []
    for caption, accept in zip(captions, (True, False)):
        b = QPushButton(caption)
        b.clicked.connect(lambda _=False, a=accept: (answer(a), window.bar.set_panel(None)))
        row.addWidget(b)
        panel.buttons.append(b)
    row.addStretch(1)
    window.bar.set_panel(panel)
    return panel


def _match_table(window, s, match, me: int, names: list[str], note, on_next, db) -> None:
    """A battle of a match over the LAN (net/match.py): the Match menu (the score, conceding the battle, claiming
    it), the other seat's claim in the decision bar, and once the battle is counted the between-battles panel
    (windows/match.py) for this player's own choices: who goes first if it lost, its own swaps."""
    from bss_desktop.client.windows.match import MatchPanel
    from bss_desktop.net.match import GuestMatch

    m, other = match.match, names[1 - me]
    battle = m.battle
    menu = window.menuBar().addMenu("&Match")
    score = menu.addAction("")
    score.setEnabled(False)
    menu.addSeparator()
    concede = menu.addAction(f"I lost battle {battle} (concede it)")
    concede.triggered.connect(lambda _=False: s.concede_battle())
    claim = menu.addAction(f"I won battle {battle} (ask {other} to agree)")

    def claimed(_=False) -> None:
        why = s.claim()
        note(why or f"you told {other} you won battle {battle}: they agree by conceding it")

    claim.triggered.connect(claimed)
    window.match_actions = {"score": score, "concede": concede, "claim": claim}

    def shown() -> None:
        w = m.wins()
        where = f"{names[m.winner]} won the match" if m.over else f"battle {m.battle} of {m.best_of}"
        score.setText(f"Match: {names[0]} {w[0]} – {w[1]} {names[1]} ({where})")
        concede.setEnabled(not s.game_over())
        claim.setEnabled(not s.game_over())

    def ask_claim(n: int) -> None:
        panel = question_panel(window, f"{other} says they won battle {n}.", s.answer_claim,
                               ("Agree (concede it)", "Refuse"))
        panel.agree, panel.refuse = panel.buttons
        window.claim_panel = panel

    def settled() -> None:
        """The battle is counted on this machine (the host: its guest audited it; the guest: its audit passed)."""
        if isinstance(match, GuestMatch):  # the guest's side: count it now (the host's HostMatch did already)
            if not match.settle():
                if match.problem:
                    note(f"the match cannot go on: {match.problem}")
                    window.tell("The match cannot go on", match.problem)
                return
        shown()
        w = m.wins()
        if m.over:
            text = f"{names[m.winner]} wins the match {max(w)} – {min(w)}."
            note(text)
            window.tell("The match is over", text)
            return
        note(f"{names[m.winners[-1]]} wins battle {len(m.winners)}: {w[0]} – {w[1]} in the match")
        panel = MatchPanel(window, m, db, names, mine=me)
        panel.started.connect(lambda first: on_next(None if first < 0 else first, *panel.swaps(me)))
        window.match_panel = panel
        panel.show()

    s.on_claim = ask_claim
    window.match_settled = settled
    if not isinstance(match, GuestMatch):  # the host's HostMatch counts the battle when the guest audited it
        match.on_settled = settled
    shown()
