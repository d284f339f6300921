"""Normal: greedy, looking ahead to the end of the turn.

For each legal command it plays the command in three sampled worlds (knowledge.py), plays the rest of the turn
to its end with the rule-of-thumb player (rollout.py) on both sides, and scores the position reached
(evaluate.py). It takes the best on average. Measured against the sensible player (200 games, seat-swapped), this
wins 0.685 where letting the seat do nothing more of its own accord after the option (each option scored as the
turn's last) won 0.56: the rest of the turn played sensibly shows what a summon or an attack leads to. Playing on
through the opponent's next turn lost nearly every game (the playouts' counter-attacks made every attack look
rash). A command that destroys its own cards by its own doing is never taken while another exists (as Easy). With
one legal command it answers at once.
"""
from __future__ import annotations

from ..engine.errors import IllegalCommand
from ..engine.rng import Rng, seed_from
from .easy import lost_by_own_hand
from .evaluate import WIN, evaluate
from .knowledge import Memory, sample_world
from .rollout import burst_offer, fast_choice

MAX_ROLLOUT = 120  # commands after which a lookahead stops even if the turn has not ended
MAX_CORE_MOVES = 10  # core moves a turn: enough to level every spirit, and no endless back and forth
# commands that end a step or let the moment pass: on a tie they win, so a level never dithers
CLOSING = ("end_main", "end_attack", "pass")
REST = ("main", "attack", "flash")


def play_out_turn(world, rng, *, limit: int = MAX_ROLLOUT, rest: int | None = None) -> None:
    """Play `world` forward with the rule-of-thumb player to the end of the current turn.

    `rest`: this seat does nothing more of its own accord (it ends its steps and passes; its blocks and the
    choices its effects ask are still made)."""
    stop = world.state.turn
    n = 0
    while not world.over and n < limit:
        if world.state.turn > stop:
            return
        pend = world.pending
        if pend.player == rest and pend.kind in REST:
            options = world.legal_commands()
            world.apply(next((o for o in options if o.kind in CLOSING), options[0]))
        else:
            world.apply(fast_choice(world, rng))
        n += 1


class NormalPlayer:
    level = "normal"

    def __init__(self, seat: int, seed: int = 1, worlds: int = 3, own: str = "fast"):
        self.seat = seat
        self.own = own  # "fast": the seat's own rest of the turn by the rule-of-thumb player; "rest": it does nothing
        self.rng = Rng(seed_from("normal", seat, seed))
        self.memory = Memory(seat)
        self._moves = (0, 0)  # (turn, core moves made in it)
        self._moved: set = set()  # (src, dst) of this turn's core moves: never undone in the same turn
        self.worlds = worlds  # sampled worlds each option is scored in (the average counts)

    def choose(self, game):
        options = self.options(game)
        if len(options) == 1:
            return self.note(game, options[0])
        self.memory.observe(game)
        if game.pending.kind == "mulligan":
            return fast_choice(game, self.rng, options)
        fire = burst_offer(game, options)
        if fire is not None:
            return fire
        totals = self.totals(game, options)
        if max(totals.values()) <= -WIN * self.worlds / 2:  # every option loses against the playouts' opponent
            return self.note(game, self.defend(game, options))
        return self.note(game, best([(s, c) for c, s in totals.items()]))

    def totals(self, game, options, rest=None) -> dict:
        """Each option's summed score over this level's sampled worlds."""
        totals: dict = {}
        for _ in range(self.worlds):
            world = sample_world(game, self.seat, self.memory, self.rng)
            for score, cmd in self.score_options(world, options, rest):
                totals[cmd] = totals.get(cmd, 0.0) + score
        return totals

    def defend(self, game, options):
        """The option to take when every option loses against the rule-of-thumb opponent (it has lethal on board):
        the best if the opponent does nothing more this turn. A real opponent may miss the win, and then the
        blocker that won its battle and the life kept are what count; giving up throws those games."""
        return best([(s, c) for c, s in self.totals(game, options, rest=1 - self.seat).items()])

    def options(self, game) -> list:
        """The legal commands, without core moves once this turn has had its share of them."""
        options = game.legal_commands()
        turn, moves = self._moves
        if turn == game.state.turn:
            if moves >= MAX_CORE_MOVES:
                options = [o for o in options if o.kind != "move_cores"] or options
            elif self._moved:
                options = [o for o in options if o.kind != "move_cores" or not any(
                    (m.dst, m.src) in self._moved for m in o.moves)] or options
        return options

    def note(self, game, cmd):
        if cmd.kind == "move_cores":
            turn, moves = self._moves
            if turn != game.state.turn:
                self._moved = set()
                moves = 0
            self._moves = (game.state.turn, moves + 1)
            self._moved.update((m.src, m.dst) for m in cmd.moves)
        return cmd

    def score_options(self, world, options, rest=None):
        """(score, command) for each option, from one sampled world; self-destroying ones rank last. `rest`: the
        seat that does nothing more of its own accord in the rest of the turn (default: per `own`)."""
        seat = self.seat
        if rest is None and self.own == "rest":
            rest = seat
        mine = {i for i in world.state.players[seat].field}
        out = []
        for cmd in options:
            w = world.clone()
            try:
                w.apply(cmd)
            except IllegalCommand:
                continue
            if lost_by_own_hand(w, mine):
                out.append((-1e12, cmd))
                continue
            rng = Rng(self.rng.next64())
            play_out_turn(w, rng, rest=rest)
            out.append((evaluate(w, seat), cmd))
        return out or [(0.0, options[0])]


def best(scored):
    """The highest score; on a tie, a command that ends the step or passes (then the first listed)."""
    top = max(s for s, _ in scored)
    tied = [c for s, c in scored if s >= top - 1e-6]
    return next((c for c in tied if c.kind in CLOSING), tied[0])
