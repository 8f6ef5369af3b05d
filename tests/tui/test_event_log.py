"""The event log every table shares: lines wrap with kinsoku in Japanese (no line starts with
。、 or a closing bracket, none ends with an opening one), and at spaces in English."""

from __future__ import annotations

from pathlib import Path

from rich.cells import cell_len
from textual.app import App, ComposeResult
from tui_helpers import make_app, settle

from familia_tui.cli import parse_seats
from familia_tui.core.presets import find_preset
from familia_tui.core.record import Record
from familia_tui.games.tarot.game import GAME as TAROT
from familia_tui.tui.games.tarot.results import TarotResultsScreen
from familia_tui.tui.games.tarot.screen import TarotScreen
from familia_tui.tui.widgets.log import (
    NO_LINE_END,
    NO_LINE_START,
    EventLog,
    line_breaks,
)


def test_the_japanese_log_never_starts_a_line_with_a_closing_mark() -> None:
    line = "セッション開始：1ゲーム。ビリの回数を数えます。"
    for width in range(8, 30):
        breaks = line_breaks(line, width)
        starts = [line[at] for at in breaks]
        assert not set(starts) & NO_LINE_START, (width, breaks)
        pieces = [line[a:b] for a, b in zip([0, *breaks], [*breaks, len(line)], strict=True)]
        assert "".join(pieces) == line and all(cell_len(p) <= width for p in pieces)
    english = "The session begins: 1 game, counting each player's ビリ."
    assert [english[a:b] for a, b in zip([0, *line_breaks(english, 22)], [*line_breaks(english, 22), None],
                                         strict=True)] == ["The session begins: 1 ", "game, counting each ",
                                                           "player's ビリ."]


def test_a_bracketed_aside_stays_with_its_words() -> None:
    line = "アキがガルドでテイク（シエンは6枚）。"
    for width in range(6, 20):
        breaks = line_breaks(line, width)
        assert not {line[at] for at in breaks} & NO_LINE_START, (width, breaks)
        assert not {line[at - 1] for at in breaks} & NO_LINE_END, (width, breaks)


async def test_the_japanese_tarot_log_at_80x24_wraps_with_kinsoku(tmp_path: Path) -> None:
    options = find_preset("tarot", "tarot-4").options.resolved()
    seats = parse_seats("アキ,bot,bot,bot", TAROT.default_seats(options), list(TAROT.bots))
    app = make_app(tmp_path, Record("tarot", options, tuple(seats), 3, preset="tarot-4"), lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        lines: list[str] = []
        for _ in range(60):
            await settle(pilot, lambda: isinstance(app.screen, TarotResultsScreen)
                         or (isinstance(app.screen, TarotScreen) and bool(app.screen.choices or app.screen.held)))
            if isinstance(app.screen, TarotResultsScreen):
                break
            lines = [strip.text.rstrip() for strip in app.screen.query_one(EventLog).lines]
            await pilot.press("enter")
        assert len(lines) > 10 and any("（" in line or "）" in line for line in lines), lines
        assert not [line for line in lines if line and line.lstrip()[0] in NO_LINE_START], lines


class LogApp(App[None]):
    def compose(self) -> ComposeResult:
        yield EventLog(id="log")


async def test_a_log_showing_its_newest_line_still_does_after_it_shrinks() -> None:
    app = LogApp()
    async with app.run_test(size=(60, 20)) as pilot:
        log = app.query_one(EventLog)
        log.add([f"Trick {number}: Aki wins with the 21 of trumps." for number in range(40)])
        await pilot.pause()
        assert log.scroll_y == log.max_scroll_y > 0
        await pilot.resize_terminal(60, 12)
        await pilot.pause()
        assert log.scroll_y == log.max_scroll_y, (log.scroll_y, log.max_scroll_y)
        log.scroll_to(y=3, animate=False)  # someone reading earlier lines keeps their place
        await pilot.pause()
        await pilot.resize_terminal(60, 10)
        await pilot.pause()
        assert log.scroll_y == 3


async def test_the_scrollbar_follows_the_lines_and_the_size_not_every_layout() -> None:
    """A layout of the screen that leaves the log as it was (a footer key coming or going) does
    not update its scrollbars (Textual's ScrollView did, at every layout, and painted them again
    in a frame of its own); new lines and a new size still do."""
    app = LogApp()
    async with app.run_test(size=(60, 20)) as pilot:
        log = app.query_one(EventLog)
        log.add(["Aki leads."])
        await pilot.pause()
        assert log.vertical_scrollbar.window_virtual_size == 1
        updates: list[object] = []
        update = log._scroll_update
        log._scroll_update = lambda size: updates.append(size) or update(size)  # type: ignore[method-assign]
        app.screen.refresh(layout=True)
        await pilot.pause()
        assert updates == []
        log.add([f"Trick {number}: Aki wins with the 21 of trumps." for number in range(40)])
        await pilot.pause()
        assert updates
        assert log.vertical_scrollbar.window_virtual_size == len(log.lines)
        updates.clear()
        await pilot.resize_terminal(60, 12)
        await pilot.pause()
        assert updates and log.vertical_scrollbar.window_size == log.scrollable_content_region.height
