"""`permutations` gives the orders `permutation` gives when called count by count from the same
generator state (a six-suit game's decks depend on it: the same seed deals the same decks)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from familia_tui.core.cards import permutation, permutations


@settings(max_examples=100, deadline=None)
@given(counts=st.lists(st.integers(min_value=0, max_value=30), max_size=8), seed=st.integers())
def test_permutations_are_permutation_called_in_turn(counts: list[int], seed: int) -> None:
    one_by_one, together = random.Random(seed), random.Random(seed)
    expected = [permutation(count, one_by_one) for count in counts]
    assert permutations(counts, together) == expected
    assert together.random() == one_by_one.random()  # as many draws taken


def test_each_order_is_a_permutation_of_its_count() -> None:
    orders = permutations([5, 0, 1, 13], random.Random(7))
    assert [sorted(order) for order in orders] == [list(range(5)), [], [0], list(range(13))]
