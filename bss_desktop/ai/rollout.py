"""A fast rule-of-thumb player for playing a sampled world forward (Normal's lookahead, Hard's playouts).

It reads the board directly and never searches: set a burst, summon the strongest spirit it can pay for without
destroying its own, use magic that takes an opponent's spirit off the field, level spirits up with reserve cores,
attack where no refreshed blocker beats the attacker (or where the attacks left are lethal through the blockers),
block as the sensible player does (a winning blocker, an equal trade, the last lives), and in a flash window use
magic that removes the attacker (defending) or wins its own blocked attack. Whether a magic does that is found by
playing it in a copy of the world (`tried`), so any magic the card text compiles to is judged by what it does. It
reads the real board only inside sampled worlds (knowledge.py), and is deliberately simple: what it gets wrong, the
search around it corrects.
"""
from __future__ import annotations

from ..engine.commands import Attack, EndAttack, EndMain, MoveCores, Mulligan, Pass, SetBurst, UseMagic
from ..engine.errors import IllegalCommand

PLAY_KINDS = ("summon", "place_nexus")
LOW_LIFE = 2  # at this life or less every attack is blocked if a spirit can
TRY_LIMIT = 40  # own answers played to see what a magic does


def fast_choice(game, rng, options=None, copy=None):
    """A command for game.pending, from `options` (default: the legal commands). `copy()` makes a world to try a
    magic in (default: game.clone, for the sampled worlds this player plays in; on the real game, pass one that
    samples from the seat's knowledge)."""
    if game.profile.rules == "bos":  # another game, its own rules of thumb (ai/bos_play.py)
        from .bos_play import fast_choice as bos_choice

        return bos_choice(game, rng, options)
    pend = game.pending
    if options is None:
        options = game.legal_commands()
    if len(options) == 1:
        return options[0]
    kind = pend.kind
    p = pend.player
    copy = copy or game.clone
    if kind == "mulligan":
        return Mulligan(p, not _keepable(game, p))
    if kind == "main":
        return _main(game, p, options, copy, rng)
    if kind == "attack":
        return _attack(game, p, options)
    if kind == "block":
        return _block(game, p, options)
    if kind == "flash":
        magic = flash_magic(game, p, options, copy, rng)
        return magic or next((o for o in options if isinstance(o, Pass)), options[0])
    return _choose(game, pend, options, rng)


def burst_offer(game, options):
    """The "yes" to a question whether to activate one's own set burst (CR 10-9-3), else None. A burst is set to
    be used when its moment comes: the evaluation counts a set burst as a promise (evaluate.WEIGHTS["burst"]) and
    not what it does when it fires (a mill, a draw), so a search would wrongly keep it face down."""
    pend = game.pending
    if pend.kind != "choose" or pend.info.get("kind") != "may":
        return None
    src = pend.info.get("source")
    if src is None or game.state.players[pend.player].burst != src:
        return None
    return next((o for o in options if o.value is True), None)


def _keepable(game, p: int) -> bool:
    db, cards = game.db, game.state.cards
    cheap = sum(1 for i in game.state.players[p].hand
                if db[cards[i].cid].type == "spirit" and db[cards[i].cid].cost <= 4)
    return cheap >= 1


def card_worth(game, iid: int) -> float:
    d = game.db[game.state.cards[iid].cid]
    top = max((lv.bp or 0) for lv in d.levels) if d.levels else 0
    return d.cost * 1000 + top / 4 + 500 * len(d.symbols)


def _main(game, p, options, copy, rng):
    st = game.state
    player = st.players[p]
    bursts = [o for o in options if isinstance(o, SetBurst)]
    if bursts and player.burst is None:
        return bursts[0]
    plays = [o for o in options if o.kind in PLAY_KINDS and not self_destroyed(game, p, o)]
    if plays:
        spirits = sum(1 for i in player.field if game.db[st.cards[i].cid].type == "spirit")
        def worth(o):
            d = game.db[st.cards[o.card].cid]
            bonus = 3000 if d.type == "spirit" and spirits < 2 else 0
            return card_worth(game, o.card) + bonus
        return max(plays, key=worth)
    magic = main_magic(game, p, options, copy, rng)
    if magic is not None:
        return magic
    if player.reserve:
        best, need = None, 99
        for o in options:
            if isinstance(o, MoveCores) and len(o.moves) == 1 and o.moves[0].src == "reserve" and not o.moves[0].soul:
                iid = o.moves[0].dst
                gap = _next_level_gap(game, iid)
                if gap is not None and gap <= player.reserve and gap < need:
                    best, need = o, gap
        if best is not None:
            return best
    return next(o for o in options if isinstance(o, EndMain))


def self_destroyed(game, p: int, cmd) -> list[int]:
    """The player's own field cards a summon's or placement's payment and placement would leave below their LV1
    cores, destroying them (the engine offers such a payment when no other exists): a sensible player does not
    throw a spirit away to summon another."""
    st = game.state
    taken: dict = {}
    for sel in (cmd.pay or (), getattr(cmd, "place", None) or ()):
        for loc, n in sel:
            if type(loc) is int:
                taken[loc] = taken.get(loc, 0) + n
    soul = st.players[p].soul
    if type(soul) is int and (cmd.pay_soul or getattr(cmd, "place_soul", False)):
        taken[soul] = taken.get(soul, 0) + 1  # the soul core counts among the cores on its card (CR 2-10-3)
    out = []
    for iid, n in taken.items():
        c = st.cards[iid]
        d = game.db[c.cid]
        lv1 = d.levels[0].cores if d.type == "spirit" and d.levels else 0
        if c.cores + (1 if soul == iid else 0) - n < lv1:
            out.append(iid)
    return out


def _next_level_gap(game, iid: int):
    """Cores a spirit still needs for its next level, or None at its top level."""
    st = game.state
    c = st.cards[iid]
    d = game.db[c.cid]
    if d.type != "spirit":
        return None
    have = c.cores + (1 if st.players[c.owner].soul == iid else 0)
    for lv in d.levels:
        if lv.cores > have:
            return lv.cores - have
    return None


def main_magic(game, p: int, options, copy, rng):
    """A magic to use in the main step that takes an opponent's spirit off the field, tried in `copy()` (a world to
    spend), the costliest first; None when none does."""
    st = game.state
    if not any(game.db[st.cards[i].cid].type == "spirit" for i in st.players[1 - p].field):
        return None
    for o in sorted(_magic(game, p, options), key=lambda o: -game.db[st.cards[o.card].cid].cost):
        if tried(copy(), p, o, lambda before, w: lost_spirits(w, before) > 0, rng):
            return o
    return None


def flash_magic(game, p: int, options, copy, rng):
    """In a flash window of a battle (CR 10-8): defending, a magic that removes the attacker or ends the battle;
    attacking and blocked, one that leaves the attacker the winner (CR 7-1-5-2-1). Tried in `copy()`; None when no
    magic does that."""
    st = game.state
    b = st.battle
    magic = _magic(game, p, options)
    if not magic or b is None or b.attacker is None:
        return None
    attacker = b.attacker
    if st.turn_player != p:
        def good(before, w):
            return w.state.cards[attacker].zone != "field" or w.state.battle is None
    elif b.blocker is not None:
        blocker = b.blocker

        def good(before, w):
            cards = w.state.cards
            return cards[attacker].zone == "field" and (cards[blocker].zone != "field"
                                                         or w.bp(attacker) > w.bp(blocker))
    else:
        return None
    return next((o for o in magic if tried(copy(), p, o, good, rng)), None)


def _magic(game, p: int, options) -> list:
    """The magic among `options`, one payment a card: the first that destroys none of the player's own cards."""
    out, seen = [], set()
    for o in options:
        if isinstance(o, UseMagic) and o.card not in seen and not self_destroyed(game, p, o):
            seen.add(o.card)
            out.append(o)
    return out


def tried(world, p: int, cmd, good, rng) -> bool:
    """Whether `cmd`, played in `world` (a copy to spend) with the player's own answers to the questions it raises,
    does what `good(before, world)` asks without costing one of the player's own field cards; `before`: the
    opponent's field cards before it."""
    before = set(world.state.players[1 - p].field)
    mine = set(world.state.players[p].field)
    try:
        world.apply(cmd)
        n = 0
        while (not world.over and n < TRY_LIMIT and world.pending.kind == "choose"
               and world.pending.player == p):
            world.apply(_choose(world, world.pending, world.legal_commands(), rng))
            n += 1
    except IllegalCommand:
        return False
    if any(world.state.cards[i].zone != "field" for i in mine):
        return False
    return bool(good(before, world))


def lost_spirits(world, before) -> int:
    """How many of the field cards `before` are spirits no longer on the field."""
    cards = world.state.cards
    return sum(1 for i in before if cards[i].zone != "field" and world.db[cards[i].cid].type == "spirit")


def through_blockers(game, p: int, attacks) -> int:
    """Life the attacks in `attacks` take at least if the opponent blocks the biggest of them, one refreshed
    spirit each (CR 7-1-5-3-1: an unblocked attack takes a life per symbol; a blocker exhausts, CR 7-1-3)."""
    st = game.state
    cards, db = st.cards, game.db
    blockers = sum(1 for i in st.players[1 - p].field
                   if not cards[i].exhausted and db[cards[i].cid].type == "spirit")
    syms = sorted((len(game.symbols(o.spirit)) for o in attacks), reverse=True)
    return sum(syms[blockers:])


def lethal_attack(game, p: int, options):
    """The attack to declare when the attacks left take the opponent's last life through every blocker and no
    set burst can answer (CR 10-9: a burst is the one answer the board shows); None otherwise. Each later attack
    decision finds it again, with the blockers and life that remain."""
    st = game.state
    if st.players[1 - p].burst is not None:
        return None
    attacks = [o for o in options if isinstance(o, Attack)]
    if not attacks or through_blockers(game, p, attacks) < st.players[1 - p].life:
        return None
    return max(attacks, key=lambda o: (len(game.symbols(o.spirit)), game.bp(o.spirit)))


def _attack(game, p, options):
    st = game.state
    opp = st.players[1 - p]
    db, cards = game.db, st.cards
    blockers = [game.bp(i) for i in opp.field if not cards[i].exhausted and db[cards[i].cid].type == "spirit"]
    attacks = [o for o in options if isinstance(o, Attack)]
    if not attacks:
        return options[-1]
    lethal = through_blockers(game, p, attacks) >= opp.life  # (the playouts go for it, burst or not)
    best, best_bp = None, -1
    for o in attacks:
        bp = game.bp(o.spirit)
        safe = all(b < bp for b in blockers)
        if (safe or lethal or not blockers) and bp > best_bp:
            best, best_bp = o, bp
    if best is not None:
        return best
    return next((o for o in options if isinstance(o, EndAttack)), attacks[0])  # (a spirit that must attack: attack)


def _block(game, p, options):
    """Block with the weakest spirit that beats the attacker; trade an equal one for an attacker worth as much;
    throw the weakest in front of an attack that takes the last lives (or at LOW_LIFE)."""
    st = game.state
    b = st.battle
    attacker_bp = game.bp(b.attacker)
    hit = len(game.symbols(b.attacker))
    life = st.players[p].life
    blocks = [o for o in options if o.spirit is not None]
    winners = [o for o in blocks if game.bp(o.spirit) > attacker_bp]
    if winners:
        return min(winners, key=lambda o: game.bp(o.spirit))
    worth = card_worth(game, b.attacker)
    equal = [o for o in blocks if game.bp(o.spirit) == attacker_bp and card_worth(game, o.spirit) <= worth]
    if equal:
        return min(equal, key=lambda o: card_worth(game, o.spirit))
    if blocks and (hit >= life or life <= LOW_LIFE):
        return min(blocks, key=lambda o: card_worth(game, o.spirit))
    none = [o for o in options if o.spirit is None]
    return none[0] if none else options[0]


def _choose(game, pend, options, rng):
    kind = pend.info["kind"]
    if kind == "may":
        return next((o for o in options if o.value is True), options[0])
    if kind == "x":
        return max(options, key=lambda o: o.value if isinstance(o.value, int) else 0)
    if kind == "target":
        p = pend.player
        cards = game.state.cards

        b = game.state.battle
        attacker = b.attacker if b is not None and b.attacker is not None and cards[b.attacker].owner != p else None

        def worth(o):  # the opponent's attacking spirit first (a flash answer to its attack), then the strongest
            vals = o.value if isinstance(o.value, tuple) else ()
            bp = sum(game.bp(i) if cards[i].zone == "field" and cards[i].owner != p
                     and game.db[cards[i].cid].type == "spirit" else 0 for i in vals)
            return (attacker in vals, len(vals), bp)
        return max(options, key=worth)
    return options[0]
