"""One sentence of card text -> the directives it says, through the lark grammar in grammar.py.

`compile_sentence` returns a `Sentence`: the directives (effect-vocabulary dicts, as a set file writes them) and
effect-level notes (`then_use`), or why the sentence was not recognised. Durations left unsaid are `None` here;
the effect assembler (`__init__.py`) decides them from the effect's kind.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from lark import Lark, Token, Transformer, v_args
from lark.exceptions import LarkError, UnexpectedInput, VisitError

from .grammar import GRAMMAR
from .normalise import Normalised, normalise

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


class NotSupported(Exception):
    """A sentence the grammar reads but the vocabulary can't say."""


@lru_cache(maxsize=1)
def _parser() -> Lark:
    return Lark(GRAMMAR, parser="earley", lexer="dynamic", start="start")


def _n(tok) -> int:
    s = str(tok)
    return 1 if s in ("a", "an") else int(s)


@v_args(inline=True)
class _Build(Transformer):
    """Trees -> lists of directive dicts. A target is a dict of target keys; "it" is the string "it"."""

    def __init__(self, norm: Normalised):
        super().__init__()
        self.norm = norm

    # ---------------------------------------------------------------- sentence shapes
    def start(self, ops):
        return ops

    def seq(self, a, b):
        return a + b

    def if_first(self, cond, ops):
        return [{**ops[0], "if": cond}] + ops[1:] if len(ops) == 1 else self._cond_all(cond, ops)

    def if_last(self, ops, cond):
        return self.if_first(cond, ops)

    def draw_if(self, count, _word, cond):
        return [{"draw": _n(count), "if": cond}]

    def _cond_all(self, cond, ops):
        return [{**op, "if": cond} for op in ops]

    def may(self, ops):
        return [{**ops[0], "may": True}] + [{**op, "if_done": True} for op in ops[1:]]

    def if_done(self, ops):
        return [{**ops[0], "if_done": True}] + ops[1:]

    def then(self, ops):
        return ops

    def then_use(self, timing):
        return [{"_then_use": str(timing)}]

    # ---------------------------------------------------------------- cards and decks
    def draw(self, count, _word):
        return [{"draw": _n(count)}]

    def discard_hand(self, count, _word):
        return [{"discard": _n(count)}]

    def mill(self, *args):
        count = _n(args[0]) if len(args) == 3 else 1
        return [{"mill": {"count": count, "side": args[-1]}}]

    def deck_you(self):
        return "you"

    def deck_opponent(self):
        return "opponent"

    # ---------------------------------------------------------------- selections
    def select_head(self, sel):
        return sel

    def select_only(self, sel):
        return [{"select": sel}]

    def select_act(self, sel, verb):
        op, extra = verb
        return [{op: sel if not extra else {"target": sel, **extra}}] if op != "_core_remove" else [
            {"select": sel}, {"core_remove": {"target": "it", **extra}}]

    def it_verb(self, verb):
        op, extra = verb
        if op == "_core_remove":
            return [{"core_remove": {"target": "it", **extra}}]
        return [{op: "it" if not extra else {"target": "it", **extra}}]

    def verb_on(self, verb, _it):
        return (verb, {})

    def bounce_on(self, _it, _hand):
        return ("bounce", {})

    def bottom_on(self, _it, _deck):
        return ("to_deck_bottom", {})

    def top_on(self, _it, _deck):
        return ("to_deck_top", {})

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

    def sel_of(self, amount, side, descr, filters=None):
        return self._target(amount, side, descr, filters)

    def sel_plain(self, amount, descr, filters=None):
        return self._target(amount, "any", descr, filters)

    def sel_total_bp(self, side, descr, number):
        t = self._target({"any_number": True}, side, descr, None)
        t["total_bp_max"] = int(number)
        return t

    def _target(self, amount, side, descr, filters):
        t: dict = {}
        if side != "opponent":
            t["side"] = side
        t.update(descr)
        t.update(amount)
        for f in self._filters(filters):
            for k, v in f.items():
                if k in t:
                    raise NotSupported(f"two {k} filters")
                t[k] = v
        return t

    def _filters(self, filters):
        if filters is None:
            return []
        return filters.children if hasattr(filters, "children") else [filters]

    def amount_count(self, count):
        n = _n(count)
        return {} if n == 1 else {"count": n}

    def amount_up_to(self, count):
        return {"up_to": _n(count)}

    def amount_any(self):
        return {"any_number": True}

    def owner_opponent(self):
        return "opponent"

    def owner_you(self):
        return "you"

    def owner_their(self):
        return "opponent"

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

    def adj_other(self):
        return {"other": True}

    def adj_token(self):
        raise NotSupported("token spirits can't be told apart by the vocabulary")

    def adj_colour(self, c):
        return {"colors": [str(c)]}

    def kind_spirit(self, _w):
        return {}

    def kind_nexus(self, _w):
        return {"type": "nexus"}

    def f_bp_max(self, n):
        return {"bp_max": int(n)}

    def f_bp_min(self, n):
        return {"bp_min": int(n)}

    def f_cost_max(self, n):
        return {"cost_max": int(n)}

    def f_cost_max_more(self, n):
        return {"cost_min": int(n)}

    def f_symbols(self, n):
        raise NotSupported("a number of symbols on the selected card")

    def f_name_has(self, q):
        return {"name_has": self.norm.quoted[int(str(q)[1:])]}

    def f_level_max(self, n):
        return {"level_max": int(n)}

    def exhaust_this(self):
        return [{"exhaust": "this"}]

    def refresh_this(self):
        return [{"refresh": "this"}]

    def destroy_all(self, side, descr, filters=None):
        return [{"destroy": self._target({"all": True}, side, descr, filters)}]

    # ---------------------------------------------------------------- BP and level
    def subj_it(self, *_):
        return "it"

    def subj_this(self):
        return "this"

    def subj_all(self, side, descr):
        return self._target({"all": True}, side, descr, None)

    def poss_it(self):
        return "it"

    def poss_this(self):
        return "this"

    def dur_turn(self):
        return "turn"

    def dur_battle(self):
        return "battle"

    def bp_change(self, subject, number, duration=None):
        return [{"bp": {"target": subject, "add": int(number), "_duration": duration}}]

    def bp_all(self, side, descr, number, duration=None):
        return self.bp_change(self._target({"all": True}, side, descr, None), number, duration)

    def bp_reduce(self, subject, number, duration=None):
        return [{"bp": {"target": subject, "add": -int(number), "_duration": duration}}]

    def bp_reduce_of(self, target, number, duration=None):
        return self.bp_reduce(target, number, duration)

    def bp_of_all(self, side, descr, filters=None):
        return self._target({"all": True}, side, descr, filters)

    def level_set(self, subject, number, duration=None):
        return [{"level": {"target": subject, "set": int(number), "_duration": duration}}]

    def gains_keyword(self, subject, kw, duration=None):
        word = str(kw).strip()
        for name in ("crush", "gale", "raid"):
            if word.startswith(name):
                digits = "".join(ch for ch in word if ch.isdigit())
                if name == "crush":
                    keyword = {"crush": int(digits)} if digits else "crush"
                elif digits:
                    keyword = {name: int(digits)}
                else:
                    raise NotSupported(f"{name} without a number")
                break
        else:
            if word == "armor":
                raise NotSupported("Armor without its colours")
            keyword = {"a.t. field": "at_field"}.get(word, word)
        return [{"grant": {"target": subject, "keyword": keyword, "_duration": duration}}]

    def cannot(self, subject, what, duration=None):
        return [{"restrict": {"target": subject, "cannot": str(what), "_duration": duration}}]

    # ---------------------------------------------------------------- cores
    def core_to_card(self, count, _w, dest):
        if dest == "it_each":
            return [{"core_charge": {"target": "it", "count": _n(count)}}]
        return [{"core_charge": {"target": dest, "count": _n(count)}}]

    def cd_it(self, *_):
        return "it"

    def cd_this(self):
        return "this"

    def void_to_reserve(self, count, _w, where):
        return [{"core_gain": {"count": _n(count), "to": str(where)}}]

    def void_to_life(self, count, _w):
        return [{"life_gain": _n(count)}]

    def life_damage(self, count, *_):
        return [{"life_damage": _n(count)}]

    def core_word(self, *_):
        return None

    def card_word(self, *_):
        return None

    # ---------------------------------------------------------------- conditions
    def c_life_max(self, n):
        return {"life_max": int(n)}

    def c_opp_life_max(self, n):
        return {"opponent_life_max": int(n)}

    def c_soul_core(self, q):
        if self.norm.quoted[int(str(q)[1:])].lower() != "soul core":
            raise NotSupported("a card on a spirit other than the soul core")
        return {"soul_core": True}

    def c_hand_max(self, n):
        return {"count": {"cards": {"zone": "hand", "type": "any", "side": "you"}}, "count_max": int(n)}

    def c_hand_min(self, n):
        return {"count": {"cards": {"zone": "hand", "type": "any", "side": "you"}}, "count_min": int(n)}


def _strip_none(ops: list) -> list:
    return [op for op in ops if op is not None]


def compile_sentence(text: str, families: tuple[str, ...] = ()) -> Sentence:
    """Parse and build one sentence; never raises."""
    norm = normalise(text, families)
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
    except LarkError as e:
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
        else:
            kept.append(op)
    out.ops, out.effect_keys = kept, keys
    return out
