"""Fairness: commitments, a seed from both shares, the command chain, and the guest's audit catching a cheat."""
from __future__ import annotations

import copy

import pytest
from lan import DB, GUEST_SHARE, HOST_SHARE, deck, play_in_process, run, sessions

from bss_desktop.engine.record import to_record
from bss_desktop.protocol import fairness


def test_the_seed_needs_both_shares_and_a_commitment_binds_its_share():
    seed = fairness.derive_seed(HOST_SHARE, GUEST_SHARE)
    assert seed != fairness.derive_seed(HOST_SHARE, "33" * 32) != fairness.derive_seed("33" * 32, GUEST_SHARE)
    assert fairness.commitment(HOST_SHARE) != fairness.commitment("33" * 32)
    assert 0 <= seed < 2**64


def test_a_deck_hash_is_salted_so_a_known_deck_list_cannot_be_recognised():
    cards = deck("red-saga")
    assert fairness.deck_hash(cards, HOST_SHARE) != fairness.deck_hash(cards, GUEST_SHARE)
    assert fairness.deck_hash(cards, HOST_SHARE) != fairness.deck_hash(list(reversed(cards)), HOST_SHARE)


def test_an_honest_game_passes_the_audit_and_the_audit_replays_every_command():
    host, guest = run(play_in_process(*sessions()))
    assert guest.report.ok and guest.report.commands == len(host.game.history)
    assert len(guest.received.batches) == len(host.game.history) + 1


def _stack_the_deck(game):
    """The cheat the commitments exist for: after they are exchanged, the host puts its best cards on top."""
    deck = game.state.players[0].deck
    deck.sort(key=lambda iid: DB[game.state.cards[iid].cid].cost)


def test_a_host_that_stacks_its_deck_after_the_commitments_is_caught_by_the_guest_audit():
    host, guest = run(play_in_process(*sessions(tamper=_stack_the_deck)))
    assert host.game.over  # the game itself looked normal to the guest
    assert not guest.report.ok
    assert "differs from a replay of the record" in guest.report.problems[0]
    assert host.audit_result["ok"] is False  # and the host is told


def _audit_with(host, guest, *, share=None, edit=None):
    record = copy.deepcopy(to_record(host.game))
    if edit:
        edit(record)
    return fairness.audit(guest.received, share or host.share, record, DB)


@pytest.fixture(scope="module")
def finished():
    return run(play_in_process(*sessions()))


def test_an_honest_record_passes_when_audited_again(finished):
    assert _audit_with(*finished).ok


def test_a_host_revealing_another_share_than_it_committed_to_is_caught(finished):
    report = _audit_with(*finished, share="99" * 32)
    assert not report.ok and "does not match its commitment" in report.problems[0]


def test_a_record_with_another_seed_is_caught(finished):
    report = _audit_with(*finished, edit=lambda r: r["start"].update(seed=r["start"]["seed"] + 1))
    assert not report.ok and "seed" in report.problems[0]


def test_a_record_with_another_host_deck_is_caught(finished):
    def swap(r):
        r["start"]["decks"][0] = deck("green-saga")

    report = _audit_with(*finished, edit=swap)
    assert not report.ok and "committed to" in report.problems[0]


def test_a_record_with_a_changed_command_is_caught_by_the_chain_or_the_replay(finished):
    host, guest = finished

    def change(r):
        for i, cd in enumerate(r["commands"]):
            if cd["type"] == "end_main" and i > 3:
                r["commands"] = r["commands"][:i] + [{"type": "concede", "player": cd["player"]}]
                return

    report = _audit_with(host, guest, edit=change)
    assert not report.ok


def test_a_record_cut_short_is_caught(finished):
    report = _audit_with(*finished, edit=lambda r: r.update(commands=r["commands"][:10]))
    assert not report.ok and "stops at command 10" in report.problems[0]


def test_the_guest_own_deck_in_the_record_must_be_the_one_it_sent(finished):
    host, guest = finished
    received = copy.deepcopy(guest.received)
    received.guest_deck = deck("white-saga")
    report = fairness.audit(received, host.share, to_record(host.game), DB)
    assert not report.ok and "your deck" in report.problems[0]


def test_the_chain_binds_every_command_in_order():
    salt = fairness.command_salt(HOST_SHARE, 1)
    a = fairness.chain_next(fairness.chain_start("aa" * 32, GUEST_SHARE), {"type": "pass", "player": 0}, salt)
    b = fairness.chain_next(fairness.chain_start("aa" * 32, GUEST_SHARE), {"type": "pass", "player": 1}, salt)
    assert a != b
