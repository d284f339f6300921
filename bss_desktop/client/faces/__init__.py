"""Which painter draws a game's cards: its profile's `cards.face` (docs/profile-format.md).

Battle Spirits games (Saga, Standard, Eternal) share card_art.py's faces; Battle of Souls has its own
(bos_face.py: class, ATK and RST; sub-types). FaceCache takes the painter: `FaceCache(painter=painter_for(face))`.
"""
from __future__ import annotations


def painter_for(face: str):
    """The function drawing a face of game `face`'s cards, or None for the Battle Spirits faces."""
    if face == "bos":
        from bss_desktop.client.faces.bos import render_bos

        return render_bos
    return None
