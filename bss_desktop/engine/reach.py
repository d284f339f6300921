"""What one seat's manual moves may touch of the other seat's things, when each seat is played on its own machine.

Design ruling 12: in a LAN sandbox (and a LAN game's manual moves) a seat's free moves never reveal or move the
other seat's hidden or face-down cards (a deck, a hand, a set burst; a Battle of Souls tactic set face down); what a seat may
do to the other's public cards, pieces and trackers is declared by the profile (`opponent_moves`,
docs/profile-format.md), anything else is a request the owner accepts (NeedsConsent: the LAN asks the owner, who
then makes the move in its own name), and every such move is logged with who made it (the "manual" event's
`player`; the log says "Aki (by hand) ...").

`check(game, cmd)` runs for every manual move before its handler (Game._expect_manual), only when the game's
settings have `separate_seats` (Ruleset.for_lan): a local hot-seat sandbox is one person playing both seats. It
looks only at whose things the command names; the handler then judges the move itself. A card id that is not a
card is left to the handler, which refuses it as before.
"""
from __future__ import annotations

from .commands import (ManualAttach, ManualCardToken, ManualCores, ManualCounter, ManualDeck, ManualExhaust,
                       ManualFlip, ManualLook, ManualMove, ManualRandomCard, ManualReveal, ManualShuffle, ManualSide,
                       ManualSummon, ManualToken, ManualTracker, ManualTurn, ManualUse)
from .commands import ManualAttacked, ManualBrowse, ManualReady  # the turn's table (engine/table_turn.py)
from .errors import IllegalCommand, NeedsConsent

RULE = "ruling 12"


def check(game, cmd) -> None:
    """Refuse `cmd` (IllegalCommand) if it reveals, looks at or moves the other seat's hidden or face-down cards;
    NeedsConsent if it touches the other's public things in a way the profile does not declare; else nothing."""
    rule = _CHECKS.get(type(cmd))
    if rule is not None:
        rule(game, cmd, cmd.player)


def hidden_from(game, iid: int, seat: int) -> bool:
    """Whether card `iid` is one `seat` may not see: the other seat's card in a zone its owner alone sees (a hand, a
    burst, a side deck), in a deck (nobody sees it), or face down on the table."""
    card = game.state.cards[iid]
    if card.owner == seat:
        return False
    zone = game.profile.zones.get(card.zone)
    if zone is not None and zone.visibility != "public":
        return True
    table = game.state.table
    return table is not None and iid in table.marks and table.marks[iid].down


def _card(game, iid):
    return game.state.cards.get(iid) if type(iid) is int else None


def _who(game, p: int) -> str:
    names = getattr(game, "names", None) or ()
    name = names[p] if len(names) > p and isinstance(names[p], str) and names[p].strip() else ""
    return name[:40] or f"player {p + 1}"


def _never(game, what: str, owner: int) -> IllegalCommand:
    return IllegalCommand(RULE, f"{what} {_who(game, owner)}'s hidden or face-down cards: over the LAN a seat never "
                                f"looks at, reveals or moves the other's (they can do it themselves)")


def _ask(game, field: str, what: str, owner: int) -> NeedsConsent:
    who = _who(game, owner)
    return NeedsConsent(f"{game.profile.id} profile: opponent_moves.{field}"[:40],
                        f"{what} is {who}'s to do: {game.profile.name} does not let the other seat do it unasked "
                        f"(opponent_moves.{field}); {who} is asked", owner)


def _touch_card(game, iid, me: int, field: str, what: str, declared: bool = False) -> None:
    """The other seat's card named by a move: hidden, refused; public, allowed if declared, else asked."""
    card = _card(game, iid)
    if card is None or card.owner == me:
        return
    if hidden_from(game, card.iid, me):
        raise _never(game, what.capitalize() + " one of", card.owner)
    if not declared:
        raise _ask(game, field, what.capitalize() + " this card", card.owner)


def _move(game, cmd: ManualMove, me: int) -> None:
    card = _card(game, cmd.card)
    if card is None:
        return
    side = card.owner if cmd.side is None else cmd.side
    if card.owner != me:
        declared = side == card.owner and (card.zone, cmd.to) in game.profile.opponent_moves.cards
        _touch_card(game, card.iid, me, "cards", "moving", declared)
    elif side != me and side in (0, 1):
        raise _ask(game, "cards", "Giving a card to the other player's area", side)


def _cores(game, cmd: ManualCores, me: int) -> None:
    if cmd.owner == me or cmd.owner not in (0, 1):
        return
    for loc in (cmd.src, cmd.dst):
        card = _card(game, loc)
        if card is not None and hidden_from(game, card.iid, me):
            raise _never(game, "Moving cores on one of", cmd.owner)
    place = tuple("card" if type(loc) is int else loc for loc in (cmd.src, cmd.dst))
    if place not in game.profile.opponent_moves.cores:
        raise _ask(game, "cores", "Moving these cores", cmd.owner)


def _orientation(game, exhausted: bool) -> str:
    angle = 90 if exhausted else 0
    return next((o.name for o in game.profile.orientations.values() if o.angle == angle), "")


def _exhaust(game, cmd: ManualExhaust, me: int) -> None:
    to = _orientation(game, cmd.exhausted)
    _touch_card(game, cmd.card, me, "turn", "turning", to in game.profile.opponent_moves.turn)


def _turn(game, cmd: ManualTurn, me: int) -> None:
    _touch_card(game, cmd.card, me, "turn", "turning", cmd.to in game.profile.opponent_moves.turn)


def _counter(game, cmd: ManualCounter, me: int) -> None:
    _touch_card(game, cmd.card, me, "counters", "putting counters on",
                cmd.name in game.profile.opponent_moves.counters)


def _flip(game, cmd, me: int) -> None:
    _touch_card(game, cmd.card, me, "cards", "turning over")


def _attach(game, cmd: ManualAttach, me: int) -> None:
    _touch_card(game, cmd.card, me, "cards", "attaching")
    if cmd.host is not None:
        _touch_card(game, cmd.host, me, "cards", "attaching a card to")


def _tracker(game, cmd: ManualTracker, me: int) -> None:
    if cmd.owner == me or cmd.owner not in (0, 1):
        return  # a seat's own tracker: a transfer or payment to the other is its own to make
    if cmd.op not in game.profile.opponent_moves.trackers.get(cmd.name, ()):
        raise _ask(game, "trackers", f"Changing this {cmd.name!r} ({cmd.op})"[:80], cmd.owner)


def _their_deck(game, cmd, me: int) -> None:
    """Drawing, milling or looking at the other's deck, or picking from their hand at random: hidden cards."""
    if cmd.owner != me and cmd.owner in (0, 1):
        raise _never(game, "Taking, looking at or picking from", cmd.owner)


def _from_hand(game, cmd, me: int) -> None:
    """Using or summoning a card of the other's hand: a hidden card, never touched (its owner uses it)."""
    _touch_card(game, cmd.card, me, "cards", "using")


def _shuffle(game, cmd: ManualShuffle, me: int) -> None:
    if cmd.owner != me and cmd.owner in (0, 1):  # reveals nothing, yet it is their deck
        raise _ask(game, "cards", "Shuffling this deck", cmd.owner)


def _reveal(game, cmd: ManualReveal, me: int) -> None:
    for iid in cmd.cards if isinstance(cmd.cards, tuple) else ():
        card = _card(game, iid)
        if card is not None and hidden_from(game, card.iid, me):
            raise _never(game, "Revealing one of", card.owner)


def _token(game, cmd, me: int) -> None:
    if cmd.owner != me and cmd.owner in (0, 1):
        raise _ask(game, "cards", "Putting a token in this area", cmd.owner)


def _ready(game, cmd: ManualReady, me: int) -> None:
    if cmd.owner != me and cmd.owner in (0, 1):  # their ready step is theirs to play
        raise _ask(game, "turn", "Readying these cards", cmd.owner)


def _attacked(game, cmd: ManualAttacked, me: int) -> None:
    _touch_card(game, cmd.card, me, "cards", "marking the attack of")


def _browse(game, cmd: ManualBrowse, me: int) -> None:
    """BOS §Public Knowledge: "you may ... verify the cards in your opponent's discard pile but you must ask their
    permission first" (the zone's `browse_opponent: ask`): the owner shows it (ManualBrowse in their own name)."""
    zone = game.profile.zones.get(cmd.zone)
    if cmd.owner != me and cmd.owner in (0, 1) and zone is not None and zone.browse_opponent == "ask":
        who = _who(game, cmd.owner)
        raise NeedsConsent(f"{game.profile.id} profile: browse_opponent"[:40],
                           f"Looking through {who}'s {zone.label.lower()} needs {who}'s permission "
                           f"(zones.{zone.name}.browse_opponent: ask); {who} is asked", cmd.owner)


_CHECKS = {
    ManualMove: _move, ManualCores: _cores, ManualExhaust: _exhaust, ManualTurn: _turn, ManualCounter: _counter,
    ManualFlip: _flip, ManualSide: _flip, ManualAttach: _attach, ManualTracker: _tracker,
    ManualDeck: _their_deck, ManualLook: _their_deck, ManualRandomCard: _their_deck, ManualShuffle: _shuffle,
    ManualReveal: _reveal, ManualToken: _token, ManualCardToken: _token, ManualUse: _from_hand, ManualSummon: _from_hand,
    ManualReady: _ready, ManualAttacked: _attacked, ManualBrowse: _browse,
}
# ManualOrder: the zone's own `reorder` field says who may order a public pile (the handler checks it);
# ManualNote, ManualRandom, ManualStep touch nobody's things.
