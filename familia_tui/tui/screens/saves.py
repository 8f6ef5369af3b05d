"""Continue: the unfinished games of the save folder, newest first, to resume or delete."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from familia_tui.core.record import RecordError
from familia_tui.core.saves import SavedGame, summary_lines
from familia_tui.tui.glyphs import glyph_safe
from familia_tui.tui.screens.base import AppScreen
from familia_tui.tui.widgets.footer import AppFooter


class ContinueScreen(AppScreen[None]):
    """The unfinished games: Enter resumes the highlighted one, d deletes it (asked first)."""

    BINDINGS = [
        Binding("d", "delete", "Delete"),
        Binding("escape", "back", "Back"),
    ]

    def __init__(self) -> None:
        super().__init__(classes="continue")
        self.games: list[SavedGame] = []

    def compose(self) -> ComposeResult:
        with Vertical(id="continue"):
            yield Static(self.t("ui.continue_title"), id="continue-title")
            yield Static(self.t("ui.continue_help"), id="continue-help")
            yield OptionList(id="continue-list")
        yield AppFooter(show_command_palette=self.glyphs != "ascii")

    def on_mount(self) -> None:
        self.fill()

    def on_screen_resume(self) -> None:
        if self.query("#continue-list"):  # (the first resume comes before the list exists)
            self.fill()  # back from a game: it may be over, or saved further

    def fill(self) -> None:
        """List the unfinished games again (keeping the highlight where it can)."""
        menu = self.query_one(OptionList)
        highlighted = menu.highlighted or 0
        self.games = list(self.app.scan_saves().unfinished)
        menu.clear_options()
        menu.add_options([Option(game_entry(game, self.t, self.lang, self.glyphs)) for game in self.games])
        if self.games:
            menu.highlighted = min(highlighted, len(self.games) - 1)
        else:
            menu.add_option(Option(self.t("ui.continue_empty"), disabled=True))
        self.refresh_bindings()

    @property
    def chosen(self) -> SavedGame | None:
        index = self.query_one(OptionList).highlighted
        return self.games[index] if self.games and index is not None and index < len(self.games) else None

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        game = self.chosen
        if game is not None:
            self.app.resume(game)
            if self.app.screen is self:  # it could not be opened (and may have been moved aside)
                self.fill()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """`d` only for a game this app may delete (not one open in another window)."""
        if action == "delete":
            return self.chosen is not None and not self.chosen.in_use
        return True

    def action_delete(self) -> None:
        game = self.chosen
        if game is not None:
            self.app.push_screen(ConfirmDelete(game), self._delete_confirmed)

    def _delete_confirmed(self, game: SavedGame | None) -> None:
        if game is None:
            return
        try:
            self.app.saves.delete(game.path)
        except RecordError as error:
            self.notify(self.app.error_text(error), severity="error", timeout=10, markup=False)
        else:
            self.notify(self.t("ui.deleted", name=game.path.name), markup=False)
        self.fill()

    def action_back(self) -> None:
        self.app.pop_screen()


class ConfirmDelete(ModalScreen[SavedGame | None]):
    """Delete this game? y deletes, n or Escape keeps it."""

    BINDINGS = [
        Binding("y", "answer(True)", "Delete"),
        Binding("n", "answer(False)", "Keep"),
        Binding("escape", "answer(False)", "Keep", show=False),
    ]

    def __init__(self, game: SavedGame) -> None:
        super().__init__(classes="confirm-delete")
        self.game = game

    def compose(self) -> ComposeResult:
        t, lang, glyphs = self.app.t, self.app.settings.lang, self.app.settings.glyphs  # type: ignore[attr-defined]
        with Vertical(id="confirm-box"):
            yield Static(t("ui.delete_question"), id="confirm-question")
            yield Static(game_entry(self.game, t, lang, glyphs), id="confirm-game")
            yield Static(f"y {t('ui.delete_yes')}    n {t('ui.delete_no')}", id="confirm-keys")
        yield AppFooter(show_command_palette=glyphs != "ascii")

    def action_answer(self, delete: bool) -> None:
        self.dismiss(self.game if delete else None)


def game_entry(game: SavedGame, t: Callable[..., str], lang: str, glyphs: str) -> Text:
    """A saved game in three lines: game, preset and when; the seats; the round and the scores.
    Player names stay plain text (never markup); the glyph mode is the app's (`glyph_safe`)."""
    head, seats, progress = (glyph_safe(line, glyphs, lang) for line in summary_lines(game, lang))
    text = Text(head, style="bold")
    if game.in_use:
        text.append(" " + t("ui.save_in_use_mark"), style="italic")
    text.append(f"\n  {seats}")
    if progress:
        text.append(f"\n  {progress}", style="dim")
    return text
