"""Standard's and Eternal's boards played with the mouse (issue 26, part A): the soul core dragged like any core
(STD 5-7-3; Eternal's Count), the Super Unleash level on the board (STD 12-2-1-1), the hand card's Use and Summon
helpers of Eternal (ETR §Using Magic, §Ultimate; Standard summons by its rules) and the double-click on a heavy-exhausted spirit (STD 5-14-2).
"""
from __future__ import annotations

from PySide6.QtCore import QPointF
from test_client import center, dclick, drag
from test_sister_table_rules import (EDB, EMBERPIP, ETR, ETR_FLASH, ETR_MAIN, HARRIER, SDB, STD, ULTIMATE, VOLLEY,
                                     WYVERN)
from test_table_board import action, right_click, show

from bss_desktop.engine.position import game_from_position
from bss_desktop.engine.settings import Ruleset


def window(qtbot, profile, db, p0, step="main"):
    filler = EMBERPIP if profile is STD else ULTIMATE
    data = {"game": profile.id, "turn": 2, "turn_player": 0, "step": step, "players": [
        {"life": 5, "reserve": 3, "deck": [filler] * 10, **p0}, {"life": 5, "reserve": 3, "deck": [filler] * 10}]}
    game = game_from_position(data, db, settings=Ruleset(sandbox=True))
    return show(qtbot, game), game


def pile_point(w, zone):
    return w.scene.piles[(zone, "bottom")].mapToScene(QPointF(30, 30))


def test_std_12_2_1_1_dragging_the_soul_core_onto_a_super_unleash_spirit_shows_lv2_5000(qtbot):
    w, game = window(qtbot, STD, SDB, {"reserve": 0, "field": [{"card": HARRIER, "cores": 1}]})
    harrier = game.state.players[0].field[0]
    assert (w.scene.cards[harrier].level, w.scene.cards[harrier].bp) == (1, 4000)
    assert w.scene.piles[("reserve", "bottom")].soul
    drag(w, pile_point(w, "reserve"), center(w.scene.cards[harrier]))  # the reserve holds only the soul core
    g = w.model.game
    assert g.state.players[0].soul == harrier
    assert (w.scene.cards[harrier].level, w.scene.cards[harrier].bp, w.scene.cards[harrier].soul) == (2, 5000, True)


def test_std_5_7_3_the_soul_core_dragged_to_life_is_refused_and_stays(qtbot):
    w, game = window(qtbot, STD, SDB, {"reserve": 0})
    before = w.model.game.state.hash()
    drag(w, pile_point(w, "reserve"), pile_point(w, "life"))
    assert w.model.game.state.hash() == before and w.model.game.state.players[0].soul == "reserve"
    drag(w, pile_point(w, "reserve"), pile_point(w, "trash_cores"))  # Soul Magic: to the trash
    assert w.model.game.state.players[0].soul == "trash" and w.scene.piles[("trash_cores", "bottom")].soul


def test_etr_the_soul_core_dragged_into_the_count_shows_there(qtbot):
    w, game = window(qtbot, ETR, EDB, {"reserve": 0})
    drag(w, pile_point(w, "reserve"), pile_point(w, "count"))
    assert w.model.game.state.players[0].soul == "count" and w.scene.piles[("count", "bottom")].soul
    drag(w, pile_point(w, "count"), pile_point(w, "life"))  # 《Seal》 (ETR §Seal)
    assert w.model.game.state.players[0].soul == "life" and w.scene.piles[("life", "bottom")].soul


def test_etr_hand_menu_uses_a_magic_card_and_summons_a_spirit_at_a_level(qtbot):
    w, game = window(qtbot, ETR, EDB, {"hand": [ETR_MAIN, WYVERN], "reserve": 5})
    magic, wyvern = game.state.players[0].hand
    right_click(w, center(w.scene.cards[magic]))
    action(w, "Use (Main); pay its cost by hand").trigger()
    g = w.model.game
    assert g.state.cards[magic].zone == "trash"
    assert "(Main, main step)" in w.log.toPlainText()
    right_click(w, center(w.scene.cards[wyvern]))
    texts = [a.text() for a in w.controller._menu.actions()]
    assert [t for t in texts if t.startswith("Summon")] == [
        "Summon at LV1 (1 core(s) from the reserve)", "Summon at LV2 (3 core(s) from the reserve)",
        "Summon at LV3 (5 core(s) from the reserve)"]
    action(w, "Summon at LV2 (3 core(s) from the reserve)").trigger()
    g = w.model.game
    assert g.state.cards[wyvern].zone == "field" and g.state.cards[wyvern].cores == 3
    assert w.scene.cards[wyvern].level == 2 and g.state.players[0].reserve == 2


def test_etr_hand_menu_refuses_a_main_magic_in_the_attack_step_and_leaves_it_in_hand(qtbot):
    w, game = window(qtbot, ETR, EDB, {"hand": [ETR_MAIN, ETR_FLASH]}, step="attack")
    main, flash = game.state.players[0].hand
    right_click(w, center(w.scene.cards[main]))
    action(w, "Use (Main); pay its cost by hand").trigger()
    assert w.model.game.state.cards[main].zone == "hand"
    right_click(w, center(w.scene.cards[flash]))
    action(w, "Use (Flash); pay its cost by hand").trigger()  # a Flash magic in the attack step
    assert w.model.game.state.cards[flash].zone == "trash"


def test_std_the_hand_menu_of_standard_offers_no_by_hand_helper_its_rules_summon(qtbot):
    """Standard has its rules module: its sandbox summons and uses magic by the rules (drag, as in Saga's)."""
    w, game = window(qtbot, STD, SDB, {"hand": [VOLLEY, HARRIER], "reserve": 5})
    for card in game.state.players[0].hand:
        right_click(w, center(w.scene.cards[card]))
        texts = [a.text() for a in w.controller._menu.actions()]
        assert not [t for t in texts if t.startswith(("Use (", "Summon at"))], texts


def test_etr_hand_menu_offers_an_ultimate_from_lv3(qtbot):
    w, game = window(qtbot, ETR, EDB, {"hand": [ULTIMATE]})
    ult = game.state.players[0].hand[0]
    right_click(w, center(w.scene.cards[ult]))
    texts = [a.text() for a in w.controller._menu.actions() if a.text().startswith("Summon")]
    assert texts == ["Summon at LV3 (1 core(s) from the reserve)", "Summon at LV4 (3 core(s) from the reserve)",
                     "Summon at LV5 (5 core(s) from the reserve)"]
    action(w, texts[0]).trigger()
    assert w.model.game.state.cards[ult].zone == "field" and w.scene.cards[ult].level == 3


def test_std_5_14_2_double_clicking_a_heavy_exhausted_spirit_exhausts_it(qtbot):
    w, game = window(qtbot, STD, SDB, {"field": [{"card": EMBERPIP, "cores": 1, "turn": "heavy_exhausted"}]})
    s = game.state.players[0].field[0]
    assert w.scene.cards[s].rotation() == 180
    dclick(w, center(w.scene.cards[s]))
    g = w.model.game
    assert g.state.cards[s].exhausted and w.scene.cards[s].rotation() == 90
    dclick(w, center(w.scene.cards[s]))
    assert not w.model.game.state.cards[s].exhausted and w.scene.cards[s].rotation() == 0


def test_std_12_2_1_1_the_card_panel_shows_a_super_unleash_spirit_at_lv2_5000(qtbot):
    from PySide6.QtTest import QTest
    from test_client import vp

    w, game = window(qtbot, STD, SDB, {"soul_core": "field",
                                       "field": [{"card": HARRIER, "cores": 0, "soul_core": True}]})
    harrier = game.state.players[0].field[0]
    at = center(w.scene.cards[harrier])
    QTest.mouseMove(w.view.viewport(), vp(w, at.x() - 5, at.y()))
    QTest.mouseMove(w.view.viewport(), vp(w, at.x(), at.y()))
    status = w.preview.status_label.text()
    assert "LV2" in status and "BP 5000" in status, status


def test_std_a_card_played_by_hand_shows_its_text_on_its_face_and_in_the_card_panel(qtbot):
    """A Standard card played by hand shows its text on its face and in the Card panel (before, both text boxes
    were empty: the text came only from effects, and a sister game's card had none). The Standard set's cards are
    automated (issue 27): the text is generated from their effects; 《Super Unleash》 is the card's field."""
    from PySide6.QtTest import QTest

    from bss_desktop.carddb.card_text import card_text
    from test_client import vp

    words = ("《Super Unleash》 With the soul core on it, this card is at LV2 or higher.\n"  # (its field, STD 12-2-1-1)
             "[LV2][LV3] (When Attacks) This spirit gets +3000 BP this turn.")
    assert card_text(SDB[HARRIER]) == words and SDB[HARRIER].extra["super_unleash"] == 2
    w, game = window(qtbot, STD, SDB, {"field": [{"card": HARRIER, "cores": 1}]})
    harrier = game.state.players[0].field[0]
    at = center(w.scene.cards[harrier])
    QTest.mouseMove(w.view.viewport(), vp(w, at.x() - 5, at.y()))
    QTest.mouseMove(w.view.viewport(), vp(w, at.x(), at.y()))
    assert "(When Attacks) This spirit gets +3000 BP this turn." in w.preview.text_label.text()
    assert "《Super Unleash》" in w.preview.text_label.text()
