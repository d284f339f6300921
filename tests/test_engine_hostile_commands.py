"""Hostile commands: any well-formed command object, with any field values, either applies or is refused.

The project rule (tests/test_engine_unchanged_on_error.py): an illegal command names the rule and leaves the
state unchanged. This file throws commands of every type with arbitrary field values (wrong types, out-of-range
ids, None, bools for ints, huge ints, nested tuples) at positions at every kind of pending decision, mulligan,
main, attack, flash, block and each kind of choice inside an effect (target, may, order, x, substitute, cores,
effect), and
checks that `Game.apply` only ever succeeds or raises IllegalCommand; that a refusal changes neither the state
hash nor the history; and that the game can be played on afterwards.

Then concrete regressions, named after their rule, for what a fuzz found (a phase command during a choice
raised KeyError: 'choose'; Awaken(sources=None) raised TypeError; Mulligan(redraw=1) corrupted the state), and
the agreement of `command_from_dict` (network, records) with direct construction.
"""
from __future__ import annotations

import dataclasses
import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bss_desktop.engine import IllegalCommand, invariants
from bss_desktop.engine.commands import (ALL_COMMANDS, Activate, Attack, Awaken, Block, Choose, Command,
                                         CommandFormatError, Concede, CoreMove, EndAttack, EndMain, ManualCores,
                                         ManualDeck, ManualExhaust, ManualLook, ManualMove, ManualNote, ManualRandom,
                                         ManualReveal, ManualShuffle, ManualToken, MoveCores, Mulligan, Pass,
                                         PlaceNexus, SetBurst, Summon, UseMagic, command_from_dict)
from bss_desktop.engine.settings import Ruleset
from helpers import new_game, position

# ---------------------------------------------------------------- positions at every kind of decision


def board(p0_field=(), p0_hand=(), p1_field=(), p1_hand=(), *, step="main", turn=3, reserve0=6, reserve1=3,
          burst1=None, soul1=None, settings=None):
    def rows(cards):
        return "[" + ", ".join(cards) + "]"

    extra1 = f", burst: {burst1}" if burst1 else ""
    extra1 += f", soul_core: {soul1}" if soul1 else ""
    return position(f"""
        turn: {turn}
        turn_player: 0
        step: {step}
        players:
          - {{life: 5, reserve: {reserve0}, hand: {rows(p0_hand)}, field: {rows(p0_field)}, deck: {['T-W0'] * 8},
              trash: [T-MM]}}
          - {{life: 5, reserve: {reserve1}, hand: {rows(p1_hand)}, field: {rows(p1_field)}, deck: {['T-W0'] * 8}
              {extra1}}}
    """, settings=settings)


MAIN_HAND = ["T-R3", "T-MF", "T-MM", "T-NX2", "E-XDRAW", "E-SNIPE", "KW-SWF", "KW-ASC"]
MAIN_FIELD = ["{card: T-R1, cores: 2}", "T-NX", "E-LURK", "{card: KW-AWK, cores: 1}", "{card: KW-BST, cores: 2}"]


def main_position(settings=None):
    return board(MAIN_FIELD, MAIN_HAND, ["{card: T-R3, cores: 1}", "T-Y2"], ["T-R1", "T-MB"], settings=settings)


def attack_position():
    # the defender (player 2) has Awaken, a Swift spirit in hand and flash magic
    return board(["T-R3", "{card: T-B2, exhausted: true}", "T-NX"], ["T-MM"],
                 ["T-R1", "{card: KW-AWK, cores: 1}", "{card: T-R3, cores: 3}", "T-NX2"], ["KW-SWF", "T-MB", "T-MF"],
                 step="attack", turn=4)


def _first(game, p, cid, zone="field"):
    s = game.state
    return next(i for i in getattr(s.players[p], zone) if s.cards[i].cid == cid)


def flash():
    game = attack_position()
    game.apply(Attack(0, _first(game, 0, "T-R3")))
    return game


def block():
    game = flash()
    game.apply(Pass(1))
    game.apply(Pass(0))
    return game


def second_window():
    game = block()
    game.apply(Block(1, _first(game, 1, "T-R1")))
    return game


def mulligan_second():
    game = new_game(2, first_player=0)
    game.apply(Mulligan(0, True))
    return game


def choice_target(settings=None):
    game = board(["T-R1"], ["E-SNIPE", "T-MM"], ["T-R1", "T-Y2"], settings=settings)
    game.apply(Summon(0, _first(game, 0, "E-SNIPE", "hand")))
    return game


def choice_may():
    game = board(["T-R1"], ["E-SCOUT", "T-MM"], ["T-R3"])
    game.apply(Summon(0, _first(game, 0, "E-SCOUT", "hand")))
    return game


def choice_order():
    game = board(["E-MOURN"], ["E-QUAKE"], ["E-LAST"], reserve0=1)
    game.apply(UseMagic(0, _first(game, 0, "E-QUAKE", "hand")))
    return game


def choice_x():
    game = board(["T-R1"], ["E-XDRAW", "T-MM"], ["T-R3"], reserve0=3)
    game.apply(UseMagic(0, _first(game, 0, "E-XDRAW", "hand")))
    game.apply(Choose(0, True))  # pay its cost (CR 8-4-1); X comes with the cost (CR 4-6-3)
    return game


def choice_cores():
    """Core or soul core (CR 8-5-6): X = 2 cores from a reserve that holds the soul core too."""
    game = choice_x()
    game.apply(Choose(0, 2))
    return game


def choice_effect():
    """A magic card with two usable main effects: its player selects one (CR 10-8-3)."""
    game = board(["T-R1"], ["V-VERDICT"], ["T-R3"])
    game.apply(UseMagic(0, _first(game, 0, "V-VERDICT", "hand")))
    return game


def choice_substitute():
    game = board(["T-R1"], ["E-SNIPE"], ["T-R1", "E-AEGIS"])
    game.apply(Summon(0, _first(game, 0, "E-SNIPE", "hand")))
    return game


def choice_burst():
    """Player 2's burst may be activated after the block step: a choice of the player whose turn it is not."""
    game = board(["T-R1"], [], ["T-R3"], step="attack", turn=4, burst1="E-BLAST")
    game.apply(Attack(0, _first(game, 0, "T-R1")))
    game.apply(Pass(1))
    game.apply(Pass(0))
    game.apply(Block(1, None))
    return game


def conceded():
    game = main_position()
    game.apply(Concede(1))
    return game


SANDBOX = Ruleset(sandbox=True)

# name -> (builder, expected pending kind, or the choice kind for "choose")
SETUPS = {
    "mulligan": (lambda: new_game(1, first_player=0), "mulligan"),
    "mulligan_second": (mulligan_second, "mulligan"),
    "main": (main_position, "main"),
    "main_flash_in_main": (lambda: main_position(Ruleset(flash_in_main=True)), "main"),
    "attack": (attack_position, "attack"),
    "flash": (flash, "flash"),
    "block": (block, "block"),
    "second_window": (second_window, "flash"),
    "target": (choice_target, "target"),
    "may": (choice_may, "may"),
    "order": (choice_order, "order"),
    "x": (choice_x, "x"),
    "cores": (choice_cores, "cores"),
    "effect": (choice_effect, "effect"),
    "substitute": (choice_substitute, "substitute"),
    "burst_may": (choice_burst, "may"),
    "sandbox_main": (lambda: main_position(SANDBOX), "main"),
    "sandbox_target": (lambda: choice_target(SANDBOX), "target"),
    "conceded": (conceded, None),
}


def build(name: str):
    make, kind = SETUPS[name]
    game = make()
    pend = game.pending
    if kind is None:
        assert game.over
    elif pend.kind == "choose":
        assert pend.info["kind"] == kind, (name, pend)
    else:
        assert pend.kind == kind, (name, pend)
    return game


@pytest.mark.parametrize("name", list(SETUPS))
def test_every_setup_reaches_its_decision(name):
    build(name)


# ---------------------------------------------------------------- arbitrary field values

HUGE = [2**63, -(2**63) - 1, 10**30, -(10**30)]
WORDS = ["reserve", "life", "trash", "void", "hand", "deck", "field", "burst", "removed", "resolving", "token",
         "red", "white", "", " ", "x" * 61, "0", "1", "None", "true"]

scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 60), st.sampled_from(HUGE),
    st.sampled_from([0.0, 1.0, 2.5, -1.0, math.inf, math.nan]), st.sampled_from(WORDS), st.text(max_size=5),
    st.just(b"1"), st.just(()), st.just([]), st.just({}), st.just(frozenset({1})), st.just(object()),
)
# nested tuples and lists of anything (mostly small), a CoreMove or a command where a value belongs
junk = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=4).map(tuple), st.lists(inner, max_size=3),
                            st.builds(CoreMove, inner, inner, inner, inner), st.builds(Pass, inner)),
    max_leaves=8,
)


def plausible(field: str, game):
    """Values of roughly the right type for `field` (so that commands get past type checks into the rules)."""
    s = game.state
    iids = sorted(s.cards)
    card = st.sampled_from(iids)
    field_cards = [i for p in s.players for i in p.field] or iids
    loc = st.one_of(st.just("reserve"), st.sampled_from(field_cards))
    count = st.integers(-1, 4)
    sel = st.lists(st.tuples(loc, count), max_size=3).map(tuple)
    choice = s.choice
    if field in ("card", "spirit", "ascend"):
        return st.one_of(card, st.sampled_from(field_cards))
    if field in ("pay", "place"):
        return st.one_of(st.none(), sel)
    if field == "sources":
        return sel
    if field in ("pay_soul", "place_soul", "redraw", "soul", "bottom", "exhausted", "shuffle"):
        return st.booleans()
    if field == "effect":
        return st.integers(-1, 2)
    if field == "moves":
        return st.lists(st.builds(CoreMove, loc, loc, count, st.booleans()), max_size=3).map(tuple)
    if field == "value":
        opts = list(choice.options) if choice is not None else [0]
        return st.one_of(st.none(), st.booleans(), st.sampled_from(opts),
                         st.lists(st.sampled_from(opts), max_size=3).map(tuple))
    if field in ("owner", "side"):
        return st.sampled_from([0, 1])
    if field in ("src", "dst"):
        return st.one_of(loc, st.sampled_from(["life", "trash", "void"]))
    if field == "to":
        return st.sampled_from(["hand", "deck", "trash", "field", "burst"])
    if field in ("count", "cores", "top"):
        return st.integers(-1, 6)
    if field == "sides":
        return st.sampled_from([2, 6, 100, 1, 101])
    if field == "bp":
        return st.sampled_from([1000, 0, 100000, 100001])
    if field in ("text", "name"):
        return st.text(max_size=8)
    if field == "color":
        return st.sampled_from(["red", "purple", "white", "yellow", "green", "blue", "pink"])
    if field in ("cards", "exile"):  # (exile: 《Succession》's cards of the trash, STD 12-2-1-3)
        return st.lists(card, max_size=3).map(tuple)
    if field == "mix":  # a random result's shares over the LAN (design ruling 13)
        return st.lists(st.sampled_from(["ab" * 32, "0" * 64, "x"]), max_size=3).map(tuple)
    raise AssertionError(f"no strategy for field {field!r}")


def hostile_command(data, game) -> Command:
    cls = data.draw(st.sampled_from(ALL_COMMANDS), label="class")
    pend = game.pending
    players = [0, 1] + ([pend.player] * 4 if pend is not None else [])
    player = data.draw(st.sampled_from(players) if data.draw(st.integers(0, 5), label="junk player?") else junk,
                       label="player")
    kw = {"player": player}
    for f in dataclasses.fields(cls):
        if f.name == "player":
            continue
        has_default = f.default is not dataclasses.MISSING
        how = data.draw(st.sampled_from(["plausible"] * 4 + ["junk"] + (["default"] if has_default else [])),
                        label=f"{f.name} from")
        if how == "default":
            continue
        kw[f.name] = data.draw(plausible(f.name, game) if how == "plausible" else junk, label=f.name)
    return cls(**kw)


def apply_soundly(game, cmd) -> bool:
    """Apply `cmd`: it applies (and the invariants hold) or it is refused changing nothing. True if applied."""
    before = game.state_hash()
    n_history, n_hashes = len(game.history), len(game.hashes)
    try:
        game.apply(cmd)
    except IllegalCommand as e:
        assert e.rule.startswith("CR ") or e.rule.startswith("ruling"), e.rule
        assert e.message
        assert game.state_hash() == before, f"{cmd!r} was refused ({e}) but changed the state"
        assert (len(game.history), len(game.hashes)) == (n_history, n_hashes)
        return False
    assert len(game.history) == n_history + 1
    if not game.settings.sandbox:  # the sandbox enforces nothing, by design
        problems = invariants.check(game)
        assert not problems, f"after {cmd!r}: {problems}"
    # what was recorded survives the record's JSON form and is applied the same way on replay
    recorded = game.history[-1]
    assert command_from_dict(recorded.to_dict()) == recorded
    return True


def still_playable(game) -> None:
    legal = game.legal_commands()
    if game.over:
        assert legal == []
        return
    assert legal, game.pending
    assert all(isinstance(c, Command) for c in legal)
    assert apply_soundly(game, legal[0]), legal[0]


FUZZ = settings(max_examples=350, deadline=2000, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@FUZZ
@given(name=st.sampled_from(list(SETUPS)), data=st.data())
def test_hostile_commands_at_every_decision_apply_or_are_refused_changing_nothing(name, data):
    game = build(name)
    for _ in range(data.draw(st.integers(1, 5), label="commands")):
        legal = game.legal_commands()
        if legal and data.draw(st.integers(0, 4), label="legal?") == 0:
            cmd = data.draw(st.sampled_from(legal), label="legal command")
            assert apply_soundly(game, cmd), cmd  # a listed command is legal
        else:
            apply_soundly(game, hostile_command(data, game))
    still_playable(game)


@FUZZ
@given(name=st.sampled_from(list(SETUPS)), data=st.data())
def test_not_commands_at_all_are_refused(name, data):
    """Objects that are not engine commands (a subclass, a CoreMove, None, a dict) are refused too."""

    class Sneaky(EndMain):
        __slots__ = ()

    game = build(name)
    thing = data.draw(st.one_of(junk.filter(lambda x: not isinstance(x, Command)), st.builds(Sneaky, st.sampled_from([0, 1])),
                                st.builds(dict, type=st.sampled_from(["end_main", "pass"]), player=st.just(0))))
    assert not apply_soundly(game, thing)
    still_playable(game)


# ---------------------------------------------------------------- command_from_dict agrees with construction

def _kind(cls) -> str:
    return cls(**{f.name: 0 for f in dataclasses.fields(cls)}).kind


def _as_python(field: str, v):
    """What a Python caller would pass for a JSON value: lists become tuples, [src, dst, count, soul] a CoreMove."""
    if field == "moves" and isinstance(v, list):
        return tuple(CoreMove(*m) if isinstance(m, list) and len(m) == 4 else _tuples(m) for m in v)
    return _tuples(v)


def _tuples(v):
    return tuple(_tuples(x) for x in v) if isinstance(v, list) else v


json_scalars = st.one_of(st.none(), st.booleans(), st.integers(-3, 60), st.sampled_from(HUGE),
                         st.sampled_from([1.0, 2.5]), st.sampled_from(WORDS))
json_junk = st.recursive(json_scalars, lambda inner: st.lists(inner, max_size=4), max_leaves=10)


def _jsonish(field: str, game):
    """The plausible value as JSON (tuples and CoreMoves as lists)."""
    def to_json(v):
        if isinstance(v, CoreMove):
            return [v.src, v.dst, v.count, v.soul]
        if isinstance(v, (tuple, list)):
            return [to_json(x) for x in v]
        return v
    return plausible(field, game).map(to_json)


@settings(max_examples=400, deadline=2000, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(["mulligan", "main", "flash", "target", "x", "sandbox_main"]), data=st.data())
def test_a_dict_that_parses_gives_the_command_apply_validates_the_same_way(name, data):
    """command_from_dict(d) succeeds exactly when the command built from the same values passes apply's type
    checks, gives that very command, and apply treats both the same."""
    game = build(name)
    cls = data.draw(st.sampled_from(ALL_COMMANDS), label="class")
    d = {"type": _kind(cls), "player": data.draw(st.one_of(st.sampled_from([0, 1]), json_junk), label="player")}
    for f in dataclasses.fields(cls):
        if f.name == "player":
            continue
        has_default = f.default is not dataclasses.MISSING
        how = data.draw(st.sampled_from(["plausible", "plausible", "junk"] + (["default"] if has_default else [])),
                        label=f"{f.name} from")
        if how != "default":
            d[f.name] = data.draw(_jsonish(f.name, game) if how == "plausible" else json_junk, label=f.name)
    direct = cls(**{k: _as_python(k, v) for k, v in d.items() if k != "type"})
    try:
        parsed = command_from_dict(d)
    except CommandFormatError as e:
        assert e.field
        # refused as a dict: refused when built directly too, changing nothing, with the same reason
        before = game.state_hash()
        with pytest.raises(IllegalCommand) as refused:
            game.apply(direct)
        assert game.state_hash() == before
        assert f"'{e.field}'" in refused.value.message or e.field == "player", (e, refused.value)
        return
    assert parsed == direct
    assert command_from_dict(parsed.to_dict()) == parsed  # and back again
    twin = build(name)
    outcomes = []
    for g, cmd in ((game, parsed), (twin, direct)):
        try:
            g.apply(cmd)
            outcomes.append(("applied", g.state_hash()))
        except IllegalCommand as e:
            outcomes.append(("refused", e.rule))
    assert outcomes[0] == outcomes[1]


# ---------------------------------------------------------------- regressions, named after their rule

CHOICE_RULES = {"target": "CR 8-5-3", "may": "CR 8-1-8", "order": "CR 8-5-2-4", "x": "CR 4-6-2",
                "substitute": "CR 8-9-2"}


def refused(game, cmd, rule: str) -> IllegalCommand:
    before = game.state_hash()
    n_history, n_hashes = len(game.history), len(game.hashes)
    with pytest.raises(IllegalCommand) as info:
        game.apply(cmd)
    assert info.value.rule == rule, info.value
    assert game.state_hash() == before
    assert (len(game.history), len(game.hashes)) == (n_history, n_hashes)
    return info.value


def any_card(game, p: int) -> int:
    """One of player p's field cards, or else any card."""
    return (game.state.players[p].field or sorted(game.state.cards))[0]


PHASE_COMMANDS = {
    "EndMain": lambda g, p: EndMain(p),
    "EndAttack": lambda g, p: EndAttack(p),
    "Pass": lambda g, p: Pass(p),
    "Block": lambda g, p: Block(p, None),
    "Attack": lambda g, p: Attack(p, any_card(g, p)),
    "Mulligan": lambda g, p: Mulligan(p, False),
    "Summon": lambda g, p: Summon(p, g.state.players[p].hand[0]) if g.state.players[p].hand else Summon(p, 1),
    "UseMagic": lambda g, p: UseMagic(p, 1),
    "SetBurst": lambda g, p: SetBurst(p, 1),
    "MoveCores": lambda g, p: MoveCores(p, (CoreMove("reserve", any_card(g, p), 1),)),
    "Activate": lambda g, p: Activate(p, any_card(g, p), 0),
    "Awaken": lambda g, p: Awaken(p, any_card(g, p), ()),
    "ManualNote": lambda g, p: ManualNote(p, "hello"),
    "ManualRandom": lambda g, p: ManualRandom(p, 6),
}
CHOICE_SETUPS = ["target", "may", "order", "x", "substitute", "burst_may"]


@pytest.mark.parametrize("command", list(PHASE_COMMANDS))
@pytest.mark.parametrize("setup", CHOICE_SETUPS)
def test_cr_8_5_3_a_phase_command_while_an_effect_waits_for_a_choice_is_refused_with_the_choices_rule(setup,
                                                                                                       command):
    """It raised KeyError: 'choose' (the LAN host answered "internal error" and dropped the guest). Until the
    choice is answered the game is inside an effect's resolution (CR 8-5-2-4, 8-5-3) or a destruction's
    substitution (CR 8-9-2): anything but the answer is refused, with the rule that asks for it."""
    game = build(setup)
    kind = game.pending.info["kind"]
    for p in (game.pending.player, 1 - game.pending.player):  # the chooser, and the other player
        err = refused(game, PHASE_COMMANDS[command](game, p), CHOICE_RULES[kind])
        assert "choice" in err.message or "choose" in err.message, err.message
    assert game.pending.kind == "choose"
    still_playable(game)


def test_cr_8_5_3_in_the_sandbox_too_manual_moves_wait_until_the_effects_choice_is_answered():
    """The sandbox allows any manual move at any time between actions, but not inside an automated effect's
    resolution: moving a card the choice offers (here to the hand) and then choosing it destroyed a card in the
    hand. The answer comes first; then anything goes."""
    game = build("sandbox_target")
    option = game.pending.info["options"][0]
    for p in (0, 1):
        refused(game, ManualMove(p, option, "hand"), "CR 8-5-3")
        refused(game, ManualNote(p, "wait"), "CR 8-5-3")
    game.apply(Choose(0, (option,)))
    assert game.state.cards[option].zone == "trash"
    game.apply(ManualMove(1, option, "hand"))
    assert game.state.cards[option].zone == "hand"


def test_cr_8_5_3_concede_is_still_possible_during_a_choice():
    game = build("target")
    game.apply(Concede(1))  # CR 1-2-4: either player, at any time
    assert game.over and game.result.winner == 0


@pytest.mark.parametrize("sources", [None, 5, "reserve", ((1,),), ((1, 2, 3),), [(4, 1)], ((4, True),),
                                     ((4, 1.0),), ((None, 1),), (((4,), 1),), ((4, -1),)])
def test_cr_11_1_1_awaken_with_malformed_sources_is_refused(sources):
    """Awaken(sources=None) raised TypeError inside the engine."""
    game = build("flash")
    awk = _first(game, 1, "KW-AWK")
    assert any(isinstance(c, Awaken) and c.card == awk for c in game.legal_commands())
    refused(game, Awaken(1, awk, sources), "CR 11-1-1")
    still_playable(game)


@pytest.mark.parametrize("soul", [None, 1, "yes", ()])
def test_cr_11_1_1_awaken_soul_must_be_true_or_false(soul):
    game = build("flash")
    refused(game, Awaken(1, _first(game, 1, "KW-AWK"), ((_first(game, 1, "T-R3"), 1),), soul), "CR 11-1-1")


@pytest.mark.parametrize("redraw", [1, 0, "yes", "", None, 1.0, (), (True,)])
@pytest.mark.parametrize("setup", ["mulligan", "mulligan_second"])
def test_cr_5_2_7_mulligan_redraw_must_be_true_or_false(setup, redraw):
    """Mulligan(redraw=1/"yes"/None) applied and left the state with a mulligan that was neither (the second
    player was asked again, records did not replay)."""
    game = build(setup)
    refused(game, Mulligan(game.pending.player, redraw), "CR 5-2-7")
    game.apply(Mulligan(game.pending.player, False))  # a real answer still works
    assert all(p.mulligan in (True, False, None) for p in game.state.players)


@pytest.mark.parametrize("player", [2, -1, True, False, None, "0", 0.0, 1.0, (0,), 10**30])
@pytest.mark.parametrize("setup", ["main", "target", "mulligan", "block"])
def test_cr_1_1_1_concede_of_a_non_player_is_refused(setup, player):
    game = build(setup)
    refused(game, Concede(player), "CR 1-1-1")
    assert not game.over
    still_playable(game)


@pytest.mark.parametrize("player", [2, -1, True, None, "1", 1.0])
def test_cr_1_1_1_any_command_of_a_non_player_is_refused(player):
    game = build("main")
    for cmd in (EndMain(player), Summon(player, 1), Choose(player, None), ManualNote(player, "x")):
        refused(game, cmd, "CR 1-1-1")


# (choice kind, wrong values): each refused with the rule of that kind of choice
WRONG_SHAPES = {
    "target": [None, True, False, "1", 1.0, ((1,),), (True,), ("a",), [[1]], (1.0,), (None,), 10**30],
    "may": [None, 1, 0, "yes", (), (True,), [True], 1.0],
    "order": [None, True, "1", (), ((0,),), [0], 1.0, -1, 10**30],
    "x": [None, True, False, "2", (), (2,), [2], 2.0, -1, 4, 10**30],
    "substitute": [True, False, "0", (), (0,), [0], 0.0, -1, 1, 10**30],
}


@pytest.mark.parametrize("kind,value", [(k, v) for k, vs in WRONG_SHAPES.items() for v in vs],
                         ids=[f"{k}-{v!r}"[:40] for k, vs in WRONG_SHAPES.items() for v in vs])
def test_cr_8_5_3_choose_with_a_value_of_the_wrong_shape_is_refused_with_the_choices_rule(kind, value):
    game = build(kind)
    assert game.pending.info["kind"] == kind
    err = refused(game, Choose(game.pending.player, value), CHOICE_RULES[kind])
    assert err.message
    still_playable(game)


def test_cr_8_5_3_a_target_answer_given_as_a_list_is_recorded_as_a_tuple():
    """Choose documents a list of card ids for targets; the record holds the tuple its JSON form parses to."""
    game = build("target")
    option = game.pending.info["options"][0]
    game.apply(Choose(0, [option]))
    assert game.history[-1] == Choose(0, (option,))
    assert command_from_dict(game.history[-1].to_dict()) == game.history[-1]


def test_cr_8_5_3_choose_by_the_other_player_and_choose_without_a_choice_are_refused():
    game = build("target")
    refused(game, Choose(1 - game.pending.player, (game.pending.info["options"][0],)), "CR 8-5-3")
    for setup in ("main", "block", "mulligan"):
        game = build(setup)
        refused(game, Choose(game.pending.player, None), "CR 8-5-3")
        refused(game, Choose(game.pending.player, ((1,),)), "CR 8-5-3")


@pytest.mark.parametrize("make,rule", [
    (lambda g: Summon(0, "1"), "CR 10-6-1"),
    (lambda g: Summon(0, 1.0), "CR 10-6-1"),
    (lambda g: Summon(0, _first(g, 0, "T-R3", "hand"), pay=(("reserve", 1.0),), place=(("reserve", 1),)),
     "CR 10-6-6"),
    (lambda g: Summon(0, _first(g, 0, "T-R3", "hand"), pay=(("reserve", 1),), place=(("reserve", 1),),
                      pay_soul="no"), "CR 10-6-6"),
    (lambda g: Summon(0, _first(g, 0, "T-R3", "hand"), pay=(("reserve", 1),), place=(("reserve", 1),),
                      place_soul=0), "CR 10-6-7"),
    (lambda g: Summon(0, _first(g, 0, "T-R3", "hand"), pay=(("reserve", 1, 2),)), "CR 10-6-6"),
    (lambda g: Summon(0, _first(g, 0, "T-R3", "hand"), place=[("reserve", 1)]), "CR 10-6-7"),
    (lambda g: Summon(0, _first(g, 0, "KW-ASC", "hand"), ascend="yes"), "CR 11-8-1"),
    (lambda g: PlaceNexus(0, _first(g, 0, "T-NX2", "hand"), pay_soul=None), "CR 10-7-6"),
    (lambda g: UseMagic(0, _first(g, 0, "T-MM", "hand"), pay=((_first(g, 0, "T-R1") * 1.0, 1),)), "CR 10-8-6"),
    (lambda g: UseMagic(0, _first(g, 0, "T-MM", "hand"), pay=None, pay_soul=1), "CR 10-8-6"),
    (lambda g: SetBurst(0, None), "CR 6-6-1-2-2"),
    (lambda g: MoveCores(0, None), "CR 6-6-1-2-3"),
    (lambda g: MoveCores(0, [CoreMove("reserve", _first(g, 0, "T-R1"), 1)]), "CR 6-6-1-2-3"),
    (lambda g: MoveCores(0, (("reserve", _first(g, 0, "T-R1"), 1, False),)), "CR 6-6-1-2-3"),
    (lambda g: MoveCores(0, (CoreMove("reserve", float(_first(g, 0, "T-R1")), 1),)), "CR 6-6-1-2-3"),
    (lambda g: MoveCores(0, (CoreMove("reserve", _first(g, 0, "T-R1"), True),)), "CR 1-3-2-3"),
    (lambda g: MoveCores(0, (CoreMove("reserve", _first(g, 0, "T-R1"), 1, "yes"),)), "CR 6-6-1-2-3"),
    (lambda g: Activate(0, _first(g, 0, "E-LURK"), False), "CR 8-1-3"),
    (lambda g: Activate(0, [_first(g, 0, "E-LURK")], 0), "CR 8-1-3"),
    (lambda g: ManualMove(0, _first(g, 0, "T-R3", "hand"), "hand ", ), "CR 3-1-1"),
    (lambda g: ManualMove(0, _first(g, 0, "T-R3", "hand"), "deck", bottom="top"), "CR 3-1-1"),
    (lambda g: ManualMove(0, _first(g, 0, "T-R3", "hand"), "field", cores=1.0), "CR 1-3-5"),
    (lambda g: ManualMove(0, _first(g, 0, "T-R3", "hand"), "deck", side=True), "CR 1-1-1"),
    (lambda g: ManualCores(0, 0, "reserve", "life", 1, soul=1), "CR 4-11-3"),
    (lambda g: ManualCores(0, 0, "reserve", [1], 1), "CR 3-1-1"),
    (lambda g: ManualExhaust(0, _first(g, 0, "T-R1"), 1), "CR 4-4-1"),
    (lambda g: ManualShuffle(0, True), "CR 1-1-1"),
    (lambda g: ManualDeck(0, 0, "hand", True), "CR 1-3-5"),
    (lambda g: ManualLook(0, 0, None), "CR 1-3-5"),
    (lambda g: ManualRandom(0, 6.0), "CR 1-3-5"),
    (lambda g: ManualNote(0, ("hi",)), "CR 1-3-1"),
    (lambda g: ManualReveal(0, [_first(g, 0, "T-R3", "hand")]), "CR 12-2-1"),
    (lambda g: ManualReveal(0, (True,)), "CR 12-2-1"),
    (lambda g: ManualToken(0, 0, None), "CR 4-12-2"),
    (lambda g: ManualToken(0, 0, "Drone", 7), "CR 2-4-1-1"),
    (lambda g: ManualToken(0, 0, "Drone", "green", 1000.0), "CR 4-12-2"),
], ids=lambda x: "" if callable(x) else x)
def test_a_field_of_the_wrong_type_is_refused_with_the_rule_of_that_field(make, rule):
    """Every field's type is checked before the rules; the refusal names the rule the handler would name for a
    wrong value of that field."""
    game = build("main")
    refused(game, make(game), rule)
    still_playable(game)


def test_a_refused_malformed_command_leaves_no_trace_in_the_game_record():
    """Before, Mulligan(0, 1) was applied and recorded: the record's JSON then failed to load (redraw: 1)."""
    game = build("mulligan")
    with pytest.raises(IllegalCommand):
        game.apply(Mulligan(0, 1))
    game.apply(Mulligan(0, True))
    game.apply(Mulligan(1, False))
    assert [command_from_dict(c.to_dict()) for c in game.history] == game.history


def test_command_from_dict_refuses_what_apply_refuses_by_type_and_names_the_field():
    cases = [
        ({"type": "mulligan", "player": 0, "redraw": 1}, "redraw"),
        ({"type": "awaken", "player": 1, "card": 3, "sources": None}, "sources"),
        ({"type": "awaken", "player": 1, "card": 3, "sources": [[3, 1, 1]]}, "sources[0]"),
        ({"type": "summon", "player": 0, "card": 3, "pay": [["reserve", -1]]}, "pay[0][1]"),
        ({"type": "move_cores", "player": 0, "moves": [["reserve", 4, 1]]}, "moves[0]"),
        ({"type": "move_cores", "player": 0, "moves": [["life", 4, 1, False]]}, "moves[0][0]"),
        ({"type": "choose", "player": 0, "value": [[1]]}, "value"),
        ({"type": "choose", "player": 0, "value": 1.5}, "value"),
        ({"type": "concede", "player": 2}, "player"),
        ({"type": "concede", "player": True}, "player"),
        ({"type": "manual_deck", "player": 0, "owner": 0, "to": "field"}, "to"),
        ({"type": "manual_token", "player": 0, "owner": 0, "bp": 2.5}, "bp"),
        ({"type": "manual_reveal", "player": 0, "cards": [1] * 61}, "cards"),
    ]
    for d, field in cases:
        with pytest.raises(CommandFormatError) as info:
            command_from_dict(d)
        assert info.value.field == field, (d, info.value)
