"""Positions: a mid-game state as hand-writable YAML/JSON (docs/position-format.md).

`game_from_position` builds a Game from a position; `position_from_game` writes
one back. Every problem is a PositionError naming the field
("players[1].field[0].cores").

A position names its game (`game: bos`; Battle Spirits Saga when left out). A game of another profile lists,
per player, each of its profile's zones by name (`fighter: [BOS1-001, {card: BOS1-030, down: true, on:
fighter[0]}]`), its trackers (`trackers: {sp: 7500}`) and zones of pieces (`pieces: {count: 2}`).
"""
from __future__ import annotations

from pathlib import Path

import yaml

from ..data_files import MB, DataFileError, load_yaml, read_text
from ..limits import MAX_COUNT, MAX_SEED, MAX_TURN, MAX_ZONE_CARDS
from .citations import cites_for
from .errors import PositionError
from .game import Game
from .rng import Rng
from .settings import Ruleset
from .state import Card, GameState, Player
from .stats import cores_on

FORMAT = "bss-position"
VERSION = 1
STEPS = ("start", "main", "attack")
# Two players' zones are a few KB; inline card definitions (`cards:`) about 1 KB a card, so even a position
# defining every card of two 60-card decks is ~150 KB: 4 MB is far beyond any real one.
MAX_POSITION_BYTES = 4 * MB
SOUL_PLACES = ("reserve", "trash", "life", "void", "field")
_TOP_KEYS = {"format", "version", "game", "turn", "turn_player", "first_player", "step", "seed", "settings", "cards",
             "players"}
_PLAYER_KEYS = {"name", "life", "reserve", "trash_cores", "soul_core", "hand", "deck", "trash", "field", "burst",
                "burst_set_this_turn"}
_FIELD_KEYS = {"card", "cores", "soul_core", "exhausted"}
# a card in a profile's zone (or its field); attacked, set_this_turn: the turn's marks (engine/table_turn.py)
_MARK_KEYS = {"card", "exhausted", "down", "turn", "counters", "on", "back", "attacked", "set_this_turn"}
_NATIVE_PIECES = ("life", "reserve", "trash_cores", "void")


def load_position_file(path, db, *, settings: Ruleset | None = None) -> Game:
    path = Path(path)
    try:
        data = load_yaml(read_text(path, limit=MAX_POSITION_BYTES, what="a position"), source=str(path))
    except DataFileError as e:  # too large or nested too deep: named like a syntax error
        raise PositionError("", e.detail, str(path)) from None
    except OSError as e:
        raise PositionError("", f"cannot be read: {e.strerror or e}", str(path)) from None
    except UnicodeDecodeError:
        raise PositionError("", "is not a text file (UTF-8)", str(path)) from None
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        line = f"line {mark.line + 1}: " if mark is not None else ""
        raise PositionError("", f"{line}not valid YAML/JSON: {getattr(e, 'problem', e)}", str(path)) from None
    try:
        return game_from_position(data, db, settings=settings)
    except PositionError as e:
        raise PositionError(e.field, e.message, str(path)) from None


def _req(d: dict, key: str, path: str, kind, *, default=None, required: bool = True, maximum: int | None = None):
    """Field `key` of `d`, of type `kind`. Numbers and lists are bounded by what a game can hold (`maximum`, by default
    limits.MAX_COUNT for a number of cores and MAX_ZONE_CARDS for a list of cards)."""
    if key not in d:
        if required:
            raise PositionError(f"{path}{key}", "missing")
        return default
    v = d[key]
    if kind is int and (not isinstance(v, int) or isinstance(v, bool)):
        raise PositionError(f"{path}{key}", f"expected a whole number, got {v!r}")
    if kind is bool and not isinstance(v, bool):
        raise PositionError(f"{path}{key}", f"expected true or false, got {v!r}")
    if kind is list and not isinstance(v, list):
        raise PositionError(f"{path}{key}", f"expected a list, got {v!r}")
    if kind is str and not isinstance(v, str):
        raise PositionError(f"{path}{key}", f"expected text, got {v!r}")
    if kind is int and v < 0:
        raise PositionError(f"{path}{key}", f"must not be negative, got {v}")
    if kind is int and v > (MAX_COUNT if maximum is None else maximum):
        raise PositionError(f"{path}{key}", f"must be at most {MAX_COUNT if maximum is None else maximum:,} (more than "
                                            f"a game holds), got {v:,}")
    if kind is list and len(v) > (MAX_ZONE_CARDS if maximum is None else maximum):
        raise PositionError(f"{path}{key}", f"lists {len(v):,} items; at most {MAX_ZONE_CARDS:,} (more than a game "
                                            "holds)")
    return v


def _unknown(d: dict, allowed: set, path: str) -> None:
    extra = sorted(set(d) - allowed, key=str)
    if extra:
        raise PositionError(f"{path}{extra[0]}", f"unknown field (allowed: {', '.join(sorted(allowed))})")


def game_from_position(data, db, *, settings: Ruleset | None = None, record_hashes: bool = True,
                       profile=None) -> Game:
    """`profile`: the game's profile to play it by (default: its `game:`'s; a game whose rules are apart from its sandbox plays
    game by `rules.with_rules(profile)`)."""
    if not isinstance(data, dict):
        raise PositionError("", "a position is a mapping of fields")
    _unknown(data, _TOP_KEYS, "")
    if data.get("format", FORMAT) != FORMAT:
        raise PositionError("format", f"must be {FORMAT!r}")
    if data.get("version", VERSION) != VERSION:
        raise PositionError("version", f"this app reads version {VERSION}")
    profile = profile if profile is not None and profile.id == _profile(data).id else _profile(data)
    cite = cites_for(profile)  # topic -> the rule of this game a refusal names
    table_game = profile.id != "bss"
    turn = _req(data, "turn", "", int, maximum=MAX_TURN)
    if turn < 1:
        raise PositionError("turn", "turns are numbered from 1")
    turn_player = _req(data, "turn_player", "", int)
    if turn_player not in (0, 1):
        raise PositionError("turn_player", "must be 0 or 1")
    # player one moves on odd turns (the players alternate: cite["steps"])
    first_player = _req(data, "first_player", "", int, default=turn_player if turn % 2 else 1 - turn_player,
                         required=False)
    if first_player not in (0, 1) or (first_player == turn_player) != (turn % 2 == 1):
        raise PositionError("first_player", f"must be 0 or 1, and player one takes the odd turns (turn {turn} "
                                            f"is player {turn_player}'s)")
    step = _req(data, "step", "", str, default="", required=False)
    table_step = ""
    stages = STEPS
    own_steps = _own_steps(profile)
    if own_steps:  # a rules module with steps of its own (Battle of Souls): those where a player decides
        step = step or own_steps[0]
        stages = own_steps
    elif table_game and profile.rules is not None:  # a rules module's steps: those where a player decides
        if step == "second_main" and "second_main" in profile.steps:
            stages = ("start", "main", "attack", "second_main")
        else:
            stages = STEPS
    elif table_game:  # another game's own steps (its profile's `steps`); none given: its first step
        if step in profile.steps:
            table_step = step
        elif step not in ("", "main"):  # ("main": saved before these games had steps, read as the first step)
            raise PositionError("step", f"must be one of {', '.join(profile.steps)} ({profile.name}), got {step!r}")
        step = "main"
    step = step or "main"
    if step not in stages:
        raise PositionError("step", f"must be one of {', '.join(stages)}"
                                    + (f" ({profile.name})" if table_game else "") + f", got {step!r}")
    if step in ("attack", "battle") and turn == 1:
        raise PositionError("step", f"player one's first turn has no attack step ({cite['first_attack']})")
    seed = _req(data, "seed", "", int, default=0, required=False, maximum=MAX_SEED)
    if "settings" in data:
        try:
            settings = Ruleset.from_dict(data["settings"])
        except ValueError as e:
            raise PositionError("settings", str(e)) from None

    inline = []  # cards defined in the position itself, added to a copy of the database
    cards_db = db
    for i, cd in enumerate(_req(data, "cards", "", list, default=[], required=False)):
        from ..carddb.errors import CardDataError
        from ..carddb.schema import card_from_dict

        from ..carddb.game_cards import card_from_record

        try:
            card = card_from_dict(cd, file=None) if not table_game else card_from_record(cd, profile)
        except CardDataError as e:
            raise PositionError(f"cards[{i}].{e.field or ''}".rstrip("."), str(e)) from None
        if cards_db is db:
            cards_db = db.copy()
        try:
            cards_db.add(card)
        except ValueError as e:
            raise PositionError(f"cards[{i}].id", str(e)) from None
        inline.append(card)

    players_data = _req(data, "players", "", list)
    if len(players_data) != 2:
        raise PositionError("players", f"a position has exactly two players ({cite['players']})")
    cards: dict[int, Card] = {}
    players = [Player(), Player()]
    cores_in_play = 0
    next_iid = [0]

    def new_card(cid, owner, zone, path) -> int:
        if not isinstance(cid, str) or cid not in cards_db:
            raise PositionError(path, f"unknown card id {cid!r}")
        next_iid[0] += 1
        cards[next_iid[0]] = Card(next_iid[0], cid, owner, zone)
        return next_iid[0]

    for p, pd in enumerate(players_data):
        pre = f"players[{p}]."
        if not isinstance(pd, dict):
            raise PositionError(f"players[{p}]", "expected a mapping")
        extra_keys = set(_table_zones(profile)) | {"trackers", "pieces", "deck_out"} if table_game else set()
        _unknown(pd, _PLAYER_KEYS | extra_keys, pre)
        player = players[p]
        player.life = _req(pd, "life", pre, int, default=0, required=not table_game)
        player.reserve = _req(pd, "reserve", pre, int, default=0, required=False)
        player.trash_cores = _req(pd, "trash_cores", pre, int, default=0, required=False)
        cores_in_play += player.life + player.reserve + player.trash_cores
        player.mulligan = False
        # the deck is listed top first; internally the top is the end of the list
        for zone in ("hand", "deck", "trash"):
            ids = _req(pd, zone, pre, list, default=[], required=zone != "trash" and zone != "hand")
            iids = [new_card(cid, p, zone, f"{pre}{zone}[{i}]") for i, cid in enumerate(ids)]
            setattr(player, zone, iids[::-1] if zone == "deck" else iids)
        soul = _req(pd, "soul_core", pre, str, default="reserve", required=False)
        places = SOUL_PLACES + (tuple(z.name for z in profile.piece_zones() if z.name not in _NATIVE_PIECES)
                                if table_game else ())  # a profile's own zone of pieces (Eternal's Count)
        if table_game and "soul_core" not in profile.pieces:
            soul = None
        elif soul not in places:
            raise PositionError(f"{pre}soul_core", f"must be one of {', '.join(places)}, got {soul!r}")
        soul_cards = []
        for i, fd in enumerate(_req(pd, "field", pre, list, default=[], required=False)):
            fpre = f"{pre}field[{i}]."
            if isinstance(fd, str):
                fd = {"card": fd}
            if not isinstance(fd, dict):
                raise PositionError(f"{pre}field[{i}]", "expected a card id or a mapping with 'card'")
            _unknown(fd, _FIELD_KEYS | _MARK_KEYS if table_game else _FIELD_KEYS, fpre)  # marks: table_game's
            iid = new_card(_req(fd, "card", fpre, str), p, "field", f"{fpre}card")
            d = cards_db[cards[iid].cid]
            if d.type == "magic":
                raise PositionError(f"{fpre}card", f"{d.name} is a magic card; only spirits and nexuses are on the field ({cite['field']})")
            brave = table_game and "on" in fd and _combines(profile, d) is not None  # its cores sit on its spirit
            cards[iid].cores = _req(fd, "cores", fpre, int, default=0 if brave else d.lv1_cores, required=False)
            cards[iid].exhausted = _req(fd, "exhausted", fpre, bool, default=False, required=False)
            cores_in_play += cards[iid].cores
            if _req(fd, "soul_core", fpre, bool, default=False, required=False):
                soul_cards.append((iid, fpre))
            player.field.append(iid)
        if soul == "field":
            if len(soul_cards) != 1:
                raise PositionError(f"{pre}soul_core", "is 'field', so exactly one field card needs 'soul_core: true' "
                                                       f"(found {len(soul_cards)}); each player has one soul core ({cite['soul_core']})")
            player.soul = soul_cards[0][0]
        elif soul is None and not soul_cards:
            player.soul = None  # a game without a soul core
        else:
            if soul_cards:
                raise PositionError(f"{soul_cards[0][1]}soul_core",
                                    f"the soul core is in the {soul}, so no field card can hold it ({cite['soul_core']})")
            player.soul = soul
        burst = pd.get("burst")
        if burst is not None:
            iid = new_card(burst, p, "burst", f"{pre}burst")
            if not cards_db[burst].burst:
                raise PositionError(f"{pre}burst", f"{cards_db[burst].name} has no burst effect ({cite['burst_card']})")
            player.burst = iid
        if _req(pd, "burst_set_this_turn", pre, bool, default=False, required=False):
            player.burst_set_turn = turn

    state = GameState(cards=cards, players=players, rng=Rng(seed), first_player=first_player, turn=turn,
                      turn_player=turn_player, stage=step,
                      cores_in_play=cores_in_play)
    if table_game:
        state.table = _read_table(profile, players_data, cards, cards_db, new_card, state)
        if profile.rules is None:  # (a rules module's step is its stage's)
            state.table.step = table_step or state.table.first_step(profile, turn)
        elif own_steps:
            state.table.step = step
    game = Game(cards_db, state, settings, start={"position": data}, record_hashes=False, profile=profile)
    game.inline_cards = inline
    game.names = [_req(pd, "name", f"players[{p}].", str, default=None, required=False)
                  for p, pd in enumerate(players_data)]
    for p, player in enumerate(players):  # a field card below LV1 is not a legal position (cite["level_zero"])
        for i, iid in enumerate(player.field):
            need = cards_db[cards[iid].cid].lv1_cores
            combined = table_game and state.table.marks.get(iid) is not None and state.table.marks[iid].on is not None \
                and _combines(profile, cards_db[cards[iid].cid]) is not None  # ETR §Brave: its cores are its spirit's
            if cores_on(state, iid) < need and not combined:
                raise PositionError(f"players[{p}].field[{i}].cores",
                                    f"{cards_db[cards[iid].cid].name} needs at least {need} core(s) for LV1 ({cite['level_zero']})")
    game._check_winner()
    game._run()
    game.record_hashes = record_hashes
    if record_hashes:
        game.hashes.append(state.hash())
    return game


def position_from_game(game: Game) -> dict:
    """The current position, for saving. Only between actions of the main or attack step (no battle in progress)."""
    st = game.state
    if st.stage not in ("main", "attack", "second_main") or st.battle is not None or st.result is not None:
        raise PositionError("step", f"a position can be saved in a main or attack step, not at {st.stage!r}")
    out = {"format": FORMAT, "version": VERSION, "turn": st.turn, "turn_player": st.turn_player,
           "first_player": st.first_player, "step": st.step if st.table is not None else st.stage,
           "seed": st.rng.state,
           "settings": game.settings.to_dict(), "players": []}
    if game.profile.id != "bss":
        out = {"format": FORMAT, "version": VERSION, "game": game.profile.id, **{k: v for k, v in out.items()
                                                                              if k not in ("format", "version")}}
    if game.inline_cards:
        from ..carddb.game_cards import record_of

        out["cards"] = [record_of(c) for c in game.inline_cards]
    for p, player in enumerate(st.players):
        soul = player.soul if isinstance(player.soul, str) else "field"
        pd = {"name": game.names[p]} if game.names[p] is not None else {}
        pd.update({
            "life": player.life, "reserve": player.reserve, "trash_cores": player.trash_cores, "soul_core": soul,
            "hand": [st.cards[i].cid for i in player.hand],
            "deck": [st.cards[i].cid for i in reversed(player.deck)],
            "trash": [st.cards[i].cid for i in player.trash],
            "field": [],
            "burst": st.cards[player.burst].cid if player.burst is not None else None,
            "burst_set_this_turn": player.burst_set_turn == st.turn,
        })
        for iid in player.field:
            c = st.cards[iid]
            entry = {"card": c.cid, "cores": c.cores, "exhausted": c.exhausted}
            if player.soul == iid:
                entry["soul_core"] = True
            if st.table is not None:
                entry.update(_marks_out(st, iid, p))
            pd["field"].append(entry)
        if game.profile.id != "bss":
            _write_table(game, p, pd)
        out["players"].append(pd)
    return out


# ------------------------------------------------------------------ a game of another profile


def _own_steps(profile) -> tuple:
    """The steps a position of `profile`'s game may stand at, where its rules module has steps of its own."""
    if profile.rules is None:
        return ()
    from ..rules import game_class

    return getattr(game_class(profile), "POSITION_STEPS", ())


def _profile(data: dict):
    from ..table.profiles import get_profile
    from ..table.schema import ProfileError

    name = data.get("game", "bss")
    if not isinstance(name, str):
        raise PositionError("game", f"expected a game's name such as bss or bos, got {name!r}")
    try:
        return get_profile(name)
    except ProfileError as e:
        raise PositionError("game", e.message) from None


def _table_zones(profile) -> list[str]:
    from ..table.state import NATIVE_CARD_ZONES

    return [z.name for z in profile.card_zones() if z.name not in NATIVE_CARD_ZONES]


def _read_table(profile, players_data, cards, db, new_card, state):
    """The profile's zones, trackers, pieces and card marks of a position (players[p].<zone>, ...)."""
    from ..table.state import Table

    table = Table.for_profile(profile)
    attach = []  # (iid, reference, path): resolved once every zone is read
    for p, pd in enumerate(players_data):
        pre = f"players[{p}]."
        for zone in _table_zones(profile):
            for i, entry in enumerate(_req(pd, zone, pre, list, default=[], required=False)):
                path = f"{pre}{zone}[{i}]"
                iid = _marked_card(entry, path, table, p, zone, new_card, cards, profile, attach)
                table.areas[p][zone].append(iid)
        for i, entry in enumerate(pd.get("field", []) or []):  # field cards' marks (a heavy-exhausted spirit)
            if isinstance(entry, dict) and set(entry) & (_MARK_KEYS - _FIELD_KEYS):
                iid = state.players[p].field[i]
                if _marks_in(entry, f"{pre}field[{i}].", table, iid, profile, attach, p):
                    cards[iid].exhausted = True
        trackers = pd.get("trackers", {})
        if not isinstance(trackers, dict):
            raise PositionError(f"{pre}trackers", "expected a mapping such as {sp: 8000}")
        for name, value in trackers.items():
            if name not in profile.trackers:
                raise PositionError(f"{pre}trackers.{name}", f"{profile.name} has no tracker {name!r}")
            if not isinstance(value, int) or isinstance(value, bool) or abs(value) > 10**9:
                raise PositionError(f"{pre}trackers.{name}", f"expected a whole number, got {value!r}")
            table.trackers[p][name] = value
        pieces = pd.get("pieces", {})
        if not isinstance(pieces, dict):
            raise PositionError(f"{pre}pieces", "expected a mapping such as {count: 2}")
        for name, value in pieces.items():
            if name not in table.pieces[p]:
                raise PositionError(f"{pre}pieces.{name}", f"{profile.name} has no zone of pieces {name!r} here")
            table.pieces[p][name] = _req(pieces, name, f"{pre}pieces.", int)
            state.cores_in_play += value
        table.deck_out[p] = _req(pd, "deck_out", pre, bool, default=False, required=False)
        if table.deck_out[p] and not (profile.turn_rules.get("deck_out") or None):
            raise PositionError(f"{pre}deck_out", f"{profile.name} has no deck-out loss (turn_rules.deck_out)")
    for iid, ref, path, p in attach:
        host = _find(ref, path, table, state, p)
        _check_combine(profile, db, cards, table, iid, host, path)
        table.mark(iid).on = host
    return table


def _combines(profile, card_def) -> dict | None:
    """The `combines` rule of a card's type (Eternal's Brave, ETR §Brave), or None (engine/table_cards.py)."""
    spec = profile.cards.types.get(card_def.type)
    return spec.get("combines") if spec else None


def _check_combine(profile, db, cards, table, iid: int, host: int, path: str) -> None:
    """A field card whose type combines (a Brave) sits on one of its owner's field cards of `combines.with`, not on
    itself, and on a card no other Brave sits on: what ManualAttach allows (engine/table_cards.py _combine)."""
    d = db[cards[iid].cid]
    spec = _combines(profile, d)
    if spec is None or cards[iid].zone != "field":
        return
    rule = spec.get("rule") or f"{profile.id} profile: cards.types.{d.type}.combines"
    kinds, h = ", ".join(spec["with"]), cards[host]
    if host == iid:
        raise PositionError(path, f"{d.name} cannot combine with itself ({rule})")
    if h.zone != "field" or h.owner != cards[iid].owner:
        raise PositionError(path, f"{d.name} combines with a {kinds} on its owner's field ({rule})")
    if db[h.cid].type not in spec["with"]:
        raise PositionError(path, f"{d.name} combines with a {kinds}, not a {db[h.cid].type} ({rule})")
    if any(m.on == host and _combines(profile, db[cards[i].cid]) is not None for i, m in table.marks.items()):
        raise PositionError(path, f"{db[h.cid].name} already carries a {d.type}: no Brave can be combined onto an "
                                  f"already combined spirit ({rule})")


def _marked_card(entry, path, table, p, zone, new_card, cards, profile, attach) -> int:
    if isinstance(entry, str):
        entry = {"card": entry}
    if not isinstance(entry, dict):
        raise PositionError(path, "expected a card id or a mapping with 'card'")
    _unknown(entry, _MARK_KEYS, f"{path}.")
    iid = new_card(_req(entry, "card", f"{path}.", str), p, zone, f"{path}.card")
    z = profile.zones[zone]
    if z.face == "down" and "down" not in entry:
        entry = {**entry, "down": True}  # a zone of face-down cards: face down unless the position says up
    if entry.get("down") is True and (z.face == "up" or z.visibility != "public"):
        raise PositionError(f"{path}.down", f"cards in the {z.label} are not face down")
    turned = _marks_in(entry, f"{path}.", table, iid, profile, attach, p)
    cards[iid].exhausted = _req(entry, "exhausted", f"{path}.", bool, default=False, required=False) or turned
    return iid


def _marks_in(entry: dict, pre: str, table, iid: int, profile, attach: list, p: int) -> bool:
    """Read a card's marks; True if its `turn` is one that counts as exhausted (not upright)."""
    if _req(entry, "down", pre, bool, default=False, required=False):
        table.mark(iid).down = True
    if _req(entry, "back", pre, bool, default=False, required=False):
        table.mark(iid).back = True
    for turn_mark in ("attacked", "set_this_turn"):  # the turn's marks (profile turn_rules, engine/table_turn.py)
        if _req(entry, turn_mark, pre, bool, default=False, required=False):
            setattr(table.mark(iid), turn_mark, True)
    turn = _req(entry, "turn", pre, str, default=None, required=False)
    if turn is not None:
        o = profile.orientations.get(turn)
        if o is None:
            raise PositionError(f"{pre}turn", f"{profile.name} has no orientation {turn!r} "
                                              f"({', '.join(profile.orientations)})")
        if o.angle not in (0, 90):
            table.mark(iid).turn = turn
        if o.angle != 0 and entry.get("exhausted") is False:
            raise PositionError(f"{pre}exhausted", f"a card turned {o.label.lower()} counts as exhausted ({cites_for(profile)['turned']}; "
                                                   f"leave 'exhausted' out or make it true)")
        turned = o.angle != 0
    else:
        turned = False
    counters = entry.get("counters", {})
    if not isinstance(counters, dict):
        raise PositionError(f"{pre}counters", "expected a mapping such as {kill: 2}")
    for key, n in counters.items():
        kind = str(key).split(":", 1)[0]
        if kind not in profile.card_counters:
            raise PositionError(f"{pre}counters.{key}", f"{profile.name} has no counter {kind!r}")
        top = profile.card_counters[kind].max
        low = -top if profile.card_counters[kind].stat else 1  # a stat modifier is signed (ATK -3 x 100), never 0
        if not isinstance(n, int) or isinstance(n, bool) or not low <= n <= top or n == 0:
            raise PositionError(f"{pre}counters.{key}", f"expected {low} to {top}" + (" other than 0" if low < 0
                                                                                      else "") + f", got {n!r}")
        table.mark(iid).counters[str(key)] = n
    if "on" in entry:
        attach.append((iid, entry["on"], f"{pre}on", p))
    return turned


def _find(ref, path: str, table, state, p: int) -> int:
    """`fighter[0]` (your own zone) or `opponent.fighter[0]`: the card an attached card sits on."""
    import re

    m = re.fullmatch(r"(opponent\.)?([a-z_]+)\[(\d+)\]", ref) if isinstance(ref, str) else None
    if m is None:
        raise PositionError(path, f"expected a card such as fighter[0] or opponent.fighter[0], got {ref!r}")
    owner = 1 - p if m.group(1) else p
    zone, i = m.group(2), int(m.group(3))
    ids = table.areas[owner].get(zone, state.players[owner].field if zone == "field" else None)
    if ids is None or i >= len(ids):
        raise PositionError(path, f"there is no card {ref!r}")
    return ids[i]


def _marks_out(st, iid: int, p: int) -> dict:
    m = st.table.marks.get(iid)
    if m is None:
        return {}
    out = m.to_dict()
    if m.on is not None:
        host = st.cards[m.on]
        ids = st.table.areas[host.owner].get(host.zone) if host.zone != "field" else st.players[host.owner].field
        out["on"] = ("" if host.owner == p else "opponent.") + f"{host.zone}[{ids.index(m.on)}]"
    return out


def _write_table(game, p: int, pd: dict) -> None:
    st, zones = game.state, game.profile.zones
    for key, zone in (("soul_core", None), ("life", "life"), ("reserve", "reserve"), ("trash_cores", "trash_cores"),
                      ("trash", "trash"), ("field", "field"), ("burst", "burst"), ("burst_set_this_turn", "burst")):
        if (zone is None and "soul_core" not in game.profile.pieces) or (zone is not None and zone not in zones):
            pd.pop(key, None)  # what the game does not have
    if st.table is None:
        return
    for zone, ids in st.table.areas[p].items():
        pd[zone] = []
        for iid in ids:
            c = st.cards[iid]
            entry = {"card": c.cid, **_marks_out(st, iid, p)}
            if c.exhausted:
                entry["exhausted"] = True
            pd[zone].append(entry if len(entry) > 1 else c.cid)
    if st.table.trackers[p]:
        pd["trackers"] = dict(st.table.trackers[p])
    if st.table.pieces[p]:
        pd["pieces"] = dict(st.table.pieces[p])
    if st.table.deck_out[p]:
        pd["deck_out"] = True


def save_position(game: Game, path) -> None:
    Path(path).write_text(yaml.safe_dump(position_from_game(game), sort_keys=False, allow_unicode=True))
