import os
import tempfile
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # Qt tests run without a screen
# the player's folders (settings, autosaves, logs…) go to a scratch folder, never the real ones (bss_desktop/paths.py)
os.environ.setdefault("BSS_DESKTOP_HOME", tempfile.mkdtemp(prefix="bss-test-home-"))
sys.path.insert(0, str(Path(__file__).parent))  # for `import helpers`


import asyncio  # noqa: E402

import pytest  # noqa: E402
from hypothesis import HealthCheck, settings  # noqa: E402

# Property tests check what holds, never how fast: on a loaded machine a slow example is no failure (speed is the
# benchmarks' business). Without this, Hypothesis' deadline and too_slow check failed now and then under load.
settings.register_profile("project", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("project")


@pytest.fixture
def qloop(qapp):
    """A qasync event loop on the test's QApplication, as the app runs (LAN windows' network tasks); at the end
    every window is closed (a LAN board hangs up its session) and every task cancelled."""
    import qasync
    from PySide6.QtWidgets import QApplication

    loop = qasync.QEventLoop(qapp)
    asyncio.set_event_loop(loop)
    yield loop
    for w in QApplication.topLevelWidgets():
        w.close()
    pending = [t for t in asyncio.all_tasks(loop) if not t.done()]
    for t in pending:
        t.cancel()
    loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
    loop.run_until_complete(asyncio.sleep(0.05))
    loop.close()
    asyncio.set_event_loop(None)
