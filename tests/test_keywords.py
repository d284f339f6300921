"""CR 11: keyword effects, each with its stacking rule; CR 10-13-1 "with 【Keyword】".

Cards: tests/data/keyword_cards.yaml (set KW). Every test starts from a position, applies commands,
then checks the state and the events. Rulings are those of design.md ("Rulings").
"""
import pytest
import yaml

from bss_desktop.engine import (Attack, Awaken, Block, Choose, EndAttack, EndMain, IllegalCommand, Pass, Summon,
                                UseMagic)
from bss_desktop.engine.commands import CoreMove, MoveCores
from helpers import hand_iid, kinds, position


def pos(p0=None, p1=None, *, step="attack", turn=4, turn_player=0, settings=None):
    """A position on turn `turn`; each player defaults to 5 life, 3 reserve cores, empty hand and field."""
    players = []
    for extra in (p0, p1):
        p = {"life": 5, "reserve": 3}
        p.update(extra or {})
        players.append(p)
    data = {"turn": turn, "turn_player": turn_player, "step": step, "players": players}
    if settings:
        data["settings"] = settings
    return position(yaml.safe_dump(data, sort_keys=False))


def field(game, p, cid=None):
    """Player p's field cards (instance ids), or those with card id `cid`."""
    st = game.state
    return [i for i in st.players[p].field if cid is None or st.cards[i].cid == cid]


def one(game, p, cid):
    found = field(game, p, cid)
    assert len(found) == 1, (cid, found)
    return found[0]


def trash_cids(game, p):
    return [game.state.cards[i].cid for i in game.state.players[p].trash]


def of_kind(events, kind, **match):
    return [e for e in events if e.kind == kind and all(e.get(k) == v for k, v in match.items())]


def to_block(game):
    """From the attacker's first flash window to the block declaration (both players pass)."""
    game.apply(Pass(1))
    game.apply(Pass(0))
    assert game.pending.kind == "block"


def finish_blocked(game):
    """From the second flash window (after a block) to the end of the battle; the events of the last pass."""
    game.apply(Pass(1))
    return game.apply(Pass(0))


def refused(game, cmd, rule=None):
    before = game.state_hash()
    with pytest.raises(IllegalCommand) as e:
        game.apply(cmd)
    assert game.state_hash() == before
    if rule is not None:
        assert e.value.rule == rule, e.value
    return e.value


# ---------------------------------------------------------------------------------------------- 【Awaken】 CR 11-1


def test_cr_11_1_1_awaken_is_not_usable_in_the_main_step_under_ruling_1():
    game = pos({"field": [{"card": "KW-AWK"}, {"card": "T-R1", "cores": 3}]}, step="main")
    awk, pup = one(game, 0, "KW-AWK"), one(game, 0, "T-R1")
    refused(game, Awaken(0, awk, ((pup, 1),)), "CR 11-1-1")
    assert not [c for c in game.legal_commands() if isinstance(c, Awaken)]


def test_cr_11_1_1_awaken_is_usable_in_the_main_step_when_ruling_1_is_switched_off():
    game = pos({"field": [{"card": "KW-AWK"}, {"card": "T-R1", "cores": 3}]}, step="main",
               settings={"flash_in_main": True})
    awk, pup = one(game, 0, "KW-AWK"), one(game, 0, "T-R1")
    game.apply(Awaken(0, awk, ((pup, 1),)))
    assert game.state.cards[awk].cores == 2 and game.state.cards[pup].cores == 2
    assert game.pending.kind == "main" and game.pending.player == 0


def test_cr_11_1_1_awaken_in_a_flash_window_moves_cores_including_the_soul_core_then_the_other_player_acts():
    game = pos({"field": ["T-R1"]},
               {"soul_core": "field",
                "field": [{"card": "KW-AWK", "cores": 1}, {"card": "T-R3", "cores": 2, "soul_core": True}]})
    game.apply(Attack(0, one(game, 0, "T-R1")))
    awk, knight = one(game, 1, "KW-AWK"), one(game, 1, "T-R3")
    assert game.pending.kind == "flash" and game.pending.player == 1
    assert Awaken(1, awk, ((knight, 1),)) in game.legal_commands()
    events = game.apply(Awaken(1, awk, ((knight, 1),), soul=True))
    st = game.state
    assert st.cards[awk].cores == 2 and st.players[1].soul == awk and game.level(awk) == 2
    assert st.cards[knight].cores == 1 and st.cards[knight].zone == "field"  # still LV1
    assert of_kind(events, "keyword", keyword="awaken", card=awk)
    assert not of_kind(events, "destroyed")
    # the other player may now respond (CR 7-1-2-1): a fresh run of passes
    assert game.pending.kind == "flash" and game.pending.player == 0 and game.pending.info["passes"] == 0


def test_cr_11_1_1_awaken_moves_at_least_one_core():
    game = pos({"field": ["T-R1"]}, {"field": [{"card": "KW-AWK"}, {"card": "T-R3", "cores": 2}]})
    game.apply(Attack(0, one(game, 0, "T-R1")))
    refused(game, Awaken(1, one(game, 1, "KW-AWK"), ()), "CR 11-1-1")


def test_cr_11_1_1_a_card_awaken_leaves_below_lv1_is_destroyed_without_when_destroyed_effects():
    game = pos({"field": ["T-R1"]}, {"field": ["KW-AWK", "KW-DNR"]})
    awk, donor = one(game, 1, "KW-AWK"), one(game, 1, "KW-DNR")
    game.apply(Attack(0, one(game, 0, "T-R1")))
    hand_before = len(game.state.players[1].hand)
    events = game.apply(Awaken(1, awk, ((donor, 1),)))
    destroyed = of_kind(events, "destroyed", card=donor)
    assert len(destroyed) == 1 and destroyed[0]["self_destruction"]
    assert game.state.cards[donor].zone == "trash" and game.state.cards[awk].cores == 2
    assert "draw" not in kinds(events) and len(game.state.players[1].hand) == hand_before
    assert game.pending.kind == "flash" and game.pending.player == 0


def test_cr_10_15_1_control_the_donor_draws_when_destroyed_in_battle():
    """The donor's "when destroyed" effect works: the Awaken test above shows the exception, not a dead card."""
    game = pos({"field": ["T-R5"]}, {"field": ["KW-DNR"]})
    game.apply(Attack(0, one(game, 0, "T-R5")))
    to_block(game)
    game.apply(Block(1, one(game, 1, "KW-DNR")))
    hand_before = len(game.state.players[1].hand)
    events = finish_blocked(game)
    assert "draw" in kinds(events) and len(game.state.players[1].hand) == hand_before + 1


# ---------------------------------------------------------------------------------------------- 【Confront】 CR 11-2


def test_cr_11_2_1_confront_forces_a_block_when_a_spirit_can_block():
    game = pos({"field": ["KW-CNF"]}, {"field": ["T-R1"]})
    game.apply(Attack(0, one(game, 0, "KW-CNF")))
    to_block(game)
    refused(game, Block(1, None), "CR 11-2-1")
    assert Block(1, None) not in game.legal_commands()
    game.apply(Block(1, one(game, 1, "T-R1")))
    assert game.state.battle.blocker == one(game, 1, "T-R1")


def test_cr_11_2_1_confront_allows_no_block_when_no_spirit_can_block():
    game = pos({"field": ["KW-CNF"]}, {"field": [{"card": "T-R1", "exhausted": True}]})
    game.apply(Attack(0, one(game, 0, "KW-CNF")))
    to_block(game)
    assert game.legal_commands() == [Block(1, None)]
    game.apply(Block(1, None))
    assert game.state.players[1].life == 4


def test_cr_11_2_2_a_spirit_with_armor_can_be_chosen_to_block_a_confront_attacker():
    game = pos({"field": ["KW-CNF"]}, {"field": ["KW-ARM"]})  # Armor: red; the attacker is red
    game.apply(Attack(0, one(game, 0, "KW-CNF")))
    to_block(game)
    arm = one(game, 1, "KW-ARM")
    refused(game, Block(1, None), "CR 11-2-1")
    assert game.legal_commands() == [Block(1, arm)]
    game.apply(Block(1, arm))
    assert game.state.battle.blocker == arm and game.state.cards[arm].exhausted


def test_cr_11_2_1_confront_allows_no_block_when_astral_leaves_no_spirit_able_to_block():
    game = pos({"field": ["KW-CNA"]}, {"field": ["T-G4"]})  # 【Confront】 and 【Astral】; the stag has no Astral
    game.apply(Attack(0, one(game, 0, "KW-CNA")))
    to_block(game)
    assert game.legal_commands() == [Block(1, None)]
    game.apply(Block(1, None))
    assert game.state.players[1].life == 4


# ---------------------------------------------------------------------------------------------- 【Curse】 CR 11-3


def test_cr_11_3_1_curse_destroys_the_blocker_at_the_end_of_the_battle():
    # ruling 4: the cursed attacker (1000) loses the BP comparison to the blocker (4000), which still dies
    game = pos({"field": ["KW-CUR"]}, {"field": ["T-G4"]})
    imp, stag = one(game, 0, "KW-CUR"), one(game, 1, "T-G4")
    game.apply(Attack(0, imp))
    to_block(game)
    game.apply(Block(1, stag))
    assert game.state.cards[stag].zone == "field"  # not at the block: at the end of the battle
    events = finish_blocked(game)
    ks = kinds(events)
    assert game.state.cards[imp].zone == "trash" and game.state.cards[stag].zone == "trash"
    stag_destroyed = of_kind(events, "destroyed", card=stag)
    assert len(stag_destroyed) == 1 and stag_destroyed[0]["cause"][:2] == ["effect_curse", 0]
    # order: the BP comparison destroys the attacker, then Curse, then the battle ends
    assert ks.index("battle_result") < ks.index("destroyed") < ks.index("keyword") < ks.index("battle_end")
    assert events.index(of_kind(events, "destroyed", card=imp)[0]) < events.index(stag_destroyed[0])
    assert game.pending.kind == "attack"


def test_cr_11_3_1_a_blocker_already_destroyed_in_battle_is_not_destroyed_again_by_curse():
    game = pos({"field": [{"card": "KW-CUR", "cores": 3}]}, {"field": ["T-G4"]})  # LV2: 6000 vs 4000
    imp, stag = one(game, 0, "KW-CUR"), one(game, 1, "T-G4")
    game.apply(Attack(0, imp))
    to_block(game)
    game.apply(Block(1, stag))
    events = finish_blocked(game)
    assert game.state.cards[imp].zone == "field" and game.state.cards[stag].zone == "trash"
    assert len(of_kind(events, "destroyed")) == 1 and of_kind(events, "destroyed")[0]["cause"][0] == "battle"


def test_cr_11_3_1_curse_does_nothing_when_not_blocked():
    game = pos({"field": ["KW-CUR"]}, {"field": ["T-G4"]})
    game.apply(Attack(0, one(game, 0, "KW-CUR")))
    to_block(game)
    events = game.apply(Block(1, None))
    assert not of_kind(events, "destroyed") and not of_kind(events, "keyword", keyword="curse")
    assert game.state.cards[one(game, 1, "T-G4")].zone == "field"


def test_cr_11_3_2_two_curses_destroy_the_blocker_once():
    game = pos({"field": ["KW-CUR"], "hand": ["KW-GCUR"]}, {"field": ["T-G4"]}, step="main")
    imp, stag = one(game, 0, "KW-CUR"), one(game, 1, "T-G4")
    game.apply(UseMagic(0, hand_iid(game, 0, "KW-GCUR")))  # grants a second 【Curse】 this turn
    assert len(game.keywords_of(imp, "curse")) == 2
    game.apply(EndMain(0))
    game.apply(Attack(0, imp))
    to_block(game)
    game.apply(Block(1, stag))
    events = finish_blocked(game)
    assert len(of_kind(events, "destroyed", card=stag)) == 1
    assert len(of_kind(events, "keyword", keyword="curse")) == 1
    assert game.state.cards[stag].zone == "trash" and game.pending.kind == "attack"


# ---------------------------------------------------------------------------------------------- 【Immortal】 CR 11-4


# KW-IMM is printed 【Immortal: Dragon】 ({immortal: {family: Dragon}}, the importer's and card text's form);
# KW-IMY writes the same condition with its side ({side: you, family: Dragon}). Both must behave alike.
IMMORTALS = pytest.mark.parametrize("undying", ["KW-IMM", "KW-IMY"], ids=["printed-form", "side-you"])


def immortal_battle(blocker, undying):
    """P0's Red Titan (5000) attacks; P1 blocks with `blocker`; P1 has an 【Immortal: Dragon】 spirit in the trash."""
    game = pos({"field": ["T-R5"]}, {"field": [blocker], "trash": [undying], "reserve": 3})
    game.apply(Attack(0, one(game, 0, "T-R5")))
    to_block(game)
    game.apply(Block(1, one(game, 1, blocker)))
    game.apply(Pass(1))
    events = game.apply(Pass(0))
    return game, events


def trash_iid(game, p, cid):
    return next(i for i in game.state.players[p].trash if game.state.cards[i].cid == cid)


@IMMORTALS
def test_cr_11_4_1_immortal_offers_a_summon_from_the_trash_when_a_matching_spirit_is_destroyed(undying):
    game, events = immortal_battle("KW-DRG", undying)
    st = game.state
    wraith = trash_iid(game, 1, undying)
    destroyed = of_kind(events, "destroyed")
    assert len(destroyed) == 1 and st.cards[destroyed[0]["card"]].cid == "KW-DRG"
    assert destroyed[0]["cause"][0] == "battle" and st.cards[wraith].zone == "trash"
    assert game.pending.kind == "choose" and game.pending.player == 1
    assert game.pending.info["kind"] == "may" and game.pending.info["source"] == wraith
    events = game.apply(Choose(1, True))
    # ruling 6: it pays its cost (2) and needs its LV1 core: 3 reserve + 1 from the destroyed drake - 3
    assert st.cards[wraith].zone == "field" and game.cores_on(wraith) == 1
    assert st.players[1].reserve == 1 and st.players[1].trash_cores == 2
    assert of_kind(events, "card_moved", card=wraith, src="trash", dst="field")
    assert game.pending.kind == "attack"  # the battle ended


@IMMORTALS
def test_cr_11_4_1_immortal_may_be_declined(undying):
    game, _ = immortal_battle("KW-DRG", undying)
    assert game.pending.kind == "choose" and game.pending.info["kind"] == "may"
    game.apply(Choose(1, False))
    assert undying in trash_cids(game, 1) and game.state.players[1].reserve == 4
    assert game.pending.kind == "attack"


@IMMORTALS
def test_cr_11_4_1_immortal_does_not_trigger_when_the_destroyed_spirit_does_not_match(undying):
    game, events = immortal_battle("T-R1", undying)  # not a Dragon
    assert of_kind(events, "destroyed")
    assert game.pending.kind == "attack" and undying in trash_cids(game, 1)


@IMMORTALS
def test_cr_11_4_1_immortal_does_not_trigger_on_self_destruction(undying):
    # CR 10-1-1-1: the owner's own core move self-destroys the drake; that is not "destroyed"
    game = pos({}, {"field": ["KW-DRG"], "trash": [undying]}, step="main", turn=5, turn_player=1)
    drake = one(game, 1, "KW-DRG")
    events = game.apply(MoveCores(1, (CoreMove(drake, "reserve", 1),)))
    destroyed = of_kind(events, "destroyed", card=drake)
    assert len(destroyed) == 1 and destroyed[0]["self_destruction"]
    assert game.pending.kind == "main" and undying in trash_cids(game, 1)


# ---------------------------------------------------------------------------------------------- 【Armor】 CR 11-5


def armor_pos(hand, *, own=False):
    """P0's main step. P1 (or P0 when `own`) has Plated Turtle (【Armor: Red】) and two plain spirits."""
    guarded = {"field": ["KW-ARM", "T-R1", "T-B2"]}
    if own:
        return pos({"hand": hand, **guarded}, {}, step="main")
    return pos({"hand": hand}, guarded, step="main")


def test_cr_11_5_1_an_opponents_red_spirit_effect_cannot_select_an_armor_red_spirit():
    game = armor_pos(["KW-RSN"])
    game.apply(Summon(0, hand_iid(game, 0, "KW-RSN")))  # when summoned: exhaust up to 1 opponent's spirit
    assert game.pending.kind == "choose" and game.pending.info["kind"] == "target"
    assert set(game.pending.info["options"]) == {one(game, 1, "T-R1"), one(game, 1, "T-B2")}
    refused(game, Choose(0, [one(game, 1, "KW-ARM")]))
    game.apply(Choose(0, [one(game, 1, "T-R1")]))
    assert game.state.cards[one(game, 1, "T-R1")].exhausted


def test_cr_11_5_1_an_opponents_red_magic_cannot_select_an_armor_red_spirit():
    game = armor_pos(["KW-RMX"])
    game.apply(UseMagic(0, hand_iid(game, 0, "KW-RMX")))
    assert game.pending.info["kind"] == "target"
    assert one(game, 1, "KW-ARM") not in game.pending.info["options"]
    assert len(game.pending.info["options"]) == 2


def test_cr_11_5_1_magic_of_another_colour_can_select_an_armor_red_spirit():
    game = armor_pos(["KW-BMX"])
    game.apply(UseMagic(0, hand_iid(game, 0, "KW-BMX")))
    arm = one(game, 1, "KW-ARM")
    assert arm in game.pending.info["options"]
    game.apply(Choose(0, [arm]))
    assert game.state.cards[arm].exhausted


def test_cr_11_5_1_your_own_effects_can_select_your_armor_spirit():
    game = armor_pos(["KW-RMY"], own=True)  # red magic, "1 of your spirits"
    game.apply(UseMagic(0, hand_iid(game, 0, "KW-RMY")))
    arm = one(game, 0, "KW-ARM")
    assert arm in game.pending.info["options"]
    game.apply(Choose(0, [arm]))
    assert game.state.cards[arm].exhausted


def test_cr_11_5_1_armor_does_not_stop_an_effect_on_all_spirits():
    game = armor_pos(["KW-RMA"])  # red magic: exhaust all your opponent's spirits (no selection)
    game.apply(UseMagic(0, hand_iid(game, 0, "KW-RMA")))
    assert game.pending.kind == "main"
    assert all(game.state.cards[i].exhausted for i in field(game, 1))


# ---------------------------------------------------------------------------------------------- 【Luster】 CR 11-6


def test_cr_11_6_1_magic_used_during_a_luster_battle_returns_to_hand_but_not_magic_from_an_earlier_battle():
    game = pos({"field": ["T-R1", "KW-LUS"], "hand": ["T-MB", "T-MF"], "reserve": 5}, {})
    pup, fox = one(game, 0, "T-R1"), one(game, 0, "KW-LUS")
    bolt, ward = hand_iid(game, 0, "T-MB"), hand_iid(game, 0, "T-MF")
    # battle 1, without Luster: Both Bolt goes to the trash
    game.apply(Attack(0, pup))
    game.apply(Pass(1))
    game.apply(UseMagic(0, bolt))
    to_block(game)
    game.apply(Block(1, None))
    assert game.state.cards[bolt].zone == "trash"
    # battle 2, with Luster: Flash Ward returns at the end of the battle; Both Bolt stays in the trash
    game.apply(Attack(0, fox))
    game.apply(Pass(1))
    game.apply(UseMagic(0, ward))
    assert game.state.cards[ward].zone == "trash"
    to_block(game)
    events = game.apply(Block(1, None))
    assert game.state.cards[ward].zone == "hand" and game.state.cards[bolt].zone == "trash"
    assert of_kind(events, "card_moved", card=ward, src="trash", dst="hand")
    ks = kinds(events)
    assert ks.index("damage") < ks.index("battle_end")


def test_cr_11_6_1_luster_returns_only_its_owners_magic():
    game = pos({"field": ["KW-LUS"]}, {"hand": ["T-MB"]})
    game.apply(Attack(0, one(game, 0, "KW-LUS")))
    bolt = hand_iid(game, 1, "T-MB")
    game.apply(UseMagic(1, bolt))  # the attacked player's magic
    game.apply(Pass(0))
    game.apply(Pass(1))
    game.apply(Block(1, None))
    assert game.state.cards[bolt].zone == "trash"


# ---------------------------------------------------------------------------------------------- 【Blessed】 CR 11-7


def test_cr_11_7_1_blessed_puts_a_core_from_the_void_into_life_after_reducing_life():
    game = pos({"field": ["KW-BLS"], "life": 3}, {})
    in_play = game.state.cores_in_play
    game.apply(Attack(0, one(game, 0, "KW-BLS")))
    to_block(game)
    events = game.apply(Block(1, None))
    assert game.state.players[1].life == 4 and game.state.players[0].life == 4
    assert game.state.cores_in_play == in_play + 1  # from the void
    assert of_kind(events, "cores_moved", player=0, src="void", dst="life", count=1)


def test_cr_11_7_1_blessed_does_nothing_when_blocked():
    game = pos({"field": ["KW-BLS"], "life": 3}, {"field": ["T-R1"]})
    game.apply(Attack(0, one(game, 0, "KW-BLS")))
    to_block(game)
    game.apply(Block(1, one(game, 1, "T-R1")))
    finish_blocked(game)
    assert game.state.players[0].life == 3 and game.state.players[1].life == 5


def test_cr_11_7_2_two_blessed_still_give_one_core():
    game = pos({"field": ["KW-BLS"], "hand": ["KW-GBLS"], "life": 3}, {}, step="main")
    heron = one(game, 0, "KW-BLS")
    game.apply(UseMagic(0, hand_iid(game, 0, "KW-GBLS")))
    assert len(game.keywords_of(heron, "blessed")) == 2
    game.apply(EndMain(0))
    game.apply(Attack(0, heron))
    to_block(game)
    events = game.apply(Block(1, None))
    assert game.state.players[0].life == 4 and game.state.players[1].life == 4
    assert len(of_kind(events, "keyword", keyword="blessed")) == 1


# ---------------------------------------------------------------------------------------------- 【Ascend】 CR 11-8


# KW-ASC is printed 【Ascend: Beast】 ({ascend: {family: Beast}}); KW-ASY writes {side: you, family: Beast}.
ASCENDERS = pytest.mark.parametrize("lion", ["KW-ASC", "KW-ASY"], ids=["printed-form", "side-you"])


@ASCENDERS
def test_cr_11_8_1_ascend_moves_every_core_of_a_matching_spirit_to_the_reserve_and_may_use_them(lion):
    # the lion costs 4 and needs 2 for LV1: 3 in the reserve + the beast's 3, all of which go to the reserve first
    game = pos({"field": [{"card": "KW-BST", "cores": 3}], "hand": [lion], "reserve": 3, "soul_core": "trash"}, {},
               step="main")
    beast, card = one(game, 0, "KW-BST"), hand_iid(game, 0, lion)
    events = game.apply(Summon(0, card, ascend=beast))
    st = game.state
    assert of_kind(events, "cores_moved", src=beast, dst="reserve", count=3, reason="ascend")
    assert st.cards[card].zone == "field" and st.cards[card].cores == 2
    assert st.players[0].reserve == 0 and st.players[0].trash_cores == 4
    destroyed = of_kind(events, "destroyed", card=beast)
    assert len(destroyed) == 1 and destroyed[0]["self_destruction"] and st.cards[beast].zone == "trash"


@ASCENDERS
def test_cr_11_8_1_ascend_moves_all_cores_even_the_soul_core_when_the_reserve_could_pay(lion):
    game = pos({"field": [{"card": "KW-BST", "cores": 3, "soul_core": True}], "hand": [lion], "reserve": 6,
                "soul_core": "field"}, {}, step="main")
    beast, card = one(game, 0, "KW-BST"), hand_iid(game, 0, lion)
    assert any(isinstance(c, Summon) and c.card == card and c.ascend == beast for c in game.legal_commands())
    game.apply(Summon(0, card))  # the matching spirit is found by default
    assert game.history[-1].ascend == beast
    assert game.state.cards[card].zone == "field" and game.state.cards[beast].zone == "trash"
    assert game.state.players[0].reserve == 6 + 3 - 6 and game.state.players[0].soul == "reserve"


@ASCENDERS
def test_cr_11_8_1_ascend_is_refused_without_a_matching_spirit(lion):
    game = pos({"field": [{"card": "T-G4", "cores": 3}], "hand": [lion], "reserve": 10}, {}, step="main")
    card = hand_iid(game, 0, lion)
    refused(game, Summon(0, card), "CR 11-8-1")
    refused(game, Summon(0, card, ascend=one(game, 0, "T-G4")), "CR 11-8-1")
    assert not any(isinstance(c, Summon) and c.card == card for c in game.legal_commands())


# ---------------------------------------------------------------------------------------------- 【Swift】 CR 11-9


def test_cr_11_9_1_swift_summons_in_a_flash_window_from_the_reserve():
    game = pos({"field": ["T-R1"]}, {"hand": ["KW-SWF"], "reserve": 3})
    game.apply(Attack(0, one(game, 0, "T-R1")))
    hawk = hand_iid(game, 1, "KW-SWF")
    assert any(isinstance(c, Summon) and c.card == hawk for c in game.legal_commands())
    game.apply(Summon(1, hawk))
    st = game.state
    assert st.cards[hawk].zone == "field" and st.cards[hawk].cores == 1
    assert st.players[1].reserve == 0 and st.players[1].trash_cores == 2
    assert game.pending.kind == "flash" and game.pending.player == 0 and game.pending.info["passes"] == 0


def test_cr_11_9_1_swift_cannot_use_cores_on_the_field_even_when_the_reserve_is_short():
    game = pos({"field": ["T-R1"]}, {"hand": ["KW-SWF"], "reserve": 2, "soul_core": "trash",
                                         "field": [{"card": "T-R3", "cores": 4}]})
    game.apply(Attack(0, one(game, 0, "T-R1")))
    hawk, knight = hand_iid(game, 1, "KW-SWF"), one(game, 1, "T-R3")
    refused(game, Summon(1, hawk))
    refused(game, Summon(1, hawk, pay=(("reserve", 2),), place=((knight, 1),)))
    assert not any(isinstance(c, Summon) for c in game.legal_commands())


def test_cr_11_9_1_a_spirit_without_swift_cannot_be_summoned_in_a_flash_window():
    game = pos({"field": ["T-R1"]}, {"hand": ["T-R1"], "reserve": 5})
    game.apply(Attack(0, one(game, 0, "T-R1")))
    refused(game, Summon(1, hand_iid(game, 1, "T-R1")), "CR 11-9-1")


# ---------------------------------------------------------------------------------------------- 【Gale】 CR 11-10


def test_cr_11_10_1_gale_makes_the_blocking_player_exhaust_that_many_refreshed_spirits():
    game = pos({"field": ["KW-GAL"]}, {"field": ["T-G4", "T-R1", "T-Y2", "T-B2"]})
    game.apply(Attack(0, one(game, 0, "KW-GAL")))
    to_block(game)
    stag = one(game, 1, "T-G4")
    game.apply(Block(1, stag))
    others = [one(game, 1, c) for c in ("T-R1", "T-Y2", "T-B2")]
    pend = game.pending
    assert pend.kind == "choose" and pend.player == 1 and pend.info["kind"] == "target"
    assert sorted(pend.info["options"]) == sorted(others) and pend.info["min"] == pend.info["max"] == 2
    refused(game, Choose(1, [others[0]]))
    game.apply(Choose(1, [others[0], others[2]]))
    st = game.state
    assert st.cards[others[0]].exhausted and st.cards[others[2]].exhausted and not st.cards[others[1]].exhausted
    assert game.pending.kind == "flash" and game.pending.info["window"] == 2


def test_cr_11_10_1_gale_exhausts_every_refreshed_spirit_when_there_are_no_more_than_n():
    game = pos({"field": ["KW-GAL"]}, {"field": ["T-G4", "T-R1", {"card": "T-B2", "exhausted": True}]})
    game.apply(Attack(0, one(game, 0, "KW-GAL")))
    to_block(game)
    game.apply(Block(1, one(game, 1, "T-G4")))
    assert game.pending.kind == "flash"
    assert game.state.cards[one(game, 1, "T-R1")].exhausted


def test_cr_11_10_1_gale_does_nothing_when_not_blocked():
    game = pos({"field": ["KW-GAL"]}, {"field": ["T-G4", "T-R1"]})
    game.apply(Attack(0, one(game, 0, "KW-GAL")))
    to_block(game)
    game.apply(Block(1, None))
    assert not any(game.state.cards[i].exhausted for i in field(game, 1))


def test_cr_11_10_3_two_gales_use_only_the_largest_number():
    game = pos({"field": ["KW-GAL"], "hand": ["KW-GGAL"]},
               {"field": ["T-G4", "T-R1", "T-Y2", "T-B2", "T-W0"]}, step="main")
    falcon = one(game, 0, "KW-GAL")
    game.apply(UseMagic(0, hand_iid(game, 0, "KW-GGAL")))  # a second 【Gale: 3】
    assert sorted(k.value for k in game.keywords_of(falcon, "gale")) == [2, 3]
    game.apply(EndMain(0))
    game.apply(Attack(0, falcon))
    to_block(game)
    game.apply(Block(1, one(game, 1, "T-G4")))
    pend = game.pending
    assert pend.kind == "choose" and pend.info["min"] == pend.info["max"] == 3 and len(pend.info["options"]) == 4
    game.apply(Choose(1, pend.info["options"][:3]))
    assert sum(game.state.cards[i].exhausted for i in field(game, 1)) == 4  # the blocker and three
    assert game.pending.kind == "flash"


# ---------------------------------------------------------------------------------------------- 【Crush】 CR 11-11

OPP_DECK = ["T-R1", "T-R3", "T-B2", "T-Y2", "T-G4", "T-W0", "T-W0", "T-W0", "T-W0", "T-W0"]  # top first


def crush_attack(attacker, cores, deck=OPP_DECK, hand=(), step="attack"):
    game = pos({"field": [{"card": attacker, "cores": cores}], "hand": list(hand)}, {"deck": list(deck)}, step=step)
    return game


def test_cr_11_11_1_crush_discards_level_plus_modifier_from_the_top_of_the_opponents_deck():
    game = crush_attack("KW-CRU", 3)  # LV2, 【Crush: +1】
    events = game.apply(Attack(0, one(game, 0, "KW-CRU")))
    assert trash_cids(game, 1) == ["T-R1", "T-R3", "T-B2"]  # the top three, in order
    assert len(game.state.players[1].deck) == 7
    assert len(of_kind(events, "card_moved", reason="crush")) == 3
    assert game.pending.kind == "flash" and game.pending.player == 1


def test_cr_11_11_3_crush_without_a_modifier_discards_the_level():
    game = crush_attack("KW-CR0", 3)  # LV2, 【Crush】
    game.apply(Attack(0, one(game, 0, "KW-CR0")))
    assert trash_cids(game, 1) == ["T-R1", "T-R3"]


def test_cr_11_11_3_crush_without_a_modifier_at_lv1_discards_one():
    game = crush_attack("KW-CR0", 1)
    game.apply(Attack(0, one(game, 0, "KW-CR0")))
    assert trash_cids(game, 1) == ["T-R1"]


def test_cr_11_11_4_two_crushes_use_only_the_largest_modifier():
    game = crush_attack("KW-CRU", 1, hand=["KW-GCRU"], step="main")  # LV1, 【Crush: +1】 and 【Crush: +3】
    golem = one(game, 0, "KW-CRU")
    game.apply(UseMagic(0, hand_iid(game, 0, "KW-GCRU")))
    assert sorted(k.value for k in game.keywords_of(golem, "crush")) == [1, 3]
    game.apply(EndMain(0))
    events = game.apply(Attack(0, golem))
    assert len(of_kind(events, "card_moved", reason="crush")) == 4  # LV1 + 3, once
    assert trash_cids(game, 1) == OPP_DECK[:4]


def test_cr_1_3_2_crush_with_fewer_cards_in_the_deck_discards_all_there_are():
    game = crush_attack("KW-CRU", 3, deck=["T-R1", "T-R3"])  # needs 3
    game.apply(Attack(0, one(game, 0, "KW-CRU")))
    assert game.state.players[1].deck == [] and trash_cids(game, 1) == ["T-R1", "T-R3"]
    assert not game.over and game.pending.kind == "flash"


# ---------------------------------------------------------------------------------------------- 【Raid】 CR 11-12


def raid_pos(nexuses=2, hand=(), step="attack"):
    return pos({"field": ["KW-RAD"] + [{"card": "T-NX", "cores": 0}] * nexuses, "hand": list(hand)}, {}, step=step)


def unblocked(game):
    to_block(game)
    game.apply(Block(1, None))
    assert game.pending.kind == "attack"


def test_cr_11_12_1_raid_may_exhaust_a_nexus_to_refresh_the_attacker():
    game = raid_pos()
    wolf = one(game, 0, "KW-RAD")
    nx1, nx2 = field(game, 0, "T-NX")
    game.apply(Attack(0, wolf))
    pend = game.pending
    assert pend.kind == "choose" and pend.player == 0 and pend.info["kind"] == "target"
    assert sorted(pend.info["options"]) == [nx1, nx2] and pend.info["min"] == 0 and pend.info["max"] == 1
    game.apply(Choose(0, [nx1]))
    st = game.state
    assert st.cards[nx1].exhausted and not st.cards[nx2].exhausted and not st.cards[wolf].exhausted
    assert game.pending.kind == "flash" and st.battle.attacker == wolf


def test_cr_11_12_1_raid_may_be_declined():
    game = raid_pos()
    wolf = one(game, 0, "KW-RAD")
    game.apply(Attack(0, wolf))
    game.apply(Choose(0, []))
    assert game.state.cards[wolf].exhausted and not any(game.state.cards[i].exhausted for i in field(game, 0, "T-NX"))


def test_cr_11_12_1_raid_1_works_once_per_turn():
    game = raid_pos()
    wolf = one(game, 0, "KW-RAD")
    nx1, nx2 = field(game, 0, "T-NX")
    game.apply(Attack(0, wolf))
    game.apply(Choose(0, [nx1]))
    unblocked(game)
    game.apply(Attack(0, wolf))  # the second attack of this spirit this turn: no 【Raid】 left
    assert game.pending.kind == "flash" and game.state.cards[wolf].exhausted
    assert not game.state.cards[nx2].exhausted


def test_cr_11_12_3_two_raids_use_only_the_largest_number_of_times():
    game = raid_pos(nexuses=3, hand=["KW-GRAI"], step="main")  # 【Raid: 1】 and 【Raid: 2】
    wolf = one(game, 0, "KW-RAD")
    nexuses = field(game, 0, "T-NX")
    game.apply(UseMagic(0, hand_iid(game, 0, "KW-GRAI")))
    assert sorted(k.value for k in game.keywords_of(wolf, "raid")) == [1, 2]
    game.apply(EndMain(0))
    for nx in nexuses[:2]:
        game.apply(Attack(0, wolf))
        assert game.pending.kind == "choose"
        game.apply(Choose(0, [nx]))
        unblocked(game)
    game.apply(Attack(0, wolf))  # third attack: two uses are spent, not three
    assert game.pending.kind == "flash" and not game.state.cards[nexuses[2]].exhausted


def test_cr_11_12_1_raid_uses_reset_the_next_turn():
    game = raid_pos()
    wolf = one(game, 0, "KW-RAD")
    game.apply(Attack(0, wolf))
    game.apply(Choose(0, [field(game, 0, "T-NX")[0]]))
    unblocked(game)
    game.apply(EndAttack(0))
    assert game.state.turn == 5 and game.pending.kind == "main" and game.pending.player == 1
    game.apply(EndMain(1))
    game.apply(EndAttack(1))
    assert game.state.turn == 6 and game.pending.kind == "main" and game.pending.player == 0
    game.apply(EndMain(0))
    game.apply(Attack(0, wolf))
    assert game.pending.kind == "choose" and game.pending.info["kind"] == "target"


# ---------------------------------------------------------------------------------------------- 【A.T. Field】 CR 11-13


def at_field_pos(hand, *, soul=True):
    angel = {"card": "KW-ATF", "cores": 0, "soul_core": True} if soul else {"card": "KW-ATF", "cores": 1}
    p1 = {"field": [angel], "soul_core": "field" if soul else "reserve"}
    return pos({"hand": hand}, p1, step="main")


def test_cr_11_13_1_at_field_with_the_soul_core_stops_an_opponents_spirits_destroy_effect():
    game = at_field_pos(["KW-SDS"])
    angel = one(game, 1, "KW-ATF")
    events = game.apply(Summon(0, hand_iid(game, 0, "KW-SDS")))  # when summoned: destroy 1 opponent's spirit
    assert game.state.cards[angel].zone == "field" and not of_kind(events, "destroyed")
    assert of_kind(events, "destruction_prevented", card=angel)
    assert game.pending.kind == "main"


def test_cr_11_13_1_at_field_without_the_soul_core_does_not_stop_it():
    game = at_field_pos(["KW-SDS"], soul=False)
    angel = one(game, 1, "KW-ATF")
    events = game.apply(Summon(0, hand_iid(game, 0, "KW-SDS")))
    assert game.state.cards[angel].zone == "trash" and of_kind(events, "destroyed", card=angel)


def test_cr_11_13_1_ruling_5_at_field_does_not_stop_an_opponents_magic_destroy_effect():
    game = at_field_pos(["KW-MDS"])
    angel = one(game, 1, "KW-ATF")
    events = game.apply(UseMagic(0, hand_iid(game, 0, "KW-MDS")))
    assert game.state.cards[angel].zone == "trash" and of_kind(events, "destroyed", card=angel)
    assert game.state.players[1].soul == "reserve"


def test_cr_11_13_1_at_field_does_not_stop_destruction_in_battle():
    game = pos({"field": ["T-R5"]}, {"field": [{"card": "KW-ATF", "cores": 0, "soul_core": True}],
                                     "soul_core": "field"})
    angel = one(game, 1, "KW-ATF")
    game.apply(Attack(0, one(game, 0, "T-R5")))
    to_block(game)
    game.apply(Block(1, angel))
    events = finish_blocked(game)
    assert game.state.cards[angel].zone == "trash" and of_kind(events, "destroyed", card=angel)


# ---------------------------------------------------------------------------------------------- 【Astral】 CR 11-14


def test_cr_11_14_1_astral_cannot_be_blocked_by_a_spirit_without_astral():
    game = pos({"field": ["KW-AST"]}, {"field": ["T-G4"]})
    game.apply(Attack(0, one(game, 0, "KW-AST")))
    to_block(game)
    stag = one(game, 1, "T-G4")
    refused(game, Block(1, stag), "CR 11-14-1")
    assert game.legal_commands() == [Block(1, None)]


def test_cr_11_14_1_a_spirit_with_astral_can_block_an_astral_attacker():
    game = pos({"field": ["KW-AST"]}, {"field": ["KW-AST", "T-G4"]})
    game.apply(Attack(0, one(game, 0, "KW-AST")))
    to_block(game)
    guard = one(game, 1, "KW-AST")
    assert Block(1, guard) in game.legal_commands()
    game.apply(Block(1, guard))
    assert game.state.battle.blocker == guard


def test_cr_11_14_4_astral_during_opponents_turn_is_not_active_when_it_attacks():
    game = pos({"field": ["KW-ASO"]}, {"field": ["T-G4"]})
    phantom = one(game, 0, "KW-ASO")
    game.apply(Attack(0, phantom))
    to_block(game)
    stag = one(game, 1, "T-G4")
    game.apply(Block(1, stag))
    assert game.state.battle.blocker == stag


def test_cr_11_14_4_astral_during_opponents_turn_can_block_an_astral_attacker():
    game = pos({"field": ["KW-AST"]}, {"field": ["KW-ASO", "T-G4"]})
    game.apply(Attack(0, one(game, 0, "KW-AST")))
    to_block(game)
    night = one(game, 1, "KW-ASO")
    assert sorted(c.spirit for c in game.legal_commands() if c.spirit is not None) == [night]
    game.apply(Block(1, night))
    assert game.state.battle.blocker == night


def test_cr_11_14_3_a_gained_always_astral_makes_an_opponent_turn_astral_spirit_unblockable_on_its_turn():
    game = pos({"field": ["KW-ASO"], "hand": ["KW-GAST"]}, {"field": ["T-G4"]}, step="main")
    phantom = one(game, 0, "KW-ASO")
    game.apply(UseMagic(0, hand_iid(game, 0, "KW-GAST")))  # 【Astral】 (always) this turn
    assert sorted(k.timing for k in game.keywords_of(phantom, "astral")) == ["always", "opponent_turn"]
    game.apply(EndMain(0))
    game.apply(Attack(0, phantom))
    to_block(game)
    refused(game, Block(1, one(game, 1, "T-G4")), "CR 11-14-1")
    assert game.legal_commands() == [Block(1, None)]


# ---------------------------------------------------------------------------------------------- 【Chain】 CR 11-15


@pytest.mark.parametrize("other, draws", [("T-R1", 1), ("T-G4", 2), ("T-D2", 2)],
                         ids=["no-green-symbol", "green-symbol", "red-green-dual-symbol"])
def test_cr_11_15_3_chain_happens_only_with_a_symbol_of_its_colour(other, draws):
    game = pos({"field": [other], "hand": ["KW-CHN"]}, {}, step="main")
    sage = hand_iid(game, 0, "KW-CHN")
    events = game.apply(Summon(0, sage))  # draw 1; 【Chain: green】 draw 1
    assert len(of_kind(events, "draw", player=0)) == draws
    assert len(game.state.players[0].hand) == draws and game.pending.kind == "main"


# ---------------------------------------------------------------------------------------------- "with 【Keyword】" CR 10-13


@pytest.mark.parametrize("cores, hit", [(1, False), (2, True)], ids=["LV1", "LV2"])
def test_cr_10_13_1_with_keyword_does_not_match_a_keyword_of_a_level_not_reached(cores, hit):
    # Late Bloomer has 【Luster】 at LV2 only; Luster Hunt exhausts every opponent's spirit with 【Luster】
    game = pos({"hand": ["KW-KWM"]}, {"field": [{"card": "KW-LV2", "cores": cores}, "KW-LUS"]}, step="main")
    bloomer, fox = one(game, 1, "KW-LV2"), one(game, 1, "KW-LUS")
    assert game.has_keyword(bloomer, "luster") == hit
    game.apply(UseMagic(0, hand_iid(game, 0, "KW-KWM")))
    assert game.state.cards[bloomer].exhausted == hit
    assert game.state.cards[fox].exhausted  # always 【Luster】
