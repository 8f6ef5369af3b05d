"""Stepping through a record: any game, finished or not, action by action (DESIGN.md §4).

A `Replay` replays a record once and keeps, for every action, who made it, its events and
whether it ended a trick or began a deal; `at(step)` rebuilds the game after that many actions
(from the nearest kept copy of the state) with the decision that led there and its explanation.

Who may see what is decided here, not by the screens: a finished game hides nothing (every hand,
every seat's view, every decision's explanation); an unfinished one shows only what the person
at the keyboard could see at that moment (`Replay.private_seats`): the only human's own seat,
or, with several humans (hot-seat) or none, the public view alone, and a decision's explanation
only when it was made from a seat they may see.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from familia_tui.core.engine import Event, Explanation, GameSpec, GameState
from familia_tui.core.events import DEAL_SCORED, DEALT, GAME_SCORED, TRICK_WON
from familia_tui.core.record import REFUSALS, Record, RecordError, _reason
from familia_tui.core.session import Session

DEAL_BOUNDS = frozenset({DEALT, DEAL_SCORED, GAME_SCORED})
"""Events that end or begin a deal (a game of several deals scores each, or deals the next)."""
CHECKPOINT_EVERY = 64
"""Actions between two kept copies of the state (stepping back replays at most this many)."""


@dataclass(frozen=True)
class Step:
    """One action of the record, as it was made."""

    number: int
    """Its place in the record, from 1."""
    action: str
    """Its notation."""
    seat: int | None
    """The seat whose decision it was."""
    events: tuple[Event, ...]
    """What it did (the log's lines)."""

    @property
    def trick_end(self) -> bool:
        return any(event.kind == TRICK_WON for event in self.events)

    @property
    def deal_bound(self) -> bool:
        """Whether a deal was scored or dealt by it (a deal's bound, for stepping by deal)."""
        return any(event.kind in DEAL_BOUNDS for event in self.events)


@dataclass(frozen=True)
class Moment:
    """The game after `step` actions: the state (a copy the caller may keep), the decision that
    led there and why it was allowed."""

    step: int
    state: GameState
    decision: Step | None
    """The last action applied (None at the start)."""
    explanation: Explanation | None
    """`explain()` of that action, asked of the state before it."""

    @property
    def to_act(self) -> int | None:
        """The seat to act next."""
        return self.state.to_act


class Replay:
    """A record stepped through (see the module docstring)."""

    def __init__(self, record: Record, source: str = "record") -> None:
        from familia_tui.core.registry import get_game

        self.record = record
        self.spec: GameSpec = get_game(record.game)
        self.source = source
        state, opening = self._start()
        self.opening: tuple[Event, ...] = opening
        """The events of the deal before the first action."""
        self.steps: list[Step] = []
        self._kept: dict[int, GameState] = {0: state.clone()}
        for number, text in enumerate(record.actions, start=1):
            seat = state.to_act
            events = self._apply(state, number, text)
            self.steps.append(Step(number, text, seat, tuple(events)))
            if number % CHECKPOINT_EVERY == 0:
                self._kept[number] = state.clone()
        self.finished: bool = state.is_over
        """Whether the game is over (then nothing is private)."""

    def _start(self) -> tuple[GameState, tuple[Event, ...]]:
        try:
            state = self.record.start()
        except REFUSALS as error:
            raise RecordError(f"{self.source}: the game cannot be set up from this record ({_reason(error)}). "
                              "The file was left untouched.", "setup", self.source, untouched=True,
                              reason=_reason(error)) from None
        return state, tuple(getattr(state, "events", ()))

    def _apply(self, state: GameState, number: int, text: str) -> list[Event]:
        try:
            return state.apply(self.spec.parse_action(text))
        except REFUSALS as error:
            raise RecordError(f"{self.source}: action {number} ({text!r}) cannot be replayed: "
                              f"{_reason(error)}. The file was left untouched.", "action", self.source,
                              untouched=True, number=number, action=text, reason=_reason(error)) from None

    # ----- where the steps are -----

    @property
    def length(self) -> int:
        """How many actions the record holds (the last step)."""
        return len(self.steps)

    def next_trick(self, step: int) -> int:
        """The first step after `step` that ends a trick or begins a deal (else the last)."""
        return next((s.number for s in self.steps[step:] if s.trick_end or s.deal_bound), self.length)

    def previous_trick(self, step: int) -> int:
        """The last step before `step` that ends a trick or begins a deal (else the start)."""
        return next((s.number for s in reversed(self.steps[:max(step - 1, 0)])
                     if s.trick_end or s.deal_bound), 0)

    def next_deal(self, step: int) -> int:
        """The first step after `step` that begins a deal (else the last)."""
        return next((s.number for s in self.steps[step:] if s.deal_bound), self.length)

    def previous_deal(self, step: int) -> int:
        """The last step before `step` that begins a deal (else the start)."""
        return next((s.number for s in reversed(self.steps[:max(step - 1, 0)]) if s.deal_bound), 0)

    def deal_number(self, step: int) -> int:
        """Which deal the game is in after `step` actions, from 1."""
        dealt = sum(1 for e in self.events_until(step) if e.kind == DEALT)
        return max(dealt, 1)

    def events_until(self, step: int, since: int | None = None) -> list[Event]:
        """Every event up to `step`, the deal's first (the log at that step); with `since`, only
        those of the actions after that step."""
        events = list(self.opening) if since is None else []
        for s in self.steps[since or 0:step]:
            events.extend(s.events)
        return events

    # ----- the game at a step -----

    def at(self, step: int) -> Moment:
        """The game after `step` actions (clamped to the record)."""
        step = max(0, min(step, self.length))
        base = max(n for n in self._kept if n <= max(step - 1, 0))
        state = self._kept[base].clone()
        for s in self.steps[base:step - 1] if step else ():
            state.apply(self.spec.parse_action(s.action))
        if step == 0:
            return Moment(0, state, None, None)
        decision = self.steps[step - 1]
        action = self.spec.parse_action(decision.action)
        explanation = state.explain(action)
        state.apply(action)
        return Moment(step, state, decision, explanation)

    # ----- who may see what -----

    @property
    def private_seats(self) -> tuple[int, ...] | None:
        """The seats whose private view may be shown: None for every seat (a finished game); for
        an unfinished one the only human's seats (a person may hold several), else none."""
        if self.finished:
            return None
        humans = list(dict.fromkeys(s.person for s in self.record.seats if s.is_human))
        if len(humans) != 1:
            return ()
        return tuple(i for i, s in enumerate(self.record.seats) if s.person == humans[0])

    def may_see(self, seat: int | None) -> bool:
        """Whether `seat`'s private view (its hand, its decisions' reasons) may be shown."""
        seats = self.private_seats
        return seats is None or (seat is not None and seat in seats)

    def hands(self, moment: Moment) -> dict[int, list[str]] | None:
        """Every seat's hand in plain notation at a moment, when the game is finished (and the
        game says them)."""
        query = self.spec.queries.get("hands")
        if not self.finished or query is None:
            return None
        hands: dict[int, list[str]] = query(moment.state)
        return hands

    def session(self, moment: Moment) -> ReplaySession:
        """A session at a moment of the replay, for a table screen to draw (never saved)."""
        session = ReplaySession(self.spec, self.record, moment.state)
        session.show(moment)
        return session


@dataclass
class ReplaySession(Session):
    """A table screen's session at one step of a replay: no file, no bot, nobody to decide;
    its viewer is the seat chosen to watch (`shown`)."""

    shown: int | None = None
    """The seat whose view the table draws (None: the public view)."""
    full_record: Record | None = None

    def show(self, moment: Moment, seat: int | None = None) -> None:
        """The table at `moment`, seen from `seat` (None: the public view)."""
        full = self.full_record = self.full_record or self.record
        self.state = moment.state
        self.record = replace(full, actions=full.actions[:moment.step])
        self.shown = seat

    def viewer_seat(self) -> int | None:
        return self.shown

    def viewer(self) -> str | None:
        return None if self.shown is None else self.seats[self.shown].person

    def viewers(self) -> tuple[str, ...]:
        person = self.viewer()
        return () if person is None else (person,)

    def handoff_due(self) -> tuple[str, ...] | None:
        return None

    def is_human_turn(self) -> bool:
        return False  # nobody decides in a replay

    def apply(self, action: Any, standing: bool = False) -> list[Event]:
        raise RuntimeError("a replay plays no action")

    def bot_action(self) -> Any:
        raise RuntimeError("no bot plays in a replay")

    def save(self) -> None:
        return None
