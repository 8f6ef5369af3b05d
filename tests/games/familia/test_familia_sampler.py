"""The Familia search sampler (issue 15): samples agree with the seat's view, the true deal is
always possible, and the hidden cards are spread, not copied from the truth.

Rulings checked: drawn cards are public [R-F9a] and the stock's top card too [R-F9]; a batting
card [R-F1] and a hand Joker [R-F13] show no void; must-win shows the missing stronger cards
[R-F11][R-F12], never for the first hand card of a trick [R-F12a]; the 2-player game's player
sees both own hands [R-F27].
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest
from helpers import card, cards, options, play, position, stacked
from search_checks import assert_samples_agree, assert_true_deal_possible, random_positions

from familia_tui.core.cards import COLOURS
from familia_tui.core.presets import list_presets
from familia_tui.core.search import Level
from familia_tui.games.familia.game import GAME
from familia_tui.games.familia.rules import FamiliaState
from familia_tui.games.familia.search import PileCard, unseen

PRESETS, _ = list_presets("familia")


def true_dealt(state: FamiliaState, seat: int, dealt_cards: Sequence[Any]) -> list[list[Any]]:
    """Where the unseen cards truly are: the other hands' cards that are not known (the drawn
    ones are held last), the stock below its top card, and the piles."""
    person = state.seats[seat].person
    places: list[list[Any]] = []
    for other, hand in enumerate(state.hands):
        if state.seats[other].person != person:
            places.append(hand[:len(hand) - len(state.known[other])])
    places.append(list(reversed(state.stock[:-1])))
    places.extend([PileCard(colour, c) for c in state.piles[colour]] for colour in COLOURS)
    return places


@pytest.mark.parametrize("preset", PRESETS, ids=[p.id for p in PRESETS])
def test_samples_agree_and_the_truth_is_possible_for_every_preset(preset: Any) -> None:
    rng = random.Random(len(preset.id))
    checked = 0
    for state in random_positions(GAME, preset.options, range(2), rng, stops=3):
        for seat in {(state.to_act or 0) % state.n, ((state.to_act or 0) + 1) % state.n}:
            assert_samples_agree(GAME, state, seat, rng, samples=1)
            assert_true_deal_possible(GAME, state, seat, true_dealt)
            checked += 1
    assert checked


def test_the_truth_is_possible_from_every_seat_in_batting_games() -> None:
    """Batting Familia shows the most (must-win [R-F11][R-F12]): every seat of many positions."""
    opts = next(p.options for p in PRESETS if p.id == "familia-4-batting")
    rng = random.Random(5)
    for state in random_positions(GAME, opts, range(12), rng, stops=8):
        for seat in range(state.n):
            assert_true_deal_possible(GAME, state, seat, true_dealt)


def _holders(state: FamiliaState, seat: int, wanted: set[Any], samples: int = 60) -> set[int]:
    rng = random.Random(0)
    holders = set()
    assert GAME.search is not None
    for _ in range(samples):
        sample = GAME.search.sample(state.view(seat), rng)
        holders |= {other for other, hand in enumerate(sample.hands) if other != seat and set(hand) & wanted}
    return holders


def test_samples_spread_an_opponents_whole_suit() -> None:
    """Seat 1 holds every heart it can (A–6♥); seat 0's samples put hearts in every other hand
    (the sampler never reads the true hands)."""
    opts = options(4)
    state = stacked(opts, hands={1: "AH 10H 9H 8H 7H 6H"})
    hearts = set(cards("AH 10H 9H 8H 7H 6H"))
    assert _holders(state, 0, hearts) == {1, 2, 3}


def test_samples_spread_both_hand_jokers() -> None:
    """7 players with four hand Jokers: one seat holds them all; the samples spread them."""
    opts = options(7)
    state = stacked(opts, hands={3: "JK JK JK JK"})
    assert _holders(state, 0, {card("JK")}) == {1, 2, 3, 4, 5, 6}


def test_a_card_off_the_led_suit_shows_a_void() -> None:
    """Stock trick, spades led by the face card: seat 1 plays a heart, so it holds no spade."""
    opts = options(4)
    state = stacked(opts, hands={0: "2S 3S 4S 5S 6S 7S", 1: "2H 3H 4H 5H 6H 7H"}, black="KS")
    play(state, "pile black", "play 2S", "play 2H")
    found = unseen(state.view(0))
    for dealt, allowed in zip(found.cards, found.may_hold or (), strict=True):
        if isinstance(dealt, PileCard) or dealt.suit != "S":
            continue
        assert 0 not in allowed  # place 0 is seat 1
    assert not found.may_hold or any(0 in allowed for allowed in found.may_hold)


def test_a_batting_card_shows_no_void() -> None:
    """Normal 4-player Familia: 2♣ bats the led 2♠ (same colour and rank) and is always legal
    [R-F1], so playing it off the led suit shows nothing."""
    opts = options(4)
    state = stacked(opts, hands={0: "2S 3S 4S 5S 6S 7S", 1: "2C 3H 4H 5H 6H 7H"}, black="KS")
    play(state, "pile black", "play 2S", "play 2C")
    found = unseen(state.view(0))
    spades = [allowed for dealt, allowed in zip(found.cards, found.may_hold or (), strict=True)
              if not isinstance(dealt, PileCard) and dealt.suit == "S"]
    assert spades and all(0 in allowed for allowed in spades)


def test_must_win_shows_the_missing_stronger_cards() -> None:
    """Batting Familia: after 9♠, seat 1 follows with 3♠, so it holds no spade above the 9
    [R-F12]; the leader's 9♠ shows nothing of the sort [R-F12a]."""
    opts = options(4, style="batting")
    state = stacked(opts, hands={0: "9S 2H 3H 4H 5H 6H", 1: "3S 7H 8H 9H 10H AH",
                                            2: "2C 3C 4C 5C 6C 7C"}, black="KS",
                    stock="2D 3D")
    play(state, "pile black", "play 9S", "play 3S")
    found = unseen(state.view(2))
    allowed = dict(zip(found.cards, found.may_hold or (), strict=True))
    seat1, seat0 = 1, 0  # places of seats 1 and 0 in seat 2's view (others: 0, 1, 3)
    assert seat1 not in allowed[card("AS")] and seat1 not in allowed[card("10S")]
    assert seat1 in allowed[card("8S")] and seat0 in allowed[card("AS")]


def test_a_position_holds_its_drawn_cards_last() -> None:
    """The sampler rebuilds a hand as its hidden cards then its drawn (known) ones [R-F9a], as
    play leaves them; a position written with the known card first is held the same way."""
    state = position(options(4), hands={1: "5S 6S 7S"}, known={1: "5S"})
    assert state.hands[1][-1] == card("5S") and set(cards("6S 7S")) <= set(state.hands[1][:-1])


def test_playing_a_drawn_twin_keeps_the_drawn_cards_last() -> None:
    """Two decks: a seat holding a dealt 5♠ and a drawn 5♠ plays one; the drawn one is no longer
    known (either could have been played), and the hand still ends with its known cards."""
    state = position(options(6), hands={0: "5S 7H 5S 8D 9D"}, known={0: "5S 8D"}, trick=2)
    while state.to_act != 0 or state.phase != "play":
        state.apply(state.legal_actions()[0])
    play(state, "play 5S")
    hand, known = state.hands[0], state.known[0]
    assert hand[len(hand) - len(known):] == known == tuple(cards("8D")) and card("5S") in hand


def test_samples_shuffle_the_face_piles_not_copy_them() -> None:
    """The piles' cards are public, their order is not [R-F10]: the samples' next face cards
    vary, and each pile keeps exactly its own cards."""
    state = stacked(options(4), black="KS QS JS KC QC JC", red="KH QH JH KD QD JD")
    rng = random.Random(1)
    assert GAME.search is not None
    tops = set()
    for _ in range(30):
        sample = GAME.search.sample(state.view(0), rng)
        assert sorted(sample.piles["black"]) == sorted(state.piles["black"])
        tops.add(sample.piles["black"][-1])
    assert len(tops) > 3


@pytest.mark.parametrize("preset_id", ["familia-2", "familia-4-batting", "familia-7"])
def test_the_search_bot_plays_whole_games(preset_id: str) -> None:
    """`bot:search` is offered, and a few playouts per decision play a whole game legally
    (the 2-player game's player sees both own hands [R-F27]; hand Jokers in 7 players)."""
    assert "search:normal" in GAME.bot_kinds
    opts = next(p.options for p in PRESETS if p.id == preset_id)
    bot = GAME.make_bot("search:easy")
    bot.level = Level(playouts=4, seconds=60.0)
    state = GAME.new_game(opts, GAME.default_seats(opts), seed=3)
    rng = random.Random(3)
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        action = bot.choose(state.view(seat), state.legal_actions(), rng)
        state.apply(action)
    assert state.match.games
