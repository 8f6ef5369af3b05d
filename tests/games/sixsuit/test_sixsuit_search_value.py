"""What the six-suit search plays for (search.py, issue 15): the margin and the game won. At the
game's end a won game is worth `WIN` beyond the margin, the winner as the rules name it (B.2.9's
tie-breaks [R-S19]); before the end a guess from the lead that grows with the lead and sharpens as
the face cards run out; playouts go to the game's end once `ENDGAME` face cards are left."""

from __future__ import annotations

import random

import pytest
from sixsuit_helpers import SPEC

from familia_tui.core.presets import find_preset
from familia_tui.games.sixsuit import search
from familia_tui.games.sixsuit.bots import BasicBot
from familia_tui.games.sixsuit.rules import SixSuitState
from familia_tui.games.sixsuit.search import ENDGAME, WIN, horizon, value


def played(preset: str, seed: int, stop: int | None = None) -> SixSuitState:
    """A game of basic bots on `seed`, to its end or until `stop` face cards are left."""
    options = find_preset("sixsuit", preset).options
    state = SPEC.new_game(options, SPEC.default_seats(options), seed=seed)
    assert isinstance(state, SixSuitState)
    bot, rng = BasicBot(), random.Random(seed)
    while not state.is_over and (stop is None or search._left(state) > stop or state.phase != "play"):
        seat = state.to_act
        assert seat is not None
        state.apply(bot.choose(state.view(seat), state.legal_actions(), rng))
    return state


@pytest.mark.parametrize("preset", ["sixsuit-4-fixed", "sixsuit-6-fixed"])
def test_a_won_game_is_worth_win_beyond_the_margin(preset: str) -> None:
    tie_broken = 0
    for seed in range(12):
        state = played(preset, seed)
        result = state.result()
        winner = result.order[0]
        names = state.unit_names()
        seats = {names[state.team_of[s]]: s for s in range(state.n)}
        won, lost = seats[winner], seats[result.order[1]]
        margin = result.totals[winner] - result.totals[result.order[1]]
        assert value(state, won) - value(state, lost) == pytest.approx(2 * margin + WIN)
        tie_broken += result.tie_break != "total"  # [B.2.9]: the rules' winner gets WIN
    assert tie_broken >= 1  # (seeds 5 of the 4-player game, 0, 5, 8 and 11 of the 6-player one)


def test_before_the_end_the_chance_grows_with_the_lead_and_sharpens() -> None:
    state = played("sixsuit-4-fixed", 3, stop=8)
    points = [0.0, 0.0]
    assert search._won(state, 0, points) == pytest.approx(0.5)
    points = [3.0, 0.0]
    early = search._won(state, 0, points)
    assert early > 0.5
    assert search._won(state, 1, points) == pytest.approx(1 - early)
    assert search._won(state, 0, [6.0, 0.0]) > early
    late = played("sixsuit-4-fixed", 3, stop=3)
    assert search._won(late, 0, [3.0, 0.0]) > early


def test_playouts_go_to_the_end_once_few_face_cards_are_left() -> None:
    early = played("sixsuit-4-fixed", 5, stop=ENDGAME + 2)
    assert horizon(early) == early.tricks
    late = played("sixsuit-4-fixed", 5, stop=ENDGAME)
    assert horizon(late) == -1
    bot, rng = BasicBot(), random.Random(0)
    while not late.is_over:
        assert horizon(late) == -1
        seat = late.to_act
        assert seat is not None
        late.apply(bot.choose(late.view(seat), late.legal_actions(), rng))
