"""Cards readable in every built-in theme, the theme kept in settings, and marks that do not rely
on colour alone (ticked cards)."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from rich.console import Console
from tui_helpers import make_app, screen_text, settle

from familia_tui.tui.app import FamiliaTuiApp
from familia_tui.tui.games.daifugo.scenes import FOUR, daifugo_record
from familia_tui.tui.games.familia.scenes import HUMAN_AND_BOTS, familia_record
from familia_tui.tui.games.tarot.scenes import tarot_record
from familia_tui.tui.screens.settings import SettingsScreen
from familia_tui.tui.screens.table import TableScreen
from familia_tui.tui.settings import Settings, load_settings
from familia_tui.tui.widgets.choices import Chip, Choice
from familia_tui.tui.widgets.log import EventLog

RECORDS = {
    "familia": lambda: familia_record(HUMAN_AND_BOTS),
    "tarot": lambda: tarot_record(FOUR),
    "daifugo": lambda: daifugo_record(FOUR),
}
CARD = re.compile(r"[♠♥♦♣]|\bT\d+\b|\bJK\b|\bExc\b")
READABLE = 2.5
"""The least contrast of a card's text with its background (a dimmed, illegal card: legal ones
are at 3.7 or more)."""


def luminance(rgb: tuple[int, int, int]) -> float:
    def channel(value: int) -> float:
        v = value / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    red, green, blue = rgb
    return 0.2126 * channel(red) + 0.7152 * channel(green) + 0.0722 * channel(blue)


def contrast(one: tuple[int, int, int], other: tuple[int, int, int]) -> float:
    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def card_contrasts(app: FamiliaTuiApp) -> list[tuple[float, str]]:
    """(contrast, text) of every rendered run of the screen that shows a card."""
    update = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens,
                                                  simplify=True)
    console = Console(width=app.size.width, height=app.size.height, file=io.StringIO(),
                      force_terminal=True, color_system="truecolor", record=True)
    console.print(update)
    found = []
    for segment in console._record_buffer:
        style = segment.style
        if style and style.color and style.bgcolor and CARD.search(segment.text):
            found.append((contrast(style.color.get_truecolor(app.ansi_theme, True),
                                   style.bgcolor.get_truecolor(app.ansi_theme, False)), segment.text))
    return found


@pytest.mark.parametrize("game", list(RECORDS))
async def test_cards_are_readable_in_every_built_in_theme(game: str, tmp_path: Path) -> None:
    app = make_app(tmp_path, RECORDS[game]())
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, TableScreen) and bool(app.screen.choices))
        unreadable = []
        for theme in sorted(app.available_themes):
            app.theme = theme
            app.screen.query_one(EventLog).clear()  # its lines keep the colours they were written in
            await pilot.pause()
            runs = card_contrasts(app)
            assert len(runs) >= 5
            unreadable += [(theme, text, round(ratio, 2)) for ratio, text in runs if ratio < READABLE]
        assert not unreadable


async def test_the_theme_is_kept_in_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FAMILIA_TUI_CONFIG", str(tmp_path))
    app = FamiliaTuiApp(saves=tmp_path / "games")
    async with app.run_test() as pilot:
        app.theme = "textual-light"
        await pilot.pause()
    assert load_settings(tmp_path / "settings.json")[0].theme == "textual-light"
    again = FamiliaTuiApp(saves=tmp_path / "games")
    async with again.run_test() as pilot:
        await pilot.pause()
        assert again.theme == "textual-light"
    unknown = FamiliaTuiApp(settings=Settings(theme="no-such-theme"), saves=tmp_path / "games")
    async with unknown.run_test() as pilot:
        await pilot.pause()
        assert unknown.theme == "textual-dark"


@pytest.mark.parametrize(("glyphs", "pressed", "unpressed"), [("unicode", "▐●▌", "▐ ▌"), ("ascii", "(*)", "( )")])
async def test_the_chosen_settings_carry_a_mark(glyphs: str, pressed: str, unpressed: str,
                                                tmp_path: Path) -> None:
    app = make_app(tmp_path, glyphs=glyphs)
    async with app.run_test(size=(100, 40)) as pilot:  # (every row in view)
        app.push_screen(SettingsScreen())
        await pilot.pause()
        rows = screen_text(app).splitlines()
        marked = [row for row in rows if pressed in row]
        assert len(marked) == 5  # language, glyphs, pace, card motion, undo: one each
        assert any("English" in row for row in marked) and any("Instant" in row for row in marked)
        assert any("On: take back your own move" in row for row in marked)
        assert sum(unpressed in row for row in rows) >= 6


def test_a_ticked_choice_carries_a_mark() -> None:
    """Ticked Daifugō cards, poignée trumps and a called ウノ end with `*` (ASCII in every mode)."""
    ticked = Chip(1, Choice("[bold]5S[/]", True, None, marked=True), False)
    plain = Chip(2, Choice("[bold]6S[/]", True, None), False)
    assert str(ticked.content).endswith("*") and not str(plain.content).endswith("*")


async def test_the_settings_screen_chooses_the_theme_and_keeps_it(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Settings lists every built-in theme, the current one marked; choosing one applies it and
    keeps it in settings, as the command palette does."""
    monkeypatch.setenv("FAMILIA_TUI_CONFIG", str(tmp_path))
    app = FamiliaTuiApp(saves=tmp_path / "games")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await settle(pilot, lambda: isinstance(app.screen, SettingsScreen))
        themes = app.screen.query_one("#settings-theme")
        names = [str(button.label) for button in themes.query("RadioButton")]
        assert names == sorted(app.available_themes) and "textual-light" in names and "nord" in names
        assert [str(b.label) for b in themes.query("RadioButton") if b.value] == ["textual-dark"]
        for _ in range(5):  # language, glyphs, pace, card motion, undo, then the themes
            await pilot.press("tab")
        assert app.focused is themes
        await pilot.press("up")  # from textual-dark to the theme before it
        await pilot.press("enter")
        await pilot.pause()
        chosen = names[names.index("textual-dark") - 1]
        assert app.theme == chosen
        assert load_settings(tmp_path / "settings.json")[0].theme == chosen
        assert [str(b.label) for b in themes.query("RadioButton") if b.value] == [chosen]
