"""The install metadata ships every package and the card data."""
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_subpackage_is_listed_in_pyproject():
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "bss_desktop").rglob("__init__.py")}
    assert found - listed == set(), "add these packages to [tool.setuptools] packages in pyproject.toml"


def test_resources_find_the_shipped_cards_from_a_checkout():
    from bss_desktop.resources import cards_dir

    assert (cards_dir() / "sets").is_dir() and list((cards_dir() / "decks").glob("*.txt"))
