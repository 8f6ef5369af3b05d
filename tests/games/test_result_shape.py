"""One result shape for every game (`core.engine.Result`): what simulate, the saved-game lists
and statistics read, checked on finished bot games of every game's default preset."""

from __future__ import annotations

import random

import pytest

from familia_tui.core.presets import find_preset
from familia_tui.core.registry import game_ids, get_game


@pytest.mark.parametrize("game", game_ids())
def test_a_finished_games_result_has_units_totals_deals_and_a_ranking(game: str) -> None:
    spec = get_game(game)
    options = find_preset(game, spec.default_preset).options
    options = getattr(options, "resolved", lambda: options)()
    for seed in range(3):
        state = spec.new_game(options, spec.default_seats(options), seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        result = state.result()
        units = [unit for unit, _ in result.units]
        seats = sorted(seat for _, members in result.units for seat in members)
        assert seats == list(range(len(state.seats)))  # every seat in exactly one unit
        assert set(result.totals) == set(units) and result.deals_played >= 1
        ranking = result.ranking()
        assert sorted(unit for unit, _ in ranking) == sorted(units)
        ranks = [rank for _, rank in ranking]
        assert ranks[0] == 1 and ranks == sorted(ranks)
        assert all(rank <= place + 1 for place, rank in enumerate(ranks))  # ties share a rank
