"""The computer's knowledge of Battle of Souls (rules/bos/): the evaluation of a position and the rule-of-thumb
player the look-ahead and the playouts use. `evaluate.evaluate` and `rollout.fast_choice` hand a Battle of Souls game
to these, so Normal and Hard play it with the same search as Saga.

The evaluation is in SP: the Soul Points lead (what wins, BOS §Winning a Battle), what each side's fighters are
worth (ATK, RST, kill tokens toward the next class: BOS §Fighter Classes), the cards held and set, the damage the
opponent's fighters could deal next turn to a side with no fighters, and a short deck.

The rule-of-thumb player deploys its strongest fighter (by sacrifice when its kill tokens allow), uses what helps
it (its ATK up, the opponent's fighter destroyed, damage, draws) and sets its tactics; attacks a fighter it beats,
or directly; in a window answers the opponent's activation with a negation, an attack with a removal of the
attacker, and a close damage step with an ATK change that turns the fight; chooses the best card when asked.

Measured (`arena --game bos`, 60 games, seed 3002 unless said): with Saga's search units Hard against Normal stayed
near 0.55 whatever was tried — 0.15 s or 0.6 s a decision (0.550, 0.550), playouts that end with the turn (0.450 to
0.583), its own rest of the turn played by Normal's look-ahead instead of these rules (0.550); Normal with 12 worlds
against 3: 0.510 (100 games); Normal against these rules of thumb alone: 0.625 (200 games). Between Normal and a
2-world Normal, 82 of 100 deals went to the same seat whoever sat there (Saga: 85): the deal decides most battles
between near players, and what a search adds shows only in the rest. The reason Hard did no better was its units:
Saga's scale turned every Soul Point lead into a reward of ±1 (SCALE below); in this game's own units, 0.62 against
0.54 on the same 100 games; with the shipped defaults (0.6 s) 0.605 (0.536–0.670, 200 games, seed 3003).
"""
from __future__ import annotations

from ..engine.commands import (Choose, DeclareAttack, Deploy, EndAttack, EndMain, Mulligan, Pass, SetCard,
                               UseCard)
from ..rules.bos.stats import atk, cls, effects, fighters, kills, position, rst

WIN = 100_000.0
# The search's units (evaluate.search_units): this evaluation counts Soul Points, about ten times Saga's points (a
# played-out position's score has a median near 4,000, where Saga's is near 300; Normal's options differ by a median
# 155 where Saga's differ by 22). With Saga's units every reward was near -1 or +1 and Hard took each decision
# as lost or won: against Normal 0.54 (100 games, seed 3002, 360 iterations); with these 0.62 (the same games).
SCALE = 6000.0
PRIOR_TEMPERATURE = 1000.0
CLASS_VALUE = {"Warrior": 0, "Elite Warrior": 600, "Warlord": 1200, "Legendary Warrior": 2000}
NEXT_KILLS = {"Warrior": 3, "Elite Warrior": 5, "Warlord": 7}  # kill tokens that let a fighter be sacrificed up


def evaluate(game, seat: int) -> float:
    st = game.state
    if st.result is not None:
        if st.result.winner is None:
            return 0.0
        return WIN if st.result.winner == seat else -WIN
    return _side(game, seat) - _side(game, 1 - seat)


def _side(game, p: int) -> float:
    st = game.state
    score = float(game.sp(p))
    mine = fighters(game, p)
    for f in mine:
        c = cls(game, f) or "Warrior"
        k = kills(game, f)
        score += 0.55 * atk(game, f) + 0.25 * rst(game, f) + CLASS_VALUE[c]
        need = NEXT_KILLS.get(c)
        score += 180.0 * (min(k, need) / need if need else 0.0) + 40.0 * k
    areas = st.table.areas[p]
    score += 250.0 * len(areas["tactic"]) + 200.0 * len(areas["equipment"]) + 300.0 * len(areas["battlefield"])
    score += 180.0 * min(len(st.players[p].hand), 7)
    deck = len(st.players[p].deck)
    if deck < 4:
        score -= (4 - deck) * 600.0  # BOS §Draw Phase: an empty deck loses
    if not mine:  # the opponent's fighters will attack directly (BOS §Battle Step)
        score -= 0.5 * sum(atk(game, f) for f in fighters(game, 1 - p))
    return score


# ---------------------------------------------------------------- the rule-of-thumb player


def fast_choice(game, rng, options=None):
    pend = game.pending
    if options is None:
        options = game.legal_commands()
    if len(options) == 1:
        return options[0]
    p, kind = pend.player, pend.kind
    if kind == "mulligan":
        redraw = Mulligan(p, True)
        return redraw if redraw in options else Mulligan(p, False)
    if kind == "main":
        return _main(game, p, options)
    if kind == "attack":
        return _attack(game, p, options)
    if kind == "chain":
        return _respond(game, p, options)
    return _choose(game, pend, options)


def _fighter_worth(game, cid_or_iid) -> float:
    d = game.card_def(cid_or_iid)
    return d.extra.get("atk", 0) + 0.4 * d.extra.get("rst", 0) + CLASS_VALUE.get(d.extra.get("class"), 0)


def _main(game, p, options):
    deploys = [o for o in options if isinstance(o, Deploy)]
    if deploys:  # the strongest fighter it can deploy
        return max(deploys, key=lambda o: (_fighter_worth(game, o.card) - sum(_fighter_worth(game, s) * 0.5
                                                                              for s in o.sacrifices)))
    uses = [o for o in options if isinstance(o, UseCard) and _helps(game, p, o)]
    if uses:
        return max(uses, key=lambda o: _use_value(game, p, o))
    sets = [o for o in options if isinstance(o, SetCard) and game.card_def(o.card).type == "tactic"]
    if sets:
        return sets[0]
    return next(o for o in options if isinstance(o, EndMain))


def _effect_of(game, o: UseCard):
    fx = effects(game, o.card)
    if o.effect:
        return fx[o.effect - 1]
    return next((e for e in fx if e.kind == "activation"), None)


def _use_value(game, p, o: UseCard) -> float:
    """What activating `o` is worth to `p`, roughly (SP units); 0 when it does nothing useful now."""
    e = _effect_of(game, o)
    d = game.card_def(o.card)
    value = 0.0
    if d.type == "equipment" and d.extra.get("subtype") == "Attached":
        value += d.extra.get("atk_mod", 0) + 0.4 * d.extra.get("rst_mod", 0)
    if d.type == "battlefield" and not o.effect:
        value += 250.0
    if e is None:
        return value
    for a in e.do:
        targets = list(o.targets) if a.who == "target" else []
        if a.op == "modify":
            sign = 1 if a.amount > 0 else -1
            mine = [t for t in targets if game.state.cards[t].owner == p]
            theirs = [t for t in targets if game.state.cards[t].owner != p]
            if a.who == "own_fighters":
                mine = fighters(game, p)
            if a.who == "opponent_fighters":
                theirs = fighters(game, 1 - p)
            value += abs(a.amount) * 0.4 * (sign * len(mine) - sign * len(theirs))
        elif a.op == "destroy":
            for t in targets:
                worth = atk(game, t) + 0.3 * rst(game, t) if game.state.cards[t].zone == "fighter" else 300
                value += worth if game.state.cards[t].owner != p else -worth
        elif a.op in ("return_to_hand", "shuffle_into_deck", "send_to_discard"):
            for t in targets:
                worth = 0.7 * (atk(game, t) if game.state.cards[t].zone == "fighter" else 300)
                value += worth if game.state.cards[t].owner != p else -worth
        elif a.op == "damage":
            value += a.amount * 2
        elif a.op == "draw":
            value += 180 * a.count
        elif a.op == "search":
            value += 250
        elif a.op == "token":
            value += a.atk * 0.5 * a.count
        elif a.op == "extra_deploy":
            value += 300 if any(game.card_def(i).type == "fighter" for i in game.state.players[p].hand) else -50
        elif a.op == "position":
            for t in targets:
                value += 150 if game.state.cards[t].owner != p and position(game, t) == "attack" else -100
    return value - (e.cost.sp * 1.0 + e.cost.sacrifice * 900 + e.cost.discard * 200)


ANSWERS = ("negate", "destroy", "modify", "return_to_hand", "shuffle_into_deck", "send_to_discard", "position")


def _helps(game, p, o) -> bool:
    """Worth activating in the main phase: a tactic that answers things (removal, ATK changes, negation) waits for
    the opponent's move, in a window."""
    e = _effect_of(game, o)
    if game.card_def(o.card).type == "tactic" and e is not None and any(a.op in ANSWERS for a in e.do):
        return False
    return _use_value(game, p, o) > 100


def _attack(game, p, options):
    best, best_gain = None, 0.0
    for o in options:
        if not isinstance(o, DeclareAttack):
            continue
        a = atk(game, o.fighter)
        if o.target is None:
            gain = a
        elif position(game, o.target) == "rest":
            r = rst(game, o.target)
            gain = (atk(game, o.target) * 0.8 + 300) if a > r else (-(r - a) if a < r else -1)
        else:
            t = atk(game, o.target)
            gain = (a - t) + t * 0.8 + 300 if a > t else (-(t - a) - a * 0.8 if a < t else -50)
        if gain > best_gain:
            best, best_gain = o, gain
    return best or next(o for o in options if isinstance(o, EndAttack))


def _respond(game, p, options):
    st, r = game.state, game.state.rules
    uses = [o for o in options if isinstance(o, UseCard)]
    if not uses:
        return next(o for o in options if isinstance(o, Pass))
    top = r.chain[-1] if r.chain else None
    if top is not None and top.controller != p:  # answer the opponent's activation
        neg = [o for o in uses if _negates(game, o)]
        if neg and _use_value_of_link(game, top, p) < -150:
            return neg[0]
    f = r.fight
    if f is not None and f.player != p and r.window == "attack":  # the opponent attacks: remove the attacker
        rem = [o for o in uses if f.attacker in o.targets and _use_value(game, p, o) > 300]
        if rem:
            return max(rem, key=lambda o: _use_value(game, p, o))
    if f is not None and r.window == "damage":  # turn the fight with an ATK change
        now = _fight_margin(game, f, p)
        for o in uses:
            w = game.clone()
            try:
                w.apply(o)
                while w.pending is not None and w.pending.kind == "chain" and w.state.rules.chain:
                    w.apply(Pass(w.pending.player))
            except Exception:  # (a clone's trial; a refusal means the option does not help)
                continue
            if w.state.rules.fight is not None and _fight_margin(w, w.state.rules.fight, p) > now + 100:
                return o
    return next(o for o in options if isinstance(o, Pass))


def _negates(game, o) -> bool:
    e = _effect_of(game, o)
    return e is not None and any(a.op == "negate" for a in e.do)


def _use_value_of_link(game, link, p) -> float:
    """What the activation on the chain is worth to `p` (negative: it hurts `p`)."""
    fake = UseCard(link.controller, link.card, link.effect, link.targets)
    return -_use_value(game, link.controller, fake)


def _fight_margin(game, f, p) -> float:
    """How well the fight goes for `p`: its side's fighter's power over the other's."""
    a = atk(game, f.attacker) if f.attacker in fighters(game, f.player) else 0
    if f.target is None:
        d = 0
    elif f.target not in fighters(game, 1 - f.player):
        return 0.0
    else:
        d = rst(game, f.target) if position(game, f.target) == "rest" else atk(game, f.target)
    return (a - d) if f.player == p else (d - a)


def _choose(game, pend, options):
    info = pend.info
    kind = info.get("kind")
    p = pend.player
    if kind == "discard":  # the least worth keeping
        return min(options, key=lambda o: _card_worth(game, o.value[0]))
    if kind == "search":
        return max(options, key=lambda o: _card_worth(game, o.value[0]))
    if kind == "target":  # a trigger's targets: the opponent's best for harm, its own best for help
        src = info.get("source")
        fx = [e for e in effects(game, src) if e.kind == "trigger"] if src is not None else []
        harm = any(a.op in ("destroy", "return_to_hand", "shuffle_into_deck", "send_to_discard")
                   or (a.op == "modify" and a.amount < 0) for e in fx for a in e.do)

        def worth(o):
            total = sum(atk(game, t) if game.state.cards[t].zone == "fighter" else 300 for t in o.value)
            own = all(game.state.cards[t].owner == p for t in o.value)
            return total * (-1 if own == harm else 1)
        return max(options, key=worth)
    return options[0]


def _card_worth(game, iid) -> float:
    d = game.card_def(iid)
    if d.type == "fighter":
        return _fighter_worth(game, iid)
    return 900.0 if d.type == "tactic" else 700.0
