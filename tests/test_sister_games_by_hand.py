"""Each sister game played whole by hand in its sandbox, as an acceptance test of issue 26 ("the scenarios that a
physical table allows are playable by hand in its sandbox; a test per scenario plays it through the commands").

Every game starts as the app starts it (`Game.new` with the shipped decks of `cards/<game>/decks`, their side decks,
the profile, `Ruleset(sandbox=True)`), answers the opening as its profile says, and then plays whole turns through
`game.apply` with the manual moves a player makes at a physical table. The seeds are fixed, so the hands are known;
each test looks its cards up by id and fails if the shuffle ever deals them otherwise. At the end of each scenario
the game's record replays to the same state hash and a saved position loads back to the same state.

STD = ../shared/rules/001 (rule numbers), ETR = ../shared/rules/003 (sections), BOS = ../shared/rules/004 (sections).
"""
from __future__ import annotations

import pytest

from bss_desktop.carddb.database import game_db
from bss_desktop.carddb.deck_formats import game_decks
from bss_desktop.engine.commands import (ContractOpening, ManualAttach, ManualAttacked, ManualCores,
                                         ManualCounter, ManualDeck, ManualExhaust, ManualFlip, ManualMove,
                                         ManualReady, ManualSide, ManualStep, ManualSummon, ManualTracker,
                                         ManualTurn, ManualUse, Mulligan)
from bss_desktop.engine.errors import IllegalCommand
from bss_desktop.engine.game import Game
from bss_desktop.engine.position import game_from_position, position_from_game
from bss_desktop.engine.record import replay, to_record
from bss_desktop.engine.settings import Ruleset
from bss_desktop.table import get_profile

SANDBOX = Ruleset(sandbox=True)


def start(game_id: str, seed: int, cards=None) -> Game:
    """A sandbox game as the app starts one (app/main.py, app/demo_table.py): the shipped decks and side decks."""
    profile = get_profile(game_id)
    db = game_db(profile)
    decks = list(game_decks(db, profile).values())[:2]
    cards = cards or [d.cards for d in decks]
    return Game.new(db, cards, seed, first_player=0, settings=SANDBOX, deck_names=[d.name for d in decks],
                    profile=profile, sides=[d.side for d in decks])


def hand(game, p: int, cid: str) -> int:
    """The instance id of a card `cid` in player p's hand (the seed deals it there)."""
    st = game.state
    return next(i for i in st.players[p].hand if st.cards[i].cid == cid)


def step(game, expected: str) -> None:
    """ManualStep to the next step of the profile, by the turn player; the step reached is `expected`."""
    game.apply(ManualStep(game.state.turn_player))
    assert game.state.table.step == expected, (game.state.turn, game.state.table.step)


def refused(game, cmd, rule: str = "", words: str = "") -> None:
    before = game.state.hash()
    with pytest.raises(IllegalCommand) as e:
        game.apply(cmd)
    assert game.state.hash() == before, "a refused command changed the state"
    assert rule in e.value.rule and words in e.value.message, e.value


def round_trips(game) -> None:
    """The record replays to the same state hash; a saved position loads back to the same table (a position numbers
    the cards afresh, so the saved forms are compared, and a second load is the same state)."""
    assert replay(to_record(game), game.db).state.hash() == game.state.hash()
    saved = position_from_game(game)
    again = game_from_position(saved, game.db, settings=SANDBOX)
    assert position_from_game(again) == saved
    assert game_from_position(saved, game.db, settings=SANDBOX).state.hash() == again.state.hash()


def cores(game, p: int):
    pl = game.state.players[p]
    return pl.life, pl.reserve, pl.trash_cores, pl.soul


# ====================================================================== Battle Spirits Standard

SENTINEL, KILN, WARDEN = "STD1-008", "STD1-017", "STD1-041"  # Pyrewatch Sentinel; Kiln Surge; Frostveil Warden
EMBERPIP, COURIER = "STD1-001", "STD1-002"  # cost-1 and cost-2 red spirits
STD_SEED = 2118


def test_std_6_2_7_1_3_2_7_4_2_7_5_2_8_1_a_standard_game_by_hand_through_every_step_for_four_turns():
    """Standard, four turns by hand from the shipped decks (Crimson Vanguard vs Tidal Archive):

    - the opening (STD 6-2-1-5…8, digest §2.3): 4 cards, no bonus card; one mulligan, the hand shuffled in first;
    - every step in order (STD 7-1-1) with the first turn's skips (core, attack, second main: 7-3-3, 7-7-2, 7-8-2);
    - the core step (7-3-2: a core from the void), the draw step (7-4-2), the refresh step (7-5-2: every card
      refreshed, the trash's cores with the soul core back to the reserve; a heavy exhausted card only exhausted,
      5-14-2);
    - summoning with the helper (7-6-1-2-1) and paying the cost by hand, the soul core included (5-7-3);
    - Soul Magic (12-2-1-2-1) used as Flash in the main step (9-1-7-1-2, 12-2-1-5-1);
    - attacks exhaust (8-1-1-1), a block exhausts (8-1-3-1), an unblocked attack moves life cores to the reserve
      (8-1-5-1), the lower BP is destroyed (8-1-6-1) and its cores go to the reserve (CR 3-5-5).
    """
    game = start("standard", STD_SEED)
    st = game.state
    assert [len(p.hand) for p in st.players] == [4, 4] and [len(p.deck) for p in st.players] == [39, 38]
    assert cores(game, 0) == (5, 3, 0, "reserve")  # 3 cores and the soul core in the reserve
    # ---- the opening: player 1 keeps; player 2 takes the one mulligan, its hand shuffled into the deck first
    game.apply(Mulligan(0, False))
    before = sorted(st.cards[i].cid for i in st.players[1].hand + st.players[1].deck)
    game.apply(Mulligan(1, True))
    assert len(st.players[1].hand) == 4 and len(st.players[1].deck) == 38  # no bonus card (STD 6-2-1-5…8)
    assert sorted(st.cards[i].cid for i in st.players[1].hand + st.players[1].deck) == before
    assert (st.turn, st.turn_player, st.table.step, st.stage) == (1, 0, "start", "main")
    refused(game, Mulligan(1, True))  # one mulligan only, and the first turn has begun

    # ---- turn 1, player 1: start → draw → refresh → main → end (core, attack, second main skipped)
    step(game, "draw")
    game.apply(ManualDeck(0, 0, "hand", 1))  # STD 7-4-2
    assert len(st.players[0].hand) == 5
    step(game, "refresh")
    step(game, "main")
    sentinel = hand(game, 0, SENTINEL)
    game.apply(ManualSummon(0, sentinel, 1))  # LV1: 1 core from the reserve
    game.apply(ManualCores(0, 0, "reserve", "trash", 2))  # its cost 2 (no red symbol on the field to reduce it)
    assert (game.level(sentinel), game.bp(sentinel)) == (1, 2000) and cores(game, 0) == (5, 0, 2, "reserve")
    kiln = hand(game, 0, KILN)
    game.apply(ManualUse(0, kiln))  # a Flash magic in the main step (STD 9-1-7-1-2)
    game.apply(ManualCores(0, 0, "reserve", "trash", 0, True))  # Soul Magic: red: only the soul core pays it
    assert st.cards[kiln].zone == "trash" and cores(game, 0) == (5, 0, 2, "trash")
    step(game, "end")
    refused(game, ManualStep(0, "battle"), "standard profile: steps")

    # ---- turn 2, player 2: every step, second main included
    step(game, "start")
    assert (st.turn, st.turn_player) == (2, 1)
    step(game, "core")
    in_play = st.cores_in_play
    game.apply(ManualCores(1, 1, "void", "reserve", 1))  # STD 7-3-2
    assert st.players[1].reserve == 4 and st.cores_in_play == in_play + 1
    step(game, "draw")
    game.apply(ManualDeck(1, 1, "hand", 1))
    step(game, "refresh")
    step(game, "main")
    warden = hand(game, 1, WARDEN)
    game.apply(ManualSummon(1, warden))  # its lowest level, LV1 on 1 core
    game.apply(ManualCores(1, 1, "reserve", "trash", 2, True))  # cost 3: 2 cores and the soul core (STD 5-7-3)
    assert cores(game, 1) == (5, 1, 2, "trash") and game.bp(warden) == 3000
    game.apply(ManualTurn(1, sentinel, "heavy_exhausted"))  # its [When Summoned]: heavy exhaust (STD 5-16-1)
    assert st.cards[sentinel].exhausted and st.table.marks[sentinel].turn == "heavy_exhausted"
    step(game, "attack")
    game.apply(ManualExhaust(1, warden, True))  # STD 8-1-1-1: the attacker exhausts
    # player 1's only spirit is heavy exhausted (counts as exhausted): no block, so life goes down by the
    # attacker's one symbol (STD 8-1-5-1), the core to player 1's reserve
    game.apply(ManualCores(0, 0, "life", "reserve", len(game.db[WARDEN].symbols)))
    assert cores(game, 0) == (4, 1, 2, "trash")
    step(game, "second_main")
    step(game, "end")

    # ---- turn 3, player 1
    step(game, "start")
    step(game, "core")
    game.apply(ManualCores(0, 0, "void", "reserve", 1))
    step(game, "draw")
    game.apply(ManualDeck(0, 0, "hand", 1))
    step(game, "refresh")  # STD 7-5-2: refresh all, the trash's cores (the soul core too) to the reserve
    game.apply(ManualExhaust(0, sentinel, False))
    assert st.cards[sentinel].exhausted and sentinel not in st.table.marks  # heavy exhausted → exhausted (5-14-2)
    game.apply(ManualCores(0, 0, "trash", "reserve", 2, True))
    assert cores(game, 0) == (4, 4, 0, "reserve")
    step(game, "main")
    emberpip, courier = hand(game, 0, EMBERPIP), hand(game, 0, COURIER)
    game.apply(ManualSummon(0, emberpip))  # cost 1, reduced by 1 (the Sentinel's red symbol): nothing to pay
    game.apply(ManualSummon(0, courier))
    game.apply(ManualCores(0, 0, "reserve", "trash", 1))  # cost 2 − 1
    assert cores(game, 0) == (4, 1, 1, "reserve")
    step(game, "attack")
    refused(game, ManualExhaust(0, sentinel, True), "", "already")  # still exhausted: it cannot attack
    game.apply(ManualExhaust(0, emberpip, True))
    # the Warden attacked last turn and stays exhausted until player 2's refresh step: no blocker
    assert st.cards[warden].exhausted
    game.apply(ManualCores(1, 1, "life", "reserve", 1))
    assert cores(game, 1)[:2] == (4, 2)
    step(game, "second_main")
    step(game, "end")

    # ---- turn 4, player 2: the Warden attacks, the Courier blocks; 3000 BP against 2000: the Courier is destroyed
    step(game, "start")
    step(game, "core")
    game.apply(ManualCores(1, 1, "void", "reserve", 1))
    step(game, "draw")
    game.apply(ManualDeck(1, 1, "hand", 1))
    step(game, "refresh")
    game.apply(ManualExhaust(1, warden, False))
    game.apply(ManualCores(1, 1, "trash", "reserve", 2, True))
    assert cores(game, 1) == (4, 5, 0, "reserve") and not st.cards[warden].exhausted
    step(game, "main")
    step(game, "attack")
    game.apply(ManualExhaust(1, warden, True))
    game.apply(ManualExhaust(0, courier, True))  # STD 8-1-3-1: the blocker exhausts
    assert game.bp(warden) > game.bp(courier)  # STD 8-1-6-1: the lower BP is destroyed
    reserve = st.players[0].reserve
    game.apply(ManualMove(0, courier, "trash"))
    assert st.cards[courier].zone == "trash" and st.players[0].reserve == reserve + 1  # its core to the reserve
    step(game, "second_main")
    step(game, "end")
    step(game, "start")
    assert (st.turn, st.turn_player) == (5, 0) and st.players[0].field == [sentinel, emberpip]
    assert st.players[0].trash == [kiln, courier]  # STD 4-4-2: in the order they went there
    round_trips(game)


# ====================================================================== Battle Spirits Eternal

SPRITE = "ETR1-019"  # Ember Sprite: a token card, prepared outside the deck (ETR §Token Cards)
LANCER = "ETR1-002"


@pytest.mark.parametrize("to", ["trash", "hand", "deck", "token_pool"])
def test_etr_glossary_token_a_token_card_leaving_the_field_returns_to_the_token_pool(to):
    """ETR glossary, Token: "A card prepared outside the Deck ... When it leaves the Field, it returns to its original
    location": wherever it is sent, the token pool (it used to leave the game, as a Saga token does, CR 4-12-3);
    its core goes to the reserve. A token made by hand (ManualToken) still leaves the game."""
    from bss_desktop.engine.commands import ManualToken

    db = game_db(get_profile("eternal"))
    game = game_from_position({"game": "eternal", "turn": 3, "turn_player": 0, "step": "main", "players": [
        {"life": 5, "reserve": 3, "deck": [LANCER] * 4, "token_pool": [SPRITE, SPRITE]},
        {"life": 5, "reserve": 3, "deck": [LANCER] * 4}]}, db, settings=SANDBOX)
    st = game.state
    sprite, other = game.zone_cards(0, "token_pool")
    game.apply(ManualMove(0, sprite, "field", cores=1))
    game.apply(ManualMove(0, sprite, to))
    assert st.cards[sprite].zone == "token_pool" and game.zone_cards(0, "token_pool") == [other, sprite]
    assert st.players[0].reserve == 3 and st.players[0].deck == [i for i in st.players[0].deck if i != sprite]
    game.apply(ManualToken(0, 0, "Shade", "purple", 1000))
    made = st.players[0].field[0]
    game.apply(ManualMove(0, made, "trash"))
    assert st.cards[made].zone == "removed" and st.players[0].trash == []
    round_trips(game)
