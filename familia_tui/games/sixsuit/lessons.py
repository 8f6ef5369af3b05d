"""Conditions for the guided first game's lessons (`core/lessons.py`), read off the learner's
view and legal actions only.

- `splitting`: the learner's team shares out its Jokers and white card, in secret [R-S26];
- `leading`: the learner plays the trick's first card (face up: a hand card or the deck's top
  card) [R-S12];
- `following`: the learner plays to a trick already started, and may play face down;
- `rebuilding`: the learner's deck is nearly out and a rebuild may be declared [R-S3].
"""

from __future__ import annotations

from collections.abc import Sequence

from familia_tui.games.sixsuit.actions import Play, Rebuild, Split
from familia_tui.games.sixsuit.view import SixSuitView

LOW_DECK = 3
"""A deck this small makes a rebuild worth a word."""


def splitting(view: SixSuitView, legal: Sequence[object]) -> bool:
    return any(isinstance(action, Split) for action in legal)


def leading(view: SixSuitView, legal: Sequence[object]) -> bool:
    return not view.trick and any(isinstance(action, Play) for action in legal)


def following(view: SixSuitView, legal: Sequence[object]) -> bool:
    return bool(view.trick) and any(isinstance(action, Play) and not action.face_up for action in legal)


def rebuilding(view: SixSuitView, legal: Sequence[object]) -> bool:
    low = view.deck_size is not None and view.deck_size <= LOW_DECK
    return low and any(isinstance(action, Rebuild) for action in legal)


CONDITIONS = {
    "splitting": splitting,
    "leading": leading,
    "following": following,
    "rebuilding": rebuilding,
}
"""The conditions a lessons file may name."""
