"""Chinkway's bots: they see only their view, finish games, and the basic bot plays sensibly."""

from __future__ import annotations

import random

from familia_tui.core.cards import parse_cards
from familia_tui.core.presets import find_preset
from familia_tui.core.simulate import simulate
from familia_tui.games.chinkway.actions import NO_TRUMP
from familia_tui.games.chinkway.bots import BasicBot, discard_choice, trump_choice
from familia_tui.games.chinkway.game import GAME
from familia_tui.games.chinkway.view import ChinkwayView


def test_the_dealer_chooses_trumps_from_his_hand_alone() -> None:
    hand = parse_cards("AS KS 10S 7S 3S AH 4H 9D 8D 2C QC JC")
    assert trump_choice(hand) == "S"
    low, high = discard_choice(hand)
    assert "S" not in (low.suit, high.suit) and 14 not in (low.rank, high.rank)
    flat = parse_cards("AS KS 3S AH KH 3H AD 4D 2D AC 3C 5C")
    assert trump_choice(flat) == NO_TRUMP


class Spy(BasicBot):
    """Records what it was given."""

    seen: list[object] = []

    def choose(self, view, legal, rng):  # type: ignore[no-untyped-def]
        Spy.seen.append(view)
        return super().choose(view, legal, rng)


def test_basic_bots_see_only_their_views_and_finish_every_preset() -> None:
    for preset in ("chinkway-11", "chinkway-10-reseat", "chinkway-10"):
        options = find_preset("chinkway", preset).options
        state = GAME.new_game(options, GAME.default_seats(options), seed=3)
        bot, rng = Spy(), random.Random(3)
        while not state.is_over:
            seat = state.to_act
            assert seat is not None
            action = bot.choose(state.view(seat), state.legal_actions(), rng)
            state.apply(action)
        assert all(isinstance(view, ChinkwayView) for view in Spy.seen)


def test_basic_bot_outscores_random_bots() -> None:
    """One basic bot at seat 0 against four random bots, over fixed seeds (no timing)."""
    options = find_preset("chinkway", "chinkway-11").options
    run = simulate(GAME, options, "chinkway-11", 30, 1, ["basic", "random", "random", "random", "random"])
    means = [sum(scores[i] for scores in run.scores) / len(run.scores) for i in range(5)]
    assert means[0] > max(means[1:])
