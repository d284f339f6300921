"""Card faces drawn from card data (bss_desktop/client/faces/battle_spirits.py) and the preview dock (preview.py)."""
import sys

import pytest
from PySide6.QtGui import QColor, QImage

from bss_desktop.carddb.card_text import card_text
from bss_desktop.carddb.cards import CardDef, Level
from bss_desktop.carddb.database import load_default_db
from bss_desktop.carddb.effects import Effect
from bss_desktop.client.faces.battle_spirits import render_face
from bss_desktop.client.faces.cache import FaceCache
from bss_desktop.client.faces.draw import COLOR_HEX, displayable_text
from bss_desktop.client.faces.pieces import core_pixmap, render_back
from bss_desktop.client.windows.preview import CardPreview


def _size(width):
    return width, round(width * 88 / 63)


@pytest.fixture(scope="module")
def db():
    return load_default_db()


@pytest.mark.parametrize("width", [150, 400])
def test_every_shipped_card_renders(qapp, db, width):
    w, h = _size(width)
    for card in db.values():
        pm = render_face(card, w, h)
        assert not pm.isNull(), card.id
        assert (pm.width(), pm.height()) == (w, h), card.id
        # opaque in the middle, transparent in the rounded corner
        img = pm.toImage()
        assert img.pixelColor(w // 2, h // 2).alpha() == 255, card.id
        assert img.pixelColor(0, 0).alpha() == 0, card.id


def test_level_and_bp_render_at_high_dpi(qapp, db):
    card = db["SG1-014"]
    w, h = _size(200)
    pm = render_face(card, w, h, level=3, bp=15000, printed_bp=12000, dpr=2.0)
    assert (pm.width(), pm.height()) == (400, round(h * 2.0))
    assert pm.devicePixelRatio() == 2.0
    assert pm.deviceIndependentSize().width() == pytest.approx(w)


def test_level_highlight_and_bp_change_the_face(qapp, db):
    card = db["SG1-014"]
    w, h = _size(300)
    plain = render_face(card, w, h).toImage()
    at_lv2 = render_face(card, w, h, level=2).toImage()
    raised = render_face(card, w, h, level=2, bp=12000).toImage()  # printed BP at LV2 is 9000
    same = render_face(card, w, h, level=2, bp=9000).toImage()
    assert plain != at_lv2
    assert raised != at_lv2
    assert same == at_lv2  # unchanged BP: no badge


def test_nexus_magic_token_and_dual_cards_render(qapp, db):
    w, h = _size(300)
    for cid in ("SG1-059", "SG1-105", "SG1-127", "CORE-019", "CORE-001A", "SG1-034-TK1"):
        card = db[cid]
        assert not render_face(card, w, h, level=1).isNull()


def test_long_name_and_overlong_text_still_render(qapp):
    card = CardDef(id="T-001", name="An Extraordinarily Long Card Name That Cannot Possibly Fit", type="spirit",
                   colors=("yellow", "blue", "green"), cost=12, reduction=("yellow", "blue", "green", "white", "red"),
                   symbols=(("yellow", "blue"), ("green",), ("red", "white")),
                   families=("Machine", "Star-Beast", "Phantom", "Dragon"),
                   levels=(Level(1, 1, 1000), Level(2, 3, 99000), Level(3, 12, 123000), Level(4, 20, 999000)),
                   additional_name="Also Much Too Long To Be Printed In Full Here", rarity="M", set="T",
                   effects=(Effect(kind="constant", manual=True, text="Words " * 300),))
    for width in (150, 300):
        w, h = _size(width)
        pm = render_face(card, w, h, level=4, bp=1, printed_bp=999000)
        assert not pm.isNull() and pm.width() == w


def test_odd_sizes_render(qapp, db):
    card = db["SG1-014"]
    for w, h in ((1, 1), (40, 56), (300, 300), (120, 400)):
        pm = render_face(card, w, h)
        assert (pm.width(), pm.height()) == (w, h)


def test_back_and_cores_render(qapp):
    w, h = _size(150)
    back = render_back(w, h)
    assert not back.isNull() and (back.width(), back.height()) == (w, h)
    assert back.toImage().pixelColor(w // 2, h // 2).alpha() == 255
    assert render_back(w, h, dpr=1.5).width() == round(w * 1.5)
    core, soul = core_pixmap(32), core_pixmap(32, soul=True)
    assert core.width() == soul.width() == 32
    assert core.toImage() != soul.toImage()
    assert core_pixmap(32, dpr=2.0).width() == 64


def test_displayable_text_keeps_words(qapp):
    text = "【Crush: +1】 LV1① [LV2]"
    shown = displayable_text(text)
    assert "Crush: +1" in shown and "[LV2]" in shown
    assert shown.count("【") + shown.count("⟦") + shown.count("[") >= 2


def test_palette_has_six_distinct_colors():
    colors = [COLOR_HEX[c] for c in ("red", "purple", "white", "yellow", "green", "blue")]
    assert len({QColor(c).name() for c in colors}) == 6


def test_cache_returns_the_same_pixmap(qapp, db):
    cache = FaceCache()
    card = db["SG1-014"]
    a = cache.get(card, 150, 209)
    assert cache.get(card, 150, 209) is a
    assert cache.get(card, 150, 209, level=2) is not a
    assert cache.get(card, 150, 209, level=2, bp=12000) is not cache.get(card, 150, 209, level=2)
    assert cache.get(card, 150, 209, dpr=2.0) is not a
    assert cache.back(150, 209) is cache.back(150, 209)
    assert cache.core(20, soul=True) is cache.core(20, soul=True)


def test_cache_is_bounded_lru(qapp, db):
    cache = FaceCache(max_entries=3)
    cards = [db[i] for i in ("CORE-001", "CORE-002", "CORE-003", "CORE-004")]
    first = cache.get(cards[0], 60, 84)
    cache.get(cards[1], 60, 84)
    cache.get(cards[2], 60, 84)
    assert cache.get(cards[0], 60, 84) is first  # used again: now the most recent
    cache.get(cards[3], 60, 84)  # evicts CORE-002, the least recently used
    assert len(cache) == 3
    assert cache.get(cards[0], 60, 84) is first


def _write_image(path, color, size=(63, 88)):
    img = QImage(*size, QImage.Format.Format_RGB32)
    img.fill(QColor(color))
    assert img.save(str(path))


def test_user_image_replaces_the_drawn_face(qapp, db, tmp_path):
    _write_image(tmp_path / "CORE-001.png", "#ff00ff")
    _write_image(tmp_path / "CORE-002.jpg", "#00ff00")
    cache = FaceCache(image_dir=tmp_path)
    w, h = _size(150)
    face = cache.get(db["CORE-001"], w, h).toImage()
    assert face.pixelColor(w // 2, h // 2) == QColor("#ff00ff")
    assert face.pixelColor(0, 0).alpha() == 0  # rounded corners
    jpg = cache.get(db["CORE-002"], w, h).toImage().pixelColor(w // 2, h // 2)
    assert jpg.green() > 200 and jpg.red() < 60 and jpg.blue() < 60
    drawn = cache.get(db["CORE-003"], w, h).toImage()  # no image: drawn face
    assert drawn == render_face(db["CORE-003"], w, h).toImage()
    # the current level and BP are still drawn on top
    overlaid = cache.get(db["CORE-001"], w, h, level=2, bp=5000).toImage()
    assert overlaid != face
    assert overlaid.pixelColor(w // 2, h // 5) == QColor("#ff00ff")  # the image is still there


def test_image_dir_can_change(qapp, db, tmp_path):
    cache = FaceCache()
    card = db["CORE-001"]
    w, h = _size(150)
    drawn = cache.get(card, w, h)
    _write_image(tmp_path / "CORE-001.png", "#123456")
    cache.image_dir = tmp_path
    assert cache.get(card, w, h) is not drawn
    assert cache.get(card, w, h).toImage().pixelColor(w // 2, h // 2) == QColor("#123456")
    assert cache.image_dir == tmp_path


def test_preview_shows_face_and_text(qtbot, db):
    preview = CardPreview()
    qtbot.addWidget(preview)
    preview.resize(320, 760)
    preview.show()
    card = db["SG1-014"]
    preview.show_card(card, level=3, bp=14000)
    assert preview.card is card
    # card_text with 【】 kept where a font can draw them (else ⟦⟧)
    assert preview.text_label.text() == displayable_text(card_text(card), preview.text_label.font())
    assert "Ascend: Dragon" in preview.text_label.text()
    assert card.name in preview.title_label.text()
    assert "14000" in preview.status_label.text() and "LV3" in preview.status_label.text()
    qtbot.waitExposed(preview)
    pm = preview.face_view.pixmap()
    assert pm is not None and not pm.isNull()
    assert pm.deviceIndependentSize().width() == pytest.approx(preview.face_view.face_rect().width())
    assert not preview.grab().isNull()
    preview.show_card(db["CORE-001A"])
    assert preview.text_label.text() == ""  # vanilla
    assert "Hearthguard Crest" in preview.title_label.text()
    preview.clear()
    assert preview.card is None and preview.text_label.text() == "" and preview.face_view.pixmap() is None
    assert not preview.grab().isNull()
