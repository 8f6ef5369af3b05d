"""Every game's state is a `BaseState` whose clone cannot forget a field.

For every shipped preset of every game, a seeded random playout checks at each step that every
field of the state (and of the cloneable values it holds: the match, the session) is named by its
class's clone policy, that the fields declared immutable hold hashable values, and, at a few
points, that a clone played on to the end leaves the original exactly as it was, and the other
way round. Adding a field to a state without declaring it fails here.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from familia_tui.core.presets import list_presets
from familia_tui.core.registry import game_ids, get_game
from familia_tui.core.table import (
    BaseState,
    Cloneable,
    copied_fields,
    immutable_fields,
    undeclared_fields,
)

PRESETS = [(game, preset.id) for game in game_ids() for preset in list_presets(game)[0]]
MAX_STEPS = 3000
"""A playout stops after this many actions (long matches need not end)."""
CLONES = 3
"""Clones checked for independence per preset."""


def check_policy(obj: Cloneable, where: str) -> None:
    """Every field declared; immutable ones hashable; nested cloneables checked too."""
    missing = undeclared_fields(obj)
    assert not missing, f"{where}: fields missing from {type(obj).__name__}'s clone policy: {sorted(missing)}"
    fields = vars(obj)
    for name in immutable_fields(obj) & fields.keys():
        try:
            hash(fields[name])
        except TypeError:
            pytest.fail(f"{where}: {type(obj).__name__}.{name} is declared immutable but holds "
                        f"a {type(fields[name]).__name__}")
    for name in copied_fields(obj):
        if isinstance(fields.get(name), Cloneable):
            check_policy(fields[name], f"{where}.{name}")


def snapshot(obj: Any) -> Any:
    """A deep, comparable copy of an object's fields (generators compared by their state)."""
    if isinstance(obj, random.Random):
        return ("rng", obj.getstate())
    if isinstance(obj, Cloneable):
        return (type(obj).__name__, {name: snapshot(value) for name, value in vars(obj).items()
                                     if name not in ("events", "_legal")})
    return copy.deepcopy(obj)


def play_out(state: Any, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if state.is_over:
            return
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])


def check_independent(state: Any, rng: random.Random) -> None:
    """A clone played on leaves the original as it was, and the original's moves the clone."""
    before = snapshot(state)
    other = state.clone()
    assert type(other) is type(state)
    assert snapshot(other) == before
    play_out(other, random.Random(rng.random()), 200)
    assert snapshot(state) == before, "playing the clone changed the original"
    twin = state.clone()
    twin_before = snapshot(twin)
    play_out(state, random.Random(rng.random()), 200)
    assert snapshot(twin) == twin_before, "playing the original changed its clone"


@pytest.mark.parametrize(("game", "preset_id"), PRESETS, ids=[f"{g}/{p}" for g, p in PRESETS])
def test_every_field_of_the_state_is_in_its_clone_policy(game: str, preset_id: str) -> None:
    spec = get_game(game)
    preset = next(p for p in list_presets(game)[0] if p.id == preset_id)
    rng = random.Random(preset_id)
    state = spec.new_game(preset.options, spec.default_seats(preset.options), seed=rng.randrange(1000))
    assert isinstance(state, BaseState), f"{game}: the state does not build on BaseState"
    clone_at = sorted(rng.sample(range(1, 120), CLONES))
    for step in range(MAX_STEPS):
        check_policy(state, f"{preset_id} step {step}")
        if state.is_over:
            break
        if clone_at and step == clone_at[0]:
            clone_at.pop(0)
            check_independent(state.clone(), rng)
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
