"""The computer plays Battle of Souls (ai/bos_play.py through Normal and Hard's search): every level decides legal
moves from its seat's view, never peeks at the opponent's hand, deck or face-down set cards, and Normal makes the
moves a player of this game would in concrete positions (a lethal direct attack, a negation of a harmful activation,
climbing a class by sacrifice)."""
from __future__ import annotations

import pytest
from bos_position import BOS, bos, card, db, ids, player

from bss_desktop.ai import LEVELS, make_player
from bss_desktop.ai.knowledge import Memory, hidden_cards, sample_world
from bss_desktop.carddb.deck_formats import game_decks
from bss_desktop.engine.commands import DeclareAttack, Deploy, EndMain, UseCard
from bss_desktop.engine.game import Game
from bss_desktop.engine.rng import Rng
from bss_desktop.rules.bos import GAME as BosGame

QUICK = {"hard": {"iterations": 40}}


def mid_battle(turns: int = 4, seed: int = 2) -> Game:
    decks = game_decks(db(), BOS)
    game = Game.new(db(), [decks["iron-legion"].cards, decks["shadow-court"].cards], seed, profile=BOS)
    players = [make_player("easy", p, 10 + p) for p in (0, 1)]
    while not game.over and game.state.turn < turns:
        game.apply(players[game.deciding_player()].choose(game))
    return game


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_legal_moves_of_battle_of_souls(level):
    game = mid_battle(3)
    assert isinstance(game, BosGame) and not game.over
    seat = game.deciding_player()
    me = make_player(level, seat, 4, **QUICK.get(level, {}))
    for _ in range(8):
        if game.over:
            break
        p = game.deciding_player()
        cmd = (me if p == seat else make_player("easy", p, 5)).choose(game)
        assert cmd in game.legal_commands() or cmd.kind == "choose"
        game.apply(cmd)


def test_a_sampled_world_redeals_the_opponents_set_cards_by_their_zone():
    """A face-down tactic of the opponent is hidden: a sampled world deals it another tactic card, never looks at
    it; face-up cards and the fighters stay what they are."""
    g = bos(player(fighter=["T-W1"]), player(fighter=["T-W2"], tactic=["T-TC-KILL", "T-TC-NEG"],
                                              equipment=[{"card": "T-EQ-AT", "down": True}], hand=["T-L1"] * 3))
    seat = 0
    _, hidden, face_down = hidden_cards(g, seat)
    assert sorted(face_down) == sorted(ids(g, 1, "tactic") + ids(g, 1, "equipment"))
    seen = set()
    for k in range(30):
        w = sample_world(g, seat, Memory(seat), Rng(k))
        for t in ids(w, 1, "tactic"):
            assert w.card_def(t).type == "tactic"
            seen.add(w.state.cards[t].cid)
        assert w.card_def(ids(w, 1, "equipment")[0]).type == "equipment"
        assert [w.state.cards[i].cid for i in ids(w, 1, "fighter")] == ["T-W2"]
    assert len(seen) > 2  # not the real two


def test_the_levels_never_peek_at_the_opponents_hidden_cards():
    """Two positions that differ only in what seat 0 cannot see (the opponent's hand and face-down tactics): every
    level chooses the same, and the sampled worlds are the same."""
    mine = player(fighter=["T-W2", "T-IGN"], hand=["T-W1", "T-EQ-1T"], tactic=["T-TC-DMG"])
    a = bos(mine, player(fighter=["T-W1"], tactic=["T-TC-KILL"], hand=["T-L1", "T-QK"]))
    b = bos(mine, player(fighter=["T-W1"], tactic=["T-TC-DOWN"], hand=["T-W0", "T-WR"]))
    for k in range(5):
        wa = sample_world(a, 0, Memory(0), Rng(k))
        wb = sample_world(b, 0, Memory(0), Rng(k))
        assert wa.state_hash() == wb.state_hash()
    for level in LEVELS:
        pa = make_player(level, 0, 9, **QUICK.get(level, {}))
        pb = make_player(level, 0, 9, **QUICK.get(level, {}))
        assert pa.choose(a) == pb.choose(b), level


def test_normal_takes_the_lethal_direct_attack():
    g = bos(player(fighter=["T-W2"], sp=14600), player(sp=1400), step="battle")
    normal = make_player("normal", 0, 1)
    assert normal.choose(g) == DeclareAttack(0, ids(g, 0, "fighter")[0], None)


def test_normal_climbs_a_class_by_sacrifice():
    g = bos(player(hand=["T-E1", "T-W0"], fighter=[{"card": "T-W1", "counters": {"kill": 3}}]), player())
    cmd = make_player("normal", 0, 1).choose(g)
    assert cmd == Deploy(0, card(g, 0, "hand", "T-E1"), tuple(ids(g, 0, "fighter")))


def test_normal_negates_the_opponents_damage():
    # the opponent's Hex of Embers would deal 500: Broken Oath negates it
    g = bos(player(tactic=["T-TC-DMG"]), player(tactic=["T-TC-NEG"]), turn_player=0)
    g.apply(UseCard(0, ids(g, 0, "tactic")[0]))
    assert g.pending.kind == "chain" and g.pending.player == 1
    assert make_player("normal", 1, 1).choose(g) == UseCard(1, ids(g, 1, "tactic")[0])


def test_normal_does_not_attack_into_a_stronger_fighter():
    g = bos(player(fighter=["T-W1"]), player(fighter=["T-WL"]), step="battle")
    cmd = make_player("normal", 0, 1).choose(g)
    assert not isinstance(cmd, DeclareAttack)
    g2 = bos(player(fighter=["T-W1"]), player(fighter=["T-WL"]), step="main2")
    assert make_player("normal", 0, 1).choose(g2) == EndMain(0)


def test_hard_far_behind_in_soul_points_still_tells_a_won_battle_from_no_battle():
    """BOS §Winning a Battle: 16,000 SP wins, 0 loses; at 3,000 against 13,000 the game is far from over. Hard's
    rewards are in this game's units (bos_play.SCALE, evaluate.search_units): in Saga's, a 10,000 SP deficit made
    every option's reward -1.0, the search saw every line lost and gave up searching (Normal.defend)."""
    from bss_desktop.ai.hard import LOST
    from bss_desktop.engine.commands import EndAttack

    g = bos(player(fighter=["T-E1"], sp=3000), player(fighter=["T-W1"], sp=13000), step="battle")
    hard = make_player("hard", 0, 3, iterations=160)
    win = DeclareAttack(0, ids(g, 0, "fighter")[0], ids(g, 1, "fighter")[0])
    assert win in g.legal_commands() and EndAttack(0) in g.legal_commands()
    assert hard.choose(g) == win  # the Elite's 2,200 ATK beats the Squire's 1,000 (the damage table)
    assert max(hard.values.values()) > LOST
    assert hard.values[win] > hard.values[EndAttack(0)] + 0.02
