"""One event vocabulary (core/events.py): every event a game reports is a shared kind or one the
game names in its spec, over random games of every shipped preset."""

from __future__ import annotations

import random

import pytest

from familia_tui.core.events import COMMON, GAME_OVER
from familia_tui.core.presets import list_presets
from familia_tui.core.registry import game_ids, get_game

PRESETS = [(game, preset) for game in game_ids() for preset in list_presets(game)[0]]


@pytest.mark.parametrize(("game", "preset"), PRESETS, ids=[f"{g}/{p.id}" for g, p in PRESETS])
def test_every_event_is_shared_or_the_games_own(game: str, preset) -> None:  # type: ignore[no-untyped-def]
    spec = get_game(game)
    options = getattr(preset.options, "resolved", lambda: preset.options)()
    state = spec.new_game(options, spec.default_seats(options), seed=7)
    rng, kinds, steps = random.Random(7), {e.kind for e in getattr(state, "events", [])}, 0
    last: list[str] = []
    while not state.is_over and steps < 4000:
        legal = state.legal_actions()
        last = [e.kind for e in state.apply(legal[rng.randrange(len(legal))])]
        kinds |= set(last)
        steps += 1
    assert kinds <= COMMON | spec.events, sorted(kinds - COMMON - spec.events)
    assert not spec.events & COMMON
    if state.is_over:
        assert GAME_OVER in last
