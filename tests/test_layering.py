"""The engine, its rules modules, the card database, simulator, computer opponent, protocol and network sessions are pure Python: they never import Qt or qasync."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "bss_desktop"
GUI_MODULES = ("PySide6", "shiboken6", "qasync")
HEADLESS = ("engine", "rules", "carddb", "protocol", "net", "sim", "ai")

PROBE = """
import sys
import bss_desktop.engine, bss_desktop.carddb, bss_desktop.sim, bss_desktop.rules.bss
import bss_desktop.engine.position, bss_desktop.engine.record, bss_desktop.engine.view, bss_desktop.engine.invariants
import bss_desktop.carddb.database, bss_desktop.carddb.decks, bss_desktop.carddb.schema
import bss_desktop.sim.simulate, bss_desktop.sim.policy
import bss_desktop.ai.easy, bss_desktop.ai.normal, bss_desktop.ai.hard, bss_desktop.ai.arena
import bss_desktop.protocol.fairness, bss_desktop.protocol.stream, bss_desktop.protocol.redaction
import bss_desktop.net.host, bss_desktop.net.guest, bss_desktop.net.headless, bss_desktop.net.link
import bss_desktop.carddb.database as d
db = d.load_default_db()  # loading shipped data must not pull in Qt either
gui = sorted(m for m in sys.modules if m.split(".")[0] in {GUI!r})
assert not gui, "GUI modules imported: " + ", ".join(gui)
print("ok", len(db))
"""


def _run(code: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})


def test_importing_the_headless_packages_loads_no_gui_module():
    result = _run(PROBE.replace("{GUI!r}", repr(set(GUI_MODULES))))
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("ok ")


def test_the_probe_would_notice_a_gui_import():
    """The same check fails once Qt is imported, so the test above can fail."""
    code = PROBE.replace("{GUI!r}", repr(set(GUI_MODULES))).replace("import sys\n", "import sys\nimport shiboken6\n", 1)
    result = _run(code)
    assert result.returncode != 0 and "GUI modules imported:" in result.stderr and "shiboken6" in result.stderr


def test_a_headless_simulation_loads_no_gui_module():
    code = ("import sys\nfrom bss_desktop import cli\n"
            "assert cli.main(['simulate', '--games', '1', '--seed', '1']) == 0\n"
            f"gui = sorted(m for m in sys.modules if m.split('.')[0] in {set(GUI_MODULES)!r})\n"
            "assert not gui, gui\n")
    result = _run(code)
    assert result.returncode == 0, result.stderr


IMPORT_LINE = re.compile(r"^\s*(?:from\s+(?P<from>[\w.]+)\s+import\b|import\s+(?P<imp>[\w., ]+))", re.MULTILINE)


def gui_imports(path: Path) -> list[str]:
    """`file:line: text` of every import line in `path` that imports a GUI module."""
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    found = []
    for m in IMPORT_LINE.finditer(text):
        names = [m.group("from")] if m.group("from") else [n.split(" as ")[0].strip() for n in m.group("imp").split(",")]
        if any(name.split(".")[0] in GUI_MODULES for name in names):
            line = text.count("\n", 0, m.start() + len(m.group(0)) - len(m.group(0).lstrip())) + 1
            found.append(f"{path.relative_to(ROOT)}:{line}: {lines[line - 1].strip()}")
    return found


def headless_files() -> list[Path]:
    files = []
    for name in HEADLESS:
        folder = PACKAGE / name
        if folder.is_dir():
            files.extend(sorted(folder.rglob("*.py")))
    return files


def test_headless_sources_have_no_gui_import_lines():
    files = headless_files()
    assert any("engine" in f.parts for f in files) and any("carddb" in f.parts for f in files)
    bad = [hit for f in files for hit in gui_imports(f)]
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("line", ["import PySide6", "from PySide6.QtCore import QObject", "import qasync",
                                  "    import shiboken6", "import os, PySide6.QtWidgets as w",
                                  "from qasync import asyncSlot"])
def test_the_scanner_finds_gui_import_lines(tmp_path, line, monkeypatch):
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    path = tmp_path / "m.py"
    path.write_text(f"x = 1\n{line}\n")
    assert gui_imports(path) == [f"m.py:2: {line.strip()}"]


def test_the_scanner_ignores_lookalikes(tmp_path, monkeypatch):
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    path = tmp_path / "m.py"
    path.write_text("import PySide6ish\nname = 'PySide6'\nfrom mypkg import qasync_helper\n")
    assert gui_imports(path) == []


def test_nothing_in_the_package_imports_the_command_line_entry_point():
    """cli.py sits at the top: the benchmarks and everything else take what they share with it from
    command_line.py, so no import goes up into it (an import circle waiting to happen)."""
    up = re.compile(r"^\s*(?:from\s+(?:\.+|bss_desktop\.)cli\s+import|from\s+(?:\.+|bss_desktop)\s+import\s+.*\bcli\b"
                    r"|import\s+bss_desktop\.cli\b)", re.MULTILINE)
    bad = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.name == "cli.py" and path.parent == PACKAGE:
            continue
        text = path.read_text(encoding="utf-8")
        bad += [f"{path.relative_to(ROOT)}:{text.count(chr(10), 0, m.start()) + 1}" for m in up.finditer(text)]
    assert not bad, "imports of bss_desktop.cli: " + ", ".join(bad)


FROM_LINE = re.compile(r"^\s*(?:from\s+(?P<from>[.\w]+)\s+import\s+(?P<names>\([^)]*\)|[\w, *]+)"
                       r"|import\s+(?P<imp>[\w., ]+))", re.MULTILINE)
# import circles not untangled yet, each a set of modules (none today: keep it so)
KNOWN_CIRCLES: list[set[str]] = []


def import_graph() -> dict[str, set[str]]:
    """Module -> the package modules it imports, at the top or inside a function (a late import is still a circle
    for a reader following the code)."""
    mods = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        mods[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    graph = {}
    for name, path in mods.items():
        here = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
        deps = set()
        for m in FROM_LINE.finditer(path.read_text(encoding="utf-8")):
            if m["from"]:
                dots = len(m["from"]) - len(m["from"].lstrip("."))
                base = here[:len(here) - dots + 1] if dots else []
                target = ".".join(base + [m["from"].lstrip(".")] if m["from"].lstrip(".") else base)
                deps |= {f"{target}.{n}" for n in re.findall(r"\w+", m["names"])} | {target}
            else:
                deps |= {n.split(" as ")[0].strip() for n in m["imp"].split(",")}
        graph[name] = {d for d in deps if d in mods and d != name and not name.startswith(d + ".")}
    return graph


def circles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected groups of more than one module (Tarjan)."""
    index, low, stack, on, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = set()
            while True:
                w = stack.pop()
                on.discard(w)
                group.add(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(group)

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_no_import_circles_but_the_known_ones():
    """engine/continuous.py hands its readers to stats.py instead of stats importing it back; bench/ takes what it
    shares with cli.py from command_line.py; the board's view is board_view.py (the replay viewer needs it, not the
    game window) and a rematch makes a window of the ended one's class."""
    found = circles(import_graph())
    assert sorted(map(sorted, found)) == sorted(map(sorted, KNOWN_CIRCLES)), found


def test_the_circle_finder_finds_a_circle():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert circles(graph) == [{"a", "b", "c"}]


def test_the_shared_engine_reaches_a_rules_module_only_through_the_registry():
    """engine/ is what every game shares: it names no game's module. Game finds the module a profile names through
    rules.game_class (rules/__init__.py), so a new game never means an edit of the shared core."""
    rules_import = re.compile(r"^\s*from\s+(?:\.\.|bss_desktop\.)rules(?P<sub>[\w.]*)\s+import\s+(?P<names>.+)$",
                              re.MULTILINE)
    bad = []
    for path in sorted((PACKAGE / "engine").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        for m in rules_import.finditer(text):
            if m.group("sub") or m.group("names").strip() != "game_class":
                bad.append(f"{path.relative_to(ROOT)}:{text.count(chr(10), 0, m.start()) + 1}: {m.group(0).strip()}")
    assert not bad, "\n".join(bad)
