"""Conditions for the guided first game's lessons (`core/lessons.py`), read off the learner's view
and legal actions only.

- `leading`: the learner leads a trick (the table is empty: any single, group or sequence);
- `following`: a play is on the table and the learner may beat it (same form, stronger) or pass;
- `only_pass`: a play is on the table and the learner's only legal action is to pass;
- `finish_forbidden`: the learner is near the end (three cards or fewer) and holds a card that
  may not be in the play that empties the hand: a 2 (a 3 in revolution), a natural 8, a joker,
  an ability card of an active family (DF-21, DF-22a).
"""

from __future__ import annotations

from collections.abc import Sequence

from familia_tui.games.daifugo.actions import Action, Pass, Play
from familia_tui.games.daifugo.view import DaifugoView

NEAR_THE_END = 3
"""Hand sizes at which the forbidden finishing cards are worth a word."""


def leading(view: DaifugoView, legal: Sequence[Action]) -> bool:
    return view.phase == "lead" and bool(legal)


def following(view: DaifugoView, legal: Sequence[Action]) -> bool:
    return view.phase == "follow" and any(isinstance(action, Play) for action in legal)


def only_pass(view: DaifugoView, legal: Sequence[Action]) -> bool:
    return view.phase == "follow" and len(legal) == 1 and isinstance(legal[0], Pass)


def finish_forbidden(view: DaifugoView, legal: Sequence[Action]) -> bool:
    if not legal or view.phase not in ("lead", "follow") or len(view.hand) > NEAR_THE_END:
        return False
    barred = {3 if view.revolution else 2, 8, *view.ability_ranks}
    return any(card.is_joker or card.rank in barred for card in view.hand)


CONDITIONS = {
    "leading": leading,
    "following": following,
    "only_pass": only_pass,
    "finish_forbidden": finish_forbidden,
}
"""The conditions a lessons file may name."""
