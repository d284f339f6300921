"""Game.clone: the independent copy a computer opponent's search plays its lines on.

A search clones a position, tries commands on the copy and throws it away; it must never disturb the real game,
and a copy must go on exactly as the real game would: from any point, including the middle of an effect's
resolution (a pending choice, effects waiting in the queue).
"""
from __future__ import annotations

import dataclasses
from functools import lru_cache

import pytest

from bss_desktop.carddb.database import load_default_db
from bss_desktop.carddb.decks import shipped_decks
from bss_desktop.engine.commands import CoreMove, ManualToken, MoveCores
from bss_desktop.engine.game import Game
from bss_desktop.engine.rng import Rng, seed_from
from bss_desktop.engine.state import Activation, Battle, Card, Choice, Continuous, GameState, Grant, Player, Result
from bss_desktop.sim.policy import RandomPolicy
from helpers import new_game, position

SAGA = ("red-saga", "blue-saga", "green-saga", "purple-saga", "white-saga", "yellow-saga")


@lru_cache(maxsize=None)
def _db():
    return load_default_db()


@lru_cache(maxsize=None)
def _decks():
    return shipped_decks(_db())


def _saga_game(n: int) -> tuple[Game, list]:
    """Saga deck pairing n, seeded by n, and the two seats' random players."""
    decks = _decks()
    a, b = SAGA[n % len(SAGA)], SAGA[(n // len(SAGA) + n + 1) % len(SAGA)]
    game = Game.new(_db(), [decks[a].cards, decks[b].cards], seed_from("clone", n))
    return game, [RandomPolicy(seed_from("clone", n, 0)), RandomPolicy(seed_from("clone", n, 1))]


def _mid_game(n: int = 0, turn: int = 5) -> tuple[Game, list]:
    game, policies = _saga_game(n)
    while not game.over and game.state.turn < turn:
        game.apply(policies[game.pending.player].choose(game))
    assert not game.over
    return game, policies


def _choice_states(count: int, *, queue: bool = False) -> list[tuple[Game, list]]:
    """Games stopped inside an effect's choice (game.pending.kind == "choose"), from seeded random games with the
    saga decks; with `queue`, only those where other effects wait in the queue too."""
    out = []
    n = 0
    while len(out) < count:
        game, policies = _saga_game(1000 + n)
        n += 1
        while not game.over:
            if game.pending.kind == "choose" and (not queue or len(game.state.queue) > 1):
                out.append((game, policies))
                break
            game.apply(policies[game.pending.player].choose(game))
        assert n < 400, "the saga decks no longer reach effect choices"
    return out


def _play_both(original: Game, twin: Game, policy_seed) -> int:
    """Play the same commands (a random player's, chosen on the original) on both games to the end; the hashes
    and the events must agree after every command. Returns the number of commands played."""
    policies = [RandomPolicy(seed_from(policy_seed, 0)), RandomPolicy(seed_from(policy_seed, 1))]
    n = 0
    while not original.over:
        assert twin.legal_commands() == original.legal_commands()
        cmd = policies[original.pending.player].choose(original)
        assert twin.apply(cmd) == original.apply(cmd), f"command {n}: {cmd}"
        assert twin.state_hash() == original.state_hash(), f"after command {n}: {cmd}"
        n += 1
    assert twin.over and twin.result == original.result
    return n


# ---------------------------------------------------------------- the contract


def test_a_clone_has_the_same_state_and_shares_only_the_card_database():
    game, _ = _mid_game()
    twin = game.clone()
    assert twin.state_hash() == game.state_hash()
    assert twin.db is game.db and twin._fx_cache is game._fx_cache
    assert twin.history == [] and twin.hashes == [] and twin.log_events == [] and not twin.record_hashes
    assert game.history and game.hashes  # the original keeps its own
    assert twin.state is not game.state
    assert twin.pending == game.pending
    assert (twin.has_effects, twin.has_constants) == (game.has_effects, game.has_constants)


def test_playing_on_the_clone_leaves_the_original_unchanged_and_the_other_way_round():
    game, policies = _mid_game()
    before = game.state_hash()
    twin = game.clone()
    for _ in range(10):
        twin.apply(policies[twin.pending.player].choose(twin))
    assert game.state_hash() == before
    assert twin.state_hash() != before
    copied = twin.state_hash()
    for _ in range(10):
        game.apply(policies[game.pending.player].choose(game))
    assert twin.state_hash() == copied


def test_moving_cores_on_the_clone_leaves_the_original_unchanged():
    game = position("""
        turn: 3
        turn_player: 0
        players:
          - life: 5
            reserve: 3
            field: [{card: T-R1, cores: 2}]
          - life: 5
            reserve: 4
            field: [{card: T-R3, cores: 1}]
    """)
    before = game.state_hash()
    spirit = game.state.players[0].field[0]
    twin = game.clone()
    twin.apply(MoveCores(0, (CoreMove("reserve", spirit, 2, False),)))
    assert twin.state.cards[spirit].cores == 4 and twin.state.players[0].reserve == 1
    assert game.state.cards[spirit].cores == 2 and game.state.players[0].reserve == 3
    assert game.state_hash() == before
    copied = twin.state_hash()
    game.apply(MoveCores(0, (CoreMove(spirit, "reserve", 1, False),)))
    assert twin.state_hash() == copied


def _mutables(obj, path="state"):
    """Every mutable object reachable from a game state, with where it is."""
    if isinstance(obj, (list, dict, set)) or (dataclasses.is_dataclass(obj) and not _frozen(obj)) \
            or isinstance(obj, Rng):
        yield path, obj
    if isinstance(obj, (list, tuple)):
        for i, x in enumerate(obj):
            yield from _mutables(x, f"{path}[{i}]")
    elif isinstance(obj, dict):
        for k, x in obj.items():
            yield from _mutables(x, f"{path}[{k!r}]")
    elif dataclasses.is_dataclass(obj) and not _frozen(obj):
        for f in dataclasses.fields(obj):
            yield from _mutables(getattr(obj, f.name), f"{path}.{f.name}")


def _frozen(obj) -> bool:
    return type(obj).__dataclass_params__.frozen


@lru_cache(maxsize=None)
def _busy_states() -> tuple:
    """States with a battle, continuous effects, grants, effects waiting and a choice pending, between them."""
    states = [g for g, _ in _choice_states(6, queue=True)]
    found = {"continuous": False, "grants": False, "battle": False, "raid_uses": False}
    n = 0
    while not all(found.values()) and n < 200:
        game, policies = _saga_game(2000 + n)
        n += 1
        while not game.over:
            st = game.state
            for k, seen in found.items():
                if not seen and getattr(st, k):
                    found[k] = True
                    states.append(game.clone())
            game.apply(policies[game.pending.player].choose(game))
    assert all(found.values()), found  # the saga decks reach every one of them
    return tuple(states)


def test_no_mutable_part_of_the_state_is_shared_with_the_clone():
    """Cards, players, the battle, continuous effects, grants, waiting activations (their selections and picks),
    the choice, every list, dict and the random generator: each is the clone's own."""
    for game in _busy_states():
        twin = game.clone()
        mine = {id(o): p for p, o in _mutables(game.state)}
        shared = [(p, mine[id(o)]) for p, o in _mutables(twin.state) if id(o) in mine]
        assert not shared
        for name in type(game).CLONE_COPIED:
            value = getattr(game, name)
            if isinstance(value, (list, dict)) and (value or name in ("history", "hashes", "log_events")):
                assert getattr(twin, name) is not value, name


@pytest.mark.parametrize("cls", [Card, Player, Battle, Continuous, Grant, Activation, Choice, Result, GameState])
def test_copying_a_state_object_keeps_every_field(cls):
    """A field added to a state class and forgotten in its copy fails here (the copy would lack it)."""
    game = _busy_states()[0]
    st = game.state
    examples = {
        Card: next(iter(st.cards.values())), Player: st.players[0], Result: Result(1, "because"), GameState: st,
        Battle: Battle(3, 0, 1, 2, 1, 7, True, [5, 6], True, True),
        Continuous: Continuous(4, 2, "set", 3000, frozenset({1, 2}), "battle", 9, 2),
        Grant: Grant(5, frozenset({3}), "keyword", "kw", "permanent", 8, "by"),
        Activation: Activation(1, 2, 3, ("effect", 0), 1, 4, 2, "do", 3, 2, 1, True, True, True, True, [1, 2], [3],
                               [[4, 5, 0], 6], True),
        Choice: Choice("cores", 1, [0, 7], 1, 2, "which", 7, [3, 1], 4000),
    }
    obj = examples[cls]
    twin = obj.copy() if cls is GameState else obj.__copy__()
    assert type(twin) is cls
    for f in dataclasses.fields(cls):
        value, copied = getattr(obj, f.name), getattr(twin, f.name)
        if isinstance(value, Rng):
            assert copied is not value and copied.state == value.state
            continue
        assert copied == value, f.name
        if isinstance(value, (list, dict)) and value:
            assert copied is not value, f.name
    if cls is Activation:
        assert twin.picks[0] is not obj.picks[0]


# ---------------------------------------------------------------- the clone plays on like the original


def test_from_a_mid_game_state_the_clone_plays_on_exactly_like_the_original():
    for n in range(3):
        game, _ = _mid_game(n)
        assert _play_both(game, game.clone(), ("mid", n)) > 0


def test_from_inside_an_effects_choice_the_clone_plays_on_exactly_like_the_original():
    states = _choice_states(8) + _choice_states(4, queue=True)
    kinds = set()
    for n, (game, _) in enumerate(states):
        assert game.pending.kind == "choose"
        kinds.add(game.pending.info["kind"])
        twin = game.clone()
        assert twin.pending == game.pending
        _play_both(game, twin, ("choice", n))
    assert len(kinds) > 1  # more than one kind of choice was tried


def test_clones_taken_all_through_games_play_on_like_the_original():
    """Clone at every 7th decision of a few games (mulligans, main steps, battles, effects resolving) and play each
    copy on beside the original for 15 commands."""
    for n in range(4):
        game, policies = _saga_game(3000 + n)
        step = 0
        while not game.over:
            if step % 7 == 0:
                twin, ref = game.clone(), game.clone()
                pols = [RandomPolicy(seed_from("along", n, step, 0)), RandomPolicy(seed_from("along", n, step, 1))]
                for _ in range(15):
                    if ref.over:
                        break
                    cmd = pols[ref.pending.player].choose(ref)
                    assert twin.apply(cmd) == ref.apply(cmd)
                    assert twin.state_hash() == ref.state_hash()
            game.apply(policies[game.pending.player].choose(game))
            step += 1


def test_a_clone_taken_inside_a_read_only_pass_is_not_inside_it():
    game, _ = _mid_game()
    with game.reading():
        twin = game.clone()
    assert twin._constants_memo is None
    assert _play_both(game, twin, "reading") > 0


# ---------------------------------------------------------------- re-dealt identities (cids)


def test_cids_replace_card_identities_in_the_clone_only():
    game, _ = _mid_game()
    deck = game.state.players[1].deck
    a, b = deck[-1], deck[-2]
    cid_a, cid_b = game.state.cards[a].cid, game.state.cards[b].cid
    other = next(c for c in _decks()["yellow-saga"].cards if c not in (cid_a, cid_b))
    twin = game.clone(cids={a: other, b: cid_a})
    assert (twin.state.cards[a].cid, twin.state.cards[b].cid) == (other, cid_a)
    assert (game.state.cards[a].cid, game.state.cards[b].cid) == (cid_a, cid_b)
    assert twin.state_hash() != game.state_hash()


def test_a_vanilla_game_cloned_with_an_effect_card_has_effects():
    decks = _decks()
    game = Game.new(_db(), [decks["red-vanilla"].cards, decks["blue-vanilla"].cards], 3)
    assert not game.has_effects
    effect_card = next(c for c in decks["red-saga"].cards if _db()[c].effects or _db()[c].keywords)
    iid = game.state.players[1].deck[-1]
    twin = game.clone(cids={iid: effect_card})
    assert twin.has_effects and not game.has_effects
    assert twin.state.cards[iid].cid == effect_card
    assert twin.db is game.db
    plain = game.clone(cids={iid: decks["green-vanilla"].cards[0]})  # no effect card: the flags stay off
    assert not plain.has_effects


def _play_alike(a: Game, b: Game, policy_seed) -> int:
    """Play the same random commands on both to the end: the same offers, events and result after every one (the
    hashes may differ: a game indexed for more cards keeps counters nobody reads)."""
    policies = [RandomPolicy(seed_from(policy_seed, 0)), RandomPolicy(seed_from(policy_seed, 1))]
    n = 0
    while not a.over and n < 2000:
        assert b.legal_commands() == a.legal_commands(), f"command {n}"
        cmd = policies[a.pending.player].choose(a)
        assert b.apply(cmd) == a.apply(cmd), f"command {n}: {cmd}"
        n += 1
    assert b.over == a.over and b.result == a.result
    return n


@pytest.mark.parametrize("vanilla", [False, True])
def test_a_copy_indexed_for_every_card_it_may_be_dealt_plays_as_one_indexed_for_its_own(vanilla):
    """Game.clone(may_hold=): the engine's flags for a superset of the cards only make it look for more (a sampled
    world of ai/knowledge.py is indexed once for its whole pool); a vanilla game indexed for effect cards too."""
    decks = _decks()
    every = frozenset(c for name in SAGA for c in decks[name].cards)
    played = 0
    for n in range(4):
        if vanilla:
            game = Game.new(_db(), [decks["red-vanilla"].cards, decks["blue-vanilla"].cards], seed_from("hold", n))
            pool = list(decks["green-vanilla"].cards)
        else:
            game, _ = _mid_game(n, turn=3 + n)
            pool = sorted(every)
        rng = Rng(n)
        cids = {i: pool[rng.below(len(pool))] for i in game.state.players[1].deck}
        mine = game.clone(cids=cids)
        broad = game.clone(cids=cids, may_hold=every | {c.cid for c in mine.state.cards.values()})
        assert broad.has_effects and (mine.has_effects != vanilla)
        played += _play_alike(mine, broad, ("hold", n))
    assert played > 100


def test_a_token_made_by_hand_in_a_clone_never_reaches_the_original():
    game = position("""
        turn: 3
        turn_player: 0
        players:
          - {life: 5, reserve: 3}
          - {life: 5, reserve: 4}
    """)
    game.apply(ManualToken(0, 0, "Pup", "red", 1000))  # the original now works on its own database
    twin = game.clone()
    twin.apply(ManualToken(0, 0, "Wolf", "red", 3000))
    assert "TOKEN-2" in twin.db and "TOKEN-2" not in game.db
    game.apply(ManualToken(0, 0, "Cat", "red", 2000))
    assert game.db["TOKEN-2"].name == "Cat" and twin.db["TOKEN-2"].name == "Wolf"
    assert [c.name for c in twin.inline_cards] == ["Pup", "Wolf"]
    assert [c.name for c in game.inline_cards] == ["Pup", "Cat"]


# ---------------------------------------------------------------- nothing forgotten


def test_every_attribute_of_a_game_is_either_shared_or_copied_by_clone():
    """An attribute added to Game or a rules module's class (or set later by resolution) must be sorted into the
    class's CLONE_SHARED or CLONE_COPIED, after deciding whether a clone may share it."""
    games = [new_game(1), _mid_game()[0], *[g for g, _ in _choice_states(3)]]
    for game in games:
        known = type(game).CLONE_SHARED | type(game).CLONE_COPIED
        assert set(vars(game)) <= known, set(vars(game)) - known
        twin = game.clone()
        assert set(vars(twin)) == set(vars(game))
        for name in type(game).CLONE_SHARED:
            assert getattr(twin, name) is getattr(game, name), name


def test_the_random_generator_is_copied_and_goes_on_the_same():
    game, _ = _mid_game()
    twin = game.clone()
    assert twin.state.rng is not game.state.rng
    assert [twin.state.rng.next64() for _ in range(5)] == [game.state.rng.next64() for _ in range(5)]
    twin.state.rng.next64()
    assert twin.state.rng.state != game.state.rng.state
