"""A card file's effects, however malformed, load or are refused with a CardDataError naming the field: never
another exception (a player's imported or hand-edited card file must not crash the app)."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bss_desktop.carddb import CardDataError, card_from_dict
from bss_desktop.carddb.effects import BURST_TRIGGERS, OPS, TRIGGERS

WORDS = ("this", "it", "trigger", "you", "opponent", "each", "any", "hand", "trash", "deck", "field", "red", "X",
         "main", "flash", "void", "reserve", "top", "bottom", "shuffle", "be_blocked", "cards", "cores", "symbols")
KEYS = ("target", "count", "up_to", "all", "any_number", "side", "zone", "type", "for_each", "minus", "player",
        "cores", "look", "take", "rest", "reveal", "to", "add", "set", "by", "cannot", "keyword", "instead",
        "name_has", "total_bp_max", "place", "colors", "may", "if_done", "if", "count_min", "step", "soul_paid")

words = st.sampled_from(WORDS)
scalars = st.one_of(st.none(), st.booleans(), st.integers(-3, 5), words)
values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(st.sampled_from(KEYS + WORDS), inner, max_size=3)), max_leaves=8)
# a directive's value shaped like the real ones (a mapping of known keys, often a target), with wrong values inside
shaped = st.builds(lambda target, rest: {**rest, **({"target": target} if target is not None else {})},
                   st.one_of(st.none(), words, words, values), st.dictionaries(st.sampled_from(KEYS), values, max_size=3))
directives = st.one_of(
    st.builds(lambda op, v: {op: v}, st.sampled_from(sorted(OPS)), st.one_of(values, shaped, shaped)),
    st.builds(lambda op, v, m, mv: {op: v, m: mv}, st.sampled_from(sorted(OPS)), shaped,
              st.sampled_from(("may", "if_done", "if")), values),
    values)


@st.composite
def cards(draw):
    card_type = draw(st.sampled_from(["spirit", "nexus", "magic"]))
    kinds = ["magic", "burst"] if card_type == "magic" else ["activated", "constant", "triggered"]
    kind = draw(st.sampled_from(kinds))
    effect = {"kind": kind, "do": draw(st.lists(directives, min_size=1, max_size=3))}
    if kind == "triggered":
        effect["trigger"] = draw(st.sampled_from(TRIGGERS))
    if kind == "burst":
        effect["trigger"] = draw(st.sampled_from(BURST_TRIGGERS))
    if kind == "activated":
        effect["timing"] = ["main"]
        effect["cost"] = draw(st.lists(directives, min_size=1, max_size=2))
    for key, strategy in (("condition", values), ("x_max", st.integers(0, 3)), ("then_use", values),
                          ("whose", values), ("optional", st.booleans())):
        if draw(st.booleans()) and draw(st.booleans()):
            effect[key] = draw(strategy)
    card = {"id": "FZ-1", "name": "Fuzz", "type": card_type, "colors": ["red"], "cost": 1, "effects": [effect]}
    if card_type == "magic":
        card["timing"] = ["main", "flash"]
    else:
        card["levels"] = [{"level": 1, "cores": 1 if card_type == "spirit" else 0}]
        if card_type == "spirit":
            card["levels"][0]["bp"] = 1000
    return card


@settings(max_examples=1500, deadline=None)
@given(cards())
def test_any_effect_loads_or_is_refused_naming_its_field(card):
    try:
        card_from_dict(card)
    except CardDataError as e:
        assert e.field is not None and e.field.startswith("effects"), e
