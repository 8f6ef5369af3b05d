"""The Tarot search bot's playout policy (playout.py, issue 15): it always plays a legal action,
it plays cards by the basic bot's rules on the sampled state (draws trumps as a strong taker,
keeps the defence's face cards out of the taker's ruffs in played suits he lacks, spends the
Excuse before the last trick [A9]), and a hand played by it comes out like a hand of basic bots:
a Garde taker it plays makes his contract about as often (weaker play made the search refuse
every contract)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from familia_tui.core.presets import find_preset
from familia_tui.games.tarot.actions import Contract, Play
from familia_tui.games.tarot.bots import BasicBot
from familia_tui.games.tarot.cards import EXCUSE, JACK, PETIT, RANK, SUIT, TRUMP
from familia_tui.games.tarot.game import GAME
from familia_tui.games.tarot.playout import playout_policy
from familia_tui.games.tarot.rules import Phase, TarotState


def one_hand(preset: str) -> Any:
    return find_preset("tarot", preset).options.model_copy(update={"hands": 1, "first_dealer": 0})


def hands_played(preset: str, seeds: range, policy: Callable[[TarotState, random.Random], Any]
                 ) -> Iterator[tuple[TarotState, Any]]:
    """Every position of one-hand games on `seeds` played by `policy`, with its action."""
    options = one_hand(preset)
    for seed in seeds:
        state = GAME.new_game(options, GAME.default_seats(options), seed=seed)
        assert isinstance(state, TarotState)
        rng = random.Random(seed)
        while not state.is_over:
            action = policy(state, rng)
            yield state, action
            state.apply(action)


def card_of(action: Any) -> Any:
    return action.card if isinstance(action, Play) else None


@pytest.mark.parametrize("preset", ["tarot-3", "tarot-4", "tarot-5"])
def test_every_action_is_legal(preset: str) -> None:
    played = 0
    for state, action in hands_played(preset, range(40), playout_policy):
        assert action in state.legal_actions()
        played += 1
    assert played > 40 * 20


def test_a_taker_with_most_trumps_draws_them_from_the_top_when_sure() -> None:
    found = 0
    for state, action in hands_played("tarot-4", range(300), playout_policy):
        seat = state.acting()
        if state.phase is not Phase.PLAY or state.trick or seat != state.taker or state.grasch:
            continue
        trumps = [c for c in state.hands[seat][TRUMP] if c != PETIT]
        others = [c for s in range(state.n) if s != seat for c in state.hands[s][TRUMP]]
        suits = any(state.hands[seat][suit] for suit in range(4))
        if trumps and suits and len(state.hands[seat][TRUMP]) > len(others) and trumps[-1] > max(others, default=-1):
            assert card_of(action) == trumps[-1]
            found += 1
    assert found >= 5


def test_the_defence_leads_no_face_card_the_taker_would_ruff() -> None:
    found = 0
    for state, action in hands_played("tarot-4", range(200), playout_policy):
        seat = state.acting()
        card = card_of(action)
        if (state.phase is not Phase.PLAY or state.trick or card is None or state.grasch
                or state.taker is None or state.side[seat] != 1):
            continue
        taker = state.hands[state.taker]
        if taker[TRUMP]:
            found += 1

            played = {SUIT[c] for t in state.tricks for c in t.cards}
            # a face card of a suit played before that he lacks
            ruffed = [c for s in range(4) for c in state.hands[seat][s]
                      if RANK[c] >= JACK and not taker[s] and s in played]
            safe_left = sum(len(cards) for cards in state.hands[seat][:4]) > len(ruffed)
            assert not (card in ruffed and safe_left)
    assert found >= 100


def test_the_excuse_is_spent_before_the_last_trick_unless_the_side_took_every_trick() -> None:
    found = 0
    for state, action in hands_played("tarot-4", range(300), playout_policy):
        seat = state.acting()
        if state.phase is not Phase.PLAY or state.grasch:
            continue
        hand = [c for bucket in state.hands[seat] for c in bucket]
        if len(hand) == 2 and EXCUSE in hand and len(state.legal_actions()) == 2:
            swept = all(state.side[t.winner] == state.side[seat] for t in state.tricks)
            if not swept:
                assert card_of(action) == EXCUSE
                found += 1
    assert found >= 5


def test_a_garde_is_made_about_as_often_as_by_basic_bots() -> None:
    basic = BasicBot()

    def basic_policy(state: TarotState, rng: random.Random) -> Any:
        return basic.choose(state.view(state.acting()), state.legal_actions(), rng)

    def made(policy: Callable[[TarotState, random.Random], Any]) -> float:
        options = one_hand("tarot-4")
        results = []
        for seed in range(300):
            state = GAME.new_game(options, GAME.default_seats(options), seed=seed)
            assert isinstance(state, TarotState)
            rng = random.Random(seed)
            while not state.is_over:
                state.apply(policy(state, rng))
            if state.contract is Contract.GARDE and state.taker is not None:
                results.append(state.totals()[state.taker] > 0)
        assert len(results) > 100
        return sum(results) / len(results)

    assert abs(made(playout_policy) - made(basic_policy)) < 0.08
