"""The `bss-desktop` command: the app by default, plus headless tools.

    bss-desktop                                   start the app
    bss-desktop --paths                           where your settings, cards, decks, games and logs live
    bss-desktop --screenshot FILE [--position FILE] [--window game|deck-builder|sandbox] [--game GAME]
    bss-desktop simulate [--game GAME] --games N --seed S [--decks A,B] [--policy P[,P]] [--json]
    bss-desktop arena [--game GAME] --a LEVEL --b LEVEL --games N --seed S [--decks A,B] [--jobs J] [--json]
    bss-desktop arena --ladder [--levels L,L,...] [--anchor LEVEL] --games N ... Elo of every level, 95 % intervals
    bss-desktop tune-eval --games N --seed S --out FILE.json   the evaluation's weights fitted on self-play games
    bss-desktop replay FILE [--verify]
    bss-desktop bench engine [--game GAME] [--games N] [--runs R]
    bss-desktop bench client [--runs R]
    bss-desktop bench net [--runs R] [--games N]
    bss-desktop host --port P [--headless] [--policy random|easy|normal|hard] [--seed S] [--deck NAME] [--bind ADDR]
    bss-desktop join HOST:PORT [--headless] [--policy random|easy] [--seed S] [--deck NAME]
    bss-desktop import-cards PATH [--dest DIR] [--images DIR] [--explain ID]
    bss-desktop cards coverage [--json]
    bss-desktop tokens                            the tokens your imported cards summon by name, with their stats
    bss-desktop tokens set NAME --colors C[,C] --bp N [--cores N] [--families F[,F]] [--symbols S[,S]]
    bss-desktop profiles [--check FILE] [--json]

A file or deck given on the command line that can't be used (missing, not JSON/YAML, the wrong shape, an unknown
card) is answered with one line on stderr naming it and the problem, and exit status 2. So is a `--game` that is
not a game with a rules module (simulate, arena and bench engine play bss, the default, or standard), and a deck of
another game or one that breaks the chosen game's deck rules.
"""
from __future__ import annotations

import argparse
import json
import sys

from .command_line import BadInput, game_cards, game_profile, is_saga, load_deck_pairs, player_db, shipped_game_decks
from .command_line import one_line as _one_line
from .command_line import read_problem as _read_problem


def _ruled_game(args):
    """The game `--game` names, if a rules module plays it (else BadInput); None for Battle Spirits Saga, the
    default, whose commands run exactly as before there was a choice."""
    profile = game_profile(args.game)
    return None if is_saga(profile) else profile


def cmd_simulate(args) -> int:
    from .sim.simulate import simulate

    profile = _ruled_game(args)
    db = game_cards(profile)
    names = [n.strip() for n in args.policy.split(",")]
    if len(names) == 1:
        names *= 2
    from .ai import OPPONENTS

    if len(names) != 2 or any(n not in ("random", *OPPONENTS) for n in names):
        raise BadInput(f"--policy takes one player or two separated by a comma, each random or one of "
                       f"{', '.join(OPPONENTS)}: not {args.policy!r}")
    summary = simulate(db, load_deck_pairs(db, args.decks, profile), args.games, args.seed, check=not args.no_check,
                       policies=tuple(names), profile=profile)
    if args.json:
        print(json.dumps(summary.to_dict()))
    else:
        print(summary.line())
        for v in summary.violations:
            print(f"VIOLATION: {v}")
    if summary.violations:
        v = summary.violations[0]
        print(f"failing game: seed {v.seed}, command index {v.command}", file=sys.stderr)
        return 1
    return 0


def cmd_arena(args) -> int:
    """Two computer levels play seat-swapped game pairs; the last line is A's win rate with its 95 % interval.
    With --ladder, every pair of --levels plays and an Elo table says how strong each is (cmd_ladder)."""
    from .ai.arena import arena, deck_pairs

    if args.ladder:
        if args.a or args.b:
            raise BadInput("--ladder plays every pair of --levels: leave out --a and --b")
        from .ai.ladder import parse_levels, pick_anchor

        try:  # before any deck is read: a wrong level fails at once
            levels = parse_levels(args.levels)
            anchor = pick_anchor(levels, args.anchor)
        except ValueError as e:
            raise BadInput(str(e)) from None
    elif args.levels is not None or args.anchor is not None:
        raise BadInput("--levels and --anchor go with --ladder")
    elif not (args.a and args.b):
        raise BadInput("arena: give the two levels, --a LEVEL --b LEVEL (or --ladder)")
    profile = _ruled_game(args)
    if args.games < 1:
        raise BadInput("--games must be at least 1")
    if args.jobs < 1:
        raise BadInput("--jobs must be at least 1")
    db = game_cards(profile)
    if args.decks:
        pairs = load_deck_pairs(db, args.decks, profile)
    elif profile is not None:  # another game: every pairing of its shipped decks
        pairs = deck_pairs([(n, d.cards) for n, d in sorted(shipped_game_decks(db, profile).items())])
    else:
        pairs = _saga_pairs(db)

    def progress(r):
        if not args.json and args.progress:
            print(f"  {r.games} games: {r.level_a} {r.score:g} points" + (f" against {r.level_b}" if args.ladder
                                                                          else ""), file=sys.stderr, flush=True)

    if args.ladder:
        return cmd_ladder(args, levels, anchor, db, pairs, profile, progress)
    result = arena(db, args.a, args.b, args.games, args.seed, pairs, jobs=args.jobs, progress=progress,
                   profile=profile)
    if args.json:
        print(json.dumps(result.to_dict()))
    else:
        d = result.to_dict()
        print(f"{args.a} against {args.b}: {d['wins']} won, {d['draws']} drawn, {d['losses']} lost; "
              f"mean {d['mean_turns']} turns; {d['seconds']} s; {args.b} thinks median {d['b_think_median_s']} s")
        print("by deck of " + args.a + ": " + ", ".join(f"{k} {v}" for k, v in d["by_deck"].items()))
        print(result.line())
    return 1 if any(o.illegal for o in result.outcomes) else 0


def cmd_ladder(args, levels, anchor, db, pairs, profile, progress) -> int:
    """`arena --ladder`: every pair of levels plays; an Elo table with 95 % intervals, then each pair's result."""
    from .ai.ladder import ladder

    result = ladder(db, levels, args.games, args.seed, pairs, anchor=anchor, jobs=args.jobs, progress=progress,
                    profile=profile)
    print(json.dumps(result.to_dict()) if args.json else "\n".join(result.lines()))
    return 1 if any(o.illegal for m in result.matches for o in m.outcomes) else 0
def _saga_pairs(db) -> list:
    """Every pairing of the shipped Saga decks (the arena's and tune-eval's default)."""
    from .ai.arena import deck_pairs
    from .carddb.player_db import MY_PREFIX, player_decks

    decks, _ = player_decks(db)
    return deck_pairs([(n, d.cards) for n, d in sorted(decks.items()) if n.endswith("-saga")
                       and not n.startswith(MY_PREFIX)])


def cmd_tune_eval(args) -> int:
    """Self-play games, the evaluation's weights fitted on their results (ai/tune.py), written to --out as JSON;
    the held-out log-loss and accuracy of the hand-written and the fitted weights are printed."""
    import os

    from .ai import tune

    if args.games < 1:
        raise BadInput("--games must be at least 1")
    out = args.out
    folder = os.path.dirname(os.path.abspath(out)) if out else ""
    if not out or os.path.isdir(out) or not os.path.isdir(folder):
        raise BadInput(f"--out {out!r}: not a file path in an existing folder")
    if not os.access(folder, os.W_OK) or (os.path.exists(out) and not os.access(out, os.W_OK)):
        raise BadInput(f"--out {out!r}: not writable")  # said before the games, not after them
    db = player_db()

    def progress(k, n):
        if args.progress:
            print(f"  {k} games: {n} positions", file=sys.stderr, flush=True)

    positions = tune.self_play(db, _saga_pairs(db), args.games, args.seed, progress=progress)
    try:
        result = tune.fit(positions)
    except ValueError as e:
        raise BadInput(f"tune-eval: {e}") from None
    try:
        with open(out, "w", encoding="utf-8") as fh:
            json.dump(tune.to_json(result, args.games, args.seed), fh, indent=1)
    except OSError as e:
        raise BadInput(f"--out {out!r}: cannot write it ({e.strerror or e})") from None
    r = result.report
    held = f"{r['held_out']} held out" if r["held_out"] else "none held out: the figures are on the training games"
    print(f"{args.games} games, {r['positions']} positions ({held}); threat {result.threat}")
    for name, what in (("hand", "hand-written"), ("fitted", "fitted")):
        print(f"{what} weights: held-out log-loss {r[name]['log_loss']:.4f}, accuracy {r[name]['accuracy']:.3f}")
    print(f"weights written to {out}")
    return 0


def cmd_replay(args) -> int:
    """Exit 2 if the file is not a game record this app can read (BadInput), 1 if it is one but does not replay
    (a command the rules refuse, a state hash that differs with --verify)."""
    from .engine.commands import CommandFormatError, command_from_dict
    from .engine.errors import RecordError
    from .engine.record import load_record, replay, start_game

    def named(message) -> str:
        message = str(message)
        return message if message.startswith(str(args.file)) else f"{args.file}: {message}"

    db = player_db()
    try:
        rec = load_record(args.file)
        start_game(rec, db)  # decks, cards, settings and position: a bad start is a bad file
        for i, cd in enumerate(rec["commands"]):
            try:
                command_from_dict(cd)
            except CommandFormatError as e:
                raise RecordError(f"command {i + 1}: {e}") from None
    except RecordError as e:
        raise BadInput(named(e)) from None
    except (OSError, UnicodeDecodeError) as e:
        raise BadInput(_read_problem(args.file, e)) from None
    except (KeyError, TypeError, AttributeError, IndexError, ValueError) as e:  # a shape the checks missed
        raise BadInput(named(f"not a game record this app can read ({type(e).__name__}: {e})")) from None
    try:
        game = replay(rec, db, verify=args.verify)
    except RecordError as e:
        print(_one_line(named(e)), file=sys.stderr)
        return 1
    result = game.result
    outcome = "in progress" if result is None else (
        "draw" if result.winner is None else f"player {result.winner + 1} won ({result.reason})")
    checked = f", {len(rec['commands'])} hashes verified" if args.verify and rec.get("hashes") else ""
    print(f"{len(rec['commands'])} commands replayed{checked}; {outcome}; final hash: {game.state_hash()}")
    return 0


def cmd_bench(args) -> int:
    from .bench import engine as bench_engine

    if args.what == "engine":
        return bench_engine.main(games=args.games, runs=args.runs, decks=args.decks, as_json=args.json,
                                 profile=_ruled_game(args))
    if args.game != "bss":
        raise BadInput(f"bench {args.what}: --game is for bench engine (the {args.what} benchmark plays Battle "
                       f"Spirits Saga)")
    if args.what == "client":
        from .bench import client as bench_client

        return bench_client.main(runs=args.runs, as_json=args.json)
    if args.what == "net":
        from .bench import net as bench_net

        return bench_net.main(runs=args.runs, games=min(args.games, 50), as_json=args.json)
    raise SystemExit(f"unknown benchmark {args.what!r}")


def _lan_deck(db, name: str | None, default: str):
    """A deck for LAN play: a shipped deck name, one of the player's "my-<name>" decks or a deck file."""
    (deck_name, cards), = [pair[0] for pair in load_deck_pairs(db, f"{name or default},{name or default}")]
    return deck_name, list(cards)


def cmd_host(args) -> int:
    import asyncio

    from .net.headless import ResumeError, host_game, restore_host

    if not args.headless:
        from .app.main import run

        if args.resume:  # checked here, so that a damaged file is one line and exit 2, as headless, not a window
            try:
                restore_host(args.resume, player_db())
            except ResumeError as e:
                raise BadInput(str(e)) from None
            return run(start="host", port=args.port, resume=args.resume)
        return run(start="host", port=args.port)
    if args.policy != "random":  # a level still being written is not in this version yet
        from .ai import make_player

        try:
            make_player(args.policy, 0, 1)
        except ImportError:
            raise BadInput(f"host: the {args.policy} level is not in this version") from None
    db = player_db()
    deck_name, cards = _lan_deck(db, args.deck, "red-saga")
    try:
        return asyncio.run(host_game(db, cards, deck_name=deck_name, name=args.name, port=args.port, bind=args.bind,
                                     seed=args.seed, autosave=args.autosave, restore=args.resume,
                                     send_cards=args.send_cards, accept_cards=args.accept_cards,
                                     policy=args.policy))
    except ResumeError as e:  # raised before the host listens: the file names itself and its problem
        raise BadInput(str(e)) from None


def cmd_join(args) -> int:
    import asyncio

    from .net.headless import GUEST_POLICIES, join_game, parse_address

    try:
        host, port = parse_address(args.address)
    except ValueError as e:
        print(f"join: {e}", file=sys.stderr)
        return 2
    if args.headless and args.policy not in GUEST_POLICIES:  # a guest has no engine: the searching levels need one
        print(f"join: --policy {args.policy} needs the host's seat for now (a guest has no engine to think with): "
              f"join with --policy {' or '.join(GUEST_POLICIES)}, or host with --policy {args.policy}",
              file=sys.stderr)
        return 2
    if not args.headless:
        from .app.main import run

        return run(start="join", address=args.address)
    db = player_db()
    deck_name, cards = _lan_deck(db, args.deck, "blue-saga")
    return asyncio.run(join_game(db, cards, deck_name=deck_name, name=args.name, host=host, port=port,
                                 seed=args.seed, send_cards=args.send_cards, accept_cards=args.accept_cards,
                                 policy=args.policy))


def cmd_import_cards(args) -> int:
    """Import a community JSON card list (a file or a folder); exit 0 if every record was imported,
    1 if some were refused (the others are still imported), 2 if nothing could be read."""
    from .carddb.errors import CardDataError
    from .carddb.importer import import_cards

    if args.explain:  # nothing is written: how one record's text compiles, sentence by sentence
        from .carddb.explain import explain_lines

        try:
            print("\n".join(explain_lines(args.path, args.explain)))
        except (FileNotFoundError, LookupError) as e:
            print(f"import-cards: {e.args[0] if e.args else e}", file=sys.stderr)
            return 2
        return 0
    try:
        report = import_cards(args.path, args.dest, images=args.images)
    except FileNotFoundError as e:
        print(f"import-cards: {e}", file=sys.stderr)
        return 2
    except CardDataError as e:  # an already imported set file in the destination is broken
        print(f"import-cards: {e}", file=sys.stderr)
        return 2
    unread = [r for r in report.refused if r.index is None]  # files refused whole (not JSON, too large, too deep)
    if report.files and len(unread) == len(report.files):  # nothing could be read: why, on one line
        print("import-cards: " + "; ".join(f"{r.file}: {r.reason}" for r in unread), file=sys.stderr)
        return 2
    print(report)
    return 1 if report.refused else 0


def cmd_cards(args) -> int:
    from .carddb.coverage import coverage, coverage_lines
    from .carddb.errors import CardDataError
    from .carddb.importer import load_user_db

    if args.what != "coverage":
        raise SystemExit(f"unknown cards command {args.what!r}")
    try:
        db = load_user_db()
    except CardDataError as e:
        print(f"cards coverage: {e}", file=sys.stderr)
        return 1
    from .carddb.database import load_default_db

    from .carddb.token_table import load_token_table

    try:
        table = load_token_table()
    except CardDataError as e:  # the coverage still counts: every named token is then without stats
        print(f"cards coverage: your token table is not read: {e}", file=sys.stderr)
        table = {}
    report = coverage(db, frozenset(load_default_db()), table)  # (the shipped cards, counted apart from the base cards)
    if args.json:
        print(json.dumps(report, ensure_ascii=False))
    else:
        print("\n".join(coverage_lines(report)))
    return 0


def cmd_tokens(args) -> int:
    """The tokens imported cards summon by name and their stats (carddb/token_table.py), or one token's stats set."""
    from .carddb.errors import CardDataError
    from .carddb.importer import load_user_db
    from .carddb.effects import FEAST_FAMILY, FEAST_TOKENS
    from .carddb.token_table import describe, load_token_table, save_token, token_key, token_refs, tokens_file

    if args.what == "set":
        if not args.name:
            raise BadInput("tokens set: give the token's name (bss-desktop tokens set NAME --colors ... --bp ...)")
        split = (lambda v: [x.strip() for x in v.split(",") if x.strip()] if v else [])
        stats = {"colors": split(args.colors), "bp": args.bp, "cores": args.cores, "families": split(args.families),
                 "symbols": split(args.symbols)}
        stats = {k: v for k, v in stats.items() if v is not None}
        try:
            tok = save_token(args.name, stats)
        except CardDataError as e:
            raise BadInput(f"tokens set: {e}") from None
        print(f"{tok.name}: {describe(tok)} (in {tokens_file()})")
        return 0
    try:
        table = load_token_table()
    except CardDataError as e:
        print(f"tokens: {e}", file=sys.stderr)
        return 1
    try:
        refs = token_refs(load_user_db())
    except CardDataError as e:
        print(f"tokens: {e}", file=sys.stderr)
        return 1
    if not refs:
        print("no imported card summons a token by name")
    feast = {token_key(n) for n in FEAST_TOKENS}  # 【Feast】's tokens are Supsprites (docs/saga-rulings.md, Feast-6)
    for name, ids in refs.items():
        tok = table.get(token_key(name))
        family = f" --families {FEAST_FAMILY}" if token_key(name) in feast else ""
        what = describe(tok) if tok is not None else f"no stats yet (bss-desktop tokens set {name!r} --colors ... " \
                                                      f"--bp ...{family}): its effects are resolved by hand"
        print(f"{name}: {len(ids)} card{'s' if len(ids) != 1 else ''} ({', '.join(ids)}): {what}")
    unused = sorted(t.name for k, t in table.items() if not any(token_key(n) == k for n in refs))
    if unused:
        print(f"in the table, no imported card uses: {', '.join(unused)}")
    return 0


def cmd_profiles(args) -> int:
    """The games on the table (one line each), or whether a profile file of your own reads (--check)."""
    from .table.profiles import all_profiles, check_file, profile_problems
    from .table.schema import ProfileError

    if args.check:
        try:
            p = check_file(args.check)
        except ProfileError as e:
            raise BadInput(str(e)) from None
        print(f"{args.check}: OK, the game {p.id!r} ({p.name}): {len(p.zones)} zones, {len(p.trackers)} trackers")
        return 0
    rows = []
    for p in all_profiles():
        rows.append({"id": p.id, "name": p.name, "rules": p.rules, "extends": list(p.extends),
                     "zones": list(p.zones), "trackers": list(p.trackers), "file": p.source})
    if args.json:
        print(json.dumps({"profiles": rows, "problems": {k: str(v) for k, v in profile_problems().items()}}))
        return 0
    for r in rows:
        mode = "rules and sandbox" if r["rules"] else "sandbox"
        base = f", extends {r['extends'][0]}" if r["extends"] else ""
        print(f"{r['id']:10} {r['name']} ({mode}{base}): {', '.join(r['zones'])}")
    for key, e in profile_problems().items():
        print(f"not loaded: {e}", file=sys.stderr)
    return 0


def _game_option(p: argparse.ArgumentParser, what: str) -> None:
    """`--game` on a command that plays games: absent, the value before the command stands (default bss)."""
    p.add_argument("--game", default=argparse.SUPPRESS,
                   help=f"the game {what}: bss (Battle Spirits Saga, the default) or another game with a rules "
                        f"module (standard); bss-desktop profiles lists the games")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="bss-desktop", description="Battle Spirits Saga tabletop")
    parser.add_argument("--screenshot", metavar="FILE", help="render the game window offscreen to a PNG and exit")
    parser.add_argument("--paths", action="store_true", help="print where your settings, imported cards, decks, "
                                                              "saved games, autosaves and logs live, and exit")
    parser.add_argument("--position", metavar="FILE", help="with --screenshot: the position to show "
                                                             "(default: the shipped demo position)")
    parser.add_argument("--window", choices=["game", "deck-builder", "sandbox"], default="game",
                        help="with --screenshot: which window (default: the game window; sandbox: a sandbox of "
                             "--game in mid-game)")
    parser.add_argument("--game", default="bss", help="with --screenshot --window sandbox or deck-builder: which "
                                                      "game (bss, standard, eternal, bos; bss-desktop profiles lists "
                                                      "them); before simulate, arena or bench engine, as their own "
                                                      "--game")
    sub = parser.add_subparsers(dest="command")

    p = sub.add_parser("simulate", help="play seeded random games and check invariants after every command")
    _game_option(p, "played")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--decks", help="two decks, comma separated (the game's shipped deck names, your my-<name> decks "
                                   "or deck files; default: every pairing of the game's shipped decks)")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.add_argument("--no-check", action="store_true", help="skip the invariant checks (faster)")
    p.add_argument("--policy", default="random", help="who plays: random (default) or a computer level "
                                                      "(easy, normal, hard), or one per seat: normal,easy")
    p.set_defaults(func=cmd_simulate)

    from .ai import OPPONENTS

    p = sub.add_parser("arena", help="computer levels play each other: A's win rate with a 95%% interval")
    _game_option(p, "the levels play")
    p.add_argument("--a", choices=OPPONENTS, help="the level measured")
    p.add_argument("--b", choices=OPPONENTS, help="its opponent")
    p.add_argument("--ladder", action="store_true", help="instead of --a/--b: every pair of --levels plays --games "
                                                         "games, and an Elo table with 95%% intervals")
    p.add_argument("--levels", help=f"with --ladder: the levels, comma separated (default {','.join(OPPONENTS)}; "
                                    f"hard is slow)")
    p.add_argument("--anchor", help="with --ladder: the level held at Elo 1000 (default easy, or the first level)")
    p.add_argument("--games", type=int, default=200, help="games played (with --ladder: by each pair of levels)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--decks", help="two decks, comma separated (default: every pairing of the game's shipped decks; "
                                   "for bss the saga ones)")
    p.add_argument("--jobs", type=int, default=1, help="games played in this many processes at once")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument("--progress", action="store_true", help="a line on stderr after each pair of games")
    p.set_defaults(func=cmd_arena)

    p = sub.add_parser("tune-eval", help="fit the evaluation's weights on self-play games and write them as JSON")
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--out", required=True, metavar="FILE.json", help="where the fitted weights are written")
    p.add_argument("--progress", action="store_true", help="a line on stderr after each game")
    p.set_defaults(func=cmd_tune_eval)

    p = sub.add_parser("replay", help="replay a game record")
    p.add_argument("file")
    p.add_argument("--verify", action="store_true", help="check every stored state hash")
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("bench", help="benchmarks (median of several runs, with a reference figure)")
    p.add_argument("what", choices=["engine", "client", "net"])
    _game_option(p, "bench engine measures")
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--decks")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_bench)

    p = sub.add_parser("host", help="host a LAN game (your engine arbitrates)")
    p.add_argument("--port", type=int, default=47000, help="TCP port (0 picks a free one and prints it)")
    p.add_argument("--bind", default="0.0.0.0", help="address to listen on (default: every interface)")
    p.add_argument("--headless", action="store_true", help="no window: a computer player plays your seat")
    p.add_argument("--policy", choices=["random", *OPPONENTS], default="random",
                   help="the headless player: random legal play, a level of the computer opponent, or sensible")
    p.add_argument("--seed", type=int, default=1, help="seeds the headless player's choices (shuffles always "
                                                        "come from both sides' random shares)")
    p.add_argument("--deck", help="a shipped deck name, my-<name> or a deck file (default red-saga)")
    p.add_argument("--name", default="Host", help="your name, shown to the other player")
    p.add_argument("--autosave", metavar="FILE", help="save the game after every command, to resume after a restart")
    p.add_argument("--resume", metavar="FILE", help="resume the game autosaved in FILE")
    p.add_argument("--send-cards", action="store_true", help="headless: send the other player the definitions of "
                                                              "cards your deck uses that it lacks (docs/lan.md)")
    p.add_argument("--accept-cards", action="store_true", help="headless: use the other player's definitions of "
                                                                "cards you lack, for this game only (docs/lan.md)")
    p.set_defaults(func=cmd_host)

    p = sub.add_parser("join", help="join a LAN game at HOST:PORT")
    p.add_argument("address", help="HOST:PORT, e.g. 192.168.1.20:47000")
    p.add_argument("--headless", action="store_true", help="no window: a computer player plays your seat")
    p.add_argument("--policy", choices=["random", "easy", "normal", "hard"], default="random",
                   help="the headless player: random or easy (normal and hard need the host's seat for now)")
    p.add_argument("--seed", type=int, default=2, help="seeds the headless player's choices")
    p.add_argument("--deck", help="a shipped deck name, my-<name> or a deck file (default blue-saga)")
    p.add_argument("--name", default="Guest", help="your name, shown to the other player")
    p.add_argument("--send-cards", action="store_true", help="headless: send the other player the definitions of "
                                                              "cards your deck uses that it lacks (docs/lan.md)")
    p.add_argument("--accept-cards", action="store_true", help="headless: use the other player's definitions of "
                                                                "cards you lack, for this game only (docs/lan.md)")
    p.set_defaults(func=cmd_join)

    p = sub.add_parser("import-cards", help="import your own card list (community JSON: a file or a folder)")
    p.add_argument("path", help="a JSON file (one card or an array of cards) or a folder of them")
    p.add_argument("--dest", help="folder for the set files (default: cards/imported in the user data folder)")
    p.add_argument("--images", metavar="DIR", help="the cards' pictures, named by card id (default: images/ beside "
                                                    "the card list, as the community app keeps them); referenced "
                                                    "by path, never copied nor sent to another player")
    p.add_argument("--explain", metavar="ID", help="import nothing; show how the card ID's text compiles, sentence "
                                                   "by sentence, and why the rest does not")
    p.set_defaults(func=cmd_import_cards)

    p = sub.add_parser("cards", help="card database tools")
    p.add_argument("what", choices=["coverage"], help="coverage: which cards' effects are automated")
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.set_defaults(func=cmd_cards)

    p = sub.add_parser("tokens", help="the tokens your imported cards summon by name, and their stats")
    p.add_argument("what", nargs="?", choices=["list", "set"], default="list",
                   help="list (default): the names and which have stats; set: write one token's stats")
    p.add_argument("name", nargs="?", help="set: the token's name as the cards write it, without 'Token'")
    p.add_argument("--colors", help="set: its colours, e.g. green or red,white")
    p.add_argument("--bp", type=int, help="set: its BP")
    p.add_argument("--cores", type=int, help="set: the cores its LV1 needs (default 1)")
    p.add_argument("--families", help="set: its families, e.g. Machine,Beast")
    p.add_argument("--symbols", help="set: its symbols, e.g. green (red/green for a double symbol)")
    p.set_defaults(func=cmd_tokens)

    p = sub.add_parser("profiles", help="the games this app puts on the table (docs/profile-format.md)")
    p.add_argument("--check", metavar="FILE", help="check a profile file of your own and say what is wrong")
    p.add_argument("--json", action="store_true", help="print the games as JSON")
    p.set_defaults(func=cmd_profiles)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.paths:
        from .paths import all_paths

        for name, path in all_paths().items():
            print(f"{name + ':':16}{path}")
        return 0
    try:
        if args.screenshot:
            from .app.main import screenshot

            if args.window == "deck-builder":
                from .app.main import screenshot_deck_builder

                return screenshot_deck_builder(args.screenshot, game=args.game)
            if args.window == "sandbox":
                from .app.main import screenshot_sandbox

                return screenshot_sandbox(args.screenshot, args.game)
            return screenshot(args.screenshot, args.position)
        if args.command is None:
            from .app.main import run

            return run()
        return args.func(args)
    except BadInput as e:
        print(_one_line(e), file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
