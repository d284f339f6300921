"""When something goes wrong: a log file, and a dialog that says where it is — the game in progress is never lost.

Every game on this machine is autosaved after every command (GameWindow.save_now); the start screen offers
to resume it. An uncaught exception is written to the log with its traceback and shown in a dialog naming the
log file, and the app keeps running.
"""
from __future__ import annotations

import logging
import logging.handlers
import sys
import traceback

from ..paths import log_file

log = logging.getLogger("bss_desktop")


def setup_logging() -> None:
    """Log to the player's log folder (rotated, so it never grows without bound)."""
    path = log_file()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler = logging.handlers.RotatingFileHandler(path, maxBytes=1_000_000, backupCount=3, encoding="utf-8")
    except OSError:
        return  # no log folder (read-only home): the dialog still shows what happened
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(logging.INFO)


def report(exc_type, exc, tb, *, parent=None) -> str:
    """Log an uncaught exception and show it; returns the text shown (tests read it)."""
    text = "".join(traceback.format_exception(exc_type, exc, tb))
    log.error("uncaught exception:\n%s", text)
    message = (f"Something went wrong: {exc_type.__name__}: {exc}\n\n"
               "Your game is saved after every command: the start screen offers to resume it.\n\n"
               f"The details are in {log_file()} — please attach that file to a bug report.")
    try:
        from PySide6.QtWidgets import QApplication, QMessageBox

        if QApplication.instance() is not None:
            box = QMessageBox(QMessageBox.Critical, "bss_desktop — an error", message, QMessageBox.Ok, parent)
            box.setDetailedText(text)
            report.box = box  # kept alive while shown
            box.open()  # not exec(): no nested event loop under qasync
    except Exception:  # the report itself must never be what crashes
        print(message, file=sys.stderr)
    return message


def install() -> None:
    """Route uncaught exceptions (Qt slots, and asyncio tasks under qasync) to `report`."""
    sys.excepthook = lambda t, e, tb: report(t, e, tb)


def loop_handler(loop, context) -> None:
    """asyncio's exception handler: an exception nobody awaited is reported the same way."""
    exc = context.get("exception")
    if exc is None:
        log.error("asyncio: %s", context.get("message"))
        return
    report(type(exc), exc, exc.__traceback__)
