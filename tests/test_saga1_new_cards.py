"""The Saga set's second wave (SG1-133 … SG1-162) and the cards after it (SG1-163 … SG1-198), card by card: each
test builds a concrete position with the shipped cards, plays the card as a player would (commands and `Choose`
answers through `Game.apply`) and checks what its generated text promises. Design notes: docs/saga1-set.md;
positions: docs/position-format.md."""
from __future__ import annotations

from functools import lru_cache

import pytest

from bss_desktop.carddb import load_default_db
from bss_desktop.carddb.card_text import card_text
from bss_desktop.engine import IllegalCommand
from bss_desktop.engine.commands import (Activate, Attack, Block, Choose, EndAttack, EndMain, Pass, PlaceNexus,
                                       SetBurst, Summon, UseMagic)
from helpers import cids, first, position, two_players

FILLER = "SG1-001"  # Emberling Hatchling: a deck nobody looks at


@lru_cache(maxsize=None)
def db():
    return load_default_db()


def game_at(p0: str, p1: str, *, turn: int = 3, turn_player: int = 0, step: str = "main"):
    """A game of the shipped cards from a position (docs/position-format.md); decks default to filler."""
    return position(two_players(p0, p1, turn=turn, turn_player=turn_player, step=step), db=db(), filler=FILLER)


def info(game) -> dict:
    pend = game.pending
    assert pend is not None and pend.kind == "choose", pend
    return pend.info


def answer(game, value):
    return game.apply(Choose(game.pending.player, value))


def pass_window(game) -> None:
    while game.pending is not None and game.pending.kind == "flash":
        game.apply(Pass(game.pending.player))


def text(cid: str) -> str:
    return card_text(db()[cid])


def zone(game, iid: int) -> str:
    return game.state.cards[iid].zone


# ================================================================ red


def test_scorchmark_drake_cannot_be_blocked_by_small_spirits_and_its_damage_burns_one():
    # Scorchmark Drake: "(When Attacks) This spirit cannot be blocked by spirits with 2000 BP or less this turn.
    # (When Its Attack Reduces Life) Destroy 1 opponent's spirit with 2000 BP or less."
    assert "cannot be blocked by spirits with 2000 BP or less" in text("SG1-133")
    game = game_at("{life: 5, reserve: 3, field: [SG1-133]}",
                   "{life: 5, reserve: 3, field: [SG1-003, SG1-048]}", step="attack")
    drake = first(game, 0, "SG1-133")
    flarecrest, pikeman = first(game, 1, "SG1-003"), first(game, 1, "SG1-048")  # 2000 BP, 3000 BP
    game.apply(Attack(0, drake))
    pass_window(game)
    blockers = [c.spirit for c in game.legal_commands() if isinstance(c, Block)]
    assert pikeman in blockers and flarecrest not in blockers and None in blockers
    before = game.state_hash()
    with pytest.raises(IllegalCommand):
        game.apply(Block(1, flarecrest))
    assert game.state_hash() == before
    game.apply(Block(1, None))  # the life is reduced: the only 2000-BP spirit is destroyed
    assert game.state.players[1].life == 4
    assert zone(game, flarecrest) == "trash" and zone(game, pikeman) == "field"


def test_scorchmark_drake_blocked_deals_no_damage_so_destroys_nothing():
    game = game_at("{life: 5, reserve: 3, field: [SG1-133]}",
                   "{life: 5, reserve: 3, field: [SG1-003, SG1-048]}", step="attack")
    drake = first(game, 0, "SG1-133")
    flarecrest, pikeman = first(game, 1, "SG1-003"), first(game, 1, "SG1-048")
    game.apply(Attack(0, drake))
    pass_window(game)
    game.apply(Block(1, pikeman))  # 3000 against 3000: both destroyed, no life reduced
    pass_window(game)
    assert game.state.players[1].life == 5 and zone(game, flarecrest) == "field"


def test_kindled_watchfire_exhausted_by_raid_pumps_the_raider():
    # Flarecrest Drake has 【Raid: 1】: it exhausts a nexus to refresh. Kindled Watchfire: "(When Exhausted) Up to 1
    # of your spirits gets +2000 BP this turn."
    game = game_at("{life: 5, reserve: 3, field: [SG1-003, SG1-134]}", "{life: 5, reserve: 3}", step="attack")
    drake, watchfire = first(game, 0, "SG1-003"), first(game, 0, "SG1-134")
    game.apply(Attack(0, drake))
    assert info(game)["kind"] == "target" and watchfire in info(game)["options"]  # 【Raid】: which nexus
    answer(game, [watchfire])
    assert game.state.cards[watchfire].exhausted and not game.state.cards[drake].exhausted
    assert info(game)["kind"] == "target" and info(game)["max"] == 1  # the Watchfire: up to 1 of your spirits
    answer(game, [drake])
    assert game.bp(drake) == 4000


def test_kindled_watchfire_does_not_trigger_when_it_is_already_exhausted():
    game = game_at("{life: 5, reserve: 3, field: [SG1-003, {card: SG1-134, exhausted: true}]}",
                   "{life: 5, reserve: 3}", step="attack")
    drake = first(game, 0, "SG1-003")
    game.apply(Attack(0, drake))  # no refreshed nexus for 【Raid】: nothing to ask, nothing exhausted
    assert game.pending.kind == "flash" and game.bp(drake) == 2000


def test_duelists_oath_gives_1000_bp_for_each_red_symbol_on_your_field():
    # Duelist's Oath: "Flash: Select 1 of your spirits. It gets +1000 BP for each Red symbol on your field this turn."
    # Red symbols: Flarecrest Drake, Ashwing Drake and Wildfire Stag's red/green one (counted once, CR 2-8-2-1); the
    # opponent's red Emberling Hatchling is not on your field
    game = game_at("{life: 5, reserve: 4, hand: [SG1-135], field: [SG1-003, SG1-005, SG1-127]}",
                   "{life: 5, reserve: 3, field: [SG1-001]}", step="attack")
    flarecrest, ashwing = first(game, 0, "SG1-003"), first(game, 0, "SG1-005")
    game.apply(Attack(0, flarecrest))
    game.apply(Pass(1))  # the defending player passes first in the flash window (CR 7-1-2-1)
    assert game.pending.kind == "flash" and game.pending.player == 0
    game.apply(UseMagic(0, first(game, 0, "SG1-135", "hand")))
    assert info(game)["kind"] == "target" and sorted(info(game)["options"]) == sorted(game.state.players[0].field)
    answer(game, [flarecrest])
    assert game.bp(flarecrest) == 2000 + 3000 and game.bp(ashwing) == 3000


def test_firestorm_sweep_destroys_spirits_whose_bp_adds_up_to_5000_or_less():
    # Firestorm Sweep: "Main: Destroy any number of your opponent's spirits with a combined total of 5000 BP or less."
    game = game_at("{life: 5, reserve: 5, hand: [SG1-136]}",
                   "{life: 5, reserve: 3, field: [SG1-001, SG1-003, SG1-005, SG1-111, SG1-120]}")
    hatchling, flarecrest, ashwing, serpent, marisel = game.state.players[1].field  # 1000, 2000, 3000, 3000, 6000
    game.apply(UseMagic(0, first(game, 0, "SG1-136", "hand")))
    assert info(game)["limit"] == 5000 and marisel not in info(game)["options"]  # 6000 alone is too much
    before = game.state_hash()
    with pytest.raises(IllegalCommand):
        answer(game, [ashwing, serpent])  # 6000 together
    assert game.state_hash() == before
    answer(game, [flarecrest, ashwing])  # 2000 + 3000: exactly 5000
    assert [zone(game, i) for i in (hatchling, flarecrest, ashwing, serpent, marisel)] == [
        "field", "trash", "trash", "field", "field"]


# ================================================================ purple


def test_bloodpact_warlock_pays_a_life_to_return_a_spirit_card_from_the_trash():
    # Bloodpact Warlock: "(When Summoned) You may send 1 core from your life to your reserve. If you do, return 1
    # spirit card in your trash to its owner's hand." Two spirit cards and a magic card in the trash
    game = game_at("{life: 5, reserve: 3, hand: [SG1-137], trash: [SG1-026, SG1-039, SG1-031]}",
                   "{life: 5, reserve: 3}")
    hound, drain, revenant = game.state.players[0].trash
    game.apply(Summon(0, first(game, 0, "SG1-137", "hand")))
    assert info(game)["kind"] == "may" and "your life" in info(game)["prompt"]
    answer(game, True)
    p0 = game.state.players[0]
    assert p0.life == 4
    assert info(game)["kind"] == "target" and sorted(info(game)["options"]) == sorted([hound, revenant])
    answer(game, [revenant])
    assert zone(game, revenant) == "hand" and zone(game, hound) == zone(game, drain) == "trash"


def test_bloodpact_warlock_declined_costs_no_life_and_returns_nothing():
    game = game_at("{life: 5, reserve: 3, hand: [SG1-137], trash: [SG1-026]}", "{life: 5, reserve: 3}")
    hound = game.state.players[0].trash[0]
    game.apply(Summon(0, first(game, 0, "SG1-137", "hand")))
    answer(game, False)
    assert game.state.players[0].life == 5 and zone(game, hound) == "trash"


def test_mindgnaw_specter_looks_at_the_hand_and_strips_a_core_per_card_beyond_three():
    # Mindgnaw Specter: "(When Summoned) Look at your opponent's hand. Send 1 core from 1 opponent's spirit to its
    # owner's reserve for each card in your opponent's hand beyond the first 3." Five cards: 2 cores
    game = game_at("{life: 5, reserve: 4, hand: [SG1-138]}",
                   "{life: 5, reserve: 0, soul_core: trash, hand: [SG1-001, SG1-002, SG1-003, SG1-018, SG1-019],"
                   " field: [{card: SG1-013, cores: 3}]}")
    rex = first(game, 1, "SG1-013")
    events = game.apply(Summon(0, first(game, 0, "SG1-138", "hand")))
    looks = [e for e in events if e.kind == "look"]
    assert [(e["player"], e["owner"], e["cids"]) for e in looks] == [
        (0, 1, ["SG1-001", "SG1-002", "SG1-003", "SG1-018", "SG1-019"])]
    assert game.state.cards[rex].cores == 1 and game.state.players[1].reserve == 2
    assert game.level(rex) == 1  # Inferno Rex dropped from LV2 to LV1


def test_mindgnaw_specter_with_three_cards_in_the_opponents_hand_removes_nothing():
    game = game_at("{life: 5, reserve: 4, hand: [SG1-138]}",
                   "{life: 5, reserve: 0, soul_core: trash, hand: [SG1-001, SG1-002, SG1-003],"
                   " field: [{card: SG1-013, cores: 3}]}")
    rex = first(game, 1, "SG1-013")
    game.apply(Summon(0, first(game, 0, "SG1-138", "hand")))
    assert game.state.cards[rex].cores == 3 and game.state.players[1].reserve == 0


def test_gravewake_necromancer_summons_a_small_revenant_from_the_trash_for_free():
    # Gravewake Necromancer: "(When Summoned) Summon 1 Revenant spirit card with cost 3 or less from your trash
    # without paying its cost, with its LV1 cores from the void." Marrow Knight costs 4, Gravemote Wisp is a Phantom
    game = game_at("{life: 5, reserve: 6, soul_core: trash, hand: [SG1-139],"
                   " trash: [SG1-024, SG1-026, SG1-029, SG1-022]}", "{life: 5, reserve: 3}")
    ghoul, hound, knight, wisp = game.state.players[0].trash
    game.apply(Summon(0, first(game, 0, "SG1-139", "hand")))
    assert info(game)["kind"] == "target" and sorted(info(game)["options"]) == sorted([ghoul, hound])
    answer(game, [hound])
    p0 = game.state.players[0]
    assert zone(game, hound) == "field" and game.state.cards[hound].cores == 1
    assert p0.reserve == 0  # 6 = the Necromancer's cost of 5 and its LV1 core; the Hound took nothing
    assert zone(game, knight) == zone(game, wisp) == zone(game, ghoul) == "trash"


def test_shared_grave_each_player_destroys_a_spirit_of_their_choice():
    # Shared Grave: "Main: Destroy 1 spirit of each player, which that player selects." The turn player selects first
    # (CR 1-3-4); Ossuary Hound, chosen by its owner, then strips a core as it is destroyed
    game = game_at("{life: 5, reserve: 3, hand: [SG1-140], field: [SG1-026, SG1-030]}",
                   "{life: 5, reserve: 0, soul_core: trash, field: [SG1-001, {card: SG1-013, cores: 3}]}")
    hound, hexer = game.state.players[0].field
    hatchling, rex = game.state.players[1].field
    game.apply(UseMagic(0, first(game, 0, "SG1-140", "hand")))
    assert info(game)["kind"] == "target" and game.pending.player == 0
    assert sorted(info(game)["options"]) == sorted([hound, hexer])
    answer(game, [hound])
    assert game.pending.player == 1 and sorted(info(game)["options"]) == sorted([hatchling, rex])
    answer(game, [hatchling])
    assert zone(game, hound) == zone(game, hatchling) == "trash"
    assert zone(game, hexer) == zone(game, rex) == "field"
    assert game.state.cards[rex].cores == 2  # the Hound's "(When Destroyed)": its only target


def test_dread_tithe_spire_taxes_the_opponents_magic():
    # Dread Tithe Spire: "Constant: Magic cards in your opponent's hand cost 1 more."
    game = game_at("{life: 5, reserve: 3, hand: [SG1-039], field: [SG1-141]}",
                   "{life: 5, reserve: 3, hand: [SG1-039, SG1-001]}")
    own, theirs = first(game, 0, "SG1-039", "hand"), first(game, 1, "SG1-039", "hand")
    # Soul Drain costs 2 with 1 purple reduction symbol; the Spire's purple symbol pays it: 1
    assert game.cost_of(own) == 1
    assert game.cost_of(theirs) == 3  # 2 + 1, and player 2 has no purple symbol
    assert game.cost_of(first(game, 1, "SG1-001", "hand")) == 0  # spirits are not taxed


@pytest.mark.parametrize("reserve", [2, 3])
def test_dread_tithe_spire_the_opponent_pays_the_tax_to_use_magic(reserve):
    # the opponent answers an attack with Soul Drain (flash, cost 2): with the Spire out it takes 3 cores
    game = game_at("{life: 5, reserve: 3, field: [SG1-141, SG1-005]}",
                   f"{{life: 5, reserve: {reserve}, soul_core: trash, hand: [SG1-039]}}", step="attack")
    game.apply(Attack(0, first(game, 0, "SG1-005")))
    drain = first(game, 1, "SG1-039", "hand")
    if reserve == 2:
        assert not any(isinstance(c, UseMagic) for c in game.legal_commands())
        with pytest.raises(IllegalCommand):
            game.apply(UseMagic(1, drain))
    else:
        game.apply(UseMagic(1, drain))
        assert game.state.players[1].trash_cores == 3 and zone(game, drain) == "trash"


def test_dread_tithe_spire_at_lv2_strips_a_core_when_the_opponent_sets_a_burst():
    # "[LV2] (When your opponent sets a burst) Send 1 core from 1 opponent's spirit to its owner's reserve."
    game = game_at("{life: 5, reserve: 3, field: [{card: SG1-141, cores: 2}]}",
                   "{life: 5, reserve: 0, soul_core: trash, hand: [SG1-018], field: [{card: SG1-013, cores: 3}]}",
                   turn=4, turn_player=1)
    rex = first(game, 1, "SG1-013")
    game.apply(SetBurst(1, first(game, 1, "SG1-018", "hand")))
    assert game.state.cards[rex].cores == 2 and game.state.players[1].reserve == 1


def test_dread_tithe_spire_at_lv1_does_not_answer_a_burst():
    game = game_at("{life: 5, reserve: 3, field: [SG1-141]}",
                   "{life: 5, reserve: 0, soul_core: trash, hand: [SG1-018], field: [{card: SG1-013, cores: 3}]}",
                   turn=4, turn_player=1)
    rex = first(game, 1, "SG1-013")
    game.apply(SetBurst(1, first(game, 1, "SG1-018", "hand")))
    assert game.state.cards[rex].cores == 3


def test_dread_tithe_spire_does_not_answer_its_own_players_burst():
    game = game_at("{life: 5, reserve: 3, hand: [SG1-040], field: [{card: SG1-141, cores: 2}]}",
                   "{life: 5, reserve: 0, soul_core: trash, field: [{card: SG1-013, cores: 3}]}")
    rex = first(game, 1, "SG1-013")
    game.apply(SetBurst(0, first(game, 0, "SG1-040", "hand")))
    assert game.state.cards[rex].cores == 3 and game.pending.kind == "main"


# ================================================================ white


def test_permafrost_archivist_sends_up_to_two_cards_of_the_opponents_trash_to_the_deck_bottom():
    # Permafrost Archivist: "(When Summoned) Put up to 2 cards in your opponent's trash on the bottom of their
    # owners' decks." — here against an Immortal Gravemote Wisp and a magic card waiting to be recovered
    game = game_at("{life: 5, reserve: 3, hand: [SG1-142], trash: [SG1-060]}",
                   "{life: 5, reserve: 3, trash: [SG1-022, SG1-040, SG1-026], deck: [SG1-001, SG1-002]}")
    wisp, calling, hound = game.state.players[1].trash
    game.apply(Summon(0, first(game, 0, "SG1-142", "hand")))
    i = info(game)
    assert i["min"] == 0 and i["max"] == 2 and sorted(i["options"]) == sorted([wisp, calling, hound])  # not ours
    answer(game, [wisp, calling])
    deck = game.state.players[1].deck  # the top is the last element
    assert sorted(deck[:2]) == sorted([wisp, calling]) and zone(game, hound) == "trash"
    assert zone(game, first(game, 0, "SG1-060", "trash")) == "trash"


def test_dronewright_overseer_pumps_other_drones_only_in_the_opponents_attack_step():
    # Dronewright Overseer: "Constant: during your opponent's attack step, all your other spirits with "Drone" in
    # their card names get +2000 BP." Cogling Drone has "Drone" in its name; Rivet Guard does not
    game = game_at("{life: 5, reserve: 3, field: [SG1-143, SG1-043, SG1-045]}",
                   "{life: 5, reserve: 3, field: [SG1-005]}", turn=4, turn_player=1)
    overseer, drone, guard = game.state.players[0].field
    assert [game.bp(i) for i in (overseer, drone, guard)] == [2000, 1000, 2000]  # the opponent's main step
    game.apply(EndMain(1))
    assert game.state.step == "attack"
    assert [game.bp(i) for i in (overseer, drone, guard)] == [2000, 3000, 2000]
    game.apply(Attack(1, first(game, 1, "SG1-005")))
    pass_window(game)
    game.apply(Block(0, drone))  # Cogling Drone also gets +2000 while blocking: 5000 beats Ashwing Drake's 3000
    assert game.bp(drone) == 5000
    pass_window(game)
    assert zone(game, drone) == "field" and zone(game, first(game, 1, "SG1-005", "trash")) == "trash"


def test_dronewright_overseer_does_nothing_in_your_own_attack_step():
    game = game_at("{life: 5, reserve: 3, field: [SG1-143, SG1-043]}", "{life: 5, reserve: 3}", step="attack")
    assert game.bp(first(game, 0, "SG1-043")) == 1000


def test_citadel_bailiff_puts_a_small_spirit_on_top_of_its_owners_deck():
    # Citadel Bailiff: "(When Summoned) Put 1 opponent's spirit with 3000 BP or less on top of its owner's deck."
    # Its cores go to its owner's reserve (CR 3-5-5); the owner draws it again next turn
    game = game_at("{life: 5, reserve: 5, soul_core: trash, hand: [SG1-144]}",
                   "{life: 5, reserve: 0, soul_core: trash, field: [{card: SG1-005, cores: 3}, SG1-013],"
                   " deck: [SG1-001, SG1-002]}")
    ashwing = first(game, 1, "SG1-005")  # LV2 with 3 cores: 4000 BP
    game.apply(Summon(0, first(game, 0, "SG1-144", "hand")))
    assert zone(game, ashwing) == "field"  # 4000 BP is too much; Inferno Rex (6000) too: nothing to put back
    game = game_at("{life: 5, reserve: 5, soul_core: trash, hand: [SG1-144]}",
                   "{life: 5, reserve: 0, soul_core: trash, field: [{card: SG1-005, cores: 1}, SG1-013],"
                   " deck: [SG1-001, SG1-002]}")
    ashwing = first(game, 1, "SG1-005")
    game.apply(Summon(0, first(game, 0, "SG1-144", "hand")))
    p1 = game.state.players[1]
    assert p1.deck[-1] == ashwing and zone(game, ashwing) == "deck" and p1.reserve == 1
    assert cids(game, p1.deck) == ["SG1-002", "SG1-001", "SG1-005"]  # bottom first: on top of the two others


def test_rimebound_warden_exhausts_a_blocker_as_it_is_refreshed_in_the_refresh_step():
    # Rimebound Warden: "(When Refreshed) Exhaust 1 opponent's spirit with 4000 BP or less." It attacked last turn,
    # so the refresh step refreshes it (CR 6-5-2) and the opponent's 3000-BP blocker is exhausted for our attack
    game = game_at("{life: 5, reserve: 3, field: [{card: SG1-145, exhausted: true}]}",
                   "{life: 5, reserve: 3, field: [SG1-048, SG1-120]}", turn=5, step="start")
    warden = first(game, 0, "SG1-145")
    pikeman, marisel = first(game, 1, "SG1-048"), first(game, 1, "SG1-120")  # 3000 and 6000 BP
    assert game.state.step == "main" and not game.state.cards[warden].exhausted
    assert game.state.cards[pikeman].exhausted and not game.state.cards[marisel].exhausted


def test_rimebound_warden_already_refreshed_does_not_trigger():
    game = game_at("{life: 5, reserve: 3, field: [SG1-145]}",
                   "{life: 5, reserve: 3, field: [SG1-048]}", turn=5, step="start")
    assert not game.state.cards[first(game, 1, "SG1-048")].exhausted


def test_glacial_decree_in_the_main_step_its_player_selects_which_effect():
    # Glacial Decree: "Main: Put 1 opponent's spirit with 4000 BP or less on the bottom of its owner's deck.
    # Main/Flash: Exhaust 1 opponent's spirit." In the main step both can be used: its player selects (CR 10-8-3)
    game = game_at("{life: 5, reserve: 4, hand: [SG1-146]}", "{life: 5, reserve: 3, field: [SG1-005]}")
    ashwing = first(game, 1, "SG1-005")
    game.apply(UseMagic(0, first(game, 0, "SG1-146", "hand")))
    assert info(game)["kind"] == "effect" and info(game)["options"] == [0, 1]
    answer(game, 0)
    assert zone(game, ashwing) == "deck" and game.state.players[1].deck[0] == ashwing


def test_glacial_decree_in_a_flash_window_only_exhausts():
    game = game_at("{life: 5, reserve: 3, field: [SG1-005]}",
                   "{life: 5, reserve: 4, hand: [SG1-146], field: [SG1-001]}", step="attack")
    ashwing = first(game, 0, "SG1-005")
    game.apply(Attack(0, ashwing))
    game.apply(UseMagic(1, first(game, 1, "SG1-146", "hand")))  # the main-only effect cannot be used here
    assert game.state.cards[ashwing].exhausted and zone(game, ashwing) == "field"
    assert game.pending.kind == "flash"


# ================================================================ yellow


def test_lumen_cantor_looks_privately_takes_a_magic_card_and_shuffles_the_rest():
    # Lumen Cantor: "(When Summoned) Look at the top 4 cards of your deck, add up to 1 magic card from among them to
    # your hand and shuffle the rest into your deck." Only its player sees them (CR 12-3-1)
    game = game_at("{life: 5, reserve: 5, soul_core: trash, hand: [SG1-147],"
                   " deck: [SG1-064, SG1-082, SG1-065, SG1-083, SG1-066, SG1-067]}", "{life: 5, reserve: 3}")
    events = game.apply(Summon(0, first(game, 0, "SG1-147", "hand")))
    looks = [e for e in events if e.kind == "look"]
    assert [e["cids"] for e in looks] == [["SG1-064", "SG1-082", "SG1-065", "SG1-083"]] and looks[0]["player"] == 0
    assert not any(e.kind == "reveal" and e.get("why") == "search" for e in events)
    i = info(game)
    assert i["min"] == 0 and i["max"] == 1 and cids(game, i["options"]) == ["SG1-082", "SG1-083"]  # the magic ones
    mending = next(x for x in i["options"] if game.state.cards[x].cid == "SG1-082")
    events = answer(game, [mending])
    assert [e["cid"] for e in events if e.kind == "reveal"] == ["SG1-082"]  # a card taken is shown (CR 12-2-1)
    assert "shuffle" in [e.kind for e in events] and zone(game, mending) == "hand"
    assert len(game.state.players[0].deck) == 5


def test_lumen_cantor_gives_magic_in_hand_an_extra_yellow_reduction_symbol():
    # "Constant: Magic cards in your hand have an additional Yellow reduction symbol." With Glimmer Chick (one yellow
    # symbol) alone, Mending Light (cost 3, 2 yellow reduction symbols) costs 2 and Radiant Insight (cost 2, 1 symbol)
    # costs 1; with the Cantor too, two yellow symbols meet 3 and 2 reduction symbols: 1 and 0
    game = game_at("{life: 5, reserve: 5, soul_core: trash, hand: [SG1-147, SG1-082, SG1-081], field: [SG1-064],"
                   " deck: [SG1-064, SG1-064, SG1-064, SG1-064, SG1-064]}", "{life: 5, reserve: 3}")
    mending, insight = first(game, 0, "SG1-082", "hand"), first(game, 0, "SG1-081", "hand")
    assert (game.cost_of(mending), game.cost_of(insight)) == (2, 1)
    game.apply(Summon(0, first(game, 0, "SG1-147", "hand")))  # no magic card among the 4 it looks at
    assert (game.cost_of(mending), game.cost_of(insight)) == (1, 0)


def test_dawnstrike_kestrel_draws_when_its_attack_reduces_life():
    # Dawnstrike Kestrel: "(When Its Attack Reduces Life) Draw 1 card."
    game = game_at("{life: 5, reserve: 3, field: [SG1-148], deck: [SG1-082, SG1-082]}",
                   "{life: 5, reserve: 3, field: [SG1-001]}", step="attack")
    game.apply(Attack(0, first(game, 0, "SG1-148")))
    pass_window(game)
    game.apply(Block(1, None))
    assert game.state.players[1].life == 4 and cids(game, game.state.players[0].hand) == ["SG1-082"]


def test_dawnstrike_kestrel_blocked_draws_nothing():
    game = game_at("{life: 5, reserve: 3, field: [SG1-148], deck: [SG1-082, SG1-082]}",
                   "{life: 5, reserve: 3, field: [SG1-001]}", step="attack")
    game.apply(Attack(0, first(game, 0, "SG1-148")))
    pass_window(game)
    game.apply(Block(1, first(game, 1, "SG1-001")))
    pass_window(game)
    assert game.state.players[1].life == 5 and game.state.players[0].hand == []


def test_omen_lectern_draws_when_you_set_a_burst_not_when_your_opponent_does():
    # Omen Lectern: "(When you set a burst) Draw 1 card."
    game = game_at("{life: 5, reserve: 3, hand: [SG1-082], field: [SG1-149], deck: [SG1-064, SG1-065]}",
                   "{life: 5, reserve: 3, hand: [SG1-018]}")
    game.apply(SetBurst(0, first(game, 0, "SG1-082", "hand")))
    assert cids(game, game.state.players[0].hand) == ["SG1-064"]
    game = game_at("{life: 5, reserve: 3, field: [SG1-149], deck: [SG1-064, SG1-065]}",
                   "{life: 5, reserve: 3, hand: [SG1-018]}", turn=4, turn_player=1)
    game.apply(SetBurst(1, first(game, 1, "SG1-018", "hand")))
    assert game.state.players[0].hand == []


def test_starlit_reverie_draws_two_and_puts_a_card_from_the_hand_on_top():
    # Starlit Reverie: "Main: Draw 2 cards. Put 1 card in your hand on top of its owner's deck."
    game = game_at("{life: 5, reserve: 3, hand: [SG1-150, SG1-077], deck: [SG1-064, SG1-082, SG1-065]}",
                   "{life: 5, reserve: 3}")
    sage = first(game, 0, "SG1-077", "hand")
    game.apply(UseMagic(0, first(game, 0, "SG1-150", "hand")))
    i = info(game)
    assert i["kind"] == "target" and i["min"] == i["max"] == 1 and len(i["options"]) == 3  # the card used is gone
    answer(game, [sage])  # too expensive now: save it for a later draw
    p0 = game.state.players[0]
    assert p0.deck[-1] == sage and sorted(cids(game, p0.hand)) == ["SG1-064", "SG1-082"]


@pytest.mark.parametrize("soul, life", [(True, 6), (False, 5)])
def test_radiant_offering_gains_a_life_only_when_the_soul_core_paid(soul, life):
    # Radiant Offering: "Main: Draw 2 cards. If the soul core was used to pay the cost, put 1 core from the void into
    # your life." Cost 3, no yellow symbol: 2 cores and the soul core, or 3 cores
    game = game_at("{life: 5, reserve: 3, soul_core: reserve, hand: [SG1-151], deck: [SG1-064, SG1-065]}",
                   "{life: 5, reserve: 3}")
    card = first(game, 0, "SG1-151", "hand")
    pay = (("reserve", 2),) if soul else (("reserve", 3),)
    game.apply(UseMagic(0, card, pay=pay, pay_soul=soul))
    p0 = game.state.players[0]
    assert len(p0.hand) == 2 and p0.life == life and (p0.soul == "trash") == soul


# ================================================================ green


def test_wildheart_drummer_makes_beast_spirit_cards_in_your_hand_cost_1_less():
    # Wildheart Drummer: "Constant: Beast spirit cards in your hand cost 1 less." (CR 10-6-4: before reduction)
    game = game_at("{life: 5, reserve: 2, soul_core: trash, hand: [SG1-090, SG1-089, SG1-085], field: [SG1-152]}",
                   "{life: 5, reserve: 3, hand: [SG1-090]}")
    elk, mantis, fernkit = (first(game, 0, c, "hand") for c in ("SG1-090", "SG1-089", "SG1-085"))
    assert game.cost_of(elk) == 3 - 1 - 1  # one less, and the Drummer's green symbol meets one reduction symbol
    assert game.cost_of(mantis) == 3 - 1  # a Carapace: only the reduction
    assert game.cost_of(fernkit) == 0  # never below 0
    assert game.cost_of(first(game, 1, "SG1-090", "hand")) == 3  # the opponent's hand is not changed
    game.apply(Summon(0, elk))
    p0 = game.state.players[0]
    assert zone(game, elk) == "field" and p0.trash_cores == 1 and p0.reserve == 0


def test_sunsoak_grazer_grows_a_core_each_time_it_is_refreshed():
    # Sunsoak Grazer: "(When Refreshed) Put 1 core from the void on this spirit." It attacked last turn
    game = game_at("{life: 5, reserve: 3, field: [{card: SG1-153, cores: 2, exhausted: true}, SG1-085]}",
                   "{life: 5, reserve: 3}", turn=5, step="start")
    grazer = first(game, 0, "SG1-153")
    assert game.state.step == "main" and game.state.cards[grazer].cores == 3 and game.level(grazer) == 2


@pytest.mark.parametrize("cores, survives", [(1, False), (3, True)])
def test_rootbound_ancient_blocks_with_1000_more_bp_for_each_core_on_it(cores, survives):
    # Rootbound Ancient: "(When Blocks) This spirit gets +1000 BP for each core on it this battle." Maelstrom Kraken
    # (LV1, 6000 BP) attacks: at LV1 the Ancient has 4000 + 1000; at LV2 (3 cores) 6000 + 3000
    game = game_at(f"{{life: 5, reserve: 3, soul_core: trash, field: [{{card: SG1-154, cores: {cores}}}]}}",
                   "{life: 5, reserve: 3, field: [SG1-113]}", turn=4, turn_player=1, step="attack")
    ancient, kraken = first(game, 0, "SG1-154"), first(game, 1, "SG1-113")
    game.apply(Attack(1, kraken))
    pass_window(game)
    game.apply(Block(0, ancient))
    assert game.bp(ancient) == {1: 5000, 3: 9000}[cores]
    pass_window(game)
    assert (zone(game, ancient) == "field") == survives and (zone(game, kraken) == "trash") == survives
    if survives:
        assert game.bp(ancient) == 6000  # only this battle


def test_rootbound_ancient_counts_the_soul_core_on_it():
    game = game_at("{life: 5, reserve: 3, soul_core: field, field: [{card: SG1-154, cores: 2, soul_core: true}]}",
                   "{life: 5, reserve: 3, field: [SG1-113]}", turn=4, turn_player=1, step="attack")
    ancient = first(game, 0, "SG1-154")
    game.apply(Attack(1, first(game, 1, "SG1-113")))
    pass_window(game)
    game.apply(Block(0, ancient))
    assert game.bp(ancient) == 6000 + 3000


def test_stampede_herald_summons_a_small_beast_from_the_hand_with_cores_from_the_reserve():
    # Stampede Herald: "(When Summoned) Summon up to 1 Beast spirit card with cost 3 or less from your hand without
    # paying its cost, with its LV1 cores from your reserve." Thornback Rhino costs 5; Vinecoil Mantis is a Carapace
    game = game_at("{life: 5, reserve: 7, soul_core: trash, hand: [SG1-155, SG1-090, SG1-093, SG1-089]}",
                   "{life: 5, reserve: 3}")
    elk = first(game, 0, "SG1-090", "hand")
    game.apply(Summon(0, first(game, 0, "SG1-155", "hand")))
    i = info(game)
    assert i["kind"] == "target" and i["options"] == [elk] and i["min"] == 0 and i["max"] == 1
    answer(game, [elk])
    p0 = game.state.players[0]
    assert zone(game, elk) == "field" and game.state.cards[elk].cores == 1
    assert p0.trash_cores == 5 and p0.reserve == 7 - 5 - 1 - 1  # the Herald's cost and core, the Elk's core


def test_stampede_herald_with_an_empty_reserve_cannot_place_the_beast():
    game = game_at("{life: 5, reserve: 6, soul_core: trash, hand: [SG1-155, SG1-090]}", "{life: 5, reserve: 3}")
    elk = first(game, 0, "SG1-090", "hand")
    game.apply(Summon(0, first(game, 0, "SG1-155", "hand")))  # the cost and the LV1 core empty the reserve
    assert info(game)["options"] == [elk]
    answer(game, [elk])
    assert zone(game, elk) == "hand"  # ruling 9: no core to place it with, so it stays in the hand


def test_call_of_the_thicket_summons_a_revealed_spirit_and_keeps_the_rest_on_top_in_order():
    # Call of the Thicket: "Main: Reveal the top 4 cards of your deck, summon 1 spirit card with cost 4 or less from
    # among them without paying the cost, with its LV1 cores from the void and return the rest to the top of your
    # deck in the same order."
    game = game_at("{life: 5, reserve: 4, soul_core: trash, hand: [SG1-156],"
                   " deck: [SG1-102, SG1-097, SG1-093, SG1-092, SG1-085]}", "{life: 5, reserve: 3}")
    game.apply(UseMagic(0, first(game, 0, "SG1-156", "hand")))
    i = info(game)
    assert i["min"] == i["max"] == 1 and cids(game, i["options"]) == ["SG1-097", "SG1-092"]  # the Rhino costs 5
    guardian = i["options"][1]
    events = answer(game, [guardian])
    p0 = game.state.players[0]
    assert zone(game, guardian) == "field" and game.state.cards[guardian].cores == 1 and p0.reserve == 0
    assert cids(game, p0.deck[::-1]) == ["SG1-102", "SG1-097", "SG1-093", "SG1-085"]  # top first, no shuffle
    assert "shuffle" not in [e.kind for e in events]


# ================================================================ blue


def test_tidebound_lookout_looks_at_the_top_of_the_opponents_deck_then_shuffles_it():
    # Tidebound Lookout: "(When Summoned) Look at the top 3 cards of your opponent's deck, then shuffle that deck."
    # Only its player sees them (CR 12-3-1); the shuffle undoes a deck stacked by a search's "rest on top" (12-3-3)
    game = game_at("{life: 5, reserve: 3, hand: [SG1-157]}",
                   "{life: 5, reserve: 3, deck: [SG1-064, SG1-065, SG1-066, SG1-067, SG1-068]}")
    events = game.apply(Summon(0, first(game, 0, "SG1-157", "hand")))
    looks = [e for e in events if e.kind == "look"]
    assert [(e["player"], e["owner"], e["cids"]) for e in looks] == [(0, 1, ["SG1-064", "SG1-065", "SG1-066"])]
    kinds = [e.kind for e in events]
    assert [e["player"] for e in events if e.kind == "shuffle"] == [1] and kinds.index("shuffle") > kinds.index("look")
    assert len(game.state.players[1].deck) == 5


@pytest.mark.parametrize("how", ["attacks", "blocks"])
def test_tidebound_lookout_mills_two_whenever_it_is_exhausted(how):
    # "(When Exhausted) Discard 2 cards from the top of your opponent's deck." Attacking and blocking exhaust it
    if how == "attacks":
        game = game_at("{life: 5, reserve: 3, field: [SG1-157]}", "{life: 5, reserve: 3}", step="attack")
        game.apply(Attack(0, first(game, 0, "SG1-157")))
    else:
        game = game_at("{life: 5, reserve: 3, field: [SG1-157]}", "{life: 5, reserve: 3, field: [SG1-001]}",
                       turn=4, turn_player=1, step="attack")
        game.apply(Attack(1, first(game, 1, "SG1-001")))
        pass_window(game)
        game.apply(Block(0, first(game, 0, "SG1-157")))
    assert len(game.state.players[1].deck) == 10 - 2 and len(game.state.players[1].trash) == 2  # 10 filler cards


@pytest.mark.parametrize("trash, bp", [(14, 6000), (15, 9000)])
def test_trenchmaw_devourer_grows_when_the_opponents_trash_holds_15_cards(trash, bp):
    # Trenchmaw Devourer: "Constant: while your opponent has 15 or more cards in their trash, this spirit gets
    # +3000 BP."
    game = game_at("{life: 5, reserve: 3, field: [SG1-158]}",
                   f"{{life: 5, reserve: 3, trash: {['SG1-001'] * trash}}}")
    assert game.bp(first(game, 0, "SG1-158")) == bp


@pytest.mark.parametrize("deck, confront", [(11, False), (10, True)])
def test_trenchmaw_devourer_gains_confront_when_the_opponents_deck_is_down_to_10(deck, confront):
    # "Constant: while your opponent has 10 or fewer cards in their deck, this spirit gains 【Confront】."
    game = game_at("{life: 5, reserve: 3, field: [SG1-158]}", f"{{life: 5, reserve: 3, deck: {['SG1-001'] * deck}}}")
    devourer = first(game, 0, "SG1-158")
    assert game.has_keyword(devourer, "confront") == confront and game.has_keyword(devourer, "crush")


def test_trenchmaw_devourer_milled_by_its_crush_turns_on_confront_mid_game():
    # 【Crush: +1】 at LV1 discards 2: an 11-card deck falls to 9, so the next attack must be blocked
    game = game_at("{life: 5, reserve: 3, field: [SG1-158]}",
                   f"{{life: 5, reserve: 3, deck: {['SG1-001'] * 11}}}", step="attack")
    devourer = first(game, 0, "SG1-158")
    assert not game.has_keyword(devourer, "confront")
    game.apply(Attack(0, devourer))
    assert len(game.state.players[1].deck) == 9 and game.has_keyword(devourer, "confront")


def test_undertow_snare_burst_mills_then_may_pay_its_cost_to_bounce_the_attacker():
    # Undertow Snare: "Flash: Return 1 opponent's spirit with 4000 BP or less to its owner's hand. Burst (after your
    # opponent's attack): Discard 2 cards from the top of your opponent's deck. Then you may pay this card's cost to
    # use its Flash effect." (CR 10-9)
    game = game_at("{life: 5, reserve: 3, field: [SG1-005]}",
                   "{life: 5, reserve: 3, soul_core: trash, burst: SG1-159}", step="attack")
    ashwing = first(game, 0, "SG1-005")
    snare = game.state.players[1].burst
    game.apply(Attack(0, ashwing))
    assert info(game)["kind"] == "may" and game.pending.player == 1
    answer(game, True)  # activate the burst: 2 cards of the attacker's deck go
    assert len(game.state.players[0].trash) == 2
    assert info(game)["kind"] == "may" and "Flash effect" in info(game)["prompt"]
    answer(game, True)  # pay 3 from the reserve (its only cores): the attacker, 3000 BP, goes back to the hand
    p1 = game.state.players[1]
    assert zone(game, ashwing) == "hand" and p1.reserve == 0 and p1.trash_cores == 3
    assert zone(game, snare) == "trash"


def test_undertow_snare_follow_up_declined_leaves_the_attacker():
    game = game_at("{life: 5, reserve: 3, field: [SG1-005]}",
                   "{life: 5, reserve: 3, soul_core: trash, burst: SG1-159}", step="attack")
    ashwing = first(game, 0, "SG1-005")
    game.apply(Attack(0, ashwing))
    answer(game, True)
    answer(game, False)
    assert zone(game, ashwing) == "field" and game.state.players[1].reserve == 3
    assert len(game.state.players[0].trash) == 2


def test_sunken_shipyard_gives_leviathans_in_hand_an_extra_blue_reduction_symbol():
    # Sunken Shipyard: "Constant: Leviathan spirit cards in your hand have an additional Blue reduction symbol."
    # Deepcurrent Serpent (a Leviathan, cost 3, 2 blue reduction symbols) with 3 blue symbols on the field
    with_yard = game_at("{life: 5, reserve: 3, hand: [SG1-111, SG1-108], field: [SG1-160, SG1-106, SG1-107]}",
                        "{life: 5, reserve: 3}")
    without = game_at("{life: 5, reserve: 3, hand: [SG1-111, SG1-108], field: [SG1-108, SG1-106, SG1-107]}",
                      "{life: 5, reserve: 3}")
    for game, serpent in ((with_yard, 0), (without, 1)):
        assert game.cost_of(first(game, 0, "SG1-111", "hand")) == serpent
        assert game.cost_of(first(game, 0, "SG1-108", "hand")) == 1  # Reefbreaker Brute is a Warrior: unchanged


# ================================================================ two colours


def test_ruinbringer_wyrm_sends_a_core_from_each_players_life():
    # Ruinbringer Wyrm: "(When Summoned) If your opponent's life is 3 or less, send 1 core from each player's life to
    # their reserve." (with 【Curse】)
    assert "If your opponent's life is 3 or less, send 1 core from each player's life" in text("SG1-161")
    game = game_at("{life: 5, reserve: 6, soul_core: trash, hand: [SG1-161], field: [SG1-003, SG1-024]}",
                   "{life: 3, reserve: 0}")
    wyrm = first(game, 0, "SG1-161", "hand")
    assert game.cost_of(wyrm) == 4  # two of its three reduction symbols (a red and a purple symbol on the field)
    game.apply(Summon(0, wyrm))
    p0, p1 = game.state.players
    assert (p0.life, p1.life, p1.reserve) == (4, 2, 1) and p0.reserve == 6 - 4 - 1 + 1
    assert game.has_keyword(wyrm, "curse")


def test_ruinbringer_wyrm_does_nothing_while_the_opponents_life_is_above_3():
    game = game_at("{life: 5, reserve: 7, soul_core: trash, hand: [SG1-161]}", "{life: 4, reserve: 0}")
    game.apply(Summon(0, first(game, 0, "SG1-161", "hand")))
    assert [p.life for p in game.state.players] == [5, 4]


def test_ruinbringer_wyrm_at_one_life_each_is_a_draw():
    game = game_at("{life: 1, reserve: 7, soul_core: trash, hand: [SG1-161]}", "{life: 1, reserve: 0}")
    game.apply(Summon(0, first(game, 0, "SG1-161", "hand")))
    assert game.over and game.result.winner is None and "CR 1-2-3" in game.result.reason


def test_oathbound_aegis_refreshes_the_attacker_and_pumps_it():
    # Oathbound Aegis: "Flash: Select 1 of your spirits. Refresh it. It gets +2000 BP this turn." — after the
    # battle the refreshed attacker can attack again
    game = game_at("{life: 5, reserve: 3, hand: [SG1-162], field: [SG1-005, SG1-043]}",
                   "{life: 5, reserve: 3, field: [SG1-048]}", step="attack")
    ashwing, drone = first(game, 0, "SG1-005"), first(game, 0, "SG1-043")
    game.apply(Attack(0, ashwing))
    game.apply(Pass(1))
    game.apply(UseMagic(0, first(game, 0, "SG1-162", "hand")))
    assert sorted(info(game)["options"]) == sorted([ashwing, drone])
    answer(game, [ashwing])
    assert not game.state.cards[ashwing].exhausted and game.bp(ashwing) == 5000 and game.bp(drone) == 1000
    pass_window(game)
    game.apply(Block(1, first(game, 1, "SG1-048")))  # 3000 against 5000: the Pikeman is destroyed
    pass_window(game)
    assert zone(game, first(game, 1, "SG1-048", "trash")) == "trash"
    assert Attack(0, ashwing) in game.legal_commands()


# ---------------------------------------------------------------- SG1-163 … SG1-167: the words imported text needed

def test_hearthmoss_gatherer_gains_a_reserve_core_after_the_opponents_when_summoned_effect_resolves():
    # "(When your opponent's spirit's "When Summoned" effect has resolved) Put 1 core from the void into your
    # reserve." — Gearwright Tinker's token comes first, then the Gatherer answers; a spirit with no such effect
    # (Vigil Lynx) gives it nothing
    game = game_at("{life: 5, reserve: 2, field: [SG1-163]}",
                   "{life: 5, reserve: 9, soul_core: trash, hand: [SG1-049, SG1-167]}", turn_player=1)
    game.apply(Summon(1, first(game, 1, "SG1-167", "hand")))
    assert game.state.players[0].reserve == 2
    game.apply(Summon(1, first(game, 1, "SG1-049", "hand")))
    assert len(game.state.players[1].field) == 3  # the Lynx, the Tinker and its token: the effect resolved
    assert game.state.players[0].reserve == 3


def test_ashvault_censer_puts_two_void_cores_in_your_trash_and_draws_when_placed():
    game = game_at("{life: 5, reserve: 4, soul_core: trash, hand: [SG1-164]}", "{life: 5, reserve: 3}")
    hand = len(game.state.players[0].hand)
    game.apply(PlaceNexus(0, first(game, 0, "SG1-164", "hand")))
    p0 = game.state.players[0]
    assert "Put 2 cores from the void into your trash." in card_text(db()["SG1-164"])
    assert p0.trash_cores == 2 + 2  # the nexus's cost of 2 and the two from the void
    assert len(p0.hand) == hand - 1 + 1


def test_echoing_refusal_returns_the_spirit_whose_when_summoned_effect_resolved():
    # Burst (after your opponent's "When Summoned" effect): return that spirit to its owner's hand, then you may
    # pay this card's cost to use its Flash effect (CR 10-9)
    game = game_at("{life: 5, reserve: 0, soul_core: trash, burst: SG1-165}",
                   "{life: 5, reserve: 9, soul_core: trash, hand: [SG1-049]}", turn_player=1)
    tinker = first(game, 1, "SG1-049", "hand")
    game.apply(Summon(1, tinker))
    assert game.pending.player == 0 and "burst" in info(game)["prompt"]
    answer(game, True)
    assert game.state.cards[tinker].zone == "hand"  # the Brass Drone token it made stays
    assert "SG1-165" not in cids(game, [game.state.players[0].burst] if game.state.players[0].burst else [])


def test_dawnbell_rebuke_exhausts_that_spirit_and_draws():
    game = game_at("{life: 5, reserve: 0, soul_core: trash, burst: SG1-166, deck: [SG1-001, SG1-002]}",
                   "{life: 5, reserve: 9, soul_core: trash, hand: [SG1-049]}", turn_player=1)
    tinker = first(game, 1, "SG1-049", "hand")
    game.apply(Summon(1, tinker))
    answer(game, True)
    assert game.state.cards[tinker].exhausted and len(game.state.players[0].hand) == 1


def test_vigil_lynx_at_lv2_weakens_the_spirit_whose_when_summoned_effect_resolved():
    game = game_at("{life: 5, reserve: 2, field: [{card: SG1-167, cores: 3}]}",
                   "{life: 5, reserve: 9, soul_core: trash, hand: [SG1-049]}", turn_player=1)
    tinker = first(game, 1, "SG1-049", "hand")
    game.apply(Summon(1, tinker))
    from bss_desktop.engine import stats
    assert stats.bp(game, tinker) == db()["SG1-049"].levels[0].bp - 2000


# ---------------------------------------------------------------- SG1-168 … SG1-177: triggers about one of your
# spirits (watch, the target `trigger`), "your opponent selects" (chooser: opponent), "all but N cores" (keep)


def battle(game, attacker: int, blocker: int | None, *, player: int = 0):
    """`player`'s spirit attacks, both flash windows pass (the defender first, CR 7-1-2-1), the defender blocks with
    `blocker` (None: no block, the life is reduced) and, after a block, the battle is resolved; the last events."""
    game.apply(Attack(player, attacker))
    game.apply(Pass(1 - player))
    game.apply(Pass(player))
    events = game.apply(Block(1 - player, blocker))
    if blocker is not None:
        game.apply(Pass(1 - player))
        events = game.apply(Pass(player))
    return events


def cores(game, iid: int) -> int:
    return game.state.cards[iid].cores


# ================================================================ red


def test_cr_7_1_1_pyreclaw_warlord_pumps_your_other_dragons_as_they_attack():
    # Pyreclaw Warlord: "(When one of your other Dragon spirits attacks) That spirit gets +2000 BP this turn."
    # Ashwing Drake is a Dragon; Cinder Squire a Blazeguard (its own +1000 in your turn); the Warlord is not "other"
    assert "(When one of your other Dragon spirits attacks) That spirit gets +2000 BP this turn." in text("SG1-168")
    game = game_at("{life: 5, reserve: 3, field: [SG1-168, SG1-005, SG1-002]}", "{life: 5, reserve: 3}",
                   step="attack")
    warlord, ashwing, squire = game.state.players[0].field
    game.apply(Attack(0, ashwing))
    assert game.bp(ashwing) == 3000 + 2000
    pass_window(game)
    game.apply(Block(1, None))
    game.apply(Attack(0, squire))
    assert game.bp(squire) == 1000 + 1000  # not a Dragon: no +2000
    pass_window(game)
    game.apply(Block(1, None))
    game.apply(Attack(0, warlord))
    assert game.bp(warlord) == 4000  # itself: not one of your *other* Dragons
    assert game.bp(ashwing) == 5000  # the Drake's +2000 lasts the turn


def test_cr_7_1_5_3_1_pyreclaw_warlord_charges_a_dragon_whose_attack_reduces_life():
    # "(When one of your Dragon spirits reduces your opponent's life with its attack) Put 1 core from the void on that
    # spirit." A Dragon's unblocked attack: +1 core on it; a Blazeguard's: none; a blocked Dragon reduces no life
    game = game_at("{life: 5, reserve: 3, field: [SG1-168, SG1-005, SG1-002, SG1-005]}",
                   "{life: 5, reserve: 3, field: [{card: SG1-048, cores: 3}]}", step="attack")
    warlord, ashwing, squire, blocked = game.state.players[0].field
    battle(game, ashwing, None)
    assert game.state.players[1].life == 4 and cores(game, ashwing) == 2
    battle(game, squire, None)
    assert game.state.players[1].life == 3 and cores(game, squire) == 1
    battle(game, blocked, first(game, 1, "SG1-048"))  # blocked: 5000 (with the Warlord) against 5000, both destroyed
    assert game.state.players[1].life == 3 and zone(game, blocked) == "trash"
    battle(game, warlord, None)  # the Warlord is a Dragon too
    assert game.state.players[1].life == 2 and cores(game, warlord) == 2 and cores(game, ashwing) == 2


def test_cr_7_1_5_2_1_cinderwake_skirmisher_refreshes_after_destroying_its_blocker_by_bp():
    # Cinderwake Skirmisher: "(When It Destroys a Spirit by Comparing BP) Refresh this spirit." — 2000 beats
    # Emberling Hatchling's 1000; refreshed, it can attack again this step
    assert text("SG1-169") == "(When It Destroys a Spirit by Comparing BP) Refresh this spirit."
    game = game_at("{life: 5, reserve: 3, field: [SG1-169]}", "{life: 5, reserve: 3, field: [SG1-001]}",
                   step="attack")
    skirmisher, hatchling = first(game, 0, "SG1-169"), first(game, 1, "SG1-001")
    battle(game, skirmisher, hatchling)
    assert zone(game, hatchling) == "trash" and zone(game, skirmisher) == "field"
    assert not game.state.cards[skirmisher].exhausted and Attack(0, skirmisher) in game.legal_commands()


@pytest.mark.parametrize("blocker", [None, "SG1-003"])
def test_cr_7_1_5_2_1_cinderwake_skirmisher_stays_exhausted_without_a_win_by_bp(blocker):
    # unblocked it reduces life but destroys nothing; against Flarecrest Drake (2000 = 2000) both are destroyed
    # (CR 7-1-5-2-3), so it has no win to refresh from
    game = game_at("{life: 5, reserve: 3, field: [SG1-169]}", "{life: 5, reserve: 3, field: [SG1-003]}",
                   step="attack")
    skirmisher, drake = first(game, 0, "SG1-169"), first(game, 1, "SG1-003")
    battle(game, skirmisher, None if blocker is None else drake)
    if blocker is None:
        assert game.state.players[1].life == 4 and game.state.cards[skirmisher].exhausted
        assert Attack(0, skirmisher) not in game.legal_commands()
    else:
        assert zone(game, skirmisher) == zone(game, drake) == "trash"


# ================================================================ purple


def test_cr_10_15_1_barrowgrave_avenger_at_lv2_has_the_opponent_destroy_one_of_their_own_spirits():
    # Barrowgrave Avenger: "[LV2][LV3] (When one of your spirits is destroyed by your opponent) Destroy 1 opponent's
    # spirit of their choice." Cinder Squire blocks Ashwing Drake and is destroyed in battle: the opponent selects
    # which of their own spirits goes (CR 8-5-3, the effect's text names who selects)
    assert "Destroy 1 opponent's spirit of their choice." in text("SG1-170")
    game = game_at("{life: 5, reserve: 3, field: [{card: SG1-170, cores: 3}, SG1-002]}",
                   "{life: 5, reserve: 3, field: [SG1-005, SG1-001]}", turn=4, turn_player=1, step="attack")
    avenger, squire = game.state.players[0].field
    ashwing, hatchling = game.state.players[1].field
    battle(game, ashwing, squire, player=1)
    assert zone(game, squire) == "trash"
    assert game.pending.player == 1 and info(game)["kind"] == "target" and info(game)["source"] == avenger
    assert sorted(info(game)["options"]) == sorted([ashwing, hatchling])  # only their own spirits
    before = game.state_hash()
    with pytest.raises(IllegalCommand):
        game.apply(Choose(0, [ashwing]))  # the Avenger's controller does not choose
    assert game.state_hash() == before
    game.apply(Choose(1, [hatchling]))
    assert zone(game, hatchling) == "trash" and zone(game, ashwing) == "field" and zone(game, avenger) == "field"


def test_cr_10_15_1_barrowgrave_avenger_at_lv1_does_nothing():
    game = game_at("{life: 5, reserve: 3, field: [SG1-170, SG1-002]}",
                   "{life: 5, reserve: 3, field: [SG1-005, SG1-001]}", turn=4, turn_player=1, step="attack")
    squire = first(game, 0, "SG1-002")
    battle(game, first(game, 1, "SG1-005"), squire, player=1)
    assert zone(game, squire) == "trash" and game.pending.kind != "choose"
    assert len(game.state.players[1].field) == 2


def test_cr_10_15_1_barrowgrave_avenger_ignores_a_spirit_destroyed_by_your_own_effect():
    # Shared Grave (yours): you destroy Cinder Squire yourself, your opponent their Hatchling; the Squire was not
    # destroyed by your opponent, so the Avenger does not answer
    game = game_at("{life: 5, reserve: 3, hand: [SG1-140], field: [{card: SG1-170, cores: 3}, SG1-002]}",
                   "{life: 5, reserve: 3, field: [SG1-005, SG1-001]}")
    squire, hatchling = first(game, 0, "SG1-002"), first(game, 1, "SG1-001")
    game.apply(UseMagic(0, first(game, 0, "SG1-140", "hand")))
    answer(game, [squire])
    answer(game, [hatchling])
    assert zone(game, squire) == zone(game, hatchling) == "trash"
    assert game.pending.kind == "main" and zone(game, first(game, 1, "SG1-005")) == "field"


def test_cr_7_1_3_hollowgaze_tormentor_leaves_the_blocker_of_a_phantom_only_one_core():
    # Hollowgaze Tormentor: "(When one of your Phantom spirits is blocked) Send all but 1 core from the blocking
    # spirit to its owner's reserve." Ashwing Drake blocks at LV3 (5 cores, 6000 BP), drops to LV1 (3000) before
    # the BP comparison, and loses to the Tormentor's 5000
    assert "Send all but 1 core from the blocking spirit to its owner's reserve." in text("SG1-171")
    game = game_at("{life: 5, reserve: 3, field: [SG1-171]}",
                   "{life: 5, reserve: 0, soul_core: trash, field: [{card: SG1-005, cores: 5}]}", step="attack")
    tormentor, ashwing = first(game, 0, "SG1-171"), first(game, 1, "SG1-005")
    game.apply(Attack(0, tormentor))
    pass_window(game)
    game.apply(Block(1, ashwing))
    assert cores(game, ashwing) == 1 and game.state.players[1].reserve == 4 and game.bp(ashwing) == 3000
    pass_window(game)
    assert zone(game, ashwing) == "trash" and zone(game, tormentor) == "field"


def test_cr_7_1_3_hollowgaze_tormentor_ignores_a_blocked_spirit_of_another_family():
    # Rotbloom Witch is a Hex-Walker: its blocker keeps its 5 cores
    game = game_at("{life: 5, reserve: 3, field: [SG1-171, SG1-028]}",
                   "{life: 5, reserve: 0, soul_core: trash, field: [{card: SG1-005, cores: 5}]}", step="attack")
    witch, ashwing = first(game, 0, "SG1-028"), first(game, 1, "SG1-005")
    game.apply(Attack(0, witch))
    pass_window(game)
    game.apply(Block(1, ashwing))
    assert cores(game, ashwing) == 5 and game.state.players[1].reserve == 0


def test_cr_10_6_7_cryptbell_ringer_the_opponent_picks_which_spirit_loses_a_core_when_a_revenant_arrives():
    # Cryptbell Ringer: "(When one of your other Revenant spirits is summoned) Send 1 core from 1 opponent's spirit of
    # their choice to its owner's reserve." The Ringer itself ("other") and Shade Stalker (a Phantom) do nothing;
    # Crypt Lantern Ghoul (a Revenant) has the opponent select one of their spirits
    game = game_at("{life: 5, reserve: 8, soul_core: trash, hand: [SG1-172, SG1-025, SG1-024]}",
                   "{life: 5, reserve: 0, soul_core: trash, field: [{card: SG1-013, cores: 3}, {card: SG1-005,"
                   " cores: 3}]}")
    rex, ashwing = game.state.players[1].field
    for cid in ("SG1-172", "SG1-025"):
        game.apply(Summon(0, first(game, 0, cid, "hand")))
        assert game.pending.kind == "main" and cores(game, rex) == cores(game, ashwing) == 3
    ringer = first(game, 0, "SG1-172")
    game.apply(Summon(0, first(game, 0, "SG1-024", "hand")))
    assert game.pending.player == 1 and info(game)["source"] == ringer
    assert sorted(info(game)["options"]) == sorted([rex, ashwing])
    with pytest.raises(IllegalCommand):
        game.apply(Choose(0, [ashwing]))
    game.apply(Choose(1, [rex]))
    assert cores(game, rex) == 2 and cores(game, ashwing) == 3 and game.state.players[1].reserve == 1


# ================================================================ white


@pytest.mark.parametrize("cid, bp", [("SG1-048", 3000 + 2000), ("SG1-045", 2000)])
def test_cr_7_1_3_2_rampart_vowkeeper_pumps_a_frost_armor_blocker_for_the_battle(cid, bp):
    # Rampart Vowkeeper: "(When one of your Frost-Armor spirits blocks) That spirit gets +2000 BP this battle."
    # Icebrand Pikeman (Frost-Armor, 3000) beats Ashwing Drake at LV2 (4000); Rivet Guard (a Machine) is not pumped
    game = game_at("{life: 5, reserve: 3, field: [SG1-173, SG1-048, SG1-045]}",
                   "{life: 5, reserve: 3, field: [{card: SG1-005, cores: 3}]}", turn=4, turn_player=1, step="attack")
    blocker, ashwing = first(game, 0, cid), first(game, 1, "SG1-005")
    game.apply(Attack(1, ashwing))
    pass_window(game)
    game.apply(Block(0, blocker))
    assert game.bp(blocker) == bp
    pass_window(game)
    assert (zone(game, ashwing) == "trash") == (cid == "SG1-048")
    if cid == "SG1-048":
        assert game.bp(blocker) == 3000  # only this battle


def test_cr_10_15_1_rampart_vowkeeper_exhausts_an_opponents_spirit_when_yours_falls_to_them():
    # "(When one of your spirits is destroyed by your opponent) Exhaust 1 opponent's spirit." Rivet Guard falls
    # blocking Ashwing Drake; the Vowkeeper's player exhausts Emberling Hatchling before it can attack
    game = game_at("{life: 5, reserve: 3, field: [SG1-173, SG1-045]}",
                   "{life: 5, reserve: 3, field: [{card: SG1-005, cores: 3}, SG1-001]}",
                   turn=4, turn_player=1, step="attack")
    guard = first(game, 0, "SG1-045")
    ashwing, hatchling = game.state.players[1].field
    battle(game, ashwing, guard, player=1)
    assert zone(game, guard) == "trash"
    assert game.pending.player == 0 and hatchling in info(game)["options"]
    answer(game, [hatchling])
    assert game.state.cards[hatchling].exhausted and Attack(1, hatchling) not in game.legal_commands()


# ================================================================ yellow


@pytest.mark.parametrize("cores_on_roc, pikeman_may_block", [(3, False), (1, True)])
def test_cr_7_1_1_sunchorus_roc_at_lv2_lets_an_attacking_spirit_bird_over_small_blockers(cores_on_roc,
                                                                                       pikeman_may_block):
    # Sunchorus Roc: "[LV2][LV3] (When one of your Spirit-Bird spirits attacks) That spirit cannot be blocked by
    # spirits with 3000 BP or less this turn." Sunbeam Finch attacks: Icebrand Pikeman (3000) may not block it,
    # Ashwing Drake at LV2 (4000) may; at LV1 the Roc does nothing
    game = game_at(f"{{life: 5, reserve: 3, field: [{{card: SG1-174, cores: {cores_on_roc}}}, SG1-066]}}",
                   "{life: 5, reserve: 3, field: [SG1-048, {card: SG1-005, cores: 3}]}", step="attack")
    finch = first(game, 0, "SG1-066")
    pikeman, ashwing = game.state.players[1].field
    game.apply(Attack(0, finch))
    pass_window(game)
    blockers = [c.spirit for c in game.legal_commands() if isinstance(c, Block)]
    assert ashwing in blockers and (pikeman in blockers) == pikeman_may_block


def test_cr_7_1_1_sunchorus_roc_does_not_lift_a_spirit_of_another_family():
    # Lumen Acolyte is a Lumen: Icebrand Pikeman may block it
    game = game_at("{life: 5, reserve: 3, field: [{card: SG1-174, cores: 3}, SG1-065]}",
                   "{life: 5, reserve: 3, field: [SG1-048]}", step="attack")
    game.apply(Attack(0, first(game, 0, "SG1-065")))
    pass_window(game)
    assert Block(1, first(game, 1, "SG1-048")) in game.legal_commands()


def test_cr_7_1_5_3_1_sunchorus_roc_draws_when_a_spirit_bird_reduces_life():
    # "(When one of your Spirit-Bird spirits reduces your opponent's life with its attack) Draw 1 card." Sunbeam Finch
    # (a Spirit-Bird) gets through: 1 card; Lumen Acolyte (a Lumen) gets through: none
    game = game_at("{life: 5, reserve: 3, field: [SG1-174, SG1-066, SG1-065], deck: [SG1-001, SG1-002, SG1-003]}",
                   "{life: 5, reserve: 3}", step="attack")
    _, finch, acolyte = game.state.players[0].field
    battle(game, finch, None)
    assert game.state.players[1].life == 4 and len(game.state.players[0].hand) == 1
    battle(game, acolyte, None)
    assert game.state.players[1].life == 3 and len(game.state.players[0].hand) == 1


# ================================================================ green


def test_cr_10_6_7_broodkeeper_boar_puts_a_core_on_each_other_beast_summoned():
    # Broodkeeper Boar: "(When one of your other Beast spirits is summoned) Put 1 core from the void on that spirit."
    # The Boar itself ("other") and Mossgrove Druid (a Sylvan) get nothing; Bramblefox (a Beast) gets 1 more core
    game = game_at("{life: 5, reserve: 9, soul_core: trash, hand: [SG1-175, SG1-088, SG1-087]}",
                   "{life: 5, reserve: 3}")
    for cid in ("SG1-175", "SG1-088", "SG1-087"):
        game.apply(Summon(0, first(game, 0, cid, "hand")))
    boar, druid, fox = (first(game, 0, cid) for cid in ("SG1-175", "SG1-088", "SG1-087"))
    assert (cores(game, boar), cores(game, druid), cores(game, fox)) == (1, 1, 2)
    assert game.state.players[0].reserve == 9 - 5 - 2 - 2  # the Boar's cost 4, then 1 for the others; 1 core each


def test_cr_7_1_5_2_1_broodkeeper_boar_charges_your_spirit_that_wins_a_battle_by_bp():
    # "(When one of your spirits destroys an opponent's spirit by comparing BP) Put 1 core from the void on that
    # spirit." Bramblefox (2000) destroys Emberling Hatchling (1000): +1 core on the Fox; the Boar's own win counts too
    game = game_at("{life: 5, reserve: 3, field: [SG1-175, SG1-087]}",
                   "{life: 5, reserve: 3, field: [SG1-001, SG1-001]}", step="attack")
    boar, fox = game.state.players[0].field
    h1, h2 = game.state.players[1].field
    battle(game, fox, h1)
    assert zone(game, h1) == "trash" and cores(game, fox) == 2 and cores(game, boar) == 1
    battle(game, boar, h2)
    assert zone(game, h2) == "trash" and cores(game, boar) == 2


def test_cr_7_1_5_2_1_broodkeeper_boar_ignores_the_opponents_win():
    # the opponent's Ashwing Drake (3000) destroys your blocking Bramblefox (2000): nothing for either side
    game = game_at("{life: 5, reserve: 3, field: [SG1-175, SG1-087]}",
                   "{life: 5, reserve: 3, field: [SG1-005]}", turn=4, turn_player=1, step="attack")
    boar, fox = game.state.players[0].field
    ashwing = first(game, 1, "SG1-005")
    battle(game, ashwing, fox, player=1)
    assert zone(game, fox) == "trash" and cores(game, ashwing) == 1 and cores(game, boar) == 1


# ================================================================ blue


def test_cr_7_1_3_brinewake_admiral_mills_two_when_a_spirit_with_confront_is_blocked():
    # Brinewake Admiral: "(When one of your spirits with 【Confront】 is blocked) Discard 2 cards from the top of your
    # opponent's deck." Reefbreaker Brute has 【Confront】: blocked, 2 cards go; Deepcurrent Serpent has not: none
    game = game_at("{life: 5, reserve: 3, field: [SG1-176, SG1-108, SG1-111]}",
                   "{life: 5, reserve: 3, field: [SG1-048, SG1-048]}", step="attack")
    _, brute, serpent = game.state.players[0].field
    p1, p2 = game.state.players[1].field
    battle(game, brute, p1)  # 3000 against 3000: both destroyed
    assert len(game.state.players[1].deck) == 10 - 2
    battle(game, serpent, p2)
    assert len(game.state.players[1].deck) == 10 - 2


def test_cr_7_1_5_2_1_brinewake_admiral_draws_when_it_destroys_its_blocker_by_bp():
    # "【Confront】 ... (When It Destroys a Spirit by Comparing BP) Draw 1 card." The Admiral (5000) is blocked by
    # Icebrand Pikeman (3000): it mills 2 (it has 【Confront】 itself) and draws 1 as the Pikeman is destroyed
    game = game_at("{life: 5, reserve: 3, field: [SG1-176], deck: [SG1-106, SG1-107]}",
                   "{life: 5, reserve: 3, field: [SG1-048]}", step="attack")
    admiral, pikeman = first(game, 0, "SG1-176"), first(game, 1, "SG1-048")
    battle(game, admiral, pikeman)
    assert zone(game, pikeman) == "trash" and zone(game, admiral) == "field"
    assert len(game.state.players[1].deck) == 10 - 2 and cids(game, game.state.players[0].hand) == ["SG1-106"]


# ================================================================ two colours


def test_cr_7_1_3_2_briarwall_warden_charges_a_blocker_and_refreshes_it_when_it_wins_on_the_opponents_turn():
    # Briarwall Warden: "(When one of your spirits blocks) Put 1 core from the void on that spirit. (When one of your
    # spirits destroys an opponent's spirit by comparing BP) If it is your opponent's turn, refresh that spirit."
    # Icebrand Pikeman (3000) blocks Flarecrest Drake (2000): +1 core, wins, and stands ready to block again
    game = game_at("{life: 5, reserve: 3, field: [SG1-177, SG1-048]}",
                   "{life: 5, reserve: 3, field: [SG1-003, SG1-001]}", turn=4, turn_player=1, step="attack")
    pikeman = first(game, 0, "SG1-048")
    drake, hatchling = game.state.players[1].field
    game.apply(Attack(1, drake))
    pass_window(game)
    game.apply(Block(0, pikeman))
    assert cores(game, pikeman) == 2 and game.state.cards[pikeman].exhausted
    pass_window(game)
    assert zone(game, drake) == "trash" and not game.state.cards[pikeman].exhausted
    game.apply(Attack(1, hatchling))
    pass_window(game)
    assert Block(0, pikeman) in game.legal_commands()


def test_cr_7_1_5_2_1_briarwall_warden_does_not_refresh_a_winner_on_your_own_turn():
    # your Icebrand Pikeman attacks and destroys the blocking Emberling Hatchling: it stays exhausted
    game = game_at("{life: 5, reserve: 3, field: [SG1-177, SG1-048]}", "{life: 5, reserve: 3, field: [SG1-001]}",
                   step="attack")
    pikeman, hatchling = first(game, 0, "SG1-048"), first(game, 1, "SG1-001")
    battle(game, pikeman, hatchling)
    assert zone(game, hatchling) == "trash" and game.state.cards[pikeman].exhausted and cores(game, pikeman) == 1


# ---------------------------------------------------------------- SG1-178 … SG1-183: destroying your own card as an
# effect cost, discarding a kind of card, the opponent's and each player's discards, "spirits at LV1" (level_min)


def test_cr_8_4_emberfall_cairn_destroys_itself_to_pump_a_spirit_and_its_when_destroyed_draws():
    # Emberfall Cairn: "Flash: You may destroy this nexus to have 1 of your spirits get +3000 BP this turn.
    # (When Destroyed) Draw 1 card." The nexus is destroyed by its owner's effect, not self-destroyed, so its own
    # "When Destroyed" effect applies (CR 10-1-1, 10-1-1-1)
    assert text("SG1-178") == ("Flash: You may destroy this nexus to have 1 of your spirits get +3000 BP this turn.\n"
                               "(When Destroyed) Draw 1 card.")
    game = game_at("{life: 5, reserve: 3, field: [SG1-005, SG1-178, SG1-002], deck: [SG1-106, SG1-107]}",
                   "{life: 5, reserve: 3, field: [{card: SG1-005, cores: 3}]}", step="attack")
    ashwing, cairn, squire = game.state.players[0].field
    game.apply(Attack(0, ashwing))
    game.apply(Pass(1))  # the defender passes first (CR 7-1-2-1); the attacker's flash timing
    assert Activate(0, cairn, 0) in game.legal_commands()
    events = game.apply(Activate(0, cairn, 0))
    destroyed = [e for e in events if e.kind == "destroyed"]
    assert len(destroyed) == 1 and destroyed[0]["card"] == cairn and not destroyed[0]["self_destruction"]
    assert zone(game, cairn) == "trash" and cairn not in game.state.players[0].field
    assert info(game)["kind"] == "target" and sorted(info(game)["options"]) == sorted([ashwing, squire])
    answer(game, [ashwing])
    assert cids(game, game.state.players[0].hand) == ["SG1-106"]  # its "When Destroyed" drew a card
    assert game.bp(ashwing) == 3000 + 3000 and game.bp(squire) == 1000 + 1000  # the Squire: its own +1000
    pass_window(game)
    game.apply(Block(1, first(game, 1, "SG1-005")))  # 6000 against 4000: the blocker is destroyed
    pass_window(game)
    assert zone(game, first(game, 1, "SG1-005", "trash")) == "trash" and zone(game, ashwing) == "field"


def test_cr_8_1_3_1_emberfall_cairn_is_a_flash_effect_not_usable_in_the_main_step():
    # timing [flash]: only in a flash window (ruling 1 of CR 8-1-3-1); refused, the nexus stays and nothing is drawn
    game = game_at("{life: 5, reserve: 3, field: [SG1-178, SG1-001], deck: [SG1-106]}", "{life: 5, reserve: 3}")
    cairn = first(game, 0, "SG1-178")
    assert Activate(0, cairn, 0) not in game.legal_commands()
    before = game.state_hash()
    with pytest.raises(IllegalCommand) as e:
        game.apply(Activate(0, cairn, 0))
    assert e.value.rule == "CR 8-1-3" and game.state_hash() == before
    assert zone(game, cairn) == "field" and game.state.players[0].hand == []


def test_cr_8_4_1_gravetithe_reaver_may_destroy_another_of_your_spirits_whose_when_destroyed_applies():
    # Gravetithe Reaver: "(When Summoned) You may destroy 1 of your other spirits to destroy 1 opponent's spirit with
    # 4000 BP or less." Its player is asked whether to pay (CR 8-4-1), then picks which of their other spirits; Ossuary
    # Hound is destroyed by its owner's effect, not self-destroyed, so its "When Destroyed" applies too (CR 10-1-1)
    assert text("SG1-179") == ("(When Summoned) You may destroy 1 of your other spirits to destroy 1 opponent's spirit"
                               " with 4000 BP or less.")
    game = game_at("{life: 5, reserve: 5, soul_core: trash, hand: [SG1-179], field: [SG1-026, SG1-024]}",
                   "{life: 5, reserve: 0, soul_core: trash, field: [SG1-048, {card: SG1-013, cores: 3}]}")
    hound, ghoul = game.state.players[0].field
    pikeman, rex = game.state.players[1].field
    reaver = first(game, 0, "SG1-179", "hand")
    game.apply(Summon(0, reaver))
    assert game.pending.player == 0 and info(game)["kind"] == "may" and info(game)["source"] == reaver
    answer(game, True)
    assert info(game)["kind"] == "target" and sorted(info(game)["options"]) == sorted([hound, ghoul])  # not itself
    with pytest.raises(IllegalCommand):
        game.apply(Choose(0, [reaver]))
    answer(game, [hound])
    assert zone(game, hound) == "trash" and zone(game, ghoul) == "field"
    # the Hound's "When Destroyed" sends 1 core from an opponent's spirit to their reserve: Inferno Rex gives it up.
    # (Which of the two effects resolves first is the queue's business; the Hound's is asked only while the Pikeman
    # is still there to choose.)
    while game.pending.kind == "choose":
        assert info(game)["source"] == hound and rex in info(game)["options"]
        answer(game, [rex])
    assert cores(game, rex) == 2  # 6000 BP at LV1: out of the Reaver's reach
    assert game.state.players[1].reserve == 1 + 1  # Rex's core and the destroyed Pikeman's (CR 10-1-3-4)
    assert zone(game, pikeman) == "trash" and zone(game, rex) == "field" and zone(game, reaver) == "field"
    assert game.pending.kind == "main"


def test_cr_8_4_1_gravetithe_reaver_declined_destroys_nothing():
    game = game_at("{life: 5, reserve: 5, soul_core: trash, hand: [SG1-179], field: [SG1-026, SG1-024]}",
                   "{life: 5, reserve: 0, soul_core: trash, field: [SG1-048]}")
    game.apply(Summon(0, first(game, 0, "SG1-179", "hand")))
    answer(game, False)
    assert len(game.state.players[0].field) == 3 and zone(game, first(game, 1, "SG1-048")) == "field"
    assert game.pending.kind == "main"


def test_cr_8_4_2_3_gravetithe_reaver_alone_cannot_pay_so_nothing_is_asked():
    # no other spirit of yours: the cost cannot be paid, the effect does not activate (CR 8-4-2-3, 8-4-2-4); the
    # opponent's spirits are not yours to pay with, and the Reaver is not one of your *other* spirits
    game = game_at("{life: 5, reserve: 5, soul_core: trash, hand: [SG1-179], field: [SG1-100]}",
                   "{life: 5, reserve: 0, soul_core: trash, field: [SG1-048]}")
    reaver = first(game, 0, "SG1-179", "hand")
    game.apply(Summon(0, reaver))
    assert game.pending.kind == "main"
    assert zone(game, reaver) == "field" and zone(game, first(game, 0, "SG1-100")) == "field"  # a nexus: not a spirit
    assert zone(game, first(game, 1, "SG1-048")) == "field"


def test_cr_8_4_2_3_hollowroot_forager_cost_unpayable_without_a_nexus_card_in_hand():
    # Hollowroot Forager: "(When Summoned) You may discard 1 nexus card from your hand to put 2 cores from the void on
    # this spirit." Only spirit cards in hand: the cost cannot be paid, nothing is asked, nothing is discarded
    assert text("SG1-180") == ("(When Summoned) You may discard 1 nexus card from your hand to put 2 cores from the"
                               " void on this spirit.")
    game = game_at("{life: 5, reserve: 4, soul_core: trash, hand: [SG1-180, SG1-048, SG1-087]}",
                   "{life: 5, reserve: 3}")
    forager = first(game, 0, "SG1-180", "hand")
    game.apply(Summon(0, forager))
    assert game.pending.kind == "main" and cores(game, forager) == 1
    assert cids(game, game.state.players[0].hand) == ["SG1-048", "SG1-087"] and game.state.players[0].trash == []


def test_cr_8_4_hollowroot_forager_pays_with_a_nexus_card_only():
    # two nexus cards and a spirit card in hand: the player picks among the nexus cards; Bramblefox cannot pay
    game = game_at("{life: 5, reserve: 4, soul_core: trash, hand: [SG1-180, SG1-100, SG1-087, SG1-164]}",
                   "{life: 5, reserve: 3}")
    grove, fox, censer = (first(game, 0, cid, "hand") for cid in ("SG1-100", "SG1-087", "SG1-164"))
    forager = first(game, 0, "SG1-180", "hand")
    game.apply(Summon(0, forager))
    assert info(game)["kind"] == "may"
    answer(game, True)
    assert info(game)["kind"] == "target" and sorted(info(game)["options"]) == sorted([grove, censer])
    before = game.state_hash()
    with pytest.raises(IllegalCommand):
        game.apply(Choose(0, [fox]))
    assert game.state_hash() == before
    answer(game, [grove])
    assert zone(game, grove) == "trash" and zone(game, fox) == zone(game, censer) == "hand"
    assert cores(game, forager) == 3 and game.bp(forager) == 4000  # LV2
    assert game.pending.kind == "main"


def test_cr_10_2_2_hushveil_wraith_the_opponent_discards_a_card_of_their_choice():
    # Hushveil Wraith: "(When Summoned) Your opponent discards 1 card from their hand." The opponent chooses among
    # their own hand (they see it, CR 10-2-2); the card leaves their hand, yours is untouched
    assert text("SG1-181") == "(When Summoned) Your opponent discards 1 card from their hand."
    game = game_at("{life: 5, reserve: 4, soul_core: trash, hand: [SG1-181, SG1-106]}",
                   "{life: 5, reserve: 3, hand: [SG1-048, SG1-005]}")
    pikeman, ashwing = game.state.players[1].hand
    game.apply(Summon(0, first(game, 0, "SG1-181", "hand")))
    assert game.pending.player == 1 and info(game)["kind"] == "target"
    assert sorted(info(game)["options"]) == sorted([pikeman, ashwing])
    assert info(game)["min"] == info(game)["max"] == 1  # as many as asked while they can
    before = game.state_hash()
    with pytest.raises(IllegalCommand):
        game.apply(Choose(0, [ashwing]))  # the Wraith's controller does not choose
    assert game.state_hash() == before
    game.apply(Choose(1, [ashwing]))
    assert cids(game, game.state.players[1].hand) == ["SG1-048"] and game.state.players[1].trash == [ashwing]
    assert cids(game, game.state.players[0].hand) == ["SG1-106"] and game.state.players[0].trash == []


@pytest.mark.parametrize("their_hand, discarded", [("[SG1-048]", ["SG1-048"]), ("[]", [])])
def test_cr_10_2_2_hushveil_wraith_takes_the_last_card_or_nothing(their_hand, discarded):
    # one card: nothing to choose, it goes; no card: nothing happens and nobody is asked
    game = game_at("{life: 5, reserve: 4, soul_core: trash, hand: [SG1-181]}",
                   f"{{life: 5, reserve: 3, hand: {their_hand}}}")
    game.apply(Summon(0, first(game, 0, "SG1-181", "hand")))
    assert game.pending.kind == "main" and game.state.players[1].hand == []
    assert cids(game, game.state.players[1].trash) == discarded


def test_cr_1_3_4_drowned_ledger_each_player_discards_from_their_own_hand_the_turn_player_first():
    # Drowned Ledger: "Main: Draw 2 cards. Each player discards 1 card from their hand." The turn player (who used it)
    # chooses first among the cards they now hold, then the opponent among theirs (CR 1-3-4, 10-2-2)
    assert text("SG1-182") == "Main: Draw 2 cards. Each player discards 1 card from their hand."
    game = game_at("{life: 5, reserve: 4, soul_core: trash, hand: [SG1-182, SG1-087], deck: [SG1-106, SG1-107]}",
                   "{life: 5, reserve: 3, hand: [SG1-048, SG1-005]}")
    fox = first(game, 0, "SG1-087", "hand")
    pikeman, ashwing = game.state.players[1].hand
    game.apply(UseMagic(0, first(game, 0, "SG1-182", "hand")))
    mine = list(game.state.players[0].hand)
    assert cids(game, mine) == ["SG1-087", "SG1-106", "SG1-107"]  # drawn first
    assert game.pending.player == 0 and sorted(info(game)["options"]) == sorted(mine)
    with pytest.raises(IllegalCommand):
        game.apply(Choose(1, [pikeman]))  # not the opponent's turn to choose yet
    game.apply(Choose(0, [fox]))
    assert game.pending.player == 1 and sorted(info(game)["options"]) == sorted([pikeman, ashwing])
    with pytest.raises(IllegalCommand):
        game.apply(Choose(1, [mine[1]]))  # only from their own hand
    game.apply(Choose(1, [pikeman]))
    assert cids(game, game.state.players[0].hand) == ["SG1-106", "SG1-107"]
    assert cids(game, game.state.players[1].hand) == ["SG1-005"]
    assert fox in game.state.players[0].trash and game.state.players[1].trash == [pikeman]
    assert game.pending.kind == "main"


@pytest.mark.parametrize("finch_cores, blocker_cores, may_block",
                         [(3, 1, False), (5, 1, False), (3, 3, True), (3, 5, True), (1, 1, True)])
def test_cr_1_3_3_highwind_aerie_your_yellow_spirits_at_lv2_or_higher_cannot_be_blocked_by_lv1_spirits(
        finch_cores, blocker_cores, may_block):
    # Highwind Aerie: "Constant: All your Yellow spirits at LV2 or higher cannot be blocked by spirits at LV1."
    # Sunbeam Finch at LV2 or LV3 cannot be blocked by Ashwing Drake at LV1 (refused by CR 1-3-3, the effect's
    # restriction) but can be by the Drake at LV2 or LV3; the Finch at LV1 is not lifted at all
    assert text("SG1-183") == "Constant: All your Yellow spirits at LV2 or higher cannot be blocked by spirits at LV1."
    game = game_at(f"{{life: 5, reserve: 3, field: [SG1-183, {{card: SG1-066, cores: {finch_cores}}}]}}",
                   f"{{life: 5, reserve: 3, field: [{{card: SG1-005, cores: {blocker_cores}}}]}}", step="attack")
    finch, ashwing = first(game, 0, "SG1-066"), first(game, 1, "SG1-005")
    game.apply(Attack(0, finch))
    pass_window(game)
    assert (Block(1, ashwing) in game.legal_commands()) == may_block
    if may_block:
        game.apply(Block(1, ashwing))
        assert game.state.battle.blocker == ashwing
    else:
        before = game.state_hash()
        with pytest.raises(IllegalCommand) as e:
            game.apply(Block(1, ashwing))
        assert e.value.rule == "CR 1-3-3" and "cannot be blocked" in e.value.message
        assert game.state_hash() == before
        game.apply(Block(1, None))
        assert game.state.players[1].life == 4


def test_cr_1_3_3_highwind_aerie_does_not_lift_a_spirit_of_another_colour():
    # Cinder Squire (red) at LV2: Ashwing Drake at LV1 may block it
    game = game_at("{life: 5, reserve: 3, field: [SG1-183, {card: SG1-002, cores: 3}]}",
                   "{life: 5, reserve: 3, field: [SG1-005]}", step="attack")
    game.apply(Attack(0, first(game, 0, "SG1-002")))
    pass_window(game)
    ashwing = first(game, 1, "SG1-005")
    assert Block(1, ashwing) in game.legal_commands()
    game.apply(Block(1, ashwing))
    assert game.state.battle.blocker == ashwing


# ---------------------------------------------------------------- SG1-184 … SG1-189: one of your nexuses exhausted,
# a magic card used by you or by your opponent; cores from your reserve into your life, the magic card back from the
# trash, "with 【Luster】 or 【Blessed】", "its highest level"
# A "when you use a magic card" effect waits until that card's own effect has resolved (CR 8-5-2-4, 10-8).


def test_cr_11_12_1_rootfire_outrider_raid_exhausting_a_green_nexus_puts_a_core_on_it():
    # Rootfire Outrider: "【Raid: 1】 (When one of your Green nexuses is exhausted) Put 1 core from the void on that
    # nexus." 【Raid】 exhausts Heartwood Grove (green, 1 core) to refresh the attacker (CR 11-12-1): the Grove gets a
    # core and reaches LV2 (2 cores)
    assert text("SG1-184").startswith("【Raid: 1】\n(When one of your Green nexuses is exhausted) Put 1 core from the"
                                      " void on that ")
    game = game_at("{life: 5, reserve: 3, field: [SG1-184, {card: SG1-100, cores: 1}, SG1-134]}",
                   "{life: 5, reserve: 3}", step="attack")
    outrider, grove, watchfire = game.state.players[0].field
    game.apply(Attack(0, outrider))
    assert info(game)["kind"] == "target" and sorted(info(game)["options"]) == sorted([grove, watchfire])
    answer(game, [grove])
    assert game.state.cards[grove].exhausted and not game.state.cards[outrider].exhausted
    assert cores(game, grove) == 2 and game.level(grove) == 2
    assert cores(game, watchfire) == 0 and cores(game, outrider) == 1
    assert game.pending.kind == "flash"


def test_cr_10_4_rootfire_outrider_ignores_a_nexus_of_another_colour():
    # 【Raid】 exhausts the red Kindled Watchfire instead: its own "When Exhausted" asks, the Outrider puts no core
    game = game_at("{life: 5, reserve: 3, field: [SG1-184, {card: SG1-100, cores: 1}, SG1-134]}",
                   "{life: 5, reserve: 3}", step="attack")
    outrider, grove, watchfire = game.state.players[0].field
    game.apply(Attack(0, outrider))
    answer(game, [watchfire])
    assert info(game)["source"] == watchfire  # up to 1 of your spirits gets +2000 BP
    answer(game, [outrider])
    assert game.bp(outrider) == 5000 and game.pending.kind == "flash"
    assert cores(game, grove) == 1 and cores(game, watchfire) == 0 and not game.state.cards[grove].exhausted


def test_cr_10_4_lanternhold_keeper_puts_a_reserve_core_into_the_life_when_archive_of_stars_pays_its_cost():
    # Lanternhold Keeper: "(When one of your nexuses is exhausted) Put 1 core from your reserve into your life."
    # Archive of Stars at LV2 exhausts itself (and discards a card) to return a magic card from the trash
    assert text("SG1-185") == "(When one of your nexuses is exhausted) Put 1 core from your reserve into your life."
    game = game_at("{life: 3, reserve: 2, soul_core: trash, hand: [SG1-001], trash: [SG1-082],"
                   " field: [SG1-185, {card: SG1-080, cores: 3}]}", "{life: 5, reserve: 3}")
    keeper, archive = game.state.players[0].field
    mending = first(game, 0, "SG1-082", "trash")
    game.apply(Activate(0, archive, 1))
    answer(game, [mending])
    p = game.state.players[0]
    assert game.state.cards[archive].exhausted and zone(game, mending) == "hand"
    assert p.life == 4 and p.reserve == 1 and game.pending.kind == "main"


@pytest.mark.parametrize("reserve, life, left", [(0, 4, 0), (1, 5, 0), (3, 5, 2)])
def test_cr_4_11_3_lanternhold_keeper_moves_what_the_reserve_holds_never_the_soul_core(reserve, life, left):
    # 【Raid】 of Flarecrest Drake exhausts Heartwood Grove. The soul core stays in the reserve (CR 4-11-3): with no
    # regular core there the life is unchanged
    game = game_at(f"{{life: 4, reserve: {reserve}, field: [SG1-185, SG1-003, SG1-100]}}", "{life: 5, reserve: 3}",
                   step="attack")
    keeper, drake, grove = game.state.players[0].field
    game.apply(Attack(0, drake))
    answer(game, [grove])
    p = game.state.players[0]
    assert (p.life, p.reserve, p.soul) == (life, left, "reserve")
    assert game.pending.kind == "flash"


def test_cr_10_4_lanternhold_keeper_ignores_the_opponents_nexuses():
    # in the opponent's turn their 【Raid】 exhausts their Grove: their Keeper gains them a life, yours does nothing
    game = game_at("{life: 4, reserve: 3, field: [SG1-185, SG1-100]}",
                   "{life: 4, reserve: 3, field: [SG1-185, SG1-003, SG1-100]}", step="attack", turn=4, turn_player=1)
    drake, grove = first(game, 1, "SG1-003"), first(game, 1, "SG1-100")
    game.apply(Attack(1, drake))
    answer(game, [grove])
    assert [(p.life, p.reserve) for p in game.state.players] == [(4, 3), (5, 2)]


def test_cr_10_8_tidescript_adept_draws_when_you_use_a_magic_card_with_cost_4_or_more():
    # Tidescript Adept: "(When you use a magic card with cost 4 or more) Draw 1 card." Crushing Tide costs 4; two
    # blue symbols (the Adept's and the Deckhand's) reduce the payment to 2, its cost is still 4
    assert text("SG1-186") == "(When you use a magic card with cost 4 or more) Draw 1 card."
    game = game_at("{life: 5, reserve: 2, soul_core: trash, hand: [SG1-124], field: [SG1-186, SG1-107],"
                   " deck: [SG1-106, SG1-108, SG1-109]}", "{life: 5, reserve: 3}")
    tide = first(game, 0, "SG1-124", "hand")
    assert game.cost_of(tide) == 2
    game.apply(UseMagic(0, tide))
    p = game.state.players[0]
    assert cids(game, p.hand) == ["SG1-106", "SG1-108"]  # the Tide's card and the Adept's
    assert p.reserve == 0 and zone(game, tide) == "trash" and len(game.state.players[1].trash) == 6
    assert game.pending.kind == "main"


def test_cr_10_8_tidescript_adept_ignores_a_magic_card_with_cost_3():
    # Abyssal Recall (cost 3) puts the opponent's Hatchling on the bottom of their deck; the Adept draws nothing
    game = game_at("{life: 5, reserve: 4, hand: [SG1-125, SG1-109], field: [SG1-186], deck: [SG1-106, SG1-108]}",
                   "{life: 5, reserve: 3, field: [SG1-001]}")
    recall = first(game, 0, "SG1-125", "hand")
    game.apply(UseMagic(0, recall))
    assert zone(game, recall) == "trash" and game.state.players[1].field == [] and game.pending.kind == "main"
    assert cids(game, game.state.players[0].hand) == ["SG1-109"] and len(game.state.players[0].deck) == 2


def test_cr_10_8_tidescript_adept_ignores_the_opponents_magic():
    # in the opponent's turn they use Crushing Tide (cost 4): 6 cards of your deck go, they draw 1, you draw nothing
    game = game_at(f"{{life: 5, reserve: 3, hand: [SG1-109], field: [SG1-186], deck: {['SG1-106'] * 8}}}",
                   "{life: 5, reserve: 4, hand: [SG1-124], deck: [SG1-108, SG1-110]}", turn=4, turn_player=1)
    tide = first(game, 1, "SG1-124", "hand")
    game.apply(UseMagic(1, tide))
    assert zone(game, tide) == "trash" and game.pending.kind == "main"
    assert cids(game, game.state.players[1].hand) == ["SG1-108"]
    assert cids(game, game.state.players[0].hand) == ["SG1-109"] and len(game.state.players[0].deck) == 2


def test_cr_8_5_2_4_tidescript_adept_draws_after_the_magic_cards_effect_has_resolved():
    # the Tide mills 6 and draws 1, then goes to the trash (CR 10-8-8); only then the Adept draws
    game = game_at("{life: 5, reserve: 4, hand: [SG1-124], field: [SG1-186], deck: [SG1-106, SG1-108]}",
                   "{life: 5, reserve: 3}")
    tide = first(game, 0, "SG1-124", "hand")
    events = game.apply(UseMagic(0, tide))
    kinds = [(e.kind, e.get("reason")) for e in events if e.kind in ("draw", "card_moved")]
    assert kinds.index(("card_moved", "resolved")) < len(kinds) - 1 and kinds[-1] == ("draw", None)


def test_cr_8_5_2_4_gravecandle_reliquary_returns_a_cheap_magic_card_after_it_resolves():
    # Gravecandle Reliquary: "[LV2] (When you use a magic card with cost 2 or less) You may send 1 core from your
    # reserve to your trash to return that card from your trash to your hand." Its cost is paid as it activates
    # (CR 8-5-2-2); it resolves after Overgrowth (cost 2) has resolved and gone to the trash (CR 10-8-8, 8-5-2-4), so
    # the card comes back for 1 more core
    assert text("SG1-187").startswith("[LV2] (When you use a magic card with cost 2 or less) You may send 1 core from"
                                      " your reserve to your trash to return that ")
    game = game_at("{life: 5, reserve: 4, soul_core: trash, hand: [SG1-102], field: [SG1-001, {card: SG1-187,"
                   " cores: 2}]}", "{life: 5, reserve: 3}")
    hatchling, reliquary = game.state.players[0].field
    overgrowth = first(game, 0, "SG1-102", "hand")
    game.apply(UseMagic(0, overgrowth))
    assert info(game)["kind"] == "may" and info(game)["source"] == reliquary
    answer(game, True)
    p = game.state.players[0]
    assert zone(game, overgrowth) == "hand" and cores(game, hatchling) == 3  # returned once it had resolved
    assert p.reserve == 1 and p.trash_cores == 3
    assert game.pending.kind == "main"


@pytest.mark.parametrize("relic_cores, cid, whose", [(0, "SG1-102", 0), (2, "SG1-125", 0), (2, "SG1-102", 1)])
def test_cr_8_6_2_gravecandle_reliquary_at_lv1_or_for_a_costlier_or_the_opponents_magic_asks_nothing(
        relic_cores, cid, whose):
    # at LV1 (its effect is [LV2]), for Abyssal Recall (cost 3), or for the opponent's Overgrowth: not asked, the
    # card stays in the trash and no core is paid
    game = game_at(f"{{life: 5, reserve: 4, hand: [{cid if whose == 0 else 'SG1-109'}], field: [SG1-001,"
                   f" {{card: SG1-187, cores: {relic_cores}}}]}}",
                   f"{{life: 5, reserve: 4, hand: [{cid if whose == 1 else 'SG1-109'}], field: [SG1-001]}}",
                   turn=3 + whose, turn_player=whose)
    magic = first(game, whose, cid, "hand")
    game.apply(UseMagic(whose, magic))
    assert game.pending.kind == "main" and zone(game, magic) == "trash"
    assert game.state.players[0].reserve == (4 - game.cost_of(magic) if whose == 0 else 4)


@pytest.mark.parametrize("reserve, asked", [(3, True), (2, False)])
def test_cr_8_4_2_3_gravecandle_reliquary_declined_or_unpayable_returns_nothing(reserve, asked):
    # declined, or no core left in the reserve once Overgrowth is paid (the soul core is in the trash): the cost is
    # not paid and the card stays in the trash
    game = game_at(f"{{life: 5, reserve: {reserve}, soul_core: trash, hand: [SG1-102], field: [SG1-001,"
                   " {card: SG1-187, cores: 2}]}", "{life: 5, reserve: 3}")
    overgrowth = first(game, 0, "SG1-102", "hand")
    game.apply(UseMagic(0, overgrowth))
    if asked:
        assert info(game)["kind"] == "may"
        answer(game, False)
    assert game.pending.kind == "main" and zone(game, overgrowth) == "trash"
    assert game.state.players[0].reserve == reserve - 2


@pytest.mark.parametrize("pick, life, reserve", [("grove", 5, 3), ("watchfire", 4, 4)])
def test_cr_1_3_2_1_rimecourt_censor_exhausting_an_already_exhausted_nexus_sets_off_nothing(pick, life, reserve):
    # Rimecourt Censor: "(When your opponent uses a magic card) Exhaust 1 opponent's card." You use Overgrowth; the
    # opponent's Censor may pick any of your cards, exhausted ones too. Your refreshed Heartwood Grove exhausted by
    # their effect is still one of your nexuses exhausted: Lanternhold Keeper moves a core into your life. Your
    # Kindled Watchfire is already exhausted: nothing changes, so no trigger (CR 1-3-2-1), and its own "When
    # Exhausted" does not ask either. (Overgrowth costs 1: the Grove's green symbol is one of its reduction symbols.)
    assert text("SG1-188") == "(When your opponent uses a magic card) Exhaust 1 opponent's card."
    game = game_at("{life: 4, reserve: 5, hand: [SG1-102],"
                   " field: [SG1-185, SG1-100, {card: SG1-134, exhausted: true}]}",
                   "{life: 5, reserve: 3, field: [SG1-188]}")
    keeper, grove, watchfire = game.state.players[0].field
    game.apply(UseMagic(0, first(game, 0, "SG1-102", "hand")))
    assert game.pending.player == 1 and info(game)["kind"] == "target"
    assert sorted(info(game)["options"]) == sorted([keeper, grove, watchfire])  # spirits and nexuses
    game.apply(Choose(1, [grove if pick == "grove" else watchfire]))
    p = game.state.players[0]
    assert (p.life, p.reserve) == (life, reserve)
    assert game.state.cards[grove].exhausted == (pick == "grove") and game.state.cards[watchfire].exhausted
    assert cores(game, keeper) == 3 and game.pending.kind == "main"  # Overgrowth: 2 cores on your only spirit


def test_cr_10_8_rimecourt_censor_ignores_its_controllers_own_magic():
    game = game_at("{life: 5, reserve: 4, hand: [SG1-102], field: [SG1-188]}",
                   "{life: 5, reserve: 3, field: [SG1-001, SG1-100]}")
    censor = first(game, 0, "SG1-188")
    game.apply(UseMagic(0, first(game, 0, "SG1-102", "hand")))
    assert game.pending.kind == "main" and cores(game, censor) == 3
    assert not any(game.state.cards[i].exhausted for i in game.state.players[1].field)


@pytest.mark.parametrize("follow_up", [True, False])
def test_cr_10_9_rimecourt_censor_answers_a_bursts_follow_up_use_not_the_burst(follow_up):
    # your Ashwing Drake attacks; the opponent's Undertow Snare burst mills 2, then they may pay its cost to use its
    # Flash effect (CR 10-9): that use is using a magic card, and your Censor exhausts their only card, Heartwood Grove.
    # The burst alone is not a magic card used
    game = game_at("{life: 5, reserve: 3, field: [SG1-005, SG1-188]}",
                   "{life: 5, reserve: 3, soul_core: trash, burst: SG1-159, field: [SG1-100]}", step="attack")
    ashwing, censor = game.state.players[0].field
    grove = first(game, 1, "SG1-100")
    game.apply(Attack(0, ashwing))
    answer(game, True)
    assert len(game.state.players[0].trash) == 2
    answer(game, follow_up)
    if follow_up:
        assert info(game)["kind"] == "target" and sorted(info(game)["options"]) == sorted([ashwing, censor])
        answer(game, [ashwing])
        assert zone(game, ashwing) == "hand"
    assert game.state.cards[grove].exhausted == follow_up and game.pending.kind == "flash"


def test_cr_8_5_2_4_rimecourt_censor_waits_for_the_magic_cards_effect():
    # the Censor's player chooses once Overgrowth has put its cores and gone to the trash
    game = game_at("{life: 4, reserve: 4, hand: [SG1-102], field: [SG1-185, SG1-100]}",
                   "{life: 5, reserve: 3, field: [SG1-188]}")
    keeper = first(game, 0, "SG1-185")
    overgrowth = first(game, 0, "SG1-102", "hand")
    game.apply(UseMagic(0, overgrowth))
    assert game.pending.player == 1 and info(game)["kind"] == "target"
    assert zone(game, overgrowth) == "trash" and cores(game, keeper) == 3


def test_cr_8_8_1_3_2_vesperbell_chorister_lifts_a_spirit_with_luster_or_blessed_to_its_highest_level():
    # Vesperbell Chorister: "(When your opponent uses a magic card) Up to 1 of your spirits with 【Luster】 or
    # 【Blessed】 is treated as its highest level this turn." Your Choir Seraph (【Luster】, LV3: 8000 BP) attacks; the
    # opponent uses Rallying Blaze on their Hatchling. You may lift the Seraph or Dawnwing Herald (【Blessed】), not
    # Sunbeam Finch nor the Chorister
    assert text("SG1-189") == ("(When your opponent uses a magic card) Up to 1 of your spirits with 【Luster】 or"
                               " 【Blessed】 is treated as its highest level this turn.")
    game = game_at("{life: 5, reserve: 3, field: [SG1-189, SG1-073, SG1-068, SG1-066]}",
                   "{life: 5, reserve: 3, hand: [SG1-019], field: [SG1-001]}", step="attack")
    chorister, seraph, herald, finch = game.state.players[0].field
    hatchling = first(game, 1, "SG1-001")
    game.apply(Attack(0, seraph))
    game.apply(UseMagic(1, first(game, 1, "SG1-019", "hand")))
    assert game.pending.player == 0 and info(game)["source"] == chorister
    assert sorted(info(game)["options"]) == sorted([seraph, herald]) and info(game)["max"] == 1
    answer(game, [seraph])
    assert game.level(seraph) == 3 and game.bp(seraph) == 8000 and cores(game, seraph) == 1
    assert game.level(herald) == 1 and game.bp(hatchling) == 1000 + 3000
    assert game.pending.kind == "flash"


def test_cr_10_8_vesperbell_chorister_ignores_your_own_magic():
    game = game_at("{life: 5, reserve: 3, hand: [SG1-019], field: [SG1-189, SG1-073]}",
                   "{life: 5, reserve: 3, field: [SG1-001]}", step="attack")
    seraph = first(game, 0, "SG1-073")
    game.apply(Attack(0, seraph))
    game.apply(Pass(1))
    game.apply(UseMagic(0, first(game, 0, "SG1-019", "hand")))  # your own Rallying Blaze, on the Seraph
    assert info(game)["source"] != first(game, 0, "SG1-189")
    answer(game, [seraph])
    assert game.pending.kind == "flash" and game.level(seraph) == 1 and game.bp(seraph) == 4000 + 3000


def test_cr_8_5_2_4_vesperbell_chorister_chooses_after_the_opponents_magic_resolved():
    # the opponent's Soul Drain takes the only core of Dawnwing Herald, which is destroyed (CR 9-2-1); only then does
    # the Chorister ask, and the Seraph alone is left to lift
    game = game_at("{life: 5, reserve: 3, field: [SG1-189, SG1-073, SG1-068]}",
                   "{life: 5, reserve: 3, hand: [SG1-039], field: [SG1-001]}", step="attack")
    chorister, seraph, herald = game.state.players[0].field
    game.apply(Attack(0, seraph))
    game.apply(UseMagic(1, first(game, 1, "SG1-039", "hand")))
    assert game.pending.player == 1 and info(game)["source"] != chorister  # Soul Drain's target first
    game.apply(Choose(1, [herald]))
    assert zone(game, herald) == "trash"
    assert info(game)["source"] == chorister and info(game)["options"] == [seraph]


# ---------------------------------------------------------------- SG1-190 … SG1-193: symbols changed (CR 8-8), a nexus
# placed (CR 10-7-7), nexuses that lose their effects (docs/saga-rulings.md, "Nexuses, symbols and levels")


def settle(game) -> None:
    """Answer what the engine asks with the first option ("you may": no) and pass the flash windows."""
    while game.pending is not None and game.pending.kind in ("choose", "flash"):
        if game.pending.kind == "flash":
            game.apply(Pass(game.pending.player))
            continue
        i = info(game)
        if i.get("kind") == "may":
            answer(game, False)
        elif i.get("kind") == "target":
            answer(game, list(i["options"][:i.get("min", 0) or 1]))
        else:
            answer(game, i["options"][0])


@pytest.mark.parametrize("soul, life", [(True, 3), (False, 4)])
def test_cr_8_8_cinderpair_herald_deals_two_with_the_soul_core_on_it(soul, life):
    # Cinderpair Herald: "Constant: while the soul core is on this spirit, this spirit is treated as having 2 Red
    # symbols." Its attack reduces the life by its symbols (CR 7-1-5-3-1)
    assert text("SG1-190") == ("Constant: while the soul core is on this spirit, this spirit is treated as having 2 "
                               "Red symbols.")
    herald = "{card: SG1-190, soul_core: true}" if soul else "SG1-190"
    game = game_at(f"{{life: 5, reserve: 3, soul_core: {'field' if soul else 'reserve'}, field: [{herald}]}}",
                   "{life: 5, reserve: 3}", step="attack")
    spirit = game.state.players[0].field[0]
    assert len(game.symbols(spirit)) == (2 if soul else 1)
    game.apply(Attack(0, spirit))
    pass_window(game)
    game.apply(Block(1, None))
    assert game.state.players[1].life == life


def test_cr_10_7_7_mossbound_twin_spire_gains_a_green_symbol_when_you_place_another_nexus():
    # Mossbound Twin Spire: "(When you place another nexus) This nexus gets an additional Green symbol this turn."
    assert text("SG1-191") == "(When you place another nexus) This nexus gets an additional Green symbol this turn."
    game = game_at("{life: 5, reserve: 6, hand: [SG1-191, SG1-100]}", "{life: 5, reserve: 3}")
    game.apply(PlaceNexus(0, first(game, 0, "SG1-191", "hand")))
    settle(game)
    spire = first(game, 0, "SG1-191")
    assert game.symbols(spire) == (("green",),)  # placing itself is not another nexus
    game.apply(PlaceNexus(0, first(game, 0, "SG1-100", "hand")))
    settle(game)
    assert game.symbols(spire) == (("green",), ("green",))
    from bss_desktop.rules.bss.costs import field_symbols
    assert sorted(field_symbols(game, 0)) == [("green",)] * 3  # the Grove's and the Spire's two (CR 2-7-3)


def test_cr_10_7_7_tidewall_breaker_draws_when_you_place_a_blue_nexus_only():
    # Tidewall Breaker: "(When you place a Blue nexus) Draw 1 card."
    assert text("SG1-192").startswith("(When you place a Blue nexus) Draw 1 card.\n")
    game = game_at("{life: 5, reserve: 8, hand: [SG1-121, SG1-016], field: [SG1-192]}", "{life: 5, reserve: 3}")
    hand = len(game.state.players[0].hand)
    game.apply(PlaceNexus(0, first(game, 0, "SG1-016", "hand")))  # red: no card
    settle(game)
    assert len(game.state.players[0].hand) == hand - 1
    game.apply(PlaceNexus(0, first(game, 0, "SG1-121", "hand")))  # blue (its own "may" declined)
    settle(game)
    assert len(game.state.players[0].hand) == hand - 2 + 1


@pytest.mark.parametrize("breaker, bp", [("{card: SG1-192, cores: 3}", 3000), ("SG1-192", 4000)])
def test_ruling_lose_effects_tidewall_breaker_at_lv2_takes_the_lv1_effects_of_the_opponents_nexuses(breaker, bp):
    # Tidewall Breaker: "[LV2] Constant: All your opponent's nexuses lose their LV1 effects and cannot regain them."
    # Emberforge Crater's "Constant: during your turn, all your Dragon spirits get +1000 BP" is listed for LV1
    assert text("SG1-192").endswith("[LV2] Constant: All your opponent's nexuses lose their LV1 effects and cannot "
                                    "regain them.")
    game = game_at(f"{{life: 5, reserve: 3, field: [{breaker}]}}",
                   "{life: 5, reserve: 3, field: [SG1-016, SG1-005]}", turn=4, turn_player=1)
    assert game.bp(first(game, 1, "SG1-005")) == bp


@pytest.mark.parametrize("warden, aerie, blocks", [(True, 0, True), (False, 0, False), (True, 2, False)])
def test_ruling_lose_effects_hollowcrown_warden_takes_the_effects_of_lv1_nexuses_in_the_attack_step(
        warden, aerie, blocks):
    # Hollowcrown Warden: "Constant: during the attack step, all nexuses at LV1 lose their effects and cannot regain
    # them." Highwind Aerie ("All your Yellow spirits at LV2 or higher cannot be blocked by spirits at LV1") at LV1
    # loses its effect, at LV2 keeps it
    assert text("SG1-193") == ("Constant: during the attack step, all nexuses at LV1 lose their effects and cannot "
                               "regain them.")
    theirs = "[SG1-193, SG1-001]" if warden else "[SG1-001]"
    game = game_at(f"{{life: 5, reserve: 3, field: [{{card: SG1-185, cores: 3}}, {{card: SG1-183, cores: {aerie}}}]}}",
                   f"{{life: 5, reserve: 3, field: {theirs}}}", step="attack")
    keeper = first(game, 0, "SG1-185")
    game.apply(Attack(0, keeper))
    pass_window(game)
    blockers = [c.spirit for c in game.legal_commands() if isinstance(c, Block)]
    assert (first(game, 1, "SG1-001") in blockers) == blocks


# ---------------------------------------------------------------- SG1-194 … SG1-198: protections and life


def attack_unblocked(game, p: int, attacker: int):
    game.apply(Attack(p, attacker))
    game.apply(Pass(1 - p))
    game.apply(Pass(p))
    return game.apply(Block(1 - p, None))


def test_ruling_p1_lanternward_sentinel_keeps_your_white_spirits_from_selection_while_refreshed():
    assert text("SG1-194") == ("[LV2] Constant: while this spirit is refreshed, all your White spirits cannot be "
                               "selected by your opponent's effects.")
    game = game_at("{life: 5, reserve: 5, hand: [SG1-165]}",
                   "{life: 5, reserve: 3, field: [{card: SG1-194, cores: 3}, SG1-197, SG1-001]}")
    sentinel, novice, hatchling = game.state.players[1].field
    game.apply(UseMagic(0, first(game, 0, "SG1-165", "hand")))  # Echoing Refusal: only the red Hatchling to choose
    assert game.state.cards[hatchling].exhausted and not game.state.cards[novice].exhausted
    game = game_at("{life: 5, reserve: 5, hand: [SG1-165]}",
                   "{life: 5, reserve: 3, field: [{card: SG1-194, cores: 3, exhausted: true}, SG1-197, SG1-001]}")
    game.apply(UseMagic(0, first(game, 0, "SG1-165", "hand")))
    assert info(game)["options"] == game.state.players[1].field  # exhausted: no protection, itself included


def test_ruling_p8_sunward_tollhouse_draws_when_a_cheap_attacker_reduces_your_life():
    assert text("SG1-195") == "(When your life is reduced by an attack from one of your opponent's spirits with cost " \
                              "3 or less) Draw 1 card."
    game = game_at("{life: 5, reserve: 3, field: [SG1-003, {card: SG1-073, cores: 1}]}",
                   "{life: 5, reserve: 3, field: [SG1-195]}", step="attack")
    drake, seraph = game.state.players[0].field
    attack_unblocked(game, 0, seraph)  # cost 5: not watched
    assert game.state.players[1].hand == []
    attack_unblocked(game, 0, drake)
    assert len(game.state.players[1].hand) == 1 and game.state.players[1].life == 3


def test_ruling_p8_briarhide_avenger_takes_a_core_from_the_attacker():
    assert text("SG1-196") == ("(When your life is reduced by an attack from one of your opponent's spirits with 4000 BP "
                               "or less) Send 1 core from that spirit to its owner's reserve.")
    game = game_at("{life: 5, reserve: 0, field: [{card: SG1-003, cores: 2}]}",
                   "{life: 5, reserve: 3, field: [SG1-196]}", step="attack")
    drake = game.state.players[0].field[0]
    attack_unblocked(game, 0, drake)
    assert game.state.cards[drake].cores == 1 and game.state.players[0].reserve == 1


def test_ruling_p9_dawnhymn_novice_draws_when_blessed_increases_your_life():
    assert text("SG1-197") == "【Blessed】\n[LV2] (When your life increases) Draw 1 card."
    game = game_at("{life: 3, reserve: 3, field: [{card: SG1-197, cores: 3}]}", "{life: 5, reserve: 3}",
                   step="attack")
    attack_unblocked(game, 0, game.state.players[0].field[0])
    p = game.state.players[0]
    assert p.life == 4 and len(p.hand) == 1 and game.state.players[1].life == 4


def test_ruling_p9_radiant_almonry_refreshes_one_of_your_spirits_when_your_life_increases():
    assert text("SG1-198") == "(When your life increases) Refresh 1 of your spirits."
    game = game_at("{life: 3, reserve: 5, hand: [SG1-082], field: [SG1-198, {card: SG1-003, exhausted: true}]}",
                   "{life: 5, reserve: 3}")
    drake = first(game, 0, "SG1-003")
    game.apply(UseMagic(0, first(game, 0, "SG1-082", "hand")))  # Mending Light: a core into your life
    assert game.state.players[0].life == 4 and not game.state.cards[drake].exhausted


# ---------------------------------------------------------------- SG1-199 … SG1-225: the seventh wave


def attack_blocked(game, p: int, attacker: int, blocker: int | None):
    """Attack, settle what the attack triggers and the flash window, then block (or not)."""
    game.apply(Attack(p, attacker))
    settle(game)
    return game.apply(Block(1 - p, blocker))


@pytest.mark.parametrize("burst, drake_wins", [("SG1-159", True), ("null", False)])
def test_emberleap_drake_pumps_a_blocked_attacker_while_you_have_a_burst_set(burst, drake_wins):
    assert text("SG1-199") == ("【Agile】\n(When one of your opponent's spirits blocks) If you have a burst set, the "
                               "attacking spirit gets +2000 BP this turn.")
    game = game_at(f"{{life: 5, reserve: 3, burst: {burst}, field: [SG1-199, SG1-003]}}",
                   "{life: 5, reserve: 3, field: [SG1-005]}", step="attack")
    flarecrest = first(game, 0, "SG1-003")
    ashwing = first(game, 1, "SG1-005")
    attack_blocked(game, 0, flarecrest, ashwing)  # 2000 BP against 3000
    settle(game)
    assert zone(game, ashwing) == ("trash" if drake_wins else "field")
    assert zone(game, flarecrest) == ("field" if drake_wins else "trash")


def test_ruling_agile_emberleap_drake_takes_the_place_of_a_cheaper_spirit_after_its_battle():
    game = game_at("{life: 5, reserve: 4, soul_core: trash, field: [SG1-003], hand: [SG1-199]}",
                   "{life: 5, reserve: 3}", step="attack")
    flarecrest = first(game, 0, "SG1-003")
    drake = first(game, 0, "SG1-199", "hand")
    attack_unblocked(game, 0, flarecrest)
    answer(game, True)  # Flarecrest (cost 2) returns to the hand
    answer(game, True)  # the Drake (cost 3) is summoned in its place
    assert zone(game, flarecrest) == "hand" and zone(game, drake) == "field"
    assert game.state.players[1].life == 4


@pytest.mark.parametrize("cores, destroyed", [(3, True), (1, False)])
def test_pyrevow_challenger_must_attack_and_at_lv2_burns_a_small_spirit_after_its_battle(cores, destroyed):
    assert text("SG1-200") == ("Constant: This spirit must attack if able.\n[LV2] (When the Battle It Attacks In Ends) "
                               "Destroy 1 opponent's spirit with 3000 BP or less.")
    game = game_at(f"{{life: 5, reserve: 3, field: [{{card: SG1-200, cores: {cores}}}]}}",
                   "{life: 5, reserve: 3, field: [SG1-005]}", step="attack")
    challenger = first(game, 0, "SG1-200")
    assert not any(isinstance(c, EndAttack) for c in game.legal_commands())  # it must attack first
    attack_unblocked(game, 0, challenger)
    settle(game)
    assert (game.state.players[1].field == []) == destroyed
    assert any(isinstance(c, EndAttack) for c in game.legal_commands())  # exhausted: the step may end


def test_sunforge_warcry_pumps_each_attacker_this_turn_and_refreshes_your_spirits_at_its_end():
    assert text("SG1-201") == ("Main: During this turn, when one of your spirits attacks, that spirit gets +2000 BP "
                               "this turn. At the end of this turn, refresh all your spirits.")
    game = game_at("{life: 5, reserve: 6, hand: [SG1-201], field: [SG1-003, SG1-001]}",
                   "{life: 5, reserve: 3, field: [SG1-005]}")
    flarecrest, hatchling = game.state.players[0].field
    game.apply(UseMagic(0, first(game, 0, "SG1-201", "hand")))
    settle(game)
    game.apply(EndMain(0))
    ashwing = first(game, 1, "SG1-005")
    attack_blocked(game, 0, flarecrest, ashwing)  # 2000 + 2000 against 3000
    settle(game)
    assert zone(game, ashwing) == "trash" and game.state.cards[flarecrest].exhausted
    game.apply(EndAttack(0))
    settle(game)
    assert not game.state.cards[flarecrest].exhausted  # refreshed at the end of the turn


def their_attack(game, attacker: int, blocker: int | None, magic: int | None = None):
    """Player 1 attacks; player 0 may use a flash magic card in the window, then blocks (or not)."""
    game.apply(Attack(1, attacker))
    while game.pending is not None and game.pending.kind == "flash" and game.pending.player == 1:
        game.apply(Pass(1))
    if magic is not None:
        game.apply(UseMagic(0, magic))
    settle(game)
    if game.pending is not None and game.pending.kind == "block":  # (an attacker sent away leaves nothing to block)
        game.apply(Block(0, blocker))
        settle(game)


@pytest.mark.parametrize("cores, refreshed", [(3, True), (1, False)])
def test_ironvow_sentinel_at_lv2_stands_up_after_the_battle_it_blocks_in(cores, refreshed):
    assert text("SG1-202") == "【Agile】\n[LV2] (When the Battle It Blocks In Ends) Refresh this spirit."
    game = game_at(f"{{life: 5, reserve: 3, field: [{{card: SG1-202, cores: {cores}}}]}}",
                   "{life: 5, reserve: 3, field: [SG1-064]}", turn_player=1, step="attack")
    sentinel, chick = first(game, 0, "SG1-202"), first(game, 1, "SG1-064")
    their_attack(game, chick, sentinel)
    assert zone(game, chick) == "trash" and zone(game, sentinel) == "field"
    assert game.state.cards[sentinel].exhausted is not refreshed


@pytest.mark.parametrize("cores, ended", [(3, True), (1, False)])
def test_rimegate_bastion_at_lv2_ends_the_attack_step_after_the_battle_it_blocks_in(cores, ended):
    assert text("SG1-203") == ("[LV2] (When the Battle It Blocks In Ends) End the attack step.\n(When one of your "
                               "spirits is destroyed in battle) This spirit can block while exhausted this turn.")
    game = game_at(f"{{life: 5, reserve: 3, field: [{{card: SG1-203, cores: {cores}}}]}}",
                   "{life: 5, reserve: 3, field: [SG1-064, SG1-003]}", turn_player=1, step="attack")
    bastion, chick = first(game, 0, "SG1-203"), first(game, 1, "SG1-064")
    their_attack(game, chick, bastion)
    assert zone(game, chick) == "trash"
    flarecrest = first(game, 1, "SG1-003")
    assert (Attack(1, flarecrest) in game.legal_commands()) is not ended


def test_rimegate_bastion_blocks_while_exhausted_after_one_of_your_spirits_falls_in_battle():
    game = game_at("{life: 5, reserve: 3, field: [{card: SG1-203, exhausted: true}, SG1-064]}",
                   "{life: 5, reserve: 3, field: [SG1-005, SG1-003]}", turn_player=1, step="attack")
    bastion, chick = game.state.players[0].field
    ashwing, flarecrest = game.state.players[1].field
    game.apply(Attack(1, flarecrest))
    settle(game)
    assert Block(0, bastion) not in game.legal_commands()  # exhausted: it may not block yet
    game.apply(Block(0, chick))
    settle(game)
    assert zone(game, chick) == "trash"  # destroyed in battle: the Bastion may block while exhausted this turn
    game.apply(Attack(1, ashwing))
    settle(game)
    game.apply(Block(0, bastion))
    settle(game)
    assert zone(game, ashwing) == "trash" and game.state.cards[bastion].exhausted


def test_hold_the_line_lets_exhausted_white_spirits_block_with_1000_more_bp():
    assert text("SG1-204") == ("Flash: All your White spirits can block while exhausted this turn. During this turn, "
                               "when one of your spirits blocks, that spirit gets +1000 BP this turn.")
    game = game_at("{life: 5, reserve: 4, hand: [SG1-204], field: [{card: SG1-047, exhausted: true}, "
                   "{card: SG1-003, exhausted: true}]}",
                   "{life: 5, reserve: 3, field: [SG1-009]}", turn_player=1, step="attack")
    automaton, flarecrest = game.state.players[0].field
    cindermaw = first(game, 1, "SG1-009")
    game.apply(Attack(1, cindermaw))
    while game.pending.kind == "flash" and game.pending.player == 1:
        game.apply(Pass(1))
    assert Block(0, automaton) not in game.legal_commands()
    game.apply(UseMagic(0, first(game, 0, "SG1-204", "hand")))
    settle(game)
    legal = game.legal_commands()
    assert Block(0, automaton) in legal and Block(0, flarecrest) not in legal  # the red Drake stays out
    game.apply(Block(0, automaton))
    assert game.bp(automaton) == 4000  # 3000 + 1000 against Cindermaw's 3000
    settle(game)
    assert zone(game, cindermaw) == "trash" and zone(game, automaton) == "field"


def test_stormtide_reaver_mills_a_blocker_and_at_lv2_draws_two_and_ends_the_attack_step():
    assert text("SG1-205") == ("(When one of your opponent's spirits blocks) Discard 2 cards from the top of your "
                               "opponent's deck.\n[LV2] (When the Battle It Attacks In Ends) Draw 2 cards. End the "
                               "attack step.")
    game = game_at("{life: 5, reserve: 3, field: [{card: SG1-205, cores: 3}, SG1-003]}",
                   "{life: 5, reserve: 3, field: [SG1-064]}", step="attack")
    reaver, flarecrest = game.state.players[0].field
    chick = first(game, 1, "SG1-064")
    attack_blocked(game, 0, reaver, chick)
    settle(game)
    assert len(game.state.players[1].trash) == 3 and zone(game, chick) == "trash"  # the chick and 2 milled cards
    assert len(game.state.players[0].hand) == 2
    assert game.state.turn_player == 1 and not game.state.cards[flarecrest].exhausted  # the step (and turn) ended


def test_stormtide_reaver_at_lv1_leaves_the_attack_step_open():
    game = game_at("{life: 5, reserve: 3, field: [SG1-205, SG1-003]}", "{life: 5, reserve: 3}", step="attack")
    reaver, flarecrest = game.state.players[0].field
    attack_unblocked(game, 0, reaver)
    settle(game)
    assert game.state.players[0].hand == [] and Attack(0, flarecrest) in game.legal_commands()


def to_my_turn(game):
    """Player 1 ends their attack step: player 0's turn starts (start, core and draw steps) and effects settle."""
    game.apply(EndAttack(1))
    settle(game)


def test_ripplequill_scrivener_mills_when_the_opponent_draws_outside_their_draw_step():
    assert text("SG1-206") == ("(When your opponent draws outside of their draw step) Discard 1 card from the top of "
                               "your opponent's deck.\n[LV2] (After your draw step's draw) Draw cards until you have "
                               "2 cards in your hand.")
    game = game_at("{life: 5, reserve: 3, field: [SG1-206]}", "{life: 5, reserve: 5, hand: [SG1-081]}",
                   turn_player=1)
    deck = len(game.state.players[1].deck)
    game.apply(UseMagic(1, first(game, 1, "SG1-081", "hand")))  # Radiant Insight: one draw of 2 cards
    settle(game)
    assert len(game.state.players[1].deck) == deck - 2 - 1


def test_ripplequill_scrivener_ignores_the_draw_step_and_at_lv2_fills_your_hand_to_two():
    game = game_at("{life: 5, reserve: 3, field: [SG1-206]}", "{life: 5, reserve: 3}", turn_player=0,
                   step="attack")
    deck = len(game.state.players[1].deck)
    game.apply(EndAttack(0))  # the opponent's turn: their draw step's draw
    settle(game)
    assert len(game.state.players[1].deck) == deck - 1 and len(game.state.players[1].hand) == 1
    game = game_at("{life: 5, reserve: 3, field: [{card: SG1-206, cores: 3}]}", "{life: 5, reserve: 3}",
                   turn_player=1, step="attack")
    to_my_turn(game)
    assert len(game.state.players[0].hand) == 2  # the step's draw, then one more to reach 2


def test_whisperwell_archive_mills_two_when_the_opponent_draws_by_their_own_effect():
    assert text("SG1-207") == ("(When your opponent uses one of their effects to draw) Discard 2 cards from the top of "
                               "your opponent's deck.\n[LV2] (When your opponent draws) Discard 1 card from the top of "
                               "your opponent's deck.")
    game = game_at("{life: 5, reserve: 3, field: [SG1-207]}", "{life: 5, reserve: 5, hand: [SG1-081]}",
                   turn_player=1)
    deck = len(game.state.players[1].deck)
    game.apply(UseMagic(1, first(game, 1, "SG1-081", "hand")))
    settle(game)
    assert len(game.state.players[1].deck) == deck - 2 - 2


@pytest.mark.parametrize("cores, milled", [(3, 1), (0, 0)])
def test_whisperwell_archive_at_lv2_mills_one_for_the_draw_steps_draw_too(cores, milled):
    game = game_at(f"{{life: 5, reserve: 3, field: [{{card: SG1-207, cores: {cores}}}]}}", "{life: 5, reserve: 3}",
                   step="attack")
    deck = len(game.state.players[1].deck)
    game.apply(EndAttack(0))
    settle(game)
    assert len(game.state.players[1].deck) == deck - 1 - milled


def test_pryingeye_shade_strips_a_core_when_the_opponent_draws_by_their_own_effect_only():
    assert text("SG1-208") == ("(When your opponent uses one of their effects to draw) Send 1 core from 1 opponent's "
                               "spirit to its owner's reserve.")
    game = game_at("{life: 5, reserve: 3, field: [SG1-208]}",
                   "{life: 5, reserve: 5, hand: [SG1-081], field: [{card: SG1-003, cores: 2}]}", turn_player=1)
    flarecrest = first(game, 1, "SG1-003")
    game.apply(UseMagic(1, first(game, 1, "SG1-081", "hand")))
    settle(game)
    assert game.state.cards[flarecrest].cores == 1


def test_pryingeye_shade_ignores_a_draw_your_own_effect_makes_the_opponent_do():
    # a draw your own effect makes them do is not theirs: Quillspire Observatory's each-player draw
    game = game_at("{life: 5, reserve: 3, field: [SG1-208, {card: SG1-210, cores: 3}]}",
                   "{life: 5, reserve: 3, field: [{card: SG1-003, cores: 2}]}", turn_player=1, step="attack")
    to_my_turn(game)
    assert game.state.cards[first(game, 1, "SG1-003")].cores == 2


def test_quillspire_observatory_at_lv2_has_each_player_draw_and_gains_a_core_for_the_opponents_draw():
    assert text("SG1-210") == ("[LV2] (After your draw step's draw) You and your opponent each draw 1 card.\n(When "
                               "your opponent draws outside of their draw step) Put 1 core from the void into your "
                               "reserve.")
    game = game_at("{life: 5, reserve: 3, field: [{card: SG1-210, cores: 3}]}", "{life: 5, reserve: 3}",
                   turn_player=1, step="attack")
    to_my_turn(game)
    me, them = game.state.players
    assert len(me.hand) == 2 and len(them.hand) == 1
    assert me.reserve == 3 + 1 + 1  # the core step's core and the Observatory's


def test_quillspire_observatory_at_lv1_gains_nothing_from_the_opponents_draw_step():
    game = game_at("{life: 5, reserve: 3, field: [SG1-210]}", "{life: 5, reserve: 3}", step="attack")
    game.apply(EndAttack(0))
    settle(game)
    assert game.state.players[0].reserve == 3 and len(game.state.players[1].hand) == 1


@pytest.mark.parametrize("cores, left", [(3, 1), (1, 2)])
def test_mindtithe_wraith_at_lv2_strips_a_core_of_the_opponents_choice_when_they_draw(cores, left):
    assert text("SG1-211") == ("[LV2] (When your opponent draws) Send 1 core from 1 opponent's spirit of their choice "
                               "to its owner's reserve.")
    game = game_at(f"{{life: 5, reserve: 3, field: [{{card: SG1-211, cores: {cores}}}]}}",
                   "{life: 5, reserve: 3, field: [{card: SG1-003, cores: 2}]}", step="attack")
    game.apply(EndAttack(0))  # their draw step's draw
    settle(game)
    assert game.state.cards[first(game, 1, "SG1-003")].cores == left


def test_lumen_tallykeeper_makes_the_next_yellow_magic_cheaper_after_your_first_magic_card_only():
    assert text("SG1-209") == ("(When you use a magic card from your hand) If you have used 1 or fewer magic cards "
                               "this turn, the next Yellow magic card you use from your hand this turn costs 1 less.")
    game = game_at("{life: 5, reserve: 6, field: [SG1-209], hand: [SG1-081, SG1-225, SG1-082]}",
                   "{life: 5, reserve: 3}")
    insight, hymn, mending = game.state.players[0].hand
    assert game.cost_of(hymn) == 1  # 2, one Yellow symbol
    game.apply(UseMagic(0, insight))  # the first magic card this turn: draw 2, discard 1 (a drawn card)
    answer(game, [c for c in info(game)["options"] if c not in (hymn, mending)][:1])
    settle(game)
    assert game.cost_of(hymn) == 0 and game.cost_of(mending) == 1
    game.apply(UseMagic(0, hymn))  # the second: the Tallykeeper adds nothing; the Hymn's own next is 1 less
    settle(game)
    assert game.cost_of(mending) == 3 - 1 - 1


def test_lumen_tallykeeper_second_magic_card_of_the_turn_is_not_the_first():
    game = game_at("{life: 5, reserve: 6, field: [SG1-209], hand: [SG1-225, SG1-225, SG1-082]}",
                   "{life: 5, reserve: 3}")
    hymn1, hymn2, mending = game.state.players[0].hand
    game.apply(UseMagic(0, hymn1))  # first: the Hymn's next and the Tallykeeper's next: 2 less
    settle(game)
    assert game.cost_of(mending) == 0
    game.apply(UseMagic(0, hymn2))  # both spent on it (cost 0); its own next 1 less; the Tallykeeper: 2 used
    settle(game)
    assert game.cost_of(mending) == 3 - 1 - 1


def test_hollowvow_acolyte_draws_when_you_destroy_your_own_spirit_with_your_effect():
    assert text("SG1-212") == ("(When you destroy one of your spirits with one of your effects) Draw 1 card.\n(When a "
                               "card is discarded from your hand) Put 1 core from the void on this spirit.")
    game = game_at("{life: 5, reserve: 3, hand: [SG1-140], field: [SG1-212, SG1-003]}",
                   "{life: 5, reserve: 3, field: [SG1-005]}")
    acolyte, flarecrest = game.state.players[0].field
    game.apply(UseMagic(0, first(game, 0, "SG1-140", "hand")))  # Shared Grave: each player destroys one
    while game.pending is not None and game.pending.kind == "choose":
        i = info(game)
        answer(game, [flarecrest] if game.pending.player == 0 and flarecrest in i["options"] else
               list(i["options"][:1]))
    assert zone(game, flarecrest) == "trash" and zone(game, acolyte) == "field"
    assert len(game.state.players[0].hand) == 1


def test_hollowvow_acolyte_not_for_a_spirit_the_opponent_destroys():
    game = game_at("{life: 5, reserve: 3, field: [SG1-212, SG1-003]}", "{life: 5, reserve: 5, hand: [SG1-213]}",
                   turn_player=1)
    game.apply(UseMagic(1, first(game, 1, "SG1-213", "hand")))  # Ashen Reckoning on the 1-core Flarecrest
    while game.pending is not None and game.pending.kind == "choose":
        answer(game, [first(game, 0, "SG1-003")] if info(game).get("kind") == "target" else info(game)["options"][0])
    settle(game)
    assert game.state.players[0].hand == []


@pytest.mark.parametrize("discard", ["SG1-003", "SG1-123"])
def test_hollowvow_acolyte_gains_a_core_when_a_card_is_discarded_from_your_hand(discard):
    game = game_at(f"{{life: 5, reserve: 3, hand: [SG1-081], field: [SG1-212], deck: [{discard}, {discard}]}}",
                   "{life: 5, reserve: 3}")
    acolyte = first(game, 0, "SG1-212")
    game.apply(UseMagic(0, first(game, 0, "SG1-081", "hand")))  # Radiant Insight: draw 2, discard 1
    settle(game)
    assert game.state.cards[acolyte].cores == 2


def test_hollowvow_acolyte_cards_discarded_from_your_deck_are_not_from_your_hand():
    game = game_at("{life: 5, reserve: 3, field: [SG1-212]}", "{life: 5, reserve: 5, hand: [SG1-124]}",
                   turn_player=1)
    game.apply(UseMagic(1, first(game, 1, "SG1-124", "hand")))  # Crushing Tide: 6 cards from the top of the deck
    settle(game)
    assert len(game.state.players[0].trash) == 6 and game.state.cards[first(game, 0, "SG1-212")].cores == 1


@pytest.mark.parametrize("cores, drew", [(1, True), (2, False)])
def test_ashen_reckoning_draws_only_if_the_core_it_takes_destroys_the_spirit(cores, drew):
    assert text("SG1-213") == ("Main/Flash: Select 1 opponent's spirit. Send 1 core from it to its owner's reserve. "
                               "If you destroyed it with this effect, draw 1 card.")
    game = game_at("{life: 5, reserve: 3, hand: [SG1-213]}",
                   f"{{life: 5, reserve: 3, field: [{{card: SG1-003, cores: {cores}}}]}}")
    flarecrest = first(game, 1, "SG1-003")
    game.apply(UseMagic(0, first(game, 0, "SG1-213", "hand")))
    settle(game)
    assert zone(game, flarecrest) == ("trash" if drew else "field")
    assert len(game.state.players[0].hand) == (1 if drew else 0)


def test_barkheart_mourner_charges_itself_for_a_battle_loss_and_refunds_a_core_for_an_effect():
    assert text("SG1-214") == ("(When one of your spirits is destroyed in battle) Put 1 core from the void on this "
                               "spirit.\n(When one of your spirits is destroyed by an effect) Put 1 core from the void "
                               "into your reserve.")
    game = game_at("{life: 5, reserve: 3, field: [SG1-214, SG1-064]}",
                   "{life: 5, reserve: 5, hand: [SG1-213], field: [SG1-005]}", turn_player=1, step="attack")
    mourner, chick = game.state.players[0].field
    their_attack(game, first(game, 1, "SG1-005"), chick)
    assert zone(game, chick) == "trash"
    assert game.state.cards[mourner].cores == 2 and game.state.players[0].reserve == 3 + 1  # the chick's core
    game = game_at("{life: 5, reserve: 3, field: [SG1-214, SG1-064]}", "{life: 5, reserve: 5, hand: [SG1-213]}",
                   turn_player=1)
    mourner, chick = game.state.players[0].field
    game.apply(UseMagic(1, first(game, 1, "SG1-213", "hand")))  # Ashen Reckoning: the chick's only core
    while game.pending is not None and game.pending.kind == "choose":
        answer(game, [chick] if info(game).get("kind") == "target" else info(game)["options"][0])
    settle(game)
    assert zone(game, chick) == "trash"
    assert game.state.cards[mourner].cores == 1 and game.state.players[0].reserve == 3 + 1 + 1  # and the void's


@pytest.mark.parametrize("adept, cost", [("SG1-215", 1), ("SG1-148", 2)])
def test_chantlight_adept_counts_its_symbol_twice_for_magic(adept, cost):
    assert text("SG1-215") == ("Constant: For the cost reduction of magic cards in your hand, each symbol on this "
                               "spirit counts as 2 symbols.\n[LV2] (When you use a magic card from your hand) This "
                               "spirit gets +2000 BP this turn.")
    game = game_at(f"{{life: 5, reserve: 3, hand: [SG1-082, SG1-009], field: [{adept}]}}", "{life: 5, reserve: 3}")
    assert game.cost_of(first(game, 0, "SG1-082", "hand")) == cost  # Mending Light: 3, two Yellow reductions
    assert game.cost_of(first(game, 0, "SG1-009", "hand")) == 4  # a spirit card: not counted


@pytest.mark.parametrize("cores, bp", [(3, 6000), (1, 2000)])
def test_chantlight_adept_at_lv2_grows_when_you_use_magic_from_your_hand(cores, bp):
    game = game_at(f"{{life: 5, reserve: 3, hand: [SG1-082], field: [{{card: SG1-215, cores: {cores}}}]}}",
                   "{life: 5, reserve: 3}")
    game.apply(UseMagic(0, first(game, 0, "SG1-082", "hand")))
    settle(game)
    assert game.bp(first(game, 0, "SG1-215")) == bp


@pytest.mark.parametrize("other, cost", [("SG1-205", 3), ("SG1-206", 4)])
def test_seastone_cantor_counts_leviathan_symbols_twice_for_magic(other, cost):
    assert text("SG1-216") == ("Constant: For the cost reduction of magic cards in your hand, each symbol on your "
                               "Leviathan spirits counts as 2 symbols.\n(When your opponent uses a magic card from "
                               "their hand) Discard 2 cards from the top of your opponent's deck.")
    game = game_at(f"{{life: 5, reserve: 3, hand: [SG1-126], field: [SG1-216, {other}]}}", "{life: 5, reserve: 3}")
    assert game.cost_of(first(game, 0, "SG1-126", "hand")) == cost  # Tidal Cataclysm: 6, three Blue reductions


def test_seastone_cantor_mills_when_the_opponent_uses_magic_from_their_hand_not_a_burst():
    game = game_at("{life: 5, reserve: 3, field: [SG1-216]}", "{life: 5, reserve: 5, hand: [SG1-081]}",
                   turn_player=1)
    deck = len(game.state.players[1].deck)
    game.apply(UseMagic(1, first(game, 1, "SG1-081", "hand")))
    settle(game)
    assert len(game.state.players[1].deck) == deck - 2 - 2  # its two draws, then the Cantor's two
    game = game_at("{life: 5, reserve: 3, field: [SG1-005]}",
                   "{life: 5, reserve: 3, soul_core: trash, burst: SG1-159, field: [SG1-216]}", step="attack")
    ashwing = first(game, 0, "SG1-005")
    deck = len(game.state.players[1].deck)
    game.apply(Attack(0, ashwing))
    answer(game, True)  # Undertow Snare's burst
    answer(game, True)  # then its Flash effect, paid from the reserve
    answer(game, [0, 0])
    assert zone(game, ashwing) == "hand"
    assert len(game.state.players[1].deck) == deck  # used after its burst: not from the hand


def test_silencer_automaton_stands_up_when_the_opponent_uses_magic_and_at_lv2_draws_for_a_loss_to_an_effect():
    assert text("SG1-217") == ("(When your opponent uses a magic card from their hand) Refresh this spirit.\n[LV2] "
                               "(When one of your spirits is destroyed by an effect) Draw 1 card.")
    game = game_at("{life: 5, reserve: 3, field: [{card: SG1-217, cores: 3, exhausted: true}, SG1-003]}",
                   "{life: 5, reserve: 5, hand: [SG1-213]}", turn_player=1)
    automaton, flarecrest = game.state.players[0].field
    game.apply(UseMagic(1, first(game, 1, "SG1-213", "hand")))
    while game.pending is not None and game.pending.kind == "choose":
        answer(game, [flarecrest] if info(game).get("kind") == "target" else info(game)["options"][0])
    settle(game)
    assert not game.state.cards[automaton].exhausted
    assert zone(game, flarecrest) == "trash" and len(game.state.players[0].hand) == 1


@pytest.mark.parametrize("cores, milled", [(2, 1), (0, 0)])
def test_ebbtide_harbor_draws_when_an_opponents_spirit_is_returned_to_their_hand(cores, milled):
    assert text("SG1-218") == ("(When one of your opponent's spirits is returned to their hand) Draw 1 card.\n[LV2] "
                               "(When one of your opponent's spirits is returned to their hand or deck) Discard 1 card "
                               "from the top of your opponent's deck.")
    game = game_at(f"{{life: 5, reserve: 5, hand: [SG1-111], field: [{{card: SG1-218, cores: {cores}}}]}}",
                   "{life: 5, reserve: 3, field: [SG1-005]}")
    deck = len(game.state.players[1].deck)
    game.apply(Summon(0, first(game, 0, "SG1-111", "hand")))  # Deepcurrent Serpent returns Ashwing Drake
    settle(game)
    assert zone(game, first(game, 1, "SG1-005", "hand")) == "hand"
    assert len(game.state.players[0].hand) == 1 and len(game.state.players[1].deck) == deck - milled


def test_ebbtide_harbor_a_spirit_put_on_the_deck_draws_nothing_but_mills_at_lv2():
    game = game_at("{life: 5, reserve: 5, hand: [SG1-125], field: [{card: SG1-218, cores: 2}]}",
                   "{life: 5, reserve: 3, field: [SG1-005]}")
    deck = len(game.state.players[1].deck)
    game.apply(UseMagic(0, first(game, 0, "SG1-125", "hand")))  # Abyssal Recall: to the bottom of the deck
    settle(game)
    assert game.state.players[0].hand == [] and len(game.state.players[1].deck) == deck + 1 - 1


@pytest.mark.parametrize("magic, bp", [("SG1-125", 3000), ("SG1-123", 3000)])
def test_wavebreak_corsair_stands_up_when_an_opponents_spirit_is_returned(magic, bp):
    assert text("SG1-219") == ("【Agile】\n(When one of your opponent's spirits is returned to their hand or deck) "
                               "Refresh this spirit.\n[LV2] (When one of your opponent's spirits is returned to their "
                               "hand) This spirit gets +2000 BP this turn.")
    game = game_at(f"{{life: 5, reserve: 5, hand: [{magic}], field: [{{card: SG1-219, exhausted: true}}]}}",
                   "{life: 5, reserve: 3, field: [SG1-003]}", turn_player=1, step="attack")
    corsair = first(game, 0, "SG1-219")
    their_attack(game, first(game, 1, "SG1-003"), None, magic=first(game, 0, magic, "hand"))
    assert not game.state.cards[corsair].exhausted and game.bp(corsair) == bp


@pytest.mark.parametrize("magic, bp", [("SG1-125", 5000), ("SG1-123", 7000)])
def test_wavebreak_corsair_at_lv2_grows_for_a_return_to_the_hand_only(magic, bp):
    game = game_at(f"{{life: 5, reserve: 5, hand: [{magic}], field: [{{card: SG1-219, cores: 3}}]}}",
                   "{life: 5, reserve: 3, field: [SG1-003]}", turn_player=1, step="attack")
    corsair = first(game, 0, "SG1-219")
    their_attack(game, first(game, 1, "SG1-003"), None, magic=first(game, 0, magic, "hand"))
    assert game.bp(corsair) == bp


def test_ashgrave_hoarder_grows_when_you_discard_and_at_lv2_answers_your_own_destructions():
    assert text("SG1-220") == ("(When a card is discarded from your hand) This spirit gets +2000 BP this turn.\n[LV2] "
                               "(When you destroy one of your spirits with one of your effects) Send 1 core from 1 "
                               "opponent's spirit to its owner's reserve.")
    game = game_at("{life: 5, reserve: 5, hand: [SG1-081], field: [SG1-220]}", "{life: 5, reserve: 3}")
    hoarder = first(game, 0, "SG1-220")
    game.apply(UseMagic(0, first(game, 0, "SG1-081", "hand")))  # Radiant Insight: draw 2, discard 1
    settle(game)
    assert game.bp(hoarder) == 5000
    game = game_at("{life: 5, reserve: 3, hand: [SG1-140], field: [{card: SG1-220, cores: 3}, SG1-003]}",
                   "{life: 5, reserve: 3, field: [SG1-064, {card: SG1-009, cores: 3}]}")
    flarecrest = first(game, 0, "SG1-003")
    chick, cindermaw = game.state.players[1].field
    game.apply(UseMagic(0, first(game, 0, "SG1-140", "hand")))  # Shared Grave
    while game.pending is not None and game.pending.kind == "choose":
        i = info(game)
        if i.get("kind") == "target":
            answer(game, [flarecrest] if flarecrest in i["options"] else [chick] if chick in i["options"] else
                   [cindermaw])
        else:
            answer(game, i["options"][0])
    settle(game)
    assert zone(game, flarecrest) == "trash" and zone(game, chick) == "trash"
    assert game.state.cards[cindermaw].cores == 2


@pytest.mark.parametrize("target, cores, exhausted", [("attacker", 2, True), ("other", 3, True)])
def test_rootsnare_verdict_takes_a_core_from_an_exhausted_spirit_or_exhausts_a_refreshed_one(target, cores, exhausted):
    assert text("SG1-221") == ("Flash: Select 1 opponent's spirit. If it is an exhausted card, send 1 core from it to "
                               "its owner's reserve. If it is not an exhausted card, exhaust it.")
    game = game_at("{life: 5, reserve: 5, hand: [SG1-221]}",
                   "{life: 5, reserve: 3, field: [{card: SG1-009, cores: 3}, {card: SG1-012, cores: 3}]}",
                   turn_player=1, step="attack")
    cindermaw, wyvern = game.state.players[1].field
    game.apply(Attack(1, cindermaw))
    while game.pending.kind == "flash" and game.pending.player == 1:
        game.apply(Pass(1))
    game.apply(UseMagic(0, first(game, 0, "SG1-221", "hand")))
    chosen = cindermaw if target == "attacker" else wyvern
    answer(game, [chosen])
    c = game.state.cards[chosen]
    assert c.cores == cores and c.exhausted is exhausted


def test_voidgrasp_harrier_answers_the_opponents_void_cores_and_at_lv2_their_life():
    assert text("SG1-222") == ("(When your opponent's effect puts cores from the void on their spirit or in their "
                               "reserve) Send 1 core from 1 opponent's spirit of their choice to its owner's reserve.\n"
                               "[LV2] (When a core is put into your opponent's life) Send 1 core from your opponent's "
                               "life to their reserve.")
    game = game_at("{life: 5, reserve: 3, field: [{card: SG1-222, cores: 3}]}",
                   "{life: 3, reserve: 6, hand: [SG1-102, SG1-082], field: [SG1-003]}", turn_player=1)
    flarecrest = first(game, 1, "SG1-003")
    game.apply(UseMagic(1, first(game, 1, "SG1-102", "hand")))  # Overgrowth: 2 cores from the void on Flarecrest
    settle(game)
    assert game.state.cards[flarecrest].cores == 1 + 2 - 1
    game.apply(UseMagic(1, first(game, 1, "SG1-082", "hand")))  # Mending Light: a core into their life
    settle(game)
    assert game.state.players[1].life == 3


def test_voidgrasp_harrier_at_lv1_lets_the_life_stay():
    game = game_at("{life: 5, reserve: 3, field: [SG1-222]}", "{life: 3, reserve: 6, hand: [SG1-082]}",
                   turn_player=1)
    game.apply(UseMagic(1, first(game, 1, "SG1-082", "hand")))
    settle(game)
    assert game.state.players[1].life == 4


@pytest.mark.parametrize("cores, life", [(3, 3), (0, 4)])
def test_scorched_tithe_beacon_gains_a_core_for_the_opponents_void_cores_and_at_lv2_burns_their_life(cores, life):
    assert text("SG1-223") == ("(When your opponent's effect puts cores from the void on their spirit or in their "
                               "reserve) Put 1 core from the void into your reserve.\n[LV2] (When a core is put into "
                               "your opponent's life) Send 1 core from your opponent's life to their reserve.")
    game = game_at(f"{{life: 5, reserve: 3, field: [{{card: SG1-223, cores: {cores}}}]}}",
                   "{life: 3, reserve: 6, hand: [SG1-102, SG1-082], field: [SG1-003]}", turn_player=1)
    game.apply(UseMagic(1, first(game, 1, "SG1-102", "hand")))
    settle(game)
    assert game.state.players[0].reserve == 4
    game.apply(UseMagic(1, first(game, 1, "SG1-082", "hand")))
    settle(game)
    assert game.state.players[1].life == life


def test_scorched_tithe_beacon_not_for_your_own_void_cores():
    game = game_at("{life: 5, reserve: 3, hand: [SG1-102], field: [SG1-223, SG1-003]}", "{life: 5, reserve: 3}")
    game.apply(UseMagic(0, first(game, 0, "SG1-102", "hand")))  # Overgrowth, 2 cost: reserve 3 - 2
    settle(game)
    assert game.state.players[0].reserve == 1


@pytest.mark.parametrize("blocked", [True, False])
def test_cinderfuse_berserker_must_attack_hits_hard_and_burns_out_when_the_battle_ends(blocked):
    assert text("SG1-224") == ("Constant: This spirit must attack if able.\n(When Attacks) This spirit gets +3000 BP "
                               "this turn. When this battle ends, destroy this spirit.")
    game = game_at("{life: 5, reserve: 3, field: [SG1-224]}", "{life: 5, reserve: 3, field: [SG1-005]}",
                   step="attack")
    berserker, ashwing = first(game, 0, "SG1-224"), first(game, 1, "SG1-005")
    assert not any(isinstance(c, EndAttack) for c in game.legal_commands())
    game.apply(Attack(0, berserker))
    settle(game)
    assert game.bp(berserker) == 5000 and zone(game, berserker) == "field"
    game.apply(Block(1, ashwing if blocked else None))
    settle(game)
    assert zone(game, ashwing) == ("trash" if blocked else "field")
    assert game.state.players[1].life == (5 if blocked else 4)
    assert zone(game, berserker) == "trash"


def test_quickening_hymn_draws_and_makes_the_next_yellow_magic_card_cheaper():
    assert text("SG1-225") == ("Main/Flash: Draw 1 card. The next Yellow magic card you use from your hand this turn "
                               "costs 1 less.")
    game = game_at("{life: 5, reserve: 5, hand: [SG1-225, SG1-082, SG1-083, SG1-039]}", "{life: 5, reserve: 3}")
    hymn, mending, verdict, drain = game.state.players[0].hand
    game.apply(UseMagic(0, hymn))
    settle(game)
    assert len(game.state.players[0].hand) == 4  # three, and the card drawn
    assert game.cost_of(mending) == 2 and game.cost_of(verdict) == 3 and game.cost_of(drain) == 2
    game.apply(UseMagic(0, mending))  # spends it
    settle(game)
    assert game.cost_of(verdict) == 4


# ---------------------------------------------------------------- SG1-226 … SG1-232: 【Link】


def link_attack(game, attacker: int, linker: int | None):
    """Player 0 attacks; the link choices (【Link】's own and the directive `link`) take `linker`; the rest settles."""
    game.apply(Attack(0, attacker))
    while game.pending is not None and game.pending.kind == "choose":
        i = info(game)
        if i.get("kind") == "target" and linker in i["options"]:
            answer(game, [linker])
        elif i.get("kind") == "target" and i.get("min", 0) == 0:
            answer(game, [])
        elif i.get("kind") == "may":
            answer(game, False)
        else:
            answer(game, i["options"][:1] if i.get("kind") == "target" else i["options"][0])


@pytest.mark.parametrize("attacker, linked", [("SG1-005", True), ("SG1-003", False)])
def test_ruling_link_skyrein_outrider_links_with_an_attacker_of_cost_3_or_more_and_draws(attacker, linked):
    assert text("SG1-226") == "【Link: 3】\n(When This Spirit Links) Draw 1 card."
    game = game_at(f"{{life: 5, reserve: 3, field: [{attacker}, SG1-226]}}", "{life: 5, reserve: 3}", step="attack")
    striker, outrider = game.state.players[0].field
    link_attack(game, striker, outrider)
    assert (game.state.battle.link == outrider) is linked
    assert game.state.cards[outrider].exhausted is linked and len(game.state.players[0].hand) == int(linked)
    assert game.bp(striker) == (3000 + 2000 if linked else 2000)


@pytest.mark.parametrize("attacker, linked", [("SG1-097", True), ("SG1-005", False)])
def test_ruling_link_twinfang_stalker_links_with_a_beast_and_gains_a_core(attacker, linked):
    assert text("SG1-227") == "【Link: Beast】\n(When This Spirit Links) Put 1 core from the void on this spirit."
    game = game_at(f"{{life: 5, reserve: 3, field: [{attacker}, SG1-227]}}", "{life: 5, reserve: 3}", step="attack")
    striker, stalker = game.state.players[0].field
    link_attack(game, striker, stalker)
    assert (game.state.battle.link == stalker) is linked
    assert game.state.cards[stalker].cores == (2 if linked else 1)


def test_ruling_link_sigilbound_warden_is_2000_bp_stronger_while_linked_and_lends_it_to_the_attacker():
    assert text("SG1-228") == "【Link: 4】\nConstant: while this spirit is linked, this spirit gets +2000 BP."
    game = game_at("{life: 5, reserve: 3, field: [SG1-012, SG1-228]}", "{life: 5, reserve: 3}", step="attack")
    wyvern, warden = game.state.players[0].field
    assert game.bp(warden) == 3000
    link_attack(game, wyvern, warden)
    assert game.bp(warden) == 5000 and game.bp(wyvern) == 4000 + 5000


@pytest.mark.parametrize("cores, linked", [(3, True), (1, False)])
def test_ruling_link_8_twinflame_vanguard_at_lv2_links_any_link_spirit_and_burns_when_linked(cores, linked):
    assert text("SG1-229") == ("[LV2] (When Attacks) Link up to 1 of your spirits with 【Link】 to this spirit, "
                               "ignoring its 【Link】 condition.\n(When This Spirit Is Linked) Destroy 1 opponent's "
                               "spirit with 3000 BP or less.")
    game = game_at(f"{{life: 5, reserve: 3, field: [{{card: SG1-229, cores: {cores}}}, SG1-227]}}",
                   "{life: 5, reserve: 3, field: [SG1-005]}", step="attack")
    vanguard, stalker = game.state.players[0].field  # the Stalker links with Beasts only
    ashwing = first(game, 1, "SG1-005")
    link_attack(game, vanguard, stalker)
    assert (game.state.battle.link == stalker) is linked
    assert zone(game, ashwing) == ("trash" if linked else "field")


def test_ruling_link_7_concordance_spire_at_lv2_draws_when_one_of_your_spirits_is_linked():
    assert text("SG1-230") == "[LV2] (When one of your spirits is linked) Draw 1 card."
    for cores, cards in ((2, 2), (0, 1)):
        game = game_at(f"{{life: 5, reserve: 3, field: [SG1-005, SG1-226, {{card: SG1-230, cores: {cores}}}]}}",
                       "{life: 5, reserve: 3}", step="attack")
        ashwing, outrider = game.state.players[0].field[:2]
        link_attack(game, ashwing, outrider)
        assert len(game.state.players[0].hand) == cards  # the Outrider's card, and the Spire's at LV2


def test_ruling_link_8_tidelinked_captain_links_a_beast_linker_and_mills_when_linked():
    assert text("SG1-231") == ("(When Attacks) Link up to 1 of your spirits with 【Link】 to this spirit, ignoring its "
                               "【Link】 condition.\n(When This Spirit Is Linked) Discard 2 cards from the top of your "
                               "opponent's deck.")
    game = game_at("{life: 5, reserve: 3, field: [SG1-231, SG1-227]}", "{life: 5, reserve: 3}", step="attack")
    captain, stalker = game.state.players[0].field
    deck = len(game.state.players[1].deck)
    link_attack(game, captain, stalker)
    assert game.state.battle.link == stalker and len(game.state.players[1].deck) == deck - 2
    assert game.bp(captain) == 4000 + 3000
    game = game_at("{life: 5, reserve: 3, field: [SG1-231, SG1-227]}", "{life: 5, reserve: 3}", step="attack")
    captain, stalker = game.state.players[0].field
    link_attack(game, captain, None)  # declined: not linked, nothing milled
    assert game.state.battle.link is None and len(game.state.players[1].deck) == deck


@pytest.mark.parametrize("attacker, charged", [("SG1-097", True), ("SG1-231", False)])
def test_ruling_link_7_packbond_alpha_puts_a_core_on_your_linked_beasts(attacker, charged):
    assert text("SG1-232") == "(When one of your Beast spirits is linked) Put 1 core from the void on that spirit."
    game = game_at(f"{{life: 5, reserve: 3, field: [{attacker}, SG1-227, SG1-232]}}", "{life: 5, reserve: 3}",
                   step="attack")
    striker, stalker = game.state.players[0].field[:2]
    link_attack(game, striker, stalker)
    assert game.state.battle.link == stalker
    assert game.state.cards[striker].cores == (2 if charged else 1)


# ---------------------------------------------------------------- SG1-238 … SG1-252: reactions and the new costs


def attack_alone(game, attacker: int) -> None:
    """Player 0 attacks with `attacker`, nobody blocks; every question settles with its first option."""
    game.apply(Attack(0, attacker))
    settle(game)
    if game.pending is not None and game.pending.kind == "block":
        game.apply(Block(1, None))
    settle(game)


def test_hearthbond_drake_takes_a_dragons_cores_to_stand_up_and_grows_once_per_turn():
    assert text("SG1-238") == ("〔Once per turn〕 (When a core is placed onto this card) This spirit gets +2000 BP this "
                               "turn.\nFlash: You may move all cores from 1 of your Dragon spirits onto this spirit to "
                               "refresh this spirit.")
    game = game_at("{life: 5, reserve: 3, field: [{card: SG1-238, exhausted: true}, {card: SG1-003, cores: 2}, "
                   "SG1-002]}", "{life: 5, reserve: 3}", step="attack")
    drake, flarecrest, squire = game.state.players[0].field
    game.apply(Attack(0, squire))
    game.apply(Pass(1))
    game.apply(Activate(0, drake, 1))  # the Flarecrest's 2 cores: LV2, and +2000 BP for the cores placed
    settle(game)
    st = game.state
    assert zone(game, flarecrest) == "trash" and st.cards[drake].cores == 3 and not st.cards[drake].exhausted
    assert game.bp(drake) == 5000 + 2000


def test_hearthbond_drake_cannot_pay_with_a_spirit_that_is_no_dragon():
    game = game_at("{life: 5, reserve: 3, field: [{card: SG1-238, exhausted: true}, {card: SG1-002, cores: 2}, "
                   "SG1-045]}", "{life: 5, reserve: 3}", step="attack")
    drake, squire, guard = game.state.players[0].field
    game.apply(Attack(0, guard))
    game.apply(Pass(1))
    before = game.state_hash()
    with pytest.raises(IllegalCommand):
        game.apply(Activate(0, drake, 1))
    assert game.state_hash() == before and game.state.cards[drake].exhausted


def test_emberwake_marshal_charges_a_dragon_after_its_battle_once_per_turn():
    assert text("SG1-239") == ("〔Once per turn〕 (When a battle with one of your Dragon spirits ends) Put 1 core from "
                               "the void on that spirit.\n(When your 【Awaken】 leaves one of your spirits without "
                               "cores) Draw 1 card.")
    game = game_at("{life: 5, reserve: 3, field: [SG1-239, SG1-001, SG1-003]}", "{life: 5, reserve: 3}",
                   step="attack")
    marshal, hatchling, flarecrest = game.state.players[0].field
    attack_alone(game, marshal)  # a Blazeguard's battle: nothing
    assert game.state.cards[marshal].cores == 1
    attack_alone(game, hatchling)
    assert game.state.cards[hatchling].cores == 2
    attack_alone(game, flarecrest)  # the second Dragon battle of the turn: nothing
    assert game.state.cards[flarecrest].cores == 1


@pytest.mark.parametrize("emptied", [True, False])
def test_emberwake_marshal_draws_when_awaken_empties_one_of_your_spirits(emptied):
    from bss_desktop.engine.commands import Awaken
    game = game_at("{life: 5, reserve: 3, field: [SG1-239, {card: SG1-010, cores: 1}, {card: SG1-001, cores: 1}, "
                   "{card: SG1-002, cores: 2}]}", "{life: 5, reserve: 3}", step="attack")
    marshal, golem, hatchling, squire = game.state.players[0].field
    game.apply(Attack(0, marshal))
    game.apply(Pass(1))
    game.apply(Awaken(0, golem, ((hatchling if emptied else squire, 1),)))  # the Hatchling's last core, or not
    settle(game)
    assert zone(game, hatchling if emptied else squire) == ("trash" if emptied else "field")
    assert len(game.state.players[0].hand) == int(emptied)


def settle_picking(game, iid: int) -> None:
    """Settle, taking card `iid` whenever a target choice offers it."""
    while game.pending is not None and game.pending.kind == "choose":
        i = info(game)
        if i.get("kind") == "target" and iid in i["options"]:
            answer(game, [iid])
        else:
            settle_one(game)
    settle(game)


def settle_one(game) -> None:
    i = info(game)
    answer(game, False if i.get("kind") == "may" else
           list(i["options"][:i.get("min", 0) or 1]) if i.get("kind") == "target" else i["options"][0])


def test_grovemaw_bison_eats_a_beasts_cores_to_exhaust_and_gains_a_core_for_it():
    assert text("SG1-240") == ("Main: You may move all cores from 1 of your Beast spirits onto this spirit to exhaust "
                               "1 opponent's spirit.\n〔Once per turn〕 (When one of your effects exhausts one of your "
                               "opponent's spirits) Put 1 core from the void on this spirit.")
    game = game_at("{life: 5, reserve: 5, hand: [SG1-089], field: [SG1-240, {card: SG1-085, cores: 2}]}",
                   "{life: 5, reserve: 3, field: [SG1-005, SG1-003]}")
    bison, runner = game.state.players[0].field
    ashwing, flarecrest = game.state.players[1].field
    game.apply(Activate(0, bison, 0))
    answer(game, [ashwing])
    settle(game)
    assert game.state.cards[ashwing].exhausted and zone(game, runner) == "trash"
    assert game.state.cards[bison].cores == 1 + 2 + 1  # its own, the Runner's, and one for the exhaustion
    game.apply(Summon(0, first(game, 0, "SG1-089", "hand")))  # Vinecoil Mantis: another exhaustion, same turn
    settle_picking(game, flarecrest)
    assert game.state.cards[flarecrest].exhausted and game.state.cards[bison].cores == 4  # once per turn


def test_grovemaw_bison_cannot_pay_without_another_beast():
    game = game_at("{life: 5, reserve: 3, field: [SG1-240, {card: SG1-086, cores: 2}]}",
                   "{life: 5, reserve: 3, field: [SG1-005]}")
    bison = game.state.players[0].field[0]
    with pytest.raises(IllegalCommand):  # the Thicket Beetle is a Carapace
        game.apply(Activate(0, bison, 0))


@pytest.mark.parametrize("blocked", [True, False])
def test_squallhoof_stag_gale_puts_a_core_on_it_and_the_core_gives_1000_bp(blocked):
    assert text("SG1-241") == ("【Gale: 1】\n(When one of your opponent's spirits is exhausted by 【Gale】) Put 1 core "
                               "from the void on this spirit.\n〔Once per turn〕 (When a core is placed onto this "
                               "card) This spirit gets +1000 BP this turn.")
    game = game_at("{life: 5, reserve: 3, field: [SG1-241]}", "{life: 5, reserve: 3, field: [SG1-001, SG1-064]}",
                   step="attack")
    stag = game.state.players[0].field[0]
    hatchling, chick = game.state.players[1].field
    game.apply(Attack(0, stag))
    settle(game)
    game.apply(Block(1, hatchling if blocked else None))  # 【Gale: 1】: the blocking player exhausts another spirit
    settle(game)
    assert game.state.cards[chick].exhausted is blocked
    assert game.state.cards[stag].cores == (2 if blocked else 1)
    assert game.bp(stag) == (3000 if blocked else 2000)


@pytest.mark.parametrize("cores, drawn", [(2, 1), (0, 0)])
def test_windbreak_hollow_gains_a_core_for_gale_and_at_lv2_draws_for_your_exhausting_effect(cores, drawn):
    assert text("SG1-242") == ("(When one of your opponent's spirits is exhausted by 【Gale】) Put 1 core from the "
                               "void into your reserve.\n[LV2] 〔Once per turn〕 (When one of your effects exhausts "
                               "one of your opponent's spirits) Draw 1 card.")
    game = game_at(f"{{life: 5, reserve: 3, field: [{{card: SG1-242, cores: {cores}}}, SG1-086]}}",
                   "{life: 5, reserve: 3, field: [SG1-001, SG1-064]}", step="attack")
    beetle = game.state.players[0].field[1]
    hatchling, chick = game.state.players[1].field
    game.apply(Attack(0, beetle))
    settle(game)
    game.apply(Block(1, hatchling))
    settle(game)
    assert game.state.cards[chick].exhausted
    # one core for 【Gale】, and the Beetle's own core as the tie destroys it
    assert game.state.players[0].reserve == 3 + 1 + 1 and len(game.state.players[0].hand) == drawn


def test_windbreak_hollow_not_for_an_exhaustion_that_is_no_gale():
    game = game_at("{life: 5, reserve: 5, hand: [SG1-089], field: [SG1-242]}",
                   "{life: 5, reserve: 3, field: [SG1-001]}")
    mantis = first(game, 0, "SG1-089", "hand")
    reserve = game.state.players[0].reserve - game.cost_of(mantis) - 1  # its cost, and its LV1 core
    game.apply(Summon(0, mantis))  # Vinecoil Mantis exhausts: your effect, no 【Gale】; LV1: no card
    settle(game)
    assert game.state.cards[first(game, 1, "SG1-001")].exhausted
    assert game.state.players[0].reserve == reserve and len(game.state.players[0].hand) == 0


@pytest.mark.parametrize("top, gained", [("SG1-039", 1), ("SG1-001", 0)])
def test_tidewrack_vault_gains_a_core_when_a_magic_card_leaves_the_opponents_deck(top, gained):
    assert text("SG1-243") == ("(When a magic card is discarded from your opponent's deck) Put 1 core from the void "
                               "into your reserve.\n[LV2] (When a spirit is discarded by your 【Crush】) Draw 1 card.")
    game = game_at("{life: 5, reserve: 3, field: [SG1-243, {card: SG1-106, cores: 1}]}",
                   f"{{life: 5, reserve: 3, deck: [{top}, SG1-001, SG1-001, SG1-001]}}", step="attack")
    scout = game.state.players[0].field[1]
    attack_alone(game, scout)  # Brinefin Scout: 2 cards from the top of the opponent's deck
    assert game.state.players[0].reserve == 3 + gained


@pytest.mark.parametrize("cores, drawn", [(2, 1), (0, 0)])
def test_tidewrack_vault_at_lv2_draws_when_your_crush_discards_a_spirit_card(cores, drawn):
    game = game_at(f"{{life: 5, reserve: 3, field: [{{card: SG1-243, cores: {cores}}}, SG1-110]}}",
                   "{life: 5, reserve: 3, deck: [SG1-001, SG1-001, SG1-001, SG1-001]}", step="attack")
    attack_alone(game, game.state.players[0].field[1])  # Saltspray Marauder's 【Crush】
    assert len(game.state.players[1].trash) >= 3 and len(game.state.players[0].hand) == drawn


@pytest.mark.parametrize("top, drawn", [("SG1-039", 1), ("SG1-001", 0)])
def test_riptide_grinder_crush_draws_for_a_magic_card_and_pumps_the_leviathan(top, drawn):
    assert text("SG1-244") == ("【Crush: +1】\n(When a magic card is discarded by your 【Crush】) Draw 1 card.\n(When an "
                               "effect of one of your Leviathan spirits discards a card from your opponent's deck) "
                               "That spirit gets +2000 BP this turn.")
    game = game_at("{life: 5, reserve: 3, field: [SG1-244]}",
                   f"{{life: 5, reserve: 3, deck: [{top}, SG1-001, SG1-001, SG1-001]}}", step="attack")
    grinder = game.state.players[0].field[0]
    game.apply(Attack(0, grinder))  # 【Crush: +1】 at LV1: the top 2 cards
    settle(game)
    assert len(game.state.players[1].trash) == 2
    assert len(game.state.players[0].hand) == drawn and game.bp(grinder) == 4000 + 2000


def test_riptide_grinder_not_for_a_magic_cards_discard():
    game = game_at("{life: 5, reserve: 6, hand: [SG1-124], field: [SG1-244]}",
                   "{life: 5, reserve: 3, deck: [SG1-039, SG1-039, SG1-001, SG1-001, SG1-001, SG1-001, SG1-001]}")
    grinder = game.state.players[0].field[0]
    game.apply(UseMagic(0, first(game, 0, "SG1-124", "hand")))  # Crushing Tide: not a Leviathan's effect
    settle(game)
    assert len(game.state.players[1].trash) == 6 and game.bp(grinder) == 4000
    assert len(game.state.players[0].hand) == 1  # Crushing Tide's own draw; no 【Crush】 discarded them


@pytest.mark.parametrize("cores, bp", [(3, 5000), (1, 1000)])
def test_undertow_chronicler_draws_once_for_your_spirits_discards_and_grows_at_lv2(cores, bp):
    assert text("SG1-245") == ("〔Once per turn〕 (When an effect of one of your spirits discards a card from your "
                               "opponent's deck) Draw 1 card.\n[LV2] (When a card is discarded from your opponent's "
                               "deck) This spirit gets +2000 BP this turn.")
    game = game_at(f"{{life: 5, reserve: 3, field: [{{card: SG1-245, cores: {cores}}}, SG1-106, SG1-001]}}",
                   "{life: 5, reserve: 3}", step="attack")
    chronicler, scout, hatchling = game.state.players[0].field
    attack_alone(game, scout)  # the Scout's effect discards 2
    assert len(game.state.players[0].hand) == 1 and game.bp(chronicler) == bp + (0 if cores == 1 else 0)


def test_undertow_chronicler_a_magic_cards_discard_is_no_spirits_effect():
    game = game_at("{life: 5, reserve: 6, hand: [SG1-124], field: [{card: SG1-245, cores: 3}]}",
                   "{life: 5, reserve: 3}")
    chronicler = game.state.players[0].field[0]
    game.apply(UseMagic(0, first(game, 0, "SG1-124", "hand")))
    settle(game)
    assert len(game.state.players[0].hand) == 1  # Crushing Tide's own draw only
    assert game.bp(chronicler) == 3000 + 2000  # any effect's discard counts for its LV2 effect


def test_gravewhisper_tome_strips_a_core_and_draws():
    assert text("SG1-246") == ("Main/Flash: Send 1 core from 1 opponent's spirit to its owner's reserve. Draw 1 card."
                               "\n(When this card is discarded from your deck by your opponent's effect) Return this "
                               "card from your trash to your hand.")
    game = game_at("{life: 5, reserve: 4, hand: [SG1-246]}", "{life: 5, reserve: 3, field: [{card: SG1-005, cores: 3}]}")
    ashwing = first(game, 1, "SG1-005")
    game.apply(UseMagic(0, first(game, 0, "SG1-246", "hand")))
    settle(game)
    assert game.state.cards[ashwing].cores == 2 and len(game.state.players[0].hand) == 1


@pytest.mark.parametrize("by_opponent", [True, False])
def test_gravewhisper_tome_returns_to_the_hand_when_the_opponent_discards_it_from_your_deck(by_opponent):
    deck = "deck: [SG1-001, SG1-246, SG1-001, SG1-001, SG1-001]"
    if by_opponent:  # the opponent's Kelpbound Diver discards 3 from the top of your deck
        game = game_at(f"{{life: 5, reserve: 3, {deck}}}", "{life: 5, reserve: 5, hand: [SG1-109]}", turn_player=1)
        game.apply(Summon(1, first(game, 1, "SG1-109", "hand")))
        while game.pending is not None and game.pending.kind == "choose":
            answer(game, True if info(game).get("kind") == "may" else info(game)["options"][0])
    else:  # your own Marrowdig Ghoul pays 2 cards of your deck
        game = game_at(f"{{life: 5, reserve: 3, field: [SG1-248], {deck}}}", "{life: 5, reserve: 3}", step="attack")
        game.apply(Attack(0, game.state.players[0].field[0]))
        answer(game, True)
    settle(game)
    tome = next(i for i, c in game.state.cards.items() if c.cid == "SG1-246")
    assert zone(game, tome) == ("hand" if by_opponent else "trash")


def test_barrowdeep_warden_pays_back_a_core_and_recovers_a_revenant_after_a_big_discard():
    assert text("SG1-247") == ("(When this card is discarded from your deck by your opponent's effect) Put 1 core from "
                               "the void into your reserve.\n(When your opponent's effect discards 3 or more cards from "
                               "your deck) Return up to 1 Revenant card from your trash to your hand.")
    game = game_at("{life: 5, reserve: 3, field: [SG1-247], deck: [SG1-001, SG1-247, SG1-026, SG1-001, SG1-001]}",
                   "{life: 5, reserve: 5, hand: [SG1-109]}", turn_player=1)
    game.apply(Summon(1, first(game, 1, "SG1-109", "hand")))
    hound = first(game, 0, "SG1-026", "deck")
    while game.pending is not None and game.pending.kind == "choose":
        i = info(game)
        if i.get("kind") == "may":
            answer(game, True)
        elif i.get("kind") == "target" and hound in i["options"]:
            answer(game, [hound])
        else:
            settle_one(game)
    settle(game)
    assert game.state.players[0].reserve == 3 + 1  # the Warden discarded from the deck
    assert cids(game, game.state.players[0].hand) == ["SG1-026"]


def test_barrowdeep_warden_not_for_a_discard_of_2():
    game = game_at("{life: 5, reserve: 3, field: [SG1-247], deck: [SG1-026, SG1-247, SG1-001]}",
                   "{life: 5, reserve: 3, field: [SG1-106]}", turn_player=1, step="attack")
    game.apply(Attack(1, game.state.players[1].field[0]))  # Brinefin Scout: 2 cards
    settle(game)
    assert len(game.state.players[0].trash) == 2
    assert game.state.players[0].hand == [] and game.state.players[0].reserve == 3 + 1  # the milled Warden's core


def test_marrowdig_ghoul_pays_2_cards_of_your_deck_to_hit_harder_and_feeds_on_the_first_spirit_card():
    assert text("SG1-248") == ("(When Attacks) You may discard 2 cards from the top of your deck to have this spirit "
                               "get +2000 BP this turn.\n(The first time each turn) (When a spirit card is placed into "
                               "your trash) Put 1 core from the void on this spirit.")
    game = game_at("{life: 5, reserve: 3, field: [SG1-248, SG1-064], deck: [SG1-039, SG1-001, SG1-003, SG1-001]}",
                   "{life: 5, reserve: 3, field: [SG1-005]}", step="attack")
    ghoul, chick = game.state.players[0].field
    game.apply(Attack(0, ghoul))
    answer(game, True)  # a magic card and a spirit card: the first spirit card of the turn
    settle(game)
    assert cids(game, game.state.players[0].trash) == ["SG1-039", "SG1-001"]
    assert game.state.cards[ghoul].cores == 2 and game.bp(ghoul) == 4000
    ashwing = game.state.players[1].field[0]
    game.apply(Block(1, None))
    settle(game)
    game.apply(Attack(0, chick))
    settle(game)
    game.apply(Block(1, ashwing))  # the Chick loses: the turn's second spirit card into your trash
    settle(game)
    assert zone(game, chick) == "trash" and game.state.cards[ghoul].cores == 2


def test_marrowdig_ghoul_declined_or_unpayable_changes_nothing():
    game = game_at("{life: 5, reserve: 3, field: [SG1-248], deck: [SG1-001]}", "{life: 5, reserve: 3}",
                   step="attack")
    ghoul = game.state.players[0].field[0]
    game.apply(Attack(0, ghoul))  # one card in the deck: the cost of 2 cannot be paid, nothing is asked
    settle(game)
    assert game.bp(ghoul) == 2000 and len(game.state.players[0].deck) == 1


@pytest.mark.parametrize("cores, reserve", [(2, 4), (0, 3)])
def test_cryptwell_ossuary_draws_after_a_discard_of_3_and_at_lv2_gains_a_core_for_the_first_spirit_card(cores,
                                                                                                       reserve):
    assert text("SG1-249") == ("(When your opponent's effect discards 3 or more cards from your deck) Draw 1 card. "
                               "If the number of cards in your hand is fewer than the number of cards in your "
                               "opponent's hand, draw 1 card.\n[LV2] (The first time each turn) (When a spirit card "
                               "is placed into your trash) Put 1 core from the void into your reserve.")
    game = game_at(f"{{life: 5, reserve: 3, field: [{{card: SG1-249, cores: {cores}}}]}}",
                   "{life: 5, reserve: 5, hand: [SG1-109]}", turn_player=1)
    game.apply(Summon(1, first(game, 1, "SG1-109", "hand")))
    while game.pending is not None and game.pending.kind == "choose":
        answer(game, True if info(game).get("kind") == "may" else info(game)["options"][0])
    settle(game)
    assert len(game.state.players[0].trash) == 3
    assert len(game.state.players[0].hand) == 1 and game.state.players[0].reserve == reserve


@pytest.mark.parametrize("theirs, drawn", [(3, 2), (1, 1)])
def test_ruling_c7_cryptwell_ossuary_draws_one_more_while_your_hand_is_smaller_than_theirs(theirs, drawn):
    extra = ", SG1-001" * theirs
    game = game_at("{life: 5, reserve: 3, field: [SG1-249]}", f"{{life: 5, reserve: 5, hand: [SG1-109{extra}]}}",
                   turn_player=1)
    game.apply(Summon(1, first(game, 1, "SG1-109", "hand")))
    while game.pending is not None and game.pending.kind == "choose":
        answer(game, True if info(game).get("kind") == "may" else info(game)["options"][0])
    settle(game)
    # after the first card: 1 against 3 is fewer, 1 against 1 is not (strictly fewer, ruling C-7)
    assert len(game.state.players[1].hand) == theirs and len(game.state.players[0].hand) == drawn


def test_cryptwell_ossuary_not_for_a_discard_of_2():
    game = game_at("{life: 5, reserve: 3, field: [SG1-249]}", "{life: 5, reserve: 3, field: [SG1-106]}",
                   turn_player=1, step="attack")
    game.apply(Attack(1, game.state.players[1].field[0]))
    settle(game)
    assert len(game.state.players[0].trash) == 2 and game.state.players[0].hand == []


@pytest.mark.parametrize("soul, bp", [(True, 6000), (False, 3000)])
def test_haloforge_seraph_pays_its_soul_core_for_3000_bp(soul, bp):
    assert text("SG1-250") == ("(When your 【Awaken】 leaves one of your spirits without cores) Put 1 core from the void "
                               "into your reserve.\n(When Attacks) You may send the soul core on this spirit to your "
                               "trash to have this spirit get +3000 BP this turn.")
    where = "field" if soul else "reserve"
    game = game_at(f"{{life: 5, reserve: 2, soul_core: {where}, "
                   f"field: [{{card: SG1-250, cores: 1, soul_core: {str(soul).lower()}}}]}}",
                   "{life: 5, reserve: 3}", step="attack")
    seraph = game.state.players[0].field[0]
    game.apply(Attack(0, seraph))
    if soul:
        assert info(game).get("kind") == "may"
        answer(game, True)
    settle(game)
    assert game.bp(seraph) == bp and game.state.players[0].soul == ("trash" if soul else "reserve")
    assert zone(game, seraph) == "field"


def test_haloforge_seraph_gains_a_core_when_awaken_empties_a_spirit():
    from bss_desktop.engine.commands import Awaken
    game = game_at("{life: 5, reserve: 3, field: [SG1-250, {card: SG1-072, cores: 1}, {card: SG1-064, cores: 1}]}",
                   "{life: 5, reserve: 3}", step="attack")
    seraph, templar, chick = game.state.players[0].field
    game.apply(Attack(0, seraph))
    settle_until_flash(game, 0)
    game.apply(Awaken(0, templar, ((chick, 1),)))
    settle(game)
    assert zone(game, chick) == "trash" and game.state.players[0].reserve == 3 + 1


def settle_until_flash(game, player: int) -> None:
    """Answer questions ("you may": no) and pass the other player's flash windows until `player`'s window."""
    while game.pending is not None and game.pending.kind in ("choose", "flash"):
        if game.pending.kind == "flash":
            if game.pending.player == player:
                return
            game.apply(Pass(game.pending.player))
        else:
            settle_one(game)


@pytest.mark.parametrize("pay", [True, False])
def test_frostvow_paladin_pays_your_soul_core_to_refresh_a_white_spirit_after_its_battle(pay):
    assert text("SG1-251") == ("〔Once per turn〕 (When a battle with one of your White spirits ends) You may send your "
                               "soul core from your reserve or your field to your trash to refresh that spirit.\n"
                               "〔Once per turn〕 (When a core is placed into your reserve) If it is your opponent's "
                               "turn, refresh this spirit.")
    game = game_at("{life: 5, reserve: 2, soul_core: reserve, field: [SG1-251, SG1-045]}", "{life: 5, reserve: 3}",
                   step="attack")
    guard = game.state.players[0].field[1]
    game.apply(Attack(0, guard))
    settle(game)
    game.apply(Block(1, None))
    while game.pending is not None and game.pending.kind in ("choose", "flash"):
        if game.pending.kind == "choose" and info(game).get("kind") == "may":
            answer(game, pay)
        else:
            settle_one(game) if game.pending.kind == "choose" else game.apply(Pass(game.pending.player))
    assert game.state.cards[guard].exhausted is not pay
    assert game.state.players[0].soul == ("trash" if pay else "reserve")


def test_frostvow_paladin_stands_up_when_your_life_cores_reach_your_reserve_in_the_opponents_turn():
    game = game_at("{life: 5, reserve: 3, field: [{card: SG1-251, exhausted: true}]}",
                   "{life: 5, reserve: 3, field: [SG1-001]}", turn_player=1, step="attack")
    paladin = game.state.players[0].field[0]
    game.apply(Attack(1, game.state.players[1].field[0]))
    settle(game)
    game.apply(Block(0, None))  # the life's core goes to the reserve
    settle(game)
    assert game.state.players[0].life == 4 and not game.state.cards[paladin].exhausted


def test_frostvow_paladin_does_not_stand_up_in_your_own_turn():
    from bss_desktop.engine.commands import CoreMove, MoveCores
    game = game_at("{life: 5, reserve: 3, field: [{card: SG1-251, exhausted: true}, {card: SG1-045, cores: 2}]}",
                   "{life: 5, reserve: 3}")
    paladin, guard = game.state.players[0].field
    game.apply(MoveCores(0, (CoreMove(guard, "reserve"),)))
    assert game.state.players[0].reserve == 4 and game.state.cards[paladin].exhausted


@pytest.mark.parametrize("nexus", [True, False])
def test_sunreturn_herald_returns_a_nexus_under_your_deck_to_draw_2(nexus):
    assert text("SG1-252") == ("(When Summoned) You may put 1 of your nexuses on the bottom of its owner's deck to draw "
                               "2 cards.\n[LV2] 〔Once per turn〕 (When a core is placed into your reserve) If it is your "
                               "turn, this spirit gets +2000 BP this turn.")
    field = "field: [{card: SG1-016, cores: 1}]" if nexus else "field: []"
    game = game_at(f"{{life: 5, reserve: 5, hand: [SG1-252], {field}}}", "{life: 5, reserve: 3}")
    game.apply(Summon(0, first(game, 0, "SG1-252", "hand")))
    asked = False
    while game.pending is not None and game.pending.kind == "choose":
        if info(game).get("kind") == "may":
            asked = True
            answer(game, True)
        else:
            settle_one(game)
    settle(game)
    assert asked is nexus
    assert len(game.state.players[0].hand) == (2 if nexus else 0)
    if nexus:
        crater = first(game, 0, "SG1-016", "deck")
        assert game.state.players[0].deck[0] == crater  # the bottom of the deck


@pytest.mark.parametrize("cores, bp", [(3, 6000), (1, 2000)])
def test_sunreturn_herald_at_lv2_grows_once_when_a_core_reaches_your_reserve_in_your_turn(cores, bp):
    from bss_desktop.engine.commands import CoreMove, MoveCores
    game = game_at(f"{{life: 5, reserve: 3, field: [{{card: SG1-252, cores: {cores}}}, {{card: SG1-045, cores: 3}}]}}",
                   "{life: 5, reserve: 3}")
    herald, guard = game.state.players[0].field
    game.apply(MoveCores(0, (CoreMove(guard, "reserve"),)))
    game.apply(MoveCores(0, (CoreMove(guard, "reserve"),)))  # once per turn
    assert game.bp(herald) == bp


# ---------------------------------------------------------------- SG1-253 … SG1-267: destructions, Swift, spared battles


def settle_yes(game) -> None:
    """Like `settle`, but answer "you may" with yes."""
    while game.pending is not None and game.pending.kind in ("choose", "flash"):
        if game.pending.kind == "flash":
            game.apply(Pass(game.pending.player))
        elif info(game).get("kind") == "may":
            answer(game, True)
        else:
            settle_one(game)


def fight(game, attacker: int, blocker: int | None, p: int = 0) -> None:
    """Player `p` attacks; the other player blocks with `blocker` (None: no block); everything settles."""
    game.apply(Attack(p, attacker))
    settle(game)
    game.apply(Block(1 - p, blocker))
    settle(game)


def summon(game, cid: str, *, yes: bool = False, p: int = 0) -> None:
    game.apply(Summon(p, first(game, p, cid, "hand")))
    settle_yes(game) if yes else settle(game)


@pytest.mark.parametrize("spell, drawn", [("SG1-076", 1), ("SG1-005", 0)])
def test_hollowgaze_phantom_draws_when_an_opponents_spirit_falls_to_0_bp(spell, drawn):
    assert text("SG1-253") == ("〔Once per turn〕 (When one of your opponent's spirits is destroyed by its BP becoming 0) "
                               "Draw 1 card.\n(In your trash: when one of your opponent's spirits is destroyed by its "
                               "BP becoming 0) You may summon this card from your trash without paying its cost, with "
                               "its LV1 cores from your reserve.")
    # Sunlance Valkyrie: -3000 BP on the 2000-BP Flarecrest; Ashwing Drake destroys it by its effect, not at 0 BP
    game = game_at(f"{{life: 5, reserve: 6, hand: [{spell}], field: [SG1-253]}}",
                   "{life: 5, reserve: 3, field: [SG1-003]}")
    summon(game, spell)
    assert zone(game, first(game, 1, "SG1-003", "trash")) == "trash"
    assert len(game.state.players[0].hand) == drawn


@pytest.mark.parametrize("spell, back", [("SG1-076", True), ("SG1-005", False)])
def test_hollowgaze_phantom_comes_back_from_the_trash_when_a_spirit_falls_to_0_bp(spell, back):
    game = game_at(f"{{life: 5, reserve: 6, hand: [{spell}], trash: [SG1-253]}}",
                   "{life: 5, reserve: 3, field: [SG1-003]}")
    phantom = game.state.players[0].trash[0]
    summon(game, spell, yes=True)
    assert zone(game, phantom) == ("field" if back else "trash")
    assert len(game.state.players[0].hand) == 0  # its draw works only from the field


@pytest.mark.parametrize("cores, drawn", [(2, 1), (0, 0)])
def test_witherlight_censer_gains_at_0_bp_and_at_lv2_draws_when_your_effect_takes_the_last_core(cores, drawn):
    assert text("SG1-254") == ("(When one of your opponent's spirits is destroyed by its BP becoming 0) Put 1 core from "
                               "the void into your reserve.\n[LV2] (When one of your effects destroys one of your "
                               "opponent's spirits by taking its cores) Draw 1 card.")
    game = game_at(f"{{life: 5, reserve: 6, hand: [SG1-076], field: [{{card: SG1-254, cores: {cores}}}]}}",
                   "{life: 5, reserve: 3, field: [SG1-003]}")
    valkyrie = first(game, 0, "SG1-076", "hand")
    reserve = game.state.players[0].reserve - game.cost_of(valkyrie) - 1
    summon(game, "SG1-076")
    assert game.state.players[0].reserve == reserve + 1
    game = game_at(f"{{life: 5, reserve: 6, hand: [SG1-030], field: [{{card: SG1-254, cores: {cores}}}]}}",
                   "{life: 5, reserve: 3, field: [SG1-003]}")
    summon(game, "SG1-030")  # Veilcaller Hexer takes the Flarecrest's only core
    assert zone(game, first(game, 1, "SG1-003", "trash")) == "trash"
    assert len(game.state.players[0].hand) == drawn


def test_dirgewake_revenant_strips_a_core_when_an_opponents_spirit_destroys_yours():
    assert text("SG1-255") == ("〔Once per turn〕 (When one of your spirits is destroyed by one of your opponent's "
                               "spirits) Send 1 core from 1 opponent's spirit to its owner's reserve.\n(In your trash: "
                               "when one of your opponent's spirits is destroyed by its BP becoming 0) You may summon "
                               "this card from your trash exhausted without paying its cost, with its LV1 cores from "
                               "your reserve.")
    game = game_at("{life: 5, reserve: 3, field: [SG1-255, SG1-003]}",
                   "{life: 5, reserve: 3, field: [{card: SG1-005, cores: 3}]}", turn_player=1, step="attack")
    ashwing = game.state.players[1].field[0]
    flarecrest = game.state.players[0].field[1]
    fight(game, ashwing, flarecrest, p=1)
    assert zone(game, flarecrest) == "trash" and game.state.cards[ashwing].cores == 2


def test_dirgewake_revenant_returns_exhausted_from_the_trash():
    game = game_at("{life: 5, reserve: 6, hand: [SG1-076], trash: [SG1-255]}", "{life: 5, reserve: 3, field: [SG1-003]}")
    revenant = game.state.players[0].trash[0]
    summon(game, "SG1-076", yes=True)
    assert zone(game, revenant) == "field" and game.state.cards[revenant].exhausted


@pytest.mark.parametrize("cores, bp", [(3, 5000), (1, 2000)])
def test_cryptgnaw_stalker_at_lv2_takes_a_last_core_and_grows_for_it(cores, bp):
    assert text("SG1-256") == ("[LV2] (When Attacks) Send 1 core from 1 opponent's spirit to its owner's reserve.\n"
                               "(When one of your effects destroys one of your opponent's spirits by taking its cores) "
                               "This spirit gets +2000 BP this turn.")
    game = game_at(f"{{life: 5, reserve: 3, field: [{{card: SG1-256, cores: {cores}}}]}}",
                   "{life: 5, reserve: 3, field: [SG1-003]}", step="attack")
    stalker, flarecrest = game.state.players[0].field[0], game.state.players[1].field[0]
    game.apply(Attack(0, stalker))
    settle(game)
    assert zone(game, flarecrest) == ("trash" if cores == 3 else "field")
    assert game.bp(stalker) == bp


@pytest.mark.parametrize("cores, life", [(3, 4), (1, 5)])
def test_pyrelord_vindicator_gains_a_core_for_each_kill_and_at_lv2_burns_a_life_when_stronger(cores, life):
    assert text("SG1-257") == ("(When It Destroys an Opponent's Spirit) Put 1 core from the void on this spirit.\n"
                               "[LV2][LV3] (When Its BP Is Higher in Battle) Send 1 core from your opponent's life to "
                               "their reserve.")
    game = game_at(f"{{life: 5, reserve: 3, field: [{{card: SG1-257, cores: {cores}}}]}}",
                   "{life: 5, reserve: 3, field: [SG1-003]}", step="attack")
    vindicator, flarecrest = game.state.players[0].field[0], game.state.players[1].field[0]
    fight(game, vindicator, flarecrest)
    assert zone(game, flarecrest) == "trash" and game.state.cards[vindicator].cores == cores + 1
    assert game.state.players[1].life == life


def test_cinderbrand_warlord_charges_a_blazeguard_that_wins_and_draws_for_a_spirits_destroying_effect():
    assert text("SG1-258") == ("〔Once per turn〕 (When one of your Blazeguard spirits destroys an opponent's spirit) Put "
                               "1 core from the void on that spirit.\n〔Once per turn〕 (When an effect of one of your "
                               "spirits destroys an opponent's spirit) Draw 1 card.")
    game = game_at("{life: 5, reserve: 3, field: [SG1-258]}", "{life: 5, reserve: 3, field: [SG1-001]}",
                   step="attack")
    warlord, hatchling = game.state.players[0].field[0], game.state.players[1].field[0]
    fight(game, warlord, hatchling)
    assert zone(game, hatchling) == "trash" and game.state.cards[warlord].cores == 2
    assert len(game.state.players[0].hand) == 0  # a battle is no effect
    game = game_at("{life: 5, reserve: 6, hand: [SG1-005], field: [SG1-258]}", "{life: 5, reserve: 3, field: [SG1-003]}")
    summon(game, "SG1-005")  # Ashwing Drake's effect destroys the Flarecrest
    assert len(game.state.players[0].hand) == 1 and game.state.cards[game.state.players[0].field[0]].cores == 1


@pytest.mark.parametrize("cores, drawn", [(2, 1), (0, 0)])
def test_ashfall_banneret_gains_a_core_for_a_red_kill_and_at_lv2_draws_for_a_small_one_in_battle(cores, drawn):
    assert text("SG1-259") == ("〔Once per turn〕 (When one of your Red cards (a spirit, or a magic card's effect) "
                               "destroys an opponent's spirit) Put 1 core from the void into your reserve.\n[LV2] (When "
                               "one of your spirits destroys one of your opponent's spirits with 3000 BP or less by "
                               "comparing BP) Draw 1 card.")
    game = game_at(f"{{life: 5, reserve: 3, field: [{{card: SG1-259, cores: {cores}}}, SG1-005]}}",
                   "{life: 5, reserve: 3, field: [SG1-001]}", step="attack")
    ashwing, hatchling = game.state.players[0].field[1], game.state.players[1].field[0]
    fight(game, ashwing, hatchling)
    assert zone(game, hatchling) == "trash"
    assert game.state.players[0].reserve == 4 and len(game.state.players[0].hand) == drawn


def test_ashfall_banneret_not_for_a_kill_of_another_colour():
    game = game_at("{life: 5, reserve: 3, field: [{card: SG1-259, cores: 2}, SG1-072]}",
                   "{life: 5, reserve: 3, field: [SG1-001]}", step="attack")
    templar, hatchling = game.state.players[0].field[1], game.state.players[1].field[0]
    fight(game, templar, hatchling)  # a Yellow spirit: no core; 1000 BP destroyed in battle: the LV2 card
    assert zone(game, hatchling) == "trash"
    assert game.state.players[0].reserve == 3 and len(game.state.players[0].hand) == 1


@pytest.mark.parametrize("cores, drawn", [(3, 1), (1, 0)])
def test_dawnspear_paragon_gains_a_core_when_it_destroys_and_draws_at_lv2_when_stronger(cores, drawn):
    assert text("SG1-260") == ("(When It Destroys an Opponent's Spirit) Put 1 core from the void into your reserve.\n"
                               "[LV2] (When Its BP Is Higher in Battle) Draw 1 card.")
    game = game_at(f"{{life: 5, reserve: 3, field: [{{card: SG1-260, cores: {cores}}}]}}",
                   "{life: 5, reserve: 3, field: [SG1-003]}", step="attack")
    paragon, flarecrest = game.state.players[0].field[0], game.state.players[1].field[0]
    fight(game, paragon, flarecrest)
    assert zone(game, flarecrest) == "trash"
    assert game.state.players[0].reserve == 4 and len(game.state.players[0].hand) == drawn


def test_dawnspear_paragon_blocked_by_a_bigger_spirit_gains_nothing():
    game = game_at("{life: 5, reserve: 3, field: [{card: SG1-260, cores: 3}]}",
                   "{life: 5, reserve: 3, field: [{card: SG1-013, cores: 3}]}", step="attack")
    paragon, rex = game.state.players[0].field[0], game.state.players[1].field[0]
    fight(game, paragon, rex)
    assert zone(game, paragon) == "trash" and game.state.players[0].hand == []
    assert game.state.players[0].reserve == 3 + 3  # only the Paragon's own cores


def test_thornmane_alpha_refreshes_a_beast_that_wins_and_at_lv2_grows_for_a_spirits_destroying_effect():
    assert text("SG1-261") == ("〔Once per turn〕 (When one of your Beast spirits destroys an opponent's spirit) Refresh "
                               "that spirit.\n[LV2] (When an effect of one of your spirits destroys an opponent's "
                               "spirit) Put 1 core from the void on this spirit.")
    game = game_at("{life: 5, reserve: 3, field: [SG1-261, SG1-097]}", "{life: 5, reserve: 3, field: [SG1-003]}",
                   step="attack")
    lynx, flarecrest = game.state.players[0].field[1], game.state.players[1].field[0]
    fight(game, lynx, flarecrest)
    assert zone(game, flarecrest) == "trash" and not game.state.cards[lynx].exhausted
    for cores, after in ((3, 4), (1, 1)):
        game = game_at(f"{{life: 5, reserve: 6, hand: [SG1-005], field: [{{card: SG1-261, cores: {cores}}}]}}",
                       "{life: 5, reserve: 3, field: [SG1-003]}")
        summon(game, "SG1-005")
        assert game.state.cards[game.state.players[0].field[0]].cores == after


@pytest.mark.parametrize("cores, reserve", [(2, 4), (0, 3)])
def test_verdict_lantern_draws_for_a_yellow_kill_and_at_lv2_gains_for_a_small_one_in_battle(cores, reserve):
    assert text("SG1-262") == ("〔Once per turn〕 (When one of your Yellow cards (a spirit, or a magic card's effect) "
                               "destroys an opponent's spirit) Draw 1 card.\n[LV2] (When one of your spirits destroys "
                               "one of your opponent's spirits with 3000 BP or less by comparing BP) Put 1 core from "
                               "the void into your reserve.")
    game = game_at(f"{{life: 5, reserve: 3, field: [{{card: SG1-262, cores: {cores}}}, SG1-072]}}",
                   "{life: 5, reserve: 3, field: [SG1-003]}", step="attack")
    templar, flarecrest = game.state.players[0].field[1], game.state.players[1].field[0]
    fight(game, templar, flarecrest)
    assert zone(game, flarecrest) == "trash"
    assert len(game.state.players[0].hand) == 1 and game.state.players[0].reserve == reserve


def test_verdict_lantern_not_for_a_red_kill():
    game = game_at("{life: 5, reserve: 3, field: [SG1-262, SG1-005]}", "{life: 5, reserve: 3, field: [SG1-001]}",
                   step="attack")
    fight(game, game.state.players[0].field[1], game.state.players[1].field[0])
    assert game.state.players[0].hand == []


@pytest.mark.parametrize("cores, drawn", [(3, 1), (1, 0)])
def test_gravebloom_matron_charges_a_spirit_summoned_from_the_trash_and_at_lv2_draws_for_a_loss(cores, drawn):
    assert text("SG1-263") == ("(When a spirit is summoned from your trash) Put 1 core from the void on that spirit.\n"
                               "[LV2] (When one of your spirits is destroyed by one of your opponent's spirits) Draw 1 "
                               "card.")
    game = game_at(f"{{life: 5, reserve: 6, hand: [SG1-076], field: [{{card: SG1-263, cores: {cores}}}], "
                   "trash: [SG1-253]}", "{life: 5, reserve: 3, field: [SG1-003]}")
    phantom = game.state.players[0].trash[0]
    summon(game, "SG1-076", yes=True)  # the Flarecrest at 0 BP: Hollowgaze Phantom back from the trash
    assert zone(game, phantom) == "field" and game.state.cards[phantom].cores == 2
    game = game_at(f"{{life: 5, reserve: 3, field: [{{card: SG1-263, cores: {cores}}}, SG1-001]}}",
                   "{life: 5, reserve: 3, field: [SG1-005]}", turn_player=1, step="attack")
    fight(game, game.state.players[1].field[0], game.state.players[0].field[1], p=1)
    assert len(game.state.players[0].hand) == drawn


@pytest.mark.parametrize("cores, reserve", [(2, 1), (0, 0)])
def test_ossuary_bellringer_draws_for_a_spirit_back_from_the_trash_and_at_lv2_gains_for_the_draw(cores, reserve):
    assert text("SG1-264") == ("〔Once per turn〕 (When a spirit is summoned from your trash) Draw 1 card.\n[LV2] "
                               "〔Once per turn〕 (When you draw with one of your effects) Put 1 core from the void "
                               "into your reserve.")
    game = game_at(f"{{life: 5, reserve: 6, hand: [SG1-076], field: [{{card: SG1-264, cores: {cores}}}], "
                   "trash: [SG1-253]}", "{life: 5, reserve: 3, field: [SG1-003]}")
    before = game.state.players[0].reserve - game.cost_of(first(game, 0, "SG1-076", "hand")) - 1 - 1
    summon(game, "SG1-076", yes=True)  # the Valkyrie's cost and core, and the Phantom's LV1 core from the reserve
    assert len(game.state.players[0].hand) == 1 and game.state.players[0].reserve == before + reserve


def swift_summon(game, cid: str) -> None:
    """Player 0 attacks with its first field spirit and summons `cid` with 【Swift】 in its flash window."""
    game.apply(Attack(0, game.state.players[0].field[0]))
    game.apply(Pass(1))
    game.apply(Summon(0, first(game, 0, cid, "hand")))
    while game.pending is not None and game.pending.kind == "choose":
        settle_one(game)


def test_quillwind_courier_draws_when_summoned_with_swift_and_grows_for_the_draw():
    assert text("SG1-265") == ("【Swift】\n〔Once per turn〕 (When one of your spirits is summoned with 【Swift】) Draw 1 "
                               "card.\n〔Once per turn〕 (When you draw with one of your effects) This spirit gets "
                               "+2000 BP this turn.")
    game = game_at("{life: 5, reserve: 4, hand: [SG1-265], field: [SG1-001]}", "{life: 5, reserve: 3}",
                   step="attack")
    swift_summon(game, "SG1-265")
    courier = first(game, 0, "SG1-265")
    assert len(game.state.players[0].hand) == 1 and game.bp(courier) == 3000


def test_quillwind_courier_summoned_in_the_main_step_is_no_swift_summon():
    game = game_at("{life: 5, reserve: 4, hand: [SG1-265]}", "{life: 5, reserve: 3}")
    summon(game, "SG1-265")
    assert game.state.players[0].hand == [] and game.bp(first(game, 0, "SG1-265")) == 1000


def test_frostveil_sentinel_refreshes_your_attacker_when_summoned_with_swift():
    assert text("SG1-266") == ("【Swift】\n(When one of your spirits is summoned with 【Swift】) Refresh up to 1 of your "
                               "spirits.\n(When Blocks) Neither spirit of this battle is destroyed by comparing BP.")
    game = game_at("{life: 5, reserve: 4, hand: [SG1-266], field: [SG1-001]}", "{life: 5, reserve: 3}",
                   step="attack")
    hatchling = game.state.players[0].field[0]
    game.apply(Attack(0, hatchling))
    game.apply(Pass(1))
    game.apply(Summon(0, first(game, 0, "SG1-266", "hand")))
    settle_picking(game, hatchling)
    assert not game.state.cards[hatchling].exhausted


def test_frostveil_sentinel_blocks_and_neither_spirit_is_destroyed():
    game = game_at("{life: 5, reserve: 3, field: [SG1-266]}", "{life: 5, reserve: 3, field: [SG1-005]}",
                   turn_player=1, step="attack")
    ashwing, sentinel = game.state.players[1].field[0], game.state.players[0].field[0]
    fight(game, ashwing, sentinel, p=1)
    assert zone(game, sentinel) == "field" and zone(game, ashwing) == "field"
    assert game.state.players[0].life == 5


@pytest.mark.parametrize("used", [True, False])
def test_stillwater_truce_spares_both_spirits_of_the_battle_and_draws(used):
    assert text("SG1-267") == ("Flash: Neither spirit of this battle is destroyed by comparing BP. Draw 1 card.\n"
                               "Burst (after your opponent destroys your spirit): Refresh up to 1 of your spirits. "
                               "Draw 1 card.")
    game = game_at("{life: 5, reserve: 3, hand: [SG1-267], field: [SG1-003]}",
                   "{life: 5, reserve: 3, field: [SG1-003]}", step="attack")
    mine, theirs = game.state.players[0].field[0], game.state.players[1].field[0]
    game.apply(Attack(0, mine))
    game.apply(Pass(1))
    game.apply(Pass(0))
    game.apply(Block(1, theirs))  # 2000 against 2000: both would be destroyed
    game.apply(Pass(1))
    if used:
        game.apply(UseMagic(0, first(game, 0, "SG1-267", "hand")))
    settle(game)
    kept = "field" if used else "trash"
    assert zone(game, mine) == kept and zone(game, theirs) == kept
    assert len(game.state.players[0].hand) == 1  # the card drawn, or the Truce kept


def settle_burst(game) -> None:
    """Settle, turning the burst face up when it is offered ("you may": no otherwise)."""
    while game.pending is not None and game.pending.kind in ("choose", "flash"):
        if game.pending.kind == "choose" and "burst" in str(info(game).get("prompt", "")):
            answer(game, True)
        elif game.pending.kind == "flash":
            game.apply(Pass(game.pending.player))
        else:
            settle_one(game)


@pytest.mark.parametrize("burst, by_opponent", [("SG1-267", True), ("SG1-268", True), ("SG1-268", False)])
def test_stillwater_truce_and_retaliation_pyre_bursts_answer_a_spirit_the_opponent_destroys(burst, by_opponent):
    assert text("SG1-268") == ("Main: Destroy 1 opponent's spirit with 3000 BP or less.\nBurst (after your opponent "
                               "destroys your spirit): Destroy 1 opponent's spirit with 3000 BP or less.")
    # the opponent's Ashwing Drake (3000 BP) beats your blocking Flarecrest; or your own Grovemaw Bison takes a
    # Beast's cores (a self-destruction, ruling Onto-1), which sets off nothing
    if by_opponent:
        game = game_at(f"{{life: 5, reserve: 3, field: [SG1-003, {{card: SG1-045, exhausted: true}}], burst: {burst}}}",
                       "{life: 5, reserve: 3, field: [SG1-005, SG1-001]}", turn_player=1, step="attack")
        flarecrest, guard = game.state.players[0].field
        ashwing, hatchling = game.state.players[1].field
        game.apply(Attack(1, ashwing))
        settle(game)
        game.apply(Block(0, flarecrest))
        settle_burst(game)
        assert zone(game, flarecrest) == "trash" and game.state.players[0].burst is None
        if burst == "SG1-267":  # your exhausted Rivet Guard stands up, and a card
            assert not game.state.cards[guard].exhausted and len(game.state.players[0].hand) == 1
        else:  # one of their spirits with 3000 BP or less: the first offered
            assert zone(game, ashwing) == "trash" or zone(game, hatchling) == "trash"
    else:
        game = game_at(f"{{life: 5, reserve: 3, field: [SG1-240, SG1-085], burst: {burst}}}",
                       "{life: 5, reserve: 3, field: [SG1-001]}")
        bison, runner = game.state.players[0].field
        game.apply(Activate(0, bison, 0))
        settle_burst(game)
        assert zone(game, runner) == "trash" and game.state.players[0].burst is not None
        assert zone(game, game.state.players[1].field[0]) == "field"
