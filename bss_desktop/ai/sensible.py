"""Sensible: a plain rule-based player, the benchmark the search levels must beat (`arena --b sensible`).

It never searches. It plays what a careful newcomer plays, from what its seat may see:

- keeps a hand with a spirit it can summon early (the mulligan);
- main step: summons the spirit with the most BP it can pay for without destroying its own spirits
  (CR 9-3-2: paying away the cores that keep a spirit at LV1 destroys it), places a nexus it can pay for, uses
  magic that takes an opponent's spirit off the field, sets a burst (CR 3-8), then levels up its best spirit with
  the reserve's cores;
- attack step: attacks with its strongest spirit that no refreshed opposing spirit can beat or tie, or with
  everything when the symbols that get through would take the opponent's last life (CR 7-1-5-3-1);
- blocks with its weakest spirit that beats the attacker, trades an equal spirit when the attacker is worth as much,
  and throws a blocker in front of an attack that would take its last lives (its attacks and blocks are the
  rule-of-thumb player's, rollout.py, which plays the search levels' playouts);
- flash windows: uses magic that removes the attacker, or wins its own blocked attack;
- answers its effects' questions: "may" yes, the opponent's strongest spirits as targets.

Whether a magic does what it is kept for is found by playing it in a world sampled from what the seat knows
(knowledge.py), so this player peeks no more than the others (tests/test_ai_never_peeks.py). Its magic is the
rule-of-thumb player's (rollout.main_magic, flash_magic), which tries it in a copy of its own world.
"""
from __future__ import annotations

from ..engine.commands import EndMain, MoveCores, Pass, PlaceNexus, SetBurst, Summon
from ..engine.rng import Rng, seed_from
from .knowledge import Memory, sample_world
from .rollout import _attack, _block, _choose, _keepable, _next_level_gap, flash_magic, main_magic, self_destroyed


class SensiblePlayer:
    level = "sensible"

    def __init__(self, seat: int, seed: int = 1):
        self.seat = seat
        self.rng = Rng(seed_from("sensible", seat, seed))
        self.memory = Memory(seat)

    def choose(self, game):
        options = game.legal_commands()
        if len(options) == 1:
            return options[0]
        self.memory.observe(game)
        pend = game.pending
        kind = pend.kind
        if kind == "mulligan":
            return next(o for o in options if o.redraw is not _keepable(game, self.seat))
        if kind == "main":
            return self._main(game, options)
        if kind == "attack":
            return _attack(game, self.seat, options)  # the rule-of-thumb player's own attacks and blocks
        if kind == "block":
            return _block(game, self.seat, options)
        if kind == "flash":
            return self._flash(game, options)
        return _choose(game, pend, options, self.rng)

    # the main step

    def _main(self, game, options):
        st, db, p = game.state, game.db, self.seat
        me = st.players[p]
        summons = [o for o in options if isinstance(o, Summon) and not self_destroyed(game, p, o)]
        if summons:
            return max(summons, key=lambda o: (_lv1_bp(game, o.card), db[st.cards[o.card].cid].cost))
        nexuses = [o for o in options if isinstance(o, PlaceNexus) and not self_destroyed(game, p, o)]
        if nexuses:
            return max(nexuses, key=lambda o: db[st.cards[o.card].cid].cost)
        magic = main_magic(game, p, options, self._world(game), self.rng)
        if magic is not None:
            return magic
        bursts = [o for o in options if isinstance(o, SetBurst)]
        if bursts and me.burst is None:
            return max(bursts, key=lambda o: db[st.cards[o.card].cid].cost)
        level_up = self._level_up(game, options)
        if level_up is not None:
            return level_up
        return next(o for o in options if isinstance(o, EndMain))

    def _level_up(self, game, options):
        """One reserve core onto the best spirit whose next level the reserve can reach."""
        st = game.state
        reserve = st.players[self.seat].reserve
        best, key = None, None
        for o in options:
            if not (isinstance(o, MoveCores) and len(o.moves) == 1):
                continue
            m = o.moves[0]
            if m.src != "reserve" or m.soul or m.count != 1 or type(m.dst) is not int:
                continue
            gap = _next_level_gap(game, m.dst)
            if gap is None or gap > reserve:
                continue
            k = (game.bp(m.dst), -gap)
            if key is None or k > key:
                best, key = o, k
        return best

    # battles

    def _flash(self, game, options):
        magic = flash_magic(game, self.seat, options, self._world(game), self.rng)
        return magic or next((o for o in options if isinstance(o, Pass)), options[0])

    def _world(self, game):
        """What makes a world sampled from what this seat knows, to try a magic in (rollout.tried)."""
        return lambda: sample_world(game, self.seat, self.memory, self.rng)


def _lv1_bp(game, iid: int) -> int:
    d = game.db[game.state.cards[iid].cid]
    return (d.levels[0].bp or 0) if d.levels else 0


__all__ = ["SensiblePlayer"]
