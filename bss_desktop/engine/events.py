"""Events: the facts a command caused, in order.

`Game.apply` returns the events of one command. Views (the Qt board, the log)
apply them and redraw only what changed; the network layer redacts them per
seat. An event is a kind plus a flat dictionary of plain values.

Kinds and their fields:
  setup        first_player
  shuffle      player
  mulligan     player, redraw
  draw         player, card                        (card identity is private to `player`)
  step         turn, player, step                  (step: start core draw refresh main attack end, and
               second_main in Standard)
  card_moved   card, cid, owner, src, dst, reason[, down]  (src/dst are zones, see state.ZONES, or a profile's;
               down: it enters face down, so only its owner may know it; Standard: a destroyed or depleted card
               moves to "pending", then on with reason "pending_over")
  card_face    card, owner, down, cid              (a game of another profile: turned face down or up)
  capacity     player, zone, zones, count, max, label   (a sandbox zone over its profile's capacity: a warning)
  tracker_mark player, name, value, mark, at       (a tracker reached its win_at or lose_at)
  deck_out     player, rule                        (a draw from an empty deck: that player lost, turn_rules.deck_out)
  table_warning player, what, rule[, card, zone, step, count, over, down_to]
               (what: set_this_turn, step_ban, hand_limit: a sandbox reminder, engine/table_turn.py)
  cores_moved  player, src, dst, count, soul, reason[, dst_player]
               (src/dst: "life" "reserve" "trash" "void" or a card iid; count = regular cores)
  exhaust      card, exhausted
  destroyed    card, cause, self_destruction       (cause = [kind, player, source])
  depleted     card, cause, level                  (Standard: fewer cores than its Lv1 cost, never destruction,
               cause = ["depleted_effect", player, source] or ["depleted_self", owner];
               level: the level it had before it lost its cores)
  attack       player, card
  block        player, card                        (card None: no block)
  pass         player
  battle_resolution attacker, blocker             (Standard: battle resolution begins)
  battle_end   attacker, blocker
  game_over    winner, reason                      (winner None: a draw)
"""
from __future__ import annotations


class Event:
    __slots__ = ("kind", "data")

    def __init__(self, kind: str, **data):
        self.kind = kind
        self.data = data

    def __getitem__(self, key):
        return self.data[key]

    def get(self, key, default=None):
        return self.data.get(key, default)

    def to_dict(self) -> dict:
        return {"kind": self.kind, **self.data}

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self.data.items())
        return f"Event({self.kind}: {args})"

    def __eq__(self, other) -> bool:
        return isinstance(other, Event) and self.kind == other.kind and self.data == other.data
