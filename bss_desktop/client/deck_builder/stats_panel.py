"""The deck's statistics (carddb/deck_stats.py drawn): cost curve by type, colours by card and by symbol, types,
families, bursts, keywords, reduction coverage, and the odds of an opening hand holding at least N cards of a group
the player writes as a browser query.
"""
from __future__ import annotations

from PySide6.QtCore import QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QPainter
from PySide6.QtWidgets import (
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QScrollArea,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from bss_desktop.carddb.cards import display_name
from bss_desktop.carddb.deck_stats import COST_BUCKETS, deck_stats, opening_odds
from bss_desktop.carddb.query import QueryError
from bss_desktop.client.faces.draw import COLOR_HEX

TYPE_COLORS = {"spirit": "#60a5fa", "nexus": "#a78bfa", "magic": "#f59e0b", "ultimate": "#f472b6",
               "brave": "#34d399"}
OTHER_TYPE_COLOR = "#94a3b8"
DEFAULT_GROUP = "t:spirit cost<=3"


class CostCurve(QWidget):
    """Copies per cost (7 = 7+), stacked by card type, with the number over each bar."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("CostCurve")
        self.by_type: dict[str, dict[int, int]] = {}
        self.setMinimumHeight(130)
        self.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Fixed)

    def set_curve(self, by_type: dict[str, dict[int, int]]) -> None:
        self.by_type = by_type
        self.update()

    def paintEvent(self, _event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.Antialiasing)
        w, h = self.width(), self.height()
        label_h, top = 16, 16
        totals = {b: sum(t.get(b, 0) for t in self.by_type.values()) for b in COST_BUCKETS}
        peak = max([*totals.values(), 1])
        slot = w / len(COST_BUCKETS)
        bar_w = slot * 0.62
        p.setPen(QColor("#8893a6"))
        for i, b in enumerate(COST_BUCKETS):
            x = i * slot + (slot - bar_w) / 2
            base = h - label_h
            y = base
            for kind, counts in self.by_type.items():  # stacked in the game's type order
                n = counts.get(b, 0)
                if not n:
                    continue
                bh = (base - top) * n / peak
                y -= bh
                p.fillRect(QRectF(x, y, bar_w, bh), QColor(TYPE_COLORS.get(kind, OTHER_TYPE_COLOR)))
            p.setPen(QColor("#e3e8f0"))
            if totals[b]:
                p.drawText(QRectF(x - 4, y - 15, bar_w + 8, 14), Qt.AlignCenter, str(totals[b]))
            p.setPen(QColor("#8893a6"))
            p.drawText(QRectF(i * slot, base + 1, slot, label_h - 1), Qt.AlignCenter,
                       f"{b}+" if b == COST_BUCKETS[-1] else str(b))
        p.end()


class Bars(QWidget):
    """Horizontal bars, one row per colour: a swatch and name, the bar, the number."""

    ROW = 18

    def __init__(self, title: str, parent=None) -> None:
        super().__init__(parent)
        self.title = title
        self.rows: list[tuple[str, float]] = []
        self.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Fixed)

    def set_rows(self, rows: dict[str, float]) -> None:
        self.rows = list(rows.items())
        self.setFixedHeight(self.ROW * (len(self.rows) + 1) + 4)
        self.update()

    def paintEvent(self, _event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.Antialiasing)
        w = self.width()
        p.setPen(QColor("#8893a6"))
        p.drawText(QRectF(0, 0, w, self.ROW), Qt.AlignLeft | Qt.AlignVCenter, self.title)
        peak = max([n for _, n in self.rows] + [1])
        name_w, num_w = 56, 34
        for i, (name, n) in enumerate(self.rows):
            y = self.ROW * (i + 1)
            color = QColor(COLOR_HEX.get(name, "#94a3b8"))
            p.setPen(color)
            p.drawText(QRectF(0, y, name_w, self.ROW), Qt.AlignLeft | Qt.AlignVCenter, name.capitalize())
            bar = max(2.0, (w - name_w - num_w - 6) * n / peak)
            p.fillRect(QRectF(name_w, y + 4, bar, self.ROW - 8), color)
            p.setPen(QColor("#e3e8f0"))
            p.drawText(QRectF(w - num_w, y, num_w, self.ROW), Qt.AlignRight | Qt.AlignVCenter, f"{n:g}")
        p.end()


class StatsPanel(QScrollArea):
    """Statistics of the deck being edited; `update_stats(draft)` after every edit."""

    oddsChanged = Signal()

    def __init__(self, db, index, parent=None, profile=None) -> None:
        super().__init__(parent)
        self.db, self.index = db, index  # index: the browser's CardIndex, so a group is written as a query
        # another game's cards have no costs or colours: its types and its own fields are counted instead
        self.profile = profile if profile is not None and profile.cards.shape == "plain" else None
        # a Battle Spirits game's own card types (labels as its profile writes them) and whether it has bursts
        self.type_labels = {t: spec.get("label") or t.capitalize() for t, spec in profile.cards.types.items()} \
            if profile is not None else {t: t.capitalize() for t in TYPE_COLORS if t in ("spirit", "nexus", "magic")}
        self.bursts = profile is None or "burst" in profile.zones
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.NoFrame)
        body = QWidget(objectName="Stats")
        self.setWidget(body)
        lay = QVBoxLayout(body)
        lay.setContentsMargins(6, 6, 6, 6)
        lay.setSpacing(6)
        self.cards: list[str] = []
        self.rules = None
        self.curve_title = self._title("Cost curve")
        lay.addWidget(self.curve_title)
        self.curve = CostCurve()
        lay.addWidget(self.curve)
        legend = " ".join(f"<span style='color:{TYPE_COLORS.get(t, OTHER_TYPE_COLOR)}'>■</span> {label}"
                          for t, label in self.type_labels.items())
        self.summary = QLabel(objectName="StatsSummary")
        self.summary.setTextFormat(Qt.RichText)
        self.summary.setWordWrap(True)
        self.legend = QLabel(legend)
        lay.addWidget(self.legend)
        lay.addWidget(self.summary)
        self.colour_title = self._title("Colours")
        lay.addWidget(self.colour_title)
        row = QHBoxLayout()
        self.by_card = Bars("by card")
        self.by_symbol = Bars("by symbol")
        self.by_symbol.setToolTip("Symbols on the deck's spirits and nexuses (a two-colour symbol counts for both)")
        row.addWidget(self.by_card)
        row.addSpacing(12)
        row.addWidget(self.by_symbol)
        lay.addLayout(row)
        self.details = QLabel(objectName="StatsDetails")
        self.details.setTextFormat(Qt.RichText)
        self.details.setWordWrap(True)
        lay.addWidget(self.details)
        lay.addWidget(self._title("Opening hand odds"))
        form = QFormLayout()
        self.group = QLineEdit(self._default_group(), objectName="OddsGroup")
        self.group.setToolTip("The group of cards counted, written as a card-list search (e.g. t:spirit cost<=3, "
                              + ("burst, " if self.bursts else "") + "\"Ashwing Drake\")")
        self.group.textChanged.connect(lambda _t: self._update_odds())
        form.addRow("Group", self.group)
        self.at_least = QSpinBox(objectName="OddsAtLeast")
        self.at_least.setRange(1, 5)
        self.at_least.setValue(1)
        self.at_least.valueChanged.connect(lambda _v: self._update_odds())
        form.addRow("At least", self.at_least)
        lay.addLayout(form)
        self.odds = QLabel(objectName="Odds")
        self.odds.setTextFormat(Qt.RichText)
        self.odds.setWordWrap(True)
        lay.addWidget(self.odds)
        lay.addStretch(1)
        if self.profile is not None:  # no cost curve or colours: the summary and details say what the game has
            for w in (self.curve_title, self.curve, self.legend, self.colour_title, self.by_card, self.by_symbol):
                w.hide()

    def _default_group(self) -> str:
        """The group the odds count at first: cheap spirits, or another game's first value of its first list field
        (Battle of Souls: Warrior-class fighters, whose count decides a mulligan)."""
        if self.profile is None:
            return DEFAULT_GROUP
        field = None if self.profile.cards.shape == "battle_spirits" else next(
            (f for f in self.profile.cards.fields.values() if f.kind == "enum"), None)
        return f"{field.name}={field.values[0].lower()}" if field is not None else f"t:{next(iter(self.profile.cards.types))}"

    @staticmethod
    def _title(text: str) -> QLabel:
        label = QLabel(text)
        f = QFont(label.font())
        f.setBold(True)
        label.setFont(f)
        return label

    def update_stats(self, cards: list[str], rules) -> None:
        self.cards, self.rules = [c for c in cards if c in self.db], rules
        if self.profile is not None:
            self._game_stats()
            self._update_odds()
            return
        s = deck_stats(self.cards, self.db, self.type_labels)
        self.curve.set_curve(s.cost_curve_by_type)
        types = ", ".join(f"{n} {self.type_labels.get(k, k)}" for k, n in s.types.items())
        self.summary.setText(f"<b>{s.size}</b> cards · average cost <b>{s.average_cost:.2f}</b>"
                             + (f" · {types}" if types else ""))
        self.by_card.set_rows(s.colors_by_card)
        self.by_symbol.set_rows(s.colors_by_symbol)
        fams = ", ".join(f"{k} {n}" for k, n in list(s.families.items())[:10]) or "—"
        kws = ", ".join(f"{k} {n}" for k, n in s.keywords.items()) or "—"
        bursts = ", ".join(f"{n}× {display_name(self.db[i])}" for i, n in s.burst_cards) or "—"
        r = s.reduction
        cover = (f"{r.covered} of {r.with_reduction} cards with reductions have them all met by the deck's "
                 f"symbols") if r.with_reduction else "no card has a reduction"
        colours = " · ".join(f"{c} {asked} / {given}" for c, (asked, given) in r.by_color.items())
        colours = f"reduction symbols asked / cards giving that colour's symbol: {colours}" if colours else ""
        missing = "".join(f"<br><span style='color:#fbbf24'>⚠ {display_name(self.db[i])}: no other card gives a {'/'.join(cols)} "
                          f"symbol</span>" for i, cols in r.uncovered[:6])
        self.details.setText(
            f"<b>Families</b>: {fams}<br>" + (f"<b>Bursts</b> ({s.bursts}): {bursts}<br>" if self.bursts else "")
            + f"<b>Keywords</b>: {kws}<br>"
            f"<b>Reduction coverage</b>: {cover}" + (f"<br><small>{colours}</small>" if colours else "") + missing)
        self._update_odds()

    def _game_stats(self) -> None:
        """Another game's deck: how many of each type and of each value of its list fields, its numbers' averages."""
        from collections import Counter

        cards = [self.db[c] for c in self.cards]
        types = Counter(self.profile.cards.types.get(c.type, {}).get("label") or c.type for c in cards)
        self.summary.setText(f"<b>{len(cards)}</b> cards · " + ", ".join(f"{n} {k}" for k, n in types.items()))
        parts = []
        for f in self.profile.cards.fields.values():
            values = [c.extra[f.name] for c in cards if f.name in c.extra]
            if not values:
                continue
            if f.kind == "enum":
                counts = Counter(values)
                parts.append(f"<b>{f.label or f.name}</b>: " + ", ".join(f"{v} {counts[v]}" for v in f.values
                                                                          if counts[v]))
            elif f.kind == "int":
                parts.append(f"<b>{f.label or f.name}</b>: average {sum(values) / len(values):,.0f}, "
                             f"highest {max(values):,}")
        self.details.setText("<br>".join(parts) or "—")

    def _update_odds(self) -> None:
        if self.rules is None:
            return
        try:
            member = self.index.matcher(self.group.text())
        except QueryError as e:
            self.odds.setText(f"<span style='color:#f87171'>⚠ {e}</span>")
            return
        size = len(self.cards)
        k = sum(1 for c in self.cards if member(c))
        n = self.at_least.value()
        rules = self.rules
        if size < rules.hand:
            self.odds.setText(f"The deck needs at least {rules.hand} cards for an opening hand.")
            return
        o = opening_odds(size, k, n, hand=rules.hand, keep_bonus=rules.keep_bonus)
        kept = f" · after keeping ({rules.hand + rules.keep_bonus} cards): <b>{o.kept:.1%}</b>" if \
            rules.keep_bonus else ""
        self.odds.setText(f"{k} of {size} cards are in the group.<br>At least {n} in the opening {rules.hand}: "
                          f"<b>{o.opening:.1%}</b>{kept}")
        self.oddsChanged.emit()
