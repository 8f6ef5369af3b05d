"""The command palette offers the app's own commands (a new game, the rules, the settings) next to
Textual's, all in the app's language."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.command import CommandPalette
from tui_helpers import make_app, screen_text, settle

from familia_tui.tui.screens.rules import RulesScreen
from familia_tui.tui.screens.saves import ContinueScreen
from familia_tui.tui.screens.settings import SettingsScreen
from familia_tui.tui.screens.setup import SetupScreen


async def run_command(pilot, app, typed: str) -> None:  # type: ignore[no-untyped-def]
    await pilot.press("ctrl+p")
    await settle(pilot, lambda: CommandPalette.is_open(app))
    await pilot.press(*typed)
    await pilot.pause(0.3)
    await pilot.press("enter")
    await settle(pilot, lambda: not CommandPalette.is_open(app))


@pytest.mark.parametrize(("lang", "typed", "screen"), [
    ("en", "new game: tarot", SetupScreen), ("en", "settings", SettingsScreen),
    ("en", "continue", ContinueScreen),
    ("ja", "ルール", RulesScreen), ("ja", "設定", SettingsScreen),
])
async def test_the_apps_commands_run_from_the_palette(tmp_path: Path, lang: str, typed: str,
                                                      screen: type) -> None:
    app = make_app(tmp_path, lang=lang)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await run_command(pilot, app, typed)
        await settle(pilot, lambda: isinstance(app.screen, screen))
        if screen is SetupScreen:
            assert app.screen.game_id == "tarot"


async def test_the_japanese_palette_lists_no_english_command(tmp_path: Path) -> None:
    app = make_app(tmp_path, lang="ja")
    async with app.run_test(size=(100, 50)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        await settle(pilot, lambda: CommandPalette.is_open(app))
        await pilot.pause(0.3)
        text = screen_text(app)
        assert "コマンドを検索" in text and "配色" in text and "新しいゲーム" in text, text
        for english in ("Theme", "Quit", "Keys", "Screenshot", "Search for commands", "Change"):
            assert english not in text, english
