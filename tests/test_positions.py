"""Positions: mid-game states as YAML (engine/position.py, docs/position-format.md)."""
from __future__ import annotations

import copy

import pytest
import yaml

from bss_desktop.engine import EndAttack, EndMain, PositionError, Summon
from bss_desktop.engine.invariants import check
from bss_desktop.engine.position import game_from_position, load_position_file, position_from_game, save_position
from bss_desktop.sim.policy import RandomPolicy
from helpers import hand_iid, new_game, test_db

# A busy position in exactly the form position_from_game writes, so the round trip must give it back unchanged.
BUSY_YAML = """
format: bss-position
version: 1
turn: 6
turn_player: 1
first_player: 0
step: attack
seed: 12345
settings: {flash_in_main: false, sandbox: false}
players:
  - life: 3
    reserve: 2
    trash_cores: 4
    soul_core: field
    hand: [T-R1, T-MF, T-MM]
    deck: [T-W0, T-B2, T-G4, T-W0]
    trash: [T-P3, T-MB]
    field:
      - {card: T-R3, cores: 1, exhausted: true, soul_core: true}
      - {card: T-NX, cores: 0, exhausted: false}
      - {card: T-B2, cores: 4, exhausted: false}
    burst: T-MM
    burst_set_this_turn: false
  - life: 4
    reserve: 1
    trash_cores: 0
    soul_core: reserve
    hand: [T-G4, T-D2]
    deck: [T-R5, T-R1, T-NX2]
    trash: [T-MF]
    field:
      - {card: T-B2, cores: 3, exhausted: true}
      - {card: T-NX2, cores: 1, exhausted: false}
      - {card: T-R1, cores: 2, exhausted: false}
    burst: T-MM
    burst_set_this_turn: true
"""


def busy() -> dict:
    return yaml.safe_load(BUSY_YAML)


def load(data) -> "Game":  # noqa: F821
    return game_from_position(data, test_db())


def cid_list(game, iids):
    return [game.state.cards[i].cid for i in iids]


# ---------------------------------------------------------------- round trips

def test_a_busy_position_round_trips_exactly():
    data = busy()
    game = load(data)
    assert position_from_game(game) == data
    assert data == busy()  # loading did not modify the input


def test_a_busy_position_loads_as_written():
    game = load(busy())
    st = game.state
    assert (st.turn, st.turn_player, st.first_player, st.stage) == (6, 1, 0, "attack")
    assert game.pending.kind == "attack" and game.pending.player == 1
    p0, p1 = st.players
    assert (p0.life, p0.reserve, p0.trash_cores) == (3, 2, 4)
    assert cid_list(game, p0.hand) == ["T-R1", "T-MF", "T-MM"]
    assert cid_list(game, p0.deck)[-1] == "T-W0" and cid_list(game, p0.deck)[-2] == "T-B2"  # listed top first
    assert cid_list(game, p0.trash) == ["T-P3", "T-MB"]  # listed bottom first
    knight = p0.field[0]
    assert p0.soul == knight and game.cores_on(knight) == 2 and game.level(knight) == 2  # CR 2-10-3
    assert st.cards[knight].exhausted and not st.cards[p0.field[1]].exhausted
    assert st.cards[p0.burst].cid == "T-MM" and st.cards[p0.burst].zone == "burst"
    assert p1.burst_set_turn == 6 and p0.burst_set_turn != 6
    assert p1.soul == "reserve"
    assert not check(game)


def test_round_trip_keeps_the_state_hash():
    game = load(busy())
    assert load(position_from_game(game)).state_hash() == game.state_hash()


def test_a_main_step_position_round_trips_after_its_commands():
    data = busy()
    data["step"] = "main"
    game = load(data)
    game.apply(Summon(1, hand_iid(game, 1, "T-D2")))
    pos = position_from_game(game)
    assert pos["step"] == "main" and [f["card"] for f in pos["players"][1]["field"]][-1] == "T-D2"
    again = load(pos)
    assert position_from_game(again) == pos
    assert [c.kind for c in again.legal_commands()] == [c.kind for c in game.legal_commands()]
    game.apply(EndMain(1))
    assert position_from_game(game)["step"] == "attack"


def test_a_position_from_a_played_game_is_stable():
    """position → game → position is the identity for a position taken from a real game."""
    for seed in range(4, 30):  # the first seed whose game lasts long enough (its course depends on the automatic
        game = new_game(seed)  # payments, which change when costs.auto_select gets better)
        policy = RandomPolicy(seed)
        while game.state.result is None and (len(game.history) < 40 or game.state.stage not in ("main", "attack")):
            game.apply(policy.choose(game))
        if game.state.result is None:
            break
    pos = position_from_game(game)
    again = load(copy.deepcopy(pos))
    assert position_from_game(again) == pos
    # the same cards in the same places
    for p in (0, 1):
        for zone in ("hand", "deck", "trash", "field"):
            assert cid_list(again, getattr(again.state.players[p], zone)) == \
                cid_list(game, getattr(game.state.players[p], zone)), (p, zone)
    assert [c.kind for c in again.legal_commands()] == [c.kind for c in game.legal_commands()]


def test_defaults_are_filled_in():
    game = load({"turn": 2, "turn_player": 1, "players": [
        {"life": 5, "deck": ["T-W0"]},
        {"life": 4, "deck": ["T-W0"], "field": ["T-B2", {"card": "T-NX"}]},
    ]})
    pos = position_from_game(game)
    assert (pos["step"], pos["seed"], pos["first_player"]) == ("main", 0, 0)  # turn 2 is player 2's
    assert pos["settings"] == {"flash_in_main": False, "sandbox": False}
    p0, p1 = pos["players"]
    assert (p0["reserve"], p0["trash_cores"], p0["soul_core"], p0["hand"], p0["trash"], p0["field"], p0["burst"],
            p0["burst_set_this_turn"]) == (0, 0, "reserve", [], [], [], None, False)
    # field cards given by id alone get their LV1 cores (Blue Guard 2, Red Forge 0), refreshed
    assert p1["field"] == [{"card": "T-B2", "cores": 2, "exhausted": False},
                           {"card": "T-NX", "cores": 0, "exhausted": False}]


# ---------------------------------------------------------------- inline card definitions

INLINE = [
    {"id": "X-DUO", "name": "Inline Duo", "type": "spirit", "colors": ["red", "green"], "cost": 2,
     "reduction": ["green"], "symbols": ["red/green"],
     "levels": [{"level": 1, "cores": 1, "bp": 2000}, {"level": 2, "cores": 3, "bp": 5000}]},
    {"id": "X-TRAP", "name": "Inline Trap", "type": "magic", "colors": ["blue"], "cost": 1, "timing": ["flash"],
     "burst": True},
]


def inline_position() -> dict:
    data = busy()
    data["cards"] = copy.deepcopy(INLINE)
    data["players"][0]["hand"].append("X-DUO")
    data["players"][1]["field"].append({"card": "X-DUO", "cores": 3, "exhausted": False})
    data["players"][1]["burst"] = "X-TRAP"
    return data


def test_a_position_with_inline_cards_loads():
    game = load(inline_position())
    p1 = game.state.players[1]
    duo = p1.field[-1]
    assert game.card_def(duo).name == "Inline Duo"
    assert (game.level(duo), game.bp(duo)) == (2, 5000)
    assert game.card_def(p1.burst).burst
    assert "X-DUO" not in test_db()  # the shared database is not changed


def test_a_position_with_inline_cards_round_trips():
    data = inline_position()
    game = load(data)
    out = position_from_game(game)
    assert out["cards"] == INLINE
    assert {k: v for k, v in out.items() if k != "cards"} == {k: v for k, v in data.items() if k != "cards"}
    assert load(out).state_hash() == game.state_hash()


def test_an_inline_card_with_a_bad_field_names_it():
    data = inline_position()
    data["cards"][1]["cost"] = -1
    with pytest.raises(PositionError) as info:
        load(data)
    assert info.value.field == "cards[1].cost"


# ---------------------------------------------------------------- malformed positions

def _set(path, value):
    def change(d):
        *head, last = path
        for k in head:
            d = d[k]
        d[last] = value
    return change


def _del(path):
    def change(d):
        *head, last = path
        for k in head:
            d = d[k]
        del d[last]
    return change


def _mark_soul(i):
    def change(d):
        d["players"][0]["field"][i]["soul_core"] = True
    return change


def _unmark_soul(d):
    del d["players"][0]["field"][0]["soul_core"]


BAD = [
    # (id, change, field, words in the message)
    ("missing turn", _del(["turn"]), "turn", "missing"),
    ("turn 0", _set(["turn"], 0), "turn", "from 1"),
    ("turn as text", _set(["turn"], "6"), "turn", "whole number"),
    ("turn_player 2", _set(["turn_player"], 2), "turn_player", "0 or 1"),
    ("missing turn_player", _del(["turn_player"]), "turn_player", "missing"),
    ("first_player takes the even turns", _set(["first_player"], 1), "first_player", "odd turns"),
    ("first_player 3", _set(["first_player"], 3), "first_player", "0 or 1"),
    ("bad step", _set(["step"], "draw"), "step", "start, main, attack"),
    ("step as a number", _set(["step"], 5), "step", "text"),
    ("one player", lambda d: d["players"].pop(), "players", "CR 1-1-1"),
    ("three players", lambda d: d["players"].append(copy.deepcopy(d["players"][0])), "players", "two players"),
    ("players not a list", _set(["players"], {"a": 1}), "players", "list"),
    ("a player not a mapping", _set(["players", 1], "T-R1"), "players[1]", "mapping"),
    ("negative life", _set(["players", 0, "life"], -1), "players[0].life", "negative"),
    ("life as text", _set(["players", 1, "life"], "4"), "players[1].life", "whole number"),
    ("life as a boolean", _set(["players", 1, "life"], True), "players[1].life", "whole number"),
    ("missing life", _del(["players", 1, "life"]), "players[1].life", "missing"),
    ("negative reserve", _set(["players", 1, "reserve"], -2), "players[1].reserve", "negative"),
    ("negative trash cores", _set(["players", 0, "trash_cores"], -1), "players[0].trash_cores", "negative"),
    ("missing deck", _del(["players", 0, "deck"]), "players[0].deck", "missing"),
    ("hand not a list", _set(["players", 0, "hand"], "T-R1"), "players[0].hand", "list"),
    ("unknown card in the hand", _set(["players", 0, "hand", 1], "T-NOPE"), "players[0].hand[1]", "T-NOPE"),
    ("a number in the hand", _set(["players", 1, "hand", 0], 17), "players[1].hand[0]", "unknown card"),
    ("unknown card in the deck", _set(["players", 1, "deck", 2], "T-NOPE"), "players[1].deck[2]", "unknown card"),
    ("unknown card in the trash", _set(["players", 0, "trash", 0], "T-NOPE"), "players[0].trash[0]", "unknown"),
    ("unknown card on the field", _set(["players", 1, "field", 1, "card"], "T-NOPE"), "players[1].field[1].card",
     "unknown card"),
    ("field card without its card", _del(["players", 1, "field", 1, "card"]), "players[1].field[1].card", "missing"),
    ("field entry not a mapping", _set(["players", 1, "field", 0], 7), "players[1].field[0]", "mapping"),
    ("unknown card in the burst", _set(["players", 1, "burst"], "T-NOPE"), "players[1].burst", "unknown card"),
    ("magic on the field", _set(["players", 0, "field", 1, "card"], "T-MB"), "players[0].field[1].card",
     "CR 3-5-1"),
    ("soul core on the field but on no card", _unmark_soul, "players[0].soul_core", "found 0"),
    ("soul core on two field cards", _mark_soul(2), "players[0].soul_core", "found 2"),
    ("soul core on a card and in the reserve", _set(["players", 0, "soul_core"], "reserve"),
     "players[0].field[0].soul_core", "CR 4-11-3"),
    ("soul core on a card and in the trash", _set(["players", 0, "soul_core"], "trash"),
     "players[0].field[0].soul_core", "trash"),
    ("soul core in the hand", _set(["players", 1, "soul_core"], "hand"), "players[1].soul_core", "one of"),
    ("soul_core flag not a boolean", _set(["players", 0, "field", 0, "soul_core"], "yes"),
     "players[0].field[0].soul_core", "true or false"),
    ("spirit below LV1", _set(["players", 1, "field", 2, "cores"], 0), "players[1].field[2].cores", "CR 9-3-2"),
    ("Blue Guard with 1 of 2 LV1 cores", _set(["players", 0, "field", 2, "cores"], 1), "players[0].field[2].cores",
     "CR 9-3-2"),
    ("nexus below LV1", _set(["players", 1, "field", 1, "cores"], 0), "players[1].field[1].cores", "CR 9-3-2"),
    ("negative cores on a card", _set(["players", 1, "field", 0, "cores"], -1), "players[1].field[0].cores",
     "negative"),
    ("exhausted not a boolean", _set(["players", 1, "field", 0, "exhausted"], "yes"),
     "players[1].field[0].exhausted", "true or false"),
    ("a card without a burst effect set", _set(["players", 0, "burst"], "T-R3"), "players[0].burst", "CR 3-8-4"),
    ("burst_set_this_turn not a boolean", _set(["players", 0, "burst_set_this_turn"], 1),
     "players[0].burst_set_this_turn", "true or false"),
    ("unknown top-level key", _set(["turns"], 3), "turns", "unknown field"),
    ("unknown player key", _set(["players", 1, "lives"], 3), "players[1].lives", "unknown field"),
    ("unknown field-card key", _set(["players", 0, "field", 1, "level"], 2), "players[0].field[1].level",
     "unknown field"),
    ("wrong format", _set(["format"], "bss-record"), "format", "bss-position"),
    ("future version", _set(["version"], 2), "version", "version 1"),
    ("unknown setting", _set(["settings"], {"flash_anywhere": True}), "settings", "flash_anywhere"),
    ("negative seed", _set(["seed"], -5), "seed", "negative"),
    ("cards not a list", _set(["cards"], {"id": "X"}), "cards", "list"),
]


@pytest.mark.parametrize("change,field,words", [b[1:] for b in BAD], ids=[b[0] for b in BAD])
def test_a_malformed_position_names_the_field(change, field, words):
    data = busy()
    change(data)
    with pytest.raises(PositionError) as info:
        load(data)
    assert info.value.field == field, str(info.value)
    assert f"field '{field}'" in str(info.value)
    assert words in str(info.value)


def test_the_busy_position_itself_is_valid():
    """Every malformed case above is one change away from this valid position."""
    load(busy())
    assert len(BAD) >= 15


@pytest.mark.parametrize("data", [None, [], "turn: 1", 5])
def test_a_position_that_is_not_a_mapping(data):
    with pytest.raises(PositionError) as info:
        load(data)
    assert info.value.field == ""


def test_the_soul_core_counts_towards_lv1():
    """Blue Guard needs 2 cores for LV1: one core plus the soul core is enough (CR 2-10-3)."""
    data = busy()
    _unmark_soul(data)
    data["players"][0]["field"][2] = {"card": "T-B2", "cores": 1, "exhausted": False, "soul_core": True}
    game = load(data)
    guard = game.state.players[0].field[2]
    assert game.cores_on(guard) == 2 and game.level(guard) == 1


# ---------------------------------------------------------------- files

def test_load_position_file_reports_the_line_of_a_yaml_syntax_error(tmp_path):
    path = tmp_path / "broken.yaml"
    # line 6 is indented one space less than the mapping it belongs to
    path.write_text("turn: 3\nturn_player: 0\nplayers:\n  - life: 5\n    deck: [T-W0]\n   bad: 3\n")
    with pytest.raises(PositionError) as info:
        load_position_file(path, test_db())
    text = str(info.value)
    assert "line 6" in text, text
    assert info.value.field == ""
    assert str(path) in text
    assert info.value.source == str(path)


def test_load_position_file_names_the_file_and_the_field(tmp_path):
    data = busy()
    data["players"][1]["hand"][1] = "T-NOPE"
    path = tmp_path / "pos.yaml"
    path.write_text(yaml.safe_dump(data))
    with pytest.raises(PositionError) as info:
        load_position_file(path, test_db())
    assert info.value.field == "players[1].hand[1]"
    assert str(path) in str(info.value) and "players[1].hand[1]" in str(info.value)


def test_save_position_writes_yaml_that_loads_to_the_same_hash(tmp_path):
    game = load(inline_position())
    path = tmp_path / "saved.yaml"
    save_position(game, path)
    again = load_position_file(path, test_db())
    assert again.state_hash() == game.state_hash()
    assert yaml.safe_load(path.read_text()) == inline_position()


def test_save_position_of_a_played_game_reloads_stably(tmp_path):
    game = new_game(9)
    policy = RandomPolicy(9)
    while len(game.history) < 30 or game.state.stage != "main":
        game.apply(policy.choose(game))
    first, second = tmp_path / "a.yaml", tmp_path / "b.yaml"
    save_position(game, first)
    loaded = load_position_file(first, test_db())
    save_position(loaded, second)
    assert load_position_file(second, test_db()).state_hash() == loaded.state_hash()
    assert first.read_text() == second.read_text()


def test_a_position_cannot_be_taken_during_a_battle():
    from bss_desktop.engine import Attack

    game = load(busy())
    game.apply(Attack(1, game.state.players[1].field[2]))
    with pytest.raises(PositionError) as info:
        position_from_game(game)
    assert info.value.field == "step"


def test_player_names_survive_a_round_trip():
    """`name` is an accepted player field, so saving a position must not drop it."""
    data = busy()
    data["players"][0]["name"] = "Alice"
    data["players"][1]["name"] = "Bob"
    out = position_from_game(load(data))
    assert [p.get("name") for p in out["players"]] == ["Alice", "Bob"]
    assert out == data


# ---------------------------------------------------------------- step: start, and games already over

START = """
turn: 4
turn_player: 1
step: start
players:
  - life: 5
    reserve: 1
    trash_cores: 2
    deck: [T-W0, T-W0]
    field:
      - {card: T-R1, cores: 1, exhausted: true}
  - life: 5
    reserve: 1
    trash_cores: 3
    soul_core: trash
    hand: [T-R1]
    deck: [T-B2, T-G4, T-W0]
    field:
      - {card: T-R3, cores: 1, exhausted: true}
      - {card: T-NX, cores: 0, exhausted: true}
"""


def test_a_start_step_position_runs_the_start_core_draw_and_refresh_steps():
    game = load(yaml.safe_load(START))
    st = game.state
    assert st.stage == "main" and game.pending.kind == "main" and game.pending.player == 1
    p0, p1 = st.players
    # CR 6-4-2: the turn player drew their top card (listed first)
    assert cid_list(game, p1.hand) == ["T-R1", "T-B2"]
    assert cid_list(game, p1.deck) == ["T-W0", "T-G4"]
    # CR 6-3-2 one core from the void; CR 6-5-2 trash cores and the soul core back to the reserve
    assert (p1.reserve, p1.trash_cores, p1.soul) == (1 + 1 + 3, 0, "reserve")
    assert st.cores_in_play == 5 + 1 + 2 + 1 + 5 + 1 + 3 + 1 + 1  # one more than written
    # CR 6-5-2: the turn player's cards are refreshed, the opponent's are not
    assert not any(st.cards[i].exhausted for i in p1.field)
    assert st.cards[p0.field[0]].exhausted
    assert (p0.reserve, p0.trash_cores, len(p0.hand)) == (1, 2, 0)
    assert not check(game)


def test_a_start_step_position_on_turn_one_has_no_core_step():
    """CR 6-3-3: player one's first turn has no core step."""
    game = load({"turn": 1, "turn_player": 0, "step": "start", "players": [
        {"life": 5, "reserve": 3, "deck": ["T-W0", "T-B2"]},
        {"life": 5, "reserve": 3, "deck": ["T-W0"]},
    ]})
    p0 = game.state.players[0]
    assert p0.reserve == 3 and cid_list(game, p0.hand) == ["T-W0"]
    assert game.pending.kind == "main"
    game.apply(EndMain(0))  # CR 6-7-2: no attack step on the first turn
    assert game.state.turn == 2 and game.pending.player == 1


def test_a_start_step_position_with_an_empty_deck_is_lost_at_once():
    """CR 6-2-2, 9-2-4, 1-2-1-1-2: no cards in the deck at the start step."""
    game = load({"turn": 3, "turn_player": 0, "step": "start", "players": [
        {"life": 5, "deck": []}, {"life": 5, "deck": ["T-W0"]},
    ]})
    assert game.over and game.result.winner == 1 and game.pending is None


def test_a_position_with_no_life_left_is_over_at_once():
    """CR 1-2-1-1-1: a player whose life is 0 has lost."""
    game = load({"turn": 3, "turn_player": 0, "players": [
        {"life": 5, "deck": ["T-W0"]}, {"life": 0, "deck": ["T-W0"]},
    ]})
    assert game.over and game.result.winner == 0
    assert game.pending is None and game.legal_commands() == []
    with pytest.raises(PositionError):
        position_from_game(game)


def test_a_position_where_both_have_no_life_is_a_draw():
    """CR 1-2-3: both players fulfil a victory condition at once."""
    game = load({"turn": 3, "turn_player": 0, "players": [
        {"life": 0, "deck": ["T-W0"]}, {"life": 0, "deck": ["T-W0"]},
    ]})
    assert game.over and game.result.winner is None


def test_an_attack_step_position_continues_into_the_next_turn():
    game = load(busy())
    game.apply(EndAttack(1))
    st = game.state
    assert (st.turn, st.turn_player, st.stage) == (7, 0, "main")
    assert not check(game)


# ---------------------------------------------------------------- docs/position-format.md

def _doc_examples() -> list[dict]:
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parent.parent / "docs" / "position-format.md").read_text(encoding="utf-8")
    return [yaml.safe_load(block) for block in re.findall(r"```yaml\n(.*?)```", text, re.S)]


def test_the_documented_examples_load_with_the_shipped_cards():
    from bss_desktop.carddb.database import load_default_db

    minimal, full = _doc_examples()
    db = load_default_db()
    game = game_from_position(minimal, db)
    assert game.pending.kind == "main" and game.pending.player == 0
    game = game_from_position(full, db)
    st = game.state
    p0, p1 = st.players
    assert game.pending.kind == "main" and game.pending.player == 1 and st.turn == 6
    assert [st.cards[i].cid for i in p0.deck][-1] == "CORE-016"  # top first
    assert [st.cards[i].cid for i in p0.trash][-1] == "CORE-009"  # bottom first
    knight = p0.field[0]
    assert p0.soul == knight and game.level(knight) == 2
    assert game.cores_on(p0.field[2]) == 1  # id alone: LV1 cores
    assert game.card_def(p1.field[1]).name == "Practice Golem"
    assert p1.burst_set_turn == 6
    out = position_from_game(game)
    assert game_from_position(out, db).state_hash() == game.state_hash()
    assert position_from_game(game_from_position(out, db)) == out
