"""The guided first game: a panel that says, at every decision, what you can do now and which rule says so.

It reads the same things the decision bar reads (the pending decision, the legal
commands) and never acts; the player plays. Hints name the gestures and keys.
"""
from __future__ import annotations

from PySide6.QtWidgets import QTextBrowser

from bss_desktop.engine.commands import (
    Attack,
    Block,
    PlaceNexus,
    SetBurst,
    Summon,
    UseMagic,
)

WELCOME = ("<p><b>Welcome!</b> You play the bottom half of the table against the computer. Hover any card to read it "
           "in the Card panel; right-click a card for everything you can do with it. F1 opens a rules summary.</p>")


def hint(game, viewer: int, keys: dict | None = None) -> str:
    """What the guide says now, as HTML, in the rule numbers of the game's own document (Game.cited); `keys` are the
    player's hotkeys (settings.DEFAULT_HOTKEYS by default)."""
    text = _hint(game, viewer, keys)
    cited = getattr(game, "cited", None)
    return cited(text) if cited is not None else text


def _hint(game, viewer: int, keys: dict | None) -> str:
    from bss_desktop.client.windows.settings import DEFAULT_HOTKEYS

    keys = {**DEFAULT_HOTKEYS, **(keys or {})}
    pend = game.pending
    if pend is None:
        r = game.result
        won = r.winner == viewer
        return (f"<p><b>{'You won' if won else 'The game is over'}</b> — {r.reason}.</p><p>Start another game from "
                "the start screen: try the other decks, or a hot-seat game with a friend.</p>")
    if pend.player != viewer:
        return "<p>The computer is deciding. Watch the game log on the right: every line names its rule.</p>"
    legal = game.legal_commands()
    kind = pend.kind
    if kind == "mulligan":  # the game's own opening (its profile's setup)
        from bss_desktop.table.opening import rule

        setup = game.profile.setup
        bonus = setup["keep_bonus"]
        keep = f"Keep it and draw {bonus} card{'s' if bonus > 1 else ''}" if bonus else "Keep it"
        how = ("the hand goes to the bottom of your deck and you draw {}" if setup["mulligan"]["procedure"] ==
               "bottom_then_shuffle" else "the hand is shuffled into your deck, then you draw {}").format(setup["hand"])
        return (f"<p><b>Your opening hand.</b> {keep} (press <b>{keys['keep']}</b>), or mulligan once: {how} "
                f"(<b>{keys['mulligan']}</b>) — {rule(game.profile)}.</p><p>Spirits with a low cost "
                "(the number in the top-left corner) are good to keep.</p>")
    if kind == "main":
        plays = [c for c in legal if isinstance(c, (Summon, PlaceNexus))]
        magic = [c for c in legal if isinstance(c, UseMagic)]
        bursts = [c for c in legal if isinstance(c, SetBurst)]
        second = game.state.step == "second_main"  # Standard's Second Main Step: the main step's actions (STD 7-8-1)
        lines = ["<p><b>Your second main step</b> (STD 7-8): the main step's actions once more.</p>" if second
                 else "<p><b>Your main step</b> (CR 6-6).</p>"]
        if plays:
            lines.append("<p>Drag a highlighted <b>spirit or nexus</b> from your hand onto your field. The payment "
                         "panel shows its cost: cores from your reserve pay for it (CR 10-6-6), then at least its LV1 "
                         "cores go onto it (CR 10-6-7). <b>Enter</b> accepts the suggested payment; a payment "
                         "that would destroy one of your spirits is named in red and needs a click.</p>")
        if magic:
            lines.append("<p>A <b>magic</b> card is dragged onto the Use area in the middle.</p>")
        if bursts:
            lines.append("<p>A card with a <b>burst</b> can be set face down on your burst area (one per turn, "
                         "CR 6-6-1-2-2); it fires on your opponent's turn.</p>")
        if not plays and not magic:
            lines.append("<p>Nothing in your hand can be paid for now: cores come back every turn (core step, "
                         "refresh step).</p>")
        lines.append(f"<p>Then press <b>{keys['end_step']}</b> to end the main step.</p>")
        return "".join(lines)
    if kind == "attack":
        if any(isinstance(c, Attack) for c in legal):
            return ("<p><b>Your attack step</b> (CR 6-7). Double-click a refreshed spirit to attack with it "
                    "(CR 7-1-1). If it is not blocked, your opponent loses as many life cores as it has symbols "
                    f"(CR 7-1-5-3-1). Press <b>{keys['end_step']}</b> when you are done attacking.</p>")
        return f"<p>No refreshed spirit can attack now: press <b>{keys['end_step']}</b> to end the attack step.</p>"
    if kind == "flash":
        return ("<p><b>A flash window</b> (CR 7-1-2): you may use a magic card marked Flash now. Otherwise press "
                f"<b>{keys['pass']}</b> to pass; two passes in a row close the window.</p>")
    if kind == "block":
        can = [c for c in legal if isinstance(c, Block) and c.spirit is not None]
        if can:
            return ("<p><b>You are attacked.</b> Double-click one of your refreshed spirits to block: the spirit with "
                    "fewer BP is destroyed, both on a tie (CR 7-1-5-2-1). Or press "
                    f"<b>{keys['no_block']}</b> to take the damage: you "
                    "lose life cores (CR 7-1-5-3-1).</p>")
        return ("<p><b>You are attacked</b> and none of your spirits can block: press "
                f"<b>{keys['no_block']}</b> to take the "
                "damage (CR 7-1-5-3-1).</p>")
    import html

    info = pend.info
    ck = info.get("kind")
    prompt = html.escape(str(info.get("prompt", "")), quote=False)
    confirm = html.escape(keys["confirm"])
    if ck == "target":
        cards = game.state.cards
        off_board = [k for k in info.get("options", ()) if getattr(cards.get(k), "zone", None) not in ("field", None)]
        where = ("Click the highlighted cards on the board" if not off_board else
                 "Click the cards shown above the buttons (cards from a deck, a trash or a hand)"
                 + (" or highlighted on the board" if len(off_board) < len(info.get("options", ())) else ""))
        text = (f"<p><b>An effect asks you to choose</b>: {prompt}. {where}; a click again takes a card back. Then "
                f"press <b>{confirm}</b> (CR 8-5-3). Hover a card to read it in the Card panel.</p>")
        if info.get("limit") is not None:
            what = "cost" if info.get("limit_by") == "cost" else "BP"
            text += (f"<p>The chosen cards may have at most <b>{info['limit']} {what}</b> in all: Confirm stays grey "
                     "while they have more.</p>")
        return text
    if ck == "cores":
        return ("<p><b>Which cores?</b> (CR 8-5-6) Cores leave a place that holds your <b>soul core</b>: choose "
                "regular cores, or let the soul core be one of them — some effects ask whether the soul core was "
                f"used. <b>{confirm}</b> keeps the soul core.</p>")
    if ck == "effect":
        return ("<p><b>This magic card has more than one effect you can use now</b> (CR 10-8-3): pick one with the "
                "buttons below the board. Only that effect resolves.</p>")
    if ck == "substitute":
        return ("<p><b>A card would be destroyed</b>, and effects can replace that destruction (CR 8-9-2): each "
                "button names the card whose effect it is and what happens instead. Or let it be destroyed.</p>")
    if ck == "may":
        why = (" (CR 8-4-1: paying a “you may … to …” cost is your choice)" if prompt.startswith("pay") else "")
        return (f"<p><b>An effect asks you:</b> {prompt}</p><p>Press <b>{html.escape(keys['yes'])}</b> for yes or "
                f"<b>{html.escape(keys['no'])}</b> for no{why}.</p>")
    return f"<p><b>An effect asks you:</b> {prompt} — use the buttons below the board (CR 8).</p>"


class GuidePanel(QTextBrowser):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.setStyleSheet("background: #141a26; color: #e8ecf4; font-size: 13px;")

    def follow(self, game, viewer: int, keys: dict | None = None) -> None:
        self.setHtml(WELCOME + hint(game, viewer, keys))
