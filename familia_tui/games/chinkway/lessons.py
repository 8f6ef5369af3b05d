"""Conditions for the guided first game's lessons (`core/lessons.py`), read off the learner's
view and legal actions only.

- `discarding`: the dealer lays two of his twelve cards aside [B3, CW-7];
- `naming_trumps`: the dealer names trumps or No Trump, before the quest is seen [CW-11];
- `must_follow`: the learner holds the led suit, so only that suit is legal [B5, CW-2];
- `free_play`: the learner holds none of the led suit: every card is legal, trump or not [CW-2].
"""

from __future__ import annotations

from collections.abc import Sequence

from familia_tui.core.cards import Card
from familia_tui.games.chinkway.actions import Discard, Play, Trump
from familia_tui.games.chinkway.view import ChinkwayView


def _cards(legal: Sequence[object]) -> set[Card]:
    return {action.card for action in legal if isinstance(action, Play)}


def discarding(view: ChinkwayView, legal: Sequence[object]) -> bool:
    return any(isinstance(action, Discard) for action in legal)


def naming_trumps(view: ChinkwayView, legal: Sequence[object]) -> bool:
    return any(isinstance(action, Trump) for action in legal)


def must_follow(view: ChinkwayView, legal: Sequence[object]) -> bool:
    cards = _cards(legal)
    if not view.trick or not cards:
        return False
    led = view.trick[0][1].suit
    return all(card.suit == led for card in cards) and cards != set(view.hand)


def free_play(view: ChinkwayView, legal: Sequence[object]) -> bool:
    cards = _cards(legal)
    if not view.trick or not cards:
        return False
    led = view.trick[0][1].suit
    return not any(card.suit == led for card in view.hand) and cards == set(view.hand)


CONDITIONS = {
    "discarding": discarding,
    "naming_trumps": naming_trumps,
    "must_follow": must_follow,
    "free_play": free_play,
}
"""The conditions a lessons file may name."""
