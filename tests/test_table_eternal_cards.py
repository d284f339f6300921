"""Eternal's special cards on the sandbox's table (ETR = ../shared/rules/003; digest §2.3, §2.4), from positions
of the shipped set ETR1 (cards/eternal/sets/eternal1.yaml), through the engine's commands and the board's own
signals:

- Brave (ETR §Brave): combined with one of its owner's spirits by hand (ManualAttach), the spirit's BP is its own
  plus the Brave's BP+ and its symbols include the Brave's, on the board, in the Card panel and in every seat's
  view; separating (ManualAttach to None) gives two cards again; no Brave onto a combined spirit; when the spirit
  leaves the field the Brave goes with it (the rule's default) unless separated first.
- Rebirth (ETR §Rebirth): side B's levels and BP on the field, side A again once it leaves.
- Grandwalker Nexus (ETR §Grandwalker Nexus, digest row 59): its cores go to the void when it leaves the field.
- God and Ultimate symbols (ETR §Grandwalker Nexus 3, §Ultimate; digest row 44): card fields, checked, drawn,
  listed.
- The contract opening (ETR §Contract Card, §Game Setup): draw 3 and the contract card presented before the
  shuffle, or 4; a redraw draws 4 with no contract card; over the LAN each seat answers its own.
- Eternal's narrow "Trash" and "Count" boxes read whole at 1366x768 and 1920x1080.
"""
from __future__ import annotations

import asyncio
import json

import pytest
from lan import run
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from test_client import center
from test_client_board_audit import sandbox_window
from test_net_table import finish, guest_does, settle

from bss_desktop.carddb.database import game_db
from bss_desktop.carddb.errors import CardDataError
from bss_desktop.carddb.game_cards import card_from_record
from bss_desktop.engine.commands import (
    CommandFormatError,
    ContractOpening,
    ManualAttach,
    ManualCores,
    ManualExhaust,
    ManualMove,
    ManualSide,
    Mulligan,
    command_from_dict,
)
from bss_desktop.engine.errors import IllegalCommand
from bss_desktop.engine.game import Game
from bss_desktop.engine.position import game_from_position
from bss_desktop.engine.settings import Ruleset
from bss_desktop.protocol.messages import MessageError, check_view
from bss_desktop.table import get_profile

SANDBOX = Ruleset(sandbox=True)
ETR = get_profile("eternal")
DB = game_db(ETR)
VALDREN = "ETR1-005"  # spirit, LV1 1 core 5000 / LV2 3 cores 7000 / LV3 5 cores 9000, one red symbol
LANCER = "ETR1-002"  # spirit, LV1 2000 / LV2 (3 cores) 4000
FLAMEBRAND = "ETR1-008"  # Brave, BP+ 3000, one red symbol
CINDERGAUNTLET = "ETR1-009"  # Brave, BP+ 2000
KAELGRIM = "ETR1-010"  # Ultimate (LV3 with 1 core, 7000), an Ultimate symbol
IGNARA = "ETR1-012"  # Grandwalker nexus, a red God symbol
ARMORY = "ETR1-013"  # a nexus that is no Grandwalker
RION = "ETR1-017"  # Rebirth: side A LV1 1 core 3000 / LV2 2 cores 4000; side B LV1 1 core 6000 / LV2 3 cores 9000
SELETHRA = "ETR1-030"  # Grandwalker nexus, a plain God symbol
EMBERKIT = "ETR1-052"  # a contract spirit


def etr_position(mine: list, theirs: list | None = None, reserve: int = 3) -> Game:
    """An Eternal sandbox on turn 2: player 1's field as given (entries of a position's field), player 2's too."""
    return game_from_position({"game": "eternal", "turn": 2, "turn_player": 0, "players": [
        {"life": 5, "reserve": reserve, "deck": [LANCER] * 5, "field": mine},
        {"life": 5, "reserve": 3, "deck": [LANCER] * 5, "field": theirs or []}]}, DB, settings=SANDBOX)


def refused(game, cmd, rule: str, words: str) -> IllegalCommand:
    before, n = game.state.hash(), len(game.history)
    with pytest.raises(IllegalCommand) as e:
        game.apply(cmd)
    assert e.value.rule == rule and words in str(e.value), e.value
    assert game.state.hash() == before and len(game.history) == n
    return e.value


def hover(w, item) -> None:
    """The pointer onto a board card: from a corner (a move to where it already is makes no event), with no button
    held (another test may have left QTest's left button down: a move with it held is a drag, not a hover)."""
    QTest.mouseMove(w.view.viewport(), QPoint(2, 2))
    QTest.mouseRelease(w.view.viewport(), Qt.LeftButton, Qt.NoModifier, QPoint(2, 2))
    QTest.mouseMove(w.view.viewport(), w.view.mapFromScene(center(item)))


def field_entry(game, viewer: int, owner: int, iid: int) -> dict:
    return next(e for e in game.view(viewer)["players"][owner]["field"] if e["card"] == iid)


# ---------------------------------------------------------------- Brave (ETR §Brave)

def test_etr_brave_combined_bp_is_the_spirits_bp_plus_brave_bp_at_the_spirits_level_and_symbols_combine():
    """ETR §Brave: "The value (BP+) written on the Brave's Brave condition is added to the BP of the Spirit it Braves
    with"; "The Brave's Family, symbol ... are each added"; "Any Cores placed on the Brave are moved onto the Spirit".
    Both seats' views carry the combined BP and symbols."""
    game = etr_position([{"card": VALDREN, "cores": 3}, {"card": FLAMEBRAND, "cores": 1}])
    spirit, brave = game.state.players[0].field
    assert (game.level(spirit), game.bp(spirit), len(game.symbols(spirit))) == (2, 7000, 1)
    events = game.apply(ManualAttach(0, brave, spirit))
    assert [e.data["what"] for e in events if e.kind == "manual"] == ["attach"]
    assert game.state.cards[spirit].cores == 4 and game.state.cards[brave].cores == 0  # the Brave's core moved
    assert (game.level(spirit), game.bp(spirit)) == (2, 7000 + 3000)
    assert game.symbols(spirit) == (("red",), ("red",))
    for viewer in (0, 1):
        host, on = field_entry(game, viewer, 0, spirit), field_entry(game, viewer, 0, brave)
        assert (host["level"], host["bp"], host["symbols"]) == (2, 10000, [["red"], ["red"]])
        assert on["on"] == spirit and on["bp"] is None  # the Brave's BP is the spirit's now
        check_view(game.view(viewer))
    game.apply(ManualCores(0, 0, "reserve", spirit, 1))  # LV3 at 5 cores: 9000 + 3000
    assert (game.level(spirit), game.bp(spirit)) == (3, 12000)


def test_etr_brave_separation_by_hand_restores_both_cards():
    """ETR §Brave: "Separate" a combined spirit into "a Spirit" and "a Brave in Spirit state"; the Brave's cores are
    placed by hand (the sandbox enforces nothing)."""
    game = etr_position([{"card": VALDREN, "cores": 3}, {"card": FLAMEBRAND, "cores": 1}])
    spirit, brave = game.state.players[0].field
    game.apply(ManualAttach(0, brave, spirit))
    game.apply(ManualAttach(0, brave, None))
    assert game.bp(spirit) == 7000 and game.symbols(spirit) == (("red",),)
    host, own = field_entry(game, 1, 0, spirit), field_entry(game, 1, 0, brave)
    assert "symbols" not in host and host["bp"] == 7000 and "on" not in own
    assert game.state.cards[brave].cores == 0  # its core stayed on the spirit: the player places one by hand
    game.apply(ManualCores(0, 0, "reserve", brave, 1))
    assert (game.level(brave), game.bp(brave), field_entry(game, 1, 0, brave)["bp"]) == (1, 3000, 3000)
    refused(game, ManualAttach(0, brave, None), "ETR §About Targeting Effects, Q3", "not combined")


def test_etr_brave_no_brave_onto_an_already_combined_spirit_and_only_onto_its_owners_spirit():
    """ETR §Brave: "You cannot combine another Brave with a Combined Spirit"; a Brave combines with a spirit on its
    owner's field (§Combining / Separating / Swapping Braves: "a Brave on your Field"). Each refusal names ETR §Brave
    and changes nothing; the log says "combines" and "separates"."""
    from bss_desktop.gamelog import describe

    game = etr_position([{"card": VALDREN, "cores": 3}, {"card": FLAMEBRAND, "cores": 1},
                         {"card": CINDERGAUNTLET, "cores": 1}, {"card": ARMORY, "cores": 0}],
                        [{"card": LANCER, "cores": 1}])
    spirit, brave, second, nexus = game.state.players[0].field
    theirs = game.state.players[1].field[0]
    log = [describe(game, e, 1) for e in game.apply(ManualAttach(0, brave, spirit))]
    assert f"Player 1 (by hand) combines {DB[FLAMEBRAND].name} with {DB[VALDREN].name}." in log
    refused(game, ManualAttach(0, second, spirit), "ETR §Brave",
            "No Brave can be combined onto an already combined spirit")
    refused(game, ManualAttach(0, second, theirs), "ETR §Brave", "on its owner's field")
    refused(game, ManualAttach(0, second, nexus), "ETR §Brave", "not a nexus")
    refused(game, ManualAttach(0, second, brave), "ETR §Brave", "not a brave")
    refused(game, ManualAttach(0, brave, spirit), "ETR §About Targeting Effects, Q3", "already combined")
    log = [describe(game, e, 1) for e in game.apply(ManualAttach(0, brave, None))]
    assert f"Player 1 (by hand) separates {DB[FLAMEBRAND].name}." in log


def test_etr_brave_swap_moves_it_to_another_spirit_and_an_ultimate_may_carry_one():
    """ETR §Brave, Swapping: "moving the Brave from a Combined Spirit to another Spirit"; a Brave whose condition
    names an Ultimate combines with one (the sandbox lets the player judge the condition)."""
    game = etr_position([{"card": VALDREN, "cores": 3}, {"card": FLAMEBRAND, "cores": 1},
                         {"card": KAELGRIM, "cores": 1}])
    spirit, brave, ultimate = game.state.players[0].field
    game.apply(ManualAttach(0, brave, spirit))
    game.apply(ManualAttach(0, brave, ultimate))
    assert (game.bp(spirit), game.bp(ultimate)) == (7000, 7000 + 3000)
    assert field_entry(game, 1, 0, ultimate)["bp"] == 10000  # an Ultimate has BP on the table too


def test_etr_brave_exhausted_before_combining_makes_the_combined_spirit_exhausted():
    """ETR §Brave: "If the Brave, the Spirit, or both are Exhausted before Combining, the resulting Combined Spirit
    is also Exhausted." """
    game = etr_position([{"card": VALDREN, "cores": 3}, {"card": FLAMEBRAND, "cores": 1, "exhausted": True}])
    spirit, brave = game.state.players[0].field
    game.apply(ManualAttach(0, brave, spirit))
    assert game.state.cards[spirit].exhausted


def test_etr_brave_leaves_the_field_with_its_spirit_unless_separated_first():
    """ETR §Brave, When a Brave Spirit Leaves the Field: the owner may keep the Brave on the field; "If Not Leaving
    the Combined Brave on the Field: The Brave leaves the Field at the same time as the Spirit it was combined with
    and moves to the same location". The sandbox does the latter by default (the log says so); to keep the Brave,
    separate it first."""
    game = etr_position([{"card": VALDREN, "cores": 3}, {"card": FLAMEBRAND, "cores": 1}])
    spirit, brave = game.state.players[0].field
    game.apply(ManualAttach(0, brave, spirit))
    events = game.apply(ManualMove(0, spirit, "hand"))
    assert [game.state.cards[i].zone for i in (spirit, brave)] == ["hand", "hand"]
    assert [e.data["reason"] for e in events if e.kind == "card_moved" and e.data["card"] == brave] == ["with_host"]
    assert game.state.players[0].reserve == 3 + 4 and game.state.table.marks == {}

    game = etr_position([{"card": VALDREN, "cores": 3}, {"card": FLAMEBRAND, "cores": 1}])
    spirit, brave = game.state.players[0].field
    game.apply(ManualAttach(0, brave, spirit))
    game.apply(ManualAttach(0, brave, None))
    game.apply(ManualMove(0, spirit, "trash"))
    assert [game.state.cards[i].zone for i in (spirit, brave)] == ["trash", "field"]


def test_etr_brave_menu_combines_and_separates_and_the_board_and_card_panel_show_the_combined_spirit(qtbot):
    """The sandbox's menu on a Brave offers "Combine with <spirit>" and "Separate" (QAction.trigger); the board's
    spirit shows the combined BP and both symbols, the Brave its host; hovering the spirit, the Card panel says its
    BP and symbols with its Brave."""
    from PySide6.QtWidgets import QMenu

    game = etr_position([{"card": VALDREN, "cores": 3}, {"card": FLAMEBRAND, "cores": 1}])
    spirit, brave = game.state.players[0].field
    w = sandbox_window(qtbot, game)
    menu = QMenu()
    w.controller._table_menu(menu, brave)
    combine = [a for a in menu.actions() if a.text() == f"Combine with {DB[VALDREN].name}"]
    assert combine and not [a for a in menu.actions() if a.text() == "Separate"]
    combine[0].trigger()
    g = w.model.game
    assert g.state.table.marks[brave].on == spirit
    item = w.scene.cards[spirit]
    assert (item.bp, item.symbols) == (10000, (("red",), ("red",)))
    assert w.scene.cards[brave].marks[2] == DB[VALDREN].name  # drawn attached: "⛓ <spirit>"
    hover(w, item)
    qtbot.waitUntil(lambda: getattr(w.preview.card, "id", None) == VALDREN, timeout=2000)
    status = w.preview.status_label.text()
    assert "BP 10000" in status and "symbols red + red (with its Brave)" in status
    menu = QMenu()
    w.controller._table_menu(menu, brave)
    next(a for a in menu.actions() if a.text() == "Separate").trigger()
    assert brave not in g.state.table.marks and w.scene.cards[spirit].symbols is None


# ---------------------------------------------------------------- Rebirth (ETR §Rebirth)

def test_etr_rebirth_side_b_shows_side_b_levels_and_bp_until_it_leaves_the_field():
    """ETR §Rebirth: a card flipped to side B is side B ("Rebirth cards only activate the effects of their visible
    side"); 3 cores are side A's LV2 (4000) and side B's LV2 (9000, it needs 3); it "reverts to its pre-Rebirth
    side" when it leaves the field."""
    game = etr_position([{"card": RION, "cores": 3}])
    rion = game.state.players[0].field[0]
    assert (game.level(rion), game.bp(rion)) == (2, 4000)
    game.apply(ManualSide(0, rion, True))
    assert (game.level(rion), game.bp(rion)) == (2, 9000)
    entry = field_entry(game, 1, 0, rion)
    assert (entry["back"], entry["level"], entry["bp"]) == (True, 2, 9000)
    game.apply(ManualCores(0, 0, rion, "reserve", 1))  # 2 cores: side B's LV1 (side A would be LV2)
    assert (game.level(rion), game.bp(rion)) == (1, 6000)
    game.apply(ManualMove(0, rion, "hand"))
    game.apply(ManualMove(0, rion, "field", cores=2))
    assert (game.level(rion), game.bp(rion)) == (2, 4000)  # side A again


def test_etr_rebirth_side_b_on_the_board_and_in_the_card_panel(qtbot):
    """The board's face and the Card panel show side B's name, level and BP once the card is turned."""
    game = etr_position([{"card": RION, "cores": 3}])
    rion = game.state.players[0].field[0]
    game.apply(ManualSide(0, rion, True))
    w = sandbox_window(qtbot, game)
    item = w.scene.cards[rion]
    side_b = DB[RION].extra["back"].name
    assert (item.card.name, item.level, item.bp) == (side_b, 2, 9000)
    hover(w, item)
    qtbot.waitUntil(lambda: getattr(w.preview.card, "name", None) == side_b, timeout=2000)
    assert "LV2" in w.preview.status_label.text() and "BP 9000" in w.preview.status_label.text()


# ---------------------------------------------------------------- Grandwalker (ETR §Grandwalker Nexus)

@pytest.mark.parametrize("to", ["trash", "hand", "deck"])
def test_etr_grandwalker_cores_go_to_the_void_when_it_leaves_the_field(to):
    """ETR §Grandwalker Nexus: "If a Grandwalker Nexus leaves the Field, all Cores on it are placed in the Void"
    (digest row 59); a nexus that is no Grandwalker returns its cores to the reserve (CR 3-5-5)."""
    game = etr_position([{"card": IGNARA, "cores": 2}, {"card": ARMORY, "cores": 2}])
    walker, armory = game.state.players[0].field
    in_play, reserve = game.state.cores_in_play, game.state.players[0].reserve
    events = game.apply(ManualMove(0, walker, to))
    moved = [(e.data["src"], e.data["dst"], e.data["count"]) for e in events if e.kind == "cores_moved"]
    assert moved == [(walker, "void", 2)]
    assert game.state.cores_in_play == in_play - 2 and game.state.players[0].reserve == reserve
    game.apply(ManualMove(0, armory, to))
    assert game.state.players[0].reserve == reserve + 2


# ---------------------------------------------------------------- God and Ultimate symbols (digest row 44)

def test_etr_god_and_ultimate_symbols_are_card_fields_of_the_shipped_set():
    """ETR §Grandwalker Nexus 3 ("a 'God' symbol"), a coloured God symbol (digest row 44), §Ultimate's Ultimate
    symbol: card fields, not words in the text."""
    assert DB[IGNARA].extra["god_symbol"] == "red" and DB[SELETHRA].extra["god_symbol"] == "plain"
    assert DB[KAELGRIM].extra["ultimate_symbol"] == 1
    assert DB[EMBERKIT].extra["contract"] is True


@pytest.mark.parametrize("field, value, words", [
    ("god_symbol", "gold", "expected one of plain, red"),
    ("god_symbol", True, "expected one of"),
    ("ultimate_symbol", 9, "between 1 and 3"),
    ("ultimate_symbol", "one", "whole number"),
    ("contract", "yes", "true or false"),
])
def test_etr_a_bad_symbol_or_contract_field_names_the_card_and_field(field, value, words):
    record = {"id": "ETR9-001", "name": "Test Walker", "type": "nexus", "colors": ["red"], "cost": 3,
              "levels": [{"level": 1, "cores": 0}], field: value}
    with pytest.raises(CardDataError) as e:
        card_from_record(record, ETR, file="t.yaml")
    assert e.value.card_id == "ETR9-001" and e.value.field == field and words in e.value.message, e.value


def test_etr_god_and_ultimate_symbols_are_drawn_beside_the_colours_and_listed_in_the_card_panel(qtbot):
    """The full face draws them after the colour symbols (a face without the field differs); the Card panel's line
    under the name lists them."""
    import dataclasses

    from bss_desktop.client.faces.battle_spirits import render_face
    from bss_desktop.client.windows.preview import CardPreview

    for cid in (IGNARA, KAELGRIM):
        card = DB[cid]
        plain = dataclasses.replace(card, extra={k: v for k, v in card.extra.items()
                                                 if k not in ("god_symbol", "ultimate_symbol")})
        assert render_face(card, 300, 419).toImage() != render_face(plain, 300, 419).toImage(), cid
    preview = CardPreview(profile=ETR)
    qtbot.addWidget(preview)
    for cid, words in ((IGNARA, "God symbol (red)"), (SELETHRA, "God symbol"), (KAELGRIM, "Ultimate symbol")):
        preview.show_card(DB[cid])
        assert words in preview.title_label.text(), cid
    preview.show_card(DB[LANCER])
    assert "symbol" not in preview.title_label.text()


# ---------------------------------------------------------------- the contract opening (ETR §Contract Card)

def contract_game(decks=None, seed: int = 5) -> Game:
    plain = [c.id for c in DB.values() if not c.token and not c.extra.get("contract")][:39]
    decks = decks or [plain + [EMBERKIT], plain + [LANCER]]
    return Game.new(DB, decks, seed, first_player=0, settings=SANDBOX, profile=ETR, validate_decks=False)


def hand(game, p):
    return [game.state.cards[i].cid for i in game.state.players[p].hand]


def test_etr_contract_opening_draws_3_and_adds_the_contract_card_presented_before_the_shuffle():
    """ETR §Game Setup ②⑤ and §Contract Card: "take one Contract Card from your deck before shuffling and present it
    ... draw 3 cards, then reveal the Contract Card ... before adding it to your Hand". The player answers before
    seeing any hand; the other player, whose deck holds none, has drawn 4 as usual."""
    game = contract_game()
    assert hand(game, 0) == [] and len(hand(game, 1)) == 4
    assert game.view(0)["players"][0]["opening"]["contract"] == [EMBERKIT]
    assert "contract" not in game.view(1)["players"][0]["opening"]  # its owner's to know
    assert game.legal_commands() == [ContractOpening(0, EMBERKIT), ContractOpening(0, "")]
    events = game.apply(ContractOpening(0, EMBERKIT))
    assert hand(game, 0)[0] == EMBERKIT and len(hand(game, 0)) == 4 and EMBERKIT not in hand(game, 0)[1:]
    assert [e.data["cids"] for e in events if e.kind == "manual" and e.data["what"] == "reveal"] == [[EMBERKIT]]
    assert len(game.state.players[0].deck) == 40 - 4
    game.apply(Mulligan(0, False))
    game.apply(Mulligan(1, False))
    assert game.state.stage == "main" and len(hand(game, 0)) == 4


def test_etr_without_a_contract_card_the_opening_draws_4():
    """ETR §Contract Card: "you can choose whether or not to add it to your Hand"; declining draws 4."""
    game = contract_game()
    game.apply(ContractOpening(0, ""))
    assert len(hand(game, 0)) == 4 and "contract" not in game.view(0)["players"][0]["opening"]


def test_etr_contract_opening_refused_without_a_contract_card_in_the_deck_or_after_the_opening():
    """ETR §Contract Card: only a contract card of the deck, only at the start of the game, only its owner; and the
    mulligan waits for the answer. Each refusal names ETR §Contract Card and changes nothing."""
    game = contract_game()
    refused(game, ContractOpening(0, LANCER), "ETR §Contract Card", "no contract card 'ETR1-002'")
    refused(game, ContractOpening(0, "ETR1-999"), "ETR §Contract Card", "no contract card")
    refused(game, ContractOpening(1, EMBERKIT), "ETR §Contract Card", "before the opening hand")
    refused(game, Mulligan(0, True), "ETR §Contract Card", "first say whether to take a contract card")
    game.apply(ContractOpening(0, EMBERKIT))
    refused(game, ContractOpening(0, EMBERKIT), "ETR §Contract Card", "at the start of the game")
    game.apply(Mulligan(0, False))
    refused(game, ContractOpening(1, EMBERKIT), "ETR §Contract Card", "at the start of the game")  # deck without one


def test_etr_a_mulligan_after_the_contract_opening_draws_4_and_takes_no_contract_card():
    """ETR §Game Setup ⑦: "When redrawing, you cannot take a Contract Card from your Deck and add it to your starting
    Hand": the hand (the contract card too) is shuffled back and 4 are drawn."""
    for seed in range(1, 6):
        game = contract_game(seed=seed)
        game.apply(ContractOpening(0, EMBERKIT))
        game.apply(Mulligan(0, True))
        assert len(hand(game, 0)) == 4 and len(game.state.players[0].deck) == 36
        assert not game.state.table.contract[0] and game.pending.player == 1
        refused(game, ContractOpening(0, EMBERKIT), "ETR §Contract Card", "at the start of the game")


def test_etr_the_contract_opening_replays_from_its_record():
    """Recorded like any command: the replay gives the same hands."""
    from bss_desktop.engine.record import replay, to_record

    game = contract_game()
    game.apply(ContractOpening(0, EMBERKIT))
    game.apply(Mulligan(0, False))
    again = replay(json.loads(json.dumps(to_record(game))), DB)
    assert again.state.hash() == game.state.hash()


def test_etr_the_opening_bar_offers_the_contract_card_and_draw_4(qtbot):
    """The sandbox's opening bar asks first: "Take <contract card> + draw 3" or "Draw 4" (QAbstractButton.click)."""
    from bss_desktop.client.windows.game import GameWindow

    game = contract_game()
    w = GameWindow(game, seats=("human", "human"), animation_ms=0, sandbox=True)
    qtbot.addWidget(w)
    w.show()
    labels = [b.text() for b in w.bar.buttons]
    assert any(t.startswith(f"Take {DB[EMBERKIT].name} + draw 3") for t in labels)
    assert any(t.startswith("Draw 4") for t in labels)
    next(b for b in w.bar.buttons if b.text().startswith("Take")).click()
    g = w.model.game
    assert hand(g, 0)[0] == EMBERKIT and len(hand(g, 0)) == 4
    assert "takes a contract card into the opening hand and draws 3" in w.log.toPlainText()
    assert any(b.text().startswith("Keep") for b in w.bar.buttons)  # then the usual Keep / Mulligan


def test_etr_contract_opening_hostile_forms_are_refused_naming_the_field():
    """A new LAN command: a malformed cid is refused by name before any rule looks at it."""
    for bad in (5, None, "x" * 41):
        with pytest.raises(CommandFormatError) as e:
            command_from_dict({"type": "contract_opening", "player": 0, "cid": bad})
        assert e.value.field == "cid"
    game = contract_game()
    refused(game, ContractOpening(0, 7), "ETR §Contract Card", "field 'cid'")
    saga = game_db(get_profile("bss"))
    deck = [c.id for c in saga.values() if c.type == "spirit" and not c.token][:1] * 40
    other = Game.new(saga, [deck, deck], 1, first_player=0, settings=SANDBOX, validate_decks=False)
    refused(other, ContractOpening(0, deck[0]), "bss profile: setup.contract", "at the start of the game")


def test_etr_a_hostile_view_of_symbols_or_contract_cards_is_refused_naming_the_field():
    game = etr_position([{"card": VALDREN, "cores": 3}, {"card": FLAMEBRAND, "cores": 1}])
    spirit, brave = game.state.players[0].field
    game.apply(ManualAttach(0, brave, spirit))
    for bad in ("red", [["red"]] * 25, [[]], [[5]], [["x" * 21]]):
        view = game.view(1)
        view["players"][0]["field"][0]["symbols"] = bad
        with pytest.raises(MessageError) as e:
            check_view(view)
        assert e.value.field == "view.players[0].field[0].symbols", e.value
    view = contract_game().view(0)
    for bad in ("ETR1-052", [5], ["x" * 41], ["a"] * 41):
        view["players"][0]["opening"]["contract"] = bad
        with pytest.raises(MessageError) as e:
            check_view(view)
        assert e.value.field == "view.players[0].opening.contract", e.value


@pytest.mark.parametrize("extra, field, words", [
    ("cards: {types: {brave: {combines: {with: [warrior]}}}}", "cards.types.brave.combines.with[0]", "not a card type"),
    ("cards: {types: {brave: {combines: {with: [spirit], bp: summon_condition}}}}", "cards.types.brave.combines.bp",
     "not a number field"),
    ("cards: {types: {brave: {combines: {with: []}}}}", "cards.types.brave.combines.with", "expected 1 to"),
    ("cards: {void_cores: {field: kind, value: grandwalker}}", "cards.void_cores.field", "not one of cards.fields"),
    ("setup: {contract: {field: back}}", "setup.contract.field", "not a bool field"),
    ("setup: {contract: {field: contract, draw: 40}}", "setup.contract.draw", "at most 20"),
])
def test_etr_a_wrong_brave_void_or_contract_profile_field_is_named(extra, field, words):
    from test_profiles import _error

    e = _error("id: t\nextends: eternal\nname: Test game\n" + extra)
    assert e.field == field and words in e.message, str(e)


def test_etr_lan_each_seat_answers_its_own_contract_opening_and_the_audit_passes():
    """Over the LAN (127.0.0.1) the guest answers its own contract opening; it cannot answer the host's, nor twice;
    the host's hand never reaches it but the contract card it revealed; the guest's audit replays the game."""
    from bss_desktop.carddb.deck_formats import game_decks
    from bss_desktop.net.guest import GuestSession
    from bss_desktop.net.host import HostSession
    from bss_desktop.net.link import connect
    from lan import tcp_server
    from test_net_table import record

    decks = [list(d.cards) for d in game_decks(DB, ETR).values()][:2]
    decks = [d[:-1] + [EMBERKIT] for d in decks]

    async def go():
        host = HostSession(DB, decks[0], name="Aki", settings=SANDBOX, profile=ETR)
        guest = GuestSession(DB, decks[1], name="Mio", settings=SANDBOX, profile=ETR)
        server, port = await tcp_server(host)
        frames: list[dict] = []
        link = await connect("127.0.0.1", port)
        record(link, frames)
        playing = asyncio.ensure_future(guest.play_over(link))
        await host.started.wait()
        await settle(host, guest)
        game = host.game
        assert game.state.table.contract == [True, True]
        if game.pending.player == 1:  # the guest opens: it may not answer for the host meanwhile
            assert await guest_does(host, guest, {"type": "contract_opening", "player": 0, "cid": EMBERKIT})
        else:
            assert await guest_does(host, guest, {"type": "contract_opening", "player": 1, "cid": EMBERKIT})
            host.apply(ContractOpening(0, ""))
            host.apply(Mulligan(0, False))
            await settle(host, guest)
        assert guest.view["players"][1]["opening"]["contract"] == [EMBERKIT]
        assert not await guest_does(host, guest, {"type": "contract_opening", "player": 1, "cid": EMBERKIT})
        assert [game.state.cards[i].cid for i in game.state.players[1].hand][0] == EMBERKIT
        assert await guest_does(host, guest, {"type": "contract_opening", "player": 1, "cid": EMBERKIT})  # twice
        assert not await guest_does(host, guest, {"type": "mulligan", "player": 1, "redraw": False})
        if game.state.stage == "mulligan":
            host.apply(ContractOpening(0, EMBERKIT))
            host.apply(Mulligan(0, False))
        await settle(host, guest)
        assert game.state.stage == "main"
        them = guest.view["players"][0]
        assert them["hand"] is None and them["hand_count"] == 4  # the host's hand stays hidden (CR 3-3-3)
        reveals = [e for f in frames for e in f.get("events", ()) if e.get("what") == "reveal"]
        assert all(e["cids"] == [EMBERKIT] for e in reveals) and reveals  # only a contract card was shown
        await finish(host, playing, server)
        return guest

    guest = run(go())
    assert guest.report.ok, guest.report.problems


# ---------------------------------------------------------------- the narrow boxes at laptop and desktop sizes

@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080)])
def test_etr_trash_and_count_labels_fit_their_boxes_at_1366x768_and_1920x1080(qtbot, size):
    """Eternal's left column puts the trash's cores and the Count side by side (ETR §Count): "Trash" and "Count"
    show whole inside their boxes, at least 9 px on screen."""
    from PySide6.QtGui import QFontMetricsF

    from bss_desktop.app.demo_table import mid_game

    w = sandbox_window(qtbot, mid_game(ETR), size)
    boxes = [b for (zone, _), b in w.scene.piles.items() if zone in ("trash_cores", "count")]
    assert len(boxes) == 4
    scale = w.view.transform().m11()
    for box in boxes:
        font, lines, where, _ = box.title_layout()
        fm = QFontMetricsF(font)
        assert " ".join(lines) == box.title and box.title.split()[0] in ("Trash", "Count")
        assert box.rect.contains(where) and all(fm.horizontalAdvance(line) <= where.width() for line in lines)
        assert fm.lineSpacing() * len(lines) <= where.height() + 1
        assert font.pixelSize() * scale >= 9, (size, box.title, font.pixelSize() * scale)
