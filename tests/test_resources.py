"""bss_desktop.resources finds the shipped data in a source checkout, an installed wheel and a frozen bundle."""
import importlib.util
import re
import shutil
import sys
from pathlib import Path

import pytest

from bss_desktop import resources
from bss_desktop.carddb.database import load_default_db
from bss_desktop.carddb.decks import shipped_decks
from bss_desktop.resources import assets_dir, bundle_dir, cards_dir, data_dir

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "bss_desktop"


@pytest.fixture
def not_frozen(monkeypatch):
    """Whatever runs the tests, resolve as plain Python sources."""
    monkeypatch.delattr(sys, "_MEIPASS", raising=False)
    monkeypatch.delattr(sys, "frozen", raising=False)


def fake_bundle(root: Path) -> Path:
    """A folder laid out like the bundle's _internal folder (packaging/bss_desktop.spec's datas), with only the
    core set and one renamed deck, so finding it cannot be mistaken for finding the checkout."""
    (root / "cards" / "sets").mkdir(parents=True)
    (root / "cards" / "decks").mkdir()
    shutil.copyfile(ROOT / "cards" / "sets" / "core.yaml", root / "cards" / "sets" / "core.yaml")
    shutil.copyfile(ROOT / "cards" / "decks" / "red-vanilla.txt", root / "cards" / "decks" / "bundled-red.txt")
    (root / "assets" / "positions").mkdir(parents=True)
    (root / "assets" / "positions" / "demo.yaml").write_text("# placeholder\n")
    return root


# --- source checkout -------------------------------------------------------------------------------------------

def test_a_checkout_finds_the_cards_and_decks_next_to_pyproject(not_frozen):
    assert bundle_dir() is None
    assert cards_dir() == ROOT / "cards"
    sets = sorted(p.name for p in (cards_dir() / "sets").glob("*.yaml"))
    assert "core.yaml" in sets and "saga1.yaml" in sets
    assert {"red-vanilla.txt", "red-saga.txt"} <= {p.name for p in (cards_dir() / "decks").glob("*.txt")}


def test_a_checkout_finds_the_assets(not_frozen):
    assert assets_dir() == ROOT / "assets"
    assert (assets_dir() / "positions" / "demo.yaml").is_file()
    assert (assets_dir() / "icon" / "bss-desktop.svg").is_file()


def test_the_card_loaders_read_through_the_lookup(not_frozen):
    db = load_default_db()
    decks = shipped_decks(db)
    assert {"red-vanilla", "red-saga"} <= set(decks)
    assert any(card_id.startswith("SG1-") for card_id in db)  # saga1.yaml from cards/sets was read


def test_an_unknown_kind_is_refused():
    with pytest.raises(ValueError, match="unknown data kind 'sounds'"):
        data_dir("sounds")


# --- frozen bundle ---------------------------------------------------------------------------------------------

def test_a_bundle_finds_its_data_under_meipass(monkeypatch, tmp_path):
    bundle = fake_bundle(tmp_path / "_internal")
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(bundle), raising=False)
    assert bundle_dir() == bundle
    assert cards_dir() == bundle / "cards"  # not the checkout these tests run from
    assert assets_dir() == bundle / "assets"


def test_in_a_bundle_the_card_database_and_decks_come_from_the_bundle(monkeypatch, tmp_path):
    bundle = fake_bundle(tmp_path / "_internal")
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(bundle), raising=False)
    db = load_default_db.__wrapped__()  # uncached: the cached one may have been read from the checkout
    assert len(db) > 0 and all(card_id.startswith("CORE-") for card_id in db)  # only the bundled core set
    assert set(shipped_decks(db)) == {"bundled-red"}


def test_a_bundle_without_its_data_says_so(monkeypatch, tmp_path):
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    with pytest.raises(FileNotFoundError, match=re.escape(str(tmp_path / "cards"))):
        cards_dir()


def test_a_frozen_build_without_meipass_looks_next_to_the_executable(monkeypatch, tmp_path):
    bundle = fake_bundle(tmp_path / "app")
    monkeypatch.delattr(sys, "_MEIPASS", raising=False)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", str(bundle / "bss-desktop"))
    assert cards_dir() == bundle / "cards"
    assert assets_dir() == bundle / "assets"


# --- installed wheel -------------------------------------------------------------------------------------------

def load_resources_from(package_dir: Path):
    """bss_desktop/resources.py as if imported from `package_dir` (an installed copy of the package)."""
    package_dir.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(PACKAGE / "resources.py", package_dir / "resources.py")
    spec = importlib.util.spec_from_file_location(f"resources_copy_{abs(hash(package_dir))}",
                                                  package_dir / "resources.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_wheel_finds_the_data_packages(not_frozen, tmp_path):
    site = tmp_path / "site-packages"
    (site / "bss_desktop" / "_cards" / "sets").mkdir(parents=True)
    (site / "bss_desktop" / "_assets" / "positions").mkdir(parents=True)
    (site / "cards").mkdir()  # some other distribution's top-level "cards": not ours without a pyproject.toml
    installed = load_resources_from(site / "bss_desktop")
    assert installed.cards_dir() == site / "bss_desktop" / "_cards"
    assert installed.assets_dir() == site / "bss_desktop" / "_assets"


def test_a_checkout_is_recognised_by_its_pyproject(not_frozen, tmp_path):
    checkout = tmp_path / "checkout"
    (checkout / "cards").mkdir(parents=True)
    (checkout / "pyproject.toml").write_text("[project]\nname = 'bss-desktop'\n")
    copy = load_resources_from(checkout / "bss_desktop")
    assert copy.cards_dir() == checkout / "cards"


def test_the_wheel_maps_the_data_packages_the_lookup_expects():
    import tomllib

    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    for kind in resources._KINDS:
        assert setuptools["package-dir"][f"bss_desktop._{kind}"] == kind
        assert f"bss_desktop._{kind}" in setuptools["packages"]


# --- one way to find resources ---------------------------------------------------------------------------------

def test_no_other_module_builds_paths_to_shipped_data():
    offenders = []
    for path in PACKAGE.rglob("*.py"):
        if path == PACKAGE / "resources.py":
            continue
        text = path.read_text(encoding="utf-8")
        if re.search(r"__file__|_MEIPASS|sys\.frozen|importlib\.resources|pkg_resources", text):
            offenders.append(str(path.relative_to(ROOT)))
    assert offenders == [], "find shipped data with bss_desktop.resources (cards_dir/assets_dir) instead"
