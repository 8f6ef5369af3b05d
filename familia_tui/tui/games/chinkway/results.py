"""The scores of a Chinkway game: the deal just played (each side's collected quest cards and
what they are worth to each member [B7]), the score sheet of every deal with totals and places,
the ties and what broke them [B8, CW-8], the re-seat of the final deal when it comes next [CW-4],
and at the end the winner (a shared win when two players tied on every deal)."""

from __future__ import annotations

from collections.abc import Callable

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from familia_tui.games.chinkway.quest import tie_break, triangle
from familia_tui.games.chinkway.rules import DealRecord
from familia_tui.games.chinkway.view import ChinkwayResult, ChinkwayView
from familia_tui.tui.games.chinkway.widgets import ASCII_HEAD, ordinal, reseat_text, side_name, trump_text
from familia_tui.tui.glyphs import cards_markup, rulings_shown
from familia_tui.tui.screens.results import ResultsScreen
from familia_tui.tui.widgets.footer import AppFooter


class ChinkwayResultsScreen(ResultsScreen):
    """The scores after a deal, at the end of the game, or looked at mid-deal (`review`)."""

    BINDINGS = [Binding("enter,escape", "done", "Continue", key_display="Enter")]

    def __init__(self, view: ChinkwayView, result: ChinkwayResult, review: bool = False) -> None:
        super().__init__(classes="results chinkway-results")
        self.view, self.result, self.review = view, result, review

    @property
    def final(self) -> bool:
        return self.view.phase == "over"

    def compose(self) -> ComposeResult:
        t, view = self.t, self.view
        record = view.history[-1]
        if self.final:
            title = t("cw.ui.final_title", deals=len(view.history))
        elif self.review:
            title = t("cw.ui.review_title", deal=record.number, deals=view.deals_total)
        else:
            title = t("cw.ui.scores_title", deal=record.number, deals=view.deals_total)
        with VerticalScroll(id="results-body"):
            yield Static(f"[b]{title}[/]", id="results-title")
            if self.final:
                yield Static(f"[b]{self.winner_line()}[/]", id="results-winner")
            yield Static(self.deal_table(record), id="results-deal")
            yield Static(rulings_shown(t("cw.ui.points_rule")), id="results-rule")
            yield Static(self.sheet(), id="results-sheet")
            ties = tie_lines(view, t, self.final) if self.final or view.reseated else []
            if ties:  # when places decide something: the winner, the final deal's seats
                yield Static(rulings_shown("\n".join(ties)), id="results-ties")
            if view.reseated and not self.final:
                yield Static(rulings_shown(reseat_text(view, t)), id="results-reseat")
        hint = (self.over_hint("ui.match_over_hint") if self.final else "cw.ui.review_hint" if self.review
                else "cw.ui.next_deal_hint")
        yield Static(t(hint), id="results-hint")
        yield AppFooter()

    def on_mount(self) -> None:
        self.query_one("#results-body", VerticalScroll).focus()  # ↑ ↓ PgDn scroll; Enter continues

    def _box(self) -> box.Box:
        return ASCII_HEAD if self.app.glyphs == "ascii" else box.SIMPLE_HEAD

    def seat_name(self, seat: int) -> str:
        return self.view.seats[seat].name

    def deal_table(self, record: DealRecord) -> Group:
        """The deal's three sides: members, the quest cards collected, how many, points each."""
        t, glyphs = self.t, self.app.glyphs
        title = t("cw.ui.deal_table", deal=record.number, name=self.seat_name(record.dealer),
                  trump=trump_text(record.trump, t, glyphs), cards=cards_markup(record.quest, glyphs))
        table = Table(box=self._box(), show_edge=False)
        table.add_column(t("cw.ui.col_members"), no_wrap=True)
        table.add_column(t("cw.ui.col_cards"))
        table.add_column(t("cw.ui.col_count"), justify="right")
        table.add_column(t("cw.ui.col_points"), justify="right")
        for side, cards in zip(record.sides, record.collected, strict=True):
            table.add_row(side_name(side, self.view.seats, t), cards_markup(cards, glyphs), str(len(cards)),
                          f"[b]{triangle(len(cards))}[/]")
        return Group(Text.from_markup(f"[i]{title}[/]"), table)

    def places(self) -> dict[int, int]:
        """Each seat's place: at the end shared by players tied on every deal [CW-8]; before it
        the standings' order (seat order breaks the last ties)."""
        view = self.view
        if not self.final:
            return {seat: place + 1 for place, seat in enumerate(view.standings)}
        seat_of = {name: seat for seat, (name, _) in enumerate(self.result.units)}
        return {seat_of[name]: rank for name, rank in self.result.ranking()}

    def sheet(self) -> Group:
        """Every deal's score per player (the deal's dealer starred), the total and the place."""
        t, view = self.t, self.view
        table = Table(box=self._box(), show_edge=False, padding=(0, 1), collapse_padding=True)
        table.add_column(t("cw.ui.col_player"), no_wrap=True)
        for record in view.history:
            table.add_column(str(record.number), justify="right", no_wrap=True)
        table.add_column(t("cw.ui.col_total"), justify="right", no_wrap=True)
        table.add_column(t("cw.ui.col_place"), justify="right", no_wrap=True)
        places = self.places()
        for seat in view.standings:
            cells = [f"{r.scores[seat]}{'*' if r.dealer == seat else ' '}" for r in view.history]
            table.add_row(self.seat_name(seat), *cells, f"[b]{view.totals[seat]}[/]", ordinal(places[seat], t))
        return Group(Text.from_markup(f"[i]{t('cw.ui.sheet')}[/]"), table)

    def winner_line(self) -> str:
        winners = [name for name, rank in self.result.ranking() if rank == 1]
        names = self.t("ui.names_separator").join(self.safe(n) for n in winners)
        return self.t("cw.ui.winner", names=names, count=len(winners))

    def action_done(self) -> None:
        self.dismiss(None)



def tie_lines(view: ChinkwayView, t: Callable[..., str], final: bool) -> list[str]:
    """For each pair of neighbours in the standings with equal totals, what separates them: the
    latest deal they scored differently in [B8], else seat order from the last dealer, or at the
    end nothing: they share the place [CW-8]."""
    rows = [r.scores for r in view.history]
    lines = []
    for first, second in zip(view.standings, view.standings[1:]):
        total = view.totals[first]
        if total != view.totals[second]:
            continue
        names = {"first": view.seats[first].name, "second": view.seats[second].name}
        deal = tie_break(first, second, rows)
        if deal is not None:
            row = rows[deal - 1]
            lines.append(t("cw.ui.tie_deal", **names, total=total, deal=deal, a=row[first], b=row[second]))
        else:
            lines.append(t("cw.ui.tie_shared" if final else "cw.ui.tie_seat", **names))
    return lines
