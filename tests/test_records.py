"""Game records: a game's start plus its commands reproduce it exactly (engine/record.py)."""
from __future__ import annotations

import json

import pytest

from bss_desktop.engine import EndAttack, EndMain, Mulligan, RecordError, Summon
from bss_desktop.engine.record import check_record, load_record, replay, save_record, to_record
from bss_desktop.sim.policy import RandomPolicy
from helpers import hand_iid, new_game, position, test_db


def play_out(seed: int, first_player=0, max_commands: int = 5000):
    game = new_game(seed, first_player=first_player)
    policy = RandomPolicy(seed * 7 + 1)
    while not game.over and len(game.history) < max_commands:
        game.apply(policy.choose(game))
    assert game.over
    return game


@pytest.fixture(scope="module")
def finished():
    return play_out(11)


def through_json(rec: dict) -> dict:
    return json.loads(json.dumps(rec))


# ---------------------------------------------------------------- round trip

@pytest.mark.parametrize("seed,first_player", [(11, 0), (12, 1), (13, None)])
def test_a_finished_game_replays_through_json_with_every_hash(seed, first_player):
    game = play_out(seed, first_player)
    rec = through_json(to_record(game))
    assert len(rec["hashes"]) == len(rec["commands"]) + 1 == len(game.history) + 1
    again = replay(rec, test_db(), verify=True)
    assert again.hashes == game.hashes == rec["hashes"]
    assert again.state_hash() == game.state_hash()
    assert again.over and again.result == game.result
    assert rec["result"] == {"winner": game.result.winner, "reason": game.result.reason}
    assert again.history == game.history


def test_a_replay_without_verification_reaches_the_same_state(finished):
    again = replay(through_json(to_record(finished)), test_db(), verify=False)
    assert again.state_hash() == finished.state_hash()


@pytest.mark.parametrize("k", [0, 1, 2, 3, 10, 25, -1])
def test_replay_stopped_after_k_commands_matches_the_game_after_k(finished, k):
    rec = through_json(to_record(finished))
    k = len(rec["commands"]) if k == -1 else k
    partial = replay(rec, test_db(), verify=True, stop=k)
    assert len(partial.history) == k
    assert partial.state_hash() == finished.hashes[k]


def test_a_replayed_game_can_be_played_on(finished):
    """A record cut after k commands replays into a live game that accepts the original command k+1."""
    rec = through_json(to_record(finished))
    k = 20
    partial = replay(rec, test_db(), stop=k)
    partial.apply(finished.history[k])
    assert partial.state_hash() == finished.hashes[k + 1]


def test_save_and_load_record_round_trip(finished, tmp_path):
    path = tmp_path / "game.json"
    save_record(finished, path)
    rec = load_record(path)
    assert rec == through_json(to_record(finished))
    assert replay(rec, test_db()).state_hash() == finished.state_hash()


def test_load_record_reports_bad_json_with_its_line(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text('{\n  "format": "bss-record",\n  "version": 1,,\n}\n')
    with pytest.raises(RecordError, match="line 3"):
        load_record(path)


def test_a_record_of_an_unfinished_game_has_no_result_and_replays():
    game = new_game(3)
    policy = RandomPolicy(3)
    for _ in range(15):
        game.apply(policy.choose(game))
    rec = through_json(to_record(game))
    assert "result" not in rec
    assert replay(rec, test_db()).state_hash() == game.state_hash()


# ---------------------------------------------------------------- tampering

def _raises_naming(rec, *, needle: str):
    with pytest.raises(RecordError) as info:
        replay(rec, test_db(), verify=True)
    assert needle in str(info.value), str(info.value)
    return info.value


def test_a_changed_command_is_named(finished):
    rec = through_json(to_record(finished))
    assert rec["commands"][0]["type"] == "mulligan"
    rec["commands"][0]["redraw"] = not rec["commands"][0]["redraw"]  # legal, but a different game
    _raises_naming(rec, needle="command 1:")


def test_a_changed_command_that_becomes_illegal_is_named(finished):
    rec = through_json(to_record(finished))
    i = next(i for i, c in enumerate(rec["commands"]) if c["type"] == "end_main")
    rec["commands"][i]["player"] = 1 - rec["commands"][i]["player"]
    _raises_naming(rec, needle=f"command {i + 1} ('end_main')")


def test_a_changed_command_in_the_middle_is_named(finished):
    rec = through_json(to_record(finished))
    i = next(i for i, c in enumerate(rec["commands"]) if i > 10 and c["type"] == "summon")
    cmd = rec["commands"][i]
    cmd["card"] = cmd["card"] + 1000  # not a card at all
    _raises_naming(rec, needle=f"command {i + 1}")


def test_two_reordered_commands_are_named(finished):
    rec = through_json(to_record(finished))
    # the two mulligans: player 2's decision cannot come first
    rec["commands"][0], rec["commands"][1] = rec["commands"][1], rec["commands"][0]
    _raises_naming(rec, needle="command 1")


def test_two_reordered_commands_mid_game_are_named(finished):
    rec = through_json(to_record(finished))
    i = next(i for i in range(5, len(rec["commands"]) - 1) if rec["commands"][i] != rec["commands"][i + 1])
    rec["commands"][i], rec["commands"][i + 1] = rec["commands"][i + 1], rec["commands"][i]
    _raises_naming(rec, needle=f"command {i + 1}")


def test_a_dropped_command_is_named(finished):
    rec = through_json(to_record(finished))
    i = next(i for i in range(5, len(rec["commands"]) - 1) if rec["commands"][i] != rec["commands"][i + 1])
    del rec["commands"][i]
    _raises_naming(rec, needle=f"command {i + 1}")


def test_a_record_cut_short_replays_what_is_there(finished):
    """A record is not required to end with the game: the commands it has replay and verify."""
    rec = through_json(to_record(finished))
    rec["commands"] = rec["commands"][:30]
    assert replay(rec, test_db(), verify=True).state_hash() == finished.hashes[30]


def test_a_changed_seed_is_a_setup_mismatch(finished):
    rec = through_json(to_record(finished))
    rec["start"]["seed"] += 1
    _raises_naming(rec, needle="setup")


def test_a_changed_first_player_is_a_setup_mismatch(finished):
    rec = through_json(to_record(finished))
    rec["start"]["first_player"] = 1 - rec["start"]["first_player"]
    _raises_naming(rec, needle="setup")


def test_a_reordered_deck_list_is_a_setup_mismatch(finished):
    """Same 50 cards, two different ones swapped in the list: the shuffled decks differ."""
    rec = through_json(to_record(finished))
    deck = rec["start"]["decks"][1]
    j = next(j for j in range(1, len(deck)) if deck[j] != deck[0])
    deck[0], deck[j] = deck[j], deck[0]
    _raises_naming(rec, needle="setup")


def test_a_changed_stored_hash_is_named(finished):
    rec = through_json(to_record(finished))
    rec["hashes"][7] = "0" * 64
    _raises_naming(rec, needle="command 7:")


@pytest.mark.parametrize("change", ["illegal deck", "unknown card", "three decks", "bad seed", "bad setting",
                                    "invalid position"])
def test_a_tampered_start_raises_record_error(finished, change):
    """Any record whose start cannot set up a game is a bad record: RecordError, naming the setup.

    (`bss-desktop replay` catches RecordError only, so anything else is a traceback for the user.)
    """
    rec = through_json(to_record(finished))
    start = rec["start"]
    if change == "illegal deck":
        start["decks"][1][0] = start["decks"][1][1] = "T-W0"  # 5 or 6 Zero Wisps (CR 5-1-1-1)
        start["decks"][1][2] = start["decks"][1][3] = "T-W0"
    elif change == "unknown card":
        start["decks"][0][0] = "NO-SUCH-CARD"
    elif change == "three decks":
        start["decks"].append(list(start["decks"][0]))
    elif change == "bad seed":
        start["seed"] = "eleven"
    elif change == "bad setting":
        rec["settings"] = {"no_such_setting": True}
    elif change == "invalid position":
        rec["start"] = {"position": {"turn": 0, "turn_player": 0, "players": []}}
    with pytest.raises(RecordError):
        replay(rec, test_db(), verify=True)


# ---------------------------------------------------------------- check_record

GOOD = {"format": "bss-record", "version": 1, "start": {}, "commands": []}


@pytest.mark.parametrize("rec,needle", [
    ([], "JSON object"),
    ("bss-record", "JSON object"),
    ({**GOOD, "format": "bss-position"}, "format"),
    ({k: v for k, v in GOOD.items() if k != "format"}, "format"),
    ({**GOOD, "version": 2}, "version"),
    ({**GOOD, "version": "1"}, "version"),
    ({k: v for k, v in GOOD.items() if k != "version"}, "version"),
    ({k: v for k, v in GOOD.items() if k != "start"}, "start"),
    ({**GOOD, "start": []}, "start"),
    ({k: v for k, v in GOOD.items() if k != "commands"}, "commands"),
    ({**GOOD, "commands": {}}, "commands"),
], ids=["list", "string", "wrong format", "no format", "future version", "version as text", "no version",
        "no start", "start not an object", "no commands", "commands not a list"])
def test_check_record_rejects_malformed_records(rec, needle):
    with pytest.raises(RecordError, match=needle):
        check_record(rec)
    with pytest.raises(RecordError):
        replay(rec, test_db())


def test_check_record_accepts_a_real_record(finished):
    check_record(through_json(to_record(finished)))


def test_a_start_without_decks_is_named():
    rec = {**GOOD, "start": {"seed": 1}}
    with pytest.raises(RecordError, match="start.decks"):
        replay(rec, test_db())


def test_a_malformed_command_is_named(finished):
    rec = through_json(to_record(finished))
    rec["commands"][2] = {"type": "summon", "player": 0}  # no card
    _raises_naming(rec, needle="command 3")


# ---------------------------------------------------------------- determinism

def test_same_seed_and_commands_give_identical_hash_sequences(finished):
    twin = new_game(11, first_player=0)
    for cmd in finished.history:
        twin.apply(cmd)
    assert twin.hashes == finished.hashes
    assert twin.state.to_dict() == finished.state.to_dict()


def test_same_seed_same_policy_same_game():
    a, b = play_out(21, None), play_out(21, None)
    assert a.hashes == b.hashes and a.history == b.history


def test_different_seeds_give_different_games():
    games = [new_game(s, first_player=0) for s in (1, 2, 3)]
    setups = {g.hashes[0] for g in games}
    assert len(setups) == 3
    hands = {tuple(g.state.cards[i].cid for i in g.state.players[0].hand) for g in games}
    decks = {tuple(g.state.cards[i].cid for i in g.state.players[0].deck) for g in games}
    assert len(decks) == 3 and len(hands) >= 2


def test_different_seeds_with_the_same_commands_give_different_hash_sequences():
    commands = [Mulligan(0, False), Mulligan(1, False), EndMain(0), EndMain(1), EndAttack(1), EndMain(0),
                EndAttack(0)]
    a, b = new_game(1, first_player=0), new_game(2, first_player=0)
    for cmd in commands:
        a.apply(cmd)
        b.apply(cmd)
    assert len(a.hashes) == len(b.hashes) == len(commands) + 1
    assert all(x != y for x, y in zip(a.hashes, b.hashes))
    assert a.state.turn == b.state.turn == 4


# ---------------------------------------------------------------- records of games that began from a position

POS = """
turn: 4
turn_player: 1
seed: 99
players:
  - life: 3
    reserve: 2
    hand: [T-R1, T-B2]
    field:
      - {card: T-R3, cores: 2}
  - life: 4
    reserve: 5
    hand: [T-R3, T-W0, T-MM]
    trash: [T-G4]
    field:
      - {card: T-R1, cores: 1}
"""


def test_a_game_started_from_a_position_replays():
    game = position(POS)
    game.apply(Summon(1, hand_iid(game, 1, "T-R3")))
    game.apply(EndMain(1))
    policy = RandomPolicy(4)
    while not game.over and len(game.history) < 400:
        game.apply(policy.choose(game))
    rec = through_json(to_record(game))
    assert "position" in rec["start"]
    again = replay(rec, test_db(), verify=True)
    assert again.hashes == game.hashes
    assert again.state_hash() == game.state_hash()
    for k in (0, 1, 2, 5):
        assert replay(rec, test_db(), stop=k).state_hash() == game.hashes[k]


def test_a_position_record_with_a_changed_position_is_a_setup_mismatch():
    game = position(POS)
    game.apply(EndMain(1))
    rec = through_json(to_record(game))
    rec["start"]["position"]["players"][0]["life"] = 2
    _raises_naming(rec, needle="setup")


def test_a_position_record_with_inline_cards_replays():
    game = position("""
        turn: 3
        turn_player: 0
        cards:
          - {id: X-BIG, name: Inline Giant, type: spirit, colors: [red], cost: 1, symbols: [red, red],
             levels: [{level: 1, cores: 1, bp: 9000}]}
        players:
          - {life: 5, reserve: 4, hand: [X-BIG]}
          - {life: 2, reserve: 4, field: [{card: T-W0}]}
    """)
    big = hand_iid(game, 0, "X-BIG")
    game.apply(Summon(0, big))
    game.apply(EndMain(0))
    rec = through_json(to_record(game))
    again = replay(rec, test_db(), verify=True)
    assert again.state_hash() == game.state_hash()
    assert again.card_def(big).name == "Inline Giant"


def test_every_command_type_has_a_json_kind_and_round_trips():
    import dataclasses

    from bss_desktop.engine.commands import ALL_COMMANDS, command_from_dict

    samples = {"card": 3, "spirit": 3, "effect": 0, "owner": 1, "src": "reserve", "dst": 4, "to": "hand",
               "moves": (), "text": "hi", "cards": (3,), "value": True, "sides": 6, "count": 1, "redraw": True,
               "exhausted": True}
    for cls in ALL_COMMANDS:
        kw = {f.name: samples[f.name] for f in dataclasses.fields(cls)
              if f.name != "player" and f.default is dataclasses.MISSING}
        if cls.__name__ == "MoveCores":
            from bss_desktop.engine.commands import CoreMove

            kw["moves"] = (CoreMove("reserve", 4, 1, False),)
        cmd = cls(0, **kw)
        assert command_from_dict(cmd.to_dict()) == cmd, cls.__name__
