"""The search bot (core/search.py) and the sampler checks, on the tests' toy whist."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest
from search_checks import assert_samples_agree, assert_true_deal_possible, random_positions
from toy.game import GAME, ToyOptions, ToyState

from familia_tui.core.search import LEVELS, SearchBot


def true_dealt(state: ToyState, seat: int, cards: Sequence[Any]) -> list[list[Any]]:
    """Where the unseen cards truly are: the other seats' hands (the team's own while it chooses
    trumps are seen)."""
    known = {0, 2} if state.phase == "trump" and seat in (0, 2) else {seat}
    return [list(state.hands[other]) for other in range(4) if other not in known]


def test_toy_samples_agree_with_the_view_and_the_truth_is_possible() -> None:
    rng = random.Random(3)
    checked = 0
    for state in random_positions(GAME, ToyOptions(), range(30), rng):
        for seat in range(4):
            assert_samples_agree(GAME, state, seat, rng, samples=2)
            assert_true_deal_possible(GAME, state, seat, true_dealt)
            checked += 1
    assert checked > 100


def test_samples_do_not_follow_the_hidden_cards() -> None:
    """A seat holding every spade: the others' samples spread the spades (the sampler never
    reads the true hands)."""
    spades = "10S JS QS KS AS"
    hands = [spades, "10H JH QH KH AH", "10D JD QD KD AD", "10C JC QC KC AC"]
    state = GAME.new_game(ToyOptions(), GAME.default_seats(ToyOptions()), deal={"hands": hands})
    state.apply(GAME.parse_action("trump S"))
    rng = random.Random(0)
    holders = set()
    for _ in range(40):
        sample = GAME.search.sample(state.view(1), rng)  # type: ignore[union-attr]
        holders |= {seat for seat in (0, 2, 3) for card in sample.hands[seat] if card.suit == "S"}
    assert holders == {0, 2, 3}


def frozen_clock() -> float:
    """A clock that never moves: decisions stop at their playout count only."""
    return 0.0


def play_toy(search_seats: set[int], seed: int, level: str = "easy") -> list[int]:
    """One toy game, search bots at `search_seats`, random bots elsewhere; the tricks per team."""
    options = ToyOptions()
    state = GAME.new_game(options, GAME.default_seats(options), seed=seed)
    search = SearchBot(GAME.search, level, clock=frozen_clock)  # type: ignore[arg-type]
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        legal = state.legal_actions()
        action = (search.choose(state.view(seat), legal, rng) if seat in search_seats
                  else legal[rng.randrange(len(legal))])
        assert action in legal
        state.apply(action)
    return state.tricks


def test_the_search_bot_is_repeatable_for_a_view_and_seed() -> None:
    assert play_toy({0, 2}, seed=7) == play_toy({0, 2}, seed=7)


def test_the_search_bot_stops_at_its_playouts_or_its_time() -> None:
    state = GAME.new_game(ToyOptions(), GAME.default_seats(ToyOptions()), seed=1)
    bot = SearchBot(GAME.search, "easy", clock=frozen_clock)  # type: ignore[arg-type]
    legal = state.legal_actions()  # four trump suits: two rounds, four actions then two
    bot.choose(state.view(0), legal, random.Random(1))
    budget = LEVELS["easy"].playouts
    assert bot.playouts == 4 * (budget // 8) + 2 * (budget // 4)
    ticks = iter(range(1000))
    timed = SearchBot(GAME.search, "easy", clock=lambda: next(ticks) * 0.1)  # type: ignore[arg-type]
    timed.choose(state.view(0), legal, random.Random(1))
    assert timed.playouts == 3  # the first, then at 0.1 s and 0.2 s (under 95 % of 0.25 s), not at 0.3 s


def test_an_only_action_needs_no_search() -> None:
    bot = SearchBot(GAME.search, "hard", clock=frozen_clock)  # type: ignore[arg-type]
    assert bot.choose(None, ["only"], random.Random(0)) == "only"
    assert bot.playouts == 0


def test_the_search_team_beats_random_play() -> None:
    """Toy whist, search (easy) against random on the same deals, both seatings."""
    lead = 0
    for seed in range(12):
        first = play_toy({0, 2}, seed)
        second = play_toy({1, 3}, seed)
        lead += (first[0] - first[1]) + (second[1] - second[0])
    assert lead > 12  # more than a trick a deal on average


@pytest.mark.parametrize("kind", ["search", "search:easy", "search:normal", "search:hard"])
def test_search_kinds_are_offered_and_made(kind: str) -> None:
    assert kind in GAME.bot_kinds
    assert isinstance(GAME.make_bot(kind), SearchBot)


def test_an_unknown_search_level_names_the_kinds() -> None:
    with pytest.raises(ValueError, match="search:hard"):
        GAME.make_bot("search:expert")
