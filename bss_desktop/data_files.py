"""Reading a file or text that a player, a peer or a card definition supplies: bounded in size and in depth (no Qt).

Every such reader goes through here::

    text = read_text(path, limit=MAX_POSITION_BYTES, what="a position")  # refused before it is read whole
    data = load_json(text, source=str(path))                             # or load_yaml(text, source=...)

A problem found here is a `DataFileError` naming the file, the line where there is one, and what is wrong
("is 20 MB; a deck list is at most 1 MB", "line 3: nested more than 64 levels deep (the limit)"). Each reader
turns it into its own error (PositionError, ProfileError, DeckListError, ...) the way it reports a syntax error.
A file that can't be opened or is not UTF-8 raises OSError / UnicodeDecodeError, as `Path.read_text` does.

Why depth: the json module and PyYAML's composer recurse once per level of nesting, so a small file nested
thousands of levels deep stops them, or the code that walks the data afterwards, with a RecursionError naming
nothing. The depth is measured *before* anything recurses: JSON by a scan of its text for brackets outside
strings; YAML (block or flow style) by a loader that counts the collections it opens as the parser hands it
events, so a file nested 50,000 deep is refused at its 65th level. A RecursionError that still gets out is turned
into the same error, as a last line of defence. (Network frames are JSON too: protocol/messages.py bounds a
message's depth after parsing it, framing.py catches what the parser refuses.)
"""
from __future__ import annotations

import functools
import json
import os
import re
from pathlib import Path

import yaml
from yaml.composer import Composer
from yaml.events import (AliasEvent, MappingEndEvent, MappingStartEvent, ScalarEvent, SequenceEndEvent,
                         SequenceStartEvent)

# Levels of objects and lists (the outermost is level 1). The deepest shipped file, a card with a composed effect,
# has 11 (tests/test_bad_files_nested.py measures them); the network allows 32 in a message. 64 leaves room for
# any hand-written file and keeps the parsers' recursion far from Python's limit of 1,000 frames.
MAX_DEPTH = 64

KB, MB = 1000, 1000 * 1000  # as a player's file manager counts them


class DataFileError(ValueError):
    """A file or text refused for its size, its nesting or what its aliases expand to. `file` names it (None for
    text with no file, e.g. the clipboard), `line` is 1-based (None when the problem is the whole file)."""

    def __init__(self, problem: str, file: str | None = None, line: int | None = None):
        self.problem, self.file, self.line = problem, file, line
        super().__init__(problem)

    @property
    def detail(self) -> str:
        """What is wrong, with its line but without the file: "line 3: nested more than 64 levels deep (the limit)"."""
        return f"line {self.line}: {self.problem}" if self.line is not None else self.problem

    def __str__(self) -> str:
        return f"{self.file}: {self.detail}" if self.file else self.detail


def size_text(n: int) -> str:
    """A size as a player reads it: 512 bytes, 180 KB, 1 MB, 20.5 MB."""
    if n < KB:
        return f"{n} bytes"
    if n < MB:
        return f"{n / KB:.0f} KB"
    return f"{n / MB:.1f}".removesuffix(".0") + " MB"


def too_big(size: int | None, limit: int, what: str, file: str | None = None) -> DataFileError:
    """"is 20 MB; a deck list is at most 1 MB" (size None: more than the limit, found by reading up to it)."""
    shown, most = size_text(size or 0), size_text(limit)
    if size is None:
        shown = f"more than {most}"
    elif shown == most:  # just over: rounded, the two would read the same
        shown, most = f"{size:,} bytes", f"{limit:,} bytes"
    return DataFileError(f"is {shown}; {what} is at most {most}", file)


# ---------------------------------------------------------------- size


def read_bytes(path, *, limit: int, what: str) -> bytes:
    """The file's bytes, refused (DataFileError) when it holds more than `limit`: its size is checked before
    anything is read, and no more than `limit` + 1 bytes are read (a file growing meanwhile, or a device)."""
    path = Path(path)
    with open(path, "rb") as f:
        size = os.fstat(f.fileno()).st_size
        if size > limit:
            raise too_big(size, limit, what, str(path))
        data = f.read(limit + 1)
    if len(data) > limit:
        raise too_big(None, limit, what, str(path))
    return data


def read_text(path, *, limit: int, what: str, encoding: str = "utf-8") -> str:
    """The file as text (line ends made "\\n", as `Path.read_text` does), refused when larger than `limit` bytes."""
    text = read_bytes(path, limit=limit, what=what).decode(encoding)
    return text.replace("\r\n", "\n").replace("\r", "\n") if "\r" in text else text


def check_text_size(text: str, *, limit: int, what: str, source: str | None = None) -> None:
    """Refuse text (pasted, or already in memory) of more than `limit` bytes as UTF-8."""
    if len(text) > limit or len(text) * 4 > limit:  # only then can its UTF-8 form be larger than the limit
        size = len(text.encode("utf-8", "surrogatepass"))
        if size > limit:
            raise too_big(size, limit, what, source)


# ---------------------------------------------------------------- depth


def too_deep(limit: int, file: str | None = None, line: int | None = None) -> DataFileError:
    return DataFileError(f"nested more than {limit} levels deep (the limit)", file, line)


# Escapes first (a backslash and the character after it; outside a string the parser stops at the backslash), then
# strings: from a quote to the next one on its line. A string never closed on its line (the parser stops there:
# JSON strings hold no line break) runs to the line's end. Every quote matches at its first try: linear.
_ESCAPE = re.compile(r"\\.")
_JSON_STRING = re.compile(r'"[^"\n]*(?:"|$)', re.MULTILINE)
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")
_PARENS = str.maketrans("[]{}", "()()")
_BRACKET = re.compile(r"[\[\]{}]")


def json_depth_line(text: str, limit: int) -> int | None:
    """The line on which JSON `text` opens its (`limit` + 1)th level, or None when it stays within `limit`.

    Linear, and no recursion: strings are taken out (they may hold brackets, never a line break), then only the
    brackets matter. Most texts are settled by peeling off innermost "()" pairs (C speed, `limit` passes at most);
    only a text that may be too deep is walked bracket by bracket to find the line."""
    if text.count("[") + text.count("{") <= limit:  # too few to nest that deep, even counting those in strings
        return None
    bare = _JSON_STRING.sub("", _ESCAPE.sub("", text))
    brackets = _NOT_BRACKETS.sub("", bare).translate(_PARENS)
    if brackets.count("(") <= limit:
        return None
    peeled, height = brackets, 0
    while "()" in peeled and height < limit:
        peeled, height = peeled.replace("()", ""), height + 1
    if "()" not in peeled and height + peeled.count("(") <= limit:  # open brackets nest at most this deep
        return None
    depth = 0
    for m in _BRACKET.finditer(bare):
        depth += 1 if m[0] in "[{" else -1
        if depth > limit:
            return bare.count("\n", 0, m.start()) + 1
    return None


def load_json(text: str, *, source: str | None = None, max_depth: int = MAX_DEPTH, **kwargs):
    """json.loads, with text nested deeper than `max_depth` refused first (DataFileError naming `source` and the
    line). A syntax error is json.JSONDecodeError, as ever."""
    line = json_depth_line(text, max_depth)
    if line is not None:
        raise too_deep(max_depth, source, line)
    try:
        return json.loads(text, **kwargs)
    except RecursionError:  # a last line of defence: the check above should leave nothing this deep
        raise too_deep(max_depth, source) from None


def load_json_file(path, *, limit: int, what: str, encoding: str = "utf-8", max_depth: int = MAX_DEPTH):
    """`load_json` of the file at `path` as read by `read_text` (at most `limit` bytes)."""
    return load_json(read_text(path, limit=limit, what=what, encoding=encoding), source=str(path),
                     max_depth=max_depth)


_OPENS = (SequenceStartEvent, MappingStartEvent)
_CLOSES = (SequenceEndEvent, MappingEndEvent)


class _Nesting:
    """A PyYAML loader's counts, taken from the events its composer consumes (one `get_event` each): the
    collections open (their depth), and the values the document stands for once every alias is followed (an
    alias is the whole anchored value again, which the code that walks the data sees in full). Refused before
    the composer recurses past `max_depth` or follows aliases past `max_values`."""

    max_depth = MAX_DEPTH
    max_values = 0  # 0: set from the text's length when the loader is made

    def check_event(self, *choices):
        try:
            return super().check_event(*choices)
        except yaml.MarkedYAMLError as e:
            self._libyaml_depth(e)
            raise

    def peek_event(self):
        try:
            return super().peek_event()
        except yaml.MarkedYAMLError as e:
            self._libyaml_depth(e)
            raise

    def get_event(self):
        try:
            event = super().get_event()
        except yaml.MarkedYAMLError as e:
            self._libyaml_depth(e)
            raise
        kind = type(event)
        if kind in _OPENS:
            self._open(event)
        elif kind in _CLOSES:
            self._close()
        elif kind is AliasEvent:
            self._alias(event)
        elif kind is ScalarEvent:
            self._values += 1
            if event.anchor is not None:
                self._anchors[event.anchor] = (0, 1)
        return event

    def _libyaml_depth(self, e: yaml.MarkedYAMLError) -> None:
        """libyaml's scanner refuses flow collections nested 1,000 deep before handing over their first event:
        the same refusal as ours."""
        if "maximum nesting depth" in str(e.problem):
            raise too_deep(self.max_depth, line=e.problem_mark.line + 1 if e.problem_mark else None) from None

    def _start_counting(self) -> None:
        self._stack: list[list] = []  # per open collection: [anchor, its depth, the depth reached, values before]
        self._anchors: dict[str, tuple[int, int]] = {}  # anchor -> (height, values) of what it names
        self._values = 0

    def _open(self, event) -> None:
        depth = len(self._stack) + 1
        if depth > self.max_depth:
            raise too_deep(self.max_depth, line=event.start_mark.line + 1)
        self._stack.append([event.anchor, depth, depth, self._values])
        self._values += 1

    def _close(self) -> None:
        anchor, depth, reached, values_before = self._stack.pop()
        if anchor is not None:
            self._anchors[anchor] = (reached - depth + 1, self._values - values_before)
        if self._stack:
            self._stack[-1][2] = max(self._stack[-1][2], reached)

    def _alias(self, event) -> None:
        line = event.start_mark.line + 1
        if any(open_anchor == event.anchor for open_anchor, *_ in self._stack):
            raise DataFileError(f"the alias *{event.anchor} is inside its own anchor: nested without end", line=line)
        height, values = self._anchors.get(event.anchor, (0, 1))  # an unknown alias: the composer says so
        depth = len(self._stack) + height
        if depth > self.max_depth:
            raise too_deep(self.max_depth, line=line)
        if self._stack:
            self._stack[-1][2] = max(self._stack[-1][2], depth)
        self._values += values
        if self._values > self.max_values:
            raise DataFileError(f"its aliases (*{event.anchor}) stand for more than {self.max_values:,} values "
                                f"(the limit)", line=line)


def _counting_init(base):
    def __init__(self, stream):
        base.__init__(self, stream)
        if not issubclass(base, Composer):  # libyaml's parser under Python's composer: the composer's state too
            Composer.__init__(self)
        self._start_counting()
        if not self.max_values:
            # An alias-free document holds at most one value per byte or two; aliases may repeat what they name
            # up to this many values in all (a "billion laughs" file stands for ~10^9).
            self.max_values = max(100_000, 4 * len(stream) if isinstance(stream, (str, bytes)) else 0)
    return __init__


@functools.cache
def depth_limited(loader: type) -> type:
    """`loader` (a PyYAML loader class) counting depth and aliases as above. A libyaml loader (yaml.CSafeLoader)
    keeps libyaml's scanner and parser and gets Python's composer, the part that recurses: loading a 2.5 MB set
    file then takes ~5 % longer (building the values takes most of the time either way)."""
    bases = (_Nesting, loader) if issubclass(loader, Composer) else (_Nesting, Composer, loader)
    return type(f"DepthLimited{loader.__name__}", bases, {"__init__": _counting_init(loader)})


def load_yaml(text: str, *, source: str | None = None, loader: type = yaml.SafeLoader, max_depth: int = MAX_DEPTH):
    """The one document of `text` read by `loader` (yaml.safe_load's by default), with nesting beyond `max_depth` or
    aliases standing for too much refused as a DataFileError naming `source` and the line. A syntax error is a
    yaml.YAMLError, as ever."""
    reader = depth_limited(loader)(text)
    reader.max_depth = max_depth
    try:
        return reader.get_single_data()
    except DataFileError as e:
        e.file = e.file or source
        raise
    except RecursionError:  # a last line of defence: the counts above stop the composer long before
        raise too_deep(max_depth, source) from None
    finally:
        reader.dispose()
