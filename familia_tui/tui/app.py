"""The Textual app: settings, translation, and the way between home, setup, table and results."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from textual.app import App
from textual.binding import Binding
from textual.dom import DOMNode
from textual.screen import Screen

from familia_tui.core.record import (
    Record,
    RecordError,
    autosave_path,
    data_dir,
    load_record,
)
from familia_tui.core.session import Session
from familia_tui.i18n import CATALOGUES, translate
from familia_tui.tui.glyphs import use_ink
from familia_tui.tui.screens.table import TableScreen
from familia_tui.tui.settings import Settings, load_settings, save_settings

ASCII_STAND_INS = str.maketrans({"·": "-", "—": "-", "–": "-", "←": "<", "→": ">", "…": "...",
                                  "■": "#", "♂": "M", "♀": "F", "⏎": "Enter"})
"""Ambiguous-width characters of the messages and their ASCII stand-ins (ascii glyph mode)."""


_ENGLISH = {text: key.removeprefix("bind.") for catalogue in CATALOGUES.values()
            for key, text in catalogue.items() if key.startswith("bind.")}
"""A translated binding description back to its English original."""


class FamiliaTuiApp(App[None]):
    """familia-tui: home → setup → table → results."""

    CSS_PATH = "app.tcss"
    TITLE = "familia-tui"
    BINDINGS = [
        Binding("f1", "rules", "Rules", show=True),
        Binding("ctrl+q", "quit_app", "Quit", show=False, priority=True),
    ]

    def __init__(self, record: Record | None = None, *, lang: str | None = None,
                 glyphs: str | None = None, settings: Settings | None = None,
                 autosave: Path | None = None, persist_settings: bool = True) -> None:
        super().__init__()
        loaded, self.settings_problem = (settings, None) if settings else load_settings()
        self.settings = loaded.with_(**{k: v for k, v in (("lang", lang), ("glyphs", glyphs)) if v})
        self.start_record = record
        self.autosave = autosave if autosave is not None else autosave_path()
        self.persist_settings = persist_settings and settings is None
        self.translate_bindings(self)

    # ----- language and glyphs -----

    def t(self, key: str, **params: object) -> str:
        """A UI message in the current language (ASCII stand-ins in ascii glyph mode)."""
        text = translate(key, self.settings.lang, **params)
        return text.translate(ASCII_STAND_INS) if self.settings.glyphs == "ascii" else text

    @property
    def glyphs(self) -> str:
        return self.settings.glyphs

    def change_settings(self, settings: Settings) -> None:
        self.settings = settings
        if self.persist_settings:
            save_settings(settings)
        self.translate_bindings(self)
        for screen in self.screen_stack:
            self.dress(screen)
        self.refresh_bindings()

    def watch_theme(self, theme: str) -> None:
        """Cards in the colours for the theme, redrawn at once; the theme is kept in settings."""
        use_ink(self.current_theme.dark)
        for screen in self.screen_stack:
            if isinstance(screen, TableScreen) and screen.is_mounted:
                screen.redraw()  # (the log keeps the colours its lines were written in)
        if theme != self.settings.theme:
            self.change_settings(self.settings.with_(theme=theme))

    def translate_bindings(self, node: DOMNode) -> None:
        """Show a node's key bindings in the app's language.

        Textual reads a binding's description from the class's BINDINGS once and has no public
        way to translate it, so the node's own bindings map is rewritten: each English
        description `D` becomes the catalogue's `bind.D` (found again after a language change).
        """
        catalogue = CATALOGUES.get(self.settings.lang, {})
        table = node._bindings.key_to_bindings
        for key, bindings in table.items():
            table[key] = [replace(b, description=catalogue.get(
                f"bind.{_ENGLISH.get(b.description, b.description)}",
                _ENGLISH.get(b.description, b.description))) for b in bindings]

    def dress(self, screen: Screen) -> None:
        """Language and glyph mode for a screen about to be shown."""
        self.translate_bindings(screen)
        screen.set_class(self.settings.glyphs == "ascii", "-ascii")

    def push_screen(self, screen, *args, **kwargs):  # type: ignore[no-untyped-def,override]
        if isinstance(screen, Screen):
            self.dress(screen)
        return super().push_screen(screen, *args, **kwargs)

    def switch_screen(self, screen):  # type: ignore[no-untyped-def,override]
        if isinstance(screen, Screen):
            self.dress(screen)
        return super().switch_screen(screen)

    # ----- navigation -----

    def on_mount(self) -> None:
        from familia_tui.tui.screens.home import HomeScreen

        if self.settings.theme in self.available_themes:
            self.theme = self.settings.theme
        self.push_screen(HomeScreen())
        self.set_timer(0.5, self.warm_up)
        if self.settings_problem:
            self.notify(self.settings_problem, severity="warning", timeout=8)
        if self.start_record is not None:
            self.open_game(self.start_record)

    def warm_up(self) -> None:
        """Import what F1 needs (the Markdown parser, the tabs) while the first screen is read,
        so that the first F1 does not wait for a fifth of a second of imports."""
        import familia_tui.tui.screens.rules  # noqa: F401

    def open_game(self, record: Record) -> None:
        """Go to the table for a record (a new game or one to continue)."""
        from familia_tui.tui.screens.tables import table_screen

        try:
            session = Session.open(record, self.autosave)
        except RecordError as error:
            self.notify(str(error), severity="error", timeout=10)
            return
        session.save()
        self.push_screen(table_screen(session))

    def open_practice(self, path: Path) -> None:
        """Set a practice puzzle up at the table: its position, its question and hints."""
        from familia_tui.core.presets import PresetError
        from familia_tui.core.scenario import ScenarioError, load_scenario, start_state
        from familia_tui.games import get_game
        from familia_tui.tui.screens.tables import table_screen

        try:
            puzzle = load_scenario(path)
            spec = get_game(puzzle.game)
            state = start_state(spec, puzzle)
        except (ScenarioError, PresetError, ValueError, KeyError) as error:
            self.notify(f"{path}: {error}", severity="error", timeout=10)
            return
        record = Record(spec.id, state.options, state.seats, puzzle.seed)  # type: ignore[attr-defined]
        session = Session(spec, record, state)
        if state.to_act is not None:
            session.confirm(state.seats[state.to_act].person)
        self.push_screen(table_screen(session, puzzle))

    def continue_game(self, path: Path | None = None) -> None:
        """Resume the autosaved game (or a record file)."""
        if path is None and not self.autosave.is_file():
            self.notify(self.t("ui.no_saved_game"), timeout=5)
            return
        try:
            record = load_record(path or self.autosave)
        except RecordError as error:
            self.notify(str(error), severity="error", timeout=10)
            return
        self.open_game(record)

    def deliver_screenshot(self, filename: str | None = None, path: str | None = None,
                           time_format: str | None = None) -> str | None:
        """The palette's Screenshot (and `action_screenshot`): an SVG of the screen in
        `screenshots/` of the app's data folder (FAMILIA_TUI_DATA, else the platform's), and a
        toast that says where. Textual's default, the user's Downloads folder, need not exist (a
        toast said only "Failed to save screenshot"). In a browser (textual-serve) Textual's
        download is kept."""
        if self.is_web:
            return super().deliver_screenshot(filename, path, time_format)
        folder = Path(path) if path else data_dir() / "screenshots"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            saved = self.save_screenshot(filename, str(folder), time_format)
        except OSError as error:
            self.notify(self.t("ui.screenshot_failed", folder=folder, reason=error.strerror or error),
                        title=self.t("ui.screenshot"), severity="error", markup=False)
            return None
        self.notify(self.t("ui.screenshot_saved", path=saved), title=self.t("ui.screenshot"), markup=False)
        return None

    def action_rules(self) -> None:
        from familia_tui.games import PLAYABLE
        from familia_tui.tui.screens.rules import RulesScreen

        game = getattr(self.screen, "game_id", None)
        options = getattr(self.screen, "rules_options", None)
        self.push_screen(RulesScreen(game or PLAYABLE[0], options, () if game else PLAYABLE))

    def action_quit_app(self) -> None:
        self.exit()
