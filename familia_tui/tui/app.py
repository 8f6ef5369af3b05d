"""The Textual app: settings, translation, and the way between home, setup, table and results."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from functools import cached_property, partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, overload

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.dom import DOMNode
from textual.screen import Screen, ScreenResultCallbackType, ScreenResultType
from textual.scrollbar import ScrollBar

from familia_tui.i18n import CATALOGUES, translate
from familia_tui.tui.glyphs import GLYPH_MODES, glyph_safe, use_ink
from familia_tui.tui.settings import Settings, load_settings, save_settings
from familia_tui.tui.widgets.ascii import GlyphScrollBarRender

if TYPE_CHECKING:  # the rules core (and pydantic) is imported after the first frame
    import asyncio

    from textual.await_complete import AwaitComplete
    from textual.widget import AwaitMount

    from familia_tui.core.progress import Progress
    from familia_tui.core.record import Record, RecordError
    from familia_tui.core.saves import SavedGame, SaveFolder, Scan, SetAside

_ENGLISH = {glyph_safe(text, glyphs, lang): key.removeprefix("bind.")
            for lang, catalogue in CATALOGUES.items() for key, text in catalogue.items()
            if key.startswith("bind.") for glyphs in GLYPH_MODES}
"""A translated binding description, as any glyph mode shows it, back to its English original."""


ScrollBar.renderer = GlyphScrollBarRender


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
                 saves: Path | None = None, record_path: Path | None = None,
                 persist_settings: bool = True, replay: Record | None = None) -> None:
        """`record` opens at the table: a new game (saved in a new file of the save folder
        `saves`) or, with `record_path`, the game saved in that file (saved there again).
        `replay` opens the replay of a record instead (`familia-tui replay FILE`: `record_path`
        names the file, which is only read)."""
        super().__init__()
        loaded, self.settings_problem = (settings, None) if settings else load_settings()
        self.settings = loaded.with_(**{k: v for k, v in (("lang", lang), ("glyphs", glyphs)) if v})
        self.start_record = record
        self.start_path = record_path
        self.start_replay = replay
        self.saves_root = saves
        self.saves_unreadable: str | None = None
        """The save folder's problem last reported."""
        self.persist_settings = persist_settings and settings is None
        self._practice_progress: Progress | None = None
        self.start_learn: str | None = None
        """A game whose guided first game the app opens at (`familia-tui learn GAME`)."""
        self.translate_bindings(self)

    # ----- language and glyphs -----

    def t(self, key: str, **params: object) -> str:
        """A message in the current language and glyph mode (the text pipeline: `glyph_safe`)."""
        return self.safe(translate(key, self.settings.lang, **params))

    def safe(self, text: str) -> str:
        """Text in the app's language through the text pipeline of its glyph mode (`glyph_safe`)."""
        return glyph_safe(text, self.settings.glyphs, self.settings.lang)

    def error_text(self, error: RecordError) -> str:
        """A record's or save's error in the app's language, through the text pipeline."""
        return self.safe(error.text(self.settings.lang))

    def error_reason(self, error: RecordError) -> str:
        """What a record's or save's error says is wrong (without the file), in the app's language."""
        return self.safe(error.reason(self.settings.lang))

    @property
    def glyphs(self) -> str:
        return self.settings.glyphs

    def get_key_display(self, binding: Binding) -> str:
        """A key as the footer shows it, in the glyph mode (Textual's ⏎ is `Enter` in ascii)."""
        return self.safe(super().get_key_display(binding))

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
            if getattr(screen, "session", None) is not None and screen.is_mounted:  # a table
                screen.redraw()  # type: ignore[attr-defined]  # (the log keeps its lines' colours)
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
            table[key] = [replace(b, description=self.safe(catalogue.get(
                f"bind.{_ENGLISH.get(b.description, b.description)}",
                _ENGLISH.get(b.description, b.description)))) for b in bindings]

    def dress(self, screen: Screen) -> None:
        """Language and glyph mode for a screen about to be shown."""
        self.translate_bindings(screen)
        screen.set_class(self.settings.glyphs == "ascii", "-ascii")

    @overload
    def push_screen(self, screen: Screen[ScreenResultType] | str,
                    callback: ScreenResultCallbackType[ScreenResultType] | None = None,
                    wait_for_dismiss: Literal[False] = False, *,
                    mode: str | None = None) -> AwaitMount: ...

    @overload
    def push_screen(self, screen: Screen[ScreenResultType] | str,
                    callback: ScreenResultCallbackType[ScreenResultType] | None = None,
                    wait_for_dismiss: Literal[True] = True, *,
                    mode: str | None = None) -> asyncio.Future[ScreenResultType]: ...

    def push_screen(self, screen: Screen[ScreenResultType] | str,
                    callback: ScreenResultCallbackType[ScreenResultType] | None = None,
                    wait_for_dismiss: bool = False, *,
                    mode: str | None = None) -> AwaitMount | asyncio.Future[ScreenResultType]:
        """Textual's push_screen, with the screen dressed first (Textual's overloads)."""
        if isinstance(screen, Screen):
            self.dress(screen)
        if wait_for_dismiss:
            return super().push_screen(screen, callback, True, mode=mode)
        return super().push_screen(screen, callback, False, mode=mode)

    def switch_screen(self, screen: Screen[ScreenResultType] | str) -> AwaitComplete:
        if isinstance(screen, Screen):
            self.dress(screen)
        return super().switch_screen(screen)

    # ----- navigation -----

    def get_default_screen(self) -> Screen[Any]:
        """The home screen is the app's first: no empty screen is drawn before it."""
        from familia_tui.tui.screens.home import HomeScreen

        home = HomeScreen()
        self.dress(home)  # as every pushed screen is
        return home

    def on_mount(self) -> None:
        if self.settings.theme in self.available_themes:
            self.theme = self.settings.theme
        self.set_timer(0.5, self.warm_up)
        if self.settings_problem:
            self.notify(self.settings_problem, severity="warning", timeout=8)
        if self.start_record is not None:
            self.open_game(self.start_record, self.start_path)
        if self.start_replay is not None:
            self.open_replay(self.start_replay, str(self.start_path or "record"))
        if self.start_learn is not None:
            from familia_tui.tui.screens.learn import open_learn

            open_learn(self, self.start_learn)

    def warm_up(self) -> None:
        """Import what F1 needs (the Markdown parser, the tabs) while the first screen is read,
        so that the first F1 does not wait for a fifth of a second of imports."""
        import familia_tui.tui.screens.rules  # noqa: F401

    @cached_property
    def saves(self) -> SaveFolder:
        """The save folder (the app's own, or the platform's), opened when first needed."""
        from familia_tui.core.saves import SaveFolder

        return SaveFolder(self.saves_root) if self.saves_root is not None else SaveFolder.default()

    def open_game(self, record: Record, path: Path | None = None) -> None:
        """Go to the table for a record: a new game gets a new save file of its own; a saved
        game (`path`) is saved into its file again. A save that cannot be written is said and
        the game is played from memory."""
        from familia_tui.core.record import RecordError
        from familia_tui.core.session import Session
        from familia_tui.tui.screens.tables import table_screen

        save_error, lock = None, None
        if path is None:
            try:
                path, lock = self.saves.create(record)
            except RecordError as error:
                save_error = error
        else:
            lock = self.saves.lock(path)
        if path is not None and lock is None:
            self.notify(self.t("ui.save_in_use", name=path.name), severity="error", timeout=10, markup=False)
            return
        try:
            session = Session.open(record, path, lock)
        except RecordError as error:
            if lock is not None:
                lock.release()
            self.refused(error, path)
            return
        if path is not None and path.parent == self.saves.root:
            session.saved = self.saves.note
        session.save_error = save_error
        if save_error:
            self.notify(self.t("ui.save_failed", reason=self.error_reason(save_error)), severity="error", timeout=10,
                        markup=False)
        self.push_screen(table_screen(session))

    def open_practice(self, path: Path) -> None:
        """Set a practice puzzle up at the table: its position, its question and hints."""
        from familia_tui.core.presets import PresetError
        from familia_tui.core.record import Record
        from familia_tui.core.registry import get_game
        from familia_tui.core.scenario import ScenarioError, load_scenario, played_state, start_state
        from familia_tui.core.session import Session
        from familia_tui.tui.screens.puzzle import PuzzleAtTable
        from familia_tui.tui.screens.tables import table_screen

        try:
            puzzle = load_scenario(path)
            spec = get_game(puzzle.game)
            state = start_state(spec, puzzle)
            start_legal = frozenset(str(action) for action in state.legal_actions())
            played_out = puzzle.kind in ("who-wins", "score")  # (the table shows how it came out)
            events = []
            if played_out:
                state, events = played_state(spec, puzzle)
        except (ScenarioError, PresetError, ValueError, KeyError) as error:
            self.notify(f"{path}: {error}", severity="error", timeout=10)
            return
        record = Record(spec.id, state.options, state.seats, puzzle.seed)  # type: ignore[attr-defined]
        session = Session(spec, record, state, last_events=events)
        session.confirm(*session.audience())
        screen = table_screen(session, puzzle)
        screen.practice = PuzzleAtTable(  # type: ignore[attr-defined]
            puzzle, f"{spec.id}/{path.stem}", start_legal, lambda text: str(spec.parse_action(text)), played_out)
        self.push_screen(screen)

    def practice_progress(self) -> Progress:
        """The practice progress (read once; a damaged file is moved aside and said once)."""
        from familia_tui.core.progress import Progress

        if self._practice_progress is None:
            self._practice_progress = Progress.load()
            if self._practice_progress.problem:
                self.notify(self._practice_progress.problem, severity="warning", timeout=10, markup=False)
        return self._practice_progress

    def scan_saves(self) -> Scan:
        """The save folder's games; files moved aside are reported (once: they are gone), and
        a folder that cannot be read once while it stays so."""
        from familia_tui.core.record import os_error_text

        scan = self.saves.prune_finished(self.saves.scan(), self.settings.keep_finished)
        if scan.unreadable and scan.unreadable != self.saves_unreadable:
            reason = scan.unreadable if scan.unreadable_error is None else \
                f"{self.saves.root}: {os_error_text(scan.unreadable_error, self.settings.lang)}"
            self.notify(self.t("ui.saves_unreadable", reason=reason), severity="error",
                        timeout=15, markup=False)
        self.saves_unreadable = scan.unreadable
        for problem in scan.set_aside:
            self.report_set_aside(problem)
        return scan

    def report_set_aside(self, problem: SetAside) -> None:
        """Say that a save cannot be resumed and where it was moved (or why it was not)."""
        from familia_tui.core.record import os_error_text

        key = "ui.save_set_aside" if problem.moved_to else "ui.save_not_set_aside"
        reason = problem.reason if problem.cause is None else self.error_reason(problem.cause)
        if problem.move_error is not None and problem.cause is not None:
            moving = os_error_text(problem.move_error, self.settings.lang)
            reason += " " + self.t("record.not_moved", error=moving)
        self.notify(self.t(key, name=problem.path.name, reason=reason,
                           moved=problem.moved_to.name if problem.moved_to else ""),
                    severity="warning", timeout=15, markup=False)

    def refused(self, error: RecordError, path: Path | None) -> None:
        """Say why a record cannot be played or replayed. A save of the save folder is moved
        aside, as the listing would have (listing reads summaries, so it may not have met the
        problem); any other file is left as it is."""
        problem = None
        if path is not None and path.parent == self.saves.root and path.exists():
            problem = self.saves.refuse(path, error)
        if problem is not None:
            self.report_set_aside(problem)
        else:
            self.notify(self.error_text(error), severity="error", timeout=10, markup=False)

    def continue_game(self) -> None:
        """The list of unfinished games to resume or delete."""
        from familia_tui.tui.screens.saves import ContinueScreen

        self.push_screen(ContinueScreen())

    def resume(self, game: SavedGame) -> None:
        """Back to the table of a saved game (a finished one shows its results)."""
        from familia_tui.core.record import RecordError

        try:
            record = game.load()
        except RecordError as error:
            self.refused(error, game.path)
            return
        self.open_game(record, game.path)

    def replay_saved(self, game: SavedGame) -> None:
        """Step through a finished game of the save folder."""
        from familia_tui.core.record import RecordError

        try:
            record = game.load()
        except RecordError as error:
            self.refused(error, game.path)
            return
        self.open_replay(record, str(game.path), game.path)

    def finished_games(self) -> None:
        """The list of finished games to replay."""
        from familia_tui.tui.screens.finished import FinishedScreen

        self.push_screen(FinishedScreen())

    def open_replay(self, record: Record, source: str = "record", path: Path | None = None) -> None:
        """Step through a record on its game's table (a record that cannot be replayed is said;
        a save of the folder, `path`, is then moved aside)."""
        from familia_tui.core.record import RecordError
        from familia_tui.core.replay import Replay
        from familia_tui.tui.screens.replay import replay_screen

        try:
            replay = Replay(record, source)
        except RecordError as error:
            self.refused(error, path)
            return
        self.push_screen(replay_screen(replay))

    def deliver_screenshot(self, filename: str | None = None, path: str | None = None,
                           time_format: str | None = None) -> str | None:
        """The palette's Screenshot (and `action_screenshot`): an SVG of the screen in
        `screenshots/` of the app's data folder (FAMILIA_TUI_DATA, else the platform's), and a
        toast that says where. Textual's default, the user's Downloads folder, need not exist (a
        toast said only "Failed to save screenshot"). In a browser (textual-serve) Textual's
        download is kept."""
        from familia_tui.core.record import data_dir

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
        from familia_tui.core.registry import game_ids
        from familia_tui.tui.screens.rules import RulesScreen

        game = getattr(self.screen, "game_id", None)
        options = getattr(self.screen, "rules_options", None)
        rulings = getattr(self.screen, "rulings_cited", ())  # a practice puzzle's or lesson's card
        games = game_ids()  # a game still without a table has its rules to read too
        self.push_screen(RulesScreen(game or games[0], options, () if game else games, rulings))

    def action_quit_app(self) -> None:
        self.exit()

    # ----- the command palette -----

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """The app's own commands first (a new game of each game, Continue, the rules, the
        settings), then Textual's (theme, keys, screenshot, quit), all in the app's language."""
        from familia_tui.core.registry import game_ids
        from familia_tui.tui.screens.tables import has_table

        t = self.t
        for game in (g for g in game_ids() if has_table(g)):  # the games the app can seat
            name = translate(f"game.{game}", self.settings.lang)
            yield SystemCommand(t("ui.new_game", game=name), t("palette.new_game_help"),
                                partial(self.new_game, game))
        yield SystemCommand(t("ui.continue"), t("palette.continue_help"), self.continue_game)
        yield SystemCommand(t("ui.finished"), t("palette.finished_help"), self.finished_games)
        yield SystemCommand(t("ui.rules"), t("palette.rules_help"), self.action_rules)
        yield SystemCommand(t("ui.settings"), t("palette.settings_help"), self.open_settings)
        for command in super().get_system_commands(screen):
            key = f"palette.{command.title}"
            if key in CATALOGUES["en"]:
                command = command._replace(title=t(key), help=t(f"{key}.help"))
            yield command

    def action_command_palette(self) -> None:
        """Textual's palette with its search prompt in the app's language."""
        from textual.command import CommandPalette

        if self.use_command_palette and not CommandPalette.is_open(self):
            self.push_screen(CommandPalette(placeholder=self.t("palette.placeholder"),
                                            id="--command-palette"))

    def new_game(self, game: str) -> None:
        """The setup screen of a game (from the palette, wherever the player is)."""
        from familia_tui.tui.screens.setup import SetupScreen

        self.push_screen(SetupScreen(game))

    def open_settings(self) -> None:
        from familia_tui.tui.screens.settings import SettingsScreen

        self.push_screen(SettingsScreen())
