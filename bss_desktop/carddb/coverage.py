"""How much of a card db the engine automates: per card, which effects (if any) are manual.

A card is *automated* when none of its effects is ``manual: true`` (vanilla
cards and keyword-only cards count as automated: the engine knows every
keyword of the vocabulary), *partly manual* when some of its effects or
keywords are automated and some effects are manual, and *manual* when every
one of its effects is manual and it has no keyword. Tokens are left out: they
are made by effects, not collected (CR 4-12).

The sentences of manual effects that the text compiler does not recognise are
counted, numbers and quoted names made general, so the most common ones show
which templates to write next.

Used by ``bss-desktop cards coverage [--json]``.
"""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping

from .card_text import effect_text
from .cards import CardDef
from .text_compile import CardNames, compile_sentence, split_sentences
from .text_compile.normalise import normalise

__all__ = ["coverage", "coverage_lines", "unrecognised_phrases"]

NO_SET = "(no set)"
_ALTERNATE_ART = re.compile(r".+_p\d+\Z")  # BSS01-001_p1: an alternate art (importer.py), counted apart
PHRASES = 30  # how many of the most common unrecognised phrases the report lists


def _card_entry(card: CardDef) -> dict:
    manual = [{"index": i, "kind": e.kind, "text": effect_text(e, card)}
              for i, e in enumerate(card.effects) if e.manual]
    auto = len(card.effects) - len(manual) + len(card.keywords)
    status = "automated" if not manual else "partly manual" if auto else "manual"
    return {"id": card.id, "name": card.name, "set": card.set or NO_SET, "effects": len(card.effects),
            "keywords": len(card.keywords), "automated": not manual, "status": status, "manual": manual}


_LABEL = re.compile(r"^\s*(\[LV\d+\]\s*)*(\([^)]*\)\s*|[A-Za-z/ ]{1,40}:\s+)?")


def unrecognised_phrases(db: Mapping[str, CardDef], families: tuple[str, ...] = ()) -> Counter:
    """The sentences of manual effects the compiler does not recognise, made general ("N" for numbers, "…" for
    quoted names), with how many effects use each."""
    fams = families or tuple(sorted({f for c in db.values() for f in c.families}))
    names = CardNames((c.name, c.type) for c in db.values())  # names printed without quotation marks (normalise.py)
    found: Counter = Counter()
    for card in db.values():
        for e in card.effects:
            if not e.manual:
                continue
            text = _LABEL.sub("", e.text.replace("【", "").replace("】", ""), count=1)
            for s in split_sentences(text):
                if not compile_sentence(s, fams, names).ok:
                    general = re.sub(r"\d+", "N", normalise(s).text)
                    found[re.sub(r"\bq\d+\b", "\"…\"", general)] += 1
    return found


def coverage(db: Mapping[str, CardDef], shipped: frozenset = frozenset(), tokens: Mapping | None = None) -> dict:
    """Per card and per set, what is automated.

    ``{"cards": [{id, name, set, effects, keywords, automated, manual: [{index, kind, text}]}],
       "sets": {set: {"cards": n, "automated": m}}, "total": {"cards": n, "automated": m},
       "base": {"cards": n, "automated": m, ...}}``; cards sorted by set then id, sets in that order too.
    ``base`` counts the *base cards*: those not among the `shipped` ids and not an alternate art imported as a card
    of its own (``<ID>_pN``) — the player's imported pool, each card once.

    A card whose effect summons a token by name counts by its compiled text; ``tokens`` lists those tokens with
    whether `tokens` (the player's token table, token_table.py) has their stats: in a game, an effect whose token
    has none is resolved by hand until the player gives them (docs/saga-rulings.md, Tokens ruling 2).
    """
    from .token_table import token_key, token_refs

    cards = sorted((c for c in db.values() if not c.token), key=lambda c: (c.set or NO_SET, c.id))
    entries = [_card_entry(c) for c in cards]
    sets: dict[str, dict] = {}
    for e in entries:
        s = sets.setdefault(e["set"], {"cards": 0, "automated": 0, "partly manual": 0, "manual": 0})
        s["cards"] += 1
        s[e["status"]] += 1
    total = _counts(entries)
    base = _counts([e for e in entries if e["id"] not in shipped and not _ALTERNATE_ART.match(e["id"])])
    phrases = unrecognised_phrases({c.id: c for c in cards})
    named = [{"name": name, "cards": ids, "stats": token_key(name) in (tokens or {})}
             for name, ids in token_refs({c.id: c for c in cards}).items()]
    # automated base cards one of whose effects waits for a token's stats: said beside the figure, not hidden in it
    waiting = {cid for t in named if not t["stats"] for cid in t["cards"]}
    base["token_stats_missing"] = sum(1 for e in entries if e["automated"] and e["id"] in waiting and e["id"]
                                      not in shipped and not _ALTERNATE_ART.match(e["id"]))
    return {"cards": entries, "sets": sets, "total": total, "base": base,
            "unrecognised": [{"phrase": p, "effects": n} for p, n in phrases.most_common(PHRASES)], "tokens": named}


def _counts(entries: list) -> dict:
    return {"cards": len(entries), **{k: sum(e["status"] == k for e in entries)
                                      for k in ("automated", "partly manual", "manual")}}


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
    if report.get("unrecognised"):
        out.append("")
        out.append("Most common unrecognised phrases (effects using each):")
        out.extend(f"  {u['effects']:>4}  {u['phrase']}" for u in report["unrecognised"])
    lacking = [t for t in report.get("tokens", ()) if not t["stats"]]
    if lacking:
        out.append("")
        out.append("Tokens summoned by name without stats in your token table (counted above by their compiled text; "
                   "resolved by hand in a game until `bss-desktop tokens set NAME ...`): "
                   + ", ".join(f"{t['name']} ({len(t['cards'])} card{'s' if len(t['cards']) != 1 else ''})"
                               for t in lacking))
    out.append("")
    for name, s in report["sets"].items():
        out.append(f"{name}: {s['automated']}/{s['cards']} automated, {s['partly manual']} partly manual, "
                   f"{s['manual']} manual")
    t = report["total"]
    out.append(f"total: {t['automated']}/{t['cards']} automated, {t['partly manual']} partly manual, "
               f"{t['manual']} manual")
    b = report.get("base")
    if b is not None:
        if b["cards"]:
            out.append(f"base cards: {b['automated']}/{b['cards']} automated ({100 * b['automated'] / b['cards']:.1f} %), "
                       f"{b['partly manual']} partly manual, {b['manual']} manual (imported cards; shipped sets and "
                       "alternate arts apart)")
            if b.get("token_stats_missing"):
                n = b["token_stats_missing"]
                out.append(f"  of the automated, {n} summon{'s' if n == 1 else ''} a token your token table has no "
                           "stats for yet: resolved by hand in a game until `bss-desktop tokens set NAME ...`")
        else:
            out.append("base cards: none imported (bss-desktop import-cards PATH)")
    return out
