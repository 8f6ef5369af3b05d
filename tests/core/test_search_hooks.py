"""The search spec's optional hooks (core/search.py, issue 15): a game's own deal, the bounded
rejection of deals that break a several-card fact (`accept`, `tries`, the last deal kept), and
the key that makes the search play out one action of each class of equivalent ones."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from toy.game import GAME, ToyOptions

from familia_tui.core.search import SearchBot, SearchSpec, distinct

SPEC = GAME.search
assert SPEC is not None


def counting_spec(accept_from: int | None, tries: int = 5) -> tuple[SearchSpec, list[int]]:
    """The toy's spec with a `deal` that counts its deals and an `accept` that accepts only from
    the `accept_from`-th deal on (None: never); the deals' numbers are recorded."""
    dealt_numbers: list[int] = []

    def deal(view: Any, rng: random.Random) -> list[list[Any]]:
        dealt_numbers.append(len(dealt_numbers) + 1)
        return SPEC._core_deal(view, rng)

    def accept(view: Any, dealt: list[list[Any]]) -> bool:
        return accept_from is not None and len(dealt_numbers) >= accept_from

    return dataclasses.replace(SPEC, deal=deal, accept=accept, tries=tries), dealt_numbers


def toy_view() -> Any:
    state = GAME.new_game(ToyOptions(), GAME.default_seats(ToyOptions()), seed=2)
    state.apply(state.legal_actions()[0])
    return state.view(1)


def test_a_rejected_deal_is_dealt_again_until_one_is_accepted() -> None:
    spec, numbers = counting_spec(accept_from=3)
    spec.sample(toy_view(), random.Random(0))
    assert numbers == [1, 2, 3]


def test_after_its_tries_the_last_deal_is_kept() -> None:
    spec, numbers = counting_spec(accept_from=None, tries=4)
    view = toy_view()
    sample = spec.sample(view, random.Random(0))
    assert numbers == [1, 2, 3, 4]
    assert sample.view(1) == view  # a whole state that shows the seat its view all the same


def test_without_hooks_the_sample_is_the_core_deal_built() -> None:
    view = toy_view()
    rng_a, rng_b = random.Random(5), random.Random(5)
    unseen = SPEC.unseen(view)
    from familia_tui.core.sampling import deal_unseen
    expected = SPEC.build(view, deal_unseen(unseen.cards, unseen.room, unseen.may_hold, rng_b))
    assert SPEC.sample(view, rng_a).hands == expected.hands  # type: ignore[attr-defined]


def test_a_game_may_not_override_sample() -> None:
    with pytest.raises(TypeError, match="deal"):
        class Mine(SearchSpec):
            def sample(self, view: Any, rng: random.Random) -> Any:
                raise AssertionError


def test_distinct_keeps_the_first_action_of_each_key_in_order() -> None:
    assert distinct(["a", "b", "c", "d"], [1, 2, 1, 3]) == ["a", "b", "d"]


def test_the_search_plays_out_one_action_of_each_key_and_chooses_among_them() -> None:
    """The toy's four trump choices keyed in two classes: only the first of each is played out,
    and the choice is one of them."""
    state = GAME.new_game(ToyOptions(), GAME.default_seats(ToyOptions()), seed=1)
    legal = list(state.legal_actions())
    assert len(legal) == 4
    tried: list[Any] = []

    def key(view: Any, actions: Any) -> list[int]:
        return [index % 2 for index in range(len(actions))]

    spec = dataclasses.replace(SPEC, key=key)
    bot = SearchBot(spec, "easy", clock=lambda: 0.0)
    playout = bot.playout

    def spy(sample: Any, action: Any, seat: int, start: Any, rng: random.Random) -> float:
        tried.append(action)
        return playout(sample, action, seat, start, rng)

    bot.playout = spy  # type: ignore[method-assign]
    chosen = bot.choose(state.view(0), legal, random.Random(1))
    assert set(tried) == {legal[0], legal[1]}
    assert chosen in (legal[0], legal[1])


def test_one_class_of_actions_needs_no_playout() -> None:
    state = GAME.new_game(ToyOptions(), GAME.default_seats(ToyOptions()), seed=1)
    legal = list(state.legal_actions())
    spec = dataclasses.replace(SPEC, key=lambda view, actions: [0] * len(actions))
    bot = SearchBot(spec, "easy", clock=lambda: 0.0)
    assert bot.choose(state.view(0), legal, random.Random(1)) == legal[0]
    assert bot.playouts == 0
