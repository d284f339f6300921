"""Shared helpers for engine tests: the test card pool and positions written as YAML."""
from __future__ import annotations

import contextlib
import textwrap
from functools import cache
from pathlib import Path

import yaml

from bss_desktop.carddb.database import CardDB, load_set_file
from bss_desktop.engine.game import Game
from bss_desktop.engine.position import game_from_position
from bss_desktop.engine.settings import Ruleset

DATA = Path(__file__).parent / "data"


@cache
def test_db() -> CardDB:
    """Every card of every tests/data/*.yaml file."""
    return CardDB([c for path in sorted(DATA.glob("*.yaml")) for c in load_set_file(path)])


test_db.__test__ = False  # a helper, not a test, when imported into a test module


def deck(n: int = 50, ids=("T-R1", "T-R3", "T-B2", "T-G4", "T-W0", "T-P3", "T-NX", "T-MM", "T-MF", "T-MB",
                           "T-D2", "T-R5", "T-NX2")) -> list[str]:
    """A legal deck of n cards cycling through `ids` (at most 4 of a name)."""
    out: list[str] = []
    for cid in ids:
        out.extend([cid] * 4)
    return out[:n]


def new_game(seed: int = 1, first_player: int | None = 0, **kw) -> Game:
    return Game.new(test_db(), [deck(), deck()], seed, first_player=first_player, **kw)


def position(text: str, *, settings: Ruleset | None = None, db=None, filler: str = "T-W0") -> Game:
    """A game from a YAML position (see docs/position-format.md) of the test cards (or `db`'s); decks default to
    10 `filler` cards."""
    data = yaml.safe_load(textwrap.dedent(text))
    for p in data.get("players", []):
        p.setdefault("deck", [filler] * 10)
    return game_from_position(data, test_db() if db is None else db, settings=settings)


# player 1 (seat 0) is to play the main step: a LV1 spirit on the field, two spirits in hand, 4 cores in the reserve
MAIN = """
    turn: 3
    turn_player: 0
    players:
      - life: 5
        reserve: 4
        hand: [T-R3, T-R5]
        field: [{card: T-R1, cores: 1}]
      - life: 5
        field: [T-B2]
"""


def attack_step(mine: list, theirs: list, life: int, *, hand: str = "[]", burst: str | None = None) -> Game:
    """Player 1 (seat 0) in its attack step with the field cards `mine`; player 2 at `life` with `theirs`, its
    `hand` (a YAML list) and a set `burst`; no cores in either reserve."""
    return position(f"""
        turn: 4
        turn_player: 0
        first_player: 1
        step: attack
        players:
          - {{life: 5, reserve: 0, hand: [], field: [{", ".join(mine)}]}}
          - {{life: {life}, reserve: 0, hand: {hand}, field: [{", ".join(theirs)}], burst: {burst or "null"}}}
    """)


def two_players(p0: str, p1: str, *, turn: int = 3, turn_player: int = 0, step: str = "main") -> str:
    """The YAML of a position from each player's line (a flow mapping: life, reserve, hand, field, ...)."""
    return f"""
        turn: {turn}
        turn_player: {turn_player}
        step: {step}
        players:
          - {p0}
          - {p1}
    """


def game_at(p0: str, p1: str, *, turn: int = 3, turn_player: int = 0, step: str = "main",
            settings: Ruleset | None = None) -> Game:
    """A game of the test cards at the position two_players() writes."""
    return position(two_players(p0, p1, turn=turn, turn_player=turn_player, step=step), settings=settings)


def first(game, player: int, cid: str, zone: str = "field") -> int:
    """The first card with id `cid` in one of `player`'s zones."""
    s = game.state
    return next(i for i in getattr(s.players[player], zone) if s.cards[i].cid == cid)


def cids(game, iids) -> list[str]:
    return [game.state.cards[i].cid for i in iids]


def answer(game, value):
    """Answer the pending choice inside an effect as the player it belongs to."""
    from bss_desktop.engine.commands import Choose

    assert game.pending is not None and game.pending.kind == "choose", game.pending
    return game.apply(Choose(game.pending.player, value))


def field_iids(game: Game, player: int) -> list[int]:
    return list(game.state.players[player].field)


def hand_iid(game: Game, player: int, cid: str) -> int:
    """The first card with id `cid` in `player`'s hand."""
    return next(i for i in game.state.players[player].hand if game.state.cards[i].cid == cid)


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def window_sizes_at_screen(tmp_path: Path, screen: tuple[int, int], script: str, timeout: int = 180) -> dict:
    """Run `script` in a process whose (offscreen) screen has the given size; it prints, on its last line, a JSON
    object of window geometries, which is returned."""
    import json
    import os
    import subprocess
    import sys

    config = tmp_path / "screen.json"
    config.write_text(json.dumps({"screens": [{"name": "s", "x": 0, "y": 0, "width": screen[0],
                                               "height": screen[1], "logicalDpi": 96, "dpr": 1}]}))
    path = tmp_path / "fit.py"
    path.write_text(script)
    root = Path(__file__).resolve().parent.parent
    env = dict(os.environ, QT_QPA_PLATFORM=f"offscreen:configfile={config}", PYTHONPATH=f"{root}:{root / 'tests'}")
    out = subprocess.run([sys.executable, str(path)], env=env, capture_output=True, text=True, timeout=timeout)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])


def record(**fields) -> dict:
    """A community card record (the shape `import-cards` reads), written for the tests: a red Stoneback spirit
    ZT-001 unless `fields` say otherwise."""
    rec = {"name": "Test Card", "ID": "ZT-001", "set": "ZT", "color": ["Red"], "cost": "0", "reduction": [],
           "symbols": ["red"], "cardType": "SPIRIT", "subType": ["Stoneback"], "rarity": "C",
           "core_requirements": [{"level": 1, "battlePoints": 1000, "cores": 1},
                                 {"level": 2, "battlePoints": 3000, "cores": 3}], "effects": []}
    rec.update(fields)
    return rec


def effect(details: str, condition: str = "N/A", steps=(), **fields) -> dict:
    """A community record: ZT-001 (a red Stoneback spirit, 1000 / 3000 BP unless `fields` say otherwise) with one effect."""
    return record(effects=[{"levels": [1, 2], "condition": condition, "keywords": [], "steps": list(steps),
                            "details": details}], **fields)


def imported_db(*records, families=("Stoneback", "Sky Warden"), automated: bool = True) -> CardDB:
    """The test pool plus these records imported as a player's import would (their text compiled); `automated`:
    every effect must have compiled."""
    from bss_desktop.carddb.importer import convert_record
    from bss_desktop.carddb.schema import card_from_dict

    db = test_db().copy()
    for rec in records:
        data, set_id, _, _ = convert_record(rec, families)
        card = card_from_dict(data, file="(test)", set_id=set_id)
        if automated:
            assert not any(e.manual for e in card.effects), [e.text for e in card.effects]
        db.add(card, source="(test)")
    return db


# a game of the player's own: Battle of Souls with an extra zone and a tracker (docs/profile-format.md)
DUEL_PROFILE = """
id: duel
extends: bos
name: Duel of Souls
zones:
  graveyard: {label: Graveyard, display: pile}
trackers:
  mana: {label: Mana, start: 3, ops: [adjust]}
layout:
  left: {from: centre, rows: [[sp], [mana], [equipment], [tactic]]}
  right: {rows: [[deck, discard], [battlefield, exile], [graveyard]]}
"""


@contextlib.contextmanager
def own_profile(text: str = DUEL_PROFILE, name: str = "duel"):
    """`text` as a profile in the player's profiles folder for the duration; yields the loaded profile."""
    from bss_desktop import paths
    from bss_desktop.table import get_profile
    from bss_desktop.table.profiles import forget

    folder = paths.profiles_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.yaml"
    path.write_text(text)
    forget()
    try:
        yield get_profile(name)
    finally:
        path.unlink()
        forget()


def rule_of_thumb(seat: int):
    """The rule-of-thumb player (ai/rollout.fast_choice) as a player of the real game: it tries magic in worlds
    sampled from its seat's `memory` (kept by the caller), never in a copy of the real game."""
    from bss_desktop.ai import knowledge
    from bss_desktop.ai.rollout import fast_choice
    from bss_desktop.engine.rng import Rng

    class RuleOfThumb:
        def __init__(self):
            self.memory = knowledge.Memory(seat)

        def choose(self, game):
            # knowledge.sample_world looked up at the call: tests/test_ai_never_peeks.py records the worlds it makes
            return fast_choice(game, Rng(5), copy=lambda: knowledge.sample_world(game, seat, self.memory, Rng(6)))
    return RuleOfThumb()
