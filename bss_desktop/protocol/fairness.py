"""Fair shuffles without trusting the host: commitments, a seed from both sides, a hash chain, an audit.

1. Each side draws a random share and sends `commitment(share)` and a salted hash of
   its deck list; the guest reveals its share only after it holds the host's
   commitment, so neither side can pick its share knowing the other's.
2. The game's seed is `derive_seed(host share, guest share)`; the host keeps its
   share secret until the game ends (otherwise the guest could foresee shuffles).
3. Every command extends a hash chain (`chain_next`); each batch the guest receives
   carries the chain head, so the host is bound to the commands as it goes. Each
   link is salted with `command_salt(host share, n)`, 256 pseudo-random bits nobody
   can compute before the share is revealed: without it, a guest could hash every
   candidate command (card ids are deck-list positions) and learn the host's hidden
   moves from the heads.
4. At the end the host reveals its share and the record. `audit` checks the share
   against the commitment, then rebuilds the game from the seed and the two
   committed deck lists with the agreed rules (never from anything else the record
   says about its start), replays every command and recomputes every batch the
   guest received (chain head, events, view, legal commands); every command of the
   guest's seat must be one the guest sent, in order; the record must end where the
   replay ends the game, with the result the replay gives.

5. Random results a player's choice triggers (a die, a coin, a random card, a shuffle by hand: `is_random`) never
   come from the game's generator, whose state the host knows (design ruling 13). Each mixes two fresh shares,
   one per side, committed before either is revealed: the host's is `random_share(host share, side, n)`, bound
   by its commitment at the start and revealed with it at the end; the guest's is a new random share it sends
   with its own command, or in answer to the host's request ("random", naming the command) — only then, so the
   host cannot try it against the moves it might make. The record keeps both (the command's `mix`); the audit
   recomputes every one.

What remains possible: the host's program can read its own memory (the guest's
hand and both decks' order); a host can abandon handshakes after seeing the
guest's share until it likes the seed (net/deals.py counts that, per host).
Nothing here can prevent those; the UI says so.
"""
from __future__ import annotations

import hashlib
import json
import secrets
from dataclasses import dataclass, field


def new_share() -> str:
    return secrets.token_hex(32)


def _h(*parts: str) -> str:
    return hashlib.sha256("\0".join(parts).encode("utf-8")).hexdigest()


def commitment(share: str) -> str:
    return _h("bss-share", share)


def deck_hash(cards: list[str], salt: str, side: list[str] | None = None) -> str:
    """A deck list's hash, salted with the share so a known deck list cannot be recognised from it; in a game whose
    decks bring a side section (net/handshake.py takes_side) that is committed with it: a match's side deck (its
    swaps are checked between battles, net/match.py), Eternal's token cards (ETR §Token Cards)."""
    if side is None:
        return _h("bss-deck", salt, json.dumps(list(cards), separators=(",", ":")))
    return _h("bss-deck+side", salt, json.dumps([list(cards), list(side)], separators=(",", ":")))


def card_canonical(card) -> str:
    """A card's definition as canonical JSON (its set-file dict, keys sorted): what card hashes are taken of."""
    from ..carddb.schema import card_to_dict

    return json.dumps(card_to_dict(card), sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def deck_cards_hash(definitions: list[str], salt: str) -> str:
    """The definitions (canonical JSON, net/cards.py) of a deck's distinct cards, hashed with the share as salt:
    the host commits to the cards its deck uses when the two card databases differ; the guest checks them at the
    end, when it learns the deck."""
    return _h("bss-deck-cards", salt, *sorted(definitions))


def derive_seed(host_share: str, guest_share: str) -> int:
    return int(_h("bss-seed", host_share, guest_share)[:16], 16)


def chain_start(host_commitment: str, guest_share: str) -> str:
    return _h("bss-chain", host_commitment, guest_share)


def command_salt(host_share: str, n: int) -> str:
    """The secret salt of command number n (1 = the first): 256 pseudo-random bits derived from the host's
    share, which the guest learns only with the record. One per command, so equal commands hash differently."""
    return _h("bss-salt", host_share, str(n))


RANDOM_KINDS = ("manual_random", "manual_random_card", "manual_shuffle")  # and a look that ends with a shuffle


def is_random(command: dict) -> bool:
    """Whether a command (its JSON form) draws a random result a player's choice triggers (design ruling 13)."""
    kind = command.get("type")
    return kind in RANDOM_KINDS or (kind == "manual_look" and command.get("shuffle") is True)


def random_share(host_share: str, side: str, n: int) -> str:
    """The host's share of random result number n (1 = the first) of `side` ("host" or "guest"): fixed by its
    commitment from the start, unknown to the guest until the end, one per result."""
    return _h("bss-random", host_share, side, str(n))


def mixed(command: dict, host_share: str, side: str, n: int, guest_share: str) -> dict:
    """The command as the engine plays it: its random result mixed from both sides' shares."""
    return {**command, "mix": [random_share(host_share, side, n), guest_share]}


def chain_next(prev: str, command: dict, salt: str) -> str:
    """The chain head after `command`: binds the host to it, tells the guest nothing without `salt`."""
    return _h("bss-link", prev, salt, json.dumps(command, sort_keys=True, separators=(",", ":")))


# A LAN record's fields, and its start's: a game dealt from the shared seed and the two committed deck lists.
# Anything else (a hand-made `position`, inline `cards`) is a game the guest never agreed to.
RECORD_KEYS = {"format", "version", "app", "settings", "start", "commands", "hashes", "result"}
DEAL_KEYS = {"seed", "first_player", "decks", "deck_names", "game", "sides", "rules"}  # game: another game's profile;
#                                                   rules: the module its rules mode plays by (table/profiles.py RULES_APART);
#                                                               sides: side decks, token cards (both checked below)
# How a LAN game can stop with a record to audit: the game is over (CR 1-2-1 life or deck-out, CR 1-2-3 both at
# once, a draw; CR 1-2-4 a concession, the guest's only if it sent it). A LAN sandbox also ends when either window
# closes ("end", net/host.py): audited all the same, without a result. A rules game's player who leaves or drops
# produces no record: the game waits in the autosaves.
STOPS = "the game is over: life 0 or deck-out (CR 1-2-1), both at once (CR 1-2-3) or a concession (CR 1-2-4)"


@dataclass
class Received:
    """What the guest keeps of the game to audit it afterwards (all of it is in the guest's autosave)."""

    host_commitment: str = ""
    host_deck_hash: str = ""
    guest_share: str = ""
    guest_deck: list = field(default_factory=list)
    seat: int = 1
    settings: dict = field(default_factory=dict)  # the rules both players agreed on (the guest's hello)
    host_cards_hash: str = ""  # when the card databases differed: the host's commitment to its deck's cards
    batches: dict = field(default_factory=dict)  # seq -> (chain head, batch digest)
    sent: dict = field(default_factory=dict)  # the guest's command number -> (chain head it had seen, command)
    dropped: set = field(default_factory=set)  # numbers of sent commands the host refused, or an agreed undo took
    game: str = "bss"  # the game both players chose (its profile's digest matched in the handshake)
    random_given: dict = field(default_factory=dict)  # our share for a random result of the host's -> (its request
    #                                                   number, the command it named)
    host_undone: int = 0  # commands of the host's that an agreed undo took back (a random one may be among them)
    ended: bool = False  # the host said the sandbox ended without a result (a window closed): audited as it stands
    # our side section (None: the game has none; a side deck, Eternal's token cards), and in a match's battle
    # (net/match.py) who goes first as the last battle's loser chose (None: the seed decides, CR 5-2-6)
    guest_side: list | None = None
    first_player: int | None = None

    def accepted(self) -> list[int]:
        """The numbers of the guest's commands that should be in the record, in the order they were sent."""
        return sorted(n for n in self.sent if n not in self.dropped)


@dataclass
class AuditReport:
    ok: bool
    problems: list[str]
    commands: int = 0
    final_hash: str = ""

    def line(self) -> str:
        if self.ok:
            return f"audit passed: {self.commands} commands replayed, every batch matches; final hash {self.final_hash}"
        return "AUDIT FAILED: " + "; ".join(self.problems)


def _outcome(result) -> str:
    if not isinstance(result, dict):
        return "no result"
    w = result.get("winner")
    who = "a draw" if w is None else f"player {w + 1} winning" if w in (0, 1) else f"winner {w!r}"
    return f"{who} ({result.get('reason')!r})"


def _host_cards_problems(deck: list, host_share: str, committed: str, db) -> list[str]:
    """The cards of the host's deck, as this side's engine defines them, against the host's commitment."""
    unknown = [c for c in dict.fromkeys(deck) if c not in db]
    if unknown:
        return [(f"the host's deck uses cards that neither your card database nor the definitions the host sent "
                 f"hold: {', '.join(unknown)[:200]}")]
    if deck_cards_hash([card_canonical(db[c]) for c in dict.fromkeys(deck)], host_share) != committed:
        return [("the cards of the host's deck are not defined as the host committed to in the handshake: the two "
                 "engines did not play the same cards")]
    return []


def opening_problems(view: dict, seat: int, deck: list, db, settings: dict, game: str,
                     side: list | None = None) -> list[str]:
    """What the first batch shows that this side's own profile of `game` would not give, before the first move.

    The handshake compares profile digests, but a digest is only claimed: a host could announce the shipped Battle
    of Souls while playing 12,000 starting Soul Points. The guest deals a game of its own profile (its own deck for
    both seats, any seed) and compares everything of the opening view that depends on neither the seed nor the
    host's deck: the step, each player's trackers, pieces, cores, hand size and zones, its own deck's size. What
    differs is named; a difference that shows only later (a capacity, a winning mark) is the audit's to find."""
    from ..engine.game import Game
    from ..engine.settings import Ruleset
    from ..table.profiles import get_profile

    profile = get_profile(game)
    mine = Game.new(db, [list(deck), list(deck)], 0, settings=Ruleset.from_dict(settings).for_lan(),
                    profile=profile, sides=[list(side or ()), list(side or ())]).view(seat)
    ours, theirs = _opening_shape(mine, seat), _opening_shape(view, seat)
    zone = (profile.deck_rules["side"] or {}).get("zone")  # the side section's zone (a side deck, token cards)
    ours.pop(f"players[{1 - seat}].counts.{zone}", None), theirs.pop(f"players[{1 - seat}].counts.{zone}", None)
    problems = [f"{key}: the host's game has {theirs.get(key)!r}, your profile of {profile.name} gives "
                f"{ours.get(key)!r}" for key in sorted(set(ours) | set(theirs), key=str)
                if ours.get(key) != theirs.get(key)]
    dealt = _own_zone(view, seat, zone)  # our section is ours to see (owner visibility): the cards we sent
    if zone is not None and dealt is not None and sorted(dealt) != sorted(side or ()):
        problems.append(f"players[{seat}].areas.{zone}: the host dealt you "
                        f"{', '.join(sorted(dealt))[:200] or 'nothing'}, you sent "
                        f"{', '.join(sorted(side or ()))[:200] or 'nothing'}")
    return problems


def _own_zone(view: dict, seat: int, zone: str | None) -> list[str] | None:
    """The card ids in our own `zone` of a view, or None where the view does not show them."""
    players = view.get("players")
    pv = players[seat] if isinstance(players, list) and len(players) > seat else None
    cards = (pv.get("areas") or {}).get(zone) if isinstance(pv, dict) and isinstance(pv.get("areas"), dict) else None
    if not isinstance(cards, list):
        return None
    return [str(c.get("cid")) for c in cards if isinstance(c, dict)]


def _opening_shape(view: dict, seat: int) -> dict:
    """The parts of an opening view that the profile alone decides, flattened to 'players[0].trackers.sp': value."""
    out = {"turn": view.get("turn"), "step": view.get("step"), "pending": (view.get("pending") or {}).get("kind")}
    for p, pv in enumerate(view.get("players") or ()):
        if not isinstance(pv, dict):
            continue
        where = f"players[{p}]"
        for key in ("life", "reserve", "trash_cores", "hand_count"):
            out[f"{where}.{key}"] = pv.get(key)
        out[f"{where}.soul"] = "a card" if isinstance(pv.get("soul"), int) else pv.get("soul")
        for key in ("field", "trash"):
            out[f"{where}.{key}"] = len(pv[key]) if isinstance(pv.get(key), list) else pv.get(key)
        for key in ("trackers", "pieces", "counts", "opening"):
            for name, value in (pv.get(key) or {}).items() if isinstance(pv.get(key), dict) else ():
                out[f"{where}.{key}.{name}"] = value
        out[f"{where}.zones"] = ", ".join(sorted(pv["areas"])) if isinstance(pv.get("areas"), dict) else None
        if p == seat:
            out[f"{where}.deck_count"] = pv.get("deck_count")
    return out


def _host_random_problem(cd: dict, host_share: str, received: Received, spent: set) -> str | None:
    """Why a random result of the host's in the record is not one both sides made, or None: its `mix` must be the
    host's share for the request it made and the share we gave for that request (once), for the command it named."""
    mix = cd.get("mix")
    if not (isinstance(mix, list) and len(mix) == 2 and all(isinstance(x, str) for x in mix)):
        return ("is a random result not mixed with a share of yours: the host could have chosen it "
                "(design ruling 13)")
    given = received.random_given.get(mix[1])
    if given is None or mix[1] in spent:
        return ("is a random result mixed with a share of yours that you never gave, or that another result used "
                "already (design ruling 13)")
    n, asked = given
    asked = {k: v for k, v in asked.items() if k != "mix"}
    if {k: v for k, v in cd.items() if k != "mix"} != asked:
        return (f"uses your share for the host's request #{n} ({str(asked.get('type'))[:20]}) for another "
                f"command (design ruling 13)")
    if mix[0] != random_share(host_share, "host", n):
        return f"is mixed with a share of the host's other than the one it committed to (request #{n})"
    spent.add(mix[1])
    return None


def audit(received: Received, host_share: str, record: dict, db, stop=None) -> AuditReport:
    """Replay the host's record from the agreed deal and check it against everything the guest was sent.
    `stop` (a threading.Event): set by whoever runs this in a worker thread (net/audit_runner.py) when the
    audit has taken too long; the replay ends before its next command."""
    from ..carddb.errors import DeckListError
    from ..engine.commands import CommandFormatError, command_from_dict
    from ..engine.errors import IllegalCommand, RecordError
    from ..engine.game import Game
    from ..engine.record import check_record
    from ..engine.settings import Ruleset
    from .redaction import RedactionError
    from .stream import SeatStream, batch_digest

    def fail(*problems: str, commands: int = 0) -> AuditReport:
        return AuditReport(False, list(problems), commands)

    if not isinstance(host_share, str) or commitment(host_share) != received.host_commitment:
        return fail("the host's revealed share does not match its commitment")
    try:
        check_record(record, source="the host's record")
    except RecordError as e:
        return fail(str(e))
    extra = sorted(set(record) - RECORD_KEYS)
    if extra:
        return fail(f"the record has a field {extra[0]!r} a LAN game's record never has (inline card definitions "
                    f"or anything else from outside the agreed card database)")
    start = record["start"]
    if "position" in start or set(start) - DEAL_KEYS:
        return fail("the record starts from a hand-made position, not from the shared seed and the two committed "
                    "deck lists: this is not the game you agreed to play")
    seed = derive_seed(host_share, received.guest_share)
    if start.get("seed") != seed or isinstance(start.get("seed"), bool):
        return fail(f"the record's seed {start.get('seed')!r} is not the one both shares give ({seed})")
    if start.get("first_player") != received.first_player:
        if received.first_player is None:
            return fail(f"the record says who goes first (player {start.get('first_player')!r}); in a LAN game the "
                        f"shared seed decides (CR 5-2-6)")
        return fail(f"the record has player {start.get('first_player')!r} going first; the last battle's loser chose "
                    f"player {received.first_player + 1} (BOS: the loser chooses)")
    sides = start.get("sides")
    if sides is None and received.guest_side is not None:
        sides = [[], []]  # (a match whose side decks are both empty: the record names none)
    if (sides is None) != (received.guest_side is None) or sides is not None and not (
            isinstance(sides, list) and len(sides) == 2 and all(isinstance(s, list) for s in sides)):
        return fail("the record's side sections (side decks, token cards) are not the ones both players committed to")
    decks = start.get("decks")
    if not (isinstance(decks, list) and len(decks) == 2 and all(isinstance(d, list) for d in decks)):
        return fail("the record has no two deck lists")
    names = start.get("deck_names")
    if names is not None and not (isinstance(names, list) and len(names) == 2
                                  and all(isinstance(n, str) and len(n) <= 60 for n in names)):
        return fail("the record's deck names are malformed")
    host_seat = 1 - received.seat
    problems: list[str] = []
    if list(decks[received.seat]) != list(received.guest_deck):
        problems.append("the record's copy of your deck is not the deck you sent")
    if sides is not None and list(sides[received.seat]) != list(received.guest_side):
        problems.append("the record's copy of your side section is not the one you sent (side deck: the host cannot "
                        "make you play swaps you did not make; token cards: nor other tokens)")
    host_side = None if sides is None else sides[host_seat]
    if not all(isinstance(c, str) for c in [*decks[host_seat], *(host_side or ())]) or \
            deck_hash(decks[host_seat], host_share, host_side) != received.host_deck_hash:
        problems.append("the host's deck is not the one it committed to")
    if not problems and received.host_cards_hash:
        problems.extend(_host_cards_problems(decks[host_seat], host_share, received.host_cards_hash, db))
    if problems:
        return fail(*problems)
    try:
        agreed = Ruleset.from_dict(received.settings).for_lan()
    except (TypeError, ValueError, AttributeError) as e:
        return fail(f"your own record of the agreed rules is unreadable: {e}")
    if record.get("settings") != agreed.to_dict():
        return fail("the record's rules settings are not the ones both players agreed on in the handshake")
    if record["start"].get("game", "bss") != received.game:
        return fail(f"the record's game ({record['start'].get('game', 'bss')!r}) is not the one both players chose "
                    f"({received.game!r})")
    from ..table.profiles import get_profile, with_rules

    profile = get_profile(received.game)
    if not agreed.sandbox:  # a game played by its rules (table/profiles.py RULES_APART)
        profile = with_rules(profile)
    named = profile.rules if profile is not get_profile(received.game) else None
    if record["start"].get("rules") != named:
        return fail(f"the record's rules ({record['start'].get('rules')!r}) are not the ones the agreed game is "
                    f"played by ({named!r})")
    try:  # the deal: both shuffles and the first player come from the seed alone (CR 5-2)
        game = Game.new(db, [list(d) for d in decks], seed, settings=agreed, record_hashes=False,
                        deck_names=list(names) if names is not None else None, profile=profile,
                        first_player=received.first_player, sides=sides)
    except (DeckListError, KeyError, ValueError) as e:
        return fail(f"the deck lists are not legal decks of the agreed card database: {e}")
    stream = SeatStream(game, received.seat)
    chain = chain_start(received.host_commitment, received.guest_share)

    def check(seq: int, events) -> bool:
        msg = stream.batch(game, events, seq, chain)
        got = received.batches.get(seq)
        if got is None:
            return True  # a batch the guest never received (it cannot have acted on it)
        if got[0] != chain:
            problems.append(f"command {seq}: the record's commands differ from the ones the host announced")
            return False
        if got[1] != batch_digest(msg["events"], msg["view_hash"], msg["legal"]):
            problems.append(f"command {seq}: what you were shown differs from a replay of the record")
            return False
        return True

    if not check(0, game.log_events):
        return fail(*problems)
    commands = record["commands"]
    mine = received.accepted()
    used = 0  # the guest's commands found in the record so far
    randoms = {"host": 0, "guest": 0}  # random results of each side replayed so far (design ruling 13)
    spent: set[str] = set()  # our shares the record's host results used
    for seq, cd in enumerate(commands, start=1):
        if stop is not None and stop.is_set():
            return fail(f"the audit was stopped at command {seq} (it took too long)", commands=seq - 1)
        pend = game.pending
        if not isinstance(cd, dict) or pend is None:
            why = "is malformed" if not isinstance(cd, dict) else "comes after the end of the game"
            return fail(f"command {seq} of the record {why}", commands=seq - 1)
        try:
            if agreed.sandbox and pend.kind == "mulligan" and game.profile.rules is not None:
                # both keep: the host does it for both at the start (a sandbox-only game's players decide, below)
                from ..engine.commands import Mulligan

                if cd != Mulligan(pend.player, False).to_dict():
                    return fail(f"command {seq} of the record is not the opening keep every LAN sandbox begins "
                                f"with", commands=seq - 1)
                events = game.apply(command_from_dict(cd))
            elif cd.get("player") == received.seat:
                if used >= len(mine):
                    return fail(f"command {seq} of the record ({str(cd.get('type'))[:20]}) is in your name, but "
                                f"you never sent it", commands=seq - 1)
                n = mine[used]
                used += 1
                prev, sent = received.sent[n]
                if not agreed.sandbox and prev != chain:
                    return fail(f"command {seq} of the record is your command #{n}, but you sent it on another "
                                f"state of the game than the one it is applied to", commands=seq - 1)
                choice = pend.info.get("kind") if pend.kind == "choose" else None
                if is_random(sent) and isinstance(sent.get("mix"), list) and len(sent["mix"]) == 1:
                    randoms["guest"] += 1  # our fresh share, and the host's for our next result
                    sent = mixed(sent, host_share, "guest", randoms["guest"], sent["mix"][0])
                events = game.apply(stream.window.command_to_engine(sent, choice))
                if game.history[-1].to_dict() != cd:
                    return fail(f"command {seq} of the record ({str(cd.get('type'))[:20]}) is in your name, but "
                                f"it is not the command you sent (#{n}, {str(sent.get('type'))[:20]})",
                                commands=seq - 1)
            else:
                if is_random(cd):
                    why = _host_random_problem(cd, host_share, received, spent)
                    if why:
                        return fail(f"command {seq} of the record ({str(cd.get('type'))[:20]}) {why}",
                                    commands=seq - 1)
                events = game.apply(command_from_dict(cd))
                if game.history[-1].to_dict() != cd:
                    return fail(f"command {seq} of the record is not in the form the engine records",
                                commands=seq - 1)
        except (CommandFormatError, IllegalCommand, RedactionError) as e:
            return fail(f"command {seq} of the record is not legal in the replay: {e}", commands=seq - 1)
        chain = chain_next(chain, cd, command_salt(host_share, seq))
        if not check(seq, events):
            return fail(*problems, commands=seq)
    unused = sorted((received.random_given[s] for s in set(received.random_given) - spent), key=lambda g: g[0])
    if len(unused) > received.host_undone:  # (a result an agreed undo took back is not in the record)
        n, what = unused[0][0], str(unused[0][1].get("type"))[:20]
        return fail(f"the host asked for your share of its random result #{n} ({what}) and never used it: it saw "
                    f"the result before deciding, and may have dropped one it did not like (design ruling 13)",
                    commands=len(commands))
    last = max(received.batches, default=0)
    if last > len(commands):
        return fail(f"the record stops at command {len(commands)}, you were shown {last}", commands=len(commands))
    if not game.over:
        if not (agreed.sandbox and received.ended):
            return fail(f"the record stops at command {len(commands)}, before the game is over; a record is sent "
                        f"only when {STOPS}", commands=len(commands))
        if record.get("result") is not None:  # a sandbox that ended as a window closed has no winner
            return fail(f"the record claims {_outcome(record.get('result'))}, but the sandbox ended without a "
                        f"result", commands=len(commands))
        return AuditReport(True, [], len(commands), game.state_hash())
    actual = {"winner": game.result.winner, "reason": game.result.reason}
    if record.get("result") != actual:
        return fail(f"the record claims {_outcome(record.get('result'))}, but the replay ends with "
                    f"{_outcome(actual)}", commands=len(commands))
    # Commands of yours not in the record were on their way when the game ended (the host refuses them after
    # it sent the record): they changed nothing.
    return AuditReport(True, [], len(commands), game.state_hash())
