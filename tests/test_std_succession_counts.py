"""《Succession》 (STD 12-2-1-3) offers every number of EX cards that reduces the cost: a player may remove any of the
EX cards of the trash (12-2-1-3-2) and keep the others for later, so legal_commands offers each count k (the first k
EX cards of the trash, with the automatic payment of the rest), each at its own cost, each accepted by the engine;
and the computer, which plays from legal_commands, plays them by the rules."""
from __future__ import annotations

from test_std_rules_module import HEIR, position

from bss_desktop.engine.commands import Summon


def _ex(game, p: int = 0) -> list[int]:
    return [i for i in game.state.players[p].trash if game.state.cards[i].cid == "S-EXP"]


def _succession_offers(game, card: int) -> list:
    return [c for c in game.legal_commands() if isinstance(c, Summon) and c.card == card and c.exile]


def _paid(cmd) -> int:
    return sum(n for _, n in cmd.pay) + (1 if cmd.pay_soul else 0)


def test_std_12_2_1_3_the_offers_hold_every_useful_count_each_at_its_cost():
    # Ashen Heir: cost 6, four red reduction symbols; one red symbol on the field reduces 1 (cost 5), so up to three
    # EX cards of the five in the trash reduce it further: 1, 2 or 3 of them, costing 4, 3 and 2
    game = position(HEIR)
    heir = game.state.players[0].hand[0]
    ex = _ex(game)
    assert game.cost_of(heir) == 5 and game.succession_cards(Summon(0, heir)) == ex[:4]
    offers = _succession_offers(game, heir)
    assert [c.exile for c in offers] == [tuple(ex[:k]) for k in (1, 2, 3)]
    for k, cmd in enumerate(offers, start=1):
        assert _paid(cmd) == 5 - k == game.cost_with(cmd), cmd
        assert sum(n for _, n in cmd.place) + cmd.place_soul == 1  # its Lv1 core
        trial = game.clone()
        before = trial.state.players[0].reserve
        trial.apply(cmd)  # the engine accepts each offer as it is
        assert trial.state.cards[heir].zone == "field"
        assert trial.zone_cards(0, "exile") == ex[:k] and _ex(trial) == ex[k:]
        assert trial.state.players[0].reserve == before - (5 - k) - 1
    assert [c for c in game.legal_commands() if isinstance(c, Summon) and c.card == heir and not c.exile]  # and none


def test_std_12_2_1_3_a_count_too_dear_is_left_out_and_a_cheaper_one_offered():
    # 2 cores in the reserve, the soul core and the Pup's core: 4 in all. Without Succession (5 + 1 for Lv1) and with
    # one EX card (4 + 1) there are too few; two (3 + 1) or three (2 + 1) can be paid
    game = position(HEIR.replace("reserve: 6", "reserve: 2"))
    heir = game.state.players[0].hand[0]
    ex = _ex(game)
    offers = [c for c in game.legal_commands() if isinstance(c, Summon) and c.card == heir]
    assert [c.exile for c in offers] == [tuple(ex[:2]), tuple(ex[:3])]
    assert [_paid(c) for c in offers] == [3, 2]
    for cmd in offers:
        game.clone().apply(cmd)


def test_std_12_2_1_3_no_more_counts_than_ex_cards_or_than_the_cost_allows():
    # two EX cards in the trash: 1 or 2 (not 3); no symbol on the field: the four symbols are all left to Succession
    text = HEIR.replace("trash: [S-EXP, S-EXP, S-EXP, S-PUP, S-EXP, S-EXP]", "trash: [S-PUP, S-EXP, S-EXP]")
    game = position(text)
    heir = game.state.players[0].hand[0]
    assert [len(c.exile) for c in _succession_offers(game, heir)] == [1, 2]
    game = position(HEIR.replace("field: [{card: S-PUP, cores: 1}]", "field: []"))
    heir = game.state.players[0].hand[0]
    offers = _succession_offers(game, heir)
    assert [len(c.exile) for c in offers] == [1, 2, 3, 4] and [_paid(c) for c in offers] == [5, 4, 3, 2]


def test_std_12_2_1_3_the_computer_plays_succession_by_the_rules():
    """A random player from the Heir position, again and again: every Succession summon it makes is one of the
    offers and removes exactly its cards."""
    import random

    seen = set()
    for seed in range(40):
        game = position(HEIR)
        heir = game.state.players[0].hand[0]
        rng = random.Random(seed)
        cmd = rng.choice([c for c in game.legal_commands() if getattr(c, "card", None) == heir])
        game.apply(cmd)
        assert len(game.zone_cards(0, "exile")) == len(cmd.exile)
        seen.add(len(cmd.exile))
    assert seen == {0, 1, 2, 3}
