"""Chinkway's key of equivalent actions (games/chinkway/search.py, `same_cards`): two cards of a
hand are interchangeable when they have one suit and quest category [B4] and no card that may
still meet them (another seat's, or one in the trick in play) is ranked between them; the
dealer's discards are out of play [B3.2, CW-7]. Equal keys must give the same game whatever
anyone plays next (checked with the same choices by index: the hands are in pack order, so the
cards of a class keep their places); the search bot plays one action of each key, a legal one."""

from __future__ import annotations

import random
from typing import Any

from search_checks import assert_keyed_twins_agree

from familia_tui.core.cards import parse_cards
from familia_tui.core.presets import find_preset
from familia_tui.core.search import SearchBot, distinct
from familia_tui.games.chinkway.actions import Discard
from familia_tui.games.chinkway.game import GAME
from familia_tui.games.chinkway.rules import Phase
from familia_tui.games.chinkway.search import SEARCH, _classes, same_cards

OPTIONS = find_preset("chinkway", GAME.default_preset).options


def new_game(seed: int) -> Any:
    return GAME.new_game(OPTIONS, GAME.default_seats(OPTIONS), seed=seed)


def play_on(state: Any, choices: random.Random) -> tuple[list[int], list[Any]]:
    """The game to its end, each decision the legal action at a random index (the same indexes
    for two games whose hands match card for card in pack order): the totals and rows."""
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[choices.randrange(len(legal))])
    return list(state.totals), list(state.rows)


def test_interchangeable_cards_by_suit_stretch_and_category() -> None:
    """♥2 ♥4 ♥5 ♥6 with ♥3 elsewhere: ♥4–♥6 are one class, ♥2 another; ♥10 and ♥A around the
    dealer's ♥J ♥Q ♥K are one class (both hearts [B4], nothing between them elsewhere), the
    pictures another; ♠9 and ♠J never share one (categories ♠ and pictures)."""
    hand = parse_cards("2H 4H 5H 6H 10H JH QH KH AH 9S JS 3C")
    classes = _classes(hand, set())
    two, four, five, six, ten, jack, queen, king, ace, nine_s, jack_s, three_c = (classes[c] for c in hand)
    assert four == five == six != two
    assert ten == ace != jack == queen == king
    assert nine_s != jack_s
    assert len({two, four, ten, jack, nine_s, jack_s, three_c}) == 7


def test_equal_keys_give_the_same_game_whatever_is_played_next() -> None:
    """For random deals, every discard is played out against the first of its key with the same
    choices to the game's end: the same totals and rows, deal after deal."""
    checked = 0
    for seed in range(6):
        start = new_game(seed)
        assert start.phase is Phase.DISCARD
        legal = start.legal_actions()
        keys = same_cards(start.view(start.to_act), legal)
        first: dict[Any, Discard] = {}
        for action, key in zip(legal, keys, strict=True):
            first.setdefault(key, action)
        for action, key in list(zip(legal, keys, strict=True))[::7]:
            if first[key] == action:
                continue
            games = []
            for discard in (first[key], action):
                state = start.clone()
                state.apply(discard)
                games.append(play_on(state, random.Random(seed)))
            assert games[0] == games[1], f"{first[key]} and {action} share a key but not a game"
            checked += 1
    assert checked >= 10


def test_equal_keys_of_plays_give_the_same_game() -> None:
    """At random moments of trick play, each play against the first of its key, with the same
    choices to the game's end; a card of the trick in play splits a class (♥4 and ♥6 around a
    ♥5 on the table are not the same)."""
    checked = 0
    walk = random.Random(5)
    for seed in range(8):
        state = new_game(seed)
        while not state.is_over:
            legal = state.legal_actions()
            if state.phase is Phase.PLAY and len(legal) > 1 and walk.random() < 0.3:
                keys = same_cards(state.view(state.to_act), legal)
                checked += assert_keyed_twins_agree(state, legal, keys, play_on, seed)
            state.apply(legal[walk.randrange(len(legal))])
    assert checked >= 20


def test_a_card_in_the_trick_splits_a_class() -> None:
    hand = parse_cards("4H 6H")
    assert len(set(_classes(hand, set()).values())) == 2  # ♥5 elsewhere
    assert len(set(_classes(hand, set(parse_cards("5H"))).values())) == 1  # ♥5 out of play


def test_different_keys_can_give_different_games() -> None:
    """The check above can fail: discards of different keys part somewhere."""
    start = new_game(1)
    legal = start.legal_actions()
    keys = same_cards(start.view(start.to_act), legal)
    differ = 0
    for index in range(1, len(legal), 5):
        if keys[index] == keys[0]:
            continue
        games = []
        for discard in (legal[0], legal[index]):
            state = start.clone()
            state.apply(discard)
            games.append(play_on(state, random.Random(3)))
        differ += games[0] != games[1]
    assert differ


def test_a_deal_keeps_fewer_discards_to_compare_and_only_discards_are_keyed() -> None:
    state = new_game(2)
    legal = state.legal_actions()
    assert len(legal) == 66
    kept = distinct(legal, same_cards(state.view(state.to_act), legal))
    assert 1 < len(kept) < 66 and set(kept) <= set(legal)
    state.apply(legal[0])
    legal = state.legal_actions()  # the trump choice: every action its own
    assert len(set(same_cards(state.view(state.to_act), legal))) == len(legal)


def test_the_search_bot_discards_a_legal_discard() -> None:
    bot = SearchBot(SEARCH, "easy", clock=lambda: 0.0)
    for seed in range(3):
        state = new_game(seed)
        legal = state.legal_actions()
        choice = bot.choose(state.view(state.to_act), legal, random.Random(seed))
        assert choice in legal
        state.apply(choice)
