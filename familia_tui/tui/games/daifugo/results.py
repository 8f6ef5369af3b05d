"""The end of a Daifugō game: the places, the players still holding cards, the ビリ and why
(last to hold cards, チョンボ, ドボン, ドボン返し, なすりつけ) and who called it (for a ドボン, the
caller's hand and the value of the play it matched, and for ドボン返し the target's own hand); then
the session:
each player's ビリ count and first places, fewest ビリ first. Enter goes on to the next game (or
home after the last); during a game the s key shows the same screen for review."""

from __future__ import annotations

from rich import box
from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from familia_tui.games.daifugo.results import DobonCall, GameRecord, SessionResult
from familia_tui.games.daifugo.view import DaifugoView
from familia_tui.tui.games.daifugo.widgets import (
    families_text,
    place_text,
    play_markup,
)
from familia_tui.tui.glyphs import card_markup, cards_markup
from familia_tui.tui.markup import escape
from familia_tui.tui.screens.results import ResultsScreen
from familia_tui.tui.widgets.footer import AppFooter

CALLED_BY = {"dobon": "dfg.ui.res_caller", "uno": "dfg.ui.res_caller",
             "dobon_gaeshi": "dfg.ui.res_returned"}
"""Reasons whose ビリ was made by someone else's call, and how to say who."""


class DaifugoResultsScreen(ResultsScreen):
    """One finished game's places and ビリ, and the session's ビリ counts."""

    BINDINGS = [Binding("enter,escape", "done", "Continue", key_display="Enter")]

    def __init__(self, view: DaifugoView, record: GameRecord | None, final: bool = False,
                 review: bool = False) -> None:
        super().__init__(classes="results daifugo-results")
        self.view, self.record = view, record
        self.outs = dict(record.outs) if record is not None else {}
        """How each seat went out."""
        self.left = dict(enumerate(record.left)) if record is not None else {}
        """The cards each seat still held."""
        self.dobon = record.dobon if record is not None else None
        """The ドボン that ended the game, if one did."""
        self.final, self.review = final, review

    def _box(self) -> box.Box:
        return box.ASCII if self.glyphs == "ascii" else box.SIMPLE_HEAD

    def compose(self) -> ComposeResult:
        t = self.t
        with VerticalScroll(can_focus=False):
            if self.record is not None:
                name = escape(self.view.seats[self.record.biri].name)
                yield Static(t("dfg.ui.results_title", game=self.record.number, games=self.view.games,
                               name=name), id="results-title")
                yield Static(self.rule_line(self.record), id="results-rule")
                yield Static(self.game_table(self.record), id="results-game")
            else:
                yield Static(t("dfg.ui.no_game_yet"), id="results-title")
            yield Static(self.session_table(), id="results-session")
            hint = ("dfg.ui.back_to_table" if self.review else
                    self.over_hint("dfg.ui.session_over") if self.final else "dfg.ui.next_game")
            yield Static(t(hint), id="results-hint")
        yield AppFooter(show_command_palette=self.glyphs != "ascii")

    def rule_line(self, record: GameRecord) -> str:
        t = self.t
        if record.rule_card is None:
            return t("dfg.ui.rule_none")
        card = card_markup(record.rule_card, self.glyphs)
        if not record.families:
            return t("dfg.ui.rule_plain", card=card)
        return t("dfg.ui.rule_card", card=card, families=families_text(record.families, t))

    def game_table(self, record: GameRecord) -> Table:
        """Every seat: the places first, then those still holding cards, then the ビリ."""
        t, seats = self.t, self.view.seats
        table = Table(box=self._box(), expand=True, show_edge=False)
        table.add_column(t("dfg.ui.col_place"), no_wrap=True)
        table.add_column(t("dfg.ui.col_player"), no_wrap=True)
        table.add_column(t("dfg.ui.col_result"))
        for place, seat in enumerate(record.places, start=1):
            how = t(f"dfg.how.{self.outs.get(seat, 'empty')}")
            table.add_row(place_text(place, t), escape(seats[seat].name), t("dfg.ui.res_out", how=how))
        for seat in record.middle:
            held = self.left.get(seat)
            table.add_row(t("dfg.ui.unranked"), escape(seats[seat].name),
                          f"[dim]{t('dfg.ui.res_middle', count=held)}[/]" if held is not None else "")
        why = f"[b red]{self.biri_text(record)}[/]"
        if record.reason in ("dobon", "dobon_gaeshi") and self.dobon is not None:
            why += "\n" + self.dobon_text(self.dobon)
        table.add_row(f"[b red]{t('dfg.ui.biri_mark')}[/]", f"[b]{escape(seats[record.biri].name)}[/]", why)
        return table

    def biri_text(self, record: GameRecord) -> str:
        t = self.t
        text = t("dfg.ui.res_biri", reason=t(f"dfg.reason.{record.reason}"))
        key = CALLED_BY.get(record.reason)
        if key and record.caller is not None:
            text = t("dfg.ui.res_with", text=text, who=t(key, name=escape(self.view.seats[record.caller].name)))
        return text

    def dobon_text(self, call: DobonCall) -> str:
        """Why the ドボン matched: the caller's hand and its sum, the play worth as much; for
        ドボン返し the target's own hand too."""
        t, seats, glyphs = self.t, self.view.seats, self.glyphs
        names = {"caller": escape(seats[call.caller].name), "target": escape(seats[call.target].name)}
        hand = cards_markup(call.hand, glyphs)
        if call.play is None:
            text = t("dfg.ui.res_dobon_trick", hand=hand, value=call.value, **names)
        else:
            text = t("dfg.ui.res_dobon", hand=hand, value=call.value,
                     play=play_markup(call.play, glyphs), **names)
        if call.returned is not None:
            text += "; " + t("dfg.ui.res_gaeshi", hand=cards_markup(call.returned, glyphs),
                             value=call.value, **names)
        return text

    def session_table(self) -> Table:
        """Fewest ビリ first, then more first places (DF-31)."""
        t, view = self.t, self.view
        names = tuple(s.name for s in view.seats)
        session = SessionResult(names, view.games, list(view.games_played))
        table = Table(box=self._box(), expand=True, show_edge=False,
                      title=t("dfg.ui.session_title", played=len(view.games_played), games=view.games),
                      caption=t("dfg.ui.standings_note"))
        table.add_column(t("dfg.ui.col_rank"), no_wrap=True)
        table.add_column(t("dfg.ui.col_player"), no_wrap=True)
        table.add_column(t("dfg.ui.col_biri"), justify="right")
        table.add_column(t("dfg.ui.col_firsts"), justify="right")
        for standing in session.standings():
            table.add_row(str(standing.rank), escape(standing.unit), str(standing.biri), str(standing.firsts))
        return table

    def action_done(self) -> None:
        self.dismiss(None)
