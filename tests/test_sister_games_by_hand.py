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
    shipped = game_decks(db, profile)
    pair = {"bos": ("iron-legion", "shadow-court")}.get(game_id)  # (Battle of Souls ships four decks: these two)
    decks = [shipped[n] for n in pair] if pair else list(shipped.values())[:2]
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


def to_refresh_step(game, p: int) -> None:
    """The start of player `p`'s Battle Spirits turn by hand, up to its refresh step: the start step, a core from
    the void in the core step (STD 7-3-2), the draw step's card (7-4-2)."""
    step(game, "start")
    step(game, "core")
    game.apply(ManualCores(p, p, "void", "reserve", 1))
    step(game, "draw")
    game.apply(ManualDeck(p, p, "hand", 1))
    step(game, "refresh")


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

STD_SEED = 2118


def main_step_summon(game, p: int):
    """A Summon of a spirit from player p's hand that the rules offer now, or None."""
    return next((c for c in game.legal_commands() if c.kind == "summon"), None)


def test_std_7_1_1_a_sandbox_game_by_its_rules_through_every_step_with_moves_by_hand_four_turns():
    """Standard has its rules module: its sandbox (Ruleset(sandbox=True)) plays the rules' steps and actions, and
    the moves a player makes by hand at a table come on top, as in Saga's. Four turns from the shipped decks:

    - the opening (STD 6-2-1-5…8): 4 cards, no bonus card; one mulligan, the hand shuffled in first;
    - every step in order (STD 7-1-1) with the first turn's skips (core, attack, second main: 7-3-3, 7-7-2, 7-8-2);
    - the core step's core (7-3-2), the draw step's card (7-4-2), the refresh step (7-5-2), where a card heavy
      exhausted by hand (5-16-1, ManualTurn) only becomes exhausted (5-14-2);
    - summons that pay their cost (11-1-1-5), a core moved by hand, attacks (8-1-1-1), blocks, life damage (8-1-5-1).
    """
    from bss_desktop.engine.commands import Attack, Block, EndAttack, EndMain, Pass

    game = start("standard", STD_SEED)
    st = game.state
    assert [len(p.hand) for p in st.players] == [4, 4]
    assert cores(game, 0) == (5, 3, 0, "reserve")  # 3 cores and the soul core in the reserve
    # ---- the opening: player 1 keeps; player 2 takes the one mulligan, its hand shuffled into the deck first
    game.apply(Mulligan(0, False))
    before = sorted(st.cards[i].cid for i in st.players[1].hand + st.players[1].deck)
    events = game.apply(Mulligan(1, True))
    assert [e.kind for e in events][:4] == ["mulligan", "card_moved", "card_moved", "card_moved"]
    assert len(st.players[1].hand) == 4  # no bonus card (STD 6-2-1-8)
    assert sorted(st.cards[i].cid for i in st.players[1].hand + st.players[1].deck) == before
    # turn 1 of player 1 ran by the rules to its main step: the draw step's card, no core step
    assert (st.turn, st.turn_player, st.step) == (1, 0, "main") and len(st.players[0].hand) == 5
    assert cores(game, 0) == (5, 3, 0, "reserve")
    refused(game, Mulligan(1, True))  # one mulligan only, and the first turn has begun

    summoned = []
    for turn in (1, 2, 3, 4):
        p = st.turn_player
        assert st.turn == turn and st.step == "main"
        summon = main_step_summon(game, p)
        if summon is not None:
            game.apply(summon)
            summoned.append(summon.card)
            assert st.cards[summon.card].zone == "field"
        if turn == 2 and summoned:  # a card heavy exhausted by hand (an effect would do it: STD 5-16-1)
            mine = [i for i in st.players[p].field]
            game.apply(ManualTurn(p, mine[0], "heavy_exhausted"))
            heavy = mine[0]
            assert st.cards[heavy].exhausted and st.table.marks[heavy].turn == "heavy_exhausted"
        events = game.apply(EndMain(p))
        if turn == 1:  # STD 7-7-2, 7-8-2: no attack or second main step on player 1's first turn
            steps = [e.data["step"] for e in events if e.kind == "step"]
            assert steps == ["end", "start", "core", "draw", "refresh", "main"]
            continue
        assert st.step == "attack"
        attackers = [c for c in game.legal_commands() if isinstance(c, Attack)]
        if attackers:
            life = st.players[1 - p].life
            game.apply(attackers[0])
            while st.stage == "flash":
                game.apply(Pass(game.pending.player))
            if st.stage == "block":
                game.apply(Block(1 - p, None))  # no block: life damage (STD 8-1-5-1)
            assert st.players[1 - p].life < life or game.over
        if game.over:
            break
        game.apply(EndAttack(p))
        assert st.step == "second_main"  # STD 7-8
        events = game.apply(EndMain(p))
        steps = [e.data["step"] for e in events if e.kind == "step"]
        assert steps[:2] == ["end", "start"] and "refresh" in steps
        if turn == 2 and summoned:  # player 1's refresh step (turn 3) is not the heavy exhausted card's owner's
            assert st.table.marks[heavy].turn == "heavy_exhausted"
        if turn == 3 and summoned:  # player 2's refresh step: heavy exhausted → exhausted (STD 5-14-2)
            assert st.cards[heavy].exhausted and heavy not in st.table.marks
    assert len(summoned) >= 3  # (the seed deals summonable spirits: the checks above all ran)
    round_trips(game)


# ====================================================================== Battle Spirits Eternal

EMBERKIT = "ETR1-052"  # Pactbound Emberkit: a contract spirit (cost 3, LV1 1 core 3000)
GAUNTLET = "ETR1-009"  # Cindergauntlet Wyrmling: Brave, cost 2, BP+ 2000 ("cost 2 or more"), LV1 1 core 2000
VERDICT = "ETR1-014"  # Flare Verdict: [Flash] magic, cost 3, destroys a spirit with 4000 BP or less
ACOLYTE, WISP = "ETR1-022", "ETR1-021"  # Hollowbell Acolyte (cost 1), Gloomcradle Wisp (cost 0): both Count makers
SPRITE = "ETR1-019"  # Ember Sprite: a token card, prepared outside the deck (ETR §Token Cards)
ETR_SEED = 85


def contract_deck(game_id: str = "eternal") -> list[list[str]]:
    """The shipped decks, player 1's (Godblade Ascension) with its Kilnheart Wyvern [2] traded for the contract card
    Pactbound Emberkit (a deck a player builds: still legal, ETR §Deck, §Contract Card)."""
    from bss_desktop.carddb.deck_rules import deck_issues, rules_of

    profile = get_profile(game_id)
    db = game_db(profile)
    decks = [list(d.cards) for d in list(game_decks(db, profile).values())[:2]]
    decks[0][decks[0].index("ETR1-060")] = EMBERKIT
    assert deck_issues(decks[0], db, rules_of(profile)) == []
    return decks


def test_etr_contract_card_game_setup_brave_count_and_battles_a_game_by_hand_for_five_turns():
    """Eternal, five turns by hand from the shipped decks (player 1's with a contract card):

    - ETR §Contract Card, §Game Setup: player 1 takes the contract card and draws 3; player 2, with none, has 4; no
      bonus card; Godblade Ascension's token cards start in its token pool, hidden from the other player
      (ETR §Token Cards);
    - the steps of Battle Spirits Saga (ETR §Turn Flow: no second main step), the first turn without core and
      attack steps; core, draw and refresh steps by hand, the soul core paying costs and coming back;
    - ETR §Brave: summoned, combined (its core moves onto the spirit; BP and symbols add up, so an unblocked attack
      takes 2 life), separated in a later main step with a core placed on it to keep it at LV1;
    - ETR §Using Magic: a Flash magic in the main step destroys a spirit (to the trash, its core to the reserve);
    - ETR §Count: cores from the void into the Count by hand;
    - a block, and the lower BP destroyed.
    """
    from bss_desktop.engine.table_cards import symbols

    game = start("eternal", ETR_SEED, contract_deck())
    st = game.state
    sprites = game.zone_cards(0, "token_pool")
    assert [st.cards[i].cid for i in sprites] == [SPRITE] * 3 and game.zone_cards(1, "token_pool") == []
    assert [len(p.hand) for p in st.players] == [0, 4]  # player 1 answers the contract card before any hand
    assert game.view(1)["players"][0]["areas"]["token_pool"] is None  # hidden from the other player
    # ---- the opening
    refused(game, Mulligan(0, False), "ETR §Contract Card", "contract card")
    game.apply(ContractOpening(0, EMBERKIT))
    emberkit = hand(game, 0, EMBERKIT)
    assert len(st.players[0].hand) == 4 and len(st.players[0].deck) == 39
    game.apply(Mulligan(0, False))
    game.apply(Mulligan(1, False))
    assert (st.turn, st.turn_player, st.table.step) == (1, 0, "start")
    assert cores(game, 0) == (5, 3, 0, "reserve")

    # ---- turn 1, player 1: start → draw → refresh → main → end
    step(game, "draw")
    game.apply(ManualDeck(0, 0, "hand", 1))
    step(game, "refresh")
    step(game, "main")
    game.apply(ManualSummon(0, emberkit))
    game.apply(ManualCores(0, 0, "reserve", "trash", 2, True))  # cost 3, nothing to reduce it: 2 cores + soul core
    assert cores(game, 0) == (5, 0, 2, "trash") and game.bp(emberkit) == 3000
    step(game, "end")

    # ---- turn 2, player 2: the Acolyte puts a core from the void into the Count, then attacks unblocked
    to_refresh_step(game, 1)
    step(game, "main")
    acolyte = hand(game, 1, ACOLYTE)
    game.apply(ManualSummon(1, acolyte))
    game.apply(ManualCores(1, 1, "reserve", "trash", 1))
    game.apply(ManualCores(1, 1, "void", "count", 1))  # its When Summoned (ETR §Count)
    assert st.table.pieces[1]["count"] == 1 and cores(game, 1) == (5, 2, 1, "reserve")
    step(game, "attack")
    game.apply(ManualExhaust(1, acolyte, True))
    game.apply(ManualCores(0, 0, "life", "reserve", 1))  # player 1 does not block: 1 symbol, 1 life
    step(game, "end")
    refused(game, ManualStep(1, "second_main"), "eternal profile: steps")  # Eternal has no second main step

    # ---- turn 3, player 1: the Brave, a Flash magic in the main step, an attack for 2 life
    to_refresh_step(game, 0)
    game.apply(ManualCores(0, 0, "trash", "reserve", 2, True))
    assert cores(game, 0) == (4, 4, 0, "reserve")
    step(game, "main")
    gauntlet = hand(game, 0, GAUNTLET)
    game.apply(ManualSummon(0, gauntlet))  # in spirit state, LV1 on 1 core (ETR §Brave: Summoning)
    game.apply(ManualCores(0, 0, "reserve", "trash", 1))  # cost 2 − 1 (the Emberkit's red symbol)
    game.apply(ManualAttach(0, gauntlet, emberkit))  # combine: no cost; its core moves onto the spirit
    assert st.cards[emberkit].cores == 2 and st.cards[gauntlet].cores == 0
    assert game.bp(emberkit) == 3000 + 2000 and len(symbols(game, emberkit)) == 2
    verdict = hand(game, 0, VERDICT)
    game.apply(ManualUse(0, verdict))  # Flash in the main step (ETR §Using Magic)
    game.apply(ManualCores(0, 0, "reserve", "trash", 1, True))  # cost 3 − 1: a core and the soul core
    assert game.bp(acolyte) <= 4000
    game.apply(ManualMove(1, acolyte, "trash"))  # destroyed: its core to player 2's reserve
    assert st.cards[acolyte].zone == "trash" and st.players[1].reserve == 3
    step(game, "attack")
    game.apply(ManualExhaust(0, emberkit, True))
    game.apply(ManualCores(1, 1, "life", "reserve", len(symbols(game, emberkit))))  # no spirit to block
    assert st.players[1].life == 3
    game.apply(ManualDeck(0, 0, "hand", 1))  # the Wyrmling's [While Braved]: the attack took life, draw 1
    step(game, "end")

    # ---- turn 4, player 2: a Wisp for a blocker
    to_refresh_step(game, 1)
    game.apply(ManualCores(1, 1, "trash", "reserve", 1))  # the Acolyte's cost; nothing of player 2's to refresh
    assert cores(game, 1) == (3, 7, 0, "reserve") and st.players[1].field == []
    step(game, "main")
    wisp = hand(game, 1, WISP)
    game.apply(ManualSummon(1, wisp))  # cost 0
    step(game, "attack")
    step(game, "end")

    # ---- turn 5, player 1: separate the Brave, attack, the Wisp blocks and is destroyed
    to_refresh_step(game, 0)
    game.apply(ManualExhaust(0, emberkit, False))
    game.apply(ManualCores(0, 0, "trash", "reserve", 2, True))
    assert not st.cards[emberkit].exhausted
    step(game, "main")
    game.apply(ManualAttach(0, gauntlet, None))  # separate (ETR §Brave: Combine and Separation)
    game.apply(ManualCores(0, 0, emberkit, gauntlet, 1))  # a core onto it so it stays at LV1
    assert (game.bp(emberkit), game.bp(gauntlet)) == (3000, 2000) and len(symbols(game, emberkit)) == 1
    step(game, "attack")
    game.apply(ManualExhaust(0, emberkit, True))
    game.apply(ManualExhaust(1, wisp, True))  # the block
    assert game.bp(emberkit) > game.bp(wisp)
    reserve = st.players[1].reserve
    game.apply(ManualMove(1, wisp, "trash"))
    game.apply(ManualCores(1, 1, "void", "count", 1))  # its "when destroyed": a core from the void to the Count
    assert st.players[1].reserve == reserve + 1 and st.table.pieces[1]["count"] == 2
    step(game, "end")
    step(game, "start")
    assert (st.turn, st.turn_player) == (6, 1) and st.players[0].field == [emberkit, gauntlet]
    assert st.players[1].life == 3 and st.players[0].life == 4
    round_trips(game)


RION, RAGNAVAR, IGNARA, COURIER_ETR = "ETR1-017", "ETR1-007", "ETR1-012", "ETR1-003"
WRAITH, LANCER = "ETR1-026", "ETR1-002"


def test_etr_rebirth_seal_grandwalker_and_token_cards_a_late_turn_by_hand_from_a_position():
    """Eternal, a late turn and the next by hand, from a position of the shipped set ETR1:

    - ETR §Token Cards: Ashwing Courier's When Summoned puts the Ember Sprite from the token pool onto the field
      (the other player learns what it is only then); when it leaves the field it goes back to the token pool;
    - ETR §Grandwalker Nexus: 【Divine Art】 moves a core from it to the void; when it leaves the field all its cores
      go to the void (digest row 59), not to the reserve;
    - ETR §Rebirth: Rion's attack takes a life, it flips to side B (its levels and BP), side B's "when flipped up"
      destroys a spirit; off the field it shows side A again;
    - ETR §Seal: Ragnavar's 《Seal》 moves the soul core from it to life, so it drops a level; the sealed soul core
      never goes to the void (ETR §Cores and the Soul Core).
    """
    db = game_db(get_profile("eternal"))
    game = game_from_position({"game": "eternal", "turn": 7, "turn_player": 0, "step": "main", "players": [
        {"life": 3, "reserve": 4, "soul_core": "field", "deck": [LANCER] * 8, "hand": [COURIER_ETR],
         "token_pool": [SPRITE],
         "field": [{"card": RION, "cores": 1}, {"card": RAGNAVAR, "cores": 2, "soul_core": True},
                   {"card": IGNARA, "cores": 3}]},
        {"life": 4, "reserve": 2, "deck": [LANCER] * 8,
         "field": [{"card": WRAITH, "cores": 1}, {"card": ACOLYTE, "cores": 1}]}]}, db, settings=SANDBOX)
    st = game.state
    rion, ragnavar, ignara = st.players[0].field
    wraith, acolyte = st.players[1].field
    sprite = game.zone_cards(0, "token_pool")[0]
    assert (game.level(ragnavar), game.level(ignara), game.bp(rion)) == (2, 2, 3000)
    # ---- main step: the Courier and its token
    courier = hand(game, 0, COURIER_ETR)
    game.apply(ManualSummon(0, courier))
    game.apply(ManualCores(0, 0, "reserve", "trash", 1))  # cost 3 − 2 (two red symbols on the field)
    game.apply(ManualMove(0, sprite, "field"))
    game.apply(ManualCores(0, 0, "void", sprite, 1))  # a token's LV1 core
    assert st.cards[sprite].zone == "field" and game.bp(sprite) == 1000
    assert next(e for e in game.view(1)["players"][0]["field"] if e["card"] == sprite)["cid"] == SPRITE
    # ---- 【Divine Art】: a core from the Grandwalker to the void, destroy a spirit of 4000 BP or less
    in_play = st.cores_in_play
    game.apply(ManualCores(0, 0, ignara, "void", 1))
    assert st.cores_in_play == in_play - 1 and game.level(ignara) == 1
    game.apply(ManualMove(1, acolyte, "trash"))
    assert st.players[1].reserve == 3
    # ---- the attack step: Rion's attack takes a life, 《Rebirth》
    step(game, "attack")
    game.apply(ManualExhaust(0, rion, True))
    game.apply(ManualCores(1, 1, "life", "reserve", 1))  # player 2 does not block with the Wraith
    game.apply(ManualSide(0, rion, True))
    assert (game.level(rion), game.bp(rion)) == (1, 6000) and st.cards[rion].exhausted
    assert game.bp(wraith) <= 6000
    game.apply(ManualMove(1, wraith, "trash"))  # side B's "when this side is flipped up": destroy it
    assert st.players[1].field == [] and st.players[1].reserve == 5
    # ---- Ragnavar attacks: 《Seal》 the soul core from it to life; no spirit blocks: 1 symbol, 1 life
    game.apply(ManualExhaust(0, ragnavar, True))
    game.apply(ManualCores(0, 0, ragnavar, "life", 0, True))
    assert st.players[0].soul == "life" and st.cards[ragnavar].cores == 2 and game.level(ragnavar) == 1
    assert game.view(1)["players"][0]["soul"] == "life"
    refused(game, ManualCores(0, 0, "life", "void", 0, True), "ETR §Cores and the Soul Core", "void")
    game.apply(ManualCores(1, 1, "life", "reserve", 1))
    assert (st.players[0].life, st.players[1].life) == (3, 2)
    step(game, "end")
    # ---- turn 8, player 2: effects resolved by hand destroy the Grandwalker and the token
    to_refresh_step(game, 1)
    step(game, "main")
    in_play, reserve = st.cores_in_play, st.players[0].reserve
    game.apply(ManualMove(1, ignara, "trash"))
    assert st.cores_in_play == in_play - 2 and st.players[0].reserve == reserve  # its 2 cores to the void
    game.apply(ManualMove(0, sprite, "token_pool"))  # the Ember Sprite's own text: back to the token pool
    assert game.zone_cards(0, "token_pool") == [sprite] and st.players[0].reserve == reserve + 1
    game.apply(ManualMove(1, rion, "hand"))  # returned to the hand: it shows side A again (ETR §Rebirth)
    assert st.cards[rion].zone == "hand" and rion not in st.table.marks and st.players[0].reserve == reserve + 2
    assert st.players[0].soul == "life"  # sealed until an effect moves it
    round_trips(game)


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


# ====================================================================== Battle of Souls

# seeds whose shuffles play every row of BOS §Battle Damage between them (ATK against ATK or against RST; no fighter)
BOS_GAMES = {84: ["rest lose", "attack win", "direct"], 47: ["rest tie", "attack tie"],
             13: ["rest win", "attack lose"], 131: ["rest lose", "attack tie"]}


def bos_hand(game, p: int, kind: str, **fields) -> int:
    """The first card of player p's hand of type `kind` whose fields match (`class`, `subtype`, `atk_mod`)."""
    st = game.state
    return next(i for i in st.players[p].hand if game.db[st.cards[i].cid].type == kind and all(
        game.db[st.cards[i].cid].extra.get(k) == v for k, v in fields.items()))


def sp(game) -> list[int]:
    return [t["sp"] for t in game.state.table.trackers]


def stat(game, iid: int, name: str) -> int:
    from bss_desktop.engine import table_stats

    return table_stats.breakdown(game, iid)[name]["value"]


def kills(game, iid: int) -> int:
    m = game.state.table.marks.get(iid)
    return m.counters.get("kill", 0) if m else 0


def battle(game, attacker: int, target: int | None) -> str:
    """BOS §Battle Step and §Battle Damage by hand: mark the attack, then the row of the Battle Damage table that
    the fighters' current ATK/RST give, its moves made by hand (fighters to the discard pile, Soul Points moved from
    the loser to the winner, a kill token on the fighter that won); what each row says is checked. Returns the row."""
    st = game.state
    me = st.cards[attacker].owner
    them = 1 - me
    game.apply(ManualAttacked(me, attacker))
    assert not st.cards[attacker].exhausted  # attacking does not rest the fighter (digest §3.3 defect 7)
    before, atk = sp(game), stat(game, attacker, "atk")
    attacker_kills = kills(game, attacker)
    if target is None:
        assert game.zone_cards(them, "fighter") == []  # only with no fighter to attack (BOS §Battle Step)
        row, damage, destroyed, winner = "direct", atk, [], None
    else:
        resting = st.cards[target].exhausted  # rest position: ATK against RST
        other = stat(game, target, "rst" if resting else "atk")
        kind = "rest" if resting else "attack"
        if atk > other:
            row, damage, destroyed, winner = f"{kind} win", 0 if resting else atk - other, [target], attacker
        elif atk == other:
            row, damage, destroyed, winner = f"{kind} tie", 0, [] if resting else [attacker, target], None
        else:
            row, damage, destroyed = f"{kind} lose", atk - other, [] if resting else [attacker]
            winner = None if resting else target
    if damage > 0:  # subtracted from the opponent's SP and added to the attacker's
        game.apply(ManualTracker(me, them, "sp", "transfer", damage))
    elif damage < 0:
        game.apply(ManualTracker(me, me, "sp", "transfer", -damage))
    after = sp(game)
    assert sum(after) == sum(before) and after[me] - before[me] == damage
    if winner is not None:  # BOS §Kill Tokens: the fighter that won the battle (the defender's too)
        game.apply(ManualCounter(st.cards[winner].owner, winner, "kill", 1))
        assert kills(game, winner) >= 1
    for f in destroyed:
        attached = game.state.table.attached_to(f)
        game.apply(ManualMove(st.cards[f].owner, f, "discard"))
        assert all(st.cards[i].zone == "discard" for i in attached)  # its equipment goes with it
    if winner == attacker:
        assert kills(game, attacker) == attacker_kills + 1
    for f in destroyed:
        assert st.cards[f].zone == "discard"
    return row


@pytest.mark.parametrize("seed", list(BOS_GAMES))
def test_bos_getting_started_turn_structure_battle_damage_kill_tokens_tactics_equipment_and_deck_out_by_hand(seed):
    """Battle of Souls played whole by hand from the shipped decks (Iron Legion vs Shadow Court), to its end:

    - Getting Started 5 / Rule Update 2: 5 cards; a hand with 2 Warriors may not be redrawn; one with fewer is
      shown and redrawn, the other player agrees again, and the first turn waits until both are satisfied;
    - §Turn Structure: draw, ready, main I, battle, main II, end; the first player has no battle phase on turn 1;
    - §Ready Phase: all rest-position fighters back to attack position at once; §Main Phase I: one fighter
      deployed a turn, equipment and tactics placed; §Equipment Cards (Attached): the bonus on the fighter;
      §Tactic Cards: set face down, activated on a later turn without a warning;
    - §Battle Step / §Battle Damage: each attack marked (the fighter stays upright), the rows of the damage
      table played by hand (SP moved from loser to winner, zero-sum), kill tokens to the winners;
    - §End Phase: a hand over 7 is reminded and discarded down to 6;
    - §Draw Phase: a player who has to draw from an empty deck loses the battle.
    """
    game = start("bos", seed)
    st, db = game.state, game.db
    assert [len(p.hand) for p in st.players] == [5, 5] and sp(game) == [8000, 8000]
    assert len(game.zone_cards(0, "side")) == 7 and game.view(1)["players"][0]["areas"]["side"] is None
    warriors = [sum(db[st.cards[i].cid].extra.get("class") == "Warrior" for i in p.hand) for p in st.players]
    assert warriors[0] >= 2 > warriors[1]
    # ---- the opening (BOS Getting Started 5, Rule Update 2)
    refused(game, Mulligan(0, True), "BOS Rule Update 2", "fewer than 2 Warrior-class fighters")
    game.apply(Mulligan(0, False))
    shown = list(st.players[1].hand)
    events = game.apply(Mulligan(1, True))  # fewer than 2 Warriors: shown, shuffled back, 5 new cards
    assert next(e for e in events if e.data.get("what") == "reveal").data["cards"] == shown
    assert len(st.players[1].hand) == 5 and st.stage == "mulligan" and game.pending.player == 0
    game.apply(Mulligan(0, False))  # everyone agrees again
    game.apply(Mulligan(1, False))
    assert (st.turn, st.turn_player, st.table.step, st.stage) == (1, 0, "draw", "main")
    rows = []

    # ---- turn 1, player 1: draw → ready → main I → main II → end (no battle phase on the first turn)
    game.apply(ManualDeck(0, 0, "hand", 1))
    step(game, "ready")
    refused(game, ManualReady(0, 0), "", "attack position already")  # no fighter in rest position
    step(game, "main1")
    a = bos_hand(game, 0, "fighter", **{"class": "Warrior"})
    game.apply(ManualMove(0, a, "fighter"))  # deploy (one a turn)
    blade = bos_hand(game, 0, "equipment", subtype="Attached")
    game.apply(ManualMove(0, blade, "equipment"))  # face up: activated, attached to the fighter
    game.apply(ManualAttach(0, blade, a))
    bonus = db[st.cards[blade].cid].extra.get("atk_mod", 0)
    assert stat(game, a, "atk") == db[st.cards[a].cid].extra["atk"] + bonus
    tactic = bos_hand(game, 0, "tactic")
    game.apply(ManualMove(0, tactic, "tactic"))  # set face down
    assert st.table.marks[tactic].down and st.table.marks[tactic].set_this_turn
    assert game.view(1)["players"][0]["areas"]["tactic"][0].get("cid") is None
    game.apply(ManualTurn(0, a, "rest"))  # a change of battle position (not an effect activation)
    step(game, "main2")
    step(game, "end")

    # ---- turn 2, player 2: a fighter deployed attacks the rest-position fighter (ATK against RST)
    step(game, "draw")
    assert (st.turn, st.turn_player) == (2, 1)
    game.apply(ManualDeck(1, 1, "hand", 1))
    step(game, "ready")
    step(game, "main1")
    b = bos_hand(game, 1, "fighter", **{"class": "Warrior"})
    game.apply(ManualMove(1, b, "fighter"))
    step(game, "battle")
    rows.append(battle(game, b, a))
    refused(game, ManualAttacked(1, b), "BOS §Battle Step", "one attack per fighter per turn")
    step(game, "main2")
    step(game, "end")

    # ---- turn 3, player 1: ready, the tactic activated, a second fighter, attacks until player 2 has no fighter
    step(game, "draw")
    assert st.table.marks.get(b) is None or not st.table.marks[b].attacked  # the turn's marks went
    game.apply(ManualDeck(0, 0, "hand", 1))
    step(game, "ready")
    if st.cards[a].zone == "fighter":
        game.apply(ManualReady(0, 0))  # BOS §Ready Phase: rest → attack position, all at once
        assert not st.cards[a].exhausted
    step(game, "main1")
    events = game.apply(ManualFlip(0, tactic, False))  # set last turn: activated with no warning
    assert not [e for e in events if e.kind == "table_warning"]
    game.apply(ManualMove(0, tactic, "discard"))  # a One-Turn tactic goes to the discard pile once resolved
    c = bos_hand(game, 0, "fighter", **{"class": "Warrior"})
    game.apply(ManualMove(0, c, "fighter"))
    step(game, "battle")
    for fighter in game.zone_cards(0, "fighter"):
        targets = game.zone_cards(1, "fighter")
        rows.append(battle(game, fighter, targets[0] if targets else None))
    step(game, "main2")
    step(game, "end")

    # ---- then turn after turn of draws, with the end phase's hand limit, until a deck runs out
    loser, reminders = None, 0
    while loser is None:
        step(game, "draw")
        p = st.turn_player
        events = game.apply(ManualDeck(p, p, "hand", 1))
        if any(e.kind == "deck_out" for e in events):
            loser = p
            break
        for s in ("ready", "main1", "battle", "main2"):
            step(game, s)
        events = game.apply(ManualStep(p))
        assert st.table.step == "end"
        reminded = [e.data for e in events if e.kind == "table_warning" and e.data["what"] == "hand_limit"]
        assert bool(reminded) == (len(st.players[p].hand) > 7)
        if reminded:  # BOS §End Phase: more than 7 cards, discard down to 6
            assert reminded[0]["rule"] == "BOS §End Phase" and reminded[0]["down_to"] == 6
            reminders += 1
            for iid in st.players[p].hand[6:]:
                game.apply(ManualMove(p, iid, "discard"))
        assert len(st.players[p].hand) <= 7
    assert st.table.deck_out[loser] and st.players[loser].deck == []
    assert loser == 0 and reminders > 0  # the first player draws first and runs out first
    refused(game, ManualDeck(loser, loser, "hand", 1), "BOS §Draw Phase", "already lost")
    assert rows == BOS_GAMES[seed], rows
    round_trips(game)


def test_bos_battle_damage_every_row_is_played_by_one_of_the_games():
    rows = {r for played in BOS_GAMES.values() for r in played}
    assert rows == {f"{k} {r}" for k in ("attack", "rest") for r in ("win", "tie", "lose")} | {"direct"}
