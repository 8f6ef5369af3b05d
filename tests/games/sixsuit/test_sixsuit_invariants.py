"""Random playouts of every shipped six-suit preset: a legal action exists until the end, every
card is accounted for (hands, decks, discards, removed Jokers and whites, captures, the face pile
and the face card at stake, the trick), scores follow the items, replay reproduces the game, and
the game ends. Plus counting tests of the legal actions for fixed positions."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from sixsuit_helpers import SPEC, do, legal, new, position

from familia_tui.core.cards import SIX_SUITS, Card
from familia_tui.core.presets import list_presets
from familia_tui.games.sixsuit.actions import parse_action
from familia_tui.games.sixsuit.rules import FACE_PILE, NUMBERS, SixSuitState

PRESETS = [preset.id for preset in list_presets("sixsuit")[0]]
SEEDS = range(12)


def full_deck(state: SixSuitState) -> Counter[Card]:
    """Every card the game uses [R-S1]: the suits' A–10 in play, 18 face cards, the specials."""
    cards = [Card(rank, suit) for suit in state.suits for rank in NUMBERS] + list(FACE_PILE)
    if state.team_game:
        cards += SIX_SUITS.parse_cards("BJ BJ RJ RJ W W")
    else:
        cards += [c for share in state.splits for c in share]
    return Counter(cards)


def check(state: SixSuitState, where: str) -> None:
    if state.phase == "split":
        return
    census = Counter(c for cards in state.card_census().values() for c in cards)
    assert census == full_deck(state), where
    assert all(len(hand) <= 3 for hand in state.hands), where
    if state.phase == "play" and not state.is_over:
        assert state.face is not None, where
    result = state.result()
    bonus = result.battalion_points
    for team, (unit, seats) in enumerate(result.units):
        assert result.totals[unit] == sum(result.scores[s] for s in seats) + (bonus[team] if bonus else 0), where


@pytest.mark.parametrize("preset", PRESETS)
def test_random_playouts_keep_every_card_and_end(preset: str) -> None:
    for seed in SEEDS:
        state = new(preset, seed=seed)
        rng = random.Random(seed)
        actions = []
        for step in range(3000):
            check(state, f"{preset} seed {seed} step {step}")
            if state.is_over:
                break
            acts = state.legal_actions()
            assert acts, f"{preset} seed {seed} step {step}: no legal action"
            action = acts[rng.randrange(len(acts))]
            assert parse_action(str(action)) == action
            actions.append(action)
            state.apply(action)
        assert state.is_over, f"{preset} seed {seed} did not end"
        replay = new(preset, seed=seed)
        for action in actions:
            replay.apply(action)
        assert replay.result() == state.result() and replay.hands == state.hands


@pytest.mark.parametrize("preset", PRESETS)
def test_basic_bots_finish_every_preset(preset: str) -> None:
    opts = new(preset).options
    bots = [SPEC.bots["basic"]() for _ in range(len(SPEC.default_seats(opts)))]
    for seed in range(3):
        state = new(preset, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_act
            assert seat is not None
            state.apply(bots[seat].choose(state.view(seat), state.legal_actions(), rng))


# ----- counting legal actions in fixed positions (perft-style) -----


def test_counting_the_leader_plays_face_up_only() -> None:
    state = position(hands={0: "2S 3S 4S"})
    assert len(state.legal_actions()) == 4  # three cards face up, the deck


def test_counting_a_follower_has_seven_actions() -> None:
    state = do(position(hands={0: "2S 3S 4S", 1: "2H 3H 4H"}), "play 2S")
    assert len(state.legal_actions()) == 7  # three cards up or down, the deck


def test_counting_equal_cards_are_one_choice() -> None:
    state = do(position(hands={0: "2S 3S 4S", 2: "BJ BJ 5X"}, specials=["-", "RJ", "BJ BJ", "RJ", "W", "W"]),
               "play 2S", "deck")
    assert sorted(legal(state)) == sorted(["play BJ", "play BJ down", "play 5X", "play 5X down", "deck"])


def test_counting_rebuild_choices_are_the_sub_hands_and_a_pass() -> None:
    state = do(position(hands={0: "4S 3S 2S", 1: "2H 3H 4H", 2: "2X 3X 4X", 3: "5L 3L 4L", 4: "2C 3C 4C",
                               5: "5D 3D 4D"}),
               "play 4S", "play 2H", "play 2X", "play 5L", "play 3C", "play 5D")
    assert state.phase == "rebuild" and state.to_act == 3  # the first 5 won
    assert len(set(state.hands[3])) == 3
    assert len(state.legal_actions()) == 9  # pass, or rebuild discarding any of the 8 sub-hands


def test_counting_splits_18_with_6_players_6_with_4() -> None:
    assert len(new("sixsuit-6").legal_actions()) == 18
    assert len(new("sixsuit-4").legal_actions()) == 6
