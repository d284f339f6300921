"""Game profiles (profiles/*.yaml, docs/profile-format.md): the four games load, inherit and are checked field by
field; a profile of the player's own that is wrong is named and skipped, and the app's games still load."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from bss_desktop import cli, paths
from bss_desktop.carddb.deck_rules import DECK_RULES
from bss_desktop.engine import state
from bss_desktop.table import ProfileError, all_profiles, get_profile, profile_problems
from bss_desktop.table.profiles import forget, load_folders, parse_text, resolve

SHIPPED = Path(__file__).resolve().parent.parent / "profiles"


def _resolve(**texts: str):
    """Profiles written here (id -> YAML), with the shipped ones to extend."""
    raw = {}
    for path in SHIPPED.glob("*.yaml"):
        data = parse_text(path.read_text(), str(path))
        raw[data["id"]] = (data, str(path))
    for pid, text in texts.items():
        raw[pid] = (parse_text(text, f"{pid}.yaml"), f"{pid}.yaml")
    return resolve(raw)


def _error(text: str) -> ProfileError:
    done, failed = _resolve(t=text)
    assert "t" not in done, "the profile should have been refused"
    return failed["t"]


def test_the_four_games_load_without_problems():
    assert [p.id for p in all_profiles()][:4] == ["bss", "standard", "eternal", "bos"]
    assert profile_problems() == {}


def test_bss_profile_is_the_table_the_engine_plays():
    """CR 3-1-1 areas, CR 6-1-1 steps, CR 5-2 setup and CR 5-1-1-1 deck rules, as the engine has them."""
    bss = get_profile("bss")
    assert bss.rules == "bss"
    assert bss.steps == state.STEPS
    assert {z.name for z in bss.card_zones()} == {"deck", "hand", "trash", "field", "burst"}
    assert {z.name for z in bss.piece_zones()} == {"life", "reserve", "trash_cores", "void"}
    assert bss.zones["deck"].visibility == "none"  # CR 3-2-2
    assert bss.zones["hand"].visibility == "owner"  # CR 3-3-3
    assert bss.zones["burst"].capacity == 1  # CR 3-8
    assert bss.pieces["soul_core"].barred == ("life", "void")  # CR 4-11-3
    assert bss.setup["pieces"] == {"life": {"core": 5}, "reserve": {"core": 3, "soul_core": 1}}  # CR 5-2-3, 5-2-4
    assert (bss.setup["hand"], bss.setup["keep_bonus"], bss.setup["mulligan"]["max"]) == (4, 1, 1)  # CR 5-2-5, 5-2-7
    r = DECK_RULES["bss"]
    assert (r.min_cards, r.max_cards, r.copies, r.copies_by, r.rule) == (50, 60, 4, "name", "CR 5-1-1-1")
    assert not r.mulligan_shuffles_first and r.side_max is None


def test_standard_extends_bss_with_its_differences():
    """digest §2.3: no burst area (STD 4-1-1), a removed-from-game area the owner orders (STD 4-9), heavy exhausted
    (STD 5-16), a Second Main Step (STD 7-1-1), decks of 40+ with 3 per name and same-name id (STD 6-1-1-2-1)."""
    std = get_profile("standard")
    assert std.extends == ("bss",) and std.rules == "standard"  # its rules module (issue 27)
    assert "burst" not in std.zones and std.zones["exile"].reorder == "owner"
    assert std.orientations["heavy_exhausted"].angle == 180
    assert std.steps[-2:] == ("second_main", "end") and "second_main" in std.first_turn_skip
    assert std.zones["life"] == get_profile("bss").zones["life"]  # inherited unchanged
    r = DECK_RULES["standard"]
    assert (r.min_cards, r.max_cards, r.copies, r.copies_by, r.keep_bonus) == (40, None, 3, "name_id", 0)
    assert r.mulligan_shuffles_first


def test_eternal_and_bos_declare_their_tables():
    etr = get_profile("eternal")
    assert {"mirage", "set_aside", "exile", "token_pool"} <= set(etr.zones) and etr.zones["count"].holds == "pieces"
    assert etr.cards.types["ultimate"]["first_level"] == 3 and etr.cards.fields["back"].kind == "face"
    bos = get_profile("bos")
    assert bos.pieces == {} and "void" not in bos.zones  # digest §3.2 need 12: no cores, void or life
    assert [(z, bos.zones[z].capacity) for z in ("fighter", "equipment", "tactic", "battlefield")] == \
        [("fighter", 5), ("equipment", 3), ("tactic", 3), ("battlefield", 1)]
    assert bos.caps_for("tactic")[-1][:2] == (("equipment", "tactic"), 6)
    sp = bos.trackers["sp"]
    assert (sp.start, sp.win_at, sp.lose_at) == (8000, 16000, 0)
    assert set(sp.ops) == {"adjust", "transfer", "pay_each_opponent"}
    assert bos.card_counters["kill"].movable is False and bos.card_counters["kill"].clear_on == ("battle_destruction",)
    assert bos.zones["equipment"].attach_to == ("fighter",) and bos.zones["equipment"].dies_with_host == "discard"
    assert bos.zones["discard"].reorder == "none" and bos.zones["discard"].browse_opponent == "ask"
    assert bos.default_orientation().name == "attack" and bos.orientations["rest"].angle == 90
    assert set(bos.randomizers) == {"coin", "d6"}
    r = DECK_RULES["bos"]
    assert (r.min_cards, r.max_cards, r.copies, r.side_min, r.side_max, r.hand, r.mulligans) == (40, 80, 4, 0, 15, 5, 2)


BASE = """
id: t
extends: bos
name: Test game
"""


@pytest.mark.parametrize("extra, field, words", [
    ("zones: {fighter: {capacity: true}}", "zones.fighter.capacity", "whole number"),
    ("zones: {fighter: {capasity: 4}}", "zones.fighter.capasity", "did you mean 'capacity'"),
    ("zones: {fighter: {visibility: secret}}", "zones.fighter.visibility", "public, owner, none"),
    ("zones: {equipment: {attach_to: [fighters]}}", "zones.equipment.attach_to[0]", "not a zone of cards"),
    ("group_caps: [{zones: [equipment, tactics], max: 6}]", "group_caps[0].zones[1]", "not a zone of cards"),
    ("first_turn_skip: [battle_phase]", "first_turn_skip[0]", "not one of the steps"),
    ("orientations: {rest: {default: true}}", "orientations", "exactly one orientation"),
    ("trackers: {sp: {lose_at: 20000}}", "trackers.sp", "below win_at"),
    ("zones: {graveyard: {label: Graveyard}}", "zones.graveyard", "not placed on the table"),
    ("zones: {token: {label: Tokens, out_of_game: true}}", "zones.token", "keeps for itself"),
    ("rules: souls", "rules", "no rules module"),
    ("deck_rules: {group_limits: [{field: class, value: Legend, max: 3}]}", "deck_rules.group_limits[0].value",
     "not one of"),
    ("deck_rules: {max: 30}", "deck_rules.max", "below the minimum"),
    ("setup: {mulligan: {eligible: {field: rank, value: Warrior, fewer_than: 2}}}", "setup.mulligan.eligible.field",
     "not one of cards.fields"),
    ("setup: {mulligan: {eligible: {field: class, value: Knight, fewer_than: 2}}}", "setup.mulligan.eligible.value",
     "not one of"),
    ("setup: {mulligan: {eligible: {fewer_than: 0}}}", "setup.mulligan.eligible.fewer_than", "at least 1"),
    ("layout: {centre: {rows: [[hand], [fighter], [fighter]]}}", "layout.centre.rows[2][0]", "already placed"),
    ("cards: {types: {fighter: {fields: [power]}}}", "cards.types.fighter.fields[0]", "not one of cards.fields"),
])
def test_a_wrong_field_is_named(extra, field, words):
    e = _error(BASE + extra)
    assert e.field == field and words in e.message and e.file == "t.yaml", str(e)
    assert str(e).startswith(f"t.yaml: field '{field}': ")


def test_extends_must_name_a_profile_and_not_loop():
    assert "not a profile" in str(_error("id: t\nextends: nope\nname: T\n"))
    done, failed = _resolve(a="id: a\nextends: b\nname: A\n", b="id: b\nextends: a\nname: B\n")
    assert "extends itself" in str(failed["a"]) and "a" not in done and "b" not in done


def test_null_removes_what_the_parent_set_and_lists_replace():
    done, failed = _resolve(t=BASE + "zones: {exile: null}\nlayout: {right: {rows: [[deck, discard], [battlefield]]}}\n"
                                     "randomizers: {coin: null}\n")
    assert failed == {}, failed
    t = done["t"]
    assert "exile" not in t.zones and set(t.randomizers) == {"d6"}
    assert t.layout["right"]["rows"] == (("deck", "discard"), ("battlefield",))
    assert t.extends == ("bos",) and t.zones["fighter"] == get_profile("bos").zones["fighter"]


def test_yaml_mistakes_name_the_line(tmp_path):
    bad = tmp_path / "broken.yaml"
    bad.write_text("id: broken\nname: [unclosed\n")
    _, failed = load_folders([tmp_path])
    assert "broken" in failed and "line" in str(failed["broken"]) and str(bad) in str(failed["broken"])


def test_a_key_written_twice_is_refused_by_line(tmp_path):
    (tmp_path / "twice.yaml").write_text("id: twice\nname: A\nname: B\n")
    _, failed = load_folders([tmp_path])
    assert "line 3" in str(failed["twice"]) and "'name' twice" in str(failed["twice"])


def test_a_huge_profile_is_refused_unread(tmp_path):
    (tmp_path / "big.yaml").write_text("id: big\n" + "# padding\n" * 40000)
    done, failed = load_folders([tmp_path])
    assert "at most" in str(failed["big"]) and not done


def test_a_broken_profile_of_the_player_is_skipped_and_reported():
    folder = paths.profiles_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "mine.yaml").write_text(BASE.replace("id: t", "id: mine") + "zones: {fighter: {capacity: -1}}\n")
    (folder / "clash.yaml").write_text("id: bos\nname: Mine\n")
    forget()
    try:
        assert [p.id for p in all_profiles()] == ["bss", "standard", "eternal", "bos"]
        problems = profile_problems()
        assert "zones.fighter.capacity" in str(problems["mine"])
        assert any("uses the id 'bos'" in str(e) for e in problems.values())
        with pytest.raises(ProfileError, match="capacity"):
            get_profile("mine")
    finally:
        for f in folder.glob("*.yaml"):
            f.unlink()
        forget()


def test_a_players_own_game_loads_beside_the_shipped_ones():
    folder = paths.profiles_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "duel.yaml").write_text(BASE.replace("id: t", "id: duel") + """
zones: {graveyard: {label: Graveyard, display: pile}}
layout: {right: {rows: [[deck, discard], [battlefield, exile], [graveyard]]},
         left: {rows: [[sp], [mana], [equipment], [tactic]]}}
trackers: {mana: {label: Mana, start: 3, ops: [adjust]}}
""")
    forget()
    try:
        duel = get_profile("duel")
        assert duel.zones["graveyard"].label == "Graveyard" and duel.trackers["mana"].start == 3
        assert duel.trackers["sp"].start == 8000  # inherited
        assert [p.id for p in all_profiles()][-1] == "duel"
    finally:
        for f in folder.glob("*.yaml"):
            f.unlink()
        forget()


def test_cli_profiles_lists_the_games(capsys):
    assert cli.main(["profiles"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in out] == ["bss", "standard", "eternal", "bos"]
    assert "rules and sandbox" in out[0] and "(sandbox)" in out[3]
    assert cli.main(["profiles", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [p["id"] for p in data["profiles"]] == ["bss", "standard", "eternal", "bos"]


def test_cli_profiles_check_names_the_field(tmp_path, capsys):
    f = tmp_path / "mine.yaml"
    f.write_text(BASE + "zones: {tactic: {face: sideways}}\n")
    assert cli.main(["profiles", "--check", str(f)]) == 2
    err = capsys.readouterr().err
    assert "zones.tactic.face" in err and str(f) in err and err.count("\n") == 1
    f.write_text(BASE + "trackers: {mana: {label: Mana}}\n")
    assert cli.main(["profiles", "--check", str(f)]) == 2
    assert "trackers.mana" in capsys.readouterr().err  # placed nowhere on the table
    f.write_text(BASE + "trackers: {mana: {label: Mana}}\nlayout: {right: {rows: [[deck, discard], [mana]]}}\n"
                        "zones: {battlefield: {out_of_game: true}, exile: {out_of_game: true}}\n")
    assert cli.main(["profiles", "--check", str(f)]) == 0
    assert "OK" in capsys.readouterr().out


def test_the_table_room_sits_below_the_rules_engine():
    """bss_desktop/table/ (profiles, what they add to a game's state) imports nothing of the engine, the card
    database, the client or Qt: the engine and the board read it, not the other way round."""
    from test_layering import import_graph

    graph = import_graph()
    above = ("bss_desktop.engine", "bss_desktop.carddb", "bss_desktop.client", "bss_desktop.app", "bss_desktop.net")
    for module, deps in graph.items():
        if module.startswith("bss_desktop.table"):
            assert not [d for d in deps if d.startswith(above)], (module, deps)
    text = "\n".join(p.read_text() for p in (Path(__file__).parent.parent / "bss_desktop" / "table").glob("*.py"))
    assert "PySide6" not in text and "qasync" not in text
