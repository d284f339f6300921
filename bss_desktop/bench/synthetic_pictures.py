"""Made-up card pictures for tests and benchmarks: drawn here with QPainter, nothing of a real card.

    write_picture(path, "SYN-0001", "red")            # a 744x1039 PNG shaped like a scanned card
    write_community_folder(root, 12)                  # root/json/Sets/SYN.json + root/images/SYN/<ID>.png

The pictures look enough like a card (a coloured frame, a name bar, an art window with a big id, a text box) for
a screenshot to show where the faces' own banners go over them; every word on them is the card's id.
"""
from __future__ import annotations

import json
from pathlib import Path

PICTURE_SIZE = (744, 1039)  # a card scanned at 300 dpi (63 x 88 mm)
_COLOURS = {"red": "#c8312f", "purple": "#7b3fa0", "green": "#2f8f46", "white": "#d9dde3", "yellow": "#d8b21e",
            "blue": "#2f62c8"}


def write_picture(path, card_id: str, colour: str = "red", size: tuple[int, int] = PICTURE_SIZE,
                  fmt: str | None = None) -> Path:
    """A made-up picture of card `card_id` at `path` (PNG or JPEG by its suffix)."""
    from PySide6.QtCore import QRectF, Qt
    from PySide6.QtGui import QColor, QFont, QImage, QLinearGradient, QPainter, QPen

    w, h = size
    img = QImage(w, h, QImage.Format.Format_ARGB32_Premultiplied)
    img.fill(Qt.GlobalColor.transparent)
    base = QColor(_COLOURS.get(colour, colour))
    p = QPainter(img)
    try:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        u = w / 100.0
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor("#15171c"))
        p.drawRoundedRect(QRectF(0, 0, w, h), 4.5 * u, 4.5 * u)
        p.setBrush(base)
        p.drawRoundedRect(QRectF(2.5 * u, 2.5 * u, w - 5 * u, h - 5 * u), 3.5 * u, 3.5 * u)
        # name bar, art window, text box
        p.setBrush(QColor(20, 20, 24, 230))
        p.drawRoundedRect(QRectF(5 * u, 5 * u, w - 10 * u, 12 * u), 2 * u, 2 * u)
        art = QRectF(5 * u, 19 * u, w - 10 * u, 76 * u)
        g = QLinearGradient(art.topLeft(), art.bottomRight())
        g.setColorAt(0, base.lighter(160))
        g.setColorAt(0.5, base.darker(130))
        g.setColorAt(1, QColor("#101018"))
        p.setBrush(g)
        p.drawRect(art)
        p.setPen(QPen(QColor(255, 255, 255, 90), 1.2 * u))
        for i in range(7):  # a few rings: something to tell the picture from the drawn face
            r = (6 + 6 * i) * u
            p.drawEllipse(art.center(), r, r * 0.8)
        p.setPen(QColor("white"))
        f = QFont()
        f.setPixelSize(round(6.5 * u))
        f.setBold(True)
        p.setFont(f)
        p.drawText(QRectF(8 * u, 5 * u, w - 16 * u, 12 * u), Qt.AlignmentFlag.AlignVCenter, card_id)
        f.setPixelSize(round(11 * u))
        p.setFont(f)
        p.drawText(art, Qt.AlignmentFlag.AlignCenter, card_id.rsplit("-", 1)[-1])
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor("#efe8d8"))
        p.drawRoundedRect(QRectF(5 * u, 98 * u, w - 10 * u, h - 103 * u), 2 * u, 2 * u)
        p.setPen(QColor("#3a342a"))
        f.setPixelSize(round(3.6 * u))
        f.setBold(False)
        p.setFont(f)
        p.drawText(QRectF(8 * u, 100 * u, w - 16 * u, h - 106 * u),
                   Qt.AlignmentFlag.AlignLeft | Qt.TextFlag.TextWordWrap,
                   f"A made-up picture of {card_id} for tests and benchmarks.")
    finally:
        p.end()
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    if not img.save(str(path), fmt):
        raise OSError(f"could not write {path}")
    return path


def community_record(i: int, set_id: str = "SYN") -> dict:
    """A made-up community JSON record (a spirit with two levels and a hand-resolved effect)."""
    colours = ("red", "purple", "green", "white", "yellow", "blue")
    c = colours[i % 6]
    cid = f"{set_id}-{i:03d}"
    return {"name": f"Synthetic Spirit {i}", "ID": cid, "set": set_id, "image": f"images/{set_id}/{cid}.png",
            "color": [c.title()], "cost": str(1 + i % 7), "reduction": [c.title()] * (1 + i % 2),
            "symbols": [c.title()], "cardType": "SPIRIT", "subType": [f"Family {i % 5}"], "rarity": "C",
            "core_requirements": [{"level": 1, "battlePoints": 1000 + 1000 * (i % 5), "cores": 1},
                                  {"level": 2, "battlePoints": 4000 + 1000 * (i % 5), "cores": 3}],
            "effects": [{"levels": [1, 2], "condition": "When Summoned", "keywords": [],
                         "details": f"Synthetic effect number {i}, resolved by hand."}]}


def write_community_folder(root, n: int, *, set_id: str = "SYN", pictures: bool = True,
                           size: tuple[int, int] = PICTURE_SIZE) -> list[str]:
    """The community app's layout under `root` with `n` made-up cards: json/Sets/<set>.json and, with `pictures`,
    images/<set>/<ID>.png. Returns the card ids."""
    root = Path(root)
    records = [community_record(i, set_id) for i in range(n)]
    (root / "json" / "Sets").mkdir(parents=True, exist_ok=True)
    (root / "json" / "Sets" / f"{set_id}.json").write_text(json.dumps(records), encoding="utf-8")
    if pictures:
        for rec in records:
            write_picture(root / "images" / set_id / f"{rec['ID']}.png", rec["ID"], rec["color"][0].lower(), size)
    return [r["ID"] for r in records]
