"""Finished games: the games of the save folder that were played to the end, newest first, to
replay (`screens/replay.py`)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from familia_tui.core.saves import SavedGame
from familia_tui.tui.screens.base import AppScreen
from familia_tui.tui.screens.saves import game_entry
from familia_tui.tui.widgets.footer import AppFooter


class FinishedScreen(AppScreen[None]):
    """The finished games (game, preset and when; the seats; the final scores): Enter replays."""

    BINDINGS = [
        Binding("enter", "replay", "Replay"),
        Binding("escape", "back", "Back"),
    ]

    def __init__(self) -> None:
        super().__init__(classes="continue finished")
        self.games: list[SavedGame] = []

    def compose(self) -> ComposeResult:
        with Vertical(id="continue"):
            yield Static(self.t("ui.finished_title"), id="continue-title")
            yield Static(self.t("ui.finished_help"), id="continue-help")
            yield OptionList(id="continue-list")
        yield AppFooter(show_command_palette=self.glyphs != "ascii")

    def on_mount(self) -> None:
        self.fill()

    def fill(self) -> None:
        """List the finished games (again)."""
        menu = self.query_one(OptionList)
        self.games = list(self.app.scan_saves().finished)
        menu.clear_options()
        menu.add_options([Option(game_entry(game, self.t, self.lang, self.glyphs)) for game in self.games])
        if self.games:
            menu.highlighted = 0
        else:
            menu.add_option(Option(self.t("ui.finished_empty"), disabled=True))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_replay()

    def action_replay(self) -> None:
        index = self.query_one(OptionList).highlighted
        if self.games and index is not None and index < len(self.games):
            self.app.replay_saved(self.games[index])
            if self.app.screen is self:  # it could not be replayed (and may have been moved aside)
                self.fill()

    def action_back(self) -> None:
        self.app.pop_screen()
