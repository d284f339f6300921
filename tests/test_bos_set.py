"""The shipped Battle of Souls set, BOS1 "Oaths of Iron and Dusk" (cards/bos/sets/bos1.yaml), and its four decks
(cards/bos/decks/): every card loads and is automated (its text written from its `effects:`, docs/card-format.md),
every mechanism of the vocabulary is on at least two cards (counted from the data), the decks are legal, and every
card is played from a position built for it, checking what each of its actions did (docs/bos-set.md).

The play test is generic: for each effect of each card it picks the moment that uses it (a Deploy, a UseCard of the
card or of the effect, an attack, the ready or end phase, the card destroyed by the opponent's tactic, or the
answer to the opponent's activation for a negation), and then checks each action against the state before: SP,
hand and deck sizes, zones, positions, tokens and ATK/RST (`rules.bos.stats`)."""
from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import yaml
from bos_position import BOS, bos, card, cids, db, ids, player

from bss_desktop.carddb.bos_effects import card_effects_text
from bss_desktop.carddb.deck_formats import game_decks
from bss_desktop.carddb.deck_rules import rules_of
from bss_desktop.carddb.decks import validate_deck
from bss_desktop.carddb.database import load_set_file
from bss_desktop.engine.commands import Choose, DeclareAttack, Deploy, EndAttack, EndMain, Pass, UseCard
from bss_desktop.rules.bos.effects import TOKEN_PREFIX
from bss_desktop.rules.bos.stats import atk, fighters, position, rst

ROOT = Path(__file__).resolve().parents[1]
SET_FILE = ROOT / "cards" / "bos" / "sets" / "bos1.yaml"
RAW = yaml.safe_load(SET_FILE.read_text(encoding="utf-8"))["cards"]
DB = db()
SHIPPED = [DB[c["id"]] for c in RAW]
PLAYED = [c for c in SHIPPED if not c.token]  # tokens are made by effects, never in a deck or a hand
DECKS = ("iron-legion", "shadow-court", "brine-corsairs", "thornwood-wardens")


def fx(c) -> tuple:
    return c.extra.get("effects", ())


# ---------------------------------------------------------------- the cards


def test_every_card_loads_with_its_own_id_and_the_set_has_ninety_original_cards():
    cards = load_set_file(SET_FILE, BOS)
    assert len(cards) == len(RAW) == len({c["id"] for c in RAW}) == len({c["name"] for c in RAW})
    assert len(PLAYED) >= 90
    assert all(c.id.startswith("BOS1-") and c.set == "BOS1" for c in SHIPPED)


def test_no_card_has_prose_text_every_card_is_automated():
    """A card with effects prints the text written from them; a card without effects is a Normal fighter (BOS
    §Normal Fighters), with no text: nothing is left to be played by hand."""
    assert not [c["id"] for c in RAW if "text" in c]
    for c in SHIPPED:
        if fx(c):
            assert c.text == card_effects_text(fx(c)), c.id
        else:
            assert c.type == "fighter" and c.text == "", c.id


def mechanisms(c) -> set[str]:
    """The mechanisms card `c` shows, named as in docs/bos-set.md's table."""
    x, out = c.extra, set()
    if c.type == "fighter":
        out.add(f"class {x['class']}")
        if not fx(c):
            out.add("Normal fighter")
    if c.type in ("equipment", "tactic"):
        out.add(f"{c.type} {x['subtype']}")
    if x.get("subtype") == "Attached":
        for mod in ("atk_mod", "rst_mod"):
            if x.get(mod):
                out.add(f"Attached with {mod}")
    if c.type == "battlefield":
        out.add("battlefield")
        if any(e.kind == "continuous" for e in fx(c)) and any(e.kind == "ignition" and e.cost for e in fx(c)):
            out.add("battlefield with an ignition cost and a continuous effect")
    for e in fx(c):
        out.add(f"kind {e.kind}")
        if e.when:
            out.add(f"when {e.when}")
        if e.once_per_turn:
            out.add("once_per_turn")
        for k in ("sp", "sacrifice", "discard"):
            if getattr(e.cost, k):
                out.add(f"cost {k}")
        t = e.target
        if t is not None:
            out.add(f"target side {t.side}")
            if t.zone == "set":
                out.add("target zone set")
            if t.cls:
                out.add("target class")
            if t.position:
                out.add(f"target position {t.position}")
            if t.count > 1:
                out.add("target count > 1")
        for a in e.do:
            out.add(f"op {a.op}")
            if a.op == "modify":
                out.add(f"modify {a.stat}")
                out.add(f"modify who {a.who}")
                if e.kind != "continuous":
                    out.add(f"modify until {a.until}")
            if a.op == "negate":
                out.add("negate on a tactic" if c.type == "tactic" else f"negate on a {e.kind} effect")
    return out


REQUIRED = {
    **{f"kind {k}": 2 for k in ("activation", "continuous", "ignition", "quick", "trigger")},
    **{f"when {w}": 2 for w in ("deployed", "destroyed", "destroys_by_battle", "sent_to_discard", "leaves_field",
                               "ready_phase", "end_phase")},
    **{f"cost {k}": 2 for k in ("sp", "sacrifice", "discard")},
    "once_per_turn": 2,
    **{f"target side {s}": 2 for s in ("own", "opponent", "any")},
    "target zone set": 2, "target class": 2, "target position attack": 2, "target position rest": 2,
    "target count > 1": 2,
    **{f"op {o}": 2 for o in ("modify", "destroy", "damage", "draw", "negate", "position", "return_to_hand",
                              "shuffle_into_deck", "send_to_discard", "extra_deploy", "token", "search", "piercing",
                              "direct_attack")},
    "modify atk": 2, "modify rst": 2, "modify until turn": 2, "modify until field": 2,
    **{f"modify who {w}": 2 for w in ("target", "self", "attached", "own_fighters", "opponent_fighters",
                                      "all_fighters")},
    **{f"equipment {s}": 2 for s in ("One-Turn", "Continuous", "Attached")},
    "Attached with atk_mod": 2, "Attached with rst_mod": 2,
    "tactic One-Turn": 2, "tactic Continuous": 2,
    "battlefield": 4, "battlefield with an ignition cost and a continuous effect": 4,
    "class Warrior": 2, "class Elite Warrior": 2, "class Warlord": 2, "class Legendary Warrior": 3,
    "Normal fighter": 2, "negate on a tactic": 2, "negate on a quick effect": 2,
}


def shown() -> dict:
    out = defaultdict(list)
    for c in PLAYED:
        for m in mechanisms(c):
            out[m].append(c.id)
    return out


@pytest.mark.parametrize("mechanism, at_least", sorted(REQUIRED.items()))
def test_every_mechanism_is_on_at_least_two_cards(mechanism, at_least):
    assert len(shown()[mechanism]) >= at_least, (mechanism, shown()[mechanism])


def test_tokens_are_made_by_effects():
    """Each token card the table shows is one an effect of the set makes (same name, ATK and RST)."""
    made = {(a.name, a.atk, a.rst) for c in PLAYED for e in fx(c) for a in e.do if a.op == "token"}
    for c in SHIPPED:
        if c.token:
            assert (c.name, c.extra["atk"], c.extra["rst"]) in made, c.id


# ---------------------------------------------------------------- the decks


def test_the_four_decks_are_legal_and_playable():
    decks = game_decks(DB, BOS)
    assert sorted(decks) == sorted(DECKS)
    for name, deck in decks.items():
        assert validate_deck(deck, DB, rules_of(BOS)) == [], name
        assert 40 <= len(deck.cards) <= 80 and 0 <= len(deck.side) <= 15, name
        named = Counter(DB[i].name for i in deck.cards)
        assert max(named.values()) <= 4, name
        classes = Counter(DB[i].extra.get("class") for i in deck.cards)
        assert classes["Legendary Warrior"] <= 3 and classes["Warrior"] * 2 >= len(deck.cards) * 0.8, name
        # a plan to climb the classes, answers, and no card of the deck without effects but its Normal fighters
        assert classes["Elite Warrior"] >= 4 and classes["Warlord"] >= 2, name
        assert sum(DB[i].type == "tactic" for i in deck.cards) >= 4, name
        assert all(not DB[i].token for i in deck.cards + deck.side), name


# ---------------------------------------------------------------- each card played

OWN_W, OWN_REST, OWN_E = "T-W1", {"card": "T-W1", "exhausted": True}, "T-E1"
THEIRS = ["T-W1", "T-E1", {"card": "T-W1", "exhausted": True}]
THEIR_SET = [{"card": "T-TC-NEG", "down": True}]  # a set card to target (it negates nothing: nothing to answer)
SEARCH_DECK = ["T-W1"] * 8 + ["T-EQ-CT", "T-TC-DMG", "T-BF-1", "T-W2"]
SACRIFICES = {"Warrior": [], "Elite Warrior": [{"card": "T-W2", "counters": {"kill": 3}}],
              "Warlord": [{"card": "T-E1", "counters": {"kill": 5}}],
              "Legendary Warrior": ["T-W2", "T-E1", {"card": "T-WL", "counters": {"kill": 7}}]}


@dataclass
class Run:
    """A card's effect used in a position: what it needs to check the outcome."""

    g: object
    c: object  # the CardDef
    e: object  # the Effect
    n: int  # its index (1 the first)
    ctrl: int  # who controls the card
    iid: int = 0
    before: dict = field(default_factory=dict)
    targets: tuple = ()
    host: int | None = None
    from_hand: int = 0  # the card left its controller's hand to be played
    phase_draw: tuple = (0, 0)  # draw-phase draws between before and after
    sp_extra: int = 0  # SP the controller gained besides the effect (battle damage, the cost the opponent paid)
    searched: list = field(default_factory=list)
    chosen: list = field(default_factory=list)  # a trigger's targets, chosen as it went on the chain


def snap(g) -> dict:
    st = g.state
    return {"sp": [g.sp(0), g.sp(1)], "hand": [len(st.players[p].hand) for p in (0, 1)],
            "deck": [len(st.players[p].deck) for p in (0, 1)], "fighters": [list(fighters(g, p)) for p in (0, 1)],
            "stats": {i: {"atk": atk(g, i), "rst": rst(g, i), "pos": position(g, i)} for p in (0, 1)
                      for i in fighters(g, p)},
            "extra": st.rules.extra_deploys, "mods": [m[:] for m in st.rules.mods]}


def settle(g, run: Run | None = None, until_main: bool = False) -> None:
    """Pass in every window; answer a search or a trigger's targets (opponent's fighters first); stop at a main
    phase or the battle step (with `until_main`, end the other player's turn on the way)."""
    for _ in range(200):
        pend = g.pending
        if pend is None:
            return
        if pend.kind == "chain":
            g.apply(Pass(pend.player))
        elif pend.kind == "choose":
            ch = g.state.choice
            opts = sorted(ch.options, key=lambda i: g.state.cards[i].owner == pend.player)  # theirs first
            pick = tuple(opts[:ch.min])
            if run is not None:
                (run.searched if ch.kind == "search" else run.chosen).extend(pick)
            g.apply(Choose(pend.player, pick))
        elif until_main and pend.player != 0:
            g.apply(EndAttack(pend.player) if pend.kind == "attack" else EndMain(pend.player))
        else:
            return
    raise AssertionError("the position does not settle")


def pick_targets(g, p: int, spec, avoid=()) -> tuple:
    legal = [i for i in g.legal_targets(p, spec) if i not in avoid]
    legal.sort(key=lambda i: g.state.cards[i].owner == p)  # the opponent's cards first where either side will do
    assert len(legal) >= spec.count, "the position offers too few targets"
    return tuple(legal[:spec.count])


def mode(c, e) -> str:
    if any(a.op == "negate" for a in e.do):
        return "negate"
    if any(a.op in ("piercing", "direct_attack") for a in e.do):
        return "battle_keyword"
    if e.kind == "trigger":
        return {"deployed": "deploy", "destroyed": "destroyed", "sent_to_discard": "destroyed",
                "leaves_field": "destroyed", "destroys_by_battle": "battle", "ready_phase": "ready",
                "end_phase": "end"}[e.when]
    if e.kind == "continuous":
        return "continuous"
    if e.kind == "activation":
        return "activate"
    return "use"  # ignition and quick: in the controller's main phase


def own_companions(c, e) -> list:
    """The fighters of the controller the effect may target or change besides the card itself."""
    t, out = e.target, []
    if (t is not None and t.side in ("own", "any") and t.zone == "fighter") or c.extra.get("subtype") == "Attached" \
            or any(a.op == "modify" and a.who in ("own_fighters", "all_fighters") for a in e.do):
        out.append(OWN_W)
        if t is not None and t.side == "own" and t.position == "rest":
            out.append(OWN_REST)
        if t is not None and t.side == "own" and t.cls == "Elite Warrior":
            out.append(OWN_E)
    return out


def on_field(c) -> dict:
    """Where the card stands when it is already on the field: its zone and mark."""
    if c.type == "fighter":
        return {"fighter": [c.id]}
    if c.type == "battlefield":
        return {"battlefield": [c.id]}
    if c.extra.get("subtype") == "Attached":
        return {"equipment": [{"card": c.id, "on": "fighter[0]"}]}
    return {c.type: [c.id]}


def cost_cards(e) -> tuple[list, list]:
    """Sacrifice fodder (fighters) and discard fodder (hand cards) for the effect's cost."""
    return ["T-W2"] * e.cost.sacrifice, ["T-W1"] * e.cost.discard


def pay(g, p: int, e, card_iid: int, avoid=()) -> tuple[tuple, tuple]:
    sac = tuple(i for i in fighters(g, p) if g.state.cards[i].cid == "T-W2" and i != card_iid
                and i not in avoid)[:e.cost.sacrifice]
    dis = tuple(i for i in g.state.players[p].hand if i != card_iid)[:e.cost.discard]
    return sac, dis


def play(c, n: int) -> Run:
    e = fx(c)[n - 1] if n else None
    how = mode(c, e) if e is not None else "deploy"
    sac_f, dis_h = cost_cards(e) if e is not None else ([], [])
    comp = own_companions(c, e) if e is not None else []
    search = e is not None and any(a.op == "search" for a in e.do)
    deck0 = SEARCH_DECK if search else None

    if how == "deploy":  # a Normal fighter, or "when this fighter is deployed"
        g = bos(player(hand=[c.id] + dis_h, fighter=comp + SACRIFICES[c.extra["class"]], deck=deck0),
                player(fighter=THEIRS, tactic=THEIR_SET))
        run = Run(g, c, e, n, 0, iid=card(g, 0, "hand", c.id), from_hand=1)
        sacs = tuple(i for i in ids(g, 0, "fighter")[len(comp):])
        run.before = snap(g)
        g.apply(Deploy(0, run.iid, sacs))
        settle(g, run)
        run.targets = tuple(run.chosen)
        return run

    if how == "negate":  # the opponent activates Hex of Embers (pay 200: 500 damage); the card answers it
        mine = {"tactic": [{"card": c.id, "down": True}]} if c.type == "tactic" else on_field(c)
        g = bos(player(tactic=[{"card": "T-TC-DMG", "down": True}]),
                player(hand=dis_h, fighter=mine.get("fighter", []) + sac_f, tactic=mine.get("tactic", [])))
        zone = "tactic" if c.type == "tactic" else "fighter"
        run = Run(g, c, e, n, 1, iid=card(g, 1, zone, c.id), sp_extra=200)
        run.before = snap(g)
        g.apply(UseCard(0, ids(g, 0, "tactic")[0]))
        assert g.pending.kind == "chain" and g.pending.player == 1
        sac, dis = pay(g, 1, e, run.iid)
        g.apply(UseCard(1, run.iid, 0 if e.kind == "activation" else n, (), sac, dis))
        settle(g, run)
        assert cids(g, 0, "discard") == ["T-TC-DMG"]  # used, and negated: no damage (the SP check)
        return run

    if how == "battle_keyword":  # piercing: against a rest-position fighter; direct attack past a fighter
        pierce = any(a.op == "piercing" for a in e.do)
        theirs = [{"card": "T-W0", "exhausted": True}] if pierce else ["T-WR"]
        g = bos(player(fighter=[c.id]), player(fighter=theirs))
        run = Run(g, c, e, n, 0, iid=card(g, 0, "fighter", c.id))
        g.apply(EndMain(0))
        run.before = snap(g)
        t = ids(g, 1, "fighter")[0]
        power = atk(g, run.iid)
        g.apply(DeclareAttack(0, run.iid, t if pierce else None))
        settle(g, run)
        if pierce:
            assert g.state.cards[t].zone == "discard"
            run.sp_extra = power - 500  # ATK − RST (BOS §Piercing Battle Damage)
        else:
            assert ids(g, 1, "fighter") == [t]
            run.sp_extra = power  # a direct attack while they have a fighter (BOS §Attack Directly)
        return run

    if how == "battle":  # "when this fighter destroys an opponent's fighter by battle": a 0-ATK fighter
        g = bos(player(fighter=[c.id] + comp, deck=deck0), player(fighter=["T-W0"]))
        run = Run(g, c, e, n, 0, iid=card(g, 0, "fighter", c.id))
        g.apply(EndMain(0))
        run.before = snap(g)
        run.sp_extra = atk(g, run.iid)
        g.apply(DeclareAttack(0, run.iid, ids(g, 1, "fighter")[0]))
        settle(g, run)
        run.targets = tuple(run.chosen)
        return run

    if how == "destroyed":  # the opponent destroys the card: Pitfall (a fighter) or Oathbreaker's Pyre (a set card)
        answer = "T-TC-KILL" if c.type == "fighter" else "BOS1-090"
        where = on_field(c)
        g = bos(player(fighter=where.get("fighter", []) + comp, equipment=where.get("equipment", []), deck=deck0),
                player(fighter=THEIRS, tactic=[{"card": answer, "down": True}]), turn=4, turn_player=1)
        run = Run(g, c, e, n, 0, iid=card(g, 0, c.type, c.id))
        run.before = snap(g)
        g.apply(UseCard(1, ids(g, 1, "tactic")[0], 0, (run.iid,)))
        settle(g, run)
        assert g.state.cards[run.iid].zone == "discard"
        run.targets = tuple(run.chosen)
        return run

    if how in ("ready", "end", "activate", "continuous", "use"):
        set_it = c.type == "tactic"  # a tactic is set face down first (BOS §Tactic Cards)
        from_hand = c.type in ("equipment", "battlefield") and how in ("activate", "continuous")
        from_hand = from_hand or (c.type == "fighter" and how == "continuous")
        mine = {} if (from_hand or set_it) else on_field(c)
        sacs = SACRIFICES[c.extra["class"]] if c.type == "fighter" and how == "continuous" else []
        p0 = player(hand=([c.id] if from_hand else []) + dis_h,
                    fighter=comp + mine.get("fighter", []) + sacs + sac_f,
                    equipment=mine.get("equipment", []), battlefield=mine.get("battlefield", []),
                    tactic=[{"card": c.id, "down": True}] if set_it else [], deck=deck0)
        theirs = player(fighter=THEIRS, tactic=THEIR_SET)
        g = bos(p0, theirs, step="main2" if how in ("ready", "end") else "main1")
        zone = "hand" if from_hand else c.type
        run = Run(g, c, e, n, 0, iid=card(g, 0, zone, c.id), from_hand=int(from_hand))
        if c.extra.get("subtype") == "Attached":
            run.host = ids(g, 0, "fighter")[0]
        if how == "continuous" and c.type == "fighter":
            run.before = snap(g)
            g.apply(Deploy(0, run.iid, tuple(i for i in ids(g, 0, "fighter")[len(comp):])))
            settle(g, run)
            return run
        if set_it and how != "activate" or (how in ("activate", "continuous") and c.type != "fighter"):
            # the card's own activation: from the hand, or the set tactic turned face up
            spec = g._target_spec("equip" if c.type == "equipment" else "tactic", e if how == "activate" else None,
                                  run.iid)
            act = e if how == "activate" else None
            sac, dis = pay(g, 0, act, run.iid) if act is not None else ((), ())
            targets = pick_targets(g, 0, spec, avoid=sac) if spec is not None else ()
            if how in ("activate", "continuous"):
                run.before = snap(g)
                run.targets = targets
            g.apply(UseCard(0, run.iid, 0, targets, sac, dis))
            settle(g, run)
            if c.extra.get("subtype") == "Attached":
                assert g.state.table.marks[run.iid].on == run.host
            if how in ("activate", "continuous"):
                return run
        if how == "use":
            sac, dis = pay(g, 0, e, run.iid)
            targets = pick_targets(g, 0, e.target, avoid=sac) if e.target is not None else ()
            run.before = snap(g)
            run.targets = targets
            g.apply(UseCard(0, run.iid, n, targets, sac, dis))
            settle(g, run)
            return run
        if how == "end":
            run.before, run.phase_draw = snap(g), (0, 1)  # the opponent's next turn begins with its draw
            g.apply(EndMain(0))
            settle(g, run)
            assert g.state.turn_player == 1
            run.targets = tuple(run.chosen)
            return run
        # ready: through the opponent's turn to the controller's ready phase
        g.apply(EndMain(0))
        settle(g, run)
        assert g.state.turn_player == 1 and g.pending.kind == "main"
        g.apply(EndMain(1))
        settle(g)
        g.apply(EndAttack(1))
        settle(g)
        run.before, run.phase_draw = snap(g), (1, 0)
        g.apply(EndMain(1))
        settle(g, run)
        assert g.state.turn_player == 0
        run.targets = tuple(run.chosen)
        return run
    raise AssertionError(how)


def acted(run: Run, who: str) -> list[int]:
    b = run.before
    if who == "target":
        return list(run.targets)
    if who == "self":
        return [run.iid]
    if who == "attached":
        return [run.host]
    sides = {"own_fighters": (run.ctrl,), "opponent_fighters": (1 - run.ctrl,), "all_fighters": (0, 1)}[who]
    return [i for p in sides for i in b["fighters"][p]]


def token_cids(g, p: int) -> Counter:
    return Counter(g.state.cards[i].cid for i in fighters(g, p) if g.state.cards[i].cid.startswith(TOKEN_PREFIX))


def check(run: Run) -> None:
    """Each action of the effect did what it says, against the state before."""
    g, e, ctrl, b, st = run.g, run.e, run.ctrl, run.before, run.g.state
    opp = 1 - ctrl
    assert g.result is None or e is not None
    if e is None:  # a Normal fighter: on the field in attack position, its printed ATK and RST
        assert st.cards[run.iid].zone == "fighter" and position(g, run.iid) == "attack"
        assert (atk(g, run.iid), rst(g, run.iid)) == (run.c.extra["atk"], run.c.extra["rst"])
        assert len(st.players[0].hand) == b["hand"][0] - 1
        return
    if e.target is not None and e.kind != "continuous":
        assert len(run.targets) == e.target.count, "the effect had its targets"
    owner = {0: 0, 1: 0}
    shuffled = {0: 0, 1: 0}
    for a in e.do:
        cards = acted(run, a.who) if a.op not in ("damage", "draw", "negate", "extra_deploy", "token", "search") \
            else []
        for i in cards:
            if a.op == "return_to_hand" and not st.cards[i].cid.startswith(TOKEN_PREFIX):
                owner[st.cards[i].owner] += 1
            if a.op == "shuffle_into_deck" and not st.cards[i].cid.startswith(TOKEN_PREFIX):
                shuffled[st.cards[i].owner] += 1
    # SP: damage, costs, and what the scenario adds
    damage = sum(a.amount for a in e.do if a.op == "damage")
    assert g.sp(ctrl) == min(16000, b["sp"][ctrl] + damage - e.cost.sp + run.sp_extra), "SP"
    # hands and decks: draws, searches, discards, cards returned or shuffled, the card played, the draw phase
    draws = sum(a.count for a in e.do if a.op == "draw")
    found = sum(1 for a in e.do if a.op == "search")
    hand = b["hand"][ctrl] + draws + found - e.cost.discard - run.from_hand + run.phase_draw[ctrl] + owner[ctrl]
    assert len(st.players[ctrl].hand) == hand, "the controller's hand"
    assert len(st.players[ctrl].deck) == b["deck"][ctrl] - draws - found - run.phase_draw[ctrl] + shuffled[ctrl]
    assert len(st.players[opp].hand) == b["hand"][opp] + owner[opp] + run.phase_draw[opp], "the opponent's hand"
    assert len(st.players[opp].deck) == b["deck"][opp] - run.phase_draw[opp] + shuffled[opp]
    # each action
    gains: dict = defaultdict(int)
    for a in e.do:
        if a.op == "modify":
            for i in acted(run, a.who) if e.kind != "continuous" else []:
                gains[(i, a.stat)] += a.amount
                assert [i, a.stat, a.amount, a.until] in st.rules.mods, ("modify", i, a)
        elif a.op in ("destroy", "send_to_discard"):
            for i in acted(run, a.who):
                assert st.cards[i].zone in ("discard", "removed"), (a.op, i)
        elif a.op == "return_to_hand":
            for i in acted(run, a.who):
                assert st.cards[i].zone in ("hand", "removed"), (a.op, i)
        elif a.op == "shuffle_into_deck":
            for i in acted(run, a.who):
                assert st.cards[i].zone in ("deck", "removed"), (a.op, i)
        elif a.op == "position":
            for i in acted(run, a.who):
                assert position(g, i) != b["stats"][i]["pos"], ("position", i)
        elif a.op == "extra_deploy":
            assert st.rules.extra_deploys == b["extra"] + a.count
            assert g.deploys_left(ctrl) >= 1 + a.count - st.rules.deploys
        elif a.op == "token":
            cid = f"{TOKEN_PREFIX}{a.name}-{a.atk}-{a.rst}"
            assert token_cids(g, ctrl)[cid] >= a.count, ("token", cid)
            made = [i for i in fighters(g, ctrl) if st.cards[i].cid == cid]
            assert all(DB[cid].extra["atk"] == a.atk and DB[cid].extra["rst"] == a.rst for _ in made) \
                if cid in DB else all(g._defs[cid].extra["atk"] == a.atk for _ in made)
        elif a.op == "search":
            assert len(run.searched) == 1 and st.cards[run.searched[0]].zone == "hand"
            assert g._defs[st.cards[run.searched[0]].cid].type == a.name
    for (i, s), amount in gains.items():
        if st.cards[i].zone == "fighter":
            assert (atk if s == "atk" else rst)(g, i) == max(0, b["stats"][i][s] + amount), ("modify", i, s)
    if e.kind == "continuous" and any(a.op == "modify" for a in e.do):
        check_continuous(run)
    if e.once_per_turn and e.kind in ("ignition", "quick") and run.ctrl == 0 and mode(run.c, e) == "use":
        assert (run.iid, run.n) in st.rules.uses


def check_continuous(run: Run) -> None:
    """A continuous effect: every fighter it reaches (and no other) has its ATK/RST changed by it, from the moment
    the card is face up on the field."""
    g, e, st, b = run.g, run.e, run.g.state, run.before
    src_side = run.ctrl
    for p in (0, 1):
        for i in fighters(g, p):
            want = {"atk": 0, "rst": 0}
            for a in e.do:
                reach = {"self": i == run.iid, "attached": i == run.host, "own_fighters": p == src_side,
                         "opponent_fighters": p != src_side, "all_fighters": True}[a.who]
                if reach:
                    want[a.stat] += a.amount
            if i == run.host:
                for s in ("atk", "rst"):
                    want[s] += run.c.extra.get(f"{s}_mod", 0)
            for s in ("atk", "rst"):
                now = (atk if s == "atk" else rst)(g, i)
                if i == run.iid:
                    assert now == max(0, run.c.extra[s] + want[s]), (run.c.id, s)
                elif i in b["stats"]:
                    assert now == max(0, b["stats"][i][s] + want[s]), (i, s)


CASES = [pytest.param(c.id, n, id=f"{c.id}-{n}") for c in PLAYED for n in (range(1, len(fx(c)) + 1) if fx(c) else [0])]


@pytest.mark.parametrize("cid, n", CASES)
def test_each_card_is_played_and_each_action_does_what_it_says(cid, n):
    check(play(DB[cid], n))


def test_every_played_card_has_a_case():
    assert {c for c, _ in (p.values for p in CASES)} == {c.id for c in PLAYED}


def test_the_four_decks_play_random_battles_without_breaking_a_rule():
    """A few seeded random battles of every pairing (`bss-desktop simulate --game bos` plays 200): the invariants
    hold after every command, and each battle ends."""
    from bss_desktop.command_line import load_deck_pairs
    from bss_desktop.sim.simulate import simulate

    summary = simulate(DB, load_deck_pairs(DB, None, BOS), 10, 5, check=True, profile=BOS)
    assert summary.violations == [] and sum(summary.wins) + summary.draws == 10
