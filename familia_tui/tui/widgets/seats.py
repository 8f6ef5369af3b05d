"""Seat editing widgets of the setup screen: a one-line value cycler and a seat row."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Input, Label, Static

from familia_tui.core.engine import Seat, SeatField

SeatValues = dict[str, str | None]
"""What a seat row holds: name, controller, team, player and the game's seat fields by their
names (raw, as typed)."""


class Cycle(Static, can_focus=True):
    """A choice among a few values in one line: Space, ← → or a click step through them.

    Lighter than a Select (a dozen of them open with every table) and needs no drop-down.
    """

    BINDINGS = [
        Binding("right,space", "step(1)", "Change", show=False),
        Binding("left", "step(-1)", "Change", show=False),
    ]

    @dataclass
    class Changed(Message):
        """The player chose another value."""

        cycle: Cycle
        value: str | None

    def __init__(self, choices: Sequence[tuple[str, str]], value: str | None, *, blank: str | None = None,
                 arrows: tuple[str, str] = ("<", ">"), id: str | None = None, classes: str = "") -> None:
        super().__init__(id=id, classes=f"cycle {classes}")
        self.choices: list[tuple[str, str | None]] = [(blank, None)] if blank is not None else []
        self.choices += choices
        self.arrows = arrows
        self.position = 0
        self.select(value)

    @property
    def value(self) -> str | None:
        return self.choices[self.position][1]

    def select(self, value: str | None) -> None:
        """Show `value` (the first choice when it is not one of them)."""
        values = [v for _, v in self.choices]
        self.position = values.index(value) if value in values else 0
        if self.is_mounted:
            self.refresh()

    def render(self) -> Text:
        left, right = self.arrows
        label = Text(self.choices[self.position][0])
        label.truncate(max(1, self.size.width - 4), overflow="ellipsis")
        label.pad_right(max(0, self.size.width - 4 - label.cell_len))
        return Text.assemble((left + " ", "dim"), label, (" " + right, "dim"))

    def action_step(self, step: int) -> None:
        self.position = (self.position + step) % len(self.choices)
        self.refresh()
        self.post_message(self.Changed(self, self.value))

    def on_click(self) -> None:
        self.focus()
        self.action_step(1)


@dataclass(frozen=True)
class Columns:
    """Which seat columns the chosen preset's table has."""

    player: bool
    team: bool = True
    fields: tuple[SeatField, ...] = ()
    """The game's seat fields that the preset's options use (`SeatField.used`), in declaration
    order; per-team fields are drawn after the team column, the others before it."""

    def order(self) -> list[str | SeatField]:
        """The columns after the seat number and name: `player`, `controller`, `team` and the
        seat fields."""
        own = [f for f in self.fields if not f.per_team]
        team = [f for f in self.fields if f.per_team]
        return [*(["player"] if self.player else []), "controller", *own,
                *(["team"] if self.team else []), *team]


CellT = TypeVar("CellT", bound=Widget)


def field_column(widget: CellT, field: SeatField, last: bool) -> CellT:
    """Size a seat field's cell (or its header) as the field declares it."""
    widget.styles.width = field.width
    widget.styles.margin = (0, 0 if last else 1, 0, 0)
    return widget


class SeatRow(Horizontal):
    """One seat: name, player (2-player Familia), who plays it, the game's seat fields, team."""

    def __init__(self, index: int, default: Seat, seat: Seat, columns: Columns,
                 choices: Mapping[str, list[tuple[str, str]]], arrows: tuple[str, str]) -> None:
        super().__init__(classes="seat-row")
        self.index, self.columns, self.choices, self.arrows = index, columns, choices, arrows
        self.default = default
        """The preset's seat (what the player has edited is what differs from it)."""
        self.seat = seat
        """The seat as first shown."""

    def compose(self) -> ComposeResult:
        i, seat, arrows = self.index, self.seat, self.arrows
        yield Label(f"{i + 1}.", classes="seat-number")
        yield Input(seat.name, id=f"seat-name-{i}", classes="seat-name", compact=True)
        order = self.columns.order()
        for number, column in enumerate(order):
            if column == "player":
                yield Input(seat.player or "", id=f"seat-player-{i}", classes="seat-player", compact=True)
            elif column == "controller":
                yield Cycle(self.choices["controller"], seat.controller, arrows=arrows,
                            id=f"seat-controller-{i}", classes="seat-controller")
            elif column == "team":
                yield Input(seat.team or "", id=f"seat-team-{i}", classes="seat-team", compact=True)
            elif isinstance(column, SeatField):
                value = seat.field(column.name)
                blank = "—" if value is None or not column.required else None
                cycle = Cycle(self.choices[column.name], value, blank=blank, arrows=arrows,
                              id=f"seat-{column.name}-{i}", classes=f"seat-field seat-{column.name}")
                yield field_column(cycle, column, last=number == len(order) - 1)

    def show(self, default: Seat, seat: Seat) -> None:
        """Show another seat in the same columns (a preset change that keeps the table's shape)."""
        self.default, self.seat = default, seat
        values = [("name", seat.name), ("player", seat.player), ("controller", seat.controller),
                  ("team", seat.team), *((f.name, seat.field(f.name)) for f in self.columns.fields)]
        for kind, value in values:
            for widget in self.query(f"#seat-{kind}-{self.index}"):
                if isinstance(widget, Input):
                    widget.value = value or ""
                elif isinstance(widget, Cycle):
                    widget.select(value)

    def values(self) -> SeatValues:
        """The seat as typed (not yet checked); fields the table has no column for keep the preset's."""
        def typed(kind: str, default: str | None) -> str | None:
            found = self.query(f"#seat-{kind}-{self.index}")
            return found.first().value if found else default  # type: ignore[attr-defined]

        default = self.default
        values: SeatValues = {
            "name": typed("name", ""), "controller": typed("controller", "human"),
            "team": typed("team", default.team), "player": typed("player", default.player) or None}
        fields = {name for name, _ in default.fields} | {f.name for f in self.columns.fields}
        values.update((name, typed(name, default.field(name))) for name in sorted(fields))
        return values
