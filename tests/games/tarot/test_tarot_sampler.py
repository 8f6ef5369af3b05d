"""The search bot's sampler for Tarot (sampler.py, issue 15): samples agree with the seat's view
and the truth is always a possible sample, on every shipped preset; hidden cards are spread, not
followed; the constraints the rules imply are there (A3, A5, A6, A8, A9, TA-2, TA-11, TA-14a)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest
from search_checks import assert_samples_agree, assert_true_deal_possible, random_positions
from tarot_helpers import cards, options, play, position, stacked

from familia_tui.core.presets import list_presets
from familia_tui.core.search import Level, SearchBot
from familia_tui.games.tarot.cards import SUIT, TRUMP, trump
from familia_tui.games.tarot.game import GAME
from familia_tui.games.tarot.rules import Phase, TarotState
from familia_tui.games.tarot.sampler import SEARCH, analyse

PRESETS = sorted(list_presets("tarot")[0], key=lambda preset: preset.id)


def true_dealt(state: TarotState, seat: int, unseen: Sequence[Any]) -> list[list[Any]]:
    """Where the unseen cards truly are: the other hands in seat order, then the stock (the
    hidden chien, or the taker's écart in the order he made it, empty for the taker himself)."""
    places: list[list[Any]] = [state.hand(other) for other in range(state.n) if other != seat]
    if not state.chien_taken:
        places.append(list(state.chien))
    else:
        places.append([] if seat == state.taker else list(state.ecart))
    return places


def secret_declined(state: TarotState, seat: int) -> bool:
    """Another seat said `declare none` and is still to play its first card: its own secret [A8],
    which no rebuilt state can know."""
    other = state.to_act
    return (state.phase is Phase.PLAY and state.trick_no == 0 and other is not None
            and other != seat and other in state.declined)


@pytest.mark.parametrize("preset", PRESETS, ids=[preset.id for preset in PRESETS])
def test_samples_agree_and_the_truth_is_possible(preset: Any) -> None:
    rng = random.Random(f"sampler {preset.id}")
    options_ = preset.options.model_copy(update={"hands": 2})
    checked = 0
    for state in random_positions(GAME, options_, range(3), rng, stops=3):
        for seat in range(state.n):
            assert_samples_agree(GAME, state, seat, rng, samples=1)
            if not secret_declined(state, seat):
                assert_true_deal_possible(GAME, state, seat, true_dealt)
            checked += 1
    assert checked >= 3


def play_until(state: TarotState, phase: Phase) -> None:
    rng = random.Random(0)
    while state.phase is not phase:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])


def test_samples_spread_a_hand_of_trumps() -> None:
    """Seat 2 holds eighteen trumps: seat 0's samples deal them to every other place (the sampler
    never reads the true hands)."""
    opts = options(4)
    state = stacked(opts, hands={2: "T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21"})
    rng = random.Random(1)
    holders: set[int] = set()
    for _ in range(30):
        sample = SEARCH.sample(state.view(0), rng)
        holders |= {seat for seat in (1, 2, 3) if sample.hands[seat][TRUMP]}
        holders |= {4} if any(SUIT[c] == TRUMP for c in sample.chien) else set()
    assert holders == {1, 2, 3, 4}


def test_a_queen_called_puts_the_four_kings_with_the_taker() -> None:
    """5 players: calling a queen means holding the four kings [TA-14a]; the others' samples
    give them to the taker, whose dealt hand lacked a queen."""
    opts = options(5)
    state = stacked(opts, hands={1: "RS RH RD RC DS DH DD T21 T20 T19 T18 T17 T16 T15 EX"})
    play(state, "bid garde-sans", "pass", "pass", "pass", "pass", "call DC")
    rng = random.Random(2)
    kings = cards("RS RH RD RC")
    for _ in range(20):
        sample = SEARCH.sample(state.view(3), rng)
        assert set(kings) <= set(sample.hand(1))
        assert not set(cards("DS DH DD DC")) <= set(sample.hand(1))


def test_tricks_show_voids_and_the_highest_trump_a_seat_may_hold() -> None:
    """Trumps led: a seat that plays a lower trump holds no higher one (it had to overtrump);
    one that plays a suit card holds no trump; the Excuse shows nothing [A9]."""
    opts = options(4, declarations="none")
    state = position(opts, hands={0: "3S"}, taker=1, contract="garde-sans",
                     tricks=[["T12", "T5", "1H", "T15"]], trick_cards=["2S", "EX"])
    view = state.view(0)
    analysis = analyse(view)
    assert analysis.unseen.may_hold is not None
    places = dict(zip(analysis.unseen.cards, analysis.unseen.may_hold, strict=True))
    seat = {other: index for index, other in enumerate(analysis.others)}
    for number in range(13, 22):
        if trump(number) in places:
            assert seat[2] not in places[trump(number)]
            assert seat[1] in places[trump(number)]
    assert all(seat[2] in places[trump(number)] for number in range(2, 12) if trump(number) in places)
    assert all(seat[3] not in places[trump(number)] for number in range(1, 22) if trump(number) in places)
    rng = random.Random(3)
    assert_samples_agree(GAME, state, 0, rng, samples=5)


@pytest.mark.parametrize("preset_id", ["tarot-4", "tarot-4-fft", "tarot-5"])
def test_a_sampled_ecart_keeps_the_ecart_rules(preset_id: str) -> None:
    """A defender's samples of the écart [A6, TA-2, TA-14a]: never a king, a bout or the called
    card; a trump only when the taker then holds no suit card he could have discarded instead;
    with shown discards, exactly the shown trumps."""
    preset = next(preset for preset in PRESETS if preset.id == preset_id)
    rng = random.Random(preset_id)
    checked = 0
    for seed in range(12):
        state = GAME.new_game(preset.options, GAME.default_seats(preset.options), seed=seed)
        play(state, "bid garde", *["pass"] * (state.n - 1))  # the first speaker takes
        steps = rng.randrange(4 * state.n)
        while state.phase is not Phase.PLAY or steps > 0:
            steps -= state.phase is Phase.PLAY
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        assert state.taker is not None
        defender = (state.taker + 1) % state.n
        for _ in range(5):
            sample = SEARCH.sample(state.view(defender), rng)
            trumps = [c for c in sample.ecart if SUIT[c] == TRUMP]
            assert not any(c.is_bout or (SUIT[c] < TRUMP and c.rank == 14) or c == sample.called
                           for c in sample.ecart)
            if trumps:
                assert not any(SUIT[c] < TRUMP and c.rank != 14 and c != sample.called
                               for c in sample.hand(sample.taker))
            if preset.options.discarded_trumps_shown:
                assert sorted(trumps) == sorted(c for c in state.ecart if SUIT[c] == TRUMP)
            checked += 1
    assert checked > 0


def test_search_bots_play_a_hand_to_its_end() -> None:
    """Every seat a search bot on a small budget (5 players: the call and the secret partner):
    each decision is legal and the hand is scored."""
    options_ = next(p for p in PRESETS if p.id == "tarot-5-fft").options.model_copy(update={"hands": 1})
    state = GAME.new_game(options_, GAME.default_seats(options_), seed=4)
    bot = SearchBot(SEARCH, "easy", clock=lambda: 0.0)
    bot.level = Level(playouts=8, seconds=1.0)
    rng = random.Random(4)
    while not state.is_over:
        seat = state.acting()
        state.apply(bot.choose(state.view(seat), state.legal_actions(), rng))
    assert len(state.results) == 1
