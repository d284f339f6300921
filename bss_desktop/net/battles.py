"""What the two sessions of a match's battle share (net/match.py; net/host.py and net/guest.py import it, and
net/match.py imports them): the claims of a battle, and the refusals of a battle's handshake."""
from __future__ import annotations

from ..table.match import Match


def battle_mismatch(match: Match | None, asked) -> str:
    """Why a hello naming battle `asked` is refused by a side whose match is `match` (None: no match)."""
    if match is None:
        return "this side plays a single game, not a match" if asked is not None else "no battle named"
    if match.over:
        return (f"the match is over: player {match.winner + 1} won it {max(match.wins())} – {min(match.wins())}; "
                f"there is no battle {asked}")
    if asked is None:
        return f"this side plays a match: the hello names its battle ({match.battle})"
    return f"this side's match is at battle {match.battle}, not battle {asked}"


def not_the_chooser(match: Match | None) -> str:
    if match is None or match.chooser() is None:
        return "'first' message: no one chooses who goes first in this battle (the seed decides, CR 5-2-6)"
    return (f"'first' message: the loser of battle {len(match.winners)} chooses who goes first "
            f"(BOS: the loser chooses), and that is player {match.chooser() + 1}, not you")


class Claims:
    """A seat's claim that it won the battle: the other seat agrees by conceding it (so the result is in the record
    the guest audits, made by the loser's own command), or refuses. Mixed into HostSession and GuestSession."""

    claimed = None  # the battle the other seat claimed, awaiting this player's answer
    on_claim = None  # (battle) the other seat claims it won: answer with answer_claim(accept)

    def claim(self) -> str | None:
        """Say this player won the battle being played; None if said, else why not."""
        why = self._claim_refusal()
        if why:
            return why
        self._send_match({"type": "claim", "battle": self.match.battle})
        return None

    def concede_battle(self) -> None:
        """This player lost the battle being played: it concedes it (CR 1-2-4), and the other seat wins it."""
        if self.match is not None and not self.game_over():
            self._concede()

    def answer_claim(self, accept: bool) -> None:
        battle, self.claimed = self.claimed, None
        if battle is None or self._claim_refusal():
            return
        self._send_match({"type": "claim_answer", "battle": battle, "accept": accept})
        if accept:
            self._concede()

    def _claim_refusal(self) -> str | None:
        if self.match is None:
            return "only a battle of a match is claimed"
        if self.game_over():
            return "the battle is over"
        return None

    def _claim_msg(self, msg: dict, peer: str) -> None:
        if self.match is None:
            from .link import PeerError

            raise PeerError("unexpected", f"'{msg['type']}' message: this is no match")
        if msg["battle"] != self.match.battle or self.game_over():
            return  # about a battle no longer played: nothing to answer
        if msg["type"] == "claim_answer":
            self._status(f"{peer} {'agreed: they concede' if msg['accept'] else 'does not agree'} that you won "
                         f"battle {msg['battle']}")
            return
        if self.claimed is not None or self.on_claim is None:  # one at a time; a headless player does not agree
            self._send_match({"type": "claim_answer", "battle": msg["battle"], "accept": False})
            return
        self.claimed = msg["battle"]
        self._status(f"{peer} says they won battle {msg['battle']}")
        self.on_claim(msg["battle"])
