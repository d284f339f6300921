"""`bss-desktop import-cards PATH --explain ID`: how one community record's text compiles, sentence by sentence.

For each effect: its frame (kind, trigger or timing, condition), each sentence with the directives it compiled to
or why it was not recognised, and the result: the automated effect's generated text, or why it stays manual.
"""
from __future__ import annotations

from pathlib import Path

import yaml

from .card_text import effect_text
from .database import load_default_db
from .effects import parse_effect
from .importer import _families_of, _is_none_mark, _names_of, read_records
from .text_compile import compile_effect

__all__ = ["explain_lines"]


def _flow(value) -> str:
    return yaml.safe_dump(value, default_flow_style=True, sort_keys=False, allow_unicode=True, width=10 ** 6).strip()


def explain_lines(path: str | Path, card_id: str) -> list[str]:
    """The explanation of the record `card_id` under `path` (raises LookupError if there is none)."""
    records, _, _ = read_records(path)
    rec = next((r for _, _, r in records if isinstance(r, dict) and str(r.get("ID", r.get("id", ""))).strip()
                == card_id), None)
    if rec is None:
        raise LookupError(f"no record with ID {card_id!r} under {path}")
    base = load_default_db()
    families = _families_of(records, base)
    card_names = _names_of(records, base)  # names printed without quotation marks (normalise.py)
    card_type = str(rec.get("cardType", "")).strip().lower()
    out = [f"{card_id} {rec.get('name', '')} ({card_type})"]
    effects = rec.get("effects") if isinstance(rec.get("effects"), list) else []
    for i, e in enumerate(effects):
        if not isinstance(e, dict):
            continue
        details = e.get("details") if isinstance(e.get("details"), str) else ""
        keywords = [k for k in e.get("keywords") or [] if isinstance(k, dict)]
        names = [str(k.get("keyword_name") or k.get("keyword") or "").strip() for k in keywords]
        if _is_none_mark(details) or not details.strip():
            out.append(f"effects[{i}]: keywords only ({', '.join(n for n in names if n) or 'none'})")
            continue
        chain = [str(k.get("keyword_modifier") or k.get("value") or "") for k, n in zip(keywords, names)
                 if n.lower() == "chain"]
        steps = [s for s in e.get("steps") or [] if isinstance(s, str)]
        r = compile_effect(card_type, str(e.get("condition") or ""), details, steps,
                           burst=any(n.lower() == "burst" for n in names), chain_colors=chain, families=families,
                           names=card_names)
        f = r.frame
        frame = f.kind + (f" {f.trigger}" if f.trigger else "") + (f" {'/'.join(f.timing)}" if f.timing else "") + (
            f" while {_flow(f.condition)}" if f.condition else "")
        out.append(f"effects[{i}]: {e.get('condition') or 'N/A'} -> {frame}" + (f" ({f.unknown})" if f.unknown else ""))
        for label, sentences in (("", r.sentences), ("chain: ", r.chain_sentences)):
            for s in sentences:
                if s.ok:
                    what = _flow(s.ops) if s.ops else "(nothing)"
                    if s.effect_keys:
                        what += " " + _flow(s.effect_keys)
                    out.append(f"  ok  {label}{s.text}\n        -> {what}")
                else:
                    out.append(f"  no  {label}{s.text}\n        -> {s.why}")
        if r.automated:
            eff = parse_effect(r.effect, "effect", card_type=card_type)
            out.append(f"  => automated: {effect_text(eff)}")
        else:
            out.append(f"  => manual: {r.why}")
    return out
