"""One sentence of card text -> the directives it says, through the lark grammar in grammar.py.

`compile_sentence` returns a `Sentence`: the directives (effect-vocabulary dicts, as a set file writes them) and
effect-level notes (`then_use`), or why the sentence was not recognised. Durations left unsaid are `None` here;
the effect assembler (`__init__.py`) decides them from the effect's kind.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from lark import Lark, Token, Transformer, v_args
from lark.exceptions import GrammarError, LarkError, UnexpectedInput, VisitError

from .grammar import grammar
from .normalise import Normalised, normalise
from .not_supported import NotSupported
from .templates import METHODS

__all__ = ["Sentence", "compile_sentence"]


@dataclass
class Sentence:
    text: str  # as printed
    ops: list[dict] | None = None  # None: not recognised
    effect_keys: dict = field(default_factory=dict)  # e.g. {"then_use": "flash"}
    why: str = ""

    @property
    def ok(self) -> bool:
        return self.ops is not None


@lru_cache(maxsize=1)
def _parser() -> Lark:
    """The LALR parser of the grammar. Building its tables takes seconds, so lark keeps them in the user's cache
    folder; lark checks the file against a hash of the grammar (and rebuilds it when the grammar changed or the file
    is unreadable), so a stale or damaged cache costs time, never a wrong parse."""
    return Lark(grammar(), parser="lalr", lexer="contextual", start="start", cache=_cache_file())


def _cache_file() -> str | bool:
    from ...paths import cache_dir

    try:
        folder = cache_dir() / "text_compile"
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:  # no cache folder: the tables are built each time
        return False
    return str(folder / "grammar.lark-cache")


def _n(tok) -> int:
    return int(tok) if isinstance(tok, (int, str, Token)) else tok


_TO = {"to_reserve": "reserve", "to_trash": "trash", "to_void": "void"}


class _Build(Transformer):
    """Trees -> lists of directive dicts. A target is a dict of target keys; "it" is the string "it".

    The methods of the template families in templates/ (`METHODS`) are added to it below: they read the same
    trees."""

    def __init__(self, norm: Normalised):
        super().__init__()
        self.norm = norm

    # ---------------------------------------------------------------- sentence shapes
    def start(self, ops):
        return ops

    def seq(self, a, b):
        return a + b

    def if_first(self, cond, ops):
        return [{**op, "if": cond} for op in ops]

    def if_last(self, ops, cond):
        return self.if_first(cond, ops)

    def may(self, ops):
        return [{**ops[0], "may": True}] + [{**op, "if_done": True} for op in ops[1:]]

    def may_cost(self, cost, ops):
        return [{"_cost": cost}] + ops

    def if_done(self, ops):
        return [{**ops[0], "if_done": True}] + ops[1:]

    def if_destroyed(self, *args):  # "if you destroy a spirit with this effect, ...": the destruction did something
        ops = args[-1]
        return [{**ops[0], "_if_destroyed": True}] + ops[1:]

    def if_not_done(self, ops):
        raise NotSupported("'if you do not' has no word in the vocabulary")

    def then_if(self, cond, ops):
        return self.then(self.if_first(cond, ops))

    def then(self, ops):  # "If ..., draw 2 cards. Then, discard 1 card.": the assembler carries the condition on
        return [{**ops[0], "_then": True}] + ops[1:]

    def then_use(self, timing):
        return [{"_then_use": str(timing)}]

    # ---------------------------------------------------------------- triggers written in the text
    def when_first(self, event, ops):
        return [{"_trigger": event}] + ops

    def at_step_first(self, ops):  # "At the start of the step, ...": the step the label names (CR 6-x-1)
        return [{"_trigger": {"trigger": "start_of_step"}}] + ops

    def at_step_last(self, ops):
        return self.at_step_first(ops)

    def when_last(self, ops, event):
        return self.when_first(event, ops)

    _WATCHED = {  # (whose spirit, event) -> trigger
        ("you", "attacks"): "your_spirit_attacks", ("you", "blocks"): "your_spirit_blocks",
        ("you", "blocked"): "your_spirit_blocked", ("you", "summoned"): "your_spirit_summoned",
        ("you", "destroyed"): "your_spirit_destroyed",
        ("you", "destroyed_by_opponent"): "your_spirit_destroyed_by_opponent",
        ("you", "reduces_life"): "your_spirit_reduces_life", ("you", "wins"): "your_spirit_wins_battle",
        ("you", "exhausted"): "your_nexus_exhausted",
        ("opponent", "attacks"): "opponent_attacks", ("opponent", "summoned"): "opponent_summons",
        ("opponent", "destroyed"): "opponent_spirit_destroyed",
    }

    def _watch(self, count, side, descr, filters, event):
        if count != 1:
            raise NotSupported(f"a trigger on {count} spirits at once")
        trigger = self._WATCHED.get((side, event))
        if trigger is None:
            raise NotSupported(f"a trigger when one of {'your' if side == 'you' else 'their'} spirits {event}")
        watch = self._target({}, side, descr, filters)
        watch.pop("side", None)
        kind = "nexus" if trigger == "your_nexus_exhausted" else "spirit"  # what the trigger's event happens to
        if watch.pop("type", "spirit") != kind:
            raise NotSupported(f"a trigger on {event} {'spirits' if kind == 'nexus' else 'cards other than spirits'}")
        return {"trigger": trigger, **({"watch": watch} if watch else {})}

    def watch_of(self, count, side, descr, *rest):
        filters = rest[0] if len(rest) == 2 else None
        return self._watch(count, side, descr, filters, rest[-1])

    def watch_life(self, count, side, *parts):
        return self._watch(count, side, self.descr(*parts, {"type": "spirit"}), None, "reduces_life")

    def watch_attack_from(self, count, side, descr, filters=None):
        return self._watch(count, side, descr, filters, "reduces_life")

    def you_reduce(self):  # "when you reduce your opponent's life": with an attack by any of your spirits
        return {"trigger": "your_spirit_reduces_life"}

    def self_event(self, trigger):
        return {"trigger": trigger}

    def when_attacks(self):
        return "when_attacks"

    def when_blocks(self):
        return "when_blocks"

    def when_blocked(self):
        return "when_blocked"

    def when_destroyed(self):
        return "when_destroyed"

    def destroyed(self, *_):
        return None

    def you_summon(self, count, descr, filters=None):  # "when you summon a Dragon spirit"
        return self._watch(count, "you", descr, filters, "summoned")

    def you_use(self, count, descr, filters=None, trigger="you_use_magic"):  # "when you use a magic card ..."
        if count != 1 or descr.get("type") != "magic":
            raise NotSupported("using something other than one magic card")
        watch = self._target({}, "you", descr, filters)
        watch.pop("side", None)
        watch.pop("type", None)
        return {"trigger": trigger, **({"watch": watch} if watch else {})}

    def opponent_uses(self, count, descr, filters=None):
        return self.you_use(count, descr, filters, "opponent_uses_magic")

    def self_wins(self, *_):
        return {"trigger": "when_wins_battle"}

    def self_reduces(self, *_):
        return {"trigger": "when_attack_reduces_life"}

    def by_battle(self, *_):
        return None

    def ev_attacks(self):
        return "attacks"

    def ev_blocks(self):
        return "blocks"

    def ev_blocked(self):
        return "blocked"

    def ev_summoned(self):
        return "summoned"

    def ev_destroyed(self):
        return "destroyed"

    def ev_exhausted(self):
        return "exhausted"

    def ev_destroyed_by_opponent(self):
        return "destroyed_by_opponent"

    def ev_reduces_life(self):
        return "reduces_life"

    def ev_wins(self, *_):
        return "wins"

    # ---------------------------------------------------------------- the top of the deck: one search
    def reveal(self, *args):
        count = args[0] if len(args) == 2 else 1
        return [{"_reveal": count}]

    def add_revealed(self, take):
        return [{"_take": take}]

    def take_if(self, descr, filters=None):  # "Reveal the top card ... If it is a Dragon spirit card, add it ..."
        t = dict(descr)
        for f in filters or []:
            t.update(f)
        return [{"_take": {**t, "count": 1}}]

    def rest(self, where):
        return [{"_rest": where}]

    def rest_bottom(self, *_):
        return "bottom"

    def rest_top(self, *_):
        return "top"

    def rest_top_any(self, *_):
        return "top_any"

    def rest_trash(self, *_):
        return "trash"

    def rest_shuffle(self, *_):
        return "shuffle"

    def take(self, amount, descr):
        return {**descr, **amount}

    def card_descr(self, *parts):
        t = self.descr(*parts)
        t.setdefault("type", "any")
        return t

    def noun_spirit_card(self, *_):
        return {"type": "spirit"}

    def noun_magic_card(self, *_):
        return {"type": "magic"}

    def noun_nexus_card(self, *_):
        return {"type": "nexus"}

    def noun_any_card(self, *_):
        return {"type": "any"}

    def amount_all(self):
        return {"all": True}

    # ---------------------------------------------------------------- cards and decks
    def draw(self, count, _word):
        return [{"draw": count}]

    def discard_hand(self, count, descr):
        return [self.cost_discard_of(count, descr)]

    def opponent_discards(self, count, *_):  # they choose among their own hand (CR 10-2-2)
        return [{"discard": {"count": count, "side": "opponent"}}]

    def both_discard(self, count, *_):  # each from their own hand, the turn player first (CR 1-3-4)
        return [{"discard": {"count": count, "side": "each"}}]

    def mill(self, *args):
        count = args[0] if len(args) == 3 else 1
        return [{"mill": {"count": count, "side": args[-1]}}]

    def deck_you(self):
        return "you"

    def deck_opponent(self):
        return "opponent"

    # ---------------------------------------------------------------- selections
    def select_only(self, sel):
        return [{"select": sel}]

    def select_act(self, sel, verb):
        op, extra = verb
        if op == "core_remove":
            return [{"select": sel}, {"core_remove": {"target": "it", **extra}}]
        return [{op: sel}]

    def select_and(self, sel, ops):
        return [{"select": sel}] + ops

    def their_select(self, sel):
        return [{"select": self._their(sel)}]

    def their_select_act(self, sel, verb, _it):
        return [{verb: self._their(sel)}]

    def _their(self, sel):
        """"your opponent selects N of their spirits": they choose among their own field cards."""
        if sel.get("side", "opponent") != "opponent" or sel.get("zone", "field") != "field":
            raise NotSupported("your opponent selecting cards other than their own field cards")
        return {**sel, "chooser": "opponent"}

    def summon_free(self, amount, descr, *rest):
        zone = next(r for r in rest if isinstance(r, str))
        filters = [f for r in rest if isinstance(r, list) for f in r]
        t = {**self._target(amount, "you", descr, filters), "zone": zone}
        t.pop("side", None)
        if t.get("type", "spirit") not in ("spirit", "nexus"):
            raise NotSupported("only spirits and nexuses go onto the field")
        return [{"summon": {"target": t, "cores": "reserve"}}]

    def summon_it(self, _it, _free):
        return [{"summon": "it"}]

    def zone_hand(self):
        return "hand"

    def zone_trash(self):
        return "trash"

    def free_cost(self, *_):
        return None

    def it_verb(self, verb):
        op, extra = verb
        return [{op: {"target": "it", **extra} if extra else "it"}]

    def verb_on(self, verb, _it):
        return (verb, {})

    def bounce_on(self, _it, _hand):
        return ("bounce", {})

    def bottom_on(self, _it, _deck):
        return ("to_deck_bottom", {})

    def top_on(self, _it, _deck):
        return ("to_deck_top", {})

    def remove_on(self, count, _w, _it, _it2, to):
        return ("core_remove", self._core_to(count, to))

    def remove_from_it(self, count, _w, _it, to):
        return [{"core_remove": {"target": "it", **self._core_to(count, to)}}]

    def remove_each(self, count, _w, side, descr, *rest):
        filters = rest[0] if len(rest) == 3 else None
        t = self._target({"all": True}, side, descr, filters)
        return [{"core_remove": {"target": t, **self._core_to(count, rest[-1])}}]

    def remove_each_any(self, count, _w, descr, *rest):
        return self.remove_each(count, _w, "any", descr, *rest)

    def remove_of_its(self, count, _it, to):
        return [{"core_remove": {"target": "it", **self._core_to(count, to)}}]

    def keep_on_it(self, count, _w, _it, _it2, to):
        d = self._core_to(count, to)
        return [{"core_remove": {"target": "it", "keep": d.pop("count"), **d}}]

    def _core_to(self, count, to):
        if to == "your_reserve":
            raise NotSupported("cores from an opponent's card into your reserve")
        d = {"count": count}
        if to != "reserve":
            d["to"] = to
        return d

    def to_reserve(self, *_):
        return "reserve"

    def to_trash(self, *_):
        return "trash"

    def to_void(self, *_):
        return "void"

    def to_your_reserve(self, *_):
        return "your_reserve"

    def v_destroy(self):
        return "destroy"

    def v_exhaust(self):
        return "exhaust"

    def v_refresh(self):
        return "refresh"

    def hand_of(self, *a):
        return None

    def deck_of(self, *a):
        return None

    def it(self, *a):
        return "it"

    def sel_of(self, amount, side, descr, filters=None):
        return self._target(amount, side, descr, filters)

    def sel_plain(self, amount, descr, filters=None):
        return self._target(amount, "any", descr, filters)

    def sel_an_opponents(self, descr, filters=None):
        return self._target({}, "opponent", descr, filters)

    def sel_total_bp(self, amount, side, descr, number):
        if amount != {"any_number": True}:
            raise NotSupported("a combined BP total with a count")
        t = self._target(amount, side, descr, None)
        t["total_bp_max"] = int(number)
        return t

    def sel_trash(self, amount, descr, *rest):
        filters = [f for r in rest if isinstance(r, list) for f in r]
        return {**self._target(amount, "you", descr, filters), "zone": "trash"}

    def sel_trash_of(self, amount, side, descr, *rest):
        if side != "you":
            raise NotSupported("cards in the opponent's trash")
        return self.sel_trash(amount, descr, *rest)

    def place_from(self, *_):
        return None

    def _target(self, amount, side, descr, filters):
        t: dict = {}
        if side != "opponent":
            t["side"] = side
        t.update(descr)
        t.update(amount)
        for f in filters or []:
            for k, v in f.items():
                if k in t:
                    raise NotSupported(f"two '{k}' filters")
                t[k] = v
        if t.get("type") == "spirit":
            del t["type"]
        return t

    def filters(self, *fs):
        return list(fs)

    def amount_count(self, count):
        return {} if count == 1 else {"count": count}

    def amount_exact(self, count):
        return {"count": count}  # "add one ... from the revealed cards": exactly one if there is one (CR 8-5-3-1)

    def amount_up_to(self, count):
        return {"up_to": count}

    def amount_any(self):
        return {"any_number": True}

    def owner_opponent(self):
        return "opponent"

    def owner_you(self):
        return "you"

    def owner_their(self):
        return "opponent"

    def families(self, *names):
        fams = [self.norm.families[int(str(n)[1:])] for n in names if isinstance(n, Token) and n.type == "FAMILY"]
        return {"family": fams[0]} if len(fams) == 1 else {"families": fams}

    def descr(self, *parts):
        t: dict = {}
        for p in parts:
            if isinstance(p, Token) and p.type == "FAMILY":
                t["family"] = self.norm.families[int(str(p)[1:])]
            elif isinstance(p, dict):
                for k, v in p.items():
                    if k == "colors":
                        t.setdefault("colors", []).extend(v)
                    elif k in t:
                        raise NotSupported(f"'{k}' twice")
                    else:
                        t[k] = v
        return t

    def adj_exhausted(self):
        return {"exhausted": True}

    def adj_refreshed(self):
        return {"exhausted": False}

    def adj_token(self):
        return {"token": True}

    def adj_other(self):
        return {"other": True}

    def adj_level(self, n):  # "your LV2 spirits"
        return {"level_min": int(n), "level_max": int(n)}

    def adj_colour(self, c):
        return {"colors": [str(c)]}

    def kind_spirit(self, *_):
        return {"type": "spirit"}

    def kind_nexus(self, *_):
        return {"type": "nexus"}

    def f_bp_max(self, n):
        return {"bp_max": int(n)}

    def f_bp_min(self, n):
        return {"bp_min": int(n)}

    def f_cost_max(self, n):
        return {"cost_max": int(n)}

    def f_cost_min(self, n):
        return {"cost_min": int(n)}

    def f_cost_exact(self, n):
        return {"cost_min": int(n), "cost_max": int(n)}

    def f_costs(self, a, b):  # "that costs 5 or 6"
        return {"costs": sorted({int(a), int(b)})}

    def f_name_has(self, q):
        return {"name_has": self.norm.quoted[int(str(q)[1:])]}

    def _soul(self, q, why: str = "a card on a spirit other than the soul core"):
        """The quoted name is the soul core (the only thing these templates name), else the sentence is refused."""
        if self.norm.quoted[int(str(q)[1:])].lower() != "soul core":
            raise NotSupported(why)

    def f_soul_core(self, q, _on):
        self._soul(q)
        return {"soul_core": True}

    def f_no_soul_core(self, q, _on):
        self._soul(q)
        return {"soul_core": False}

    def f_cores_exact(self, n, *_):
        return {"cores_min": int(n), "cores_max": int(n)}

    def f_cores_max(self, n, *_):
        return {"cores_max": int(n)}

    def f_cores_min(self, n, *_):
        return {"cores_min": int(n)}

    def on_it(self, *_):
        return None

    def f_level_max(self, n):
        return {"level_max": int(n)}

    def f_keywords(self, a, b):
        return {"keywords": [self.f_keyword(a)["keyword"], self.f_keyword(b)["keyword"]]}

    def f_keyword(self, kw):
        name = {"atfield": "at_field"}.get(str(kw), str(kw))
        return {"keyword": name}

    def verb_this(self, verb):
        return [{verb: "this"}]

    def bounce_this(self, _hand):
        return [{"bounce": "this"}]

    def verb_sel(self, verb, amount, side, descr, filters=None):  # "refresh 1 of your spirits": select and act
        return [{verb: self._target(amount, side, descr, filters)}]

    def verb_any(self, verb, side, descr, filters=None):
        return self.verb_sel(verb, {"any_number": True}, side, descr, filters)

    def verb_all(self, verb, side, descr, filters=None):
        return [{verb: self._target({"all": True}, side, descr, filters)}]

    def verb_all_any(self, verb, descr, filters=None):
        return [{verb: self._target({"all": True}, "any", descr, filters)}]

    def bounce_all_any(self, descr, *rest):
        filters = rest[0] if len(rest) == 2 else None
        return [{"bounce": self._target({"all": True}, "any", descr, filters)}]

    def bounce_all(self, side, descr, *rest):
        filters = rest[0] if len(rest) == 2 else None
        return [{"bounce": self._target({"all": True}, side, descr, filters)}]

    # ---------------------------------------------------------------- BP and level
    def subj_it(self, *_):
        return "it"

    def subj_this(self):
        return "this"

    def subj_all(self, side, descr, filters=None):
        return self._target({"all": True}, side, descr, filters)

    def subj_owner_all(self, side, descr, filters=None):
        return self._target({"all": True}, side, descr, filters)

    def subj_any_all(self, descr, filters=None):  # "spirits with 3000 or less BP cannot attack": everyone's
        return self._target({"all": True}, "any", descr, filters)

    def poss_it(self):
        return "it"

    def poss_this(self):
        return "this"

    def dur_turn(self, *_):
        return "turn"

    def dur_battle(self, *_):
        return "battle"

    def bp_change(self, subject, number, *rest):
        per = next((r for r in rest if isinstance(r, dict)), None)
        duration = next((r for r in rest if isinstance(r, str)), None)
        out = {"target": subject, "add": int(number), "_duration": duration}
        if per is not None:
            if per == {"cores": "this"} and subject != "this":
                raise NotSupported("cores counted on each of several spirits")
            out["for_each"] = per
        return [{"bp": out}]

    def bp_change_dur_first(self, duration, subject, number, per=None):
        return self.bp_change(subject, number, *([per] if per else []), duration)

    def per_yours(self, descr, filters=None):
        t = self._target({}, "you", descr, filters)
        t.setdefault("type", "spirit")
        return {"cards": t}

    def per_theirs(self, descr, filters=None):
        t = self._target({}, "opponent", descr, filters)
        t.update(side="opponent", type=t.get("type", "spirit"))
        return {"cards": t}

    def per_families(self, fams):  # "for each Dragon or Beast you control": spirits of those families
        return {"cards": {"side": "you", "type": "spirit", **fams}}

    def per_hand(self):
        return {"cards": {"zone": "hand", "type": "any", "side": "you"}}

    def per_cores(self, *_):
        return {"cores": "this"}

    def bp_reduce(self, subject, number, duration=None):
        return [{"bp": {"target": subject, "add": -int(number), "_duration": duration}}]

    def bp_lose(self, subject, number, duration=None):
        return self.bp_reduce(subject, number, duration)

    def bp_reduce_of(self, subject, number, *rest):
        per = next((r for r in rest if isinstance(r, dict)), None)
        duration = next((r for r in rest if isinstance(r, str)), None)
        out = self.bp_reduce(subject, number, duration)
        if per is not None:
            out[0]["bp"]["for_each"] = per
        return out

    def bp_reduce_of_dur_first(self, duration, subject, number, per=None):
        return self.bp_reduce_of(subject, number, *([per] if per else []), duration)

    def level_set(self, subject, number, duration=None):
        return [{"level": {"target": subject, "set": int(number), "_duration": duration}}]

    def level_top(self, subject, duration=None):
        return [{"level": {"target": subject, "set": "max", "_duration": duration}}]

    def level_set_passive(self, subject, number, duration=None):
        return self.level_set(subject, number, duration)

    def _keyword(self, kw):
        word = str(kw)
        if word in ("armor", "gale", "raid"):
            raise NotSupported(f"{word} without its value")
        return {"atfield": "at_field"}.get(word, word)

    def gains_keyword_dur_first(self, duration, subject, kw):
        return self.gains_keyword(subject, kw, duration)

    def gains_keyword(self, subject, kw, duration=None):
        return [{"grant": {"target": subject, "keyword": self._keyword(kw), "_duration": duration}}]

    def gains_bp_and_keyword(self, subject, number, kw, duration=None):
        return self.bp_change(subject, number, duration) + self.gains_keyword(subject, kw, duration)

    def gains_keyword_value(self, subject, kw, number, duration=None):  # "it gains Gale: 2" (CR 11-10, 11-12)
        word = str(kw)
        if word not in ("gale", "raid", "crush"):
            raise NotSupported(f"{word} with a number")
        return [{"grant": {"target": subject, "keyword": {word: int(number)}, "_duration": duration}}]

    def gains_armor(self, subject, kw, *rest):  # "it gains Armor: Red, Purple" (CR 11-5)
        if str(kw) != "armor":
            raise NotSupported(f"{kw} with colours")
        colours = [str(r) for r in rest if isinstance(r, Token) and r.type == "COLOUR"]
        duration = next((r for r in rest if isinstance(r, str) and not isinstance(r, Token)), None)
        return [{"grant": {"target": subject, "keyword": {"armor": colours}, "_duration": duration}}]

    def gains_keyword_and_bp(self, subject, kw, number, duration=None):
        return self.gains_keyword(subject, kw, duration) + self.bp_change(subject, number, duration)

    def cannot(self, subject, what, *rest):
        duration = next((r for r in rest if isinstance(r, str)), None)
        return [{"restrict": {"target": subject, "cannot": str(what), "_duration": duration}}]

    def cannot_either(self, subject, a, b, duration=None):
        return self.cannot(subject, str(a), duration) + self.cannot(subject, str(b), duration)

    def cannot_be_blocked(self, *args):
        if isinstance(args[0], str) and args[0] in ("turn", "battle"):  # "during this turn, ... cannot be blocked"
            args = args[1:] + args[:1]
        subject, *rest = args
        by = next((r for r in rest if isinstance(r, dict)), None)
        duration = next((r for r in rest if isinstance(r, str)), None)
        out = {"target": subject, "cannot": "be_blocked", "_duration": duration}
        if by is not None:
            out["by"] = by
        return [{"restrict": out}]

    def blockers_of(self, side, descr, filters=None):
        return self._target({}, side, descr, filters)

    def blockers_any(self, descr, filters=None):
        return self._target({}, "opponent", descr, filters)  # only the opponent's spirits block yours

    # ---------------------------------------------------------------- cores
    def core_to_card(self, count, _w, dest):
        return [{"core_charge": {"target": dest, "count": count}}]

    def cd_it(self, *_):
        return "it"

    def cd_this(self):
        return "this"

    def cd_each(self, side, descr):
        return self._target({"all": True}, side, descr, None)

    def void_cores(self, count, _w, where):
        return [{"core_gain": {"count": count, "to": str(where)}}]

    def reserve_to_life(self, count, _w):
        return [{"life_gain": {"count": count, "from": "reserve"}}]

    def recover_it(self, _it):  # the trigger's card, back from the trash ("it" is named by the assembler)
        return [{"recover": "it"}]

    def recover_this(self):
        return [{"recover": "this"}]

    def subj_blocker(self, *_):
        return "blocker"

    def void_to_life(self, count, _w):
        return [{"life_gain": count}]

    def life_damage(self, count, *_):
        return [{"life_damage": count}]

    def core_word(self, *_):
        return None

    def card_word(self, *_):
        return None

    def number(self, n):
        return int(n)

    def one(self):
        return 1

    # ---------------------------------------------------------------- costs
    def cost_exhaust_this(self):
        return {"exhaust": "this"}

    def cost_exhaust_yours(self, count, descr, filters=None):
        t = self._target({} if count == 1 else {"count": count}, "you", descr, filters)
        if t.get("exhausted") is not None:
            raise NotSupported("an exhaust cost names refreshed cards: it can only exhaust those")
        return {"exhaust": t}

    def cost_discard_of(self, count, descr):
        t = {k: v for k, v in descr.items() if not (k == "type" and v == "any")}
        return {"discard": {"count": count, "of": t} if t else count}

    def cost_destroy_this(self):
        return {"destroy": "this"}

    def cost_destroy_yours(self, count, descr, filters=None):
        return {"destroy": self._target({} if count == 1 else {"count": count}, "you", descr, filters)}

    def cost_pay(self, count, _w, *_):
        return {"pay_cores": count}

    def cost_core_this(self, count, _w, *_):
        return {"core_remove": {"target": "this", "count": count}}

    # ---------------------------------------------------------------- conditions
    def c_life_max(self, n):
        return {"life_max": int(n)}

    def c_opp_life_max(self, n):
        return {"opponent_life_max": int(n)}

    def c_soul_core(self, q):
        self._soul(q)
        return {"soul_core": True}

    def c_soul_paid(self, q, _cost):
        self._soul(q, "a cost paid with something other than the soul core")
        return {"soul_paid": True}

    def own_cost(self, *_):
        return None

    def c_hand_max(self, n):
        return {"count": {"cards": {"zone": "hand", "type": "any", "side": "you"}}, "count_max": int(n)}

    def c_hand_min(self, n):
        return {"count": {"cards": {"zone": "hand", "type": "any", "side": "you"}}, "count_min": int(n)}

    def c_control(self, count, descr, filters=None):
        t = self._target({}, "you", descr, filters)
        return {"control": t, **({"control_min": count} if count != 1 else {})}

    def c_control_min(self, n, descr, filters=None):
        return self.c_control(int(n), descr, filters)

    def c_control_max(self, n, descr, filters=None):
        t = self._target({}, "you", descr, filters)
        t.setdefault("type", "spirit")
        return {"count": {"cards": t}, "count_max": int(n)}

    def c_opp_control(self, count, descr, filters=None):
        t = self._target({}, "opponent", descr, filters)
        t["side"] = "opponent"
        return {"control": t, **({"control_min": count} if count != 1 else {})}

    def c_symbols_min(self, n, colour):
        return {"count": {"symbols": {"colors": [str(colour)]}}, "count_min": int(n)}

    def c_symbols_any_min(self, n):
        return {"count": {"symbols": {}}, "count_min": int(n)}

    def c_in_trash(self, count, descr, filters=None):  # "if a spirit card with 'X' in its name is in your trash"
        t = {**self._target({}, "you", descr, filters), "zone": "trash"}
        return {"count": {"cards": t}, "count_min": count}

    def c_opp_trash_min(self, n):
        return {"count": {"cards": {"zone": "trash", "type": "any", "side": "opponent"}}, "count_min": int(n)}

    def c_life_min(self, n):
        return {"count": {"cores": {"place": "life"}}, "count_min": int(n)}

    def c_opp_life_min(self, n):
        return {"count": {"cores": {"place": "life", "side": "opponent"}}, "count_min": int(n)}

    def c_your_turn(self):
        return {"your_turn": True}

    def c_opp_turn(self):
        return {"your_turn": False}

    def c_opp_control_min(self, n, descr, filters=None):
        return self.c_opp_control(int(n), descr, filters)

    def c_control_none(self, descr, filters=None):
        return self.c_control_max(0, descr, filters)

    def c_opp_control_none(self, descr, filters=None):
        t = self._target({}, "opponent", descr, filters)
        t.update(side="opponent", type=t.get("type", "spirit"))
        return {"count": {"cards": t}, "count_max": 0}

    def c_symbol(self, count, colour):
        if count != 1:
            return self.c_symbols_min(count, colour)
        return {"symbol": str(colour)}


for _name, _method in METHODS.items():
    if _name in _Build.__dict__:
        raise ImportError(f"template method {_name!r} is the core's own")
    setattr(_Build, _name, _method)
_Build = v_args(inline=True)(_Build)  # after the families' methods: each rule's children come as arguments


def _strip_none(ops: list) -> list:
    return [op for op in ops if op is not None]


def compile_sentence(text: str, families: tuple[str, ...] = (), names=()) -> Sentence:
    """Parse and build one sentence; never raises. `names`: the card names the import knows (normalise.CardNames)."""
    norm = normalise(text, families, names)
    out = Sentence(text)
    if not norm.text:
        out.ops = []
        return out
    try:
        tree = _parser().parse(norm.text)
    except UnexpectedInput as e:
        col = getattr(e, "column", None)
        near = norm.text[max(0, (col or 1) - 1):][:30] if col else ""
        out.why = f"no template matches (from {near!r})" if near else "no template matches"
        return out
    except LarkError as e:  # a broken grammar is a bug, not an unrecognised sentence
        if isinstance(e, GrammarError):
            raise
        out.why = f"no template matches ({type(e).__name__})"
        return out
    try:
        ops = _strip_none(_Build(norm).transform(tree))
    except VisitError as e:
        out.why = str(e.orig_exc) if isinstance(e.orig_exc, NotSupported) else f"can't be built: {e.orig_exc}"
        return out
    keys = {}
    kept = []
    for op in ops:
        if "_then_use" in op:
            keys["then_use"] = op["_then_use"]
        elif "_limit" in op:  # "once per turn" (templates/timing.py)
            keys["limit"] = op["_limit"]
        elif "_effect_keys" in op:  # a template's effect-level keys (templates/reactions.py: a trigger's count)
            keys.update(op["_effect_keys"])
        else:
            kept.append(op)
    out.ops, out.effect_keys = kept, keys
    return out
