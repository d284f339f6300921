"""Battle of Souls positions for the rules module's tests: the test cards of tests/data_bos/rule_cards.yaml (original,
invented) and a position built from what each player has, played by the module (rules.with_rules)."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import yaml

from bss_desktop.carddb.database import game_db
from bss_desktop.engine.position import game_from_position
from bss_desktop.table.profiles import get_profile, with_rules

BOS = with_rules(get_profile("bos"))
CARDS = yaml.safe_load((Path(__file__).parent / "data_bos" / "rule_cards.yaml").read_text())
DECK = ["T-W1"] * 20


@lru_cache(maxsize=1)
def db():
    return game_db(BOS)


def player(hand=(), fighter=(), equipment=(), tactic=(), battlefield=(), discard=(), deck=None, sp=8000):
    """A player's side: card ids, or mappings with the position format's marks (exhausted: rest position,
    counters: {kill: n}, down, set_this_turn, on)."""
    return {"hand": list(hand), "deck": list(DECK if deck is None else deck), "fighter": list(fighter),
            "equipment": list(equipment), "tactic": list(tactic), "battlefield": list(battlefield),
            "discard": list(discard), "trackers": {"sp": sp}}


def bos(p0=None, p1=None, *, turn=3, turn_player=0, step="main1", seed=1):
    """A position of player `turn_player`'s turn `turn` at `step` (main1, battle or main2)."""
    data = {"format": "bss-position", "game": "bos", "turn": turn, "turn_player": turn_player, "step": step,
            "seed": seed, "cards": CARDS, "players": [p0 or player(), p1 or player()]}
    return game_from_position(data, db(), profile=BOS)


def ids(game, p: int, zone: str) -> list[int]:
    st = game.state
    if zone in ("hand", "deck"):
        return list(getattr(st.players[p], zone))
    return list(st.table.areas[p][zone])


def card(game, p: int, zone: str, cid: str, n: int = 0) -> int:
    """The iid of the `n`-th card `cid` in player `p`'s `zone`."""
    return [i for i in ids(game, p, zone) if game.state.cards[i].cid == cid][n]


def cids(game, p: int, zone: str) -> list[str]:
    return [game.state.cards[i].cid for i in ids(game, p, zone)]


def passes(game, times: int = 10) -> None:
    """Pass in windows until the game waits for something else."""
    from bss_desktop.engine.commands import Pass

    for _ in range(times):
        pend = game.pending
        if pend is None or pend.kind != "chain":
            return
        game.apply(Pass(pend.player))


@lru_cache(maxsize=1)
def test_db():
    """The shipped cards and the test cards, for battles made with Game.new."""
    from bss_desktop.carddb.game_cards import card_from_record

    out = db().copy()
    for rec in CARDS:
        out.add(card_from_record(rec, BOS))
    return out


def new_battle(decks, seed: int = 1, first: int = 0):
    """A battle from its opening, with decks of test cards (deck rules not checked: a test deck is what it needs)."""
    from bss_desktop.engine.game import Game

    return Game.new(test_db(), [list(d) for d in decks], seed, first_player=first, profile=BOS, validate_decks=False)
