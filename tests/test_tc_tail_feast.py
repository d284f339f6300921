"""【Feast】 (issue 28, family "feast"): "activate Feast [N times]" compiled to `{feast: N}` and performed by
rules/bss/feast.py (docs/saga-rulings.md, "Feast and Chain", rulings Feast-1 to Feast-5).

The sentences, records and token stats are written for these tests in the templates real card text uses; none is a
real card's text or token.
"""
from __future__ import annotations

import pytest

from bss_desktop.carddb.card_text import effect_text
from bss_desktop.carddb.effects import FEAST_TOKENS
from bss_desktop.carddb.errors import CardDataError
from bss_desktop.carddb.importer import convert_record
from bss_desktop.carddb.schema import card_from_dict, card_to_dict
from bss_desktop.carddb.text_compile import compile_effect, compile_sentence
from bss_desktop.carddb.token_table import missing_tokens, resolve_tokens, token_card, token_refs
from bss_desktop.engine import stats
from bss_desktop.engine.commands import Summon, UseMagic
from helpers import answer, first, imported_db, position, record, two_players

FAMILIES = ("Stoneback", "Sky Warden")
SMALL = token_card("Small Supsprite", {"colors": ["blue"], "families": ["Supsprite"], "bp": 1000, "cores": 1})
MEDIUM = token_card("Medium Supsprite", {"colors": ["blue"], "families": ["Supsprite"], "bp": 4000, "cores": 2})
LARGE = token_card("Large Supsprite", {"colors": ["blue"], "families": ["Supsprite"], "bp": 9000, "cores": 3})
TABLE = {"small supsprite": SMALL, "medium supsprite": MEDIUM, "large supsprite": LARGE}


def ops(sentence: str):
    s = compile_sentence(sentence, FAMILIES)
    assert s.ok, s.why
    return s.ops


def magic(details: str, keywords=(), **fields) -> dict:
    return record(effects=[{"levels": [1, 2], "condition": "N/A", "keywords": list(keywords),
                            "steps": ["Main", "Flash"], "details": details}], cardType="MAGIC", name="Test Magic",
                  core_requirements=[], **fields)


def summoned(details: str, keywords=()) -> dict:
    return record(effects=[{"levels": [1, 2], "condition": "When Summoned", "keywords": list(keywords), "steps": [],
                            "details": details}])


def feast_db(*records):
    return resolve_tokens(imported_db(*records), TABLE)


def on_field(game, p: int, tok) -> list[int]:
    return [i for i in game.state.players[p].field if game.state.cards[i].cid == tok.id]


def use(game, cid: str = "ZT-001"):
    return game.apply(UseMagic(0, first(game, 0, cid, "hand")))


# ---------------------------------------------------------------- compiled (Feast-1)


@pytest.mark.parametrize("sentence, expected", [
    ("Activate Feast.", [{"feast": 1}]),
    ("Activate Feast once.", [{"feast": 1}]),
    ("Activate Feast one time.", [{"feast": 1}]),
    ("Activate Feast three times.", [{"feast": 3}]),
    ("Activate Feast twice.", [{"feast": 2}]),
    ("If you don't control any token spirits, activate Feast.",
     [{"feast": 1, "if": {"count": {"cards": {"side": "you", "token": True, "type": "spirit"}}, "count_max": 0}}]),
])
def test_feast_1_activate_feast_n_times_compiles_to_a_feast_directive(sentence, expected):
    assert ops(sentence) == expected


def test_feast_1_feast_in_a_chain_compiles_to_the_chain_of_the_effect():
    r = compile_effect("magic", "", "Draw a card. Chain Blue: Activate Feast three times.", ["Main"])
    assert r.effect["do"] == [{"draw": 1}] and r.effect["chain"] == {"color": "blue", "do": [{"feast": 3}]}


def test_feast_1_feast_a_number_of_times_not_written_as_a_number_is_not_recognised():
    for sentence in ("Activate Feast any number of times.", "Activate Feast for free.",
                     "Your opponent activates Feast."):
        assert not compile_sentence(sentence, FAMILIES).ok, sentence


def test_feast_1_the_feast_directive_is_written_back_read_again_and_said_in_english():
    card = imported_db(magic("Draw a card. Activate Feast two times."))["ZT-001"]  # (as imported: no stats yet)
    assert card_from_dict(card_to_dict(card)) == card and card_to_dict(card)["effects"][0]["do"][1] == {"feast": 2}
    assert effect_text(card.effects[0], card).endswith("Draw 1 card. Activate 【Feast】 2 times.")
    one = feast_db(magic("Activate Feast."))["ZT-001"]
    assert effect_text(one.effects[0], one).endswith("Activate 【Feast】.")


def test_feast_1_the_feast_label_beside_a_text_that_says_feast_is_no_keyword_of_the_card():
    data, _, _, notes = convert_record(magic("Activate Feast.", keywords=[{"keyword_name": "Feast",
                                                                           "keyword_modifier": 1}]), FAMILIES)
    assert data["effects"][0]["do"] == [{"feast": 1}] and not data["effects"][0].get("manual")
    assert not data.get("keywords")
    # a 【Feast】 label on a text that does not say Feast stays with the text, by hand
    data, _, _, _ = convert_record(magic("Draw a card.", keywords=[{"keyword_name": "Feast", "keyword_modifier": 1}]),
                                   FAMILIES)
    assert data["effects"][0].get("manual") and "Feast" in data["effects"][0]["text"]


# ---------------------------------------------------------------- the token table (Feast-4)


def test_feast_4_the_three_supsprite_tokens_come_from_the_token_table():
    db = feast_db(magic("Activate Feast."))
    d = db["ZT-001"].effects[0].do[0]
    assert d.token == (SMALL, MEDIUM, LARGE) and all(t.id in db and db[t.id].token for t in d.token)
    assert token_refs(db) == {name: ["ZT-001"] for name in FEAST_TOKENS}


def test_feast_4_an_effect_with_feast_stays_manual_while_the_table_lacks_one_of_its_tokens():
    raw = imported_db(magic("Draw a card. Activate Feast."))
    db = resolve_tokens(raw, {"small supsprite": SMALL, "medium supsprite": MEDIUM})
    e = db["ZT-001"].effects[0]
    assert e.manual and "Feast" in e.text and not e.do
    assert missing_tokens(raw, {"small supsprite": SMALL}, ["ZT-001"]) == {"Large Supsprite": ["ZT-001"],
                                                                          "Medium Supsprite": ["ZT-001"]}


def test_feast_4_without_the_token_table_in_a_game_feast_is_told_to_the_players_to_do_by_hand():
    game = position(two_players("{life: 5, reserve: 3, soul_core: trash, hand: [ZT-001]}", "{life: 5, reserve: 3}"),
                    db=imported_db(magic("Activate Feast.")))
    events = use(game)
    told = [e for e in events if e.kind == "manual_effect"]
    assert told and "Feast" in told[0].data["texts"][0]
    assert game.state.players[0].reserve == 3 and not game.state.players[0].field


@pytest.mark.parametrize("value, field", [
    (0, "do[0].feast"), ("twice", "do[0].feast"), ({"count": 2, "bogus": 1}, "do[0].feast"),
    ({"count": -1}, "do[0].feast.count"),
])
def test_feast_4_a_malformed_feast_directive_is_refused_naming_its_field(value, field):
    with pytest.raises(CardDataError) as e:
        card_from_dict({"id": "ZX-1", "name": "X", "type": "magic", "colors": ["blue"], "cost": 1, "timing": ["main"],
                        "effects": [{"kind": "magic", "timing": ["main"], "do": [{"feast": value}]}]})
    assert field in (e.value.field or "")


# ---------------------------------------------------------------- played (Feast-2, Feast-3, Feast-5)


def test_feast_2_with_no_supsprite_token_a_small_one_is_summoned_its_core_from_the_reserve():
    game = position(two_players("{life: 5, reserve: 3, soul_core: trash, hand: [ZT-001]}", "{life: 5, reserve: 3}"),
                    db=feast_db(magic("Activate Feast.")))
    use(game)
    (tok,) = on_field(game, 0, SMALL)
    assert game.state.cards[tok].cores == 1 and stats.bp(game, tok) == 1000
    assert game.state.players[0].reserve == 2 and game.state.cards[tok].zone == "field"


def test_feast_2_feast_3_a_small_token_is_made_medium_its_cores_to_the_reserve_then_it_leaves_the_game():
    game = position(two_players("{life: 5, reserve: 1, soul_core: trash, hand: [ZT-001], "
                                "field: [{card: TK-SMALL-SUPSPRITE, cores: 2}]}", "{life: 5, reserve: 3}"),
                    db=feast_db(magic("Activate Feast.")))
    small = first(game, 0, SMALL.id)
    use(game)
    (med,) = on_field(game, 0, MEDIUM)
    assert game.state.cards[med].cores == 2 and stats.bp(game, med) == 4000
    assert game.state.players[0].reserve == 1  # 1 + the Small's 2, less the Medium's 2
    assert game.state.cards[small].zone == "removed" and not on_field(game, 0, SMALL)  # CR 9-3, 4-12-3


def test_feast_3_feast_two_times_with_one_small_token_makes_it_medium_then_large():
    game = position(two_players("{life: 5, reserve: 4, soul_core: trash, hand: [ZT-001], "
                                "field: [{card: TK-SMALL-SUPSPRITE, cores: 1}]}", "{life: 5, reserve: 3}"),
                    db=feast_db(magic("Activate Feast two times.")))
    use(game)
    while game.pending is not None and game.pending.kind == "choose":
        answer(game, [0] * game.pending.info["min"])  # the Large's cores from the reserve
    assert len(on_field(game, 0, LARGE)) == 1
    assert not on_field(game, 0, SMALL) and not on_field(game, 0, MEDIUM)
    assert game.state.players[0].reserve == 2  # 4 + 1 (Small) - 2 (Medium) + 2 (Medium) - 3 (Large)


def test_feast_2_with_two_small_tokens_the_player_chooses_the_one_upgraded():
    game = position(two_players("{life: 5, reserve: 2, soul_core: trash, hand: [ZT-001], "
                                "field: [{card: TK-SMALL-SUPSPRITE, cores: 1}, {card: TK-SMALL-SUPSPRITE, cores: 3}]}",
                                "{life: 5, reserve: 3}"), db=feast_db(magic("Activate Feast.")))
    a, b = on_field(game, 0, SMALL)
    use(game)
    assert game.pending.kind == "choose" and game.pending.info["kind"] == "target"
    assert sorted(game.pending.info["options"]) == sorted([a, b])
    answer(game, [b])
    if game.pending is not None and game.pending.kind == "choose":  # the Medium's cores: from the reserve
        answer(game, [0, 0])
    assert len(on_field(game, 0, MEDIUM)) == 1 and on_field(game, 0, SMALL) == [a]
    assert game.state.players[0].reserve == 3  # 2 + 3 - 2


def test_feast_2_a_large_token_is_not_upgraded_a_small_one_is_summoned_beside_it():
    game = position(two_players("{life: 5, reserve: 2, soul_core: trash, hand: [ZT-001], "
                                "field: [{card: TK-LARGE-SUPSPRITE, cores: 3}]}", "{life: 5, reserve: 3}"),
                    db=feast_db(magic("Activate Feast.")))
    use(game)
    if game.pending is not None and game.pending.kind == "choose":
        answer(game, [0])
    assert len(on_field(game, 0, LARGE)) == 1 and len(on_field(game, 0, SMALL)) == 1


def test_feast_2_the_soul_core_on_the_upgraded_token_goes_to_the_reserve_too():
    game = position(two_players("{life: 5, reserve: 0, soul_core: field, hand: [ZT-001], "
                                "field: [{card: TK-SMALL-SUPSPRITE, cores: 1, soul_core: true}]}",
                                "{life: 5, reserve: 3}"),
                    db=feast_db(magic("Activate Feast.")))
    use(game)
    if game.pending is not None and game.pending.kind == "choose":
        answer(game, [0, -1] if -1 in game.pending.info["options"] else [0, 0])
    (med,) = on_field(game, 0, MEDIUM)
    assert game.state.cards[med].cores + (1 if game.state.players[0].soul == med else 0) == 2


def test_feast_5_with_too_few_cores_the_medium_is_not_summoned_and_the_small_gives_its_cores_anyway():
    game = position(two_players("{life: 5, reserve: 0, soul_core: trash, hand: [ZT-001], "
                                "field: [{card: TK-SMALL-SUPSPRITE, cores: 1}]}", "{life: 5, reserve: 3}"),
                    db=feast_db(magic("Activate Feast.")))
    use(game)
    assert not on_field(game, 0, MEDIUM) and not on_field(game, 0, SMALL)
    assert game.state.players[0].reserve == 1


def test_feast_1_if_you_dont_control_any_token_spirits_feast_is_not_activated_with_one():
    db = feast_db(summoned("If you don't control any token spirits, activate Feast.",
                           keywords=[{"keyword_name": "Feast", "keyword_modifier": 1}]))
    game = position(two_players("{life: 5, reserve: 4, soul_core: trash, hand: [ZT-001], "
                                "field: [{card: TK-LARGE-SUPSPRITE, cores: 3}]}", "{life: 5, reserve: 3}"), db=db)
    game.apply(Summon(0, first(game, 0, "ZT-001", "hand")))
    while game.pending is not None and game.pending.kind == "choose":
        answer(game, game.pending.info["options"][:game.pending.info["min"]])
    assert not on_field(game, 0, SMALL)  # a token controlled: no Feast


def test_feast_1_if_you_dont_control_any_token_spirits_feast_is_activated_without_one():
    db = feast_db(summoned("If you don't control any token spirits, activate Feast.",
                           keywords=[{"keyword_name": "Feast", "keyword_modifier": 1}]))
    game = position(two_players("{life: 5, reserve: 4, soul_core: trash, hand: [ZT-001]}", "{life: 5, reserve: 3}"),
                    db=db)
    game.apply(Summon(0, first(game, 0, "ZT-001", "hand")))
    while game.pending is not None and game.pending.kind == "choose":
        answer(game, [0] * game.pending.info["min"])
    assert len(on_field(game, 0, SMALL)) == 1


def test_feast_1_cr_11_15_3_feast_in_a_chain_is_activated_only_with_a_symbol_of_its_colour():
    rec = magic("Draw a card. Chain Blue: Activate Feast two times.")
    db = feast_db(rec)
    without = position(two_players("{life: 5, reserve: 4, soul_core: trash, hand: [ZT-001]}", "{life: 5, reserve: 3}"),
                       db=db)
    use(without)
    assert not without.state.players[0].field  # no blue symbol: the chain does nothing
    game = position(two_players("{life: 5, reserve: 4, soul_core: trash, hand: [ZT-001], "
                                "field: [{card: T-B2, cores: 2}]}", "{life: 5, reserve: 3}"), db=db)
    blue = first(game, 0, "T-B2")
    use(game)
    while game.pending is not None and game.pending.kind == "choose":
        answer(game, [0] * game.pending.info["min"])  # the tokens' cores from the reserve
    assert len(on_field(game, 0, MEDIUM)) == 1 and not on_field(game, 0, SMALL)  # a Small, then made Medium
    assert game.state.cards[blue].cores == 2


def test_feast_4_the_later_directives_are_documented_in_the_card_format():
    from pathlib import Path

    from bss_desktop.carddb.effects import LATER_OPS

    doc = (Path(__file__).resolve().parent.parent / "docs" / "card-format.md").read_text(encoding="utf-8")
    assert all(f"| `{op}` |" in doc for op in LATER_OPS)


# ---------------------------------------------------------------- the Supsprite family (Feast-6)

SUP = ("Stoneback", "Sky Warden", "Supsprite")


def sup_db(*records):
    return resolve_tokens(imported_db(*records, magic("Activate Feast.") | {"ID": "ZT-009"}, families=SUP), TABLE)


def test_feast_6_the_importer_knows_supsprite_as_a_family_on_every_import():
    from bss_desktop.carddb.database import CardDB
    from bss_desktop.carddb.importer import _families_of

    assert "Supsprite" in _families_of([], CardDB())
    r = compile_effect("spirit", "When Summoned", "Place one core from the void onto each of your Supsprite spirits.",
                       families=_families_of([], CardDB()))
    assert r.effect["do"] == [{"core_charge": {"target": {"side": "you", "family": "Supsprite", "all": True},
                                               "count": 1}}]


def test_feast_6_activate_feast_once_for_each_spirit_your_opponent_controls_compiles_to_a_counted_feast():
    assert ops("Then, activate Feast once for each spirit your opponent controls.") == [
        {"feast": {"count": 1, "for_each": {"cards": {"side": "opponent", "type": "spirit"}}}, "_then": True}]


def test_feast_6_feast_once_for_each_spirit_your_opponent_controls_counts_them_once_as_it_starts():
    game = position(two_players("{life: 5, reserve: 6, soul_core: trash, hand: [ZT-001]}",
                                "{life: 5, reserve: 3, field: [{card: T-W0, cores: 1}, {card: T-W0, cores: 1}]}"),
                    db=sup_db(magic("Activate Feast once for each spirit your opponent controls.")))
    use(game)
    while game.pending is not None and game.pending.kind == "choose":
        answer(game, [0] * game.pending.info["min"])
    assert len(on_field(game, 0, MEDIUM)) == 1 and not on_field(game, 0, SMALL)  # two Feasts: Small, then Medium
    card = imported_db(magic("Activate Feast once for each spirit your opponent controls."))["ZT-001"]
    assert effect_text(card.effects[0], card).endswith("Activate 【Feast】 once for each spirit on your opponent's "
                                                       "field.")
    assert card_from_dict(card_to_dict(card)) == card


def test_feast_6_a_trigger_on_one_of_your_supsprite_spirits_with_the_soul_core_destroyed():
    watcher = record(ID="ZT-002", effects=[{"levels": [1, 2], "condition": "N/A", "keywords": [], "steps": [],
                                            "details": 'When one of your Supsprite spirits with a "Soul Core" on it '
                                                       'is destroyed, draw a card.'}])
    db = sup_db(magic("Destroy all of your token spirits."), watcher)
    for soul, drawn in (("field", 1), ("trash", 0)):
        mark = ", soul_core: true" if soul == "field" else ""
        game = position(two_players(f"{{life: 5, reserve: 1, soul_core: {soul}, hand: [ZT-001], field: "
                                    f"[{{card: ZT-002, cores: 1}}, {{card: TK-SMALL-SUPSPRITE, cores: 1{mark}}}]}}",
                                    "{life: 5, reserve: 3}"), db=db)
        hand = len(game.state.players[0].hand)
        use(game)
        assert len(game.state.players[0].hand) - (hand - 1) == drawn, soul


def test_feast_6_exhausting_one_of_your_supsprite_spirits_as_a_cost():
    attacker = record(ID="ZT-002", effects=[{"levels": [1, 2], "condition": "When Summoned", "keywords": [],
                                             "steps": [], "details": "You may exhaust one of your Supsprite spirits "
                                                                     "to draw a card."}])
    db = sup_db(attacker)
    game = position(two_players("{life: 5, reserve: 1, soul_core: trash, hand: [ZT-002], "
                                "field: [{card: TK-SMALL-SUPSPRITE, cores: 1}]}", "{life: 5, reserve: 3}"), db=db)
    tok = first(game, 0, SMALL.id)
    hand = len(game.state.players[0].hand)
    game.apply(Summon(0, first(game, 0, "ZT-002", "hand")))
    while game.pending is not None and game.pending.kind == "choose":
        info = game.pending.info
        answer(game, True if info["kind"] == "may" else info["options"][:info["min"]])
    assert game.state.cards[tok].exhausted and len(game.state.players[0].hand) == hand  # -1 summoned, +1 drawn


# ---------------------------------------------------------------- destroyed via its BP reduced to 0 (Feast-7)

VIA_BP = ("Select one of your opponent's spirits. Reduce its BP by 3000 during this turn. If you destroy one of your "
          "opponent's spirits via reducing its BP to 0 with this effect, activate Feast one time.")


def test_feast_7_if_you_destroy_via_reducing_its_bp_to_0_compiles_to_a_condition_on_the_selected_spirit():
    r = compile_effect("spirit", "When Summoned", VIA_BP)
    assert r.effect["do"] == [{"select": {}}, {"bp": {"target": "it", "add": -3000}},
                              {"feast": 1, "if": {"it_destroyed": True}}]


def test_feast_7_without_a_bp_reduction_before_it_or_to_another_bp_the_sentence_is_refused():
    text = ("Draw a card. If you destroy one of your opponent's spirits via reducing its BP to 0 with this effect, "
            "draw a card.")
    assert compile_effect("spirit", "When Summoned", text).effect is None
    assert not compile_sentence("If you destroy one of your opponent's spirits via reducing its BP to 1000 with this "
                                "effect, draw a card.", FAMILIES).ok


@pytest.mark.parametrize("target, feasted", [("T-W0", True), ("T-R5", False)])
def test_feast_7_cr_9_4_feast_only_when_the_bp_reduction_brings_the_spirit_to_0(target, feasted):
    game = position(two_players("{life: 5, reserve: 3, soul_core: trash, hand: [ZT-001]}",
                                f"{{life: 5, reserve: 3, field: [{{card: {target}, cores: 1}}]}}"),
                    db=feast_db(magic(VIA_BP)))
    theirs = game.state.players[1].field[0]
    use(game)
    while game.pending is not None and game.pending.kind == "choose":
        answer(game, [theirs] if game.pending.info["kind"] == "target" else [0] * game.pending.info["min"])
    assert bool(on_field(game, 0, SMALL)) == feasted
    assert (game.state.cards[theirs].zone == "trash") == feasted


@pytest.mark.parametrize("modifier", [None, {"odd": [1, 2]}, ["x", 3], "  ", 10 ** 30])
def test_feast_1_a_feast_label_with_any_modifier_is_read_without_harm(modifier):
    data, _, _, _ = convert_record(magic("Activate Feast.", keywords=[{"keyword_name": "Feast",
                                                                       "keyword_modifier": modifier}]), FAMILIES)
    assert data["effects"][0]["do"] == [{"feast": 1}]


@pytest.mark.parametrize("words, drawn", [("When one of your token spirits is destroyed, draw a card.", 1),
                                          ("When one of your token spirits is destroyed by your opponent, draw a "
                                           "card.", 0)])
def test_feast_3_cr_9_3_2_1_the_upgraded_token_is_destroyed_by_the_feasts_effect_not_self_destroyed(words, drawn):
    watcher = record(ID="ZT-002", effects=[{"levels": [1, 2], "condition": "N/A", "keywords": [], "steps": [],
                                            "details": words}])
    db = feast_db(magic("Activate Feast."), watcher)
    game = position(two_players("{life: 5, reserve: 1, soul_core: trash, hand: [ZT-001], field: [{card: ZT-002, "
                                "cores: 1}, {card: TK-SMALL-SUPSPRITE, cores: 1}]}", "{life: 5, reserve: 3}"), db=db)
    hand = len(game.state.players[0].hand)
    use(game)
    while game.pending is not None and game.pending.kind == "choose":
        answer(game, [0] * game.pending.info["min"])
    assert len(on_field(game, 0, MEDIUM)) == 1 and not on_field(game, 0, SMALL)
    assert len(game.state.players[0].hand) - (hand - 1) == drawn


def test_feast_4_coverage_counts_a_feast_card_as_compiled_and_names_its_three_tokens_until_the_table_has_them():
    from bss_desktop.carddb.coverage import coverage

    db = imported_db(magic("Activate Feast."))
    report = coverage({"ZT-001": db["ZT-001"]})
    assert report["base"]["automated"] == 1 and report["base"]["token_stats_missing"] == 1
    assert {t["name"] for t in report["tokens"]} == set(FEAST_TOKENS)
    full = coverage({"ZT-001": db["ZT-001"]}, tokens=TABLE)
    assert full["base"]["token_stats_missing"] == 0


def test_feast_6_the_tokens_command_names_feasts_three_tokens_and_their_family(tmp_path, monkeypatch, capsys):
    import json

    from bss_desktop import cli

    monkeypatch.setenv("BSS_DESKTOP_HOME", str(tmp_path / "home"))
    src = tmp_path / "zf.json"
    src.write_text(json.dumps([magic("Activate Feast.", ID="ZF-001", set="ZF")]), encoding="utf-8")
    assert cli.main(["import-cards", str(src)]) == 0
    capsys.readouterr()
    assert cli.main(["tokens"]) == 0
    out = capsys.readouterr().out
    for name in FEAST_TOKENS:
        assert f"{name}: 1 card (ZF-001): no stats yet (bss-desktop tokens set '{name}'" in out
    assert out.count("--families Supsprite") == 3


def test_feast_6_the_token_stats_dialog_offers_the_supsprite_family_for_feasts_tokens(qtbot, tmp_path):
    from bss_desktop.client.windows.token_stats import TokenStatsDialog

    for name, family in (("Medium Supsprite", "Supsprite"), ("Gadget", "")):
        dialog = TokenStatsDialog(name, ["ZT-001"], path=tmp_path / "tokens.yaml")
        qtbot.addWidget(dialog)
        assert dialog.families.text() == family
