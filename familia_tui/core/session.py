"""A game at the table: the record, the state, its save file, bots and whose eyes are on the screen.

The session is what a game screen drives; it knows no Textual. It decides the hot-seat rules:

- the **audience** of a decision is the people it belongs to: the acting seat's person, or, for
  a team-private step (the state's `deciders`, see `core/engine.py`), every deciding seat's
  person, in seat order.
- the **viewer** is the person whose private cards the screen may show. With one human at the
  table that person is always the viewer. With several humans the viewer is the person making
  the current decision, and nobody in between (bots' turns and handoffs show no hand). During a
  team-private step the screen shows the acting seat's view (which the engine limits to what
  the whole team may know) to the whole audience (`viewers()`).
- a **handoff** is due when the next decision's audience differs from the people who confirmed
  the last curtain or made the last decision (DESIGN.md §7): the screen covers everything until
  they confirm. A team-private step is curtained for the team's members together (a curtain
  naming them all); after it, the next decision of anyone else (a member alone included) is
  curtained again before anything private is shown.
- every applied action is appended to the record and saved atomically into the game's own file
  (`core/saves.py`), whose lock the session holds until `close()`.
- **undo** takes moves back (`undo_point()`, `undo()`): with one human, back to that person's
  previous decision, the bots' moves after it too (they are chosen again from the same seeded
  draw, so undoing cannot fish for another bot move); with several humans, only the last
  decision's people may take it back, and only until someone else confirms a curtain. The
  record counts the undos.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from familia_tui.core.bots import Bot
from familia_tui.core.engine import Event, Explanation, GameSpec, GameState, Seat, deciders
from familia_tui.core.record import Record, RecordError, save_record
from familia_tui.core.saves import GameLock


class Table:
    """What a screen may see of a game in progress: views (a seat's, or the public one), the
    legal actions and their explanations, whose decision it is, the result; never the state.
    Screens get it from `Session.table` (tests/test_layering.py checks that no screen reads
    `session.state`)."""

    __slots__ = ("_scratch", "_state")

    def __init__(self, state: GameState, scratch: bool = False) -> None:
        self._state = state
        self._scratch = scratch
        """A copy made by `after()`: later `after()`s move it on in place."""

    @property
    def phase(self) -> Any:
        return self._state.phase

    @property
    def to_act(self) -> int | None:
        return self._state.to_act

    @property
    def deciders(self) -> tuple[int, ...]:
        """The seats who may see the current decision (`core.engine.deciders`)."""
        return deciders(self._state)

    @property
    def is_over(self) -> bool:
        return self._state.is_over

    def legal_actions(self) -> Sequence[Any]:
        return self._state.legal_actions()

    def explain(self, action: Any) -> Explanation:
        return self._state.explain(action)

    def view(self, seat: int) -> Any:
        """What `seat` may know."""
        return self._state.view(seat)

    def public_view(self) -> Any:
        """What a watcher, or a hot-seat curtain, may show."""
        return self._state.public_view()

    def result(self) -> Any:
        return self._state.result()

    @property
    def events(self) -> list[Event]:
        """The events of the last action (at the start: of the deal), as the log shows them."""
        events: list[Event] = getattr(self._state, "events", [])
        return events

    def after(self, actions: Sequence[Any]) -> Table | None:
        """The table as it would be after these actions of the player to act (a multi-step
        choice tried out: Tarot's écart), or None when one of them would not be legal then.
        The game's table is copied once; a table `after()` returned is that copy, and is moved
        on in place (one clone per try, however many steps it takes)."""
        state = self._state if self._scratch else self._state.clone()
        for action in actions:
            if action not in state.legal_actions():
                return None
            state.apply(action)
        return Table(state, scratch=True)


@dataclass
class Session:
    """One game in progress: replayed from its record, saved after every action."""

    spec: GameSpec
    record: Record
    state: GameState
    save_path: Path | None = None
    """The game's own save file (None: never saved, as a practice puzzle)."""
    bots: dict[int, Bot] = field(default_factory=dict)
    confirmed: tuple[str, ...] = ()
    """The people who last confirmed a handoff (or made a decision) together: one person, or
    the members of a team after a team-private step."""
    save_error: RecordError | None = None
    """Set when the last save failed (the game goes on from memory; the screen says so, in its
    language: `save_error.reason(lang)`)."""
    last_events: list[Event] = field(default_factory=list)
    """The events of the last action replayed when the session was opened (a finished game's
    screen shows its results from them)."""
    replayed_events: list[Event] = field(default_factory=list)
    """Every event of the record replayed when the session was opened, the deal's first (a
    resumed game's log of the game so far: `history_events()`)."""
    lock: GameLock | None = None
    deciding: list[tuple[int, ...]] = field(default_factory=list)
    """The seats that made each action of the record (the acting seat, or a team); () for a
    standing action, which nobody decided there and then."""
    standing: set[int] = field(default_factory=set)
    """The actions of the record (by number) applied as standing orders (`apply(standing=True)`),
    remembered while the session is open so that undo skips them after a replay too."""
    saved: Callable[[Path, Record, GameState], None] | None = None
    """Told of each save written (the save folder keeps the game's summary beside it)."""

    @classmethod
    def open(cls, record: Record, save_path: Path | None = None, lock: GameLock | None = None) -> Session:
        """Replay a record into a playable session (RecordError when it cannot be replayed)."""
        from familia_tui.core.registry import get_game

        spec = get_game(record.game)
        replayed: list[Event] = []
        deciding: list[tuple[int, ...]] = []
        state, events = record.replay_with_events(source=str(save_path or "record"), history=replayed,
                                                  deciding=deciding)
        bots = {i: spec.make_bot(s.controller.removeprefix("bot:"))
                for i, s in enumerate(record.seats) if not s.is_human}
        return cls(spec, record, state, save_path, bots, last_events=events, replayed_events=replayed,
                   lock=lock, deciding=deciding)

    def history_events(self) -> list[Event]:
        """Every event of the game up to when the session was opened (the log of a resumed
        game), kept from the one replay of its record: replaying it again to find them made
        every resume replay the whole record twice."""
        return list(self.replayed_events)

    @property
    def table(self) -> Table:
        """What the screen may see of the game (views, legal actions, explanations)."""
        return Table(self.state)

    @property
    def seats(self) -> tuple[Seat, ...]:
        return self.record.seats

    @property
    def humans(self) -> list[str]:
        """The people at the table, in seat order."""
        return list(dict.fromkeys(s.person for s in self.seats if s.is_human))

    @property
    def to_act(self) -> int | None:
        return self.state.to_act

    def is_human_turn(self) -> bool:
        seat = self.to_act
        return seat is not None and self.seats[seat].is_human

    def deciders(self) -> tuple[int, ...]:
        """The seats who may see the current decision (`core.engine.deciders`)."""
        return deciders(self.state)

    def audience(self) -> tuple[str, ...]:
        """The people the current decision belongs to, in seat order: the acting seat's person,
        or every deciding human's person for a team-private step; () when nobody is to act."""
        seats = self.seats
        return tuple(dict.fromkeys(seats[i].person for i in self.deciders() if seats[i].is_human))

    def handoff_due(self) -> tuple[str, ...] | None:
        """The people to hand the keyboard to (one person, or a team together), or None when no
        curtain is needed."""
        if not self.is_human_turn() or len(self.humans) < 2:
            return None
        people = self.audience()
        return None if people == self.confirmed else people

    def confirm(self, *people: str) -> None:
        """The people now at the keyboard (one, or a team together) confirmed the handoff."""
        self.confirmed = people

    def viewer(self) -> str | None:
        """Whose private cards may be on screen now (see the module docstring)."""
        humans = self.humans
        if len(humans) == 1:
            return humans[0]
        seat = self.to_act
        if seat is not None and self.seats[seat].is_human and self.handoff_due() is None:
            return self.seats[seat].person  # the human to act, once the keyboard is theirs
        return None

    def viewers(self) -> tuple[str, ...]:
        """Everyone who may be looking at the screen now: the one human at the table, or the
        audience of the current decision once it has confirmed; () between decisions."""
        humans = self.humans
        if len(humans) == 1:
            return (humans[0],)
        return self.audience() if self.is_human_turn() and self.handoff_due() is None else ()

    def viewer_seat(self) -> int | None:
        """The seat whose hand the screen shows: the acting seat of the viewer, else theirs."""
        person = self.viewer()
        if person is None:
            return None
        if self.to_act is not None and self.seats[self.to_act].person == person:
            return self.to_act
        return next(i for i, s in enumerate(self.seats) if s.person == person)

    def apply(self, action: Any, standing: bool = False) -> list[Event]:
        """Apply an action (IllegalAction propagates), record it and save it.

        `standing`: the action a player ordered in advance (the six-suit "no rebuild until my
        deck runs out"), applied for them while someone else may hold the keyboard: it shows
        nothing, confirms nobody, so the curtains stay as they were, and is nobody's decision
        to take back (undo goes back past it to the player's last real decision)."""
        seat, audience, deciding = self.to_act, self.audience(), self.deciders()
        events = self.state.apply(action)
        if standing:
            self.standing.add(len(self.deciding))
        self.deciding.append(() if standing else deciding)
        self.record = self.record.with_action(action)
        if seat is not None and self.seats[seat].is_human and not standing:
            self.confirmed = audience
        self.save()
        return events

    def people_of(self, seats: Sequence[int]) -> tuple[str, ...]:
        """The people of these seats who are human, in seat order."""
        return tuple(dict.fromkeys(self.seats[i].person for i in seats if self.seats[i].is_human))

    def undo_point(self) -> int | None:
        """How many actions stay when the last human decision that may be taken back is undone
        (see the module docstring), or None when none may be: no human decided yet, the game is
        over, or (with several humans) someone else has taken the keyboard since."""
        if self.state.is_over:
            return None
        last = next((i for i in range(len(self.deciding) - 1, -1, -1) if self.people_of(self.deciding[i])),
                    None)
        if last is None:
            return None
        if len(self.humans) > 1 and self.people_of(self.deciding[last]) != self.confirmed:
            return None
        return last

    def undo(self, hand_back: bool = False) -> tuple[str, ...]:
        """Take back to the last human decision that may be taken back (`undo_point()` must not
        be None); returns the people whose decision it is again. `hand_back`: the keyboard may
        be elsewhere (the next person's curtain was up), so their curtain comes first."""
        keep = self.undo_point()
        assert keep is not None, "nothing may be taken back"
        people = self.people_of(self.deciding[keep])
        record = self.record.taken_back(keep)
        replayed: list[Event] = []
        deciding: list[tuple[int, ...]] = []
        self.state, self.last_events = record.replay_with_events(history=replayed, deciding=deciding)
        self.standing = {i for i in self.standing if i < keep}
        for i in self.standing:
            deciding[i] = ()
        self.record, self.replayed_events, self.deciding = record, replayed, deciding
        self.confirmed = () if hand_back else people
        self.save()
        return people

    def bot_action(self) -> Any:
        """The action the bot to act chooses, from its seat's view only."""
        return self.bot_question()()

    def bot_question(self) -> Callable[[], Any]:
        """The bot to act's decision, to be taken now or away from the screen's thread: it holds
        the seat's view, the legal actions and the bot's generator (seeded by the record, so the
        same position gives the same move), and nothing of the session that may change."""
        seat = self.to_act
        assert seat is not None and seat in self.bots, "not a bot's turn"
        return self._question(self.bots[seat], seat, "")

    def hint_question(self) -> Callable[[], Any]:
        """What the search bot (easy) would choose for the person to act, from their own view:
        the solo hint's suggestion (the game must have a search)."""
        seat = self.to_act
        assert seat is not None and self.spec.search is not None
        return self._question(self.spec.make_bot("search:easy"), seat, "hint:")

    def _question(self, bot: Bot, seat: int, salt: str) -> Callable[[], Any]:
        view, legal = self.state.view(seat), self.state.legal_actions()
        rng = random.Random(f"{salt}{self.record.seed}:{len(self.record.actions)}")
        return lambda: bot.choose(view, legal, rng)

    def bot_thinks(self) -> bool:
        """Whether the bot to act takes a while to decide (the search bot)."""
        seat = self.to_act
        return seat is not None and getattr(self.bots.get(seat), "thinks", False)

    def save(self) -> None:
        """Save the record now (errors are kept in `save_error`, never raised)."""
        if self.save_path is None:
            return
        try:
            save_record(self.record, self.save_path)
            self.save_error = None
            if self.saved is not None:
                self.saved(self.save_path, self.record, self.state)
        except RecordError as error:
            self.save_error = error
        except OSError as error:
            self.save_error = RecordError(f"{self.save_path}: cannot be written ({error})", "unwritable",
                                          self.save_path, os_error=error, error=error)

    def close(self) -> None:
        """The game left the table: let other apps open its file."""
        if self.lock is not None:
            self.lock.release()
            self.lock = None
