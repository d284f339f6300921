"""Battle of Souls card effects as data (no Qt): the card field `effects`, read and checked, and written as English.

A card's effects are a list; each one is a mapping (docs/card-format.md, "Battle of Souls effects"):

    effects:
      - kind: ignition            # BOS §Effect Fighters: continuous, ignition, quick, trigger; "activation" is an
        once_per_turn: true       #   equipment, tactic or battlefield card's own use when it is activated
        cost: {sp: 300}           # paid before the activation, never refunded (BOS §Pay a Cost): sp, sacrifice, discard
        target: {side: own, class: Warrior}   # chosen as it is activated (UseCard.targets)
        do:
          - {op: modify, stat: atk, amount: 400, who: target, until: turn}

Every mistake names its field (`effects[0].do[1].amount`). The rules module (rules/bos/effects.py) resolves what is
read here; `effect_text` writes each effect back as the sentence a card prints, so a card's text comes from its data.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .errors import CardDataError

KINDS = ("activation", "continuous", "ignition", "quick", "trigger")
# trigger moments (BOS §Trigger Effect): what fires an effect, and its words
WHEN = {
    "deployed": "When this fighter is deployed",
    "destroyed": "When this fighter is destroyed",
    "destroys_by_battle": "When this fighter destroys an opponent's fighter by battle",
    "sent_to_discard": "When this card is sent to the discard pile",
    "leaves_field": "When this card leaves the field",
    "ready_phase": "During your ready phase",
    "end_phase": "During your end phase",
}
SIDES = ("own", "opponent", "any")
CLASSES = ("Warrior", "Elite Warrior", "Warlord", "Legendary Warrior")
POSITIONS = ("attack", "rest")
TARGET_ZONES = ("fighter", "set")  # a fighter, or a card in an equipment or tactic zone
# who an action acts on: its targets, the card itself, the fighter the equipment is attached to, every fighter of a side
WHO = ("target", "self", "attached", "own_fighters", "opponent_fighters", "all_fighters")
UNTIL = ("turn", "field")  # until the end of this turn; while the card stays on the field
OPS = ("modify", "destroy", "damage", "draw", "negate", "position", "return_to_hand", "shuffle_into_deck",
       "send_to_discard", "extra_deploy", "token", "search", "piercing", "direct_attack")
KEYWORD_OPS = ("piercing", "direct_attack")  # what a continuous effect gives the fighter itself
CARD_TYPES = ("fighter", "equipment", "tactic", "battlefield")
MAX_EFFECTS = 8
MAX_ACTIONS = 8
MAX_AMOUNT = 10_000  # ATK, RST and SP amounts (a battle is won at 16,000)
MAX_COUNT = 5


@dataclass(frozen=True, slots=True)
class Cost:
    sp: int = 0  # Soul Points paid to the opponent (a transfer: bos-rulings.md)
    sacrifice: int = 0  # fighters you control sent to the discard pile (not destroyed: BOS §Sacrifice)
    discard: int = 0  # cards from your hand

    def __bool__(self) -> bool:
        return bool(self.sp or self.sacrifice or self.discard)


@dataclass(frozen=True, slots=True)
class Target:
    side: str = "opponent"
    zone: str = "fighter"
    cls: str | None = None  # a fighter class, or any
    position: str | None = None  # attack or rest position, or either
    count: int = 1


@dataclass(frozen=True, slots=True)
class Action:
    op: str
    amount: int = 0  # modify: ATK/RST change; damage: SP
    stat: str = "atk"  # modify: atk or rst
    who: str = "target"
    until: str = "turn"
    count: int = 1  # draw, extra_deploy, token
    name: str = ""  # token: its name; search: the card type looked for
    atk: int = 0  # token
    rst: int = 0  # token


@dataclass(frozen=True, slots=True)
class Effect:
    kind: str
    do: tuple = ()
    when: str | None = None  # trigger: its moment
    cost: Cost = field(default_factory=Cost)
    target: Target | None = None
    once_per_turn: bool = False

    @property
    def changes_stats_only(self) -> bool:
        """Only changes a fighter's ATK or RST: what the damage step allows (BOS §Damage Step Rules)."""
        return bool(self.do) and all(a.op == "modify" for a in self.do)


def read_effects(value, *, file=None, card_id=None, name: str = "effects") -> tuple:
    """The card field's list of effects as Effect records; a CardDataError names the field of the first mistake."""

    def bad(path: str, message: str):
        return CardDataError(message, file=file, card_id=card_id, field=f"{name}{path}")

    if not isinstance(value, list) or len(value) > MAX_EFFECTS:
        raise bad("", f"expected a list of up to {MAX_EFFECTS} effects")
    return tuple(_effect(e, f"[{i}]", bad) for i, e in enumerate(value))


def _keys(d, allowed, path, bad):
    if not isinstance(d, dict):
        raise bad(path, "expected a mapping")
    for k in d:
        if k not in allowed:
            raise bad(f"{path}.{k}", f"unknown field; allowed: {', '.join(allowed)}")


def _int(d, key, path, bad, *, lo=0, hi=MAX_AMOUNT, default=0, step=1):
    v = d.get(key, default)
    if type(v) is not int or not lo <= v <= hi or v % step:
        more = f", a multiple of {step}" if step > 1 else ""
        raise bad(f"{path}.{key}", f"expected a whole number from {lo} to {hi}{more}, got {v!r}")
    return v


def _word(d, key, allowed, path, bad, default=None):
    v = d.get(key, default)
    if v is None and default is None and key not in d:
        return None
    if v not in allowed:
        raise bad(f"{path}.{key}", f"expected one of {', '.join(allowed)}, got {v!r}")
    return v


def _effect(e, path, bad) -> Effect:
    _keys(e, ("kind", "when", "cost", "target", "once_per_turn", "do"), path, bad)
    kind = _word(e, "kind", KINDS, path, bad, default="")
    when = _word(e, "when", tuple(WHEN), path, bad)
    if (kind == "trigger") != (when is not None):
        raise bad(f"{path}.when", "a trigger effect names its moment (when), and only a trigger effect does")
    cost = Cost()
    if "cost" in e:
        _keys(e["cost"], ("sp", "sacrifice", "discard"), f"{path}.cost", bad)
        c = e["cost"]
        cost = Cost(sp=_int(c, "sp", f"{path}.cost", bad, step=100), sacrifice=_int(c, "sacrifice", f"{path}.cost",
                                                                                    bad, hi=3),
                    discard=_int(c, "discard", f"{path}.cost", bad, hi=MAX_COUNT))
    if cost and kind in ("continuous", "trigger"):
        raise bad(f"{path}.cost", f"a {kind} effect has no cost")
    target = None
    if "target" in e:
        t = e["target"]
        tp = f"{path}.target"
        _keys(t, ("side", "zone", "class", "position", "count"), tp, bad)
        target = Target(side=_word(t, "side", SIDES, tp, bad, default="opponent"),
                        zone=_word(t, "zone", TARGET_ZONES, tp, bad, default="fighter"),
                        cls=_word(t, "class", CLASSES, tp, bad), position=_word(t, "position", POSITIONS, tp, bad),
                        count=_int(t, "count", tp, bad, lo=1, hi=MAX_COUNT, default=1))
        if kind == "continuous":
            raise bad(tp, "a continuous effect targets nothing (it names who it acts on)")
        if target.zone == "set" and (target.cls or target.position):
            raise bad(tp, "a set card has no class or position")
    once = e.get("once_per_turn", False)
    if type(once) is not bool:
        raise bad(f"{path}.once_per_turn", "expected true or false")
    do = e.get("do")
    if not isinstance(do, list) or not 1 <= len(do) <= MAX_ACTIONS:
        raise bad(f"{path}.do", f"expected a list of 1 to {MAX_ACTIONS} actions")
    actions = tuple(_action(a, f"{path}.do[{i}]", bad, kind, target) for i, a in enumerate(do))
    return Effect(kind=kind, do=actions, when=when, cost=cost, target=target, once_per_turn=once)


def _action(a, path, bad, kind, target) -> Action:
    _keys(a, ("op", "amount", "stat", "who", "until", "count", "name", "atk", "rst"), path, bad)
    op = _word(a, "op", OPS, path, bad, default="")
    who = _word(a, "who", WHO, path, bad, default="target")
    if who == "target" and op in ("modify", "destroy", "position", "return_to_hand", "shuffle_into_deck",
                                  "send_to_discard") and target is None:
        raise bad(f"{path}.who", f"{op} acts on its targets, and the effect names none (target:)")
    if kind == "continuous" and not (op == "modify" and who != "target" or op in KEYWORD_OPS and who == "self"):
        raise bad(f"{path}.op", "a continuous effect modifies ATK or RST of the card itself, the fighter it is "
                                "attached to, or a side's fighters, or gives the fighter itself piercing or "
                                "direct_attack (who: self)")
    if op in KEYWORD_OPS and kind != "continuous":
        raise bad(f"{path}.op", f"{op} is what a fighter has: a continuous effect's (who: self)")
    if op == "negate" and kind not in ("activation", "quick"):
        raise bad(f"{path}.op", "only a card's activation or a quick effect answers another activation (BOS §Chains)")
    stat = _word(a, "stat", ("atk", "rst"), path, bad, default="atk")
    lo = -MAX_AMOUNT if op == "modify" else 0
    amount = _int(a, "amount", path, bad, lo=lo, step=100)
    if op in ("modify", "damage") and not amount:
        raise bad(f"{path}.amount", f"{op} needs an amount other than 0")
    name = a.get("name", "")
    if type(name) is not str or len(name) > 40 or name != name.strip():
        raise bad(f"{path}.name", "expected a name of at most 40 characters")
    if op == "token" and not name:
        raise bad(f"{path}.name", "a token has a name")
    if op == "search" and name not in CARD_TYPES:
        raise bad(f"{path}.name", f"search names the card type it looks for: {', '.join(CARD_TYPES)}")
    return Action(op=op, amount=amount, stat=stat, who=who, until=_word(a, "until", UNTIL, path, bad, default="turn"),
                  count=_int(a, "count", path, bad, lo=1, hi=MAX_COUNT, default=1), name=name,
                  atk=_int(a, "atk", path, bad, step=100), rst=_int(a, "rst", path, bad, step=100))


def effects_to_list(effects: tuple) -> list:
    """`read_effects`'s inverse (fields at their defaults left out): what positions and records embed."""
    out = []
    for e in effects:
        d: dict = {"kind": e.kind}
        if e.when:
            d["when"] = e.when
        if e.cost:
            d["cost"] = {k: v for k, v in (("sp", e.cost.sp), ("sacrifice", e.cost.sacrifice),
                                           ("discard", e.cost.discard)) if v}
        if e.target is not None:
            t = e.target
            d["target"] = {k: v for k, v in (("side", t.side), ("zone", t.zone), ("class", t.cls),
                                             ("position", t.position), ("count", t.count))
                           if v is not None and v != Target.__dataclass_fields__[
                               {"class": "cls"}.get(k, k)].default}
        if e.once_per_turn:
            d["once_per_turn"] = True
        d["do"] = [{k: getattr(a, k) for k in Action.__slots__
                    if k == "op" or getattr(a, k) != Action.__dataclass_fields__[k].default} for a in e.do]
        out.append(d)
    return out


# ---------------------------------------------------------------- English


def _plural(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one}" if n == 1 else f"{n} {many or one + 's'}"


def _target_words(t: Target) -> str:
    what = "set card" if t.zone == "set" else (t.cls or "fighter")
    if t.position:
        what = f"{t.position}-position {what}"
    n = _plural(t.count, what, None if what[-1] != "s" else what)
    if what.endswith("Warrior") and t.count > 1:
        n = f"{t.count} {what}s"
    side = {"own": "you control", "opponent": "your opponent controls", "any": "on the field"}[t.side]
    return f"target {n} {side}"


_WHO = {"self": "this fighter", "attached": "the equipped fighter", "own_fighters": "fighters you control",
        "opponent_fighters": "fighters your opponent controls", "all_fighters": "all fighters"}


def _action_text(a: Action, target: Target | None, kind: str = "") -> str:
    many = target is not None and target.count > 1
    noun = "card" if target is not None and target.zone == "set" else "fighter"
    it = f"those {noun}s" if many else f"that {noun}"
    who = it if a.who == "target" else _WHO[a.who]
    plural = a.who in ("own_fighters", "opponent_fighters", "all_fighters") or (a.who == "target" and many)
    owners = "their owners'" if plural else "its owner's"
    if a.op == "modify":
        verb = ("gain" if a.amount > 0 else "lose") if plural else ("gains" if a.amount > 0 else "loses")
        until = " until the end of this turn" if a.until == "turn" and kind != "continuous" else ""
        return f"{who} {verb} {abs(a.amount)} {a.stat.upper()}{until}"
    if a.op == "destroy":
        return f"destroy {who}"
    if a.op == "damage":
        return f"deal {a.amount} damage to your opponent's SP"
    if a.op == "draw":
        return f"draw {_plural(a.count, 'card')}"
    if a.op == "negate":
        return "negate the activation this responds to"
    if a.op == "position":
        return f"change the battle position of {who}"
    if a.op == "return_to_hand":
        return f"return {who} to {owners} {'hands' if plural else 'hand'}"
    if a.op == "shuffle_into_deck":
        return f"shuffle {who} into {owners} {'decks' if plural else 'deck'}"
    if a.op == "send_to_discard":
        return f"send {who} to the discard pile"
    if a.op == "extra_deploy":
        return f"you may deploy {_plural(a.count, 'additional fighter')} this turn"
    if a.op == "token":
        return (f"deploy {_plural(a.count, f'{a.name!r} fighter token')} ({a.atk} ATK / {a.rst} RST) "
                "in attack position")
    if a.op == "search":
        return f"add 1 {a.name} card from your deck to your hand, then shuffle your deck"
    if a.op == "piercing":
        return "this fighter inflicts piercing battle damage"
    if a.op == "direct_attack":
        return "this fighter can attack directly"
    raise ValueError(a.op)


def _sentence(parts: list[str]) -> str:
    text = ", then ".join(parts)
    return text[0].upper() + text[1:] + "."


def effect_text(e: Effect) -> str:
    """One effect as the card prints it: "Ignition: Once per turn, pay 300 SP: target 1 Warrior you control gains
    400 ATK until the end of this turn." """
    label = {"activation": "", "continuous": "Continuous: ", "ignition": "Ignition: ", "quick": "Quick: ",
             "trigger": "Trigger: "}[e.kind]
    head = []
    if e.when:
        head.append(WHEN[e.when])
    if e.once_per_turn:
        head.append("once per turn")
    costs = []
    if e.cost.sp:
        costs.append(f"pay {e.cost.sp} SP")
    if e.cost.sacrifice:
        costs.append(f"sacrifice {_plural(e.cost.sacrifice, 'fighter')} you control")
    if e.cost.discard:
        costs.append(f"discard {_plural(e.cost.discard, 'card')}")
    body = [_action_text(a, e.target, e.kind) for a in e.do]
    if e.target is not None:
        body[0] = f"{_target_words(e.target)}; {body[0]}"
    lead = ", ".join(head)
    if costs:
        lead = (lead + ", " if lead else "") + " and ".join(costs)
        text = f"{lead}: {_sentence(body)}"
    elif lead:
        text = f"{lead}: {_sentence(body)}"
    else:
        text = _sentence(body)
    return label + text[0].upper() + text[1:]


def card_effects_text(effects: tuple) -> str:
    return "\n".join(effect_text(e) for e in effects)
