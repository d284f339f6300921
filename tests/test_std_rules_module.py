"""Battle Spirits Standard in rules mode (rules document 001, STD rule numbers): the differences from Saga that a
game between two players meets, each from a Standard position, and each Saga-only behaviour shown not to leak."""
from __future__ import annotations

import re
import textwrap
from pathlib import Path

import pytest
import yaml

from bss_desktop.carddb.database import CardDB
from bss_desktop.carddb.decks import DeckListError
from bss_desktop.carddb.schema import card_from_dict
from bss_desktop.engine import (Attack, Block, EndAttack, EndMain, IllegalCommand, MoveCores, Mulligan, Pass,
                                SetBurst, UseMagic)
from bss_desktop.engine.commands import CoreMove
from bss_desktop.engine.game import Game
from bss_desktop.engine.position import game_from_position
from bss_desktop.rules.standard import StandardGame
from bss_desktop.rules.standard.cites import CR_TO_STD, std_rule
from bss_desktop.table.profiles import get_profile

STANDARD = get_profile("standard")
SAGA = get_profile("bss")

# Original test cards in the card format (nothing official).
CARDS = [
    {"id": "S-PUP", "name": "Ash Pup", "type": "spirit", "colors": ["red"], "cost": 1, "symbols": ["red"],
     "levels": [{"level": 1, "cores": 1, "bp": 1000}, {"level": 2, "cores": 3, "bp": 3000}]},
    # a spirit whose constant effect lowers its own BP to 0
    {"id": "S-ZERO", "name": "Hollow Wisp", "type": "spirit", "colors": ["purple"], "cost": 1, "symbols": ["purple"],
     "levels": [{"level": 1, "cores": 1, "bp": 1000}],
     "effects": [{"kind": "constant", "do": [{"bp": {"target": "this", "add": -1000}}]}]},
    {"id": "S-BIG", "name": "Ember Colossus", "type": "spirit", "colors": ["red"], "cost": 4, "symbols": ["red"],
     "levels": [{"level": 1, "cores": 1, "bp": 5000}, {"level": 2, "cores": 3, "bp": 7000}]},
    {"id": "S-NEX", "name": "Cinder Spire", "type": "nexus", "colors": ["red"], "cost": 2, "symbols": ["red"],
     "levels": [{"level": 1, "cores": 0}, {"level": 2, "cores": 2}]},
    # a spirit whose "when destroyed" effect gives its owner 1 life
    {"id": "S-LAST", "name": "Last Cinder", "type": "spirit", "colors": ["red"], "cost": 1, "symbols": ["red"],
     "levels": [{"level": 1, "cores": 1, "bp": 1000}],
     "effects": [{"kind": "triggered", "trigger": "when_destroyed", "do": [{"life_gain": 1}]}]},
    # [Main] magic: remove 1 core from each of the opponent's spirits; [Flash] magic: a spirit of yours +2000 BP
    {"id": "S-DRAIN", "name": "Siphon Draft", "type": "magic", "colors": ["purple"], "cost": 1, "timing": ["main"],
     "effects": [{"kind": "magic", "do": [{"core_remove": {"target": {"side": "opponent", "all": True},
                                                           "count": 1}}]}]},
    {"id": "S-FLASH", "name": "Quick Kindling", "type": "magic", "colors": ["red"], "cost": 1, "timing": ["flash"],
     "effects": [{"kind": "magic", "do": [{"bp": {"target": {"side": "you"}, "add": 2000, "duration": "turn"}}]}]},
    # a spirit that draws a card at the start of its owner's end step
    {"id": "S-OWL", "name": "Dusk Owl", "type": "spirit", "colors": ["yellow"], "cost": 1, "symbols": ["yellow"],
     "levels": [{"level": 1, "cores": 1, "bp": 1000}],
     "effects": [{"kind": "triggered", "trigger": "start_of_step", "step": "end", "whose": "you",
                  "do": [{"draw": 1}]}]},
    # a spirit with two "when attacks" effects: destroy itself, and draw a card
    {"id": "S-RASH", "name": "Rash Cinder", "type": "spirit", "colors": ["red"], "cost": 1, "symbols": ["red"],
     "levels": [{"level": 1, "cores": 1, "bp": 1000}],
     "effects": [{"kind": "triggered", "trigger": "when_attacks", "do": [{"destroy": "this"}]},
                 {"kind": "triggered", "trigger": "when_attacks", "do": [{"draw": 1}]}]},
    # a nexus: when one of your spirits would be destroyed by the opponent, exhaust this nexus instead
    {"id": "S-AEGIS", "name": "Aegis Bastion", "type": "nexus", "colors": ["white"], "cost": 2, "symbols": ["white"],
     "levels": [{"level": 1, "cores": 0}],
     "effects": [{"kind": "constant", "do": [{"substitute": {"event": "destroyed", "by_opponent": True,
                                                             "target": {"side": "you", "type": "spirit", "all": True},
                                                             "instead": [{"exhaust": "this"}]}}]}]},
    # [Main] magic: destroy all the opponent's spirits with 3000 BP or less
    {"id": "S-QUAKE", "name": "Ember Quake", "type": "magic", "colors": ["red"], "cost": 0, "timing": ["main"],
     "effects": [{"kind": "magic", "do": [{"destroy": {"side": "opponent", "all": True, "bp_max": 3000}}]}]},
    # [Main] magic: destroy 1 opponent's spirit
    {"id": "S-SMITE", "name": "Smite", "type": "magic", "colors": ["red"], "cost": 0, "timing": ["main"],
     "effects": [{"kind": "magic", "do": [{"destroy": {"side": "opponent"}}]}]},
    # a spirit that draws when exhausted, and refreshes itself when it attacks
    {"id": "S-SPRING", "name": "Springback Stag", "type": "spirit", "colors": ["green"], "cost": 2,
     "symbols": ["green"], "levels": [{"level": 1, "cores": 1, "bp": 2000}],
     "effects": [{"kind": "triggered", "trigger": "when_exhausted", "do": [{"draw": 1}]},
                 {"kind": "triggered", "trigger": "when_attacks", "do": [{"refresh": "this"}]}]},
    # a spirit the opponent must block ("must", 【Confront】), and a magic: the opponent's spirits cannot block
    {"id": "S-RAM", "name": "Challenger Ram", "type": "spirit", "colors": ["red"], "cost": 3, "symbols": ["red"],
     "keywords": ["confront"], "levels": [{"level": 1, "cores": 1, "bp": 3000}]},
    {"id": "S-CHAIN", "name": "Binding Chains", "type": "magic", "colors": ["white"], "cost": 0, "timing": ["main"],
     "effects": [{"kind": "magic", "do": [{"restrict": {"target": {"side": "opponent"}, "cannot": "block",
                                                        "duration": "turn"}}]}]},
    # [Main] magic: destroy 1 opponent's spirit with "Cinder" in its name
    {"id": "S-NAMED", "name": "Quench", "type": "magic", "colors": ["blue"], "cost": 0, "timing": ["main"],
     "effects": [{"kind": "magic", "do": [{"destroy": {"side": "opponent", "name_has": "Cinder"}}]}]},
    # a spirit whose owner draws when their life is reduced
    {"id": "S-SCAR", "name": "Scar Keeper", "type": "spirit", "colors": ["purple"], "cost": 1, "symbols": ["purple"],
     "levels": [{"level": 1, "cores": 1, "bp": 1000}],
     "effects": [{"kind": "triggered", "trigger": "life_reduced", "do": [{"draw": 1}]}]},
    # a nexus: at the start of your end step, if you control a spirit with 3000 BP or more, draw 1
    {"id": "S-BELL", "name": "Dusk Bell", "type": "nexus", "colors": ["yellow"], "cost": 1, "symbols": ["yellow"],
     "levels": [{"level": 1, "cores": 0}],
     "effects": [{"kind": "triggered", "trigger": "start_of_step", "step": "end", "whose": "you",
                  "condition": {"control": {"side": "you", "bp_min": 3000}}, "do": [{"draw": 1}]}]},
    # a spirit that gets +3000 BP "this turn" at the start of its owner's end step
    {"id": "S-DUSK", "name": "Dusk Ember", "type": "spirit", "colors": ["red"], "cost": 1, "symbols": ["red"],
     "levels": [{"level": 1, "cores": 1, "bp": 1000}],
     "effects": [{"kind": "triggered", "trigger": "start_of_step", "step": "end", "whose": "you",
                  "do": [{"bp": {"target": "this", "add": 3000, "duration": "turn"}}]}]},
]


# Standard's own card fields (profiles/standard.yaml), read with its profile
STD_CARDS = [
    # 《Succession》 (STD 12-2-1-3): cost 6, four red reduction symbols; EX-symbol cards for its trash
    {"id": "S-HEIR", "name": "Ashen Heir", "type": "spirit", "colors": ["red"], "cost": 6,
     "reduction": ["red", "red", "red", "red"], "symbols": ["red"], "succession": True,
     "levels": [{"level": 1, "cores": 1, "bp": 6000}]},
    {"id": "S-EXP", "name": "Ember Relic", "type": "spirit", "colors": ["red"], "cost": 1, "symbols": ["red"],
     "ex_symbol": True, "levels": [{"level": 1, "cores": 1, "bp": 1000}]},
    # 《Super Unleash》 at Lv2 (STD 12-2-1-1): Lv1 1 core 3000, Lv2 3 cores 5000, or the soul core alone
    {"id": "S-UNL", "name": "Unbound Drake", "type": "spirit", "colors": ["red"], "cost": 3, "reduction": ["red"],
     "symbols": ["red"], "super_unleash": 2,
     "levels": [{"level": 1, "cores": 1, "bp": 3000}, {"level": 2, "cores": 3, "bp": 5000}]},
    # 《Soul Magic: red》 (STD 12-2-1-2-1): cost 3, or the soul core alone with a red symbol on the field
    {"id": "S-SOUL", "name": "Soulflare Edict", "type": "magic", "colors": ["red"], "cost": 3, "timing": ["main"],
     "soul_magic": "red", "effects": [{"kind": "magic", "do": [{"draw": 1}]}]},
]


def db(fillers: int = 0) -> CardDB:
    """The test cards, and `fillers` vanilla spirits X-0, X-1, ... of different names (for whole decks)."""
    from bss_desktop.carddb.game_cards import card_from_record

    return CardDB([card_from_dict(c) for c in CARDS] + [card_from_record(c, STANDARD) for c in STD_CARDS]
                  + [card_from_dict({**CARDS[0], "id": f"X-{i}", "name": f"Filler {i}"}) for i in range(fillers)])


def position(text: str, game: str = "standard", deck=("S-PUP",) * 10) -> Game:
    data = yaml.safe_load(textwrap.dedent(text))
    data["game"] = game
    for p in data.get("players", []):
        p.setdefault("deck", list(deck))
    return game_from_position(data, db())


def attack(game: Game, blocker=None) -> list:
    """Player 1's first field spirit attacks; both players pass the flash windows; player 2 blocks with `blocker`
    (None: takes the damage). The events of the block and what follows."""
    game.apply(Attack(0, game.state.players[0].field[0]))
    game.apply(Pass(1))
    game.apply(Pass(0))
    events = game.apply(Block(1, blocker))
    if blocker is not None and not game.over:
        events += game.apply(Pass(1))
        events += game.apply(Pass(0))
    return events


def refused(game: Game, cmd, rule: str) -> IllegalCommand:
    before = game.state.hash()
    with pytest.raises(IllegalCommand) as e:
        game.apply(cmd)
    assert e.value.rule == rule, e.value
    assert game.state.hash() == before
    return e.value


def new_game(game: str = "standard", seed: int = 3, deck=None) -> Game:
    profile = get_profile(game)
    deck = deck or ["S-PUP"] * 3 + ["S-BIG"] * 3 + ["S-NEX"] * 3 + ["S-OWL"] * 3 + [
        f"X-{i}" for i in range(28)] if game == "standard" else deck
    fillers = db(60)
    if game == "bss":
        deck = [f"X-{i // 4}" for i in range(50)]
    return Game.new(fillers, [deck, deck], seed, first_player=0, profile=profile)


# ---------------------------------------------------------------- the module

def test_the_standard_profile_names_its_rules_module_and_games_are_standard_games():
    assert STANDARD.rules == "standard"
    game = new_game()
    assert isinstance(game, StandardGame) and type(new_game("bss")).__name__ == "SagaGame"
    assert type(game.clone()) is StandardGame


# ---------------------------------------------------------------- deck rules, setup, mulligan (STD 6)

def test_std_6_1_1_a_deck_of_39_cards_is_refused_and_40_is_legal():
    cards = db(40)
    forty = [f"X-{i}" for i in range(40)]
    Game.new(cards, [forty, forty], 1, profile=STANDARD)
    with pytest.raises(DeckListError) as e:
        Game.new(cards, [forty[:39], forty], 1, profile=STANDARD)
    assert "STD 6-1-1" in str(e.value)


def test_std_6_1_1_2_a_fourth_copy_of_a_name_is_refused():
    cards = db(40)
    deck = ["S-PUP"] * 4 + [f"X-{i}" for i in range(36)]
    with pytest.raises(DeckListError) as e:
        Game.new(cards, [deck, deck], 1, profile=STANDARD)
    assert "at most 3" in str(e.value)


def test_std_6_2_1_3_to_5_setup_five_life_three_cores_and_the_soul_core_four_cards():
    game = new_game()
    for player in game.state.players:
        assert (player.life, player.reserve, player.soul, len(player.hand)) == (5, 3, "reserve", 4)
    assert game.pending.kind == "mulligan" and game.pending.player == 0  # STD 6-2-1-7: the first player first


def test_std_6_2_1_7_keeping_draws_no_fifth_card_unlike_saga():
    std = new_game()
    std.apply(Mulligan(0, False))
    assert len(std.state.players[0].hand) == 4  # no keep bonus in Standard
    saga = new_game("bss")
    saga.apply(Mulligan(0, False))
    assert len(saga.state.players[0].hand) == 5  # Saga's CR 5-2-7 bonus card stays Saga's


def test_std_6_2_1_8_a_redraw_shuffles_the_hand_in_before_drawing_four():
    game = new_game()
    hand = list(game.state.players[0].hand)
    events = game.apply(Mulligan(0, True))
    kinds = [e.kind for e in events]
    assert kinds.index("shuffle") < kinds.index("draw")  # shuffle, then draw (Saga draws, then shuffles)
    player = game.state.players[0]
    assert len(player.hand) == 4 and len(player.deck) == 40 - 4
    assert set(hand) <= set(player.deck) | set(player.hand)
    refused(game, Mulligan(0, True), "STD 6-2-1-7")  # once, and it is now the other player's decision


# ---------------------------------------------------------------- steps (STD 7)

def play_to_turn_two(game: Game) -> None:
    game.apply(Mulligan(0, False))
    game.apply(Mulligan(1, False))


def test_std_7_7_2_and_7_8_2_the_first_turn_skips_the_attack_and_second_main_steps():
    game = new_game()
    play_to_turn_two(game)
    assert (game.state.turn, game.state.step) == (1, "main")
    events = game.apply(EndMain(0))
    steps = [e.data["step"] for e in events if e.kind == "step"]
    assert "attack" not in steps and "second_main" not in steps
    assert game.state.turn == 2 and game.state.turn_player == 1 and game.state.step == "main"


def test_std_7_1_1_after_the_attack_step_comes_the_second_main_step_with_the_main_steps_actions():
    game = position("""
        turn: 2
        turn_player: 1
        step: attack
        players:
          - {life: 5}
          - {life: 5, reserve: 3, hand: [S-PUP]}
    """)
    events = game.apply(EndAttack(1))
    assert [e.data["step"] for e in events if e.kind == "step"] == ["second_main"]
    assert game.state.step == "second_main" and game.pending.kind == "main" and game.pending.player == 1
    summon = next(c for c in game.legal_commands() if c.kind == "summon")  # STD 7-8-1: the main step's actions
    game.apply(summon)
    events = game.apply(EndMain(1))  # ends the Second Main Step: the end step, then player 1's turn
    assert [e.data["step"] for e in events if e.kind == "step"][:1] == ["end"]
    assert game.state.turn == 3 and game.state.turn_player == 0


def test_std_9_1_7_1_2_flash_magic_is_used_in_the_main_step():
    game = position("""
        turn: 3
        turn_player: 0
        players:
          - {life: 5, reserve: 2, hand: [S-FLASH], field: [{card: S-PUP, cores: 1}]}
          - {life: 5}
    """)
    pup = game.state.players[0].field[0]
    use = next(c for c in game.legal_commands() if c.kind == "use_magic")
    game.apply(use)
    if game.pending.kind == "choose":
        game.apply(game.legal_commands()[0])
    assert game.bp(pup) == 3000


def test_std_4_1_1_there_is_no_burst_area_so_no_burst_is_set():
    game = position("""
        turn: 3
        turn_player: 0
        players:
          - {life: 5, reserve: 2, hand: [S-PUP]}
          - {life: 5}
    """)
    err = refused(game, SetBurst(0, game.state.players[0].hand[0]), "STD 7-6-1-2-1")
    assert "no such action" in str(err)
    assert not any(isinstance(c, SetBurst) for c in game.legal_commands())


def test_std_7_9_1_1_this_turns_effects_end_before_the_end_steps_triggers():
    # Quick Kindling gave Ash Pup +2000 BP this turn; Dusk Owl draws at the start of the end step. In Standard the
    # +2000 is gone when the Owl's effect resolves (STD 7-9-1-1); in Saga it lasts until after (CR 6-8-1-1/2)
    game = position("""
        turn: 3
        turn_player: 0
        players:
          - {life: 5, reserve: 2, hand: [S-FLASH], field: [{card: S-PUP, cores: 1}, {card: S-OWL, cores: 1}]}
          - {life: 5}
    """)
    pup = game.state.players[0].field[0]
    game.apply(next(c for c in game.legal_commands() if c.kind == "use_magic"))
    while game.pending.kind == "choose":
        game.apply(Choose_first(game))
    assert game.bp(pup) == 3000
    events = game.apply(EndMain(0))  # attack step
    events += game.apply(EndAttack(0))  # second main
    events += game.apply(EndMain(0))  # end step
    kinds = [(e.kind, e.data.get("step")) for e in events]
    end_at = kinds.index(("step", "end"))
    draws_after = [e for e in events[end_at:] if e.kind == "draw" and e.data["player"] == 0]
    assert draws_after  # the Owl's end-step draw happened
    assert not game.state.continuous or all(e.duration != "turn" for e in game.state.continuous)


def Choose_first(game):
    return game.legal_commands()[0]


# ---------------------------------------------------------------- rule processing (STD 10, 5-10, 5-11)

def test_std_5_11_a_spirit_below_its_lv1_cost_is_depleted_not_destroyed_and_no_when_destroyed_effect_applies():
    # Siphon Draft takes Last Cinder's only core: it is depleted by player 1's effect (STD 10-2-2-8); its
    # "when destroyed" effect does not apply (STD 5-11-2), so player 2's life stays 4
    game = position("""
        turn: 3
        turn_player: 0
        players:
          - {life: 5, reserve: 2, hand: [S-DRAIN]}
          - {life: 4, field: [{card: S-LAST, cores: 1}]}
    """)
    last = game.state.players[1].field[0]
    drain = game.state.players[0].hand[0]
    events = game.apply(UseMagic(0, drain))
    kinds = [e.kind for e in events]
    assert "depleted" in kinds and "destroyed" not in kinds
    card = game.state.cards[last]
    assert card.zone == "trash" and card.removal.kind == "depleted_effect"
    assert card.removal.player == 0 and card.removal.source == drain
    assert game.state.players[1].life == 4


def test_std_10_2_2_10_moving_a_spirits_last_core_away_depletes_it_by_its_owner_saga_self_destroys_it():
    for game_id, kind in (("standard", "depleted_self"), ("bss", "self")):
        game = position("""
            turn: 3
            turn_player: 0
            players:
              - {life: 4, field: [{card: S-LAST, cores: 1}]}
              - {life: 4}
        """, game=game_id)
        last = game.state.players[0].field[0]
        events = [e.kind for e in game.apply(MoveCores(0, (CoreMove(last, "reserve", 1, False),)))]
        assert game.state.cards[last].removal.kind == kind, game_id
        # Standard: depleted, never destroyed (STD 5-11-2); Saga: self-destroyed (CR 9-3-2, 10-1-1-1)
        assert ("depleted" in events, "destroyed" in events) == ((True, False) if game_id == "standard" else
                                                                  (False, True))
        assert game.state.players[0].life == 4  # no "when destroyed" effect after a self-destruction either


def test_std_3_3_3_3_a_nexus_with_no_core_stays_on_the_field():
    game = position("""
        turn: 3
        turn_player: 0
        players:
          - {life: 5, reserve: 2, hand: [S-NEX]}
          - {life: 5}
    """)
    game.apply(next(c for c in game.legal_commands() if c.kind == "place_nexus"))
    nexus = game.state.players[0].field[-1]
    assert game.state.cards[nexus].zone == "field" and game.cores_on(nexus) == 0


def test_std_a_spirit_at_0_bp_is_not_destroyed_but_in_saga_it_is():
    # Hollow Wisp's own effect brings it to 0 BP: Standard has no rule that destroys it (digest §2.3 row 38); Saga's CR 9-4 does
    text = """
        turn: 3
        turn_player: 0
        players:
          - {life: 5, reserve: 2, hand: [S-ZERO]}
          - {life: 5}
    """
    std = position(text)
    std.apply(next(c for c in std.legal_commands() if c.kind == "summon"))
    assert [std.state.cards[i].cid for i in std.state.players[0].field] == ["S-ZERO"]
    saga = position(text, game="bss")
    saga.apply(next(c for c in saga.legal_commands() if c.kind == "summon"))
    assert saga.state.players[0].field == []


def test_std_1_3_7_the_game_ends_the_moment_life_reaches_0_naming_the_standard_rule():
    game = position("""
        turn: 3
        turn_player: 0
        step: attack
        players:
          - {life: 5, field: [{card: S-BIG, cores: 1}]}
          - {life: 1}
    """)
    attack(game)
    assert game.over and game.result.winner == 0
    assert "STD 1-3-2-1" in game.result.reason and "CR " not in game.result.reason


# ---------------------------------------------------------------- Standard's own rule numbers

def test_std_refusals_cite_standard_rules_not_saga_ones():
    game = position("""
        turn: 3
        turn_player: 0
        players:
          - {life: 5, reserve: 0, hand: [S-BIG]}
          - {life: 5}
    """)
    err = refused(game, EndAttack(0), "STD 7-7-3-2")
    assert "CR " not in str(err)
    err = refused(game, Attack(1, 99), "STD 8-1-1-1")
    assert "CR " not in str(err)


def test_every_cr_number_a_player_can_read_has_a_standard_number_of_its_own():
    """Every CR number in a string of Saga's module, the engine, the game log or the client (what a refusal, a
    result or a log line can show) is in the table, not found by its nearest parent."""
    root = Path(__file__).resolve().parent.parent / "bss_desktop"
    files = [*(root / "rules" / "bss").glob("*.py"), *(root / "engine").glob("*.py"), root / "gamelog.py",
             *(root / "client").rglob("*.py")]
    quoted = re.compile(r"""["'][^"'\n]*?(CR \d+(?:-\d+)*)""")
    cited = set()
    for path in files:
        for line in path.read_text(encoding="utf-8").splitlines():
            code = line.split("#", 1)[0]
            cited |= {m for m in re.findall(r"CR \d+(?:-\d+)*", code) if quoted.search(code)}
    missing = sorted(cited - set(CR_TO_STD))
    assert not missing, missing


def test_every_rule_sagas_module_refuses_with_has_a_standard_number():
    """A Saga refusal shown in a Standard game names an STD rule (or a Standard ruling), never a CR number."""
    root = Path(__file__).resolve().parent.parent / "bss_desktop"
    cited = set()
    for path in [*(root / "rules" / "bss").glob("*.py"), *(root / "engine").glob("*.py")]:
        text = path.read_text(encoding="utf-8")
        cited |= set(re.findall(r'IllegalCommand\(\s*f?"(CR [0-9-]+[0-9])', text))
        cited |= {f"CR {r}-{n}" for r in ("10-6", "10-7") for n in (1, 6, 7)}  # f"CR {r}-1" etc. (actions.py)
    missing = sorted(c for c in cited if std_rule(c).startswith("STD 1-4-1") and c not in CR_TO_STD)
    assert not missing, missing
    assert all(std_rule(c).startswith(("STD ", "Standard ruling ")) for c in cited)


# ---------------------------------------------------------------- Standard rulings (docs/standard-rulings.md)

def test_standard_ruling_1_a_this_turn_effect_made_in_the_end_step_ends_with_the_turn():
    game = position("""
        turn: 3
        turn_player: 0
        step: second_main
        players:
          - {life: 5, field: [{card: S-DUSK, cores: 1}]}
          - {life: 5, field: [{card: S-PUP, cores: 1}]}
    """)
    dusk = game.state.players[0].field[0]
    events = game.apply(EndMain(0))
    kinds = [(e.kind, e.data.get("step") or e.data.get("card")) for e in events]
    # its end-step effect resolved (+3000 this turn) before the turn ended ...
    assert kinds.index(("step", "end")) < kinds.index(("bp_changed", None)) < kinds.index(("resolved", dusk))
    assert kinds.index(("resolved", dusk)) < kinds.index(("step", "start"))
    assert game.state.turn == 4 and game.bp(dusk) == 1000  # ... and did not outlive it


def test_standard_ruling_2_an_endless_loop_is_cited_as_the_standard_ruling():
    assert std_rule("CR 12-1-1-1") == "Standard ruling 2"


def test_standard_ruling_5_life_damage_moves_the_cores_to_the_attacked_players_reserve():
    game = position("""
        turn: 3
        turn_player: 0
        step: attack
        players:
          - {life: 5, field: [{card: S-BIG, cores: 1}]}
          - {life: 5, reserve: 0}
    """)
    attack(game)
    assert (game.state.players[1].life, game.state.players[1].reserve) == (4, 1)


# ---------------------------------------------------------------- 《Soul Magic》 (STD 12-2-1-2-1)

SOUL_MAGIC = """
    turn: 3
    turn_player: 0
    players:
      - {life: 5, reserve: 0, hand: [S-SOUL], field: [%s]}
      - {life: 5}
"""


def test_std_12_2_1_2_1_soul_magic_is_used_paying_only_the_soul_core_with_the_symbol_on_the_field():
    game = position(SOUL_MAGIC % "{card: S-PUP, cores: 1}")  # a red symbol; no core in the reserve, cost 3
    edict = game.state.players[0].hand[0]
    offers = [c for c in game.legal_commands() if isinstance(c, UseMagic)]
    assert offers == [UseMagic(0, edict, (), True)]
    hand = len(game.state.players[0].hand)
    game.apply(offers[0])
    p = game.state.players[0]
    assert p.soul == "trash" and game.state.cards[edict].zone == "trash" and len(p.hand) == hand  # drew 1


def test_std_12_2_1_2_1_soul_magic_needs_the_symbol_and_the_soul_core_is_not_a_payment_of_3():
    game = position(SOUL_MAGIC % "")  # no red symbol on the field
    edict = game.state.players[0].hand[0]
    assert not [c for c in game.legal_commands() if isinstance(c, UseMagic)]
    refused(game, UseMagic(0, edict, (), True), "STD 11-3-1-5")
    saga = position(SOUL_MAGIC % "{card: S-PUP, cores: 1}", game="bss")  # Saga has no Soul Magic
    saga_edict = saga.state.players[0].hand[0]
    assert saga.db[saga.state.cards[saga_edict].cid].extra.get("soul_magic") == "red"
    refused(saga, UseMagic(0, saga_edict, (), True), "CR 10-8-6")


# ---------------------------------------------------------------- triggers (STD 9-1-5)

def attack_resolving_first(game_id: str, cid: str, effect: int) -> tuple[Game, list, int, int]:
    """A lone spirit `cid` of player 1 attacks; two of its triggers wait, and its owner (the turn player, STD 9-4-1)
    resolves its effect number `effect` first. (game, the events, cards player 1 drew, the spirit)."""
    from bss_desktop.engine.commands import Choose

    game = position(f"""
        turn: 3
        turn_player: 0
        step: attack
        players:
          - {{life: 5, field: [{{card: {cid}, cores: 1}}]}}
          - {{life: 5}}
    """, game=game_id)
    spirit = game.state.players[0].field[0]
    hand = len(game.state.players[0].hand)
    events = game.apply(Attack(0, spirit))
    assert game.pending.kind == "choose" and game.pending.info["kind"] == "order"
    first = next(a.ts for a in game.state.queue if a.ref[0] == "effect" and a.ref[1] == effect)
    events += game.apply(Choose(0, first))
    return game, events, len(game.state.players[0].hand) - hand, spirit


def rash_attack(game_id: str) -> tuple[Game, list, int]:
    """Rash Cinder attacks: its "destroy this" resolves first, then its draw waits with its card gone."""
    game, events, drawn, rash = attack_resolving_first(game_id, "S-RASH", 0)
    assert game.state.cards[rash].zone == "trash"
    return game, events, drawn


def test_std_9_1_5_5_a_waiting_trigger_whose_card_left_the_field_does_not_resolve():
    game, events, drawn = rash_attack("standard")
    assert drawn == 0 and ("effect_fizzled", "left") in [(e.kind, e.data.get("reason")) for e in events]


def test_saga_resolves_the_trigger_of_a_card_that_left_with_its_last_known_information():
    game, events, drawn = rash_attack("bss")
    assert drawn == 1


def test_std_9_3_3_a_when_destroyed_effect_resolves_after_its_card_left_the_field():
    # Last Cinder attacks and is blocked by Ember Colossus (5000 BP): destroyed in battle (STD 8-1-6-1), its
    # "when destroyed" effect triggers as it leaves and resolves though it is gone: its owner gains 1 life
    game = position("""
        turn: 3
        turn_player: 0
        step: attack
        players:
          - {life: 4, field: [{card: S-LAST, cores: 1}]}
          - {life: 5, field: [{card: S-BIG, cores: 1}]}
    """)
    last, big = game.state.players[0].field[0], game.state.players[1].field[0]
    attack(game, big)
    assert game.state.cards[last].zone == "trash" and game.state.players[0].life == 5


# ---------------------------------------------------------------- costs and levels

def test_std_12_2_1_1_2_super_unleash_reaches_lv2_with_the_soul_core_alone():
    game = position("""
        turn: 3
        turn_player: 0
        players:
          - {life: 5, reserve: 2, soul_core: reserve, field: [{card: S-UNL, cores: 1}]}
          - {life: 5}
    """)
    drake = game.state.players[0].field[0]
    assert (game.level(drake), game.bp(drake)) == (1, 3000)
    game.apply(MoveCores(0, (CoreMove("reserve", drake, 0, True),)))  # the soul core onto it: 1 core + the soul core
    assert (game.level(drake), game.bp(drake)) == (2, 5000)
    game.apply(MoveCores(0, (CoreMove(drake, "reserve", 1, False),)))  # the soul core alone still holds Lv2
    assert (game.level(drake), game.bp(drake)) == (2, 5000) and game.state.cards[drake].zone == "field"


def test_std_2_3_3_cost_reduction_is_mandatory_and_the_full_cost_cannot_be_overpaid():
    # Unbound Drake costs 3 with one red reduction symbol; Ash Pup's red symbol on the field makes it 2
    game = position("""
        turn: 3
        turn_player: 0
        players:
          - {life: 5, reserve: 5, hand: [S-UNL], field: [{card: S-PUP, cores: 1}]}
          - {life: 5}
    """)
    drake = game.state.players[0].hand[0]
    from bss_desktop.engine.commands import Summon

    err = refused(game, Summon(0, drake, (("reserve", 3),), False, (("reserve", 1),), False), "STD 11-1-1-5")
    assert "costs 2 after reduction" in str(err)
    game.apply(Summon(0, drake, (("reserve", 2),), False, (("reserve", 1),), False))
    assert game.state.players[0].reserve == 2


def test_std_9_1_8_1_3_between_two_substitutions_the_turn_player_decides_in_saga_the_owner():
    text = """
        turn: 3
        turn_player: 0
        players:
          - {life: 5, hand: [S-SMITE]}
          - {life: 5, field: [{card: S-PUP, cores: 1}, {card: S-AEGIS, cores: 0}, {card: S-AEGIS, cores: 0}]}
    """
    for game_id, chooser in (("standard", 0), ("bss", 1)):
        game = position(text, game=game_id)
        game.apply(UseMagic(0, game.state.players[0].hand[0]))
        while game.pending.kind == "choose" and game.pending.info["kind"] == "target":
            game.apply(game.legal_commands()[0])
        assert game.pending.info["kind"] == "substitute" and len(game.pending.info["options"]) == 2
        assert game.pending.player == chooser, game_id


# ---------------------------------------------------------------- 《Succession》 (STD 12-2-1-3)

HEIR = """
    turn: 3
    turn_player: 0
    players:
      - {life: 5, reserve: 6, hand: [S-HEIR], trash: [S-EXP, S-EXP, S-EXP, S-PUP, S-EXP, S-EXP],
         field: [{card: S-PUP, cores: 1}]}
      - {life: 5}
"""


def test_std_12_2_1_3_succession_removes_ex_cards_of_the_trash_each_satisfying_a_reduction_symbol():
    from bss_desktop.engine.commands import Summon

    game = position(HEIR)
    heir = game.state.players[0].hand[0]
    trash = game.state.players[0].trash
    ex = [i for i in trash if game.state.cards[i].cid == "S-EXP"]
    # one red symbol on the field reduces 1 (6 -> 5); three EX cards satisfy three more symbols: it costs 2
    cmd = Summon(0, heir, (("reserve", 2),), False, (("reserve", 1),), False, None, tuple(ex[:3]))
    events = game.apply(cmd)
    assert [e.data["dst"] for e in events if e.kind == "card_moved" and e.data["reason"] == "succession"] == ["exile"] * 3
    assert game.zone_cards(0, "exile") == ex[:3] and game.state.players[0].reserve == 3
    assert game.state.cards[heir].zone == "field"
    offered = [c for c in position(HEIR).legal_commands() if isinstance(c, Summon) and c.exile]
    assert [len(c.exile) for c in offered] == [1, 2, 3]  # each count that reduces: 4 symbols, 1 met by the field


def test_std_12_2_1_3_succession_refusals_name_the_rule_and_change_nothing():
    from bss_desktop.engine.commands import Summon

    game = position(HEIR)
    heir = game.state.players[0].hand[0]
    trash = game.state.players[0].trash
    ex = [i for i in trash if game.state.cards[i].cid == "S-EXP"]
    plain = next(i for i in trash if game.state.cards[i].cid == "S-PUP")
    pup = game.state.players[0].field[0]
    pay = (("reserve", 2),), False, (("reserve", 1),), False, None
    refused(game, Summon(0, heir, *pay, tuple(ex)), "STD 12-2-1-3-2-1")  # five cards for four symbols
    refused(game, Summon(0, heir, *pay, (ex[0], ex[0], ex[1])), "STD 12-2-1-3")  # a card twice
    refused(game, Summon(0, heir, *pay, (ex[0], ex[1], plain)), "STD 12-2-1-3")  # no EX symbol
    refused(game, Summon(0, heir, *pay, (ex[0], ex[1], pup)), "STD 12-2-1-3")  # not in the trash
    refused(game, Summon(0, heir, (("reserve", 3),), False, (("reserve", 1),), False, None, tuple(ex[:3])),
            "STD 11-1-1-5")  # three cards make it cost 2, not 3


def test_saga_has_no_succession_and_a_command_naming_cards_is_refused():
    from bss_desktop.engine.commands import Summon

    game = position(HEIR, game="bss")
    heir = game.state.players[0].hand[0]
    ex = [i for i in game.state.players[0].trash if game.state.cards[i].cid == "S-EXP"]
    err = refused(game, Summon(0, heir, None, False, None, False, None, tuple(ex[:1])), "CR 2-7-3")
    assert "no 《Succession》" in str(err)
    assert not [c for c in game.legal_commands() if isinstance(c, Summon) and c.exile]


def test_std_the_exile_field_is_checked_for_its_shape_and_records_omit_it_when_empty():
    import pytest as _pytest

    from bss_desktop.engine.commands import CommandFormatError, Summon, command_from_dict

    assert "exile" not in Summon(0, 5).to_dict()  # Saga's records stay as they were
    assert command_from_dict(Summon(0, 5, exile=(7, 8)).to_dict()).exile == (7, 8)
    for bad in ([1] * 13, "7", [True], [[1]], {"a": 1}):
        with _pytest.raises(CommandFormatError) as e:
            command_from_dict({"type": "summon", "player": 0, "card": 5, "exile": bad})
        assert e.value.field.startswith("exile")


def test_std_5_15_2_a_when_exhausted_effect_of_a_spirit_refreshed_again_does_not_resolve():
    # Springback Stag attacks: it is exhausted ("when exhausted": draw 1) and attacks ("when attacks": refresh
    # this). Its owner resolves the refresh first: the draw no longer resolves in Standard; Saga draws
    for game_id, draws in (("standard", 0), ("bss", 1)):
        game, events, drawn, stag = attack_resolving_first(game_id, "S-SPRING", 1)
        assert not game.state.cards[stag].exhausted
        assert drawn == draws, game_id
        if game_id == "standard":
            assert ("effect_fizzled", "refreshed") in [(e.kind, e.data.get("reason")) for e in events]


def test_std_9_1_2_2_cannot_comes_before_must_a_spirit_that_cannot_block_need_not_block_confront():
    game = position("""
        turn: 3
        turn_player: 0
        players:
          - {life: 5, hand: [S-CHAIN], field: [{card: S-RAM, cores: 1}]}
          - {life: 5, field: [{card: S-PUP, cores: 1}]}
    """)
    game.apply(UseMagic(0, game.state.players[0].hand[0]))  # the opponent's spirits cannot block this turn
    game.apply(EndMain(0))
    game.apply(Attack(0, game.state.players[0].field[0]))  # 【Confront】: the defender must block if it can
    game.apply(Pass(1))
    game.apply(Pass(0))
    assert game.pending.kind == "block"
    assert game.legal_commands() == [Block(1, None)]  # "cannot" wins over "must"
    game.apply(Block(1, None))


def test_std_2_1_2_1_a_partial_name_matches_every_card_whose_name_contains_it():
    game = position("""
        turn: 3
        turn_player: 0
        players:
          - {life: 5, hand: [S-NAMED]}
          - {life: 5, field: [{card: S-PUP, cores: 1}, {card: S-LAST, cores: 1}, {card: S-RASH, cores: 1}]}
    """)
    pup, last, rash = game.state.players[1].field
    game.apply(UseMagic(0, game.state.players[0].hand[0]))
    assert game.pending.kind == "choose" and set(game.pending.info["options"]) == {last, rash}  # "…Cinder"


def test_std_1_3_7_at_life_0_the_game_ends_at_once_and_no_triggered_effect_resolves():
    game = position("""
        turn: 3
        turn_player: 0
        step: attack
        players:
          - {life: 5, field: [{card: S-BIG, cores: 1}]}
          - {life: 1, field: [{card: S-SCAR, cores: 1}]}
    """)
    hand = len(game.state.players[1].hand)
    events = attack(game)
    assert game.over and game.result.winner == 0
    assert len(game.state.players[1].hand) == hand and not game.state.queue  # Scar Keeper's draw never resolved
    assert [e.kind for e in events][-1] == "game_over"


def test_std_1_3_8_an_empty_deck_in_the_start_step_ends_the_game_before_any_start_step_effect():
    game = position("""
        turn: 3
        turn_player: 0
        step: second_main
        players:
          - {life: 5}
          - {life: 5, deck: [], field: [{card: S-PUP, cores: 1}]}
    """)
    game.apply(EndMain(0))
    assert game.over and game.result.winner == 0 and "STD 1-3-2-2" in game.result.reason


def test_every_attribute_of_a_standard_game_is_shared_or_copied_by_clone():
    game = new_game()
    known = type(game).CLONE_SHARED | type(game).CLONE_COPIED
    assert set(vars(game)) <= known, set(vars(game)) - known
    twin = game.clone()
    assert type(twin) is StandardGame and set(vars(twin)) == set(vars(game))
    assert twin._levels_before is not game._levels_before


def test_std_9_1_5_7_the_non_turn_players_own_simultaneous_effects_are_ordered_by_that_player():
    # Quake destroys both of player 2's Last Cinders at once: their two "when destroyed" effects are player 2's
    # alone, so player 2 orders them in Standard; in Saga the turn player orders every simultaneous effect
    text = """
        turn: 3
        turn_player: 0
        players:
          - {life: 5, hand: [S-QUAKE]}
          - {life: 4, field: [{card: S-LAST, cores: 1}, {card: S-LAST, cores: 1}]}
    """
    for game_id, chooser in (("standard", 1), ("bss", 0)):
        game = position(text, game=game_id)
        game.apply(UseMagic(0, game.state.players[0].hand[0]))
        assert game.pending.kind == "choose" and game.pending.info["kind"] == "order", game_id
        assert game.pending.player == chooser, game_id


def test_std_7_9_1_1_this_turns_boost_is_gone_when_the_end_step_trigger_checks_it_in_saga_it_is_not():
    # Quick Kindling makes Ash Pup 3000 BP this turn; Dusk Bell draws at the start of the end step if its player
    # controls a 3000 BP spirit. Standard ends the boost first (STD 7-9-1-1): no draw. Saga's end step triggers
    # first (CR 6-8-1-1, 6-8-1-2): it draws
    text = """
        turn: 3
        turn_player: 0
        players:
          - {life: 5, reserve: 2, hand: [S-FLASH], field: [{card: S-PUP, cores: 1}, {card: S-BELL, cores: 0}]}
          - {life: 5}
    """
    for game_id, draws in (("standard", 0), ("bss", 1)):
        # (Saga: Flash magic in the main step by its setting, ruling 1; Standard: by its rule, STD 9-1-7-1-2)
        game = position(text + "    settings: {flash_in_main: true}\n" if game_id == "bss" else text, game=game_id)
        game.apply(next(c for c in game.legal_commands() if c.kind == "use_magic"))
        while game.pending.kind == "choose":
            game.apply(game.legal_commands()[0])
        assert game.bp(game.state.players[0].field[0]) == 3000
        hand = len(game.state.players[0].hand)
        events = game.apply(EndMain(0))  # the attack step
        if game_id == "standard":
            events += game.apply(EndAttack(0))  # the Second Main Step
            events += game.apply(EndMain(0))
        else:
            events += game.apply(EndAttack(0))
        own = [e for e in events if e.kind == "draw" and e.data["player"] == 0]
        assert len(own) == draws, game_id
