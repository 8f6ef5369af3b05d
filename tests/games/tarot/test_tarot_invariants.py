"""Seeded random playouts of every shipped Tarot preset, checking the engine's invariants.

At every step: a legal action exists until the game is over and the chosen one is accepted; the
78 cards are each in exactly one place (hands, chien, écart, finished tricks, the trick in play);
the 182 half points are all accounted for (taken in tricks, in play, in hands, chien, écart); the
seat to act sees its own hand in its view. Every scored hand's shares sum to zero and the totals
are their sums. At the end: the game ended after the configured hands, and replaying the
record's notation reproduces the state.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from familia_tui.core.presets import list_presets
from familia_tui.core.record import Record
from familia_tui.games.tarot.cards import CARDS, HALF_POINTS
from familia_tui.games.tarot.game import GAME
from familia_tui.games.tarot.rules import TarotState

PRESETS, ERRORS = list_presets("tarot")


def test_every_shipped_preset_loads() -> None:
    assert not ERRORS
    assert {"tarot-4", "tarot-4-fft", "tarot-3", "tarot-5", "tarot-5-fft", "tarot-4-grasch"} <= {
        p.id for p in PRESETS}


def _check_cards(state: TarotState) -> None:
    census = state.card_census()
    placed = Counter(c for cards in census.values() for c in cards)
    assert placed == Counter(CARDS), "every card exactly once"
    held = sum(HALF_POINTS[c] for key in ("hands", "chien", "ecart", "trick") for c in census[key])
    assert sum(state.won_half) + held == 182, "182 half points accounted for"
    assert sum(state.won_bouts) + sum(c.is_bout for key in ("hands", "chien", "ecart", "trick")
                                      for c in census[key]) == 3


def _check_results(state: TarotState) -> None:
    totals = [0] * state.n
    for result in state.results:
        assert sum(result.shares_half) == 0
        totals = [t + s for t, s in zip(totals, result.shares_half, strict=True)]
    assert totals == state.totals_half
    assert [r.number for r in state.results] == list(range(1, len(state.results) + 1))


def _playout(preset, seed: int) -> None:  # type: ignore[no-untyped-def]
    seats = GAME.default_seats(preset.options)
    state = GAME.new_game(preset.options, seats, seed=seed)
    rng = random.Random(seed)
    actions = []
    while not state.is_over:
        legal = state.legal_actions()
        assert legal, f"no legal action at step {len(actions)}"
        action = legal[rng.randrange(len(legal))]
        assert GAME.parse_action(str(action)) == action
        state.apply(action)
        actions.append(str(action))
        if state.to_act is not None:
            _check_cards(state)
            assert state.view(state.to_act).hand == tuple(state.hand(state.to_act))
    _check_results(state)
    assert state.hands_played == preset.options.hand_count == len(state.results)
    replayed = Record("tarot", preset.options, tuple(seats), seed, tuple(actions)).replay()
    assert replayed.totals_half == state.totals_half
    assert replayed.results == state.results
    assert replayed.tricks == state.tricks and replayed.dealer == state.dealer


@pytest.mark.parametrize("preset", PRESETS, ids=[p.id for p in PRESETS])
def test_random_playouts_keep_the_invariants(preset) -> None:  # type: ignore[no-untyped-def]
    for seed in range(2):
        _playout(preset, seed)


def test_clone_is_independent() -> None:
    preset = next(p for p in PRESETS if p.id == "tarot-5")
    state = GAME.new_game(preset.options, GAME.default_seats(preset.options), seed=5)
    rng = random.Random(5)
    for _ in range(40):
        state.apply(state.legal_actions()[rng.randrange(len(state.legal_actions()))])
    copy = state.clone()
    before = [str(a) for a in copy.legal_actions()]
    while not state.is_over:
        state.apply(state.legal_actions()[0] if str(state.legal_actions()[0]) != "pass"
                    else state.legal_actions()[-1])
    assert [str(a) for a in copy.legal_actions()] == before
    _check_cards(copy)
    assert copy.hands_played < state.hands_played
