"""An imported effect's frame: its kind, trigger or timing and its standing condition, read from the community
record's `condition` label and `steps` (or, when the label is "N/A", from the words its text starts with).

The body's sentences are compiled separately (`sentences.py`); the frame alone is enough for a manual effect,
so the app can still announce it at its moment.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

__all__ = ["Frame", "frame_of", "label_key"]


@dataclass
class Frame:
    kind: str  # activated / constant / triggered / magic / burst
    trigger: str | None = None
    step: str | None = None
    whose: str | None = None
    watch: dict | None = None  # a trigger watching other cards: which ones (a trigger the text writes)
    timing: list[str] = field(default_factory=list)
    condition: dict = field(default_factory=dict)
    label: str = ""  # the label as printed ("When This Spirit Attacks"), "" if none
    body: str = ""  # the text after the label
    unknown: str = ""  # a label this module can't frame: the effect stays manual, this says why
    # a label naming two moments ("When Summoned or Destroyed"): the labels of the further moments; the effect is
    # compiled and imported once per moment (they never coincide, so the two effects act as the printed one)
    also: list[str] = field(default_factory=list)

    def effect_keys(self) -> dict:
        """The frame as effect-dict keys (without `do`)."""
        d: dict = {"kind": self.kind}
        if self.trigger:
            d["trigger"] = self.trigger
        if self.step:
            d["step"] = self.step
        if self.whose:
            d["whose"] = self.whose
        if self.watch:
            d["watch"] = dict(self.watch)
        if self.timing and self.kind in ("activated", "magic"):
            d["timing"] = list(self.timing)
        if self.condition:
            d["condition"] = dict(self.condition)
        return d


def label_key(text: str) -> str:
    """A label compared loosely: lower case, straight quotes, single spaces, no final punctuation."""
    t = text.lower().replace("’", "'").replace("“", '"').replace("”", '"')
    return re.sub(r"\s+", " ", t).strip(" .:")


# label -> (trigger, whose) for triggered effects (CR 10-6 … 10-15, 6-8-1-1)
_TRIGGERS = {
    "when summoned": ("when_summoned", None),
    "when this spirit is summoned": ("when_summoned", None),
    "when placed": ("when_placed", None),
    "when this spirit attacks": ("when_attacks", None),
    "when attacks": ("when_attacks", None),
    "when this spirit blocks": ("when_blocks", None),
    "when blocks": ("when_blocks", None),
    "when this spirit attacks or blocks": ("when_attacks_or_blocks", None),
    "when attacks or blocks": ("when_attacks_or_blocks", None),
    "when destroyed": ("when_destroyed", None),
    "when destroyed by opponent": ("when_destroyed_by_opponent", None),
    "when you lose life": ("life_reduced", None),
    "when opponent destroys your spirit": ("your_spirit_destroyed_by_opponent", None),  # (by them: CR 10-15-1)
    "end of opponent's turn": ("end_of_turn", "opponent"),
    "end of your turn": ("end_of_turn", "you"),
    "when this spirit links": ("when_links", None),  # 【Link】 (docs/saga-rulings.md "Link")
}
# labels naming two moments, each a label above: the effect works at either (see Frame.also)
_EITHER = {
    "when this spirit is summoned or attacks": ("when summoned", "when this spirit attacks"),
    "when summoned or attacks": ("when summoned", "when this spirit attacks"),
    "when summoned or destroyed": ("when summoned", "when destroyed"),
    "when this spirit is summoned or destroyed": ("when summoned", "when destroyed"),
    "while this spirit attacks or blocks": ("while this spirit attacks", "while this spirit blocks"),
}
# label -> the condition under which a constant (or activated) effect works (CR 8-1-4-1, 10-12)
_WHILE = {
    "while this spirit attacks": {"attacking": True},
    "while this spirit blocks": {"blocking": True},
    "during your attack step": {"step": "attack", "your_turn": True},
    "during opponent's attack step": {"step": "attack", "your_turn": False},
    "during either attack step": {"step": "attack"},
    "during your turn": {"your_turn": True},
    "during opponent's turn": {"your_turn": False},
    "during either main step": {"step": "main"},
    "during your main step": {"step": "main", "your_turn": True},
    "during opponent's end step": {"step": "end", "your_turn": False},
    "during your end step": {"step": "end", "your_turn": True},
    "during either end step": {"step": "end"},
    "during your start step": {"step": "start", "your_turn": True},
    "during opponent's start step": {"step": "start", "your_turn": False},
    "while this spirit is linked": {"linked": True},  # 【Link】 (docs/saga-rulings.md "Link")
}
# a burst's label -> its burst trigger (CR 10-9)
_BURSTS = {
    "when you lose life": "life_reduced",
    "when opponent destroys your spirit": "your_spirit_destroyed_by_opponent",  # CR 10-15-1's own example
    "when your spirit is destroyed": "your_spirit_destroyed",
    "when opponent summons": "opponent_summons",
    "when opponent attacks": "opponent_attacks",
    'when opponent resolves a spirit\'s "when summoned" effect': "opponent_summon_effect",
}
# labels a text may start with when the record's condition is "N/A", longest first so "when this spirit attacks
# or blocks" wins over "when this spirit attacks"
_TEXT_LABELS = sorted(set(_TRIGGERS) | set(_WHILE) | set(_EITHER), key=len, reverse=True)


def _strip_text_label(details: str) -> tuple[str, str]:
    """("When Summoned", rest) when the text starts with a label and a break (space, colon, comma)."""
    t = details.strip()
    m = re.match(r"[\(\[]([^\)\]]{1,60})[\)\]]\s*:?\s*", t)
    if m and label_key(m.group(1)) in _TEXT_LABELS:  # "(When Attacks) Draw 1 card."
        return label_key(m.group(1)), t[m.end():].strip()
    key = label_key(t)
    for label in _TEXT_LABELS:
        if key.startswith(label) and len(key) > len(label) and key[len(label)] in " :,":
            # map back onto the original text: the label has the same number of words
            words = len(label.split())
            parts = t.split(None, words)
            rest = parts[words] if len(parts) > words else ""
            return label, rest.lstrip(":, ").strip()
    return "", t


def frame_of(card_type: str, condition: str, details: str, steps: list[str], *, burst: bool) -> Frame:
    """The frame of one community effect. `burst`: the effect carries the Burst keyword (CR 10-9)."""
    timing = [s for s in ("main", "flash") if s in {label_key(x) for x in steps}]
    label = "" if label_key(condition) in ("", "n/a", "na") else label_key(condition)
    words = set(re.split(r"\s*/\s*", label))
    if label and words <= {"main", "flash", "constant"}:  # a timing written as the label: "Main/Flash"
        timing = [s for s in ("main", "flash") if s in words or s in timing]
        label = ""
    body = details.strip()
    if not label:
        label, body = _strip_text_label(body)
    shown = condition.strip() if label and label_key(condition) == label else label.title() if label else ""
    frame = Frame(kind="constant", label=shown, body=body)
    if label == "when this spirit links" and not (burst or timing) and card_type != "magic" and re.match(
            r"(?i)while linked\s*,\s*", body):
        # 【Link】: "When this spirit links: while linked, X" is X while this spirit is linked (saga-rulings.md Link-6)
        frame.body, frame.condition = re.sub(r"(?i)^while linked\s*,\s*", "", body), dict(_WHILE[
            "while this spirit is linked"])
        return frame
    if burst:
        frame.kind = "burst"
        frame.trigger = _BURSTS.get(label)
        if frame.trigger is None:
            frame.unknown = f"no burst trigger for {condition or label!r}"
        return frame
    if card_type == "magic":
        frame.kind = "magic"
        frame.timing = timing
        if label in _WHILE:
            frame.condition = dict(_WHILE[label])
        elif label:
            frame.unknown = f"a magic effect with the label {condition or label!r}"
        return frame
    if label in _EITHER and card_type != "magic":
        first, *rest = _EITHER[label]
        frame = frame_of(card_type, first, body, steps, burst=False)
        frame.label = shown
        frame.also = list(rest)
        return frame
    if label in _TRIGGERS:
        frame.kind = "triggered"
        frame.trigger, frame.whose = _TRIGGERS[label]
        if timing:
            frame.unknown = f"a triggered effect ({condition}) that also has steps {steps}"
        return frame
    if label in _WHILE:
        frame.condition = dict(_WHILE[label])
    elif label:
        frame.unknown = f"the label {condition or label!r} is not one this importer frames"
    if timing:
        frame.kind = "activated"
        frame.timing = timing
    return frame
