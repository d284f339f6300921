import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # Qt tests run without a screen
sys.path.insert(0, str(Path(__file__).parent))  # for `import helpers`
