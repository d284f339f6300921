import os
import tempfile
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # Qt tests run without a screen
# the player's folders (settings, autosaves, logs…) go to a scratch folder, never the real ones (bss_desktop/paths.py)
os.environ.setdefault("BSS_DESKTOP_HOME", tempfile.mkdtemp(prefix="bss-test-home-"))
sys.path.insert(0, str(Path(__file__).parent))  # for `import helpers`
