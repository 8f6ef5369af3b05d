"""The end of a six-suit game: how it ended, every scoring item per player [R-S18], the teams'
totals with their battalion points [R-S19], the standings and the tie-break that decided them
[B.2.9, R-S23, R-S27], and which judgements decided the tricks. The captured cards themselves are
never listed [R-S25]: only what they scored."""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from familia_tui.core.engine import Seat
from familia_tui.games.sixsuit.rules import SixSuitResult
from familia_tui.games.sixsuit.scoring import ITEMS
from familia_tui.games.sixsuit.view import SixSuitView
from familia_tui.tui.glyphs import rulings_shown
from familia_tui.tui.screens.results import ResultsScreen
from familia_tui.tui.widgets.footer import AppFooter


class SixSuitResultsScreen(ResultsScreen):
    """The breakdown of the finished game; Enter returns home."""

    BINDINGS = [Binding("enter,escape", "done", "Continue", key_display="Enter")]
    final = True  # (shown once, at the game's end)

    def __init__(self, result: SixSuitResult, view: SixSuitView, seats: Sequence[Seat]) -> None:
        super().__init__(classes="results sixsuit-results")
        self.result, self.view, self.seats = result, view, tuple(seats)

    def compose(self) -> ComposeResult:
        t, result = self.t, self.result
        end = t(f"six.end.{result.end}") if result.end else ""
        with VerticalScroll(id="results-body"):
            yield Static(t("six.ui.results_title", end=end), id="results-title")
            yield Static(self.units_table(), id="results-units")
            yield Static(rulings_shown(t("six.ui.results_tie", why=t(f"six.tie.{result.tie_break}"))),
                         id="results-tie")
            yield Static(self.items_table(), id="results-items")
            yield Static(self.judged_line(), id="results-judged")
        yield Static(t(self.over_hint("ui.match_over_hint")), id="results-hint")
        yield AppFooter()

    def on_mount(self) -> None:
        self.query_one("#results-body", VerticalScroll).focus()  # ↑ ↓ PgDn scroll; Enter continues

    def _box(self) -> box.Box:
        return box.ASCII if self.app.glyphs == "ascii" else box.SIMPLE_HEAD

    def unit_name(self, name: str) -> str:
        """A team or pair by its name in words; in the individual game a unit is a player."""
        return name if self.view.variant == "individual" else self.t(f"six.team.{name}")

    def units_table(self) -> Table:
        """Teams (or players) best first: members, battalion points, total."""
        t, result = self.t, self.result
        table = Table(box=self._box(), expand=True, title=t("six.ui.results_units"), show_edge=False)
        table.add_column(t("ui.rank"), justify="right", no_wrap=True)
        individual = self.view.variant == "individual"
        table.add_column(t("six.ui.results_player" if individual else "six.ui.results_unit"), no_wrap=True)
        if self.view.variant != "individual":
            table.add_column(t("six.ui.results_members"))
        battalions = self.view.battalion_size is not None  # (none in the 4-player game by default [R-S6])
        if battalions:
            table.add_column(t("six.ui.results_battalions"), justify="right")
        table.add_column(t("six.ui.results_total"), justify="right")
        members = dict(result.units)
        names = [u for u, _ in result.units]
        scores = result.scores
        for place, unit in enumerate(result.order, start=1):
            row = [str(place), f"[b]{self.unit_name(unit)}[/]" if place == 1 else self.unit_name(unit)]
            if self.view.variant != "individual":
                row.append(t("ui.names_separator").join(f"{self.seats[s].name} {scores[s]}" for s in members[unit]))
            if battalions:
                row.append(str(result.battalion_points[names.index(unit)]))
            row.append(f"[b]{result.totals[unit]:g}[/]")
            table.add_row(*row)
        return table

    def items_table(self) -> Table:
        """Every scoring item per player, seats in play order [R-S18]."""
        t, result = self.t, self.result
        order = self.view.order
        table = Table(box=self._box(), expand=True, title=t("six.ui.results_items"), show_edge=False)
        table.add_column(t("six.ui.results_item"), no_wrap=True, overflow="ellipsis")
        for seat in order:
            table.add_column(self.seats[seat].name, justify="right", no_wrap=True, overflow="ellipsis")
        for index, item in enumerate(ITEMS):
            table.add_row(t(f"six.item.{item}"), *(_points(result.items[s][index]) for s in order))
        table.add_row(f"[b]{t('six.ui.results_player_total')}[/]", *(f"[b]{result.scores[s]}[/]" for s in order))
        return table

    def judged_line(self) -> str:
        t = self.t
        counts = t("ui.names_separator").join(f"{t(f'six.judgement.{kind}')} {count}"
                                              for kind, count in self.result.judgements)
        return self.t("six.ui.results_judged", counts=counts or "-")

    def action_done(self) -> None:
        self.dismiss(None)


def _points(value: int) -> str:
    return str(value) if value else "."
