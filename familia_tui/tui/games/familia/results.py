"""The end of a Familia game: every player's melds, singles, Joker zeroing, zero-sum and misère,
the team totals, the ranking with its tie-breaks, and the match so far; p shows the game's last
trick."""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.console import Group
from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from familia_tui.core.engine import Seat
from familia_tui.games.familia.match import GameResult, MatchState
from familia_tui.games.familia.options import FamiliaOptions
from familia_tui.games.familia.scoring import PlayerScore
from familia_tui.tui.games.familia.widgets import seat_label
from familia_tui.tui.glyphs import cards_markup
from familia_tui.tui.screens.results import ResultsScreen
from familia_tui.tui.widgets.footer import AppFooter


class FamiliaResultsScreen(ResultsScreen):
    """The breakdown of one game (and of the match when it is over)."""

    BINDINGS = [Binding("enter,escape", "done", "Continue"), Binding("p", "last_trick", "Last trick")]

    def __init__(self, result: GameResult, seats: Sequence[Seat], options: FamiliaOptions,
                 match: MatchState, final: bool, last_trick: str = "") -> None:
        super().__init__(classes="results")
        self.result, self.seats, self.options, self.match, self.final = result, seats, options, match, final
        self.last_trick = last_trick
        """The game's last trick (markup), shown on p."""

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(self.t("fam.ui.results_title", game=self.result.game_no), id="results-title")
            last = Static(f"[b]{self.t('ui.last_trick_title')}[/]\n{self.last_trick}", id="results-last-trick")
            last.display = False
            yield last
            yield Static(self.players_table(), id="results-players")
            yield Static(self.ranking_table(), id="results-ranking")
            if len(self.match.games) > 1 or self.final and self.options.match.format != "single":
                yield Static(self.match_table(), id="results-match")
            yield Static(self.t(self.over_hint("ui.match_over_hint") if self.final else "fam.ui.next_game_hint"),
                         id="results-hint")
        yield AppFooter()

    def _box(self) -> box.Box:
        return box.ASCII if self.app.glyphs == "ascii" else box.SIMPLE_HEAD

    def players_table(self) -> Table:
        t, glyphs = self.t, self.app.glyphs
        table = Table(box=self._box(), expand=True, show_lines=False, title=t("fam.ui.breakdown"))
        table.add_column(t("ui.seat"), no_wrap=True)
        table.add_column(t("fam.ui.entries"))
        table.add_column(t("fam.ui.zero_sum"), justify="right")
        table.add_column(t("fam.ui.misere"), justify="right")
        table.add_column(t("fam.ui.total"), justify="right")
        for index, score in enumerate(self.result.players):
            table.add_row(seat_label(self.seats[index], glyphs), self.entries(score),
                          _points(score.zero_sum_bonus, glyphs), _points(score.misere_bonus, glyphs),
                          f"[b]{score.total:+d}[/]")
        return table

    def entries(self, score: PlayerScore) -> Group | str:
        glyphs = self.app.glyphs
        lines = []
        for entry in score.entries:
            label = self.t("fam.meld." + entry.kind)
            points = f"{entry.points:+d}"
            if entry.zeroed:
                arrow = "->" if glyphs == "ascii" else "→"
                points = f"[strike]{points}[/] {arrow} 0 ({self.t('fam.ui.zeroed')})"
            lines.append(f"{label} {cards_markup(entry.cards, glyphs)} {points}")
        if score.forced:
            lines.append(f"[dim]{self.t('fam.ui.forced')}[/]")
        return "\n".join(lines) or ("-" if glyphs == "ascii" else "—")

    def ranking_table(self) -> Table:
        t = self.t
        table = Table(box=self._box(), expand=True, title=t("fam.ui.ranking"))
        for header in (t("ui.rank"), t("fam.ui.team"), t("fam.ui.total"), t("fam.ui.face_count"),
                       t("fam.ui.face_points")):
            table.add_column(header)
        for standing in self.result.standings:
            names = ", ".join(self.seats[i].name for i in standing.seats)
            table.add_row(str(standing.rank), f"{standing.unit} ({names})" if len(standing.seats) > 1
                          else names, f"{standing.total:+d}", str(standing.face_count),
                          str(standing.face_points))
        table.caption = t("fam.ui.tiebreaks")
        return table

    def match_table(self) -> Table:
        t = self.t
        table = Table(box=self._box(), expand=True, title=t("fam.ui.match_title", games=len(self.match.games)))
        for header in (t("ui.rank"), t("fam.ui.team"), t("fam.ui.match_total")):
            table.add_column(header)
        for standing in self.match.standings():
            names = ", ".join(self.seats[i].name for i in standing.seats)
            table.add_row(str(standing.rank), names, str(standing.total))
        return table

    def action_done(self) -> None:
        self.dismiss(None)

    def action_last_trick(self) -> None:
        """p: show (or hide again) the game's last trick above the breakdown."""
        last = self.query_one("#results-last-trick", Static)
        last.display = not last.display
        self.query_one(VerticalScroll).scroll_home(animate=False)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return bool(self.last_trick) if action == "last_trick" else super().check_action(action, parameters)


def _points(value: int, glyphs: str) -> str:
    return f"{value:+d}" if value else ("." if glyphs == "ascii" else "·")
