"""Chinkway's sampler (the search bot's deals, games/chinkway/search.py): from one seat's view it
deals the other hands, the dealer's discards [CW-7] and the quest pack [B1, CW-9, CW-11] so that
the seat cannot tell the sample from the truth, the truth is always among the possible samples,
and it never follows the hidden cards."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

import pytest
from search_checks import assert_samples_agree, assert_true_deal_possible, random_positions

from familia_tui.core.cards import Card, parse_cards
from familia_tui.core.presets import list_presets
from familia_tui.core.search import Level
from familia_tui.games.chinkway.game import GAME
from familia_tui.games.chinkway.quest import ALL_PICTURES
from familia_tui.games.chinkway.rules import PLAYERS, ChinkwayState, Phase
from familia_tui.games.chinkway.search import DISCARDS, QUEST_CARDS, SEARCH, _turned_quests

PRESETS = [preset.id for preset in list_presets("chinkway")[0]]


def true_dealt(state: ChinkwayState, seat: int, cards: Sequence[Any]) -> list[list[Any]]:
    """Where the seat's unseen cards truly are: the other hands, the dealer's discards (unless
    the seat is the dealer), the quest pack in order, the quest cards turned unseen and the two
    pictures left out."""
    view = state.view(seat)
    known, unseen_turned = _turned_quests(view)
    used = state.quest_used[:len(state.quest_used) - len(known)]
    assert len(used) == unseen_turned and state.quest_used[len(used):] == known
    hidden_discards = seat != state.dealer and state.phase is not Phase.DISCARD
    return [*(list(state.hands[other]) for other in range(PLAYERS) if other != seat),
            list(state.discards) if hidden_discards else [],
            [QUEST_CARDS[card] for card in state.quest_pack], [QUEST_CARDS[card] for card in used],
            [QUEST_CARDS[card] for card in state.removed]]


@pytest.mark.parametrize("preset_id", PRESETS)
def test_samples_agree_with_the_view_and_the_truth_is_possible(preset_id: str) -> None:
    """Random positions of every preset, every seat: a sample shows the seat what it sees (voids
    from failing to follow [B5, CW-2]), and the true deal is one the sampler can deal."""
    preset = next(p for p in list_presets("chinkway")[0] if p.id == preset_id)
    rng = random.Random(preset_id)
    checked = 0
    for state in random_positions(GAME, preset.options, range(2), rng, stops=2):
        for seat in range(PLAYERS):
            assert_true_deal_possible(GAME, state, seat, true_dealt)
            if checked % 4 == 0:
                assert_samples_agree(GAME, state, seat, rng, samples=1)
            checked += 1
    assert checked > 100


def test_a_position_with_quests_turned_before_it() -> None:
    """A position at deal 4 (three quests turned unseen) and one at deal 11 (after the quest
    pack's reshuffle [CW-9]): the turned quests are dealt as unseen cards, and the truth fits."""
    options = next(p for p in list_presets("chinkway")[0] if p.id == "chinkway-11").options
    rng = random.Random(4)
    for deal in (4, 11):
        data = {"deal": deal, "scores": [[1, 3, 0, 6, 1]] * (deal - 1)}
        state = GAME.position(options, GAME.default_seats(options), data, seed=deal)  # type: ignore[misc]
        state.apply(state.legal_actions()[0])  # the discard
        state.apply(state.legal_actions()[0])  # trumps: the quest is turned
        for seat in range(PLAYERS):
            assert_true_deal_possible(GAME, state, seat, true_dealt)
            assert_samples_agree(GAME, state, seat, rng, samples=2)
        unseen = SEARCH.unseen(state.view(0))
        assert unseen.room[-2] == (15 if deal == 4 else 0)


def _spread(state: ChinkwayState, seat: int, samples: int, where: Any) -> set[Any]:
    """What `where(sample)` gives over samples from `seat`'s view, gathered."""
    rng = random.Random(seat)
    found: set[Any] = set()
    for _ in range(samples):
        found |= where(SEARCH.sample(state.view(seat), rng))
    return found


def test_samples_do_not_follow_the_hidden_cards() -> None:
    """Seat 2 holds ten spades, the dealer laid aside two Aces [CW-7] and the quest pack leaves
    out K♠ and K♥ [B1]: the other seats' samples spread all of them."""
    options = next(p for p in list_presets("chinkway")[0] if p.id == "chinkway-11").options
    deal = {"dealer": 0, "hands": {0: "AH AD 2C 3C 4C 5C 6C 7C 8C 9C 10C JC", 2: "AS KS QS JS 10S 9S 8S 7S 6S 5S"},
            "removed": "KS KH"}
    state = GAME.new_game(options, GAME.default_seats(options), seed=1, deal=deal)
    state.apply(GAME.parse_action("discard AH AD"))
    state.apply(GAME.parse_action("trump C"))
    spades = set(parse_cards("AS KS QS JS 10S 9S 8S 7S 6S 5S"))
    holders = _spread(state, 1, 40, lambda s: {seat for seat in range(PLAYERS) for card in s.hands[seat]
                                               if card in spades})
    assert holders == {0, 2, 3, 4}
    laid_aside = _spread(state, 1, 40, lambda s: set(s.discards))
    assert len(laid_aside) > 10
    left_out = _spread(state, 3, 60, lambda s: set(s.removed))
    assert left_out == set(ALL_PICTURES) - set(state.quest)


def test_the_next_quest_is_unknown_before_the_trump_is_named() -> None:
    """The dealer names trumps before the quest is turned [CW-11]: his samples turn many
    different quests, and the dealer's own discards are his own [CW-7]."""
    options = next(p for p in list_presets("chinkway")[0] if p.id == "chinkway-11").options
    state = GAME.new_game(options, GAME.default_seats(options), seed=5)
    dealer = state.dealer
    state.apply(state.legal_actions()[0])
    rng = random.Random(0)
    quests = set()
    for _ in range(20):
        sample = SEARCH.sample(state.view(dealer), rng)
        assert sample.discards == state.discards
        sample.apply(GAME.parse_action("trump NT"))
        quests.add(sample.quest)
    assert len(quests) == 20


def test_a_seat_that_failed_to_follow_is_dealt_none_of_the_suit() -> None:
    """A void shown by failing to follow [B5, CW-2]: the seat is never dealt the suit, the
    dealer's discards may hold it."""
    options = next(p for p in list_presets("chinkway")[0] if p.id == "chinkway-11").options
    deal = {"dealer": 0, "hands": {0: "4S 5S 6S 7S 8S 9S 10S JS QS KS AS AH", 1: "2S 3H 4H 5H 6H 7H 8H 9H 10H JH",
                                   2: "3S 2D 3D 4D 5D 6D 7D 8D 9D 10D", 3: "2H 2C 3C 4C 5C 6C 7C 8C 9C 10C"}}
    state = GAME.new_game(options, GAME.default_seats(options), seed=2, deal=deal)
    for text in ("discard 4S 5S", "trump NT", "play 2S", "play 3S", "play 2H"):
        state.apply(GAME.parse_action(text))
    spades = _spread(state, 1, 40, lambda s: {seat for seat in range(PLAYERS) for card in s.hands[seat]
                                              if card.suit == "S"})
    assert spades == {0, 2, 4}
    unseen = SEARCH.unseen(state.view(1))
    places = [held for card, held in zip(unseen.cards, unseen.may_hold or (), strict=True)
              if isinstance(card, Card) and card.suit == "S"]
    assert places and all(DISCARDS in held and 2 not in held for held in places)  # seat 3 is place 2


def test_the_playout_policy_plays_legal_moves_to_the_end_of_the_deal() -> None:
    """The playouts' rules of thumb read the sampled state and always give a legal action."""
    options = next(p for p in list_presets("chinkway")[0] if p.id == "chinkway-11").options
    rng = random.Random(8)
    for state in random_positions(GAME, options, range(1), rng, stops=3):
        sample = SEARCH.sample(state.view(state.to_act), rng)  # type: ignore[arg-type]
        deal = SEARCH.horizon(sample)
        while not sample.is_over and SEARCH.horizon(sample) == deal:
            action = SEARCH.playout(sample, rng)
            assert action in sample.legal_actions()
            sample.apply(action)


def test_the_search_bot_chooses_a_legal_action() -> None:
    """`bot:search` is offered, and a decision with a few playouts gives a legal action."""
    assert "search:easy" in GAME.bot_kinds
    options = next(p for p in list_presets("chinkway")[0] if p.id == "chinkway-11").options
    state = GAME.new_game(options, GAME.default_seats(options), seed=6)
    bot = GAME.make_bot("search:easy")
    bot.level = Level(playouts=12, seconds=math.inf)
    for _ in range(3):  # the discard, trumps and the first lead
        seat = state.to_act
        assert seat is not None
        action = bot.choose(state.view(seat), state.legal_actions(), random.Random(1))
        assert action in state.legal_actions()
        state.apply(action)
