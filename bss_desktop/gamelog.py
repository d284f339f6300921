"""Game log lines from engine events, with rule references, for one viewer.

`describe(game, event, viewer)` returns a line of text or "" for events not
worth a line. `viewer` None means an all-seeing log (replays, the demo).
Card identities hidden from the viewer are not named. Players are named by
`game.names` where the game knows them (LAN games, positions that name them),
else "Player 1" / "Player 2".
"""
from __future__ import annotations

from .carddb.cards import display_name

def _name(game, cid) -> str:
    card = game.db.get(cid) if isinstance(cid, str) else None
    return display_name(card) if card is not None else "a card"  # a LAN guest is not told hidden identities


def _card(game, iid) -> str:
    card = game.state.cards.get(iid) if isinstance(iid, int) else None
    return _name(game, card.cid) if card is not None else "a card"


def _player_name(game, p) -> str:
    """The name the game knows for player p (one line, as a peer may send anything), or ""."""
    names = getattr(game, "names", None)
    if not (isinstance(p, int) and isinstance(names, (list, tuple)) and 0 <= p < len(names)):
        return ""
    name = names[p]
    return " ".join(name.split()) if isinstance(name, str) else ""


def _who(game, p: int) -> str:
    """A player as the log names them: their name when the game knows it (a LAN game), else "Player N";
    two players of the same name keep their numbers too."""
    name = _player_name(game, p)
    if not name:
        return f"Player {p + 1}"
    if name.casefold() == _player_name(game, 1 - p).casefold():
        return f"{name} (Player {p + 1})"
    return name


def _whose_name(game, p: int) -> str:
    return f"{_who(game, p)}'s"


def _loc(game, loc) -> str:
    if isinstance(loc, int):
        return _card(game, loc)
    if loc in ("trash", "reserve", "life", "void"):
        return loc
    zone = game.profile.zones.get(loc) if isinstance(loc, str) else None  # a profile's zone of pieces (the Count)
    return zone.label.lower() if zone is not None else str(loc)[:40]


def _whose(game, d) -> str:
    """'their' when a player acts on their own things, else the owner's name (manual moves)."""
    return "their" if d["owner"] == d["player"] else _whose_name(game, d["owner"])


def _keyword_name(name: str) -> str:
    from .carddb.effects import KEYWORD_NAMES

    return KEYWORD_NAMES.get(name, name)


def _look(game, d, viewer) -> str:
    """An effect's look at a deck or a hand (CR 12-3-1): only the player looking reads the names."""
    who, owner = _who(game, d["player"]), d.get("owner", d["player"])
    zone = d.get("zone") or "deck"
    n = d.get("count") or len(d.get("cards") or ())
    cids = d.get("cids")
    mine = owner == d["player"]
    if zone == "hand":
        what = "their hand" if mine else f"{_whose_name(game, owner)} hand"
    else:
        what = f"{n} card{'s' if n != 1 else ''} of {'their' if mine else _whose_name(game, owner)} deck"
    line = f"{who} looks at {what}"
    if (viewer is None or viewer == d["player"]) and cids:
        line += ": " + ", ".join(_name(game, c) for c in cids)
    return line + " (CR 12-3-1)."


MANUAL_MARK = "  Resolve by hand"  # how every line of an effect the players resolve by hand begins


def _moment(game, d) -> str:
    """The trigger of an announced manual effect as its card prints it ("When Attacks", "Burst (after your life
    is reduced)"), read from this side's card data; "" if it can't be told (the event comes from a peer)."""
    from .carddb.card_text import trigger_label

    card = game.db.get(d.get("cid")) if isinstance(d.get("cid"), str) else None
    indices = d.get("effects")
    if card is None or not isinstance(indices, list) or not indices:
        return ""
    i = indices[0]
    if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < len(card.effects):
        return ""
    effect = card.effects[i]
    if effect.kind not in ("triggered", "burst") or effect.trigger is None:
        return ""
    label = trigger_label(effect).rstrip(":")
    return label[1:-1] if label.startswith("(") and label.endswith(")") else label


def _manual_effect(game, d, viewer) -> str:
    """Text the players resolve by hand, when its moment comes: a card's constant, activated and magic effects as
    it is played; a triggered effect when its trigger fires; a set burst's when its condition is met, told to its
    owner alone (a hidden card, CR 3-8-2)."""
    texts = " / ".join(t for t in d.get("texts") or () if isinstance(t, str))
    name = _name(game, d.get("cid"))
    if "trigger" not in d:
        return f"{MANUAL_MARK}: {name}: {texts}"
    moment = _moment(game, d)
    where = f"{name} ({moment})" if moment else name
    if d.get("burst"):
        if viewer is not None and viewer != d.get("player"):
            return ""
        return f"{MANUAL_MARK} if you activate your burst (CR 10-9) — {where}: {texts}"
    return f"{MANUAL_MARK} now — {where}: {texts}"


def _table_line(game, d: dict, who: str, viewer: int | None) -> str:
    """A manual move on what a game's profile adds to the table (engine/table_moves.py); a line that names what
    this game's profile lacks (a peer's event) reads as a plain change."""
    try:
        return _table_change(game, d, who, viewer)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError):
        return f"{who} (by hand) changes something on the table." if d.get("what") else ""


def _table_change(game, d: dict, who: str, viewer: int | None) -> str:
    what, profile = d["what"], game.profile
    if what == "random_card":
        return f"{who} picks a card of {_whose_name(game, d['owner'])} hand at random (of {d['count']}):"
    if what == "order":
        z = profile.zones.get(d["zone"])
        return f"{who} (by hand) reorders {_whose_name(game, d['owner'])} {(z.label if z else d['zone']).lower()}."
    if what == "contract":  # ETR §Contract Card: the card itself is revealed next
        return f"{who} takes a contract card into the opening hand and draws {profile.setup['contract']['draw']}." \
            if d["take"] else f"{who} takes no contract card and draws the opening hand."
    if what == "step":
        label = profile.step_label(d["step"]) if d["step"] in profile.steps else d["step"]
        return f"{who} moves the turn on: turn {d['turn']}, {_who(game, d['turn_player'])}'s {label.lower()} step."
    card = game.state.cards.get(d.get("card")) if isinstance(d.get("card"), int) else None
    mark = game.state.table.marks.get(card.iid) if card is not None and game.state.table is not None else None
    unseen = viewer is not None and card is not None and card.owner != viewer and mark is not None and mark.down
    name = "a face-down card" if unseen else _card(game, d["card"]) if "card" in d else ""
    if what == "flip":
        return f"{who} (by hand) turns {name} face {'down' if d['down'] else 'up'}."
    if what == "side":
        return f"{who} (by hand) turns {name} to its {'side B' if d['back'] else 'front'}: {d['name']}."
    if what == "turn":
        o = profile.orientations[d["to"]]
        return f"{who} (by hand) turns {name}: {o.label.lower()}."
    if what == "counter" and "after" in d:  # an ATK/RST modifier (engine/table_stats.py): the number itself
        kind = profile.card_counters[d["name"]]
        label = profile.cards.fields[kind.stat].label or kind.stat
        change = d["delta"] * kind.step
        return f"{who} (by hand) changes {name}'s {label} by {change:+}: {d['before']} → {d['after']}."
    if what == "counter":
        kind = profile.card_counters[d["name"]]
        n = abs(d["delta"])
        label = d["label"] or kind.label.lower() + ("s" if n != 1 else "")
        verb = f"puts {n} {label} on" if d["delta"] > 0 else f"takes {n} {label} off"
        return f"{who} (by hand) {verb} {name} ({d['count']} now)."
    if what == "attach":
        combines = card is not None and game.profile.cards.types.get(game.db[card.cid].type, {}).get("combines")
        if d["host"] is None:
            return f"{who} (by hand) {'separates' if combines else 'detaches'} {name}."
        return f"{who} (by hand) {'combines' if combines else 'attaches'} {name} {'with' if combines else 'to'} " \
               f"{_card(game, d['host'])}."
    if what == "tracker":
        t = profile.trackers[d["name"]]
        b, a = d["before"], d["after"]
        owner = d["owner"]
        if d["op"] == "adjust":
            change = a[owner] - b[owner]
            return (f"{who} (by hand): {_whose_name(game, owner)} {t.label} {change:+,} "
                    f"({b[owner]:,} → {a[owner]:,}).")
        moved = b[owner] - a[owner]
        verb = "transfers" if d["op"] == "transfer" else "pays each opponent"
        return (f"{who} (by hand): {_who(game, owner)} {verb} {moved:,} {t.label} — {_who(game, 0)} "
                f"{b[0]:,} → {a[0]:,}, {_who(game, 1)} {b[1]:,} → {a[1]:,}.")
    if what == "use":
        return (f"{who} uses {name} ({d['timing'].capitalize()}, {profile.step_label(d['step']).lower()} step): "
                f"to the trash; pay its cost and resolve it by hand.")
    if what == "summon":
        return f"{who} summons {name} at LV{d['level']} ({d['cores']} core(s) from the reserve); pay its cost by hand."
    if what == "ready":
        o, z = profile.orientations[d["to"]], profile.zones[d["zone"]]
        return (f"{who} (by hand) readies {_whose_name(game, d['owner'])} {z.label.lower()}: {len(d['cards'])} "
                f"card(s) to {o.label.lower()}" + (f" ({d['rule']})." if d.get("rule") else "."))
    if what == "attacked":
        if d["attacked"]:
            return f"{who} (by hand) attacks with {name}: marked as having attacked this turn."
        return f"{who} (by hand) clears {name}'s attack mark."
    if what == "browse":
        z = profile.zones[d["zone"]]
        if d["owner"] == d["player"]:
            return f"{who} shows {_whose_name(game, d['owner'])} {z.label.lower()} to the other player."
        return f"{who} looks through {_whose_name(game, d['owner'])} {z.label.lower()}."
    if what == "card_token":
        stats = ", ".join(f"{(profile.cards.fields[k].label or k)} {v}" for k, v in d["stats"]
                          if profile.cards.fields[k].kind == "int")
        zone = profile.zones[profile.tokens["zone"]].label.lower()
        return f"{who} (by hand) makes a {d['name']} token ({stats}) in {_whose_name(game, d['owner'])} {zone}."
    return ""


def _turn_line(game, d: dict, viewer: int | None) -> str:
    """A line of the turn's table (engine/table_turn.py): a deck-out loss, or a reminder the sandbox does not
    enforce."""
    try:
        rule, who, what = d["rule"], _who(game, d["player"]), d.get("what")
        if "what" not in d:
            return f"  {who} cannot draw: loses ({rule})."
        if what == "hand_limit":
            return (f"  Reminder: {_whose_name(game, d['player'])} hand holds {d['count']}, more than {d['over']}: "
                    f"discard down to {d['down_to']} ({rule}).")
        z = game.profile.zones.get(d["zone"])
        where = (z.label if z else d["zone"]).lower()
        if what == "set_this_turn":
            return (f"  Note: {_card(game, d['card'])} was set this turn; it is activated on a later turn ({rule}; "
                    f"the sandbox lets it be).")
        if what == "step_ban":
            step = game.profile.step_label(d["step"]).lower()
            return f"  Note: no {where} cards in the {step} step ({rule}; the sandbox lets it be)."
    except (KeyError, TypeError, AttributeError):
        pass
    return ""


def describe(game, event, viewer: int | None) -> str:
    """One line of the game log for `event` as `viewer` may see it (None: everything), in the rule numbers of the
    game's own document (a rules module words Saga's citations in its own: Game.cited)."""
    own = getattr(game, "describe_event", None)  # a game with words of its own (Battle of Souls: rules/bos/log.py)
    text = own(event, viewer) if own is not None else None
    if text is not None:
        return text
    text = _describe(game, event, viewer)
    cited = getattr(game, "cited", None)
    return cited(text) if cited is not None and "CR " in text else text


def _describe(game, event, viewer: int | None) -> str:
    k, d = event.kind, event.data
    if k == "setup":
        rules = getattr(game, "profile", None) is None or game.profile.rules is not None
        return f"{_who(game, d['first_player'])} goes first{' (CR 5-2-6)' if rules else ''}."
    if k == "mulligan":
        profile = getattr(game, "profile", None)
        if profile is not None and profile.rules is None:  # another game's opening (table/opening.py)
            setup = profile.setup
            if d["redraw"]:
                return (f"{_who(game, d['player'])} takes a mulligan: the hand goes back and "
                        f"{setup['hand']} new cards are drawn.")
            bonus = f" and draws {setup['keep_bonus']}" if setup["keep_bonus"] else ""
            return f"{_who(game, d['player'])} keeps their hand{bonus}."
        return f"{_who(game, d['player'])} {'mulligans (CR 5-2-7)' if d['redraw'] else 'keeps and draws 1 (CR 5-2-7)'}."
    if k == "step":
        if d["step"] == "start":
            return f"— Turn {d['turn']}: {_who(game, d['player'])} —"
        return ""
    if k == "draw":
        if viewer is None or viewer == d["player"]:
            return f"{_who(game, d['player'])} draws {_card(game, d['card'])}."
        return f"{_who(game, d['player'])} draws a card."
    if k == "card_moved":
        who, name = _who(game, d["owner"]), _name(game, d.get("cid"))
        reason = d["reason"]
        if reason == "summon":
            return f"{who} summons {name} (CR 10-6)."
        if reason == "place":
            return f"{who} places {name} (CR 10-7)."
        if reason == "destroyed":
            return ""
        if reason == "pending_over":  # Standard: what its leaving triggered has resolved
            where = "the trash" if d["dst"] == "trash" else "the game"
            return f"{who}'s {name} leaves its pending state for {where} (STD 10-2-2-5)."
        if reason == "set_burst":
            hidden = viewer is not None and viewer != d["owner"]
            return f"{who} sets {'a burst' if hidden else name + ' as a burst'} (CR 6-6-1-2-2)."
        if reason == "discard" and d["src"] == "burst":
            return f"{who}'s earlier burst {name} is discarded (CR 3-8-3)."
        if reason == "burst_activated":
            return f"{who} activates the burst {name} (CR 10-9)."
        if reason == "token":
            return f"{who} summons a {name} token (CR 4-12)."
        if reason == "search":  # taken from the top of the deck by an effect (a revealed or a shown card)
            return f"{who} adds {name} to their hand."
        if reason in ("bounce", "recover", "luster"):
            return f"{who}'s {name} returns to the hand."
        if reason in ("mill", "crush"):
            return f"{who}'s {name} is discarded from the deck{' by 【Crush】 (CR 11-11)' if reason == 'crush' else ''}."
        return ""
    if k == "magic_used":
        if d.get("window") == "burst":  # a burst going on to use its magic effect
            return f"  {_who(game, d['player'])}'s burst {_name(game, d['cid'])} uses its magic effect (CR 10-9)."
        return f"{_who(game, d['player'])} uses {_name(game, d['cid'])} (CR 10-8)."
    if k == "look":
        return _look(game, d, viewer)
    if k == "shuffle":
        return f"  {_whose_name(game, d['player'])} deck is shuffled."
    if k == "reveal":
        why = d.get("why")
        if why == "search":  # each card an effect turns over from the top of a deck: public (CR 12-2)
            return f"  {_who(game, d['player'])} reveals {_name(game, d.get('cid'))} from the top of their deck."
        if why == "taken":  # a card taken from a private look is shown (CR 12-2-1)
            return f"  {_who(game, d['player'])} reveals {_name(game, d.get('cid'))} (CR 12-2-1)."
        return ""
    if k == "cost_paid":
        soul = " with the soul core" if d.get("soul") else ""
        return f"  pays the cost of {_card(game, d['card'])}'s effect{soul} (CR 8-4)."
    if k == "cores_moved":
        if d["reason"] in ("pay",):
            n = d["count"] + (1 if d["soul"] else 0)
            return f"  pays {n} core(s) from {_loc(game, d['src'])}{' (soul core)' if d['soul'] else ''}."
        if d["reason"] == "damage":
            return ""
        if d["reason"] == "move":
            n = d["count"] + (1 if d["soul"] else 0)
            soul = " incl. the soul core" if d["soul"] else ""
            return (f"{_who(game, d['player'])} moves {n} core(s){soul}: "
                    f"{_loc(game, d['src'])} → {_loc(game, d['dst'])} (CR 6-6-1-2-3).")
        return ""
    if k == "attack":
        return f"{_who(game, d['player'])} attacks with {_card(game, d['card'])} (CR 7-1-1)."
    if k == "block":
        if d["card"] is None:
            return f"{_who(game, d['player'])} does not block."
        return f"{_who(game, d['player'])} blocks with {_card(game, d['card'])} (CR 7-1-3)."
    if k == "battle_result":
        return f"  BP {d['attacker_bp']} against {d['blocker_bp']} (CR 7-1-5-2-1)."
    if k == "damage":
        return f"  {_who(game, d['player'])} loses {d['amount']} life (CR 7-1-5-3-1)."
    if k == "depleted":  # below its Lv1 cost: not destruction (STD 5-11)
        by = " by an effect" if d["cause"][0] == "depleted_effect" else ""
        return f"  {_card(game, d['card'])} is depleted{by}: fewer cores than its Lv1 cost (STD 5-11-1)."
    if k == "destroyed":
        how = "self-destroyed (CR 10-1-1-1)" if d["self_destruction"] else {
            "battle": "destroyed in battle (CR 7-1-5-2-1)", "rule": "destroyed (CR 9-3-2)"}.get(d["cause"][0], "destroyed")
        return f"  {_card(game, d['card'])} is {how}."
    if k == "manual":
        who, what = _who(game, d["player"]), d["what"]
        if what == "move":
            card = game.state.cards.get(d["card"]) if isinstance(d["card"], int) else None
            zone = game.profile.zones.get(d["to"])
            secret = d["to"] in ("hand", "deck") or (zone is not None and (
                zone.visibility != "public" or zone.face == "down"))
            hidden = viewer is not None and (card is None or viewer != card.owner) and secret
            name = "a card" if hidden else _card(game, d["card"])
            where = d["to"] if game.profile.id == "bss" or zone is None else zone.label.lower()
            return f"{who} (by hand) moves {name} to the {where}."
        if what == "cores":
            n = d["count"] + (1 if d["soul"] else 0)
            return (f"{who} (by hand) moves {n} of {_whose_name(game, d['owner'])} core(s): "
                    f"{_loc(game, d['src'])} → {_loc(game, d['dst'])}.")
        if what == "exhaust" and d.get("heavy") is True:
            return f"{who} (by hand) refreshes {_card(game, d['card'])}: heavy exhausted → exhausted."
        if what == "exhaust":
            turned = [o for o in game.profile.orientations.values() if o.angle == (90 if d["exhausted"] else 0)]
            if game.profile.id != "bss" and turned:  # the game's own words: rest / attack position
                return f"{who} (by hand) turns {_card(game, d['card'])}: {turned[0].label.lower()}."
            return f"{who} (by hand) {'exhausts' if d['exhausted'] else 'refreshes'} {_card(game, d['card'])}."
        if what == "deck":
            verb = "draws" if d["to"] == "hand" else "mills"
            return f"{who} (by hand) {verb} {d['count']} card(s) from {_whose(game, d)} deck."
        if what == "look":
            return f"{who} (by hand) looks at {d['count']} card(s) of {_whose(game, d)} deck."
        if what == "shuffle":
            return f"{who} (by hand) shuffles {_whose_name(game, d['owner'])} deck."
        if what == "random":
            if d["sides"] == 2:
                return f"{who} flips a coin: {'heads' if d['result'] == 1 else 'tails'}."
            return f"{who} rolls a d{d['sides']}: {d['result']}."
        if what == "token":
            return f"{who} (by hand) puts a {d['name']} token on {_whose_name(game, d['owner'])} field."
        if what == "note":
            return f"{who} notes: {d['text']}"
        if what == "reveal":
            return f"{who} reveals {', '.join(_name(game, c) for c in d['cids'])}."
        return _table_line(game, d, who, viewer)
    if k == "capacity":
        return (f"  Note: {_whose_name(game, d['player'])} {d['label'].lower()} hold {d['count']}; "
                f"{game.profile.name} allows {d['max']} (the sandbox lets it be).")
    if k in ("deck_out", "table_warning"):
        return _turn_line(game, d, viewer)
    if k == "tracker_mark":
        t = game.profile.trackers.get(d["name"])
        what = "the winning mark" if d["mark"] == "win_at" else "the losing mark"
        return f"  {_who(game, d['player'])} reaches {d['value']:,} {t.label if t else d['name']}: {what} ({d['at']:,})."
    if k == "activate":
        return f"{_who(game, d['player'])} activates {_card(game, d['card'])}'s effect (CR 8-1-3)."
    if k == "keyword":
        return f"  【{_keyword_name(d['keyword'])}】 of {_card(game, d['card'])} (CR 11)."
    if k == "linked":  # Saga's 【Link】 (docs/saga-rulings.md "Link")
        return f"  {_card(game, d['card'])} links with {_card(game, d['attacker'])} for this battle (【Link】)."
    if k == "manual_effect":
        return _manual_effect(game, d, viewer)
    if k == "substituted":
        return f"  {_card(game, d['card'])} stays on the field instead (CR 8-9, 10-5)."
    if k == "destruction_prevented":
        if d.get("by") == "restriction":  # "cannot be destroyed by ..." (rules/bss/protection.py)
            return f"  An effect keeps {_card(game, d['card'])} from being destroyed (CR 1-3-3)."
        return f"  【A.T. Field】 keeps {_card(game, d['card'])} from being destroyed (CR 11-13)."
    if k == "effect_fizzled":
        why = {"declined": "its player chose not to pay its cost (CR 8-4-1)",
               "condition": "its condition is not met as it resolves (CR 8-3-3)"}.get(
            d.get("reason"), "its cost cannot be paid (CR 8-4-2-4)")
        return f"  The effect of {_card(game, d['card'])} does not activate: {why}."
    if k == "concede":
        return f"{_who(game, d['player'])} concedes (CR 1-2-4)."
    if k == "game_over":
        if d["winner"] is None:
            return f"The game is a draw: {d['reason']}."
        return f"{_who(game, d['winner'])} wins: {d['reason']}."
    return ""
