"""Cards of every game: a set file's records checked against its game's profile (no Qt).

Battle Spirits Saga's cards are `schema.card_from_dict` records. A profile adds what its game prints beyond
that: its own card types (Eternal's Ultimate and Brave) and fields (Standard's same-name id, a Battle of Souls
fighter's class, ATK and RST), declared under `cards:` in profiles/<game>.yaml. Those fields are checked here
and kept in `CardDef.extra`. A `plain` game (Battle of Souls) has no colours, costs or levels: a card is its
id, name, type, rarity, text and the profile's fields.

    db = database.game_db(get_profile("bos"))
    db["BOS1-001"].extra["atk"]     # 1200
"""
from __future__ import annotations

import dataclasses
from typing import Any

from .cards import CardDef
from .errors import CardDataError
from .schema import ID_PATTERN, TYPE_LEVELS, card_from_dict, card_to_dict

PLAIN_FIELDS = ("id", "name", "type", "rarity", "text", "token", "set")
FACE_FIELDS = ("name", "type", "colors", "cost", "symbols", "families", "levels", "text")  # a card's side B


def card_types(profile) -> dict[str, tuple[str, int]]:
    """The profile's card types as `schema.card_from_dict` reads them."""
    if profile is None:
        return TYPE_LEVELS
    return {t: (spec["levels"], spec["first_level"]) for t, spec in profile.cards.types.items()}


def card_from_record(data: Any, profile=None, *, file: str | None = None, set_id: str | None = None) -> CardDef:
    """One card of `profile`'s game (None: Battle Spirits Saga), every mistake naming its field."""
    if profile is None or (profile.cards.shape == "battle_spirits" and not profile.cards.fields
                           and card_types(profile) == TYPE_LEVELS):
        return card_from_dict(data, file=file, set_id=set_id)
    if not isinstance(data, dict):
        raise CardDataError("expected a mapping of card fields", file=file)
    card_id = data.get("id") if isinstance(data.get("id"), str) else None
    fields = profile.cards.fields
    extra = {k: data[k] for k in fields if k in data}
    rest = {k: v for k, v in data.items() if k not in fields}
    if profile.cards.shape == "battle_spirits":
        card = card_from_dict(rest, file=file, set_id=set_id, types=card_types(profile))
    else:
        card = _plain(rest, profile, file, set_id)
    checked = {k: _field(fields[k], v, profile, file, card.id, data, card) for k, v in extra.items()}
    spec = profile.cards.types[card.type]
    for need in spec["fields"]:
        if need not in checked:
            raise CardDataError(f"missing (a {card.type} needs it)", file=file, card_id=card_id, field=need)
    for name, allowed in spec.get("values", {}).items():  # BOS: a tactic is never Attached
        if name in checked and checked[name] not in allowed:
            raise CardDataError(f"a {card.type} is one of {', '.join(allowed)}, got {checked[name]!r}", file=file,
                                card_id=card_id, field=name)
    for name in checked:  # a bonus to the card it is attached to (BOS equipment: +500 ATK) only where the type has it
        if fields[name].modifies and name not in (*spec["fields"], *spec.get("optional", ())):
            raise CardDataError(f"a {card.type} has no {name} (cards.types.{card.type}: fields, optional)",
                                file=file, card_id=card_id, field=name)
    effects = [k for k in checked if fields[k].kind == "effects"]
    if effects and checked[effects[0]]:  # the card's text is written from its effects (one source of truth)
        if card.text:
            raise CardDataError("the text of a card with effects is written from them: remove 'text'", file=file,
                                card_id=card_id, field="text")
        from .bos_effects import card_effects_text

        card = dataclasses.replace(card, text=card_effects_text(checked[effects[0]]))
    return dataclasses.replace(card, extra=checked)


def _plain(data: dict, profile, file, set_id) -> CardDef:
    card_id = data.get("id")
    if not isinstance(card_id, str) or not ID_PATTERN.match(card_id):
        raise CardDataError("expected an id of letters, digits, '-', '_' or '.'", file=file, field="id")

    def bad(field, message):
        return CardDataError(message, file=file, card_id=card_id, field=field)

    allowed = PLAIN_FIELDS + tuple(profile.cards.fields)
    for key in data:
        if key not in allowed:
            raise bad(str(key), f"unknown field; allowed fields are {', '.join(allowed)}")
    name = data.get("name")
    if not isinstance(name, str) or not name.strip() or name != name.strip():
        raise bad("name", "expected the card's name (no leading or trailing spaces)")
    types = profile.cards.types
    if data.get("type") not in types:
        raise bad("type", f"expected one of {', '.join(types)}, got {data.get('type')!r}")
    for key in ("rarity", "text"):
        if not isinstance(data.get(key, ""), str):
            raise bad(key, "expected a text")
    if not isinstance(data.get("token", False), bool):
        raise bad("token", "expected true or false")
    if "set" in data and set_id is not None:
        raise bad("set", "the set comes from the file's top-level 'set:'; remove this field")
    return CardDef(id=card_id, name=name, type=data["type"], colors=(), cost=0, rarity=data.get("rarity", ""),
                   set=data.get("set", set_id or ""), text=data.get("text", ""), token=data.get("token", False))


def _field(spec, value: Any, profile, file, card_id, front: dict, card: CardDef | None = None):
    def bad(message):
        return CardDataError(message, file=file, card_id=card_id, field=spec.name)

    if spec.kind == "level":  # one of the card's own levels (Super Unleash on the LV2 cost, STD 12-2-1-1-1)
        if not isinstance(value, int) or isinstance(value, bool) or card is None or not card.has_level(value):
            have = ", ".join(str(lv.number) for lv in card.levels) if card is not None else ""
            raise bad(f"expected one of the card's levels ({have or 'it has none'}), got {value!r}")
        return value
    if spec.kind == "int":
        if not isinstance(value, int) or isinstance(value, bool):
            raise bad(f"expected a whole number, got {value!r}")
        if spec.min is not None and value < spec.min or spec.max is not None and value > spec.max:
            raise bad(f"must be between {spec.min} and {spec.max}, got {value}")
        if spec.step and value % spec.step:
            raise bad(f"must be a multiple of {spec.step}, got {value}")
        return value
    if spec.kind == "text":
        if not isinstance(value, str):
            raise bad(f"expected a text, got {value!r}")
        return value
    if spec.kind == "effects":  # the card's effects (Battle of Souls' vocabulary), checked field by field
        from .bos_effects import read_effects

        return read_effects(value, file=file, card_id=card_id, name=spec.name)
    if spec.kind == "bool":
        if not isinstance(value, bool):
            raise bad("expected true or false")
        return value
    if spec.kind == "enum":
        if value not in spec.values:
            raise bad(f"expected one of {', '.join(spec.values)}, got {value!r}")
        return value
    # "face": the other side of a two-sided card, in the same record shape (its own fields only)
    if not isinstance(value, dict):
        raise bad("expected the other side's fields (name, type, ...)")
    for key in value:
        if key not in FACE_FIELDS:
            raise CardDataError(f"unknown field; a side has {', '.join(FACE_FIELDS)}", file=file, card_id=card_id,
                                field=f"{spec.name}.{key}")
    # a side without its own colours or cost keeps the front's
    side = {"id": f"{card_id}-B", "colors": front.get("colors"), "cost": front.get("cost"), **value}
    try:
        return card_from_dict(side, file=file, types=card_types(profile))
    except CardDataError as e:
        raise CardDataError(e.message, file=file, card_id=card_id,
                            field=f"{spec.name}.{e.field}" if e.field else spec.name) from None


def record_of(card: CardDef) -> dict:
    """`card_from_record`'s inverse: the record positions and game records embed for a card made in play."""
    if card.colors or card.levels or not card.extra:  # a Battle Spirits card (with its game's fields)
        out = card_to_dict(card)
        for k, v in card.extra.items():
            out[k] = {x: y for x, y in card_to_dict(v).items() if x != "id"} if isinstance(v, CardDef) else v
        return out
    from .bos_effects import Effect, effects_to_list

    extra = {k: effects_to_list(v) if isinstance(v, tuple) and v and isinstance(v[0], Effect) else v
             for k, v in card.extra.items()}
    out = {"id": card.id, "name": card.name, "type": card.type}
    if card.rarity:
        out["rarity"] = card.rarity
    if card.text and not any(isinstance(v, list) and v and isinstance(v[0], dict) for v in extra.values()):
        out["text"] = card.text  # (a card with effects has its text written from them)
    if card.token:
        out["token"] = True
    return {**out, **extra}


def card_token(card_id: str, name: str, kind: str, fields: dict) -> CardDef:
    """A token card made in play in a game whose cards are `plain` (a Battle of Souls fighter token): its name,
    type and fields. The engine makes it; a LAN guest rebuilds the same one from the event that announced it."""
    return CardDef(id=card_id, name=name.strip(), type=kind, colors=(), cost=0, token=True, extra=dict(fields))
