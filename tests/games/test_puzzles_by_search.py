"""Issue 16, item 1: a best-play puzzle's answer is checked by the engine (`familia-tui check`)
and by the search bot: played out from the puzzle's position in the same sampled deals, no other
legal action does clearly better than the answer, and some action does clearly worse (else the
puzzle asks a question the position does not decide)."""

from __future__ import annotations

import random
import statistics
from pathlib import Path

import pytest

from familia_tui.core.presets import rules_dir
from familia_tui.core.registry import get_game
from familia_tui.core.scenario import load_scenario, start_state
from familia_tui.core.search import SearchBot

GAMES = ("familia", "tarot", "daifugo", "sixsuit", "chinkway")
BEST_PLAY = sorted(path for game in GAMES for path in (rules_dir(game) / "practice").glob("*.yaml")
                   if load_scenario(path).kind == "best-play")
DEALS = 600
Z = 2.58
"""A difference counts when its 99 % interval excludes zero."""


def gains(path: Path) -> tuple[dict[str, list[float]], list[str]]:
    """Each legal action's gain for the seat to act in `DEALS` sampled deals (the same deals for
    every action), and the puzzle's answers in canonical notation."""
    scenario = load_scenario(path)
    spec = get_game(scenario.game)
    assert spec.search is not None
    state = start_state(spec, scenario)
    seat = state.to_act
    view, legal = state.view(seat), state.legal_actions()
    bot = SearchBot(spec.search, clock=lambda: 0.0)
    rng = random.Random(path.stem)
    found: dict[str, list[float]] = {str(action): [] for action in legal}
    for _ in range(DEALS):
        sample = spec.search.sample(view, rng)
        start = spec.search.value(sample, seat), spec.search.horizon(sample)
        for action in legal:
            found[str(action)].append(bot.playout(sample.clone(), action, seat, start, rng))
    return found, [str(spec.parse_action(answer)) for answer in scenario.answer]


def interval(differences: list[float]) -> tuple[float, float]:
    mean = statistics.fmean(differences)
    half = Z * statistics.stdev(differences) / len(differences) ** 0.5 if len(differences) > 1 else 0.0
    return mean - half, mean + half


def test_every_game_has_best_play_puzzles_to_check() -> None:
    assert {load_scenario(path).game for path in BEST_PLAY} >= {"familia", "daifugo", "sixsuit"}


@pytest.mark.parametrize("path", BEST_PLAY, ids=lambda path: f"{path.parent.parent.name}/{path.stem}")
def test_the_search_bot_agrees_with_the_best_play_answer(path: Path) -> None:
    found, answers = gains(path)
    best = max(answers, key=lambda answer: statistics.fmean(found[answer]))
    worse = []
    for action, values in found.items():
        if action in answers:
            continue
        low, high = interval([v - b for v, b in zip(values, found[best], strict=True)])
        assert low <= 0, f"the search finds {action} better than the answer {best} by {low:.2f} or more"
        if high < 0:
            worse.append(action)
    assert worse, f"no legal action does clearly worse than {best}: the position does not decide the question"
