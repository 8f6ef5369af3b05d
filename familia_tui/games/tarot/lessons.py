"""Conditions and event tests for the guided first game's lessons (`core/lessons.py`), read off
the learner's view and legal actions, or one event, only.

Conditions (the learner is to decide):

- `bidding`: the learner speaks in the auction (a bid higher than the last, or a pass) [A4];
- `discarding`: the taker makes the écart, card by card [A6];
- `slam_choice`: the taker may announce a slam [A7];
- `poignee`: before the first card the learner may declare (a poignée, a misère) [A8];
- `must_follow`: a suit was led, the learner holds it, and the legal cards are of that suit
  (and the Excuse, which may always be played) [A9];
- `must_trump`: a suit was led that the learner lacks, and the legal cards are trumps (and the
  Excuse) although the hand holds other cards [A9];
- `must_overtrump`: a trump is in the trick and the learner holds a trump that may not be
  played because it is lower than the highest trump there [A9].

Event test (`played`): `excuse` (the card played is the Excuse).
"""

from __future__ import annotations

from collections.abc import Sequence

from familia_tui.core.engine import Event
from familia_tui.games.tarot.actions import Bid, Declare, Discard, Play, Slam
from familia_tui.games.tarot.cards import EXCUSE_SUIT, TRUMP, Card
from familia_tui.games.tarot.view import TarotView

LETTER = "SHDC"
"""The suits' letters, as `view.led` names a led suit."""


def _cards(legal: Sequence[object]) -> set[Card]:
    return {action.card for action in legal if isinstance(action, Play)}


def _led_suit(view: TarotView) -> int | None:
    return LETTER.index(view.led) if view.led is not None and view.led in LETTER else None


def bidding(view: TarotView, legal: Sequence[object]) -> bool:
    return any(isinstance(action, Bid) for action in legal)


def discarding(view: TarotView, legal: Sequence[object]) -> bool:
    return any(isinstance(action, Discard) for action in legal)


def slam_choice(view: TarotView, legal: Sequence[object]) -> bool:
    return any(isinstance(action, Slam) for action in legal)


def poignee(view: TarotView, legal: Sequence[object]) -> bool:
    return any(isinstance(action, Declare) for action in legal)


def must_follow(view: TarotView, legal: Sequence[object]) -> bool:
    cards, suit = _cards(legal), _led_suit(view)
    return (suit is not None and bool(cards) and any(c.suit == suit for c in view.hand)
            and all(c.suit in (suit, EXCUSE_SUIT) for c in cards) and cards != set(view.hand))


def must_trump(view: TarotView, legal: Sequence[object]) -> bool:
    cards, suit = _cards(legal), _led_suit(view)
    return (suit is not None and bool(cards) and not any(c.suit == suit for c in view.hand)
            and any(c.is_trump for c in cards) and all(c.suit in (TRUMP, EXCUSE_SUIT) for c in cards)
            and cards != set(view.hand))


def must_overtrump(view: TarotView, legal: Sequence[object]) -> bool:
    cards = _cards(legal)
    played = [card.rank for _, card in view.trick if card.is_trump]
    if not cards or not played:
        return False
    lower = [c for c in view.hand if c.is_trump and c.rank < max(played)]
    return any(c.is_trump and c.rank > max(played) for c in cards) and any(c not in cards for c in lower)


def excuse(event: Event) -> bool:
    return event.kind == "played" and any(getattr(c, "suit", None) == EXCUSE_SUIT for c in event.cards)


CONDITIONS = {
    "bidding": bidding,
    "discarding": discarding,
    "slam_choice": slam_choice,
    "poignee": poignee,
    "must_follow": must_follow,
    "must_trump": must_trump,
    "must_overtrump": must_overtrump,
}
"""The conditions a lessons file may name."""

EVENT_TESTS = {"excuse": excuse}
"""The event tests a lessons file may name."""
