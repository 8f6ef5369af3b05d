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

    @property
    def practising(self) -> bool:
        """Over a practice puzzle's table (a `score` puzzle's hand): Enter goes back to the
        puzzle, and nothing plays again."""
        return any(getattr(screen, "puzzle", None) is not None for screen in self.app.screen_stack)

    def over_hint(self, key: str) -> str:
        """The catalogue key of the last line after the game's last deal: `key`, or back to
        the puzzle."""
        return "ui.practice_results_hint" if self.practising else key

    def action_play_again(self) -> None:
        if self.final and self.is_current and not self.practising:
            self.dismiss(AGAIN)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "play_again":
            return self.final and not self.practising
        return True
