"""Helpers of the six-suit tests: positions written out, actions in notation."""

from __future__ import annotations

import random
from typing import Any

from familia_tui.core.cards import SIX_SUITS, Card
from familia_tui.core.presets import find_preset
from familia_tui.core.registry import get_game
from familia_tui.games.sixsuit.actions import parse_action
from familia_tui.games.sixsuit.options import CANONICAL, SixSuitOptions
from familia_tui.games.sixsuit.rules import SixSuitState

SPEC = get_game("sixsuit")


def options(preset: str = "sixsuit-6", **changes: Any) -> SixSuitOptions:
    base = find_preset("sixsuit", preset).options
    return SixSuitOptions.model_validate({**base.model_dump(), **changes})


def cards(text: str) -> list[Card]:
    return SIX_SUITS.parse_cards(text)


def position(preset: str = "sixsuit-6", seed: int = 1, changes: dict[str, Any] | None = None,
             **data: Any) -> SixSuitState:
    """A position between tricks; suits default to the canonical order by seat."""
    opts = options(preset, **(changes or {}))
    seats = SPEC.default_seats(opts)
    data.setdefault("suits", list(opts.suit_set))
    state = SPEC.position(opts, seats, data, seed)  # type: ignore[misc]
    assert isinstance(state, SixSuitState)
    return state


def new(preset: str = "sixsuit-6", seed: int = 1, deal: dict[str, Any] | None = None,
        **changes: Any) -> SixSuitState:
    opts = options(preset, **changes)
    state = SPEC.new_game(opts, SPEC.default_seats(opts), seed=seed, deal=deal)
    assert isinstance(state, SixSuitState)
    return state


def do(state: SixSuitState, *notations: str) -> SixSuitState:
    for text in notations:
        state.apply(parse_action(text))
    return state


def legal(state: SixSuitState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def pass_declarations(state: SixSuitState) -> SixSuitState:
    """Everyone passes the rebuild declaration (forced rebuilds taken)."""
    while state.phase == "rebuild":
        acts = state.legal_actions()
        state.apply(acts[0])
    return state


def play_out(state: SixSuitState, rng: random.Random, limit: int = 5000) -> SixSuitState:
    for _ in range(limit):
        if state.is_over:
            break
        acts = state.legal_actions()
        state.apply(acts[rng.randrange(len(acts))])
    return state


SUITS6 = CANONICAL
