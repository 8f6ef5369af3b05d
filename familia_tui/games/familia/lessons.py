"""Conditions and event tests for the guided first game's lessons (`core/lessons.py`), read off
the learner's view and legal actions, or one event, only.

Conditions (the learner is to decide):

- `choosing_pile`: the leader chooses the colour of the face pile [R-F10];
- `must_follow`: the learner holds the led suit and the legal set leaves some of the hand out
  (A.6: follow the led suit; a batting card is allowed too);
- `free_play`: a stock trick, the learner holds none of the led suit: every card is allowed;
- `trump_trick`: the stock is gone, so the face card's suit is trump (A.5 phase 2).

Event tests: `batted` (a trick whose cards were batted, A.7), `void` (every card was),
`joker_face` (a Joker turned up as the face card, A.8).
"""

from __future__ import annotations

from collections.abc import Sequence

from familia_tui.core.engine import Event
from familia_tui.games.familia.actions import ChoosePile, PlayCard
from familia_tui.games.familia.view import FamiliaView


def choosing_pile(view: FamiliaView, legal: Sequence[object]) -> bool:
    return any(isinstance(action, ChoosePile) for action in legal)


def _playing(view: FamiliaView, legal: Sequence[object]) -> list[PlayCard]:
    return [action for action in legal if isinstance(action, PlayCard)]


def must_follow(view: FamiliaView, legal: Sequence[object]) -> bool:
    plays = _playing(view, legal)
    led = view.led
    return (bool(plays) and led is not None and any(c.suit == led for c in view.hand)
            and len({play.card for play in plays}) < len(set(view.hand)))


def free_play(view: FamiliaView, legal: Sequence[object]) -> bool:
    plays = _playing(view, legal)
    return (bool(plays) and view.trump is None and view.led is not None
            and not any(c.suit == view.led for c in view.hand)
            and {play.card for play in plays} == set(view.hand))


def trump_trick(view: FamiliaView, legal: Sequence[object]) -> bool:
    return bool(_playing(view, legal)) and view.trump is not None


def batted(event: Event) -> bool:
    record = event.get("trick")
    return record is not None and bool(record.stage1 or record.stage2)


def void(event: Event) -> bool:
    record = event.get("trick")
    return record is not None and record.winner is None


CONDITIONS = {
    "choosing_pile": choosing_pile,
    "must_follow": must_follow,
    "free_play": free_play,
    "trump_trick": trump_trick,
}
"""The conditions a lessons file may name."""

def joker_face(event: Event) -> bool:
    return event.kind == "face_revealed" and any(card.is_joker for card in event.cards)


EVENT_TESTS = {"batted": batted, "void": void, "joker_face": joker_face}
"""The event tests a lessons file may name."""
