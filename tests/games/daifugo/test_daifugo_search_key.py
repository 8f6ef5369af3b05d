"""Daifugō's key of plays the search treats as one (games/daifugo/search.py, `same_play`): plays
that differ only in the suits their jokers are declared as, when no suit lock is at stake now
(DF-10a, DF-10). A play that would lock the trick, or one under a lock, keeps its suits; the
declared ranks always count (DF-12, C5). The search plays one of each key, always a legal one."""

from __future__ import annotations

import random
from typing import Any

from daifugo_helpers import act, options, position

from familia_tui.core.presets import find_preset
from familia_tui.core.search import SearchBot, distinct
from familia_tui.games.daifugo.actions import parse_action
from familia_tui.games.daifugo.game import GAME
from familia_tui.games.daifugo.search import SEARCH, same_play


def keys_of(state: Any) -> dict[str, Any]:
    legal = state.legal_actions()
    return {str(action): key for action, key in zip(legal, same_play(state.view(state.to_act), legal), strict=True)}


def pair_on_the_table() -> Any:
    """Seat 0 has led ♠5 ♥5; seat 1 holds ♠7 and a joker."""
    state = position(options(), hands={0: "5S 5H 3C", 1: "7S JK 9C", 2: "4D 8C", 3: "3D 6D"}, to_act=0)
    return act(state, "play 5S 5H")


def test_df10a_a_declaration_that_locks_the_trick_is_kept_apart() -> None:
    keys = keys_of(pair_on_the_table())
    assert keys["play 7S JK=7H"] != keys["play 7S JK=7D"]  # ♠♥ on ♠♥ locks the suits
    assert keys["play 7S JK=7D"] == keys["play 7S JK=7C"] == keys["play 7S JK=7S"]
    locking, other = pair_on_the_table(), pair_on_the_table()
    act(locking, "play 7S JK=7H")
    act(other, "play 7S JK=7D")
    assert locking.suit_lock is not None and other.suit_lock is None


def test_declared_ranks_always_count() -> None:
    keys = keys_of(pair_on_the_table())
    assert keys["play 7S JK=7D"] != keys["play JK=9D 9C"]
    assert keys["play JK=9S 9C"] == keys["play JK=9D 9C"] == keys["play 9C JK=9C"]


def test_under_a_lock_every_play_keeps_the_lock_suits() -> None:
    """Once ♠♥ is locked, every legal pair shows ♠♥: nothing is merged that the lock tells apart."""
    state = position(options(), hands={0: "5S 5H 3C", 1: "7S 7H 9C", 2: "9S JK 2D", 3: "3D 6D"}, to_act=0)
    act(state, "play 5S 5H", "play 7S 7H")
    assert state.suit_lock is not None
    keys = keys_of(state)
    plays = [text for text in keys if text.startswith("play") and "JK=" in text]
    assert plays and len({keys[text] for text in plays}) == len(plays)


def test_merged_plays_give_the_same_game_when_no_later_lock_can_tell_them_apart() -> None:
    """The others hold no pair and no joker, so no play can lock on seat 1's pair: each of its
    merged declarations gives the same game, whatever is played next."""
    start = pair_on_the_table()
    keys = keys_of(start)
    merged = [text for text, key in keys.items() if key == keys["play 7S JK=7D"]]
    assert len(merged) == 3
    for seed in range(5):
        results = set()
        for text in merged:
            state = start.clone()
            state.apply(parse_action(text))
            choices = random.Random(seed)
            while not state.is_over:
                legal = state.legal_actions()
                state.apply(legal[choices.randrange(len(legal))])
            result = state.result()
            results.add((tuple(result.ranking()), tuple(game.biri for game in result.games)))
        assert len(results) == 1


def test_the_search_chooses_a_legal_play_where_jokers_offer_hundreds() -> None:
    game_options = find_preset("daifugo", GAME.default_preset).options
    bot = SearchBot(SEARCH, "easy", clock=lambda: 0.0)
    walk = random.Random(1)
    found = 0
    for seed in range(60):
        state = GAME.new_game(game_options, GAME.default_seats(game_options), seed=seed)
        while not state.is_over and found < 3:
            legal = state.legal_actions()
            if len(legal) > 100:
                view = state.view(state.to_act)
                kept = distinct(legal, same_play(view, legal))
                assert len(kept) < len(legal) and set(kept) <= set(legal)
                assert bot.choose(view, legal, random.Random(seed)) in legal
                found += 1
            state.apply(legal[walk.randrange(len(legal))])
        if found == 3:
            break
    assert found == 3
