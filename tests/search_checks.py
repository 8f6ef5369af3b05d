"""Checks every game's sampler passes (issue 15): shared by the games' sampler tests.

A sampler (`SearchSpec.unseen` then `build`) reads one seat's view only. On positions reached by
random play, each sample must be a whole legal state that the seat cannot tell from the true one
(the same view, the same legal actions, playable to the end), and the true deal must be one of
the deals the sampler can produce: the true cards satisfy its constraints, and building from them
gives back the true state as every seat sees it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from familia_tui.core.engine import GameSpec, GameState


def random_positions(spec: GameSpec, options: Any, seeds: Sequence[int], rng: random.Random,
                     stops: int = 4) -> Iterator[GameState]:
    """States of random games with `options`, `stops` times per game at random steps (each a
    clone: the caller may change it)."""
    for seed in seeds:
        state = spec.new_game(options, spec.default_seats(options), seed=seed)
        while not state.is_over:
            if rng.random() < stops / 60:
                yield state.clone()
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])


def assert_samples_agree(spec: GameSpec, state: GameState, seat: int, rng: random.Random,
                         samples: int = 3) -> None:
    """Each sample from `seat`'s view shows that seat the same view and legal actions as the true
    state, and plays on legally to the game's end."""
    assert spec.search is not None
    view = state.view(seat)
    for _ in range(samples):
        sample = spec.search.sample(view, rng)
        assert sample.view(seat) == view
        assert sample.to_act == state.to_act
        if seat == state.to_act:
            assert list(sample.legal_actions()) == list(state.legal_actions())
        steps = 0
        while not sample.is_over and steps < 5000:
            legal = sample.legal_actions()
            assert legal, "a sample has no legal action before the game's end"
            sample.apply(legal[rng.randrange(len(legal))])
            steps += 1


def assert_true_deal_possible(spec: GameSpec, state: GameState, seat: int,
                              true_dealt: Callable[[GameState, int, Sequence[Any]], list[list[Any]]]) -> None:
    """The true places of the unseen cards (`true_dealt(state, seat, cards)`, read by the test
    from the true state) satisfy the sampler's room and constraints, and building from them gives
    the true state back as every seat sees it."""
    assert spec.search is not None
    view = state.view(seat)
    unseen = spec.search.unseen(view)
    dealt = true_dealt(state, seat, unseen.cards)
    assert [len(cards) for cards in dealt] == list(unseen.room)
    assert sorted(map(str, (card for cards in dealt for card in cards))) == sorted(map(str, unseen.cards))
    if unseen.may_hold is not None:
        allowed = dict(zip(unseen.cards, unseen.may_hold, strict=True))
        for place, cards in enumerate(dealt):
            for card in cards:
                assert place in allowed[card], f"{card} truly in place {place}, which the sampler rules out"
    rebuilt = spec.search.build(view, [list(cards) for cards in dealt])
    for other in range(len(state.view(seat).seats)):
        assert rebuilt.view(other) == state.view(other), f"seat {other} tells the rebuilt state apart"


def assert_keyed_twins_agree(state: GameState, legal: Sequence[Any], keys: Sequence[Any],
                             play_on: Callable[[GameState, random.Random], object], seed: int) -> int:
    """A search key (`SearchSpec.key`) may group only actions that lead to the same game: each
    action whose key an earlier action has is played against that first one, both followed by
    the same choices (`play_on(twin, random.Random(seed))`), and must give the same outcome.
    How many pairs were compared."""
    first: dict[Any, Any] = {}
    checked = 0
    for action, key in zip(legal, keys, strict=True):
        if key in first:
            games = []
            for play in (first[key], action):
                twin = state.clone()
                twin.apply(play)
                games.append(play_on(twin, random.Random(seed)))
            assert games[0] == games[1], f"{first[key]} and {action} share a key but not a game"
            checked += 1
        first.setdefault(key, action)
    return checked
