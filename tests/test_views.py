"""What each player may see: `game.view(p)` (engine/view.py; CR 3-2-2, 3-3-3, 3-8-2, 3-8-5)."""
from __future__ import annotations

import json

import pytest

from bss_desktop.engine import Attack, Concede, EndMain, Pass, SetBurst
from bss_desktop.sim.policy import RandomPolicy
from helpers import new_game, position

# Every hidden card has a card id of its own, so a leak shows up as that id anywhere in the view's JSON.
SECRET_CARDS = "\n".join(
    f"  - {{id: {cid}, name: Secret {cid}, type: spirit, colors: [white], cost: 0, symbols: [white], "
    f"levels: [{{level: 1, cores: 1, bp: 1000}}]}}"
    for cid in ("S-HAND0", "S-DECK0", "S-HAND1", "S-DECK1")
) + "\n" + "\n".join(
    f"  - {{id: {cid}, name: Secret {cid}, type: magic, colors: [red], cost: 1, timing: [main], burst: true}}"
    for cid in ("S-BURST0", "S-BURST1")
)

POS = f"""
turn: 3
turn_player: 0
cards:
{SECRET_CARDS}
players:
  - life: 4
    reserve: 2
    trash_cores: 1
    soul_core: field
    hand: [S-HAND0, S-HAND0, T-MM]
    deck: [S-DECK0, S-DECK0, S-DECK0]
    trash: [T-G4, T-MF]
    burst: S-BURST0
    field:
      - {{card: T-R3, cores: 2}}
      - {{card: T-R1, cores: 0, soul_core: true, exhausted: true}}
      - {{card: T-NX, cores: 2}}
  - life: 3
    reserve: 1
    hand: [S-HAND1, S-HAND1, S-HAND1, S-HAND1]
    deck: [S-DECK1, S-DECK1]
    trash: [T-B2]
    burst: S-BURST1
    field:
      - {{card: T-R3, cores: 4}}
      - {{card: T-B2, cores: 2}}
"""

HIDDEN_FROM = {0: ("S-DECK0", "S-HAND1", "S-DECK1", "S-BURST1"), 1: ("S-DECK1", "S-HAND0", "S-DECK0", "S-BURST0")}
SHOWN_TO = {0: ("S-HAND0", "S-BURST0"), 1: ("S-HAND1", "S-BURST1")}
REF_KEYS = ("card", "attacker", "blocker", "soul")


def game():
    return position(POS)


def refs(obj, out=None):
    """Every value under a key that refers to a card instance, anywhere in the view."""
    out = [] if out is None else out
    if isinstance(obj, dict):
        for k, v in obj.items():
            if k in REF_KEYS and isinstance(v, int) and not isinstance(v, bool):
                out.append(v)
            refs(v, out)
    elif isinstance(obj, list):
        for v in obj:
            refs(v, out)
    return out


def hidden_iids(g, viewer):
    """Instance ids the viewer may not see: both decks, the opponent's hand and face-down burst."""
    st = g.state
    opp = st.players[1 - viewer]
    out = set(st.players[0].deck) | set(st.players[1].deck) | set(opp.hand)
    if opp.burst is not None and st.result is None:
        out.add(opp.burst)
    return out


def assert_no_leak(g, viewer):
    v = g.view(viewer)
    text = json.dumps(v)  # the view is plain JSON data
    for cid in HIDDEN_FROM[viewer]:
        assert cid not in text, f"{cid} visible to player {viewer}"
    leaked = set(refs(v)) & hidden_iids(g, viewer)
    assert not leaked, f"hidden cards {leaked} referenced in player {viewer}'s view"
    return v


@pytest.mark.parametrize("viewer", [0, 1])
def test_cr_3_3_3_the_opponents_hand_is_only_a_count(viewer):
    g = game()
    v = assert_no_leak(g, viewer)
    opp = v["players"][1 - viewer]
    assert opp["hand"] is None
    assert opp["hand_count"] == len(g.state.players[1 - viewer].hand) == (4 if viewer == 0 else 3)
    mine = v["players"][viewer]
    assert [c["card"] for c in mine["hand"]] == g.state.players[viewer].hand
    assert [c["cid"] for c in mine["hand"]] == [g.state.cards[i].cid for i in g.state.players[viewer].hand]


@pytest.mark.parametrize("viewer", [0, 1])
def test_cr_3_2_2_both_decks_are_only_counts(viewer):
    g = game()
    v = assert_no_leak(g, viewer)
    for p in (0, 1):
        entry = v["players"][p]
        assert entry["deck_count"] == len(g.state.players[p].deck)
        assert "deck" not in entry
    assert [v["players"][p]["deck_count"] for p in (0, 1)] == [3, 2]


def test_cr_3_8_2_the_opponents_burst_is_face_down_and_your_own_is_shown():
    g = game()
    for viewer in (0, 1):
        v = assert_no_leak(g, viewer)
        own, opp = v["players"][viewer]["burst"], v["players"][1 - viewer]["burst"]
        assert own == {"card": g.state.players[viewer].burst, "cid": f"S-BURST{viewer}"}
        assert opp == {"face_down": True}


def test_a_burst_set_this_turn_is_face_down_to_the_opponent_and_flagged_for_both():
    g = position(POS.replace("    burst: S-BURST0\n", ""))
    mm = next(i for i in g.state.players[0].hand if g.state.cards[i].cid == "T-MM")
    g.apply(SetBurst(0, mm))
    v0, v1 = g.view(0), g.view(1)
    assert v0["players"][0]["burst"] == {"card": mm, "cid": "T-MM"}
    assert v1["players"][0]["burst"] == {"face_down": True}
    assert mm not in refs(v1)
    assert v0["players"][0]["burst_set_this_turn"] and v1["players"][0]["burst_set_this_turn"]
    assert v1["players"][0]["hand_count"] == 2


def test_cr_3_8_5_bursts_are_revealed_when_the_game_ends():
    g = game()
    g.apply(Concede(1))
    assert g.over
    for viewer in (0, 1):
        v = g.view(viewer)
        for p in (0, 1):
            assert v["players"][p]["burst"] == {"card": g.state.players[p].burst, "cid": f"S-BURST{p}"}
        assert v["result"] == {"winner": 0, "reason": g.result.reason}
        assert v["pending"] is None
        # hands and decks stay hidden after the game
        assert v["players"][1 - viewer]["hand"] is None
        text = json.dumps(v)
        assert f"S-HAND{1 - viewer}" not in text and "S-DECK" not in text


def test_field_cards_show_level_and_bp():
    g = game()
    v = g.view(1)
    f0 = {e["cid"]: e for e in v["players"][0]["field"]}
    f1 = {e["cid"]: e for e in v["players"][1]["field"]}
    # Red Knight: LV2 at 2 cores (4000 BP), LV3 at 4 cores (6000 BP) (CR 2-10-3)
    assert (f0["T-R3"]["level"], f0["T-R3"]["bp"], f0["T-R3"]["cores"]) == (2, 4000, 2)
    assert (f1["T-R3"]["level"], f1["T-R3"]["bp"]) == (3, 6000)
    # Red Pup with only the soul core: LV1 (the soul core counts, CR 2-10-3), exhausted
    pup = f0["T-R1"]
    assert (pup["level"], pup["bp"], pup["cores"], pup["exhausted"]) == (1, 1000, 0, True)
    assert v["players"][0]["soul"] == pup["card"]
    # a nexus has a level but no BP
    assert (f0["T-NX"]["level"], f0["T-NX"]["bp"]) == (2, None)
    assert (f1["T-B2"]["level"], f1["T-B2"]["bp"], f1["T-B2"]["exhausted"]) == (1, 2000, False)
    for e in v["players"][0]["field"] + v["players"][1]["field"]:
        assert e["level"] == g.level(e["card"])
        if e["bp"] is not None:
            assert e["bp"] == g.bp(e["card"])


PUBLIC_PLAYER_KEYS = ("life", "reserve", "trash_cores", "soul", "deck_count", "hand_count", "trash", "field",
                      "burst_set_this_turn")
PUBLIC_TOP_KEYS = ("turn", "turn_player", "first_player", "step", "pending", "battle", "result")


def assert_public_info_identical(g):
    v0, v1 = g.view(0), g.view(1)
    assert (v0["viewer"], v1["viewer"]) == (0, 1)
    for key in PUBLIC_TOP_KEYS:
        assert v0[key] == v1[key], key
    for p in (0, 1):
        for key in PUBLIC_PLAYER_KEYS:
            assert v0["players"][p][key] == v1["players"][p][key], (p, key)
        # a burst is there or not for both; only its identity differs
        assert (v0["players"][p]["burst"] is None) == (v1["players"][p]["burst"] is None)
    return v0, v1


def test_public_information_is_identical_in_both_views():
    g = game()
    v0, _ = assert_public_info_identical(g)
    assert [e["cid"] for e in v0["players"][0]["trash"]] == ["T-G4", "T-MF"]
    assert (v0["players"][0]["life"], v0["players"][0]["reserve"], v0["players"][0]["trash_cores"]) == (4, 2, 1)
    assert v0["pending"] == {"kind": "main", "player": 0}
    assert v0["step"] == "main"


def test_views_during_a_battle_agree_and_show_the_battle():
    g = game()
    g.apply(EndMain(0))
    knight = next(i for i in g.state.players[0].field if g.state.cards[i].cid == "T-R3")
    g.apply(Attack(0, knight))
    v0, v1 = assert_public_info_identical(g)
    assert v0["battle"]["attacker"] == knight and v0["pending"]["kind"] == "flash"
    assert v0["pending"]["player"] == 1  # the attacked player acts first (CR 7-1-2-1)
    assert_no_leak(g, 0)
    assert_no_leak(g, 1)
    g.apply(Pass(1))
    g.apply(Pass(0))
    v0, _ = assert_public_info_identical(g)
    assert v0["pending"] == {"kind": "block", "player": 1, "attacker": knight}


@pytest.mark.parametrize("seed", [2, 5])
def test_nothing_hidden_leaks_at_any_point_of_a_random_game(seed):
    g = new_game(seed)
    policy = RandomPolicy(seed)
    while True:
        for viewer in (0, 1):
            v = g.view(viewer)
            assert not set(refs(v)) & hidden_iids(g, viewer)
            assert v["players"][1 - viewer]["hand"] is None
            json.dumps(v)
        assert_public_info_identical(g)
        if g.over:
            break
        g.apply(policy.choose(g))
