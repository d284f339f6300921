"""A card's menu entries for a stat modifier (a `card_counters` kind with `stat:`, Battle of Souls' ATK and RST):
"ATK +100", "ATK −100", five steps either way, and "Set ATK…" to a value typed in the decision bar. Each is a
`ManualCounter` of whole steps (engine/table_stats.py adds them up), so it is logged, undone, recorded and sent
over the LAN like any counter.
"""
from __future__ import annotations

from bss_desktop.engine import table_stats
from bss_desktop.engine.commands import ManualCounter

MAX_DELTA = 99  # steps one ManualCounter moves (engine/commands.py: its delta is -99 to 99)


def stat_actions(ctl, menu, card: int, kind) -> None:
    """Add `kind`'s entries to `menu` for `card` when it has the stat and is on the table's rows."""
    game = ctl.game
    b = table_stats.breakdown(game, card).get(kind.stat)
    if b is None or not game.may_turn(game.state.cards[card]):
        return
    label = game.profile.cards.fields[kind.stat].label or kind.stat
    for steps in (1, -1, 5, -5):
        menu.addAction(f"{label} {steps * kind.step:+}".replace("-", "−")).triggered.connect(
            lambda _=False, n=steps: ctl.send(ManualCounter(ctl.viewer, card, kind.name, n)))
    menu.addAction(f"Set {label}…").triggered.connect(lambda: ask_value(ctl, card, kind))


def target_delta(game, card: int, kind, value: int) -> int:
    """The steps that bring `card`'s stat to `value`: what its manual modifier must change by."""
    b = table_stats.breakdown(game, card)[kind.stat]
    manual = dict(b["parts"]).get("manual", 0)
    base = b["printed"] + sum(n for src, n in b["parts"]) - manual  # printed plus equipment
    return round((value - base) / kind.step) - manual // kind.step


def ask_value(ctl, card: int, kind) -> None:
    """A number box in the decision bar, at the stat's current value and within what one command can reach."""
    from PySide6.QtWidgets import QLabel, QSpinBox

    game = ctl.game
    field = game.profile.cards.fields[kind.stat]
    b = table_stats.breakdown(game, card)[kind.stat]
    mark = game.state.table.marks.get(card)
    count = mark.counters.get(kind.name, 0) if mark is not None else 0
    low = max(-kind.max, count - MAX_DELTA) - count
    high = min(kind.max, count + MAX_DELTA) - count
    now = b["printed"] + sum(n for _, n in b["parts"])  # before the floor at the field's min
    box = QSpinBox()
    box.setRange(max(field.min if field.min is not None else -10**6, now + low * kind.step),
                 min(field.max if field.max is not None else 10**6, now + high * kind.step))
    box.setSingleStep(kind.step)
    box.setValue(b["value"])
    name = game.db[game.state.cards[card].cid].name

    def done():
        n = target_delta(game, card, kind, box.value())
        if n:
            ctl.send(ManualCounter(ctl.viewer, card, kind.name, n))

    panel, ok = ctl._bar_form([QLabel(f"{name}'s {field.label or kind.stat} (printed {b['printed']})"), box],
                              "Set", done, [box])
    panel.box, panel.ok = box, ok
    box.setFocus()
