"""The end of a Tarot hand: its breakdown (p, bouts, target, margin, multiplier, petit au bout,
declarations, slam, the amount per defender and each player's share), the scores hand by hand
and the cumulative totals; after the last hand, the final standings. Enter continues.

The breakdown is kept short (no frame; the bonuses that did not happen share one line) so that
at 80×24 it fits with the scores of the first hands. What does not fit scrolls, and the line
under it, which never scrolls away, says so ("More below: PgDn scrolls down") until the end is
shown."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich import box
from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.reactive import reactive
from textual.widgets import Static

from familia_tui.core.engine import Seat
from familia_tui.games.tarot.cards import half_to_points
from familia_tui.games.tarot.scoring import ContractResult, GraschResult, HandResult
from familia_tui.tui.games.tarot.widgets import (
    cards_markup,
    contract_name,
    number,
    signed,
)
from familia_tui.tui.screens.results import ResultsScreen
from familia_tui.tui.widgets.footer import AppFooter
from familia_tui.tui.widgets.panel import Note

Translate = Callable[..., str]
Number = int | float


class TarotResultsScreen(ResultsScreen):
    """The last scored hand's breakdown, the scores so far, and the standings at the end."""

    BINDINGS = [Binding("enter,escape", "done", "Continue", key_display="Enter"),
                Binding("p", "last_trick", "Last trick")]

    hint: reactive[str] = reactive("")
    """The line under the breakdown: how to go on, with a cue when more is below."""

    def __init__(self, results: Sequence[HandResult], totals: Sequence[Number], seats: Sequence[Seat],
                 final: bool = False, review: bool = False, last_trick: str = "") -> None:
        super().__init__(classes="results tarot-results")
        self.results, self.totals, self.seats = tuple(results), tuple(totals), tuple(seats)
        self.final, self.review = final, review
        self.last_trick = last_trick
        """The last trick of the hand (markup), shown on p."""
        self.set_reactive(TarotResultsScreen.hint, self.hint_text(more=False))

    @property
    def result(self) -> HandResult:
        return self.results[-1]

    def on_mount(self) -> None:
        body = self.query_one("#results-body", VerticalScroll)
        body.focus()  # ↑ ↓ PgUp PgDn scroll; Enter still continues
        self.watch(body, "scroll_y", self.show_hint, init=False)
        self.watch(body, "max_scroll_y", self.show_hint, init=False)
        self.call_after_refresh(self.show_hint)

    def compose(self) -> ComposeResult:
        t = self.t
        with VerticalScroll(id="results-body"):
            yield Static(t("tarot.ui.results_title", hand=self.result.number), id="results-title")
            last = Static(f"[b]{t('ui.last_trick_title')}[/]\n{self.last_trick}", id="results-last-trick")
            last.display = False
            yield last
            if self.final:  # the game's result first, then how its last hand was scored
                yield Static(self.standings_table(), id="results-standings")
            yield Static(self.breakdown(), id="results-breakdown")
            yield Static(self.scores_table(), id="results-scores")
        yield Note(id="results-hint").data_bind(text=TarotResultsScreen.hint)
        yield AppFooter(show_command_palette=self.glyphs != "ascii")

    def hint_text(self, more: bool) -> str:
        key = "tarot.ui.review_hint" if self.review else (
            self.over_hint("ui.match_over_hint") if self.final else "tarot.ui.next_hand_hint")
        cue = f"[b $warning]{self.t('tarot.ui.more_below')}[/] " if more else ""
        return cue + self.t(key)

    def more_below(self) -> bool:
        """Part of the breakdown or the scores is below the bottom edge."""
        body = self.query_one("#results-body", VerticalScroll)
        return body.scroll_y < body.max_scroll_y

    def show_hint(self, _: object = None) -> None:
        self.hint = self.hint_text(self.more_below())

    def _box(self) -> box.Box:
        return box.ASCII2 if self.glyphs == "ascii" else box.SIMPLE_HEAD

    def seat_name(self, seat: int | None) -> str:
        name = self.seats[seat].name if seat is not None else "-"
        return self.safe(name)

    # ----- the hand's breakdown -----

    def breakdown(self) -> Table:
        table = Table(box=None, show_header=False, expand=True, padding=(0, 1),
                      title=self.t("tarot.ui.breakdown"), title_style="bold")
        table.add_column(no_wrap=True, style="bold")
        table.add_column()
        rows = self.contract_rows(self.result) if isinstance(self.result, ContractResult) \
            else self.grasch_rows(self.result)
        for label, value in rows:
            table.add_row(label, self.safe(value))
        return table

    def contract_rows(self, r: ContractResult) -> list[tuple[str, str]]:
        t, glyphs, score = self.t, self.glyphs, r.score
        m = r.contract.multiplier
        taker = t("tarot.ui.taker_contract", name=self.seat_name(r.taker), contract=contract_name(str(r.contract), t))
        if r.called is not None:
            partner = self.seat_name(r.partner) if r.partner is not None else t("tarot.label.alone")
            taker += " · " + t("tarot.ui.called_partner", card=cards_markup([r.called], glyphs), partner=partner)
        rows = [(t("tarot.label.taker"), taker),
                (t("tarot.label.chien"), cards_markup(r.chien, glyphs) + " " + self.chien_note(r))]
        if r.ecart:
            rows.append((t("tarot.label.ecart"), cards_markup(r.ecart, glyphs)))
        margin = number(half_to_points(score.margin_half))
        counted = number(half_to_points(score.counted_half))
        points = number(r.points) + ("" if counted == number(r.points) else f" -> {counted}")
        rows += [
            (t("tarot.ui.p"), t("tarot.ui.p_value", points=points)),
            (t("tarot.label.bouts"), t("tarot.ui.bouts_value", bouts=r.bouts, target=score.target)),
            (t("tarot.label.made") if score.made else t("tarot.label.failed"),
             t("tarot.ui.margin_value", margin=margin)),
            (t("tarot.label.multiplier"), f"x{m} ({contract_name(str(r.contract), t)})"),
        ]
        sign = 1 if score.made else -1
        base = sign * (50 + score.margin_half) * m / 2
        formula = f"{'' if score.made else '-'}(25 + {margin}) x {m} = {signed(_whole(base))}"
        rows.append((t("tarot.ui.base"), formula))
        bonuses = [(t("tarot.label.petit_au_bout"), self.pab_text(r)),
                   (t("tarot.label.declarations"), self.declarations_text(r, sign)),
                   (t("tarot.label.slam"), self.slam_text(r))]
        rows += [(label, text) for label, text in bonuses if text != "-"]
        if none := [label for label, text in bonuses if text == "-"]:  # one line for them all
            rows.append((t("tarot.ui.bonuses"), f"[dim]{t('tarot.ui.bonuses_none', names=', '.join(none))}[/]"))
        exact = _whole(score.d_half / 2)
        parts = [base, r.pab * 10 * m, sign * r.handfuls, score.slam_term]
        terms = [signed(_whole(p)) for p in parts if p]
        d_text = (" ".join(terms) + " = " if len(terms) > 1 else "") + signed(exact)
        if exact != score.d:
            d_text += f" -> {signed(score.d)}"
        rows.append((t("tarot.label.per_defender"), f"[b]{d_text}[/]"))
        rows.append((t("tarot.ui.shares"), self.shares_text(r.shares)))
        return rows

    def chien_note(self, r: ContractResult) -> str:
        key = {"garde-sans": "tarot.ui.chien_for_taker", "garde-contre": "tarot.ui.chien_for_defence"}.get(
            str(r.contract), "tarot.ui.chien_taken")
        return f"[dim]({self.t(key)})[/]"

    def pab_text(self, r: ContractResult) -> str:
        if r.petit_au_bout is None:
            return "-"
        side = self.t("tarot.ui.side_taker" if r.pab > 0 else "tarot.ui.side_defence")
        return f"{self.seat_name(r.petit_au_bout)} ({side}): {signed(r.pab * 10 * r.contract.multiplier)}"

    def declarations_text(self, r: ContractResult, sign: int) -> str:
        if not r.declarations:
            return "-"
        parts = [f"{self.seat_name(d.seat)} {self.t(f'tarot.kind.{d.kind}')} {d.bonus}" for d in r.declarations]
        winner = self.t("tarot.ui.side_taker" if sign > 0 else "tarot.ui.side_defence")
        return "; ".join(parts) + " -> " + self.t("tarot.ui.h_value", h=r.handfuls, side=winner,
                                                    amount=signed(sign * r.handfuls))

    def slam_text(self, r: ContractResult) -> str:
        if r.slam == "taker":
            key = "tarot.ui.slam_made_announced" if r.slam_announced else "tarot.ui.slam_made"
        elif r.slam_announced:
            key = "tarot.ui.slam_failed_defence" if r.slam == "defence" else "tarot.ui.slam_failed"
        elif r.slam == "defence":
            key = "tarot.ui.slam_defence"
        else:
            return "-"
        return f"{self.t(key)}: {signed(r.score.slam_term)}"

    def grasch_rows(self, r: GraschResult) -> list[tuple[str, str]]:
        t = self.t
        chien_to = t("tarot.ui.chien_nobody") if r.chien_to is None else self.seat_name(r.chien_to)
        rows = [(t("tarot.label.grasch"), t("tarot.ui.grasch_rule")),
                (t("tarot.label.chien"), f"{cards_markup(r.chien, self.glyphs)} -> {chien_to}"),
                (t("tarot.label.mean"), number(_whole(r.mean)))]
        rows += [(self.seat_name(seat), t("tarot.ui.grasch_seat", points=number(points), share=signed(share)))
                 for seat, (points, share) in enumerate(zip(r.points, r.shares, strict=True))]
        return rows

    def shares_text(self, shares: Sequence[Number]) -> str:
        return "  ".join(f"{self.seat_name(s)} {signed(share)}" for s, share in enumerate(shares))

    # ----- the game so far -----

    def scores_table(self) -> Table:
        t = self.t
        table = Table(box=self._box(), expand=True, show_edge=False, title_style="bold",
                      title=t("tarot.ui.scores_title", hands=len(self.results)))
        table.add_column(t("tarot.label.hand"), justify="right")
        table.add_column(t("tarot.ui.contract"))
        for seat in range(len(self.seats)):
            table.add_column(self.seat_name(seat), justify="right")
        for r in self.results:
            style = "bold" if r is self.result else None
            table.add_row(str(r.number), self.hand_summary(r), *(signed(_whole(s / 2)) for s in r.shares_half),
                          style=style)
        table.add_section()  # a line between the hands and their total
        table.add_row("", f"[b]{t('tarot.label.total')}[/]", *(f"[b]{signed(v)}[/]" for v in self.totals))
        return table

    def hand_summary(self, r: HandResult) -> str:
        if isinstance(r, GraschResult):
            return self.t("tarot.label.grasch")
        made = self.t("tarot.ui.made_short" if r.score.made else "tarot.ui.failed_short")
        return f"{self.seat_name(r.taker)} {contract_name(str(r.contract), self.t)}, {made}"

    def standings_table(self) -> Table:
        t = self.t
        table = Table(box=self._box(), expand=True, show_edge=False, title_style="bold",
                      title=t("tarot.ui.standings"))
        for header in (t("ui.rank"), t("ui.seat"), t("tarot.label.total")):
            table.add_column(header)
        order = sorted(range(len(self.seats)), key=lambda s: -self.totals[s])
        rank = 0
        for place, seat in enumerate(order):
            if place == 0 or self.totals[seat] != self.totals[order[place - 1]]:
                rank = place + 1
            name = self.seat_name(seat) + (f" [b]{t('tarot.ui.winner')}[/]" if rank == 1 else "")
            table.add_row(str(rank), name, signed(self.totals[seat]))
        return table

    def action_done(self) -> None:
        if self.is_current:  # a second Enter before the table is back must not pop the table too
            self.dismiss(None)

    def action_last_trick(self) -> None:
        """p: show (or hide again) the hand's last trick above the breakdown."""
        last = self.query_one("#results-last-trick", Static)
        last.display = not last.display
        self.query_one("#results-body", VerticalScroll).scroll_home(animate=False)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return bool(self.last_trick) if action == "last_trick" else super().check_action(action, parameters)


def _whole(value: float) -> Number:
    """A float that is a whole number as an int (45.0 → 45), else the float (45.5)."""
    return int(value) if float(value).is_integer() else value
