"""Seeded random playouts of every Chinkway preset: the invariants of DESIGN.md §9."""

from __future__ import annotations

import random

import pytest

from familia_tui.core.presets import find_preset
from familia_tui.core.table import follow_suit, trick_winner
from familia_tui.games.chinkway.game import GAME, default_seats
from familia_tui.games.chinkway.quest import PLAY_PACK, TRIANGLE
from familia_tui.games.chinkway.rules import ChinkwayState, Phase

PRESETS = ("chinkway-11", "chinkway-10-reseat", "chinkway-10")
MAX_ACTIONS = 11 * (2 + 50 + 10)
"""A deal is a discard, trumps, 50 cards and at most 10 picks."""


def census_ok(state: ChinkwayState) -> None:
    cards = [card for where in state.card_census().values() for card in where]
    assert sorted(cards) == sorted(PLAY_PACK), "a card of the play pack is missing or doubled"


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("seed", range(4))
def test_random_playout_invariants(preset: str, seed: int) -> None:
    options = find_preset("chinkway", preset).options
    state = GAME.new_game(options, default_seats(options), seed=seed)
    assert isinstance(state, ChinkwayState)
    rng, actions = random.Random(seed), []
    while not state.is_over:
        legal = state.legal_actions()
        assert legal, "no legal action but the game is not over"
        assert len(set(legal)) == len(legal)
        census_ok(state)
        if state.phase is Phase.PLAY:
            view = state.view(state.to_act)  # type: ignore[arg-type]
            assert len(view.hand) == 10 - state.trick_no
            # the fast paths agree with the table's rules: follow suit if able [B5, CW-2] …
            assert [a.card for a in legal] == follow_suit(view.hand, state.led)  # type: ignore[union-attr]
            if len(state.trick) == 4:  # … the highest trump, else the highest of the led suit, wins
                trick = [*state.trick, (state.to_act, legal[0].card)]  # type: ignore[union-attr]
                events = state.clone().apply(legal[0])
                won = next(event for event in events if event.kind == "trick_won")
                assert won.seat == trick[trick_winner([c for _, c in trick], state.trump)][0]
        action = legal[rng.randrange(len(legal))]
        actions.append(str(action))
        state.apply(action)
        assert len(actions) <= MAX_ACTIONS
    assert state.to_act is None and state.legal_actions() == []
    result = state.result()
    assert result.deals_played == options.deals
    for record in state.history:  # scores obey the table: each side's triangle, for every member
        scores = {TRIANGLE[len(cards)] for cards in record.collected}
        assert set(record.scores) <= scores
        assert sum(record.scores) == sum(TRIANGLE[len(c)] * len(s) for c, s in zip(record.collected, record.sides,
                                                                                 strict=True))
    replay = GAME.new_game(options, default_seats(options), seed=seed)
    for text in actions:
        replay.apply(GAME.parse_action(text))
    assert replay.rows == state.rows and replay.history == state.history
