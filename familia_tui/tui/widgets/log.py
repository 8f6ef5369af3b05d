"""The event log: one line per event, newest at the bottom."""

from __future__ import annotations

from textual.widgets import RichLog


class EventLog(RichLog):
    """Scrolling log of what happened at the table (never says "you": hot-seat)."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(markup=True, wrap=True, max_lines=500, **kwargs)  # type: ignore[arg-type]

    def add(self, lines: list[str]) -> None:
        for line in lines:
            self.write(line)
