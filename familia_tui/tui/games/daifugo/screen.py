"""The Daifugō table (大富豪統合ルール): the rule card and its families, the order and the locks,
the seats around the table (the shared `TableView`, in play order) with their counts, places and
the plays of the trick in front of them, the log, and the hand as a row of card chips
with the offers under it (`offers.py`: the plays of the card under the cursor or of the ticked
cards; Enter never chooses among several legal plays for the player).

x passes (only when following); u declares ウノ in strict mode; a dimmed card shows `explain()`
of the play it would make. ドボン and チョンボ calls are the deciding seat's choices, behind the
hot-seat curtain like every human decision. The footer shows only the keys that do something
now, and drops the previous-trick and session keys when the terminal is too narrow for them.
With the think timer option, a countdown runs in the banner while a human's decision is on
screen, and says when the time is up; nothing is enforced (DF-27). At the end of a game the
places, the ビリ and why, and the session's ビリ counts are shown; Enter starts the next.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Resize
from textual.reactive import reactive
from textual.widget import Widget

from familia_tui.core.engine import Event
from familia_tui.core.scenario import ScenarioFile
from familia_tui.core.session import Session
from familia_tui.games.daifugo.actions import PASS
from familia_tui.games.daifugo.results import GameRecord
from familia_tui.games.daifugo.view import DaifugoView
from familia_tui.tui.games.daifugo.footer import SPARE_KEYS, ThinkTimer, think_markup
from familia_tui.tui.games.daifugo.offers import UNO, Form, HandCard, HandDecision, PlayIndex, Selection
from familia_tui.tui.games.daifugo.widgets import (
    DaifugoFrame,
    DaifugoTable,
    HandBar,
    OffersLine,
    OrderPanel,
    RulesPanel,
    TableNote,
    event_lines,
    explanation_markup,
    turn_markup,
)
from familia_tui.tui.screens.table import TableScreen
from familia_tui.tui.widgets.choices import Choice, ChoiceBar
from familia_tui.tui.widgets.footer import AppFooter
from familia_tui.tui.widgets.log import EventLog
from familia_tui.tui.widgets.panel import Note

THINK_TICK = 0.2
"""Seconds between two steps of the think timer's countdown."""


class DaifugoScreen(TableScreen):
    """A Daifugō session at the table."""

    CSS_PATH = "screen.tcss"
    AUTO_FOCUS = ""
    """Nothing takes the focus: the arrows, Space and Enter are the table's keys."""
    game_id = "daifugo"
    PALETTE_FROM = 100
    """At 80 columns the table's keys need the palette's room (ctrl+p still opens it)."""
    clock = staticmethod(time.monotonic)
    """The think timer's clock (tests put one they move by hand in its place)."""
    BINDINGS = [
        Binding("space", "tick", "Tick", key_display="Space"),
        Binding("x", "pass_turn", "Pass"),
        Binding("u", "uno", "Uno"),
        Binding("ctrl+z", "undo", "Undo"),  # (u calls ウノ here)
        Binding("up", "row(-1)", "Up", show=False),
        Binding("down", "row(1)", "Down", show=False),
        Binding("p", "previous", "Previous trick"),
        Binding("s", "session", "Session"),
    ]

    offers_label: reactive[str] = reactive("", repaint=False)
    """"Plays:" before the offers when they are a card's plays."""
    explain_info: reactive[bool] = reactive(False, repaint=False)
    """The explanation line holds the decision's note (a quiet colour), not a refusal."""

    def __init__(self, session: Session, puzzle: ScenarioFile | None = None) -> None:
        super().__init__(session, puzzle)
        self.decision = HandDecision()
        """The human decision on screen: the selection, the offers, the note."""
        self.shown: DaifugoView | None = None
        self.show_previous = False
        self.grid_columns = 10
        self.think = ThinkTimer(0)

    def compose(self) -> ComposeResult:
        yield self.banner_line()
        with Horizontal(id="top"):
            with Vertical(id="left"):
                yield RulesPanel(id="rules").data_bind(DaifugoScreen.frame)
                yield OrderPanel(id="order").data_bind(DaifugoScreen.frame)
            yield EventLog(id="log")
        with VerticalScroll(id="seats-box", can_focus=False):  # the table has the whole width: plays are wide
            table = DaifugoTable(id="table")
            table.bottom = self.table_bottom()
            yield table.data_bind(DaifugoScreen.frame)
        yield HandBar(id="hand")
        with Horizontal(id="offers-row"):
            yield Note(id="offers-label").data_bind(text=DaifugoScreen.offers_label)
            yield OffersLine(id="offers")
        yield self.explain_line()
        yield AppFooter(show_command_palette=self.glyphs != "ascii")

    def lesson_area(self, area: str) -> Widget | None:
        """A guided game's lesson points at the trick (`table`) and the seats with their places
        (`scores`) here; the base maps the rest."""
        found = self.query({"table": "#table", "scores": "#seats-box"}.get(area, "#-none"))
        return found.first() if found else super().lesson_area(area)

    def banner_line(self) -> TableNote:
        return TableNote(self.lang, id="banner").data_bind(text=DaifugoScreen.banner)

    def explain_line(self) -> TableNote:
        return TableNote(self.lang, id="explain").data_bind(text=DaifugoScreen.explain_note,
                                                            info=DaifugoScreen.explain_info)

    def on_mount(self) -> None:
        log = self.query_one(EventLog)
        for widget in (log, *self.query(ChoiceBar)):
            widget.can_focus = False  # the screen's keys must not scroll them
        state, options = self.session.table, self.view().options
        self.think = ThinkTimer(options.think_timer, clock=self.clock())
        if self.think.seconds:
            self.set_interval(THINK_TICK, self.think_step)
        if self.puzzle is not None:
            log.add([self.practice_line()])
        elif self.session.record.actions:
            log.add(self.history_lines())
        else:
            log.add([self.t("dfg.ui.started", games=options.games)]
                    + self.event_lines(state.events))
        self.fit_hand_grid()
        self.advance()

    def history_lines(self) -> list[str]:
        """A resumed game: the events of its current game (the record replayed), for the log."""
        events = self.session.history_events()
        start = max((i for i, e in enumerate(events) if e.kind == "rule_card"), default=0)
        game = self.view().game
        return [self.t("dfg.ui.resumed", game=game)] + self.event_lines(events[start:])

    # ----- the flow of the game -----

    def event_lines(self, events: Sequence[Event]) -> list[str]:
        return [self.safe(line) for line in event_lines(events, self.session.seats, self.lang,
                                                        self.t, self.glyphs)]

    def apply(self, action: object) -> None:
        """Apply through the base (logged, saved); an action that is not legal now is refused
        here with its explanation, which names the seats (the base's would show seat numbers)."""
        if action not in self.session.table.legal_actions():
            self.explain_text(self.refusal(action))
            return
        super().apply(action)

    def after_apply(self, events: Sequence[Event]) -> None:
        self.decision.reset()
        self.show_previous = False
        records = [e.get("record") for e in events if e.kind == "game_scored"]
        if records:
            self.redraw()
            self.show_results(records[-1], final=self.session.table.is_over)
            return
        ended = any(e.kind == "trick_won" for e in events)
        self.advance(self.app.settings.trick_pause if ended else None)

    def show_final(self) -> None:
        """A finished session opened from its save: its last game's results."""
        records = [e.get("record") for e in self.session.last_events if e.kind == "game_scored"]
        self.show_results(records[-1] if records else None, final=True)

    def show_results(self, record: GameRecord | None, final: bool = False, review: bool = False) -> None:
        from familia_tui.tui.games.daifugo.results import DaifugoResultsScreen

        screen = DaifugoResultsScreen(self.view(), record, final=final, review=review)
        self.app.push_screen(screen, self._after_review if review else self._after_result)

    # ----- drawing -----

    def view(self) -> DaifugoView:
        """The viewer's view; between two humans the public one (what every seat knows)."""
        seat, state = self.session.viewer_seat(), self.session.table
        return state.public_view() if seat is None else state.view(seat)

    def redraw(self) -> None:
        view = self.shown = self.view()
        self.frame = DaifugoFrame(view, self.session.viewer_seat(), self.t, self.glyphs, self.lang,
                                  self.show_previous)
        self.show_banner()
        self.show_choices()

    def banner_text(self) -> str:
        """Whose turn it is (the base's banner) and the think timer; at the end the session's
        own words."""
        session = self.session
        if self.puzzle is not None:
            return super().banner_text()
        if session.table.is_over:
            return self.t("dfg.ui.over")
        human = session.to_act is not None and session.seats[session.to_act].is_human
        return super().banner_text() + (think_markup(self.think, self.t) if human else "")

    def turn_text(self, name: str) -> str:
        """The banner of a human's decision: lead, beat the top play, or the call to make."""
        return turn_markup(self.shown, name, self.t, self.glyphs)

    def fit_hand_grid(self) -> None:
        self.grid_columns = self.query_one(HandBar).fit(self.size.width or self.app.size.width)

    def on_resize(self, event: Resize) -> None:
        self.fit_hand_grid()
        self.query_one(EventLog).styles.height = log_height(event.size.height)

    # ----- the choices: the hand, the offers, the calls -----

    @property
    def selection(self) -> Selection:
        return self.decision.selection

    @property
    def hand_chips(self) -> int:
        return self.decision.hand_chips

    @property
    def ticked(self) -> set[int]:
        return self.selection.ticked

    def play_index(self) -> PlayIndex:
        """The legal plays as picks, built once per decision."""
        return self.decision.index(len(self.session.record.actions), self.session.table.legal_actions)

    def make_choices(self) -> list[Choice]:
        assert self.shown is not None
        return self.decision.choices(self.shown, self.play_index(), self.t, self.glyphs, self.lang)

    def show_choices(self, note: str = "", explain: bool = True) -> None:
        """The hand as card chips and the offers below it (the base shows one row only); the
        note under them unless `explain` is False (the caller writes that line)."""
        version, decision = len(self.session.record.actions), self.decision
        decision.begin(version)
        deciding = self.may_decide()
        self.choices = self.make_choices() if deciding else []
        if not deciding:
            decision.hand_chips = 0
        self.cursor = decision.place(self.cursor, self.choices)
        if self.cursor < self.hand_chips and self.selection.focus != self.cursor:
            self.selection.focus = self.cursor  # the offers are the plays of the card under the cursor
            self.choices = self.make_choices()
        viewer = self.session.viewer_seat() if self.shown is not None else None
        self.query_one(HandBar).show_hand(self.shown, viewer, self.choices[:self.hand_chips], self.cursor,
                                          self.t, self.glyphs)
        offers = list(enumerate(self.choices))[self.hand_chips:]
        self.offers_label = self.t("dfg.ui.plays") if offers and self.hand_chips else ""
        self.query_one(OffersLine).show(offers, self.cursor)
        if explain:
            self.explain_text(decision.note if deciding else "")
        if self.think.start(version if deciding else None, self.clock()):
            self.show_banner()
        self.refresh_bindings()  # (the footer is rebuilt only when a key comes or goes)

    def moved(self) -> None:
        """The cursor moved: onto another card, the offers become that card's plays (when none
        is ticked); a dimmed choice shows why."""
        selection = self.selection
        if self.cursor < self.hand_chips and self.cursor != selection.focus:
            selection.focus, selection.form = self.cursor, None
            if not selection.ticked:
                self.show_choices(explain=False)
        self.query_one(HandBar).select(self.cursor)
        self.query_one(OffersLine).select(self.cursor)
        choice = self.choices[self.cursor]
        self.explain_text(self.decision.word_on(choice, self.t) if choice.enabled else self.why_not(choice))

    def why_not(self, choice: Choice) -> str:
        """explain() of the play a dimmed card (with the ticked ones) or a choice would make."""
        return self.refusal(self.decision.meant(choice.value, self.shown.hand if self.shown else ()))

    def refusal(self, action: object) -> str:
        """The refusal line: "Not allowed:" and why, in the glyph mode."""
        explanation = explanation_markup(self.session.table.explain(action), self.lang, self.session.seats,
                                         self.glyphs)
        return self.safe(f"[b]{self.t('ui.not_allowed')}[/] {explanation}")

    def explain_text(self, text: str) -> None:
        """The line under the choices: the note in a quiet colour, a refusal as a warning."""
        self.explain_info = text == self.decision.note
        self.explain_note = text

    # ----- keys and clicks -----

    def chosen(self, choice: Choice) -> None:
        value = choice.value
        if isinstance(value, HandCard):
            self.enter_on_card()
        elif isinstance(value, Form) and len(value.plays) > 1:
            self.selection.toggle_form(value)  # its joker's cards open after it; the cursor stays
            self.rebuild()
        elif isinstance(value, Form):
            self.apply(value.play)
        elif value == UNO:
            self.action_uno()
        else:
            self.apply(value)

    def enter_on_card(self) -> None:
        """Enter on a card acts on the offers, the plays of the ticked cards (or of the card under
        the cursor, when none is ticked): the one play, when it is the only one and adds no joker, is
        played; otherwise the cursor goes to the offers and the player chooses one. Enter never
        ticks a card."""
        assert self.shown is not None
        sole = self.selection.sole_play(self.shown.hand, self.play_index())
        if sole is not None:
            self.apply(sole)
        else:
            self.cursor = self.decision.first_play(self.choices)
            self.moved()

    def rebuild(self, focus: int | None = None) -> None:
        """Redraw the choices after a change of the selection, the cursor on `focus`."""
        if focus is not None:
            self.cursor = focus
        self.show_choices()
        if self.choices:
            self.moved()

    def on_choice_bar_picked(self, message: ChoiceBar.Picked) -> None:
        """A click: on a card it ticks or unticks it, elsewhere it chooses."""
        message.prevent_default()  # not the base class's handler as well
        if 0 <= message.index < len(self.choices):
            self.cursor = message.index
            self.action_tick() if message.index < self.hand_chips else self.action_choose()

    def action_tick(self) -> None:
        if not self.choices or self.cursor >= self.hand_chips:
            return
        if not self.choices[self.cursor].enabled:
            self.moved()
            self.app.bell()
            return
        self.selection.toggle_tick(self.cursor)
        self.rebuild()

    def action_pass_turn(self) -> None:
        for position, choice in enumerate(self.choices):
            if choice.value == PASS:
                self.cursor = position
                self.action_choose()

    def action_uno(self) -> None:
        if self.choices and self.play_index().strict_uno:
            self.selection.toggle_uno()
            self.rebuild()

    def action_row(self, step: int) -> None:
        """↓ moves a row down in the hand, then to the offers; ↑ back."""
        if self.choices:
            self.cursor = self.decision.row(self.cursor, step, self.grid_columns, self.choices)
            self.moved()

    def action_back(self) -> None:
        """Esc: back from the joker's card (to its play), else untick everything (practice:
        leave)."""
        if self.selection.form is None and not self.selection.ticked:
            super().action_back()
        else:
            self.rebuild(focus=self.decision.back(self.choices))

    def action_previous(self) -> None:
        self.show_previous = not self.show_previous
        self.redraw()

    def action_session(self) -> None:
        self.show_results(self.view().last_game, review=True)

    # ----- the footer: only keys that do something now, as many as fit -----

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A key that does nothing now is hidden (not dimmed); the spare keys need room."""
        if action in self.spare_actions():  # as many shown as fit beside the keys that work now
            return self.key_works(action)
        if action in ("tick", "row", "pass_turn", "uno", "back", "choose", "cursor", "pick"):
            return self.key_works(action)
        return super().check_action(action, parameters)

    def spare_actions(self) -> tuple[str, ...]:
        """Undo, the previous trick and the session, and in solo play the hint."""
        return SPARE_KEYS if self.puzzle is not None else (*SPARE_KEYS[:1], "hint", *SPARE_KEYS[1:])

    def key_works(self, action: str) -> bool:
        """Whether the key of `action` does something in the state on screen."""
        if action in ("undo", "hint"):
            return self.spare_works(action) or (action == "hint" and self.puzzle is not None)
        if action in (*SPARE_KEYS, "rules") or (action == "back" and self.puzzle is not None):
            return True
        works = self.decision.key_works(action, self.choices, lambda: self.play_index().strict_uno)
        return bool(super().check_action(action, ())) if works is None else works

    # ----- the think timer (DF-27: a nudge, nothing enforced) -----

    def think_step(self) -> None:
        """Count down while the decision is on screen and the table is in front; say so once
        the time is up."""
        changed, up = self.think.step(self.clock(), self.app.screen is self and self.may_decide())
        if up:
            self.app.bell()
        if changed:
            self.show_banner()

    def show_banner(self) -> None:
        self.banner = self.safe(self.banner_text())


def log_height(height: int) -> int:
    """Lines of the log beside the rule card and the order in a terminal `height` lines high:
    4 at 24 lines, more on a taller one (the table below keeps the most)."""
    return max(4, 4 + (height - 24) // 4)


TABLE = DaifugoScreen
"""The table screen of the game (found by the registry)."""
