"""The Familia table: seats around it with the trick and its batting in front of them (the
shared `TableView`), piles and stock, the hand, the log.

The screen drives a `Session`: it shows the view of the person at the keyboard, runs bots at the
configured pace, covers the table with a handoff whenever another human's decision comes up, and
shows the game's breakdown when a game is scored; a deal's last trick stays on screen until a key
(p shows it again from the breakdown). The leader chooses the face pile with the hand in view,
and an empty pile is not offered. Legality comes only from `legal_actions()`; an illegal card can
be selected to read `explain()`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widget import Widget

from familia_tui.core.cards import Card, suit_order_key
from familia_tui.core.engine import Event
from familia_tui.core.events import TRICK_WON
from familia_tui.core.picks import ActionPicks
from familia_tui.core.scenario import ScenarioFile
from familia_tui.core.session import Session
from familia_tui.games.familia.actions import ChoosePile, PlayCard
from familia_tui.games.familia.view import FamiliaView, TrickRecord
from familia_tui.tui.games.familia.widgets import (
    CLAUSES,
    CentrePanel,
    FamiliaFrame,
    FamiliaTable,
    HandPanel,
    empty_pile_note,
    event_lines,
    hand_note,
    result_markup,
)
from familia_tui.tui.glyphs import card_markup, colour_glyph, rulings_shown, suit_text
from familia_tui.tui.screens.table import TableScreen
from familia_tui.tui.widgets.choices import Choice, ChoiceBar
from familia_tui.tui.widgets.footer import AppFooter
from familia_tui.tui.widgets.log import EventLog


class FamiliaScreen(TableScreen):
    """One Familia match at the table."""

    CSS_PATH = "screen.tcss"
    held_texts = "fam.ui.held"
    game_id = "familia"
    clause_style = CLAUSES
    BINDINGS = [
        Binding("b", "pile('black')", "Black", show=False),
        Binding("r", "pile('red')", "Red", show=False),
        Binding("p", "previous", "Last trick"),
    ]

    def __init__(self, session: Session, puzzle: ScenarioFile | None = None) -> None:
        super().__init__(session, puzzle)
        self.picked: list[Card] = []
        """The card picked for a play that needs more (a led Joker, whose suit comes next [R-F14])."""
        self.show_previous = False
        self.deal_end: TrickRecord | None = None
        """The last trick of the deal just finished, while `hold()` keeps it on screen."""

    def compose(self) -> ComposeResult:
        yield self.banner_line()
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield CentrePanel(id="centre").data_bind(FamiliaScreen.frame)
                with VerticalScroll(id="seats-box"):
                    table = FamiliaTable(id="table")
                    table.bottom = self.table_bottom()
                    yield table.data_bind(FamiliaScreen.frame)
            yield EventLog(id="log")
        yield HandPanel(id="hand").data_bind(FamiliaScreen.frame)
        yield ChoiceBar(id="choices")
        yield self.explain_line()
        yield AppFooter(show_command_palette=self.glyphs != "ascii")

    def lesson_area(self, area: str) -> Widget | None:
        """A guided game's lesson points at the face card and the trick (`table`) and the seats
        with their captures (`scores`) here; the base maps the rest."""
        found = self.query({"table": "#centre", "scores": "#seats-box"}.get(area, "#-none"))
        return found.first() if found else super().lesson_area(area)

    def on_mount(self) -> None:
        game_no = self.view().match.game_no
        if self.puzzle is not None:
            self.query_one(EventLog).add([self.practice_line()])
        elif self.session.record.actions:
            self.query_one(EventLog).add([self.t("fam.log.resumed", game=game_no)] + self.history_lines())
        else:
            self.query_one(EventLog).add([self.t("fam.log.started", game=game_no)])
        self.advance()

    def history_lines(self) -> list[str]:
        """The finished tricks of the game so far, for the log of a resumed game."""
        seats = self.session.seats
        return [line for trick in self.view().history
                for line in result_markup(trick, seats, self.t, self.glyphs).splitlines()]

    # ----- the flow of the game -----

    def advance(self, pause: float | None = None) -> None:
        self.picked = []
        super().advance(pause)

    def event_lines(self, events: Sequence[Event]) -> list[str]:
        return event_lines(events, self.shown_seats, self.t, self.glyphs)

    def after_apply(self, events: Sequence[Event]) -> None:
        scored = [e for e in events if e.kind == "game_scored"]
        trick = next((e.get("trick") for e in events if e.kind == TRICK_WON), None)
        if trick is not None and any(e.kind == "deal_ended" for e in events):
            self.deal_end = trick  # the deal's last trick stays on the table until a key
            self.hold(lambda: self._deal_over(scored[0].get("result") if scored else None))
        elif scored:
            self.redraw()
            self._show_result(scored[0].get("result"))
        else:
            self.advance(self.app.settings.trick_pause if trick is not None else None)

    def _deal_over(self, result: object) -> None:
        """After the held last trick: the breakdown when a game was scored, else play on."""
        if result is None:
            self.deal_end = None
            self.advance()
        else:
            self._show_result(result)

    def _show_result(self, result: object) -> None:
        from familia_tui.tui.games.familia.results import FamiliaResultsScreen

        trick = self.deal_end
        self.deal_end = None
        last = result_markup(trick, self.shown_seats, self.t, self.glyphs) if trick else ""
        screen = FamiliaResultsScreen(result, self.shown_seats, self.rules_options,  # type: ignore[arg-type]
                                      self.view().match, final=self.session.table.is_over, last_trick=last)
        self.app.push_screen(screen, self._after_result)

    # ----- drawing -----

    def view(self) -> FamiliaView:
        """The viewer's view; between two humans the public one (what every seat knows)."""
        seat, state = self.session.viewer_seat(), self.session.table
        return replace(state.public_view() if seat is None else state.view(seat), seats=self.shown_seats)

    def redraw(self) -> None:
        view = self.view()
        shown = self.deal_end or (view.last_trick if self.show_previous else None)
        self.banner = self.banner_text()
        self.frame = FamiliaFrame(view, self.session.viewer_seat(), self.t, self.glyphs, shown_trick=shown,
                                  held=self.deal_end is not None)
        self.show_choices(self.t("fam.ui.held_note") if self.held else hand_note(self.frame))
        self.show_hand()

    def show_hand(self) -> None:
        """The acting hand shows above the choices when they are not its cards."""
        frame = self.frame
        if isinstance(frame, FamiliaFrame):
            shown = bool(self.choices) and (frame.view.phase == "pile" or bool(self.picked))
            self.frame = replace(frame, hand_shown=shown)

    def turn_text(self, name: str) -> str:
        view = self.view()
        if view.phase != "pile":
            return self.t("ui.turn_play", name=name)
        piles = [c for c in ("black", "red") if view.piles[c]]
        if len(piles) == 1:  # the other is empty: one key, not "b black / r red" [R-F10]
            return self.t("fam.ui.turn_pile_one", name=name, pile=self.t(f"fam.ui.pile_{piles[0]}"),
                          letter=piles[0][0])
        return self.t("fam.ui.turn_pile", name=name)

    def make_choices(self) -> list[Choice]:
        view = self.view()
        legal = self.session.table.legal_actions()
        if view.phase == "pile":  # an empty pile is not offered [R-F10]
            return [Choice(f"{colour_glyph(c, self.glyphs)} {self.t('fam.ui.pile_' + c)} ({view.piles[c]})",
                           ChoosePile(c) in legal, ChoosePile(c)) for c in ("black", "red") if view.piles[c]]
        picks = ActionPicks([a for a in legal if isinstance(a, PlayCard)], parts=play_parts)
        if self.picked:  # a led Joker: the suits it may stand for [R-F14]
            return [Choice(suit_text(a.declared, self.glyphs), True, a) for a in picks.offers(self.picked)
                    if a.declared is not None]
        hand = sorted(view.hand, key=suit_order_key)
        return [Choice(card_markup(c, self.glyphs), picks.may_add([], c), PlayCard(c)) for c in hand]

    # ----- keys and clicks -----

    def chosen(self, choice: Choice) -> None:
        action = choice.value
        if isinstance(action, PlayCard) and not self.picked:
            picks = ActionPicks(self.session.table.legal_actions(), parts=play_parts)
            made = picks.made([action.card])
            if len(made) != 1:  # the leader names the Joker's suit [R-F14]
                self.picked = [action.card]
                self.show_choices()
                self.cursor = 0
                self.show_hand()
                self.explain_text(rulings_shown(self.t("fam.ui.name_suit")))
                return
            action = made[0]
        self.show_previous = False
        self.apply(action)

    def action_back(self) -> None:
        """Esc while naming a led Joker's suit goes back to the hand."""
        if self.picked:
            self.picked = []
            self.show_choices()
            self.show_hand()
            return
        super().action_back()

    def action_pile(self, colour: str) -> None:
        for index, choice in enumerate(self.choices):
            if choice.value == ChoosePile(colour):
                self.cursor = index
                self.action_choose()
                return
        self.explain_text(empty_pile_note(colour, self.t))
        self.app.bell()

    def action_previous(self) -> None:
        self.show_previous = not self.show_previous
        self.redraw()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "pile":
            return self.session.table.phase == "pile" and bool(self.choices)
        if action == "back" and self.picked:
            return True
        return super().check_action(action, parameters)


def play_parts(action: PlayCard) -> tuple[object, ...]:
    """A play's picks: its card, then the suit a led Joker stands for [R-F14]."""
    return (action.card,) if action.declared is None else (action.card, action.declared)


TABLE = FamiliaScreen
"""The table screen of the game (found by the registry)."""
