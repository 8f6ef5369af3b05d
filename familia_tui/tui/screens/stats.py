"""Statistics: the finished games of the save folder, one table per game and preset (players'
games, wins, places and mean score; the game's own figures per player) and a chart of the
highlighted player's scores, game after game. Everything is computed from the records
(`core.stats`), in a thread, each time the screen opens; nothing is stored or moved."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import DataTable, Static

from familia_tui.core.stats import (
    Statistics,
    Table,
    collect,
    figure_label,
    places_text,
    skipped_text,
    table_title,
    who_label,
)
from familia_tui.tui.screens.base import AppScreen
from familia_tui.tui.widgets.footer import AppFooter

BARS = {"unicode": "▁▂▃▄▅▆▇█", "letters": "▁▂▃▄▅▆▇█", "ascii": "_.-:=+*#"}
"""A sparkline's bars, lowest first, by glyph mode (ascii: ASCII marks of rising height)."""

PLAYER_ROWS = 8
"""The most lines the players' table takes (its header included); it scrolls beyond."""

CHART_WIDTH = 40
"""The most scores a chart shows (the latest)."""


def sparkline(values: list[float], glyphs: str) -> str:
    """One bar per value, from the lowest value's bar to the highest's (all equal: middle bars)."""
    bars = BARS.get(glyphs, BARS["unicode"])
    low, high = min(values, default=0.0), max(values, default=0.0)
    if high == low:
        return bars[len(bars) // 2] * len(values)
    top = len(bars) - 1
    return "".join(bars[round((value - low) / (high - low) * top)] for value in values)


class StatsScreen(AppScreen[None]):
    """The statistics: ←/→ go from one game and preset to the next; the chart follows the
    highlighted row of the players' table."""

    BINDINGS = [  # ←/→ before the focused table's own (its rows move with ↑/↓)
        Binding("left", "table(-1)", "Previous", priority=True),
        Binding("right", "table(1)", "Next", priority=True),
        Binding("escape", "back", "Back"),
    ]
    CSS_PATH = "stats.tcss"

    def __init__(self) -> None:
        super().__init__(classes="stats")
        self.stats: Statistics | None = None
        """What the save folder holds, once read."""
        self.index = 0
        """The table shown (an index into `stats.tables`)."""

    def compose(self) -> ComposeResult:
        with Vertical(id="stats"):
            yield Static(self.t("stats.title"), id="stats-title")
            yield Static(self.t("stats.reading"), id="stats-notes")
            yield Static("", id="stats-table-title")
            yield DataTable(id="stats-players", cursor_type="row", zebra_stripes=True)
            yield Static("", id="stats-chart")
            yield DataTable(id="stats-figures", cursor_type="row")
        yield AppFooter(show_command_palette=self.glyphs != "ascii")

    def on_mount(self) -> None:
        self.read()

    @work(thread=True, exclusive=True)
    def read(self) -> None:
        """Replay the finished games away from the screen's thread."""
        stats = collect(self.app.saves.root)
        self.app.call_from_thread(self.show, stats)

    def show(self, stats: Statistics) -> None:
        self.stats = stats
        self.index = min(self.index, max(len(stats.tables) - 1, 0))
        self.query_one("#stats-notes", Static).update(self.notes(stats))
        self.fill()
        self.refresh_bindings()

    def notes(self, stats: Statistics) -> str:
        """What the folder holds besides the tables: nothing finished, unfinished games, files
        that could not be read (left untouched)."""
        lines = []
        if not stats.tables:
            lines.append(self.t("stats.empty", folder=stats.folder))
        else:
            lines.append(self.t("stats.count", count=stats.games))
        if stats.unfinished:
            lines.append(self.t("stats.unfinished", count=stats.unfinished))
        lines += [self.safe(skipped_text(skipped, self.lang)) for skipped in stats.skipped]
        return "\n".join(_escaped(line) for line in lines)

    @property
    def table(self) -> Table | None:
        return self.stats.tables[self.index] if self.stats and self.stats.tables else None

    def fill(self) -> None:
        """Draw the current table: its title, its players, its figures and the chart."""
        table = self.table
        players = self.query_one("#stats-players", DataTable)
        figures = self.query_one("#stats-figures", DataTable)
        players.clear(columns=True)
        figures.clear(columns=True)
        players.display = figures.display = table is not None
        if table is None:
            self.query_one("#stats-table-title", Static).update("")
            self.query_one("#stats-chart", Static).update("")
            return
        count = len(self.stats.tables) if self.stats else 1
        title = self.safe(table_title(table, self.lang))
        if count > 1:
            title = f"< {title}  ({self.index + 1}/{count}) >"
        self.query_one("#stats-table-title", Static).update(_escaped(title))
        self.fill_players(players, table)
        self.fill_figures(figures, table)
        self.chart(0)

    def fill_players(self, players: DataTable[str | Text], table: Table) -> None:
        for name in ("who", "games", "wins", "places", "mean"):
            players.add_column(self.t(f"stats.col.{name}"), key=name)
        players.styles.height = min(len(table.rows) + 1, PLAYER_ROWS)  # (auto lags behind a refill)
        for line in table.rows:
            players.add_row(self.safe(who_label(line.who, self.lang)), _number(line.games), _number(line.wins),
                            self.safe(places_text(line, self.lang)), _number(line.mean_score))

    def fill_figures(self, figures: DataTable[str | Text], table: Table) -> None:
        figures.display = bool(table.figures)
        names = [self.safe(figure_label(table.game, name, self.lang)) for name in table.figures]
        header = self.t("stats.col.figure")
        # the names' width set at once: sized on an idle tick, a busy machine drew them cut
        figures.add_column(header, key="figure", width=max(map(cell_len, [header, *names])))
        for number, line in enumerate(table.rows):
            figures.add_column(self.safe(who_label(line.who, self.lang)), key=str(number))
        figures.add_column(self.t("stats.col.total"), key="total")
        totals = table.totals()
        for name, label in zip(table.figures, names, strict=True):
            figures.add_row(label, *(_number(line.figures[name]) for line in table.rows), _number(totals[name]))

    def chart(self, row: int) -> None:
        """The scores of the players' table's row `row`, oldest game first."""
        table = self.table
        if table is None or not table.rows:
            return
        line = table.rows[min(row, len(table.rows) - 1)]
        scores = line.scores[-CHART_WIDTH:]
        low, high = min(scores), max(scores)
        text = self.t("stats.chart", who=self.safe(who_label(line.who, self.lang)),
                      scores=sparkline(scores, self.glyphs))
        self.query_one("#stats-chart", Static).update(_escaped(f"{text}  ({low:g} .. {high:g})"))

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        if event.data_table.id == "stats-players":
            self.chart(event.cursor_row)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """←/→ only when there are tables to go between."""
        if action == "table":
            return self.stats is not None and len(self.stats.tables) > 1
        return True

    def action_table(self, step: int) -> None:
        if self.stats and self.stats.tables:
            self.index = (self.index + step) % len(self.stats.tables)
            self.fill()

    def action_back(self) -> None:
        self.app.pop_screen()


def _number(value: float) -> Text:
    """A number as a cell, right-aligned."""
    return Text(f"{value:g}", justify="right")


def _escaped(text: str) -> str:
    """Plain text shown in a Static: square brackets are not markup (a folder, a file name)."""
    return text.replace("[", r"\[")
