"""The turn's table of Battle of Souls (profile `turn_rules`, engine/table_turn.py): deck-out, the ready phase, the
end phase's hand limit, the marks of the turn (attacked, set this turn), equipment in the battle phase, asking to
look through the opponent's discard pile, sub-types per card type and the mulligan's own rule.

Every position is a Battle of Souls one (BOS = ../shared/rules/004; digest §3.1-3.3), driven through the engine's
commands; a refusal leaves the state's hash unchanged.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from bss_desktop.carddb.database import game_db
from bss_desktop.carddb.errors import CardDataError
from bss_desktop.carddb.game_cards import card_from_record
from bss_desktop.engine.commands import (
    ManualAttacked,
    ManualBrowse,
    ManualDeck,
    ManualExhaust,
    ManualFlip,
    ManualMove,
    ManualReady,
    ManualStep,
    ManualTurn,
    command_from_dict,
    CommandFormatError,
)
from bss_desktop.engine.errors import IllegalCommand, NeedsConsent, PositionError
from bss_desktop.engine.game import Game
from bss_desktop.engine.position import game_from_position, position_from_game
from bss_desktop.engine.record import replay, to_record
from bss_desktop.engine.settings import Ruleset
from bss_desktop.gamelog import describe
from bss_desktop.protocol.messages import MessageError, check_events
from bss_desktop.protocol.redaction import SeatWindow
from bss_desktop.table import get_profile
from bss_desktop.table.profiles import parse_text, resolve

SANDBOX = Ruleset(sandbox=True)
BOS = get_profile("bos")
DB = game_db(BOS)
SHIPPED = Path(__file__).resolve().parent.parent / "profiles"


def ids(kind: str, **extra) -> list[str]:
    return [c.id for c in DB.values() if c.type == kind and not c.token
            and all(c.extra.get(k) == v for k, v in extra.items())]


WARRIOR, WARRIOR2 = ids("fighter", **{"class": "Warrior"})[:2]
ATTACHED = ids("equipment", subtype="Attached")[0]
TACTIC = ids("tactic")[0]


def bos_position(step: str = "main1", turn: int = 3, deck: int = 20, **players) -> Game:
    """A Battle of Souls sandbox at `step` of turn `turn` (player 0's when odd), each deck `deck` Warriors."""
    data = {"game": "bos", "turn": turn, "turn_player": (turn + 1) % 2, "step": step, "players": []}
    for p in (0, 1):
        pd = {"deck": [WARRIOR2] * deck, "hand": [], "trackers": {"sp": 8000}}
        pd.update(players.get(f"p{p}", {}))
        data["players"].append(pd)
    return game_from_position(data, DB, settings=SANDBOX)


def refused(game, cmd, words: str) -> IllegalCommand:
    before = game.state.hash()
    with pytest.raises(IllegalCommand) as e:
        game.apply(cmd)
    assert words in str(e.value), str(e.value)
    assert game.state.hash() == before  # an illegal command changes nothing
    return e.value


def zone(game, p: int, name: str) -> list[int]:
    return game.zone_cards(p, name)


def lines(game, events) -> list[str]:
    return [line for line in (describe(game, e, None) for e in events) if line]


def marks(game, iid: int) -> dict:
    m = game.state.table.marks.get(iid)
    return {} if m is None else m.to_dict()


# ------------------------------------------------------------------ deck-out (BOS §Draw Phase)

def test_bos_draw_phase_drawing_from_an_empty_deck_flags_the_loss():
    """BOS §Draw Phase: "If a player has no cards remaining in their deck to draw from ... they lose the battle".
    The draw is no longer refused in silence: an event, a log line, the view and the position say who lost."""
    game = bos_position(deck=0)
    events = game.apply(ManualDeck(0, 0, "hand"))
    assert [(e.kind, e.data) for e in events if e.kind == "deck_out"] == [
        ("deck_out", {"player": 0, "rule": "BOS §Draw Phase"})]
    assert "Player 1 cannot draw: loses (BOS §Draw Phase)." in "\n".join(lines(game, events))
    assert game.view(1)["players"][0]["deck_out"] is True and game.view(1)["players"][1]["deck_out"] is False
    assert game.result is None  # a sandbox result is a mark, as a tracker's lose_at (the players go on or not)
    refused(game, ManualDeck(0, 0, "hand"), "has already lost")  # drawn again: nothing more to say
    again = game_from_position(position_from_game(game), DB, settings=SANDBOX)
    assert again.state.table.deck_out == [True, False] and again.state.hash() == game.state.hash()
    replayed = replay(to_record(game), game.db)
    assert replayed.state.hash() == game.state.hash()


def test_bos_draw_phase_drawing_more_than_the_deck_holds_draws_it_then_loses():
    """BOS §Draw Phase: cards are drawn one at a time; drawing 3 from a deck of 2 draws 2, then the third loses."""
    game = bos_position(deck=2)
    events = game.apply(ManualDeck(0, 0, "hand", 3))
    assert [e.kind for e in events if e.kind in ("draw", "deck_out")] == ["draw", "draw", "deck_out"]
    assert len(game.state.players[0].hand) == 2 and game.state.table.deck_out == [True, False]


def test_bos_draw_from_a_deck_with_cards_does_not_lose_and_standard_still_refuses_an_empty_draw():
    """Only a profile with `turn_rules.deck_out` loses on an empty draw; a mill is never a draw."""
    game = bos_position(deck=1)
    game.apply(ManualDeck(0, 0, "hand"))
    assert game.state.table.deck_out == [False, False]
    refused(game, ManualDeck(0, 0, "discard"), "the deck holds 0")
    std = game_from_position({"game": "standard", "turn": 3, "turn_player": 0,
                              "players": [{"deck": [], "life": 5}, {"deck": [], "life": 5}]},
                             game_db(get_profile("standard")), settings=SANDBOX)
    refused(std, ManualDeck(0, 0, "hand"), "the deck holds 0")


def test_bos_deck_out_in_a_position_is_a_true_or_false():
    with pytest.raises(PositionError) as e:
        bos_position(p0={"deck_out": "yes"})
    assert e.value.field == "players[0].deck_out"
    with pytest.raises(PositionError) as e:
        game_from_position({"game": "standard", "turn": 3, "turn_player": 0,
                            "players": [{"deck": [], "life": 5, "deck_out": True}, {"deck": [], "life": 5}]},
                           game_db(get_profile("standard")), settings=SANDBOX)
    assert e.value.field == "players[0].deck_out" and "no deck-out loss" in e.value.message


# ------------------------------------------------------------------ ready phase (BOS §Ready Phase)

def test_bos_ready_phase_one_command_turns_all_rest_fighters_to_attack_position():
    """BOS §Ready Phase: "switch all of your rest position fighters to attack position"."""
    game = bos_position(step="ready", p0={"fighter": [{"card": WARRIOR, "exhausted": True},
                                                      {"card": WARRIOR2, "exhausted": True}, WARRIOR]},
                        p1={"fighter": [{"card": WARRIOR, "exhausted": True}]})
    mine = zone(game, 0, "fighter")
    events = game.apply(ManualReady(0, 0))
    assert [e.data["card"] for e in events if e.kind == "exhaust"] == mine[:2]
    assert not any(game.state.cards[i].exhausted for i in mine)
    assert game.state.cards[zone(game, 1, "fighter")[0]].exhausted  # the other player's stay as they are
    assert "Player 1 (by hand) readies Player 1's fighters: 2 card(s) to attack position (BOS §Ready Phase)." \
        in lines(game, events)
    refused(game, ManualReady(0, 0), "all in attack position already")


def test_bos_ready_phase_is_the_profiles_field_and_malformed_owner_is_refused():
    std = game_from_position({"game": "standard", "turn": 3, "turn_player": 0,
                              "players": [{"deck": [], "life": 5}, {"deck": [], "life": 5}]},
                             game_db(get_profile("standard")), settings=SANDBOX)
    refused(std, ManualReady(0, 0), "standard profile: turn_rules.ready")
    game = bos_position()
    refused(game, ManualReady(0, 2), "owner")
    with pytest.raises(CommandFormatError) as e:
        command_from_dict({"type": "manual_ready", "player": 0, "owner": "me"})
    assert e.value.field == "owner"


# ------------------------------------------------------------------ end phase (BOS §End Phase, defect 6)

def test_bos_end_phase_reminds_the_hand_limit_over_7_down_to_6():
    """BOS §End Phase: "more than 7 cards ... discard ... until you only have 6" (digest §3.3 defect 6; the
    profile's ruling: the text as written). A reminder, not an enforcement."""
    game = bos_position(step="main2", p0={"hand": [WARRIOR] * 8})
    events = game.apply(ManualStep(0))
    warn = [e.data for e in events if e.kind == "table_warning"]
    assert warn == [{"player": 0, "what": "hand_limit", "count": 8, "over": 7, "down_to": 6,
                     "rule": "BOS §End Phase"}]
    assert "  Reminder: Player 1's hand holds 8, more than 7: discard down to 6 (BOS §End Phase)." \
        in lines(game, events)
    assert len(game.state.players[0].hand) == 8  # nothing discarded for them
    seven = bos_position(step="main2", p0={"hand": [WARRIOR] * 7})
    assert not [e for e in seven.apply(ManualStep(0)) if e.kind == "table_warning"]


# ------------------------------------------------------------------ marks of the turn

def test_bos_battle_step_attack_marks_the_fighter_without_resting_it_until_the_turn_ends():
    """BOS §Battle Step: each attack-position fighter attacks once per turn; attacking does not rest it (digest
    §3.3 defect 7). The mark is kept in the view and positions, and goes when the turn passes."""
    game = bos_position(step="battle", p0={"fighter": [WARRIOR, WARRIOR2]})
    a, b = zone(game, 0, "fighter")
    events = game.apply(ManualAttacked(0, a))
    assert "Player 1 (by hand) attacks with" in "\n".join(lines(game, events))
    assert not game.state.cards[a].exhausted and marks(game, a) == {"attacked": True}
    assert game.view(1)["players"][0]["areas"]["fighter"][0]["attacked"] is True
    refused(game, ManualAttacked(0, a), "one attack per fighter per turn")
    kept = game_from_position(position_from_game(game), DB, settings=SANDBOX)
    assert kept.state.table.marks[a].attacked and kept.state.hash() == game.state.hash()
    game.apply(ManualStep(0))  # main 2
    assert marks(game, a) == {"attacked": True}
    game.apply(ManualStep(0))  # end
    game.apply(ManualStep(0))  # the other player's turn: the marks go
    assert marks(game, a) == {} and game.state.turn_player == 1
    game.apply(ManualAttacked(1, b))
    game.apply(ManualAttacked(1, b, False))
    assert marks(game, b) == {}


def test_bos_attack_mark_only_on_a_fighter():
    game = bos_position(p0={"tactic": [TACTIC], "hand": [WARRIOR]})
    refused(game, ManualAttacked(0, zone(game, 0, "tactic")[0]), "only cards in the fighters attack")
    refused(game, ManualAttacked(0, zone(game, 0, "hand")[0]), "not on the table")
    refused(game, ManualAttacked(0, 999), "not on the table")


def test_bos_tactic_cards_set_this_turn_warns_when_activated_and_not_the_next_turn():
    """BOS §Tactic Cards: set face down, a tactic "cannot be activated the same turn" it was set: turned face up
    that turn, a warning (the sandbox lets it be); on a later turn, none."""
    game = bos_position(p0={"hand": [TACTIC, TACTIC]})
    first, second = zone(game, 0, "hand")
    game.apply(ManualMove(0, first, "tactic"))
    assert marks(game, first) == {"down": True, "set_this_turn": True}
    events = game.apply(ManualFlip(0, first, False))
    warn = [e.data for e in events if e.kind == "table_warning"]
    assert warn == [{"player": 0, "what": "set_this_turn", "card": first, "zone": "tactic",
                     "rule": "BOS §Tactic Cards"}]
    assert "was set this turn; it is activated on a later turn (BOS §Tactic Cards" in "\n".join(lines(game, events))
    assert zone(game, 0, "tactic") == [first] and not game.state.table.marks.get(first)  # the move happened
    game.apply(ManualMove(0, second, "tactic"))
    for _ in range(4):  # main1 -> battle -> main2 -> end -> the other player's turn (their draw step)
        game.apply(ManualStep(0))
    assert game.state.turn == 4 and marks(game, second) == {"down": True}
    assert not [e for e in game.apply(ManualFlip(0, second, False)) if e.kind == "table_warning"]


def test_bos_equipment_zone_face_down_equipment_flipped_the_turn_it_was_set_warns():
    """BOS §Equipment Zone: "If an equipment card is played face down, you must wait until your next turn to
    activate it"."""
    game = bos_position(p0={"hand": [ATTACHED]})
    card = zone(game, 0, "hand")[0]
    game.apply(ManualMove(0, card, "equipment"))  # (face up: activated at once, no mark)
    assert marks(game, card) == {}
    game.apply(ManualFlip(0, card, True))  # set face down
    assert marks(game, card) == {"down": True, "set_this_turn": True}
    warn = [e.data for e in game.apply(ManualFlip(0, card, False)) if e.kind == "table_warning"]
    assert [(w["what"], w["rule"]) for w in warn] == [("set_this_turn", "BOS §Equipment Zone")]


def test_bos_equipment_chains_no_equipment_in_the_battle_phase_warns():
    """BOS §Equipment and Tactic Card Chains: "During battle phase, you cannot activate any equipment cards": an
    equipment put on the table or turned face up in the battle step warns; a tactic does not."""
    game = bos_position(step="battle", p0={"hand": [ATTACHED, TACTIC], "equipment": [{"card": ATTACHED,
                                                                                       "down": True}]})
    eq, tactic = zone(game, 0, "hand")
    events = game.apply(ManualMove(0, eq, "equipment"))
    warn = [e.data for e in events if e.kind == "table_warning"]
    assert warn == [{"player": 0, "what": "step_ban", "card": eq, "zone": "equipment", "step": "battle",
                     "rule": "BOS §Equipment and Tactic Card Chains"}]
    assert "  Note: no equipment cards in the battle step (BOS §Equipment and Tactic Card Chains; the sandbox " \
           "lets it be)." in lines(game, events)
    assert eq in zone(game, 0, "equipment")
    down = zone(game, 0, "equipment")[0]
    assert [e.data["what"] for e in game.apply(ManualFlip(0, down, False)) if e.kind == "table_warning"] == \
        ["step_ban"]
    assert not [e for e in game.apply(ManualMove(0, tactic, "tactic")) if e.kind == "table_warning"]
    main = bos_position(step="main1", p0={"hand": [ATTACHED]})
    assert not [e for e in main.apply(ManualMove(0, zone(main, 0, "hand")[0], "equipment"))
                if e.kind == "table_warning"]


def test_bos_turn_marks_in_a_position_are_checked():
    game = bos_position(p0={"fighter": [{"card": WARRIOR, "attacked": True}],
                            "tactic": [{"card": TACTIC, "set_this_turn": True}]})
    assert marks(game, zone(game, 0, "fighter")[0]) == {"attacked": True}
    assert marks(game, zone(game, 0, "tactic")[0]) == {"down": True, "set_this_turn": True}
    with pytest.raises(PositionError) as e:
        bos_position(p0={"fighter": [{"card": WARRIOR, "attacked": 1}]})
    assert e.value.field == "players[0].fighter[0].attacked"


def test_bos_turn_events_pass_the_lan_checks_and_hostile_ones_are_refused():
    """The new events are what a guest's board reads: well formed ones pass, a malformed one names its field."""
    game = bos_position(deck=0, step="battle", p0={"fighter": [WARRIOR], "hand": [ATTACHED]})
    events = game.apply(ManualDeck(0, 0, "hand"))
    events += game.apply(ManualAttacked(0, zone(game, 0, "fighter")[0]))
    events += game.apply(ManualMove(0, zone(game, 0, "hand")[0], "equipment"))
    window = SeatWindow.for_game(game, 1)
    check_events(window.events(events))
    for bad, field in (({"kind": "deck_out", "player": 3, "rule": "x"}, "player"),
                       ({"kind": "table_warning", "player": 0, "what": 5, "rule": "x"}, "what"),
                       ({"kind": "manual", "player": 0, "what": "attacked", "card": 1, "attacked": "yes"},
                        "attacked")):
        with pytest.raises(MessageError) as e:
            check_events([bad])
        assert e.value.field.endswith(field)


# ------------------------------------------------------------------ public knowledge (BOS §Public Knowledge)

def test_bos_public_knowledge_browsing_the_opponents_discard_pile_asks_over_the_lan():
    """BOS §Public Knowledge: "you may ... verify the cards in your opponent's discard pile but you must ask their
    permission first" (zones.discard.browse_opponent: ask): over the LAN a seat's look is a request its owner
    answers; the owner shows it in their own name; one's own pile needs nobody."""
    game = bos_position(p1={"discard": [WARRIOR]})
    game.settings = SANDBOX.for_lan()
    assert game.settings.separate_seats
    before = game.state.hash()
    with pytest.raises(NeedsConsent) as e:
        game.apply(ManualBrowse(0, 1, "discard"))
    assert e.value.owner == 1 and "needs player 2's permission" in e.value.message
    assert game.state.hash() == before
    events = game.apply(ManualBrowse(1, 1, "discard"))
    assert lines(game, events) == ["Player 2 shows Player 2's discard pile to the other player."]
    game.apply(ManualBrowse(0, 0, "discard"))
    refused(game, ManualBrowse(0, 1, "deck"), "has no public pile 'deck'")
    refused(game, ManualBrowse(0, 1, "side"), "has no public pile 'side'")


# ------------------------------------------------------------------ sub-types, mulligan rule, profile fields

def test_bos_tactic_cards_a_tactic_is_never_attached_in_a_set_file():
    """BOS §Tactic Cards: "There are two types of Tactic cards. One Turn, Continuous" (Attached is equipment's)."""
    record = {"id": "T-1", "name": "Wrong Tactic", "type": "tactic", "subtype": "Attached"}
    with pytest.raises(CardDataError) as e:
        card_from_record(record, BOS, file="bad.yaml")
    assert e.value.field == "subtype" and e.value.card_id == "T-1" and "One-Turn, Continuous" in str(e.value)
    assert card_from_record({**record, "subtype": "Continuous"}, BOS).extra["subtype"] == "Continuous"
    assert card_from_record({**record, "type": "equipment"}, BOS).extra["subtype"] == "Attached"


def test_bos_a_bad_set_file_with_an_attached_tactic_is_refused_naming_card_and_field(tmp_path):
    from bss_desktop.carddb.errors import CardDataError as Err
    from bss_desktop.carddb.database import load_set_file

    path = tmp_path / "bad.yaml"
    path.write_text("set: {id: BAD, name: Bad}\ngame: bos\ncards:\n"
                    "  - {id: BAD-001, name: Wrong Tactic, type: tactic, subtype: Attached}\n")
    with pytest.raises(Err) as e:
        load_set_file(path, BOS)
    assert e.value.card_id == "BAD-001" and e.value.field == "subtype"


def _resolve(text: str):
    raw = {}
    for path in SHIPPED.glob("*.yaml"):
        data = parse_text(path.read_text(), str(path))
        raw[data["id"]] = (data, str(path))
    raw["t"] = (parse_text(text, "t.yaml"), "t.yaml")
    return resolve(raw)


@pytest.mark.parametrize("extra, field, words", [
    ("turn_rules: {ready: {step: untap, zone: fighter, orientation: attack}}", "turn_rules.ready.step",
     "not one of the steps"),
    ("turn_rules: {ready: {step: ready, zone: fighters, orientation: attack}}", "turn_rules.ready.zone",
     "not a zone of cards"),
    ("turn_rules: {ready: {step: ready, zone: fighter, orientation: upright}}", "turn_rules.ready.orientation",
     "not one of the orientations"),
    ("turn_rules: {hand_limit: {step: end, over: 6, down_to: 7}}", "turn_rules.hand_limit.down_to", "above over"),
    ("turn_rules: {hand_limit: {over: many}}", "turn_rules.hand_limit.over", "whole number"),
    ("turn_rules: {deck_out: {rule: 5}}", "turn_rules.deck_out.rule", "text"),
    ("turn_rules: {set_wait: {fighter: x}}", "turn_rules.set_wait.fighter", "its face is up"),
    ("turn_rules: {step_bans: [{step: battle, zone: armoury}]}", "turn_rules.step_bans[0].zone",
     "not a zone of cards"),
    ("turn_rules: {attack_mark: {zone: fighter, when: always}}", "turn_rules.attack_mark.when", "unknown field"),
    ("cards: {types: {tactic: {values: {subtype: [Attached, Sometimes]}}}}", "cards.types.tactic.values.subtype[1]",
     "not one of"),
    ("cards: {types: {tactic: {values: {class: [Warrior]}}}}", "cards.types.tactic.values.class",
     "not an enum field of a tactic"),
    ("setup: {mulligan: {rule: [a]}}", "setup.mulligan.rule", "text"),
])
def test_turn_rules_and_type_values_wrong_fields_are_named(extra, field, words):
    done, failed = _resolve("id: t\nextends: bos\nname: Test game\n" + extra)
    assert "t" not in done
    e = failed["t"]
    assert e.field == field and words in e.message, str(e)


def test_bos_mulligan_refusals_cite_rule_update_2_and_saga_keeps_cr_5_2_7():
    """BOS Rule Update 2 (Getting Started 5) is what a Battle of Souls mulligan refusal cites, not CR 5-2-7."""
    from bss_desktop.engine.commands import Mulligan

    game = bos_position()
    e = refused(game, Mulligan(0, True), "mulligan is not possible now")
    assert e.rule == "BOS Rule Update 2"
    assert BOS.setup["mulligan"]["rule"] == "BOS Rule Update 2"
    from bss_desktop.table.opening import rule

    assert rule(get_profile("bss")) == "CR 5-2-7"


def test_bos_battlefield_ruling_one_per_player():
    """BOS §Battlefield Zone: "only 1 battlefield on the field at a time" (digest §3.3 defect 4): the profile's
    ruling is one per player, its Battlefield zone per player with capacity 1."""
    z = BOS.zones["battlefield"]
    assert z.owner == "player" and z.capacity == 1
    text = (SHIPPED / "bos.yaml").read_text()
    assert "ruling: one per player" in text and "defect 4" in text
