"""A fighter's current information (BOS §Glossary: Original ATK/RST): printed ATK and RST, plus the bonuses of the
equipment attached to it, the continuous effects on the field and the changes effects made for a while; its battle
position and its kill tokens. Read-only helpers over a BosGame."""
from __future__ import annotations

ATTACK, REST = "attack", "rest"


def fighters(game, p: int) -> list[int]:
    return game.state.table.areas[p]["fighter"]


def kind(game, iid: int) -> str:
    return game._defs[game.state.cards[iid].cid].type


def cls(game, iid: int) -> str | None:
    return game._defs[game.state.cards[iid].cid].extra.get("class")


def effects(game, iid: int) -> tuple:
    return game._defs[game.state.cards[iid].cid].extra.get("effects", ())


def controller(game, iid: int) -> int:
    """Who controls a card: the side of the field it is on (BOS §Control); a card is kept on its owner's lists."""
    return game.state.cards[iid].owner


def position(game, iid: int) -> str:
    return REST if game.state.cards[iid].exhausted else ATTACK


def kills(game, iid: int) -> int:
    m = game.state.table.marks.get(iid)
    return 0 if m is None else m.counters.get("kill", 0)


def face_down(game, iid: int) -> bool:
    m = game.state.table.marks.get(iid)
    return m is not None and m.down


def stat(game, iid: int, which: str) -> int:
    """ATK or RST now: printed, plus attached equipment's bonus, continuous effects and effects for a while; never
    below 0."""
    st = game.state
    card_def = game._defs[st.cards[iid].cid]
    value = card_def.extra.get(which, 0)
    table = st.table
    for other, m in table.marks.items():  # equipment attached to it (BOS §Attached)
        if m.on == iid and not m.down:
            value += game._defs[st.cards[other].cid].extra.get(f"{which}_mod", 0)
    value += continuous(game, iid, which)
    for card, s, amount, _until in st.rules.mods:
        if card == iid and s == which:
            value += amount
    return max(0, value)


def atk(game, iid: int) -> int:
    return stat(game, iid, "atk")


def rst(game, iid: int) -> int:
    return stat(game, iid, "rst")


def has(game, iid: int, op: str) -> bool:
    """Whether fighter `iid` has `op` (piercing, direct_attack) by a continuous effect of its own."""
    return any(e.kind == "continuous" and any(a.op == op for a in e.do) for e in effects(game, iid))


def continuous(game, iid: int, which: str) -> int:
    """What the continuous effects of face-up cards on the field add to fighter `iid`'s ATK or RST (BOS §Continuous
    Effect: while the card is on the field)."""
    st = game.state
    owner = st.cards[iid].owner
    total = 0
    for p in (0, 1):
        for zone in ("fighter", "equipment", "tactic", "battlefield"):
            for src in st.table.areas[p][zone]:
                if face_down(game, src):
                    continue
                for e in effects(game, src):
                    if e.kind != "continuous":
                        continue
                    for a in e.do:
                        if a.op != "modify" or a.stat != which or not _reaches(game, a.who, src, p, iid, owner):
                            continue
                        total += a.amount
    return total


def _reaches(game, who: str, src: int, p: int, iid: int, owner: int) -> bool:
    if who == "self":
        return src == iid
    if who == "attached":
        m = game.state.table.marks.get(src)
        return m is not None and m.on == iid
    if who == "own_fighters":
        return owner == p
    if who == "opponent_fighters":
        return owner != p
    return who == "all_fighters"
