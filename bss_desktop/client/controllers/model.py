"""The client's link to a game: commands go in, events come out.

`LocalSession` runs the engine in this process (local games, hot-seat, the
sandbox); a LAN host's `net.host.HostSession` has the same shape; a LAN
guest's `client.remote.RemoteSession` sends commands to the host and answers
later. `GameModel` wraps a session for Qt: it sends commands and emits
`changed(events)` or `refused(rule, message)`; views redraw from the events.
"""
from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from bss_desktop.engine.errors import IllegalCommand


class LocalSession:
    """The engine in-process: apply(command) -> events; view(seat) -> what that seat may see."""

    def __init__(self, game):
        self.game = game

    def apply(self, cmd):
        return self.game.apply(cmd)

    def view(self, seat: int) -> dict:
        return self.game.view(seat)

    @property
    def pending(self):
        return self.game.pending

    def legal_commands(self):
        return self.game.legal_commands()


class GameModel(QObject):
    changed = Signal(list)  # the events of the last command
    refused = Signal(str, str)  # rule, message

    def __init__(self, session, parent=None):
        super().__init__(parent)
        self.session = session
        self.history_events: list = []

    @property
    def game(self):
        return self.session.game

    def send(self, cmd) -> bool:
        """Apply `cmd`; True if the engine accepted it."""
        try:
            events = self.session.apply(cmd)
        except IllegalCommand as e:
            self.refused.emit(e.rule, e.message)
            return False
        if events is not None:  # None: sent to a LAN host, whose answer arrives through `arrived`
            self.arrived(events)
        return True

    def arrived(self, events) -> None:
        """Events from elsewhere (the other LAN seat's commands, or the host's answer to ours)."""
        self.history_events.extend(events)
        self.changed.emit(events)
