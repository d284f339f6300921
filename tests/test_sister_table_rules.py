"""Standard's and Eternal's tables as their players know them (issue 26, part A), from positions of those games:
the soul core moved by hand (STD 5-7-3; ETR §Cores and the Soul Core, §Seal), Flash magic in the main step
(ETR §Using Magic) through Eternal's use-magic helper, its summon helper (ETR §Main Step Actions; an Ultimate at
LV3, ETR §Ultimate), heavy exhaust (STD 5-14-2, 5-16-1), Standard's trash ordered by its owner (STD 4-4-2) and Super
Unleash (STD 12-2-1-1). Standard has a rules module (issue 27): its sandbox is its rules game played by hand, where
one summons and uses magic with the rules' own commands, so the helpers are Eternal's.

STD = ../shared/rules/001 (rule numbers), ETR = ../shared/rules/003 (sections).
"""
from __future__ import annotations

import pytest

from bss_desktop.carddb.database import game_db
from bss_desktop.carddb.errors import CardDataError
from bss_desktop.carddb.game_cards import card_from_record
from bss_desktop.engine.commands import (ManualCores, ManualExhaust, ManualMove, ManualOrder, ManualSummon,
                                         ManualTurn, ManualUse, command_from_dict, CommandFormatError)
from bss_desktop.engine.errors import IllegalCommand, PositionError
from bss_desktop.engine.position import game_from_position, position_from_game
from bss_desktop.engine.record import replay, to_record
from bss_desktop.engine.settings import Ruleset
from bss_desktop.gamelog import describe
from bss_desktop.table import get_profile

SANDBOX = Ruleset(sandbox=True)
STD, ETR = get_profile("standard"), get_profile("eternal")
SDB, EDB = game_db(STD), game_db(ETR)
HARRIER = "STD1-011"  # Smoulderwing Harrier: <Super Unleash>; LV1 1 core 4000, LV2 2 cores 5000, LV3 4 cores 7000
EMBERPIP = "STD1-001"  # a spirit: LV1 1 core
VOLLEY, KILN = "STD1-016", "STD1-017"  # magic: [Main] only; [Flash] only (Soul Magic: red)
ULTIMATE = "ETR1-010"  # Ultimate-Kaelgrim: LV3 1 core 7000, LV4 3 cores, LV5 5 cores
ETR_FLASH, ETR_MAIN = "ETR1-014", "ETR1-016"
WYVERN, DRAKELING = "ETR1-004", "ETR1-001"  # Eternal spirits: LV1 1 core, LV2 3, LV3 5; LV1 1 core, LV2 3


def position(profile, db, p0=None, p1=None, *, step="main", turn=2, turn_player=0):
    filler = next(c.id for c in db.values() if c.type == "spirit" and not c.token)
    data = {"game": profile.id, "turn": turn, "turn_player": turn_player, "step": step, "players": []}
    for extra in (p0, p1):
        pd = {"life": 5, "reserve": 3, "deck": [filler] * 10}
        pd.update(extra or {})
        data["players"].append(pd)
    return game_from_position(data, db, settings=SANDBOX)


def std(p0=None, p1=None, **kw):
    return position(STD, SDB, p0, p1, **kw)


def etr(p0=None, p1=None, **kw):
    return position(ETR, EDB, p0, p1, **kw)


def refused(game, cmd, rule: str, words: str = "") -> IllegalCommand:
    before = game.state.hash()
    with pytest.raises(IllegalCommand) as e:
        game.apply(cmd)
    assert game.state.hash() == before, "a refused command changed the state"
    assert e.value.rule == rule, e.value
    assert words in e.value.message, e.value.message
    return e.value


def log(game, events) -> str:
    return "\n".join(describe(game, e, None) for e in events)


# ------------------------------------------------------------------ the soul core by hand


def test_std_soul_core_pays_a_cost_from_a_field_card_to_the_trash():
    """Paying with the soul core (STD 5-7-3: it is affected like any core): from a spirit to the trash's cores."""
    game = std({"soul_core": "field", "field": [{"card": EMBERPIP, "cores": 1, "soul_core": True}]})
    spirit = game.state.players[0].field[0]
    events = game.apply(ManualCores(0, 0, spirit, "trash", 0, True))
    assert game.state.players[0].soul == "trash" and game.state.cards[spirit].cores == 1
    assert "(by hand) moves 1 of" in log(game, events)
    assert game.view(0)["players"][0]["soul"] == "trash"


def test_std_soul_magic_pays_with_the_soul_core_alone_reserve_to_trash():
    """STD 12-2-1-2-1 Soul Magic: the cost paid with only the soul core (reserve → trash)."""
    game = std({"hand": [KILN]})
    game.apply(ManualCores(0, 0, "reserve", "trash", 0, True))
    assert game.state.players[0].soul == "trash" and game.state.players[0].reserve == 3


def test_std_5_7_3_soul_core_never_goes_to_life_or_the_void_by_hand():
    game = std()
    refused(game, ManualCores(0, 0, "reserve", "life", 0, True), "STD 5-7-3", "life")
    refused(game, ManualCores(0, 0, "reserve", "void", 0, True), "STD 5-7-3", "void")
    refused(game, ManualCores(0, 0, "reserve", "life", 1, True), "STD 5-7-3")  # with a core too: nothing moves
    refused(game, ManualCores(0, 0, "trash", "reserve", 0, True), "STD 5-7-3", "not at 'trash'")
    game.apply(ManualCores(0, 0, "reserve", "life", 1))  # a plain core still goes to life by hand


def test_etr_seal_moves_the_soul_core_from_the_reserve_to_life():
    """ETR §Seal: 《Seal》 moves the soul core to life, so Eternal's profile bars only the void."""
    game = etr()
    assert ETR.pieces["soul_core"].barred == ("void",)
    game.apply(ManualCores(0, 0, "reserve", "life", 0, True))
    assert game.state.players[0].soul == "life" and game.state.players[0].life == 5
    assert game.view(1)["players"][0]["soul"] == "life"
    refused(game, ManualCores(0, 0, "life", "void", 0, True), "ETR §Cores and the Soul Core", "void")


def test_std_soul_core_returns_from_the_trash_in_the_refresh_step():
    """STD 7-5-2 refresh step: the trash's cores, the soul core among them, go back to the reserve (by the rules,
    in Standard's sandbox too)."""
    from bss_desktop.engine.commands import EndMain

    game = std({"soul_core": "trash", "trash_cores": 2, "reserve": 0}, step="second_main", turn=2, turn_player=1)
    game.apply(EndMain(1))  # the end of player 2's turn; player 1's turn 3: start, core, draw, refresh, main
    p = game.state.players[0]
    assert game.state.turn == 3 and (p.soul, p.reserve, p.trash_cores) == ("reserve", 3, 0)


def test_etr_soul_core_into_the_count_and_back_round_trips_a_position():
    game = etr()
    events = game.apply(ManualCores(0, 0, "reserve", "count", 1, True))
    assert game.state.players[0].soul == "count" and game.state.table.pieces[0]["count"] == 1
    assert "moves 2 of Player 1's core(s): reserve → count." in log(game, events)
    again = game_from_position(position_from_game(game), EDB, settings=SANDBOX)
    assert again.state.players[0].soul == "count" and again.state.hash() == game.state.hash()
    game.apply(ManualCores(0, 0, "count", "reserve", 0, True))
    assert game.state.players[0].soul == "reserve" and game.state.table.pieces[0]["count"] == 1


def test_soul_core_moves_replay_from_the_record_and_parse_from_json():
    game = std({"field": [{"card": EMBERPIP, "cores": 1}]})
    spirit = game.state.players[0].field[0]
    game.apply(ManualCores(0, 0, "reserve", spirit, 1, True))
    assert game.state.players[0].soul == spirit and game.cores_on(spirit) == 3
    assert replay(to_record(game), SDB).state.hash() == game.state.hash()
    assert command_from_dict(ManualCores(0, 0, "reserve", spirit, 1, True).to_dict()).soul is True


# ------------------------------------------------------------------ the use-magic helper


def test_etr_main_magic_in_your_main_step_goes_to_the_trash():
    game = etr({"hand": [ETR_MAIN]})
    card = game.state.players[0].hand[0]
    events = game.apply(ManualUse(0, card))
    assert game.state.cards[card].zone == "trash" and game.state.players[0].trash == [card]
    assert "pay its cost and resolve it by hand" in log(game, events)
    assert game.state.players[0].reserve == 3  # its cost stays the player's to pay


def test_etr_main_magic_is_refused_in_the_attack_step_and_the_others_main_step():
    game = etr({"hand": [ETR_MAIN]}, {"hand": [ETR_MAIN]}, step="attack")
    refused(game, ManualUse(0, game.state.players[0].hand[0]), "ETR §Using Magic", "main timing")
    game = etr({"hand": [ETR_MAIN]}, {"hand": [ETR_MAIN]})
    refused(game, ManualUse(1, game.state.players[1].hand[0]), "ETR §Using Magic")  # your own main step only


def test_etr_flash_magic_in_either_players_attack_step_not_the_end_step():
    assert STD.flash_in_main and ETR.flash_in_main and not get_profile("bss").flash_in_main
    game = etr({"hand": [ETR_FLASH]}, {"hand": [ETR_FLASH]}, step="attack")
    game.apply(ManualUse(1, game.state.players[1].hand[0]))  # the defending player's flash timing
    game.apply(ManualUse(0, game.state.players[0].hand[0]))
    game = etr({"hand": [ETR_FLASH]}, step="end")
    refused(game, ManualUse(0, game.state.players[0].hand[0]), "ETR §Using Magic", "flash timing")


def test_flash_in_main_off_refuses_flash_magic_in_the_main_step_naming_the_profile_field():
    import dataclasses

    game = etr({"hand": [ETR_FLASH]})
    game.profile = dataclasses.replace(ETR, flash_in_main=False)
    refused(game, ManualUse(0, game.state.players[0].hand[0]), "eternal profile: flash_in_main", "Flash magic")


def test_std_the_helpers_are_refused_in_standard_which_summons_and_uses_magic_by_its_rules():
    """Standard has its rules module: a spirit is summoned (Summon) and a magic used (UseMagic) with the rules'
    payment, in its sandbox too; the by-hand helpers of the games without rules are not Standard's."""
    from bss_desktop.engine.commands import Summon, UseMagic

    game = std({"hand": [VOLLEY, EMBERPIP]})
    magic, spirit = game.state.players[0].hand
    refused(game, ManualUse(0, magic), "standard profile: rules", "its rules")
    refused(game, ManualSummon(0, spirit), "standard profile: rules", "its rules")
    game.apply(Summon(0, spirit))
    assert game.state.cards[spirit].zone == "field"
    game.apply(UseMagic(0, magic))
    assert game.state.cards[magic].zone == "trash"


def test_etr_using_magic_main_and_flash_in_the_main_step():
    game = etr({"hand": [ETR_FLASH, ETR_MAIN]})
    flash, main = game.state.players[0].hand
    game.apply(ManualUse(0, flash))
    game.apply(ManualUse(0, main))
    assert game.state.players[0].trash == [flash, main]
    game = etr({"hand": [ETR_MAIN]}, step="attack")
    refused(game, ManualUse(0, game.state.players[0].hand[0]), "ETR §Using Magic", "main timing")


def test_use_helper_refuses_a_spirit_a_card_not_in_hand_and_the_others_card():
    game = etr({"hand": [DRAKELING], "trash": [ETR_MAIN]}, {"hand": [ETR_MAIN]})
    spirit, trashed = game.state.players[0].hand[0], game.state.players[0].trash[0]
    refused(game, ManualUse(0, spirit), "ETR §Using Magic", "not a magic card")
    refused(game, ManualUse(0, trashed), "ETR §Game Setup", "hand")  # (Eternal's words for the hand)
    refused(game, ManualUse(0, game.state.players[1].hand[0]), "ETR §Game Setup", "player 1's hand")
    refused(game, ManualUse(0, 10**6), "ETR §Game Setup")


# ------------------------------------------------------------------ the summon helper


def test_etr_summon_helper_places_the_levels_cores_from_the_reserve():
    game = etr({"hand": [WYVERN], "reserve": 6})
    wyvern = game.state.players[0].hand[0]
    events = game.apply(ManualSummon(0, wyvern, 3))
    assert game.state.cards[wyvern].zone == "field" and game.state.cards[wyvern].cores == 5
    assert game.state.players[0].reserve == 1 and game.level(wyvern) == 3
    assert "at LV3 (5 core(s) from the reserve); pay its cost by hand" in log(game, events)


def test_etr_summon_helper_lowest_level_and_refusals():
    game = etr({"hand": [WYVERN, DRAKELING], "reserve": 4})
    wyvern, drakeling = game.state.players[0].hand
    refused(game, ManualSummon(0, wyvern, 3), "ETR §Ultimate", "needs 5 core(s); the reserve has 4")
    refused(game, ManualSummon(0, wyvern, 7), "ETR §Ultimate", "not LV7")
    game.apply(ManualSummon(0, drakeling))  # level 0: its lowest, LV1 on 1 core
    assert game.state.cards[drakeling].cores == 1 and game.state.players[0].reserve == 3
    game.apply(ManualSummon(0, wyvern, 2))
    assert game.state.cards[wyvern].cores == 3 and game.state.players[0].reserve == 0 and game.level(wyvern) == 2


def test_etr_summoning_is_a_main_step_action_of_the_turn_player():
    for step in ("attack", "refresh", "end"):
        game = etr({"hand": [DRAKELING]}, step=step)
        refused(game, ManualSummon(0, game.state.players[0].hand[0]), "ETR §Main Step Actions", "main step")
    game = etr(None, {"hand": [DRAKELING]})
    refused(game, ManualSummon(1, game.state.players[1].hand[0]), "ETR §Main Step Actions", "player 1")
    game = etr({"hand": [ETR_MAIN]})
    refused(game, ManualSummon(0, game.state.players[0].hand[0]), "ETR §Main Step Actions", "not a card one summons")


def test_etr_ultimate_summon_helper_starts_at_lv3():
    """ETR §Ultimate: the minimum level of an Ultimate is LV3; the helper offers LV3 and up."""
    from bss_desktop.engine.hand_helpers import summon_levels

    game = etr({"hand": [ULTIMATE], "reserve": 5})
    ult = game.state.players[0].hand[0]
    assert summon_levels(ETR, EDB[ULTIMATE]) == [3, 4, 5]
    refused(game, ManualSummon(0, ult, 1), "ETR §Ultimate", "LV3, LV4, LV5")
    game.apply(ManualSummon(0, ult))
    assert game.state.cards[ult].cores == 1 and game.level(ult) == 3 and game.bp(ult) == 7000
    assert game.state.players[0].reserve == 4


def test_etr_a_plain_manual_move_of_an_ultimate_with_fewer_cores_stays_allowed():
    game = etr({"hand": [ULTIMATE]})
    ult = game.state.players[0].hand[0]
    game.apply(ManualMove(0, ult, "field"))  # the sandbox enforces nothing: 0 cores, below LV3
    assert game.state.cards[ult].zone == "field" and game.level(ult) == 0


def test_use_and_summon_record_replay_and_json_round_trip():
    game = etr({"hand": [ETR_MAIN, DRAKELING]})
    magic, spirit = game.state.players[0].hand
    game.apply(ManualUse(0, magic))
    game.apply(ManualSummon(0, spirit, 1))
    assert replay(to_record(game), EDB).state.hash() == game.state.hash()
    for cmd in (ManualUse(0, magic), ManualSummon(0, spirit, 2)):
        assert command_from_dict(cmd.to_dict()) == cmd


@pytest.mark.parametrize("data, field", [
    ({"type": "manual_summon", "player": 0, "card": 1, "level": -1}, "level"),
    ({"type": "manual_summon", "player": 0, "card": 1, "level": 10**9}, "level"),
    ({"type": "manual_summon", "player": 0, "card": 1, "level": True}, "level"),
    ({"type": "manual_summon", "player": 0, "card": "x"}, "card"),
    ({"type": "manual_use", "player": 0, "card": [1]}, "card"),
    ({"type": "manual_use", "player": 2, "card": 1}, "player"),
    ({"type": "manual_use", "player": 0, "card": 1, "pay": []}, "pay"),
    ({"type": "manual_use", "player": 0}, "card"),
])
def test_malformed_use_and_summon_commands_are_refused_naming_the_field(data, field):
    with pytest.raises(CommandFormatError) as e:
        command_from_dict(data)
    assert e.value.field == field


def test_the_helpers_are_refused_in_a_game_of_another_shape_and_in_battle_spirits_saga():
    from test_table_sandbox import WARRIOR, bos_position

    game = bos_position(p0={"hand": [WARRIOR]})
    refused(game, ManualSummon(0, game.state.players[0].hand[0]), "bos profile: cards.shape")


# ------------------------------------------------------------------ heavy exhaust


def test_std_5_14_2_refreshing_a_heavy_exhausted_card_makes_it_exhausted_then_refreshed():
    game = std({"field": [{"card": EMBERPIP, "cores": 1}]})
    s = game.state.players[0].field[0]
    game.apply(ManualTurn(0, s, "heavy_exhausted"))
    events = game.apply(ManualExhaust(0, s, False))  # the double-click
    assert game.state.cards[s].exhausted and s not in game.state.table.marks
    assert "heavy exhausted → exhausted" in log(game, events)
    assert game.view(1)["players"][0]["field"][0]["exhausted"] is True
    game.apply(ManualExhaust(0, s, False))
    assert not game.state.cards[s].exhausted
    refused(game, ManualExhaust(0, s, False), "STD 1-4-2", "already refreshed")


def test_std_5_16_1_a_heavy_exhausted_card_is_written_in_a_position_and_read_back():
    game = std({"field": [{"card": EMBERPIP, "cores": 1, "turn": "heavy_exhausted"}]})
    s = game.state.players[0].field[0]
    assert game.state.table.marks[s].turn == "heavy_exhausted" and game.state.cards[s].exhausted
    saved = position_from_game(game)
    assert saved["players"][0]["field"][0]["turn"] == "heavy_exhausted"
    again = game_from_position(saved, SDB, settings=SANDBOX)
    assert again.state.hash() == game.state.hash()
    etr_game = etr({"field": [{"card": ULTIMATE, "cores": 1, "turn": "heavy_exhausted", "exhausted": True}]})
    assert etr_game.state.cards[etr_game.state.players[0].field[0]].exhausted


@pytest.mark.parametrize("entry, field, words", [
    ({"card": EMBERPIP, "turn": "sideways_up"}, "players[0].field[0].turn", "no orientation 'sideways_up'"),
    ({"card": EMBERPIP, "turn": 180}, "players[0].field[0].turn", "expected text"),
    ({"card": EMBERPIP, "turn": "heavy_exhausted", "exhausted": False}, "players[0].field[0].exhausted",
     "counts as exhausted"),
    ({"card": EMBERPIP, "spin": 1}, "players[0].field[0].spin", "unknown field"),
])
def test_a_bad_orientation_in_a_position_is_refused_naming_the_field(entry, field, words):
    with pytest.raises(PositionError) as e:
        std({"field": [entry]})
    assert e.value.field == field and words in e.value.message


# ------------------------------------------------------------------ Standard's trash


def test_std_4_4_2_only_the_owner_reorders_their_trash():
    game = std({"trash": [EMBERPIP, VOLLEY]}, {"trash": [EMBERPIP, VOLLEY]})
    mine = list(game.state.players[0].trash)
    refused(game, ManualOrder(1, 0, "trash", tuple(reversed(mine))), "standard profile: zones.trash.reorder",
            "only its owner")
    game.apply(ManualOrder(0, 0, "trash", tuple(reversed(mine))))
    assert game.state.players[0].trash == mine[::-1]
    assert get_profile("bss").zones["trash"].reorder == "all"  # Saga: both players (CR 3-4-2)


# ------------------------------------------------------------------ Super Unleash and the card fields


def test_std_12_2_1_1_super_unleash_is_lv2_with_only_the_soul_core():
    game = std({"soul_core": "field", "field": [{"card": HARRIER, "cores": 0, "soul_core": True}]})
    s = game.state.players[0].field[0]
    assert (game.level(s), game.bp(s)) == (2, 5000)
    entry = game.view(1)["players"][0]["field"][0]
    assert (entry["level"], entry["bp"]) == (2, 5000)


def test_std_12_2_1_1_super_unleash_needs_the_soul_core_one_plain_core_is_lv1():
    game = std({"field": [{"card": HARRIER, "cores": 1}]})
    s = game.state.players[0].field[0]
    assert (game.level(s), game.bp(s)) == (1, 4000)
    game = std({"soul_core": "field", "field": [{"card": HARRIER, "cores": 3, "soul_core": True}]})
    s = game.state.players[0].field[0]
    assert (game.level(s), game.bp(s)) == (3, 7000)  # 4 cores: LV3 as printed
    game = std({"field": [{"card": EMBERPIP, "cores": 0, "soul_core": True}], "soul_core": "field"})
    assert game.level(game.state.players[0].field[0]) == 1  # no Super Unleash: the soul core is one core


def test_std_card_fields_super_unleash_soul_magic_ex_symbol_on_the_shipped_cards():
    assert SDB[HARRIER].extra["super_unleash"] == 2 and SDB[HARRIER].text == ""  # the field, no hand text
    assert SDB[KILN].extra["soul_magic"] == "red"
    assert SDB[EMBERPIP].extra["ex_symbol"] is True
    assert {f: STD.cards.fields[f].kind for f in ("super_unleash", "soul_magic", "ex_symbol")} == {
        "super_unleash": "level", "soul_magic": "enum", "ex_symbol": "bool"}
    assert "super_unleash" in ETR.cards.fields


@pytest.mark.parametrize("field, value, words", [
    ("super_unleash", 5, "one of the card's levels (1, 2, 3)"),
    ("super_unleash", "2", "one of the card's levels"),
    ("super_unleash", True, "one of the card's levels"),
    ("soul_magic", "gold", "expected one of red, purple"),
    ("ex_symbol", "yes", "true or false"),
])
def test_bad_super_unleash_soul_magic_or_ex_symbol_names_the_card_and_field(field, value, words):
    record = {"id": "STD9-001", "name": "Test Drake", "type": "spirit", "colors": ["red"], "cost": 3,
              "symbols": ["red"], "levels": [{"level": 1, "cores": 1, "bp": 3000}, {"level": 2, "cores": 2, "bp": 4000},
                                             {"level": 3, "cores": 4, "bp": 6000}], field: value}
    with pytest.raises(CardDataError) as e:
        card_from_record(record, STD, file="bad.yaml")
    assert e.value.card_id == "STD9-001" and e.value.field == field and words in e.value.message


def test_a_set_file_with_a_bad_super_unleash_is_refused_naming_the_card(tmp_path):
    from bss_desktop.carddb.database import load_set_file

    path = tmp_path / "bad.yaml"
    path.write_text("set: {id: STD9, name: Bad}\ngame: standard\ncards:\n  - {id: STD9-002, name: Bad, type: spirit, colors: [red], cost: 1, "
                    "symbols: [red], levels: [{level: 1, cores: 1, bp: 1000}], super_unleash: 2}\n")
    with pytest.raises(CardDataError) as e:
        load_set_file(path, STD)
    assert e.value.card_id == "STD9-002" and e.value.field == "super_unleash"


@pytest.mark.parametrize("extra, field", [
    ("flash_in_main: 3", "flash_in_main"),
    ("flash_in_main: [main]", "flash_in_main"),
    ("pieces: {soul_core: {label: Soul core, rule: [STD, 5]}}", "pieces.soul_core.rule"),
    ("pieces: {soul_core: {label: Soul core, rule: '" + "x" * 61 + "'}}", "pieces.soul_core.rule"),
    ("cards: {fields: {unleash: {kind: levels}}}", "cards.fields.unleash.kind"),
])
def test_a_bad_flash_in_main_piece_rule_or_field_kind_is_refused_naming_the_field(extra, field):
    from test_profiles import BASE, _error

    e = _error(BASE + extra)
    assert e.field == field, str(e)
