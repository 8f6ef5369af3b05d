"""Dealing the unseen cards under constraints (core/sampling.py): every consistent deal can come
out, and only consistent deals do."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from familia_tui.core.sampling import SamplingError, deal_unseen


def test_every_consistent_deal_can_come_out_and_no_other() -> None:
    cards = list(range(12))
    room = [4, 4, 4]
    may_hold = [frozenset({0, 1})] * 4 + [frozenset({2})] * 4 + [frozenset({0, 1, 2})] * 4
    consistent = {
        deal for deal in itertools.product(range(3), repeat=12)
        if all(deal.count(place) == room[place] for place in range(3))
        and all(deal[card] in may_hold[card] for card in cards)
    }
    rng = random.Random(5)
    seen = Counter()
    for _ in range(6000):
        dealt = deal_unseen(cards, room, may_hold, rng)
        where = [0] * 12
        for place, hand in enumerate(dealt):
            for card in hand:
                where[card] = place
        seen[tuple(where)] += 1
    assert set(seen) == consistent  # 70 deals, each seen


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 3), min_size=1, max_size=40), st.randoms(use_true_random=False), st.data())
def test_a_deal_keeps_room_and_constraints(truth: list[int], rng: random.Random, data: st.DataObject) -> None:
    """Constraints drawn around a true deal (so some deal agrees) are always met."""
    places = 4
    room = [truth.count(place) for place in range(places)]
    may_hold = [frozenset({place} | set(data.draw(st.sets(st.integers(0, places - 1))))) for place in truth]
    dealt = deal_unseen(list(range(len(truth))), room, may_hold, rng)
    assert [len(hand) for hand in dealt] == room
    assert sorted(card for hand in dealt for card in hand) == list(range(len(truth)))
    for place, hand in enumerate(dealt):
        assert all(place in may_hold[card] for card in hand)


def test_no_consistent_deal_is_an_error() -> None:
    rng = random.Random(1)
    with pytest.raises(SamplingError, match="agrees"):  # five cards for a place with room for four
        deal_unseen(list(range(12)), [4, 4, 4], [frozenset({2})] * 5 + [frozenset({0, 1, 2})] * 7, rng)
    with pytest.raises(SamplingError, match="12 unseen cards for 11"):
        deal_unseen(list(range(12)), [4, 4, 3], None, rng)


def test_equal_cards_keep_their_own_constraints() -> None:
    """Two jokers, one seen only where places 0 or 1 may hold it, the other 1 or 2: never both
    in place 0, never both in place 2 (constraints go by position, not by the card's value)."""
    cards = ["JK", "JK", "a", "b", "c", "d"]
    any_place = frozenset({0, 1, 2})
    may_hold = [frozenset({0, 1}), frozenset({1, 2}), any_place, any_place, any_place, any_place]
    rng = random.Random(2)
    for _ in range(500):
        dealt = deal_unseen(cards, [2, 2, 2], may_hold, rng)
        assert dealt[0].count("JK") < 2 and dealt[2].count("JK") < 2


def test_spare_cards_of_a_part_pack_position_are_left_out_at_random() -> None:
    """A puzzle's or guided game's position may hold part of a pack: with `spare`, the cards
    beyond the places' room are left out, any of them, and the constraints still hold."""
    rng = random.Random(4)
    may_hold = [frozenset({0})] * 2 + [frozenset({0, 1})] * 6
    left_out: set[int] = set()
    for _ in range(300):
        dealt = deal_unseen(list(range(8)), [3, 2], may_hold, rng, spare=True)
        assert [len(hand) for hand in dealt] == [3, 2]
        assert all(place in may_hold[card] for place, hand in enumerate(dealt) for card in hand)
        left_out |= set(range(8)) - {card for hand in dealt for card in hand}
    assert left_out == set(range(8))
    with pytest.raises(SamplingError, match="8 unseen cards for 5"):
        deal_unseen(list(range(8)), [3, 2], None, rng)  # (a game's own deal has no spare cards)
