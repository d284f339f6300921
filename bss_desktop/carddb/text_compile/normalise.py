"""Card text made regular before parsing: sentences split, lower case outside quotes, numbers as digits, quoted
names and family names replaced by placeholders (``q0``, ``f0``) the grammar reads as QUOTED and FAMILY."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

__all__ = ["Normalised", "normalise", "split_sentences"]

_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
                 "nine": 9, "ten": 10, "eleven": 11, "twelve": 12}
_KEYWORD_WORDS = "confront|curse|blessed|luster|swift|astral|awaken|atfield|immortal"
_PROTECT = {"A.T. Field": "ATFIELD", "LV": "LV"}  # periods that do not end a sentence


def split_sentences(text: str) -> list[str]:
    """The sentences of an effect text; "A.T. Field" and decimal-free numbers never split one."""
    t = text.replace("A.T. Field", "\x00ATF\x00").replace("A.T.Field", "\x00ATF\x00")
    parts = re.split(r"(?<=[.!?])\s+(?=[A-Z\"“(])", t.strip())
    return [p.replace("\x00ATF\x00", "A.T. Field").strip() for p in parts if p.strip()]


@dataclass
class Normalised:
    text: str  # what the grammar parses
    quoted: list[str] = field(default_factory=list)  # q0, q1, ... -> the quoted words
    families: list[str] = field(default_factory=list)  # f0, f1, ... -> the family names, as the card data has them


def normalise(sentence: str, families: tuple[str, ...] = ()) -> Normalised:
    """`families`: the family names known to the import (any case); longest first wins."""
    out = Normalised("")
    t = sentence.replace("’", "'").replace("“", '"').replace("”", '"').strip()

    def quote(m: re.Match) -> str:
        out.quoted.append(m.group(1))
        return f" q{len(out.quoted) - 1} "

    # the soul core icon some texts lost ("has a  on it"): nothing else is "on" a spirit that way (CR 4-11)
    t = re.sub(r"\b(has|with) an?\s+on (it|them)\b", r'\1 a "Soul Core" on \2', t, flags=re.I)
    t = re.sub(r"\bspend an?\s*(?=as part)", 'spend a "Soul Core" ', t, flags=re.I)
    t = re.sub(r'"([^"]*)"', quote, t)
    fams = sorted({f for f in families if f.strip()}, key=len, reverse=True)
    if fams:
        pattern = re.compile(r"\b(" + "|".join(re.escape(f) for f in fams) + r")\b", re.I)

        def family(m: re.Match) -> str:  # as the text writes it: families match without case
            out.families.append(m.group(1))
            return f" f{len(out.families) - 1} "

        # only where a family can stand: before spirit/card/nexus words, or after "your"/"of"
        t = pattern.sub(family, t)
    t = t.lower()
    t = re.sub(r"(?<=\d),(?=\d{3}\b)", "", t)  # 10,000 -> 10000
    t = re.sub(r"\b(" + "|".join(_NUMBER_WORDS) + r")\b", lambda m: str(_NUMBER_WORDS[m.group(1)]), t)
    t = re.sub(r"\s+", " ", t).strip()
    t = re.sub(r"\s+([.,:;])", r"\1", t)
    t = t.rstrip(".").strip()
    # "after that card's effect resolves": a trigger on a magic card's use waits for its effect anyway (CR 8-5-2-4)
    t = re.sub(r",?\s*after (?:that card's|its|the magic) effect resolves\b", "", t)
    # a granted keyword's reminder repeated after a colon ("gains confront: while this spirit attacks confront")
    t = re.sub(r":\s*(?:while this spirit attacks|flash|main)?\s*(?:" + _KEYWORD_WORDS
               + r"|(?:gale|raid|crush)\s*:?\s*\d+|armor\s*:\s*[a-z, ]+)\s*$", "", t)
    out.text = t.strip()
    return out
