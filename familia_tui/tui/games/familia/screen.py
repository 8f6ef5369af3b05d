"""The Familia table: seats, piles and stock, the trick and its batting, the hand, the log.

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
from textual.widgets import Static

from familia_tui.core.cards import JOKER, suit_order_key
from familia_tui.core.engine import Event
from familia_tui.core.events import TRICK_WON
from familia_tui.core.scenario import ScenarioFile
from familia_tui.core.session import Session
from familia_tui.games.familia.actions import ChoosePile, PlayCard
from familia_tui.games.familia.view import FamiliaView, TrickRecord
from familia_tui.tui.games.familia.widgets import (
    CLAUSES,
    centre_markup,
    event_lines,
    result_markup,
    seats_table,
    trick_markup,
)
from familia_tui.tui.glyphs import (
    card_markup,
    cards_markup,
    colour_glyph,
    rulings_shown,
    suit_text,
)
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
        self.joker_suits = False
        """The leader picked a Joker and now names its suit [R-F14]."""
        self.show_previous = False
        self.deal_end: TrickRecord | None = None
        """The last trick of the deal just finished, while `hold()` keeps it on screen."""

    def compose(self) -> ComposeResult:
        yield Static(id="banner")
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield Static(id="centre")
                yield Static(id="trick")
                with VerticalScroll(id="seats-box"):
                    yield Static(id="seats")
            yield EventLog(id="log")
        yield Static(id="hand")
        yield ChoiceBar(id="choices")
        yield Static(id="explain")
        yield AppFooter(show_command_palette=self.glyphs != "ascii")

    def on_mount(self) -> None:
        game_no = self.view().match.game_no
        if self.puzzle is not None:
            self.query_one(EventLog).add([self.t("ui.practice_started")])
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
        self.joker_suits = False
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
            self.advance(self.app.settings.trick_pause if trick is not None else None)  # type: ignore[attr-defined]

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
        viewer = self.session.viewer_seat()
        self.query_one("#banner", Static).update(self.banner_text())
        self.query_one("#seats", Static).update(seats_table(view, self.t, self.glyphs))
        deal, trick_no = (self.deal_end.deal, self.deal_end.number) if self.deal_end else (view.deal, view.trick_no)
        where = self.t("fam.ui.where", deal=deal + 1, deals=view.deals, trick=trick_no + 1,
                       tricks=view.tricks, style=self.t("fam.ui.style_" + view.style),
                       game=view.match.game_no)
        centre = f"[b]{where}[/]\n" + centre_markup(view, self.t, self.glyphs)
        if viewer is not None and len(view.own_hands) > 1 and not self.held:  # 2 players: the other hand [R-F27]
            other = next(s for s in view.own_hands if s != viewer)
            centre += "\n" + self.t("fam.ui.other_hand", name=view.seats[other].name,
                                    cards=cards_markup(sorted(view.own_hands[other], key=suit_order_key), self.glyphs))
        self.query_one("#centre", Static).update(centre)
        last = self.deal_end or (view.last_trick if self.show_previous else None)
        trick = (result_markup(last, view.seats, self.t, self.glyphs) if last
                 else trick_markup(view, self.t, self.glyphs))
        self.query_one("#trick", Static).update(trick)
        self.show_choices(self.t("fam.ui.held_note") if self.held else self.hand_note(view, viewer))
        self.show_hand(view, viewer)

    def show_hand(self, view: FamiliaView, viewer: int | None) -> None:
        """The acting hand above the choices when the choices are not its cards (the face pile,
        a led Joker's suit), with a word on an empty pile."""
        line = self.query_one("#hand", Static)
        line.display = bool(self.choices) and (view.phase == "pile" or self.joker_suits)
        if line.display and viewer is not None:
            text = self.hand_note(view, viewer)
            empty = [c for c in ("black", "red") if not view.piles[c]]
            if view.phase == "pile" and len(empty) == 1:
                text += "\n" + self.empty_pile_note(empty[0])
            line.update(text)

    def empty_pile_note(self, colour: str) -> str:
        other = "red" if colour == "black" else "black"
        return self.t("fam.ui.pile_empty_note", colour=self.t("fam.ui.pile_" + colour),
                      other=self.t("fam.ui.pile_" + other))

    def turn_text(self, name: str) -> str:
        view = self.view()
        if view.phase != "pile":
            return self.t("ui.turn_play", name=name)
        piles = [c for c in ("black", "red") if view.piles[c]]
        if len(piles) == 1:  # the other is empty: one key, not "b black / r red" [R-F10]
            return self.t("fam.ui.turn_pile_one", name=name, pile=self.t(f"fam.ui.pile_{piles[0]}"),
                          letter=piles[0][0])
        return self.t("fam.ui.turn_pile", name=name)

    def hand_note(self, view: FamiliaView, viewer: int | None) -> str:
        if viewer is None:
            return self.t("ui.hands_hidden")
        hand = sorted(view.own_hands[viewer], key=suit_order_key)
        return self.t("ui.hand_of", name=view.seats[viewer].name, cards=cards_markup(hand, self.glyphs))

    def make_choices(self) -> list[Choice]:
        view = self.view()
        legal = set(self.session.table.legal_actions())
        if view.phase == "pile":  # an empty pile is not offered [R-F10]
            return [Choice(f"{colour_glyph(c, self.glyphs)} {self.t('fam.ui.pile_' + c)} ({view.piles[c]})",
                           ChoosePile(c) in legal, ChoosePile(c)) for c in ("black", "red") if view.piles[c]]
        if self.joker_suits:
            return [Choice(suit_text(s, self.glyphs), PlayCard(JOKER, s) in legal, PlayCard(JOKER, s))
                    for s in ("S", "H", "D", "C")]
        playable = {a.card for a in legal if isinstance(a, PlayCard)}
        hand = sorted(view.hand, key=suit_order_key)
        return [Choice(card_markup(c, self.glyphs), c in playable, PlayCard(c)) for c in hand]

    # ----- keys and clicks -----

    def chosen(self, choice: Choice) -> None:
        action = choice.value
        if isinstance(action, PlayCard) and action.card == JOKER and not self.joker_suits and \
                PlayCard(JOKER) not in self.session.table.legal_actions():
            self.joker_suits = True  # the leader names the Joker's suit [R-F14]
            self.choices = self.make_choices()
            self.cursor = 0
            self.query_one(ChoiceBar).show(self.choices, 0)
            self.show_hand(self.view(), self.session.viewer_seat())
            self.explain_text(rulings_shown(self.t("fam.ui.name_suit")))
            return
        self.show_previous = False
        self.apply(action)

    def action_pile(self, colour: str) -> None:
        for index, choice in enumerate(self.choices):
            if choice.value == ChoosePile(colour):
                self.cursor = index
                self.action_choose()
                return
        self.explain_text(self.empty_pile_note(colour))
        self.app.bell()

    def action_previous(self) -> None:
        self.show_previous = not self.show_previous
        self.redraw()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "pile":
            return self.session.table.phase == "pile" and bool(self.choices)
        return super().check_action(action, parameters)


TABLE = FamiliaScreen
"""The table screen of the game (found by the registry)."""
