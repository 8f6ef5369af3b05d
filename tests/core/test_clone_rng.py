"""A state's generator is cloned copy-on-write (core/table.py, issue 15): a clone copies no
generator state, yet each side draws exactly what it would have drawn from a copy of its own,
and neither ever moves the other (DESIGN.md §2: the same options, seats, seed and actions give
the same game)."""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest

from familia_tui.core.presets import find_preset
from familia_tui.core.registry import game_ids, get_game
from familia_tui.core.table import Cloneable, SharedRandom, copy_list, copy_rng, lazy_copy


class Holder(Cloneable):
    """A cloneable with a generator, the way the game states declare theirs."""

    COPIED = {"rng": copy_rng, "drawn": copy_list}

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.drawn: list[float] = []

    def draw(self) -> float:
        value = self.rng.random()
        self.drawn.append(value)
        return value


class CountingRandom(random.Random):
    """A generator that counts how often its state is read (each copy reads it once)."""

    reads = 0

    def getstate(self) -> tuple[Any, ...]:
        CountingRandom.reads += 1
        return super().getstate()


def sequence(seed: int, skip: int, count: int) -> list[float]:
    rng = random.Random(seed)
    for _ in range(skip):
        rng.random()
    return [rng.random() for _ in range(count)]


def test_a_clone_reads_no_generator_state_until_it_draws() -> None:
    holder = Holder(1)
    holder.rng = CountingRandom(1)
    CountingRandom.reads = 0
    twins = [holder.clone() for _ in range(5)]
    twins += [twins[0].clone() for _ in range(5)]
    assert CountingRandom.reads == 0
    twins[3].draw()
    assert CountingRandom.reads == 1
    holder.draw()  # the original too draws from a copy of the frozen state
    assert CountingRandom.reads == 2


def test_drawing_in_a_clone_never_moves_the_original_and_the_other_way_round() -> None:
    original = Holder(5)
    first = [original.draw() for _ in range(3)]
    clone = original.clone()
    in_clone = [clone.draw() for _ in range(4)]
    in_original = [original.draw() for _ in range(4)]
    assert first == sequence(5, 0, 3)
    assert in_clone == in_original == sequence(5, 3, 4)
    later = clone.clone()  # a clone of a clone that owns its state, then the original again
    assert [later.draw() for _ in range(2)] == [clone.draw() for _ in range(2)] == sequence(5, 7, 2)
    again = original.clone()
    assert [original.draw() for _ in range(2)] == sequence(5, 7, 2)
    assert [again.draw() for _ in range(2)] == sequence(5, 7, 2)


def test_clones_of_a_clone_that_has_not_drawn_share_its_origin() -> None:
    original = Holder(9)
    original.draw()
    chain = [original.clone()]
    for _ in range(4):
        chain.append(chain[-1].clone())
    for twin in reversed(chain):
        assert [twin.draw() for _ in range(3)] == sequence(9, 1, 3)
    assert [original.draw() for _ in range(3)] == sequence(9, 1, 3)


@pytest.mark.parametrize("use", [
    lambda rng: [rng.random() for _ in range(3)],
    lambda rng: [rng.randrange(37) for _ in range(20)],  # rejection: a bound method calls again
    lambda rng: rng.sample(range(100), 7),
    lambda rng: [rng.choice("abcdefg") for _ in range(9)],
    lambda rng: [rng.gauss(0.0, 1.0) for _ in range(3)],
    lambda rng: rng.randbytes(9),
    lambda rng: rng.getstate(),
    lambda rng: pickle.loads(pickle.dumps(rng)).random(),
], ids=["random", "randrange", "sample", "choice", "gauss", "randbytes", "getstate", "pickle"])
def test_a_lazy_copy_draws_what_a_full_copy_draws(use: Any) -> None:
    source = random.Random(3)
    source.gauss(0.0, 1.0)  # a gauss value is pending in the state too
    assert use(lazy_copy(source)) == use(copy_rng(source))


def test_a_shuffle_through_a_lazy_copy_matches() -> None:
    source = random.Random(11)
    cards, expected = list(range(54)), list(range(54))
    lazy = lazy_copy(source)
    lazy.shuffle(cards)
    copy_rng(source).shuffle(expected)
    assert cards == expected
    assert type(lazy) is random.Random  # it owns its state now: plain draws from here on


def test_reseeding_a_lazy_copy_replaces_its_state() -> None:
    lazy = lazy_copy(random.Random(1))
    lazy.seed(42)
    assert lazy.random() == random.Random(42).random()
    other = lazy_copy(random.Random(1))
    other.setstate(random.Random(8).getstate())
    assert other.random() == random.Random(8).random()


GAMES = {"familia": "familia-4-match-3-games", "sixsuit": None, "tarot": None, "chinkway": None,
         "daifugo": "daifugo-session-5"}
"""Each game's preset with more than one deal (so that a clone played on deals again)."""


def random_game(game: str, seed: int, clone_every_step: bool, steps: int = 1500) -> list[Any]:
    """A seeded random game's views after every step; with `clone_every_step`, the state is
    cloned before every action and the clone played on a few random actions (dealing, when a
    deal ends) before the original goes on."""
    spec = get_game(game)
    options = find_preset(game, GAMES[game] or spec.default_preset).options
    state = spec.new_game(options, spec.default_seats(options), seed=seed)
    chooser, scratch = random.Random(seed), random.Random(seed + 1)
    seen = []
    for _ in range(steps):
        if state.is_over:
            break
        if clone_every_step:
            twin = state.clone()
            for _ in range(60):
                if twin.is_over:
                    break
                legal = twin.legal_actions()
                twin.apply(legal[scratch.randrange(len(legal))])
        legal = state.legal_actions()
        state.apply(legal[chooser.randrange(len(legal))])
        seen.append(state.view(0))
    return seen


def test_every_game_is_checked() -> None:
    assert set(GAMES) == set(game_ids())


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_game_cloned_at_every_step_is_the_game_never_cloned(game: str) -> None:
    assert random_game(game, 4, clone_every_step=True) == random_game(game, 4, clone_every_step=False)


def test_a_shared_random_is_shared_by_clones_on_purpose() -> None:
    """A search's sample may hold a `SharedRandom` (its later deals are the search's guess):
    clones then share it, and no state is copied; any other generator is never shared."""
    holder = Holder(2)
    holder.rng = SharedRandom(2)
    twin = holder.clone()
    assert twin.rng is holder.rng and copy_rng(holder.rng) is holder.rng
    assert twin.draw() == sequence(2, 0, 1)[0] and holder.draw() == sequence(2, 1, 1)[0]
    plain = Holder(2).clone()
    assert plain.rng is not Holder(2).rng and type(plain.rng) is not SharedRandom


@pytest.mark.parametrize("game", ["chinkway", "daifugo", "tarot"])
def test_a_sample_draws_from_a_shared_random_and_a_real_game_never_does(game: str) -> None:
    spec = get_game(game)
    assert spec.search is not None
    options = find_preset(game, spec.default_preset).options
    state = spec.new_game(options, spec.default_seats(options), seed=1)
    assert type(state.rng) is not SharedRandom  # type: ignore[attr-defined]
    sample = spec.search.sample(state.view(state.to_act), random.Random(1))
    assert type(sample.rng) is SharedRandom  # type: ignore[attr-defined]
