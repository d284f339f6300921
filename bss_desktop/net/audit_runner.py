"""The guest's audit, off the event loop and bounded in time (asyncio and threads; no Qt).

The audit replays the host's whole record with this side's engine (protocol/fairness.py). A hostile host chooses
that record and, with the card exchange, some of the cards in it: a card whose effect never ends, or a record that
is merely slow to replay, must neither freeze the session (pings, chat and closing go on meanwhile) nor keep this
side busy for ever. So the audit runs in a worker thread of its own, and past its time bound it is stopped and
reported as a failed audit naming why:

    report = await audit_off_loop(received, host_share, record, db, seconds=audit_seconds(record))

Stopping: the replay checks a stop flag before each command; one command that never returns (a card looping inside
`Game.apply`) is interrupted by an exception raised in the worker thread (CPython's PyThreadState_SetAsyncExc, at its
next bytecode). The thread is a daemon, so even code that ignored both could not keep the app from closing.
"""
from __future__ import annotations

import asyncio
import ctypes
import logging
import threading
import time

from ..protocol import fairness

log = logging.getLogger(__name__)

AUDIT_BASE_SECONDS = 60.0  # what any audit may take (a complete random game replays in well under a second)...
AUDIT_SECONDS_PER_COMMAND = 0.05  # ...plus this for each command of the record (20,000 commands: 17 minutes)
STOP_GRACE = 1.0  # seconds the replay has to notice the stop flag before it is interrupted


class AuditStopped(BaseException):
    """Raised inside the worker thread to end a replay that went past its time (a BaseException, so that no
    `except Exception` of the engine's can swallow it)."""


def audit_seconds(record: dict) -> float:
    """The time bound of the audit of `record`: a base and a share per command (the record is bounded too)."""
    commands = record.get("commands") if isinstance(record, dict) else None
    n = len(commands) if isinstance(commands, list) else 0
    return AUDIT_BASE_SECONDS + AUDIT_SECONDS_PER_COMMAND * n


async def audit_off_loop(received, host_share: str, record: dict, db, *, seconds: float) -> fairness.AuditReport:
    """`fairness.audit(...)` in a worker thread; a report that failed naming why when it takes over `seconds`, or
    when the replay itself breaks in a way the audit does not catch (an engine bug a hostile record found)."""
    loop = asyncio.get_running_loop()
    done: asyncio.Future = loop.create_future()
    stop = threading.Event()

    def deliver(report) -> None:
        if not done.done():
            done.set_result(report)

    def work() -> None:
        try:
            report = fairness.audit(received, host_share, record, db, stop=stop)
        except AuditStopped:
            return  # the bound passed; the loop has reported it already
        except Exception as e:  # noqa: BLE001 -- whatever a hostile record does to the engine: a failed audit
            log.exception("guest: the audit's replay broke")
            report = fairness.AuditReport(False, [f"the replay of the host's record broke the engine "
                                                  f"({type(e).__name__}: {str(e)[:200]}): the record cannot be "
                                                  f"checked"])
        try:
            loop.call_soon_threadsafe(deliver, report)
        except RuntimeError:
            pass  # the loop has closed: nobody waits for it

    worker = threading.Thread(target=work, name="bss-audit", daemon=True)
    started = time.monotonic()
    worker.start()
    try:
        return await asyncio.wait_for(asyncio.shield(done), seconds)
    except asyncio.TimeoutError:
        stop.set()
        asyncio.ensure_future(_interrupt(worker))
        return fairness.AuditReport(False, [f"the audit did not finish within {time.monotonic() - started:.0f} s "
                                            f"(its bound for a record of this length): the host's record, or a card "
                                            f"in it, makes the replay run without end, so nothing it shows can be "
                                            f"trusted"])
    except asyncio.CancelledError:
        stop.set()
        asyncio.ensure_future(_interrupt(worker))
        raise


async def _interrupt(worker: threading.Thread) -> None:
    """Give the replay STOP_GRACE to notice its stop flag, then raise AuditStopped inside it."""
    deadline = time.monotonic() + STOP_GRACE
    while worker.is_alive() and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    for _ in range(150):  # 30 s of attempts (a thread inside C code takes it when it comes back to Python)
        if not raise_in_thread(worker, AuditStopped):
            return
        await asyncio.sleep(0.2)
    log.warning("guest: the stopped audit's thread is still running (a daemon: it does not keep the app open)")


def raise_in_thread(thread: threading.Thread, exc: type[BaseException]) -> bool:
    """Raise `exc` in `thread` at its next bytecode (CPython); False if the thread is gone."""
    ident = thread.ident
    if ident is None or not thread.is_alive():
        return False
    n = ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(ident), ctypes.py_object(exc))
    return n == 1
