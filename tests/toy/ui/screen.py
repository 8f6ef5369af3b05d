"""Toy whist's table screen: the table base does the flow; this draws views and choices."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import Static

from familia_tui.core.engine import Event
from familia_tui.tui.glyphs import card_markup, cards_markup, suit_text
from familia_tui.tui.screens.base import AppScreen
from familia_tui.tui.screens.table import TableScreen
from familia_tui.tui.widgets.choices import Choice, ChoiceBar
from familia_tui.tui.widgets.footer import AppFooter
from familia_tui.tui.widgets.log import EventLog
from familia_tui.tui.widgets.panel import Frame, Panel
from toy.game import Play, ToyResult


class ToyResults(AppScreen[None]):
    """The end of the game: tricks per team."""

    CSS_PATH = "screen.tcss"
    BINDINGS = [Binding("enter", "close", "Continue")]

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        yield Static(self.text, id="result")
        yield AppFooter()

    def action_close(self) -> None:
        self.dismiss(None)


class TablePanel(Panel):
    """The trump, the tricks per team and the trick in progress."""

    def draw(self, frame: Frame) -> str:
        view, t, glyphs = frame.view, frame.t, frame.glyphs
        trump = suit_text(view.trump, glyphs) if view.trump else "-"
        lines = [t("toy.ui.trump", suit=trump), t("toy.ui.tricks", scores=f"A {view.tricks[0]} - B {view.tricks[1]}")]
        return "\n".join(lines + [f"{view.seats[s].name}: {card_markup(card, glyphs)}" for s, card in view.trick])


class HandPanel(Panel):
    """The viewer's hand, or the hands of a team deciding together."""

    def draw(self, frame: Frame) -> str:
        view = frame.view
        hands = () if frame.viewer is None else (view.team_hands or ((frame.viewer, view.hand),))
        return "\n".join(frame.t("toy.ui.hand", name=view.seats[s].name, cards=cards_markup(hand, frame.glyphs))
                         for s, hand in hands)


class ToyScreen(TableScreen):
    CSS_PATH = "screen.tcss"
    game_id = "toy"

    def compose(self) -> ComposeResult:
        yield self.banner_line()
        with Horizontal(id="main"):
            yield TablePanel(id="table").data_bind(ToyScreen.frame)
            yield EventLog(id="log")
        yield HandPanel(id="hand").data_bind(ToyScreen.frame)
        yield ChoiceBar(id="choices")
        yield self.explain_line()
        yield AppFooter()

    def on_mount(self) -> None:
        self.advance()

    def turn_text(self, name: str) -> str:
        table = self.session.table
        if table.phase == "trump":
            names = " & ".join(self.shown_seats[seat].name for seat in table.deciders)
            return self.t("toy.ui.team_turn", names=names)
        return super().turn_text(name)

    def redraw(self) -> None:
        table, seat = self.session.table, self.session.viewer_seat()
        view = table.public_view() if seat is None else table.view(seat)
        self.frame = Frame(replace(view, seats=self.shown_seats), seat, self.t, self.glyphs)
        self.banner = self.banner_text()
        self.show_choices()

    def make_choices(self) -> list[Choice]:
        table = self.session.table
        legal = table.legal_actions()
        if table.phase == "trump":
            return [Choice(suit_text(action.suit, self.glyphs), True, action) for action in legal]
        hand = table.view(table.to_act).hand
        return [Choice(card_markup(card, self.glyphs), Play(card) in legal, Play(card)) for card in hand]

    def event_lines(self, events: Sequence[Event]) -> list[str]:
        seats, lines = self.shown_seats, []
        for event in events:
            if event.kind == "trump_chosen":
                lines.append(self.t("toy.event.trump", team=event.get("team"),
                                    suit=suit_text(event.get("suit"), self.glyphs)))
            elif event.kind == "played":
                lines.append(self.t("toy.event.played", name=seats[event.seat].name,
                                    card=card_markup(event.cards[0], self.glyphs)))
            elif event.kind == "trick_won":
                lines.append(self.t("toy.event.trick", name=seats[event.seat].name))
        return lines

    def after_apply(self, events: Sequence[Event]) -> None:
        if any(event.kind == "game_over" for event in events):
            self.show_final()
        else:
            self.advance()

    def show_final(self) -> None:
        self.redraw()
        result: ToyResult = self.session.table.result()
        (a, b) = result.totals["A"], result.totals["B"]
        first, second = ("A", "B") if a >= b else ("B", "A")
        text = self.t("toy.ui.result", team=first, count=int(max(a, b)), other=int(min(a, b)))
        self.app.push_screen(ToyResults(text), self._after_result)


TABLE = ToyScreen
