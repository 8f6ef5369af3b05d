"""The French Tarot table: bidding, the 5-player call, the chien and the écart, the slam,
declarations at the first card, the tricks, and each hand's breakdown.

The screen drives a `Session` through `TableScreen` and sets its reactive `frame` (a
`TarotFrame`: the viewer's view or, between two humans, the engine's `public_view()`), which the
table's panels (widgets.py) draw themselves from: a 5-player partner stays secret until the view
says otherwise, the écart is the taker's alone.

Every decision is a row of choices built from `legal_actions()` (choices.py): bids, the called
card, the écart as a set of ticked cards and a poignée's trumps (both picks, `core/picks.py`: a
card they do not allow is dimmed with the reason, and Enter applies only what they make), slam
or not, declarations or the engine's `declare none`, then the cards, laid out as a grid (↑ ↓
move by a row). The last trick of a hand stays on screen until a key, then the breakdown (where
p shows it again).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Resize
from textual.widget import Widget

from familia_tui.core.engine import Event
from familia_tui.core.events import DEAL_SCORED
from familia_tui.core.scenario import ScenarioFile
from familia_tui.core.session import Session
from familia_tui.games.tarot.actions import DISCARD, Discard
from familia_tui.games.tarot.cards import Card, parse_cards
from familia_tui.games.tarot.trick import TrickRecord
from familia_tui.games.tarot.view import TarotView
from familia_tui.tui.games.tarot.choices import (
    EcartTicks,
    PoigneePick,
    ShownChips,
    Step,
    TarotChoiceBar,
    choice_meaning,
    declaring,
    pick_refusal,
    picked_note,
    poignee_picks,
    table_choices,
)
from familia_tui.tui.games.tarot.widgets import (
    CLAUSES,
    ContractPanel,
    DeclaredPanel,
    HandPanel,
    StockPanel,
    TarotFrame,
    TarotTable,
    event_lines,
    event_trick,
    hand_end_markup,
    hand_markup,
    sentence,
)
from familia_tui.tui.screens.table import TableScreen
from familia_tui.tui.widgets.choices import Choice
from familia_tui.tui.widgets.footer import AppFooter
from familia_tui.tui.widgets.log import EventLog


class TarotScreen(TableScreen):
    """One game of French Tarot at the table."""

    CSS_PATH = "screen.tcss"
    game_id = "tarot"
    PALETTE_FROM = 100
    """At 80 columns every key of the table is needed more than the palette's (ctrl+p still
    opens it)."""
    clause_style = CLAUSES
    held_texts = "tarot.ui.held"
    BINDINGS = [
        # short labels (Trick, Won): with / and Space the keys fit 80 columns
        Binding("space", "tick", "Tick", key_display="Space"),
        Binding("up", "row(-1)", "Up", show=False),
        Binding("down", "row(1)", "Down", show=False),
        Binding("p", "previous", "Trick"),
        Binding("w", "won", "Won"),
        Binding("s", "scores", "Scores"),
    ]

    def __init__(self, session: Session, puzzle: ScenarioFile | None = None) -> None:
        super().__init__(session, puzzle)
        self.show_previous = False
        self.show_won = False
        """The seats' won cards instead of the seats table (w)."""
        self.pick: PoigneePick | None = None
        """The poignée whose shown trumps the player is choosing."""
        self.choice_layout = "buttons"
        """How the choices are laid out: `buttons`, `cards` (a grid), `hand` (the whole hand)."""
        self.decision_shown: tuple[object, ...] = ()
        self.ecart = EcartTicks()
        """The cards ticked for the écart, not yet confirmed."""
        self.hand_end = ""
        self.hand_end_trick: TrickRecord | None = None
        """Its cards and winner, drawn in front of the seats while it is held."""
        """The last trick of the hand just scored (markup): held on the table, then p in the
        breakdown."""

    def lesson_area(self, area: str) -> Widget | None:
        """A guided game's lesson points at the table widget, with the trick (`table`), and the
        seats with the sides' points (`scores`) here; the base maps the rest."""
        found = self.query({"table": "#table", "scores": "#seats-box"}.get(area, "#-none"))
        return found.first() if found else super().lesson_area(area)

    def compose(self) -> ComposeResult:
        yield self.banner_line()
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield ContractPanel(id="contract").data_bind(TarotScreen.frame)
                yield StockPanel(id="stock").data_bind(TarotScreen.frame)
                yield DeclaredPanel(id="declared").data_bind(TarotScreen.frame)
                with VerticalScroll(id="seats-box"):
                    table = TarotTable(id="table")
                    table.bottom = self.table_bottom()
                    yield table.data_bind(TarotScreen.frame)
            yield EventLog(id="log")
        yield HandPanel(id="hand").data_bind(TarotScreen.frame)
        yield TarotChoiceBar(id="choices")
        yield self.explain_line()
        yield AppFooter(show_command_palette=self.glyphs != "ascii")

    def on_mount(self) -> None:
        log = self.query_one(EventLog)
        if self.puzzle is not None:
            log.add([self.practice_line()])
        elif self.session.record.actions:
            public = self.session.table.public_view()
            log.add([self.t("tarot.ui.resumed", hand=public.hand_number, hands=public.hands_total)])
        else:
            log.add(self.event_lines(self.session.table.events))
        self.query_one(TarotChoiceBar).fit(self.size.width or self.app.size.width)
        self.advance()

    @property
    def shown(self) -> TarotFrame | None:
        """What the table shows now (None before the first redraw)."""
        return self.frame if isinstance(self.frame, TarotFrame) else None

    # ----- the flow of the game -----

    def advance(self, pause: float | None = None) -> None:
        """As the base; instant bots move on without drawing the table for each move (it is
        drawn when a person is to look at it: a decision, a handoff, a pause, the results)."""
        session = self.session
        delay = self.app.settings.bot_delay if pause is None else pause
        if delay <= 0 and not session.table.is_over and not session.is_human_turn() and self.puzzle is None:
            seat = session.viewer_seat()
            if self.choices or self.shown is None or self.shown.view.seat != (-1 if seat is None else seat):
                self.redraw()  # once: the decision just made leaves the screen, a hand is hidden
            self.call_after_refresh(self.bot_step)
            return
        super().advance(pause)

    def event_lines(self, events: Sequence[Event]) -> list[str]:
        return [self.safe(line) for line in event_lines(events, self.shown_seats, self.t, self.glyphs)]

    def after_apply(self, events: Sequence[Event]) -> None:
        self.show_previous = False
        result = next((e.get("result") for e in events if e.kind == DEAL_SCORED), None)
        if result is not None:
            trick = next(e for e in events if e.kind == "trick_won")
            self.hand_end = self.safe(hand_end_markup(trick, result, self.shown_seats, self.t, self.glyphs))
            self.hand_end_trick = event_trick(trick, len(self.shown_seats))
            self.hold(lambda: self.show_results(final=self.session.table.is_over))
            return
        trick_done = any(e.kind == "trick_won" for e in events)
        self.advance(self.app.settings.trick_pause if trick_done else None)

    def show_results(self, final: bool = False, review: bool = False) -> None:
        from familia_tui.tui.games.tarot.results import TarotResultsScreen

        public = self.session.table.public_view()
        if not public.results:
            return
        screen = TarotResultsScreen(public.results, public.totals, self.shown_seats, final=final,
                                    review=review, last_trick=self.hand_end)
        self.app.push_screen(screen, self._after_review if review else self._after_result)

    # ----- drawing -----

    def views(self) -> tuple[TarotView, TarotView]:
        """(what the screen may show: the viewer's view, or the public one; the public view)."""
        state = self.session.table
        shown = self.shown_seats
        public = replace(state.public_view(), seats=shown)
        seat = self.session.viewer_seat()
        return (public if seat is None else replace(state.view(seat), seats=shown)), public

    def redraw(self) -> None:
        """The banner, the choices, then the frame every panel draws from (the hand shows
        unless the choices are its cards)."""
        view, public = self.views()
        self.banner = self.safe(self.banner_text())
        self.show_choices()
        self.frame = TarotFrame(view, self.session.viewer_seat(), self.t, self.glyphs, public=public,
                                held_trick=self.hand_end if self.held else None,
                                held_record=self.hand_end_trick if self.held else None, previous=self.show_previous,
                                won=self.show_won, lang=self.lang, hand_shown=self.choice_layout != "hand")

    def show_choices(self, note: str = "") -> None:
        """The base's choice row, rebuilt only when the choices changed (mounting chips is the
        slow part of a redraw); the hand above it unless the choices are the whole hand."""
        self.choice_layout = "buttons"
        choices = self.make_choices() if self.may_decide() else []
        decision = self.decision()
        if decision != self.decision_shown:  # a new kind of decision starts on its first choice
            self.decision_shown, self.cursor = decision, 0
        bar = self.query_one(TarotChoiceBar)
        if choices != self.choices or not bar.children:
            self.choices = choices
            self.cursor = min(self.cursor, max(len(choices) - 1, 0))
            if choices and not choices[self.cursor].enabled:
                self.cursor = next((i for i, c in enumerate(choices) if c.enabled), 0)
            bar.fill(choices, self.cursor, note)
        bar.lay_out(self.choice_layout, shown=bool(self.choices))
        self.explain_text("")
        if self.choices:
            self.describe()
        self.refresh_bindings()  # (the footer is rebuilt only when a key comes or goes)

    def decision(self) -> tuple[object, ...]:
        """What is being decided (the cursor keeps its place only within one decision)."""
        state = self.session.table
        step = "pick" if self.pick is not None else "declare" if self.choice_layout == "buttons" else ""
        decision = (state.to_act, str(state.phase), state.public_view().hand_number, step)
        if decision != self.decision_shown:
            self.ecart = EcartTicks()
        return decision

    @property
    def picked(self) -> list[Card]:
        """The trumps the poignée being chosen shows so far."""
        return self.pick.picked if self.pick is not None else []

    @property
    def chips(self) -> ShownChips:
        return self.query_one(TarotChoiceBar).chips

    @property
    def grid_columns(self) -> int:
        return self.query_one(TarotChoiceBar).columns

    def on_resize(self, event: Resize) -> None:
        self.query_one(TarotChoiceBar).fit(event.size.width)

    def hand_notation_markup(self, cards: Sequence[str]) -> str:
        """A hand in notation as the hand line draws it: grouped by suit, trumps last."""
        return hand_markup(parse_cards(cards), self.glyphs)

    def banner_text(self) -> str:
        """As the base; while a redealt hand is bid, first that everyone has new cards."""
        redeal = self.session.table.public_view().redeal
        text = super().banner_text()
        return f"[b]{self.t(f'tarot.ui.redeal.{redeal}')}[/] {text}" if redeal else text

    def turn_text(self, name: str) -> str:
        phase = str(self.session.table.phase)
        if phase == "ecart":
            return self.ecart.turn(self.session.table, name, self.t)
        if phase == "play" and self.pick is not None:
            return self.pick.turn(name, self.t)
        if phase == "play" and declaring(self.session.table.legal_actions()):
            return self.t("tarot.ui.turn_declare", name=name)
        return self.t(f"tarot.ui.turn_{phase}", name=self.safe(name))

    # ----- the choices of each decision -----

    def acting_view(self) -> TarotView:
        """The view of the seat deciding (choices are made only while a seat is to act)."""
        table = self.session.table
        assert table.to_act is not None
        view: TarotView = table.view(table.to_act)
        return view

    def make_choices(self) -> list[Choice]:
        self.choice_layout, choices = table_choices(self.session.table, self.acting_view(), self.ecart, self.pick,
                                                    self.t, self.glyphs)
        return choices

    def describe(self) -> None:
        """What the choice under the cursor means, for decisions that need words."""
        choice = self.choices[self.cursor]
        self.query_one("#explain").set_class(choice.enabled, "-info")
        self.explain_text(self.why_not(choice) if not choice.enabled else self.meaning(choice.value))

    def meaning(self, value: object) -> str:
        """What an enabled choice does: the écart so far, the trumps shown, the rule."""
        if isinstance(value, Discard):
            return self.safe(self.ecart.note(self.session.table, self.t, self.glyphs))
        if isinstance(value, Step) and self.pick is not None:
            return picked_note(self.pick.level, self.picked, self.t, self.glyphs)
        declared = any(d.seat == self.session.table.to_act for d in self.acting_view().declarations)
        return choice_meaning(value, self.t, self.glyphs, self.explanation, declared)

    def explanation(self, action: object) -> str:
        """The engine's explain() chain in the app's language and glyphs, as a sentence (its
        clauses are written to be chained: `x → y`, lower case)."""
        return sentence(self.explanation_text(self.session.table.explain(action)))

    def why_not(self, choice: Choice) -> str:
        if isinstance(choice.value, Step) and self.pick is not None:  # a trump beyond the poignée
            return f"[b]{self.t('ui.not_allowed')}[/] {sentence(pick_refusal(self.pick.level, self.t))}"
        return f"[b]{self.t('ui.not_allowed')}[/] {self.explanation(choice.value)}"

    # ----- keys and clicks -----

    def moved(self) -> None:
        super().moved()
        self.describe()

    def chosen(self, choice: Choice) -> None:
        value = choice.value
        if isinstance(value, Step):
            self.step(value)
            return
        if isinstance(value, Discard):
            self.enter_ecart(value.card)
            return
        self.pick = None
        self.apply(value)

    def step(self, step: Step) -> None:
        """A poignée's step: its trumps to choose (applied at once when it shows every trump),
        a trump ticked or unticked, back."""
        level, card = step.level, step.card
        if level is not None and len(level.pool) == level.choose:
            return self.apply(poignee_picks(level).made(level.pool)[0])
        elif level is not None:
            self.pick = PoigneePick(level)
        elif card is not None and self.pick is not None:
            self.pick.toggle(card)
        else:
            self.pick = None
        cursor, self.cursor = self.cursor, 0
        self.redraw()
        if card is not None and cursor < len(self.choices):  # the cursor stays on the trump
            self.cursor = cursor
            self.query_one(TarotChoiceBar).select(cursor)
            self.describe()

    # ----- the écart: a set of cards, confirmed at once -----

    def enter_ecart(self, card: Card) -> None:
        """Enter: confirms a full écart (the one set of discards its picks make); otherwise
        ticks (or unticks) the card under the cursor and moves to the next card not ticked."""
        table = self.session.table
        if len(self.ecart) == self.ecart.left(table):
            made, self.ecart = self.ecart.made(table), EcartTicks()
            for action in made:
                self.apply(action)
            return
        ticked = card not in self.ecart
        self.tick(card)
        if ticked and card in self.ecart:
            after = [i for i, c in enumerate(self.choices) if c.enabled and not c.marked]
            self.cursor = next((i for i in after if i > self.cursor), after[0] if after else self.cursor)
            self.query_one(TarotChoiceBar).select(self.cursor)
            self.describe()

    def tick(self, card: Card) -> None:
        """Tick or untick one card of the écart; a card no legal écart allows shows why."""
        refusal = self.ecart.refusal(self.session.table, card, self.t)
        if refusal is not None:
            self.explain_text(refusal or self.why_not(Choice("", False, DISCARD[card])))
            return self.app.bell()
        self.ecart.toggle(card)
        self.banner = self.safe(self.banner_text())  # the count; the rest of the table stays
        self.show_choices()
        self.query_one(TarotChoiceBar).select(self.cursor)

    def action_tick(self) -> None:
        """Space: tick or untick the card under the cursor for the écart."""
        value = self.choices[self.cursor].value if self.choices else None
        if isinstance(value, Discard):
            self.tick(value.card)

    def action_row(self, step: int) -> None:
        """↑ ↓: a row up or down in the card grid."""
        columns = self.grid_columns if self.choice_layout != "buttons" else 1
        target = self.cursor + step * columns
        if self.choices and 0 <= target < len(self.choices):
            self.cursor = target
            self.moved()

    def action_previous(self) -> None:
        self.show_previous = not self.show_previous
        self.redraw()

    def action_won(self) -> None:
        self.show_won = not self.show_won
        self.redraw()

    def action_scores(self) -> None:
        self.show_results(review=True)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "tick":
            return str(self.session.table.phase) == "ecart" and bool(self.choices)
        if action == "row":
            return True if self.choices else None
        if action == "scores":
            return True if self.shown is not None and self.shown.shared.results else None
        if action in ("previous", "won"):
            return True if self.shown is not None and self.shown.view.tricks else None
        return super().check_action(action, parameters)


TABLE = TarotScreen
"""The table screen of the game (found by the registry)."""
