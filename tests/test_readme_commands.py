"""The README's two commands work side by side on one machine (audit issue 25, item 22): the test command installed
the project, editable, into the app's own `.venv`, which swapped the app's installed files for the checkout's under
a running app (the next window it opened failed with ModuleNotFoundError). The tests now have an environment of
their own; CI runs the README's test command word for word."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _commands() -> tuple[str, str]:
    """(the command that installs and starts the app, the command that installs what the tests need and runs them)."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    head = text[:text.index("## What works today")]
    app_part, test_part = head.split("**Install what the tests need and run them**")
    block = re.compile(r"```sh\n(.+?)\n```", re.S)
    return block.findall(app_part)[0].strip(), block.findall(test_part)[0].strip()


def _venv(command: str) -> str:
    m = re.match(r"python3 -m venv (\S+) && \. (\S+)/bin/activate && ", command)
    assert m and m.group(1) == m.group(2), command
    return m.group(1)


def test_the_app_and_the_tests_install_into_environments_of_their_own():
    app, tests = _commands()
    assert app.endswith("pip install . && bss-desktop")
    assert tests.endswith('pip install -q -e ".[test]" && python -m pytest')
    assert _venv(app) != _venv(tests)


def test_ci_runs_the_readme_test_command_word_for_word():
    _, tests = _commands()
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert tests in ci.splitlines()


def test_neither_environment_is_committed():
    app, tests = _commands()
    ignored = (ROOT / ".gitignore").read_text(encoding="utf-8").split()
    for env in (_venv(app), _venv(tests)):
        assert f"{env}/" in ignored
