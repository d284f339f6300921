"""Battle of Souls' legal-move generation (rules/bos/legal.py) against the rules' own checks, over random battles of
the shipped decks: every command offered is one `apply` accepts (BOS §Chains, §Deploying, §Battle Step), and every
activation the rules accept is offered (the computer and the board's menus can only play what is offered).
Completeness is checked against a brute force over every card, effect, target pair, sacrifice and discard."""
from __future__ import annotations

from itertools import combinations

import pytest
from bos_position import BOS, db

from bss_desktop.carddb.deck_formats import game_decks
from bss_desktop.engine.commands import UseCard
from bss_desktop.engine.errors import IllegalCommand
from bss_desktop.engine.game import Game
from bss_desktop.engine.rng import Rng
from bss_desktop.rules.bos.legal import MAX_OFFERS
from bss_desktop.rules.bos.stats import effects, fighters

BATTLES = 6


def battles():
    decks = game_decks(db(), BOS)
    names = sorted(decks)
    for b in range(BATTLES):
        yield Game.new(db(), [decks[names[b % 4]].cards, decks[names[(b + 1) % 4]].cards], 40 + b, profile=BOS,
                       record_hashes=False)


def _walk(game, rng, visit, limit=400):
    n = 0
    while not game.over and n < limit:
        options = game.legal_commands()
        assert options, f"no legal command at {game.pending}"
        visit(game, options)
        game.apply(options[rng.below(len(options))])
        n += 1


def _brute_uses(game, p: int) -> set:
    """Every activation of player p that the rules accept now: each card they own, each effect, each target set of
    one or two cards on the field, each sacrifice and discard of the size its cost names."""
    st = game.state
    field = [i for q in (0, 1) for z in ("fighter", "equipment", "tactic", "battlefield")
             for i in st.table.areas[q][z]]
    hand = st.players[p].hand
    found = set()
    for iid in list(hand) + [i for z in ("fighter", "equipment", "tactic", "battlefield")
                             for i in st.table.areas[p][z]]:
        fx = effects(game, iid)
        for n in range(len(fx) + 1):
            e = fx[n - 1] if n else next((x for x in fx if x.kind == "activation"), None)
            cost = e.cost if e is not None else None
            sac = cost.sacrifice if cost else 0
            dis = cost.discard if cost else 0
            for k in (0, 1, 2):
                for t in combinations(field, k):
                    for s in combinations([f for f in fighters(game, p) if f != iid], sac):
                        for d in combinations([h for h in hand if h != iid], dis):
                            cmd = UseCard(p, iid, n, t, s, d)
                            if game._use_problem(cmd) is None:
                                found.add(cmd)
    return found


@pytest.mark.parametrize("b", range(BATTLES))
def test_every_offered_command_is_accepted_and_every_accepted_activation_offered(b):
    game = list(battles())[b]
    checked = {"offers": 0, "uses": 0}

    def visit(g, options):
        for cmd in options:  # sound: apply takes each (on a copy)
            try:
                g.clone().apply(cmd)
            except IllegalCommand as e:
                raise AssertionError(f"offered but refused: {cmd} ({e})") from None
            checked["offers"] += 1
        pend = g.pending
        if pend.kind in ("main", "attack", "chain"):  # complete: every activation accepted is offered
            offered = {o for o in options if isinstance(o, UseCard)}
            accepted = _brute_uses(g, pend.player)
            by_base: dict = {}
            for cmd in accepted:
                by_base.setdefault((cmd.card, cmd.effect), set()).add(cmd)
            for base, cmds in by_base.items():
                mine = {o for o in offered if (o.card, o.effect) == base}
                assert mine <= cmds, f"offered {mine - cmds} the rules refuse"
                assert len(mine) == min(len(cmds), MAX_OFFERS), \
                    f"{base}: the rules accept {sorted(map(str, cmds - mine))[:3]}... not offered"
                checked["uses"] += len(mine)

    _walk(game, Rng(b), visit)
    assert checked["offers"] > 200 and checked["uses"] > 0, checked
