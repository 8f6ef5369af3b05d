"""The hot-seat curtain: a full screen that hides the table until the named person confirms,
or, before a team-private decision, the team's members together (a curtain naming them all).

The people who made the last decision may still take it back on this curtain (`u`, when undo is
on), until it is lifted; their own curtain comes next (the keyboard may already be elsewhere).

The confirmation must be a deliberate act, which the previous player's keys cannot produce by
accident: the curtain lifts on Enter (or a click on its button) only

- once it has been on screen for `GUARD` seconds: keys pressed before it was drawn (Textual
  delivers keys typed while the table applied the move to the screen on top, the curtain) and
  a quick second Enter after playing a card never count;
- and when the key is not part of a burst: a key within `BURST` seconds of the previous one
  (a held Enter's auto-repeat, keys mashed in a hurry) never counts either.

Both are read from `clock`, which tests replace with a clock they move by hand.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from textual import events
from textual.app import ComposeResult
from textual.containers import Center, Middle
from textual.widgets import Button, Static

from familia_tui.tui.markup import escape
from familia_tui.tui.screens.base import AppScreen

GUARD = 0.8
"""Seconds the curtain stays shut, whatever is pressed, after it is drawn."""
BURST = 0.3
"""A key this soon after the previous one is part of a burst (auto-repeat, mashing)."""


class HandoffScreen(AppScreen[tuple[str, ...]]):
    """"Pass to Aki — press Enter" (or "Pass to Aki, Cho, together"): nothing of any hand is on
    screen behind it. It is dismissed with the people it names."""

    clock = staticmethod(time.monotonic)
    """Seconds, for the guard; tests replace it."""
    UNDO: tuple[str, ...] = ()
    """What the curtain is dismissed with when the last decision's people take it back."""

    def __init__(self, people: str | Sequence[str], undo_by: Sequence[str] = ()) -> None:
        super().__init__(classes="handoff")
        self.people: tuple[str, ...] = (people,) if isinstance(people, str) else tuple(people)
        """Who the curtain is for: one person, or a team's members for a team-private step."""
        self.undo_by = tuple(undo_by)
        """The people who made the last decision and may still take it back (u), before the
        curtain is lifted; () when nobody may."""
        self.drawn_at: float | None = None
        """When the curtain was put up (mounted); None before (no key counts then)."""
        self.last_key = float("-inf")

    @property
    def person(self) -> str:
        """The names on the curtain, as one text (the person, or the team's members, joined as
        the language joins names: "Aki, Cho"; 「アキ、チョウ」)."""
        return self.t("ui.names_separator").join(self.people)

    def compose(self) -> ComposeResult:
        t = self.app.t
        name = escape(self.person)
        group = "_group" if len(self.people) > 1 else ""
        ready = Button(t(f"ui.ready{group}", name=name, names=name), id="ready", variant="primary")
        ready.can_focus = False  # Enter goes to the curtain's guard, never straight to the button
        with Middle(), Center():
            yield Static(t(f"ui.pass_to{group}", name=name, names=name), id="pass-to")
            yield Static(t(f"ui.pass_hint{group}", name=name, names=name), id="pass-hint")
            yield Static(t("ui.pass_guard", name=name), id="pass-guard")
            yield ready
            if self.undo_by:
                names = escape(t("ui.names_separator").join(self.undo_by))
                yield Static(t("ui.pass_undo", names=names), id="pass-undo")

    def on_mount(self) -> None:
        self.drawn_at = self.clock()  # drawn with the next frame, well within the guard

    def deliberate(self) -> bool:
        """Whether a key or click now is a deliberate act (see the module docstring); every
        attempt counts as the latest key of a burst."""
        now, previous = self.clock(), self.last_key
        self.last_key = now
        return self.drawn_at is not None and now - self.drawn_at >= GUARD and now - previous >= BURST

    def on_key(self, event: events.Key) -> None:
        deliberate = self.deliberate()  # every key counts toward a burst
        if deliberate and event.key == "enter":
            event.stop()
            self.lift()
        elif deliberate and event.key in ("u", "ctrl+z") and self.undo_by and self.is_current:
            event.stop()
            self.dismiss(self.UNDO)  # the table takes the decision back, then curtains its people

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if self.deliberate():
            self.lift()

    def lift(self) -> None:
        """Lift the curtain, once: a second dismissal would pop the table underneath."""
        if self.is_current:
            self.dismiss(self.people)
