"""What every game's results screen shares: after the last deal, `n` plays again.

A game's results screen subclasses `ResultsScreen` and sets `final` (the game is over: these are
its final results). It is dismissed with `AGAIN` when the players want another game with the
same seats and options (a fresh shuffle); the table then opens it (`TableScreen._after_result`).
"""

from __future__ import annotations

from textual.binding import Binding

from familia_tui.tui.screens.base import AppScreen

AGAIN = "again"
"""What a results screen is dismissed with to play the same game again."""


class ResultsScreen(AppScreen[str | None]):
    """A game's results; `n` (after the last deal only) plays again."""

    BINDINGS = [Binding("n", "play_again", "Play again")]
    final = False
    """These are the game's final results (a subclass sets it)."""

    def action_play_again(self) -> None:
        if self.final and self.is_current:
            self.dismiss(AGAIN)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "play_again":
            return self.final
        return True
