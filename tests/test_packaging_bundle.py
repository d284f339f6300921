"""The PyInstaller bundle: fast checks of the spec, launcher, icons and desktop entry, and one slow end-to-end
build (only with BSS_BUILD_BUNDLE=1, it takes about a minute: python packaging/build.py does the same)."""
import ast
import configparser
import os
import re
import struct
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGING = ROOT / "packaging"
SPEC = PACKAGING / "bss_desktop.spec"
LAUNCHER = PACKAGING / "launcher.py"
DESKTOP = PACKAGING / "bss-desktop.desktop"
ICON_SOURCE = ROOT / "assets" / "icon" / "bss-desktop.svg"

sys.path.insert(0, str(PACKAGING))
import make_icons  # noqa: E402

sys.path.remove(str(PACKAGING))


def png_dimensions(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR", "not a PNG"
    return struct.unpack(">II", data[16:24])


# --- the launcher -----------------------------------------------------------------------------------------------

def test_the_launcher_runs_the_console_script_and_exits_with_its_code():
    tree = ast.parse(LAUNCHER.read_text())
    imports = [n for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
    assert any(n.module == "bss_desktop.cli" and [a.name for a in n.names] == ["main"] for n in imports)
    calls = {ast.unparse(n) for n in ast.walk(tree) if isinstance(n, ast.Call)}
    assert "sys.exit(main())" in calls
    entry = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]["bss-desktop"]
    assert entry == "bss_desktop.cli:main"  # the same function the installed command runs


def test_the_launcher_passes_arguments_and_exit_code_through(tmp_path):
    missing = tmp_path / "no-such-cards"
    done = subprocess.run([sys.executable, str(LAUNCHER), "import-cards", str(missing), "--dest", str(tmp_path / "d")],
                          capture_output=True, text=True, timeout=120, cwd=tmp_path,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert (done.returncode, done.stdout) == (2, "")  # cmd_import_cards returns 2 when nothing can be read
    assert "no-such-cards" in done.stderr


# --- the spec, run for each OS with PyInstaller's classes stubbed out ------------------------------------------

class Target:
    def __init__(self, *args, **kwargs):
        self.args, self.kwargs = args, kwargs
        RECORDED.append(self)


class Analysis(Target):
    # what PyInstaller's Qt hooks collect on the three OSes, to check what the spec filters out
    BINARIES = {
        "PySide6/Qt/lib/libQt6Core.so.6": True, "PySide6/Qt/lib/libQt6Gui.so.6": True,
        "PySide6/Qt/lib/libQt6Widgets.so.6": True, "PySide6/Qt/lib/libQt6Network.so.6": True,
        "PySide6/Qt/lib/libQt6Svg.so.6": True, "PySide6/Qt/lib/libQt6DBus.so.6": True,
        "PySide6/Qt/lib/libQt6XcbQpa.so.6": True, "PySide6/Qt/lib/libQt6WaylandClient.so.6": True,
        "PySide6/Qt/lib/libQt6OpenGL.so.6": True, "PySide6/Qt/lib/libicudata.so.73": True,
        "PySide6/Qt/plugins/platforms/libqxcb.so": True, "PySide6/Qt/plugins/platforms/libqwayland.so": True,
        "PySide6/Qt/plugins/platforms/libqoffscreen.so": True, "PySide6/Qt/plugins/imageformats/libqsvg.so": True,
        "PySide6/Qt/plugins/iconengines/libqsvgicon.so": True, "PySide6/QtNetwork.abi3.so": True,
        "PySide6/Qt/plugins/platforms/libqeglfs.so": False, "PySide6/Qt/plugins/platforms/libqvnc.so": False,
        "PySide6/Qt/plugins/platforms/libqlinuxfb.so": False, "PySide6/Qt/lib/libQt6EglFSDeviceIntegration.so.6": False,
        "PySide6/Qt/plugins/tls/libqopensslbackend.so": False, "PySide6/Qt/lib/libQt6Quick.so.6": False,
        "PySide6/Qt/lib/libQt6Qml.so.6": False, "PySide6/Qt/lib/libQt6Pdf.so.6": False,
        "PySide6/Qt/plugins/platforminputcontexts/libqtvirtualkeyboardplugin.so": False,  # needs QtQuick
        "PySide6/Qt/plugins/platforminputcontexts/libcomposeplatforminputcontextplugin.so": True,  # dead keys
        "PySide6/Qt6Core.dll": True, "PySide6/Qt6Widgets.dll": True, "PySide6/plugins/platforms/qwindows.dll": True,
        "PySide6/plugins/platforms/qdirect2d.dll": False, "PySide6/Qt6Quick.dll": False,
        "PySide6/Qt/lib/QtGui.framework/Versions/A/QtGui": True,
        "PySide6/Qt/plugins/platforms/libqcocoa.dylib": True,
        "PySide6/Qt/lib/QtQuick.framework/Versions/A/QtQuick": False,
    }
    DATAS = {"cards/sets/core.yaml": True, "assets/positions/demo.yaml": True,
             "PySide6/Qt/translations/qtbase_de.qm": False, "bss_desktop/__pycache__/x.pyc": False}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.binaries = [(dest, "/src/" + dest, "BINARY") for dest in self.BINARIES]
        self.datas = [(dest, "/src/" + dest, "DATA") for dest in self.DATAS]
        self.pure, self.scripts = [], []


class PYZ(Target):
    pass


class EXE(Target):
    pass


class COLLECT(Target):
    pass


class BUNDLE(Target):
    pass


RECORDED: list = []


@pytest.fixture(scope="module")
def icons(tmp_path_factory):
    """make_icons.py run as the build runs it (a child process: it starts a Qt application)."""
    out = tmp_path_factory.mktemp("icons")
    done = subprocess.run([sys.executable, str(PACKAGING / "make_icons.py"), "--out", str(out)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return out


def run_spec(platform, tmp_path, icons, monkeypatch):
    """Execute the spec as PyInstaller does (its globals, sys.platform faked); returns the targets it made."""
    RECORDED.clear()
    monkeypatch.setenv("BSS_ICON_DIR", str(icons))
    namespace = {"SPECPATH": str(PACKAGING), "SPEC": str(SPEC), "specnm": "bss_desktop",
                 "DISTPATH": str(tmp_path / "dist"), "workpath": str(tmp_path / "work"), "os": os,
                 "Analysis": Analysis, "PYZ": PYZ, "EXE": EXE, "COLLECT": COLLECT, "BUNDLE": BUNDLE}
    code = compile(SPEC.read_text(encoding="utf-8"), str(SPEC), "exec")
    real = sys.platform
    try:
        sys.platform = platform
        exec(code, namespace)
    finally:
        sys.platform = real
    return {kind: [t for t in RECORDED if type(t).__name__ == kind]
            for kind in ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE")}


@pytest.mark.parametrize("platform", ["linux", "win32", "darwin"])
def test_the_spec_builds_one_folder_from_the_launcher(platform, tmp_path, icons, monkeypatch):
    made = run_spec(platform, tmp_path, icons, monkeypatch)
    (analysis,) = made["Analysis"]
    assert [Path(s).name for s in analysis.args[0]] == ["launcher.py"]
    assert Path(analysis.args[0][0]) == LAUNCHER
    assert made["EXE"], "no executable"
    for exe in made["EXE"]:  # one-folder: binaries go to COLLECT, never into the executable (onefile)
        assert exe.kwargs["exclude_binaries"] is True and exe.kwargs["upx"] is False
    (collect,) = made["COLLECT"]
    assert collect.kwargs["name"] == "bss-desktop"
    assert set(map(id, made["EXE"])) <= set(map(id, collect.args))
    gui = next(exe for exe in made["EXE"] if exe.kwargs["name"] == "bss-desktop")
    assert gui.kwargs["console"] is False


def test_the_spec_bundles_cards_and_assets_where_the_lookup_finds_them(tmp_path, icons, monkeypatch):
    from bss_desktop import resources

    made = run_spec("linux", tmp_path, icons, monkeypatch)
    datas = made["Analysis"][0].kwargs["datas"]
    assert {dest for _, dest in datas} == set(resources._KINDS)  # <_MEIPASS>/cards and <_MEIPASS>/assets
    for src, dest in datas:
        assert Path(src) == ROOT / dest and Path(src).is_dir()


def test_the_spec_names_every_module_of_the_package(tmp_path, icons, monkeypatch):
    made = run_spec("linux", tmp_path, icons, monkeypatch)
    hidden = set(made["Analysis"][0].kwargs["hiddenimports"])
    assert {"bss_desktop.cli", "bss_desktop.app.main", "bss_desktop.net.headless", "bss_desktop.bench.client",
            "bss_desktop.client.windows.lan", "bss_desktop.sim.simulate"} <= hidden


def test_windows_gets_the_ico_and_a_console_twin_for_the_command_line(tmp_path, icons, monkeypatch):
    made = run_spec("win32", tmp_path, icons, monkeypatch)
    by_name = {exe.kwargs["name"]: exe for exe in made["EXE"]}
    assert set(by_name) == {"bss-desktop", "bss-desktop-cli"}
    assert by_name["bss-desktop"].kwargs["console"] is False and by_name["bss-desktop-cli"].kwargs["console"] is True
    for exe in by_name.values():
        assert exe.kwargs["icon"] == str(icons / "bss-desktop.ico")
    assert made["BUNDLE"] == []


def test_macos_gets_an_app_with_the_bundle_identifier_and_the_icns(tmp_path, icons, monkeypatch):
    made = run_spec("darwin", tmp_path, icons, monkeypatch)
    (bundle,) = made["BUNDLE"]
    assert bundle.args == tuple(made["COLLECT"])
    assert bundle.kwargs["bundle_identifier"] == "org.bssdesktop.app"
    assert bundle.kwargs["name"].endswith(".app")
    assert bundle.kwargs["icon"] == str(icons / "bss-desktop.icns")
    assert "NSLocalNetworkUsageDescription" in bundle.kwargs["info_plist"]  # LAN play on macOS 15+
    assert [exe.kwargs["name"] for exe in made["EXE"]] == ["bss-desktop"]


def test_linux_gets_the_desktop_entry_and_icon_theme_next_to_the_executable(tmp_path, icons, monkeypatch):
    made = run_spec("linux", tmp_path, icons, monkeypatch)
    assert made["BUNDLE"] == [] and [exe.kwargs["name"] for exe in made["EXE"]] == ["bss-desktop"]
    share = tmp_path / "dist" / "bss-desktop" / "share"
    assert (share / "applications" / "bss-desktop.desktop").read_text() == DESKTOP.read_text()
    assert (share / "icons" / "hicolor" / "256x256" / "apps" / "bss-desktop.png").is_file()
    assert (share / "icons" / "hicolor" / "scalable" / "apps" / "bss-desktop.svg").is_file()


def test_the_spec_drops_unused_qt_files_and_keeps_what_the_app_needs(tmp_path, icons, monkeypatch):
    made = run_spec("linux", tmp_path, icons, monkeypatch)
    analysis = made["Analysis"][0]
    kept = {dest for dest, _, _ in analysis.binaries} | {dest for dest, _, _ in analysis.datas}
    expected = {dest for dest, keep in {**Analysis.BINARIES, **Analysis.DATAS}.items() if keep}
    assert kept == expected


def test_the_spec_excludes_no_qt_module_the_app_imports(tmp_path, icons, monkeypatch):
    made = run_spec("linux", tmp_path, icons, monkeypatch)
    excluded = set(made["Analysis"][0].kwargs["excludes"])
    assert {"PySide6.QtWebEngineCore", "PySide6.Qt3DCore", "PySide6.QtMultimedia", "PySide6.QtQuick"} <= excluded
    used = set()
    for path in (ROOT / "bss_desktop").rglob("*.py"):
        used |= set(re.findall(r"\bPySide6\.Qt\w+", path.read_text(encoding="utf-8")))
    assert {"PySide6.QtCore", "PySide6.QtGui", "PySide6.QtWidgets", "PySide6.QtNetwork"} <= used
    assert used & excluded == set(), "the app imports a Qt module the spec excludes: update UNUSED_QT"


# --- the desktop entry -----------------------------------------------------------------------------------------

def test_the_desktop_entry_has_the_required_keys():
    entry = configparser.ConfigParser(interpolation=None, strict=True)
    entry.optionxform = str  # keys are case-sensitive
    entry.read_string(DESKTOP.read_text(encoding="utf-8"))
    assert entry.sections() == ["Desktop Entry"]
    e = entry["Desktop Entry"]
    assert e["Type"] == "Application"
    assert e["Name"] and e["Comment"]
    assert e["Exec"] == "bss-desktop"  # the console script and the bundled executable share this name
    assert e["Icon"] == "bss-desktop" == make_icons.NAME
    assert e["Terminal"] == "false"
    assert e["Categories"].endswith(";") and {"Game", "CardGame"} <= set(e["Categories"].split(";"))


# --- the icons -------------------------------------------------------------------------------------------------

def test_make_icons_writes_an_ico_with_every_windows_size(icons):
    from PySide6.QtGui import QImage

    data = (icons / "bss-desktop.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind, count) == (0, 1, len(make_icons.ICO_SIZES))
    images = {}
    for i in range(count):
        w, h, _, _, planes, bpp, length, offset = struct.unpack("<BBBBHHII", data[6 + 16 * i:22 + 16 * i])
        assert (w, planes, bpp) == (h, 1, 32) and offset + length <= len(data)
        images[w or 256] = data[offset:offset + length]
    assert list(images) == list(make_icons.ICO_SIZES)
    assert png_dimensions(images[256]) == (256, 256)  # Windows wants the 256 px image as PNG
    for size in (16, 32, 48):  # 32-bit DIBs, bottom-up rows of B, G, R, A: the same pixels as the PNG of that size
        dib = images[size]
        assert struct.unpack("<IiiHH", dib[:16]) == (40, size, 2 * size, 1, 32)
        png = QImage(str(icons / "png" / f"bss-desktop-{size}.png"))
        for y in range(size):
            for x in range(size):
                b, g, r, a = dib[40 + 4 * ((size - 1 - y) * size + x):][:4]
                c = png.pixelColor(x, y)
                assert (r, g, b, a) == (c.red(), c.green(), c.blue(), c.alpha()), (size, x, y)


def test_make_icons_writes_an_icns_with_every_macos_size(icons):
    data = (icons / "bss-desktop.icns").read_bytes()
    assert data[:4] == b"icns" and struct.unpack(">I", data[4:8])[0] == len(data)
    found, pos = {}, 8
    while pos < len(data):
        kind, length = data[pos:pos + 4].decode("ascii"), struct.unpack(">I", data[pos + 4:pos + 8])[0]
        found[kind] = png_dimensions(data[pos + 8:pos + length])
        pos += length
    assert pos == len(data)
    assert found == {kind: (size, size) for kind, size in make_icons.ICNS_TYPES}


def test_make_icons_writes_linux_pngs_and_an_icon_theme(icons):
    from PySide6.QtGui import QImage

    for size in make_icons.PNG_SIZES:
        png = icons / "png" / f"bss-desktop-{size}.png"
        assert png_dimensions(png.read_bytes()) == (size, size)
        assert (icons / "hicolor" / f"{size}x{size}" / "apps" / "bss-desktop.png").read_bytes() == png.read_bytes()
    assert (icons / "hicolor" / "scalable" / "apps" / "bss-desktop.svg").read_bytes() == ICON_SOURCE.read_bytes()
    assert min(make_icons.PNG_SIZES) == 16 and max(make_icons.PNG_SIZES) == 512
    image = QImage(str(icons / "png" / "bss-desktop-256.png"))
    assert image.pixelColor(0, 0).alpha() == 0  # rounded corners are transparent
    assert image.pixelColor(128, 128).alpha() == 255  # the icon itself is drawn
    assert make_icons.up_to_date(out=icons)


# --- the real build (slow) -------------------------------------------------------------------------------------

@pytest.mark.skipif(os.environ.get("BSS_BUILD_BUNDLE") != "1",
                    reason="builds the PyInstaller bundle (about a minute); set BSS_BUILD_BUNDLE=1 to run it")
def test_the_bundle_builds_and_passes_its_smoke_test():
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run([sys.executable, str(PACKAGING / "build.py")], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=1800)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "OK: " in done.stdout
    shot = PACKAGING / "build" / "smoke-screenshot.png"
    assert png_dimensions(shot.read_bytes()) == (1280, 800) and shot.stat().st_size > 20_000
    assert re.search(r"simulate: 3 games.*0 violations", done.stdout)
    assert re.search(r"cards coverage: total: \d+/\d+ automated", done.stdout)
