"""The home screen: the games, Continue, Learn to play, Practice, Rules and Settings."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from familia_tui.core.registry import entries
from familia_tui.i18n import translate
from familia_tui.tui.screens.base import AppScreen
from familia_tui.tui.screens.tables import has_table
from familia_tui.tui.widgets.footer import AppFooter

READ_SAVES_AFTER = 0.05
"""Seconds between the first frame and reading the save folder: read at once, the rules core's
imports held the first frame back from the terminal by ~70 ms."""


class HomeScreen(AppScreen[None]):
    """Where the app opens."""

    BINDINGS = [
        Binding("c", "continue", "Continue"),
        Binding("s", "settings", "Settings"),
        Binding("q", "app.quit_app", "Quit"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.note: str | None = None
        """What Continue says (the unfinished games), None when there is nothing to continue."""
        self.finished = 0
        """How many finished games the save folder keeps (Finished games is offered when any)."""
        self.shown = False
        self.saves_read = False
        """Whether the save folder was read (just after the first frame)."""

    def compose(self) -> ComposeResult:
        with Vertical(id="home"):
            yield Static(self.t("ui.app_title"), id="home-title")
            yield Static(self.t("ui.app_tagline"), id="home-tagline")
            with Center():
                yield OptionList(*self.menu(), id="home-menu")
        yield AppFooter(show_command_palette=self.glyphs != "ascii")

    def menu(self) -> list[Option]:
        options = []
        if self.note is not None:  # nothing to continue: no Continue at all
            options.append(Option(f"{self.t('ui.continue')}  [dim]{self.note}[/]", id="continue"))
        for entry in entries():
            game, name = entry.id, entry.name(self.app.settings.lang)
            if has_table(game):
                options.append(Option(self.t("ui.new_game", game=name), id=f"play:{game}"))
            else:
                options.append(Option(f"{name}  [dim]({self.t('ui.coming')})[/]", id=f"soon:{game}",
                                      disabled=True))
        if self.finished:
            kept = self.t("ui.finished_count", count=self.finished)
            options.append(Option(f"{self.t('ui.finished')}  [dim]{kept}[/]", id="finished"))
        options += [Option(self.t("ui.learn"), id="learn"),
                    Option(self.t("ui.practice"), id="practice"), Option(self.t("ui.rules"), id="rules"),
                    Option(self.t("stats.title"), id="stats"),
                    Option(self.t("ui.settings"), id="settings"), Option(self.t("ui.quit"), id="quit")]
        return options

    def continue_note(self) -> str | None:
        """How many games are unfinished and the newest's game, or None when there is none
        (a damaged file among the saves is reported and moved aside by the scan)."""
        scan = self.app.scan_saves()
        unfinished, self.finished = scan.unfinished, len(scan.finished)
        if not unfinished:
            return None
        game = translate(f"game.{unfinished[0].game}", self.app.settings.lang)
        return self.t("ui.continue_count", count=len(unfinished), game=game)

    def offer_continue(self) -> None:
        """Continue, first in the menu, when the save folder has a game to resume."""
        self.note = self.continue_note()
        self.saves_read = True
        if self.note is None and not self.finished:
            return
        menu = self.query_one(OptionList)
        menu.clear_options()
        menu.add_options(self.menu())
        menu.highlighted = 0
        self.refresh_bindings()

    async def on_screen_resume(self) -> None:
        """Shown first: the saves are read once the menu is on screen (the first frame waits
        for neither the rules core nor the save folder). Back from a game or the settings: the
        saves and the language may have changed."""
        if not self.shown:
            self.shown = True
            self.set_timer(READ_SAVES_AFTER, self.offer_continue)
            return
        highlighted = self.query_one(OptionList).highlighted
        self.note = self.continue_note()
        await self.recompose()
        menu = self.query_one(OptionList)
        if highlighted is not None and highlighted < menu.option_count \
                and not menu.get_option_at_index(highlighted).disabled:
            menu.highlighted = highlighted
        self.refresh_bindings()  # Continue may have come or gone

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        choice = event.option.id or ""
        if choice.startswith("play:"):
            self.app.new_game(choice.removeprefix("play:"))
        elif choice == "continue":
            self.action_continue()
        elif choice == "finished":
            self.app.finished_games()
        elif choice == "learn":
            from familia_tui.tui.screens.learn import LearnScreen

            self.app.push_screen(LearnScreen())
        elif choice == "practice":
            from familia_tui.tui.screens.practice import PracticeScreen

            self.app.push_screen(PracticeScreen())
        elif choice == "rules":
            self.app.action_rules()
        elif choice == "stats":
            from familia_tui.tui.screens.stats import StatsScreen

            self.app.push_screen(StatsScreen())
        elif choice == "settings":
            self.action_settings()
        elif choice == "quit":
            self.app.exit()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """`c` is offered only when the menu offers Continue."""
        if action == "continue":
            return bool(self.query("#home-menu")) and self.can_continue()
        return True

    def can_continue(self) -> bool:
        menu = self.query_one("#home-menu", OptionList)
        return any(menu.get_option_at_index(i).id == "continue" for i in range(menu.option_count))

    def action_continue(self) -> None:
        if self.can_continue():
            self.app.continue_game()

    def action_settings(self) -> None:
        self.app.open_settings()

