"""Tarot's key of equivalent plays (games/tarot/sampler.py, `same_play`): two cards of a hand are
interchangeable when they are of one suit (or trumps), worth the same points [A1], no bout, and
no card that may still meet them (another seat's, one in the trick in play) ranks between them.
Equal keys must give the same hand whatever anyone plays next (checked with the same choices by
index: cards of a class keep their places in the hand's order); the search plays one of each."""

from __future__ import annotations

import random
from typing import Any

from search_checks import assert_keyed_twins_agree

from familia_tui.core.presets import find_preset
from familia_tui.core.search import SearchBot, distinct
from familia_tui.games.tarot.cards import parse_cards
from familia_tui.games.tarot.game import GAME
from familia_tui.games.tarot.rules import Phase
from familia_tui.games.tarot.sampler import SEARCH, _classes, same_play

OPTIONS = find_preset("tarot", GAME.default_preset).options


def to_hand_end(state: Any, choices: random.Random) -> tuple[Any, ...]:
    """The hand played to its end with the legal action at a random index each time: the
    totals and each hand's points and shares (its trick records name the cards, labels and
    all)."""
    dealt = state.deals_dealt
    while not state.is_over and state.deals_dealt == dealt:
        legal = state.legal_actions()
        state.apply(legal[choices.randrange(len(legal))])
    return tuple(state.totals_half), tuple((getattr(result, "points_half", None), getattr(result, "shares", None))
                                           for result in state.results)


def test_classes_by_suit_stretch_points_and_bouts() -> None:
    hand = parse_cards("3H 4H 6H VH CH T1 T2 T3 T20 T21 EX")
    classes = _classes(hand, set(parse_cards("T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19")))
    three, four, six, jack, knight, t2, t3, t20 = (classes[c] for c in parse_cards("3H 4H 6H VH CH T2 T3 T20"))
    assert three == four != six  # 5♥ may still meet them
    assert jack != knight  # a jack and a knight are worth different points
    assert t2 == t3 == t20  # every trump between them is out of play
    assert all(card not in classes for card in parse_cards("T1 T21 EX"))  # the bouts are their own


def test_equal_keys_give_the_same_hand_whatever_is_played_next() -> None:
    checked = 0
    walk = random.Random(2)
    for seed in range(4):
        state = GAME.new_game(OPTIONS, GAME.default_seats(OPTIONS), seed=seed)
        while not state.is_over and state.hands_played < 2:
            legal = state.legal_actions()
            if state.phase is Phase.PLAY and len(legal) > 1 and walk.random() < 0.3:
                keys = same_play(state.view(state.to_act), legal)
                checked += assert_keyed_twins_agree(state, legal, keys, to_hand_end, seed)
            state.apply(legal[walk.randrange(len(legal))])
    assert checked >= 20


def test_the_search_plays_a_legal_card() -> None:
    bot = SearchBot(SEARCH, "easy", clock=lambda: 0.0)
    state = GAME.new_game(OPTIONS, GAME.default_seats(OPTIONS), seed=3)
    walk = random.Random(3)
    chosen = 0
    while not state.is_over and chosen < 3:
        legal = state.legal_actions()
        if state.phase is Phase.PLAY and len(legal) > 3:
            view = state.view(state.to_act)
            assert set(distinct(legal, same_play(view, legal))) <= set(legal)
            assert bot.choose(view, legal, random.Random(chosen)) in legal
            chosen += 1
        state.apply(legal[walk.randrange(len(legal))])
    assert chosen == 3
