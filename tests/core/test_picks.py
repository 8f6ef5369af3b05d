"""The multi-step choice model (issue 11 item 7): offers and completions follow the legal set."""

from __future__ import annotations

import doctest
from itertools import combinations

from hypothesis import given
from hypothesis import strategies as st

from familia_tui.core import picks
from familia_tui.core.picks import ActionPicks, choose_from


def test_module_doctests() -> None:
    assert doctest.testmod(picks).failed == 0


def test_two_identical_parts_are_two_picks() -> None:
    """Two Jokers in one play are two parts: one ticked Joker does not make the pair."""
    legal = [("JK", "JK"), ("JK",), ("5S", "JK")]
    chooser = ActionPicks(legal, parts=lambda a: a)
    assert chooser.made(["JK"]) == [("JK",)]
    assert chooser.made(["JK", "JK"]) == [("JK", "JK")]
    assert chooser.offers(["JK"]) == legal
    assert not chooser.may_add(["JK", "JK"], "5S")


@given(st.lists(st.frozensets(st.integers(0, 5), min_size=1, max_size=4), max_size=12),
       st.lists(st.integers(0, 5), max_size=4, unique=True))
def test_offers_are_exactly_the_actions_using_the_picks(legal: list[frozenset[int]], picked: list[int]) -> None:
    """Whatever is picked: an offer uses every pick, nothing legal that does is left out, and a
    part may be added exactly when an offer remains with it."""
    chooser = ActionPicks(legal, parts=sorted)
    assert chooser.offers(picked) == [a for a in legal if a.issuperset(picked)]
    assert chooser.made(picked) == [a for a in legal if a == frozenset(picked)]
    for part in range(6):
        if part not in picked:
            assert chooser.may_add(picked, part) == any(a.issuperset([*picked, part]) for a in legal)


def test_choose_from_builds_only_a_full_choice_from_the_pool() -> None:
    """A poignée-like choice: exactly `count` distinct parts of the pool."""
    chooser = choose_from([1, 2, 3, 4], 2, build=tuple)
    assert chooser.may_add([1], 2) and not chooser.may_add([1], 1) and not chooser.may_add([1], 9)
    assert not chooser.may_add([1, 2], 3)
    assert chooser.made([1]) == [] and chooser.made([2, 4]) == [(2, 4)]
    assert all(chooser.made(list(pair)) for pair in combinations([1, 2, 3, 4], 2))
