"""A card, a position or a record can ask for no more than a game can physically hold (audit issue 25, item 1).

A 300-byte card saying "make 1,000,000,000 tokens" (or "X up to 1,000,000,000") passed every check and then hung any
engine that ran it: a local game from a position, a LAN host accepting it in a card exchange, a guest's audit. Every
number a card, a position or a record carries is now bounded by bss_desktop/limits.py when it is read, refused naming
the card (or file) and the field; and a command's effects have a work budget, past which the chain is an infinite
loop nobody ends (CR 12-1-1-1): `apply` always returns.
"""
from __future__ import annotations

import json

import pytest
import yaml

from bss_desktop import limits
from bss_desktop.carddb.database import load_set_file
from bss_desktop.carddb.errors import CardDataError
from bss_desktop.carddb.schema import card_from_dict
from bss_desktop.rules.bss import turn as saga_turn
from bss_desktop.engine.commands import Summon
from bss_desktop.engine.errors import PositionError, RecordError
from bss_desktop.engine.record import load_record, replay, to_record
from helpers import new_game, position

BIG = 1_000_000_000


def spirit(**extra) -> dict:
    card = {"id": "EVIL-001", "name": "Gremlin", "type": "spirit", "colors": ["red"], "cost": 0, "symbols": ["red"],
            "levels": [{"level": 1, "cores": 1, "bp": 1000}]}
    card.update(extra)
    return card


TOKENS = spirit(effects=[{"kind": "triggered", "trigger": "when_summoned",
                          "do": [{"token": {"name": "Imp", "count": BIG}}]}])
X_MAX = spirit(effects=[{"kind": "triggered", "trigger": "when_summoned", "x_max": BIG, "do": [{"draw": "X"}]}])


def test_the_300_byte_cards_of_the_audit_are_that_small():
    assert len(json.dumps(TOKENS)) < 300 and len(json.dumps(X_MAX)) < 300


@pytest.mark.parametrize("card, field", [
    (TOKENS, "effects[0].do[0].token.count"),
    (X_MAX, "effects[0].x_max"),
    (spirit(effects=[{"kind": "triggered", "trigger": "when_summoned", "do": [{"draw": BIG}]}]), "effects[0].do[0].draw"),
    (spirit(effects=[{"kind": "triggered", "trigger": "when_summoned",
                      "do": [{"mill": {"count": 5, "for_each": {"cards": {"zone": "hand"}}, "minus": BIG}}]}]),
     "effects[0].do[0].mill.minus"),
    ({**{k: v for k, v in spirit().items() if k not in ("levels", "symbols")}, "type": "magic", "timing": ["main"],
      "effects": [{"kind": "magic", "do": [{"destroy": {"count": BIG}}]}]}, "effects[0].do[0].destroy.count"),
    (spirit(effects=[{"kind": "triggered", "trigger": "when_summoned", "do": [{"search": {"look": BIG}}]}]),
     "effects[0].do[0].search.look"),
    (spirit(effects=[{"kind": "triggered", "trigger": "when_summoned",
                      "do": [{"bp": {"target": "this", "add": 10 ** 12}}]}]), "effects[0].do[0].bp.add"),
    (spirit(keywords=[{"crush": BIG}]), "keywords[0]"),
    (spirit(levels=[{"level": 1, "cores": BIG, "bp": 1000}]), "levels[0].cores"),
    (spirit(levels=[{"level": 1, "cores": 1, "bp": 10 ** 12}]), "levels[0].bp"),
    (spirit(cost=BIG), "cost"),
    (spirit(effects=[{"kind": "triggered", "trigger": "when_summoned", "do": [{"draw": 1}] * 40}]), "effects[0].do"),
    (spirit(effects=[{"kind": "triggered", "trigger": "when_summoned", "do": [{"draw": 1}]}] * 70), "effects"),
])
def test_a_card_asking_for_more_than_a_game_holds_is_refused_at_load_naming_the_card_and_field(card, field):
    with pytest.raises(CardDataError) as e:
        card_from_dict(card)
    assert e.value.card_id == "EVIL-001" and (e.value.field or "").startswith(field), (e.value.field, str(e.value))
    assert "at most" in str(e.value) or "must be between" in str(e.value)


def test_the_bounds_leave_every_real_number_alone():
    """The largest numbers a real card carries load: cost 10, 12,000 BP, draw 5, X up to 10, a 【Crush: +3】."""
    card_from_dict(spirit(cost=10, levels=[{"level": 1, "cores": 1, "bp": 12000}], keywords=[{"crush": 3}],
                          effects=[{"kind": "triggered", "trigger": "when_summoned", "x_max": 10,
                                    "do": [{"draw": 5}, {"core_charge": {"count": "X"}}]}]))


def test_a_set_file_with_such_a_card_names_the_file_and_card(tmp_path):
    path = tmp_path / "EVIL.yaml"
    path.write_text(yaml.safe_dump({"set": {"id": "EVIL", "name": "Evil"}, "cards": [TOKENS]}), encoding="utf-8")
    with pytest.raises(CardDataError) as e:
        load_set_file(path)
    assert "EVIL.yaml" in str(e.value) and "EVIL-001" in str(e.value) and "token.count" in str(e.value)


def test_a_position_bringing_such_a_card_is_refused_naming_the_field_before_anything_runs():
    text = yaml.safe_dump({"turn": 3, "turn_player": 0, "step": "main", "cards": [TOKENS],
                           "players": [{"life": 5, "reserve": 3, "hand": ["EVIL-001"]}, {"life": 5, "reserve": 3}]})
    with pytest.raises(PositionError) as e:
        position(text)
    assert e.value.field.startswith("cards[0].effects[0].do[0].token.count")


@pytest.mark.parametrize("change, field", [
    (lambda p: p[0].update(reserve=BIG), "players[0].reserve"),
    (lambda p: p[0].update(life=BIG), "players[0].life"),
    (lambda p: p[0].update(field=[{"card": "T-R1", "cores": BIG}]), "players[0].field[0].cores"),
    (lambda p: p[1].update(deck=["T-W0"] * (limits.MAX_ZONE_CARDS + 1)), "players[1].deck"),
])
def test_a_position_holding_more_than_a_game_holds_is_refused_naming_the_field(change, field):
    players = [{"life": 5, "reserve": 3}, {"life": 5, "reserve": 3}]
    change(players)
    with pytest.raises(PositionError) as e:
        position(yaml.safe_dump({"turn": 3, "turn_player": 0, "step": "main", "players": players}))
    assert e.value.field == field and "at most" in e.value.message


@pytest.mark.parametrize("key, value", [("turn", BIG), ("seed", 1 << 70)])
def test_a_positions_turn_and_seed_are_bounded(key, value):
    data = {"turn": 3, "turn_player": 0, "step": "main",
            "players": [{"life": 5, "reserve": 3}, {"life": 5, "reserve": 3}]}
    data[key] = value
    if key == "turn":
        data["turn_player"] = 0 if value % 2 else 1
    with pytest.raises(PositionError) as e:
        position(yaml.safe_dump(data))
    assert e.value.field == key


def test_a_record_with_a_seed_past_64_bits_is_refused_naming_the_field(tmp_path):
    rec = to_record(new_game(seed=3))
    rec["start"]["seed"] = 10 ** 40
    path = tmp_path / "game.json"
    path.write_text(json.dumps(rec), encoding="utf-8")
    with pytest.raises(RecordError) as e:
        replay(load_record(path), new_game().db)
    assert "start.seed" in str(e.value)


# ---------------------------------------------------------------- the engine's own bounds at run time

HIVE = {"id": "EVIL-HIVE", "name": "Swarm Hive", "type": "nexus", "colors": ["red"], "cost": 0, "symbols": ["red"],
        "levels": [{"level": 1, "cores": 0}],
        "effects": [{"kind": "triggered", "trigger": "your_spirit_summoned",
                     "do": [{"token": {"name": "Imp", "count": limits.MAX_COUNT}}]}]}


def hive_game():
    return position(yaml.safe_dump({"turn": 3, "turn_player": 0, "step": "main", "cards": [HIVE], "players": [
        {"life": 5, "reserve": 5, "hand": ["T-R1"], "field": ["EVIL-HIVE"]}, {"life": 5, "reserve": 3}]}))


def test_cr_1_3_2_an_effect_makes_no_more_tokens_than_a_zone_holds_and_apply_returns():
    """Swarm Hive makes 1,000 tokens whenever one of your spirits is summoned, tokens included: its first answer
    fills the field, and every later one makes as many as fit, none (CR 1-3-2: as many as possible)."""
    game = hive_game()
    game.apply(Summon(0, game.state.players[0].hand[0]))
    assert len(game.state.players[0].field) == limits.MAX_ZONE_CARDS
    assert game.state.queue == [] and (game.over or game.pending is not None)


def test_cr_12_1_1_1_a_command_past_the_work_budget_is_a_draw_naming_the_card(monkeypatch):
    """However the cards are written, one command causes at most MAX_EVENTS_PER_COMMAND events: the chain is then an
    infinite loop nobody ended, and the game a draw that names the card at work (here with a small budget)."""
    monkeypatch.setattr(saga_turn, "MAX_EVENTS_PER_COMMAND", 500)
    game = hive_game()
    before = len(game.history)
    game.apply(Summon(0, game.state.players[0].hand[0]))
    assert game.over and game.result.winner is None
    assert "CR 12-1-1-1" in game.result.reason and "Swarm Hive" in game.result.reason
    assert len(game.history) == before + 1 and game.state.queue == []
    # the record replays to the same end: a LAN guest's audit reaches the same draw
    again = replay(to_record(game), game.db, verify=False)
    assert again.state_hash() == game.state_hash()


# ---------------------------------------------------------------- offered in a LAN card exchange (127.0.0.1)

@pytest.mark.parametrize("effects, field", [
    (TOKENS["effects"], "effects[0].do[0].token.count"),
    (X_MAX["effects"], "effects[0].x_max"),
])
def test_a_hostile_guest_offering_such_a_card_is_refused_before_any_game(effects, field):
    from lan import DB, deck, run
    from test_net_card_exchange import EVIL, Asked, _refusal, hostile_guest

    from bss_desktop.net.host import HostSession

    host = HostSession(DB, deck("red-saga"), card_consent=Asked(), handshake_timeout=3, consent_timeout=3)
    out = run(hostile_guest(host, [{"type": "cards", "cards": [{**EVIL, "effects": effects}], "want": [],
                                    "more": False}]))
    assert f"card EVIL-001: field '{field}'" in _refusal(out) and host.game is None


def test_a_hostile_host_offering_such_a_card_is_refused_and_the_guest_keeps_its_cards():
    from lan import DB, run
    from test_net_card_exchange import EVIL, _guest, _offer, hostile_host

    guest = _guest()
    report, seen = run(hostile_host(guest, _offer([{**EVIL, "effects": TOKENS["effects"]}])))
    assert report is None and "card EVIL-001: field 'effects[0].do[0].token.count'" in guest.error
    assert "EVIL-001" not in guest.db and guest.seat is None
