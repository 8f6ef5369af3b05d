"""The Daifugō footer's keys and the think timer (DF-27).

`FOOTER_KEYS`, `SPARE_KEYS`: the footer's keys, and those shown only when they work and fit
beside the keys that work now (the footer counts its room as it draws its keys, as at every
table: `AppFooter.kept_out`); `ThinkTimer`: the optional think timer's countdown, a nudge that
enforces nothing.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

Translate = Callable[..., str]

SPARE_KEYS = ("undo", "previous", "session")
"""Keys the footer shows only when they work and it has room for them (at 80 columns it may
not), in this order of priority."""
FOOTER_KEYS = (("choose", "Enter", "Choose"), ("hint", "h", "Hint"), ("answer", "a", "Answer"),
               ("leave", "q", "Save & quit"), ("back", "esc", "Back"), ("tick", "Space", "Tick"),
               ("find", "/", "Find"), ("pass_turn", "x", "Pass"), ("uno", "u", "Uno"),
               ("undo", "^z", "Undo"), ("previous", "p", "Previous trick"), ("session", "s", "Session"),
               ("rules", "f1", "Rules"))
"""The footer's keys in its order: (action, key shown, English description)."""


@dataclass
class ThinkTimer:
    """The think timer of the decision on screen (DF-27): it starts afresh for each decision,
    counts only while that decision is in front of its player, and says when the time is up;
    it decides nothing."""

    seconds: int
    """Seconds per decision (the `think_timer` option); 0: off."""
    left: float | None = None
    """Seconds left, None when no decision is timed."""
    decision: int = -1
    """The decision timed (the number of actions before it)."""
    clock: float = 0.0
    """When it last counted (monotonic seconds)."""

    def start(self, decision: int | None, now: float) -> bool:
        """A human's decision is on screen (its number), or none is (None). Whether what the
        timer shows changed."""
        if not self.seconds or decision is None:
            shown, self.left, self.decision = self.left is not None, None, -1
            return shown
        if decision == self.decision:
            return False
        self.left, self.decision, self.clock = float(self.seconds), decision, now
        return True

    def step(self, now: float, running: bool) -> tuple[bool, bool]:
        """Count down to `now` if the decision was in front of its player: (whether the seconds
        shown changed, whether the time has just run out)."""
        before, self.clock = self.clock, now
        left = self.left
        if left is None or left <= 0 or not running:
            return False, False
        shown = self.shown
        self.left = max(0.0, left - (now - before))
        return self.shown != shown, self.left == 0

    @property
    def shown(self) -> int | None:
        """The whole seconds shown (0: time is up), None when nothing is timed."""
        return None if self.left is None else math.ceil(self.left)


def think_markup(timer: ThinkTimer, t: Translate) -> str:
    """The banner's countdown, or that the time is up."""
    seconds = timer.shown
    if seconds is None:
        return ""
    if seconds == 0:
        return f"  [b red]{t('dfg.ui.think_up')}[/]"
    return f"  [dim]{t('dfg.ui.think', seconds=seconds)}[/]"
