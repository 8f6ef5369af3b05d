"""Toy whist's table screen: the table base does the flow; this draws views and choices."""

from __future__ import annotations

from collections.abc import Sequence

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


class ToyScreen(TableScreen):
    CSS_PATH = "screen.tcss"
    game_id = "toy"

    def compose(self) -> ComposeResult:
        yield Static(id="banner")
        with Horizontal(id="main"):
            yield Static(id="table")
            yield EventLog(id="log")
        yield Static(id="hand")
        yield ChoiceBar(id="choices")
        yield Static(id="explain")
        yield AppFooter()

    def on_mount(self) -> None:
        self.advance()

    def turn_text(self, name: str) -> str:
        state = self.session.state
        if state.phase == "trump":
            names = " & ".join(self.shown_seats[seat].name for seat in state.deciders)
            return self.t("toy.ui.team_turn", names=names)
        return super().turn_text(name)

    def redraw(self) -> None:
        state, seat = self.session.state, self.session.viewer_seat()
        view = state.public_view() if seat is None else state.view(seat)
        seats = self.shown_seats
        trump = suit_text(view.trump, self.glyphs) if view.trump else "-"
        lines = [self.t("toy.ui.trump", suit=trump),
                 self.t("toy.ui.tricks", scores=f"A {view.tricks[0]} - B {view.tricks[1]}")]
        lines += [f"{seats[s].name}: {card_markup(card, self.glyphs)}" for s, card in view.trick]
        self.query_one("#table", Static).update("\n".join(lines))
        self.query_one("#banner", Static).update(self.banner_text())
        hands = () if seat is None else (view.team_hands or ((seat, view.hand),))
        self.query_one("#hand", Static).update("\n".join(
            self.t("toy.ui.hand", name=seats[s].name, cards=cards_markup(hand, self.glyphs)) for s, hand in hands))
        self.show_choices()

    def make_choices(self) -> list[Choice]:
        state = self.session.state
        legal = state.legal_actions()
        if state.phase == "trump":
            return [Choice(suit_text(action.suit, self.glyphs), True, action) for action in legal]
        hand = state.view(self.session.to_act).hand
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
        result: ToyResult = self.session.state.result()
        (a, b) = result.totals["A"], result.totals["B"]
        first, second = ("A", "B") if a >= b else ("B", "A")
        text = self.t("toy.ui.result", team=first, count=int(max(a, b)), other=int(min(a, b)))
        self.app.push_screen(ToyResults(text), self._after_result)


TABLE = ToyScreen
