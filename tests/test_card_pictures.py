"""The cards' own pictures (issue 28): imported with the cards (`import-cards PATH --images DIR`, found beside the
card list by default), recorded by path and checked without decoding (carddb/pictures.py); drawn lazily through a
thumbnail cache in the data folder (client/faces/pictures.py) by every view's FaceCache, with the level, BP and
cores drawn over them; the "Card faces" setting switches between pictures and drawn faces at once; pictures never
travel over the LAN.

Every picture here is drawn by the tests (bss_desktop/bench/synthetic_pictures.py or a solid colour): no real card
art, no real card text.
"""
from __future__ import annotations

import json
import os
import struct
import zlib
from pathlib import Path

import pytest
from PySide6.QtGui import QColor, QImage

from bss_desktop import paths
from bss_desktop.bench.synthetic_pictures import community_record, write_community_folder, write_picture
from bss_desktop.carddb.importer import import_cards
from bss_desktop.carddb.pictures import (INDEX_NAME, MAX_PICTURE_SIDE, PictureRefused, default_images_dir,
                                         picture_header, read_index)

SMALL = (126, 176)  # pictures small enough to make quickly; the same proportions as a scanned card


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("BSS_DESKTOP_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def solid(path: Path, colour: str, size=SMALL) -> Path:
    img = QImage(*size, QImage.Format.Format_RGB32)
    img.fill(QColor(colour))
    path.parent.mkdir(parents=True, exist_ok=True)
    assert img.save(str(path))
    return path


def community(root: Path, n: int = 6, **kw) -> list[str]:
    return write_community_folder(root, n, size=SMALL, **kw)


def png_header_claiming(width: int, height: int) -> bytes:
    """A small PNG file whose header claims `width` x `height` pixels (a decompression bomb's shape)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(b"\0" * 1000)) + \
        chunk(b"IEND", b"")


# ---------------------------------------------------------------- import


def test_import_finds_the_community_apps_pictures_beside_json_and_records_them_by_path(qapp, home, tmp_path):
    ids = community(tmp_path / "app")
    report = import_cards(tmp_path / "app" / "json" / "Sets")
    assert report.pictures_dir == (tmp_path / "app" / "images")
    assert set(report.pictures) == set(ids)
    assert report.pictures["SYN-003"] == (tmp_path / "app" / "images" / "SYN" / "SYN-003.png").resolve()
    text = str(report)
    assert f"Pictures: 6 of 6 cards and printings from {tmp_path / 'app' / 'images'} (referenced there, not copied)" \
        in text
    index, problem = read_index(paths.cards_dir())
    assert problem is None and index["SYN-000"] == str((tmp_path / "app/images/SYN/SYN-000.png").resolve())
    # nothing copied, and the set files (card data: deck lists and LAN definitions come from it) hold no path
    assert not any(p.suffix == ".png" for p in paths.data_dir().rglob("*"))
    assert str(tmp_path) not in (paths.cards_dir() / "SYN.yaml").read_text()


def test_a_folder_of_pictures_named_by_id_is_read_with_images_and_printings_get_theirs(qapp, home, tmp_path):
    community(tmp_path / "app", 3, pictures=False)
    records = json.loads((tmp_path / "app/json/Sets/SYN.json").read_text())
    alt = dict(records[1], ID="SYN-001_p1", image="images/SYN/SYN-001_p1.png")
    (tmp_path / "app/json/Sets/SYN.json").write_text(json.dumps([*records, alt]))
    pics = tmp_path / "my pictures"
    solid(pics / "SYN-000.png", "#ff00ff")
    solid(pics / "deep" / "er" / "syn-002.JPG", "#00ff00")  # any depth, any case
    solid(pics / "SYN-001_p1.png", "#0000ff")
    report = import_cards(tmp_path / "app/json/Sets", images=pics)
    assert report.printings == [("SYN-001_p1", "SYN-001")]
    assert set(report.pictures) == {"SYN-000", "SYN-002", "SYN-001_p1"}
    assert "Pictures: 3 of 4 cards and printings" in str(report) and "the others are drawn" in str(report)
    # a file or a folder: images/ beside it or up to three levels up
    assert default_images_dir(tmp_path / "app/json/Sets/SYN.json") is None  # the pictures were not there
    (tmp_path / "app/images").mkdir()
    assert default_images_dir(tmp_path / "app/json/Sets/SYN.json") == tmp_path / "app/images"
    assert default_images_dir(tmp_path / "app/json/Sets") == tmp_path / "app/images"
    assert default_images_dir(tmp_path / "app") == tmp_path / "app/images"


def test_the_command_line_takes_images(qapp, home, tmp_path, capsys):
    from bss_desktop.cli import main

    community(tmp_path / "app", 2, pictures=False)
    solid(tmp_path / "elsewhere" / "SYN-001.png", "#123456")
    assert main(["import-cards", str(tmp_path / "app/json/Sets"), "--dest", str(tmp_path / "dest"),
                 "--images", str(tmp_path / "elsewhere")]) == 0
    out = capsys.readouterr().out
    assert f"Pictures: 1 of 2 cards and printings from {tmp_path / 'elsewhere'}" in out
    assert read_index(tmp_path / "dest")[0] == {"SYN-001": str((tmp_path / "elsewhere/SYN-001.png").resolve())}
    assert main(["import-cards", str(tmp_path / "app/json/Sets"), "--dest", str(tmp_path / "d2")]) == 0
    assert "Pictures: no pictures folder" in capsys.readouterr().out


def test_hostile_pictures_are_refused_each_with_a_line_and_the_cards_are_imported(qapp, home, tmp_path):
    root = tmp_path / "app"
    records = [community_record(i) for i in range(9)]
    records[5] = dict(records[5], image="../../outside.png")  # a record's image path leading out of the folder
    records[6] = dict(records[6], ID="SYN..006", image="")  # an id with '..' in it
    (root / "json" / "Sets").mkdir(parents=True)
    (root / "json/Sets/SYN.json").write_text(json.dumps(records))
    images = root / "images" / "SYN"
    images.mkdir(parents=True)
    solid(images / "SYN-000.png", "#ff00ff")  # a good one
    (images / "SYN-001.png").write_text("this is not a picture")
    (images / "SYN-002.png").write_bytes(png_header_claiming(60000, 80000))  # huge: never decoded
    os.symlink(images / "SYN-003b.png", images / "SYN-003.png")  # a link loop
    os.symlink(images / "SYN-003.png", images / "SYN-003b.png")
    solid(tmp_path / "outside.png", "#00ff00")
    os.symlink(tmp_path / "outside.png", images / "SYN-004.png")  # a link out of the folder
    solid(tmp_path / "SYN-005.png", "#00ff00")
    os.symlink(root / "images", images / "loop")  # a folder link back up: the scan does not follow it
    os.mkfifo(images / "SYN-007.png")  # a pipe: opening it would block
    solid(images / "SYN..006.png", "#0000ff")
    report = import_cards(root / "json/Sets")
    assert len(report.cards) == 9 and not report.refused  # every card is imported; pictures only are skipped
    assert set(report.pictures) == {"SYN-000"}
    notes = dict(report.picture_notes)
    assert notes["SYN-001"] == "images/SYN/SYN-001.png: not a PNG or JPEG picture"
    assert notes["SYN-002"] == (f"images/SYN/SYN-002.png: 60000x80000 pixels: larger than a card picture "
                                f"({MAX_PICTURE_SIDE} px a side at most)")
    assert notes["SYN-003"] == "images/SYN/SYN-003.png: a symbolic link loop"
    assert notes["SYN-004"] == "images/SYN/SYN-004.png: it leads out of the pictures folder"
    assert notes["SYN-005"] == "its image path '../../outside.png' leads out of the pictures folder: not used"
    assert notes["SYN..006"].startswith("an id that can't name a file")
    assert notes["SYN-007"] == "images/SYN/SYN-007.png: not a file"
    text = str(report)
    assert "Pictures skipped: 7" in text
    for cid, why in report.picture_notes:
        assert f"  {cid}: {why}" in text


def test_picture_headers_are_read_without_decoding(tmp_path):
    assert picture_header(solid(tmp_path / "a.png", "red", (63, 88))) == ("png", 63, 88)
    jpg = tmp_path / "b.jpg"
    write_picture(jpg, "X-1", "blue", (100, 140), "JPG")
    assert picture_header(jpg) == ("jpeg", 100, 140)
    (tmp_path / "c.jpg").write_bytes(b"\xff\xd8\xff\xe0\x00\x02" + b"\x00" * 10)
    with pytest.raises(PictureRefused, match="JPEG"):
        picture_header(tmp_path / "c.jpg")
    (tmp_path / "d.png").write_bytes(png_header_claiming(0, 10))
    with pytest.raises(PictureRefused, match="no pixels"):
        picture_header(tmp_path / "d.png")


def test_a_damaged_pictures_index_is_named_and_the_cards_are_drawn(qapp, home, tmp_path):
    from bss_desktop.client.faces.pictures import CardPictures

    folder = tmp_path / "cards"
    folder.mkdir()
    (folder / INDEX_NAME).write_text("{not json")
    pictures, problem = read_index(folder)
    assert pictures == {} and str(folder / INDEX_NAME) in problem
    (folder / INDEX_NAME).write_text(json.dumps({"pictures": {"A-1": 3, "../x": "/etc/passwd", "B-1": "/nowhere.png"}}))
    pictures, problem = read_index(folder)
    assert pictures == {"B-1": "/nowhere.png"} and "2 entries" in problem
    store = CardPictures(index_dir=folder, thumbs_dir=False)
    assert store.image("B-1", 200) is None and "/nowhere.png: cannot read it" in store.problems[0]


# ---------------------------------------------------------------- the thumbnail cache


def test_pictures_load_lazily_through_a_thumbnail_cache_keyed_by_file_and_width(qapp, home, tmp_path):
    from bss_desktop.client.faces.pictures import CardPictures

    community(tmp_path / "app", 3)
    import_cards(tmp_path / "app/json/Sets")
    store = CardPictures()
    assert store._index is None  # nothing read until a face is drawn
    img = store.image("SYN-001", 200)
    assert img is not None and img.width() == SMALL[0] and store.decoded == 1  # never scaled up
    thumbs = list(paths.thumbnails_dir().iterdir())
    assert len(thumbs) == 1
    assert store.image("SYN-001", 220) is img  # the same thumbnail width: from memory
    again = CardPictures()  # the next start reads the thumbnail, decoding nothing
    assert again.image("SYN-001", 200) is not None and again.decoded == 0
    big = tmp_path / "app/images/SYN/SYN-002.png"
    write_picture(big, "SYN-002", "green", (744, 1039))  # the file changed: a new thumbnail
    third = CardPictures()
    assert third.image("SYN-002", 200).width() == 256 and third.decoded == 1  # scaled down while decoding
    assert third.image("SYN-002", 400).width() == 512 and third.decoded == 2
    assert len(list(paths.thumbnails_dir().iterdir())) == 3


def test_decoded_thumbnails_in_memory_are_bounded(qapp, home, tmp_path):
    from bss_desktop.client.faces.pictures import CardPictures

    ids = community(tmp_path / "app", 6)
    import_cards(tmp_path / "app/json/Sets")
    one = QImage(*SMALL, QImage.Format.Format_RGB32).sizeInBytes()
    store = CardPictures(memory_bytes=one * 2, thumbs_dir=False)
    for cid in ids:
        assert store.image(cid, 128) is not None
    assert len(store._images) == 2 and store._bytes <= one * 2


def test_a_picture_changed_after_import_into_a_huge_or_broken_file_is_drawn_instead(qapp, home, tmp_path):
    from bss_desktop.client.faces.cache import FaceCache
    from bss_desktop.client.faces.battle_spirits import render_face
    from bss_desktop.carddb.player_db import player_db

    community(tmp_path / "app", 3)
    import_cards(tmp_path / "app/json/Sets")
    (tmp_path / "app/images/SYN/SYN-001.png").write_bytes(png_header_claiming(90000, 90000))
    (tmp_path / "app/images/SYN/SYN-002.png").write_bytes(b"\x89PNG\r\n\x1a\n garbage")
    db, _ = player_db()
    cache = FaceCache(show_pictures=True)
    for cid in ("SYN-001", "SYN-002"):
        assert cache.get(db[cid], 150, 209).toImage() == render_face(db[cid], 150, 209).toImage()
    assert any("90000x90000 pixels" in line for line in cache.pictures.problems)
    assert any("SYN-002.png: not a picture" in line for line in cache.pictures.problems)


def test_the_views_decode_a_picture_in_the_background_and_draw_the_card_meanwhile(qapp, home, tmp_path):
    from bss_desktop.client.faces.battle_spirits import render_face
    from bss_desktop.client.faces.cache import _placeholder, faces_for
    from bss_desktop.client.faces.table_face import render_table_face

    from bss_desktop.client.faces.pictures import SMALL_FILE_BYTES

    db = _imported_solid(tmp_path, {"SYN-000": "#ff00ff"})
    write_picture(tmp_path / "app/images/SYN/SYN-001.png", "SYN-001", "green")  # a scanned card's size
    assert (tmp_path / "app/images/SYN/SYN-001.png").stat().st_size > SMALL_FILE_BYTES
    import_cards(tmp_path / "app/json/Sets")
    card = db["SYN-001"]
    faces = faces_for(show_pictures=True)
    assert faces.background
    first = faces.get(card, 300, 419)  # not decoded yet: the card's colours under its banners, at once
    assert faces.pictures.decoding == 1 and first.toImage() != render_face(card, 300, 419).toImage()
    table = faces.table(card, 180, 251, level=1, bp=1000).toImage()
    assert table == render_table_face(card, 180, 251, level=1, bp=1000, image=_placeholder(card)).toImage()
    assert faces.pictures.wait_for_decoding()
    made = faces.get(card, 300, 419).toImage()  # made again with the picture
    assert made != first.toImage() and made.pixelColor(150, 40).green() > made.pixelColor(150, 40).red()
    assert len(list(paths.thumbnails_dir().iterdir())) == 2  # 512 px for the 300 px face, 256 for the table's
    again = faces_for(show_pictures=True)
    again.pictures.forget()  # a fresh start: the thumbnail is read at once, nothing decoded in the background
    assert again.get(card, 300, 419).toImage() == made and again.pictures.decoding == 0
    # a small file (a player's own icon-sized image) is read at once
    assert faces.get(db["SYN-000"], 300, 419).toImage().pixelColor(150, 210) == QColor("#ff00ff")


# ---------------------------------------------------------------- faces


def _imported_solid(tmp_path, colours: dict[str, str]):
    from bss_desktop.carddb.player_db import player_db

    community(tmp_path / "app", len(colours) + 1, pictures=False)
    for cid, colour in colours.items():
        solid(tmp_path / "app/images/SYN" / f"{cid}.png", colour)
    import_cards(tmp_path / "app/json/Sets")
    return player_db()[0]


def test_faces_show_the_picture_with_level_bp_and_cores_over_it_and_drawn_faces_when_off(qapp, home, tmp_path):
    from bss_desktop.client.faces.battle_spirits import render_face
    from bss_desktop.client.faces.cache import FaceCache
    from bss_desktop.client.faces.table_face import render_table_face

    db = _imported_solid(tmp_path, {"SYN-000": "#ff00ff"})
    card = db["SYN-000"]
    cache = FaceCache(show_pictures=True)
    full = cache.get(card, 300, 419).toImage()
    assert full.pixelColor(150, 210) == QColor("#ff00ff")
    table = cache.table(card, 180, 251, level=2, bp=7000, printed_bp=4000).toImage()
    assert table.pixelColor(90, 90) == QColor("#ff00ff")  # the picture between the banners
    assert table != cache.table(card, 180, 251, level=1, bp=1000).toImage()  # the level and BP are drawn over it
    zoom = cache.get(card, 300, 419, level=2, bp=7000, printed_bp=4000).toImage()
    assert zoom != full and zoom.pixelColor(150, 60) == QColor("#ff00ff")
    cache.show_pictures = False
    assert cache.get(card, 300, 419).toImage() == render_face(card, 300, 419).toImage()
    assert cache.table(card, 180, 251).toImage() == render_table_face(card, 180, 251).toImage()
    # a card without a picture is drawn
    other = db["SYN-001"]
    assert FaceCache(show_pictures=True).get(other, 300, 419).toImage() == render_face(other, 300, 419).toImage()


def test_a_card_without_a_picture_of_its_own_shows_its_printings(qapp, home, tmp_path):
    from bss_desktop.client.faces.cache import FaceCache
    from bss_desktop.carddb.player_db import player_db

    community(tmp_path / "app", 2, pictures=False)
    records = json.loads((tmp_path / "app/json/Sets/SYN.json").read_text())
    (tmp_path / "app/json/Sets/SYN.json").write_text(json.dumps([*records, dict(records[1], ID="SYN-001_p1")]))
    solid(tmp_path / "app/images/SYN/SYN-001_p1.png", "#00ffff")
    import_cards(tmp_path / "app/json/Sets")
    card = player_db()[0]["SYN-001"]
    assert [p.id for p in card.printings] == ["SYN-001_p1"]
    assert FaceCache(show_pictures=True).get(card, 300, 419).toImage().pixelColor(150, 210) == QColor("#00ffff")


def test_the_board_hand_card_panel_builder_grid_and_replay_show_pictures_and_the_setting_switches_them(
        qtbot, home, tmp_path):
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    from bss_desktop.client.deck_builder.window import DeckBuilderWindow
    from bss_desktop.client.faces.cache import set_card_faces
    from bss_desktop.client.windows.game import GameWindow
    from bss_desktop.client.windows.replay import ReplayWindow
    from bss_desktop.client.windows.settings import AppSettings, SettingsDialog
    from bss_desktop.engine.position import game_from_position
    from bss_desktop.engine.record import to_record

    db = _imported_solid(tmp_path, {"SYN-000": "#ff00ff", "SYN-001": "#00ff00"})
    settings = AppSettings(sound=False, animation_ms=0)
    set_card_faces(settings.card_faces)
    game = game_from_position({"turn": 3, "turn_player": 0, "step": "main", "players": [
        {"life": 5, "reserve": 3, "hand": ["SYN-001"], "deck": ["SYN-002"] * 5,
         "field": [{"card": "SYN-000", "cores": 3}]},
        {"life": 5, "deck": ["SYN-002"] * 5}]}, db)
    w = GameWindow(game, seats=("human", "human"), settings=settings)
    qtbot.addWidget(w)
    w.show()
    spirit, in_hand = game.state.players[0].field[0], game.state.players[0].hand[0]

    def centre(key):
        w.scene.pixmap_for(w.scene.cards[key])
        assert w.faces.pictures.wait_for_decoding()  # pictures are decoded in the background the first time
        img = w.scene.pixmap_for(w.scene.cards[key]).toImage()
        return img.pixelColor(img.width() // 2, round(img.height() * 0.36))

    assert centre(spirit) == QColor("#ff00ff") and centre(in_hand) == QColor("#00ff00")
    item = w.scene.cards[spirit]
    assert item.level == 2 and item.bp is not None  # the level the cores give is drawn over the picture
    builder = DeckBuilderWindow(db, {}, settings)
    qtbot.addWidget(builder)
    builder.show()
    qtbot.waitExposed(builder)
    model = builder.browser.model
    row = model.ids.index("SYN-000")
    model.data(model.index(row, 0), Qt.DecorationRole)
    builder.faces.pictures.wait_for_decoding()
    icon = model.data(model.index(row, 0), Qt.DecorationRole)
    icon_img = icon.toImage()
    assert icon_img.pixelColor(icon_img.width() // 2, icon_img.height() // 2) == QColor("#ff00ff")
    builder.browser.grid_toggle.click()  # the grid of faces
    grid = builder.browser.grid
    assert grid.isVisible()
    ix = grid.model().index(model.ids.index("SYN-001"), 0)
    qtbot.waitUntil(lambda: not grid.visualRect(ix).isEmpty())  # laid out in batches
    grid.scrollTo(ix)
    QTest.mouseClick(grid.viewport(), Qt.LeftButton, pos=grid.visualRect(ix).center())  # the Card panel shows it
    assert builder.preview.card is db["SYN-001"]
    builder.preview.face_view.pixmap()
    builder.faces.pictures.wait_for_decoding()
    panel = builder.preview.face_view.pixmap().toImage()
    assert panel.pixelColor(panel.width() // 2, panel.height() // 2) == QColor("#00ff00")
    replay = ReplayWindow(to_record(game), db, settings=settings)
    qtbot.addWidget(replay)
    key = replay.game.state.players[0].field[0]
    replay.scene.pixmap_for(replay.scene.cards[key])
    replay.scene.faces.pictures.wait_for_decoding()
    face = replay.scene.pixmap_for(replay.scene.cards[key]).toImage()
    assert face.pixelColor(face.width() // 2, round(face.height() * 0.36)) == QColor("#ff00ff")

    # the setting, in the Settings dialog: saved, and every open view draws at once
    dialog = SettingsDialog(settings)
    qtbot.addWidget(dialog)
    dialog.open()
    assert dialog.card_faces.currentData() == "pictures"
    dialog.card_faces.setCurrentIndex(dialog.card_faces.findData("drawn"))
    dialog.ok_button.click()
    assert settings.card_faces == "drawn" and AppSettings.load().card_faces == "drawn"
    assert centre(spirit) != QColor("#ff00ff") and centre(in_hand) != QColor("#00ff00")
    icon_img = model.data(model.index(row, 0), Qt.DecorationRole).toImage()
    assert icon_img.pixelColor(icon_img.width() // 2, icon_img.height() // 2) != QColor("#ff00ff")
    panel = builder.preview.face_view.pixmap().toImage()
    assert panel.pixelColor(panel.width() // 2, panel.height() // 2) != QColor("#00ff00")
    face = replay.scene.pixmap_for(replay.scene.cards[key]).toImage()
    assert face.pixelColor(face.width() // 2, round(face.height() * 0.36)) != QColor("#ff00ff")
    dialog = SettingsDialog(settings)
    qtbot.addWidget(dialog)
    dialog.open()
    dialog.card_faces.setCurrentIndex(dialog.card_faces.findData("pictures"))
    dialog.ok_button.click()
    assert centre(spirit) == QColor("#ff00ff") and AppSettings.load().card_faces == "pictures"


def test_a_malformed_card_faces_setting_is_refused_naming_it_and_the_app_starts(qtbot, home):
    from bss_desktop.app.main import StartWindow
    from bss_desktop.client.faces import cache as faces
    from bss_desktop.client.windows.settings import AppSettings

    paths.settings_file().parent.mkdir(parents=True, exist_ok=True)
    paths.settings_file().write_text(json.dumps({"card_faces": "sideways", "animation_ms": 0}))
    loaded = AppSettings.load()
    assert loaded.card_faces == "pictures" and loaded.animation_ms == 0
    assert "card_faces: expected one of pictures, drawn, got 'sideways' — using \"pictures\"" in loaded.problem
    paths.settings_file().write_text(json.dumps({"card_faces": "drawn"}))
    start = StartWindow()
    qtbot.addWidget(start)
    assert start.settings.card_faces == "drawn" and faces._STATE["pictures"] is False
    paths.settings_file().write_text(json.dumps({"card_faces": 3}))
    start = StartWindow()
    qtbot.addWidget(start)
    assert "card_faces" in start.notice.text() and faces._STATE["pictures"] is True


# ---------------------------------------------------------------- LAN


def test_no_picture_or_its_path_travels_in_a_lan_game(qapp, home, tmp_path):
    """Two players with imported cards and pictures play over an in-process link exchanging definitions: no
    message either side receives holds a picture's path, the pictures folder or the index."""
    import asyncio

    from lan import run
    from test_net_card_exchange import Asked, pair, GUEST_SET, HOST_SET

    from bss_desktop.carddb.importer import load_user_db
    from bss_desktop.carddb.pictures import write_index
    from bss_desktop.net.headless import play_host_seat
    from bss_desktop.net.link import memory_pair
    from bss_desktop.sim.policy import RandomPolicy

    dbs = []
    for who, text in (("host", HOST_SET), ("guest", GUEST_SET)):
        folder = tmp_path / who
        folder.mkdir()
        (folder / "set0.yaml").write_text(text)
        db = load_user_db(user_dir=folder)
        pics = tmp_path / f"{who}-PICTURE-FOLDER"
        write_index(folder, {c.id: solid(pics / f"{c.id}.png", "#ff00ff") for c in db.values() if c.id.startswith("Z")})
        dbs.append(db)
    host, guest = pair(*dbs, host_asked=Asked(), guest_asked=Asked())
    seen: list[str] = []

    def recording(end):
        recv = end.recv

        async def wrapped(timeout=None):
            msg = await recv(timeout)
            seen.append(json.dumps(msg, default=str))
            return msg

        end.recv = wrapped

    async def go():
        host_end, guest_end = memory_pair()
        recording(host_end)
        recording(guest_end)
        serving = asyncio.ensure_future(host.handle(host_end))
        playing = asyncio.ensure_future(guest.play_over(guest_end))
        await asyncio.wait_for(asyncio.gather(play_host_seat(host, RandomPolicy(1)), guest.finished.wait()), 90)
        await asyncio.wait_for(asyncio.gather(serving, playing), 10)

    run(go())
    assert host.game.over and "ZGU-001" in host.game_db  # the definitions were exchanged: a real exchange
    assert seen and any("ZHA-001" in m for m in seen)
    for m in seen:
        assert "PICTURE-FOLDER" not in m and INDEX_NAME not in m and str(tmp_path) not in m


# ---------------------------------------------------------------- the bench's made-up pictures


def test_the_bench_makes_up_an_imported_set_with_pictures_the_app_finds(qapp, home, tmp_path):
    from bss_desktop.bench.client import write_synthetic_pictures_home
    from bss_desktop.client.faces.pictures import CardPictures

    bench_home = tmp_path / "bench"
    n = write_synthetic_pictures_home(str(bench_home), 12)
    index, problem = read_index(bench_home / "data/cards/imported")
    assert problem is None and len(index) == n and n > 12 and "SYN-0011" in index  # and the demo position's cards
    store = CardPictures(index_dir=bench_home / "data/cards/imported", thumbs_dir=False)
    assert picture_header(index["SYN-0003"])[1:] == (744, 1039)
    assert store.image("SYN-0003", 256).width() == 256


def test_the_deck_panel_shows_the_printing_a_deck_list_names(qtbot, home, tmp_path):
    from bss_desktop.carddb.deck_draft import DeckDraft
    from bss_desktop.carddb.deck_rules import DECK_RULES
    from bss_desktop.carddb.player_db import player_db
    from bss_desktop.client.deck_builder.deck_panel import DeckPanel
    from bss_desktop.client.faces.cache import FaceCache

    community(tmp_path / "app", 2, pictures=False)
    records = json.loads((tmp_path / "app/json/Sets/SYN.json").read_text())
    alt = dict(records[1], ID="SYN-001_p1", image="images/SYN/SYN-001_p1.png")
    (tmp_path / "app/json/Sets/SYN.json").write_text(json.dumps([*records, alt]))
    solid(tmp_path / "app/images/SYN/SYN-001.png", "#ff0000")
    solid(tmp_path / "app/images/SYN/SYN-001_p1.png", "#00ffff")
    import_cards(tmp_path / "app/json/Sets")
    db = player_db()[0]
    faces = FaceCache(show_pictures=True)
    panel = DeckPanel(db, faces)
    qtbot.addWidget(panel)
    draft = DeckDraft(db, DECK_RULES["bss"], name="Alt", printings={"SYN-001": "SYN-001_p1"})
    draft.add("SYN-001")
    panel.show_draft(draft, [], [])
    section = panel.tree.topLevelItem(0)
    icon = section.child(0).icon(1).pixmap(80, 112).toImage()
    assert icon.pixelColor(icon.width() // 2, icon.height() // 2) == QColor("#00ffff")  # the named printing
    assert faces.get(db["SYN-001"], 80, 112).toImage().pixelColor(40, 56) == QColor("#ff0000")  # the card's own


def test_another_card_images_folder_in_the_settings_applies_to_the_open_board_at_once(qtbot, home, tmp_path):
    from bss_desktop.carddb.database import load_default_db
    from bss_desktop.client.windows.game import GameWindow
    from bss_desktop.client.windows.settings import AppSettings, SettingsDialog
    from bss_desktop.engine.position import game_from_position

    db = load_default_db()
    settings = AppSettings(sound=False, animation_ms=0)
    game = game_from_position({"turn": 3, "turn_player": 0, "step": "main", "players": [
        {"life": 5, "hand": ["SG1-005"], "deck": ["SG1-005"] * 3}, {"life": 5, "deck": ["SG1-005"] * 3}]}, db)
    w = GameWindow(game, seats=("human", "human"), settings=settings)
    qtbot.addWidget(w)
    key = game.state.players[0].hand[0]

    def centre():
        img = w.scene.pixmap_for(w.scene.cards[key]).toImage()
        return img.pixelColor(img.width() // 2, round(img.height() * 0.36))

    assert centre() != QColor("#ffff00")  # drawn: no picture in the default folder
    solid(tmp_path / "mine" / "SG1-005.png", "#ffff00")
    dialog = SettingsDialog(settings)
    qtbot.addWidget(dialog)
    dialog.open()
    dialog.image_dir.setText(str(tmp_path / "mine"))
    dialog.ok_button.click()
    assert settings.image_dir == str(tmp_path / "mine") and centre() == QColor("#ffff00")
    assert w.preview.cache.pictures is w.faces.pictures  # the Card panel reads the same pictures
    assert w.preview.cache.get(db["SG1-005"], 200, 279).toImage().pixelColor(100, 140) == QColor("#ffff00")


def test_the_thumbnail_folder_is_trimmed_oldest_first(tmp_path):
    from bss_desktop.client.faces.pictures import _trim

    for i in range(10):
        f = tmp_path / f"{i}.png"
        f.write_bytes(b"x" * 1000)
        os.utime(f, (1000 + i, 1000 + i))
    _trim(tmp_path, 20_000)  # under the limit: nothing removed
    assert len(list(tmp_path.iterdir())) == 10
    _trim(tmp_path, 8_000)  # over it: down to 3/4 of it, the oldest first
    assert sorted(p.name for p in tmp_path.iterdir()) == [f"{i}.png" for i in range(4, 10)]


def test_a_picture_coming_in_repaints_the_windows_drawing_with_its_cache_only(qtbot, home, tmp_path):
    from bss_desktop.bench.client import browser_db
    from bss_desktop.client.deck_builder.browser import CardBrowser
    from bss_desktop.client.faces import cache as faces

    pictured = faces.faces_for(show_pictures=True)
    drawn = faces.FaceCache(show_pictures=False)
    one, other = CardBrowser(browser_db(20), pictured), CardBrowser(browser_db(20), drawn)
    for w in (one, other):
        qtbot.addWidget(w)
        w.show()
    refreshed = []
    one.refresh_faces = lambda: refreshed.append("one")
    other.refresh_faces = lambda: refreshed.append("other")
    faces._repaint_open_views({pictured})
    assert refreshed == ["one"]
    faces._repaint_open_views()  # the setting changed: every window
    assert sorted(refreshed) == ["one", "one", "other"]
