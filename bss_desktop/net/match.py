"""A match of battles over the LAN (Battle of Souls, rule book Getting Started; digest §3.2 need 9).

Each battle is a LAN game of its own, on a connection of its own: its own hello (naming the battle), commitments,
fresh shares, deal and audit (net/host.py, net/guest.py, protocol/fairness.py), so every battle's shuffles are as
fair as a single game's and the guest audits each battle. Between battles, on each machine:

- the battle's winner is the player whose opponent conceded it (Concede, CR 1-2-4: in the record, audited). A seat
  may also *claim* the battle (`claim`): the other seat agrees by conceding it, or refuses, and the battle goes on;
- the loser chooses, in its own window, who goes first; its `first` message goes before either share is revealed,
  and only from the loser (the other seat's is refused, naming why);
- each player makes its own side-deck swaps, one for one, in its own window. The new deck and side deck are
  committed by hash with the next battle's share. The host re-checks the guest's (deck rules, one-for-one swaps of
  the last battle's: table/match.py `Match.take`); the guest checks the host's when the battle's record reveals them,
  and its audit checks that the record plays its own deck and side deck as it sent them;
- the score comes from the audited results; after `needed` wins the match is over, and a hello for another battle
  is refused.

HostMatch serves the battles on one listening socket; GuestMatch keeps the guest's side of the score.
"""
from __future__ import annotations

import asyncio

from ..table.match import Match, MatchError


def host_swaps(match: Match, deck: list[str], side: list[str]) -> str | None:
    """Why the host's deck and side deck of the battle just played are not the match's next ones (one-for-one
    swaps of the last battle's, the side deck's count kept), or None; the match then holds them."""
    try:
        match.take(0, deck, side)
    except MatchError as e:
        return f"the host's deck for battle {match.battle}: {e.field}: {e.message}"
    return None


class HostMatch:
    """The host's match: one HostSession per battle, all served on one listening socket (`handle`)."""

    def __init__(self, db, deck: list[str], side: list[str], *, profile, ready_timeout: float = 300.0, **session_kw):
        from .host import HostSession

        self.db, self.profile, self.kw = db, profile, session_kw
        self.match = Match.for_profile(profile, [deck, []], [side, []])
        self.session = HostSession(db, deck, profile=profile, match=self.match, side=side, **session_kw)
        self.sessions = [self.session]
        self.ready = asyncio.Event()  # this player has made its choices for the battle being set up
        self.ready.set()
        self.ready_timeout = ready_timeout
        self.on_settled = None  # () a battle has been counted (its guest audited it, or left)

    async def handle(self, link) -> None:
        """Serve a connection: the battle being set up waits (up to `ready_timeout`) for this player's choices."""
        from .link import LinkClosed

        self.settle()
        try:
            await asyncio.wait_for(self.ready.wait(), self.ready_timeout)
        except asyncio.TimeoutError:
            await link.refuse("busy", "the host's player has not started the next battle")
            link.close()
            return
        except LinkClosed:
            return
        await self.session.handle(link)
        self.settle()

    def settle(self) -> bool:
        """Record the battle being played once it is over (a concession: the winner is the other seat); True
        when it was recorded now. Idempotent."""
        game = self.session.game
        if game is None or not game.over or game.result.winner is None or len(self.match.winners) >= self.battle:
            return False
        self.match.record(game.result.winner)
        self.ready.clear()  # the next battle waits for this player's choices (next_battle)
        if self.on_settled:
            self.on_settled()
        return True

    @property
    def battle(self) -> int:
        return self.sessions.index(self.session) + 1

    def next_battle(self, first: int | None, out_of_deck: list[str], into_deck: list[str]):
        """This player's choices for the next battle (`first`: who goes first, if this player chooses; its swaps):
        MatchError if they are not allowed. The next battle's session then waits for the guest's connection."""
        from .host import HostSession

        self.settle()
        match = self.match
        if match.over or len(match.winners) < self.battle:
            raise MatchError(f"{match.rule}.best_of", "the match is over" if match.over else
                             "the battle being played is not over")
        if match.chooser() == 0 and first not in (0, 1):
            raise MatchError(f"{match.rule}.loser_chooses", "you lost the last battle: choose who goes first")
        match.swap(0, out_of_deck, into_deck)  # all or none
        old = self.session
        self.session = HostSession(self.db, match.decks[0], profile=self.profile, match=match,
                                   side=match.sides[0], first=first if match.chooser() == 0 else None, **self.kw)
        self.session.guest_name = old.guest_name
        self.sessions.append(self.session)
        self.ready.set()
        return self.session


class GuestMatch:
    """The guest's match: its side of the score (from each battle's audited record) and its deck as swapped."""

    def __init__(self, db, deck: list[str], side: list[str], *, profile, **session_kw):
        self.db, self.profile, self.kw = db, profile, session_kw
        self.match = Match.for_profile(profile, [[], deck], [[], side])
        self.session = self._session(None)
        self.problem: str | None = None  # why the match cannot go on (a battle's audit, the host's swaps)
        self.settled: list = []  # the sessions whose battle has been counted

    def _session(self, first):
        from .guest import GuestSession

        return GuestSession(self.db, self.match.decks[1], profile=self.profile, match=self.match,
                            side=self.match.sides[1], first=first, **self.kw)

    def settle(self) -> bool:
        """After a battle's session ended: its audited result counts, and the host's deck and side deck (revealed
        with the record, committed at the start) must be one-for-one swaps of its last ones; True when recorded."""
        s = self.session
        if self.problem or s.report is None or s.record is None or self.match.over or s in self.settled:
            return False
        self.settled.append(s)
        if not s.report.ok:
            self.problem = f"battle {self.match.battle}'s audit failed: {'; '.join(s.report.problems)[:300]}"
            return False
        result = s.record.get("result")
        if not isinstance(result, dict) or result.get("winner") not in (0, 1):
            return False  # the sandbox ended without a result (a window closed): no battle was won
        start = s.record["start"]
        host_seat = 1 - s.seat
        sides = start.get("sides") or [[], []]
        why = host_swaps(self.match, list(start["decks"][host_seat]), list(sides[host_seat]))
        if why is None:
            from ..carddb.deck_rules import DECK_RULES, deck_issues

            issues = deck_issues(start["decks"][host_seat], s.db, DECK_RULES[self.profile.id], sides[host_seat])
            why = f"the host's deck breaks the deck rules: {issues[0]}" if issues else None
        if why:
            self.problem = why
            return False
        self.match.record(result["winner"])
        return True

    def next_battle(self, first: int | None, out_of_deck: list[str], into_deck: list[str]):
        """This player's choices for the next battle: a new session to run (MatchError if not allowed)."""
        match = self.match
        if self.problem:
            raise MatchError(f"{match.rule}", self.problem)
        if match.over or len(match.winners) < match.battle - 1 or not match.winners:
            raise MatchError(f"{match.rule}.best_of", "the match is over" if match.over else
                             "the battle being played is not over")
        if match.chooser() == 1 and first not in (0, 1):
            raise MatchError(f"{match.rule}.loser_chooses", "you lost the last battle: choose who goes first")
        match.swap(1, out_of_deck, into_deck)
        self.session = self._session(first if match.chooser() == 1 else None)
        return self.session

