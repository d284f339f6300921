"""Importing community JSON card lists (bss_desktop/carddb/importer.py) and `bss-desktop import-cards`.

Fixtures: tests/data_import/ (see its README). Nothing here touches the real
user data folder: every import goes to a tmp_path destination.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from bss_desktop import cli
from bss_desktop.carddb import importer
from bss_desktop.carddb.card_text import card_text
from bss_desktop.carddb.database import load_default_db, load_set_file
from bss_desktop.carddb.effects import Keyword, Target
from bss_desktop.carddb.errors import CardDataError
from bss_desktop.carddb.schema import card_from_dict
from bss_desktop.carddb.importer import (
    RecordRefused, convert_record, import_cards, load_user_db, read_records, user_cards_dir,
)

DATA = Path(__file__).parent / "data_import"
GOOD = DATA / "good"
BAD = DATA / "bad" / "malformed.json"


@pytest.fixture
def imported(tmp_path):
    dest = tmp_path / "imported"
    report = import_cards(GOOD, dest)
    db = load_user_db(user_dir=dest)
    return report, db, dest


# ---------------------------------------------------------------- the good folder

def test_a_folder_of_files_imports_every_card(imported):
    report, db, dest = imported
    assert report.refused == []
    assert len(report.cards) == 14 and len(report.files) == 3
    assert sorted(p.name for p in dest.glob("*.yaml")) == ["FX01.yaml", "FX02-Promo.yaml"]
    assert report.written == {"FX01.yaml": 12, "FX02-Promo.yaml": 2}
    for p in dest.glob("*.yaml"):  # plain set files, loadable like the shipped ones
        assert all(c.set == p.stem for c in load_set_file(p))
    for card in report.cards:
        assert db[card.id] == card


def test_load_user_db_is_the_shipped_cards_plus_the_imported_ones(imported):
    _, db, _ = imported
    shipped = load_default_db()
    assert all(cid in db and db[cid] == shipped[cid] for cid in shipped)
    assert len(db) == len(shipped) + 14
    assert "FX01-001" not in shipped  # the shared default db is untouched
    db.add(db["FX01-001"])  # the copy is writable


def test_stats_become_card_fields(imported):
    _, db, _ = imported
    wyrm = db["FX01-001"]
    assert (wyrm.name, wyrm.type, wyrm.colors, wyrm.cost, wyrm.rarity, wyrm.set) == \
        ("Cinder Wyrmling", "spirit", ("red",), 3, "C", "FX01")  # cost "3" is a number
    assert wyrm.reduction == ("red", "red") and wyrm.symbols == (("red",),) and wyrm.families == ("Dragon",)
    assert [(lv.number, lv.cores, lv.bp) for lv in wyrm.levels] == [(1, 1, 3000), (2, 3, 5000)]
    stag = db["FX01-006"]
    assert stag.symbols == (("red", "green"),) and stag.colors == ("red", "green")  # dual colour symbol
    assert stag.families == ("Beast", "Ember-Kin")
    assert db["FX01-003"].reduction == () and db["FX01-004"].reduction == ()  # "—" and ["—"]
    assert db["FX01-011"].reduction == ()  # "-"
    assert db["FX01-010"].levels[0].bp == 1000  # string numbers in core_requirements
    assert db["FX01-002"].reduction == ("blue", "blue", "white")  # repeated per symbol
    forge = db["FX02-001"]
    assert forge.type == "nexus" and [(lv.cores, lv.bp) for lv in forge.levels] == [(0, None), (2, None)]
    assert forge.set == "FX02-Promo"  # the set name made a file-safe id


def test_every_mappable_keyword_becomes_a_keyword(imported):
    report, db, _ = imported
    kws = {cid: db[cid].keywords for cid in db if cid.startswith("FX")}
    assert kws["FX01-001"] == (Keyword("crush", value=1, levels=(2,)),)  # the effect's levels
    assert kws["FX01-002"] == (Keyword("armor", colors=("blue", "white")),)  # [1, 2] = every level
    assert kws["FX01-003"] == kws["FX01-004"] == (Keyword("at_field"),)  # "A.T. Field" and "AT Field"
    assert kws["FX01-005"] == (Keyword("gale", value=2), Keyword("raid", value=1, levels=(2,)))
    assert kws["FX01-007"] == (Keyword("immortal", condition=Target(side="you", family="Dragon")),)
    assert kws["FX01-008"] == (Keyword("ascend", condition=Target(side="you", colors=("red",))),
                               Keyword("astral", timing="your_turn", levels=(2,)))
    assert kws["FX01-009"] == (Keyword("astral", timing="opponent_turn"),)
    assert kws["FX01-010"] == (Keyword("swift"), Keyword("confront"))
    mapped = sorted({k.name for ks in kws.values() for k in ks})
    assert mapped == ["armor", "ascend", "astral", "at_field", "confront", "crush", "gale", "immortal", "raid",
                      "swift"]
    assert len(report.mapped_keywords) == 12
    assert {k.text for k in report.text_keywords} == {"【Chain: Red】", "【Flying】"}


def test_effect_text_becomes_manual_effects(imported):
    _, db, _ = imported
    e = db["FX01-001"].effects
    # a sentence in a known template compiles (tests/test_text_compile*.py); this one is automated
    assert len(e) == 1 and not e[0].manual and e[0].kind == "triggered" and e[0].trigger == "when_summoned"
    assert e[0].levels == (1, 2) and [(d.op, d.amount) for d in e[0].do] == [("draw", 1)]
    # a keyword kept as text stays with its effect's text: nothing is dropped
    (stag,) = db["FX01-006"].effects
    assert stag.trigger == "when_attacks"
    assert stag.text == ("[LV1][LV2] (When Attacks) 【Chain: Red】 Exhaust 1 opponent's spirit. "
                         "Then, put 1 core from the void on this spirit.")
    moth = db["FX01-009"].effects
    assert moth[0].kind == "constant" and moth[0].text == "[LV1][LV2] 【Flying】"
    assert (moth[1].trigger, moth[1].step, moth[1].whose) == ("start_of_step", "main", "opponent")
    (flash,) = db["FX01-010"].effects
    assert flash.kind == "activated" and flash.timing == frozenset({"flash"})
    (placed,) = db["FX02-001"].effects
    assert placed.trigger == "when_placed"
    assert db["FX01-011"].effects == () and card_text(db["FX01-011"]) == ""


def test_magic_cards_get_manual_magic_effects_and_their_timing(imported):
    _, db, _ = imported
    squall = db["FX01-012"]
    assert squall.type == "magic" and squall.magic_timing == frozenset({"flash"}) and squall.levels == ()
    assert [(e.kind, e.trigger) for e in squall.effects] == [("magic", None), ("burst", "life_reduced")]
    assert squall.burst  # it has a burst effect, so it may be set (CR 3-8-4)
    assert squall.effects[1].text == "Burst (After your life is reduced): Draw 2 cards."
    hymn = db["FX02-002"]
    assert hymn.magic_timing == frozenset({"main"}) and hymn.effects[0].kind == "magic"
    assert card_text(hymn) == "Main: Put 1 core from the void into your reserve. (resolved by hand)"


def test_a_single_object_file_imports(tmp_path):
    report = import_cards(GOOD / "fx01-magic.json", tmp_path)
    assert [c.id for c in report.cards] == ["FX01-012"] and report.refused == []
    assert [c.id for c in load_set_file(tmp_path / "FX01.yaml")] == ["FX01-012"]


# ---------------------------------------------------------------- refusals

EXPECTED_REFUSALS = [  # (index, ID, field, words in the reason)
    (1, "FXB-002", "name", "missing"),
    (2, "FXB-003", "color[0]", "unknown colour 'pink'"),
    (3, "FXB-004", "cardType", "unknown card type 'UNKNOWN'"),
    (4, "FXB-005", "cost", "got 'lots'"),
    (5, "FXB-006", "cost", "not a fixed number"),
    (6, "FXB-007", "core_requirements[2].level", "levels must go up"),
    (7, "FXB-001", "ID", "duplicate ID"),
    (8, "FXB-008", "effects[0].levels[1]", "levels must go up"),
    (9, "CORE-001", "ID", "shipped card"),
    (10, None, None, "expected a card object"),
]


def test_every_malformed_record_is_refused_and_listed(tmp_path):
    report = import_cards(BAD, tmp_path)
    assert [c.id for c in report.cards] == ["FXB-001"]  # the one good record is still imported
    got = [(r.index, r.card_id, r.field) for r in report.refused]
    assert got == [(i, cid, f) for i, cid, f, _ in EXPECTED_REFUSALS]
    text = str(report)
    for r, (_, _, _, words) in zip(report.refused, EXPECTED_REFUSALS):
        assert r.file == str(BAD) and words in r.reason, (r, words)
        assert str(r) in text  # printed, with file, index, ID and field
    assert f"Refused: {len(EXPECTED_REFUSALS)} records" in text
    assert str(BAD) + " [1]: FXB-002: field 'name': missing" in text


def test_unreadable_files_are_refused_whole(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "broken.json").write_text("{not json")
    (folder / "number.json").write_text("42")
    (folder / "ok.json").write_text((GOOD / "fx01-magic.json").read_text())
    report = import_cards(folder, tmp_path / "out")
    assert [c.id for c in report.cards] == ["FX01-012"]
    assert [(Path(r.file).name, r.index) for r in report.refused] == [("broken.json", None), ("number.json", None)]
    assert "not valid JSON" in report.refused[0].reason


def test_a_missing_path_raises(tmp_path):
    with pytest.raises(FileNotFoundError):
        import_cards(tmp_path / "nope.json", tmp_path)


def record(**changes):
    base = {"name": "Probe", "ID": "PR-001", "set": "PR", "color": ["red"], "cost": 1, "cardType": "SPIRIT",
            "core_requirements": [{"level": 1, "battlePoints": 1000, "cores": 1}]}
    return {**base, **changes}


@pytest.mark.parametrize("changes,field,words", [
    ({"ID": "has space"}, "ID", "expected an ID"),
    ({"color": []}, "color", "at least one colour"),
    ({"cost": "-"}, "cost", "not a fixed number"),
    ({"cost": -1}, "cost", "at least 0"),
    ({"cost": True}, "cost", "expected a cost"),
    ({"reduction": ["red", "mauve"]}, "reduction[1]", "unknown colour"),
    ({"symbols": ["red/pink"]}, "symbols[0]", "unknown colour"),
    ({"core_requirements": []}, "core_requirements", "needs at least LV1"),
    ({"core_requirements": [{"level": 1, "cores": 1}]}, "core_requirements[0].battlePoints", "missing"),
    ({"cardType": "NEXUS", "core_requirements": [{"level": 1, "battlePoints": 2000, "cores": 0}]},
     "core_requirements[0].battlePoints", "no BP"),
    ({"effects": [{"levels": [3], "details": "x"}]}, "effects[0].levels[0]", "no LV3"),
    ({"effects": [{"keywords": [{"keyword_modifier": "2"}]}]}, "effects[0].keywords[0]", "keyword_name"),
])
def test_record_problems_name_the_json_field(changes, field, words):
    with pytest.raises(RecordRefused) as info:
        convert_record(record(**changes))
    assert info.value.field == field and words in info.value.reason


def test_core_counts_that_do_not_go_up_are_refused_by_the_card_schema(tmp_path):
    path = tmp_path / "c.json"
    path.write_text(json.dumps(record(core_requirements=[{"level": 1, "battlePoints": 1000, "cores": 2},
                                                         {"level": 2, "battlePoints": 2000, "cores": 2}])))
    report = import_cards(path, tmp_path / "out")
    (r,) = report.refused
    assert r.field == "core_requirements[1].cores" and "core counts must go up" in r.reason


@pytest.mark.parametrize("name,modifier,expected", [
    ("Armor", "Blue, White", Keyword("armor", colors=("blue", "white"))),
    ("armor", "red/purple", Keyword("armor", colors=("red", "purple"))),
    ("A.T. Field", "", Keyword("at_field")),
    ("AT Field", None, Keyword("at_field")),
    ("at_field", "", Keyword("at_field")),
    ("Crush", "+1", Keyword("crush", value=1)),
    ("CRUSH", "", Keyword("crush", value=0)),
    ("Gale", "2", Keyword("gale", value=2)),
    ("Raid", "1", Keyword("raid", value=1)),
    ("Immortal", "Dragon", Keyword("immortal", condition=Target(side="you", family="Dragon"))),
    ("Immortal", "Purple", Keyword("immortal", condition=Target(side="you", colors=("purple",)))),
    ("Ascend", "Ancient Dragon spirit", Keyword("ascend", condition=Target(side="you", family="Ancient Dragon"))),
    ("Astral", "During Your Turn", Keyword("astral", timing="your_turn")),
    ("Astral", "During Opponent's Turn", Keyword("astral", timing="opponent_turn")),
    ("Astral", "", Keyword("astral")),
    ("Luster", "", Keyword("luster")),
    ("Chain", "Red", None),
    ("Gale", "lots", None),
    ("Armor", "Pink", None),
    ("Immortal", "cost 3 or more", Keyword("immortal", condition=Target(side="you", cost_min=3))),
    ("Immortal", "Red Dragon", Keyword("immortal", condition=Target(side="you", family="Red Dragon"))),
    ("Immortal", "Red, Dragon", None),
    ("Immortal", "", None),
    ("Astral", "Sometimes", None),
    ("Confront", "2", None),
    ("Flying", "", None),
])
def test_keyword_mapping(name, modifier, expected):
    data, _, notes, _ = convert_record(record(effects=[{"keywords": [{"keyword_name": name,
                                                                       "keyword_modifier": modifier}]}]))
    (note,) = notes
    if expected is None:
        assert not note.mapped and note.reason and "keywords" not in data
        assert data["effects"][0]["manual"] and note.text in data["effects"][0]["text"]
    else:
        assert note.mapped and "effects" not in data
        card = card_from_dict(data)
        assert card.keywords == (expected,)


def test_keywords_on_magic_cards_stay_text():
    data, _, notes, _ = convert_record(record(cardType="MAGIC", core_requirements=[], effects=[
        {"condition": "Flash", "keywords": [{"keyword_name": "Armor", "keyword_modifier": "Red"}],
         "details": "Draw 1 card."}]))
    assert not notes[0].mapped and "keywords" not in data
    assert data["timing"] == ["flash"] and data["effects"][0]["text"] == "Flash: 【Armor: Red】 Draw 1 card."


@pytest.mark.parametrize("condition,details,expected", [
    ("When Summoned", "", {"kind": "triggered", "trigger": "when_summoned"}),
    ("", "(When Attacks) Draw 1.", {"kind": "triggered", "trigger": "when_attacks"}),
    ("When Blocks", "", {"kind": "triggered", "trigger": "when_blocks"}),
    ("When Attacks/Blocks", "", {"kind": "triggered", "trigger": "when_attacks_or_blocks"}),
    ("When Destroyed", "", {"kind": "triggered", "trigger": "when_destroyed"}),
    ("", "When this spirit is destroyed by your opponent, draw 1.",
     {"kind": "triggered", "trigger": "when_destroyed_by_opponent"}),
    ("When Battle Ends", "", {"kind": "triggered", "trigger": "when_battle_ends"}),
    ("At the end of your opponent's turn", "", {"kind": "triggered", "trigger": "end_of_turn", "whose": "opponent"}),
    ("Start of your draw step", "", {"kind": "triggered", "trigger": "start_of_step", "step": "draw",
                                     "whose": "you"}),
    ("Main/Flash", "", {"kind": "activated", "timing": ["main", "flash"]}),
    ("Burst: After opponent's summoning", "", {"kind": "burst", "trigger": "opponent_summons"}),
    ("", "This spirit gets +1000 BP while attacking.", {"kind": "constant"}),
])
def test_the_kind_of_a_manual_effect_is_guessed_from_its_label(condition, details, expected):
    data, *_ = convert_record(record(effects=[{"condition": condition, "details": details or "Something."}]))
    effect = data["effects"][0]
    assert {k: v for k, v in effect.items() if k not in ("manual", "text", "levels")} == expected


# ---------------------------------------------------------------- re-importing and the user data folder

def test_importing_again_replaces_the_cards_and_keeps_the_others(tmp_path):
    dest = tmp_path / "imported"
    import_cards(GOOD, dest)
    before = {p.name: p.read_text() for p in dest.glob("*.yaml")}
    import_cards(GOOD, dest)  # the same cards again: the same files
    assert {p.name: p.read_text() for p in dest.glob("*.yaml")} == before
    # a changed card replaces the old one, even when it moves to another set
    moved = json.loads((GOOD / "fx01-magic.json").read_text())
    moved.update({"set": "FX03", "cost": 5})
    path = tmp_path / "moved.json"
    path.write_text(json.dumps(moved))
    import_cards(path, dest)
    db = load_user_db(user_dir=dest)
    assert db["FX01-012"].cost == 5 and db["FX01-012"].set == "FX03"
    assert "FX01-012" not in {c.id for c in load_set_file(dest / "FX01.yaml")}
    assert len([c for c in db.values() if c.id.startswith("FX") and not c.token]) == 14


def test_load_user_db_refuses_an_id_taken_twice(tmp_path):
    dest = tmp_path / "imported"
    import_cards(GOOD / "fx01-magic.json", dest)
    (dest / "copy.yaml").write_text((dest / "FX01.yaml").read_text())
    with pytest.raises(CardDataError, match="duplicate card id"):
        load_user_db(user_dir=dest)


def test_load_user_db_without_imports_is_a_copy_of_the_shipped_db(tmp_path):
    db = load_user_db(user_dir=tmp_path / "none")
    assert dict(db) == dict(load_default_db())


def test_user_cards_dir_is_in_the_user_data_folder(monkeypatch):
    import platformdirs

    monkeypatch.delenv("BSS_DESKTOP_HOME", raising=False)  # the platform's folder, as on a player's machine
    assert user_cards_dir() == Path(platformdirs.user_data_dir("bss_desktop")) / "cards" / "imported"
    monkeypatch.setenv("BSS_DESKTOP_HOME", "/somewhere")
    assert user_cards_dir() == Path("/somewhere/data/cards/imported")


def test_read_records_lists_every_record_with_its_file_and_index():
    records, refused, files = read_records(GOOD)
    assert refused == [] and len(files) == 3
    assert [(Path(f).name, i) for f, i, _ in records][:2] == [("fx01-magic.json", 0), ("fx01.json", 0)]
    assert len(records) == 14


# ---------------------------------------------------------------- the command

def run(capsys, *argv):
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_import_cards_command_prints_the_report(capsys, tmp_path):
    code, out, err = run(capsys, "import-cards", str(GOOD), "--dest", str(tmp_path))
    assert code == 0, err
    assert out.startswith(f"Imported 14 cards from 3 files into {tmp_path}.")
    assert "Keywords mapped: 12" in out and "FX01-002 Tidewall Turtle: 【Armor: Blue/White】" in out
    assert "【Chain: Red】" in out and "Refused: 0 records" in out
    assert len(load_user_db(user_dir=tmp_path)) == len(load_default_db()) + 14


def test_import_cards_command_exits_1_when_records_are_refused(capsys, tmp_path):
    code, out, _ = run(capsys, "import-cards", str(BAD), "--dest", str(tmp_path))
    assert code == 1
    assert "Imported 1 card" in out and "Refused: 10 records" in out
    assert "FXB-004: field 'cardType'" in out


def test_import_cards_command_exits_2_for_a_missing_path(capsys, tmp_path):
    code, out, err = run(capsys, "import-cards", str(tmp_path / "nope"), "--dest", str(tmp_path))
    assert code == 2 and out == "" and "no such file" in err


def test_import_cards_defaults_to_the_user_data_folder(capsys, tmp_path, monkeypatch):
    monkeypatch.setattr(importer, "user_cards_dir", lambda: tmp_path / "userdata")
    code, _, _ = run(capsys, "import-cards", str(GOOD / "fx01-magic.json"))
    assert code == 0 and (tmp_path / "userdata" / "FX01.yaml").is_file()


@pytest.mark.parametrize("effects,timing", [
    ([{"condition": "Flash", "details": "During your opponent's main step, draw 1 card."}], ["flash"]),
    ([{"details": "Flash: draw 1 card."}], ["flash"]),
    ([{"details": "Draw 1 card. You may use this during the main step or in a flash window."}], ["main", "flash"]),
    ([{"condition": "Main/Flash", "details": "Draw 1 card."}], ["main", "flash"]),
    ([{"details": "Draw 1 card."}], ["main"]),
])
def test_magic_timing_comes_from_the_words_flash_and_main(effects, timing):
    data, *_ = convert_record(record(cardType="MAGIC", core_requirements=[], effects=effects))
    assert data["timing"] == timing and data["effects"][0]["kind"] == "magic"
