"""Build the one-folder bundle for this OS and smoke-test it.

    python packaging/build.py              # icons, PyInstaller, smoke test
    python packaging/build.py --clean      # the same from scratch (removes packaging/build and packaging/dist)
    python packaging/build.py --skip-build # only smoke-test the bundle already in packaging/dist

Steps:
 1. packaging/make_icons.py: .ico, .icns and .png icons from assets/icon/bss-desktop.svg into packaging/build/icons
 2. PyInstaller with packaging/bss_desktop.spec (work files in packaging/build/pyinstaller, log in
    packaging/build/pyinstaller.log, the bundle in packaging/dist)
 3. the smoke test, with the bundled executable and Qt's offscreen platform:
      --screenshot FILE         must write a 1280x800 PNG of more than 20 KB (the board renders)
      simulate --games 3 --seed 1   must finish with 0 violations (the engine and the shipped decks load)
      cards coverage            must list the shipped card sets (the card data is inside the bundle)
It prints the bundle's size and how long each step took, and exits non-zero with the reason on any failure.
Needs the `package` extra: pip install -e ".[package]"
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SPEC = HERE / "bss_desktop.spec"
BUILD = HERE / "build"
DIST = HERE / "dist"
ICONS = BUILD / "icons"
LOG = BUILD / "pyinstaller.log"
APP = "bss-desktop"
MAC_APP = "BSS Desktop.app"

SCREENSHOT_SIZE = (1280, 800)
SCREENSHOT_MIN_BYTES = 20_000
SMOKE_TIMEOUT = 180  # seconds per command


class BuildError(Exception):
    """A step failed; the message says which and why."""


def bundle_path(dist: Path = DIST) -> Path:
    """What players get: the .app on macOS, the one-folder bundle elsewhere."""
    return dist / MAC_APP if sys.platform == "darwin" else dist / APP


def executable(dist: Path = DIST) -> Path:
    """The bundled program to run the command-line smoke test with (it must have a stdout)."""
    if sys.platform == "darwin":
        return dist / MAC_APP / "Contents" / "MacOS" / APP
    if sys.platform.startswith("win"):
        return dist / APP / f"{APP}-cli.exe"  # the windowed bss-desktop.exe has no console to print to
    return dist / APP / APP


def folder_size(path: Path) -> int:
    if path.is_file():
        return path.stat().st_size
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def png_size(path: Path) -> tuple[int, int]:
    """Width and height from a PNG's header (no imaging library needed)."""
    with open(path, "rb") as f:
        head = f.read(24)
    if len(head) < 24 or head[:8] != b"\x89PNG\r\n\x1a\n" or head[12:16] != b"IHDR":
        raise BuildError(f"{path} is not a PNG file")
    return struct.unpack(">II", head[16:24])


def _mb(n: int) -> str:
    return f"{n / 1_000_000:.1f} MB"


def make_icons() -> None:
    print(f"[1/3] icons from assets/icon/bss-desktop.svg -> {ICONS.relative_to(ROOT)}", flush=True)
    done = subprocess.run([sys.executable, str(HERE / "make_icons.py"), "--out", str(ICONS)],
                          capture_output=True, text=True)
    if done.returncode != 0:
        raise BuildError(f"generating the icons failed:\n{done.stdout}{done.stderr}")


def run_pyinstaller(clean: bool) -> None:
    try:
        import PyInstaller  # noqa: F401
    except ImportError:
        raise BuildError("PyInstaller is not installed in this environment; "
                         'install the packaging tools with: pip install -e ".[package]"') from None
    cmd = [sys.executable, "-m", "PyInstaller", str(SPEC), "--noconfirm", "--log-level", "WARN",
           "--distpath", str(DIST), "--workpath", str(BUILD / "pyinstaller")]
    if clean:
        cmd.append("--clean")
    print(f"[2/3] PyInstaller {SPEC.relative_to(ROOT)} -> {DIST.relative_to(ROOT)} "
          f"(log: {LOG.relative_to(ROOT)})", flush=True)
    BUILD.mkdir(parents=True, exist_ok=True)
    with open(LOG, "w", encoding="utf-8") as log:
        done = subprocess.run(cmd, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
    text = LOG.read_text(encoding="utf-8", errors="replace")
    for line in text.splitlines():
        if line.startswith("bss_desktop.spec:"):  # what the spec itself says (which Qt binding, warnings)
            print("      " + line)
    missing = sorted(set(re.findall(r"Library not found: could not resolve '([^']+)'", text)))
    if missing:
        print("      note: these libraries were not found on this machine and are NOT in the bundle; players'"
              f" systems must provide them (or install them here and rebuild): {', '.join(missing)}")
    if done.returncode != 0:
        tail = "\n".join(text.splitlines()[-30:])
        raise BuildError(f"PyInstaller failed (exit code {done.returncode}); the end of {LOG}:\n{tail}")


def _smoke_env(home: Path) -> dict:
    env = dict(os.environ)
    env["QT_QPA_PLATFORM"] = "offscreen"
    for var in ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "QT_PLUGIN_PATH", "QML2_IMPORT_PATH"):
        env.pop(var, None)  # the bundle must stand on its own
    if not sys.platform.startswith("win"):  # keep the player's settings and imported cards out of the test
        env["HOME"] = str(home)
        for var, sub in (("XDG_CONFIG_HOME", "config"), ("XDG_DATA_HOME", "data"), ("XDG_CACHE_HOME", "cache")):
            env[var] = str(home / sub)
    return env


def _run(exe: Path, args: list[str], env: dict, cwd: Path) -> str:
    shown = " ".join([exe.name, *args])
    try:
        done = subprocess.run([str(exe), *args], env=env, cwd=cwd, capture_output=True, text=True,
                              timeout=SMOKE_TIMEOUT)
    except subprocess.TimeoutExpired:
        raise BuildError(f"smoke test: `{shown}` did not finish within {SMOKE_TIMEOUT} s") from None
    if done.returncode != 0:
        raise BuildError(f"smoke test: `{shown}` exited with {done.returncode}:\n{done.stdout}{done.stderr}")
    return done.stdout


def smoke_test(dist: Path = DIST) -> Path:
    """Run the bundled executable offscreen; returns the screenshot it saved (kept in packaging/build)."""
    exe = executable(dist)
    if not exe.is_file():
        raise BuildError(f"no bundled executable at {exe}; build it first (python packaging/build.py)")
    print(f"[3/3] smoke test with {exe.relative_to(dist.parent) if dist.parent in exe.parents else exe}",
          flush=True)
    BUILD.mkdir(parents=True, exist_ok=True)
    shot = BUILD / "smoke-screenshot.png"
    shot.unlink(missing_ok=True)
    with tempfile.TemporaryDirectory(prefix="bss-smoke-") as tmp:
        env, cwd = _smoke_env(Path(tmp)), Path(tmp)

        _run(exe, ["--screenshot", str(shot)], env, cwd)
        if not shot.is_file():
            raise BuildError(f"smoke test: --screenshot exited 0 but wrote no file at {shot}")
        size, (w, h) = shot.stat().st_size, png_size(shot)
        if (w, h) != SCREENSHOT_SIZE:
            raise BuildError(f"smoke test: the screenshot is {w}x{h}, expected "
                             f"{SCREENSHOT_SIZE[0]}x{SCREENSHOT_SIZE[1]}")
        if size <= SCREENSHOT_MIN_BYTES:
            raise BuildError(f"smoke test: the screenshot is only {size} bytes (a blank window?): {shot}")
        print(f"      --screenshot: {w}x{h} PNG, {size // 1000} KB -> {shot.relative_to(ROOT)}")

        out = _run(exe, ["simulate", "--games", "3", "--seed", "1"], env, cwd)
        if not re.search(r"\b3 games\b.*\b0 violations\b", out):
            raise BuildError(f"smoke test: simulate did not report 3 games with 0 violations:\n{out}")
        print(f"      simulate: {out.strip()}")

        out = _run(exe, ["cards", "coverage"], env, cwd)
        total = re.search(r"^total: (\d+)/(\d+) automated", out, re.MULTILINE)
        if not total or int(total.group(2)) == 0:
            raise BuildError(f"smoke test: cards coverage found no shipped cards:\n{out[-2000:]}")
        print(f"      cards coverage: {total.group(0)}")
    return shot


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build and smoke-test the bss_desktop bundle for this OS.")
    parser.add_argument("--skip-build", action="store_true", help="only smoke-test the bundle in packaging/dist")
    parser.add_argument("--clean", action="store_true",
                        help="remove packaging/build and packaging/dist first (and PyInstaller's cache)")
    args = parser.parse_args(argv)
    if args.skip_build and args.clean:
        parser.error("--clean removes the bundle that --skip-build would test")

    started = time.monotonic()
    try:
        if not args.skip_build:
            if args.clean:
                for folder in (BUILD, DIST):
                    shutil.rmtree(folder, ignore_errors=True)
            make_icons()
            run_pyinstaller(clean=args.clean)
        built = time.monotonic()
        smoke_test()
    except BuildError as e:
        print(f"\nFAILED: {e}", file=sys.stderr)
        return 1
    done = time.monotonic()
    bundle = bundle_path()
    build_time = "" if args.skip_build else f"build {built - started:.0f} s, "
    print(f"\nOK: {bundle.relative_to(ROOT)} is {_mb(folder_size(bundle))} "
          f"({build_time}smoke test {done - built:.0f} s, total {done - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
