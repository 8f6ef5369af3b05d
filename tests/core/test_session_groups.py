"""Decisions by a group (issue 11, item 4; DESIGN.md §2, §7): a state may say that its current
decision belongs to several seats (`deciders`, a team-private step). The hot-seat session then
curtains the table for the team's people together, lets only them see the decision while it is
passed among them, and curtains again before anything private of anyone else is shown.

The states here are minimal fakes: a script of (seat to act, deciders) steps."""

from __future__ import annotations

from dataclasses import dataclass, field

from pydantic import BaseModel

from familia_tui.core.engine import Event, Seat, deciders
from familia_tui.core.record import Record
from familia_tui.core.session import Session

Step = tuple[int, tuple[int, ...] | None]
"""(the seat to act, the seats who may see the decision; None: the acting seat alone)."""


@dataclass
class ScriptState:
    """A game that is nothing but a list of decisions; any action moves to the next one."""

    seats: tuple[Seat, ...]
    script: list[Step]
    step: int = 0
    phase: str = "play"
    applied: list[str] = field(default_factory=list)

    @property
    def to_act(self) -> int | None:
        return self.script[self.step][0] if self.step < len(self.script) else None

    @property
    def deciders(self) -> tuple[int, ...] | None:
        return self.script[self.step][1] if self.step < len(self.script) else None

    @property
    def is_over(self) -> bool:
        return self.to_act is None

    def legal_actions(self) -> list[str]:
        return ["go"]

    def apply(self, action: str) -> list[Event]:
        self.applied.append(action)
        self.step += 1
        return []

    def view(self, seat: int) -> int:
        return seat


class NoOptions(BaseModel):
    """The fake game's options: none."""


class PlainState(ScriptState):
    """A state with no team-private step now (`deciders` None, as if it had none)."""

    deciders = None  # type: ignore[assignment]


def table(controllers: str, script: list[Step]) -> Session:
    """Aki and Cho are team A, Ben and Dan team B; `controllers` "hhhb": h human, b bot."""
    names, teams = ("Aki", "Ben", "Cho", "Dan"), ("A", "B", "A", "B")
    seats = tuple(Seat(name=n, team=t, controller="human" if c == "h" else "bot:basic")
                  for n, t, c in zip(names, teams, controllers, strict=True))
    state = ScriptState(seats, script)
    return Session(spec=None, record=Record("script", NoOptions(), seats, 0), state=state)  # type: ignore[arg-type]


TEAM_A = (0, 2)


def test_a_state_without_deciders_is_decided_by_its_acting_seat_alone() -> None:
    seats = (Seat(name="Aki"), Seat(name="Ben"))
    assert deciders(PlainState(seats, [(1, None)])) == (1,)
    assert deciders(ScriptState(seats, [(0, (0, 1))])) == (0, 1)
    assert deciders(ScriptState(seats, [])) == ()  # over: nobody


def test_a_team_private_decision_is_curtained_for_the_team_together_and_after_for_anyone_else() -> None:
    session = table("hhhh", [(0, None), (0, TEAM_A), (2, TEAM_A), (2, None), (1, None)])
    assert session.handoff_due() == ("Aki",)
    session.confirm("Aki")
    session.apply("go")

    # the team's step: a curtain naming both members; nothing private before they confirm
    assert session.audience() == ("Aki", "Cho") and session.handoff_due() == ("Aki", "Cho")
    assert session.viewer() is None and session.viewers() == () and session.viewer_seat() is None
    session.confirm("Aki", "Cho")
    assert session.handoff_due() is None and session.viewers() == ("Aki", "Cho")
    assert session.viewer() == "Aki" and session.viewer_seat() == 0
    session.apply("go")

    # passed among the members: no curtain, the screen shows the acting member's view
    assert session.to_act == 2 and session.handoff_due() is None
    assert session.viewer_seat() == 2 and session.viewers() == ("Aki", "Cho")
    session.apply("go")

    # after the team's step, Cho alone: Aki may still be looking, so the curtain comes first
    assert session.confirmed == ("Aki", "Cho")
    assert session.handoff_due() == ("Cho",) and session.viewer() is None and session.viewers() == ()
    session.confirm("Cho")
    assert session.viewers() == ("Cho",)
    session.apply("go")
    assert session.handoff_due() == ("Ben",)


def test_a_team_step_comes_after_a_members_own_decision_only_behind_a_curtain() -> None:
    session = table("hhhh", [(2, None), (2, TEAM_A)])
    session.confirm("Cho")
    session.apply("go")
    assert session.handoff_due() == ("Aki", "Cho") and session.viewers() == ()


def test_a_team_step_names_only_the_human_members() -> None:
    session = table("hhhb", [(1, (1, 3))])
    assert session.audience() == ("Ben",) and session.handoff_due() == ("Ben",)


def test_with_one_human_a_team_step_needs_no_curtain() -> None:
    session = table("hbhb", [(0, TEAM_A), (1, (1, 3))])
    session_one = table("hbbb", [(0, TEAM_A), (1, (1, 3))])
    assert session.handoff_due() == ("Aki", "Cho")  # two humans: the curtain names them both
    assert session_one.handoff_due() is None and session_one.viewers() == ("Aki",)
    session_one.apply("go")
    assert session_one.viewer() == "Aki" and not session_one.is_human_turn()  # the bots' own step
