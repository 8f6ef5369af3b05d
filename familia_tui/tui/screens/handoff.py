"""The hot-seat curtain: a full screen that hides the table until the named person confirms."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.widgets import Button, Static

from familia_tui.tui.markup import escape
from familia_tui.tui.screens.base import AppScreen


class HandoffScreen(AppScreen[str]):
    """"Pass to Aki — press Enter": nothing of any hand is on screen behind it."""

    BINDINGS = [Binding("enter", "ready", "Ready", priority=True)]

    def __init__(self, person: str) -> None:
        super().__init__(classes="handoff")
        self.person = person

    def compose(self) -> ComposeResult:
        t, name = self.app.t, escape(self.person)  # type: ignore[attr-defined]
        with Middle(), Center():
            yield Static(t("ui.pass_to", name=name), id="pass-to")
            yield Static(t("ui.pass_hint", name=name), id="pass-hint")
            yield Button(t("ui.ready", name=name), id="ready", variant="primary")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_ready()

    def action_ready(self) -> None:
        """Lift the curtain, once: Enter fires the binding and may also press the focused Ready
        button, and a second dismissal would pop the table underneath."""
        if self.is_current:
            self.dismiss(self.person)
