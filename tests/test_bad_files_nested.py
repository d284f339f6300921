"""Every reader of a file or text that a player, a peer or a card definition supplies bounds its size and its depth
(bss_desktop/data_files.py; issue 25, items 2 and 3).

A file nested ~50,000 levels deep (JSON arrays and objects; YAML in block and in flow style) is refused by each
reader with its own error, naming the file and the line, instead of a RecursionError that names nothing; a file
larger than what it reads can be is refused before it is read whole, saying the bound. The app starts with a
nested profile, settings file and autosave of the player's and names each; the command line answers with one
line and exit status 2.

Each test points the player's folders at its own scratch folder (BSS_DESKTOP_HOME, bss_desktop/paths.py)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from bss_desktop import paths
from bss_desktop.carddb.database import load_default_db
from bss_desktop.data_files import MAX_DEPTH, DataFileError, json_depth_line, load_json, load_yaml

ROOT = Path(__file__).resolve().parent.parent
DEEP = 50_000
TOO_DEEP = f"nested more than {MAX_DEPTH} levels deep (the limit)"
DB = load_default_db()


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("BSS_DESKTOP_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def _sized(path: Path, head: str, size: int) -> Path:
    """A file of `size` bytes that starts like the real thing; the rest is a hole (no disk used), so a reader
    that reads it whole reads zeros."""
    _write(path, head)
    os.truncate(path, size)
    return path


# The nesting, on the document's line 2 (readers name that line).
def json_doc(kind: str, field: str = "a", head: dict | None = None, deep: int = DEEP) -> str:
    nested = "[" * deep + "]" * deep if kind == "array" else '{"a": ' * deep + "1" + "}" * deep
    first = json.dumps(head or {})[1:-1]
    return "{" + (first + "," if first else "") + f'\n"{field}": {nested}\n}}\n'


def yaml_doc(kind: str, field: str = "a", head: str = "") -> str:
    head = head or "format: x\n"
    if kind == "block":  # "- - - x": a sequence in a sequence, 50,000 times, on one line
        indent = " " * (len(field) - len(field.lstrip()))
        return f"{head}{field}:\n{indent}" + "- " * DEEP + "x\n"
    if kind == "flow":
        return f"{head}{field}: " + "[" * DEEP + "]" * DEEP + "\n"
    return f"{head}{field}: " + "{a: " * DEEP + "b" + "}" * DEEP + "\n"  # flow mappings


JSON_KINDS = ["array", "object"]
YAML_KINDS = ["block", "flow", "flow-map"]


def line_of(text: str, needle: str) -> int:
    return text[:text.index(needle)].count("\n") + 1


# ---------------------------------------------------------------- the module itself


@pytest.mark.parametrize("loader", [yaml.SafeLoader, getattr(yaml, "CSafeLoader", yaml.SafeLoader)],
                         ids=["python", "libyaml"])
@pytest.mark.parametrize("kind", [*YAML_KINDS, "complex-keys"])
def test_yaml_nested_50000_deep_is_refused_at_its_line_by_either_loader(loader, kind):
    text = "? " * DEEP + "x\n" if kind == "complex-keys" else yaml_doc(kind)
    with pytest.raises(DataFileError) as refused:
        load_yaml(text, source="deep.yaml", loader=loader)
    want_line = 1 if kind == "complex-keys" else 2 + (kind == "block")
    assert str(refused.value) == f"deep.yaml: line {want_line}: {TOO_DEEP}"


@pytest.mark.parametrize("loader", [yaml.SafeLoader, getattr(yaml, "CSafeLoader", yaml.SafeLoader)],
                         ids=["python", "libyaml"])
def test_yaml_aliases_cannot_nest_without_end_nor_stand_for_a_billion_values(loader):
    def refused(text: str) -> str:
        with pytest.raises(DataFileError) as e:
            load_yaml(text, source="alias.yaml", loader=loader)
        return str(e.value)

    assert "*a is inside its own anchor" in refused("a: &a [1, *a]\n")
    # each anchor within the limit, the alias of one inside the other beyond it
    chain = f"a: &a {'[' * 40}1{']' * 40}\nb: {'[' * 30}*a{']' * 30}\n"
    assert refused(chain) == f"alias.yaml: line 2: {TOO_DEEP}"
    laughs = "a: &a [x,x,x,x,x,x,x,x,x,x]\n" + "".join(
        f"{c}: &{c} [{','.join([f'*{p}'] * 10)}]\n" for p, c in zip("abcdefgh", "bcdefghi"))
    assert "stand for more than 100,000 values (the limit)" in refused(laughs)
    # aliases as players use them still read
    assert load_yaml("a: &x {b: 1}\nc: *x\nd: [*x, *x]\n", loader=loader)["d"] == [{"b": 1}, {"b": 1}]


@pytest.mark.parametrize("kind", JSON_KINDS)
def test_json_nested_50000_deep_is_refused_at_its_line(kind):
    with pytest.raises(DataFileError) as refused:
        load_json(json_doc(kind), source="deep.json")
    assert str(refused.value) == f"deep.json: line 2: {TOO_DEEP}"


def test_brackets_inside_json_strings_do_not_count():
    text = json.dumps({"note": "[[[[{{{{" * 1000, "ok": [[1]]})
    assert json_depth_line(text, MAX_DEPTH) is None and load_json(text)["ok"] == [[1]]


def _depth_line_by_hand(text: str, limit: int) -> int | None:
    """Character by character, as the parser reads: a backslash escapes the next character; a string runs from
    its quote to the next quote not escaped, or to its line's end (where the parser gives up on it)."""
    depth, in_string, line, i = 0, False, 1, 0
    while i < len(text):
        c = text[i]
        if c == "\\" and i + 1 < len(text) and text[i + 1] != "\n":
            i += 2
            continue
        if c == "\n":
            line, in_string = line + 1, False
        elif c == '"':
            in_string = not in_string
        elif not in_string and c in "[{":
            depth += 1
            if depth > limit:
                return line
        elif not in_string and c in "]}":
            depth -= 1
        i += 1
    return None


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(['[', ']', '{', '}', '"[{"', '"a\\"]"', '"', '\\', ',', '1', '\n', '"\\\\"']),
                max_size=60),
       st.integers(min_value=1, max_value=8))
def test_the_json_depth_scan_finds_the_line_a_walk_by_hand_finds(parts, limit):
    text = "".join(parts)
    assert json_depth_line(text, limit) == _depth_line_by_hand(text, limit)


def test_the_json_depth_scan_is_linear_on_escaped_quotes():
    """A million escaped quotes: a scan that tried each quote in turn as the start of a string would take minutes
    (quadratic); this one takes the escapes out first."""
    assert json_depth_line('"' + '\\"' * 1_000_000 + "[" * 70, MAX_DEPTH) is None
    assert json_depth_line('"' + '\\"' * 1_000_000 + '"' + "[" * 70, MAX_DEPTH) == 1


def test_a_recursion_error_that_gets_past_the_scan_is_the_same_refusal(monkeypatch):
    from bss_desktop import data_files

    monkeypatch.setattr(data_files, "json_depth_line", lambda text, limit: None)  # as if the scan missed it
    with pytest.raises(DataFileError, match="nested more than"):
        load_json("[" * DEEP + "]" * DEEP, source="deep.json")


def test_every_shipped_file_reads_well_within_the_bounds():
    from bss_desktop.carddb.database import MAX_SET_FILE_BYTES
    from bss_desktop.carddb.decks import MAX_DECK_BYTES
    from bss_desktop.carddb.importer import MAX_CARD_JSON_BYTES
    from bss_desktop.engine.position import MAX_POSITION_BYTES
    from bss_desktop.table.profiles import MAX_FILE_BYTES

    def depth(v) -> int:
        children = list(v.values()) if isinstance(v, dict) else v if isinstance(v, list) else []
        return 1 + max(map(depth, children), default=0) if isinstance(v, (dict, list)) else 0

    bound = {"profiles": MAX_FILE_BYTES, "assets": MAX_POSITION_BYTES, "cards": MAX_SET_FILE_BYTES}
    seen = 0
    for folder in ("cards", "profiles", "assets", "tests/data", "tests/data_import"):
        for path in sorted((ROOT / folder).rglob("*")):
            top = path.relative_to(ROOT).parts[0]
            if path.suffix == ".txt":
                assert path.stat().st_size * 100 < MAX_DECK_BYTES, path
            elif path.suffix in (".yaml", ".json"):
                text = path.read_text(encoding="utf-8-sig")
                try:
                    data = load_json(text) if path.suffix == ".json" else load_yaml(text)
                except (ValueError, yaml.YAMLError) as e:  # tests/data_import/bad holds broken files on purpose
                    assert not isinstance(e, DataFileError) and "bad" in path.parts, path
                    continue
                assert depth(data) * 4 <= MAX_DEPTH, (path, depth(data))
                assert path.stat().st_size * 10 < bound.get(top, MAX_CARD_JSON_BYTES), path
                seen += 1
    assert seen >= 15  # the sets, profiles, demo position and test data


# ---------------------------------------------------------------- settings.json


@pytest.mark.parametrize("kind", JSON_KINDS)
def test_nested_settings_give_the_defaults_named_and_moved_aside(tmp_path, kind):
    from bss_desktop.client.windows.settings import AppSettings

    # 30,000 deep: 180 KB, within the size a settings file may have
    path = _write(tmp_path / "settings.json", json_doc(kind, "hotkeys", {"quick_pay": True}, deep=30_000))
    loaded = AppSettings.load(path)
    assert loaded == AppSettings()
    assert f"{path}: line 2: {TOO_DEEP} — using the default settings" in loaded.problem
    assert "settings.json.bad" in loaded.problem and (tmp_path / "settings.json.bad").is_file()


def test_an_oversized_settings_file_is_refused_by_its_size(tmp_path):
    from bss_desktop.client.windows.settings import AppSettings

    path = _write(tmp_path / "settings.json", json.dumps({"lan_name": "x" * 300_000}))
    loaded = AppSettings.load(path)
    assert loaded == AppSettings()
    assert f"{path}: is 300 KB; a settings file is at most 256 KB" in loaded.problem


# ---------------------------------------------------------------- autosaves and records


def _autosave(kind: str) -> str:
    return json_doc(kind, "record", {"format": "bss-autosave", "version": 1})


@pytest.mark.parametrize("kind", JSON_KINDS)
def test_a_nested_local_autosave_is_named(tmp_path, kind):
    from bss_desktop.app.main import _read_autosave

    assert _read_autosave(_write(tmp_path / "game.json", _autosave(kind))) == (None, f"line 2: {TOO_DEEP}")


def test_an_oversized_autosave_is_refused_unread(tmp_path):
    from bss_desktop.app.main import _read_autosave

    path = _sized(tmp_path / "game.json", '{"format": "bss-autosave", "version": 1, "record": ', 17_000_000)
    assert _read_autosave(path) == (None, "is 17 MB; an autosave is at most 16 MB")


@pytest.mark.parametrize("kind", JSON_KINDS)
def test_a_nested_record_is_a_record_error_naming_the_file(tmp_path, kind):
    from bss_desktop.engine.errors import RecordError
    from bss_desktop.engine.record import load_record

    path = _write(tmp_path / "game.json", json_doc(kind, "commands", {"format": "bss-record", "version": 1}))
    with pytest.raises(RecordError) as refused:
        load_record(path)
    assert str(refused.value) == f"{path}: line 2: {TOO_DEEP}"
    big = _sized(tmp_path / "big.json", '{"format": "bss-record", "version": 1, "commands": [', 17_000_000)
    with pytest.raises(RecordError) as refused:
        load_record(big)
    assert str(refused.value) == f"{big}: is 17 MB; a game record is at most 16 MB"


def test_watching_a_nested_or_binary_record_says_why_in_the_status_bar(qtbot, home, tmp_path):
    from PySide6.QtWidgets import QPushButton

    from bss_desktop.app.main import StartWindow

    start = StartWindow()
    qtbot.addWidget(start)
    watch = next(b for b in start.findChildren(QPushButton) if b.text() == "Watch a saved game…")
    nested = _write(tmp_path / "deep.json", json_doc("array", "commands", {"format": "bss-record", "version": 1}))
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00\x01")
    opened = len(start.windows)
    for path, why in ((nested, f"{nested}: line 2: {TOO_DEEP}"), (binary, f"{binary}: not a text file (byte 0")):
        watch.click()
        _choose_in_the_dialog(start._dialog, path)
        assert start.statusBar().currentMessage().startswith(why)
    assert len(start.windows) == opened


@pytest.mark.parametrize("kind", JSON_KINDS)
def test_nested_lan_autosaves_are_refused_naming_the_file(tmp_path, kind):
    from bss_desktop.net.guest import GuestSession
    from bss_desktop.net.headless import ResumeError, restore_host
    from bss_desktop.net.host import HostSession

    guest = _write(tmp_path / "lan-guest.json", json_doc(kind, "record", {"format": "bss-guest"}))
    with pytest.raises(ValueError) as refused:
        GuestSession.restore(guest, DB)
    assert str(refused.value) == f"{guest}: not a readable autosave (line 2: {TOO_DEEP})"
    host = _write(tmp_path / "lan-host.json", json_doc(kind, "record", {"share": "00"}))
    with pytest.raises(ValueError) as refused:
        HostSession.restore(host, DB)
    assert str(refused.value) == f"{host}: line 2: {TOO_DEEP}"
    with pytest.raises(ResumeError) as refused:
        restore_host(host, DB)
    assert str(refused.value) == f"{host}: line 2: {TOO_DEEP}"
    big = _sized(tmp_path / "big.json", '{"record": ', 17_000_000)
    with pytest.raises(ResumeError, match="is 17 MB; a host autosave is at most 16 MB"):
        restore_host(big, DB)
    with pytest.raises(ValueError, match="is 17 MB; an autosave is at most 16 MB"):
        GuestSession.restore(big, DB)


@pytest.mark.parametrize("kind", JSON_KINDS)
def test_a_nested_deals_file_reads_as_empty_and_says_why(tmp_path, kind):
    from bss_desktop.net.deals import DealBook

    # 5,000 deep: within the deals file's 64 KB
    path = _write(tmp_path / "deals.json", json_doc(kind, "hosts", {"format": "bss-deals"}, deep=5_000))
    book = DealBook(path)
    assert book.read() == {}
    assert book.problems == [f"{path} is not readable ({path}: line 2: {TOO_DEEP})"]


def test_the_lan_windows_open_beside_a_nested_autosave_and_offer_nothing_to_resume(qloop, qtbot, tmp_path):
    from bss_desktop.carddb.decks import shipped_decks
    from bss_desktop.client.windows.lan import HostWindow, JoinWindow

    host_save = _write(tmp_path / "lan-host.json", _autosave("array"))
    guest_save = _write(tmp_path / "lan-guest.json", json_doc("object", "record", {"format": "bss-guest"}))
    host = HostWindow(DB, shipped_decks(DB), bind="127.0.0.1", port=0, autosave=host_save)
    qtbot.addWidget(host)
    join = JoinWindow(DB, shipped_decks(DB), autosave=guest_save)
    qtbot.addWidget(join)
    assert not host.resume_button.isVisibleTo(host) and not join.rejoin_button.isVisibleTo(join)


# ---------------------------------------------------------------- profiles


@pytest.mark.parametrize("kind", [*YAML_KINDS, "json"])
def test_a_nested_profile_is_a_profile_error_naming_the_file_and_line(tmp_path, kind):
    from bss_desktop.table.profiles import load_folders, read_file
    from bss_desktop.table.schema import ProfileError

    text = json_doc("array", "zones", {"id": "deep"}) if kind == "json" else yaml_doc(kind, "zones", "id: deep\n")
    path = _write(tmp_path / "deep.yaml", text)
    with pytest.raises(ProfileError) as refused:
        read_file(path)
    line = 3 if kind == "block" else 2
    assert str(refused.value) == f"{path}: line {line}: {TOO_DEEP}"
    done, failed = load_folders([tmp_path])
    assert not done and str(failed["deep"]) == str(refused.value)


def test_an_oversized_profile_says_the_bound(tmp_path):
    from bss_desktop.table.profiles import load_folders

    _write(tmp_path / "big.yaml", "id: big\n" + "# padding\n" * 30_000)
    _, failed = load_folders([tmp_path])
    assert str(failed["big"]) == f"{tmp_path / 'big.yaml'}: is 300 KB; a profile is at most 256 KB"


# ---------------------------------------------------------------- positions


@pytest.mark.parametrize("kind", [*YAML_KINDS, "json-array", "json-object"])
def test_a_nested_position_is_a_position_error_naming_the_file_and_line(tmp_path, kind):
    from bss_desktop.engine.errors import PositionError
    from bss_desktop.engine.position import load_position_file

    if kind.startswith("json"):
        path = _write(tmp_path / "deep.json", json_doc(kind[5:], "players", {"turn": 1}))
    else:
        path = _write(tmp_path / "deep.yaml", yaml_doc(kind, "players", "turn: 1\n"))
    with pytest.raises(PositionError) as refused:
        load_position_file(path, DB)
    line = 3 if kind == "block" else 2
    assert str(refused.value) == f"{path}: line {line}: {TOO_DEEP}"


def test_an_oversized_position_is_refused_unread(tmp_path):
    from bss_desktop.engine.errors import PositionError
    from bss_desktop.engine.position import load_position_file

    path = _sized(tmp_path / "big.yaml", "turn: 1\n# ", 5_000_000)
    with pytest.raises(PositionError) as refused:
        load_position_file(path, DB)
    assert str(refused.value) == f"{path}: is 5 MB; a position is at most 4 MB"


# ---------------------------------------------------------------- deck lists (item 3: bounded, and said)


def _big_csv(path: Path, size: int = 20_000_000) -> Path:
    row = "4,CORE-002,Cinderclaw Drake,Spirit,Red,C,2,main\n"
    return _write(path, "Count,CardID,Name,Type,Color,Rarity,Cost,Section\n" + row * (size // len(row)))


def test_a_20_mb_deck_list_is_refused_before_it_is_read_saying_the_bound(tmp_path):
    from bss_desktop.carddb.deck_formats import game_deck_file, read_deck
    from bss_desktop.carddb.decks import load_deck_file, user_deck_files
    from bss_desktop.carddb.errors import DeckListError

    path = _big_csv(tmp_path / "big.txt")
    size = f"{path.stat().st_size / 1e6:.0f} MB"
    with pytest.raises(DeckListError) as refused:
        load_deck_file(path, DB)
    assert str(refused.value) == f"{path}: 1 problem:\nis {size}; a deck list is at most 1 MB"
    _, broken = user_deck_files(DB, tmp_path)
    assert broken["big"].summary() == f"big.txt: is {size}; a deck list is at most 1 MB"
    assert game_deck_file(path, DB) == [(None, f"is {size}; a deck list is at most 1 MB")]
    with pytest.raises(DeckListError) as refused:  # text already in memory (a paste)
        read_deck(path.read_text(), DB, source="the clipboard")
    assert str(refused.value) == f"the clipboard: 1 problem:\nis {size}; a deck list is at most 1 MB"


@pytest.mark.parametrize("kind", JSON_KINDS)
def test_a_nested_json_deck_list_is_a_deck_list_error_naming_the_line(tmp_path, kind):
    from bss_desktop.carddb.deck_formats import game_deck_file, read_deck
    from bss_desktop.carddb.errors import DeckListError

    text = json_doc(kind, "cards", {"name": "Deep"})
    with pytest.raises(DeckListError) as refused:
        read_deck(text, DB, source="deep.json")
    assert str(refused.value) == f"deep.json: 1 problem:\nline 2: {TOO_DEEP}"
    assert game_deck_file(_write(tmp_path / "deep.txt", text), DB) == [(2, TOO_DEEP)]


def test_a_nested_kept_line_in_a_deck_list_stays_a_kept_line():
    from bss_desktop.carddb.deck_formats import read_deck

    entry = '{"card_id": ' + "[" * DEEP + "]" * DEEP + "}"
    imported = read_deck(f"Deck: Kept\n# kept (line 2: unknown card): {entry}\n4 CORE-002\n", DB)
    assert imported.deck.cards == ["CORE-002"] * 4 and [k.text for k in imported.kept] == [entry]


@pytest.fixture
def builder(qtbot, home, tmp_path):
    from bss_desktop.carddb.decks import shipped_decks
    from bss_desktop.client.deck_builder import DeckBuilderWindow

    w = DeckBuilderWindow(DB, dict(shipped_decks(DB)), folder=tmp_path / "decks")
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    return w


def _choose_in_the_dialog(dialog, path: Path) -> None:
    """The player picks `path` in the file dialog that is open and presses Open."""
    dialog.selectFile(str(path))
    dialog.accept()  # emits fileSelected, and closes the dialog
    assert not dialog.isVisible()


def _import_through_the_dialog(builder, path: Path) -> None:
    builder.import_action.trigger()
    _choose_in_the_dialog(builder._dialog, path)


def test_the_deck_builder_refuses_a_20_mb_file_and_a_20_mb_paste_saying_the_bound(builder, tmp_path):
    from PySide6.QtWidgets import QApplication

    builder.open_deck("red-saga")
    before = builder.draft.cards()
    path = _big_csv(tmp_path / "big.csv")
    size = f"{path.stat().st_size / 1e6:.0f} MB"
    _import_through_the_dialog(builder, path)
    assert builder.statusBar().currentMessage() == f"{path}: is {size}; a deck list is at most 1 MB; nothing changed"
    QApplication.clipboard().setText(path.read_text())
    builder.paste_action.trigger()
    assert builder.statusBar().currentMessage() == (f"The clipboard's text is {size}; a deck list is at most 1 MB; "
                                                    f"nothing changed")
    assert builder.draft.cards() == before


@pytest.mark.parametrize("kind", JSON_KINDS)
def test_the_deck_builder_names_a_nested_json_deck_file_and_its_line(builder, tmp_path, kind):
    builder.open_deck("red-saga")
    before = builder.draft.cards()
    path = _write(tmp_path / "deep.json", json_doc(kind, "cards", {"name": "Deep"}))
    _import_through_the_dialog(builder, path)
    assert builder.statusBar().currentMessage() == f"{path}: 1 problem: line 2: {TOO_DEEP}"
    assert builder.draft.cards() == before


# ---------------------------------------------------------------- card data: imported JSON, set files, the cache


@pytest.mark.parametrize("kind", JSON_KINDS)
def test_a_nested_card_json_file_is_refused_whole_and_the_others_imported(tmp_path, kind):
    from bss_desktop.carddb.importer import import_cards

    folder = tmp_path / "in"
    deep = _write(folder / "deep.json", json_doc(kind, "effects", {"name": "Probe", "ID": "PR-001"}))
    _write(folder / "ok.json", (ROOT / "tests/data_import/good/fx01-magic.json").read_text())
    report = import_cards(folder, tmp_path / "out")
    assert [c.id for c in report.cards] == ["FX01-012"]
    assert [str(r) for r in report.refused] == [f"{deep}: (no ID): line 2: {TOO_DEEP}"]


def test_an_oversized_card_json_file_is_refused_unread(tmp_path):
    from bss_desktop.carddb.importer import read_records

    path = _sized(tmp_path / "all.json", '[{"name": "Probe", "ID": "PR-001"}, ', 51_000_000)
    records, refused, _ = read_records(path)
    assert records == [] and [r.reason for r in refused] == ["is 51 MB; a card list is at most 50 MB"]


SET_HEAD = "set: {id: DEEP, name: Deep}\ncards:\n  - id: DEEP-001\n    name: Deep\n"


@pytest.mark.parametrize("kind", YAML_KINDS)
def test_a_nested_set_file_is_a_card_data_error_naming_the_file_and_line(tmp_path, kind):
    from bss_desktop.carddb.database import load_set_file
    from bss_desktop.carddb.errors import CardDataError
    from bss_desktop.carddb.importer import import_cards
    from bss_desktop.carddb.user_db import load_user_db

    text = SET_HEAD + yaml_doc(kind, "    effects", "    type: spirit\n")
    path = _write(tmp_path / "imported" / "DEEP.yaml", text)
    line = 7 if kind == "block" else 6
    want = f"{path}: line {line}: {TOO_DEEP}"
    for read in (lambda: load_set_file(path), lambda: load_user_db(user_dir=path.parent, cache=False),
                 lambda: import_cards(ROOT / "tests/data_import/good/fx01-magic.json", path.parent)):
        with pytest.raises(CardDataError) as refused:
            read()
        assert str(refused.value) == want


def test_an_oversized_set_file_is_refused_unread(tmp_path):
    from bss_desktop.carddb.database import load_set_file
    from bss_desktop.carddb.errors import CardDataError

    path = _sized(tmp_path / "BIG.yaml", SET_HEAD, 33_000_000)
    with pytest.raises(CardDataError) as refused:
        load_set_file(path)
    assert str(refused.value) == f"{path}: is 33 MB; a card set file is at most 32 MB"


# ---------------------------------------------------------------- the app starts


def test_the_app_starts_with_a_nested_profile_settings_file_and_autosave_and_names_each(qtbot, home):
    from bss_desktop.app.main import StartWindow
    from bss_desktop.client.windows.settings import AppSettings
    from bss_desktop.table.profiles import forget

    profile = _write(paths.profiles_dir() / "deep.yaml", "id: deep\nzones:\n" + "- " * 30_000 + "x\n")  # 60 KB
    settings = _write(paths.settings_file(), "{\n" + '"hotkeys": ' + "[" * 90_000 + "]" * 90_000 + "}\n")  # 180 KB
    autosave = _write(paths.autosave_dir() / "game.json", _autosave("object"))
    kept_autosave = autosave.read_text()
    forget()
    try:
        start = StartWindow()
        qtbot.addWidget(start)
        notice = start.notice.text()
        assert start.notice.isVisibleTo(start)
        assert f"{settings}: line 2: {TOO_DEEP} — using the default settings" in notice
        assert f"the autosave {autosave}: line 2: {TOO_DEEP}" in notice
        assert f"{profile}: line 3: {TOO_DEEP}" in notice
        assert start.settings == AppSettings() and settings.with_name("settings.json.bad").is_file()
        assert not start.resume.isVisibleTo(start) and autosave.read_text() == kept_autosave
        assert [start.game_box.itemData(i) for i in range(start.game_box.count())] == [
            "bss", "standard", "eternal", "bos"]
    finally:
        profile.unlink()
        forget()


# ---------------------------------------------------------------- the command line


def _cli(*args, cwd: Path, home: Path):
    env = dict(os.environ, PYTHONPATH=str(ROOT), QT_QPA_PLATFORM="offscreen", BSS_DESKTOP_HOME=str(home))
    return subprocess.run([sys.executable, "-m", "bss_desktop.cli", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=120)


def _cli_files(folder: Path) -> None:
    _write(folder / "deep-record.json", json_doc("object", "commands", {"format": "bss-record", "version": 1}))
    _sized(folder / "big-record.json", '{"format": "bss-record", "version": 1, "commands": [', 17_000_000)
    _write(folder / "deep-block.yaml", yaml_doc("block", "players", "turn: 1\n"))
    _write(folder / "deep-flow.yaml", yaml_doc("flow", "players", "turn: 1\n"))
    _write(folder / "deep-cards.json", json_doc("array", "effects", {"ID": "PR-001"}))
    _sized(folder / "big-cards.json", '[{"ID": "PR-001"}, ', 51_000_000)
    _write(folder / "deep-profile.yaml", yaml_doc("flow-map", "zones", "id: deep\n"))
    _big_csv(folder / "big-deck.csv", 2_000_000)
    _write(folder / "deep-host.json", _autosave("array"))


CLI_CASES = [
    (("replay", "deep-record.json"), "deep-record.json: line 2: " + TOO_DEEP),
    (("replay", "big-record.json"), "big-record.json: is 17 MB; a game record is at most 16 MB"),
    (("--screenshot", "out.png", "--position", "deep-block.yaml"), "deep-block.yaml: line 3: " + TOO_DEEP),
    (("--screenshot", "out.png", "--position", "deep-flow.yaml"), "deep-flow.yaml: line 2: " + TOO_DEEP),
    (("import-cards", "deep-cards.json", "--dest", "out"), "deep-cards.json: line 2: " + TOO_DEEP),
    (("import-cards", "big-cards.json", "--dest", "out"), "big-cards.json: is 51 MB; a card list is at most 50 MB"),
    (("profiles", "--check", "deep-profile.yaml"), "deep-profile.yaml: line 2: " + TOO_DEEP),
    (("simulate", "--games", "1", "--decks", "red-vanilla,big-deck.csv"),
     "big-deck.csv: is 2 MB; a deck list is at most 1 MB"),
    (("host", "--headless", "--port", "0", "--resume", "deep-host.json"), "deep-host.json: line 2: " + TOO_DEEP),
]


@pytest.mark.parametrize("args,words", CLI_CASES, ids=[" ".join(c[0]) for c in CLI_CASES])
def test_the_command_line_answers_a_nested_or_oversized_file_with_one_line_and_status_2(tmp_path, args, words):
    _cli_files(tmp_path)
    done = _cli(*args, cwd=tmp_path, home=tmp_path / "home")
    err = done.stderr.strip()
    assert done.returncode == 2, (done.returncode, done.stderr[-2000:])
    assert "Traceback" not in done.stderr and len(err.splitlines()) == 1, done.stderr[-2000:]
    assert words in err, err
    assert done.stdout == "" and not (tmp_path / "out.png").exists()
