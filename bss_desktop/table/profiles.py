"""Finding, merging and checking the game profiles (no Qt).

    from bss_desktop.table import get_profile, all_profiles
    get_profile("bos").zones["fighter"].capacity     # 5
    [p.id for p in all_profiles()]                   # ['bss', 'standard', 'eternal', 'bos', ...]

The shipped profiles are `profiles/*.yaml` (resources.profiles_dir()); a player's own go in their profiles folder
(`bss-desktop --paths`). A profile may `extends:` another: mappings merge key by key, a list replaces the
parent's, and `null` removes what the parent set (`zones: {burst: null}`). The merged result is checked against
`profile.PROFILE` and then its cross-references (a zone named anywhere must exist, and so on). A player's
profile that fails is skipped with its error in `profile_problems()`; the app still starts.
"""
from __future__ import annotations

from pathlib import Path

import yaml

from ..data_files import KB, DataFileError, load_yaml, read_text
from .profile import PROFILE, Profile, build
from .schema import ProfileError, show
from .topics import TOPICS

from ..rules import MODULES as KNOWN_RULES  # the rules modules the app has (a profile's `rules:`, or null: a sandbox)
MAX_FILE_BYTES = 256 * KB  # the shipped profiles are 2-4 KB: a profile of 60 times their size is no profile
MAX_DEPTH = 8  # extends chains
RESERVED_AREAS = ("use",)  # the board's Use area (drop a magic card to use it), not a zone of cards
# Names the engine keeps for itself: a magic card resolving, a token that left the game (CR 10-8-7, 4-12-3).
RESERVED_ZONES = ("resolving", "removed", "token", *RESERVED_AREAS)


def read_file(path: Path) -> dict:
    """The mapping a profile file holds, or a ProfileError naming the file and line."""
    name = str(path)
    try:
        text = read_text(path, limit=MAX_FILE_BYTES, what="a profile")
    except DataFileError as e:
        raise ProfileError(e.detail, file=name) from None
    except OSError as e:
        raise ProfileError(f"cannot be read: {e.strerror or e}", file=name) from None
    except UnicodeDecodeError:
        raise ProfileError("is not UTF-8 text", file=name) from None
    return parse_text(text, name)


class _Loader(yaml.SafeLoader):
    """YAML that refuses a key written twice in one mapping (the second would silently win)."""

    def construct_mapping(self, node, deep=False):
        seen = set()
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=True)
            if key in seen:
                raise yaml.constructor.ConstructorError(None, None, f"{key!r} twice in one mapping",
                                                        key_node.start_mark)
            seen.add(key)
        return super().construct_mapping(node, deep)


def parse_text(text: str, name: str = "<profile>") -> dict:
    try:
        data = load_yaml(text, source=name, loader=_Loader)  # a SafeLoader that refuses repeated keys
    except DataFileError as e:  # nested too deep: named like a syntax error
        raise ProfileError(e.detail, file=name) from None
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        where = f"line {mark.line + 1}: " if mark is not None else ""
        raise ProfileError(f"{where}not valid YAML ({getattr(e, 'problem', None) or e})", file=name) from None
    if not isinstance(data, dict):
        raise ProfileError(f"expected a mapping of profile fields, got {show(data)}", file=name)
    return data


def merge(parent: dict, child: dict) -> dict:
    """`child` over `parent`: mappings merge, lists and values replace, null removes."""
    out = dict(parent)
    for key, value in child.items():
        if value is None:
            out.pop(key, None)
        elif isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = merge(out[key], value)
        else:
            out[key] = value
    return out


def resolve(raw: dict[str, tuple[dict, str]]) -> tuple[dict[str, Profile], dict[str, ProfileError]]:
    """Every profile of `raw` (id -> (mapping, file)) merged with its parents and checked."""
    done: dict[str, Profile] = {}
    failed: dict[str, ProfileError] = {}

    def merged(pid: str, chain: tuple[str, ...]) -> tuple[dict, tuple[str, ...], str]:
        data, file = raw[pid]
        parent = data.get("extends")
        if parent is None:
            return data, (), file
        if not isinstance(parent, str) or parent not in raw:
            known = ", ".join(sorted(raw))
            raise ProfileError(f"extends {show(parent)}, which is not a profile (there are: {known})",
                               file=file, field="extends")
        if parent in chain or len(chain) >= MAX_DEPTH:
            raise ProfileError(f"extends itself through {' -> '.join((*chain, parent))}", file=file, field="extends")
        base, ancestors, _ = merged(parent, (*chain, parent))
        child = {k: v for k, v in data.items() if k != "extends"}
        return merge(base, child), (parent, *ancestors), file

    for pid in raw:
        try:
            data, ancestors, file = merged(pid, (pid,))
            done[pid] = check(data, file, ancestors)
        except ProfileError as e:
            if e.file is None:
                e.file = raw[pid][1]
            failed[pid] = e
    return done, failed


def check(data: dict, file: str, ancestors: tuple[str, ...] = ()) -> Profile:
    """The profile from a merged mapping: its shape (table.profile.PROFILE), then its cross-references."""
    try:
        clean = PROFILE.check({k: v for k, v in data.items() if k != "extends"}, "")
        _cross_check(clean)
    except ProfileError as e:
        e.file = file
        raise
    return build(clean, file, ancestors)


def _cross_check(p: dict) -> None:
    def bad(field: str, message: str):
        raise ProfileError(message, field=field)

    zones = p["zones"]
    card_zones = {z for z, v in zones.items() if v["holds"] == "cards"}
    piece_zones = {z for z, v in zones.items() if v["holds"] == "pieces"}
    for topic in p["cites"]:
        if topic not in TOPICS:
            bad(f"cites.{topic}", f"{topic!r} is not a topic the app cites a rule for (there are: {', '.join(TOPICS)})")
    if p["rules"] is not None and p["rules"] not in KNOWN_RULES:
        bad("rules", f"no rules module is called {p['rules']!r} (there are: {', '.join(KNOWN_RULES)}); "
                     "write null for a sandbox-only game")
    for need in ("deck", "hand"):
        if need not in card_zones:
            bad("zones", f"every game needs a {need!r} zone of cards")
    for name, z in zones.items():
        if name in RESERVED_ZONES:
            bad(f"zones.{name}", f"{name!r} is a name the app keeps for itself ({', '.join(RESERVED_ZONES)})")
        for i, host in enumerate(z["attach_to"]):
            if host not in card_zones:
                bad(f"zones.{name}.attach_to[{i}]", f"{host!r} is not a zone of cards")
        if z["holds"] == "pieces" and z["display"] != "box":
            bad(f"zones.{name}.display", "a zone of pieces is drawn as a box (display: box)")
        if z["dies_with_host"] is not None:
            if not z["attach_to"]:
                bad(f"zones.{name}.dies_with_host", "only cards that attach (attach_to) can go with their host")
            if z["dies_with_host"] not in card_zones:
                bad(f"zones.{name}.dies_with_host", f"{z['dies_with_host']!r} is not a zone of cards")
        if z["owner"] == "shared" and z["holds"] == "cards":
            bad(f"zones.{name}.owner", "a shared zone holds pieces (the void); each player has their own zones of cards")
    for i, cap in enumerate(p["group_caps"]):
        for j, z in enumerate(cap["zones"]):
            if z not in card_zones:
                bad(f"group_caps[{i}].zones[{j}]", f"{z!r} is not a zone of cards")
    for name, piece in p["pieces"].items():
        if piece["supply"] is not None and piece["supply"] not in piece_zones:
            bad(f"pieces.{name}.supply", f"{piece['supply']!r} is not a zone of pieces")
        for i, z in enumerate(piece["barred"]):
            if z not in zones:
                bad(f"pieces.{name}.barred[{i}]", f"{z!r} is not a zone")
    if p["pieces"] and not piece_zones:
        bad("pieces", "pieces need at least one zone of pieces (holds: pieces) to sit in")
    for zone, counts in p["setup"]["pieces"].items():
        if zone not in piece_zones:
            bad(f"setup.pieces.{zone}", f"{zone!r} is not a zone of pieces")
        for piece, n in counts.items():
            if piece not in p["pieces"]:
                bad(f"setup.pieces.{zone}.{piece}", f"{piece!r} is not a piece")
            if p["pieces"][piece]["unique"] and n > 1:
                bad(f"setup.pieces.{zone}.{piece}", f"{piece!r} is unique: a player has at most one")
            if zone in p["pieces"][piece]["barred"] and n:
                bad(f"setup.pieces.{zone}.{piece}", f"{piece!r} may not be in {zone!r}")
    token_zone = p["tokens"]["zone"]
    if token_zone is not None and token_zone not in card_zones:
        bad("tokens.zone", f"{token_zone!r} is not a zone of cards")
    for i, step in enumerate(p["first_turn_skip"]):
        if step not in p["steps"]:
            bad(f"first_turn_skip[{i}]", f"{step!r} is not one of the steps ({', '.join(p['steps'])})")
    defaults = [o for o, v in p["orientations"].items() if v["default"]]
    if len(defaults) != 1:
        bad("orientations", f"exactly one orientation is the default (default: true); found {len(defaults)}")
    angles = [v["angle"] for v in p["orientations"].values()]
    if len(set(angles)) != len(angles):
        bad("orientations", "two orientations have the same angle")
    for name, t in p["trackers"].items():
        lo, hi = t["lose_at"], t["win_at"]
        if lo is not None and hi is not None and lo >= hi:
            bad(f"trackers.{name}", f"lose_at {lo} must be below win_at {hi}")
        if t["min"] is not None and t["start"] < t["min"]:
            bad(f"trackers.{name}.start", f"starts at {t['start']}, below its min {t['min']}")
    cards = p["cards"]
    for t, spec in cards["types"].items():
        for i, f in enumerate(spec["fields"]):
            if f not in cards["fields"]:
                bad(f"cards.types.{t}.fields[{i}]", f"{f!r} is not one of cards.fields")
        for i, f in enumerate(spec["optional"]):
            if f not in cards["fields"] or f in spec["fields"]:
                bad(f"cards.types.{t}.optional[{i}]", f"{f!r} is not one of cards.fields, or is already in fields")
        combines = spec["combines"]
        for i, host in enumerate(combines["with"] if combines else ()):
            if host not in cards["types"]:
                bad(f"cards.types.{t}.combines.with[{i}]", f"{host!r} is not a card type")
        if combines and combines["bp"] is not None and cards["fields"].get(combines["bp"], {}).get("kind") != "int":
            bad(f"cards.types.{t}.combines.bp", f"{combines['bp']!r} is not a number field of cards.fields")
    if cards["void_cores"] is not None and cards["void_cores"]["field"] not in cards["fields"]:
        bad("cards.void_cores.field", f"{cards['void_cores']['field']!r} is not one of cards.fields")
    contract = p["setup"]["contract"]
    if contract is not None and cards["fields"].get(contract["field"], {}).get("kind") != "bool":
        bad("setup.contract.field", f"{contract['field']!r} is not a bool field of cards.fields")
    from .turn_rules import check as check_turn_rules, check_type_values

    check_type_values(cards, bad)
    for name, f in cards["fields"].items():
        if (f["kind"] == "enum") != bool(f["values"]):
            bad(f"cards.fields.{name}.values", "an enum field lists its values, and only an enum field does")
        target = cards["fields"].get(f["modifies"]) if f["modifies"] else None
        if f["modifies"] and (f["kind"] != "int" or target is None or target["kind"] != "int"):
            bad(f"cards.fields.{name}.modifies", "an int field modifies another int field of cards.fields")
    for name, k in p["card_counters"].items():  # a stat modifier (BOS: ATK -500): a signed count of an int field
        f = cards["fields"].get(k["stat"]) if k["stat"] else None
        if k["stat"] and (f is None or f["kind"] != "int" or k["free_label"]):
            bad(f"card_counters.{name}.stat", f"{k['stat']!r} is not an int field of cards.fields (nor has a "
                                              f"stat modifier a free label)")
    rules = p["deck_rules"]
    if rules["max"] is not None and rules["max"] < rules["min"]:
        bad("deck_rules.max", f"{rules['max']} is below the minimum {rules['min']}")
    if rules["side"] is not None and rules["side"]["max"] < rules["side"]["min"]:
        bad("deck_rules.side.max", "is below side.min")
    if rules["side"] is not None and rules["side"]["zone"] not in card_zones:
        bad("deck_rules.side.zone", f"{rules['side']['zone']!r} is not a zone of cards")
    if rules["copies_by"] == "name_id" and "name_id" not in cards["fields"]:
        bad("deck_rules.copies_by", "name_id needs a card field called name_id (cards.fields)")
    for i, g in enumerate(rules["group_limits"]):
        f = cards["fields"].get(g["field"])
        if f is None:
            bad(f"deck_rules.group_limits[{i}].field", f"{g['field']!r} is not one of cards.fields")
        if f["kind"] == "enum" and g["value"] not in f["values"]:
            bad(f"deck_rules.group_limits[{i}].value", f"{g['value']!r} is not one of {', '.join(f['values'])}")
        if f["kind"] == "bool" and g["value"] not in ("true", "false"):
            bad(f"deck_rules.group_limits[{i}].value", f"{g['value']!r}: a true/false field's value is true or false")
    eligible = p["setup"]["mulligan"]["eligible"]
    if eligible is not None:
        f = cards["fields"].get(eligible["field"])
        if f is None:
            bad("setup.mulligan.eligible.field", f"{eligible['field']!r} is not one of cards.fields")
        elif f["kind"] == "enum" and eligible["value"] not in f["values"]:
            bad("setup.mulligan.eligible.value", f"{eligible['value']!r} is not one of {', '.join(f['values'])}")
    _check_opponent_moves(p, card_zones, piece_zones, bad)
    check_turn_rules(p, card_zones, bad)
    _check_layout(p["layout"], zones, p["trackers"], bad)


def _check_opponent_moves(p: dict, card_zones: set, piece_zones: set, bad) -> None:
    """opponent_moves names only what the profile has: its trackers and their ops, counters, orientations, public
    zones of cards (a seat never moves the other's hidden cards, design ruling 12) and places of pieces."""
    om = p["opponent_moves"]
    for name, ops in om["trackers"].items():
        t = p["trackers"].get(name)
        if t is None:
            bad(f"opponent_moves.trackers.{name}", f"{name!r} is not one of the trackers")
        for i, op in enumerate(ops):
            if op not in t["ops"]:
                bad(f"opponent_moves.trackers.{name}[{i}]", f"{op!r} is not one of {name}'s ops ({', '.join(t['ops'])})")
    for key, known, what in (("counters", p["card_counters"], "card_counters"),
                             ("turn", p["orientations"], "orientations")):
        for i, name in enumerate(om[key]):
            if name not in known:
                bad(f"opponent_moves.{key}[{i}]", f"{name!r} is not one of the {what}")
    public = {z for z in card_zones if p["zones"][z]["visibility"] == "public"}
    for i, (src, dst) in enumerate(om["cards"]):
        if src not in public:
            bad(f"opponent_moves.cards[{i}][0]", f"{src!r} is not a public zone of cards (a seat never moves the "
                                                 f"other's hidden cards)")
        if dst not in card_zones:
            bad(f"opponent_moves.cards[{i}][1]", f"{dst!r} is not a zone of cards")
    places = {("trash" if z == "trash_cores" else z) for z in piece_zones} | {"card"}
    for i, pair in enumerate(om["cores"]):
        for j, place in enumerate(pair):
            if place not in places:
                bad(f"opponent_moves.cores[{i}][{j}]", f"{place!r} is not a place of pieces ({', '.join(sorted(places))})")


def _check_layout(layout: dict, zones: dict, trackers: dict, bad) -> None:
    placed: dict[str, str] = {}
    for column in ("left", "centre", "right"):
        for r, row in enumerate(layout[column]["rows"]):
            for i, z in enumerate(row):
                where = f"layout.{column}.rows[{r}][{i}]"
                if (z not in zones or zones[z]["owner"] != "player") and z not in trackers:
                    bad(where, f"{z!r} is not a zone each player has, nor a tracker")
                if z in placed:
                    bad(where, f"{z!r} is already placed at {placed[z]}")
                placed[z] = where
    for column, z in layout["shared"].items():
        if z is None or z in RESERVED_AREAS:
            continue
        if z not in zones or zones[z]["owner"] != "shared":
            bad(f"layout.shared.{column}", f"{z!r} is not a shared zone")
        placed[z] = f"layout.shared.{column}"
    for name, z in zones.items():
        if name not in placed and not z["out_of_game"]:
            bad(f"zones.{name}", "is not placed on the table (layout) and is not out of the game (out_of_game: true)")
    for name in trackers:
        if name not in placed:
            bad(f"trackers.{name}", "is not placed on the table (a row of layout names it)")


# ------------------------------------------------------------------ the registry

_cache: dict[tuple, tuple[dict[str, Profile], dict[str, ProfileError]]] = {}


def profile_folders() -> list[Path]:
    """Where profiles are read from: the shipped ones, then the player's own."""
    from .. import paths, resources

    return [resources.profiles_dir(), paths.profiles_dir()]


def load_folders(folders: list[Path]) -> tuple[dict[str, Profile], dict[str, ProfileError]]:
    """Every profile in `folders` (a later folder may not replace an earlier profile's id)."""
    raw: dict[str, tuple[dict, str]] = {}
    failed: dict[str, ProfileError] = {}
    for folder in folders:
        if not folder.is_dir():
            continue
        for path in sorted(folder.glob("*.yaml"))[:100]:
            try:
                data = read_file(path)
            except ProfileError as e:
                failed[path.stem] = e
                continue
            pid = data.get("id")
            if not isinstance(pid, str):
                failed[path.stem] = ProfileError("has no id (id: short-name)", file=str(path), field="id")
            elif pid in raw:
                failed[f"{pid}@{path}"] = ProfileError(f"uses the id {pid!r} of {raw[pid][1]}", file=str(path),
                                                       field="id")
            else:
                raw[pid] = (data, str(path))
    done, bad = resolve(raw)
    return done, {**failed, **bad}


_folders: dict = {}  # BSS_DESKTOP_HOME -> the folders it gives (a game setup asks for a profile: kept cheap)


def _loaded() -> tuple[dict[str, Profile], dict[str, ProfileError]]:
    import os

    home = os.environ.get("BSS_DESKTOP_HOME")
    folders = _folders.get(home)
    if folders is None:
        folders = _folders[home] = tuple(profile_folders())
    if folders not in _cache:
        _cache.clear()
        _cache[folders] = load_folders(list(folders))
    return _cache[folders]


def all_profiles() -> list[Profile]:
    """Every game this app can put on the table: the shipped ones in their order, then the player's."""
    done, _ = _loaded()
    order = {"bss": 0, "standard": 1, "eternal": 2, "bos": 3}
    return sorted(done.values(), key=lambda p: (order.get(p.id, 9), p.id))


def profile_problems() -> dict[str, ProfileError]:
    """The profiles that could not be read, by id (or file name), with why."""
    return dict(_loaded()[1])


def get_profile(pid: str = "bss") -> Profile:
    done, failed = _loaded()
    if pid in done:
        return done[pid]
    if pid in failed:
        raise failed[pid]
    raise ProfileError(f"no game is called {pid!r}; the games are {', '.join(sorted(done))}", field="game")


def check_file(path) -> Profile:
    """Check one profile file, its `extends:` read from the known profiles (`bss-desktop profiles --check`)."""
    data = read_file(Path(path))
    pid = data.get("id")
    raw: dict[str, tuple[dict, str]] = {}
    for folder in profile_folders():
        for other in sorted(folder.glob("*.yaml")) if folder.is_dir() else ():
            if other.resolve() == Path(path).resolve():
                continue
            try:
                d = read_file(other)
            except ProfileError:
                continue
            if isinstance(d.get("id"), str):
                raw.setdefault(d["id"], (d, str(other)))
    if not isinstance(pid, str):
        raise ProfileError("has no id (id: short-name)", file=str(path), field="id")
    raw[pid] = (data, str(path))
    done, failed = resolve(raw)
    if pid in failed:
        raise failed[pid]
    return done[pid]


def forget() -> None:
    """Read the folders again on the next call (after a profile was added or edited)."""
    _cache.clear()
    _folders.clear()


# games whose rules mode is a module apart from their sandbox: the profile says `rules: null`, so the sandbox (on one
# machine and over the LAN) plays it by hand on the shared table, with the table's manual moves and turn helpers;
# its rules mode (against the computer, hot-seat, a LAN game with the sandbox box unticked, simulate, arena, bench)
# plays `with_rules(profile)`, the same game by its own module. Battle of Souls is not a Battle Spirits game: its
# module (rules/bos/) is built on the shared Game alone, and its sandbox stays the table's
RULES_APART = {"bos": "bos"}
_ruled: dict = {}


def with_rules(profile):
    """`profile`, or for a game whose rules are a module apart (RULES_APART) the same game played by that module:
    one object per game (profiles are compared by identity)."""
    module = RULES_APART.get(profile.id) if profile.rules is None else None
    if module is None:
        return profile
    hit = _ruled.get(profile.id)
    if hit is None or hit[0] is not profile:
        import dataclasses

        hit = _ruled[profile.id] = (profile, dataclasses.replace(profile, rules=module))
    return hit[1]
