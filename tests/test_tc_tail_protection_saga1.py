"""The shipped set's cards for the words of the tail of issue 28, family "protection" (cards/sets/saga1.yaml,
SG1-233 … SG1-236): each trigger twice and each new condition key on a card (tests/test_saga1_set.py checks the
coverage), each card played from a concrete position here and its generated text checked.
"""
from __future__ import annotations

from functools import lru_cache

from bss_desktop.carddb import load_default_db
from bss_desktop.carddb.card_text import card_text
from bss_desktop.engine.commands import Attack, Block, Choose, Pass, UseMagic
from helpers import position, record, two_players

FILLER = "SG1-001"


@lru_cache(maxsize=None)
def db():
    return load_default_db()


def game_at(p0: str, p1: str, *, turn: int = 3, turn_player: int = 0, step: str = "main"):
    return position(two_players(p0, p1, turn=turn, turn_player=turn_player, step=step), db=db(), filler=FILLER)


def settle(game) -> None:
    while game.pending is not None and game.pending.kind == "choose":
        i = game.pending.info
        value = True if i.get("kind") == "may" else i["options"][:i.get("min", 1)] if i.get("kind") == "target" \
            else i["options"][0]
        game.apply(Choose(game.pending.player, value))


def fight(game, attacker: int, blocker: int, p: int = 0) -> None:
    game.apply(Attack(p, attacker))
    game.apply(Pass(1 - p))
    game.apply(Pass(p))
    game.apply(Block(1 - p, blocker))
    game.apply(Pass(1 - p))
    game.apply(Pass(p))
    settle(game)


def test_ledgerwatch_sentinel_a_warrior_with_the_higher_bp_burns_a_life_core_if_you_lost_none():
    assert card_text(db()["SG1-233"]).startswith("(When one of your Warrior spirits has the higher BP as BP are "
                                                 "compared) If you did not lose life this turn")
    game = game_at("{life: 3, reserve: 3, field: [{card: SG1-233, cores: 3}]}",
                   "{life: 5, reserve: 3, field: [SG1-001]}", step="attack")
    fight(game, game.state.players[0].field[0], game.state.players[1].field[0])
    # 5000 against 1000: the Warrior's comparison (5 -> 4), then at LV2 the opponent's spirit destroyed in battle
    # with less life than the opponent: a core into your life
    assert game.state.players[1].life == 4 and game.state.players[0].life == 4


def test_cindermark_duelist_gets_1000_bp_and_at_lv2_sends_a_life_core_to_the_trash():
    game = game_at("{life: 5, reserve: 3, field: [{card: SG1-234, cores: 3}]}",
                   "{life: 5, reserve: 3, field: [SG1-001]}", step="attack")
    duelist = game.state.players[0].field[0]
    fight(game, duelist, game.state.players[1].field[0])
    assert game.state.players[1].life == 4 and game.state.players[1].trash_cores == 1
    assert card_text(db()["SG1-234"]).endswith("Send 1 core from your opponent's life to their trash.")


@lru_cache(maxsize=None)
def db_with_breaker():
    """The shipped cards and two test magic cards: ZT-090 destroys a nexus, ZT-091 strips a core from a spirit."""
    from bss_desktop.carddb.importer import convert_record
    from bss_desktop.carddb.schema import card_from_dict

    out = load_default_db().copy()
    rec = record(effects=[{"levels": [], "condition": "N/A", "keywords": [], "steps": ["Main", "Flash"],
                           "details": "Select one of your opponent's nexuses and destroy it."}],
                 cardType="MAGIC", name="Test Breaker", ID="ZT-090", core_requirements=[])
    strip = record(effects=[{"levels": [], "condition": "N/A", "keywords": [], "steps": ["Main", "Flash"],
                             "details": "Select one of your opponent's spirits. Remove 1 core from it and place it "
                                        "into their reserve."}],
                   cardType="MAGIC", name="Test Stripper", ID="ZT-091", core_requirements=[])
    for r in (rec, strip):
        data, set_id, _, _ = convert_record(r, ("Stoneback",))
        out.add(card_from_dict(data, file="(test)", set_id=set_id), source="(test)")
    return out


def test_sunward_reliquary_and_gildwarden_abbey_when_their_effect_destroys_a_nexus_of_yours():
    game = position(two_players("{life: 5, reserve: 8, hand: [ZT-090]}",
                                "{life: 3, reserve: 3, deck: [SG1-002, SG1-003], field: [SG1-235, SG1-236]}"),
                    db=db_with_breaker(), filler=FILLER)
    reliquary, abbey = game.state.players[1].field
    game.apply(UseMagic(0, game.state.players[0].hand[0]))
    game.apply(Choose(0, [abbey]))
    settle(game)
    assert game.state.cards[abbey].zone == "trash"
    assert game.state.players[1].life == 4  # the Reliquary: one of your nexuses destroyed by your opponent
    assert game.state.players[1].hand == []  # the Abbey watches yellow nexuses, not itself
    game = position(two_players("{life: 5, reserve: 8, hand: [ZT-090]}",
                                "{life: 3, reserve: 3, deck: [SG1-002, SG1-003], field: [SG1-235, SG1-236]}"),
                    db=db_with_breaker(), filler=FILLER)
    reliquary, abbey = game.state.players[1].field
    game.apply(UseMagic(0, game.state.players[0].hand[0]))
    game.apply(Choose(0, [reliquary]))
    settle(game)
    assert game.state.players[1].life == 3 and len(game.state.players[1].hand) == 1  # the Abbey draws


def test_gildwarden_abbey_a_spirit_stripped_of_its_last_core_by_their_effect_gives_a_core():
    game = position(two_players("{life: 5, reserve: 8, hand: [ZT-091]}",
                                "{life: 5, reserve: 3, field: [SG1-002, SG1-236]}"), db=db_with_breaker(), filler=FILLER)
    game.apply(UseMagic(0, game.state.players[0].hand[0]))
    settle(game)
    assert game.state.players[1].reserve == 5  # the spirit's core, and one from the void
