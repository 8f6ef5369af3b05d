"""Seeded random playouts of every shipped Familia preset, checking the engine's invariants.

For each preset, several matches are played by random choices; at every step:
- a legal action exists until the match is over, and every legal action is accepted;
- every hand card of the deal is in exactly one place (hands, stock, trick, discard), and every
  face card of the game is unrevealed, captured, voided or the face card of the trick;
- drawn cards that are still held are known (public) [R-F9a];
- the fast legal plays (`FamiliaState.legal_actions`) are the obligations' layers joined [R-F12].
At the end: replaying the record reproduces the state; scores, team totals and rankings agree;
misère goes exactly to players with no capture.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from familia_tui.core.cards import JOKER, SUITS, face_cards
from familia_tui.core.presets import list_presets
from familia_tui.core.record import Record
from familia_tui.games.familia.actions import PlayCard
from familia_tui.games.familia.game import GAME
from familia_tui.games.familia.rules import FamiliaState, Phase, hand_pool
from familia_tui.games.familia.trick import CARD_ID

PRESETS, ERRORS = list_presets("familia")


def test_every_shipped_preset_loads() -> None:
    assert not ERRORS
    assert len(PRESETS) >= 20


def _face_universe(state: FamiliaState) -> Counter:
    options = state.options
    jokers = sum(options.face_jokers_of(d) for d in range(options.deals))
    return Counter(face_cards(options.sets) + [JOKER] * jokers)


def _check_cards(state: FamiliaState) -> None:
    census = state.card_census()
    placed = Counter(c for cards in census.values() for c in cards)
    assert placed == Counter(hand_pool(state.options.pool_decks, *state.options.adjustment))
    faces = Counter(state.unrevealed_face_cards()) + Counter(state.face_discard)
    faces += Counter(c for cap in state.captures for c in cap)
    if state.face_card is not None:
        faces[state.face_card] += 1
    assert faces == _face_universe(state)
    for seat, known in enumerate(state.known):
        assert not Counter(known) - Counter(state.hands[seat])


def _check_result(state: FamiliaState) -> None:
    match = state.match
    for game in match.games:
        for unit, members in match.units:
            standing = next(s for s in game.standings if s.unit == unit)
            assert standing.total == sum(game.players[i].total for i in members)
        ranks = [s.rank for s in game.standings]
        assert ranks == sorted(ranks) and ranks[0] == 1
        for player in game.players:
            assert (player.misere_bonus > 0) == (player.face_count == 0)
            assert player.total == (sum(e.scored for e in player.entries)
                                    + player.zero_sum_bonus + player.misere_bonus)
    if match.rules.scoring == "melds":
        for unit, _ in match.units:
            assert match.totals[unit] == sum(g.unit_total(unit) for g in match.games)


def _check_playable(state: FamiliaState) -> None:
    """The engine's fast statement of the legal plays (`FamiliaState.legal_actions`, on card
    ids) is the obligations' layers joined [R-F12]: the same cards, each once, in hand order (a
    Joker's plays last), and each action's card id kept beside it; a Joker leading a trump trick names each suit
    [R-F14]."""
    if state.phase is not Phase.PLAY:
        return
    hand = state.hands[state.turn]
    legal = state.obligations().legal
    actions = [a for a in state.legal_actions() if isinstance(a, PlayCard)]
    assert len(actions) == len(state.legal_actions())
    assert [CARD_ID[a.card] for a in actions] == state._legal_ids
    cards = tuple(dict.fromkeys(a.card for a in actions))
    assert set(cards) == legal
    assert [c for c in cards if c != JOKER] == [c for c in dict.fromkeys(hand) if c in legal and c != JOKER]
    leads = [a.declared for a in actions if a.card == JOKER]
    if JOKER in cards and not state.played and not state.stock_trick:
        assert leads == list(SUITS)
    else:
        assert leads in ([], [None])


def _playout(preset, seed: int) -> None:  # type: ignore[no-untyped-def]
    seats = GAME.default_seats(preset.options)
    state = GAME.new_game(preset.options, seats, seed=seed)
    rng = random.Random(seed)
    actions = []
    while not state.is_over:
        legal = state.legal_actions()
        assert legal, f"no legal action at step {len(actions)}"
        action = legal[rng.randrange(len(legal))]
        state.apply(action)
        actions.append(str(action))
        if state.to_act is not None:
            _check_cards(state)
            _check_playable(state)
    _check_result(state)
    replayed = Record("familia", preset.options, tuple(seats), seed, tuple(actions)).replay()
    assert replayed.match.totals == state.match.totals
    assert [g.players for g in replayed.match.games] == [g.players for g in state.match.games]
    assert replayed.history == state.history


@pytest.mark.parametrize("preset", PRESETS, ids=[p.id for p in PRESETS])
def test_random_playouts_keep_the_invariants(preset) -> None:  # type: ignore[no-untyped-def]
    for seed in range(3):
        _playout(preset, seed)
