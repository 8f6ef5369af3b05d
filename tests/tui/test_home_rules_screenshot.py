"""The app's shared screens: Continue only when there is a game to continue, the F1 rules drawn
as one document (fast to open, scrollable, every game in its tab), and the palette's screenshot
saved in the app's data folder."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.containers import VerticalScroll
from textual.widgets import OptionList, TabbedContent
from tui_helpers import make_app, save_folder, saves_read, screen_text, settle

from familia_tui.core.presets import find_preset
from familia_tui.core.record import Record
from familia_tui.core.registry import game_ids
from familia_tui.core.saves import SaveFolder
from familia_tui.games.familia.game import GAME
from familia_tui.tui.screens.home import HomeScreen
from familia_tui.tui.screens.rules import RulesScreen
from familia_tui.tui.screens.saves import ContinueScreen
from familia_tui.tui.screens.setup import SetupScreen


@pytest.fixture(autouse=True)
def private_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    data = tmp_path / "data"
    monkeypatch.setenv("FAMILIA_TUI_CONFIG", str(tmp_path / "config"))
    monkeypatch.setenv("FAMILIA_TUI_USER_PRESETS", str(tmp_path / "presets"))
    monkeypatch.setenv("FAMILIA_TUI_DATA", str(data))
    return data


def menu_ids(app) -> list[str]:  # type: ignore[no-untyped-def]
    menu = app.screen.query_one("#home-menu", OptionList)
    return [menu.get_option_at_index(i).id for i in range(menu.option_count)]


def saved_game(folder: Path) -> Record:
    """A saved Familia game that has just begun."""
    options = find_preset("familia", "familia-4").options.resolved()
    record = Record("familia", options, tuple(GAME.default_seats(options)), 5, preset="familia-4")
    SaveFolder(folder).create(record)[1].release()
    return record


# ----- Continue -----


async def test_with_no_saved_game_home_offers_no_continue(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await saves_read(pilot, app)
        assert isinstance(app.screen, HomeScreen)
        assert "continue" not in menu_ids(app)
        assert not app.screen.check_action("continue", ())  # the footer hides `c`
        assert "Continue" not in screen_text(app)
        await pilot.press("c")  # does nothing: no toast with a path, no error
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert not list(app._notifications)  # the toasts on show


async def test_a_saved_game_is_offered_and_c_continues_it(tmp_path: Path) -> None:
    saved_game(save_folder(tmp_path))
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await saves_read(pilot, app)
        assert menu_ids(app)[0] == "continue"
        assert app.screen.check_action("continue", ())
        await settle(pilot, lambda: "c Continue" in screen_text(app))  # the footer follows a refresh later
        await pilot.press("c")
        await settle(pilot, lambda: isinstance(app.screen, ContinueScreen))
        await pilot.press("enter")
        await settle(pilot, lambda: not isinstance(app.screen, ContinueScreen))
        tables = [screen for screen in app.screen_stack if hasattr(screen, "session")]
        assert [table.session.record.game for table in tables] == ["familia"]  # type: ignore[attr-defined]


async def test_continue_without_a_file_says_so_in_words(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await pilot.pause()
        app.continue_game()
        await pilot.pause()
        assert "There is no unfinished game: start a new one from the home screen." in screen_text(app)
        assert str(tmp_path) not in screen_text(app)


# ----- F1 -----


async def test_f1_draws_the_rules_as_one_document_with_the_options_in_words(tmp_path: Path) -> None:
    """Textual's Markdown widget mounted hundreds of widgets per rulebook (3–4 s under load);
    the rules are one renderable now, so the screen holds a handful of widgets."""
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(SetupScreen("tarot"))
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, RulesScreen)
        assert len(screen.query("*")) < 20
        assert "French Tarot" in screen_text(app)
        document = screen.query_one(".rules-doc", VerticalScroll)
        await pilot.press("end")
        await pilot.pause()
        assert document.scroll_y > 0 and document.scroll_y == document.max_scroll_y
        text = screen_text(app)
        assert "Next dealer" in text and "the player before the dealer (the text)" in text
        assert "(next_dealer)" not in text and "previous" not in text.split("Next dealer")[1].splitlines()[0]
        await pilot.press("f1")  # the same key closes it
        assert isinstance(app.screen, SetupScreen)


async def test_f1_from_home_has_a_tab_per_game_and_scrolls_the_shown_one(tmp_path: Path) -> None:
    app = make_app(tmp_path, lang="ja")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, RulesScreen)
        tabs = screen.query_one(TabbedContent)
        assert [pane.id for pane in tabs.query("TabPane")] == [f"rules-{game}" for game in game_ids()]
        assert "ファミリア" in screen_text(app)
        tabs.active = "rules-tarot"
        await pilot.pause()
        await pilot.press("pagedown")
        await pilot.pause()
        shown = screen.shown_document()
        assert shown is not None and shown.scroll_y > 0
        assert shown in tabs.query_one("#rules-tarot").query(VerticalScroll)


async def test_ascii_rules_draw_no_box_lines_or_bullets(tmp_path: Path) -> None:
    app = make_app(tmp_path, glyphs="ascii")
    async with app.run_test(size=(100, 30)) as pilot:
        app.push_screen(RulesScreen("tarot"))
        await pilot.pause()
        for _ in range(12):
            text = screen_text(app)
            assert not set(text) & set("─│┃━•"), text
            await pilot.press("pagedown")
            await pilot.pause()


# ----- the palette's screenshot -----


async def test_a_screenshot_is_saved_in_the_data_folder_and_the_toast_says_where(
        tmp_path: Path, private_folders: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await pilot.pause()
        app.action_screenshot()
        await pilot.pause()
        shots = list((private_folders / "screenshots").glob("*.svg"))
        assert len(shots) == 1 and "familia-tui" in shots[0].read_text(encoding="utf-8")
        messages = [n.message for n in app._notifications]
        assert any(str(shots[0]) in message for message in messages), messages
