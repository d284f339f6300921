"""The computer thinks off the GUI thread.

A `Thinker` runs one job at a time on a thread of its own `QThreadPool`: a function of a snapshot of the game
(`game.clone()`, taken on the GUI thread), never of the game the board shows. The answer comes back through a
queued signal, on the GUI thread, with the tag the job was started with; the controller then checks that the game
is still at that decision before it uses the answer.

A job nobody wants any more (the window closes, a new game, a hint the game moved past) is stopped: an exception
is raised inside the worker thread at its next Python instruction (the AI is pure Python), so a window closes
without waiting for a long think. `shutdown()` stops the job and waits until the thread has finished it.
"""
from __future__ import annotations

import ctypes
import logging
import threading

from PySide6.QtCore import QObject, QRunnable, Qt, QThreadPool, Signal, Slot

log = logging.getLogger(__name__)


class Stopped(BaseException):
    """Raised inside a think that is no longer wanted (a BaseException: an AI's `except Exception` lets it by)."""


def _raise_in(ident: int, exc) -> int:
    """Raise `exc` in thread `ident` at its next Python instruction (None: take back one not raised yet)."""
    return ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(ident),
                                                      ctypes.py_object(exc) if exc is not None else None)


class _Relay(QObject):
    """Carries a finished job's outcome to the GUI thread (created there; emitted from the worker: queued)."""

    done = Signal(object)


class _Job(QRunnable):
    def __init__(self, fn, tag, relay: _Relay):
        super().__init__()
        self.setAutoDelete(False)  # the Thinker keeps it until its outcome has arrived
        self.fn, self.tag, self.relay = fn, tag, relay
        self.outcome = None  # ("answer", value) | ("error", exception) | ("stopped", None)
        self.thread_name = None  # the worker thread's name (tests: the think ran off the GUI thread)
        self._lock = threading.Lock()
        self._ident = None
        self._live = False  # fn is running: a stop raises inside it
        self._stop_sent = False
        self._cancelled = False  # stopped before it began

    def stop(self) -> None:
        """Stop the job: at once if it has not begun, at its next Python instruction if it is running."""
        with self._lock:
            if self._live and not self._stop_sent:
                self._stop_sent = True
                _raise_in(self._ident, Stopped)
            self._cancelled = True

    def run(self) -> None:  # the worker thread
        outcome = None
        with self._lock:
            if self._cancelled:
                outcome = ("stopped", None)
            else:
                self._ident = threading.get_ident()
                self._live = True
        # A stop is raised at most once, anywhere from here until _live is cleared below (then it is taken back if it
        # was not raised yet): every place it can land is inside this try, and the loop finishes the bookkeeping.
        while True:
            try:
                if outcome is None:
                    self.thread_name = threading.current_thread().name
                    try:
                        outcome = ("answer", self.fn())
                    except Stopped:
                        outcome = ("stopped", None)
                    except Exception as e:  # noqa: BLE001 - an AI that fails must not take the app down
                        outcome = ("error", e)
                with self._lock:
                    self._live = False
                    if self._stop_sent:
                        _raise_in(self._ident, None)
                break
            except Stopped:
                if outcome is None:
                    outcome = ("stopped", None)
        self.outcome = outcome
        try:
            self.relay.done.emit(self)
        except RuntimeError:  # the relay is gone (its window was destroyed without closing): nobody is waiting
            pass


class Thinker(QObject):
    """One think at a time, off the GUI thread. `answered(tag, kind, value)`: kind "answer" (value: what the function
    returned), "error" (value: the exception) or "stopped"."""

    answered = Signal(object, str, object)

    def __init__(self, parent=None):
        super().__init__(parent)
        # the pool is this object's first child: destroyed first, its destructor waits for a running job
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(1)
        self.pool.setExpiryTimeout(2000)  # an idle worker thread does not outlive its use by long
        self.job: _Job | None = None
        self.closed = False

    def busy(self) -> bool:
        return self.job is not None

    @property
    def tag(self):
        return self.job.tag if self.job is not None else None

    def start(self, fn, tag) -> bool:
        """Run fn() on the worker thread; False (nothing started) while another job runs or once shut down."""
        if self.job is not None or self.closed:
            return False
        relay = _Relay()  # no parent: the job holds it; it lives on the GUI thread
        relay.done.connect(self._finished, Qt.QueuedConnection)
        job = _Job(fn, tag, relay)
        self.job = job
        self.pool.start(job)
        return True

    def stop(self) -> None:
        """Stop the running job (its outcome still arrives, as "stopped" unless it had already finished)."""
        if self.job is not None:
            self.job.stop()

    @Slot(object)
    def _finished(self, job) -> None:
        if job is not self.job:
            return
        self.job = None
        if not self.closed:
            self.answered.emit(job.tag, *job.outcome)

    def running(self) -> bool:
        """Whether a worker thread is running a job (not merely an answer on its way to the GUI thread)."""
        return self.pool.activeThreadCount() > 0

    def shutdown(self, wait_ms: int = 10000) -> bool:
        """Stop the job and wait for the worker thread to be done with it; True if it is (nothing runs any more).
        No outcome is delivered after this."""
        self.closed = True
        if self.job is not None:
            self.job.stop()
        done = self.pool.waitForDone(wait_ms)
        if not done:
            log.warning("the computer's think did not stop within %d ms", wait_ms)
        self.job = None
        return done


def available_levels() -> tuple[str, ...]:
    """The computer's levels this version has (a level still being written raises ImportError until it lands)."""
    from bss_desktop import ai

    out = []
    for level in ai.LEVELS:
        try:
            ai.make_player(level, 1, 1)
        except ImportError:
            continue
        out.append(level)
    return tuple(out)
