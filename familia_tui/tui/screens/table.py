"""What every game's table screen shares: driving a `Session` through a row of choices.

A game screen subclasses `TableScreen` and draws its own table; the base runs the flow that is
the same for every game:

- after every change it redraws, then lets a bot move (at the configured pace), covers the table
  with a handoff when another human's decision comes up, or waits for the human at the keyboard;
- the acting human's decision is a row of `Choice`s (cards, bids, buttons) built by
  `make_choices()` from `legal_actions()`: ← → or 1–9 move, Enter or a click chooses, and a dimmed
  choice shows the `explain()` chain instead of being applied;
- every applied action is logged (`event_lines()`) and autosaved by the session; q leaves (the
  game is already saved), and a practice puzzle adds its question, hints and answer.

A subclass implements `redraw()`, `make_choices()` and `event_lines()`, and may override
`after_apply()` (pauses, result screens) and `banner_text()`.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.markup import escape
from textual.binding import Binding
from textual.events import Resize
from textual.widgets import Static

from familia_tui.core.engine import Event, IllegalAction, Seat
from familia_tui.core.scenario import ScenarioFile
from familia_tui.core.session import Session
from familia_tui.tui.glyphs import clause_renderer, rulings_shown
from familia_tui.tui.screens.base import AppScreen
from familia_tui.tui.widgets.choices import Choice, ChoiceBar
from familia_tui.tui.widgets.log import EventLog


class TableScreen(AppScreen[None]):
    """One game at the table; see the module docstring for what a subclass provides."""

    game_id = ""
    MIN_SIZE = (80, 24)
    """The smallest terminal the table fits in; below it a notice asks for a larger one."""
    BINDINGS = [
        Binding("left", "cursor(-1)", "←", show=False),
        Binding("right", "cursor(1)", "→", show=False),
        Binding("enter", "choose", "Choose", key_display="Enter"),
        *[Binding(str(n), f"pick({n - 1})", show=False) for n in range(1, 10)],
        Binding("h", "hint", "Hint"),
        Binding("a", "answer", "Answer"),
        Binding("q", "leave", "Save & quit"),
        Binding("escape", "back", "Back"),
    ]

    def __init__(self, session: Session, puzzle: ScenarioFile | None = None) -> None:
        super().__init__(classes=self.game_id)
        self.session = session
        self.puzzle = puzzle
        """A practice puzzle: its question is shown, one decision is taken, then the answer."""
        self.hints_shown = 0
        self.cursor = 0
        self.choices: list[Choice] = []
        self.bot_timer = None

    @property
    def rules_options(self):  # type: ignore[no-untyped-def]
        """The options F1 shows with the rules."""
        return self.session.record.options

    @property
    def practice_done(self) -> bool:
        return self.puzzle is not None and bool(self.session.record.actions)

    # ----- what a game provides -----

    def redraw(self) -> None:
        """Draw the whole table from the viewer's view (and the choices, via `show_choices`)."""
        raise NotImplementedError

    def make_choices(self) -> list[Choice]:
        """The acting human's choices, when the screen may show them (`may_decide()`)."""
        raise NotImplementedError

    def event_lines(self, events: Sequence[Event]) -> list[str]:
        """Log lines (Rich markup) for the events of one action."""
        raise NotImplementedError

    def after_apply(self, events: Sequence[Event]) -> None:
        """What follows an applied action; by default the game simply goes on."""
        self.advance()

    # ----- the terminal's size -----
    # (Textual runs every class's on_mount and on_resize, the game's and this one.)

    def on_mount(self) -> None:
        self.mount(Static(id="too-small"))

    def on_resize(self, event: Resize) -> None:
        """Below `MIN_SIZE` a notice covers the table (which would drop its scores and log
        without a word); enlarging the terminal brings the table back."""
        (width, height), (min_width, min_height) = event.size, self.MIN_SIZE
        small = width < min_width or height < min_height
        if small:
            self.query_one("#too-small", Static).update(self.t(
                "ui.too_small", need=f"{min_width}x{min_height}", now=f"{width}x{height}"))
        self.set_class(small, "-too-small")

    # ----- the flow of the game -----
    # (a game's on_mount calls advance)

    def advance(self, pause: float | None = None) -> None:
        """After every change: redraw, then let a bot move, hand over, or wait for a human."""
        self.redraw()
        session = self.session
        if session.state.is_over:
            return
        if self.practice_done:
            self.action_answer()
            return
        if not session.is_human_turn():
            delay = self.app.settings.bot_delay if pause is None else pause  # type: ignore[attr-defined]
            if delay > 0:
                self.bot_timer = self.set_timer(delay, self.bot_step)
            else:
                self.call_after_refresh(self.bot_step)
            return
        person = session.handoff_due()
        if person is not None:
            from familia_tui.tui.screens.handoff import HandoffScreen

            self.app.push_screen(HandoffScreen(person), self._handed_over)

    def _handed_over(self, person: str | None) -> None:
        if person:
            self.session.confirm(person)
        self.redraw()

    def bot_step(self) -> None:
        if self.session.is_human_turn() or self.session.state.is_over or not self.is_current:
            return
        self.apply(self.session.bot_action())

    def apply(self, action: object) -> None:
        """Apply an action through the session (logged, autosaved), then `after_apply`."""
        try:
            events = self.session.apply(action)
        except IllegalAction as error:
            explanation = error.explanation
            self.explain_text(rulings_shown(explanation.text(self.lang, clause_renderer(self.glyphs)))
                              if explanation else str(error))
            return
        self.query_one(EventLog).add(self.event_lines(events))
        if self.session.save_error:
            self.notify(self.session.save_error, severity="error")
        self.after_apply(events)

    def may_decide(self) -> bool:
        """Whether the acting human is the viewer, so their decision may be on screen."""
        session = self.session
        viewer = session.viewer_seat()
        return (not self.practice_done and viewer is not None and viewer == session.to_act
                and session.is_human_turn())

    def show_choices(self, note: str = "") -> None:
        """Rebuild the choice row from `make_choices()`; `note` shows when there is none."""
        self.choices = self.make_choices() if self.may_decide() else []
        self.cursor = min(self.cursor, max(len(self.choices) - 1, 0))
        if self.choices and not self.choices[self.cursor].enabled:
            self.cursor = next((i for i, c in enumerate(self.choices) if c.enabled), 0)
        self.query_one(ChoiceBar).show(self.choices, self.cursor, note)
        self.explain_text("")
        self.refresh_bindings()

    def banner_text(self) -> str:
        """What happens now: the puzzle's question, whose turn it is, or the end."""
        if self.puzzle is not None:
            key = "ui.practice_done" if self.practice_done else "ui.practice_banner"
            return f"[b reverse] {self.t(key)} [/] {self.text_of(self.puzzle.question)}"
        if self.session.state.is_over:
            return self.t("ui.match_over")
        seat = self.session.to_act
        if seat is None:
            return ""
        who = self.shown_seats[seat]
        if not who.is_human:
            return self.t("ui.bot_turn", name=who.name)
        return f"[b reverse] {self.turn_text(who.name)} [/]"

    @property
    def shown_seats(self) -> tuple[Seat, ...]:
        """The seats with their names escaped for markup: a player may be called `[b]Aki` or
        `A[/]ki`, and the screens draw names inside markup. The session keeps the real names
        (records, saves)."""
        seats = tuple(self.session.seats)
        if getattr(self, "_shown_for", None) is not seats:
            self._shown_for = seats
            self._shown = tuple(seat.model_copy(update={"name": escape(seat.name)}) for seat in seats)
        return self._shown

    def turn_text(self, name: str) -> str:
        """The banner for a human's decision (games name the decision: bid, discard, play …)."""
        return self.t("ui.turn_play", name=name)

    def explain_text(self, text: str) -> None:
        self.query_one("#explain", Static).update(text)

    # ----- keys and clicks -----

    def action_cursor(self, step: int) -> None:
        if self.choices:
            self.cursor = (self.cursor + step) % len(self.choices)
            self.moved()

    def action_pick(self, index: int) -> None:
        if index < len(self.choices):
            self.cursor = index
            self.moved()

    def moved(self) -> None:
        self.query_one(ChoiceBar).select(self.cursor)
        choice = self.choices[self.cursor]
        self.explain_text("" if choice.enabled else self.why_not(choice))

    def why_not(self, choice: Choice) -> str:
        """The explain() chain for a dimmed choice, in the app's language."""
        explanation = self.session.state.explain(choice.value)
        text = rulings_shown(explanation.text(self.lang, clause_renderer(self.glyphs)))
        return f"[b]{self.t('ui.not_allowed')}[/] {text}"

    def action_choose(self) -> None:
        if not self.choices:
            return
        choice = self.choices[self.cursor]
        if not choice.enabled:
            self.explain_text(self.why_not(choice))
            self.app.bell()
            return
        self.chosen(choice)

    def chosen(self, choice: Choice) -> None:
        """An enabled choice was chosen; by default its value is the action to apply."""
        self.apply(choice.value)

    def _after_result(self, _: object = None) -> None:
        """A results screen was closed: home when the match is over, else play on."""
        if self.session.state.is_over:
            self.app.pop_screen()
        else:
            self.advance()

    def _after_review(self, _: object = None) -> None:
        """Scores looked at mid-play were closed: play on."""
        if self.bot_timer is not None:
            self.bot_timer.stop()  # a bot's move waits for the table to be back
        self.advance()

    def on_choice_bar_picked(self, message: ChoiceBar.Picked) -> None:
        self.cursor = message.index
        self.action_choose()

    def text_of(self, text: object) -> str:
        """A puzzle text in the app's language (texts may be a plain string or {en, ja})."""
        if isinstance(text, dict):
            return str(text.get(self.lang) or text.get("en") or "")
        return str(text or "")

    def action_hint(self) -> None:
        if self.puzzle is None or not self.puzzle.hints:
            return
        self.hints_shown = min(self.hints_shown + 1, len(self.puzzle.hints))
        hints = [self.text_of(h) for h in self.puzzle.hints[:self.hints_shown]]
        self.explain_text("\n".join(f"{self.t('ui.hint')} {i + 1}: {h}" for i, h in enumerate(hints)))

    def action_answer(self) -> None:
        if self.puzzle is not None:
            self.explain_text(f"[b]{self.t('ui.answer')}[/] {self.text_of(self.puzzle.explanation)}")

    def action_back(self) -> None:
        """Leave a practice puzzle."""
        self.app.pop_screen()

    def action_leave(self) -> None:
        """Back home; the game is already autosaved after the last action."""
        if self.bot_timer is not None:
            self.bot_timer.stop()
        self.app.pop_screen()
        if self.puzzle is None:
            self.app.notify(self.t("ui.saved"), timeout=4)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("choose", "cursor", "pick"):
            return True if self.choices else None
        if action in ("hint", "answer", "back"):
            return self.puzzle is not None
        if action == "leave":
            return self.puzzle is None
        return True
