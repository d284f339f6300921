"""Compiling imported card text into the effect vocabulary (docs/card-format.md).

An imported effect is compiled only when **every** sentence of it is recognised; otherwise the whole effect stays
manual (the players resolve its text by hand), never half automated. `compile_effect` gives the effect dict a set
file would hold, and, sentence by sentence, what compiled to what and why the rest did not (`--explain`).

    framing.py     the effect's kind, trigger or timing and standing condition, from its label and steps
    normalise.py   sentences split, numbers and names made regular
    grammar.py     the lark grammar of the templated phrases
    sentences.py   a sentence's parse tree -> directives

Pure Python (lark): no Qt.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from ..effects import STANDING_OPS, TRASH_TRIGGERS, WATCH_TRIGGERS
from ..errors import CardDataError
from ..schema import card_from_dict
from .framing import Frame, frame_of
from .normalise import CardNames, split_sentences
from .sentences import Sentence, compile_sentence
from .sentences import compile_sentence as _compile_sentence
from .templates.costs import instead as _instead, own_cost_only
from .templates.reactions import first_trigger
from .templates.misc import lasts_the_turn as _lasts_the_turn, with_before as _with_before
from .templates.timing import battle_end_frame

__all__ = ["CardNames", "CompiledEffect", "Frame", "Sentence", "compile_effect", "compile_sentence", "split_sentences"]

_CHAIN = re.compile(r"\b(?:【\s*)?chain\s*[:(]?\s*(red|purple|green|white|yellow|blue)\s*[)】]?\s*:?", re.I)


@dataclass
class CompiledEffect:
    frame: Frame
    effect: dict | None  # the automated effect (no `levels`), or None when it stays manual
    sentences: list[Sentence] = field(default_factory=list)
    chain_sentences: list[Sentence] = field(default_factory=list)  # every chain's, in order
    why: str = ""  # why it stays manual, when it does
    also: list = field(default_factory=list)  # the same text at the label's other moments (Frame.also), compiled

    def effects(self) -> list[dict]:
        """The automated effect, then the same at each further moment of its label."""
        return [self.effect, *(a.effect for a in self.also)] if self.effect is not None else []

    @property
    def automated(self) -> bool:
        return self.effect is not None

    @property
    def manual(self) -> dict:
        """The frame of the effect resolved by hand (its text is the importer's to lay out)."""
        return {**self.frame.effect_keys(), "manual": True}


def _split_chain(body: str, chain_colors: list[str]) -> tuple[str, list[tuple[str, str]]]:
    """(main text, [(chain colour, chain text)]): each "Chain <Colour>:" starts a chain that runs to the next one
    (CR 11-15-2; docs/saga-rulings.md, Chain-1)."""
    marks = list(_CHAIN.finditer(body))
    if not marks:
        if len(chain_colors) == 1:  # the keyword names the colour, the text runs straight on
            return "", [(chain_colors[0].lower(), body)]
        if chain_colors:  # several: where one ends and the next starts is not written
            return body, [("", "")]
        return body, []
    ends = [m.start() for m in marks[1:]] + [len(body)]
    return body[:marks[0].start()].strip(), [(m.group(1).lower(), body[m.end():end].strip())
                                             for m, end in zip(marks, ends)]


def _search(ops: list[dict]) -> list[dict] | str:
    """"Reveal the top N cards of your deck." + "Add ... from the revealed cards to your hand." + "Return the
    remaining cards to ..." -> one `search` directive (CR 12-2)."""
    out: list[dict] = []
    i = 0
    while i < len(ops):
        op = ops[i]
        if "_reveal" not in op:
            if "_take" in op or "_rest" in op:
                return "cards taken from a reveal that is not there"
            out.append(op)
            i += 1
            continue
        search: dict = {"look": op["_reveal"], **op.get("_search", {})}  # _search: a template's search keys
        i += 1
        if i < len(ops) and "_take" in ops[i]:
            search.update(ops[i].get("_search", {}))
            take = dict(ops[i]["_take"])
            if take.get("type") == "any":
                del take["type"]
            search["take"] = take
            i += 1
        else:
            return "a reveal with nothing taken from it"
        if i < len(ops) and "_rest" in ops[i]:
            search["rest"] = ops[i]["_rest"]
            i += 1
        else:
            return "a reveal that does not say where the rest go"
        if i < len(ops) and "_search_after" in ops[i]:  # a template's words on the search after it ("... instead")
            search.update(ops[i]["_search_after"])
            i += 1
        out.append({"search": search, **{k: op[k] for k in ("may", "if", "if_done", "_then") if k in op}})
    return out


# directives after which "it" is what they chose or made (a token directive: the tokens summoned, rules/bss/tokens.py)
_SELECTING = ("select", "destroy", "exhaust", "refresh", "bounce", "to_deck_bottom", "to_deck_top", "attack_spirit",
              "token")


def _unselected_it(ops: list[dict], selected: bool, ref: str) -> tuple[list[dict], bool]:
    """"It" before any selection names a card the effect already knows: the spirit an event happened to
    ("when one of your spirits attacks, it gets ...": `trigger`) or the card itself ("if this spirit has the soul
    core on it, it cannot be blocked": `this`). `selected`: a selection came before (then "it" is that)."""
    out = []
    for op in ops:
        name = next((k for k in op if k not in ("may", "if_done", "if")), None)
        value = op.get(name)
        if not selected:
            if value == "it":
                op = {**op, name: ref}
            elif isinstance(value, dict) and value.get("target") == "it":
                op = {**op, name: {**value, "target": ref}}
        if (name in _SELECTING and isinstance(value, dict)) or (
                isinstance(value, dict) and isinstance(value.get("target"), dict)):
            selected = True
        out.append(op)
    return out, selected


# triggers whose event happened to another card: "it" is that card
_ABOUT_ANOTHER = tuple(WATCH_TRIGGERS) + ("opponent_summon_effect", "when_wins_battle")


def _written_trigger(frame: Frame, sentences: list[Sentence]) -> tuple[Frame, str]:
    """A trigger the text writes ("When 1 of your spirits attacks, ...", "Draw a card when ..."), taken out of the
    sentences into the frame: (frame, "") or (frame, why it can't be)."""
    marks = [(n, i) for n, s in enumerate(sentences) for i, op in enumerate(s.ops) if "_trigger" in op]
    if not marks:
        return frame, ""
    if marks != [(0, 0)]:
        return frame, "a trigger written after the effect's first words"
    if sentences[0].ops[0]["_trigger"]["trigger"] == "when_battle_ends":  # templates/timing.py
        return battle_end_frame(frame, sentences)
    if (frame.kind != "constant" or frame.timing) and not (  # a magic card's trigger in its trash (reactions.py)
            frame.kind == "magic" and not frame.timing and first_trigger(sentences) in TRASH_TRIGGERS):
        return frame, f"a trigger written inside a {frame.kind} effect"
    first = sentences[0]
    trig = first.ops[0]["_trigger"]
    sentences[0] = replace(first, ops=first.ops[1:])
    if trig["trigger"] == "start_of_step":  # "During Your Attack Step: at the start of the step, ..."
        return _at_step_start(frame)
    cond = {**frame.condition, **trig.get("condition", {})}  # e.g. the soul core spent on it (templates/costs.py)
    return replace(frame, kind="triggered", trigger=trig["trigger"], watch=trig.get("watch"), condition=cond), ""


def _at_step_start(frame: Frame) -> tuple[Frame, str]:
    """The frame "at the start of" the step its label names (CR 6-x-1), whose turn the label says."""
    cond = dict(frame.condition)
    step = cond.pop("step", None)
    if step is None:
        return frame, "'at the start of the step' under a label that names no step"
    whose = {True: "you", False: "opponent", None: "any"}[cond.pop("your_turn", None)]
    return replace(frame, kind="triggered", trigger="start_of_step", step=step, whose=whose, condition=cond), ""


_MOMENT_STEPS = ("start", "core", "draw", "refresh", "end")  # steps with no window to act in before they end


def _step_moment(frame: Frame, sentences: list[Sentence]) -> tuple[Frame, str]:
    """"During Your Start Step: select 1 of your spirits and refresh it": something that happens once, under the
    label of a step with no flash window, happens at the start of that step (CR 6-1-1, 6-7-1); what holds while
    the step lasts stays a constant effect."""
    if frame.kind != "constant" or frame.condition.get("step") not in _MOMENT_STEPS:
        return frame, ""
    for s in sentences:
        for op in s.ops:
            name = next((k for k in op if k not in ("may", "if_done", "if") and not k.startswith("_")), None)
            value = op.get(name)
            if name not in STANDING_OPS or (isinstance(value, dict) and value.get("_duration")):
                return _at_step_start(frame)
    return frame, ""


def _name_it(frame: Frame, card_type: str, sentences: list[Sentence]) -> None:
    """Every "it" before a selection, named (see _unselected_it); on a magic card it stays "it" (and is refused)."""
    if card_type == "magic" and frame.trigger not in _ABOUT_ANOTHER:
        return
    ref = "trigger" if frame.trigger in _ABOUT_ANOTHER else "this"
    selected = False
    for n, s in enumerate(sentences):
        ops, selected = _unselected_it(s.ops, selected, ref)
        if frame.trigger in _DESTROYED_TRIGGER_CARD:
            ops = [_onto_the_destroyer(op) for op in ops]
        sentences[n] = replace(s, ops=ops)


# triggers whose "trigger" card is the spirit this one destroyed: in the trash by then (CR 7-1-5-2-1, 9-3)
_DESTROYED_TRIGGER_CARD = ("when_wins_battle", "when_destroys")
_FIELD_OPS = ("core_charge", "core_remove", "refresh", "exhaust", "bp", "grant")


def _onto_the_destroyer(op: dict) -> dict:
    """"When this spirit destroys one of your opponent's spirits, place two cores onto it": the destroyed spirit is
    in the trash, where no core, BP or exhaustion reaches it, so "it" is this spirit."""
    name = next((k for k in op if k not in ("may", "if_done", "if") and not k.startswith("_")), None)
    value = op.get(name)
    if name not in _FIELD_OPS:
        return op
    if value == "trigger":
        return {**op, name: "this"}
    if isinstance(value, dict) and value.get("target") == "trigger":
        return {**op, name: {**value, "target": "this"}}
    return op


def _destroyed_card(frame: Frame, sentences: list[Sentence]) -> str:
    """"Return this card to your hand" names the card in the trash only in the destroyed card's own effect (CR
    10-15-1: it resolves once the card is there); elsewhere it stays by hand. The mark goes either way."""
    found = False
    for n, s in enumerate(sentences):
        if any("_destroyed_card" in op for op in s.ops):
            found = True
            sentences[n] = replace(s, ops=[{k: v for k, v in op.items() if k != "_destroyed_card"} for op in s.ops])
    if found and frame.trigger not in ("when_destroyed", "when_destroyed_by_opponent"):
        return "'return this card to your hand' outside the card's own 'when destroyed' effect"
    return ""


def _summon_selected(ops: list[dict]) -> list[dict] | str:
    """"Select a spirit card from your trash ..." + "Summon it without paying its cost." -> one `summon` of the
    selected card (the vocabulary's summon selects its card itself), its LV1 cores from your reserve."""
    out: list[dict] = []
    for op in ops:
        if op.get("summon") != "it":
            out.append(op)
            continue
        prev = out[-1] if out else {}
        sel = prev.get("select")
        if not isinstance(sel, dict) or sel.get("zone") not in ("hand", "trash") or set(prev) - {"select", "may"}:
            return "summoning a card no selection from your hand or trash names"
        t = {k: v for k, v in sel.items() if k != "side"}
        how = op.get("_summon", {})  # a template's summon keys: pay (its cost paid), exhausted
        summon = {"target": t, **({} if how.get("pay") else {"cores": "reserve"}), **how}
        out[-1] = {**{k: v for k, v in op.items() if k not in ("summon", "if_done", "_summon")}, "summon": summon,
                   **({"may": True} if prev.get("may") else {})}
    return out


def _assemble(ops: list[dict], kind: str) -> tuple[list[dict], dict] | str:
    """Directives with their durations decided from the effect's kind, and the effect-level keys the sentences
    gave (a cost, "if" conditions of a constant effect); a reason string when the effect can't be said."""
    keys: dict = {}
    if ops and "_cost" in ops[0]:
        keys["cost"] = [ops[0]["_cost"]]
        keys["optional"] = True  # "you may ... to ...": the player is asked (CR 8-4-1)
        ops = ops[1:]
    if any("_cost" in op for op in ops):
        return "a cost in the middle of an effect"
    ops = _instead(ops)  # "... instead" (templates/costs.py)
    if isinstance(ops, str):
        return ops
    ops = _search(ops)
    if isinstance(ops, str):
        return ops
    ops = _summon_selected(ops)
    if isinstance(ops, str):
        return ops
    out = []
    for op in ops:
        op = dict(op)
        amend = op.pop("_amend", None)  # a template's words that add keys to the directive before (templates/)
        if amend is not None:
            prev = out[-1] if out and not op else {}
            name = next((k for k in prev if k not in ("may", "if_done", "if")), None)
            if name != amend.pop("_of") or not isinstance(prev.get(name), dict):
                return "words about the directive before that is not there"
            out[-1] = {**prev, name: {**prev[name], **amend}}
            continue
        if op.pop("_quiet", False):  # "... "When Destroyed" effects are not triggered by this effect" (CR 10-15-1)
            destroys = [i for i, o in enumerate(out) if "destroy" in o]
            if op or not destroys:
                return "'not triggered by this effect' with a condition, or without a destruction before it"
            for i in destroys:
                out[i] = {**out[i], "quiet": True}
            continue
        if op.pop("_quiet_summon", False):  # ""When Summoned" effects on the spirit summoned by this effect are not
            summons = [i for i, o in enumerate(out) if "summon" in o]  # triggered" (templates/protection.py, P22)
            if op or not summons or not isinstance(out[summons[-1]]["summon"], dict):
                return "'not triggered' on a summoned spirit with a condition, or without a summon before it"
            out[summons[-1]] = {**out[summons[-1]], "summon": {**out[summons[-1]]["summon"], "muted": True}}
            continue
        if op.pop("_if_destroyed", False):  # "if you destroy a spirit with this effect": only after a destruction
            removed = out[-1].get("core_remove") if out else None
            if isinstance(removed, dict) and removed.get("target") == "it" and "it_destroyed" not in op.get("if", {}):
                # cores removed to below LV1: the spirit is destroyed by this effect (CR 9-3-2-1); with the
                # sentence's own condition, if it has one (templates/costs.py)
                op["if"] = {**op.get("if", {}), "it_destroyed": True}
            elif not out or not any(k == "destroy" for k in out[-1]):
                return "'if you destroy ... with this effect' after something other than a destruction"
            else:
                op["if_done"] = True
        after = op.pop("_after", None)  # a template's words that name what the directive before did ("from them")
        if after and not (out and after in out[-1]):
            return f"words about a {after} after something other than a {after}"
        if "_with_before" in op or "it" in (op.get("if") or {}):  # words that change or read the directives before
            # ("otherwise", "if it is green": templates/misc.py)
            done = _with_before(out, op)
            if isinstance(done, str):
                return done
            out, op = done
            if op is None:
                continue
        if op.pop("_then", False) and out and "if" in out[-1] and "if" not in op:
            op["if"] = out[-1]["if"]  # "If ..., A. Then, B.": B goes with A
        (name, value), = ((k, v) for k, v in op.items() if k not in ("may", "if_done", "if"))
        if kind == "constant" and "if" in op:
            # "If X, A, and B.": one condition on every part is the effect's own (CR 8-1-4-1)
            if any(o.get("if") != op["if"] for o in ops) or set(keys) - {"condition"}:
                return "a constant effect with a condition on one of its parts"
            keys["condition"] = op["if"]
            op = {k: v for k, v in op.items() if k != "if"}
        if isinstance(value, dict) and "_duration" in value:
            value = dict(value)
            duration = value.pop("_duration")
            if kind == "constant":
                if duration is not None and not (duration == "turn" and _lasts_the_turn(keys.get("condition"))):
                    return f"a constant effect that lasts this {duration}"
            elif duration is None:
                if name != "restrict":
                    return f"'{name}' with no duration outside a constant effect"
                duration = "turn"  # a "cannot" without a span lasts the turn it is applied in
            if duration not in (None, "turn"):
                value["duration"] = duration
            op = {**op, name: value}
        out.append(op)
    for op in out[:-1]:
        if "during" in op and any("select" in d for d in op["during"]["do"]):
            # "during this turn, when ..., select 1 of ... . Reduce its BP ...": the next sentence acts on what the
            # later trigger selects, which a directive after the `during` cannot reach
            return "a selection inside 'during this turn, when ...' that the next sentence acts on"
    return _after_optional_selection(out), keys


def _on_it(op: dict) -> bool:
    """The directive acts on the cards selected before ("destroy it", "place a core onto it")."""
    return any(v in ("it", "them") or (isinstance(v, dict) and v.get("target") in ("it", "them"))
               for k, v in op.items() if k != "if")  # (its directive, whatever flags stand beside it)


def _after_optional_selection(out: list) -> list:
    """"You may select X. Destroy it and place a core onto this spirit.": the part beside "it" comes with what was
    done to it (the "you may" covers the whole; CR 8-4-1's "no X, no Y"), so declining, or having no X, does nothing."""
    if not out or not (out[0].get("may") and "select" in out[0]):
        return out
    for i in range(2, len(out)):
        if _on_it(out[i - 1]) and not _on_it(out[i]) and "if_done" not in out[i] and "if" not in out[i]:
            out[i] = {**out[i], "if_done": True}
    return out


def compile_effect(card_type: str, condition: str, details: str, steps: list[str] | tuple = (), *,
                   burst: bool = False, chain_colors: list[str] | tuple = (), families: tuple[str, ...] = (),
                   names: CardNames | tuple = ()) -> CompiledEffect:
    """One community effect -> its compiled (or manual) form. `names`: the card names the import knows, so a name
    printed without quotation marks is read as one (normalise.py)."""
    if not isinstance(names, CardNames):
        names = CardNames(names)

    def compile_sentence(text: str, fams: tuple[str, ...]) -> Sentence:  # each sentence with the names too
        return _compile_sentence(text, fams, names)

    frame = frame_of(card_type, condition, details, list(steps), burst=burst)
    result = CompiledEffect(frame, None)
    if frame.unknown:
        result.why = frame.unknown
        return result
    main, chains = _split_chain(frame.body, list(chain_colors))
    if any(not color for color, _ in chains):
        result.why = "more than one chain, not marked in the text"
        return result
    result.sentences = [compile_sentence(s, families) for s in split_sentences(main)]
    groups = [[compile_sentence(s, families) for s in split_sentences(text)] for _, text in chains]
    result.chain_sentences = [s for g in groups for s in g]
    bad = [s for s in result.sentences + result.chain_sentences if not s.ok]
    if bad:
        result.why = f"not recognised: {bad[0].text!r} ({bad[0].why})"
        return result
    sentences = list(result.sentences)
    if frame.kind == "magic" and own_cost_only(sentences):  # a magic card's own cost in the hand (templates/costs.py)
        frame = replace(frame, kind="constant", timing=[])
    frame, problem = _written_trigger(frame, sentences)
    if not problem:
        frame, problem = _step_moment(frame, sentences)
    if problem:
        result.why = problem
        return result
    _name_it(frame, card_type, sentences)
    problem = _destroyed_card(frame, sentences)
    if problem:
        result.why = problem
        return result
    effect = frame.effect_keys()
    for s in sentences + result.chain_sentences:
        effect.update(s.effect_keys)
    main_part = _assemble([op for s in sentences for op in s.ops], frame.kind)
    chain_parts = [_assemble([op for s in g for op in s.ops], frame.kind) for g in groups]
    for part in (main_part, *chain_parts):
        if isinstance(part, str):
            result.why = part
            return result
    do, keys = main_part
    if any(chain_keys for _, chain_keys in chain_parts):
        result.why = "a chain with a cost or condition of its own"
        return result
    if any(not chain for chain, _ in chain_parts):
        result.why = "a chain that does nothing"
        return result
    if not do and not chain_parts:
        result.why = "no directives"
        return result
    if "condition" in keys and "condition" in effect:
        both = set(keys["condition"]) & set(effect["condition"])
        if any(keys["condition"][k] != effect["condition"][k] for k in both):
            result.why = "two conditions on the same thing"  # the same one twice is one condition
            return result
        keys["condition"] = {**effect["condition"], **keys["condition"]}
    effect.update(keys)
    effect["do"] = do
    if chains:
        written = [{"color": color, "do": chain} for (color, _), (chain, _) in zip(chains, chain_parts)]
        effect["chain"] = written[0] if len(written) == 1 else written
    problem = _check(card_type, effect)
    if problem:
        result.why = f"the vocabulary refuses it: {problem}"
        return result
    result.effect = effect
    for label in frame.also:  # "When Summoned or Destroyed": the same text at the other moment, or all by hand
        other = compile_effect(card_type, label, frame.body, steps, burst=burst, chain_colors=chain_colors,
                               families=families, names=names)
        if not other.automated:
            result.effect, result.why = None, f"at {label!r}: {other.why}"
            return result
        result.also.append(other)
    return result


def _check(card_type: str, effect: dict) -> str:
    """Why a set file could not hold this effect ("" if it could): checked on a stand-in card of the same type."""
    card = {"id": "CHECK-1", "name": "Check", "type": card_type, "colors": ["red"], "cost": 0,
            "effects": [effect]}
    if card_type == "magic":
        card["timing"] = ["main", "flash"]
        if effect.get("then_use"):  # the card's own magic effect is checked with the whole card, at import
            card["effects"].append({"kind": "magic", "timing": [effect["then_use"]], "do": [{"draw": 1}]})
        elif effect.get("kind") in ("constant", "triggered"):  # its own cost in the hand, or a trigger in its
            # trash (templates/reactions.py), beside its magic effect (likewise)
            card["effects"].append({"kind": "magic", "timing": ["main"], "do": [{"draw": 1}]})
    else:
        card["levels"] = [{"level": n, "cores": n, **({"bp": 1000} if card_type == "spirit" else {})}
                          for n in (1, 2, 3)]
    try:
        card_from_dict(card, file="(compiled text)", set_id="CHECK")
    except CardDataError as e:
        return f"{e.field}: {e.message}" if e.field else e.message
    return ""
