"""The shared core names no game's rule numbers: it cites a topic (table/topics.py) and the game words it, its rules
module's CITES and its profile's `cites:` (engine/citations.py). Each game's refusals name its own document."""
from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

import pytest

from bss_desktop.engine import IllegalCommand
from bss_desktop.engine.citations import cites_for, merged
from bss_desktop.engine.commands import ManualCores, ManualMove, ManualNote, Summon
from bss_desktop.engine.errors import PositionError
from bss_desktop.engine.game import Game
from bss_desktop.rules import MODULES, game_class
from bss_desktop.table.profiles import get_profile, with_rules
from bss_desktop.table.topics import TOPICS

from test_std_rules_module import new_game, position

ROOT = Path(__file__).resolve().parent.parent / "bss_desktop"
RULE_NUMBER = re.compile(r"\b(?:CR|STD) \d|\b(?:ETR|BOS) §")


def _strings_and_comments(path: Path):
    for tok in tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline):
        if tok.type in (tokenize.STRING, tokenize.COMMENT) or tok.type == getattr(tokenize, "FSTRING_MIDDLE", -1):
            yield tok.start[0], tok.type, tok.string


def test_the_shared_core_names_no_games_rule_number():
    """No string of the engine package (a refusal, a log line, a docstring) and no comment quotes a CR or STD number;
    no string but a docstring quotes an Eternal or Battle of Souls section (their profiles word those)."""
    found = []
    for path in sorted((ROOT / "engine").glob("*.py")):
        for line, kind, text in _strings_and_comments(path):
            hits = RULE_NUMBER.findall(text)
            if kind == tokenize.COMMENT or text.startswith('"""'):  # may name the section a table feature is from
                hits = [h for h in hits if h.startswith(("CR", "STD"))]
            if hits:
                found.append(f"{path.name}:{line}: {text.strip()[:100]}")
    assert not found, "\n".join(found)


def test_the_scan_would_notice_a_rule_number(tmp_path):
    bad = tmp_path / "x.py"
    bad.write_text('raise IllegalCommand("CR 3-1-1", "no")\n# refreshed (STD 5-14-2)\n')
    assert [t for _, _, t in _strings_and_comments(bad) if RULE_NUMBER.search(t)] == ['"CR 3-1-1"', "# refreshed (STD 5-14-2)"]


@pytest.mark.parametrize("module", MODULES)
def test_every_rules_module_words_every_topic(module):
    cls = game_class(with_rules(get_profile({"bss": "bss", "standard": "standard", "bos": "bos"}[module])))
    assert set(cls.CITES) == set(TOPICS)
    assert all(isinstance(v, str) and v.strip() for v in cls.CITES.values())


def test_saga_words_topics_in_cr_numbers_and_standard_in_std_numbers():
    saga, std = cites_for(get_profile("bss")), cites_for(get_profile("standard"))
    assert saga["soul_core"] == "CR 4-11-3" and std["soul_core"] == "STD 5-7-3"
    assert not [v for v in std.values() if v.startswith("CR ")]
    assert not [v for v in saga.values() if v.startswith("STD ")]


def test_a_profiles_cites_word_topics_over_its_modules():
    """Eternal is played on Saga's module class; its profile words the topics its manual names."""
    eternal = get_profile("eternal")
    table = merged(game_class(eternal), eternal)
    assert table["magic_timing"] == "ETR §Using Magic" and table["first_level"] == "ETR §Ultimate"
    assert merged(game_class(get_profile("bss")), get_profile("bss"))["magic_timing"] == "CR 8-1-6-1"


# ---------------------------------------------------------------- the same shared check, each game's own rule

def _refusal(game: Game, cmd) -> IllegalCommand:
    before = game.state.hash()
    with pytest.raises(IllegalCommand) as e:
        game.apply(cmd)
    assert game.state.hash() == before  # nothing changed
    return e.value


MAIN = """
    turn: 3
    turn_player: 0
    players:
      - {life: 5, reserve: 3, hand: [S-BIG], field: [{card: S-PUP, cores: 1}]}
      - {life: 5}
"""


def test_std_1_4_2_moving_no_core_by_hand_is_refused_naming_standards_rule_and_sagas_in_saga():
    std, saga = position(MAIN), position(MAIN, game="bss")
    for game, rule in ((std, "STD 1-4-2"), (saga, "CR 1-3-2-3")):
        p = game.pending.player
        err = _refusal(game, ManualCores(p, p, "reserve", "trash", 0))
        assert err.rule == rule and "move at least one core" in str(err)
    assert "CR " not in str(_refusal(std, ManualCores(std.pending.player, std.pending.player, "reserve", "trash", 0)))


def test_std_1_2_1_a_command_for_a_third_player_names_the_standard_players_rule():
    game = new_game("standard")
    err = _refusal(game, ManualNote(2, "hello"))
    assert err.rule == "STD 1-2-1" and "CR " not in str(err)


def test_std_4_1_1_a_card_moved_by_hand_to_an_area_standard_lacks_names_standards_areas_rule():
    game = position(MAIN)
    p = game.pending.player
    err = _refusal(game, ManualMove(p, game.state.players[p].hand[0], "burst"))
    assert err.rule == "STD 4-1-1" and "burst" in err.message


def test_std_11_1_1_5_a_malformed_payment_field_names_standards_payment_rule():
    game = new_game("standard")
    p = game.pending.player
    err = _refusal(game, Summon(p, game.state.players[p].hand[0], pay=(("reserve", -1),)))
    assert err.rule == "STD 11-1-1-5" and "field 'pay[0][1]'" in err.message


TWO_SOULS = """
    turn: 3
    turn_player: 0
    players:
      - {life: 5, field: [{card: S-PUP, cores: 1, soul_core: true}, {card: S-PUP, cores: 1, soul_core: true}]}
      - {life: 5}
"""


def test_std_5_7_3_a_position_with_the_soul_core_on_two_spirits_names_the_standard_rule():
    with pytest.raises(PositionError) as e:
        position(TWO_SOULS)
    assert "STD 5-7-3" in str(e.value) and "CR " not in str(e.value)


def test_a_saga_position_with_the_soul_core_on_two_spirits_names_the_cr():
    with pytest.raises(PositionError) as e:
        position(TWO_SOULS, game="bss")
    assert "CR 4-11-3" in str(e.value)


def test_a_clone_words_its_refusals_as_its_original():
    game = new_game("standard")
    twin = game.clone()
    assert twin.cites is game.cites
    err = _refusal(twin, ManualNote(2, "hello"))
    assert err.rule == "STD 1-2-1"


@pytest.mark.parametrize("game_id, start, players", [("bss", "CR 5-2-1", "CR 1-1-1"),
                                                     ("standard", "STD 6-2-1", "STD 1-2-1"),
                                                     ("bos", "BOS §Preparing to Battle",
                                                      "BOS §What Is the Battle of Souls Card Game?")])
def test_a_lan_hosts_own_refusals_name_its_games_rules(game_id, start, players):
    """Before the guest has joined nothing is played, and the host plays seat 0 only: each game's own rule."""
    from bss_desktop.carddb.database import game_db, load_default_db
    from bss_desktop.carddb.deck_formats import game_decks
    from bss_desktop.engine.commands import EndMain
    from bss_desktop.net.host import HostSession

    profile = get_profile(game_id)
    db = load_default_db() if game_id == "bss" else game_db(profile)
    deck = next(iter(game_decks(db, profile).values())).cards
    host = HostSession(db, deck, name="Aki", profile=None if game_id == "bss" else profile, share="11" * 32)
    with pytest.raises(IllegalCommand) as e:
        host.apply(EndMain(0))
    assert e.value.rule == start
    with pytest.raises(IllegalCommand) as e:
        host.apply(EndMain(1))
    assert e.value.rule == players
