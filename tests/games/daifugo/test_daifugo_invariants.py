"""Seeded random playouts of every shipped Daifugō preset, checking the engine's invariants.

For each preset, sessions are played by random choices; at every step:
- a legal action exists until the session is over, the listed actions are distinct, and every
  one read by index is accepted;
- every card of the game is in exactly one place (hands, the trick, the discard, the kept hands
  of 天和 and 残し), 56 in all, and the hand sizes and ドボン sums agree with the hands;
- places list distinct seats that hold no cards; the seat to act holds cards.
At the end: every game has one ビリ who is not in its places, the places and the unranked seats
and ビリ cover the table, the totals are minus the ビリ counts, and replaying the record
reproduces the session.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from daifugo_helpers import options, position

from familia_tui.core.presets import list_presets
from familia_tui.core.record import Record
from familia_tui.core.table import INLINE_FIELDS
from familia_tui.games.daifugo.deck import DECK, hand_value
from familia_tui.games.daifugo.game import GAME
from familia_tui.games.daifugo.rules import DaifugoState
from familia_tui.games.daifugo.search import SEARCH

PRESETS, ERRORS = list_presets("daifugo")


def test_every_shipped_preset_loads() -> None:
    assert not ERRORS
    assert len(PRESETS) >= 20
    assert {p.id for p in PRESETS} >= {"daifugo-4", "daifugo-plain", "daifugo-shina", "daifugo-kana",
                                       "daifugo-j", "daifugo-unaccepted", "daifugo-strict-uno",
                                       "daifugo-dobon-ask", "daifugo-3", "daifugo-8"}


def _check_cards(state: DaifugoState) -> None:
    census = state.card_census()
    placed = Counter(c for cards in census.values() for c in cards)
    assert placed == Counter(DECK)
    for seat in range(state.n):
        hand = state.hand(seat)
        assert state.counts[seat] == len(hand)
        assert state.sums[seat] == hand_value(state.slots[seat])
        assert state.jokers[seat] == sum(c.is_joker for c in hand)
    assert len(set(state.places)) == len(state.places)
    assert all(state.counts[s] == 0 for s in state.places)
    assert state.holders == sum(1 for c in state.counts if c)
    if state.to_act is not None:
        assert state.counts[state.to_act] > 0


def _check_result(state: DaifugoState) -> None:
    result = state.result()
    assert len(result.games) == state.options.games
    for record in result.games:
        assert record.biri not in record.places
        assert sorted(record.order) == list(range(state.n))
    counts = Counter(g.biri for g in result.games)
    assert result.totals == {s.name: -counts[i] for i, s in enumerate(state.seats)}


def _playout(preset, seed: int) -> int:  # type: ignore[no-untyped-def]
    seats = GAME.default_seats(preset.options)
    state = GAME.new_game(preset.options, seats, seed=seed)
    rng = random.Random(seed)
    actions = []
    while not state.is_over:
        legal = state.legal_actions()
        assert len(legal), f"no legal action at step {len(actions)}"
        if len(legal) < 100:
            listed = list(legal)
            assert len(set(listed)) == len(listed) == len(legal)
        action = legal[int(rng.random() * len(legal))]
        state.apply(action)
        actions.append(str(action))
        _check_cards(state)
        assert len(actions) < 5000, "the session does not end"
    _check_result(state)
    replayed = Record("daifugo", preset.options, tuple(seats), seed, tuple(actions)).replay()
    assert replayed.session.games == state.session.games
    return len(actions)


@pytest.mark.parametrize("preset", PRESETS, ids=[p.id for p in PRESETS])
def test_random_playouts_keep_the_invariants(preset) -> None:  # type: ignore[no-untyped-def]
    for seed in range(4):
        _playout(preset, seed)


def test_a_state_keeps_the_fields_cpython_shares_between_instances() -> None:
    """The state's fields stay within CPython 3.11's shared key table of a class (29 fields):
    one more and every field access and method call on every state looks its name up in a
    dict (see `core.table.INLINE_FIELDS`). Checked through a session of every preset, on the
    sampler's states and on a scenario position."""
    seen: set[str] = set()
    rng = random.Random(5)
    for preset in PRESETS:
        state = GAME.new_game(preset.options, GAME.default_seats(preset.options), seed=3)
        while not state.is_over:
            seen |= set(vars(state))
            if rng.random() < 0.05:
                seen |= set(vars(SEARCH.sample(state.view(state.acting()), rng)))
            legal = state.legal_actions()
            state.apply(legal[int(rng.random() * len(legal))])
        seen |= set(vars(state))
    assert len(seen) <= INLINE_FIELDS == 29, sorted(seen)
    assert set(vars(position(options(), hands={0: "4S 4D", 1: "QC QD", 2: "JC JD", 3: "10C 10D"}))) <= seen
