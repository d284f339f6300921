"""Battle of Souls ATK and RST as modified (BOS = ../shared/rules/004): a fighter's current ATK/RST is its printed
value (glossary "Original ATK (or RST)") plus the bonus of each face-up equipment attached to it (§Equipment Cards,
Attached: "add attack or rest bonuses") plus the modifiers the players set by hand ("gains 400 ATK until the end
of this turn"), shown on the table and in the Card panel with the printed value beside it (engine/table_stats.py).

The players' modifiers are `card_counters` kinds with `stat:` (profiles/bos.yaml: `atk`, `rst`, each counter worth
100), so they are `ManualCounter`s: logged, undone, recorded, saved in positions, gone when the fighter changes zone
(CR 3-1-4) and, over the LAN, put on the other seat's fighter unasked (opponent_moves.counters, design ruling 12:
Creeping Gloom, "Fighters your opponent controls lose 200 ATK").
"""
from __future__ import annotations

import pytest
from lan import run
from test_net_hostile_sandbox import _alias, _started, _table
from test_net_table import finish, guest_does, settle
from test_table_sandbox import DB, SANDBOX, WARRIOR, bos_position, refused, zone

from bss_desktop.carddb.database import load_set_file
from bss_desktop.carddb.errors import CardDataError
from bss_desktop.engine import table_stats
from bss_desktop.engine.commands import CommandFormatError, ManualAttach, ManualCounter, ManualFlip, ManualMove, \
    command_from_dict
from bss_desktop.engine.errors import PositionError
from bss_desktop.engine.position import game_from_position, position_from_game
from bss_desktop.engine.record import replay, to_record
from bss_desktop.gamelog import describe
from bss_desktop.protocol.messages import MessageError, check_view
from bss_desktop.table import get_profile

BOS = get_profile("bos")


def card_named(name: str) -> str:
    return next(c.id for c in DB.values() if c.name == name)


BLADE = card_named("Oathsteel Blade")  # Attached, atk_mod 500
BULWARK = card_named("Bulwark of the Ninth Wall")  # Attached, rst_mod 800
CLOAK = card_named("Cloak of Quiet Steps")  # Attached, no fixed bonus
PRINTED_ATK, PRINTED_RST = DB[WARRIOR].extra["atk"], DB[WARRIOR].extra["rst"]


def fighter_view(game, viewer: int, owner: int = 0, i: int = 0) -> dict:
    return game.view(viewer)["players"][owner]["areas"]["fighter"][i]


def manual_lines(game, cmds) -> list[str]:
    """Apply `cmds`; the log lines of their manual moves, as player 1's log reads them."""
    return [describe(game, e, 0) for cmd in cmds for e in game.apply(cmd) if e.kind == "manual"]


# ------------------------------------------------------------------ the shipped cards


def test_bos_equipment_with_a_fixed_bonus_carries_it_as_a_field_and_keeps_its_text():
    """BOS §Equipment Cards: the Attached and One-Turn cards whose text gives one fighter a fixed bonus carry it."""
    assert (DB[BLADE].extra["atk_mod"], DB[BULWARK].extra["rst_mod"]) == (500, 800)
    assert DB[card_named("Quenching Oil")].extra["atk_mod"] == 700
    assert DB[BLADE].text == "Continuous: The equipped fighter gains 200 RST."  # written from its effects: the
    # fixed +500 ATK is the atk_mod field (issue 30: every BOS1 card automated)
    assert "atk_mod" not in DB[CLOAK].extra and "atk_mod" not in DB[card_named("Warbrand Gauntlets")].extra


@pytest.mark.parametrize("card, field, words", [
    ("  - {id: M-1, name: Axe, type: equipment, subtype: Attached, atk_mod: 250}\n", "atk_mod", "multiple of 100"),
    ("  - {id: M-1, name: Axe, type: equipment, subtype: Attached, atk_mod: 20000}\n", "atk_mod", "between"),
    ("  - {id: M-1, name: Axe, type: equipment, subtype: Attached, rst_mod: '+500'}\n", "rst_mod", "whole number"),
    ("  - {id: M-1, name: Ox, type: fighter, class: Warrior, atk: 1200, rst: 800, atk_mod: 500}\n", "atk_mod",
     "a fighter has no atk_mod"),
    ("  - {id: M-1, name: Ox, type: tactic, subtype: One-Turn, rst_mod: 500}\n", "rst_mod", "a tactic has no rst_mod"),
])
def test_a_bad_equipment_bonus_names_the_card_and_field(tmp_path, card, field, words):
    f = tmp_path / "mine.yaml"
    f.write_text(f"set: {{id: MINE, name: Mine}}\ngame: bos\ncards:\n{card}")
    with pytest.raises(CardDataError) as e:
        load_set_file(f, BOS)
    assert e.value.field == field and words in e.value.message and e.value.card_id == "M-1", str(e.value)


@pytest.mark.parametrize("extra, field, words", [
    ("cards: {fields: {atk_mod: {modifies: power}}}", "cards.fields.atk_mod.modifies", "another int field"),
    ("cards: {fields: {subtype: {modifies: atk}}}", "cards.fields.subtype.modifies", "another int field"),
    ("cards: {types: {equipment: {optional: [durability]}}}", "cards.types.equipment.optional[0]", "not one of"),
    ("card_counters: {atk: {stat: class}}", "card_counters.atk.stat", "not an int field"),
    ("card_counters: {atk: {stat: power}}", "card_counters.atk.stat", "not an int field"),
    ("card_counters: {counter: {stat: atk}}", "card_counters.counter.stat", "free label"),
    ("card_counters: {atk: {step: 0}}", "card_counters.atk.step", "at least 1"),
])
def test_a_wrong_stat_field_in_a_profile_is_named(extra, field, words):
    from test_profiles import BASE, _error

    e = _error(BASE + extra)
    assert e.field == field and words in e.message, str(e)


# ------------------------------------------------------------------ the engine


def test_bos_attached_face_up_equipment_adds_its_bonus_and_the_printed_value_stays_the_original():
    """BOS §Equipment Cards (Attached) and glossary "Original ATK": the printed value does not include the bonus."""
    game = bos_position(p0={"fighter": [WARRIOR], "equipment": [BLADE, BULWARK, CLOAK]})
    f = zone(game, 0, "fighter")[0]
    blade, bulwark, cloak = zone(game, 0, "equipment")
    assert "stats" not in fighter_view(game, 1)  # nothing attached: the printed values
    game.apply(ManualAttach(0, blade, f))
    game.apply(ManualAttach(0, bulwark, f))
    game.apply(ManualAttach(0, cloak, f))
    assert fighter_view(game, 1)["stats"] == {"atk": PRINTED_ATK + 500, "rst": PRINTED_RST + 800}
    assert fighter_view(game, 0)["stats"] == fighter_view(game, 1)["stats"]  # both seats see it
    atk = table_stats.breakdown(game, f)["atk"]
    assert atk == {"value": PRINTED_ATK + 500, "printed": PRINTED_ATK, "parts": [("Oathsteel Blade", 500),
                                                                                  ("manual", 0)]}
    game.apply(ManualFlip(0, blade, True))  # BOS §Equipment Zone: a face-down equipment is not activated
    assert fighter_view(game, 1)["stats"] == {"rst": PRINTED_RST + 800}
    game.apply(ManualAttach(0, bulwark, None))
    assert "stats" not in fighter_view(game, 1)
    assert DB[WARRIOR].extra["atk"] == PRINTED_ATK  # the card itself is never changed


def test_bos_manual_atk_modifier_is_logged_with_before_and_after_and_goes_when_the_fighter_leaves():
    """A card effect the players apply ("gains 400 ATK until the end of this turn", "lose 200 ATK") by hand; the
    fighter that leaves the field is a new card without it (CR 3-1-4)."""
    game = bos_position(p0={"fighter": [WARRIOR], "equipment": [{"card": BLADE, "on": "fighter[0]"}]})
    f = zone(game, 0, "fighter")[0]
    lines = manual_lines(game, [ManualCounter(0, f, "atk", 4), ManualCounter(1, f, "atk", -2),
                                ManualCounter(0, f, "rst", -9)])
    v = fighter_view(game, 1)
    assert v["stats"] == {"atk": PRINTED_ATK + 500 + 200, "rst": max(0, PRINTED_RST - 900)}
    assert v["counters"] == {"atk": 2, "rst": -9}
    name = DB[WARRIOR].name
    assert f"Player 1 (by hand) changes {name}'s ATK by +400: {PRINTED_ATK + 500} → {PRINTED_ATK + 900}." in lines
    assert f"Player 2 (by hand) changes {name}'s ATK by -200: {PRINTED_ATK + 900} → {PRINTED_ATK + 700}." in lines
    assert table_stats.breakdown(game, f)["rst"]["parts"] == [("manual", -900)]
    game.apply(ManualMove(0, f, "hand"))
    game.apply(ManualMove(0, f, "fighter"))
    assert "stats" not in fighter_view(game, 1) and "counters" not in fighter_view(game, 1)


def test_bos_stat_modifier_refused_off_the_field_or_on_a_card_without_the_stat_or_beyond_its_bounds():
    """Only a fighter on the field has a current ATK/RST (BOS §Fighter Battle Rules); a modifier is bounded
    (card_counters.atk.max: 100 counters of 100) and a refusal changes nothing."""
    game = bos_position(p0={"fighter": [WARRIOR], "equipment": [BLADE], "discard": [WARRIOR], "hand": [WARRIOR]})
    f, eq = zone(game, 0, "fighter")[0], zone(game, 0, "equipment")[0]
    gone, held = zone(game, 0, "discard")[0], zone(game, 0, "hand")[0]
    refused(game, ManualCounter(0, eq, "atk", 1), "bos profile: card_counters.atk.stat")
    refused(game, ManualCounter(0, gone, "rst", 1), "only a card on the field with a printed RST")
    refused(game, ManualCounter(0, held, "atk", 1), "not on the table")
    for _ in range(2):
        game.apply(ManualCounter(0, f, "atk", -50))
    refused(game, ManualCounter(0, f, "atk", -1), "it can have -100 to 100")
    refused(game, ManualCounter(0, f, "dex", 1), "has no counter 'dex'")
    assert table_stats.breakdown(game, f)["atk"]["value"] == 0  # never below the field's min (ATK min: 0)


def test_bos_stat_modifiers_replay_from_the_record_and_undo_like_any_move():
    game = bos_position(p0={"fighter": [WARRIOR], "hand": [BLADE]})
    f, blade = zone(game, 0, "fighter")[0], zone(game, 0, "hand")[0]
    for cmd in (ManualMove(0, blade, "equipment"), ManualAttach(0, blade, f), ManualCounter(0, f, "atk", 3),
                ManualCounter(1, f, "rst", -2)):
        assert command_from_dict(cmd.to_dict()) == cmd
        game.apply(cmd)
    again = replay(to_record(game), DB)
    assert again.state.hash() == game.state.hash() and fighter_view(again, 1) == fighter_view(game, 1)
    undone = replay(to_record(game), DB, stop=len(game.history) - 1)  # the sandbox's Undo
    assert fighter_view(undone, 1)["stats"] == {"atk": PRINTED_ATK + 800}


def test_bos_position_saves_and_loads_signed_modifiers():
    game = bos_position(p0={"fighter": [{"card": WARRIOR, "counters": {"atk": -3, "rst": 2, "kill": 1}}]})
    assert fighter_view(game, 0)["stats"] == {"atk": PRINTED_ATK - 300, "rst": PRINTED_RST + 200}
    saved = position_from_game(game)
    assert saved["players"][0]["fighter"] == [{"card": WARRIOR, "counters": {"atk": -3, "kill": 1, "rst": 2}}]
    again = game_from_position(saved, DB, settings=SANDBOX)
    assert position_from_game(again) == saved and again.view(1) == game.view(1)


@pytest.mark.parametrize("counters, words", [
    ({"atk": 0}, "-100 to 100 other than 0"),
    ({"atk": 101}, "-100 to 100"),
    ({"rst": -101}, "-100 to 100"),
    ({"atk": "300"}, "got '300'"),
    ({"atk": True}, "got True"),
    ({"kill": -1}, "1 to 99"),  # a kill token is still a count
])
def test_a_bos_position_with_a_bad_modifier_names_the_field(counters, words):
    with pytest.raises(PositionError) as e:
        bos_position(p0={"fighter": [{"card": WARRIOR, "counters": counters}]})
    key = next(iter(counters))
    assert e.value.field == f"players[0].fighter[0].counters.{key}" and words in e.value.message, str(e.value)


@pytest.mark.parametrize("bad, field", [
    ({"type": "manual_counter", "player": 0, "card": 41, "name": "atk", "delta": "+100"}, "delta"),
    ({"type": "manual_counter", "player": 0, "card": 41, "name": "atk", "delta": 1.5}, "delta"),
    ({"type": "manual_counter", "player": 0, "card": 41, "name": "atk", "delta": 10**9}, "delta"),
    ({"type": "manual_counter", "player": 0, "card": 41, "name": "atk", "delta": 100}, "delta"),
    ({"type": "manual_counter", "player": 0, "card": 41, "name": "ATK +", "delta": 1}, "name"),
    ({"type": "manual_counter", "player": 0, "card": "fighter[0]", "name": "atk", "delta": 1}, "card"),
])
def test_a_malformed_stat_modifier_names_its_field(bad, field):
    with pytest.raises(CommandFormatError) as e:
        command_from_dict(bad)
    assert e.value.field == field


def test_a_view_with_signed_counters_and_stats_passes_the_guests_check_and_a_bad_one_is_named():
    game = bos_position(p0={"fighter": [{"card": WARRIOR, "counters": {"atk": -3}}]})
    view = game.view(1)
    check_view(view)
    view["players"][0]["areas"]["fighter"][0]["stats"] = {"atk": "a lot"}
    with pytest.raises(MessageError) as e:
        check_view(view)
    assert e.value.field.endswith("areas.fighter[0].stats")
    view["players"][0]["areas"]["fighter"][0].update(stats={}, counters={"atk": 5000})
    with pytest.raises(MessageError) as e:
        check_view(view)
    assert e.value.field.endswith("areas.fighter[0].counters")


# ------------------------------------------------------------------ over the LAN (127.0.0.1)


def test_bos_lan_a_seat_lowers_the_other_seats_fighters_atk_unasked_and_both_see_it():
    """Design ruling 12, opponent_moves.counters [kill, atk, rst]: Creeping Gloom (BOS1-048) "Fighters your
    opponent controls lose 200 ATK" is a move on the other's public fighter, logged naming who made it."""
    async def go():
        host, guest, frames, server, playing = await _started(BOS)
        game = host.game
        _, _, host_fighter, guest_fighter = await _table(host, guest)
        printed = game.db[game.state.cards[host_fighter].cid].extra["atk"]
        events = []
        host.on_events = events.extend
        assert not await guest_does(host, guest, {"type": "manual_counter", "player": 1,
                                                  "card": _alias(host, host_fighter), "name": "atk", "delta": -2})
        host.apply(ManualCounter(0, guest_fighter, "rst", 3))
        await settle(host, guest)
        mine = game.view(0)["players"][0]["areas"]["fighter"][0]
        theirs = guest.view["players"][0]["areas"]["fighter"][0]
        lines = [describe(game, e, 0) for e in events if e.kind == "manual" and e.data.get("name") == "atk"]
        await finish(host, playing, server)
        return printed, mine, theirs, lines, guest

    printed, mine, theirs, lines, guest = run(go())
    assert mine["stats"] == theirs["stats"] == {"atk": max(0, printed - 200)}
    assert lines and lines[0].startswith("Mio (by hand)") and "ATK by -200" in lines[0], lines
    assert guest.report.ok, guest.report.problems


def test_a_hostile_guest_sending_bad_stat_modifiers_is_refused_without_a_crash():
    async def go():
        host, guest, frames, server, playing = await _started(BOS)
        game = host.game
        tactic, _, host_fighter, guest_fighter = await _table(host, guest)
        held = game.state.players[1].hand[0]
        before = game.state_hash()
        a = _alias(host, host_fighter)
        attacks = [
            {"type": "manual_counter", "player": 1, "card": a, "name": "atk", "delta": "-200"},
            {"type": "manual_counter", "player": 1, "card": a, "name": "atk", "delta": 10**12},
            {"type": "manual_counter", "player": 1, "card": a, "name": "atk", "delta": [1]},
            {"type": "manual_counter", "player": 1, "card": a, "name": "luck", "delta": 1},
            {"type": "manual_counter", "player": 1, "card": _alias(host, tactic), "name": "atk", "delta": -1},
            {"type": "manual_counter", "player": 1, "card": 10**15, "name": "atk", "delta": -1},
            {"type": "manual_counter", "player": 1, "card": _alias(host, guest_fighter), "name": "luck", "delta": 1},
            {"type": "manual_counter", "player": 1, "card": _alias(host, held), "name": "atk", "delta": 1},
        ]
        refusals = []
        for cmd in attacks:
            refused_ = await guest_does(host, guest, cmd)
            assert refused_, cmd
            refusals.append(refused_[0])
        for _ in range(2):  # to the bound, then one more
            assert not await guest_does(host, guest, {"type": "manual_counter", "player": 1, "card": a,
                                                      "name": "atk", "delta": -50})
        over = await guest_does(host, guest, {"type": "manual_counter", "player": 1, "card": a, "name": "atk",
                                              "delta": -1})
        assert game.state_hash() != before and game.state.table.marks[host_fighter].counters == {"atk": -100}
        still = len(game.history)
        await finish(host, playing, server)
        return refusals, over, still, guest, held

    refusals, over, still, guest, _ = run(go())
    assert all(r == "format" and "field 'delta'" in m for r, m in refusals[:3]), refusals  # before any rule
    assert refusals[3][0] == "bos profile: opponent_moves.counters"  # not a kind declared for the other's cards
    assert refusals[4][0] == "ruling 12" and "hidden or face-down" in refusals[4][1]  # the host's tactic
    assert refusals[5][0] == "hidden" and "field 'card'" in refusals[5][1]  # no such card
    assert "no counter 'luck'" in refusals[6][1] and "not on the table" in refusals[7][1]  # its own cards
    assert over and "can have -100 to 100" in over[0][1]
    assert guest.report.ok, guest.report.problems


# ------------------------------------------------------------------ the board and the Card panel


def _marked_pixels(pix, color, region: float = 0.3) -> int:
    """Pixels of `color` (within a small distance) in the bottom `region` of a face: the stat boxes' ring/value."""
    img = pix.toImage()
    h, w, n = img.height(), img.width(), 0
    for y in range(int(h * (1 - region)), h, 2):
        for x in range(0, w, 2):
            c = img.pixelColor(x, y)
            n += abs(c.red() - color.red()) + abs(c.green() - color.green()) + abs(c.blue() - color.blue()) < 40
    return n


def test_bos_atk_from_the_fighters_menu_shows_on_its_face_and_in_the_card_panel(qtbot):
    """The card's menu offers ATK +100 / −100 (the profile's step) and Set ATK…; the table face shows the current
    ATK ringed and coloured with the printed value beside it; the Card panel says where it comes from."""
    from test_table_board import action, bos_window, right_click
    from test_client import center

    from bss_desktop.client.faces.bos import LOWERED, RAISED

    w, game = bos_window(qtbot, p0={"fighter": [WARRIOR], "equipment": [{"card": BLADE, "on": "fighter[0]"}]})
    f = game.zone_cards(0, "fighter")[0]
    item = w.scene.cards[f]
    assert item.stats == (("atk", PRINTED_ATK + 500),)  # the Oathsteel Blade's +500
    plain = w.scene.faces.table(DB[WARRIOR], 180, 252)
    assert _marked_pixels(plain, RAISED) == 0 and _marked_pixels(w.scene.pixmap_for(item), RAISED) > 50
    right_click(w, center(item))
    assert {"ATK +100", "ATK −100", "ATK +500", "ATK −500", "Set ATK…", "RST +100", "Set RST…"} <= \
        {a.text() for a in w.controller._menu.actions()}
    action(w, "ATK +100").trigger()
    assert w.scene.cards[f].stats == (("atk", PRINTED_ATK + 600),)
    assert w.scene.cards[f].marks[1] == ()  # no "atk 1" badge: the modifier shows in the number
    assert f"changes {DB[WARRIOR].name}'s ATK by +100: {PRINTED_ATK + 500} → {PRINTED_ATK + 600}." \
        in w.log.toPlainText()
    right_click(w, center(w.scene.cards[f]))
    action(w, "Set RST…").trigger()
    panel = w.bar.panel
    assert panel.box.value() == PRINTED_RST and panel.box.singleStep() == 100
    panel.box.setValue(PRINTED_RST - 300)
    panel.ok.click()
    assert dict(w.scene.cards[f].stats) == {"atk": PRINTED_ATK + 600, "rst": PRINTED_RST - 300}
    assert _marked_pixels(w.scene.pixmap_for(w.scene.cards[f]), LOWERED) > 50  # RST below its printed value
    w.scene.cardHovered.emit(f)  # as hovering the card does
    text = w.preview.status_label.text()
    assert f"ATK {PRINTED_ATK + 600}</b> (printed {PRINTED_ATK}: +500 Oathsteel Blade, +100 manual)" in text, text
    assert f"RST {PRINTED_RST - 300}</b> (printed {PRINTED_RST}: -300 manual)" in text, text
    assert w.controller.undo()  # the RST change undone
    assert w.scene.cards[f].stats == (("atk", PRINTED_ATK + 600),)
    right_click(w, center(w.scene.cards[f]))
    action(w, next(a.text() for a in w.controller._menu.actions() if a.text().startswith("To ")
                   and "hand" in a.text().lower())).trigger()
    assert w.model.game.state.cards[f].zone == "hand"
    assert w.scene.cards[f].stats == ()  # a card that leaves the field is the card as printed


def test_bos_card_panel_shows_printed_stats_of_an_unmodified_fighter(qtbot):
    from test_table_board import bos_window

    w, game = bos_window(qtbot, p0={"fighter": [WARRIOR]})
    f = game.zone_cards(0, "fighter")[0]
    w.scene.cardHovered.emit(f)
    text = w.preview.status_label.text()
    assert f"<b>ATK {PRINTED_ATK}</b>" in text and f"<b>RST {PRINTED_RST}</b>" in text and "printed" not in text


def test_bos_card_panel_names_an_equipments_bonus(qtbot):
    from test_table_board import bos_window

    w, game = bos_window(qtbot, p0={"equipment": [BLADE]})
    w.scene.cardHovered.emit(game.zone_cards(0, "equipment")[0])
    assert "Equipment · Attached · ATK bonus +500 · " in w.preview.title_label.text()


def test_a_stat_modifier_asked_of_the_other_seat_reads_as_the_change_of_its_number():
    """Design ruling 12: in a profile that does not declare it (opponent_moves), the owner is asked in words."""
    from bss_desktop.client.windows.lan import request_text

    game = bos_position(p0={"fighter": [WARRIOR]})
    f = zone(game, 0, "fighter")[0]
    assert request_text(game, ManualCounter(1, f, "atk", -2)) == f"change the ATK of {DB[WARRIOR].name} by -200"
