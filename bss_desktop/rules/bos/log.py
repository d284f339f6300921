"""The game log's lines for Battle of Souls' events (gamelog.describe asks the game first: BosGame.describe_event),
in the rule book's words and sections; a card the viewer may not know is "a card". None: the shared line will do
(a draw, a shuffle, the end of the game)."""
from __future__ import annotations

from . import cites as C


def describe(game, event, viewer: int | None) -> str | None:
    k, d = event.kind, event.data
    who = lambda p: _who(game, p)  # noqa: E731
    name = lambda i: _card(game, i, viewer)  # noqa: E731
    if k == "setup":
        return f"{who(d['first_player'])} goes first ({C.CITES['start']})."
    if k == "mulligan":
        return (f"{who(d['player'])} takes a mulligan: the hand is shown, shuffled back and 5 new cards drawn "
                f"({C.CITES['mulligan']})." if d["redraw"] else f"{who(d['player'])} keeps their hand.")
    if k == "turn":
        return f"— Turn {d['turn']}: {who(d['player'])} —"
    if k == "step":
        return {"battle": "  Battle phase.", "main2": "  Main Phase II."}.get(d["step"], "")
    if k == "deploy":
        return f"{who(d['player'])} deploys {name(d['card'])} ({C.MAIN})."
    if k == "sacrifice":
        return f"  {who(d['player'])} sacrifices {name(d['card'])} ({d.get('rule', C.CLASSES)})."
    if k == "set_card":
        shown = viewer is None or viewer == d["player"]
        what = f"{name(d['card'])} face down" if shown else f"a {d['zone']} card face down"
        return f"{who(d['player'])} sets {what}."
    if k == "activate":
        what = name(d["card"]) + (f"'s effect {d['effect']}" if d["effect"] else "")
        at = f" targeting {', '.join(name(t) for t in d['targets'])}" if d.get("targets") else ""
        return f"{who(d['player'])} activates {what}{at} (chain link {d['chain']}, {C.CHAINS})."
    if k == "trigger":
        at = f" targeting {', '.join(name(t) for t in d['targets'])}" if d.get("targets") else ""
        return f"  {name(d['card'])}'s trigger effect goes on the chain{at}."
    if k == "resolve":
        return f"  {name(d['card'])}{'' if not d['effect'] else chr(39) + 's effect'} resolves."
    if k == "negated":
        return f"  {name(d['card'])}'s activation is negated ({C.CHAINS})."
    if k == "effect_fizzled":
        return f"  {name(d['card'])}'s trigger effect has no target and does not go on the chain."
    if k == "attack":
        whom = "directly" if d["target"] is None else name(d["target"])
        return f"{who(d['player'])} attacks {whom} with {name(d['card'])} ({C.BATTLE_STEP})."
    if k == "replay":
        return f"  Replay: {name(d['card'])} may attack again, another fighter may, or none ({C.REPLAY})."
    if k == "attack_ended":
        return f"  {name(d['card'])} has left the field: no battle."
    if k == "battle":
        if d["target"] is None:
            return f"  {d['atk']} ATK attacks directly ({C.DETERMINE})."
        return f"  {d['atk']} ATK against {d['against']} {'RST' if d['rest'] else 'ATK'} ({C.DETERMINE})."
    if k == "destroy":
        return f"  {name(d['card'])} is destroyed{' in battle' if d.get('battle') else ''}."
    if k == "kill_token":
        return f"  {name(d['card'])} gets a kill token ({d['count']} now, {C.KILL})."
    if k == "sp":
        loser = d["player"]
        sp = d["sp"]
        return (f"  {who(loser)} loses {-d['amount']:,} SP to {who(1 - loser)}"
                f"{' (a cost)' if d['why'] == 'cost' else ''}: {sp[0]:,} – {sp[1]:,}.")
    if k == "discard":
        return f"{who(d['player'])} discards {name(d['card'])}."
    if k == "search":
        shown = viewer is None or viewer == d["player"]
        return f"  {who(d['player'])} adds {name(d['card']) if shown else 'a card'} from their deck to their hand " \
               f"({C.SEARCH})."
    if k == "token":
        return f"  {who(d['player'])} deploys a {d['name']} token ({d['atk']} ATK / {d['rst']} RST)."
    if k == "modify":
        verb = "gains" if d["amount"] > 0 else "loses"
        until = " until the end of this turn" if d["until"] == "turn" else ""
        return f"  {name(d['card'])} {verb} {abs(d['amount'])} {d['stat'].upper()}{until}."
    if k == "position":
        return f"  {name(d['card'])} changes to {d['to']} position."
    if k == "attach":
        return f"  {name(d['card'])} is attached to {name(d['host'])}."
    if k == "extra_deploy":
        return f"  {who(d['player'])} may deploy {d['count']} more fighter(s) this turn."
    if k == "concede":
        return f"{who(d['player'])} concedes."
    if k == "card_moved":
        return {"return_to_hand": f"  {name(d['card'])} returns to its owner's hand.",
                "shuffle_into_deck": f"  {name(d['card'])} is shuffled into its owner's deck.",
                "send_to_discard": f"  {name(d['card'])} is sent to the discard pile.",
                "with_host": f"  {name(d['card'])} goes to the discard pile with its fighter.",
                "no_host": f"  {name(d['card'])} has no fighter to attach to and goes to the discard pile."}.get(
            d["reason"], "")
    if k in ("pass", "end_main", "end_attack", "card_face"):
        return ""
    return None


def _who(game, p: int) -> str:
    names = getattr(game, "names", None) or [None, None]
    return names[p] or f"Player {p + 1}"


def _card(game, iid, viewer) -> str:
    st = game.state
    card = st.cards.get(iid) if isinstance(iid, int) else None
    if card is None:
        return "a card"
    m = st.table.marks.get(iid) if st.table is not None else None
    hidden = viewer is not None and viewer != card.owner and (
        card.zone in ("hand", "deck") or (m is not None and m.down))
    return "a card" if hidden else game.db[card.cid].name
