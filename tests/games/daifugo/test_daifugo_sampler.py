"""The search bot's Daifugō sampler (issue 15): samples from one seat's view agree with it, and
the true hands are always a possible sample.

Hidden: the other hands (their sizes are public) and so the jokers. There are no card exchanges
(digest C: none between games), and a pass tells nothing (C4: always legal). What the table saw
narrows the deal: the ♥3 holder leads first (DF-7); a ドボン window shows a joker-free hand of
the play's sum (C13, DF-28a) and a play with no window shows that no other hand matched; the
seat to lead is not stuck (DF-23a); nobody held a 天和 or ○○残し hand when it was checked
(DF-24, DF-25a).
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Sequence
from typing import Any

import pytest
from search_checks import assert_samples_agree, assert_true_deal_possible, random_positions

from familia_tui.core.cards import JOKER, Card, parse_card
from familia_tui.core.engine import Seat
from familia_tui.core.presets import list_presets
from familia_tui.games.daifugo.game import GAME
from familia_tui.games.daifugo.options import DaifugoOptions
from familia_tui.games.daifugo.rules import DaifugoState
from familia_tui.games.daifugo.search import SEARCH, value

PRESETS, _ = list_presets("daifugo")


def true_dealt(state: DaifugoState, seat: int, cards: Sequence[Any]) -> list[list[Any]]:
    """Where the unseen cards truly are: the hands of the other seats still holding cards."""
    return [state.hand(other) for other in range(state.n) if other != seat and state.counts[other]]


def check_positions(options: DaifugoOptions, seeds: range, rng: random.Random,
                    seats: list[Seat] | None = None) -> int:
    checked = 0
    for state in _positions(options, seeds, rng, seats):
        for seat in range(state.n):
            assert_samples_agree(GAME, state, seat, rng, samples=1)
            assert_true_deal_possible(GAME, state, seat, true_dealt)
            assert SEARCH.unseen(state.view(seat)) is not None
            history = _history(state.view(seat))
            assert history.agrees(history.hands(true_dealt(state, seat, ()))), "the truth is ruled out"
            checked += 1
    return checked


def _positions(options: DaifugoOptions, seeds: range, rng: random.Random,
               seats: list[Seat] | None) -> Any:
    if seats is None:
        yield from random_positions(GAME, options, seeds, rng, stops=3)
        return
    for seed in seeds:  # as random_positions, with these seats (bots are asked for ドボン)
        state = GAME.new_game(options, seats, seed=seed)
        while not state.is_over:
            if rng.random() < 3 / 60:
                yield state.clone()
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])


def _history(view: Any) -> Any:
    from familia_tui.games.daifugo.search import _read

    return _read(view)[0]


@pytest.mark.parametrize("preset", PRESETS, ids=lambda p: p.id)
def test_samples_agree_and_the_truth_is_possible_for_every_preset(preset: Any) -> None:
    rng = random.Random(zlib.crc32(preset.id.encode()))
    options = preset.options.model_copy(update={"games": min(preset.options.games, 2)})  # a later game too
    assert check_positions(options, range(3), rng) > 3


@pytest.mark.parametrize("dobon", ["auto", "ask"])
def test_windows_seen_by_bots_agree(dobon: str) -> None:
    """Bots are asked for every ドボン (DF-28a): the open window and the declined ones narrow
    the deal (a joker-free hand of the play's sum), and the truth stays possible."""
    options = DaifugoOptions(dobon=dobon, uno="strict", rule_card="5S")
    seats = [Seat(name=f"P{i + 1}", controller="bot:random") for i in range(4)]
    rng = random.Random(5)
    windows = 0
    for state in _positions(options, range(25), rng, seats):
        windows += state.phase in ("dobon", "chombo") or bool(state.declines)
        for seat in range(4):
            assert_samples_agree(GAME, state, seat, rng, samples=1)
            assert_true_deal_possible(GAME, state, seat, true_dealt)
            history = _history(state.view(seat))
            assert history.agrees(history.hands(true_dealt(state, seat, ())))
    assert windows >= 4


def test_a_window_shows_a_joker_free_hand_of_the_sum() -> None:
    """A seat in a ドボン window holds no joker (C9.6) and its hand sums to the play (C13): the
    other seats' samples give it such a hand."""
    options = DaifugoOptions(dobon="ask", rule_card="6S")
    seats = [Seat(name=f"P{i + 1}", controller="bot:random") for i in range(4)]
    rng = random.Random(8)
    found = 0
    for state in _positions(options, range(60), rng, seats):
        if state.phase != "dobon":
            continue
        caller, target = state.to_act, state.top_seat
        for seat in (s for s in range(4) if s != caller):
            for _ in range(5):
                sample = SEARCH.sample(state.view(seat), rng)
                assert sample.jokers[caller] == 0
                assert sample.sums[caller] == state.last_play_value
                assert sample.pending[0] == ("dobon", caller)
        found += 1
        assert target is not None
    assert found >= 2


def test_unusual_hidden_cards_spread() -> None:
    """An opponent holding all four jokers and every 2: another seat's samples put them
    anywhere among the hidden hands (the sampler never reads the true hands)."""
    hands = ["JK JK JK JK 2S 2H 2D 2C 3S 4S 5S 6S 7S 9S",
             "3H 4H 5H 6H 7H 9H 10H JH QH KH AH 8S 8H 10S",
             "3D 4D 5D 6D 7D 9D 10D JD QD KD AD 8D JS QS",
             "3C 4C 5C 6C 7C 9C 10C JC QC KC AC 8C KS AS"]
    options = DaifugoOptions(rule_card="6S")
    state = GAME.new_game(options, GAME.default_seats(options), deal={"hands": hands})
    assert state.to_act == 1  # the ♥3 holder leads (DF-7)
    view = state.view(1)
    rng = random.Random(0)
    holders: dict[Card, set[int]] = {JOKER: set(), parse_card("2S"): set()}
    for _ in range(60):
        sample = SEARCH.sample(view, rng)
        assert sample.view(1) == view
        for card in holders:
            holders[card] |= {seat for seat in (0, 2, 3) if card in sample.hand(seat)}
    assert holders == {JOKER: {0, 2, 3}, parse_card("2S"): {0, 2, 3}}


def test_the_heart_three_stays_with_the_first_leader() -> None:
    """The first leader held the ♥3 (DF-7): while unplayed, every sample puts it in his hand."""
    options = DaifugoOptions(rule_card="6S")
    state = GAME.new_game(options, GAME.default_seats(options), seed=4)
    leader = state.first_leader
    play = next(a for a in state.legal_actions() if "3H" not in str(a))
    state.apply(play)
    seat = (leader + 2) % 4
    rng = random.Random(2)
    for _ in range(20):
        sample = SEARCH.sample(state.view(seat), rng)
        assert parse_card("3H") in sample.hand(leader)


def test_value_counts_biri_and_places() -> None:
    """The seat's value: minus one per ビリ (DF-31), a little per place gone out in."""
    options = DaifugoOptions(games=2)
    state = GAME.new_game(options, GAME.default_seats(options), seed=3)
    rng = random.Random(3)
    while state.game_no == 1:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    record = state.session.games[0]
    assert value(state, record.biri) == -1.0
    if record.places:
        assert value(state, record.places[0]) == max(value(state, s) for s in range(4)) > 0


def test_playouts_play_legal_moves_to_the_end_of_the_game() -> None:
    """The playout policy gives a legal action everywhere, and a playout stops when the game's
    ビリ is decided (the horizon), before the next game's deal."""
    options = DaifugoOptions(games=3)
    rng = random.Random(4)
    for seed in range(10):
        state = GAME.new_game(options, GAME.default_seats(options), seed=seed)
        start = SEARCH.horizon(state)
        while SEARCH.horizon(state) == start:
            action = SEARCH.playout(state, rng)
            assert action in state.legal_actions()
            state.apply(action)
        assert len(state.session.games) == 1


def test_the_search_bot_chooses_a_legal_action() -> None:
    """`bot:search:easy` on a Daifugō decision: a legal action, after its playouts."""
    from familia_tui.core.search import SearchBot

    options = DaifugoOptions()
    state = GAME.new_game(options, GAME.default_seats(options), seed=2)
    bot = SearchBot(SEARCH, "easy", clock=lambda: 0.0)
    rng = random.Random(2)
    for _ in range(3):
        seat = state.to_act
        assert seat is not None
        action = bot.choose(state.view(seat), state.legal_actions(), rng)
        assert action in state.legal_actions()
        state.apply(action)
    assert "search:normal" in GAME.bot_kinds


def test_playouts_say_uno_in_strict_mode() -> None:
    """With strict ウノ the playouts never miss it (DF-26a): no チョンボ window opens."""
    options = DaifugoOptions(uno="strict")
    rng = random.Random(6)
    for seed in range(15):
        state = GAME.new_game(options, GAME.default_seats(options), seed=seed)
        while not state.is_over:
            state.apply(SEARCH.playout(state, rng))
            assert state.uno_missed is None
        assert all(game.reason != "uno" for game in state.session.games)


def test_a_leader_passed_over_as_stuck_held_no_lead() -> None:
    """With the `pass_on` option a stuck leader is passed over (DF-23a), in public: the samples
    give him a hand of jokers or one card that may not finish at that moment, as the truth."""
    options = DaifugoOptions(stuck_leader="pass_on")
    rng = random.Random(3)
    found = 0
    for state in random_positions(GAME, options, range(150), rng, stops=2):
        if not state.stucks:
            continue
        found += 1
        for seat in range(state.n):
            history = _history(state.view(seat))
            assert history.agrees(history.hands(true_dealt(state, seat, ())))
            for _ in range(3):
                sample = SEARCH.sample(state.view(seat), rng)
                dealt = [sample.hand(s) for s in range(state.n) if s != seat and state.counts[s]]
                assert history.agrees(history.hands(dealt))
    assert found >= 3
