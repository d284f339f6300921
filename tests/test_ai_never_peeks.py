"""The computer opponent never peeks: every level and every part of it decides only from what its seat may see.

A seat sees its own hand, both fields, both trashes, core counts, its own set burst and how many cards are hidden
(engine/view.py: the deck, the hand and the burst area are private, CR 3-1-3, 3-2-2, 3-3-2, 3-8-2), and it has
seen what the opponent played. Positions come from seeded random games of the shipped Saga decks, stopped at a
decision of one seat with several legal commands, of every kind (mulligan, main, attack, block, flash, an effect's
choice). Each gets two twins in which every card the seat cannot see is another: the opponent's hand, deck and
face-down burst hold other cards (as many; in the second twin all one card), the seat's own deck is in another
order, the game's random generator is re-seeded; the seat's earlier decisions get twins the same way. A fresh
player with the same seed, having observed the same public history, must then
- choose the same command in the game and its twins (easy, normal, hard, sensible, the Hint, and the rule-of-thumb
  player that plays inside sampled worlds and makes Normal's and Hard's mulligans),
- remember the same (`Memory`),
- search the same: every world it samples (Normal's look-ahead, Hard's search, Easy's and Sensible's tries) is the
  same world, and Normal's look-ahead scores every option the same,
- and neither change the game nor copy it other than by knowledge.sample_world.
Two players made to peek show that the check catches a peek.
"""
import importlib
import pkgutil
import random
from dataclasses import dataclass
from functools import lru_cache

import pytest

import bss_desktop.ai
from bss_desktop.ai import hint, make_player, normal
from bss_desktop.ai.knowledge import Memory, _in_play, _pool, clone, hidden_cards, sample_world
from bss_desktop.engine.game import Game
from bss_desktop.engine.rng import Rng
from bss_desktop.sim.policy import RandomPolicy
from helpers import rule_of_thumb

KINDS = ("mulligan", "main", "attack", "block", "flash", "choose")  # every kind of decision (engine Pending)
CHEAP = 48  # positions for the levels that search little (eight of each kind)
COSTLY = 24  # for Normal (four of each kind)
HARD = 12  # for Hard and the Hint (two of each kind), with a fixed budget so the search is reproducible
HARD_OPTIONS = {"iterations": 16}
MAX_COMMANDS = 1500  # a random game is given up after this many commands
# every module of the computer opponent, loaded now, so that the recorder below sees every one that samples worlds
AI_MODULES = [importlib.import_module(f"bss_desktop.ai.{m.name}")
              for m in pkgutil.iter_modules(bss_desktop.ai.__path__)]


@lru_cache(maxsize=1)
def saga_decks():
    """The shipped Saga decks the arena plays (cli.py's arena command): (cards, [(name, cards)])."""
    from bss_desktop.carddb.player_db import MY_PREFIX, player_decks
    from bss_desktop.cli import player_db

    db = player_db()
    decks, _ = player_decks(db)
    return db, [(n, d.cards) for n, d in sorted(decks.items()) if n.endswith("-saga") and not n.startswith(MY_PREFIX)]


@dataclass
class Position:
    game: Game
    seat: int
    history: list  # the seat's earlier decisions with several options (copies of the game), what a player observed
    label: str
    twins: tuple | None = None  # (the_twins: made once)


def random_position(k: int, kind: str, tries: int = 20) -> Position:
    """A seeded random game (RandomPolicy for both seats) of two shipped decks, stopped after a random number of
    commands at a decision of `kind` of one seat with more than one legal command."""
    db, decks = saga_decks()
    for t in range(tries):
        seed = k * 1000 + t
        rnd = random.Random(seed)
        (a, deck_a), (b, deck_b) = rnd.choice(decks), rnd.choice(decks)
        seat = rnd.randrange(2)
        after = 0 if kind == "mulligan" else rnd.randrange(80)  # (a random game lasts about 80 commands)
        game = Game.new(db, [deck_a, deck_b], seed, record_hashes=False)
        policy = RandomPolicy(seed)
        history = []
        n = 0
        while not game.over and n < MAX_COMMANDS:
            pend = game.pending
            if pend.player == seat and len(game.legal_commands()) > 1:
                if pend.kind == kind and n >= after:
                    return Position(game, seat, history, f"{a} v {b}, seed {seed}, {kind} of seat {seat} at {n}")
                history.append(game.clone())
            game.apply(policy.choose(game))
            n += 1
    raise AssertionError(f"no {kind} decision with several options in {tries} random games")


@lru_cache(maxsize=None)
def position(k: int) -> Position:
    return random_position(k, KINDS[k % len(KINDS)])


def positions(count: int) -> list:
    """The first `count` positions: the kinds of decision in turn, so as many of each."""
    return [position(k) for k in range(count)]


def twin_of(game, seat: int, seed: str, one_card: bool = False):
    """A copy of `game` that differs only in what `seat` cannot see: the opponent's hand, deck and face-down burst
    hold other cards (as many; with `one_card`, all the same card, a deck as unlike the real one as can be),
    `seat`'s own deck is in another order, the random generator is re-seeded, and the record of how the game began
    names the opponent's twin cards. A card an effect is using now was shown as it activated (CR 12-2-2,
    knowledge._in_play) and stays itself."""
    st = game.state
    rnd = random.Random(seed)
    shown = _in_play(st)
    me, opp = st.players[seat], st.players[1 - seat]
    # what is private, read from the rules rather than from knowledge.hidden_cards, so that a card it forgets is
    # changed here all the same and a search that keeps it as it is gets caught
    own_deck = [i for i in me.deck if i not in shown]
    opp_hidden = [i for i in opp.hand + opp.deck if i not in shown]
    opp_burst = [opp.burst] if opp.burst is not None and st.result is None and opp.burst not in shown else []
    cids = {}
    order = [st.cards[i].cid for i in own_deck]
    rnd.shuffle(order)
    cids.update(zip(own_deck, order))
    pool = _pool(game.db)[0]
    only = rnd.choice(pool)
    for i in opp_hidden + opp_burst:
        cids[i] = only if one_card else rnd.choice([c for c in pool if c != st.cards[i].cid])
    twin = clone(game, cids, seed=rnd.getrandbits(64))
    twin.history = list(game.history)  # the commands played are public
    decks = [list(d) for d in game.start["decks"]]
    decks[1 - seat] = [c.cid for _, c in sorted(twin.state.cards.items()) if c.owner == 1 - seat]
    # (a deck's name would tell its list)
    twin.start = {k: v for k, v in game.start.items() if k != "deck_names"} | {"decks": decks,
                                                                               "seed": rnd.getrandbits(32)}
    return twin


def the_twins(pos: Position) -> tuple:
    """((twin, its history), ...): a twin with other cards at random and a twin with one card, made once, having
    checked that the seat sees the same in each and that the twin really holds other hidden cards."""
    if pos.twins is None:
        game, seat = pos.game, pos.seat
        opp = game.state.players[1 - seat]
        twins = []
        for one_card in (False, True):
            twin = twin_of(game, seat, f"{pos.label} {one_card}", one_card)
            history = [twin_of(h, seat, f"{pos.label} {one_card} {j}", one_card) for j, h in enumerate(pos.history)]
            for g, t in [(game, twin), *zip(pos.history, history)]:
                assert g.view(seat) == t.view(seat), pos.label
            assert game.legal_commands() == twin.legal_commands(), pos.label
            assert [game.state.cards[i].cid for i in opp.hand + opp.deck] != [
                twin.state.cards[i].cid for i in opp.hand + opp.deck], pos.label
            assert game.state.rng.state != twin.state.rng.state
            twins.append((twin, history))
        pos.twins = tuple(twins)
    return pos.twins


class Recorder:
    """What a player's search looked at: the hash of every world it sampled and Normal's score of every option;
    and whether it copied a real game other than by knowledge.sample_world (a search on such a copy would see the
    hidden cards as they are)."""

    def __init__(self, monkeypatch):
        self.log: list = []
        self.searched: list = []  # what each checked decision looked at
        self.real: set = set()  # ids of the games a player is deciding in now
        self.sampling = False
        for module in AI_MODULES:
            if hasattr(module, "sample_world"):
                monkeypatch.setattr(module, "sample_world", self._sampler(module.sample_world))
        scores = normal.NormalPlayer.score_options

        def score_options(player, *args, **kwargs):
            out = scores(player, *args, **kwargs)
            self.log.append(("scores", [(s, repr(c)) for s, c in out]))
            return out
        monkeypatch.setattr(normal.NormalPlayer, "score_options", score_options)
        copy = Game.clone

        def watched(game, **kw):
            if id(game) in self.real and not self.sampling:
                self.log.append(("copied the real game", None))
            return copy(game, **kw)
        monkeypatch.setattr(Game, "clone", watched)

    def _sampler(self, sample):
        def recorded(game, seat, memory, rng):
            self.sampling = True
            try:
                world = sample(game, seat, memory, rng)
            finally:
                self.sampling = False
            self.log.append(("world", world.state_hash()))
            return world
        return recorded

    def decide(self, player, game):
        """player.choose(game), and what it looked at."""
        self.log, self.real = [], {id(game)}
        try:
            cmd = player.choose(game)
        finally:
            self.real = set()
        self.searched.append(self.log)
        return cmd, self.log

    def sampled(self) -> bool:
        """Whether every decision checked sampled worlds (so a search that stops sampling here is noticed)."""
        return bool(self.searched) and all(any(kind == "world" for kind, _ in log) for log in self.searched)


def differences(make, pos: Position, recorder: Recorder) -> list[str]:
    """How a fresh player from `make(seat)`, having observed the history, decides differently in the game and its
    twins (empty: it decides from what the seat may see)."""
    out = []

    def decide(game, history):
        player = make(pos.seat)
        for earlier in history:
            player.memory.observe(earlier)
        before = game.state_hash()
        cmd, searched = recorder.decide(player, game)
        if game.state_hash() != before:
            out.append(f"{pos.label}: changed the game it was deciding in")
        if any(kind == "copied the real game" for kind, _ in searched):
            out.append(f"{pos.label}: copied the real game other than by knowledge.sample_world")
        player.memory.observe(game)
        return cmd, dict(player.memory.seen), searched

    cmd, memory, searched = decide(pos.game, pos.history)
    for twin, history in the_twins(pos):
        twin_cmd, twin_memory, twin_searched = decide(twin, history)
        if cmd != twin_cmd:
            out.append(f"{pos.label}: chose {cmd!r} in the game but {twin_cmd!r} in its twin")
        if memory != twin_memory:
            out.append(f"{pos.label}: remembered {memory} in the game but {twin_memory} in its twin")
        if searched != twin_searched:
            out.append(f"{pos.label}: searched differently in the game and its twin")
    return out


def level(name: str, **options):
    return lambda seat: make_player(name, seat, 11, **options)


class Stateless:
    """A decision function as a player (the rule-of-thumb player, Hint): no memory of its own beyond a Memory."""

    def __init__(self, seat: int, decide):
        self.memory = Memory(seat)
        self.decide = decide

    def choose(self, game):
        return self.decide(game)


def ids(n):
    return [f"{KINDS[k % len(KINDS)]}-{k}" for k in range(n)]


# ------------------------------------------------------------------------------------- the positions themselves

def test_the_positions_cover_every_kind_of_decision_of_both_seats():
    got = {(p.game.pending.kind, p.seat) for p in positions(CHEAP)}
    assert {k for k, _ in got} == set(KINDS)
    assert {s for _, s in got} == {0, 1}
    assert all(len(p.game.legal_commands()) > 1 for p in positions(CHEAP))
    assert sum(1 for p in positions(CHEAP) if p.history) >= CHEAP * 2 // 3  # most come with earlier decisions


# ------------------------------------------------------------------------------------------------ every level

@pytest.mark.parametrize("k", range(CHEAP), ids=ids(CHEAP))
@pytest.mark.parametrize("name", ["easy", "sensible"])
def test_shuffling_every_card_the_ai_cannot_see_leaves_easy_and_sensible_unchanged(name, k, monkeypatch):
    assert differences(level(name), position(k), Recorder(monkeypatch)) == []


@pytest.mark.parametrize("k", range(CHEAP), ids=ids(CHEAP))
def test_shuffling_every_card_the_ai_cannot_see_leaves_the_rule_of_thumb_player_unchanged(k, monkeypatch):
    """fast_choice plays both seats inside sampled worlds (a magic it tries, it tries in a copy of that world), and
    Normal's and Hard's mulligans in the real game; on the real game it tries magic in worlds sampled from what the
    seat knows."""
    assert differences(rule_of_thumb, position(k), Recorder(monkeypatch)) == []


@pytest.mark.parametrize("k", range(COSTLY), ids=ids(COSTLY))
def test_shuffling_every_card_the_ai_cannot_see_leaves_normal_and_its_look_ahead_unchanged(k, monkeypatch):
    recorder = Recorder(monkeypatch)
    assert differences(level("normal"), position(k), recorder) == []
    assert recorder.sampled() or position(k).game.pending.kind == "mulligan"


@pytest.mark.parametrize("k", range(HARD), ids=ids(HARD))
def test_shuffling_every_card_the_ai_cannot_see_leaves_hard_and_its_search_unchanged(k, monkeypatch):
    recorder = Recorder(monkeypatch)
    assert differences(level("hard", **HARD_OPTIONS), position(k), recorder) == []
    assert recorder.sampled() or position(k).game.pending.kind == "mulligan"


@pytest.mark.parametrize("k", range(HARD), ids=ids(HARD))
def test_shuffling_every_card_the_ai_cannot_see_leaves_the_hint_unchanged(k, monkeypatch):
    recorder = Recorder(monkeypatch)
    assert differences(lambda seat: Stateless(seat, lambda g: hint(g, seat, 3, **HARD_OPTIONS)), position(k),
                       recorder) == []
    assert recorder.sampled() or position(k).game.pending.kind == "mulligan"


# ----------------------------------------------------------------------------------------- the sampled worlds

def test_a_sampled_world_depends_only_on_what_the_seat_may_see():
    for pos in positions(COSTLY):
        game = pos.game
        world = sample_world(game, pos.seat, Memory(pos.seat), Rng(7))
        for twin, _ in the_twins(pos):
            assert sample_world(twin, pos.seat, Memory(pos.seat), Rng(7)).state_hash() == world.state_hash(), pos.label
        # and the world's generator is not the game's: no search can learn the coming shuffles and draws
        assert world.state.rng.state != game.state.rng.state


def test_the_opponents_hidden_cards_are_dealt_from_the_colours_it_has_shown():
    """Not from the opponent's real list: a hidden card is one of the colours the opponent has shown."""
    checked = 0
    for pos in positions(CHEAP):
        game, seat = pos.game, pos.seat
        db, st = game.db, game.state
        opp = st.players[1 - seat]
        colours = {c for i in opp.field + opp.trash for c in db[st.cards[i].cid].colors}
        if not colours:
            continue
        _, hidden, _ = hidden_cards(game, seat)
        hidden = [i for i in hidden if i not in _in_play(st)]
        for k in range(3):
            world = sample_world(game, seat, Memory(seat), Rng(k))
            for i in hidden:
                assert set(db[world.state.cards[i].cid].colors) & colours, pos.label
        checked += 1
    assert checked >= CHEAP // 3


def test_the_opponents_hidden_cards_never_exceed_the_copies_a_deck_may_hold_and_favour_what_it_has_shown():
    """A dealt world is a legal deck (CR 5-1-1-1: at most 4 copies of a card, counting the copies shown), and a card
    the opponent has shown is dealt more often than one of its colours it has not (knowledge.SEEN_WEIGHT)."""
    shown_rate, unseen_rate = [], []
    for pos in positions(CHEAP):
        game, seat = pos.game, pos.seat
        st = game.state
        opp = 1 - seat
        _, hidden, _ = hidden_cards(game, seat)
        hidden = [i for i in hidden if i not in _in_play(st)]
        if len(hidden) < 10:
            continue
        shown = {st.cards[i].cid for i in st.players[opp].field + st.players[opp].trash}
        for k in range(3):
            world = sample_world(game, seat, Memory(seat), Rng(k))
            copies: dict = {}
            for c in world.state.cards.values():
                if c.owner == opp and not game.db[c.cid].token:
                    copies[c.cid] = copies.get(c.cid, 0) + 1
            assert max(copies.values()) <= 4, (pos.label, copies)
            dealt = [world.state.cards[i].cid for i in hidden]
            if shown:
                shown_rate.append(sum(c in shown for c in dealt) / len(dealt) / len(shown))
                _, by_colour, _ = _pool(game.db)
                others = {c for col in {x for i in shown for x in game.db[i].colors} for c in by_colour.get(col, ())}
                others -= shown
                unseen_rate.append(sum(c not in shown for c in dealt) / len(dealt) / max(1, len(others)))
    assert shown_rate and sum(shown_rate) > 2 * sum(unseen_rate)


# ---------------------------------------------------------------------------------- the check catches a peek

class HandPeeker:
    """Picks by the number of spirits in the opponent's hand, which it may not see."""

    def __init__(self, seat: int):
        self.seat = seat
        self.memory = Memory(seat)

    def choose(self, game):
        st = game.state
        spirits = sum(1 for i in st.players[1 - self.seat].hand if game.db[st.cards[i].cid].type == "spirit")
        options = game.legal_commands()
        return options[spirits % len(options)]


def test_the_check_catches_a_player_that_reads_the_opponents_hand(monkeypatch):
    recorder = Recorder(monkeypatch)
    caught = [k for k in range(CHEAP) if differences(HandPeeker, position(k), recorder)]
    assert len(caught) >= CHEAP // 4, caught


def test_the_check_catches_a_search_that_samples_the_real_game(monkeypatch):
    """A Normal whose 'sampled' worlds are copies of the real game (the real hand, the real coming draws)."""
    monkeypatch.setattr(normal, "sample_world", lambda game, seat, memory, rng: clone(game, seed=rng.next64()))
    searched = [position(k) for k in range(HARD) if position(k).game.pending.kind != "mulligan"]
    caught = [pos.label for pos in searched if differences(level("normal"), pos, Recorder(monkeypatch))]
    assert caught == [pos.label for pos in searched]
