"""How much of a card db the engine automates: per card, which effects (if any) are manual.

A card is *automated* when none of its effects is ``manual: true`` (vanilla
cards and keyword-only cards count as automated: the engine knows every
keyword of the vocabulary). Tokens are left out: they are made by effects,
not collected (CR 4-12).

Used by ``bss-desktop cards coverage [--json]``.
"""
from __future__ import annotations

from collections.abc import Mapping

from .card_text import effect_text
from .cards import CardDef

__all__ = ["coverage", "coverage_lines"]

NO_SET = "(no set)"


def _card_entry(card: CardDef) -> dict:
    manual = [{"index": i, "kind": e.kind, "text": effect_text(e, card)}
              for i, e in enumerate(card.effects) if e.manual]
    return {"id": card.id, "name": card.name, "set": card.set or NO_SET, "effects": len(card.effects),
            "keywords": len(card.keywords), "automated": not manual, "manual": manual}


def coverage(db: Mapping[str, CardDef]) -> dict:
    """Per card and per set, what is automated.

    ``{"cards": [{id, name, set, effects, keywords, automated, manual: [{index, kind, text}]}],
       "sets": {set: {"cards": n, "automated": m}}, "total": {"cards": n, "automated": m}}``;
    cards sorted by set then id, sets in that order too.
    """
    cards = sorted((c for c in db.values() if not c.token), key=lambda c: (c.set or NO_SET, c.id))
    entries = [_card_entry(c) for c in cards]
    sets: dict[str, dict] = {}
    for e in entries:
        s = sets.setdefault(e["set"], {"cards": 0, "automated": 0})
        s["cards"] += 1
        s["automated"] += e["automated"]
    total = {"cards": len(entries), "automated": sum(e["automated"] for e in entries)}
    return {"cards": entries, "sets": sets, "total": total}


def coverage_lines(report: dict) -> list[str]:
    """The report as text: one line per card (manual effects indented below it), then the totals per set."""
    out = []
    width = max((len(e["id"]) for e in report["cards"]), default=0)
    for e in report["cards"]:
        if e["automated"]:
            what = "automated" if e["effects"] or e["keywords"] else "automated (vanilla)"
            out.append(f"{e['id']:<{width}}  {e['name']}: {what}")
        else:
            n = len(e["manual"])
            out.append(f"{e['id']:<{width}}  {e['name']}: {n} of {e['effects']} "
                       f"effect{'s' if e['effects'] != 1 else ''} manual")
            for m in e["manual"]:
                out.append(f"{'':<{width}}    effects[{m['index']}]: {m['text']}")
    out.append("")
    for name, s in report["sets"].items():
        out.append(f"{name}: {s['automated']}/{s['cards']} automated")
    t = report["total"]
    out.append(f"total: {t['automated']}/{t['cards']} automated")
    return out
