"""A profile's `turn_rules` checked against the rest of it (no Qt): what a sandbox's turn remembers and reminds.

The engine reads them in engine/table_turn.py; docs/profile-format.md documents each. Every name they hold must be
one the profile has (a step, a zone of cards, an orientation), so a mistake names its field when the profile loads.
"""
from __future__ import annotations


def check(p: dict, card_zones: set, bad) -> None:
    rules, steps = p["turn_rules"], p["steps"]

    def step(field: str, name: str) -> None:
        if name not in steps:
            bad(field, f"{name!r} is not one of the steps ({', '.join(steps)})")

    def zone(field: str, name: str) -> None:
        if name not in card_zones:
            bad(field, f"{name!r} is not a zone of cards")

    ready = rules["ready"]
    if ready is not None:
        step("turn_rules.ready.step", ready["step"])
        zone("turn_rules.ready.zone", ready["zone"])
        if ready["orientation"] not in p["orientations"]:
            bad("turn_rules.ready.orientation", f"{ready['orientation']!r} is not one of the orientations")
    limit = rules["hand_limit"]
    if limit is not None:
        step("turn_rules.hand_limit.step", limit["step"])
        if limit["down_to"] > limit["over"]:
            bad("turn_rules.hand_limit.down_to", f"{limit['down_to']} is above over ({limit['over']})")
    if rules["attack_mark"] is not None:
        zone("turn_rules.attack_mark.zone", rules["attack_mark"]["zone"])
    for name in rules["set_wait"]:
        zone(f"turn_rules.set_wait.{name}", name)
        if p["zones"][name]["face"] == "up":
            bad(f"turn_rules.set_wait.{name}", f"cards are never set face down in {name!r} (its face is up)")
    for i, ban in enumerate(rules["step_bans"]):
        step(f"turn_rules.step_bans[{i}].step", ban["step"])
        zone(f"turn_rules.step_bans[{i}].zone", ban["zone"])


def check_type_values(cards: dict, bad) -> None:
    """`cards.types.<type>.values`: per type, which values of one of its enum fields it may take."""
    for t, spec in cards["types"].items():
        for name, values in spec["values"].items():
            f = cards["fields"].get(name)
            if name not in spec["fields"] or f is None or f["kind"] != "enum":
                bad(f"cards.types.{t}.values.{name}", f"{name!r} is not an enum field of a {t} (its fields)")
            for i, v in enumerate(values):
                if v not in f["values"]:
                    bad(f"cards.types.{t}.values.{name}[{i}]", f"{v!r} is not one of {', '.join(f['values'])}")
