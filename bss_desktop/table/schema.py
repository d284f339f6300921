"""A small declarative checker for hand-written data (profiles): every error names the file and the field.

A schema is built from the specs below and applied to what YAML read:

    Map({"capacity": Opt(Int(minimum=1)), "label": Str()}).check(data, "zones.fighter")

`Map` refuses unknown keys (suggesting the nearest allowed one) and fills defaults; `Dict` is a mapping of
names to one spec; `List`, `Enum`, `Int`, `Num`, `Bool`, `Str`, `Name` and `Opt` (null allowed) cover the rest.
Cross-references (a zone named in another field must exist) are checked after the shape, by the profile loader.
"""
from __future__ import annotations

import difflib
import re
from typing import Any

NAME = re.compile(r"[a-z][a-z0-9_]*\Z")  # ids of zones, pieces, trackers...: lower case, digits and _


class ProfileError(Exception):
    """A profile file is malformed: `str()` reads ``profiles/bos.yaml: field 'zones.fighter.capacity': ...``."""

    def __init__(self, message: str, *, file: str | None = None, field: str | None = None) -> None:
        super().__init__(message)
        self.message, self.file, self.field = message, file, field

    def __str__(self) -> str:
        parts = [p for p in (self.file, f"field {self.field!r}" if self.field else None) if p]
        return ": ".join([*parts, self.message])


def show(value: Any) -> str:
    """How a bad value is quoted in an error message."""
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, (list, tuple)):
        return "a list"
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def fail(path: str, message: str):
    raise ProfileError(message, field=path or None)


class Spec:
    default: Any = None
    required = False

    def check(self, value: Any, path: str) -> Any:  # pragma: no cover - every spec overrides it
        raise NotImplementedError


class Str(Spec):
    def __init__(self, default: str | None = None, *, required: bool = False, max_len: int = 500):
        self.default, self.required, self.max_len = default, required, max_len

    def check(self, value, path):
        if not isinstance(value, str):
            fail(path, f"expected a text, got {show(value)}")
        if len(value) > self.max_len:
            fail(path, f"is {len(value)} characters long; at most {self.max_len}")
        return value


class Name(Str):
    """An id other fields refer to: lower case letters, digits and '_'."""

    def check(self, value, path):
        value = super().check(value, path)
        if not NAME.match(value):
            fail(path, f"expected a name of lower-case letters, digits and '_', got {show(value)}")
        return value


class Int(Spec):
    def __init__(self, default: int | None = None, *, minimum: int | None = None, maximum: int | None = None,
                 required: bool = False):
        self.default, self.minimum, self.maximum, self.required = default, minimum, maximum, required

    def check(self, value, path):
        if not isinstance(value, int) or isinstance(value, bool):  # `capacity: true` is a typo, not 1
            fail(path, f"expected a whole number, got {show(value)}")
        if self.minimum is not None and value < self.minimum:
            fail(path, f"must be at least {self.minimum}, got {value}")
        if self.maximum is not None and value > self.maximum:
            fail(path, f"must be at most {self.maximum}, got {value}")
        return value


class Num(Spec):
    """A number (whole or not) in [minimum, maximum]."""

    def __init__(self, default: float | None = None, *, minimum: float, maximum: float):
        self.default, self.minimum, self.maximum = default, minimum, maximum

    def check(self, value, path):
        if not isinstance(value, (int, float)) or isinstance(value, bool):
            fail(path, f"expected a number, got {show(value)}")
        if not self.minimum <= value <= self.maximum:
            fail(path, f"must be between {self.minimum} and {self.maximum}, got {value}")
        return float(value)


class Bool(Spec):
    def __init__(self, default: bool = False):
        self.default = default

    def check(self, value, path):
        if not isinstance(value, bool):
            fail(path, f"expected true or false, got {show(value)}")
        return value


class Enum(Spec):
    def __init__(self, *values: str, default: str | None = None, required: bool = False):
        self.values, self.default, self.required = values, default, required

    def check(self, value, path):
        if value not in self.values:
            fail(path, f"expected one of {', '.join(map(str, self.values))}, got {show(value)}")
        return value


class Opt(Spec):
    """`spec`, or null (written `null` or `~`)."""

    def __init__(self, spec: Spec, default: Any = None):
        self.spec, self.default = spec, default

    def check(self, value, path):
        return None if value is None else self.spec.check(value, path)


class List(Spec):
    def __init__(self, item: Spec, *, default: Any = (), min_len: int = 0, max_len: int = 200, unique: bool = False,
                 required: bool = False):
        self.item, self.default, self.min_len, self.max_len, self.unique = item, default, min_len, max_len, unique
        self.required = required

    def check(self, value, path):
        if not isinstance(value, list):
            fail(path, f"expected a list, got {show(value)}")
        if not self.min_len <= len(value) <= self.max_len:
            fail(path, f"has {len(value)} entries; expected {self.min_len} to {self.max_len}")
        out = tuple(self.item.check(v, f"{path}[{i}]") for i, v in enumerate(value))
        if self.unique:
            seen = set()
            for i, v in enumerate(out):
                if v in seen:
                    fail(f"{path}[{i}]", f"{show(v)} is listed twice")
                seen.add(v)
        return out


class Dict(Spec):
    """A mapping of names (checked with `Name`) to values of one spec, in the file's order."""

    def __init__(self, value: Spec, *, default: Any = None, max_len: int = 100, key: Spec | None = None):
        self.value, self.max_len, self.key = value, max_len, key or Name()
        self.default = {} if default is None else default

    def check(self, value, path):
        if not isinstance(value, dict):
            fail(path, f"expected a mapping, got {show(value)}")
        if len(value) > self.max_len:
            fail(path, f"has {len(value)} entries; at most {self.max_len}")
        out = {}
        for k, v in value.items():
            self.key.check(k, f"{path}.{k}" if path else str(k))
            out[k] = self.value.check(v, f"{path}.{k}" if path else k)
        return out


class Map(Spec):
    """A mapping with known fields: unknown ones are refused, missing ones take their spec's default."""

    def __init__(self, fields: dict[str, Spec], *, default: Any = None, required: bool = False):
        self.fields, self.required = fields, required
        self.default = default

    def check(self, value, path):
        if not isinstance(value, dict):
            fail(path, f"expected a mapping, got {show(value)}")
        for key in value:
            if key not in self.fields:
                hint = difflib.get_close_matches(str(key), list(self.fields), n=1)
                extra = f" (did you mean {hint[0]!r}?)" if hint else ""
                fail(f"{path}.{key}" if path else str(key),
                     f"unknown field{extra}; allowed fields are {', '.join(self.fields)}")
        out = {}
        for key, spec in self.fields.items():
            where = f"{path}.{key}" if path else key
            if key in value:
                out[key] = spec.check(value[key], where)
            elif spec.required:
                fail(where, "missing")
            else:
                out[key] = spec.check(spec.default, where) if isinstance(spec, Map) and spec.default == {} \
                    else spec.default
        return out
