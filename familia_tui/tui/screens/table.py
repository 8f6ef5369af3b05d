"""What every game's table screen shares: driving a `Session` through a row of choices.

A game screen subclasses `TableScreen` and draws its own table; the base runs the flow that is
the same for every game:

- after every change it redraws, then lets a bot move (at the configured pace), covers the table
  with a handoff when another human's decision comes up, or waits for the human at the keyboard;
- the acting human's decision is a row of `Choice`s (cards, bids, buttons) built by
  `make_choices()` from `legal_actions()`: ← → (stopping at either end), Home/End and 1–9 move,
  `/` then a place or a card's name (`/12`, `/10H`, `/T21`) moves to it, Enter or a click
  chooses, and a dimmed choice shows the `explain()` chain instead of being applied;
- the last trick of a deal stays on screen (`hold()`) until a key is pressed, or a short pause
  when only bots are at the table;
- every applied action is logged (`event_lines()`) and saved by the session; a save that fails
  is said once, and q leaves saying whether the game is saved; a practice puzzle adds its
  question, hints and answer;
- a game that was over when it was opened (resumed from its save) shows its final results.

A subclass implements `redraw()`, `make_choices()` and `event_lines()`, and may override
`after_apply()` (pauses, result screens), `show_final()` and `banner_text()`.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from textual import work
from textual.binding import Binding
from textual.events import Click, Key, Resize
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Static
from textual.worker import get_current_worker

from familia_tui.core.cards import Card
from familia_tui.core.engine import Event, Explanation, IllegalAction, Seat
from familia_tui.core.record import Record
from familia_tui.core.scenario import ScenarioFile
from familia_tui.core.session import Session
from familia_tui.tui.glyphs import (
    ClauseStyle,
    card_markup,
    clause_renderer,
    explanation_markup,
)
from familia_tui.tui.markup import escape
from familia_tui.tui.screens.base import AppScreen
from familia_tui.tui.screens.handoff import BURST, HandoffScreen
from familia_tui.tui.screens.practice import one_paragraph
from familia_tui.tui.screens.puzzle import PuzzleAtTable, PuzzleCard, Verdict
from familia_tui.tui.screens.results import AGAIN
from familia_tui.tui.widgets.choices import Choice, ChoiceBar, find_choice
from familia_tui.tui.widgets.footer import AppFooter
from familia_tui.tui.widgets.footer_room import COMPACT_BELOW
from familia_tui.tui.widgets.log import EventLog
from familia_tui.tui.widgets.panel import Frame, Note
from familia_tui.tui.widgets.table_view import TableView

if TYPE_CHECKING:
    from familia_tui.tui.screens.learn import Guide


class TableScreen(AppScreen[None]):
    """One game at the table; see the module docstring for what a subclass provides."""

    game_id = ""
    ROOMY_ROWS = 32
    """From this terminal height the framed hand cards have a row to lift the selected one into."""
    clause_style = ClauseStyle()
    """How the game's explanation parameters are drawn (its card notation, named parameters)."""
    held_texts = ""
    """The catalogue keys (`<held_texts>_banner`, `_note`) that say a deal's last trick is held
    (a game that holds its last trick sets them)."""

    frame: reactive[Frame | None] = reactive(None, always_update=True, repaint=False)
    """What the table shows now; the game's panels are bound to it (`widgets/panel.py`)."""
    banner: reactive[str] = reactive("", repaint=False)
    """The line that says what happens now (`banner_line()` draws it)."""
    explain_note: reactive[str] = reactive("", repaint=False)
    """Why the choice under the cursor is (not) allowed, or a word on the decision
    (`explain_line()` draws it)."""

    MIN_SIZE = (80, 24)
    """The smallest terminal the table fits in; below it a notice asks for a larger one."""
    PALETTE_FROM = 0
    """The terminal width from which the footer shows the command palette's key (never in
    ascii: its border is no ascii); below it the palette's room goes to the table's keys
    (ctrl+p opens the palette all the same)."""
    BINDINGS = [
        Binding("left", "cursor(-1)", "←", show=False),
        Binding("right", "cursor(1)", "→", show=False),
        Binding("home", "cursor_to(0)", "Home", show=False),
        Binding("end", "cursor_to(-1)", "End", show=False),
        Binding("slash", "find", "Find", key_display="/"),
        Binding("enter", "choose", "Choose", key_display="Enter"),
        *[Binding(str(n), f"pick({n - 1})", show=False) for n in range(1, 10)],
        Binding("u", "undo", "Undo"),
        Binding("ctrl+z", "undo", "Undo", show=False),
        Binding("h", "hint", "Hint"),
        Binding("a", "answer", "Puzzle"),
        Binding("q", "leave", "Save & quit"),
        Binding("escape", "back", "Back"),
    ]

    def __init__(self, session: Session, puzzle: ScenarioFile | None = None) -> None:
        super().__init__(classes=self.game_id)
        self.session = session
        self.puzzle = puzzle
        """A practice puzzle: its question is shown, one decision is taken, then the answer."""
        self.hints_shown = 0
        self.practice: PuzzleAtTable | None = None
        """The puzzle with its key and the engine's answer (`app.open_practice` sets it)."""
        self.verdict: Verdict | None = None
        """The player's answer to the puzzle, judged."""
        self.card: PuzzleCard | None = None
        """The puzzle's card last opened."""
        self.cursor = 0
        self.choices: list[Choice] = []
        self.bot_timer = None
        self.final_due = session.table.is_over and puzzle is None
        """The game was over when opened: its results are shown once, on the first advance."""
        self.save_error_shown = str(session.save_error) if session.save_error else None
        """The save failure last said (the app says one found before the table opened)."""
        self.typed: str | None = None
        """What the player typed after `/` (a place or a card's name), None when not typing."""
        self.held: Callable[[], None] | None = None
        """What follows the last trick of a deal that `hold()` keeps on screen."""
        self.lifted_at = float("-inf")
        """When the last handoff curtain was lifted (on the curtain's clock)."""
        self.lit = False
        """The legal choices are lit (`h` in solo play)."""
        self.bot_thinking: Record | None = None
        """The game (its record) a bot is thinking about on a worker thread."""
        self.bot_thought: tuple[Record, object] | None = None
        """A bot's decision back from its thread, for the game (record) it was asked in."""
        self.guide: Guide | None = None
        """A guided first game's lessons (`screens/learn.py`, set by `open_learn`)."""

    @property
    def rules_options(self):  # type: ignore[no-untyped-def]
        """The options F1 shows with the rules."""
        return self.session.record.options

    @property
    def practice_done(self) -> bool:
        """A puzzle's decision is made (or its table shows how it came out: nothing to decide)."""
        return self.puzzle is not None and (bool(self.session.record.actions) or (
            self.practice is not None and self.practice.played_out))

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

    def open_log(self, started: str, resumed: str) -> None:
        """The log's first lines: a practice puzzle's; a resumed game's (`resumed`, a catalogue
        key) with the game so far; a new game's (`started`) with its deal."""
        log = self.query_one(EventLog)
        if self.puzzle is not None:
            log.add([self.practice_line()])
        elif self.session.record.actions:
            log.add([self.t(resumed)] + self.event_lines(self.session.history_events()))
        else:
            log.add([self.t(started)] + self.event_lines(self.session.table.events))

    def practice_line(self) -> str:
        """A practice puzzle's first log line: make the decision, or the table as it came out."""
        played_out = self.practice is not None and self.practice.played_out
        return self.t("ui.practice_played_out" if played_out else "ui.practice_started")

    def after_apply(self, events: Sequence[Event]) -> None:
        """What follows an applied action; by default the game simply goes on."""
        self.advance()

    def show_final(self) -> None:
        """The final results of a game opened finished: by default what followed its last
        action (`after_apply` of the events the session replayed last), without holding the last
        trick first: the game opens at its results (`p` there shows that trick)."""
        self.after_apply(self.session.last_events)
        self.release()

    # ----- the terminal's size -----
    # (Textual runs every class's on_mount and on_resize, the game's and this one.)

    def on_mount(self) -> None:
        self.mount(Static(id="too-small"))
        if self.guide is not None:  # (nothing of a guided game is saved: `q` only quits)
            bindings = self._bindings.key_to_bindings
            bindings["q"] = [replace(b, description=self.t("bind.Quit")) for b in bindings["q"]]
        if self.practice is not None and self.practice.kind is not None:
            self.call_after_refresh(self.open_card)

    @property
    def rulings_cited(self) -> tuple[str, ...]:
        """The rulings the lesson card on screen cites: F1 opens the rulebook at the first."""
        return self.guide.rulings if self.guide is not None else ()

    def on_resize(self, event: Resize) -> None:
        """Below `MIN_SIZE` a notice covers the table (which would drop its scores and log
        without a word); enlarging the terminal brings the table back."""
        (width, height), (min_width, min_height) = event.size, self.MIN_SIZE
        small = width < min_width or height < min_height
        if small:
            self.query_one("#too-small", Static).update(self.t(
                "ui.too_small", need=f"{min_width}x{min_height}", now=f"{width}x{height}"))
        self.set_class(small, "-too-small")
        self.set_class(height >= self.ROOMY_ROWS, "-roomy")
        for footer in self.query(AppFooter):  # compact below 100 columns: every table's footer alike
            footer.compact = width < COMPACT_BELOW
            footer.show_command_palette = self.glyphs != "ascii" and width >= self.PALETTE_FROM
        self.refresh_bindings()  # the spare keys come and go with the width

    # ----- the flow of the game -----
    # (a game's on_mount calls advance)

    def advance(self, pause: float | None = None) -> None:
        """After every change: redraw, then let a bot move, hand over, or wait for a human."""
        self.redraw()
        if self.guide is not None and self.guide.holding:
            return  # a lesson is being read: the game waits for it
        session = self.session
        if session.table.is_over:
            if self.final_due:
                self.final_due = False
                self.show_final()
            return
        if self.practice_done:
            if not (self.practice is not None and self.practice.played_out):  # (its card is open)
                self.action_answer()
            return
        if not session.is_human_turn():
            delay = self.app.settings.bot_delay if pause is None else pause
            if delay > 0:
                self.bot_timer = self.set_timer(delay, self.bot_step)
            else:
                self.call_after_refresh(self.bot_step)
            return
        people = session.handoff_due()
        if people is not None:
            undo = self.session.confirmed if self.undo_allowed() else ()
            self.app.push_screen(HandoffScreen(people, undo_by=undo), self._handed_over)
        elif self.guide is not None:
            self.guide.at_decision()

    def _handed_over(self, people: tuple[str, ...] | None) -> None:
        if people == HandoffScreen.UNDO:  # the last decision's people took it back
            self.undo(hand_back=True)
            return
        if people:
            self.session.confirm(*people)
            self.lifted_at = HandoffScreen.clock()
        self.redraw()

    # ----- undo -----

    def undo_allowed(self) -> bool:
        """Whether a decision may be taken back now: undo is on in the settings, this is no
        practice puzzle, no last trick is held, and the session has one to take back."""
        return (self.app.settings.undo == "on" and self.puzzle is None and self.held is None
                and self.session.undo_point() is not None)

    def action_undo(self) -> None:
        """u / Ctrl+Z: take back to the player's previous decision (`Session.undo`)."""
        if self.undo_allowed():
            self.undo()

    def undo(self, hand_back: bool = False) -> None:
        """Take the last decision back; the log is written again from the game's start. With
        `hand_back` (from the next person's curtain) the decision's people get a curtain first."""
        if self.bot_timer is not None:
            self.bot_timer.stop()
        people = self.session.undo(hand_back=hand_back)
        self.cursor = 0
        log = self.query_one(EventLog)
        log.clear()
        names = self.t("ui.names_separator").join(escape(name) for name in people)
        log.add([self.t("ui.undone", names=names)] + self.event_lines(self.session.history_events()))
        self.report_save()
        self.advance()

    def bot_step(self) -> None:
        """The bot to act moves: at once, or (a bot that thinks a while) once its thought, taken
        away from the screen's thread, is back; the table answers keys meanwhile."""
        session = self.session
        if session.is_human_turn() or session.table.is_over or not self.is_current:
            return
        if not session.bot_thinks():
            self.apply(session.bot_action())
            return
        at = session.record  # a new record with every action and undo
        if self.bot_thought is not None and self.bot_thought[0] is at:
            if self.app.screen is not self:  # (`is_current` holds under any screen on top)
                return  # played when the table is back (`on_screen_resume`)
            action, self.bot_thought = self.bot_thought[1], None
            self.apply(action)
        elif self.bot_thinking is not at:
            self.bot_thinking = at
            self.decide_away(at, session.bot_question())

    @work(thread=True, group="bot")
    def decide_away(self, at: Record, question: Callable[[], object]) -> None:
        """Take a bot's decision on a worker thread (it reads its own view and generator only)."""
        action = question()
        if not get_current_worker().is_cancelled:  # (the table closed meanwhile: nothing to play on)
            self.app.call_from_thread(self.bot_thought_of, at, action)

    def open_for_workers(self) -> bool:
        """Whether a worker's answer may still be drawn: the app is not closing (it stops running
        before it takes its screens apart) and the table is still in it."""
        return self.app.is_running and self.is_attached

    def on_screen_resume(self) -> None:
        """Back from a screen on top (the rules, the scores): a bot's move kept meanwhile is played."""
        if self.bot_thought is not None:
            self.call_after_refresh(self.bot_step)

    def bot_thought_of(self, at: Record, action: object) -> None:
        """A bot's decision is back: it is played if the game is still where it was asked (an
        undo or a move meanwhile makes it stale), now or when the table is back on screen."""
        if self.bot_thinking is at:
            self.bot_thinking = None
        if not self.open_for_workers():
            return
        self.bot_thought = (at, action)
        self.bot_step()

    def apply(self, action: object, standing: bool = False) -> None:
        """Apply an action through the session (logged, saved), then `after_apply`; `standing`:
        one a player ordered in advance, applied for them (`Session.apply`)."""
        self.typed = None  # a click may choose while a name is being typed
        try:
            events = self.session.apply(action, standing=standing)
        except IllegalAction as error:
            explanation = error.explanation
            self.explain_text(self.explanation_text(explanation) if explanation else str(error))
            return
        self.query_one(EventLog).add(self.event_lines(events))
        self.report_save()
        if self.guide is not None and self.guide.after_events(events, lambda: self.after_apply(events)):
            return  # the game goes on once the lessons are read
        self.after_apply(events)

    def report_save(self) -> None:
        """Say a failed save once (the game goes on from memory), and again when it changes."""
        error = self.session.save_error
        if error and str(error) != self.save_error_shown:
            self.notify(self.t("ui.save_failed", reason=self.app.error_reason(error)),
                        severity="error", timeout=10, markup=False)
        self.save_error_shown = str(error) if error else None

    def may_decide(self) -> bool:
        """Whether the acting human is the viewer, so their decision may be on screen."""
        session = self.session
        viewer = session.viewer_seat()
        return (not self.practice_done and self.held is None and viewer is not None
                and viewer == session.to_act and session.is_human_turn())

    def solo_hint(self) -> bool:
        """Whether `h` lights the legal choices: one person plays (against bots), no puzzle, and
        a decision of theirs is on screen."""
        return self.puzzle is None and len(self.session.humans) == 1 and bool(self.choices)

    def light_legal(self, on: bool) -> None:
        """Light the legal choices (and name them), or put them out."""
        self.lit = on and self.solo_hint()
        self.query_one(ChoiceBar).set_class(self.lit, "-lit")
        if self.lit:
            legal = list(dict.fromkeys(choice.label for choice in self.choices if choice.enabled))  # (Daifugō:
            # a card in hand and its single play are both choices, named alike)
            self.explain_text(self.t("ui.hint_legal", count=len(legal), choices="  ".join(legal)))
            if self.session.spec.search is not None:
                self.find_suggestion(self.session.record, self.session.hint_question())
        else:
            self.explain_text("")

    @work(thread=True, group="hint", exclusive=True)
    def find_suggestion(self, at: Record, question: Callable[[], object]) -> None:
        """The search bot's choice for the player, found away from the screen's thread."""
        action = question()
        if not get_current_worker().is_cancelled:
            self.app.call_from_thread(self.show_suggestion, at, action)

    def show_suggestion(self, at: Record, action: object) -> None:
        """Add the search bot's suggestion to the lit choices, if they are still on screen."""
        if not self.open_for_workers() or not self.lit or self.session.record is not at:
            return
        label = next((choice.label for choice in self.choices if choice.value == action), None)
        shown = label if label is not None else self.action_label(action)
        self.explain_text(f"{self.explain_note}\n{self.t('ui.hint_search', choice=shown)}")

    def action_label(self, action: object) -> str:
        """An action that no choice on screen is (one the player makes in steps: a split, two
        cards laid aside) in the table's words; by default its notation, cards as glyphs."""
        return self.notation_markup(str(action).removeprefix("play "))

    def show_choices(self, note: str = "") -> None:
        """Rebuild the choice row from `make_choices()`; `note` shows when there is none."""
        if self.lit:  # a hint lights one decision's choices
            self.lit = False
            self.query_one(ChoiceBar).set_class(False, "-lit")
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
        if self.held is not None:
            return f"[b reverse] {self.t(self.held_texts + '_banner')} [/]"
        if self.session.table.is_over:
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

    def table_bottom(self) -> int:
        """The seat the table widget draws at the bottom when no seat's view is shown (between
        two humans, or only bots): the first human's, else the first seat."""
        return next((i for i, seat in enumerate(self.session.seats) if seat.is_human), 0)

    def turn_text(self, name: str) -> str:
        """The banner for a human's decision (games name the decision: bid, discard, play …)."""
        return self.t("ui.turn_play", name=name)

    def explain_text(self, text: str) -> None:
        self.explain_note = text

    def lesson_area(self, area: str) -> Widget | None:
        """The widget a guided game's lesson about `area` lights: `hand` (the choices), `log`,
        `banner` and `table` (the table widget, when the game draws one) here; a game screen adds
        or changes `table` and `scores` (its own panels), or None."""
        found = {"hand": self.query(ChoiceBar), "log": self.query(EventLog),
                 "banner": self.query("#banner"), "table": self.query(TableView)}.get(area)
        return found.first() if found else None

    def banner_line(self) -> Note:
        """The banner, bound to `banner`, for a game's `compose()`."""
        return Note(id="banner").data_bind(text=TableScreen.banner)

    def explain_line(self) -> Note:
        """The explanation line, bound to `explain_note`, for a game's `compose()`."""
        return Note(id="explain").data_bind(text=TableScreen.explain_note)

    # ----- the last trick of a deal -----

    def hold(self, then: Callable[[], None]) -> None:
        """Keep the table as drawn now (a deal's last trick, before the breakdown or the next
        deal) until the player presses a key, or for a short pause when only bots play; then
        `then()`. No hand and no choice is on screen meanwhile."""
        self.held = then
        self.redraw()
        if not any(seat.is_human for seat in self.session.seats):
            self.set_timer(max(self.app.settings.trick_pause, 0.01), self.release)

    def release(self) -> None:
        """Go on from the held last trick."""
        then, self.held = self.held, None
        if then is not None and self.is_current:
            then()

    def on_click(self, event: Click) -> None:
        if self.held is not None:
            event.stop()
            self.release()

    # ----- keys and clicks -----

    def on_key(self, event: Key) -> None:
        """A held last trick goes on at any key (q still saves and quits); while typing after
        `/`, the keys go to the typed text; a lesson's card takes the keys while it is up. Cards
        on their way on the table arrive at once."""
        for table in self.query(TableView):
            table.finish_motion()
        if self.guide is not None and self.guide.key(event):
            event.stop()
            event.prevent_default()
        elif self.held is not None and event.key not in ("q", "f1"):
            event.stop()
            event.prevent_default()
            self.release()
        elif self.typed is not None and self.typing(event):
            event.stop()
            event.prevent_default()

    def typing(self, event: Key) -> bool:
        """One key of the typed text: a character adds to it, Backspace takes one back, Escape
        drops it, Enter chooses what it reached. False: not a typing key (it ends the typing and
        does its usual work)."""
        typed = self.typed or ""
        if event.key == "escape" or (event.key == "backspace" and not typed):
            self.stop_typing()
        elif event.key == "backspace":
            self.type_text(typed[:-1])
        elif event.key == "enter":
            if self.typed_index() is None:
                self.app.bell()
                return True
            self.stop_typing()
            self.action_choose()
        elif event.character and event.is_printable and not event.character.isspace():
            self.type_text(typed + event.character)
        else:
            self.stop_typing(quiet=True)
            return False
        return True

    def action_find(self) -> None:
        """`/`: type a place (`12`) or a card's name (`10H`, `T21`, `JK`) to move to it."""
        if self.choices:
            self.type_text("")

    def type_text(self, typed: str) -> None:
        self.typed = typed
        index = self.typed_index()
        if index is not None and index != self.cursor:
            self.cursor = index
            self.moved()
        found = "" if index is None else self.choices[index].label
        missing = "" if index is not None or not typed else f"[dim]{self.t('ui.find_none')}[/]"
        self.explain_text(f"[b]/{escape(typed)}_[/] {found}{missing}  [dim]{self.t('ui.find_help')}[/]")

    def typed_index(self) -> int | None:
        return find_choice(self.typed or "", self.choices, self.session.spec.parse_card)

    def stop_typing(self, quiet: bool = False) -> None:
        self.typed = None
        if not quiet and self.choices:
            self.moved()

    def action_cursor(self, step: int) -> None:
        """← →: the next choice; at either end the cursor stays (no silent wrap) with a bell."""
        target = self.cursor + step
        if not 0 <= target < len(self.choices):
            self.app.bell()
            return
        self.cursor = target
        self.moved()

    def action_cursor_to(self, index: int) -> None:
        """Home/End: the first or the last choice."""
        if self.choices:
            self.cursor = index % len(self.choices)
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
        text = self.explanation_text(self.session.table.explain(choice.value))
        return f"[b]{self.t('ui.not_allowed')}[/] {text}"

    def hand_notation_markup(self, cards: Sequence[str]) -> str | None:
        """A hand given in notation (a replay's hands) drawn as this table draws a hand, or None
        to draw it card by card (`clause_style.card`)."""
        return None

    def notation_markup(self, notation: str) -> str:
        """Plain notation (`play 10H`, a hand) with its cards drawn as the game's table draws
        them in the glyph mode (the game's `clause_style.card`: Tarot's `T21`, `Exc`, its
        colours; the six-suit set's cards)."""
        words = []
        for word in notation.split():
            try:
                words.append(self.clause_style.card(word, self.glyphs))
            except ValueError:  # (each game's CardError is one)
                words.append(escape(word))
        return str(self.safe(" ".join(words)))

    def explanation_text(self, explanation: Explanation) -> str:
        """An explain() chain through the text pipeline (a game may draw its parameters)."""
        render = clause_renderer(self.clause_style, self.lang, self.glyphs, self.session.seats)
        return explanation_markup(explanation, self.lang, self.glyphs, render)

    def action_choose(self) -> None:
        if not self.choices or HandoffScreen.clock() - self.lifted_at < BURST:
            return  # an Enter in the burst that lifted the curtain: the hand is not seen yet
        choice = self.choices[self.cursor]
        if not choice.enabled:
            self.explain_text(self.why_not(choice))
            self.app.bell()
            return
        self.chosen(choice)

    def chosen(self, choice: Choice) -> None:
        """An enabled choice was chosen; by default its value is the action to apply."""
        self.apply(choice.value)

    def _after_result(self, result: object = None) -> None:
        """A results screen was closed: home when the match is over (or the same game again, on
        a fresh shuffle, when the players asked for it), else play on."""
        if self.session.table.is_over and self.puzzle is not None:
            self.redraw()  # (a puzzle's scored hand: back to its table, a for its card)
        elif self.session.table.is_over:
            self.session.close()  # before the screen below lists the saves again
            self.app.pop_screen()
            if result == AGAIN:
                record = self.session.record
                self.app.open_game(Record(record.game, record.options, record.seats,
                                          secrets.randbelow(2**31), preset=record.preset))
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
            text = text.get(self.lang) or text.get("en")
        return self.safe(one_paragraph(str(text or "")))

    def action_hint(self) -> None:
        """h: a practice puzzle's next hint; in solo play, the legal choices lit (h again hides
        them)."""
        if self.puzzle is None:
            self.light_legal(not self.lit)
            return
        if not self.puzzle.hints:
            return
        self.hints_shown = min(self.hints_shown + 1, len(self.puzzle.hints))
        hints = [self.text_of(h) for h in self.puzzle.hints[:self.hints_shown]]
        self.explain_text("\n".join(f"{self.t('ui.hint')} {i + 1}: {h}" for i, h in enumerate(hints)))

    def action_answer(self) -> None:
        """a: the puzzle's card (after a best-play move: judged); a puzzle without a kind shows
        its explanation under the table."""
        practice = self.practice
        if practice is not None and (practice.kind is not None or self.practice_done):
            if practice.kind in ("best-play", None) and self.practice_done and self.verdict is None:
                made = self.session.record.actions[0]
                right = practice.judge(made) if practice.kind else None  # (no key: not judged)
                self.judged(Verdict(self.card_name(made), right))
            self.open_card()
        elif self.puzzle is not None:
            self.explain_text(f"[b]{self.t('ui.answer')}[/] {self.text_of(self.puzzle.explanation)}")

    def open_card(self) -> None:
        """The puzzle's card over the table (`PuzzleCard`)."""
        practice = self.practice
        if practice is None or not self.is_current:
            return
        topic = self.text_of(practice.scenario.topic) if practice.scenario.topic else ""
        title = " - ".join(t for t in (self.t(f"game.{self.game_id}"), topic) if t)
        card = PuzzleCard(practice, self.text_of, title, self.card_name, self.judged,
                          verdict=self.verdict, hints_shown=self.hints_shown, game_id=self.game_id,
                          rules_options=self.rules_options)
        self.card = card
        self.app.push_screen(card, self._card_closed)

    def card_name(self, action: str) -> str:
        """An offered action as the table names it (`play 10D` → `10♦`)."""
        choice = next((c for c in self.make_choices() if str(c.value) == action), None) if self.may_decide() else None
        if choice is not None:
            return choice.label
        verb, *words = action.split()
        if verb != "play":  # (bids, discards, declarations: their notation)
            return self.safe(action)
        return " ".join(self.card_word(word) for word in words)

    def card_word(self, word: str) -> str:
        """A card of an action's notation in the glyph mode (`JK=7H` and the like as written)."""
        try:
            card = self.session.spec.parse_card(word)
        except ValueError:
            return self.safe(word)
        return card_markup(card, self.glyphs) if isinstance(card, Card) else self.safe(word)

    def judged(self, verdict: Verdict) -> None:
        """A judged answer: kept, and counted in the practice progress."""
        self.verdict = verdict
        progress = getattr(self.app, "practice_progress", None)
        if progress is not None and self.practice is not None and verdict.right is not None:
            progress().record(self.practice.key, verdict.right)

    def _card_closed(self, result: str | None) -> None:
        if self.card is not None:
            self.hints_shown = self.card.hints_shown
        if result == "leave":
            self.action_leave()
            return
        self.redraw()
        if result == "table" and self.practice is not None and self.practice.played_out and self.session.table.is_over:
            self.show_final()  # (a scored hand: its breakdown)

    def action_back(self) -> None:
        """Leave a practice puzzle."""
        self.app.pop_screen()

    def action_leave(self) -> None:
        """Back home, saying where the game is: saved (written once more now, in case the last
        save failed), or not saved and why."""
        if self.bot_timer is not None:
            self.bot_timer.stop()
        session = self.session
        session.save()  # (a practice puzzle has no file: nothing is written)
        session.close()  # before the screen below lists the saves again
        self.app.pop_screen()
        if self.puzzle is not None or self.guide is not None:
            return  # (practice and guided games are not saved)
        if session.save_path is not None and session.save_error is None:
            self.app.notify(self.t("ui.saved"), timeout=4)
        else:
            reason = self.app.error_reason(session.save_error) if session.save_error else ""
            self.app.notify(self.t("ui.not_saved", reason=reason), severity="error",
                            timeout=15, markup=False)

    def on_unmount(self) -> None:
        """The game left the table (however it did): its file is free for other apps."""
        self.session.close()

    # ----- the footer's spare keys -----

    def spare_actions(self) -> tuple[str, ...]:
        """Keys the footer shows only when they do something now and it has room for them beside
        the keys that work (at 80 columns it may not), in this order of priority: undo, and the
        solo hint (a practice puzzle's hints always show)."""
        return ("undo",) if self.puzzle is not None else ("undo", "hint")

    def spare_works(self, action: str) -> bool:
        """Whether a spare key does something now (a game with spare keys of its own adds them)."""
        if action == "undo":
            return self.undo_allowed()
        return action == "hint" and self.solo_hint()

    def footer_hidden(self) -> frozenset[str]:
        """The keys that work but that the footer keeps out for want of room (`AppFooter.kept_out`):
        spare keys that do not fit beside the keys that work, and the command palette's key when
        those need its room."""
        footer = next(iter(self.query(AppFooter)), None)
        return footer.kept_out(self, self.spare_actions()) if footer is not None else frozenset()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in self.spare_actions():  # works by its key even when the footer has no room
            return self.spare_works(action)
        if action in ("choose", "cursor", "cursor_to", "pick", "find"):
            return True if self.choices else None
        if action in ("hint", "answer", "back"):
            return self.puzzle is not None
        if action == "leave":
            return self.puzzle is None
        return True
