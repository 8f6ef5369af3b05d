"""A replay: any game's record stepped through on that game's own table (DESIGN.md §4).

`replay_screen(replay)` makes the game's table screen (`screen:TABLE`) read-only: the same
panels draw the game after N actions from a scratch session that nobody saves, no bot moves
and no choice is offered. So a new game gets its replay with no code of its own.

- ← → step one action, [ ] (or ↑ ↓) one trick, PgUp PgDn one deal, Home End to either end;
- v chooses whose eyes: every hand face up (the table shows the seat that decided, and a line
  per seat lists every hand), or one seat's view, or the public view. An unfinished game offers
  only what the person at the keyboard could see then (`Replay.private_seats`);
- the banner says the step and whose eyes; the lines under the table say the decision that led
  there (as the log said it) and why it was allowed (`explain()` asked of the game before it);
  the log is the game's whole log up to the step (scrolled with the mouse wheel): a step forward
  writes its lines, a step back drops the lines after it.
"""

from __future__ import annotations

from functools import cache

from textual.binding import Binding, BindingsMap
from textual.widgets import Static

from familia_tui.core.engine import Explanation
from familia_tui.core.replay import Moment, Replay, ReplaySession
from familia_tui.tui.screens.table import TableScreen
from familia_tui.tui.widgets.choices import ChoiceBar
from familia_tui.tui.widgets.log import EventLog

ALL = -1
"""The seat chooser's "every hand face up"."""
PUBLIC = -2
"""The seat chooser's "the public view" (what a watcher sees)."""

BINDINGS = [
    Binding("left", "step(-1)", "Step", key_display="← →"),
    Binding("right", "step(1)", "Step", show=False),
    Binding("left_square_bracket", "trick(-1)", "Tricks", key_display="[ ]"),
    Binding("right_square_bracket", "trick(1)", "Tricks", show=False),
    Binding("up", "trick(-1)", "Tricks", show=False),
    Binding("down", "trick(1)", "Tricks", show=False),
    Binding("pageup", "deal(-1)", "Deals", key_display="PgUp/Dn"),
    Binding("pagedown", "deal(1)", "Deals", show=False),
    Binding("home", "go(0)", "Start", show=False),
    Binding("end", "go(-1)", "End", show=False),
    Binding("v", "seat", "View"),
    Binding("q", "close", "Close"),
    Binding("escape", "close", "Close", show=False),
]


class ReplayHands(Static):
    """Every hand face up, a line per seat (a finished game's replay)."""

    DEFAULT_CSS = """
    ReplayHands { height: auto; max-height: 6; padding: 0 1; }
    """


class ReplayMode(TableScreen):
    """What a game's table screen does in a replay: `replay_class` puts it before the game's
    screen (`ReplayMode`, the game's screen, then `TableScreen`, in that order)."""

    BINDINGS = BINDINGS

    replay: Replay
    eyes: int
    """Whose eyes the table is seen with: a seat, ALL (every hand) or PUBLIC."""
    moment: Moment

    def start_replay(self, replay: Replay, step: int = 0) -> None:
        self.replay = replay
        self.logged: int | None = None
        """The step the log was written up to (None: not yet)."""
        self.log_marks: list[int] = []
        """How many entries the log holds at each step up to `logged`."""
        seats = replay.private_seats
        self.eyes = ALL if seats is None else (seats[0] if seats else PUBLIC)
        self.moment = replay.at(step)

    # ----- what the screen shows -----

    def on_mount(self) -> None:
        self.add_class("replay")
        # (the choice row stays: with no choice, a game writes the viewer's hand there)
        self.mount(ReplayHands(id="replay-hands"), before=self.query_one(ChoiceBar))

    def advance(self, pause: float | None = None) -> None:
        """Every change of step or seat: the table at the step, its log and decision."""
        session = self.session
        assert isinstance(session, ReplaySession)
        session.show(self.moment, self.shown_seat())
        self.unfocus()
        self.redraw()
        self.write_log()
        self.show_hands()
        self.refresh_bindings()

    def redraw(self) -> None:
        """The game's table (a new theme draws it again too), then the decision under it."""
        super().redraw()
        self.explain_text(self.decision_text())

    def unfocus(self) -> None:
        """No part of the table takes the keys: a focused scrolling panel or log would take
        the arrows and PgUp/PgDn that step the replay (the mouse wheel still scrolls them)."""
        for widget in self.query("*"):
            widget.can_focus = False
        self.set_focus(None)

    def shown_seat(self) -> int | None:
        """The seat whose view the table draws: the one chosen, or with every hand the seat that
        made the decision (at the start: the seat to act)."""
        if self.eyes == PUBLIC:
            return None
        if self.eyes != ALL:
            return self.eyes
        decision = self.moment.decision
        seat = decision.seat if decision is not None else self.moment.to_act
        return seat if seat is not None else 0

    def banner_text(self) -> str:
        t, replay, moment = self.t, self.replay, self.moment
        parts = [f"[b reverse] {t('replay.title')} [/]",
                 t("replay.step", step=moment.step, steps=replay.length),
                 self.eyes_text()]
        if not replay.finished:
            parts.append(t("replay.unfinished"))
        return self.safe(" · ".join(parts))  # (· is ambiguous-width: ascii mode writes it so)

    def eyes_text(self) -> str:
        if self.eyes == ALL:
            return self.t("replay.watch_all")
        if self.eyes == PUBLIC:
            return self.t("replay.watch_public")
        return self.t("replay.watch_seat", name=self.shown_seats[self.eyes].name)

    def decision_text(self) -> str:
        """The decision that led to this step, as the log said it, and why it was allowed; in an
        unfinished game only the viewer's own decisions give their reasons (another seat's would
        tell what its hand held)."""
        t, decision = self.t, self.moment.decision
        if decision is None:
            return t("replay.at_start")
        who = self.shown_seats[decision.seat].name if decision.seat is not None else "-"
        lines = self.event_lines(decision.events)
        line = lines[0].strip() if lines else t("replay.decision", name=who,
                                                  action=self.notation_markup(decision.action))
        if not self.replay.may_see(decision.seat):
            return f"{line}  {t('replay.reason_hidden')}"
        explanation: Explanation | None = self.moment.explanation
        if explanation is not None and explanation.clauses:
            line += "\n" + self.explanation_text(explanation)
        return line

    def write_log(self) -> None:
        """The whole log up to the step: the deal's lines first, then each action's; a step
        forward adds the lines of the actions since, a step back drops the lines after it (the
        lines are never all written again: that made a step back take a third of a second)."""
        log, step = self.query_one(EventLog), self.moment.step
        if self.logged is None:
            log.max_lines = None  # every line of the game, however long
            log.reset()
            log.add(self.event_lines(self.replay.opening))
            self.logged, self.log_marks = 0, [len(log.entries)]
        if step < self.logged:
            log.keep(self.log_marks[step])
            del self.log_marks[step + 1:]
        for done in self.replay.steps[self.logged:step]:
            log.add(self.event_lines(done.events))
            self.log_marks.append(len(log.entries))
        self.logged = step

    def show_hands(self) -> None:
        """Every hand, a line per seat, when every hand is shown (a finished game)."""
        hands = self.replay.hands(self.moment) if self.eyes == ALL else None
        widget = self.query_one(ReplayHands)
        widget.display = bool(hands)
        if hands:
            widget.update("\n".join(f"{self.shown_seats[seat].name}: {self.hand_markup(cards)}"
                                    for seat, cards in sorted(hands.items())))

    def hand_markup(self, cards: list[str]) -> str:
        """A hand as the game's table draws one (else card by card)."""
        if not cards:
            return "-"
        drawn = self.hand_notation_markup(cards)
        return str(self.safe(drawn)) if drawn is not None else self.notation_markup(" ".join(cards))

    # ----- nothing is decided -----

    def may_decide(self) -> bool:
        return False

    def spare_actions(self) -> tuple[str, ...]:
        return ()  # nothing to take back, no hint: nobody decides in a replay

    def apply(self, action: object) -> None:
        self.app.bell()

    def action_leave(self) -> None:
        self.action_close()

    def action_back(self) -> None:
        self.action_close()

    def action_close(self) -> None:
        self.app.pop_screen()

    # ----- keys -----

    def go(self, step: int) -> None:
        step = max(0, min(step, self.replay.length))
        if step == self.moment.step:
            self.app.bell()
            return
        self.moment = self.replay.at(step)
        self.advance()

    def action_step(self, by: int) -> None:
        self.go(self.moment.step + by)

    def action_trick(self, by: int) -> None:
        step = self.moment.step
        self.go(self.replay.next_trick(step) if by > 0 else self.replay.previous_trick(step))

    def action_deal(self, by: int) -> None:
        step = self.moment.step
        self.go(self.replay.next_deal(step) if by > 0 else self.replay.previous_deal(step))

    def action_go(self, step: int) -> None:
        self.go(self.replay.length if step < 0 else step)

    def eyes_offered(self) -> list[int]:
        """Whose eyes the seat chooser offers: every hand, each seat, the public view; in an
        unfinished game only the seats the person at the keyboard sat in, and the public view."""
        seats = self.replay.private_seats
        if seats is None:
            return [ALL, *range(len(self.replay.record.seats)), PUBLIC]
        return [*seats, PUBLIC]

    def action_seat(self) -> None:
        """v: the next view (every hand, each seat's, the public one)."""
        choices = self.eyes_offered()
        at = choices.index(self.eyes) if self.eyes in choices else -1
        self.eyes = choices[(at + 1) % len(choices)]
        self.advance()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("choose", "cursor", "cursor_to", "pick", "find", "hint", "answer", "undo"):
            return False
        if action == "seat":
            return len(self.eyes_offered()) > 1
        if action in ("step", "trick", "deal", "go", "close", "leave", "back"):
            return True
        return super().check_action(action, parameters) or None  # the game's keys for a decision are not shown at all


@cache
def replay_class(table: type[TableScreen]) -> type[ReplayMode]:
    """The game's table screen in replay mode (its CSS found beside the game's screen). The
    replay's keys come first in the footer, before the game's own (the last trick, the scores)."""
    screen: type[ReplayMode] = type(f"Replay{table.__name__}", (ReplayMode, table),
                                    {"__module__": table.__module__})
    merged = screen._merged_bindings
    if merged is not None:
        ours = {binding.key for binding in BINDINGS}
        keys = merged.key_to_bindings
        screen._merged_bindings = BindingsMap.from_keys(
            {key: keys[key] for key in keys if key in ours} | {key: keys[key] for key in keys if key not in ours})
    return screen


def replay_screen(replay: Replay, step: int = 0) -> ReplayMode:
    """The replay of a record on its game's table, at `step`."""
    from familia_tui.core.registry import ui_part

    session = replay.session(replay.at(step))
    screen = replay_class(ui_part(replay.spec.id, "screen:TABLE"))(session)
    screen.start_replay(replay, step)
    return screen
