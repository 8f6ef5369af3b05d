"""The Statistics screen: reached from the home menu, its tables agree with the statistics of
the save folder, ←/→ go between games and presets, the chart follows the highlighted player,
and it fits 80×24 in Japanese."""

from __future__ import annotations

from pathlib import Path

from stats_records import finished, write
from textual.widgets import DataTable, OptionList
from tui_helpers import make_app, save_folder, screen_text, settle

from familia_tui.core.record import Record, record_json
from familia_tui.core.stats import collect
from familia_tui.tui.screens.home import HomeScreen
from familia_tui.tui.screens.stats import StatsScreen, sparkline


def prepared(tmp_path: Path) -> Path:
    """Two Daifugō games and one Tarot game, finished, and one Daifugō game just begun."""
    folder = save_folder(tmp_path)
    write(folder, [finished("daifugo", "daifugo-4", seed) for seed in range(2)] + [finished("tarot", "tarot-3", 4)])
    done = finished("daifugo", "daifugo-4", 9)
    begun = Record("daifugo", done.options, done.seats, 9, done.actions[:2], preset="daifugo-4")
    (folder / "begun.json").write_text(record_json(begun), encoding="utf-8")
    return folder


async def open_statistics(pilot, app) -> StatsScreen:  # type: ignore[no-untyped-def]
    await settle(pilot, lambda: isinstance(app.screen, HomeScreen) and app.screen.saves_read)
    menu = app.screen.query_one("#home-menu", OptionList)
    target = next(i for i in range(menu.option_count) if menu.get_option_at_index(i).id == "stats")
    while menu.highlighted != target:
        await pilot.press("down")
    await pilot.press("enter")
    await settle(pilot, lambda: isinstance(app.screen, StatsScreen) and app.screen.stats is not None)
    screen = app.screen
    assert isinstance(screen, StatsScreen)
    return screen


async def test_the_statistics_screen_shows_the_folders_tables(tmp_path: Path) -> None:
    folder = prepared(tmp_path)
    expected = collect(folder)
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await open_statistics(pilot, app)
        text = screen_text(app)
        assert "Counted from the records of 3 finished games." in text
        assert "1 unfinished game not counted." in text
        assert "< French Tarot · tarot-3 · 1 game  (1/2) >" in text
        players = screen.query_one("#stats-players", DataTable)
        table = expected.tables[0]
        assert [str(players.get_row_at(i)[0]) for i in range(players.row_count)] == ["Aki", "Ben", "Bot (basic)"]
        assert [str(players.get_row_at(i)[2]) for i in range(players.row_count)] == [
            str(line.wins) for line in table.rows]
        assert "Aki's scores, oldest first:" in text

        await pilot.press("right")
        text = screen_text(app)
        assert "(2/2)" in text and "daifugo-4 · 2 games" in text
        figures = screen.query_one("#stats-figures", DataTable)
        labels = [str(figures.get_row_at(i)[0]) for i in range(figures.row_count)]
        assert labels == ["Games played", "Went out 1st (大富豪)", "Went out 2nd", "Went out 3rd", "ビリ",
                          "革命 played", "チョンボ", "ドボン called"]
        biri = figures.get_row_at(4)
        assert str(biri[-1]) == str(expected.tables[1].totals()["biri"]) == "2"

        await pilot.press("down")  # the chart follows the players' table
        assert "Ben's scores, oldest first:" in screen_text(app)
        await pilot.press("right")
        assert "(1/2)" in screen_text(app)
        await pilot.press("escape")
        assert isinstance(app.screen, HomeScreen)


async def test_no_finished_game_says_so(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_statistics(pilot, app)
        assert screen.stats is not None and screen.stats.tables == []
        assert "No finished games in" in screen_text(app)
        assert not screen.query_one("#stats-players", DataTable).display


async def test_japanese_at_80_by_24(tmp_path: Path) -> None:
    prepared(tmp_path)
    app = make_app(tmp_path, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await open_statistics(pilot, app)
        await pilot.press("right")
        lines = screen_text(app).splitlines()
        assert "< 大富豪（統合ルール）・daifugo-4・2ゲーム  (2/2) >" in lines
        assert any(line.startswith("ドボン") for line in lines)  # the last figure is on screen
        assert "esc 戻る" in lines[-1]


def test_sparkline_bars() -> None:
    assert sparkline([0, 5, 10], "unicode") == "▁▅█"
    assert sparkline([0, 5, 10], "ascii") == "_=#"
    assert sparkline([3, 3], "ascii") == "=="
    assert sparkline([], "unicode") == ""
