"""A row of choices (the cards of a hand, the two face piles, the suits for a led Joker).

The game screen gives the choices (markup, enabled) and keeps the cursor; the bar draws them and
reports clicks with `ChoiceBar.Picked`. Enabled choices are bright, the others dimmed.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.containers import HorizontalScroll
from textual.events import Click
from textual.message import Message
from textual.widgets import Static


@dataclass(frozen=True)
class Choice:
    label: str
    """Rich markup shown on the chip."""
    enabled: bool
    value: object
    marked: bool = False
    """Ticked (Daifugō cards, a poignée's trumps, a called ウノ): drawn highlighted, with a `*`."""


class Chip(Static):
    """One choice; click to pick it."""

    def __init__(self, index: int, choice: Choice, selected: bool) -> None:
        classes = ("chip" + ("" if choice.enabled else " -disabled") + (" -selected" if selected else "")
                   + (" -marked" if choice.marked else ""))
        number = f"{index + 1}" if index < 9 else " "
        tick = "*" if choice.marked else ""  # ticked: a mark, not only a colour (ASCII in every mode)
        super().__init__(f"[dim]{number}[/] {choice.label}{tick}", classes=classes)
        self.index = index

    def on_click(self, event: Click) -> None:
        event.stop()
        self.post_message(ChoiceBar.Picked(self.index))


class ChoiceBar(HorizontalScroll):
    """The choices of the current decision, with a cursor."""

    class Picked(Message):
        """A choice was clicked."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def select(self, cursor: int) -> None:
        """Move the cursor without rebuilding the chips (a key press must redraw fast)."""
        for chip in self.query(Chip):
            chip.set_class(chip.index == cursor, "-selected")
        chips = list(self.query(Chip))
        if 0 <= cursor < len(chips):
            self.scroll_to_widget(chips[cursor], animate=False)

    def show(self, choices: list[Choice], cursor: int | None, note: str = "") -> None:
        """Redraw with these choices; `note` replaces them when there are none."""
        self.remove_children()
        if not choices:
            self.mount(Static(note, classes="choices-note"))
            return
        self.mount_all([Chip(i, c, i == cursor) for i, c in enumerate(choices)])
