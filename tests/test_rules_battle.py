"""CR 7: attacking and battles; CR 9-2 winning by life."""
import pytest

from bss_desktop.engine import Attack, Block, Choose, EndAttack, IllegalCommand, Pass, UseMagic
from helpers import hand_iid, position


def battle_pos(attackers, blockers, *, life=5, hand0=(), hand1=(), reserve0=3, reserve1=3):
    def rows(cards):
        return "\n".join(f"              - {c}" for c in cards) or "              []"

    return position(f"""
        turn: 4
        turn_player: 0
        first_player: 1
        step: attack
        players:
          - life: 5
            reserve: {reserve0}
            hand: {list(hand0)}
            field:
{rows(attackers)}
          - life: {life}
            reserve: {reserve1}
            hand: {list(hand1)}
            field:
{rows(blockers)}
    """)


def test_cr_7_1_1_1_attacking_exhausts_a_refreshed_spirit():
    game = battle_pos(["{card: T-R1}"], [])
    pup = game.state.players[0].field[0]
    events = game.apply(Attack(0, pup))
    assert game.state.cards[pup].exhausted and game.state.battle.attacker == pup
    assert [e.kind for e in events][:2] == ["exhaust", "attack"]


@pytest.mark.parametrize("which", ["exhausted", "nexus", "opponent"])
def test_cr_7_1_1_1_only_your_refreshed_spirits_attack(which):
    game = battle_pos(["{card: T-R1, exhausted: true}", "{card: T-NX}"], ["{card: T-R1}"])
    target = {"exhausted": game.state.players[0].field[0], "nexus": game.state.players[0].field[1],
              "opponent": game.state.players[1].field[0]}[which]
    before = game.state_hash()
    with pytest.raises(IllegalCommand) as e:
        game.apply(Attack(0, target))
    assert e.value.rule == "CR 7-1-1-1" and game.state_hash() == before


def test_cr_7_1_2_1_the_attacked_player_acts_first_and_two_passes_in_a_row_end_the_window():
    game = battle_pos(["{card: T-R1}"], ["{card: T-R1}"])
    game.apply(Attack(0, game.state.players[0].field[0]))
    assert game.pending.kind == "flash" and game.pending.player == 1
    with pytest.raises(IllegalCommand):
        game.apply(Pass(0))  # not the attacker's turn to act yet
    game.apply(Pass(1))
    assert game.pending.kind == "flash" and game.pending.player == 0
    game.apply(Pass(0))
    assert game.pending.kind == "block" and game.pending.player == 1  # CR 7-1-3-1


def test_cr_7_1_2_1_using_a_flash_effect_gives_the_other_player_the_option_again():
    game = battle_pos(["{card: T-R1}"], [], hand1=["T-MB"])
    game.apply(Attack(0, game.state.players[0].field[0]))
    game.apply(UseMagic(1, hand_iid(game, 1, "T-MB")))  # Both Bolt: main+flash, cost 0
    assert game.pending.kind == "flash" and game.pending.player == 0 and game.pending.info["passes"] == 0
    game.apply(Pass(0))
    assert game.pending.player == 1  # one pass is not two in a row
    game.apply(Pass(1))
    assert game.pending.kind == "block"


def test_cr_8_1_6_1_main_only_magic_cannot_be_used_in_a_flash_window():
    game = battle_pos(["{card: T-R1}"], [], hand1=["T-MM"])
    game.apply(Attack(0, game.state.players[0].field[0]))
    before = game.state_hash()
    with pytest.raises(IllegalCommand) as e:
        game.apply(UseMagic(1, hand_iid(game, 1, "T-MM")))
    assert e.value.rule == "CR 8-1-6-1" and game.state_hash() == before


def advance_to_block(game):
    game.apply(Pass(1))
    game.apply(Pass(0))


def test_cr_7_1_3_1_no_block_skips_the_second_window_and_deals_damage_by_symbols():
    game = battle_pos(["{card: T-R5}"], ["{card: T-R1}"])
    titan = game.state.players[0].field[0]
    game.apply(Attack(0, titan))
    advance_to_block(game)
    events = game.apply(Block(1, None))
    # CR 7-1-5-3-1: two symbols -> two life cores to the attacked player's reserve (ruling 3)
    assert game.state.players[1].life == 3 and game.state.players[1].reserve == 5
    assert "flash" not in [e.kind for e in events]
    assert game.pending.kind == "attack" and game.state.battle is None  # CR 7-1-6-3


def test_cr_7_1_4_1_after_a_block_the_blocker_acts_first_in_the_second_window():
    game = battle_pos(["{card: T-R3}"], ["{card: T-R1}"])
    game.apply(Attack(0, game.state.players[0].field[0]))
    advance_to_block(game)
    pup = game.state.players[1].field[0]
    game.apply(Block(1, pup))
    assert game.state.cards[pup].exhausted
    assert game.pending.kind == "flash" and game.pending.player == 1 and game.pending.info["window"] == 2


def test_cr_7_1_3_1_only_a_refreshed_spirit_of_the_attacked_player_blocks():
    game = battle_pos(["{card: T-R3}", "{card: T-R1}"], ["{card: T-R1, exhausted: true}"])
    game.apply(Attack(0, game.state.players[0].field[0]))
    advance_to_block(game)
    before = game.state_hash()
    for spirit in (game.state.players[1].field[0], game.state.players[0].field[1]):
        with pytest.raises(IllegalCommand) as e:
            game.apply(Block(1, spirit))
        assert e.value.rule == "CR 7-1-3-1"
    assert game.state_hash() == before


def resolve_block(game, blocker_index=0):
    game.apply(Attack(0, game.state.players[0].field[0]))
    advance_to_block(game)
    game.apply(Block(1, game.state.players[1].field[blocker_index]))
    game.apply(Pass(1))
    return game.apply(Pass(0))


def test_cr_7_1_5_2_1_the_spirit_with_lower_bp_is_destroyed():
    game = battle_pos(["{card: T-R3}"], ["{card: T-R1}"])  # 3000 vs 1000
    knight, pup = game.state.players[0].field[0], game.state.players[1].field[0]
    events = resolve_block(game)
    assert game.state.cards[pup].zone == "trash" and game.state.cards[knight].zone == "field"
    destroyed = [e for e in events if e.kind == "destroyed"]
    assert destroyed[0]["cause"] == ["battle", 0, knight] and not destroyed[0]["self_destruction"]
    assert game.state.players[1].life == 5  # a blocked attack deals no damage
    assert game.state.players[1].reserve == 3 + 1  # the pup's core went to its owner's reserve (CR 10-1-3-4)


def test_cr_7_1_5_2_1_equal_bp_destroys_both():
    game = battle_pos(["{card: T-R3}"], ["{card: T-Y3}"])  # 3000 vs 3000
    resolve_block(game)
    assert game.state.players[0].field == [] and game.state.players[1].field == []


def test_cr_7_1_5_2_1_the_attacker_loses_to_a_stronger_blocker():
    game = battle_pos(["{card: T-R1}"], ["{card: T-G4}"])
    resolve_block(game)
    assert game.state.players[0].field == [] and len(game.state.players[1].field) == 1


def test_cr_7_1_5_2_1_bp_compares_current_levels():
    game = battle_pos(["{card: T-R1, cores: 3}"], ["{card: T-Y2}"])  # LV2 3000 vs LV1 2000
    resolve_block(game)
    assert len(game.state.players[0].field) == 1 and game.state.players[1].field == []


def test_cr_1_2_1_1_1_reducing_the_opponents_life_to_zero_wins_at_once():
    game = battle_pos(["{card: T-R5}"], [], life=2)
    game.apply(Attack(0, game.state.players[0].field[0]))
    advance_to_block(game)
    events = game.apply(Block(1, None))
    assert game.over and game.result.winner == 0 and game.pending is None
    assert events[-1].kind == "game_over"


def test_cr_1_3_2_damage_greater_than_life_moves_what_there_is():
    game = battle_pos(["{card: T-R5}"], [], life=1)
    game.apply(Attack(0, game.state.players[0].field[0]))
    advance_to_block(game)
    game.apply(Block(1, None))
    assert game.state.players[1].life == 0 and game.state.players[1].reserve == 4


def test_cr_7_1_6_3_after_a_battle_the_attacker_may_attack_again_with_another_spirit():
    game = battle_pos(["{card: T-R1}", "{card: T-R1}"], [])
    first, second = game.state.players[0].field
    game.apply(Attack(0, first))
    advance_to_block(game)
    game.apply(Block(1, None))
    assert game.pending.kind == "attack"
    with pytest.raises(IllegalCommand):
        game.apply(Attack(0, first))  # exhausted now
    game.apply(Attack(0, second))
    advance_to_block(game)
    game.apply(Block(1, None))
    assert game.state.players[1].life == 3


def test_cr_6_7_3_2_ending_the_attack_step_passes_the_turn():
    game = battle_pos(["{card: T-R1}"], [])
    game.apply(EndAttack(0))
    assert game.state.turn == 5 and game.state.turn_player == 1 and game.pending.kind == "main"


def test_cr_7_1_2_1_a_flash_magic_in_the_attacker_window_is_recorded_for_the_battle():
    game = battle_pos(["{card: T-R1}"], [], hand0=["T-MF"], reserve0=3)
    game.apply(Attack(0, game.state.players[0].field[0]))
    game.apply(Pass(1))
    magic = hand_iid(game, 0, "T-MF")
    game.apply(UseMagic(0, magic))  # Flash Ward: cost 2, reduced by 1 for the red pup
    assert game.state.players[0].reserve == 2 and game.state.battle.magic_used == [magic]  # for 【Luster】 (CR 11-6-1)


# Red Knight attacks; Blue Guard could block it; Tollgate Ward is set: "after your opponent's attack, return the
# attacking spirit to its owner's hand" (its cost, a discard, paid with the one hand card)
TOLLGATE = """
    turn: 4
    turn_player: 0
    step: attack
    players:
      - {life: 5, reserve: 3, field: [{card: T-R3, cores: 1}], deck: [T-W0, T-W0]}
      - {life: 5, reserve: 3, hand: [T-W0], burst: V-TOLLGATE, field: [{card: T-B2, cores: 2}], deck: [T-W0]}
"""


def test_cr_7_1_3_1_no_block_is_asked_for_an_attacker_that_has_left_the_field():
    """Tollgate Ward's burst returns the attacker to its owner's hand before the block: when the flash window ends
    there is no attacking spirit to block, so the battle goes on to its resolution, where it does nothing
    (CR 7-1-5-3-1), and the attack step goes on (audit issue 25 item 16)."""
    game = position(TOLLGATE)
    knight = game.state.players[0].field[0]
    game.apply(Attack(0, knight))
    assert game.pending.kind == "choose" and game.pending.info["kind"] == "may"  # the burst (CR 10-9-3)
    game.apply(Choose(1, True))
    assert game.state.cards[knight].zone == "hand"
    game.apply(Pass(1))
    events = game.apply(Pass(0))
    assert game.pending.kind == "attack" and game.pending.player == 0
    assert not [e for e in events if e.kind in ("block", "damage")]
    assert game.state.players[1].life == 5 and game.state.battle is None


def test_cr_7_1_3_1_control_an_attacker_still_on_the_field_is_blocked_as_ever():
    game = position(TOLLGATE)
    game.apply(Attack(0, game.state.players[0].field[0]))
    game.apply(Choose(1, False))  # the burst is not activated
    game.apply(Pass(1))
    game.apply(Pass(0))
    assert game.pending.kind == "block" and game.pending.player == 1
