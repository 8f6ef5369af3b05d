"""The Chinkway table: the deal with its dealer and trumps, the quest with each side's collected
cards and what it still needs, the trick and the last one, the seats with their scores, the log.

The screen drives a `Session` like every table (`screens/table.py`): bots at the configured pace,
a hot-seat curtain whenever another human's decision comes up.

The decisions: the dealer ticks two of his twelve cards (Enter ticks or unticks; a third is
refused) and confirms them with the last choice, which names the two cards [CW-7]; he names
trumps or No Trump with his hand in view, before the quest is turned [CW-11]; every player plays
a card; a trick's winner whose side could use cards of two categories or more takes one of them,
each choice naming the card it takes [CW-6]. A deal's last trick stays on the table until a key,
then the deal's scores and the score sheet (the re-seat of the final deal explained); s shows the
score sheet at any time.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import NamedTuple

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widget import Widget

from familia_tui.core.cards import Card
from familia_tui.core.engine import Event
from familia_tui.core.events import DEAL_SCORED, TRICK_WON
from familia_tui.core.picks import RulePicks, choose_from
from familia_tui.core.scenario import ScenarioFile
from familia_tui.core.session import Session
from familia_tui.games.chinkway.actions import PLAY, TAKE, TRUMP, TRUMP_CHOICES, Discard, discard
from familia_tui.games.chinkway.quest import CATEGORY_OF
from familia_tui.games.chinkway.view import ChinkwayView
from familia_tui.tui.games.chinkway.widgets import (
    CLAUSES,
    ChinkwayFrame,
    ChinkwayTable,
    DealPanel,
    HandPanel,
    QuestPanel,
    event_lines,
    sorted_hand,
    trump_text,
)
from familia_tui.tui.glyphs import card_markup, cards_markup, rulings_shown, suit_text
from familia_tui.tui.screens.table import TableScreen
from familia_tui.tui.widgets.choices import Choice, ChoiceBar
from familia_tui.tui.widgets.footer import AppFooter
from familia_tui.tui.widgets.log import EventLog


class Tick(NamedTuple):
    """A card of the dealer's hand ticked (or unticked) to be laid aside."""

    card: Card


class ChinkwayScreen(TableScreen):
    """One game of Chinkway at the table."""

    CSS_PATH = "screen.tcss"
    game_id = "chinkway"
    clause_style = CLAUSES
    held_texts = "cw.ui.held"
    BINDINGS = [Binding("s", "scores", "Scores")]

    def __init__(self, session: Session, puzzle: ScenarioFile | None = None) -> None:
        super().__init__(session, puzzle)
        self.ticked: list[Card] = []
        """The dealer's cards ticked to be laid aside, in the order ticked."""
        self.deal_end: ChinkwayView | None = None
        """The deal just scored, while `hold()` keeps its last trick on the table."""
        self.decided = ""
        """The phase of the last decision shown (the cursor starts afresh in another)."""

    def lesson_area(self, area: str) -> Widget | None:
        """A guided game's lesson points at the quest (`table`) and the seats with their sides
        and scores (`scores`) here; the base maps the rest."""
        found = self.query({"table": "#quest", "scores": "#seats-box"}.get(area, "#-none"))
        return found.first() if found else super().lesson_area(area)

    def compose(self) -> ComposeResult:
        yield self.banner_line()
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield DealPanel(id="deal").data_bind(ChinkwayScreen.frame)
                yield QuestPanel(id="quest").data_bind(ChinkwayScreen.frame)
                with VerticalScroll(id="seats-box"):
                    table = ChinkwayTable(id="table")
                    table.bottom = self.table_bottom()
                    yield table.data_bind(ChinkwayScreen.frame)
            yield EventLog(id="log")
        yield HandPanel(id="hand").data_bind(ChinkwayScreen.frame)
        yield ChoiceBar(id="choices")
        yield self.explain_line()
        yield AppFooter(show_command_palette=self.glyphs != "ascii")

    def on_mount(self) -> None:
        self.open_log("cw.ui.log_started", "cw.ui.log_resumed")
        self.advance()

    # ----- the flow of the game -----

    def advance(self, pause: float | None = None) -> None:
        self.ticked = []
        phase = self.session.table.phase
        if phase != self.decided:  # a new kind of decision starts at its first choice
            self.cursor, self.decided = 0, phase
        super().advance(pause)

    def event_lines(self, events: Sequence[Event]) -> list[str]:
        return event_lines(events, self.shown_seats, self.t, self.glyphs)

    def after_apply(self, events: Sequence[Event]) -> None:
        record = next((e.get("record") for e in events if e.kind == DEAL_SCORED), None)
        if record is not None:
            self.deal_end = self.view().of_deal(record)  # its last trick stays until a key
            self.hold(self.show_scores)
            return
        trick_done = any(e.kind == TRICK_WON for e in events)
        self.advance(self.app.settings.trick_pause if trick_done else None)

    def show_final(self) -> None:
        """A game opened finished shows its final scores (no trick is held first)."""
        self.show_scores()

    def show_scores(self, review: bool = False) -> None:
        from familia_tui.tui.games.chinkway.results import ChinkwayResultsScreen

        self.deal_end = None
        self.redraw()
        view = replace(self.session.table.public_view(), seats=self.shown_seats)
        if not view.history:
            return
        screen = ChinkwayResultsScreen(view, self.session.table.result(), review=review)
        self.app.push_screen(screen, self._after_review if review else self._after_result)

    # ----- drawing -----

    def view(self) -> ChinkwayView:
        """The viewer's view; between two humans the public one (what every seat knows)."""
        seat, table = self.session.viewer_seat(), self.session.table
        view: ChinkwayView = table.public_view() if seat is None else table.view(seat)
        return replace(view, seats=self.shown_seats)

    def redraw(self) -> None:
        self.banner = self.banner_text()
        self.show_choices(self.t("cw.ui.held_note") if self.held else "")
        held = self.deal_end
        view = held or self.view()
        self.frame = ChinkwayFrame(view, self.session.viewer_seat(), self.t, self.glyphs, held=held is not None,
                                   hand_shown=bool(self.choices) and view.phase in ("trump", "pick"), lang=self.lang)
        if self.choices:  # the cursor in view (a new decision's chips, a bar scrolled before)
            bar = self.query_one(ChoiceBar)
            self.call_after_refresh(lambda: bar.select(self.cursor))
            if self.choices[self.cursor].enabled:
                self.explain_text(self.decision_note())

    def turn_text(self, name: str) -> str:
        view = self.view()
        if view.phase == "discard":
            return self.t("cw.ui.turn_discard", name=name)
        if view.phase == "trump":
            return rulings_shown(self.t("cw.ui.turn_trump", name=name))
        if view.phase == "pick":
            return rulings_shown(self.t("cw.ui.turn_pick", name=name))
        if not view.trick:
            return self.t("cw.ui.turn_lead", name=name)
        return rulings_shown(self.t("cw.ui.turn_follow", name=name, suit=suit_text(view.trick[0][1].suit,
                                                                                  self.glyphs)))

    def decision_note(self) -> str:
        """A word on the decision on screen (the discard, trumps, the quest pick)."""
        phase = self.session.table.phase
        key = {"discard": "cw.ui.discard_note", "trump": "cw.ui.trump_note", "pick": "cw.ui.pick_note"}
        return rulings_shown(self.t(key[phase])) if phase in key else ""

    # ----- the choices -----

    def make_choices(self) -> list[Choice]:
        phase = self.session.table.phase
        if phase == "discard":
            return self.discard_choices()
        if phase == "trump":
            return [Choice(trump_text(suit, self.t, self.glyphs), True, TRUMP[suit]) for suit in TRUMP_CHOICES]
        if phase == "pick":
            return self.pick_choices()
        legal = self.session.table.legal_actions()
        return [Choice(card_markup(card, self.glyphs), PLAY[card] in legal, PLAY[card])
                for card in sorted_hand(self.view().hand)]

    def discard_choices(self) -> list[Choice]:
        """The twelve cards, ticked ones marked; last, the discard of the two ticked."""
        t, glyphs = self.t, self.glyphs
        hand = sorted_hand(self.view().hand)
        cards = [Choice(card_markup(card, glyphs), True, Tick(card), marked=card in self.ticked) for card in hand]
        made = self.discard_picks().made(self.ticked)
        if made:
            confirm = Choice(t("cw.ui.lay_aside", cards=cards_markup(sorted_hand(self.ticked), glyphs)), True, made[0])
        else:
            confirm = Choice(t("cw.ui.lay_aside_count", count=len(self.ticked)), False, None)
        return [*cards, confirm]

    def action_label(self, action: object) -> str:
        """The dealer's discard as its confirmation reads (the cards are ticked one by one)."""
        if isinstance(action, Discard):
            return self.t("cw.ui.lay_aside", cards=cards_markup(sorted_hand(action.cards), self.glyphs))
        return super().action_label(action)

    def discard_picks(self) -> RulePicks[Card, Discard]:
        """Two different cards of the dealer's hand; the engine's discard of them."""
        return choose_from(self.view().hand, 2, lambda cards: discard(*cards))

    def pick_choices(self) -> list[Choice]:
        """One choice per category the winner may take, naming the card it takes [CW-6]."""
        view, t, glyphs = self.view(), self.t, self.glyphs
        choices = []
        for cat in view.pick:
            card = next(c for _, c in view.last_trick if CATEGORY_OF[c] == cat)
            label = t("cw.ui.take", card=card_markup(card, glyphs), category=t(f"cw.category.{cat}"))
            choices.append(Choice(label, TAKE[cat] in self.session.table.legal_actions(), TAKE[cat]))
        return choices

    # ----- keys and clicks -----

    def chosen(self, choice: Choice) -> None:
        value = choice.value
        if isinstance(value, Tick):
            self.tick(value.card)
        else:
            self.apply(value)

    def tick(self, card: Card) -> None:
        """Tick or untick a card to lay aside; the second tick moves to the confirmation."""
        if card in self.ticked:
            self.ticked.remove(card)
        elif not self.discard_picks().may_add(self.ticked, card):
            self.explain_text(self.t("cw.ui.two_only"))
            self.app.bell()
            return
        else:
            self.ticked.append(card)
        if len(self.ticked) == 2:  # on to the confirmation, named with the two cards
            self.cursor = len(self.view().hand)
        self.redraw()

    def why_not(self, choice: Choice) -> str:
        if choice.value is None:  # the discard before two cards are ticked
            return self.t("cw.ui.tick_two", count=len(self.ticked))
        return super().why_not(choice)

    def moved(self) -> None:
        super().moved()
        if self.choices[self.cursor].enabled:
            self.explain_text(self.decision_note())

    def action_scores(self) -> None:
        """s: the score sheet so far."""
        self.show_scores(review=True)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "scores":  # hidden until a deal is scored (read off the frame: a key press
            frame = self.frame  # refreshes the bindings, and a fresh view costs a copy of the game)
            return frame is not None and bool(frame.view.rows) and self.held is None
        return super().check_action(action, parameters)


TABLE = ChinkwayScreen
"""The table screen of the game (found by the registry)."""
