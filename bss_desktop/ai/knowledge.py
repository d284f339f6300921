"""What a seat may know, and worlds sampled from it (information sets, for the search).

A seat sees its own hand, both fields, both trashes, core counts and its own set burst (engine/view.py); it
knows its own deck list, so the *contents* of its deck but not their order. It does not see the opponent's hand,
deck or face-down burst. `sample_world` clones the game and re-deals exactly those: the seat's own deck is
reshuffled, and every hidden card of the opponent gets a card drawn from what the seat has seen them play and
plausible cards of the colours seen, never from the opponent's real list. The world's random generator is
re-seeded too, so no search can learn a coming shuffle or draw. Two games that differ only in what the seat
cannot see give the same worlds for the same seed (tests/test_ai_never_peeks.py,
test_a_sampled_world_depends_only_on_what_the_seat_may_see).
"""
from __future__ import annotations

from bisect import bisect_right
from itertools import accumulate

from ..carddb.deck_rules import DECK_RULES
from ..engine.rng import Rng

PUBLIC = ("field", "trash", "resolving", "removed", "exile", "pending",  # (Standard's removed-from-game area, pending)
          "fighter", "battlefield", "discard")  # Battle of Souls' public zones
SET_ZONES = ("equipment", "tactic")  # Battle of Souls: public face up, hidden face down
SEEN_WEIGHT = 8  # a card the opponent has shown is this many times likelier than an unseen card of their colours
MAX_COPIES = DECK_RULES["bss"].copies  # CR 5-1-1-1 (another game: its own deck rules, _deal_opponent)


class Memory:
    """The opponent's cards this seat has seen (card ids, with the most copies seen at once)."""

    def __init__(self, seat: int):
        self.seat = seat
        self.seen: dict[str, int] = {}

    def observe(self, game) -> None:
        st = game.state
        opp = 1 - self.seat
        now: dict[str, int] = {}
        for c in st.cards.values():
            if c.owner == opp and (is_public(st, c) or (c.zone == "burst" and st.result is not None)):
                now[c.cid] = now.get(c.cid, 0) + 1
        for cid, n in now.items():
            if n > self.seen.get(cid, 0):
                self.seen[cid] = n


def is_public(st, card) -> bool:
    """Whether a card's identity is public where it is (a face-down card in a set zone is not)."""
    if card.zone in PUBLIC:
        return True
    if card.zone in SET_ZONES:
        m = st.table.marks.get(card.iid)
        return m is None or not m.down
    return False


_POOLS: dict = {}


def _pool(db):
    """Cards a deck may hold (no tokens), by colour, and those with a burst: computed once per card database."""
    key = id(db)
    found = _POOLS.get(key)
    if found is None or found[0] is not db:
        cards = [d for d in db.values() if not d.token and (d.type in ("spirit", "nexus", "magic") or not d.colors)]
        by_colour: dict[str, list[str]] = {}
        for d in cards:
            for colour in d.colors:
                by_colour.setdefault(colour, []).append(d.id)
        found = _POOLS[key] = (db, sorted(d.id for d in cards), {k: sorted(v) for k, v in by_colour.items()},
                               {d.id for d in cards if d.burst})
    return found[1:]


def hidden_cards(game, seat: int) -> tuple[list[int], list[int], list[int]]:
    """(own deck, opponent's hand and deck, opponent's face-down cards on the table: a set burst, Battle of Souls'
    set equipment and tactics): the cards whose identity `seat` lacks."""
    st = game.state
    me, opp = st.players[seat], st.players[1 - seat]
    burst = [] if opp.burst is None or st.result is not None else [opp.burst]
    if st.table is not None:
        burst += [i for z in SET_ZONES if z in st.table.areas[1 - seat] for i in st.table.areas[1 - seat][z]
                  if not is_public(st, st.cards[i])]
    return list(me.deck), list(opp.hand) + list(opp.deck), burst


def sample_world(game, seat: int, memory: Memory | None, rng: Rng):
    """A copy of `game` in which everything `seat` cannot see is re-dealt (see the module's doc)."""
    st = game.state
    own_deck, opp_hidden, opp_burst = hidden_cards(game, seat)
    shown = _in_play(st)
    if shown:  # a card an effect is using was shown as it activated (a burst, a card revealed from the deck)
        own_deck = [i for i in own_deck if i not in shown]
        opp_hidden = [i for i in opp_hidden if i not in shown]
        opp_burst = [i for i in opp_burst if i not in shown]
    cids: dict[int, str] = {}
    # own deck: the same cards, in an order the seat cannot know
    contents = sorted(st.cards[i].cid for i in own_deck)
    rng.shuffle(contents)
    cids.update(zip(own_deck, contents))
    dealt_from: frozenset = frozenset()
    if opp_hidden or opp_burst:
        dealt, dealt_from = _deal_opponent(game, seat, memory, rng, opp_hidden, opp_burst)
        cids.update(dealt)
    # what the world's cards may be: the ids the seat knows and the pool the opponent's were dealt from (the same for
    # every world of a decision, so the engine indexes the world's cards once: Game.clone's may_hold)
    may_hold = frozenset(cids.get(i, c.cid) for i, c in st.cards.items()) | dealt_from
    return clone(game, cids, seed=rng.next64(), may_hold=may_hold)


def _in_play(st) -> set:
    """Cards the rules are working with right now: the sources and chosen cards of waiting effects, a choice's
    options, the battle's spirits and cards waiting to be destroyed. Their identities are public."""
    out: set = set()
    for a in st.queue:
        out.add(a.source)
        if a.trigger_card is not None:
            out.add(a.trigger_card)
        out.update(i for i in (a.cur or ()) if isinstance(i, int))
        out.update(i for i in a.selected if isinstance(i, int))
    c = st.choice
    if c is not None:
        if c.source is not None:
            out.add(c.source)
        if c.kind == "target":
            out.update(i for i in c.options if isinstance(i, int))
    out.update(i for i, _ in st.pending_destruction)
    return out


def _deal_opponent(game, seat, memory, rng, hidden, burst) -> tuple[dict, frozenset]:
    """The opponent's hidden cards dealt (iid -> card id), and the card ids they were dealt from."""
    db = game.db
    st = game.state
    opp = 1 - seat
    pool, by_colour, bursts = _pool(db)
    shown: dict[str, int] = {}  # copies the opponent shows now (they are not in the hidden part)
    for c in st.cards.values():
        if c.owner == opp and is_public(st, c):
            shown[c.cid] = shown.get(c.cid, 0) + 1
    seen = dict(memory.seen) if memory is not None else {}
    for cid, n in shown.items():
        seen[cid] = max(seen.get(cid, 0), n)
    colours = sorted({col for cid in seen if cid in db for col in db[cid].colors})
    plausible = sorted({cid for col in colours for cid in by_colour.get(col, ())}) if colours else list(pool)
    weights = {cid: 1 for cid in plausible}
    for cid in seen:
        if cid in db and not db[cid].token:
            weights[cid] = weights.get(cid, 0) + SEEN_WEIGHT
    copies = DECK_RULES[game.profile.id].copies if game.profile.id != "bss" else MAX_COPIES  # (Standard: 3)
    left = {cid: copies - shown.get(cid, 0) for cid in weights}
    names = sorted(weights)
    out: dict[int, str] = {}

    # the names that still have copies, in order, with the running total of their weights (rebuilt only when a name
    # runs out): a deck's worth of hidden cards is dealt without a pass over every name for each card (that pass was
    # a third of Hard's time at B.O.S.)
    bag = [c for c in names if left[c] > 0]
    cum: list[int] = []

    def rebuild() -> None:
        cum[:] = accumulate(weights[c] for c in bag)

    def take(i: int) -> str:
        c = bag[i]
        left[c] -= 1
        if not left[c]:
            del bag[i]
            rebuild()
        return c

    def draw(allowed=None) -> str | None:
        """A name by weight among those with copies left (and `allowed`), its copy taken; None when there is none."""
        if allowed is None:
            return take(bisect_right(cum, rng.below(cum[-1]))) if bag else None
        idx = [i for i, c in enumerate(bag) if allowed(c)]
        if not idx:
            return None
        sub = list(accumulate(weights[bag[i]] for i in idx))
        return take(idx[bisect_right(sub, rng.below(sub[-1]))])

    rebuild()
    for iid in burst:  # a face-down card is of what its zone holds: a burst, an equipment or a tactic card
        zone = st.cards[iid].zone
        fits = (lambda c: c in bursts) if zone == "burst" else (lambda c, z=zone: db[c].type == z)
        out[iid] = draw(fits) or draw() or st.cards[iid].cid
    for iid in hidden:
        out[iid] = draw() or st.cards[iid].cid
    return out, frozenset(names)


def clone(game, cids: dict | None = None, *, seed: int | None = None, may_hold: frozenset | None = None):
    """An independent copy of `game` with the given cards' identities replaced and, with `seed`, a fresh
    random generator; nothing of the original's history comes along."""
    world = game.clone(cids=cids, may_hold=may_hold)
    if seed is not None:
        world.state.rng = Rng(seed)
    world.start = {}
    world.history = []
    return world
